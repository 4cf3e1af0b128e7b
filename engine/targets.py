"""Targets and selectors: which cards (or cells) a filter of the vocabulary picks, read from the point of
view of an ability's card and its controller; the legal targets of a declaration.

A declaration needs all its targets (classic 536.3; heroes 113.7), so a choice that leaves a later target
without options is not offered (ASM targets-completable).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .model import Ability, Card, Filter

if TYPE_CHECKING:
    from .game import Game


class Targets:
    """Selectors (a part of Game)."""

    def relative(self: Game, rel: str, player: str | None, you: str) -> bool:
        return rel == "any" or (rel == "you" and player == you) or (rel == "opponent" and player not in (None, you))

    def matches(self: Game, f: Filter, card: Card, source: Card, you: str) -> bool:
        """Does `card` meet the filter, read from the point of view of `source` controlled by `you`?"""
        if f.who == "self" and card is not source or f.who == "other" and card is source:
            return False
        if f.who in ("adjacent", "self_or_adjacent") and not (
                (f.who == "self_or_adjacent" and card is source) or (self.in_play(card) and self.adjacent(card, source))):
            return False
        if not self.relative(f.controller, self.controller(card), you):
            return False
        if f.type and card.definition.type != f.type:
            return False
        if f.rank and card.definition.rank != f.rank:
            return False
        if f.state and (f.state == "closed") != card.closed:
            return False
        return not (f.wounded and card.wounds <= 0)

    def targets_completable(self: Game, card: Card, ab: Ability, player: str, chosen: list) -> bool:
        """Can every remaining target of `ab` be chosen after `chosen`? A declaration needs all its targets
        (classic 536.3: the performer *and* the target of its action; heroes 113.7: a declaration that cannot
        be made is illegal), so a choice that leaves a later target without options is not offered."""
        if len(chosen) >= len(ab.targets):            # ASM targets-completable
            return True
        f = ab.targets[len(chosen)]
        options = self.target_options(card, f, player, chosen, ab)
        if f.all:
            return self.targets_completable(card, ab, player, chosen + [options])
        return any(self.targets_completable(card, ab, player, chosen + [o]) for o in options)

    def target_options(self: Game, source: Card, f: Filter, you: str, chosen: list, ability: Ability | None = None) \
            -> list[str]:
        """The legal targets of one target filter, given the targets already chosen."""
        if f.cell:
            # a cell target; an occupied cell only where the ability's participle allows it (538.1.b1)
            occupied = {c.cell for c in self.cards.values() if c.zone == "battlefield" and c.cell}
            allow_occupied = self.participle_allows_occupied(ability)
            return [cell for cell in self.edition.cells()
                    if (f.marker is None or f.marker in self.cell_markers.get(cell, []))
                    and (cell not in occupied or allow_occupied or f.marker is None)]
        near, near_cell = self.near_reference(f, chosen, ability)
        options = []
        for c in self.sorted_cards():
            if not self._in_target_zone(c, f.zone):
                continue
            if not self.matches(f, c, source, you) or (f.distinct and c.id in chosen):
                continue
            if near is not None and (c is near or not self.adjacent(c, near)):
                continue
            if near_cell is not None and not self.next_to_cell(c, near_cell):
                continue
            if self.protected_from(c, ability, you):
                continue                     # «не может быть целью …» (ASM protection)
            if f.opposite and c.id != self.opposite_of(source, you):
                continue
            if f.history and c.id not in self.history_query(f.history, you):
                continue                     # 537.4: by game id, from the battle history (ASM delayed-as-trigger)
            options.append(c.id)
        return options

    def protected_from(self: Game, card: Card, ability: Ability | None, you: str) -> bool:
        """«не может быть целью [заклинаний/воздействий/особенностей] [противника]» (ASM protection): can an
        ability of this form, controlled by `you`, not choose `card` as a target? Only targets are concerned: a
        static ability affects cards without choosing them as targets (heroes 115.1.p1), and a «все …» target
        takes the legal targets only (classic 113.2.p2), so a protected card is not among them."""
        if not self.in_play(card):
            return False
        for ab in self.abilities_of(card):
            p = ab.protection
            if p is None or not self.condition_met(card, ab):
                continue
            if p.from_ == "opponent" and self.controller(card) == you:
                continue
            if p.forms and (ability is None or not any(self.ability_is(ability, kind) for kind in p.forms)):
                continue
            return True
        return False

    def ability_is(self: Game, ability: Ability, kind: str) -> bool:
        """Whether an ability is of a kind a protection names: its form (заклинание, воздействие), or one
        «обязывающая атаковать» (classic 536.5: an ability generating an attack is not one)."""
        return self.obliges_to_attack(ability) if kind == "obliges_attack" else ability.form == kind

    def near_reference(self: Game, f: Filter, chosen: list, ability: Ability | None) -> tuple[Card | None, str | None]:
        """What `near: targetN` refers to: the earlier target's card, or its cell when that target is a cell
        («рядом с выбранной клеткой»)."""
        if not f.near:
            return None, None
        index = int(f.near[6:]) - 1
        ref = chosen[index] if index < len(chosen) and isinstance(chosen[index], str) else None
        if ref is None:
            return None, None
        if ability is not None and index < len(ability.targets) and ability.targets[index].cell:
            return None, ref
        return self.cards.get(ref), None

    def next_to_cell(self: Game, card: Card, cell: str) -> bool:
        """«рядом с выбранной клеткой»: the card stands on a cell touching the chosen one, diagonals included as
        for cards (ASM classic-grid); the card standing on the chosen cell itself is not next to it (ASM near-cell)."""
        return card.zone == "battlefield" and card.host is None and bool(card.cell) \
            and self.edition.has_grid and self.edition.adjacent(card.cell or "", cell)

    def _in_target_zone(self: Game, card: Card, zone: str) -> bool:
        """A target filter's zone: the squad (default), the graveyard, the hand, or any zone but the deck —
        where a creature keeps its game id (537.4)."""
        if zone == "any":
            return card.zone != "deck"
        if zone == "graveyard":
            return card.zone == "graveyard"
        if zone == "hand":
            return card.zone == "hand"
        return self.in_play(card)

    def opposite_of(self: Game, source: Card, you: str) -> str | None:
        """The enemy creature opposite: in the same column, the nearest one (ASM opposite)."""
        if not source.cell:
            return None
        col, row = self.edition.coords(source.cell)
        enemies = [c for c in self.cards.values() if c.zone == "battlefield" and c.cell and c.host is None
                   and c.definition.type == "creature" and self.controller(c) != you
                   and self.edition.coords(c.cell)[0] == col]
        return min(enemies, key=lambda c: (abs(self.edition.coords(c.cell or "")[1] - row), c.id)).id \
            if enemies else None
