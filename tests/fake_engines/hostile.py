"""A fake engine for process faults the harness must survive (argv[1] is the mode):

    deaf        says hello, then never reads its stdin again (a big setup fills the pipe)
    flood       says hello; on setup writes megabytes to stderr without a newline and never answers
    surrogate   serves like the reference engine, but its states name the first card "\ud800" (a lone
                surrogate, valid JSON text that no UTF-8 file can hold)
    close-stdin reads hello, closes its stdin, answers hello, then waits (it reads no more requests)
    version-nl  says hello with the protocol "1.0.0\n" (a version with a trailing newline)
    escapes     says hello with a name full of terminal escapes (ESC, OSC, NUL, C1) and refuses every setup
                with such a message
    orphan      starts a child (`sleep`, holding stdout and stderr) in its own session, then serves like
                the reference engine; with `crash` as argv[2] it dies on the first `act`

The child's command line carries HOSTILE_MARK (argv of `sleep`), so a test can look for it afterwards.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

MODE = sys.argv[1] if len(sys.argv) > 1 else "deaf"
EVIL = "\x1b]0;pwned\x07\x1b[2J\x00\x9b31m\u202e"
HELLO = {"ok": True, "protocol": "1.0.0",
         "engine": {"name": f"hostile-{MODE}" + (EVIL if MODE == "escapes" else ""), "version": "1"},
         "capabilities": {"editions": ["classic", "heroes"], "features": ["inline_cards"]}}


def main() -> int:
    if MODE in ("orphan", "surrogate"):
        if MODE == "orphan":
            mark = os.environ.get("HOSTILE_MARK", "987.25")
            subprocess.Popen(["sleep", mark], start_new_session=True)     # inherits stdout and stderr
        from engine.serve import Server, protocol_streams

        requests, out = protocol_streams()
        server = Server()
        for raw in requests:
            line = raw.decode().strip()
            if not line:
                continue
            if len(sys.argv) > 2 and sys.argv[2] == "crash" and json.loads(line).get("request") == "act":
                os._exit(70)
            reply = server.handle(line)
            if MODE == "surrogate" and isinstance(reply.get("state"), dict) and reply["state"].get("cards"):
                reply["state"]["cards"][0]["name"] = "\ud800"
            out.write(json.dumps(reply).encode() + b"\n")
            out.flush()
            if server.done:
                break
        return 0
    first = sys.stdin.buffer.readline()
    rid = json.loads(first)["id"]
    if MODE == "close-stdin":
        os.close(0)
    hello = {**HELLO, "protocol": "1.0.0\n"} if MODE == "version-nl" else HELLO
    if MODE == "escapes":                 # declares what the reference engine does: every scenario is tried
        from engine.serve import Server

        hello = {**HELLO, "capabilities": Server().capabilities()}
    sys.stdout.write(json.dumps({"id": rid, **hello}) + "\n")
    sys.stdout.flush()
    if MODE in ("close-stdin", "version-nl"):
        time.sleep(600)
    if MODE == "escapes":
        for raw in sys.stdin.buffer:
            request = json.loads(raw)
            if request.get("request") == "quit":
                sys.stdout.write(json.dumps({"id": request["id"], "ok": True}) + "\n")
                sys.stdout.flush()
                break
            error = {"code": "illegal_action", "message": "refused " + EVIL}
            sys.stdout.write(json.dumps({"id": request["id"], "ok": False, "error": error}) + "\n")
            sys.stdout.flush()
    if MODE == "deaf":
        time.sleep(600)
    if MODE == "flood":
        sys.stdin.buffer.readline()
        chunk = b"x" * (1 << 20)
        for _ in range(200):                 # 200 MB of stderr without a newline
            try:
                os.write(2, chunk)
            except OSError:
                break
        time.sleep(600)
    return 0


if __name__ == "__main__":
    sys.exit(main())
