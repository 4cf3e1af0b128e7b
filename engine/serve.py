"""The reference engine over the JSON-lines protocol (docs/PROTOCOL.md): `python -m engine.serve`.

It reads one request per line on stdin and writes one reply per line on stdout, using only the public
API of the `engine` package (`new_game`, `Game.act`, `Game.answer`, `state`). It is also the model for
engines in other languages, and the base of the test tree's fake and mutant engines: `Server` takes the
game factory as a parameter, and every request is one method (`on_hello`, `on_setup`, …) that a
subclass may override.

stdout belongs to the protocol alone. At start the real stdout is duplicated to a private descriptor and
descriptor 1 (and `sys.stdout`) is pointed at stderr, so that no stray `print` — ours, a library's or a C
extension's — can ever reach the harness as a bogus reply. Diagnostics go to stderr, which the harness
shows in its fault messages.
"""

from __future__ import annotations

import json
import os
import sys
import traceback
from collections.abc import Callable
from typing import IO, Any

import engine

PROTOCOL_VERSION = "1.0.0"
# every feature of the protocol (docs/PROTOCOL.md §5): the reference engine implements them all
FEATURES = ["activated_abilities", "attachments", "battle_history", "battle_start", "card_definitions",
            "control_change", "decks", "defenders", "extra_lives", "face_down", "flying", "generated_actions",
            "history_queries", "inline_cards", "markers", "movement", "participle_replacement", "play_cards",
            "poison", "redirects", "rule_effects", "static_abilities", "targets", "triggered_abilities",
            "uniqueness"]
REQUESTS = ("hello", "setup", "act", "answer", "state", "quit")


class Server:
    """One engine session: a game (after `setup`) and the handlers of the protocol's requests."""

    name = engine.ENGINE_NAME
    version = engine.ENGINE_VERSION

    def __init__(self, new_game: Callable[..., Any] | None = None, readings: dict[str, str] | None = None):
        self.new_game = new_game or engine.new_game
        self.readings = dict(readings or {})       # where the text admits several readings: the ones played
        self.game: Any = None
        self.done = False

    # -- the dispatcher
    def handle(self, line: str) -> dict[str, Any]:
        """The reply to one request line (never raises)."""
        try:
            request = json.loads(line)
        except ValueError as exc:
            return _error(None, "bad_request", f"the request is not JSON: {exc}")
        if not isinstance(request, dict):
            return _error(None, "bad_request", "a request is a JSON object")
        rid = request.get("id")
        kind = request.get("request")
        if kind not in REQUESTS:
            return _error(rid, "bad_request", f"unknown request {kind!r}; expected one of: {', '.join(REQUESTS)}")
        try:
            reply = getattr(self, f"on_{kind}")(request)
        except engine.IllegalAction as exc:
            return _error(rid, exc.code, exc.message)
        except engine.SetupError as exc:
            return _error(rid, "bad_setup", str(exc))
        except _BadRequest as exc:
            return _error(rid, "bad_request", str(exc))
        except Exception as exc:  # an engine bug: say so, keep serving
            traceback.print_exc(file=sys.stderr)
            return _error(rid, "internal_error", f"{type(exc).__name__}: {exc}")
        return {"id": rid, "ok": True, **reply}

    # -- the requests
    def on_hello(self, request: dict) -> dict[str, Any]:
        return {"protocol": PROTOCOL_VERSION, "engine": {"name": self.name, "version": self.version},
                "capabilities": self.capabilities()}

    def capabilities(self) -> dict[str, Any]:
        return {"editions": sorted(engine.EDITIONS), "features": list(FEATURES),
                "readings": engine.default_readings() | self.readings}

    def on_setup(self, request: dict) -> dict[str, Any]:
        board, definitions = request.get("board"), request.get("definitions", {})
        if not isinstance(board, dict) or not isinstance(definitions, dict):
            raise _BadRequest("setup needs 'board' (an object) and 'definitions' (an object)")
        self.game = None
        self.game = self.new_game(board, definitions, self.readings) if self.readings else \
            self.new_game(board, definitions)
        return {"state": engine.state(self.game)}

    def on_act(self, request: dict) -> dict[str, Any]:
        game = self._game()
        action = request.get("action")
        if not isinstance(action, dict):
            raise _BadRequest("act needs 'action' (an object with a 'type')")
        game.act(request.get("player"), action)
        return {"state": engine.state(game)}

    def on_answer(self, request: dict) -> dict[str, Any]:
        game = self._game()
        if "choice" not in request:
            raise _BadRequest("answer needs 'choice' (one of the pending decision's options)")
        game.answer(request.get("player"), request["choice"])
        return {"state": engine.state(game)}

    def on_state(self, request: dict) -> dict[str, Any]:
        return {"state": engine.state(self._game())}

    def on_quit(self, request: dict) -> dict[str, Any]:
        self.done = True
        return {}

    def _game(self) -> Any:
        if self.game is None:
            raise engine.IllegalAction("no_game", "no game: send 'setup' first")
        return self.game


class _BadRequest(Exception):
    pass


def _error(rid: Any, code: str, message: str) -> dict[str, Any]:
    return {"id": rid, "ok": False, "error": {"code": code, "message": message}}


def protocol_streams() -> tuple[IO[bytes], IO[bytes]]:
    """(requests in, replies out). Takes stdout away from everything else: file descriptor 1 and
    `sys.stdout` now write to stderr, the replies go to a private duplicate of the original stdout."""
    sys.stdout.flush()
    out_fd = os.dup(1)
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    return sys.stdin.buffer, os.fdopen(out_fd, "wb", buffering=0)


def serve(server: Server, requests: IO[bytes] | None = None, replies: IO[bytes] | None = None) -> int:
    """Answer requests until `quit` or the end of the input. Returns the exit code."""
    if requests is None or replies is None:
        requests, replies = protocol_streams()
    for raw in requests:
        line = raw.decode("utf-8", errors="replace").strip()
        if not line:
            continue
        reply = server.handle(line)
        replies.write(json.dumps(reply, ensure_ascii=False, separators=(",", ":")).encode("utf-8") + b"\n")
        replies.flush()
        if server.done:
            break
    return 0


def main(argv: list[str] | None = None, server: Server | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args and args[0] in ("-h", "--help"):
        sys.stderr.write((__doc__ or "") + "\noptions: --reading GROUP=READING (repeatable): play another reading "
                         f"where the text admits several; groups: {engine.READINGS}\n")
        return 0
    readings: dict[str, str] = {}
    while args:
        if args[0] != "--reading" or len(args) < 2 or "=" not in args[1]:
            sys.stderr.write(f"engine.serve: unknown argument {args[0]!r}; expected --reading GROUP=READING\n")
            return 2
        group, _, value = args[1].partition("=")
        readings[group] = value
        args = args[2:]
    problems = engine.readings_problems(readings)
    if problems:
        sys.stderr.write("engine.serve: " + "; ".join(problems) + "\n")
        return 2
    return serve(server or Server(readings=readings))


if __name__ == "__main__":
    sys.exit(main())
