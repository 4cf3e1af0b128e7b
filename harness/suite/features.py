"""A scanner of the Gherkin feature files (``features/**/*.feature``), independent of pytest.

It reads every feature with the official Gherkin parser (the one pytest-bdd uses) and returns one
:class:`ScenarioInfo` per scenario or scenario outline, with the tags it inherits from its
``Правило`` and ``Функция``, the rule unit ids and assumption ids those tags name, and its steps
(background steps included). Tools that need the suite without running it -- ``units``,
``coverage``, ``lint``, ``lookup``, ``diff`` -- use this.

A scenario's id is stable: its edition and the tag in brackets that opens its name (``classic:113.2.ex1-1``
for ``[113.2.ex1-1] Мститель …`` in ``features/classic/…``), unique across the suite (lint S002/S024),
independent of its title and its file, so titles may change freely (`stable_id`). A name without a tag
falls back to ``<feature path without .feature>::<name>``.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.metadata
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gherkin.errors import CompositeParserException, ParserError, ParserException
from gherkin.parser import Parser
from gherkin.token_scanner import TokenScanner

from harness.common import kept
from harness.common.errors import InputError, Problem
from harness.common.facts import EDITIONS

__all__ = [
    "ASSUMPTION_PREFIX",
    "ScenarioInfo",
    "is_unit_tag",
    "scan_features",
    "scenarios_by_unit",
]

ASSUMPTION_PREFIX = "asm:"
"""Tags ``@asm:<id>`` name a declared assumption the scenario depends on."""

_UNIT_TAG_RE = re.compile(r"^(?:" + "|".join(EDITIONS) + r"):\S+$")


_BRACKET = re.compile(r"^\[(?P<tag>[^\]\s]+)\]")


def stable_id(feature_key: str, name: str) -> str:
    """The id of the scenario `name` of the feature `feature_key` (its path under features/ without
    .feature): ``<edition>:<bracket tag>`` (``classic:113.2.ex1-1``), or ``<feature_key>::<name>`` for a name
    without a tag or a feature outside an edition's folder."""
    match = _BRACKET.match(name)
    edition, sep, _ = feature_key.partition("/")
    if match and sep:
        return f"{edition}:{match['tag']}"
    return f"{feature_key}::{name}"


def title_of(scenario_id: str) -> str | None:
    """The title inside an old-style id (``classic/113-…::[113.2-1] Мститель …`` → its name), or None."""
    _, sep, name = scenario_id.partition("::")
    return name if sep else None


def is_unit_tag(tag: str) -> bool:
    """Whether a tag (without ``@``) looks like a rule unit id (``classic:…`` / ``heroes:…``)."""
    return bool(_UNIT_TAG_RE.match(tag))


@dataclass(frozen=True)
class ScenarioInfo:
    """One scenario (or scenario outline) of a feature file."""

    id: str
    """The stable id (`stable_id`): ``classic:113.2.ex1-1``."""
    name: str
    """The scenario name as written."""
    feature: str
    """The feature file, relative to the project root where possible."""
    line: int
    """Line of the ``Сценарий`` / ``Структура сценария`` keyword."""
    tags: tuple[str, ...]
    """All tags, including those of the ``Правило``, ``Функция`` and ``Примеры``; no ``@``; sorted."""
    units: tuple[str, ...]
    """The tags that look like unit ids, sorted."""
    assumptions: tuple[str, ...]
    """The ids of ``asm:<id>`` tags, sorted."""
    rule: str | None
    """The name of the enclosing ``Правило``, if any."""
    steps: tuple[tuple[str, str, int], ...]
    """``(keyword, text, line)`` of every step, background steps first."""
    outline: bool = False
    """Whether this is a scenario outline (``Структура сценария``)."""
    examples: tuple[str, ...] = ()
    """An outline's example rows: the name each row runs under (the outline's name with the row's values)."""
    feature_key: str = ""
    """The feature's path under the features folder without ``.feature`` (``classic/113-…``)."""
    rule_line: int = 0
    """Line of the enclosing ``Правило``, 0 when there is none."""
    rule_description: str = ""
    """The description under the enclosing ``Правило`` (its lines before the first scenario)."""

    @property
    def ids(self) -> tuple[str, ...]:
        """The ids of the scenarios this one runs as, as results name them: an outline's one per example
        row, any other scenario's its own id."""
        if not self.examples:
            return (self.id,)
        return tuple(stable_id(self.feature_key, name) for name in self.examples)


def _relative(path: Path, base: Path) -> str:
    try:
        return path.resolve().relative_to(base.resolve()).as_posix()
    except ValueError:
        return path.as_posix()


def _parse(path: Path, shown: str) -> dict[str, Any]:
    try:
        text = path.read_bytes().decode("utf-8-sig")   # a byte order mark is accepted, as in boards
    except UnicodeDecodeError as exc:
        data = path.read_bytes()
        line = data.count(b"\n", 0, exc.start) + 1
        raise InputError(Problem(shown, line, None, "not valid UTF-8; expected UTF-8 text")) from exc
    except OSError as exc:
        raise InputError(
            Problem(shown, None, None, f"cannot read the feature file: {exc.strerror or exc}")
        ) from exc
    wrong_language = language_problem(text)
    if wrong_language is not None:
        raise InputError(Problem(shown, wrong_language[0], "gherkin", wrong_language[1]))
    return _parse_text(text, shown)


# the text of a feature file → gherkin's document of it: the kit's scan and pytest-bdd's collection (through
# `gherkin_data`) parse a file once between them. The documents are only read, never changed.
_PARSED: dict[str, dict[str, Any]] = {}


def _parse_text(text: str, shown: str) -> dict[str, Any]:
    found = _PARSED.get(text)
    if found is None:
        # and across processes (harness/common/kept.py), under the text and the parser's version; a text gherkin
        # refuses is parsed (and reported) anew every time
        key = f"{_gherkin_version()}\0{text}".encode()
        found = kept.get("gherkin", key)
        if not isinstance(found, dict):
            found = _parse_uncached(text, shown)
            kept.put("gherkin", key, found)
        _PARSED[text] = found
    return found


@functools.cache
def _gherkin_version() -> str:
    try:
        return importlib.metadata.version("gherkin-official")
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


def gherkin_data(path: Path) -> dict[str, Any] | None:
    """Gherkin's document of a feature file, as `gherkin.parser.Parser` gives it to pytest-bdd, shared with the
    kit's scan; None where pytest-bdd must read the file itself (it cannot be read or parsed, it is in another
    language, or it has carriage returns, which pytest-bdd's text mode reads as line ends): pytest-bdd's own
    errors are then the ones it reports."""
    try:
        text = path.read_bytes().decode("utf-8-sig")
        if "\r" in text or language_problem(text) is not None:
            return None
        return _parse_text(text, str(path))
    except (OSError, UnicodeDecodeError, InputError):
        return None


def _parse_uncached(text: str, shown: str) -> dict[str, Any]:
    try:
        return Parser().parse(TokenScanner(text))  # type: ignore[return-value]
    except CompositeParserException as exc:
        raise InputError(
            [Problem(shown, e.location.get("line"), "gherkin", _error_text(e)) for e in exc.errors]
        ) from exc
    except ParserException as exc:
        raise InputError(Problem(shown, exc.location.get("line"), "gherkin", _error_text(exc))) from exc
    except ParserError as exc:  # pragma: no cover - defensive
        raise InputError(Problem(shown, None, "gherkin", str(exc))) from exc


_LANGUAGE = re.compile(r"^\s*#\s*language\s*:\s*(\S*)\s*$")


def language_problem(text: str) -> tuple[int, str] | None:
    """The kit's features are Gherkin in Russian: the header `# language: ru` comes before the first keyword
    line. Without it (or with another language) Gherkin reads every Russian keyword as an error of its own;
    this says what is wrong once: (line, message), or None when the header is right."""
    first = 1
    for number, line in enumerate(text.splitlines(), 1):
        found = _LANGUAGE.match(line)
        if found:
            if found.group(1) == "ru":
                return None
            return number, (f"«{line.strip()}»: the kit's features are written in Russian (Функция, Правило, "
                            "Сценарий, Дано, Когда, Тогда); the header must be «# language: ru»")
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            first = number
            break
    return first, ("the feature has no «# language: ru» header, so Gherkin reads it as English and none of its "
                   "Russian keywords (Функция, Сценарий, Дано…); put «# language: ru» on its first line")


def _error_text(exc: ParserException) -> str:
    # The parser prefixes "(line:column): "; the Problem carries the line already.
    return re.sub(r"^\(\d+:\d+\):\s*", "", str(exc))


def _tags(node: Mapping[str, Any]) -> list[str]:
    return [t["name"].lstrip("@") for t in node.get("tags", ())]


def _steps(node: Mapping[str, Any] | None) -> list[tuple[str, str, int]]:
    if not node:
        return []
    return [(s["keyword"].strip(), s["text"], s["location"]["line"]) for s in node.get("steps", ())]


def _scenarios(
    children: Iterable[Mapping[str, Any]],
    inherited: list[str],
    background: list[tuple[str, str, int]],
    rule: str | None,
    feature_shown: str,
    feature_key: str,
    rule_at: tuple[int, str] = (0, ""),
) -> list[ScenarioInfo]:
    # imported late, as harness/quality/lint.py does: `check` runs pytest after importing this module
    from pytest_bdd.parser import render_string

    out: list[ScenarioInfo] = []
    for child in children:
        if "background" in child:
            background = background + _steps(child["background"])
        elif "rule" in child:
            node = child["rule"]
            out.extend(
                _scenarios(
                    node.get("children", ()),
                    inherited + _tags(node),
                    background,
                    node.get("name", ""),
                    feature_shown,
                    feature_key,
                    (node["location"]["line"], (node.get("description") or "").strip()),
                )
            )
        elif "scenario" in child:
            sc = child["scenario"]
            tags = set(inherited) | set(_tags(sc))
            rows: list[str] = []
            for ex in sc.get("examples", ()):
                tags |= set(_tags(ex))
                header = [c["value"] for c in (ex.get("tableHeader") or {}).get("cells", ())]
                for row in ex.get("tableBody", ()):
                    values = dict(zip(header, (c["value"] for c in row["cells"]), strict=False))
                    rows.append(render_string(sc["name"], values))
            ordered = tuple(sorted(tags))
            out.append(
                ScenarioInfo(
                    id=stable_id(feature_key, sc["name"]),
                    name=sc["name"],
                    feature=feature_shown,
                    line=sc["location"]["line"],
                    tags=ordered,
                    units=tuple(t for t in ordered if is_unit_tag(t)),
                    assumptions=tuple(
                        sorted(
                            t[len(ASSUMPTION_PREFIX) :] for t in ordered if t.startswith(ASSUMPTION_PREFIX)
                        )
                    ),
                    rule=rule,
                    steps=tuple(background + _steps(sc)),
                    outline=bool(sc.get("examples")),
                    examples=tuple(rows),
                    feature_key=feature_key,
                    rule_line=rule_at[0],
                    rule_description=rule_at[1],
                )
            )
    return out


def feature_files(features_dir: Path, root: Path | None = None) -> tuple[list[Path], list[Problem]]:
    """Every ``*.feature`` under ``features_dir`` (sorted by path), following links to folders, and the problems
    of the tree: a link that leads back to a folder it stands in (a loop) or to a folder already reached (its
    features twice) is not followed, and named once, instead of every file being found again at every depth."""
    features_dir = Path(features_dir)
    if not features_dir.is_dir():
        return [], []
    root = Path(root) if root is not None else features_dir.resolve().parent
    files: list[Path] = []
    problems: list[Problem] = []
    seen: dict[Path, Path] = {}

    def shown(path: Path) -> str:            # the link itself, not where it leads
        try:
            return (path.parent.resolve() / path.name).relative_to(root.resolve()).as_posix()
        except ValueError:
            return path.as_posix()

    def walk(folder: Path) -> None:
        real = folder.resolve()
        seen[real] = folder
        try:
            entries = sorted(folder.iterdir(), key=lambda p: (p.is_symlink(), p.name))   # real folders first
        except OSError as exc:
            problems.append(Problem(shown(folder), None, None, f"cannot read the folder: {exc.strerror or exc}"))
            return
        for entry in entries:
            if entry.is_dir():
                target = entry.resolve()
                if entry.is_symlink() and (target == real or target in real.parents):
                    problems.append(Problem(shown(entry), None, None, "a symbolic link loop: it leads "
                                            f"back to {_relative(target, root)}, a folder it stands in; remove the link"))
                elif target in seen:
                    problems.append(Problem(shown(entry), None, None, f"leads to {_relative(target, root)}, "
                                            f"already read as {_relative(seen[target], root)}: its features would be "
                                            "read twice; remove the link"))
                else:
                    walk(entry)
            elif entry.suffix == ".feature":
                files.append(entry)

    walk(features_dir)
    return sorted(files, key=lambda p: p.relative_to(features_dir).as_posix()), problems


def _feature_files(features_dir: Path) -> list[Path]:
    return feature_files(features_dir)[0]


# (file, its bytes' digest, the features folder, the root) → its scenarios: a file read again unchanged is not
# parsed again (a `check` scans the suite for its reports twice more after pytest-bdd collected it; lint, the
# site and the editors' tools scan it too). Keyed by the content, not the modification time, which a test that
# rewrites a file within one clock tick would not change. ScenarioInfo is frozen: the lists are shared copies.
_SCANNED: dict[tuple[str, bytes, str, str], tuple[ScenarioInfo, ...]] = {}


def _scan_file(path: Path, features_dir: Path, root: Path) -> list[ScenarioInfo]:
    try:
        digest = hashlib.blake2b(path.read_bytes(), digest_size=16).digest()
    except OSError:
        return _scan_file_uncached(path, features_dir, root)        # its own message, below
    key = (str(path.resolve()), digest, str(features_dir.resolve()), str(root.resolve()))
    found = _SCANNED.get(key)
    if found is None:
        found = _SCANNED[key] = tuple(_scan_file_uncached(path, features_dir, root))
    return list(found)


def _scan_file_uncached(path: Path, features_dir: Path, root: Path) -> list[ScenarioInfo]:
    shown = _relative(path, root)
    doc = _parse(path, shown)
    feature = doc.get("feature")
    if not feature:
        # pytest-bdd cannot collect a feature file without a feature: say so here, with the file
        raise InputError(Problem(shown, 1, "Функция", "the file has no «Функция:» (feature); remove the file "
                                                      "or write one (`# language: ru` then `Функция: …`)"))
    key = path.relative_to(features_dir).with_suffix("").as_posix()
    return _scenarios(feature.get("children", ()), _tags(feature), [], None, shown, key)


def scan_features(features_dir: Path, root: Path | None = None) -> list[ScenarioInfo]:
    """Every scenario of ``features_dir/**/*.feature``, sorted by feature path, then line.

    ``root`` is the project root for ``ScenarioInfo.feature`` (default: the parent of
    ``features_dir``). A missing folder gives ``[]``. Gherkin syntax errors and unreadable files
    raise one :class:`InputError` carrying every problem of every file, with file and line.
    """
    features_dir = Path(features_dir)
    root = Path(root) if root is not None else features_dir.resolve().parent
    found: list[ScenarioInfo] = []
    paths, problems = feature_files(features_dir, root)
    for path in paths:
        try:
            found.extend(_scan_file(path, features_dir, root))
        except InputError as exc:
            problems.extend(exc.problems)
    if problems:
        raise InputError(problems)
    found.sort(key=lambda s: (s.feature, s.line))
    return found


def duplicate_names(scenarios: Iterable[ScenarioInfo]) -> list[Problem]:
    """Two scenarios of one file with one name: pytest-bdd binds only one of them and the other is silently
    never run, so a run must refuse the file. One short problem per repeated name (at its second place), naming
    it and its first line; linear in the number of scenarios."""
    first: dict[tuple[str, str], int] = {}
    out: list[Problem] = []
    for sc in scenarios:
        key = (sc.feature, sc.name)
        if key in first:
            out.append(Problem(sc.feature, sc.line, "scenario",
                               f"the name «{sc.name}» is also at line {first[key]} of this file: pytest-bdd would run "
                               "only one of them; give each scenario its own name (lint S002)"))
        else:
            first[key] = sc.line
    return out


def scenarios_by_unit(scenarios: Iterable[ScenarioInfo]) -> dict[str, list[ScenarioInfo]]:
    """Unit id -> the scenarios tagged with it, in the order given."""
    out: dict[str, list[ScenarioInfo]] = {}
    for sc in scenarios:
        for unit in sc.units:
            out.setdefault(unit, []).append(sc)
    return out
