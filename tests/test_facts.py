"""One source per fact (issue 12): the editions, the grid, the zones, the default players and the zone glossary
are defined once (harness.common.facts, harness.common.vocabulary) and every other module uses that home."""

from __future__ import annotations

import re
from pathlib import Path

from engine.editions import CLASSIC
from engine.editions import EDITIONS as PROFILES
from harness.common import facts, vocabulary

HARNESS = Path(__file__).resolve().parents[1] / "harness"

# a fact written out again: the literal that gives it away
RESTATED = {
    "the edition list": re.compile(r"""\(\s*["']classic["'],\s*["']heroes["']\s*\)|\[\s*["']classic["'],\s*["']heroes["']\s*\]"""),
    "the grid": re.compile(r"""["']abcde["']"""),
    "the default players": re.compile(r"""[\[(]\s*["']А["'],\s*["']Б["']\s*[\])]"""),
    "the zone list": re.compile(r"""["']battlefield["'],\s*["'](additional|graveyard)["'],\s*["']"""),
    "the zone glossary": re.compile(r"""["']поле боя["']"""),
}
HOMES = {"the edition list": "common/facts.py", "the grid": "common/facts.py",
         "the default players": "common/facts.py", "the zone list": "common/facts.py",
         "the zone glossary": "common/vocabulary.py"}


def test_facts_agree_with_the_engine():
    assert facts.EDITIONS == tuple(PROFILES)
    assert (facts.COLUMNS, facts.ROWS) == (CLASSIC.columns, CLASSIC.rows)


def test_the_zone_glossary_names_every_zone():
    assert tuple(vocabulary.ZONE_GLOSSARY) == facts.ZONES
    assert set(vocabulary.ZONE_NAMES) == set(vocabulary.ZONE_TITLES) == set(facts.ZONES)


def test_no_fact_is_restated_outside_its_home():
    found = []
    for path in sorted(HARNESS.rglob("*.py")):
        rel = path.relative_to(HARNESS).as_posix()
        text = path.read_text(encoding="utf-8")
        for fact, pattern in RESTATED.items():
            if rel != HOMES[fact] and (m := pattern.search(text)):
                found.append(f"harness/{rel}:{text[:m.start()].count(chr(10)) + 1}: {fact} ({m.group(0)})")
    assert not found, "facts written out again instead of imported from their home:\n" + "\n".join(found)
