"""Cards, squads and zones: who controls a card, where it stands, what is next to it, and how it moves
between zones (death to the graveyard, back to the deck, the deck shuffled: 503.1.b17).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from .model import IN_PLAY, Card

if TYPE_CHECKING:
    from .game import Game


# the effects of `Zones.destroy` that are a destruction («уничтожение»): by an ability, and by the rule effects of
# 503.1.b5 (lethal wounds), 503.1.b7 (no host) and 503.1.b8 (the host left the battlefield)
DESTRUCTIONS = frozenset({"destroyed", "death", "no_host", "host_left"})


class Zones:
    """Cards and zones (a part of Game)."""

    def sorted_cards(self: Game) -> tuple[Card, ...]:
        # the game's cards are all known from the setup on (537.4: a card keeps its id whatever its zone; no card
        # enters or leaves the game), so the order by id is computed once (a hot path: every rule-effects check
        # reads it; a clone copies it with the cards)
        cached = self.__dict__.get("_by_id")
        if cached is None:
            cached = self.__dict__["_by_id"] = tuple(sorted(self.cards.values(), key=lambda c: c.id))
        return cached

    def opponent(self: Game, player: str) -> str:
        for p in self.players:          # a loop, not next(generator): a hot path (every priority, every trigger)
            if p != player:
                return p
        raise StopIteration(f"no opponent of {player}")

    def in_play(self: Game, card: Card) -> bool:
        return card.zone in IN_PLAY

    def controller(self: Game, card: Card) -> str:
        """The controlling player: the latest control effect on the card, else its base controller."""
        if card.zone not in IN_PLAY:                      # Zones.in_play, inline (a hot path: 503.1.b18 asks it)
            return card.owner
        # the control effect latest in order (no two effects share one: a set-up effect's is (0, its index), a
        # static's (0, its source's appearance, ability, effect), an effect's (1, the history's length), each
        # logged as it is added); a loop, not max(generator): a hot path
        latest = None
        for e in self.effects:
            if e.kind == "control" and e.target == card.id and e.to and (latest is None or e.order > latest.order):
                latest = e
        return card.base_controller if latest is None else latest.to

    def on_cell(self: Game, cell: str) -> list[Card]:
        """The cards standing on this cell of the battlefield (not those attached to them), by id."""
        return [c for c in self.sorted_cards() if c.zone == "battlefield" and c.cell == cell and c.host is None]

    def enter_battlefield(self: Game, card: Card, cell: str | None) -> None:
        """The card comes into play on the battlefield (played, incarnated, put into play): it appears now,
        after every card already there (115.4: statics apply in order of appearance), and its game segment
        starts in this turn (heroes 115.1)."""
        card.zone, card.cell = "battlefield", cell
        # it comes into its owner's squad: a set-up control (the board's `controller`) held the card while it stayed
        # in play, and a card that left play and comes back is a new object (537.4; ASM play-without-cost: the owner
        # plays it from his hand)
        card.base_controller = card.owner
        self._counters["appear"] += 1
        card.appeared, card.appeared_turn = self._counters["appear"], self.turn
        # ASM battle-start-played-open: a card that comes into play face up is never revealed (503.1.b14 «при
        # вскрытии карты»), so its `battle_started` stays as it was: no «начинает бой с» effect

    def current_lives(self: Game, card: Card) -> int:
        return card.max_lives + card.additional - card.negative - card.wounds

    def adjacent(self: Game, a: Card, b: Card) -> bool:
        if not self.edition.has_grid:
            return a.id != b.id
        return bool(a.cell and b.cell) and self.edition.adjacent(a.cell or "", b.cell or "")

    def free_cell(self: Game, card: Card) -> str | None:
        """ASM flying-return: the cell it left if free, else the first free cell of its controller's half, rows
        from his edge of the battlefield, columns a–e (None: the half is full)."""
        taken = {c.cell for c in self.cards.values() if c.zone == "battlefield"}   # only cards there have a cell
        if card.last_cell and card.last_cell not in taken:
            return card.last_cell
        for row in self.edition.home_rows(self.players.index(self.controller(card))):
            for col in self.edition.columns:
                if f"{col}{row}" not in taken:
                    return f"{col}{row}"
        return None

    def destroy(self: Game, cards: list[Card], effect: str, causes: dict[str, str | None], rule: bool) -> None:
        """Cards die (гибель): every death is logged and its triggers read while all the dying cards are
        still in play (simultaneous), then they go to their owners' graveyards."""
        logged = []
        for c in cards:
            logged.append((c, self.log("rule_effect" if rule else "death", targets=[c.id], parent=causes.get(c.id),
                                       effect="death" if effect == "destroyed" else effect,
                                       controller=self.controller(c))))
        for c, hid in logged:
            self.fire("death", hid, c, cause=causes.get(c.id))
            # «При уничтожении» fires on every destruction: an ability's, and the rule effects the text calls so,
            # 503.1.b5 «уничтожение карты при получении ею смертельного числа ран», 503.1.b7/b8 «уничтожение
            # симбиотов (паразитов) и экипировок, если у них нет хозяина / если хозяин покидает поле боя»
            if effect in DESTRUCTIONS:
                self.fire("destroyed", hid, c, cause=causes.get(c.id))
        for c in cards:
            c.zone, c.cell = "graveyard", None
            self.log("zone", targets=[c.id], zone="graveyard")

    def deck_of(self: Game, player: str) -> list[Card]:
        return sorted((c for c in self.cards.values() if c.zone == "deck" and c.owner == player),
                      key=lambda c: (c.position, c.id))

    def to_deck(self: Game, card: Card, hid: str | None) -> None:
        """A card goes to its owner's deck (at the bottom); the deck is then shuffled (503.1.b17)."""
        card.zone, card.cell, card.host = "deck", None, None
        card.position = max((c.position for c in self.deck_of(card.owner)), default=-1) + 1
        card.wounds = card.additional = card.negative = 0
        card.closed = False
        self.log("zone", targets=[card.id], parent=hid, zone="deck")
        # 537.4: creatures are identified by their game id in every zone «кроме колоды»: a card that went
        # through the deck is a new object, and the battle history's past actions are no longer its own
        card.since = len(self.history)
        self.deck_dirty[card.owner] = "returned"

    def shuffle(self: Game, player: str, reason: str) -> None:
        deck = self.deck_of(player)
        # the order comes from the board's seed, the player and the shuffles so far, this one counted
        # (ASM deterministic-shuffle: the order is never a scenario's check, only that the whole deck was shuffled)
        ids = [c.id for c in deck]
        random.Random(f"{self.seed}:{player}:{self._new_id('shuffle')}").shuffle(ids)
        for pos, cid in enumerate(ids):
            self.cards[cid].position = pos
        self.log("rule_effect", controller=player, targets=ids, effect="shuffle", reason=reason, seed=self.seed,
                 order=ids)
