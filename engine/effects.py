"""Effects: the effect application step and the table of effect verbs.

An ability's effects are `EffectSpec`s (model.py): a verb (`do`) and its parameters. Each verb is one
small function in `VERBS`, the table the effect application step dispatches through (as
`rule_effects.CHECKS` is the table of rule effects); the card vocabulary's list of effects is the table's
keys. A verb applies one effect to one target: a card, or a cell for the cell verbs.

Continuous effects (control, strike changes, lost abilities, roll bonuses) are `Effect` records in
`game.effects`, with their durations (503.1.b15 ends them).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from . import rule_effects
from .model import IN_PLAY, Card, Effect, EffectSpec, Entry, remove_object

if TYPE_CHECKING:
    from .game import Game

POISON_KEY = "отравление"      # the game's own triggered ability (triggered.POISON): its wounds are the poison X


@dataclass(frozen=True)
class Verb:
    """One effect verb: how it is applied, and where it may be used."""

    apply: Callable[[Game, Entry, EffectSpec, str], bool | None]
    target: str = "card"        # "card" (in play), "card_any_zone" (wherever the card is), "cell", "stack"
    static: bool = False        # may be the effect of a static ability (115)
    battle_start: bool = False  # may be the effect of «начинает бой с …» (503.1.b14)


class Effects:
    """The effect application step (a part of Game)."""

    def _apply_ability(self: Game, entry: Entry) -> bool:
        """The effect application step: the ability's effects in order. Returns False when it stopped for a
        generated action (classic 536.2.a, d): it goes on where it stopped once that action has resolved."""
        source = self.cards[entry.source]
        key = entry.data.get("part_key") or entry.ability or ""       # a compound ability: its current part
        # the ability as the card has it now, else as printed: every entry names an ability its card prints
        # (declared, triggered, generated or replacing) or the poison, so there always is one
        ab = self.ability_of(source, key) or source.definition.ability(key)
        assert ab is not None, f"{entry.source} prints no ability {key!r}"
        groups = entry.data.get("target_groups", [])
        if entry.data.get("effect2_of"):
            # classic 538.3.ex1 under the reading participle-destruction=generated-action: effect 2 as a
            # generated action (participle.py); it is not the ability's execution, which goes on after it
            return self._carry_out_effect2(entry, ab, groups)
        effects = list(ab.effects)
        if entry.data.get("replacement") is not None:
            # classic 536.1.1: the generated action of a replacing ability: the effects it puts instead
            effects = list(self.instead_effects(ab, entry.data.get("amount")))
        participle = ab.replacement if ab.replacement is not None and ab.replacement.of == "effects" else None
        if participle is not None and entry.data.get("participle") in (None, "effect2"):
            entry.data["participle"] = self._participle(entry, ab, groups)
            if entry.data["participle"] == "effect2":
                return False          # a replacement of effect 2 put its generated action on the stack (536.1.1)
        if entry.data.get("participle") == "effect1_cancelled":
            effects = []
        start = entry.data.get("effect_index", 0)
        # classic 538.1.b4: once effect 2 succeeded, effect 1 «применяется … за одним исключением – он не может
        # быть замещён»: no replacement effect acts while it is applied
        self.no_replacement = entry.data.get("participle") == "effect1_follows"
        try:
            done = self._apply_effects(entry, effects, start, groups)
        finally:
            self.no_replacement = False
        if not done:
            return False
        # classic 113.2.p2: triggers «на воздействие/заклинание» fire on the full execution of its text («при
        # успешном выполнении … по заявленным целям»): not when a declared target was lost before it applied
        # (ASM execution-in-full)
        full = not entry.data.get("target_lost")
        hid = self.log("executed", source=source.id, targets=entry.targets, controller=entry.controller,
                       parent=entry.declared, ability=ab.key, form=ab.form, full=full)
        if self.executed_in_full(full):
            self.fire("ability_executed", hid, source, form=ab.form)
            if not self.edition.after_needs_payment:
                # heroes 113.2 «После»: after the execution, whatever the ability cost (ASM heroes-after-execution)
                self.fire("ability_executed", hid, source, form=ab.form, phase="after_payment")
        return True

    def executed_in_full(self: Game, full: bool) -> bool:
        """Classic 113.2.p2: whether the execution counts for triggers on the воздействие/заклинание."""
        return full

    def _apply_effects(self: Game, entry: Entry, effects: list[EffectSpec], start: int, groups: list) -> bool:
        """The ability's effects from `start` on (and, resuming, from target `target_index` of the first); False
        when it stopped for a generated action (classic 536.2.a): its own (a generating verb), or that of a
        replacing ability that replaced one of its effects (536.1.1). It goes on where it stopped (536.2.d)."""
        resume_at = entry.data.pop("target_index", 0)
        for index in range(start, len(effects)):
            spec = effects[index]
            verb = VERBS[spec.do]
            if verb.target == "stack":
                entry.data["effect_index"] = index + 1
                if verb.apply(self, entry, spec, ""):         # 536: a generated action was put on the stack
                    return False
                continue
            targets = self._effect_targets(entry, spec, groups)
            for position in range(resume_at if index == start else 0, len(targets)):
                target_id = targets[position]
                if self.effect_reaches(spec, target_id):
                    if self.apply_effect_stacking(entry, spec, target_id)[1]:
                        # classic 536.2.a, d: the replacing ability's action resolves first; then this effect
                        # goes on with its next target
                        entry.data["effect_index"], entry.data["target_index"] = index, position + 1
                        return False
                    self.rule_effects_between(entry)
                elif target_id in entry.targets:
                    entry.data["target_lost"] = True      # 113.2.p2: not carried out on a declared target
        return True

    def rule_effects_between(self: Game, entry: Entry) -> None:
        """Classic 503.1.p1: «Эти эффекты выполняются сразу, как только становятся актуальными» — a rule effect that
        became relevant while an ability's effects are applied (a lethal number of wounds after «ранить на 2», before
        its «затем излечить 1») is carried out at once, before the ability's next effect, not after all of them.
        538.2 is the one case where they wait: rule effects arising while the effects of 538.1 (a participle
        construction) are applied «применяются после того, как применятся эффекты, описанные в 538.1»."""
        ab = self.cards[entry.source].definition.ability(entry.data.get("part_key") or entry.ability or "")
        if ab is not None and ab.replacement is not None and ab.replacement.of == "effects":
            return                                  # 538.2: they wait for the effects of 538.1
        if not self.rule_effects_wait():
            rule_effects.run(self)

    def apply_effect_stacking(self: Game, entry: Entry, spec: EffectSpec, target_id: str) -> tuple[bool | None, bool]:
        """Apply one effect to one target (`_apply_effect`): its result, and whether a replacing ability put its
        generated action on top of the stack meanwhile (classic 536.1.1, 536.2.a)."""
        top = self.stack[-1] if self.stack else None
        result = self._apply_effect(entry, spec, target_id)
        return result, bool(self.stack) and self.stack[-1] is not top

    def effect_reaches(self: Game, spec: EffectSpec, target_id: str) -> bool:
        """An effect on a card applies to it only while it is in play, unless the verb acts in any zone or on a
        cell (a card that left play is no longer the target of the ability's later effects)."""
        target = self.cards.get(target_id)
        return target is None or target.zone in IN_PLAY or VERBS[spec.do].target in ("card_any_zone", "cell")

    def _effect_targets(self: Game, entry: Entry, spec: EffectSpec, groups: list) -> list[str]:
        if spec.target == "self":
            return [entry.source]
        if spec.target == "trigger_subject":
            return [entry.subject] if entry.subject else []
        if spec.target == "all_targets":
            return list(entry.targets)
        group = groups[int(spec.target[6:]) - 1]
        return list(group) if isinstance(group, list) else [group]

    def _apply_effect(self: Game, entry: Entry, spec: EffectSpec, target_id: str) -> bool | None:
        """Apply one effect to one target (a card id, or a cell for cell effects). Returns False when the
        effect was not applied because a replacement effect replaced it (538.1.b3): an effect on a card meets
        the card's «вместо того чтобы …» here, at the moment it would apply (replacement.py)."""
        card = self.cards.get(target_id)
        if card is not None and VERBS[spec.do].target != "cell" and self.effect_replaced(entry, spec, card):
            return False
        return VERBS[spec.do].apply(self, entry, spec, target_id)

    def _effect_bonus(self: Game, entry: Entry, target: Card) -> int:
        """537.2.ex2: a static «+N к воздействиям по существам, которые не передвигались в прошлый ход» of the
        source card, read from the battle history when the воздействие is applied (ASM effect-bonus-scope: only to the
        card's own abilities of the type «воздействие», never to its simple strike)."""
        source = self.cards[entry.source]
        ab = source.definition.ability(entry.ability or "")
        if ab is None or ab.form != "effect":
            return 0
        return sum(a.modifier.amount for a in self.abilities_of(source)
                   if a.kind == "static" and a.modifier is not None and a.modifier.of == "effect_amount"
                   and self.history_condition(a.modifier.when, target))

    def effect_amount(self: Game, entry: Entry, spec: EffectSpec, target: Card) -> int:
        """How much an effect gives or takes on `target`: its stated amount; for wounds, with the source's
        bonus (537.2.ex2), and for the poison, the card's poison X."""
        if spec.do != "wound":
            return spec.amount
        return target.poison if entry.ability == POISON_KEY else spec.amount + self._effect_bonus(entry, target)

    def wound(self: Game, card: Card, amount: int, hid: str) -> int:
        """Deal wounds; a static prevention on the card acts only now (heroes 115.3). Returns wounds dealt."""
        amount = self.prevent_wounds(card, amount, hid)
        if amount <= 0:
            return 0
        before = self.current_lives(card)
        card.wounds += amount
        card.last_hit = hid
        self.fire("wounded", hid, card, amount=amount, cause=hid)
        self.fire("lives_at_most", hid, card, crossing=(before, self.current_lives(card)), cause=hid)
        return amount

    def _destroy_by_effect(self: Game, entry: Entry, target: Card) -> bool:
        """An effect destroys a card, unless a replacement effect of the card replaces the destruction
        (538.1.b3)."""
        hid = self.log("effect", source=entry.source, targets=[target.id], controller=entry.controller,
                       parent=entry.declared, effect="destroy")
        if self.destruction_replaced(target, hid):
            return False
        self.destroy([target], effect="destroyed", causes={target.id: hid}, rule=False)
        return True

    # -------------------------------------------------------------- continuous effects and their durations
    def _until_turn(self: Game, player: str, until: str | None, since: int | None = None) -> int:
        """The turn number at whose end an «до конца (вашего) хода» effect that began in turn `since` (default:
        this turn) ends (ASM effect-until-your-turn). Turns alternate between the two players."""
        since = self.turn if since is None else since
        active_then = self.active if (self.turn - since) % 2 == 0 else self.opponent(self.active)
        if until == "end_of_controller_turn" and active_then != player:
            return since + 1
        return since

    def turn_ended(self: Game, turn: int) -> bool:
        """Turn `turn` has ended (503.1.b15: «до конца хода» effects are removed at its end, step end_done)."""
        return self.turn > turn or (self.step == "end_done" and self.turn >= turn)

    def effect_ended(self: Game, e: Effect) -> bool:
        src, tgt = self.cards[e.source], self.cards[e.target]
        if e.while_ == "source_in_squad" and src.zone not in IN_PLAY:       # Zones.in_play, inline (a hot path)
            return True
        if tgt.zone not in IN_PLAY:
            return True
        return e.until_end_of_turn is not None and self.turn_ended(e.until_end_of_turn)

    def add_permanent_effect(self: Game, card: Card, spec: EffectSpec, key: str) -> None:
        self.effects.append(Effect(id=self._new_id("e"), kind=spec.do, source=card.id, target=card.id,
                                   amount=spec.amount, order=(1, len(self.history))))

    def remove_effect(self: Game, e: Effect, reason: str) -> None:
        remove_object(self.effects, e)
        self.log("rule_effect", targets=[e.target], effect=reason, ended=e.kind, id=e.id, source_card=e.source)


# ------------------------------------------------------------------ the verbs
def _logged(game: Game, entry: Entry, spec: EffectSpec, target_id: str, **info: object) -> str:
    return game.log("effect", source=entry.source, targets=[target_id], controller=entry.controller,
                    parent=entry.declared, effect=spec.do, **info)


def _continuous(game: Game, entry: Entry, spec: EffectSpec, target_id: str) -> None:
    """strike_bonus, strike_set, lose_abilities, roll_bonus: a continuous effect on the card."""
    eid = game._new_id("e")
    until = game._until_turn(entry.controller, spec.until) if spec.until else None
    game.effects.append(Effect(id=eid, kind=spec.do, source=entry.source, target=target_id, amount=spec.amount,
                               until_end_of_turn=until, cause=entry.declared, order=(1, len(game.history))))
    _logged(game, entry, spec, target_id, id=eid, amount=spec.amount)


def _oblige_attack(game: Game, entry: Entry, spec: EffectSpec, target_id: str) -> None:
    """«обязан атаковать»: a continuous effect on the creature, until the end of its controller's next turn; an
    ability with it is one «обязывающая атаковать» (classic 536.5). What the obligation demands is outside the
    corpus and not carried out (ASM no-obligation-to-attack)."""
    eid = game._new_id("e")
    controller = game.controller(game.cards[target_id])
    until = game.turn + (2 if game.active == controller else 1)       # turns alternate between the two players
    game.effects.append(Effect(id=eid, kind=spec.do, source=entry.source, target=target_id, until_end_of_turn=until,
                               cause=entry.declared, order=(1, len(game.history))))
    _logged(game, entry, spec, target_id, id=eid)


def _gain_control(game: Game, entry: Entry, spec: EffectSpec, target_id: str) -> None:
    eid = game._new_id("e")
    until = game._until_turn(entry.controller, spec.until) if spec.until else None
    game.effects.append(Effect(id=eid, kind="control", source=entry.source, target=target_id, to=entry.controller,
                               while_=spec.while_, until_end_of_turn=until, cause=entry.declared,
                               order=(1, len(game.history))))
    _logged(game, entry, spec, target_id, id=eid, amount=spec.amount)


def _wound(game: Game, entry: Entry, spec: EffectSpec, target_id: str) -> None:
    target = game.cards[target_id]
    amount = game.effect_amount(entry, spec, target)
    hid = game.log("strike" if spec.attack else "effect", source=entry.source, targets=[target_id],
                   controller=entry.controller, parent=entry.declared, effect="wound", attack=spec.attack,
                   wounds=amount)
    if spec.attack:
        # classic 113.2.p1: whatever its size, unless the text says otherwise (min_amount reads the wounds)
        game.fire("attack", hid, game.cards[entry.source], attack=spec.attack, cause=hid, amount=amount)
    game.wound(target, amount, hid)


def _heal(game: Game, entry: Entry, spec: EffectSpec, target_id: str) -> None:
    target = game.cards[target_id]
    healed = min(spec.amount, target.wounds)     # what was actually healed (classic 113.2.ex2)
    target.wounds -= healed
    hid = _logged(game, entry, spec, target_id, amount=spec.amount, healed=healed)
    if healed:
        game.fire("healed", hid, target, amount=healed)


def _destroy(game: Game, entry: Entry, spec: EffectSpec, target_id: str) -> bool:
    return game._destroy_by_effect(entry, game.cards[target_id])


def _add_lives(game: Game, entry: Entry, spec: EffectSpec, target_id: str) -> None:
    game.cards[target_id].additional += spec.amount
    _logged(game, entry, spec, target_id, amount=spec.amount)


def _add_counters(game: Game, entry: Entry, spec: EffectSpec, target_id: str) -> None:
    """«получает N фишек»: counters (фишки) are put on the card; above its maximum they go at once (503.1.b16)."""
    game.cards[target_id].counters += spec.amount
    _logged(game, entry, spec, target_id, amount=spec.amount)


def _negative_lives(game: Game, entry: Entry, spec: EffectSpec, target_id: str) -> None:
    game.cards[target_id].negative += spec.amount
    _logged(game, entry, spec, target_id, amount=spec.amount)


def _wound_roll(game: Game, entry: Entry, spec: EffectSpec, target_id: str) -> None:
    raw = entry.data["rolls"]["effect"] + game.roll_bonus(game.cards[entry.source])
    value = rule_effects.clamp_roll(game, raw, parent=entry.declared)
    hid = _logged(game, entry, spec, target_id, roll=raw, wounds=value)
    game.wound(game.cards[target_id], value, hid)


def _deck(game: Game, entry: Entry, spec: EffectSpec, target_id: str) -> None:
    """look_at_deck, take_from_deck: the controller's deck is looked at (and its top card taken); the deck
    is then shuffled (503.1.b17)."""
    player = entry.controller
    deck = game.deck_of(player)
    hid = game.log("effect", source=entry.source, controller=player, parent=entry.declared, effect=spec.do,
                   deck=[c.id for c in deck])
    if spec.do == "take_from_deck" and deck:
        deck[0].zone = "hand"
        game.log("zone", targets=[deck[0].id], parent=hid, zone="hand")
    game.deck_dirty[player] = spec.do


def _return_to_deck(game: Game, entry: Entry, spec: EffectSpec, target_id: str) -> None:
    hid = _logged(game, entry, spec, target_id)
    game.to_deck(game.cards[target_id], hid)


def _return_to_hand(game: Game, entry: Entry, spec: EffectSpec, target_id: str) -> None:
    target = game.cards[target_id]
    hid = _logged(game, entry, spec, target_id, zone_was=target.zone)
    target.zone, target.cell, target.host = "hand", None, None
    target.wounds = target.additional = target.negative = 0
    target.closed = False       # it will come into play open (ASM enters-play-open)
    game.log("zone", targets=[target_id], parent=hid, zone="hand")


def _detach(game: Game, entry: Entry, spec: EffectSpec, target_id: str) -> None:
    game.cards[target_id].host = None
    _logged(game, entry, spec, target_id)


def _generated_attack(game: Game, entry: Entry, spec: EffectSpec, target_id: str) -> bool:
    """536: the target (spec.performer) makes a simple strike; it goes on the stack (generated.py)."""
    return game._generate_attack(entry, spec, entry.data.get("target_groups", []))


def _generated_ability(game: Game, entry: Entry, spec: EffectSpec, target_id: str) -> bool:
    """536.1 «принудительное выполнение особенности»: the target (spec.performer) executes its ability
    spec.ability; it goes on the stack (generated.py)."""
    return game._generate_ability(entry, spec, entry.data.get("target_groups", []))


def _close(game: Game, entry: Entry, spec: EffectSpec, target_id: str) -> None:
    target = game.cards[target_id]
    if not target.closed:
        target.closed = True
        _logged(game, entry, spec, target_id)


def _remove_markers(game: Game, entry: Entry, spec: EffectSpec, target_id: str) -> None:
    target = game.cards[target_id]
    removed, target.markers = target.markers, []
    _logged(game, entry, spec, target_id, removed=removed)


def _add_cell_marker(game: Game, entry: Entry, spec: EffectSpec, cell: str) -> None:
    game.cell_markers.setdefault(cell, []).append(spec.marker or "")
    _logged(game, entry, spec, cell, marker=spec.marker)


def _incarnate(game: Game, entry: Entry, spec: EffectSpec, cell: str) -> bool:
    """Incarnation: the card comes from the graveyard onto the cell, open (538.3.ex1), taking the marker away."""
    card = game.cards[entry.source]
    if game.on_cell(cell):
        game.log("incarnation_failed", source=card.id, targets=[cell], parent=entry.declared)
        return False
    game.enter_battlefield(card, cell)
    card.closed, card.wounds = False, 0
    markers = game.cell_markers.get(cell, [])
    if spec.marker and spec.marker in markers:
        markers.remove(spec.marker)
    hid = game.log("incarnation", source=card.id, targets=[cell], controller=entry.controller,
                   parent=entry.declared, cell=cell, removed_marker=spec.marker)
    game.fire("incarnated", hid, card)
    return True


def _put_into_play(game: Game, entry: Entry, spec: EffectSpec, cell: str) -> None:
    """«выходит на поле боя»: a creature of the hand (spec.card) comes into play on the free target cell, open —
    it appears in the battle zone now, whatever happened in this turn before (537.2.ex2). Not applied when the
    cell is taken by then: without a participle's [Условие] an occupied cell is no place for it (538.1.b1). (The
    card is still in the hand: a chosen card that left its zone makes the ability fizzle at its target resolution
    step, stack.py.)"""
    index = int((spec.card or "target0")[6:]) - 1
    groups = entry.data.get("target_groups", [])
    card = game.cards.get(groups[index]) if 0 <= index < len(groups) and isinstance(groups[index], str) else None
    if card is None or game.on_cell(cell):
        return
    game.enter_battlefield(card, cell)
    card.closed = False         # ASM enters-play-open
    _logged(game, entry, spec, card.id, cell=cell)


def _destroy_all_in_cell(game: Game, entry: Entry, spec: EffectSpec, cell: str) -> bool:
    victims = game.on_cell(cell)
    # each destruction is an effect on that card: a «вместо того чтобы быть уничтоженным» of it acts (classic
    # 536.1.1: its action goes on the stack; a cell holds one card, so nothing here waits behind it)
    results = [not game.effect_replaced(entry, EffectSpec(do="destroy"), c) and game._destroy_by_effect(entry, c)
               for c in victims]
    return all(results)


# The effect verbs, in the order the vocabulary lists them (docs/VOCABULARY.md).
VERBS: dict[str, Verb] = {
    "strike_bonus": Verb(_continuous, static=True, battle_start=True),
    "strike_set": Verb(_continuous, static=True),
    "gain_control": Verb(_gain_control),
    "oblige_attack": Verb(_oblige_attack),
    "wound": Verb(_wound),
    "heal": Verb(_heal),
    "destroy": Verb(_destroy),
    "lose_abilities": Verb(_continuous, static=True),
    "add_lives": Verb(_add_lives, battle_start=True),
    "negative_lives": Verb(_negative_lives),
    "add_counters": Verb(_add_counters),
    "roll_bonus": Verb(_continuous, static=True),
    "wound_roll": Verb(_wound_roll),
    "look_at_deck": Verb(_deck, target="card_any_zone"),
    "take_from_deck": Verb(_deck, target="card_any_zone"),
    "return_to_deck": Verb(_return_to_deck),
    "return_to_hand": Verb(_return_to_hand, target="card_any_zone"),
    "detach": Verb(_detach),
    "generated_attack": Verb(_generated_attack, target="stack"),
    "generated_ability": Verb(_generated_ability, target="stack"),
    "close": Verb(_close),
    "add_cell_marker": Verb(_add_cell_marker, target="cell"),
    "remove_markers": Verb(_remove_markers, target="card_any_zone"),
    "incarnate": Verb(_incarnate, target="cell"),
    "destroy_all_in_cell": Verb(_destroy_all_in_cell, target="cell"),
    "put_into_play": Verb(_put_into_play, target="cell"),
}
