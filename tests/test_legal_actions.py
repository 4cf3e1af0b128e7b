"""`Game.legal_actions(player)` agrees with `act`: on random boards of both editions (harness/fuzz.py's
board generator) after random play, every listed action is accepted by `act` on a clone, and every action
of an independent enumeration that `act` accepts is listed (so one it refuses is not)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from harness.quality import fuzz

MALFORMED = [{"type": "teleport"}, {"type": "attack"}, {"type": "move", "card": "нет", "cell": "a1"},
             {"type": "play", "card": "нет"}, {"type": "activate", "card": "нет", "ability": "нет"}]


def enumerate_actions(game: engine.Game, definitions: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    """Every action whose parameters name things of the board, built without the engine's rules: every
    pair of cards for an attack, every card and cell for a move or a play, every printed ability."""
    s = engine.state(game)
    ids = [c["id"] for c in s["cards"]]
    cells = game.edition.cells() or ["a1"]
    out: list[dict[str, Any]] = [{"type": "pass"}, {"type": "end_turn"}, *MALFORMED]
    out += [{"type": "attack", "attacker": a, "target": t} for a in ids for t in ids]
    out += [{"type": "move", "card": c, "cell": cell} for c in ids for cell in cells]
    out += [{"type": "play", "card": c, "cell": cell} for c in ids for cell in cells]
    out += [{"type": "play", "card": c} for c in ids]
    out += [{"type": "activate", "card": c["id"], "ability": ab["key"]} for c in s["cards"]
            for ab in definitions.get(c["name"], {}).get("abilities", [])]
    return out


def normal(game: engine.Game, action: dict[str, Any]) -> dict[str, Any]:
    """The action as `legal_actions` words it: a heroes play names no cell (there is no grid; `act` ignores one)."""
    if action["type"] == "play" and not game.edition.has_grid:
        return {k: v for k, v in action.items() if k != "cell"}
    return action


def accepted(game: engine.Game, player: str, action: dict[str, Any]) -> bool:
    try:
        game.act(player, json.loads(json.dumps(action)))
    except engine.IllegalAction:
        return False
    return True


def check_position(game: engine.Game, definitions: dict[str, dict[str, Any]]) -> int:
    """Both directions on one position; returns the number of actions tried."""
    tried = 0
    for player in game.players:
        legal = game.legal_actions(player)
        assert engine.legal_actions(game, player) == legal
        assert len({json.dumps(a, sort_keys=True) for a in legal}) == len(legal), "an action is listed twice"
        trial = game.clone()
        for action in enumerate_actions(game, definitions):
            tried += 1
            listed = normal(game, action) in legal
            ok = accepted(trial, player, action)
            assert ok == listed, f"{player} {action}: act {'accepts' if ok else 'refuses'} it, " \
                                 f"legal_actions {'lists' if listed else 'does not list'} it"
            if ok:
                trial = game.clone()          # a refused request leaves the game unchanged; an accepted one not
        for action in legal:
            assert accepted(game.clone(), player, action), f"{player} {action} is listed but refused"
    return tried


@st.composite
def positions(draw: Any) -> tuple[engine.Game, dict[str, dict[str, Any]]]:
    """A random board of either edition, then up to 12 random legal moves (answers or listed actions)."""
    setup, definitions = draw(fuzz.boards())
    game = engine.new_game(json.loads(json.dumps(setup)), json.loads(json.dumps(definitions)))
    for _ in range(draw(st.integers(0, 12))):
        s = engine.state(game)
        if s["game_over"]:
            break
        if s["pending"]:
            options = [o["id"] if isinstance(o, dict) else o for o in s["pending"]["options"]]
            game.answer(s["pending"]["player"], draw(st.sampled_from(options)))
            continue
        legal = game.legal_actions(s["priority"])
        assert legal, "the player with priority has no legal action (pass always is)"
        game.act(s["priority"], draw(st.sampled_from(legal)))
    return game, definitions


@settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(positions())
def test_legal_actions_are_exactly_what_act_accepts(position: tuple[engine.Game, dict[str, dict[str, Any]]]) -> None:
    game, definitions = position
    assert check_position(game, definitions) > 0


CLASSIC_CARD = {"name": "Воин", "edition": "classic", "type": "creature", "lives": 3, "move": 1, "strike": 1,
                "abilities": [{"key": "закрыться", "kind": "activated", "cost": {"close": True}}]}


def _classic(cards: list[dict[str, Any]], **extra: Any) -> engine.Game:
    return engine.new_game({"edition": "classic", "cards": cards, **extra}, {"Воин": CLASSIC_CARD})


def test_a_classic_position_lists_its_actions() -> None:
    game = _classic([{"id": "a", "card": "Воин", "owner": "А", "cell": "b2"},
                     {"id": "b", "card": "Воин", "owner": "Б", "cell": "c3"},
                     {"id": "h", "card": "Воин", "owner": "А", "zone": "hand"}])
    legal = game.legal_actions("А")
    assert legal[:2] == [{"type": "pass"}, {"type": "end_turn"}]
    assert {"type": "attack", "attacker": "a", "target": "b"} in legal           # diagonal: they stand next to
    assert {"type": "activate", "card": "a", "ability": "закрыться"} in legal
    assert sorted(a["cell"] for a in legal if a["type"] == "move") == ["a2", "b1", "b3", "c2"]
    assert len([a for a in legal if a["type"] == "play"]) == 28                  # every free cell of the grid
    assert game.legal_actions("Б") == []                                          # no priority
    game.act("А", {"type": "activate", "card": "a", "ability": "закрыться"})
    assert [a["type"] for a in game.legal_actions("А")] == ["pass"]               # the stack is not empty


@pytest.mark.parametrize("extra, expected", [
    ({"closed": True}, set()),                        # a closed card neither attacks nor moves nor pays by closing
    ({"moves_left": 0}, {"attack", "activate"}),
])
def test_a_card_state_removes_its_actions(extra: dict[str, Any], expected: set[str]) -> None:
    game = _classic([{"id": "a", "card": "Воин", "owner": "А", "cell": "b2", **extra},
                     {"id": "b", "card": "Воин", "owner": "Б", "cell": "b3"}])
    kinds = {a["type"] for a in game.legal_actions("А") if a.get("card", a.get("attacker")) == "a"}
    assert kinds == expected


def test_no_action_while_a_decision_is_pending_or_the_game_is_over() -> None:
    game = _classic([{"id": "a", "card": "Воин", "owner": "А", "cell": "b2"},
                     {"id": "b", "card": "Воин", "owner": "Б", "cell": "b3"}])
    game.act("А", {"type": "attack", "attacker": "a", "target": "b"})
    game.act("А", {"type": "pass"})
    game.act("Б", {"type": "pass"})
    assert game.pending is not None and game.pending["kind"] == "roll"
    assert game.legal_actions("А") == game.legal_actions("Б") == []
    over = _classic([{"id": "a", "card": "Воин", "owner": "А", "cell": "b2"}])    # Б has no creature: 503.1.b18
    assert engine.state(over)["game_over"] and over.legal_actions("А") == []
