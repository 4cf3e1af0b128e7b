"""The scenario's world: the engine adapter, the board it was set up from, and small readers of the
canonical state that the steps share. No rules logic: it only reads what the engine reports."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .adapters import Adapter


@dataclass
class World:
    adapter: Adapter
    board: Any = None                    # harness.board.Board
    state: dict = field(default_factory=dict)
    mark: int = 0                        # history length when the current «Когда» step began
    dice: dict[str, list[int]] = field(default_factory=dict)

    # -- calls on the engine; every call refreshes the state
    def act(self, player: str, action: dict) -> None:
        self.state = self.adapter.act(player, action)

    def answer(self, player: str, choice: Any) -> None:
        self.state = self.adapter.answer(player, choice)

    def begin_action(self) -> None:
        self.mark = len(self.state.get("history", []))

    def require(self, capability: str, why: str) -> None:
        """Skip the scenario (status SKIP) when the engine does not declare an optional capability."""
        if capability not in self.adapter.capabilities().get("features", []):
            import pytest

            pytest.skip(f"the engine does not declare the capability '{capability}' ({why})")

    # -- readers
    def card(self, ref: str) -> dict:
        """A card by id, or by name when the name is unique on the board."""
        cards = self.state["cards"]
        by_id = [c for c in cards if c["id"] == ref]
        if by_id:
            return by_id[0]
        named = [c for c in cards if c["name"] == ref]
        if len(named) == 1:
            return named[0]
        if not named:
            raise AssertionError(f"no card «{ref}» on the board (cards: {', '.join(c['id'] for c in cards)})")
        raise LookupError(f"«{ref}» is ambiguous ({', '.join(c['id'] for c in named)}): name the card by its id")

    def history_since_mark(self) -> list[dict]:
        return self.state["history"][self.mark:]

    def ability_ref(self, ref: str) -> tuple[str, str]:
        """'Мститель: при гибели вашего существа' → (card id, ability key)."""
        if ":" not in ref:
            raise LookupError(f"an ability is named «карта: ключ особенности», got «{ref}»")
        card, key = (part.strip() for part in ref.split(":", 1))
        return self.card(card)["id"], key

    def pending(self, kind: str, player: str) -> dict:
        p = self.state.get("pending")
        if not p or p["kind"] != kind or p["player"] != player:
            raise AssertionError(f"expected a pending {kind} decision for player {player}, the engine has {p!r}")
        return p
