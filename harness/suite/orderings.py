"""«При любом порядке»: checking that an outcome holds for every order or choice a player may make.

A fork step (see harness/suite/steps.py) records the engine calls that led to it and the options the engine
offers; the scenario body runs with one alternative; afterwards `explore` replays the scenario up to the
fork for every other alternative and runs the rest of the steps again. Orders of up to
EXHAUSTIVE_LIMIT items are enumerated exhaustively (in lexicographic order, so the first failure is the
smallest); longer ones are sampled with hypothesis (derandomized, so CI is reproducible), whose
shrinking gives the smallest failing order. A failure is reported with a ready-to-paste step that
replays it. The harness only enumerates what the engine offers: no rules logic here.
"""

from __future__ import annotations

import itertools
import weakref
from collections.abc import Callable, Iterable
from typing import Any

from harness.engines.adapters import EngineRefused, InProcessAdapter
from harness.suite.world import Fork, World

EXHAUSTIVE_LIMIT = 6
SAMPLES = 300


def apply_alternative(world: World, fork: Fork, alternative: list[str]) -> None:
    """Answer the pending declarations with the options of `alternative`, in order."""
    for option_id in alternative:
        p = world.pending("declare_trigger", fork.player)
        ids = [o["id"] for o in p["options"] if o]
        if option_id not in ids:
            raise AssertionError(f"the engine no longer offers {fork.labels.get(option_id, option_id)} "
                                 f"(it offers {[fork.labels.get(i, i) for i in ids]})")
        world.answer(fork.player, option_id)
        if (world.state.get("pending") or {}).get("kind") == "target":
            raise LookupError("a «в любом порядке» step needs abilities declared without choosing targets")


_snapshot: tuple[Any, Any, Any] | None = None     # (the fork, the adapter, the engine game at the fork)


def back_to_fork(world: World, fork: Fork) -> None:
    """Put the world back where the fork was. The engine calls that led there are replayed once; with the
    in-process reference engine the game is then cloned at the fork (`Game.clone()`, which the fuzzer checks
    gives the same state as replaying) instead of being replayed for every alternative."""
    global _snapshot
    adapter = world.adapter
    if _snapshot is not None and _snapshot[0]() is fork and _snapshot[1] is adapter:
        adapter._game = _snapshot[2].clone()
        world.calls = list(fork.calls_before)
        world.state = adapter.state()
        world.mark = len(world.state.get("history", []))
        return
    world.replay(fork.calls_before)
    if type(adapter) is InProcessAdapter and adapter._game is not None:
        _snapshot = (weakref.ref(fork), adapter, adapter._game.clone())


def _run(world: World, fork: Fork, alternative: list[str],
         steps: Iterable[tuple[str, str, Callable[..., Any], dict]]) -> str | None:
    """Replay up to the fork, take `alternative`, run the remaining steps; the failure message or None."""
    back_to_fork(world, fork)
    try:
        apply_alternative(world, fork, alternative)
    except (AssertionError, EngineRefused) as exc:
        return f"taking the alternative: {exc}"
    for keyword, text, func, args in steps:
        try:
            func(**args)
        except (AssertionError, EngineRefused) as exc:
            return f"step «{keyword} {text}»: {exc}"
    return None


def alternatives(fork: Fork) -> list[list[str]] | None:
    """Every alternative to explore, or None when there are too many (then hypothesis samples)."""
    if fork.kind == "choice":
        return [[i] for i in fork.items]
    if len(fork.items) > EXHAUSTIVE_LIMIT:
        return None
    return [list(p) for p in itertools.permutations(fork.items)]


def explore(world: World, fork: Fork) -> int:
    """Check the remaining steps for every alternative; raise AssertionError naming the smallest failure.
    Returns the number of alternatives checked (the scenario body's own included)."""
    steps = list(fork.post_steps)
    labels = fork.labels
    every = alternatives(fork)
    if every is not None:
        for alt in every:
            if alt == fork.current:
                continue
            failure = _run(world, fork, alt, steps)
            if failure:
                raise AssertionError(_message(fork, alt, failure, labels))
        fork.explored = len(every)
        return fork.explored
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    failing: dict[str, Any] = {}
    count = {"n": 0}

    @settings(derandomize=True, max_examples=SAMPLES, database=None, deadline=None,
              suppress_health_check=list(HealthCheck), print_blob=False)
    @given(st.permutations(fork.items))
    def check(order: list[str]) -> None:
        count["n"] += 1
        failure = _run(world, fork, list(order), steps)
        if failure:
            failing["alt"], failing["failure"] = list(order), failure
            raise AssertionError(failure)

    try:
        check()
    except AssertionError:
        raise AssertionError(_message(fork, failing["alt"], failing["failure"], labels)) from None
    fork.explored = count["n"]
    return fork.explored


def _message(fork: Fork, alt: list[str], failure: str, labels: dict[str, str]) -> str:
    names = [labels.get(i, i) for i in alt]
    # the fork's step knows how its own vocabulary replays one alternative (harness.suite.steps)
    step = fork.replay_step(names) if fork.replay_step else ", ".join(names)
    return (f"the outcome does not hold for every {'order' if fork.kind == 'order' else 'choice'}: "
            f"with {names} — {failure}\nto replay it, use the step:\n    {step}")
