"""Card facts quoted from the rules text: a catalog card whose facts come from a sentence of the corpus says so
(`quotes:`), and those facts follow the sentence.

A card of the catalog whose ability the rules quote (Невтида's «4 или менее текущих жизней» in classic
113.2's example, Мститель's «+2 к удару», Орк-арбалетчик's «3 выстрела на 1» …) declares, for each fact taken
from those words, where the words are and which fields of the card they give:

    quotes:
      - unit: classic:113.2.ex1
        words: "4 или менее текущих жизней"
        facts: ["когда становится 4 или менее жизней/trigger.value"]

`facts` names one field per number of `words`, in order: ``ABILITY-KEY/dotted.path`` inside an ability (``*``
for every item of a list, which must all agree; a trailing ``#`` for the number of items of a list), or a
card field (``lives``). Words without a number give no field and are checked for being there.

`stale_quotes` finds the quotes that no longer agree with the present text (lint S033, an error): the words are
gone from the unit (the text changed under the card), or a number of the words is not the card's field (the
words were made to follow the text, the fact was not). `approve` refuses the scenarios of such a unit, and
`diff` lists the cards quoting a changed unit with the scenarios that play them, so a change of a quoted card
cannot be cleared before the catalog follows it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from harness.common.yamldoc import YamlDoc

__all__ = ["Quote", "StaleQuote", "catalog_docs", "field_value", "load_quotes", "quotes_of_units", "stale_quotes"]

_NUMBER = re.compile(r"\d+")


@dataclass(frozen=True)
class Quote:
    """One quote of a catalog card: where it is declared, the unit and words, the fields they give."""

    card: str
    file: str
    line: int | None
    index: int
    unit: str
    words: str
    facts: tuple[str, ...]
    definition: Any


@dataclass(frozen=True)
class StaleQuote:
    quote: Quote
    message: str


def normalise(text: str) -> str:
    """Text compared as an editor means it: case, ё/е, quotes and runs of white space aside."""
    text = text.lower().replace("ё", "е").replace("«", '"').replace("»", '"').replace("–", "-").replace("—", "-")
    return " ".join(text.split())


def load_quotes(docs: Iterable[YamlDoc]) -> list[Quote]:
    """Every quote of the catalog files read as ``docs`` (``{cards: [...]}``), in file order."""
    out = []
    for doc in docs:
        cards = doc.data.get("cards") if isinstance(doc.data, dict) else None
        for i, card in enumerate(cards if isinstance(cards, list) else []):
            if not isinstance(card, dict):
                continue
            for j, q in enumerate(card.get("quotes") or []):
                if not isinstance(q, dict):
                    continue
                out.append(Quote(str(card.get("name", "?")), doc.file, doc.line_of(("cards", i, "quotes", j)), j,
                                 str(q.get("unit", "")), str(q.get("words", "")),
                                 tuple(str(f) for f in q.get("facts") or []), card))
    return out


def field_value(card: dict, fact: str) -> tuple[bool, Any]:
    """The value a ``facts`` entry names on ``card``: (True, value), or (False, why it names nothing)."""
    node: Any = card
    path = fact
    if "/" in fact:
        key, _, path = fact.partition("/")
        abilities = [a for a in card.get("abilities") or [] if isinstance(a, dict) and a.get("key") == key]
        if not abilities:
            return False, f"the card has no ability with the key «{key}»"
        node = abilities[0]
    count = path.endswith("#")
    parts = [p for p in path.rstrip("#").split(".") if p]
    values = [node]
    for part in parts:
        nxt = []
        for v in values:
            if part == "*" and isinstance(v, list):
                nxt += v
            elif isinstance(v, list) and part.isdigit() and int(part) < len(v):
                nxt.append(v[int(part)])
            elif isinstance(v, dict) and part in v:
                nxt.append(v[part])
            else:
                return False, f"«{fact}» names no field of the card (no «{part}»)"
        values = nxt
    if count:
        values = [len(v) if isinstance(v, list) else None for v in values]
    distinct = {repr(v) for v in values}
    if len(distinct) != 1:
        return False, f"«{fact}» names fields that disagree: {sorted(distinct)}"
    return True, values[0]


def stale_quotes(quotes: Iterable[Quote], unit_text: Any) -> list[StaleQuote]:
    """The quotes that do not agree with the present text; ``unit_text(id)`` gives a unit's text, or None
    when the corpus has no such unit."""
    out = []
    for q in quotes:
        text = unit_text(q.unit)
        where = f"«{q.card}» takes «{q.words}» from {q.unit}"
        if text is None:
            out.append(StaleQuote(q, f"{where}, which is no rule unit"))
            continue
        if normalise(q.words) not in normalise(text):
            out.append(StaleQuote(q, f"{where}, whose text no longer says it: make the card follow the text (its "
                                     f"words, and the facts they give: {', '.join(q.facts) or 'none'})"))
            continue
        numbers = [int(n) for n in _NUMBER.findall(q.words)]
        if len(numbers) != len(q.facts):
            out.append(StaleQuote(q, f"{where}: the words have {len(numbers)} number(s) and `facts` names "
                                     f"{len(q.facts)} field(s): one field per number, in order"))
            continue
        for number, fact in zip(numbers, q.facts, strict=True):
            ok, value = field_value(q.definition, fact)
            if not ok:
                out.append(StaleQuote(q, f"{where}: {value}"))
            elif value != number:
                out.append(StaleQuote(q, f"{where}: the words say {number}, the card's {fact} is {value}: make "
                                         "the card's fact follow its words"))
    return out


def quotes_of_units(quotes: Iterable[Quote], unit_ids: Iterable[str]) -> dict[str, list[Quote]]:
    """Unit id → the quotes taken from it, for the given units."""
    wanted = set(unit_ids)
    out: dict[str, list[Quote]] = {}
    for q in quotes:
        if q.unit in wanted:
            out.setdefault(q.unit, []).append(q)
    return out


def catalog_docs(catalog: Path, root: Path) -> list[YamlDoc]:
    """The catalog's files (not the test-card pool: its cards quote no unit), read with line numbers; a file that
    cannot be read is left to the catalog's own checks."""
    from harness.common.errors import InputError
    from harness.common.yamldoc import load_yaml

    files = sorted(catalog.glob("*.yaml")) if catalog.is_dir() else [catalog]
    docs = []
    for path in files:
        try:
            docs.append(load_yaml(path, root=root))
        except InputError:
            continue
    return docs
