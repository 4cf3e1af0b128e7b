"""Mechanical mutants: the engine's rules modules mutated by a mutation tool, each mutant against the scenarios
that reach it; the score per module and per rule clause, and every survivor.

**The tool.** cosmic-ray (pinned in the `mutation` extra) makes the mutations: its operators on parso trees
enumerate every position (`mutation_positions`) and apply one (`cosmic_ray.mutating.mutate_code`), with the
rule operators it lacks (owner ↔ controller, active ↔ other player, ``in`` ↔ ``not in``) written on the same
`Operator` API (harness/quality/mechanical_ops.py, which lists the operators used and why). cosmic-ray rather
than mutmut 3: cosmic-ray's mutation API is public and explicit (an operator, an occurrence, the mutated source),
so its mutations can be taken without its runner, and it takes new operators as plug-ins; mutmut 3 rewrites the
whole tree into trampolined copies and runs pytest itself, and has no place for operators of one's own.

**The runner.** Neither tool's runner plays the scenarios fast enough: both start a test process (or at least
a pytest run) per mutant, ≈ 1–3 s of start-up each, for thousands of mutants. Here one pytest session
(`harness.run.runner.run`, the kit's in-process route, with the `_Loop` plugin) collects the scenarios once and
then, in its own `pytest_runtestloop`, plays the selected scenario items again and again (`runtestprotocol`, as
pytest-rerunfailures does), each mutant applied in between: a mutant is one function's code object replaced
(the mutated module compiled, the function of the same qualified name taken from it, `__code__` swapped, put
back in a ``finally``) — no file is rewritten, no process started per mutant. An engine loop that never ends is
ended by the kit's per-scenario time limit (harness/common/timelimit.py, ``--scenario-timeout``: here a few
seconds). A mutant cannot leak into the next: the code is put back, functools caches of the engine are
cleared, and the module globals of the engine are restored (a mutant that grows one of them is noted).

**Test selection.** Once per version of the engine and the suite (a cache keyed by their hash), the control run of
the reference engine records, with `coverage` (a context per scenario), which scenarios execute each line of the
engine; a mutant then plays only the scenarios that execute its lines (fastest first, those that killed the
mutants before it in the same function first), and stops at the first kill by a «Тогда» check. A scenario that
fails otherwise does not stop it: the scenarios after it are played too, while they are cheap (OTHER_BUDGET_S of
their control-run time), so a mutant that breaks one scenario's «Дано» is still killed by another's check.

**Memory, and the runner's own failures.** A mutant's scenario runs under a memory cap (`_memory_cap`): a mutant
that grows a list without end ends its scenario in a MemoryError (ERROR) and is played no further (nor after a
TIMEOUT); an exception in the runner's own code in the middle of a scenario (pytest's, the kit's plugin's) ends
that mutant as killed by an error, what is still set up is torn down, and the run goes on with the next mutant.

**Verdicts.** A mutant is killed *by a check* when a scenario FAILs on a «Тогда» check (`mutation.kill_kind`);
killed *otherwise* when scenarios only fail on a «Дано»/«Когда» step (an engine refusal), end in ERROR or
TIMEOUT, or pass unexpectedly; it *survives* when all its scenarios pass (or none reaches it). A survivor is
either killed by a new scenario written from the text or declared *equivalent* with its reason in
harness/quality/mechanical_equivalents.yaml (a person reads it; a stale entry is reported). The score is the
share of the non-equivalent mutants killed by checks.

**Readings.** Each scenario is played under the readings its `@reading:` tags name (the kit's default for the
other groups), so the code of a reading other than the default is reached, and killed, by its own scenarios.

The mutants come from the function bodies of the rules modules (`RULES_MODULES`); not from module-level code
(tables built at import), signatures and annotations, nor from what only builds a message (a ``raise``, an
f-string). Each mutant's clause is the nearest rule id quoted above its line in its function (a comment or the
docstring), normalised to a unit id.

`berserk-rules mutants --mechanical` is the command (harness/cli/mutants.py): ``--module``, ``--shard K/N``
(a stable slice, for a CI matrix) and ``--merge FILE…``, ``--changed`` (only the modules changed since a git
ref), ``--json``, ``--out FILE``.
"""

from __future__ import annotations

import functools
import gc
import hashlib
import importlib
import json
import os
import re
import subprocess
import sys
import time
import traceback
import types
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import pytest

from harness.common import paths

# the engine's rules modules: not canonical.py (rendering), serve.py (the protocol), model.py (data classes
# and error messages), setup.py (reading a board), cards.py (the catalog's vocabulary), fingerprint.py (a
# hash of the state for the rule-effects loop's repetition check: no rule of its own), legal.py (the list of
# legal actions for the fuzzer, the differential play and the sandbox: no rule of its own either — each action is
# listed when the very check `act` runs passes, `_check_attack` and the others, mutated in their modules; no step
# and no protocol request reads the list, so no scenario reaches it, and its mutants are killed by
# tests/test_legal_actions.py, which compares the list with what `act` accepts on random boards)
RULES_MODULES = (
    "stack", "triggered", "activated", "static", "replacement", "effects", "generated", "battle_history",
    "participle", "rule_effects", "strike", "attacks", "targets", "turns", "zones", "game",
    "readings", "editions",
)
EQUIVALENTS = Path(__file__).with_name("mechanical_equivalents.yaml")
TARGET = 0.90                      # the share of non-equivalent mutants to kill by «Тогда» checks
MAX_EQUIVALENT = 0.10              # at most this share of all mutants declared equivalent
# s: a mutant's scenario that runs longer is ended (TIMEOUT; the control run has the kit's own limit, --scenario-timeout).
# Wall time, so it is generous: on a busy shared machine a scenario the reference plays in 0.1 s has taken 5 s
SCENARIO_TIMEOUT = 20.0
SKIP_FUNCTIONS = ("__repr__", "__str__", "reading_problems")     # rendering; messages about a bad input
# a mutant whose scenarios fail otherwise (a refused «Дано»/«Когда» step, an ERROR), none on a «Тогда» check, plays
# on through every scenario that reaches it (a later one may fail on a check: the verdict is then by check) while
# the scenarios played since its first such failure took at most this many seconds of the control run (their
# recorded durations: the same verdicts on a busy machine as on an idle one); a mutant stopped by it is noted with the
# scenarios it did not play. The suite plays in ≈ 2 s, so this is all of them for nearly every mutant
OTHER_BUDGET_S = 10.0
# bytes a mutant's scenario may allocate beyond what the process holds when the scenario starts (_memory_cap)
MEMORY_HEADROOM = 1 << 30

KILLED_CHECK, KILLED_STEP, KILLED_ERROR, SURVIVED, EQUIVALENT, UNREACHED = (
    "killed-by-check", "killed-by-step", "killed-by-error", "survived", "equivalent", "unreached")
KILLED = (KILLED_CHECK, KILLED_STEP, KILLED_ERROR)
STATUSES = (*KILLED, SURVIVED, EQUIVALENT, UNREACHED)


# ------------------------------------------------------------------------------------------ the mutants
@dataclass
class Mutant:
    id: str                 # module:function:+line:operator#k (line: counted from the function's def; k: its k-th position there)
    module: str
    function: str           # the qualified name of the outermost function (whose code is swapped)
    line: int
    end_line: int
    operator: str
    occurrence: int         # the operator's occurrence in the module (cosmic-ray's numbering)
    clause: str             # the unit id quoted nearest above the line ("" when none)
    code: str               # the line as it is

    @property
    def file(self) -> str:
        return f"engine/{self.module}.py"


def module_path(module: str) -> Path:
    return paths.ROOT / "engine" / f"{module}.py"


_CLAUSE = re.compile(r"(?:\b(classic|heroes|Classic|Heroes|классик\w*|геро\w*)\s+)?"
                     r"(?<![\d.])(\d{3}(?:\.(?:\d+|dup\d+|ex\d+|p\d+|b\d+|[a-z](?![a-z])))*)(?![\d])")


def _clauses_in(text: str) -> list[tuple[str | None, str]]:
    found = []
    for m in _CLAUSE.finditer(text):
        word = (m.group(1) or "").lower()
        edition = "classic" if word.startswith(("classic", "класс")) else "heroes" if word.startswith(
            ("heroes", "геро")) else None
        found.append((edition, m.group(2).rstrip(".")))
    return found


@functools.cache
def _unit_editions() -> dict[str, tuple[str, ...]]:
    """Unit number → the editions that have it (from the corpus)."""
    from harness.rules.corpus import load_corpus

    out: dict[str, list[str]] = {}
    for unit in load_corpus(paths.RULES):
        edition, _, number = unit.id.partition(":")
        out.setdefault(number, []).append(edition)
    return {k: tuple(sorted(set(v))) for k, v in out.items()}


def normalise_clause(edition: str | None, number: str, context_edition: str | None = None) -> str:
    """``classic:503.1.b5``; without an edition named: the edition of the text around it, else the one edition
    that has the number, else ``classic+heroes:N``; a number the corpus does not have is kept as written."""
    editions = _unit_editions()
    while number not in editions and "." in number:
        shorter = number.rsplit(".", 1)[0]
        if shorter in editions:
            number = shorter
            break
        number = shorter
    have = editions.get(number, ())
    edition = edition or context_edition
    if edition:
        return f"{edition}:{number}"
    if len(have) == 1:
        return f"{have[0]}:{number}"
    return f"classic+heroes:{number}" if have else number


_ASM = re.compile(r"\bASM:?\s+([a-z][a-z0-9-]+)")


def _first_clause(text: str, context: str | None) -> str:
    found = _clauses_in(text)
    if found:
        return normalise_clause(*found[0], context_edition=context)
    asm = _ASM.search(text)
    return f"asm:{asm.group(1)}" if asm else ""


def _edition_words(text: str) -> str | None:
    low = text.lower()
    if "classic" in low and "heroes" not in low:
        return "classic"
    if "heroes" in low and "classic" not in low:
        return "heroes"
    return None


def clause_of(lines: list[str], line: int, def_line: int, docs: list[tuple[int, int]] = ()) -> str:
    """The rule unit quoted nearest above `line` (1-based) in its function (from `def_line`): in a comment on
    the line itself, then upwards (comments, and the lines of the function's docstring); then the docstrings
    around it (`docs`: line ranges, innermost first: the class's, the module's). The edition is the one the
    comment names, else the one the function's text names, else the one edition that has the number."""
    span = lines[def_line - 1:line]
    context = _edition_words("\n".join(span))
    doc_lines = set()
    if docs:
        first, last = docs[0]
        if first >= def_line:
            doc_lines = set(range(first, last + 1))
    for n in range(line, def_line - 1, -1):
        text = lines[n - 1]
        part = text.split("#", 1)[1] if "#" in text else ""
        if n in doc_lines:
            part = text
        found = _first_clause(part, _edition_words(part) or context)
        if found:
            return found
    for first, last in docs[1:] if doc_lines else docs:
        text = "\n".join(lines[first - 1:last])
        found = _first_clause(text, _edition_words(text) or context)
        if found:
            return found
    return ""


def _skipped(node: Any) -> bool:
    """A node whose mutation is not a mutant of the rules: in a ``raise`` or an f-string (a message), an
    annotation, a signature or a decorator."""
    child = node
    parent = node.parent
    while parent is not None:
        if parent.type in ("raise_stmt", "fstring", "decorator", "decorators", "tfpdef"):
            return True
        if parent.type == "annassign" and child is parent.children[1]:
            return True
        if parent.type == "funcdef" and (child is parent.children[2] or
                                         parent.children.index(child) < len(parent.children) - 1):
            return True     # the parameters (defaults), the return annotation
        child, parent = parent, parent.parent
    return False


def _doc_range(node: Any) -> tuple[int, int] | None:
    doc = node.get_doc_node() if hasattr(node, "get_doc_node") else None
    return (doc.start_pos[0], doc.end_pos[0]) if doc is not None else None


def _enclosing(node: Any) -> tuple[str, int, list[tuple[int, int]]] | None:
    """(qualified name, def line, docstring line ranges: the function's, its classes', the module's) of the
    outermost function holding `node`; None at module level."""
    names: list[str] = []
    outer = None
    parent = node.parent
    chain = []
    while parent is not None:
        chain.append(parent)
        parent = parent.parent
    docs: list[tuple[int, int]] = []
    for n in reversed(chain):
        if n.type == "file_input":
            d = _doc_range(n)
            if d:
                docs.append(d)
        elif n.type == "classdef":
            if outer is not None:
                break
            names.append(n.name.value)
            d = _doc_range(n)
            if d:
                docs.append(d)
        elif n.type == "funcdef":
            names.append(n.name.value)
            outer = n
            d = _doc_range(n)
            if d:
                docs.append(d)
            break
    if outer is None:
        return None
    return ".".join(names), outer.start_pos[0], list(reversed(docs))


_NEGATED = {"==", "!=", "is", "is not", "in", "not in"}


def _negation_duplicate(node: Any) -> bool:
    """AddNot's condition is one comparison whose operator the comparison or membership swaps negate already
    (``not a == b`` is ``a != b``), or a ``not X`` (``not not X`` is X: the deletion of «not» gives it)."""
    expr = node.children[2] if node.type == "test" else node.children[1]
    if expr.type == "not_test":
        return True
    return expr.type == "comparison" and len(expr.children) == 3 and \
        expr.children[1].get_code().strip() in _NEGATED


def generate(module: str) -> tuple[list[Mutant], dict[str, int]]:
    """Every mutant of one rules module, in a stable order, and the positions not used (why → count)."""
    from cosmic_ray.ast import ast_nodes, get_ast

    from harness.quality.mechanical_ops import operators

    source = module_path(module).read_text(encoding="utf-8")
    lines = source.splitlines()
    tree_ = get_ast(source)
    out: list[Mutant] = []
    left: dict[str, int] = {}
    per_line: dict[tuple[int, str], int] = {}
    for name, op in operators():
        occurrence = 0
        for node in ast_nodes(tree_):
            for start, end in op.mutation_positions(node):
                enclosing = _enclosing(node)
                why = None
                if enclosing is None:
                    why = "module level"
                elif _skipped(node):
                    why = "message, annotation or signature"
                elif enclosing[0].rsplit(".", 1)[-1] in SKIP_FUNCTIONS:
                    why = "rendering (__repr__/__str__) or input validation (messages)"
                elif name == "AddNot" and _negation_duplicate(node):
                    why = "duplicate: «not» added to a condition another operator negates already"
                if why is None:
                    assert enclosing is not None
                    key = (start[0], name)
                    k = per_line.get(key, 0)
                    per_line[key] = k + 1
                    short = name.removeprefix("core/")
                    out.append(Mutant(
                        id=f"{module}:{enclosing[0]}:+{start[0] - enclosing[1]}:{short}#{k}", module=module,
                        function=enclosing[0], line=start[0], end_line=end[0], operator=short,
                        occurrence=occurrence, clause=clause_of(lines, start[0], enclosing[1], enclosing[2]),
                        code=lines[start[0] - 1].strip()))
                else:
                    left[why] = left.get(why, 0) + 1
                occurrence += 1
    return out, left


def mutated_source(mutant: Mutant) -> str:
    from cosmic_ray.mutating import mutate_code

    from harness.quality.mechanical_ops import operators

    op = dict(operators())[mutant.operator]
    source = module_path(mutant.module).read_text(encoding="utf-8")
    mutated = mutate_code(source, op, mutant.occurrence)
    if mutated is None:
        raise ValueError(f"{mutant.id}: cosmic-ray applied no mutation")
    return mutated


def mutated_line(mutant: Mutant) -> str:
    """The mutant's line as mutated (for the report)."""
    try:
        new = mutated_source(mutant).splitlines()
    except Exception as exc:  # noqa: BLE001 - shown in the report, never fatal
        return f"(not shown: {exc})"
    return new[mutant.line - 1].strip() if mutant.line - 1 < len(new) else ""


# ------------------------------------------------------------------------------------------ applying one
def _functions(module: types.ModuleType) -> dict[str, list[types.FunctionType]]:
    """Qualified name → the function objects of `module` (methods, properties, static and class methods,
    functions under a functools wrapper), in the order of their first lines."""
    found: dict[str, list[types.FunctionType]] = {}
    seen: set[int] = set()

    def add(obj: Any) -> None:
        while hasattr(obj, "__wrapped__"):
            obj = obj.__wrapped__
        if isinstance(obj, types.FunctionType) and obj.__module__ == module.__name__ and id(obj) not in seen:
            seen.add(id(obj))
            found.setdefault(obj.__code__.co_qualname, []).append(obj)

    def walk(namespace: dict[str, Any], depth: int = 0) -> None:
        for value in list(namespace.values()):
            if isinstance(value, type) and value.__module__ == module.__name__ and depth < 3:
                walk(dict(vars(value)), depth + 1)
            elif isinstance(value, property):
                for f in (value.fget, value.fset, value.fdel):
                    if f is not None:
                        add(f)
            elif isinstance(value, (staticmethod, classmethod)):
                add(value.__func__)
            elif isinstance(value, functools.cached_property):
                add(value.func)
            else:
                add(value)

    walk(vars(module))
    for fns in found.values():
        fns.sort(key=lambda f: f.__code__.co_firstlineno)
    return found


def _codes(code: types.CodeType) -> Iterator[types.CodeType]:
    yield code
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            yield from _codes(const)


def _caches() -> list[Any]:
    """The functools caches of the engine's functions (cleared around a mutant)."""
    out = []
    for name, mod in list(sys.modules.items()):
        if name == "engine" or name.startswith("engine."):
            for value in list(vars(mod).values()):
                if callable(getattr(value, "cache_clear", None)):
                    out.append(value)
    return out


@contextmanager
def applied(mutant: Mutant, source: str | None = None) -> Iterator[None]:
    """The engine with `mutant` in place for the block: the function's code object replaced by the mutated
    one, put back afterwards whatever happens (with the engine's caches cleared and module globals restored)."""
    module = importlib.import_module(f"engine.{mutant.module}")
    source = source if source is not None else mutated_source(mutant)
    compiled = compile(source, str(module_path(mutant.module)), "exec")
    new = sorted((c for c in _codes(compiled) if c.co_qualname == mutant.function),
                 key=lambda c: c.co_firstlineno)
    old = _functions(module).get(mutant.function, [])
    if not new or len(new) != len(old):
        raise LookupError(f"{mutant.id}: the function {mutant.function} is not found in engine.{mutant.module} "
                          f"({len(old)} in the module, {len(new)} mutated)")
    saved = [(f, f.__code__) for f in old]
    modules = [m for n, m in sys.modules.items() if n == "engine" or n.startswith("engine.")]
    globals_before = [(m, dict(vars(m))) for m in modules]
    caches = _caches()
    for c in caches:
        c.cache_clear()
    try:
        for (f, _), code in zip(saved, new, strict=True):
            f.__code__ = code
        yield
    finally:
        for f, code in saved:
            f.__code__ = code
        for c in caches:
            c.cache_clear()
        for m, before in globals_before:
            namespace = vars(m)
            for key in [k for k in namespace if k not in before]:
                del namespace[key]
            namespace.update(before)


# ------------------------------------------------------------------------------------------ the register
@dataclass
class Equivalent:
    id: str
    reason: str
    line: int


def load_equivalents(path: Path = EQUIVALENTS) -> tuple[dict[str, Equivalent], list[str]]:
    """The register of equivalent mutants (id → entry) and its problems (file:line: what is wrong)."""
    from harness.common.errors import InputError
    from harness.common.yamldoc import load_yaml

    if not path.is_file():
        return {}, []
    problems: list[str] = []
    shown = paths.display(path)
    try:
        doc = load_yaml(path, paths.ROOT)
    except InputError as exc:           # every problem of the file, with its line
        return {}, [str(exc)]
    data = doc.data
    entries = data.get("equivalents", []) if isinstance(data, dict) else None
    if not isinstance(entries, list):
        return {}, [f"{shown}:1: expected a mapping with a list `equivalents`"]
    found: dict[str, Equivalent] = {}
    for i, entry in enumerate(entries):
        line = doc.line_of(("equivalents", i)) or 1
        if not isinstance(entry, dict) or not isinstance(entry.get("id"), str):
            problems.append(f"{shown}:{line}: entry {i + 1}: expected `id` (module:function:+line:operator#k)")
            continue
        reason = entry.get("reason")
        if not isinstance(reason, str) or len(reason.strip()) < 20:
            problems.append(f"{shown}:{line}: {entry['id']}: `reason` must say why no scenario can tell the "
                            "mutant from the engine (at least a sentence)")
            continue
        if entry["id"] in found:
            problems.append(f"{shown}:{line}: {entry['id']}: listed twice")
            continue
        found[entry["id"]] = Equivalent(entry["id"], reason.strip(), line)
    return found, problems


# ------------------------------------------------------------------------------------------ the runs
@dataclass
class Outcome:
    """One mutant's verdict."""

    id: str
    module: str
    function: str
    line: int
    operator: str
    clause: str
    code: str
    status: str                       # one of STATUSES
    killer: str = ""                  # the scenario that killed it, and how
    scenarios: int = 0                # scenarios played
    reached_by: int = 0               # scenarios that execute its lines
    seconds: float = 0.0
    mutated: str = ""                 # the mutated line (survivors)
    note: str = ""


def source_hash() -> str:
    """A hash of what the verdicts depend on: the engine, the suite (features, boards, catalog, expectations),
    the harness's steps, and the rules text."""
    h = hashlib.sha256()
    roots = [paths.ROOT / "engine", paths.FEATURES, paths.ROOT / "scenarios", paths.ROOT / "catalog",
             paths.ROOT / "harness" / "suite", paths.ROOT / "expectations", paths.RULES]
    for root in roots:
        if not root.exists():
            continue
        for p in sorted(root.rglob("*")):
            if p.is_file() and "__pycache__" not in p.parts:
                h.update(str(p.relative_to(paths.ROOT) if p.is_relative_to(paths.ROOT) else p).encode())
                h.update(p.read_bytes())
    return h.hexdigest()[:16]


def _cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "berserk-rules" / "mechanical"


def _kind(sc: Any) -> str:
    from harness.quality.mutation import kill_kind

    return kill_kind(sc)


class _Loop:
    """The pytest plugin that runs the mutants inside one session (see the module docstring)."""

    def __init__(self, mutants: list[Mutant], equivalents: dict[str, Equivalent], reach: dict[str, Any] | None,
                 on_done: Any = None, timeout: float = SCENARIO_TIMEOUT) -> None:
        self.mutants = mutants
        self.equivalents = equivalents
        self.reach = reach               # (module, line) map, or None: the control run records it
        self.on_done = on_done
        self.timeout = timeout
        self.outcomes: list[Outcome] = []
        self.control_failures: list[str] = []
        self.durations: dict[str, float] = {}
        self.error: str | None = None
        self.kill_counts: dict[str, int] = {}
        self.active = False              # a mutant's scenario is being played (the memory cap applies)
        self.current: Mutant | None = None          # the mutant applied
        self.readings: dict[str, str] = {}          # the readings the scenario being played rests on (_play)

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_call(self, item: Any) -> Any:
        """A mutant's scenario runs under the memory cap (_memory_cap); the control run and the runner's own
        code (pytest's reports, this loop) do not, so a mutant that fills the memory ends its scenario in a
        MemoryError (ERROR) and the code after it has memory to carry on."""
        if not self.active:
            yield
            return
        with _memory_cap():
            yield

    def berserk_rules_adapter(self) -> Any:
        from harness.engines.adapters import InProcessAdapter

        return InProcessAdapter(readings=self.readings)

    def _play(self, item: Any, nextitem: Any) -> tuple[bool, str, Any]:
        from harness.run.replay import play_again

        # a scenario whose outcome rests on a reading (@reading:GROUP=READING) is played under it (the kit's default
        # for every other group): the code of a reading other than the default is reached by its own scenarios, and
        # the control run shows they pass under it (as `check --reading` would)
        self.readings = dict(m.args[0].split("=", 1) for m in item.iter_markers("reading") if "=" in m.args[0])
        try:
            return play_again(item, nextitem)
        finally:
            self.readings = {}

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtestloop(self, session: Any) -> bool:
        try:
            self._loop(session)
        except Exception as exc:  # noqa: BLE001 - reported by the caller as the run's error
            self.error = f"{type(exc).__name__}: {exc}"
        return True                # pytest's own loop does not run (a firstresult hook)

    def _loop(self, session: Any) -> None:
        from harness.run.replay import spares

        items = list(session.items)
        spare = spares(items)
        by_node = {it.nodeid: it for it in items}
        ids: dict[str, str] = {}
        # the control run: the reference engine must pass; with coverage, which lines each scenario runs
        cov = None
        if self.reach is None:
            import coverage

            cov = coverage.Coverage(data_file=None, config_file=False,
                                    include=[str(paths.ROOT / "engine" / "*.py")])
            cov.start()
        try:
            for it in items:
                if cov is not None:
                    cov.switch_context(it.nodeid)
                t = time.perf_counter()
                ok, status, sc = self._play(it, spare[it.nodeid])
                self.durations[it.nodeid] = time.perf_counter() - t
                if sc is not None:
                    ids[it.nodeid] = sc.id
                if not ok:
                    self.control_failures.append(f"{sc.id if sc else it.nodeid}: {status}")
        finally:
            if cov is not None:
                cov.stop()
        if self.control_failures:
            return
        session.config.option.scenario_timeout = self.timeout      # the mutants' limit from here on
        if cov is not None:
            data = cov.get_data()
            reach: dict[str, dict[int, list[str]]] = {}
            for f in data.measured_files():
                name = Path(f).stem
                per_line = data.contexts_by_lineno(f)
                reach[name] = {int(line): sorted(ids.get(c, c) for c in ctxs if c in ids)
                               for line, ctxs in per_line.items()}
            self.reach = {"lines": reach, "durations": {ids[n]: d for n, d in self.durations.items() if n in ids}}
        assert self.reach is not None
        item_of = {ids[n]: by_node[n] for n in ids}
        durations = self.reach.get("durations", {})
        killers_in: dict[str, list[str]] = {}
        for mutant in self.mutants:
            self.outcomes.append(self._one(mutant, item_of, spare, durations, killers_in))
            if self.on_done is not None:
                self.on_done(self.outcomes[-1])
            gc.collect(0)

    def _scenarios(self, m: Mutant, out: Outcome, order: list[str], item_of: dict[str, Any],
                   spare: dict[str, Any], durations: dict[str, float]) -> None:
        """Play `order` on the applied mutant until a «Тогда» check kills it (see OTHER_BUDGET_S); set `out`."""
        step = error = ""
        spent = 0.0                 # the control-run seconds of the scenarios played since the first other failure
        for n, sid in enumerate(order):
            if (step or error) and spent >= OTHER_BUDGET_S:
                out.note = (f"stopped after {OTHER_BUDGET_S:g} s of scenarios (control-run time) past the first that "
                            f"failed otherwise, none on a check: {len(order) - n} of the {len(order)} that reach it "
                            "not played")
                break
            item = item_of[sid]
            self.active = True
            try:
                ok, status, sc = self._play(item, spare[item.nodeid])
            except Exception as exc:  # noqa: BLE001 - the runner's own code failed (memory ran out there, say)
                out.scenarios += 1
                error = error or f"{sid} (ERROR in the runner: {type(exc).__name__}: {exc})"
                _release(exc)
                del exc
                _recover(item)
                break              # the session was torn down: the next scenario starts afresh, the next mutant too
            finally:
                self.active = False
            out.scenarios += 1
            if step or error:
                spent += durations.get(sid, 1.0)
            if ok:
                continue
            kind = _kind(sc) if sc is not None else "other"
            memory = False
            if sc is not None and sc.error is not None:
                memory = isinstance(sc.error, MemoryError)
                _release(sc.error)
                if memory:
                    gc.collect()   # the frames of the mutant that filled the memory, now free
            if kind == "then":
                out.status, out.killer = KILLED_CHECK, f"{sid} (FAIL on a «Тогда» check)"
                return
            if kind == "driver":
                step = step or f"{sid} (FAIL on a «Дано»/«Когда» step)"
            else:
                said = f": {sc.message[:160]}" if sc is not None and status == "ERROR" and sc.message else ""
                error = error or f"{sid} ({status}{said})"
            if status == "TIMEOUT" or memory:
                out.note = out.note or (f"stopped at its {'TIMEOUT' if status == 'TIMEOUT' else 'MemoryError'}: the "
                                        "next scenario would hang or fill the memory as long")
                break
        if step or error:
            out.status, out.killer = (KILLED_STEP, step) if step else (KILLED_ERROR, error)

    def _one(self, m: Mutant, item_of: dict[str, Any], spare: dict[str, Any], durations: dict[str, float],
             killers_in: dict[str, list[str]]) -> Outcome:
        out = Outcome(m.id, m.module, m.function, m.line, m.operator, m.clause, m.code, SURVIVED)
        lines = self.reach["lines"].get(m.module, {}) if self.reach else {}
        reached: set[str] = set()
        for line in range(m.line, m.end_line + 1):
            reached.update(lines.get(line, lines.get(str(line), ())))
        reached &= set(item_of)
        out.reached_by = len(reached)
        started = time.perf_counter()
        if not reached:
            out.status = EQUIVALENT if m.id in self.equivalents else UNREACHED
            out.mutated = mutated_line(m)
            return out
        # the scenarios that killed the mutants of the same line first, then of the same function, then those
        # that killed most; the fastest first among equals
        on_line = killers_in.get(f"{m.module}:{m.line}", [])
        in_function = killers_in.get(f"{m.module}:{m.function}", [])
        counts = self.kill_counts
        order = sorted(reached, key=lambda s: (s not in on_line, s not in in_function, -counts.get(s, 0),
                                               durations.get(s, 1.0), s))
        try:
            source = mutated_source(m)
        except Exception as exc:  # noqa: BLE001 - a mutant that cannot be made is said, and counts as not killed
            out.note = f"not applied: {type(exc).__name__}: {exc}"
            source = None
        if source is not None:
            try:
                with applied(m, source):
                    self.current = m
                    self._scenarios(m, out, order, item_of, spare, durations)
            except Exception as exc:  # noqa: BLE001 - a mutant that cannot be applied is said, and counts as not killed
                out.note = f"not applied: {type(exc).__name__}: {exc}"
            finally:
                self.current = None
        out.seconds = round(time.perf_counter() - started, 4)
        if out.status in KILLED:
            sid = out.killer.split(" ", 1)[0]
            self.kill_counts[sid] = self.kill_counts.get(sid, 0) + 1
            for key in (f"{m.module}:{m.function}", f"{m.module}:{m.line}"):
                lst = killers_in.setdefault(key, [])
                if sid in lst:
                    lst.remove(sid)
                lst.insert(0, sid)
        if m.id in self.equivalents:
            if out.status == SURVIVED:
                out.status = EQUIVALENT
            else:
                out.note = "declared equivalent, but killed: the register's entry is wrong"
        if out.status in (SURVIVED, EQUIVALENT):
            out.mutated = mutated_line(m)
        return out


# ------------------------------------------------------------------------------------------ selection
def parse_shard(text: str) -> tuple[int, int]:
    m = re.fullmatch(r"(\d+)/(\d+)", text.strip())
    if not m or not 1 <= int(m.group(1)) <= int(m.group(2)):
        raise ValueError(f"--shard {text!r}: expected K/N with 1 ≤ K ≤ N (e.g. 2/4)")
    return int(m.group(1)), int(m.group(2))


def changed_modules(ref: str) -> list[str]:
    """The rules modules changed since git `ref` (committed or not)."""
    try:
        out = subprocess.run(["git", "diff", "--name-only", ref, "--", "engine"], cwd=paths.ROOT,
                             capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError) as exc:
        raise ValueError(f"--changed: git cannot compare with {ref!r}: "
                         f"{getattr(exc, 'stderr', '') or exc}".strip()) from None
    names = {Path(line).stem for line in out.splitlines() if line.endswith(".py")}
    return [m for m in RULES_MODULES if m in names]


def select(modules: Iterable[str] | None = None, shard: tuple[int, int] | None = None,
           limit: int | None = None) -> tuple[list[Mutant], dict[str, int]]:
    """The mutants of `modules` (all rules modules by default), the shard's slice (every N-th, from K-1), and
    the positions not used."""
    chosen = list(modules) if modules is not None else list(RULES_MODULES)
    unknown = [m for m in chosen if m not in RULES_MODULES]
    if unknown:
        raise ValueError(f"--module {', '.join(unknown)}: not a rules module (known: {', '.join(RULES_MODULES)})")
    mutants: list[Mutant] = []
    left: dict[str, int] = {}
    for module in chosen:
        found, skipped = generate(module)
        mutants += found
        for k, v in skipped.items():
            left[k] = left.get(k, 0) + v
    if shard is not None:
        k, n = shard
        mutants = mutants[k - 1::n]
    if limit is not None:
        mutants = mutants[:limit]
    return mutants, left


# ------------------------------------------------------------------------------------------ the report
@dataclass
class Report:
    source_hash: str
    shard: str                           # "K/N", or "" for a whole run (or a merge)
    modules: list[str]
    outcomes: list[Outcome] = field(default_factory=list)
    skipped_positions: dict[str, int] = field(default_factory=dict)
    duration_s: float = 0.0
    control_failures: list[str] = field(default_factory=list)
    error: str | None = None
    register_problems: list[str] = field(default_factory=list)
    stale_equivalents: list[str] = field(default_factory=list)
    coverage_s: float = 0.0
    parts: list[dict[str, Any]] = field(default_factory=list)     # a merge: each shard's duration
    universe: int = 0                    # the mutants the shard was cut from (all of its modules)

    def counts(self, outcomes: list[Outcome] | None = None) -> dict[str, Any]:
        outs = self.outcomes if outcomes is None else outcomes
        c: dict[str, Any] = {s: sum(1 for o in outs if o.status == s) for s in STATUSES}
        total = len(outs)
        live = total - c[EQUIVALENT]
        c["mutants"] = total
        c["score"] = round(c[KILLED_CHECK] / live, 4) if live else 1.0
        c["detected"] = round(sum(c[k] for k in KILLED) / live, 4) if live else 1.0   # killed in any way
        judged = live - c[KILLED_ERROR]        # those a check could see: the engine did not crash or hang
        c["score_judged"] = round(c[KILLED_CHECK] / judged, 4) if judged else 1.0
        c["equivalent_share"] = round(c[EQUIVALENT] / total, 4) if total else 0.0
        return c

    def by(self, key: str) -> dict[str, dict[str, Any]]:
        groups: dict[str, list[Outcome]] = {}
        for o in self.outcomes:
            groups.setdefault(getattr(o, key) or "(no clause quoted)", []).append(o)
        return {k: self.counts(v) for k, v in sorted(groups.items())}

    @property
    def survivors(self) -> list[Outcome]:
        return [o for o in self.outcomes if o.status in (SURVIVED, UNREACHED)]

    @property
    def ok(self) -> bool:
        c = self.counts()
        return (self.error is None and not self.control_failures and not self.register_problems
                and c["score"] >= TARGET and c["equivalent_share"] <= MAX_EQUIVALENT
                and not any(o.note.startswith("declared equivalent") for o in self.outcomes))

    def to_json(self) -> dict[str, Any]:
        return {"source_hash": self.source_hash, "shard": self.shard, "modules": self.modules,
                "duration_s": round(self.duration_s, 3), "coverage_s": round(self.coverage_s, 3),
                "totals": self.counts(), "by_module": self.by("module"), "by_clause": self.by("clause"),
                "skipped_positions": self.skipped_positions, "control_failures": self.control_failures,
                "error": self.error, "register_problems": self.register_problems,
                "stale_equivalents": self.stale_equivalents, "parts": self.parts, "target": TARGET,
                "ok": self.ok, "universe": self.universe, "outcomes": [asdict(o) for o in self.outcomes]}


def _outcome(o: dict[str, Any]) -> Outcome:
    if o.get("status") == "killed-otherwise":     # a report of the first version: one status for both
        o = dict(o, status=KILLED_STEP if "«Дано»/«Когда»" in o.get("killer", "") else KILLED_ERROR)
    return Outcome(**o)


def from_json(data: dict[str, Any]) -> Report:
    report = Report(data["source_hash"], data.get("shard", ""), list(data.get("modules", [])),
                    [_outcome(o) for o in data.get("outcomes", [])], dict(data.get("skipped_positions", {})),
                    float(data.get("duration_s", 0.0)), list(data.get("control_failures", [])), data.get("error"),
                    list(data.get("register_problems", [])), list(data.get("stale_equivalents", [])),
                    float(data.get("coverage_s", 0.0)), list(data.get("parts", [])), int(data.get("universe", 0)))
    return report


def merge(reports: list[Report]) -> Report:
    """One report from the shards' (the same source, disjoint mutants)."""
    if not reports:
        raise ValueError("nothing to merge")
    hashes = {r.source_hash for r in reports}
    if len(hashes) != 1:
        raise ValueError(f"the shards were run on different sources ({', '.join(sorted(hashes))})")
    seen: dict[str, Outcome] = {}
    for r in reports:
        for o in r.outcomes:
            if o.id in seen:
                raise ValueError(f"mutant {o.id} is in two of the shards")
            seen[o.id] = o
    order = {m: i for i, m in enumerate(RULES_MODULES)}
    modules = sorted({m for r in reports for m in r.modules}, key=lambda m: order.get(m, 99))
    merged = Report(reports[0].source_hash, "", modules)
    position = {}
    clauses = {}
    for module in modules:
        for i, m in enumerate(generate(module)[0]):
            position[m.id] = (order.get(module, 99), i)
            clauses[m.id] = m.clause
    for o in seen.values():                # the clauses as this version of the kit finds them
        o.clause = clauses.get(o.id, o.clause)
    merged.outcomes = sorted(seen.values(), key=lambda o: position.get(o.id, (99, 0)))
    merged.skipped_positions = dict(reports[0].skipped_positions)
    merged.duration_s = max(r.duration_s for r in reports)
    merged.control_failures = [f for r in reports for f in r.control_failures]
    errors = [r.error for r in reports if r.error]
    merged.error = "; ".join(errors) if errors else None
    merged.register_problems = list(reports[0].register_problems)
    merged.parts = [{"shard": r.shard, "duration_s": r.duration_s, "mutants": len(r.outcomes)} for r in reports]
    merged.universe = max(r.universe for r in reports)
    if merged.universe and all(r.shard for r in reports) and len(seen) != merged.universe:
        merged.error = (merged.error + "; " if merged.error else "") + \
            f"the shards hold {len(seen)} of {merged.universe} mutants: a shard is missing"
    merged.stale_equivalents = _stale(load_equivalents()[0], set(position)) if modules == list(RULES_MODULES) \
        else []
    return merged


def _stale(equivalents: dict[str, Equivalent], generated: set[str]) -> list[str]:
    shown = paths.display(EQUIVALENTS)
    return [f"{shown}:{e.line}: {e.id}: no such mutant is generated any more (the code moved or changed): "
            "check it again and update or remove the entry" for e in equivalents.values() if e.id not in generated]


def _process_size() -> int | None:
    """The address space this process holds now (bytes; what RLIMIT_AS caps), None where it cannot be read."""
    try:
        import resource

        with open("/proc/self/statm", encoding="ascii") as f:
            return int(f.read().split()[0]) * resource.getpagesize()
    except (ImportError, OSError, ValueError, IndexError):
        return None


MEMORY_POLL_S = 0.05        # s of CPU between two looks at the process's size while a mutant's scenario runs


@contextmanager
def _memory_cap(headroom: int | None = None) -> Iterator[None]:
    """A mutant that loops while it grows a list (a history entry per turn of the loop) can fill the memory
    before the time limit interrupts it. While one of its scenarios runs, the process's size is looked at every
    MEMORY_POLL_S of CPU time (SIGVTALRM; where the platform has it, in the main thread): once it holds `headroom`
    (MEMORY_HEADROOM) more than when the scenario started, a MemoryError is raised where the mutant's code is —
    its scenario's ERROR —, while there is still memory for pytest's report and the runner's code after it.
    The address space is capped besides (RLIMIT_AS) at twice the headroom, for what the look cannot see (one
    allocation in C): a MemoryError raised by the allocator itself, anywhere, is the last resort only, for code
    near the cap can fail where it does not expect to (seen: a run that spun on and ignored SIGTERM; a crash).
    Only the scenario's call is capped; the mutant's frames are let go (_release) before the next scenario."""
    import signal

    from harness.common import timelimit

    try:
        import resource
    except ImportError:
        resource = None  # type: ignore[assignment]
    used = _process_size()
    if used is None:
        yield
        return
    room = MEMORY_HEADROOM if headroom is None else headroom
    limit = used + room
    watch = timelimit.usable() and hasattr(signal, "SIGVTALRM")
    previous = None
    callbacks: list[Any] = []
    if watch:
        # a raise inside a garbage collector's callback is reported as unraisable and lost: with such a callback
        # (hypothesis keeps one) and a mutant whose growing list makes collections most of its time, most looks
        # would land there and the memory reach the address-space cap; the callbacks wait until the call is over
        callbacks = gc.callbacks[:]
        gc.callbacks.clear()

        def look(signum: int, frame: Any) -> None:
            size = _process_size()
            if size is not None and size > limit:
                raise MemoryError(f"the mutant's scenario took more than {room >> 20} MiB beyond what the process "
                                  "held when it started (mechanical.MEMORY_HEADROOM)")

        previous = signal.signal(signal.SIGVTALRM, look)
        signal.setitimer(signal.ITIMER_VIRTUAL, MEMORY_POLL_S, MEMORY_POLL_S)
    soft = hard = None
    if resource is not None:
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        cap = used + 2 * room
        if hard != resource.RLIM_INFINITY:
            cap = min(cap, hard)
        if soft == resource.RLIM_INFINITY or soft > cap:
            resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
        else:
            soft = None
    try:
        yield
    finally:
        if soft is not None and resource is not None:
            resource.setrlimit(resource.RLIMIT_AS, (soft, hard))
        if watch:
            signal.setitimer(signal.ITIMER_VIRTUAL, 0)
            signal.signal(signal.SIGVTALRM, previous)
            gc.callbacks[:0] = [c for c in callbacks if c not in gc.callbacks]


def _release(error: BaseException) -> None:
    """Let go of the frames an exception's tracebacks hold (its cause and context too): the locals of a mutant
    that filled the memory would else stay alive with the scenario's record until the scenario is played again."""
    seen: set[int] = set()
    while error is not None and id(error) not in seen:
        seen.add(id(error))
        tb = error.__traceback__
        if tb is not None:
            traceback.clear_frames(tb)
        error = error.__cause__ or error.__context__        # type: ignore[assignment]


def _recover(item: Any) -> None:
    """After the runner's own code failed in the middle of a scenario (its fixtures perhaps not torn down):
    tear down what is still set up, so the next scenario is set up afresh; then collect the garbage."""
    from harness.run.pytest_plugin import SCENARIO

    if SCENARIO in item.stash:
        del item.stash[SCENARIO]
    try:
        item.session._setupstate.teardown_exact(None)
    except Exception:  # noqa: BLE001, S110 - a fixture that fails its teardown now: the next setup starts afresh anyway
        pass
    gc.collect()


REACH_VERSION = 2      # of what the control run records: 2, each scenario under the readings it rests on


def _reach_cache(key: str) -> Path:
    return _cache_dir() / f"reach-v{REACH_VERSION}-{key}.json"


def run(modules: Iterable[str] | None = None, shard: tuple[int, int] | None = None, *, limit: int | None = None,
        on_done: Any = None, use_cache: bool = True, timeout: float = SCENARIO_TIMEOUT,
        equivalents_path: Path = EQUIVALENTS, mutants: list[Mutant] | None = None) -> Report:
    """Run the mechanical mutants (see the module docstring) and give the report."""
    from harness.run.runner import run as run_pytest

    started = time.perf_counter()
    chosen = list(modules) if modules is not None else list(RULES_MODULES)
    key = source_hash()
    report = Report(key, f"{shard[0]}/{shard[1]}" if shard else "", chosen)
    equivalents, report.register_problems = load_equivalents(equivalents_path)
    if mutants is None:
        mutants, report.skipped_positions = select(chosen, None, limit)
        if modules is None and limit is None:
            report.stale_equivalents = _stale(equivalents, {m.id for m in mutants})
    report.universe = len(mutants)
    if shard is not None:
        mutants = mutants[shard[0] - 1::shard[1]]
    cache = _reach_cache(key)
    reach = None
    if use_cache and cache.is_file():
        try:
            reach = json.loads(cache.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            reach = None
    loop = _Loop(mutants, equivalents, reach, on_done, timeout)
    t = time.perf_counter()
    outcome = run_pytest(quiet=True, plugins=[loop])
    report.coverage_s = time.perf_counter() - t - sum(o.seconds for o in loop.outcomes)
    report.outcomes = loop.outcomes
    report.control_failures = loop.control_failures
    report.error = loop.error or (None if outcome.code in (0, 1, 5) or loop.outcomes else
                                  f"the scenarios could not be run (pytest exit code {outcome.code})")
    if reach is None and loop.reach is not None and use_cache and not loop.control_failures:
        try:
            cache.parent.mkdir(parents=True, exist_ok=True)
            cache.write_text(json.dumps(loop.reach), encoding="utf-8")
        except OSError:
            pass           # no cache: the next run records the lines again
    report.duration_s = time.perf_counter() - started
    return report
