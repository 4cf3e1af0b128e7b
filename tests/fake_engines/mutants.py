"""Mutant engines: the reference engine with one deliberate rules mistake each, served over the protocol.

    python tests/fake_engines/mutants.py NAME

A mutant is a small subclass of `engine.Game` registered with `@mutant("name")`; add one by writing
another. The differential test (tests/test_differential.py) must tell a mutant from the reference.
"""

from __future__ import annotations

import sys
from typing import Any

from engine import Game
from engine.serve import Server, serve

MUTANTS: dict[str, type[Game]] = {}


def mutant(name: str) -> Any:
    def register(cls: type[Game]) -> type[Game]:
        MUTANTS[name] = cls
        return cls
    return register


@mutant("control-forever")
class ControlForever(Game):
    """A control effect never ends (classic 503.1.b15 ignored for control): Мститель stays with Невтида's
    player after Невтида dies."""

    def effect_ended(self, e: Any) -> bool:
        return False if e.kind == "control" else super().effect_ended(e)


@mutant("stack-fifo")
class StackFifo(Game):
    """The stack resolves first-in-first-out: when both players pass, the oldest entry resolves first."""

    def _pass(self, player: str, action: dict) -> None:
        if self.passes == 1 and len(self.stack) > 1:
            self.stack.append(self.stack.pop(0))
        super()._pass(player, action)


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in MUTANTS:
        sys.stderr.write(f"usage: mutants.py NAME, NAME one of: {', '.join(sorted(MUTANTS))}\n")
        return 2
    server = Server(new_game=MUTANTS[argv[0]])
    server.name = f"mutant {argv[0]}"
    return serve(server)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
