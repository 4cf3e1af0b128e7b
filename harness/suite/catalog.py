"""The card catalog: YAML files under `catalog/`, each `{cards: [...]}`, checked and indexed by name.

A card definition has the shape of `schemas/catalog.schema.json#/$defs/card`; boards define inline
test cards with the same shape (see `harness/suite/board.py`). Beyond the schema, a name is unique per
edition across all files, heroes costs carry no coin, ability keys are unique inside a card, and
(optionally) the reference engine's `check_definition` checks the ability vocabulary.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable
from functools import cache
from pathlib import Path
from typing import Any

from harness.common.errors import InputError, Problem
from harness.common.facts import EDITIONS
from harness.common.yamldoc import (
    YamlDoc,
    display_path,
    format_path,
    load_yaml,
    plain_copy,
    validate_with_schema,
)

__all__ = [
    "Catalog",
    "CheckDefinition",
    "EDITIONS",
    "card_problems",
    "has_problem_under",
    "load_catalog",
    "load_schema",
    "normalize_card",
    "schema_registry",
]

SCHEMA_DIR = Path(__file__).parent.parent / "schemas"

#: `(definition) -> [(path inside the definition, message), ...]`, supplied by the reference engine.
CheckDefinition = Callable[[dict[str, Any]], list[tuple[tuple[Any, ...], str]]]

_CARD_DEFAULTS: dict[str, Any] = {"rank": "common", "unique": False, "flying": False}


@cache
def _schema_text(name: str) -> str:
    return (SCHEMA_DIR / f"{name}.schema.json").read_text(encoding="utf-8")


def load_schema(name: str) -> dict[str, Any]:
    """A fresh copy of `harness/schemas/<name>.schema.json` (`board`, `catalog`)."""
    return json.loads(_schema_text(name))


@cache
def schema_registry() -> Any:
    """A `referencing.Registry` holding the board and catalog schemas under their `$id`s."""
    from referencing import Registry, Resource

    resources = []
    for name in ("catalog", "board"):
        schema = load_schema(name)
        resources.append((schema["$id"], Resource.from_contents(schema)))
    return Registry().with_resources(resources)


def normalize_card(card: dict[str, Any]) -> dict[str, Any]:
    """A deep copy of a valid definition with the documented defaults filled in."""
    out = plain_copy(card)
    for key, value in _CARD_DEFAULTS.items():
        out.setdefault(key, value)
    out.setdefault("abilities", [])
    return out


def _is_str(value: Any) -> bool:
    return isinstance(value, str) and bool(value)


def has_problem_under(problems: Iterable[Problem], prefix: str) -> bool:
    """Whether some problem concerns the field `prefix` or a field inside it."""
    return any(
        p.field is not None and (p.field == prefix or p.field.startswith((prefix + ".", prefix + "[")))
        for p in problems
    )


def card_problems(
    card: Any,
    base: tuple[Any, ...],
    doc: YamlDoc,
    check_definition: CheckDefinition | None = None,
    schema_ok: bool = True,
) -> list[Problem]:
    """Checks of one card definition that the schema cannot express.

    `base` is the card's path in `doc` (`('cards', 3)` or `('test_cards', 0)`). `check_definition`
    runs only when `schema_ok` (the engine's checker may rely on the schema's shape).
    """
    if not isinstance(card, dict):
        return []

    def at(rel: tuple[Any, ...], message: str) -> Problem:
        path = (*base, *rel)
        return Problem(doc.file, doc.line_of(path), format_path(path), message)

    problems: list[Problem] = []
    cost = card.get("cost")
    if card.get("edition") == "heroes" and isinstance(cost, dict) and "coin" in cost:
        problems.append(at(("cost", "coin"), "heroes costs have no coin (gold/silver): remove 'coin'"))
    abilities = card.get("abilities")
    if isinstance(abilities, list):
        seen: dict[str, int] = {}
        for index, ability in enumerate(abilities):
            key = ability.get("key") if isinstance(ability, dict) else None
            if not _is_str(key):
                continue
            if key in seen:
                first = doc.line_of((*base, "abilities", seen[key], "key"))
                where = f"abilities[{seen[key]}]" + (f", line {first}" if first else "")
                problems.append(at(("abilities", index, "key"),
                                   f"duplicate ability key '{key}' in this card (first at {where})"))
            else:
                seen[key] = index
    if check_definition is not None and schema_ok:
        for rel, message in check_definition(plain_copy(card)) or []:
            problems.append(at(tuple(rel), message))
    return problems


class Catalog:
    """The cards of all catalog files, indexed by (name, edition). Definitions are returned as copies."""

    def __init__(self, cards: Iterable[dict[str, Any]] = (),
                 origins: dict[tuple[str, str], tuple[str, int | None]] | None = None):
        self._cards: dict[tuple[str, str], dict[str, Any]] = {}
        for card in cards:
            self._cards[(card["name"], card["edition"])] = normalize_card(card)
        self._origins = dict(origins or {})

    @classmethod
    def from_cards(cls, cards: list[dict[str, Any]], file: str = "<catalog>",
                   check_definition: CheckDefinition | None = None) -> Catalog:
        """A catalog from plain data, checked like a file (problems carry `file` and no line)."""
        doc = YamlDoc({"cards": cards}, file, lambda _path: None)
        found: list[tuple[dict[str, Any], str, int | None]] = []
        problems = _check_doc(doc, {}, found, check_definition)
        if problems:
            raise InputError(problems)
        return cls([card for card, _f, _l in found], {(c["name"], c["edition"]): (f, li) for c, f, li in found})

    def __len__(self) -> int:
        return len(self._cards)

    def __contains__(self, item: object) -> bool:
        return item in self._cards

    def __repr__(self) -> str:
        return f"Catalog({len(self._cards)} cards)"

    def get(self, name: str, edition: str) -> dict[str, Any] | None:
        """The definition of `name` in `edition` (with defaults filled in), or None."""
        card = self._cards.get((name, edition))
        return plain_copy(card) if card is not None else None

    def names(self, edition: str | None = None) -> list[str]:
        """Sorted card names of one edition (or of all editions)."""
        return sorted({name for name, ed in self._cards if edition is None or ed == edition})

    def editions_of(self, name: str) -> list[str]:
        """The editions that have a card called `name`."""
        return [ed for ed in EDITIONS if (name, ed) in self._cards]

    def origin(self, name: str, edition: str) -> tuple[str, int | None] | None:
        """Where the card is defined: (file, line)."""
        return self._origins.get((name, edition))

    @property
    def cards(self) -> list[dict[str, Any]]:
        """All definitions, sorted by edition then name."""
        return [plain_copy(self._cards[key]) for key in sorted(self._cards, key=lambda k: (k[1], k[0]))]


def _check_doc(
    doc: YamlDoc,
    seen: dict[tuple[str, str], tuple[str, int | None]],
    found: list[tuple[dict[str, Any], str, int | None]],
    check_definition: CheckDefinition | None,
) -> list[Problem]:
    """Problems of one catalog document; valid cards are appended to `found`, names to `seen`."""
    problems = validate_with_schema(doc, load_schema("catalog"), schema_registry())
    data = doc.data
    cards = data.get("cards") if isinstance(data, dict) else None
    if not isinstance(cards, list):
        return problems
    extra: list[Problem] = []
    for index, card in enumerate(cards):
        if not isinstance(card, dict):
            continue
        schema_ok = not has_problem_under(problems, f"cards[{index}]")
        card_extra = card_problems(card, ("cards", index), doc, check_definition, schema_ok)
        extra.extend(card_extra)
        name, edition = card.get("name"), card.get("edition")
        if not (_is_str(name) and edition in EDITIONS):
            continue
        line = doc.line_of(("cards", index))
        if (name, edition) in seen:
            first_file, first_line = seen[(name, edition)]
            where = first_file + (f":{first_line}" if first_line else "")
            extra.append(Problem(doc.file, doc.line_of(("cards", index, "name")), f"cards[{index}].name",
                                 f"card '{name}' ({edition}) is already defined at {where}; "
                                 "a name is unique per edition"))
            continue
        seen[(name, edition)] = (doc.file, line)
        if schema_ok and not card_extra:
            found.append((card, doc.file, line))
    return sorted(problems + extra, key=lambda p: p.line or 0)


def catalog_files(folder: Path) -> list[Path]:
    """The catalog's files: every `*.yaml` / `*.yml` under `folder`, recursively, in sorted order."""
    # os.walk, not Path.rglob: several times faster, and asked at every board a scenario loads (session.py)
    found = []
    for dirpath, _dirs, files in os.walk(folder):
        for name in files:
            if name.endswith((".yaml", ".yml")) and os.path.isfile(os.path.join(dirpath, name)):
                path = Path(dirpath, name)
                found.append((path.relative_to(folder).as_posix(), path))
    return [path for _, path in sorted(found)]


def load_catalog(folder: Path, root: Path | None = None,
                 check_definition: CheckDefinition | None = None) -> Catalog:
    """Load every `*.yaml` / `*.yml` file under `folder` (recursively, in sorted order).

    Raises InputError listing every problem of every file. An empty folder gives an empty catalog.
    """
    folder = Path(folder)
    if not folder.is_dir():
        raise InputError(Problem(display_path(folder, root), None, None,
                                 "catalog folder not found: expected a folder of YAML files"))
    files = catalog_files(folder)
    problems: list[Problem] = []
    seen: dict[tuple[str, str], tuple[str, int | None]] = {}
    found: list[tuple[dict[str, Any], str, int | None]] = []
    for path in files:
        try:
            doc = load_yaml(path, root)
        except InputError as exc:
            problems.extend(exc.problems)
            continue
        problems.extend(_check_doc(doc, seen, found, check_definition))
    if problems:
        raise InputError(problems)
    return Catalog([card for card, _f, _l in found], {(c["name"], c["edition"]): (f, li) for c, f, li in found})
