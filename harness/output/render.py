"""Pictures and words for a canonical state: the board as a rich grid (terminal) and as SVG (site), the
stack/Queue, the pending decision, and the battle history (537) as readable Russian lines.

Everything here reads the canonical state only (docs: `engine/canonical.py`) and never fails on an
unknown kind of history entry, decision or zone: those are shown generically, so a new engine feature
shows up (plainly) before anyone teaches the renderer its words.

- classic (the state's edition has a grid: cards have a ``cell``): 5 columns a–e × 6 rows, row 6 on top;
- heroes (no grid: no card has a cell): one band per player with the cards in play;
- cards outside the battlefield are listed per player and zone under the picture.

A card shows its name, current/maximum lives, wounds, strike (when modified), open/closed (a closed
card is drawn rotated: landscape), its controller's colour (and the owner when another player
controls it) and markers (such as «дрожь»).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from harness.common.facts import COLUMNS, ROWS
from harness.common.vocabulary import STACK_ACTIONS, ZONE_TITLES, counted, edition_word, status_label

# rich is imported where the terminal pictures are drawn: the SVG and the words need only the standard library
# (the site's sandbox runs them in the browser, in Pyodide)
if TYPE_CHECKING:
    from rich.console import Console, RenderableType
    from rich.text import Text

__all__ = [
    "answer_line", "board_rich", "board_svg", "card_summary", "history_line", "option_line", "pending_line",
    "player_colour", "print_playout", "stack_lines", "waiting_lines",
]

ZONES_RU = ZONE_TITLES     # the zone glossary lives in harness.common.vocabulary
STRIKES_RU = {"weak": "слабый", "medium": "средний", "strong": "сильный", None: "нет удара"}
ROLES_RU = {"attacker": "атакующий", "defender": "защищающийся", "effect": "за эффект"}   # engine/stack.py _ask_roll
EFFECTS_RU = {"control": "взятие под контроль", "strike_bonus": "бонус к удару", "gain_control": "взятие под контроль",
              "strike_set": "удар", "roll_bonus": "бонус к броску", "lose_abilities": "потеря способностей",
              "oblige_attack": "обязан атаковать",
              # every other effect verb of the engine (engine.effects.VERBS; tests/test_render.py checks them all)
              "add_cell_marker": "маркер на клетку", "add_counters": "получение фишек",
              "add_lives": "дополнительные жизни", "close": "закрытие", "destroy": "уничтожение",
              "destroy_all_in_cell": "уничтожение всех карт в клетке", "detach": "отсоединение",
              "generated_ability": "порождённая особенность", "generated_attack": "порождённая атака",
              "heal": "излечение", "incarnate": "инкарнация", "look_at_deck": "просмотр колоды",
              "negative_lives": "отрицательные жизни", "put_into_play": "выход на поле боя",
              "remove_markers": "снятие маркеров", "return_to_deck": "возвращение в колоду",
              "return_to_hand": "возвращение в руку", "take_from_deck": "взятие карты из колоды",
              "wound": "ранение", "wound_roll": "ранение по броску кубика"}
STACK_STEPS_RU = {"declared": "объявлено", "target_resolution": "шаг разрешения целей", "rolls": "броски кубиков",
                  "apply": "применение эффекта", "payment": "оплата", "done": "выполнено"}

# (stroke, fill, rich colour) per player in the order of state["players"]
PLAYER_COLOURS = [("#1f5fbf", "#dfe9fb", "blue"), ("#b8322a", "#fbe2df", "red"),
                  ("#2a8a3e", "#e0f4e4", "green"), ("#8a5a00", "#f7ecd4", "yellow")]


# ------------------------------------------------------------------------------------------ words
def _names(state: dict[str, Any] | None) -> dict[str, str]:
    cards = (state or {}).get("cards") or []
    count: dict[str, int] = {}
    for c in cards:
        count[c["name"]] = count.get(c["name"], 0) + 1
    return {c["id"]: c["name"] if count[c["name"]] == 1 else f"{c['name']} ({c['id']})" for c in cards}


#: card names declined: {name: {"gent", "datv", "accs"}} (harness.common.declension, pymorphy3); in the browser,
#: where pymorphy3 is not loaded, the sandbox's page fills it from the forms the site build precomputed
NAME_FORMS: dict[str, dict[str, str]] = {}
_DECLINE: list[Any] = []          # the declension function, once looked for ([None] where pymorphy3 is not at hand)


def declined(name: str, case: str | None) -> str:
    """A card's name in `case` (gent, datv, accs; None: as it is), from NAME_FORMS or else pymorphy3, else as it is."""
    if case is None:
        return name
    forms = NAME_FORMS.get(name)
    if forms is None:
        if not _DECLINE:
            try:
                from harness.common.declension import name_forms
            except ImportError:          # the browser: harness.common.declension and pymorphy3 are not shipped
                name_forms = None        # type: ignore[assignment]
            _DECLINE.append(name_forms)
        if _DECLINE[0] is None:
            return name
        forms = NAME_FORMS[name] = _DECLINE[0](name)
    return forms.get(case, name)


def _name(state: dict[str, Any] | None, ref: Any, case: str | None = None) -> str:
    if ref is None:
        return "—"
    shown = _names(state).get(str(ref), str(ref))
    if case is None or str(ref) not in _names(state):
        return shown
    name, _, rest = shown.partition(" (")          # «Гоблин (goblin)»: the name declined, the id as it is
    return declined(name, case) + (" (" + rest if rest else "")


def _list(state: dict[str, Any] | None, refs: Iterable[Any] | None, case: str | None = None) -> str:
    return ", ".join(_name(state, r, case) for r in (refs or [])) or "—"


def _ability_word(state: dict[str, Any] | None) -> str:
    return edition_word((state or {}).get("edition") or "classic", "ability")


def _stack_word(state: dict[str, Any] | None) -> str:
    return (state or {}).get("stack_name") or "стек"


def _generic(kind: str, data: dict[str, Any], state: dict[str, Any] | None) -> str:
    parts = []
    for key, value in data.items():
        if value in (None, [], {}, ""):
            continue
        if isinstance(value, list):
            value = _list(state, value)
        elif isinstance(value, str):
            value = _name(state, value)
        parts.append(f"{key}: {value}")
    return f"{kind}" + (f" ({'; '.join(parts)})" if parts else "")


EFFECT_WORDS = {  # effect of an ability (history kind "effect"): {src}, {tgt}, {who} and the entry's info
    "strike_bonus": "{tgt} получает {amount:+d} к удару",
    "strike_set": "удар {tgt} становится {amount}",
    "roll_bonus": "{tgt} получает {amount:+d} к броску кубика",
    "gain_control": "игрок {who} берёт {tgt} под контроль",
    "wound": "{src} ранит {tgt} на {wounds}",
    "heal": "{tgt} излечивается на {amount} (излечено ран: {healed})",
    "destroy": "{src} уничтожает {tgt}",
    "add_lives": "{tgt} получает +{amount} к жизни",
    "negative_lives": "{tgt} получает −{amount} к жизни",
    "add_counters": "{tgt} получает фишки: {amount}",
    "put_into_play": "{tgt} выходит на поле боя в клетку {cell}",
    "wound_roll": "{tgt} получает {wounds_counted} (бросок {roll})",
    "look_at_deck": "игрок {who} смотрит свою колоду",
    "take_from_deck": "игрок {who} берёт карту из колоды",
    "detach": "{tgt} отсоединяется",
    "return_to_deck": "{tgt} возвращается в колоду",
    "lose_abilities": "{tgt} теряет способности",
    "oblige_attack": "{tgt} обязан атаковать",
}
RULE_EFFECT_WORDS = {  # rule effects (503, history kind "rule_effect")
    "death": "гибель {tgt_gent}",
    "destroyed": "гибель {tgt_gent}",
    "open": "{tgt} открывается",
    "player_loses": "игрок {who} проигрывает",
    "shuffle": "колода игрока {who} перемешивается",
    "roll_clamped": "бросок {raw} считается как {value}",
    "static_apply": "начинает действовать эффект «{applied}» постоянной {word_gen} на {tgt_accs}",
    "static_remove": "перестаёт действовать эффект «{ended}» постоянной {word_gen} на {tgt_accs}",
    "ability_replaced": "{word} «{ability}» карты {tgt} заменена",
    "ability_restored": "{word} «{ability}» карты {tgt} восстановлена",
    "battle_start": "начало боя: «{ability}» карты {tgt}",
    "excess_lives": "лишние жизни {tgt_gent} ({amount}) сгорают",
    "excess_counters": "лишние фишки {tgt_gent} ({amount}) снимаются",
    "lives_cancel": "дополнительные и отрицательные жизни {tgt_gent} взаимно погашаются ({amount})",
    "moves_with_host": "{tgt} перемещается вместе с носителем на {cell}",
    "restore_movement": "{tgt} восстанавливает движение ({moves})",
    "reveal": "{tgt} открывается (рубашкой вниз)",
    "to_additional_zone": "{tgt} уходит в дополнительную зону",
    "to_battlefield": "{tgt} выходит на поле боя ({cell})",
    "uniqueness": "{tgt} уходит по правилу уникальности",
    "host_left": "носитель карты {tgt} ушёл из игры",
    "no_host": "{tgt} остаётся без носителя",
}
ATTACKS_RU = {"simple": "простой удар", "shot": "выстрел", "discharge": "разряд", "magic": "магический удар",
              "throw": "метание", "answer": "ответный удар"}
EFFECT_NAMES_RU = {"wound": "ранить", "heal": "излечить", "destroy": "уничтожить", "incarnate": "инкарнировать",
                   "strike_bonus": "бонус к удару", "gain_control": "взять под контроль", "move": "переместить",
                   "add_counters": "получить фишки", "close": "закрыть",
                   # every other effect verb of the engine (engine.effects.VERBS; tests/test_render.py)
                   "add_cell_marker": "положить маркер на клетку", "add_lives": "дать дополнительные жизни",
                   "destroy_all_in_cell": "уничтожить все карты в клетке", "detach": "отсоединить",
                   "generated_ability": "выполнить особенность", "generated_attack": "атаковать",
                   "look_at_deck": "посмотреть колоду", "lose_abilities": "лишить способностей",
                   "negative_lives": "дать отрицательные жизни", "oblige_attack": "обязать атаковать",
                   "put_into_play": "вывести на поле боя", "remove_markers": "снять маркеры",
                   "return_to_deck": "вернуть в колоду", "return_to_hand": "вернуть в руку",
                   "roll_bonus": "бонус к броску", "strike_set": "задать удар",
                   "take_from_deck": "взять карту из колоды", "wound_roll": "ранить по броску кубика"}
DROP_REASONS = {"once_per_turn": "уже объявлялась в этот ход",
                "trigger_subject_left_play": "точка срабатывания ушла из игры",
                "no_target": "нет легальной цели", "ability_lost": "у карты её больше нет"}


class _Fields(dict):
    """format_map fields: a missing one reads as «?», never an exception."""

    def __missing__(self, key: str) -> str:
        return "?"


def _words(template: str, fields: dict[str, Any]) -> str | None:
    try:
        return template.format_map(_Fields(fields))
    except (ValueError, TypeError):
        return None


def history_line(entry: dict[str, Any], state: dict[str, Any] | None = None) -> str:
    """One battle-history entry (537.1) as a Russian sentence; unknown kinds are shown field by field."""
    kind = entry.get("kind", "?")
    info = dict(entry.get("info") or {})
    src = _name(state, entry.get("source"))
    # a rule effect has no target (classic 503.1): the cards it applies to are info.cards
    tgt = _list(state, entry.get("targets") or (entry.get("info") or {}).get("cards"))
    who = entry.get("controller")
    word = _ability_word(state)
    targets = entry.get("targets") or (entry.get("info") or {}).get("cards")
    tgt_gent, tgt_datv, tgt_accs = (_list(state, targets, case) for case in ("gent", "datv", "accs"))
    src_gent = _name(state, entry.get("source"), "gent")
    fields = {**info, "src": src, "tgt": tgt, "who": who, "tgt_gent": tgt_gent, "tgt_accs": tgt_accs,
              "word": word, "word_gen": word[:-1] + "и"}
    if isinstance(info.get("wounds"), int):
        fields["wounds_counted"] = counted(info["wounds"], "рана")
    for key in ("applied", "ended"):
        if isinstance(fields.get(key), str):
            fields[key] = EFFECTS_RU.get(fields[key], fields[key])
    if kind == "setup":
        active = info.get("active")              # the protocol's setup entry no longer carries it: no «?» then
        return f"Расклад: ход {entry.get('turn', '?')}" + (f", активный игрок {active}" if active else "")
    if kind == "priority":
        return f"Приоритет у игрока {who}"
    if kind == "pass":
        return f"Игрок {who} пасует"
    if kind == "declare":
        if info.get("action") == "attack":
            strike = "простым ударом" if info.get("strike") == "simple" else str(info.get("strike") or "")
            return f"Игрок {who} объявляет атаку {strike}: {src} → {tgt}".replace("  ", " ")
        if info.get("action") == "move":         # a move a «До» ability precedes (113.2; ASM do-held-action)
            return f"Игрок {who} объявляет перемещение: {src} {info.get('frm')} → {info.get('to')}"
        if info.get("action") == "play":
            where = f" на {info['cell']}" if info.get("cell") else ""
            return f"Игрок {who} объявляет розыгрыш {src}{where}"
        targets = f" (цели: {tgt})" if entry.get("targets") else ""
        return f"Игрок {who} объявляет {word} «{info.get('ability', '?')}» карты {src}{targets}"
    if kind == "defender":
        return f"Игрок {who} назначает защитника: {src} (вместо {tgt_gent})"
    if kind == "redirect":
        return f"Игрок {who} перенаправляет атаку на {src} (вместо {tgt_gent})"
    if kind == "roll":
        return f"Бросок кубика игрока {who} ({ROLES_RU.get(info.get('role'), info.get('role'))}): {info.get('value')}"
    if kind == "strike":
        if info.get("effect") == "wound":
            attack = ATTACKS_RU.get(info.get("attack"), info.get("attack") or "удар")
            return f"{src} наносит {attack} по {tgt_datv}: {counted(info.get('wounds', 0), 'рана')}"
        what = "ответный удар" if info.get("attack") == "answer" else f"{STRIKES_RU.get(info.get('strike'), info.get('strike'))} удар"
        line = f"{src} наносит {what} по {tgt_datv}: {counted(info.get('wounds', 0), 'рана')}"
        if info.get("answer"):
            line += (f" (ответ: {STRIKES_RU.get(info['answer'], info['answer'])}, "
                     f"{counted(info.get('answer_wounds', 0), 'рана')})")
        return line
    if kind == "effect":
        eff = info.get("effect")
        text = _words(EFFECT_WORDS[eff], fields) if eff in EFFECT_WORDS else None
        return "Эффект: " + (text or f"«{EFFECTS_RU.get(eff, eff)}» от {src_gent} на {tgt_accs}")
    if kind == "payment":
        closes = info.get("closes")
        return f"Оплата: {_name(state, closes)} закрывается" if closes else f"Оплата: {src}"
    if kind == "resolved":
        return f"Выполнено: {src} ({info.get('entry', '')})".replace(" ()", "")
    if kind == "fizzle":
        why = f" ({info['reason']})" if info.get("reason") else ""
        if info.get("part"):
            return f"{src}: цель нелегальна, часть «{info['part']}» не выполняется{why}"
        return f"{src}: цель нелегальна, действие не выполняется{why}"
    if kind == "trigger":
        subject = [t for t in entry.get("targets") or [] if t != entry.get("source")]
        about = f" на {_list(state, subject)}" if subject else ""
        return f"Срабатывает {word} «{info.get('ability', '?')}» карты {src}{about} (под контролем игрока {who})"
    if kind == "trigger_dropped":
        why = DROP_REASONS.get(info.get("reason"), info.get("reason") or "")
        return f"Срабатывание «{info.get('ability', '?')}» карты {src} снято: {why}".rstrip(": ")
    if kind == "trigger_declined":
        return f"Игрок {who} не объявляет «{info.get('ability', '?')}» карты {src}"
    if kind == "executed":
        return f"Выполняется {word} «{info.get('ability', '?')}» карты {src}"
    if kind == "death":
        return f"Гибель {tgt_gent}" + (" (уничтожение)" if info.get("effect") == "destroyed" else "")
    if kind == "prevented":
        if info.get("effect") == "destroy":     # «вместо уничтожения …» (538.1.b3): the destruction itself
            return f"{src}: уничтожение предотвращено («{info.get('ability', '?')}»)"
        return f"{src}: предотвращено ран — {info.get('amount')} («{info.get('ability', '?')}»)"
    if kind == "move":
        return f"{src} передвигается: {info.get('frm')} → {info.get('to')}"
    if kind == "play":
        where = f" на {info['cell']}" if info.get("cell") else ""
        return f"Игрок {who} разыгрывает {src}{where}"
    if kind == "incarnation":
        marker = f" (снят маркер «{info['removed_marker']}»)" if info.get("removed_marker") else ""
        return f"{src} инкарнирует на {info.get('cell') or tgt}{marker}"
    if kind == "incarnation_failed":
        return f"{src}: инкарнация на {tgt} не удалась"
    if kind == "replaced":
        first = ", ".join(EFFECT_NAMES_RU.get(e, e) for e in info.get("effect1") or []) or "?"
        second = ", ".join(EFFECT_NAMES_RU.get(e, e) for e in info.get("effect2") or []) or "?"
        where = f" (на {tgt})" if entry.get("targets") else ""
        return f"Замещение: вместо «{first}» карты {src} — «{second}»{where}"
    if kind == "participle_cancelled":
        return f"{src}: замещающий эффект не применился, исходный эффект отменён"
    if kind == "generated_illegal":
        return f"Порождённое игродействие {src} → {tgt} нелегально и не выполняется"
    if kind == "rule_effect":
        eff = info.get("effect")
        if eff in ("effect_end", "static_remove") and info.get("ended"):
            ended = EFFECTS_RU.get(info.get("ended"), info.get("ended"))
            source = info.get("source_card")
            tail = f", источник {_name(state, source)}" if source else ""
            what = "постоянной способности " if eff == "static_remove" else ""
            return f"Эффект правил игры: окончание эффекта {what}«{ended}» на {tgt}{tail}"
        text = _words(RULE_EFFECT_WORDS[eff], fields) if eff in RULE_EFFECT_WORDS else None
        if text:
            return f"Эффект правил игры: {text}"
        rest = {k: v for k, v in info.items() if k != "effect"}
        return "Эффект правил игры: " + _generic(str(eff), {"targets": entry.get("targets") or info.get("cards"),
                                                             **{k: v for k, v in rest.items() if k != "cards"}}, state)
    if kind == "zone":
        return f"{tgt} → {ZONES_RU.get(info.get('zone'), info.get('zone'))}"
    if kind == "loop_cut":
        return "Цикл эффектов правил игры прерван перед первым повтором"
    if kind == "turn_end":
        return f"Конец хода игрока {who}"
    if kind == "turn_start":
        return f"Начало хода игрока {who}"
    data = {"source": entry.get("source"), "targets": entry.get("targets"), "controller": who, **info}
    return _generic(str(kind), data, state)


def option_line(state: dict[str, Any] | None, option: Any) -> str:
    if option is None:
        return "нет"
    if isinstance(option, dict):
        if "card" in option:
            text = _name(state, option["card"])
            return f"{text} — «{option['ability']}»" if option.get("ability") else text
        return ", ".join(f"{k}: {v}" for k, v in option.items())
    if isinstance(option, list):
        return "+".join(option_line(state, o) for o in option)
    return _name(state, option)


def pending_line(pending: dict[str, Any] | None, state: dict[str, Any] | None = None) -> str:
    """The decision the engine waits for, in words ("" when none)."""
    if not pending:
        return ""
    kind, player = pending.get("kind"), pending.get("player")
    options = pending.get("options") or []
    word = _ability_word(state)
    if kind == "declare_trigger":
        must = "обязан объявить" if pending.get("mandatory") else "может объявить"
        return f"Игрок {player} {must} {word}: " + "; ".join(option_line(state, o) for o in options)
    if kind == "defender":
        return f"Игрок {player} решает, назначить ли защитника: " + " / ".join(option_line(state, o) for o in options)
    if kind == "redirect":
        return f"Игрок {player} решает, перенаправить ли атаку: " + " / ".join(option_line(state, o) for o in options)
    if kind == "roll":
        return f"Игрок {player} бросает кубик ({ROLES_RU.get(pending.get('role'), pending.get('role'))})"
    if kind == "target":
        return f"Игрок {player} выбирает цель: " + " / ".join(option_line(state, o) for o in options)
    if kind == "exchange":       # ASM exchange-choice, reading weaker-allowed
        return f"Игрок {player} выбирает при обмене ударами: обмен ударами / удар на ступень слабее"
    if kind in ("order", "order_triggers"):
        return f"Игрок {player} выбирает порядок: " + " / ".join(option_line(state, o) for o in options)
    opts = " / ".join(option_line(state, o) for o in options)
    return f"Решение «{kind}» за игроком {player}" + (f": {opts}" if opts else "")


def answer_line(answer: dict[str, Any] | None, state: dict[str, Any] | None = None) -> str:
    if not answer:
        return ""
    return f"ответ на решение: {pending_line(answer['decision'], state)}"


def stack_lines(state: dict[str, Any] | None) -> list[str]:
    """The stack/Queue top first, one line per entry."""
    out = []
    for s in reversed((state or {}).get("stack") or []):
        src = _name(state, s.get("source"))
        what = STACK_ACTIONS.get(s.get("kind") or "") or f"«{s.get('ability') or s.get('kind')}»"
        targets = f" → {_list(state, s.get('targets'))}" if s.get("targets") else ""
        step = STACK_STEPS_RU.get(s.get("step"), s.get("step") or "")
        gen = ", порождённое" if s.get("generated") else ""
        out.append(f"{src}: {what}{targets} ({step}{gen}; игрок {s.get('controller')})")
    return out


def waiting_lines(state: dict[str, Any] | None) -> list[str]:
    """Triggers that fired and wait to be declared."""
    return [f"{_name(state, f.get('card'))} — «{f.get('ability')}»" for f in (state or {}).get("waiting_triggers") or []]


def player_colour(player: Any, players: Sequence[str]) -> tuple[str, str, str]:
    try:
        i = list(players).index(player)
    except ValueError:
        i = len(PLAYER_COLOURS) - 1
    return PLAYER_COLOURS[i % len(PLAYER_COLOURS)]


def _players(state: dict[str, Any] | None) -> list[str]:
    return [p["name"] for p in (state or {}).get("players") or []]


def _strike_text(card: dict[str, Any]) -> str:
    strike = card.get("strike") or {}
    value = strike.get("value") or strike.get("base") or []
    return "-".join(str(v) for v in value)


def _strike_modified(card: dict[str, Any]) -> bool:
    strike = card.get("strike") or {}
    return bool(strike.get("value")) and strike.get("value") != strike.get("base")


def card_summary(card: dict[str, Any]) -> str:
    """A card in one line of words (SVG tooltips, screen readers, tests)."""
    parts = [card["name"], f"игрок {card.get('controller')}"]
    if card.get("owner") != card.get("controller"):
        parts.append(f"владелец {card.get('owner')}")
    parts.append("закрыта" if not card.get("open", True) else "открыта")
    if card.get("face_up") is False:
        parts.append("рубашкой вверх")
    cur, lives = card.get("current_lives"), card.get("lives")
    if lives is not None:
        parts.append(f"жизни {cur}/{lives}")
    if card.get("wounds"):
        parts.append(f"ран: {card['wounds']}")
    if _strike_text(card):
        parts.append(f"удар {_strike_text(card)}")
    if card.get("poison"):
        parts.append(f"отравление {card['poison']}")
    if card.get("markers"):
        parts.append("метки: " + ", ".join(card["markers"]))
    if card.get("cell"):
        parts.append(f"клетка {card['cell']}")
    elif card.get("zone") and card.get("zone") != "battlefield":
        parts.append(ZONES_RU.get(card["zone"], card["zone"]))
    return ", ".join(parts)


def _has_grid(state: dict[str, Any] | None) -> bool:
    cards = (state or {}).get("cards") or []
    if any(c.get("cell") for c in cards):
        return True
    return (state or {}).get("edition") == "classic"


def _off_board(state: dict[str, Any] | None, grid: bool) -> dict[str, dict[str, list[dict[str, Any]]]]:
    """player -> zone -> cards outside the picture (everything but the battlefield; with a grid, also
    battlefield cards without a cell)."""
    out: dict[str, dict[str, list[dict[str, Any]]]] = {}
    standing = {c["id"] for c in _in_play(state)}
    for c in (state or {}).get("cards") or []:
        zone = c.get("zone") or "battlefield"
        if zone == "battlefield" and (not grid or c.get("cell") or c["id"] not in standing):
            continue
        who = c.get("owner") if zone != "battlefield" else c.get("controller")
        out.setdefault(str(who), {}).setdefault(zone, []).append(c)
    return out


def _attached(state: dict[str, Any] | None) -> dict[str, list[dict[str, Any]]]:
    """Host card id -> the cards in play attached to it (``host``: equipment and the like)."""
    cards = [c for c in (state or {}).get("cards") or [] if c.get("zone") == "battlefield"]
    ids = {c["id"] for c in cards}
    out: dict[str, list[dict[str, Any]]] = {}
    for c in cards:
        if c.get("host") in ids and c.get("host") != c["id"]:
            out.setdefault(c["host"], []).append(c)
    return out


def _in_play(state: dict[str, Any] | None) -> list[dict[str, Any]]:
    """Cards on the battlefield that stand on their own (not attached to another card in play)."""
    cards = [c for c in (state or {}).get("cards") or [] if c.get("zone") == "battlefield"]
    ids = {c["id"] for c in cards}
    return [c for c in cards if not (c.get("host") in ids and c.get("host") != c["id"])]


def _by_cell(state: dict[str, Any] | None) -> dict[str, list[dict[str, Any]]]:
    out: dict[str, list[dict[str, Any]]] = {}
    for c in _in_play(state):
        if c.get("cell"):
            out.setdefault(c["cell"], []).append(c)
    return out


def _cell_markers(state: dict[str, Any] | None) -> dict[str, list[str]]:
    """Markers lying on cells (e.g. «дрожь»), if the state reports any (``cell_markers`` or ``cells``)."""
    raw = (state or {}).get("cell_markers") or (state or {}).get("cells") or {}
    out: dict[str, list[str]] = {}
    if isinstance(raw, dict):
        for cell, value in raw.items():
            if isinstance(value, dict):
                value = value.get("markers") or []
            out[str(cell)] = [str(v) for v in (value if isinstance(value, list) else [value])]
    elif isinstance(raw, list):
        for item in raw:
            if isinstance(item, dict) and item.get("cell"):
                out.setdefault(str(item["cell"]), []).extend(str(m) for m in item.get("markers") or [])
    return out


# ------------------------------------------------------------------------------------------ rich
def _card_text(card: dict[str, Any], players: Sequence[str], attached: Sequence[dict[str, Any]] = ()) -> Text:
    from rich.text import Text

    colour = player_colour(card.get("controller"), players)[2]
    t = Text()
    t.append(card["name"], style=f"bold {colour}")
    for a in attached:
        t.append(f"\n+ {a['name']}", style=player_colour(a.get("controller"), players)[2])
    t.append(f"\n♥{card.get('current_lives')}/{card.get('lives')} ")
    t.append(f"[{card.get('controller')}]", style=colour)
    if card.get("wounds"):
        t.append(f" ран:{card['wounds']}", style="red")     # a label, as «излечено ран: N»; one word in a narrow cell
    if _strike_modified(card):
        t.append(f"\n⚔{_strike_text(card)}", style="bold")
    if not card.get("open", True):
        t.append("\n⟲ закрыт", style="dim")
    if card.get("owner") != card.get("controller"):
        t.append(f"\nвлад. {card.get('owner')}", style="italic")
    if card.get("poison"):
        t.append(f"\n☠ яд {card['poison']}", style="green")
    if card.get("markers"):
        t.append("\n" + ", ".join(card["markers"]), style="yellow")
    return t


def board_rich(state: dict[str, Any] | None) -> RenderableType:
    """The board for the terminal: the 5×6 grid (classic) or a list per player (heroes), then the cards
    outside the battlefield."""
    from rich import box
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    if not state:
        return Text("(нет расклада)", style="dim")
    players = _players(state)
    grid = _has_grid(state)
    parts: list[RenderableType] = []
    if grid:
        table = Table(box=box.SQUARE, show_lines=True, padding=(0, 1), show_header=True, header_style="dim")
        table.add_column("", style="dim", justify="right")
        for col in COLUMNS:
            table.add_column(col, min_width=10, max_width=14, overflow="fold")
        by_cell = _by_cell(state)
        attached = _attached(state)
        markers = _cell_markers(state)
        for row in range(ROWS, 0, -1):
            cells: list[RenderableType] = [str(row)]
            for col in COLUMNS:
                cell = f"{col}{row}"
                t = Text("·", style="dim")
                for k, c in enumerate(by_cell.get(cell, [])):
                    if k:
                        t.append("\n")
                    else:
                        t = Text()
                    t.append_text(_card_text(c, players, attached.get(c["id"], [])))
                if markers.get(cell):
                    t.append("\n[" + ", ".join(markers[cell]) + "]", style="yellow")
                cells.append(t)
            table.add_row(*cells)
        parts.append(table)
    else:
        for p in players:
            cards = [c for c in _in_play(state) if c.get("controller") == p]
            colour = player_colour(p, players)[2]
            table = Table(box=box.ROUNDED, show_header=False, title=f"Игрок {p}", title_style=f"bold {colour}",
                          title_justify="left", padding=(0, 1))
            if not cards:
                table.add_column()
                table.add_row(Text("(нет карт в игре)", style="dim"))
            else:
                for _ in cards:
                    table.add_column(min_width=10, max_width=16, overflow="fold")
                table.add_row(*[_card_text(c, players, _attached(state).get(c["id"], [])) for c in cards])
            parts.append(table)
    off = _off_board(state, grid)
    for p in players + [k for k in off if k not in players]:
        for zone, cards in (off.get(p) or {}).items():
            colour = player_colour(p, players)[2]
            t = Text(f"{ZONES_RU.get(zone, zone).capitalize()} игрока {p}: ", style=colour)
            t.append(", ".join(c["name"] for c in cards))
            parts.append(t)
    return Group(*parts)


def print_playout(view: dict[str, Any], console: Console, *, boards: bool = True) -> None:
    """A play-out on the terminal: every step, the board when it changed, the history entries of the step
    (rule effects marked), the stack/Queue, priority, the pending decision and its answer; the outcome."""
    from rich.text import Text

    style = {"PASS": "bold green", "FAIL": "bold red", "SKIP": "cyan"}.get(view["status"], "bold magenta")
    head = Text("▶ ")
    head.append(view["name"], style="bold")
    head.append(f"  {view['feature']}:{view['line']}  ", style="dim")
    head.append(status_label(view["status"]), style=style)
    console.print(head)
    stack_word = view.get("stack_name") or "стек"
    for i, step in enumerate(view["steps"], 1):
        mark = {"passed": ("✓", "green"), "failed": ("✗", "bold red"), "skipped": ("·", "dim")}.get(
            step["status"], ("?", ""))
        line = Text(f"{i:>3}. ")
        line.append(mark[0], style=mark[1])
        line.append(f" {step['keyword']} ", style="bold")
        line.append(step["text"], style="dim" if step["status"] == "skipped" else "")
        if step["status"] == "skipped":
            line.append("  (не выполнен)", style="dim")
        console.print(line)
        state = step["state"]
        if state is None:
            continue
        if not step["changed"]:
            continue
        if boards and step["board_changed"]:
            console.print(board_rich(state))
        for e in step["events"]:
            if e.get("kind") in ("priority",):
                continue
            ev = Text("      • ")
            ev.append(history_line(e, state), style="bold yellow" if e.get("kind") == "rule_effect" else "")
            console.print(ev)
        if step["answer"]:
            console.print(Text("      ↳ " + answer_line(step["answer"], state), style="cyan"))
        lines = stack_lines(state)
        sw = Text(f"      {stack_word.capitalize()} (сверху вниз): ", style="dim")
        sw.append("; ".join(lines) if lines else "пуст")
        console.print(sw)
        waiting = waiting_lines(state)
        if waiting:
            console.print(Text("      Сработало, ждёт объявления: " + "; ".join(waiting), style="dim"))
        console.print(Text(f"      Приоритет: {state.get('priority') or 'ни у кого'}", style="dim"))
        if step["pending"]:
            console.print(Text("      Ждёт решения: " + pending_line(step["pending"], state), style="magenta"))
    out = view["outcome"]
    tail = Text("  Итог: ")
    tail.append(status_label(out["status"]), style=style)
    if out["message"]:
        tail.append(f" — {out['message']}")
    console.print(tail)


# ------------------------------------------------------------------------------------------ SVG
CELL_W, CELL_H = 100, 96
CARD_OPEN, CARD_CLOSED = (82, 90), (96, 70)
MARGIN_L, MARGIN_T = 20, 20
FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', sans-serif"


def _e(text: Any) -> str:
    """Text for an SVG element or attribute: &, <, > and " escaped (xml.sax.saxutils.escape's result, without its
    import, which pulls in urllib.request and http.client: a quarter of a second of the sandbox's start in
    Pyodide)."""
    return str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def _text_width(text: str, size: float, bold: bool = False) -> float:
    """A rough (generous) width of text in a sans-serif font (Cyrillic letters are wide)."""
    width = sum(size * (0.34 if ch in " .,:;-–'ilj!|" else 0.72 if ch.isupper() else 0.6) for ch in text)
    return width * (1.07 if bold else 1.0)


def _wrap(text: str, size: float, width: float, max_lines: int = 2, bold: bool = False) -> list[str]:
    words = text.replace("-", "- ").split()
    lines: list[str] = []
    for w in words:
        joiner = "" if lines and lines[-1].endswith("-") else " "
        if lines and _text_width(lines[-1] + joiner + w, size, bold) <= width:
            lines[-1] = (lines[-1] + joiner + w).strip()
        else:
            lines.append(w)
    if len(lines) > max_lines:
        lines = lines[: max_lines - 1] + [" ".join(lines[max_lines - 1:]).replace("- ", "-")]
    return lines


def _n(v: float) -> str:
    """A coordinate, short: 20 rather than 20.0."""
    return f"{v:.1f}".rstrip("0").rstrip(".")


TEXT_DEFAULTS = {"font-size": "14", "text-anchor": "middle", "fill": "#111"}
"""Set once on the <svg> (inherited); a <text> repeats an attribute only when it differs."""


def _svg_text(x: float, y: float, text: str, size: float, *, width: float | None = None, cls: str = "",
              weight: str = "", fill: str = "", anchor: str = "middle") -> str:
    bold = weight in ("600", "700", "bold")
    attrs = [f'x="{_n(x)}"', f'y="{_n(y)}"']
    for key, value in (("font-size", _n(size)), ("text-anchor", anchor), ("fill", fill or TEXT_DEFAULTS["fill"])):
        if value != TEXT_DEFAULTS[key]:
            attrs.append(f'{key}="{value}"')
    if cls:
        attrs.append(f'class="{cls}"')
    if weight:
        attrs.append(f'font-weight="{weight}"')
    if width is not None and _text_width(text, size, bold) > width:
        attrs.append(f'textLength="{_n(width)}" lengthAdjust="spacingAndGlyphs"')
    return f"<text {' '.join(attrs)}>{_e(text)}</text>"


def _svg_card(card: dict[str, Any], cx: float, cy: float, players: Sequence[str],
              attached: Sequence[dict[str, Any]] = ()) -> str:
    """A card centred on (cx, cy): portrait when open, landscape (turned a quarter) when closed."""
    stroke, fill, _ = player_colour(card.get("controller"), players)
    closed = not card.get("open", True)
    w, h = CARD_CLOSED if closed else CARD_OPEN
    x, y = cx - w / 2, cy - h / 2
    dash = ' stroke-dasharray="7 3"' if closed else ""
    out = [f'<g class="card{" closed" if closed else ""}" data-id="{_e(card["id"])}" '
           f'data-controller="{_e(card.get("controller"))}" data-open="{str(not closed).lower()}">',
           f"<title>{_e(card_summary(card))}</title>",
           f'<rect x="{_n(x)}" y="{_n(y)}" width="{w}" height="{h}" rx="6" fill="{fill}" stroke="{stroke}" '
           f'stroke-width="{2.5 if closed else 3}"{dash}/>']
    # (text, size, weight, fill, essential): dropped from the end when the card is full
    lines: list[tuple[str, float, str, str, bool]] = [
        (ln, 16, "700", "#111", True) for ln in _wrap(card["name"], 16, w - 8, bold=True)]
    lines.append((f"♥{card.get('current_lives')}/{card.get('lives')}", 15, "", "#111", True))
    strike = _strike_text(card)
    if strike:
        lines.append((f"⚔{strike}", 13, "700" if _strike_modified(card) else "", "#333", _strike_modified(card)))
    tags = []
    if card.get("owner") != card.get("controller"):
        tags.append(f"влад. {card.get('owner')}")
    if closed:
        tags.append("закрыта")
    if card.get("face_up") is False:
        tags.append("рубашкой")
    if tags:
        lines.append((" · ".join(tags), 12, "", "#333", True))
    # pills at the bottom of the card, from the bottom up: markers (and poison), then attached cards
    pills: list[tuple[str, str, str, str, str]] = []  # (text, fill, stroke, text colour, class)
    markers = list(card.get("markers") or [])
    if card.get("poison"):
        markers.insert(0, f"☠ яд {card['poison']}")
    if markers:
        pills.append((", ".join(markers), "#f5c542", "#8a6d00", "#3d3000", "marker"))
    for a in attached:
        a_stroke, a_fill, _ = player_colour(a.get("controller"), players)
        pills.append((f"+ {a['name']}", a_fill, a_stroke, "#111", "attached"))
    room = h - 8 - 17 * len(pills)
    while sum(size + 2 for _, size, *_ in lines) > room:
        optional = [i for i, ln in enumerate(lines) if not ln[4]]
        if not optional:
            break
        del lines[optional[-1]]
    ty = y + 4
    for text, size, weight, colour, _ in lines:
        ty += size + 2
        out.append(_svg_text(cx, ty - 3, text, size, width=w - 6, weight=weight, fill=colour))
    if card.get("wounds"):  # a wound counter on the top right corner
        out.append(f'<circle class="wounds" cx="{_n(x + w - 3)}" cy="{_n(y + 3)}" r="11" fill="#c62828"/>')
        out.append(_svg_text(x + w - 3, y + 8, str(card["wounds"]), 13, weight="700", fill="#fff"))
    for k, (text, p_fill, p_stroke, p_text, cls) in enumerate(pills):
        top = y + h - 17 * (k + 1)
        mw = min(w + 8, _text_width(text, 12, True) + 14)
        out.append(f'<rect x="{_n(cx - mw / 2)}" y="{_n(top)}" width="{_n(mw)}" height="16" rx="8" '
                   f'fill="{p_fill}" stroke="{p_stroke}" stroke-width="1"/>')
        out.append(_svg_text(cx, top + 12.5, text, 12, width=mw - 8, fill=p_text, weight="700", cls=cls))
    out.append("</g>")
    return "".join(out)


def _svg_off_board(state: dict[str, Any], grid: bool, top: float, width: float,
                   players: Sequence[str]) -> tuple[list[str], float]:
    out: list[str] = []
    y = top
    off = _off_board(state, grid)
    for p in list(players) + [k for k in off if k not in players]:
        for zone, cards in (off.get(p) or {}).items():
            stroke = player_colour(p, players)[0]
            label = f"{ZONES_RU.get(zone, zone).capitalize()} {p}: "
            items = ", ".join(c["name"] for c in cards)
            for i, ln in enumerate(_wrap_plain(label + items, 13, width - 10)):
                y += 17
                out.append(f'<g class="zone" data-zone="{_e(zone)}" data-player="{_e(p)}">' if i == 0 else "<g>")
                out.append(_svg_text(6, y, ln, 13, anchor="start", fill=stroke))
                out.append("</g>")
    return out, y


def _wrap_plain(text: str, size: float, width: float) -> list[str]:
    lines: list[str] = []
    for w in text.split(" "):
        if lines and _text_width(lines[-1] + " " + w, size) <= width:
            lines[-1] += " " + w
        else:
            lines.append(w)
    return lines


def max_width(view_width: float) -> int:
    """The widest a board is drawn on a page (px): a little over its own size, so a board with few cards
    does not blow up on a wide screen; on a phone it takes the width of the screen."""
    return round(float(view_width) * 1.15)


def board_svg(state: dict[str, Any] | None, *, label: str = "") -> str:
    """The board as a standalone inline ``<svg>`` (scales to its container: ``viewBox``, no fixed size)."""
    if not state:
        return ('<svg class="board empty" viewBox="0 0 300 40" role="img" aria-label="нет расклада" '
                'xmlns="http://www.w3.org/2000/svg"><text x="150" y="25" font-size="14" '
                'text-anchor="middle" fill="#777">нет расклада</text></svg>')
    players = _players(state)
    grid = _has_grid(state)
    body: list[str] = []
    width = MARGIN_L + len(COLUMNS) * CELL_W + 4
    if grid:
        by_cell = _by_cell(state)
        attached = _attached(state)
        markers = _cell_markers(state)
        for i, col in enumerate(COLUMNS):
            body.append(_svg_text(MARGIN_L + i * CELL_W + CELL_W / 2, 14, col, 13, fill="#777", cls="axis"))
        light, dark, frames = [], [], []
        for r in range(ROWS, 0, -1):
            y0 = MARGIN_T + (ROWS - r) * CELL_H
            body.append(_svg_text(9, y0 + CELL_H / 2 + 4, str(r), 13, fill="#777", cls="axis"))
            for i, col in enumerate(COLUMNS):
                x0 = MARGIN_L + i * CELL_W
                (light if (i + r) % 2 else dark).append(f"M{x0} {y0}h{CELL_W}v{CELL_H}h-{CELL_W}z")
                if markers.get(f"{col}{r}"):
                    frames.append(f'<rect x="{x0 + 3}" y="{y0 + 3}" width="{CELL_W - 6}" height="{CELL_H - 6}" '
                                  f'fill="none" stroke="#d4a017" stroke-width="3" stroke-dasharray="4 3"/>')
        right, bottom_ = MARGIN_L + len(COLUMNS) * CELL_W, MARGIN_T + ROWS * CELL_H
        lines = "".join(f"M{MARGIN_L + i * CELL_W} {MARGIN_T}V{bottom_}" for i in range(len(COLUMNS) + 1))
        lines += "".join(f"M{MARGIN_L} {MARGIN_T + r * CELL_H}H{right}" for r in range(ROWS + 1))
        body.append(f'<g class="grid" data-columns="{COLUMNS}" data-rows="{ROWS}">'
                    f'<path d="{"".join(light)}" fill="#f6f6f2"/><path d="{"".join(dark)}" fill="#ecece6"/>'
                    f'<path d="{lines}" fill="none" stroke="#c9c9c0"/></g>')
        body.extend(frames)
        for r in range(ROWS, 0, -1):
            y0 = MARGIN_T + (ROWS - r) * CELL_H
            for i, col in enumerate(COLUMNS):
                cell = f"{col}{r}"
                x0 = MARGIN_L + i * CELL_W
                for k, c in enumerate(by_cell.get(cell, [])):  # a second card in a cell is drawn offset
                    body.append(_svg_card(c, x0 + CELL_W / 2 + 6 * k, y0 + CELL_H / 2 - 2 + 6 * k, players,
                                          attached.get(c["id"], [])))
                if markers.get(cell) and not by_cell.get(cell):  # an empty cell shows its markers inside
                    for k, m in enumerate(markers[cell]):
                        body.append(_svg_text(x0 + CELL_W / 2, y0 + CELL_H / 2 + 5 + k * 15, m, 13,
                                              fill="#8a6d00", weight="700", cls="cell-marker"))
        bottom = MARGIN_T + ROWS * CELL_H
    else:
        attached = _attached(state)
        in_play = [[c for c in _in_play(state) if c.get("controller") == p] for p in players]
        per_row = min(len(COLUMNS), max([3, *(len(cards) for cards in in_play)]))
        width = MARGIN_L + per_row * CELL_W + 4
        y = 4.0
        for p in players:
            stroke, _, _ = player_colour(p, players)
            cards = in_play[players.index(p)]
            body.append(_svg_text(6, y + 14, f"Игрок {p}", 14, anchor="start", weight="700", fill=stroke,
                                  cls="player"))
            y += 20
            rows = max(1, -(-len(cards) // per_row))
            body.append(f'<rect x="2" y="{_n(y)}" width="{width - 4}" height="{rows * CELL_H + 6}" rx="8" '
                        f'fill="#f6f6f2" stroke="{stroke}" stroke-opacity=".4"/>')
            if not cards:
                body.append(_svg_text(width / 2, y + CELL_H / 2 + 6, "нет карт в игре", 13, fill="#888"))
            for k, c in enumerate(cards):
                cx = MARGIN_L + (k % per_row) * CELL_W + CELL_W / 2 - 8
                cy = y + 3 + (k // per_row) * CELL_H + CELL_H / 2
                body.append(_svg_card(c, cx, cy, players, attached.get(c["id"], [])))
            y += rows * CELL_H + 12
        bottom = y
    zones, bottom = _svg_off_board(state, grid, bottom, width, players)
    body.extend(zones)
    if grid:  # markers lying on cells (such as «дрожь»), also in words: a card may cover them
        for cell, names in sorted(_cell_markers(state).items()):
            if names:
                bottom += 17
                body.append(_svg_text(6, bottom, f"Клетка {cell}: {', '.join(names)}", 13, anchor="start",
                                      fill="#8a6d00", weight="700", cls="cell-markers"))
    # legend: one swatch per player
    y = bottom + 20
    x = 6.0
    for p in players:
        stroke, fill, _ = player_colour(p, players)
        body.append(f'<rect x="{_n(x)}" y="{_n(y - 11)}" width="14" height="14" rx="3" fill="{fill}" stroke="{stroke}" '
                    f'stroke-width="2"/>')
        body.append(_svg_text(x + 19, y, f"игрок {p}", 13, anchor="start", fill="#333"))
        x += 90
    height = y + 8
    aria = label or ("расклад: " + "; ".join(card_summary(c) for c in state.get("cards") or []))
    return (f'<svg class="board" viewBox="0 0 {width} {height:.0f}" role="img" aria-label="{_e(aria)}" '
            f'style="max-width:{max_width(width)}px" xmlns="http://www.w3.org/2000/svg" font-family="{_e(FONT)}" '
            + " ".join(f'{k}="{v}"' for k, v in TEXT_DEFAULTS.items()) + ">" + "".join(body) + "</svg>")
