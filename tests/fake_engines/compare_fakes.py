"""Fake engines for `berserk-rules compare` (tests/test_compare_noise.py): the reference engine over the
protocol, with its replies changed in one way (argv[1]):

    reordered       every list whose order means nothing in reverse: `cards`, the top-level `effects`
                    (renumbered: other ids than the reference engine's), each card's `effects`, `markers`,
                    `abilities`, each cell's markers, `pending.options`
    several         from the setup on, every card on the battlefield has one more wound and the turn is one
                    higher (several fields differ at once)
    liar            declares every edition and feature, and answers `unsupported` to every `act` and `answer`
    drift-N         from the second accepted `act`/`answer` on, every card on the battlefield has N more wounds
    twice           apart at two separate steps only: after the first accepted `act`/`answer` the turn is one
                    higher, after the third every card on the battlefield has one more wound; the same as the
                    reference in every other reply
    over-drift-N    as drift-N, and from the first accepted `act`/`answer` on, player Б has lost (`lost`,
                    `game_over`) while А keeps the priority (so that moves are still offered)

Run as `python tests/fake_engines/compare_fakes.py MODE`.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from engine.serve import Server, main

MODE = sys.argv[1] if len(sys.argv) > 1 else "reordered"


def _reversed(state: dict) -> dict:
    renumber = {e["id"]: f"fx{n}" for n, e in enumerate(reversed(state.get("effects") or []), 1)}
    cards = []
    for card in reversed(state["cards"]):
        card = dict(card)
        for key in ("markers", "abilities"):
            card[key] = list(reversed(card.get(key) or []))
        card["effects"] = [renumber.get(i, i) for i in reversed(card.get("effects") or [])]
        cards.append(card)
    effects = [{**e, "id": renumber[e["id"]]} for e in reversed(state.get("effects") or [])]
    cells = {cell: list(reversed(marks)) for cell, marks in reversed(list((state.get("cells") or {}).items()))}
    pending = state.get("pending")
    if isinstance(pending, dict):
        pending = {**pending, "options": list(reversed(pending.get("options") or []))}
    return {**state, "cards": cards, "effects": effects, "cells": cells, "pending": pending}


def _wounded(state: dict, more: int) -> dict:
    cards = [{**c, "wounds": c["wounds"] + more} if c.get("zone") == "battlefield" else c for c in state["cards"]]
    return {**state, "cards": cards}


class Fake(Server):
    name = f"compare-fake {MODE}"
    def __init__(self) -> None:
        super().__init__()
        self.accepted = 0          # accepted act/answer requests since the setup

    # capabilities: the reference engine's, every edition and feature (the liar declares them all too)
    def handle(self, line: str) -> dict[str, Any]:
        request = json.loads(line)
        kind = request.get("request") if isinstance(request, dict) else None
        if MODE == "liar" and kind in ("act", "answer"):
            return {"id": request.get("id"), "ok": False,
                    "error": {"code": "unsupported", "message": "not implemented yet"}}
        reply = super().handle(line)
        if not reply.get("ok") or "state" not in reply:
            return reply
        if kind == "setup":
            self.accepted = 0
        elif kind in ("act", "answer"):
            self.accepted += 1
        reply["state"] = self.change(reply["state"])
        return reply

    def change(self, state: dict) -> dict:
        if MODE == "reordered":
            return _reversed(state)
        if MODE == "several":
            return {**_wounded(state, 1), "turn": state["turn"] + 1}
        if MODE == "twice":
            if self.accepted == 1:
                return {**state, "turn": state["turn"] + 1}
            return _wounded(state, 1) if self.accepted == 3 else state
        if MODE.startswith(("drift-", "over-drift-")):
            more = int(MODE.rsplit("-", 1)[1])
            if self.accepted >= 2:
                state = _wounded(state, more)
            if MODE.startswith("over-") and self.accepted >= 1:
                players = [{**p, "lost": p["name"] == "Б"} for p in state["players"]]
                state = {**state, "players": players, "game_over": True, "priority": "А", "pending": None}
        return state


if __name__ == "__main__":
    sys.exit(main([], Fake()))
