"""The register findable (issues 35.5, 37.5): `berserk-rules assumptions [ID…]` prints an entry whole, `lookup`
finds an assumption by its id or its words, and every assumption id the docs cite is an entry of the register."""

from __future__ import annotations

import json
import re

import pytest

from harness import cli
from harness.common import paths
from harness.suite.session import load_assumptions

CITED = re.compile(r"\bASM\s+([a-z][a-z0-9-]+)|asm:([a-z][a-z0-9-]+)")


def test_assumptions_prints_an_entry_whole(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["assumptions", "strike-table"]) == 0
    out = capsys.readouterr().out
    entry = next(e for e in load_assumptions() if e["id"] == "strike-table")
    assert "asm:strike-table" in out and entry["question"] in out and entry["ru"]["choice"] in out
    assert entry["choice"] in out and "scenarios (" in out
    assert cli.main(["assumptions", "--json", "asm:stack-lifo", "heroes-queue"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [e["id"] for e in data] == ["stack-lifo", "heroes-queue-lifo"]
    assert data[0]["scenarios"] and all(s["id"].startswith("classic:") for s in data[0]["scenarios"])
    assert [r["id"] for r in data[1]["readings"]] and data[1]["scenarios"]


def test_an_unknown_assumption_is_one_error_with_the_nearest(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["assumptions", "strike-tabel"]) == 2
    assert capsys.readouterr().err.splitlines()[-1] == \
        "rules/assumptions.yaml: strike-tabel: names no assumption or reading group; did you mean: strike-table?"


def test_lookup_finds_an_assumption_by_id_and_by_words(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["lookup", "stack-lifo"]) == 0
    out = capsys.readouterr().out
    assert "asm:stack-lifo" in out and "последним пришёл" in out
    assert cli.main(["lookup", "--no-play", "порядок", "стека"]) == 0
    out = capsys.readouterr().out
    assert "допущения" in out and "asm:stack-lifo" in out
    assert cli.main(["lookup", "--json", "asm:strike-table"]) == 0
    assert [e["id"] for e in json.loads(capsys.readouterr().out)] == ["strike-table"]


def test_every_assumption_the_docs_cite_is_in_the_register() -> None:
    known = {e["id"] for e in load_assumptions()}
    cited = {}
    for doc in [paths.ROOT / "README.md", *sorted((paths.ROOT / "docs").glob("*.md"))]:
        text = doc.read_text(encoding="utf-8")
        for m in CITED.finditer(text):
            ident = m.group(1) or m.group(2)
            cited.setdefault(ident, f"{doc.name}:{text.count(chr(10), 0, m.start()) + 1}")
    assert cited, "the docs cite no assumption: the pattern is wrong"
    assert {i: where for i, where in cited.items() if i not in known} == {}
