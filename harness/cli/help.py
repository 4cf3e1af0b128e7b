"""A command line that explains itself: the bare `berserk-rules` lists the verbs, `--version`, examples.

- `berserk-rules` alone (or with only `--rules DIR`) prints every verb with its one-line help, exit 0;
- `berserk-rules --version`: the kit's version (package metadata), the protocol version
  (`harness.engines.protocol.PROTOCOL_VERSION`), the suite version (the one `results.json` records in its `run`
  object) and a content hash of the suite (rules, features, boards: the first 12 hex digits of a SHA-256
  over their paths and bytes), so two runs can tell whether they played the same suite;
- each verb's ``--help`` ends with examples (`EXAMPLES`).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from harness.common import paths

EXAMPLES: dict[str, str] = {
    "check": """examples:
  berserk-rules check                                   # the reference engine; reports in reports/
  berserk-rules check --engine-cmd "./my-engine" --expectations my-engine.yaml --report-dir out
  berserk-rules check --unit classic:113.2 --edition classic
  GITHUB_ACTIONS=true berserk-rules check ...           # also ::error annotations and a job summary
  berserk-rules check --shard 2/3 --report-dir out-2    # one job of a CI matrix: the second of 3 stable slices""",
    "merge": """examples:
  berserk-rules merge out-1 out-2 out-3 --report-dir reports   # the slices of `check --shard K/3`, as one run
  berserk-rules merge slices/*/ --report-dir reports""",
    "units": """examples:
  berserk-rules units --edition heroes
  berserk-rules units --unit classic:503.1
  berserk-rules units --json > units.json""",
    "coverage": """examples:
  berserk-rules coverage
  berserk-rules coverage --results reports/results.json --json""",
    "lookup": """examples:
  berserk-rules lookup Талитха
  berserk-rules lookup heroes:113.7 --play
  berserk-rules lookup classic:536.4.ex1-1          # one scenario, played out
  berserk-rules lookup 113.2 --json""",
    "steps": """example:
  berserk-rules steps > docs/STEPS.md""",
    "vocabulary": """example:
  berserk-rules vocabulary > docs/VOCABULARY.md""",
    "lint": """examples:
  berserk-rules lint
  berserk-rules lint -v
  berserk-rules lint scenarios/classic features/classic/113-срабатывающие-особенности.feature
  berserk-rules --rules /tmp/rules-new lint --fail-on warning""",
    "diff": """examples:
  berserk-rules diff rules /tmp/rules-new
  berserk-rules diff rules /tmp/rules-new --run
  berserk-rules diff rules/classic-113.txt rules/heroes-113-115.txt --json""",
    "approve": """examples:
  berserk-rules --rules /tmp/rules-new approve
  berserk-rules --rules /tmp/rules-new approve --editorial
  berserk-rules --rules /tmp/rules-new approve heroes:113.3.dup2-1 heroes:115.1-3
  berserk-rules approve --all""",
    "site": """examples:
  berserk-rules site --out reports/site
  berserk-rules site --results my-engine/results.json""",
    "compare": """examples:
  berserk-rules compare --engine-cmd "./my-engine"
  berserk-rules compare --engine-cmd "./my-engine" --board classic/113 --examples 200
  berserk-rules compare --engine-cmd "./my-engine" --generated --drafts /tmp/drafts
  berserk-rules compare --self --generated --examples 1000      # the reference against itself
  berserk-rules compare --mutants --examples 100 --json         # random play against every mutant""",
    "properties": """examples:
  berserk-rules properties                                      # the reference engine
  berserk-rules properties --engine-cmd "./my-engine" --examples 500
  berserk-rules properties --list
  berserk-rules properties --mutants --examples 100             # each property's killers""",
    "expectations": """example:
  berserk-rules expectations --results reports/results.json --out my-engine.yaml""",
    "test-cards": """examples:
  berserk-rules test-cards > docs/TEST-CARDS.md    # every test card, its text and definition, the unlock curve""",
    "contract": """examples:
  berserk-rules contract > docs/CONTRACT.md      # what of the canonical state the scenarios read""",
    "assumptions": """examples:
  berserk-rules assumptions
  berserk-rules assumptions strike-table asm:stack-lifo heroes-queue --json""",
    "matrix": """examples:
  berserk-rules matrix --results reports/results.json --results my-engine/results.json --out matrix.html""",
    "bench": """examples:
  berserk-rules bench
  berserk-rules bench --only orderings --only roundtrip --json""",
    "mutants": """examples:
  berserk-rules mutants
  berserk-rules mutants --declared --only stack-fifo --json
  berserk-rules mutants --mechanical --module strike
  berserk-rules mutants --cards --card Ведун                     # one pool card's variants
  berserk-rules mutants --mechanical --shard 2/4 --out shard2.json   # then: mutants --merge shard*.json""",
}


def suite_hash() -> str:
    """The content hash of the suite (harness/run/shards.py, where slices of a run are told apart by it)."""
    from harness.run.shards import suite_hash as content_hash

    return content_hash()


def kit_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("berserk-rules")
    except PackageNotFoundError:
        return "unknown (not installed)"


def version_text() -> str:
    from harness.engines.protocol import PROTOCOL_VERSION
    from harness.run.pytest_plugin import SUITE_VERSION

    return (f"berserk-rules {kit_version()}\n"
            f"protocol {PROTOCOL_VERSION}\n"
            f"suite {SUITE_VERSION} (content {suite_hash()}: {paths.display(paths.RULES)}, "
            f"{paths.display(paths.FEATURES)}, {paths.display(paths.SCENARIOS)})")


class _VersionAction(argparse.Action):
    def __init__(self, option_strings: list[str], dest: str = argparse.SUPPRESS, **kw: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS,
                         help="print the kit's, the protocol's and the suite's versions and exit")

    def __call__(self, parser: argparse.ArgumentParser, namespace: Any, values: Any, option: Any = None) -> None:
        from harness.common.paths import use_rules_dir

        use_rules_dir(getattr(namespace, "rules", None))
        print(version_text())
        parser.exit(0)


def decorate(parser: argparse.ArgumentParser, subparsers: Any) -> None:
    """Add `--version`, and an examples epilog to every verb that has one in `EXAMPLES`."""
    parser.add_argument("--version", action=_VersionAction)
    parser.epilog = "Run `berserk-rules VERB --help` for a verb's options and examples."
    for name, verb in subparsers.choices.items():
        if name in EXAMPLES and not verb.epilog:
            verb.epilog = EXAMPLES[name]
            verb.formatter_class = argparse.RawDescriptionHelpFormatter


def verbs_overview(parser: argparse.ArgumentParser) -> str:
    """Every verb with its one-line help, as `berserk-rules` alone prints it."""
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    helps = {a.dest: a.help or "" for a in sub._choices_actions}
    width = max(len(n) for n in sub.choices)
    lines = [f"usage: {parser.prog} [--rules DIR] [--version] VERB [options]", "",
             parser.description or "", "", "verbs:"]
    lines += [f"  {name:<{width}}  {helps.get(name, '')}" for name in sub.choices]
    lines += ["", "Run `berserk-rules VERB --help` for a verb's options and examples; README.md has the whole "
                  "table."]
    return "\n".join(lines)


def bare(argv: list[str], parser: argparse.ArgumentParser) -> bool:
    """True when the command line names no verb (only `--rules DIR` at most): print the overview."""
    rest = list(argv)
    if rest[:1] == ["--rules"] and len(rest) >= 2:
        rest = rest[2:]
    elif rest[:1] and rest[0].startswith("--rules="):
        rest = rest[1:]
    if rest:
        return False
    print(verbs_overview(parser), file=sys.stdout)
    return True
