"""Finding rule units by id, by clause number, or by Russian words in any word form.

``find(corpus, query)`` tries, in order:

1. an exact unit id: ``heroes:113.6.ex1`` -> that unit;
2. a clause number, bare or with an edition: ``113.2`` -> the clause 113.2 of every edition
   (``classic:113.2``, ``heroes:113.2``; a duplicate number also gives its ``.dupN`` clause),
   ``heroes:113.6`` -> that clause only; a number that names no clause but a unit path
   (``536.2.a``) gives that unit; a bare section number (``537``) gives the clauses of that
   section;
3. words, optionally after an edition prefix (``heroes:Талитха``): the units whose text holds
   every word of the query in some form. Words are lowercased, ``ё`` is read as ``е``, and both
   sides go through the Russian Snowball stemmer, so «Мститель» finds «Мстителя», and
   «срабатывающие» finds «срабатывающая». A query stem of at least 4 letters also matches a
   longer stem it begins (``контрол`` matches ``контролир`` of «контролирующий»). Results are
   ranked by the number of matching words in the unit, then by corpus order.

An empty query, or one that matches nothing, gives an empty list.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping

import snowballstemmer

from harness.common.facts import EDITIONS
from harness.rules.corpus import Corpus, Unit

__all__ = ["MIN_PREFIX", "Index", "find", "stem_list", "stems", "words"]

MIN_PREFIX = 4
"""A query stem this long or longer also matches unit stems that begin with it."""

_WORD_RE = re.compile(r"[^\W_]+")
_NUMBER_RE = re.compile(r"^(?:(?P<edition>[a-z]+):)?(?P<number>\d+(?:\.[0-9a-z]+)*)\.?$")
_EDITION_WORDS_RE = re.compile(r"^(?P<edition>[A-Za-z]+):\s*(?P<rest>.+)$", re.DOTALL)
_STEMMER = snowballstemmer.stemmer("russian")


def words(text: str) -> list[str]:
    """The words of ``text``: runs of letters and digits, lowercased, with ``ё`` read as ``е``."""
    return _WORD_RE.findall(text.lower().replace("ё", "е"))


def stem_list(text: str) -> list[str]:
    """The Russian Snowball stem of every word of ``text``, in order, repeats kept."""
    return list(_STEMMER.stemWords(words(text)))


def stems(text: str) -> set[str]:
    """The set of Russian Snowball stems of the words of ``text`` (see :func:`words`)."""
    return set(stem_list(text))


class Index:
    """A search index over the units of a corpus.

    ``extra`` maps unit ids to further searchable texts (card names, scenario names, ...) that
    count as if they were part of the unit's text.
    """

    def __init__(self, corpus: Corpus, extra: Mapping[str, Iterable[str]] | None = None) -> None:
        self.corpus = corpus
        self._stems: dict[str, Counter[str]] = {}
        for unit in corpus.units:
            counts = Counter(stem_list(unit.text))
            for more in (extra or {}).get(unit.id, ()):
                counts.update(stem_list(more))
            self._stems[unit.id] = counts

    def find(self, query: str) -> list[Unit]:
        """Units for ``query``: by exact id, by number, else by words (see the module docstring)."""
        q = query.strip()
        if not q:
            return []
        unit = self.corpus.get(q) or self.corpus.get(q.lower())
        if unit is not None:
            return [unit]
        m = _NUMBER_RE.match(q.lower())
        if m and (m.group("edition") is None or m.group("edition") in EDITIONS):
            return self.by_number(m.group("number"), m.group("edition"))
        edition = None
        m = _EDITION_WORDS_RE.match(q)
        if m and m.group("edition").lower() in EDITIONS:
            edition, q = m.group("edition").lower(), m.group("rest")
        return [u for u, _ in self.search(q, edition)]

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

    def search(self, text: str, edition: str | None = None) -> list[tuple[Unit, int]]:
        """Units holding every word of ``text`` in some form, with their hit counts, best first."""
        wanted = stems(text)
        if not wanted:
            return []
        scored: list[tuple[int, int, Unit]] = []
        for pos, unit in enumerate(self.corpus.units):
            if edition is not None and unit.edition != edition:
                continue
            counts = self._stems[unit.id]
            total = 0
            for q in wanted:
                hits = counts.get(q, 0)
                if len(q) >= MIN_PREFIX:
                    hits += sum(n for s, n in counts.items() if s != q and s.startswith(q))
                if hits == 0:
                    break
                total += hits
            else:
                scored.append((-total, pos, unit))
        scored.sort(key=lambda t: (t[0], t[1]))
        return [(u, -neg) for neg, _, u in scored]


_cache: tuple[Corpus, Index] | None = None


def find(corpus: Corpus, query: str) -> list[Unit]:
    """Units of ``corpus`` for ``query`` (an id, a number or words); ``[]`` when nothing matches."""
    global _cache
    if _cache is None or _cache[0] is not corpus:
        _cache = (corpus, Index(corpus))
    return _cache[1].find(query)
