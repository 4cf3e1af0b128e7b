"""The rules corpus: every excerpt in ``rules/*.txt`` turned into rule units with stable ids.

Rule unit ids
=============

Every unit of the rules text gets a stable ASCII id that carries its edition. The edition is the
part of the file name before the first ``-`` (``classic-113.txt`` -> ``classic``); it must be one
of ``classic`` and ``heroes``. The same id scheme is used everywhere: Gherkin tags, the command
line, reports.

* **Numbered clause** -- ``<edition>:<number>``: ``classic:113.2``, ``classic:536.1.1``.
  A line ``NNN. Title`` whose number has a single component (``536. Эффекты, порождающие
  игродействия.``, ``537. История боя.``) is a *section heading*, not a unit.
* **Lettered item** under a clause -- ``<clause id>.<letter>``: ``classic:536.2.a`` ...
  ``classic:536.2.d``, ``classic:537.1.a`` ... ``classic:537.1.g``. Letters are Latin in the
  source; a Cyrillic letter is mapped to the Latin letter at its position in the 33-letter
  alphabet (а -> a, б -> b, в -> c, г -> d, ...; past the 26th letter two letters: щ -> aa ...
  я -> ag) and a warning is recorded.
* **Bullet** (a line starting with ``·``, ``●``, ``•`` or ``-`` and a space) -- ``<clause
  id>.b<N>``, counted from 1 within the clause: ``classic:503.1.b1`` ... ``classic:503.1.b19``.
* **Unnumbered paragraph** -- ``<clause id>.p<N>``, counted within the clause:
  ``classic:113.2.p1``, ``heroes:113.4.p1``.
* **Example** (a paragraph starting with ``ПРИМЕР`` followed by ``.``, ``:`` or `` N:`` / ``
  N.``) -- ``<clause id>.ex<N>``, counted within the clause in order of appearance, whatever
  number the text prints: ``classic:113.2.ex1``, ``classic:537.2.ex2``. Words such as
  «Например, …» inside a paragraph do not make an example.
* **Duplicate clause number** in one file: the second occurrence is ``<edition>:<number>.dup2``
  (the third ``.dup3``), its children hang under that id (``heroes:113.3.dup2.p1``), and a
  warning is recorded. Any other id that would repeat gets the same ``.dupN`` suffix.
* **Headings** are not units: numbered single-component ones, and unnumbered ones -- a one-line
  paragraph of at most 6 words, without ``,`` ``:`` ``;``, followed by a numbered clause
  («Срабатывающая особенность», «Эффекты правил игры.»). Every unit records the last heading above
  it (``Unit.heading``, without its number) beside the title of its numbered section
  (``Unit.section_title``); the search routes a heading to the units under it.
* A paragraph, bullet, item or example that comes before the first clause of its section gets
  ``<edition>:<section>.p<N>`` (``.b<N>``, ``.<letter>``, ``.ex<N>``), no parent, and a warning.

Paragraphs: in a file with blank lines between paragraphs, blank lines separate them; in a file
without blank lines each line is a paragraph. A source line continues the previous paragraph
(joined with one space) when it starts with a lowercase letter or with non-opening punctuation
(``:``), or when the previous line ends with whitespace or an opening quote/bracket; a line that
starts with a marker (clause number, item letter, bullet, ПРИМЕР) always starts a new paragraph.
Text is kept verbatim apart from joining lines. The hash of a unit is the first 16 hex digits of
the SHA-256 of its normalised text (NFC, whitespace runs -> one space, stripped), so it does not
change when only line breaks or spacing change.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from harness.common.errors import InputError, Problem
from harness.common.facts import EDITIONS

__all__ = [
    "EDITIONS",
    "KINDS",
    "Corpus",
    "RulesFile",
    "Unit",
    "load_corpus",
    "load_rules_file",
    "normalise",
    "parse_rules_text",
    "text_hash",
]

"""The editions a rules file may belong to (the part of its name before the first ``-``)."""

KINDS: tuple[str, ...] = ("clause", "item", "bullet", "paragraph", "example")
"""The kinds of rule units."""

_CYRILLIC = "абвгдеёжзийклмнопрстуфхцчшщъыьэюя"

_SECTION_RE = re.compile(r"^(\d{3,})\.\s+(\S.*)$")
_CLAUSE_RE = re.compile(r"^(\d+(?:\.\d+)+)(\.?)(?=\s|$)\s*(.*)$", re.DOTALL)
_ITEM_RE = re.compile(r"^([a-zа-яё])\.\s+(.*)$", re.DOTALL)
_BULLET_RE = re.compile(r"^([·●•\-])\s+(.*)$", re.DOTALL)
_EXAMPLE_RE = re.compile(r"^(пример(?:\s+\d+)?[.:])\s*(.*)$", re.DOTALL | re.IGNORECASE)
_OPENERS = "“«„‚‘([{"
_WS_RE = re.compile(r"\s+")


def normalise(text: str) -> str:
    """Return ``text`` in NFC with every run of whitespace made one space, stripped."""
    return _WS_RE.sub(" ", unicodedata.normalize("NFC", text)).strip()


def text_hash(text: str) -> str:
    """First 16 hex digits of the SHA-256 of ``normalise(text)`` (the unit hash)."""
    return hashlib.sha256(normalise(text).encode("utf-8")).hexdigest()[:16]


@dataclass(frozen=True)
class Unit:
    """One rule unit: a clause, a lettered item, a bullet, an unnumbered paragraph or an example."""

    id: str
    """Stable ASCII id, e.g. ``classic:113.2.ex1`` (see the module docstring)."""
    edition: str
    """``classic`` or ``heroes``."""
    kind: str
    """One of :data:`KINDS`."""
    number: str
    """The clause number the unit belongs to (``113.2``); for a duplicate, the printed number."""
    label: str
    """The marker as printed: ``113.2.``, ``a.``, ``·``, ``ПРИМЕР 1:``; ``""`` for paragraphs."""
    text: str
    """The text without the label; source lines of one paragraph joined with one space."""
    hash: str
    """First 16 hex digits of the SHA-256 of ``normalise(text)``."""
    file: str
    """The rules file, relative to the project root where possible (``rules/classic-113.txt``)."""
    line: int
    """1-based source line where the unit starts."""
    parent: str | None
    """Id of the owning clause; ``None`` for clauses (and for units before any clause)."""
    section: str
    """Top-level section number, e.g. ``113``."""
    section_title: str
    """The heading of that section in the file, or ``""``."""
    heading: str = ""
    """The last heading above the unit in the file, as printed without its number («Активируемая
    способность.»), or ``""``; differs from `section_title` where a unit's number belongs to another
    section than the heading it stands under (``heroes:113.3.dup2`` under «Активируемая способность.»)."""


@dataclass
class RulesFile:
    """One parsed rules file."""

    path: str
    edition: str
    units: list[Unit]
    headings: list[tuple[int, str]]
    """Headings as printed (numbered and unnumbered), with their line numbers."""
    warnings: list[Problem]
    """Defects found while parsing (duplicate numbers, broken paragraphs, ...); not fatal."""
    section_titles: dict[str, str] = field(default_factory=dict)
    """Section number -> heading text (without the number)."""


@dataclass
class Corpus:
    """All rules files of a folder, and their units in file order."""

    files: list[RulesFile]
    units: list[Unit] = field(init=False)
    by_id: dict[str, Unit] = field(init=False)

    def __post_init__(self) -> None:
        self.units = [u for f in self.files for u in f.units]
        self.by_id = {u.id: u for u in self.units}
        kids: dict[str, list[Unit]] = {}
        for u in self.units:
            if u.parent is not None:
                kids.setdefault(u.parent, []).append(u)
        self._children = kids

    def get(self, unit_id: str) -> Unit | None:
        """The unit with this id, or ``None``."""
        return self.by_id.get(unit_id)

    def under(self, selector: str) -> list[Unit]:
        """The units a ``--unit`` selector names: the unit with that id and every unit under it
        (``classic:113.2`` → ``classic:113.2``, ``classic:113.2.ex1``, …), or, for a section or any other
        prefix of ids (``classic:113``, ``heroes:113``), every unit whose id continues it with a ``.``."""
        return [u for u in self.units if u.id == selector or u.id.startswith(selector + ".")]

    def selector_problem(self, selector: str) -> str | None:
        """Why ``selector`` selects no unit (see `under`), or ``None`` when it selects some."""
        if self.under(selector):
            return None
        edition, sep, rest = selector.partition(":")
        if not sep:
            known = [f"{e}:{selector}" for e in self.editions if self.under(f"{e}:{selector}")]
            return (f"{selector} has no edition prefix" + (f": did you mean {' or '.join(known)}?" if known
                                                            else " (expected an id such as classic:113.2, a section such as "
                                                                 "classic:113, or asm:<id>)"))
        if edition not in EDITIONS:
            return f"{selector}: unknown prefix «{edition}:» (expected {', '.join(e + ':' for e in EDITIONS)} or asm:)"
        sections = sorted({u.section for u in self.units if u.edition == edition})
        return (f"{selector} names no rule unit, clause or section of the corpus (sections of {edition}: "
                f"{', '.join(sections) or 'none'}; see `berserk-rules units`)")

    def children(self, unit_id: str) -> list[Unit]:
        """Units whose parent is ``unit_id`` (items, bullets, paragraphs, examples), in order."""
        return list(self._children.get(unit_id, ()))

    def examples_of(self, unit_id: str) -> list[Unit]:
        """The examples that belong to clause ``unit_id``, in order."""
        return [u for u in self._children.get(unit_id, ()) if u.kind == "example"]

    @property
    def warnings(self) -> list[Problem]:
        """Every parse warning of every file."""
        return [w for f in self.files for w in f.warnings]

    @property
    def editions(self) -> list[str]:
        """Editions present, in corpus order."""
        return list(dict.fromkeys(f.edition for f in self.files))

    def __iter__(self) -> Iterator[Unit]:
        return iter(self.units)

    def __len__(self) -> int:
        return len(self.units)


# --------------------------------------------------------------------------- paragraphs


@dataclass
class _Para:
    line: int
    lines: list[str]

    @property
    def text(self) -> str:
        return " ".join(s for s in (ln.strip() for ln in self.lines) if s)


def _is_marker(stripped: str) -> bool:
    return bool(
        _SECTION_RE.match(stripped)
        or _CLAUSE_RE.match(stripped)
        or _ITEM_RE.match(stripped)
        or _BULLET_RE.match(stripped)
        or _EXAMPLE_RE.match(stripped)
    )


def _starts_as_continuation(stripped: str) -> bool:
    ch = stripped[0]
    if ch.islower():
        return True
    # Non-opening punctuation: ":" "," "." ")" "»" "”" ... (not dashes, not opening quotes).
    return unicodedata.category(ch) in ("Po", "Pe", "Pf")


def _ends_open(raw: str) -> bool:
    if raw != raw.rstrip():
        return True
    stripped = raw.rstrip()
    return bool(stripped) and stripped[-1] in _OPENERS


def _split_paragraphs(lines: list[str], file: str, warnings: list[Problem]) -> list[_Para]:
    nonblank = [i for i, ln in enumerate(lines) if ln.strip()]
    first, last = nonblank[0], nonblank[-1]
    blank_separated = any(not lines[i].strip() for i in range(first, last + 1))
    paras: list[_Para] = []
    prev_raw: str | None = None
    for idx, raw in enumerate(lines):
        stripped = raw.strip()
        if not stripped:
            prev_raw = None
            continue
        if prev_raw is None or _is_marker(stripped):
            join = False
        elif _ends_open(prev_raw) or _starts_as_continuation(stripped):
            join = True
        else:
            join = blank_separated
        if join:
            paras[-1].lines.append(raw)
        else:
            paras.append(_Para(idx + 1, [raw]))
        prev_raw = raw
    if not blank_separated:
        for p in paras:
            if len(p.lines) > 1:
                end = p.line + len(p.lines) - 1
                warnings.append(
                    Problem(
                        file,
                        p.line,
                        None,
                        f"paragraph broken over lines {p.line}–{end}; joined as one paragraph",
                    )
                )
    return paras


# --------------------------------------------------------------------------- units


def _item_letter(letter: str) -> str:
    if "a" <= letter <= "z":
        return letter
    pos = _CYRILLIC.index(letter)
    return chr(ord("a") + pos) if pos < 26 else "a" + chr(ord("a") + pos - 26)


def _is_unnumbered_heading(para: _Para, nxt: _Para | None) -> bool:
    text = para.text
    if len(para.lines) != 1 or nxt is None or _is_marker(text):
        return False
    if any(c in text for c in ",:;") or len(text.split()) > 6:
        return False
    return bool(_CLAUSE_RE.match(nxt.text))


def _file_section(file: str, first_clause: str | None) -> str:
    if first_clause is not None:
        return first_clause.split(".")[0]
    m = re.search(r"\d+", Path(file).stem)
    return m.group(0) if m else "0"


@dataclass
class _Raw:
    id: str
    kind: str
    number: str
    label: str
    text: str
    line: int
    parent: str | None
    section: str
    heading: str = ""


def parse_rules_text(text: str, file: str, edition: str) -> RulesFile:
    """Parse the text of one rules file into units (see the module docstring for the id scheme).

    ``file`` is only used for reporting; ``edition`` must be one of :data:`EDITIONS`.
    Raises :class:`InputError` when the text is empty or the edition is unknown.
    """
    if edition not in EDITIONS:
        raise InputError(
            Problem(file, None, "edition", f"expected one of {', '.join(EDITIONS)}, got {edition!r}")
        )
    if text.startswith("\ufeff"):
        text = text[1:]
    lines = re.split(r"\r\n|\n|\r", text)
    if not any(ln.strip() for ln in lines):
        raise InputError(Problem(file, None, None, "the rules file is empty; expected rules text"))

    warnings: list[Problem] = []
    paras = _split_paragraphs(lines, file, warnings)
    first_clause = next((m.group(1) for p in paras if (m := _CLAUSE_RE.match(p.text))), None)

    raws: list[_Raw] = []
    headings: list[tuple[int, str]] = []
    titles: dict[str, str] = {}
    used: dict[str, int] = {}  # id -> line
    counters: dict[tuple[str, str], int] = {}
    section: str | None = None
    heading = ""  # the last heading above, without its number
    owner: str | None = None  # id of the current clause
    owner_number = ""

    def unique(uid: str, line: int, what: str) -> str:
        if uid not in used:
            used[uid] = line
            return uid
        k = 2
        while f"{uid}.dup{k}" in used:
            k += 1
        warnings.append(Problem(file, line, None, f"{what} also at line {used[uid]}"))
        new = f"{uid}.dup{k}"
        used[new] = line
        return new

    def count(key: str, kind: str) -> int:
        counters[(key, kind)] = counters.get((key, kind), 0) + 1
        return counters[(key, kind)]

    for i, para in enumerate(paras):
        body = para.text
        nxt = paras[i + 1] if i + 1 < len(paras) else None
        if m := _SECTION_RE.match(body):
            if len(para.lines) == 1:
                headings.append((para.line, body))
                section = m.group(1)
                titles.setdefault(section, m.group(2).strip())
                heading = m.group(2).strip()
                owner, owner_number = None, ""
                continue
        if m := _CLAUSE_RE.match(body):
            number = m.group(1)
            section = number.split(".")[0]
            uid = unique(f"{edition}:{number}", para.line, f"clause number {number}")
            if not m.group(3).strip():
                warnings.append(Problem(file, para.line, None, f"clause {number} has no text"))
            raws.append(
                _Raw(uid, "clause", number, m.group(1) + m.group(2), m.group(3), para.line, None, section, heading)
            )
            owner, owner_number = uid, number
            continue
        if _is_unnumbered_heading(para, nxt):
            assert nxt is not None
            headings.append((para.line, body))
            clause = _CLAUSE_RE.match(nxt.text)
            assert clause is not None
            titles.setdefault(clause.group(1).split(".")[0], body)
            heading = body
            owner, owner_number = None, ""
            continue

        if owner is None:
            sec = section if section is not None else _file_section(file, first_clause)
            base, number, parent = f"{edition}:{sec}", sec, None
        else:
            sec = section if section is not None else owner_number.split(".")[0]
            base, number, parent = owner, owner_number, owner

        if m := _ITEM_RE.match(body):
            letter = m.group(1)
            id_letter = _item_letter(letter)
            if id_letter != letter:
                warnings.append(
                    Problem(
                        file,
                        para.line,
                        None,
                        f"Cyrillic item letter «{letter}» given the id letter '{id_letter}'",
                    )
                )
            kind, label, rest, suffix = "item", f"{letter}.", m.group(2), id_letter
        elif m := _BULLET_RE.match(body):
            kind, label, rest = "bullet", m.group(1), m.group(2)
            suffix = f"b{count(base, kind)}"
        elif m := _EXAMPLE_RE.match(body):
            kind, label, rest = "example", m.group(1), m.group(2)
            suffix = f"ex{count(base, kind)}"
        else:
            kind, label, rest = "paragraph", "", body
            suffix = f"p{count(base, kind)}"
        if owner is None:
            warnings.append(
                Problem(file, para.line, None, f"{kind} before the first clause of section {sec}")
            )
        uid = unique(f"{base}.{suffix}", para.line, f"unit id {base}.{suffix}")
        raws.append(_Raw(uid, kind, number, label, rest, para.line, parent, sec, heading))

    if not raws:
        warnings.append(Problem(file, None, None, "no rule units found"))
    units = [
        Unit(
            id=r.id,
            edition=edition,
            kind=r.kind,
            number=r.number,
            label=r.label,
            text=r.text,
            hash=text_hash(r.text),
            file=file,
            line=r.line,
            parent=r.parent,
            section=r.section,
            section_title=titles.get(r.section, ""),
            heading=r.heading,
        )
        for r in raws
    ]
    return RulesFile(file, edition, units, headings, warnings, titles)


# --------------------------------------------------------------------------- files


def _display_path(path: Path, root: Path | None) -> str:
    base = root if root is not None else Path.cwd()
    try:
        return path.resolve().relative_to(base.resolve()).as_posix()
    except ValueError:
        return path.as_posix()


def edition_of(path: Path) -> str | None:
    """The edition a rules file name announces (before the first ``-``), or ``None`` if unknown."""
    prefix = path.stem.split("-", 1)[0]
    return prefix if prefix in EDITIONS else None


def load_rules_file(path: Path, root: Path | None = None) -> RulesFile:
    """Read and parse one rules file.

    The edition is the file name before the first ``-``. ``Unit.file`` is the path relative to
    ``root`` (default: the current directory) when the file lies under it. Raises
    :class:`InputError` for an unknown edition prefix, a missing or unreadable file, bytes that
    are not UTF-8, or an empty file.
    """
    path = Path(path)
    shown = _display_path(path, root)
    edition = edition_of(path)
    if edition is None:
        prefix = path.stem.split("-", 1)[0]
        raise InputError(
            Problem(
                shown,
                None,
                "edition",
                f"the file name must start with one of {', '.join(EDITIONS)} and '-', got {prefix!r}",
            )
        )
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise InputError(
            Problem(shown, None, None, f"cannot read the rules file: {exc.strerror or exc}")
        ) from exc
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        raise InputError(
            Problem(
                shown,
                line,
                None,
                f"not valid UTF-8: byte 0x{data[exc.start]:02x} at column {column}; expected UTF-8 text",
            )
        ) from exc
    if not text.strip():
        raise InputError(Problem(shown, None, None, "the rules file is empty; expected rules text"))
    return parse_rules_text(text, shown, edition)


def load_corpus(rules_dir: Path, root: Path | None = None) -> Corpus:
    """Load every ``*.txt`` of ``rules_dir`` (sorted by name) into one :class:`Corpus`.

    ``root`` is the project root used for ``Unit.file`` (default: the parent of ``rules_dir``).
    Raises :class:`InputError` when the folder is missing or holds no rules files, when any file
    fails to load (all such problems are reported together), or when an id occurs in two files.
    """
    rules_dir = Path(rules_dir)
    if root is None:
        root = rules_dir.resolve().parent
    if not rules_dir.is_dir():
        from harness.common import paths

        raise InputError(Problem(_display_path(rules_dir, root), None, None,
                                 paths.where(Path(rules_dir), "rules", "--rules DIR, $BERSERK_RULES_DIR")))
    paths = sorted(rules_dir.glob("*.txt"), key=lambda p: p.name)
    if not paths:
        raise InputError(
            Problem(_display_path(rules_dir, root), None, None, "no *.txt rules files in the folder")
        )
    files: list[RulesFile] = []
    problems: list[Problem] = []
    for p in paths:
        try:
            files.append(load_rules_file(p, root))
        except InputError as exc:
            problems.extend(exc.problems)
    seen: dict[str, Unit] = {}
    for f in files:
        for u in f.units:
            if u.id in seen:
                first = seen[u.id]
                problems.append(
                    Problem(u.file, u.line, "id", f"unit id {u.id} also in {first.file}:{first.line}")
                )
            else:
                seen[u.id] = u
    if problems:
        raise InputError(problems)
    return Corpus(files)
