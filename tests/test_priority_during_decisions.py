"""Priority during a pending decision, as docs/CONTRACT.md (`priority`) and PROTOCOL.md §6 say: null during a
resolution's `roll` and `defender` decisions, with the declaring player during `declare_trigger` and `target`
(113.2: a trigger is declared «как только игрок получает приоритет»)."""

import pytest
from test_engine import DEFS, board, card

from engine import IllegalAction, new_game, state


def test_roll_and_defender_without_priority_trigger_and_target_with_the_declarer():
    g = new_game(board(card("g", "Гоблин", "А", "c3"), card("n", "Невтида", "Б", "c4"),
                       card("d", "Орк", "Б", "b4"), card("g2", "Гоблин", "А", "a1")), DEFS)
    g.act("А", {"type": "attack", "attacker": "g", "target": "n"})
    assert state(g)["priority"] == "А" and state(g)["pending"] is None
    g.act("А", {"type": "pass"})
    g.act("Б", {"type": "pass"})
    s = state(g)
    assert s["pending"]["kind"] == "defender" and s["priority"] is None
    g.answer("Б", None)
    for player, roll in (("А", 6), ("Б", 1)):
        s = state(g)
        assert s["pending"] == {**s["pending"], "kind": "roll", "player": player} and s["priority"] is None
        g.answer(player, roll)
    s = state(g)                                       # 3 wounds: Невтида crosses «4 или менее»
    assert s["pending"]["kind"] == "declare_trigger" and s["pending"]["player"] == "Б" and s["priority"] == "Б"
    g.answer("Б", s["pending"]["options"][0]["id"])
    s = state(g)
    assert s["pending"]["kind"] == "target" and s["pending"]["player"] == "Б" and s["priority"] == "Б"


def test_an_equipment_cannot_attack():
    """PROTOCOL.md §4's refusal table: the attacker must be a creature (536.1: «атака другого существа»), so the
    reference refuses an attack by an equipment on its host's cell (was: accepted, on classic/503/b5-гибель.yaml)."""
    defs = {**DEFS, "Щит": {"name": "Щит", "edition": "classic", "type": "equipment"}}
    g = new_game(board(card("g", "Гоблин", "А", "c3"), {"id": "shield", "card": "Щит", "owner": "Б", "host": "o"},
                       card("o", "Орк", "Б", "c4"), active="Б"), defs)
    with pytest.raises(IllegalAction) as refused:
        g.act("Б", {"type": "attack", "attacker": "shield", "target": "g"})
    assert refused.value.code == "not_your_card"
    assert state(g)["stack"] == [] and state(g)["priority"] == "Б"
    g.act("Б", {"type": "attack", "attacker": "o", "target": "g"})      # its host can
    assert [e["source"] for e in state(g)["stack"]] == ["o"]
