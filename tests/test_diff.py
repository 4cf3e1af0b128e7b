"""Tests of the unit-level diff of two rule versions (harness/rules/diff.py) and `berserk-rules diff`."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from harness.cli import main
from harness.common.errors import InputError
from harness.rules.corpus import Corpus, parse_rules_text
from harness.rules.diff import (
    WordOp,
    attach_scenarios,
    diff_corpora,
    diff_paths,
    render,
    render_word_diff,
    word_diff,
)
from harness.suite.features import scan_features

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "rules"


def corpus(text: str, name: str = "classic-900.txt") -> Corpus:
    return Corpus([parse_rules_text(text, name, name.split("-", 1)[0])])


# --------------------------------------------------------------------------- words


def test_word_diff_and_its_markup() -> None:
    ops = word_diff("у неё становится 4 или менее жизней", "у неё становится 3 или менее жизней")
    assert [o.op for o in ops] == ["equal", "replace", "equal"]
    assert ops[1] == WordOp("replace", "4", "3")
    assert render_word_diff(ops) == "у неё становится [-4-]{+3+} или менее жизней"
    assert render_word_diff(word_diff("а б", "а б в")) == "а б {+в+}"
    assert render_word_diff(word_diff("а б в", "а в")) == "а [-б-] в"


def test_long_unchanged_stretches_are_shortened() -> None:
    old = " ".join(f"w{i}" for i in range(40))
    new = old.replace("w20", "X")
    shown = render_word_diff(word_diff(old, new), context=3)
    assert shown == "… w17 w18 w19 [-w20-]{+X+} w21 w22 w23 …"
    assert "w5" in render_word_diff(word_diff(old, new))  # without context: everything


# --------------------------------------------------------------------------- units

OLD = """\
900.1. Первое правило без изменений.

900.2. У Невтиды становится 4 или менее жизней.

900.3. Это правило переедет под другой номер целиком.

900.4. Это правило уйдёт совсем и не вернётся никогда.

900.5. Похожее правило о том, как карта выходит из игры после атаки.
"""
NEW = """\
900.1. Первое правило без изменений.

900.2. У Невтиды становится 3 или менее жизней.

900.6. Это правило переедет под другой номер целиком.

900.7. Похожее правило о том, как карта выходит из игры после удара.

900.8. Совсем новое правило.
"""


def test_units_are_matched_by_id_then_by_hash_then_by_similar_text() -> None:
    d = diff_corpora(corpus(OLD), corpus(NEW))
    assert not d.cross_edition and d.unchanged == 1
    kinds = {(c.kind, c.old.id if c.old else None, c.new.id if c.new else None) for c in d.changes}
    assert kinds == {
        ("changed", "classic:900.2", "classic:900.2"),
        ("renumbered", "classic:900.3", "classic:900.6"),
        ("renumbered", "classic:900.5", "classic:900.7"),
        ("removed", "classic:900.4", None),
        ("added", None, "classic:900.8"),
    }
    changed = d.of_kind("changed")[0]
    assert render_word_diff(changed.ops or []) == "У Невтиды становится [-4-]{+3+} или менее жизней."
    same_text = next(c for c in d.of_kind("renumbered") if c.old and c.old.id == "classic:900.3")
    assert same_text.ops is None
    similar = next(c for c in d.of_kind("renumbered") if c.old and c.old.id == "classic:900.5")
    assert "[-атаки.-]{+удара.+}" in render_word_diff(similar.ops or [])


def test_json_form() -> None:
    data = diff_corpora(corpus(OLD), corpus(NEW)).to_json()
    assert data["counts"] == {"changed": 1, "renumbered": 2, "removed": 1, "added": 1, "unchanged": 1}
    change = data["changes"][0]
    assert change["kind"] == "changed" and change["old"]["id"] == "classic:900.2"
    assert {"op": "replace", "old": "4", "new": "3"} in change["diff"]
    assert data["matched_by"] == "unit id"
    json.dumps(data, ensure_ascii=False)


def test_scenarios_naming_changed_removed_and_renumbered_units(tmp_path: Path) -> None:
    features = tmp_path / "features" / "classic"
    features.mkdir(parents=True)
    (features / "900-тест.feature").write_text(
        "# language: ru\nФункция: Тест\n\n"
        "  @classic:900.2\n  Сценарий: [900.2-1] четыре жизни\n    Дано что-то\n\n"
        "  @classic:900.4\n  Сценарий: [900.4-1] уходит\n    Дано что-то\n\n"
        "  @classic:900.3\n  Сценарий: [900.3-1] переезжает\n    Дано что-то\n\n"
        "  @classic:900.1\n  Сценарий: [900.1-1] не меняется\n    Дано что-то\n", encoding="utf-8")
    d = attach_scenarios(diff_corpora(corpus(OLD), corpus(NEW)), scan_features(tmp_path / "features"))
    by = {c.kind + ":" + (c.old.id if c.old else c.new.id if c.new else ""): c.scenarios for c in d.changes}
    assert by["changed:classic:900.2"] == ["classic:900.2-1"]
    assert by["removed:classic:900.4"] == ["classic:900.4-1"]
    assert by["renumbered:classic:900.3"] == ["classic:900.3-1"]
    assert "classic:900.1-1" not in d.scenarios
    text = "\n".join(render(d))
    assert "[-4-]{+3+}" in text and "classic:900.2-1" in text and "3 scenario(s) to review" in text


def test_the_two_editions_of_113() -> None:
    d = diff_paths(RULES / "classic-113.txt", RULES / "heroes-113-115.txt", root=ROOT)
    assert d.cross_edition and d.old_editions == ["classic"] and d.new_editions == ["heroes"]
    changed = {(c.old.id, c.new.id) for c in d.of_kind("changed") if c.old and c.new}
    assert ("classic:113.1", "heroes:113.1") in changed and ("classic:113.3", "heroes:113.3") in changed
    c1131 = next(c for c in d.of_kind("changed") if c.old and c.old.id == "classic:113.1")
    assert "[-особенность-]{+способность+}" in render_word_diff(c1131.ops or [])
    removed = {c.old.id for c in d.of_kind("removed") if c.old}
    assert {"classic:113.2.p1", "classic:113.2.p2"} <= removed
    added = {c.new.id for c in d.of_kind("added") if c.new}
    assert {"heroes:113.4", "heroes:113.6", "heroes:114.1", "heroes:115.1"} <= added
    text = "\n".join(render(d))
    assert "different editions" in text and "ignoring the edition prefix" in text
    assert "section 114" in text and "only in NEW" in text


def test_a_side_that_cannot_be_read(tmp_path: Path) -> None:
    with pytest.raises(InputError) as exc:
        diff_paths(tmp_path / "nothing.txt", RULES / "classic-113.txt")
    assert "no such rules file or folder" in str(exc.value)


# --------------------------------------------------------------------------- the command


@pytest.fixture
def edited(tmp_path: Path) -> Path:
    """A copy of the corpus where classic 113.2's example says «3 или менее»."""
    copy = tmp_path / "rules"
    shutil.copytree(RULES, copy)
    f = copy / "classic-113.txt"
    text = f.read_text(encoding="utf-8")
    assert text.count("4 или менее") == 1
    f.write_text(text.replace("4 или менее", "3 или менее"), encoding="utf-8")
    return copy


def _named(unit: str) -> list[str]:
    return [s.id for s in scan_features(ROOT / "features", root=ROOT) if unit in s.units]


def test_cli_diff_names_the_unit_and_its_scenarios(edited: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["diff", str(RULES), str(edited), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["counts"]["changed"] == 1 and data["counts"]["added"] == data["counts"]["removed"] == 0
    change = data["changes"][0]
    assert change["old"]["id"] == "classic:113.2.ex1"
    assert {"op": "replace", "old": "4", "new": "3"} in change["diff"]
    assert change["scenarios"] == _named("classic:113.2.ex1") and change["scenarios"]
    assert main(["diff", str(RULES / "classic-113.txt"), str(edited / "classic-113.txt")]) == 0
    out = capsys.readouterr().out
    assert "classic:113.2.ex1" in out and "[-4-]{+3+}" in out
    for sid in _named("classic:113.2.ex1"):
        assert sid in out
    assert main(["diff", str(RULES), str(edited), "--exit-code"]) == 1
    assert main(["diff", str(RULES), str(RULES), "--exit-code"]) == 0


def test_cli_diff_run(edited: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "BERSERK_RULES_DIR"} | {"PYTHONUTF8": "1"}
    proc = subprocess.run([sys.executable, "-m", "harness.cli", "diff", str(RULES), str(edited), "--run", "--json"],
                          cwd=ROOT, env=env, capture_output=True, text=True, encoding="utf-8", timeout=600)
    assert proc.returncode in (0, 1), proc.stderr
    data = json.loads(proc.stdout)
    run = data["run"]
    assert sorted(r["scenario"] for r in run["results"]) == sorted(_named("classic:113.2.ex1"))
    for r in run["results"]:  # run against the new text: they need review
        assert r["review"] == {"state": "needs_review", "units": ["classic:113.2.ex1"]}
    ok = all(r["status"] == r["expected"] or r["status"] == "SKIP" for r in run["results"])
    assert proc.returncode == (0 if ok else 1)
