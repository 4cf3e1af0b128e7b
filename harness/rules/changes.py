"""Change classes: whether a change of a unit's wording is *editorial* or *substantive*, and which of its
words carry meaning.

A rules editor's change costs what it may change. `classify(old, new)` decides, on the two texts alone:

- **editorial**, with the kinds of change it is made of (:data:`EDITORIAL`): whitespace, punctuation,
  letter case, quotes (« » “ ” „ " ' are one kind of mark), ё/е, and a **typo** — a word replaced by a word
  the corpus index (`harness.rules.search`, pymorphy3) proves is the same word: the same lemma in a form of
  the same grammatical case and number («этот способность» → «эта способность»; «карту» → «карты» is not), or
  a misspelling the dictionary does not know, at most two letters from a known word whose lemma the corpus
  uses («срабатывющая» → «срабатывающая»). Nothing else: a word added, removed, or replaced by another word is
  substantive, and so is a typo fix on a word that carries meaning (below).
- **substantive**, with the *meaning-carrying tokens* among the words it removes and adds (:data:`MEANING`):
  negations («не», «нельзя», «ни»), numbers and comparisons («2», «два», «более», «менее»), trigger words
  (До, При, Когда, После, Если, В начале, В конце), modality («может», «обязан», «должен»), whose card or turn
  («вашего», «противника», «свой»), and clause references («536.2»).

An editorial change is approved in one step, with a list (`berserk-rules approve --editorial`); a substantive
one needs a decision per scenario (`berserk-rules approve`, see `harness.rules.review`).

The same tokens let lint check that a scenario's `Правило:` heading still follows its unit (S032): a
meaning-carrying word the heading quotes that the approved text had and the new text lost (`stale_words`,
called by `harness.rules.review.stale_heading`).
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "EDITORIAL",
    "MEANING",
    "Classification",
    "Flag",
    "classify",
    "stale_words",
    "meaning_tokens",
    "sentence_diff",
]

EDITORIAL: tuple[str, ...] = ("whitespace", "quotes", "punctuation", "case", "ё/е", "typo")
"""The kinds of an editorial change, in the order they are tried."""

MEANING: dict[str, frozenset[str]] = {
    "negation": frozenset({"не", "нельзя", "ни", "нет", "никто", "ничто", "никакой", "никогда", "нигде", "ничей"}),
    "number or comparison": frozenset({
        "ноль", "один", "два", "три", "четыре", "пять", "шесть", "семь", "восемь", "девять", "десять",
        "первый", "второй", "третий", "четвёртый", "четвертый", "пятый", "шестой", "единственный", "половина",
        "более", "менее", "больше", "меньше", "много", "мало", "несколько", "минимум", "максимум",
        "превышать", "равный", "равно", "хотя", "раз", "каждый", "любой", "весь", "все", "всё"}),
    "trigger word": frozenset({"до", "при", "когда", "после", "если", "начало", "конец", "пока"}),
    "modality": frozenset({"мочь", "можно", "обязанный", "обязан", "обязать", "обязывать", "должный", "должен",
                           "вправе", "нужно", "необходимо", "необходимый", "следовать", "запрещать", "разрешать"}),
    "whose": frozenset({"ваш", "свой", "противник", "соперник", "чужой", "владелец", "мой", "наш", "активный",
                        "контролировать", "контролирующий", "контроль"}),
}
"""The meaning-carrying words by category, as lemmas (see `meaning_tokens`); clause references («536.2») and
numerals are found by their form."""

_CLAUSE_REF_RE = re.compile(r"^\d{3}(?:\.\d+)+\.?$")
_NUMBER_RE = re.compile(r"^\d+(?:[.,]\d+)?$")
_QUOTES = str.maketrans({c: '"' for c in "«»“”„‟\"'‘’‚‹›"})
_TOKEN_RE = re.compile(r"\d+(?:\.\d+)*|[^\W\d_]+(?:-[^\W\d_]+)*")
_SENTENCE_RE = re.compile(r"(?<=[.!?…])\s+(?=[«\"“(]?[А-ЯЁA-Z0-9])")


@dataclass(frozen=True)
class Flag:
    """A meaning-carrying word a substantive change removes (``side="old"``) or adds (``"new"``)."""

    category: str
    word: str
    side: str

    def to_json(self) -> dict[str, str]:
        return {"category": self.category, "word": self.word, "side": self.side}


@dataclass
class Classification:
    """The class of one change: ``editorial`` (with `kinds`) or ``substantive`` (with `flags`)."""

    kind: str
    kinds: list[str] = field(default_factory=list)
    """The editorial kinds the change is made of (:data:`EDITORIAL`), for an editorial change."""
    flags: list[Flag] = field(default_factory=list)
    """The meaning-carrying words it removes or adds, for a substantive change."""
    typos: list[tuple[str, str]] = field(default_factory=list)
    """The word pairs proved to be typo fixes."""

    @property
    def editorial(self) -> bool:
        return self.kind == "editorial"

    def to_json(self) -> dict[str, Any]:
        return {"class": self.kind, "editorial": list(self.kinds), "typos": [list(t) for t in self.typos],
                "flags": [f.to_json() for f in self.flags]}

    def summary(self) -> str:
        """One line: ``editorial (punctuation, ё/е)`` or ``SUBSTANTIVE: trigger word «до» → «после»; …``."""
        if self.editorial:
            return f"editorial ({', '.join(self.kinds)})"
        if not self.flags:
            return "SUBSTANTIVE (words changed)"
        parts = []
        for category in dict.fromkeys(f.category for f in self.flags):
            old = [f"«{f.word}»" for f in self.flags if f.category == category and f.side == "old"]
            new = [f"«{f.word}»" for f in self.flags if f.category == category and f.side == "new"]
            what = " → ".join(x for x in (", ".join(old) or "(none)", ", ".join(new) or "(none)"))
            parts.append(f"{category} {what}")
        return "SUBSTANTIVE: " + "; ".join(parts)


# ------------------------------------------------------------------------------------------ normalising
def _whitespace(text: str) -> str:
    return re.sub(r"\s+", " ", unicodedata.normalize("NFC", text)).strip()


def _quotes(text: str) -> str:
    return text.translate(_QUOTES)


def _punctuation(text: str) -> str:
    """Punctuation removed, except a point or a comma between digits (113.2 stays 113.2), then whitespace."""
    out = re.sub(r"(?<!\d)[^\w\s]|[^\w\s](?!\d)", " ", text)
    return re.sub(r"\s+", " ", out).strip()


def _case(text: str) -> str:
    return text.lower()


def _yo(text: str) -> str:
    return text.replace("ё", "е").replace("Ё", "Е")


_STEPS: tuple[tuple[str, Callable[[str], str]], ...] = (
    ("whitespace", _whitespace), ("quotes", _quotes), ("punctuation", _punctuation), ("case", _case),
    ("ё/е", _yo))


def _differing(a: str, b: str) -> int:
    """How many words differ between two texts (word-level, both sides counted)."""
    x, y = a.split(), b.split()
    return sum(max(i2 - i1, j2 - j1) for tag, i1, i2, j1, j2 in
               difflib.SequenceMatcher(None, x, y, autojunk=False).get_opcodes() if tag != "equal")


# ------------------------------------------------------------------------------------------ words
def _analyzer() -> Any:
    from harness.rules.search import analyzer

    return analyzer()


def _lemma(word: str) -> tuple[str, bool]:
    """(the lemma, known to the dictionary?) of one word; a number stands for itself."""
    word = word.lower().replace("ё", "е")
    if word[:1].isdigit():
        return word, True
    token = _analyzer().token(word)
    return token.term, token.known


def _forms(word: str) -> set[tuple[str | None, str | None]]:
    """The (case, number) pairs a word form can have, as pymorphy3 parses it."""
    return {(p.tag.case, p.tag.number) for p in _analyzer().morph.parse(word.lower().replace("ё", "е"))}


def _category(word: str) -> str | None:
    """The meaning category of one word (see :data:`MEANING`), or None."""
    if _CLAUSE_REF_RE.match(word):
        return "clause reference"
    if _NUMBER_RE.match(word):
        return "number or comparison"
    low = word.lower().replace("ё", "е")
    lemma, _ = _lemma(low)
    for category, words in MEANING.items():
        if low in words or lemma in words:
            return category
    return None


def meaning_tokens(text: str) -> list[tuple[str, str]]:
    """``(category, word)`` of every meaning-carrying word of ``text``, in order."""
    out = []
    for word in _TOKEN_RE.findall(text):
        category = _category(word.rstrip("."))
        if category is not None:
            out.append((category, word.rstrip(".")))
    return out


def _distance(a: str, b: str) -> int:
    """The Damerau-Levenshtein distance (adjacent transpositions count one) of two short words."""
    d = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i in range(len(a) + 1):
        d[i][0] = i
    for j in range(len(b) + 1):
        d[0][j] = j
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
    return d[len(a)][len(b)]


def _typo(old: str, new: str, corpus_lemmas: set[str] | None) -> bool:
    """Whether replacing the word ``old`` by ``new`` is a typo fix (or a typo), not a change of word: the
    same lemma in a form of the same case and number, or a misspelling (a word the dictionary does not
    know, at most two letters from a known one whose lemma the corpus uses)."""
    if _category(old) or _category(new):
        return False                 # a word that carries meaning is never waved through as a typo
    (lo, known_o), (ln, known_n) = _lemma(old), _lemma(new)
    if known_o and known_n:
        if lo != ln:
            return False
        return bool(_forms(old) & _forms(new))   # gender agreement («этот» → «эта»), not case or number
    if known_o == known_n or min(len(old), len(new)) < 4:
        return False                 # two unknown words, or too short to tell
    if _distance(old.lower(), new.lower()) > 2:
        return False
    known_lemma = lo if known_o else ln
    return corpus_lemmas is None or known_lemma in corpus_lemmas


def corpus_lemmas(texts: Iterable[str]) -> set[str]:
    """The lemmas of every known word of ``texts`` (the corpus index's words, for `classify`)."""
    out = set()
    for text in texts:
        for word in _TOKEN_RE.findall(text):
            lemma, known = _lemma(word)
            if known:
                out.add(lemma)
    return out


# ------------------------------------------------------------------------------------------ classify
def classify(old: str, new: str, lemmas: set[str] | None = None) -> Classification:
    """The class of the change from ``old`` to ``new`` (see the module docstring). ``lemmas``: the corpus's
    known lemmas (`corpus_lemmas`), which a misspelling's correction must be among; None accepts any."""
    a, b = old, new
    kinds: list[str] = []
    for name, step in _STEPS:
        if a == b:
            break
        before = _differing(a, b) if name != "whitespace" else None
        a2, b2 = step(a), step(b)
        if name == "whitespace":
            mattered = re.findall(r"\s+", a) != re.findall(r"\s+", b)     # the spacing itself differs
        else:
            mattered = a2 == b2 or (before is not None and _differing(a2, b2) < before)
        if mattered:
            kinds.append(name)
        a, b = a2, b2
    if a == b:
        return Classification("editorial", kinds or ["whitespace"])
    # words still different: each replaced word must be a typo of its counterpart
    x, y = a.split(), b.split()
    typos: list[tuple[str, str]] = []
    substantive = False
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, x, y, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        if tag != "replace" or i2 - i1 != j2 - j1:
            substantive = True
            break
        for o, n in zip(x[i1:i2], y[j1:j2], strict=True):
            if not _typo(o, n, lemmas):
                substantive = True
                break
            typos.append((o, n))
        if substantive:
            break
    if not substantive:
        return Classification("editorial", [*kinds, "typo"], typos=typos)
    return Classification("substantive", flags=_flags(old, new))


def _flags(old: str, new: str) -> list[Flag]:
    """The meaning-carrying words among those the change removes and adds (compared word by word, with
    punctuation, case and ё/е set aside)."""
    def words(text: str) -> list[str]:
        return [w.rstrip(".") for w in _TOKEN_RE.findall(text)]

    x, y = words(old), words(new)
    key = [w.lower().replace("ё", "е") for w in x], [w.lower().replace("ё", "е") for w in y]
    flags: list[Flag] = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, key[0], key[1], autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        for side, chunk in (("old", x[i1:i2]), ("new", y[j1:j2])):
            for w in chunk:
                category = _category(w)
                if category is not None:
                    flags.append(Flag(category, w, side))
    return flags


# ------------------------------------------------------------------------------------------ sentences
def sentences(text: str) -> list[str]:
    """The sentences of a unit's text."""
    return [s for s in _SENTENCE_RE.split(_whitespace(text)) if s]


def sentence_diff(old: str, new: str) -> list[tuple[str, str]]:
    """For every changed sentence, ``(old sentence, new sentence)`` with the changed words marked:
    ``[-removed-]`` in the old one, ``{+added+}`` in the new one ("" for a sentence only on one side)."""
    a, b = sentences(old), sentences(new)
    out: list[tuple[str, str]] = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        olds, news = a[i1:i2], b[j1:j2]
        for k in range(max(len(olds), len(news))):
            o = olds[k] if k < len(olds) else ""
            n = news[k] if k < len(news) else ""
            out.append(_mark(o, n))
    return out


def _mark(old: str, new: str) -> tuple[str, str]:
    x, y = old.split(), new.split()
    mo: list[str] = []
    mn: list[str] = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, x, y, autojunk=False).get_opcodes():
        if tag == "equal":
            mo += x[i1:i2]
            mn += y[j1:j2]
            continue
        if i2 > i1:
            mo.append("[-" + " ".join(x[i1:i2]) + "-]")
        if j2 > j1:
            mn.append("{+" + " ".join(y[j1:j2]) + "+}")
    return " ".join(mo), " ".join(mn)


# ------------------------------------------------------------------------------------------ headings
def _lemmas_of(text: str) -> set[str]:
    words = _TOKEN_RE.findall(text)
    return {_lemma(w.rstrip("."))[0] for w in words} | {w.rstrip(".").lower().replace("ё", "е") for w in words}


def stale_words(heading: str, approved: str, present: str) -> list[tuple[str, str]]:
    """The meaning-carrying words (``(category, word)``) of a heading that the approved text of its unit
    holds and its present text no longer does (by lemma): the heading quotes what the text said."""
    old, new = _lemmas_of(approved), _lemmas_of(present)
    out = []
    for category, word in meaning_tokens(heading):
        keys = {_lemma(word)[0], word.lower().replace("ё", "е")}
        if keys & old and not keys & new:
            out.append((category, word))
    return out
