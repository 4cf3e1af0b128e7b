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


# ------------------------------------------------------------------------------------------ the exchange choice
# ASM exchange-choice: an exchange of strikes is a row where both sides strike; under the reading weaker-allowed the
# better roll's player may take his strike one step weaker and no strike from the other side.
EXCHANGES = {pair: outcome for pair, outcome in EXPECTED.items() if outcome[0] and outcome[1]}


def test_the_exchanges_are_the_rows_4_2_and_minus_4():
    assert {a - d for a, d in EXCHANGES} == {4, 2, -4}
    assert all(strike.is_exchange(*outcome) == (pair in EXCHANGES) for pair, outcome in EXPECTED.items())


@pytest.mark.parametrize("pair", sorted(EXCHANGES))
def test_the_weaker_option_is_the_row_one_step_nearer_to_0(pair):
    a, d = pair
    nearer = (a - 1, d) if a > d else (a, d - 1)         # a difference one step nearer to 0, the same rolls' side
    assert strike.weakened(*EXCHANGES[pair], a > d) == strike.open_target(*nearer)


def _game(readings=None):
    import engine

    board = {"edition": "classic", "turn": 3, "active": "А",
             "cards": [{"id": "goblin", "card": "Гоблин", "owner": "А", "cell": "c3"},
                       {"id": "troll", "card": "Тролль", "owner": "Б", "cell": "c4"}]}
    definitions = {"Гоблин": {"name": "Гоблин", "edition": "classic", "type": "creature", "lives": 6,
                              "strike": [1, 2, 3], "source": "test card"},
                   "Тролль": {"name": "Тролль", "edition": "classic", "type": "creature", "lives": 8,
                              "strike": [2, 3, 4], "source": "test card"}}
    game = engine.new_game(board, definitions, readings)
    game.act("А", {"type": "attack", "attacker": "goblin", "target": "troll"})
    game.act("А", {"type": "pass"})
    game.act("Б", {"type": "pass"})
    return game


@pytest.mark.parametrize(("rolls", "asked", "choice", "wounds"), [
    ((5, 1), "А", "exchange", {"troll": 3, "goblin": 2}),
    ((5, 1), "А", "weaker", {"troll": 2, "goblin": 0}),
    ((2, 6), "Б", "exchange", {"troll": 1, "goblin": 3}),
    ((2, 6), "Б", "weaker", {"troll": 0, "goblin": 2}),
])
def test_under_weaker_allowed_the_better_roll_chooses(rolls, asked, choice, wounds):
    game = _game({"exchange-choice": "weaker-allowed"})
    game.answer("А", rolls[0])
    game.answer("Б", rolls[1])
    p = game.pending
    assert p is not None and p["kind"] == "exchange" and p["player"] == asked
    assert [o["id"] for o in p["options"]] == ["exchange", "weaker"]
    assert game.cards["troll"].wounds == game.cards["goblin"].wounds == 0        # nothing dealt before the choice
    game.answer(asked, choice)
    assert {c: game.cards[c].wounds for c in wounds} == wounds


def test_under_none_there_is_no_choice_and_the_row_stands():
    game = _game()
    game.answer("А", 5)
    game.answer("Б", 1)
    assert game.pending is None and game.cards["troll"].wounds == 3 and game.cards["goblin"].wounds == 2


def test_no_choice_where_only_one_side_strikes():
    game = _game({"exchange-choice": "weaker-allowed"})
    game.answer("А", 4)
    game.answer("Б", 1)
    assert game.pending is None and game.cards["troll"].wounds == 2 and game.cards["goblin"].wounds == 0
