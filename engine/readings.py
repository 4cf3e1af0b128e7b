"""Readings: where the text admits more than one defensible reading, the engine can play each.

Each reading group is an entry of the assumptions register (rules/assumptions.yaml, `reading:` and `readings:`)
that the engine implements; `READINGS` maps its id to the readings, the kit's default first. A game holds one
reading per group (`Game(setup, definitions, readings={...})`); anything not given is the default. A reading
is a choice where the corpus is silent or ambiguous, never one against the text.
"""

from __future__ import annotations

READINGS: dict[str, tuple[str, ...]] = {
    # heroes: in which order the Queue is executed (the excerpt never says; «Очередь» leans first-in-first-out)
    "heroes-queue": ("lifo", "fifo"),
    # who puts simultaneous triggered abilities first (the corpus is silent in classic; a heroes ruling)
    "classic-trigger-order": ("active-first", "inactive-first"),
    "heroes-trigger-order": ("inactive-first", "active-first"),
    # «когда … становится N или менее жизней» (classic 113.1, 113.2.ex1): when the lives cross down to N or below,
    # or on every change that leaves them at N or below
    "becomes-at-most": ("crossing", "state"),
    # 537.1.f «игродействии, которое породило» a triggered or conditionally played ability whose condition a rule
    # effect met (a death by lethal wounds, 503.1.b5): the rule effect itself, or the game action that led to it
    "trigger-parent": ("rule-effect", "game-action"),
    # classic 538.3.ex1 «заявляется не инкарнация, а уничтожение»: effect 2 of a participle replacement applied at
    # the replacement step of the ability itself, or a generated action put on the stack (536.1.1, 536.2.a)
    "participle-destruction": ("replacement-step", "generated-action"),
    # classic 503.1.b16 «как только количество жизней … карты превышает её максимум жизней»: a card's additional
    # lives against its maximum of them, or its current lives (wounds counted) against its maximum of lives
    "max-lives": ("additional", "current"),
    # classic: when an activated ability may be declared (the classic corpus never says; heroes 114.1.p1 says «только
    # в фазу Выбора Основного этапа его хода»): as in heroes, or by whoever holds priority, the stack not empty too
    "classic-activation": ("own-turn", "priority"),
    # classic, the strike table (ASM strike-table; the corpus has no table): at an exchange of strikes (обмен
    # ударами) no choice, or the player with the better roll may take his strike one step weaker and no answer
    "exchange-choice": ("none", "weaker-allowed"),
}


def default_readings() -> dict[str, str]:
    return {group: values[0] for group, values in READINGS.items()}


def reading_problems(readings: object) -> list[str]:
    """What is wrong with a `readings` argument (an unknown group or reading), in words."""
    if readings is None:
        return []
    if not isinstance(readings, dict):
        return ["readings: expected an object: reading group → reading"]
    out = []
    for group, value in readings.items():
        if group not in READINGS:
            out.append(f"readings.{group}: no such reading group; known: {', '.join(READINGS)}")
        elif value not in READINGS[group]:
            out.append(f"readings.{group}: {value!r} is not one of {', '.join(READINGS[group])}")
    return out


def resolve(readings: dict[str, str] | None) -> dict[str, str]:
    """Every group's reading: the given one, else the default."""
    return default_readings() | dict(readings or {})
