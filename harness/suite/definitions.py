"""The card definitions a board hands the engine: the one home of how a board's card names become engine definitions.

A board names cards; the engine plays definitions. Each name of the board is looked up once: a test card the
board itself defines (`tests`) first, else the catalog card of the board's edition (the catalog holds the
pool of test cards, `catalog/test-cards/`, too). Used by `harness.suite.board` (a board file of the suite) and
by the sandbox of the site (`harness.output.sandbox`, which runs in the browser: this module imports nothing
but the standard library).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

__all__ = ["board_definitions"]


def board_definitions(cards: Iterable[Mapping[str, Any]], edition: str,
                      lookup: Callable[[str, str], dict[str, Any] | None],
                      tests: Mapping[str, dict[str, Any]] | None = None) -> dict[str, dict[str, Any]]:
    """Name → definition for every card of the board: `tests` (the board's own test cards) first, then
    `lookup(name, edition)` (the catalog; a name it does not know is left out: the board's checks say so)."""
    definitions: dict[str, dict[str, Any]] = dict(tests or {})
    for card in cards:
        if card["card"] not in definitions:
            definition = lookup(card["card"], edition)
            if definition is not None:
                definitions[card["card"]] = definition
    return definitions
