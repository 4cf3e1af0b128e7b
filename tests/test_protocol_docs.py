"""docs/PROTOCOL.md agrees with the reference engine: every `→`/`←` transcript of the document is replayed
against `python -m engine.serve` and each reply must match the documented one on every key the document
shows (`…` stands for keys or list items left out); the canonical state shown as JSON is the engine's own;
the board format, the refusal codes and the rule effects it describes are the schema's, the engine's and
the contract's (harness/engines/contract.py), whose every path has a meaning in docs/CONTRACT.md.

How transcripts are replayed (the document says so too): a transcript that starts with `hello` starts a
new engine process; any other transcript continues the process of the transcript before it."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import pytest

import engine
from harness.common import paths
from harness.common.vocabulary import RULE_EFFECT_NAMES
from harness.engines import contract

DOC = paths.ROOT / "docs" / "PROTOCOL.md"
ELIDED = "…"                      # in a documented reply: more keys (in an object) or items (in a list) may be there
OPEN = ELIDED                     # the key an elided object gets once parsed


# ------------------------------------------------------------------------------------------ reading the document
@dataclass
class Line:
    number: int                    # in docs/PROTOCOL.md
    request: str                   # the `→` line's JSON
    reply: str | None = None       # the `←` line's JSON (with `…`)


@dataclass
class Transcript:
    section: str                   # the number of the `## N.` section it is in
    line: int
    lines: list[Line] = field(default_factory=list)


def document() -> str:
    return DOC.read_text(encoding="utf-8")


def transcripts(text: str) -> list[Transcript]:
    """Every fenced block with `→` lines, in the order of the document."""
    out: list[Transcript] = []
    section, fence, current = "", None, None
    for number, line in enumerate(text.splitlines(), 1):
        heading = re.match(r"## (\d+)\. ", line)
        if heading and fence is None:
            section = heading.group(1)
        if line.startswith("```"):
            fence = line[3:].strip() if fence is None else None
            current = None
            continue
        if fence is None:
            continue
        if line.startswith("→ "):
            if current is None:
                current = Transcript(section, number)
                out.append(current)
            current.lines.append(Line(number, line[2:]))
        elif line.startswith("← "):
            assert current is not None and current.lines and current.lines[-1].reply is None, \
                f"PROTOCOL.md:{number}: a reply with no request before it"
            current.lines[-1].reply = line[2:]
    return out


def pattern(text: str) -> Any:
    """A documented reply as data: `…` in an object becomes the key OPEN (more keys may follow), in a list the
    item ELIDED (more items may stand there)."""
    out, stack, in_string, escaped = [], [], False, False
    for ch in text:
        if in_string:
            out.append(ch)
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
            continue
        if ch == '"':
            in_string = True
        elif ch in "{[":
            stack.append(ch)
        elif ch in "}]":
            stack.pop()
        elif ch == ELIDED:
            out.append(json.dumps(OPEN) + ":true" if stack and stack[-1] == "{" else json.dumps(ELIDED))
            continue
        out.append(ch)
    return json.loads("".join(out))


def mismatches(expected: Any, actual: Any, path: str = "") -> list[str]:
    """Where `actual` differs from the documented `expected` on what the document shows."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{path or '(reply)'}: documented an object, the engine sent {actual!r}"]
        out = []
        for key, value in expected.items():
            if key == OPEN:
                continue
            if key not in actual:
                out.append(f"{path}.{key}: documented, but the engine sends no such key")
            else:
                out += mismatches(value, actual[key], f"{path}.{key}")
        extra = sorted(set(actual) - set(expected))
        if extra and OPEN not in expected:
            out.append(f"{path or '(reply)'}: the engine sends keys the document does not show (write `…`): {extra}")
        return out
    if isinstance(expected, list) and ELIDED in expected:
        if not isinstance(actual, list) or not _subsequence(expected, actual):
            return [f"{path}: the documented items {json.dumps(expected, ensure_ascii=False)} are not, in this "
                    f"order, in {json.dumps(actual, ensure_ascii=False)[:600]}"]
        return []
    if isinstance(expected, list):
        if not isinstance(actual, list) or len(actual) != len(expected):
            return [f"{path}: documented {json.dumps(expected, ensure_ascii=False)}, the engine sent "
                    f"{json.dumps(actual, ensure_ascii=False)[:600]}"]
        return [m for i, (e, a) in enumerate(zip(expected, actual, strict=True)) for m in mismatches(e, a, f"{path}[{i}]")]
    if expected != actual or type(expected) is not type(actual):
        return [f"{path}: documented {expected!r}, the engine sent {actual!r}"]
    return []


def _subsequence(expected: list, actual: list) -> bool:
    """The documented items, cut into runs by `…`, appear in `actual` in order: the first run at its start, the
    last at its end (an empty run, before a leading or after a trailing `…`, anchors nothing)."""
    runs: list[list] = [[]]
    for e in expected:
        if e == ELIDED:
            runs.append([])
        else:
            runs[-1].append(e)

    def at(run: list, j: int) -> bool:
        return 0 <= j and j + len(run) <= len(actual) and \
            all(not mismatches(e, a) for e, a in zip(run, actual[j:j + len(run)], strict=True))

    first, *middle, last = runs
    if not at(first, 0):
        return False
    j = len(first)
    for run in middle:
        while j + len(run) <= len(actual) and not at(run, j):
            j += 1
        if not at(run, j):
            return False
        j += len(run)
    return len(actual) - len(last) >= j and at(last, len(actual) - len(last))


# ------------------------------------------------------------------------------------------ replaying
class Served:
    """`python -m engine.serve`, one request line at a time."""

    def __init__(self) -> None:
        self.process = subprocess.Popen([sys.executable, "-m", "engine.serve"], cwd=paths.ROOT, stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)

    def send(self, line: str) -> dict:
        assert self.process.stdin and self.process.stdout
        self.process.stdin.write(line.encode("utf-8") + b"\n")
        self.process.stdin.flush()
        reply = self.process.stdout.readline()
        assert reply, f"the engine sent no reply to {line}"
        return json.loads(reply)

    def close(self) -> None:
        if self.process.stdin:
            self.process.stdin.close()
        self.process.wait(timeout=10)


@dataclass
class Replayed:
    line: Line
    section: str
    request: dict
    reply: dict


@cache
def replayed() -> tuple[Replayed, ...]:
    """Every transcript of the document replayed, in order (a `hello` starts a new engine process)."""
    out: list[Replayed] = []
    server: Served | None = None
    try:
        for t in transcripts(document()):
            first = json.loads(t.lines[0].request) if ELIDED not in t.lines[0].request else {}
            if first.get("request") == "hello":
                if server is not None:
                    server.close()
                server = Served()
            assert server is not None, f"PROTOCOL.md:{t.line}: a transcript that continues none (start it with hello)"
            for line in t.lines:
                assert ELIDED not in line.request, \
                    f"PROTOCOL.md:{line.number}: a request with `…` cannot be replayed as written"
                assert server.process.poll() is None, f"PROTOCOL.md:{line.number}: the engine has quit already"
                request = json.loads(line.request)
                out.append(Replayed(line, t.section, request, server.send(line.request)))
    finally:
        if server is not None:
            server.close()
    return tuple(out)


def test_the_document_has_transcripts_of_every_request_kind() -> None:
    from engine.serve import REQUESTS

    assert {r.request["request"] for r in replayed()} == set(REQUESTS)
    assert len(replayed()) >= 40
    assert all(r.line.reply is not None for r in replayed()), "every request of a transcript shows its reply"


def test_every_documented_reply_is_the_reference_engines() -> None:
    problems = []
    for r in replayed():
        assert r.line.reply is not None
        for m in mismatches(pattern(r.line.reply), r.reply):
            problems.append(f"PROTOCOL.md:{r.line.number} (§{r.section}, id {r.request.get('id')}): {m}")
    assert not problems, "\n".join(problems)


def test_the_documented_whole_state_is_the_reference_engines() -> None:
    """The ```json canonical state of §6 is the state after the request its comment names."""
    text = document()
    block = re.search(r"<!-- replayed: the state after request (\d+) of section (\d+) -->\n+```json\n(.*?)\n```",
                      text, re.S)
    assert block, "§6 shows a whole canonical state, with the comment naming the request it follows"
    rid, section = int(block.group(1)), block.group(2)
    after = [r for r in replayed() if r.section == section and r.request.get("id") == rid]
    assert len(after) == 1, f"no single request {rid} in the transcripts of section {section}"
    assert after[0].reply["ok"]
    problems = mismatches(pattern(block.group(3)), after[0].reply["state"])
    assert not problems, "\n".join(problems)


# ------------------------------------------------------------------------------------------ the matcher itself
def test_the_matcher_reads_elisions_and_catches_renamed_fields() -> None:
    doc = '{"id":3,"ok":true,"state":{"priority":"А","history":[…,{"kind":"rule_effect","targets":[],…},…],…}}'
    good = {"id": 3, "ok": True, "state": {"priority": "А", "turn": 1, "history": [
        {"kind": "setup", "targets": []}, {"kind": "rule_effect", "targets": [], "info": {}}]}}
    assert mismatches(pattern(doc), good) == []
    renamed = json.loads(json.dumps(good).replace('"targets"', '"target"'))
    assert mismatches(pattern(doc), renamed)
    assert mismatches(pattern('{"a":1}'), {"a": 1, "b": 2})            # no `…`: no other key
    assert mismatches(pattern('{"a":[1,2]}'), {"a": [1, 2, 3]})       # no `…`: no other item
    assert not mismatches(pattern('{"a":[1,…,3]}'), {"a": [1, 2, 5, 3]})
    assert mismatches(pattern('{"a":[1,…,3]}'), {"a": [0, 1, 3]})      # anchored at the start
    assert mismatches(pattern('{"a":true}'), {"a": 1})                 # true is not 1
    assert pattern('{"m":"a … b"}') == {"m": "a … b"}                  # `…` inside a string is text


# ------------------------------------------------------------------------------------------ what the text says
def section(text: str, title: str) -> str:
    """The text of the `### title` subsection (up to the next heading of its level or above)."""
    m = re.search(rf"^### {re.escape(title)}\n(.*?)(?=^##+ )", text, re.S | re.M)
    assert m, f"PROTOCOL.md has no subsection «{title}»"
    return m.group(1)


def test_the_board_format_names_every_field_of_the_schema() -> None:
    schema = json.loads((paths.ROOT / "harness" / "schemas" / "board.schema.json").read_text(encoding="utf-8"))
    board = section(document(), "The board")
    assert "harness/schemas/board.schema.json" in board
    assert "engine/" not in board, "a newcomer should not need engine code to write a board"
    fields = set(schema["properties"]) | set(schema["$defs"]["card_instance"]["properties"]) | \
        set(schema["$defs"]["effect"]["properties"])
    missing = sorted(f for f in fields if f"`{f}`" not in board)
    assert not missing, f"fields of board.schema.json the board section does not describe: {missing}"
    for value in schema["$defs"]["effect"]["properties"]["kind"]["enum"] + \
            schema["$defs"]["card_instance"]["properties"]["zone"]["enum"]:
        assert f"`{value}`" in board, value


def test_the_refusal_table_gives_each_code_its_class() -> None:
    """Every row of «Which refusal for which request» names a code and the class contract.REFUSALS gives it;
    every code the reference engine raises has a row."""
    rows = [line for line in section(document(), "Which refusal for which request").splitlines()
            if line.startswith("| `")]
    assert rows
    class_of = {code: label for label, (_, codes) in contract.REFUSALS.items() for code in codes}
    documented = set()
    for row in rows:
        cells = [c.strip() for c in row.strip("|").split("|")]
        code = re.fullmatch(r"`(\w+)`", cells[2])
        assert code, row
        documented.add(code.group(1))
        assert cells[3] == class_of.get(code.group(1), "—"), f"{row}: the class of {code.group(1)} is " \
                                                              f"{class_of.get(code.group(1), '—')}"
    raised = set(re.findall(r'IllegalAction\("(\w+)"', "".join(
        p.read_text(encoding="utf-8") for p in (paths.ROOT / "engine").glob("*.py"))))
    assert raised - {"unknown_action"} <= documented, sorted(raised - documented)


def test_the_state_section_names_the_contracts_keys() -> None:
    text = document()
    state = text[text.index("## 6. The canonical state"):text.index("## 7.")]
    for group, keys in contract.REQUIRED.items():
        for key in keys:
            assert f"`{key}`" in state, f"§6 does not name the required key {group}.{key}"
    for keys in contract.FEATURE_KEYS["battle_history"].values():
        for key in keys:
            assert f"`{key}`" in state, key
    for effect, _ended in RULE_EFFECT_NAMES:
        assert f"`{effect}`" in state, effect
    assert "`info.cards`" in state and "ни источника, ни цели" in state


def test_every_path_of_the_contract_has_a_meaning() -> None:
    paths_ = set(contract.paths_read()) | contract.required_paths() | \
        {p for keys in contract.feature_paths().values() for p in keys}
    assert paths_ == set(contract.MEANINGS), (sorted(paths_ - set(contract.MEANINGS)),
                                              sorted(set(contract.MEANINGS) - paths_))
    assert {effect for effect, _ in RULE_EFFECT_NAMES} == set(contract.RULE_EFFECT_FIELDS)


# ------------------------------------------------------------------------------------------ rule effects, as written
@cache
def rule_effects_played() -> tuple[dict, ...]:
    """The rule effects of plays from every board of the suite (a few fixed choices per board)."""
    from harness.quality.differential import moves, scenario_boards

    seen: dict[str, dict] = {}
    for board, definitions in scenario_boards().values():
        for script in range(4):
            game = engine.new_game(board, definitions)
            for n in range(30):
                options = moves(engine.state(game), legal=game.legal_actions)
                if not options:
                    break
                move = options[(n * (script + 1) + script) % len(options)]
                try:
                    game.act(move.player, move.value) if move.kind == "act" else game.answer(move.player, move.value)
                except engine.IllegalAction:
                    pass
            for h in engine.state(game)["history"]:
                if h["kind"] == "rule_effect":
                    seen.setdefault(json.dumps(h, sort_keys=True, ensure_ascii=False), h)
    return tuple(seen.values())


@pytest.mark.parametrize("effect", sorted(contract.RULE_EFFECT_FIELDS))
def test_rule_effects_are_written_as_documented(effect: str) -> None:
    """No source and no target (503.1); the cards in info.cards; controller and parent null where the table
    says null."""
    _, cards, controller, parent = contract.RULE_EFFECT_FIELDS[effect]
    for h in rule_effects_played():
        if h["info"].get("effect") != effect:
            continue
        assert h["source"] is None and h["targets"] == [], h
        if cards.startswith("none"):
            assert "cards" not in h["info"], h
        else:
            assert h["info"].get("cards") or "empty" in cards, h
        if controller == "null":
            assert h["controller"] is None, h
        if parent == "null":
            assert h["parent"] is None, h


def test_the_plays_meet_the_common_rule_effects() -> None:
    kinds = {h["info"]["effect"] for h in rule_effects_played()}
    assert {"death", "open", "player_loses"} <= kinds, kinds
