"""Engine adapters: one interface to an engine, whatever runs it.

The steps talk only to an adapter. `InProcessAdapter` drives the reference engine in this process;
`harness.engines.protocol.SubprocessAdapter` drives any engine over the JSON-lines protocol (docs/PROTOCOL.md)
and offers the same methods.
"""

from __future__ import annotations

from typing import Any, Protocol

import engine


class EngineRefused(Exception):
    """The engine refused a request as the rules do not allow it (code such as `illegal_action`)."""

    def __init__(self, code: str, message: str):
        self.code = code
        self.message = message
        super().__init__(f"{code}: {message}")


class EngineFault(Exception):
    """The engine misbehaved (crash, hang, garbage, schema violation): status ERROR/CRASH/TIMEOUT."""

    def __init__(self, status: str, message: str, at_start: bool = False, final: bool = False):
        self.status = status
        self.at_start = at_start          # the engine could not be started (harness.engines.startup)
        self.final = final                # a start that fails the same way every time (a bad hello): never retried
        super().__init__(message)


class EngineUnsupported(Exception):
    """The engine answered `unsupported` (or `unknown_action`) to a request: a FAIL «declared, refused» in a
    scenario that started, since it starts only when the engine declares all it needs."""


class NotDeclared(EngineUnsupported):
    """The harness itself found that the engine does not declare what a request needs (an edition, inline test
    cards) and sent nothing: status SKIP, the message is the reason."""


class Adapter(Protocol):
    name: str
    version: str

    def capabilities(self) -> dict[str, Any]: ...
    def setup(self, board: dict, definitions: dict[str, dict]) -> dict: ...
    def act(self, player: str, action: dict) -> dict: ...
    def answer(self, player: str, choice: Any) -> dict: ...
    def state(self) -> dict: ...
    def close(self) -> None: ...


class InProcessAdapter:
    """The built-in reference engine, called directly; with `game_class`, a variant of it (a subclass of
    `engine.Game`: a mutant, a test's broken engine), reported as `name`."""

    def __init__(self, game_class: type | None = None, name: str | None = None,
                 readings: dict[str, str] | None = None) -> None:
        self._new_game = game_class or engine.new_game
        self.name = name or engine.ENGINE_NAME
        self.version = engine.ENGINE_VERSION
        self.readings = engine.default_readings() | dict(readings or {})   # where the text admits several
        self._game: Any = None

    def capabilities(self) -> dict[str, Any]:
        from engine.serve import FEATURES

        return {"editions": sorted(engine.EDITIONS), "features": list(FEATURES), "readings": dict(self.readings)}

    def setup(self, board: dict, definitions: dict[str, dict]) -> dict:
        try:
            self._game = self._new_game(board, definitions, self.readings)
        except engine.SetupError as exc:
            raise EngineRefused("bad_setup", str(exc)) from exc
        return self.state()

    def legal_actions(self, player: str) -> list[dict]:
        """Every action `player` may request now (the engine's `legal_actions`): in this process only, the
        protocol has no such request."""
        return self._game.legal_actions(player) if self._game is not None else []

    # the state is rendered when asked for: World calls act/answer with render=False and reads the state (or
    # some of its sections, `state(sections)`) only when a step reads it
    renders_on_demand = True

    def act(self, player: str, action: dict, render: bool = True) -> dict | None:
        try:
            self._game.act(player, action)
        except engine.IllegalAction as exc:
            raise EngineRefused(exc.code, exc.message) from exc
        return self.state() if render else None

    def answer(self, player: str, choice: Any, render: bool = True) -> dict | None:
        try:
            self._game.answer(player, choice)
        except engine.IllegalAction as exc:
            raise EngineRefused(exc.code, exc.message) from exc
        return self.state() if render else None

    def state(self, sections: tuple[str, ...] | None = None) -> dict:
        """The canonical state, or only its top-level keys `sections`."""
        return engine.state(self._game, sections)

    def close(self) -> None:
        self._game = None
