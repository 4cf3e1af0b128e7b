"""The reference game: state, actions, pending decisions, resolution steps, triggers, history.

Deterministic: dice and choices are never drawn here. Where the game needs a roll or a decision the
engine stops with a *pending decision* (kind, player, options) and waits for `answer`.

Resolution of a stack/Queue entry follows the rules' named steps (classic 536.2, 503.1.b3; sections
511/512 are not in the corpus: ASM resolution-steps):
    target_resolution → (defender) → rolls → apply (effect application) → payment → done
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from . import rule_effects
from . import strike as strike_table
from .cards import Ability, CardDef, EffectSpec, Filter, parse_card
from .editions import EDITIONS, Edition


def plain(value: Any) -> Any:
    """A deep copy as plain JSON data: mappings stay dicts, tuples and lists become lists."""
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    return value


_SHARED = (str, int, float, bool, type(None), CardDef, Ability, Edition)   # immutable: a copy may share them


def _deepcopy_fields(self: Any, memo: dict) -> Any:
    """`copy.deepcopy` for the game's dataclasses, several times faster than the generic one: immutable
    field values are shared, everything else (lists, dicts, nested objects) is deep-copied."""
    new = copy.copy(self)
    memo[id(self)] = new
    for name, value in vars(self).items():
        if not isinstance(value, _SHARED):
            setattr(new, name, copy.deepcopy(value, memo))
    return new


IN_PLAY = ("battlefield", "additional")       # the zones that make up a squad (отряд)
# poison X: a triggered ability of the game itself, declared by the poisoned creature's controller (ASM poison-trigger)
POISON = Ability(key="отравление", kind="triggered", text="Отравление X: в начале хода — X ран",
                 effects=(EffectSpec(do="wound", target="self"),))


class IllegalAction(Exception):
    """A request the rules do not allow now; `code` is stable (protocol error code)."""

    def __init__(self, code: str, message: str):
        self.code = code
        self.message = message
        super().__init__(f"{code}: {message}")


class SetupError(Exception):
    """A setup the engine cannot start from; `problems` are (path, message)."""

    def __init__(self, problems: list[tuple[tuple, str]]):
        self.problems = problems
        super().__init__("; ".join(f"{'.'.join(map(str, p))}: {m}" for p, m in problems))


SETUP_INTS = ("wounds", "lives", "position", "poison", "additional_lives", "negative_lives", "moves_left",
              "counters")
EFFECT_KINDS = ("control", "strike_bonus", "strike_set", "lose_abilities", "roll_bonus")
ZONES = ("battlefield", "additional", "graveyard", "deck", "hand")


def setup_problems(setup: Any) -> list[tuple[tuple, str]]:
    """Every problem of a setup's shape, as (path, message): a setup from a foreign caller (the protocol,
    a test) is refused with SetupError, never with a crash, and never starts from an impossible position
    (two cards in one cell, a cell off the grid). The harness checks boards more thoroughly beforehand."""
    if not isinstance(setup, dict):
        return [(("(root)",), "expected an object (the board)")]
    edition = EDITIONS.get(setup.get("edition", "")) if isinstance(setup.get("edition"), str) else None
    if edition is None:
        return [(("edition",), f"expected one of: {', '.join(EDITIONS)}")]
    out: list[tuple[tuple, str]] = []

    def integer(value: Any, path: tuple, minimum: int = 0) -> None:
        if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
            out.append((path, f"expected an integer ≥ {minimum}, got {value!r}"))

    players = setup.get("players", ["А", "Б"])
    if not (isinstance(players, list) and len(players) == 2 and all(isinstance(p, str) and p for p in players)
            and players[0] != players[1]):
        return [(("players",), "expected two different player names")]
    for key in ("active", "first_player"):
        if key in setup and setup[key] not in players:
            out.append(((key,), f"expected one of the players: {', '.join(players)}"))
    if "step" in setup and setup["step"] not in ("start", "main", "end"):
        out.append((("step",), "expected one of: start, main, end"))
    for key, minimum in (("turn", 1), ("seed", 0)):
        if key in setup:
            integer(setup[key], (key,), minimum)
    cards = setup.get("cards", [])
    if not isinstance(cards, list):
        return out + [(("cards",), "expected a list of cards")]
    ids: set[str] = set()
    cells: dict[str, int] = {}
    for i, c in enumerate(cards):
        if not isinstance(c, dict):
            out.append((("cards", i), "expected an object (a card)"))
            continue
        if not isinstance(c.get("id"), str) or not c["id"]:
            out.append((("cards", i, "id"), "expected a non-empty string"))
        elif c["id"] in ids:
            out.append((("cards", i, "id"), f"duplicate card id '{c['id']}'"))
        else:
            ids.add(c["id"])
        if not isinstance(c.get("card"), str):
            out.append((("cards", i, "card"), "expected the name of a card"))
        for key in ("owner", "controller"):
            if (key == "owner" or key in c) and c.get(key) not in players:
                out.append((("cards", i, key), f"expected one of the players: {', '.join(players)}"))
        zone = c.get("zone", "battlefield")
        if zone not in ZONES:
            out.append((("cards", i, "zone"), f"expected one of: {', '.join(ZONES)}"))
        for key in SETUP_INTS:
            if key in c:
                integer(c[key], ("cards", i, key))
        for key in ("closed", "face_down", "moved_last_turn"):
            if key in c and not isinstance(c[key], bool):
                out.append((("cards", i, key), "expected true or false"))
        if "markers" in c and not (isinstance(c["markers"], list) and all(isinstance(m, str) for m in c["markers"])):
            out.append((("cards", i, "markers"), "expected a list of marker names"))
        cell, host = c.get("cell"), c.get("host")
        if host is not None and (not isinstance(host, str) or zone != "battlefield"):
            out.append((("cards", i, "host"), "expected the id of another card, for a card on the battlefield"))
        if cell is None:
            if edition.has_grid and zone == "battlefield" and host is None:
                out.append((("cards", i, "cell"), "a card on the battlefield stands in a cell"))
        elif not edition.has_grid or zone != "battlefield" or host is not None:
            out.append((("cards", i, "cell"), "only an unattached card on the classic battlefield has a cell"))
        elif not isinstance(cell, str) or not edition.is_cell(cell):
            out.append((("cards", i, "cell"), f"expected a cell of the grid ({edition.columns[0]}1–"
                                              f"{edition.columns[-1]}{edition.rows}), got {cell!r}"))
        elif cell in cells:
            out.append((("cards", i, "cell"), f"cell {cell} is already taken by cards.{cells[cell]}"))
        else:
            cells[cell] = i
    for i, c in enumerate(cards):
        host = c.get("host") if isinstance(c, dict) else None
        if isinstance(host, str) and (host not in ids or host == c.get("id")):
            out.append((("cards", i, "host"), f"no other card has id '{c['host']}'"))
    effects = setup.get("effects", [])
    if not isinstance(effects, list):
        return out + [(("effects",), "expected a list of effects")]
    for i, e in enumerate(effects):
        if not isinstance(e, dict):
            out.append((("effects", i), "expected an object (an effect)"))
            continue
        if e.get("kind") not in EFFECT_KINDS:
            out.append((("effects", i, "kind"), f"expected one of: {', '.join(EFFECT_KINDS)}"))
        if "to" in e and e["to"] not in players:
            out.append((("effects", i, "to"), f"expected one of the players: {', '.join(players)}"))
        if "amount" in e and (not isinstance(e["amount"], int) or isinstance(e["amount"], bool)):
            out.append((("effects", i, "amount"), "expected an integer"))
        if e.get("while") not in (None, "source_in_squad", "end_of_turn", "end_of_controller_turn"):
            out.append((("effects", i, "while"), "expected source_in_squad, end_of_turn or end_of_controller_turn"))
    markers = setup.get("cell_markers", {})
    if not isinstance(markers, dict) or not all(
            isinstance(k, str) and edition.is_cell(k) and isinstance(v, list) for k, v in markers.items()):
        out.append((("cell_markers",), "expected {cell: [marker, …]} with cells of the grid"))
    return out


@dataclass
class Card:
    id: str
    definition: CardDef
    owner: str
    base_controller: str
    zone: str
    cell: str | None = None
    closed: bool = False
    face_down: bool = False
    wounds: int = 0
    max_lives: int = 0
    markers: list[str] = field(default_factory=list)
    position: int = 0
    poison: int = 0
    appeared: int = 0               # when it came into play (115.4: statics apply in order of appearance)
    last_hit: str | None = None     # history id of the action that last wounded it
    host: str | None = None         # equipment / symbiote: the card it is attached to
    additional: int = 0             # additional lives
    negative: int = 0               # negative lives
    moves_left: int = 0             # movement allowance left this turn
    last_cell: str | None = None    # where it stood before it went to the additional zone
    reveal_due: bool = False        # a face-down card that acted or was targeted: revealed by a rule effect
    battle_started: bool = True     # «начинает бой с …» applied (or not due)
    replaced: list[str] = field(default_factory=list)   # abilities replaced by another ability (503.1.b19)
    counters: int = 0               # фишки

    __deepcopy__ = _deepcopy_fields


@dataclass
class Effect:
    id: str
    kind: str                       # control | strike_bonus | strike_set | lose_abilities
    source: str
    target: str
    to: str | None = None           # control: the player who gets control
    amount: int = 0
    while_: str | None = None       # "source_in_squad"
    until_end_of_turn: int | None = None
    cause: str | None = None        # history id that created it
    order: tuple = ()               # application order (115.4)
    static_key: tuple | None = None  # set for the effect of a static ability

    __deepcopy__ = _deepcopy_fields


@dataclass
class Entry:
    """An entry of the stack (classic) / Queue (heroes)."""

    id: str
    kind: str                       # "attack" | "ability"
    source: str
    controller: str
    targets: list[str]
    ability: str | None = None
    step: str = "declared"
    data: dict[str, Any] = field(default_factory=dict)
    declared: str | None = None     # history id of its declaration
    generated: bool = False         # a generated action (classic 536)
    activated: bool = False
    subject: str | None = None      # the trigger point's card (heroes 113.6)

    __deepcopy__ = _deepcopy_fields


@dataclass
class Fired:
    """A triggered ability whose condition was met and that waits to be declared (113.2)."""

    id: str
    card: str
    ability: str
    event: str                      # history id of the triggering game action (537.1.f): the trigger point
    subject: str | None = None      # the card the triggering action happened to
    optional: bool = False

    __deepcopy__ = _deepcopy_fields


class Game:
    """One game position and everything that happens from it."""

    def __init__(self, setup: dict, definitions: dict[str, dict]):
        problems = setup_problems(setup)
        if not isinstance(definitions, dict):
            problems.append((("definitions",), "expected an object: card name → definition"))
        if problems:
            raise SetupError(problems)
        edition = EDITIONS[setup["edition"]]
        self.edition: Edition = edition
        self.players: list[str] = list(setup.get("players", ["А", "Б"]))
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
                        host=c.get("host"), additional=int(c.get("additional_lives", 0)),
                        negative=int(c.get("negative_lives", 0)), moves_left=int(c.get("moves_left", d.move)),
                        battle_started=not c.get("face_down", False), counters=int(c.get("counters", 0)))
            if card.id in self.cards:
                problems.append((("cards", i, "id"), f"duplicate card id '{card.id}'"))
            self.cards[card.id] = card
        self._counters["appear"] = len(self.cards)
        for card in self.cards.values():
            if card.host in self.cards:
                card.cell = self.cards[card.host].cell      # an attached card stands in its host's cell
        for i, e in enumerate(setup.get("effects", [])):
            if e.get("source") not in self.cards or e.get("target") not in self.cards:
                problems.append((("effects", i), "source and target must name cards of the board"))
                continue
            duration = e.get("while")
            holder = e.get("to") or self.cards[e["source"]].base_controller
            until = self._until_turn(holder, duration) if duration in ("end_of_turn", "end_of_controller_turn") \
                else None
            self.effects.append(Effect(id=self._new_id("e"), kind=e["kind"], source=e["source"], target=e["target"],
                                       to=e.get("to"), amount=int(e.get("amount", 0)),
                                       while_="source_in_squad" if duration == "source_in_squad" else None,
                                       until_end_of_turn=until, order=(0, i)))
        if problems:
            raise SetupError(problems)
        self.log("setup", active=self.active)
        for c in setup.get("cards", []):
            if c.get("moved_last_turn") and self.turn > 1:
                # the board's account of the previous turn (537.2: the history answers, nobody had to mark it)
                self.history.append({"id": self._new_id("h"), "turn": self.turn - 1, "kind": "move", "source": c["id"],
                                     "targets": [], "resources": [], "controller": c.get("controller", c["owner"]),
                                     "parent": None, "info": {"from_board": True}})
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

    # ------------------------------------------------------------------ small helpers
    def _new_id(self, prefix: str) -> str:
        self._counters[prefix] = self._counters.get(prefix, 0) + 1
        return f"{prefix}{self._counters[prefix]}"

    def log(self, kind: str, source: str | None = None, targets: list[str] | None = None,
            controller: str | None = None, parent: str | None = None, resources: list[str] | None = None,
            **info: Any) -> str:
        """Append a game action to the battle history (classic 537.1 a–g: a: id, b: source, c: targets,
        d: resources declared for payment, e: controller at declaration, f: the action that generated it,
        g: other information)."""
        hid = self._new_id("h")
        # An entry is never changed once written (the history only grows): it is stored as plain JSON-able
        # data, so the canonical state and a cloned game share it instead of copying it.
        self.history.append({
            "id": hid, "turn": self.turn, "kind": kind, "source": source, "targets": plain(list(targets or [])),
            "resources": plain(list(resources or [])), "controller": controller, "parent": parent,
            "info": plain(info),
        })
        return hid

    def entry_of(self, hid: str | None) -> dict | None:
        return next((h for h in self.history if h["id"] == hid), None) if hid else None

    def sorted_cards(self) -> tuple[Card, ...]:
        # the game's cards are all known from the setup on (537.4: a card keeps its id whatever its zone), so
        # the order by id is computed once (a hot path: every rule-effects check reads it)
        cached = self.__dict__.get("_by_id")
        if cached is None or len(cached) != len(self.cards):
            cached = self.__dict__["_by_id"] = tuple(sorted(self.cards.values(), key=lambda c: c.id))
        return cached

    def opponent(self, player: str) -> str:
        return next(p for p in self.players if p != player)

    def in_play(self, card: Card) -> bool:
        return card.zone in IN_PLAY

    def controller(self, card: Card) -> str:
        """The controlling player: the latest control effect on the card, else its base controller."""
        if not self.in_play(card):
            return card.owner
        ctl = card.base_controller
        control = [e for e in self.effects if e.kind == "control" and e.target == card.id]
        for e in sorted(control, key=lambda e: e.order):
            ctl = e.to or ctl
        return ctl

    def abilities_of(self, card: Card) -> tuple[Ability, ...]:
        """The abilities the card has now: none while an effect takes them away (e.g. a static)."""
        if any(e.kind == "lose_abilities" and e.target == card.id for e in self.effects):
            return ()
        return tuple(a for a in card.definition.abilities
                     if a.key not in card.replaced and (a.replaces is None or self.condition_met(card, a)))

    def condition_met(self, card: Card, ab: Ability) -> bool:
        """«Пока [карта] открыта/закрыта»."""
        return ab.condition_source is None or (ab.condition_source == "closed") == card.closed

    def has_flying(self, card: Card) -> bool:
        """Flying is a keyword ability: lost with the card's abilities."""
        return card.definition.flying and not any(e.kind == "lose_abilities" and e.target == card.id
                                                  for e in self.effects)

    def roll_bonus(self, card: Card) -> int:
        return sum(e.amount for e in self.effects if e.kind == "roll_bonus" and e.target == card.id)

    def ability_of(self, card: Card, key: str) -> Ability | None:
        if key == POISON.key:
            return POISON
        return next((a for a in self.abilities_of(card) if a.key == key), None)

    def strike_values(self, card: Card) -> list[int]:
        """Weak-medium-strong with every effect applied in its order (115.4: order of appearance)."""
        values = list(card.definition.strike)
        for e in sorted((e for e in self.effects if e.target == card.id), key=lambda e: e.order):
            if e.kind == "strike_bonus":
                values = [v + e.amount for v in values]
            elif e.kind == "strike_set":
                values = [e.amount] * 3
        return [max(0, v) for v in values]

    def current_lives(self, card: Card) -> int:
        return card.max_lives + card.additional - card.negative - card.wounds

    def _until_turn(self, player: str, until: str | None) -> int:
        """The turn number at whose end an «до конца (вашего) хода» effect ends (ASM effect-until-your-turn)."""
        if until == "end_of_controller_turn" and self.active != player:
            return self.turn + 1
        return self.turn

    def adjacent(self, a: Card, b: Card) -> bool:
        if not self.edition.has_grid:
            return a.id != b.id
        return bool(a.cell and b.cell) and self.edition.adjacent(a.cell or "", b.cell or "")

    # ------------------------------------------------------------------ public API
    def act(self, player: str, action: dict) -> None:
        """A player's action: pass | attack | activate | play | end_turn (see docs/PROTOCOL.md)."""
        if self.lost:
            raise IllegalAction("game_over", "the game is over")
        if player not in self.players:
            raise IllegalAction("unknown_player", f"no player '{player}'")
        if self.pending is not None:
            raise IllegalAction("decision_pending",
                                f"a decision ({self.pending['kind']}) is pending for player {self.pending['player']}")
        if self.priority != player:
            raise IllegalAction("no_priority", f"player {player} does not have priority (holder: {self.priority})")
        handlers = {"pass": self._pass, "attack": self._declare_attack, "activate": self._declare_activation,
                    "play": self._play, "move": self._move, "end_turn": self._end_turn}
        handler = handlers.get(action.get("type", ""))
        if handler is None:
            raise IllegalAction("unknown_action", f"unknown action type '{action.get('type')}'")
        handler(player, action)
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
        while self.pending is None and not self.lost:
            rule_effects.run(self)
            if self.lost:
                return
            top = self.stack[-1] if self.stack else None
            if top is not None and top.step != "declared":
                self._resolve_step(top)
                if top.step == "done":
                    self.stack.remove(top)
                    self.log("resolved", source=top.source, entry=top.id)
                    self.priority = None       # ASM priority-after-resolution: the active player, below
                continue
            if self._declare_next():
                return
            if self.priority is None:
                self._give_priority(self.active)
            return

    def _give_priority(self, player: str) -> None:
        self.priority = player
        self.log("priority", controller=player)

    # ------------------------------------------------------------------ priority and passing
    def _pass(self, player: str, action: dict) -> None:
        self.log("pass", controller=player)
        self.passes += 1
        if self.passes < 2:
            self._give_priority(self.opponent(player))
            return
        self.passes = 0
        if self.stack:
            # both players passed in succession: the top entry resolves (ASM stack-lifo, heroes-queue-lifo)
            self.priority = None
            self.stack[-1].step = "target_resolution"
        else:
            self._give_priority(self.active)     # ASM empty-stack-pass

    # ------------------------------------------------------------------ triggered abilities (113)
    def fire(self, event: str, hid: str, subject: Card | None, **ctx: Any) -> None:
        """Collect every triggered ability whose condition this game action meets (classic 113.2/113.3).

        Conditions are read at the moment of the action: «вашего» means the ability card's controller then
        (ASM trigger-declarer). ctx: phase ("after_payment" for «После»), amount, attack, cause, crossing, form.
        """
        for card in self.sorted_cards():
            if not (self.in_play(card) or card is subject):
                continue
            you = self.controller(card)
            for ab in self.abilities_of(card):
                t = ab.trigger
                if ab.kind != "triggered" or t is None or t.event != event:
                    continue
                if t.after_payment != (ctx.get("phase") == "after_payment") or \
                        t.before != (ctx.get("phase") == "before"):
                    continue
                if subject is not None and not self.matches(t.subject, subject, card, you):
                    continue
                if t.attack and ctx.get("attack") != t.attack:
                    continue
                if t.form and ctx.get("form") != t.form:
                    continue
                if t.in_your_turn and self.active != you:
                    continue
                if t.min_amount is not None and ctx.get("amount", 0) < t.min_amount:
                    continue
                if event == "lives_at_most":
                    before, after = ctx.get("crossing", (0, 0))
                    if not (before > (t.value or 0) >= after):
                        continue
                if t.cause_kind == "attack" or t.cause is not None:
                    cause = self.entry_of(ctx.get("cause"))
                    if cause is None or (t.cause_kind == "attack" and cause["kind"] != "strike"):
                        continue
                    if t.cause and not self.relative(t.cause.controller, cause["controller"], you):
                        continue
                self._add_fired(card, ab.key, hid, subject, ab.optional)

    def _add_fired(self, card: Card, key: str, hid: str, subject: Card | None, optional: bool) -> None:
        fid = self._new_id("t")
        self.fired.append(Fired(id=fid, card=card.id, ability=key, event=hid,
                                subject=subject.id if subject else None, optional=optional))
        self.log("trigger", source=card.id, targets=[subject.id] if subject else [], controller=self.controller(card),
                 parent=hid, ability=key, fired=fid)

    def relative(self, rel: str, player: str | None, you: str) -> bool:
        return rel == "any" or (rel == "you" and player == you) or (rel == "opponent" and player not in (None, you))

    def matches(self, f: Filter, card: Card, source: Card, you: str) -> bool:
        """Does `card` meet the filter, read from the point of view of `source` controlled by `you`?"""
        if f.who == "self" and card is not source or f.who == "other" and card is source:
            return False
        if f.who in ("adjacent", "self_or_adjacent") and not (
                (f.who == "self_or_adjacent" and card is source) or (self.in_play(card) and self.adjacent(card, source))):
            return False
        if not self.relative(f.controller, self.controller(card), you):
            return False
        if f.type and card.definition.type != f.type:
            return False
        if f.rank and card.definition.rank != f.rank:
            return False
        if f.state and (f.state == "closed") != card.closed:
            return False
        return not (f.wounded and card.wounds <= 0)

    def declarer(self, fired: Fired) -> str:
        # classic 113.2.ex1: declared by whoever controls the card when priority comes (ASM trigger-declarer)
        return self.controller(self.cards[fired.card])

    def used_this_turn(self, card_id: str, key: str) -> bool:
        return any(h["kind"] == "declare" and h["turn"] == self.turn and h["source"] == card_id
                   and h["info"].get("ability") == key for h in self.history)

    def _once_per_turn(self, ab: Ability) -> bool:
        if ab is POISON:
            return False
        limited = self.edition.once_per_turn_triggers if ab.kind == "triggered" else self.edition.payment == "before"
        return ab.once_per_turn or limited       # heroes 113.4.p1 (triggered), 113.3.dup2.p1 (activated)

    def _why_not_declarable(self, fired: Fired) -> str | None:
        card = self.cards[fired.card]
        ab = self.ability_of(card, fired.ability)
        if ab is None:
            return "the card no longer has this ability"
        if self._once_per_turn(ab) and self.used_this_turn(card.id, ab.key):
            return "once_per_turn"
        if any(e.target == "trigger_subject" for e in ab.effects):
            subject = self.cards.get(fired.subject or "")
            if subject is None or not self.in_play(subject):
                # heroes 113.7: the declaration became illegal; the once-per-turn limit is not spent
                return "trigger_subject_left_play"
        if not self.targets_completable(card, ab, self.declarer(fired), []):
            return "no legal target"
        return None

    def targets_completable(self, card: Card, ab: Ability, player: str, chosen: list) -> bool:
        """Can every remaining target of `ab` be chosen after `chosen`? A declaration needs all its targets
        (classic 536.3: the performer *and* the target of its action; heroes 113.7: a declaration that cannot
        be made is illegal), so a choice that leaves a later target without options is not offered."""
        if len(chosen) >= len(ab.targets):            # ASM targets-completable
            return True
        f = ab.targets[len(chosen)]
        options = self.target_options(card, f, player, chosen, ab)
        if f.all:
            return self.targets_completable(card, ab, player, chosen + [options])
        return any(self.targets_completable(card, ab, player, chosen + [o]) for o in options)

    def _declare_next(self) -> bool:
        """113.2: triggered abilities are declared as soon as their player gets priority, after all rule
        effects; players declare in the edition's order (ASM classic-trigger-order / heroes-trigger-order)."""
        if not self.fired:
            return False
        first = self.active if self.edition.first_to_order == "active" else self.opponent(self.active)
        for player in (first, self.opponent(first)):
            for f in [f for f in self.fired if self.declarer(f) == player]:
                why = self._why_not_declarable(f)
                if why:
                    self.fired.remove(f)
                    self.log("trigger_dropped", source=f.card, controller=player, parent=f.event,
                             ability=f.ability, reason=why)
            mine = [f for f in self.fired if self.declarer(f) == player]
            if not mine:
                continue
            if self.priority != player:
                self._give_priority(player)
            mandatory = any(not f.optional for f in mine)
            options: list[Any] = [{"id": f.id, "card": f.card, "ability": f.ability, "subject": f.subject,
                                   "optional": f.optional} for f in mine]
            if not mandatory:
                options.append(None)          # heroes 113.4: a «может» trigger may be left undeclared
            self.pending = {"kind": "declare_trigger", "player": player, "mandatory": mandatory, "options": options}
            return True
        return False

    def _on_declare_trigger(self, p: dict, choice: str | None) -> None:
        if choice is None:
            for f in [f for f in self.fired if self.declarer(f) == p["player"] and f.optional]:
                # heroes 113.4: not declared at the first priority: lost for this triggering
                self.fired.remove(f)
                self.log("trigger_declined", source=f.card, controller=p["player"], parent=f.event, ability=f.ability)
            return
        fired = next(f for f in self.fired if f.id == choice)
        self.fired.remove(fired)
        card = self.cards[fired.card]
        ab = self.ability_of(card, fired.ability)
        assert ab is not None
        fixed = [fired.subject] if any(e.target == "trigger_subject" for e in ab.effects) and fired.subject else []
        self.declaring = {"kind": "trigger", "card": card.id, "ability": ab.key, "player": p["player"],
                          "parent": fired.event, "subject": fired.subject, "fixed": fixed, "chosen": []}
        self._continue_declaration()

    def target_options(self, source: Card, f: Filter, you: str, chosen: list, ability: Ability | None = None) \
            -> list[str]:
        """The legal targets of one target filter, given the targets already chosen."""
        if f.cell:
            # a cell target; an occupied cell only where the ability's participle allows it (538.1.b1)
            occupied = {c.cell for c in self.cards.values() if c.zone == "battlefield" and c.cell}
            allow_occupied = ability is not None and ability.participle_condition == "cell_occupied"
            return [cell for cell in self.edition.cells()
                    if (f.marker is None or f.marker in self.cell_markers.get(cell, []))
                    and (cell not in occupied or allow_occupied or f.marker is None)]
        near = None
        if f.near:
            index = int(f.near[6:]) - 1
            near = self.cards.get(chosen[index]) if index < len(chosen) and isinstance(chosen[index], str) else None
        options = []
        for c in self.sorted_cards():
            if not self._in_target_zone(c, f.zone):
                continue
            if not self.matches(f, c, source, you) or (f.distinct and c.id in chosen):
                continue
            if near is not None and (c is near or not self.adjacent(c, near)):
                continue
            if f.opposite and c.id != self.opposite_of(source, you):
                continue
            if f.history and c.id not in self.history_query(f.history, you):
                continue                     # 537.4: by game id, from the battle history (ASM delayed-as-trigger)
            options.append(c.id)
        return options

    def _in_target_zone(self, card: Card, zone: str) -> bool:
        """A target filter's zone: the squad (default), the graveyard, or any zone but the deck — where a
        creature keeps its game id (537.4)."""
        if zone == "any":
            return card.zone != "deck"
        if zone == "graveyard":
            return card.zone == "graveyard"
        return self.in_play(card)

    def opposite_of(self, source: Card, you: str) -> str | None:
        """The enemy creature opposite: in the same column, the nearest one (ASM opposite)."""
        if not source.cell:
            return None
        col, row = self.edition.coords(source.cell)
        enemies = [c for c in self.cards.values() if c.zone == "battlefield" and c.cell and c.host is None
                   and c.definition.type == "creature" and self.controller(c) != you
                   and self.edition.coords(c.cell)[0] == col]
        return min(enemies, key=lambda c: (abs(self.edition.coords(c.cell or "")[1] - row), c.id)).id \
            if enemies else None

    # ------------------------------------------------------------------ history queries (537)
    def history_query(self, query: str, you: str) -> set[str]:
        """Cards that a condition about the past holds for (537.2); about an event that cannot exist, none."""
        if query == "attacked_your_creature_this_turn":
            return {h["source"] for h in self.history if h["kind"] == "strike" and h["turn"] == self.turn
                    and h["info"].get("attack") != "answer" and h["info"].get("target_controller") == you}
        if query == "died_from_enemy_attack":
            out = set()
            for h in self.history:
                if h["kind"] in ("rule_effect", "death") and h["info"].get("effect") == "death" and h["targets"]:
                    cause = self.entry_of(h["parent"])
                    if cause and cause["kind"] == "strike" and cause["controller"] != h["controller"]:
                        out.add(h["targets"][0])
            return out
        raise ValueError(query)

    def not_moved_previous_turn(self, card: Card) -> bool:
        """537.3: with no previous turn, «did not move in the previous turn» is false, like every check about
        an event that cannot exist."""
        previous = self.turn - 1
        if previous < 1:
            return False
        return not any(h["kind"] == "move" and h["source"] == card.id and h["turn"] == previous for h in self.history)

    def _continue_declaration(self) -> None:
        """Choose the declared ability's targets one by one, then put it on the stack/Queue."""
        d = self.declaring
        assert d is not None
        card = self.cards[d["card"]]
        ab = self.ability_of(card, d["ability"])
        assert ab is not None
        while len(d["chosen"]) < len(ab.targets):
            f = ab.targets[len(d["chosen"])]
            options = [o for o in self.target_options(card, f, d["player"], d["chosen"], ab)
                       if f.all or self.targets_completable(card, ab, d["player"], d["chosen"] + [o])]  # 536.3
            if f.all:
                # classic 113.2.p2: «все карты…»: every legal target at declaration, the illegal ones ignored
                d["chosen"].append(options)
                continue
            if not options:
                raise IllegalAction("no_target", f"no legal target{len(d['chosen']) + 1} for «{ab.key}»")
            self.pending = {"kind": "target", "player": d["player"], "for": ab.key, "card": card.id,
                            "index": len(d["chosen"]) + 1, "options": options}
            return
        self.declaring = None
        targets = list(d["fixed"]) + [t for c in d["chosen"] for t in (c if isinstance(c, list) else [c])]
        entry = Entry(id=self._new_id("s"), kind="ability", source=card.id, controller=d["player"], targets=targets,
                      ability=ab.key, activated=d["kind"] == "activate", subject=d.get("subject"))
        entry.data["target_groups"] = d["chosen"]
        entry.data["target_zones"] = {t: self.cards[t].zone for t in targets if t in self.cards}
        resources = ([f"close:{card.id}"] if ab.cost_close else []) + \
            ([f"counters:{card.id}:{ab.cost_counters}"] if ab.cost_counters else [])
        entry.declared = self.log("declare", source=card.id, targets=targets, controller=d["player"],
                                  parent=d.get("parent"), resources=resources, action=d["kind"], ability=ab.key,
                                  entry=entry.id, subject=d.get("subject"))
        self.stack.append(entry)
        self.passes = 0                         # the declaring player keeps priority (ASM priority-after-declaration)
        self._mark_reveal([card.id] + targets)
        if entry.activated and self.edition.payment == "before":
            self._pay(entry)                      # heroes 113.3.dup2: paid before execution

    def _on_target(self, p: dict, choice: str) -> None:
        assert self.declaring is not None
        self.declaring["chosen"].append(choice)
        self._continue_declaration()

    # ------------------------------------------------------------------ activated abilities (114)
    def _declare_activation(self, player: str, action: dict) -> None:
        card = self.cards.get(action.get("card", ""))
        if card is None:
            raise IllegalAction("unknown_card", f"no card '{action.get('card')}'")
        ab = self.ability_of(card, action.get("ability", ""))
        if ab is None or ab.kind != "activated":
            raise IllegalAction("no_such_ability", f"{card.id} has no activated ability '{action.get('ability')}'")
        # heroes 114.1.p1: only in the Choice phase of the Main stage of the player's own turn (ASM choice-phase)
        if player != self.active or self.step != "main" or self.stack:
            raise IllegalAction("not_now", "an activated ability is declared only by the active player, in the "
                                           "Choice phase of the Main stage (main step, empty stack/Queue)")
        if ab.zone == "graveyard":
            if card.zone != "graveyard" or card.owner != player:
                raise IllegalAction("not_your_card", f"{card.id} is not in player {player}'s graveyard")
        elif not self.in_play(card) or self.controller(card) != player:
            raise IllegalAction("not_your_card", f"{card.id} is not in play under player {player}'s control")
        if ab.requires and card.id not in self.history_query(ab.requires, player):
            raise IllegalAction("condition_not_met", f"«{ab.key}» needs {ab.requires}, and the battle history says no")
        if ab.cost_close and card.closed:
            raise IllegalAction("cannot_pay", f"{card.id} is closed and cannot pay by closing")
        if card.counters < ab.cost_counters:
            raise IllegalAction("cannot_pay", f"{card.id} has {card.counters} counters, «{ab.key}» costs {ab.cost_counters}")
        if self._once_per_turn(ab) and self.used_this_turn(card.id, ab.key):
            raise IllegalAction("once_per_turn", f"«{ab.key}» was already declared this turn")
        if not self.targets_completable(card, ab, player, []):
            raise IllegalAction("no_target", f"no legal target for «{ab.key}»")
        self.declaring = {"kind": "activate", "card": card.id, "ability": ab.key, "player": player,
                          "parent": None, "subject": None, "fixed": [], "chosen": []}
        self._continue_declaration()

    def _pay(self, entry: Entry) -> None:
        card = self.cards[entry.source]
        ab = self.ability_of(card, entry.ability or "") or card.definition.ability(entry.ability or "")
        if ab is not None and (ab.cost_close and not card.closed or ab.cost_counters):
            if ab.cost_close and self.in_play(card):
                card.closed = True
            card.counters = max(0, card.counters - ab.cost_counters)
            self.log("payment", source=card.id, controller=entry.controller, parent=entry.declared,
                     closes=card.id if ab.cost_close else None, counters=ab.cost_counters)
        entry.data["paid"] = True

    # ------------------------------------------------------------------ playing a card
    def _play(self, player: str, action: dict) -> None:
        card = self.cards.get(action.get("card", ""))
        if card is None or card.zone != "hand" or card.owner != player:
            raise IllegalAction("not_in_hand", f"{action.get('card')} is not in player {player}'s hand")
        if player != self.active or self.step != "main" or self.stack:
            raise IllegalAction("not_now", "cards are played by the active player, main step, empty stack/Queue")
        cell = action.get("cell")
        if self.edition.has_grid:
            if not cell or not self.edition.is_cell(cell) or any(c.cell == cell for c in self.cards.values()):
                raise IllegalAction("bad_cell", f"a free cell of the battlefield is needed, got {cell!r}")
        card.zone, card.cell = "battlefield", cell if self.edition.has_grid else None
        self._counters["appear"] += 1
        card.appeared = self._counters["appear"]
        hid = self.log("play", source=card.id, controller=player, cell=card.cell)
        self.fire("played", hid, card)

    # ------------------------------------------------------------------ attacks
    def _declare_attack(self, player: str, action: dict) -> None:
        attacker = self.cards.get(action.get("attacker", ""))
        target = self.cards.get(action.get("target", ""))
        if attacker is None or target is None:
            raise IllegalAction("unknown_card", "attack needs an existing 'attacker' and 'target'")
        if not self.edition.has_grid:
            raise IllegalAction("no_grid", "simple strikes are modelled for the classic battlefield only")
        if player != self.active or self.stack or self.step != "main":
            raise IllegalAction("not_now", "only the active player attacks, in the main step, with an empty stack")
        if self.controller(attacker) != player or attacker.zone != "battlefield":
            raise IllegalAction("not_your_card", f"{attacker.id} is not a creature of player {player} on the battlefield")
        if attacker.closed:
            raise IllegalAction("closed", f"{attacker.id} is closed and cannot act")
        if target.zone != "battlefield" or not self.adjacent(attacker, target):
            raise IllegalAction("not_adjacent", f"{target.id} does not stand next to {attacker.id}")
        # a simple strike goes on the stack and resolves step by step (ASM attack-on-stack); the attacker's
        # player keeps priority (ASM priority-after-declaration)
        entry = Entry(id=self._new_id("s"), kind="attack", source=attacker.id, controller=player, targets=[target.id])
        entry.declared = self.log("declare", source=attacker.id, targets=[target.id], controller=player,
                                  action="attack", strike="simple", entry=entry.id)
        self.stack.append(entry)
        self.passes = 0
        self._mark_reveal([attacker.id, target.id])
        self.fire("attack", entry.declared, attacker, attack="simple", phase="before", cause=entry.declared)

    def _mark_reveal(self, card_ids: list[str]) -> None:
        """A face-down card that acts or is targeted is revealed by a rule effect (ASM reveal-when)."""
        for cid in card_ids:
            card = self.cards.get(cid)
            if card is not None and card.face_down and self.in_play(card):
                card.reveal_due = True

    # ------------------------------------------------------------------ movement
    def _move(self, player: str, action: dict) -> None:
        card = self.cards.get(action.get("card", ""))
        cell = action.get("cell", "")
        if card is None:
            raise IllegalAction("unknown_card", f"no card '{action.get('card')}'")
        if not self.edition.has_grid:
            raise IllegalAction("no_grid", "heroes has no battlefield grid to move on")
        if player != self.active or self.stack or self.step != "main":
            raise IllegalAction("not_now", "only the active player moves, in the main step, with an empty stack")
        if self.controller(card) != player or card.zone != "battlefield" or card.host is not None:
            raise IllegalAction("not_your_card", f"{card.id} is not a creature of player {player} on the battlefield")
        if card.closed:
            raise IllegalAction("closed", f"{card.id} is closed and cannot move")
        if card.moves_left < 1:
            raise IllegalAction("no_movement", f"{card.id} has no movement left this turn")
        if not self.edition.is_cell(cell) or not self.edition.orthogonal(card.cell or "", cell) or \
                any(c.cell == cell and c.zone == "battlefield" for c in self.cards.values()):
            raise IllegalAction("bad_cell", f"{cell!r} is not a free cell orthogonally next to {card.cell}")
        card.moves_left -= 1
        self.log("move", source=card.id, controller=player, frm=card.cell, to=cell)
        card.cell = cell

    def _defender_options(self, entry: Entry) -> list[str]:
        attacker, target = self.cards[entry.source], self.cards[entry.targets[0]]
        owner = self.controller(target)
        return [c.id for c in self.sorted_cards()
                if c.zone == "battlefield" and c.id not in (target.id, attacker.id) and not c.closed
                and c.definition.type == "creature" and self.controller(c) == owner
                and self.adjacent(c, attacker) and self.adjacent(c, target)]

    def _on_defender(self, p: dict, choice: str | None) -> None:
        entry = self.stack[-1]
        if choice is not None:
            entry.data["defender"] = choice
            self.log("defender", source=choice, targets=[entry.targets[0]], controller=p["player"],
                     parent=entry.declared)
            entry.targets = [choice]
        entry.step = "rolls"

    def _on_roll(self, p: dict, value: int) -> None:
        entry = self.stack[-1]
        entry.data.setdefault("rolls", {})[p["role"]] = value
        self.log("roll", controller=p["player"], parent=entry.declared, role=p["role"], value=value)

    # ------------------------------------------------------------------ resolution
    def _resolve_step(self, entry: Entry) -> None:
        if entry.step == "target_resolution":
            if not self._targets_legal(entry):
                self.log("fizzle", source=entry.source, targets=entry.targets, parent=entry.declared)
                entry.step = "done"
                return
            if entry.kind == "attack" and not entry.generated:
                options = self._defender_options(entry)
                if options:
                    target = self.cards[entry.targets[0]]
                    self.pending = {"kind": "defender", "player": self.controller(target), "for": entry.id,
                                    "options": [None] + options}
                    return
            entry.step = "rolls" if entry.kind == "attack" or self._needs_roll(entry) else "apply"
        elif entry.step == "rolls" and entry.kind == "ability":
            if "effect" not in entry.data.setdefault("rolls", {}):
                self._ask_roll(entry.controller, "effect", entry)
            else:
                entry.step = "apply"
        elif entry.step == "rolls":
            rolls = entry.data.setdefault("rolls", {})
            target = self.cards[entry.targets[0]]
            if "attacker" not in rolls:
                self._ask_roll(entry.controller, "attacker", entry)
            elif not target.closed and not entry.data.get("as_closed") and "defender" not in rolls:
                self._ask_roll(self.controller(target), "defender", entry)
            else:
                entry.step = "apply"
        elif entry.step == "apply":
            if entry.kind == "attack":
                self._apply_simple_strike(entry)
            elif not self._apply_ability(entry):
                return                    # a generated action is on top of the stack now (536.2.a)
            entry.step = "payment"
        elif entry.step == "payment":
            self._payment(entry)
            entry.step = "done"

    def _needs_roll(self, entry: Entry) -> bool:
        ab = self.cards[entry.source].definition.ability(entry.ability or "")
        return ab is not None and any(e.do == "wound_roll" for e in ab.effects)

    def _ask_roll(self, player: str, role: str, entry: Entry) -> None:
        self.pending = {"kind": "roll", "player": player, "role": role, "for": entry.id,
                        "options": [1, 2, 3, 4, 5, 6]}

    def _targets_legal(self, entry: Entry) -> bool:
        if entry.kind == "attack":
            a, t = self.cards[entry.source], self.cards[entry.targets[0]]
            return a.zone == "battlefield" and t.zone == "battlefield" and self.adjacent(a, t)
        groups = entry.data.get("target_groups", [])
        single = [t for t in entry.targets if t in self.cards and not any(isinstance(g, list) and t in g for g in groups)]
        # a chosen card is still a legal target while it stays in the zone it was chosen in
        zones = entry.data.get("target_zones", {})
        return all(self.cards[t].zone == zones.get(t, self.cards[t].zone) != "deck" for t in single)

    def _apply_simple_strike(self, entry: Entry) -> None:
        attacker, target = self.cards[entry.source], self.cards[entry.targets[0]]
        rolls = entry.data["rolls"]
        # 503.1.b13: modified rolls are not clamped when the simple strike is read from the table
        a_roll = rolls["attacker"] + self.roll_bonus(attacker)
        if target.closed or entry.data.get("as_closed"):     # classic 536.4: as against a closed card
            dealt, answer = strike_table.closed_target(a_roll), None
        else:
            dealt, answer = strike_table.open_target(a_roll, rolls["defender"] + self.roll_bonus(target))
        a_value = self.strike_values(attacker)[strike_table.STRIKES.index(dealt)] if dealt else 0
        d_value = self.strike_values(target)[strike_table.STRIKES.index(answer)] if answer else 0
        hid = self.log("strike", source=attacker.id, targets=[target.id], controller=entry.controller,
                       parent=entry.declared, attack="simple", strike=dealt, wounds=a_value,
                       answer=answer, answer_wounds=d_value, target_controller=self.controller(target),
                       generated=entry.generated)
        entry.data["strike"] = hid
        # classic 113.2.p1: a trigger on an attack fires whenever the attack was made, whatever its strength
        self.fire("attack", hid, attacker, attack="simple", cause=hid)
        self.wound(target, a_value, hid)
        if answer:
            ahid = self.log("strike", source=target.id, targets=[attacker.id], controller=self.controller(target),
                            parent=hid, attack="answer", strike=answer, wounds=d_value)
            self.wound(attacker, d_value, ahid)

    def wound(self, card: Card, amount: int, hid: str) -> int:
        """Deal wounds; a static prevention on the card acts only now (heroes 115.3). Returns wounds dealt."""
        for ab in self.abilities_of(card):
            if ab.kind == "static" and ab.prevent and amount > 0 and \
                    self.matches(ab.affects or Filter(who="self"), card, card, self.controller(card)):
                prevented = min(ab.prevent, amount)
                amount -= prevented
                self.log("prevented", source=card.id, targets=[card.id], parent=hid, ability=ab.key, amount=prevented)
        if amount <= 0:
            return 0
        before = self.current_lives(card)
        card.wounds += amount
        card.last_hit = hid
        self.fire("wounded", hid, card, amount=amount, cause=hid)
        self.fire("lives_at_most", hid, card, crossing=(before, self.current_lives(card)), cause=hid)
        return amount

    def _apply_ability(self, entry: Entry) -> bool:
        """The effect application step: the ability's effects in order. Returns False when it stopped for a
        generated action (classic 536.2.a, d): it goes on where it stopped once that action has resolved."""
        source = self.cards[entry.source]
        ab = self.ability_of(source, entry.ability or "") or source.definition.ability(entry.ability or "")
        if ab is None:
            self.log("fizzle", source=entry.source, parent=entry.declared, reason="ability lost")
            return True
        groups = entry.data.get("target_groups", [])
        effects = list(ab.effects)
        if ab.participle_condition and entry.data.get("participle") is None:
            entry.data["participle"] = self._participle(entry, ab, groups)
        if entry.data.get("participle") == "effect1_cancelled":
            effects = []
        start = entry.data.get("effect_index", 0)
        for index in range(start, len(effects)):
            spec = effects[index]
            if spec.do == "generated_attack":
                entry.data["effect_index"] = index + 1
                if self._generate_attack(entry, spec, groups):
                    return False
                continue
            for target_id in self._effect_targets(entry, spec, groups):
                target = self.cards.get(target_id)
                if target is None or target.zone in IN_PLAY or spec.do in (
                        "look_at_deck", "take_from_deck", "remove_markers", "incarnate", "add_cell_marker",
                        "destroy_all_in_cell", "return_to_hand"):
                    self._apply_effect(entry, spec, target_id)
        # classic 113.2.p2: triggers «на воздействие/заклинание» fire on the full execution of its text
        hid = self.log("executed", source=source.id, targets=entry.targets, controller=entry.controller,
                       parent=entry.declared, ability=ab.key, form=ab.form)
        self.fire("ability_executed", hid, source, form=ab.form)
        return True

    def _participle(self, entry: Entry, ab: Ability, groups: list) -> str:
        """Classic 538.1: «[Способность 1] …, совершая [Способность 2]» — at the replacement step effect 1 is
        replaced by effect 2 when the target meets [Условие] now (b2); effect 2 goes by the usual rules and
        may itself be replaced, and then effect 1 is not applied (b3); if effect 2 succeeded, effect 1 is
        applied at once, without the stack, and cannot be replaced (b4). ASM participle-steps."""
        cell = self._effect_targets(entry, ab.effects[0], groups)[0] if ab.effects else None
        occupied = [c for c in self.sorted_cards() if c.zone == "battlefield" and c.cell == cell and c.host is None]
        if ab.participle_condition != "cell_occupied" or not occupied:
            return "not_applicable"
        self.log("replaced", source=entry.source, targets=[cell] if cell else [], parent=entry.declared,
                 effect1=[e.do for e in ab.effects], effect2=[e.do for e in ab.participle_instead])
        succeeded = True
        for spec in ab.participle_instead:
            for target_id in self._effect_targets(entry, spec, groups):
                succeeded = self._apply_effect(entry, spec, target_id) is not False and succeeded
        if not self._effect1_follows(succeeded):
            self.log("participle_cancelled", source=entry.source, parent=entry.declared)
            return "effect1_cancelled"
        return "effect1_follows"

    def _effect1_follows(self, effect2_succeeded: bool) -> bool:
        """Classic 538.1.b3/b4: effect 1 follows only if effect 2 was applied, not replaced."""
        return effect2_succeeded

    def _generate_attack(self, entry: Entry, spec: EffectSpec, groups: list) -> bool:
        """Classic 536.2.a: the generated action goes on top of the stack if it passes the legality checks;
        536.2.b: it starts at its target resolution step, with no redirection and no defender; 536.2.c: no
        payment stage; 536.3/536.5: the performing card (and its controller) makes the attack."""
        performer = self.cards.get(self._effect_targets(entry, EffectSpec(do="", target=spec.performer or ""),
                                                        groups)[0])
        struck_ids = self._effect_targets(entry, spec, groups)
        struck = self.cards.get(struck_ids[0]) if struck_ids else None
        legal = performer is not None and struck is not None and performer.zone == "battlefield" \
            and struck.zone == "battlefield" and performer.definition.type == "creature" \
            and self.adjacent(performer, struck)
        if not legal:
            self.log("generated_illegal", source=performer.id if performer else None,
                     targets=[struck.id] if struck else [], parent=entry.declared)
            return False
        assert performer is not None and struck is not None
        # performed by the performing card's controller, who alone rolls when as_closed (ASM generated-attack-roller)
        gen = Entry(id=self._new_id("s"), kind="attack", source=performer.id, controller=self.controller(performer),
                    targets=[struck.id], step="target_resolution", generated=True,
                    data={"as_closed": spec.as_closed})
        gen.declared = self.log("declare", source=performer.id, targets=[struck.id], controller=gen.controller,
                                parent=entry.declared, action="attack", strike="simple", entry=gen.id,
                                generated=True, generated_by=entry.id)
        self.stack.append(gen)
        return True

    def _effect_targets(self, entry: Entry, spec: EffectSpec, groups: list) -> list[str]:
        if spec.target == "self":
            return [entry.source]
        if spec.target == "trigger_subject":
            return [entry.subject] if entry.subject else []
        if spec.target == "all_targets":
            return list(entry.targets)
        group = groups[int(spec.target[6:]) - 1]
        return list(group) if isinstance(group, list) else [group]

    def _apply_effect(self, entry: Entry, spec: EffectSpec, target_id: str) -> bool | None:
        """Apply one effect to one target (a card id, or a cell for cell effects). Returns False when a
        destruction was replaced (538.1.b3)."""
        if spec.do in ("add_cell_marker", "incarnate", "destroy_all_in_cell"):
            return self._apply_cell_effect(entry, spec, target_id)
        target = self.cards[target_id]
        if spec.do == "close":
            if not target.closed:
                target.closed = True
                self.log("effect", source=entry.source, targets=[target_id], controller=entry.controller,
                         parent=entry.declared, effect="close")
            return None
        if spec.do == "remove_markers":
            removed, target.markers = target.markers, []
            self.log("effect", source=entry.source, targets=[target_id], controller=entry.controller,
                     parent=entry.declared, effect="remove_markers", removed=removed)
            return None
        if spec.do == "wound":
            amount = target.poison if entry.ability == POISON.key else spec.amount + self._effect_bonus(entry, target)
            hid = self.log("strike" if spec.attack else "effect", source=entry.source, targets=[target_id],
                           controller=entry.controller, parent=entry.declared, effect="wound",
                           attack=spec.attack, wounds=amount)
            if spec.attack:
                self.fire("attack", hid, self.cards[entry.source], attack=spec.attack, cause=hid)
            self.wound(target, amount, hid)
            return
        if spec.do == "heal":
            healed = min(spec.amount, target.wounds)     # what was actually healed (classic 113.2.ex2)
            target.wounds -= healed
            hid = self.log("effect", source=entry.source, targets=[target_id], controller=entry.controller,
                           parent=entry.declared, effect="heal", amount=spec.amount, healed=healed)
            if healed:
                self.fire("healed", hid, target, amount=healed)
            return
        if spec.do == "destroy":
            return self._destroy_by_effect(entry, target)
        if spec.do in ("add_lives", "negative_lives"):
            if spec.do == "add_lives":
                target.additional += spec.amount
            else:
                target.negative += spec.amount
            self.log("effect", source=entry.source, targets=[target_id], controller=entry.controller,
                     parent=entry.declared, effect=spec.do, amount=spec.amount)
            return
        if spec.do == "wound_roll":
            raw = entry.data["rolls"]["effect"] + self.roll_bonus(self.cards[entry.source])
            value = rule_effects.clamp_roll(self, raw, parent=entry.declared)
            hid = self.log("effect", source=entry.source, targets=[target_id], controller=entry.controller,
                           parent=entry.declared, effect="wound_roll", roll=raw, wounds=value)
            self.wound(target, value, hid)
            return
        if spec.do in ("look_at_deck", "take_from_deck"):
            player = entry.controller
            deck = self.deck_of(player)
            hid = self.log("effect", source=entry.source, controller=player, parent=entry.declared, effect=spec.do,
                           deck=[c.id for c in deck])
            if spec.do == "take_from_deck" and deck:
                deck[0].zone = "hand"
                self.log("zone", targets=[deck[0].id], parent=hid, zone="hand")
            self.deck_dirty[player] = spec.do
            return
        if spec.do == "detach":
            target.host = None
            self.log("effect", source=entry.source, targets=[target_id], controller=entry.controller,
                     parent=entry.declared, effect=spec.do)
            return
        if spec.do == "return_to_hand":
            hid = self.log("effect", source=entry.source, targets=[target_id], controller=entry.controller,
                           parent=entry.declared, effect=spec.do, zone_was=target.zone)
            target.zone, target.cell, target.host = "hand", None, None
            target.wounds = target.additional = target.negative = 0
            target.closed = False
            self.log("zone", targets=[target_id], parent=hid, zone="hand")
            return None
        if spec.do == "return_to_deck":
            hid = self.log("effect", source=entry.source, targets=[target_id], controller=entry.controller,
                           parent=entry.declared, effect=spec.do)
            self.to_deck(target, hid)
            return
        eid = self._new_id("e")
        order = (1, len(self.history))
        if spec.do in ("strike_bonus", "strike_set", "lose_abilities", "roll_bonus"):
            until = self._until_turn(entry.controller, spec.until) if spec.until else None
            self.effects.append(Effect(id=eid, kind=spec.do, source=entry.source, target=target_id,
                                       amount=spec.amount, until_end_of_turn=until, cause=entry.declared, order=order))
        elif spec.do == "gain_control":
            until = self._until_turn(entry.controller, spec.until) if spec.until else None
            self.effects.append(Effect(id=eid, kind="control", source=entry.source, target=target_id,
                                       to=entry.controller, while_=spec.while_, until_end_of_turn=until,
                                       cause=entry.declared, order=order))
        self.log("effect", source=entry.source, targets=[target_id], controller=entry.controller,
                 parent=entry.declared, effect=spec.do, id=eid, amount=spec.amount)

    def _effect_bonus(self, entry: Entry, target: Card) -> int:
        """537.2.ex2: a static «+N к воздействиям по существам, которые не передвигались в прошлый ход» of the
        source card, read from the battle history when the воздействие is applied."""
        source = self.cards[entry.source]
        ab = source.definition.ability(entry.ability or "")
        if ab is None or ab.form != "effect":
            return 0
        return sum(a.effect_bonus for a in self.abilities_of(source)
                   if a.kind == "static" and a.effect_bonus and self.not_moved_previous_turn(target))

    def _destroy_by_effect(self, entry: Entry, target: Card) -> bool:
        """An effect destroys a card, unless a static of the card replaces the destruction (538.1.b3)."""
        hid = self.log("effect", source=entry.source, targets=[target.id], controller=entry.controller,
                       parent=entry.declared, effect="destroy")
        for ab in self.abilities_of(target):
            if ab.kind == "static" and ab.prevent_destroy:
                self.log("prevented", source=target.id, targets=[target.id], parent=hid, ability=ab.key,
                         effect="destroy")
                return False
        self.destroy([target], effect="destroyed", causes={target.id: hid}, rule=False)
        return True

    def _apply_cell_effect(self, entry: Entry, spec: EffectSpec, cell: str) -> bool | None:
        if spec.do == "add_cell_marker":
            self.cell_markers.setdefault(cell, []).append(spec.marker or "")
            self.log("effect", source=entry.source, targets=[cell], controller=entry.controller,
                     parent=entry.declared, effect="add_cell_marker", marker=spec.marker)
            return None
        if spec.do == "destroy_all_in_cell":
            victims = [c for c in self.sorted_cards() if c.zone == "battlefield" and c.cell == cell and c.host is None]
            results = [self._destroy_by_effect(entry, c) for c in victims]
            return all(results)
        # incarnate: the card comes from the graveyard onto the cell, open (538.3.ex1), taking the marker away
        card = self.cards[entry.source]
        if any(c.zone == "battlefield" and c.cell == cell and c.host is None for c in self.cards.values()):
            self.log("incarnation_failed", source=card.id, targets=[cell], parent=entry.declared)
            return False
        card.zone, card.cell, card.closed, card.wounds = "battlefield", cell, False, 0
        self._counters["appear"] += 1
        card.appeared = self._counters["appear"]
        markers = self.cell_markers.get(cell, [])
        if spec.marker and spec.marker in markers:
            markers.remove(spec.marker)
        hid = self.log("incarnation", source=card.id, targets=[cell], controller=entry.controller,
                       parent=entry.declared, cell=cell, removed_marker=spec.marker)
        self.fire("incarnated", hid, card)
        return True

    def destroy(self, cards: list[Card], effect: str, causes: dict[str, str | None], rule: bool) -> None:
        """Cards die (гибель): every death is logged and its triggers read while all the dying cards are
        still in play (simultaneous), then they go to their owners' graveyards."""
        logged = []
        for c in cards:
            logged.append(self.log("rule_effect" if rule else "death", targets=[c.id], parent=causes.get(c.id),
                                   effect="death" if effect == "destroyed" else effect,
                                   controller=self.controller(c), destroyed=effect == "destroyed"))
        for c, hid in zip(cards, logged, strict=True):
            self.fire("death", hid, c, cause=causes.get(c.id))
            if effect == "destroyed":
                self.fire("destroyed", hid, c, cause=causes.get(c.id))
        for c in cards:
            c.zone, c.cell = "graveyard", None
            self.log("zone", targets=[c.id], zone="graveyard")

    def deck_of(self, player: str) -> list[Card]:
        return sorted((c for c in self.cards.values() if c.zone == "deck" and c.owner == player),
                      key=lambda c: (c.position, c.id))

    def to_deck(self, card: Card, hid: str | None) -> None:
        """A card goes to its owner's deck (at the bottom); the deck is then shuffled (503.1.b17)."""
        card.zone, card.cell, card.host = "deck", None, None
        card.position = max((c.position for c in self.deck_of(card.owner)), default=-1) + 1
        card.wounds = card.additional = card.negative = 0
        card.closed = False
        self.log("zone", targets=[card.id], parent=hid, zone="deck")
        self.deck_dirty[card.owner] = "returned"

    def _payment(self, entry: Entry) -> None:
        """Classic 503.1.b3: paid after execution (an attack closes its attacker); then «После» triggers
        (classic 113.3) fire."""
        if entry.kind == "attack" and not entry.generated:
            attacker = self.cards[entry.source]
            hid = None
            if attacker.zone == "battlefield" and not attacker.closed:
                attacker.closed = True
                hid = self.log("payment", source=attacker.id, controller=entry.controller, parent=entry.declared,
                               closes=attacker.id)
            defender = entry.data.get("defender")
            if defender and not self.cards[defender].closed:
                self.cards[defender].closed = True          # cards.md: the defender closes afterwards
                self.log("payment", source=defender, parent=entry.declared, closes=defender)
            self.fire("attack", hid or entry.data.get("strike", ""), attacker, attack="simple",
                      phase="after_payment", cause=entry.data.get("strike"))
        elif entry.activated:
            if not entry.data.get("paid"):
                self._pay(entry)
            source = self.cards[entry.source]
            ab = source.definition.ability(entry.ability or "")
            self.fire("ability_executed", entry.declared or "", source, form=ab.form if ab else None,
                      phase="after_payment")

    # ------------------------------------------------------------------ continuous effects (for rule effects)
    def effect_ended(self, e: Effect) -> bool:
        src, tgt = self.cards[e.source], self.cards[e.target]
        if e.while_ == "source_in_squad" and not self.in_play(src):
            return True
        if not self.in_play(tgt):
            return True
        return e.until_end_of_turn is not None and (
            self.turn > e.until_end_of_turn or (self.step == "end_done" and self.turn >= e.until_end_of_turn))

    def free_cell(self, card: Card) -> str | None:
        taken = {c.cell for c in self.cards.values() if c.zone == "battlefield" and c.cell}
        if card.last_cell and card.last_cell not in taken:
            return card.last_cell
        index = self.players.index(self.controller(card)) if self.controller(card) in self.players else 0
        for row in self.edition.home_rows(index):
            for col in self.edition.columns:
                if f"{col}{row}" not in taken:
                    return f"{col}{row}"
        return None

    def shuffle(self, player: str, reason: str) -> None:
        import random

        deck = self.deck_of(player)
        # the order comes from the board's seed, the player and the shuffles so far (ASM deterministic-shuffle)
        n = sum(1 for h in self.history if h["info"].get("effect") == "shuffle") + 1
        ids = [c.id for c in deck]
        random.Random(f"{self.seed}:{player}:{n}").shuffle(ids)
        for pos, cid in enumerate(ids):
            self.cards[cid].position = pos
        self.log("rule_effect", controller=player, targets=ids, effect="shuffle", reason=reason, seed=self.seed,
                 order=ids)

    def add_permanent_effect(self, card: Card, spec: EffectSpec, key: str) -> None:
        self.effects.append(Effect(id=self._new_id("e"), kind=spec.do, source=card.id, target=card.id,
                                   amount=spec.amount, order=(1, len(self.history))))

    def remove_effect(self, e: Effect, reason: str) -> None:
        self.effects.remove(e)
        self.log("rule_effect", targets=[e.target], effect=reason, ended=e.kind, id=e.id, source_card=e.source)

    def wanted_static_effects(self) -> dict[tuple, tuple[str, int, tuple]]:
        """Every effect that static abilities should be applying now: key → (kind, amount, order)."""
        wanted: dict[tuple, tuple[str, int, tuple]] = {}
        for source in sorted(self.cards.values(), key=lambda c: (c.appeared, c.id)):
            if not source.definition.has_static or not self.in_play(source):
                continue
            you = self.controller(source)
            for idx, ab in enumerate(self.abilities_of(source)):
                if ab.kind != "static" or not ab.effects:
                    continue
                if ab.condition_source and (ab.condition_source == "closed") != source.closed:
                    continue
                for target in self.sorted_cards():
                    if not self.in_play(target) or not self.matches(ab.affects or Filter(who="self"), target,
                                                                    source, you):
                        continue
                    for n, spec in enumerate(ab.effects):
                        key = (source.id, ab.key, n, target.id)
                        wanted[key] = (spec.do, spec.amount, (0, source.appeared, idx, n))
        return wanted

    def add_static_effect(self, key: tuple, value: tuple[str, int, tuple]) -> None:
        kind, amount, order = value
        eid = self._new_id("e")
        self.effects.append(Effect(id=eid, kind=kind, source=key[0], target=key[3], amount=amount, order=order,
                                   static_key=key))
        self.log("rule_effect", source=None, targets=[key[3]], effect="static_apply", applied=kind, id=eid,
                 source_card=key[0], ability=key[1])

    # ------------------------------------------------------------------ turns
    def _end_turn(self, player: str, action: dict) -> None:
        if player != self.active or self.stack:
            raise IllegalAction("not_now", "only the active player ends the turn, with an empty stack")
        if self.step != "end":
            self.step = "end"
            hid = self.log("turn_end", controller=player)
            self.fire("turn_end", hid, None)
            if self.fired:
                self.priority = None
                return                    # «В конце хода» abilities are declared and resolved first (ASM turn-end-triggers)
        self.step = "end_done"
        self.priority = None
        rule_effects.run(self)            # «до конца хода» effects end here (503.1.b15)
        self.turn += 1
        self.active = self.opponent(player)
        self._begin_turn()

    def _begin_turn(self) -> None:
        self.step = "start"
        hid = self.log("turn_start", controller=self.active)
        for c in self.sorted_cards():
            # classic 503.1.b2: the active player's cards open at the start of the turn (a rule effect)
            if c.closed and self.in_play(c) and self.controller(c) == self.active:
                c.closed = False
                self.log("rule_effect", targets=[c.id], effect="open")
        for c in self.sorted_cards():
            # classic 503.1.b12: the active player's creatures get their movement allowance back
            if self.in_play(c) and self.controller(c) == self.active and c.moves_left != c.definition.move:
                c.moves_left = c.definition.move
                self.log("rule_effect", targets=[c.id], effect="restore_movement", moves=c.moves_left)
        self.fire("turn_start", hid, None)
        for c in self.sorted_cards():         # ASM poison-trigger
            if c.poison and self.in_play(c) and self.controller(c) == self.active:
                self._add_fired(c, POISON.key, hid, c, optional=False)
        self.step = "main"

    # ------------------------------------------------------------------ copying
    def clone(self) -> Game:
        """An independent copy of the game. History entries and the pending decision are never changed in
        place, so the copy shares them (seeding deepcopy's memo with them)."""
        shared = {id(h): h for h in self.history}
        if self._pending is not None:
            shared[id(self._pending)] = self._pending          # plain data, never changed in place
        return copy.deepcopy(self, shared)
