"""Blind misreadings, set 3: written from the rules text and the engine only, never the suite nor the kit's mutants.

Written by someone new to the suite (issue 33 item 2), sealed (committed before it was ever run against the suite),
as the outsider's measure of whether the suite now generalises; measured once, then its survivors closed.

FIRST-TRY RECORD (2026-12-02; the suite = main at d1862db, the branch's base, 502 scenarios; all 69 in one call of
`berserk-rules mutants --only … --json`; no mutant changed between sealing (25e1d1d) and measuring):
- 69 mutants; killed 66, 65 of them by a «Тогда» check (one, blind3-passes-end-the-turn, only by driver steps: an
  action refused that the scenario needed); 59 by the «Тогда» checks of two scenarios or more.
- first-try kill rate (killed by checks / all) = 65/69 = 94.2 % (set 2: 94/100 = 94.0 %; set 1: 67/85 = 78.8 %).
- 3 survivors: blind3-classic-trigger-points-merged, blind3-enemy-attack-by-owner, blind3-printed-limit-ignored.
- killed, but by no «Тогда» check: blind3-passes-end-the-turn.
- killed by one scenario's checks only: blind3-generated-without-legality, blind3-healed-as-declared,
  blind3-identity-lost-in-hand, blind3-marks-are-markers, blind3-poison-in-other-turn, blind3-turn-effects-end-early.
- per mutant (killed, by checks, the scenarios whose checks killed it): blind_set3.json beside this file.

AFTER THE RECORD (no longer blind; the record above and blind_set3.json stay as measured): each survivor killed by the
«Тогда» checks of two scenarios written from the text — classic-trigger-points-merged by [113.2-142] and [503.1.b5-80],
enemy-attack-by-owner by [113.1-147] and [113.1-148], printed-limit-ignored by [classic-activated-repeat-4] and
[classic-activated-repeat-5]; passes-end-the-turn by [empty-stack-pass-1] (classic) and [empty-stack-pass-2]
(heroes); and a second scenario for each mutant killed by one: generated-without-legality [536.2.a-142],
healed-as-declared [113.2.ex2-7], identity-lost-in-hand [537.4-6], marks-are-markers [537.2-4],
poison-in-other-turn heroes [113.1-1], turn-effects-end-early [503.1.b15-7]. No mutant left unkilled.
"""

from __future__ import annotations

import dataclasses
import types
from collections.abc import Callable, Iterator
from typing import Any

from engine import Game, rule_effects
from engine import effects as effects_module
from engine.effects import VERBS, Verb
from engine.model import Ability, Card, EffectSpec, Entry, Fired, Trigger, remove_object
from engine.triggered import POISON
from harness.quality.mutants import (
    EngineModules,
    _appeared_at,
    host_left_of,
    mutant,
    replace_check,
    with_clamp,
)


# ------------------------------------------------------------------------------------------ shared bases
class _Conditions(Game):
    """The base of the mutants that read a trigger condition wrongly: `triggered_by` as the engine's
    (engine/triggered.py), with each test a method a mutant overrides."""

    def trigger_you(self, card: Card) -> str:
        return self.controller(card)

    def phase_matches(self, t: Trigger, event: str, ctx: dict) -> bool:
        return t.after_payment == (ctx.get("phase") == "after_payment") and t.before == (ctx.get("phase") == "before")

    def amount_matches(self, t: Trigger, event: str, ctx: dict) -> bool:
        return t.min_amount is None or ctx.get("amount", 0) >= t.min_amount

    def turn_matches(self, t: Trigger, you: str, card: Card) -> bool:
        return not t.in_your_turn or self.active == you

    def crossing_matches(self, t: Trigger, before: float, after: float) -> bool:
        return before > t.value >= after  # type: ignore[operator]

    def cause_player(self, cause: dict) -> str | None:
        return cause["controller"]

    def triggered_by(self, event: str, subject: Card | None, ctx: dict) -> Iterator[tuple[Card, Ability]]:
        for card in self.sorted_cards():
            if event not in card.definition.trigger_events or not (self.in_play(card) or card is subject):
                continue
            you = self.trigger_you(card)
            for ab in self.abilities_of(card):
                t = ab.trigger
                if t is None or t.event != event:
                    continue
                if not self.phase_matches(t, event, ctx):
                    continue
                if subject is not None and not self.trigger_subject_matches(t, subject, card, you):
                    continue
                if t.attack and ctx.get("attack") != t.attack:
                    continue
                if t.form and ctx.get("form") != t.form:
                    continue
                if not self.turn_matches(t, you, card):
                    continue
                if not self.amount_matches(t, event, ctx):
                    continue
                if event == "lives_at_most":
                    before, after = ctx.get("crossing", (0, 0))
                    if self.readings["becomes-at-most"] == "state":
                        before = float("inf")
                    if not self.crossing_matches(t, before, after):
                        continue
                if t.cause is not None:
                    cause = self.entry_of(ctx.get("cause"))
                    if cause is None or (t.cause_kind == "attack" and cause["kind"] != "strike"):
                        continue
                    if t.cause and not self.relative(t.cause.controller, self.cause_player(cause), you):
                        continue
                yield card, ab


class _Spent(Game):
    """The base of the mutants that count a triggered ability as used for the turn in more cases than its
    declaration: `spent` holds (card, ability, turn)."""

    def __init__(self, setup: dict, definitions: dict[str, dict], readings: dict[str, str] | None = None):
        self.spent: set[tuple[str, str, int]] = set()
        super().__init__(setup, definitions, readings)

    def used_this_turn(self, card_id: str, key: str) -> bool:
        return (card_id, key, self.turn) in self.spent or super().used_this_turn(card_id, key)


def _verbs_with(name: str, apply: Callable) -> dict[str, Verb]:
    """The table of effect verbs with one verb's function replaced."""
    table = dict(VERBS)
    table[name] = Verb(apply, target=VERBS[name].target, static=VERBS[name].static,
                       battle_start=VERBS[name].battle_start)
    return table


# ------------------------------------------------------------------------------------------ classic 113 / heroes 113
@mutant("blind3-your-turn-by-owner", "heroes:113.2.ex1#1")
class YourTurnByOwner(_Conditions):
    """«в ваш ход» read as the turn of the card's owner: a trigger of a card the opponent controls fires in its
    owner's turn, not in its controller's."""

    def turn_matches(self, t: Trigger, you: str, card: Card) -> bool:
        return not t.in_your_turn or self.active == card.owner


@mutant("blind3-healed-more-than", "classic:113.2.ex2#1")
class HealedMoreThan(_Conditions):
    """«излечилось на 2 или более раны» read as «более 2»: a threshold on the amount (healed, wounded, the
    attack's wounds) needs strictly more than N."""

    def amount_matches(self, t: Trigger, event: str, ctx: dict) -> bool:
        return t.min_amount is None or ctx.get("amount", 0) > t.min_amount


def _heal_declared(game: Game, entry: Entry, spec: EffectSpec, target_id: str) -> None:
    target = game.cards[target_id]
    healed = min(spec.amount, target.wounds)
    target.wounds -= healed
    hid = effects_module._logged(game, entry, spec, target_id, amount=spec.amount, healed=healed)
    if healed:
        game.fire("healed", hid, target, amount=spec.amount)


@mutant("blind3-healed-as-declared", "classic:113.2.ex2#1")
class HealedAsDeclared(EngineModules):
    """«фактически излечилось на 2 или более раны» read without «фактически»: a trigger on healing reads the
    amount the effect says (излечить на 3), not the wounds actually healed."""

    MODULES = {"VERBS": _verbs_with("heal", _heal_declared)}


@mutant("blind3-attack-needs-wounds", "classic:113.2.p1#1")
class AttackNeedsWounds(_Conditions):
    """113.2.p1 «независимо от силы и величины этой атаки» dropped: a «При атаке» trigger fires only on an attack
    that dealt at least one wound."""

    def amount_matches(self, t: Trigger, event: str, ctx: dict) -> bool:
        if event == "attack" and ctx.get("phase") is None and ctx.get("amount", 0) <= 0:
            return False
        return super().amount_matches(t, event, ctx)


@mutant("blind3-partial-execution-triggers", "classic:113.2.p2#3")
class PartialExecutionTriggers(Game):
    """113.2.p2 «на полное выполнение текста … по заявленным целям» read as «на выполнение»: a trigger on a
    воздействие or заклинание fires though a declared target was lost before it applied."""

    def executed_in_full(self, full: bool) -> bool:
        return True


@mutant("blind3-after-at-execution", "classic:113.3#2")
class AfterAtExecution(_Conditions):
    """«После [текст]» read as «При [текст]»: it fires when the action is executed (the strike dealt), before its
    payment, not after the payment."""

    def phase_matches(self, t: Trigger, event: str, ctx: dict) -> bool:
        phase = ctx.get("phase")
        if t.after_payment:
            return phase is None
        return phase != "after_payment" and t.before == (phase == "before")


@mutant("blind3-after-without-payment", "classic:113.3#2")
class AfterWithoutPayment(Game):
    """«срабатывают после оплаты [текст]» read as «после [текст]»: a «После» trigger fires after the action even
    when no payment was made (the attacker left play before it could close)."""

    def after_payment_made(self, payment: str | None) -> bool:
        return True


@mutant("blind3-on-attack-after-payment", "classic:113.3#1")
class OnAttackAfterPayment(_Conditions):
    """113.3 read as one moment for every word: a «При атаке» trigger fires with the «После атаки» ones, after the
    attack's payment (the attacker closed), not when the attack is made."""

    def phase_matches(self, t: Trigger, event: str, ctx: dict) -> bool:
        phase = ctx.get("phase")
        if event == "attack" and ctx.get("attack") == "simple" and not t.before and not t.after_payment:
            return phase == "after_payment"
        return super().phase_matches(t, event, ctx)


@mutant("blind3-before-at-execution", "classic:113.2#1", "heroes:113.2#1")
class BeforeAtExecution(_Conditions):
    """«До [текст]» read as a condition met by the action itself: a «До» trigger fires when the action is executed
    (with the «При» ones), not when it is declared."""

    def phase_matches(self, t: Trigger, event: str, ctx: dict) -> bool:
        phase = ctx.get("phase")
        if t.before:
            return phase is None
        return phase != "before" and t.after_payment == (phase == "after_payment")


@mutant("blind3-classic-inactive-first", "asm:classic-trigger-order")
class ClassicInactiveFirst(Game):
    """The heroes ruling carried over to classic: simultaneous triggers of both players, the inactive player's
    are declared first, whatever the reading says."""

    def _declare_next(self) -> bool:
        if self.edition.name == "classic":
            saved = self.readings
            self.readings = {**saved, self.edition.trigger_order_reading: "inactive-first"}
            try:
                return super()._declare_next()
            finally:
                self.readings = saved
        return super()._declare_next()


@mutant("blind3-may-is-must", "heroes:113.4#1")
class MayIsMust(Game):
    """heroes 113.4 «может… / вы можете…» dropped: an optional trigger must be declared like any other (no
    option to leave it undeclared)."""

    def _declare_next(self) -> bool:
        found = super()._declare_next()
        p = self.pending
        if found and p is not None and p["kind"] == "declare_trigger" and not p["mandatory"]:
            self.pending = {**p, "mandatory": True, "options": [o for o in p["options"] if o is not None]}
        return found


@mutant("blind3-declined-spends-limit", "heroes:113.4#2")
class DeclinedSpendsLimit(_Spent):
    """heroes 113.4 «не сможет уже объявить её на это срабатывание» read as «в этот ход»: an optional trigger left
    undeclared counts as used for the turn, so it cannot be declared when it triggers again."""

    def _on_declare_trigger(self, p: dict, choice: str | None) -> None:
        if choice is None:
            for f in self.fired:
                if self.declarer(f) == p["player"] and f.optional:
                    self.spent.add((f.card, f.ability, self.turn))
        super()._on_declare_trigger(p, choice)


@mutant("blind3-limit-per-name", "heroes:113.4.p1#1")
class LimitPerName(Game):
    """heroes 113.4.p1 «Каждую срабатывающую способность … один раз за ход» read per text: two cards of one name
    share the limit (one declared, the other's same ability cannot be this turn)."""

    def used_this_turn(self, card_id: str, key: str) -> bool:
        name = self.cards[card_id].definition.name
        return any(h["kind"] == "declare" and h["turn"] == self.turn and h["info"].get("ability") == key
                   and h["source"] in self.cards and self.cards[h["source"]].definition.name == name
                   for h in self.history)


@mutant("blind3-limit-per-game", "heroes:113.4.p1#1", "heroes:113.3.dup2.p1#1")
class LimitPerGame(Game):
    """«не более одного раза за ход» read as «не более одного раза»: an ability declared in an earlier turn cannot
    be declared again (the limit never resets)."""

    def used_this_turn(self, card_id: str, key: str) -> bool:
        return any(h["kind"] == "declare" and h["source"] == card_id and h["info"].get("ability") == key
                   for h in self.history)


@mutant("blind3-classic-triggers-once", "heroes:113.4.p1#1")
class ClassicTriggersOnce(Game):
    """The heroes limit carried over to classic: a classic triggered ability too can be declared at most once a
    turn (the classic text never limits it)."""

    def _once_per_turn(self, ab: Ability) -> bool:
        if ab.kind == "triggered" and ab is not POISON:
            return True
        return super()._once_per_turn(ab)


@mutant("blind3-limit-in-own-turn", "heroes:113.4.p1#1")
class LimitInOwnTurn(Game):
    """«один раз за ход» read as «один раз за свой ход»: in the opponent's turn a triggered ability has no limit."""

    def used_this_turn(self, card_id: str, key: str) -> bool:
        card = self.cards[card_id]
        ab = card.definition.ability(key)
        if ab is not None and ab.kind == "triggered" and self.controller(card) != self.active:
            return False
        return super().used_this_turn(card_id, key)


@mutant("blind3-illegal-declaration-spends-limit", "heroes:113.7#1")
class IllegalDeclarationSpendsLimit(_Spent):
    """heroes 113.7 missed: a trigger whose declaration became illegal (its subject left play) uses up the once a
    turn limit all the same, so the ability cannot be declared for another trigger point."""

    def _why_not_declarable(self, fired: Fired) -> str | None:
        why = super()._why_not_declarable(fired)
        if why == "trigger_subject_left_play":
            self.spent.add((fired.card, fired.ability, self.turn))
        return why


@mutant("blind3-first-trigger-point-only", "heroes:113.6#1")
class FirstTriggerPointOnly(Game):
    """heroes 113.6 «может использовать любую из точек срабатывания» missed: of several trigger points of one
    ability, only the first is kept; the player cannot choose another."""

    def _add_fired(self, card: Card, key: str, hid: str, parent: str | None, subject: Card | None,
                   optional: bool) -> None:
        if self.edition.name == "heroes" and any(f.card == card.id and f.ability == key for f in self.fired):
            return
        super()._add_fired(card, key, hid, parent, subject, optional)


@mutant("blind3-classic-trigger-points-merged", "classic:113.2#2", "heroes:113.6#1")
class ClassicTriggerPointsMerged(Game):
    """heroes 113.6 carried over to classic: an ability triggered several times waits once; only its latest
    trigger point is kept, so it is declared once, not once per triggering."""

    def _add_fired(self, card: Card, key: str, hid: str, parent: str | None, subject: Card | None,
                   optional: bool) -> None:
        if self.edition.name == "classic" and key != POISON.key:
            for f in [f for f in self.fired if f.card == card.id and f.ability == key]:
                remove_object(self.fired, f)
        super()._add_fired(card, key, hid, parent, subject, optional)


@mutant("blind3-becomes-fewer-than", "classic:113.2.ex1#2")
class BecomesFewerThan(_Conditions):
    """«становится 4 или менее текущих жизней» read as «менее 4»: the trigger needs the lives to go below N; a card
    left at exactly N does not trigger it."""

    def crossing_matches(self, t: Trigger, before: float, after: float) -> bool:
        return before >= t.value > after  # type: ignore[operator]


@mutant("blind3-declarer-at-triggering", "classic:113.2.ex1#6")
class DeclarerAtTriggering(Game):
    """113.2.ex1 missed: a trigger is declared by whoever controlled its card when the condition was met, not
    when priority comes (Мститель, back in its owner's squad, declared by Невтида's player)."""

    def __init__(self, setup: dict, definitions: dict[str, dict], readings: dict[str, str] | None = None):
        self.declarers: dict[str, str] = {}
        super().__init__(setup, definitions, readings)

    def _add_fired(self, card: Card, key: str, hid: str, parent: str | None, subject: Card | None,
                   optional: bool) -> None:
        super()._add_fired(card, key, hid, parent, subject, optional)
        self.declarers[self.fired[-1].id] = self.controller(card)

    def declarer(self, fired: Fired) -> str:
        return self.declarers.get(fired.id) or super().declarer(fired)


@mutant("blind3-your-creature-by-owner", "classic:113.2.ex1#1", "heroes:113.2.ex1#1")
class YourCreatureByOwner(Game):
    """«вашего существа» in a trigger condition read by ownership: the card the action happens to is «ваше» when
    you own it, whoever controls it now."""

    def trigger_subject_matches(self, t: Trigger, subject: Card, card: Card, you: str) -> bool:
        f = t.subject
        if f.controller == "any":
            return super().trigger_subject_matches(t, subject, card, you)
        loose = dataclasses.replace(f, controller="any")
        return self.matches(loose, subject, card, you) and self.relative(f.controller, subject.owner, you)


@mutant("blind3-enemy-attack-by-owner", "classic:113.2.ex1#1")
class EnemyAttackByOwner(_Conditions):
    """«от атаки карты противника» read by ownership: the attack is the opponent's when he owns the attacking card,
    whoever controlled it when it attacked."""

    def cause_player(self, cause: dict) -> str | None:
        source = self.cards.get(cause["source"] or "")
        return source.owner if source is not None else cause["controller"]


@mutant("blind3-poison-in-other-turn", "heroes:113.7.ex1#2", "asm:poison-trigger")
class PoisonInOtherTurn(Game):
    """Poison read as the poisoner's: it wounds a poisoned creature at the start of the turn of its controller's
    opponent, not of its controller («в ход противника существо … умрёт от отравления» read from the wrong side)."""

    def _add_fired(self, card: Card, key: str, hid: str, parent: str | None, subject: Card | None,
                   optional: bool) -> None:
        if key == POISON.key and self.step == "start":
            return
        super()._add_fired(card, key, hid, parent, subject, optional)

    def _begin_turn(self) -> None:
        super()._begin_turn()
        start = next((h["id"] for h in reversed(self.history) if h["kind"] == "turn_start"), "")
        for c in self.sorted_cards():
            if c.poison and self.in_play(c) and self.controller(c) != self.active:
                Game._add_fired(self, c, POISON.key, start, start, c, optional=False)


# ------------------------------------------------------------------------------------------ classic 503
def _lethal_without_additional(game: Game) -> Any:
    dying = [c for c in game.sorted_cards() if game.in_play(c) and c.definition.type == "creature"
             and c.max_lives - c.negative - c.wounds <= 0]
    if not dying:
        return None
    return (tuple(("death", c.id) for c in dying),
            lambda: game.destroy(dying, effect="death", causes={c.id: c.last_hit for c in dying}, rule=True))


@mutant("blind3-lethal-ignores-additional", "classic:503.1.b5#1")
class LethalIgnoresAdditional(EngineModules):
    """«смертельного числа ран» read against the printed lives only: a creature dies when its wounds reach its
    lives, its additional lives notwithstanding."""



def _run_with(checks: list[Callable]) -> Callable[[Game], None]:
    """rule_effects.run over other checks (as the engine's: the cut of a repeated effect, priority cleared)."""

    def run(game: Game) -> None:
        applied: set[tuple] = set()
        cut: set[tuple] = set()
        while not game.lost:
            batch = None
            for check in checks:
                found = check(game)
                if found is None:
                    continue
                repeated = tuple(a for a in found[0] if a in applied)
                if not repeated:
                    batch = found
                    break
                if repeated not in cut:
                    cut.add(repeated)
                    game.log("loop_cut", repeated=[[str(x) for x in a] for a in repeated])
            if batch is None:
                break
            atoms, apply = batch
            applied.update(atoms)
            game.priority = None
            apply()
        game.rules_checked_at = game.changes
        game.rules_cut = frozenset(a for repeated in cut for a in repeated)

    return run


def _module_with(checks: list[Callable], **more: Any) -> Any:
    return types.SimpleNamespace(**{**vars(rule_effects), "run": _run_with(checks), "CHECKS": checks, **more})


LethalIgnoresAdditional.MODULES = {"rule_effects": _module_with(replace_check(rule_effects.lethal_wounds,
                                                                             _lethal_without_additional))}


def _lives_cancel_all(game: Game) -> Any:
    both = [c for c in game.sorted_cards() if c.additional > 0 and c.negative > 0]
    if not both:
        return None

    def apply() -> None:
        for c in both:
            k = max(c.additional, c.negative)
            c.additional = c.negative = 0
            game.log("rule_effect", targets=[c.id], effect="lives_cancel", amount=k)

    return tuple(("lives_cancel", c.id, c.additional, c.negative) for c in both), apply


@mutant("blind3-lives-cancel-all", "classic:503.1.b6#1")
class LivesCancelAll(EngineModules):
    """«снятие … отрицательных и дополнительных жизней в результате их взаимного сокращения» read as both removed
    whole: a card with 3 additional and 1 negative life keeps none of either (not 2 additional)."""

    MODULES = {"rule_effects": _module_with(replace_check(rule_effects.lives_cancel, _lives_cancel_all))}


@mutant("blind3-host-left-only-dying", "classic:503.1.b8#1")
class HostLeftOnlyDying(EngineModules):
    """«если хозяин покидает поле боя» read as «если хозяин погибает»: a symbiote or equipment is destroyed only when
    its host went to the graveyard, not when it left the battlefield otherwise (hand, deck, additional zone)."""

    MODULES = {"rule_effects": _module_with(replace_check(
        rule_effects.host_left, host_left_of(("equipment", "symbiote"), zones=("graveyard",))))}


def _flying_up_only(game: Game) -> Any:
    up = [c for c in game.sorted_cards() if c.zone == "battlefield" and c.host is None and game.has_flying(c)]
    if not up:
        return None

    def apply() -> None:
        for c in up:
            c.last_cell, c.cell, c.zone = c.cell, None, "additional"
            game.log("rule_effect", targets=[c.id], effect="to_additional_zone")

    return tuple(("up", c.id) for c in up), apply


@mutant("blind3-flying-no-return", "classic:503.1.b10#1")
class FlyingNoReturn(EngineModules):
    """503.1.b10 «и обратно» dropped: a flyer goes to the additional zone, but a card there that no longer flies
    stays there."""

    MODULES = {"rule_effects": _module_with(replace_check(rule_effects.flying_zone, _flying_up_only))}


def _uniqueness_by_owner(game: Game) -> Any:
    seen: set[tuple[str, str]] = set()
    extra = []
    for c in sorted(game.cards.values(), key=lambda c: (c.appeared, c.id)):
        if not game.in_play(c) or not c.definition.unique:
            continue
        key = (c.owner, c.definition.name)
        if key in seen:
            extra.append(c)
        else:
            seen.add(key)
    if not extra:
        return None

    def apply() -> None:
        for c in extra:
            hid = game.log("rule_effect", targets=[c.id], effect="uniqueness")
            game.to_deck(c, hid)

    return tuple(("uniqueness", c.id) for c in extra), apply


@mutant("blind3-uniqueness-by-owner", "classic:503.1.b11#1", "asm:uniqueness-squad")
class UniquenessByOwner(EngineModules):
    """The uniqueness rule read per owner: two unique cards of one name break it when one player owns both, though
    they stand in different squads (one under the opponent's control), and not when one squad holds both, each
    owned by another player."""

    MODULES = {"rule_effects": _module_with(replace_check(rule_effects.uniqueness, _uniqueness_by_owner))}


@mutant("blind3-movement-restored-both", "classic:503.1.b12#1")
class MovementRestoredBoth(Game):
    """503.1.b12 «Активного игрока» dropped: at the start of a turn every creature's movement allowance comes back,
    the inactive player's too."""

    def _begin_turn(self) -> None:
        for c in self.sorted_cards():
            if self.in_play(c) and self.controller(c) != self.active and c.moves_left != c.definition.move:
                c.moves_left = c.definition.move
                self.log("rule_effect", targets=[c.id], effect="restore_movement", moves=c.moves_left)
        super()._begin_turn()


@mutant("blind3-open-both-players", "classic:503.1.b2#1", "asm:turn-start-open")
class OpenBothPlayers(Game):
    """503.1.b2 «открытие карты в начале хода» read as every card: at the start of a turn the inactive player's
    closed cards open too."""

    def _begin_turn(self) -> None:
        for c in self.sorted_cards():
            if c.closed and self.in_play(c) and self.controller(c) != self.active:
                c.closed = False
                self.log("rule_effect", targets=[c.id], effect="open")
        super()._begin_turn()


@mutant("blind3-table-rolls-clamped", "classic:503.1.b13#1")
class TableRollsClamped(Game):
    """503.1.b13 «кроме случаев расчёта простого удара по Таблице ударов» dropped: a modified roll is brought back
    to 1–6 before the strike table is read too."""

    def _table_rolls(self, entry: Entry) -> tuple[int, int | None]:
        a, d = super()._table_rolls(entry)
        return min(6, max(1, a)), (None if d is None else min(6, max(1, d)))


def _clamp_low_only(game: Game, raw: int, parent: str | None) -> int:
    value = max(1, raw)
    if value != raw:
        game.log("rule_effect", parent=parent, effect="roll_clamped", raw=raw, value=value)
    return value


@mutant("blind3-clamp-low-only", "classic:503.1.b13#1")
class ClampLowOnly(EngineModules):
    """503.1.b13 half read: a roll below 1 counts as 1, but one above 6 keeps its value (a 5 with +2 deals 7)."""

    MODULES = {"rule_effects": with_clamp(_clamp_low_only)}


@mutant("blind3-battle-start-when-played", "classic:503.1.b14#1", "asm:battle-start-played-open")
class BattleStartWhenPlayed(Game):
    """503.1.b14 «при вскрытии карты» read as «при появлении»: a card that comes into play face up starts the battle
    with its «начинает бой с …» effects too."""

    def enter_battlefield(self, card: Card, cell: str | None) -> None:
        super().enter_battlefield(card, cell)
        if not card.face_down:
            card.battle_started = False


@mutant("blind3-turn-effects-end-early", "classic:503.1.b15#1")
class TurnEffectsEndEarly(Game):
    """«до конца хода» read as «до конца хода наступает конец хода»: the effect ends as the end of the turn begins,
    before the «В конце хода» abilities are declared and executed."""

    def turn_ended(self, turn: int) -> bool:
        return self.turn > turn or (self.step in ("end", "end_done") and self.turn >= turn)


@mutant("blind3-counters-no-maximum", "classic:503.1.b16#1")
class CountersNoMaximum(EngineModules):
    """503.1.b16 «(фишек)» dropped: extra additional lives above the maximum are removed, but counters above a card's
    maximum of counters stay."""

    MODULES = {"rule_effects": _module_with([c for c in rule_effects.CHECKS if c is not rule_effects.excess_counters])}


def _shuffle_at_turn_end(game: Game) -> Any:
    if game.step != "end_done":
        return None
    return rule_effects.shuffle_decks(game)


@mutant("blind3-shuffle-at-turn-end", "classic:503.1.b17#1")
class ShuffleAtTurnEnd(EngineModules):
    """503.1.b17 read as a tidy-up: a deck taken from, returned to or looked at is shuffled at the end of the turn,
    not at once after it."""

    MODULES = {"rule_effects": _module_with(replace_check(rule_effects.shuffle_decks, _shuffle_at_turn_end))}


def _loses_by_owner(game: Game) -> Any:
    if not game.edition.loses_without_creatures:
        return None
    owners = {c.owner for c in game.cards.values() if c.definition.type == "creature" and game.in_play(c)}
    losing = [p for p in game.players if p not in game.lost and p not in owners]
    if not losing:
        return None

    def apply() -> None:
        for p in losing:
            game.lost.append(p)
            game.log("rule_effect", controller=p, effect="player_loses")

    return tuple(("loses", p) for p in losing), apply


@mutant("blind3-squad-by-owner", "classic:503.1.b18#1")
class SquadByOwner(EngineModules):
    """503.1.b18 «в его отряде» read as «среди его карт»: a player whose only creature in play is under the
    opponent's control has not lost; one controlling only the opponent's creatures has."""

    MODULES = {"rule_effects": _module_with(replace_check(rule_effects.player_loses, _loses_by_owner))}


def _substitution_sticks(game: Game) -> Any:
    changes = []
    for c in game.sorted_cards():
        if not c.definition.has_substituting:
            continue
        now = {a.substitutes for a in c.definition.abilities
               if a.substitutes is not None and game.condition_met(c, a)}
        wanted = sorted(set(c.substituted) | now)
        if wanted != sorted(c.substituted):
            changes.append((c, wanted))
    if not changes:
        return None

    def apply() -> None:
        for c, wanted in changes:
            for key in sorted(set(wanted) - set(c.substituted)):
                game.log("rule_effect", targets=[c.id], effect="ability_replaced", ability=key)
            c.substituted = list(wanted)

    return tuple(("replace", c.id, tuple(w)) for c, w in changes), apply


@mutant("blind3-substitution-sticks", "classic:503.1.b19#1")
class SubstitutionSticks(EngineModules):
    """503.1.b19 read as a one-way change: an ability substituted by another stays substituted when the other stops
    being active (the card is opened again): it never comes back."""

    MODULES = {"rule_effects": _module_with(replace_check(rule_effects.substituted_abilities, _substitution_sticks))}


def _run_cut_after_repeat(game: Game) -> None:
    applied: dict[tuple, int] = {}
    cut: set[tuple] = set()
    while not game.lost:
        batch = None
        for check in rule_effects.CHECKS:
            found = check(game)
            if found is None:
                continue
            repeated = tuple(a for a in found[0] if applied.get(a, 0) >= 2)
            if not repeated:
                batch = found
                break
            if repeated not in cut:
                cut.add(repeated)
                game.log("loop_cut", repeated=[[str(x) for x in a] for a in repeated])
        if batch is None:
            break
        atoms, apply = batch
        for a in atoms:
            applied[a] = applied.get(a, 0) + 1
        game.priority = None
        apply()
    game.rules_checked_at = game.changes
    game.rules_cut = frozenset(a for repeated in cut for a in repeated)


@mutant("blind3-loop-cut-after-repetition", "classic:503.1.p2#1", "classic:503.1.ex1#4")
class LoopCutAfterRepetition(EngineModules):
    """503.1.p2 «прерывается перед первым повторением» read as «после первого повторения»: the repeated effect is
    applied once more before the sequence is cut (Грибынычи: the effects are laid on again and stay)."""

    MODULES = {"rule_effects": types.SimpleNamespace(**{**vars(rule_effects), "run": _run_cut_after_repeat})}


@mutant("blind3-rule-effects-after-ability", "classic:503.1.p1#2")
class RuleEffectsAfterAbility(Game):
    """503.1.p1 «сразу, как только становятся актуальными» read as «между игродействиями»: rule effects wait until
    the ability's last effect is applied (a creature with lethal wounds after its first effect is healed by its
    second and lives)."""

    def rule_effects_between(self, entry: Entry) -> None:
        return None


# ------------------------------------------------------------------------------------------ heroes 115 (statics)
@mutant("blind3-statics-newest-first", "heroes:115.4#1")
class StaticsNewestFirst(Game):
    """115.4 «в порядке появления» read backwards: the static of the card that appeared last is applied first (the
    older card's «сила удара равна …» wins over the newer card's bonus)."""

    def wanted_static_effects(self) -> dict[tuple, tuple[str, int, tuple]]:
        wanted = super().wanted_static_effects()
        return {k: (kind, amount, (0, -order[1], order[2], order[3]))
                for k, (kind, amount, order) in wanted.items()}


@mutant("blind3-static-kept-after-condition", "heroes:115.1#3")
class StaticKeptAfterCondition(Game):
    """115.1 «Эффект снимается, как только карта перестаёт удовлетворять этому условию» missed: a static's effect is
    removed only when its source loses the ability or leaves play, not when the affected card stops meeting the
    condition (it stops standing next to the source)."""

    def wanted_static_effects(self) -> dict[tuple, tuple[str, int, tuple]]:
        wanted = super().wanted_static_effects()
        for e in self.effects:
            key = e.static_key
            if key is None or key in wanted:
                continue
            source, target = self.cards[key[0]], self.cards[key[3]]
            ab = self.ability_of(source, key[1]) if self.in_play(source) else None
            spec = ab.effects[key[2]] if ab is not None and key[2] < len(ab.effects) else None
            if spec is not None and self.in_play(target) and \
                    not self.static_segment_over(source, self.controller(source), spec):
                wanted[key] = (e.kind, e.amount, e.order)
        return wanted


@mutant("blind3-static-respects-protection", "heroes:115.1.p1#3")
class StaticRespectsProtection(Game):
    """115.1.p1 «влияют на карты, не выбирая их целью» missed: a card that «не может быть целью» the source's
    abilities is not affected by its static either."""

    def wanted_static_effects(self) -> dict[tuple, tuple[str, int, tuple]]:
        wanted = super().wanted_static_effects()
        out = {}
        for key, value in wanted.items():
            source, target = self.cards[key[0]], self.cards[key[3]]
            ab = self.ability_of(source, key[1])
            if target is not source and self.protected_from(target, ab, self.controller(source)):
                continue
            out[key] = value
        return out


@mutant("blind3-static-segment-ignored", "heroes:115.1#1")
class StaticSegmentIgnored(Game):
    """115.1 «в течение указанного игрового отрезка» dropped: a static acts the whole game, its «до конца хода»
    notwithstanding."""

    def static_segment_over(self, source: Card, you: str, spec: EffectSpec) -> bool:
        return False

    def static_segment_end(self, source: Card, you: str, spec: EffectSpec) -> int | None:
        return None


@mutant("blind3-static-waits-a-turn", "heroes:115.1.p1#2")
class StaticWaitsATurn(Game):
    """115.1.p1 «Появившись, постоянная способность сразу же применяет эффекты» missed: the static of a card that came
    into play this turn applies from the next turn on."""

    def wanted_static_effects(self) -> dict[tuple, tuple[str, int, tuple]]:
        wanted = super().wanted_static_effects()
        fresh = {c.id for c in self.cards.values() if self.in_play(c) and c.appeared_turn == self.turn
                 and _appeared_at(self, c) is not None}
        return {k: v for k, v in wanted.items() if k[0] not in fresh}


# ------------------------------------------------------------------------------------------ heroes 114 (activated)
@mutant("blind3-activation-in-any-turn", "heroes:114.1.p1#1")
class ActivationInAnyTurn(Game):
    """heroes 114.1.p1 «его хода» dropped: an activated ability may be declared in the Choice phase of either
    player's turn (main step, empty Queue), by whoever holds priority."""

    def _check_activation_window(self, player: str) -> None:
        if self.edition.name == "heroes":
            if self.step != "main" or self.stack:
                super()._check_activation_window(player)
            return
        super()._check_activation_window(player)


@mutant("blind3-heroes-pays-after", "heroes:113.3.dup2#1")
class HeroesPaysAfter(Game):
    """heroes 113.3 «Оплата … происходит до её выполнения» missed (the classic order kept): an activated ability is
    paid at its payment stage, after it was executed."""

    def _pay(self, entry: Entry) -> None:
        if self.edition.payment == "before" and entry.step == "declared":
            return
        super()._pay(entry)


@mutant("blind3-heroes-activated-unlimited", "heroes:113.3.dup2.p1#1")
class HeroesActivatedUnlimited(Game):
    """heroes 113.3.p1 «Каждую активируемую способность … не более одного раза за ход» missed: an activated ability
    is limited only by a printed «(один раз за ход)»."""

    def _once_per_turn(self, ab: Ability) -> bool:
        if ab.kind == "activated":
            return ab.once_per_turn
        return super()._once_per_turn(ab)


@mutant("blind3-printed-limit-ignored", "asm:classic-activated-repeat")
class PrintedLimitIgnored(Game):
    """A classic activated ability's printed «(один раз за ход)» ignored, since no classic sentence limits
    activations: it may be declared again in the same turn."""

    def _once_per_turn(self, ab: Ability) -> bool:
        if ab.kind == "activated" and self.edition.name == "classic":
            return False
        return super()._once_per_turn(ab)


# ------------------------------------------------------------------------------------------ classic 536
@mutant("blind3-generated-attack-defended", "classic:536.2.b#2", "classic:536.4.ex1#4")
class GeneratedAttackDefended(Game):
    """536.2.b «игроки не могут объявлять перенаправления (в том числе назначение защитника)» missed: a defender (and
    a redirection) may be declared against a generated attack, as against a declared one."""

    def _resolve_step(self, entry: Entry) -> None:
        if entry.kind == "attack" and entry.generated and entry.step == "target_resolution":
            entry.generated = False
            try:
                super()._resolve_step(entry)
            finally:
                entry.generated = True
            return
        super()._resolve_step(entry)


@mutant("blind3-generated-attack-paid", "classic:536.2.c#1", "classic:536.1#4")
class GeneratedAttackPaid(Game):
    """536.2.c «Этап оплаты для него не выполняется» missed: the creature that performed a generated attack closes
    after it, as an attacker does."""

    def _payment(self, entry: Entry) -> None:
        if entry.kind == "attack" and entry.generated:
            entry.generated = False
            try:
                super()._payment(entry)
            finally:
                entry.generated = True
            return
        super()._payment(entry)


@mutant("blind3-generated-attack-open", "classic:536.4#1")
class GeneratedAttackOpen(Game):
    """536.4 «атака наносится как по закрытой карте» missed: a generated attack on an open card is read from the
    open table — its target's player rolls too, and may strike back."""

    def _generate_attack(self, entry: Entry, spec: EffectSpec, groups: list) -> bool:
        done = super()._generate_attack(entry, spec, groups)
        if done:
            gen = next(e for e in reversed(self.stack) if e.generated and e.kind == "attack")
            gen.data["as_closed"] = False
        return done


@mutant("blind3-generated-by-generator-controller", "classic:536.5#2")
class GeneratedByGeneratorController(Game):
    """536.5 «атаку выполняет карта-источник атаки (и игрок, контролирующий эту карту)» missed: a generated attack is
    made by the player of the generating ability (as if he took the performer under control for it)."""

    def _generate_attack(self, entry: Entry, spec: EffectSpec, groups: list) -> bool:
        top = self.stack[-1] if self.stack else None
        done = super()._generate_attack(entry, spec, groups)
        if done and self.stack and self.stack[-1] is not top:
            self.stack[-1].controller = entry.controller
        return done


@mutant("blind3-generator-unpaid", "classic:536.1#4")
class GeneratorUnpaid(Game):
    """536.1 «но породившее их игродействие оплачивается по общим правилам» missed: an ability that generated an
    action is not paid either (its card does not close)."""

    def _payment(self, entry: Entry) -> None:
        if entry.kind == "ability" and any(h["kind"] == "declare" and h["info"].get("generated_by") == entry.id
                                           for h in self.history):
            entry.data["paid"] = True
            return
        super()._payment(entry)


@mutant("blind3-generated-after-generator", "classic:536.2.a#1", "classic:536.2.d#1")
class GeneratedAfterGenerator(Game):
    """536.2 read as «the generated action follows the ability»: it goes under the generating ability on the stack,
    so the ability is executed (and paid) to its end first, and the generated action after it."""

    def _generate_attack(self, entry: Entry, spec: EffectSpec, groups: list) -> bool:
        top = self.stack[-1] if self.stack else None
        done = super()._generate_attack(entry, spec, groups)
        if done and self.stack and self.stack[-1] is not top and entry in self.stack:
            gen = self.stack.pop()
            self.stack.insert(self.stack.index(entry), gen)
        return done


@mutant("blind3-generated-without-legality", "classic:536.2.a#1")
class GeneratedWithoutLegality(Game):
    """536.2.a «поместить можно только игродействие, удовлетворяющее проверкам легальности» missed: a generated
    attack is made even when its performer does not stand next to its target."""

    def adjacent(self, a: Card, b: Card) -> bool:
        if getattr(self, "_generating", False):
            return a.id != b.id
        return super().adjacent(a, b)

    def _generate_attack(self, entry: Entry, spec: EffectSpec, groups: list) -> bool:
        self._generating = True
        try:
            return super()._generate_attack(entry, spec, groups)
        finally:
            self._generating = False

    def _targets_legal(self, entry: Entry) -> bool:
        if entry.kind == "attack" and entry.generated:
            a, t = self.cards[entry.source], self.cards[entry.targets[0]]
            return a.zone == "battlefield" and t.zone == "battlefield"
        return super()._targets_legal(entry)


# ------------------------------------------------------------------------------------------ classic 537
@mutant("blind3-history-owner-not-controller", "classic:537.1.e#1")
class HistoryOwnerNotController(Game):
    """537.1.e «игроке, который контролировал источник на момент заявки» read as its owner: a declaration records
    the owner of its source, whoever controlled it."""

    def log(self, kind: str, source: str | None = None, targets: list[str] | None = None,
            controller: str | None = None, parent: str | None = None, resources: list[str] | None = None,
            **info: Any) -> str:
        if kind == "declare" and source in self.cards:
            controller = self.cards[source].owner
        return super().log(kind, source, targets, controller, parent, resources, **info)


@mutant("blind3-conditional-no-parent", "classic:537.1.f#1")
class ConditionalNoParent(Game):
    """537.1.f «(для срабатывающих и условно играемых особенностей)» half read: a triggered ability records the
    action that generated it, a conditionally played one (Вальхалла) records none."""

    def condition_parent(self, query: str | None, card_id: str, you: str) -> str | None:
        return None


@mutant("blind3-valhalla-any-attack", "classic:537.2.ex1#1")
class ValhallaAnyAttack(Game):
    """537.2.ex1 «погибло от атаки карты противника» read without «противника»: a creature killed by an attack of its
    own side may use Вальхалла too."""

    def history_events(self, query: str, you: str) -> list[tuple[str, str]]:
        if query != "died_from_enemy_attack":
            return super().history_events(query, you)
        out = []
        for i, h in enumerate(self.history):
            dead = h["targets"] or h["info"].get("cards") or []
            if h["kind"] in ("rule_effect", "death") and h["info"].get("effect") == "death" and dead:
                cause = self.entry_of(h["parent"])
                if cause and cause["kind"] == "strike" and self._same_object(dead[0], i):
                    out.append((dead[0], h["id"]))
        return out


@mutant("blind3-previous-turn-own", "classic:537.2.ex2#1", "classic:537.3.ex1#1")
class PreviousTurnOwn(Game):
    """«в прошлый ход» read as the player's own previous turn (two turns back): a creature that moved in the
    opponent's last turn counts as not moved."""

    def _moved_in_previous_turn(self, card: Card) -> bool | None:
        previous = self.turn - 2
        if previous < 1:
            return None
        return any(h["kind"] == "move" and h["source"] == card.id and h["turn"] == previous
                   and i >= card.since for i, h in enumerate(self.history))


@mutant("blind3-identity-through-deck", "classic:537.4#1")
class IdentityThroughDeck(Game):
    """537.4 «из любой игровой зоны, кроме колоды» read without «кроме колоды»: a card that went through the deck is
    still the object the battle history names."""

    def _same_object(self, card_id: str | None, index: int) -> bool:
        return True


@mutant("blind3-identity-lost-in-hand", "classic:537.4#1")
class IdentityLostInHand(Game):
    """537.4 read as «существа в игре»: a card returned to the hand is a new object, and the battle history's past
    actions are no longer its own (as for the deck)."""

    def log(self, kind: str, source: str | None = None, targets: list[str] | None = None,
            controller: str | None = None, parent: str | None = None, resources: list[str] | None = None,
            **info: Any) -> str:
        hid = super().log(kind, source, targets, controller, parent, resources, **info)
        if kind == "zone" and info.get("zone") == "hand":
            for t in targets or []:
                if t in self.cards:
                    self.cards[t].since = len(self.history)
        return hid


@mutant("blind3-attacked-in-any-turn", "classic:537.2#1")
class AttackedInAnyTurn(Game):
    """A condition «атаковало ваше существо в этот ход» read without «в этот ход»: an attack of an earlier turn
    counts too."""

    def history_events(self, query: str, you: str) -> list[tuple[str, str]]:
        if query != "attacked_your_creature_this_turn":
            return super().history_events(query, you)
        return [(h["source"], h["id"]) for i, h in enumerate(self.history) if h["kind"] == "strike"
                and h["info"].get("attack") != "answer"
                and h["info"].get("target_controller") == you and self._same_object(h["source"], i)]


@mutant("blind3-marks-are-markers", "classic:537.2#2")
class MarksAreMarkers(Game):
    """537.2 «эти маркеры не являются маркерами эффектов … не могут быть сняты» missed: an effect removing a card's
    markers also removes what the battle history says of it (its past attacks, its death by an enemy attack)."""

    def log(self, kind: str, source: str | None = None, targets: list[str] | None = None,
            controller: str | None = None, parent: str | None = None, resources: list[str] | None = None,
            **info: Any) -> str:
        hid = super().log(kind, source, targets, controller, parent, resources, **info)
        if kind == "effect" and info.get("effect") == "remove_markers":
            for t in targets or []:
                if t in self.cards:
                    self.cards[t].since = len(self.history)
        return hid


# ------------------------------------------------------------------------------------------ classic 538
@mutant("blind3-participle-at-declaration", "classic:538.1.b2#1")
class ParticipleAtDeclaration(Game):
    """538.1.b2 «если в момент наложения эффекта цель соответствует описанию [Условие]» read as at declaration:
    whether effect 2 replaces effect 1 is decided by the cell as it was when the ability was declared."""

    def _continue_declaration(self) -> None:
        top = self.stack[-1] if self.stack else None
        super()._continue_declaration()
        if self.declaring is None and self.stack and self.stack[-1] is not top:
            entry = self.stack[-1]
            groups = entry.data.get("target_groups", [])
            entry.data["occupied_at_declaration"] = {g: bool(self.on_cell(g)) for g in groups
                                                     if isinstance(g, str) and self.edition.is_cell(g)}

    def participle_condition(self, entry: Entry, cell: str | None) -> bool:
        seen = entry.data.get("occupied_at_declaration", {})
        if cell in seen:
            return bool(seen[cell])
        return super().participle_condition(entry, cell)


@mutant("blind3-effect1-replaceable", "classic:538.1.b4#2")
class Effect1Replaceable(Game):
    """538.1.b4 «за одним исключением – он не может быть замещён» missed: effect 1, applied after effect 2 succeeded,
    meets the target's replacements and preventions as any effect does."""

    @property
    def no_replacement(self) -> bool:  # type: ignore[override]
        return False

    @no_replacement.setter
    def no_replacement(self, value: bool) -> None:
        pass


# ------------------------------------------------------------------------------------------ the stack, priority
@mutant("blind3-priority-to-resolved-controller", "asm:priority-after-resolution")
class PriorityToResolvedController(Game):
    """After an entry resolves, priority goes to the player who controlled it, not to the active player."""

    def _advance(self) -> None:
        while self._pending is None and not self.lost:
            if (self.changes != self.rules_checked_at or self.VERIFY_SKIPS) and not self.rule_effects_wait():
                rule_effects.run(self)
            if self.lost:
                return
            top = self.next_entry()
            if top is not None and top.step != "declared":
                if self.before_waits(top):
                    if self._declare_next():
                        return
                    continue
                self._resolve_step(top)
                if top.step == "done":
                    remove_object(self.stack, top)
                    self.log("resolved", source=top.source, entry=top.id)
                    self.priority = None
                    self.resolved_by = top.controller
                continue
            if self._declare_next():
                self.__dict__.pop("resolved_by", None)
                return
            if self.priority is None:
                self._give_priority(self.__dict__.pop("resolved_by", None) or self.active)
            return


@mutant("blind3-passes-end-the-turn", "asm:empty-stack-pass")
class PassesEndTheTurn(Game):
    """Both players passing in succession with an empty stack/Queue ends the turn (as in other card games), instead
    of giving the active player priority again."""

    def _pass(self, player: str, action: dict) -> None:
        if self.passes == 1 and not self.stack and self.step == "main":
            self.log("pass", controller=player)
            self.passes = 0
            self._end_turn(self.active, {})
            return
        super()._pass(player, action)
