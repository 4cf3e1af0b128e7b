"""Mechanical mutants (harness/quality/mechanical.py, `berserk-rules mutants --mechanical`), on a handful of
mutants: the rule operators mutate what they say, a mutant is applied in-process and always put back, one mutant
is killed by a «Тогда» check, one is killed otherwise (it crashes the engine), one survives — and is equivalent
once the register says so —, and two shards merged give the unsharded verdicts. The full run is a maintainer's
command (README, «Suite strength»)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("cosmic_ray", reason="the `mutation` extra is not installed (pip install -e '.[mutation]')")

from cosmic_ray.mutating import mutate_code  # noqa: E402

from harness.cli import main  # noqa: E402
from harness.quality import mechanical as M  # noqa: E402
from harness.quality.mechanical_ops import RULES  # noqa: E402

KILLED = "strike:open_target:+16:ReplaceComparisonOperator_LtE_Lt#0"    # a draw: «weak» up to 4, not below it
CRASHES = "strike:open_target:+6:NumberReplacer#0"                      # the table's key 4 → 5: a KeyError
# a compound ability is paid after its last part when some part was executed: `h["kind"] == "executed"` negated
# passes the two scenarios that reach it (a survivor; if a new scenario kills it, pick another survivor here)
SURVIVOR = "stack:StackAndPriority._after_fizzle:+15:ReplaceComparisonOperator_Eq_NotEq#0"


@pytest.mark.parametrize("name", sorted(RULES))
def test_rule_operators_do_what_they_say(name: str) -> None:
    op = RULES[name]()
    for example in op.examples():
        assert mutate_code(example.pre_mutation_code, op, example.occurrence) == example.post_mutation_code


def test_owner_controller_and_active_player_on_engine_code() -> None:
    """The rule operators find their positions in the engine: every `.owner`, every `self.controller(X)`, every
    read of `self.active` (not its assignment) and every `self.opponent(X)`."""
    generated = [m for module in ("turns", "targets") for m in M.generate(module)[0]]
    assert any(":rules/OwnerController#" in m.id for m in generated)
    active = [m for m in generated if ":rules/ActivePlayer#" in m.id and m.module == "turns"]
    source = (M.module_path("turns")).read_text(encoding="utf-8").splitlines()
    assert active and all("self.active = " not in source[m.line - 1].split("==")[0] or
                          "self.opponent" in source[m.line - 1] for m in active)


def test_an_id_counts_its_line_from_the_functions_def() -> None:
    """A mutant's id names its line relative to its function's `def` (`:+16:`), so code added above a function
    leaves the ids of its mutants, and the register of equivalents, as they were."""
    mutant = next(m for m in M.generate("strike")[0] if m.id == KILLED)
    source = M.module_path("strike").read_text(encoding="utf-8").splitlines()
    def_line = next(n for n, text in enumerate(source, 1) if text.startswith("def open_target("))
    assert mutant.line - def_line == 16 and KILLED.split(":")[2] == "+16"


def test_generated_mutants_have_stable_ids_and_clauses() -> None:
    mutants, left = M.generate("strike")
    ids = [m.id for m in mutants]
    assert len(ids) == len(set(ids)) and ids == [m.id for m in M.generate("strike")[0]]
    assert KILLED in ids and CRASHES in ids
    # its signatures' annotations, and «not» added to `d == 0` (the same mutant as `d != 0`): not generated
    assert set(left) == {"message, annotation or signature",
                         "duplicate: «not» added to a condition another operator negates already"}
    # the strike table is a declared assumption (its module docstring); no mutant without a clause here
    assert {m.clause for m in mutants} <= {"asm:strike-table", "asm:exchange-choice", "classic:503.1.b13"}
    shards = [M.select(["strike"], (k, 3))[0] for k in (1, 2, 3)]
    assert sorted(m.id for s in shards for m in s) == sorted(ids)


def test_a_mutant_is_put_back_whatever_happens() -> None:
    from engine import strike

    mutant = next(m for m in M.generate("strike")[0] if m.id == KILLED)
    original = strike.open_target.__code__
    assert strike.open_target(4, 4) == ("weak", None)
    with pytest.raises(RuntimeError), M.applied(mutant):
        assert strike.open_target(4, 4) == (None, "weak")        # the mutated threshold: 4 < 4 is false
        raise RuntimeError("a scenario blew up")
    assert strike.open_target.__code__ is original and strike.open_target(4, 4) == ("weak", None)


def test_clause_of_a_line() -> None:
    lines = ['def f():', '    """Classic 536.2: the target resolution step."""', '    x = 1',
             '    # heroes 113.3.dup2: paid before', '    if x:', '        pass']
    assert M.clause_of(lines, 5, 1, [(2, 2)]) == "heroes:113.3.dup2"
    assert M.clause_of(lines, 3, 1, [(2, 2)]) == "classic:536.2"


def test_register_problems_name_the_line(tmp_path: Path) -> None:
    bad = tmp_path / "eq.yaml"
    bad.write_text("equivalents:\n  - id: strike:x:1:AddNot#0\n    reason: short\n  - reason: no id here at all, "
                   "so it cannot be matched\n", encoding="utf-8")
    found, problems = M.load_equivalents(bad)
    assert not found and len(problems) == 2
    assert ":2:" in problems[0] and "reason" in problems[0] and ":4:" in problems[1] and "id" in problems[1]


def test_the_register_in_the_repository_is_sound() -> None:
    found, problems = M.load_equivalents()
    assert problems == []
    generated = {m.id for module in {e.id.split(":", 1)[0] for e in found.values()} for m in M.generate(module)[0]}
    assert [e.id for e in found.values() if e.id not in generated] == []      # no stale entry


@pytest.fixture(scope="module")
def sample_runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    """The sample of three mutants run whole (an empty register), and in two shards with the survivor declared
    equivalent in a register of the test's own."""
    tmp = tmp_path_factory.mktemp("mechanical")
    empty = tmp / "none.yaml"
    empty.write_text("equivalents: []\n", encoding="utf-8")
    modules = ["strike", "stack"]
    by_id = {m.id: m for module in modules for m in M.generate(module)[0]}
    sample = [by_id[KILLED], by_id[CRASHES], by_id[SURVIVOR]]
    whole = M.run(modules, mutants=sample, equivalents_path=empty)
    register = tmp / "eq.yaml"
    register.write_text(f"equivalents:\n  - id: {SURVIVOR}\n    reason: 'the test''s own register, where this mutant "
                        "is declared equivalent to see it counted so'\n", encoding="utf-8")
    shards = [M.run(modules, (k, 2), mutants=sample, equivalents_path=register) for k in (1, 2)]
    files = []
    for k, r in enumerate(shards, 1):
        f = tmp / f"shard{k}.json"
        f.write_text(json.dumps(r.to_json(), ensure_ascii=False), encoding="utf-8")
        files.append(str(f))
    return {"whole": whole, "shards": shards, "files": files}


def test_killed_by_check_otherwise_and_survivor(sample_runs: dict) -> None:
    whole = sample_runs["whole"]
    assert whole.error is None and whole.control_failures == []
    status = {o.id: o for o in whole.outcomes}
    assert status[KILLED].status == M.KILLED_CHECK and "«Тогда»" in status[KILLED].killer
    assert status[CRASHES].status == M.KILLED_ERROR and "ERROR" in status[CRASHES].killer
    assert status[SURVIVOR].status == M.SURVIVED and status[SURVIVOR].scenarios == status[SURVIVOR].reached_by > 0
    assert status[SURVIVOR].mutated == 'executed = any(h["kind"] != "executed" and h["parent"] == entry.declared ' \
        'for h in self.history)'
    c = whole.counts()
    assert (c["mutants"], c[M.KILLED_CHECK], c["score"]) == (3, 1, round(1 / 3, 4))


def test_shards_merged_equal_the_whole_run(sample_runs: dict, capsys: pytest.CaptureFixture[str]) -> None:
    whole, shards = sample_runs["whole"], sample_runs["shards"]
    assert [len(s.outcomes) for s in shards] == [2, 1] and [s.register_problems for s in shards] == [[], []]
    merged = M.merge(shards)
    expected = {o.id: (M.EQUIVALENT if o.id == SURVIVOR else o.status) for o in whole.outcomes}
    assert {o.id: o.status for o in merged.outcomes} == expected
    assert merged.counts()["equivalent"] == 1 and merged.counts()["score"] == 0.5
    # the same through the command line
    assert main(["mutants", "--merge", *sample_runs["files"], "--json"]) == 1       # 50 % < the target
    data = json.loads(capsys.readouterr().out)
    assert data["totals"]["mutants"] == 3 and data["totals"]["equivalent"] == 1
    with pytest.raises(ValueError, match="two of the shards"):
        M.merge([shards[0], shards[0]])


def test_changed_and_bad_shard(capsys: pytest.CaptureFixture[str]) -> None:
    """--changed with no rules module changed since HEAD~0 of a clean engine runs nothing; a bad --shard is said."""
    assert M.changed_modules("HEAD") == [] or all(m in M.RULES_MODULES for m in M.changed_modules("HEAD"))
    with pytest.raises(ValueError, match="K/N"):
        M.parse_shard("5/4")
    assert main(["mutants", "--mechanical", "--shard", "0/4"]) == 2
    assert "--shard" in capsys.readouterr().err
    with pytest.raises(ValueError, match="not a rules module"):
        M.select(["canonical"])


# the heroes Queue read as first-in-first-out (the reading heroes-queue=fifo) takes the last entry instead of the
# first: only the scenarios of that reading can see it
FIFO = "stack:StackAndPriority.next_entry:+7:NumberReplacer#1"
# a mutant that grows a list without end (the first line of `open_target` replaced by the loop): it fills the memory
GROWS = CRASHES


def test_memory_filled_or_a_runner_failure_ends_the_mutant_as_an_error() -> None:
    """A mutant that fills the memory ends its scenario in a MemoryError under a small cap (its ERROR: killed by an
    error, and played no further), the cap is lifted after it, and the next mutants are played as if it had not
    been; an exception in the runner's own code in the middle of a scenario (fixtures left set up) ends that
    mutant as killed by an error too, and the run goes on: the mutants after it are still killed by their checks —
    one of them in the code of a reading other than the default, which only that reading's scenarios reach.

    Played in a process of its own (`_memory_filled_case`): the case fills the memory up to a cap on the address
    space, and a process that fails there must fail this test with what it printed, never take a pytest-xdist
    worker down with it (seen once in CI: the worker crashed here, and xdist, replacing it, hung until CI's time
    limit)."""
    import subprocess
    import sys

    here = Path(__file__).parent
    code = f"import sys; sys.path.insert(0, {str(here)!r}); import test_mechanical; test_mechanical._memory_filled_case()"
    done = subprocess.run([sys.executable, "-c", code], cwd=here.parent, capture_output=True, text=True,
                          encoding="utf-8", errors="replace", timeout=480)  # under pytest-timeout's 600 s
    assert done.returncode == 0, f"exit {done.returncode}\n{done.stdout[-4000:]}\n{done.stderr[-8000:]}"
    assert done.stdout.strip().endswith("memory case: ok"), done.stdout[-4000:]


def _memory_filled_case() -> None:
    """The case of the test above, in the process that runs it (the module's patches are never undone: the
    process ends after it). The memory watch raises from a signal handler: when the signal lands inside a garbage
    collector's callback, Python reports that raise as unraisable and goes on, and the next look raises again
    outside it; that report on standard error is expected here."""
    import resource

    before = resource.getrlimit(resource.RLIMIT_AS)
    M.MEMORY_HEADROOM = 200 << 20
    original = M.mutated_source

    def source(m: M.Mutant) -> str:
        text = original(m)
        if m.id == GROWS:
            line = "    d = attacker_roll - defender_roll\n"
            assert line in text
            text = text.replace(line, "    grown = []\n    while True:\n        grown.append([0] * 50)\n", 1)
        return text

    by_id = {m.id: m for module in ("strike", "stack") for m in M.generate(module)[0]}
    # a mutant during whose scenario the runner's own code fails, its fixtures left set up
    runner_fails = by_id[SURVIVOR]

    played = M._Loop._play

    def play(self: M._Loop, item: Any, nextitem: Any) -> tuple[bool, str, Any]:
        if self.current is runner_fails:
            item._initrequest()                           # as pytest's runtestprotocol does, then the setup alone
            item.session._setupstate.setup(item)
            raise MemoryError("the runner's own code ran out of memory")
        return played(self, item, nextitem)

    M.mutated_source = source                        # type: ignore[assignment]
    M._Loop._play = play                              # type: ignore[method-assign]
    empty_register = Path(__file__).parent / "no-such-register.yaml"
    report = M.run(["strike", "stack"], mutants=[by_id[GROWS], runner_fails, by_id[KILLED], by_id[FIFO]],
                   equivalents_path=empty_register)
    assert resource.getrlimit(resource.RLIMIT_AS) == before
    assert report.error is None and report.control_failures == []
    status = {o.id: o for o in report.outcomes}
    grows, fails, killed = status[GROWS], status[runner_fails.id], status[KILLED]
    assert grows.status == M.KILLED_ERROR and "MemoryError" in grows.killer and grows.scenarios == 1
    assert "stopped at its MemoryError" in grows.note
    assert fails.status == M.KILLED_ERROR and "ERROR in the runner: MemoryError" in fails.killer
    assert fails.scenarios == 1
    assert killed.status == M.KILLED_CHECK and "«Тогда»" in killed.killer
    # the code of a reading other than the default is reached by the scenarios of that reading, played under it
    fifo = status[FIFO]
    assert fifo.reached_by > 0 and fifo.status == M.KILLED_CHECK, fifo
    print("memory case: ok")
