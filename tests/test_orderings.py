"""The «в любом порядке» machinery, on a deliberately order-dependent board: it must find the failing
order (exhaustively for few items, with hypothesis beyond) and print it as a ready-to-paste step."""

import math
from pathlib import Path

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


# ------------------------------------------------------------------------------------------ search = replay
def _explored(n_bonus: int, route: str, limit: int | None = None, expected: int | None = None) -> tuple:
    """Explore the fork of the order-dependent board by one route, recording how every order ended: (the
    failure message without its statistics line, or None; the record; the fork)."""
    world = start(n_bonus)
    fork_with_checks(world, n_bonus if expected is None else expected)
    world.fork.record = {}
    try:
        explore(world, world.fork, route=route, limit=limit)
    except AssertionError as err:
        return str(err).rsplit("\n(", 1)[0], world.fork.record, world.fork
    return None, world.fork.record, world.fork


@pytest.mark.parametrize("n_bonus", [1, 6])          # 2 and 7 triggers
def test_the_search_and_the_replay_find_the_same_smallest_failing_order(n_bonus: int) -> None:
    by_search, record_search, fork = _explored(n_bonus, "search")
    by_replay, record_replay, _ = _explored(n_bonus, "replay", limit=n_bonus + 1)
    assert fork.route == "search" and by_search is not None and "to replay it, use the step" in by_search
    assert by_search == by_replay
    assert record_search == record_replay            # every order run: same outcome, same final state


def test_the_shrunk_counterexample_of_hypothesis_fails_the_same_way_in_the_search() -> None:
    """Beyond the replay's exhaustive limit hypothesis samples and shrinks: on this board it shrinks to the
    order the exhaustive search finds smallest, and the pasted step replays that failure."""
    import re

    world = start(EXHAUSTIVE_LIMIT)
    fork_with_checks(world, EXHAUSTIVE_LIMIT)
    with pytest.raises(AssertionError) as err:
        explore(world, world.fork, route="replay")
    assert world.fork.route == "hypothesis"
    shrunk = re.search(r"with (\[.*?\]) — (.*?)\nto replay", str(err.value), re.S)
    assert shrunk
    by_search, record, _ = _explored(EXHAUSTIVE_LIMIT, "search")
    assert by_search is not None and record
    assert by_search == str(err.value).rsplit("\n(", 1)[0]     # the same order, message and step to paste
    # replay the shrunk order alone through the search's machinery: it fails with hypothesis's message
    names = eval(shrunk.group(1))                    # a list literal of labels the harness printed
    world2 = start(EXHAUSTIVE_LIMIT)
    when_declare_in_order(world2, "А", ", ".join(f'"{n}"' for n in names))
    when_pass_until_empty(world2)
    with pytest.raises(AssertionError) as again:
        check_strike(world2, EXHAUSTIVE_LIMIT)
    assert str(again.value) in shrunk.group(2)


def test_an_order_independent_board_every_order_agrees_state_by_state() -> None:
    from harness.quality.bench import order_board

    def run(route: str) -> tuple:
        world = World(adapter=InProcessAdapter())
        world.setup(*order_board(5))
        world.act("Б", {"type": "end_turn"})
        fork_with_checks(world, 6)
        world.fork.record = {}
        explore(world, world.fork, route=route)
        return world.fork.record, world.fork

    record_search, fork = run("search")
    record_replay, _ = run("replay")
    assert len(record_search) == 120 and record_search == record_replay
    assert all(outcome is None and digest for outcome, digest in record_search.values())
    assert len({digest for _, digest in record_search.values()}) == 120     # the history tells every order apart
    assert fork.explored == 120 and fork.states >= 120


def test_the_search_shares_prefixes_and_reports_what_it_covered() -> None:
    world = start(2)
    when_declare_any_order(world, "А")
    world.fork.post_steps.append(("Тогда", "стек пуст после пасов", when_pass_until_empty, {"world": world}))
    when_pass_until_empty(world)
    calls = {"answer": 0}
    inner = world.adapter.answer

    def counting(player, choice, **options):
        calls["answer"] += 1
        return inner(player, choice, **options)

    world.adapter.answer = counting
    assert explore(world, world.fork) == 6
    # 3 + 3·2 + 6·1 declarations in the tree (15), against 6·3 = 18 when every order is replayed
    assert calls["answer"] == 15
    data = world.fork.as_json()
    assert data["route"] == "search" and data["orders"] == 6 and data["states"] > 6 and data["items"] == 3
    assert "every order of 3 checked by search: 6 orders" in world.fork.summary()
    # a tree this small is looked up at every state (the look-ups stop only after orderings.PROBE found nothing)
    assert data["lookups"] == data["states"]
    assert f"{data['states']} states visited ({data['states']} looked up in the memo: 0 hits)" in world.fork.summary()


def test_a_transposition_is_merged_by_the_memo() -> None:
    """Two choices that lead to the same complete state: the rest of the scenario runs once."""
    from harness.suite.orderings import Search
    from harness.suite.world import Fork

    world = start(0)                                 # one trigger: «обнуление»
    when_declare_any_order(world, "А")
    fork = world.fork
    runs = {"n": 0}

    def counted(world: World) -> None:
        runs["n"] += 1
        when_pass_until_empty(world)

    # a «choice» fork offering the same option twice: both branches reach the same state
    twin = Fork(kind="choice", player="А", items=[fork.items[0], fork.items[0]], labels=fork.labels,
                calls_before=fork.calls_before, current=[fork.items[0]],
                post_steps=[("Когда", "игроки пасуют", counted, {"world": world})])
    world.fork = twin
    Search(world, twin).run()
    assert twin.explored == 2 and twin.memo_hits == 1 and runs["n"] == 1


def test_the_fingerprint_covers_what_the_canonical_state_does_not() -> None:
    """Once-per-turn marks, counters and durations change the fingerprint even where the canonical state
    does not show them; a clone has the same fingerprint."""
    from engine.fingerprint import Fingerprints

    world = start(1)
    game = world.adapter._game
    fp = Fingerprints()
    assert fp.of(game) == fp.of(game.clone())
    changed = game.clone()
    changed._counters["x"] = changed._counters.get("x", 0) + 1       # bookkeeping no rule shows
    assert fp.of(changed) != fp.of(game)
    assert fp.of(game, "step", 0) != fp.of(game, "step", 1)


# ------------------------------------------------------------------------------------------ the suite's forks
def _fork_scenarios() -> list:
    from harness.common import paths
    from harness.suite.features import scan_features

    return [s for s in scan_features(paths.FEATURES, root=paths.ROOT)
            if any("в любом порядке" in text or "с любой точкой срабатывания" in text for _, text, _ in s.steps)]


def _run_forks(routes: tuple[str, ...], tmp: Path, units: list[str]) -> dict[str, dict[str, dict]]:
    """Per route, the forks its run of the scenarios of `units` explored (by scenario); the runs go side by
    side, one process each."""
    import json
    import subprocess
    import sys

    from harness.common import paths

    procs = {}
    for route in routes:
        argv = [sys.executable, "-X", "utf8", "-m", "pytest", str(paths.SCENARIO_TESTS), "--rootdir", str(paths.ROOT),
                "-c", str(paths.ROOT / "pyproject.toml"), "-p", "no:cacheprovider", "-q", "-p", "no:xdist",
                "--trace-dir", str(tmp / route), "--orderings", route, "--orderings-record"]
        for u in units:
            argv += ["--unit", u]
        procs[route] = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                        encoding="utf-8", cwd=paths.ROOT)
    found = {}
    try:
        for route, proc in procs.items():
            out, err = proc.communicate(timeout=600)
            assert proc.returncode == 0, out[-3000:] + err[-3000:]
            traces = [json.loads(f.read_text("utf-8")) for f in (tmp / route).glob("*.json")]
            found[route] = {t["scenario"]: t["fork"] for t in traces if t.get("fork")}
    finally:
        for proc in procs.values():
            if proc.poll() is None:
                proc.kill()
                proc.communicate()
    return found


def test_the_search_and_the_replay_agree_on_every_fork_of_the_suite(tmp_path: Path) -> None:
    from harness.quality.mutation import declared_units

    scenarios = _fork_scenarios()
    assert len(scenarios) >= 5
    units = declared_units([s.id for s in scenarios], scenarios)     # the units that select the fewest others
    runs = _run_forks(("search", "replay"), tmp_path, units)
    by_search, by_replay = runs["search"], runs["replay"]
    assert {s.id for s in scenarios} <= set(by_search), "every scenario with a fork was explored"
    assert set(by_search) == set(by_replay)
    for sid, fork in by_search.items():
        other = by_replay[sid]
        assert (fork["route"], other["route"]) == ("search", "replay")
        assert fork["orders"] == other["orders"] == len(fork["outcomes"]) >= 2, sid
        assert fork["outcomes"] == other["outcomes"], sid


def _not_zero(world: World) -> None:
    value = world.card("leader")["strike"]["value"]
    assert value != [0, 0, 0], f"strike {value}"


@pytest.mark.parametrize("items", [4, 3])
@pytest.mark.parametrize("check", ["fails-last-subtree", "passes"])
def test_the_search_shared_out_among_processes_gives_the_one_process_answer(check: str, items: int) -> None:
    """The subtrees of the first declarations walked by 2 processes and merged in order give what one process
    gives: the same smallest failing order (here only the orders that declare «обнуление» first fail, so the
    failure is in the last subtrees, and the other process than the first walks one of them), the same orders
    covered, the same outcome and final state for every order. 4 items are split by their first declaration
    (4 subtrees), 3 items by their first two (6 subtrees: 3 would give the processes unequal shares). The
    split does not depend on the size (a search splits by itself from PARALLEL_FROM orders; the 7-trigger
    agreement test above takes that way)."""
    from harness.suite.orderings import Search

    answers = []
    for workers in (1, 2):
        world = start(items - 1)
        when_declare_any_order(world, "А")
        world.fork.post_steps += [("И", "игроки пасуют, пока стек не опустеет", when_pass_until_empty,
                                   {"world": world})]
        if check == "fails-last-subtree":
            world.fork.post_steps.append(("Тогда", "удар не 0", _not_zero, {"world": world}))
        world.fork.record = {}
        search = Search(world, world.fork, workers=workers)
        if workers == 2:
            assert {len(p) for p in search._prefixes()} == {1 if items == 4 else 2}
        try:
            search.run()
            message = None
        except AssertionError as err:
            message = str(err)
        answers.append((message, world.fork.explored, world.fork.record))
    (m1, n1, r1), (m2, n2, r2) = answers
    assert (m2, n2) == (m1, n1) and r2 == r1
    every = math.factorial(items)
    if check == "passes":
        assert m1 is None and n1 == every and len(r1) == every
    else:
        assert m1 is not None and "обнуление" in m1.split("with [")[1].split(",")[0]
        assert n1 == every - math.factorial(items - 1) + 1    # the subtrees before it, and its first order
