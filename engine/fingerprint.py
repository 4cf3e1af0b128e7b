"""A fingerprint of a game's complete state: equal fingerprints, equal games (for every purpose).

The harness's search over «в любом порядке» (harness/suite/orderings.py) merges branches that reach the same
state, so the fingerprint must cover everything that can influence what the game does next, not only
what the rules make observable: once-per-turn marks, durations, counters, waiting triggers, the
declaration in progress, the battle history, the pending decision, and the game's own class (a variant
engine plays differently from the same position).

It is exact by construction rather than by a list of fields: it serialises the whole object graph of
the game (`vars(game)`, recursively — the same graph `Game.clone()` copies) with `pickle`, so a field
added to the engine tomorrow is covered without touching this module. Identity-sensitive parts of the
serialisation (pickle's memo of shared objects) can only make two equal states look different (a missed
merge), never make two different states look equal. The immutable parts shared by every copy of a game
(card definitions, abilities, filters, edition profiles: frozen dataclasses) are written as a token per
distinct value, which keeps the fingerprint small and fast. The bytes are hashed with BLAKE2b (128 bits).
"""

from __future__ import annotations

import copyreg
import dataclasses
import hashlib
import io
import pickle
from typing import Any


def _frozen(token: int) -> int:        # the stand-in a frozen value is written as (never called)
    return token


class Fingerprints:
    """Fingerprints of games that share their immutable parts (one per search: the tokens are its own)."""

    def __init__(self) -> None:
        self._by_value: dict[Any, int] = {}          # frozen value → token
        self._by_id: dict[int, tuple[int, Any]] = {}  # id → (token, the object, kept alive so ids are not reused)
        self._types: dict[type, int] = {}
        table = dict(copyreg.dispatch_table)
        self._table = table
        self.calls = 0

    def _reducer(self, obj: Any) -> tuple:
        hit = self._by_id.get(id(obj))
        if hit is None:
            token = self._by_value.setdefault(obj, len(self._by_value))
            hit = self._by_id[id(obj)] = (token, obj)
        return _frozen, (hit[0],)

    def _register(self, cls: type) -> None:
        if cls not in self._table:
            self._table[cls] = self._reducer

    def _frozen_classes(self, game: Any) -> None:
        from . import cards, editions

        for module in (cards, editions):
            for value in vars(module).values():
                if isinstance(value, type) and dataclasses.is_dataclass(value) \
                        and value.__dataclass_params__.frozen:  # type: ignore[attr-defined]
                    self._register(value)
        for value in vars(game).values():                 # a frozen value of another module (a variant engine)
            if dataclasses.is_dataclass(value) and not isinstance(value, type) \
                    and value.__dataclass_params__.frozen:  # type: ignore[attr-defined]
                self._register(type(value))

    def of(self, game: Any, *extra: Any) -> bytes:
        """The fingerprint of `game` (and of `extra` plain data that goes with it, e.g. a position in a plan)."""
        self.calls += 1
        cls = type(game)
        if cls not in self._types:
            self._frozen_classes(game)
            self._types[cls] = len(self._types)
        buffer = io.BytesIO()
        pickler = pickle.Pickler(buffer, protocol=5)
        pickler.dispatch_table = self._table
        pickler.dump((self._types[cls], vars(game), extra))
        return hashlib.blake2b(buffer.getbuffer(), digest_size=16).digest()


def fingerprint(game: Any) -> bytes:
    """The fingerprint of one game on its own (tokens of a fresh `Fingerprints`)."""
    return Fingerprints().of(game)
