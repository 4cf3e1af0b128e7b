"""The canonical state: the whole observable state of a game as plain JSON-able data, stably ordered.

Scenarios assert on it, the protocol returns it, differential tests compare it. One function, one shape
(documented in docs/STATE.md).
"""

from __future__ import annotations

import weakref
from typing import Any

from .game import Game
from .model import Card


def _card(game: Game, c: Card) -> dict[str, Any]:
    values = game.strike_values(c)
    return {
        "id": c.id,
        "name": c.definition.name,
        "type": c.definition.type,
        "rank": c.definition.rank,
        "owner": c.owner,
        "controller": game.controller(c),
        "zone": c.zone,
        "cell": c.cell,
        "open": not c.closed,
        "face_up": not c.face_down,
        "lives": c.max_lives,
        "additional_lives": c.additional,
        "negative_lives": c.negative,
        "wounds": c.wounds,
        "current_lives": game.current_lives(c),
        "strike": {"base": list(c.definition.strike), "value": values},
        "abilities": [a.key for a in game.abilities_of(c)],
        "printed_abilities": [a.key for a in c.definition.abilities],
        "poison": c.poison,
        "replaced_abilities": sorted(c.substituted),     # 503.1.b19 (rule_effects.substituted_abilities)
        "flying": game.has_flying(c),
        "host": c.host,
        "moves_left": c.moves_left,
        "counters": c.counters,
        "markers": sorted(c.markers),
        "effects": [e.id for e in game.effects if e.target == c.id],
        "position": c.position,
    }


# game → (Game.changes when rendered, its cards, its effects): the cards and the effects only change with a
# change written to the history (Game.changes), so between two such changes they are rendered once. The
# rendered lists are shared by the states returned meanwhile: plain data, never changed in place, like the
# history entries.
_RENDERED: weakref.WeakKeyDictionary[Game, tuple[int, list, list]] = weakref.WeakKeyDictionary()


def _cards_and_effects(game: Game) -> tuple[list, list]:
    cached = _RENDERED.get(game)
    if cached is not None and cached[0] == game.changes and not game.VERIFY_SKIPS:
        return cached[1], cached[2]
    cards = [_card(game, c) for c in game.sorted_cards()]
    effects = [
        {"id": e.id, "kind": e.kind, "source": e.source, "target": e.target, "to": e.to, "amount": e.amount,
         "while": e.while_, "until_end_of_turn": e.until_end_of_turn, "cause": e.cause,
         "static": e.static_key is not None, "ability": e.static_key[1] if e.static_key else None}
        for e in game.effects
    ]
    if cached is not None and cached[0] == game.changes and (cached[1], cached[2]) != (cards, effects):
        raise AssertionError("the cards or effects changed with no change written to the history (Game.changes)")
    _RENDERED[game] = (game.changes, cards, effects)
    return cards, effects


# the sections of the canonical state, in order, each rendered by its own function (canonical_state(game,
# sections) renders only the sections asked for: the harness's pass loop reads four of them)
SECTIONS: dict[str, Any] = {
    "edition": lambda game: game.edition.name,
    "stack_name": lambda game: game.edition.stack_name,
    "turn": lambda game: game.turn,
    "active_player": lambda game: game.active,
    "first_player": lambda game: game.first_player,
    "step": lambda game: game.step,
    "priority": lambda game: game.priority,
    "players": lambda game: [{"name": p, "lost": p in game.lost} for p in game.players],
    "game_over": lambda game: bool(game.lost),
    "cells": lambda game: {cell: sorted(m) for cell, m in sorted(game.cell_markers.items()) if m},
    "seed": lambda game: game.seed,
    "cards": lambda game: _cards_and_effects(game)[0],
    "effects": lambda game: _cards_and_effects(game)[1],
    "stack": lambda game: [
        {"id": s.id, "kind": s.kind, "source": s.source, "ability": s.ability, "controller": s.controller,
         "targets": list(s.targets), "step": s.step, "generated": s.generated}
        for s in game.stack
    ],
    "waiting_triggers": lambda game: [
        {"id": f.id, "card": f.card, "ability": f.ability, "event": f.event, "subject": f.subject,
         "optional": f.optional} for f in game.fired
    ],
    "pending": lambda game: game.pending,       # plain data, never changed in place (Game.pending)
    # the entries themselves, shared: they are plain data never changed once written (Game.log)
    "history": lambda game: list(game.history),
}


def canonical_state(game: Game, sections: tuple[str, ...] | None = None) -> dict[str, Any]:
    """The canonical state (docs/STATE.md); with `sections`, only those top-level keys."""
    if sections is None:
        return {key: render(game) for key, render in SECTIONS.items()}
    return {key: SECTIONS[key](game) for key in sections}
