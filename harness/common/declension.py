"""Card names declined (pymorphy3): the forms the battle-history lines put a name in («наносит удар по Невтиде»,
«гибель Мстителя», «вместо Гоблина»).

A card's name is a noun phrase: the words up to its head noun are declined (an adjective before it agrees: «Древнего
тролля»), the words after it stay as they are (a complement in the genitive: «Вестника бездны», «Князю эльфов»);
each part of a hyphenated word is declined («Гоблину-ветерану»). Creatures are animate, so the accusative of a
masculine head is its genitive («атакует Мстителя»). A word the dictionary does not know is declined as pymorphy3
predicts it, and one it cannot inflect stays as it is.

`harness.output.render` reads these forms (`render.NAME_FORMS`); the site's sandbox runs without pymorphy3 (it is
not loaded into Pyodide), so the site build writes the forms of every card name into the page's data
(`harness.output.sandbox_site.card_data`).
"""

from __future__ import annotations

import functools
from typing import Any

__all__ = ["CASES", "name_forms"]

CASES = ("gent", "datv", "accs")


@functools.cache
def _morph() -> Any:
    import pymorphy3

    return pymorphy3.MorphAnalyzer()


def _parse(word: str, head: bool) -> Any:
    """The word's reading in the nominative singular: a noun for a head, an adjective (or participle) for a modifier."""
    parses = [p for p in _morph().parse(word.lower()) if {"nomn", "sing"} <= set(p.tag.grammemes)] \
        or [p for p in _morph().parse(word.lower()) if "nomn" in p.tag.grammemes]
    if not parses:
        return None
    wanted = ("NOUN",) if head else ("ADJF", "PRTF")
    fitting = [p for p in parses if p.tag.POS in wanted] or parses
    if word.endswith("ь"):          # an unknown «-тель» is predicted feminine first: a creature's name is masculine
        fitting = [p for p in fitting if "masc" in p.tag.grammemes] or fitting
    return fitting[0]


_HUSHING = "гкхжчшщ"


def _first_declension(word: str, case: str) -> str:
    """A name in «-а»/«-я» the dictionary cannot put in the nominative (Талитха): declined as Russian does a feminine
    noun of the first declension."""
    stem, last = word[:-1], word[-1]
    if case == "gent":
        return stem + ("и" if last == "я" or stem[-1:] in _HUSHING else "ы")
    if case == "datv":
        return stem + "е"
    return stem + ("ю" if last == "я" else "у")


def _inflect(word: str, parse: Any, case: str) -> str:
    if parse is None:
        return _first_declension(word, case) if word[-1:] in "ая" and len(word) > 2 else word
    number = "plur" if "plur" in parse.tag.grammemes and "sing" not in parse.tag.grammemes else "sing"
    form = parse.inflect({case, number})
    if form is None:
        return word
    text = form.word
    return text[:1].upper() + text[1:] if word[:1].isupper() else text


@functools.cache
def name_forms(name: str) -> dict[str, str]:
    """``{"gent": …, "datv": …, "accs": …, "gender": masc | femn | neut}`` of a card's name (see the module
    docstring); the gender agrees the words of a state with the card («Невтида открыта», «Гоблин закрыт»)."""
    words = name.split(" ")
    heads = [i for i, w in enumerate(words)
             if (p := _parse(w.split("-")[0], head=True)) is not None and p.tag.POS == "NOUN"]
    head = heads[0] if heads else len(words) - 1
    head_parse = _parse(words[head].split("-")[0], head=True)
    masculine = head_parse is not None and "masc" in head_parse.tag.grammemes
    out = {"gender": "femn" if head_parse is None and words[head][-1:] in "ая"
           else next((g for g in ("masc", "femn", "neut") if head_parse is not None and g in head_parse.tag.grammemes),
                     "masc")}
    for case in CASES:
        real = "gent" if case == "accs" and masculine else case          # an animate masculine: acc. = gen.
        declined = ["-".join(_inflect(part, _parse(part, head=(i == head)), real) for part in w.split("-"))
                    if i <= head else w for i, w in enumerate(words)]
        out[case] = " ".join(declined)
    return out
