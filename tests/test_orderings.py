"""The «в любом порядке» machinery, on a deliberately order-dependent board: it must find the failing
order (exhaustively for few items, with hypothesis beyond) and print it as a ready-to-paste step."""

import pytest

from harness.engines.adapters import InProcessAdapter
from harness.suite.orderings import EXHAUSTIVE_LIMIT, alternatives, explore
from harness.suite.steps import (
    order_step,
    when_declare_any_order,
    when_declare_in_order,
    when_pass_until_empty,
)
from harness.suite.world import World


def leader(n_bonus: int) -> dict:
    """A creature whose start-of-turn abilities give +1 each, and one that sets its strike to 0: the final
    strike depends on the order in which they resolve."""
    start = {"word": "В начале хода", "event": "turn_start", "in_your_turn": True}
    abilities = [{"key": f"плюс{i}", "kind": "triggered", "trigger": start,
                  "effects": [{"do": "strike_bonus", "amount": 1, "until": "end_of_turn"}]}
                 for i in range(1, n_bonus + 1)]
    abilities.append({"key": "обнуление", "kind": "triggered", "trigger": start,
                      "effects": [{"do": "strike_set", "amount": 0, "until": "end_of_turn"}]})
    return {"name": "Вожак", "edition": "classic", "type": "creature", "lives": 5, "strike": [1, 1, 1],
            "abilities": abilities}


def start(n_bonus: int) -> World:
    world = World(adapter=InProcessAdapter())
    board = {"edition": "classic", "turn": 1, "active": "Б", "players": ["А", "Б"],
             "cards": [{"id": "leader", "card": "Вожак", "owner": "А", "cell": "c2"},
                       {"id": "rival", "card": "Соперник", "owner": "Б", "cell": "c5"}], "effects": []}
    rival = {"name": "Соперник", "edition": "classic", "type": "creature", "lives": 5, "strike": [1, 1, 1]}
    world.setup(board, {"Вожак": leader(n_bonus), "Соперник": rival})
    world.act("Б", {"type": "end_turn"})
    return world


def check_strike(world: World, expected: int) -> None:
    value = world.card("leader")["strike"]["value"]
    assert value == [expected] * 3, f"strike {value}"


def fork_with_checks(world: World, expected: int) -> None:
    when_declare_any_order(world, "А")
    world.fork.post_steps += [
        ("И", "игроки пасуют, пока стек не опустеет", when_pass_until_empty, {"world": world}),
        ("Тогда", f"удар {expected}", check_strike, {"world": world, "expected": expected}),
    ]


def test_every_order_of_two_is_checked_and_the_failing_one_is_reported_as_a_step():
    world = start(1)
    fork_with_checks(world, 1)
    # the scenario body's own order (declared as offered: «обнуление» last, so it resolves first) passes
    when_pass_until_empty(world)
    check_strike(world, 1)
    with pytest.raises(AssertionError) as err:
        explore(world, world.fork)
    text = str(err.value)
    assert "['Вожак: обнуление', 'Вожак: плюс1']" in text
    assert order_step("А", ["Вожак: обнуление", "Вожак: плюс1"]) in text


def test_an_order_independent_outcome_passes_for_all_orders():
    world = start(2)
    when_declare_any_order(world, "А")
    world.fork.post_steps.append(("Тогда", "стек пуст после пасов", when_pass_until_empty, {"world": world}))
    when_pass_until_empty(world)
    assert explore(world, world.fork) == 6          # 3! orders, all checked


def test_the_pasted_step_replays_the_failing_order():
    world = start(1)
    when_declare_in_order(world, "А", '"Вожак: обнуление", "Вожак: плюс1"')
    when_pass_until_empty(world)
    check_strike(world, 0)


def test_beyond_the_exhaustive_limit_hypothesis_finds_and_shrinks_a_failing_order():
    n_bonus = EXHAUSTIVE_LIMIT            # 7 abilities: 5,040 orders, sampled
    world = start(n_bonus)
    fork_with_checks(world, n_bonus)
    when_pass_until_empty(world)
    check_strike(world, n_bonus)
    assert alternatives(world.fork) is None
    with pytest.raises(AssertionError) as err:
        explore(world, world.fork)
    assert "to replay it, use the step" in str(err.value)
    assert "объявляет срабатывающие способности в порядке" in str(err.value)


def test_replay_steps_are_steps_of_the_vocabulary():
    """The step a fork's failure prints is made by the step module itself and is a step of the vocabulary:
    the «в порядке» step for an order, the plain declaration for a choice."""
    from harness.quality.lint import step_definitions
    from harness.suite.steps import choice_step, order_step, when_declare, when_declare_in_order

    defs = step_definitions()
    for text, fn in ((order_step("Б", ["Гном: отравление", "Проглот: отравление"]), when_declare_in_order),
                     (choice_step("А", "Талитха: уничтожение раненого"), when_declare)):
        body = text.removeprefix("Когда ")
        matching = [d for d in defs if d.type == "when" and d.matches(body)]
        assert len(matching) == 1, (text, matching)
        assert " ".join(fn.__doc__.split()).startswith(matching[0].example), (text, matching[0].example)
