"""The simple strike table (cards.md; ASM strike-table: the official wording was not available).

A simple strike against an open card: both players roll a d6 and the difference attacker − defender
says which strike each side deals. Against a closed card only the attacker rolls and there is no answer.
Strikes are "weak", "medium", "strong" or None (no strike). The raw difference counts: the table is the
exception to the clamping of rolls (classic 503.1.b13).
"""

from __future__ import annotations

STRIKES = ("weak", "medium", "strong")


def open_target(attacker_roll: int, defender_roll: int) -> tuple[str | None, str | None]:
    """(strike dealt by the attacker, answer strike dealt by the defender) for an open target."""
    d = attacker_roll - defender_roll
    if d >= 5:
        return "strong", None
    table: dict[int, tuple[str | None, str | None]] = {
        4: ("strong", "weak"),
        3: ("medium", None),
        2: ("medium", "weak"),
        1: ("weak", None),
        -1: ("weak", None),
        -2: (None, None),
        -3: (None, "weak"),
        -4: ("weak", "medium"),
    }
    if d == 0:
        return ("weak", None) if attacker_roll <= 4 else (None, "weak")
    if d <= -5:
        return None, "medium"
    return table[d]


def closed_target(attacker_roll: int) -> str:
    """The strike dealt to a closed card: 1–3 weak, 4–5 medium, 6 strong; no answer strike."""
    if attacker_roll <= 3:
        return "weak"
    return "medium" if attacker_roll <= 5 else "strong"
