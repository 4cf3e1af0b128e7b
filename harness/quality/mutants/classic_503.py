"""Mutants of classic 503, rule effects: each misreads a sentence of the text (or an assumption) named at its registration."""

from __future__ import annotations

import functools
import types
from typing import Any

from engine import Game, rule_effects
from harness.quality.mutants import (
    EngineModules,
    _NoShuffleAfter,
    _reaching_maximum,
    host_left_of,
    hostless_of,
    lethal_above,
    mutant,
    replace_check,
    rule_effects_variant,
    then_priority,
    with_clamp,
    with_host_of,
    without_check,
)


@mutant("control-forever", "classic:503.1.b15#1", "classic:113.2.ex1#5")
class ControlForever(Game):
    """A control effect never ends (classic 503.1.b15 ignored for control): Мститель stays with Невтида's
    player after Невтида dies."""

    def effect_ended(self, e: Any) -> bool:
        return False if e.kind == "control" else super().effect_ended(e)


@mutant("classic-pay-before", "classic:503.1.b3#1", "classic:536.4.ex1#6")
class ClassicPayBefore(Game):
    """Classic activated abilities are paid at declaration, like in heroes, not after their execution
    (classic 503.1.b3)."""

    def _continue_declaration(self) -> None:
        super()._continue_declaration()
        top = self.stack[-1] if self.stack else None
        if self.declaring is None and top is not None and top.activated and not top.data.get("paid"):
            self._pay(top)


@mutant("loop-not-cut", "classic:503.1.p2#1", "classic:503.1.ex1#4", "classic:503.1.ex1#5")
class LoopNotCut(EngineModules):
    """The rule-effects loop is not cut before the first repetition (classic 503.1.p2); it goes on until a
    hard cap of 60 batches."""

    MODULES = {"rule_effects": rule_effects_variant(cut=False, cap=60)}


@mutant("lethal-above", "classic:503.1.b5#1")
class LethalAbove(EngineModules):
    """A card is destroyed only when it has more wounds than lives, not as many (classic 503.1.b5)."""

    MODULES = {"rule_effects": rule_effects_variant(replace_check(rule_effects.lethal_wounds, lethal_above))}


@mutant("uniqueness-keeps-later", "classic:503.1.b11#1", "asm:uniqueness-later")
class UniquenessKeepsLater(EngineModules):
    """Uniqueness keeps the card that came into play later and returns the earlier one (classic 503.1.b11,
    ASM uniqueness-later)."""

    MODULES = {"rule_effects": rule_effects_variant(
        replace_check(rule_effects.uniqueness, functools.partial(rule_effects.uniqueness, later_returns=False)))}


@mutant("no-shuffle-after-look", "classic:503.1.b17#1")
class NoShuffleAfterLook(_NoShuffleAfter):
    """A deck that was only looked at is not shuffled (classic 503.1.b17: taking from it still shuffles)."""

    VERB = "look_at_deck"


@mutant("opens-every-card", "classic:503.1.b2#1")
class OpensEveryCard(Game):
    """At the start of a turn every closed card opens, the opponent's too (classic 503.1.b2: only the
    active player's)."""

    def _begin_turn(self) -> None:
        for c in self.sorted_cards():
            if c.closed and self.in_play(c) and self.controller(c) != self.active:
                c.closed = False
                self.log("rule_effect", targets=[c.id], effect="open")
        super()._begin_turn()


@mutant("movement-every-turn", "classic:503.1.b12#1")
class MovementEveryTurn(Game):
    """Movement allowance comes back at the start of every turn, the opponent's too (classic 503.1.b12:
    in the active player's turn)."""

    def _begin_turn(self) -> None:
        for c in self.sorted_cards():
            if self.in_play(c) and self.controller(c) != self.active and c.moves_left != c.definition.move:
                c.moves_left = c.definition.move
                self.log("rule_effect", targets=[c.id], effect="restore_movement", moves=c.moves_left)
        super()._begin_turn()


@mutant("effects-end-next-turn", "classic:503.1.b15#1")
class EffectsEndNextTurn(Game):
    """An effect «до конца хода» is removed at the start of the next turn, not at the end of this one
    (classic 503.1.b15)."""

    def effect_ended(self, e: Any) -> bool:
        if e.until_end_of_turn is not None and self.in_play(self.cards[e.target]) and e.while_ is None:
            return self.turn > e.until_end_of_turn
        return super().effect_ended(e)


@mutant("reveal-at-resolution", "classic:503.1.b1#1", "asm:reveal-when")
class RevealAtResolution(Game):
    """A face-down card is revealed when the action aimed at it resolves, not as soon as it is declared
    (classic 503.1.b1, ASM reveal-when)."""

    def _mark_reveal(self, card_ids: list[str]) -> None:
        pass

    def _resolve_step(self, entry: Any) -> None:
        if entry.step == "target_resolution":
            super()._mark_reveal([entry.source, *entry.targets])
        super()._resolve_step(entry)


@mutant("compound-ends-at-a-lost-target", "classic:503.1.b3#1", "asm:compound-ability")
class CompoundEndsAtALostTarget(Game):
    """A compound ability ends at a part that lost its target, as a simple ability fizzles: not paid, though
    an earlier part was carried out (ASM compound-ability; classic 503.1.b3: paid once executed)."""

    def _after_fizzle(self, entry: Any) -> str:
        return "done"


@mutant("priority-during-rule-effects", "classic:503.1.p1#3")
class PriorityDuringRuleEffects(EngineModules):
    """The active player gets priority after each batch of rule effects, not only once they are all applied
    (classic 503.1: they are applied «до того, как кто-либо получит приоритет»)."""

    MODULES = {"rule_effects": rule_effects_variant([then_priority(c) for c in rule_effects.CHECKS])}


@mutant("roll-not-clamped-up", "classic:503.1.b13#1")
class RollNotClampedUp(EngineModules):
    """A roll above 6 outside the strike table keeps its value (classic 503.1.b13: «сводится к 6»)."""

    MODULES = {"rule_effects": with_clamp(
        lambda game, raw, parent: raw if raw > 6 else rule_effects.clamp_roll(game, raw, parent))}


@mutant("roll-not-clamped-down", "classic:503.1.b13#1")
class RollNotClampedDown(EngineModules):
    """A roll below 1 outside the strike table keeps its value (classic 503.1.b13: «к 1 (если он меньше
    1)»)."""

    MODULES = {"rule_effects": with_clamp(
        lambda game, raw, parent: raw if raw < 1 else rule_effects.clamp_roll(game, raw, parent))}


@mutant("no-reveal", "classic:503.1.b1#1")
class NoReveal(EngineModules):
    """A face-down card is never revealed by a rule effect (classic 503.1.b1)."""

    MODULES = {"rule_effects": without_check(rule_effects.reveal)}


@mutant("no-battle-start", "classic:503.1.b14#1")
class NoBattleStart(EngineModules):
    """«Начинает бой с …» is never applied when the card is revealed (classic 503.1.b14)."""

    MODULES = {"rule_effects": without_check(rule_effects.battle_start)}


@mutant("no-lives-cancel", "classic:503.1.b6#1")
class NoLivesCancel(EngineModules):
    """Additional and negative lives of a card do not cancel each other (classic 503.1.b6)."""

    MODULES = {"rule_effects": without_check(rule_effects.lives_cancel)}


@mutant("no-excess-lives", "classic:503.1.b16#1")
class NoExcessLives(EngineModules):
    """Additional lives above the card's maximum stay on it (classic 503.1.b16)."""

    MODULES = {"rule_effects": without_check(rule_effects.excess_lives)}


@mutant("no-excess-counters", "classic:503.1.b16#1", "asm:counters-maximum")
class NoExcessCounters(EngineModules):
    """«(фишек)» read as another name of the additional lives: the counters a card carries have no maximum and
    stay on it above the card's maximum of counters (classic 503.1.b16, ASM counters-maximum)."""

    MODULES = {"rule_effects": without_check(rule_effects.excess_counters)}


@mutant("maximum-reached-is-excess", "classic:503.1.b16#1")
class MaximumReachedIsExcess(EngineModules):
    """Additional lives and counters go as soon as they reach the card's maximum, not only above it (classic
    503.1.b16 «превышает»): a card never keeps its maximum."""

    MODULES = {"rule_effects": rule_effects_variant([
        {rule_effects.excess_lives: _reaching_maximum("additional", "max_additional_lives", "excess_lives"),
         rule_effects.excess_counters: _reaching_maximum("counters", "max_counters", "excess_counters")}.get(check, check)
        for check in rule_effects.CHECKS])}


@mutant("no-substitution", "classic:503.1.b19#1")
class NoSubstitution(EngineModules):
    """An ability never substitutes another while it is active (classic 503.1.b19)."""

    MODULES = {"rule_effects": without_check(rule_effects.substituted_abilities)}


@mutant("hostless-stays", "classic:503.1.b7#1")
class HostlessStays(EngineModules):
    """Equipment without a host stays in play (classic 503.1.b7)."""

    MODULES = {"rule_effects": without_check(rule_effects.hostless)}


@mutant("host-left-stays", "classic:503.1.b8#1")
class HostLeftStays(EngineModules):
    """Equipment whose host left play stays in play (classic 503.1.b8)."""

    MODULES = {"rule_effects": without_check(rule_effects.host_left)}


@mutant("equipment-stays-behind", "classic:503.1.b9#1")
class EquipmentStaysBehind(EngineModules):
    """Equipment does not move with its host (classic 503.1.b9)."""

    MODULES = {"rule_effects": without_check(rule_effects.with_host)}


@mutant("flying-stays", "classic:503.1.b10#1")
class FlyingStays(EngineModules):
    """A creature that lost or gained flight stays in its zone (classic 503.1.b10)."""

    MODULES = {"rule_effects": without_check(rule_effects.flying_zone)}


@mutant("nobody-loses", "classic:503.1.b18#1")
class NobodyLoses(EngineModules):
    """A player whose last creature died does not lose (classic 503.1.b18)."""

    MODULES = {"rule_effects": without_check(rule_effects.player_loses)}


@mutant("effects-never-end", "classic:503.1.b15#1")
class EffectsNeverEnd(EngineModules):
    """Ended continuous effects are never removed (classic 503.1.b15)."""

    MODULES = {"rule_effects": without_check(rule_effects.ended_effects)}


@mutant("opens-nothing", "classic:503.1.b2#1")
class OpensNothing(Game):
    """At the start of a turn no card opens (classic 503.1.b2)."""

    def _begin_turn(self) -> None:
        closed = {c.id for c in self.sorted_cards() if c.closed}
        super()._begin_turn()
        for cid in closed:
            self.cards[cid].closed = True


@mutant("rule-effect-targets", "classic:503.1#2")
class RuleEffectTargets(Game):
    """A rule effect records the card it applies to as its target (classic 503.1: «не имеют ни источника, ни
    цели»)."""

    def log(self, kind: str, source: str | None = None, targets: list[str] | None = None, **rest: Any) -> str:
        hid = super().log(kind, source=source, targets=targets, **rest)
        if kind == "rule_effect" and targets:
            entry = self.history[-1]
            self.history[-1] = {**entry, "targets": list(targets)}
        return hid


@mutant("no-shuffle-after-return", "classic:503.1.b17#1")
class NoShuffleAfterReturn(Game):
    """A deck that a card was returned to is not shuffled (classic 503.1.b17: «после возвращения карты в
    колоду»; only taking a card or looking at the deck shuffles it)."""

    def to_deck(self, card: Any, hid: str | None) -> None:
        dirty = card.owner in self.deck_dirty
        super().to_deck(card, hid)
        if not dirty and self.deck_dirty.get(card.owner) == "returned":
            del self.deck_dirty[card.owner]


@mutant("no-shuffle-after-take", "classic:503.1.b17#1")
class NoShuffleAfterTake(_NoShuffleAfter):
    """A deck that a card was taken from is not shuffled (classic 503.1.b17: «после извлечения из неё
    карты»; only a card returned to it or a look at it shuffles it)."""

    VERB = "take_from_deck"


@mutant("hostless-symbiote-stays", "classic:503.1.b7#1")
class HostlessSymbioteStays(EngineModules):
    """A symbiote (parasite) without a host stays in play: only equipment is destroyed (classic 503.1.b7 names
    «симбиотов (паразитов) и экипировок»)."""

    MODULES = {"rule_effects": rule_effects_variant(replace_check(rule_effects.hostless,
                                                                  hostless_of(("equipment",))))}


@mutant("symbiote-outlives-host", "classic:503.1.b8#1")
class SymbioteOutlivesHost(EngineModules):
    """A symbiote (parasite) stays in play when its host leaves the battlefield: only equipment is destroyed
    (classic 503.1.b8)."""

    MODULES = {"rule_effects": rule_effects_variant(replace_check(rule_effects.host_left,
                                                                  host_left_of(("equipment",))))}


@mutant("host-leaves-only-by-death", "classic:503.1.b8#1")
class HostLeavesOnlyByDeath(EngineModules):
    """«Хозяин покидает поле боя» is read as «хозяин погибает»: a host returned to the hand or the deck, or moved to
    the additional zone, leaves its symbiote and equipment in play (classic 503.1.b8)."""

    MODULES = {"rule_effects": rule_effects_variant(replace_check(
        rule_effects.host_left, host_left_of(("equipment", "symbiote"), zones=("graveyard",))))}


@mutant("symbiote-stays-behind", "classic:503.1.b9#1")
class SymbioteStaysBehind(EngineModules):
    """A symbiote (parasite) does not move with its host: only equipment does (classic 503.1.b9)."""

    MODULES = {"rule_effects": rule_effects_variant(replace_check(rule_effects.with_host,
                                                                  with_host_of(("equipment",))))}


@mutant("rule-effects-after-stack", "classic:503.1.p1#1", "classic:503.1.p1#2")
class RuleEffectsAfterStack(EngineModules):
    """«Вне стека» read as «after the stack»: rule effects wait while the stack holds entries and are carried out
    once it is empty — a creature with lethal wounds stays in play while an ability waits on the stack (classic
    503.1.p1: «Эффекты правил игры выполняются вне стека. Эти эффекты выполняются сразу»)."""

    MODULES = {"rule_effects": types.SimpleNamespace(
        run=lambda game: None if game.stack else rule_effects.run(game), clamp_roll=rule_effects.clamp_roll,
        CHECKS=rule_effects.CHECKS)}


# ------------------------------------------------------------------------------------------ the method's sweep
@mutant("rule-effects-after-ability", "classic:503.1.p1#2")
class RuleEffectsAfterAbility(Game):
    """Every effect of an ability is applied before any rule effect: «ранить на 2, затем излечить 1» on a creature
    with 2 lives leaves it alive with 1 wound (classic 503.1.p1: «Эти эффекты выполняются сразу, как только
    становятся актуальными»; only 538.2 makes them wait)."""

    def rule_effects_between(self, entry: Any) -> None:
        return None


def _one_loser(game: Game) -> Any:
    found = rule_effects.player_loses(game)
    if found is None:
        return None
    atoms, _ = found
    first = atoms[0][1]

    def apply() -> None:
        game.lost.append(first)
        game.log("rule_effect", controller=first, effect="player_loses")

    return atoms[:1], apply


@mutant("one-loser-at-a-time", "classic:503.1.b18#1")
class OneLoserAtATime(EngineModules):
    """When both squads are left without creatures at once, only the first player found (in seat order) loses and
    the game is over: the other, with no creature either, is not a loser (classic 503.1.b18 «проигрыш игрока, если в
    его отряде нет существ», a rule effect applied to every player it is relevant for, at once, 503.1.p1)."""

    MODULES = {"rule_effects": rule_effects_variant(replace_check(rule_effects.player_loses, _one_loser))}


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


@mutant("squad-by-owner", "classic:503.1.b18#1")
class SquadByOwner(EngineModules):
    """«В его отряде» read as «of the creatures he owns»: a player whose own creatures are all gone loses, though he
    controls a creature of the opponent; and one whose creature the opponent controls does not (classic 503.1.b18:
    «проигрыш игрока, если в его отряде нет существ»)."""

    MODULES = {"rule_effects": rule_effects_variant(replace_check(rule_effects.player_loses, _loses_by_owner))}


@mutant("squad-term-ends-only-by-death", "classic:503.1.b15#1")
class SquadTermEndsOnlyByDeath(Game):
    """An effect «пока [источник] в отряде» ends only when its source dies: a source returned to the hand or to
    the deck keeps its effect (classic 503.1.b15: «снятие с карты постоянных эффектов, как только заканчивается срок
    их применения»: the term is the source's being in the squad, which it leaves however it leaves)."""

    def effect_ended(self, e: Any) -> bool:
        if e.while_ == "source_in_squad" and self.cards[e.source].zone in ("hand", "deck"):
            return e.until_end_of_turn is not None and self.turn_ended(e.until_end_of_turn)
        return super().effect_ended(e)


def _lethal_when_wounded(game: Game) -> Any:
    seen = game.__dict__.setdefault("wounds_seen", {})
    fresh = {c.id for c in game.cards.values() if seen.get(c.id) != c.wounds}
    seen.clear()
    seen.update({c.id: c.wounds for c in game.cards.values()})
    dying = [c for c in game.sorted_cards() if game.in_play(c) and c.definition.type == "creature"
             and game.current_lives(c) <= 0 and c.id in fresh]
    if not dying:
        return None
    return (tuple(("death", c.id) for c in dying),
            lambda: game.destroy(dying, effect="death", causes={c.id: c.last_hit for c in dying}, rule=True))


@mutant("death-needs-new-wounds", "classic:503.1.b5#1")
class DeathNeedsNewWounds(EngineModules):
    """A creature is destroyed only when it receives wounds that make them lethal: one whose lives drop to its
    wounds without a new wound (negative lives) stays in play (classic 503.1.b5: «уничтожение карты при получении
    ею смертельного числа ран» read as an event, not as the state of having a lethal number of wounds)."""

    MODULES = {"rule_effects": rule_effects_variant(replace_check(rule_effects.lethal_wounds, _lethal_when_wounded))}


def _lethal_without_negatives(game: Game) -> Any:
    dying = [c for c in game.sorted_cards() if game.in_play(c) and c.definition.type == "creature"
             and c.max_lives + c.additional - c.wounds <= 0]
    if not dying:
        return None
    return (tuple(("death", c.id) for c in dying),
            lambda: game.destroy(dying, effect="death", causes={c.id: c.last_hit for c in dying}, rule=True))


@mutant("negative-lives-not-lethal", "classic:503.1.b5#1")
class NegativeLivesNotLethal(EngineModules):
    """The lethal number of wounds is counted against the card's lives and additional lives only: negative lives
    do not lower it (classic 503.1.b5 «смертельного числа ран», with 503.1.b6: negative lives are lives too)."""

    MODULES = {"rule_effects": rule_effects_variant(replace_check(rule_effects.lethal_wounds,
                                                                  _lethal_without_negatives))}


def _by_owner_at_turn_start(game: Game, begin: Any, restore_movement: bool) -> None:
    """Run the turn start with the rule effect read by owner instead of controller: the cards the active player
    controls but does not own keep their state, those he owns but does not control get it."""
    active = game.active
    swapped = [c for c in game.sorted_cards() if game.in_play(c) and (game.controller(c) == active) != (c.owner == active)]
    before = {c.id: (c.closed, c.moves_left) for c in swapped}
    begin()
    for c in swapped:
        closed, moves = before[c.id]
        if restore_movement:
            c.moves_left = c.definition.move if c.owner == active else moves
        elif c.owner == active:
            if c.closed:
                c.closed = False
                game.log("rule_effect", targets=[c.id], effect="open")
        else:
            c.closed = closed


@mutant("opens-owners-cards", "classic:503.1.b2#1")
class OpensOwnersCards(Game):
    """At the start of a turn the cards the active player owns open, not those he controls: a card that changed
    hands stays closed in its controller's turn and opens in its owner's (classic 503.1.b2: «открытие карты в начале
    хода»; ASM turn-start-open: the active player's cards — of his squad)."""

    def _begin_turn(self) -> None:
        _by_owner_at_turn_start(self, super()._begin_turn, restore_movement=False)


@mutant("movement-by-owner", "classic:503.1.b12#1")
class MovementByOwner(Game):
    """At the start of a turn the movement of the creatures the active player owns is restored, not of those he
    controls (classic 503.1.b12: «восстановление запаса движения в начале хода Активного игрока»)."""

    def _begin_turn(self) -> None:
        _by_owner_at_turn_start(self, super()._begin_turn, restore_movement=True)


@mutant("flying-source-inert", "classic:503.1.b4#1", "classic:503.1.b10#1")
class FlyingSourceInert(Game):
    """A static ability whose source is in the additional zone (a flying creature, 503.1.b10) applies nothing: the
    additional zone is read as out of play (classic 503.1.b4 «наложение эффекта от постоянной особенности»; the
    additional zone is part of the squad)."""

    def wanted_static_effects(self) -> dict:
        wanted = super().wanted_static_effects()
        return {key: value for key, value in wanted.items() if self.cards[key[0]].zone != "additional"}


@mutant("clamp-before-modifier", "classic:503.1.b13#1")
class ClampBeforeModifier(Game):
    """The die is brought to 1–6 before its modifiers are added, not the roll with them: 5 + 2 gives 7 (classic
    503.1.b13: «сведение броска кубика к 1 (если он меньше 1) и к 6 (если он больше 6)»: the roll, modifiers
    counted)."""

    def _apply_effect(self, entry: Any, spec: Any, target_id: str) -> Any:
        if spec.do != "wound_roll" or self.effect_replaced(entry, spec, self.cards[target_id]):
            return super()._apply_effect(entry, spec, target_id)
        die = entry.data["rolls"]["effect"]
        value = max(0, rule_effects.clamp_roll(self, die, parent=entry.declared) + self.roll_bonus(self.cards[entry.source]))
        hid = self.log("effect", source=entry.source, targets=[target_id], controller=entry.controller,
                       parent=entry.declared, effect=spec.do, roll=die, wounds=value)
        self.wound(self.cards[target_id], value, hid)
        return None


def _uniqueness_to_controller(game: Game) -> Any:
    found = rule_effects.uniqueness(game)
    if found is None:
        return None
    atoms, _ = found
    extra = [game.cards[a[1]] for a in atoms]

    def apply() -> None:
        for c in extra:
            hid = game.log("rule_effect", targets=[c.id], effect="uniqueness")
            c.owner = game.controller(c)
            game.to_deck(c, hid)

    return atoms, apply


@mutant("uniqueness-to-controllers-deck", "classic:503.1.b11#1")
class UniquenessToControllersDeck(EngineModules):
    """A card that breaks the uniqueness rule returns to the deck of the player in whose squad it is, not of its
    owner: an opponent's unique card taken under control goes into the taker's deck (classic 503.1.b11:
    «возвращение карт в колоду владельца»)."""

    MODULES = {"rule_effects": rule_effects_variant(replace_check(rule_effects.uniqueness, _uniqueness_to_controller))}


@mutant("shuffle-controllers-deck", "classic:503.1.b17#1")
class ShuffleControllersDeck(Game):
    """After a card is returned to a deck, the deck of the player who controlled the card is shuffled, not the deck
    it went into (classic 503.1.b17: «перемешивание колоды … после возвращения карты в колоду»)."""

    def to_deck(self, card: Any, hid: Any) -> None:
        controller = self.controller(card)
        super().to_deck(card, hid)
        if controller != card.owner:
            self.deck_dirty.pop(card.owner, None)
            self.deck_dirty[controller] = "returned"


def _lethal_at_one(game: Game) -> Any:
    dying = [c for c in game.sorted_cards() if game.in_play(c) and c.definition.type == "creature"
             and game.current_lives(c) <= 1]
    if not dying:
        return None
    return (tuple(("death", c.id) for c in dying),
            lambda: game.destroy(dying, effect="death", causes={c.id: c.last_hit for c in dying}, rule=True))


@mutant("lethal-one-early", "classic:503.1.b5#1")
class LethalOneEarly(EngineModules):
    """«Смертельное число ран» read one too low: a creature is destroyed when its wounds leave it 1 life or less
    (classic 503.1.b5: lethal is as many wounds as it has lives)."""

    MODULES = {"rule_effects": rule_effects_variant(replace_check(rule_effects.lethal_wounds, _lethal_at_one))}


def _cancel_all(game: Game) -> Any:
    both = [c for c in game.sorted_cards() if c.additional > 0 and c.negative > 0]
    if not both:
        return None

    def apply() -> None:
        for c in both:
            k = max(c.additional, c.negative)
            c.additional = c.negative = 0
            game.log("rule_effect", targets=[c.id], effect="lives_cancel", amount=k)

    return tuple(("lives_cancel", c.id, c.additional, c.negative) for c in both), apply


@mutant("lives-cancel-all", "classic:503.1.b6#1")
class LivesCancelAll(EngineModules):
    """Negative and additional lives on a card wipe each other out entirely, whatever their numbers (classic
    503.1.b6: «снятие … в результате их взаимного сокращения»: one for one, the rest stays)."""

    MODULES = {"rule_effects": rule_effects_variant(replace_check(rule_effects.lives_cancel, _cancel_all))}


def _excess_all(game: Game) -> Any:
    over = [c for c in game.sorted_cards() if c.definition.max_additional_lives is not None
            and c.additional > c.definition.max_additional_lives]
    if not over:
        return None

    def apply() -> None:
        for c in over:
            amount, c.additional = c.additional, 0
            game.log("rule_effect", targets=[c.id], effect="excess_lives", amount=amount)

    return tuple(("excess_lives", c.id, c.additional) for c in over), apply


@mutant("excess-removes-all", "classic:503.1.b16#1")
class ExcessRemovesAll(EngineModules):
    """Once a card's additional lives exceed its maximum, all of them are removed, not only those above it
    (classic 503.1.b16: «снятие с карты лишних дополнительных жизней»)."""

    MODULES = {"rule_effects": rule_effects_variant(replace_check(rule_effects.excess_lives, _excess_all))}


def _active_never_loses(game: Game) -> Any:
    found = rule_effects.player_loses(game)
    if found is None:
        return None
    losing = [a[1] for a in found[0] if a[1] != game.active]
    if not losing:
        return None

    def apply() -> None:
        for p in losing:
            game.lost.append(p)
            game.log("rule_effect", controller=p, effect="player_loses")

    return tuple(("loses", p) for p in losing), apply


@mutant("active-player-never-loses", "classic:503.1.b18#1")
class ActivePlayerNeverLoses(EngineModules):
    """Only the player who is not active can lose: the active player whose squad is left without creatures in his
    own turn plays on (classic 503.1.b18: «проигрыш игрока, если в его отряде нет существ», whoever's turn it is)."""

    MODULES = {"rule_effects": rule_effects_variant(replace_check(rule_effects.player_loses, _active_never_loses))}
