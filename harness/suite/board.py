"""Boards: a scenario's starting position as a YAML file, checked against the schema, the catalog and the engine.

`load_board` / `board_from_data` report every problem of a board at once (InputError), each with
its file, line and field; a valid board comes back with its defaults filled in and with the
definitions of the cards it uses. The format is `schemas/board.schema.json`.

Each rule has one home. What a legal *position* is (players, ids, zones, cells of the grid and one card
per cell, hosts, positions in a zone, effects' fields and cards) is the engine's: `engine.setup_problems`
says it for any caller, and this module turns its `(path, message)` problems into `file:line: field:
message` through the YAML line map (a card another message names, `cards[N]`, gets its line too). What
needs the file or the catalog is checked here:

- YAML and the schema, with line numbers (an engine problem on a field the schema already faults is not
  repeated);
- every `card` names a catalog card or a test card of the board's edition (near names are offered;
  a card of the other edition is said to be one);
- test card names are unique, of the board's edition, and (with `check_definition`) use the ability
  vocabulary of the engine; a test card may shadow a catalog card of the same name;
- the `dice` keys name one of the two players (scripted rolls: the harness's, not the position's);
- the defaults of a valid board are filled in.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine import did_you_mean, setup_problems
from harness.common.errors import InputError, Problem
from harness.common.facts import COLUMNS, DEFAULT_PLAYERS, EDITIONS, ROWS
from harness.common.yamldoc import YamlDoc, format_path, load_yaml, plain_copy, validate_with_schema
from harness.suite.catalog import (
    Catalog,
    CheckDefinition,
    card_problems,
    has_problem_under,
    load_schema,
    normalize_card,
)
from harness.suite.catalog import schema_registry as _registry
from harness.suite.definitions import board_definitions

__all__ = ["Board", "load_board", "board_from_data", "COLUMNS", "ROWS", "DEFAULT_PLAYERS"]

_REF = re.compile(r"\bcards\[(\d+)\](?=\))")     # another card named by an engine message: "(cards[0])"


@dataclass
class Board:
    """A checked board. `data` is plain JSON-able data with the defaults filled in."""

    file: str
    data: dict[str, Any]
    definitions: dict[str, dict[str, Any]] = field(default_factory=dict)

    @property
    def edition(self) -> str:
        return self.data["edition"]

    @property
    def players(self) -> list[str]:
        return list(self.data["players"])

    def card(self, card_id: str) -> dict[str, Any] | None:
        """The card instance with this id, or None."""
        return next((c for c in self.data["cards"] if c["id"] == card_id), None)

    def definition_of(self, card_id: str) -> dict[str, Any] | None:
        """The definition of the card instance with this id."""
        card = self.card(card_id)
        return self.definitions.get(card["card"]) if card else None


def load_board(path: Path, catalog: Catalog, root: Path | None = None,
               check_definition: CheckDefinition | None = None) -> Board:
    """Load and check a board file; InputError lists every problem found."""
    doc = load_yaml(Path(path), root)
    return _build(doc, catalog, check_definition)


def board_from_data(data: dict[str, Any], file: str, catalog: Catalog,
                    line_of: Callable[[tuple[Any, ...]], int | None] = lambda p: None,
                    check_definition: CheckDefinition | None = None) -> Board:
    """The same checks for a board that did not come from a file (`data` is not modified)."""
    return _build(YamlDoc(data, file, line_of), catalog, check_definition)


def _is_str(value: Any) -> bool:
    return isinstance(value, str) and bool(value)


def _inside(field_: str, other: str) -> bool:
    """Whether the field `field_` is `other` or a field inside it."""
    return field_ == other or field_.startswith((other + ".", other + "["))


class _Checker:
    """The checks that need the file or the catalog: test cards, card names, the dice."""

    def __init__(self, doc: YamlDoc, catalog: Catalog, check_definition: CheckDefinition | None):
        self.doc = doc
        self.catalog = catalog
        self.check_definition = check_definition
        self.problems: list[Problem] = []
        self.schema_problems: list[Problem] = []

    def add(self, path: tuple[Any, ...], message: str) -> None:
        self.problems.append(Problem(self.doc.file, self.doc.line_of(path), format_path(path), message))

    def where(self, path: tuple[Any, ...]) -> str:
        line = self.doc.line_of(path)
        return format_path(path) + (f", line {line}" if line else "")

    # ----------------------------------------------------------------------------------------------

    def run(self, schema_problems: list[Problem]) -> dict[str, dict[str, Any]] | None:
        data = self.doc.data
        if not isinstance(data, dict):
            return None
        self.schema_problems = schema_problems
        edition = data.get("edition") if data.get("edition") in EDITIONS else None
        self.check_dice(data.get("dice"), data.get("players", list(DEFAULT_PLAYERS)))
        tests = self.check_test_cards(data.get("test_cards"), edition)
        self.check_names(data.get("cards"), edition, tests)
        self.add_engine_problems(data)
        return tests

    def add_engine_problems(self, data: dict[str, Any]) -> None:
        """The engine's verdict on the position, located in the file; a field the schema already faults (or
        a field inside it, or around it) is not reported twice."""
        for path, message in setup_problems(data):
            where = format_path(path)
            if any(p.field is not None and (_inside(where, p.field) or _inside(p.field, where))
                   for p in self.schema_problems):
                continue
            self.add(path, _REF.sub(lambda m: self.where(("cards", int(m.group(1)))), message))

    def check_dice(self, dice: Any, players: Any) -> None:
        if not isinstance(dice, dict) or not (isinstance(players, list) and len(players) == 2):
            return
        for key in dice:
            if key not in players:
                self.add(("dice", key), f"dice for '{key}', who is not a player of this board: "
                                        f"expected one of: {', '.join(map(str, players))}")

    def check_test_cards(self, tests: Any, edition: str | None) -> dict[str, dict[str, Any]]:
        """Problems of the inline test cards; returns the usable ones by name."""
        usable: dict[str, dict[str, Any]] = {}
        if not isinstance(tests, list):
            return usable
        first: dict[str, int] = {}
        for index, card in enumerate(tests):
            if not isinstance(card, dict):
                continue
            base = ("test_cards", index)
            schema_ok = not has_problem_under(self.schema_problems, format_path(base))
            extra = card_problems(card, base, self.doc, self.check_definition, schema_ok)
            self.problems.extend(extra)
            name = card.get("name")
            if not _is_str(name):
                continue
            if name in first:
                self.add((*base, "name"), f"duplicate test card name '{name}' "
                                          f"(first at {self.where(('test_cards', first[name]))})")
                continue
            first[name] = index
            card_edition = card.get("edition")
            if edition is not None and card_edition in EDITIONS and card_edition != edition:
                self.add((*base, "edition"), f"test card '{name}' is a {card_edition} card, but this board "
                                             f"is {edition}: test cards must be of the board's edition")
                continue
            if schema_ok and not extra:
                usable[name] = normalize_card(card)
        return usable

    def check_names(self, cards: Any, edition: str | None, tests: dict[str, dict[str, Any]]) -> None:
        """Every card instance names a card of the catalog or of test_cards."""
        if not isinstance(cards, list):
            return
        test_names = self.doc.data.get("test_cards")
        test_names = [t["name"] for t in test_names if isinstance(t, dict) and _is_str(t.get("name"))] \
            if isinstance(test_names, list) else []
        for index, card in enumerate(cards):
            if isinstance(card, dict):
                self.check_name(card.get("card"), ("cards", index, "card"), edition, tests, test_names)

    def check_name(self, name: Any, path: tuple[Any, ...], edition: str | None,
                   tests: dict[str, dict[str, Any]], test_names: list[str]) -> None:
        if not _is_str(name) or edition is None:
            return
        if name in tests or self.catalog.get(name, edition) is not None:
            return
        if name in test_names:  # a test card that is itself wrong: already reported there
            return
        others = [e for e in self.catalog.editions_of(name) if e != edition]
        if others:
            self.add(path, f"card '{name}' is a {others[0]} card, but this board is {edition}")
            return
        options = sorted(set(self.catalog.names(edition)) | set(tests))
        near = did_you_mean(name, options)
        shown = name if len(name) <= 60 else name[:57] + "…"
        self.add(path, f"unknown card '{shown}'" + (near or f": not in the {edition} catalog nor in test_cards"))


def _build(doc: YamlDoc, catalog: Catalog, check_definition: CheckDefinition | None) -> Board:
    schema_problems = validate_with_schema(doc, load_schema("board"), _registry())
    checker = _Checker(doc, catalog, check_definition)
    tests = checker.run(schema_problems)
    problems = list(dict.fromkeys(schema_problems + checker.problems))
    if problems or tests is None:
        raise InputError(sorted(problems, key=lambda p: p.line or 0))
    return _complete(doc.data, doc.file, catalog, tests)


def _complete(raw: dict[str, Any], file: str, catalog: Catalog, tests: dict[str, dict[str, Any]]) -> Board:
    """The valid board with its defaults filled in, and the definitions it uses."""
    src = plain_copy(raw)
    players = src.get("players", list(DEFAULT_PLAYERS))
    data: dict[str, Any] = {
        "edition": src["edition"],
        "turn": src.get("turn", 1),
        "players": players,
        "active": src["active"],
        "first_player": src.get("first_player", players[0]),
        "priority": src.get("priority", src["active"]),
        "step": src.get("step", "main"),
    }
    if "seed" in src:
        data["seed"] = src["seed"]
    data["dice"] = src.get("dice", {})
    data["test_cards"] = [normalize_card(card) for card in src.get("test_cards", [])]
    cards = []
    for card in src["cards"]:
        full = {
            "id": card["id"],
            "card": card["card"],
            "owner": card["owner"],
            "controller": card.get("controller", card["owner"]),
            "zone": card.get("zone", "battlefield"),
        }
        full.update({k: v for k, v in card.items() if k not in full})
        cards.append(full)
    data["cards"] = cards
    data["effects"] = src.get("effects", [])
    data["cell_markers"] = src.get("cell_markers", {})
    definitions = board_definitions(cards, data["edition"], catalog.get,
                                    {name: plain_copy(card) for name, card in tests.items()})
    return Board(file=file, data=data, definitions=definitions)
