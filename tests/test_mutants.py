"""Suite strength (harness/quality/mutation.py, harness/quality/mutants/): every mutant engine — the reference
engine with one plausible mistake — fails each of three scenarios `KILLS` declares for it, spread over its list
(`mutants --declared --killers --sample 3`: only those scenarios are played, in-process, many mutants to a pytest
session; without `--sample` every declared killer is played); the table covers every mutant. That no other scenario of their units kills it is `mutants --declared`; the whole suite against every
mutant (the kill rate, and KILLS rewritten) is `berserk-rules mutants --write-kills`, a maintainer's command."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from fake_engines.suite import MUTANTS as MUTANTS_MODULE

from harness.common import paths
from harness.quality.mutation import (
    KILLS,
    Killer,
    MutantRun,
    MutationReport,
    declared_units,
    engine_cmd,
    mutants,
    reads,
    resolve,
    resolve_id,
    sample_killers,
    sentence_table,
    short_name,
)
from harness.suite.features import scan_features

NAMES = list(mutants())
SCENARIOS = scan_features(paths.FEATURES, root=paths.ROOT)
CLI = [sys.executable, "-X", "utf8", "-m", "harness.cli"]


SAMPLE = 3     # killers played per mutant here (`--sample`); `mutants --declared --killers` plays every one


@pytest.fixture(scope="module")
def declared_run() -> dict[str, dict]:
    """`berserk-rules mutants --declared --killers --sample 3 --json`: each mutant on three of its declared killers,
    spread over its list (KILLS lists every killer a full run found: 4,089 plays for 447 mutants; the sample is
    1,230, each mutant on ≥ 2 scenarios where KILLS names them)."""
    # 8 s on 2 cores, quiet (the bound is for a busy machine, never a target)
    proc = subprocess.run([*CLI, "mutants", "--declared", "--killers", "--sample", str(SAMPLE), "--json"],
                          capture_output=True, text=True, encoding="utf-8", cwd=paths.ROOT, timeout=900)
    assert proc.returncode in (0, 1), proc.stderr
    data = json.loads(proc.stdout)
    assert data["mode"] == "killers" and data["sample"] == SAMPLE and data["reference"] is None
    assert {run["route"] for run in data["runs"]} == {"in-process"}
    return {run["name"]: run for run in data["runs"]}


# ------------------------------------------------------------------------------------------ the table
def test_there_are_at_least_twelve_mutants_each_with_its_mistake() -> None:
    assert len(NAMES) >= 12
    for name, mistake in mutants().items():
        assert len(mistake) > 20, f"mutant {name}: say its mistake in its docstring"


def test_the_table_declares_the_killers_of_every_registered_mutant() -> None:
    assert sorted(KILLS) == NAMES, "harness/quality/mutation.py KILLS must name every mutant of harness/quality/mutants.py"
    assert all(KILLS[name] for name in NAMES), [name for name in NAMES if not KILLS[name]]


# ------------------------------------------------------------------------------------------ sentences → mutants
def test_every_sentence_is_read_by_a_mutant_or_says_why_not() -> None:
    """The method of «one mutant per rule-stating sentence»: each sentence of the corpus has a mutant, or is
    declared to state no rule, or to have none yet (harness/quality/mutation.py NO_RULE, NO_MUTANT_YET); every
    reference names a sentence that exists."""
    rows, problems = sentence_table()
    assert not problems, "\n".join(problems)
    assert sum(1 for r in rows if r.status == "mutant") >= 120


def test_every_mutant_names_what_it_misreads() -> None:
    table = reads()
    assert sorted(table) == NAMES
    for name, refs in table.items():
        assert refs, f"mutant {name} names no sentence or assumption"
        assert all(r.startswith("asm:") or "#" in r for r in refs), (name, refs)


# the sentences issue 26 part 6 named as having no mutant: each has one now
ISSUE_26_SENTENCES = (
    "classic:536.1.1#1", "classic:538.1.b2#1", "classic:538.3#1", "classic:537.1.a#1", "classic:537.1.b#1",
    "classic:537.1.g#1", "classic:536.2.a#1", "classic:537.2#2", "classic:503.1.p1#1", "heroes:113.1#1",
    "heroes:114.1#1", "heroes:114.1#2", "heroes:115.1.p1#1", "heroes:115.3#1", "heroes:115.3#2",
)


def test_the_sentences_the_issue_named_have_their_mutants() -> None:
    rows = {r.ref: r for r in sentence_table()[0]}
    assert {ref: rows[ref].mutants for ref in ISSUE_26_SENTENCES if not rows[ref].mutants} == {}


def test_the_sentences_listing_of_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    from harness.cli import main

    code = main(["mutants", "--sentences", "--json"])       # in this process: its exit code and its output
    out, err = capsys.readouterr()
    assert code == 0, err
    data = json.loads(out)
    assert data["problems"] == []
    by_ref = {row["sentence"]: row for row in data["sentences"]}
    assert "participle-effect2-fires-nothing" in by_ref["classic:538.3#1"]["mutants"]
    assert by_ref["classic:503.1#3"]["status"] == "no rule"


@pytest.mark.parametrize("name", NAMES)
def test_every_declared_killer_is_one_scenario_of_the_suite(name: str) -> None:
    for ref in KILLS[name]:
        assert short_name(resolve_id(ref, SCENARIOS)) == ref


@pytest.mark.parametrize("name", NAMES)
def test_the_mutant_fails_each_of_its_declared_scenarios(declared_run: dict[str, dict], name: str) -> None:
    run = declared_run[name]
    assert run["error"] is None, run["error"]
    got = sorted(k["name"] for k in run["killers"])
    details = "\n".join(f"  {k['name']} {k['status']}: {k['message']}" for k in run["killers"])
    assert run["killed"], f"mutant {name} survived the scenarios of {run['units']}: a gap in the suite"
    sample = sample_killers(KILLS[name], SAMPLE)
    assert got == sample, (
        f"mutant {name} ({run['mistake']}) on {run['units']}:\n{details}\n"
        f"declared, did not kill: {run['missed']} "
        "(update KILLS in harness/quality/mutation.py after checking that the scenarios are right)")


# ------------------------------------------------------------------------------------------ units
def test_short_names_and_their_resolution() -> None:
    assert short_name("classic/113-срабатывающая-особенность::[113.2.ex1-1] Мститель …") == "classic [113.2.ex1-1]"
    assert short_name("heroes/x::без тега") == "heroes/x::без тега"
    assert resolve("heroes [113.6.ex1-3]", SCENARIOS).feature.endswith("113-срабатывающая-способность.feature")
    with pytest.raises(LookupError, match="names 0 scenarios"):
        resolve("classic [999-1]", SCENARIOS)
    # an example row of an outline has a tag of its own («[503.1.b13-<n>]»): the outline, and the row's id
    row = resolve("classic [503.1.b13-22]", SCENARIOS)
    assert row.outline and row.name.startswith("[503.1.b13-<n>]")
    assert short_name(resolve_id("classic [503.1.b13-22]", SCENARIOS)) == "classic [503.1.b13-22]"


def test_killers_goes_with_declared_in_process(capsys: pytest.CaptureFixture[str]) -> None:
    from harness.cli import main

    for args in (["mutants", "--killers"], ["mutants", "--declared", "--killers", "--protocol"]):
        assert main(args) == 2
        assert "--killers goes with --declared, in-process" in capsys.readouterr().err
    assert main(["mutants", "--declared", "--sample", "3"]) == 2
    assert "--sample goes with --declared --killers" in capsys.readouterr().err


def test_a_sample_of_killers_is_spread_over_the_sorted_list() -> None:
    refs = [f"classic [1-{i}]" for i in range(10)]            # sorted: 1-0, 1-1, 1-2, … 1-9
    assert sample_killers(refs, 3) == ["classic [1-0]", "classic [1-4]", "classic [1-9]"]
    assert sample_killers(refs[:2], 3) == sorted(refs[:2])       # no more than the sample: all of them
    assert sample_killers(list(reversed(refs)), 1) == ["classic [1-0]"]
    assert sample_killers(refs, 0) == sorted(refs)
    assert sum(len(sample_killers(KILLS[n], SAMPLE)) for n in NAMES) < sum(len(KILLS[n]) for n in NAMES) / 2


def test_the_filters_of_a_declared_run_select_few_scenarios() -> None:
    """The unit that selects the fewest scenarios, the Правило's unit among equals."""
    assert declared_units(["classic [503.1.b11-1]"], SCENARIOS) == ["classic:503.1.b11"]
    assert declared_units(["heroes [115.4-1]", "heroes [115.4-2]"], SCENARIOS) == ["heroes:115.4"]


def test_the_report_verdicts() -> None:
    def run(name: str, *killers: str, declared: tuple[str, ...] = ()) -> MutantRun:
        return MutantRun(name, "m", [], 3, [Killer(f"classic/f::[{k}] x", "FAIL", "") for k in killers],
                         declared=list(declared))

    control = run("reference")
    killed, survivor = run("a", "1-1", declared=("classic [1-1]",)), run("b")
    report = MutationReport(False, 2, control, [killed, survivor], 1.0)
    assert (report.killed, report.kill_rate, report.ok, [r.name for r in report.survivors]) == (1, 0.5, False, ["b"])
    assert MutationReport(False, 2, control, [killed], 1.0).ok
    assert not MutationReport(False, 2, run("reference", "2-1"), [killed], 1.0).ok   # a red control run
    extra = run("c", "1-1", "2-1", declared=("classic [1-1]",))
    assert extra.undeclared == ["classic [2-1]"] and extra.missed == []
    assert MutationReport(False, 1, control, [extra], 1.0).ok                    # a full run only notes it
    assert not MutationReport(True, 1, None, [extra], 1.0).ok                    # a declared run fails on it
    assert json.loads(json.dumps(report.to_json()))["survived"] == ["b"]


def test_a_mutant_is_served_and_listed() -> None:
    assert " ".join(MUTANTS_MODULE) in engine_cmd(NAMES[0])
    listed = subprocess.run([sys.executable, *MUTANTS_MODULE, "--list"], capture_output=True, text=True,
                            encoding="utf-8", timeout=60)
    assert listed.returncode == 0 and [line.split("\t")[0] for line in listed.stdout.splitlines()] == NAMES
    unknown = subprocess.run([sys.executable, *MUTANTS_MODULE, "no-such"], capture_output=True, text=True,
                             encoding="utf-8", timeout=60)
    assert unknown.returncode == 2 and "usage" in unknown.stderr


def test_the_command_refuses_an_unknown_mutant(capsys: pytest.CaptureFixture[str]) -> None:
    from harness.cli import main

    code = main(["mutants", "--only", "no-such-mutant"])     # in this process: its exit code and its output
    assert code == 2 and "no mutant no-such-mutant" in capsys.readouterr().err


# ------------------------------------------------------------------------------------------ the two routes
def test_a_mutant_runs_in_process_as_its_own_game_class() -> None:
    from harness.quality.mutation import InProcessMutant, _mutants_module_cached

    adapter = InProcessMutant("stack-fifo").berserk_rules_adapter()
    board = {"edition": "classic", "turn": 1, "active": "А", "players": ["А", "Б"], "cards": [], "effects": []}
    adapter.setup(board, {})
    assert type(adapter._game) is _mutants_module_cached().MUTANTS["stack-fifo"]
    assert adapter.name == "mutant stack-fifo"
    reference = InProcessMutant("reference").berserk_rules_adapter()
    reference.setup(board, {})
    assert type(reference._game).__name__ == "Game" and reference.name != adapter.name


def test_the_protocol_route_still_kills_a_mutant_served_as_a_process() -> None:
    """The route of engines that are processes: one mutant served over the protocol, on its declared units,
    fails exactly the scenarios the table declares — as every mutant does in-process (the declared run)."""
    name = "stack-fifo"
    proc = subprocess.run([*CLI, "mutants", "--declared", "--protocol", "--json", "--only", name],
                          capture_output=True, text=True, encoding="utf-8", cwd=paths.ROOT, timeout=600)
    assert proc.returncode == 0, proc.stderr
    (run,) = json.loads(proc.stdout)["runs"]
    assert run["route"] == "protocol" and run["error"] is None
    assert sorted(k["name"] for k in run["killers"]) == sorted(KILLS[name])


def test_a_kill_is_classified_by_the_keyword_of_the_failing_step() -> None:
    """A kill counts as a «Тогда» check when the failing step is a «Тогда» (or an «И» after one); a failing
    «Дано»/«Когда» step is a driver kill; an ERROR, a CRASH or an unexpected pass is neither."""
    from harness.quality.mutation import kill_kind
    from harness.run.results import ScenarioResult, StepRecord

    def result(status: str, failing: list[tuple[str, str]]) -> ScenarioResult:
        steps = [StepRecord(kw, "x", i + 1, st) for i, (kw, st) in enumerate(failing)]
        return ScenarioResult("classic/f::[1-1] x", "x", "f", 1, [], [], status,
                              message="" if status == "PASS" else "m", steps=steps)

    assert kill_kind(result("FAIL", [("Когда", "passed"), ("Тогда", "passed"), ("И", "failed")])) == "then"
    assert kill_kind(result("FAIL", [("Тогда", "passed"), ("Когда", "passed"), ("И", "failed")])) == "driver"
    assert kill_kind(result("FAIL", [("Дано", "failed")])) == "driver"
    assert kill_kind(result("ERROR", [("Дано", "failed")])) == "other"
    run = MutantRun("m", "m", [], 2, [Killer("classic/f::[1-1] x", "FAIL", "", "then"),
                                      Killer("classic/f::[1-2] x", "FAIL", "", "driver")])
    assert [k.short for k in run.then_killers] == ["classic [1-1]"]


def test_the_kills_table_is_written_in_its_own_form() -> None:
    """`berserk-rules mutants --write-kills` writes `kills_source` of a full run into mutation.py: for today's table
    it gives back the very text of the file, so a rewrite changes only what the run found."""
    from harness.quality.mutation import KILLS_LINE, kills_source

    text = (paths.ROOT / "harness" / "quality" / "mutation.py").read_text("utf-8")
    body = kills_source(KILLS)
    assert "KILLS: dict[str, tuple[str, ...]] = {\n" + body + "\n}\n" in text
    assert all(len(line) <= KILLS_LINE for line in body.splitlines())
    namespace: dict = {}
    exec("KILLS = {\n" + body + "\n}", namespace)  # noqa: S102 - the generated table is Python
    assert namespace["KILLS"] == {name: tuple(sorted(refs)) for name, refs in KILLS.items()}


def test_a_full_run_rewrites_the_kills_table(tmp_path) -> None:
    """A report where each mutant was killed by the first scenario of its entry: the copy's table says exactly that,
    and the rest of the file is untouched."""
    from harness.quality.mutation import MutantRun, MutationReport, write_kills

    source = paths.ROOT / "harness" / "quality" / "mutation.py"
    copy = tmp_path / "mutation.py"
    copy.write_text(source.read_text("utf-8"), "utf-8")
    runs = []
    for name in NAMES:
        first = resolve_id(KILLS[name][0], SCENARIOS)
        runs.append(MutantRun(name=name, mistake="", units=[], declared=[], killers=[Killer(first, "FAIL", "", "then")]))
    write_kills(MutationReport(declared=False, jobs=1, reference=None, runs=runs, duration_s=0.0), copy)
    def parts(text: str) -> tuple[str, str, str]:
        start = text.index("KILLS: dict")
        end = text.index("\n}\n", start) + 3
        return text[:start], text[start:end], text[end:]

    head, table, tail = parts(copy.read_text("utf-8"))
    namespace: dict = {}
    exec(table.replace("KILLS: dict[str, tuple[str, ...]]", "KILLS"), namespace)  # noqa: S102
    assert namespace["KILLS"] == {name: (KILLS[name][0],) for name in NAMES}
    old_head, _, old_tail = parts(source.read_text("utf-8"))
    assert (head, tail) == (old_head, old_tail)          # only the table changed


def test_the_kills_table_is_not_written_from_a_partial_run() -> None:
    from harness.quality.mutation import MutationReport, write_kills

    with pytest.raises(ValueError, match="full run"):
        write_kills(MutationReport(declared=True, jobs=1, reference=None, runs=[], duration_s=0.0))
    with pytest.raises(ValueError, match="every mutant"):
        write_kills(MutationReport(declared=False, jobs=1, reference=None, runs=[], duration_s=0.0))
