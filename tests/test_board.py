"""Board loading and validation: a good board gets its defaults; every bad board gets located problems."""

from __future__ import annotations

import copy
import textwrap
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from harness.common.errors import InputError, Problem
from harness.common.yamldoc import load_yaml
from harness.suite.board import Board, board_from_data, load_board
from harness.suite.catalog import Catalog

DATA = Path(__file__).parent / "data" / "boards"


def creature(name: str, edition: str = "classic", **extra: Any) -> dict[str, Any]:
    card = {"name": name, "edition": edition, "type": "creature", "lives": 4,
            "strike": [1, 2, 3] if edition == "classic" else 2, "source": "tests"}
    card.update(extra)
    return card


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return Catalog.from_cards([
        creature("Невтида", lives=3),
        creature("Мститель", lives=9, abilities=[{"key": "on-death", "kind": "triggered", "when": "death"}]),
        creature("Гоблин"),
        creature("Гоблин", "heroes"),
        creature("Ведьма", "heroes"),
    ])


def write(tmp_path: Path, text: str | bytes, name: str = "board.yaml") -> Path:
    path = tmp_path / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def problems(tmp_path: Path, text: str | bytes, catalog: Catalog, **kwargs: Any) -> list[Problem]:
    path = write(tmp_path, text)
    with pytest.raises(InputError) as info:
        load_board(path, catalog, root=tmp_path, **kwargs)
    found = info.value.problems
    assert found, "an InputError must carry at least one problem"
    for problem in found:
        assert problem.file == "board.yaml"
    return found


def find(found: list[Problem], line: int | None, field: str | None, words: str) -> Problem:
    for problem in found:
        if problem.line == line and problem.field == field and words in problem.message:
            return problem
    raise AssertionError(f"no problem at line {line}, field {field!r} saying {words!r}; got:\n"
                         + "\n".join(str(p) for p in found))


GOOD = """\
    # Classic 113.2 ex1 (comments allowed)
    edition: classic
    active: А
    cards:
      - id: nevtida
        card: Невтида
        owner: Б
        cell: c4
      - id: mstitel
        card: Мститель
        owner: А
        controller: Б
        cell: b4
"""

# ------------------------------------------------------------------------------------------------
# Good boards


def test_good_board_gets_defaults(tmp_path: Path, catalog: Catalog) -> None:
    board = load_board(write(tmp_path, GOOD), catalog, root=tmp_path)
    assert isinstance(board, Board)
    assert board.file == "board.yaml"
    data = board.data
    assert data["edition"] == "classic"
    assert data["players"] == ["А", "Б"]
    assert data["turn"] == 1
    assert data["step"] == "main"
    assert data["priority"] == "А"
    assert data["first_player"] == "А"
    assert data["effects"] == [] and data["test_cards"] == [] and data["dice"] == {}
    nevtida, mstitel = data["cards"]
    assert nevtida == {"id": "nevtida", "card": "Невтида", "owner": "Б", "controller": "Б",
                       "zone": "battlefield", "cell": "c4"}
    assert mstitel["controller"] == "Б" and mstitel["owner"] == "А"
    assert set(board.definitions) == {"Невтида", "Мститель"}
    assert board.definitions["Мститель"]["abilities"][0]["key"] == "on-death"
    assert board.definitions["Невтида"]["rank"] == "common"  # catalog defaults filled in
    assert board.card("mstitel")["cell"] == "b4"
    assert board.definition_of("nevtida")["lives"] == 3


def test_data_file_board(catalog: Catalog) -> None:
    board = load_board(DATA / "good-classic.yaml", catalog, root=DATA)
    assert board.file == "good-classic.yaml"
    assert board.data["turn"] == 3
    assert board.data["dice"] == {"А": [6], "Б": [1]}
    assert board.data["effects"][0]["while"] == "source_in_squad"
    assert board.card("spare")["zone"] == "deck"
    assert set(board.definitions) == {"Невтида", "Мститель", "Гоблин"}


def test_explicit_values_are_kept(tmp_path: Path, catalog: Catalog) -> None:
    text = """\
        edition: heroes
        turn: 4
        players: [Аня, Борис]
        active: Борис
        first_player: Аня
        priority: Аня
        step: end
        seed: 7
        cards:
          - {id: witch, card: Ведьма, owner: Аня, zone: battlefield, closed: true, wounds: 1, markers: [дрожь]}
          - {id: gob, card: Гоблин, owner: Борис, zone: graveyard, position: 0}
        effects:
          - {kind: strike_bonus, source: witch, target: gob, amount: -1, while: end_of_turn}
    """
    board = load_board(write(tmp_path, text), catalog, root=tmp_path)
    data = board.data
    assert (data["players"], data["active"], data["priority"], data["first_player"]) == (
        ["Аня", "Борис"], "Борис", "Аня", "Аня")
    assert (data["turn"], data["step"], data["seed"]) == (4, "end", 7)
    assert data["cards"][0]["markers"] == ["дрожь"]
    assert board.definitions["Гоблин"]["edition"] == "heroes"


def test_test_card_shadows_catalog_and_is_used(tmp_path: Path, catalog: Catalog) -> None:
    text = """\
        edition: classic
        active: А
        test_cards:
          - {name: Гоблин, edition: classic, type: creature, lives: 7, strike: [0, 0, 1], source: test}
          - {name: Тень, edition: classic, type: creature, lives: 1, strike: [1, 1, 1], source: test}
        cards:
          - {id: g, card: Гоблин, owner: А, cell: a1}
          - {id: t, card: Тень, owner: Б, cell: a6}
    """
    board = load_board(write(tmp_path, text), catalog, root=tmp_path)
    assert board.definitions["Гоблин"]["lives"] == 7
    assert board.definitions["Тень"]["source"] == "test"
    assert board.data["test_cards"][0]["rank"] == "common"


def test_board_from_data_checks_and_does_not_mutate(catalog: Catalog) -> None:
    data = {"edition": "classic", "active": "А",
            "cards": [{"id": "g", "card": "Гоблин", "owner": "А", "cell": "a1"}]}
    before = copy.deepcopy(data)
    board = board_from_data(data, "<inline>", catalog)
    assert data == before
    assert board.file == "<inline>" and board.data["cards"][0]["controller"] == "А"
    bad = {**data, "cards": [{"id": "g", "card": "Гоблин", "owner": "А", "cell": "z9"}]}
    with pytest.raises(InputError) as info:
        board_from_data(bad, "<inline>", catalog, line_of=lambda p: 40 + len(p))
    (problem,) = info.value.problems
    assert (problem.file, problem.line, problem.field) == ("<inline>", 43, "cards[0].cell")
    assert "outside the 5×6 battlefield" in problem.message


# ------------------------------------------------------------------------------------------------
# Bad boards: one mistake each, located by line and field

BAD: list[tuple[str, str, int | None, str | None, str]] = [
    ("malformed-yaml", """\
        edition: classic
        active: А
        cards: [
          {id: a, card: Гоблин
        owner: А
     """, 5, None, "YAML syntax error"),
    ("bad-indentation", """\
        edition: classic
          active: А
     """, 2, None, "YAML syntax error"),
    ("root-is-a-list", """\
        - edition: classic
     """, 1, "(root)", "expected a mapping"),
    ("unknown-edition", """\
        edition: clasic
        active: А
        cards: []
     """, 1, "edition", "expected one of: classic, heroes"),
    ("missing-edition", """\
        active: А
        cards: []
     """, 1, "edition", "missing required field 'edition'"),
    ("turn-wrong-type", """\
        edition: classic
        turn: three
        active: А
        cards: []
     """, 2, "turn", "expected an integer ≥ 1, got 'three'"),
    ("turn-zero", """\
        edition: classic
        turn: 0
        active: А
        cards: []
     """, 2, "turn", "expected an integer ≥ 1, got 0"),
    ("seed-float", """\
        edition: classic
        seed: 1.0
        active: А
        cards: []
     """, 2, "seed", "expected an integer ≥ 0, got 1.0"),
    ("unknown-top-field", """\
        edition: classic
        active: А
        cardz: []
        cards: []
     """, 3, "cardz", "unknown field 'cardz'; did you mean 'cards'?"),
    ("unknown-card-field", """\
        edition: classic
        active: А
        cards:
          - id: g
            card: Гоблин
            owner: А
            celll: a1
     """, 7, "cards[0].celll", "unknown field 'celll'"),
    ("missing-owner", """\
        edition: classic
        active: А
        cards:
          - id: g
            card: Гоблин
            cell: a1
     """, 4, "cards[0].owner", "missing required field 'owner'"),
    ("bad-id", """\
        edition: classic
        active: А
        cards:
          - {id: Goblin 1, card: Гоблин, owner: А, cell: a1}
     """, 4, "cards[0].id", "expected a card id"),
    ("wrong-bool", """\
        edition: classic
        active: А
        cards:
          - id: g
            card: Гоблин
            owner: А
            cell: a1
            closed: maybe
     """, 8, "cards[0].closed", "expected true or false, got 'maybe'"),
    ("negative-wounds", """\
        edition: classic
        active: А
        cards:
          - id: g
            card: Гоблин
            owner: А
            cell: a1
            wounds: -2
     """, 8, "cards[0].wounds", "expected an integer ≥ 0, got -2"),
    ("unknown-zone", """\
        edition: classic
        active: А
        cards:
          - {id: g, card: Гоблин, owner: А, zone: grave}
     """, 4, "cards[0].zone", "did you mean 'graveyard'?"),
    ("unknown-card", """\
        edition: classic
        active: А
        cards:
          - id: g
            card: Гоблинн
            owner: А
            cell: a1
     """, 5, "cards[0].card", "unknown card 'Гоблинн'; did you mean: Гоблин?"),
    ("card-of-other-edition", """\
        edition: classic
        active: А
        cards:
          - id: w
            card: Ведьма
            owner: А
            cell: a1
     """, 5, "cards[0].card", "'Ведьма' is a heroes card, but this board is classic"),
    ("duplicate-ids", """\
        edition: classic
        active: А
        cards:
          - {id: g, card: Гоблин, owner: А, cell: a1}
          - {id: g, card: Гоблин, owner: Б, cell: a6}
     """, 5, "cards[1].id", "duplicate card id 'g' (first at cards[0], line 4)"),
    ("cell-outside-grid", """\
        edition: classic
        active: А
        cards:
          - id: g
            card: Гоблин
            owner: А
            cell: f7
     """, 7, "cards[0].cell",
     "cell 'f7' is outside the 5×6 battlefield: columns a–e, rows 1–6"),
    ("cell-row-zero", """\
        edition: classic
        active: А
        cards:
          - {id: g, card: Гоблин, owner: А, cell: a0}
     """, 4, "cards[0].cell", "outside the 5×6 battlefield"),
    ("cell-not-a-cell", """\
        edition: classic
        active: А
        cards:
          - {id: g, card: Гоблин, owner: А, cell: centre}
     """, 4, "cards[0].cell", "'centre' is not a cell name"),
    ("two-cards-one-cell", """\
        edition: classic
        active: А
        cards:
          - {id: g, card: Гоблин, owner: А, cell: b2}
          - {id: h, card: Гоблин, owner: Б, cell: b2}
     """, 5, "cards[1].cell", "cell 'b2' is already taken by 'g' (cards[0], line 4)"),
    ("cell-on-heroes-board", """\
        edition: heroes
        active: А
        cards:
          - id: g
            card: Гоблин
            owner: А
            cell: a1
     """, 7, "cards[0].cell", "heroes has no battlefield grid: remove 'cell'"),
    ("missing-cell-classic", """\
        edition: classic
        active: А
        cards:
          - id: g
            card: Гоблин
            owner: А
     """, 4, "cards[0].cell", "missing required field 'cell'"),
    ("cell-outside-battlefield", """\
        edition: classic
        active: А
        cards:
          - {id: g, card: Гоблин, owner: А, zone: hand, cell: a1}
     """, 4, "cards[0].cell", "'cell' is only for cards on the battlefield"),
    ("position-taken", """\
        edition: classic
        active: А
        cards:
          - {id: g, card: Гоблин, owner: А, zone: deck, position: 0}
          - {id: h, card: Гоблин, owner: А, zone: deck, position: 0}
     """, 5, "cards[1].position", "position 0 in the deck of 'А' is already taken"),
    ("active-not-a-player", """\
        edition: classic
        active: В
        cards: []
     """, 2, "active", "'В' is not a player of this board: expected one of: А, Б"),
    ("priority-not-a-player", """\
        edition: classic
        players: [Аня, Борис]
        active: Аня
        priority: А
        cards: []
     """, 4, "priority", "expected one of: Аня, Борис"),
    ("first-player-not-a-player", """\
        edition: classic
        active: А
        first_player: Я
        cards: []
     """, 3, "first_player", "'Я' is not a player"),
    ("owner-not-a-player", """\
        edition: classic
        active: А
        cards:
          - {id: g, card: Гоблин, owner: А, controller: В, cell: a1}
     """, 4, "cards[0].controller", "'В' is not a player"),
    ("three-players", """\
        edition: classic
        players: [А, Б, В]
        active: А
        cards: []
     """, 2, "players", "expected a list of exactly 2 distinct player names"),
    ("same-player-twice", """\
        edition: classic
        players: [А, А]
        active: А
        cards: []
     """, 2, "players", "'А' is repeated"),
    ("dice-out-of-range", """\
        edition: classic
        active: А
        dice:
          А: [6, 7]
        cards: []
     """, 4, "dice.А[1]", "expected an integer from 1 to 6, got 7"),
    ("dice-zero", """\
        edition: classic
        active: А
        dice: {Б: [0]}
        cards: []
     """, 3, "dice.Б[0]", "expected an integer from 1 to 6, got 0"),
    ("dice-of-a-stranger", """\
        edition: classic
        active: А
        dice:
          А: [1]
          Я: [2]
        cards: []
     """, 5, "dice.Я", "who is not a player of this board"),
    ("effect-unknown-source", """\
        edition: classic
        active: А
        cards:
          - {id: g, card: Гоблин, owner: А, cell: a1}
        effects:
          - kind: control
            source: ghost
            target: g
            to: Б
     """, 7, "effects[0].source", "no card has id 'ghost'; card ids: g"),
    ("effect-bad-kind", """\
        edition: classic
        active: А
        cards: []
        effects:
          - {kind: bonus, source: a, target: b}
     """, 5, "effects[0].kind", "expected one of: control, strike_bonus"),
    ("effect-control-without-to", """\
        edition: classic
        active: А
        cards:
          - {id: g, card: Гоблин, owner: А, cell: a1}
        effects:
          - {kind: control, source: g, target: g}
     """, 6, "effects[0].to", "missing required field 'to'"),
    ("effect-bad-while", """\
        edition: classic
        active: А
        cards:
          - {id: g, card: Гоблин, owner: А, cell: a1}
        effects:
          - {kind: control, source: g, target: g, to: Б, while: source-in-squad}
     """, 6, "effects[0].while", "did you mean 'source_in_squad'?"),
    ("effect-to-stranger", """\
        edition: classic
        active: А
        cards:
          - {id: g, card: Гоблин, owner: А, cell: a1}
        effects:
          - {kind: control, source: g, target: g, to: Я}
     """, 6, "effects[0].to", "'Я' is not a player"),
    ("host-in-the-deck", """\
        edition: classic
        active: А
        cards:
          - {id: g, card: Гоблин, owner: А, zone: deck}
          - {id: t, card: Гоблин, owner: А, host: g}
     """, 5, "cards[1].host", "the host 'g' (cards[0], line 4) is in the deck: a card is attached to a card on "
                               "the battlefield"),
    ("duplicate-test-card", """\
        edition: classic
        active: А
        test_cards:
          - {name: Тень, edition: classic, type: spell, source: t}
          - {name: Тень, edition: classic, type: spell, source: t}
        cards: []
     """, 5, "test_cards[1].name", "duplicate test card name 'Тень'"),
    ("test-card-other-edition", """\
        edition: classic
        active: А
        test_cards:
          - name: Тень
            edition: heroes
            type: spell
            source: t
        cards: []
     """, 5, "test_cards[0].edition", "test cards must be of the board's edition"),
    ("test-card-classic-strike", """\
        edition: classic
        active: А
        test_cards:
          - name: Тень
            edition: classic
            type: creature
            lives: 2
            strike: 3
            source: t
        cards: []
     """, 8, "test_cards[0].strike", "expected a list of 3 integers ≥ 0: [weak, medium, strong], got 3"),
    ("test-creature-without-lives", """\
        edition: heroes
        active: А
        test_cards:
          - name: Тень
            edition: heroes
            type: creature
            source: t
        cards: []
     """, 4, "test_cards[0].lives", "missing required field 'lives' (a creature must have lives)"),
    ("duplicate-mapping-key", """\
        edition: classic
        active: А
        cards:
          - id: g
            card: Гоблин
            id: h
            owner: А
            cell: a1
     """, 6, "cards[0].id", "duplicate key 'id' (first given at line 4)"),
    ("two-documents", """\
        edition: classic
        active: А
        cards: []
        ---
        edition: heroes
     """, 4, None, "expected a single YAML document"),
    ("control-character", "edition: classic\nactive: \x07А\ncards: []\n", 2, None, "U+0007"),
    ("custom-tag", """\
        edition: !classic classic
        active: А
        cards: []
     """, 1, "edition", "YAML tag '!classic' is not allowed"),
]


@pytest.mark.parametrize(("text", "line", "field", "words"),
                         [case[1:] for case in BAD], ids=[case[0] for case in BAD])
def test_bad_board(tmp_path: Path, catalog: Catalog, text: str, line: int | None, field: str | None,
                   words: str) -> None:
    find(problems(tmp_path, text, catalog), line, field, words)


def test_bad_board_cases_are_distinct() -> None:
    assert len({case[0] for case in BAD}) == len(BAD) >= 20


def test_non_utf8(tmp_path: Path, catalog: Catalog) -> None:
    text = "edition: classic\nactive: А\ncards:\n  - {id: g, card: Гоблин, owner: А, cell: a1}\n"
    found = problems(tmp_path, text.encode("cp1251"), catalog)
    find(found, 2, None, "not valid UTF-8")


def test_utf8_bom_is_accepted(tmp_path: Path, catalog: Catalog) -> None:
    path = write(tmp_path, b"\xef\xbb\xbf" + textwrap.dedent(GOOD).encode("utf-8"))
    assert load_board(path, catalog).data["edition"] == "classic"


@pytest.mark.parametrize("text", ["", "\n\n   \n", "# only a comment\n", "---\n", "~\n"])
def test_empty_file(tmp_path: Path, catalog: Catalog, text: str) -> None:
    (problem,) = problems(tmp_path, text, catalog)
    assert problem.line is None and "empty" in problem.message


def test_missing_file(tmp_path: Path, catalog: Catalog) -> None:
    with pytest.raises(InputError) as info:
        load_board(tmp_path / "nope.yaml", catalog, root=tmp_path)
    (problem,) = info.value.problems
    assert str(problem) == "nope.yaml: file not found"


def test_a_directory_is_not_a_board(tmp_path: Path, catalog: Catalog) -> None:
    (tmp_path / "dir.yaml").mkdir()
    with pytest.raises(InputError) as info:
        load_board(tmp_path / "dir.yaml", catalog, root=tmp_path)
    assert "directory" in info.value.problems[0].message


def test_unsafe_tag_is_rejected_and_not_run(tmp_path: Path, catalog: Catalog) -> None:
    marker = tmp_path / "ran.txt"
    text = f"""\
        edition: classic
        active: А
        cards:
          - id: boom
            card: !!python/object/apply:os.system ["echo ran > {marker.as_posix()}"]
            owner: А
            cell: a1
    """
    found = problems(tmp_path, text, catalog)
    problem = find(found, 5, "cards[0].card", "YAML tag '!!python/object/apply:os.system' is not allowed")
    assert "unsafe" in problem.message
    assert not marker.exists()


def test_unsafe_tag_data_file(catalog: Catalog) -> None:
    with pytest.raises(InputError) as info:
        load_board(DATA / "unsafe-tag.yaml", catalog, root=DATA)
    assert [(p.file, p.line, p.field) for p in info.value.problems] == [("unsafe-tag.yaml", 5, "cards[0].card")]


def test_duplicate_key_data_file(catalog: Catalog) -> None:
    with pytest.raises(InputError) as info:
        load_board(DATA / "duplicate-key.yaml", catalog, root=DATA)
    assert str(info.value) == "duplicate-key.yaml:5: cards[0].id: duplicate key 'id' (first given at line 4)"


def test_all_problems_of_a_board_are_reported(catalog: Catalog) -> None:
    with pytest.raises(InputError) as info:
        load_board(DATA / "many-problems.yaml", catalog, root=DATA)
    found = info.value.problems
    assert [(p.line, p.field) for p in found] == [
        (3, "active"),
        (4, "step"),
        (7, "cards[0].card"),
        (9, "cards[0].cell"),
        (10, "cards[1].id"),
        (17, "cards[2].cell"),
        (20, "effects[0].source"),
    ]
    assert all(p.file == "many-problems.yaml" for p in found)
    text = str(info.value)
    assert "many-problems.yaml:9: cards[0].cell: cell 'f7' is outside the 5×6 battlefield" in text
    assert "many-problems.yaml:17: cards[2].cell: cell 'a1' is already taken by 'goblin'" in text


def test_schema_and_semantic_problems_together(tmp_path: Path, catalog: Catalog) -> None:
    text = """\
        edition: classic
        turn: -1
        active: А
        cards:
          - {id: g, card: Гоблин, owner: А, cell: a1, wounds: x}
          - {id: g, card: Эльф, owner: А, cell: a1}
        effects:
          - {kind: strike_bonus, source: g, target: nobody}
    """
    found = problems(tmp_path, text, catalog)
    find(found, 2, "turn", "expected an integer ≥ 1")
    find(found, 5, "cards[0].wounds", "expected an integer ≥ 0, got 'x'")
    find(found, 6, "cards[1].id", "duplicate card id 'g'")
    find(found, 6, "cards[1].card", "unknown card 'Эльф': not in the classic catalog nor in test_cards")
    find(found, 6, "cards[1].cell", "already taken")
    find(found, 8, "effects[0].target", "no card has id 'nobody'")
    find(found, 8, "effects[0].amount", "missing required field 'amount'")
    assert len(found) == 7
    assert [p.line for p in found] == sorted(p.line for p in found)


def test_check_definition_problems_are_located(tmp_path: Path, catalog: Catalog) -> None:
    text = """\
        edition: classic
        active: А
        test_cards:
          - name: Тень
            edition: classic
            type: creature
            lives: 2
            strike: [1, 1, 1]
            source: t
            abilities:
              - key: boo
                kind: triggered
                when: {event: nonsense}
        cards:
          - {id: t, card: Тень, owner: А, cell: a1}
    """
    seen: list[dict[str, Any]] = []

    def check(definition: dict[str, Any]) -> list[tuple[tuple[Any, ...], str]]:
        seen.append(definition)
        return [(("abilities", 0, "when", "event"), "unknown event 'nonsense'")]

    found = problems(tmp_path, text, catalog, check_definition=check)
    assert [d["name"] for d in seen] == ["Тень"]
    (problem,) = found  # the card using the broken test card is not reported a second time
    assert (problem.line, problem.field) == (13, "test_cards[0].abilities[0].when.event")
    assert problem.message == "unknown event 'nonsense'"
    board = load_board(write(tmp_path, text, "ok.yaml"), catalog, check_definition=lambda d: [])
    assert "Тень" in board.definitions


def test_yaml_line_map(tmp_path: Path) -> None:
    doc = load_yaml(write(tmp_path, GOOD), root=tmp_path)
    assert doc.file == "board.yaml"
    assert doc.line_of(()) == 2
    assert doc.line_of(("cards",)) == 4
    assert doc.line_of(("cards", 1)) == 9
    assert doc.line_of(("cards", 1, "controller")) == 12
    assert doc.line_of(("cards", 1, "nothing", 3)) == 9  # nearest existing ancestor
    assert doc.line_of(("cards", 7)) == 4


def test_aliases_and_merge_keys_are_plain_data(tmp_path: Path, catalog: Catalog) -> None:
    text = """\
        edition: classic
        active: А
        cards:
          - &gob {id: g1, card: Гоблин, owner: А, cell: a1, markers: &m [дрожь]}
          - {<<: *gob, id: g2, cell: a2, markers: *m}
    """
    board = load_board(write(tmp_path, text), catalog, root=tmp_path)
    first, second = board.data["cards"]
    assert (second["id"], second["card"], second["cell"]) == ("g2", "Гоблин", "a2")
    first["markers"].append("x")
    assert second["markers"] == ["дрожь"]  # aliases do not stay shared in the board's data


def test_recursive_alias_and_alias_bomb(tmp_path: Path, catalog: Catalog) -> None:
    find(problems(tmp_path, "edition: &e [*e]\n", catalog), 1, "edition[0]", "recursive YAML alias")
    lines = ["a0: &a0 [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]"]
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 7)]
    (problem,) = problems(tmp_path, "\n".join(lines) + "\n", catalog)
    assert "aliases" in problem.message and "limit" in problem.message


# ------------------------------------------------------------------------------------------------
# Robustness: whatever a field holds, the result is a Board or an InputError, never a traceback

_VALID = {
    "edition": "classic", "active": "А",
    "dice": {"А": [1]},
    "test_cards": [{"name": "Тень", "edition": "classic", "type": "creature", "lives": 2,
                    "strike": [1, 1, 1], "source": "t", "abilities": [{"key": "k", "kind": "static"}]}],
    "cards": [{"id": "g", "card": "Гоблин", "owner": "А", "cell": "a1", "zone": "battlefield",
               "position": 0, "markers": ["дрожь"]},
              {"id": "t", "card": "Тень", "owner": "Б", "cell": "a6"}],
    "effects": [{"kind": "control", "source": "g", "target": "t", "to": "А", "while": "end_of_turn"}],
}

_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 9) | st.sampled_from(
        ["", "А", "Б", "g", "t", "a1", "f9", "classic", "heroes", "Гоблин", "control", "strike_bonus",
         "hand", "battlefield"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.sampled_from(["id", "card", "owner", "cell", "kind", "name", "x"]), inner, max_size=3),
    max_leaves=6,
)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            out += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            out += _paths(item, (*prefix, index))
    return out


@settings(max_examples=300, derandomize=True, database=None, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.sampled_from(_paths(_VALID)[1:]), _values, st.booleans()), min_size=1,
                max_size=3))
def test_any_mutation_gives_a_board_or_located_problems(mutations: list[Any]) -> None:
    catalog = Catalog.from_cards([creature("Гоблин")])
    data = copy.deepcopy(_VALID)
    for path, value, delete in mutations:
        parent: Any = data
        try:
            for elem in path[:-1]:
                parent = parent[elem]
            if delete and isinstance(parent, dict):
                parent.pop(path[-1], None)
            else:
                parent[path[-1]] = value
        except (KeyError, IndexError, TypeError):
            continue
    try:
        board = board_from_data(data, "<fuzz>", catalog, line_of=lambda p: 1)
    except InputError as exc:
        assert exc.problems
        assert all(p.file == "<fuzz>" and p.line == 1 and p.message for p in exc.problems)
    else:
        assert board.data["players"] and board.data["cards"] is not None


def test_a_field_the_schema_faults_is_not_faulted_again_by_the_engine(tmp_path: Path, catalog: Catalog) -> None:
    """The engine's verdict on the position is located in the file; a field the schema already reports (here a
    cell that is no string, an owner missing) gets its one line, from the schema."""
    text = "edition: classic\nactive: А\ncards:\n  - {id: g, card: Гоблин, owner: А, cell: 7}\n" \
           "  - {id: o, card: Гоблин, cell: a2}\n"
    found = problems(tmp_path, text, catalog)
    assert sorted(p.field or "" for p in found) == ["cards[0].cell", "cards[1].owner"], found
