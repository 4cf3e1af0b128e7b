"""The engine's plain data: card definitions and their ability specs, the cards of a game, continuous
effects, stack/Queue entries, waiting triggers, battle-history entries, and the errors of the API.

Every other engine module imports from here and nothing here imports them, so the split of the engine
by rules section has no import cycles. Nothing here carries out a rule.
"""

from __future__ import annotations

import copy
import dataclasses
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from .editions import Edition

IN_PLAY = ("battlefield", "additional")       # the zones that make up a squad (отряд)
ZONES = ("battlefield", "additional", "graveyard", "deck", "hand")
DEFAULT_PLAYERS = ("А", "Б")                  # the players of a board that names none
STEPS = ("start", "main", "end")              # the steps a board may start in


#: the types plain() returns as they are (immutable, JSON atoms)
ATOMS = _ATOMS = frozenset({str, int, float, bool, type(None)})


def plain(value: Any) -> Any:
    """A deep copy as plain JSON data: mappings stay dicts, tuples and lists become lists."""
    kind = type(value)
    if kind in _ATOMS:                  # the common cases first (every history entry goes through here)
        return value
    if kind is list or kind is tuple:
        return [v if type(v) in _ATOMS else plain(v) for v in value]
    if kind is dict:
        return {k: v if type(v) in _ATOMS else plain(v) for k, v in value.items()}
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    return value


def remove_object(items: list, obj: Any) -> None:
    """Remove this very object from the list (by identity: the dataclasses' field-by-field equality is slow,
    and another entry equal to it is not it)."""
    for i in range(len(items) - 1, -1, -1):
        if items[i] is obj:
            del items[i]
            return
    raise ValueError("not in the list")


# ------------------------------------------------------------------ errors of the API
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


Path = tuple[str | int, ...]


class DefinitionError(Exception):
    def __init__(self, problems: list[tuple[Path, str]]):
        self.problems = problems
        super().__init__("; ".join(f"{'.'.join(map(str, p)) or '<card>'}: {m}" for p, m in problems))


# ------------------------------------------------------------------ card definitions (immutable values)
@dataclass(frozen=True)
class Filter:
    """A selector of cards (or of cells): who, whose, what, in which state, where."""

    who: str = "any"
    controller: str = "any"
    type: str | None = None
    rank: str | None = None
    state: str | None = None
    wounded: bool = False
    all: bool = False
    distinct: bool = False
    near: str | None = None
    opposite: bool = False
    history: str | None = None
    cell: bool = False
    marker: str | None = None
    zone: str = "battlefield"


@dataclass(frozen=True)
class Trigger:
    """The condition of a triggered ability (113.2). `word` is the English value of the trigger word
    (cards.TRIGGER_WORDS holds the Russian word of each)."""

    word: str
    event: str
    subject: Filter = Filter()
    cause_kind: str | None = None
    cause: Filter | None = None
    value: int | None = None
    min_amount: int | None = None
    attack: str | None = None
    in_your_turn: bool = False
    form: str | None = None

    @property
    def after_payment(self) -> bool:
        """classic 113.3: «После [текст]» fires after the payment of [текст]."""
        return self.word == "after"

    @property
    def before(self) -> bool:
        """«До [текст]» fires when [текст] is declared, before it is executed (113.2; ASM trigger-word-do; heroes:
        ASM heroes-before-ability); the edition profile says what it can precede (Edition.before_events; ASM
        do-any-action)."""
        return self.word == "before"


@dataclass(frozen=True)
class EffectSpec:
    """One effect of an ability: a verb of the effects table (effects.VERBS) and its parameters."""

    do: str
    target: str = "self"
    amount: int = 0
    until: str | None = None
    while_: str | None = None
    attack: str | None = None
    performer: str | None = None
    as_closed: bool = True
    marker: str | None = None
    card: str | None = None         # put_into_play: the target (targetN) that comes into play
    ability: str | None = None      # generated_ability: the key of the performer's ability it executes


@dataclass(frozen=True)
class Cost:
    """What an activated ability costs: closing the card, removing counters (фишки)."""

    close: bool = False
    counters: int = 0


@dataclass(frozen=True)
class Replacement:
    """A replacement effect (534) an ability carries: `of` is what it replaces —
    "wounds": wounds dealt to the card, `prevent` of them per strike are prevented (heroes 115.3);
    "destruction": a destruction of the card by an effect is not applied («вместо уничтожения», 538.1.b3);
    "effects": the participle replacement (538.1): the ability's effects are replaced by `instead` when
    `when` holds at the replacement step;
    "effect": «вместо того чтобы [verb] — [instead]»: an effect of verb `verb` on the card (from a card of
    `from_`: opponent | any) is not applied, and `instead` is applied to the card (with the replaced effect's
    amount when `same_amount`: «столько же»)."""

    of: str
    prevent: int = 0
    when: str | None = None
    instead: tuple[EffectSpec, ...] = ()
    verb: str | None = None
    from_: str = "any"
    same_amount: bool = False


@dataclass(frozen=True)
class Modifier:
    """A static change to the amounts of the card's own effects: +`amount` to its воздействия on a card
    for which the battle-history condition `when` holds (537.2.ex2)."""

    of: str
    amount: int
    when: str


@dataclass(frozen=True)
class Protection:
    """A static's «не может быть целью [заклинаний/воздействий/особенностей] [противника]»: whose abilities
    (`from_`: opponent | any, read from the protected card's controller) of which forms (`forms`: spell, effect;
    empty: every ability) cannot choose the card as a target (ASM protection)."""

    from_: str = "any"
    forms: tuple[str, ...] = ()


@dataclass(frozen=True)
class Ability:
    key: str
    kind: str
    text: str = ""
    form: str | None = None
    trigger: Trigger | None = None
    targets: tuple[Filter, ...] = ()
    effects: tuple[EffectSpec, ...] = ()
    optional: bool = False
    once_per_turn: bool = False
    cost: Cost = Cost()
    affects: Filter | None = None
    condition_source: str | None = None
    substitutes: str | None = None          # the ability this one substitutes while active (503.1.b19)
    zone: str = "battlefield"
    requires: str | None = None
    replacement: Replacement | None = None
    modifier: Modifier | None = None
    redirect: bool = False                  # static: may take an attack on an adjacent card of yours onto itself
    parts: tuple[str, ...] = ()             # a compound ability (составная способность): its parts, in order
    protection: Protection | None = None    # static: «не может быть целью …» (ASM protection)


@dataclass(frozen=True)
class CardDef:
    name: str
    edition: str
    type: str
    rank: str = "common"
    lives: int = 0
    move: int = 0
    strike: tuple[int, int, int] = (0, 0, 0)
    abilities: tuple[Ability, ...] = field(default_factory=tuple)
    flying: bool = False
    unique: bool = False
    max_additional_lives: int | None = None
    max_counters: int | None = None

    def ability(self, key: str) -> Ability | None:
        """The printed ability of this key (the first, if two share it)."""
        return self._by_key.get(key)

    @cached_property
    def _by_key(self) -> dict[str, Ability]:
        by_key: dict[str, Ability] = {}
        for a in self.abilities:
            by_key.setdefault(a.key, a)
        return by_key

    @cached_property
    def has_static(self) -> bool:
        """Whether any printed ability is a static one with effects (a card without can be skipped when
        the game looks for the effects static abilities apply: a card has no ability it does not print)."""
        return any(a.kind == "static" and a.effects for a in self.abilities)

    @cached_property
    def trigger_events(self) -> frozenset[str]:
        """The game actions its printed triggered abilities wait for (a card is skipped when an action of
        another kind fires triggers: a card has no ability it does not print)."""
        return frozenset(a.trigger.event for a in self.abilities if a.kind == "triggered" and a.trigger is not None)

    @cached_property
    def has_effect_replacement(self) -> bool:
        """Whether any printed ability is a static «вместо того чтобы …» (a replacement of an effect): a card without
        one replaces no effect (replacement.effect_replaced: a card has no ability it does not print)."""
        return any(a.kind == "static" and a.replacement is not None and a.replacement.of == "effect"
                   for a in self.abilities)

    @cached_property
    def has_substituting(self) -> bool:
        """Whether any printed ability substitutes another (503.1.b19)."""
        return any(a.substitutes is not None for a in self.abilities)

    def __deepcopy__(self, memo: dict) -> CardDef:
        return self          # a definition is an immutable value: a cloned game shares it (Game.clone)


# ------------------------------------------------------------------ the state of a game


def copy_value(value: Any, memo: dict) -> Any:
    """A deep copy of a part of the game's state (Game.clone), several times faster than `copy.deepcopy`:
    immutable values are shared, lists, dicts and tuples are copied element by element, the game's
    dataclasses field by field (`copy_fields`), an object met before is the copy made then (`memo`: by id, as
    in `copy.deepcopy`, so two references to one object stay two references to one copy); anything else goes
    to `copy.deepcopy`."""
    kind = type(value)
    if kind in _SHARED_TYPES:
        return value
    done = memo.get(id(value))
    if done is not None:
        return done
    # a list or dict of the game's plain data never contains itself: it is in `memo` once copied
    if kind is list:
        copied: Any = [v if type(v) in _SHARED_TYPES else copy_value(v, memo) for v in value]
        memo[id(value)] = copied
        return copied
    if kind is dict:
        copied = {k: v if type(v) in _SHARED_TYPES else copy_value(v, memo) for k, v in value.items()}
        memo[id(value)] = copied
        return copied
    if kind is tuple:
        if all(type(v) in _SHARED_TYPES for v in value):
            return value
        new = memo[id(value)] = tuple(copy_value(v, memo) for v in value)
        return new
    if getattr(kind, "__deepcopy__", None) is copy_fields:
        return copy_fields(value, memo)
    if isinstance(value, _SHARED):
        return value
    return copy.deepcopy(value, memo)


def copy_fields(self: Any, memo: dict) -> Any:
    """`copy.deepcopy` for the game's dataclasses (their `__deepcopy__`): immutable field values are shared,
    everything else (lists, dicts, nested objects) is copied by `copy_value`. Only the fields whose declared
    type may hold such a value are looked at (`_copied_fields`), unless the object has attributes besides its
    fields: then every one is."""
    cls = type(self)
    new = object.__new__(cls)
    memo[id(self)] = new
    fields = new.__dict__
    fields.update(self.__dict__)
    count, names = _COPIED.get(cls) or _copied_fields(cls)
    for name in (names if len(fields) == count else list(fields)):
        value = fields[name]
        if type(value) not in _SHARED_TYPES:
            fields[name] = copy_value(value, memo)
    return new


# the declared field types whose values a copy may share (immutable); a field of any other type is copied
_IMMUTABLE_FIELD_TYPES = frozenset({"str", "int", "bool", "float", "str | None", "int | None", "bool | None",
                                    "CardDef"})
_COPIED: dict[type, tuple[int, tuple[str, ...]]] = {}


def _copied_fields(cls: type) -> tuple[int, tuple[str, ...]]:
    """(the number of fields of the dataclass `cls`, the names of those copy_fields copies)."""
    fields = dataclasses.fields(cls)
    plan = _COPIED[cls] = (len(fields), tuple(f.name for f in fields if str(f.type) not in _IMMUTABLE_FIELD_TYPES))
    return plan


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
    appeared_turn: int = 0          # the turn it came into play in (heroes 115.1: a static's game segment starts)
    last_hit: str | None = None     # history id of the action that last wounded it
    host: str | None = None         # equipment / symbiote: the card it is attached to
    additional: int = 0             # additional lives
    negative: int = 0               # negative lives
    moves_left: int = 0             # movement allowance left this turn
    last_cell: str | None = None    # where it stood before it went to the additional zone
    reveal_due: bool = False        # a face-down card that acted or was targeted: revealed by a rule effect
    battle_started: bool = True     # «начинает бой с …» applied (or not due)
    substituted: list[str] = field(default_factory=list)   # abilities substituted by another (503.1.b19)
    counters: int = 0               # фишки
    since: int = 0                  # 537.4: the history length when this object began (a card leaving the deck is new)

    __deepcopy__ = copy_fields


@dataclass
class Effect:
    id: str
    kind: str                       # control | strike_bonus | strike_set | lose_abilities | roll_bonus
    source: str
    target: str
    to: str | None = None           # control: the player who gets control
    amount: int = 0
    while_: str | None = None       # "source_in_squad"
    until_end_of_turn: int | None = None
    cause: str | None = None        # history id that created it
    order: tuple = ()               # application order (115.4)
    static_key: tuple | None = None  # set for the effect of a static ability

    __deepcopy__ = copy_fields


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

    __deepcopy__ = copy_fields


@dataclass(frozen=True)
class Fired:
    """A triggered ability whose condition was met and that waits to be declared (113.2). Never changed once
    made (frozen): a cloned game shares it."""

    id: str
    card: str
    ability: str
    event: str                      # history id of the triggering game action (537.1.f): the trigger point
    subject: str | None = None      # the card the triggering action happened to
    optional: bool = False
    parent: str | None = None       # the game action that generated it (537.1.f; reading trigger-parent)


# immutable: a copy of the game (copy_value) shares them
_SHARED = (str, int, float, bool, type(None), frozenset, CardDef, Ability, Edition, Fired)
_SHARED_TYPES = frozenset(_SHARED)


# A battle-history entry (537.1) is plain JSON data, never changed once written:
# {"id", "turn", "kind", "source", "targets", "resources", "controller", "parent", "info"}
HistoryEntry = dict[str, Any]
