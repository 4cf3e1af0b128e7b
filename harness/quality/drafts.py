"""A line of random play written out as a scenario draft: the `.feature` text in the closed step vocabulary
(docs/STEPS.md) and its board as YAML, for a rules editor to review, name and drop into `features/` and
`scenarios/`.

The line is replayed on the reference engine (in this process): every move it accepted becomes a «Когда» step
(the sandbox's `Sandbox.move_step`, one phrasing per move, the same the site's «Выгрузить» writes), a move it
refused changed nothing and is left out (a comment says so). The «Тогда» steps state the reference engine's
values after the last move of what differed (`fields`: the differential's lines, `cards[orc].wounds: …`): a
card's zone or cell, wounds, open/closed, controller, priority, the stack; a differing field no step reads
(the history, a pending decision, a strike…) is named in a comment and the card's or the state's usual checks
stand in for it (`Sandbox.final_checks`). The board: a board of the suite is written as it is in `scenarios/`;
a generated one (the fuzzer's) as the sandbox writes boards, its generated cards inline under `test_cards`,
which a scenario of the suite may not keep (lint S022): they join the pool of test cards first.

    from harness.quality.drafts import write_draft
    paths = write_draft(out_dir, divergence.board, *divergence.setup, divergence.moves, divergence.diff,
                        title="…")
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Any

from harness.common import paths as kit_paths
from harness.common.safeio import atomic_write_many
from harness.engines.adapters import InProcessAdapter
from harness.output.sandbox import Sandbox, SandboxError, _plural, _ref, _scalar, board_yaml
from harness.quality.differential import GENERATED, Move, perform

EDITION_TITLE = {"classic": "Классика", "heroes": "Герои"}
FIELDS_SHOWN = 12
FIELD = re.compile(r"^cards\[(?P<card>[^\]]+)\](?:\.(?P<key>\w+))?")


def _move_dict(move: Move) -> dict[str, Any]:
    if move.kind == "act":
        return {"do": "act", "player": move.player, "action": move.value}
    return {"do": "answer", "player": move.player, "choice": move.value}


def replay(setup: dict, definitions: dict, moves: list[Move], readings: dict[str, str] | None = None
           ) -> tuple[list[str], dict, list[str]]:
    """(the «Когда» steps of the accepted moves, the reference's state after the last one, notes)."""
    adapter = InProcessAdapter(readings=readings)
    state = adapter.setup(json.loads(json.dumps(setup)), json.loads(json.dumps(definitions)))
    whens: list[str] = []
    notes: list[str] = []
    for i, move in enumerate(moves, 1):
        result = perform(adapter, move)
        if result.kind != "ok" or result.state is None:
            notes.append(f"move {i} ({move.text()}): the reference engine {result.text()}; left out")
            continue
        try:
            whens.append(Sandbox.move_step(_move_dict(move), state))
        except SandboxError as exc:
            notes.append(f"move {i} ({move.text()}) has no step in the vocabulary: {exc}")
        state = result.state
    return whens, state, notes


def then_checks(state: dict, fields: list[str]) -> tuple[list[list[str]], list[str]]:
    """The «Тогда» checks of the differing `fields` on the reference's `state` (each a step and its table rows),
    and the fields no step states (as notes)."""
    ref = _ref(state)
    cards = {c["id"]: c for c in state.get("cards", [])}
    checks: list[list[str]] = []
    unstated: list[str] = []
    all_checks = Sandbox.final_checks(state)

    def add(check: list[str]) -> None:
        if check not in checks:
            checks.append(check)

    for line in fields:
        path = line.split(":", 1)[0]
        m = FIELD.match(path)
        if m and m.group("card") in cards:
            c, key = cards[m.group("card")], m.group("key")
            r = ref(c["id"])
            if key in ("zone", "cell", None) or c["zone"] != "battlefield":
                if c["zone"] == "battlefield" and c.get("cell") and not c.get("host"):
                    add([f'"{r}" в клетке {c["cell"]}'])
                else:
                    from harness.common.vocabulary import ZONE_NAMES

                    add([f'"{r}" {ZONE_NAMES[c["zone"]]} игрока {c["owner"]}'])
                if key in ("zone", "cell", None):
                    continue
            if key == "wounds":
                add([f'у "{r}" {c["wounds"]} {_plural(c["wounds"], "рана", "раны", "ран")}'])
            elif key == "open":
                add([f'"{r}" {"открыт" if c["open"] else "закрыт"}'])
            elif key == "controller":
                add([f'"{r}" под контролем игрока {c["controller"]}'])
            elif key == "strike" and isinstance(c.get("strike"), dict) and c["strike"].get("value"):
                w, mid, s = c["strike"]["value"]
                add([f'у "{r}" простой удар {w}-{mid}-{s}'])
            elif key == "counters":
                add([f'у "{r}" {c["counters"]} {_plural(c["counters"], "фишка", "фишки", "фишек")}'])
            elif key == "moves_left":
                add([f'у "{r}" запас движения {c["moves_left"]}'])
            else:
                unstated.append(line)
        elif path == "priority":
            add([f"приоритет у игрока {state['priority']}" if state["priority"] else "приоритета нет ни у кого"])
        elif path.startswith("stack"):
            add(next(ch for ch in all_checks if ch[0].startswith(("на стеке", "на Очереди", "стек", "Очередь"))))
        elif path.startswith("players"):
            lost = [p["name"] for p in state.get("players", []) if p.get("lost")]
            if lost:
                add([f"игрок {lost[0]} проиграл"])
            else:
                unstated.append(line)
        else:
            unstated.append(line)
    if not checks:
        checks = all_checks
    return checks, unstated


def draft_text(board_name: str, setup: dict, definitions: dict, moves: list[Move], fields: list[str],
               title: str = "", unit: str = "", readings: dict[str, str] | None = None,
               origin: str = "") -> dict[str, str]:
    """The draft: ``{"feature", "board", "feature_path", "board_path", "tag"}`` (paths relative to the output
    folder: ``<edition>/<name>.feature`` and the board under ``scenarios/<edition>/``, the layout of the suite)."""
    edition = str(setup.get("edition"))
    digest = hashlib.sha256(json.dumps({"board": board_name, "moves": [m.text() for m in moves]},
                                       ensure_ascii=False, sort_keys=True).encode()).hexdigest()[:6]
    tag = f"черновик-{digest}"
    slug = f"draft-{digest}"
    board_path = f"{edition}/{slug}.yaml"
    whens, state, notes = replay(setup, definitions, moves, readings)
    checks, unstated = then_checks(state, fields)
    body = [f'Дано расклад "{board_path}"', *(("Когда " if i == 0 else "И ") + w for i, w in enumerate(whens))]
    body += ["Тогда " + checks[0][0], *checks[0][1:]]
    for check in checks[1:]:
        body += ["И " + check[0], *check[1:]]
    unit = unit or _unit_of(board_name, edition)
    comments = [f"# a draft from random play ({origin or 'berserk-rules compare'}), board {board_name}",
                "# the «Тогда» lines state the reference engine's values of what differed (a field marked * no step "
                "states: check it by hand):"]
    comments += [f"#   {'*' if f in unstated else ' '} {f}" for f in fields[:FIELDS_SHOWN]]
    if len(fields) > FIELDS_SHOWN:
        comments.append(f"#   … and {len(fields) - FIELDS_SHOWN} more")
    comments += [f"# {n}" for n in notes]
    comments.append("# before it joins the suite: name the rule unit it checks (its tag), give it a title that "
                    "says what the rule makes happen, and run `berserk-rules lint`")
    feature = "\n".join([
        "# language: ru",
        *comments,
        f"Функция: {EDITION_TITLE.get(edition, edition)} — черновики из случайной игры",
        "",
        f"  Правило: {unit} — черновик из случайной игры",
        "",
        f"    @{unit}" if not unit.endswith("?") else "    # @<unit id>",
        f"    Сценарий: [{tag}] {' '.join((title or 'расхождение со справочным движком').split())}",
        *[("      " + line) if not line.startswith("|") else ("        " + line) for line in body],
        "",
    ])
    return {"feature": feature, "board": _board_text(board_name, setup, definitions, board_path),
            "feature_path": f"features/{edition}/{slug}.feature", "board_path": f"scenarios/{board_path}",
            "tag": tag}


def _unit_of(board_name: str, edition: str) -> str:
    """The unit a board of the suite serves, from its name (`classic/113.2.ex1-….yaml` → `classic:113.2.ex1`),
    else «<edition>:?» (a generated board serves none)."""
    m = re.match(r"^(?:[a-z]+/)?(?:[0-9]+/)?(?P<unit>[0-9]+(?:\.[0-9a-z]+)*)-", board_name)
    return f"{edition}:{m.group('unit')}" if m else f"{edition}:?"


def _board_text(board_name: str, setup: dict, definitions: dict, board_path: str) -> str:
    source = kit_paths.SCENARIOS / board_name
    if board_name != GENERATED and source.is_file():
        return source.read_text(encoding="utf-8")
    text = board_yaml(setup, board_path)
    generated = {n: d for n, d in definitions.items() if isinstance(d, dict) and d.get("source") == "harness.quality.fuzz"}
    if generated:
        text += "# generated test cards (harness.quality.fuzz): move them to the pool (catalog/test-cards/) first\n"
        text += "test_cards:\n" + "".join(f"  - {_scalar({k: v for k, v in d.items() if k != 'source'})}\n"
                                          for d in generated.values())
    return text


def write_draft(out_dir: Path, board_name: str, setup: dict, definitions: dict, moves: list[Move],
                fields: list[str], **kw: Any) -> list[Path]:
    """Write the draft under `out_dir` (its `features/…` and `scenarios/…`); the files written."""
    draft = draft_text(board_name, setup, definitions, moves, fields, **kw)
    files = {Path(out_dir) / draft[f"{key}_path"]: draft[key].encode("utf-8") for key in ("feature", "board")}
    for path in files:
        path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_many(files)
    return list(files)


__all__ = ["draft_text", "replay", "then_checks", "write_draft"]
