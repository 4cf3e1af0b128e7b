"""Finding rule units by id, by clause number, or by what a judge types in Russian.

``find(corpus, query)`` tries, in order:

1. an exact unit id: ``heroes:113.6.ex1`` -> that unit;
2. a clause number, bare or with an edition: ``113.2`` -> the clause 113.2 of every edition
   (``classic:113.2``, ``heroes:113.2``; a duplicate number also gives its ``.dupN`` clause),
   ``heroes:113.6`` -> that clause only; a number that names no clause but a unit path
   (``536.2.a``) gives that unit; a bare section number (``537``) gives the clauses of that
   section;
3. words, optionally after an edition prefix (``heroes:Талитха``): ranked retrieval over the units
   (`harness.rules.search`): each word is reduced to its lemma by pymorphy3 («точек» -> точка, «берёт» ->
   брать; an unknown word such as a card name to its Snowball stem), matched in the unit text, the
   title of its section, the names of its scenarios and the cards on their boards, weighted with
   BM25, ranked by score, units matching every word preferred inside it; a query that is a heading ranks
   the clause opening it first.

An empty query, or one that matches nothing, gives an empty list.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping

from harness.common.facts import EDITIONS
from harness.rules.corpus import Corpus, Unit
from harness.rules.search import MIN_PREFIX, Hit, SearchIndex, snowball_stem, words

__all__ = ["MIN_PREFIX", "Index", "find", "search", "stem_list", "stems", "words"]

CardNames = Mapping[str, Iterable[str]]
"""Scenario id -> the card names on its board."""

_NUMBER_RE = re.compile(r"^(?:(?P<edition>[a-z]+):)?(?P<number>\d+(?:\.[0-9a-z]+)*)\.?$")
_EDITION_WORDS_RE = re.compile(r"^(?P<edition>[A-Za-z]+):\s*(?P<rest>.+)$", re.DOTALL)


def stem_list(text: str) -> list[str]:
    """The Russian Snowball stem of every word of ``text``, in order, repeats kept."""
    return [snowball_stem(w) for w in words(text)]


def stems(text: str) -> set[str]:
    """The set of Russian Snowball stems of the words of ``text`` (see :func:`words`)."""
    return set(stem_list(text))


class Index:
    """Lookup over the units of a corpus: ids and numbers directly, words through a :class:`SearchIndex`.

    ``scenarios`` (`harness.suite.features.ScenarioInfo`) and ``cards`` (scenario id -> card names on its
    board, or a function giving that mapping, called only for a query by words) make scenario names
    and card names searchable; ``extra`` maps unit ids to further texts
    searched as part of the unit's text. The word index is built on the first word query.
    """

    def __init__(self, corpus: Corpus, extra: Mapping[str, Iterable[str]] | None = None,
                 scenarios: Iterable[object] = (), cards: CardNames | Callable[[], CardNames] | None = None) -> None:
        self.corpus = corpus
        self._extra, self._scenarios, self._cards = extra, list(scenarios), cards
        self._words: SearchIndex | None = None

    @property
    def words(self) -> SearchIndex:
        if self._words is None:
            cards = self._cards() if callable(self._cards) else self._cards
            self._words = SearchIndex(self.corpus, self._scenarios, cards, self._extra)
        return self._words

    def find(self, query: str) -> list[Unit]:
        """Units for ``query``: by exact id, by number, else by words (see the module docstring)."""
        return [h.unit for h in self.find_hits(query)]

    def find_hits(self, query: str) -> list[Hit]:
        """As :meth:`find`, with the score and the matches of each unit (score 0 for ids and numbers)."""
        q = query.strip()
        if not q:
            return []
        unit = self.corpus.get(q) or self.corpus.get(q.lower())
        if unit is not None:
            return [Hit(unit, 0.0, True)]
        m = _NUMBER_RE.match(q.lower())
        if m and (m.group("edition") is None or m.group("edition") in EDITIONS):
            return [Hit(u, 0.0, True) for u in self.by_number(m.group("number"), m.group("edition"))]
        edition = None
        m = _EDITION_WORDS_RE.match(q)
        if m and m.group("edition").lower() in EDITIONS:
            edition, q = m.group("edition").lower(), m.group("rest")
        return self.search(q, edition)

    def by_number(self, number: str, edition: str | None = None) -> list[Unit]:
        """The clauses numbered ``number`` (duplicates included) in ``edition`` or every edition.

        If no clause has that number: the unit ``<edition>:<number>`` (``536.2.a``), else for a
        single-component number the clauses of that section. Corpus order.
        """
        pool = [u for u in self.corpus.units if edition is None or u.edition == edition]
        found = [u for u in pool if u.kind == "clause" and u.number == number]
        if not found:
            found = [u for u in pool if u.id == f"{u.edition}:{number}"]
        if not found and "." not in number:
            found = [u for u in pool if u.kind == "clause" and u.section == number]
        return found

    def search(self, text: str, edition: str | None = None) -> list[Hit]:
        """Units for the words of ``text``, best first (see `harness.rules.search`)."""
        return self.words.search(text, edition)


_cache: tuple[Corpus, int, Index] | None = None


def _index(corpus: Corpus, scenarios: Iterable[object] | None,
           cards: CardNames | Callable[[], CardNames] | None) -> Index:
    global _cache
    scenarios = list(scenarios or ())
    key = id(scenarios[0]) if scenarios else 0
    if _cache is None or _cache[0] is not corpus or _cache[1] != key:
        _cache = (corpus, key, Index(corpus, scenarios=scenarios, cards=cards))
    return _cache[2]


def find(corpus: Corpus, query: str, scenarios: Iterable[object] | None = None,
         cards: CardNames | Callable[[], CardNames] | None = None) -> list[Unit]:
    """Units of ``corpus`` for ``query`` (an id, a number or words); ``[]`` when nothing matches.

    With ``scenarios`` (and ``cards``, see `harness.rules.search.board_cards`) their names and card names are
    searched too. The index is kept for the next call with the same corpus.
    """
    return _index(corpus, scenarios, cards).find(query)


def search(corpus: Corpus, query: str, scenarios: Iterable[object] | None = None,
           cards: CardNames | Callable[[], CardNames] | None = None) -> list[Hit]:
    """As :func:`find`, with each unit's score, whether every word matched, and which words matched where."""
    return _index(corpus, scenarios, cards).find_hits(query)
