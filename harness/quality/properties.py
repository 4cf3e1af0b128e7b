"""Rules as properties: the sentences of the text that hold at every step of every game, checked during random
play of any engine.

A *property* is a function of one step of a play (`Step`: the state before it, the move, the state after it,
the moves and states of the play so far, and what the harness itself knows of the game: the edition, the
definitions of the cards it set up, the readings the engine holds) that returns None when the sentence holds
there, or what is wrong, in words. Each names the sentence of the text it checks (``classic:503.1.p1#3``,
`harness.rules.sentences`; `tests/test_properties.py` checks every one names a sentence of the corpus) and reads
only the observable contract (harness/engines/contract.py, docs/CONTRACT.md): the required keys, the optional
ones only where the engine sends them (a property that needs a key the state lacks does not apply), and the
battle history only when the state carries one. The setup's state is a step too (no move, no state before).

Some hold whenever a player has priority («at priority»): the rule effects are all carried out before anyone
gets priority (classic 503.1.p1), so what they remove (a creature with lethal wounds, an equipment without a
host, additional and negative lives together, …) is never there then. Others compare the states around one
move (the history only grows; at the start of a turn the active player's cards open and nobody else's), or
read the entries a move appended to the history (a rule effect has no source and no target; nobody gets
priority between two rule effects; a generated action is never paid), or the whole play (a «может» trigger
declined at its first priority is never offered again).

A play (`check_line`) starts an engine (any adapter: the in-process reference engine or a mutant, or one over the
protocol) from a board and plays moves a chooser picks among `harness.quality.differential.moves` (the legal
actions when the engine is in this process, else the probes the state allows), checking every property after
every accepted move. `find_violations` lets hypothesis choose the boards (the suite's, and generated ones from
the fuzzer, `harness.quality.fuzz.boards`) and the moves, and shrinks each violation to its shortest line:

    from harness.quality.properties import find_violations
    report = find_violations(lambda: InProcessAdapter(), boards, examples=200)
    for name, violation in report.violations.items(): print(violation.text())

`berserk-rules properties [--engine-cmd CMD]` runs it (harness/cli/properties.py) and reports per sentence.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from harness.common.facts import EDITIONS
from harness.quality.differential import Move, draw_board, game_over, moves, perform

IN_SQUAD = ("battlefield", "additional")          # the zones of a player's squad (отряд)
ATTACHED_TYPES = ("equipment", "symbiote")
# history kinds that are no game action of a player or a card: a run of them follows from one game action
QUIET = frozenset({"rule_effect", "trigger", "zone", "loop_cut", "priority"})


# ------------------------------------------------------------------------------------------ steps
@dataclass
class Context:
    """What the harness knows of the game it set up, whatever the engine: the edition, the definitions of the
    board's cards (name → definition), the readings the engine holds (its `hello`)."""

    edition: str
    definitions: dict[str, dict]
    readings: dict[str, str] = field(default_factory=dict)

    def definition(self, card: dict) -> dict:
        d = self.definitions.get(str(card.get("name")))
        return d if isinstance(d, dict) else {}

    def card_type(self, card: dict) -> str | None:
        return self.definition(card).get("type")

    def ability(self, card: dict | None, key: Any) -> dict | None:
        if card is None:
            return None
        return next((a for a in self.definition(card).get("abilities") or []
                     if isinstance(a, dict) and a.get("key") == key), None)


@dataclass
class Step:
    """One step of a play: `before` is None at the setup (and `move` too)."""

    before: dict | None
    move: Move | None
    after: dict
    ctx: Context
    line: list[tuple[dict, Move]] = field(default_factory=list)     # (state before, move) of the earlier moves

    def new_history(self) -> list[dict]:
        after = _history(self.after)
        if self.before is None:
            return after
        return after[len(_history(self.before)):]

    def cards(self, state: dict | None = None) -> dict[str, dict]:
        return {str(c.get("id")): c for c in (state or self.after).get("cards") or [] if isinstance(c, dict)}

    def at_priority(self) -> bool:
        """A player has priority, nothing is pending, the game goes on."""
        return self.after.get("priority") is not None and not self.after.get("pending") and not game_over(self.after)


def _history(state: dict | None) -> list[dict]:
    h = (state or {}).get("history")
    return [e for e in h if isinstance(e, dict)] if isinstance(h, list) else []


def _info(entry: dict) -> dict:
    return entry.get("info") if isinstance(entry.get("info"), dict) else {}


Check = Callable[[Step], str | None]


@dataclass(frozen=True)
class Property:
    name: str
    sentence: str               # «classic:503.1.p1#3»
    check: Check
    doc: str
    editions: tuple[str, ...]   # the editions whose text states it

    def applies(self, edition: str) -> bool:
        return edition in self.editions


PROPERTIES: dict[str, Property] = {}


def prop(name: str, sentence: str, editions: tuple[str, ...] | None = None) -> Callable[[Check], Check]:
    """Register a property: its name and the sentence of the text it checks (its edition's games only, unless
    `editions` says more)."""
    def register(fn: Check) -> Check:
        if name in PROPERTIES:
            raise ValueError(f"two properties named {name!r}")
        PROPERTIES[name] = Property(name, sentence, fn, " ".join((fn.__doc__ or "").split()),
                                    editions or (sentence.split(":", 1)[0],))
        return fn
    return register


# ------------------------------------------------------------------------------------------ classic 503
@prop("no-priority-during-rule-effects", "classic:503.1.p1#3")
def no_priority_during_rule_effects(step: Step) -> str | None:
    """Nobody gets priority while rule effects are being carried out: in the history a move appended, no grant
    of priority is followed by a rule effect with nothing but rule effects (and firings) between them."""
    new = step.new_history()
    for i, h in enumerate(new):
        if h.get("kind") != "priority":
            continue
        for later in new[i + 1:]:
            if later.get("kind") not in QUIET:
                break
            if later.get("kind") == "rule_effect":
                return (f"player {h.get('controller')} got priority ({h.get('id')}) before the rule effect "
                        f"{_info(later).get('effect')} ({later.get('id')}) of the same batch")
    return None


@prop("rule-effects-sourceless", "classic:503.1#2")
def rule_effects_sourceless(step: Step) -> str | None:
    """A rule effect has no source and no target: every rule effect the history records has `source` null and
    `targets` empty (the cards it applies to are in `info.cards`)."""
    for h in step.new_history():
        if h.get("kind") == "rule_effect" and (h.get("source") is not None or h.get("targets")):
            return (f"the rule effect {_info(h).get('effect')} ({h.get('id')}) has source {h.get('source')!r} "
                    f"and targets {h.get('targets')!r}")
    return None


def lethal(step: Step, state: dict) -> list[str]:
    """The creatures in play with lethal wounds (current lives 0 or less), when the state says their lives."""
    return [str(c["id"]) for c in step.cards(state).values()
            if c.get("zone") == "battlefield" and step.ctx.card_type(c) == "creature"
            and isinstance(c.get("current_lives"), int) and c["current_lives"] <= 0]


@prop("lethal-wounds-destroy", "classic:503.1.b5#1")
def lethal_wounds_destroy(step: Step) -> str | None:
    """A creature with lethal wounds is destroyed by a rule effect before anyone gets priority: whenever a
    player has priority, no creature on the battlefield has 0 or fewer current lives."""
    if not step.at_priority():
        return None
    dead = lethal(step, step.after)
    return f"{', '.join(dead)} still on the battlefield with lethal wounds while {step.after['priority']} has " \
           "priority" if dead else None


def rule_effects_due(step: Step, state: dict) -> list[str]:
    """What a rule effect would remove or change in `state`, as far as the contract shows it: creatures with
    lethal wounds (503.1.b5), additional and negative lives together (b6), an equipment or a symbiote without a
    host in play (b7, b8), a face-down card whose action waits on the stack (b1: revealed once it acts)."""
    cards = step.cards(state)
    out = [f"{i} has lethal wounds" for i in lethal(step, state)]
    for i, c in cards.items():
        if c.get("zone") != "battlefield":
            continue
        if (c.get("additional_lives") or 0) > 0 and (c.get("negative_lives") or 0) > 0:
            out.append(f"{i} has additional and negative lives")
        host = c.get("host")
        if host is not None and (cards.get(str(host)) or {}).get("zone") != "battlefield":
            out.append(f"{i}'s host {host} is not on the battlefield")
        if host is None and "host" in c and step.ctx.card_type(c) in ATTACHED_TYPES:
            out.append(f"{i} has no host")
    for entry in state.get("stack") or []:
        source = cards.get(str(entry.get("source")))
        if source is not None and source.get("face_up") is False and source.get("zone") == "battlefield":
            out.append(f"{source['id']}, whose action is on the stack, lies face down")
    return out


@prop("rule-effects-at-once", "classic:503.1.p1#2")
def rule_effects_at_once(step: Step) -> str | None:
    """Rule effects are carried out as soon as they are relevant, whatever waits on the stack: whenever the
    stack is not empty and a player has priority or must answer a decision other than a roll, nothing a rule
    effect removes is there (a creature with lethal wounds, additional and negative lives together, an attached
    card without a host in play, a face-down card whose action is on the stack)."""
    pending = step.after.get("pending") or {}
    if not step.after.get("stack") or game_over(step.after) or pending.get("kind") == "roll":
        return None
    if step.after.get("priority") is None and not pending:
        return None
    due = rule_effects_due(step, step.after)
    return f"rule effects still due while the stack holds {len(step.after['stack'])} entr(y/ies): " \
        f"{'; '.join(due)}" if due else None


@prop("lives-cancel", "classic:503.1.b6#1")
def lives_cancel(step: Step) -> str | None:
    """Negative and additional lives cancel each other out by a rule effect: whenever a player has priority, no
    card has both."""
    if not step.at_priority():
        return None
    both = [i for i, c in step.cards().items() if c.get("zone") == "battlefield"
            and (c.get("additional_lives") or 0) > 0 and (c.get("negative_lives") or 0) > 0]
    return f"{', '.join(both)} has additional and negative lives at once" if both else None


@prop("hostless-destroyed", "classic:503.1.b7#1")
def hostless_destroyed(step: Step) -> str | None:
    """An equipment or a symbiote without a host is destroyed: whenever a player has priority, every one on the
    battlefield is attached to a card."""
    if not step.at_priority():
        return None
    alone = [i for i, c in step.cards().items() if c.get("zone") == "battlefield"
             and step.ctx.card_type(c) in ATTACHED_TYPES and "host" in c and c.get("host") is None]
    return f"{', '.join(alone)} on the battlefield without a host" if alone else None


@prop("host-left-destroyed", "classic:503.1.b8#1")
def host_left_destroyed(step: Step) -> str | None:
    """An equipment or a symbiote whose host left the battlefield is destroyed: whenever a player has priority,
    every attached card on the battlefield is attached to a card on the battlefield."""
    if not step.at_priority():
        return None
    cards = step.cards()
    left = [f"{i} (host {c['host']}: {(cards.get(str(c['host'])) or {}).get('zone', 'no such card')})"
            for i, c in cards.items() if c.get("zone") == "battlefield" and c.get("host") is not None
            and (cards.get(str(c["host"])) or {}).get("zone") != "battlefield"]
    return f"{', '.join(left)} stays on the battlefield" if left else None


@prop("moves-with-host", "classic:503.1.b9#1")
def moves_with_host(step: Step) -> str | None:
    """An equipment or a symbiote moves together with its host: whenever a player has priority, an attached card
    stands in its host's cell."""
    if not step.at_priority():
        return None
    cards = step.cards()
    apart = [f"{i} in {c.get('cell')}, its host {c['host']} in {cards[str(c['host'])].get('cell')}"
             for i, c in cards.items() if c.get("zone") == "battlefield" and c.get("host") is not None
             and (cards.get(str(c["host"])) or {}).get("zone") == "battlefield"
             and cards[str(c["host"])].get("cell") != c.get("cell")]
    return "; ".join(apart) or None


def _turn_change(step: Step) -> tuple[str, str] | None:
    """(the player whose turn ended, the new active player) when the move ended a turn, else None."""
    if step.before is None or step.move is None or not isinstance(step.move.value, dict):
        return None
    if step.move.value.get("type") != "end_turn" or step.after.get("turn") == step.before.get("turn"):
        return None
    players = [p.get("name") for p in step.after.get("players") or [] if isinstance(p, dict)]
    others = [p for p in players if p != step.move.player]
    return (step.move.player, others[0]) if len(others) == 1 else None


@prop("opens-at-turn-start", "classic:503.1.b2#1")
def opens_at_turn_start(step: Step) -> str | None:
    """At the start of his turn the active player's cards open, and only his: after a move that ends a turn,
    every card the new active player controls on the battlefield is open, and the other player's cards are as
    open or closed as before."""
    change = _turn_change(step)
    if change is None:
        return None
    ended, active = change
    before = step.cards(step.before)
    wrong = []
    for i, c in step.cards().items():
        if c.get("zone") != "battlefield":
            continue
        if c.get("controller") == active and c.get("open") is False:
            wrong.append(f"{i} of the active player {active} stays closed")
        was = before.get(i)
        if c.get("controller") == ended and was and was.get("zone") == "battlefield" \
                and was.get("controller") == ended and was.get("open") != c.get("open"):
            wrong.append(f"{i} of {ended}, whose turn ended, went from open={was.get('open')} to open={c.get('open')}")
    return "; ".join(wrong) or None


@prop("movement-restored-for-active", "classic:503.1.b12#1")
def movement_restored_for_active(step: Step) -> str | None:
    """Movement comes back at the start of the active player's turn, for his cards only: after a move that ends
    a turn, the other player's cards keep the movement they had left."""
    change = _turn_change(step)
    if change is None:
        return None
    ended, _ = change
    before = step.cards(step.before)
    wrong = [f"{i}: {before[i]['moves_left']} → {c['moves_left']}" for i, c in step.cards().items()
             if c.get("zone") == "battlefield" and c.get("controller") == ended and i in before
             and before[i].get("controller") == ended and isinstance(c.get("moves_left"), int)
             and isinstance(before[i].get("moves_left"), int) and before[i]["moves_left"] != c["moves_left"]]
    return f"the movement of {ended}'s cards changed at the start of the other player's turn: {', '.join(wrong)}" \
        if wrong else None


@prop("excess-extra-lives-removed", "classic:503.1.b16#1")
def excess_extra_lives_removed(step: Step) -> str | None:
    """Excess additional lives (counters) are removed as soon as they exceed the card's maximum: whenever a
    player has priority, no card has more additional lives or counters than its card allows (where the card says
    its maximum; the reading «additional» of `max-lives`)."""
    if not step.at_priority() or step.ctx.readings.get("max-lives", "additional") != "additional":
        return None
    wrong = []
    for i, c in step.cards().items():
        if c.get("zone") != "battlefield":
            continue
        d = step.ctx.definition(c)
        for key, most in (("additional_lives", "max_additional_lives"), ("counters", "max_counters")):
            if isinstance(d.get(most), int) and isinstance(c.get(key), int) and c[key] > d[most]:
                wrong.append(f"{i} has {c[key]} {key} (at most {d[most]})")
    return "; ".join(wrong) or None


@prop("player-without-creatures-loses", "classic:503.1.b18#1")
def player_without_creatures_loses(step: Step) -> str | None:
    """A player with no creature in his squad loses: whenever a player has priority, every player controls a
    creature in play; and once a player has lost, nobody has priority."""
    players = [p for p in step.after.get("players") or [] if isinstance(p, dict)]
    if any(p.get("lost") is True for p in players):
        holder = step.after.get("priority")
        return f"player {holder} has priority although the game is over" if holder is not None else None
    if not step.at_priority():
        return None
    squads = Counter(c.get("controller") for c in step.cards().values()
                     if c.get("zone") in IN_SQUAD and step.ctx.card_type(c) == "creature")
    empty = [str(p.get("name")) for p in players if squads[p.get("name")] == 0]
    return f"player {', '.join(empty)} has no creature in play and has not lost" if empty else None


@prop("classic-paid-after-execution", "classic:503.1.b3#1")
def classic_paid_after_execution(step: Step) -> str | None:
    """In classic an activated ability is paid after it is executed: the payment of an activated ability's
    declaration comes after its execution (or its cancelling) in the history."""
    history = _history(step.after)
    activated = {h.get("id") for h in history if h.get("kind") == "declare" and _info(h).get("action") == "activate"}
    for h in step.new_history():
        if h.get("kind") != "payment" or h.get("parent") not in activated:
            continue
        done = {e.get("parent") for e in history[:history.index(h)] if e.get("kind") in ("executed", "fizzle")}
        if h["parent"] not in done:
            return f"the activated ability {h['parent']} is paid ({h.get('id')}) before it was executed"
    return None


# ------------------------------------------------------------------------------------------ classic 113, 536, 537
@prop("triggers-after-rule-effects", "classic:113.2#2", editions=EDITIONS)
def triggers_after_rule_effects(step: Step) -> str | None:
    """A triggered ability is declared once the rule effects have been applied: when a declaration of triggered
    abilities is asked for, no creature on the battlefield has lethal wounds and no attached card is without a
    host in play (heroes 113.2 says the same)."""
    pending = step.after.get("pending") or {}
    if pending.get("kind") != "declare_trigger":
        return None
    dead = lethal(step, step.after)
    cards = step.cards()
    stray = [i for i, c in cards.items() if c.get("zone") == "battlefield" and c.get("host") is not None
             and (cards.get(str(c["host"])) or {}).get("zone") != "battlefield"]
    if dead or stray:
        return f"a triggered ability is to be declared while rule effects are still due: " \
               f"{', '.join(dead + stray)} still on the battlefield"
    return None


@prop("no-defender-for-generated", "classic:536.2.b#2")
def no_defender_for_generated(step: Step) -> str | None:
    """No redirection, and no defender, for a generated action: a defender or redirect decision is never asked
    for an attack whose declaration is a generated one."""
    pending = step.after.get("pending") or {}
    stack = step.after.get("stack") or []
    if pending.get("kind") not in ("defender", "redirect") or not stack:
        return None
    top = stack[-1]
    declared = [h for h in _history(step.after) if h.get("kind") == "declare" and h.get("source") == top.get("source")
                and _info(h).get("action") == "attack"]
    if declared and _info(declared[-1]).get("generated") is True:
        return f"a {pending['kind']} decision for the generated attack of {top.get('source')} ({declared[-1].get('id')})"
    return None


@prop("generated-not-paid", "classic:536.2.c#1")
def generated_not_paid(step: Step) -> str | None:
    """The payment stage is not carried out for a generated action: no payment in the history belongs to a
    generated declaration."""
    generated = {h.get("id") for h in _history(step.after)
                 if h.get("kind") == "declare" and _info(h).get("generated") is True}
    for h in step.new_history():
        if h.get("kind") == "payment" and h.get("parent") in generated:
            return f"the generated action {h['parent']} is paid ({h.get('id')})"
    return None


@prop("history-append-only", "classic:537.1#1", editions=EDITIONS)
def history_append_only(step: Step) -> str | None:
    """Every game action is remembered: the battle history only grows, the entries of the state before are the
    first entries of the state after, unchanged."""
    if step.before is None or "history" not in step.after:
        return None
    old, new = _history(step.before), _history(step.after)
    if new[:len(old)] != old:
        first = next((i for i, (a, b) in enumerate(zip(old, new, strict=False)) if a != b), min(len(old), len(new)))
        return f"the history was rewritten from entry {first + 1} on ({len(old)} entries before, {len(new)} after)"
    return None


@prop("departures-remembered", "classic:537.1#1", editions=EDITIONS)
def departures_remembered(step: Step) -> str | None:
    """Every game action is remembered, rule effects included: a card that leaves the battlefield in a move is
    named (as source, target, or a rule effect's card) by an entry the move appended to the history."""
    if step.before is None or "history" not in step.after:
        return None
    named: set[str] = set()
    for h in step.new_history():
        if h.get("kind") in ("zone", "priority"):
            continue
        named |= {str(h.get("source"))} | {str(t) for t in h.get("targets") or []} \
            | {str(t) for t in _info(h).get("cards") or []}
    before = step.cards(step.before)
    gone = [i for i, c in step.cards().items() if c.get("zone") != "battlefield"
            and (before.get(i) or {}).get("zone") == "battlefield" and i not in named]
    return f"{', '.join(gone)} left the battlefield and no entry of the history says so" if gone else None


@prop("history-ids-unique", "classic:537.1.a#1", editions=EDITIONS)
def history_ids_unique(step: Step) -> str | None:
    """Each game action has a unique identifier: no two entries of the battle history have the same id."""
    ids = Counter(h.get("id") for h in _history(step.after))
    twice = [str(i) for i, n in ids.items() if n > 1]
    return f"history id(s) used more than once: {', '.join(twice[:5])}" if twice else None


@prop("trigger-declaration-has-parent", "classic:537.1.f#1", editions=EDITIONS)
def trigger_declaration_has_parent(step: Step) -> str | None:
    """A triggered ability's declaration records the game action that generated it: its `parent` names an earlier
    entry of the history."""
    history = _history(step.after)
    position = {h.get("id"): n for n, h in enumerate(history)}
    for h in step.new_history():
        if h.get("kind") == "declare" and _info(h).get("action") == "trigger":
            parent = h.get("parent")
            if parent is None or position.get(parent, len(history)) >= position[h.get("id")]:
                return f"the declaration {h.get('id')} of {h.get('source')}: {_info(h).get('ability')} has " \
                       f"parent {parent!r}, no earlier entry"
    return None


# ------------------------------------------------------------------------------------------ heroes
def _declared_twice(step: Step, action: str) -> str | None:
    seen: dict[tuple, str] = {}
    new_ids = {h.get("id") for h in step.new_history()}
    for h in _history(step.after):
        if h.get("kind") != "declare" or _info(h).get("action") != action:
            continue
        key = (h.get("turn"), h.get("source"), _info(h).get("ability"))
        if key in seen and h.get("id") in new_ids:
            return f"{h.get('source')}: {_info(h).get('ability')} declared twice in turn {h.get('turn')} " \
                   f"({seen[key]}, {h.get('id')})"
        seen.setdefault(key, str(h.get("id")))
    return None


@prop("trigger-once-per-turn", "heroes:113.4.p1#1")
def trigger_once_per_turn(step: Step) -> str | None:
    """Each triggered ability is declared at most once per turn."""
    return _declared_twice(step, "trigger")


@prop("activated-once-per-turn", "heroes:113.3.dup2.p1#1")
def activated_once_per_turn(step: Step) -> str | None:
    """Each activated ability is declared at most once per turn."""
    return _declared_twice(step, "activate")


@prop("heroes-paid-before-execution", "heroes:113.3.dup2#1")
def heroes_paid_before_execution(step: Step) -> str | None:
    """In heroes an activated ability is paid before it is executed: no payment of an activated ability's
    declaration comes after its execution in the history."""
    history = _history(step.after)
    activated = {h.get("id") for h in history if h.get("kind") == "declare" and _info(h).get("action") == "activate"}
    for h in step.new_history():
        if h.get("kind") != "payment" or h.get("parent") not in activated:
            continue
        done = [e.get("id") for e in history[:history.index(h)] if e.get("kind") == "executed"
                and e.get("parent") == h["parent"]]
        if done:
            return f"the activated ability {h['parent']} is paid ({h.get('id')}) after it was executed ({done[0]})"
    return None


def _trigger_options(step: Step) -> list[dict] | None:
    pending = step.after.get("pending") or {}
    if pending.get("kind") != "declare_trigger":
        return None
    return [o for o in pending.get("options") or [] if isinstance(o, dict)]


def _optional(step: Step, option: dict) -> bool | None:
    ability = step.ctx.ability(step.cards().get(str(option.get("card"))), option.get("ability"))
    return None if ability is None else bool(ability.get("optional"))


@prop("mandatory-trigger-declared", "heroes:113.3#1")
def mandatory_trigger_declared(step: Step) -> str | None:
    """A triggered ability without «может» must be declared at the first priority: a declaration offering one
    offers no «declare nothing»."""
    options = _trigger_options(step)
    if not options or None not in (step.after["pending"].get("options") or []):
        return None
    mandatory = [o for o in options if _optional(step, o) is False]
    return f"{mandatory[0].get('card')}: {mandatory[0].get('ability')} has no «может», yet the player may " \
           "declare nothing" if mandatory else None


@prop("optional-trigger-declinable", "heroes:113.4#1")
def optional_trigger_declinable(step: Step) -> str | None:
    """A triggered ability with «может» need not be declared: a declaration offering only such abilities offers
    «declare nothing» too."""
    options = _trigger_options(step)
    if not options or None in (step.after["pending"].get("options") or []):
        return None
    if all(_optional(step, o) is True for o in options):
        return f"only «может» abilities ({', '.join(str(o.get('ability')) for o in options)}) and no way to " \
               "declare none of them"
    return None


@prop("declined-trigger-lost", "heroes:113.4#2")
def declined_trigger_lost(step: Step) -> str | None:
    """A «может» triggered ability not declared at the first priority cannot be declared for that firing later:
    a firing offered in a declaration that was answered «declare nothing» is never offered again."""
    options = _trigger_options(step)
    if not options:
        return None
    declined: set[Any] = set()
    for before, move in step.line:
        pending = before.get("pending") or {}
        if move.kind == "answer" and move.value is None and pending.get("kind") == "declare_trigger":
            declined |= {o.get("id") for o in pending.get("options") or [] if isinstance(o, dict)}
    again = [o for o in options if o.get("id") in declined]
    return f"the firing {again[0].get('id')} ({again[0].get('card')}: {again[0].get('ability')}) was declined and " \
           "is offered again" if again else None


# ------------------------------------------------------------------------------------------ checking
# What the reference engine is known to violate, with the reason: a finding for the engine, declared as an expected
# failure is (expectations/reference.yaml), never a property weakened until the engine passes it.
REFERENCE_EXPECTED: dict[str, str] = {
    # none now: "no-priority-during-rule-effects" was declared here (the loop of a cut cyclic sequence, 503.1.p2, ran
    # again after every game action and gave priority back to the active player on 503.1 ПРИМЕР's board) until the
    # engine skipped that loop until something changes (engine/rule_effects.py; [503.1.ex1-128]). An entry here is
    # strict: tests/test_properties.py fails when the property it excuses is no longer violated.
}


def sentence_problems(corpus: Any = None) -> list[str]:
    """Every property's sentence exists in the corpus (harness/rules/sentences.py); the problems, in words."""
    from harness.common import paths
    from harness.rules.corpus import load_corpus
    from harness.rules.sentences import sentence_ref

    corpus = corpus if corpus is not None else load_corpus(paths.RULES, root=paths.ROOT)
    out = []
    for p in PROPERTIES.values():
        try:
            sentence_ref(p.sentence, corpus)
        except ValueError as exc:
            out.append(f"property {p.name}: {exc}")
    return out


@dataclass
class Violation:
    """A property that does not hold: where (the board, the moves from the setup), and what is wrong."""

    prop: str
    sentence: str
    board: str
    moves: list[Move]
    message: str
    setup: tuple[dict, dict] | None = None       # the board's data and definitions (for a scenario draft)

    def text(self) -> str:
        lines = [f"{self.sentence} ({self.prop}) violated on board {self.board} after {len(self.moves)} move(s):",
                 "  setup"]
        lines += [f"  {i}. {m.text()}" for i, m in enumerate(self.moves, 1)]
        lines.append(f"  {self.message}")
        return "\n".join(lines)

    def as_dict(self) -> dict[str, Any]:
        return {"property": self.prop, "sentence": self.sentence, "board": self.board, "message": self.message,
                "moves": [m.text() for m in self.moves]}


class PropertyFailed(AssertionError):
    def __init__(self, violation: Violation):
        self.violation = violation
        super().__init__(violation.text())


@dataclass
class Tally:
    """How often each property was checked where it applies (it returned a verdict on a step of its edition),
    and the steps and lines played."""

    lines: int = 0
    steps: int = 0
    checked: Counter = field(default_factory=Counter)


def check_step(step: Step, names: Sequence[str], tally: Tally | None = None) -> tuple[str, str] | None:
    """The first property of `names` (applying to the edition) that the step violates: (name, message)."""
    for name in names:
        p = PROPERTIES[name]
        if not p.applies(step.ctx.edition):
            continue
        if tally is not None:
            tally.checked[name] += 1
        message = p.check(step)
        if message:
            return name, message
    return None


def check_line(adapter: Any, board_name: str, board: dict, definitions: dict, choose: Callable[[int], int],
               names: Sequence[str] | None = None, max_moves: int = 20, tally: Tally | None = None,
               readings: dict[str, str] | None = None) -> Violation | None:
    """Set the engine up from the board and play up to `max_moves` moves that `choose` picks (a number of moves
    available → the index of the one to play), checking the properties `names` (default: all) after the setup
    and after every accepted move. The first violation, or None. A refused move changes nothing and is not
    checked; the play ends when the engine faults, when nothing can be played, or when the game is over."""
    from harness.quality.differential import outcome

    names = list(names or PROPERTIES)
    ctx = Context(str(board.get("edition")), definitions, dict(readings or {}))
    start = outcome(lambda: adapter.setup(board, definitions))
    if start.kind != "ok" or start.state is None:
        return None
    state = start.state
    trail: list[Move] = []
    line: list[tuple[dict, Move]] = []
    found = check_step(Step(None, None, state, ctx), names, tally)
    if tally is not None:
        tally.lines += 1
    while found is None and len(trail) < max_moves and not game_over(state):
        options = moves(state, getattr(adapter, "legal_actions", None))
        result = None
        while options and len(trail) < max_moves:
            move = options.pop(choose(len(options)))
            trail.append(move)
            result = perform(adapter, move)
            if result.kind != "refused":
                break
        if result is None or result.kind != "ok" or result.state is None:
            break
        if tally is not None:
            tally.steps += 1
        step = Step(state, trail[-1], result.state, ctx, line)
        found = check_step(step, names, tally)
        line = [*line, (state, trail[-1])]
        state = result.state
    if found is None:
        return None
    return Violation(found[0], PROPERTIES[found[0]].sentence, board_name, trail, found[1], (board, definitions))


def replay_line(adapter: Any, violation: Violation, readings: dict[str, str] | None = None) -> str | None:
    """Play a violation's moves (by value) on another engine, checking the same property: what is wrong there
    too (None: it holds). The control of a mutant's kill: a line on which the reference engine violates the
    property as well is no kill."""
    if violation.setup is None:
        return None
    board, definitions = violation.setup
    script = iter(violation.moves)

    ctx = Context(str(board.get("edition")), definitions, dict(readings or {}))
    from harness.quality.differential import outcome

    start = outcome(lambda: adapter.setup(board, definitions))
    if start.kind != "ok" or start.state is None:
        return None
    state, line = start.state, []
    found = check_step(Step(None, None, state, ctx), [violation.prop])
    for move in script:
        if found is not None:
            break
        result = perform(adapter, move)
        if result.kind != "ok" or result.state is None:
            continue
        found = check_step(Step(state, move, result.state, ctx, line), [violation.prop])
        line = [*line, (state, move)]
        state = result.state
    return found[1] if found else None


def hypothesis_settings(examples: int, derandomize: bool = True) -> Any:
    from hypothesis import HealthCheck, Phase, Verbosity, settings

    return settings(max_examples=examples, derandomize=derandomize, database=None, deadline=None,
                    suppress_health_check=list(HealthCheck), phases=[Phase.generate, Phase.shrink],
                    verbosity=Verbosity.quiet, report_multiple_bugs=False)


@dataclass
class PropertiesReport:
    """Per property: violated (its shortest line) or held, and how often it was checked."""

    engine: str
    examples: int
    violations: dict[str, Violation] = field(default_factory=dict)
    tally: Tally = field(default_factory=Tally)
    seconds: float = 0.0

    def held(self) -> list[str]:
        return [n for n in PROPERTIES if n not in self.violations]

    def as_dict(self) -> dict[str, Any]:
        return {"engine": self.engine, "examples": self.examples, "lines": self.tally.lines,
                "steps": self.tally.steps, "seconds": self.seconds,
                "properties": [{"property": p.name, "sentence": p.sentence, "editions": list(p.editions),
                                "text": p.doc, "checked": self.tally.checked[p.name],
                                "status": "violated" if p.name in self.violations else "held",
                                **({"violation": self.violations[p.name].as_dict()}
                                   if p.name in self.violations else {})}
                               for p in PROPERTIES.values()]}


def find_violations(make_adapter: Callable[[], Any], boards: dict[str, tuple[dict, dict]], examples: int = 100,
                    max_moves: int = 20, generated: bool = True, derandomize: bool = True,
                    names: Sequence[str] | None = None, engine: str = "reference",
                    readings: dict[str, str] | None = None) -> PropertiesReport:
    """Random plays (hypothesis: `examples` of them in all, boards and moves drawn) checking every property;
    each violation found is shrunk to its shortest line, and the search goes on for the properties not yet
    violated, until the examples are spent (every property held) or every property is violated."""
    import time

    started = time.perf_counter()
    report = PropertiesReport(engine, examples)
    remaining = list(names or PROPERTIES)
    adapter = make_adapter()
    budget = examples
    while remaining and budget > 0:
        found, plays, counting = _search(adapter, boards, budget, derandomize, generated, remaining, max_moves,
                                         readings)
        _merge(report.tally, counting)
        if found is None:
            break
        report.violations[found.prop] = found
        remaining.remove(found.prop)
        budget -= plays
    report.seconds = round(time.perf_counter() - started, 2)
    return report


def _search(adapter: Any, boards: dict[str, tuple[dict, dict]], budget: int, derandomize: bool, generated: bool,
            names: list[str], max_moves: int, readings: dict[str, str] | None) -> tuple[Violation | None, int, Tally]:
    """One hypothesis search: the first violation of `names` (shrunk), the plays it took, what was checked."""
    counting = Tally()
    plays = [0]

    @hypothesis_settings(budget, derandomize)
    @_given_data()
    def holds(data: Any) -> None:
        name, board, definitions = draw_board(data, boards, generated)
        plays[0] += 1
        found = check_line(adapter, name, board, definitions, lambda n: data.draw(_choice(n)), names, max_moves,
                           counting, readings)
        if found is not None:
            raise PropertyFailed(found)

    try:
        holds()
    except PropertyFailed as exc:
        return exc.violation, plays[0], counting
    return None, plays[0], counting


def _merge(total: Tally, part: Tally) -> None:
    total.lines += part.lines
    total.steps += part.steps
    total.checked.update(part.checked)


def _given_data() -> Any:
    from hypothesis import given
    from hypothesis import strategies as st

    return given(st.data())


def _choice(n: int) -> Any:
    from hypothesis import strategies as st

    return st.integers(0, n - 1)


def unexpected(report: PropertiesReport, expected: dict[str, str] | None = None) -> list[str]:
    """The properties violated that are not declared as expected (`REFERENCE_EXPECTED` for the reference)."""
    return [n for n in report.violations if n not in (expected or {})]


def report_text(report: PropertiesReport, expected: dict[str, str] | None = None) -> str:
    """Per sentence: held (checked N times) or violated, with the shrunk line (and the reason, when the
    violation is `expected`)."""
    expected = expected or {}
    lines = [f"properties of the text on {report.engine}: {report.tally.lines} line(s), {report.tally.steps} "
             f"step(s), {report.seconds} s"]
    by_sentence: dict[str, list[Property]] = {}
    for p in PROPERTIES.values():
        by_sentence.setdefault(p.sentence, []).append(p)
    for sentence in sorted(by_sentence):
        for p in by_sentence[sentence]:
            if p.name in report.violations:
                known = f" (expected: {expected[p.name]})" if p.name in expected else ""
                lines.append(f"VIOLATED  {sentence}  {p.name}{known}")
                lines += ["    " + t for t in report.violations[p.name].text().splitlines()]
            else:
                lines.append(f"held      {sentence}  {p.name}  (checked on {report.tally.checked[p.name]} step(s))")
    known = len(report.violations) - len(unexpected(report, expected))
    lines.append(f"{len(report.held())} held, {len(report.violations)} violated"
                 + (f" ({known} of them expected)" if known else "") + f", of {len(PROPERTIES)} properties")
    return "\n".join(lines)


def dumps(report: PropertiesReport) -> str:
    return json.dumps(report.as_dict(), ensure_ascii=False, indent=2)
