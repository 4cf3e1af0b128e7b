"""Stateful fuzzing of the reference engine (harness/quality/fuzz.py): random valid boards of both editions, random
play, the invariants after every step; and broken setups, which must be refused with located problems.

CI runs the short profile (derandomized, a few seconds). `BERSERK_FUZZ=long` plays at least 10,000 steps
(`BERSERK_FUZZ_STEPS=N` for another count), with fresh random seeds each run.
"""

from __future__ import annotations

import copy
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis.stateful import run_state_machine_as_test

import engine
from harness.quality import fuzz
from harness.suite.board import board_from_data
from harness.suite.session import catalog

QUICK = settings(max_examples=60, deadline=None, derandomize=True, database=None,
                 suppress_health_check=list(HealthCheck))


def test_random_play_keeps_every_invariant() -> None:
    if fuzz.profile_name() == "long":
        steps = int(os.environ.get("BERSERK_FUZZ_STEPS", fuzz.PROFILES["long"]["steps"]))
        report = fuzz.run(steps)
        assert report.steps >= steps
        print(f"\nfuzz: {report.steps} steps on {report.boards} boards in {report.seconds} s")
        return
    before = fuzz.STATS["steps"]
    run_state_machine_as_test(fuzz.EngineMachine, settings=fuzz.profile_settings("short"))
    assert fuzz.STATS["steps"] - before >= 200, "the short profile played almost nothing"


@QUICK
@given(fuzz.mutated_setups())
def test_a_broken_setup_is_refused_with_located_problems_or_starts_a_sound_game(board) -> None:
    setup, definitions = board
    fuzz.check_setup(setup, definitions)


@settings(QUICK, max_examples=40)
@given(fuzz.boards())
def test_generated_boards_are_valid_boards_of_the_kit(board) -> None:
    """The fuzzer plays from boards a scenario could load: the harness's own validation accepts them."""
    setup, definitions = board
    tests = [d for name, d in definitions.items() if d.get("source") == "harness.quality.fuzz"]
    board_from_data(dict(setup, test_cards=tests), "fuzz", catalog(), check_definition=engine.check_card_definition)


# ------------------------------------------------------------------------------------------ the invariants bite
def _state() -> dict:
    setup = {"edition": "classic", "turn": 1, "active": "А", "players": ["А", "Б"],
             "cards": [{"id": "g", "card": "Гоблин", "owner": "А", "cell": "c3"},
                       {"id": "o", "card": "Орк", "owner": "Б", "cell": "c4"}]}
    defs = {"Гоблин": {"name": "Гоблин", "edition": "classic", "type": "creature", "lives": 4, "strike": [1, 2, 3]},
            "Орк": {"name": "Орк", "edition": "classic", "type": "creature", "lives": 5, "strike": [2, 3, 4]}}
    game = engine.new_game(setup, defs)
    game.act("А", {"type": "attack", "attacker": "g", "target": "o"})
    return engine.state(game)


def _break(s: dict, how: str) -> dict:
    s = copy.deepcopy(s)
    cards = {c["id"]: c for c in s["cards"]}
    if how == "two cards in one cell":
        cards["o"]["cell"] = "c3"
    elif how == "off the grid":
        cards["o"]["cell"] = "f9"
    elif how == "negative wounds":
        cards["o"]["wounds"] = -1
    elif how == "unknown zone":
        cards["o"]["zone"] = "limbo"
    elif how == "stack entry of no card":
        s["stack"][0]["source"] = "ghost"
    elif how == "dead creature in play":
        cards["o"]["current_lives"] = 0
    elif how == "history rewritten":
        s["history"] = s["history"][1:]
    elif how == "nobody can act":
        s["priority"] = None
    elif how == "not JSON":
        s["cells"] = {("c", 3): ["дрожь"]}
    return s


@pytest.mark.parametrize("how", ["two cards in one cell", "off the grid", "negative wounds", "unknown zone",
                                 "stack entry of no card", "dead creature in play", "history rewritten",
                                 "nobody can act", "not JSON"])
def test_each_invariant_catches_what_it_claims(how: str) -> None:
    good = _state()
    fuzz.check_state(good)
    with pytest.raises((AssertionError, TypeError)):
        fuzz.check_state(_break(good, how), previous=good)


def test_a_refused_move_is_refused_again_on_replay_and_on_a_clone() -> None:
    setup = {"edition": "heroes", "turn": 1, "active": "А", "players": ["А", "Б"],
             "cards": [{"id": "t", "card": "Талитха", "owner": "А"}, {"id": "g", "card": "Гном", "owner": "Б"}]}
    defs = {n: catalog().get(n, "heroes") for n in ("Талитха", "Гном")}
    game = engine.new_game(setup, defs)
    log = []
    for move in (fuzz.Move("act", "Б", {"type": "pass"}), fuzz.Move("act", "А", {"type": "attack", "attacker": "t",
                                                                                 "target": "g"}),
                 fuzz.Move("act", "А", {"type": "end_turn"})):
        twin = game.clone()
        log.append((move, fuzz.perform(game, move)))
        assert fuzz.perform(twin, move) == log[-1][1]
        assert engine.state(twin) == engine.state(game)
    assert [outcome for _, outcome in log] == [("refused", "no_priority"), ("refused", "no_grid"), ("ok", "")]
    assert engine.state(fuzz.replay(setup, defs, log)) == engine.state(game)
