"""The reference engine with no battle-history log: `history` is removed from every reply, and `battle_history`,
`rule_effects` and `history_queries` from its hello. Everything else the rules make observable (zones, lives,
wounds, open/closed, control, the stack, priority, the pending decision, who lost) it reports as before: an
engine that implements the observable contract but keeps no log (issue 25). Run: `python -m
tests.fake_engines.no_history`."""

from __future__ import annotations

import sys
from typing import Any

from engine.serve import Server, main

LOG_FEATURES = ("battle_history", "rule_effects", "history_queries")


class NoHistory(Server):
    name = "reference engine without a battle-history log"

    def capabilities(self) -> dict[str, list[str]]:
        caps = super().capabilities()
        return caps | {"features": [f for f in caps["features"] if f not in LOG_FEATURES]}

    def handle(self, line: str) -> dict[str, Any]:
        reply = super().handle(line)
        state = reply.get("state")
        if isinstance(state, dict):
            state.pop("history", None)
        return reply


if __name__ == "__main__":
    sys.exit(main(server=NoHistory()))
