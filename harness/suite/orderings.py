"""«При любом порядке»: checking that an outcome holds for every order or choice a player may make.

A fork step (see harness/suite/steps.py) records the engine calls that led to it and the options the engine
offers; the scenario body runs with one alternative; afterwards `explore` checks the remaining steps for
every alternative. Two routes, one answer:

* **search** (the in-process reference engine, or any in-process engine whose game has `clone()`): the
  tree of choices is walked depth first, the game is cloned at each branch point, so a common prefix of
  declarations is played once; and the outcome of the rest of the scenario is memoised by the exact
  fingerprint of the engine's complete state (engine/fingerprint.py: the whole game object graph — once-per-
  turn marks, durations, counters, history, the pending decision — plus the harness's own state the later
  steps read: the history mark, the unused dice, what steps remember) at every step boundary, at every
  declaration of the fork, and after every engine call inside the steps that can be resumed there
  (steps marked `resumable`: «пока Очередь не опустеет»). The engine is deterministic, so two branches reaching the same
  key end the same way. A look-up never changes an outcome, only saves work, so the look-ups of one kind
  stop after PROBE of them found nothing (each costs a fingerprint: on trigger orders there is never a
  transposition, since the battle history records the order of declaration). Up to SEARCH_LIMIT items
  every order is checked.
* **replay** (engines over the protocol: a process cannot be cloned): for every alternative the scenario
  is replayed from its set-up up to the fork, and the rest of the steps run again; all orders up to
  EXHAUSTIVE_LIMIT items.

Beyond those limits hypothesis samples orders (derandomized, so CI is reproducible) and its shrinking gives
the smallest failing order. Exhaustive orders are taken in lexicographic order of the offered options,
so the first failure found — by either route — is the smallest, and it is reported with a ready-to-paste
step that replays it. Each fork reports the orders covered, the states visited, how many of them were looked
up in the memo and with how many hits, and the time
(`Fork.summary`). The harness only enumerates what the engine offers: no rules logic here.
"""

from __future__ import annotations

import gc
import itertools
import math
import multiprocessing
import os
import time
import traceback
import weakref
from collections.abc import Callable, Iterable
from typing import Any

from harness.engines.adapters import EngineRefused, InProcessAdapter
from harness.suite.world import Fork, World

EXHAUSTIVE_LIMIT = 6        # replay route: every order up to this many items
SEARCH_LIMIT = 8            # search route: every order up to this many items (8! = 40,320)
SAMPLES = 300
PARALLEL_FROM = 5040        # search route: a fork with at least this many orders (7 items) is split over
                            # processes, one per core (Search.workers)
PROBE = 256                 # look-ups of one kind (declaration, step, inside a step): stopped after this
                            # many found nothing (each costs a fingerprint; a look-up only saves work)


def apply_one(world: World, fork: Fork, option_id: str) -> None:
    """Answer the pending declaration with one option of the fork."""
    p = world.peek("pending")["pending"]
    if not p or p["kind"] != "declare_trigger" or p["player"] != fork.player:
        world.pending("declare_trigger", fork.player)                # the failure, with the whole state
    ids = [o["id"] for o in p["options"] if o]
    if option_id not in ids:
        raise AssertionError(f"the engine no longer offers {fork.labels.get(option_id, option_id)} "
                             f"(it offers {[fork.labels.get(i, i) for i in ids]})")
    world.answer(fork.player, option_id)
    if (world.peek("pending")["pending"] or {}).get("kind") == "target":
        raise LookupError("a «в любом порядке» step needs abilities declared without choosing targets")


def apply_alternative(world: World, fork: Fork, alternative: list[str]) -> None:
    """Answer the pending declarations with the options of `alternative`, in order."""
    for option_id in alternative:
        apply_one(world, fork, option_id)


def _restore_harness(world: World, fork: Fork) -> None:
    """The harness's own state as it was at the fork (the dice not yet used, what steps remember)."""
    world.dice = {p: list(v) for p, v in fork.dice.items()}
    world.memory = dict(fork.memory)


_snapshot: tuple[Any, Any, Any] | None = None     # (the fork, the adapter, the engine game at the fork)


def back_to_fork(world: World, fork: Fork) -> None:
    """Put the world back where the fork was. The engine calls that led there are replayed once; with the
    in-process reference engine the game is then cloned at the fork (`Game.clone()`, which the fuzzer checks
    gives the same state as replaying) instead of being replayed for every alternative."""
    global _snapshot
    adapter = world.adapter
    _restore_harness(world, fork)
    if _snapshot is not None and _snapshot[0]() is fork and _snapshot[1] is adapter:
        adapter._game = _snapshot[2].clone()
        world.calls = list(fork.calls_before)
        world.state = adapter.state()
        world.mark = len(world.state.get("history", []))
        return
    world.replay(fork.calls_before)
    if searchable(world):
        _snapshot = (weakref.ref(fork), adapter, adapter._game.clone())


def _run(world: World, fork: Fork, alternative: list[str],
         steps: Iterable[tuple[str, str, Callable[..., Any], dict]]) -> str | None:
    """Replay up to the fork, take `alternative`, run the remaining steps; the failure message or None."""
    back_to_fork(world, fork)
    try:
        apply_alternative(world, fork, alternative)
    except (AssertionError, EngineRefused) as exc:
        return f"taking the alternative: {exc}"
    return _run_steps(steps)


def _step_failure(keyword: str, text: str, exc: BaseException) -> str:
    return f"step «{keyword} {text}»: {exc}"


def _run_steps(steps: Iterable[tuple[str, str, Callable[..., Any], dict]]) -> str | None:
    for keyword, text, func, args in steps:
        try:
            func(**args)
        except (AssertionError, EngineRefused) as exc:
            return _step_failure(keyword, text, exc)
    return None


def searchable(world: World) -> bool:
    """The search route needs a game it can clone: the in-process engine (not a process over the protocol)."""
    adapter = world.adapter
    return isinstance(adapter, InProcessAdapter) and callable(getattr(adapter._game, "clone", None))


def alternatives(fork: Fork, limit: int = EXHAUSTIVE_LIMIT) -> list[list[str]] | None:
    """Every alternative to explore, or None when there are too many (then hypothesis samples)."""
    if fork.kind == "choice":
        return [[i] for i in fork.items]
    if len(fork.items) > limit:
        return None
    return [list(p) for p in itertools.permutations(fork.items)]


def explore(world: World, fork: Fork, route: str | None = None, limit: int | None = None) -> int:
    """Check the remaining steps for every alternative; raise AssertionError naming the smallest failure.
    Returns the number of alternatives checked (the scenario body's own included). `route` forces
    "search" or "replay" (default: search when the engine can be cloned); `limit`: the most items whose
    every order is checked (default SEARCH_LIMIT or EXHAUSTIVE_LIMIT), hypothesis samples beyond."""
    if route == "search" and not searchable(world):
        route = "replay"                 # an engine over the protocol cannot be cloned
    route = route or ("search" if searchable(world) else "replay")
    limit = limit or (SEARCH_LIMIT if route == "search" else EXHAUSTIVE_LIMIT)
    started = time.perf_counter()
    try:
        if route == "search" and (fork.kind == "choice" or len(fork.items) <= limit):
            fork.route = "search"
            return Search(world, fork, workers=default_workers(fork)).run()
        fork.route = "replay"
        return _replay(world, fork, limit)
    except AssertionError as exc:
        fork.seconds = time.perf_counter() - started
        raise AssertionError(f"{exc}\n({fork.summary()})") from None
    finally:
        fork.seconds = time.perf_counter() - started


def _replay(world: World, fork: Fork, limit: int) -> int:
    steps = list(fork.post_steps)
    labels = fork.labels
    every = alternatives(fork, limit)
    if every is not None:
        for alt in every:
            if alt == fork.current and fork.record is None:
                fork.explored += 1           # the scenario body ran it, and it passed
                continue
            failure = _run(world, fork, alt, steps)
            fork.remember(alt, failure, world.state)
            fork.explored += 1
            fork.states += 1
            if failure:
                raise AssertionError(_message(fork, alt, failure, labels))
        return fork.explored
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    fork.route = "hypothesis"
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
        fork.explored = fork.states = count["n"]
        raise AssertionError(_message(fork, failing["alt"], failing["failure"], labels)) from None
    fork.explored = fork.states = count["n"]
    return fork.explored


# ------------------------------------------------------------------------------------------ the search
def default_workers(fork: Fork) -> int:
    """Processes for the search of `fork`: one per core for a fork of PARALLEL_FROM orders or more (where a
    process start pays for itself), else 1; 1 where processes cannot be forked (not POSIX)."""
    if fork.kind != "order" or math.factorial(len(fork.items)) < PARALLEL_FROM:
        return 1
    if "fork" not in multiprocessing.get_all_start_methods():
        return 1
    return max(1, min(len(fork.items), usable_cores()))


def usable_cores() -> int:
    """The cores this process may run on."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


def resumable(step: Callable[..., Any]) -> Callable[..., Any]:
    """Marks a step whose only local state is the number of engine calls it made so far, so that the rest of
    the step is determined by the state after each call: the search may look the outcome up there too
    (harness/suite/steps.py marks «пока Очередь не опустеет»)."""
    step.resumable = True  # type: ignore[attr-defined]
    return step


class _Known(Exception):
    """Raised inside a step when the memo already knows how the rest of the scenario ends."""

    def __init__(self, outcome: str | None):
        super().__init__(outcome)
        self.outcome = outcome


class _Budget(Exception):
    """The search has checked as many orders as it was asked to."""


class Search:
    """Depth-first walk of one fork's tree of choices with a transposition table (see the module docstring).

    Memo values: for a position in the post steps, the failure message or None; for a node of the
    declarations, None or (the smallest failing rest of the order, its failure message)."""

    def __init__(self, world: World, fork: Fork, budget: int | None = None, workers: int = 1):
        from engine.fingerprint import Fingerprints

        self.budget = budget                 # stop after this many orders (the bench's --orders)
        self.workers = workers if budget is None else 1   # processes (Search._split): the subtrees of the
                                                            # first declarations are shared out among them
        self.world, self.fork = world, fork
        self.steps = list(fork.post_steps)
        self.fingerprints = Fingerprints()
        self.memo: dict[bytes, Any] = {}
        self.path: list[bytes] = []          # keys met since the last outcome was known (post steps)
        self.position: tuple = ()            # where the run is: ("in", step, calls so far) inside a step
        self.probes: dict[str, tuple[int, int]] = {}     # kind of look-up → (look-ups, hits)
        self.final: dict | None = None       # with Fork.record on: the state the last post-step run ended in
                                             # (None: the memo knew)

    # -- keys
    def key(self, *where: Any) -> bytes | None:
        """The memo key of the world's position `where` (its first item is the kind of look-up), or None
        when look-ups of that kind have stopped paying."""
        self.fork.states += 1
        kind = where[0]
        looked, hits = self.probes.get(kind, (0, 0))
        if looked >= PROBE and not hits:
            return None
        self.probes[kind] = (looked + 1, hits)
        self.fork.lookups += 1
        w = self.world
        return self.fingerprints.of(w.adapter._game, where, w.mark, w.dice, w.memory)

    def known(self, k: bytes | None, kind: str) -> bool:
        if k is None or k not in self.memo:
            return False
        looked, hits = self.probes[kind]
        self.probes[kind] = (looked, hits + 1)
        self.fork.memo_hits += 1
        self.fork.states -= 1               # not a new state: one seen before
        return True

    def _after_call(self) -> None:
        """World.observer: after every engine call inside a resumable step, the memo may know the rest."""
        if not self.position:
            return
        _, index, calls = self.position
        self.position = ("in", index, calls + 1)
        k = self.key(*self.position)
        if self.known(k, "in"):
            raise _Known(self.memo[k])
        if k is not None:
            self.path.append(k)

    # -- the walk
    def run(self) -> int:
        w, fork = self.world, self.fork
        back_to_fork(w, fork)
        root = w.adapter._game.clone()
        w.observer = self._after_call
        try:
            if fork.kind == "choice":
                found = self._choices(root)
            elif self.workers > 1:
                found = self._split(root)
            else:
                found = self._declare(root, [], list(fork.items))
        except _Budget:
            found = None
        finally:
            w.observer = None
        if found is not None:
            alt, failure = found
            raise AssertionError(_message(fork, alt, failure, fork.labels))
        return fork.explored

    def _enter(self, game: Any, state: dict | None, calls_before: list, mark: int, dice: dict, memory: dict) -> None:
        """Put the world at `game`, a copy of the game the saved world was at (so its canonical state is the
        same: steps only read it, and every engine call replaces it)."""
        w = self.world
        w.adapter._game = game
        w.state = state
        w.calls = list(calls_before)
        w.mark = mark
        w.dice = {p: list(v) for p, v in dice.items()}
        w.memory = dict(memory)

    def _saved(self) -> tuple[dict, list, int, dict, dict]:
        w = self.world
        return w._state, list(w.calls), w.mark, {p: list(v) for p, v in w.dice.items()}, dict(w.memory)

    def _choices(self, root: Any) -> tuple[list[str], str] | None:
        saved = self._saved()
        for i, item in enumerate(self.fork.items):
            game = root if i == len(self.fork.items) - 1 else root.clone()
            self._enter(game, *saved)
            failure = self._take(item)
            if failure is None:
                failure = self._post()
            self.fork.remember([item], failure, self.final)
            self.fork.explored += 1
            if failure is not None:
                return [item], failure
        return None

    def _take(self, item: str) -> str | None:
        try:
            apply_one(self.world, self.fork, item)
        except (AssertionError, EngineRefused) as exc:
            return f"taking the alternative: {exc}"
        return None

    def _declare(self, game: Any, prefix: list[str], remaining: list[str]) -> tuple[list[str], str] | None:
        """The node after declaring `prefix`: the smallest failing rest of the order, or None."""
        if not remaining:                        # the world is at `game`: every item declared
            if self.budget is not None and self.fork.explored >= self.budget:
                raise _Budget
            failure = self._post()
            self.fork.remember(prefix, failure, self.final)
            self.fork.explored += 1
            return None if failure is None else ([], failure)
        k = self.key("declare", tuple(remaining))
        if self.known(k, "declare"):
            self.fork.explored += math.factorial(len(remaining))
            return self.memo[k]
        saved = self._saved()
        found = None
        for i, item in enumerate(remaining):
            child = game if i == len(remaining) - 1 else game.clone()
            found = self._branch(child, saved, prefix, item, [r for r in remaining if r != item])
            if found is not None:
                break
        if k is not None:
            self.memo[k] = found
        return found

    def _branch(self, child: Any, saved: tuple, prefix: list[str], item: str,
                rest: list[str]) -> tuple[list[str], str] | None:
        """One branch of a node: on `child` (a copy of the node's game), declare `item`, then every order of
        `rest`; the smallest failing rest of the order beginning with `item`, or None."""
        self._enter(child, *saved)
        failure = self._take(item)
        if failure is not None:
            return self._failed(prefix, item, rest, failure)
        below = self._declare(child, [*prefix, item], rest)
        return None if below is None else ([item, *below[0]], below[1])

    def _failed(self, prefix: list[str], item: str, rest: list[str], failure: str) -> tuple[list[str], str]:
        """Declaring `item` after `prefix` failed: every order beginning so fails, and the smallest of them (the
        rest in the fork's order) is the one counted and kept; returned from `item` on, with the failure."""
        self.fork.explored += 1
        self.fork.remember([*prefix, item, *rest], failure, self.world.state if self.fork.record is not None else None)
        return [item, *rest], failure

    # -- the top of the tree shared out among processes
    def _prefixes(self) -> list[tuple[str, ...]]:
        """The subtrees shared out: the orders of the first `depth` declarations, in lexicographic order, with
        the smallest depth that gives every process the same number of subtrees, or at least 8 each (the
        subtrees of one depth are of one size, so the processes end together)."""
        items, workers = list(self.fork.items), self.workers
        depth = 1
        while depth < len(items):
            count = math.perm(len(items), depth)
            if count % workers == 0 or count >= 8 * workers:
                break
            depth += 1
        return list(itertools.permutations(items, depth))

    def _subtree(self, root: Any, saved: tuple, prefix: tuple[str, ...]) -> tuple[list[str], str] | None:
        """The orders beginning with `prefix`, on a clone of the root, as `_declare` walks them: the smallest
        failing order among them, or None."""
        game = root.clone()
        self._enter(game, *saved)
        done: list[str] = []
        for item in prefix:
            rest = [r for r in self.fork.items if r != item and r not in done]
            failure = self._take(item)
            if failure is not None:
                found = self._failed(done, item, rest, failure)
                return [*done, *found[0]], found[1]
            done.append(item)
        below = self._declare(game, done, [r for r in self.fork.items if r not in done])
        return None if below is None else ([*done, *below[0]], below[1])

    def _worker(self, root: Any, saved: tuple, prefixes: list[tuple[str, ...]], conn: Any) -> None:
        """In a forked process: walk the subtrees of `prefixes`; send back, per subtree, what it found and what
        it covered (orders, states, memo hits, recorded outcomes)."""
        from harness.engines.process import die_with_parent

        die_with_parent()             # a search process never outlives the run that forked it (even killed hard)
        fork = self.fork
        out: dict[tuple[str, ...], Any] = {}
        try:
            for prefix in prefixes:
                before = (fork.explored, fork.states, fork.lookups, fork.memo_hits)
                if fork.record is not None:
                    fork.record = {}
                found = self._subtree(root, saved, prefix)
                out[prefix] = (found, fork.explored - before[0], fork.states - before[1],
                               fork.lookups - before[2], fork.memo_hits - before[3], fork.record)
                if found is not None:            # the parent merges up to the first failure: the rest is not read
                    break
            conn.send(("ok", out))
        except BaseException:  # noqa: BLE001 - reported to the parent, which raises it
            conn.send(("error", traceback.format_exc()))
        finally:
            conn.close()

    def _split(self, root: Any) -> tuple[list[str], str] | None:
        """`_declare` at the root with the subtrees of its first declarations (`_prefixes`) shared out among
        `workers` forked processes (each has a copy of the world and the game at the fork). The answer is the
        sequential one: the subtrees are merged in order, up to the first that fails, so the smallest failing
        order and the orders covered are what one process reports."""
        ctx = multiprocessing.get_context("fork")
        saved = self._saved()
        prefixes = self._prefixes()
        jobs = []
        # a forked process shares the parent's memory until it writes to it; frozen, the objects made so far are
        # left alone by the workers' garbage collector, whose visits would write to (and so copy) every page
        # they touch (measured: the 7-trigger bench board 2–3 % faster)
        gc.freeze()
        try:
            for w in range(self.workers):
                receive, send = ctx.Pipe(duplex=False)
                process = ctx.Process(target=self._worker, args=(root, saved, prefixes[w::self.workers], send),
                                      daemon=True)
                process.start()
                send.close()
                jobs.append((process, receive))
        finally:
            gc.unfreeze()
        results: dict[tuple[str, ...], Any] = {}
        try:
            for process, receive in jobs:
                try:
                    status, payload = receive.recv()
                except EOFError:
                    raise RuntimeError(f"a search process ended without an answer (exit code "
                                       f"{process.exitcode})") from None
                if status != "ok":
                    raise RuntimeError(f"a search process failed:\n{payload}")
                results.update(payload)
        finally:
            for process, _ in jobs:
                process.join(timeout=5)
                if process.is_alive():
                    process.kill()
        fork = self.fork
        for prefix in prefixes:
            found, explored, states, lookups, hits, record = results[prefix]
            fork.explored += explored
            fork.states += states
            fork.lookups += lookups
            fork.memo_hits += hits
            if fork.record is not None and record:
                fork.record.update(record)
            if found is not None:
                return found
        return None

    def _post(self) -> str | None:
        """Run the post steps on the world's game with the memo; the failure message or None."""
        self.path = []
        self.final: dict | None = None
        outcome = self._post_outcome()
        for k in self.path:
            self.memo[k] = outcome
        self.path = []
        self.position = ()
        return outcome

    def _post_outcome(self) -> str | None:
        for index, (keyword, text, func, args) in enumerate(self.steps):
            self.position = ()
            k = self.key("step", index)
            if self.known(k, "step"):
                return self.memo[k]
            if k is not None:
                self.path.append(k)
            if getattr(func, "resumable", False) and self.fork.record is None:
                self.position = ("in", index, 0)
            try:
                func(**args)
            except _Known as known:
                return known.outcome
            except (AssertionError, EngineRefused) as exc:
                self._final()
                return _step_failure(keyword, text, exc)
        self._final()
        return None

    def _final(self) -> None:
        """Keep the state the post steps ended in, for Fork.remember (only when it records)."""
        self.final = self.world.state if self.fork.record is not None else None


def _message(fork: Fork, alt: list[str], failure: str, labels: dict[str, str]) -> str:
    names = [labels.get(i, i) for i in alt]
    # the fork's step knows how its own vocabulary replays one alternative (harness.suite.steps)
    step = fork.replay_step(names) if fork.replay_step else ", ".join(names)
    return (f"the outcome does not hold for every {'order' if fork.kind == 'order' else 'choice'}: "
            f"with {names} — {failure}\nto replay it, use the step:\n    {step}")
