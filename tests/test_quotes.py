"""Quoted cards follow the text (harness/suite/quotes.py, lint S033): a catalog card's facts quoted from a rules
unit are checked against the unit's present text, so a reversal of a quoted card cannot pass lint, approve or
pre-commit until the catalog follows — and then the scenarios that play the card at the old value fail."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from verbs import run_verb

from harness.common import paths
from harness.suite.quotes import Quote, field_value, stale_quotes

SUITE = ("rules", "features", "scenarios", "catalog", "expectations")
RULES = Path("rules") / "classic-113.txt"
CATALOG = Path("catalog") / "classic.yaml"


def _cli(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """The verb on the suite at ``cwd`` (as ``--root``), in this process (`tests/verbs.py`)."""
    return run_verb(*args, root=cwd)


def _replace(path: Path, old: str, new: str, count: int = -1) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, (path, old)
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def _s033(lint: subprocess.CompletedProcess[str]) -> list[dict]:
    return [f for f in json.loads(lint.stdout)["findings"] if f["code"] == "S033"]


def test_fields_and_numbers_are_read_as_declared() -> None:
    card = {"lives": 6, "abilities": [{"key": "k", "trigger": {"value": 4},
                                       "targets": [{}, {}, {}], "effects": [{"amount": 1}, {"amount": 1}]}]}
    assert field_value(card, "k/trigger.value") == (True, 4)
    assert field_value(card, "k/targets#") == (True, 3)
    assert field_value(card, "k/effects.*.amount") == (True, 1)
    assert field_value(card, "lives") == (True, 6)
    assert not field_value(card, "nope/trigger.value")[0] and not field_value(card, "k/trigger.nothing")[0]
    quote = Quote("К", "c.yaml", 3, 0, "classic:1.1", "3 выстрела на 1", ("k/targets#", "k/effects.*.amount"), card)
    assert stale_quotes([quote], {"classic:1.1": "делает 3 выстрела на 1 в разных существ"}.get) == []
    assert "no longer says" in stale_quotes([quote], {"classic:1.1": "делает 2 выстрела на 1"}.get)[0].message
    wrong = Quote("К", "c.yaml", 3, 0, "classic:1.1", "2 выстрела на 1", ("k/targets#", "k/effects.*.amount"), card)
    assert "the words say 2, the card's k/targets# is 3" in stale_quotes([wrong], {"classic:1.1": "2 выстрела на 1"}.get)[0].message
    assert "no rule unit" in stale_quotes([quote], {}.get)[0].message


def test_the_kits_own_quotes_agree_with_the_text() -> None:
    lint = _cli(paths.ROOT, "lint", "--json")
    assert _s033(lint) == [], lint.stdout[-2000:]


@pytest.fixture()
def kit(tmp_path: Path) -> Path:
    for folder in SUITE:
        shutil.copytree(paths.ROOT / folder, tmp_path / folder)
    return tmp_path


def test_a_reversed_quoted_number_stays_red_until_the_card_follows(kit: Path) -> None:
    _replace(kit / RULES, "становится 4 или менее текущих жизней", "становится 3 или менее текущих жизней")
    lint = _cli(kit, "lint", "--json")
    assert lint.returncode == 1
    [finding] = _s033(lint)
    assert finding["severity"] == "error" and finding["unit"] == "classic:113.2.ex1"
    assert "Невтида" in finding["message"] and "no longer says" in finding["message"]
    # diff names the card and the scenarios that play it
    diff = _cli(kit, "diff", str(paths.ROOT / "rules"), str(kit / "rules"), "--json")
    cards = [c for c in json.loads(diff.stdout)["cards"] if c["card"] == "Невтида"]
    assert cards and not cards[0]["agrees"] and "classic:113.2.ex1-2" in cards[0]["scenarios"]
    # approve --all clears nothing of the unit while the card disagrees
    approve = _cli(kit, "approve", "--all")
    assert approve.returncode == 1 and "error S033" in approve.stdout, approve.stdout[-2000:]
    assert "V001" in {f["code"] for f in json.loads(_cli(kit, "lint", "--json").stdout)["findings"]}
    # the words follow the text, the fact does not: still red, now naming the fact
    _replace(kit / CATALOG, 'words: "становится 4 или менее текущих жизней"', 'words: "становится 3 или менее текущих жизней"')
    [finding] = _s033(_cli(kit, "lint", "--json"))
    assert "the words say 3, the card's когда становится 4 или менее жизней/trigger.value is 4" in finding["message"]
    # the fact follows: lint has no S033; the scenario at exactly 4 lives now fails (the card no longer fires
    # at 4), as it must until it is reviewed against the new text
    _replace(kit / CATALOG, "          value: 4\n", "          value: 3\n", 1)
    assert _s033(_cli(kit, "lint", "--json")) == []
    check = _cli(kit, "check", "--unit", "classic:113.2.ex1", "--report-dir", str(kit / "r"))
    results = {r["scenario"]: r["status"] for r in json.loads((kit / "r" / "results.json").read_text("utf-8"))["results"]}
    assert check.returncode == 1 and results["classic:113.2.ex1-2"] == "FAIL", check.stdout[-2000:]
