"""`berserk-rules compare --engine-cmd CMD`: differential testing of an engine against the reference engine
(or against `--reference-cmd`), from the boards under scenarios/ (`--generated`: and the fuzzer's random valid
boards), with hypothesis-chosen moves; the reference engine plays the readings CMD declares in its hello; prints
the shortest sequence of moves after which the two disagree and every difference there, then every later step of
the same line whose states differ (until one engine refuses what the other accepts), the boards skipped and
why (harness/quality/differential.py); `--drafts DIR` writes that line as a scenario draft (harness/quality/
drafts.py). `--self`: the reference engine against itself in this process (the figure of `.ci/run`);
`--mutants`: random play against every mutant engine in this process, beside the scenarios that kill each
(harness/quality/random_kills.py). Exit 0: no difference (with --mutants: every mutant killed by random play);
1: a difference, or nothing compared (a mutant random play misses)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from harness.common import argtypes
from harness.engines.adapters import InProcessAdapter
from harness.engines.protocol import SubprocessAdapter, add_time_limit_options
from harness.quality.differential import Engines, find_divergence, scenario_boards


def cmd_compare(ns: argparse.Namespace) -> int:
    boards = scenario_boards()
    if ns.board:
        boards = {k: v for k, v in boards.items() if any(b in k for b in ns.board)}
    if not boards and not ns.generated:
        print("no board under scenarios/ matches", file=sys.stderr)
        return 2
    if ns.mutants:
        return _mutants(ns, boards)
    if ns.self_check:
        return _self(ns, boards)
    if not ns.engine_cmd:
        print("compare: give --engine-cmd CMD (or --self, or --mutants)", file=sys.stderr)
        return 2
    other = SubprocessAdapter(ns.engine_cmd, ns.request_timeout, reuse=True, start_timeout=ns.start_timeout)
    reference: Any = None
    readings: dict[str, str] = {}
    from harness.common.console import heartbeat

    try:
        readings = declared_readings(other)
        reference = (SubprocessAdapter(ns.reference_cmd, ns.request_timeout, reuse=True,
                                       start_timeout=ns.start_timeout) if ns.reference_cmd
                     else InProcessAdapter(readings=readings))
        engines = Engines(reference, other, ("reference", other.name), full_state=ns.full_state)
        with heartbeat(f"compare: {len(boards)} board(s)"):  # progress on stderr while hypothesis searches
            found = find_divergence(engines, boards, max_examples=ns.examples, max_moves=ns.moves,
                                    derandomize=not ns.random, generated=ns.generated)
    finally:
        other.shutdown()
        if ns.reference_cmd and reference is not None:
            reference.shutdown()
    if readings and not ns.reference_cmd:
        print("the reference engine plays the readings the engine declares: "
              + ", ".join(f"{g}={v}" for g, v in sorted(readings.items())))
    skipped = summary(engines, len(boards))
    if skipped:
        print(skipped)
    if found is not None:
        print(found.report())
        _write_draft(ns, found, readings)
        return 1
    compared = len(boards) - len(engines.skipped) + (1 if ns.generated else 0)
    if compared == 0:
        print("nothing was compared: every board needs what an engine does not declare")
        return 1
    what = f"{compared - 1} board(s) and the fuzzer's generated ones" if ns.generated else f"{compared} board(s)"
    print(f"no difference found in {ns.examples} plays of up to {ns.moves} moves on each of {what}")
    return 0


def declared_readings(adapter: Any) -> dict[str, str]:
    """The readings an engine declares in its hello (`capabilities.readings`) that the reference engine can play
    and that differ from its defaults: the reference side plays them too (engine/readings.py)."""
    import engine

    try:
        declared = adapter.capabilities().get("readings") or {}
    except Exception:  # noqa: BLE001 - an engine that cannot say: its setup will show the fault
        return {}
    if not isinstance(declared, dict):
        return {}
    known = {g: v for g, v in declared.items() if isinstance(g, str) and isinstance(v, str)
             and not engine.readings_problems({g: v})}
    return {g: v for g, v in known.items() if engine.default_readings().get(g) != v}


def _write_draft(ns: argparse.Namespace, found: Any, readings: dict[str, str] | None) -> None:
    if not ns.drafts or found.setup is None:
        return
    from pathlib import Path

    from harness.quality.drafts import write_draft

    written = write_draft(Path(ns.drafts), found.board, *found.setup, found.moves, found.diff,
                          readings=readings, origin=f"berserk-rules compare, {found.names[1]}")
    print("scenario draft: " + ", ".join(str(p) for p in written))


def _self(ns: argparse.Namespace, boards: dict) -> int:
    """The reference engine against itself, in this process: derandomized lines, their number and the time."""
    import time

    engines = Engines(InProcessAdapter(), InProcessAdapter(), ("reference", "reference again"))
    started = time.perf_counter()
    found = find_divergence(engines, boards, max_examples=ns.examples, max_moves=ns.moves, per_board=False,
                            derandomize=not ns.random, generated=ns.generated)
    seconds = round(time.perf_counter() - started, 1)
    what = f"{len(boards)} board(s) of the suite" + (" and the fuzzer's generated boards" if ns.generated else "")
    if found is not None:
        print(found.report())
        return 1
    print(f"the reference engine against itself: {engines.plays} line(s) of up to {ns.moves} moves on {what}, "
          f"0 differences, {seconds} s")
    return 0


def _mutants(ns: argparse.Namespace, boards: dict) -> int:
    from harness.quality.random_kills import dumps, kit_mutants, measure

    factories = kit_mutants()
    unknown = [n for n in ns.only if n not in factories]
    if unknown:
        print(f"compare --mutants: no mutant {', '.join(unknown)}", file=sys.stderr)
        return 2
    result = measure(factories, boards, examples=ns.examples, max_moves=ns.moves, generated=ns.generated,
                     properties=not ns.no_properties, only=ns.only, targeted=ns.targeted,
                     progress=lambda line: print(line, file=sys.stderr, flush=True))
    print(dumps(result) if ns.json else result.text())
    return 0 if all(v.random_kills for v in result.verdicts) else 1


def summary(engines: Engines, boards: int) -> str:
    """What was not compared, and why: the boards skipped (an undeclared edition or feature) and the requests
    outside an engine's declaration that ended plays."""
    lines = []
    if engines.skipped:
        lines.append(f"{len(engines.skipped)} board(s) skipped (of {boards}): they need what an engine does not "
                     "declare")
        lines += [f"  {board}: {why}" for board, why in sorted(engines.skipped.items())]
    if engines.outside:
        lines.append(f"{len(engines.outside)} kind(s) of request outside an engine's declaration ended plays "
                     "(refused as unsupported, not a difference):")
        lines += [f"  {note} (first on board {board})" for note, board in sorted(engines.outside.items())]
    return "\n".join(lines)


def register(sub: Any) -> None:
    p = sub.add_parser("compare", help="differential test: an engine against the reference, move by move")
    p.add_argument("--engine-cmd", type=argtypes.engine_cmd, help="the engine to compare (JSON-lines protocol)")
    p.add_argument("--reference-cmd", type=argtypes.engine_cmd, help="compare with this engine instead of the built-in reference engine")
    p.add_argument("--board", action="append", default=[], help="only boards whose path contains this")
    p.add_argument("--examples", type=argtypes.count, default=50, help="plays to try on each board (default 50)")
    p.add_argument("--moves", type=argtypes.count, default=20, help="at most this many moves per play (default 20)")
    add_time_limit_options(p.add_argument, scenario=False)
    p.add_argument("--random", action="store_true", help="random plays (default: derandomized, repeatable)")
    p.add_argument("--full-state", action="store_true",
                   help="compare whole states, the reference engine's bookkeeping included (default: only the "
                        "observable contract, docs/CONTRACT.md)")
    p.add_argument("--generated", action="store_true",
                   help="also play the fuzzer's random valid boards (their generated cards need 'inline_cards')")
    p.add_argument("--drafts", type=argtypes.output_dir, metavar="DIR",
                   help="write the shortest differing line as a scenario draft (.feature and board) under DIR")
    p.add_argument("--self", dest="self_check", action="store_true",
                   help="the reference engine against itself in this process (no --engine-cmd): lines and time")
    p.add_argument("--mutants", action="store_true",
                   help="random play against every mutant engine in this process, beside the scenarios that "
                        "kill each (harness/quality/random_kills.py); --examples lines each")
    p.add_argument("--only", action="append", default=[], metavar="NAME", help="with --mutants: only this mutant")
    p.add_argument("--targeted", action="store_true",
                   help="with --mutants: each mutant on the boards of the scenarios that kill it (KILLS)")
    p.add_argument("--no-properties", action="store_true", help="with --mutants: the differential only")
    p.add_argument("--json", action="store_true", help="with --mutants: the table as JSON")
    p.set_defaults(func=cmd_compare)
