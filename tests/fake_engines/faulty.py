"""A fake engine that speaks the protocol like the reference engine except for one fault (argv[1]):

    reference       no fault at all
    crash-start     exits with code 3 before reading anything (a message on stderr first)
    crash-mid       dies (exit code 70, a traceback on stderr) on the first `act`
    hang            never answers the first `act`
    garbage         answers `setup` with a line that is not JSON
    wrong-schema    answers `setup` with a state of the wrong shape
    wrong-version   says hello with protocol 2.0.0
    noise           prints a debug line on stdout before its reply to `setup`
    huge            answers `setup` with a 5 MB line
    refuse          refuses every request but hello and quit (code illegal_action)
    wrong-id        answers `setup` with another request's id
    internal        answers `act` with internal_error
    unsupported     answers `setup` with unsupported
    no-inline       declares no optional feature (so no inline test cards)
    no-editions     declares no edition
    slow            waits FAKE_ENGINE_DELAY seconds (default 0.3) before every reply but hello
    slow-start      waits FAKE_ENGINE_DELAY seconds (default 0.3) before reading anything (a slow start-up)
    by-board        takes the fault, at each setup, from the board's first card id `x-<fault>`
                    (one run of a fixture suite then shows every fault, scenario after scenario)

Environment: FAKE_ENGINE_LOG=file appends "pid" to the file at start (to count restarts);
FAKE_ENGINE_FEATURES=a,b declares these features (empty: none) instead of the reference engine's;
FAKE_ENGINE_READINGS='{"group": "reading"}' declares these readings (empty: no `readings` at all);
FAKE_ENGINE_ONCE=file makes the fault happen only while the file does not exist (it is created when the
fault happens), so the engine behaves after its restart.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

from engine.serve import Server, protocol_streams

MODE = sys.argv[1] if len(sys.argv) > 1 else "reference"
ONCE = os.environ.get("FAKE_ENGINE_ONCE")


def fault_now() -> bool:
    if ONCE is None:
        return True
    marker = Path(ONCE)
    if marker.exists():
        return False
    marker.write_text(MODE)
    return True


class Capabilities(Server):
    def capabilities(self) -> dict[str, list[str]]:
        caps = super().capabilities()
        if MODE == "no-inline":
            caps["features"] = []
        if "FAKE_ENGINE_FEATURES" in os.environ:
            caps["features"] = [f for f in os.environ["FAKE_ENGINE_FEATURES"].split(",") if f]
        if MODE == "no-editions":
            caps["editions"] = []
        if "FAKE_ENGINE_READINGS" in os.environ:
            caps.pop("readings", None)
            if os.environ["FAKE_ENGINE_READINGS"]:
                caps["readings"] = json.loads(os.environ["FAKE_ENGINE_READINGS"])
        return caps


def main() -> int:
    if os.environ.get("FAKE_ENGINE_LOG"):
        with open(os.environ["FAKE_ENGINE_LOG"], "a", encoding="utf-8") as f:
            f.write(f"{os.getpid()}\n")
    if MODE == "crash-start" and fault_now():
        sys.stderr.write("fake engine: cannot load the card database\n")
        sys.stderr.flush()
        return 3
    if MODE == "slow-start":
        time.sleep(float(os.environ.get("FAKE_ENGINE_DELAY", "0.3")))
    requests, out = protocol_streams()
    server = Capabilities()
    mode = MODE

    def send(obj: object) -> None:
        out.write(json.dumps(obj, ensure_ascii=False).encode() + b"\n")

    for raw in requests:
        line = raw.decode().strip()
        if not line:
            continue
        request = json.loads(line)
        kind, rid = request.get("request"), request.get("id")
        if MODE == "by-board" and kind == "setup":
            first = (request.get("board", {}).get("cards") or [{}])[0].get("id", "")
            mode = first[2:] if first.startswith("x-") else "reference"
        print(f"fake engine ({mode}): got {kind}")        # goes to stderr: engine.serve guards stdout
        if mode == "wrong-version" and kind == "hello" and fault_now():
            send({"id": rid, "ok": True, "protocol": "2.0.0", "engine": {"name": "fake", "version": "9"},
                  "capabilities": server.capabilities()})
            continue
        if mode == "refuse" and kind not in ("hello", "quit"):
            send({"id": rid, "ok": False, "error": {"code": "illegal_action",
                                                    "message": "this engine refuses everything"}})
            continue
        if kind == "act" and mode in ("crash-mid", "hang", "internal") and fault_now():
            if mode == "crash-mid":
                sys.stderr.write("Traceback (most recent call last):\n  File \"fake.py\", line 1\n"
                                 "RuntimeError: boom in act\n")
                sys.stderr.flush()
                os._exit(70)
            if mode == "hang":
                time.sleep(3600)
            send({"id": rid, "ok": False, "error": {"code": "internal_error", "message": "KeyError: 'x'"}})
            continue
        if kind == "setup" and mode in ("garbage", "wrong-schema", "noise", "huge", "wrong-id",
                                        "unsupported") and fault_now():
            if mode == "garbage":
                out.write(b"this is not json\n")
                continue
            if mode == "wrong-schema":
                send({"id": rid, "ok": True, "state": {"cards": "nope", "turn": "three"}})
                continue
            if mode == "huge":
                out.write(b'{"id": %d, "ok": true, "state": {"padding": "' % rid + b"x" * 5_000_000 + b'"}}\n')
                continue
            if mode == "wrong-id":
                reply = server.handle(line)
                reply["id"] = rid + 1000
                send(reply)
                continue
            if mode == "unsupported":
                send({"id": rid, "ok": False, "error": {"code": "unsupported",
                                                        "message": "this engine implements no card yet"}})
                continue
            out.write(b"debug: setting up the board\n")           # noise, then the real reply
        if mode == "slow" and kind != "hello":
            time.sleep(float(os.environ.get("FAKE_ENGINE_DELAY", "0.3")))
        reply = server.handle(line)
        send(reply)
        if server.done:
            break
    return 0


if __name__ == "__main__":
    sys.exit(main())
