"""The sentences of a rule unit, numbered, so that a tool can name one sentence of the text: ``classic:537.2#2``
is the second sentence of classic 537.2 (1-based, in the order printed).

A sentence ends at «.», «!», «?» or «…» followed by a space and a capital letter (or an opening quote), outside
quotes (a parenthesis may hold a sentence end: classic 536.4.ex1 never closes one), and not after an abbreviation of the text («см.», «п.», «т. д.», «т. е.») or a section
number («511. Порядок …»). The split is simple on purpose: the corpus is short, and a sentence reference is
checked against it (`sentence_ref` raises on one that names no sentence), so a change of the text that moves
a sentence shows at once.
"""

from __future__ import annotations

import re

__all__ = ["split_sentences", "parse_ref", "sentence_ref"]

_ABBREVIATIONS = ("см", "п", "е", "т", "к", "пп", "гл")   # «и т. д.» ends a sentence before a capital
_OPENERS = "«“„\"("
_CLOSERS = {"«": "»", "“": "”", "„": "“"}
_REF_RE = re.compile(r"^(?P<unit>[a-z]+:[0-9A-Za-z.]+)#(?P<n>[1-9][0-9]*)$")


def split_sentences(text: str) -> list[str]:
    """The sentences of `text`, stripped, in order (a text without an end mark is one sentence)."""
    out: list[str] = []
    start = 0
    depth: list[str] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if depth and ch == depth[-1]:
            depth.pop()
        elif ch in _CLOSERS and not (ch == "“" and depth and depth[-1] == "“"):
            depth.append(_CLOSERS[ch])
        elif ch == '"':
            if depth and depth[-1] == '"':
                depth.pop()
            else:
                depth.append('"')
        elif ch in ".!?…" and not depth and _ends_sentence(text, i):
            out.append(text[start:i + 1].strip())
            start = i + 1
        i += 1
    rest = text[start:].strip()
    if rest:
        out.append(rest)
    return out


def _ends_sentence(text: str, i: int) -> bool:
    j = i + 1
    if j >= len(text) or not text[j].isspace():
        return False
    while j < len(text) and text[j].isspace():
        j += 1
    if j >= len(text):
        return False
    if not (text[j].isupper() or text[j] in _OPENERS):
        return False
    word = re.search(r"(\w+)$", text[:i])
    if word is None:
        return True
    token = word.group(1)
    if token.isdigit() and len(token) >= 3:  # a section number: «(511. Порядок применения эффектов.)»
        return False
    return token.lower() not in _ABBREVIATIONS


def parse_ref(ref: str) -> tuple[str, int]:
    """``classic:537.2#2`` → (``classic:537.2``, 2); ValueError for another shape."""
    m = _REF_RE.match(ref)
    if m is None:
        raise ValueError(f"a sentence reference is <unit id>#<sentence number from 1>, e.g. classic:537.2#2; "
                         f"got {ref!r}")
    return m.group("unit"), int(m.group("n"))


def sentence_ref(ref: str, corpus: object) -> str:
    """The text of the sentence `ref` names in `corpus` (a `harness.rules.corpus.Corpus`); ValueError when the
    unit or the sentence does not exist."""
    unit_id, n = parse_ref(ref)
    unit = corpus.get(unit_id)  # type: ignore[attr-defined]
    if unit is None:
        raise ValueError(f"{ref}: {unit_id} is no rule unit of the corpus")
    sentences = split_sentences(unit.text)
    if n > len(sentences):
        raise ValueError(f"{ref}: {unit_id} has {len(sentences)} sentence(s)")
    return sentences[n - 1]
