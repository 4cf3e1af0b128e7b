"""Stateful fuzzing of the reference engine: random valid boards, random play, invariants after every step.

A hypothesis `RuleBasedStateMachine` (`EngineMachine`) starts from a random valid board of either edition
(cards of the catalog and small generated test cards written in the vocabulary of `engine/cards.py`: triggered
abilities with every trigger word, «До» included, activated ones, compound ones, abilities that substitute
another, statics — bonuses, prevention, replacement, redirection, protection — and «начинает бой с …») and
plays random moves: an answer to the pending decision (one of its options, now and then a wrong one), or
one of the legal actions of the player with priority (`Game.legal_actions`: pass, end_turn, attack,
activate, play, move; now and then one by the other player or an illegal one). The illegal ones are
refused with `IllegalAction`; a refusal must leave the canonical state unchanged. After every step `check_state` verifies:

- every card is in exactly one known zone; a cell only on the classic battlefield (an attached card in
  its host's cell), a valid cell of the grid, at most one unattached card per cell;
- no dead creature in play once the engine has stopped (unless the game is over: 503.1.b18 ends it);
- wounds, counters, lives (maximum, additional, negative), poison, movement never negative;
- every stack/Queue entry, waiting trigger, effect and pending option refers to a card that exists (or
  a cell of the grid);
- the engine stopped somewhere a player can act: a decision is pending, a player has priority, or the
  game is over; the battle history only grew (append-only, unique ids);
- the canonical state round-trips through JSON unchanged;
- `game.clone()` followed by the same move gives the same outcome and the same state;
- (every few steps and at the end) replaying the whole log of moves from the same board gives the same
  outcomes and the same state.

The rule-effects loop terminating is checked by every call returning (a watchdog turns a hang into a
failure). `mutated_setups` + `check_setup` feed `new_game` broken boards: each must start a game that meets
the invariants, or be refused with `SetupError` (every problem with its path) — never another exception.

Profiles: the tests run a short one (a few seconds, derandomized); `BERSERK_FUZZ=long` (or
`python -m harness.quality.fuzz --steps 10000`) plays until at least that many steps were made.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from hypothesis import HealthCheck, note, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

import engine
from engine.editions import EDITIONS
from harness.common.facts import DEFAULT_PLAYERS, IN_PLAY, ZONES
from harness.common.timelimit import time_limit
from harness.suite.session import catalog

PLAYERS = list(DEFAULT_PLAYERS)

STEP_TIMEOUT_S = 20.0
REPLAY_EVERY = 10

# ------------------------------------------------------------------------------------------ profiles
PROFILES: dict[str, dict[str, int]] = {
    # examples × steps per example; `steps` is the least number of steps a profile plays
    "short": {"max_examples": 30, "stateful_step_count": 30, "steps": 0},
    "long": {"max_examples": 200, "stateful_step_count": 60, "steps": 10_000},
}


def profile_name() -> str:
    name = os.environ.get("BERSERK_FUZZ", "short").strip().lower() or "short"
    return name if name in PROFILES else "short"


def profile_settings(name: str, derandomize: bool = True) -> settings:
    p = PROFILES[name]
    return settings(max_examples=p["max_examples"], stateful_step_count=p["stateful_step_count"],
                    deadline=None, derandomize=derandomize, database=None, print_blob=False,
                    suppress_health_check=list(HealthCheck))


# ------------------------------------------------------------------------------------------ test cards
def _catalog() -> Any:
    return catalog()


def _filter(draw: Any, **fixed: Any) -> dict[str, Any]:
    f: dict[str, Any] = {"type": "creature"}
    controller = draw(st.sampled_from(["you", "opponent", "any"]))
    if controller != "any":
        f["controller"] = controller
    if draw(st.integers(0, 5)) == 0:
        f["state"] = draw(st.sampled_from(["open", "closed"]))
    if draw(st.integers(0, 6)) == 0:
        f["wounded"] = True
    f.update(fixed)
    return f


@st.composite
def _effects(draw: Any, n_targets: int) -> list[dict[str, Any]]:
    """One or two effects of an activated or triggered ability with `n_targets` targets."""
    targets = ["self"] + [f"target{i}" for i in range(1, n_targets + 1)]
    out = []
    for _ in range(draw(st.integers(1, 2))):
        do = draw(st.sampled_from(["wound", "wound", "heal", "strike_bonus", "close", "destroy", "add_lives",
                                   "negative_lives", "gain_control", "roll_bonus", "wound_roll",
                                   "look_at_deck", "take_from_deck", "return_to_deck", "strike_set", "add_counters"]))
        target = draw(st.sampled_from(targets))
        e: dict[str, Any] = {"do": do, "target": target}
        if do in ("wound", "heal", "add_lives", "negative_lives", "strike_bonus", "roll_bonus", "strike_set",
                  "add_counters"):
            e["amount"] = draw(st.integers(0 if do == "strike_set" else 1, 3))
        if do in ("strike_bonus", "roll_bonus", "strike_set"):
            e["until"] = draw(st.sampled_from(["end_of_turn", "end_of_controller_turn"]))
        if do == "gain_control":
            if draw(st.booleans()):
                e["while"] = "source_in_squad"
            else:
                e["until"] = draw(st.sampled_from(["end_of_turn", "end_of_controller_turn"]))
        if do == "wound" and draw(st.integers(0, 3)) == 0:
            e["attack"] = draw(st.sampled_from(["shot", "throw"]))
        out.append(e)
    return out


@st.composite
def _ability(draw: Any, key: str, edition: str) -> dict[str, Any]:
    kind = draw(st.sampled_from(["triggered", "triggered", "activated", "activated", "static", "battle_start"]))
    ab: dict[str, Any] = {"key": key, "kind": kind}
    if kind == "static":
        do = draw(st.sampled_from(["strike_bonus", "strike_bonus", "roll_bonus", "lose_abilities", "prevent",
                                   "prevent_destroy", "replace_effect", "redirect", "protection"]))
        if do == "redirect":              # «может перенаправить на себя атаку …» (ASM redirect)
            ab["redirect"] = True
            return ab
        if do == "protection":            # «не может быть целью …» (ASM protection)
            ab["protection"] = {"from": draw(st.sampled_from(["opponent", "any"]))}
            if draw(st.booleans()):
                ab["protection"]["forms"] = draw(st.sampled_from([["effect"], ["spell"], ["spell", "effect"]]))
            return ab
        if do == "prevent":
            ab["replacement"] = {"of": "wounds", "prevent": draw(st.integers(1, 2))}
            return ab
        if do == "prevent_destroy":
            ab["replacement"] = {"of": "destruction"}
            return ab
        if do == "replace_effect":        # «вместо того чтобы [verb] — [instead]» (ASM replacement-general)
            verb = draw(st.sampled_from(["wound", "destroy", "gain_control", "heal", "close"]))
            instead = draw(st.sampled_from([[], [{"do": "destroy"}], [{"do": "add_counters"}], [{"do": "close"}]]))
            ab["replacement"] = {"of": "effect", "verb": verb, "from": draw(st.sampled_from(["opponent", "any"])),
                                 "instead": instead}
            if instead and instead[0]["do"] == "add_counters":
                ab["replacement"]["same_amount"] = True
            return ab
        who = draw(st.sampled_from(["self", "adjacent", "self_or_adjacent", "any"]))
        ab["affects"] = {"who": who} if who != "any" else {"who": "any", "type": "creature",
                                                           "controller": "you"}
        ab["effects"] = [{"do": do, **({"amount": draw(st.integers(-1, 2))} if do != "lose_abilities" else {})}]
        if draw(st.integers(0, 4)) == 0:
            ab["condition"] = {"source": draw(st.sampled_from(["open", "closed"]))}
        return ab
    if kind == "battle_start":
        do = draw(st.sampled_from(["strike_bonus", "add_lives"]))
        ab["effects"] = [{"do": do, "amount": draw(st.integers(1, 2))}]
        return ab
    n_targets = draw(st.integers(0, 2))
    targets: list[dict[str, Any]] = []
    for i in range(n_targets):
        if i == 1 and draw(st.booleans()):
            targets.append({"near": "target1", "type": "creature"})
        else:
            targets.append(_filter(draw, **({"distinct": True} if n_targets > 1 else {})))
    # «все …» on the first target, unless the second names it as its `near` card (engine/cards.py refuses `near` or
    # `card` on a «все …» target: one card or cell is meant)
    if n_targets and draw(st.integers(0, 6)) == 0 and not any(t.get("near") == "target1" for t in targets):
        targets[0] = {**targets[0], "all": True}
    ab["targets"] = targets
    effects = draw(_effects(n_targets))
    if n_targets == 2 and draw(st.integers(0, 3)) == 0:
        effects = [{"do": "generated_attack", "performer": "target1", "target": "target2"}]
    if kind == "activated":
        cost = draw(st.sampled_from([{}, {"close": True}, {"counters": 1}, {"close": True, "counters": 1}]))
        if cost:
            ab["cost"] = cost
        ab["form"] = draw(st.sampled_from(["spell", "effect"]))
        if draw(st.integers(0, 5)) == 0:
            ab["zone"] = "graveyard"
    else:
        event = draw(st.sampled_from(["death", "wounded", "attack", "turn_start", "turn_end", "healed",
                                      "played", "lives_at_most", "ability_executed", "destroyed"]))
        word = {"turn_start": "В начале хода", "turn_end": "В конце хода"}.get(
            event, draw(st.sampled_from(["При", "Когда", "Если", "После"] if event == "attack"
                                        else ["При", "Когда", "Если"])))
        trigger: dict[str, Any] = {"word": word, "event": event}
        if draw(st.integers(0, 5)) == 0:    # 113.2 «До»: before any action the edition's «До» can precede
            event = draw(st.sampled_from(EDITIONS[edition].before_events))
            trigger = {"word": "До", "event": event}
        if event in ("death", "wounded", "attack", "healed", "played", "lives_at_most", "destroyed",
                     "ability_executed", "moved"):
            trigger["subject"] = draw(st.sampled_from([{"who": "self"}, {"who": "other"},
                                                       {"controller": "you", "type": "creature"},
                                                       {"controller": "opponent", "type": "creature"}]))
        if event == "lives_at_most":
            trigger["value"] = draw(st.integers(0, 4))
        if event == "healed":
            trigger["min_amount"] = draw(st.integers(1, 2))
        if event in ("turn_start", "turn_end") or draw(st.integers(0, 4)) == 0:
            trigger["in_your_turn"] = True
        if event in ("death", "wounded") and draw(st.integers(0, 4)) == 0:
            trigger["cause"] = {"kind": "attack", "controller": draw(st.sampled_from(["you", "opponent"]))}
        ab["trigger"] = trigger
        if event in ("wounded", "death", "destroyed") and draw(st.integers(0, 3)) == 0:
            effects = [{"do": "destroy" if event == "wounded" else "wound", "target": "trigger_subject",
                        **({"amount": 1} if event != "wounded" else {})}]
        if draw(st.integers(0, 3)) == 0 or edition == "heroes" and draw(st.booleans()):
            ab["optional"] = True
        if draw(st.integers(0, 4)) == 0:
            ab["once_per_turn"] = True
    ab["effects"] = effects
    return ab


@st.composite
def generated_card(draw: Any, name: str, edition: str) -> dict[str, Any]:
    """A generated card in the vocabulary of engine/cards.py (a creature, now and then an equipment)."""
    kind = "equipment" if draw(st.integers(0, 9)) == 0 else "creature"
    card: dict[str, Any] = {"name": name, "edition": edition, "type": kind, "source": "harness.quality.fuzz"}
    if kind == "creature":
        card["lives"] = draw(st.integers(1, 5))
        card["move"] = draw(st.integers(0, 2))
        card["strike"] = sorted(draw(st.lists(st.integers(0, 4), min_size=3, max_size=3)))
        card["rank"] = draw(st.sampled_from(["common", "elite"]))
        if draw(st.integers(0, 9)) == 0:
            card["flying"] = True
        if draw(st.integers(0, 9)) == 0:
            card["unique"] = True
        if draw(st.integers(0, 9)) == 0:
            card["max_additional_lives"] = draw(st.integers(0, 2))
        if draw(st.integers(0, 9)) == 0:
            card["max_counters"] = draw(st.integers(0, 2))
    card["abilities"] = [draw(_ability(f"способность {i + 1}", edition)) for i in range(draw(st.integers(0, 3)))]
    simple = [a for a in card["abilities"] if a["kind"] == "activated" and a.get("zone") != "graveyard"]
    if len(simple) >= 2 and draw(st.integers(0, 2)) == 0:
        # a compound ability (составная способность, classic 536.2.b; ASM compound-ability)
        card["abilities"].append({"key": "составная", "kind": "activated", "parts": [a["key"] for a in simple[:2]],
                                  **({"cost": {"close": True}} if draw(st.booleans()) else {})})
    if card["abilities"] and draw(st.integers(0, 5)) == 0:
        # 503.1.b19: an ability that substitutes another while its condition holds
        other = draw(st.sampled_from([a for a in card["abilities"] if "parts" not in a]))
        twin = draw(_ability("замещающая", edition))
        if twin["kind"] not in ("static", "battle_start") and "parts" not in twin:
            card["abilities"].append({**twin, "substitutes": other["key"],
                                      "condition": {"source": draw(st.sampled_from(["open", "closed"]))}})
    problems = engine.check_card_definition(card)
    assert not problems, f"the fuzzer generated an invalid test card: {problems}\n{card}"
    return card


# ------------------------------------------------------------------------------------------ boards
@st.composite
def boards(draw: Any, edition: str | None = None) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
    """A random valid board (setup, definitions) of either edition."""
    edition = edition or draw(st.sampled_from(sorted(EDITIONS)))
    profile = EDITIONS[edition]
    catalog = _catalog()
    definitions: dict[str, dict[str, Any]] = {}
    for name in catalog.names(edition):
        definitions[name] = catalog.get(name, edition)
    for i in range(draw(st.integers(1, 4))):
        name = f"Тестовая карта {i + 1}"
        definitions[name] = draw(generated_card(name, edition))
    names = sorted(definitions)
    creatures = [n for n in names if definitions[n].get("type") == "creature"]
    equipment = [n for n in names if definitions[n].get("type") in ("equipment", "symbiote")]
    cells = profile.cells()
    free = list(cells)
    cards: list[dict[str, Any]] = []
    positions = {(p, z): 0 for p in PLAYERS for z in ("deck", "graveyard", "hand")}

    def new_id() -> str:
        return f"k{len(cards) + 1}"

    def cell_for(player: str) -> str | None:
        if not profile.has_grid:
            return None
        home = [c for c in free if profile.coords(c)[1] in profile.home_rows(PLAYERS.index(player))]
        cell = draw(st.sampled_from(home or free))
        free.remove(cell)
        return cell

    n_field = draw(st.integers(2, 7))
    for i in range(n_field):
        owner = PLAYERS[i % 2] if i < 2 else draw(st.sampled_from(PLAYERS))
        name = draw(st.sampled_from(creatures))
        d = definitions[name]
        c: dict[str, Any] = {"id": new_id(), "card": name, "owner": owner}
        cell = cell_for(owner)
        if cell:
            c["cell"] = cell
        lives = int(d.get("lives", 0))
        if draw(st.booleans()) and lives > 1:
            c["wounds"] = draw(st.integers(1, lives - 1))
        if draw(st.integers(0, 3)) == 0:
            c["closed"] = True
        if draw(st.booleans()):
            c["counters"] = draw(st.integers(1, 2))
        if draw(st.integers(0, 7)) == 0:
            c["poison"] = 1
        if draw(st.integers(0, 9)) == 0:
            c["face_down"] = True
        if draw(st.integers(0, 7)) == 0 and i >= 2:
            c["controller"] = PLAYERS[1 - PLAYERS.index(owner)]
        cards.append(c)
    field_ids = [c["id"] for c in cards]
    if equipment and draw(st.booleans()):
        host = draw(st.sampled_from(field_ids))
        owner = next(c["owner"] for c in cards if c["id"] == host)
        cards.append({"id": new_id(), "card": draw(st.sampled_from(equipment)), "owner": owner, "host": host})
    for zone, most in (("hand", 2), ("deck", 3), ("graveyard", 2)):
        for _ in range(draw(st.integers(0, most))):
            owner = draw(st.sampled_from(PLAYERS))
            name = draw(st.sampled_from(names if zone != "hand" else creatures))
            cards.append({"id": new_id(), "card": name, "owner": owner, "zone": zone,
                          "position": positions[(owner, zone)]})
            positions[(owner, zone)] += 1
    effects: list[dict[str, Any]] = []
    if draw(st.integers(0, 4)) == 0:
        source, target = draw(st.sampled_from(field_ids)), draw(st.sampled_from(field_ids))
        if draw(st.booleans()):
            effects.append({"kind": "strike_bonus", "source": source, "target": target,
                            "amount": draw(st.integers(-1, 2))})
        else:
            effects.append({"kind": "control", "source": source, "target": target,
                            "to": draw(st.sampled_from(PLAYERS)), "while": "source_in_squad"})
    setup: dict[str, Any] = {
        "edition": edition, "players": list(PLAYERS), "turn": draw(st.integers(1, 4)),
        "active": draw(st.sampled_from(PLAYERS)), "first_player": PLAYERS[0],
        "step": draw(st.sampled_from(["main", "main", "main", "start"])),
        "seed": draw(st.integers(0, 99)), "cards": cards, "effects": effects,
    }
    if profile.has_grid and draw(st.integers(0, 3)) == 0:
        setup["cell_markers"] = {draw(st.sampled_from(cells)): ["дрожь"]}
    used = {c["card"] for c in cards}
    return setup, {n: d for n, d in definitions.items() if n in used}


# ------------------------------------------------------------------------------------------ moves
@dataclass(frozen=True)
class Move:
    kind: str          # "act" | "answer"
    player: str
    value: Any

    def text(self) -> str:
        return f"{self.kind} {self.player} {json.dumps(self.value, ensure_ascii=False)}"


def candidate_moves(s: dict[str, Any], legal: list[dict[str, Any]]) -> list[Move]:
    """Moves to pick from in the canonical state `s`: the legal actions of the player with priority (`legal`,
    from `Game.legal_actions`: the engine, not the fuzzer, knows who may act and what stands next to what),
    and a few that certainly are not (the other player's, an unknown action, a card attacking itself, a
    move off the grid)."""
    players = [p["name"] for p in s["players"]]
    pending = s.get("pending")
    if pending:
        answers = [Move("answer", pending["player"], o["id"] if isinstance(o, dict) else o)
                   for o in pending.get("options", [])]
        other = next(p for p in players if p != pending["player"])
        wrong = [Move("answer", other, answers[0].value) if answers else Move("answer", other, None),
                 Move("answer", pending["player"], "нет-такого-варианта"),
                 Move("act", pending["player"], {"type": "pass"})]
        return answers * 6 + wrong
    holder = s.get("priority")
    if s.get("game_over") or holder is None:
        return [Move("act", players[0], {"type": "pass"}), Move("act", players[1], {"type": "end_turn"})]
    other = next(p for p in players if p != holder)
    weight = {"pass": 2, "activate": 3}
    out = [Move("act", holder, a) for a in legal for _ in range(weight.get(a["type"], 1))]
    illegal = [Move("act", other, {"type": "pass"}), Move("act", holder, {"type": "teleport"})]
    for a in legal:
        if a["type"] == "attack" and len(illegal) < 4:
            illegal.append(Move("act", holder, {**a, "target": a["attacker"]}))
        elif a["type"] == "move" and len(illegal) < 5:
            illegal.append(Move("act", holder, {**a, "cell": "z9"}))
        elif a["type"] in ("activate", "play") and len(illegal) < 6:
            illegal.append(Move("act", other, a))
    # about one move in five is one the engine must refuse
    return out * max(1, -(-4 * len(illegal) // len(out))) + illegal


def perform(game: Any, move: Move) -> tuple[str, str]:
    """Apply a move; ("ok", "") or ("refused", code). Any other exception propagates (an engine bug)."""
    try:
        with watchdog(STEP_TIMEOUT_S, move):
            if move.kind == "act":
                game.act(move.player, move.value)
            else:
                game.answer(move.player, move.value)
    except engine.IllegalAction as exc:
        return "refused", exc.code
    return "ok", ""


class EngineHang(Exception):
    pass


def watchdog(seconds: float, what: Any) -> contextlib.AbstractContextManager[None]:
    """Turn a call that does not return (e.g. a rule-effects loop that never ends) into a failure."""
    return time_limit(seconds, lambda: EngineHang(f"the engine did not return within {seconds} s from {what!r}"))


# ------------------------------------------------------------------------------------------ invariants
def check_state(s: dict[str, Any], previous: dict[str, Any] | None = None) -> None:
    """The invariants of one canonical state (and, given the one before, of the step between them)."""
    edition = EDITIONS[s["edition"]]
    cards = s["cards"]
    ids = [c["id"] for c in cards]
    assert len(ids) == len(set(ids)), f"a card id appears twice: {ids}"
    known = set(ids)
    by_id = {c["id"]: c for c in cards}
    cells: dict[str, str] = {}
    for c in cards:
        cid = c["id"]
        assert c["zone"] in ZONES, f"{cid} is in an unknown zone {c['zone']!r}"
        if c["zone"] != "battlefield":
            assert c["cell"] is None, f"{cid} in the {c['zone']} has a cell {c['cell']!r}"
        elif edition.has_grid:
            assert c["cell"] is not None and edition.is_cell(c["cell"]), f"{cid} stands on {c['cell']!r}"
            if c["host"] is None:
                assert c["cell"] not in cells, f"{cid} and {cells.get(c['cell'])} both stand on {c['cell']}"
                cells[c["cell"]] = cid
        else:
            assert c["cell"] is None, f"{cid} has a cell on the heroes board"
        if c["host"] is not None:
            assert c["host"] in known, f"{cid} is attached to a card that does not exist: {c['host']}"
        for key in ("wounds", "counters", "lives", "additional_lives", "negative_lives", "poison", "moves_left",
                    "position"):
            assert isinstance(c[key], int) and c[key] >= 0, f"{cid}.{key} = {c[key]!r} (never negative)"
        assert c["controller"] in [p["name"] for p in s["players"]], f"{cid} is controlled by {c['controller']!r}"
    for c in cards:
        host = by_id.get(c["host"] or "")
        if host is not None and c["zone"] == "battlefield" and host["zone"] == "battlefield":
            assert c["cell"] == host["cell"], f"{c['id']} is not in its host's cell"

    def ref(x: Any, where: str) -> None:
        ok = x in known or (isinstance(x, str) and edition.is_cell(x))
        assert ok, f"{where} refers to {x!r}, which is no card (nor cell) of the game"

    for e in s["stack"]:
        ref(e["source"], f"stack entry {e['id']}.source")
        for t in e["targets"]:
            ref(t, f"stack entry {e['id']}.targets")
    for f in s["waiting_triggers"]:
        ref(f["card"], f"waiting trigger {f['id']}")
        if f["subject"] is not None:
            ref(f["subject"], f"waiting trigger {f['id']}.subject")
    for e in s["effects"]:
        ref(e["source"], f"effect {e['id']}.source")
        ref(e["target"], f"effect {e['id']}.target")
    p = s["pending"]
    if p is not None:
        assert p["options"], f"a pending decision without options: {p}"
        if p["kind"] in ("target", "defender", "redirect"):
            for o in p["options"]:
                if o is not None:
                    ref(o, f"pending {p['kind']} option")
    hist_ids = [h["id"] for h in s["history"]]
    assert len(hist_ids) == len(set(hist_ids)), "a history id appears twice"
    assert p is not None or s["priority"] is not None or s["game_over"], \
        "the engine stopped where nobody can act: no decision pending, nobody has priority, the game goes on"
    if previous is not None:
        n = len(previous["history"])
        assert s["history"][:n] == previous["history"], "the battle history was rewritten (it is append-only)"
        new = s["history"][n:]
    else:
        new = s["history"]
    assert all(isinstance(h["id"], str) for h in new)
    if not s["game_over"]:
        dead = [c["id"] for c in cards if c["zone"] in IN_PLAY and c["type"] == "creature"
                and c["current_lives"] <= 0]
        assert not dead, f"dead creatures still in play after the rule effects: {dead}"
    assert json.loads(json.dumps(s, ensure_ascii=False)) == s, "the canonical state does not round-trip through JSON"


# ------------------------------------------------------------------------------------------ the machine
STATS = {"steps": 0, "boards": 0, "refused": 0, "accepted": 0}
KINDS: Counter[str] = Counter()      # moves by type and outcome, history entries by kind (what was reached)


def replay(setup: dict[str, Any], definitions: dict[str, dict[str, Any]],
           log: list[tuple[Move, tuple[str, str]]]) -> Any:
    """The same board and the same moves: every outcome and the final state must be the same."""
    game = engine.new_game(json.loads(json.dumps(setup)), json.loads(json.dumps(definitions)))
    for i, (move, outcome) in enumerate(log):
        again = perform(game, move)
        assert again == outcome, f"replaying move {i + 1} ({move.text()}) gave {again}, the first time {outcome}"
    return game


class EngineMachine(RuleBasedStateMachine):
    """Random play on a random board, with the invariants checked after every step."""

    def __init__(self) -> None:
        super().__init__()
        self.game: Any = None
        self.setup: dict[str, Any] = {}
        self.definitions: dict[str, dict[str, Any]] = {}
        self.log: list[tuple[Move, tuple[str, str]]] = []
        self.current: dict[str, Any] = {}
        self.broken = False

    @initialize(board=boards())
    def start(self, board: tuple[dict[str, Any], dict[str, dict[str, Any]]]) -> None:
        self.setup, self.definitions = board
        note(f"board: {json.dumps(self.setup, ensure_ascii=False)}")
        with watchdog(STEP_TIMEOUT_S, "new_game"):
            self.game = engine.new_game(json.loads(json.dumps(self.setup)), json.loads(json.dumps(self.definitions)))
        # the engine's shortcuts (a rule-effects loop skipped, the cards' rendering reused while nothing changed:
        # Game.changes) are checked against the full computation at every step of the play
        self.game.VERIFY_SKIPS = True
        self.current = engine.state(self.game)
        STATS["boards"] += 1
        check_state(self.current)

    @precondition(lambda self: self.game is not None)
    @rule(data=st.data())
    def step(self, data: st.DataObject) -> None:
        holder = self.current.get("priority")
        moves = candidate_moves(self.current, self.game.legal_actions(holder) if holder else [])
        move = data.draw(st.sampled_from(moves), label="move")
        self.broken = True          # until the step's checks pass: no replay check in teardown then
        twin = self.game.clone()
        outcome = perform(self.game, move)
        twin_outcome = perform(twin, move)
        note(f"{move.text()} → {outcome[0]} {outcome[1]}")
        self.log.append((move, outcome))
        STATS["steps"] += 1
        STATS[outcome[0] if outcome[0] == "refused" else "accepted"] += 1
        kind = move.value.get("type", "?") if move.kind == "act" and isinstance(move.value, dict) else move.kind
        KINDS[f"{kind} {outcome[0]}" + (f" {outcome[1]}" if outcome[1] else "")] += 1
        after = engine.state(self.game)
        assert twin_outcome == outcome, f"the clone gave {twin_outcome}, the game {outcome}"
        assert engine.state(twin) == after, "clone() then the same move gave another state"
        if outcome[0] == "refused":
            assert after == self.current, f"a refused move ({outcome[1]}) changed the state"
        check_state(after, self.current)
        for h in after["history"][len(self.current["history"]):]:
            KINDS["history " + h["kind"]] += 1
        self.current = after
        if len(self.log) % REPLAY_EVERY == 0:
            self.check_replay()
        self.broken = False

    def check_replay(self) -> None:
        again = replay(self.setup, self.definitions, self.log)
        assert engine.state(again) == self.current, "replaying the same moves from the same board gave another state"

    @invariant()
    def state_is_current(self) -> None:
        if self.game is not None:
            assert engine.state(self.game) == self.current, "the state changed between two steps"

    def teardown(self) -> None:
        if self.game is not None and self.log and not self.broken:
            self.check_replay()


# ------------------------------------------------------------------------------------------ setups
MUTANT_VALUES: list[Any] = [None, -1, 0, "x", "", [], {}, 10**12, True, 2.5, "z9", "a1", "c4", ["x"], {"x": 1}]
CARD_KEYS = ("id", "card", "owner", "controller", "zone", "cell", "wounds", "closed", "face_down", "lives",
             "markers", "position", "poison", "host", "additional_lives", "negative_lives", "moves_left",
             "counters")
TOP_KEYS = ("edition", "players", "turn", "active", "first_player", "step", "seed", "cards", "effects",
            "cell_markers")


@st.composite
def mutated_setups(draw: Any) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
    """A valid board with one to three things broken: a key removed or given a value of a wrong type or
    out of range, a card duplicated or put in another card's cell."""
    setup, definitions = draw(boards())
    setup = json.loads(json.dumps(setup))
    for _ in range(draw(st.integers(1, 3))):
        how = draw(st.sampled_from(["top", "top", "card", "card", "card", "duplicate", "same_cell", "effect"]))
        cards = setup.get("cards")
        if how == "top":
            key = draw(st.sampled_from(TOP_KEYS))
            if draw(st.booleans()):
                setup.pop(key, None)
            else:
                setup[key] = draw(st.sampled_from(MUTANT_VALUES))
        elif how in ("card", "duplicate", "same_cell") and isinstance(cards, list) and cards:
            i = draw(st.integers(0, len(cards) - 1))
            if not isinstance(cards[i], dict):
                continue
            if how == "duplicate":
                cards.append(dict(cards[i]))
            elif how == "same_cell":
                j = draw(st.integers(0, len(cards) - 1))
                if isinstance(cards[j], dict):
                    cards[i]["cell"] = cards[j].get("cell", "a1")
                    cards[i]["zone"] = "battlefield"
            else:
                key = draw(st.sampled_from(CARD_KEYS))
                if draw(st.booleans()):
                    cards[i].pop(key, None)
                else:
                    cards[i][key] = draw(st.sampled_from(MUTANT_VALUES))
        elif how == "effect":
            setup.setdefault("effects", [])
            if isinstance(setup["effects"], list):
                setup["effects"].append(draw(st.sampled_from(
                    [{"kind": "control", "source": "k1", "target": "k2"}, {"kind": "nonsense"}, "x",
                     {"kind": "strike_bonus", "source": "k1", "target": "k2", "amount": "x"},
                     {"kind": "control", "source": "k1", "target": "k2", "to": "Z", "while": "forever"}])))
    return setup, definitions


def check_setup(setup: Any, definitions: dict[str, dict[str, Any]]) -> str:
    """`new_game` either starts a game that meets the invariants, or refuses with SetupError (whose every
    problem has a path); never another exception. Returns "ok" or "refused"."""
    try:
        with watchdog(STEP_TIMEOUT_S, "new_game"):
            game = engine.new_game(setup, definitions)
    except engine.SetupError as exc:
        assert exc.problems, "a SetupError without problems"
        for path, message in exc.problems:
            assert isinstance(path, tuple) and path and isinstance(message, str) and message, exc.problems
        return "refused"
    check_state(engine.state(game))
    return "ok"


# ------------------------------------------------------------------------------------------ long runs
@dataclass
class Report:
    steps: int = 0
    boards: int = 0
    accepted: int = 0
    refused: int = 0
    seconds: float = 0.0
    runs: int = 0
    errors: list[str] = field(default_factory=list)


def run(min_steps: int, profile: str = "long", derandomize: bool = False) -> Report:
    """Run the state machine again and again (fresh random seeds) until at least `min_steps` steps were
    played; raises on the first failure (hypothesis shrinks it and prints the moves)."""
    from hypothesis.stateful import run_state_machine_as_test

    for key in STATS:
        STATS[key] = 0
    KINDS.clear()
    started = time.perf_counter()
    report = Report()
    while True:
        run_state_machine_as_test(EngineMachine, settings=profile_settings(profile, derandomize=derandomize))
        report.runs += 1
        if STATS["steps"] >= min_steps or derandomize:
            break
    report.steps, report.boards = STATS["steps"], STATS["boards"]
    report.accepted, report.refused = STATS["accepted"], STATS["refused"]
    report.seconds = round(time.perf_counter() - started, 1)
    return report


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m harness.quality.fuzz", description=__doc__.splitlines()[0])
    p.add_argument("--steps", type=int, default=PROFILES["long"]["steps"],
                   help="play at least this many steps (default 10000)")
    p.add_argument("--verbose", action="store_true", help="also print what the play reached (moves, history)")
    args = p.parse_args(argv)
    report = run(args.steps)
    print(f"fuzz: {report.steps} steps ({report.accepted} accepted, {report.refused} refused) on "
          f"{report.boards} boards in {report.seconds} s: no invariant broken")
    if args.verbose:
        for key, n in sorted(KINDS.items()):
            print(f"  {n:7d}  {key}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
