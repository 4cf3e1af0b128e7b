"""Lint of the rules text and of the suite: every defect found, each with a stable check code.

A finding has a check code (``R001``), the check's name (``numbering-gap``), a severity (``error``,
``warning`` or ``info``), the file, the line and a message. ``berserk-rules lint`` exits 1 when a
finding of severity ``error`` (or of ``--fail-on`` or above) was made, else 0.

Severities follow one rule: an **error** breaks the suite (a scenario pytest-bdd would drop, a tag or a
step that names nothing, a board that does not load, a scenario whose units changed wording since the
last review); a **warning** is a defect of the rules text or a gap in the suite that the kit works
around (numbering, cross-references, terminology, brackets, a unit without scenarios); **info** is a
fact worth knowing (an unnumbered paragraph, a reference to a section outside the corpus). The
rules text is verbatim and may not be edited in this repository, so its defects are warnings: the
lint of the present project is green, and turns red when something breaks.

Checks of the rules text (written generally; they know nothing of the present defects):

===== ======================== ========================================================================
R000  rules-unreadable         a rules file that cannot be read or parsed (error)
R001  numbering-gap            a clause number or an item letter skipped (113.4 followed by 113.6)
R002  duplicate-number         a clause number (or another id) used twice in one file (parser warning)
R003  numbering-order          a clause number lower than one before it (113.3 after 114.1)
R004  example-numbering        «ПРИМЕР 1» without «ПРИМЕР 2», numbers out of sequence, or numbered and
                               unnumbered examples mixed in one clause
R005  examples-unnumbered      several «ПРИМЕР.» in one clause, none numbered (info)
R006  outside-section          a clause standing under the heading of another section
R007  unbalanced               an unclosed or stray bracket or quote in a unit ((), [], {}, «», “”, „“, "")
R008  broken-paragraph         a paragraph broken over several lines (parser warning)
R009  parser-warning           any other warning of the corpus parser
R010  unnumbered-paragraph     a paragraph without a number (info; the corpus has them on purpose)
R011  xref-title-inconsistent  one section referred to under two different titles
R012  xref-title-mismatch      a reference gives a section a title other than its heading in the corpus
R013  xref-outside-corpus      a reference to a section that is not in the corpus (info)
R014  xref-dangling            a reference to a clause missing from a section the corpus holds
R015  other-edition-term       a word of the other edition (:data:`EDITION_TERMS`); info inside a
                               ``[placeholder]``
R016  term-spelling            one word spelled two ways in one edition (ё/е in the stem, a hyphen)
R017  term-capitalisation      one word capitalised in mid-sentence in one place and not in another
                               («на Шаге применения» / «на шаге замещения»); placeholders and numbered
                               names («Способности 2») are left out
===== ======================== ========================================================================

Checks of the suite:

===== ======================== ========================================================================
S001  feature-unparsable       a feature file the Gherkin parser rejects (error)
S002  duplicate-scenario-name  two scenarios of one file with the same name: pytest-bdd keeps one; or
                               example rows of an outline that give the same name (error)
S023  duplicate-scenario-id    two scenarios (or example rows) of the suite with one id, the edition and the
                               tag in brackets (``classic:113.2-1``): results and expectations key on it (error)
S024  scenario-without-id      a scenario name that does not open with its tag in brackets (``[113.2-1] …``):
                               its id falls back to file and title, and rots when either changes (warning)
S025  axis-value-unplayed      a value of an axis of a unit (``rules/axes.yaml``) that no scenario plays and that
                               does not say why none can (``justified:``): the unit is not strong on that case
                               (warning)
S026  axes-invalid             ``rules/axes.yaml`` does not load, names a unit the corpus lacks, or a scenario id
                               the suite lacks or that does not name the unit (error)
S027  unit-without-axes        a rule unit that ``rules/axes.yaml`` gives no axes (warning)
S028  unknown-reading          a ``@reading:GROUP=READING`` tag naming a group or reading the register
                               (``rules/assumptions.yaml`` ``readings:``) or the engine does not list, or on a
                               scenario without the group's ``@asm:`` tag (error)
S003  unknown-unit-tag         a tag that looks like a unit id (``@classic:113``, ``@113.2``) and names
                               no unit (error)
S004  unknown-assumption-tag   an ``@asm:`` tag not in ``rules/assumptions.yaml`` (error)
S005  unit-without-scenario    a rule unit no scenario names
S006  board-invalid            a board under ``scenarios/`` that does not load (every problem; error)
S007  board-missing            ``Дано расклад "…"`` naming a board that does not exist (error)
S008  board-unused             a board no scenario loads
S009  step-undefined           a step that matches no definition of ``harness/suite/steps.py`` (error)
S010  assumption-unused        an assumption no scenario depends on
S011  assumption-bad-unit      an assumption's ``units`` naming no unit
S012  assumptions-unreadable   ``rules/assumptions.yaml`` cannot be read or breaks its schema
                               (``harness/schemas/assumptions.schema.json``: a Russian ``ru:`` for every
                               entry and reading, …; error)
S013  schema-modeline          a board, catalog or expectations file whose first line is not its
                               ``# yaml-language-server: $schema=…`` line (``harness/suite/editor_schemas.py``)
S014  unknown-needs-tag        a ``@needs:`` tag naming no feature of ``harness/suite/capabilities.py`` (error)
S015  plain-tag                a tag that names neither a unit nor an assumption (``@wip``); `check` ends
                               the scenario as ERROR (error)
S016  scenario-without-steps   a scenario with no steps would pass checking nothing (error)
S017  steps-out-of-order       a scenario that does not start with «Дано» (error)
S018  feature-outside          a feature file under ``features/`` linked to a file outside it (error)
S019  invented-card-fact       a card fact no source gives, declared (``invented:`` of a catalog card or a
                               board's test card; info: the list of every made-up fact the suite uses)
S020  invented-undeclared      a card whose ``source`` says it is made up or not known («test card»,
                               «not known», «assumed», «invented») without an ``invented:`` declaration
S021  refusal-without-class    a step expecting a refusal («Тогда игрок А не может применить …») that does
                               not name its class in brackets (« (один раз за ход)»), or names one the
                               kit does not know (``harness/engines/contract.py`` REFUSALS; never
                               ``unknown_action``/``unsupported``); `check` ends the scenario as ERROR (error)
S022  inline-card              a board of the suite that defines a card inline (``test_cards``): every test
                               card lives once in the pool ``catalog/test-cards/`` (one name, one card) (error)
S030  invented-facts-untagged  a scenario whose board uses a catalog card with invented stats or text (its
                               ``invented:``; the pool's test cards aside) without ``@asm:card-stats-unknown`` (error)
S031  unordered-rows-ordered   an exact-order table — «сработавшие эффекты правил игры идут в таком порядке:»,
                               «игродействия в истории боя идут в таком порядке…:» / «… подряд:» — with two
                               rows in a row naming the same rule effect: instances of one rule effect that
                               become due together are applied at once (503.1: «выполняются сразу, как только
                               становятся актуальными»), so neither their order nor their number as entries is
                               the text's; unless the scenario names a ``@reading:`` or an ``@asm:`` whose entry
                               says it orders rule effects (``orders: rule-effects``). Write «сработали эффекты
                               правил игры, порядок не задан:» or «… идут этапами, …» instead (error)
S029  metamorphic-exclusion    an entry of ``features/metamorphic.yaml`` (the scenarios not played under a
                               metamorphic transformation, ``harness/suite/metamorphic.py``) that names no
                               scenario, an unknown transformation or one that does not apply to the
                               scenario's edition, or gives no reason; or the file is malformed (error)
S032  heading-stale            a ``Правило:`` heading (or its description) naming a unit whose text changed
                               since the last review, and quoting a meaning-carrying word
                               (`harness.rules.changes`: a negation, a number, a trigger word, modality,
                               whose) that the approved text said and the present text no longer says: the
                               heading must follow the text before ``approve`` records its scenarios (error)
S033  quoted-card-stale        a catalog card whose facts come from the words of a rules unit (its
                               ``quotes:``, ``harness/suite/quotes.py``) and the unit no longer says those
                               words, or a number of the words is not the card's fact: the card must follow
                               the text (its words and its facts) before ``approve`` records the unit's
                               scenarios (error)
S034  feature-tree-loop        a symbolic link under ``features/`` that leads back to a folder it stands in
                               (a loop), or to a folder already read (its features twice): not followed,
                               named once (error; ``check`` refuses the run)
===== ======================== ========================================================================

Checks of the review lock (``harness/rules/review.py``):

===== ======================== ========================================================================
V001  needs-review             a scenario naming a unit whose text changed, or that is new, since the
                               last review (error; ``berserk-rules approve UNIT`` clears it)
V002  unit-unreviewed          a changed or new unit that no scenario names (approve it too)
V003  lock-stale               a lock entry naming no unit
V004  lock-missing             no ``review.lock``: review is not tracked (info)
V005  lock-unreadable          a malformed ``review.lock`` (error)
V006  approved-unseen          a scenario approved with ``approve --all`` on a substantive change of a unit
                               and not reviewed since (its ``unseen`` list in the lock): a warning the
                               pre-commit hooks fail on (``--fail-on-code V006``), until the scenario is
                               approved by name or at the prompt of ``approve``
===== ======================== ========================================================================
"""

from __future__ import annotations

import difflib
import functools
import importlib
import re
import unicodedata
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from gherkin.errors import CompositeParserException, ParserError, ParserException
from gherkin.parser import Parser
from gherkin.token_scanner import TokenScanner

import engine
from harness.common import paths
from harness.common.errors import InputError
from harness.common.yamldoc import display_path, load_yaml
from harness.rules.corpus import Corpus, RulesFile, Unit, load_corpus, load_rules_file, parse_rules_text
from harness.rules.diff import render_word_diff, word_diff
from harness.rules.lookup import stem_list
from harness.rules.renumbering import renumbered
from harness.rules.review import load_lock, lock_path, review_state, rules_dir, stale_heading
from harness.suite.board import load_board
from harness.suite.catalog import load_catalog
from harness.suite.features import ASSUMPTION_PREFIX, feature_files, is_unit_tag, language_problem
from harness.suite.quotes import catalog_docs, load_quotes, stale_quotes
from harness.suite.session import assumption_problems
from harness.suite.suitecheck import NO_STEPS, NOT_GIVEN_FIRST, PLAIN_TAG, outside_features, refusal_problem

__all__ = [
    "CHECKS",
    "EDITION_TERMS",
    "SEVERITIES",
    "Check",
    "Finding",
    "Project",
    "StepDef",
    "Term",
    "TermPair",
    "exit_code",
    "lint_corpus",
    "lint_paths",
    "lint_project",
    "lint_rules_text",
    "step_definitions",
]

SEVERITIES: tuple[str, ...] = ("error", "warning", "info")

_CYRILLIC = "абвгдеёжзийклмнопрстуфхцчшщъыьэюя"


@dataclass(frozen=True)
class Check:
    code: str
    name: str
    severity: str
    what: str


CHECKS: dict[str, Check] = {
    c.code: c
    for c in (
        Check("R000", "rules-unreadable", "error", "a rules file cannot be read or parsed"),
        Check("R001", "numbering-gap", "warning", "a clause number or item letter is skipped"),
        Check("R002", "duplicate-number", "warning", "a number is used twice in one file"),
        Check("R003", "numbering-order", "warning", "a number is lower than one before it"),
        Check("R004", "example-numbering", "warning", "examples are numbered inconsistently"),
        Check("R005", "examples-unnumbered", "info", "several examples of a clause, none numbered"),
        Check("R006", "outside-section", "warning", "a clause stands under another section's heading"),
        Check("R007", "unbalanced", "warning", "an unclosed or stray bracket or quote"),
        Check("R008", "broken-paragraph", "warning", "a paragraph broken over lines"),
        Check("R009", "parser-warning", "warning", "a warning of the corpus parser"),
        Check("R010", "unnumbered-paragraph", "info", "a paragraph without a number"),
        Check("R011", "xref-title-inconsistent", "warning", "one section referred to under two titles"),
        Check("R012", "xref-title-mismatch", "warning", "a reference's title differs from the heading"),
        Check("R013", "xref-outside-corpus", "info", "a reference to a section outside the corpus"),
        Check("R014", "xref-dangling", "warning", "a reference to a clause missing from its section"),
        Check("R015", "other-edition-term", "warning", "a word of the other edition"),
        Check("R016", "term-spelling", "warning", "one word spelled two ways in one edition"),
        Check("R017", "term-capitalisation", "warning", "one word capitalised and not in mid-sentence"),
        Check("S001", "feature-unparsable", "error", "a feature file does not parse"),
        Check("S002", "duplicate-scenario-name", "error",
              "two scenarios (or example rows of an outline) of a file share a name"),
        Check("S003", "unknown-unit-tag", "error", "a unit-like tag names no unit"),
        Check("S004", "unknown-assumption-tag", "error", "an @asm: tag names no assumption"),
        Check("S005", "unit-without-scenario", "warning", "no scenario names the unit"),
        Check("S006", "board-invalid", "error", "a board does not load"),
        Check("S007", "board-missing", "error", "a step names a board that does not exist"),
        Check("S008", "board-unused", "warning", "no scenario loads the board"),
        Check("S009", "step-undefined", "error", "a step matches no step definition"),
        Check("S010", "assumption-unused", "warning", "no scenario depends on the assumption"),
        Check("S011", "assumption-bad-unit", "warning", "an assumption names a unit that does not exist"),
        Check("S012", "assumptions-unreadable", "error", "the assumptions register cannot be read or breaks its schema"),
        Check("S013", "schema-modeline", "warning", "a YAML file does not name its schema in its first line"),
        Check("S014", "unknown-needs-tag", "error", "a @needs: tag names no feature of the protocol"),
        Check("S015", "plain-tag", "error", "a tag names neither a unit nor an assumption"),
        Check("S016", "scenario-without-steps", "error", "a scenario has no steps"),
        Check("S017", "steps-out-of-order", "error", "a scenario does not start with «Дано»"),
        Check("S018", "feature-outside", "error", "a feature file links outside the features folder"),
        Check("S019", "invented-card-fact", "info", "a declared invented card fact"),
        Check("S020", "invented-undeclared", "warning", "a made-up or unknown card fact without a declaration"),
        Check("S021", "refusal-without-class", "error", "an expected refusal does not name a known class"),
        Check("S022", "inline-card", "error", "a board of the suite defines a card inline (test_cards)"),
        Check("S023", "duplicate-scenario-id", "error", "two scenarios with one id (edition and bracket tag)"),
        Check("S024", "scenario-without-id", "warning", "a scenario name without its tag in brackets"),
        Check("S025", "axis-value-unplayed", "warning", "no scenario plays a value of an axis of the unit"),
        Check("S026", "axes-invalid", "error", "the axes file does not load, or names no unit or scenario"),
        Check("S027", "unit-without-axes", "warning", "the axes file gives the unit no axes"),
        Check("S028", "unknown-reading", "error", "a @reading: tag the register or the engine does not know"),
        Check("S029", "metamorphic-exclusion", "error",
              "a metamorphic exclusion names no scenario or transformation, or gives no reason"),
        Check("S030", "invented-facts-untagged", "error",
              "a scenario uses a catalog card with invented facts without the tag @asm:card-stats-unknown"),
        Check("S031", "unordered-rows-ordered", "error",
              "an exact-order table orders simultaneous rule effects the text does not order"),
        Check("S032", "heading-stale", "error",
              "a Правило: heading quotes words of its unit that the unit's text no longer says"),
        Check("S034", "feature-tree-loop", "error",
              "a link in features/ leads back to a folder it stands in, or to a folder already read"),
        Check("S033", "quoted-card-stale", "error",
              "a catalog card's fact quoted from a unit no longer agrees with the unit's text"),
        Check("V001", "needs-review", "error", "a scenario's units changed since the last review"),
        Check("V002", "unit-unreviewed", "warning", "a changed or new unit that no scenario names"),
        Check("V003", "lock-stale", "warning", "a lock entry names no unit"),
        Check("V004", "lock-missing", "info", "no review lock: review is not tracked"),
        Check("V005", "lock-unreadable", "error", "the review lock cannot be read"),
        Check("V006", "approved-unseen", "warning",
              "a scenario approved with approve --all on a substantive change, not reviewed since"),
    )
}


@dataclass(frozen=True)
class Finding:
    """One defect: where, how bad, what."""

    code: str
    severity: str
    file: str
    line: int | None
    message: str
    unit: str | None = None

    @property
    def name(self) -> str:
        return CHECKS[self.code].name

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "check": self.name, "severity": self.severity, "file": self.file,
                "line": self.line, "unit": self.unit, "message": self.message}

    def __str__(self) -> str:
        where = self.file if self.line is None else f"{self.file}:{self.line}"
        return f"{where}: {self.severity} {self.code} {self.name}: {self.message}"


def _finding(code: str, file: str, line: int | None, message: str, unit: str | None = None,
             severity: str | None = None) -> Finding:
    return Finding(code, severity or CHECKS[code].severity, file, line, message, unit)


def sort_findings(findings: Iterable[Finding]) -> list[Finding]:
    """Deduplicated, by file, line, code."""
    return sorted(set(findings), key=lambda f: (f.file, f.line or 0, f.code, f.message))


def exit_code(findings: Iterable[Finding], fail_on: str = "error", fail_on_codes: Iterable[str] = ()) -> int:
    """1 when a finding is at least as severe as ``fail_on``, or has one of ``fail_on_codes``; else 0."""
    worst = SEVERITIES.index(fail_on)
    codes = set(fail_on_codes)
    return 1 if any(SEVERITIES.index(f.severity) <= worst or f.code in codes for f in findings) else 0


# =========================================================================================== rules text
# ----------------------------------------------------------------------------------- terminology data


@dataclass(frozen=True)
class Term:
    """A word of one edition. It matches a word whose Snowball stem is the stem of ``word`` or, when
    ``stem`` is given, a word beginning with ``stem`` (for words whose Snowball stem is shared with
    other words: «особенность» and «особенно» are both «особен»). With ``case_sensitive`` the first
    letter's case must be that of ``word`` («Очередь», the heroes stack, is not «очередь»)."""

    word: str
    stem: str | None = None
    case_sensitive: bool = False

    def matches(self, token: str) -> bool:
        if self.case_sensitive and token[:1].isupper() != self.word[:1].isupper():
            return False
        norm = _norm_word(token)
        if self.stem is not None:
            return norm.startswith(self.stem)
        return _stem(norm) == _stem(_norm_word(self.word))


@dataclass(frozen=True)
class TermPair:
    """The same notion worded differently by the editions."""

    meaning: str
    words: dict[str, Term]


EDITION_TERMS: tuple[TermPair, ...] = (
    TermPair("ability", {"classic": Term("особенность", stem="особенност"),
                         "heroes": Term("способность", stem="способност")}),
    TermPair("the stack", {"classic": Term("стек"), "heroes": Term("Очередь", case_sensitive=True)}),
)
"""Words each edition uses for the same thing (classic «особенность»/«стек», heroes
«способность»/«Очередь»): a word of the other edition in a text is reported (R015)."""


# ----------------------------------------------------------------------------------- text helpers

_WORD_RE = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")
_SENTENCE_START_RE = re.compile(r"(?:^|[.!?…:;«“„\"(\[●·•]|\s[–—-])\s*$")


def _norm_word(word: str) -> str:
    return word.lower().replace("ё", "е")


_SPACE_DIGIT_RE = re.compile(r"\s+\d")


@lru_cache(maxsize=65536)
def _stem(word: str) -> str:
    stems = stem_list(word)
    return stems[0] if stems else word


def _tokens(text: str) -> list[tuple[str, int]]:
    return [(m.group(0), m.start()) for m in _WORD_RE.finditer(text)]


_SENTENCE_END_CHARS = frozenset(".!?…:;«“„\"([●·•")


def _sentence_start(text: str, pos: int) -> bool:
    """Whether `pos` starts a sentence (as `_SENTENCE_START_RE` on ``text[:pos]``), looking back only over
    the spaces before it: constant time, so lint stays linear in the length of a paragraph."""
    j = pos
    while j > 0 and text[j - 1].isspace():
        j -= 1
    if j == 0:
        return True
    if text[j - 1] in _SENTENCE_END_CHARS:
        return True
    return text[j - 1] in "–—-" and j >= 2 and text[j - 2].isspace()


def _placeholder_spans(text: str) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for m in re.finditer(r"\[[^\[\]]*\]", text)]


def _excerpt(text: str, pos: int, length: int, width: int = 30) -> str:
    start, end = max(0, pos - width), min(len(text), pos + length + width)
    return ("…" if start else "") + text[start:end].strip() + ("…" if end < len(text) else "")


def _norm_title(title: str) -> str:
    return re.sub(r"\s+", " ", unicodedata.normalize("NFC", title).lower().replace("ё", "е")).strip(" .")


def _ints(number: str) -> tuple[int, ...]:
    return tuple(int(p) for p in number.split(".") if p.isdigit())


def _num(parts: Sequence[int]) -> str:
    return ".".join(str(p) for p in parts)


# ----------------------------------------------------------------------------------- per file


def _parser_warnings(rf: RulesFile) -> list[Finding]:
    out = []
    for w in rf.warnings:
        if re.match(r"^(clause number|unit id) .* also at line \d+", w.message):
            m = re.match(r"^(?:clause number|unit id) (\S+) also at line (\d+)", w.message)
            assert m is not None
            msg = (f"{m.group(1)} is used twice (first at line {m.group(2)}); "
                   f"this one gets the id suffix .dup2")
            dup = next((u for u in _clauses(rf) if u.line == w.line), None)
            out.append(_finding("R002", w.file, w.line, msg + (_likely_number(rf, dup) if dup else "")))
        elif w.message.startswith("paragraph broken over lines"):
            out.append(_finding("R008", w.file, w.line, w.message))
        else:
            out.append(_finding("R009", w.file, w.line, w.message))
    return out


def _clauses(rf: RulesFile) -> list[Unit]:
    return [u for u in rf.units if u.kind == "clause" and _ints(u.number)]


def _numbering(rf: RulesFile) -> list[Finding]:
    out: list[Finding] = []
    clauses = _clauses(rf)
    groups: dict[tuple[int, ...], list[Unit]] = defaultdict(list)
    for u in clauses:
        groups[_ints(u.number)[:-1]].append(u)
    for parent, units in groups.items():
        present = sorted({_ints(u.number)[-1] for u in units})
        missing = [n for n in range(1, present[-1]) if n not in present]
        for run in _runs(missing):
            before = [n for n in present if n < run[0]]
            after = min(n for n in present if n > run[-1])
            at = next(u for u in units if _ints(u.number)[-1] == after)
            gone = _num(parent + (run[0],)) + ("" if len(run) == 1 else "–" + _num(parent + (run[-1],)))
            verb = "is" if len(run) == 1 else "are"
            if before:
                why = f"{_num(parent + (before[-1],))} is followed by {_num(parent + (after,))}"
            else:
                why = f"{_num(parent) or 'the file'} starts at {_num(parent + (after,))}"
            out.append(_finding("R001", rf.path, at.line, f"{gone} {verb} missing: {why}", at.id))
    # order
    prev: Unit | None = None
    for u in clauses:
        if prev is not None and _ints(u.number) < _ints(prev.number):
            out.append(_finding("R003", rf.path, u.line,
                                f"{u.number} comes after {prev.number} (line {prev.line}): numbers go down"
                                + _likely_number(rf, u), u.id))
        if prev is None or _ints(u.number) > _ints(prev.number):
            prev = u
    # outside its section: the section of the last heading above the clause
    heading_sections: list[tuple[int, str, str]] = []
    for line, text in rf.headings:
        m = re.match(r"^(\d+)\.\s", text)
        if m:
            heading_sections.append((line, m.group(1), text))
        else:
            nxt = next((u for u in clauses if u.line > line), None)
            if nxt is not None:
                heading_sections.append((line, str(_ints(nxt.number)[0]), text))
    for u in clauses:
        above = [h for h in heading_sections if h[0] < u.line]
        if not above:
            continue
        line, section, text = above[-1]
        if str(_ints(u.number)[0]) != section:
            out.append(_finding("R006", rf.path, u.line,
                                f"{u.number} stands in section {section} (under «{text}», line {line})", u.id))
    return out


def _likely_number(rf: RulesFile, unit: Unit) -> str:
    """For a clause whose number is duplicated, or that stands in another section, the number it most likely
    should have, with the reason, as a suffix of the finding's message (``""`` when nothing points at one):
    the number after the clause above it (``114.1`` → ``114.2``), when that number is free in the file and
    the heading the clause stands under belongs to the same section as the clause above."""
    clauses = _clauses(rf)
    above = [c for c in clauses if c.line < unit.line]
    duplicated = any(c.number == unit.number and c.id != unit.id for c in clauses)
    if not above:
        return ""
    before = above[-1]
    parts = _ints(before.number)
    if len(parts) != len(_ints(unit.number)):
        return ""
    candidate = _num(parts[:-1] + (parts[-1] + 1,))
    if any(c.number.rstrip(".") == candidate for c in clauses):
        return ""
    headings = [(line, text) for line, text in rf.headings if line < unit.line]
    under = ""
    if headings:
        line, text = headings[-1]
        m = re.match(r"^(\d+)\.\s", text)
        nxt = next((c for c in clauses if c.line > line and c.id != unit.id), None)
        section = m.group(1) if m else (str(_ints(nxt.number)[0]) if nxt is not None else None)
        if section is not None and section != str(parts[0]):
            return ""
        if not duplicated and section == str(_ints(unit.number)[0]):
            return ""           # a unique number in its own section, merely out of order: swapped, not mistyped
        if section is not None:
            under = f" under «{text.strip()}» (section {section})"
    elif not duplicated:
        return ""
    return (f"; most likely {candidate}: it stands right after {before.number} (line {before.line}){under}, "
            f"and no clause has the number {candidate}")


def _runs(numbers: list[int]) -> list[list[int]]:
    runs: list[list[int]] = []
    for n in numbers:
        if runs and runs[-1][-1] == n - 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return runs


def _letter_index(letter: str) -> int:
    if "a" <= letter <= "z":
        return ord(letter) - ord("a")
    return _CYRILLIC.index(letter) if letter in _CYRILLIC else -1


def _by_owner(rf: RulesFile, kind: str) -> dict[str, list[Unit]]:
    """The units of one kind (items, examples) grouped by the unit they belong to, in file order."""
    groups: dict[str, list[Unit]] = defaultdict(list)
    for u in rf.units:
        if u.kind == kind:
            groups[u.id.rsplit(".", 1)[0]].append(u)
    return groups


def _items(rf: RulesFile) -> list[Finding]:
    out: list[Finding] = []
    for owner, items in _by_owner(rf, "item").items():
        letters = [u.label.rstrip(".") for u in items]
        alphabet = "abcdefghijklmnopqrstuvwxyz" if all("a" <= c <= "z" for c in letters) else _CYRILLIC
        prev = -1
        for u, letter in zip(items, letters, strict=True):
            idx = _letter_index(letter)
            if idx < prev:
                out.append(_finding("R003", rf.path, u.line, f"item «{letter}.» of {owner} comes after "
                                    f"«{alphabet[prev]}.»", u.id))
            elif idx > prev + 1:
                gone = ", ".join(f"«{alphabet[i]}.»" for i in range(prev + 1, idx))
                out.append(_finding("R001", rf.path, u.line, f"item {gone} of {owner} is missing before "
                                    f"«{letter}.»", u.id))
            prev = max(prev, idx)
    return out


_EXAMPLE_NO_RE = re.compile(r"^\S+\s+(\d+)")


def _examples(rf: RulesFile) -> list[Finding]:
    out: list[Finding] = []
    for owner, examples in _by_owner(rf, "example").items():
        numbers = [int(m.group(1)) if (m := _EXAMPLE_NO_RE.match(u.label)) else None for u in examples]
        numbered = [n for n in numbers if n is not None]
        first = examples[0]
        if numbered and len(numbered) < len(numbers):
            at = examples[numbers.index(None)] if numbers[0] is not None else examples[numbers.index(numbered[0])]
            out.append(_finding("R004", rf.path, at.line, f"{owner} mixes numbered and unnumbered examples: "
                                + ", ".join(f"«{u.label}»" for u in examples), at.id))
        elif numbered == [1]:
            out.append(_finding("R004", rf.path, first.line,
                                f"«{first.label.rstrip(':.')}» in {owner} with no «ПРИМЕР 2»: "
                                "a single example is printed «ПРИМЕР.»", first.id))
        elif numbered and numbered != list(range(1, len(numbered) + 1)):
            at = next(u for u, n, k in zip(examples, numbers, range(1, len(numbers) + 1), strict=True) if n != k)
            out.append(_finding("R004", rf.path, at.line, f"examples of {owner} are numbered "
                                f"{', '.join(map(str, numbered))}; expected 1–{len(numbered)} in order", at.id))
        elif not numbered and len(numbers) > 1:
            out.append(_finding("R005", rf.path, examples[1].line,
                                f"{owner} has {len(numbers)} examples, none numbered («ПРИМЕР.»); their ids "
                                f"({', '.join(u.id.rsplit('.', 1)[1] for u in examples)}) follow their order",
                                examples[1].id))
    return out


_OPEN = {"(": ")", "[": "]", "{": "}", "«": "»", "„": "“", "“": "”", '"': '"'}
_CLOSE = {")": "(", "]": "[", "}": "{", "»": "«", "”": "“"}
_LIST_MARKER_RE = re.compile(r"(?:^|[.;:]\s+)[0-9a-zа-я]\)")


def unbalanced(text: str) -> list[tuple[int, str]]:
    """Every unclosed or stray bracket or quote of ``text``: ``(position, message)``.

    ``( ) [ ] { } « »`` pair as usual; ``“`` opens and ``”`` closes, but ``“`` also closes ``„``
    (the German style); a straight ``"`` closes an open ``"``, else it opens one. A list marker such
    as ``a)`` is not a bracket.
    """
    skip = {m.end() - 1 for m in _LIST_MARKER_RE.finditer(text)}
    stack: list[tuple[str, int]] = []
    problems: list[tuple[int, str]] = []
    for pos, ch in enumerate(text):
        if pos in skip:
            continue
        if ch == "“" and stack and stack[-1][0] == "„":
            stack.pop()
        elif ch == '"' and stack and stack[-1][0] == '"':
            stack.pop()
        elif ch in _OPEN:
            stack.append((ch, pos))
        elif ch in _CLOSE:
            opener = _CLOSE[ch]
            if stack and stack[-1][0] == opener:
                stack.pop()
            elif any(o == opener for o, _ in stack):
                while stack[-1][0] != opener:
                    o, p = stack.pop()
                    problems.append((p, f"'{o}' is never closed (closed '{opener}' first)"))
                stack.pop()
            else:
                problems.append((pos, f"'{ch}' closes nothing"))
    for o, p in stack:
        problems.append((p, f"'{o}' is never closed"))
    return sorted(problems)


def _balance(rf: RulesFile) -> list[Finding]:
    out = []
    for u in rf.units:
        for pos, message in unbalanced(u.text):
            out.append(_finding("R007", rf.path, u.line, f"{u.id}: {message}: «{_excerpt(u.text, pos, 1)}»", u.id))
    return out


def _unnumbered(rf: RulesFile) -> list[Finding]:
    out = []
    for u in rf.units:
        if u.kind == "paragraph":
            after = f"after {u.number}" if u.parent else f"before the first clause of section {u.section}"
            out.append(_finding("R010", rf.path, u.line,
                                f"unnumbered paragraph {after}, id {u.id}: «{_excerpt(u.text, 0, 0, 50)}»", u.id))
    return out


# ----------------------------------------------------------------------------------- per edition

_SECTION_REF_RE = re.compile(r"(?<![\d.])(\d{3})\.\s+([А-ЯЁA-Z][^.()\d\n]*?)\.")
_CLAUSE_REF_RE = re.compile(r"(?<![\d.])(\d{3}(?:\.\d+)+)(?![\d])")


@dataclass(frozen=True)
class _Ref:
    unit: Unit
    number: str
    title: str | None


def _refs(units: Iterable[Unit]) -> list[_Ref]:
    out = []
    for u in units:
        for m in _SECTION_REF_RE.finditer(u.text):
            out.append(_Ref(u, m.group(1), m.group(2).strip()))
        for m in _CLAUSE_REF_RE.finditer(u.text):
            out.append(_Ref(u, m.group(1), None))
    return out


def _xrefs(units: list[Unit], files: list[RulesFile]) -> list[Finding]:
    out: list[Finding] = []
    titles: dict[str, tuple[str, str]] = {}  # section -> (title, file)
    for rf in files:
        for sec, title in rf.section_titles.items():
            titles.setdefault(sec, (title, rf.path))
    sections = {u.section for u in units} | set(titles)
    clauses = {u.number for u in units if u.kind == "clause"} | {u.id.split(":", 1)[1] for u in units}
    first_title: dict[str, _Ref] = {}
    for ref in _refs(units):
        u = ref.unit
        if ref.title is not None:
            quoted = f"{ref.number}. {ref.title}."
            earlier = first_title.setdefault(ref.number, ref)
            if earlier is not ref and _norm_title(earlier.title or "") != _norm_title(ref.title):
                out.append(_finding(
                    "R011", u.file, u.line,
                    f"{u.id} refers to section {ref.number} as «{ref.title}», {earlier.unit.id} "
                    f"({earlier.unit.file}:{earlier.unit.line}) as «{earlier.title}»: "
                    + render_word_diff(word_diff(earlier.title or "", ref.title)), u.id))
            if ref.number in titles:
                heading, where = titles[ref.number]
                if _norm_title(heading) != _norm_title(ref.title):
                    out.append(_finding("R012", u.file, u.line,
                                        f"{u.id} refers to «{quoted}», but the corpus holds section {ref.number} "
                                        f"as «{heading}» ({where})", u.id))
            elif ref.number not in sections:
                out.append(_finding("R013", u.file, u.line,
                                    f"{u.id} refers to «{quoted}»: section {ref.number} is not in the corpus", u.id))
        else:
            section = ref.number.split(".")[0]
            if ref.number in clauses:
                continue
            if section in sections:
                held = titles.get(section, ("", ""))[0]
                out.append(_finding("R014", u.file, u.line,
                                    f"{u.id} refers to {ref.number}, but section {section}"
                                    + (f" («{held}»)" if held else "") + f" has no clause {ref.number}", u.id))
            else:
                out.append(_finding("R013", u.file, u.line,
                                    f"{u.id} refers to {ref.number}: section {section} is not in the corpus", u.id))
    return out


def _edition_terms(units: list[Unit], edition: str, terms: Sequence[TermPair]) -> list[Finding]:
    out: list[Finding] = []
    for u in units:
        spans = _placeholder_spans(u.text)
        for pair in terms:
            own = pair.words.get(edition)
            for other_edition, term in pair.words.items():
                if other_edition == edition:
                    continue
                hits = [(tok, pos) for tok, pos in _tokens(u.text) if term.matches(tok)]
                if own is not None:
                    hits = [(tok, pos) for tok, pos in hits if not own.matches(tok)]
                inside = [(t, p) for t, p in hits if any(a <= p < b for a, b in spans)]
                outside = [(t, p) for t, p in hits if (t, p) not in inside]
                instead = f"; the {edition} text says «{own.word}»" if own else ""
                for group, severity, where in ((outside, None, ""), (inside, "info", " in a placeholder")):
                    if not group:
                        continue
                    forms = ", ".join(dict.fromkeys(f"«{t}»" for t, _ in group))
                    tok, pos = group[0]
                    out.append(_finding(
                        "R015", u.file, u.line,
                        f"{u.id}: {forms}{where}: «{term.word}» is the {other_edition} word for {pair.meaning}"
                        f"{instead}: «{_excerpt(u.text, pos, len(tok), 25)}»", u.id, severity))
    return out


@dataclass
class _Occ:
    unit: Unit
    raw: str
    pos: int


def _spelling(units: list[Unit]) -> list[Finding]:
    """Words spelled two ways: ё/е in the stem, with/without a hyphen, capitalised mid-sentence or not."""
    out: list[Finding] = []
    yo: dict[str, dict[str, list[_Occ]]] = defaultdict(lambda: defaultdict(list))
    case: dict[str, dict[bool, list[_Occ]]] = defaultdict(lambda: defaultdict(list))
    hyphen: dict[str, dict[str, list[_Occ]]] = defaultdict(lambda: defaultdict(list))
    plain: list[_Occ] = []
    for u in units:
        toks = _tokens(u.text)
        spans = _placeholder_spans(u.text)
        for i, (tok, pos) in enumerate(toks):
            norm = _norm_word(tok)
            if len(norm) < 4:
                continue
            stem = _stem(norm)
            # ё/е: a word with «ё» followed by at least two letters (so not an ending: «замещён» /
            # «замещено» are both right) against a word written with «е» there («определённых» /
            # «определенным»)
            low = tok.lower()
            at = low.find("ё")
            if at >= 0 and len(low) >= at + 3:
                yo[norm[: at + 3]][low[: at + 3]].append(_Occ(u, tok, pos))
            elif at < 0:
                plain.append(_Occ(u, tok, pos))
            placeholder = any(a <= pos < b for a, b in spans) or bool(_SPACE_DIGIT_RE.match(u.text, pos + len(tok)))
            if not placeholder and not _sentence_start(u.text, pos):
                case[stem][tok[:1].isupper()].append(_Occ(u, tok, pos))
            hyphen[norm.replace("-", "")][norm].append(_Occ(u, tok, pos))
            if i + 1 < len(toks) and u.text[pos + len(tok): toks[i + 1][1]] == " ":
                nxt = _norm_word(toks[i + 1][0])
                hyphen[norm + nxt][f"{norm} {nxt}"].append(_Occ(u, f"{tok} {toks[i + 1][0]}", pos))
    for o in plain:
        norm = _norm_word(o.raw)
        for k in range(4, len(norm) + 1):
            if norm[:k] in yo:
                yo[norm[:k]][norm[:k]].append(o)
    for forms in yo.values():
        if len(forms) > 1:
            out.append(_variant(forms, "spelled with and without «ё»"))
    for forms in case.values():
        if len(forms) > 1:
            out.append(_variant({"capital": forms[True], "lower": forms[False]},
                                "capitalised and not in mid-sentence", "R017"))
    for forms in hyphen.values():
        if len(forms) > 1 and any("-" in f for f in forms) and any("-" not in f for f in forms):
            out.append(_variant(forms, "written with and without a hyphen"))
    return out


def _variant(forms: dict[Any, list[_Occ]], what: str, code: str = "R016") -> Finding:
    groups = sorted(forms.values(), key=lambda occ: (-len(occ), occ[0].unit.file, occ[0].unit.line))
    usual, odd = groups[0], groups[1]
    at = odd[0]

    def show(occ: list[_Occ]) -> str:
        words = ", ".join(dict.fromkeys(f"«{o.raw}»" for o in occ))
        places = ", ".join(dict.fromkeys(o.unit.id for o in occ))
        return f"{words} ({places})"

    return _finding(code, at.unit.file, at.unit.line, f"{show(odd)} vs {show(usual)}: {what}", at.unit.id)


def lint_corpus(corpus: Corpus, only_files: Iterable[str] | None = None,
                terms: Sequence[TermPair] = EDITION_TERMS) -> list[Finding]:
    """Every rules-text finding of ``corpus`` (restricted to the files ``only_files`` when given;
    cross-references and spellings are still read across every file of the same edition)."""
    out: list[Finding] = []
    for rf in corpus.files:
        out += _parser_warnings(rf) + _numbering(rf) + _items(rf) + _examples(rf) + _balance(rf)
        out += _unnumbered(rf)
    for edition in corpus.editions:
        files = [f for f in corpus.files if f.edition == edition]
        units = [u for f in files for u in f.units]
        out += _xrefs(units, files) + _edition_terms(units, edition, terms) + _spelling(units)
    if only_files is not None:
        keep = set(only_files)
        out = [f for f in out if f.file in keep]
    return sort_findings(out)


def lint_rules_text(text: str, file: str = "classic-test.txt", edition: str | None = None,
                    terms: Sequence[TermPair] = EDITION_TERMS) -> list[Finding]:
    """Lint one rules text given as a string (the edition defaults to the file name's prefix)."""
    edition = edition or Path(file).name.split("-", 1)[0]
    try:
        rf = parse_rules_text(text, file, edition)
    except InputError as exc:
        return [_finding("R000", p.file, p.line, p.message) for p in exc.problems]
    return lint_corpus(Corpus([rf]), terms=terms)


# =========================================================================================== the suite


@dataclass
class Project:
    """The folders lint reads; defaults are the kit's (``harness.common.paths``), the rules folder the one in use
    (``--rules`` / ``BERSERK_RULES_DIR``)."""

    root: Path = field(default_factory=lambda: paths.ROOT)
    rules: Path | None = None
    features: Path | None = None
    scenarios: Path | None = None
    catalog: Path | None = None
    assumptions: Path | None = None

    def __post_init__(self) -> None:
        self.root = Path(self.root)
        default_rules = rules_dir() if self.root == paths.ROOT else self.root / "rules"
        self.rules = Path(self.rules) if self.rules else default_rules
        self.features = Path(self.features) if self.features else self.root / "features"
        self.scenarios = Path(self.scenarios) if self.scenarios else self.root / "scenarios"
        self.catalog = Path(self.catalog) if self.catalog else self.root / "catalog"
        if self.assumptions is None:
            own = self.rules / "assumptions.yaml"
            self.assumptions = own if own.is_file() else self.root / "rules" / "assumptions.yaml"

    def show(self, path: Path) -> str:
        return display_path(Path(path), self.root)


# ----------------------------------------------------------------------------------- step definitions


@dataclass(frozen=True)
class StepDef:
    """A step definition: its type (``given``/``when``/``then``; ``None`` for any), a matcher, and
    its documented example (first line of the docstring)."""

    type: str | None
    pattern: str
    matches: Callable[[str], bool]
    example: str = ""


def step_definitions(module_name: str = "harness.suite.steps") -> list[StepDef]:
    """The steps registered by a module's pytest-bdd decorators.

    pytest-bdd's ``@given``/``@when``/``@then`` put a fixture named ``pytestbdd_stepdef_…`` into the
    module; the function that fixture wraps is the key of ``step_function_context_registry``, whose
    value holds the step type and the parser (``parser.is_matching(text)``). Falls back to every
    registered context whose step function lives in the module.
    """
    from pytest_bdd.steps import StepNamePrefix, step_function_context_registry

    module = importlib.import_module(module_name)
    contexts = []
    for name, value in vars(module).items():
        if not name.startswith(StepNamePrefix.step_def.value):
            continue
        fn = value
        for attr in ("_get_wrapped_function", "__wrapped__"):
            inner = getattr(value, attr, None)
            if inner is not None:
                fn = inner() if attr == "_get_wrapped_function" else inner
                break
        ctx = step_function_context_registry.get(fn)
        if ctx is not None:
            contexts.append(ctx)
    if not contexts:
        contexts = [c for c in list(step_function_context_registry.values())
                    if getattr(c.step_func, "__module__", None) == module_name]
    out = []
    for ctx in contexts:
        doc = (ctx.step_func.__doc__ or "").strip()
        example = re.split(r"\s[—-]\s", " ".join(doc.split()), maxsplit=1)[0] if doc else ""
        out.append(StepDef(ctx.type, ctx.parser.name, ctx.parser.is_matching, example))
    return out


# ----------------------------------------------------------------------------------- features

_TYPE_OF = {"Context": "given", "Action": "when", "Outcome": "then"}
_TYPE_WORD = {"given": "Дано", "when": "Когда", "then": "Тогда"}
_BOARD_STEP_RE = re.compile(r'^расклад "(?P<path>[^"]+)"$')


@dataclass
class _Step:
    keyword: str
    type: str | None
    text: str
    line: int
    table: tuple[tuple[str, ...], ...] = ()     # the step's data table, rows of cells (header first)


@dataclass
class _Scenario:
    file: str
    name: str
    line: int
    tags: list[tuple[str, int]]  # (tag without @, line)
    steps: list[_Step]
    rows: list[tuple[str, int]] = field(default_factory=list)  # an outline: each example row's name, row line
    rule: tuple[str, int, str] | None = None  # the enclosing Правило: name, line, description

    @property
    def units(self) -> list[str]:
        return sorted({t for t, _ in self.tags if is_unit_tag(t)})

    @property
    def assumptions(self) -> list[str]:
        return sorted({t[len(ASSUMPTION_PREFIX):] for t, _ in self.tags if t.startswith(ASSUMPTION_PREFIX)})


def _typed_steps(steps: Iterable[dict[str, Any]]) -> list[_Step]:
    out, current = [], None
    for s in steps:
        current = _TYPE_OF.get(s.get("keywordType", ""), current)
        table = tuple(tuple(c["value"].strip() for c in row["cells"]) for row in (s.get("dataTable") or {}).get("rows", ()))
        out.append(_Step(s["keyword"].strip(), current, s["text"], s["location"]["line"], table))
    return out


def _render(steps: list[_Step], row: dict[str, str]) -> list[_Step]:
    from pytest_bdd.parser import render_string  # imported late: `check` runs pytest after importing lint

    return [_Step(s.keyword, s.type, render_string(s.text, row), s.line, s.table) for s in steps]


def _parse_feature(path: Path, shown: str) -> tuple[list[_Scenario], list[Finding]]:
    from pytest_bdd.parser import render_string

    try:
        text = path.read_bytes().decode("utf-8-sig")   # a byte order mark is accepted, as in boards
    except (OSError, UnicodeDecodeError) as exc:
        return [], [_finding("S001", shown, None, f"cannot read the feature file: {exc}")]
    wrong_language = language_problem(text)
    if wrong_language is not None:              # one finding, not one per Russian keyword
        return [], [_finding("S001", shown, *wrong_language)]
    try:
        doc = Parser().parse(TokenScanner(text))
    except CompositeParserException as exc:
        return [], [_finding("S001", shown, e.location.get("line"), re.sub(r"^\(\d+:\d+\):\s*", "", str(e)))
                    for e in exc.errors]
    except (ParserException, ParserError) as exc:
        loc = getattr(exc, "location", None) or {}
        return [], [_finding("S001", shown, loc.get("line"), re.sub(r"^\(\d+:\d+\):\s*", "", str(exc)))]
    feature = doc.get("feature")
    if not feature:
        return [], []

    def tags(node: dict[str, Any]) -> list[tuple[str, int]]:
        return [(t["name"].lstrip("@"), t["location"]["line"]) for t in node.get("tags", ())]

    out: list[_Scenario] = []

    def walk(children: Iterable[dict[str, Any]], inherited: list[tuple[str, int]], background: list[_Step],
             within: tuple[str, int, str] | None = None) -> None:
        for child in children:
            if "background" in child:
                background = background + _typed_steps(child["background"].get("steps", ()))
            elif "rule" in child:
                rule = child["rule"]
                walk(rule.get("children", ()), inherited + tags(rule), background,
                     (rule.get("name", ""), rule["location"]["line"], (rule.get("description") or "").strip()))
            elif "scenario" in child:
                sc = child["scenario"]
                own = _typed_steps(sc.get("steps", ()))
                all_tags = inherited + tags(sc)
                variants: list[list[_Step]] = []
                rows: list[tuple[str, int]] = []
                for ex in sc.get("examples", ()):
                    all_tags += tags(ex)
                    header = [c["value"] for c in (ex.get("tableHeader") or {}).get("cells", ())]
                    for row in ex.get("tableBody", ()):
                        values = dict(zip(header, (c["value"] for c in row["cells"]), strict=False))
                        variants.append(_render(own, values))
                        rows.append((render_string(sc["name"], values), row["location"]["line"]))
                steps = background + [s for v in (variants or [own]) for s in v]
                out.append(_Scenario(shown, sc["name"], sc["location"]["line"], all_tags, steps, rows, within))

    walk(feature.get("children", ()), tags(feature), [])
    return out, []


def _scenario_id(file: str, name: str) -> str:
    """A scenario's stable id (harness.suite.features.stable_id) from its feature file as lint shows it."""
    from harness.suite.features import stable_id

    rel = file.replace("\\", "/").split("features/", 1)[-1].removesuffix(".feature")
    return stable_id(rel, name)


def _feature_findings(scenarios: list[_Scenario], corpus: Corpus | None, assumption_ids: set[str] | None,
                      steps: list[StepDef] | None, boards: Path, project: Project) -> tuple[list[Finding], set[str]]:
    out: list[Finding] = []
    used_boards: set[str] = set()
    first: dict[tuple[str, str], int] = {}
    renum = _renumbering(corpus, project)
    invented_cards: dict[str, list[str]] = {}          # board → its catalog cards with invented facts (S030)
    loaded: list[Any] = []

    def catalog_once() -> Any:
        if not loaded:
            loaded.append(_catalog(project))
        return loaded[0]

    ids: dict[str, tuple[str, int]] = {}
    # the assumptions that order simultaneous rule effects (S031)
    ordering = {str(a.get("id")) for a in _assumption_entries(project) if a.get("orders") == "rule-effects"}
    for sc in sorted(scenarios, key=lambda s: (s.file, s.line)):
        for name, line in sc.rows or [(sc.name, sc.line)]:
            sid = _scenario_id(sc.file, name)
            if not re.match(r"\[[^\]\s]+\]", name):
                out.append(_finding("S024", sc.file, line, f"«{name}» does not open with its tag in brackets "
                                    "([<unit>-<n>] …): its id falls back to the file and the title"))
            elif sid in ids and ids[sid][0] != sc.file:       # within a file, S002 says it
                out.append(_finding("S023", sc.file, line, f"the id {sid} is also the id of the scenario at "
                                    f"{ids[sid][0]}:{ids[sid][1]}; give each scenario its own tag in brackets"))
            else:
                ids.setdefault(sid, (sc.file, line))
            key = (sc.file, name)
            if key not in first:
                first[key] = line
            elif sc.rows:
                out.append(_finding("S002", sc.file, line, f"this example row names its scenario «{name}», as "
                                    f"line {first[key]} does; one name per row: put a <parameter> of the "
                                    "examples in the outline's name"))
            else:
                out.append(_finding("S002", sc.file, line, f"scenario name «{name}» also at line {first[key]}; "
                                    "pytest-bdd keeps only one of them: names must be unique in a file"))
        seen_tags: set[str] = set()
        for tag, line in sc.tags:
            if tag in seen_tags:
                continue
            seen_tags.add(tag)
            if tag.startswith(ASSUMPTION_PREFIX):
                asm = tag[len(ASSUMPTION_PREFIX):]
                if assumption_ids is not None and asm not in assumption_ids:
                    near = _near(asm, sorted(assumption_ids))
                    out.append(_finding("S004", sc.file, line, f"@{tag}: no assumption «{asm}» in "
                                        f"{project.show(project.assumptions or Path())}{near}"))
            elif tag.startswith("reading:"):        # the outcome holds under this reading (rules/assumptions.yaml)
                problem = _reading_problem(tag[8:], {t for t, _ in sc.tags}, project)
                if problem:
                    out.append(_finding("S028", sc.file, line, f"@{tag}: {problem}"))
            elif tag.startswith("needs:"):          # a capability the scenario needs (harness/suite/capabilities.py)
                from harness.suite.capabilities import FEATURES

                if tag[6:] not in FEATURES:
                    out.append(_finding("S014", sc.file, line, f"@{tag}: no feature «{tag[6:]}»; known: "
                                        f"{', '.join(FEATURES)}"))
            elif corpus is not None and _unit_like(tag) and corpus.get(tag) is None:
                hint = (f": renumbered {renum[tag]}, its text unchanged (the review lock has it as {tag}): update the "
                        "tag; `berserk-rules approve --retag` rewrites every place naming the old number"
                        if tag in renum else _unit_hint(tag, corpus))
                out.append(_finding("S003", sc.file, line, f"@{tag} names no rule unit{hint}"))
            elif ":" not in tag and not _unit_like(tag):
                out.append(_finding("S015", sc.file, line, f"@{tag}: {PLAIN_TAG}"))
        if not sc.steps:
            out.append(_finding("S016", sc.file, sc.line, NO_STEPS))
        elif sc.steps[0].type not in (None, "given"):
            opening = sc.steps[0]           # (not `first`: the names seen so far, for S002, are called that)
            out.append(_finding("S017", sc.file, opening.line,
                                NOT_GIVEN_FIRST.format(step=f"{opening.keyword} {opening.text}")))
        unordered = _unordered_rows_problem(sc, ordering)
        if unordered:
            out.append(_finding("S031", sc.file, unordered[0], unordered[1]))
        for step in sc.steps:
            refusal = refusal_problem(step.text, step.keyword) if step.type in (None, "then") else None
            if refusal:
                out.append(_finding("S021", sc.file, step.line, refusal))
            m = _BOARD_STEP_RE.match(step.text)
            if m:
                used_boards.add(m.group("path"))
                if m.group("path") not in invented_cards:
                    invented_cards[m.group("path")] = _invented_catalog_cards(boards / m.group("path"), project,
                                                                              catalog_once)
                invented = invented_cards[m.group("path")]
                if invented and "asm:card-stats-unknown" not in {t for t, _ in sc.tags}:
                    out.append(_finding("S030", sc.file, step.line, f"the board uses {', '.join(invented)}, whose "
                                        "facts the catalog invents (invented:): tag the scenario "
                                        "@asm:card-stats-unknown"))
                if outside_features(boards / m.group("path"), boards):      # `..`, absolute, a link out
                    out.append(_finding("S007", sc.file, step.line, f"board «{m.group('path')}» is outside "
                                        f"{project.show(boards)}/: a board is named by its path under it"))
                elif not (boards / m.group("path")).is_file():
                    near = _near(m.group("path"), _board_names(boards))
                    out.append(_finding("S007", sc.file, step.line, f"board «{m.group('path')}» not found "
                                        f"under {project.show(boards)}/{near}"))
            if steps is not None:
                problem = _step_problem(step, steps)
                if problem:
                    out.append(_finding("S009", sc.file, step.line, problem))
    return out, used_boards


_EXACT_ORDER_STEPS = re.compile(r"сработавшие эффекты правил игры идут в таком порядке:|игродействия в истории "
                                r"боя идут (?:в таком порядке(?:, без других таких записей между ними)?|подряд):")


def _unordered_rows_problem(sc: _Scenario, ordering: set[str]) -> tuple[int, str] | None:
    """S031: the first exact-order table of the scenario with two rows in a row naming the same rule effect —
    simultaneous instances of one rule effect, which the text does not order (503.1) —, as (line, message);
    None when there is none, or the scenario names a reading or an assumption that orders rule effects (the ids
    in `ordering`)."""
    tags = {t for t, _ in sc.tags}
    if any(t.startswith("reading:") for t in tags) or {f"{ASSUMPTION_PREFIX}{a}" for a in ordering} & tags:
        return None
    from harness.common.vocabulary import RULE_EFFECT_NAMES

    names = set(RULE_EFFECT_NAMES.values())
    for step in sc.steps:
        if step.type not in (None, "then") or not _EXACT_ORDER_STEPS.fullmatch(step.text):
            continue
        rows = [row[0] for row in step.table[1:] if row]
        for first, second in zip(rows, rows[1:], strict=False):
            if first == second and first in names:
                return step.line, (f"«{step.text}» puts two rows «{first}» in an order: simultaneous instances of one "
                                   "rule effect are applied at once (503.1), and the text orders neither them nor "
                                   "their number; write «сработали эффекты правил игры, порядок не задан:» or "
                                   "«… идут этапами, порядок и дробление внутри этапа не заданы:», or name the "
                                   "@reading:/@asm: (orders: rule-effects) that orders them")
    return None


def _invented_catalog_cards(board: Path, project: Project, catalog_once: Callable[[], Any] | None = None) -> list[str]:
    """The catalog cards (not the pool's test cards) with invented stats or text that a board uses
    (`catalog_once`: the catalog, loaded once for a whole lint)."""
    try:
        data = load_yaml(board, project.root).data
        catalog = catalog_once() if catalog_once is not None else _catalog(project)
    except (InputError, OSError):
        return []
    if not isinstance(data, dict):
        return []
    out = []
    for card in data.get("cards") or []:
        name = card.get("card") if isinstance(card, dict) else None
        definition = catalog.get(name, data.get("edition", "")) if isinstance(name, str) else None
        origin = (catalog.origin(name, data.get("edition", "")) or ("",))[0] if definition else ""
        if definition and "test-cards/" not in origin and {"stats", "text"} & set(definition.get("invented") or []):
            out.append(f"«{name}»")
    return sorted(set(out))


def _reading_problem(reading: str, tags: set[str], project: Project) -> str:
    """What is wrong with a `@reading:GROUP=READING` tag: a group or reading the register does not list, one the
    engine cannot play (engine/readings.py), or a scenario without the `@asm:` tag of the group's entry."""
    group, sep, value = reading.partition("=")
    entries = {a.get("reading"): a for a in _assumption_entries(project) if a.get("reading")}
    if not sep or group not in entries:
        return f"no reading group «{group}»; the register lists: {', '.join(sorted(entries)) or 'none'}"
    listed = [r.get("id") for r in entries[group].get("readings") or []]
    if value not in listed:
        return f"«{value}» is not a reading of {group}: {', '.join(map(str, listed))}"
    if value not in engine.READINGS.get(group, ()):
        return f"the reference engine cannot play {group}={value} (engine/readings.py)"
    if f"asm:{entries[group]['id']}" not in tags:
        return f"the scenario rests on the assumption «{entries[group]['id']}»: tag it @asm:{entries[group]['id']}"
    return ""


def _assumption_entries(project: Project) -> list[dict[str, Any]]:
    """The register's entries (parsed once per file version: every `@reading:` tag of the suite asks)."""
    path = project.assumptions
    if not path:
        return []
    try:
        stat = Path(path).stat()
    except OSError:
        return []
    return _assumption_entries_of(str(path), str(project.root), stat.st_mtime_ns, stat.st_size)


@functools.lru_cache(maxsize=8)
def _assumption_entries_of(path: str, root: str, mtime_ns: int, size: int) -> list[dict[str, Any]]:
    try:
        data = load_yaml(Path(path), Path(root)).data
    except InputError:
        return []
    return [a for a in (data or {}).get("assumptions", []) if isinstance(a, dict)] if isinstance(data, dict) else []


def _renumbering(corpus: Corpus | None, project: Project) -> dict[str, str]:
    """Old id → new id of the units the text renumbered since the review lock (harness/rules/renumbering.py)."""
    if corpus is None or project.rules is None:
        return {}
    try:
        return renumbered(corpus, load_lock(lock_path(project.rules), project.root))
    except InputError:
        return {}


def _unit_like(tag: str) -> bool:
    return is_unit_tag(tag) or bool(re.match(r"^[A-Za-z]+:\d", tag)) or bool(re.match(r"^\d+(\.\w+)+$", tag))


def _unit_hint(tag: str, corpus: Corpus) -> str:
    if re.match(r"^\d", tag):
        found = [u.id for u in corpus.units if u.id.split(":", 1)[1] == tag]
        return f": add the edition ({', '.join(f'@{i}' for i in found)})" if found else ": add the edition"
    under = [u.id for u in corpus.units if u.id.startswith(tag + ".")]
    if under and tag.count(".") == 0:
        return f": {tag} is a section, not a unit; tag its clauses ({', '.join(under[:3])}…)"
    near = difflib.get_close_matches(tag, list(corpus.by_id), n=3, cutoff=0.8)
    return f"; did you mean: {', '.join(near)}?" if near else ""


def _near(word: str, options: list[str]) -> str:
    near = difflib.get_close_matches(word, options, n=3, cutoff=0.6)
    return f"; did you mean: {', '.join(near)}?" if near else ""


def _step_problem(step: _Step, defs: list[StepDef]) -> str | None:
    typed = [d for d in defs if d.type is None or step.type is None or d.type == step.type]
    if any(d.matches(step.text) for d in typed):
        return None
    said = f"«{step.keyword} {step.text}»"
    other = [d for d in defs if d not in typed and d.matches(step.text)]
    if other:
        kinds = "/".join(sorted({_TYPE_WORD.get(d.type or "", "?") for d in other}))
        return f"{said} is a «{kinds}» step, used here as a «{_TYPE_WORD.get(step.type or '', '?')}» step"
    examples = [d.example for d in defs if d.example]
    words = [e.split(" ", 1)[1] if " " in e else e for e in examples]
    near = difflib.get_close_matches(step.text, words, n=1, cutoff=0.5)
    hint = f"; nearest: «{examples[words.index(near[0])]}»" if near else ""
    return f"{said} matches no step of the vocabulary (docs/STEPS.md){hint}"


def _board_names(boards: Path) -> list[str]:
    if not boards.is_dir():
        return []
    return sorted(p.relative_to(boards).as_posix() for p in boards.rglob("*") if p.suffix in (".yaml", ".yml"))


def _load_assumptions(path: Path, project: Project) -> tuple[list[dict[str, Any]], Any, list[Finding]]:
    if not path.is_file():
        return [], None, []
    try:
        doc = load_yaml(path, project.root)
    except InputError as exc:
        return [], None, [_finding("S012", p.file, p.line, p.message) for p in exc.problems]
    items = doc.data.get("assumptions") if isinstance(doc.data, dict) else None
    if not isinstance(items, list):
        return [], doc, [_finding("S012", doc.file, doc.line_of(()), "expected 'assumptions:' with a list of entries")]
    good = [a for a in items if isinstance(a, dict) and isinstance(a.get("id"), str)]
    bad = [_finding("S012", p.file, p.line, f"{p.field}: {p.message}" if p.field else p.message)
           for p in assumption_problems(doc)]      # the schema (harness/schemas/assumptions.schema.json) and ids
    return good, doc, bad


def _catalog(project: Project) -> Any:
    return load_catalog(project.catalog, root=project.root, check_definition=engine.check_card_definition)


def _board_findings(boards: Iterable[Path], project: Project) -> list[Finding]:
    out: list[Finding] = []
    boards = list(boards)
    if not boards:
        return out
    try:
        catalog = _catalog(project)
    except InputError as exc:
        return [_finding("S006", project.show(b), None, "the catalog does not load, so boards cannot be checked: "
                         + "; ".join(str(p) for p in exc.problems[:3])) for b in boards]
    for b in boards:
        try:
            board = load_board(b, catalog, root=project.root, check_definition=engine.check_card_definition)
            if board.data.get("test_cards"):      # one name, one card: the pool holds every test card
                out.append(_finding("S022", project.show(b), None,
                                    f"defines {len(board.data['test_cards'])} card(s) inline: move each to the pool "
                                    f"(catalog/test-cards/{board.edition}.yaml, a new name if it differs from a "
                                    "card there) and name it on the board"))
        except InputError as exc:
            out += [_finding("S006", p.file, p.line, f"{p.field}: {p.message}" if p.field else p.message)
                    for p in exc.problems]
    return out


def _metamorphic_findings(path: Path, scenarios: Sequence[_Scenario], project: Project) -> list[Finding]:
    """S029: every metamorphic exclusion names a scenario (an outline's row by its own id) and a transformation
    that applies to its edition, and gives a reason."""
    from harness.suite.features import stable_id
    from harness.suite.metamorphic import exclusion_problems

    if not path.is_file():
        return []
    try:
        doc = load_yaml(path, project.root)
    except InputError as exc:
        return [_finding("S029", p.file, p.line, p.message) for p in exc.problems]
    ids: dict[str, str] = {}
    for sc in scenarios:
        try:
            key = (project.root / sc.file).resolve().relative_to(Path(project.features or "").resolve())
        except ValueError:
            continue
        for name in [row for row, _ in sc.rows] or [sc.name]:
            sid = stable_id(key.with_suffix("").as_posix(), name)
            ids[sid] = sid.split(":", 1)[0].split("/", 1)[0]
    return [_finding("S029", p.file, p.line, f"{p.field}: {p.message}" if p.field else p.message)
            for p in exclusion_problems(doc, ids)]


def _modeline_findings(project: Project, boards: list[Path], whole: bool = True) -> list[Finding]:
    """S013: the boards (and, for a whole project, its catalog and expectations files) name their schema."""
    from harness.suite.editor_schemas import kind_of, modeline_problem

    files = [(b, kind_of(b, project.root) or "board") for b in boards]
    if whole:
        for folder, kind in ((project.catalog, "catalog"), (project.root / "expectations", "expectations")):
            if folder is not None and folder.is_dir():
                files += [(p, kind) for p in sorted(folder.glob("*.y*ml"))]
    out = []
    for f, kind in files:
        problem = modeline_problem(f, kind, project.root)
        if problem is not None:
            out.append(_finding("S013", project.show(f), 1, problem))
    return out


# the words of a card's `source` that say some fact of it is made up or not known (S020)
INVENTED_WORDS = re.compile(r"test card|test text|not known|assumed|invented", re.IGNORECASE)


def _invented_findings(files: Iterable[Path], key: str, project: Project) -> list[Finding]:
    """S019/S020: every card of the catalog files (key "cards") or of the boards' test cards (key
    "test_cards") that declares invented facts, and every one whose source says so without declaring it."""
    out: list[Finding] = []
    for f in files:
        try:
            doc = load_yaml(f, root=project.root)
        except InputError:
            continue                      # S006 (boards) or the catalog's own load reports it
        cards = doc.data.get(key) if isinstance(doc.data, dict) else None
        for i, card in enumerate(cards if isinstance(cards, list) else []):
            if not isinstance(card, dict):
                continue
            name, source = card.get("name", "?"), str(card.get("source", ""))
            if card.get("invented"):
                facts = ", ".join(map(str, card["invented"]))
                out.append(_finding("S019", doc.file, doc.line_of((key, i, "invented")),
                                    f"«{name}»: invented {facts} (declared; source: {source})"))
            elif INVENTED_WORDS.search(source):
                out.append(_finding("S020", doc.file, doc.line_of((key, i, "source")),
                                    f"«{name}»: the source says a fact is made up or not known, but the card "
                                    f"declares no `invented:` (card, stats, text, abilities): {source}"))
    return out


def _quote_findings(corpus: Corpus, project: Project) -> list[Finding]:
    """S033: the catalog's quoted facts against the present text (harness/suite/quotes.py)."""
    def text_of(unit_id: str) -> str | None:
        unit = corpus.get(unit_id)
        return unit.text if unit is not None else None

    quotes = load_quotes(catalog_docs(project.catalog, project.root))
    return [_finding("S033", s.quote.file, s.quote.line, s.message, s.quote.unit)
            for s in stale_quotes(quotes, text_of)]


def _review_findings(corpus: Corpus, rules_dir: Path, scenarios: list[_Scenario], project: Project,
                     all_units: bool = True, only_units: set[str] | None = None) -> list[Finding]:
    """V001–V005 and S032; with ``only_units``, only what concerns those units (the units of changed rules
    files: the scenarios naming them that need review, their headings, the units themselves)."""
    path = lock_path(rules_dir)
    try:
        lock = load_lock(path, project.root)
    except InputError as exc:
        return [_finding("V005", p.file, p.line, f"{p.field}: {p.message}" if p.field else p.message)
                for p in exc.problems]
    shown = project.show(path)
    if not lock.exists:
        return [_finding("V004", shown, None, "no review lock: wording changes are not tracked "
                         "(create it with `berserk-rules approve --all`)")]
    state = review_state(corpus, lock)
    out: list[Finding] = []
    named: set[str] = set()
    for sc in scenarios:
        named.update(sc.units)
        ids = [_scenario_id(sc.file, name) for name, _ in sc.rows] or [_scenario_id(sc.file, sc.name)]
        pending = list(dict.fromkeys(u for sid in ids for u in state.units_needing_review(sc.units, sid)
                                     if only_units is None or u in only_units))
        if pending:
            what = "; ".join(f"{u} " + ("is new" if lock.entries.get(u) is None else "changed wording")
                             for u in pending)
            out.append(_finding("V001", sc.file, sc.line, f"«{sc.name}» needs review: {what} since the last "
                                f"review; review the scenario, then `berserk-rules approve {' '.join(pending)}`"))
    for sc in scenarios:             # V006: approved unseen (--all) on a substantive change, not reviewed since
        for sid in [_scenario_id(sc.file, name) for name, _ in sc.rows] or [_scenario_id(sc.file, sc.name)]:
            approval = lock.scenarios.get(sid)
            if approval is not None and approval.unseen and (only_units is None or set(approval.unseen) & only_units):
                out.append(_finding("V006", sc.file, sc.line, f"«{sc.name}» was approved unseen (`approve --all`) on "
                                    f"a substantive change of {', '.join(approval.unseen)}: review it, then "
                                    f"`berserk-rules approve {sid}` (or answer for it at the prompt of `approve`)"))
    seen_rules: set[tuple[str, int]] = set()
    for sc in scenarios:             # S032: a Правило: heading that no longer follows its unit
        if sc.rule is None or (sc.file, sc.rule[1]) in seen_rules:
            continue
        seen_rules.add((sc.file, sc.rule[1]))
        name, line, description = sc.rule
        unit = corpus.get(name.partition(" ")[0].strip())
        if only_units is not None and (unit is None or unit.id not in only_units):
            continue
        stale = stale_heading(name, description, unit, lock)
        if stale and unit is not None:
            change = render_word_diff(word_diff(lock.texts[unit.id], unit.text), context=4)
            words = ", ".join(f"«{w}» ({c})" for c, w in stale)
            out.append(_finding("S032", sc.file, line, f"the heading of {unit.id} says {words}, which its text no "
                                f"longer says ({change}): make the heading follow the text before approving "
                                f"its scenarios", unit.id))
    if all_units:
        for uid, r in state.pending.items():
            if uid not in named and (only_units is None or uid in only_units):
                old = f"locked {r.locked}, now {r.current}" if r.locked else "not in the lock"
                out.append(_finding("V002", r.file, r.line, f"{uid} is {r.state} ({old}) and no scenario names it; "
                                    f"`berserk-rules approve {uid}` records it", uid))
        for uid in state.stale if only_units is None else ():
            out.append(_finding("V003", shown, None, f"{uid} is in the lock but names no unit of the corpus; "
                                f"`berserk-rules approve {uid}` drops it"))
    return out


def _axes_findings(corpus: Corpus, scenarios: list[_Scenario], project: Project) -> list[Finding]:
    """S025–S027: the axes of the units (``rules/axes.yaml``) against the corpus and the suite."""
    from harness.rules.axes import AXES_NAME, check_axes, load_axes

    assert project.rules is not None
    path = project.rules / AXES_NAME
    if not path.is_file():
        path = project.root / "rules" / AXES_NAME
    try:
        axes = load_axes(path, project.root)
    except InputError as exc:
        return [_finding("S026", p.file, p.line, f"{p.field}: {p.message}" if p.field else p.message)
                for p in exc.problems]
    if not axes.exists:
        return []
    played: dict[str, list[str]] = {}
    for sc in scenarios:
        for name, _ in sc.rows or [(sc.name, sc.line)]:
            played.setdefault(_scenario_id(sc.file, name), []).extend(sc.units)
    code = {"unplayed": "S025", "unit-without-axes": "S027"}
    out = []
    for p in check_axes(axes, [u.id for u in corpus.units], played):
        unit = corpus.get(p.unit)
        file, line = (axes.file, p.line) if p.line is not None or unit is None else (unit.file, unit.line)
        out.append(_finding(code.get(p.kind, "S026"), file, line, p.message, p.unit))
    return out


# =========================================================================================== drivers


def _load_rules(folder: Path, root: Path) -> tuple[Corpus | None, list[Finding]]:
    try:
        return load_corpus(folder, root=root), []
    except InputError as exc:
        findings = [_finding("R000", p.file, p.line, f"{p.field}: {p.message}" if p.field else p.message)
                    for p in exc.problems]
    # lint what can be read, file by file
    files = []
    for p in sorted(Path(folder).glob("*.txt")):
        try:
            files.append(load_rules_file(p, root))
        except InputError:
            continue
    return (Corpus(files) if files else None), findings


def _scan(features: Iterable[Path], project: Project) -> tuple[list[_Scenario], list[Finding]]:
    scenarios: list[_Scenario] = []
    findings: list[Finding] = []
    for path in features:
        if project.features is not None and Path(project.features) in Path(path).parents:
            outside = outside_features(Path(path), Path(project.features))
            if outside:
                findings.append(_finding("S018", project.show(path), None, outside))
                continue
        found, problems = _parse_feature(path, project.show(path))
        scenarios += found
        findings += problems
    return scenarios, findings


def _feature_files(folder: Path) -> list[Path]:
    return feature_files(folder)[0]


def lint_project(project: Project | None = None, steps: list[StepDef] | None = None) -> list[Finding]:
    """Every check on a whole project: the rules text, the suite, and the review lock."""
    project = project or Project()
    assert project.rules and project.features and project.scenarios and project.assumptions
    out: list[Finding] = []
    corpus, problems = _load_rules(project.rules, project.root)
    out += problems
    if corpus is not None:
        out += lint_corpus(corpus)
    assumptions, asm_doc, problems = _load_assumptions(project.assumptions, project)
    out += problems
    asm_ids = {a["id"] for a in assumptions} if asm_doc is not None else None
    scenarios, problems = _scan(_feature_files(project.features), project)
    out += problems
    out += [_finding("S034", p.file, p.line, p.message) for p in feature_files(project.features, project.root)[1]]
    if steps is None:
        steps = step_definitions()
    found, used = _feature_findings(scenarios, corpus, asm_ids, steps, project.scenarios, project)
    out += found
    out += _metamorphic_findings(project.features / "metamorphic.yaml", scenarios, project)
    board_files = [project.scenarios / n for n in _board_names(project.scenarios)]
    out += _board_findings(board_files, project)
    out += _modeline_findings(project, board_files)
    out += _invented_findings(board_files, "test_cards", project)
    catalog_files = sorted(project.catalog.rglob("*.yaml")) if project.catalog.is_dir() else [project.catalog]
    out += _invented_findings(catalog_files, "cards", project)
    if corpus is not None:
        out += _quote_findings(corpus, project)
    for name in _board_names(project.scenarios):
        if name not in used:
            out.append(_finding("S008", project.show(project.scenarios / name), None,
                                f"no scenario loads this board (Дано расклад \"{name}\")"))
    if corpus is not None:
        named = {u for sc in scenarios for u in sc.units}
        for u in corpus.units:
            if u.id not in named:
                out.append(_finding("S005", u.file, u.line, f"no scenario names {u.id} ({u.kind})", u.id))
        out += _review_findings(corpus, project.rules, scenarios, project)
        out += _axes_findings(corpus, scenarios, project)
    if asm_doc is not None:
        depended = {a for sc in scenarios for a in sc.assumptions}
        for i, a in enumerate(assumptions):
            line = asm_doc.line_of(("assumptions", i, "id"))
            if a["id"] not in depended:
                out.append(_finding("S010", asm_doc.file, line, f"no scenario depends on assumption «{a['id']}» "
                                    f"(tag @asm:{a['id']})"))
            units = a.get("units") or []
            for j, uid in enumerate(units if isinstance(units, list) else []):
                if corpus is not None and corpus.get(str(uid)) is None:
                    out.append(_finding("S011", asm_doc.file, asm_doc.line_of(("assumptions", i, "units", j)),
                                        f"assumption «{a['id']}» names {uid}, which is no rule unit"))
    return sort_findings(out)


def lint_paths(targets: Sequence[Path], project: Project | None = None,
               steps: list[StepDef] | None = None) -> list[Finding]:
    """Lint the named rules files or folders, feature files or folders, and boards.

    A rules file is read within its folder's corpus (cross-references, spellings), and findings are
    kept for that file; a rules folder is also checked against its review lock. A feature file gets
    the suite checks of its scenarios (tags, steps, boards it loads, needs-review); a board is loaded
    and checked. A project root is linted whole.
    """
    project = project or Project()
    out: list[Finding] = []
    rules_files: list[Path] = []
    rules_dirs: list[Path] = []
    features: list[Path] = []
    boards: list[Path] = []
    for t in map(Path, targets):
        if not t.exists():
            out.append(_finding("R000" if t.suffix == ".txt" else "S001", str(t), None, "no such file or folder"))
        elif t.is_dir() and (t / "rules").is_dir() and (t / "features").is_dir():
            sub = Project(root=t) if t.resolve() != project.root.resolve() else project
            out += lint_project(sub, steps)
        elif t.is_dir():
            is_rules = any(t.glob("*.txt"))
            if is_rules:
                rules_dirs.append(t)
            features += _feature_files(t)
            if not is_rules and t.resolve() != project.catalog.resolve():  # type: ignore[union-attr]
                boards += [p for p in sorted(t.rglob("*")) if p.suffix in (".yaml", ".yml")]
        elif t.suffix == ".txt":
            rules_files.append(t)
        elif t.suffix == ".feature":
            features.append(t)
        elif t.suffix in (".yaml", ".yml"):
            boards.append(t)
        else:
            out.append(_finding("S001", project.show(t), None, "not a rules file (.txt), feature file (.feature) or "
                                "board (.yaml)"))
    corpus_cache: dict[Path, Corpus | None] = {}

    def corpus_of(folder: Path) -> Corpus | None:
        key = folder.resolve()
        if key not in corpus_cache:
            corpus, problems = _load_rules(folder, project.root)
            corpus_cache[key] = corpus
            out.extend(problems)
        return corpus_cache[key]

    for f in rules_files:
        try:
            rf = load_rules_file(f, project.root)
        except InputError as exc:
            out += [_finding("R000", p.file, p.line, f"{p.field}: {p.message}" if p.field else p.message)
                    for p in exc.problems]
            continue
        context = corpus_of(f.parent)
        if context is None or rf.path not in {x.path for x in context.files}:
            context = Corpus([rf])
        out += lint_corpus(context, only_files=[rf.path])
        if context is not None and len(context.files) > 1 and project.features is not None \
                and lock_path(f.parent).is_file():
            # a changed rules file of the suite's corpus: the scenarios naming its changed units need review
            mine = {u.id for u in context.units if u.file == rf.path}
            all_scenarios, _ = _scan(_feature_files(project.features), project)
            out += [x for x in _review_findings(context, f.parent, all_scenarios, project, only_units=mine)
                    if x.code != "V004"]
    for d in rules_dirs:
        corpus = corpus_of(d)
        if corpus is not None:
            out += lint_corpus(corpus)
            all_scenarios, _ = _scan(_feature_files(project.features), project)  # type: ignore[arg-type]
            out += _review_findings(corpus, d, all_scenarios, project)
    if features:
        scenarios, problems = _scan(dict.fromkeys(features), project)
        out += problems
        corpus = corpus_of(project.rules)  # type: ignore[arg-type]
        assumptions, asm_doc, problems = _load_assumptions(project.assumptions, project)  # type: ignore[arg-type]
        out += problems
        asm_ids = {a["id"] for a in assumptions} if asm_doc is not None else None
        if steps is None:
            steps = step_definitions()
        found, _ = _feature_findings(scenarios, corpus, asm_ids, steps, project.scenarios, project)  # type: ignore[arg-type]
        out += found
        if corpus is not None:
            out += [f for f in _review_findings(corpus, project.rules, scenarios, project, all_units=False)  # type: ignore[arg-type]
                    if f.code != "V004"]
    out += _board_findings(dict.fromkeys(boards), project)
    out += _modeline_findings(project, list(dict.fromkeys(boards)), whole=False)
    return sort_findings(out)
