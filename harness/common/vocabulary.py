"""Russian words of the scenarios ↔ names of the canonical state. Language only, no rules logic."""

from __future__ import annotations

# rule effects as the history records them (kind "rule_effect", info.effect / info.ended) → Russian
RULE_EFFECT_NAMES: dict[tuple[str, str | None], str] = {
    ("death", None): "гибель",
    ("effect_end", "control"): "окончание взятия под контроль",
    ("effect_end", "strike_bonus"): "окончание эффекта",
    ("open", None): "открытие карты",
    ("reveal", None): "вскрытие",
    ("battle_start", None): "начало боя",
    ("lives_cancel", None): "взаимное сокращение жизней",
    ("excess_lives", None): "снятие лишних жизней",
    ("excess_counters", None): "снятие лишних фишек",
    ("ability_replaced", None): "замещение особенности",
    ("ability_restored", None): "возвращение особенности",
    ("no_host", None): "уничтожение без хозяина",
    ("host_left", None): "уничтожение с уходом хозяина",
    ("moves_with_host", None): "перемещение с хозяином",
    ("to_additional_zone", None): "перенос в дополнительную зону",
    ("to_battlefield", None): "перенос на поле боя",
    ("uniqueness", None): "нарушение уникальности",
    ("shuffle", None): "перемешивание колоды",
    ("player_loses", None): "проигрыш игрока",
    ("roll_clamped", None): "сведение броска кубика",
    ("restore_movement", None): "восстановление запаса движения",
    ("static_apply", None): "наложение эффекта постоянной особенности",
    ("static_remove", None): "снятие эффекта постоянной особенности",
}

# the zones (harness.common.facts.ZONES) in Russian: (as a title, where a card is) — the one zone glossary,
# read by the steps («"X" на кладбище») and by the pictures of the board (harness.output.render)
ZONE_GLOSSARY: dict[str, tuple[str, str]] = {
    "battlefield": ("поле боя", "на поле боя"),
    "additional": ("доп. зона", "в дополнительной зоне"),
    "graveyard": ("кладбище", "на кладбище"),
    "deck": ("колода", "в колоде"),
    "hand": ("рука", "в руке"),
}
ZONE_TITLES = {zone: title for zone, (title, _) in ZONE_GLOSSARY.items()}
ZONE_NAMES = {zone: where for zone, (_, where) in ZONE_GLOSSARY.items()}

DECISION_NAMES = {
    "declare_trigger": "объявление срабатывающей особенности",
    "target": "выбор цели",
    "defender": "назначение защитника",
    "redirect": "перенаправление",
    "roll": "бросок кубика",
    "exchange": "выбор при обмене ударами",
}


def rule_effect_name(entry: dict) -> str:
    info = entry.get("info", {})
    key = (info.get("effect"), info.get("ended"))
    return RULE_EFFECT_NAMES.get(key) or RULE_EFFECT_NAMES.get((info.get("effect"), None)) or str(info.get("effect"))


# game actions of the battle history (537.1) → Russian, for «игродействия в истории боя идут в таком порядке»
# a stack/Queue entry's action when it is not an ability (whose key names it): «на стеке сверху вниз»
STACK_ACTIONS: dict[str, str] = {"attack": "атака", "move": "перемещение", "play": "розыгрыш"}

HISTORY_NAMES: dict[str, str] = {
    "declare": "объявление",
    "strike": "удар",
    "payment": "оплата",
    "resolved": "выполнено",
    "executed": "выполнение особенности",
    "effect": "эффект",
    "death": "гибель",
    "trigger": "срабатывание",
    "priority": "приоритет",
    "incarnation": "инкарнация",
    "replaced": "замещение",
    "prevented": "предотвращение",
    "participle_cancelled": "отмена замещённого эффекта",
    "generated_illegal": "нелегальное порождённое игродействие",
    "move": "перемещение",
    "play": "розыгрыш",
    "redirect": "перенаправление",
    "fizzle": "отмена",
}

# effects (kind "effect", info.effect) → Russian, for «в истории боя нет записей «…»»
EFFECT_NAMES: dict[str, str] = {
    "wound": "нанесение ран",
    "destroy": "уничтожение",
    "heal": "лечение",
    "return_to_hand": "возвращение в руку",
    "return_to_deck": "возвращение в колоду",
    "gain_control": "взятие под контроль",
    "add_counters": "получение фишек",
}


def affected_cards(entry: dict) -> list[str]:
    """The cards a history entry is about: its targets or, for a rule effect (classic 503.1: «не имеют ни
    источника, ни цели»), the cards it applies to (info.cards)."""
    return list(entry.get("targets") or []) or list((entry.get("info") or {}).get("cards") or [])


def history_name(entry: dict) -> str:
    """A history entry's Russian name: a rule effect by its effect, a game action by its kind."""
    if entry["kind"] == "rule_effect":
        return rule_effect_name(entry)
    if entry["kind"] == "declare" and entry["info"].get("generated"):
        return "объявление порождённой атаки" if entry["info"].get("action") == "attack" \
            else "объявление порождённой особенности"
    if entry["kind"] == "declare" and entry["info"].get("action") in ("move", "play"):
        # a move or a card played that a «До» ability precedes is declared first (113.2; ASM do-held-action)
        return {"move": "объявление перемещения", "play": "объявление розыгрыша"}[entry["info"]["action"]]
    return HISTORY_NAMES.get(entry["kind"], entry["kind"])


# the statuses of a scenario's result (harness.run.results.STATUSES) as the rules site and the engines' matrix
# show them (the badge's class keeps the key)
STATUS_LABELS = {"PASS": "пройден", "PARTIAL": "частично", "FAIL": "провален", "ERROR": "ошибка", "CRASH": "сбой",
                 "TIMEOUT": "не успел", "SKIP": "пропущен", "N/A": "неприменим", "—": "—"}


def status_label(status: str) -> str:
    """A status as the site shows it, in Russian (an unknown one as it is)."""
    return STATUS_LABELS.get(status, status)


# a number with its noun in the case Russian gives it («1 рана», «2 раны», «5 ран», «21 рана», «12 ран»): the
# three forms of each noun the pictures and the history lines count, and Russian's rule for a cardinal number
# (standard library only: the sandbox runs this in the browser; tests/test_render.py checks every form against
# pymorphy3's agreement with numbers)
NOUN_FORMS: dict[str, tuple[str, str, str]] = {   # (with 1, with 2–4, with 5–20 and 0)
    "рана": ("рана", "раны", "ран"),
    "фишка": ("фишка", "фишки", "фишек"),
    "жизнь": ("жизнь", "жизни", "жизней"),
}


def counted(n: int, noun: str) -> str:
    """``n`` and ``noun`` (a key of NOUN_FORMS) agreed: «1 рана», «3 раны», «11 ран»."""
    one, few, many = NOUN_FORMS[noun]
    n = int(n)
    tens, units = abs(n) % 100, abs(n) % 10
    form = many if 11 <= tens <= 14 else one if units == 1 else few if 2 <= units <= 4 else many
    return f"{n} {form}"


# a continuous effect (the canonical state's `effects`) in the words of a scenario: what it does and how long it
# lasts, as «Тогда на "X" действует эффект особенности "Y": +2 к удару, до конца этого хода» reads it and the
# sandbox's export writes it (one home for both; 113.2.ex1: «получает +2 к удару до конца вашего хода», «переходит
# под ваш контроль, пока Невтида в отряде»)
def effect_words(effect: dict, edition_ability: str = "особенность") -> str | None:
    """What the effect does («+2 к удару», «контроль игрока А»), or None for a kind the vocabulary has no words
    for. `edition_ability` is the edition's word for an ability («особенность», heroes «способность»)."""
    kind, amount = effect.get("kind"), int(effect.get("amount") or 0)
    if kind == "strike_bonus":
        return f"{amount:+d} к удару"
    if kind == "roll_bonus":
        return f"{amount:+d} к броску кубика"
    if kind == "strike_set":
        return f"удар {amount}"
    if kind == "control":
        return f"контроль игрока {effect.get('to')}"
    if kind == "lose_abilities":
        return "потеря " + ("способностей" if edition_ability.startswith("способност") else "особенностей")
    if kind == "oblige_attack":
        return "обязан атаковать"
    return None


def duration_words(effect: dict, turn: int, source_ref: str, edition_ability: str = "особенность") -> str:
    """How long the effect lasts, as of turn `turn`: «до конца этого хода», «до конца хода 4», «пока "Y" в отряде»,
    «пока действует особенность» (a static ability's effect; heroes «способность»), «без срока» — joined by «, »
    when there are two."""
    parts = []
    if effect.get("static"):
        parts.append(f"пока действует {edition_ability}")
    if effect.get("while") == "source_in_squad":
        parts.append(f'пока "{source_ref}" в отряде')
    until = effect.get("until_end_of_turn")
    if until is not None:
        parts.append("до конца этого хода" if until == turn else f"до конца хода {until}")
    return ", ".join(parts) or "без срока"


# the words that differ between the editions, from one home (the exports of the sandbox, the pages of the site): the
# heroes text says «способность» and «Очередь» where the classic text says «особенность» and «стек»
EDITION_WORDS: dict[str, dict[str, str]] = {
    "classic": {"ability": "особенность", "ability_gen": "особенности", "abilities_gen": "особенностей",
                "stack": "стек", "stack_loc": "на стеке", "stack_empty": "стек пуст", "title": "Классика"},
    "heroes": {"ability": "способность", "ability_gen": "способности", "abilities_gen": "способностей",
               "stack": "Очередь", "stack_loc": "на Очереди", "stack_empty": "Очередь пуста", "title": "Герои"},
}


def edition_word(edition: str, word: str) -> str:
    """The edition's word (`EDITION_WORDS`); an unknown edition speaks as classic."""
    return EDITION_WORDS.get(edition, EDITION_WORDS["classic"])[word]


# the engine's refusal codes (docs/PROTOCOL.md) in the words of a judge: what the sandbox says when the engine refuses a
# move (the classes of refusal of the scenarios' «не может …» steps, harness.engines.contract.REFUSALS, say the same)
REFUSAL_WORDS: dict[str, str] = {
    "no_priority": "нет приоритета", "not_now": "не сейчас", "decision_pending": "сначала нужно ответить на решение",
    "once_per_turn": "один раз за ход", "no_target": "нет цели", "illegal_target": "нет такой цели",
    "not_your_card": "чужая карта", "closed": "карта закрыта", "cannot_pay": "нечем платить",
    "condition_not_met": "условие не выполнено", "no_movement": "нет запаса движения",
    "not_adjacent": "не соседняя клетка", "bad_cell": "не та клетка", "game_over": "игра окончена",
    "unknown_action": "движок не знает такого действия", "unsupported": "движок этого не умеет",
}


def as_one_word(text: str) -> str:
    """A name of the step vocabulary with the heroes word for an ability read as the classic one («выполнение
    способности» = «выполнение особенности», «объявлении способности» = «объявлении особенности»): a scenario speaks
    its edition's word (`EDITION_WORDS`), the vocabulary knows one name per kind of entry."""
    return text.replace("способност", "особенност")
