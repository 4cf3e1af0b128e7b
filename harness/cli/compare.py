"""`berserk-rules compare --engine-cmd CMD`: differential testing of an engine against the reference engine
(or against `--reference-cmd`), from the boards under scenarios/, with hypothesis-chosen moves; prints the
shortest sequence of moves after which the two disagree and every difference there, the boards skipped and
why (harness/quality/differential.py). Exit 0: no difference; 1: a difference, or nothing compared."""

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
    if not boards:
        print("no board under scenarios/ matches", file=sys.stderr)
        return 2
    reference: Any = (SubprocessAdapter(ns.reference_cmd, ns.request_timeout, reuse=True,
                                                  start_timeout=ns.start_timeout) if ns.reference_cmd
                      else InProcessAdapter())
    other = SubprocessAdapter(ns.engine_cmd, ns.request_timeout, reuse=True, start_timeout=ns.start_timeout)
    from harness.common.console import heartbeat

    try:
        engines = Engines(reference, other, ("reference", other.name), full_state=ns.full_state)
        with heartbeat(f"compare: {len(boards)} board(s)"):  # progress on stderr while hypothesis searches
            found = find_divergence(engines, boards,
                                    max_examples=ns.examples, max_moves=ns.moves, derandomize=not ns.random)
    finally:
        other.shutdown()
        if ns.reference_cmd:
            reference.shutdown()
    skipped = summary(engines, len(boards))
    if skipped:
        print(skipped)
    if found is not None:
        print(found.report())
        return 1
    compared = len(boards) - len(engines.skipped)
    if compared == 0:
        print("nothing was compared: every board needs what an engine does not declare")
        return 1
    print(f"no difference found in {ns.examples} plays of up to {ns.moves} moves on each of {compared} board(s)")
    return 0


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
    p.add_argument("--engine-cmd", required=True, type=argtypes.engine_cmd, help="the engine to compare (JSON-lines protocol)")
    p.add_argument("--reference-cmd", type=argtypes.engine_cmd, help="compare with this engine instead of the built-in reference engine")
    p.add_argument("--board", action="append", default=[], help="only boards whose path contains this")
    p.add_argument("--examples", type=argtypes.count, default=50, help="plays to try on each board (default 50)")
    p.add_argument("--moves", type=argtypes.count, default=20, help="at most this many moves per play (default 20)")
    add_time_limit_options(p.add_argument, scenario=False)
    p.add_argument("--random", action="store_true", help="random plays (default: derandomized, repeatable)")
    p.add_argument("--full-state", action="store_true",
                   help="compare whole states, the reference engine's bookkeeping included (default: only the "
                        "observable contract, docs/CONTRACT.md)")
    p.set_defaults(func=cmd_compare)
