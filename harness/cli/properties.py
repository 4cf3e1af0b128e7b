"""`berserk-rules properties [--engine-cmd CMD] [--examples N] [--json]`: the rules as properties
(harness/quality/properties.py) checked at every step of random play of the reference engine, or of CMD over the
protocol, on the suite's boards and the fuzzer's generated ones; per sentence of the text, held (and on how many
steps it was checked) or violated, with the shortest line that shows it (for the reference engine, a violation
declared in `REFERENCE_EXPECTED` is expected, with its reason). `--mutants`: each property's killers
among the mutant engines (in this process), with the reference engine as the control. `--list`: the properties
and their sentences, nothing played. Exit 0 when every property held or was expected to fail (with --mutants:
when each has a killer), 1 otherwise."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from harness.common import argtypes
from harness.engines.adapters import InProcessAdapter
from harness.engines.protocol import SubprocessAdapter, add_time_limit_options


def cmd_properties(ns: argparse.Namespace) -> int:
    from harness.quality.differential import scenario_boards
    from harness.quality.properties import (
        PROPERTIES,
        REFERENCE_EXPECTED,
        dumps,
        find_violations,
        report_text,
        unexpected,
    )

    if ns.list:
        rows = [{"property": p.name, "sentence": p.sentence, "editions": list(p.editions), "text": p.doc}
                for p in PROPERTIES.values()]
        print(json.dumps(rows, ensure_ascii=False, indent=2) if ns.json else
              "\n".join(f"{r['sentence']}  {r['property']}: {r['text']}" for r in rows))
        return 0
    boards = scenario_boards()
    if ns.board:
        boards = {k: v for k, v in boards.items() if any(b in k for b in ns.board)}
    if not boards and ns.no_generated:
        print("no board under scenarios/ matches", file=sys.stderr)
        return 2
    if ns.mutants:
        return _mutants(ns, boards)
    other: Any = None
    try:
        if ns.engine_cmd:
            other = SubprocessAdapter(ns.engine_cmd, ns.request_timeout, reuse=True, start_timeout=ns.start_timeout)
            from harness.cli.compare import declared_readings

            readings = declared_readings(other)
            report = find_violations(lambda: other, boards, examples=ns.examples, max_moves=ns.moves,
                                     generated=not ns.no_generated, derandomize=not ns.random, engine=other.name,
                                     readings=readings)
        else:
            report = find_violations(lambda: InProcessAdapter(), boards, examples=ns.examples, max_moves=ns.moves,
                                     generated=not ns.no_generated, derandomize=not ns.random)
    finally:
        if other is not None:
            other.shutdown()
    expected = {} if ns.engine_cmd else REFERENCE_EXPECTED
    print(dumps(report) if ns.json else report_text(report, expected))
    return 1 if unexpected(report, expected) else 0


def _mutants(ns: argparse.Namespace, boards: dict) -> int:
    from harness.quality.random_kills import dumps, kit_mutants, measure

    factories = kit_mutants()
    result = measure(factories, boards, examples=ns.examples, max_moves=ns.moves, generated=not ns.no_generated,
                     differential=False, only=ns.only, targeted=ns.targeted, progress=lambda line: print(line, file=sys.stderr, flush=True))
    print(dumps(result) if ns.json else result.text())
    return 0 if all(result.summary()["property_killers"].values()) else 1


def register(sub: Any) -> None:
    p = sub.add_parser("properties", help="the rules as properties, checked at every step of random play")
    p.add_argument("--engine-cmd", type=argtypes.engine_cmd, help="play this engine (JSON-lines protocol) instead "
                                                                   "of the built-in reference engine")
    p.add_argument("--examples", type=argtypes.count, default=300, help="random lines to play (default 300)")
    p.add_argument("--moves", type=argtypes.count, default=20, help="at most this many moves per line (default 20)")
    p.add_argument("--board", action="append", default=[], help="only boards whose path contains this")
    p.add_argument("--no-generated", action="store_true", help="only the suite's boards, not the fuzzer's")
    p.add_argument("--random", action="store_true", help="random lines (default: derandomized, repeatable)")
    p.add_argument("--mutants", action="store_true", help="each property's killers among the mutant engines")
    p.add_argument("--only", action="append", default=[], metavar="NAME", help="with --mutants: only this mutant")
    p.add_argument("--targeted", action="store_true",
                   help="with --mutants: each mutant on the boards of the scenarios that kill it (KILLS)")
    p.add_argument("--list", action="store_true", help="the properties and their sentences; nothing is played")
    p.add_argument("--json", action="store_true", help="as JSON")
    add_time_limit_options(p.add_argument, scenario=False)
    p.set_defaults(func=cmd_properties)
