"""The simple strike table of cards.md (ASM strike-table), for all 36 die pairs and the closed case."""

import pytest

from engine import strike

# Written out from the table in shared/corpus/cards.md: (attacker roll, defender roll) -> (attacker, answer).
W, M, S, N = "weak", "medium", "strong", None
EXPECTED = {
    # attacker rolls 1
    (1, 1): (W, N), (1, 2): (W, N), (1, 3): (N, N), (1, 4): (N, W), (1, 5): (W, M), (1, 6): (N, M),
    # attacker rolls 2
    (2, 1): (W, N), (2, 2): (W, N), (2, 3): (W, N), (2, 4): (N, N), (2, 5): (N, W), (2, 6): (W, M),
    # attacker rolls 3
    (3, 1): (M, W), (3, 2): (W, N), (3, 3): (W, N), (3, 4): (W, N), (3, 5): (N, N), (3, 6): (N, W),
    # attacker rolls 4
    (4, 1): (M, N), (4, 2): (M, W), (4, 3): (W, N), (4, 4): (W, N), (4, 5): (W, N), (4, 6): (N, N),
    # attacker rolls 5
    (5, 1): (S, W), (5, 2): (M, N), (5, 3): (M, W), (5, 4): (W, N), (5, 5): (N, W), (5, 6): (W, N),
    # attacker rolls 6
    (6, 1): (S, N), (6, 2): (S, W), (6, 3): (M, N), (6, 4): (M, W), (6, 5): (W, N), (6, 6): (N, W),
}


def test_the_table_lists_all_36_pairs():
    assert len(EXPECTED) == 36


@pytest.mark.parametrize(("pair", "outcome"), sorted(EXPECTED.items()))
def test_open_target(pair, outcome):
    assert strike.open_target(*pair) == outcome


@pytest.mark.parametrize(("roll", "dealt"), [(1, W), (2, W), (3, W), (4, M), (5, M), (6, S)])
def test_closed_target_only_the_attacker_rolls(roll, dealt):
    assert strike.closed_target(roll) == dealt


def test_raw_difference_beyond_the_die_counts():
    # 503.1.b13: the table uses the raw difference, so a modified roll of 8 against 1 is still ≥ 5
    assert strike.open_target(8, 1) == (S, N)
    assert strike.open_target(0, 6) == (N, M)
