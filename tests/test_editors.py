"""Issue 27, rules editors: a change of meaning cannot slip through, a typo costs nothing.

Selecting a section (`--unit classic:113`), plain `units`/`coverage` in a log, lint for people, change
classes in `diff`, approval per scenario against the unit's hash, the `Правило:` heading that must follow
its unit (S032), and pre-commit guarding the repository it runs in (tests/test_precommit.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from verbs import run_verb

from harness.common import paths
from harness.rules.corpus import load_corpus
from harness.suite.features import scan_features

ROOT = paths.ROOT
CLI = [sys.executable, "-m", "harness.cli"]


def _cli(*args: str, cwd: Path = ROOT, input: str | None = None, **env: str) -> subprocess.CompletedProcess[str]:
    """The command line off a terminal (plain output), as in a log: in this process (`tests/verbs.py`), on the
    kit or on the copy ``BERSERK_RULES_ROOT`` names (as ``--root``); a subprocess where the test sets another
    variable of the environment (``FORCE_COLOR``)."""
    if cwd == ROOT and set(env) <= {"BERSERK_RULES_ROOT"}:
        root = env.get("BERSERK_RULES_ROOT")
        return run_verb(*args, root=Path(root) if root else None, input=input)
    environ = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "BERSERK_RULES_DIR")}
    return subprocess.run([*CLI, *args], cwd=cwd, capture_output=True, text=True, encoding="utf-8", input=input,
                          env=dict(environ, PYTHONUTF8="1", **env), timeout=300)


# ------------------------------------------------------------------------------------------ 5. sections
def test_a_section_a_clause_and_an_edition_section_select_every_unit_under_them() -> None:
    corpus = load_corpus(paths.RULES, root=ROOT)
    section = [u.id for u in corpus.under("classic:113")]
    assert section == [u.id for u in corpus.units if u.edition == "classic" and u.section == "113"]
    bullets = [u.id for u in corpus.under("classic:503.1")]
    assert bullets[0] == "classic:503.1" and len([b for b in bullets if ".b" in b]) == 19
    assert "classic:503.10" not in bullets and all(b == "classic:503.1" or b.startswith("classic:503.1.") for b in bullets)
    heroes = [u.id for u in corpus.under("heroes:113")]
    assert "heroes:113.3.dup2" in heroes and not any(h.startswith("heroes:114") for h in heroes)
    assert corpus.selector_problem("classic:113") is None
    assert "unknown prefix «cl:»" in (corpus.selector_problem("cl:113") or "")
    assert "did you mean classic:113.2 or heroes:113.2" in (corpus.selector_problem("113.2") or "")
    assert "sections of classic: 113, 503, 536, 537, 538" in (corpus.selector_problem("classic:999") or "")


def test_check_unit_classic_113_runs_section_113(tmp_path: Path) -> None:
    proc = _cli("check", "--unit", "classic:113", "--report-dir", str(tmp_path))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    ran = json.loads((tmp_path / "results.json").read_text(encoding="utf-8"))["results"]
    wanted = {s.id for s in scan_features(paths.FEATURES, root=ROOT)
              if any(u == "classic:113" or u.startswith("classic:113.") for u in s.units)}
    assert {r["scenario"] for r in ran} == wanted and len(wanted) > 20
    assert all(any(u.startswith("classic:113.") for u in r["units"]) for r in ran)


def test_an_unknown_prefix_is_a_clear_error_in_every_verb_with_unit() -> None:
    for verb in (["check"], ["units"]):
        proc = _cli(*verb, "--unit", "clasic:113")
        assert proc.returncode == 2
        root, *error = proc.stderr.splitlines()          # the first line names the suite (harness/common/paths.py)
        assert root.startswith(f"berserk-rules {verb[0]}: suite: ")
        assert error == ["--unit: clasic:113: unknown prefix «clasic:» (expected classic:, heroes: or asm:)"]
    assert _cli("check", "--unit", "asm:nothing-like-it").stderr.splitlines()[1:] == \
        ["--unit: asm:nothing-like-it names no assumption of rules/assumptions.yaml"]


def test_units_takes_a_section_too() -> None:
    proc = _cli("units", "--unit", "classic:503.1", "--json")
    ids = [u["id"] for u in json.loads(proc.stdout)]
    assert ids[0] == "classic:503.1" and [i for i in ids if ".b" in i] == [f"classic:503.1.b{n}" for n in range(1, 20)]


# ------------------------------------------------------------------------------------------ 6. logs
BOX = set("─│┌┐└┘├┤┬┴┼━┃┏┓┗┛╭╮╯╰╇╈┡┩")


def test_units_and_coverage_print_plain_lines_in_a_log(tmp_path: Path) -> None:
    units = _cli("units")
    assert units.returncode == 0 and not BOX & set(units.stdout)
    first = units.stdout.splitlines()[0]
    assert first.startswith("rules/classic-113.txt:") and " classic:113.1 clause, " in first
    assert units.stdout.splitlines()[-1] == f"{len(load_corpus(paths.RULES, root=ROOT).units)} rule units"
    check = _cli("check", "--unit", "classic:113.2.ex1", "--report-dir", str(tmp_path))
    assert check.returncode == 0
    coverage = _cli("coverage", "--results", str(tmp_path / "results.json"))
    assert coverage.returncode == 0 and not BOX & set(coverage.stdout)
    assert any(line.startswith("classic:113.2.ex1 example: ") and "passing" in line
               for line in coverage.stdout.splitlines())
    # on a terminal (FORCE_COLOR) the table keeps its borders
    assert BOX & set(_cli("units", "--unit", "classic:113.1", FORCE_COLOR="1").stdout)


# ------------------------------------------------------------------------------------------ 4. lint for people
def test_lint_prints_errors_first_hides_info_and_counts_each_level(tmp_path: Path) -> None:
    import shutil

    kit = tmp_path / "kit"
    for folder in ("rules", "features", "scenarios", "catalog", "expectations"):
        shutil.copytree(ROOT / folder, kit / folder)
    feature = next((kit / "features" / "classic").glob("113-*.feature"))
    feature.write_text(feature.read_text(encoding="utf-8") + "\n  Сценарий: [zz-1] ничего\n    @wip\n",
                       encoding="utf-8")
    proc = _cli("lint", BERSERK_RULES_ROOT=str(kit))
    lines = proc.stdout.splitlines()
    severities = [line.split(": ", 1)[1].split(" ", 1)[0] for line in lines[:-1]]
    assert proc.returncode == 1 and "error" in severities and "warning" in severities
    assert severities == sorted(severities, key=["error", "warning", "info"].index)   # errors first
    assert "info" not in severities                                                   # info only with -v
    counts = lines[-1]
    assert " error(s), " in counts and " warning(s), " in counts and "info(s)" in counts and "-v shows them" in counts
    verbose = _cli("lint", "-v", BERSERK_RULES_ROOT=str(kit)).stdout.splitlines()
    assert any(": info R010 " in line for line in verbose) and len(verbose) > len(lines)


def test_lint_names_the_likely_number_of_heroes_stray_113_3() -> None:
    proc = _cli("lint", "rules/heroes-113-115.txt")
    r002 = next(line for line in proc.stdout.splitlines() if " R002 " in line)
    assert r002.startswith("rules/heroes-113-115.txt:29: warning R002 duplicate-number: 113.3 is used twice")
    assert "most likely 114.2: it stands right after 114.1 (line 25) under «Активируемая способность.» " \
           "(section 114), and no clause has the number 114.2" in r002


def test_the_likely_number_is_not_guessed_when_it_is_taken() -> None:
    from harness.quality.lint import lint_rules_text

    text = "113. Раздел.\n113.1. Первый.\n113.2. Второй.\n113.1. Снова первый.\n113.3. Третий.\n"
    found = [f.message for f in lint_rules_text(text, "classic-113.txt") if f.code in ("R002", "R003")]
    assert found and not any("most likely" in m for m in found)   # 113.3 is taken: no guess


def test_no_s013_on_an_installed_layout(tmp_path: Path) -> None:
    """The wheel puts the suite in `berserk_rules_suite/` with `harness/schemas` beside it, not inside it: the
    modelines written in the checkout are right for that layout and are not reported."""
    from harness.suite.editor_schemas import modeline_problem

    suite = tmp_path / "berserk_rules_suite"
    board = next((ROOT / "scenarios" / "classic").glob("*.yaml"))
    (suite / "scenarios" / "classic").mkdir(parents=True)
    copy = suite / "scenarios" / "classic" / board.name
    copy.write_text(board.read_text(encoding="utf-8"), encoding="utf-8")
    assert modeline_problem(copy, "board", suite) is None
    copy.write_text("# yaml-language-server: $schema=../elsewhere.json\n" + board.read_text(encoding="utf-8"),
                    encoding="utf-8")
    assert "expected" in (modeline_problem(copy, "board", suite) or "")


# ------------------------------------------------------------------------------------------ 1–2. change classes, approval
REVERSAL = ("Оплата активируемой способности происходит до её выполнения.",
            "Оплата активируемой способности происходит после её выполнения.")
HEADING = "heroes:113.3.dup2 — оплата активируемой способности происходит до её выполнения"
REVERSED_SCENARIOS = ["heroes:113.3.dup2-1", "heroes:115.1-3", "heroes:115.1-6"]


def copy_kit(tmp_path: Path) -> Path:
    """A copy of the kit's suite (rules with their lock, features, boards, catalog, expectations) to modify."""
    import shutil

    kit = tmp_path / "kit"
    for folder in ("rules", "features", "scenarios", "catalog", "expectations"):
        shutil.copytree(ROOT / folder, kit / folder)
    shutil.copytree(ROOT / "rules", tmp_path / "rules-old")
    return kit


def _replace(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, (path, old)
    path.write_text(text.replace(old, new), encoding="utf-8")


def _line(rel: str, text: str, after: str = "") -> str:
    """``rel:N`` of the first line holding ``text`` (after the first line holding ``after``): the tests name
    lines of the suite without hard-coding numbers that move when scenarios are added."""
    lines = (ROOT / rel).read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if after in line) if after else 0
    return f"{rel}:{next(i for i in range(start, len(lines)) if text in lines[i]) + 1}"


def _lock(kit: Path) -> object:
    from harness.rules.review import load_lock, lock_path

    return load_lock(lock_path(kit / "rules"), kit)


def test_change_classes() -> None:
    from harness.rules.changes import classify

    def cls(old: str, new: str) -> str:
        return classify(old, new).summary()

    assert cls(*REVERSAL) == "SUBSTANTIVE: trigger word «до» → «после»"
    assert cls("определенным условием", "определённым условием") == "editorial (ё/е)"
    assert cls("выполнены и в тексте", "выполнены, и в тексте") == "editorial (punctuation)"
    assert cls("«может»", '"может"') == "editorial (quotes)"
    assert cls("Оплата  способности", "оплата\nспособности") == "editorial (whitespace, case)"
    assert cls("срабатывающей способности", "срабатывющей способности") == "editorial (typo)"
    assert cls("этот способность", "эта способность") == "editorial (typo)"      # agreement: same lemma, case, number
    assert cls("карту противника", "карты противника").startswith("SUBSTANTIVE")  # same lemma, another number
    assert cls("4 или менее", "3 или менее") == "SUBSTANTIVE: number or comparison «4» → «3»"
    assert cls("2 или более", "2 или менее") == "SUBSTANTIVE: number or comparison «более» → «менее»"
    assert cls("игрок обязан объявить", "игрок может объявить") == "SUBSTANTIVE: modality «обязан» → «может»"
    assert cls("может объявить", "не может объявить") == "SUBSTANTIVE: negation (none) → «не»"
    assert cls("вашего существа", "существа противника") == "SUBSTANTIVE: whose «вашего» → «противника»"
    assert cls("В начале хода", "В конце хода") == "SUBSTANTIVE: trigger word «начале» → «конце»"
    assert cls("см. 536.2.", "см. 536.3.") == "SUBSTANTIVE: clause reference «536.2» → «536.3»"
    assert cls("при атаке", "при ударе") == "SUBSTANTIVE (words changed)"


def test_the_reversal_is_substantive_shown_per_scenario_and_blocked_until_the_heading_follows(tmp_path: Path) -> None:
    kit = copy_kit(tmp_path)
    env = {"BERSERK_RULES_ROOT": str(kit)}
    _replace(kit / "rules" / "heroes-113-115.txt", *REVERSAL)

    # diff: substantive, «до» → «после» flagged, the 3 scenarios with their checks and file:line
    data = json.loads(_cli("diff", str(tmp_path / "rules-old"), str(kit / "rules"), "--json", **env).stdout)
    (change,) = data["changes"]
    assert change["new"]["id"] == "heroes:113.3.dup2" and change["class"]["class"] == "substantive"
    assert {(f["category"], f["word"], f["side"]) for f in change["class"]["flags"]} == \
        {("trigger word", "до", "old"), ("trigger word", "после", "new")}
    assert sorted(change["scenarios"]) == sorted(REVERSED_SCENARIOS)
    shown = _cli("diff", str(tmp_path / "rules-old"), str(kit / "rules"), **env).stdout
    assert "SUBSTANTIVE: trigger word «до» → «после»" in shown
    assert "− Оплата активируемой способности происходит [-до-] её выполнения." in shown
    assert "+ Оплата активируемой способности происходит {+после+} её выполнения." in shown
    f114 = "features/heroes/114-активируемая-способность.feature"
    assert f"{_line(f114, '[113.3.dup2-1]')}: scenario heroes:113.3.dup2-1:" in shown
    check = 'И в истории боя оплата способности "healer: лечение" раньше её выполнения'
    assert f"{_line(f114, check, after='[113.3.dup2-1]')}: {check}" in shown

    # lint: the heading still says «до» — an error (S032), besides the scenarios needing review (V001)
    lint = json.loads(_cli("lint", "--json", **env).stdout)
    s032 = [f for f in lint["findings"] if f["code"] == "S032"]
    assert [(f["file"], f["line"], f["severity"]) for f in s032] == \
        [(f114, int(_line(f114, HEADING).rsplit(":", 1)[1]), "error")]
    assert "«до» (trigger word)" in s032[0]["message"]
    assert len([f for f in lint["findings"] if f["code"] == "V001"]) == 3

    # approve shows the 3 scenarios with their «Тогда» lines, and refuses them all while the heading is stale
    before = _lock(kit)
    proc = _cli("approve", "--ask", input="y\ny\ny\n", **env)
    assert proc.returncode == 1
    for sid in REVERSED_SCENARIOS:
        assert f": scenario {sid}: " in proc.stdout
    f115 = "features/heroes/115-постоянная-способность.feature"
    gnome = 'И у "Гном" удар 3'
    assert f"{_line(f115, gnome, after='[115.1-3]')}: {gnome}" in proc.stdout
    assert f"{_line(f114, HEADING)}: error S032" in proc.stdout
    assert _lock(kit).scenarios == before.scenarios                        # nothing recorded
    assert _cli("approve", "--all", **env).returncode == 1                  # --all neither
    assert _lock(kit).scenarios == before.scenarios

    # the heading follows the text: a decision per scenario (y, n), then --all for the rest, recorded as such
    _replace(kit / "features" / "heroes" / "114-активируемая-способность.feature", HEADING,
             HEADING.replace("до её", "после её"))
    assert not [f for f in json.loads(_cli("lint", "--json", **env).stdout)["findings"] if f["code"] == "S032"]
    proc = _cli("approve", "--ask", input="y\nn\n", **env)
    assert proc.returncode == 1 and "1 left to review" not in proc.stdout and "2 left to review" in proc.stdout
    lock = _lock(kit)
    assert lock.scenarios["heroes:113.3.dup2-1"].how == "reviewed"
    assert lock.entries["heroes:113.3.dup2"] == before.entries["heroes:113.3.dup2"]   # not every scenario yet
    assert _cli("approve", "--all", **env).returncode == 0
    lock = _lock(kit)
    assert {sid: lock.scenarios[sid].how for sid in REVERSED_SCENARIOS} == \
        {"heroes:113.3.dup2-1": "reviewed", "heroes:115.1-3": "all", "heroes:115.1-6": "all"}
    assert lock.texts["heroes:113.3.dup2"] == REVERSAL[1]
    final = json.loads(_cli("lint", "--json", **env).stdout)
    assert not [f for f in final["findings"] if f["code"] in ("V001", "S032")]

    # the two approved unseen on this substantive change stay visible: lint V006 (a warning the pre-commit hooks
    # fail on), and check's list after its summary; until each is approved by name
    unseen = ["heroes:115.1-3", "heroes:115.1-6"]
    assert {sid: lock.scenarios[sid].unseen for sid in REVERSED_SCENARIOS} == \
        {"heroes:113.3.dup2-1": (), "heroes:115.1-3": ("heroes:113.3.dup2",), "heroes:115.1-6": ("heroes:113.3.dup2",)}
    v006 = [f for f in final["findings"] if f["code"] == "V006"]
    assert [(f["severity"], f["file"]) for f in v006] == [("warning", f115)] * 2
    assert all("approved unseen" in f["message"] for f in v006)
    assert _cli("lint", **env).returncode == 0 and _cli("lint", "--fail-on-code", "V006", **env).returncode == 1
    shown = _cli("check", "--unit", "heroes:115.1", "--report-dir", str(tmp_path / "r"), **env).stdout
    assert "Approved unseen: 2 scenario(s)" in shown and all(f"  {sid} (unseen: heroes:113.3.dup2)" in shown
                                                              for sid in unseen)
    assert _cli("approve", "--all", **env).returncode == 0 and _lock(kit).scenarios["heroes:115.1-3"].unseen
    assert _cli("approve", *unseen, **env).returncode == 0
    lock = _lock(kit)
    assert {sid: (lock.scenarios[sid].how, lock.scenarios[sid].unseen) for sid in unseen} == \
        {sid: ("reviewed", ()) for sid in unseen}
    assert _cli("lint", "--fail-on-code", "V006", **env).returncode == 0


def test_an_editorial_change_is_approved_in_one_step(tmp_path: Path) -> None:
    kit = copy_kit(tmp_path)
    env = {"BERSERK_RULES_ROOT": str(kit)}
    _replace(kit / "rules" / "classic-113.txt", "с определенным условием", "с определённым условием")
    _replace(kit / "rules" / "heroes-113-115.txt", "способности выполнены и в тексте", "способности выполнены, и в тексте")
    data = json.loads(_cli("diff", str(tmp_path / "rules-old"), str(kit / "rules"), "--json", **env).stdout)
    assert {c["new"]["id"]: (c["class"]["class"], c["class"]["editorial"]) for c in data["changes"]} == \
        {"classic:113.2.p2": ("editorial", ["ё/е"]), "heroes:113.3": ("editorial", ["punctuation"])}
    shown = _cli("diff", str(tmp_path / "rules-old"), str(kit / "rules"), **env).stdout
    assert "no scenario to review: the changes are editorial" in shown
    touched = {s for c in data["changes"] for s in c["scenarios"]}
    assert len(touched) > 10
    proc = _cli("approve", **env)               # off a terminal: no question, no per-scenario review
    assert proc.returncode == 0, proc.stdout
    assert "2 editorial change(s)" in proc.stdout and ": scenario " not in proc.stdout
    lock = _lock(kit)
    assert {lock.scenarios[s].how for s in touched} == {"editorial"}
    assert not [f for f in json.loads(_cli("lint", "--json", **env).stdout)["findings"] if f["code"].startswith("V")]


def test_after_quit_nothing_more_is_approved(tmp_path: Path) -> None:
    """«q» at the first question ends the review: a later unit that no scenario names is not approved unasked."""
    kit = copy_kit(tmp_path)
    env = {"BERSERK_RULES_ROOT": str(kit)}
    _replace(kit / "rules" / "heroes-113-115.txt", *REVERSAL)
    _replace(kit / "features" / "heroes" / "114-активируемая-способность.feature", HEADING,
             HEADING.replace("до её", "после её"))
    with (kit / "rules" / "heroes-113-115.txt").open("a", encoding="utf-8") as fh:
        fh.write("\n\n115.9. Карта не может получить больше одной метки яда.\n")   # a new unit, no scenario names it
    before = _lock(kit)
    proc = _cli("approve", "--ask", input="q\ny\ny\ny\n", **env)
    assert proc.returncode == 1, proc.stdout
    lock = _lock(kit)
    assert "heroes:115.9" not in lock.entries and lock.scenarios == before.scenarios, proc.stdout
