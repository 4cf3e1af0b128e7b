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
