"""The sandbox of the site: set up any position, play it with the reference engine, export the line as a scenario.

This module runs in two places: in the browser (the site's ``sandbox.html`` loads it into Pyodide with the
engine, unchanged) and in this process (the tests, and `harness.output.site` for the scenarios' boards). It
therefore imports only the standard library, the engine, and the harness modules that need nothing else
(`harness.common.facts`, `harness.common.vocabulary`, `harness.suite.definitions`, `harness.output.render`);
`PYODIDE_FILES` lists them, and the site ships exactly those files.

A `Sandbox` holds a *position* (a board as plain data, the shape of `harness/schemas/board.schema.json` with
the defaults filled in) and a *line*: the moves played from it (a player's action, or an answer to the pending
decision), with undo and redo. Every move goes through the engine's public API (`new_game`, `legal_actions`,
`act`, `answer`, `state`): the sandbox offers what the engine lists (the legal actions of the player with
priority, the options of the pending decision) and knows no rule itself. Editing the position (adding,
moving, removing a card, wounds, open/closed, face down, extra lives, whose turn, the step) starts a new line;
an edit the engine refuses as a position (`engine.setup_problems`) is not made, and the reason is shown.

`export` writes the line as a scenario of the suite: a ``.feature`` snippet in the closed step vocabulary
(docs/STEPS.md) whose «Тогда» steps check the state the sandbox shows at the end (every card's zone, cell,
wounds, open/closed and controller, the stack/Queue and priority, and every visible difference from the start of
the line: `Sandbox.final_checks`), and its ``.yaml`` board. A move the
vocabulary has no step for (a trigger point the step would not pick) is refused with the move named, never
written as a step that would do something else.

`call(request_json)` is the whole interface of the page: one JSON request in, one JSON reply out.
"""

from __future__ import annotations

import copy
import difflib
import hashlib
import json
import re
from typing import Any

import engine
from harness.common.vocabulary import (
    REFUSAL_WORDS,
    STACK_ACTIONS,
    ZONE_NAMES,
    counted,
    duration_words,
    edition_word,
    effect_words,
)
from harness.output import render
from harness.suite.definitions import board_definitions

__all__ = ["PYODIDE_FILES", "Sandbox", "SandboxError", "board_yaml", "canonical_json", "digest"]

#: the files of the kit the browser needs, relative to the repository (the engine's package is shipped whole)
PYODIDE_FILES = ("harness/__init__.py", "harness/common/__init__.py", "harness/common/facts.py",
                 "harness/common/vocabulary.py", "harness/suite/__init__.py", "harness/suite/definitions.py",
                 "harness/output/__init__.py", "harness/output/render.py", "harness/output/sandbox.py")

#: the card fields a judge sets on the board (board.schema.json#/$defs/card_instance), with their defaults
CARD_FIELDS = {"wounds": 0, "closed": False, "face_down": False, "additional_lives": 0}
#: the fields of the position a judge sets
POSITION_FIELDS = ("active", "priority", "step", "turn")
STEP_WORDS = {"start": "начало хода", "main": "основной шаг", "end": "конец хода"}
_PLAYERS_DEFAULT = list(engine.DEFAULT_PLAYERS)


class SandboxError(Exception):
    """A request the sandbox cannot carry out, with the reason in Russian (shown on the page)."""


def canonical_json(state: dict[str, Any]) -> str:
    """The canonical state as one stable JSON text (what the browser test compares)."""
    return json.dumps(state, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def digest(state: dict[str, Any]) -> str:
    return hashlib.sha256(canonical_json(state).encode("utf-8")).hexdigest()


def empty_board(edition: str) -> dict[str, Any]:
    players = list(_PLAYERS_DEFAULT)
    return {"edition": edition, "turn": 1, "players": players, "active": players[0], "first_player": players[0],
            "priority": players[0], "step": "main", "cards": [], "effects": [], "cell_markers": {}}


class Sandbox:
    """A position, the line played from it, undo and redo (see the module docstring).

    `cards` is ``{edition: {name: definition}}`` (the catalog and the pool of test cards, as the site build
    prepares them); `pool` is ``{edition: [names of the pool's test cards]}``; `invented` ``{edition: [names of
    catalog cards whose stats or text the catalog invents]}`` (an exported scenario using one is tagged
    ``@asm:card-stats-unknown``, as lint S030 asks); `forms` ``{name: {gent, datv, accs}}``, the names declined
    (in the browser pymorphy3 is not at hand: the site build precomputes them)."""

    def __init__(self, cards: dict[str, dict[str, dict[str, Any]]], pool: dict[str, list[str]] | None = None,
                 invented: dict[str, list[str]] | None = None,
                 forms: dict[str, dict[str, str]] | None = None) -> None:
        self.cards = cards
        render.NAME_FORMS.update(forms or {})     # the names declined for the log (the site build's pymorphy3)
        self.pool = pool or {}
        self.invented = invented or {}
        self.origin: dict[str, Any] = {}          # the scenario the position came from: id, units, tags
        self.board: dict[str, Any] = empty_board(next(iter(cards)) if cards else "classic")
        self.moves: list[dict[str, Any]] = []
        self.games: list[Any] = []
        self.pos = 0
        self._start()

    # -- the position
    def definitions(self, board: dict[str, Any]) -> dict[str, dict[str, Any]]:
        edition = board["edition"]
        return board_definitions(board["cards"], edition,
                                 lambda name, ed: copy.deepcopy(self.cards.get(ed, {}).get(name)))

    def _new_game(self, board: dict[str, Any]) -> Any:
        unknown = [c["card"] for c in board["cards"] if c["card"] not in self.cards.get(board["edition"], {})]
        if unknown:
            raise SandboxError(f"нет такой карты в каталоге ({_edition_title(board['edition'])}): {', '.join(unknown)}")
        problems = engine.setup_problems(board)
        if problems:
            raise SandboxError("; ".join(_problem_text(board, path, message) for path, message in problems))
        try:
            return engine.new_game(copy.deepcopy(board), self.definitions(board))
        except (engine.SetupError, engine.DefinitionError) as exc:
            raise SandboxError("движок не принял расклад: " + _problem_text(board, (), str(exc))) from exc

    def _start(self) -> None:
        self.games = [self._new_game(self.board)]
        self.moves = []
        self.pos = 0

    def load(self, board: dict[str, Any], origin: dict[str, Any] | None = None) -> None:
        """Start from this board (a scenario's, defaults filled in). Scripted dice are the scenario's, not the
        position's: the sandbox asks for every roll."""
        new = {k: copy.deepcopy(v) for k, v in board.items() if k not in ("dice", "test_cards")}
        if board.get("test_cards"):
            raise SandboxError("расклад определяет карты прямо в себе (test_cards): песочница берёт карты только "
                               "из каталога и пула тестовых карт")
        old = (self.board, self.origin)
        self.board, self.origin = new, dict(origin or {})
        try:
            self._start()
        except SandboxError:
            self.board, self.origin = old
            raise

    def empty(self, edition: str) -> None:
        if edition not in self.cards:
            raise SandboxError(f"нет такого издания; есть: {', '.join(map(_edition_title, self.cards))}")
        self.load(empty_board(edition))

    def edit(self, op: dict[str, Any]) -> None:
        """Change the position (the line played so far is dropped): ``{"op": "add", "card", "owner", "zone",
        "cell"}``, ``{"op": "remove", "id"}``, ``{"op": "set", "id", "field", "value"}`` (field: zone, cell,
        owner, controller, wounds, closed, face_down, additional_lives), ``{"op": "position", "field",
        "value"}`` (active, priority, step, turn). The edit is made only when the engine accepts the position."""
        board = copy.deepcopy(self.board)
        kind = op.get("op")
        if kind == "add":
            name = str(op.get("card") or "")
            if name not in self.cards.get(board["edition"], {}):
                near = difflib.get_close_matches(name, list(self.cards.get(board["edition"], {})), n=3, cutoff=0.6)
                raise SandboxError(f"нет карты «{name}» в каталоге ({_edition_title(board['edition'])})"
                                   + (f"; может быть: {', '.join(near)}?" if near else ""))
            card: dict[str, Any] = {"id": self._new_id(board, name), "card": name,
                                    "owner": op.get("owner") or board["players"][0]}
            card["controller"] = card["owner"]
            card["zone"] = op.get("zone") or "battlefield"
            if op.get("cell") and card["zone"] == "battlefield":
                card["cell"] = op["cell"]
            board["cards"].append(card)
        elif kind == "remove":
            card = self._card(board, op.get("id"))
            board["cards"].remove(card)
            board["effects"] = [e for e in board.get("effects", [])
                                if card["id"] not in (e.get("source"), e.get("target"))]
        elif kind == "set":
            card = self._card(board, op.get("id"))
            field, value = op.get("field"), op.get("value")
            if field in ("wounds", "additional_lives"):
                value = int(value)
            elif field in ("closed", "face_down"):
                value = bool(value)
            elif field not in ("zone", "cell", "owner", "controller"):
                raise SandboxError(f"поле карты «{field}» не меняется в песочнице")
            if value in (None, "", 0, False) and field in (*CARD_FIELDS, "cell"):
                card.pop(field, None)
            else:
                card[field] = value
            if field == "zone" and value != "battlefield":
                card.pop("cell", None)
        elif kind == "position":
            field, value = op.get("field"), op.get("value")
            if field not in POSITION_FIELDS:
                raise SandboxError(f"поле расклада «{field}» не меняется в песочнице")
            board[field] = int(value) if field == "turn" else value
            if field == "active":
                board["priority"] = value
        else:
            raise SandboxError(f"неизвестная правка «{kind}»")
        old = self.board
        self.board = board
        try:
            self._start()
        except SandboxError:
            self.board = old
            self._start()
            raise

    @staticmethod
    def _card(board: dict[str, Any], card_id: Any) -> dict[str, Any]:
        for card in board["cards"]:
            if card["id"] == card_id:
                return card
        raise SandboxError(f"нет карты с кодом «{card_id}» в раскладе")

    @staticmethod
    def _new_id(board: dict[str, Any], name: str) -> str:
        base = re.sub(r"[^a-z0-9]+", "-", _translit(name).lower()).strip("-") or "card"
        taken = {c["id"] for c in board["cards"]}
        if base not in taken:
            return base
        n = 2
        while f"{base}{n}" in taken:
            n += 1
        return f"{base}{n}"

    # -- the line
    @property
    def game(self) -> Any:
        return self.games[self.pos]

    def _play(self, move: dict[str, Any]) -> None:
        game = self.game.clone()
        try:
            if move["do"] == "act":
                game.act(move["player"], move["action"])
            else:
                game.answer(move["player"], move["choice"])
        except engine.IllegalAction as exc:
            raise SandboxError(f"движок отказал: {REFUSAL_WORDS.get(exc.code, 'по правилам')}") from exc
        del self.games[self.pos + 1:], self.moves[self.pos:]
        self.games.append(game)
        self.moves.append(move)
        self.pos += 1

    def act(self, index: int) -> None:
        """Play the legal action number `index` of the player with priority (as `view` lists them)."""
        player = engine.state(self.game, ("priority",))["priority"]
        actions = engine.legal_actions(self.game, player) if player else []
        if not 0 <= index < len(actions):
            raise SandboxError("такого действия сейчас нет")
        self._play({"do": "act", "player": player, "action": actions[index]})

    def answer(self, index: int) -> None:
        """Answer the pending decision with its option number `index`."""
        pending = engine.state(self.game, ("pending",))["pending"]
        if not pending or not 0 <= index < len(pending["options"]):
            raise SandboxError("такого ответа сейчас нет")
        self._play({"do": "answer", "player": pending["player"], "choice": _choice(pending["options"][index])})

    def play(self, moves: list[dict[str, Any]]) -> None:
        """Play moves given as data (``{"do": "act", "player", "action"}`` / ``{"do": "answer", "player",
        "choice"}``): a scripted line."""
        for move in moves:
            self._play(move)

    def undo(self) -> None:
        if self.pos == 0:
            raise SandboxError("нечего отменять")
        self.pos -= 1

    def redo(self) -> None:
        if self.pos >= len(self.moves):
            raise SandboxError("нечего повторять")
        self.pos += 1

    # -- what the page shows
    def view(self) -> dict[str, Any]:
        state = engine.state(self.game)
        before = engine.state(self.games[self.pos - 1]) if self.pos else None
        since = len(before["history"]) if before else 0
        player = state["priority"]
        actions = engine.legal_actions(self.game, player) if player else []
        pending = state["pending"]
        events = [{"text": render.history_line(e, state), "rule": e.get("kind") == "rule_effect"}
                  for e in state["history"][since:] if e.get("kind") != "priority"]
        return {
            "board": self.board, "origin": self.origin, "edition": state["edition"],
            "svg": render.board_svg(state),
            "turn": state["turn"], "active": state["active_player"], "step": state["step"],
            "step_text": STEP_WORDS.get(state["step"], state["step"]),
            "priority": player, "stack_name": state["stack_name"], "stack": render.stack_lines(state),
            "waiting": render.waiting_lines(state), "game_over": state["game_over"],
            "actions": [{"index": i, "player": player, "text": self.action_text(a, state)}
                        for i, a in enumerate(actions)],
            "pending": None if not pending else {
                "text": render.pending_line(pending, state), "player": pending["player"], "kind": pending["kind"],
                "options": [{"index": i, "text": self.option_text(pending, o, state)}
                            for i, o in enumerate(pending["options"])]},
            "events": events,
            "history": [render.history_line(e, state) for e in state["history"] if e.get("kind") != "priority"],
            "line": [self.move_text(m, s) for m, s in zip(self.moves, self._states_before(), strict=False)],
            "pos": self.pos, "can_undo": self.pos > 0, "can_redo": self.pos < len(self.moves),
            "canonical": canonical_json(state), "digest": digest(state),
        }

    def _states_before(self) -> list[dict[str, Any]]:
        return [engine.state(g, ("cards", "pending")) for g in self.games[:len(self.moves)]]

    @staticmethod
    def action_text(action: dict[str, Any], state: dict[str, Any]) -> str:
        name = _namer(state)
        kind = action.get("type")
        if kind == "pass":
            return "пас"
        if kind == "end_turn":
            return "закончить ход"
        if kind == "attack":
            return f"{name(action['attacker'])} атакует {name(action['target'])}"
        if kind == "move":
            return f"{name(action['card'])} → клетка {action['cell']}"
        if kind == "play":
            return f"разыграть {name(action['card'])}" + (f" в клетку {action['cell']}" if action.get("cell") else "")
        if kind == "activate":
            return f"применить {name(action['card'])}: {action['ability']}"
        return json.dumps(action, ensure_ascii=False)

    @staticmethod
    def option_text(pending: dict[str, Any], option: Any, state: dict[str, Any]) -> str:
        kind = pending.get("kind")
        if kind == "roll":
            return f"выпало {option}"
        if option is None:
            return {"declare_trigger": "не объявлять", "defender": "без защитника",
                    "redirect": "не перенаправлять"}.get(kind, "нет")
        if kind == "declare_trigger" and isinstance(option, dict):
            text = f"объявить {_namer(state)(option['card'])}: {option['ability']}"
            return text + (f" (точка: {_namer(state)(option['subject'])})" if option.get("subject") else "")
        if kind == "target" and isinstance(option, str) and re.fullmatch(r"[a-z]\d", option) \
                and option not in _ids(state):           # a card's id may look like a cell («g1»)
            return f"клетка {option}"
        return render.option_line(state, option)

    def move_text(self, move: dict[str, Any], before: dict[str, Any]) -> str:
        if move["do"] == "act":
            return f"{move['player']}: {self.action_text(move['action'], before)}"
        pending = before.get("pending") or {}
        option = next((o for o in pending.get("options", []) if _choice(o) == move["choice"]), move["choice"])
        return f"{move['player']}: {self.option_text(pending, option, before)}"

    # -- export
    TAG_LIMIT = 60
    """The longest scenario tag of an export (it names the board's and the feature's files)."""

    def export(self, unit: str = "", tag: str = "", title: str = "") -> dict[str, str]:
        """The line as a scenario: ``{"feature": text, "board": text, "feature_path", "board_path",
        "scenario_id"}``. Raises SandboxError when a move has no step in the vocabulary."""
        edition = self.board["edition"]
        units = list(self.origin.get("units") or [])
        unit = (unit or (units[-1] if units else "")).strip()
        if not re.fullmatch(r"(classic|heroes):[0-9][0-9A-Za-z.]*", unit):
            raise SandboxError("укажите единицу правил, которую проверяет сценарий, например classic:113.2")
        if not unit.startswith(edition + ":"):
            raise SandboxError(f"единица {unit} — не из издания расклада ({_edition_title(edition)})")
        number = unit.split(":", 1)[1]
        line_hash = digest({"board": self.board, "moves": self.moves[:self.pos]})[:6]
        tag = (tag or f"{number}-п{line_hash}").strip()
        if not re.fullmatch(r"[0-9A-Za-zА-Яа-яЁё._-]+", tag):
            raise SandboxError("тег сценария — буквы, цифры, точка, дефис (например 113.2-п1)")
        if len(tag) > self.TAG_LIMIT:      # it names the exported files: a name a file system can store
            raise SandboxError(f"тег сценария не длиннее {self.TAG_LIMIT} знаков (в нём {len(tag)}): он даёт имя файлам")
        title = " ".join((title or "партия из песочницы").split())
        slug = re.sub(r"[^0-9a-z]+", "-", _translit(tag).lower()).strip("-")
        board_path = f"{edition}/sandbox-{slug}.yaml"
        whens = [self.move_step(move, engine.state(game, ("edition", "cards", "pending")))
                 for move, game in zip(self.moves[:self.pos], self.games[:self.pos], strict=True)]
        checks = self.final_checks(engine.state(self.game), engine.state(self.games[0]))
        body = [f'Дано расклад "{board_path}"', *(("Когда " if i == 0 else "И ") + w for i, w in enumerate(whens))]
        body += ["Тогда " + checks[0][0], *checks[0][1:]]
        for check in checks[1:]:
            body += ["И " + check[0], *check[1:]]
        tags = [f"@{unit}"]
        origin_tags = [t for t in self.origin.get("tags", []) if t.startswith("asm:")]
        if any(c["card"] in self.invented.get(edition, []) for c in self.board["cards"]):
            origin_tags.append("asm:card-stats-unknown")
        tags += [f"@{t}" for t in dict.fromkeys(origin_tags)]
        edition_title = {"classic": "Классика", "heroes": "Герои"}.get(edition, edition)
        feature = "\n".join([
            "# language: ru",
            f"Функция: {edition_title} — партии из песочницы",
            "",
            f"  Правило: {unit} — разыграно в песочнице сайта",
            "",
            "    " + " ".join(tags),
            f"    Сценарий: [{tag}] {title}",
            *[("      " + line) if not line.startswith("|") else ("        " + line) for line in body],
            "",
        ])
        return {"feature": feature, "board": board_yaml(self.board, board_path), "board_path": board_path,
                "feature_path": f"{edition}/sandbox-{slug}.feature", "scenario_id": f"{edition}:{tag}"}

    @staticmethod
    def move_step(move: dict[str, Any], before: dict[str, Any]) -> str:
        """The «Когда» step (without the keyword) that makes this move, from the state before it."""
        ref = _ref(before)
        player = move["player"]
        if move["do"] == "act":
            a = move["action"]
            kind = a["type"]
            if kind == "pass":
                return f"игрок {player} пасует"
            if kind == "end_turn":
                return f"ход игрока {player} заканчивается"
            if kind == "attack":
                return f'игрок {player} атакует простым ударом существом "{ref(a["attacker"])}" существо "{ref(a["target"])}"'
            if kind == "move":
                return f'игрок {player} перемещает "{ref(a["card"])}" в клетку {a["cell"]}'
            if kind == "play":
                return f'игрок {player} разыгрывает "{ref(a["card"])}"' + (f" в клетку {a['cell']}" if a.get("cell") else "")
            if kind == "activate":
                return f'игрок {player} применяет способность "{ref(a["card"])}: {a["ability"]}"'
            raise SandboxError(f"у действия «{kind}» нет шага в словаре шагов (docs/STEPS.md)")
        pending = before["pending"] or {}
        kind, choice = pending.get("kind"), move["choice"]
        if kind == "roll":
            return f"на кубике игрока {player} выпадает {choice}"
        if kind == "exchange":
            return f"игрок {player} выбирает {'обмен ударами' if choice == 'exchange' else 'удар на ступень слабее'}"
        if kind == "target":
            if isinstance(choice, str) and re.fullmatch(r"[a-z]\d", choice) and choice not in _ids(before):
                return f"игрок {player} выбирает целью клетку {choice}"
            return f'игрок {player} выбирает целью "{ref(choice)}"'
        if kind == "defender":
            if choice is None:
                return f"игрок {player} не назначает защитника"
            return f'игрок {player} назначает защитником "{ref(choice)}"'
        if kind == "redirect":
            if choice is None:
                return f"игрок {player} не перенаправляет атаку"
            return f'игрок {player} перенаправляет атаку на "{ref(choice)}"'
        if kind == "declare_trigger":
            word = edition_word(before.get("edition", "classic"), "ability")
            options = [o for o in pending["options"] if o]
            if choice is None:
                first = options[0]
                return f'игрок {player} не объявляет {word} "{ref(first["card"])}: {first["ability"]}"'
            chosen = next(o for o in options if o["id"] == choice)
            same = [o for o in options if o["card"] == chosen["card"] and o["ability"] == chosen["ability"]]
            step = f'игрок {player} объявляет {word} "{ref(chosen["card"])}: {chosen["ability"]}"'
            if len(same) > 1:
                by_subject = [o for o in same if o.get("subject") == chosen.get("subject")]
                if not chosen.get("subject") or by_subject[0] is not chosen:
                    raise SandboxError(f"объявление «{ref(chosen['card'])}: {chosen['ability']}» не записать: шаг "
                                       "выбрал бы другой из одинаковых вариантов")
                step += f' с точкой срабатывания "{ref(chosen["subject"])}"'
            return step
        raise SandboxError(f"у решения «{kind}» нет шага в словаре шагов (docs/STEPS.md)")

    @staticmethod
    def final_checks(state: dict[str, Any], start: dict[str, Any] | None = None) -> list[list[str]]:
        """The «Тогда» checks of the state shown at the end of the line (each a step without its keyword, and its
        table rows): every card's place, and on the battlefield its wounds, open/closed and controller, the
        stack/Queue and priority; and every visible difference from `start` (the state the line started from):
        strike with its modifiers, lives (current of maximum, additional, negative), counters, markers on the card
        and on cells, effects on the card with their durations, face-down, ownership, abilities, the pending
        decision and a player who lost. What is not at its default at the end is checked as well (a card lying
        face down, an effect in force), since the page shows it."""
        start = start or state
        edition = state.get("edition", "classic")
        ability, abilities_gen = edition_word(edition, "ability"), edition_word(edition, "abilities_gen")
        ref = _ref(state)
        before = {c["id"]: c for c in start["cards"]}
        effects = {e["id"]: e for e in state.get("effects", [])}
        checks: list[list[str]] = []
        for c in state["cards"]:
            r = ref(c["id"])
            was = before.get(c["id"], {})

            def changed(*keys: str, c: dict[str, Any] = c, was: dict[str, Any] = was) -> bool:
                return any(c.get(k) != was.get(k) for k in keys)

            if c["zone"] == "battlefield" and c.get("cell") and not c.get("host"):
                checks.append([f'"{r}" в клетке {c["cell"]}'])
            else:
                checks.append([f'"{r}" {ZONE_NAMES[c["zone"]]} игрока {c["owner"]}'])
            if c["zone"] != "battlefield":
                continue
            fem = render.NAME_FORMS.get(c["name"], {}).get("gender") == "femn"     # «Невтида открыта»
            if c.get("host"):
                checks.append([f'"{r}" {"прикреплена" if fem else "прикреплён"} к "{ref(c["host"])}"'])
            checks.append([f'у "{r}" {counted(c["wounds"], "рана")}'])
            checks.append([f'"{r}" {"открыт" if c["open"] else "закрыт"}{"а" if fem else ""}'])
            checks.append([f'"{r}" под контролем игрока {c["controller"]}'])
            if c["owner"] != c["controller"] or changed("owner", "controller"):
                checks.append([f'"{r}" принадлежит игроку {c["owner"]}'])
            if not c["face_up"] or changed("face_up"):
                checks.append([f'"{r}" {("вскрыта" if fem else "вскрыт") if c["face_up"] else "лежит рубашкой вверх"}'])
            if changed("current_lives", "lives", "additional_lives", "negative_lives", "wounds"):
                word = _lives_word(c["current_lives"])
                checks.append([f'у "{r}" {c["current_lives"]} {word}, максимум {c["lives"]}'])
            if c["additional_lives"] or changed("additional_lives"):
                checks.append([f'у "{r}" {c["additional_lives"]} '
                               f'{_plural(c["additional_lives"], "дополнительная жизнь", "дополнительные жизни", "дополнительных жизней")}'])
            if c["negative_lives"] or changed("negative_lives"):
                checks.append([f'у "{r}" {c["negative_lives"]} '
                               f'{_plural(c["negative_lives"], "отрицательная жизнь", "отрицательные жизни", "отрицательных жизней")}'])
            if c["counters"] or changed("counters"):
                checks.append([f'у "{r}" {counted(c["counters"], "фишка")}'])
            if c["markers"] or changed("markers"):
                checks.append([f'на "{r}" ' + ("маркеры: " + ", ".join(f"«{m}»" for m in c["markers"])
                                               if c["markers"] else "нет маркеров")])
            strike = c.get("strike") or {}
            if strike.get("value") and (strike["value"] != strike.get("base") or changed("strike")):
                w, m, st = strike["value"]
                checks.append([f'у "{r}" удар {w}' if edition == "heroes" and w == m == st
                               else f'у "{r}" простой удар {w}-{m}-{st}'])
            if changed("abilities"):
                checks += [[f'у "{r}" есть {ability} "{key}"'] for key in c["abilities"]] or \
                    [[f'у "{r}" нет {abilities_gen}']]
            on_card = [effects[e] for e in c.get("effects", []) if e in effects]
            for e in on_card:
                what = effect_words(e, ability)
                if what is None:
                    raise SandboxError(f"у эффекта «{e['kind']}» на «{r}» нет слов в словаре шагов (docs/STEPS.md)")
                source = ref(e["source"])
                checks.append([f'на "{r}" действует эффект {edition_word(edition, "ability_gen")} "{source}": {what}, '
                               f'{duration_words(e, state["turn"], source, ability)}'])
            if not on_card and changed("effects"):
                checks.append([f'на "{r}" не действуют эффекты'])
        cells_now, cells_then = state.get("cells") or {}, start.get("cells") or {}
        for cell in sorted(set(cells_now) | set(cells_then)):
            now, then = cells_now.get(cell, []), cells_then.get(cell, [])
            checks += [[f"на клетке {cell} лежит маркер «{m}»"] for m in dict.fromkeys(now)]
            checks += [[f"на клетке {cell} нет маркера «{m}»"] for m in dict.fromkeys(then) if m not in now]
        if not state["stack"]:
            checks.append([edition_word(edition, "stack_empty")])
        else:
            names = {c["id"]: c["name"] for c in state["cards"]}
            rows = [(names[s["source"]], STACK_ACTIONS.get(s["kind"]) or s["ability"]) for s in reversed(state["stack"])]
            w1 = max(len("карта"), *(len(a) for a, _ in rows))
            w2 = max(len("действие"), *(len(b) for _, b in rows))
            checks.append([edition_word(edition, "stack_loc") + " сверху вниз:",
                           f"| {'карта'.ljust(w1)} | {'действие'.ljust(w2)} |",
                           *(f"| {a.ljust(w1)} | {b.ljust(w2)} |" for a, b in rows)])
        checks.append([f"приоритет у игрока {state['priority']}" if state["priority"] else "приоритета нет ни у кого"])
        checks += Sandbox.pending_checks(state, ref, ability)
        checks += [[f"игрок {p['name']} проиграл"] for p in state.get("players", []) if p.get("lost")]
        return checks

    @staticmethod
    def pending_checks(state: dict[str, Any], ref: Any, ability: str) -> list[list[str]]:
        """The checks of the decision the engine waits for: who decides, and what is offered."""
        p = state.get("pending")
        if not p:
            return []
        player, kind, options = p["player"], p["kind"], p["options"]
        if kind == "roll":
            role = {"attacker": "атакующего", "defender": "защищающегося"}.get(p.get("role"))
            if role is None:
                raise SandboxError(f"у броска кубика «{p.get('role')}» нет шага в словаре шагов (docs/STEPS.md)")
            return [[f"игрок {player} должен бросить кубик за {role}"]]
        if kind in ("defender", "redirect"):
            verb = "может назначить защитником" if kind == "defender" else "может перенаправить атаку на"
            return [[f'игрок {player} {verb} "{ref(o)}"'] for o in options if o is not None]
        if kind == "target":
            cells = [o for o in options if isinstance(o, str) and re.fullmatch(r"[a-z]\d", o) and o not in _ids(state)]
            if cells and len(cells) == len(options):
                return [[f"игроку {player} предложены клетки: {', '.join(sorted(cells))}"]]
            if cells:
                raise SandboxError("цели — и клетки, и карты: такого шага нет в словаре шагов (docs/STEPS.md)")
            return [[f"игроку {player} предложены цели: " + ", ".join(f'"{ref(o)}"' for o in options)]]
        if kind == "declare_trigger":
            verb = "обязан объявить" if p.get("mandatory") else "может объявить"
            out: list[list[str]] = []
            by_ability: dict[tuple[str, str], list[Any]] = {}
            for o in options:
                if o:
                    by_ability.setdefault((o["card"], o["ability"]), []).append(o.get("subject"))
            for (card, key), subjects in by_ability.items():
                out.append([f'игрок {player} {verb} {ability} "{ref(card)}: {key}"'])
                if len(subjects) > 1 and all(subjects):
                    out.append([f'игроку {player} предложены точки срабатывания {edition_word(state.get("edition", "classic"), "ability_gen")} "{ref(card)}: '
                                f'{key}": ' + ", ".join(f'"{ref(s)}"' for s in subjects)])
            return out
        raise SandboxError(f"у решения «{kind}» нет шага в словаре шагов (docs/STEPS.md)")

    # -- the page's one entry point
    def call(self, request: str) -> str:
        """One JSON request from the page (``{"do": "view" | "load" | "empty" | "edit" | "act" | "answer" | "undo"
        | "redo" | "play" | "export", …}``) → ``{"ok": true, "view": …}`` or ``{"ok": false, "error": "…"}``."""
        try:
            req = json.loads(request)
            do = req.get("do")
            extra: dict[str, Any] = {}
            if do == "load":
                self.load(req["board"], req.get("origin"))
            elif do == "empty":
                self.empty(req["edition"])
            elif do == "edit":
                self.edit(req["edit"])
            elif do == "act":
                self.act(int(req["index"]))
            elif do == "answer":
                self.answer(int(req["index"]))
            elif do == "undo":
                self.undo()
            elif do == "redo":
                self.redo()
            elif do == "play":
                self.play(req["moves"])
            elif do == "export":
                extra["export"] = self.export(req.get("unit", ""), req.get("tag", ""), req.get("title", ""))
            elif do != "view":
                raise SandboxError("неизвестный запрос страницы (страница и песочница разных версий?)")
            return json.dumps({"ok": True, "view": self.view(), **extra}, ensure_ascii=False)
        except SandboxError as exc:
            return json.dumps({"ok": False, "error": str(exc)}, ensure_ascii=False)
        except KeyError:
            return json.dumps({"ok": False, "error": "неверный запрос страницы: в нём не хватает поля"},
                              ensure_ascii=False)
        except (ValueError, TypeError):
            return json.dumps({"ok": False, "error": "неверный запрос: не тот вид значения (нужно число, текст или "
                                                     "список, как у страницы)"}, ensure_ascii=False)


# ------------------------------------------------------------------------------------------ helpers
def _choice(option: Any) -> Any:
    """The value `Game.answer` takes for an option: a declaration's id, else the option itself."""
    return option["id"] if isinstance(option, dict) and "id" in option else option


def _ids(state: dict[str, Any]) -> set[str]:
    return {c["id"] for c in state["cards"]}


def _ref(state: dict[str, Any]) -> Any:
    """How a step names a card (`harness.suite.world.World.card`): its name when unique on the board, else its id."""
    count: dict[str, int] = {}
    for c in state["cards"]:
        count[c["name"]] = count.get(c["name"], 0) + 1
    names = {c["id"]: c["name"] for c in state["cards"]}
    return lambda card_id: names[card_id] if count.get(names.get(card_id, ""), 0) == 1 else card_id


def _namer(state: dict[str, Any]) -> Any:
    count: dict[str, int] = {}
    for c in state["cards"]:
        count[c["name"]] = count.get(c["name"], 0) + 1
    names = {c["id"]: c["name"] for c in state["cards"]}
    return lambda ref: (names[ref] if count[names[ref]] == 1 else f"{names[ref]} ({ref})") if ref in names else str(ref)


def _edition_title(edition: str) -> str:
    return edition_word(edition, "title") if edition in engine.EDITIONS else f"«{edition}»"


#: the engine's set-up problems (engine.setup_problems: English, for engine authors) the sandbox's edits can cause,
#: in Russian for the judge; any other is named by its field
_PROBLEMS = (
    (re.compile(r"cell '(\w+)' is already taken by '([^']+)'"), "клетка {0} уже занята картой «{1}»"),
    (re.compile(r"cell '(\w+)' is outside the"), "клетки {0} нет на поле боя (столбцы a–e, ряды 1–6)"),
    (re.compile(r"'?(.*?)'? is not a cell name"), "«{0}» — не клетка: нужны столбец и ряд, например c4"),
    (re.compile(r"has no battlefield grid"), "в «Героях» у поля боя нет клеток: клетку не указывают"),
    (re.compile(r"a card in the \w+ has no cell"), "клетка бывает только у карты на поле боя"),
    (re.compile(r"missing required field 'cell'"), "карте на поле боя классики нужна клетка"),
    (re.compile(r"expected an integer ≥ (-?\d+)"), "нужно целое число не меньше {0}"),
    (re.compile(r"expected true or false"), "нужно «да» или «нет»"),
    (re.compile(r"expected one of: ([^;]+)"), "нужно одно из: {0}"),
)
_FIELDS = {"cell": "клетка", "wounds": "раны", "additional_lives": "дополнительные жизни", "closed": "закрыта",
           "face_down": "рубашкой вверх", "zone": "зона", "owner": "владелец", "controller": "контролирующий игрок",
           "turn": "ход", "active": "активный игрок", "priority": "приоритет", "step": "шаг", "host": "носитель"}


def _problem_text(board: dict[str, Any], path: tuple, message: str) -> str:
    """One set-up problem in Russian: where (the card, the field) and what, as far as the sandbox knows the words."""
    where = []
    if len(path) >= 2 and path[0] == "cards" and isinstance(path[1], int) and path[1] < len(board.get("cards", [])):
        card = board["cards"][path[1]]
        where.append(f"карта «{card.get('card')}» ({card.get('id')})")
        path = path[2:]
    where += [_FIELDS[p] for p in path if isinstance(p, str) and p in _FIELDS]
    what = next((text.format(*m.groups()) for pattern, text in _PROBLEMS if (m := pattern.search(message))),
                "расклад недопустим")
    return (", ".join(where) + ": " if where else "") + what


def _lives_word(n: int) -> str:
    return counted(n, "жизнь").split(" ", 1)[1]


def _plural(n: int, one: str, few: str, many: str) -> str:
    if n % 10 == 1 and n % 100 != 11:
        return one
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return few
    return many


_TRANSLIT = dict(zip("абвгдеёжзийклмнопрстуфхцчшщъыьэюя",
                     ["a", "b", "v", "g", "d", "e", "e", "zh", "z", "i", "y", "k", "l", "m", "n", "o", "p", "r", "s",
                      "t", "u", "f", "h", "ts", "ch", "sh", "sch", "", "y", "", "e", "yu", "ya"], strict=True))


def _translit(text: str) -> str:
    return "".join(_TRANSLIT.get(ch, ch) for ch in text.lower())


# ------------------------------------------------------------------------------------------ the board as YAML
_BOARD_KEYS = ("edition", "turn", "players", "active", "first_player", "priority", "step", "seed", "cards",
               "effects", "cell_markers")
_PLAIN = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


def _scalar(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, int | float):
        return json.dumps(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)       # a JSON string is a YAML double-quoted scalar
    if isinstance(value, list):
        return "[" + ", ".join(_scalar(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k if _PLAIN.match(str(k)) else _scalar(str(k))}: {_scalar(v)}"
                               for k, v in value.items()) + "}"
    raise TypeError(f"cannot write {type(value).__name__} in a board")


def board_yaml(board: dict[str, Any], path: str = "") -> str:
    """A board as the suite writes them: the schema modeline first (lint S013), block keys, one card a line."""
    depth = path.count("/") + 1 if path else 2
    lines = [f"# yaml-language-server: $schema={'../' * depth}harness/schemas/board.schema.json",
             "# played in the sandbox of the site (berserk-rules site, sandbox.html)"]
    for key in _BOARD_KEYS:
        if key not in board:
            continue
        value = board[key]
        if key in ("cards", "effects"):
            if not value and key == "effects":
                continue
            lines.append(f"{key}:" if value else f"{key}: []")
            lines += [f"  - {_scalar(item)}" for item in value]
        elif key == "cell_markers":
            if value:
                lines.append(f"{key}: {_scalar(value)}")
        else:
            lines.append(f"{key}: {_scalar(value)}")
    return "\n".join(lines) + "\n"
