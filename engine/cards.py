"""Card definitions and the ability vocabulary.

Cards are data: a definition (from the catalog or a board's inline test card) names the card's stats and
its abilities, each built from a small vocabulary of trigger conditions, targets and effects. No card
name appears in engine code. `check_card_definition` reports every problem of a definition as
(path inside the definition, message), so the harness can point at the file and line.

The vocabulary (documented for rules editors in docs/VOCABULARY.md):

ability:
  key: short name used to declare it            kind: triggered | activated | static
  text: the printed or rules-quoted wording     optional: true for «может…» (heroes 113.4)
  once_per_turn: true                           (card text «один раз за ход»)
  trigger: {word, event, subject, cause, value} (triggered abilities)
  targets: [target filter, ...]                 chosen at declaration, referred to as target1, target2…
  effects: [effect, ...]                        applied in order at the effect application step

trigger.event:   death (a card dies)  | lives_at_most (current lives become ≤ value) | attack (an attack
                 was made)            | turn_start | turn_end
trigger.subject: {who: self|other|any, controller: you|opponent|any, type: creature|…, rank: common|elite}
trigger.cause:   {kind: attack, controller: you|opponent|any}  — what the event came from
target filter:   {type, controller: you|opponent|any, rank}
effect:          {do: strike_bonus, target: self|targetN, amount: N, until: end_of_turn|end_of_controller_turn}
                 {do: gain_control, target: self|targetN, while: source_in_squad}
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

CARD_TYPES = ("creature", "artifact", "terrain", "equipment", "symbiote", "spell")
RANKS = ("common", "elite")
ABILITY_KINDS = ("triggered", "activated", "static")
# classic 113.2 / heroes 113.2: the words a trigger condition begins with.
TRIGGER_WORDS = ("До", "При", "После", "Если", "Когда", "В начале хода", "В конце хода")
TRIGGER_EVENTS = ("death", "lives_at_most", "attack", "turn_start", "turn_end")
WHO = ("self", "other", "any")
RELATIVE = ("you", "opponent", "any")
EFFECTS = ("strike_bonus", "gain_control")
UNTIL = ("end_of_turn", "end_of_controller_turn")
WHILE = ("source_in_squad",)

Path = tuple[str | int, ...]


class DefinitionError(Exception):
    def __init__(self, problems: list[tuple[Path, str]]):
        self.problems = problems
        super().__init__("; ".join(f"{'.'.join(map(str, p)) or '<card>'}: {m}" for p, m in problems))


@dataclass(frozen=True)
class Filter:
    who: str = "any"
    controller: str = "any"
    type: str | None = None
    rank: str | None = None


@dataclass(frozen=True)
class Trigger:
    word: str
    event: str
    subject: Filter = Filter()
    cause: Filter | None = None
    cause_kind: str | None = None
    value: int | None = None


@dataclass(frozen=True)
class EffectSpec:
    do: str
    target: str = "self"
    amount: int = 0
    until: str | None = None
    while_: str | None = None


@dataclass(frozen=True)
class Ability:
    key: str
    kind: str
    text: str = ""
    trigger: Trigger | None = None
    targets: tuple[Filter, ...] = ()
    effects: tuple[EffectSpec, ...] = ()
    optional: bool = False
    once_per_turn: bool = False


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

    def ability(self, key: str) -> Ability | None:
        return next((a for a in self.abilities if a.key == key), None)


class _Checker:
    def __init__(self) -> None:
        self.problems: list[tuple[Path, str]] = []

    def need(self, cond: bool, path: Path, msg: str) -> bool:
        if not cond:
            self.problems.append((path, msg))
        return cond

    def keys(self, obj: Any, path: Path, allowed: set[str], required: set[str] = frozenset()) -> bool:
        if not self.need(isinstance(obj, dict), path, "expected a mapping"):
            return False
        for k in sorted(set(obj) - allowed):
            self.problems.append((path + (k,), f"unknown field '{k}'; expected one of: {', '.join(sorted(allowed))}"))
        for k in sorted(required - set(obj)):
            self.problems.append((path + (k,), f"missing required field '{k}'"))
        return True

    def choice(self, obj: dict, key: str, path: Path, options: tuple[str, ...]) -> None:
        if key in obj:
            self.need(obj[key] in options, path + (key,), f"expected one of: {', '.join(options)}")

    def integer(self, obj: dict, key: str, path: Path, minimum: int = 0) -> None:
        if key in obj:
            v = obj[key]
            self.need(isinstance(v, int) and not isinstance(v, bool) and v >= minimum, path + (key,),
                      f"expected an integer ≥ {minimum}")


def _filter(c: _Checker, obj: Any, path: Path, allow_who: bool = True) -> Filter:
    allowed = {"who", "controller", "type", "rank", "kind"} if allow_who else {"controller", "type", "rank"}
    if not c.keys(obj, path, allowed):
        return Filter()
    if allow_who:
        c.choice(obj, "who", path, WHO)
    c.choice(obj, "controller", path, RELATIVE)
    c.choice(obj, "type", path, CARD_TYPES)
    c.choice(obj, "rank", path, RANKS)
    return Filter(who=obj.get("who", "any"), controller=obj.get("controller", "any"),
                  type=obj.get("type"), rank=obj.get("rank"))


def _trigger(c: _Checker, obj: Any, path: Path) -> Trigger | None:
    if not c.keys(obj, path, {"word", "event", "subject", "cause", "value"}, {"word", "event"}):
        return None
    c.choice(obj, "word", path, TRIGGER_WORDS)
    c.choice(obj, "event", path, TRIGGER_EVENTS)
    subject = _filter(c, obj["subject"], path + ("subject",)) if "subject" in obj else Filter()
    cause = None
    cause_kind = None
    if "cause" in obj:
        cause = _filter(c, obj["cause"], path + ("cause",))
        cause_kind = obj["cause"].get("kind") if isinstance(obj["cause"], dict) else None
        c.need(cause_kind in (None, "attack"), path + ("cause", "kind"), "expected: attack")
    if obj.get("event") == "lives_at_most":
        c.need("value" in obj, path + ("value",), "lives_at_most needs 'value'")
    c.integer(obj, "value", path)
    return Trigger(word=obj.get("word", ""), event=obj.get("event", ""), subject=subject, cause=cause,
                   cause_kind=cause_kind, value=obj.get("value"))


def _effect(c: _Checker, obj: Any, path: Path, n_targets: int) -> EffectSpec | None:
    if not c.keys(obj, path, {"do", "target", "amount", "until", "while"}, {"do"}):
        return None
    c.choice(obj, "do", path, EFFECTS)
    target = obj.get("target", "self")
    valid_targets = {"self"} | {f"target{i}" for i in range(1, n_targets + 1)}
    c.need(target in valid_targets, path + ("target",), f"expected one of: {', '.join(sorted(valid_targets))}")
    c.integer(obj, "amount", path, minimum=-99)
    c.choice(obj, "until", path, UNTIL)
    c.choice(obj, "while", path, WHILE)
    if obj.get("do") == "gain_control":
        c.need("while" in obj or "until" in obj, path, "gain_control needs a duration ('while' or 'until')")
    return EffectSpec(do=obj.get("do", ""), target=target, amount=obj.get("amount", 0),
                      until=obj.get("until"), while_=obj.get("while"))


def _ability(c: _Checker, obj: Any, path: Path) -> Ability | None:
    allowed = {"key", "kind", "text", "trigger", "targets", "effects", "optional", "once_per_turn", "source"}
    if not c.keys(obj, path, allowed, {"key", "kind"}):
        return None
    c.need(isinstance(obj.get("key", ""), str) and obj.get("key", "x") != "", path + ("key",),
           "expected a non-empty string")
    c.choice(obj, "kind", path, ABILITY_KINDS)
    trigger = None
    if obj.get("kind") == "triggered":
        if c.need("trigger" in obj, path + ("trigger",), "a triggered ability needs 'trigger'"):
            trigger = _trigger(c, obj["trigger"], path + ("trigger",))
    targets_raw = obj.get("targets", [])
    targets: list[Filter] = []
    if c.need(isinstance(targets_raw, list), path + ("targets",), "expected a list"):
        targets = [_filter(c, t, path + ("targets", i), allow_who=False) for i, t in enumerate(targets_raw)]
    effects_raw = obj.get("effects", [])
    effects: list[EffectSpec] = []
    if c.need(isinstance(effects_raw, list), path + ("effects",), "expected a list"):
        for i, e in enumerate(effects_raw):
            spec = _effect(c, e, path + ("effects", i), len(targets))
            if spec:
                effects.append(spec)
    for flag in ("optional", "once_per_turn"):
        if flag in obj:
            c.need(isinstance(obj[flag], bool), path + (flag,), "expected true or false")
    return Ability(key=str(obj.get("key", "")), kind=obj.get("kind", ""), text=str(obj.get("text", "")),
                   trigger=trigger, targets=tuple(targets), effects=tuple(effects),
                   optional=bool(obj.get("optional", False)), once_per_turn=bool(obj.get("once_per_turn", False)))


def _parse(defn: Any) -> tuple[CardDef | None, list[tuple[Path, str]]]:
    c = _Checker()
    if not isinstance(defn, dict):
        return None, [((), "expected a mapping")]
    abilities: list[Ability] = []
    raw = defn.get("abilities", [])
    if c.need(isinstance(raw, list), ("abilities",), "expected a list"):
        seen: set[str] = set()
        for i, a in enumerate(raw):
            ab = _ability(c, a, ("abilities", i))
            if ab:
                c.need(ab.key not in seen, ("abilities", i, "key"), f"duplicate ability key '{ab.key}'")
                seen.add(ab.key)
                abilities.append(ab)
    strike = defn.get("strike", [0, 0, 0])
    if isinstance(strike, int) and not isinstance(strike, bool):
        strike = [strike] * 3
    if not c.need(isinstance(strike, list) and len(strike) == 3 and all(isinstance(s, int) for s in strike),
                  ("strike",), "expected [weak, medium, strong] or one integer"):
        strike = [0, 0, 0]
    card = CardDef(name=str(defn.get("name", "")), edition=str(defn.get("edition", "")),
                   type=str(defn.get("type", "creature")), rank=str(defn.get("rank", "common")),
                   lives=int(defn.get("lives", 0) or 0), move=int(defn.get("move", 0) or 0),
                   strike=(strike[0], strike[1], strike[2]), abilities=tuple(abilities))
    return card, c.problems


def check_card_definition(defn: Any) -> list[tuple[Path, str]]:
    """Every problem of a card definition's ability vocabulary, as (path, message); [] when valid."""
    return _parse(defn)[1]


def parse_card(defn: Any) -> CardDef:
    card, problems = _parse(defn)
    if problems or card is None:
        raise DefinitionError(problems)
    return card
