"""Blind misreadings, set 1: written from the rules text and the engine only, never the suite (who, when).

Each class is the reference engine with one plausible misreading of one rule of the corpus (classic 113, 503,
536–538; heroes 113–115), named by the sentences it misreads (harness/rules/sentences.py). Written without
reading the scenarios, the features, the expectations, the kill table or the suite's docs.

FIRST-TRY RECORD (2026-12-01; the suite = main at b9dbb9d95fdf9110974868b0bcfe34bb252cebb8; all 85 in one call of
`berserk-rules mutants --only … --json`, once; no mutant changed between writing and measuring):
- 85 mutants; killed 69: 67 by a «Тогда» check, 2 only by a driver step (an action the mutant refuses, a game it
  ends: blind1-activated-limit-never-reset, blind1-heroes-loses-without-creatures); no kill by an ERROR or a
  crash, so no crash fix was needed.
- first-try kill rate (killed by checks / all) = 67/85 = 78.8%.
- 16 survivors (each shown to differ from the reference on a board of its own, listed in the report of the
  branch blind1): blind1-subject-by-owner, blind1-limit-reset-on-reentry, blind1-decline-spends-limit,
  blind1-classic-triggers-once-a-turn, blind1-classic-activated-once-a-turn, blind1-classic-once-a-turn-ignored,
  blind1-deaths-one-at-a-time, blind1-uniqueness-by-owner, blind1-battle-start-when-played,
  blind1-opens-owners-cards, blind1-movement-owners-cards, blind1-this-turn-any-turn,
  blind1-attacked-controller-now, blind1-enemy-by-owner, blind1-participle-rule-effects-at-once,
  blind1-static-yours-by-owner.
- per mutant (killed, kind, killers): blind_set1.json beside this file.
(After the measurement only the docstring of blind1-loop-cut-after-repeat was corrected: it said the Грибынычи end
without abilities; the code lets each effect of the cycle apply twice, which ends as the reference does but with
a longer history.)

CLOSING (branch closer1, 2026-12-01, scenarios written from the text): blind1-subject-by-owner by
classic [113.2.ex1-70] and heroes [113.2.ex1-70] («вашего существа»: the one under your control);
blind1-static-yours-by-owner by heroes [115.1-70], [115.1-71] («другие ваши существа» of Знаменосец's controller);
blind1-classic-triggers-once-a-turn by classic [113.2-70], [113.2.ex2-70] (Мститель at each of two deaths, Ореос
at each of two heals); blind1-classic-once-a-turn-ignored by classic [113.2.ex1-71], [113.2.ex1-72] (Невтида's printed «(один раз за
ход)», in her own turn and in the opponent's); blind1-decline-spends-limit by heroes [113.4-70], [113.4.p1-70];
blind1-this-turn-any-turn by classic [537.2-70], [537.2-71] (Злопамятный: «атаковавшее в этот ход»);
blind1-uniqueness-by-owner by classic [503.1.b11-70], [503.1.b11-71] (on the new asm:uniqueness-squad: 503.1.b11
does not give the uniqueness rule itself);
blind1-opens-owners-cards and blind1-movement-owners-cards by classic [503.1.b2-70], [503.1.b12-70] (both rest
on asm:turn-start-open, which now says the cards of the active player's squad, since the bullets do not say whose).
Not closed: blind1-classic-activated-once-a-turn is no plain misreading of a sentence: no classic sentence limits
or allows repeating an activated ability in a turn (heroes 113.3.dup2.p1 is of heroes only), so a scenario
killing it needs a declared assumption first (a classic activated ability without «(один раз за ход)» may be
declared again while its cost can be paid). blind1-enemy-by-owner is no plain misreading either: a Воин Вальхаллы that dies while its owner's opponent
controls it goes to its owner's graveyard, and there «погиб от атаки карты противника» can be read against the
player who controlled it when it died (the kit) or against the player using Вальхалла now, its owner (the mutant:
attacker's controller ≠ owner); the text does not say whose «противник», so this wants a reading group in
rules/assumptions.yaml (with a scenario per reading), not a scenario asserting one. The others are still open
(see the branch's report).

CLOSING 2 (branches closer2a and closer2b, 2026-12-02): blind1-limit-reset-on-reentry, blind1-attacked-controller-now,
blind1-deaths-one-at-a-time, blind1-battle-start-when-played, blind1-participle-rule-effects-at-once,
blind1-activated-limit-never-reset and blind1-heroes-loses-without-creatures are killed by «Тогда» checks of
two scenarios or more (some under new declared assumptions: heroes-limit-survives-reentry,
attacked-creature-at-attack, battle-start-played-open), blind1-enemy-by-owner under ASM
valhalla-controller-at-death. blind1-classic-activated-once-a-turn is still alive and left out of the registry
(see the comment above its class).

CLOSING 3 (2026-12-02): blind1-classic-activated-once-a-turn is registered again, killed by «Тогда» checks of classic
[classic-activated-repeat-1] and [classic-activated-repeat-2] under the new ASM classic-activated-repeat (no classic
sentence limits an activated ability per turn; the assumption declares the kit's reading): a second «молния» of
Чародей is refused for want of a target, not as «один раз за ход». All 85 mutants of the set are registered.
The four killed by one scenario's checks only got a second: blind1-lethal-ignores-additional [503.1.b5-94],
blind1-host-left-squad [503.1.b8-94], blind1-loses-battlefield-only [503.1.b18-94], blind1-substitution-sticky
[503.1.b19-94]; every mutant of both sets is killed by «Тогда» checks of two scenarios or more.
"""

from __future__ import annotations

import dataclasses
import types
from typing import Any

from engine import Game, rule_effects
from engine.model import IN_PLAY, Filter, remove_object
from engine.triggered import POISON
from harness.quality.mutants import EngineModules, mutant, replace_check, rule_effects_variant


def _modules(checks: list | None = None, run: Any = None, clamp: Any = None) -> dict[str, Any]:
    """A `rule_effects` stand-in for EngineModules: another loop (`run`), other checks, another clamp."""
    base = rule_effects_variant(checks) if run is None else types.SimpleNamespace(run=run)
    return {"rule_effects": types.SimpleNamespace(run=base.run, clamp_roll=clamp or rule_effects.clamp_roll,
                                                  CHECKS=checks or rule_effects.CHECKS)}


# ================================================================================ classic / heroes 113: who declares
@mutant("blind1-trigger-declarer-owner", "classic:113.2.ex1#6", "asm:trigger-declarer")
class TriggerDeclarerOwner(Game):
    """«приоритет получает владелец Мстителя и объявляет его особенность» read as a rule: a triggered ability is
    always declared by its card's owner, even while the opponent controls the card."""

    def declarer(self, fired: Any) -> str:
        return self.cards[fired.card].owner


@mutant("blind1-trigger-declarer-at-firing", "classic:113.2.ex1#6", "classic:113.2#2")
class TriggerDeclarerAtFiring(Game):
    """A triggered ability is declared by the player who controlled its card when the condition was met, not by
    whoever controls it when priority comes (113.2.ex1: Невтида's player would declare Мститель's ability)."""

    def _add_fired(self, card: Any, key: str, hid: str, parent: Any, subject: Any, optional: bool) -> None:
        super()._add_fired(card, key, hid, parent, subject, optional)
        self.__dict__.setdefault("fired_by", {})[self.fired[-1].id] = self.controller(card)

    def declarer(self, fired: Any) -> str:
        return self.__dict__.get("fired_by", {}).get(fired.id) or super().declarer(fired)


@mutant("blind1-your-is-owner", "classic:113.2.ex1#1", "heroes:113.2.ex1#1")
class YourIsOwner(Game):
    """«вашего существа» in a trigger condition is read from the ability card's owner, not from its controller:
    a card taken under control still watches its owner's creatures."""

    def trigger_subject_matches(self, t: Any, subject: Any, card: Any, you: str) -> bool:
        return super().trigger_subject_matches(t, subject, card, card.owner)


@mutant("blind1-subject-by-owner", "classic:113.2.ex1#1", "heroes:113.2.ex1#1")
class SubjectByOwner(Game):
    """«гибели вашего существа»: the creature the event happens to is «yours» when you own it, whoever controls
    it (the dying creature's owner is compared, not its controller)."""

    def trigger_subject_matches(self, t: Any, subject: Any, card: Any, you: str) -> bool:
        f = t.subject
        if f.controller != "any":
            if not self.relative(f.controller, subject.owner, you):
                return False
            f = dataclasses.replace(f, controller="any")
        return self.matches(f, subject, card, you)


_NO_TURN: dict[int, Any] = {}


@mutant("blind1-in-your-turn-dropped", "heroes:113.2.ex1#1")
class InYourTurnDropped(Game):
    """«в ваш ход» of a trigger condition is dropped: «При гибели вашего существа в ваш ход …» (Падальщик
    Пустоши) fires in the opponent's turn too."""

    def abilities_of(self, card: Any) -> tuple:
        out = []
        for ab in super().abilities_of(card):
            if ab.trigger is not None and ab.trigger.in_your_turn:
                kept = _NO_TURN.get(id(ab))
                if kept is None or kept[0] is not ab:
                    kept = _NO_TURN[id(ab)] = (ab, dataclasses.replace(
                        ab, trigger=dataclasses.replace(ab.trigger, in_your_turn=False)))
                ab = kept[1]
            out.append(ab)
        return tuple(out)


# ================================================================================ thresholds
@mutant("blind1-at-most-strict", "classic:113.2.ex1#2")
class AtMostStrict(Game):
    """«становится 4 или менее текущих жизней» read as «менее 4»: the ability fires only when the lives go
    below N, not when they reach exactly N."""

    def fire(self, event: str, hid: str, subject: Any, **ctx: Any) -> None:
        if event == "lives_at_most" and "crossing" in ctx:
            before, after = ctx["crossing"]
            ctx["crossing"] = (before + 1, after + 1)
        super().fire(event, hid, subject, **ctx)


@mutant("blind1-at-most-plus-one", "classic:113.2.ex1#2")
class AtMostPlusOne(Game):
    """«4 или менее» read one too high (as «не более 5»): the ability fires when the lives go to N + 1."""

    def fire(self, event: str, hid: str, subject: Any, **ctx: Any) -> None:
        if event == "lives_at_most" and "crossing" in ctx:
            before, after = ctx["crossing"]
            ctx["crossing"] = (before - 1, after - 1)
        super().fire(event, hid, subject, **ctx)


@mutant("blind1-heal-more-than-two", "classic:113.2.ex2#1")
class HealMoreThanTwo(Game):
    """Ореос «фактически излечилось на 2 или более раны» read as «более 2»: a healing of exactly the threshold
    does not fire the ability."""

    def fire(self, event: str, hid: str, subject: Any, **ctx: Any) -> None:
        if event == "healed" and "amount" in ctx:
            ctx["amount"] = ctx["amount"] - 1
        super().fire(event, hid, subject, **ctx)


# ================================================================================ once a turn
def _declared_ever(game: Game, card_id: str, key: str) -> bool:
    return any(h["kind"] == "declare" and h["source"] == card_id and h["info"].get("ability") == key
               for h in game.history)


@mutant("blind1-trigger-limit-never-reset", "heroes:113.4.p1#1")
class TriggerLimitNeverReset(Game):
    """«не более одного раза за ход» read as once a game: the once-a-turn limit of a triggered ability is never
    reset at the start of a new turn."""

    def used_this_turn(self, card_id: str, key: str) -> bool:
        ab = self.cards[card_id].definition.ability(key)
        if ab is not None and ab.kind == "triggered":
            return _declared_ever(self, card_id, key)
        return super().used_this_turn(card_id, key)


@mutant("blind1-activated-limit-never-reset", "heroes:113.3.dup2.p1#1")
class ActivatedLimitNeverReset(Game):
    """«Каждую активируемую способность можно заявлять не более одного раза за ход» read as once a game: the
    limit of an activated ability is not reset in a later turn."""

    def used_this_turn(self, card_id: str, key: str) -> bool:
        ab = self.cards[card_id].definition.ability(key)
        if ab is not None and ab.kind == "activated":
            return _declared_ever(self, card_id, key)
        return super().used_this_turn(card_id, key)


@mutant("blind1-limit-reset-on-reentry", "heroes:113.4.p1#1", "classic:537.4#1")
class LimitResetOnReentry(Game):
    """A card that leaves play and comes back in the same turn is a new card for the once-a-turn limit: what it
    declared before it left no longer counts."""

    def enter_battlefield(self, card: Any, cell: Any) -> None:
        super().enter_battlefield(card, cell)
        self.__dict__.setdefault("entered", {})[card.id] = len(self.history)

    def used_this_turn(self, card_id: str, key: str) -> bool:
        since = self.__dict__.get("entered", {}).get(card_id, 0)
        return any(h["kind"] == "declare" and h["turn"] == self.turn and h["source"] == card_id
                   and h["info"].get("ability") == key and i >= since for i, h in enumerate(self.history))


class _SpentLimit(Game):
    """Base: some non-declarations spend the once-a-turn limit too (kept per turn, card, ability)."""

    def spend(self, card_id: str, key: str) -> None:
        self.__dict__.setdefault("spent", []).append((self.turn, card_id, key))

    def used_this_turn(self, card_id: str, key: str) -> bool:
        return super().used_this_turn(card_id, key) or (self.turn, card_id, key) in self.__dict__.get("spent", [])


@mutant("blind1-illegal-declaration-spends-limit", "heroes:113.7#1", "heroes:113.7.ex1#2")
class IllegalDeclarationSpendsLimit(_SpentLimit):
    """A triggered ability whose declaration became illegal (its trigger subject gone, no legal target) still uses
    up its once-a-turn limit (heroes 113.7: «ограничение 1 раз за ход не применится» ignored): Талитха cannot use
    the second trigger point."""

    def _why_not_declarable(self, fired: Any) -> str | None:
        why = super()._why_not_declarable(fired)
        if why in ("trigger_subject_left_play", "no_target"):
            card = self.cards[fired.card]
            ab = self.ability_of(card, fired.ability)
            if ab is not None and self._once_per_turn(ab):
                self.spend(card.id, ab.key)
        return why


@mutant("blind1-decline-spends-limit", "heroes:113.4#2")
class DeclineSpendsLimit(_SpentLimit):
    """«он не сможет уже объявить её на это срабатывание» read as «в этот ход»: declining a «может» trigger uses
    up its once-a-turn limit, so a later triggering in the same turn cannot be declared."""

    def _on_declare_trigger(self, p: dict, choice: Any) -> None:
        if choice is None:
            for f in [f for f in self.fired if self.declarer(f) == p["player"] and f.optional]:
                self.spend(f.card, f.ability)
        super()._on_declare_trigger(p, choice)


@mutant("blind1-classic-triggers-once-a-turn", "heroes:113.4.p1#1", "classic:113.2#2")
class ClassicTriggersOnceATurn(Game):
    """Heroes read into classic: every classic triggered ability may be declared at most once a turn (heroes
    113.4.p1), though the classic text limits only those that say «(один раз за ход)»."""

    def _once_per_turn(self, ab: Any) -> bool:
        if ab is not POISON and ab.kind == "triggered":
            return True
        return super()._once_per_turn(ab)


@mutant("blind1-heroes-triggers-unlimited", "heroes:113.4.p1#1")
class HeroesTriggersUnlimited(Game):
    """Heroes 113.4.p1 «не более одного раза за ход» is dropped: a heroes triggered ability without «(один раз за
    ход)» in its text may be declared every time it triggers."""

    def _once_per_turn(self, ab: Any) -> bool:
        if ab.kind == "triggered":
            return ab is not POISON and ab.once_per_turn
        return super()._once_per_turn(ab)


@mutant("blind1-heroes-activated-unlimited", "heroes:113.3.dup2.p1#1")
class HeroesActivatedUnlimited(Game):
    """Heroes 113.3.dup2.p1 «Каждую активируемую способность можно заявлять не более одного раза за ход» dropped:
    an activated ability whose cost can be paid again may be declared twice in a turn."""

    def _once_per_turn(self, ab: Any) -> bool:
        if ab.kind == "activated":
            return ab.once_per_turn
        return super()._once_per_turn(ab)


# Registered again (2026-12-02, the third closing): killed by «Тогда» checks of [classic-activated-repeat-1] and
# [-2], under ASM classic-activated-repeat (the corpus has no classic limit; the assumption says the kit's reading).
@mutant("blind1-classic-activated-once-a-turn", "heroes:113.3.dup2.p1#1", "asm:classic-activated-repeat")
class ClassicActivatedOnceATurn(Game):
    """Heroes read into classic: a classic activated ability may be declared at most once a turn, though no
    classic sentence says so."""

    def _once_per_turn(self, ab: Any) -> bool:
        if ab.kind == "activated":
            return True
        return super()._once_per_turn(ab)


@mutant("blind1-classic-once-a-turn-ignored", "classic:113.2.ex1#2")
class ClassicOnceATurnIgnored(Game):
    """In classic the «(один раз за ход)» of a card's text (Невтида) is read as a reminder of nothing: the ability
    may be declared again in the same turn."""

    def _once_per_turn(self, ab: Any) -> bool:
        if self.edition.name == "classic":
            return False
        return super()._once_per_turn(ab)


# ================================================================================ «может», trigger points, order
@mutant("blind1-mandatory-may-decline", "heroes:113.3#1")
class MandatoryMayDecline(Game):
    """Heroes 113.3 «игрок обязан объявить» read as permission: every heroes triggered ability may be left
    undeclared, «может» or not."""

    def _add_fired(self, card: Any, key: str, hid: str, parent: Any, subject: Any, optional: bool) -> None:
        optional = optional or (self.edition.name == "heroes" and key != POISON.key)
        super()._add_fired(card, key, hid, parent, subject, optional)


@mutant("blind1-first-trigger-point-only", "heroes:113.6#1", "heroes:113.6.ex1#3")
class FirstTriggerPointOnly(Game):
    """Heroes 113.6: when one triggered ability triggers several times, only its first trigger point is kept (the
    player cannot choose which of them to use: Талитха always gets the first creature shot)."""

    def _add_fired(self, card: Any, key: str, hid: str, parent: Any, subject: Any, optional: bool) -> None:
        if self.edition.name == "heroes" and any(f.card == card.id and f.ability == key for f in self.fired):
            return
        super()._add_fired(card, key, hid, parent, subject, optional)


@mutant("blind1-last-trigger-point-only", "heroes:113.6#1", "heroes:113.6.ex1#2")
class LastTriggerPointOnly(Game):
    """Heroes 113.6: a new trigger point of an ability replaces the one that waits; only the last one can be used."""

    def _add_fired(self, card: Any, key: str, hid: str, parent: Any, subject: Any, optional: bool) -> None:
        if self.edition.name == "heroes":
            for f in [f for f in self.fired if f.card == card.id and f.ability == key]:
                remove_object(self.fired, f)
        super()._add_fired(card, key, hid, parent, subject, optional)


@mutant("blind1-triggers-in-firing-order", "heroes:113.6#1", "classic:113.2#2")
class TriggersInFiringOrder(Game):
    """A player does not choose the order of his waiting triggered abilities: he must declare them in the order
    they triggered (only the oldest is offered)."""

    def _declare_next(self) -> bool:
        found = super()._declare_next()
        p = self.pending
        if found and p is not None and p["kind"] == "declare_trigger":
            options = [o for o in p["options"] if o is not None]
            self.pending = {**p, "options": options[:1] + [o for o in p["options"] if o is None]}
        return found


def _flipped(group: str) -> Any:
    def init(self: Game, setup: dict, definitions: dict, readings: dict | None = None) -> None:
        from engine.readings import READINGS, resolve
        now = resolve(readings)[group]
        other = next(r for r in READINGS[group] if r != now)
        Game.__init__(self, setup, definitions, {**(readings or {}), group: other})
    return init


@mutant("blind1-classic-inactive-declares-first", "asm:classic-trigger-order")
class ClassicInactiveFirst(Game):
    """Classic simultaneous triggers of both players: the one declared first is the other reading's (the inactive
    player's first under the default, and the reverse)."""

    __init__ = _flipped("classic-trigger-order")


@mutant("blind1-heroes-active-declares-first", "asm:heroes-trigger-order")
class HeroesActiveFirst(Game):
    """Heroes simultaneous triggers of both players: the other reading's player declares first (the active player
    under the default)."""

    __init__ = _flipped("heroes-trigger-order")


@mutant("blind1-triggers-wait-empty-stack", "classic:113.2#2", "heroes:113.2#2")
class TriggersWaitEmptyStack(Game):
    """«объявляется, как только игрок получает приоритет» read as «once the stack is empty»: triggered abilities
    wait while anything is on the stack/Queue."""

    def _declare_next(self) -> bool:
        if self.stack:
            return False
        return super()._declare_next()


# ================================================================================ trigger words: До / При / После
@mutant("blind1-after-fires-unpaid", "classic:113.3#2", "asm:after-needs-payment")
class AfterFiresUnpaid(Game):
    """«После [текст]» fires at the payment stage even when no payment was made (the attacker left play before it
    closed, the ability cost nothing)."""

    def after_payment_made(self, payment: Any) -> bool:
        return True


@mutant("blind1-at-fires-at-declaration", "classic:113.3#1")
class AtFiresAtDeclaration(Game):
    """«При [текст]» fires when [текст] is declared, as «До» does, not when it is carried out: «при атаке» fires
    at the declaration of the attack, «при выполнении особенности» at its declaration."""

    def fire(self, event: str, hid: str, subject: Any, **ctx: Any) -> None:
        if ctx.get("phase") is None and not self.__dict__.get("at_declaration") and (
                event == "ability_executed" or (event == "attack" and ctx.get("attack") == "simple")):
            return
        super().fire(event, hid, subject, **ctx)

    def fire_before(self, event: str, hid: str, subject: Any, **ctx: Any) -> None:
        super().fire_before(event, hid, subject, **ctx)
        if event in ("attack", "ability_executed"):
            self.__dict__["at_declaration"] = True
            try:
                super().fire(event, hid, subject, **ctx)
            finally:
                self.__dict__["at_declaration"] = False


@mutant("blind1-before-at-execution", "classic:113.2#1", "asm:trigger-word-do")
class BeforeAtExecution(Game):
    """«До [действие]» is read like «При»: it fires when the action is carried out, so it is executed after it,
    not before."""

    def fire_before(self, event: str, hid: str, subject: Any, **ctx: Any) -> None:
        return

    def before_fires(self, event: str, subject: Any, **ctx: Any) -> bool:
        return False

    def fire(self, event: str, hid: str, subject: Any, **ctx: Any) -> None:
        super().fire(event, hid, subject, **ctx)
        if ctx.get("phase") is None and event in self.edition.before_events:
            super().fire(event, hid, subject, **{**ctx, "phase": "before"})


@mutant("blind1-attack-trigger-needs-wounds", "classic:113.2.p1#1")
class AttackTriggerNeedsWounds(Game):
    """«независимо от силы и величины этой атаки» dropped: a trigger on an attack fires only when the attack dealt
    some wounds (a strike of 0, or none from the table, does not fire it)."""

    def fire(self, event: str, hid: str, subject: Any, **ctx: Any) -> None:
        if event == "attack" and ctx.get("phase") is None and ctx.get("amount", 1) <= 0:
            return
        super().fire(event, hid, subject, **ctx)


@mutant("blind1-partial-execution-fires", "classic:113.2.p2#1", "classic:113.2.p2#3")
class PartialExecutionFires(Game):
    """«на полное выполнение текста» dropped: a trigger on a воздействие/заклинание fires on its execution even when
    a declared target was lost before it applied."""

    def executed_in_full(self, full: bool) -> bool:
        return True


@mutant("blind1-all-includes-protected", "classic:113.2.p2#2")
class AllIncludesProtected(Game):
    """«выбираются все легальные цели, а нелегальные … игнорируются» misread: an «все карты …» target takes every
    card meeting the condition, a card that cannot be its target too."""

    def target_options(self, source: Any, f: Any, you: str, chosen: list, ability: Any = None) -> list:
        if not f.all:
            return super().target_options(source, f, you, chosen, ability)
        self.__dict__["choosing_all"] = True
        try:
            return super().target_options(source, f, you, chosen, ability)
        finally:
            self.__dict__["choosing_all"] = False

    def protected_from(self, card: Any, ability: Any, you: str) -> bool:
        return False if self.__dict__.get("choosing_all") else super().protected_from(card, ability, you)


@mutant("blind1-all-at-resolution", "classic:113.2.p2#2")
class AllAtResolution(Game):
    """«нелегальные на момент заявки»: an «все карты …» target is read again when the ability is executed, not
    fixed at its declaration: a card that came into play (or began to meet the condition) meanwhile is affected too."""

    def _apply_ability(self, entry: Any) -> bool:
        if not entry.data.get("all_reread") and "effect_index" not in entry.data:
            entry.data["all_reread"] = True
            source = self.cards[entry.source]
            key = entry.data.get("part_key") or entry.ability or ""
            ab = self.ability_of(source, key)
            groups = list(entry.data.get("target_groups", []))
            if ab is not None and len(groups) == len(ab.targets) and any(f.all for f in ab.targets):
                for i, f in enumerate(ab.targets):
                    if f.all:
                        groups[i] = self.target_options(source, f, entry.controller, groups[:i], ab)
                entry.data["target_groups"] = groups
                entry.targets = [t for g in groups for t in (g if isinstance(g, list) else [g])]
                zones = entry.data.setdefault("target_zones", {})
                for t in entry.targets:
                    if t in self.cards:
                        zones.setdefault(t, self.cards[t].zone)
        return super()._apply_ability(entry)


# ================================================================================ classic 503: rule effects
def _lethal_one(game: Game) -> Any:
    """503.1.b5 misread: one card at a time."""
    dying = [c for c in game.sorted_cards() if game.in_play(c) and c.definition.type == "creature"
             and game.current_lives(c) <= 0][:1]
    if not dying:
        return None
    return ((("death", dying[0].id),),
            lambda: game.destroy(dying, effect="death", causes={dying[0].id: dying[0].last_hit}, rule=True))


@mutant("blind1-deaths-one-at-a-time", "classic:503.1.b5#1", "classic:113.2.ex1#5")
class DeathsOneAtATime(EngineModules):
    """Cards with lethal wounds are destroyed one after another (the first by id, then the loop runs again), not
    together: the second still stands when the first one's death fires triggers."""

    MODULES = _modules(replace_check(rule_effects.lethal_wounds, _lethal_one))


def _lethal_without_additional(game: Game) -> Any:
    dying = [c for c in game.sorted_cards() if game.in_play(c) and c.definition.type == "creature"
             and c.max_lives - c.negative - c.wounds <= 0]
    if not dying:
        return None
    return (tuple(("death", c.id) for c in dying),
            lambda: game.destroy(dying, effect="death", causes={c.id: c.last_hit for c in dying}, rule=True))


@mutant("blind1-lethal-ignores-additional", "classic:503.1.b5#1")
class LethalIgnoresAdditional(EngineModules):
    """«смертельного числа ран» counted against the printed lives only: additional lives do not keep a creature
    alive."""

    MODULES = _modules(replace_check(rule_effects.lethal_wounds, _lethal_without_additional))


def _cancel_all(game: Game) -> Any:
    both = [c for c in game.sorted_cards() if c.additional > 0 and c.negative > 0]
    if not both:
        return None

    def apply() -> None:
        for c in both:
            k = c.additional + c.negative
            c.additional = c.negative = 0
            game.log("rule_effect", targets=[c.id], effect="lives_cancel", amount=k)

    return tuple(("lives_cancel", c.id) for c in both), apply


@mutant("blind1-lives-cancel-all", "classic:503.1.b6#1")
class LivesCancelAll(EngineModules):
    """«снятие … отрицательных и дополнительных жизней в результате их взаимного сокращения» read as: both are
    removed entirely, not the smaller amount from each."""

    MODULES = _modules(replace_check(rule_effects.lives_cancel, _cancel_all))


def _at_max(quantity: str, maximum: str, effect: str) -> Any:
    def check(game: Game) -> Any:
        over = [c for c in game.sorted_cards() if getattr(c.definition, maximum) is not None
                and getattr(c, quantity) > 0 and getattr(c, quantity) >= getattr(c.definition, maximum)]
        if not over:
            return None

        def apply() -> None:
            for c in over:
                keep = max(0, getattr(c.definition, maximum) - 1)
                extra = getattr(c, quantity) - keep
                setattr(c, quantity, keep)
                game.log("rule_effect", targets=[c.id], effect=effect, amount=extra)

        return tuple((effect, c.id, getattr(c, quantity)) for c in over), apply
    check.__name__ = effect
    return check


@mutant("blind1-excess-lives-at-max", "classic:503.1.b16#1")
class ExcessLivesAtMax(EngineModules):
    """«как только количество жизней … превышает её максимум» read as «достигает»: additional lives at their maximum
    are already too many (one is removed)."""

    MODULES = _modules(replace_check(rule_effects.excess_lives, _at_max("additional", "max_additional_lives",
                                                                        "excess_lives")))


@mutant("blind1-excess-counters-at-max", "classic:503.1.b16#1")
class ExcessCountersAtMax(EngineModules):
    """«количество … (фишек) карты превышает её максимум … (фишек)» read as «достигает»: a card keeps one counter
    less than its maximum."""

    MODULES = _modules(replace_check(rule_effects.excess_counters, _at_max("counters", "max_counters",
                                                                          "excess_counters")))


def _host_left_squad(game: Game) -> Any:
    left = [c for c in game.sorted_cards() if game.in_play(c) and c.host is not None
            and game.cards[c.host].zone not in IN_PLAY]
    if not left:
        return None
    return (tuple(("host_left", c.id) for c in left),
            lambda: game.destroy(left, effect="host_left", causes={}, rule=True))


@mutant("blind1-host-left-squad", "classic:503.1.b8#1")
class HostLeftSquad(EngineModules):
    """«если хозяин покидает поле боя» read as «leaves the squad»: an equipment whose host flies up to the
    additional zone stays."""

    MODULES = _modules(replace_check(rule_effects.host_left, _host_left_squad))


def _unique_by_owner(game: Game) -> Any:
    seen: set = set()
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


@mutant("blind1-uniqueness-by-owner", "classic:503.1.b11#1")
class UniquenessByOwner(EngineModules):
    """The uniqueness rule counts the cards a player owns in play, not those in his squad: a unique card taken
    under control by the opponent still clashes with its owner's twin, and two twins in one squad of different
    owners do not clash."""

    MODULES = _modules(replace_check(rule_effects.uniqueness, _unique_by_owner))


@mutant("blind1-strike-roll-clamped", "classic:503.1.b13#1")
class StrikeRollClamped(Game):
    """«кроме случаев расчёта простого удара по Таблице ударов» dropped: a modified roll of a simple strike is
    clamped to 1–6 before the table is read."""

    def _apply_simple_strike(self, entry: Any) -> None:
        rolls = entry.data["rolls"]
        for role, cid in (("attacker", entry.source), ("defender", entry.targets[0])):
            if role in rolls:
                bonus = self.roll_bonus(self.cards[cid])
                rolls[role] = min(6, max(1, rolls[role] + bonus)) - bonus
        super()._apply_simple_strike(entry)


@mutant("blind1-effect-roll-unclamped", "classic:503.1.b13#1")
class EffectRollUnclamped(EngineModules):
    """The exception read as the rule: a modified roll of an effect is not clamped either (a roll of 6 + 2 wounds
    for 8)."""

    MODULES = _modules(clamp=lambda game, raw, parent: raw)


@mutant("blind1-battle-start-when-played", "classic:503.1.b14#1")
class BattleStartWhenPlayed(Game):
    """«начинает бой с [текст]» «при вскрытии карты» read as «when it comes into play»: a card played open gets
    its battle-start effect too."""

    def enter_battlefield(self, card: Any, cell: Any) -> None:
        super().enter_battlefield(card, cell)
        if not card.face_down:
            card.battle_started = False


@mutant("blind1-your-turn-is-this-turn", "classic:113.2.ex1#1", "classic:503.1.b15#1")
class YourTurnIsThisTurn(Game):
    """«до конца вашего хода» read as «до конца хода»: an effect given in the opponent's turn ends at the end of
    that turn."""

    def _until_turn(self, player: str, until: Any, since: Any = None) -> int:
        if until == "end_of_controller_turn":
            until = "end_of_turn"
        return super()._until_turn(player, until, since)


@mutant("blind1-no-shuffle-after-return", "classic:503.1.b17#1")
class NoShuffleAfterReturn(Game):
    """«после возвращения карты в колоду» dropped: a deck a card returned to is not shuffled (the card stays at
    the bottom)."""

    def to_deck(self, card: Any, hid: Any) -> None:
        super().to_deck(card, hid)
        if self.deck_dirty.get(card.owner) == "returned":
            self.deck_dirty.pop(card.owner)


def _loses_any_edition(game: Game) -> Any:
    squads = {game.controller(c) for c in game.cards.values() if c.definition.type == "creature" and game.in_play(c)}
    losing = [p for p in game.players if p not in game.lost and p not in squads]
    if not losing:
        return None

    def apply() -> None:
        for p in losing:
            game.lost.append(p)
            game.log("rule_effect", controller=p, effect="player_loses")

    return tuple(("loses", p) for p in losing), apply


@mutant("blind1-heroes-loses-without-creatures", "classic:503.1.b18#1")
class HeroesLosesWithoutCreatures(EngineModules):
    """Classic read into heroes: a heroes player with no creature in his squad loses (classic 503.1.b18 is a
    classic rule effect)."""

    MODULES = _modules(replace_check(rule_effects.player_loses, _loses_any_edition))


def _loses_battlefield_only(game: Game) -> Any:
    if not game.edition.loses_without_creatures:
        return None
    squads = {game.controller(c) for c in game.cards.values()
              if c.definition.type == "creature" and c.zone == "battlefield"}
    losing = [p for p in game.players if p not in game.lost and p not in squads]
    if not losing:
        return None

    def apply() -> None:
        for p in losing:
            game.lost.append(p)
            game.log("rule_effect", controller=p, effect="player_loses")

    return tuple(("loses", p) for p in losing), apply


@mutant("blind1-loses-battlefield-only", "classic:503.1.b18#1")
class LosesBattlefieldOnly(EngineModules):
    """«если в его отряде нет существ» read as «на поле боя»: a player whose only creatures fly (additional zone)
    loses."""

    MODULES = _modules(replace_check(rule_effects.player_loses, _loses_battlefield_only))


def _substitution_sticky(game: Game) -> Any:
    changes = []
    for c in game.sorted_cards():
        if not c.definition.has_substituting and not c.substituted:
            continue
        wanted = sorted(set(c.substituted) | {a.substitutes for a in c.definition.abilities
                                              if a.substitutes is not None and game.condition_met(c, a)})
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


@mutant("blind1-substitution-sticky", "classic:503.1.b19#1")
class SubstitutionSticky(EngineModules):
    """«замещение особенности другой особенностью» is applied once and never undone: when the substituting
    ability's condition ends, the substituted ability does not come back."""

    MODULES = _modules(replace_check(rule_effects.substituted_abilities, _substitution_sticky))


def _run_cut_after_repeat(game: Game) -> None:
    """503.1.p2 misread: a cyclic sequence is cut after its first repetition (each effect at most twice)."""
    counts: dict[tuple, int] = {}
    while not game.lost:
        batch = None
        for check in rule_effects.CHECKS:
            found = check(game)
            if found is None or any(counts.get(a, 0) >= 2 for a in found[0]):
                continue
            batch = found
            break
        if batch is None:
            return
        for a in batch[0]:
            counts[a] = counts.get(a, 0) + 1
        game.priority = None
        batch[1]()


def _run_stop_at_repeat(game: Game) -> None:
    """503.1.p2 misread: at the first repetition the whole loop stops, other relevant effects too."""
    applied: set[tuple] = set()
    while not game.lost:
        batch = None
        for check in rule_effects.CHECKS:
            found = check(game)
            if found is None:
                continue
            if any(a in applied for a in found[0]):
                return
            batch = found
            break
        if batch is None:
            return
        applied.update(batch[0])
        game.priority = None
        batch[1]()


@mutant("blind1-loop-cut-after-repeat", "classic:503.1.p2#1", "classic:503.1.ex1#4")
class LoopCutAfterRepeat(EngineModules):
    """«прерывается перед первым повторением» read as «после»: each effect of a cyclic sequence may be applied
    twice before the sequence stops (the Грибынычи's effects are put on, taken off, put on and taken off again)."""

    MODULES = _modules(run=_run_cut_after_repeat)


@mutant("blind1-loop-cut-stops-everything", "classic:503.1.p2#1", "classic:503.1.p1#2")
class LoopCutStopsEverything(EngineModules):
    """When a cyclic sequence is cut, the rule-effects loop stops there: other rule effects that are relevant (a
    death, an effect whose duration ended) wait until something else happens."""

    MODULES = _modules(run=_run_stop_at_repeat)


class _TurnStartBy(Game):
    """Base: the start of the turn (turns.py) with «whose card» read another way."""

    OPENS = "controller"
    MOVES = "controller"

    def _whose(self, card: Any, how: str) -> str:
        return card.owner if how == "owner" else self.controller(card)

    def _begin_turn(self) -> None:
        self.step = "start"
        hid = self.log("turn_start", controller=self.active)
        for c in self.sorted_cards():
            if c.closed and self.in_play(c) and self._whose(c, self.OPENS) == self.active:
                c.closed = False
                self.log("rule_effect", targets=[c.id], effect="open")
        for c in self.sorted_cards():
            if self.in_play(c) and self._whose(c, self.MOVES) == self.active and c.moves_left != c.definition.move:
                c.moves_left = c.definition.move
                self.log("rule_effect", targets=[c.id], effect="restore_movement", moves=c.moves_left)
        self.fire("turn_start", hid, None)
        for c in self.sorted_cards():
            if c.poison and self.in_play(c) and self.controller(c) == self.active:
                self._add_fired(c, POISON.key, hid, hid, c, optional=False)
        self.step = "main"


@mutant("blind1-opens-owners-cards", "classic:503.1.b2#1", "asm:turn-start-open")
class OpensOwnersCards(_TurnStartBy):
    """At the start of a turn the cards the active player owns open, not those in his squad: a card he took under
    control stays closed, his own card in the opponent's squad opens."""

    OPENS = "owner"


@mutant("blind1-movement-owners-cards", "classic:503.1.b12#1")
class MovementOwnersCards(_TurnStartBy):
    """«восстановление запаса движения в начале хода Активного игрока» for the cards he owns, not those he
    controls."""

    MOVES = "owner"


# ================================================================================ payment: classic after, heroes before
@mutant("blind1-heroes-pays-after", "heroes:113.3.dup2#1")
class HeroesPaysAfter(Game):
    """Classic read into heroes: a heroes activated ability is paid at its payment stage after execution, not
    before («Оплата активируемой способности происходит до её выполнения»)."""

    def _pay(self, entry: Any) -> None:
        if self.edition.name == "heroes" and entry.step == "declared":
            return
        super()._pay(entry)


@mutant("blind1-generating-unpaid", "classic:536.1#4", "classic:536.4.ex1#6")
class GeneratingUnpaid(Game):
    """«Порождённые игродействия не требуют оплаты» extended to the ability that generated them: the Шаман does not
    close after his «гипноз»."""

    def _payment(self, entry: Any) -> None:
        if any(h["kind"] == "declare" and h["parent"] == entry.declared and h["info"].get("generated")
               for h in self.history):
            return
        super()._payment(entry)


# ================================================================================ 536: generated actions
@mutant("blind1-generated-allows-defender", "classic:536.2.b#2", "classic:536.4.ex1#4")
class GeneratedAllowsDefender(Game):
    """A generated attack goes through the redirection and defender of its target resolution step like a declared
    one («игроки не могут объявлять перенаправления (в том числе назначение защитника)» dropped)."""

    def _resolve_step(self, entry: Any) -> None:
        if entry.kind == "attack" and entry.generated and entry.step == "target_resolution":
            entry.generated = False
            try:
                super()._resolve_step(entry)
            finally:
                entry.generated = True
            return
        super()._resolve_step(entry)


@mutant("blind1-generated-attack-as-open", "classic:536.4#1", "classic:536.4.ex1#5")
class GeneratedAttackAsOpen(Game):
    """«атака наносится как по закрытой карте» dropped: a generated attack on an open card is computed with both
    rolls and may be answered."""

    def _generate_attack(self, entry: Any, spec: Any, groups: list) -> bool:
        placed = super()._generate_attack(entry, spec, groups)
        if placed:
            self.stack[-1].data["as_closed"] = False
        return placed


@mutant("blind1-generated-attack-paid", "classic:536.2.c#1", "classic:536.1#4")
class GeneratedAttackPaid(Game):
    """The payment stage is carried out for a generated attack too: its performer closes after it
    («Этап оплаты для него не выполняется» dropped)."""

    def _payment(self, entry: Any) -> None:
        if entry.kind == "attack" and entry.generated:
            entry.generated = False
            try:
                super()._payment(entry)
            finally:
                entry.generated = True
            return
        super()._payment(entry)


@mutant("blind1-generated-attack-by-generator", "classic:536.5#2", "classic:536.3#2")
class GeneratedAttackByGenerator(Game):
    """A generated attack is made by the player of the ability that generated it (the performer is taken under
    control for the attack), not by the performer's controller: he rolls, and it is recorded as his."""

    def _generate_attack(self, entry: Any, spec: Any, groups: list) -> bool:
        placed = super()._generate_attack(entry, spec, groups)
        if placed:
            self.stack[-1].controller = entry.controller
        return placed


@mutant("blind1-generator-goes-on-first", "classic:536.2.d#1")
class GeneratorGoesOnFirst(Game):
    """The generating ability does not wait for its generated attack: it goes on with its later effects at once,
    and the attack resolves after it («После того, как порождённое игродействие выполнилось … продолжается»)."""

    def _generate_attack(self, entry: Any, spec: Any, groups: list) -> bool:
        super()._generate_attack(entry, spec, groups)
        return False


@mutant("blind1-generated-no-at-triggers", "classic:536.4.ex1#5")
class GeneratedNoAtTriggers(Game):
    """A generated attack is not an attack for «при атаке/при ударе» triggers: they fire only on declared
    attacks («все особенности "при ударе" сработают» missed)."""

    def fire(self, event: str, hid: str, subject: Any, **ctx: Any) -> None:
        if event == "attack" and ctx.get("phase") is None:
            h = self.entry_of(hid)
            if h is not None and h["info"].get("generated"):
                return
        super().fire(event, hid, subject, **ctx)


@mutant("blind1-generated-no-before", "asm:do-generated", "classic:536.2.a#2")
class GeneratedNoBefore(Game):
    """«До атаки»/«До выполнения» abilities do not precede a generated action: it starts at once
    («это игродействие начинает выполняться»), nothing is declared before it."""

    def _generate_attack(self, entry: Any, spec: Any, groups: list) -> bool:
        self.__dict__["generating"] = True
        try:
            return super()._generate_attack(entry, spec, groups)
        finally:
            self.__dict__["generating"] = False

    def _generate_ability(self, entry: Any, spec: Any, groups: list) -> bool:
        self.__dict__["generating"] = True
        try:
            return super()._generate_ability(entry, spec, groups)
        finally:
            self.__dict__["generating"] = False

    def fire_before(self, event: str, hid: str, subject: Any, **ctx: Any) -> None:
        if self.__dict__.get("generating"):
            return
        super().fire_before(event, hid, subject, **ctx)


def _with_edition(**changes: Any) -> Any:
    def init(self: Game, setup: dict, definitions: dict, readings: dict | None = None) -> None:
        Game.__init__(self, setup, definitions, readings)
        if self.edition.name == changes["name"]:
            self.edition = dataclasses.replace(self.edition, **{k: v for k, v in changes.items() if k != "name"})
    return init


@mutant("blind1-heroes-replacement-stacked", "heroes:115.1.p1#1", "classic:536.1.1#1")
class HeroesReplacementStacked(Game):
    """Classic 536.1.1 read into heroes: a heroes «вместо того чтобы …» generates an action on the Queue instead of
    applying at once (heroes 115.1.p1: a static «не использует Очередь»)."""

    __init__ = _with_edition(name="heroes", replacement_generates=True)


@mutant("blind1-classic-replacement-at-once", "classic:536.1.1#1", "classic:536.2.a#1")
class ClassicReplacementAtOnce(Game):
    """Heroes read into classic: a classic replacing ability's instead effects apply at once, without a generated
    action on top of the stack (536.1.1 «к эффектам, порождающим игродействия, относятся замещающие особенности»
    missed)."""

    __init__ = _with_edition(name="classic", replacement_generates=False)


# ================================================================================ 537: battle history
@mutant("blind1-previous-turn-is-own", "classic:537.2.ex2#1")
class PreviousTurnIsOwn(Game):
    """«в прошлый ход» read as the player's own previous turn (two turns ago), not the turn just before this
    one."""

    def _moved_in_previous_turn(self, card: Any) -> bool | None:
        previous = self.turn - 2
        if previous < 1:
            return None
        return any(h["kind"] == "move" and h["source"] == card.id and h["turn"] == previous
                   and i >= card.since for i, h in enumerate(self.history))


@mutant("blind1-no-previous-turn-not-moved", "classic:537.3#1", "classic:537.3.ex1#1")
class NoPreviousTurnNotMoved(Game):
    """«не передвигались в прошлый ход» is the negation of «передвигались»: in the first turn, with no previous
    turn, every creature counts as one that did not move (537.3 «возвращают ложный результат независимо от их
    формулировки» missed)."""

    def not_moved_previous_turn(self, card: Any) -> bool:
        return not self.moved_previous_turn(card)


@mutant("blind1-this-turn-any-turn", "classic:537.2#1")
class ThisTurnAnyTurn(Game):
    """A condition about the past «в этот ход» reads the whole battle history: an attack on your creature in an
    earlier turn counts."""

    def history_events(self, query: str, you: str) -> list:
        if query != "attacked_your_creature_this_turn":
            return super().history_events(query, you)
        return [(h["source"], h["id"]) for i, h in enumerate(self.history) if h["kind"] == "strike"
                and h["info"].get("attack") != "answer"
                and h["info"].get("target_controller") == you and self._same_object(h["source"], i)]


@mutant("blind1-attacked-controller-now", "classic:537.1.e#1", "classic:537.2#1")
class AttackedControllerNow(Game):
    """«атаковал ваше существо» is read with today's control of the creature attacked, not with the control
    recorded when the attack was made."""

    def history_events(self, query: str, you: str) -> list:
        if query != "attacked_your_creature_this_turn":
            return super().history_events(query, you)
        out = []
        for i, h in enumerate(self.history):
            if h["kind"] == "strike" and h["turn"] == self.turn and h["info"].get("attack") != "answer" \
                    and h["targets"] and self._same_object(h["source"], i):
                target = self.cards.get(h["targets"][0])
                if target is not None and self.controller(target) == you:
                    out.append((h["source"], h["id"]))
        return out


@mutant("blind1-enemy-by-owner", "classic:537.2.ex1#1")
class EnemyByOwner(Game):
    """«погибло от атаки карты противника» compares the attacker's controller with the dead creature's owner, not
    with its controller when it died."""

    def history_events(self, query: str, you: str) -> list:
        if query != "died_from_enemy_attack":
            return super().history_events(query, you)
        out = []
        for i, h in enumerate(self.history):
            dead = h["targets"] or h["info"].get("cards") or []
            if h["kind"] in ("rule_effect", "death") and h["info"].get("effect") == "death" and dead:
                cause = self.entry_of(h["parent"])
                card = self.cards.get(dead[0])
                if cause and cause["kind"] == "strike" and card is not None and cause["controller"] != card.owner \
                        and self._same_object(dead[0], i):
                    out.append((dead[0], h["id"]))
        return out


@mutant("blind1-identity-survives-deck", "classic:537.4#1")
class IdentitySurvivesDeck(Game):
    """«из любой игровой зоны, кроме колоды» dropped: a card that went through the deck keeps its game id and its
    past in the battle history."""

    def to_deck(self, card: Any, hid: Any) -> None:
        since = card.since
        super().to_deck(card, hid)
        card.since = since


@mutant("blind1-identity-lost-in-graveyard", "classic:537.4#1", "classic:537.2.ex1#1")
class IdentityLostInGraveyard(Game):
    """A card that leaves play is a new object in every zone, not only after the deck: a creature in the graveyard
    no longer is the one that died (its Вальхалла cannot find its death)."""

    def destroy(self, cards: list, effect: str, causes: dict, rule: bool) -> None:
        super().destroy(cards, effect, causes, rule)
        for c in cards:
            if c.zone == "graveyard":
                c.since = len(self.history)


@mutant("blind1-trigger-parent-dropped", "classic:537.1.f#1")
class TriggerParentDropped(Game):
    """537.1.f read as for conditionally played abilities only: a triggered ability's declaration records no game
    action that generated it."""

    def _add_fired(self, card: Any, key: str, hid: str, parent: Any, subject: Any, optional: bool) -> None:
        super()._add_fired(card, key, hid, None, subject, optional)


@mutant("blind1-resources-at-payment-only", "classic:537.1.d#1")
class ResourcesAtPaymentOnly(Game):
    """«заявленных для оплаты ресурсах» read as the resources paid: a declaration records none (classic pays
    after execution)."""

    def log(self, kind: str, source: Any = None, targets: Any = None, controller: Any = None, parent: Any = None,
            resources: Any = None, **info: Any) -> str:
        if kind == "declare":
            resources = None
        return super().log(kind, source, targets, controller, parent, resources, **info)


@mutant("blind1-declaration-records-owner", "classic:537.1.e#1")
class DeclarationRecordsOwner(Game):
    """«игроке, который контролировал источник на момент заявки» recorded as the source's owner."""

    def log(self, kind: str, source: Any = None, targets: Any = None, controller: Any = None, parent: Any = None,
            resources: Any = None, **info: Any) -> str:
        if kind == "declare" and source in self.cards:
            controller = self.cards[source].owner
        return super().log(kind, source, targets, controller, parent, resources, **info)


# ================================================================================ 538: the participle
@mutant("blind1-participle-condition-at-declaration", "classic:538.1.b2#1")
class ParticipleConditionAtDeclaration(Game):
    """«если в момент наложения эффекта цель соответствует описанию [Условие]» read at the declaration: the cell
    counts as occupied (or free) as it was when the ability was declared."""

    def _continue_declaration(self) -> None:
        before = len(self.stack)
        super()._continue_declaration()
        if self.declaring is None and len(self.stack) > before:
            entry = self.stack[-1]
            ab = self.ability_of(self.cards[entry.source], entry.ability or "")
            r = ab.replacement if ab is not None else None
            if r is not None and r.of == "effects" and ab.effects:
                cell = self._effect_targets(entry, ab.effects[0], entry.data.get("target_groups", []))
                entry.data["occupied_at_declaration"] = bool(cell and self.on_cell(cell[0]))

    def participle_condition(self, entry: Any, cell: Any) -> bool:
        if "occupied_at_declaration" in entry.data:
            return entry.data["occupied_at_declaration"]
        return super().participle_condition(entry, cell)


@mutant("blind1-participle-effect1-replaceable", "classic:538.1.b4#2")
class ParticipleEffect1Replaceable(Game):
    """«за одним исключением – он не может быть замещён» dropped: effect 1 after a successful effect 2 may be
    replaced like any other."""

    @property
    def no_replacement(self) -> bool:
        return False

    @no_replacement.setter
    def no_replacement(self, value: bool) -> None:
        pass


@mutant("blind1-participle-effect1-despite-replacement", "classic:538.1.b3#2", "classic:538.3.ex1#4")
class ParticipleEffect1DespiteReplacement(Game):
    """«а эффект от [Способность 1] не применяется к цели» missed: effect 1 follows effect 2 even when effect 2 was
    replaced (the worm incarnates though the destruction was replaced)."""

    def _effect1_follows(self, effect2_succeeded: bool) -> bool:
        return True


@mutant("blind1-participle-rule-effects-at-once", "classic:538.2#1")
class ParticipleRuleEffectsAtOnce(Game):
    """538.2 dropped: rule effects that arise while a participle construction is applied are carried out at once,
    not after the effects of 538.1."""

    def rule_effects_wait(self) -> bool:
        return False


@mutant("blind1-participle-no-extra-targets", "classic:538.1.b1#1", "classic:538.3.ex1#2")
class ParticipleNoExtraTargets(Game):
    """«При выборе цели [Способность 1] игрок учитывает дополнительные возможности, описанные в [Условие]» missed:
    the worm cannot choose an occupied cell with «дрожь»."""

    def participle_allows_occupied(self, ability: Any) -> bool:
        return False


# ================================================================================ heroes 114, 115
@mutant("blind1-heroes-activate-in-opponents-turn", "heroes:114.1.p1#1")
class HeroesActivateInOpponentsTurn(Game):
    """«только в фазу Выбора Основного этапа его хода»: «его» dropped: a heroes player may declare an activated
    ability whenever he holds priority with an empty Queue, in the opponent's turn too."""

    def _check_activation_window(self, player: str) -> None:
        if self.edition.name == "heroes" and self.step == "main" and not self.stack:
            return
        super()._check_activation_window(player)


@mutant("blind1-heroes-activate-on-queue", "heroes:114.1.p1#1")
class HeroesActivateOnQueue(Game):
    """The Choice phase read as the whole main step: in his own turn a heroes player may declare an activated
    ability while the Queue holds entries (in answer to them)."""

    def _check_activation_window(self, player: str) -> None:
        if self.edition.name == "heroes" and player == self.active and self.step == "main":
            return
        super()._check_activation_window(player)


class _StaticVariant(Game):
    """Base: `wanted_static_effects` (static.py) with «ваш» and the cards it reaches read another way."""

    def static_you(self, source: Any) -> str:
        return self.controller(source)

    def static_skips(self, target: Any, ab: Any, you: str) -> bool:
        return False

    def wanted_static_effects(self) -> dict:
        wanted: dict = {}
        for source in sorted(self.cards.values(), key=lambda c: (c.appeared, c.id)):
            if not source.definition.has_static or not self.in_play(source):
                continue
            you = self.static_you(source)
            for idx, ab in enumerate(self.abilities_of(source)):
                if ab.kind != "static" or not ab.effects:
                    continue
                if ab.condition_source and (ab.condition_source == "closed") != source.closed:
                    continue
                for target in self.sorted_cards():
                    if not self.in_play(target) or not self.matches(ab.affects or Filter(who="self"), target,
                                                                    source, you):
                        continue
                    if self.static_skips(target, ab, you):
                        continue
                    for n, spec in enumerate(ab.effects):
                        if self.static_segment_over(source, you, spec):
                            continue
                        wanted[(source.id, ab.key, n, target.id)] = (spec.do, spec.amount, (0, source.appeared, idx, n))
        return wanted


@mutant("blind1-static-yours-by-owner", "heroes:115.1#2", "classic:503.1.b4#1")
class StaticYoursByOwner(_StaticVariant):
    """A static's «ваши существа» is read from its card's owner: a card taken under control goes on helping its
    owner's creatures."""

    def static_you(self, source: Any) -> str:
        return source.owner


@mutant("blind1-static-respects-protection", "heroes:115.1.p1#3")
class StaticRespectsProtection(_StaticVariant):
    """A static ability is read as targeting the cards it affects: a card that «не может быть целью» its kind of
    ability is not affected («влияют на карты, не выбирая их целью» missed)."""

    def static_skips(self, target: Any, ab: Any, you: str) -> bool:
        return self.protected_from(target, ab, you)


@mutant("blind1-static-order-latest-first", "heroes:115.4#1")
class StaticOrderLatestFirst(Game):
    """«применяются они в порядке появления» read backwards: the static of the card that appeared last applies
    first."""

    def add_static_effect(self, key: tuple, value: tuple) -> None:
        kind, amount, order = value
        super().add_static_effect(key, (kind, amount, (order[0], -order[1], *order[2:])))


@mutant("blind1-static-segment-whole-game", "heroes:115.1#1")
class StaticSegmentWholeGame(Game):
    """«в течение указанного игрового отрезка» dropped: a static whose effect says «до конца (вашего) хода» acts for
    the whole game."""

    def static_segment_end(self, source: Any, you: str, spec: Any) -> int | None:
        return None


@mutant("blind1-static-segment-every-turn", "heroes:115.1#1")
class StaticSegmentEveryTurn(Game):
    """A static's «до конца вашего хода» is read as «until the end of each of your turns»: its effect is removed at
    the end of the turn and comes back in the next one."""

    def static_segment_end(self, source: Any, you: str, spec: Any) -> int | None:
        return None if spec.until is None else self._until_turn(you, spec.until)


@mutant("blind1-priority-to-entry-controller", "asm:priority-after-resolution")
class PriorityToEntryController(Game):
    """After an entry of the stack/Queue resolves, priority goes to the player whose entry it was, not to the active
    player."""

    def _resolve_step(self, entry: Any) -> None:
        super()._resolve_step(entry)
        if entry.step == "done":
            self.__dict__["next_priority"] = entry.controller

    def _give_priority(self, player: str) -> None:
        chosen = self.__dict__.pop("next_priority", None)
        if chosen is not None and player == self.active and chosen in self.players:
            player = chosen
        super()._give_priority(player)
