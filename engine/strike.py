"""The simple strike table (cards.md; ASM strike-table: the official wording was not available).

A simple strike against an open card: both players roll a d6 and the difference attacker − defender
says which strike each side deals. Against a closed card only the attacker rolls and there is no answer.
Strikes are "weak", "medium", "strong" or None (no strike). The raw difference counts: the table is the
exception to the clamping of rolls (classic 503.1.b13).

An *exchange* (обмен ударами) is a row where both sides strike (differences 4, 2 and −4). Under the reading
weaker-allowed of ASM exchange-choice the player with the better roll may take, instead, his own strike one step
weaker and no strike from the other side (`weakened`: the row one step nearer to 0); under the kit's default
reading none there is no such choice and the table's row is dealt as it stands.
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


def is_exchange(dealt: str | None, answer: str | None) -> bool:
    """Whether a row of the open table is an exchange of strikes: both sides strike (ASM exchange-choice)."""
    return dealt is not None and answer is not None


def weakened(dealt: str, answer: str, attacker_better: bool) -> tuple[str | None, str | None]:
    """The other option of an exchange under the reading weaker-allowed of ASM exchange-choice: the side with the
    better roll strikes one step weaker and the other side does not strike (4: strong–weak → medium; 2: medium–weak
    → weak; −4: weak–medium → only a weak answer strike)."""
    def one_weaker(strike: str) -> str | None:
        i = STRIKES.index(strike)
        return STRIKES[i - 1] if i else None

    return (one_weaker(dealt), None) if attacker_better else (None, one_weaker(answer))
