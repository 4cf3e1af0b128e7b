"""`compare` without noise (harness/quality/differential.py): the order of a list is a difference only where it
means something, every differing field is listed with both values, nothing is compared once both engines say
the game is over, and a refusal as unsupported is judged against what the engine declares.

Engines: the reference engine in this process and over the protocol (`python -m engine.serve`), the fakes of
tests/fake_engines/compare_fakes.py and faulty.py, and `Scripted` below (canned states, for plays whose
every step the test decides)."""

from __future__ import annotations

import copy
import re
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest
from fake_engines.suite import CLI, FAULTY, REPO

from engine.serve import FEATURES
from harness.engines.adapters import EngineRefused, EngineUnsupported, InProcessAdapter
from harness.engines.protocol import SubprocessAdapter
from harness.quality.differential import (
    REPORT_LINES,
    Divergence,
    Engines,
    Outcome,
    find_divergence,
    game_over,
    play,
    response_diff,
    scenario_boards,
    state_diff,
)
from harness.suite.session import load_scenario_board

FAKES = REPO / "tests" / "fake_engines" / "compare_fakes.py"
CONTROL = "classic/113.2.ex1-невтида-мститель.yaml"          # cards, a control effect, a card's effects
SOME_BOARDS = {name: board for name, board in scenario_boards().items() if name.startswith("classic/113.2")}


def served(*argv: str) -> SubprocessAdapter:
    return SubprocessAdapter([sys.executable, *argv], request_timeout=10, reuse=True, cwd=str(REPO))


@pytest.fixture
def engines_with() -> Iterator[Any]:
    """engines_with(mode…): Engines(reference in this process, the fake over the protocol); stopped after."""
    started: list[SubprocessAdapter] = []

    def make(*argv: str, first: Any = None) -> Engines:
        other = served(*argv)
        started.append(other)
        return Engines(first or InProcessAdapter(), other, ("reference", "other"))

    yield make
    for adapter in started:
        adapter.shutdown()


def _state(board: str = CONTROL) -> dict:
    b = load_scenario_board(board)
    adapter = InProcessAdapter()
    return copy.deepcopy(adapter.setup(b.data, b.definitions))


# ------------------------------------------------------------------------------------------ order
def test_the_order_of_cards_effects_and_sets_is_not_a_difference() -> None:
    a = _state()
    b = copy.deepcopy(a)
    assert len(b["cards"]) > 2 and b["effects"] and any(c["effects"] for c in b["cards"])
    b["cards"].reverse()
    for card in b["cards"]:
        card["abilities"] = list(reversed(card["abilities"]))
        card["effects"] = ["ef-" + i for i in card["effects"]]          # the other engine's own ids
    b["effects"] = [{**e, "id": "ef-" + e["id"]} for e in reversed(b["effects"])]
    assert response_diff(Outcome("ok", state=a), Outcome("ok", state=b)) == []


def test_the_order_of_the_stack_and_of_the_players_is_a_difference() -> None:
    a = _state()
    a["stack"] = [{"id": "s1", "kind": "attack", "source": "goblin", "ability": None, "controller": "А"},
                  {"id": "s2", "kind": "ability", "source": "nevtida", "ability": "x", "controller": "Б"}]
    b = copy.deepcopy(a)
    b["stack"].reverse()
    b["players"].reverse()
    lines = response_diff(Outcome("ok", state=a), Outcome("ok", state=b))
    assert 'stack[0].source: reference "goblin", other "nevtida"' in lines, lines
    assert 'players[0].name: reference "А", other "Б"' in lines, lines


def test_a_card_only_one_engine_has_is_named_by_its_id() -> None:
    a, b = _state(), _state()
    b["cards"] = [c for c in b["cards"] if c["id"] != "troll"]
    lines = response_diff(Outcome("ok", state=a), Outcome("ok", state=b))
    assert len(lines) == 1 and lines[0].startswith("cards[troll]: only in reference: {"), lines


def test_an_engine_listing_cards_in_another_order_agrees_over_the_protocol(engines_with: Any) -> None:
    engines = engines_with(str(FAKES), "reordered")
    found = find_divergence(engines, SOME_BOARDS, max_examples=8, max_moves=12)
    assert found is None, found.report()
    assert engines.skipped == {} and engines.outside == {}


# ------------------------------------------------------------------------------------------ every field
def test_every_differing_field_is_listed_with_its_path_and_both_values() -> None:
    a = _state()
    b = copy.deepcopy(a)
    b["turn"] += 1
    for card in b["cards"]:
        if card["id"] in ("goblin", "nevtida"):
            card["wounds"] += 2
    b["priority"] = "Б"
    lines = response_diff(Outcome("ok", state=a), Outcome("ok", state=b))
    assert sorted(lines) == sorted([
        'priority: reference "А", other "Б"',
        "turn: reference 3, other 4",
        "cards[goblin].wounds: reference 0, other 2",
        "cards[nevtida].wounds: reference 4, other 6",
    ]), lines


def test_an_engine_differing_in_several_fields_gets_them_all(engines_with: Any) -> None:
    engines = engines_with(str(FAKES), "several")
    b = load_scenario_board(CONTROL)
    found = play(engines, CONTROL, b.data, b.definitions, [])
    assert found is not None and found.moves == []
    field_cards = [c["id"] for c in _state()["cards"] if c["zone"] == "battlefield"]
    assert len(found.diff) == len(field_cards) + 1, found.diff
    assert "turn: reference 3, other 4" in found.diff
    for card in field_cards:
        assert any(line.startswith(f"cards[{card}].wounds: reference ") for line in found.diff), found.diff
    report = found.report()
    assert f"{len(found.diff)} difference(s):" in report and "at setup: reference accepted; other accepted" in report


def test_a_long_list_of_differences_is_cut_in_the_report_and_counted() -> None:
    a = {"cards": [{"id": f"c{n:02}", "wounds": 0} for n in range(40)]}
    b = {"cards": [{"id": f"c{n:02}", "wounds": 1} for n in range(40)]}
    diff = state_diff(a, b)
    assert len(diff) == 40 and diff[0] == "cards[c00].wounds: reference 0, other 1"
    report = Divergence("b", [], Outcome("ok", state=a), Outcome("ok", state=b), diff=diff).report()
    assert "40 difference(s):" in report and f"… and {40 - REPORT_LINES} more" in report
    assert sum(line.startswith("  cards[") for line in report.splitlines()) == REPORT_LINES


def test_a_disagreement_at_setup_says_what_each_engine_did(engines_with: Any) -> None:
    engines = engines_with(str(FAULTY), "refuse")           # refuses every request with illegal_action
    b = load_scenario_board(CONTROL)
    found = play(engines, CONTROL, b.data, b.definitions, [])
    assert found is not None and found.moves == []
    assert found.diff == ["response: reference accepted, other refused with error code illegal_action "
                          "(this engine refuses everything)"]
    assert found.diff[0] in found.report()


# ------------------------------------------------------------------------------------------ game over
class Scripted:
    """An engine that answers setup, then every act and answer, with the next of its canned replies (a state,
    or an exception it raises); it declares every edition and `features`."""

    def __init__(self, replies: list[Any], features: list[str] | None = None):
        self.replies, self.features, self.at = replies, FEATURES if features is None else features, 0
        self.name = "scripted"

    def capabilities(self) -> dict[str, Any]:
        return {"editions": ["classic", "heroes"], "features": list(self.features)}

    def setup(self, board: dict, definitions: dict) -> dict:
        self.at = 0
        return self._next()

    def act(self, player: str, action: Any) -> dict:
        return self._next()

    answer = act

    def _next(self) -> dict:
        reply = self.replies[min(self.at, len(self.replies) - 1)]
        self.at += 1
        if isinstance(reply, Exception):
            raise reply
        return copy.deepcopy(reply)


BOARD = {"edition": "classic", "cards": []}


def _s(lost: bool = False, wounds: int = 0, pending: dict | None = None) -> dict:
    return {"turn": 1, "priority": "А", "pending": pending, "stack": [],
            "players": [{"name": "А", "lost": False}, {"name": "Б", "lost": lost}],
            "cards": [{"id": "g", "name": "Гоблин", "owner": "А", "controller": "А", "zone": "battlefield",
                       "cell": "c3", "open": True, "wounds": wounds}]}


def test_game_over_is_read_from_the_players_or_game_over() -> None:
    assert not game_over(_s()) and game_over(_s(lost=True)) and game_over({"game_over": True, "players": []})
    assert not game_over(None) and not game_over({"players": "?"})


def test_nothing_is_compared_after_both_engines_say_the_game_is_over() -> None:
    over_then_apart = Engines(Scripted([_s(), _s(lost=True), _s(lost=True, wounds=1)]),
                              Scripted([_s(), _s(lost=True), _s(lost=True, wounds=2)]))
    assert play(over_then_apart, "b", BOARD, {}, [0, 0, 0]) is None
    # the same plays without the end of the game: the difference after it is found (the check can fail)
    going_on = Engines(Scripted([_s(), _s(), _s(wounds=1)]), Scripted([_s(), _s(), _s(wounds=2)]))
    found = play(going_on, "b", BOARD, {}, [0, 0, 0])
    assert found is not None and len(found.moves) == 2 and found.diff == ["cards[g].wounds: reference 1, other 2"]


def test_a_game_over_at_setup_is_compared_and_then_nothing() -> None:
    engines = Engines(Scripted([_s(lost=True), _s(lost=True, wounds=1)]),
                      Scripted([_s(lost=True), _s(lost=True, wounds=2)]))
    assert play(engines, "b", BOARD, {}, [0, 0]) is None
    apart = Engines(Scripted([_s(lost=True, wounds=1)]), Scripted([_s(lost=True, wounds=2)]))
    found = play(apart, "b", BOARD, {}, [0])
    assert found is not None and found.diff == ["cards[g].wounds: reference 1, other 2"]


def test_an_engine_ending_the_game_early_is_one_difference_where_it_ends(engines_with: Any) -> None:
    engines = engines_with(str(FAKES), "over-drift-1")
    b = load_scenario_board(CONTROL)
    found = play(engines, CONTROL, b.data, b.definitions, [0, 0, 0, 0])
    assert found is not None and len(found.moves) == 1, found.report()
    assert 'players[Б].lost: reference false, other true' in found.diff, found.diff


def test_engines_differing_only_after_the_game_is_over_agree_over_the_protocol(engines_with: Any) -> None:
    boards = {CONTROL: SOME_BOARDS[CONTROL]}
    apart = engines_with(str(FAKES), "drift-2", first=served(str(FAKES), "drift-1"))
    found = find_divergence(apart, boards, max_examples=10, max_moves=6)
    assert found is not None and any(".wounds: reference " in line for line in found.diff)   # the check can fail
    apart.first.shutdown()
    over = engines_with(str(FAKES), "over-drift-2", first=served(str(FAKES), "over-drift-1"))
    try:
        found = find_divergence(over, boards, max_examples=10, max_moves=6)
        assert found is None, found.report()
    finally:
        over.first.shutdown()


# ------------------------------------------------------------------------------------------ every divergent step
def test_an_engine_differing_at_two_separate_steps_gets_both_reported(engines_with: Any) -> None:
    engines = engines_with(str(FAKES), "twice")       # the turn after move 1, the wounds after move 3 only
    b = load_scenario_board(CONTROL)
    found = play(engines, CONTROL, b.data, b.definitions, [0] * 6)
    assert found is not None, "the differences were not found"
    assert len(found.moves) == 1 and found.diff == ["turn: reference 3, other 4"], found.report()
    assert [step.at for step in found.steps] == [1, 3], found.report()
    later = found.later[0].diff
    field_cards = [c["id"] for c in _state()["cards"] if c["zone"] == "battlefield"]
    assert sorted(later) == sorted(f"cards[{c}].wounds: reference {w}, other {w + 1}"
                                   for c, w in ((c["id"], c["wounds"]) for c in _state()["cards"]
                                                if c["zone"] == "battlefield")), later
    assert len(later) == len(field_cards) and found.played is not None and len(found.played) == 6
    report = found.report()
    assert "at move 1: reference accepted; other accepted" in report
    assert "at move 3: reference accepted; other accepted" in report and later[0] in report
    assert "at 1 later step(s)" in report and "compared no further" not in report, report


def test_a_difference_that_stays_is_listed_at_every_step_and_shown_once() -> None:
    engines = Engines(Scripted([_s(), _s(), _s(wounds=1), _s(wounds=1)]),
                      Scripted([_s(), _s(wounds=2), _s(wounds=2), _s(wounds=2)]))
    found = play(engines, "b", BOARD, {}, [0, 0, 0])
    assert found is not None and len(found.moves) == 1
    assert found.diff == ["cards[g].wounds: reference 0, other 2"]
    assert [(s.at, s.diff) for s in found.later] == [(2, ["cards[g].wounds: reference 1, other 2"]),
                                                      (3, ["cards[g].wounds: reference 1, other 2"])]
    report = found.report()
    assert report.count("cards[g].wounds: reference 1, other 2") == 1, report
    assert "1 difference(s), 1 as at move 2:" in report, report


def test_the_comparison_stops_where_one_engine_refuses_what_the_other_accepts() -> None:
    refusal = EngineRefused("not_now", "no")
    engines = Engines(Scripted([_s(), _s(wounds=1), _s(wounds=1), _s(wounds=3)]),
                      Scripted([_s(), _s(wounds=2), refusal, _s(wounds=3)]))
    found = play(engines, "b", BOARD, {}, [0, 0, 0, 0])
    assert found is not None and len(found.moves) == 1 and found.played is not None
    assert len(found.played) == 2, found.report()            # nothing was sent after the refusal
    assert [s.at for s in found.later] == [2]
    assert found.later[0].diff == ["response: reference accepted, other refused with error code not_now (no)"]
    assert found.end == "at move 2, reference accepted and other refused with error code not_now (no)"
    assert "compared no further: at move 2" in found.report()


def test_after_a_difference_nothing_is_compared_once_both_say_the_game_is_over() -> None:
    engines = Engines(Scripted([_s(), _s(wounds=1), _s(lost=True), _s(lost=True, wounds=5)]),
                      Scripted([_s(), _s(wounds=2), _s(lost=True), _s(lost=True, wounds=6)]))
    found = play(engines, "b", BOARD, {}, [0, 0, 0, 0])
    assert found is not None and found.later == [] and found.played is not None and len(found.played) == 2


def test_a_search_shrinks_to_the_first_difference_and_goes_on_past_it(engines_with: Any) -> None:
    engines = engines_with(str(FAKES), "twice")
    found = find_divergence(engines, {CONTROL: SOME_BOARDS[CONTROL]}, max_examples=10, max_moves=6)
    assert found is not None and len(found.moves) == 1 and found.diff == ["turn: reference 3, other 4"]
    assert found.played is not None and len(found.played) > 1, found.report()


# ------------------------------------------------------------------------------------------ declarations
def test_a_request_inside_the_declaration_refused_as_unsupported_is_a_difference() -> None:
    defender = {"kind": "defender", "player": "Б", "options": [None, "g"]}
    refuses = EngineUnsupported("the engine does not support this `answer` request: unsupported: not yet")
    engines = Engines(Scripted([_s(pending=defender), _s()]), Scripted([_s(pending=defender), refuses]))
    found = play(engines, "b", BOARD, {}, [0])
    assert found is not None and len(found.diff) == 1, found
    assert found.diff[0].startswith("response: other declared the feature 'defenders' (the decision `defender`), "
                                    "refused as unsupported"), found.diff
    assert found.diff[0].endswith("; reference accepted")


def test_a_request_outside_the_declaration_refused_as_unsupported_ends_the_play_and_is_said() -> None:
    defender = {"kind": "defender", "player": "Б", "options": [None, "g"]}
    refuses = EngineUnsupported("the engine does not support this `answer` request: unknown_action: no")
    without = [f for f in FEATURES if f != "defenders"]
    engines = Engines(Scripted([_s(pending=defender), _s()]),
                      Scripted([_s(pending=defender), refuses], features=without))
    assert play(engines, "b", BOARD, {}, [0]) is None
    assert list(engines.outside) == ["other does not declare the feature 'defenders' (the decision `defender`) "
                                     "and refused it as unsupported"]


def test_a_rules_refusal_is_still_compared_by_its_code() -> None:
    engines = Engines(Scripted([_s(), EngineRefused("not_now", "a")]), Scripted([_s(), EngineRefused("no_priority", "b")]))
    found = play(engines, "b", BOARD, {}, [0])
    assert found is not None
    assert found.diff == ["response: reference refused with error code not_now (a), other refused with error code "
                          "no_priority (b)"]


def test_a_board_refused_as_unsupported_although_declared_is_a_difference(engines_with: Any) -> None:
    engines = engines_with(str(FAULTY), "unsupported")     # declares everything, answers setup `unsupported`
    b = load_scenario_board(CONTROL)
    found = play(engines, CONTROL, b.data, b.definitions, [])
    assert found is not None and engines.skipped == {}
    line = found.diff[0]
    assert line.startswith("response: other declared what the board needs (the card "), line
    assert "'triggered_abilities'" in line and "refused as unsupported" in line and line.endswith("reference accepted")


def test_a_board_needing_an_undeclared_feature_is_skipped_and_said(engines_with: Any) -> None:
    engines = engines_with(str(FAULTY), "no-inline")       # declares no feature at all
    b = load_scenario_board(CONTROL)
    assert play(engines, CONTROL, b.data, b.definitions, [0, 0]) is None
    why = engines.skipped[CONTROL]
    assert why.startswith("other does not declare the card ") and "the feature 'targets'" in why, why
    assert "'triggered_abilities'" in why


# ------------------------------------------------------------------------------------------ the command line
def _compare(*argv: str) -> subprocess.CompletedProcess:
    return subprocess.run([*CLI, "compare", *argv], cwd=REPO, capture_output=True, text=True, timeout=300,
                          encoding="utf-8")


def test_compare_reports_a_lying_engine_and_fails() -> None:
    out = _compare("--engine-cmd", f"{sys.executable} {FAKES} liar", "--board", "113.2.ex1", "--examples", "5")
    assert out.returncode == 1, out.stdout + out.stderr
    assert "no difference found" not in out.stdout
    assert "declared the minimal contract (the action `" in out.stdout and "refused as unsupported" in out.stdout, \
        out.stdout


def test_compare_prints_every_divergent_step_of_the_line() -> None:
    out = _compare("--engine-cmd", f"{sys.executable} {FAKES} twice", "--board", "113.2.ex1-невтида", "--examples", "5",
                   "--moves", "6")
    assert out.returncode == 1, out.stdout + out.stderr
    assert "after 1 move(s), and at 1 later step(s) of the same line:" in out.stdout, out.stdout
    fake = "compare-fake twice"
    assert f"at move 1: reference accepted; {fake} accepted\n1 difference(s):\n  turn: reference 3, {fake} 4" \
        in out.stdout, out.stdout
    later = re.findall(rf"^at move (\d+): reference accepted; {fake} accepted$", out.stdout, re.M)
    assert len(later) == 2 and int(later[1]) > 1 and ".wounds: reference " in out.stdout, out.stdout
    assert "   → both: refused with error code " in out.stdout, out.stdout       # the moves between, refused alike


def test_compare_the_reference_engine_with_itself_over_the_protocol() -> None:
    out = _compare("--engine-cmd", f"{sys.executable} -m engine.serve", "--board", "113.2", "--examples", "5")
    assert out.returncode == 0, out.stdout + out.stderr
    assert "no difference found in 5 plays" in out.stdout and "skipped" not in out.stdout, out.stdout


def test_compare_says_which_boards_it_skipped_and_fails_when_it_compared_nothing() -> None:
    out = _compare("--engine-cmd", f"{sys.executable} {FAULTY} no-editions", "--board", "113.2.ex1-невтида-мститель",
                   "--examples", "2")
    assert out.returncode == 1, out.stdout + out.stderr
    assert "1 board(s) skipped (of 1)" in out.stdout, out.stdout
    assert "does not declare the edition 'classic'" in out.stdout
    assert "nothing was compared" in out.stdout
