"""Russian words of the scenarios ↔ names of the canonical state. Language only, no rules logic."""

from __future__ import annotations

# rule effects as the history records them (kind "rule_effect", info.effect / info.ended) → Russian
RULE_EFFECT_NAMES: dict[tuple[str, str | None], str] = {
    ("death", None): "гибель",
    ("effect_end", "control"): "окончание взятия под контроль",
    ("effect_end", "strike_bonus"): "окончание эффекта",
    ("open", None): "открытие карты",
}

ZONE_NAMES = {
    "battlefield": "на поле боя",
    "additional": "в дополнительной зоне",
    "graveyard": "на кладбище",
    "deck": "в колоде",
    "hand": "в руке",
}

DECISION_NAMES = {
    "declare_trigger": "объявление срабатывающей особенности",
    "target": "выбор цели",
    "defender": "назначение защитника",
    "roll": "бросок кубика",
}


def rule_effect_name(entry: dict) -> str:
    info = entry.get("info", {})
    key = (info.get("effect"), info.get("ended"))
    return RULE_EFFECT_NAMES.get(key) or RULE_EFFECT_NAMES.get((info.get("effect"), None)) or str(info.get("effect"))
