"""Unit tests of the reference engine, through its public API only (no files, no Gherkin)."""

import json

import pytest

from engine import IllegalAction, SetupError, check_card_definition, new_game, state

GOBLIN = {"name": "Гоблин", "edition": "classic", "type": "creature", "lives": 4, "strike": [1, 2, 3]}
ORC = {"name": "Орк", "edition": "classic", "type": "creature", "lives": 5, "strike": [2, 3, 4]}
AVENGER = {
    "name": "Мститель", "edition": "classic", "type": "creature", "lives": 9, "strike": [1, 2, 3],
    "abilities": [{"key": "при гибели", "kind": "triggered",
                   "trigger": {"word": "При", "event": "death", "subject": {"controller": "you", "type": "creature"},
                               "cause": {"kind": "attack", "controller": "opponent"}},
                   "effects": [{"do": "strike_bonus", "target": "self", "amount": 2,
                                "until": "end_of_controller_turn"}]}],
}
TAKER = {
    "name": "Невтида", "edition": "classic", "type": "creature", "rank": "elite", "lives": 6, "strike": [1, 2, 2],
    "abilities": [{"key": "захват", "kind": "triggered", "once_per_turn": True,
                   "trigger": {"word": "Когда", "event": "lives_at_most", "subject": {"who": "self"}, "value": 4},
                   "targets": [{"type": "creature", "controller": "opponent", "rank": "common"}],
                   "effects": [{"do": "gain_control", "target": "target1", "while": "source_in_squad"}]}],
}
DEFS = {d["name"]: d for d in (GOBLIN, ORC, AVENGER, TAKER)}


def board(*cards, **kw):
    return {"edition": "classic", "turn": kw.get("turn", 1), "active": kw.get("active", "А"), "players": ["А", "Б"],
            "cards": list(cards), "effects": kw.get("effects", [])}


def card(cid, name, owner, cell, **kw):
    return {"id": cid, "card": name, "owner": owner, "cell": cell, **kw}


def strike_once(game, attacker, target, a_roll, d_roll=None, defender=None):
    game.act("А", {"type": "attack", "attacker": attacker, "target": target})
    game.act("А", {"type": "pass"})
    game.act("Б", {"type": "pass"})
    if game.pending and game.pending["kind"] == "defender":
        game.answer(game.pending["player"], defender)
    game.answer("А", a_roll)
    if d_roll is not None:
        game.answer("Б", d_roll)


def test_simple_strike_wounds_and_closes_the_attacker():
    g = new_game(board(card("g", "Гоблин", "А", "c3"), card("o", "Орк", "Б", "c4")), DEFS)
    strike_once(g, "g", "o", 6, 2)          # +4: strong for the attacker, weak answer
    s = state(g)
    cards = {c["id"]: c for c in s["cards"]}
    assert cards["o"]["wounds"] == 3 and cards["g"]["wounds"] == 2
    assert cards["g"]["open"] is False and cards["o"]["open"] is True
    assert s["priority"] == "А" and s["stack"] == []


def test_closed_target_only_attacker_rolls_and_no_answer():
    g = new_game(board(card("g", "Гоблин", "А", "c3"), card("o", "Орк", "Б", "c4", closed=True)), DEFS)
    strike_once(g, "g", "o", 4)
    cards = {c["id"]: c for c in state(g)["cards"]}
    assert cards["o"]["wounds"] == 2 and cards["g"]["wounds"] == 0
    assert [h["controller"] for h in state(g)["history"] if h["kind"] == "roll"] == ["А"]


def test_defender_takes_the_strike_and_closes():
    g = new_game(board(card("g", "Гоблин", "А", "c3"), card("o", "Орк", "Б", "c4"),
                       card("d", "Орк", "Б", "b4")), DEFS)
    g.act("А", {"type": "attack", "attacker": "g", "target": "o"})
    g.act("А", {"type": "pass"})
    g.act("Б", {"type": "pass"})
    assert g.pending == {"kind": "defender", "player": "Б", "for": "s1", "options": [None, "d"]}
    g.answer("Б", "d")
    g.answer("А", 6)
    g.answer("Б", 1)
    cards = {c["id"]: c for c in state(g)["cards"]}
    assert cards["d"]["wounds"] == 3 and cards["o"]["wounds"] == 0
    assert cards["d"]["open"] is False


def test_lethal_wounds_destroy_and_trigger_declared_at_priority():
    g = new_game(board(card("g", "Гоблин", "А", "c3"), card("o", "Орк", "Б", "c4", wounds=3),
                       card("m", "Мститель", "Б", "e6")), DEFS)
    strike_once(g, "g", "o", 6, 1)
    s = state(g)
    assert {c["id"]: c["zone"] for c in s["cards"]}["o"] == "graveyard"
    # Б's Мститель triggered; А (active, declares first: ASM classic-trigger-order) has nothing, so Б gets
    # priority to declare it before anyone acts
    assert s["priority"] == "Б" and s["pending"]["kind"] == "declare_trigger" and s["pending"]["player"] == "Б"
    assert [o["card"] for o in s["pending"]["options"]] == ["m"]
    grants = [h["controller"] for h in s["history"] if h["kind"] == "priority"]
    assert grants[-1] == "Б"


def test_threshold_trigger_takes_control_until_the_source_leaves():
    g = new_game(board(card("g", "Гоблин", "А", "c3"), card("n", "Невтида", "Б", "c4"),
                       card("g2", "Гоблин", "А", "a1")), DEFS)
    strike_once(g, "g", "n", 6, 1)                     # 3 wounds: 6 → 3 lives, crosses «4 или менее»
    p = state(g)["pending"]                            # Б gets priority and must declare
    assert p["kind"] == "declare_trigger" and p["options"][0]["card"] == "n"
    g.answer("Б", p["options"][0]["id"])
    assert state(g)["pending"]["kind"] == "target" and state(g)["pending"]["options"] == ["g", "g2"]
    g.answer("Б", "g2")
    g.act("Б", {"type": "pass"})
    g.act("А", {"type": "pass"})
    cards = {c["id"]: c for c in state(g)["cards"]}
    assert cards["g2"]["controller"] == "Б" and cards["g2"]["owner"] == "А"


def test_not_crossing_the_threshold_does_not_trigger():
    g = new_game(board(card("g", "Гоблин", "А", "c3"), card("n", "Невтида", "Б", "c4", wounds=3)), DEFS)
    strike_once(g, "g", "n", 5, 4)                     # weak: 3 → 2 lives, already ≤ 4 before
    assert not [h for h in state(g)["history"] if h["kind"] == "trigger"]


@pytest.mark.parametrize(("who", "action", "code"), [
    ("Б", {"type": "attack", "attacker": "o", "target": "g"}, "no_priority"),
    ("А", {"type": "attack", "attacker": "g", "target": "far"}, "not_adjacent"),
    ("А", {"type": "attack", "attacker": "o", "target": "g"}, "not_your_card"),
    ("А", {"type": "fly"}, "unknown_action"),
    ("Я", {"type": "pass"}, "unknown_player"),
])
def test_illegal_actions_are_refused_with_a_code(who, action, code):
    g = new_game(board(card("g", "Гоблин", "А", "c3"), card("o", "Орк", "Б", "c4"),
                       card("far", "Орк", "Б", "e6")), DEFS)
    before = json.dumps(state(g), sort_keys=True)
    with pytest.raises(IllegalAction) as err:
        g.act(who, action)
    assert err.value.code == code
    assert json.dumps(state(g), sort_keys=True) == before          # a refused request changes nothing


def test_closed_creature_cannot_attack():
    g = new_game(board(card("g", "Гоблин", "А", "c3", closed=True), card("o", "Орк", "Б", "c4")), DEFS)
    with pytest.raises(IllegalAction) as err:
        g.act("А", {"type": "attack", "attacker": "g", "target": "o"})
    assert err.value.code == "closed"


def test_answers_must_be_among_the_options_and_from_the_right_player():
    g = new_game(board(card("g", "Гоблин", "А", "c3"), card("o", "Орк", "Б", "c4")), DEFS)
    g.act("А", {"type": "attack", "attacker": "g", "target": "o"})
    g.act("А", {"type": "pass"})
    g.act("Б", {"type": "pass"})
    with pytest.raises(IllegalAction) as err:
        g.answer("А", 7)
    assert err.value.code == "illegal_choice"
    with pytest.raises(IllegalAction) as err:
        g.answer("Б", 3)
    assert err.value.code == "not_your_decision"
    with pytest.raises(IllegalAction) as err:
        g.act("А", {"type": "pass"})
    assert err.value.code == "decision_pending"


def _play(rolls):
    g = new_game(board(card("g", "Гоблин", "А", "c3"), card("n", "Невтида", "Б", "c4"),
                       card("m", "Мститель", "А", "b3")), DEFS)
    strike_once(g, "g", "n", *rolls)
    return g


@pytest.mark.parametrize("rolls", [(6, 1), (3, 3), (1, 6), (4, 2)])
def test_determinism_same_board_same_answers_same_state(rolls):
    a, b = _play(rolls), _play(rolls)
    assert json.dumps(state(a), sort_keys=True, ensure_ascii=False) == \
        json.dumps(state(b), sort_keys=True, ensure_ascii=False)
    c = a.clone()
    assert state(c) == state(a)
    json.loads(json.dumps(state(a)))                 # plain JSON-able data


def test_a_state_once_returned_and_a_clone_are_independent_of_later_play():
    """History entries and the pending decision are shared between states and clones (Game.log,
    Game.pending): nothing the game does later may change a state it returned, or the other game."""
    g = new_game(board(card("g", "Гоблин", "А", "c3"), card("n", "Невтида", "Б", "c4"),
                       card("m", "Мститель", "А", "b3")), DEFS)
    g.act("А", {"type": "attack", "attacker": "g", "target": "n"})
    g.act("А", {"type": "pass"})
    g.act("Б", {"type": "pass"})
    early = state(g)
    frozen = json.dumps(early, sort_keys=True, ensure_ascii=False)
    assert early["pending"] is not None and early["pending"]["kind"] == "roll"
    twin = g.clone()
    g.answer(early["pending"]["player"], 6)
    while g.pending is not None:
        first = g.pending["options"][0]
        g.answer(g.pending["player"], first["id"] if isinstance(first, dict) else first)
    while g.stack or g.fired:
        g.act(g.priority, {"type": "pass"})
    assert len(state(g)["history"]) > len(early["history"])
    assert json.dumps(early, sort_keys=True, ensure_ascii=False) == frozen     # the old state is untouched
    assert json.dumps(state(twin), sort_keys=True, ensure_ascii=False) == frozen  # and so is the clone
    after = json.dumps(state(g), sort_keys=True, ensure_ascii=False)
    twin.answer(early["pending"]["player"], 1)                # the clone plays on: the game is untouched
    assert json.dumps(state(g), sort_keys=True, ensure_ascii=False) == after


def test_end_of_turn_ends_your_turn_effects_and_opens_the_new_active_players_cards():
    g = new_game(board(card("g", "Гоблин", "А", "c3"), card("o", "Орк", "Б", "c4", closed=True),
                       card("m", "Мститель", "А", "a1")), DEFS)
    g.act("А", {"type": "end_turn"})
    s = state(g)
    assert (s["turn"], s["active_player"], s["priority"]) == (2, "Б", "Б")
    assert {c["id"]: c["open"] for c in s["cards"]}["o"] is True
    opened = [h for h in s["history"] if h["kind"] == "rule_effect" and h["info"]["effect"] == "open"]
    # classic 503.1: a rule effect has no target; the card it applies to is info.cards
    assert [(h["targets"], h["info"]["cards"]) for h in opened] == [([], ["o"])]


def test_setup_errors_name_the_path():
    with pytest.raises(SetupError) as err:
        new_game(board(card("g", "Нет такой", "А", "c3")), DEFS)
    assert err.value.problems[0][0] == ("cards", 0, "card")
    with pytest.raises(SetupError):
        new_game({"edition": "chess"}, DEFS)



def _refusal(setup):
    with pytest.raises(SetupError) as err:
        new_game(setup, DEFS)
    return dict(err.value.problems)


def test_the_engine_refuses_every_impossible_position_of_any_caller_at_once():
    """setup_problems is the one home of a legal position (the harness's boards only locate its problems)."""
    problems = _refusal(board(
        card("g", "Гоблин", "А", "c3"), card("o", "Орк", "Б", "c3"),               # one card per cell
        card("g", "Гоблин", "В", "f9"),                                            # id, player, grid
        {"id": "d", "card": "Гоблин", "owner": "А", "zone": "deck", "cell": "a1", "position": 0},
        {"id": "e", "card": "Гоблин", "owner": "А", "zone": "deck", "position": 0},  # position taken
        {"id": "p", "card": "Гоблин", "owner": "А", "cell": "a2", "position": 1},   # position on the field
        {"id": "x", "card": "Гоблин", "owner": "А", "host": "y"},
        {"id": "y", "card": "Гоблин", "owner": "А", "host": "x"},                   # hosts in a cycle
        {"id": "z", "card": "Гоблин", "owner": "А", "host": "d"},                   # host in the deck
        {"id": "w", "card": "Гоблин", "owner": "А", "host": "w"},                   # its own host
        effects=[{"kind": "control", "source": "gg", "target": "o", "amount": 1},
                 {"kind": "strike_bonus", "source": "g", "target": "o", "to": "А"}]))
    assert problems == {
        ("cards", 1, "cell"): "cell 'c3' is already taken by 'g' (cards[0]): one card per cell",
        ("cards", 2, "id"): "duplicate card id 'g' (first at cards[0])",
        ("cards", 2, "owner"): "'В' is not a player of this board: expected one of: А, Б",
        ("cards", 2, "cell"): "cell 'f9' is outside the 5×6 battlefield: columns a–e, rows 1–6",
        ("cards", 3, "cell"): "a card in the deck has no cell: 'cell' is only for cards on the battlefield "
                              "(remove it, or set zone: battlefield)",
        ("cards", 4, "position"): "position 0 in the deck of 'А' is already taken (by cards[3])",
        ("cards", 5, "position"): "'position' orders cards inside a deck, graveyard, hand or the additional zone: "
                                  "remove it for a card on the battlefield",
        ("cards", 6, "host"): "the hosts form a cycle (x → y → x): a card cannot be attached, directly or "
                              "through others, to itself",
        ("cards", 8, "host"): "the host 'd' (cards[3]) is in the deck: a card is attached to a card on the "
                              "battlefield",
        ("cards", 9, "host"): "'host' names the card itself ('w'): it must name another card of the board",
        ("effects", 0, "source"): "no card has id 'gg'; did you mean: g?",
        ("effects", 0, "to"): "missing required field 'to': a control effect gives the card to a player",
        ("effects", 0, "amount"): "a control effect has no 'amount' (it gives the card, it changes no number): "
                                  "remove it",
        ("effects", 1, "amount"): "missing required field 'amount': by how much the strike changes",
        ("effects", 1, "to"): "a strike_bonus effect has no 'to' (only a control effect gives a card to a "
                              "player): remove it",
    }


def test_the_engine_refuses_cells_by_edition_and_by_attachment():
    heroes = {"edition": "heroes", "active": "А", "cards": [card("g", "Гоблин", "А", "c3")]}
    assert _refusal(heroes) == {("cards", 0, "cell"): "heroes has no battlefield grid: remove 'cell'"}
    problems = _refusal(board(card("g", "Гоблин", "А", "c3"), card("o", "Орк", "А", "c3", host="g"),
                              {"id": "m", "card": "Гоблин", "owner": "Б"}, card("t", "Гоблин", "Б", "центр")))
    assert problems == {
        ("cards", 1, "cell"): "an attached card (with 'host') stands in its host's cell: remove 'cell'",
        ("cards", 2, "cell"): "missing required field 'cell': a card on the classic battlefield stands in a cell, "
                              "e.g. cell: c4",
        ("cards", 3, "cell"): "'центр' is not a cell name: expected a column a–e and a row 1–6, e.g. 'c4'",
    }

def test_vocabulary_check_reports_every_problem_with_its_path():
    bad = {"name": "X", "edition": "classic", "type": "creature", "lives": 1,
           "abilities": [{"key": "a", "kind": "triggered", "trigger": {"word": "Иногда", "event": "death"},
                          "effects": [{"do": "explode", "target": "target3"}]}]}
    paths = {p for p, _ in check_card_definition(bad)}
    assert ("abilities", 0, "trigger", "word") in paths
    assert ("abilities", 0, "effects", 0, "do") in paths
    assert ("abilities", 0, "effects", 0, "target") in paths
    assert check_card_definition(AVENGER) == []


def test_near_refers_to_one_earlier_target_never_to_an_all_group():
    """«рядом с выбранным …» (near: targetN) names one chosen card or cell: near an earlier «все …» target
    (all: true) is refused at load, with the field, rather than played as no restriction at all."""
    def with_targets(targets: list) -> dict:
        return {"name": "X", "edition": "classic", "type": "creature", "lives": 1, "strike": [1, 1, 1],
                "abilities": [{"key": "a", "kind": "activated", "targets": targets,
                               "effects": [{"do": "wound", "target": "target2", "amount": 1}]}]}
    where = ("abilities", 0, "targets", 1, "near")
    bad = check_card_definition(with_targets([{"type": "creature", "all": True},
                                              {"type": "creature", "near": "target1"}]))
    assert [m for p, m in bad if p == where] == [
        "near: target1: expected an earlier target that is one card or cell, not «все …» (all: true)"]
    assert check_card_definition(with_targets([{"type": "creature"}, {"type": "creature", "near": "target1"}])) == []
    put = {"name": "X", "edition": "classic", "type": "creature", "lives": 1, "strike": [1, 1, 1],
           "abilities": [{"key": "a", "kind": "activated",
                          "targets": [{"type": "creature", "zone": "hand", "all": True}, {"cell": True}],
                          "effects": [{"do": "put_into_play", "target": "target2", "card": "target1"}]}]}
    assert [m for p, m in check_card_definition(put) if p == ("abilities", 0, "effects", 0, "card")] == [
        "card: target1: expected a target that is one card, not «все …» (all: true)"]


def test_min_amount_only_where_an_amount_is_read():
    """«нанёсшей N или более ран»: a condition with min_amount on an action that has no amount (a death, «До» an
    attack) would never hold: the card is refused; on an attack, a wounding or a healing it is accepted."""
    def with_trigger(trigger: dict) -> dict:
        return {"name": "X", "edition": "classic", "type": "creature", "lives": 1, "strike": [1, 1, 1],
                "abilities": [{"key": "a", "kind": "triggered", "trigger": trigger,
                               "effects": [{"do": "strike_bonus", "target": "self", "amount": 1}]}]}
    where = ("abilities", 0, "trigger", "min_amount")
    for bad in ({"word": "При", "event": "death", "min_amount": 2},
                {"word": "До", "event": "attack", "subject": {"who": "self"}, "min_amount": 2}):
        assert where in {p for p, _ in check_card_definition(with_trigger(bad))}, bad
    for good in ({"word": "После", "event": "attack", "subject": {"who": "self"}, "min_amount": 3},
                 {"word": "Если", "event": "healed", "min_amount": 2}):
        assert where not in {p for p, _ in check_card_definition(with_trigger(good))}, good


def test_every_assumption_is_quoted_where_it_is_carried_out_and_every_quote_is_registered():
    """DESIGN: an assumption is quoted (`ASM <id>`) in the engine or catalog code that carries it out;
    a quote naming no registered assumption is a dangling reference."""
    import re

    from harness.common import paths
    from harness.suite.session import load_assumptions

    registered = {a["id"] for a in load_assumptions()}
    quoted: dict[str, list[str]] = {}
    sources = [*sorted((paths.ROOT / "engine").glob("*.py")), *sorted((paths.ROOT / "catalog").glob("*.yaml"))]
    for f in sources:
        text = f.read_text("utf-8")
        for m in re.finditer(r"ASM ([a-z0-9-]+(?:, [a-z0-9-]+)*)", text):
            for aid in m.group(1).split(", "):
                quoted.setdefault(aid, []).append(f"{f.name}:{text.count(chr(10), 0, m.start()) + 1}")
    assert {a: w for a, w in quoted.items() if a not in registered} == {}
    assert sorted(registered - set(quoted)) == []



def _one_ability(ability: dict) -> dict:
    return {"name": "X", "edition": "classic", "type": "creature", "lives": 3, "abilities": [ability]}


@pytest.mark.parametrize("ability, path", [
    # the one-flag-per-card-case fields are gone: each names the spec that replaced it
    ({"key": "a", "kind": "static", "prevent": 1}, ("abilities", 0, "prevent")),
    ({"key": "a", "kind": "static", "prevent_destroy": True}, ("abilities", 0, "prevent_destroy")),
    ({"key": "a", "kind": "static", "effect_bonus": {"amount": 1, "against": "not_moved_previous_turn"}},
     ("abilities", 0, "effect_bonus")),
    ({"key": "a", "kind": "activated", "participle": {"condition": "cell_occupied", "instead": []}},
     ("abilities", 0, "participle")),
    # a replacement of wounds or destruction is a static's; of effects, never a static's (115.1.p1)
    ({"key": "a", "kind": "triggered", "trigger": {"word": "При", "event": "death"},
      "replacement": {"of": "destruction"}}, ("abilities", 0, "replacement", "of")),
    ({"key": "a", "kind": "static", "replacement": {"of": "wounds"}}, ("abilities", 0, "replacement", "prevent")),
    ({"key": "a", "kind": "static", "replacement": {"of": "destruction", "prevent": 2}},
     ("abilities", 0, "replacement", "prevent")),
    ({"key": "a", "kind": "activated", "replacement": {"of": "effects", "instead": [{"do": "close"}]}},
     ("abilities", 0, "replacement", "when")),
    ({"key": "a", "kind": "activated", "replacement": {"of": "effects", "when": "cell_occupied", "instead": []}},
     ("abilities", 0, "replacement", "instead")),
    ({"key": "a", "kind": "static", "replacement": {"of": "everything"}}, ("abilities", 0, "replacement", "of")),
    # «вместо того чтобы [verb]»: a static's; a known verb acting on a card; instead effects on the card itself
    ({"key": "a", "kind": "activated", "replacement": {"of": "effect", "verb": "wound", "instead": []}},
     ("abilities", 0, "replacement", "of")),
    ({"key": "a", "kind": "static", "replacement": {"of": "effect", "instead": []}},
     ("abilities", 0, "replacement", "verb")),
    ({"key": "a", "kind": "static", "replacement": {"of": "effect", "verb": "incarnate", "instead": []}},
     ("abilities", 0, "replacement", "verb")),
    ({"key": "a", "kind": "static", "replacement": {"of": "effect", "verb": "wound", "from": "you", "instead": []}},
     ("abilities", 0, "replacement", "from")),
    ({"key": "a", "kind": "static", "replacement": {"of": "effect", "verb": "wound",
                                                    "instead": [{"do": "destroy", "target": "target1"}]}},
     ("abilities", 0, "replacement", "instead", 0, "target")),
    ({"key": "a", "kind": "static", "replacement": {"of": "effect", "verb": "wound", "instead": [{"do": "wound_roll"}]}},
     ("abilities", 0, "replacement", "instead", 0, "do")),
    ({"key": "a", "kind": "static", "replacement": {"of": "effect", "verb": "wound", "same_amount": True,
                                                    "instead": [{"do": "add_counters", "amount": 1}]}},
     ("abilities", 0, "replacement", "same_amount")),
    ({"key": "a", "kind": "static", "replacement": {"of": "destruction", "verb": "destroy"}},
     ("abilities", 0, "replacement", "verb")),
    ({"key": "a", "kind": "activated", "modifier": {"of": "effect_amount", "amount": 1,
                                                    "when": "not_moved_previous_turn"}}, ("abilities", 0, "modifier")),
    ({"key": "a", "kind": "static", "modifier": {"of": "effect_amount", "amount": 1, "when": "always"}},
     ("abilities", 0, "modifier", "when")),
    # protection («не может быть целью …», ASM protection) is a static's, from opponent|any, of forms spell|effect
    ({"key": "a", "kind": "activated", "protection": {"from": "any"}}, ("abilities", 0, "protection")),
    ({"key": "a", "kind": "static", "protection": {"from": "enemy"}}, ("abilities", 0, "protection", "from")),
    ({"key": "a", "kind": "static", "protection": {"from": "any", "forms": ["attack"]}},
     ("abilities", 0, "protection", "forms")),
    ({"key": "a", "kind": "static", "protection": {"forms": ["spell"]}}, ("abilities", 0, "protection", "from")),
    # near names an earlier target (a card or a cell), never a later one nor a target that does not exist
    ({"key": "a", "kind": "activated", "targets": [{"near": "target2"}, {"cell": True}]},
     ("abilities", 0, "targets", 0, "near")),
    ({"key": "a", "kind": "activated", "targets": [{"cell": True}, {"near": "targetX"}]},
     ("abilities", 0, "targets", 1, "near")),
])
def test_ability_specs_are_checked_with_their_path(ability, path):
    assert path in {p for p, _ in check_card_definition(_one_ability(ability))}


def test_near_a_cell_target_is_accepted_and_protection_composes():
    from engine import parse_card
    from engine.model import Protection

    assert check_card_definition(_one_ability({"key": "a", "kind": "activated", "targets": [
        {"cell": True}, {"type": "creature", "all": True, "near": "target1"}],
        "effects": [{"do": "wound", "target": "target2", "amount": 1}]})) == []
    card = parse_card(_one_ability({"key": "a", "kind": "static", "protection": {"from": "opponent",
                                                                                  "forms": ["effect"]}}))
    assert card.abilities[0].protection == Protection(from_="opponent", forms=("effect",))


def test_ability_specs_compose_into_the_definition():
    from engine import parse_card

    card = parse_card(_one_ability({"key": "a", "kind": "activated", "cost": {"close": True, "counters": 2},
                                    "targets": [{"cell": True}],
                                    "effects": [{"do": "incarnate", "target": "target1"}],
                                    "replacement": {"of": "effects", "when": "cell_occupied",
                                                    "instead": [{"do": "destroy_all_in_cell", "target": "target1"}]}}))
    ab = card.abilities[0]
    assert (ab.cost.close, ab.cost.counters) == (True, 2)
    assert (ab.replacement.of, ab.replacement.when, [e.do for e in ab.replacement.instead]) == \
        ("effects", "cell_occupied", ["destroy_all_in_cell"])
    shield = parse_card(_one_ability({"key": "щит", "kind": "static", "replacement": {"of": "wounds", "prevent": 1}}))
    assert (shield.abilities[0].replacement.of, shield.abilities[0].replacement.prevent) == ("wounds", 1)
    sponge = parse_card(_one_ability({"key": "в", "kind": "static", "replacement": {
        "of": "effect", "verb": "wound", "from": "opponent", "same_amount": True, "instead": [{"do": "add_counters"}]}}))
    r = sponge.abilities[0].replacement
    assert (r.of, r.verb, r.from_, r.same_amount, [e.do for e in r.instead]) == \
        ("effect", "wound", "opponent", True, ["add_counters"])


def test_trigger_words_are_read_through_one_table():
    """The catalog speaks the card's Russian word; the engine reads its English value (cards.TRIGGER_WORDS)."""
    from engine import parse_card
    from engine.cards import TRIGGER_WORDS

    assert sorted(TRIGGER_WORDS.values()) == ["after", "before", "end_of_turn", "if", "on", "start_of_turn", "when"]
    for word, value in TRIGGER_WORDS.items():
        event = {"word": word, "event": "attack"} if word == "До" else {"word": word, "event": "death"}
        card = parse_card(_one_ability({"key": "a", "kind": "triggered", "trigger": event}))
        assert card.abilities[0].trigger.word == value
    assert check_card_definition(_one_ability({"key": "a", "kind": "triggered",
                                               "trigger": {"word": "after", "event": "death"}})) != []


@pytest.mark.parametrize("edition, trigger, ok", [
    # 113.2 «До [действие]»: every action the edition declares (ASM do-any-action) ...
    ("classic", {"event": "attack"}, True),
    ("classic", {"event": "attack", "attack": "simple"}, True),
    ("classic", {"event": "attack", "attack": "shot"}, True),      # a shot is declared with its ability (113.2.p1)
    ("classic", {"event": "ability_executed"}, True),
    ("classic", {"event": "ability_executed", "form": "spell"}, True),
    ("classic", {"event": "moved"}, True),
    ("classic", {"event": "played"}, True),
    ("heroes", {"event": "ability_executed"}, True),
    ("heroes", {"event": "played"}, True),
    # ... and nothing that is not declared, or that the edition has not (heroes: no simple strike, no grid)
    ("classic", {"event": "attack", "attack": "answer"}, False),   # an answer strike is never declared (113.2)
    ("classic", {"event": "healed"}, False),
    ("classic", {"event": "death"}, False),
    ("heroes", {"event": "attack"}, False),
    ("heroes", {"event": "moved"}, False),
])
def test_do_precedes_every_declared_action_of_the_edition(edition: str, trigger: dict, ok: bool):
    card = {**_one_ability({"key": "a", "kind": "triggered", "trigger": {"word": "До", **trigger}}),
            "edition": edition}
    if edition == "heroes":
        card["strike"] = 1
    problems = check_card_definition(card)
    assert (problems == []) is ok, problems
    if not ok:
        assert {p[:3] for p, _ in problems} == {("abilities", 0, "trigger")}, problems


def test_the_effects_table_carries_every_verb_of_the_vocabulary():
    from engine import cards, effects

    assert cards.EFFECTS == (                        # the vocabulary's order (docs/VOCABULARY.md) is the table's
        "strike_bonus", "strike_set", "gain_control", "oblige_attack", "wound", "heal", "destroy", "lose_abilities",
        "add_lives", "negative_lives", "add_counters", "roll_bonus", "wound_roll", "look_at_deck", "take_from_deck",
        "return_to_deck", "return_to_hand", "detach", "generated_attack", "generated_ability", "close",
        "add_cell_marker", "remove_markers", "incarnate", "destroy_all_in_cell", "put_into_play")
    assert {v.target for v in effects.VERBS.values()} == {"card", "card_any_zone", "cell", "stack"}
    assert set(cards.STATIC_EFFECTS) == {"strike_bonus", "strike_set", "lose_abilities", "roll_bonus"}
    assert set(cards.BATTLE_START_EFFECTS) == {"strike_bonus", "add_lives"}


def test_the_facts_of_the_game_are_exported_once():
    import engine

    assert engine.EDITION_NAMES == ("classic", "heroes") == tuple(engine.EDITIONS)
    assert (engine.GRID_COLUMNS, engine.GRID_ROWS) == ("abcde", 6)
    assert len(engine.EDITIONS["classic"].cells()) == 30 and engine.EDITIONS["heroes"].cells() == []
    assert engine.ZONES == ("battlefield", "additional", "graveyard", "deck", "hand")
    assert set(engine.IN_PLAY) < set(engine.ZONES) and engine.DEFAULT_PLAYERS == ("А", "Б")
    assert engine.ACTION_TYPES == ("pass", "attack", "activate", "play", "move", "end_turn")
    assert engine.STEPS == ("start", "main", "end")
    assert engine.RESOLUTION_STEPS == ("declared", "target_resolution", "rolls", "apply", "payment", "done")
    s = state(new_game({"edition": "classic", "cards": [card("g", "Гоблин", "А", "a1")]}, DEFS))
    assert [p["name"] for p in s["players"]] == list(engine.DEFAULT_PLAYERS)


def test_a_card_put_into_play_starts_its_game_segment_in_that_turn():
    """heroes 115.1 / ASM static-segment: a static «до конца хода» acts from the moment its card came into play
    to the end of that turn. A card put into play from the hand by an effect in a later turn than the board's
    starts its segment then (engine/zones.enter_battlefield, as for a card played or incarnated): its static
    applies at once, and stops at that turn's end."""
    banner = {"name": "Знаменосец", "edition": "classic", "type": "creature", "lives": 3, "strike": [1, 1, 1],
              "abilities": [{"key": "знамя", "kind": "static", "affects": {"who": "self"},
                             "effects": [{"do": "strike_bonus", "amount": 2, "until": "end_of_turn"}]}]}
    caller = {"name": "Вызыватель", "edition": "classic", "type": "creature", "lives": 3, "strike": [1, 1, 1],
              "abilities": [{"key": "призыв", "kind": "activated",
                             "targets": [{"type": "creature", "controller": "you", "zone": "hand"}, {"cell": True}],
                             "effects": [{"do": "put_into_play", "target": "target2", "card": "target1"}]}]}
    game = new_game(board(card("caller", "Вызыватель", "А", "a1"), card("goblin", "Гоблин", "Б", "c5"),
                          {"id": "banner", "card": "Знаменосец", "owner": "А", "zone": "hand"}, turn=3),
                    {**DEFS, "Знаменосец": banner, "Вызыватель": caller})
    game.act("А", {"type": "end_turn"})
    game.act("Б", {"type": "end_turn"})                 # turn 5, А's again: the board was set up in turn 3
    game.act("А", {"type": "activate", "card": "caller", "ability": "призыв"})
    game.answer("А", "banner")
    game.answer("А", "b1")
    game.act("А", {"type": "pass"})
    game.act("Б", {"type": "pass"})

    def strike():
        return next(c for c in state(game)["cards"] if c["id"] == "banner")["strike"]["value"]

    assert next(c for c in state(game)["cards"] if c["id"] == "banner")["cell"] == "b1"
    assert state(game)["turn"] == 5 and strike() == [3, 3, 3]
    game.act("А", {"type": "end_turn"})
    assert strike() == [1, 1, 1]
