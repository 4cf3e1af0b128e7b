"""`compare` on the observable contract: bookkeeping is not a difference, boards an engine declines are
skipped and the search goes on, and a difference is shown as its differing leaves, whole, with both values."""

from __future__ import annotations

import copy
import sys

import engine
from harness.engines.adapters import InProcessAdapter
from harness.engines.protocol import SubprocessAdapter
from harness.quality.differential import Engines, Outcome, _differ, play, state_diff
from harness.suite.session import load_scenario_board

STARTER = [sys.executable, "examples/engines/starter.py"]


def _state(board: str) -> dict:
    b = load_scenario_board(board)
    return engine.state(engine.new_game(b.data, b.definitions))


def test_bookkeeping_is_not_a_difference() -> None:
    a = _state("classic/503/b18-проигрыш.yaml")
    b = copy.deepcopy(a)
    b["first_player"], b["stack_name"] = "Б", "?"
    b["cards"][0]["position"] = 7
    b["history"] = [h for h in b["history"] if h["kind"] not in ("setup", "priority")]
    assert not _differ(Outcome("ok", state=a), Outcome("ok", state=b))
    assert _differ(Outcome("ok", state=a), Outcome("ok", state=b), full_state=True)
    b["cards"][0]["wounds"] = 3
    assert _differ(Outcome("ok", state=a), Outcome("ok", state=b))


def test_a_difference_is_its_leaf_whole() -> None:
    long = "x" * 500
    lines = state_diff({"cards": [{"id": "a", "name": long + "1"}]}, {"cards": [{"id": "a", "name": long + "2"}]})
    assert lines == [f'cards[a].name: reference "{long}1", other "{long}2"']


def test_boards_an_engine_declines_are_skipped_and_the_search_goes_on() -> None:
    from harness.common import paths

    other = SubprocessAdapter(STARTER, cwd=str(paths.ROOT), reuse=True)
    engines = Engines(InProcessAdapter(), other, ("reference", "starter"))
    try:
        b = load_scenario_board("classic/113.2.ex1-невтида-мститель.yaml")
        assert play(engines, "113.2.ex1", b.data, b.definitions, [0, 0]) is None
        assert "113.2.ex1" in engines.skipped and "unsupported" not in engines.skipped["113.2.ex1"][:0]
        b = load_scenario_board("classic/536-538/536.4-закрытая-цель.yaml")
        assert play(engines, "536.4", b.data, b.definitions, []) is None      # set up alike: no difference
    finally:
        other.shutdown()
