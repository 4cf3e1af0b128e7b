"""Card mutants: each pool card's definition made wider or narrower, one field at a time, and played against the
scenarios that use the card; per card, the variants a «Тогда» check kills and those that survive.

A declared card is checked in full only when a scenario checks what its text forbids: an engine whose Врачеватель
heals an enemy creature as well, or whose Ведун's spell fires in the opponent's turn too, must fail a scenario.
The mechanical mutants (harness/quality/mechanical.py) mutate the engine's code; these mutate the *data* an engine
is handed (`setup`'s `definitions`), which is where an engine author's card goes wrong.

**The variants.** For every pool card with abilities (`catalog/test-cards/`), `variants` derives definitions by
operators on the definition data (docs/VOCABULARY.md, harness/schemas/catalog.schema.json), one change each:

- ``side``: a filter's ``controller`` (targets, ``affects``, a trigger's ``subject`` and ``cause``) you → any,
  opponent → any, you ↔ opponent, and an absent one (any) → you / opponent; a protection's or a replacement's
  ``from`` opponent ↔ any;
- ``who``: a filter's ``who`` self → any of yours, adjacent ↔ self_or_adjacent, other → any;
- ``turn``: a trigger's ``in_your_turn`` dropped, or added where absent;
- ``optional`` flipped on a triggered ability (the only kind the engine reads it of: an activated one is
  declared by choice anyway), and ``once_per_turn`` where an ability could be carried out twice in a turn at all
  (`_may_repeat`; in classic only, heroes limits every ability so, 113.4.p1);
- ``amount``: every number of an effect, a cost, a trigger (``value``, ``min_amount``), a replacement
  (``prevent``) or a modifier ±1;
- ``until``: a duration end_of_turn ↔ end_of_controller_turn, or dropped (for ever);
- ``word`` and ``event``: a trigger's word or event swapped for a neighbour (При ↔ После, turn_start ↔
  turn_end, death ↔ destroyed, wounded ↔ healed, …);
- ``form``: заклинание ↔ воздействие;
- ``state``: open ↔ closed, in a filter or a «пока …» condition;
- ``condition``: a condition dropped (a filter's type, rank, state, wounded, history, opposite; a trigger's
  attack kind, form, min_amount; the ability's condition and requires; ``all`` of a target).

A variant the engine's own check refuses (`engine.check_card_definition`) is no card at all and is not played;
variants that are the same definition are played once.

**The run.** One pytest session (the kit's in-process route, `harness.run.runner.run`, with the `_Loop` plugin
below) collects the suite once. The control run plays every scenario with the reference engine, through an
adapter that records which pool cards each scenario's board hands the engine; each variant then plays only the
scenarios of its card (`harness.run.replay.play_again`), through the same adapter with that one card's definition
replaced, and stops at the first FAIL on a «Тогда» check.

**Verdicts** (as the mechanical mutants'): killed *by a check* (a FAIL on a «Тогда» step), killed *otherwise*
(only a refused «Дано»/«Когда» step, an ERROR, a TIMEOUT), *survived* (every scenario of the card passes), or
*equivalent* — the same card in effect, declared with its reason in harness/quality/card_equivalents.yaml (a
stale or wrong entry is reported). A card is *fully killed* when none of its variants survives.

`berserk-rules mutants --cards [--card NAME]... [--json]` is the command (harness/cli/card_mutants.py).
"""

from __future__ import annotations

import copy
import json
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import pytest

EQUIVALENTS = Path(__file__).with_name("card_equivalents.yaml")
SCENARIO_TIMEOUT = 20.0
MAX_OTHER_FAILURES = 8        # a variant failing so many scenarios, none on a check, is played no further

KILLED_CHECK, KILLED_OTHER, SURVIVED, EQUIVALENT, UNPLAYED = (
    "killed-by-check", "killed-otherwise", "survived", "equivalent", "unplayed")
STATUSES = (KILLED_CHECK, KILLED_OTHER, SURVIVED, EQUIVALENT, UNPLAYED)

# neighbours of a trigger's word and event (a misread of the card's condition: «При» for «После», the start of
# the turn for its end)
WORD_NEIGHBOURS = {"При": ("После",), "После": ("При",), "До": ("При",), "Если": ("При",), "Когда": ("При",),
                   "В начале хода": ("В конце хода",), "В конце хода": ("В начале хода",)}
EVENT_NEIGHBOURS = {"turn_start": ("turn_end",), "turn_end": ("turn_start",), "death": ("destroyed",),
                    "destroyed": ("death",), "wounded": ("healed",), "healed": ("wounded",),
                    "attack": ("wounded",), "played": ("moved",), "moved": ("played",),
                    "ability_executed": ("played",), "incarnated": ("played",), "lives_at_most": ("wounded",)}
UNTIL_NEIGHBOURS = {"end_of_turn": "end_of_controller_turn", "end_of_controller_turn": "end_of_turn"}
SIDES = ("you", "opponent", "any")
FILTER_CONDITIONS = ("type", "rank", "state", "wounded", "history", "opposite")
NUMBERS = ("amount", "counters", "value", "min_amount", "prevent")


@dataclass
class Variant:
    id: str                  # edition:card:ability-key:path:operator(before→after)
    card: str
    edition: str
    ability: str
    path: str                # where in the ability the change is (targets[0].controller)
    operator: str
    before: Any
    after: Any
    definition: dict[str, Any] = field(repr=False, default_factory=dict)


# ------------------------------------------------------------------------------------------ the variants
_ABSENT = object()


def _show(value: Any) -> str:
    return "∅" if value is _ABSENT else json.dumps(value, ensure_ascii=False)


def _get(obj: Any, path: tuple[Any, ...]) -> Any:
    for p in path:
        obj = obj[p]
    return obj


def _path_text(path: tuple[Any, ...]) -> str:
    out = ""
    for p in path:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out


def _filters(ability: dict[str, Any]) -> Iterator[tuple[tuple[Any, ...], dict[str, Any]]]:
    """(path, filter) of every filter of an ability that picks cards (not a cell)."""
    for i, t in enumerate(ability.get("targets") or []):
        if isinstance(t, dict) and not t.get("cell"):
            yield ("targets", i), t
    if isinstance(ability.get("affects"), dict):
        yield ("affects",), ability["affects"]
    trig = ability.get("trigger")
    if isinstance(trig, dict):
        for k in ("subject", "cause"):
            if isinstance(trig.get(k), dict):
                yield ("trigger", k), trig[k]


def _changes(ability: dict[str, Any], edition: str) -> Iterator[tuple[str, tuple[Any, ...], Any]]:
    """(operator, path of the field in the ability, new value or _ABSENT) for every one-field change."""
    for path, f in _filters(ability):
        who = f.get("who", "any")
        if who != "self":
            side = f.get("controller", _ABSENT)
            if side is _ABSENT:
                for s in ("you", "opponent"):
                    yield "side", path + ("controller",), s
            else:
                for s in SIDES:
                    if s != side:
                        yield "side", path + ("controller",), s
        if who == "self":
            yield "who", path + ("who",), "any"          # with controller you (added below)
        elif who in ("adjacent", "self_or_adjacent"):
            yield "who", path + ("who",), "self_or_adjacent" if who == "adjacent" else "adjacent"
        elif who == "other":
            yield "who", path + ("who",), "any"
        for k in FILTER_CONDITIONS:
            if k in f:
                yield "condition", path + (k,), _ABSENT
        if "state" in f:
            yield "state", path + ("state",), "closed" if f["state"] == "open" else "open"
        if path[0] == "targets" and f.get("all"):
            yield "condition", path + ("all",), _ABSENT
    for k in ("protection", "replacement"):
        obj = ability.get(k)
        if isinstance(obj, dict) and obj.get("from") in ("opponent", "any"):
            yield "side", (k, "from"), "any" if obj["from"] == "opponent" else "opponent"
    trig = ability.get("trigger")
    if isinstance(trig, dict):
        yield "turn", ("trigger", "in_your_turn"), _ABSENT if trig.get("in_your_turn") else True
        for w in WORD_NEIGHBOURS.get(trig.get("word", ""), ()):
            yield "word", ("trigger", "word"), w
        for e in EVENT_NEIGHBOURS.get(trig.get("event", ""), ()):
            yield "event", ("trigger", "event"), e
        for k in ("attack", "form", "min_amount"):
            if k in trig:
                yield "condition", ("trigger", k), _ABSENT
    if ability.get("kind") == "triggered":
        yield "optional", ("optional",), _ABSENT if ability.get("optional") else True
    if edition == "classic" and _may_repeat(ability):
        yield "once_per_turn", ("once_per_turn",), _ABSENT if ability.get("once_per_turn") else True
    if ability.get("form") in ("spell", "effect"):
        yield "form", ("form",), "effect" if ability["form"] == "spell" else "spell"
    for k in ("condition", "requires"):
        if k in ability:
            yield "condition", (k,), _ABSENT
    cond = ability.get("condition")
    if isinstance(cond, dict) and cond.get("source") in ("open", "closed"):
        yield "state", ("condition", "source"), "closed" if cond["source"] == "open" else "open"
    # the numbers
    for path, obj in _numbered(ability):
        for k in NUMBERS:
            v = obj.get(k)
            if isinstance(v, int) and not isinstance(v, bool):
                for d in (1, -1):
                    yield "amount", path + (k,), v + d
    for i, e in enumerate(ability.get("effects") or []):
        if isinstance(e, dict) and "until" in e:
            yield "until", ("effects", i, "until"), UNTIL_NEIGHBOURS.get(e["until"], _ABSENT)
            yield "until", ("effects", i, "until"), _ABSENT


def _may_repeat(ability: dict[str, Any]) -> bool:
    """Whether an ability could be carried out twice in a turn at all, so that «(один раз за ход)» can change
    it: not a trigger of the start or the end of a turn (each comes once a turn), nor an activated ability that
    closes its card (nothing opens a card within a turn: the vocabulary has `close` and no verb that opens; a
    card opens at the start of its controller's turn), nor a static ability or a «начинает бой с» (never
    declared)."""
    kind = ability.get("kind")
    if kind == "triggered":
        return (ability.get("trigger") or {}).get("event") not in ("turn_start", "turn_end")
    if kind == "activated":
        return not (ability.get("cost") or {}).get("close")
    return False


def _numbered(ability: dict[str, Any]) -> Iterator[tuple[tuple[Any, ...], dict[str, Any]]]:
    for k in ("cost", "trigger", "replacement", "modifier"):
        if isinstance(ability.get(k), dict):
            yield (k,), ability[k]
    for k in ("effects",):
        for i, e in enumerate(ability.get(k) or []):
            if isinstance(e, dict):
                yield (k, i), e
    rep = ability.get("replacement")
    if isinstance(rep, dict):
        for i, e in enumerate(rep.get("instead") or []):
            if isinstance(e, dict):
                yield ("replacement", "instead", i), e


def _apply(ability: dict[str, Any], path: tuple[Any, ...], value: Any) -> None:
    parent = _get(ability, path[:-1])
    if value is _ABSENT:
        parent.pop(path[-1], None)
    else:
        parent[path[-1]] = value
    if path[-1] == "who" and value == "any" and "controller" not in parent:
        parent["controller"] = "you"      # self → any of yours
    # the start and the end of a turn are said twice, by the word and by the event: moved together (a card
    # whose word and event disagree is no card a text could print)
    turn = {"В начале хода": "turn_start", "В конце хода": "turn_end"}
    if path == ("trigger", "word") and value in turn and parent.get("event") in turn.values():
        parent["event"] = turn[value]
    if path == ("trigger", "event") and value in turn.values() and parent.get("word") in turn:
        parent["word"] = {v: k for k, v in turn.items()}[value]


def variants(definition: dict[str, Any], check: Callable[[dict[str, Any]], list[Any]] | None = None,
             ) -> tuple[list[Variant], int]:
    """The variants of one card's definition (see the module docstring), and how many more the engine's check
    refused (`check`: default `engine.check_card_definition`; a problem list, empty when the card is sound)."""
    if check is None:
        import engine

        check = engine.check_card_definition
    name, edition = definition["name"], definition["edition"]
    seen = {json.dumps(definition, sort_keys=True, ensure_ascii=False)}
    out: list[Variant] = []
    refused = 0
    for a_index, ability in enumerate(definition.get("abilities") or []):
        key = str(ability.get("key", a_index))
        for operator, path, value in _changes(ability, edition):
            before = _ABSENT
            try:
                before = _get(ability, path)
            except (KeyError, IndexError, TypeError):
                pass
            if before == value or (before is _ABSENT and value is _ABSENT):
                continue
            new = copy.deepcopy(definition)
            _apply(new["abilities"][a_index], path, value)
            text = json.dumps(new, sort_keys=True, ensure_ascii=False)
            if text in seen:
                continue
            seen.add(text)
            if check(new):
                refused += 1
                continue
            where = _path_text(path)
            out.append(Variant(f"{edition}:{name}:{key}:{where}:{operator}({_show(before)}→{_show(value)})", name, edition,
                               key, where, operator, None if before is _ABSENT else before,
                               None if value is _ABSENT else value, new))
    return out, refused


def pool_cards(names: list[str] | None = None) -> list[dict[str, Any]]:
    """The pool's cards with abilities (catalog/test-cards/), with their defaults filled in as the engine gets
    them; only those called `names` when given (an unknown name: LookupError)."""
    from harness.common import paths
    from harness.suite.session import catalog

    cat = catalog()
    pool = [c for c in cat.cards if c.get("abilities")
            and (cat.origin(c["name"], c["edition"]) or ("",))[0].startswith("catalog/test-cards/")]
    if names:
        known = {c["name"] for c in pool}
        missing = [n for n in names if n not in known]
        if missing:
            raise LookupError(f"--card {', '.join(missing)}: not a pool card with abilities "
                              f"({paths.display(paths.CATALOG / 'test-cards')})")
        pool = [c for c in pool if c["name"] in names]
    return pool


# ------------------------------------------------------------------------------------------ the register
@dataclass
class Equivalent:
    id: str
    reason: str


def load_equivalents(path: Path = EQUIVALENTS) -> tuple[dict[str, Equivalent], list[str]]:
    """The register of equivalent variants: id → entry, and its problems (file:line: field: message)."""
    from harness.common.errors import InputError
    from harness.common.yamldoc import load_yaml

    if not path.is_file():
        return {}, []
    try:
        doc = load_yaml(path)
    except InputError as exc:
        return {}, [str(p) for p in exc.problems]
    out: dict[str, Equivalent] = {}
    problems: list[str] = []
    entries = doc.data.get("equivalents") if isinstance(doc.data, dict) else None
    if not isinstance(entries, list):
        return {}, [f"{doc.file}: equivalents: expected a list of {{id, reason}}"]
    for i, e in enumerate(entries):
        line = doc.line_of(("equivalents", i))
        if not (isinstance(e, dict) and isinstance(e.get("id"), str) and isinstance(e.get("reason"), str)
                and e["reason"].strip()):
            problems.append(f"{doc.file}:{line}: equivalents[{i}]: expected an id and a non-empty reason")
            continue
        if e["id"] in out:
            problems.append(f"{doc.file}:{line}: equivalents[{i}].id: {e['id']} is declared twice")
        out[e["id"]] = Equivalent(e["id"], e["reason"])
    return out, problems


# ------------------------------------------------------------------------------------------ the run
@dataclass
class Outcome:
    id: str
    card: str
    edition: str
    ability: str
    path: str
    operator: str
    before: Any
    after: Any
    status: str = SURVIVED
    killer: str = ""
    scenarios: int = 0           # scenarios played
    note: str = ""


class CardAdapter:
    """The reference engine in this process, which records the pool cards each board hands it and, while
    `override` is set, plays that one card's definition instead of the board's."""

    def __init__(self, loop: _Loop) -> None:
        from harness.engines.adapters import InProcessAdapter

        self._inner = InProcessAdapter()
        self._loop = loop
        self.name, self.version = self._inner.name, self._inner.version + "+card-variant"
        self.renders_on_demand = True

    def setup(self, board: dict, definitions: dict[str, dict]) -> dict:
        edition = board.get("edition")
        self._loop.seen.update((n, edition) for n in definitions)
        v = self._loop.override
        if v is not None and v.edition == edition and v.card in definitions:
            definitions = {**definitions, v.card: copy.deepcopy(v.definition)}
        return self._inner.setup(board, definitions)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)


class _Loop:
    """The pytest plugin that plays the variants inside one session (see the module docstring)."""

    def __init__(self, cards: dict[tuple[str, str], list[Variant]], equivalents: dict[str, Equivalent],
                 on_done: Callable[[Outcome], None] | None = None, timeout: float = SCENARIO_TIMEOUT,
                 play: Callable[..., tuple[bool, str, Any]] | None = None) -> None:
        self.cards = cards
        self.equivalents = equivalents
        self.on_done = on_done
        self.timeout = timeout
        self.outcomes: list[Outcome] = []
        self.control_failures: list[str] = []
        self.scenarios_of: dict[tuple[str, str], list[str]] = {}
        self.error: str | None = None
        self.override: Variant | None = None
        self.seen: set[tuple[str, str]] = set()
        self._play_fn = play

    def berserk_rules_adapter(self) -> Any:
        return CardAdapter(self)

    def _play(self, item: Any, nextitem: Any) -> tuple[bool, str, Any]:
        if self._play_fn is not None:
            return self._play_fn(item, nextitem)
        from harness.run.replay import play_again

        return play_again(item, nextitem)

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtestloop(self, session: Any) -> bool:
        try:
            self._loop(session)
        except Exception as exc:  # noqa: BLE001 - reported by the caller as the run's error
            self.error = f"{type(exc).__name__}: {exc}"
        return True

    def _loop(self, session: Any) -> None:
        from harness.run.replay import spares

        items = list(session.items)
        spare = spares(items)
        item_of: dict[str, Any] = {}
        for it in items:
            self.seen = set()
            ok, status, sc = self._play(it, spare[it.nodeid])
            sid = sc.id if sc is not None else it.nodeid
            item_of[sid] = it
            if not ok:
                self.control_failures.append(f"{sid}: {status}")
            for key in self.seen & set(self.cards):
                self.scenarios_of.setdefault(key, []).append(sid)
        if self.control_failures:
            return
        session.config.option.scenario_timeout = self.timeout
        for key, vs in self.cards.items():
            order = list(self.scenarios_of.get(key, []))
            for v in vs:
                out = self._one(v, order, item_of, spare)
                if out.status == KILLED_CHECK:       # the killer first for the card's next variants
                    sid = out.killer.split(" ", 1)[0]
                    order.remove(sid)
                    order.insert(0, sid)
                self.outcomes.append(out)
                if self.on_done is not None:
                    self.on_done(out)

    def _one(self, v: Variant, order: list[str], item_of: dict[str, Any], spare: dict[str, Any]) -> Outcome:
        out = Outcome(v.id, v.card, v.edition, v.ability, v.path, v.operator, v.before, v.after)
        if not order:
            out.status, out.note = UNPLAYED, "no scenario uses the card"
        other = ""
        failed_otherwise = 0
        self.override = v
        try:
            for sid in order:
                item = item_of[sid]
                ok, status, sc = self._play(item, spare[item.nodeid])
                out.scenarios += 1
                if ok:
                    continue
                from harness.quality.mutation import kill_kind

                kind = kill_kind(sc) if sc is not None else "other"
                if kind == "then":
                    out.status, out.killer = KILLED_CHECK, f"{sid} (FAIL on a «Тогда» check)"
                    break
                other = other or (f"{sid} (FAIL on a «Дано»/«Когда» step)" if kind == "driver" else f"{sid} ({status})")
                failed_otherwise += 1
                if status == "TIMEOUT" or failed_otherwise >= MAX_OTHER_FAILURES:
                    break
        finally:
            self.override = None
        if out.status != KILLED_CHECK and other:
            out.status, out.killer = KILLED_OTHER, other
        if v.id in self.equivalents:
            if out.status == SURVIVED:
                out.status = EQUIVALENT
            elif out.status != UNPLAYED:
                out.note = f"declared equivalent, but killed by {out.killer}: the register's entry is wrong"
        return out


@dataclass
class Report:
    cards: list[str] = field(default_factory=list)                 # "name (edition)", in the order played
    outcomes: list[Outcome] = field(default_factory=list)
    refused: dict[str, int] = field(default_factory=dict)          # card → variants the engine's check refused
    generated: dict[str, int] = field(default_factory=dict)        # card → variants derived (and sound)
    scenarios_of: dict[str, int] = field(default_factory=dict)     # card → scenarios using it
    control_failures: list[str] = field(default_factory=list)
    register_problems: list[str] = field(default_factory=list)
    stale_equivalents: list[str] = field(default_factory=list)
    error: str | None = None
    duration_s: float = 0.0

    def per_card(self) -> dict[str, dict[str, Any]]:
        out: dict[str, dict[str, Any]] = {}
        for name in self.cards:
            out[name] = {s: 0 for s in STATUSES} | {"variants": 0, "survivors": [],
                                                      "generated": self.generated.get(name, 0),
                                                      "scenarios": self.scenarios_of.get(name, 0),
                                                      "refused": self.refused.get(name, 0)}
        for o in self.outcomes:
            c = out[f"{o.card} ({o.edition})"]
            c["variants"] += 1
            c[o.status] += 1
            if o.status in (SURVIVED, UNPLAYED):
                c["survivors"].append(o.id)
        return out

    def counts(self) -> dict[str, Any]:
        per = self.per_card()
        c: dict[str, Any] = {s: sum(1 for o in self.outcomes if o.status == s) for s in STATUSES}
        c["variants"] = len(self.outcomes)
        c["cards"] = len(per)
        c["cards_with_survivors"] = sum(1 for v in per.values() if v["survivors"])
        # fully killed: every variant derived was played and none survived (a run that stopped early proves nothing)
        c["cards_fully_killed"] = sum(1 for v in per.values() if not v["survivors"] and v["variants"] == v["generated"])
        return c

    @property
    def wrong_equivalents(self) -> list[Outcome]:
        return [o for o in self.outcomes if o.note.startswith("declared equivalent")]

    @property
    def ok(self) -> bool:
        return (self.error is None and not self.control_failures and not self.register_problems
                and not self.stale_equivalents and not self.wrong_equivalents
                and self.counts()["cards_with_survivors"] == 0)

    def to_json(self) -> dict[str, Any]:
        return {"counts": self.counts(), "cards": self.per_card(), "outcomes": [asdict(o) for o in self.outcomes],
                "control_failures": self.control_failures, "register_problems": self.register_problems,
                "stale_equivalents": self.stale_equivalents, "error": self.error,
                "duration_s": round(self.duration_s, 2)}


def run(names: list[str] | None = None, *, on_done: Callable[[Outcome], None] | None = None,
        equivalents_path: Path = EQUIVALENTS, cards: list[dict[str, Any]] | None = None,
        units: list[str] | None = None, play: Callable[..., tuple[bool, str, Any]] | None = None,
        timeout: float = SCENARIO_TIMEOUT) -> Report:
    """Derive every pool card's variants (or those of `names`; or of the definitions `cards`, a test's), play
    them against the scenarios using each card (of the `units` only, when given), and give the report."""
    from harness.run.runner import run as run_pytest

    started = time.perf_counter()
    report = Report()
    equivalents, report.register_problems = load_equivalents(equivalents_path)
    chosen = cards if cards is not None else pool_cards(names)
    by_card: dict[tuple[str, str], list[Variant]] = {}
    generated: set[str] = set()
    for c in chosen:
        vs, refused = variants(c)
        name = f"{c['name']} ({c['edition']})"
        report.cards.append(name)
        report.refused[name] = refused
        report.generated[name] = len(vs)
        by_card[(c["name"], c["edition"])] = vs
        generated.update(v.id for v in vs)
    if cards is None and not names:
        report.stale_equivalents = [f"{e}: no such variant is generated (the card changed?): a stale entry"
                                    for e in equivalents if e not in generated]
    loop = _Loop(by_card, equivalents, on_done, timeout, play)
    outcome = run_pytest(units or (), quiet=True, plugins=[loop])
    report.outcomes = loop.outcomes
    report.control_failures = loop.control_failures
    report.scenarios_of = {f"{n} ({e})": len(s) for (n, e), s in loop.scenarios_of.items()}
    report.error = loop.error or (None if outcome.code in (0, 1, 5) or loop.outcomes else
                                  f"the scenarios could not be run (pytest exit code {outcome.code})")
    report.duration_s = time.perf_counter() - started
    return report
