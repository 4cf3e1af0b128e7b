"""Setting a game up: what a legal starting position is, every problem reported with its path.

`setup_problems` is the one home of the legality of a position, for any caller (the protocol, a test, the
harness's boards): two cards in one cell, a cell off the grid, duplicate ids, unknown players or zones, a
host that is no other card of the battlefield, hosts in a cycle, effects naming unknown cards… A bad setup
is refused with SetupError (every problem as `(path, message)`), never with a crash. The engine knows
nothing of files: the harness turns a path into a file and a line.
"""

from __future__ import annotations

import difflib
from typing import Any

from .editions import EDITIONS
from .model import DEFAULT_PLAYERS, STEPS, ZONES

SETUP_INTS = ("wounds", "lives", "position", "poison", "additional_lives", "negative_lives", "moves_left",
              "counters")
EFFECT_KINDS = ("control", "strike_bonus", "strike_set", "lose_abilities", "roll_bonus")   # a board's effects


def _ref(i: int) -> str:
    """Another card of the setup, as the message names it (the harness adds its line)."""
    return f"cards[{i}]"


def did_you_mean(word: str, options: list[str]) -> str:
    """The hint '; did you mean: …?' with the options near a misspelt name, or ''."""
    if len(word) > 200:          # a huge value is nobody's typo, and difflib would take its time
        return ""
    near = difflib.get_close_matches(word, options, n=3, cutoff=0.6)
    return f"; did you mean: {', '.join(near)}?" if near else ""


def setup_problems(setup: Any) -> list[tuple[tuple, str]]:
    """Every problem of a setup, as (path, message): its shape and the legality of its position. Each
    message says what was expected and what was given."""
    if not isinstance(setup, dict):
        return [(("(root)",), "expected an object (the board)")]
    out: list[tuple[tuple, str]] = []
    raw_edition = setup.get("edition")
    edition = EDITIONS.get(raw_edition) if isinstance(raw_edition, str) else None
    if edition is None:
        out.append((("edition",), f"expected one of: {', '.join(EDITIONS)}; got {raw_edition!r}"))

    def integer(value: Any, path: tuple, minimum: int = 0) -> None:
        if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
            out.append((path, f"expected an integer ≥ {minimum}, got {value!r}"))

    players: list[str] | None = setup.get("players", list(DEFAULT_PLAYERS))
    if not (isinstance(players, list) and len(players) == 2 and all(isinstance(p, str) and p for p in players)
            and players[0] != players[1]):
        out.append((("players",), f"expected two different player names, got {players!r}"))
        players = None

    def player(value: Any, path: tuple, required: bool = False) -> None:
        if players is None or (value is None and not required) or value in players:
            return
        given = f"'{value}' is not a player of this board" if isinstance(value, str) else f"got {value!r}"
        out.append((path, f"{given}: expected one of: {', '.join(players)}"))

    for key in ("active", "first_player", "priority"):
        if key in setup:
            player(setup[key], (key,), required=True)
    if "step" in setup and setup["step"] not in STEPS:
        out.append((("step",), f"expected one of: {', '.join(STEPS)}; got {setup['step']!r}"))
    for key, minimum in (("turn", 1), ("seed", 0)):
        if key in setup:
            integer(setup[key], (key,), minimum)
    cards = setup.get("cards", [])
    if not isinstance(cards, list):
        out.append((("cards",), "expected a list of cards"))
        cards = []
    ids: dict[str, int] = {}
    for i, c in enumerate(cards):
        if not isinstance(c, dict):
            out.append((("cards", i), "expected an object (a card)"))
            continue
        if not isinstance(c.get("id"), str) or not c["id"]:
            out.append((("cards", i, "id"), f"expected a non-empty string (the card's id), got {c.get('id')!r}"))
        elif c["id"] in ids:
            out.append((("cards", i, "id"), f"duplicate card id '{c['id']}' (first at {_ref(ids[c['id']])})"))
        else:
            ids[c["id"]] = i
        if not isinstance(c.get("card"), str):
            out.append((("cards", i, "card"), f"expected the name of a card, got {c.get('card')!r}"))
        player(c.get("owner"), ("cards", i, "owner"), required=True)
        if "controller" in c:
            player(c["controller"], ("cards", i, "controller"), required=True)
        if c.get("zone", "battlefield") not in ZONES:
            out.append((("cards", i, "zone"), f"expected one of: {', '.join(ZONES)}; got {c.get('zone')!r}"))
        for key in SETUP_INTS:
            if key in c:
                integer(c[key], ("cards", i, key))
        for key in ("closed", "face_down"):
            if key in c and not isinstance(c[key], bool):
                out.append((("cards", i, key), f"expected true or false, got {c[key]!r}"))
        if "markers" in c and not (isinstance(c["markers"], list) and all(isinstance(m, str) for m in c["markers"])):
            out.append((("cards", i, "markers"), f"expected a list of marker names, got {c['markers']!r}"))
    if edition is not None:
        out += _cell_problems(cards, edition)
    out += _position_problems(cards)
    out += _host_problems(cards, ids)
    effects = setup.get("effects", [])
    if not isinstance(effects, list):
        out.append((("effects",), "expected a list of effects"))
        effects = []
    for i, e in enumerate(effects):
        if not isinstance(e, dict):
            out.append((("effects", i), "expected an object (an effect)"))
            continue
        out += _effect_problems(e, ("effects", i), ids)
        if "to" in e:
            player(e["to"], ("effects", i, "to"), required=True)
    markers = setup.get("cell_markers", {})
    if not isinstance(markers, dict) or not all(isinstance(k, str) and edition is not None and edition.is_cell(k)
                                                and isinstance(v, list) for k, v in markers.items()):
        out.append((("cell_markers",), "expected {cell: [marker, …]} with cells of the grid"))
    return out


def _cell_problems(cards: list, edition: Any) -> list[tuple[tuple, str]]:
    """Classic: a card on the battlefield stands in a cell of the 5×6 grid, one card per cell, an attached card
    in its host's (ASM classic-grid); no card elsewhere has a cell. Heroes: no grid, no cell."""
    out: list[tuple[tuple, str]] = []
    grid = f"a column {edition.columns[0]}–{edition.columns[-1]} and a row 1–{edition.rows}" if edition.has_grid else ""
    taken: dict[str, int] = {}
    for i, c in enumerate(cards):
        if not isinstance(c, dict):
            continue
        path, zone, has_cell, cell = ("cards", i, "cell"), c.get("zone", "battlefield"), "cell" in c, c.get("cell")
        if zone not in ZONES:
            continue                                          # said above: no cell rule to apply
        if not edition.has_grid:
            if has_cell:
                out.append((path, f"{edition.name} has no battlefield grid: remove 'cell'"))
        elif zone != "battlefield":
            if has_cell:
                out.append((path, f"a card in the {zone} has no cell: 'cell' is only for cards on the battlefield "
                                  "(remove it, or set zone: battlefield)"))
        elif c.get("host") is not None:
            if has_cell:
                out.append((path, "an attached card (with 'host') stands in its host's cell: remove 'cell'"))
        elif not has_cell:
            out.append((path, f"missing required field 'cell': a card on the {edition.name} battlefield stands "
                              "in a cell, e.g. cell: c4"))
        elif not isinstance(cell, str) or not (len(cell) >= 2 and cell[0] in "abcdefghijklmnopqrstuvwxyz"
                                               and cell[1:].isascii() and cell[1:].isdigit()):
            out.append((path, f"{cell!r} is not a cell name: expected {grid}, e.g. 'c4'"))
        elif not edition.is_cell(cell):
            out.append((path, f"cell '{cell}' is outside the {len(edition.columns)}×{edition.rows} battlefield: "
                              f"columns {edition.columns[0]}–{edition.columns[-1]}, rows 1–{edition.rows}"))
        elif cell in taken:
            other = cards[taken[cell]].get("id")
            out.append((path, f"cell '{cell}' is already taken by '{other}' ({_ref(taken[cell])}): one card "
                              "per cell"))
        else:
            taken[cell] = i
    return out


def _position_problems(cards: list) -> list[tuple[tuple, str]]:
    """`position` orders the cards of one player's deck, graveyard, hand or additional zone: not on the
    battlefield, and not twice in one zone."""
    out: list[tuple[tuple, str]] = []
    seen: dict[tuple, int] = {}
    for i, c in enumerate(cards):
        position = c.get("position") if isinstance(c, dict) else None
        if not isinstance(position, int) or isinstance(position, bool) or position < 0:
            continue                                          # no position, or not an integer: said above
        zone = c.get("zone", "battlefield")
        if zone not in ZONES:
            continue
        if zone == "battlefield":
            out.append((("cards", i, "position"), "'position' orders cards inside a deck, graveyard, hand or the "
                                                  "additional zone: remove it for a card on the battlefield"))
        elif isinstance(c.get("owner"), str):
            key = (c["owner"], zone, position)
            if key in seen:
                out.append((("cards", i, "position"), f"position {position} in the {zone} of '{c['owner']}' is "
                                                      f"already taken (by {_ref(seen[key])})"))
            else:
                seen[key] = i
    return out


def _host_problems(cards: list, ids: dict[str, int]) -> list[tuple[tuple, str]]:
    """A host names another card; an attached card and its host are on the battlefield; hosts form no cycle."""
    out: list[tuple[tuple, str]] = []
    host_of: dict[str, str] = {}
    known = ", ".join(sorted(ids)) or "none"
    for i, c in enumerate(cards):
        if not isinstance(c, dict) or c.get("host") is None:
            continue
        host, path = c["host"], ("cards", i, "host")
        if host == c.get("id"):
            out.append((path, f"'host' names the card itself ('{host}'): it must name another card of the board"))
        elif not isinstance(host, str) or host not in ids:
            hint = did_you_mean(host, sorted(ids)) if isinstance(host, str) else ""
            out.append((path, f"'host' must name another card of the board: no card has id {host!r}"
                              + (hint or f"; card ids: {known}")))
        elif c.get("zone", "battlefield") != "battlefield":
            out.append((path, f"only a card on the battlefield is attached to a host; this one is in the "
                              f"{c.get('zone')}: remove 'host'"))
        elif cards[ids[host]].get("zone", "battlefield") != "battlefield":
            out.append((path, f"the host '{host}' ({_ref(ids[host])}) is in the "
                              f"{cards[ids[host]].get('zone')}: a card is attached to a card on the battlefield"))
        elif isinstance(c.get("id"), str):
            host_of[c["id"]] = host
    reported: set[str] = set()
    for start in host_of:
        chain: list[str] = []
        card = start
        while card in host_of and card not in chain:
            chain.append(card)
            card = host_of[card]
        if card == start and start not in reported:
            reported.update(chain)
            out.append((("cards", ids[start], "host"), f"the hosts form a cycle ({' → '.join([*chain, start])}): "
                                                       "a card cannot be attached, directly or through others, "
                                                       "to itself"))
    return out


def _effect_problems(e: dict, base: tuple, ids: dict[str, int]) -> list[tuple[tuple, str]]:
    """An effect's kind and fields: source and target name cards of the setup; a control gives the card to a
    player (`to`, no `amount`); a strike_bonus changes the strike by `amount` (no `to`)."""
    out: list[tuple[tuple, str]] = []
    kind = e.get("kind")
    if kind not in EFFECT_KINDS:
        out.append(((*base, "kind"), f"expected one of: {', '.join(EFFECT_KINDS)}; got {kind!r}"))
    known = sorted(ids)
    for key in ("source", "target"):
        value = e.get(key)
        if key not in e:
            out.append(((*base, key), f"missing required field '{key}': the id of a card of the board"))
        elif not isinstance(value, str) or value not in ids:
            hint = did_you_mean(value, known) if isinstance(value, str) else ""
            out.append(((*base, key), f"no card has id {value!r}" if not isinstance(value, str) else
                        f"no card has id '{value}'" + (hint or (f"; card ids: {', '.join(known)}" if known else ""))))
    if "amount" in e and (not isinstance(e["amount"], int) or isinstance(e["amount"], bool)):
        out.append(((*base, "amount"), f"expected an integer, got {e['amount']!r}"))
    if kind == "control":
        if "to" not in e:
            out.append(((*base, "to"), "missing required field 'to': a control effect gives the card to a player"))
        if "amount" in e:
            out.append(((*base, "amount"), "a control effect has no 'amount' (it gives the card, it changes no number): remove it"))
    elif kind == "strike_bonus":
        if "amount" not in e:
            out.append(((*base, "amount"), "missing required field 'amount': by how much the strike changes"))
        if "to" in e:
            out.append(((*base, "to"), "a strike_bonus effect has no 'to' (only a control effect gives a card to a player): remove it"))
    if e.get("while") not in (None, "source_in_squad", "end_of_turn", "end_of_controller_turn"):
        out.append(((*base, "while"), f"expected source_in_squad, end_of_turn or end_of_controller_turn; "
                                      f"got {e['while']!r}"))
    return out
