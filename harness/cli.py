"""`berserk-rules`: the kit's one command line (see the table in README.md).

Verbs: check, units, coverage, lookup, steps, vocabulary, and those of VERB_MODULES (lint, diff, approve,
site, compare, expectations, bench, mutants). `--rules DIR` (before or after
the verb) points every verb at another rules folder, see `use_rules_dir`. Each user error is printed as
`file:line: field: message` and gives exit code 2; `check` exits 0 only when every scenario ended as
expected (scenarios needing review are listed, not failed).
"""

from __future__ import annotations

import argparse
import importlib
import json
import locale
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from . import argtypes, paths
from .errors import InputError
from .protocol import add_time_limit_options, time_limit_args

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2
EXIT_INTERRUPTED = 130


def _console() -> Console:
    return Console(highlight=False, soft_wrap=False)


# ------------------------------------------------------------------------------------------ shared loaders
def _corpus():
    from .corpus import load_corpus

    return load_corpus(paths.RULES, root=paths.ROOT)


def _scenarios():
    from .features import scan_features

    return scan_features(paths.FEATURES, root=paths.ROOT)


# ------------------------------------------------------------------------------------------ check
def scenario_pytest_args(report_dir: Path, units: list[str] | tuple[str, ...] = (),
                         editions: list[str] | tuple[str, ...] = (), expectations: str | None = None,
                         engine_cmd: str | None = None) -> list[str]:
    """The arguments that make pytest run the kit's scenarios with its plugin (the one place that knows)."""
    args = [str(paths.SCENARIO_TESTS), "--rootdir", str(paths.ROOT), "-c", str(paths.ROOT / "pyproject.toml"),
            "-p", "no:cacheprovider", "--report-dir", str(report_dir)]
    for u in units:
        args += ["--unit", u]
    for e in editions:
        args += ["--edition", e]
    if expectations:
        args += ["--expectations", expectations]
    if engine_cmd:
        args += ["--engine-cmd", engine_cmd]
    return args


def run_scenarios(report_dir: Path, units: list[str], editions: list[str], expectations: str | None,
                  engine_cmd: str | None, quiet: bool = False, extra: list[str] | None = None) -> tuple[int, Any]:
    """Run the scenarios through pytest (pytest-bdd) with the kit's plugin; returns (pytest code, results)."""
    import pytest

    from .results import RunResults

    args = scenario_pytest_args(report_dir, units, editions, expectations, engine_cmd) + \
        ["--tb=no", "-q", "--no-header"]
    if quiet:  # without the terminal plugin its options (--tb, -q, --no-header) do not exist
        args = [a for a in args if a not in ("--tb=no", "-q", "--no-header")] + ["-p", "no:terminal"]
    args += extra or []
    code = pytest.main(args)
    results_file = report_dir / "results.json"
    if code in (pytest.ExitCode.USAGE_ERROR, pytest.ExitCode.INTERNAL_ERROR) or not results_file.is_file():
        return int(code), None
    return int(code), RunResults.load(results_file)


def cmd_check(ns: argparse.Namespace) -> int:
    from .reports import print_summary

    corpus = _corpus()
    unknown = [u for u in ns.unit if corpus.get(u) is None]
    if unknown:
        print(f"--unit: no rule unit {', '.join(unknown)} (see `berserk-rules units`)", file=sys.stderr)
        return EXIT_USAGE
    _scenarios()          # a feature file pytest-bdd cannot collect is reported here, with its file and line
    from .review import load_lock, lock_path

    load_lock(lock_path(paths.RULES), paths.ROOT)   # a corrupt review.lock is an error, never "untracked"
    report_dir = Path(ns.report_dir)
    extra = time_limit_args(ns)
    if ns.trace_dir:
        extra += ["--trace-dir", ns.trace_dir]
    code, results = run_scenarios(report_dir, ns.unit, ns.edition, ns.expectations, ns.engine_cmd, extra=extra)
    if results is None:
        print(f"the scenarios could not be run (pytest exit code {code}); see the messages above", file=sys.stderr)
        return EXIT_USAGE
    if results.interrupted:
        console = _console()
        print_summary(results, console)
        console.print(f"interrupted: {len(results.not_run)} scenario(s) not run; the reports say so "
                      f"(\"interrupted\": true in {report_dir / 'results.json'})", markup=False)
        return EXIT_INTERRUPTED
    console = _console()
    print_summary(results, console)
    from .review import print_results_review

    print_results_review(results, console)  # needs review: reported, never a failure of the run
    console.print(f"reports: {report_dir / 'results.json'}, {report_dir / 'junit.xml'}, {report_dir / 'index.html'}")
    if not results.results:
        console.print("no scenario matched the filters")
        return EXIT_FAILED
    if ns.update_expectations:
        from .cmd_expectations import update_expectations

        n = update_expectations(results, Path(ns.update_expectations))
        console.print(f"expectations: wrote {n} entr{'y' if n == 1 else 'ies'} to {ns.update_expectations}")
        return EXIT_OK
    return EXIT_OK if results.ok else EXIT_FAILED


# ------------------------------------------------------------------------------------------ units
def _unit_json(u: Any, by_unit: dict[str, list[Any]]) -> dict[str, Any]:
    return {"id": u.id, "edition": u.edition, "kind": u.kind, "number": u.number, "label": u.label,
            "text": u.text, "hash": u.hash, "file": u.file, "line": u.line, "parent": u.parent,
            "section": u.section, "scenarios": [s.id for s in by_unit.get(u.id, [])]}


def cmd_units(ns: argparse.Namespace) -> int:
    from .features import scenarios_by_unit

    corpus = _corpus()
    by_unit = scenarios_by_unit(_scenarios())
    units = [u for u in corpus.units if not ns.edition or u.edition in ns.edition]
    if ns.json:
        print(json.dumps([_unit_json(u, by_unit) for u in units], ensure_ascii=False, indent=2))
        return EXIT_OK
    table = Table("id", "kind", "line", "scenarios", "text", title=f"{len(units)} rule units")
    for u in units:
        text = u.text if len(u.text) <= 70 else u.text[:69] + "…"
        table.add_row(u.id, u.kind, f"{u.file}:{u.line}", str(len(by_unit.get(u.id, []))), text)
    _console().print(table)
    return EXIT_OK


# ------------------------------------------------------------------------------------------ coverage
def coverage_data(results: Any) -> dict[str, Any]:
    """Per unit: the scenarios naming it and how many of them passed on the given run."""
    from .features import scenarios_by_unit
    from .review import load_lock, lock_path, review_state

    corpus = _corpus()
    by_unit = scenarios_by_unit(_scenarios())
    review = review_state(corpus, load_lock(lock_path(paths.RULES), paths.ROOT))
    status = {r.scenario: r.status for r in results.results} if results else {}
    units = []
    for u in corpus.units:
        named = [s.id for s in by_unit.get(u.id, [])]
        passing = [s for s in named if status.get(s) == "PASS"]
        units.append({"id": u.id, "kind": u.kind, "scenarios": len(named), "passing": len(passing),
                      "covered": bool(passing), **_review_of(review, u.id, named)})
    covered = sum(1 for u in units if u["covered"])
    return {"units_total": len(units), "units_covered": covered,
            "units_named": sum(1 for u in units if u["scenarios"]), "units": units,
            "review_tracked": review is not None and review.tracked,
            "units_needing_review": sum(1 for u in units if u["review"] in ("changed", "new")),
            "scenarios_needing_review": sorted({s for u in units if u["review"] in ("changed", "new")
                                                for s in u["review_scenarios"]})}


def _review_of(review: Any, unit_id: str, named: list[str]) -> dict[str, Any]:
    """A unit's review state for coverage: ok | changed | new | untracked, and the scenarios to review."""
    if review is None or not review.tracked:
        return {"review": "untracked", "review_scenarios": []}
    pending = review.pending.get(unit_id)
    return {"review": pending.state if pending else "ok", "review_scenarios": named if pending else []}


def cmd_coverage(ns: argparse.Namespace) -> int:
    from .results import RunResults

    if ns.results:
        results = RunResults.load(Path(ns.results))
    else:
        with tempfile.TemporaryDirectory() as tmp:
            _, results = run_scenarios(Path(tmp), [], [], None, None, quiet=True)
    data = coverage_data(results)
    if ns.json:
        print(json.dumps(data, ensure_ascii=False, indent=2))
        return EXIT_OK
    table = Table("unit", "kind", "scenarios", "passing", title="coverage of rule units by passing scenarios")
    for u in data["units"]:
        mark = ("" if u["covered"] else " ✗") + (f" (needs review: {u['review']})" if u["review"] in ("changed", "new") else "")
        table.add_row(u["id"] + mark, u["kind"], str(u["scenarios"]), str(u["passing"]))
    console = _console()
    console.print(table)
    console.print(f"{data['units_covered']} of {data['units_total']} units covered by passing scenarios; "
                  f"{data['units_named']} named by at least one scenario")
    if data["scenarios_needing_review"]:
        console.print(f"needs review: {data['units_needing_review']} unit(s) changed since the last review; "
                      f"scenarios to review: {', '.join(data['scenarios_needing_review'])}", markup=False)
    return EXIT_OK


# ------------------------------------------------------------------------------------------ lookup
def lookup_data(query: str, play: bool = True) -> list[dict[str, Any]]:
    """The units for a query (an id, a number or Russian words, see `harness.lookup`), each with its text,
    its children (items, paragraphs, examples), the scenarios naming it or a child (`all_scenarios`) and,
    with ``play``, those scenarios played out on the reference engine (`playouts`, see `harness.playout`;
    only the scenarios of the found units run). A run that cannot start gives `playout_error`."""
    from .features import scenarios_by_unit
    from .lookup import find

    corpus = _corpus()
    by_unit = scenarios_by_unit(_scenarios())
    found = find(corpus, query)
    out = []
    for u in found:
        children = corpus.children(u.id)
        named = [s.id for x in [u, *children] for s in by_unit.get(x.id, [])]
        parent = corpus.get(u.parent) if u.parent else None
        out.append({
            **_unit_json(u, by_unit),
            "parent_unit": {"id": parent.id, "label": parent.label, "text": parent.text} if parent else None,
            "children": [_unit_json(c, by_unit) for c in children],
            "examples": [c.id for c in children if c.kind == "example"],
            "all_scenarios": list(dict.fromkeys(named)),
        })
    if play and any(e["all_scenarios"] for e in out):
        from .playout import run_playouts

        try:
            played = run_playouts([e["id"] for e in out if e["all_scenarios"]]).by_scenario()
            error = None
        except InputError as exc:
            played, error = {}, str(exc)
        for e in out:
            e["playouts"] = [played[s] for s in e["all_scenarios"] if s in played]
            if error and e["all_scenarios"]:
                e["playout_error"] = error
    return out


def cmd_lookup(ns: argparse.Namespace) -> int:
    from .render import print_playout

    query = " ".join(ns.query)
    found = lookup_data(query, play=not ns.no_play)
    if ns.json:
        print(json.dumps(found, ensure_ascii=False, indent=2))
        return EXIT_OK if found else EXIT_FAILED
    console = _console()
    if not found:
        console.print(f"nothing found for «{query}»", markup=False)
        return EXIT_FAILED
    for u in found:
        console.rule(f"[bold]{u['id']}[/bold]  ({u['kind']}, {u['file']}:{u['line']})")
        if u.get("parent_unit"):
            p = u["parent_unit"]
            console.print(f"[{p['id']}] {p['label']} {p['text']}\n", markup=False, style="dim")
        console.print(f"{u['label']} {u['text']}".strip(), markup=False)
        for c in u["children"]:
            console.print(f"\n  [{c['id']}] {c['label']} {c['text']}".rstrip(), markup=False)
        if u["all_scenarios"]:
            console.print("\n  scenarios:")
            for s in u["all_scenarios"]:
                console.print(f"    • {s}", markup=False)
        if u.get("playout_error"):
            console.print(f"\n  the scenarios could not be played: {u['playout_error']}", markup=False)
        for view in u.get("playouts", []):
            console.print()
            print_playout(view, console)
        console.print()
    return EXIT_OK


# ------------------------------------------------------------------------------------------ steps
def steps_markdown() -> str:
    """The step vocabulary as Markdown, generated from harness/steps.py."""
    from . import steps as module

    lines = ["# The step vocabulary", "",
             "Generated by `berserk-rules steps` from `harness/steps.py`; do not edit by hand.", "",
             (module.__doc__ or "").strip(), ""]
    for title, kind in (("Дано", "given"), ("Когда", "when"), ("Тогда", "then")):
        lines += [f"## {title}", ""]
        for name in sorted(vars(module)):
            fn = getattr(module, name)
            if callable(fn) and name.startswith(kind + "_") and fn.__doc__:
                lines.append(f"- {' '.join(fn.__doc__.split())}")
        lines.append("")
    return "\n".join(lines)


def cmd_steps(ns: argparse.Namespace) -> int:
    print(steps_markdown())
    return EXIT_OK


def vocabulary_markdown() -> str:
    """The card-ability vocabulary as Markdown, generated from engine/cards.py."""
    from engine import cards

    lines = ["# The card vocabulary", "",
             "Generated by `berserk-rules vocabulary` from `engine/cards.py`; do not edit by hand.", "",
             "Cards (in `catalog/*.yaml` and in a board's `test_cards`) are data: stats plus abilities built",
             "from the words below. A definition that uses anything else is rejected with its file, line and",
             "field. No card name appears in engine code.", "",
             "| word | meaning |", "|---|---|"]
    lines += [f"| `{key}` | {text.replace('|', chr(92) + '|')} |" for key, text in cards.VOCABULARY.items()]
    lines += ["", "Values:", "",
              f"- card types: {', '.join(cards.CARD_TYPES)}; ranks: {', '.join(cards.RANKS)}",
              f"- ability kinds: {', '.join(cards.ABILITY_KINDS)}; forms: {', '.join(cards.FORMS)}",
              f"- trigger words (113.2): {', '.join(cards.TRIGGER_WORDS)}",
              f"- trigger events: {', '.join(cards.TRIGGER_EVENTS)}; attack kinds: {', '.join(cards.ATTACK_KINDS)}",
              f"- effects: {', '.join(cards.EFFECTS)}",
              f"- effects of static abilities: {', '.join(cards.STATIC_EFFECTS)}",
              f"- effects of «начинает бой с»: {', '.join(cards.BATTLE_START_EFFECTS)}",
              f"- history queries (537): {', '.join(cards.HISTORY_QUERIES)}", ""]
    return "\n".join(lines)


def cmd_vocabulary(ns: argparse.Namespace) -> int:
    print(vocabulary_markdown())
    return EXIT_OK


# ------------------------------------------------------------------------------------------ main
def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="berserk-rules", description="Conformance kit for the rules of «Берсерк».")
    p.add_argument("--rules", metavar="DIR", help="use this rules folder (a copy of the corpus, with its "
                                                  "review.lock) instead of rules/; also $BERSERK_RULES_DIR")
    sub = p.add_subparsers(dest="command", required=True)

    c = sub.add_parser("check", help="run every scenario against an engine and write reports")
    c.add_argument("--engine-cmd", type=argtypes.engine_cmd, help="an engine speaking the JSON-lines protocol (docs/PROTOCOL.md), "
                                        "e.g. \"python -m engine.serve\"")
    c.add_argument("--expectations", type=argtypes.input_file, help="YAML file of known failures (default: expectations/reference.yaml "
                                          "for the built-in engine, none with --engine-cmd)")
    c.add_argument("--update-expectations", metavar="FILE", type=argtypes.output_file,
                   help="write FILE (atomically) from this run: every non-PASS result with its message as the "
                        "reason; exit 0 once written")
    add_time_limit_options(c.add_argument)
    c.add_argument("--trace-dir", type=argtypes.output_dir, help="write every scenario's steps with the canonical state after each (JSON)")
    c.add_argument("--report-dir", type=argtypes.output_dir, default=str(paths.REPORTS), help="where to write the reports (default reports/)")
    c.add_argument("--unit", action="append", default=[], help="only scenarios naming this unit or one under it")
    c.add_argument("--edition", action="append", default=[], choices=["classic", "heroes"])
    c.set_defaults(func=cmd_check)

    u = sub.add_parser("units", help="every rule unit with the scenarios naming it")
    u.add_argument("--json", action="store_true")
    u.add_argument("--edition", action="append", default=[], choices=["classic", "heroes"])
    u.set_defaults(func=cmd_units)

    cv = sub.add_parser("coverage", help="which units have passing scenarios")
    cv.add_argument("--json", action="store_true")
    cv.add_argument("--results", type=argtypes.input_file, help="read this results.json instead of running the scenarios")
    cv.set_defaults(func=cmd_coverage)

    lk = sub.add_parser("lookup", help="find rule units by id, number or Russian words")
    lk.add_argument("query", nargs="+")
    lk.add_argument("--json", action="store_true", help="the same as data: units, scenarios and their play-outs")
    lk.add_argument("--no-play", action="store_true", help="only the text and the scenario names (no play-outs)")
    lk.set_defaults(func=cmd_lookup)

    st = sub.add_parser("steps", help="print the step vocabulary (Markdown)")
    st.set_defaults(func=cmd_steps)

    vc = sub.add_parser("vocabulary", help="print the card-ability vocabulary (Markdown)")
    vc.set_defaults(func=cmd_vocabulary)

    for module_name in VERB_MODULES:
        importlib.import_module(module_name).register(sub)
    for verb in sub.choices.values():  # `--rules DIR` is accepted after the verb too
        if not any("--rules" in a.option_strings for a in verb._actions):
            verb.add_argument("--rules", metavar="DIR", default=argparse.SUPPRESS, help=argparse.SUPPRESS)
    return p


def use_rules_dir(folder: str | None) -> None:
    """Point the tools at another rules folder (`--rules DIR`, else $BERSERK_RULES_DIR): the corpus, its
    review.lock and, when the folder has one, its assumptions.yaml."""
    folder = folder or os.environ.get("BERSERK_RULES_DIR")
    if not folder:
        return
    paths.RULES = Path(folder)
    if (paths.RULES / "assumptions.yaml").is_file():
        paths.ASSUMPTIONS = paths.RULES / "assumptions.yaml"


# Further verbs live in their own modules, each with `register(subparsers)` that adds its parser and
# sets `func` (a function of the parsed namespace returning the exit code).
VERB_MODULES: list[str] = [
    "harness.cmd_expectations",
    "harness.cmd_compare",
    "harness.cmd_editors",
    "harness.cmd_site",
    "harness.cmd_mutants",
    "harness.cmd_bench",
]


def _ensure_utf8(argv: list[str]) -> None:
    """pytest-bdd with Cyrillic names fails under a C locale: re-run in UTF-8 mode when needed."""
    if sys.flags.utf8_mode or locale.getpreferredencoding(False).lower().replace("-", "") == "utf8":
        return
    if os.environ.get("BERSERK_RULES_REEXEC"):
        return
    env = dict(os.environ, PYTHONUTF8="1", BERSERK_RULES_REEXEC="1")
    os.execve(sys.executable, [sys.executable, "-X", "utf8", "-m", "harness.cli", *argv], env)


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    _ensure_utf8(argv)
    ns = build_parser().parse_args(argv)
    try:
        use_rules_dir(getattr(ns, "rules", None))
        return ns.func(ns)
    except InputError as exc:
        from .sanitize import terminal

        print(terminal(str(exc)), file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED


if __name__ == "__main__":
    sys.exit(main())
