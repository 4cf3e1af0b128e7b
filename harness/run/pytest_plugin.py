"""Wires the scenarios into pytest-bdd: run options, tags as marks, the `world` fixture, expectations
(known failures, strict), and the recording of every scenario's result for the reports.

Options: --engine-cmd CMD (an engine over the JSON-lines protocol, docs/PROTOCOL.md) with
--start-timeout S, --request-timeout S and --scenario-timeout S, --expectations FILE, --unit ID (repeatable), --edition E
(repeatable), --report-dir DIR (results.json, junit.xml, index.html at the end of the session), --trace-dir DIR,
--metamorphic (every scenario that passed is played again under each transformation of its inputs that must not
change its verdict: harness/suite/metamorphic.py).

At the end of the session (on the controller of a pytest-xdist run) the results and the traces go, in memory,
to every implementation of the `pytest_berserk_results` hook (`Hooks`): the output layer writes the reports
from them (`harness.output.report_plugin`), the runner hands them to its caller (`harness.run.runner`).
"""

from __future__ import annotations

import hashlib
import json
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from pytest_bdd.exceptions import StepDefinitionNotFoundError
from pytest_bdd.parser import render_string
from pytest_bdd.scenario import scenario_wrapper_template_registry

from harness.common import paths
from harness.common.errors import InputError, Problem
from harness.common.facts import EDITIONS
from harness.common.safeio import atomic_write
from harness.common.timelimit import time_limit
from harness.engines.adapters import (
    EngineFault,
    EngineRefused,
    EngineUnsupported,
    InProcessAdapter,
    NotDeclared,
)
from harness.engines.protocol import PROTOCOL_VERSION, SubprocessAdapter, add_time_limit_options
from harness.rules.review import current_state
from harness.run.results import RunInfo, RunResults, ScenarioResult, StepRecord, utc_now
from harness.suite.features import stable_id, title_of
from harness.suite.metamorphic import MetamorphicFailure
from harness.suite.orderings import explore
from harness.suite.session import load_expectations
from harness.suite.world import World, fork_report

SUITE_VERSION = "0.1.0"


@dataclass
class Step:
    keyword: str
    text: str
    line: int
    status: str = "skipped"
    check: str | None = None        # a check («Тогда» step): its id; None for «Дано»/«Когда»
    message: str = ""               # why a check was not run, or how it failed


@dataclass
class Scenario:
    id: str
    name: str
    feature: str
    line: int
    units: list[str]
    assumptions: list[str]
    steps: list[Step] = field(default_factory=list)
    error: BaseException | None = None
    failed_step: Step | None = None
    status: str | None = None
    message: str = ""
    started: float = 0.0
    duration: float = 0.0
    trace: list[dict] = field(default_factory=list)
    explored: int = 0
    fork: dict[str, Any] | None = None   # what the «в любом порядке» exploration covered (Fork.as_json)
    index: int = 0                  # position in the collection order
    missing: list[str] = field(default_factory=list)   # a SKIP: the needs the engine does not declare
    readings: list[str] = field(default_factory=list)  # «group=value»: the readings its outcome holds under
    needs: list[str] | None = None   # what it needs of an engine, all declared (None: not known, it did not start)


@dataclass
class Recorder:
    expectations: dict[str, dict[str, str]]
    expectations_file: str | None
    report_dir: Path | None
    started: float = field(default_factory=time.time)
    scenarios: dict[str, Scenario] = field(default_factory=dict)
    order: list[str] = field(default_factory=list)
    collected: set[str] = field(default_factory=set)
    unit_filter: list[str] = field(default_factory=list)
    edition_filter: list[str] = field(default_factory=list)
    shard: tuple[int, int] | None = None      # --shard K/N: this run is the K-th slice of N
    unsliced: list[str] = field(default_factory=list)     # --shard: the ids every slice selects, in collection order
    engine_name: str = ""
    engine_version: str = ""
    trace_dir: Path | None = None
    traces: dict[str, dict[str, Any]] = field(default_factory=dict)
    readings: dict[str, str] = field(default_factory=dict)   # the readings the engine holds (its hello)
    presumed: list[str] = field(default_factory=list)        # groups its hello does not name: the default presumed
    start_failed: list[str] = field(default_factory=list)    # scenarios that ended on a failed engine start
    stopped: str = ""          # the engine could not be started: the run stopped with this one error

    def keeps_traces(self, config: pytest.Config) -> bool:
        return self.trace_dir is not None or bool(getattr(config.option, "berserk_keep_traces", False))
    selected: list[str] = field(default_factory=list)     # ids of the scenarios selected to run, in order
    collected_names: dict[str, str] = field(default_factory=dict)   # scenario name → its id (old expectations)
    _titles: dict[str, dict[str, str]] | None = None      # by_title(), once

    def expectation(self, sid: str, name: str) -> dict[str, str]:
        """The expectations entry of a scenario: by its id, or (a file of the old form, keyed
        ``<feature>::<title>``) by its title; PASS when none names it."""
        found = self.expectations.get(sid)
        if found is None:
            found = self.by_title().get(name)
        return found or {"status": "PASS", "reason": ""}

    def by_title(self) -> dict[str, dict[str, str]]:
        """The entries of the old form by their title (worked out once: the expectations do not change)."""
        if self._titles is None:
            self._titles = {title: entry for key, entry in self.expectations.items() if (title := title_of(key))}
        return self._titles

    def stale(self) -> list[str]:
        """Expectation entries that name no collected scenario (by id, or by title for the old form)."""
        ids = set(self.collected)
        names = set(self.collected_names)
        return sorted(key for key in self.expectations
                      if key not in ids and (title_of(key) is None or title_of(key) not in names))


RECORDER = pytest.StashKey[Recorder]()
MARKERS = ("unit(id): the rule unit a scenario checks (from a Gherkin tag such as @classic:113.2)",
           "reading(group=value): a reading the scenario's outcome holds under (from a tag such as "
           "@reading:heroes-queue=lifo)",
           "assumption(id): a declared assumption the scenario depends on (from a tag such as @asm:stack-lifo)",
           "needs(feature): a capability the scenario needs (from a tag such as @needs:battle_history)")
SCENARIO = pytest.StashKey[Scenario]()


class Hooks:
    """The kit's own hook: implement it in a plugin to receive a finished run."""

    @pytest.hookspec
    def pytest_berserk_results(self, config: pytest.Config, results: Any,
                               traces: dict[str, dict[str, Any]]) -> str | None:
        """A run is over: its `RunResults` and, when traces were kept (--trace-dir, or a runner asking for
        them), scenario id → trace (the steps with the canonical state after each, see `trace_data`).
        Return a message when what you do with them failed (the reports could not be written): the run
        then fails with it, never with a traceback."""


def pytest_addhooks(pluginmanager: pytest.PytestPluginManager) -> None:
    pluginmanager.add_hookspecs(Hooks)


def pytest_addoption(parser: pytest.Parser) -> None:
    g = parser.getgroup("berserk-rules")
    from harness.common.argtypes import engine_cmd

    g.addoption("--engine-cmd", default=None, type=engine_cmd, help="run the scenarios against CMD over the protocol (docs/PROTOCOL.md)")
    add_time_limit_options(g.addoption)
    g.addoption("--expectations", default=None,
                help="YAML file of known failures (default for the built-in engine: expectations/reference.yaml)")
    g.addoption("--unit", action="append", default=[], help="only scenarios naming this unit (or a unit under it)")
    g.addoption("--edition", action="append", default=[], help="only scenarios of this edition")
    g.addoption("--reading", action="append", default=[], metavar="GROUP=READING",
                help="the built-in engine plays this reading where the text admits several (rules/assumptions.yaml "
                     "readings; an engine over the protocol declares its own in hello)")
    g.addoption("--report-dir", default=None, help="write results.json, junit.xml and index.html here")
    g.addoption("--shard", default=None, metavar="K/N",
                help="run only the K-th of N stable slices of the selected scenarios (by a hash of their ids; "
                     "berserk-rules merge joins the slices' reports)")
    g.addoption("--min-played", type=int, default=1,
                help="fail when scenarios ran but the engine played fewer than N to a verdict (default 1)")
    g.addoption("--trace-dir", default=None,
                help="write, per scenario, every step with the canonical state after it (play-outs)")
    g.addoption("--orderings-record", action="store_true", default=False,
                help="with --trace-dir: record how every alternative of a fork ended (tests/test_orderings.py)")
    g.addoption("--orderings", default=None, choices=("search", "replay"),
                help="how «в любом порядке» forks are explored: search (clone and memoise; the default for the "
                     "in-process engine) or replay (from the set-up for every order; always over the protocol)")
    g.addoption("--metamorphic", action="store_true", default=False,
                help="play every scenario that passed again with the players swapped, the board mirrored, the card "
                     "ids renamed and the board's lists permuted (features/metamorphic.yaml: declared exclusions); "
                     "a transformed run that does not pass fails the scenario")
    g.addoption("--metamorphic-only", action="append", default=[], metavar="NAME",
                help="--metamorphic with only this transformation (swap, mirror, rename, reorder; repeatable)")


def pytest_configure(config: pytest.Config) -> None:
    from harness.run.step_lookup import memoise_step_lookup
    from harness.suite.suitecheck import accept_bom_in_features

    accept_bom_in_features()
    memoise_step_lookup()           # pytest-bdd's look-up of a step's definitions, once per step text

    exp_opt = config.getoption("--expectations")
    exp_path = Path(exp_opt) if exp_opt else paths.REFERENCE_EXPECTATIONS
    # the reference engine's known failures are not another engine's: --engine-cmd has none by default
    default_ok = exp_path.is_file() and not config.getoption("--engine-cmd")
    try:
        expectations = load_expectations(exp_path) if (exp_opt or default_ok) else {}
    except InputError as exc:
        raise pytest.UsageError(f"bad expectations file:\n{exc}") from None
    report_dir = config.getoption("--report-dir")
    readings = config.getoption("--reading")
    if readings:
        import engine

        if config.getoption("--engine-cmd"):
            raise pytest.UsageError("--reading chooses a reading of the built-in engine; an engine over the protocol "
                                    "declares the readings it holds in its hello (capabilities.readings)")
        bad = [r for r in readings if "=" not in r]
        problems = [f"--reading {r}: expected GROUP=READING" for r in bad] + engine.readings_problems(
            dict(r.split("=", 1) for r in readings if "=" in r))
        if problems:
            raise pytest.UsageError("; ".join(problems))
    shard = config.getoption("--shard")
    if shard:
        from harness.run.shards import parse_shard

        try:
            parse_shard(shard)
        except ValueError as exc:
            raise pytest.UsageError(f"--shard: {exc}") from None
    adapter = make_adapter(config)
    for marker in MARKERS:       # also without the kit's pyproject.toml (an installed kit)
        config.addinivalue_line("markers", marker)
    config.stash[RECORDER] = Recorder(
        expectations=expectations, expectations_file=paths.display(exp_path) if expectations else None,
        report_dir=Path(report_dir) if report_dir else None,
        unit_filter=list(config.getoption("--unit")), edition_filter=list(config.getoption("--edition")),
        engine_name=adapter.name, engine_version=adapter.version, shard=_shard_option(config),
        trace_dir=Path(config.getoption("--trace-dir")) if config.getoption("--trace-dir") else None,
    )
    if not is_worker(config):
        config.pluginmanager.register(WorkerResults(config.stash[RECORDER]), "berserk-rules-worker-results")
        from harness.engines.process import install_signal_handlers

        config.stash[SIGNALS] = install_signal_handlers()     # SIGTERM ends the run like Ctrl-C
    config.addinivalue_line("markers", "bad_tag(tag): a plain tag, which names neither a unit nor an assumption")
    if config.getoption("--metamorphic") or config.getoption("--metamorphic-only"):
        from harness.suite.metamorphic import TRANSFORMATIONS, load_exclusions

        unknown = [t for t in config.getoption("--metamorphic-only") if t not in TRANSFORMATIONS]
        if unknown:
            raise pytest.UsageError(f"--metamorphic-only: no transformation {', '.join(unknown)} "
                                    f"(known: {', '.join(TRANSFORMATIONS)})")
        try:
            config.stash[METAMORPHIC] = load_exclusions()
        except InputError as exc:
            raise pytest.UsageError(f"bad metamorphic exclusions file:\n{exc}") from None


@pytest.hookimpl(tryfirst=True)       # before pytest-bdd's own, also when loaded with -p (an installed kit)
def pytest_bdd_apply_tag(tag: str, function: Any) -> bool | None:
    """Tags name rule units (`@classic:113.2`) and assumptions (`@asm:stack-lifo`): they become the
    `unit` and `assumption` marks, so --strict-markers stays quiet and filters can read them."""
    if tag.startswith("asm:"):
        pytest.mark.assumption(tag[4:])(function)
        return True
    if tag.startswith("reading:"):        # the scenario's outcome holds under this reading (rules/assumptions.yaml)
        pytest.mark.reading(tag[8:])(function)
        return True
    if tag.startswith("needs:"):          # a capability the scenario needs (harness/suite/capabilities.py)
        pytest.mark.needs(tag[6:])(function)
        return True
    if ":" in tag:
        pytest.mark.unit(tag)(function)
        return True
    pytest.mark.bad_tag(tag)(function)      # the scenario ends as ERROR, located (never a collection error)
    return True


def _template(item: pytest.Item) -> Any:
    obj = getattr(item, "obj", None)
    return scenario_wrapper_template_registry.get(obj) if obj is not None else None


def scenario_id(feature_file: str, name: str) -> str:
    from harness.suite.features import stable_id

    return stable_id(_feature_part(feature_file), name)


def _feature_part(feature_file: str) -> str:
    """A scenario id's part before `::`: the feature's path under features/, without its suffix."""
    try:
        rel = Path(feature_file).resolve().relative_to(paths.FEATURES.resolve()).with_suffix("")
    except ValueError:                    # a feature linked from outside features/: ERROR in before_scenario
        return paths.display(Path(feature_file))
    return rel.as_posix()


def _item_name(item: pytest.Item, tpl: Any) -> str:
    """The scenario's name as pytest-bdd runs it: an outline's with the values of its example row."""
    callspec = getattr(item, "callspec", None)
    example = callspec.params.get("_pytest_bdd_example") if callspec is not None else None
    return render_string(tpl.name, example) if example else tpl.name


CLASH = pytest.StashKey[tuple[str, Problem]]()    # (the id the result gets, why the scenario cannot run)
SCENARIO_ID = pytest.StashKey[str]()               # the scenario's id, worked out once at collection


def _mark_clashes(named: dict[str, list[pytest.Item]]) -> None:
    """Scenario ids must be unique: results, expectations and traces are keyed by them. Two scenarios with one
    bracket tag in an edition, or plain scenarios with one name, are a lint error (S002; pytest-bdd keeps one
    of two names in a file); the example rows of an outline whose name holds none of their values all run, so
    each gets an id of its own and the status ERROR."""
    for sid, group in named.items():
        if len(group) < 2:
            continue
        tpl = _template(group[0])
        why = Problem(paths.display(Path(tpl.feature.filename)), tpl.line_number, "scenario",
                      f"{len(group)} scenarios (or example rows of an outline) get the same id «{sid}»; results, "
                      "expectations and traces need one id each: give every scenario its own tag in brackets, "
                      "and put a <parameter> of the examples in an outline's name")
        for n, item in enumerate(group, 1):
            item.stash[CLASH] = (f"{sid} #{n}", why)


def unit_selected(units: list[str], wanted: list[str], editions: list[str], edition: str | None = None,
                   assumptions: list[str] | tuple[str, ...] = ()) -> bool:
    """Whether a scenario passes the --unit and --edition filters: its edition is its feature's (the folder
    under features/), else its units'; a --unit filter names a unit (and takes every unit under it) or an
    assumption (``asm:<id>``: the scenarios depending on it, those that name no unit too)."""
    if editions and not (edition in editions if edition else any(u.split(":", 1)[0] in editions for u in units)):
        return False
    if wanted and not any(u == w or u.startswith(w + ".") for u in units for w in wanted) \
            and not any(w == f"asm:{a}" for a in assumptions for w in wanted):
        return False
    return True


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    rec = config.stash[RECORDER]
    keep, drop = [], []
    named: dict[str, list[pytest.Item]] = {}
    parts: dict[str, str] = {}            # feature file → its part of the ids: resolved once per file, not per item
    for item in items:
        tpl = _template(item)
        if tpl is not None:
            filename = tpl.feature.filename
            if filename not in parts:
                parts[filename] = _feature_part(filename)
            item.stash[SCENARIO_ID] = stable_id(parts[filename], _item_name(item, tpl))
            rec.collected_names[_item_name(item, tpl)] = item.stash[SCENARIO_ID]
            named.setdefault(item.stash[SCENARIO_ID], []).append(item)
    _mark_clashes(named)
    for item in items:
        tpl = _template(item)
        if tpl is None:
            keep.append(item)
            continue
        units = sorted(m.args[0] for m in item.iter_markers("unit"))
        rec.collected.add(_result_id(item, tpl))
        edition = parts[tpl.feature.filename].split("/", 1)[0]
        assumptions = [m.args[0] for m in item.iter_markers("assumption")]
        chosen = unit_selected(units, rec.unit_filter, rec.edition_filter,
                                edition if edition in EDITIONS else None, assumptions)
        if chosen and rec.shard is not None:
            rec.unsliced.append(_result_id(item, tpl))
        if chosen and _in_shard(rec, _result_id(item, tpl)):
            keep.append(item)
            rec.selected.append(_result_id(item, tpl))
        else:
            drop.append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep
    for index, item in enumerate(items):
        item.stash[INDEX] = index         # the collection order, the order of results.json (also under -n)
        if _template(item) is not None:
            # a scenario's failure is reported by its result (pytest_runtest_makereport replaces the report's
            # text): pytest's own long form, which parses the source of every frame, is not built for it
            item.repr_failure = _plain_failure  # type: ignore[method-assign]


def _shard_option(config: pytest.Config) -> tuple[int, int] | None:
    from harness.run.shards import parse_shard

    shard = config.getoption("--shard")
    return parse_shard(shard) if shard else None


def _in_shard(rec: Recorder, sid: str) -> bool:
    """Whether a scenario is in this run's slice (--shard K/N; every scenario when the run is not sliced)."""
    if rec.shard is None:
        return True
    from harness.run.shards import shard_of

    return shard_of(sid, rec.shard[1]) == rec.shard[0]


def _plain_failure(excinfo: pytest.ExceptionInfo[BaseException]) -> Any:
    return excinfo.getrepr(style="native")


def _result_id(item: pytest.Item, tpl: Any) -> str:
    clash = item.stash.get(CLASH, None)
    if clash:
        return clash[0]
    sid = item.stash.get(SCENARIO_ID, None)
    return sid if sid is not None else scenario_id(tpl.feature.filename, _item_name(item, tpl))


def make_adapter(config: pytest.Config) -> Any:
    """The adapter for this run: the built-in engine in-process, or --engine-cmd over the protocol, or what a
    plugin object passed to `pytest.main` supplies as `berserk_rules_adapter()` (an in-process variant engine:
    harness/quality/mutation.py)."""
    cmd = config.getoption("--engine-cmd")
    if not cmd:
        for plugin in config.pluginmanager.get_plugins():
            factory = getattr(plugin, "berserk_rules_adapter", None)
            if callable(factory):
                return factory()
        return InProcessAdapter(readings=dict(r.split("=", 1) for r in config.getoption("--reading")))
    adapter = config.stash.get(ENGINE, None)
    if adapter is None:
        try:
            adapter = SubprocessAdapter(cmd, request_timeout=config.getoption("--request-timeout"),
                                        start_timeout=config.getoption("--start-timeout"),
                                        scenario_timeout=config.getoption("--scenario-timeout") or None,
                                        reuse=True)
        except ValueError as exc:
            raise pytest.UsageError(f"--engine-cmd: {exc}") from None
        config.stash[ENGINE] = adapter     # one process for the run, restarted after a fault
    return adapter


ENGINE = pytest.StashKey[Any]()
RECORD_REPLIES = pytest.StashKey[bool]()       # the scenario has a check reading the replies (World.record_replies)
METAMORPHIC = pytest.StashKey[dict[str, dict[str, str]]]()    # --metamorphic: the declared exclusions
SIGNALS = pytest.StashKey[Any]()


def pytest_unconfigure(config: pytest.Config) -> None:
    adapter = config.stash.get(ENGINE, None)
    if adapter is not None:
        adapter.shutdown()
    from harness.engines.process import restore_signal_handlers

    restore_signal_handlers(config.stash.get(SIGNALS, {}))


@pytest.fixture
def world(request: pytest.FixtureRequest) -> Any:
    adapter = make_adapter(request.config)
    world = World(adapter=adapter)
    gates: dict[str, str | None] = {}         # the engine's capabilities do not change within a scenario

    def gate(name: str, args: dict[str, Any]) -> str | None:
        from harness.suite.capabilities import step_key

        key = step_key(name, args)
        if key not in gates:
            gates[key] = check_gate(adapter, key)
        return gates[key]

    world.check_gate = gate
    world.record_replies = request.node.stash.get(RECORD_REPLIES, False)
    yield world
    adapter.close()


def check_gate(adapter: Any, name: str) -> str | None:
    """Why the engine cannot take the check `name` (a «Тогда» step function, or its `step_key`): the features of
    its STEP_NEEDS (and STEP_PHRASE_NEEDS) it does not declare; None when it can."""
    from harness.suite.capabilities import need_met, need_words, step_needs

    capabilities = adapter.capabilities()
    lacking = [need for need in step_needs(name) if not need_met(need, capabilities)]
    return ("the engine does not declare " + ", ".join(need_words(n) for n in lacking)) if lacking else None


# ------------------------------------------------------------------------------------------ recording
def pytest_bdd_before_scenario(request: pytest.FixtureRequest, feature: Any, scenario: Any) -> None:
    item = request.node
    rel = Path(feature.filename).resolve()
    clash = item.stash.get(CLASH, None)
    sc = Scenario(
        id=clash[0] if clash else scenario_id(feature.filename, scenario.name), name=scenario.name,
        feature=paths.display(rel), line=scenario.line_number,
        units=sorted(m.args[0] for m in item.iter_markers("unit")),
        assumptions=sorted(m.args[0] for m in item.iter_markers("assumption")),
        readings=sorted(m.args[0] for m in item.iter_markers("reading")),
        steps=_steps(scenario.steps),
        started=time.perf_counter(),
    )
    for n, step in enumerate((s for s in sc.steps if s.check), 1):
        step.check = f"{sc.id}#{n}"
    item.stash[SCENARIO] = sc
    if clash:
        raise InputError(clash[1])
    from harness.suite.suitecheck import scenario_problems

    found = scenario_problems(feature.filename, scenario.line_number, [t for m in item.iter_markers("bad_tag")
                                                                       for t in m.args], scenario.steps)
    if found:
        raise InputError(found)

    from harness.suite.capabilities import REPLY_CHECKS, lacking, missing, scenario_needs, step_function

    capabilities = make_adapter(request.config).capabilities()
    rec = request.config.stash[RECORDER]
    rec.readings = held_readings(capabilities)
    rec.presumed = presumed_readings(capabilities)

    item.stash[RECORD_REPLIES] = any(step_function(s.name) in REPLY_CHECKS for s in scenario.steps)

    # SKIP before N/A: a scenario the engine could not play is SKIP with what it lacks, whatever its reading; N/A is
    # for a scenario the engine could play but whose reading it does not hold
    needs = scenario_needs([s.name for s in scenario.steps], [f"needs:{m.args[0]}" for m in item.iter_markers("needs")])
    sc.missing = lacking(needs, capabilities)
    if sc.missing:
        pytest.skip("the engine does not declare " + "; ".join(missing(needs, capabilities)))
    sc.needs = sorted(needs)
    why_na = not_applicable(sc.readings, capabilities)
    if why_na:
        raise NotApplicable(why_na)


class NotApplicable(Exception):
    """The scenario's outcome rests on readings the engine does not hold: N/A (never PASS, FAIL or SKIP)."""


def held_readings(capabilities: dict[str, Any]) -> dict[str, str]:
    """The readings an engine holds: those its hello declares, the kit's default for every other group (the
    presumption docs/PROTOCOL.md §5 states; `presumed_readings`)."""
    from harness.common.facts import default_readings

    return default_readings() | dict(capabilities.get("readings") or {})


def presumed_readings(capabilities: dict[str, Any]) -> list[str]:
    """The reading groups an engine's hello does not name, whose kit's default it is presumed to hold."""
    from harness.common.facts import READINGS

    return sorted(set(READINGS) - set(capabilities.get("readings") or {}))


def not_applicable(readings: list[str], capabilities: dict[str, Any]) -> str:
    """Why a scenario whose outcome holds under `readings` (``group=value`` tags) does not apply to an engine
    holding the readings of its capabilities (the kit's default for a group it does not name): "" when it
    applies."""
    held = held_readings(capabilities)
    wanted: dict[str, set[str]] = {}
    for reading in readings:
        group, _, value = reading.partition("=")
        wanted.setdefault(group, set()).add(value)
    off = [f"{group}={held.get(group, '?')} (the scenario holds under {', '.join(sorted(values))})"
           for group, values in sorted(wanted.items()) if held.get(group) not in values]
    return ("the engine holds the reading " + "; ".join(off)) if off else ""


def _steps(steps: list[Any]) -> list[Step]:
    """The scenario's steps; the «Тогда» ones (and the «И»/«Но» that continue them) are checks."""
    return [Step(s.keyword.strip(), s.name, s.line_number, check="?" if s.type == "then" else None) for s in steps]


def pytest_bdd_before_step_call(request: pytest.FixtureRequest, feature: Any, scenario: Any, step: Any,
                                step_func: Any, step_func_args: dict) -> None:
    """After a «в любом порядке» fork, remember every further step so it can be run for each order."""
    world = step_func_args.get("world")
    if world is not None and world.fork is not None:
        world.fork.post_steps.append((step.keyword.strip(), step.name, step_func, dict(step_func_args)))


def pytest_bdd_after_scenario(request: pytest.FixtureRequest, feature: Any, scenario: Any) -> None:
    """When the scenario passed with one alternative of a fork, check every other one (harness/orderings)."""
    sc = request.node.stash.get(SCENARIO, None)
    if sc is None or sc.error is not None or "world" not in request.fixturenames:
        return
    world = request.getfixturevalue("world")
    if world.fork is not None:
        if request.config.getoption("--orderings-record"):
            world.fork.record = {}
        try:
            sc.explored = explore(world, world.fork, request.config.getoption("--orderings"))
        finally:
            # what was covered, without the time (a trace is the same from run to run; the time is in a
            # failure's message and in `berserk-rules bench`)
            sc.fork = {k: v for k, v in world.fork.as_json().items() if k != "seconds"}
            sc.explored = world.fork.explored
    if METAMORPHIC in request.config.stash:
        _metamorphic(request, scenario, sc, world)


def _metamorphic(request: pytest.FixtureRequest, scenario: Any, sc: Scenario, plain: World) -> None:
    """--metamorphic: the scenario passed; play it again under every transformation that applies to it and
    that it does not exclude (harness/suite/metamorphic.py). The first one that does not pass raises."""
    from harness.suite.metamorphic import applicable, play, step_contexts

    only = request.config.getoption("--metamorphic-only")
    excluded = request.config.stash[METAMORPHIC].get(sc.id, {})
    edition = sc.id.split(":", 1)[0].split("/", 1)[0]
    route = request.config.getoption("--orderings")

    def new_world() -> World:
        world = World(adapter=plain.adapter)
        world.check_gate, world.record_replies = plain.check_gate, plain.record_replies
        return world

    contexts = step_contexts(request, scenario)
    for name in applicable(edition, excluded):
        if not only or name in only:
            play(request, scenario, name, new_world, lambda world, fork: explore(world, fork, route), contexts)


def _step_of(request: pytest.FixtureRequest, step: Any) -> Step | None:
    sc = request.node.stash.get(SCENARIO, None)
    if sc is None:
        return None
    return next((s for s in sc.steps if s.line == step.line_number and s.status == "skipped"), None)


def pytest_bdd_after_step(request: pytest.FixtureRequest, feature: Any, scenario: Any, step: Any,
                          step_func: Any, step_func_args: Any) -> None:
    s = _step_of(request, step)
    world = step_func_args.get("world") if isinstance(step_func_args, dict) else None
    if s:
        s.status = "passed"
        if world is not None and world.not_run:          # a check the engine cannot take (World.run_check)
            s.status, s.message, world.not_run = "notrun", world.not_run, None
    _trace(request, s)


def _trace(request: pytest.FixtureRequest, s: Step | None) -> None:
    """With --trace-dir: keep the canonical state after the step (the play-out of the scenario)."""
    rec = request.config.stash[RECORDER]
    sc = request.node.stash.get(SCENARIO, None)
    if sc is None or s is None or not rec.keeps_traces(request.config):
        return
    world = request.getfixturevalue("world")
    sc.trace.append({"keyword": s.keyword, "text": s.text, "line": s.line, "status": s.status,
                     "state": world.state or None})


def _fail(request: pytest.FixtureRequest, step: Any, exception: BaseException) -> None:
    sc = request.node.stash.get(SCENARIO, None)
    s = _step_of(request, step)
    if s:
        s.status = "failed"
        if s.check:
            s.message = str(exception) or type(exception).__name__
    if sc is not None and sc.error is None:
        sc.error, sc.failed_step = exception, s
    _trace(request, s)


def pytest_bdd_step_error(request: pytest.FixtureRequest, feature: Any, scenario: Any, step: Any, step_func: Any,
                          step_func_args: Any, exception: BaseException) -> None:
    _fail(request, step, exception)


def pytest_bdd_step_func_lookup_error(request: pytest.FixtureRequest, feature: Any, scenario: Any, step: Any,
                                      exception: BaseException) -> None:
    _fail(request, step, exception)


def classify(error: BaseException | None, needs: list[str] | None = None) -> tuple[str, str]:
    """The status of a scenario from the exception that stopped it (None: it passed).

    FAIL: the engine did not do what the rules say (a check failed, or it refused a legal request).
    ERROR: the scenario could not be carried out (bad board, unknown step, a harness problem).
    CRASH/TIMEOUT: the engine process misbehaved (protocol adapters); TIMEOUT also: an engine in this process
    did not end the scenario within --scenario-timeout (pytest_runtest_call). `needs`: what the scenario needs
    of an engine, every one declared (it started); None when not known (the claim is then not made)."""
    if error is None:
        return "PASS", ""
    if isinstance(error, NotApplicable):
        return "N/A", str(error)
    if isinstance(error, MetamorphicFailure):      # a scenario that passed plainly, under a transformation
        status, message = classify(error.cause, needs)
        return status, error.prefix() + message
    if isinstance(error, pytest.skip.Exception):
        return "SKIP", error.msg or "skipped"
    if isinstance(error, NotDeclared):    # an optional key not sent (MissingKey); a need the harness found undeclared
        return "SKIP", str(error)
    if isinstance(error, EngineUnsupported):
        # the scenario started, so the engine declares all it needs (edition, features, cards): a request inside
        # what it declares, refused as unsupported, is a failure — a capability cannot be declared and not held
        if needs is None:
            return "FAIL", f"declared, refused: {error}"
        return "FAIL", (f"declared, refused: {error} (the engine declares every capability this scenario needs: "
                        f"{', '.join(needs) or 'nothing beyond the minimal contract'})")
    if isinstance(error, AssertionError):
        return "FAIL", str(error) or "a check failed"
    if isinstance(error, EngineRefused):
        return "FAIL", f"the engine refused: {error}"
    if isinstance(error, EngineFault):
        return error.status, str(error)
    if isinstance(error, StepDefinitionNotFoundError):
        return "ERROR", f"no step of the vocabulary matches: {error}"
    if isinstance(error, InputError):
        return "ERROR", str(error)
    return "ERROR", f"{type(error).__name__}: {error}"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Any:
    """A scenario against an engine in this process (the reference engine, a mutant) runs under the
    --scenario-timeout limit too: an engine that never returns is interrupted (harness.common.timelimit) and
    the scenario ends as TIMEOUT, so the run goes on. Its orderings (explored after its last step) are
    inside the limit. An engine over the protocol has its own limits (harness.engines.protocol)."""
    limit = item.config.getoption("--scenario-timeout") or None
    if _template(item) is None or item.config.getoption("--engine-cmd") or not limit:
        yield
        return

    def timeout() -> EngineFault:
        return EngineFault("TIMEOUT", f"the scenario's time limit of {limit:g} s ran out (--scenario-timeout); the "
                                      f"engine runs in this process and was interrupted where it was")

    with time_limit(limit, timeout):
        yield


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo) -> Any:
    outcome = yield
    report = outcome.get_result()
    sc: Scenario | None = item.stash.get(SCENARIO, None)
    if sc is None and _template(item) is not None and call.when == "setup" and report.failed:
        tpl = _template(item)
        sc = Scenario(id=_result_id(item, tpl), name=_item_name(item, tpl),
                      feature=paths.display(Path(tpl.feature.filename)), line=tpl.line_number,
                      units=sorted(m.args[0] for m in item.iter_markers("unit")),
                      assumptions=sorted(m.args[0] for m in item.iter_markers("assumption")),
                      error=call.excinfo.value if call.excinfo else None)
        item.stash[SCENARIO] = sc
    if sc is None or sc.status is not None:
        return
    if call.when == "call" or (call.when == "setup" and report.failed):
        if sc.error is None and call.excinfo is not None:
            sc.error = call.excinfo.value
        sc.duration = time.perf_counter() - sc.started if sc.started else 0.0
        sc.status, sc.message = classify(sc.error, sc.needs)
        notrun = [s for s in sc.steps if s.status == "notrun"]
        if sc.status == "PASS" and notrun:
            sc.status = "PARTIAL"
            reasons = "; ".join(dict.fromkeys(s.message for s in notrun))
            sc.message = f"{len(notrun)} of {sum(1 for s in sc.steps if s.check)} checks not run: {reasons}"
        if sc.failed_step:
            sc.message = f"step «{sc.failed_step.keyword} {sc.failed_step.text}» (line {sc.failed_step.line}): " \
                + sc.message
        rec = item.config.stash[RECORDER]
        rec.scenarios[sc.id] = sc
        rec.order.append(sc.id)
        sc.index = item.stash.get(INDEX, len(rec.order))
        if isinstance(sc.error, EngineFault) and sc.error.at_start:
            rec.start_failed.append(sc.id)
            if _engine_gave_up(item, rec):
                return
        if is_worker(item.config):
            report.berserk_scenario = _payload(sc, rec.readings, rec.presumed)     # sent to the controller with the report (pytest-xdist)
        if rec.keeps_traces(item.config):
            rec.traces[sc.id] = trace_data(sc)
        if rec.trace_dir is not None:
            _write_trace(rec.trace_dir, sc)
        exp = rec.expectation(sc.id, sc.name)
        if sc.status in ("SKIP", "N/A") or (sc.status == "PARTIAL" and exp["status"] == "PASS"):
            # a missing capability is reported, never a failure (results.ScenarioResult.as_expected)
            report.outcome = "skipped"
            report.longrepr = (str(item.path), sc.line, f"Skipped: {sc.message}")
        elif sc.status == exp["status"] and exp["status"] != "PASS":
            # a declared known failure: reported like a strict xfail
            report.outcome = "skipped"
            report.wasxfail = f"expected {exp['status']}: {exp['reason']}"
            report.longrepr = None
        elif sc.status != exp["status"]:
            report.outcome = "failed"
            head = f"[{sc.id}] status {sc.status}, expected {exp['status']}"
            if exp["status"] != "PASS":
                head += f" ({exp['reason']})"
            report.longrepr = f"{head}\n{sc.message}" if sc.message else head


def _engine_gave_up(item: pytest.Item, rec: Recorder) -> bool:
    """One engine, one failure: when the engine could not be started (harness.engines.startup gave up), the
    scenarios of the failed starts get no result of their own (the engine never played them), the run stops
    here, and the one error (the command, the last failure, its stderr) is the run's `stopped`."""
    from harness.engines.startup import MAX_START_FAILURES

    adapter = item.config.stash.get(ENGINE, None)
    gave_up = getattr(adapter, "gave_up", None)
    if gave_up is None or is_worker(item.config):
        return False
    for sid in rec.start_failed[-MAX_START_FAILURES:]:
        rec.scenarios.pop(sid, None)
        rec.traces.pop(sid, None)
        if sid in rec.order:
            rec.order.remove(sid)
    rec.stopped = str(gave_up)
    item.session.shouldstop = "the engine could not be started"
    return True


# ------------------------------------------------------------------------------------------ pytest-xdist
INDEX = pytest.StashKey[int]()


def is_worker(config: pytest.Config) -> bool:
    """A pytest-xdist worker (`-n N`): it runs scenarios, the controller records them and writes reports."""
    return hasattr(config, "workerinput")


def _payload(sc: Scenario, rec_readings: dict[str, str], presumed: list[str]) -> dict[str, Any]:
    """What the controller needs of a scenario's result, as plain data (reports travel between processes)."""
    return {"id": sc.id, "name": sc.name, "feature": sc.feature, "line": sc.line, "units": list(sc.units),
            "assumptions": list(sc.assumptions), "status": sc.status, "message": sc.message,
            "duration": sc.duration, "explored": sc.explored, "fork": sc.fork, "index": sc.index,
            "missing": list(sc.missing), "readings": list(sc.readings), "held": dict(rec_readings),
            "presumed": list(presumed), "needs": sc.needs,
            "steps": [[s.keyword, s.text, s.line, s.status, s.check, s.message] for s in sc.steps]}


class WorkerResults:
    """On the controller of a pytest-xdist run: records the scenarios from the reports the workers send, and
    what they collected, so that one results.json (and junit.xml, index.html) covers every worker."""

    def __init__(self, rec: Recorder):
        self.rec = rec

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        data = getattr(report, "berserk_scenario", None)
        if not isinstance(data, dict) or data["id"] in self.rec.scenarios:
            return
        sc = Scenario(id=data["id"], name=data["name"], feature=data["feature"], line=data["line"],
                      units=list(data["units"]), assumptions=list(data["assumptions"]),
                      steps=[Step(*s) for s in data["steps"]], status=data["status"], message=data["message"],
                      duration=data["duration"], explored=data["explored"], fork=data.get("fork"),
                      index=data["index"], missing=list(data.get("missing", [])),
                      readings=list(data.get("readings", [])), needs=data.get("needs"))
        self.rec.scenarios[sc.id] = sc
        self.rec.order.append(sc.id)
        if data.get("held"):
            self.rec.readings = dict(data["held"])
            self.rec.presumed = list(data.get("presumed", []))

    @pytest.hookimpl(optionalhook=True)
    def pytest_testnodedown(self, node: Any, error: Any) -> None:
        self.rec.collected.update(getattr(node, "workeroutput", {}).get("berserk_collected", []))
        self.rec.collected_names.update(getattr(node, "workeroutput", {}).get("berserk_collected_names", {}))
        if not self.rec.unsliced:      # --shard: every worker collected the same suite, in the same order
            self.rec.unsliced = list(getattr(node, "workeroutput", {}).get("berserk_unsliced", []))


def trace_file_name(scenario_id: str) -> str:
    """A file name for a scenario's play-out: stable, filesystem-safe, unique per id."""
    return hashlib.sha256(scenario_id.encode()).hexdigest()[:16] + ".json"


def trace_data(sc: Scenario) -> dict[str, Any]:
    """A scenario's trace: what it is, how it ended, and every step with the canonical state after it."""
    return {"scenario": sc.id, "name": sc.name, "feature": sc.feature, "line": sc.line, "units": sc.units,
            "status": sc.status, "message": sc.message, "explored": sc.explored, "fork": sc.fork,
            "steps": sc.trace}


def _write_trace(trace_dir: Path, sc: Scenario) -> None:
    text = json.dumps(trace_data(sc), ensure_ascii=False, indent=1, allow_nan=False)
    atomic_write(trace_dir / trace_file_name(sc.id), text.encode("utf-8", errors="replace"))


def _results(rec: Recorder, interrupted: bool = False) -> Any:
    results = []
    review = _review_state()
    for sid in sorted(rec.order, key=lambda sid: rec.scenarios[sid].index):
        sc = rec.scenarios[sid]
        exp = rec.expectation(sid, sc.name)
        results.append(ScenarioResult(
            **_review_fields(review, sc.units, sid),
            scenario=sid, name=sc.name, feature=sc.feature, line=sc.line, units=sc.units,
            assumptions=sc.assumptions, status=sc.status or "ERROR", expected=exp["status"],
            reason=exp["reason"] if exp["status"] != "PASS" else "",
            message=sc.message if sc.status != "PASS" else "", duration_s=round(sc.duration, 6),
            steps=[StepRecord(s.keyword, s.text, s.line, s.status, s.check, s.message) for s in sc.steps],
            fork=fork_report(sc.fork) if sc.fork else None, missing=list(sc.missing), readings=list(sc.readings),
        ))
    run = RunInfo(engine=rec.engine_name, engine_version=rec.engine_version, protocol_version=PROTOCOL_VERSION,
                  suite_version=SUITE_VERSION, seed=0, started=utc_now(),
                  duration_s=round(time.time() - rec.started, 3),
                  edition_filter=rec.edition_filter, unit_filter=rec.unit_filter,
                  readings=dict(rec.readings), readings_presumed=list(rec.presumed) if rec.readings else [],
                  shard=_shard_info(rec.shard, rec.unsliced))
    stale = rec.stale()
    incomplete = interrupted or bool(rec.stopped)
    not_run = [sid for sid in dict.fromkeys(rec.selected) if sid not in rec.scenarios] if incomplete else []
    by = ""
    if interrupted:
        from harness.engines.process import signal_name

        by = signal_name(KeyboardInterrupt())
    return RunResults(run=run, results=results, stale_expectations=stale, interrupted=interrupted, not_run=not_run,
                      stopped=rec.stopped, interrupted_by=by)


def _shard_info(shard: tuple[int, int] | None, unsliced: list[str]) -> dict[str, Any]:
    """A slice's `run.shard`: which slice, of which suite, and the scenarios of the whole run in collection order
    (so `merge` gives the merged results the order of one run, and sees a scenario no slice has)."""
    if shard is None:
        return {}
    from harness.run.shards import suite_hash

    return {"index": shard[0], "count": shard[1], "suite": suite_hash(), "order": list(dict.fromkeys(unsliced))}


def _review_state() -> Any:
    """The review state of the rules in use (rules/, or --rules / $BERSERK_RULES_DIR) against their
    review.lock; None when it cannot be read (then results carry no review field)."""
    try:
        return current_state()
    except InputError:
        return None


def _review_fields(review: Any, units: list[str], scenario: str | None = None) -> dict[str, Any]:
    """`review` ("ok" | "needs_review") and `review_units` (units changed since `scenario` was last approved)
    of a scenario naming `units`; nothing when review is not tracked (no lock file)."""
    if review is None or not review.tracked:
        return {}
    state, pending = review.scenario_review(units, scenario)
    return {"review": state, "review_units": pending}


_SIGNALLED: list[bool] = []      # a signal (not a collection error, not a stop of the kit's) ended the session


def pytest_sessionstart(session: pytest.Session) -> None:
    from harness.run.step_lookup import forget

    _SIGNALLED.clear()          # a flag left by an earlier session of this process (mutants, lookup) is not ours
    forget()                    # nor are the step definitions it found (harness.run.step_lookup)


def pytest_keyboard_interrupt(excinfo: pytest.ExceptionInfo[BaseException]) -> None:
    """pytest reports every early end as a KeyboardInterrupt: a signal, but also errors during collection and
    a stop asked by a plugin (`session.shouldstop`, both `Session.Interrupted`); only a signal marks the run
    interrupted."""
    if not isinstance(excinfo.value, pytest.Session.Interrupted):
        _SIGNALLED.append(True)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    rec = session.config.stash.get(RECORDER, None)
    if rec is None:
        return
    if is_worker(session.config):
        # a pytest-xdist worker: its results went to the controller with each report; the controller alone
        # writes the reports. It also needs to know what was collected (for stale expectations).
        session.config.workeroutput["berserk_collected"] = sorted(rec.collected)  # type: ignore[attr-defined]
        session.config.workeroutput["berserk_collected_names"] = dict(rec.collected_names)  # type: ignore[attr-defined]
        session.config.workeroutput["berserk_unsliced"] = list(rec.unsliced)  # type: ignore[attr-defined]
        return
    interrupted = exitstatus == pytest.ExitCode.INTERRUPTED and bool(_SIGNALLED) and not rec.stopped
    _SIGNALLED.clear()
    if exitstatus == pytest.ExitCode.INTERRUPTED and not interrupted and not rec.stopped:
        return      # a collection error: nothing ran, so no results (never an empty «complete» run) and no reports
    session.config.stash[RESULTS] = _results(rec, interrupted)
    played = session.config.stash[RESULTS].summary()["played"]
    if rec.order and played < session.config.getoption("--min-played"):   # an all-SKIP run is not green
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
    failed = session.config.hook.pytest_berserk_results(config=session.config,
                                                        results=session.config.stash[RESULTS], traces=rec.traces)
    for message in failed:                     # a read-only folder, a full disk: said, never a traceback
        print(message, file=sys.stderr)
        session.exitstatus = pytest.ExitCode.USAGE_ERROR
    if failed:
        session.config.stash[REPORTS_FAILED] = list(failed)


RESULTS = pytest.StashKey[Any]()
REPORTS_FAILED = pytest.StashKey[list]()   # the scenarios ran, their reports could not be written (why, said above)
