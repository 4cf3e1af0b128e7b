"""Engines whose capabilities lie (issue 25): the reference engine declaring everything it does, but
- `refuse-moves`: answering `unsupported` to every `act` and `answer`;
- `refuse-later-setups`: playing its first scenario, then answering `unsupported` to every later `setup`.
A request inside what an engine declares, refused as unsupported, is a FAIL («declared, refused»), never a SKIP.
Run: `python -m tests.fake_engines.liars MODE`."""

from __future__ import annotations

import json
import sys
from typing import Any

from engine.serve import Server, main


class Liar(Server):
    name = "liar"

    def __init__(self, mode: str):
        super().__init__()
        self.mode = mode
        self.setups = 0

    def handle(self, line: str) -> dict[str, Any]:
        request = json.loads(line)
        kind = request.get("request")
        refuse = (self.mode == "refuse-moves" and kind in ("act", "answer")) or \
            (self.mode == "refuse-later-setups" and kind == "setup" and self.setups >= 1)
        if kind == "setup":
            self.setups += 1
        if refuse:
            return {"id": request.get("id"), "ok": False,
                    "error": {"code": "unsupported", "message": f"{self.mode}: not implemented"}}
        return super().handle(line)


if __name__ == "__main__":
    sys.exit(main([], server=Liar(sys.argv[1])))
