"""Differential testing (harness/quality/differential.py): two engines, the same boards, hypothesis-chosen moves;
responses and canonical states compared after every step, the shortest differing sequence reported.
Derandomized and bounded: a few seconds."""

from __future__ import annotations

import re
import sys

import pytest
from fake_engines.suite import MUTANTS
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from harness.engines.adapters import InProcessAdapter
from harness.engines.protocol import SubprocessAdapter
from harness.quality.differential import (
    Engines,
    Move,
    check_agreement,
    find_divergence,
    moves,
    play,
    scenario_boards,
    state_diff,
)

BOARDS = scenario_boards()
CONTROL_BOARDS = scenario_boards(lambda b: any(e.get("kind") == "control" for e in b.get("effects", [])))
FAST = settings(max_examples=40, derandomize=True, database=None, deadline=None,
                suppress_health_check=list(HealthCheck), phases=[Phase.generate, Phase.shrink])


def served(*argv: str) -> SubprocessAdapter:
    return SubprocessAdapter([sys.executable, *argv], request_timeout=10, reuse=True)


@pytest.fixture(scope="module")
def reference() -> SubprocessAdapter:
    a = served("-m", "engine.serve")
    yield a
    a.shutdown()


@pytest.fixture(scope="module")
def mutant() -> SubprocessAdapter:
    a = served(*MUTANTS, "control-forever")
    yield a
    a.shutdown()


def test_there_are_boards() -> None:
    assert BOARDS and CONTROL_BOARDS


@FAST
@given(st.data())
def test_the_reference_engine_agrees_with_itself_over_the_protocol(reference: SubprocessAdapter, data) -> None:
    """In-process and over the protocol, the reference engine gives the same responses and states."""
    check_agreement(Engines(InProcessAdapter(), reference, ("in-process", "protocol")), BOARDS, data, max_moves=15)


def test_a_mutant_is_found_with_the_shortest_sequence(reference: SubprocessAdapter,
                                                      mutant: SubprocessAdapter) -> None:
    """The mutant never ends control effects; the search finds it and shrinks the play."""
    found = find_divergence(Engines(reference, mutant, ("reference", "control-forever")), CONTROL_BOARDS,
                            max_examples=100, max_moves=20)
    assert found is not None, "the differential test did not tell the mutant from the reference"
    report = found.report()
    assert "cards[mstitel].controller" in report, report
    assert len(found.moves) <= 8, report          # attack, two passes, a defender decision, two rolls
    assert found.moves[0].value["type"] == "attack"


def test_a_property_failure_shows_the_moves(reference: SubprocessAdapter, mutant: SubprocessAdapter) -> None:
    """Written as a hypothesis property, the failure message is the shrunk play."""

    @settings(max_examples=100, derandomize=True, database=None, deadline=None,
              suppress_health_check=list(HealthCheck), phases=[Phase.generate, Phase.shrink])
    @given(st.data())
    def agree(data) -> None:
        check_agreement(Engines(reference, mutant, ("reference", "mutant")), CONTROL_BOARDS, data)

    with pytest.raises(AssertionError) as info:
        agree()
    message = str(info.value)
    # the shrunk play: the board, its moves numbered, and the field the mutant gets wrong (who controls a card,
    # whichever control board is the shortest way to show it)
    assert "the engines disagree on board" in message and "  setup\n  1. " in message, message
    assert re.search(r"cards\[\w+\]\.controller: reference \"[АБ]\", mutant \"[АБ]\"", message), message


# ------------------------------------------------------------------------------------------ units
def test_moves_read_the_state() -> None:
    state = {"pending": None, "priority": "А", "cards": [
        {"id": "g", "zone": "battlefield", "controller": "А", "open": True},
        {"id": "c", "zone": "battlefield", "controller": "А", "open": False},
        {"id": "o", "zone": "battlefield", "controller": "Б", "open": True},
        {"id": "x", "zone": "graveyard", "controller": "Б", "open": True}]}
    assert [m.text() for m in moves(state)] == ["А pass", "А end_turn", "А attack attacker=g target=o"]
    state["pending"] = {"kind": "declare_trigger", "player": "Б", "options": [{"id": "t1"}, {"id": "t2"}]}
    assert moves(state) == [Move("answer", "Б", "t1"), Move("answer", "Б", "t2")]
    state["pending"] = {"kind": "defender", "player": "Б", "options": [None, "o"]}
    assert [m.value for m in moves(state)] == [None, "o"]
    assert moves({"pending": None, "priority": None, "cards": []}) == []


def test_state_diff_names_the_places() -> None:
    a = {"priority": "А", "cards": [{"id": "m", "controller": "А"}, {"id": "n", "zone": "graveyard"}],
         "history": [{"id": "h1"}]}
    b = {"priority": "Б", "cards": [{"id": "m", "controller": "Б"}, {"id": "n", "zone": "graveyard"}],
         "history": [{"id": "h1"}, {"id": "h2"}]}
    assert state_diff(a, b) == ['priority: reference "А", other "Б"', 'cards[m].controller: reference "А", other "Б"',
                                'history[1]: only in other: {"id": "h2"}']
    assert state_diff(a, a) == []
    assert state_diff([1, 2], [1, 2, 3], ("one", "two")) == ["[2]: only in two: 3"]


def test_a_list_of_integers_replays_a_play(reference: SubprocessAdapter) -> None:
    name = sorted(CONTROL_BOARDS)[0]
    engines = Engines(InProcessAdapter(), reference)
    assert play(engines, name, *CONTROL_BOARDS[name], [2, 0, 0, 0, 5, 0, 1, 0]) is None


def test_moves_take_the_reference_engines_legal_actions_then_the_probes() -> None:
    """With the in-process reference, a play picks among its legal actions (moves and plays included, which
    the state alone cannot tell), then the probes it does not list (requests both engines must refuse)."""
    from harness.engines.adapters import InProcessAdapter
    from harness.suite.session import load_scenario_board

    board = load_scenario_board("classic/113.2.ex1-невтида-мститель.yaml")
    ref = InProcessAdapter()
    state = ref.setup(board.data, board.definitions)
    holder = state["priority"]
    legal = ref.legal_actions(holder)
    assert legal, "the board gives its priority holder something to do"
    got = moves(state, ref.legal_actions)
    listed = [Move("act", holder, a) for a in legal]
    assert got[:len(listed)] == listed
    probes = moves(state)
    assert got[len(listed):] == [m for m in probes if m not in listed]
    for m in got[len(listed):]:                 # every probe the engine does not list, it refuses
        game = ref._game.clone()
        with pytest.raises(Exception):          # noqa: B017 - the engine's IllegalAction
            game.act(m.player, m.value)


def test_a_shuffle_is_compared_by_the_cards_it_holds_not_their_order() -> None:
    """Two engines shuffle a deck by their own random sources: on the contract the new order is the cards it holds
    (ASM deterministic-shuffle), so another permutation is no difference, another card is one; the whole state
    (`full_state`) still compares the order."""
    from harness.quality.differential import state_diff

    def state(order: list[str]) -> dict:
        return {"history": [{"id": "h1", "kind": "rule_effect", "source": None, "targets": [], "controller": "А",
                             "parent": None, "resources": [], "turn": 1,
                             "info": {"effect": "shuffle", "order": order, "seed": 7}}]}

    assert state_diff(state(["d1", "d2", "d3"]), state(["d3", "d1", "d2"]), full_state=False) == []
    assert state_diff(state(["d1", "d2", "d3"]), state(["d1", "d2", "d4"]), full_state=False)
    assert state_diff(state(["d1", "d2", "d3"]), state(["d3", "d1", "d2"]), full_state=True)
