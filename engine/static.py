"""Static abilities (classic 115 «постоянные особенности», heroes 115) and the abilities a card has now.

The effect of a static ability is applied as soon as a card meets its condition and removed as soon as
it stops meeting it (503.1.b4, heroes 115.1) — the rule effect `rule_effects.static_effects` asks
`wanted_static_effects` and applies the difference; effects apply in order of appearance (115.4).
A static never targets (115.1.p1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .model import Ability, Card, Effect, EffectSpec, Filter
from .triggered import POISON

if TYPE_CHECKING:
    from .game import Game


class StaticAbilities:
    """115 (a part of Game)."""

    def abilities_of(self: Game, card: Card) -> tuple[Ability, ...]:
        """The abilities the card has now: none while an effect takes them away (e.g. a static); an ability
        substituted by another (503.1.b19) is not had while the other one is active."""
        for e in self.effects:
            if e.kind == "lose_abilities" and e.target == card.id:
                return ()
        if not card.substituted and not card.definition.has_substituting:
            return tuple(card.definition.abilities)      # nothing substituted: every printed ability
        return tuple(a for a in card.definition.abilities
                     if a.key not in card.substituted and (a.substitutes is None or self.condition_met(card, a)))

    def ability_of(self: Game, card: Card, key: str) -> Ability | None:
        if key == POISON.key:
            return POISON
        for a in self.abilities_of(card):       # a loop, not next(generator): a hot path (every resolution)
            if a.key == key:
                return a
        return None

    def condition_met(self: Game, card: Card, ab: Ability) -> bool:
        """«Пока [карта] открыта/закрыта»."""
        return ab.condition_source is None or (ab.condition_source == "closed") == card.closed

    def has_flying(self: Game, card: Card) -> bool:
        """Flying is a keyword ability: lost with the card's abilities."""
        return card.definition.flying and not any(e.kind == "lose_abilities" and e.target == card.id
                                                  for e in self.effects)

    def roll_bonus(self: Game, card: Card) -> int:
        return sum(e.amount for e in self.effects if e.kind == "roll_bonus" and e.target == card.id)

    def strike_values(self: Game, card: Card) -> list[int]:
        """Weak-medium-strong, every effect in its order (115.4; statics first: ASM static-before-continuous)."""
        values = list(card.definition.strike)
        for e in sorted((e for e in self.effects if e.target == card.id), key=lambda e: e.order):
            if e.kind == "strike_bonus":
                values = [v + e.amount for v in values]
            elif e.kind == "strike_set":
                values = [e.amount] * 3
        return [max(0, v) for v in values]          # never below 0 (ASM strike-not-below-zero)

    def wanted_static_effects(self: Game) -> dict[tuple, tuple[str, int, tuple]]:
        """Every effect that static abilities should be applying now: key → (kind, amount, order)."""
        wanted: dict[tuple, tuple[str, int, tuple]] = {}
        for source in sorted(self.cards.values(), key=lambda c: (c.appeared, c.id)):
            if not source.definition.has_static or not self.in_play(source):
                continue
            you = self.controller(source)
            for idx, ab in enumerate(self.abilities_of(source)):
                if ab.kind != "static" or not ab.effects:
                    continue
                if ab.condition_source and (ab.condition_source == "closed") != source.closed:
                    continue
                for target in self.sorted_cards():
                    if not self.in_play(target) or not self.matches(ab.affects or Filter(who="self"), target,
                                                                    source, you):
                        continue
                    for n, spec in enumerate(ab.effects):
                        if self.static_segment_over(source, you, spec):
                            continue
                        key = (source.id, ab.key, n, target.id)
                        wanted[key] = (spec.do, spec.amount, (0, source.appeared, idx, n))
        return wanted

    def static_segment_over(self: Game, source: Card, you: str, spec: EffectSpec) -> bool:
        """heroes 115.1: «Постоянная способность оказывает влияние на игру в течение указанного игрового
        отрезка (или в течение всей игры, если игровой отрезок не указан)». A static whose effect says «до
        конца (вашего) хода» acts from the moment its source came into play (115.1.p1 «Появившись, постоянная
        способность сразу же применяет эффекты»; ASM static-segment) to the end of that turn, «вашего» meaning
        the turn of the source's controller (ASM effect-until-your-turn); after it, the effect is removed
        (the rule effect static_effects) and not applied again, whatever the condition."""
        end = self.static_segment_end(source, you, spec)
        return end is not None and self.turn_ended(end)

    def static_segment_end(self: Game, source: Card, you: str, spec: EffectSpec) -> int | None:
        """The turn at whose end a static's game segment ends (None: the whole game); see static_segment_over."""
        return None if spec.until is None else self._until_turn(you, spec.until, since=source.appeared_turn)

    def add_static_effect(self: Game, key: tuple, value: tuple[str, int, tuple]) -> None:
        kind, amount, order = value
        eid = self._new_id("e")
        source = self.cards[key[0]]
        ab = self.ability_of(source, key[1])
        spec = ab.effects[key[2]] if ab is not None and key[2] < len(ab.effects) else None
        until = self.static_segment_end(source, self.controller(source), spec) if spec is not None else None
        self.effects.append(Effect(id=eid, kind=kind, source=key[0], target=key[3], amount=amount, order=order,
                                   until_end_of_turn=until, static_key=key))
        self.log("rule_effect", source=None, targets=[key[3]], effect="static_apply", applied=kind, id=eid,
                 source_card=key[0], ability=key[1])
