"""Renumbered units: a unit of the review lock that the text no longer has, whose very text (hash) a unit of
the text has under another id that the lock does not know (heroes 113.3's second clause made 114.2).

`diff` finds a renumbering between two versions of the text; this module finds it between the lock (the text
last approved) and the present text, so that `approve` and `lint` say the same thing as `diff`: «renumbered,
text unchanged», with the tags to update, and `approve --retag` rewrites them (`retag`): in the feature files
(tags and `Правило:` headings), in `rules/axes.yaml` and `rules/assumptions.yaml`, and in the lock itself (the
approvals move to the new id: the text is the one they were approved against, so nothing needs review).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = ["Occurrence", "renumbered", "occurrences", "retag_text"]


def renumbered(corpus: Any, lock: Any) -> dict[str, str]:
    """Old id → new id: each unit of the lock gone from ``corpus`` whose hash is that of exactly one unit of
    ``corpus`` the lock does not know (an ambiguous match is no renumbering)."""
    current = {u.id: u.hash for u in corpus.units}
    gone = {uid: h for uid, h in lock.entries.items() if uid not in current}
    fresh: dict[str, list[str]] = {}
    for uid, h in current.items():
        if uid not in lock.entries:
            fresh.setdefault(h, []).append(uid)
    out = {}
    for old, h in gone.items():
        candidates = fresh.get(h, [])
        if len(candidates) == 1 and sum(1 for x in gone.values() if x == h) == 1:
            out[old] = candidates[0]
    return out


def _pattern(unit_id: str) -> re.Pattern[str]:
    """The id as a whole token: not the start of a longer unit id (``heroes:113.3.dup2`` in ``heroes:113.3.dup2.p1``)
    nor of a scenario id (``heroes:113.3.dup2-1``, from the title's bracket tag, which stays)."""
    return re.compile(r"(?<![\w:.])" + re.escape(unit_id) + r"(?![\w-]|\.\w)")


@dataclass(frozen=True)
class Occurrence:
    file: str
    line: int
    text: str


def occurrences(unit_id: str, files: list[Path], root: Path) -> list[Occurrence]:
    """Every line of ``files`` naming ``unit_id`` as a whole token (a tag, a heading, a key, a list item)."""
    pattern = _pattern(unit_id)
    out = []
    for path in files:
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError):
            continue
        try:
            shown = path.resolve().relative_to(root.resolve()).as_posix()
        except ValueError:
            shown = path.as_posix()
        out += [Occurrence(shown, i, line.strip()) for i, line in enumerate(lines, 1) if pattern.search(line)]
    return out


def retag_text(text: str, mapping: dict[str, str]) -> str:
    """``text`` with every old id of ``mapping`` (as a whole token) replaced by its new id."""
    for old, new in mapping.items():
        text = _pattern(old).sub(new, text)
    return text
