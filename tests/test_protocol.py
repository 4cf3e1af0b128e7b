"""The JSON-lines protocol: its schemas, the reference engine behind it (`python -m engine.serve`), the
subprocess adapter, the document, and the whole suite run both ways with the same results."""

from __future__ import annotations

import ast
import copy
import json
import re
import subprocess
import sys
from pathlib import Path

import jsonschema
from fake_engines.suite import REFERENCE_CMD, REPO, run_check

import engine
from engine.serve import FEATURES, Server
from engine.serve import PROTOCOL_VERSION as SERVE_VERSION
from harness.engines import protocol
from harness.engines.adapters import EngineRefused, InProcessAdapter
from harness.engines.protocol import SCHEMA_DIR, SubprocessAdapter, make_request, problems
from harness.quality.differential import Engines, moves, play, scenario_boards

DOC = REPO / "docs" / "PROTOCOL.md"
BOARDS = scenario_boards()
REQUEST_KINDS = ("hello", "setup", "act", "answer", "state", "quit")


def served() -> SubprocessAdapter:
    return SubprocessAdapter([sys.executable, "-m", "engine.serve"], request_timeout=10)


# ------------------------------------------------------------------------------------------ schemas
def test_every_schema_is_a_valid_json_schema_with_its_own_id() -> None:
    files = sorted(SCHEMA_DIR.glob("*.schema.json"))
    names = {f.name.removesuffix(".schema.json") for f in files}
    assert {f"{k}-request" for k in REQUEST_KINDS} <= names
    assert {"hello-response", "state-response", "quit-response", "error-response", "canonical-state"} <= names
    for f in files:
        schema = json.loads(f.read_text("utf-8"))
        jsonschema.Draft202012Validator.check_schema(schema)
        assert schema["$id"].endswith(f"/protocol/{f.name}")
        problems(f.name.removesuffix(".schema.json"), {})          # every $ref resolves


def test_versions_agree() -> None:
    from harness.run import pytest_plugin

    assert SERVE_VERSION == protocol.PROTOCOL_VERSION == pytest_plugin.PROTOCOL_VERSION
    assert re.fullmatch(protocol.schema("common")["$defs"]["semver"]["pattern"], protocol.PROTOCOL_VERSION)
    assert protocol.major("0.1.0") == 0 and protocol.major("12.0.1") == 12 and protocol.major("x") is None


def test_requests_the_adapter_sends_follow_the_schemas(monkeypatch) -> None:
    sent: list[dict] = []
    original = protocol.EngineProcess.send

    def spy(self, line: bytes, *args) -> None:
        sent.append(json.loads(line))
        original(self, line, *args)

    monkeypatch.setattr(protocol.EngineProcess, "send", spy)
    a = served()
    try:
        for board, definitions in BOARDS.values():
            state = a.setup(board, definitions)
            for i in range(10):
                options = moves(state)
                if not options:
                    break
                move = options[i % len(options)]
                try:
                    state = a.act(move.player, move.value) if move.kind == "act" else a.answer(move.player, move.value)
                except EngineRefused:
                    pass
            a.state()
    finally:
        a.shutdown()
    assert {r["request"] for r in sent} == set(REQUEST_KINDS)
    validator = jsonschema.Draft202012Validator(protocol.schema("request"), registry=protocol._registry())
    for request in sent:
        errors = [e.message for e in validator.iter_errors(request)]
        assert not errors, (request["request"], errors[:3])


def _states(limit_per_board: int = 12) -> list[dict]:
    """Canonical states of the reference engine along short plays from every board."""
    out = []
    a = InProcessAdapter()
    for board, definitions in BOARDS.values():
        state = a.setup(board, definitions)
        out.append(state)
        for i in range(limit_per_board):
            options = moves(state)
            if not options:
                break
            m = options[i % len(options)]
            try:
                state = a.act(m.player, m.value) if m.kind == "act" else a.answer(m.player, m.value)
                out.append(state)
            except EngineRefused:
                continue
    return out


def _corruptions(state: dict):
    """Broken copies of a state: a documented key missing, or of the wrong type."""
    def broken(path: tuple, how: str):
        s = copy.deepcopy(state)
        node = s
        for p in path[:-1]:
            node = node[p]
        if how == "drop":
            del node[path[-1]]
        else:
            node[path[-1]] = {"str": 7, "int": "7", "bool": 1, "list": {}, "obj": []}[how]
        return s

    for key, value in state.items():
        yield broken((key,), "drop")
        kind = ("bool" if isinstance(value, bool) else "int" if isinstance(value, int) else "str"
                if isinstance(value, str) else "list" if isinstance(value, list) else "obj" if isinstance(value, dict)
                else None)
        if kind:
            yield broken((key,), kind)
    for section in ("cards", "history", "stack", "effects"):
        if state.get(section):
            for key, value in state[section][0].items():
                yield broken((section, 0, key), "drop")
                if isinstance(value, bool):
                    yield broken((section, 0, key), "bool")
                elif isinstance(value, int):
                    yield broken((section, 0, key), "int")
                elif isinstance(value, str):
                    yield broken((section, 0, key), "str")


def test_reference_states_follow_the_state_schema_and_the_fast_checker_agrees_with_jsonschema() -> None:
    states = _states()
    assert len(states) > len(BOARDS)
    fast = protocol._fast_checker("state-response")
    full = protocol._validator("state-response")
    assert fast is not None
    for state in states:
        message = {"id": 1, "ok": True, "state": state}
        assert problems("state-response", message) == []
        assert fast(message)
    broken = 0
    for state in states[:: max(1, len(states) // 8)]:
        for bad in _corruptions(state):
            message = {"id": 1, "ok": True, "state": bad}
            assert fast(message) == full.is_valid(message), problems("state-response", message)
            broken += not full.is_valid(message)
    assert broken > 50


def test_the_state_schema_allows_growth() -> None:
    state = _states(1)[0]
    grown = copy.deepcopy(state)
    grown["new_top_level_key"] = [1, 2]
    grown["cards"][0]["a_new_card_field"] = {"x": 1}
    grown["history"][0]["info"]["anything"] = [None]
    grown["history"][0]["kind"] = "a_kind_nobody_knows_yet"
    assert problems("canonical-state", grown) == []
    del grown["cards"][0]["controller"]
    assert problems("canonical-state", grown) == ["cards[0]: missing key(s) controller"]


# ------------------------------------------------------------------------------------------ engine.serve
def test_engine_serve_uses_only_the_public_api_and_never_harness() -> None:
    tree = ast.parse((REPO / "engine" / "serve.py").read_text("utf-8"))
    imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)} | \
        {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    assert not any(m and m.startswith("harness") for m in imported)
    assert not any(m and m.startswith("engine.") for m in imported)       # the package's public face only
    out = subprocess.run([sys.executable, "-c", "import sys, engine.serve; "
                          "print(sorted(m for m in sys.modules if m.split('.')[0] == 'harness'))"],
                         capture_output=True, text=True, cwd=REPO)
    assert out.stdout.strip() == "[]"


def _handle(server: Server, request: dict | str) -> dict:
    return server.handle(request if isinstance(request, str) else json.dumps(request, ensure_ascii=False))


def test_serve_answers_and_refuses_with_codes() -> None:
    s = Server()
    name, (board, definitions) = next(iter(BOARDS.items()))
    assert _handle(s, "not json")["error"]["code"] == "bad_request"
    assert _handle(s, "not json")["id"] is None
    assert _handle(s, {"id": 1, "request": "dance"})["error"]["code"] == "bad_request"
    assert _handle(s, {"id": 2, "request": "state"})["error"] == {"code": "no_game",
                                                                 "message": "no game: send 'setup' first"}
    hello = _handle(s, make_request("hello", 3, protocol="1.0.0"))
    assert problems("hello-response", hello) == [] and hello["id"] == 3
    assert hello["capabilities"] == {"editions": sorted(engine.EDITIONS), "features": FEATURES,
                                    "readings": engine.default_readings()}
    bad = _handle(s, make_request("setup", 4, board={"edition": "chess", "cards": []}, definitions={}))
    assert bad["error"]["code"] == "bad_setup" and problems("error-response", bad) == []
    ok = _handle(s, make_request("setup", 5, board=board, definitions=definitions))
    assert problems("state-response", ok) == []
    refused = _handle(s, make_request("act", 6, player="nobody", action={"type": "pass"}))
    assert refused["error"]["code"] == "unknown_player" and refused["id"] == 6
    assert _handle(s, make_request("act", 7, player="А", action="pass"))["error"]["code"] == "bad_request"
    assert _handle(s, make_request("answer", 8, player="А"))["error"]["code"] == "bad_request"
    assert _handle(s, make_request("quit", 9)) == {"id": 9, "ok": True} and s.done


def test_serve_reports_an_engine_bug_as_internal_error(capsys) -> None:
    class Broken(Server):
        def on_state(self, request: dict) -> dict:
            raise KeyError("oops")

    reply = _handle(Broken(), make_request("state", 1))
    assert reply["error"]["code"] == "internal_error" and "KeyError" in reply["error"]["message"]
    assert "Traceback" in capsys.readouterr().err


def test_a_stray_print_in_the_engine_never_reaches_stdout() -> None:
    code = ("import os, sys\n"
            "from engine.serve import Server, serve\n"
            "class Chatty(Server):\n"
            "    def on_hello(self, request):\n"
            "        print('a stray print')\n"
            "        os.write(1, b'a stray write to fd 1\\n')\n"
            "        return super().on_hello(request)\n"
            "sys.exit(serve(Chatty()))\n")
    requests = "\n".join(json.dumps(make_request(k, i)) for i, k in enumerate(["hello", "state", "quit"])) + "\n"
    out = subprocess.run([sys.executable, "-c", code], input=requests, capture_output=True, text=True,
                         cwd=REPO, timeout=30)
    assert out.returncode == 0
    lines = out.stdout.splitlines()
    assert [json.loads(ln)["id"] for ln in lines] == [0, 1, 2]
    assert "a stray print" in out.stderr and "a stray write to fd 1" in out.stderr


def test_serve_exits_at_the_end_of_its_input() -> None:
    out = subprocess.run([sys.executable, "-m", "engine.serve"], input="", capture_output=True, text=True,
                         cwd=REPO, timeout=30)
    assert out.returncode == 0 and out.stdout == ""


# ------------------------------------------------------------------------------------------ adapter parity
def test_the_adapters_agree_on_every_board() -> None:
    """The same calls in process and over the protocol: the same states and refusals."""
    a = SubprocessAdapter([sys.executable, "-m", "engine.serve"], request_timeout=10, reuse=True)
    engines = Engines(InProcessAdapter(), a, ("in-process", "protocol"))
    try:
        for name, (board, definitions) in BOARDS.items():
            for script in ([0] * 8, [1, 2, 3, 0, 1, 2, 3, 0], [5, 4, 3, 2, 1, 0, 7, 7]):
                divergence = play(engines, name, board, definitions, script)
                assert divergence is None, divergence.report()
        assert a.starts == 1                                           # one process for all of it
        assert a.name == engine.ENGINE_NAME and a.version == engine.ENGINE_VERSION
    finally:
        a.shutdown()


# ------------------------------------------------------------------------------------------ the document
def test_the_document_covers_the_protocol() -> None:
    text = DOC.read_text("utf-8")
    for kind in REQUEST_KINDS:
        assert f'"request":"{kind}"' in text.replace(" ", ""), kind
    for f in SCHEMA_DIR.glob("*.schema.json"):
        assert f.name in text, f.name
    for word in ("bad_request", "internal_error", "unsupported", "illegal_choice", "inline_cards",
                 "--start-timeout", "--request-timeout", "--scenario-timeout", "--expectations", "--update-expectations",
                 "CRASH", "TIMEOUT", "SKIP", "ERROR", "stderr", "UTF-8", str(protocol.MAX_REPLY_BYTES)):
        assert word in text, word


def test_the_documents_examples_follow_the_schemas() -> None:
    """Every `→`/`←` line of the document's transcripts is a valid request / response."""
    text = DOC.read_text("utf-8")
    pending: str | None = None
    checked = 0
    for line in text.splitlines():
        if line.startswith("→ "):
            if "…" in line:                 # an abridged request
                continue
            request = json.loads(line[2:])
            validator = jsonschema.Draft202012Validator(protocol.schema("request"), registry=protocol._registry())
            assert not list(validator.iter_errors(request)), line
            pending = request["request"]
            checked += 1
        elif line.startswith("← "):
            body = line[2:]
            if "…" in body:                 # an abridged state
                continue
            reply = json.loads(body)
            name = protocol.RESPONSE_SCHEMA[pending] if reply["ok"] else "error-response"
            assert problems(name, reply) == [], line
            checked += 1
    assert checked >= 10
    block = re.search(r"```json\n(\{\n  \"edition\".*?)\n```", text, re.S)
    assert block, "the document shows a whole canonical state"
    assert problems("canonical-state", json.loads(block.group(1))) == []


# ------------------------------------------------------------------------------------------ both ways
def test_the_whole_suite_gives_the_same_results_in_process_and_over_the_protocol(tmp_path: Path,
                                                                                reference_check) -> None:
    """`berserk-rules check` (the session's `reference_check`) and `berserk-rules check --engine-cmd "python -m
    engine.serve"`: the same status for every scenario, and the same canonical state after every step (from
    --trace-dir)."""
    exp = str(REPO / "expectations" / "reference.yaml")
    one = reference_check
    two = run_check(REPO, "--expectations", exp, "--trace-dir", str(tmp_path / "t2"), "--engine-cmd", REFERENCE_CMD,
                    report_dir=tmp_path / "r2", timeout=600)
    assert one.results and two.results, one.err + two.err
    assert one.statuses() == two.statuses()
    assert len(one.statuses()) == len(one.results["results"]) > 0
    assert two.results["run"]["engine"] == engine.ENGINE_NAME
    # every fork covered the same alternatives by either route: the search in-process, the replay over the
    # protocol (a process cannot be cloned)
    forks = [{r["scenario"]: r.get("fork") for r in run.results["results"] if r.get("fork")} for run in (one, two)]
    assert forks[0] and set(forks[0]) == set(forks[1])
    for sid, fork in forks[0].items():
        other = forks[1][sid]
        assert (fork["route"], other["route"]) == ("search", "replay"), sid
        assert [fork[k] for k in ("kind", "items", "orders")] == [other[k] for k in ("kind", "items", "orders")], sid
    traces = sorted((one.report_dir.parent / "traces").glob("*.json"))     # reference_check's --trace-dir
    assert len(traces) == len(one.statuses())
    for t1 in traces:
        a = json.loads(t1.read_text("utf-8"))
        b = json.loads((tmp_path / "t2" / t1.name).read_text("utf-8"))
        assert [s["text"] for s in a["steps"]] == [s["text"] for s in b["steps"]], a["scenario"]
        for sa, sb in zip(a["steps"], b["steps"], strict=True):
            assert sa["state"] == sb["state"], f"{a['scenario']}: the states differ after «{sa['text']}»"
