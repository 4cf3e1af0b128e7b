"""The reference game: state, actions, pending decisions, resolution steps, rule effects, history.

Deterministic: dice and choices are never drawn here. Where the game needs a roll or a decision the
engine stops with a *pending decision* (kind, player, options) and waits for `answer`.

Resolution of a stack entry follows the rules' named steps (classic 536.2, 503.1.b3; sections 511/512
are not in the corpus, so their order is ASM resolution-steps):
    target_resolution → (defender) → rolls → apply (effect application) → payment → done
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from . import strike as strike_table
from .cards import Ability, CardDef, EffectSpec, Filter, parse_card
from .editions import EDITIONS, Edition

IN_PLAY = ("battlefield", "additional")       # the zones that make up a squad (отряд)
ZONES = ("battlefield", "additional", "graveyard", "deck", "hand")
STEPS = ("start", "main", "end")


class IllegalAction(Exception):
    """A request the rules do not allow now; `code` is stable (protocol error code)."""

    def __init__(self, code: str, message: str):
        self.code = code
        self.message = message
        super().__init__(f"{code}: {message}")


class SetupError(Exception):
    """A setup the engine cannot start from; `problems` are (path, message)."""

    def __init__(self, problems: list[tuple[tuple, str]]):
        self.problems = problems
        super().__init__("; ".join(f"{'.'.join(map(str, p))}: {m}" for p, m in problems))


@dataclass
class Card:
    id: str
    definition: CardDef
    owner: str
    base_controller: str
    zone: str
    cell: str | None = None
    closed: bool = False
    face_down: bool = False
    wounds: int = 0
    max_lives: int = 0
    markers: list[str] = field(default_factory=list)
    position: int = 0
    last_hit: str | None = None     # history id of the action that last wounded it


@dataclass
class Effect:
    id: str
    kind: str                       # "control" | "strike_bonus"
    source: str
    target: str
    to: str | None = None           # control: the player who gets control
    amount: int = 0                 # strike_bonus
    while_: str | None = None       # "source_in_squad"
    until_end_of_turn: int | None = None   # expires at the end of this turn number
    cause: str | None = None        # history id that created it


@dataclass
class Entry:
    """An entry of the stack (classic) / Queue (heroes)."""

    id: str
    kind: str                       # "attack" | "ability"
    source: str
    controller: str
    targets: list[str]
    ability: str | None = None
    step: str = "declared"
    data: dict[str, Any] = field(default_factory=dict)
    declared: str | None = None     # history id of its declaration
    generated: bool = False         # a generated action (classic 536)


@dataclass
class Fired:
    """A triggered ability whose condition was met and that waits to be declared (113.2)."""

    id: str
    card: str
    ability: str
    event: str                      # history id of the triggering game action (537.1.f)


class Game:
    """One game position and everything that happens from it."""

    def __init__(self, setup: dict, definitions: dict[str, dict]):
        problems: list[tuple[tuple, str]] = []
        self.edition: Edition = EDITIONS.get(setup.get("edition", ""), None)  # type: ignore[assignment]
        if self.edition is None:
            raise SetupError([(("edition",), f"expected one of: {', '.join(EDITIONS)}")])
        self.players: list[str] = list(setup.get("players", ["А", "Б"]))
        self.turn: int = int(setup.get("turn", 1))
        self.active: str = setup.get("active", self.players[0])
        self.first_player: str = setup.get("first_player", self.players[0])
        self.step: str = setup.get("step", "main")
        self.priority: str | None = None
        self.passes = 0
        self.pending: dict | None = None
        self.stack: list[Entry] = []
        self.fired: list[Fired] = []
        self.effects: list[Effect] = []
        self.history: list[dict] = []
        self.lost: list[str] = []
        self._counters: dict[str, int] = {}
        self.cards: dict[str, Card] = {}
        defs: dict[str, CardDef] = {}
        for name, raw in definitions.items():
            try:
                defs[name] = parse_card(raw)
            except Exception as exc:  # DefinitionError
                problems.append((("definitions", name), str(exc)))
        for i, c in enumerate(setup.get("cards", [])):
            d = defs.get(c.get("card"))
            if d is None:
                problems.append((("cards", i, "card"), f"no definition for card '{c.get('card')}'"))
                continue
            card = Card(id=c["id"], definition=d, owner=c["owner"], base_controller=c.get("controller", c["owner"]),
                        zone=c.get("zone", "battlefield"), cell=c.get("cell"), closed=bool(c.get("closed", False)),
                        face_down=bool(c.get("face_down", False)), wounds=int(c.get("wounds", 0)),
                        max_lives=int(c.get("lives", d.lives)), markers=list(c.get("markers", [])),
                        position=int(c.get("position", 0)))
            if card.id in self.cards:
                problems.append((("cards", i, "id"), f"duplicate card id '{card.id}'"))
            self.cards[card.id] = card
        for i, e in enumerate(setup.get("effects", [])):
            if e.get("source") not in self.cards or e.get("target") not in self.cards:
                problems.append((("effects", i), "source and target must name cards of the board"))
                continue
            duration = e.get("while")
            holder = e.get("to") or self.cards[e["source"]].base_controller
            until = self._until_turn(holder, duration) if duration in ("end_of_turn", "end_of_controller_turn") \
                else None
            self.effects.append(Effect(id=self._new_id("e"), kind=e["kind"], source=e["source"], target=e["target"],
                                       to=e.get("to"), amount=int(e.get("amount", 0)),
                                       while_="source_in_squad" if duration == "source_in_squad" else None,
                                       until_end_of_turn=until))
        if problems:
            raise SetupError(problems)
        self._log("setup", active=self.active)
        self._advance(first=setup.get("priority", self.active))

    # ------------------------------------------------------------------ small helpers
    def _new_id(self, prefix: str) -> str:
        self._counters[prefix] = self._counters.get(prefix, 0) + 1
        return f"{prefix}{self._counters[prefix]}"

    def _log(self, kind: str, source: str | None = None, targets: list[str] | None = None,
             controller: str | None = None, parent: str | None = None, **info: Any) -> str:
        """Append a game action to the battle history (classic 537.1 a–g: id, source, targets, resources,
        controller at declaration, the action that generated it, other information)."""
        hid = self._new_id("h")
        self.history.append({
            "id": hid, "turn": self.turn, "kind": kind, "source": source, "targets": list(targets or []),
            "resources": info.pop("resources", []), "controller": controller, "parent": parent,
            "info": info,
        })
        return hid

    def _entry(self, hid: str) -> dict:
        return next(h for h in self.history if h["id"] == hid)

    def opponent(self, player: str) -> str:
        return next(p for p in self.players if p != player)

    def controller(self, card: Card) -> str:
        """The controlling player: the latest control effect on the card, else its base controller."""
        if card.zone not in IN_PLAY:
            return card.owner
        ctl = card.base_controller
        for e in self.effects:
            if e.kind == "control" and e.target == card.id:
                ctl = e.to or ctl
        return ctl

    def strike_values(self, card: Card) -> list[int]:
        bonus = sum(e.amount for e in self.effects if e.kind == "strike_bonus" and e.target == card.id)
        return [max(0, v + bonus) for v in card.definition.strike]

    def current_lives(self, card: Card) -> int:
        return card.max_lives - card.wounds

    def _in_play(self, card: Card) -> bool:
        return card.zone in IN_PLAY

    def _until_turn(self, player: str, until: str | None) -> int:
        """The turn number at whose end an «до конца (вашего) хода» effect ends."""
        if until == "end_of_controller_turn" and self.active != player:
            return self.turn + 1
        return self.turn

    # ------------------------------------------------------------------ public API
    def act(self, player: str, action: dict) -> None:
        """A player's action: {"type": "pass"} | {"type": "attack", "attacker", "target"} | {"type": "end_turn"}."""
        if self.lost:
            raise IllegalAction("game_over", "the game is over")
        if player not in self.players:
            raise IllegalAction("unknown_player", f"no player '{player}'")
        if self.pending is not None:
            raise IllegalAction("decision_pending",
                                f"a decision ({self.pending['kind']}) is pending for player {self.pending['player']}")
        if self.priority != player:
            raise IllegalAction("no_priority", f"player {player} does not have priority (holder: {self.priority})")
        kind = action.get("type")
        if kind == "pass":
            self._pass(player)
        elif kind == "attack":
            self._declare_attack(player, action)
        elif kind == "end_turn":
            self._end_turn(player)
        else:
            raise IllegalAction("unknown_action", f"unknown action type '{kind}'")
        self._advance()

    def answer(self, player: str, choice: Any) -> None:
        """Answer the pending decision with one of its options."""
        p = self.pending
        if p is None:
            raise IllegalAction("no_decision", "no decision is pending")
        if p["player"] != player:
            raise IllegalAction("not_your_decision", f"the pending {p['kind']} decision is player {p['player']}'s")
        values = [o["id"] if isinstance(o, dict) else o for o in p["options"]]
        if choice not in values:
            raise IllegalAction("illegal_choice", f"{choice!r} is not one of the options {values!r}")
        self.pending = None
        handler = getattr(self, f"_on_{p['kind']}")
        handler(p, choice)
        self._advance()

    # ------------------------------------------------------------------ the main loop
    def _advance(self, first: str | None = None) -> None:
        """Run the game forward until a player has priority or a decision is pending."""
        grant_to = first
        while self.pending is None and not self.lost:
            self._rule_effects()
            if self.lost:
                return
            top = self.stack[-1] if self.stack else None
            if top is not None and top.step != "declared":
                self._resolve_step(top)
                if top.step == "done":
                    self.stack.remove(top)
                    self._log("resolved", source=top.source, entry=top.id)
                    grant_to = self.active        # ASM priority-after-resolution
                continue
            if self.priority is None:
                self._give_priority(grant_to or self.active)
            if self._declare_waiting(self.priority):
                return
            return

    def _give_priority(self, player: str) -> None:
        self.priority = player
        self._log("priority", controller=player)

    # ------------------------------------------------------------------ priority and passing
    def _pass(self, player: str) -> None:
        self._log("pass", controller=player)
        self.passes += 1
        if self.passes < 2:
            self._give_priority(self.opponent(player))
            return
        self.passes = 0
        if self.stack:
            # both players passed in succession: the top entry resolves (ASM stack-lifo)
            self.priority = None
            self.stack[-1].step = "target_resolution"
        else:
            self._give_priority(self.active)     # ASM empty-stack-pass

    # ------------------------------------------------------------------ triggered abilities (113)
    def _fire(self, event_hid: str, event: str, subject: Card | None, value_crossing: tuple[int, int] | None = None,
              cause_hid: str | None = None) -> None:
        """Collect every triggered ability whose condition this game action meets (classic 113.2/113.3).

        Conditions are read at the moment of the action: «вашего» means the ability card's controller then.
        """
        for card in sorted(self.cards.values(), key=lambda c: c.id):
            if not (self._in_play(card) or card is subject):
                continue
            you = self.controller(card)
            for ab in card.definition.abilities:
                t = ab.trigger
                if ab.kind != "triggered" or t is None or t.event != event:
                    continue
                if subject is not None and not self._matches(t.subject, subject, card, you):
                    continue
                if event == "lives_at_most":
                    before, after = value_crossing or (0, 0)
                    if not (before > (t.value or 0) >= after):
                        continue
                if t.cause_kind == "attack" or t.cause is not None:
                    cause = self._entry(cause_hid) if cause_hid else None
                    if cause is None or (t.cause_kind == "attack" and cause["kind"] != "strike"):
                        continue
                    if t.cause and not self._relative(t.cause.controller, cause["controller"], you):
                        continue
                fid = self._new_id("t")
                self.fired.append(Fired(id=fid, card=card.id, ability=ab.key, event=event_hid))
                self._log("trigger", source=card.id, controller=you, parent=event_hid, ability=ab.key, fired=fid)

    def _relative(self, rel: str, player: str | None, you: str) -> bool:
        return rel == "any" or (rel == "you" and player == you) or (rel == "opponent" and player not in (None, you))

    def _matches(self, f: Filter, card: Card, source: Card, you: str) -> bool:
        if f.who == "self" and card is not source or f.who == "other" and card is source:
            return False
        if not self._relative(f.controller, self.controller(card), you):
            return False
        if f.type and card.definition.type != f.type:
            return False
        return not (f.rank and card.definition.rank != f.rank)

    def _declarer(self, fired: Fired) -> str:
        # classic 113.2.ex1: the ability is declared by whoever controls the card when priority comes,
        # although the condition was met under another controller (Мститель back with its owner).
        return self.controller(self.cards[fired.card])

    def _used_this_turn(self, card_id: str, key: str) -> bool:
        return any(h["kind"] == "declare" and h["turn"] == self.turn and h["source"] == card_id
                   and h["info"].get("ability") == key for h in self.history)

    def _declarable(self, fired: Fired) -> str | None:
        """Why this fired trigger cannot be declared now, or None when it can."""
        card = self.cards[fired.card]
        ab = card.definition.ability(fired.ability)
        assert ab is not None
        if ab.once_per_turn and self._used_this_turn(card.id, ab.key):
            return "once_per_turn"
        for i, f in enumerate(ab.targets):
            if not self._target_options(card, f, self._declarer(fired)):
                return f"no legal target{i + 1}"
        return None

    def _declare_waiting(self, player: str | None) -> bool:
        """113.2: a triggered ability is declared as soon as its player gets priority. Returns True
        when a declaration decision is now pending."""
        if player is None:
            return False
        mine = [f for f in self.fired if self._declarer(f) == player]
        for f in mine:
            why = self._declarable(f)
            if why:
                self.fired.remove(f)
                self._log("trigger_dropped", source=f.card, controller=player, parent=f.event,
                          ability=f.ability, reason=why)
        mine = [f for f in self.fired if self._declarer(f) == player]
        if not mine:
            return False
        self.pending = {
            "kind": "declare_trigger", "player": player, "mandatory": True,
            "options": [{"id": f.id, "card": f.card, "ability": f.ability} for f in mine],
        }
        return True

    def _on_declare_trigger(self, p: dict, choice: str) -> None:
        fired = next(f for f in self.fired if f.id == choice)
        card = self.cards[fired.card]
        ab = card.definition.ability(fired.ability)
        assert ab is not None
        self._choose_targets(fired, ab, [])

    def _target_options(self, source: Card, f: Filter, you: str) -> list[str]:
        return [c.id for c in sorted(self.cards.values(), key=lambda c: c.id)
                if self._in_play(c) and self._matches(f, c, source, you)]

    def _choose_targets(self, fired: Fired, ab: Ability, chosen: list[str]) -> None:
        card = self.cards[fired.card]
        you = self._declarer(fired)
        if len(chosen) < len(ab.targets):
            options = self._target_options(card, ab.targets[len(chosen)], you)
            self.pending = {"kind": "target", "player": you, "for": fired.id, "chosen": chosen,
                            "options": options}
            return
        self.fired.remove(fired)
        entry = Entry(id=self._new_id("s"), kind="ability", source=card.id, controller=you, targets=chosen,
                      ability=ab.key)
        entry.declared = self._log("declare", source=card.id, targets=chosen, controller=you, parent=fired.event,
                                   ability=ab.key, entry=entry.id)
        self.stack.append(entry)
        self.passes = 0

    def _on_target(self, p: dict, choice: str) -> None:
        fired = next(f for f in self.fired if f.id == p["for"])
        ab = self.cards[fired.card].definition.ability(fired.ability)
        assert ab is not None
        self._choose_targets(fired, ab, p["chosen"] + [choice])

    # ------------------------------------------------------------------ attacks
    def _declare_attack(self, player: str, action: dict) -> None:
        attacker = self.cards.get(action.get("attacker", ""))
        target = self.cards.get(action.get("target", ""))
        if attacker is None or target is None:
            raise IllegalAction("unknown_card", "attack needs an existing 'attacker' and 'target'")
        if player != self.active or self.stack or self.step != "main":
            raise IllegalAction("not_now", "only the active player attacks, in the main step, with an empty stack")
        if self.controller(attacker) != player or attacker.zone != "battlefield":
            raise IllegalAction("not_your_card", f"{attacker.id} is not a creature of player {player} on the battlefield")
        if attacker.closed:
            raise IllegalAction("closed", f"{attacker.id} is closed and cannot act")
        if target.zone != "battlefield" or not self.edition.adjacent(attacker.cell or "", target.cell or ""):
            raise IllegalAction("not_adjacent", f"{target.id} does not stand next to {attacker.id}")
        entry = Entry(id=self._new_id("s"), kind="attack", source=attacker.id, controller=player, targets=[target.id])
        entry.declared = self._log("declare", source=attacker.id, targets=[target.id], controller=player,
                                   action="attack", strike="simple", entry=entry.id)
        self.stack.append(entry)
        self.passes = 0

    def _defender_options(self, entry: Entry) -> list[str]:
        attacker, target = self.cards[entry.source], self.cards[entry.targets[0]]
        owner = self.controller(target)
        return [c.id for c in sorted(self.cards.values(), key=lambda c: c.id)
                if c.zone == "battlefield" and c.id not in (target.id, attacker.id) and not c.closed
                and c.definition.type == "creature" and self.controller(c) == owner
                and self.edition.adjacent(c.cell or "", attacker.cell or "")
                and self.edition.adjacent(c.cell or "", target.cell or "")]

    def _on_defender(self, p: dict, choice: str | None) -> None:
        entry = self.stack[-1]
        if choice is not None:
            entry.data["defender"] = choice
            self._log("defender", source=choice, targets=[entry.targets[0]], controller=p["player"],
                      parent=entry.declared)
            entry.targets = [choice]
        entry.step = "rolls"

    def _on_roll(self, p: dict, value: int) -> None:
        entry = self.stack[-1]
        entry.data.setdefault("rolls", {})[p["role"]] = value
        self._log("roll", controller=p["player"], parent=entry.declared, role=p["role"], value=value)

    # ------------------------------------------------------------------ resolution
    def _resolve_step(self, entry: Entry) -> None:
        if entry.step == "target_resolution":
            if not self._targets_legal(entry):
                self._log("fizzle", source=entry.source, targets=entry.targets, parent=entry.declared)
                entry.step = "done"
                return
            if entry.kind == "attack" and not entry.generated:
                options = self._defender_options(entry)
                if options:
                    target = self.cards[entry.targets[0]]
                    self.pending = {"kind": "defender", "player": self.controller(target), "for": entry.id,
                                    "options": [None] + options}
                    return
            entry.step = "rolls" if entry.kind == "attack" else "apply"
        elif entry.step == "rolls":
            rolls = entry.data.setdefault("rolls", {})
            target = self.cards[entry.targets[0]]
            if "attacker" not in rolls:
                self._ask_roll(entry.controller, "attacker", entry)
            elif not target.closed and "defender" not in rolls:
                self._ask_roll(self.controller(target), "defender", entry)
            else:
                entry.step = "apply"
        elif entry.step == "apply":
            if entry.kind == "attack":
                self._apply_simple_strike(entry)
            else:
                self._apply_ability(entry)
            entry.step = "payment"
        elif entry.step == "payment":
            self._payment(entry)
            entry.step = "done"

    def _ask_roll(self, player: str, role: str, entry: Entry) -> None:
        self.pending = {"kind": "roll", "player": player, "role": role, "for": entry.id,
                        "options": [1, 2, 3, 4, 5, 6]}

    def _targets_legal(self, entry: Entry) -> bool:
        if entry.kind == "attack":
            a, t = self.cards[entry.source], self.cards[entry.targets[0]]
            return a.zone == "battlefield" and t.zone == "battlefield" and self.edition.adjacent(a.cell or "", t.cell or "")
        return all(self._in_play(self.cards[t]) for t in entry.targets)

    def _apply_simple_strike(self, entry: Entry) -> None:
        attacker, target = self.cards[entry.source], self.cards[entry.targets[0]]
        rolls = entry.data["rolls"]
        if target.closed:
            dealt, answer = strike_table.closed_target(rolls["attacker"]), None
        else:
            dealt, answer = strike_table.open_target(rolls["attacker"], rolls["defender"])
        a_value = self.strike_values(attacker)[strike_table.STRIKES.index(dealt)] if dealt else 0
        d_value = self.strike_values(target)[strike_table.STRIKES.index(answer)] if answer else 0
        hid = self._log("strike", source=attacker.id, targets=[target.id], controller=entry.controller,
                        parent=entry.declared, attack="simple", strike=dealt, wounds=a_value,
                        answer=answer, answer_wounds=d_value)
        # classic 113.2.p1: a trigger on an attack fires whenever the attack was made, whatever its strength.
        self._fire(hid, "attack", attacker, cause_hid=hid)
        self._wound(target, a_value, hid)
        if answer:
            ahid = self._log("strike", source=target.id, targets=[attacker.id], controller=self.controller(target),
                             parent=hid, attack="answer", strike=answer, wounds=d_value)
            self._wound(attacker, d_value, ahid)

    def _wound(self, card: Card, amount: int, hid: str) -> None:
        if amount <= 0:
            return
        before = self.current_lives(card)
        card.wounds += amount
        card.last_hit = hid
        self._fire(hid, "lives_at_most", card, value_crossing=(before, self.current_lives(card)), cause_hid=hid)

    def _apply_ability(self, entry: Entry) -> None:
        source = self.cards[entry.source]
        ab = source.definition.ability(entry.ability or "")
        assert ab is not None
        for spec in ab.effects:
            target_id = source.id if spec.target == "self" else entry.targets[int(spec.target[6:]) - 1]
            self._apply_effect(entry, spec, target_id)

    def _apply_effect(self, entry: Entry, spec: EffectSpec, target_id: str) -> None:
        eid = self._new_id("e")
        if spec.do == "strike_bonus":
            until = self._until_turn(entry.controller, spec.until)
            self.effects.append(Effect(id=eid, kind="strike_bonus", source=entry.source, target=target_id,
                                       amount=spec.amount, until_end_of_turn=until, cause=entry.declared))
        elif spec.do == "gain_control":
            until = self._until_turn(entry.controller, spec.until) if spec.until else None
            self.effects.append(Effect(id=eid, kind="control", source=entry.source, target=target_id,
                                       to=entry.controller, while_=spec.while_, until_end_of_turn=until,
                                       cause=entry.declared))
        self._log("effect", source=entry.source, targets=[target_id], controller=entry.controller,
                  parent=entry.declared, effect=spec.do, id=eid, amount=spec.amount)

    def _payment(self, entry: Entry) -> None:
        """Classic 503.1.b3: an ability is paid after it has been executed; an attack closes its attacker."""
        if entry.kind == "attack" and not entry.generated:
            attacker = self.cards[entry.source]
            if attacker.zone == "battlefield" and not attacker.closed:
                attacker.closed = True
                self._log("payment", source=attacker.id, controller=entry.controller, parent=entry.declared,
                          closes=attacker.id)
            defender = entry.data.get("defender")
            if defender and not self.cards[defender].closed:
                self.cards[defender].closed = True          # cards.md: the defender closes afterwards
                self._log("payment", source=defender, parent=entry.declared, closes=defender)

    # ------------------------------------------------------------------ rule effects (503)
    def _rule_effects(self) -> None:
        """Classic 503.1.p1: rule effects run outside the stack, as soon as they are relevant, and nobody
        has priority meanwhile. 503.1.p2: a cyclic sequence is cut before its first repetition."""
        applied: set[tuple] = set()
        while True:
            for check in (self._lethal_wounds, self._ended_effects):
                batch = check()
                if batch:
                    break
            else:
                return
            signatures = [sig for sig, _ in batch]
            if any(s in applied for s in signatures):
                self._log("loop_cut", repeated=[list(s) for s in signatures if s in applied])
                return
            applied.update(signatures)
            if self.priority is not None:
                self.priority = None          # nobody has priority while rule effects are applied
            for _, apply in batch:
                apply()

    def _lethal_wounds(self) -> list[tuple[tuple, Any]]:
        """Classic 503.1.b5: a card with a lethal number of wounds is destroyed (all such cards at once)."""
        dying = [c for c in sorted(self.cards.values(), key=lambda c: c.id)
                 if self._in_play(c) and c.definition.type == "creature" and c.max_lives - c.wounds <= 0]
        if not dying:
            return []

        def destroy_all() -> None:
            # every death is logged and its triggers read while all the dying cards are still in play
            logged = []
            for c in dying:
                hid = self._log("rule_effect", targets=[c.id], parent=c.last_hit, effect="death")
                logged.append(hid)
            for c, hid in zip(dying, logged, strict=True):
                self._fire(hid, "death", c, cause_hid=c.last_hit)
            for c in dying:
                c.zone, c.cell = "graveyard", None
                self._log("zone", targets=[c.id], zone="graveyard")

        return [(("death", tuple(c.id for c in dying)), destroy_all)]

    def _ended_effects(self) -> list[tuple[tuple, Any]]:
        """Classic 503.1.b15: a continuous effect is removed as soon as its duration ends — here, a
        «пока [источник] в отряде» effect whose source left the squad, or an effect whose card left play."""
        ended = []
        for e in self.effects:
            src, tgt = self.cards[e.source], self.cards[e.target]
            if (e.while_ == "source_in_squad" and not self._in_play(src)) or not self._in_play(tgt) \
                    or (e.until_end_of_turn is not None and self.step == "end" and self.turn >= e.until_end_of_turn):
                ended.append(e)
        if not ended:
            return []

        def remove_all() -> None:
            for e in ended:
                self.effects.remove(e)
                self._log("rule_effect", targets=[e.target], effect="effect_end", ended=e.kind, id=e.id,
                          source_card=e.source)

        return [(("effect_end", tuple(e.id for e in ended)), remove_all)]

    # ------------------------------------------------------------------ turns
    def _end_turn(self, player: str) -> None:
        if player != self.active or self.stack:
            raise IllegalAction("not_now", "only the active player ends the turn, with an empty stack")
        self._log("turn_end", controller=player)
        self.step = "end"
        self.priority = None
        self._rule_effects()       # «до конца хода» effects end here (503.1.b15)
        self.turn += 1
        self.active = self.opponent(player)
        self.step = "start"
        self._log("turn_start", controller=self.active)
        for c in sorted(self.cards.values(), key=lambda c: c.id):
            # classic 503.1.b2: the active player's cards open at the start of the turn (a rule effect)
            if c.closed and self._in_play(c) and self.controller(c) == self.active:
                c.closed = False
                self._log("rule_effect", targets=[c.id], effect="open")
        self.step = "main"

    # ------------------------------------------------------------------ copying
    def clone(self) -> Game:
        return copy.deepcopy(self)
