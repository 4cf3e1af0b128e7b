"""Rule effects (classic 503): effects of the rules themselves, with no source and no target.

503.1.p1: they are applied outside the stack, as soon as they become relevant, and nobody has priority
meanwhile. 503.1.p2: a cyclic sequence is cut before the first repetition of an effect.

Each check below looks at the game and returns a *batch*: the signature of what it would do (used to
detect a repetition) and a function that does it. The loop applies one batch at a time, in the order of
CHECKS (ASM rule-effect-order), and checks again from the top after each, until nothing is relevant.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .game import Game

Batch = tuple[tuple, Callable[[], None]]


def run(game: Game) -> None:
    applied: set[tuple] = set()
    while not game.lost:
        batch = next((b for check in CHECKS if (b := check(game)) is not None), None)
        if batch is None:
            return
        signature, apply = batch
        if signature in applied:
            # 503.1.p2: stop before the first repetition of an effect
            game.log("loop_cut", repeated=list(signature[0:1]) + [list(x) for x in signature[1]])
            return
        applied.add(signature)
        game.priority = None           # 503.1.p1: nobody has priority while rule effects are applied
        apply()


def lethal_wounds(game: Game) -> Batch | None:
    """503.1.b5: a card with a lethal number of wounds is destroyed (all such cards at once)."""
    dying = [c for c in game.sorted_cards() if game.in_play(c) and c.definition.type == "creature"
             and game.current_lives(c) <= 0]
    if not dying:
        return None

    def destroy_all() -> None:
        game.destroy(dying, effect="death", causes={c.id: c.last_hit for c in dying}, rule=True)

    return ("death", tuple(c.id for c in dying)), destroy_all


def static_effects(game: Game) -> Batch | None:
    """503.1.b4 / heroes 115.1: the effect of a static ability is applied as soon as a card meets its
    condition and removed as soon as it stops meeting it (or the source loses the ability or leaves)."""
    wanted = game.wanted_static_effects()
    have = {e.static_key: e for e in game.effects if e.static_key is not None}
    add = [k for k in wanted if k not in have]
    remove = [k for k in have if k not in wanted]
    if not add and not remove:
        return None
    signature = ("static", tuple(sorted([("+",) + k for k in add] + [("-",) + k for k in remove])))

    def apply() -> None:
        for k in remove:
            game.remove_effect(have[k], reason="static_remove")
        for k in add:
            game.add_static_effect(k, wanted[k])

    return signature, apply


def ended_effects(game: Game) -> Batch | None:
    """503.1.b15: a continuous effect is removed as soon as its duration ends: a «пока [источник] в отряде»
    effect whose source left the squad, an effect on a card that left play, «до конца хода» at its end."""
    ended = [e for e in game.effects if e.static_key is None and game.effect_ended(e)]
    if not ended:
        return None

    def remove_all() -> None:
        for e in ended:
            game.remove_effect(e, reason="effect_end")

    return ("effect_end", tuple(e.id for e in ended)), remove_all


# The order in which relevant rule effects are applied (ASM rule-effect-order).
CHECKS: list[Callable[[Game], Batch | None]] = [lethal_wounds, ended_effects, static_effects]
