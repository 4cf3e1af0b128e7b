"""The engine's shortcuts are exact: the rule-effects loop (503.1) is skipped, and the cards and effects
of the canonical state are rendered once, while nothing changed (`Game.changes`, counted by the battle
history: engine/battle_history.py); a rule effect the board makes impossible is not checked in that game
(`rule_effects.POSSIBLE`). `Game.VERIFY_SKIPS` checks every skip against the full computation; the
fuzzer plays with it on (tests/test_fuzz.py), the whole suite runs with it on here, and a change made with
no history entry is caught."""

from __future__ import annotations

import subprocess
import sys

import pytest

import engine
from engine import new_game, state

GOBLIN = {"name": "Гоблин", "edition": "classic", "type": "creature", "lives": 4, "strike": [1, 2, 3]}
ORC = {"name": "Орк", "edition": "classic", "type": "creature", "lives": 5, "strike": [2, 3, 4]}
BOARD = {"edition": "classic", "turn": 1, "active": "А", "players": ["А", "Б"],
         "cards": [{"id": "g", "card": "Гоблин", "owner": "А", "cell": "c3"},
                   {"id": "o", "card": "Орк", "owner": "Б", "cell": "c4"}], "effects": []}
DEFS = {"Гоблин": GOBLIN, "Орк": ORC}


def verified_game():
    game = new_game(BOARD, DEFS)
    game.VERIFY_SKIPS = True
    return game


def test_a_pass_changes_nothing_a_rule_effect_reads_and_the_loop_is_skipped() -> None:
    game = verified_game()
    before = game.changes
    game.act("А", {"type": "pass"})
    assert game.changes == before == game.rules_checked_at      # only «pass» and «priority» were written
    assert state(game)["priority"] == "Б"


def test_a_lethal_wound_written_to_the_history_is_applied_at_once() -> None:
    game = verified_game()
    game.cards["o"].wounds = 5
    game.log("effect", targets=["o"], effect="wound")              # the change, written as the engine writes it
    game.act("А", {"type": "pass"})
    assert next(c for c in state(game)["cards"] if c["id"] == "o")["zone"] == "graveyard"     # 503.1.b5


def test_a_change_with_no_history_entry_is_caught_by_the_rule_effects_check() -> None:
    game = verified_game()
    game.cards["o"].wounds = 5                                     # a lethal wound nobody wrote down
    with pytest.raises(AssertionError, match="rule effects skipped while relevant: \\['lethal_wounds'\\]"):
        game.act("А", {"type": "pass"})


def test_a_change_with_no_history_entry_is_caught_by_the_canonical_state() -> None:
    game = verified_game()
    state(game)
    game.cards["o"].wounds = 1                                     # not lethal: no rule effect, but observable
    with pytest.raises(AssertionError, match="no change written to the history"):
        state(game)


def test_an_effect_until_the_end_of_turn_ends_at_the_end_after_the_turn_end_abilities() -> None:
    """503.1.b15: a «до конца хода» effect ends when the turn ends. After «В конце хода» abilities resolved,
    the turn's second end (step end_done) is written as no history entry of its own; it still counts as a
    change, so the rule-effects loop runs there and the effect ends before the next turn starts (found by the
    fuzzer: the loop was skipped and the effect ended only after the next turn's start)."""
    last = {"key": "в конце хода", "kind": "triggered", "trigger": {"word": "В конце хода", "event": "turn_end",
                                                                   "in_your_turn": True},
            "effects": [{"do": "strike_bonus", "target": "self", "amount": 1, "until": "end_of_turn"}]}
    game = new_game(BOARD, {**DEFS, "Гоблин": {**GOBLIN, "abilities": [last]}})
    game.VERIFY_SKIPS = True
    game.act("А", {"type": "end_turn"})
    game.answer("А", game.pending["options"][0]["id"])
    while game.stack:
        game.act(game.priority, {"type": "pass"})
    goblin = next(c for c in state(game)["cards"] if c["id"] == "g")
    assert goblin["strike"]["value"] == [2, 3, 4] and state(game)["turn"] == 1
    game.act("А", {"type": "end_turn"})
    kinds = [(h["kind"], h["info"].get("effect")) for h in state(game)["history"]]
    assert kinds.index(("rule_effect", "effect_end")) < kinds.index(("turn_start", None), kinds.index(
        ("turn_end", None)))
    assert next(c for c in state(game)["cards"] if c["id"] == "g")["strike"]["value"] == [1, 2, 3]


def test_a_rule_effect_the_board_makes_impossible_is_not_checked() -> None:
    """rule_effects.POSSIBLE: with no flying card, no host, no face-down card and no unique twins on the board,
    those checks are left out for the whole game; a flying card brings the flying check back."""
    from engine import rule_effects

    names = {check.__name__ for check in rule_effects.possible_checks(new_game(BOARD, DEFS))}
    assert {"lethal_wounds", "ended_effects", "player_loses"} <= names
    assert not names & {"flying_zone", "host_left", "with_host", "reveal", "uniqueness", "static_effects"}
    bat = {**GOBLIN, "name": "Нетопырь", "flying": True}
    flying = {**BOARD, "cards": [*BOARD["cards"], {"id": "b", "card": "Нетопырь", "owner": "А", "cell": "a1"}]}
    game = new_game(flying, {**DEFS, "Нетопырь": bat})
    assert "flying_zone" in {check.__name__ for check in rule_effects.possible_checks(game)}
    assert next(c for c in state(game)["cards"] if c["id"] == "b")["zone"] == "additional"   # 503.1.b10


def test_a_check_wrongly_left_out_as_impossible_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """If POSSIBLE said a relevant check could never be relevant, VERIFY_SKIPS finds it after the loop."""
    from engine import rule_effects

    monkeypatch.setitem(rule_effects.POSSIBLE, rule_effects.lethal_wounds, lambda game: False)
    game = verified_game()
    game.cards["o"].wounds = 5
    game.log("effect", targets=["o"], effect="wound")
    with pytest.raises(AssertionError, match="left out as impossible in this game are relevant: \\['lethal_wounds'\\]"):
        game.act("А", {"type": "pass"})


def test_without_verification_the_rendered_cards_are_reused_until_a_change() -> None:
    game = new_game(BOARD, DEFS)
    first = state(game)
    game.act("А", {"type": "pass"})
    second = state(game)
    assert second["cards"] is first["cards"] and second["priority"] != first["priority"]
    game.log("effect", targets=["o"], effect="wound")             # a change: rendered again
    assert state(game)["cards"] is not second["cards"]


def test_the_whole_suite_passes_with_every_shortcut_verified() -> None:
    code = ("import sys; from engine.game import Game; Game.VERIFY_SKIPS = True\n"
            "from harness.run.runner import run\n"
            "o = run(quiet=True)\n"
            "bad = o.results.unexpected\n"
            "print(len(o.results.results), 'scenarios;', len(bad), 'not as expected:', [r.name for r in bad][:5])\n"
            "sys.exit(1 if bad or o.code else 0)")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr[-3000:]
    assert " 0 not as expected" in proc.stdout and not proc.stdout.startswith("0 ")


def test_the_verification_is_off_in_play() -> None:
    assert engine.Game.VERIFY_SKIPS is False          # it costs a full computation at every skip
