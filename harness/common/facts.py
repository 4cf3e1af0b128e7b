"""Facts of the game the whole harness shares, each defined once (lowest layer: every other layer may use them).

The edition list and the battlefield grid come from the engine's edition profiles (`engine.editions`), the
one home of what differs between the editions. The zones and the default players are not exported by the
engine yet: they are stated here once, and the fuzzer checks the engine agrees (every card in one of
`ZONES`); when the engine exports them, import them here and nowhere else.
"""

from __future__ import annotations

from engine.editions import CLASSIC
from engine.editions import EDITIONS as PROFILES

__all__ = ["EDITIONS", "COLUMNS", "ROWS", "GRID", "ZONES", "DEFAULT_PLAYERS"]

#: the editions, in the engine's order: ("classic", "heroes")
EDITIONS: tuple[str, ...] = tuple(PROFILES)

#: the classic battlefield: columns a–e, rows 1–6 (heroes has no grid)
COLUMNS: str = CLASSIC.columns
ROWS: int = CLASSIC.rows
GRID: str = f"the {len(COLUMNS)}×{ROWS} battlefield: columns {COLUMNS[0]}–{COLUMNS[-1]}, rows 1–{ROWS}"

#: the zones a card can be in (canonical state, docs/STATE.md)
ZONES: tuple[str, ...] = ("battlefield", "additional", "graveyard", "deck", "hand")

#: the players of a board that names none (Cyrillic А and Б)
DEFAULT_PLAYERS: tuple[str, str] = ("А", "Б")
