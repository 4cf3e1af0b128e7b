"""Differential testing: two engines, the same boards, the same moves; their responses and canonical states
must agree after every step.

A *play* starts both engines from a board and then repeats: list the moves available in the reference
engine's state (`moves`: the pending decision's options, or for the priority holder pass, end_turn and an
attack by each of his open creatures on the battlefield at each opposing one), let the chooser pick one,
send it to both. They must both accept it with equal canonical states, or both refuse it with the same
error code, or both fail the same way. A refused move is compared too, and then another move is picked
among the remaining ones, so that every step moves the game on.

The chooser is hypothesis (`check_agreement(engines, boards, data)` inside `@given(st.data())`): it draws
the board and every choice, and shrinks a failing play to the shortest sequence of moves that shows the
difference. A list of integers replays a play (`play(…, [2, 0, 0, 1])`).

    from harness.quality.differential import Engines, find_divergence
    divergence = find_divergence(Engines(reference, other), boards)     # None, or the shortest one
    print(divergence.report())

`berserk-rules compare --engine-cmd CMD` runs this against the reference engine (harness/cli/compare.py).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from harness.common import paths
from harness.common.errors import InputError
from harness.engines.adapters import EngineFault, EngineRefused, EngineUnsupported
from harness.suite.session import load_scenario_board

CHOICE_MAX = 255


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


@dataclass
class Outcome:
    """What an engine did with a request: accepted it (`ok`, with the state), refused it (`refused`, with
    the error code), faulted (`fault`, with the status) or declined the board (`skip`)."""

    kind: str
    code: str = ""
    state: dict | None = None
    message: str = ""

    def key(self) -> tuple[str, str]:
        return self.kind, self.code

    def text(self) -> str:
        if self.kind == "ok":
            return "accepted"
        return f"{self.kind} {self.code}" + (f" ({self.message.splitlines()[0]})" if self.message else "")


def outcome(call: Callable[[], dict]) -> Outcome:
    try:
        return Outcome("ok", state=call())
    except EngineRefused as exc:
        return Outcome("refused", exc.code, message=exc.message)
    except EngineUnsupported as exc:
        return Outcome("skip", message=str(exc))
    except EngineFault as exc:
        return Outcome("fault", exc.status, message=str(exc))


def perform(adapter: Any, move: Move) -> Outcome:
    if move.kind == "act":
        return outcome(lambda: adapter.act(move.player, move.value))
    return outcome(lambda: adapter.answer(move.player, move.value))


# ------------------------------------------------------------------------------------------ state diffs
def _keyed(items: list) -> dict | None:
    """A list of objects with unique ids, as id → object (for readable paths), else None."""
    if items and all(isinstance(i, dict) and "id" in i for i in items):
        ids = [i["id"] for i in items]
        if len(set(map(str, ids))) == len(ids):
            return {str(i["id"]): i for i in items}
    return None


def state_diff(a: Any, b: Any, path: str = "", limit: int = 12) -> list[str]:
    """The places where two states differ, as `path: a ≠ b` lines (at most `limit`)."""
    out: list[str] = []

    def walk(x: Any, y: Any, p: str) -> None:
        if len(out) >= limit or x == y:
            return
        if isinstance(x, dict) and isinstance(y, dict):
            for k in list(x) + [k for k in y if k not in x]:
                if k not in y:
                    out.append(f"{p}.{k}: only in the first engine")
                elif k not in x:
                    out.append(f"{p}.{k}: only in the second engine")
                else:
                    walk(x[k], y[k], f"{p}.{k}")
            return
        if isinstance(x, list) and isinstance(y, list):
            kx, ky = _keyed(x), _keyed(y)
            if kx is not None and ky is not None and set(kx) & set(ky):
                for k in kx:
                    if len(out) >= limit:
                        break
                    if k in ky:
                        walk(kx[k], ky[k], f"{p}[{k}]")       # down to the differing leaves
                    else:
                        out.append(f"{p}[{k}]: only in the first engine: {_short(kx[k])}")
                for k in ky:
                    if k not in kx and len(out) < limit:
                        out.append(f"{p}[{k}]: only in the second engine: {_short(ky[k])}")
                return
            for i, (u, v) in enumerate(zip(x, y, strict=False)):
                walk(u, v, f"{p}[{i}]")
            if len(x) != len(y) and len(out) < limit:
                longer, which = (x, "first") if len(x) > len(y) else (y, "second")
                n = min(len(x), len(y))
                out.append(f"{p}[{n}:]: {len(longer) - n} more item(s) in the {which} engine: {_short(longer[n:])}")
            return
        out.append(f"{p}: {_short(x)} ≠ {_short(y)}")

    walk(a, b, path)
    return [line.lstrip(".") for line in out]


def _short(value: Any) -> str:
    """A value of a diff, whole: a leaf is never cut where it differs."""
    return json.dumps(value, ensure_ascii=False)


# ------------------------------------------------------------------------------------------ plays
@dataclass
class Engines:
    """The two engines compared (adapters: in-process or over the protocol); `first` is the reference."""

    first: Any
    second: Any
    names: tuple[str, str] = ("reference", "other")
    full_state: bool = False          # compare whole states, bookkeeping included (default: the contract)
    skipped: dict[str, str] = field(default_factory=dict)     # boards an engine declined → why


@dataclass
class Divergence:
    """The first step where the engines disagree."""

    board: str
    moves: list[Move]                 # every move played, the last one shows the difference
    first: Outcome
    second: Outcome
    names: tuple[str, str] = ("reference", "other")
    diff: list[str] = field(default_factory=list)
    said: list[str] = field(default_factory=list)    # what both engines did with each earlier move

    def report(self) -> str:
        lines = [f"the engines disagree on board {self.board} after {len(self.moves)} move(s):", "  setup"]
        for i, m in enumerate(self.moves, 1):
            outcome = self.said[i - 1] if i <= len(self.said) else ""
            lines.append(f"  {i}. {m.text()}" + (f"   → both: {outcome}" if outcome.startswith("refused") else ""))
        last = "setup" if not self.moves else f"move {len(self.moves)}"
        lines.append(f"at {last}: {self.names[0]}: {self.first.text()}; {self.names[1]}: {self.second.text()}")
        if self.diff:
            lines.append("canonical states differ at:")
            lines += [f"  {d}" for d in self.diff]
        return "\n".join(lines)


def _differ(a: Outcome, b: Outcome, full_state: bool = False) -> bool:
    from harness.engines.contract import observable

    if a.key() != b.key():
        return True
    if a.kind != "ok":
        return False
    if full_state:
        return a.state != b.state
    x, y = _align(observable(a.state), observable(b.state))
    return x != y


def _align(x: Any, y: Any) -> tuple[Any, Any]:
    """Both sides without the optional keys only one of them sends (a key an engine does not send is a SKIP
    for the scenarios reading it, not a difference; required keys are the schema's business)."""
    if isinstance(x, dict) and isinstance(y, dict):
        common = [k for k in x if k in y]
        pairs = {k: _align(x[k], y[k]) for k in common}
        return {k: v[0] for k, v in pairs.items()}, {k: v[1] for k, v in pairs.items()}
    if isinstance(x, list) and isinstance(y, list) and len(x) == len(y):
        pairs = [_align(u, v) for u, v in zip(x, y, strict=True)]
        return [p[0] for p in pairs], [p[1] for p in pairs]
    return x, y


def _diff(a: Outcome, b: Outcome, full_state: bool) -> list[str]:
    from harness.engines.contract import observable

    if not (a.kind == b.kind == "ok" and a.state and b.state):
        return []
    if full_state:
        return state_diff(a.state, b.state)
    return state_diff(*_align(observable(a.state), observable(b.state)))


Chooser = Callable[[int], int]        # number of moves available → the index of the one to play


class Disagreement(AssertionError):
    """Raised by `check_agreement`: the engines disagree (its message is the divergence's report)."""

    def __init__(self, divergence: Divergence):
        self.divergence = divergence
        super().__init__(divergence.report())


def play(engines: Engines, board_name: str, board: dict, definitions: dict,
         choose: Chooser | Sequence[int], max_moves: int = 20) -> Divergence | None:
    """Set both engines up from the board and play the moves `choose` picks (a function, or a list of
    integers taken in turn modulo the number of moves); the first divergence, or None."""
    if not callable(choose):
        script = list(choose)
        max_moves, taken = len(script), iter(script)

        def choose(n: int) -> int:
            return next(taken) % n

    names = engines.names
    one = outcome(lambda: engines.first.setup(board, definitions))
    two = outcome(lambda: engines.second.setup(board, definitions))
    if "skip" in (one.kind, two.kind):       # a board an engine does not support: not a difference
        engines.skipped[board_name] = (two if two.kind == "skip" else one).message
        return None
    if _differ(one, two, engines.full_state):
        return Divergence(board_name, [], one, two, names, _diff(one, two, engines.full_state))
    if one.kind != "ok":
        return None
    state: dict = one.state or {}
    trail: list[Move] = []
    said: list[str] = []
    while len(trail) < max_moves:
        options = moves(state, getattr(engines.first, "legal_actions", None))
        if not options:
            break
        while options and len(trail) < max_moves:
            move = options.pop(choose(len(options)))
            trail.append(move)
            one, two = perform(engines.first, move), perform(engines.second, move)
            if "skip" in (one.kind, two.kind):   # a request an engine does not support: the play ends here
                return None
            if _differ(one, two, engines.full_state):
                return Divergence(board_name, trail, one, two, names, _diff(one, two, engines.full_state), said)
            said.append(one.text())
            if one.kind == "ok":
                state = one.state or state
                break
            if one.kind != "refused":
                return None            # both faulted the same way: nothing more to compare
        else:
            if not options:
                break
    return None


def check_agreement(engines: Engines, boards: dict[str, tuple[dict, dict]], data: Any,
                    max_moves: int = 20) -> None:
    """The property: on a board and with moves hypothesis draws (`data` from `st.data()`), the engines
    agree at every step. Raises `Disagreement` otherwise."""
    from hypothesis import strategies as st

    name = data.draw(st.sampled_from(sorted(boards)), label="board")
    divergence = play(engines, name, *boards[name], lambda n: data.draw(st.integers(0, n - 1)), max_moves)
    if divergence is not None:
        raise Disagreement(divergence)


def find_divergence(engines: Engines, boards: dict[str, tuple[dict, dict]], max_examples: int = 100,
                    max_moves: int = 20, derandomize: bool = True, per_board: bool = True) -> Divergence | None:
    """Search plays for a divergence; hypothesis shrinks the one it finds to the shortest. None: none found.
    `boards`: name → (board data, definitions). With `per_board`, each board in turn gets `max_examples`
    plays (the first board with a divergence ends the search); else they share them."""
    from hypothesis import HealthCheck, Phase, Verbosity, given, settings
    from hypothesis import strategies as st

    config = settings(max_examples=max_examples, derandomize=derandomize, database=None, deadline=None,
                      suppress_health_check=list(HealthCheck), phases=[Phase.generate, Phase.shrink],
                      verbosity=Verbosity.quiet, report_multiple_bugs=False)
    def property_on(subset: dict[str, tuple[dict, dict]]) -> Callable[[], None]:
        @config
        @given(st.data())
        def agree(data: Any) -> None:
            check_agreement(engines, subset, data, max_moves)
        return agree

    groups = [[name] for name in sorted(boards)] if per_board else [sorted(boards)]
    for group in groups:
        try:
            property_on({name: boards[name] for name in group})()
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
