"""Search by words: Russian analysis, the search index and its BM25 ranking.

Analysis (:class:`Analyzer`, one per process: :func:`analyzer`)
    Text is split into words (runs of letters and digits), lowercased, ``ё`` read as ``е``. A word
    the Russian dictionary of pymorphy3 knows becomes its *lemma* (the normal form of its most
    probable parse: «точек» -> ``точка``, «порядке» -> ``порядок``, «одного» -> ``один``, «берёт»
    -> ``брать``); a reflexive verb lemma loses ``-ся``/``-сь`` («объявляется» -> ``объявлять``),
    and the few suppletive aspect pairs of :data:`ASPECT_PAIRS` meet at one lemma («взять» ->
    ``брать``). A word the dictionary does not know (a card name: «Талитхой») falls back to its
    Russian Snowball stem (``талитх``). Every word also has its Snowball stem, a weaker feature
    that catches kin words with another lemma («контроль» ~ «контролирующий», «объявить» ~
    «объявляется»): a query stem of :data:`MIN_PREFIX` letters or more also matches a longer stem
    it begins, and a stem of that length also matches a query stem that begins with it («замещать» ~
    «замещён»). Prepositions, conjunctions, particles, interjections and pronouns («что», «какой»,
    «этот»; not «один», «другой», «любой») are *function words*.

Index (:class:`SearchIndex`)
    One document per rule unit, with four fields: ``text`` (the unit's own text), ``section`` (the
    heading the unit stands under, and its numbered section's title where that differs, so «История
    боя» leads to the units of 537 and «Активируемая способность» to ``heroes:113.3.dup2`` too), ``scenario`` (the names of
    the scenarios that name the unit, without their ``[label]``) and ``card`` (the card names on
    those scenarios' boards); plus ``stem``, the Snowball stems of all of these but the section
    title. Every field is weighted with BM25+ (``rank_bm25.BM25Plus``: its idf stays positive for
    words found in most units and in a corpus of a few units) over the units; the weight of a term
    in a unit is precomputed per field as ``postings[field][term][unit position]`` (rounded to 4
    decimals, so the site's JavaScript sums exactly the same numbers).

Ranking
    Function words are left out of a query that has other words. The score of a unit is the sum,
    over the distinct query words (in query order), of
    ``FIELD_WEIGHTS[f] * postings[f][lemma][unit]`` for each field ``f`` and of
    ``FIELD_WEIGHTS["stem"] * postings["stem"][s][unit]`` for each indexed stem ``s`` the query
    word's stem equals, begins or begins with (:meth:`SearchIndex.stem_matches`), times its *coverage*
    (:func:`coverage`: half, plus half in proportion to the share of the query words it matches), so a unit
    that matches every query word the index holds (a *full* match) is preferred inside the score. A query
    that is (nearly) a heading (:data:`TITLE_OVERLAP`) raises the unit that opens that heading by the best
    score of the query. Units are ranked by score alone, ties in corpus order; the shown scores are in order.
    Units with no matching word are not returned.

Snippets (:func:`snippet`)
    The sentence(s) of a unit's text that match the most query words, the matched words marked; ``lookup``
    and the site's ``search.js`` cut and mark alike.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from harness.rules.corpus import Corpus, Unit

__all__ = [
    "ASPECT_PAIRS",
    "FIELDS",
    "FIELD_LABELS",
    "FIELD_WEIGHTS",
    "MIN_PREFIX",
    "Analyzer",
    "Hit",
    "Match",
    "QueryCase",
    "SearchIndex",
    "Token",
    "analyzer",
    "board_cards",
    "load_queries",
    "recall_at",
    "snowball_stem",
    "words",
]

MIN_PREFIX = 4
"""A query stem this long or longer also matches indexed stems that begin with it."""
COVERAGE_FLOOR = 0.5
"""The share of its weights a unit that matches none of the other query words keeps (see :func:`coverage`)."""
TITLE_OVERLAP = 2 / 3
"""A query whose lemmas overlap a heading's this much (Jaccard) or more is that heading (see :meth:`SearchIndex.search`)."""

FIELDS: tuple[str, ...] = ("text", "section", "scenario", "card")
"""The fields of a unit's document, in the order their scores are summed."""

FIELD_WEIGHTS: dict[str, float] = {"text": 1.0, "section": 1.0, "scenario": 0.6, "card": 0.8, "stem": 0.3}
"""How much a BM25 weight in each field counts (``stem``: the Snowball stems of all fields)."""

FIELD_LABELS: dict[str, str] = {"text": "текст единицы", "section": "название раздела",
                                "scenario": "название сценария", "card": "имя карты", "stem": "однокоренное слово"}
"""The words ``lookup`` uses to say where a query word matched."""

ASPECT_PAIRS: dict[str, str] = {"взять": "брать", "положить": "класть", "сказать": "говорить"}
"""Suppletive aspect pairs (two lemmas of one verb that share no stem), perfective -> imperfective."""

_FUNCTION_POS = frozenset({"PREP", "CONJ", "PRCL", "INTJ", "NPRO"})
_PRONOUNS = frozenset({"такой", "какой", "этот", "тот", "который", "весь", "сей", "свой", "его", "ее", "их", "мой",
                       "ваш", "наш", "твой", "чей", "каков", "таков"})
"""Pronominal adjectives that are function words (not «один», «другой», «любой», «каждый»)."""
_WORD_RE = re.compile(r"[^\W_]+")
_LABEL_RE = re.compile(r"^\s*\[[^\]]*\]\s*")
"""The ``[113.6.ex1-1]`` label a scenario name starts with: not searched."""
_ROUND = 4


def words(text: str) -> list[str]:
    """The words of ``text``: runs of letters and digits, lowercased, with ``ё`` read as ``е``."""
    return _WORD_RE.findall(text.lower().replace("ё", "е"))


@lru_cache(maxsize=1)
def _snowball() -> Any:
    import snowballstemmer

    return snowballstemmer.stemmer("russian")


def snowball_stem(word: str) -> str:
    """The Russian Snowball stem of one word (lowercased, ``ё`` -> ``е``), without loading the dictionary."""
    return _snowball().stemWord(word.lower().replace("ё", "е"))


@dataclass(frozen=True)
class Token:
    """One analysed word."""

    word: str
    """The word as found (lowercased, ``ё`` -> ``е``)."""
    term: str
    """Its lemma, or its Snowball stem when the dictionary does not know it."""
    stem: str
    """Its Russian Snowball stem."""
    function: bool
    """A preposition, conjunction, particle, interjection or pronoun (not «один»)."""
    known: bool
    """Whether the Russian dictionary knows the word."""


class Analyzer:
    """pymorphy3 with its Russian dictionary, and the Snowball stemmer as fallback (see the module doc).

    Loading the dictionary takes a tenth of a second: use :func:`analyzer`, one per process.
    """

    def __init__(self) -> None:
        try:
            import pymorphy3
        except ImportError as exc:  # pragma: no cover - a broken installation
            raise RuntimeError("the search needs pymorphy3 and pymorphy3-dicts-ru: pip install -e .") from exc
        self.morph = pymorphy3.MorphAnalyzer(lang="ru")
        self._stemmer = _snowball()
        self._tokens: dict[str, Token] = {}
        self._lemmas: dict[str, tuple[str | None, bool]] = {}
        self._parses: dict[str, Any] = {}

    def stem(self, word: str) -> str:
        """The Russian Snowball stem of one word (lowercased, ``ё`` -> ``е``)."""
        return self._stemmer.stemWord(word.lower().replace("ё", "е"))

    def token(self, word: str) -> Token:
        """The analysis of one word (cached)."""
        word = word.lower().replace("ё", "е")
        hit = self._tokens.get(word)
        if hit is not None:
            return hit
        stem = self._stemmer.stemWord(word)
        lemma, function = self.lemma(word)
        token = Token(word, lemma if lemma is not None else stem, stem, function, lemma is not None)
        self._tokens[word] = token
        return token

    def lemma(self, word: str) -> tuple[str | None, bool]:
        """(the lemma, a function word?) of a word the dictionary knows; ``(None, False)`` for another word.

        ``word`` must be lowercased with ``ё`` read as ``е`` (see :func:`words`). Cached.
        """
        hit = self._lemmas.get(word)
        if hit is not None:
            return hit
        result: tuple[str | None, bool] = (None, False)
        parse = None if word.isdigit() else self.morph.parse(word)[0]
        if parse is not None and parse.is_known:
            term = self._lemma(parse)
            result = (term, parse.tag.POS in _FUNCTION_POS or ("Apro" in parse.tag and term in _PRONOUNS))
            self._parses.setdefault(term, parse)
        self._lemmas[word] = result
        return result

    @staticmethod
    def _lemma(parse: Any) -> str:
        lemma = parse.normal_form.replace("ё", "е")
        if parse.tag.POS in ("VERB", "INFN", "PRTF", "PRTS", "GRND") and lemma.endswith(("ся", "сь")):
            lemma = lemma[:-2]
        return ASPECT_PAIRS.get(lemma, lemma)

    def tokens(self, text: str) -> list[Token]:
        """Every word of ``text`` analysed, in order, repeats kept."""
        return [self.token(w) for w in words(text)]

    def forms(self, term: str) -> set[str]:
        """Every word form the dictionary can generate of the lemmas that analyse to ``term``: the lemma
        itself, its reflexive (``-ся``/``-сь``) and its aspect pair (:data:`ASPECT_PAIRS`); ``ё`` -> ``е``.

        Only for lemmas this analyser produced from a known word; ``set()`` otherwise.
        """
        parse = self._parses.get(term)
        if parse is None:
            return set()
        out = {p.word.replace("ё", "е") for p in parse.lexeme}
        lemmas = [term] + [k for k, v in ASPECT_PAIRS.items() if v == term]
        for lemma in [*lemmas, *(x + end for x in lemmas for end in ("ся", "сь"))]:
            for p in self.morph.parse(lemma):
                if p.normal_form.replace("ё", "е") == lemma and p.is_known:
                    out.update(x.word.replace("ё", "е") for x in p.lexeme)
                    break
        return out


@lru_cache(maxsize=1)
def analyzer() -> Analyzer:
    """The process's one :class:`Analyzer`."""
    return Analyzer()


# ------------------------------------------------------------------------------------------ index
@dataclass(frozen=True)
class Match:
    """One query word that matched a unit: where, and through which lemma or stem."""

    word: str
    field: str
    """``text``, ``section``, ``scenario``, ``card`` or ``stem``."""
    term: str
    weight: float
    known: bool = True
    """Whether the dictionary knows the word (else ``term`` is its Snowball stem)."""


@dataclass
class Hit:
    """One unit found by words, with its score and why."""

    unit: Unit
    score: float
    full: bool
    """Every query word the index holds (function words aside) matched this unit."""
    matches: list[Match] = field(default_factory=list)
    scenarios: list[str] = field(default_factory=list)
    """Names of the unit's scenarios whose title or board matched."""
    cards: list[str] = field(default_factory=list)
    """Card names that matched."""
    terms: list[Token] = field(default_factory=list)
    """The query words the unit was scored on (function words left out of a query that has others)."""
    opens: str = ""
    """The heading the query (nearly) is, when this unit opens it (its score was raised, see `SearchIndex.search`)."""

    def snippet(self) -> list[tuple[str, bool]]:
        """The sentence(s) of the unit's text that matched, as (text, marked?) pieces (see :func:`snippet`)."""
        return snippet(self.unit.text, self.terms)

    def reason(self) -> str:
        """One line: which query words matched where (``точек → точка: unit text``)."""
        by_word: dict[str, list[str]] = {}
        for m in self.matches:
            shown = m.word if m.word == m.term or m.field == "stem" or not m.known else f"{m.word} → {m.term}"
            label = FIELD_LABELS[m.field]
            if m.field == "scenario" and self.scenarios:
                label += " " + ", ".join(_short(n) for n in self.scenarios[:2]) + (" …" if len(self.scenarios) > 2 else "")
            elif m.field == "card" and self.cards:
                label += " «" + ", ".join(self.cards) + "»"
            by_word.setdefault(shown, [])
            if label not in by_word[shown]:
                by_word[shown].append(label)
        kind = "все слова" if self.full else "часть слов"
        opens = f"открывает раздел «{self.opens}»; " if self.opens else ""
        return f"{opens}{kind}: " + "; ".join(f"{w} ({', '.join(where)})" for w, where in by_word.items())

    def to_json(self) -> dict[str, Any]:
        pieces = self.snippet()
        return {"id": self.unit.id, "score": round(self.score, _ROUND), "full": self.full, "reason": self.reason(),
                "snippet": "".join(t for t, _ in pieces), "marks": _mark_spans(pieces),
                "matches": [{"word": m.word, "field": m.field, "term": m.term, "weight": round(m.weight, _ROUND)}
                            for m in self.matches],
                "scenarios": self.scenarios, "cards": self.cards}


def _bm25_postings(docs: Sequence[Sequence[str]]) -> dict[str, dict[int, float]]:
    """term -> {document position: BM25 weight} for a list of tokenised documents."""
    if not any(docs):
        return {}
    from rank_bm25 import BM25Plus

    bm25 = BM25Plus([list(d) or [""] for d in docs])
    postings: dict[str, dict[int, float]] = {}
    vocabulary = sorted({t for d in docs for t in d})
    for term in vocabulary:
        scores = bm25.get_scores([term])
        row = {pos: round(float(s), _ROUND) for pos, s in enumerate(scores) if term in bm25.doc_freqs[pos]}
        row = {pos: w for pos, w in row.items() if w > 0}
        if row:
            postings[term] = row
    return postings


def _written_for(sc: Any, uid: str) -> bool:
    """Whether ``uid`` is the unit a scenario was written for (its id ``<edition>:<unit>-<n>``) or a unit that
    holds it (the clause of an item or example), not one more unit it is merely tagged with: its title speaks
    of that unit."""
    sid = getattr(sc, "id", "") or ""
    return not sid or sid.startswith((uid + "-", uid + "."))


class SearchIndex:
    """The word index over the units of a corpus, their scenarios and the cards of their boards.

    ``scenarios`` are :class:`harness.suite.features.ScenarioInfo` (their ``name`` and ``units`` are read);
    ``cards`` maps a scenario id to the card names on its board (see :func:`board_cards`);
    ``extra`` maps unit ids to further texts searched as part of the unit's text.
    """

    def __init__(self, corpus: Corpus, scenarios: Iterable[Any] = (),
                 cards: Mapping[str, Iterable[str]] | None = None,
                 extra: Mapping[str, Iterable[str]] | None = None) -> None:
        self.corpus = corpus
        self.units: list[Unit] = list(corpus.units)
        self.analyzer = analyzer()
        position = self.position = {u.id: i for i, u in enumerate(self.units)}
        self.scenario_names: list[list[str]] = [[] for _ in self.units]
        self.card_names: list[list[str]] = [[] for _ in self.units]
        for sc in scenarios:
            for uid in dict.fromkeys(sc.units):
                pos = position.get(uid)
                if pos is None:
                    continue
                if _written_for(sc, uid) and sc.name not in self.scenario_names[pos]:
                    self.scenario_names[pos].append(sc.name)
                for name in (cards or {}).get(sc.id, ()):
                    if name not in self.card_names[pos]:
                        self.card_names[pos].append(name)
        tokens: dict[str, list[list[Token]]] = {f: [] for f in FIELDS}
        for pos, u in enumerate(self.units):
            text = " ".join([u.text, *(extra or {}).get(u.id, ())])
            tokens["text"].append(self.analyzer.tokens(text))
            tokens["section"].append(self.analyzer.tokens(_section_titles(u)))
            names = " ".join(_LABEL_RE.sub("", n) for n in self.scenario_names[pos])
            tokens["scenario"].append(self.analyzer.tokens(names))
            tokens["card"].append(self.analyzer.tokens(" ".join(self.card_names[pos])))
        self.postings: dict[str, dict[str, dict[int, float]]] = {
            f: _bm25_postings([[t.term for t in doc] for doc in tokens[f]]) for f in FIELDS}
        self.postings["stem"] = _bm25_postings(  # the section title is matched by lemma only: no kin words
            [[t.stem for f in FIELDS if f != "section" for t in tokens[f][pos]] for pos in range(len(self.units))])
        self.stems_sorted = sorted(self.postings["stem"])
        self._terms = self.terms()
        self.openings: list[tuple[str, frozenset[str], str]] = _openings(corpus, self.analyzer)
        """(heading, its content lemmas, the id of the unit that opens it) for every heading of the corpus."""

    # -- the vocabulary, for the site
    def terms(self) -> set[str]:
        """Every lemma (or fallback stem) of the index, any field."""
        return {t for f in FIELDS for t in self.postings[f]}

    def form_table(self) -> dict[str, tuple[str, bool]]:
        """Word form -> (its lemma, function word?) for every form the dictionary knows of every lemma of
        the index (:meth:`Analyzer.forms`) whose own analysis is a lemma of the index, and every word of the
        units' texts.

        With this table the browser maps a typed form to its lemma without morphology of its own; a form
        not in it it reduces to its Snowball stem, as :class:`Analyzer` does with a word it does not know.
        """
        terms = self.terms()
        table: dict[str, tuple[str, bool]] = {}
        for term in sorted(terms):
            for form in sorted(self.analyzer.forms(term)):
                lemma, function = self.analyzer.lemma(form)
                if lemma is not None and lemma in terms:
                    table[form] = (lemma, function)
        for u in self.units:  # every word of the texts themselves, so the page's snippets mark what lookup marks
            for form in words(u.text):
                lemma, function = self.analyzer.lemma(form)
                if lemma is not None:
                    table.setdefault(form, (lemma, function))
        return table

    # -- querying
    def query_tokens(self, text: str) -> list[Token]:
        """The distinct words of a query, analysed, in order. A word whose lemma the index does not hold is
        read by its stem, as a word the dictionary does not know (the site's form table knows only the
        index's lemmas: so the page reads every query word as lookup does)."""
        seen: set[str] = set()
        out = []
        terms = self._terms
        for tok in self.analyzer.tokens(text):
            if tok.word not in seen:
                seen.add(tok.word)
                if tok.known and tok.term not in terms:
                    tok = Token(tok.word, tok.stem, tok.stem, False, False)
                out.append(tok)
        return out

    def stem_matches(self, stem: str) -> list[str]:
        """Indexed stems that ``stem`` equals, or (both at least MIN_PREFIX long) begins or begins with; sorted."""
        post = self.postings["stem"]
        if len(stem) < MIN_PREFIX:
            return [stem] if stem in post else []
        import bisect

        out = [stem[:n] for n in range(MIN_PREFIX, len(stem)) if stem[:n] in post]
        i = bisect.bisect_left(self.stems_sorted, stem)
        while i < len(self.stems_sorted) and self.stems_sorted[i].startswith(stem):
            out.append(self.stems_sorted[i])
            i += 1
        return out

    def search(self, text: str, edition: str | None = None) -> list[Hit]:
        """Units for the words of ``text``, best first (see the module docstring)."""
        query = self.query_tokens(text)
        content = [t for t in query if not t.function]
        query = content or query  # function words count only in a query of nothing else («При»)
        if not query:
            return []
        scores: dict[int, float] = {}
        matched: dict[int, list[Match]] = {}
        needed: list[str] = []
        for tok in query:
            hit_any = False
            for f in FIELDS:
                for pos, w in self.postings[f].get(tok.term, {}).items():
                    scores[pos] = scores.get(pos, 0.0) + FIELD_WEIGHTS[f] * w
                    matched.setdefault(pos, []).append(Match(tok.word, f, tok.term, w, tok.known))
                    hit_any = True
            for s in self.stem_matches(tok.stem):
                for pos, w in self.postings["stem"][s].items():
                    scores[pos] = scores.get(pos, 0.0) + FIELD_WEIGHTS["stem"] * w
                    matched.setdefault(pos, []).append(Match(tok.word, "stem", s, w))
                    hit_any = True
            if hit_any:
                needed.append(tok.word)
        hits = []
        for pos, score in scores.items():
            unit = self.units[pos]
            if edition is not None and unit.edition != edition:
                continue
            ms = matched[pos]
            got = {m.word for m in ms}
            hit = Hit(unit, score * coverage(len(got), len(needed)), len(got) == len(needed), _ordered(ms), terms=query)
            hit.scenarios = self._matching_names(self.scenario_names[pos], ms, "scenario")
            hit.cards = self._matching_names(self.card_names[pos], ms, "card")
            hits.append(hit)
        self._raise_openings(query, needed, hits)
        hits.sort(key=lambda h: (-round(h.score, 6), self.position[h.unit.id]))
        return hits

    def _raise_openings(self, query: list[Token], needed: list[str], hits: list[Hit]) -> None:
        """A query that is (nearly) a heading — its words and the heading's, as lemmas, overlap by
        :data:`TITLE_OVERLAP` or more (Jaccard) — raises the unit that opens that heading by the best score of
        the query, so it ranks first (see the module doc)."""
        if not hits:
            return
        asked = {t.term for t in query if t.word in needed}  # a word the index does not hold says nothing
        best = max(h.score for h in hits)
        by_id = {h.unit.id: h for h in hits}
        for title, terms, uid in self.openings:
            if len(asked & terms) / len(asked | terms) < TITLE_OVERLAP:
                continue
            hit = by_id.get(uid)
            if hit is None:
                continue
            hit.score += best
            hit.opens = title

    def _matching_names(self, names: list[str], matches: list[Match], f: str) -> list[str]:
        terms = {m.term for m in matches if m.field == f}
        return [n for n in names if terms & {t.term for t in self.analyzer.tokens(n)}]


def coverage(matched: int, needed: int) -> float:
    """How much a unit's summed weights count when it matches ``matched`` of the ``needed`` query words:
    :data:`COVERAGE_FLOOR` plus the rest in proportion, so a unit matching every word is preferred inside the score
    (not as a sort key of its own), and a partial match with much higher weights can still come first."""
    return COVERAGE_FLOOR + (1 - COVERAGE_FLOOR) * matched / needed if needed else 1.0


def _openings(corpus: Corpus, analyzer: Analyzer) -> list[tuple[str, frozenset[str], str]]:
    """Every heading of the corpus (numbered section titles and unnumbered headings, without their number),
    its content lemmas and the first top-level unit after it in its file."""
    out = []
    for f in corpus.files:
        for line, text in f.headings:
            first = next((u for u in f.units if u.line > line and u.parent is None), None)
            title = re.sub(r"^\d+(?:\.\d+)*\.\s*", "", text).strip()
            toks = analyzer.tokens(title)
            terms = frozenset(t.term for t in toks if not t.function) or frozenset(t.term for t in toks)
            if first is not None and terms:
                out.append((title, terms, first.id))
    return out


def _section_titles(unit: Unit) -> str:
    """The heading the unit stands under, and the title of its numbered section when that differs."""
    heading = getattr(unit, "heading", "")
    titles = [heading] if heading else []
    if unit.section_title and unit.section_title != heading:
        titles.append(unit.section_title)
    return " ".join(titles) if heading else unit.section_title


def _short(name: str) -> str:
    """A scenario name as a reason shows it: its ``[label]`` if it has one, else its first words."""
    m = re.match(r"^\[[^\]]+\]", name)
    if m:
        return m.group(0)
    return "«" + (name if len(name) <= 40 else name[:39].rstrip() + "…") + "»"


def _ordered(matches: list[Match]) -> list[Match]:
    """Direct matches first (by field order), then the stem matches of words that had no direct one."""
    direct = {m.word for m in matches if m.field != "stem"}
    out = [m for m in matches if m.field != "stem"]
    out += [m for m in matches if m.field == "stem" and m.word not in direct]
    return out


# ------------------------------------------------------------------------------------------ snippets
_SENTENCE_END = ".!?…"
_SENTENCE_OPENERS = "«\"“("


def sentences(text: str) -> list[str]:
    """``text`` cut into sentences, whitespace kept with the sentence before it (so they join back to ``text``).

    A sentence ends at ``.``, ``!``, ``?`` or ``…`` after a letter or a closing quote or bracket (not after a
    digit: «(512. Порядок…» stays whole), followed by whitespace and an uppercase letter, a digit, an opening
    quote or bracket. ``search.js`` cuts the same way."""
    out, start, i, n = [], 0, 0, len(text)
    while i < n:
        if text[i] in _SENTENCE_END and i > 0 and text[i - 1] not in "0123456789" and i + 1 < n and text[i + 1].isspace():
            j = i + 1
            while j < n and text[j].isspace():
                j += 1
            if j < n and (text[j].isupper() or text[j] in _SENTENCE_OPENERS or text[j] in "0123456789"):
                out.append(text[start:j])
                start = i = j
                continue
        i += 1
    if start < n:
        out.append(text[start:])
    return out


def word_matches(tok: Token, query: Sequence[Token]) -> bool:
    """Whether a word of a text answers a query word: the same lemma, or their stems are equal or one begins
    the other, the shorter of :data:`MIN_PREFIX` letters or more (as :meth:`SearchIndex.stem_matches`)."""
    for q in query:
        if tok.term == q.term or tok.stem == q.stem:
            return True
        short, long_ = sorted((tok.stem, q.stem), key=len)
        if len(short) >= MIN_PREFIX and long_.startswith(short):
            return True
    return False


def snippet(text: str, query: Sequence[Token], most: int = 2) -> list[tuple[str, bool]]:
    """The sentence(s) of ``text`` that answer ``query``, as (text, marked?) pieces, the matched words marked.

    The sentence matching the most distinct query words comes first (ties: the earlier); then, while query
    words remain unmatched and fewer than ``most`` sentences are taken, the sentence matching the most of
    those. The taken sentences are shown in text order, ``…`` where text is left out. No sentence matching:
    the first sentence, unmarked. ``search.js`` (``snippet``) does the same for the site."""
    an = analyzer()
    parts = sentences(text) or [text]
    found: list[set[str]] = []
    for part in parts:
        found.append({q.word for tok in an.tokens(part) for q in query if word_matches(tok, [q])})
    taken: list[int] = []
    left = {q.word for q in query}
    while len(taken) < most:
        best, best_n = -1, 0
        for i, words_ in enumerate(found):
            n = len(words_ & left)
            if i not in taken and n > best_n:
                best, best_n = i, n
        if best < 0:
            break
        taken.append(best)
        left -= found[best]
    if not taken:
        taken = [0]
    pieces: list[tuple[str, bool]] = []
    last = -1
    for i in sorted(taken):
        if i != last + 1:
            pieces.append(("… ", False))
        pieces.extend(_marked(parts[i].rstrip() if i == max(taken) else parts[i], query if found[i] else []))
        last = i
    if last != len(parts) - 1:
        pieces.append((" …", False))
    return _merge(pieces)


def _marked(text: str, query: Sequence[Token]) -> list[tuple[str, bool]]:
    an = analyzer()
    out: list[tuple[str, bool]] = []
    pos = 0
    for m in _WORD_RE.finditer(text):
        if word_matches(an.token(m.group(0)), query):
            out += [(text[pos:m.start()], False), (m.group(0), True)]
            pos = m.end()
    out.append((text[pos:], False))
    return out


def _merge(pieces: list[tuple[str, bool]]) -> list[tuple[str, bool]]:
    out: list[tuple[str, bool]] = []
    for text, mark in pieces:
        if not text:
            continue
        if out and out[-1][1] == mark and not mark:
            out[-1] = (out[-1][0] + text, False)
        else:
            out.append((text, mark))
    return out


def _mark_spans(pieces: list[tuple[str, bool]]) -> list[list[int]]:
    spans, pos = [], 0
    for text, mark in pieces:
        if mark:
            spans.append([pos, pos + len(text)])
        pos += len(text)
    return spans


# ------------------------------------------------------------------------------------------ boards
_BOARD_STEP_RE = re.compile(r'^расклад "(?P<path>[^"]+)"')


def board_cards(scenarios: Iterable[Any], scenarios_dir: Path) -> dict[str, list[str]]:
    """Scenario id -> the card names on the board its «Дано расклад "…"» step loads.

    Boards are read as plain YAML (``cards[].card``); a board that cannot be read adds no names
    (``check`` and ``lint`` report it).
    """
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    boards: dict[str, list[str]] = {}
    out: dict[str, list[str]] = {}
    for sc in scenarios:
        names: list[str] = []
        for _kw, text, _line in sc.steps:
            m = _BOARD_STEP_RE.match(text)
            if not m:
                continue
            rel = m.group("path")
            if rel not in boards:
                boards[rel] = []
                try:
                    data = yaml.load((scenarios_dir / rel).read_text(encoding="utf-8"), Loader=loader)
                except (OSError, UnicodeDecodeError, yaml.YAMLError):
                    data = None
                cards = data.get("cards") if isinstance(data, dict) else None
                for c in cards if isinstance(cards, list) else []:
                    name = c.get("card") if isinstance(c, dict) else None
                    if isinstance(name, str) and name not in boards[rel]:
                        boards[rel].append(name)
            names += [n for n in boards[rel] if n not in names]
        if names:
            out[sc.id] = names
    return out


# ------------------------------------------------------------------------------------------ recall
@dataclass(frozen=True)
class QueryCase:
    """One query of a test set and the units that answer it (any one of them)."""

    query: str
    expect: tuple[str, ...]


def load_queries(path: Path) -> list[QueryCase]:
    """A query set (YAML: a list of ``{query: …, expect: [unit id, …]}``); InputError names a bad entry."""
    from harness.common.errors import InputError, Problem
    from harness.common.yamldoc import load_yaml

    doc = load_yaml(Path(path))
    data = doc.data
    if not isinstance(data, list):
        raise InputError(Problem(doc.file, None, None, "expected a list of {query, expect} entries"))
    out, problems = [], []
    for i, entry in enumerate(data):
        ok = (isinstance(entry, dict) and isinstance(entry.get("query"), str) and entry["query"].strip()
              and isinstance(entry.get("expect"), list) and entry["expect"]
              and all(isinstance(x, str) for x in entry["expect"]))
        if not ok:
            problems.append(Problem(doc.file, doc.line_of((i,)), f"[{i}]",
                                    "expected {query: text, expect: [unit id, …]}"))
            continue
        out.append(QueryCase(entry["query"], tuple(entry["expect"])))
    if problems:
        raise InputError(problems)
    return out


def recall_at(cases: Sequence[QueryCase], ranked: Mapping[str, Sequence[str]] | Any, k: int = 3
              ) -> tuple[float, list[tuple[QueryCase, list[str]]]]:
    """The share of ``cases`` with an expected unit among the first ``k`` ids ``ranked(query)`` gives
    (a callable or a mapping query -> ids), and the misses with what came first."""
    misses = []
    for case in cases:
        ids = list(ranked(case.query) if callable(ranked) else ranked[case.query])[:k]
        if not set(ids) & set(case.expect):
            misses.append((case, ids))
    return (1 - len(misses) / len(cases) if cases else 1.0), misses


# ------------------------------------------------------------------------------------------ assumptions
@dataclass(frozen=True)
class AssumptionHit:
    """An entry of the assumptions register found for a query: by its id (``exact``), or by the share of the
    query's words its Russian texts hold (question, choice, reason, readings)."""

    entry: Mapping[str, Any]
    score: float
    exact: bool
    matched: tuple[str, ...] = ()


def assumption_text(entry: Mapping[str, Any]) -> str:
    """The Russian words of a register entry a judge searches: its question, choice and reason, and every
    reading's wording and reason (the English fields are the engine authors', not searched)."""
    ru = entry.get("ru") or {}
    parts = [str(entry.get("question", "")), str(ru.get("choice", "")), str(ru.get("reason", ""))]
    for r in entry.get("readings") or []:
        parts += [str(r.get("wording", "")), str((r.get("ru") or {}).get("reason", ""))]
    return " ".join(parts)


ASSUMPTION_LEAST = 0.5   # the share of a query's content words an entry's texts must hold to be found


def assumption_terms(entry: Mapping[str, Any]) -> list[str]:
    """The terms an entry is found by: the lemmas of its Russian texts (the question counted twice: it says what
    the entry is about), function words left out, and the words of its id («stack», «lifo»)."""
    a = analyzer()
    return ([t.term for t in a.tokens(f"{entry.get('question', '')} {assumption_text(entry)}") if not t.function]
            + str(entry.get("id", "")).split("-"))


def assumption_weights(entries: Sequence[Mapping[str, Any]]) -> list[dict[str, float]]:
    """Per entry, the BM25 (Okapi, rank_bm25) weight of each of its terms over the register: an entry's score for
    a query is the sum of the weights of the query's terms it holds, as `BM25Okapi.get_scores` adds them. Kept
    as data, so the site's search (assets/search-index.js) ranks the register as `lookup` does."""
    from rank_bm25 import BM25Okapi

    docs = [assumption_terms(e) for e in entries]
    if not docs:
        return []
    bm = BM25Okapi(docs)
    out = []
    for doc in docs:
        length = len(doc)
        out.append({term: bm.idf.get(term, 0.0) * (f * (bm.k1 + 1))
                    / (f + bm.k1 * (1 - bm.b + bm.b * length / bm.avgdl)) for term, f in Counter(doc).items()})
    return out


def find_assumptions(entries: Sequence[Mapping[str, Any]], query: str, least: float = ASSUMPTION_LEAST) -> \
        list[AssumptionHit]:
    """The register entries for ``query``: an id (``stack-lifo``, ``asm:stack-lifo``, a reading group) first and
    alone; else those whose Russian texts hold at least ``least`` of the query's content words (by lemma, any
    form: «порядок стека» finds «стек»), ranked by BM25 over those texts (`assumption_weights`), times the share
    of the query's words they hold."""
    wanted = query.strip().removeprefix("@").removeprefix("asm:")
    exact = [e for e in entries if wanted and wanted in (str(e.get("id")), str(e.get("reading", "")))]
    if exact:
        return [AssumptionHit(e, 1.0, True) for e in exact]
    terms = list(dict.fromkeys(t.term for t in analyzer().tokens(query) if not t.function))
    if not terms or not entries:
        return []
    hits = []
    for e, weights in zip(entries, assumption_weights(entries), strict=True):
        matched = tuple(t for t in terms if t in weights)
        if len(matched) / len(terms) >= least:
            hits.append(AssumptionHit(e, sum(weights[t] for t in matched) * len(matched) / len(terms), False, matched))
    return sorted(hits, key=lambda h: (-h.score, str(h.entry.get("id"))))
