"""The reference engine for «Берсерк» (classic) and «Берсерк. Герои».

It knows nothing of Gherkin, files, pytest or reports. Its public face:

    game = new_game(setup, definitions)   # setup: a board as plain data; definitions: card name -> definition
    game.act(player, action)              # a player's action (raises IllegalAction)
    game.answer(player, choice)           # the answer to the pending decision
    state(game)                           # the canonical state (plain JSON-able data)
"""

from __future__ import annotations

from .canonical import canonical_state as state
from .cards import DefinitionError, check_card_definition, parse_card
from .editions import EDITIONS, Edition
from .game import Game, IllegalAction, SetupError

ENGINE_NAME = "berserk-rules reference engine"
ENGINE_VERSION = "0.1.0"


def new_game(setup: dict, definitions: dict[str, dict]) -> Game:
    return Game(setup, definitions)


__all__ = [
    "EDITIONS", "ENGINE_NAME", "ENGINE_VERSION", "DefinitionError", "Edition", "Game", "IllegalAction",
    "SetupError", "check_card_definition", "new_game", "parse_card", "state",
]
