"""Rule effects (classic 503): effects of the rules themselves, with no source and no target.

503.1.p1: they are applied outside the stack, as soon as they become relevant, and nobody has priority
meanwhile — between two steps of the game and also between two effects of one ability («ранить на 2, затем излечить
1»: a creature with 2 lives dies before the healing; Effects.rule_effects_between), 538.2 being the one case where
they wait. 503.1.p2: a cyclic sequence is cut before the first repetition of an effect.

Each check below looks at the game and returns a *batch*: the effects it would apply, as a tuple of atoms
(one per single effect on one card, used to detect a repetition), and a function that applies them all
at once. The loop applies one batch at a time, in the order of CHECKS (ASM rule-effect-order), and checks
again from the top after each, until nothing is relevant. A batch holding an effect already applied in
this loop is not applied: that cyclic sequence is cut there (503.1.p2), and the loop goes on with the
other checks, since every other rule effect is still applied as soon as it becomes relevant (503.1.p1).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING

from . import verify
from .model import IN_PLAY

if TYPE_CHECKING:
    from .game import Game

Batch = tuple[tuple, Callable[[], None]]
NOTHING_CUT: frozenset[tuple] = frozenset()


def run(game: Game) -> None:
    """Apply every relevant rule effect, until none is (503.1.p1) or only the effects of a cyclic sequence cut
    before its first repetition are (503.1.p2). The loop is skipped when nothing that a rule effect reads has
    changed since it last ran to its end (`Game.changes`: see BattleHistory.log)."""
    if game.changes == game.rules_checked_at:
        if game.VERIFY_SKIPS:
            verify.nothing_relevant(game, CHECKS)
        return
    applied: set[tuple] = set()
    cut: set[tuple] = set()
    checks = possible_checks(game)
    while not game.lost:
        batch = None
        for check in checks:
            found = check(game)
            if found is None:
                continue
            repeated = tuple(a for a in found[0] if a in applied)
            if not repeated:
                batch = found
                break
            if repeated not in cut:
                # 503.1.p2: this cyclic sequence stops before the first repetition of an effect; the other rule
                # effects are still applied as soon as they become relevant (503.1.p1)
                cut.add(repeated)
                game.log("loop_cut", repeated=[[str(x) for x in a] for a in repeated])
        if batch is None:
            break
        atoms, apply = batch
        applied.update(atoms)
        game.priority = None           # 503.1.p1: nobody has priority while rule effects are applied
        apply()
    if game.VERIFY_SKIPS and not game.lost:
        verify.left_out_irrelevant(game, CHECKS, checks)
    # nothing is relevant any more but the effects of a cut cyclic sequence: the loop is skipped until something
    # changes. Run again with nothing changed, it would only start the same sequence anew — the repetition 503.1.p2
    # cuts («эффекты вновь не накладываются», 503.1.ex1) — each time a player passes.
    game.rules_checked_at = game.changes
    game.rules_cut = frozenset(a for repeated in cut for a in repeated) if cut else NOTHING_CUT


def possible_checks(game: Game) -> tuple[Callable[[Game], Batch | None], ...]:
    """The checks of CHECKS that can ever be relevant in this game (POSSIBLE), in their order; decided once per
    game from what its board fixes for the whole game. The game keeps their places in CHECKS (plain data: a
    clone shares it, the fingerprint of engine/fingerprint.py can write it)."""
    places = game.__dict__.get("_rule_checks")
    if places is None:
        places = game.__dict__["_rule_checks"] = tuple(
            i for i, check in enumerate(CHECKS) if check not in POSSIBLE or POSSIBLE[check](game))
    return _checks_at(places)


@functools.cache
def _checks_at(places: tuple[int, ...]) -> tuple[Callable[[Game], Batch | None], ...]:
    return tuple(CHECKS[i] for i in places)


def lethal_wounds(game: Game) -> Batch | None:
    """503.1.b5: a card with a lethal number of wounds is destroyed (all such cards at once)."""
    # Zones.in_play and Zones.current_lives inline: a hot path (every rule-effects loop)
    dying = [c for c in game.sorted_cards() if c.zone in IN_PLAY and c.definition.type == "creature"
             and c.max_lives + c.additional - c.negative - c.wounds <= 0]
    if not dying:
        return None

    def destroy_all() -> None:
        game.destroy(dying, effect="death", causes={c.id: c.last_hit for c in dying}, rule=True)

    return tuple(("death", c.id) for c in dying), destroy_all


def static_effects(game: Game) -> Batch | None:
    """503.1.b4 / heroes 115.1: the effect of a static ability is applied as soon as a card meets its
    condition and removed as soon as it stops meeting it (or the source loses the ability or leaves)."""
    wanted = game.wanted_static_effects()
    have = {e.static_key: e for e in game.effects if e.static_key is not None}
    add = [k for k in wanted if k not in have]
    remove = [k for k in have if k not in wanted]
    if not add and not remove:
        return None
    signature = tuple(sorted([("+",) + k for k in add] + [("-",) + k for k in remove]))

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

    return tuple(("effect_end", e.id) for e in ended), remove_all


def reveal(game: Game) -> Batch | None:
    """503.1.b1: a face-down card is revealed (вскрытие) once it acted or was targeted (ASM reveal-when)."""
    due = [c for c in game.sorted_cards() if c.reveal_due and c.face_down]
    if not due:
        return None

    def apply() -> None:
        for c in due:
            c.face_down, c.reveal_due = False, False
            c.battle_started = False
            game.log("rule_effect", targets=[c.id], effect="reveal")

    return tuple(("reveal", c.id) for c in due), apply


def battle_start(game: Game) -> Batch | None:
    """503.1.b14: the effects of «начинает бой с [текст]» are applied when the card is revealed."""
    due = [c for c in game.sorted_cards() if not c.battle_started and not c.face_down and game.in_play(c)]
    if not due:
        return None

    def apply() -> None:
        for c in due:
            c.battle_started = True
            for ab in game.abilities_of(c):
                if ab.kind != "battle_start":
                    continue
                for spec in ab.effects:
                    if spec.do == "add_lives":
                        c.additional += spec.amount
                    else:
                        game.add_permanent_effect(c, spec, ab.key)
                game.log("rule_effect", targets=[c.id], effect="battle_start", ability=ab.key,
                         applied=[[spec.do, spec.amount] for spec in ab.effects])

    return tuple(("battle_start", c.id) for c in due), apply


def lives_cancel(game: Game) -> Batch | None:
    """503.1.b6: negative and additional lives on a card cancel each other out."""
    both = [c for c in game.sorted_cards() if c.additional > 0 and c.negative > 0]
    if not both:
        return None

    def apply() -> None:
        for c in both:
            k = min(c.additional, c.negative)
            c.additional -= k
            c.negative -= k
            game.log("rule_effect", targets=[c.id], effect="lives_cancel", amount=k)

    return tuple(("lives_cancel", c.id, c.additional, c.negative) for c in both), apply


def _excess(game: Game, quantity: str, maximum: str, effect: str) -> Batch | None:
    """503.1.b16 for one quantity of a card (`quantity`, a Card field) and its maximum (`maximum`, a CardDef
    field): what is above the maximum is removed at once; a card exactly at its maximum keeps it all."""
    over = [c for c in game.sorted_cards() if getattr(c.definition, maximum) is not None
            and getattr(c, quantity) > getattr(c.definition, maximum)]
    if not over:
        return None

    def apply() -> None:
        for c in over:
            extra = getattr(c, quantity) - getattr(c.definition, maximum)
            setattr(c, quantity, getattr(c, quantity) - extra)
            game.log("rule_effect", targets=[c.id], effect=effect, amount=extra)

    return tuple((effect, c.id, getattr(c, quantity)) for c in over), apply


def excess_lives(game: Game) -> Batch | None:
    """503.1.b16: «снятие с карты лишних дополнительных жизней …, как только количество жизней … карты превышает
    её максимум жизней» (ASM max-lives-is-additional): the card states the most additional lives it may carry
    (max_additional_lives); its maximum of lives is its lives plus that. Reading max-lives=additional (the
    default): the additional lives above their maximum are removed at once, whatever the wounds. Reading
    current: the card's current lives (wounds and negative lives counted) are compared with its maximum of lives,
    and as many additional lives as they exceed it by (at most all it carries) are removed — a wounded card keeps
    additional lives that an unwounded one would lose."""
    if game.readings["max-lives"] == "additional":
        return _excess(game, "additional", "max_additional_lives", "excess_lives")
    over = [(c, min(c.additional, game.current_lives(c) - c.max_lives - c.definition.max_additional_lives))
            for c in game.sorted_cards() if c.definition.max_additional_lives is not None and c.additional > 0
            and game.current_lives(c) > c.max_lives + c.definition.max_additional_lives]
    if not over:
        return None

    def apply() -> None:
        for c, extra in over:
            c.additional -= extra
            game.log("rule_effect", targets=[c.id], effect="excess_lives", amount=extra)

    return tuple(("excess_lives", c.id, c.additional) for c, _ in over), apply


def excess_counters(game: Game) -> Batch | None:
    """503.1.b16: «снятие с карты лишних … (фишек), как только количество … (фишек) карты превышает её максимум …
    (фишек)»: the same rule for the counters a card carries (ASM counters-maximum)."""
    return _excess(game, "counters", "max_counters", "excess_counters")


def substituted_abilities(game: Game) -> Batch | None:
    """503.1.b19: «замещение особенности другой особенностью» — an ability substitutes another while it is
    active (its condition holds). (The history and the canonical state call this "ability_replaced" and
    "replaced_abilities": the protocol's names.)"""
    changes = []
    for c in game.sorted_cards():
        # only this check fills `substituted`, from the printed abilities that substitute another: a card
        # with none of them has nothing substituted
        if not c.definition.has_substituting:
            continue
        wanted = sorted(a.substitutes for a in c.definition.abilities
                        if a.substitutes is not None and game.condition_met(c, a))
        if wanted != sorted(c.substituted):
            changes.append((c, wanted))
    if not changes:
        return None

    def apply() -> None:
        for c, wanted in changes:
            for key in sorted(set(wanted) - set(c.substituted)):
                game.log("rule_effect", targets=[c.id], effect="ability_replaced", ability=key)
            for key in sorted(set(c.substituted) - set(wanted)):
                game.log("rule_effect", targets=[c.id], effect="ability_restored", ability=key)
            c.substituted = list(wanted)

    return tuple(("replace", c.id, tuple(w)) for c, w in changes), apply


def hostless(game: Game) -> Batch | None:
    """503.1.b7: a symbiote (parasite) or equipment with no host is destroyed."""
    lone = [c for c in game.sorted_cards() if game.in_play(c) and c.definition.type in ("equipment", "symbiote")
            and c.host is None]
    if not lone:
        return None
    return tuple(("hostless", c.id) for c in lone), lambda: game.destroy(lone, effect="no_host", causes={}, rule=True)


def host_left(game: Game) -> Batch | None:
    """503.1.b8: a symbiote (parasite) or equipment whose host left the battlefield is destroyed. A host carried
    to the additional zone (503.1.b10: «перенос карт с поля боя») has left it too (ASM flyer-host-leaves)."""
    left = [c for c in game.sorted_cards() if game.in_play(c) and c.host is not None
            and game.cards[c.host].zone != "battlefield"]
    if not left:
        return None
    return tuple(("host_left", c.id) for c in left), lambda: game.destroy(left, effect="host_left", causes={},
                                                                         rule=True)


def with_host(game: Game) -> Batch | None:
    """503.1.b9: a symbiote (parasite) or equipment moves together with its host."""
    behind = [c for c in game.sorted_cards() if game.in_play(c) and c.host is not None
              and game.cards[c.host].zone == "battlefield" and c.cell != game.cards[c.host].cell]
    if not behind:
        return None

    def apply() -> None:
        for c in behind:
            c.cell = game.cards[c.host or ""].cell
            game.log("rule_effect", targets=[c.id], effect="moves_with_host", cell=c.cell)

    return tuple(("with_host", c.id, game.cards[c.host or ""].cell) for c in behind), apply


def flying_zone(game: Game) -> Batch | None:
    """503.1.b10: a flying creature goes from the battlefield to the additional zone, and a card there that
    no longer flies comes back to the battlefield (to its former cell if free, else the first free cell of
    its controller's half: ASM flying-return)."""
    up = [c for c in game.sorted_cards() if c.zone == "battlefield" and c.host is None and game.has_flying(c)]
    down = [c for c in game.sorted_cards() if c.zone == "additional" and not game.has_flying(c)]
    if not up and not down:
        return None

    def apply() -> None:
        for c in up:
            c.last_cell, c.cell, c.zone = c.cell, None, "additional"
            game.log("rule_effect", targets=[c.id], effect="to_additional_zone")
        for c in down:
            c.zone, c.cell = "battlefield", game.free_cell(c)
            game.log("rule_effect", targets=[c.id], effect="to_battlefield", cell=c.cell)

    return tuple([("up", c.id) for c in up] + [("down", c.id) for c in down]), apply


def uniqueness(game: Game, later_returns: bool = True) -> Batch | None:
    """503.1.b11: two unique cards of one name in one squad break the uniqueness rule: the one that came
    into play later returns to its owner's deck (ASM uniqueness-later; `later_returns` names that choice)."""
    seen: dict[tuple[str, str], object] = {}
    extra = []
    for c in sorted(game.cards.values(), key=lambda c: (c.appeared if later_returns else -c.appeared, c.id)):
        if not game.in_play(c) or not c.definition.unique:
            continue
        key = (game.controller(c), c.definition.name)   # one squad: its controller's, whoever owns it (ASM uniqueness-squad)
        if key in seen:
            extra.append(c)
        else:
            seen[key] = c
    if not extra:
        return None

    def apply() -> None:
        for c in extra:
            hid = game.log("rule_effect", targets=[c.id], effect="uniqueness")
            game.to_deck(c, hid)

    return tuple(("uniqueness", c.id) for c in extra), apply


def shuffle_decks(game: Game) -> Batch | None:
    """503.1.b17: a deck is shuffled after a card was taken from it, returned to it, or it was looked at.
    Deterministic: the order comes from the board's seed and the number of shuffles so far."""
    if not game.deck_dirty:
        return None
    players = sorted(game.deck_dirty)

    def apply() -> None:
        for player in players:
            reason = game.deck_dirty.pop(player)
            game.shuffle(player, reason)

    return tuple(("shuffle", p, len(game.history)) for p in players), apply


def player_loses(game: Game) -> Batch | None:
    """503.1.b18: a player whose squad has no creatures loses (classic)."""
    if not game.edition.loses_without_creatures:
        return None
    squads = set()
    for c in game.cards.values():     # a loop with Zones.in_play inline: a hot path (every rule-effects loop)
        if c.zone in IN_PLAY and c.definition.type == "creature":
            squads.add(game.controller(c))
    losing = [p for p in game.players if p not in game.lost and p not in squads]
    if not losing:
        return None

    def apply() -> None:
        for p in losing:
            game.lost.append(p)
            game.log("rule_effect", controller=p, effect="player_loses")

    return tuple(("loses", p) for p in losing), apply


def clamp_roll(game: Game, raw: int, parent: str | None) -> int:
    """503.1.b13: a die roll below 1 counts as 1 and above 6 as 6 (outside the strike table)."""
    value = min(6, max(1, raw))
    if value != raw:
        game.log("rule_effect", parent=parent, effect="roll_clamped", raw=raw, value=value)
    return value


# The order in which relevant rule effects are applied (ASM rule-effect-order).
CHECKS: list[Callable[[Game], Batch | None]] = [
    reveal, battle_start, lethal_wounds, lives_cancel, excess_lives, excess_counters, ended_effects, static_effects,
    substituted_abilities, hostless, host_left, with_host, flying_zone, uniqueness, shuffle_decks, player_loses,
]


def _unique_twins(game: Game) -> bool:
    names = [c.definition.name for c in game.cards.values() if c.definition.unique]
    return len(names) != len(set(names))


# When a check can be relevant at all in a game (the checks not named here always can). Decided from what a
# board fixes for the whole game: its cards (no card enters or leaves the game: a card keeps its id in every
# zone, 537.4), their printed definitions (never changed), and what the engine never sets after the set-up: no
# card is turned face down or is given a host, and only flying_zone puts a card into the additional zone. A
# check left out is still asked under Game.VERIFY_SKIPS, after every loop (verify.left_out_irrelevant).
POSSIBLE: dict[Callable[[Game], Batch | None], Callable[[Game], bool]] = {
    reveal: lambda game: any(c.face_down for c in game.cards.values()),
    battle_start: lambda game: any(c.face_down or not c.battle_started for c in game.cards.values()),
    excess_lives: lambda game: any(c.definition.max_additional_lives is not None for c in game.cards.values()),
    excess_counters: lambda game: any(c.definition.max_counters is not None for c in game.cards.values()),
    static_effects: lambda game: any(c.definition.has_static for c in game.cards.values())
    or any(e.static_key is not None for e in game.effects),
    substituted_abilities: lambda game: any(c.definition.has_substituting for c in game.cards.values()),
    hostless: lambda game: any(c.definition.type in ("equipment", "symbiote") for c in game.cards.values()),
    host_left: lambda game: any(c.host is not None for c in game.cards.values()),
    with_host: lambda game: any(c.host is not None for c in game.cards.values()),
    flying_zone: lambda game: any(c.definition.flying or c.zone == "additional" for c in game.cards.values()),
    uniqueness: _unique_twins,
}
