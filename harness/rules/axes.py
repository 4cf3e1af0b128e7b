"""The axes of the rule units (``rules/axes.yaml``): what each unit's sentences vary along, and which
scenarios play each value.

An *axis* of a unit is one thing its text varies along — who (owner, controller, the other player), whose
turn, which card kind, which zone a card leaves to, a value at and around a threshold, an «если … не
указано иного» with a text that does say otherwise, a trigger word, a named example case. Each axis has
*values*; a value is *played* when a scenario of the suite that names the unit plays that case. A unit
is strong when every value of every axis is played; `berserk-rules lint` reports each value no scenario
plays (S025), and `berserk-rules coverage` shows per unit the axes and values played out of the total.

The file (see its header for why it is one file) maps unit ids to a list of axes::

    units:
      classic:113.2.ex2:
        - axis: healed                       # an id: lowercase ASCII, digits, «-»
          what: "фактически излечилось на 2 или более раны"   # the Russian words of the text it comes from
          values:
            "2":                             # a value id: the case, written as a tag-safe word
              case: ровно 2 — срабатывает     # what happens at this value (the positive or negative case)
              plays: [classic:113.2.ex2-4]   # the scenario ids (edition and bracket tag) that play it
            "3":
              case: …
              justified: why no scenario can play it   # instead of plays: lint does not report it (S025)

This module reads and checks the file on its own (shape, unit ids against the corpus, scenario ids against
a map of scenario id → its units, which the caller gets from the suite): it knows nothing of features.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from harness.common import paths
from harness.common.errors import InputError, Problem
from harness.common.yamldoc import YamlDoc, load_yaml

__all__ = [
    "AXES_NAME",
    "Axis",
    "AxisValue",
    "Axes",
    "axes_path",
    "check_axes",
    "load_axes",
]

AXES_NAME = "axes.yaml"
_ID_RE = re.compile(r"^[a-z0-9][a-z0-9.-]*$")


@dataclass(frozen=True)
class AxisValue:
    """One value of an axis: its id, the case it is, the scenarios that play it, and its line."""

    id: str
    case: str
    plays: tuple[str, ...]
    line: int | None
    justified: str | None = None
    """Why no scenario can play this value (kept instead of `plays`): lint does not report it unplayed."""


@dataclass(frozen=True)
class Axis:
    """One axis of a unit: its id, the words of the text it comes from, its values, and its line."""

    unit: str
    id: str
    what: str
    values: tuple[AxisValue, ...]
    line: int | None

    @property
    def played(self) -> bool:
        return all(v.plays for v in self.values)


@dataclass(frozen=True)
class Axes:
    """The axes of every unit the file names (unit id → its axes, in the file's order), the file shown."""

    file: str
    units: Mapping[str, tuple[Axis, ...]]
    unit_lines: Mapping[str, int | None]
    exists: bool = True

    def of(self, unit: str) -> tuple[Axis, ...]:
        return self.units.get(unit, ())

    def figures(self, unit: str, played: set[str] | None = None) -> dict[str, int]:
        """A unit's axes and values, total and played (a value is played when one of its scenarios is in
        `played`, or, when `played` is None, when it names a scenario at all)."""
        axes = self.of(unit)
        def ok(v: AxisValue) -> bool:
            return bool(v.plays) if played is None else any(s in played for s in v.plays)
        return {"axes": len(axes), "axes_played": sum(1 for a in axes if all(ok(v) for v in a.values)),
                "values": sum(len(a.values) for a in axes),
                "values_played": sum(1 for a in axes for v in a.values if ok(v)),
                "values_justified": sum(1 for a in axes for v in a.values if v.justified)}


def axes_path(rules: Path | None = None) -> Path:
    """The axes file of a rules folder (default: the one in use), else the kit's own."""
    folder = Path(rules) if rules is not None else paths.RULES
    own = folder / AXES_NAME
    return own if own.is_file() else paths.ROOT / "rules" / AXES_NAME


def load_axes(path: Path, root: Path | None = None) -> Axes:
    """Read the axes file; raise InputError with every problem of its shape (file, line, field). A missing
    file gives an empty `Axes` with ``exists=False``."""
    path = Path(path)
    if not path.exists():
        return Axes(file=str(path), units={}, unit_lines={}, exists=False)
    doc = load_yaml(path, root)
    problems: list[Problem] = []
    units: dict[str, tuple[Axis, ...]] = {}
    lines: dict[str, int | None] = {}
    data = doc.data.get("units") if isinstance(doc.data, dict) else None
    if not isinstance(data, dict):
        raise InputError(Problem(doc.file, doc.line_of(()), "units",
                                 "expected 'units:' mapping each unit id to a list of axes"))
    for unit, axes in data.items():
        where = ("units", unit)
        lines[str(unit)] = doc.line_of(where)
        if not isinstance(axes, list) or not axes:
            problems.append(Problem(doc.file, doc.line_of(where), str(unit), "expected a non-empty list of axes"))
            continue
        out: list[Axis] = []
        seen: set[str] = set()
        for i, ax in enumerate(axes):
            parsed = _axis(doc, str(unit), i, ax, problems)
            if parsed is None:
                continue
            if parsed.id in seen:
                problems.append(Problem(doc.file, parsed.line, f"{unit}.axis",
                                        f"axis «{parsed.id}» twice in {unit}: one id, one axis"))
                continue
            seen.add(parsed.id)
            out.append(parsed)
        units[str(unit)] = tuple(out)
    if problems:
        raise InputError(problems)
    return Axes(file=doc.file, units=units, unit_lines=lines)


def _axis(doc: YamlDoc, unit: str, i: int, ax: Any, problems: list[Problem]) -> Axis | None:
    where = ("units", unit, i)
    line = doc.line_of(where)
    if not isinstance(ax, dict):
        problems.append(Problem(doc.file, line, f"{unit}[{i}]", "expected an axis: {axis, what, values}"))
        return None
    extra = sorted(set(ax) - {"axis", "what", "values"})
    if extra:
        problems.append(Problem(doc.file, line, f"{unit}[{i}]", f"unknown field(s) {', '.join(map(str, extra))}; "
                                "an axis has axis, what, values"))
    aid, what, values = ax.get("axis"), ax.get("what"), ax.get("values")
    if not isinstance(aid, str) or not _ID_RE.match(aid):
        problems.append(Problem(doc.file, line, f"{unit}[{i}].axis", f"expected an id (lowercase ASCII, digits, "
                                f"«-», «.»), got {aid!r}"))
        return None
    if not isinstance(what, str) or not what.strip():
        problems.append(Problem(doc.file, line, f"{unit}.{aid}.what", "expected the Russian words of the text the "
                                "axis comes from"))
    if not isinstance(values, dict) or not values:
        problems.append(Problem(doc.file, line, f"{unit}.{aid}.values", "expected a mapping value id → "
                                "{case, plays}, with at least one value"))
        return None
    out = []
    for vid, v in values.items():
        vline = doc.line_of((*where, "values", vid))
        field = f"{unit}.{aid}={vid}"
        if not isinstance(vid, str | int) or not _ID_RE.match(str(vid)):
            problems.append(Problem(doc.file, vline, field, "a value id is a tag-safe word (lowercase ASCII, digits, "
                                    "«-», «.»)"))
            continue
        if not isinstance(v, dict) or not isinstance(v.get("case"), str) or not isinstance(v.get("plays", []), list):
            problems.append(Problem(doc.file, vline, field, "expected {case: what happens at this value, plays: "
                                    "[scenario ids]}"))
            continue
        extra = sorted(set(v) - {"case", "plays", "justified"})
        if extra:
            problems.append(Problem(doc.file, vline, field, f"unknown field(s) {', '.join(map(str, extra))}; a "
                                    "value has case, plays and (when no scenario can play it) justified"))
        plays = tuple(str(s) for s in v.get("plays") or ())
        justified = v.get("justified")
        if justified is not None and (not isinstance(justified, str) or not justified.strip()):
            problems.append(Problem(doc.file, vline, f"{field}.justified", "expected why no scenario can play "
                                    "this value (a non-empty text)"))
            continue
        if justified is not None and plays:
            problems.append(Problem(doc.file, vline, f"{field}.justified", "the value is played (plays: "
                                    f"{', '.join(plays)}): drop its justification"))
            continue
        out.append(AxisValue(str(vid), v["case"], plays, vline, justified))
    return Axis(unit, aid, str(what or ""), tuple(out), line)


@dataclass(frozen=True)
class AxisProblem:
    """A problem of the axes against the corpus or the suite: `kind` is «unknown-unit», «unknown-scenario»,
    «scenario-not-of-unit», «unplayed» or «unit-without-axes»."""

    kind: str
    line: int | None
    unit: str
    message: str


def check_axes(axes: Axes, unit_ids: list[str], scenario_units: Mapping[str, tuple[str, ...] | list[str]]
               ) -> list[AxisProblem]:
    """Every problem of the axes: units the corpus lacks, scenario ids the suite lacks or that do not name
    the unit, values no scenario plays, and (when the file exists) units of the corpus without axes.
    `scenario_units` maps each scenario id of the suite to the units it names."""
    out: list[AxisProblem] = []
    known = set(unit_ids)
    for unit, unit_axes in axes.units.items():
        if unit not in known:
            out.append(AxisProblem("unknown-unit", axes.unit_lines.get(unit), unit,
                                   f"{unit} is no rule unit of the corpus"))
            continue
        for ax in unit_axes:
            for v in ax.values:
                for sid in v.plays:
                    if sid not in scenario_units:
                        out.append(AxisProblem("unknown-scenario", v.line, unit,
                                               f"{unit} {ax.id}={v.id}: no scenario has the id {sid}"))
                    elif unit not in scenario_units[sid]:
                        out.append(AxisProblem("scenario-not-of-unit", v.line, unit,
                                               f"{unit} {ax.id}={v.id}: {sid} does not name {unit} (tag it "
                                               f"@{unit}, or list a scenario that does)"))
                if not v.plays and not v.justified:
                    out.append(AxisProblem("unplayed", v.line, unit,
                                           f"{unit} {ax.id}={v.id} ({v.case}): no scenario plays it — «{ax.what}»"))
    if axes.exists:
        for unit in unit_ids:
            if unit not in axes.units:
                out.append(AxisProblem("unit-without-axes", None, unit,
                                       f"{unit} has no axes in {axes.file}: write what its text varies along"))
    return out
