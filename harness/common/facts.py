"""Facts of the game the whole harness shares, each defined once (lowest layer: every other layer may use them).

Every fact comes from the engine, its one home (`engine/__init__.py` exports them): the edition list and
the battlefield grid from the edition profiles, the zones and the default players from the engine's model.
The harness imports them from here and nowhere else.
"""

from __future__ import annotations

from engine import DEFAULT_PLAYERS as _ENGINE_PLAYERS
from engine import (
    EDITION_NAMES,
    GRID_COLUMNS,
    GRID_ROWS,
    IN_PLAY,
    READINGS,
    default_readings,
    readings_problems,
)
from engine import ZONES as _ENGINE_ZONES

__all__ = ["EDITIONS", "COLUMNS", "ROWS", "GRID", "ZONES", "IN_PLAY", "DEFAULT_PLAYERS", "READINGS",
           "default_readings", "readings_problems"]

# READINGS, the register of readings (rules/assumptions.yaml `readings:`, engine/readings.py): group → its
# readings, the kit's default first; `default_readings()` the defaults, `readings_problems(d)` what is wrong with
# an engine's declaration of the readings it holds (an unknown group or reading, named with the known ones)

#: the editions, in the engine's order: ("classic", "heroes")
EDITIONS: tuple[str, ...] = EDITION_NAMES

#: the classic battlefield: columns a–e, rows 1–6 (heroes has no grid)
COLUMNS: str = GRID_COLUMNS
ROWS: int = GRID_ROWS
GRID: str = f"the {len(COLUMNS)}×{ROWS} battlefield: columns {COLUMNS[0]}–{COLUMNS[-1]}, rows 1–{ROWS}"

#: the zones a card can be in (canonical state, docs/STATE.md)
ZONES: tuple[str, ...] = _ENGINE_ZONES

#: the players of a board that names none (Cyrillic А and Б)
DEFAULT_PLAYERS: tuple[str, ...] = _ENGINE_PLAYERS
