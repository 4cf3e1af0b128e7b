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
