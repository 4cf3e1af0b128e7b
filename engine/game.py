"""The reference game: the state of a game, its set-up, the public API (`act`, `answer`, `legal_actions`,
`clone`) and the loop that runs the game forward between requests.

Deterministic: dice and choices are never drawn here. Where the game needs a roll or a decision the
engine stops with a *pending decision* (kind, player, options) and waits for `answer`.

Every rule lives in the module of its rules section, a base class of `Game`:
    stack.py           the stack/Queue and priority, declaration, resolution steps, payment stage
    triggered.py       triggered abilities (113)
    activated.py       activated abilities (114)
    static.py          static abilities (115) and the abilities a card has now
    replacement.py     replacement effects and prevention (534; heroes 115.3; 538.1.b3)
    effects.py         the effect application step and the table of effect verbs
    generated.py       generated actions (536)
    battle_history.py  the battle history and its queries (537)
    participle.py      the participle replacement (538)
    targets.py         selectors and legal targets
    attacks.py         the simple strike (with strike.py, the strike table)
    turns.py           the turn: start, playing a card, movement, end
    zones.py           cards, squads, zones
    legal.py           the legal actions of a player
rule_effects.py (503) runs as a loop between steps; model.py holds the plain data.
"""

from __future__ import annotations

from typing import Any

from . import rule_effects
from .activated import ActivatedAbilities
from .attacks import Attacks
from .battle_history import BattleHistory
from .cards import parse_card
from .editions import EDITIONS, Edition
from .effects import Effects
from .generated import GeneratedActions
from .legal import LegalActions
from .model import (
    DEFAULT_PLAYERS,
    Card,
    CardDef,
    Effect,
    Entry,
    Fired,
    IllegalAction,
    SetupError,
    copy_value,
    plain,
    remove_object,
)
from .participle import ParticipleReplacement
from .readings import reading_problems
from .readings import resolve as resolve_readings
from .replacement import Replacements
from .setup import setup_problems
from .stack import StackAndPriority
from .static import StaticAbilities
from .targets import Targets
from .triggered import TriggeredAbilities
from .turns import Turns
from .zones import Zones


class Game(StackAndPriority, TriggeredAbilities, ActivatedAbilities, StaticAbilities, Replacements, Effects,
           GeneratedActions, BattleHistory, ParticipleReplacement, Targets, Attacks, Turns, Zones, LegalActions):
    """One game position and everything that happens from it. The rules sections are the modules of the
    base classes (one per rules concept); this class holds the state, sets it up and ties them together."""

    # tests set this: every skipped rule-effects loop (rule_effects.run) and every reused part of the
    # canonical state (canonical.canonical_state) is checked against a full computation
    VERIFY_SKIPS = False

    def __init__(self, setup: dict, definitions: dict[str, dict], readings: dict[str, str] | None = None):
        problems = setup_problems(setup)
        if not isinstance(definitions, dict):
            problems.append((("definitions",), "expected an object: card name → definition"))
        problems += [(("readings",), p) for p in reading_problems(readings)]
        if problems:
            raise SetupError(problems)
        edition = EDITIONS[setup["edition"]]
        self.edition: Edition = edition
        # where the text admits more than one reading, the one this game plays (engine/readings.py)
        self.readings: dict[str, str] = resolve_readings(readings)
        self.players: list[str] = list(setup.get("players", DEFAULT_PLAYERS))
        self.turn: int = int(setup.get("turn", 1))
        self.active: str = setup.get("active", self.players[0])
        self.first_player: str = setup.get("first_player", self.players[0])
        self.step: str = setup.get("step", "main")
        self.priority: str | None = None
        self.passes = 0
        self._pending: dict | None = None
        self.declaring: dict | None = None
        self.stack: list[Entry] = []
        self.fired: list[Fired] = []
        self.effects: list[Effect] = []
        self.history: list[dict] = []
        # every game change is written to the battle history in the same step (537.1): `changes` counts the
        # entries that record one (BattleHistory.log), and `rules_checked_at` is its value when the rule
        # effects last ran to their end (None: never yet), so the loop of rule_effects.run is skipped while nothing
        # changed
        self.changes = 0
        self.rules_checked_at: int | None = None
        self.rules_cut: frozenset[tuple] = frozenset()   # the repeated effects the last loop cut (503.1.p2)
        self.lost: list[str] = []
        self.seed: int = int(setup.get("seed", 0))
        self.deck_dirty: dict[str, str] = {}      # player → why his deck must be shuffled (503.1.b17)
        self.cell_markers: dict[str, list[str]] = {k: list(v) for k, v in setup.get("cell_markers", {}).items()}
        self._counters: dict[str, int] = {}
        self.cards: dict[str, Card] = {}
        defs: dict[str, CardDef] = {}
        for name, raw in definitions.items():
            try:
                defs[name] = parse_card(raw)
            except Exception as exc:  # DefinitionError
                problems.append((("definitions", name), str(exc)))
        for i, c in enumerate(setup.get("cards", [])):
            d = defs.get(c.get("card"))
            if d is None:
                problems.append((("cards", i, "card"), f"no definition for card '{c.get('card')}'"))
                continue
            card = Card(id=c["id"], definition=d, owner=c["owner"], base_controller=c.get("controller", c["owner"]),
                        zone=c.get("zone", "battlefield"), cell=c.get("cell"), closed=bool(c.get("closed", False)),
                        face_down=bool(c.get("face_down", False)), wounds=int(c.get("wounds", 0)),
                        max_lives=int(c.get("lives", d.lives)), markers=list(c.get("markers", [])),
                        position=int(c.get("position", 0)), poison=int(c.get("poison", 0)), appeared=i,
                        appeared_turn=self.turn,
                        host=c.get("host"), additional=int(c.get("additional_lives", 0)),
                        negative=int(c.get("negative_lives", 0)), moves_left=int(c.get("moves_left", d.move)),
                        battle_started=not c.get("face_down", False), counters=int(c.get("counters", 0)))
            self.cards[card.id] = card          # ids are unique: setup_problems refused a duplicate
        self._counters["appear"] = len(self.cards)
        for card in self.cards.values():
            if card.host in self.cards:
                card.cell = self.cards[card.host].cell      # an attached card stands in its host's cell
        if problems:                            # definitions the engine cannot read, cards without one
            raise SetupError(problems)
        for i, e in enumerate(setup.get("effects", [])):   # source and target name cards (setup_problems)
            duration = e.get("while")
            holder = e.get("to") or self.cards[e["source"]].base_controller
            until = self._until_turn(holder, duration) if duration in ("end_of_turn", "end_of_controller_turn") \
                else None
            self.effects.append(Effect(id=self._new_id("e"), kind=e["kind"], source=e["source"], target=e["target"],
                                       to=e.get("to"), amount=int(e.get("amount", 0)),
                                       while_="source_in_squad" if duration == "source_in_squad" else None,
                                       until_end_of_turn=until, order=(0, i)))
        self.log("setup")
        if self.step == "start":
            self._begin_turn()
        self._advance()

    @property
    def pending(self) -> dict | None:
        """The decision the game waits for (kind, player, options), or None."""
        return self._pending

    @pending.setter
    def pending(self, decision: dict | None) -> None:
        # stored as plain data and never changed in place: the canonical state shares it
        self._pending = None if decision is None else plain(decision)

    def _new_id(self, prefix: str) -> str:
        counters = self._counters
        n = counters[prefix] = counters.get(prefix, 0) + 1
        return f"{prefix}{n}"

    # ------------------------------------------------------------------ public API
    # the action types of `act` and the method that carries each out
    ACTIONS = {"pass": "_pass", "attack": "_declare_attack", "activate": "_declare_activation", "play": "_play",
               "move": "_move", "end_turn": "_end_turn"}

    def act(self, player: str, action: dict) -> None:
        """A player's action: pass | attack | activate | play | move | end_turn (see docs/PROTOCOL.md); the
        ones legal now are `legal_actions(player)`."""
        if self.lost:
            raise IllegalAction("game_over", "the game is over")
        if player not in self.players:
            raise IllegalAction("unknown_player", f"no player '{player}'")
        if self.pending is not None:
            raise IllegalAction("decision_pending",
                                f"a decision ({self.pending['kind']}) is pending for player {self.pending['player']}")
        if self.priority != player:
            raise IllegalAction("no_priority", f"player {player} does not have priority (holder: {self.priority})")
        handler = self.ACTIONS.get(action.get("type", ""))
        if handler is None:
            raise IllegalAction("unknown_action", f"unknown action type '{action.get('type')}'")
        getattr(self, handler)(player, action)
        self._advance()

    def answer(self, player: str, choice: Any) -> None:
        """Answer the pending decision with one of its options."""
        p = self.pending
        if p is None:
            raise IllegalAction("no_decision", "no decision is pending")
        if p["player"] != player:
            raise IllegalAction("not_your_decision", f"the pending {p['kind']} decision is player {p['player']}'s")
        values = [o["id"] if isinstance(o, dict) else o for o in p["options"]]
        if choice not in values:
            raise IllegalAction("illegal_choice", f"{choice!r} is not one of the options {values!r}")
        self.pending = None
        getattr(self, f"_on_{p['kind']}")(p, choice)
        self._advance()

    # ------------------------------------------------------------------ the main loop
    def _advance(self) -> None:
        """Run the game forward until a player has priority or a decision is pending."""
        while self._pending is None and not self.lost:
            # the loop of rule_effects.run is skipped while nothing changed (Game.changes), so whether rule effects
            # wait (classic 538.2) is asked only when it would run (or, under VERIFY_SKIPS, verify the skip)
            if (self.changes != self.rules_checked_at or self.VERIFY_SKIPS) and not self.rule_effects_wait():
                rule_effects.run(self)
            if self.lost:
                return
            top = self.next_entry()
            if top is not None and top.step != "declared":
                if self.before_waits(top):
                    # «До» abilities fired by a generated action wait: declared first (ASM do-generated)
                    if self._declare_next():
                        return
                    continue                   # none could be declared: the action starts now
                self._resolve_step(top)
                if top.step == "done":
                    remove_object(self.stack, top)
                    self.log("resolved", source=top.source, entry=top.id)
                    self.priority = None       # ASM priority-after-resolution: the active player, below
                continue
            if self._declare_next():
                return
            if self.priority is None:
                self._give_priority(self.active)
            return

    # ------------------------------------------------------------------ copying
    # the fields a clone shares with its game: values never changed in place once set (the pending decision,
    # plain data; the readings, fixed at the set-up; the places of the possible rule-effect checks, a tuple)
    SHARED_BY_CLONES = frozenset({"_pending", "readings", "_rule_checks"})

    def clone(self) -> Game:
        """An independent copy of the game (model.copy_value: immutable values shared, everything else
        copied, shared references kept shared). History entries and the fields of SHARED_BY_CLONES are never
        changed in place, so the copy shares them."""
        new = object.__new__(type(self))
        memo: dict[int, Any] = {id(self): new}
        fields = new.__dict__
        for name, value in self.__dict__.items():
            if name == "history":
                fields[name] = list(value)
            elif name in self.SHARED_BY_CLONES:
                fields[name] = value
            else:
                fields[name] = copy_value(value, memo)
        return new
