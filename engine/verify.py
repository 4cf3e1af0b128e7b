"""Test aids of the engine's shortcuts (`Game.VERIFY_SKIPS`, set by tests and the fuzzer): each shortcut checked
against the full computation it saves. No rule lives here; a failure means the engine's bookkeeping is wrong
(an AssertionError, never a game outcome).

- rule_effects.run skips its loop while nothing changed (`Game.changes`): `nothing_relevant` checks that the
  skipped loop had nothing to apply (but what its last run cut, 503.1.p2);
- rule_effects.possible_checks leaves out the checks that can never be relevant in a game
  (rule_effects.POSSIBLE): `left_out_irrelevant` checks that none of them is relevant after a loop.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

Check = Callable[[Any], Any]


def nothing_relevant(game: Any, checks: Sequence[Check]) -> None:
    """A skipped rule-effects loop must have had nothing to apply but the batches its last run cut (503.1.p2: a
    batch holding an effect whose repetition that run cut, `Game.rules_cut`)."""
    relevant = [check.__name__ for check in checks
                if (found := check(game)) is not None and not any(a in game.rules_cut for a in found[0])]
    if relevant:
        raise AssertionError(f"rule effects skipped while relevant: {relevant} (a change was not recorded in "
                             f"Game.changes)")


def left_out_irrelevant(game: Any, checks: Sequence[Check], possible: Sequence[Check]) -> None:
    """A check left out as impossible in this game (not in `possible`) has nothing to apply."""
    relevant = [check.__name__ for check in checks if check not in possible and check(game) is not None]
    if relevant:
        raise AssertionError(f"rule effects left out as impossible in this game are relevant: {relevant} "
                             f"(rule_effects.POSSIBLE)")
