"""Random play as a measure of the suite: which mutant engines random play kills, beside those the scenarios kill.

For every mutant (any factory of `engine.Game` games: the kit's mutants, `harness.quality.mutants.MUTANTS`, the
ones of `harness/quality/mutants/properties.py`, or mechanical ones fed in by name → class), in this process:

* **differential**: random lines from the suite's boards and the fuzzer's generated ones, the reference engine
  against the mutant on the observable contract (`harness.quality.differential.find_divergence`); a difference is
  shrunk to its shortest line;
* **properties**: random lines of the mutant alone, every property of the text checked at every step
  (`harness.quality.properties.find_violations`); each property violated, with its shortest line — unless the
  reference engine violates it on the same line too (`replay_line`), or anywhere in the same search.

Beside them, «the scenarios kill it» from `harness.quality.mutation.KILLS` (the scenarios declared to kill each
mutant); a mutant the table does not list (a mechanical one fed in by name → factory, a new one) gets the whole
suite played against it in this process (`scenarios_killing`). A mutant random play kills and no scenario does names a missing scenario; one the scenarios kill and
random play misses says what random play cannot reach. `measure` returns the table; `berserk-rules compare
--mutants` prints it (`--json`: as data), and `berserk-rules properties --mutants` the properties' part.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from harness.engines.adapters import InProcessAdapter
from harness.quality.differential import Divergence, Engines, find_divergence
from harness.quality.properties import PROPERTIES, Violation, find_violations, replay_line


def kit_mutants() -> dict[str, type]:
    """The kit's mutants, name → class (the kit's table, and those that misread a property's sentence)."""
    from harness.quality import mutants  # every family registers, harness/quality/mutants/properties.py too

    return dict(sorted(mutants.MUTANTS.items()))


def mistake_of(name: str, factory: Any) -> str:
    from harness.quality import mutants

    if name in mutants.MUTANTS:
        return mutants.mistake(name)
    return " ".join((getattr(factory, "__doc__", "") or "").split())


def scenario_kills() -> dict[str, tuple[str, ...]]:
    from harness.quality.mutation import KILLS

    return dict(KILLS)


@cache
def _boards_by_scenario() -> dict[str, tuple[str, ...]]:
    """Every scenario's short name (`classic [113.2.ex1-1]`, `harness.quality.mutation.short_name`) → the boards
    its steps name."""
    from harness.common import paths
    from harness.quality.mutation import short_name
    from harness.suite.capabilities import BOARD_STEP
    from harness.suite.features import scan_features

    out: dict[str, tuple[str, ...]] = {}
    for scenario in scan_features(paths.FEATURES, root=paths.ROOT):
        boards = tuple(m.group("path") for _, text, _ in scenario.steps if (m := BOARD_STEP.match(text)))
        for i in scenario.ids:
            out[short_name(i)] = boards
    return out


def kill_boards(name: str) -> list[str]:
    """The boards (under scenarios/) of the scenarios that kill a mutant (KILLS): where its mistake shows."""
    index = _boards_by_scenario()
    return list(dict.fromkeys(b for ref in scenario_kills().get(name, ()) for b in index.get(ref, ())))


class _Plugin:
    """A pytest plugin object: the kit's plugin plays the scenarios on the adapter it gives (as
    `harness.quality.mutation.InProcessMutant` does for the kit's mutants by name)."""

    def __init__(self, name: str, factory: Any):
        self.name, self.factory = name, factory

    def berserk_rules_adapter(self) -> Any:
        return InProcessAdapter(self.factory, f"mutant {self.name}")


def scenarios_killing(name: str, factory: Any, units: Sequence[str] = ()) -> tuple[str, ...]:
    """Play the whole suite (or the scenarios of `units`) against a mutant that KILLS does not list (a mechanical
    one, a new one), in this process: the scenarios that do not end as expected, by their short names
    (`classic [113.2.ex1-1]`)."""
    from harness.common import paths
    from harness.quality.mutation import short_name
    from harness.run.runner import run_scenarios

    expectations = str(paths.REFERENCE_EXPECTATIONS) if paths.REFERENCE_EXPECTATIONS.is_file() else None
    _, results = run_scenarios(None, list(units), [], expectations, None, quiet=True,
                               plugins=[_Plugin(name, factory)])
    if results is None:
        raise RuntimeError(f"the scenarios could not be run against {name}")
    return tuple(sorted(short_name(r.scenario) for r in results.results if not r.as_expected))


@dataclass
class Verdict:
    """What random play and the scenarios did to one mutant."""

    name: str
    mistake: str
    scenarios: tuple[str, ...]                        # the scenarios that kill it (KILLS), () for none
    divergence: Divergence | None = None             # the differential's shortest line, or None
    violations: dict[str, Violation] = field(default_factory=dict)    # property → its shortest line
    plays: int = 0
    seconds: float = 0.0

    @property
    def random_kills(self) -> bool:
        return self.divergence is not None or bool(self.violations)

    @property
    def verdict(self) -> str:
        r, s = self.random_kills, bool(self.scenarios)
        return "both" if r and s else "random play only" if r else "scenarios only" if s else "neither"

    def as_dict(self) -> dict[str, Any]:
        d = self.divergence
        return {"mutant": self.name, "mistake": self.mistake, "verdict": self.verdict,
                "scenarios": list(self.scenarios), "differential": None if d is None else {
                    "board": d.board, "moves": [m.text() for m in d.moves], "diff": d.diff[:10]},
                "properties": {n: v.as_dict() for n, v in sorted(self.violations.items())},
                "plays": self.plays, "seconds": self.seconds}


def measure_one(name: str, factory: Any, boards: dict[str, tuple[dict, dict]], examples: int = 100,
                max_moves: int = 20, generated: bool = True, differential: bool = True,
                properties: bool = True, scenarios: tuple[str, ...] = ()) -> Verdict:
    """Random play against one mutant (a `Game` subclass or any callable `(setup, definitions, readings) → game`)."""
    started = time.perf_counter()
    verdict = Verdict(name, mistake_of(name, factory), scenarios)
    if differential:
        # a kill needs the first difference only: the line is not played past it (Engines.keep_going)
        engines = Engines(InProcessAdapter(), InProcessAdapter(factory, f"mutant {name}"), ("reference", name),
                          keep_going=False)
        verdict.divergence = find_divergence(engines, boards, max_examples=examples, max_moves=max_moves,
                                             per_board=False, generated=generated)
        verdict.plays += engines.plays
    if properties:
        report = find_violations(lambda: InProcessAdapter(factory, f"mutant {name}"), boards, examples=examples,
                                 max_moves=max_moves, generated=generated, engine=name)
        verdict.violations = report.violations
        verdict.plays += report.tally.lines
    verdict.seconds = round(time.perf_counter() - started, 2)
    return verdict


@dataclass
class Measure:
    verdicts: list[Verdict]
    examples: int
    seconds: float = 0.0
    control: dict[str, Violation] = field(default_factory=dict)     # what the reference itself violates

    def summary(self) -> dict[str, Any]:
        by = {v: [x.name for x in self.verdicts if x.verdict == v]
              for v in ("both", "random play only", "scenarios only", "neither")}
        killers = {p: sorted(x.name for x in self.verdicts if p in x.violations) for p in PROPERTIES}
        return {"mutants": len(self.verdicts), "examples": self.examples, "seconds": self.seconds,
                "random_play_kills": sum(x.random_kills for x in self.verdicts),
                "differential_kills": sum(x.divergence is not None for x in self.verdicts),
                "property_kills": sum(bool(x.violations) for x in self.verdicts),
                "scenario_kills": sum(bool(x.scenarios) for x in self.verdicts),
                **{k.replace(" ", "_"): names for k, names in by.items()}, "property_killers": killers,
                "reference_violates": {n: v.as_dict() for n, v in self.control.items()}}

    def as_dict(self) -> dict[str, Any]:
        return {"summary": self.summary(), "mutants": [v.as_dict() for v in self.verdicts]}

    def text(self) -> str:
        s = self.summary()
        lines = [f"random play against {s['mutants']} mutant(s), {self.examples} line(s) each way, {self.seconds} s"]
        for v in self.verdicts:
            how = []
            if v.divergence is not None:
                how.append(f"differs on {v.divergence.board} after {len(v.divergence.moves)} move(s): "
                           f"{v.divergence.diff[0] if v.divergence.diff else ''}")
            if v.violations:
                how.append("violates " + ", ".join(f"{PROPERTIES[n].sentence} {n}" for n in sorted(v.violations)))
            lines.append(f"  {v.name}: {v.verdict.upper()}" + (f" — {'; '.join(how)}" if how else ""))
        lines.append(f"random play kills {s['random_play_kills']} (differential {s['differential_kills']}, properties "
                     f"{s['property_kills']}); the scenarios kill {s['scenario_kills']}")
        if s["random_play_only"]:
            lines.append("killed by random play and by no scenario (a missing scenario each): "
                         + ", ".join(s["random_play_only"]))
        if s["scenarios_only"]:
            lines.append(f"missed by random play ({len(s['scenarios_only'])}): " + ", ".join(s["scenarios_only"]))
        if s["neither"]:
            lines.append("killed by neither: " + ", ".join(s["neither"]))
        for n, v in self.control.items():
            lines.append(f"the reference engine itself violates {v.sentence} {n} (no kill counted for it): "
                         f"{v.message} on {v.board}")
        lines.append("properties and their killers:")
        for name, killers in s["property_killers"].items():
            p = PROPERTIES[name]
            lines.append(f"  {p.sentence} {name}: " + (", ".join(killers) if killers else "NO KILLER"))
        return "\n".join(lines)


def measure(factories: dict[str, Any], boards: dict[str, tuple[dict, dict]], examples: int = 100,
            max_moves: int = 20, generated: bool = True, differential: bool = True, properties: bool = True,
            progress: Callable[[str], None] | None = None, only: Sequence[str] = (),
            run_scenarios: bool = True, targeted: bool = False) -> Measure:
    """`measure_one` for every mutant of `factories` (name → factory), the scenarios' kills from KILLS (a mutant
    it does not list gets the whole suite played against it, in this process, unless not `run_scenarios`). With
    `targeted`, each mutant is played on the boards of the scenarios that kill it (`kill_boards`; every board when
    it has none): where its mistake shows, which says what random play finds there, not what it finds unaided."""
    started = time.perf_counter()
    kills = scenario_kills()
    # the control: what the reference engine itself violates is no mutant's kill, nor a line of the mutant on
    # which the reference engine violates the property too (`replay_line`)
    control = find_violations(lambda: InProcessAdapter(), boards, examples=examples, max_moves=max_moves,
                              generated=generated).violations if properties else {}
    verdicts = []
    for name, factory in factories.items():
        if only and name not in only:
            continue
        killers = tuple(kills[name]) if name in kills else scenarios_killing(name, factory) if run_scenarios \
            else ()
        own = {b: boards[b] for b in kill_boards(name) if b in boards} if targeted else {}
        v = measure_one(name, factory, own or boards, examples, max_moves, generated and not own, differential,
                        properties, killers)
        v.violations = {p: x for p, x in v.violations.items()
                        if p not in control and replay_line(InProcessAdapter(), x) is None}
        verdicts.append(v)
        if progress is not None:
            progress(f"{name}: {v.verdict} ({v.seconds} s)")
    return Measure(verdicts, examples, round(time.perf_counter() - started, 1), control)


def dumps(m: Measure) -> str:
    return json.dumps(m.as_dict(), ensure_ascii=False, indent=2)
