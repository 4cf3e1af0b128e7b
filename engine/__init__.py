"""The reference engine for «Берсерк» (classic) and «Берсерк. Герои».

It knows nothing of Gherkin, files, pytest or reports. Its public face:

    game = new_game(setup, definitions)   # setup: a board as plain data; definitions: card name -> definition
    new_game(setup, definitions, {"heroes-queue": "fifo"})   # … under another reading (READINGS)
    game.legal_actions(player)            # every action the player may request now (each accepted by act)
    game.act(player, action)              # a player's action (raises IllegalAction)
    game.answer(player, choice)           # the answer to the pending decision
    game.clone()                          # an independent copy
    state(game)                           # the canonical state (plain JSON-able data)
    state(game, ("stack", "pending"))     # only these top-level keys of it
    setup_problems(setup)                 # every problem of a position, as (path, message): what new_game refuses
    did_you_mean(word, options)           # the near names, for an error message

and the facts of the game the tools around it need, each defined once here: EDITIONS (the edition
profiles, by name; EDITION_NAMES), GRID_COLUMNS / GRID_ROWS (the classic 5×6 battlefield), ZONES and
IN_PLAY (the zones, and those of a squad), DEFAULT_PLAYERS (the players of a board that names none),
ACTION_TYPES (the action types `act` knows), STEPS (the steps of a turn a board may start in),
RESOLUTION_STEPS (the steps of a stack/Queue entry).
"""

from __future__ import annotations

from .canonical import canonical_state as state
from .cards import check_card_definition, parse_card
from .editions import EDITION_NAMES, EDITIONS, GRID_COLUMNS, GRID_ROWS, Edition
from .game import Game
from .model import DEFAULT_PLAYERS, IN_PLAY, STEPS, ZONES, DefinitionError, IllegalAction, SetupError
from .readings import READINGS, default_readings
from .readings import reading_problems as readings_problems
from .setup import did_you_mean, setup_problems
from .stack import RESOLUTION_STEPS

ENGINE_NAME = "berserk-rules reference engine"
ENGINE_VERSION = "0.1.0"
ACTION_TYPES = tuple(Game.ACTIONS)


def new_game(setup: dict, definitions: dict[str, dict], readings: dict[str, str] | None = None) -> Game:
    """A game from a board; `readings` picks, per reading group where the text admits several (READINGS), the one
    to play (default: the kit's, the first of each)."""
    return Game(setup, definitions, readings)


def legal_actions(game: Game, player: str) -> list[dict]:
    """Every action `player` may request now (`Game.legal_actions`)."""
    return game.legal_actions(player)


__all__ = [
    "ACTION_TYPES", "DEFAULT_PLAYERS", "READINGS", "default_readings", "readings_problems", "EDITIONS", "EDITION_NAMES", "ENGINE_NAME", "ENGINE_VERSION", "GRID_COLUMNS",
    "GRID_ROWS", "IN_PLAY", "RESOLUTION_STEPS", "STEPS", "ZONES", "DefinitionError", "Edition", "Game", "IllegalAction", "SetupError",
    "check_card_definition", "did_you_mean", "legal_actions", "new_game", "parse_card", "setup_problems", "state",
]
