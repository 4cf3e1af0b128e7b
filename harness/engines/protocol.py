"""The harness side of the JSON-lines protocol (docs/PROTOCOL.md): `SubprocessAdapter` runs an engine as a
process and offers the steps the same interface as `InProcessAdapter`.

Every reply is read with a time limit, checked against the JSON Schemas of `schemas/protocol/`, and
matched with its request by id. Whatever the engine does wrong becomes an `EngineFault` with the status
of the scenario and a message that says what happened, followed by the last lines of the engine's
stderr:

    the process exits or closes stdout             CRASH
    no reply within the request / scenario limit   TIMEOUT
    a reply that is not JSON, not UTF-8, too long,
    against the schema, of another protocol major
    version, with a wrong id, or output nobody
    asked for                                      ERROR
    error code bad_request / internal_error        ERROR

After a fault the process is stopped; the next scenario (the next `setup` or `capabilities`) starts a
fresh one. A refusal (`ok: false` with a rules code such as `illegal_action`) is `EngineRefused`, as in
process; `unsupported` or `unknown_action` to any request is `EngineUnsupported` (a FAIL «declared, refused» in a
scenario that started: it starts only when the engine declares all it needs); a board whose edition or inline
cards the engine does not declare is `NotDeclared` (SKIP), and nothing is sent.
"""

from __future__ import annotations

import json
import queue
import shlex
import signal
import time
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from harness.common.facts import readings_problems
from harness.common.sanitize import loads_checked
from harness.engines.adapters import EngineFault, EngineRefused, EngineUnsupported, NotDeclared

PROTOCOL_VERSION = "1.0.0"
DEFAULT_REQUEST_TIMEOUT = 10.0
DEFAULT_START_TIMEOUT = 30.0     # hello: start-up of a compiled or JVM engine is not a request's speed
DEFAULT_SCENARIO_TIMEOUT = 60.0

# The time limits of an engine over the protocol: one table for every command line that drives one
# (`check`, pytest, `compare`): option, default, what it limits.
TIME_LIMITS = (
    ("--start-timeout", DEFAULT_START_TIMEOUT, "seconds from starting the engine to its hello reply"),
    ("--request-timeout", DEFAULT_REQUEST_TIMEOUT, "seconds to wait for each other reply"),
    ("--scenario-timeout", DEFAULT_SCENARIO_TIMEOUT,
     "seconds a scenario may take from its setup, once the engine is up (0: no limit); also for an engine in "
     "this process (the built-in one, a mutant), which is interrupted"),
)


def add_time_limit_options(add: Callable[..., Any], scenario: bool = True) -> None:
    """Register the TIME_LIMITS options with `add` (argparse's add_argument or pytest's addoption)."""
    from harness.common.argtypes import positive_seconds, seconds_or_zero

    for option, default, what in TIME_LIMITS:
        if scenario or option != "--scenario-timeout":
            kind = seconds_or_zero if option == "--scenario-timeout" else positive_seconds
            scope = "" if option == "--scenario-timeout" else "--engine-cmd: "
            add(option, type=kind, default=default, help=f"{scope}{what} (default {default:g}); then TIMEOUT")


def time_limit_args(values: Any) -> list[str]:
    """The TIME_LIMITS options of a parsed command line (argparse namespace), as arguments to pass on."""
    return [x for option, _, _ in TIME_LIMITS
            for x in (option, str(getattr(values, option[2:].replace("-", "_"))))]
MAX_REPLY_BYTES = 4 * 1024 * 1024
STDERR_LINES = 12
SCHEMA_DIR = Path(__file__).parent.parent / "schemas" / "protocol"
REQUESTS = ("hello", "setup", "act", "answer", "state", "quit")
# error codes that are not refusals by the rules
PROTOCOL_ERRORS = {"bad_request": "the engine did not understand the request",
                   "internal_error": "the engine failed internally"}
RESPONSE_SCHEMA = {"hello": "hello-response", "setup": "state-response", "act": "state-response",
                   "answer": "state-response", "state": "state-response", "quit": "quit-response"}


# ------------------------------------------------------------------------------------------ schemas
@cache
def _registry() -> Any:
    from referencing import Registry, Resource

    resources = []
    for path in sorted(SCHEMA_DIR.parent.glob("*.schema.json")) + sorted(SCHEMA_DIR.glob("*.schema.json")):
        schema = json.loads(path.read_text(encoding="utf-8"))
        resources.append((schema["$id"], Resource.from_contents(schema)))
    return Registry().with_resources(resources)


@cache
def schema(name: str) -> dict[str, Any]:
    """The protocol schema `schemas/protocol/<name>.schema.json` (e.g. `act-request`, `canonical-state`)."""
    return json.loads((SCHEMA_DIR / f"{name}.schema.json").read_text(encoding="utf-8"))


@cache
def _validator(name: str) -> Any:
    import jsonschema

    from harness.common.jsonschemas import validator_class

    s = schema(name)
    return validator_class(jsonschema.validators.validator_for(s))(s, registry=_registry())


MESSAGE_LIMIT = 300
"""The longest schema message quoted whole: a longer one (a value of megabytes) is cut and says how long it was."""


def _clip(text: str) -> str:
    return text if len(text) <= MESSAGE_LIMIT else f"{text[:MESSAGE_LIMIT]}… ({len(text):,} characters in all)"


def _repeated(items: list[Any]) -> str:
    """The items a list gives twice (a uniqueItems failure), each once, instead of the whole list."""
    seen, twice = set(), []
    for item in items:
        key = json.dumps(item, sort_keys=True, ensure_ascii=False)
        if key in seen and key not in twice:
            twice.append(key)
        seen.add(key)
    shown = ", ".join(_clip(k) for k in twice[:5]) + (f" and {len(twice) - 5} more" if len(twice) > 5 else "")
    return f"items must be unique; given more than once: {shown} (in a list of {len(items):,})"


def problems(name: str, message: Any, limit: int = 5) -> list[str]:
    """What is wrong with a message according to the schema `name`, as `field: problem` lines.

    A valid message is recognised by a checker compiled from the schema (fast: states are checked after
    every request); jsonschema itself has the last word and writes the messages."""
    fast = _fast_checker(name)
    if fast is not None and fast(message):
        return []
    out: list[str] = []
    missing: dict[str, list[str]] = {}
    errors = sorted(_validator(name).iter_errors(message), key=lambda e: [str(p) for p in e.absolute_path])
    for error in errors:
        where = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path).lstrip(".")
        where = where or "(the message)"
        if error.validator == "required" and isinstance(error.validator_value, list):
            if where not in missing:
                missing[where] = []
                out.append(where)          # placeholder, filled in below
            key = error.message.split("'")[1] if error.message.count("'") >= 2 else error.message
            missing[where].append(key)
        elif error.validator == "uniqueItems" and isinstance(error.instance, list):
            out.append(f"{where}: {_repeated(error.instance)}")     # named, never the whole list echoed
        else:
            out.append(f"{where}: {_clip(error.message)}")
    out = [f"{line}: missing key(s) {', '.join(missing[line])}" if line in missing else line for line in out]
    if len(out) > limit:
        out = out[:limit] + [f"… and {len(out) - limit} more"]
    return out


# A checker compiled from a schema: a function value → bool for the subset of JSON Schema the protocol's
# schemas use. Any other keyword makes the compilation give up (None), and jsonschema does all the work.
_IGNORED = {"$schema", "$id", "$defs", "title", "description", "default", "examples", "$comment"}
_TYPES: dict[str, Callable[[Any], bool]] = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
    "integer": lambda v: (isinstance(v, int) and not isinstance(v, bool))
    or (isinstance(v, float) and v.is_integer()),
    "number": lambda v: isinstance(v, int | float) and not isinstance(v, bool),
}


class _GiveUp(Exception):
    pass


@cache
def _fast_checker(name: str) -> Callable[[Any], bool] | None:
    try:
        return _Compiler().compile(schema(name), SCHEMA_DIR / f"{name}.schema.json")
    except _GiveUp:
        return None


class _Compiler:
    def __init__(self) -> None:
        self.refs: dict[tuple[str, str], Callable[[Any], bool]] = {}

    def compile(self, node: Any, file: Path, root: dict | None = None) -> Callable[[Any], bool]:
        root = root if root is not None else node
        if node is True or node == {}:
            return lambda v: True
        if not isinstance(node, dict) or set(node) - _IGNORED - {
                "type", "required", "properties", "additionalProperties", "items", "$ref", "const", "enum",
                "anyOf", "oneOf", "minLength", "pattern", "minimum", "uniqueItems"}:
            raise _GiveUp
        checks: list[Callable[[Any], bool]] = []
        if "$ref" in node:
            checks.append(self.ref(node["$ref"], file, root))
        if "type" in node:
            kinds = [node["type"]] if isinstance(node["type"], str) else list(node["type"])
            tests = [_TYPES[k] for k in kinds]
            checks.append(tests[0] if len(tests) == 1 else lambda v, tests=tests: any(t(v) for t in tests))
        if "const" in node:
            checks.append(lambda v, c=node["const"]: v == c and type(v) is type(c))
        if "enum" in node:
            checks.append(lambda v, e=node["enum"]: any(v == x and type(v) is type(x) for x in e))
        if "required" in node:
            checks.append(lambda v, r=tuple(node["required"]): not isinstance(v, dict) or all(k in v for k in r))
        if "properties" in node:
            props = tuple((k, self.compile(sub, file, root)) for k, sub in node["properties"].items())

            def properties(v: Any, props: tuple = props) -> bool:
                if isinstance(v, dict):
                    for k, check in props:
                        if k in v and not check(v[k]):
                            return False
                return True

            checks.append(properties)
        if "additionalProperties" in node:
            extra, known = node["additionalProperties"], set(node.get("properties", {}))
            if extra is False:
                checks.append(lambda v, known=known: not isinstance(v, dict) or set(v) <= known)
            elif extra is not True:
                sub = self.compile(extra, file, root)
                checks.append(lambda v, sub=sub, known=known: not isinstance(v, dict)
                              or all(sub(x) for k, x in v.items() if k not in known))
        if "items" in node:
            sub = self.compile(node["items"], file, root)

            def items(v: Any, sub: Callable[[Any], bool] = sub) -> bool:
                if isinstance(v, list):
                    for x in v:
                        if not sub(x):
                            return False
                return True

            checks.append(items)
        if "anyOf" in node:
            subs = [self.compile(s, file, root) for s in node["anyOf"]]
            checks.append(lambda v, subs=subs: any(s(v) for s in subs))
        if "oneOf" in node:
            subs = [self.compile(s, file, root) for s in node["oneOf"]]
            checks.append(lambda v, subs=subs: sum(1 for s in subs if s(v)) == 1)
        if "minLength" in node:
            checks.append(lambda v, n=node["minLength"]: not isinstance(v, str) or len(v) >= n)
        if "pattern" in node:
            from harness.common.jsonschemas import ecma_pattern

            rx = ecma_pattern(node["pattern"])        # `$` at the very end, as the schema means it
            checks.append(lambda v, rx=rx: not isinstance(v, str) or rx.search(v) is not None)
        if "minimum" in node:
            checks.append(lambda v, n=node["minimum"]: not _TYPES["number"](v) or v >= n)
        if node.get("uniqueItems"):
            checks.append(lambda v: not isinstance(v, list)
                          or len({json.dumps(x, sort_keys=True) for x in v}) == len(v))
        if len(checks) == 1:
            return checks[0]

        def every(v: Any, checks: tuple = tuple(checks)) -> bool:
            for check in checks:
                if not check(v):
                    return False
            return True

        return every

    def ref(self, ref: str, file: Path, root: dict) -> Callable[[Any], bool]:
        target, _, pointer = ref.partition("#")
        path = (file.parent / target).resolve() if target else file.resolve()
        key = (str(path), pointer)
        if key not in self.refs:
            self.refs[key] = lambda v: True                 # recursion guard; replaced below
            doc = json.loads(path.read_text(encoding="utf-8")) if target else root
            node: Any = doc
            for part in [p for p in pointer.split("/") if p]:
                node = node[part]
            compiled = self.compile(node, path, doc)
            self.refs[key] = compiled
        return lambda v, key=key: self.refs[key](v)


def make_request(kind: str, rid: int, **fields: Any) -> dict[str, Any]:
    """A request message (`kind` one of REQUESTS)."""
    if kind not in REQUESTS:
        raise ValueError(f"unknown request {kind!r}")
    return {"id": rid, "request": kind, **fields}


def major(version: str) -> int | None:
    head = str(version).split(".", 1)[0]
    return int(head) if head.isdigit() else None


def _clip(text: str, limit: int = 200) -> str:
    return text if len(text) <= limit else text[:limit] + f"… ({len(text)} characters)"


# ------------------------------------------------------------------------------------------ the process
# EngineProcess (bounded pipes, the engine's process tree owned and always ended) lives in harness/engines/process.py
from harness.engines.process import EngineProcess, WriteTimeout, end_if_asked  # noqa: E402


def describe_exit(code: int | None) -> str:
    if code is None:
        return "closed its stdout"
    if code < 0:
        try:
            return f"was killed by signal {signal.Signals(-code).name}"
        except ValueError:
            return f"was killed by signal {-code}"
    return f"exited with code {code}"


# ------------------------------------------------------------------------------------------ the adapter
class SubprocessAdapter:
    """An engine over the protocol, with the interface of `InProcessAdapter`.

    `cmd` is a command line (split like a POSIX shell does, without running a shell) or an argv list.
    `start_timeout`: seconds from starting the process to its `hello` reply. `request_timeout`: seconds to wait
    for each other reply. `scenario_timeout`: seconds from the first `setup` to `close()` (the scenario's end);
    the clock starts once the engine is up, so a (re)start is never charged to a scenario. With `reuse`, `close()` keeps a healthy process for the next
    scenario (`setup` starts a new game) and `shutdown()` ends it; without, `close()` ends it.
    """

    def __init__(self, cmd: str | Sequence[str], request_timeout: float = DEFAULT_REQUEST_TIMEOUT,
                 scenario_timeout: float | None = None, *, reuse: bool = False, cwd: str | None = None,
                 env: dict[str, str] | None = None, max_reply_bytes: int = MAX_REPLY_BYTES,
                 validate: bool = True, start_timeout: float = DEFAULT_START_TIMEOUT):
        self.cmd = cmd if isinstance(cmd, str) else shlex.join(cmd)
        self.argv = shlex.split(cmd) if isinstance(cmd, str) else list(cmd)
        if not self.argv:
            raise ValueError("empty engine command")
        self.request_timeout = request_timeout
        self.start_timeout = start_timeout
        self.scenario_timeout = scenario_timeout
        self.reuse = reuse
        self.cwd, self.env = cwd, env
        self.max_reply_bytes = max_reply_bytes
        self.validate = validate
        self._proc: EngineProcess | None = None
        self._hello: dict[str, Any] | None = None
        self._rid = 0
        self._deadline: float | None = None
        self._fault: EngineFault | None = None      # the fault that ended the current scenario
        self.starts = 0                               # processes started so far
        self.start_failures = 0                       # consecutive failed starts (harness/engines/startup.py)
        self.gave_up: EngineFault | None = None       # set after MAX_START_FAILURES: no more starts
        self.round_trips: list[float] = []            # seconds per answered request

    # -- identity (the engine's hello; a failing engine is named by its command)
    @property
    def name(self) -> str:
        hello = self._try_hello()
        return hello["engine"]["name"] if hello else self.cmd

    @property
    def version(self) -> str:
        hello = self._try_hello()
        return hello["engine"]["version"] if hello else "unknown"

    def _try_hello(self) -> dict[str, Any] | None:
        try:
            return self.hello()
        except EngineFault:
            return None

    def hello(self) -> dict[str, Any]:
        """The engine's hello response (starting the engine when none runs)."""
        if self._proc is None or self._hello is None:
            self._start()
        assert self._hello is not None
        return self._hello

    # -- the adapter interface
    def capabilities(self) -> dict[str, Any]:
        return dict(self.hello()["capabilities"])

    def setup(self, board: dict, definitions: dict[str, dict]) -> dict:
        self._fault = None
        caps = self.capabilities()            # starts the engine when none runs (--start-timeout)
        if self._deadline is None and self.scenario_timeout:
            self._deadline = time.monotonic() + self.scenario_timeout   # until close(): replays included
        edition = board.get("edition")
        if edition not in caps["editions"]:
            raise NotDeclared(f"the engine does not declare the edition '{edition}' "
                                    f"(it declares: {', '.join(caps['editions']) or 'none'})")
        if board.get("test_cards") and "inline_cards" not in caps["features"]:
            raise NotDeclared("the engine does not declare the capability 'inline_cards' "
                                    "(the board defines test cards inline)")
        return self._state(self._call("setup", board=board, definitions=definitions))

    def act(self, player: str, action: dict) -> dict:
        return self._state(self._call("act", player=player, action=action))

    def answer(self, player: str, choice: Any) -> dict:
        return self._state(self._call("answer", player=player, choice=choice))

    def state(self) -> dict:
        return self._state(self._call("state"))

    def _state(self, reply: dict[str, Any]) -> dict:
        """The reply's state, checked against the features the engine declared (harness/engines/contract.py); an
        optional key a step reads and the engine does not send makes the scenario SKIP."""
        from harness.engines.contract import feature_problems, view

        state = reply["state"]
        if self.validate:
            wrong = feature_problems(state, self.capabilities().get("features", []))
            if wrong:
                raise self._fault_now("ERROR", "the engine's state lacks what its declared features require: "
                                               + "; ".join(wrong[:5]))
        return view(state)

    def close(self) -> None:
        """The end of a scenario: with `reuse` a healthy engine stays up for the next one."""
        self._deadline = None
        if not self.reuse:
            self.shutdown()

    def shutdown(self) -> None:
        if self._proc is not None:
            self._rid += 1
            self._proc.quit(json.dumps(make_request("quit", self._rid)).encode() + b"\n")
        self._proc, self._hello = None, None

    # -- the machinery
    def _start(self) -> None:
        from harness.engines.startup import guarded_start

        guarded_start(self, self._start_once)

    def _start_once(self) -> None:
        self.shutdown()
        self.starts += 1
        try:
            self._proc = EngineProcess(self.argv, self.cwd, self.env, self.max_reply_bytes)
        except OSError as exc:
            raise self._faulted(EngineFault("CRASH", f"the engine could not be started ({self.cmd}): {exc}"),
                                tail=False) from None
        hello = self._exchange("hello", {"protocol": PROTOCOL_VERSION}, self.start_timeout)
        self._proc.remember_family()         # children it started are ended with it, even if they leave it
        theirs = hello["protocol"]
        if major(theirs) != major(PROTOCOL_VERSION):
            raise self._fault_now("ERROR", f"the engine speaks protocol {theirs}, the harness {PROTOCOL_VERSION}: "
                                           "the major versions must match")
        wrong = readings_problems(hello["capabilities"].get("readings"))
        if wrong:        # a reading the register does not have would be shown as held and escape real ones' scenarios
            fault = self._fault_now("ERROR", "the engine's hello declares a reading the register (rules/assumptions.yaml) "
                                             "does not have: " + "; ".join(f"capabilities.{p}" for p in wrong))
            fault.final = True
            raise fault
        self._hello = hello

    def _call(self, kind: str, **fields: Any) -> dict[str, Any]:
        end_if_asked()                       # a signal asked the run to end (harness.engines.process)
        if self._fault is not None:
            raise self._fault
        if self._proc is None or self._hello is None:
            if kind != "setup":
                raise EngineFault("ERROR", f"`{kind}` without a game: the engine was not set up")
            self._start()
        timeout, by_scenario = self.request_timeout, False
        if self._deadline is not None:
            left = self._deadline - time.monotonic()
            if left <= 0:
                raise self._faulted(EngineFault(
                    "TIMEOUT", f"the scenario's time limit of {self.scenario_timeout:g} s ran out "
                               f"before `{kind}` (--scenario-timeout)"), tail=False, stop=False)
            timeout, by_scenario = min(timeout, left), left < timeout
        return self._exchange(kind, fields, timeout, by_scenario)

    def _exchange(self, kind: str, fields: dict[str, Any], timeout: float,
                  by_scenario: bool = False) -> dict[str, Any]:
        proc = self._proc
        assert proc is not None
        stray = self._unsolicited()
        if stray:
            raise self._fault_now("ERROR", f"the engine wrote to stdout without being asked: {stray!r}; stdout "
                                           "carries protocol replies only (write diagnostics to stderr)")
        self._rid += 1
        rid = self._rid
        line = json.dumps(make_request(kind, rid, **fields), ensure_ascii=False, separators=(",", ":"))
        started = time.monotonic()
        try:
            proc.send(line.encode("utf-8") + b"\n", timeout)
        except WriteTimeout as exc:
            option = "--start-timeout" if kind == "hello" else "--request-timeout"
            raise self._fault_now("TIMEOUT", f"the engine did not read the `{kind}` request within {timeout:g} s "
                                             f"({option}; {exc}); it was stopped") from None
        except (OSError, ValueError):
            raise self._crash(kind, sending=True) from None
        try:
            what, raw = self._reply(proc, timeout)
        except queue.Empty:
            option = "--start-timeout" if kind == "hello" else "--request-timeout"
            limit = (f"the scenario's time limit of {self.scenario_timeout:g} s (--scenario-timeout)"
                     if by_scenario else f"{timeout:g} s ({option})")
            raise self._fault_now("TIMEOUT", f"the engine did not answer `{kind}` within {limit}; "
                                             "it was stopped") from None
        if what == "eof":
            raise self._crash(kind)
        if what == "oversize":
            raise self._fault_now("ERROR", f"the engine's reply to `{kind}` is longer than the limit of "
                                           f"{self.max_reply_bytes} bytes")
        assert raw is not None
        try:
            text = raw.decode("utf-8").rstrip("\r\n")
        except UnicodeDecodeError as exc:
            raise self._fault_now("ERROR", f"the engine's reply to `{kind}` is not UTF-8: {exc}") from None
        try:
            reply = loads_checked(text)
        except ValueError as exc:
            if not isinstance(exc, json.JSONDecodeError) and "Exceeds the limit" not in str(exc):
                raise self._fault_now("ERROR", f"the engine's reply to `{kind}` is JSON the harness cannot "
                                               f"keep: {exc}") from None
            raise self._fault_now("ERROR", f"the engine's reply to `{kind}` is not JSON ({exc}): {_clip(text)!r}; "
                                           "stdout carries protocol replies only, one JSON object per line") from None
        self.round_trips.append(time.monotonic() - started)
        return self._check(kind, rid, reply)

    @staticmethod
    def _reply(proc: EngineProcess, timeout: float) -> tuple[str, bytes | None]:
        """The next line (or end) from the engine within `timeout`; an engine that has exited while a child
        of it still holds its stdout open ends the wait as an end of output (a CRASH, not a TIMEOUT)."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            try:
                return proc.replies.get(timeout=max(0.0, min(left, 0.25)))
            except queue.Empty:
                if left <= 0.25:
                    raise
                if proc.exit_code() is not None:
                    try:
                        return proc.replies.get(timeout=0.2)     # its last words, if any
                    except queue.Empty:
                        return ("eof", None)

    def _check(self, kind: str, rid: int, reply: Any) -> dict[str, Any]:
        if not isinstance(reply, dict) or not isinstance(reply.get("ok"), bool):
            raise self._fault_now("ERROR", f"the engine's reply to `{kind}` is not a response object with a "
                                           f"boolean 'ok': {_clip(json.dumps(reply, ensure_ascii=False))}")
        if reply.get("id") != rid and not (reply["ok"] is False and reply.get("id") is None
                                           and isinstance(reply.get("error"), dict)
                                           and reply["error"].get("code") == "bad_request"):
            raise self._fault_now("ERROR", f"the engine's reply to `{kind}` (request {rid}) carries id "
                                           f"{reply.get('id')!r}: replies must echo their request's id, one "
                                           "reply per request, nothing else on stdout")
        name = RESPONSE_SCHEMA[kind] if reply["ok"] else "error-response"
        if self.validate or name != "state-response":
            try:
                wrong = problems(name, reply)
            except RecursionError:
                wrong = ["(the message): nested too deeply to be checked"]
            if wrong:
                raise self._fault_now("ERROR", f"the engine's reply to `{kind}` does not follow the protocol "
                                               f"(schema {name}): " + "; ".join(wrong))
        if reply["ok"]:
            return reply
        code, message = reply["error"]["code"], reply["error"]["message"]
        if code in PROTOCOL_ERRORS:
            raise self._fault_now("ERROR", f"{PROTOCOL_ERRORS[code]} (`{kind}`): {code}: {message}", stop=False)
        if code == "unsupported" and kind == "setup":
            raise EngineUnsupported(f"the engine does not support this board: {message}")
        if code in ("unsupported", "unknown_action"):      # inside what the engine declared: FAIL (classify)
            raise EngineUnsupported(f"the engine does not support this `{kind}` request: {code}: {message}")
        raise EngineRefused(code, message)

    def _unsolicited(self) -> str | None:
        """A line the engine wrote although no request was waiting for it (stray output)."""
        proc = self._proc
        if proc is None:
            return None
        try:
            what, raw = proc.replies.get_nowait()
        except queue.Empty:
            return None
        if what == "line" and raw is not None:
            return _clip(raw.decode("utf-8", errors="replace").rstrip("\r\n"))
        proc.replies.put((what, raw))          # an end of output: let the exchange report the crash
        return None

    def _crash(self, kind: str, sending: bool = False) -> EngineFault:
        """The engine's end of a pipe is gone: it exited, or (still running) it closed its stdout (no reply
        can come) or, when the request could not be written (`sending`), its stdin (it reads no more)."""
        proc = self._proc
        assert proc is not None
        code = proc.exit_code(wait=1.0)
        if sending:
            how = "closed its stdin (it reads no requests any more)" if code is None else describe_exit(code)
            return self._fault_now("CRASH", f"the engine {how}: the `{kind}` request could not be sent")
        return self._fault_now("CRASH", f"the engine {describe_exit(code)} while the harness waited for its reply "
                                        f"to `{kind}`")

    def _fault_now(self, status: str, message: str, stop: bool = True) -> EngineFault:
        return self._faulted(EngineFault(status, message), tail=True, stop=stop)

    def _faulted(self, fault: EngineFault, tail: bool, stop: bool = True) -> EngineFault:
        """Stop the engine (it is restarted for the next scenario) and add the tail of its stderr."""
        proc = self._proc
        if proc is not None and stop:
            proc.kill()
            self._proc, self._hello = None, None
        elif proc is not None:
            proc.settle(0.05)
        if tail and proc is not None:
            fault = EngineFault(fault.status, f"{fault}\n{proc.stderr_tail()}")
        self._fault = fault
        return fault
