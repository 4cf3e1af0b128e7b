"""Metamorphic checks (harness/suite/metamorphic.py): the transformers, the declared exclusions and their lint
(S029), the whole suite under every transformation on the reference engine, and mutants that treat the
players differently — invisible to the plain suite, caught once the players are swapped."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine import Game
from harness.common import paths
from harness.common.errors import InputError
from harness.common.yamldoc import load_yaml
from harness.engines.adapters import InProcessAdapter
from harness.run.runner import run
from harness.suite.metamorphic import (
    EXCLUSIONS_FILE,
    TRANSFORMATIONS,
    MetamorphicFailure,
    Rewriter,
    applicable,
    exclusion_problems,
    load_exclusions,
)

BOARD: dict[str, Any] = {
    "edition": "classic", "turn": 4, "players": ["А", "Б"], "active": "Б", "priority": "Б",
    "dice": {"А": [6], "Б": [1, 2]},
    "cards": [
        {"id": "goblin", "card": "Гоблин", "owner": "А", "cell": "a1", "wounds": 3},
        {"id": "shield", "card": "Щит", "owner": "А", "host": "goblin"},
        {"id": "troll", "card": "Тролль", "owner": "Б", "controller": "А", "cell": "c4"},
        {"id": "archer", "card": "Лучник", "owner": "Б", "zone": "deck", "position": 0},
    ],
    "effects": [{"kind": "control", "source": "goblin", "target": "troll", "to": "А"},
                {"kind": "strike_bonus", "source": "troll", "target": "goblin", "amount": 1}],
    "cell_markers": {"b2": ["дрожь"]},
}


# ------------------------------------------------------------------------------------------- transformers
def test_players_swapped_rewrites_every_player_and_rotates_the_classic_grid() -> None:
    r = Rewriter("swap")
    out = r.board(BOARD)
    assert out["players"] == ["А", "Б"]                   # the seats stay: the players change seats
    assert (out["active"], out["priority"], out["first_player"]) == ("А", "А", "Б")
    assert out["dice"] == {"Б": [6], "А": [1, 2]}
    assert [(c["id"], c["owner"], c.get("controller"), c.get("cell")) for c in out["cards"]] == [
        ("goblin", "Б", None, "e6"), ("shield", "Б", None, None), ("troll", "А", "Б", "c3"), ("archer", "А", None, None)]
    assert out["effects"][0]["to"] == "Б"
    assert out["cell_markers"] == {"d5": ["дрожь"]}
    assert BOARD["cards"][0]["owner"] == "А"               # the given board is left alone
    assert r.text('Когда игрок А атакует простым ударом существом "goblin" существо "troll"') == \
        'Когда игрок Б атакует простым ударом существом "goblin" существо "troll"'
    assert r.text("на кубиках выпадает: у игрока А 6, у игрока Б 1") == "на кубиках выпадает: у игрока Б 6, у игрока А 1"
    assert r.text('игрок Б перемещает "mover" в клетку c5') == 'игрок А перемещает "mover" в клетку c2'
    assert r.text("игроку А предложены клетки: a1, e6") == "игроку Б предложены клетки: e6, a1"
    assert r.text('расклад "classic/503/b5-гибель.yaml"') == 'расклад "classic/503/b5-гибель.yaml"'  # quoted: literal
    assert r.text('у "Гоблин" 3 раны') == 'у "Гоблин" 3 раны'
    assert r.table([["поле", "значение"], ["контролирующий игрок", "Б"], ["ресурсы", "фишки: 2"]]) == \
        [["поле", "значение"], ["контролирующий игрок", "А"], ["ресурсы", "фишки: 2"]]
    assert r.table([["эффект", "карта"], ["перемешивание колоды", "игрок А"]])[1] == ["перемешивание колоды", "игрок Б"]


def test_players_swapped_on_heroes_renames_only() -> None:
    board = {"edition": "heroes", "active": "А", "cards": [{"id": "g", "card": "Гном", "owner": "Б"}]}
    out = Rewriter("swap").board(board)
    assert out == {"edition": "heroes", "active": "Б", "first_player": "Б",
                   "cards": [{"id": "g", "card": "Гном", "owner": "А"}]}


def test_mirror_swaps_columns_only() -> None:
    r = Rewriter("mirror")
    out = r.board(BOARD)
    assert [c.get("cell") for c in out["cards"]] == ["e1", None, "c4", None]
    assert out["cell_markers"] == {"d2": ["дрожь"]}
    assert (out["active"], out["dice"]) == ("Б", BOARD["dice"])
    assert r.text("игрок А выбирает целью клетку b2") == "игрок А выбирает целью клетку d2"
    assert r.text('Тогда "gnome_c" в клетке c2') == 'Тогда "gnome_c" в клетке c2'
    assert r.text('на клетке a4 лежит маркер «дрожь»') == 'на клетке e4 лежит маркер «дрожь»'


def test_ids_renamed_in_reverse_order_everywhere_ids_are_named() -> None:
    r = Rewriter("rename")
    out = r.board(BOARD)
    assert r.ids == {"archer": "m4_archer", "goblin": "m3_goblin", "shield": "m2_shield", "troll": "m1_troll"}
    assert sorted(r.ids.values()) == [r.ids[k] for k in sorted(r.ids, reverse=True)]   # the id order reversed
    assert [c["id"] for c in out["cards"]] == ["m3_goblin", "m2_shield", "m1_troll", "m4_archer"]
    assert out["cards"][1]["host"] == "m3_goblin"
    assert [(e["source"], e["target"]) for e in out["effects"]] == [("m3_goblin", "m1_troll"), ("m1_troll", "m3_goblin")]
    assert r.text('игрок А применяет особенность "goblin: ключ"') == 'игрок А применяет особенность "m3_goblin: ключ"'
    assert r.text('Тогда "troll" на кладбище игрока Б') == 'Тогда "m1_troll" на кладбище игрока Б'
    assert r.text('Тогда "Гоблин" закрыт') == 'Тогда "Гоблин" закрыт'          # a card name stays
    assert r.table([["цели", "Забияка, goblin"], ["источник", "troll"], ["карта", "Тролль"]]) == \
        [["цели", "Забияка, m3_goblin"], ["источник", "m1_troll"], ["карта", "Тролль"]]


def test_reorder_reverses_the_lists_and_keeps_positions() -> None:
    out = Rewriter("reorder").board(BOARD)
    assert [c["id"] for c in out["cards"]] == ["archer", "troll", "shield", "goblin"]
    assert [e["kind"] for e in out["effects"]] == ["strike_bonus", "control"]
    assert out["cards"][0]["position"] == 0
    assert Rewriter("reorder").text('игрок А выбирает целью клетку b2') == 'игрок А выбирает целью клетку b2'


def test_which_transformations_apply() -> None:
    assert applicable("classic") == ["swap", "mirror", "rename", "reorder"]
    assert applicable("heroes") == ["swap", "rename", "reorder"]
    assert applicable("classic", {"rename": "why"}) == ["swap", "mirror", "reorder"]


# ------------------------------------------------------------------------------------------- exclusions
def _doc(tmp_path: Path, text: str) -> Any:
    path = tmp_path / "metamorphic.yaml"
    path.write_text(text, encoding="utf-8")
    return load_yaml(path, tmp_path)


def test_every_exclusion_needs_a_reason_a_scenario_and_a_transformation(tmp_path: Path) -> None:
    doc = _doc(tmp_path, "exclusions:\n  classic:1-1:\n    rename: ''\n  classic:9-9:\n    swap: why\n"
                         "  heroes:1-1:\n    mirror: no grid\n    shuffle: why\n")
    found = [(p.line, p.field, p.message) for p in exclusion_problems(doc, {"classic:1-1": "classic",
                                                                           "heroes:1-1": "heroes"})]
    assert (3, "exclusions.classic:1-1.rename", "a reason is required: why the verdict may change under this "
            "transformation") in found
    assert (4, "exclusions.classic:9-9", "names no scenario of the suite") in found
    assert (7, "exclusions.heroes:1-1.mirror", "this transformation does not apply to heroes scenarios") in found
    assert any(f[1] == "exclusions.heroes:1-1.shuffle" and "unknown transformation" in f[2] for f in found)
    assert len(found) == 4


def test_a_malformed_exclusions_file_is_a_located_error(tmp_path: Path) -> None:
    path = tmp_path / "metamorphic.yaml"
    path.write_text("exclusions:\n  classic:1-1: [rename]\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"metamorphic.yaml:2: exclusions.classic:1-1: expected a mapping"):
        load_exclusions(path)


def test_lint_s023_on_the_kit_and_on_a_bad_entry(tmp_path: Path) -> None:
    from harness.quality.lint import Project, _feature_files, _metamorphic_findings, _scan

    project = Project()
    assert project.features is not None
    scenarios, _ = _scan(_feature_files(project.features), project)
    assert _metamorphic_findings(EXCLUSIONS_FILE, scenarios, project) == []      # the kit's own file is clean
    bad = tmp_path / "metamorphic.yaml"
    bad.write_text("exclusions:\n  classic:no-such-1:\n    swap: a reason\n  classic:503.1.ex1-1:\n    rename: ' '\n",
                   encoding="utf-8")
    found = _metamorphic_findings(bad, scenarios, project)
    assert [(f.code, f.severity, f.line) for f in found] == [("S029", "error", 2), ("S029", "error", 5)]
    assert "names no scenario" in found[0].message and "a reason is required" in found[1].message


def test_the_kit_declares_its_exclusions_with_reasons() -> None:
    """Each exclusion the kit declares names a transformation and why (today none is left: the one there was,
    [503.1.ex1-1] under rename, checked an order the text leaves open — issue 26, part 3)."""
    declared = load_exclusions()
    assert isinstance(declared, dict)
    for sid, entry in declared.items():
        for name, reason in entry.items():
            assert name in TRANSFORMATIONS and len(reason) > 20, (sid, name)


# ------------------------------------------------------------------------------------------- the whole suite
def _statuses(outcome: Any) -> dict[str, tuple[str, str]]:
    assert outcome.results is not None
    return {r.scenario: (r.status, r.message) for r in outcome.results.results}


def test_the_whole_suite_keeps_its_verdicts_under_every_transformation() -> None:
    """The reference engine passes every scenario it plays (expectations/reference.yaml is empty; N/A: a scenario
    resting on a reading the engine does not hold), so every such scenario must pass under every transformation it
    does not exclude: a transformed run that does not pass would make it FAIL."""
    plain = _statuses(run(quiet=True))
    outcome = run(quiet=True, extra=["--metamorphic"])
    verdicts = _statuses(outcome)
    assert len(verdicts) > 150 and set(verdicts) == set(plain)
    assert {sid: v for sid, v in verdicts.items() if v[0] != plain[sid][0]} == {}
    assert {status for status, _ in verdicts.values()} <= {"PASS", "N/A"}
    assert outcome.code == 0


class _NoExclusions:
    """A plugin object that drops the declared exclusions once the kit's plugin has read them."""

    @pytest.hookimpl(trylast=True)
    def pytest_configure(self, config: pytest.Config) -> None:
        from harness.run.pytest_plugin import METAMORPHIC

        config.stash[METAMORPHIC] = {}


def test_every_exclusion_is_still_needed() -> None:
    """A declared exclusion whose scenario now passes under the transformation is stale: remove it."""
    declared = load_exclusions()
    for sid, entry in declared.items():
        for name in entry:
            edition, tag = sid.split(":", 1)
            unit = f"{edition}:{tag.rsplit('-', 1)[0]}"
            outcome = run(units=[unit], quiet=True, extra=["--metamorphic-only", name], plugins=[_NoExclusions()])
            status, message = _statuses(outcome)[sid]
            assert status != "PASS" and message.startswith(f"under {TRANSFORMATIONS[name][0]}: "), \
                f"{sid} passes under {name}: remove its exclusion from {paths.display(EXCLUSIONS_FILE)}"


def test_a_transformed_failure_is_a_fail_naming_the_transformation() -> None:
    from harness.run.pytest_plugin import classify

    status, message = classify(MetamorphicFailure("swap", AssertionError("«Гном» has 2 wounds"),
                                                  "step «И у \"Гном\" 1 рана» (line 3)"))
    assert (status, message) == ("FAIL", "under players swapped: step «И у \"Гном\" 1 рана» (line 3): «Гном» has 2 wounds")
    status, message = classify(MetamorphicFailure("mirror", LookupError("no step")))
    assert status == "ERROR" and message.startswith("under board mirrored left-right: LookupError")


# ------------------------------------------------------------------------------------------- mutants
class BeforeAttackOnlyForA(Game):
    """Only player А's creatures trigger «До атаки» of a declared attack (an engine that reads the player's name;
    before a generated attack, which the plain suite plays for Б in classic [113.2-15], it reads it right)."""

    def fire(self, event: str, hid: str, subject: Any, **ctx: Any) -> None:
        entry = self.entry_of(hid)
        if event == "attack" and ctx.get("phase") == "before" and subject is not None \
                and self.controller(subject) != "А" and not (entry and entry["info"].get("generated")):
            return
        super().fire(event, hid, subject, **ctx)


class StrongerStrikesForB(Game):
    """Player Б's strikes deal one more wound."""

    def wound(self, card: Any, amount: int, hid: str) -> int:
        entry = next((h for h in reversed(self.history) if h["id"] == hid), None)
        if entry is not None and entry["kind"] == "strike" and entry["controller"] == "Б" and amount > 0:
            amount += 1
        return super().wound(card, amount, hid)


class _Mutant:
    def __init__(self, game_class: type[Game]):
        self.game_class = game_class

    def berserk_rules_adapter(self) -> InProcessAdapter:
        return InProcessAdapter(self.game_class, f"mutant {self.game_class.__name__}")


@pytest.mark.parametrize("game_class", [BeforeAttackOnlyForA, StrongerStrikesForB], ids=lambda c: c.__name__)
def test_a_mutant_that_treats_the_players_differently_is_caught_by_the_swap(game_class: type[Game]) -> None:
    plain = _statuses(run(quiet=True, plugins=[_Mutant(game_class)]))
    swapped = _statuses(run(quiet=True, extra=["--metamorphic-only", "swap"], plugins=[_Mutant(game_class)]))
    passing = {sid for sid, (status, _) in plain.items() if status == "PASS"}
    assert passing, "the mutant passes no plain scenario"
    caught = {sid for sid in passing if swapped[sid][0] == "FAIL"}
    assert caught, f"{game_class.__name__} passes every plain scenario it passed, swapped too"
    for sid in caught:
        assert swapped[sid][1].startswith("under players swapped: step «"), swapped[sid][1]
    for sid, (status, _) in plain.items():            # the plain verdicts are those of the plain run
        if status != "PASS":
            assert swapped[sid][0] == status
    # BeforeAttackOnlyForA was once invisible to the plain suite (only the swap saw it); scenarios where Б's
    # «До атаки» fires now kill it plainly too, and the swap still catches it on the scenarios it passes plainly
