"""Mutants of heroes 115, constant abilities: each misreads a sentence of the text (or an assumption) named at its registration."""

from __future__ import annotations

from typing import Any

from engine import Game
from harness.quality.mutants import EngineModules, mutant, rule_effects_variant


@mutant("statics-by-card-id", "heroes:115.4#1")
class StaticsByCardId(Game):
    """Static abilities apply in a fixed order (the order of card ids), not in order of appearance
    (heroes 115.4)."""

    def wanted_static_effects(self) -> dict[tuple, tuple[str, int, tuple]]:
        rank = {cid: i for i, cid in enumerate(sorted(self.cards))}
        return {key: (kind, amount, (0, rank[key[0]], *order[2:]))
                for key, (kind, amount, order) in super().wanted_static_effects().items()}


@mutant("statics-set-first", "heroes:115.4#1")
class StaticsSetFirst(Game):
    """Static abilities that set a value apply before those that modify it (a fixed layer order), not in
    order of appearance (heroes 115.4)."""

    def wanted_static_effects(self) -> dict[tuple, tuple[str, int, tuple]]:
        return {key: (kind, amount, (0, 0 if kind == "strike_set" else 1, *order[1:]))
                for key, (kind, amount, order) in super().wanted_static_effects().items()}


@mutant("static-sticks-to-target", "heroes:115.1#3")
class StaticSticksToTarget(Game):
    """A static effect once applied stays on its card while the source still applies it, even when the card
    stops meeting the description of the cards it affects (heroes 115.1: «снимается, как только перестаёт
    удовлетворять условию»)."""

    def wanted_static_effects(self) -> dict[tuple, tuple[str, int, tuple]]:
        wanted = super().wanted_static_effects()
        for e in self.effects:
            key = e.static_key
            if key is None or key in wanted:
                continue
            source, target = self.cards[key[0]], self.cards[key[3]]
            ab = self.ability_of(source, key[1])
            if ab is not None and self.in_play(source) and self.in_play(target) and \
                    (not ab.condition_source or (ab.condition_source == "closed") == source.closed):
                wanted[key] = (e.kind, e.amount, e.order)
        return wanted


@mutant("static-duration-ignored", "heroes:115.1#1")
class StaticDurationIgnored(Game):
    """A static ability whose effect lasts «до конца (вашего) хода» acts for the whole game, as if no game
    segment were named (heroes 115.1 «в течение указанного игрового отрезка»)."""

    def static_segment_over(self, source: Any, you: str, spec: Any) -> bool:
        return False


@mutant("protection-blocks-non-targeting", "heroes:115.1.p1#3")
class ProtectionBlocksNonTargeting(Game):
    """«не может быть целью …» is read as «не подвержена»: static abilities of those the card is protected from
    do not affect it either (heroes 115.1.p1: «Постоянные способности влияют на карты, не выбирая их целью»)."""

    def wanted_static_effects(self) -> dict:
        wanted = super().wanted_static_effects()
        return {key: value for key, value in wanted.items()
                if not self.protected_from(self.cards[key[3]], self.ability_of(self.cards[key[0]], key[1]),
                                           self.controller(self.cards[key[0]]))}


@mutant("static-declared", "heroes:115.1.p1#1")
class StaticDeclared(Game):
    """A static ability is declared when it applies its effect: each application is recorded as a declaration
    of the ability (heroes 115.1.p1: «Постоянная способность не объявляется, не выполняется и не использует
    Очередь»)."""

    def add_static_effect(self, key: tuple, value: tuple) -> None:
        self.log("declare", source=key[0], targets=[key[3]], controller=self.controller(self.cards[key[0]]),
                 action="static", ability=key[1])
        super().add_static_effect(key, value)


@mutant("prevention-always-on", "heroes:115.3#1", "heroes:115.3#2")
class PreventionAlwaysOn(EngineModules):
    """A static that prevents or replaces acts at every moment, like any static: its effect is on its card from
    the moment it appears, not only when wounds are dealt or the replaced event happens (heroes 115.3: «становятся
    актуальными только в определённый промежуток времени. Например, … замещения, … предотвращения»). (The
    rule-effects loop runs every check: the engine skips the static one on a board whose statics have no effects.)"""

    MODULES = {"rule_effects": rule_effects_variant()}

    def wanted_static_effects(self) -> dict:
        wanted = super().wanted_static_effects()
        if self.edition.name != "heroes":
            return wanted
        for source in self.sorted_cards():
            if not self.in_play(source):
                continue
            for ab in self.abilities_of(source):
                r = ab.replacement
                if ab.kind == "static" and r is not None and r.of in ("wounds", "effect", "destruction"):
                    kind = "prevention" if r.of == "wounds" else "replacement"
                    wanted[(source.id, ab.key, len(ab.effects), source.id)] = (kind, r.prevent or 0,
                                                                              (source.appeared, 99))
        return wanted


@mutant("static-applied-once", "heroes:115.1#2", "classic:503.1.b4#1")
class StaticAppliedOnce(Game):
    """A static ability applies its effect to the cards that meet its condition when it appears; a card that
    starts meeting the condition later (comes into play, moves next to it) does not get it (heroes 115.1:
    «накладывает эффект на карту, как только эта карта начинает удовлетворять условию»; classic 503.1.b4: the
    application is a rule effect, made whenever it becomes relevant)."""

    def wanted_static_effects(self) -> dict:
        wanted = super().wanted_static_effects()
        first = self.__dict__.setdefault("first_targets", {})
        for key in wanted:
            if key[:3] not in first:            # the ability's first application: the cards that meet it then
                first[key[:3]] = {k[3] for k in wanted if k[:3] == key[:3]}
        return {key: value for key, value in wanted.items() if key[3] in first[key[:3]]}


@mutant("static-outlives-source", "heroes:115.1#4", "classic:503.1.ex1#3")
class StaticOutlivesSource(Game):
    """The effect of a static ability, once applied, stays when its source loses the ability or leaves the zone
    where it acts: only the target's ceasing to meet the condition removes it (heroes 115.1: «перестаёт влиять
    на цели»; classic 503.1.ex1: «эффекты, наложенные ими, снимаются»)."""

    def wanted_static_effects(self) -> dict:
        wanted = super().wanted_static_effects()
        for e in self.effects:
            key = e.static_key
            if key is None or key in wanted:
                continue
            target = self.cards.get(key[3])
            if target is not None and self.in_play(target):
                wanted[key] = (e.kind, e.amount, e.order)
        return wanted


@mutant("static-waits-a-turn", "heroes:115.1.p1#2")
class StaticWaitsATurn(Game):
    """A static ability of a card that comes into play during the game starts to apply its effects at the start
    of the next turn, not as soon as the card appears (heroes 115.1.p1: «Появившись, постоянная способность сразу
    же применяет эффекты»)."""

    def wanted_static_effects(self) -> dict:
        wanted = super().wanted_static_effects()
        initial = self.__dict__.setdefault("initial", {c.id for c in self.cards.values() if self.in_play(c)})
        return {key: value for key, value in wanted.items()
                if key[0] in initial or self.cards[key[0]].appeared_turn < self.turn}


@mutant("statics-by-start-of-application", "heroes:115.4#1")
class StaticsByStartOfApplication(Game):
    """Static abilities apply to a card in the order their effects started to apply to it, not in the order the
    abilities appeared: a source that appeared first but whose condition came true later applies after a later
    source (heroes 115.4: «применяются они в порядке появления»; 115.1.p1: an ability appears with its card —
    «Появившись, постоянная способность сразу же применяет эффекты»)."""

    def wanted_static_effects(self) -> dict:
        wanted = super().wanted_static_effects()
        started = self.__dict__.setdefault("started", {})
        for key in [k for k in started if k not in wanted]:
            del started[key]
        for key in wanted:
            if key not in started:
                started[key] = len(self.history) + len(started) / 1000
        return {key: (kind, amount, (0, started[key], *order[2:])) for key, (kind, amount, order) in wanted.items()}


@mutant("static-affects-by-owner", "heroes:115.1#2")
class StaticAffectsByOwner(Game):
    """«Ваши существа» of a static ability read by owner: a card the source's controller took from the opponent
    does not get the effect, and his own card the opponent controls keeps it (heroes 115.1: «накладывает эффект на
    карту, как только эта карта начинает удовлетворять условию наложения эффекта» — «ваше» is what you control)."""

    def wanted_static_effects(self) -> dict:
        self.__dict__["statics_by_owner"] = True
        try:
            return super().wanted_static_effects()
        finally:
            self.__dict__["statics_by_owner"] = False

    def controller(self, card: Any) -> str:
        if self.__dict__.get("statics_by_owner"):
            return card.owner
        return super().controller(card)


@mutant("statics-latest-first", "heroes:115.4#1")
class StaticsLatestFirst(Game):
    """Static abilities apply to a card in the reverse order of appearance: the newest one first, so the first to
    appear has the last word (heroes 115.4: «применяются они в порядке появления»)."""

    def wanted_static_effects(self) -> dict:
        return {key: (kind, amount, (0, -order[1], *order[2:]))
                for key, (kind, amount, order) in super().wanted_static_effects().items()}
