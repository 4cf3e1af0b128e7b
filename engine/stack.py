"""The stack (classic «стек») / Queue (heroes «Очередь») and priority: declaring an ability onto it,
passing, and resolving its top entry step by step.

Resolution of an entry follows the rules' named steps (classic 536.2, 503.1.b3; sections 511/512 are not
in the corpus: ASM resolution-steps):
    target_resolution → (defender) → rolls → apply (effect application) → payment → done
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .model import Ability, Entry, IllegalAction

if TYPE_CHECKING:
    from .game import Game

# the steps of an entry, in order (Entry.step; the canonical state shows them)
RESOLUTION_STEPS = ("declared", "target_resolution", "rolls", "apply", "payment", "done")
# the actions that go onto the stack/Queue only when a «До» ability precedes them (113.2; ASM do-held-action):
# a move, a card played — carried out as a whole when they resolve
HELD_ACTIONS = ("move", "play")


class StackAndPriority:
    """The stack/Queue and priority (a part of Game)."""

    def next_entry(self: Game) -> Entry | None:
        """The stack/Queue entry executed next: the last declared (the top: ASM stack-lifo, heroes-queue-lifo),
        or, where the edition's queue reading is "fifo" (heroes «Очередь» read as first-in-first-out), the
        first declared."""
        if not self.stack:
            return None
        fifo = self.edition.queue_reading is not None and self.readings[self.edition.queue_reading] == "fifo"
        return self.stack[0] if fifo else self.stack[-1]

    def _give_priority(self: Game, player: str) -> None:
        self.priority = player
        self.log("priority", controller=player)

    def _pass(self: Game, player: str, action: dict) -> None:
        self.log("pass", controller=player)
        self.passes += 1
        if self.passes < 2:
            self._give_priority(self.opponent(player))
            return
        self.passes = 0
        if self.stack:
            # both players passed in succession: the next entry resolves (ASM stack-lifo, heroes-queue-lifo)
            self.priority = None
            entry = self.next_entry()
            assert entry is not None
            entry.step = "target_resolution"
        else:
            self._give_priority(self.active)     # ASM empty-stack-pass

    # -------------------------------------------------------------- declaring an ability
    def _continue_declaration(self: Game) -> None:
        """Choose the declared ability's targets one by one, then put it on the stack/Queue."""
        d = self.declaring
        assert d is not None
        card = self.cards[d["card"]]
        ab = self.ability_of(card, d["ability"])
        assert ab is not None
        while len(d["chosen"]) < len(ab.targets):
            f = ab.targets[len(d["chosen"])]
            options = [o for o in self.target_options(card, f, d["player"], d["chosen"], ab)
                       if f.all or self.targets_completable(card, ab, d["player"], d["chosen"] + [o])]  # 536.3
            if f.all:
                # classic 113.2.p2: «все карты…»: every legal target at declaration, the illegal ones ignored
                d["chosen"].append(options)
                continue
            if not options:
                raise IllegalAction("no_target", f"no legal target{len(d['chosen']) + 1} for «{ab.key}»")
            self.pending = {"kind": "target", "player": d["player"], "for": ab.key, "card": card.id,
                            "index": len(d["chosen"]) + 1, "options": options}
            return
        self.declaring = None
        targets = list(d["fixed"]) + [t for c in d["chosen"] for t in (c if isinstance(c, list) else [c])]
        entry = Entry(id=self._new_id("s"), kind="ability", source=card.id, controller=d["player"], targets=targets,
                      ability=ab.key, activated=d["kind"] == "activate", subject=d.get("subject"))
        entry.data["target_groups"] = d["chosen"]
        entry.data["target_zones"] = {t: self.cards[t].zone for t in targets if t in self.cards}
        resources = ([f"close:{card.id}"] if ab.cost.close else []) + \
            ([f"counters:{card.id}:{ab.cost.counters}"] if ab.cost.counters else [])
        entry.declared = self.log("declare", source=card.id, targets=targets, controller=d["player"],
                                  parent=d.get("parent"), resources=resources, action=d["kind"], ability=ab.key,
                                  entry=entry.id, subject=d.get("subject"))
        self._start_parts(entry, ab)
        self.stack.append(entry)
        self.passes = 0                         # the declaring player keeps priority (ASM priority-after-declaration)
        self._mark_reveal([card.id] + targets)
        if entry.activated and self.edition.payment == "before":
            self._pay(entry)                      # heroes 113.3.dup2: paid before execution
        # 113.2 «До [действие]» (both editions): «До применения/выполнения особенности …» fires when the ability
        # (activated or triggered) is declared — its targets chosen, in heroes its payment made (113.3.dup2: paid
        # «до её выполнения») —, before it is executed; the trigger is declared at the next priority and goes onto
        # the stack/Queue above it, so it is executed first (ASM trigger-word-do, heroes-before-ability, stack-lifo,
        # heroes-queue-lifo)
        self.fire_before("ability_executed", entry.declared, card, form=ab.form)
        # classic 113.2 «До атаки», 113.2.p1 «когда была произведена атака нужного типа»: a shot or a throw is an
        # attack made by an ability, declared here with it: its «До атаки» («До выстрела») fires now, before the
        # ability is executed, as a simple strike's does at its declaration (ASM trigger-word-do, do-any-action)
        for kind in dict.fromkeys(e.attack for e in ab.effects if e.attack):
            self.fire_before("attack", entry.declared, card, attack=kind, cause=entry.declared)

    def _on_target(self: Game, p: dict, choice: str) -> None:
        assert self.declaring is not None
        self.declaring["chosen"].append(choice)
        self._continue_declaration()

    def _mark_reveal(self: Game, card_ids: list[str]) -> None:
        """A face-down card that acts or is targeted is revealed by a rule effect (ASM reveal-when)."""
        for cid in card_ids:
            card = self.cards.get(cid)
            if card is not None and card.face_down and self.in_play(card) and not card.reveal_due:
                card.reveal_due = True
                self.unrecorded_change()            # written by the reveal itself, a rule effect (503.1.b1)

    # -------------------------------------------------------------- resolution
    def _resolve_step(self: Game, entry: Entry) -> None:
        if entry.kind in HELD_ACTIONS:
            self._carry_out_held(entry)           # a move / card played a «До» preceded (ASM do-held-action)
            entry.step = "done"
            return
        if entry.step == "target_resolution":
            # checked once: a redirection chosen at this step moves the attack onto its card (ASM redirect)
            if not entry.data.get("redirect_asked") and not self._targets_legal(entry):
                part = {"part": entry.data["part_key"]} if entry.data.get("parts") else {}
                self.log("fizzle", source=entry.source, targets=entry.targets, parent=entry.declared, **part)
                entry.step = self._after_fizzle(entry)
                return
            if entry.kind == "attack" and not entry.generated:
                # classic 536.2.b: a redirection and a defender are declared here, for an action that is not a
                # generated one; the redirection first, then a defender of the card now attacked (ASM redirect)
                target = self.cards[entry.targets[0]]
                if not entry.data.get("redirect_asked"):
                    entry.data["redirect_asked"] = True
                    options = self._redirect_options(entry)
                    if options:
                        self.pending = {"kind": "redirect", "player": self.controller(target), "for": entry.id,
                                        "options": [None] + options}
                        return
                options = self._defender_options(entry)
                if options:
                    self.pending = {"kind": "defender", "player": self.controller(target), "for": entry.id,
                                    "options": [None] + options}
                    return
            entry.step = "rolls" if entry.kind == "attack" or self._needs_roll(entry) else "apply"
        elif entry.step == "rolls" and entry.kind == "ability":
            if "effect" not in entry.data.setdefault("rolls", {}):
                self._ask_roll(entry.controller, "effect", entry)
            else:
                entry.step = "apply"
        elif entry.step == "rolls":
            rolls = entry.data.setdefault("rolls", {})
            target = self.cards[entry.targets[0]]
            if "attacker" not in rolls:
                self._ask_roll(entry.controller, "attacker", entry)
            elif not target.closed and not entry.data.get("as_closed") and "defender" not in rolls:
                self._ask_roll(self.controller(target), "defender", entry)
            elif not self._ask_exchange(entry):      # ASM exchange-choice: a choice only under weaker-allowed
                entry.step = "apply"
        elif entry.step == "apply":
            if entry.kind == "attack":
                self._apply_simple_strike(entry)
            elif not self._apply_ability(entry):
                return                    # a generated action is on top of the stack now (536.2.a)
            entry.step = "payment"
        elif entry.step == "payment":
            parts = entry.data.get("parts")
            if parts and entry.data["part"] + 1 < len(parts):
                # a compound ability: its next part, from its own target resolution step (classic 536.2.b);
                # the payment comes after the last part
                entry.data["part"] += 1
                self._enter_part(entry)
                entry.step = "target_resolution"
                return
            self._payment(entry)
            entry.step = "done"

    def _after_fizzle(self: Game, entry: Entry) -> str:
        """The step after an entry's targets were found illegal at its target resolution step. An ability, an
        attack: none, it is not carried out and not paid ("done"). A part of a compound ability (ASM
        compound-ability): that part is not carried out, and the next part follows from its own target
        resolution step; after the last part, the compound is paid when the battle history records some part
        of it carried out (it was executed, 503.1.b3), and ends unpaid when none was. (Nobody can answer a compound before it resolves
        — an activation needs an empty stack, and no classic trigger fires on a declaration — so today its first
        part always keeps its targets, and a later part loses them to what an earlier part did.)"""
        parts = entry.data.get("parts")
        if not parts:
            return "done"
        if entry.data["part"] + 1 < len(parts):
            entry.data["part"] += 1
            self._enter_part(entry)
            return "target_resolution"
        executed = any(h["kind"] == "executed" and h["parent"] == entry.declared for h in self.history)
        return "payment" if executed else "done"

    def _start_parts(self: Game, entry: Entry, ab: Ability) -> None:
        """A compound ability (составная способность): its declared targets are split among its parts, which are
        executed one after another, each from its own target resolution step (classic 536.2.b; ASM
        compound-ability); the entry carries the current part's key and targets."""
        if not ab.parts:
            return
        card, groups, split = self.cards[entry.source], entry.data.get("target_groups", []), []
        for key in ab.parts:
            part = card.definition.ability(key)
            n = len(part.targets) if part else 0
            split.append(groups[:n])
            groups = groups[n:]
        entry.data["parts"] = [[key, g] for key, g in zip(ab.parts, split, strict=True)]
        entry.data["part"] = 0
        self._enter_part(entry)

    def _enter_part(self: Game, entry: Entry) -> None:
        key, groups = entry.data["parts"][entry.data["part"]]
        entry.data["part_key"] = key
        entry.data["target_groups"] = groups
        for done in ("effect_index", "rolls", "target_lost"):     # what the previous part used up
            entry.data.pop(done, None)
        entry.targets = [t for g in groups for t in (g if isinstance(g, list) else [g])]

    def _needs_roll(self: Game, entry: Entry) -> bool:
        ab = self.cards[entry.source].definition.ability(entry.data.get("part_key") or entry.ability or "")
        return ab is not None and any(e.do == "wound_roll" for e in ab.effects)

    def _ask_roll(self: Game, player: str, role: str, entry: Entry) -> None:
        self.pending = {"kind": "roll", "player": player, "role": role, "for": entry.id,
                        "options": [1, 2, 3, 4, 5, 6]}

    def _on_roll(self: Game, p: dict, value: int) -> None:
        entry = self.next_entry()
        assert entry is not None
        entry.data.setdefault("rolls", {})[p["role"]] = value
        self.log("roll", controller=p["player"], parent=entry.declared, role=p["role"], value=value)

    def _targets_legal(self: Game, entry: Entry) -> bool:
        if entry.kind == "attack":
            a, t = self.cards[entry.source], self.cards[entry.targets[0]]
            return a.zone == "battlefield" and t.zone == "battlefield" and self.adjacent(a, t)
        groups = entry.data.get("target_groups", [])
        single = [t for t in entry.targets if t in self.cards and not any(isinstance(g, list) and t in g for g in groups)]
        # a chosen card is still a legal target while it stays in the zone it was chosen in
        zones = entry.data.get("target_zones", {})
        return all(self.cards[t].zone == zones.get(t, self.cards[t].zone) != "deck" for t in single)

    def _payment(self: Game, entry: Entry) -> None:
        """The payment stage. Classic 503.1.b3: paid after execution (an attack closes its attacker); then
        «После» triggers (classic 113.3) fire."""
        if entry.kind == "attack" and not entry.generated:
            attacker = self.cards[entry.source]
            hid = None
            if attacker.zone == "battlefield" and not attacker.closed:
                attacker.closed = True
                hid = self.log("payment", source=attacker.id, controller=entry.controller, parent=entry.declared,
                               closes=attacker.id)
            defender = entry.data.get("defender")
            if defender and not self.cards[defender].closed:
                self.cards[defender].closed = True          # cards.md: the defender closes afterwards
                self.log("payment", source=defender, parent=entry.declared, closes=defender)
            # classic 113.3: «После [текст]» fires after the payment of [текст], which is its parent; an attack
            # whose attacker left play before closing was not paid, and nothing fires (ASM after-needs-payment)
            if self.after_payment_made(hid):
                # «После атаки …, нанёсшей N или более ран» reads the wounds of the strike (113.2.p1 «если не указано
                # обратного», Trigger.min_amount), as «При атаке» does
                strike = self.entry_of(entry.data.get("strike"))
                self.fire("attack", hid or entry.data.get("strike", ""), attacker, attack="simple",
                          phase="after_payment", cause=entry.data.get("strike"),
                          amount=strike["info"].get("wounds", 0) if strike else 0)
        elif entry.activated:
            if not entry.data.get("paid"):
                self._pay(entry)
            source = self.cards[entry.source]
            ab = source.definition.ability(entry.ability or "")
            payment = entry.data.get("payment")
            if self.edition.after_needs_payment and self.after_payment_made(payment):
                # classic 113.3, ASM after-needs-payment: parent = payment (heroes: at the execution, effects.py)
                self.fire("ability_executed", payment or entry.declared or "", source,
                          form=ab.form if ab else None, phase="after_payment")

    def after_payment_made(self: Game, payment: str | None) -> bool:
        """Classic 113.3: «После [текст]» fires only after a payment of [текст] that was made (ASM
        after-needs-payment)."""
        return payment is not None
