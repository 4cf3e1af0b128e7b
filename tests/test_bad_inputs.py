"""The corpus of bad inputs (tests/bad_inputs/): every one gives exactly the one-line error recorded for it in
tests/bad_inputs/expected.yaml — with its file, its line where there is one, the field and what was
expected — and never a traceback, a hang or a half-written report.

Folders and how each file is read:
- boards/        `harness.suite.board.load_board` with the real catalog (InputError)
- catalog/       `harness.suite.catalog.load_catalog` on a folder holding only that file (InputError)
- features/      `harness.quality.lint.lint_paths` (its one finding of severity error)
- rules/         `harness.rules.corpus.load_rules_file`, then the lint of the rules text (its one warning)
- expectations/  `harness.suite.session.load_expectations` (InputError)
- engine/        JSON: `engine.new_game(setup, definitions)` (SetupError), then `calls` on the game, the
                 last of which is refused (IllegalAction) and leaves the canonical state unchanged

The engine's protocol-level bad inputs (invalid JSON, a reply of the wrong schema or protocol version, a
line of several megabytes, no reply, a crash mid-scenario) are covered by tests/test_faults.py.
`python tests/test_bad_inputs.py` prints the present errors as YAML, to review before updating the index.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest
import yaml

import engine
from harness.common import paths
from harness.common.errors import InputError
from harness.quality.lint import lint_corpus, lint_paths
from harness.rules.corpus import Corpus, load_rules_file
from harness.suite.board import load_board
from harness.suite.catalog import load_catalog
from harness.suite.session import catalog, load_expectations

HERE = Path(__file__).resolve().parent
BAD = HERE / "bad_inputs"
INDEX = BAD / "expected.yaml"
REPO = HERE.parent
CLI = [sys.executable, "-X", "utf8", "-m", "harness.cli"]


def expected() -> dict[str, str]:
    return yaml.safe_load(INDEX.read_text("utf-8"))


def inputs() -> list[str]:
    return sorted(p.relative_to(BAD).as_posix() for p in BAD.rglob("*")
                  if p.is_file() and p != INDEX and p.name != "README.md")


# ------------------------------------------------------------------------------------------ readers
def _board(path: Path) -> list[str]:
    try:
        load_board(path, catalog(), root=paths.ROOT, check_definition=engine.check_card_definition)
    except InputError as exc:
        return [str(p) for p in exc.problems]
    return []


def _catalog(path: Path) -> list[str]:
    with tempfile.TemporaryDirectory() as tmp:
        os.symlink(path, Path(tmp) / path.name)
        try:
            load_catalog(Path(tmp), root=paths.ROOT, check_definition=engine.check_card_definition)
        except InputError as exc:
            return [str(p) for p in exc.problems]
    return []


def _feature(path: Path) -> list[str]:
    return [str(f) for f in lint_paths([path]) if f.severity == "error"]


def _rules(path: Path) -> list[str]:
    try:
        rules_file = load_rules_file(path, paths.ROOT)
    except InputError as exc:
        return [str(p) for p in exc.problems]
    return [str(f) for f in lint_corpus(Corpus([rules_file])) if f.severity != "info"]


def _expectations(path: Path) -> list[str]:
    try:
        load_expectations(path)
    except InputError as exc:
        return [str(p) for p in exc.problems]
    return []


def _definitions(case: dict[str, Any]) -> dict[str, Any]:
    """The case's definitions; "catalog" (or no definitions at all) takes the card from the catalog."""
    setup = case["setup"]
    edition = setup.get("edition", "") if isinstance(setup, dict) else ""
    names = {c.get("card") for c in setup.get("cards", []) if isinstance(c, dict)} if isinstance(setup, dict) else set()
    given = case.get("definitions", {n: "catalog" for n in names if isinstance(n, str)})
    return {name: catalog().get(name, edition) if d == "catalog" else d for name, d in given.items()
            if d != "catalog" or catalog().get(name, edition) is not None}


def _engine(path: Path) -> list[str]:
    case = json.loads(path.read_text("utf-8"))
    try:
        game = engine.new_game(case["setup"], _definitions(case))
    except engine.SetupError as exc:
        return [f"SetupError: {exc}"]
    calls = case.get("calls", [])
    for i, (kind, player, value) in enumerate(calls):
        before = engine.state(game)
        try:
            getattr(game, kind)(player, value)
        except engine.IllegalAction as exc:
            assert i == len(calls) - 1, f"call {i + 1} of {len(calls)} was refused: {exc}"
            assert engine.state(game) == before, "a refused request changed the game"
            return [f"IllegalAction: {exc}"]
    return []


READERS = {"boards": _board, "catalog": _catalog, "features": _feature, "rules": _rules,
           "expectations": _expectations, "engine": _engine}


def errors_of(rel: str) -> list[str]:
    return READERS[rel.split("/", 1)[0]](BAD / rel)


# ------------------------------------------------------------------------------------------ the corpus
def test_the_corpus_is_complete() -> None:
    index = expected()
    assert len(index) >= 40
    assert sorted(index) == inputs(), "every bad input has its expected error in expected.yaml, and only they"
    assert all(isinstance(v, str) and v and "\n" not in v for v in index.values())


@pytest.mark.parametrize("rel", sorted(expected()))
def test_bad_input_gives_its_one_line_error(rel: str) -> None:
    found = errors_of(rel)
    assert found == [expected()[rel]], "\n".join(found) or "no error at all"


def test_a_python_object_tag_is_rejected_and_nothing_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ran: list[Any] = []
    monkeypatch.setattr(os, "system", lambda *a: ran.append(a) or 0)
    monkeypatch.chdir(tmp_path)
    for rel in ("boards/python-object.yaml", "expectations/python-name.yaml"):
        assert "is not allowed" in errors_of(rel)[0]
    assert not ran and not (tmp_path / "BERSERK_BAD_INPUT_RAN").exists()
    assert "!!python/object" in (BAD / "boards" / "python-object.yaml").read_text("utf-8")


def test_a_huge_board_gives_its_one_error_at_the_right_line(tmp_path: Path) -> None:
    """About 4 MB (a long comment and 2,000 cards in a deck) with one cell off the grid at its last line."""
    lines = ["# " + "тишина " * 100] * 3000 + ["edition: classic", "active: А", "cards:",
                                               "  - {id: nevtida, card: Невтида, owner: Б, cell: c4}"]
    lines += [f"  - {{id: d{i}, card: Мститель, owner: А, zone: deck, position: {i}}}" for i in range(2000)]
    lines.append("  - {id: mstitel, card: Мститель, owner: А, cell: c9}")
    path = tmp_path / "huge.yaml"
    path.write_text("\n".join(lines) + "\n", "utf-8")
    assert path.stat().st_size > 4_000_000
    with pytest.raises(InputError) as info:
        load_board(path, catalog(), root=tmp_path, check_definition=engine.check_card_definition)
    assert [str(p) for p in info.value.problems] == [
        f"huge.yaml:{len(lines)}: cards[2001].cell: cell 'c9' is outside the 5×6 battlefield: columns a–e, rows 1–6"]


def test_a_huge_setup_is_refused_by_the_engine_with_one_located_problem() -> None:
    cards = [{"id": f"d{i}", "card": "Гоблин", "owner": "А", "zone": "deck", "position": i} for i in range(20000)]
    cards += [{"id": "g", "card": "Гоблин", "owner": "А", "cell": "c3"}, {"id": "o", "card": "Гоблин", "owner": "Б",
                                                                          "cell": "c3"}]
    goblin = {"name": "Гоблин", "edition": "classic", "type": "creature", "lives": 4, "strike": [1, 2, 3]}
    with pytest.raises(engine.SetupError) as info:
        engine.new_game({"edition": "classic", "cards": cards}, {"Гоблин": goblin})
    assert str(info.value) == "cards.20001.cell: cell 'c3' is already taken by 'g' (cards[20000]): one card per cell"


# ------------------------------------------------------------------------------------------ the command line
def _cli(*args: str, cwd: Path = REPO, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([*CLI, *args], cwd=cwd, capture_output=True, text=True, encoding="utf-8",
                          env=dict(os.environ, PYTHONUTF8="1", **(env or {})), timeout=300)


def test_cli_check_with_an_unknown_unit_says_so_in_one_line() -> None:
    proc = _cli("check", "--unit", "nonsense", "--report-dir", tempfile.mkdtemp())
    assert proc.returncode == 2
    root, *error = proc.stderr.splitlines()              # the first line names the suite (harness/common/paths.py)
    assert root.startswith("berserk-rules check: suite: ")
    assert error == ["--unit: nonsense has no edition prefix (expected an id such as classic:113.2, "
                     "a section such as classic:113, or asm:<id>)"]
    assert "Traceback" not in proc.stdout + proc.stderr


def test_cli_lookup_with_nothing_found_says_so_in_one_line() -> None:
    proc = _cli("lookup", "--no-play", "зюзюка")
    assert proc.returncode == 1
    assert proc.stdout.strip() == "ничего не найдено по запросу «зюзюка»"      # lookup speaks Russian (issue 37)
    assert "Traceback" not in proc.stdout + proc.stderr


def test_cli_check_with_a_bad_expectations_file_says_where() -> None:
    proc = _cli("check", "--expectations", str(BAD / "expectations" / "unknown-status.yaml"),
                "--report-dir", tempfile.mkdtemp())
    assert proc.returncode != 0
    assert expected()["expectations/unknown-status.yaml"] in proc.stdout + proc.stderr
    assert "Traceback" not in proc.stdout + proc.stderr


def _kit_with(tmp: Path, features: dict[str, str]) -> Path:
    """A throw-away kit root (BERSERK_RULES_ROOT): the real rules, catalog and boards, plus the bad boards
    under scenarios/bad/, and only the given features."""
    root = tmp / "kit"
    (root / "tests").mkdir(parents=True)
    for name in ("pyproject.toml", "conftest.py"):
        (root / name).write_bytes((REPO / name).read_bytes())
    (root / "tests" / "test_scenarios.py").write_bytes((REPO / "tests" / "test_scenarios.py").read_bytes())
    for name in ("rules", "catalog"):
        (root / name).symlink_to(REPO / name, target_is_directory=True)
    (root / "scenarios").mkdir()
    for edition in ("classic", "heroes"):    # copies: boards are confined to scenarios/, links resolved
        shutil.copytree(REPO / "scenarios" / edition, root / "scenarios" / edition)
    shutil.copytree(BAD / "boards", root / "scenarios" / "bad")
    (root / "features" / "heroes").mkdir(parents=True)
    for name, text in features.items():
        (root / "features" / "heroes" / name).write_text(text, "utf-8")
    return root


def test_cli_check_turns_an_unknown_step_and_a_bad_board_into_errors_and_writes_every_report(tmp_path: Path) -> None:
    step = (BAD / "features" / "unknown-step.feature").read_text("utf-8")
    board = step.replace("[bad-1] Целитель творит чудо", "[bad-2] Расклад с двумя картами в одной клетке") \
        .replace("heroes/114-целитель.yaml", "bad/two-cards-one-cell.yaml") \
        .replace("Когда игрок А творит чудо", "Когда игрок А пасует")
    root = _kit_with(tmp_path, {"901-шаг.feature": step, "902-расклад.feature": board})
    report_dir = tmp_path / "reports"
    proc = _cli("check", "--report-dir", str(report_dir), cwd=root, env={"BERSERK_RULES_ROOT": str(root)})
    out = proc.stdout + proc.stderr
    assert proc.returncode == 1, out
    assert "Traceback" not in out
    results = json.loads((report_dir / "results.json").read_text("utf-8"))["results"]
    by_name = {r["name"]: r for r in results}
    unknown = by_name["[bad-1] Целитель творит чудо"]
    assert unknown["status"] == "ERROR"
    assert "no step of the vocabulary matches" in unknown["message"] and "творит чудо" in unknown["message"]
    bad_board = by_name["[bad-2] Расклад с двумя картами в одной клетке"]
    assert bad_board["status"] == "ERROR"
    assert bad_board["message"].endswith("scenarios/bad/two-cards-one-cell.yaml:5: cards[1].cell: cell 'c4' is "
                                         "already taken by 'nevtida' (cards[0], line 4): one card per cell")
    for name in ("results.json", "junit.xml", "index.html"):
        assert (report_dir / name).is_file()
    assert not list(report_dir.glob("*.tmp")) and not list(report_dir.glob(".*"))


GOOD_OUTLINE = """# language: ru
Функция: Структура сценария с именем на каждую строку примеров

  Правило: heroes:114.1 — активируемая способность

    @heroes:114.1
    Структура сценария: [ok-<n>] У "<карта>" <n> раны
      Дано расклад "heroes/114-целитель.yaml"
      Тогда у "<карта>" <n> раны

      Примеры:
        | карта  | n |
        | Гном   | 2 |
        | Проглот | 1 |
"""


def test_cli_check_gives_the_rows_of_an_outline_without_their_own_names_an_error_each(tmp_path: Path) -> None:
    """Results, expectations and traces are keyed by scenario id: example rows that would share one id
    each end as ERROR under an id of their own, with the reason; an outline naming its rows runs."""
    bad = (BAD / "features" / "outline-rows-same-name.feature").read_text("utf-8")
    root = _kit_with(tmp_path, {"901-строки.feature": bad, "902-структура.feature": GOOD_OUTLINE})
    report_dir, trace_dir = tmp_path / "reports", tmp_path / "traces"
    proc = _cli("check", "--report-dir", str(report_dir), "--trace-dir", str(trace_dir), cwd=root,
                env={"BERSERK_RULES_ROOT": str(root)})
    out = proc.stdout + proc.stderr
    assert proc.returncode == 1 and "Traceback" not in out, out
    results = json.loads((report_dir / "results.json").read_text("utf-8"))["results"]
    by_id = {r["scenario"]: r for r in results}
    assert len(by_id) == len(results) == 4
    for n in (1, 2):
        row = by_id[f"heroes:bad-1 #{n}"]
        assert row["status"] == "ERROR"
        assert row["message"] == ("features/heroes/901-строки.feature:7: scenario: 2 scenarios (or example rows of an "
                                  "outline) get the same id «heroes:bad-1»; results, expectations and traces need one "
                                  "id each: give every scenario its own tag in brackets, and put a <parameter> of the "
                                  "examples in an outline's "
                                  "name")
    assert by_id["heroes:ok-2"]["status"] == "PASS"
    assert by_id["heroes:ok-1"]["status"] == "PASS"
    assert len(list(trace_dir.glob("*.json"))) == 4          # one play-out per result, none overwritten


if __name__ == "__main__":
    for rel in inputs():
        print(yaml.safe_dump({rel: " ⏎ ".join(errors_of(rel))}, allow_unicode=True, width=1000), end="")


@pytest.mark.parametrize("text, line", [("a: 1\nb\t: 2\n", 2), ("x: [a, b\t]\n", 1), ("a: !!str\tb\n", 1)])
def test_a_tab_where_yaml_forbids_one_is_a_located_syntax_error(text: str, line: int) -> None:
    """YAML forbids a tab before a key's colon, inside a flow list before its end and after a tag; the
    kit's reader says so at the line (libyaml's composer, faster, accepts these three: it is not used)."""
    from harness.common.yamldoc import parse_yaml

    with pytest.raises(InputError) as info:
        parse_yaml(text, "board.yaml")
    assert f"board.yaml:{line}: YAML syntax error" in str(info.value)
