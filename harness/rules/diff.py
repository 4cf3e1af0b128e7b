"""A unit-level diff of two versions of the rules, and the scenarios each change touches.

``diff_corpora(old, new)`` matches the units of two corpora (a rules file or a folder each):

1. by id: the same id on both sides is *unchanged* (same hash) or *changed* (another hash; a word-level
   diff of the two texts comes with it);
2. the ids left over are matched by text hash: the same text under another id is *renumbered*;
3. the ids still left over are matched by similar text (same kind, difflib ratio at least
   :data:`SIMILAR`): *renumbered* with a word diff;
4. the rest is *removed* (only in OLD) or *added* (only in NEW).

When the two sides hold different editions (``rules/classic-113.txt`` against
``rules/heroes-113-115.txt``) ids are matched without their edition prefix, by clause number
(``classic:113.2`` with ``heroes:113.2``), and the report says so.

``attach_scenarios`` adds, to every change, the scenarios (the suite's, given by the caller) whose
tags name the unit on either side: they are the scenarios to review (or, for a renumbered or removed
unit, to re-tag).

Word diffs are difflib over whitespace-separated words; on the terminal a change reads
``[-old words-]{+new words+}``, long unchanged stretches shortened to ``…``; in JSON it is a list of
``{"op": "equal"|"delete"|"insert"|"replace", "old": "...", "new": "..."}``.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from harness.common.errors import InputError, Problem
from harness.common.yamldoc import display_path
from harness.rules.changes import Classification, classify, corpus_lemmas
from harness.rules.corpus import Corpus, Unit, load_corpus, load_rules_file

__all__ = [
    "SIMILAR",
    "Change",
    "RulesDiff",
    "WordOp",
    "attach_scenarios",
    "diff_corpora",
    "diff_paths",
    "load_side",
    "render_word_diff",
    "word_diff",
]

SIMILAR = 0.6
"""Unmatched units of the same kind whose texts are at least this similar count as renumbered."""


# ------------------------------------------------------------------------------------------ words


@dataclass(frozen=True)
class WordOp:
    op: str  # equal | delete | insert | replace
    old: str
    new: str

    def to_json(self) -> dict[str, str]:
        return {"op": self.op, "old": self.old, "new": self.new}


def word_diff(old: str, new: str) -> list[WordOp]:
    """The word-level diff of two texts (whitespace-separated words)."""
    a, b = old.split(), new.split()
    ops = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        ops.append(WordOp(tag, " ".join(a[i1:i2]), " ".join(b[j1:j2])))
    return ops


def render_word_diff(ops: Iterable[WordOp], context: int | None = None) -> str:
    """``[-old-]{+new+}`` markup; with ``context``, unchanged stretches longer than twice that many
    words keep only ``context`` words on each side of a change."""
    ops = list(ops)
    parts: list[str] = []
    for k, op in enumerate(ops):
        if op.op == "equal":
            words = op.old.split()
            if context is not None and len(words) > 2 * context + 1:
                head = words[:context] if k > 0 else []
                tail = words[-context:] if k < len(ops) - 1 else []
                words = head + ["…"] + tail
            parts.append(" ".join(words))
        elif op.op == "delete":
            parts.append(f"[-{op.old}-]")
        elif op.op == "insert":
            parts.append(f"{{+{op.new}+}}")
        else:
            parts.append(f"[-{op.old}-]{{+{op.new}+}}")
    return " ".join(p for p in parts if p)


def similarity(old: str, new: str) -> float:
    """difflib's ratio over the words of two texts."""
    return difflib.SequenceMatcher(None, old.split(), new.split(), autojunk=False).ratio()


# ------------------------------------------------------------------------------------------ units


@dataclass
class Change:
    """One difference between the two sides."""

    kind: str  # changed | renumbered | removed | added
    old: Unit | None
    new: Unit | None
    ops: list[WordOp] | None = None
    scenarios: list[str] = field(default_factory=list)
    classification: Classification | None = None
    """For a change of text (changed, renumbered with other words): editorial or substantive
    (`harness.rules.changes`)."""

    @property
    def ids(self) -> list[str]:
        return list(dict.fromkeys(u.id for u in (self.old, self.new) if u is not None))

    def to_json(self) -> dict[str, Any]:
        def unit(u: Unit | None) -> dict[str, Any] | None:
            if u is None:
                return None
            return {"id": u.id, "kind": u.kind, "file": u.file, "line": u.line, "hash": u.hash, "text": u.text}

        return {"kind": self.kind, "old": unit(self.old), "new": unit(self.new),
                "diff": [o.to_json() for o in self.ops] if self.ops is not None else None,
                "class": self.classification.to_json() if self.classification is not None else None,
                "scenarios": list(self.scenarios)}


@dataclass
class RulesDiff:
    old: str
    new: str
    old_editions: list[str]
    new_editions: list[str]
    cross_edition: bool
    changes: list[Change]
    unchanged: int
    old_sections: set[str] = field(default_factory=set)
    new_sections: set[str] = field(default_factory=set)
    """Section keys of each side (``113``, or ``classic:113`` when the editions are the same)."""

    def section_key(self, unit: Unit) -> str:
        return unit.section if self.cross_edition else f"{unit.edition}:{unit.section}"

    def of_kind(self, kind: str) -> list[Change]:
        return [c for c in self.changes if c.kind == kind]

    @property
    def scenarios(self) -> list[str]:
        """Every scenario some change touches, in first-seen order."""
        return list(dict.fromkeys(s for c in self.changes for s in c.scenarios))

    def to_json(self) -> dict[str, Any]:
        return {
            "old": self.old, "new": self.new,
            "old_editions": self.old_editions, "new_editions": self.new_editions,
            "cross_edition": self.cross_edition,
            "matched_by": "clause number, ignoring the edition" if self.cross_edition else "unit id",
            "counts": {k: len(self.of_kind(k)) for k in ("changed", "renumbered", "removed", "added")}
            | {"unchanged": self.unchanged},
            "changes": [c.to_json() for c in self.changes],
            "scenarios": self.scenarios,
        }


def load_side(path: Path, root: Path | None = None) -> Corpus:
    """A rules file or a folder of rules files as a corpus (``InputError`` when it cannot be read)."""
    path = Path(path)
    if path.is_dir():
        return load_corpus(path, root=root)
    if not path.exists():
        raise InputError(Problem(str(path), None, None, "no such rules file or folder"))
    return Corpus([load_rules_file(path, root)])


def _local(unit_id: str) -> str:
    return unit_id.split(":", 1)[1]


def diff_corpora(old: Corpus, new: Corpus, old_label: str = "OLD", new_label: str = "NEW",
                 cross_edition: bool | None = None) -> RulesDiff:
    """The changes from ``old`` to ``new`` (see the module docstring)."""
    if cross_edition is None:
        cross_edition = not set(old.editions) & set(new.editions)
    key = _local if cross_edition else (lambda i: i)
    old_by = {key(u.id): u for u in old.units}
    new_by = {key(u.id): u for u in new.units}
    changes: list[Change] = []
    unchanged = 0
    for k, ou in old_by.items():
        nu = new_by.get(k)
        if nu is None:
            continue
        if nu.hash == ou.hash:
            unchanged += 1
        else:
            changes.append(Change("changed", ou, nu, word_diff(ou.text, nu.text)))
    removed = [u for k, u in old_by.items() if k not in new_by]
    added = [u for k, u in new_by.items() if k not in old_by]
    # same text under another id
    renumbered: list[Change] = []
    for ou in list(removed):
        nu = next((u for u in added if u.hash == ou.hash), None)
        if nu is not None:
            removed.remove(ou)
            added.remove(nu)
            renumbered.append(Change("renumbered", ou, nu, None))
    # similar text under another id, best pairs first
    pairs = sorted(((similarity(ou.text, nu.text), i, j) for i, ou in enumerate(removed)
                    for j, nu in enumerate(added) if ou.kind == nu.kind), reverse=True)
    used_o: set[int] = set()
    used_n: set[int] = set()
    for ratio, i, j in pairs:
        if ratio < SIMILAR or i in used_o or j in used_n:
            continue
        used_o.add(i)
        used_n.add(j)
        renumbered.append(Change("renumbered", removed[i], added[j], word_diff(removed[i].text, added[j].text)))
    removed = [u for i, u in enumerate(removed) if i not in used_o]
    added = [u for j, u in enumerate(added) if j not in used_n]
    order = {u.id: n for n, u in enumerate(old.units)}
    renumbered.sort(key=lambda c: order[c.old.id] if c.old else 0)
    changes += renumbered
    changes += [Change("removed", u, None) for u in removed]
    changes += [Change("added", None, u) for u in added]
    worded = [c for c in changes if c.ops is not None and c.old is not None and c.new is not None]
    if worded and not cross_edition:   # the class of each change of wording (not across editions: not a change)
        lemmas = corpus_lemmas(u.text for u in old.units)
        for c in worded:
            assert c.old is not None and c.new is not None
            c.classification = classify(c.old.text, c.new.text, lemmas)
    result = RulesDiff(old_label, new_label, old.editions, new.editions, cross_edition, changes, unchanged)
    result.old_sections = {result.section_key(u) for u in old.units}
    result.new_sections = {result.section_key(u) for u in new.units}
    return result


def attach_scenarios(diff: RulesDiff, scenarios: Iterable[Any]) -> RulesDiff:
    """Fill ``Change.scenarios``: the ids of the scenarios (anything with ``id`` and ``units``, such as the
    suite's `ScenarioInfo`) whose tags name the unit on either side."""
    by_unit: dict[str, list[Any]] = {}
    for s in scenarios:
        for unit in s.units:
            by_unit.setdefault(unit, []).append(s)
    for c in diff.changes:
        c.scenarios = list(dict.fromkeys(s.id for uid in c.ids for s in by_unit.get(uid, [])))
    return diff


def diff_paths(old: Path, new: Path, scenarios: Iterable[Any] | None = None, root: Path | None = None) -> RulesDiff:
    """Load both sides, diff them, and attach the ``scenarios`` (if given: the suite's, scanned by the
    caller; the rules layer knows nothing of feature files)."""
    problems: list[Problem] = []
    sides: list[Corpus] = []
    for p in (old, new):
        try:
            sides.append(load_side(p, root))
        except InputError as exc:
            problems += exc.problems
    if problems:
        raise InputError(problems)
    result = diff_corpora(sides[0], sides[1], _show(old, root), _show(new, root))
    if scenarios is not None:
        attach_scenarios(result, scenarios)
    return result


def _show(path: Path, root: Path | None) -> str:
    return display_path(Path(path), root)


# ------------------------------------------------------------------------------------------ terminal


def _short(text: str, width: int = 110) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def render(diff: RulesDiff, context: int = 8, scenario_lines: Any = None) -> list[str]:
    """The diff as plain text lines for the terminal. ``scenario_lines(id)``, when given, gives the lines that
    show one scenario to review (its file:line and checks); else the scenario's id alone."""
    lines = [f"comparing {diff.old} ({', '.join(diff.old_editions)}) with {diff.new} ({', '.join(diff.new_editions)})"]
    if diff.cross_edition:
        lines.append("the two sides are different editions: units are matched by clause number, "
                     "ignoring the edition prefix (classic:113.2 ↔ heroes:113.2)")
    counts = {k: len(diff.of_kind(k)) for k in ("changed", "renumbered", "removed", "added")}
    lines.append(", ".join(f"{n} {k}" for k, n in counts.items()) + f", {diff.unchanged} unchanged")

    def scen(c: Change) -> list[str]:
        if not c.scenarios:
            return ["    scenarios: none name it"]
        if c.classification is not None and c.classification.editorial:
            return ["    scenarios (no review of their own: an editorial change): " + ", ".join(c.scenarios)]
        if scenario_lines is not None:
            return ["    scenarios to review:"] + [line for s in c.scenarios for line in scenario_lines(s)]
        return ["    scenarios to review:"] + [f"      • {s}" for s in c.scenarios]

    def sentences(c: Change) -> list[str]:
        from harness.rules.changes import sentence_diff

        assert c.old is not None and c.new is not None
        return [line for o, n in sentence_diff(c.old.text, c.new.text)
                for line in (f"    − {o or '(no sentence)'}", f"    + {n or '(no sentence)'}")]

    for c in diff.of_kind("changed"):
        assert c.old is not None and c.new is not None
        head = c.old.id if c.old.id == c.new.id else f"{c.old.id} → {c.new.id}"
        what = f"  {c.classification.summary()}" if c.classification is not None else ""
        lines += ["", f"changed  {head}  ({c.old.file}:{c.old.line} → {c.new.file}:{c.new.line}){what}",
                  "    " + render_word_diff(c.ops or [], context)]
        if c.classification is not None and not c.classification.editorial:
            lines += sentences(c)
        lines += scen(c)
    for c in diff.of_kind("renumbered"):
        assert c.old is not None and c.new is not None
        lines += ["", f"renumbered  {c.old.id} → {c.new.id}  ({c.old.file}:{c.old.line} → {c.new.file}:{c.new.line})"]
        lines.append("    text unchanged" if c.ops is None else "    " + render_word_diff(c.ops, context))
        lines += scen(c)
    # removed / added: whole sections present on one side only are summarised
    for kind in ("removed", "added"):
        group = diff.of_kind(kind)
        other = diff.new_sections if kind == "removed" else diff.old_sections
        whole: dict[str, list[tuple[Unit, Change]]] = {}
        for c in group:
            u = c.old if kind == "removed" else c.new
            assert u is not None
            key = diff.section_key(u)
            if key not in other:
                whole.setdefault(key, []).append((u, c))
                continue
            where = "only in OLD" if kind == "removed" else "only in NEW"
            lines += ["", f"{kind}  {u.id}  ({u.file}:{u.line}, {where})", f"    {_short((u.label + ' ' + u.text).strip())}"]
            lines += scen(c)
        for key, members in whole.items():
            title = members[0][0].section_title
            side = "OLD" if kind == "removed" else "NEW"
            lines += ["", f"{kind}  section {key}" + (f" «{title}»" if title else "")
                      + f", only in {side}: {len(members)} units ({', '.join(u.id for u, _ in members)})"]
            touched = [s for _, c in members for s in c.scenarios]
            if touched:
                lines += ["    scenarios to review:"] + [f"      • {s}" for s in dict.fromkeys(touched)]
    classed = [c for c in diff.changes if c.classification is not None]
    editorial = [c for c in classed if c.classification is not None and c.classification.editorial]
    if classed:
        lines += ["", f"{len(editorial)} editorial change(s)"
                  + (f" ({', '.join(c.ids[-1] for c in editorial)}): approved in one step, "
                     "`berserk-rules --rules NEW approve --editorial`" if editorial else ""),
                  f"{len(classed) - len(editorial)} substantive change(s)"
                  + (": a decision per scenario, `berserk-rules --rules NEW approve`"
                     if len(classed) > len(editorial) else "")]
    lines.append("")
    scenarios = list(dict.fromkeys(s for c in diff.changes if c.classification is None or not c.classification.editorial
                                   for s in c.scenarios))
    if scenarios:
        lines.append(f"{len(scenarios)} scenario(s) to review:")
        lines += [f"  • {s}" for s in scenarios]
    elif diff.scenarios:
        lines.append("no scenario to review: the changes are editorial")
    else:
        lines.append("no scenario names a changed, renumbered or removed unit")
    return lines
