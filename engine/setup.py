"""Setting a game up: every problem of a board's shape, reported with its path.

A setup from a foreign caller (the protocol, a test) is refused with SetupError, never with a crash, and
never starts from an impossible position (two cards in one cell, a cell off the grid). The harness checks
boards more thoroughly beforehand.
"""

from __future__ import annotations

from typing import Any

from .editions import EDITIONS
from .model import DEFAULT_PLAYERS, STEPS, ZONES

SETUP_INTS = ("wounds", "lives", "position", "poison", "additional_lives", "negative_lives", "moves_left",
              "counters")
EFFECT_KINDS = ("control", "strike_bonus", "strike_set", "lose_abilities", "roll_bonus")   # a board's effects


def setup_problems(setup: Any) -> list[tuple[tuple, str]]:
    """Every problem of a setup's shape, as (path, message): a setup from a foreign caller (the protocol,
    a test) is refused with SetupError, never with a crash, and never starts from an impossible position
    (two cards in one cell, a cell off the grid). The harness checks boards more thoroughly beforehand."""
    if not isinstance(setup, dict):
        return [(("(root)",), "expected an object (the board)")]
    edition = EDITIONS.get(setup.get("edition", "")) if isinstance(setup.get("edition"), str) else None
    if edition is None:
        return [(("edition",), f"expected one of: {', '.join(EDITIONS)}")]
    out: list[tuple[tuple, str]] = []

    def integer(value: Any, path: tuple, minimum: int = 0) -> None:
        if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
            out.append((path, f"expected an integer ≥ {minimum}, got {value!r}"))

    players = setup.get("players", list(DEFAULT_PLAYERS))
    if not (isinstance(players, list) and len(players) == 2 and all(isinstance(p, str) and p for p in players)
            and players[0] != players[1]):
        return [(("players",), "expected two different player names")]
    for key in ("active", "first_player"):
        if key in setup and setup[key] not in players:
            out.append(((key,), f"expected one of the players: {', '.join(players)}"))
    if "step" in setup and setup["step"] not in STEPS:
        out.append((("step",), f"expected one of: {', '.join(STEPS)}"))
    for key, minimum in (("turn", 1), ("seed", 0)):
        if key in setup:
            integer(setup[key], (key,), minimum)
    cards = setup.get("cards", [])
    if not isinstance(cards, list):
        return out + [(("cards",), "expected a list of cards")]
    ids: set[str] = set()
    cells: dict[str, int] = {}
    for i, c in enumerate(cards):
        if not isinstance(c, dict):
            out.append((("cards", i), "expected an object (a card)"))
            continue
        if not isinstance(c.get("id"), str) or not c["id"]:
            out.append((("cards", i, "id"), "expected a non-empty string"))
        elif c["id"] in ids:
            out.append((("cards", i, "id"), f"duplicate card id '{c['id']}'"))
        else:
            ids.add(c["id"])
        if not isinstance(c.get("card"), str):
            out.append((("cards", i, "card"), "expected the name of a card"))
        for key in ("owner", "controller"):
            if (key == "owner" or key in c) and c.get(key) not in players:
                out.append((("cards", i, key), f"expected one of the players: {', '.join(players)}"))
        zone = c.get("zone", "battlefield")
        if zone not in ZONES:
            out.append((("cards", i, "zone"), f"expected one of: {', '.join(ZONES)}"))
        for key in SETUP_INTS:
            if key in c:
                integer(c[key], ("cards", i, key))
        for key in ("closed", "face_down", "moved_last_turn"):
            if key in c and not isinstance(c[key], bool):
                out.append((("cards", i, key), "expected true or false"))
        if "markers" in c and not (isinstance(c["markers"], list) and all(isinstance(m, str) for m in c["markers"])):
            out.append((("cards", i, "markers"), "expected a list of marker names"))
        cell, host = c.get("cell"), c.get("host")
        if host is not None and (not isinstance(host, str) or zone != "battlefield"):
            out.append((("cards", i, "host"), "expected the id of another card, for a card on the battlefield"))
        if cell is None:
            if edition.has_grid and zone == "battlefield" and host is None:
                out.append((("cards", i, "cell"), "a card on the battlefield stands in a cell"))
        elif not edition.has_grid or zone != "battlefield" or host is not None:
            out.append((("cards", i, "cell"), "only an unattached card on the classic battlefield has a cell"))
        elif not isinstance(cell, str) or not edition.is_cell(cell):
            out.append((("cards", i, "cell"), f"expected a cell of the grid ({edition.columns[0]}1–"
                                              f"{edition.columns[-1]}{edition.rows}), got {cell!r}"))
        elif cell in cells:
            out.append((("cards", i, "cell"), f"cell {cell} is already taken by cards.{cells[cell]}"))
        else:
            cells[cell] = i
    for i, c in enumerate(cards):
        host = c.get("host") if isinstance(c, dict) else None
        if isinstance(host, str) and (host not in ids or host == c.get("id")):
            out.append((("cards", i, "host"), f"no other card has id '{c['host']}'"))
    effects = setup.get("effects", [])
    if not isinstance(effects, list):
        return out + [(("effects",), "expected a list of effects")]
    for i, e in enumerate(effects):
        if not isinstance(e, dict):
            out.append((("effects", i), "expected an object (an effect)"))
            continue
        if e.get("kind") not in EFFECT_KINDS:
            out.append((("effects", i, "kind"), f"expected one of: {', '.join(EFFECT_KINDS)}"))
        if "to" in e and e["to"] not in players:
            out.append((("effects", i, "to"), f"expected one of the players: {', '.join(players)}"))
        if "amount" in e and (not isinstance(e["amount"], int) or isinstance(e["amount"], bool)):
            out.append((("effects", i, "amount"), "expected an integer"))
        if e.get("while") not in (None, "source_in_squad", "end_of_turn", "end_of_controller_turn"):
            out.append((("effects", i, "while"), "expected source_in_squad, end_of_turn or end_of_controller_turn"))
    markers = setup.get("cell_markers", {})
    if not isinstance(markers, dict) or not all(
            isinstance(k, str) and edition.is_cell(k) and isinstance(v, list) for k, v in markers.items()):
        out.append((("cell_markers",), "expected {cell: [marker, …]} with cells of the grid"))
    return out

