"""Mutant engines for the rules as properties (harness/quality/properties.py): a sentence that a property checks
and that no mutant of the kit misread yet gets one here, registered with the kit's `mutant` decorator (the
sentences it misreads after its name), so that every property has a killer (tests/test_properties.py).

Each is a plausible mistake of an engine author, wrong about one rule only, as the kit's mutants are
(harness/quality/mutants/, whose rules the package docstring gives); a family of the package, imported with it.
"""

from __future__ import annotations

from engine import Game
from harness.quality.mutants import mutant


@mutant("history-of-the-turn", "classic:537.1#1")
class HistoryOfTheTurn(Game):
    """The battle history is read as the record of the turn under way: at the start of a turn the actions of the
    turns before are forgotten (classic 537.1: «все игродействия, происходящие в ходе боя, запоминаются игрой» —
    the whole battle, not a turn)."""

    def _begin_turn(self) -> None:
        self.history = [h for h in self.history if h["turn"] >= self.turn]
        super()._begin_turn()
