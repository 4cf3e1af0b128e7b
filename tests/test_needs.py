"""What a scenario needs of an engine, derived from everything (harness/suite/capabilities.py): every field of the
board schema and of a card definition, and every step of the vocabulary, has an entry of the one table; the needs
the issue found missing are derived; «the engine declares every capability this scenario needs» is said only with
the needs, all declared; and classic 503.1.b5's scenarios with additional lives SKIP naming `extra_lives` for an
engine that does not declare it."""

from __future__ import annotations

import json
import re

import pytest

from harness.common import paths
from harness.suite import capabilities as cap
from harness.suite.capabilities import FEATURES, FIELD_NEEDS, STEP_NEEDS, STEP_PHRASE_NEEDS, data_needs
from tests.fake_engines.suite import Sc, engine_cmd, make_root, run_many

SCHEMAS = paths.ROOT / "harness" / "schemas"


def _schema_fields() -> set[str]:
    board = json.loads((SCHEMAS / "board.schema.json").read_text("utf-8"))
    catalog = json.loads((SCHEMAS / "catalog.schema.json").read_text("utf-8"))
    return ({f"board.{k}" for k in board["properties"]}
            | {f"card.{k}" for k in board["$defs"]["card_instance"]["properties"]}
            | {f"effect.{k}" for k in board["$defs"]["effect"]["properties"]}
            | {f"definition.{k}" for k in catalog["$defs"]["card"]["properties"]})


def _known_need(need: str) -> bool:
    kind, sep, _ = need.partition(":")
    return need in FEATURES if not sep else kind in ("edition", "card", "vanilla", "vocabulary")


def test_every_field_of_the_schemas_has_a_need_and_every_entry_a_field() -> None:
    fields = _schema_fields()
    assert len(fields) > 50
    without = sorted(fields - set(FIELD_NEEDS))
    assert not without, f"fields of the board or catalog schema without an entry in FIELD_NEEDS: {without}"
    stale = sorted(set(FIELD_NEEDS) - fields)
    assert not stale, f"FIELD_NEEDS entries naming no field of the schemas: {stale}"
    for key, rule in FIELD_NEEDS.items():
        assert rule.why, key


def test_every_step_of_the_vocabulary_has_a_need_and_every_entry_a_step() -> None:
    table = cap._step_table()
    names = {name for _, name in table}
    assert len(names) > 50
    assert not sorted(names - set(STEP_NEEDS)), f"steps without an entry in STEP_NEEDS: {sorted(names - set(STEP_NEEDS))}"
    assert not sorted(set(STEP_NEEDS) - names), f"STEP_NEEDS entries naming no step: {sorted(set(STEP_NEEDS) - names)}"
    for name, needs in STEP_NEEDS.items():
        assert all(_known_need(n) for n in needs), (name, needs)
    patterns = {name: parser.regex.pattern for parser, name in table}
    for name, (arg, prefixes) in STEP_PHRASE_NEEDS.items():
        group = re.search(rf"\(\?P<{arg}>([^)]*)\)", patterns[name])
        assert group, (name, arg)
        alternatives = group.group(1).split("|")
        for prefix, needs in prefixes.items():
            assert any(a.startswith(prefix) or prefix.startswith(a.rstrip("\\w*")) for a in alternatives), (name, prefix)
            assert needs and all(_known_need(n) for n in needs), (name, prefix)


def test_the_features_are_the_protocols() -> None:
    from engine.serve import FEATURES as SERVED

    assert SERVED == sorted(FEATURES)
    doc = (paths.ROOT / "docs" / "PROTOCOL.md").read_text("utf-8")
    for feature, what in FEATURES.items():
        assert f"| `{feature}` | {what} |" in doc, feature


GOBLIN = {"name": "Гоблин", "edition": "classic", "type": "creature", "lives": 4, "strike": [1, 2, 3],
          "source": "test card"}


def _board(card: dict | None = None, definition: dict | None = None, **top: object) -> frozenset[str]:
    card = {"id": "goblin", "card": "Гоблин", "owner": "А", "cell": "c3"} | (card or {})
    other = {"id": "other", "card": "Гоблин", "owner": "Б", "cell": "c4"}
    return data_needs({"edition": "classic", "active": "А", "cards": [card, other], **top},
                      {"Гоблин": GOBLIN | (definition or {})})


@pytest.mark.parametrize(("card", "definition", "top", "need"), [
    ({"additional_lives": 1}, None, {}, "extra_lives"),
    ({"negative_lives": 2}, None, {}, "extra_lives"),
    ({"face_down": True}, None, {}, "face_down"),
    ({"counters": 1}, None, {}, "markers"),
    ({"markers": ["дрожь"]}, None, {}, "markers"),
    (None, None, {"cell_markers": {"c4": ["дрожь"]}}, "markers"),
    ({"poison": 1}, None, {}, "poison"),
    (None, {"flying": True}, {}, "flying"),
    (None, {"unique": True}, {}, "uniqueness"),            # two of the unique name on the board
    ({"moves_left": 0}, None, {}, "movement"),
    ({"host": "other"}, None, {}, "attachments"),
    ({"controller": "Б"}, None, {}, "control_change"),
    ({"zone": "deck", "cell": None}, None, {}, "decks"),
    (None, {"max_counters": 2}, {}, "markers"),
    (None, {"max_additional_lives": 1}, {}, "extra_lives"),
    (None, None, {"effects": [{"kind": "strike_bonus", "source": "goblin", "target": "other", "amount": 1}]},
     "static_abilities"),
])
def test_a_field_set_needs_its_feature_and_left_at_its_default_does_not(card, definition, top, need) -> None:
    assert need in _board(card, definition, **top)
    plain = _board()
    assert need not in plain
    assert plain == {"edition:classic", "vanilla:Гоблин"}        # a vanilla board: its edition and its card


def test_the_two_b5_boards_with_additional_lives_need_extra_lives() -> None:
    needs = cap.board_needs("classic/503/b5-дополнительные-жизни.yaml")
    assert "extra_lives" in needs


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict:
    tmp = tmp_path_factory.mktemp("needs")
    root = make_root(tmp, [Sc("unsupported")])
    without = ",".join(f for f in FEATURES if f != "extra_lives")
    jobs = {
        "b5": (paths.ROOT, ["--engine-cmd", engine_cmd("reference"), "--unit", "classic:503.1.b5"],
               {"FAKE_ENGINE_FEATURES": without}),
        "refused": (root, ["--engine-cmd", engine_cmd("by-board")], {}),
    }
    return run_many(jobs, {name: tmp / f"r-{name}" for name in jobs})


def test_b5_with_additional_lives_skip_naming_extra_lives(runs: dict) -> None:
    run = runs["b5"]
    results = {r["scenario"]: r for r in run.results["results"]}
    for sid in ("classic:503.1.b5-3", "classic:503.1.b5-4"):
        assert results[sid]["status"] == "SKIP", results[sid]
        assert results[sid]["missing"] == ["extra_lives"]
        assert "the feature 'extra_lives'" in results[sid]["message"]
    others = [r for sid, r in results.items() if sid not in ("classic:503.1.b5-3", "classic:503.1.b5-4")]
    # the unit's other scenarios play, but for those whose boards give lives beyond a card's own (negative lives:
    # b5-5…7), which SKIP naming the same feature, and those resting on a reading the engine does not hold (N/A:
    # [503.1.b13-44], exchange-choice=weaker-allowed)
    assert others and all(r["status"] in ("PASS", "N/A") or (r["status"] == "SKIP" and r["missing"] == ["extra_lives"])
                          for r in others), others
    assert [r["scenario"] for r in others if r["status"] == "N/A"] == ["classic:503.1.b13-44"]
    assert any(r["status"] == "PASS" for r in others)
    assert not any("declared, refused" in r["message"] for r in results.values())


def test_declared_refused_names_the_needs_all_declared(runs: dict) -> None:
    run = runs["refused"]
    (result,) = run.results["results"]
    assert result["status"] == "FAIL"
    said = result["message"].split("the engine declares every capability this scenario needs: ", 1)
    assert len(said) == 2, result["message"]
    needs = said[1].rstrip(")").split(", ")
    assert "edition:classic" in needs and "card:Мститель" in needs
    caps = {"editions": ["classic", "heroes"], "features": list(FEATURES)}
    assert all(cap.need_met(n, caps) for n in needs)


def test_no_claim_without_the_needs() -> None:
    from harness.engines.adapters import EngineUnsupported
    from harness.run.pytest_plugin import classify

    status, message = classify(EngineUnsupported("no"), None)
    assert status == "FAIL" and "declares every capability" not in message
    status, message = classify(EngineUnsupported("no"), ["edition:classic", "extra_lives"])
    assert message.endswith("(the engine declares every capability this scenario needs: edition:classic, "
                            "extra_lives)")
