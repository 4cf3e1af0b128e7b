"""The hostile-input corpus, beyond tests/bad_inputs/: the command line, engine replies and process faults.

Every case has its expected outcome (an exact message, or a status and a fragment), and together with
tests/bad_inputs/expected.yaml the corpus holds at least 150 distinct inputs. For each: no traceback, no
hang (every case runs under a time limit), no green where something was wrong.

- CLI        each bad value of a command-line option, parsed by the real parser: exit 2 and one line
- REPLIES    each bad reply of an engine to `setup`, fed to the real adapter through a stand-in for the
             process (no process is started: fast): the status and the message
- processes  engines that hold their pipes open through a child, stop reading, flood stderr
"""

from __future__ import annotations

import json
import os
import queue
import resource
import shlex
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from harness import cli
from harness.engines.adapters import EngineFault, EngineRefused
from harness.engines.protocol import SubprocessAdapter

HERE = Path(__file__).resolve().parent
HOSTILE = HERE / "fake_engines" / "hostile.py"
PY = shlex.quote(sys.executable)

BOARD = {"edition": "classic", "turn": 1, "active": "А", "players": ["А", "Б"], "step": "main",
         "cards": [{"id": "g", "card": "Гоблин", "owner": "А", "cell": "c3"},
                   {"id": "o", "card": "Орк", "owner": "Б", "cell": "c4"}], "effects": []}
DEFS = {"Гоблин": {"name": "Гоблин", "edition": "classic", "type": "creature", "lives": 4, "strike": [1, 2, 3]},
        "Орк": {"name": "Орк", "edition": "classic", "type": "creature", "lives": 5, "strike": [2, 3, 4]}}


# ------------------------------------------------------------------------------------------ the command line
def _fifo(tmp: Path) -> str:
    path = tmp / "fifo"
    if not path.exists():
        os.mkfifo(path)
    return str(path)


def _file(tmp: Path) -> str:
    path = tmp / "a-file.txt"
    path.write_text("x", "utf-8")
    return str(path)


def _dir(tmp: Path) -> str:
    (tmp / "a-folder").mkdir(exist_ok=True)
    return str(tmp / "a-folder")


# (argv with {file}/{dir}/{fifo}/{missing} placeholders, the error after "argument …: ")
CLI = [
    (["check", "--request-timeout", "nan"], "argument --request-timeout: expected a finite number of seconds > 0, got 'nan'"),
    (["check", "--request-timeout", "inf"], "argument --request-timeout: expected a finite number of seconds > 0, got 'inf'"),
    (["check", "--request-timeout=-inf"], "argument --request-timeout: expected a finite number of seconds > 0, got '-inf'"),
    (["check", "--request-timeout", "0"], "argument --request-timeout: expected a finite number of seconds > 0, got '0'"),
    (["check", "--request-timeout", "-1"], "argument --request-timeout: expected a finite number of seconds > 0, got '-1'"),
    (["check", "--request-timeout", "ten"], "argument --request-timeout: expected a finite number of seconds > 0, got 'ten'"),
    (["check", "--request-timeout", ""], "argument --request-timeout: expected a finite number of seconds > 0, got ''"),
    (["check", "--start-timeout", "NaN"], "argument --start-timeout: expected a finite number of seconds > 0, got 'NaN'"),
    (["check", "--start-timeout", "0"], "argument --start-timeout: expected a finite number of seconds > 0, got '0'"),
    (["check", "--scenario-timeout", "-5"], "argument --scenario-timeout: expected a finite number of seconds ≥ 0 (0: no limit), got '-5'"),
    (["check", "--scenario-timeout", "nan"], "argument --scenario-timeout: expected a finite number of seconds ≥ 0 (0: no limit), got 'nan'"),
    (["check", "--scenario-timeout", "1e999"], "argument --scenario-timeout: expected a finite number of seconds ≥ 0 (0: no limit), got '1e999'"),
    (["check", "--engine-cmd", ""], "argument --engine-cmd: expected a command that starts the engine, got an empty command line"),
    (["check", "--engine-cmd", "   "], "argument --engine-cmd: expected a command that starts the engine, got an empty command line"),
    (["check", "--engine-cmd", '"my engine'], "argument --engine-cmd: cannot split the command line '\"my engine' like a shell: No closing quotation"),
    (["check", "--engine-cmd", "it's"], "argument --engine-cmd: cannot split the command line \"it's\" like a shell: No closing quotation"),
    (["check", "--expectations", "/dev/zero"], "argument --expectations: /dev/zero is a device: expected a regular file"),
    (["check", "--expectations", "{missing}"], "argument --expectations: no such file: {missing}"),
    (["check", "--expectations", "{dir}"], "argument --expectations: {dir} is a folder: expected a regular file"),
    (["check", "--expectations", "{fifo}"], "argument --expectations: {fifo} is a pipe: expected a regular file"),
    (["check", "--report-dir", "{file}"], "argument --report-dir: {file} is a file: expected a folder"),
    (["check", "--report-dir", "{file}/reports"], "argument --report-dir: {file}/reports is under {file}, which is a file: expected a folder"),
    (["check", "--report-dir", "/dev/null"], "argument --report-dir: /dev/null is a device: expected a folder"),
    (["check", "--report-dir", "{fifo}"], "argument --report-dir: {fifo} is a pipe: expected a folder"),
    (["check", "--report-dir", ""], "argument --report-dir: expected a folder, got an empty path"),
    (["check", "--trace-dir", "{file}"], "argument --trace-dir: {file} is a file: expected a folder"),
    (["check", "--trace-dir", "{file}/x/y"], "argument --trace-dir: {file}/x/y is under {file}, which is a file: expected a folder"),
    (["check", "--update-expectations", "{dir}"], "argument --update-expectations: {dir} is a folder: expected a regular file (it is replaced atomically)"),
    (["check", "--update-expectations", "{fifo}"], "argument --update-expectations: {fifo} is a pipe: expected a regular file (it is replaced atomically)"),
    (["check", "--update-expectations", "/dev/null"], "argument --update-expectations: /dev/null is a device: expected a regular file (it is replaced atomically)"),
    (["check", "--update-expectations", "{file}/x.yaml"], "argument --update-expectations: {file} is a file: expected a folder"),
    (["coverage", "--results", "{missing}"], "argument --results: no such file: {missing}"),
    (["coverage", "--results", "{dir}"], "argument --results: {dir} is a folder: expected a regular file"),
    (["coverage", "--results", "/dev/zero"], "argument --results: /dev/zero is a device: expected a regular file"),
    (["expectations", "--results", "{missing}", "--out", "{missing}.yaml"], "argument --results: no such file: {missing}"),
    (["expectations", "--results", "{file}", "--out", "{dir}"], "argument --out: {dir} is a folder: expected a regular file (it is replaced atomically)"),
    (["expectations", "--results", "{file}", "--out", "{fifo}"], "argument --out: {fifo} is a pipe: expected a regular file (it is replaced atomically)"),
    (["expectations", "--results", "{file}", "--out", "/dev/null"], "argument --out: /dev/null is a device: expected a regular file (it is replaced atomically)"),
    (["compare", "--engine-cmd", '"x', ], "argument --engine-cmd: cannot split the command line '\"x' like a shell: No closing quotation"),
    (["compare", "--engine-cmd", ""], "argument --engine-cmd: expected a command that starts the engine, got an empty command line"),
    (["compare", "--engine-cmd", "x", "--reference-cmd", "'"], "argument --reference-cmd: cannot split the command line \"'\" like a shell: No closing quotation"),
    (["compare", "--engine-cmd", "x", "--examples", "0"], "argument --examples: expected a whole number ≥ 1, got '0'"),
    (["compare", "--engine-cmd", "x", "--examples", "-3"], "argument --examples: expected a whole number ≥ 1, got '-3'"),
    (["compare", "--engine-cmd", "x", "--examples", "many"], "argument --examples: expected a whole number ≥ 1, got 'many'"),
    (["compare", "--engine-cmd", "x", "--moves", "0"], "argument --moves: expected a whole number ≥ 1, got '0'"),
    (["compare", "--engine-cmd", "x", "--request-timeout", "nan"], "argument --request-timeout: expected a finite number of seconds > 0, got 'nan'"),
    (["bench", "--orders", "-1"], "argument --orders: expected a whole number ≥ 1, got '-1'"),
    (["bench", "--orders", "0"], "argument --orders: expected a whole number ≥ 1, got '0'"),
    (["bench", "--orders", "1e3"], "argument --orders: expected a whole number ≥ 1, got '1e3'"),
    (["bench", "--orders", "9" * 5000], "argument --orders: expected a whole number ≥ 1, got '99999999999999999999'"),
    (["mutants", "--jobs", "0"], "argument --jobs: expected a whole number ≥ 1, got '0'"),
    (["mutants", "--jobs", "-2"], "argument --jobs: expected a whole number ≥ 1, got '-2'"),
    (["site", "--results", "{missing}"], "argument --results: no such file: {missing}"),
]


def _fill(text: str, tmp: Path) -> str:
    return text.format(file=_file(tmp) if "{file}" in text else "", dir=_dir(tmp) if "{dir}" in text else "",
                       fifo=_fifo(tmp) if "{fifo}" in text else "", missing=str(tmp / "missing.json"))


@pytest.mark.parametrize("argv,error", CLI, ids=[" ".join(a)[:60] for a, _ in CLI])
def test_a_bad_command_line_value_is_refused_in_one_line(argv: list[str], error: str, tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    argv = [_fill(a, tmp_path) for a in argv]
    with pytest.raises(SystemExit) as info:
        cli.build_parser().parse_args(argv)
    assert info.value.code == 2
    last = capsys.readouterr().err.strip().splitlines()[-1]
    assert last == f"berserk-rules {argv[0]}: error: {_fill(error, tmp_path)}"


def test_nothing_was_written_over_a_device_or_a_pipe(tmp_path: Path) -> None:
    fifo = _fifo(tmp_path)
    with pytest.raises(SystemExit):
        cli.build_parser().parse_args(["expectations", "--results", _file(tmp_path), "--out", fifo])
    assert Path(fifo).is_fifo() and sorted(p.name for p in tmp_path.iterdir()) == ["a-file.txt", "fifo"]


# ------------------------------------------------------------------------------------------ engine replies
def _state() -> dict[str, Any]:
    return engine.state(engine.new_game(BOARD, DEFS))


def _ok(state: Any = None) -> str:
    return json.dumps({"id": "__ID__", "ok": True, "state": _state() if state is None else state})


def _with(path: str, raw_value: str) -> str:
    """A valid setup reply whose value at `path` (dotted, list indices as numbers) is the raw JSON text."""
    state = _state()
    node: Any = state
    *parents, last = path.split(".")
    for p in parents:
        node = node[int(p)] if isinstance(node, list) else node[p]
    key: Any = int(last) if isinstance(node, list) else last
    node[key] = "__RAW__"
    return _ok(state).replace('"__RAW__"', raw_value)


def _refusal(code: str, message: str, rid: str = '"__ID__"') -> str:
    return '{"id": ' + rid + ', "ok": false, "error": {"code": "' + code + '", "message": ' + message + "}}"


# name → (reply line, status or "ok", fragment of the message)
REPLIES: dict[str, tuple[str | bytes, str, str]] = {
    "valid": (_ok(), "ok", ""),
    "valid-crlf": (_ok() + "\r", "ok", ""),
    "control-characters-in-a-name": (_with("cards.0.name", '"\\u001b[31mГоблин\\u0007"'), "ok", ""),
    "surrogate-in-a-name": (_with("cards.0.name", '"\\ud800"'), "ERROR", "cards[0].name: a lone surrogate"),
    "low-surrogate-in-a-name": (_with("cards.0.name", '"x\\udfff"'), "ERROR", "a lone surrogate"),
    "surrogate-in-the-step": (_with("step", '"\\udc80"'), "ERROR", "a lone surrogate"),
    "surrogate-in-history-info": (_with("history.0.info", '{"k": "\\ud83d"}'), "ERROR", "a lone surrogate"),
    "surrogate-in-a-key": (_with("history.0.info", '{"\\ud800": 1}'), "ERROR", "(a key): a lone surrogate"),
    "surrogate-in-a-refusal": (_refusal("illegal_action", '"\\ud800"'), "ERROR", "a lone surrogate"),
    "pair-of-surrogates-is-fine": (_with("cards.0.name", '"\\ud83d\\ude00"'), "ok", ""),
    "nan-turn": (_with("turn", "NaN"), "ERROR", "NaN is not a JSON number"),
    "infinity-wounds": (_with("cards.0.wounds", "Infinity"), "ERROR", "Infinity is not a JSON number"),
    "minus-infinity-lives": (_with("cards.1.lives", "-Infinity"), "ERROR", "-Infinity is not a JSON number"),
    "nan-in-history-info": (_with("history.0.info", '{"x": NaN}'), "ERROR", "NaN is not a JSON number"),
    "float-overflow": (_with("turn", "1e400"), "ERROR", "1e400 is too large for a 64-bit float"),
    "negative-float-overflow": (_with("history.0.info", '{"x": -1e999}'), "ERROR", "too large for a 64-bit float"),
    "5000-digit-integer": (_with("turn", "9" * 5000), "ERROR", "is not JSON"),
    "deep-arrays-100": (_with("history.0.info", "[" * 100 + "]" * 100), "ERROR", "nested more than 64 levels deep"),
    "deep-arrays-100000": (_with("history.0.info", "[" * 100000 + "]" * 100000), "ERROR", "nested more than"),
    "deep-objects-3000": (_with("history.0.info", '{"a":' * 3000 + "1" + "}" * 3000), "ERROR", "nested"),
    "unclosed-deep-array": (_with("history.0.info", "[" * 200000), "ERROR", "nested more than"),
    "id-null-refusal": (_refusal("illegal_action", '"no"', "null"), "ERROR", "carries id None"),
    "id-null-unsupported": (_refusal("unsupported", '"no"', "null"), "ERROR", "carries id None"),
    "id-null-bad-request": (_refusal("bad_request", '"cannot read"', "null"), "ERROR",
                            "the engine did not understand the request"),
    "id-as-string": (_ok().replace('"__ID__"', '"1"'), "ERROR", "carries id '1'"),
    "id-other-number": (_ok().replace('"__ID__"', "999"), "ERROR", "carries id 999"),
    "id-float": (_ok().replace('"__ID__"', "1.5"), "ERROR", "carries id 1.5"),
    "id-missing": (_ok().replace('"id": "__ID__", ', ""), "ERROR", "carries id None"),
    "ok-as-string": (_ok().replace('"ok": true', '"ok": "true"'), "ERROR", "boolean 'ok'"),
    "ok-missing": (_ok().replace('"ok": true, ', ""), "ERROR", "boolean 'ok'"),
    "a-list": ("[1, 2, 3]", "ERROR", "is not a response object"),
    "a-number": ("42", "ERROR", "is not a response object"),
    "a-string": ('"ok"', "ERROR", "is not a response object"),
    "null": ("null", "ERROR", "is not a response object"),
    "empty-line": ("", "ERROR", "is not JSON"),
    "only-spaces": ("     ", "ERROR", "is not JSON"),
    "bom-then-json": ("\ufeff" + _ok(), "ERROR", "is not JSON"),
    "trailing-garbage": (_ok() + " x", "ERROR", "is not JSON"),
    "two-objects": (_ok() + _ok(), "ERROR", "is not JSON"),
    "single-quotes": ("{'id': 1, 'ok': true}", "ERROR", "is not JSON"),
    "not-utf8": (b'{"id": "__ID__", "ok": true, "x": "\xff\xfe"}', "ERROR", "is not UTF-8"),
    "overlong-utf8": (b'{"id": "__ID__", "ok": true, "x": "\xc0\xaf"}', "ERROR", "is not UTF-8"),
    "nul-byte": (b'{"id": "__ID__", "ok": true}\x00', "ERROR", "is not JSON"),
    "state-missing": ('{"id": "__ID__", "ok": true}', "ERROR", "missing key(s) state"),
    "state-a-list": ('{"id": "__ID__", "ok": true, "state": []}', "ERROR", "does not follow the protocol"),
    "cards-not-a-list": (_with("cards", '"nope"'), "ERROR", "state.cards: 'nope' is not of type 'array'"),
    "turn-a-string": (_with("turn", '"три"'), "ERROR", "state.turn"),
    "error-missing": ('{"id": "__ID__", "ok": false}', "ERROR", "missing key(s) error"),
    "error-unknown-code": (_refusal("teapot", '"no"'), "FAIL", "teapot: no"),
    "error-message-a-number": (_refusal("illegal_action", "7"), "ERROR", "does not follow the protocol"),
    "internal-error": (_refusal("internal_error", '"KeyError"'), "ERROR", "the engine failed internally"),
    "bad-request": (_refusal("bad_request", '"what?"'), "ERROR", "the engine did not understand the request"),
    "refusal-with-escapes": (_refusal("illegal_action", '"\\u001b]0;pwned\\u0007"'), "FAIL", "illegal_action"),
    "unsupported": (_refusal("unsupported", '"no cards"'), "SKIP", "no cards"),
}


class StandIn:
    """What the adapter needs of an engine process, with one scripted reply line (or an end of output)."""

    def __init__(self, reply: str | bytes | None):
        self.reply = reply
        self.replies: queue.Queue = queue.Queue()
        self.stderr: list[str] = []

    def send(self, line: bytes, timeout: float | None = None) -> None:
        rid = json.loads(line)["id"]
        if self.reply is None:
            self.replies.put(("eof", None))
            return
        raw = self.reply if isinstance(self.reply, bytes) else self.reply.encode("utf-8", "surrogatepass")
        self.replies.put(("line", raw.replace(b'"__ID__"', str(rid).encode()) + b"\n"))

    def kill(self) -> None:
        pass

    def settle(self, wait: float = 0.5) -> None:
        pass

    def exit_code(self, wait: float = 0.0) -> int | None:
        return 1

    def stderr_tail(self) -> str:
        return "(the engine wrote nothing to stderr)"

    def quit(self, line: bytes, timeout: float = 1.0) -> None:
        pass


def _scripted(reply: str | bytes | None) -> SubprocessAdapter:
    a = SubprocessAdapter(["stand-in"], request_timeout=1)
    a._proc = StandIn(reply)                                    # type: ignore[assignment]
    a._hello = {"protocol": "1.0.0", "engine": {"name": "stand-in", "version": "1"},
                "capabilities": {"editions": ["classic", "heroes"], "features": ["inline_cards"]}}
    return a


def _outcome(a: SubprocessAdapter) -> tuple[str, str]:
    from harness.engines.adapters import EngineUnsupported

    try:
        state = a.setup(BOARD, DEFS)
    except EngineFault as exc:
        return exc.status, str(exc)
    except EngineRefused as exc:
        return "FAIL", str(exc)
    except EngineUnsupported as exc:
        return "SKIP", str(exc)
    json.dumps(state, ensure_ascii=False, allow_nan=False).encode("utf-8")    # the reports can keep it
    return "ok", ""


@pytest.mark.parametrize("name", sorted(REPLIES))
def test_an_engine_reply_gets_its_status_and_message(name: str) -> None:
    reply, status, fragment = REPLIES[name]
    got, message = _outcome(_scripted(reply))
    assert (got, fragment in message) == (status, True), message[:500]
    assert "Traceback" not in message
    if status == "ERROR":
        assert "`setup`" in message                              # names the request it answered


def test_an_end_of_output_is_a_crash() -> None:
    status, message = _outcome(_scripted(None))
    assert status == "CRASH" and "while the harness waited for its reply to `setup`" in message


# ------------------------------------------------------------------------------------------ processes
def _alive(mark: str) -> list[int]:
    """Processes whose command line holds `mark` (the `sleep` children of the hostile engine)."""
    found = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                cmdline = Path(f"/proc/{name}/cmdline").read_bytes()
                stat = Path(f"/proc/{name}/stat").read_text()
            except OSError:
                continue
            if mark.encode() in cmdline and stat.split(")")[1].split()[0] != "Z":
                found.append(int(name))
    return found


def _mark() -> str:
    return f"{os.getpid() % 1000}.{time.monotonic_ns() % 10**6}"


def _wait_gone(mark: str, limit: float = 10.0) -> list[int]:
    end = time.monotonic() + limit
    while _alive(mark) and time.monotonic() < end:
        time.sleep(0.05)
    return _alive(mark)


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc (Linux)")
@pytest.mark.parametrize("how", ["sh-background", "own-session"])
def test_a_child_holding_the_pipes_neither_hangs_the_harness_nor_survives_it(how: str) -> None:
    mark = _mark()
    if how == "sh-background":          # `sleep 600 & exec my-engine`: the child stays in the engine's group
        cmd = ["sh", "-c", f"sleep {mark} & exec {PY} -m engine.serve"]
    else:                               # a child in a session of its own
        cmd = [sys.executable, str(HOSTILE), "orphan"]
    a = SubprocessAdapter(cmd, request_timeout=10, env=dict(os.environ, HOSTILE_MARK=mark))
    started = time.monotonic()
    try:
        a.setup(BOARD, DEFS)
        a.act("А", {"type": "pass"})
        assert _alive(mark), "the child should be running while the engine runs"
    finally:
        a.shutdown()
    assert time.monotonic() - started < 20
    assert _wait_gone(mark) == []


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc (Linux)")
def test_an_engine_that_crashes_leaving_a_child_is_a_crash_and_the_child_is_ended() -> None:
    mark = _mark()
    a = SubprocessAdapter([sys.executable, str(HOSTILE), "orphan", "crash"], request_timeout=10,
                          env=dict(os.environ, HOSTILE_MARK=mark))
    try:
        a.setup(BOARD, DEFS)
        with pytest.raises(EngineFault) as info:
            a.act("А", {"type": "pass"})
    finally:
        a.shutdown()
    # the child keeps stdout open, so no end of output comes: the exit itself is the crash
    assert info.value.status == "CRASH" and "exited with code 70" in str(info.value)
    assert _wait_gone(mark) == []


def test_an_engine_that_stops_reading_cannot_block_a_big_setup() -> None:
    board = dict(BOARD, cards=BOARD["cards"] + [{"id": f"d{i}", "card": "Гоблин", "owner": "А", "zone": "deck",
                                                  "position": i, "note": "x" * 200} for i in range(2000)])
    a = SubprocessAdapter([sys.executable, str(HOSTILE), "deaf"], request_timeout=1)
    started = time.monotonic()
    try:
        with pytest.raises(EngineFault) as info:
            a.setup(board, DEFS)
    finally:
        a.shutdown()
    assert info.value.status == "TIMEOUT"
    assert "did not read the `setup` request within 1 s" in str(info.value)
    assert time.monotonic() - started < 15


def test_stderr_without_newlines_is_kept_bounded_and_reported() -> None:
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    a = SubprocessAdapter([sys.executable, str(HOSTILE), "flood"], request_timeout=2)
    try:
        with pytest.raises(EngineFault) as info:
            a.setup(BOARD, DEFS)
    finally:
        a.shutdown()
    grown_mb = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024
    message = str(info.value)
    assert info.value.status == "TIMEOUT"
    assert "wrote nothing to stderr" not in message
    assert "bytes without a newline, clipped" in message
    assert len(message) < 2000
    assert grown_mb < 150, f"the harness grew by {grown_mb:.0f} MB"


# ------------------------------------------------------------------------------------------ the count
def test_the_corpus_holds_at_least_150_distinct_inputs() -> None:
    import yaml

    files = yaml.safe_load((HERE / "bad_inputs" / "expected.yaml").read_text("utf-8"))
    from test_runs_hostile import RUN_CASES

    # files + CLI values + replies + end of output + processes (5) + writes/reads (5) + whole-run cases
    total = len(files) + len(CLI) + len(REPLIES) + 1 + 5 + 5 + len(RUN_CASES)
    assert total >= 150, total


# ------------------------------------------------------------------------------------------ writes and reads
def test_an_atomic_write_never_replaces_a_device_a_pipe_or_a_folder(tmp_path: Path) -> None:
    from harness.common.errors import InputError
    from harness.common.safeio import atomic_write, read_bytes_bounded

    fifo = Path(_fifo(tmp_path))
    folder = Path(_dir(tmp_path))
    file = Path(_file(tmp_path))
    targets = {fifo: "is a pipe: expected a regular file to replace", folder: "is a folder: expected a regular file",
               file / "x.yaml": "a part of the path is a file, not a folder"}
    try:                                  # a device node of our own (never the real /dev/null)
        os.mknod(tmp_path / "null", 0o666 | __import__("stat").S_IFCHR, os.makedev(1, 3))
        targets[tmp_path / "null"] = "is a device: expected a regular file to replace"
    except (PermissionError, OSError):
        pass
    for target, message in targets.items():
        with pytest.raises(InputError) as info:
            atomic_write(target, b"data")
        assert message in str(info.value)
    assert fifo.is_fifo() and folder.is_dir() and file.read_text() == "x"
    if (tmp_path / "null").exists():
        assert (tmp_path / "null").is_char_device()
    assert not [p for p in tmp_path.rglob("*") if p.name.endswith(".tmp")]      # no temporary left anywhere
    atomic_write(tmp_path / "new" / "ok.txt", b"ok")
    assert (tmp_path / "new" / "ok.txt").read_bytes() == b"ok"
    with pytest.raises(InputError, match="is a device: expected a regular file"):
        read_bytes_bounded(Path("/dev/zero"))
    with pytest.raises(InputError, match="is larger than 10 bytes"):
        read_bytes_bounded(file.with_name("big"), 10) if file.with_name("big").write_bytes(b"x" * 11) else None


def test_expectations_from_dev_zero_or_a_pipe_are_refused_without_reading(tmp_path: Path) -> None:
    from harness.common.errors import InputError
    from harness.suite.session import load_expectations

    for path in (Path("/dev/zero"), Path(_fifo(tmp_path))):
        with pytest.raises(InputError, match="expected a YAML file, found a device or a pipe"):
            load_expectations(path)


def test_a_big_expectations_file_without_aliases_is_not_an_alias_bomb(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """200,000 entries are 1.2 million values, over the alias-bomb limit of 1 million: scaled down here (the
    limit to 10,000, 2,000 entries) to keep the test fast; a bomb multiplies its nodes, a big file does not."""
    from harness.common import yamldoc
    from harness.common.errors import InputError
    from harness.suite.session import load_expectations

    monkeypatch.setattr(yamldoc, "MAX_EXPANDED_NODES", 10_000)
    path = tmp_path / "big.yaml"
    lines = ["expectations:"] + [f'  "classic/x::[{i}] s":\n    status: FAIL\n    reason: r{i}' for i in range(2_000)]
    path.write_text("\n".join(lines) + "\n", "utf-8")
    assert len(load_expectations(path)) == 2_000
    bomb = tmp_path / "bomb.yaml"
    bomb.write_text("a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
                    "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\n",
                    "utf-8")
    with pytest.raises(InputError, match="expands to .* values through aliases"):
        load_expectations(bomb)


def test_lint_is_linear_in_the_length_of_a_paragraph(tmp_path: Path) -> None:
    from harness.quality import lint

    text = "Первый пункт. " + " ".join(f"Слово{i % 50} слово" for i in range(20_000))
    calls = 0
    original = lint._sentence_start

    def counting(t: str, pos: int) -> bool:
        nonlocal calls
        calls += 1
        return original(t, pos)

    lint._sentence_start = counting
    try:
        started = time.monotonic()
        path = tmp_path / "classic-999.txt"
        path.write_text("999. Раздел\n999.1. " + text + "\n", "utf-8")
        from harness.rules.corpus import Corpus, load_rules_file

        lint.lint_corpus(Corpus([load_rules_file(path, tmp_path)]))
        assert time.monotonic() - started < 30       # 44 s before, about 1 s now
    finally:
        lint._sentence_start = original
    assert calls > 20_000


def test_an_interrupted_run_validates_against_the_schema_and_is_never_ok() -> None:
    from harness.run.results import RunInfo, RunResults, ScenarioResult, validate_results_json

    run = RunInfo("e", "1", "0.1.0", "0.1.0", 0, "2026-01-01T00:00:00Z", 1.0)
    r = ScenarioResult("a::x", "x", "features/a.feature", 1, [], [], "PASS")
    results = RunResults(run, [r], interrupted=True, not_run=["a::y"])
    data = results.to_json()
    assert validate_results_json(data) == []
    assert data["interrupted"] is True and data["not_run"] == ["a::y"] and data["summary"]["ok"] is False
    assert not RunResults.from_json(data).ok
    old = RunResults(run, [r]).to_json()
    del old["interrupted"], old["not_run"]
    assert validate_results_json(old) == [] and RunResults.from_json(old).ok       # files of before still load


def test_engine_text_reaches_the_terminal_with_its_control_characters_escaped() -> None:
    import io

    from rich.console import Console

    from harness.output.reports import print_summary
    from harness.run.results import RunInfo, RunResults, ScenarioResult

    run = RunInfo("engine\x1b]0;pwned\x07", "1", "0.1.0", "0.1.0", 0, "2026-01-01T00:00:00Z", 1.0)
    bad = ScenarioResult("a::x", "x", "features/a.feature", 1, [], [], "FAIL",
                         message="the engine refused: \x1b[2J\x1b[31mred\r\x9b")
    out = io.StringIO()
    print_summary(RunResults(run, [bad]), Console(file=out, force_terminal=False, width=200))
    text = out.getvalue()
    assert "\x1b" not in text and "\x9b" not in text and "\r" not in text
    assert "\\x1b[2J\\x1b[31mred\\x0d\\x9b" in text and "engine\\x1b]0;pwned\\x07" in text


@settings(max_examples=400, deadline=None, derandomize=True, database=None)
@given(st.text(alphabet='[]{}"a1,:\\ ', max_size=60).map(lambda s: s * 2))
def test_the_quick_look_for_a_run_of_openers_is_the_regular_expression(text: str) -> None:
    """harness.common.sanitize: the cheap look that spares a reply the regular expression's scan answers as the
    regular expression does, on any text (JSON or not)."""
    from harness.common import sanitize

    assert sanitize._has_run_of_openers(text) == (sanitize._RUN_OF_OPENERS.search(text) is not None)
    for run in ("[" * 16, "[" * 15 + "{", "{{" + "[" * 14, "[{" * 8, "{[" * 8):
        assert sanitize._has_run_of_openers(text + run) and sanitize._has_run_of_openers(run + text)
