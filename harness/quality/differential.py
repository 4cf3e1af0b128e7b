"""Differential testing: two engines, the same boards, the same moves; their responses and canonical states
must agree after every step.

A *play* starts both engines from a board and then repeats: list the moves available in the reference
engine's state (`moves`: the pending decision's options, or for the priority holder pass, end_turn and an
attack by each of his open creatures on the battlefield at each opposing one), let the chooser pick one,
send it to both. They must both accept it with equal canonical states, or both refuse it with the same
error code, or both fail the same way. A refused move is compared too, and then another move is picked
among the remaining ones, so that every step moves the game on. A play ends where both engines say the game
is over (a player `lost`, or `game_over`, docs/STATE.md): nothing after that is sent or compared. A difference
of states does not end it: both engines keep playing the same line while both accept its moves, and every
later step whose states differ is recorded (`Divergence.later`), until one engine refuses what the other
accepts, or fails (`Divergence.end`); hypothesis shrinks only the line up to the first difference (the moves
after it come from a fixed seed, `play(…, then=…)`).

What is compared (`comparable`): by default the observable contract (`harness.engines.contract.observable`,
docs/CONTRACT.md), and a key only one engine sends is not a difference (an optional key of the contract is
a SKIP for the scenarios reading it, not a wrong state); with `full_state`, the whole state, every key. The
order of a list is compared only where it means something:

    unordered, keyed by `id`     `cards` (sorted by id by the reference engine: a rendering choice); the
                                 top-level `effects` with `full_state` (the reference engine's own ids)
    unordered, as a multiset     the top-level `effects` on the contract (their ids are the engine's own
                                 and are not part of it); a card's `effects` (on the contract: the effects
                                 they name, not their ids), `markers`, `abilities`, `printed_abilities`,
                                 `replaced_abilities`; the markers of each of `cells`; `pending.options`
                                 (a set of choices); on the contract, a deck shuffle's new order (the
                                 history's `info.order` of a `shuffle`: each engine's own random draw)
    ordered                      `players` (seating order), `stack` (bottom first), `history` (oldest first),
                                 and every other list (a history entry's `targets`, `strike` values, …)

A difference is a list of lines, every one naming the field and both values (`cards[orc].wounds:
reference 2, other 3`; `cards[elf]: only in other: {…}`); all of them are found, the report shows the
first `REPORT_LINES` and counts the rest. Two responses of different kinds are one line saying what each
engine did (`response: reference accepted, other refused with error code not_now (…)`).

Refusals as unsupported (`unsupported`, `unknown_action`) are judged against what each engine declares in
its `hello` (editions, features, vocabulary; `harness.suite.capabilities`): a board that needs what an
engine does not declare is skipped before it is sent (`Engines.skipped`, with the reason); a board or a
request inside the declaration refused as unsupported is a difference («declares …, refused as
unsupported»); a request outside it (an `activate` without `activated_abilities`, a `defender` decision
without `defenders`, …: `ACTION_NEEDS`, `DECISION_NEEDS`) ends the play, and is noted in
`Engines.outside`.

The chooser is hypothesis (`check_agreement(engines, boards, data)` inside `@given(st.data())`): it draws
the board and every choice, and shrinks a failing play to the shortest sequence of moves that shows the
difference. A list of integers replays a play (`play(…, [2, 0, 0, 1])`). With `generated`, the boards drawn
include the fuzzer's random valid boards (`harness.quality.fuzz.boards`, named `GENERATED`); a divergence keeps
its board's data (`Divergence.setup`), from which `harness.quality.drafts` writes it out as a scenario draft.
`harness.quality.random_kills` runs this against every mutant engine, beside the scenarios that kill each.

    from harness.quality.differential import Engines, find_divergence
    divergence = find_divergence(Engines(reference, other), boards)     # None, or the shortest one
    print(divergence.report())

`berserk-rules compare --engine-cmd CMD` runs this against the reference engine (harness/cli/compare.py).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from harness.common import paths
from harness.common.errors import InputError
from harness.engines.adapters import EngineFault, EngineRefused, EngineUnsupported
from harness.suite.capabilities import (
    ACTION_NEEDS,
    DECISION_NEEDS,
    MINIMAL_ACTIONS,
    MINIMAL_DECISIONS,
    board_needs,
    data_needs,
    need_met,
    need_words,
)
from harness.suite.session import load_scenario_board

CHOICE_MAX = 255
REPORT_LINES = 25          # differences shown in a report; the rest are counted


@dataclass(frozen=True)
class Move:
    """One request of a play: a player's action (`act`) or an answer to the pending decision."""

    kind: str          # "act" | "answer"
    player: str
    value: Any         # the action object, or the choice

    def text(self) -> str:
        if self.kind == "answer":
            return f"{self.player} answers {json.dumps(self.value, ensure_ascii=False)}"
        rest = {k: v for k, v in self.value.items() if k != "type"}
        args = " ".join(f"{k}={v}" for k, v in rest.items())
        return f"{self.player} {self.value['type']}" + (f" {args}" if args else "")


def moves(state: dict, legal: Callable[[str], list[dict]] | None = None) -> list[Move]:
    """The moves a play may pick from in this state. With `legal` (the reference engine's `legal_actions`,
    when it runs in this process): every legal action of the priority holder, then the probes below that are
    not among them (requests both engines must refuse). Without it, only the probes, read from the state (no
    rules knowledge): pass, end the turn, every attack of an open card on an enemy card."""
    pending = state.get("pending")
    if pending:
        return [Move("answer", pending["player"], o["id"] if isinstance(o, dict) else o)
                for o in pending.get("options", [])]
    holder = state.get("priority")
    if holder is None:
        return []
    probes = _probes(state, holder)
    if legal is None:
        return probes
    listed = [Move("act", holder, a) for a in legal(holder)]
    return listed + [m for m in probes if m not in listed]


def _probes(state: dict, holder: str) -> list[Move]:
    out = [Move("act", holder, {"type": "pass"}), Move("act", holder, {"type": "end_turn"})]
    field_cards = [c for c in state.get("cards", []) if c.get("zone") == "battlefield"]
    for a in field_cards:
        if a.get("controller") != holder or not a.get("open", True):
            continue
        for t in field_cards:
            if t.get("controller") != holder:
                out.append(Move("act", holder, {"type": "attack", "attacker": a["id"], "target": t["id"]}))
    return out


# ------------------------------------------------------------------------------------------ responses
@dataclass
class Outcome:
    """What an engine did with a request: accepted it (`ok`, with the state), refused it by the rules
    (`refused`, with the error code), refused it as not implemented (`unsupported`: the codes `unsupported`
    and `unknown_action`) or faulted (`fault`, with the status)."""

    kind: str
    code: str = ""
    state: dict | None = None
    message: str = ""

    def key(self) -> tuple[str, str]:
        return self.kind, self.code

    def text(self) -> str:
        first_line = self.message.splitlines()[0] if self.message else ""
        why = f" ({first_line})" if first_line else ""
        if self.kind == "ok":
            return "accepted"
        if self.kind == "refused":
            return f"refused with error code {self.code}{why}"
        if self.kind == "unsupported":
            return f"refused as unsupported{why}"
        return f"failed: {self.code}{why}"


def outcome(call: Callable[[], dict]) -> Outcome:
    try:
        return Outcome("ok", state=call())
    except EngineRefused as exc:
        return Outcome("refused", exc.code, message=exc.message)
    except EngineUnsupported as exc:
        return Outcome("unsupported", message=str(exc))
    except EngineFault as exc:
        return Outcome("fault", exc.status, message=str(exc))


def perform(adapter: Any, move: Move) -> Outcome:
    if move.kind == "act":
        return outcome(lambda: adapter.act(move.player, move.value))
    return outcome(lambda: adapter.answer(move.player, move.value))


def game_over(state: dict | None) -> bool:
    """Whether a canonical state says the game is over: a player has lost (`players[].lost`, required by the
    contract), or the reference engine's `game_over`."""
    if not isinstance(state, dict):
        return False
    players = state.get("players")
    lost = any(isinstance(p, dict) and p.get("lost") is True for p in players) if isinstance(players, list) else False
    return lost or state.get("game_over") is True


# ------------------------------------------------------------------------------------------ declarations
# What a request needs of an engine beyond the minimal contract: capabilities.ACTION_NEEDS / DECISION_NEEDS.


def board_requirements(name: str, board: dict, definitions: dict) -> dict[str, str]:
    """What a board needs of an engine → why: `capabilities.board_needs` for a board under scenarios/ (what
    `check` decides its SKIPs with), else `capabilities.data_needs` of the board as given."""
    try:
        needs: Iterable[str] = board_needs(name)
    except InputError:
        needs = data_needs(board, definitions)
    return {need: "the board" for need in sorted(needs)}


def request_need(move: Move, state: dict) -> tuple[str | None, str]:
    """(what a request needs of an engine, what it is): "" for a request of the minimal contract (every engine
    implements it), a feature's name, or None for a request outside the protocol's tables."""
    if move.kind == "act":
        kind = str(move.value.get("type"))
        minimal, needs, what = kind in MINIMAL_ACTIONS, ACTION_NEEDS, f"the action `{kind}`"
    else:
        kind = str((state.get("pending") or {}).get("kind"))
        minimal, needs, what = kind in MINIMAL_DECISIONS, DECISION_NEEDS, f"the decision `{kind}`"
    if minimal:
        return "", f"the minimal contract ({what})"
    if kind in needs:
        return needs[kind], f"the feature '{needs[kind]}' ({what})"
    return None, f"{what} (not in the protocol's tables)"


def _capabilities(adapter: Any) -> dict[str, Any] | None:
    """An engine's declaration (its `hello`), or None when it cannot say (a fault: its setup will show it)."""
    try:
        return dict(adapter.capabilities())
    except (EngineFault, EngineUnsupported):
        return None


# ------------------------------------------------------------------------------------------ comparable states
class Keyed(dict):
    """A list whose order means nothing, as id → item (the items' paths read `cards[orc]`)."""


class Bag(list):
    """A list whose order means nothing and whose items have no id: a multiset, kept sorted."""


def _sort_key(item: Any) -> str:
    return json.dumps(item, ensure_ascii=False, sort_keys=True)


def _bag(items: Any) -> Any:
    return Bag(sorted(items, key=_sort_key)) if isinstance(items, list) else items


def _keyed(items: Any, key: str = "id") -> Any:
    """The items by `key` when every one has a distinct one, else a multiset."""
    if not isinstance(items, list):
        return items
    ids = [item.get(key) for item in items if isinstance(item, dict)]
    if len(ids) == len(items) and all(isinstance(i, str | int) for i in ids) and len(set(map(str, ids))) == len(ids):
        return Keyed((str(item[key]), item) for item in items)
    return _bag(items)


CARD_SETS = ("effects", "markers", "abilities", "printed_abilities", "replaced_abilities")


def comparable(state: Any, full_state: bool = False) -> Any:
    """The part of a state that is compared, with every list whose order means nothing made a `Keyed` or a
    `Bag` (the module docstring says which)."""
    from harness.engines.contract import observable

    if not isinstance(state, dict):
        return state
    view = dict(state) if full_state else observable(state)
    if not full_state:
        view = _effects_by_content(state, view)
    if isinstance(view.get("cards"), list):
        cards = [_card_sets(c) for c in view["cards"]]
        view["cards"] = _keyed(cards)
    if isinstance(view.get("effects"), list):
        view["effects"] = _keyed(view["effects"]) if full_state else _bag(view["effects"])
    if isinstance(view.get("cells"), dict):
        view["cells"] = {cell: _bag(marks) for cell, marks in view["cells"].items()}
    if isinstance(view.get("pending"), dict) and isinstance(view["pending"].get("options"), list):
        view["pending"] = {**view["pending"], "options": _bag(view["pending"]["options"])}
    if not full_state and isinstance(view.get("history"), list):
        view["history"] = [_shuffle_as_bag(h) for h in view["history"]]
    return view


def _shuffle_as_bag(entry: Any) -> Any:
    """On the contract, a deck shuffle's new order (503.1.b17, `info.order`) is compared as the cards it holds,
    not their order: each engine draws it from its own random source (ASM deterministic-shuffle: the kit's comes
    from Python's `random`, which an engine in another language cannot reproduce), and the scenarios check only
    that the whole deck was shuffled."""
    info = entry.get("info") if isinstance(entry, dict) else None
    if not (isinstance(info, dict) and info.get("effect") == "shuffle" and isinstance(info.get("order"), list)):
        return entry
    return {**entry, "info": {**info, "order": _bag(info["order"])}}


def _card_sets(card: Any) -> Any:
    if not isinstance(card, dict):
        return card
    return {k: _bag(v) if k in CARD_SETS else v for k, v in card.items()}


def _effects_by_content(state: dict, view: dict) -> dict:
    """On the contract a card's `effects` name the effects on it by the engine's own ids: each is replaced
    by the effect it names, as the contract shows it (without its id); an id naming no effect stays."""
    raw_effects, shown_effects = state.get("effects"), view.get("effects")
    raw_cards, shown_cards = state.get("cards"), view.get("cards")
    if not (isinstance(raw_effects, list) and isinstance(shown_effects, list) and isinstance(raw_cards, list)
            and isinstance(shown_cards, list) and len(raw_effects) == len(shown_effects)):
        return view
    by_id = {str(e.get("id")): shown for e, shown in zip(raw_effects, shown_effects, strict=True)
             if isinstance(e, dict) and "id" in e}
    cards = []
    for card in shown_cards:
        if isinstance(card, dict) and isinstance(card.get("effects"), list):
            card = {**card, "effects": [by_id.get(str(i), i) for i in card["effects"]]}
        cards.append(card)
    return {**view, "cards": cards}


# ------------------------------------------------------------------------------------------ differences
def state_diff(a: Any, b: Any, names: tuple[str, str] = ("reference", "other"),
               full_state: bool = True) -> list[str]:
    """Every place where two states differ, one line each naming the field and both values
    (`cards[orc].wounds: reference 2, other 3`), after making both `comparable`. Without `full_state`,
    on the contract only, and a key of an object that only one side sends is not a difference."""
    out: list[str] = []
    _walk(comparable(a, full_state), comparable(b, full_state), "", names, not full_state, out)
    return [line.lstrip(".") for line in out]


def _walk(x: Any, y: Any, p: str, names: tuple[str, str], lenient: bool, out: list[str]) -> None:
    if type(x) is type(y) and x == y:
        return
    if isinstance(x, Keyed) and isinstance(y, Keyed):
        for k in list(x) + [k for k in y if k not in x]:
            if k in x and k in y:
                _walk(x[k], y[k], f"{p}[{k}]", names, lenient, out)
            else:
                side, value = (names[0], x[k]) if k in x else (names[1], y[k])
                out.append(f"{p}[{k}]: only in {side}: {_short(value)}")
        return
    if isinstance(x, Bag) and isinstance(y, Bag):
        u, v = _common_keys(x, y) if lenient else (list(x), list(y))
        cu, cv = Counter(map(_sort_key, u)), Counter(map(_sort_key, v))
        for side, extra in ((names[0], cu - cv), (names[1], cv - cu)):
            for item, n in extra.items():
                out.append(f"{p}: only in {side}: {item}" + (f" (×{n})" if n > 1 else ""))
        return
    if isinstance(x, dict) and isinstance(y, dict) and not isinstance(x, Keyed) and not isinstance(y, Keyed):
        for k in list(x) + [k for k in y if k not in x]:
            if k in x and k in y:
                _walk(x[k], y[k], f"{p}.{k}", names, lenient, out)
            elif not lenient:
                side = names[0] if k in x else names[1]
                out.append(f"{p}.{k}: only in {side}: {_short(x[k] if k in x else y[k])}")
        return
    if isinstance(x, list) and isinstance(y, list) and not isinstance(x, Bag) and not isinstance(y, Bag):
        for i, (u, v) in enumerate(zip(x, y, strict=False)):
            _walk(u, v, f"{p}[{_label(u, v, i)}]", names, lenient, out)
        for i in range(min(len(x), len(y)), max(len(x), len(y))):
            side, value = (names[0], x[i]) if len(x) > len(y) else (names[1], y[i])
            out.append(f"{p}[{i}]: only in {side}: {_short(value)}")
        return
    out.append(f"{p}: {names[0]} {_short(x)}, {names[1]} {_short(y)}")


def _label(u: Any, v: Any, i: int) -> str:
    """An item of an ordered list: by its id (or a player's name) when both sides have the same one there."""
    for key in ("id", "name"):
        if isinstance(u, dict) and isinstance(v, dict) and key in u and u.get(key) == v.get(key) \
                and isinstance(u[key], str):
            return u[key]
    return str(i)


def _common_keys(x: list, y: list) -> tuple[list, list]:
    """The items of two multisets without the keys of objects that only one side ever sends."""
    def keys(items: list) -> set[str]:
        return {k for item in items if isinstance(item, dict) for k in item}

    common = keys(x) & keys(y)

    def cut(items: list) -> list:
        return [{k: v for k, v in item.items() if k in common} if isinstance(item, dict) else item
                for item in items]

    return cut(x), cut(y)


def _short(value: Any) -> str:
    """A value of a diff, whole: a leaf is never cut where it differs."""
    return json.dumps(value, ensure_ascii=False)


def response_diff(a: Outcome, b: Outcome, names: tuple[str, str] = ("reference", "other"),
                  full_state: bool = False) -> list[str]:
    """How two engines' responses to the same request differ (empty: they agree): what each did when that
    differs, else every differing field of their states."""
    if a.key() != b.key():
        return [f"response: {names[0]} {a.text()}, {names[1]} {b.text()}"]
    if a.kind != "ok" or a.state == b.state:
        return []
    return state_diff(a.state, b.state, names, full_state)


def _differ(a: Outcome, b: Outcome, full_state: bool = False) -> bool:
    return bool(response_diff(a, b, full_state=full_state))


# ------------------------------------------------------------------------------------------ plays
@dataclass
class Engines:
    """The two engines compared (adapters: in-process or over the protocol); `first` is the reference."""

    first: Any
    second: Any
    names: tuple[str, str] = ("reference", "other")
    full_state: bool = False          # compare whole states, bookkeeping included (default: the contract)
    skipped: dict[str, str] = field(default_factory=dict)     # boards not played → why (an undeclared need)
    outside: dict[str, str] = field(default_factory=dict)     # requests outside a declaration that ended
    #                                                           plays, refused as unsupported → a board
    plays: int = 0                    # the plays made (hypothesis's examples and its shrinking)
    # after a difference of states, keep playing the same line and comparing every later state (the default);
    # False: stop at the first divergent step (random_kills: a kill needs only the first)
    keep_going: bool = True


@dataclass
class DivergentStep:
    """A later step of a play where the engines' states differ again (or their responses differ in kind, which
    ends the comparison): after `at` moves, both outcomes and every difference there."""

    at: int                           # the moves played when it showed (0: the setup)
    first: Outcome
    second: Outcome
    diff: list[str] = field(default_factory=list)


@dataclass
class Divergence:
    """Where the engines disagree. The first divergent step (`moves` up to it, both outcomes there, and every
    difference of their responses there in `diff`, never empty: each line names the field and both values, or
    what each engine did); then, as both engines keep playing the same line while both accept its moves, every
    later step whose states differ (`later`), until one engine refuses what the other accepts or fails, both
    say the game is over, or the line ends (`end` says which; `played`: every move sent)."""

    board: str
    moves: list[Move]                 # the moves up to the first difference, the last one shows it
    first: Outcome
    second: Outcome
    names: tuple[str, str] = ("reference", "other")
    diff: list[str] = field(default_factory=list)
    said: list[str] = field(default_factory=list)    # what both engines did with each move before the last played
    setup: tuple[dict, dict] | None = None          # the board's data and definitions (for a scenario draft)
    later: list[DivergentStep] = field(default_factory=list)   # every later divergent step, in order
    played: list[Move] | None = None                # every move sent (None: `moves`, nothing after them)
    end: str = ""                     # why the comparison stopped after the first difference

    @property
    def steps(self) -> list[DivergentStep]:
        """Every divergent step, the first one included."""
        return [DivergentStep(len(self.moves), self.first, self.second, self.diff), *self.later]

    def report(self, limit: int = REPORT_LINES) -> str:
        played = self.played if self.played is not None else self.moves
        steps = self.steps
        at = {s.at for s in steps}
        head = f"the engines disagree on board {self.board} after {len(self.moves)} move(s)"
        if self.later:
            head += f", and at {len(self.later)} later step(s) of the same line"
        lines = [head + ":", "  setup" + ("   ≠ differs" if 0 in at else "")]
        for i, m in enumerate(played, 1):
            outcome = self.said[i - 1] if i <= len(self.said) else ""
            mark = "   ≠ differs" if i in at else ""
            lines.append(f"  {i}. {m.text()}" + (f"   → both: {outcome}" if outcome.startswith("refused") else "")
                         + mark)
        shown: set[str] = set()
        previous = ""
        for step in steps:
            where = "setup" if step.at == 0 else f"move {step.at}"
            lines.append(f"at {where}: {self.names[0]} {step.first.text()}; {self.names[1]} {step.second.text()}")
            diff = step.diff or response_diff(step.first, step.second, self.names)
            new = [d for d in diff if d not in shown]
            kept = len(diff) - len(new)
            # a difference that stays is shown once, at the step where it first showed, and counted after
            lines.append(f"{len(diff)} difference(s)" + (f", {kept} as at {previous}" if kept else "") + ":")
            lines += [f"  {d}" for d in new[:limit]]
            if len(new) > limit:
                lines.append(f"  … and {len(new) - limit} more")
            shown = set(diff)
            previous = where
        if self.end:
            lines.append(f"compared no further: {self.end}")
        return "\n".join(lines)


def skip_reason(engines: Engines, name: str, board: dict, definitions: dict) -> str:
    """Why a board is not played ("" when it is): it needs what an engine does not declare."""
    needs = board_requirements(name, board, definitions)
    reasons = []
    for adapter, who in zip((engines.first, engines.second), engines.names, strict=True):
        declared = _capabilities(adapter)
        lacking = [need for need in needs if declared is not None and not need_met(need, declared)]
        if any(need.startswith("edition:") for need in lacking):
            lacking = [need for need in lacking if need.startswith("edition:")]     # the edition says it all
        if lacking:
            reasons.append(f"{who} does not declare {_needs_text(lacking, declared or {})}")
    return "; ".join(reasons)


def _needs_text(needs: Iterable[str], declared: dict[str, Any]) -> str:
    """Needs in words, as `check` says them (harness.suite.capabilities.need_words): «the edition 'classic',
    the card 'Тролль', the feature 'targets'» (vocabulary constructs only for an engine that reads them)."""
    reads_vocabulary = declared.get("vocabulary") is not None and "card_definitions" in (declared.get("features") or [])
    words = [need_words(n) for n in sorted(needs) if reads_vocabulary or not n.startswith("vocabulary:")]
    return ", ".join(words) or "nothing beyond the minimal contract"


def _refusals(engines: Engines, outcomes: tuple[Outcome, Outcome],
              inside: tuple[bool, bool], what: tuple[str, str]) -> tuple[list[str], list[str]]:
    """The refusals as unsupported of a step: (differences: requests inside an engine's declaration; notes:
    requests outside it, which end the play)."""
    differences: list[str] = []
    notes: list[str] = []
    for i in (0, 1):
        if outcomes[i].kind != "unsupported":
            continue
        who, other = engines.names[i], engines.names[1 - i]
        reason = outcomes[i].message.splitlines()[0] if outcomes[i].message else ""
        if inside[i]:
            differences.append(f"response: {who} declared {what[i]}, refused as unsupported"
                               + (f" ({reason})" if reason else "") + f"; {other} {outcomes[1 - i].text()}")
        else:
            notes.append(f"{who} does not declare {what[i]} and refused it as unsupported")
    return differences, notes


Chooser = Callable[[int], int]        # number of moves available → the index of the one to play


class Disagreement(AssertionError):
    """Raised by `check_agreement`: the engines disagree (its message is the divergence's report)."""

    def __init__(self, divergence: Divergence):
        self.divergence = divergence
        super().__init__(divergence.report())


def play(engines: Engines, board_name: str, board: dict, definitions: dict,
         choose: Chooser | Sequence[int], max_moves: int = 20, then: Chooser | None = None) -> Divergence | None:
    """Set both engines up from the board and play the moves `choose` picks (a function, or a list of
    integers taken in turn modulo the number of moves); None when they agree at every step, else the
    divergence. After a difference of states both engines keep playing the same line (the moves read from the
    reference's state) and every later state is compared too (`Divergence.later`; not with
    `engines.keep_going` false), until one engine refuses what the other accepts, or fails, or both fail alike
    (`Divergence.end`). A board needing what an engine does not declare is not played (`engines.skipped`); the
    play ends where both engines say the game is over (nothing after it is compared), where both fail alike,
    and at a request outside an engine's declaration refused as unsupported (`engines.outside`). `then` picks
    the moves after the first difference (default: `choose` goes on), so that hypothesis, which draws `choose`,
    shrinks a play to the shortest line that shows the first difference."""
    if not callable(choose):
        script = list(choose)
        max_moves, taken = len(script), iter(script)

        def choose(n: int) -> int:
            return next(taken) % n

    names, full = engines.names, engines.full_state
    why = skip_reason(engines, board_name, board, definitions)
    if why:
        engines.skipped[board_name] = why
        return None
    declared = (_capabilities(engines.first), _capabilities(engines.second))
    needs = board_requirements(board_name, board, definitions)
    trail: list[Move] = []
    said: list[str] = []
    found: Divergence | None = None

    def differs(one: Outcome, two: Outcome, diff: list[str], last: bool) -> bool:
        """Record a divergent step; True when the comparison stops here (responses of different kinds, or the
        first difference when the engines do not keep going)."""
        nonlocal found
        if found is None:
            found = Divergence(board_name, list(trail), one, two, names, diff, list(said))
        else:
            found.later.append(DivergentStep(len(trail), one, two, diff))
            if last:
                found.end = f"at move {len(trail)}, {names[0]} {one.text()} and {names[1]} {two.text()}"
        return last or not engines.keep_going

    def result() -> Divergence | None:
        if found is not None and len(trail) > len(found.moves):
            found.played, found.said = list(trail), list(said)
        return found

    one = outcome(lambda: engines.first.setup(board, definitions))
    two = outcome(lambda: engines.second.setup(board, definitions))
    what = tuple(f"what the board needs ({_needs_text(needs, d or {})})" for d in declared)
    refused, _ = _refusals(engines, (one, two), (True, True), (what[0], what[1]))
    diff = refused or response_diff(one, two, names, full)
    if diff and differs(one, two, diff, bool(refused) or one.key() != two.key()):
        return result()
    if one.kind != "ok" or (game_over(one.state) and game_over(two.state)):
        return result()
    state: dict = one.state or {}
    while len(trail) < max_moves:
        options = moves(state, getattr(engines.first, "legal_actions", None))
        if not options:
            break
        while options and len(trail) < max_moves:
            pick = then if found is not None and then is not None else choose
            move = options.pop(pick(len(options)))
            trail.append(move)
            need, asked = request_need(move, state)
            inside = tuple(need == "" or d is None or (need is not None and need_met(need, d)) for d in declared)
            one, two = perform(engines.first, move), perform(engines.second, move)
            refused, notes = _refusals(engines, (one, two), (inside[0], inside[1]), (asked, asked))
            if refused:
                differs(one, two, refused, True)
                return result()
            if notes:                     # a request an engine does not declare: the play ends here
                for note in notes:
                    engines.outside.setdefault(note, board_name)
                return result()
            diff = response_diff(one, two, names, full)
            # responses of different kinds (one refuses what the other accepts, or fails) end the comparison;
            # states that differ are recorded and the line goes on
            if diff and differs(one, two, diff, one.key() != two.key()):
                return result()
            said.append(one.text())
            if one.kind == "ok":
                if game_over(one.state) and game_over(two.state):
                    return result()        # the game is over for both: nothing after it is compared
                state = one.state or state
                break
            if one.kind != "refused":
                return result()        # both faulted the same way: nothing more to compare
        else:
            if not options:
                break
    return result()


GENERATED = "(generated)"      # the name of the fuzzer's random valid boards among the suite's


def draw_board(data: Any, boards: dict[str, tuple[dict, dict]], generated: bool = False) -> tuple[str, dict, dict]:
    """A board hypothesis draws (`data` from `st.data()`): one of `boards`, or (with `generated`) one of the
    fuzzer's random valid boards of either edition (`harness.quality.fuzz.boards`), named `GENERATED`."""
    from hypothesis import strategies as st

    names = sorted(boards) + ([GENERATED] if generated else [])
    name = data.draw(st.sampled_from(names), label="board")
    if name != GENERATED:
        return name, *boards[name]
    from harness.quality.fuzz import boards as random_boards

    setup, definitions = data.draw(random_boards(), label="generated board")
    return name, setup, definitions


def check_agreement(engines: Engines, boards: dict[str, tuple[dict, dict]], data: Any,
                    max_moves: int = 20, generated: bool = False) -> None:
    """The property: on a board and with moves hypothesis draws (`data` from `st.data()`; with `generated`, the
    fuzzer's boards too), the engines agree at every step. Raises `Disagreement` otherwise."""
    from hypothesis import strategies as st

    name, board, definitions = draw_board(data, boards, generated)
    # after the first difference the line goes on with moves drawn from a fixed seed, not from `data`: the
    # shrunk play is the shortest line to the first difference, and what follows it is the same on every replay
    rng = random.Random(0)
    divergence = play(engines, name, board, definitions, lambda n: data.draw(st.integers(0, n - 1)), max_moves,
                      then=lambda n: rng.randrange(n))
    engines.plays += 1
    if divergence is not None:
        divergence.setup = (board, definitions)
        raise Disagreement(divergence)


def find_divergence(engines: Engines, boards: dict[str, tuple[dict, dict]], max_examples: int = 100,
                    max_moves: int = 20, derandomize: bool = True, per_board: bool = True,
                    generated: bool = False) -> Divergence | None:
    """Search plays for a divergence; hypothesis shrinks the one it finds to the shortest. None: none found.
    `boards`: name → (board data, definitions); the boards needing what an engine does not declare are not
    played (`engines.skipped`). With `per_board`, each board in turn gets `max_examples` plays (the first
    board with a divergence ends the search); else they share them. With `generated`, the fuzzer's random boards
    are drawn too (one more group with `per_board`, else one more choice)."""
    from hypothesis import HealthCheck, Phase, Verbosity, given, settings
    from hypothesis import strategies as st

    config = settings(max_examples=max_examples, derandomize=derandomize, database=None, deadline=None,
                      suppress_health_check=list(HealthCheck), phases=[Phase.generate, Phase.shrink],
                      verbosity=Verbosity.quiet, report_multiple_bugs=False)
    def property_on(subset: dict[str, tuple[dict, dict]], fuzzed: bool) -> Callable[[], None]:
        @config
        @given(st.data())
        def agree(data: Any) -> None:
            check_agreement(engines, subset, data, max_moves, fuzzed)
        return agree

    playable = []
    for name in sorted(boards):
        why = skip_reason(engines, name, *boards[name])
        if why:
            engines.skipped[name] = why
        else:
            playable.append(name)
    if not playable and not generated:
        return None
    groups: list[tuple[list[str], bool]] = [([name], False) for name in playable] if per_board \
        else [(playable, generated)]
    if per_board and generated:
        groups.append(([], True))
    for group, fuzzed in groups:
        try:
            property_on({name: boards[name] for name in group}, fuzzed)()
        except Disagreement as exc:
            return exc.divergence
    return None


def scenario_boards(predicate: Callable[[dict], bool] | None = None) -> dict[str, tuple[dict, dict]]:
    """The boards under scenarios/ (name → (data, definitions)) that load, and match `predicate`."""
    out = {}
    for path in sorted(paths.SCENARIOS.rglob("*.yaml")):
        name = path.relative_to(paths.SCENARIOS).as_posix()
        try:
            board = load_scenario_board(name)
        except InputError:
            continue
        if predicate is None or predicate(board.data):
            out[name] = (board.data, board.definitions)
    return out
