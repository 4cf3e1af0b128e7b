"""Metamorphic checks: every scenario run again under transformations of its inputs that must not change
its verdict (a PASS stays a PASS).

A transformation rewrites what the harness hands the engine and what the steps read — the board (its
data, before the engine is set up from it) and the text and tables of the scenario's steps — and nothing
else: the engine is not told. `berserk-rules check --metamorphic` (pytest ``--metamorphic``) plays every
scenario plainly and then, when it passed, once under each transformation that applies to it
(`play`); a transformed run that does not pass makes the scenario FAIL (or ERROR) with a message naming
the transformation («under players swapped: step «…» (line 12): …»).

The transformations (`TRANSFORMATIONS`):

* **swap — players swapped** (both editions). А ↔ Б everywhere: every card's owner and controller, the
  active player, the first player, the priority holder, the scripted dice (their keys), the player a
  control effect gives a card ``to``; in the steps every player named outside quotes («игрок А»,
  «у игрока Б 6», «колода игрока А», a table cell «Б» or «игрок А»). The *seats* do not move: the board's
  ``players`` list (default [А, Б]) is kept, so the player who was А now sits where Б sat. The seat is not
  a mere name in the engine: ``engine/editions.py`` gives the first player of ``players`` rows 1–3 of the
  classic grid and the second rows 4–6 (``Edition.home_rows``, ASM classic-grid: «three rows for each
  player»; used where a card returns to its controller's half, ASM flying-return), and the first player
  defaults to ``players[0]`` (so it is written out, swapped). To keep every card where it stands *relative
  to its controller*, the classic board is also **rotated 180°** — cell (column, row) → (mirrored column,
  7 − row), a1 ↔ e6 — in the board (cells, cell markers) and in the steps («в клетку c3» → «в клетку c4»).
  Adjacency (ASM classic-grid: touching cells, diagonals included), «напротив» (ASM opposite: the nearest
  enemy in the same column) and «рядом с клеткой» (ASM near-cell) are invariant under the rotation.
  Heroes has no grid: names only.
* **mirror — board mirrored left-right** (classic only): column a ↔ e, b ↔ d, rows kept, in the board
  (cells, cell markers) and in the steps and tables (cells outside quotes).
* **rename — card ids renamed**: every board card id gets a fresh one (``goblin`` → ``m2_goblin``), numbered
  so that the ids sort in the reverse of their old order (an engine that breaks ties by id sees them
  reversed); in the board (ids, hosts, effects' source and target) and in the steps and tables wherever a
  card is named by its id («"goblin"», «"goblin: ключ"», a table cell «goblin»). Cards named by their card
  name stay as they are.
* **reorder — list orders permuted**: the board's ``cards`` and ``effects`` lists reversed. Where a list
  order is meaningful the board says so by a field of its own (``position`` orders a deck, a hand, a
  graveyard), which is kept.

A scenario that cannot be run under a transformation (a step whose text the transformer cannot rewrite
safely, an assumption that is not symmetric, e.g. a scan of the grid from column a) declares it in
``features/metamorphic.yaml`` — scenario id → transformation → the reason — and is not run under it;
``berserk-rules lint`` (S029) checks that every entry names a scenario and a transformation that applies to
it, with a reason. (The file sits beside the features, not in ``scenarios/``: every YAML file under
``scenarios/`` is a board to the kit's tools.)

How a transformed run is made (the least invasive route): no extra pytest item. The plain run's item, once
its scenario passed (`pytest_bdd_after_scenario`, after the «в любом порядке» exploration), calls `play` for
each transformation: a fresh `World` on the same adapter whose ``board_transform`` the «Дано расклад» step
applies to the board it loaded, and each step of the scenario with its text and table rewritten, matched to
the vocabulary (the rewritten step must match the step definition pytest-bdd found for the plain step, or the
transformation cannot rewrite it safely: an ERROR until the scenario declares the exclusion) and called as
pytest-bdd calls it. A fork («в любом порядке») is explored as in the plain run. Only a scenario that
passed plainly is transformed (a known failure, a SKIP or an N/A keeps its plain verdict). With the option off
nothing of this runs.

Where the reference engine is not symmetric (none of it changes a verdict of the present suite but the one
declared exclusion): it breaks ties by card id — the order of one static ability's simultaneous applications
(the exclusion), of a «все …» ability's targets (the «цели» check compares them in any order, 537.1.c «цели
или целях»), of a deck without ``position`` and of two enemies equally far «напротив»; and a card returning
from the additional zone to a taken cell takes the first free cell of its controller's half scanning columns
a → e from row 1 or row 4 (ASM flying-return), which neither the mirror nor the rotation keeps.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from inspect import signature
from pathlib import Path
from typing import Any

from harness.common import paths
from harness.common.errors import InputError, Problem
from harness.common.facts import COLUMNS, DEFAULT_PLAYERS, EDITIONS, ROWS
from harness.common.yamldoc import load_yaml

__all__ = ["TRANSFORMATIONS", "EXCLUSIONS_FILE", "MetamorphicFailure", "CannotTransform", "Transformation",
           "Rewriter", "applicable", "load_exclusions", "exclusion_problems", "play", "step_contexts"]

#: the transformations: name → (label used in messages, editions it applies to)
GRID_EDITIONS: tuple[str, ...] = ("classic",)        # the editions with a battlefield grid (engine/editions.py)
TRANSFORMATIONS: dict[str, tuple[str, tuple[str, ...]]] = {
    "swap": ("players swapped", EDITIONS),
    "mirror": ("board mirrored left-right", GRID_EDITIONS),
    "rename": ("card ids renamed", EDITIONS),
    "reorder": ("list orders permuted", EDITIONS),
}

#: scenario id → {transformation: reason}: the scenarios not run under a transformation, and why
EXCLUSIONS_FILE: Path = paths.FEATURES / "metamorphic.yaml"

_QUOTED = re.compile(r"(\"[^\"]*\"|«[^»]*»)")          # quoted card references, «…» names: literal segments
_ID = re.compile(r"(?<![\w-])[a-z][a-z0-9_-]*(?![\w-])")   # a word that may be a card id (ids are latin)
_CELL = re.compile(r"(?<![\w/.-])([a-z])(\d+)(?![\w/.-])")  # a cell outside quotes: c3


class CannotTransform(Exception):
    """The transformer cannot rewrite a step safely (the scenario must declare the exclusion)."""


class MetamorphicFailure(Exception):
    """A scenario that passed plainly did not pass under a transformation; `cause` is what stopped it."""

    def __init__(self, transformation: str, cause: BaseException, step: str | None = None):
        self.transformation = transformation
        self.label = TRANSFORMATIONS[transformation][0]
        self.cause = cause
        self.step = step
        super().__init__(f"under {self.label}: {step + ': ' if step else ''}{cause}")

    def prefix(self) -> str:
        """What goes before the cause's message: «under players swapped: step «…» (line 3): »."""
        return f"under {self.label}: " + (f"{self.step}: " if self.step else "")


# ------------------------------------------------------------------------------------------- rewriting
@dataclass
class Rewriter:
    """One transformation of one scenario: rewrites its board (`board`), then its steps (`text`, `table`).
    Stateful: renaming learns the board's ids from the board."""

    name: str
    ids: dict[str, str] = field(default_factory=dict)      # rename: old id → new id (from the board)
    edition: str = GRID_EDITIONS[0]
    players: tuple[str, ...] = DEFAULT_PLAYERS              # swap: the two players (from the board)

    def other(self, player: str) -> str:
        """The other player (swap)."""
        first, second = self.players
        return second if player == first else first if player == second else player

    # -- cells
    def cell(self, cell: str) -> str:
        if len(cell) < 2 or cell[0] not in COLUMNS or not cell[1:].isdigit() or self.edition not in GRID_EDITIONS:
            return cell
        column, row = COLUMNS.index(cell[0]), int(cell[1:])
        if self.name == "mirror":
            return f"{COLUMNS[len(COLUMNS) - 1 - column]}{row}"
        if self.name == "swap":                       # rotated 180°: geometry relative to each player kept
            return f"{COLUMNS[len(COLUMNS) - 1 - column]}{ROWS + 1 - row}"
        return cell

    # -- the board
    def board(self, data: dict[str, Any]) -> dict[str, Any]:
        """The board's data under the transformation (a new dict; the given one is left alone)."""
        data = copy.deepcopy(data)
        self.edition = data.get("edition", self.edition)
        self.players = tuple(data.get("players") or DEFAULT_PLAYERS)
        cards: list[dict[str, Any]] = data.get("cards", [])
        effects: list[dict[str, Any]] = data.get("effects", [])
        if self.name == "swap":
            data.setdefault("first_player", self.players[0])     # its default is the first seat: written out
            for key in ("active", "first_player", "priority"):
                if key in data:
                    data[key] = self.other(data[key])
            if "dice" in data:
                data["dice"] = {self.other(p): rolls for p, rolls in data["dice"].items()}
            for c in cards:
                for key in ("owner", "controller"):
                    if key in c:
                        c[key] = self.other(c[key])
            for e in effects:
                if "to" in e:
                    e["to"] = self.other(e["to"])
        if self.name in ("swap", "mirror"):
            for c in cards:
                if c.get("cell"):
                    c["cell"] = self.cell(c["cell"])
            if "cell_markers" in data:
                data["cell_markers"] = {self.cell(k): v for k, v in data["cell_markers"].items()}
        if self.name == "rename":
            old = sorted(c["id"] for c in cards)
            width = len(str(len(old)))
            self.ids = {cid: f"m{len(old) - n:0{width}d}_{cid}" for n, cid in enumerate(old)}
            for c in cards:
                c["id"] = self.ids[c["id"]]
                if c.get("host"):
                    c["host"] = self.ids.get(c["host"], c["host"])
            for e in effects:
                for key in ("source", "target"):
                    if key in e:
                        e[key] = self.ids.get(e[key], e[key])
        if self.name == "reorder":
            data["cards"] = list(reversed(cards))
            if "effects" in data:
                data["effects"] = list(reversed(effects))
        return data

    # -- the steps
    def _plain(self, text: str) -> str:
        """A part of a step outside quotes: players and cells."""
        if self.name == "swap":           # a player's name as a word of its own: «игрок А», «у игрока Б 6»
            names = "|".join(re.escape(p) for p in self.players)
            text = re.sub(rf"(?<!\w)({names})(?!\w)", lambda m: self.other(m[1]), text)
        if self.name in ("swap", "mirror"):
            text = _CELL.sub(lambda m: self.cell(m[0]), text)
        return text

    def _quoted(self, segment: str) -> str:
        """A quoted part: «"goblin"» and «"goblin: ключ"» name a card by id (renamed); the rest is literal."""
        if self.name != "rename" or not segment.startswith('"'):
            return segment
        inner = segment[1:-1]
        if inner in self.ids:
            return f'"{self.ids[inner]}"'
        card, sep, rest = inner.partition(":")
        if sep and card.strip() in self.ids:
            return f'"{self.ids[card.strip()]}{sep}{rest}"'
        return segment

    def text(self, text: str) -> str:
        """A step's text under the transformation."""
        parts = _QUOTED.split(text)
        return "".join(self._quoted(p) if i % 2 else self._plain(p) for i, p in enumerate(parts))

    def table(self, rows: Sequence[Sequence[Any]] | None) -> list[list[Any]] | None:
        """A step's table under the transformation: a table names cards without quotes, so every word of a
        cell that is a board card id is renamed; otherwise a cell is rewritten as text outside quotes
        (players, cells)."""
        if rows is None:
            return None
        out = []
        for row in rows:
            new = []
            for value in row:
                if not isinstance(value, str):
                    new.append(value)
                elif self.name == "rename":          # a cell names cards by id or by name: «Забияка, goblin»
                    new.append(_ID.sub(lambda m: self.ids.get(m[0], m[0]), value))
                else:
                    new.append(self.text(value))
            out.append(new)
        return out


Transformation = str


def applicable(edition: str, excluded: Iterable[str] = ()) -> list[Transformation]:
    """The transformations a scenario of `edition` runs under, less those it excludes."""
    skip = set(excluded)
    return [name for name, (_, editions) in TRANSFORMATIONS.items() if edition in editions and name not in skip]


# ------------------------------------------------------------------------------------------- exclusions
def load_exclusions(path: Path | None = None) -> dict[str, dict[str, str]]:
    """The declared exclusions: scenario id → {transformation: reason}. InputError (located) when the file
    is malformed: an unknown transformation, a missing reason. Which ids name scenarios is lint's (S029)."""
    path = path or EXCLUSIONS_FILE
    if not path.is_file():
        return {}
    return _exclusions(str(path), path.stat().st_mtime_ns)


@lru_cache(maxsize=4)
def _exclusions(path: str, mtime_ns: int) -> dict[str, dict[str, str]]:
    doc = load_yaml(Path(path), root=paths.ROOT)
    problems = exclusion_problems(doc)
    if problems:
        raise InputError(problems)
    entries = (doc.data or {}).get("exclusions") or {}
    return {str(sid): {str(t): str(r).strip() for t, r in entry.items()} for sid, entry in entries.items()}


def exclusion_problems(doc: Any, scenario_ids: dict[str, str] | None = None) -> list[Problem]:
    """Every problem of an exclusions document (a `YamlDoc`): its shape, unknown transformations, empty
    reasons, and — given `scenario_ids` (id → edition) — entries naming no scenario or a transformation that
    does not apply to its edition."""
    out: list[Problem] = []
    data = doc.data
    if data is None:
        return out
    if not isinstance(data, dict) or set(data) - {"exclusions"}:
        return [Problem(doc.file, doc.line_of(()), "exclusions",
                        "expected a mapping 'exclusions: {scenario id: {transformation: reason}}'")]
    entries = data.get("exclusions") or {}
    if not isinstance(entries, dict):
        return [Problem(doc.file, doc.line_of(("exclusions",)), "exclusions",
                        "expected a mapping: scenario id → {transformation: reason}")]
    for sid, entry in entries.items():
        where = doc.line_of(("exclusions", sid))
        if not isinstance(entry, dict) or not entry:
            out.append(Problem(doc.file, where, f"exclusions.{sid}",
                               f"expected a mapping: transformation ({', '.join(TRANSFORMATIONS)}) → reason"))
            continue
        if scenario_ids is not None and str(sid) not in scenario_ids:
            out.append(Problem(doc.file, where, f"exclusions.{sid}", "names no scenario of the suite"))
        for name, reason in entry.items():
            line = doc.line_of(("exclusions", sid, name))
            if name not in TRANSFORMATIONS:
                out.append(Problem(doc.file, line, f"exclusions.{sid}.{name}",
                                   f"unknown transformation; expected one of: {', '.join(TRANSFORMATIONS)}"))
                continue
            if not isinstance(reason, str) or not reason.strip():
                out.append(Problem(doc.file, line, f"exclusions.{sid}.{name}",
                                   "a reason is required: why the verdict may change under this transformation"))
            edition = (scenario_ids or {}).get(str(sid))
            if edition and edition not in TRANSFORMATIONS[name][1]:
                out.append(Problem(doc.file, line, f"exclusions.{sid}.{name}",
                                   f"this transformation does not apply to {edition} scenarios"))
    return out


# ------------------------------------------------------------------------------------------- a transformed run
def step_contexts(request: Any, scenario: Any) -> list[Any]:
    """pytest-bdd's step definition (its StepFunctionContext) of every step of `scenario`, as the plain run
    found it: looked up once per scenario, whatever the number of transformations (a look-up through pytest's
    fixtures costs more than playing the step)."""
    from pytest_bdd.scenario import get_step_function

    return [get_step_function(request, step) for step in scenario.steps]


def play(request: Any, scenario: Any, name: Transformation, new_world: Callable[[], Any],
         explore: Callable[[Any, Any], Any], contexts: Sequence[Any] | None = None) -> None:
    """Play `scenario` (pytest-bdd's, rendered) again under the transformation `name`, on a world made by
    `new_world`; `explore(world, fork)` checks a «в любом порядке» fork as in the plain run; `contexts`: the
    steps' definitions (`step_contexts`). Every rewritten step must match the definition of its plain step.
    Raises `MetamorphicFailure` with the cause when the transformed scenario does not pass."""
    from pytest_bdd.scenario import STEP_ARGUMENT_DATATABLE, STEP_ARGUMENT_DOCSTRING, parse_step_arguments
    from pytest_bdd.utils import get_required_args

    rewriter = Rewriter(name)
    world = new_world()
    world.board_transform = rewriter.board
    contexts = step_contexts(request, scenario) if contexts is None else contexts
    for step, context in zip(scenario.steps, contexts, strict=True):
        where = None
        try:
            text = rewriter.text(step.name)
            where = f"step «{step.keyword.strip()} {text}» (line {step.line_number})"
            table = rewriter.table(step.datatable.raw() if step.datatable is not None else None)
            new = copy.copy(step)
            new.name = text
            if context is None or not context.parser.is_matching(text):
                raise CannotTransform(
                    f"the rewritten step no longer matches the step «{step.name}» of the vocabulary; declare the "
                    f"exclusion in {paths.display(EXCLUSIONS_FILE)}")
            func_sig = signature(context.step_func)
            kwargs = {k: v for k, v in parse_step_arguments(new, context).items() if k in func_sig.parameters}
            if STEP_ARGUMENT_DATATABLE in func_sig.parameters and table is not None:
                kwargs[STEP_ARGUMENT_DATATABLE] = table
            if STEP_ARGUMENT_DOCSTRING in func_sig.parameters and step.docstring is not None:
                kwargs[STEP_ARGUMENT_DOCSTRING] = step.docstring
            for arg in get_required_args(context.step_func):
                if arg not in kwargs:
                    kwargs[arg] = world if arg == "world" else request.getfixturevalue(arg)
            if world.fork is not None:          # after a fork: every step is run again for each alternative
                world.fork.post_steps.append((step.keyword.strip(), text, context.step_func, dict(kwargs)))
            context.step_func(**kwargs)
        except Exception as exc:
            raise MetamorphicFailure(name, exc, where) from exc
    if world.fork is not None:
        try:
            explore(world, world.fork)
        except Exception as exc:
            raise MetamorphicFailure(name, exc, "the «в любом порядке» alternatives") from exc
