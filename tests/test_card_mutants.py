"""Card mutants (harness/quality/card_mutants.py, `berserk-rules mutants --cards`): the operators derive the wider
and narrower definitions they say, and only sound cards; on a small fake card set played by a fake session, a
variant a «Тогда» check fails is reported killed and not as a survivor, one every scenario passes is reported
surviving — and equivalent once the register says so, wrong when the register says so of a killed one —, and a
card no scenario uses has its variants unplayed; then one real card on its scenarios. The full run is a
maintainer's command (README, «Suite strength»)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

from harness.cli import main
from harness.quality import card_mutants as C

HEALER: dict[str, Any] = {
    "name": "Фальшивый лекарь", "edition": "classic", "type": "creature", "lives": 3, "strike": [1, 1, 1],
    "source": "a test's", "abilities": [{
        "key": "лечение", "kind": "triggered",
        "trigger": {"word": "В начале хода", "event": "turn_start", "in_your_turn": True},
        "targets": [{"type": "creature", "controller": "you"}],
        "effects": [{"do": "heal", "target": "target1", "amount": 1}]}],
}
UNUSED: dict[str, Any] = {
    "name": "Никем не взятый", "edition": "classic", "type": "creature", "lives": 3, "strike": [1, 1, 1],
    "source": "a test's", "abilities": [{"key": "бонус", "kind": "activated", "cost": {"counters": 1},
                                         "effects": [{"do": "strike_bonus", "target": "self", "amount": 1,
                                                      "until": "end_of_turn"}]}],
}


def _ids(vs: list[C.Variant]) -> set[str]:
    return {v.id for v in vs}


def test_operators_on_a_fake_card() -> None:
    vs, refused = C.variants(HEALER, check=lambda d: [])
    ids = _ids(vs)
    p = "classic:Фальшивый лекарь:лечение:"
    assert {p + 'targets[0].controller:side("you"→"any")', p + 'targets[0].controller:side("you"→"opponent")',
            p + 'targets[0].type:condition("creature"→∅)', p + "trigger.in_your_turn:turn(true→∅)",
            p + 'trigger.word:word("В начале хода"→"В конце хода")', p + "optional:optional(∅→true)",
            p + "effects[0].amount:amount(1→2)", p + "effects[0].amount:amount(1→0)"} <= ids
    # the start of a turn comes once a turn: no once_per_turn variant; word and event move together (one variant)
    assert not any("once_per_turn" in i for i in ids)
    assert not any("trigger.event" in i for i in ids)
    turn_end = next(v for v in vs if v.path == "trigger.word")
    assert turn_end.definition["abilities"][0]["trigger"] == {"word": "В конце хода", "event": "turn_end",
                                                             "in_your_turn": True}
    assert refused == 0 and HEALER["abilities"][0]["targets"][0]["controller"] == "you"     # not changed
    vs, refused = C.variants(UNUSED, check=lambda d: [])
    assert {v.id for v in vs if v.operator == "until"} == {
        'classic:Никем не взятый:бонус:effects[0].until:until("end_of_turn"→"end_of_controller_turn")',
        'classic:Никем не взятый:бонус:effects[0].until:until("end_of_turn"→∅)'}
    # an activated ability of classic that does not close its card may be declared twice a turn; it is declared
    # by choice, so «может» changes nothing of it
    assert any(v.operator == "once_per_turn" for v in vs) and not any(v.operator == "optional" for v in vs)
    closing = {**UNUSED, "abilities": [{**UNUSED["abilities"][0], "cost": {"close": True}}]}
    assert not any(v.operator == "once_per_turn" for v in C.variants(closing, check=lambda d: [])[0])
    # what the engine refuses is no card: counted, not played
    vs2, refused2 = C.variants(UNUSED, check=lambda d: ["no"] if d["abilities"][0].get("once_per_turn") else [])
    assert refused2 == 1 and len(vs2) == len(vs) - 1


def _fake_session(loop: C._Loop, killing: str) -> tuple[Any, Any]:
    """Two scenarios on a board with the healer; the second fails its «Тогда» check when the card played lets
    the heal target `killing`'s side."""
    items = [SimpleNamespace(nodeid="a"), SimpleNamespace(nodeid="b")]

    def play(item: Any, nextitem: Any) -> tuple[bool, str, Any]:
        loop.seen.add(("Фальшивый лекарь", "classic"))
        v = loop.override
        fails = (item.nodeid == "b" and v is not None and v.path == "targets[0].controller" and v.after == killing)
        steps = [SimpleNamespace(keyword="Когда", status="passed"),
                 SimpleNamespace(keyword="Тогда", status="failed" if fails else "passed")]
        sc = SimpleNamespace(id=f"feature::{item.nodeid}", status="FAIL" if fails else "PASS", steps=steps)
        return not fails, sc.status, sc

    return SimpleNamespace(items=items, config=SimpleNamespace(option=SimpleNamespace())), play


def _report(equivalents: dict[str, C.Equivalent]) -> C.Report:
    by_card = {}
    for card in (HEALER, UNUSED):
        by_card[(card["name"], card["edition"])] = C.variants(card, check=lambda d: [])[0]
    loop = C._Loop(by_card, equivalents)
    session, play = _fake_session(loop, "any")
    loop._play_fn = play
    loop.pytest_runtestloop(session)
    assert loop.error is None and not loop.control_failures
    report = C.Report(cards=[f"{c['name']} (classic)" for c in (HEALER, UNUSED)], outcomes=loop.outcomes,
                      generated={f"{n} ({e})": len(vs) for (n, e), vs in by_card.items()},
                      scenarios_of={f"{n} ({e})": len(s) for (n, e), s in loop.scenarios_of.items()})
    return report


def test_a_survivor_is_reported_and_a_killed_variant_is_not() -> None:
    report = _report({})
    wider = 'classic:Фальшивый лекарь:лечение:targets[0].controller:side("you"→"any")'
    enemy = 'classic:Фальшивый лекарь:лечение:targets[0].controller:side("you"→"opponent")'
    by_id = {o.id: o for o in report.outcomes}
    assert by_id[wider].status == C.KILLED_CHECK and by_id[wider].killer == "feature::b (FAIL on a «Тогда» check)"
    assert by_id[enemy].status == C.SURVIVED and by_id[enemy].scenarios == 2
    per = report.per_card()
    healer = per["Фальшивый лекарь (classic)"]
    assert enemy in healer["survivors"] and wider not in healer["survivors"]
    assert healer[C.KILLED_CHECK] == 1 and healer["scenarios"] == 2
    unused = per["Никем не взятый (classic)"]
    assert unused[C.UNPLAYED] == unused["variants"] > 0 and unused["scenarios"] == 0
    c = report.counts()
    assert c["cards"] == 2 and c["cards_fully_killed"] == 0 and c["cards_with_survivors"] == 2
    assert not report.ok
    # a run that played nothing (the control failed) proves no card killed
    assert C.Report(cards=["Фальшивый лекарь (classic)"], generated={"Фальшивый лекарь (classic)": 3}).counts()[
        "cards_fully_killed"] == 0


def test_the_register_of_equivalents() -> None:
    enemy = 'classic:Фальшивый лекарь:лечение:targets[0].controller:side("you"→"opponent")'
    wider = 'classic:Фальшивый лекарь:лечение:targets[0].controller:side("you"→"any")'
    report = _report({enemy: C.Equivalent(enemy, "a test's"), wider: C.Equivalent(wider, "wrongly")})
    by_id = {o.id: o for o in report.outcomes}
    assert by_id[enemy].status == C.EQUIVALENT
    assert enemy not in report.per_card()["Фальшивый лекарь (classic)"]["survivors"]
    assert by_id[wider].status == C.KILLED_CHECK and "the register's entry is wrong" in by_id[wider].note
    assert report.wrong_equivalents == [by_id[wider]]


def test_register_problems(tmp_path: Path) -> None:
    f = tmp_path / "eq.yaml"
    f.write_text("equivalents:\n  - id: x\n    reason: ''\n  - id: y\n    reason: because\n", encoding="utf-8")
    entries, problems = C.load_equivalents(f)
    assert set(entries) == {"y"}
    assert len(problems) == 1 and ":2: equivalents[0]: expected an id and a non-empty reason" in problems[0]
    assert C.load_equivalents(C.EQUIVALENTS)[1] == []


def test_one_real_card_on_its_scenarios() -> None:
    """Ведун's «получает рану» made two wounds fails a «Тогда» check of its scenarios of 113.1, and its
    «выбранное существо противника» made «ваше» fails them one way or another (the reference engine passes them
    all first)."""
    report = C.run(["Ведун"], units=["classic:113.1"])
    assert report.error is None and not report.control_failures, report.error or report.control_failures
    by_id = {o.id: o for o in report.outcomes}
    assert by_id["classic:Ведун:порча:effects[0].amount:amount(1→2)"].status == C.KILLED_CHECK
    own = by_id['classic:Ведун:порча:targets[0].controller:side("opponent"→"you")']
    assert own.status in (C.KILLED_CHECK, C.KILLED_OTHER), own
    assert report.scenarios_of["Ведун (classic)"] >= 2      # the boards of 113.1 that hold a Ведун


def test_unknown_card_is_refused(capsys: Any) -> None:
    assert main(["mutants", "--cards", "--card", "Нет такой карты"]) == 2
    assert "Нет такой карты: not a pool card with abilities" in capsys.readouterr().err
