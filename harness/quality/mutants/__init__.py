"""Mutant engines: the reference engine with one deliberate rules mistake each, served over the protocol.

    python -m harness.quality.mutants NAME      # serve the mutant NAME over the protocol
    python -m harness.quality.mutants --list    # every mutant: name and mistake

A mutant is a small subclass of `engine.Game` registered with `@mutant("name", "classic:503.1.b5#1", …)`:
after its name, the sentences of the text (harness/rules/sentences.py) or the assumptions («asm:ID») whose
wrong reading it is. Its docstring says the mistake (reports show it). Each is a plausible mistake of an
engine author, never a sabotage of the harness: it plays the protocol correctly and is wrong about one rule
only. Add one by writing another in the family module of the section it misreads (below: one module per
rules section); `harness/quality/mutation.py` declares the scenarios that must kill it (`KILLS`), and
`berserk-rules mutants` runs the whole suite against every mutant and reports the kill rate. The
differential test (tests/test_differential.py) must tell a mutant from the reference too.

This module holds the registry and what several families share; the rule-effects loop and the strike table
are modules of the engine, not methods: the mutants of those (`EngineModules`) swap the module
`engine.game` sees for a variant while their game runs.
"""

from __future__ import annotations

import contextlib
import importlib
import pkgutil
import sys
import types
from collections.abc import Callable, Iterator
from typing import Any

from engine import Game, attacks, effects, rule_effects, strike, turns
from engine import game as game_module
from engine.serve import Server, serve

MUTANTS: dict[str, type[Game]] = {}
# mutant → what it misreads: sentences of the text («classic:537.2#2», harness/rules/sentences.py) and declared
# assumptions («asm:strike-table»); `berserk-rules mutants --sentences` lists every sentence with its mutants
READS: dict[str, tuple[str, ...]] = {}


# the engine modules that use rule_effects / strike_table (EngineModules swaps them there)
USERS = (game_module, turns, effects, attacks)


def mutant(name: str, *reads: str) -> Any:
    """Register a mutant: its name, and the sentences of the text (``classic:537.2#2``) or the assumptions
    (``asm:strike-table``) whose wrong reading it is — at least one."""
    def register(cls: type[Game]) -> type[Game]:
        if name in MUTANTS:
            raise ValueError(f"two mutants named {name!r}")
        if not reads:
            raise ValueError(f"mutant {name!r} names no sentence or assumption it misreads")
        MUTANTS[name] = cls
        READS[name] = reads
        return cls
    return register


def mistake(name: str) -> str:
    """The mutant's mistake: its docstring, on one line."""
    return " ".join((MUTANTS[name].__doc__ or "").split())


# ------------------------------------------------------------------------------------------ helpers
class EngineModules(Game):
    """Base of the mutants of an engine module: while this game runs (set-up, every action and answer),
    the engine's rules modules (`engine.game`, `engine.turns`, `engine.effects`, `engine.attacks`) see
    `MODULES` (name → replacement) instead of their own `rule_effects` / `strike_table`."""

    MODULES: dict[str, Any] = {}

    @contextlib.contextmanager
    def _swapped(self) -> Iterator[None]:
        users = [m for m in USERS if any(hasattr(m, name) for name in self.MODULES)]
        saved = {(m, name): getattr(m, name) for m in users for name in self.MODULES if hasattr(m, name)}
        for m, name in saved:
            setattr(m, name, self.MODULES[name])
        try:
            yield
        finally:
            for (m, name), original in saved.items():
                setattr(m, name, original)

    def __init__(self, setup: dict, definitions: dict[str, dict], readings: dict[str, str] | None = None):
        with self._swapped():
            super().__init__(setup, definitions, readings)

    def act(self, player: str, action: dict) -> None:
        with self._swapped():
            super().act(player, action)

    def answer(self, player: str, choice: Any) -> None:
        with self._swapped():
            super().answer(player, choice)


def rule_effects_variant(checks: list[Callable] | None = None, cut: bool = True, cap: int | None = None,
                         yield_to_triggers: bool = False) -> Any:
    """A copy of `engine.rule_effects` whose loop differs: other `checks`, no cut of a repetition (`cut`,
    then at most `cap` batches so that it ends), or a loop that stops while triggers wait."""

    def run(game: Game) -> None:
        applied: set[tuple] = set()
        cuts: set[tuple] = set()
        batches = 0
        while not game.lost:
            if yield_to_triggers and game.fired:
                return
            batch = None
            for check in checks or rule_effects.CHECKS:
                found = check(game)
                if found is None:
                    continue
                repeated = tuple(a for a in found[0] if a in applied) if cut else ()
                if not repeated:
                    batch = found
                    break
                if repeated not in cuts:      # as engine.rule_effects.run: only this sequence is cut
                    cuts.add(repeated)
                    game.log("loop_cut", repeated=[[str(x) for x in a] for a in repeated])
            if batch is None:
                return
            atoms, apply = batch
            batches += 1
            if cap is not None and batches > cap:
                return
            applied.update(atoms)
            game.priority = None
            apply()

    return types.SimpleNamespace(run=run, clamp_roll=rule_effects.clamp_roll, CHECKS=checks or rule_effects.CHECKS)


def replace_check(old: Callable, new: Callable) -> list[Callable]:
    return [new if check is old else check for check in rule_effects.CHECKS]


# ------------------------------------------------------------------------------------------ classic 113


# ------------------------------------------------------------------------------------------ helpers of several families
def lethal_above(game: Game) -> Any:
    """503.1.b5, mistaken: destroyed only with more wounds than lives."""
    dying = [c for c in game.sorted_cards() if game.in_play(c) and c.definition.type == "creature"
             and game.current_lives(c) < 0]
    if not dying:
        return None
    return (tuple(("death", c.id) for c in dying),
            lambda: game.destroy(dying, effect="death", causes={c.id: c.last_hit for c in dying}, rule=True))


class _NoShuffleAfter(Game):
    """The base of the mutants that forget to shuffle a deck after an effect of the verb VERB (classic 503.1.b17)."""

    VERB = ""

    def _apply_effect(self, entry: Any, spec: Any, target_id: str) -> bool | None:
        result = super()._apply_effect(entry, spec, target_id)
        if spec.do == self.VERB:
            self.deck_dirty.pop(entry.controller, None)
        return result


def closed_target_thirds(attacker_roll: int) -> str:
    """The closed-target strike in equal thirds: 1–2 weak, 3–4 medium, 5–6 strong."""
    return "weak" if attacker_roll <= 2 else "medium" if attacker_roll <= 4 else "strong"


def open_target_tie_weak(attacker_roll: int, defender_roll: int) -> tuple[str | None, str | None]:
    """The open table with every tie read as the attacker's weak strike."""
    if attacker_roll == defender_roll:
        return "weak", None
    return strike.open_target(attacker_roll, defender_roll)


def without_check(check: Callable) -> Any:
    """A rule-effects loop that never applies one rule effect (its sentence of 503.1 ignored)."""
    return rule_effects_variant([c for c in rule_effects.CHECKS if c is not check])


def with_clamp(clamp: Callable) -> Any:
    """The rule-effects module with another `clamp_roll` (503.1.b13)."""
    return types.SimpleNamespace(**{**vars(rule_effects_variant()), "clamp_roll": clamp})


def then_priority(check: Callable) -> Callable:
    """A rule-effect check whose batch, once applied, gives the active player priority."""
    def wrapped(game: Game) -> Any:
        found = check(game)
        if found is None:
            return None
        atoms, apply = found

        def apply_then_priority() -> None:
            apply()
            if not game.lost:
                game._give_priority(game.active)
        return atoms, apply_then_priority
    return wrapped


def _reaching_maximum(field: str, maximum: str, effect: str) -> Callable:
    """503.1.b16, mistaken: «превышает её максимум» read as «достигает максимума» — as soon as the quantity
    reaches the card's maximum, the one that reached it goes too (the card keeps at most maximum − 1)."""

    def check(game: Game) -> Any:
        over = [c for c in game.sorted_cards() if getattr(c.definition, maximum) is not None
                and getattr(c, field) >= getattr(c.definition, maximum) and getattr(c, field) > 0]
        if not over:
            return None

        def apply() -> None:
            for c in over:
                extra = getattr(c, field) - max(0, getattr(c.definition, maximum) - 1)
                setattr(c, field, getattr(c, field) - extra)
                game.log("rule_effect", targets=[c.id], effect=effect, amount=extra)

        return tuple((effect, c.id, getattr(c, field)) for c in over), apply

    return check


def _appeared_at(game: Game, card: Any) -> int | None:
    """The index of the battle-history entry at which the card last came into play (None: it was on the board
    from the start)."""
    for i in range(len(game.history) - 1, -1, -1):
        h = game.history[i]
        if (h["kind"] in ("play", "incarnation") and h["source"] == card.id) or \
                (h["kind"] == "effect" and h["info"].get("effect") == "put_into_play" and card.id in h["targets"]):
            return i
    return None


def _attached(game: Game, kinds: tuple[str, ...]) -> list:
    return [c for c in game.sorted_cards() if game.in_play(c) and c.definition.type in kinds]


def hostless_of(kinds: tuple[str, ...]) -> Callable:
    """503.1.b7 for the card types `kinds` only."""
    def hostless(game: Game) -> Any:
        lone = [c for c in _attached(game, kinds) if c.host is None]
        if not lone:
            return None
        return tuple(("hostless", c.id) for c in lone), lambda: game.destroy(lone, effect="no_host", causes={},
                                                                             rule=True)
    return hostless


def host_left_of(kinds: tuple[str, ...], zones: tuple[str, ...] | None = None) -> Callable:
    """503.1.b8 for the card types `kinds` only, and (with `zones`) only for a host gone to one of those zones."""
    def host_left(game: Game) -> Any:
        left = [c for c in _attached(game, kinds) if c.host is not None and game.cards[c.host].zone != "battlefield"
                and (zones is None or game.cards[c.host].zone in zones)]
        if not left:
            return None
        return tuple(("host_left", c.id) for c in left), lambda: game.destroy(left, effect="host_left", causes={},
                                                                             rule=True)
    return host_left


def with_host_of(kinds: tuple[str, ...]) -> Callable:
    """503.1.b9 for the card types `kinds` only."""
    def with_host(game: Game) -> Any:
        behind = [c for c in _attached(game, kinds) if c.host is not None
                  and game.cards[c.host].zone == "battlefield" and c.cell != game.cards[c.host].cell]
        if not behind:
            return None

        def apply() -> None:
            for c in behind:
                c.cell = game.cards[c.host or ""].cell
                game.log("rule_effect", targets=[c.id], effect="moves_with_host", cell=c.cell)

        return tuple(("with_host", c.id, game.cards[c.host or ""].cell) for c in behind), apply
    return with_host


# ------------------------------------------------------------------------------------------ the families
# Every module of this package is a family of mutants and is imported here, so that its mutants register:
# one module per rules section (classic_113, classic_503, classic_536, classic_537, classic_538, heroes_113,
# heroes_114, heroes_115; `assumptions` for the mutants of the kit's declared choices alone), beside the blind
# sets (blind_set1, blind_set2: written from the rules text by someone who had not read the suite) and any
# other family. A newcomer finds a mutant by the clause it misreads: its module is that clause's section.
FAMILIES = tuple(info.name for info in pkgutil.iter_modules(__path__) if not info.name.startswith("_"))
for _family in FAMILIES:
    importlib.import_module(f"{__name__}.{_family}")


def main(argv: list[str]) -> int:
    if argv[:1] == ["--list"]:
        for name in sorted(MUTANTS):
            sys.stdout.write(f"{name}\t{mistake(name)}\n")
        return 0
    if not argv or argv[0] not in MUTANTS:
        sys.stderr.write(f"usage: python -m harness.quality.mutants NAME | --list, NAME one of: {', '.join(sorted(MUTANTS))}\n")
        return 2
    server = Server(new_game=MUTANTS[argv[0]])
    server.name = f"mutant {argv[0]}"
    return serve(server)
