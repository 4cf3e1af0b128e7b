"""Checks of a scenario that make it ERROR instead of a collection error, an empty run or a vacuous PASS.

Used by the pytest plugin when a scenario starts (`check` and pytest) and mirrored by `lint` (S015–S018,
S021), so both report the same defects with the same file and line:

- a plain tag (`@wip`): tags name rule units (`@classic:113.2`) and assumptions (`@asm:<id>`), nothing else;
- a scenario without steps, which would pass without checking anything;
- a scenario that does not start with «Дано» (a «Тогда» before the board is set up checks nothing);
- a feature file that is a link to a file outside the features folder;
- a refusal expected without its class («Тогда игрок А не может применить …» with no « (один раз за ход)»),
  or with a class the kit does not know: a refusal counts only with its reason, and an engine that does not
  know the action (`unknown_action`, `unsupported`) has not refused it by the rules.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from harness.common import paths
from harness.common.errors import Problem

PLAIN_TAG = ("a plain tag names neither a rule unit (@classic:113.2) nor an assumption (@asm:<id>); "
             "the kit knows no other tags: remove it")
NO_STEPS = "the scenario has no steps: it would pass without checking anything; give it a «Дано» and a «Тогда»"
NOT_GIVEN_FIRST = "the scenario starts with «{step}»: a scenario starts with «Дано» (the board), then «Когда», then «Тогда»"
REFUSAL_STEP = re.compile(r"игрок [^\s\"]+ не может (?:(?:применить|атаковать|переместить|разыграть) .+|закончить ход.*)")
REFUSAL_CLASS = re.compile(r".+ \((?P<why>[^()]+)\)")     # as the step reads it (harness/suite/steps.py)
OUTSIDE = "the feature file is a link to {target}, outside {folder}/: features are read from that folder only"


def outside_features(path: Path, features: Path | None = None) -> str | None:
    """The message when `path` (a feature file) resolves outside the features folder, else None."""
    folder = (features or paths.FEATURES).resolve()
    target = Path(path).resolve()
    if target == folder or folder in target.parents:
        return None
    return OUTSIDE.format(target=target, folder=paths.display(features or paths.FEATURES))


def refusal_problem(text: str, keyword: str = "") -> str | None:
    """The message when the step `text` (without its keyword, shown with it) expects a refusal without a
    known class of refusal (harness.engines.contract.REFUSALS), else None."""
    if not REFUSAL_STEP.fullmatch(text):
        return None
    step = f"{keyword.strip()} {text}".strip()
    from harness.engines.contract import NOT_A_REFUSAL, REFUSALS

    classes = ", ".join(f"({c})" for c in REFUSALS)
    m = REFUSAL_CLASS.fullmatch(text)
    if not m:
        return (f"«{step}» expects a refusal without naming its class: a refusal counts only with its reason; "
                f"end the step with the class in brackets, one of: {classes}")
    why = m["why"]
    if why in REFUSALS:
        return None
    if why in NOT_A_REFUSAL:
        return (f"«{step}»: {why} is never an expected refusal (an engine that does not know the action has "
                f"not refused it by the rules); name the class the rules give, one of: {classes}")
    label = next((c for c, (_, codes) in REFUSALS.items() if why in codes), None)
    near = difflib.get_close_matches(why, list(REFUSALS), n=1, cutoff=0.6)
    hint = f" (did you mean «{label or near[0]}»?)" if label or near else ""
    return f"«{step}»: «{why}» is not a class of refusal{hint}; the classes: {classes}"


def scenario_problems(feature_file: str, line: int, plain_tags: Sequence[str], steps: Sequence[Any]) -> list[Problem]:
    """What makes a scenario unfit to run (pytest-bdd objects: steps with `type`, `keyword`, `name`, `line_number`)."""
    shown = paths.display(Path(feature_file))
    out: list[Problem] = []
    outside = outside_features(Path(feature_file))
    if outside:
        out.append(Problem(shown, None, "feature", outside))
    for tag in dict.fromkeys(plain_tags):
        out.append(Problem(shown, line, f"@{tag}", PLAIN_TAG))
    if not steps:
        out.append(Problem(shown, line, "steps", NO_STEPS))
    elif getattr(steps[0], "type", "given") != "given":
        first = steps[0]
        out.append(Problem(shown, first.line_number, "steps",
                           NOT_GIVEN_FIRST.format(step=f"{first.keyword.strip()} {first.name}")))
    for step in steps:
        problem = refusal_problem(step.name, step.keyword) if getattr(step, "type", "then") == "then" else None
        if problem:
            out.append(Problem(shown, step.line_number, "steps", problem))
    return out


def accept_bom_in_features() -> None:
    """Let pytest-bdd read a feature file that starts with a byte order mark, as the kit's scanner, lint and
    board loader do: pytest-bdd 8 reads features with the encoding "utf-8" (its `scenarios(encoding=…)` is
    not passed on to the files of a folder), and "utf-8-sig" reads the same text without the mark."""
    import pytest_bdd.parser as bdd_parser
    from pytest_bdd.gherkin_parser import GherkinDocument

    from harness.suite import features

    original = bdd_parser.get_gherkin_document
    if getattr(original, "berserk_bom", False):
        return

    def read(abs_filename: str, encoding: str = "utf-8") -> Any:
        utf8 = encoding.lower().replace("_", "-") in ("utf-8", "utf-8-sig")
        data = features.gherkin_data(Path(abs_filename)) if utf8 else None    # the kit's scan parsed it already
        if data is not None:
            return GherkinDocument.from_dict(data)
        return original(abs_filename, "utf-8-sig" if utf8 else encoding)

    read.berserk_bom = True               # type: ignore[attr-defined]
    bdd_parser.get_gherkin_document = read  # type: ignore[assignment]
