"""Catalog loading and validation (never the real catalog/ folder: test data and tmp folders only)."""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any

import pytest

from harness.common.errors import InputError, Problem
from harness.suite.catalog import Catalog, load_catalog

DATA = Path(__file__).parent / "data" / "catalog"


def write(folder: Path, name: str, text: str | bytes) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def catalog_problems(folder: Path, **kwargs: Any) -> list[Problem]:
    with pytest.raises(InputError) as info:
        load_catalog(folder, root=folder, **kwargs)
    assert info.value.problems
    return info.value.problems


def find(found: list[Problem], file: str, line: int | None, field: str | None, words: str) -> Problem:
    for problem in found:
        if (problem.file, problem.line, problem.field) == (file, line, field) and words in problem.message:
            return problem
    raise AssertionError(f"no problem {file}:{line} {field!r} saying {words!r}; got:\n"
                         + "\n".join(str(p) for p in found))


def test_good_catalog_loads() -> None:
    catalog = load_catalog(DATA / "good", root=DATA)
    assert len(catalog) == 4
    assert catalog.names("classic") == ["Гоблин", "Мститель"]
    assert catalog.names("heroes") == ["Гоблин", "Щит"]
    assert catalog.names() == ["Гоблин", "Мститель", "Щит"]
    assert catalog.editions_of("Гоблин") == ["classic", "heroes"]
    goblin = catalog.get("Гоблин", "classic")
    assert goblin is not None and goblin["strike"] == [1, 2, 3] and goblin["cost"] == {"amount": 3, "coin": "silver"}
    assert goblin["rank"] == "common" and goblin["unique"] is False and goblin["abilities"] == []
    assert catalog.get("Гоблин", "heroes")["strike"] == 2
    assert catalog.get("Мститель", "heroes") is None
    assert catalog.get("Нет такой", "classic") is None
    assert catalog.get("Мститель", "classic")["abilities"][0]["when"] == {"event": "destroyed"}
    assert catalog.origin("Мститель", "classic") == ("good/classic.yaml", 10)
    assert [(c["edition"], c["name"]) for c in catalog.cards] == [
        ("classic", "Гоблин"), ("classic", "Мститель"), ("heroes", "Гоблин"), ("heroes", "Щит")]


def test_definitions_are_copies() -> None:
    catalog = Catalog.from_cards([{"name": "Щит", "edition": "heroes", "type": "equipment", "source": "t"}])
    catalog.get("Щит", "heroes")["name"] = "changed"
    catalog.cards[0]["name"] = "changed"
    assert catalog.names("heroes") == ["Щит"]
    assert catalog.get("Щит", "heroes")["name"] == "Щит"


def test_empty_folder_is_an_empty_catalog(tmp_path: Path) -> None:
    write(tmp_path, "README.md", "not yaml, ignored\n")
    catalog = load_catalog(tmp_path)
    assert len(catalog) == 0 and catalog.names("classic") == []


def test_missing_folder(tmp_path: Path) -> None:
    with pytest.raises(InputError) as info:
        load_catalog(tmp_path / "nope", root=tmp_path)
    assert str(info.value) == "nope: catalog folder not found: expected a folder of YAML files"


def test_all_problems_of_all_files_are_reported() -> None:
    found = catalog_problems(DATA / "bad")
    find(found, "one.yaml", 10, "cards[1].type", "expected one of: creature, artifact")
    find(found, "one.yaml", 11, "cards[1].lives", "expected an integer ≥ 1, got 0")
    find(found, "one.yaml", 12, "cards[1].strike", "expected a list of 3 integers ≥ 0")
    find(found, "three.yaml", 2, None, "YAML syntax error")
    find(found, "two.yaml", 2, "cards[0].name",
         "card 'Гоблин' (classic) is already defined at one.yaml:2; a name is unique per edition")
    find(found, "two.yaml", 8, "cards[1].lives", "missing required field 'lives' (a creature must have lives)")
    find(found, "two.yaml", 12, "cards[1].cost.coin", "heroes costs have no coin")
    find(found, "two.yaml", 14, "cards[1].colour", "unknown field 'colour'")
    assert len(found) == 8


BAD: list[tuple[str, str, int | None, str | None, str]] = [
    ("not-a-mapping", "- name: X\n", 1, "(root)", "expected a mapping"),
    ("no-cards-key", "card: []\n", 1, "card", "unknown field 'card'; did you mean 'cards'?"),
    ("cards-not-a-list", "cards: {name: X}\n", 1, "cards", "expected a list"),
    ("missing-name", """\
        cards:
          - edition: classic
            type: spell
            source: t
     """, 2, "cards[0].name", "missing required field 'name'"),
    ("missing-source", """\
        cards:
          - {name: X, edition: classic, type: spell}
     """, 2, "cards[0].source", "missing required field 'source'"),
    ("bad-edition", """\
        cards:
          - {name: X, edition: hero, type: spell, source: t}
     """, 2, "cards[0].edition", "expected one of: classic, heroes; got 'hero' (did you mean 'heroes'?)"),
    ("bad-rank", """\
        cards:
          - {name: X, edition: classic, type: spell, rank: legendary, source: t}
     """, 2, "cards[0].rank", "expected one of: common, elite"),
    ("bad-coin", """\
        cards:
          - name: X
            edition: classic
            type: spell
            cost: {amount: 2, coin: copper}
            source: t
     """, 5, "cards[0].cost.coin", "expected one of: gold, silver"),
    ("negative-cost", """\
        cards:
          - name: X
            edition: classic
            type: spell
            cost:
              amount: -1
            source: t
     """, 6, "cards[0].cost.amount", "expected an integer ≥ 0, got -1"),
    ("cost-without-amount", """\
        cards:
          - name: X
            edition: heroes
            type: spell
            cost: {}
            source: t
     """, 5, "cards[0].cost.amount", "missing required field 'amount'"),
    ("strike-two-values", """\
        cards:
          - name: X
            edition: classic
            type: creature
            lives: 2
            strike: [1, 2]
            source: t
     """, 6, "cards[0].strike", "got 2 items"),
    ("strike-negative", """\
        cards:
          - name: X
            edition: classic
            type: creature
            lives: 2
            strike: [1, -2, 3]
            source: t
     """, 6, "cards[0].strike[1]", "expected an integer ≥ 0, got -2"),
    ("heroes-strike-text", """\
        cards:
          - name: X
            edition: heroes
            type: creature
            lives: 2
            strike: strong
            source: t
     """, 6, "cards[0].strike", "expected an integer ≥ 0 or a list of 3 integers ≥ 0"),
    ("flying-not-bool", """\
        cards:
          - {name: X, edition: heroes, type: creature, lives: 1, flying: sometimes, source: t}
     """, 2, "cards[0].flying", "expected true or false"),
    ("ability-without-kind", """\
        cards:
          - name: X
            edition: heroes
            type: spell
            source: t
            abilities:
              - key: k
                effect: {do: something}
     """, 7, "cards[0].abilities[0].kind", "missing required field 'kind'"),
    ("ability-bad-kind", """\
        cards:
          - name: X
            edition: heroes
            type: spell
            source: t
            abilities:
              - {key: k, kind: passive}
     """, 7, "cards[0].abilities[0].kind", "expected one of: triggered, activated, static"),
    ("duplicate-ability-key", """\
        cards:
          - name: X
            edition: heroes
            type: spell
            source: t
            abilities:
              - {key: k, kind: static}
              - {key: k, kind: triggered}
     """, 8, "cards[0].abilities[1].key", "duplicate ability key 'k'"),
    ("duplicate-in-one-file", """\
        cards:
          - {name: X, edition: heroes, type: spell, source: t}
          - {name: X, edition: heroes, type: spell, source: u}
     """, 3, "cards[1].name", "card 'X' (heroes) is already defined at cards.yaml:2"),
    ("duplicate-mapping-key", """\
        cards:
          - name: X
            name: Y
            edition: heroes
            type: spell
            source: t
     """, 3, "cards[0].name", "duplicate key 'name'"),
    ("unsafe-tag", """\
        cards:
          - name: !!python/object/new:os.system [echo]
            edition: heroes
            type: spell
            source: t
     """, 2, "cards[0].name", "not allowed"),
]


@pytest.mark.parametrize(("text", "line", "field", "words"),
                         [case[1:] for case in BAD], ids=[case[0] for case in BAD])
def test_bad_catalog(tmp_path: Path, text: str, line: int | None, field: str | None, words: str) -> None:
    write(tmp_path, "cards.yaml", text)
    find(catalog_problems(tmp_path), "cards.yaml", line, field, words)


def test_same_name_in_two_editions_is_fine(tmp_path: Path) -> None:
    write(tmp_path, "a.yaml", "cards:\n  - {name: X, edition: classic, type: spell, source: t}\n")
    write(tmp_path, "sub/b.yml", "cards:\n  - {name: X, edition: heroes, type: spell, source: t}\n")
    catalog = load_catalog(tmp_path, root=tmp_path)
    assert catalog.editions_of("X") == ["classic", "heroes"]
    assert catalog.origin("X", "heroes") == ("sub/b.yml", 2)


def test_non_utf8_and_empty_files(tmp_path: Path) -> None:
    write(tmp_path, "a.yaml", "cards:\n  - {name: Щит, edition: heroes, type: spell, source: t}\n".encode("cp1251"))
    write(tmp_path, "b.yaml", "# nothing yet\n")
    found = catalog_problems(tmp_path)
    find(found, "a.yaml", 2, None, "not valid UTF-8")
    find(found, "b.yaml", None, None, "empty")


def test_check_definition(tmp_path: Path) -> None:
    write(tmp_path, "cards.yaml", """\
        cards:
          - name: X
            edition: heroes
            type: spell
            source: t
            abilities:
              - key: k
                kind: static
                effect: {do: explode}
          - name: Y
            edition: heroes
            type: creature
            source: t
    """)
    checked: list[str] = []

    def check(definition: dict[str, Any]) -> list[tuple[tuple[Any, ...], str]]:
        checked.append(definition["name"])
        if definition["name"] == "X":
            return [(("abilities", 0, "effect", "do"), "unknown effect 'explode'; expected one of: damage")]
        return []

    found = catalog_problems(tmp_path, check_definition=check)
    assert checked == ["X"]  # Y breaks the schema (no lives): the engine's checker never sees it
    find(found, "cards.yaml", 9, "cards[0].abilities[0].effect.do", "unknown effect 'explode'")
    find(found, "cards.yaml", 10, "cards[1].lives", "missing required field 'lives'")
    assert len(found) == 2


def test_from_cards_checks_plain_data() -> None:
    catalog = Catalog.from_cards([
        {"name": "X", "edition": "classic", "type": "creature", "lives": 2, "strike": [1, 2, 3], "source": "t"},
    ])
    assert ("X", "classic") in catalog and catalog.names("classic") == ["X"]
    with pytest.raises(InputError) as info:
        Catalog.from_cards([
            {"name": "X", "edition": "classic", "type": "creature", "strike": 3, "source": "t"},
            {"name": "X", "edition": "classic", "type": "spell", "source": "t"},
        ], file="<test>")
    assert [(p.file, p.line, p.field) for p in info.value.problems] == [
        ("<test>", None, "cards[0].lives"),
        ("<test>", None, "cards[0].strike"),
        ("<test>", None, "cards[1].name"),
    ]
