"""Boards: a scenario's starting position as a YAML file, checked against the schema and the catalog.

`load_board` / `board_from_data` report every problem of a board at once (InputError), each with
its file, line and field; a valid board comes back with its defaults filled in and with the
definitions of the cards it uses. The format is `schemas/board.schema.json`; what a schema cannot
say is checked here:

- `active`, `first_player`, `priority`, every `owner` / `controller`, effect `to` and the `dice` keys
  name one of the two players;
- card ids are unique; effect `source` / `target` name card ids;
- every `card` names a catalog card or a test card of the board's edition (near names are offered;
  a card of the other edition is said to be one);
- test card names are unique, of the board's edition, and (with `check_definition`) use the ability
  vocabulary of the engine; a test card may shadow a catalog card of the same name;
- classic: a card on the battlefield has a `cell` on the 5×6 grid (columns a–e, rows 1–6), one card
  per cell, and no card elsewhere has a cell; heroes: no cell at all;
- a control effect has `to` and no `amount`; a strike_bonus has `amount` and no `to`;
- `position` orders cards inside a deck, graveyard, hand or additional zone: not on the battlefield,
  and not twice in one player's zone.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from harness.common.errors import InputError, Problem
from harness.common.facts import COLUMNS, DEFAULT_PLAYERS, EDITIONS, GRID, ROWS, ZONES
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

__all__ = ["Board", "load_board", "board_from_data", "COLUMNS", "ROWS", "DEFAULT_PLAYERS"]

_ID = re.compile(r"^[a-z][a-z0-9_-]*$")
_CELL = re.compile(r"^([a-z])([0-9]+)$")


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


def _is_id(value: Any) -> bool:
    return isinstance(value, str) and bool(_ID.match(value))


def _near(word: str, options: list[str]) -> str:
    if len(word) > 200:          # a huge value is nobody's typo, and difflib would take its time
        return ""
    near = difflib.get_close_matches(word, options, n=3, cutoff=0.6)
    return f"; did you mean: {', '.join(near)}?" if near else ""


class _Checker:
    def __init__(self, doc: YamlDoc, catalog: Catalog, check_definition: CheckDefinition | None):
        self.doc = doc
        self.catalog = catalog
        self.check_definition = check_definition
        self.problems: list[Problem] = []
        self.schema_problems: list[Problem] = []
        self.players: list[str] | None = None

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
        players = data.get("players", list(DEFAULT_PLAYERS))
        if not (isinstance(players, list) and len(players) == 2 and all(_is_str(p) for p in players)
                and players[0] != players[1]):
            players = None
        self.players = players
        for key in ("active", "first_player", "priority"):
            self.player(data.get(key), (key,))
        self.check_dice(data.get("dice"))
        tests = self.check_test_cards(data.get("test_cards"), edition)
        ids = self.check_cards(data.get("cards"), edition, tests)
        self.check_effects(data.get("effects"), ids)
        return tests

    def player(self, value: Any, path: tuple[Any, ...], what: str = "player") -> None:
        if self.players is None or not _is_str(value) or value in self.players:
            return
        self.add(path, f"'{value}' is not a {what} of this board: expected one of: {', '.join(self.players)}")

    def check_dice(self, dice: Any) -> None:
        if not isinstance(dice, dict) or self.players is None:
            return
        for key in dice:
            if key not in self.players:
                self.add(("dice", key), f"dice for '{key}', who is not a player of this board: "
                                        f"expected one of: {', '.join(self.players)}")

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

    def check_cards(self, cards: Any, edition: str | None, tests: dict[str, dict[str, Any]]) -> dict[str, int]:
        """Problems of the card instances; returns card id -> index."""
        ids: dict[str, int] = {}
        if not isinstance(cards, list):
            return ids
        cells: dict[str, int] = {}
        positions: dict[tuple[str, str, int], int] = {}
        test_names = self.doc.data.get("test_cards")
        test_names = [t["name"] for t in test_names if isinstance(t, dict) and _is_str(t.get("name"))] \
            if isinstance(test_names, list) else []
        for index, card in enumerate(cards):
            if not isinstance(card, dict):
                continue
            base = ("cards", index)
            card_id = card.get("id")
            if _is_id(card_id):
                if card_id in ids:
                    self.add((*base, "id"), f"duplicate card id '{card_id}' "
                                            f"(first at {self.where(('cards', ids[card_id]))})")
                else:
                    ids[card_id] = index
            self.check_name(card.get("card"), (*base, "card"), edition, tests, test_names)
            self.player(card.get("owner"), (*base, "owner"))
            self.player(card.get("controller"), (*base, "controller"))
            zone = card.get("zone", "battlefield")
            if zone not in ZONES:
                continue
            self.check_cell(card, base, edition, zone, cells)
            position = card.get("position")
            if isinstance(position, int) and not isinstance(position, bool) and position >= 0:
                if zone == "battlefield":
                    self.add((*base, "position"), "'position' orders cards inside a deck, graveyard, hand or "
                                                  "the additional zone: remove it for a card on the battlefield")
                elif _is_str(card.get("owner")):
                    key = (card["owner"], zone, position)
                    if key in positions:
                        self.add((*base, "position"),
                                 f"position {position} in the {zone} of '{card['owner']}' is already taken "
                                 f"(by {self.where(('cards', positions[key]))})")
                    else:
                        positions[key] = index
        for index, card in enumerate(cards):
            host = card.get("host") if isinstance(card, dict) else None
            if host is None:
                continue
            if host not in ids or host == card.get("id"):
                self.add(("cards", index, "host"), f"'host' must name another card of the board; known: "
                                                   f"{', '.join(sorted(ids))}")
            elif card.get("zone", "battlefield") != "battlefield":
                self.add(("cards", index, "host"), "only a card on the battlefield is attached to a host")
        self.check_host_cycles(cards)
        return ids

    def check_host_cycles(self, cards: list[Any]) -> None:
        """Hosts form no cycle (two cards each other's host): every chain of hosts ends at a card."""
        host_of = {c.get("id"): c.get("host") for c in cards if isinstance(c, dict) and isinstance(c.get("id"), str)
                   and isinstance(c.get("host"), str) and c.get("host") != c.get("id")}  # itself: said above
        index_of = {c.get("id"): i for i, c in enumerate(cards) if isinstance(c, dict) and isinstance(c.get("id"), str)}
        reported: set[str] = set()
        for start in host_of:
            seen: list[str] = []
            card: Any = start
            while card in host_of and card not in seen:
                seen.append(card)
                card = host_of[card]
            if card in seen and card == start and start not in reported:
                cycle = seen[seen.index(card):]
                reported.update(cycle)
                self.add(("cards", index_of[start], "host"),
                         f"the hosts form a cycle ({' → '.join([*cycle, start])}): a card cannot be attached, "
                         "directly or through others, to itself")

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
        near = _near(name, options)
        shown = name if len(name) <= 60 else name[:57] + "…"
        self.add(path, f"unknown card '{shown}'" + (near or f": not in the {edition} catalog nor in test_cards"))

    def check_cell(self, card: dict[str, Any], base: tuple[Any, ...], edition: str | None, zone: str,
                   cells: dict[str, int]) -> None:
        has_cell = "cell" in card
        cell = card.get("cell")
        if edition == "heroes":
            if has_cell:
                self.add((*base, "cell"), "heroes has no battlefield grid: remove 'cell'")
            return
        if edition != "classic":
            return
        if zone != "battlefield":
            if has_cell:
                self.add((*base, "cell"), f"a card in the {zone} has no cell: 'cell' is only for cards "
                                          "on the battlefield (remove it, or set zone: battlefield)")
            return
        if "host" in card:
            if has_cell:
                self.add((*base, "cell"), "an attached card (with 'host') stands in its host's cell: remove 'cell'")
            return
        if not has_cell:
            self.add((*base, "cell"), "missing required field 'cell': a card on the classic battlefield "
                                      "stands in a cell, e.g. cell: c4")
            return
        if not isinstance(cell, str):
            return  # reported by the schema
        match = _CELL.match(cell)
        if not match:
            self.add((*base, "cell"), f"'{cell}' is not a cell name: expected a column a–e and a row 1–6, "
                                      "e.g. 'c4'")
            return
        column, row = match.group(1), int(match.group(2))
        if column not in COLUMNS or not 1 <= row <= ROWS:
            self.add((*base, "cell"), f"cell '{cell}' is outside {GRID}")
            return
        if cell in cells:
            other = self.doc.data["cards"][cells[cell]]
            self.add((*base, "cell"), f"cell '{cell}' is already taken by '{other.get('id')}' "
                                      f"({self.where(('cards', cells[cell]))}): one card per cell")
        else:
            cells[cell] = int(base[1])

    def check_effects(self, effects: Any, ids: dict[str, int]) -> None:
        if not isinstance(effects, list):
            return
        known = sorted(ids)
        for index, effect in enumerate(effects):
            if not isinstance(effect, dict):
                continue
            base = ("effects", index)
            for key in ("source", "target"):
                value = effect.get(key)
                if _is_id(value) and value not in ids:
                    self.add((*base, key), f"no card has id '{value}'"
                             + (_near(value, known) or (f"; card ids: {', '.join(known)}" if known else "")))
            kind = effect.get("kind")
            if kind == "control":
                if "to" not in effect:
                    self.add((*base, "to"), "missing required field 'to': a control effect gives the card "
                                            "to a player")
                if "amount" in effect:
                    self.add((*base, "amount"), "'amount' is only for kind strike_bonus: remove it")
            elif kind == "strike_bonus":
                if "amount" not in effect:
                    self.add((*base, "amount"), "missing required field 'amount': by how much the strike "
                                                "changes")
                if "to" in effect:
                    self.add((*base, "to"), "'to' is only for kind control: remove it")
            self.player(effect.get("to"), (*base, "to"))


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
    definitions: dict[str, dict[str, Any]] = {name: plain_copy(card) for name, card in tests.items()}
    for card in cards:
        if card["card"] not in definitions:
            definition = catalog.get(card["card"], data["edition"])
            if definition is not None:
                definitions[card["card"]] = definition
    return Board(file=file, data=data, definitions=definitions)
