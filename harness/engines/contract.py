"""The observable contract: what of the canonical state the rules make observable, which steps read it, and
what an engine over the protocol must send (docs/CONTRACT.md is generated from this module by
`berserk-rules contract`; `tests/test_contract.py` keeps it true by running the suite with a recording
proxy over every state and comparing the keys the steps read with `STEP_READS`).

Paths name a value of the state: `priority`, `card.zone`, `history.info.effect`, `pending.options`
(`card.` a card of `cards`, `history.` an entry of `history`, `stack.` an entry of `stack`, `player.` an
entry of `players`, `effect.` an entry of `effects`). A path is *required* (`REQUIRED`, enforced by the
schema `canonical-state.schema.json`), *required with a feature* (`FEATURE_KEYS`: an engine that declares
the feature must send it) or *optional* (every other path a step reads: an engine that does not send it gets
SKIP, with the key named, for the scenarios reading it). Whatever no step reads is the reference engine's
bookkeeping: allowed, never read, never compared by default (`observable`).
"""

from __future__ import annotations

from typing import Any

from harness.common import facts
from harness.engines.adapters import NotDeclared

# -- what every state must carry (the minimal state of PROTOCOL.md «First contact»)
REQUIRED: dict[str, tuple[str, ...]] = {
    "state": ("turn", "priority", "players", "cards", "stack", "pending"),
    "player": ("name", "lost"),
    "card": ("id", "name", "owner", "controller", "zone", "cell", "open", "wounds"),
    "stack": ("id", "kind", "source", "ability", "controller"),
    "pending": ("kind", "player", "options"),
}

# -- what an engine declaring a feature must carry besides
FEATURE_KEYS: dict[str, dict[str, tuple[str, ...]]] = {
    "battle_history": {"state": ("history",),
                       "history": ("id", "turn", "kind", "source", "targets", "resources", "controller",
                                   "parent", "info")},
}

# -- every value a step reads, per step function of harness/suite/steps.py (kept true by tests/test_contract.py)
STEP_READS: dict[str, tuple[str, ...]] = {
    "given_board": (),
    "given_controlled_by": ("cards", "card.id", "card.name", "card.owner", "card.controller", "effects", "effect.kind", "effect.target", "effect.source"),
    "when_attack": ("cards", "card.id", "card.name"),
    "when_pass": (),
    "when_both_pass": ("priority",),
    "when_no_defender": ("pending", "pending.kind", "pending.player"),
    "when_defender": ("pending", "pending.kind", "pending.player", "cards", "card.id", "card.name"),
    "when_redirect": ("pending", "pending.kind", "pending.player", "cards", "card.id", "card.name"),
    "when_dice": ("pending", "pending.kind", "pending.player"),
    "when_one_roll": ("pending", "pending.kind", "pending.player"),
    "when_exchange": ("pending", "pending.kind", "pending.player"),
    "when_declare": ("cards", "card.id", "card.name", "pending", "pending.kind", "pending.player", "pending.options"),
    "when_declare_any_order": ("cards", "card.id", "card.name", "pending", "pending.kind", "pending.player", "pending.options"),
    "when_declare_in_order": ("cards", "card.id", "card.name", "pending", "pending.kind", "pending.player", "pending.options"),
    "when_declare_any_point": ("cards", "card.id", "card.name", "pending", "pending.kind", "pending.player", "pending.options"),
    "when_activate": ("cards", "card.id", "card.name"),
    "when_play": ("cards", "card.id", "card.name"),
    "when_pass_until_empty": ("players", "player.lost", "pending", "pending.kind", "pending.player", "pending.options", "pending.mandatory", "stack", "priority"),
    "when_target_cell": ("pending", "pending.kind", "pending.player"),
    "when_target": ("pending", "pending.kind", "pending.player", "cards", "card.id", "card.name"),
    "when_end_turn": (),
    "when_move": ("cards", "card.id", "card.name"),
    "then_zone": ("cards", "card.id", "card.name", "card.zone", "card.owner"),
    "then_controller": ("cards", "card.id", "card.name", "card.controller"),
    "then_priority": ("priority",),
    "then_must_declare": ("cards", "card.id", "card.name", "pending", "pending.kind", "pending.player", "pending.options", "pending.mandatory"),
    "then_not_triggered": ("cards", "card.id", "card.name", "history", "history.kind", "history.source", "history.info", "history.info.ability"),
    "then_strike": ("cards", "card.id", "card.name", "card.strike", "card.strike.value"),
    "then_heroes_strike": ("cards", "card.id", "card.name", "card.strike", "card.strike.value"),
    "then_open": ("cards", "card.id", "card.name", "card.open"),
    "then_rule_effects": ("cards", "card.id", "card.name", "history", "history.kind", "history.info", "history.info.effect", "history.info.ended", "history.targets", "history.controller", "history.info.cards"),
    "then_rule_effects_any_order": ("cards", "card.id", "card.name", "history", "history.kind", "history.info", "history.info.effect", "history.info.ended", "history.targets", "history.controller", "history.info.cards"),
    "then_rule_effects_in_stages": ("cards", "card.id", "card.name", "history", "history.kind", "history.info", "history.info.effect", "history.info.ended", "history.targets", "history.info.cards"),
    "then_no_priority_during_rule_effects": ("history", "history.kind", "history.controller"),
    "then_history_trigger_from_death": ("cards", "card.id", "card.name", "history", "history.id", "history.kind", "history.source", "history.parent", "history.info", "history.info.effect", "history.targets", "history.info.cards"),
    "then_stack_empty": ("stack",),
    "then_stack": ("cards", "card.id", "card.name", "stack", "stack.source", "stack.kind", "stack.ability"),
    "then_cannot": ("cards", "card.id", "card.name"),
    "then_cannot_play_or_end": ("cards", "card.id", "card.name"),
    "then_triggered_times": ("cards", "card.id", "card.name", "history", "history.turn", "turn", "history.kind", "history.source", "history.info", "history.info.ability"),
    "then_declared_this_turn": ("cards", "card.id", "card.name", "history", "history.kind", "history.source", "history.turn", "turn", "history.info", "history.info.ability"),
    "then_no_abilities": ("cards", "card.id", "card.name", "card.abilities"),
    "then_has_ability": ("cards", "card.id", "card.name", "card.abilities"),
    "then_point_destroyed": ("cards", "card.id", "card.zone", "history", "history.kind", "history.info", "history.info.subject", "history.info.fired", "history.targets"),
    "then_trigger_parent": ("cards", "card.id", "card.name", "history", "history.id", "history.kind", "history.source", "history.info", "history.info.ability", "history.parent"),
    "then_nothing_declared": ("history", "history.kind", "stack", "pending"),
    "then_no_effects": ("cards", "card.id", "card.name", "card.effects"),
    "then_effect_of": ("cards", "card.id", "card.name", "effects", "effect.target", "effect.source"),
    "then_payment_order": ("cards", "card.id", "card.name", "history", "history.id", "history.kind", "history.source", "history.info", "history.info.ability", "history.parent"),
    "then_target_options": ("cards", "card.id", "card.name", "pending", "pending.kind", "pending.player", "pending.options"),
    "then_cell": ("cards", "card.id", "card.name", "card.zone", "card.cell"),
    "then_face": ("cards", "card.id", "card.name", "card.face_up"),
    "then_extra_lives": ("cards", "card.id", "card.name", "card.additional_lives", "card.negative_lives"),
    "then_moves": ("cards", "card.id", "card.name", "card.moves_left"),
    "then_host": ("cards", "card.id", "card.name", "card.host"),
    "then_shuffled": ("history", "history.kind", "history.info", "history.info.effect", "history.controller", "history.info.order", "history.info.seed", "cards", "card.id", "card.zone", "card.owner", "seed"),
    "then_not_shuffled": ("history", "history.info", "history.info.effect", "history.controller"),
    "then_deck_size": ("cards", "card.zone", "card.owner"),
    "then_lost": ("players", "player.name", "player.lost", "priority"),
    "then_loop_cut": ("history", "history.kind"),
    "then_cell_options": ("pending", "pending.kind", "pending.player", "pending.options"),
    "then_cell_marker": ("cells",),
    "then_history_order": ("cards", "card.id", "card.name", "history", "history.kind", "history.source", "history.targets", "history.info", "history.info.effect", "history.info.ended", "history.info.generated", "history.info.action", "history.info.cards"),
    "then_history_record": ("cards", "card.id", "card.name", "history", "history.id", "history.kind", "history.source", "history.targets", "history.resources", "history.controller", "history.parent", "history.info", "history.info.ability", "history.info.generated", "history.info.effect", "history.info.ended", "history.info.cards", "history.info.action"),
    "then_must_roll": ("pending", "pending.kind", "pending.player", "pending.role"),
    "then_exchange_choice": ("pending", "pending.kind", "pending.player", "pending.options"),
    "then_count": ("cards", "card.id", "card.name", "card.counters", "card.current_lives", "card.wounds"),
    "then_may": ("cards", "card.id", "card.name", "pending", "pending.kind", "pending.player", "pending.options", "pending.mandatory"),
    "then_history_none": ("cards", "card.id", "card.name", "history", "history.kind", "history.source",
                          "history.targets", "history.info", "history.info.cards", "history.info.effect",
                          "history.info.ended", "history.info.generated", "history.info.action"),
    "then_history_order_exact": ("cards", "card.id", "card.name", "history", "history.kind", "history.source",
                                 "history.targets", "history.info", "history.info.cards", "history.info.effect",
                                 "history.info.ended", "history.info.generated", "history.info.action"),
    "then_no_roll": ("history", "history.kind", "history.controller", "pending", "pending.kind", "pending.player"),
    "then_nothing_pending": ("pending", "pending.player"),
    "then_rule_effects_sourceless": ("history", "history.kind", "history.source", "history.targets"),
    "then_trigger_points": ("cards", "card.id", "card.name", "pending", "pending.kind", "pending.player",
                            "pending.options"),
    "then_effect_lasting": ("cards", "card.id", "card.name", "turn", "effects", "effect.target", "effect.source",
                            "effect.kind", "effect.amount", "effect.to", "effect.while", "effect.until_end_of_turn",
                            "effect.static"),
    "then_card_markers": ("cards", "card.id", "card.name", "card.markers"),
    "then_owner": ("cards", "card.id", "card.name", "card.owner"),
    "then_lives_of_max": ("cards", "card.id", "card.name", "card.current_lives", "card.lives"),
}

# -- what each path of the contract means, with the rules sentence behind it (docs/CONTRACT.md's «meaning»
# column; tests/test_protocol_docs.py checks that every path of REQUIRED, FEATURE_KEYS and STEP_READS has one)
MEANINGS: dict[str, str] = {
    "turn": "the turn number, 1 for the first player's first turn",
    "priority": "the player who has priority, or null while rule effects or a resolution are under way (503.1: "
                "«Ни один из игроков не имеет приоритета, пока выполняются эффекты правил игры») and once the game "
                "is over. During a `declare_trigger` or `target` decision it is with the player who declares (113.2: a "
                "triggered ability is declared «как только игрок получает приоритет», and its targets are part of "
                "the declaration); during a `roll`, `defender`, `redirect` or `exchange` decision (a resolution under way) it "
                "is null. The text forbids priority only during rule effects, so the reference's behaviour is "
                "kept, and scenarios read it",
    "players": "`[{name, lost}]`, in the board's order",
    "player.name": "a player's name, as on the board",
    "player.lost": "true once the player lost (503.1.b18: «проигрыш игрока, если в его отряде нет существ»); "
                   "the game is then over and nobody has priority",
    "cards": "every card of the game, in every zone; the order of the list carries no meaning (steps find a "
             "card by id, or by name when it is unique)",
    "card.id": "the card's game id (537.4: «условный игровой идентификатор»), the board's, stable whatever its zone",
    "card.name": "the card's name (a scenario names a card by it when it is unique on the board)",
    "card.owner": "the player who owns the card",
    "card.controller": "the player who controls it now (the latest control effect, else the board's "
                       "`controller` while the card has stayed in play since the set-up, else the owner); the "
                       "owner when the card is not in play",
    "card.zone": "battlefield, additional, graveyard, deck or hand",
    "card.cell": "its cell on the classic 5×6 battlefield (`a1`…`e6`); null off the battlefield and in heroes "
                 "(an attached card stands in its host's cell)",
    "card.open": "false while the card is closed (503.1.b2: the active player's cards open at the start of his "
                 "turn; an attack closes its attacker when it is paid, 503.1.b3)",
    "card.wounds": "the wounds on the card",
    "card.current_lives": "its lives now: maximum + additional − negative − wounds (0 or less: it dies, 503.1.b5)",
    "card.strike": "`{base, value}`: the printed simple strike and the strike with every modifier, each "
                   "`[weak, medium, strong]` (heroes: three equal numbers)",
    "card.strike.value": "the simple strike with every modifier, `[weak, medium, strong]`",
    "card.abilities": "the keys of the abilities the card has now (lost ones left out, replaced ones replaced, "
                      "503.1.b19)",
    "card.effects": "the ids of the continuous effects on the card",
    "card.face_up": "false while the card lies face down (503.1.b1: revealed by a rule effect)",
    "card.additional_lives": "its additional lives (503.1.b6, b16)",
    "card.negative_lives": "its negative lives (503.1.b6)",
    "card.moves_left": "movement left this turn (503.1.b12: restored at the start of its controller's turn)",
    "card.host": "the id of the card it is attached to (equipment, symbiote), else null (503.1.b7–b9)",
    "card.counters": "the counters (фишки) on the card (503.1.b16)",
    "effects": "continuous effects in force: `{id, kind, source, target, …}`",
    "effect.kind": "`control` for a change of control (others: strike_bonus, …)",
    "effect.source": "the id of the card whose ability made the effect",
    "effect.target": "the id of the card the effect is on",
    "effect.amount": "how much: the bonus of a `strike_bonus` or `roll_bonus` (+2 к удару), the strike of a "
                     "`strike_set`; 0 where the kind has no amount",
    "effect.to": "of a `control` effect: the player who gets control, else null",
    "effect.while": "`source_in_squad` when the effect lasts while its source is in play (113.2.ex1: «пока Невтида "
                    "в отряде»), else null",
    "effect.until_end_of_turn": "the turn at whose end the effect ends (113.2.ex1: «до конца вашего хода»), else "
                                "null",
    "effect.static": "true for the effect of a static ability (it lasts while the ability applies, 115)",
    "card.lives": "its maximum of lives (503.1: «превышает её максимум жизней»)",
    "card.markers": "the markers lying on the card (537.2: markers of effects, which abilities may remove)",
    "cells": "markers lying on cells of the battlefield: `{\"c4\": [\"дрожь\"]}`",
    "seed": "the board's seed, from which deck shuffles are drawn (503.1.b17)",
    "stack": "the stack (classic «стек») / Queue (heroes «Очередь»), bottom first; an entry leaves it when it "
             "is done (paid, in classic: 503.1.b3)",
    "stack.id": "the engine's own id of the entry",
    "stack.kind": "`attack` (a simple strike), `ability`, or `move` / `play`: a move or a card played that waits "
                  "under the «До» abilities its declaration fired (113.2; ASM do-held-action)",
    "stack.source": "the id of the attacking card or of the card whose ability it is",
    "stack.ability": "the ability's key; null for an attack",
    "stack.controller": "the player who declared it",
    "pending": "the decision the engine waits for, or null: `{kind, player, options, …}`; the engine never "
               "rolls a die or chooses for a player",
    "pending.kind": "`roll`, `defender`, `redirect`, `declare_trigger`, `target` or `exchange` (the choice at an "
                    "exchange of strikes, only under the reading weaker-allowed of ASM exchange-choice)",
    "pending.player": "the player who must answer",
    "pending.options": "the legal answers: 1–6 (roll); null and card ids (defender, redirect); "
                       "`{id, card, ability, subject}` objects and null when every one is optional "
                       "(declare_trigger); card ids or cells (target); `{id, strike, answer}` objects with "
                       "ids `exchange` (the table's row) and `weaker` (exchange)",
    "pending.role": "of a roll: `attacker` or `defender`; of an exchange: whose roll was the better one",
    "pending.mandatory": "of a declare_trigger: whether the player must declare one of the options",
    "history": "the battle history (537.1: «все игродействия, происходящие в ходе боя, запоминаются игрой»), "
               "oldest first",
    "history.id": "537.1.a: the entry's unique id (the engine's own)",
    "history.turn": "the turn the entry was written in",
    "history.kind": "what happened: `declare`, `strike`, `payment`, `trigger`, `rule_effect`, … (below)",
    "history.source": "537.1.b: the id of the card that acted; null for a rule effect (503.1: «не имеют ни "
                      "источника, ни цели»)",
    "history.targets": "537.1.c: the ids of its targets; `[]` for a rule effect (503.1), whose cards are in "
                       "`info.cards`",
    "history.resources": "537.1.d: the resources declared for payment: `close:<card id>`, "
                         "`counters:<card id>:<n>`",
    "history.controller": "537.1.e: the player who controlled the source when it was declared; of a rule effect, "
                          "the player it concerns where there is one (the table below), else null",
    "history.parent": "537.1.f: the id of the entry that generated this one (a trigger's event, a strike's "
                      "declaration, the strike whose wounds were lethal for a death), else null",
    "history.info": "537.1.g: other information, an object",
    "history.info.effect": "of a rule effect: which one (the table below); of an `effect`: the verb",
    "history.info.cards": "of a rule effect: the cards it applies to (503.1: «применяются к конкретным "
                          "картам»), since it has no target",
    "history.info.ended": "of a rule effect `effect_end`/`static_remove`: the kind of the effect removed "
                          "(503.1.b15)",
    "history.info.ability": "of a `declare` or `trigger`: the ability's key",
    "history.info.action": "of a `declare`: `attack`, `activate` or `trigger`; `move` or `play` for a move or a card "
                           "played that a «До» ability precedes (113.2; ASM do-held-action)",
    "history.info.generated": "of a `declare`: true for a generated action (536)",
    "history.info.subject": "of a `declare` of a triggered ability: the trigger point taken (heroes 113.6)",
    "history.info.fired": "of a `trigger`: the id of the `declare_trigger` option it became",
    "history.info.order": "of a `shuffle`: the deck's card ids in their new order (503.1.b17); `compare` compares "
                          "the cards it holds, not their order (each engine's own random draw)",
    "history.info.seed": "of a `shuffle`: the board's seed it was drawn from",
}

# -- the rule effects of 503.1 in the battle history (kind `rule_effect`, `source` null, `targets` []): per
# `info.effect`, its clause, what `info.cards`, `controller` and `parent` hold (the reference engine writes
# exactly this; tests/test_protocol_docs.py checks it on every rule effect of the suite's plays). "null" means
# the key is always null.
RULE_EFFECT_FIELDS: dict[str, tuple[str, str, str, str]] = {
    "death": ("503.1.b5", "the card", "the card's controller when it died",
              "the strike (or effect) that dealt the lethal wounds, else null"),
    "effect_end": ("503.1.b15", "the card the effect was on", "null", "null"),
    "open": ("503.1.b2", "the card", "null", "null"),
    "reveal": ("503.1.b1", "the card", "null", "null"),
    "battle_start": ("503.1.b14", "the card", "null", "null"),
    "lives_cancel": ("503.1.b6", "the card", "null", "null"),
    "excess_lives": ("503.1.b16", "the card", "null", "null"),
    "excess_counters": ("503.1.b16", "the card", "null", "null"),
    "ability_replaced": ("503.1.b19", "the card", "null", "null"),
    "ability_restored": ("503.1.b19", "the card", "null", "null"),
    "no_host": ("503.1.b7", "the card", "the card's controller", "null"),
    "host_left": ("503.1.b8", "the card", "the card's controller", "null"),
    "moves_with_host": ("503.1.b9", "the card", "null", "null"),
    "to_additional_zone": ("503.1.b10", "the card", "null", "null"),
    "to_battlefield": ("503.1.b10", "the card", "null", "null"),
    "uniqueness": ("503.1.b11", "the card", "null", "null"),
    "shuffle": ("503.1.b17", "the deck's cards (no key for an empty deck)", "the deck's owner", "null"),
    "player_loses": ("503.1.b18", "none (no key)", "the player who loses", "null"),
    "roll_clamped": ("503.1.b13", "none (no key)", "null", "the declaration the roll was for"),
    "restore_movement": ("503.1.b12", "the card", "null", "null"),
    "static_apply": ("503.1.b4", "the card", "null", "null"),
    "static_remove": ("503.1.b4", "the card the effect was on", "null", "null"),
}

# -- the values steps compare with (closed lists an engine must use)
HISTORY_KINDS_READ = ("declare", "trigger", "rule_effect", "strike", "payment", "executed", "effect",
                      "turn_start", "turn_end", "priority", "loop_cut")
DECISION_KINDS = ("roll", "defender", "redirect", "declare_trigger", "target", "exchange")
ROLL_ROLES = ("attacker", "defender")
ZONES = facts.ZONES
STACK_KINDS = ("attack", "ability")


def paths_read() -> dict[str, list[str]]:
    """Every path a step reads → the steps that read it."""
    out: dict[str, list[str]] = {}
    for step, paths in STEP_READS.items():
        for p in paths:
            out.setdefault(p, []).append(step)
    return dict(sorted(out.items()))


def required_paths() -> set[str]:
    return {p if group == "state" else f"{group}.{p}" for group, keys in REQUIRED.items() for p in keys}


def feature_paths() -> dict[str, set[str]]:
    return {f: {p if g == "state" else f"{g}.{p}" for g, keys in groups.items() for p in keys}
            for f, groups in FEATURE_KEYS.items()}


# ------------------------------------------------------------------------------------------ projection
def observable(state: Any) -> Any:
    """The state reduced to what the rules make observable and the steps read (`berserk-rules compare`
    compares this by default): the keys of `STEP_READS` and `REQUIRED`; a card off the battlefield only by
    who owns and controls it and where it is; the history without the kit's bookkeeping (setup, passes, zone
    changes, rolls, …: kinds no step reads), with each entry's `info` cut to the keys steps read and the
    engines' own ids replaced by positions (`#3`), parents included; stack entries without their ids."""
    if not isinstance(state, dict):
        return state
    reads = list(paths_read()) + sorted(required_paths())
    keys: dict[str, set[str]] = {}
    for p in reads:
        head, _, rest = p.partition(".")
        keys.setdefault(head, set())
        if rest:
            keys[head].add(rest.split(".")[0])
    info_keys = {p.split(".")[2] for p in reads if p.startswith("history.info.")}
    out: dict[str, Any] = {}
    for key in sorted(k for k in keys if "." not in k and k not in _ENTRY):
        if key not in state:
            continue
        value = dict.get(state, key)
        if key == "cards" and isinstance(value, list):
            value = [_pick(c, keys["card"] if dict.get(c, "zone") == "battlefield" else _OFF_FIELD) for c in value]
        elif key == "players" and isinstance(value, list):
            value = [_pick(v, keys["player"]) for v in value]
        elif key == "effects" and isinstance(value, list):
            value = [_pick(v, keys["effect"] - {"id"}) for v in value]
        elif key == "stack" and isinstance(value, list):
            value = [_pick(v, keys["stack"] - {"id"}) for v in value]
        elif key == "pending" and isinstance(value, dict):
            value = _pick(value, keys["pending"])
        elif key == "history" and isinstance(value, list):
            value = _history(value, keys["history"], info_keys)
        out[key] = value
    return out


_ENTRY = {"card", "player", "effect"}      # entry groups, not top-level keys (stack, history, pending are both)
_OFF_FIELD = {"id", "name", "owner", "controller", "zone"}
_HISTORY_BOOKKEEPING = {"priority"}       # grants of priority: read by one step, not a game action of 537


def _pick(item: Any, keep: set[str]) -> Any:
    return {k: dict.get(item, k) for k in sorted(keep) if k in item} if isinstance(item, dict) else item


def _history(entries: list, keep: set[str], info_keys: set[str]) -> list:
    from harness.common.vocabulary import HISTORY_NAMES

    kinds = (set(HISTORY_KINDS_READ) | set(HISTORY_NAMES)) - _HISTORY_BOOKKEEPING
    kept = [h for h in entries if isinstance(h, dict) and dict.get(h, "kind") in kinds]
    position = {dict.get(h, "id"): f"#{n}" for n, h in enumerate(kept, 1)}
    out = []
    for h in kept:
        entry = _pick(h, keep)
        if "id" in entry:
            entry["id"] = position[entry["id"]]
        if entry.get("parent") is not None:
            entry["parent"] = position.get(entry["parent"], "(bookkeeping)")
        if isinstance(entry.get("info"), dict):
            entry["info"] = {k: v for k, v in sorted(entry["info"].items()) if k in info_keys}
        out.append(entry)
    return out


# ------------------------------------------------------------------------------------------ engines' states
class MissingKey(NotDeclared):
    """A step read an optional key of the contract the engine does not send: SKIP, with the key named."""


class View(dict):
    """A state (or a part of it) from an engine over the protocol: reading an optional key it does not send
    ends the scenario as SKIP naming the key, instead of a KeyError."""

    def __init__(self, data: dict, path: str):
        super().__init__(data)
        self._path = path

    def __getitem__(self, key: Any) -> Any:
        value = super().__getitem__(key)
        return _wrap(value, f"{self._path}.{key}" if self._path else str(key))

    def get(self, key: Any, default: Any = None) -> Any:
        return self[key] if key in self else default

    def __missing__(self, key: Any) -> Any:
        where = f"{self._path}.{key}" if self._path else str(key)
        raise MissingKey(f"the engine's state has no `{_generic(where)}`, which this scenario reads "
                         "(an optional key of the contract, docs/CONTRACT.md)")


def _generic(path: str) -> str:
    for entry, plural in (("card", "cards"), ("player", "players"), ("stack", "stack"), ("history", "history"),
                          ("effect", "effects")):
        if path.startswith(plural + "[]"):
            return entry + path[len(plural) + 2:]
    return path


def _wrap(value: Any, path: str) -> Any:
    if isinstance(value, dict) and not isinstance(value, View):
        return View(value, path)
    if isinstance(value, list) and value and isinstance(value[0], dict):
        return [_wrap(v, path + "[]") for v in value]
    return value


def view(state: dict) -> dict:
    return View(state, "")


def feature_problems(state: dict, features: list[str]) -> list[str]:
    """Keys a state lacks although the engine declared the feature that requires them."""
    out = []
    for feature, keys in FEATURE_KEYS.items():
        if feature not in features:
            continue
        for key in keys.get("state", ()):
            if key not in state:
                out.append(f"{key}: missing (required with the feature '{feature}')")
        for group, names in keys.items():
            if group == "state":
                continue
            for n, item in enumerate(state.get({"history": "history"}.get(group, group)) or []):
                missing = [k for k in names if isinstance(item, dict) and k not in item]
                if missing:
                    out.append(f"{group}[{n}]: missing key(s) {', '.join(missing)} "
                               f"(required with the feature '{feature}')")
                    break
    return out


# ------------------------------------------------------------------------------------------ recording
class Recording(dict):
    """A state that records every path read into `log` (a set), for tests/test_contract.py."""

    def __init__(self, data: dict, path: str, log: set[str]):
        super().__init__(data)
        self._path, self._log = path, log

    def _key(self, key: Any) -> str:
        return f"{self._path}.{key}" if self._path else str(key)

    def __getitem__(self, key: Any) -> Any:
        self._log.add(self._key(key))
        return _record(super().__getitem__(key), self._key(key), self._log)

    def get(self, key: Any, default: Any = None) -> Any:
        self._log.add(self._key(key))
        return _record(super().get(key, default), self._key(key), self._log)


def _record(value: Any, path: str, log: set[str]) -> Any:
    singular = {"cards": "card", "players": "player", "stack": "stack", "history": "history",
                "effects": "effect"}
    if isinstance(value, dict) and not isinstance(value, Recording):
        return Recording(value, path, log)
    if isinstance(value, list) and value and isinstance(value[0], dict):
        entry = singular.get(path, path)
        return [_record(v, entry, log) for v in value]
    return value


def recording(state: dict, log: set[str]) -> dict:
    return Recording(state, "", log)


# ------------------------------------------------------------------------------------------ refusals
# The classes of refusal a scenario may expect («… не может применить особенность "X" (один раз за ход)»),
# each with the error codes that say it. `unknown_action` and `unsupported` satisfy none: they are SKIP.
REFUSALS: dict[str, tuple[str, tuple[str, ...]]] = {
    "нет приоритета": ("the player does not hold priority", ("no_priority",)),
    "не сейчас": ("not in this player's turn or not at this point of it (e.g. the stack is not empty)",
                  ("not_now",)),
    "ждёт решения": ("a decision is pending and must be answered first", ("decision_pending",)),
    "один раз за ход": ("a once-per-turn ability already used this turn", ("once_per_turn",)),
    "нет цели": ("no legal target", ("no_target", "illegal_target")),
    "чужая карта": ("the player does not control the card", ("not_your_card",)),
    "карта закрыта": ("the card is closed", ("closed",)),
    "нечем платить": ("the cost cannot be paid", ("cannot_pay",)),
    "условие не выполнено": ("the ability's condition is not met", ("condition_not_met",)),
    "нет запаса движения": ("no movement left", ("no_movement",)),
    "не соседняя клетка": ("the cell is not a neighbouring free cell", ("not_adjacent", "bad_cell")),
    "игра окончена": ("the game is over", ("game_over",)),
    # where the text says that the action is not allowed but names no reason, any refusal by the rules will do
    "по правилам": ("any refusal by the rules, whatever its code: the text forbids the action and "
                    "names no reason", ()),
}
NOT_A_REFUSAL = ("unknown_action", "unsupported")


def refusal_codes(label: str | None) -> tuple[str, ...] | None:
    """The codes of a refusal class (None: any refusal by the rules — no class, or «по правилам»). An unknown
    class is a LookupError."""
    if label is None:
        return None
    if label not in REFUSALS:
        raise LookupError(f"unknown refusal class «{label}»; known: {', '.join(REFUSALS)}")
    return REFUSALS[label][1] or None


# ------------------------------------------------------------------------------------------ first contact
# The scenarios an engine with creatures, strikes and turns only can pass (features inline_cards,
# battle_history, rule_effects; vocabulary []): the starter engines of examples/engines/ pass exactly these.
# The rows [503.1.b13-7] … [503.1.b13-30] play every row of the strike table (ASM strike-table) with vanilla
# creatures: each difference band, the closed-target rolls, the answer strike and lethal wounds; [503.1.b13-38] …
# [503.1.b13-43] that an engine holding the default reading of ASM exchange-choice (none) asks nobody to choose at an
# exchange of strikes, nor where only one side strikes.
FIRST_CONTACT = (
    "classic:503.1.b2-1",
    "classic:503.1.b18-1",
    "classic:503.1.b18-2",
    "classic:503.1.b18-3",
    "classic:503.1.b18-4",
    "classic:536.4-1",
    "classic:503.1.b13-7",
    "classic:503.1.b13-8",
    "classic:503.1.b13-9",
    "classic:503.1.b13-10",
    "classic:503.1.b13-11",
    "classic:503.1.b13-12",
    "classic:503.1.b13-13",
    "classic:503.1.b13-14",
    "classic:503.1.b13-15",
    "classic:503.1.b13-16",
    "classic:503.1.b13-17",
    "classic:503.1.b13-18",
    "classic:503.1.b13-19",
    "classic:503.1.b13-20",
    "classic:503.1.b13-21",
    "classic:503.1.b13-22",
    "classic:503.1.b13-23",
    "classic:503.1.b13-24",
    "classic:503.1.b13-25",
    "classic:503.1.b13-26",
    "classic:503.1.b13-27",
    "classic:503.1.b13-28",
    "classic:503.1.b13-29",
    "classic:503.1.b13-30",
    "classic:503.1.b13-38",
    "classic:503.1.b13-39",
    "classic:503.1.b13-40",
    "classic:503.1.b13-41",
    "classic:503.1.b13-42",
    "classic:503.1.b13-43",
)
