"""Blind misreadings, set 2: written from the rules text and the engine only, never the suite nor the kit's mutants.

Written by someone new to the suite, sealed (committed, then never run against the suite by its writer), while the
suite was being strengthened by others who never saw it; measured once, after the strengthening was merged.

FIRST-TRY RECORD (2026-12-01; the suite = main at 54e631a, 403 scenarios; all 100 in one call of
`berserk-rules mutants --only … --json`; no mutant changed between writing and measuring):
- 100 mutants; killed 94, every one by a «Тогда» check (none only by a driver step, an ERROR or a crash);
  88 by the «Тогда» checks of two scenarios or more.
- first-try kill rate (killed by checks / all) = 94/100 = 94.0 % (set 1, written before the strengthening and
  measured against the suite before it: 67/85 = 78.8 %).
- 6 survivors: blind2-answer-strike-is-an-attack, blind2-deaths-one-at-a-time, blind2-forced-execution-not-counted, blind2-limit-resets-on-reentry, blind2-participle-rule-effects-at-once, blind2-prevention-prevents-all.
- killed by one scenario's checks only: blind2-all-targets-include-protected, blind2-declaration-by-owner, blind2-heroes-replacement-queued, blind2-identity-lost-in-graveyard, blind2-loop-cut-stops-everything, blind2-static-outlives-source.
- per mutant (killed, by checks, the scenarios whose checks killed it): blind_set2.json beside this file.
"""

from __future__ import annotations

import dataclasses
import types
from collections.abc import Callable, Iterator
from typing import Any

from engine import Game, rule_effects
from engine.editions import Edition
from engine.model import Ability, Card, Entry, Fired
from harness.quality.mutants import (
    EngineModules,
    _appeared_at,
    host_left_of,
    mutant,
    replace_check,
    rule_effects_variant,
    with_host_of,
    without_check,
)


# ------------------------------------------------------------------------------------------ shared bases
class _TweakedEdition(Game):
    """The base of the mutants that read one edition's profile with another's value: `TWEAK` maps an edition name
    to the fields of its profile read wrongly."""

    TWEAK: dict[str, dict[str, Any]] = {}

    @property
    def edition(self) -> Edition:
        return self.__dict__["_blind2_edition"]

    @edition.setter
    def edition(self, value: Edition) -> None:
        self.__dict__["_blind2_edition"] = dataclasses.replace(value, **self.TWEAK.get(value.name, {}))


class _TriggerFilter(Game):
    """The base of the mutants that read a trigger condition wrongly: `keep(card, ab, event, ctx)` decides again
    about a (card, ability) the reference found, and `extra` may add ones it did not."""

    def keep(self, card: Card, ab: Ability, event: str, ctx: dict) -> bool:
        return True

    def triggered_by(self, event: str, subject: Card | None, ctx: dict) -> Iterator[tuple[Card, Ability]]:
        for card, ab in list(super().triggered_by(event, subject, ctx)):
            if self.keep(card, ab, event, ctx):
                yield card, ab


# ------------------------------------------------------------------------------------------ classic 113 / heroes 113
@mutant("blind2-triggers-before-rule-effects", "classic:113.2#2", "heroes:113.2#2")
class TriggersBeforeRuleEffects(EngineModules):
    """«она объявляется, как только игрок получает приоритет (после того, как будут применены все возникшие в игре
    эффекты правил игры)» read without the parenthesis: the rule-effects loop stops as soon as a trigger waits, so
    a trigger is declared while a creature with lethal wounds is still in play."""

    MODULES = {"rule_effects": rule_effects_variant(yield_to_triggers=True)}


@mutant("blind2-trigger-declared-by-owner", "classic:113.2.ex1#6")
class TriggerDeclaredByOwner(Game):
    """113.2.ex1 «приоритет получает владелец Мстителя и объявляет его особенность» read as a rule: a triggered
    ability is always declared by its card's owner, even while the opponent controls the card."""

    def declarer(self, fired: Fired) -> str:
        return self.cards[fired.card].owner


@mutant("blind2-trigger-declarer-at-firing", "classic:113.2.ex1#6", "classic:113.2#2")
class TriggerDeclarerAtFiring(Game):
    """The trigger is declared by the player who controlled its card when the condition was met, not by the one
    who controls it when priority comes («несмотря на то, что Мститель уже ушёл из-под контроля» ignored)."""

    def _add_fired(self, card: Card, key: str, hid: str, parent: str | None, subject: Card | None,
                   optional: bool) -> None:
        super()._add_fired(card, key, hid, parent, subject, optional)
        self.__dict__.setdefault("_blind2_fired_by", {})[self.fired[-1].id] = self.controller(card)

    def declarer(self, fired: Fired) -> str:
        return self.__dict__.get("_blind2_fired_by", {}).get(fired.id) or super().declarer(fired)


@mutant("blind2-your-turn-is-opponents", "heroes:113.2.ex1#1")
class YourTurnIsOpponents(Game):
    """«в ваш ход» read from the other side: the condition holds in the opponent's turn (the turn of the player
    the ability acts against), not in the turn of the ability card's controller."""

    def triggered_by(self, event: str, subject: Card | None, ctx: dict) -> Iterator[tuple[Card, Ability]]:
        normal = [(c, a) for c, a in super().triggered_by(event, subject, ctx)
                  if not (a.trigger and a.trigger.in_your_turn)]
        saved = self.active
        self.active = self.opponent(saved)
        try:
            flipped = [(c, a) for c, a in super().triggered_by(event, subject, ctx)
                       if a.trigger and a.trigger.in_your_turn]
        finally:
            self.active = saved
        chosen = {(c.id, a.key) for c, a in normal + flipped}
        for card in self.sorted_cards():
            for ab in self.abilities_of(card):
                if (card.id, ab.key) in chosen:
                    yield card, ab


@mutant("blind2-your-turn-dropped", "heroes:113.2.ex1#1")
class YourTurnDropped(Game):
    """«в ваш ход» dropped: the trigger fires in either player's turn."""

    def triggered_by(self, event: str, subject: Card | None, ctx: dict) -> Iterator[tuple[Card, Ability]]:
        normal = list(super().triggered_by(event, subject, ctx))
        saved = self.active
        self.active = self.opponent(saved)
        try:
            flipped = [(c, a) for c, a in super().triggered_by(event, subject, ctx)
                       if a.trigger and a.trigger.in_your_turn]
        finally:
            self.active = saved
        chosen = {(c.id, a.key) for c, a in normal + flipped}
        for card in self.sorted_cards():
            for ab in self.abilities_of(card):
                if (card.id, ab.key) in chosen:
                    yield card, ab


@mutant("blind2-attack-trigger-needs-wounds", "classic:113.2.p1#1")
class AttackTriggerNeedsWounds(_TriggerFilter):
    """«независимо от силы и величины этой атаки» dropped: a trigger on an attack fires only when the attack dealt
    a strike of some value (an attack that dealt nothing, or a strike of 0, fires nothing)."""

    def keep(self, card: Card, ab: Ability, event: str, ctx: dict) -> bool:
        return not (event == "attack" and "amount" in ctx and ctx.get("amount", 0) <= 0)


@mutant("blind2-heal-2-is-more-than-2", "classic:113.2.ex2#1")
class HealTwoIsMoreThanTwo(_TriggerFilter):
    """«на 2 или более» read as «более 2»: a condition on an amount needs strictly more than the amount named."""

    def keep(self, card: Card, ab: Ability, event: str, ctx: dict) -> bool:
        t = ab.trigger
        return not (t is not None and t.min_amount is not None and ctx.get("amount", 0) == t.min_amount)


@mutant("blind2-at-most-is-less-than", "classic:113.2.ex1#2")
class AtMostIsLessThan(Game):
    """«становится 4 или менее текущих жизней» read as «менее 4»: the lives must fall below the number named."""

    def triggered_by(self, event: str, subject: Card | None, ctx: dict) -> Iterator[tuple[Card, Ability]]:
        if event == "lives_at_most" and "crossing" in ctx:
            before, after = ctx["crossing"]
            ctx = {**ctx, "crossing": (before + 1, after + 1)}
        return super().triggered_by(event, subject, ctx)


@mutant("blind2-at-most-plus-one", "classic:113.2.ex1#2")
class AtMostPlusOne(Game):
    """«4 или менее» counted one too high: the condition already holds when the lives become N + 1."""

    def triggered_by(self, event: str, subject: Card | None, ctx: dict) -> Iterator[tuple[Card, Ability]]:
        if event == "lives_at_most" and "crossing" in ctx:
            before, after = ctx["crossing"]
            ctx = {**ctx, "crossing": (before - 1, after - 1)}
        return super().triggered_by(event, subject, ctx)


@mutant("blind2-becomes-is-is", "classic:113.2.ex1#2")
class BecomesIsIs(Game):
    """«становится 4 или менее» read as «имеет 4 или менее»: every change of lives that leaves N or fewer fires it,
    also a wound to a card that already had N or fewer."""

    def triggered_by(self, event: str, subject: Card | None, ctx: dict) -> Iterator[tuple[Card, Ability]]:
        if event == "lives_at_most" and "crossing" in ctx:
            ctx = {**ctx, "crossing": (float("inf"), ctx["crossing"][1])}
        return super().triggered_by(event, subject, ctx)


@mutant("blind2-partial-execution-fires", "classic:113.2.p2#1", "classic:113.2.p2#3")
class PartialExecutionFires(Game):
    """«срабатывает на полное выполнение текста» dropped: a trigger on a воздействие/заклинание fires even when the
    ability lost one of its declared targets before it applied."""

    def executed_in_full(self, full: bool) -> bool:
        return True


@mutant("blind2-after-at-execution", "classic:113.3#2")
class AfterAtExecution(Game):
    """«После [текст]» read like «При [текст]»: it fires when [текст] is carried out, not after its payment (so also
    when the payment is never made)."""

    def fire(self, event: str, hid: str, subject: Card | None, **ctx: Any) -> None:
        if ctx.get("phase") == "after_payment":
            return
        super().fire(event, hid, subject, **ctx)
        if ctx.get("phase") is None and event in ("attack", "ability_executed"):
            super().fire(event, hid, subject, **{**ctx, "phase": "after_payment"})


@mutant("blind2-after-without-payment", "classic:113.3#2")
class AfterWithoutPayment(Game):
    """«после оплаты [текст]» read as «после [текст]»: an «После» trigger fires even when no payment was made (an
    attacker that left play before it could close)."""

    def after_payment_made(self, payment: str | None) -> bool:
        return True


@mutant("blind2-trigger-order-flipped", "classic:113.2#2", "asm:classic-trigger-order", "asm:heroes-trigger-order")
class TriggerOrderFlipped(Game):
    """Simultaneous triggers of both players: the other player declares (and so puts on the stack/Queue) first
    than the edition's order says."""

    def _declare_next(self) -> bool:
        saved = self.active
        self.active = self.opponent(saved)
        try:
            return super()._declare_next()
        finally:
            self.active = saved


@mutant("blind2-classic-triggers-once-a-turn", "heroes:113.4.p1#1", "classic:113.2#2")
class ClassicTriggersOnceATurn(_TweakedEdition):
    """Heroes «Каждую срабатывающую способность можно заявить не более одного раза за ход» read into classic: a
    classic triggered ability fires at most once a turn."""

    TWEAK = {"classic": {"once_per_turn_triggers": True}}


@mutant("blind2-heroes-triggers-unlimited", "heroes:113.4.p1#1")
class HeroesTriggersUnlimited(_TweakedEdition):
    """«не более одного раза за ход» dropped: a heroes triggered ability is declared every time it triggers."""

    TWEAK = {"heroes": {"once_per_turn_triggers": False}}


@mutant("blind2-once-a-turn-never-resets", "heroes:113.4.p1#1")
class OnceATurnNeverResets(Game):
    """«один раз за ход» read as «один раз за игру» for triggered abilities: the limit is never reset at the next
    turn."""

    def used_this_turn(self, card_id: str, key: str) -> bool:
        card = self.cards.get(card_id)
        ab = card.definition.ability(key) if card else None
        if ab is None or ab.kind != "triggered":
            return super().used_this_turn(card_id, key)
        return any(h["kind"] == "declare" and h["source"] == card_id and h["info"].get("ability") == key
                   for h in self.history)


@mutant("blind2-once-a-turn-round", "heroes:113.4.p1#1")
class OnceATurnRound(Game):
    """«за ход» read as a round of both players' turns: a triggered ability declared in the previous turn cannot be
    declared again in this one (the limit resets every other turn)."""

    def used_this_turn(self, card_id: str, key: str) -> bool:
        card = self.cards.get(card_id)
        ab = card.definition.ability(key) if card else None
        if ab is None or ab.kind != "triggered":
            return super().used_this_turn(card_id, key)
        return any(h["kind"] == "declare" and h["turn"] in (self.turn, self.turn - 1) and h["source"] == card_id
                   and h["info"].get("ability") == key for h in self.history)


@mutant("blind2-limit-by-card-name", "heroes:113.4.p1#1", "classic:537.4#1")
class LimitByCardName(Game):
    """The once-a-turn limit follows the card's name, not the card: a declaration by another card of the same name
    this turn spends it too."""

    def used_this_turn(self, card_id: str, key: str) -> bool:
        card = self.cards.get(card_id)
        if card is None:
            return super().used_this_turn(card_id, key)
        same = {c.id for c in self.cards.values() if c.definition.name == card.definition.name}
        return any(h["kind"] == "declare" and h["turn"] == self.turn and h["source"] in same
                   and h["info"].get("ability") == key for h in self.history)


@mutant("blind2-limit-resets-on-reentry", "heroes:113.4.p1#1")
class LimitResetsOnReentry(Game):
    """«один раз за ход» read per stay in play: a card that left play and came back in the same turn may declare its
    triggered ability again, as if the limit belonged to its earlier stay."""

    def used_this_turn(self, card_id: str, key: str) -> bool:
        card = self.cards.get(card_id)
        since = _appeared_at(self, card) if card is not None else None
        return any(h["kind"] == "declare" and h["turn"] == self.turn and h["source"] == card_id
                   and h["info"].get("ability") == key and (since is None or i > since)
                   for i, h in enumerate(self.history))


@mutant("blind2-may-is-must", "heroes:113.4#1")
class MayIsMust(Game):
    """«может... / вы можете...» ignored: every triggered ability must be declared."""

    def _add_fired(self, card: Card, key: str, hid: str, parent: str | None, subject: Card | None,
                   optional: bool) -> None:
        super()._add_fired(card, key, hid, parent, subject, False)


@mutant("blind2-heroes-must-is-may", "heroes:113.3#1")
class HeroesMustIsMay(Game):
    """Heroes 113.3 «игрок обязан объявить» read as 113.4: in heroes every triggered ability may be left
    undeclared."""

    def _add_fired(self, card: Card, key: str, hid: str, parent: str | None, subject: Card | None,
                   optional: bool) -> None:
        super()._add_fired(card, key, hid, parent, subject, optional or self.edition.name == "heroes")


@mutant("blind2-classic-triggers-optional", "classic:113.2#2", "asm:classic-trigger-mandatory")
class ClassicTriggersOptional(Game):
    """Classic «она объявляется» read as a permission: a classic triggered ability may be left undeclared."""

    def _add_fired(self, card: Card, key: str, hid: str, parent: str | None, subject: Card | None,
                   optional: bool) -> None:
        super()._add_fired(card, key, hid, parent, subject, optional or self.edition.name == "classic")


@mutant("blind2-illegal-declaration-spends-limit", "heroes:113.7#1")
class IllegalDeclarationSpendsLimit(Game):
    """«то ограничение 1 раз за ход не применится» dropped: a trigger whose declaration became illegal still spends
    the ability's once-a-turn limit."""

    def used_this_turn(self, card_id: str, key: str) -> bool:
        return super().used_this_turn(card_id, key) or any(
            h["kind"] == "trigger_dropped" and h["turn"] == self.turn and h["source"] == card_id
            and h["info"].get("ability") == key and h["info"].get("reason") == "trigger_subject_left_play"
            for h in self.history)


@mutant("blind2-first-trigger-point-only", "heroes:113.6#1")
class FirstTriggerPointOnly(Game):
    """«игрок может использовать любую из точек срабатывания» dropped: an ability that triggered several times is
    declared on its first trigger point only."""

    def _declare_next(self) -> bool:
        found = super()._declare_next()
        p = self.pending
        if found and p is not None and p["kind"] == "declare_trigger":
            seen: set[tuple] = set()
            options = []
            for o in p["options"]:
                if isinstance(o, dict):
                    k = (o["card"], o["ability"])
                    if k in seen:
                        continue
                    seen.add(k)
                options.append(o)
            self.pending = {**p, "options": options}
        return found


@mutant("blind2-last-trigger-point-only", "heroes:113.6#1")
class LastTriggerPointOnly(Game):
    """«любую из точек срабатывания» read as «последнюю»: an ability that triggered several times is declared on
    its latest trigger point only."""

    def _declare_next(self) -> bool:
        found = super()._declare_next()
        p = self.pending
        if found and p is not None and p["kind"] == "declare_trigger":
            last: dict[tuple, Any] = {}
            for o in p["options"]:
                if isinstance(o, dict):
                    last[(o["card"], o["ability"])] = o["id"]
            options = [o for o in p["options"] if not isinstance(o, dict) or last[(o["card"], o["ability"])] == o["id"]]
            self.pending = {**p, "options": options}
        return found


@mutant("blind2-before-not-for-attacks", "classic:113.2#1", "asm:trigger-word-do")
class BeforeNotForAttacks(_TweakedEdition):
    """«До» read as preceding abilities only: a classic «До атаки» trigger never fires."""

    TWEAK = {"classic": {"before_events": ("ability_executed", "moved", "played")}}


@mutant("blind2-all-targets-include-protected", "classic:113.2.p2#2")
class AllTargetsIncludeProtected(Game):
    """«выбираются все легальные цели, а нелегальные на момент заявки игнорируются» dropped: a «все карты …» target
    takes every card that meets the filter, also one that cannot be its target (a protected card)."""

    def target_options(self, source: Card, f: Any, you: str, chosen: list, ability: Ability | None = None) -> list[str]:
        if not f.all:
            return super().target_options(source, f, you, chosen, ability)
        self.__dict__["_blind2_all"] = True
        try:
            return super().target_options(source, f, you, chosen, ability)
        finally:
            self.__dict__["_blind2_all"] = False

    def protected_from(self, card: Card, ability: Ability | None, you: str) -> bool:
        if self.__dict__.get("_blind2_all"):
            return False
        return super().protected_from(card, ability, you)


@mutant("blind2-when-waits-for-payment", "classic:113.3#1")
class WhenWaitsForPayment(Game):
    """«Особенности вида "При [текст]" … срабатывают при выполнении [текст]» read like «После»: a «При атаке» trigger
    fires only once the attack was paid (its attacker closed), and not at all when it was never paid."""

    def fire(self, event: str, hid: str, subject: Card | None, **ctx: Any) -> None:
        waiting = self.__dict__.setdefault("_blind2_waiting", [])
        if event == "attack" and ctx.get("phase") is None and subject is not None:
            waiting.append((hid, subject.id, dict(ctx)))
            return
        if event == "attack" and ctx.get("phase") == "after_payment" and subject is not None:
            for item in [w for w in waiting if w[1] == subject.id]:
                waiting.remove(item)
                super().fire(event, item[0], self.cards[item[1]], **item[2])
        super().fire(event, hid, subject, **ctx)

    def _payment(self, entry: Entry) -> None:
        super()._payment(entry)
        self.__dict__["_blind2_waiting"] = []          # an attack that was not paid: its «При» never fires


@mutant("blind2-declined-trigger-comes-back", "heroes:113.4#2")
class DeclinedTriggerComesBack(Game):
    """«не сможет уже объявить её на это срабатывание» dropped: a «может» trigger declined at the first priority is
    offered again the next time its player passes."""

    def _on_declare_trigger(self, p: dict, choice: str | None) -> None:
        if choice is None:
            kept = self.__dict__.setdefault("_blind2_declined", [])
            kept += [f for f in self.fired if self.declarer(f) == p["player"] and f.optional]
        super()._on_declare_trigger(p, choice)

    def _pass(self, player: str, action: dict) -> None:
        super()._pass(player, action)
        kept = self.__dict__.get("_blind2_declined", [])
        back = [f for f in kept if self.declarer(f) == player]
        if back:
            self.__dict__["_blind2_declined"] = [f for f in kept if f not in back]
            self.fired.extend(back)
            self.unrecorded_change()


@mutant("blind2-heroes-before-never", "heroes:113.2#1")
class HeroesBeforeNever(_TweakedEdition):
    """The heroes list of condition words read without «До»: a heroes «До выполнения способности» trigger never fires."""

    TWEAK = {"heroes": {"before_events": ()}}


# ------------------------------------------------------------------------------------------ heroes 114 / 113.3.dup2
@mutant("blind2-activate-in-opponents-turn", "heroes:114.1.p1#1")
class ActivateInOpponentsTurn(Game):
    """«только в фазу Выбора Основного этапа его хода»: «его хода» dropped — an activated ability may be declared in
    the opponent's turn too, with priority, the main step and an empty Queue."""

    def _check_activation_window(self, player: str) -> None:
        saved = self.active
        self.active = player
        try:
            super()._check_activation_window(player)
        finally:
            self.active = saved


@mutant("blind2-activate-on-nonempty-queue", "heroes:114.1.p1#1")
class ActivateOnNonemptyQueue(Game):
    """«в фазу Выбора» read as «когда у игрока приоритет» in his own turn: an activated ability may be declared
    while the Queue is not empty."""

    def _check_activation_window(self, player: str) -> None:
        saved = self.stack
        self.stack = []
        try:
            super()._check_activation_window(player)
        finally:
            self.stack = saved


@mutant("blind2-heroes-activated-unlimited", "heroes:113.3.dup2.p1#1")
class HeroesActivatedUnlimited(Game):
    """«Каждую активируемую способность можно заявлять не более одного раза за ход» dropped: an activated ability
    may be declared again in the same turn when it can be paid."""

    def _once_per_turn(self, ab: Ability) -> bool:
        if ab.kind == "activated":
            return ab.once_per_turn
        return super()._once_per_turn(ab)


@mutant("blind2-forced-execution-not-counted", "heroes:113.3.dup2.p1#1", "classic:536.1#1")
class ForcedExecutionNotCounted(Game):
    """«заявлять не более одного раза»: a forced (generated) execution of an activated ability is not counted as a
    declaration, so the card may still activate it in this turn."""

    def used_this_turn(self, card_id: str, key: str) -> bool:
        return any(h["kind"] == "declare" and h["turn"] == self.turn and h["source"] == card_id
                   and h["info"].get("ability") == key and not h["info"].get("generated") for h in self.history)


@mutant("blind2-heroes-pays-after", "heroes:113.3.dup2#1")
class HeroesPaysAfter(Game):
    """Heroes read as classic: «Оплата активируемой способности происходит до её выполнения» missed, the activated
    ability is paid after it is executed (the card closes only then)."""

    def _continue_declaration(self) -> None:
        self.__dict__["_blind2_declaring"] = True
        try:
            super()._continue_declaration()
        finally:
            self.__dict__["_blind2_declaring"] = False

    def _pay(self, entry: Entry) -> None:
        if self.__dict__.get("_blind2_declaring"):
            return
        super()._pay(entry)


@mutant("blind2-classic-pays-before", "classic:503.1.b3#1")
class ClassicPaysBefore(Game):
    """Classic read as heroes: «оплата особенности после того, как она выполнена» missed, a classic activated
    ability is paid when it is declared."""

    def _continue_declaration(self) -> None:
        super()._continue_declaration()
        if self.declaring is None and self.edition.payment == "after" and self.stack:
            top = self.stack[-1]
            if top.activated and not top.data.get("paid") and top.step == "declared":
                self._pay(top)


# ------------------------------------------------------------------------------------------ heroes 115 statics
def _with_existing(game: Game, wanted: dict, keep: Callable[[Any], bool]) -> dict:
    for e in game.effects:
        if e.static_key is not None and e.static_key not in wanted and keep(e):
            wanted[e.static_key] = (e.kind, e.amount, e.order)
    return wanted


@mutant("blind2-static-order-reversed", "heroes:115.4#1")
class StaticOrderReversed(Game):
    """«применяются они в порядке появления» read backwards: the static of the card that appeared last applies
    first."""

    def wanted_static_effects(self) -> dict:
        return {k: (kind, amount, (order[0], -order[1]) + tuple(order[2:]))
                for k, (kind, amount, order) in super().wanted_static_effects().items()}


@mutant("blind2-static-outlives-source", "heroes:115.1#4")
class StaticOutlivesSource(Game):
    """«или покидает зону, в которой он действует, то эффект … перестаёт влиять» dropped: the effect of a static
    stays on its targets after its source left play."""

    def wanted_static_effects(self) -> dict:
        return _with_existing(self, super().wanted_static_effects(),
                              lambda e: not self.in_play(self.cards[e.source]) and self.in_play(self.cards[e.target]))


@mutant("blind2-static-latched", "heroes:115.1#3")
class StaticLatched(Game):
    """«Эффект снимается, как только карта перестаёт удовлетворять этому условию» dropped: once applied, a static's
    effect stays on the card while the source is in play and has the ability."""

    def wanted_static_effects(self) -> dict:
        def keep(e: Any) -> bool:
            src = self.cards[e.source]
            return self.in_play(src) and self.in_play(self.cards[e.target]) and \
                self.ability_of(src, e.static_key[1]) is not None
        return _with_existing(self, super().wanted_static_effects(), keep)


@mutant("blind2-static-outlives-lost-ability", "heroes:115.1#4", "classic:503.1.ex1#3")
class StaticOutlivesLostAbility(Game):
    """«Если источник … теряет эту постоянную способность … эффект … перестаёт влиять» dropped: a static keeps its
    effect when its source loses its abilities (while the source stays in play)."""

    def wanted_static_effects(self) -> dict:
        def keep(e: Any) -> bool:
            src = self.cards[e.source]
            return self.in_play(src) and self.in_play(self.cards[e.target]) and \
                self.ability_of(src, e.static_key[1]) is None
        return _with_existing(self, super().wanted_static_effects(), keep)


@mutant("blind2-static-segment-ignored", "heroes:115.1#1")
class StaticSegmentIgnored(Game):
    """«в течение указанного игрового отрезка» dropped: a static acts for the whole game even when its effect says
    «до конца хода»."""

    def static_segment_over(self, source: Card, you: str, spec: Any) -> bool:
        return False

    def static_segment_end(self, source: Card, you: str, spec: Any) -> int | None:
        return None


@mutant("blind2-static-segment-every-turn", "heroes:115.1#1", "heroes:115.1.p1#2")
class StaticSegmentEveryTurn(Game):
    """The segment «до конца хода» of a static counted from the current turn, not from when the static appeared:
    it ends at each turn's end and starts again with the next turn."""

    def static_segment_end(self, source: Card, you: str, spec: Any) -> int | None:
        return None if spec.until is None else self._until_turn(you, spec.until)


@mutant("blind2-static-waits-a-turn", "heroes:115.1.p1#2")
class StaticWaitsATurn(Game):
    """«Появившись, постоянная способность сразу же применяет эффекты» dropped: the static of a card that came into
    play this turn applies from the next turn on."""

    def enter_battlefield(self, card: Card, cell: str | None) -> None:
        super().enter_battlefield(card, cell)
        self.__dict__.setdefault("_blind2_entered", {})[card.id] = self.turn

    def wanted_static_effects(self) -> dict:
        entered = self.__dict__.get("_blind2_entered", {})
        return {k: v for k, v in super().wanted_static_effects().items() if entered.get(k[0]) != self.turn}

    def _begin_turn(self) -> None:
        super()._begin_turn()
        self.unrecorded_change()


@mutant("blind2-prevention-prevents-all", "heroes:115.3#2")
class PreventionPreventsAll(Game):
    """A static prevention read as preventing all the wounds of the strike, whatever amount it names."""

    def prevent_wounds(self, card: Card, amount: int, hid: str) -> int:
        left = super().prevent_wounds(card, amount, hid)
        return 0 if left < amount else left


@mutant("blind2-static-spares-protected", "heroes:115.1.p1#3")
class StaticSparesProtected(Game):
    """«Постоянные способности влияют на карты, не выбирая их целью» missed: a static does not affect a card that cannot
    be the target of the opponent's abilities."""

    def wanted_static_effects(self) -> dict:
        out = {}
        for k, v in super().wanted_static_effects().items():
            source, target = self.cards[k[0]], self.cards[k[3]]
            if self.protected_from(target, self.ability_of(source, k[1]), self.controller(source)):
                continue
            out[k] = v
        return out


@mutant("blind2-heroes-replacement-queued", "heroes:115.1.p1#1", "heroes:115.3#2")
class HeroesReplacementQueued(_TweakedEdition):
    """Heroes read as classic: the effects a static «вместо …» puts instead go onto the Queue as a generated action,
    though a static «не объявляется, не выполняется и не использует Очередь»."""

    TWEAK = {"heroes": {"replacement_generates": True}}


# ------------------------------------------------------------------------------------------ classic 503 rule effects
def _lethal_one_at_a_time(game: Game) -> Any:
    dying = [c for c in game.sorted_cards() if game.in_play(c) and c.definition.type == "creature"
             and game.current_lives(c) <= 0][:1]
    if not dying:
        return None
    return (tuple(("death", c.id) for c in dying),
            lambda: game.destroy(dying, effect="death", causes={c.id: c.last_hit for c in dying}, rule=True))


@mutant("blind2-deaths-one-at-a-time", "classic:503.1.b5#1", "classic:503.1.p1#2")
class DeathsOneAtATime(EngineModules):
    """The rule effect of lethal wounds applied to one card at a time: two creatures with lethal wounds die one after
    the other, not together (the second one's death triggers no longer see the first in play)."""

    MODULES = {"rule_effects": rule_effects_variant(replace_check(rule_effects.lethal_wounds, _lethal_one_at_a_time))}


def _lethal_printed(game: Game) -> Any:
    dying = [c for c in game.sorted_cards() if game.in_play(c) and c.definition.type == "creature"
             and c.max_lives - c.wounds <= 0]
    if not dying:
        return None
    return (tuple(("death", c.id) for c in dying),
            lambda: game.destroy(dying, effect="death", causes={c.id: c.last_hit for c in dying}, rule=True))


@mutant("blind2-lethal-ignores-extra-lives", "classic:503.1.b5#1")
class LethalIgnoresExtraLives(EngineModules):
    """«смертельного числа ран» read as wounds reaching the card's lives, additional and negative lives not counted."""

    MODULES = {"rule_effects": rule_effects_variant(replace_check(rule_effects.lethal_wounds, _lethal_printed))}


@mutant("blind2-lives-never-cancel", "classic:503.1.b6#1")
class LivesNeverCancel(EngineModules):
    """Negative and additional lives never cancel each other: «взаимного сокращения» missed."""

    MODULES = {"rule_effects": without_check(rule_effects.lives_cancel)}


def _excess_clears(game: Game) -> Any:
    over = [c for c in game.sorted_cards() if c.definition.max_additional_lives is not None
            and c.additional > c.definition.max_additional_lives]
    if not over:
        return None

    def apply() -> None:
        for c in over:
            amount, c.additional = c.additional, 0
            game.log("rule_effect", targets=[c.id], effect="excess_lives", amount=amount)

    return tuple(("excess_lives", c.id, c.additional) for c in over), apply


@mutant("blind2-excess-removes-all", "classic:503.1.b16#1")
class ExcessRemovesAll(EngineModules):
    """«снятие с карты лишних дополнительных жизней» read as removing all the additional lives once they exceed the
    maximum, not only those above it."""

    MODULES = {"rule_effects": rule_effects_variant(replace_check(rule_effects.excess_lives, _excess_clears))}


@mutant("blind2-host-left-to-graveyard-only", "classic:503.1.b8#1")
class HostLeftToGraveyardOnly(EngineModules):
    """«если хозяин покидает поле боя» read as «если хозяин погибает»: an equipment or symbiote is destroyed only
    when its host went to the graveyard, not to the hand or the deck."""

    MODULES = {"rule_effects": rule_effects_variant(replace_check(
        rule_effects.host_left, host_left_of(("equipment", "symbiote"), zones=("graveyard",))))}


@mutant("blind2-equipment-stays-behind", "classic:503.1.b9#1")
class EquipmentStaysBehind(EngineModules):
    """«перемещение симбиота (паразита) и экипировки одновременно с их хозяином» read for symbiotes only: an
    equipment stays on the cell its host left."""

    MODULES = {"rule_effects": rule_effects_variant(replace_check(rule_effects.with_host, with_host_of(("symbiote",))))}


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


@mutant("blind2-uniqueness-by-owner", "classic:503.1.b11#1")
class UniquenessByOwner(EngineModules):
    """The uniqueness rule counted per owner, not per squad: a unique card its owner's opponent controls and a copy in
    its owner's squad break it; two copies in one squad with different owners do not."""

    MODULES = {"rule_effects": rule_effects_variant(replace_check(rule_effects.uniqueness, _uniqueness_by_owner))}


@mutant("blind2-uniqueness-earlier-returns", "classic:503.1.b11#1", "asm:uniqueness-later")
class UniquenessEarlierReturns(EngineModules):
    """On a breach of uniqueness the card that was in play first returns to the deck, not the newcomer."""

    MODULES = {"rule_effects": rule_effects_variant(replace_check(
        rule_effects.uniqueness, lambda game: rule_effects.uniqueness(game, later_returns=False)))}


@mutant("blind2-both-squads-open", "classic:503.1.b2#1")
class BothSquadsOpen(Game):
    """«открытие карты в начале хода» read for every card: at the start of a turn both players' closed cards open."""

    def _begin_turn(self) -> None:
        super()._begin_turn()
        for c in self.sorted_cards():
            if c.closed and self.in_play(c) and self.controller(c) != self.active:
                c.closed = False
                self.log("rule_effect", targets=[c.id], effect="open")


@mutant("blind2-both-squads-move-again", "classic:503.1.b12#1")
class BothSquadsMoveAgain(Game):
    """«восстановление запаса движения в начале хода Активного игрока» read for both squads: the inactive player's
    creatures get their movement back too."""

    def _begin_turn(self) -> None:
        super()._begin_turn()
        for c in self.sorted_cards():
            if self.in_play(c) and self.controller(c) != self.active and c.moves_left != c.definition.move:
                c.moves_left = c.definition.move
                self.log("rule_effect", targets=[c.id], effect="restore_movement", moves=c.moves_left)


@mutant("blind2-strike-table-clamped", "classic:503.1.b13#1")
class StrikeTableClamped(Game):
    """«кроме случаев расчёта простого удара по Таблице ударов» dropped: a modified roll of a simple strike is clamped
    to 1…6 too."""

    def _apply_simple_strike(self, entry: Entry) -> None:
        rolls = entry.data["rolls"]
        saved = dict(rolls)
        attacker, target = self.cards[entry.source], self.cards[entry.targets[0]]
        for role, card in (("attacker", attacker), ("defender", target)):
            if role in rolls:
                bonus = self.roll_bonus(card)
                rolls[role] = min(6, max(1, rolls[role] + bonus)) - bonus
        try:
            super()._apply_simple_strike(entry)
        finally:
            rolls.clear()
            rolls.update(saved)


def _battle_start_face_down(game: Game) -> Any:
    started = game.__dict__.setdefault("_blind2_started", set())
    due = [c for c in game.sorted_cards() if not c.battle_started and game.in_play(c) and c.id not in started]
    if not due:
        return None
    saved = {c.id: c.face_down for c in due}
    for c in due:
        c.face_down = False
    try:
        found = rule_effects.battle_start(game)
    finally:
        for c in due:
            c.face_down = saved[c.id]
    if found is None:
        return None
    atoms, apply = found

    def apply_once() -> None:
        apply()
        started.update(c.id for c in due)      # applied once: not again when the card is revealed later

    return atoms, apply_once


@mutant("blind2-battle-start-before-reveal", "classic:503.1.b14#1")
class BattleStartBeforeReveal(EngineModules):
    """«начинает бой с [текст]» «при вскрытии карты» missed: the effect is applied as soon as the card is in play,
    still face down."""

    MODULES = {"rule_effects": rule_effects_variant(replace_check(rule_effects.battle_start, _battle_start_face_down))}


@mutant("blind2-targeted-not-revealed", "classic:503.1.b1#1", "asm:reveal-when")
class TargetedNotRevealed(Game):
    """«вскрытие карты» only of a face-down card that acts: one that is only targeted stays face down."""

    def _mark_reveal(self, card_ids: list[str]) -> None:
        super()._mark_reveal(card_ids[:1])


@mutant("blind2-until-end-of-turn-is-next-turn", "classic:503.1.b15#1")
class UntilEndOfTurnIsNextTurn(Game):
    """«как только заканчивается срок их применения» read late: a «до конца хода» effect is removed when the next
    turn starts, so it still acts in the end step after the «В конце хода» abilities."""

    def turn_ended(self, turn: int) -> bool:
        return self.turn > turn


@mutant("blind2-loop-never-cut", "classic:503.1.p2#1", "classic:503.1.ex1#5")
class LoopNeverCut(EngineModules):
    """«эта последовательность прерывается перед первым повторением эффекта» dropped: a cyclic sequence of rule
    effects runs on (here until a safety cap of 9 batches, so the Грибынычи end without abilities)."""

    MODULES = {"rule_effects": rule_effects_variant(cut=False, cap=9)}


def _run_stop_on_repeat(game: Game) -> None:
    applied: set[tuple] = set()
    while not game.lost:
        batch = None
        for check in rule_effects.CHECKS:
            found = check(game)
            if found is None:
                continue
            if any(a in applied for a in found[0]):
                game.log("loop_cut", repeated=[[str(x) for x in a] for a in found[0] if a in applied])
                return
            batch = found
            break
        if batch is None:
            return
        atoms, apply = batch
        applied.update(atoms)
        game.priority = None
        apply()


@mutant("blind2-loop-cut-stops-everything", "classic:503.1.p2#1", "classic:503.1.p1#2")
class LoopCutStopsEverything(EngineModules):
    """At the first repeated rule effect the whole loop stops: the other rule effects that are relevant then wait
    instead of being applied at once («сразу, как только становятся актуальными»)."""

    MODULES = {"rule_effects": types.SimpleNamespace(run=_run_stop_on_repeat, clamp_roll=rule_effects.clamp_roll,
                                                     CHECKS=rule_effects.CHECKS)}


def _lethal_then_priority(game: Game) -> Any:
    found = rule_effects.lethal_wounds(game)
    if found is None:
        return None
    atoms, apply = found
    dying = [c for c in game.sorted_cards() if ("death", c.id) in atoms]
    owner = game.controller(dying[0]) if dying else game.active

    def apply_then_priority() -> None:
        apply()
        if not game.lost:
            game._give_priority(owner)
    return atoms, apply_then_priority


@mutant("blind2-priority-to-the-bereaved", "classic:503.1.p1#3")
class PriorityToTheBereaved(EngineModules):
    """«Ни один из игроков не имеет приоритета, пока выполняются эффекты правил игры» missed: as soon as a creature dies
    of lethal wounds, its controller gets priority, while the other rule effects are still being applied."""

    MODULES = {"rule_effects": rule_effects_variant(replace_check(rule_effects.lethal_wounds, _lethal_then_priority))}


@mutant("blind2-heroes-loses-without-creatures", "classic:503.1.b18#1")
class HeroesLosesWithoutCreatures(_TweakedEdition):
    """Classic «проигрыш игрока, если в его отряде нет существ» read into heroes too."""

    TWEAK = {"heroes": {"loses_without_creatures": True}}


def _ended_ignoring_source(game: Game) -> Any:
    ended = [e for e in game.effects if e.static_key is None and game.effect_ended(e)
             and not (e.while_ == "source_in_squad" and game.in_play(game.cards[e.target])
                      and not (e.until_end_of_turn is not None and game.turn_ended(e.until_end_of_turn)))]
    if not ended:
        return None

    def remove_all() -> None:
        for e in ended:
            game.remove_effect(e, reason="effect_end")

    return tuple(("effect_end", e.id) for e in ended), remove_all


@mutant("blind2-control-outlives-source", "classic:503.1.b15#1", "classic:113.2.ex1#5")
class ControlOutlivesSource(EngineModules):
    """«снятие с карты постоянных эффектов, как только заканчивается срок их применения» missed for «пока [источник] в
    отряде»: the effect stays after its source left the squad (Мститель does not return to its squad when Невтида
    dies)."""

    MODULES = {"rule_effects": rule_effects_variant(replace_check(rule_effects.ended_effects, _ended_ignoring_source))}


@mutant("blind2-flyer-stays-on-battlefield", "classic:503.1.b10#1")
class FlyerStaysOnBattlefield(EngineModules):
    """«перенос карт с поля боя во вспомогательную зону и обратно» missed: a flying creature stays on the
    battlefield."""

    MODULES = {"rule_effects": without_check(rule_effects.flying_zone)}


@mutant("blind2-hostless-survives", "classic:503.1.b7#1")
class HostlessSurvives(EngineModules):
    """«уничтожение симбиотов (паразитов) и экипировок, если у них нет хозяина» missed: an equipment with no host stays
    in play."""

    MODULES = {"rule_effects": without_check(rule_effects.hostless)}


@mutant("blind2-no-shuffle-after-looking", "classic:503.1.b17#1")
class NoShuffleAfterLooking(Game):
    """«перемешивание колоды … после просмотра колоды» missed: a deck that was only looked at is not shuffled."""

    def _apply_effect(self, entry: Entry, spec: Any, target_id: str) -> bool | None:
        result = super()._apply_effect(entry, spec, target_id)
        if spec.do == "look_at_deck":
            self.deck_dirty.pop(entry.controller, None)
        return result


@mutant("blind2-substitution-ignored", "classic:503.1.b19#1")
class SubstitutionIgnored(EngineModules):
    """«замещение особенности другой особенностью» missed: an ability whose substitute is active keeps working beside
    it."""

    MODULES = {"rule_effects": without_check(rule_effects.substituted_abilities)}


# ------------------------------------------------------------------------------------------ classic 536 generated actions
@mutant("blind2-generated-attack-defended", "classic:536.2.b#2", "classic:536.4.ex1#4")
class GeneratedAttackDefended(Game):
    """«игроки не могут объявлять перенаправления (в том числе назначение защитника)» dropped: a generated attack
    may be redirected and defended like a declared one."""

    def _resolve_step(self, entry: Entry) -> None:
        if entry.kind == "attack" and entry.generated and entry.step == "target_resolution":
            entry.generated = False
            try:
                super()._resolve_step(entry)
            finally:
                entry.generated = True
            return
        super()._resolve_step(entry)


@mutant("blind2-generated-attack-paid", "classic:536.2.c#1", "classic:536.1#4")
class GeneratedAttackPaid(Game):
    """«Этап оплаты для него не выполняется» dropped: the creature that makes a generated attack closes after it, as
    after its own attack."""

    def _payment(self, entry: Entry) -> None:
        if entry.kind == "attack" and entry.generated:
            entry.generated = False
            try:
                super()._payment(entry)
            finally:
                entry.generated = True
            return
        super()._payment(entry)


@mutant("blind2-generated-attack-open-table", "classic:536.4#1")
class GeneratedAttackOpenTable(Game):
    """«атака наносится как по закрытой карте» dropped: a generated attack on an open card is computed by the open
    table, with the defender's roll and an answer strike."""

    def _generate_attack(self, entry: Entry, spec: Any, groups: list) -> bool:
        made = super()._generate_attack(entry, spec, groups)
        if made:
            self.stack[-1].data["as_closed"] = False
        return made


@mutant("blind2-generated-attack-by-generator", "classic:536.5#2", "classic:536.3#2")
class GeneratedAttackByGenerator(Game):
    """«атаку выполняет карта-источник атаки (и игрок, контролирующий эту карту)» missed: the generated attack is made
    on behalf of the player of the generating ability (he rolls, the strike is his), as if the creature were taken
    under control for it."""

    def _generate_attack(self, entry: Entry, spec: Any, groups: list) -> bool:
        made = super()._generate_attack(entry, spec, groups)
        if made:
            self.stack[-1].controller = entry.controller
        return made


@mutant("blind2-generated-waits-for-passes", "classic:536.2.a#2", "classic:536.2.b#1")
class GeneratedWaitsForPasses(Game):
    """«это игродействие начинает выполняться» read as a declaration: a generated attack waits on the stack until both
    players pass, like an attack declared by a player."""

    def _generate_attack(self, entry: Entry, spec: Any, groups: list) -> bool:
        made = super()._generate_attack(entry, spec, groups)
        if made:
            self.stack[-1].step = "declared"
        return made


@mutant("blind2-generating-not-paid", "classic:536.1#4")
class GeneratingNotPaid(Game):
    """«Порождённые игродействия не требуют оплаты» read for the generating one too: an activated ability that
    generated an action is not paid."""

    def _payment(self, entry: Entry) -> None:
        if entry.activated and any(h["kind"] == "declare" and h["info"].get("generated_by") == entry.id
                                   for h in self.history):
            entry.data["paid"] = True
            return
        super()._payment(entry)


@mutant("blind2-generating-paid-first", "classic:536.2.d#1")
class GeneratingPaidFirst(Game):
    """«После того, как порождённое игродействие выполнилось …, продолжается выполнение особенности, породившей это
    игродействие, (в том числе оплата)» missed: the generating ability is paid as soon as its generated action is put
    on the stack, before that action is carried out."""

    def _apply_ability(self, entry: Entry) -> bool:
        done = super()._apply_ability(entry)
        if not done and entry.activated and not entry.data.get("paid") and self.stack and self.stack[-1] is not entry:
            self._pay(entry)
        return done


@mutant("blind2-forced-ability-paid", "classic:536.2.c#1")
class ForcedAbilityPaid(Game):
    """«Этап оплаты для него не выполняется» read for attacks only: a forced execution of an activated ability pays its
    cost (the performing card closes)."""

    def _payment(self, entry: Entry) -> None:
        if entry.kind == "ability" and entry.generated and entry.data.get("replacement") is None \
                and not entry.data.get("effect2_of") and not entry.data.get("paid"):
            self._pay(entry)
        super()._payment(entry)


@mutant("blind2-classic-replacement-at-once", "classic:536.1.1#1")
class ClassicReplacementAtOnce(_TweakedEdition):
    """Classic read as heroes: a replacing ability's effects are applied at once instead of being a generated action
    on top of the stack («к эффектам, порождающим игродействия, относятся замещающие особенности» missed)."""

    TWEAK = {"classic": {"replacement_generates": False}}


@mutant("blind2-generated-attack-unchecked", "classic:536.2.a#1")
class GeneratedAttackUnchecked(Game):
    """«поместить можно только игродействие, удовлетворяющее проверкам легальности» dropped: a generated attack goes on
    the stack even when its card to strike has left the battlefield (it then finds its target gone)."""

    def _generate_attack(self, entry: Entry, spec: Any, groups: list) -> bool:
        performer_ids = self._effect_targets(entry, dataclasses.replace(spec, do="", target=spec.performer or ""), groups)
        struck_ids = self._effect_targets(entry, spec, groups)
        performer = self.cards.get(performer_ids[0]) if performer_ids else None
        struck = self.cards.get(struck_ids[0]) if struck_ids else None
        if performer is None or struck is None or performer.zone != "battlefield" \
                or performer.definition.type != "creature":
            return super()._generate_attack(entry, spec, groups)
        # the checks of the card to strike (on the battlefield, next to the performer) skipped
        gen = Entry(id=self._new_id("s"), kind="attack", source=performer.id, controller=self.controller(performer),
                    targets=[struck.id], step="target_resolution", generated=True, data={"as_closed": spec.as_closed})
        gen.declared = self.log("declare", source=performer.id, targets=[struck.id], controller=gen.controller,
                                parent=entry.declared, action="attack", strike="simple", entry=gen.id,
                                generated=True, generated_by=entry.id)
        self.stack.append(gen)
        self.fire_before("attack", gen.declared, performer, attack="simple", cause=gen.declared)
        return True


@mutant("blind2-generated-attack-obliges", "classic:536.5#1")
class GeneratedAttackObliges(Game):
    """536.5 missed: an ability that generates an attack is taken for one «обязывающая атаковать», so a card protected
    from those cannot be chosen by it."""

    def obliges_to_attack(self, ab: Ability | None) -> bool:
        return super().obliges_to_attack(ab) or (ab is not None and any(e.do == "generated_attack" for e in ab.effects))


@mutant("blind2-generated-attack-fires-nothing", "classic:536.4.ex1#5")
class GeneratedAttackFiresNothing(Game):
    """«все особенности "при ударе" сработают» missed: a generated attack fires no trigger on an attack."""

    def _apply_simple_strike(self, entry: Entry) -> None:
        self.__dict__["_blind2_generated_strike"] = entry.generated
        try:
            super()._apply_simple_strike(entry)
        finally:
            self.__dict__["_blind2_generated_strike"] = False

    def fire(self, event: str, hid: str, subject: Card | None, **ctx: Any) -> None:
        if event == "attack" and self.__dict__.get("_blind2_generated_strike"):
            return
        super().fire(event, hid, subject, **ctx)


# ------------------------------------------------------------------------------------------ classic 537 battle history
@mutant("blind2-previous-turn-is-this-turn", "classic:537.2.ex2#1")
class PreviousTurnIsThisTurn(Game):
    """«в прошлый ход» read as «в этот ход»: the history is asked about moves in the current turn."""

    def _moved_in_previous_turn(self, card: Card) -> bool | None:
        return any(h["kind"] == "move" and h["source"] == card.id and h["turn"] == self.turn
                   and i >= card.since for i, h in enumerate(self.history))


@mutant("blind2-previous-turn-is-own-turn", "classic:537.2.ex2#1")
class PreviousTurnIsOwnTurn(Game):
    """«в прошлый ход» read as «в ваш прошлый ход»: the turn before the opponent's, two turns back."""

    def _moved_in_previous_turn(self, card: Card) -> bool | None:
        previous = self.turn - 2
        if previous < 1:
            return None
        return any(h["kind"] == "move" and h["source"] == card.id and h["turn"] == previous
                   and i >= card.since for i, h in enumerate(self.history))


@mutant("blind2-no-previous-turn-not-moved", "classic:537.3#1", "classic:537.3.ex1#1")
class NoPreviousTurnNotMoved(Game):
    """537.3 missed: with no previous turn, «не передвигались в прошлый ход» is true (nothing moved), as the negation
    of «передвигались»."""

    def not_moved_previous_turn(self, card: Card) -> bool:
        return not self.moved_previous_turn(card)


@mutant("blind2-identity-through-deck", "classic:537.4#1")
class IdentityThroughDeck(Game):
    """«из любой игровой зоны, кроме колоды» dropped: a card that went through the deck is still the same object for
    the battle history."""

    def to_deck(self, card: Card, hid: str | None) -> None:
        since = card.since
        super().to_deck(card, hid)
        card.since = since


@mutant("blind2-identity-lost-in-graveyard", "classic:537.4#1", "classic:537.2.ex1#1")
class IdentityLostInGraveyard(Game):
    """«из любой игровой зоны» read as «в игре»: a card that left play is a new object, so the history of its death
    no longer belongs to it in the graveyard (Вальхалла cannot be activated)."""

    def destroy(self, cards: list[Card], effect: str, causes: dict[str, str | None], rule: bool) -> None:
        super().destroy(cards, effect, causes, rule)
        for c in cards:
            if c.zone == "graveyard":
                c.since = len(self.history)


@mutant("blind2-enemy-is-owners-enemy", "classic:537.1.e#1", "classic:537.2.ex1#1")
class EnemyIsOwnersEnemy(Game):
    """«погибло от атаки карты противника» read against the dead card's owner, not against the player who controlled
    it when it died (537.1.e «игроке, который контролировал источник на момент заявки» missed)."""

    def history_events(self, query: str, you: str) -> list[tuple[str, str]]:
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


@mutant("blind2-any-enemy-death-counts", "classic:537.2.ex1#1")
class AnyEnemyDeathCounts(Game):
    """«от атаки карты противника» read as «от карты противника»: a death by the opponent's воздействие counts too."""

    def history_events(self, query: str, you: str) -> list[tuple[str, str]]:
        if query != "died_from_enemy_attack":
            return super().history_events(query, you)
        out = []
        for i, h in enumerate(self.history):
            dead = h["targets"] or h["info"].get("cards") or []
            if h["kind"] in ("rule_effect", "death") and h["info"].get("effect") == "death" and dead:
                cause = self.entry_of(h["parent"])
                if cause and cause["kind"] in ("strike", "effect") and cause["controller"] not in (None, h["controller"]) \
                        and self._same_object(dead[0], i):
                    out.append((dead[0], h["id"]))
        return out


@mutant("blind2-attacked-in-any-turn", "classic:537.2#1")
class AttackedInAnyTurn(Game):
    """A condition «в этот ход» asked of the whole history: an attack on your creature in an earlier turn still meets
    it."""

    def history_events(self, query: str, you: str) -> list[tuple[str, str]]:
        if query != "attacked_your_creature_this_turn":
            return super().history_events(query, you)
        return [(h["source"], h["id"]) for i, h in enumerate(self.history) if h["kind"] == "strike"
                and h["info"].get("attack") != "answer" and h["info"].get("target_controller") == you
                and self._same_object(h["source"], i)]


@mutant("blind2-answer-strike-is-an-attack", "classic:537.2#1")
class AnswerStrikeIsAnAttack(Game):
    """An answer strike (ответный удар) recorded in the history is read as an attack on your creature."""

    def history_events(self, query: str, you: str) -> list[tuple[str, str]]:
        if query != "attacked_your_creature_this_turn":
            return super().history_events(query, you)
        out = []
        for i, h in enumerate(self.history):
            if h["kind"] != "strike" or h["turn"] != self.turn or not self._same_object(h["source"], i):
                continue
            if h["info"].get("attack") == "answer":
                target = self.cards.get(h["targets"][0]) if h["targets"] else None
                if target is not None and h["controller"] != you and self.controller(target) == you:
                    out.append((h["source"], h["id"]))
            elif h["info"].get("target_controller") == you:
                out.append((h["source"], h["id"]))
        return out


@mutant("blind2-trigger-parent-skips-rule-effect", "classic:537.1.f#1", "asm:trigger-parent-rule-effect")
class TriggerParentSkipsRuleEffect(Game):
    """537.1.f «игродействии, которое породило это игродействие» read past the rule effect: a trigger met by a death
    of lethal wounds names the strike that dealt them as its parent."""

    def generating_action(self, hid: str | None) -> str | None:
        entry = self.entry_of(hid)
        while entry is not None and entry["kind"] == "rule_effect":
            hid = entry["parent"]
            entry = self.entry_of(hid)
        return hid


@mutant("blind2-declaration-without-resources", "classic:537.1.d#1")
class DeclarationWithoutResources(Game):
    """537.1.d «заявленных для оплаты ресурсах» missed: a declaration is recorded in the battle history without the
    resources declared to pay it."""

    def log(self, kind: str, source: str | None = None, targets: list[str] | None = None,
            controller: str | None = None, parent: str | None = None, resources: list[str] | None = None,
            **info: Any) -> str:
        if kind == "declare":
            resources = None
        return super().log(kind, source, targets, controller, parent, resources, **info)


@mutant("blind2-declaration-by-owner", "classic:537.1.e#1")
class DeclarationByOwner(Game):
    """537.1.e «игроке, который контролировал источник на момент заявки» read as the source's owner: a declaration of
    a card under the opponent's control is recorded as its owner's."""

    def log(self, kind: str, source: str | None = None, targets: list[str] | None = None,
            controller: str | None = None, parent: str | None = None, resources: list[str] | None = None,
            **info: Any) -> str:
        if kind == "declare" and source in self.cards:
            controller = self.cards[source].owner
        return super().log(kind, source, targets, controller, parent, resources, **info)


@mutant("blind2-trigger-parent-missing", "classic:537.1.f#1")
class TriggerParentMissing(Game):
    """537.1.f «игродействии, которое породило это игродействие (для срабатывающих … особенностей)» missed: a
    triggered ability is recorded with no generating action."""

    def _add_fired(self, card: Card, key: str, hid: str, parent: str | None, subject: Card | None,
                   optional: bool) -> None:
        super()._add_fired(card, key, hid, None, subject, optional)


# ------------------------------------------------------------------------------------------ classic 538 participle
@mutant("blind2-participle-condition-at-declaration", "classic:538.1.b2#1")
class ParticipleConditionAtDeclaration(Game):
    """«если в момент наложения эффекта цель соответствует описанию [Условие]» read at declaration: whether the cell
    was occupied when the ability was declared decides the replacement."""

    def _continue_declaration(self) -> None:
        super()._continue_declaration()
        if self.declaring is None and self.stack:
            top = self.stack[-1]
            ab = self.cards[top.source].definition.ability(top.ability or "")
            if top.step == "declared" and ab is not None and ab.replacement is not None \
                    and ab.replacement.of == "effects" and ab.effects and "blind2_occupied" not in top.data:
                cells = self._effect_targets(top, ab.effects[0], top.data.get("target_groups", []))
                top.data["blind2_occupied"] = bool(cells and cells[0] and self.on_cell(cells[0]))

    def participle_condition(self, entry: Entry, cell: str | None) -> bool:
        if "blind2_occupied" in entry.data:
            return bool(entry.data["blind2_occupied"])
        return super().participle_condition(entry, cell)


@mutant("blind2-participle-effect1-replaceable", "classic:538.1.b4#2")
class ParticipleEffect1Replaceable(Game):
    """«за одним исключением – он не может быть замещён» dropped: effect 1 after a successful effect 2 may be replaced
    or prevented like any effect."""

    @property
    def no_replacement(self) -> bool:
        return False

    @no_replacement.setter
    def no_replacement(self, value: bool) -> None:
        pass


@mutant("blind2-participle-effect1-after-replaced", "classic:538.1.b3#2")
class ParticipleEffect1AfterReplaced(Game):
    """«а эффект от [Способность 1] не применяется к цели» dropped: effect 1 follows even when effect 2 was replaced."""

    def _effect1_follows(self, effect2_succeeded: bool) -> bool:
        return True


@mutant("blind2-participle-rule-effects-at-once", "classic:538.2#1")
class ParticipleRuleEffectsAtOnce(Game):
    """538.2 missed: rule effects that arise while a participle construction is applied are applied at once, before
    the rest of it («применяются после того, как применятся эффекты, описанные в 538.1» dropped)."""

    def rule_effects_wait(self) -> bool:
        return False


@mutant("blind2-participle-occupied-not-targetable", "classic:538.1.b1#1", "classic:538.3.ex1#2")
class ParticipleOccupiedNotTargetable(Game):
    """«При выборе цели [Способность 1] игрок учитывает дополнительные возможности, описанные в [Условие]» missed: an
    occupied cell cannot be chosen, the participle applies only to a cell that became occupied after the choice."""

    def participle_allows_occupied(self, ability: Ability | None) -> bool:
        return False
