"""Mutant engines: the reference engine with one deliberate rules mistake each, served over the protocol.

    python harness/quality/mutants.py NAME
    python harness/quality/mutants.py --list        # every mutant: name and mistake (or: python -m harness.quality.mutants)

A mutant is a small subclass of `engine.Game` registered with `@mutant("name", "classic:503.1.b5#1", …)`:
after its name, the sentences of the text (harness/rules/sentences.py) or the assumptions («asm:ID») whose
wrong reading it is. Its docstring says the mistake (reports show it). Each is a plausible mistake of an engine author, never a sabotage of the
harness: it plays the protocol correctly and is wrong about one rule only. Add one by writing another;
`harness/quality/mutation.py` declares the scenarios that must kill it (`KILLS`), and `berserk-rules mutants` runs
the whole suite against every mutant and reports the kill rate. The differential test
(tests/test_differential.py) must tell a mutant from the reference too.

The rule-effects loop and the strike table are modules of the engine, not methods: the mutants of
those (`EngineModules`) swap the module `engine.game` sees for a variant while their game runs.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import sys
import types
from collections.abc import Callable, Iterator
from typing import Any

from engine import Game, attacks, effects, rule_effects, strike, turns
from engine import game as game_module
from engine.model import Entry, IllegalAction
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
@mutant("control-forever", "classic:503.1.b15#1", "classic:113.2.ex1#5")
class ControlForever(Game):
    """A control effect never ends (classic 503.1.b15 ignored for control): Мститель stays with Невтида's
    player after Невтида dies."""

    def effect_ended(self, e: Any) -> bool:
        return False if e.kind == "control" else super().effect_ended(e)


@mutant("stack-fifo", "asm:stack-lifo")
class StackFifo(Game):
    """The classic стек resolves first-in-first-out: when both players pass, the oldest entry resolves first
    (ASM stack-lifo)."""

    EDITION = "classic"

    def _pass(self, player: str, action: dict) -> None:
        if self.edition.name == self.EDITION and self.passes == 1 and len(self.stack) > 1:
            self.stack.append(self.stack.pop(0))
        super()._pass(player, action)


@mutant("triggers-before-rule-effects", "classic:113.2#2", "classic:113.2.ex1#6", "heroes:113.2#2")
class TriggersBeforeRuleEffects(EngineModules):
    """Triggered abilities are declared as soon as they fire, before the remaining rule effects are applied
    (classic 113.2, 503.1.p1): the rule-effects loop yields while a trigger waits."""

    MODULES = {"rule_effects": rule_effects_variant(yield_to_triggers=True)}


@mutant("after-as-at", "classic:113.3#2")
class AfterAsAt(Game):
    """«После [текст]» triggers fire when [текст] is executed, like «При», not after its payment (classic
    113.3)."""

    def fire(self, event: str, hid: str, subject: Any, **ctx: Any) -> None:
        if ctx.get("phase") == "after_payment":
            return                                  # the late firing is gone...
        super().fire(event, hid, subject, **ctx)
        if event in ("attack", "ability_executed"):  # ...because it already happened at the execution
            super().fire(event, hid, subject, **{**ctx, "phase": "after_payment"})


@mutant("heal-nominal", "classic:113.2.ex2#1")
class HealNominal(Game):
    """«При лечении на N» reads the healing the effect names, not what was actually healed (classic
    113.2.ex2: Ореос throws after healing 3 of a single wound)."""

    def _apply_effect(self, entry: Any, spec: Any, target_id: str) -> bool | None:
        if spec.do != "heal":
            return super()._apply_effect(entry, spec, target_id)
        target = self.cards[target_id]
        healed = min(spec.amount, target.wounds)
        target.wounds -= healed
        hid = self.log("effect", source=entry.source, targets=[target_id], controller=entry.controller,
                       parent=entry.declared, effect="heal", amount=spec.amount, healed=healed)
        self.fire("healed", hid, target, amount=spec.amount)
        return None


# ------------------------------------------------------------------------------------------ classic 503
@mutant("classic-pay-before", "classic:503.1.b3#1", "classic:536.4.ex1#6")
class ClassicPayBefore(Game):
    """Classic activated abilities are paid at declaration, like in heroes, not after their execution
    (classic 503.1.b3)."""

    def _continue_declaration(self) -> None:
        super()._continue_declaration()
        top = self.stack[-1] if self.stack else None
        if self.declaring is None and top is not None and top.activated and not top.data.get("paid"):
            self._pay(top)


@mutant("loop-not-cut", "classic:503.1.p2#1", "classic:503.1.ex1#4", "classic:503.1.ex1#5")
class LoopNotCut(EngineModules):
    """The rule-effects loop is not cut before the first repetition (classic 503.1.p2); it goes on until a
    hard cap of 60 batches."""

    MODULES = {"rule_effects": rule_effects_variant(cut=False, cap=60)}


def lethal_above(game: Game) -> Any:
    """503.1.b5, mistaken: destroyed only with more wounds than lives."""
    dying = [c for c in game.sorted_cards() if game.in_play(c) and c.definition.type == "creature"
             and game.current_lives(c) < 0]
    if not dying:
        return None
    return (tuple(("death", c.id) for c in dying),
            lambda: game.destroy(dying, effect="death", causes={c.id: c.last_hit for c in dying}, rule=True))


@mutant("lethal-above", "classic:503.1.b5#1")
class LethalAbove(EngineModules):
    """A card is destroyed only when it has more wounds than lives, not as many (classic 503.1.b5)."""

    MODULES = {"rule_effects": rule_effects_variant(replace_check(rule_effects.lethal_wounds, lethal_above))}


@mutant("uniqueness-keeps-later", "classic:503.1.b11#1", "asm:uniqueness-later")
class UniquenessKeepsLater(EngineModules):
    """Uniqueness keeps the card that came into play later and returns the earlier one (classic 503.1.b11,
    ASM uniqueness-later)."""

    MODULES = {"rule_effects": rule_effects_variant(
        replace_check(rule_effects.uniqueness, functools.partial(rule_effects.uniqueness, later_returns=False)))}


class _NoShuffleAfter(Game):
    """The base of the mutants that forget to shuffle a deck after an effect of the verb VERB (classic 503.1.b17)."""

    VERB = ""

    def _apply_effect(self, entry: Any, spec: Any, target_id: str) -> bool | None:
        result = super()._apply_effect(entry, spec, target_id)
        if spec.do == self.VERB:
            self.deck_dirty.pop(entry.controller, None)
        return result


@mutant("no-shuffle-after-look", "classic:503.1.b17#1")
class NoShuffleAfterLook(_NoShuffleAfter):
    """A deck that was only looked at is not shuffled (classic 503.1.b17: taking from it still shuffles)."""

    VERB = "look_at_deck"


@mutant("opens-every-card", "classic:503.1.b2#1")
class OpensEveryCard(Game):
    """At the start of a turn every closed card opens, the opponent's too (classic 503.1.b2: only the
    active player's)."""

    def _begin_turn(self) -> None:
        for c in self.sorted_cards():
            if c.closed and self.in_play(c) and self.controller(c) != self.active:
                c.closed = False
                self.log("rule_effect", targets=[c.id], effect="open")
        super()._begin_turn()


@mutant("movement-every-turn", "classic:503.1.b12#1")
class MovementEveryTurn(Game):
    """Movement allowance comes back at the start of every turn, the opponent's too (classic 503.1.b12:
    in the active player's turn)."""

    def _begin_turn(self) -> None:
        for c in self.sorted_cards():
            if self.in_play(c) and self.controller(c) != self.active and c.moves_left != c.definition.move:
                c.moves_left = c.definition.move
                self.log("rule_effect", targets=[c.id], effect="restore_movement", moves=c.moves_left)
        super()._begin_turn()


@mutant("effects-end-next-turn", "classic:503.1.b15#1")
class EffectsEndNextTurn(Game):
    """An effect «до конца хода» is removed at the start of the next turn, not at the end of this one
    (classic 503.1.b15)."""

    def effect_ended(self, e: Any) -> bool:
        if e.until_end_of_turn is not None and self.in_play(self.cards[e.target]) and e.while_ is None:
            return self.turn > e.until_end_of_turn
        return super().effect_ended(e)


@mutant("reveal-at-resolution", "classic:503.1.b1#1", "asm:reveal-when")
class RevealAtResolution(Game):
    """A face-down card is revealed when the action aimed at it resolves, not as soon as it is declared
    (classic 503.1.b1, ASM reveal-when)."""

    def _mark_reveal(self, card_ids: list[str]) -> None:
        pass

    def _resolve_step(self, entry: Any) -> None:
        if entry.step == "target_resolution":
            super()._mark_reveal([entry.source, *entry.targets])
        super()._resolve_step(entry)


@mutant("strike-no-answer", "asm:strike-table")
class StrikeNoAnswer(EngineModules):
    """The answer strike of the strike table is never dealt: the defender of a simple strike never hits
    back (ASM strike-table)."""

    MODULES = {"strike_table": types.SimpleNamespace(
        STRIKES=strike.STRIKES, closed_target=strike.closed_target,
        open_target=lambda a, d: (strike.open_target(a, d)[0], None))}


def closed_target_thirds(attacker_roll: int) -> str:
    """The closed-target strike in equal thirds: 1–2 weak, 3–4 medium, 5–6 strong."""
    return "weak" if attacker_roll <= 2 else "medium" if attacker_roll <= 4 else "strong"


def open_target_tie_weak(attacker_roll: int, defender_roll: int) -> tuple[str | None, str | None]:
    """The open table with every tie read as the attacker's weak strike."""
    if attacker_roll == defender_roll:
        return "weak", None
    return strike.open_target(attacker_roll, defender_roll)


@mutant("strike-table-off-by-one", "asm:strike-table")
class StrikeTableOffByOne(EngineModules):
    """The open strike table is read one row off: the difference is taken as attacker − defender − 1, so 6
    against 1 is read as 4 (a strong strike and a weak answer) (ASM strike-table)."""

    MODULES = {"strike_table": types.SimpleNamespace(
        STRIKES=strike.STRIKES, closed_target=strike.closed_target,
        open_target=lambda a, d: strike.open_target(a, d + 1))}


@mutant("strike-weak-strong-swapped", "asm:strike-table")
class StrikeWeakStrongSwapped(EngineModules):
    """The strike values are read from the wrong end: a weak strike deals the strong value and a strong one
    the weak value, for the attacker and the answer, against open and closed cards (ASM strike-table)."""

    MODULES = {"strike_table": types.SimpleNamespace(
        STRIKES=tuple(reversed(strike.STRIKES)), closed_target=strike.closed_target, open_target=strike.open_target)}


@mutant("closed-target-thirds", "asm:strike-table")
class ClosedTargetThirds(EngineModules):
    """Against a closed card the attacker's roll is read in equal thirds: 1–2 weak, 3–4 medium, 5–6 strong
    (ASM strike-table: 1–3 weak, 4–5 medium, 6 strong)."""

    MODULES = {"strike_table": types.SimpleNamespace(
        STRIKES=strike.STRIKES, closed_target=closed_target_thirds, open_target=strike.open_target)}


@mutant("strike-tie-always-weak", "asm:strike-table")
class StrikeTieAlwaysWeak(EngineModules):
    """A tie of the dice is always the attacker's weak strike: the exception for a tie of 5 or 6 (no strike,
    a weak answer) is ignored (ASM strike-table)."""

    MODULES = {"strike_table": types.SimpleNamespace(
        STRIKES=strike.STRIKES, closed_target=strike.closed_target, open_target=open_target_tie_weak)}


@mutant("closed-target-both-roll", "asm:strike-table")
class ClosedTargetBothRoll(Game):
    """A simple strike against a closed card is rolled by both players and read from the open table
    (ASM strike-table: only the attacker rolls)."""

    def _resolve_step(self, entry: Any) -> None:
        target = self.cards[entry.targets[0]] if entry.kind == "attack" and entry.targets else None
        if target is None or not target.closed or entry.data.get("as_closed") or entry.step not in ("rolls", "apply"):
            super()._resolve_step(entry)
            return
        target.closed = False                     # read as an open card for the dice and the table
        try:
            super()._resolve_step(entry)
        finally:
            target.closed = True


# ------------------------------------------------------------------------------------------ classic 536-538
@mutant("generated-attack-redirect", "classic:536.2.b#2")
class GeneratedAttackRedirect(Game):
    """536.2.b read as forbidding the defender only: a redirection may still be declared against a generated
    attack at its target resolution step (the text: «не могут объявлять перенаправления (в том числе
    назначение защитника)»)."""

    def _resolve_step(self, entry: Any) -> None:
        if entry.step == "target_resolution" and entry.generated and entry.kind == "attack" \
                and not entry.data.get("redirect_asked") and self._targets_legal(entry):
            entry.data["redirect_asked"] = True
            options = self._redirect_options(entry)
            if options:
                self.pending = {"kind": "redirect", "player": self.controller(self.cards[entry.targets[0]]),
                                "for": entry.id, "options": [None] + options}
                return
        super()._resolve_step(entry)


@mutant("generated-compound-first-part-only", "classic:536.2.b#1")
class GeneratedCompoundFirstPartOnly(Game):
    """A generated compound ability executes only its first part: «с Шага разрешения целей первой заявляемой
    способности в составе этой особенности» read as that part being the whole generated action (classic
    536.2.b)."""

    def _generate_ability(self, entry: Any, spec: Any, groups: list) -> bool:
        put = super()._generate_ability(entry, spec, groups)
        if put and self.stack[-1].data.get("parts"):
            self.stack[-1].data["parts"] = self.stack[-1].data["parts"][:1]
        return put


@mutant("compound-ends-at-a-lost-target", "classic:503.1.b3#1", "asm:compound-ability")
class CompoundEndsAtALostTarget(Game):
    """A compound ability ends at a part that lost its target, as a simple ability fizzles: not paid, though
    an earlier part was carried out (ASM compound-ability; classic 503.1.b3: paid once executed)."""

    def _after_fizzle(self, entry: Any) -> str:
        return "done"


@mutant("generated-attack-defender", "classic:536.2.b#2", "classic:536.4.ex1#4")
class GeneratedAttackDefender(Game):
    """A defender may be assigned against a generated attack (classic 536.2.b)."""

    def _resolve_step(self, entry: Any) -> None:
        if entry.step == "target_resolution" and entry.generated:
            entry.generated = False
            try:
                super()._resolve_step(entry)
            finally:
                entry.generated = True
            return
        super()._resolve_step(entry)


@mutant("generated-attack-paid", "classic:536.2.c#1")
class GeneratedAttackPaid(Game):
    """A generated attack goes through the payment stage: its attacker closes (classic 536.2.c)."""

    def _payment(self, entry: Any) -> None:
        if entry.kind == "attack" and entry.generated:
            entry.generated = False
            try:
                super()._payment(entry)
            finally:
                entry.generated = True
            return
        super()._payment(entry)


@mutant("generated-attack-as-open", "classic:536.4#1", "classic:536.4.ex1#5")
class GeneratedAttackAsOpen(Game):
    """A generated attack is dealt as against an open card: the target's player rolls too (classic 536.4)."""

    def _generate_attack(self, entry: Any, spec: Any, groups: list) -> bool:
        put = super()._generate_attack(entry, spec, groups)
        if put:
            self.stack[-1].data["as_closed"] = False
        return put


@mutant("past-event-true", "classic:537.3#1", "classic:537.3.ex1#1")
class PastEventTrue(Game):
    """A check about the previous turn is true when there was no previous turn (classic 537.3: false)."""

    def not_moved_previous_turn(self, card: Any) -> bool:
        if self.turn - 1 < 1:
            return True
        return super().not_moved_previous_turn(card)


@mutant("moved-as-not-not-moved", "classic:537.3.ex1#2")
class MovedAsNotNotMoved(Game):
    """«передвигались в прошлый ход» read as the negation of «не передвигались»: with no previous turn the latter
    is false (537.3), so the former comes out true (classic 537.3 ПРИМЕР: «Он не имел бы бонуса и по
    существам, которые передвигались … поскольку прошлого хода не было»)."""

    def moved_previous_turn(self, card: Any) -> bool:
        return not self.not_moved_previous_turn(card)


@mutant("participle-effect1-anyway", "classic:538.1.b3#2", "classic:538.3.ex1#4", "classic:538.1#3")
class ParticipleEffect1Anyway(Game):
    """Effect 1 of a participle construction is applied although effect 2 was replaced (classic 538.1.b3):
    the replacement step applies effect 2 and goes on to effect 1 without asking whether it succeeded."""

    def _effect1_follows(self, effect2_succeeded: bool) -> bool:
        return True


# ------------------------------------------------------------------------------------------ heroes 113-115
@mutant("heroes-trigger-twice-a-turn", "heroes:113.4.p1#1")
class HeroesTriggerTwiceATurn(Game):
    """The heroes once-per-turn limit of triggered abilities is ignored (heroes 113.4.p1)."""

    def _once_per_turn(self, ab: Any) -> bool:
        return ab.once_per_turn if ab.kind == "triggered" else super()._once_per_turn(ab)


@mutant("heroes-activate-twice-a-turn", "heroes:113.3.dup2.p1#1")
class HeroesActivateTwiceATurn(Game):
    """The heroes once-per-turn limit of activated abilities is ignored (heroes 113.3.dup2.p1)."""

    def _once_per_turn(self, ab: Any) -> bool:
        return ab.once_per_turn if ab.kind == "activated" else super()._once_per_turn(ab)


@mutant("optional-trigger-kept", "heroes:113.4#2")
class OptionalTriggerKept(Game):
    """A «может» trigger not declared at the first priority is kept and offered again at the next one,
    instead of being lost (heroes 113.4)."""

    def __init__(self, setup: dict, definitions: dict[str, dict], readings: dict[str, str] | None = None):
        self.kept: list[Any] = []
        super().__init__(setup, definitions, readings)

    def _on_declare_trigger(self, p: dict, choice: str | None) -> None:
        if choice is None:
            self.kept += [f for f in self.fired if self.declarer(f) == p["player"] and f.optional]
            self.fired = [f for f in self.fired if f not in self.kept]
            return
        super()._on_declare_trigger(p, choice)

    def _pass(self, player: str, action: dict) -> None:
        self.fired += self.kept
        self.kept = []
        super()._pass(player, action)


@mutant("illegal-declaration-spends-limit", "heroes:113.7#1", "heroes:113.7.ex1#2")
class IllegalDeclarationSpendsLimit(Game):
    """A declaration that became illegal (its trigger point left play) still spends the once-per-turn
    limit (heroes 113.7)."""

    def used_this_turn(self, card_id: str, key: str) -> bool:
        return super().used_this_turn(card_id, key) or any(
            h["kind"] == "trigger_dropped" and h["turn"] == self.turn and h["source"] == card_id
            and h["info"].get("ability") == key and h["info"].get("reason") == "trigger_subject_left_play"
            for h in self.history)


@mutant("trigger-point-first", "heroes:113.6#1", "heroes:113.6.ex1#3", "heroes:113.6.ex1#2", "heroes:113.6.ex1#4")
class TriggerPointFirst(Game):
    """Of several trigger points of one ability only the first is offered: the player cannot choose
    (heroes 113.6)."""

    def _declare_next(self) -> bool:
        waiting = super()._declare_next()
        if waiting and self.pending and self.pending["kind"] == "declare_trigger":
            seen: set[tuple] = set()
            options = []
            for o in self.pending["options"]:
                key = (o["card"], o["ability"]) if o else None
                if key is None or key not in seen:
                    options.append(o)
                if key is not None:
                    seen.add(key)
            self.pending["options"] = options
        return waiting


@mutant("heroes-pay-after", "heroes:113.3.dup2#1")
class HeroesPayAfter(Game):
    """Heroes activated abilities are paid after their execution, like in classic, not at declaration
    (heroes 113.3.dup2)."""

    def _continue_declaration(self) -> None:
        edition = self.edition
        self.edition = dataclasses.replace(edition, payment="after")
        try:
            super()._continue_declaration()
        finally:
            self.edition = edition


@mutant("statics-by-card-id", "heroes:115.4#1")
class StaticsByCardId(Game):
    """Static abilities apply in a fixed order (the order of card ids), not in order of appearance
    (heroes 115.4)."""

    def wanted_static_effects(self) -> dict[tuple, tuple[str, int, tuple]]:
        rank = {cid: i for i, cid in enumerate(sorted(self.cards))}
        return {key: (kind, amount, (0, rank[key[0]], *order[2:]))
                for key, (kind, amount, order) in super().wanted_static_effects().items()}


@mutant("statics-set-first", "heroes:115.4#1")
class StaticsSetFirst(Game):
    """Static abilities that set a value apply before those that modify it (a fixed layer order), not in
    order of appearance (heroes 115.4)."""

    def wanted_static_effects(self) -> dict[tuple, tuple[str, int, tuple]]:
        return {key: (kind, amount, (0, 0 if kind == "strike_set" else 1, *order[1:]))
                for key, (kind, amount, order) in super().wanted_static_effects().items()}


# ------------------------------------------------------------------------------------------ issue 13: one per sentence
def without_check(check: Callable) -> Any:
    """A rule-effects loop that never applies one rule effect (its sentence of 503.1 ignored)."""
    return rule_effects_variant([c for c in rule_effects.CHECKS if c is not check])


def with_clamp(clamp: Callable) -> Any:
    """The rule-effects module with another `clamp_roll` (503.1.b13)."""
    return types.SimpleNamespace(**{**vars(rule_effects_variant()), "clamp_roll": clamp})


@mutant("participle-priority-between", "classic:538.1.b4#1")
class ParticiplePriorityBetween(Game):
    """Between effect 2 and effect 1 of a participle construction the active player gets priority (classic
    538.1.b4: effect 1 applies «сразу же (без активации стека)»)."""

    def _participle(self, entry: Any, ab: Any, groups: list) -> str:
        result = super()._participle(entry, ab, groups)
        if result == "effect1_follows":
            self._give_priority(self.active)
        return result


@mutant("participle-effect1-replaceable", "classic:538.1.b4#2")
class ParticipleEffect1Replaceable(Game):
    """Effect 1 that follows a successful effect 2 may itself be replaced, like any effect (classic 538.1.b4:
    «он не может быть замещён»)."""

    def destruction_replaced(self, card: Any, hid: str) -> bool:
        saved, self.no_replacement = self.no_replacement, False
        try:
            return super().destruction_replaced(card, hid)
        finally:
            self.no_replacement = saved


@mutant("replacement-also-applies-original", "asm:replacement-general")
class ReplacementAlsoAppliesOriginal(Game):
    """«Вместо того чтобы [действие] — [другое]» adds the other effect to the replaced one: both are applied
    (ASM replacement-general: the replaced effect is not applied)."""

    def effect_replaced(self, entry: Any, spec: Any, card: Any) -> bool:
        super().effect_replaced(entry, spec, card)
        return False


@mutant("replacement-ignores-verb", "asm:replacement-general")
class ReplacementIgnoresVerb(Game):
    """«Вместо того чтобы [действие] — [другое]» replaces every effect on the card, whatever its verb (ASM
    replacement-general: only an effect of that verb)."""

    def replaces_verb(self, replaced: str | None, verb: str) -> bool:
        return True


@mutant("replacement-on-stack", "classic:536.2.a#2", "heroes:115.1.p1#1")
class ReplacementOnStack(Game):
    """A replacement «вместо …» is declared and put on the stack/Queue like a triggered ability, waiting for
    priority: its effects are applied when it resolves, after the replaced ability has finished (classic
    536.2.a, d: the generated action is carried out at once and the replaced ability goes on after it; heroes
    115.1.p1: a static does not use the Queue)."""

    def _generate_replacement(self, card: Any, ab: Any, amount: Any, hid: str, by: Any) -> None:
        self.apply_instead(card, ab.key, self.instead_effects(ab, amount), hid)

    def apply_instead(self, card: Any, key: str, instead: tuple, hid: str) -> None:
        entry = Entry(id=self._new_id("s"), kind="ability", source=card.id, controller=self.controller(card),
                      targets=[card.id], ability=key)
        entry.declared = self.log("declare", source=card.id, targets=[card.id], controller=entry.controller,
                                  parent=hid, resources=[], action="trigger", ability=key, entry=entry.id)
        entry.data["instead"] = instead
        self.stack.append(entry)

    def _apply_ability(self, entry: Any) -> bool:
        if "instead" not in entry.data:
            return super()._apply_ability(entry)
        self._apply_effects(entry, list(entry.data["instead"]), 0, [])
        return True


@mutant("replacement-without-stack", "classic:536.1.1#1", "classic:536.2.a#1")
class ReplacementWithoutStack(Game):
    """Classic: a replacing ability's «вместо» effects are applied at once, with no declaration and no generated
    action on the stack, as in heroes (classic 536.1.1: «к эффектам, порождающим игродействия, относятся
    замещающие особенности»; 536.2.a: «в стек верхним игродействием помещается порождаемое игродействие»)."""

    def _generate_replacement(self, card: Any, ab: Any, amount: Any, hid: str, by: Any) -> None:
        self.apply_instead(card, ab.key, self.instead_effects(ab, amount), hid)


@mutant("replacement-action-by-replaced-player", "classic:536.3#2")
class ReplacementActionByReplacedPlayer(Game):
    """The generated action of a replacing ability is controlled by the player of the ability whose effect was
    replaced, not by the player controlling the replacing card (classic 536.3: «все выборы осуществляет игрок,
    контролирующий карту, которая создаёт эффект, порождающий игродействие»; 536.5)."""

    def _generate_replacement(self, card: Any, ab: Any, amount: Any, hid: str, by: Any) -> None:
        size = len(self.stack)
        super()._generate_replacement(card, ab, amount, hid, by)
        if len(self.stack) > size:
            gen = self.stack[-1]
            gen.controller = by.controller
            declared = next(i for i in range(len(self.history) - 1, -1, -1) if self.history[i]["id"] == gen.declared)
            self.history[declared] = {**self.history[declared], "controller": by.controller}


@mutant("replaced-ability-stops", "classic:536.2.d#1")
class ReplacedAbilityStops(Game):
    """Once the generated action of a replacing ability has resolved, the ability whose effect it replaced does not
    go on: its other targets and effects are dropped (classic 536.2.a, d: the action is put on the stack at that
    ability's effect application step, and its execution goes on after it)."""

    def _apply_effects(self, entry: Any, effects: list, start: int, groups: list) -> bool:
        if entry.data.pop("target_index", None) is not None:
            return True
        return super()._apply_effects(entry, effects, start, groups)

    def _participle(self, entry: Any, ab: Any, groups: list) -> str:
        if entry.data.get("participle") == "effect2":
            entry.data["effect2_at"] = [len(ab.replacement.instead), 0]
        return super()._participle(entry, ab, groups)


@mutant("participle-replaced-effect2-void", "classic:538.1.b3#2")
class ParticipleReplacedEffect2Void(Game):
    """When effect 2 of a participle construction is replaced, the replacement only cancels it: the new replaced
    effect is not carried out (classic 538.1.b3: «Если это происходит, то выполняется новый замещённый эффект»)."""

    def _generate_replacement(self, card: Any, ab: Any, amount: Any, hid: str, by: Any) -> None:
        if by.data.get("effect2_at") is None:
            super()._generate_replacement(card, ab, amount, hid, by)


@mutant("participle-condition-at-declaration", "classic:538.1.b2#1")
class ParticipleConditionAtDeclaration(Game):
    """The [Условие] of a participle construction is read when the ability is declared, not «в момент наложения
    эффекта» (classic 538.1.b2)."""

    def _continue_declaration(self) -> None:
        super()._continue_declaration()
        top = self.stack[-1] if self.stack else None
        if self.declaring is None and top is not None and "occupied_then" not in top.data:
            cells = [t for t in top.targets if self.edition.is_cell(t)]
            top.data["occupied_then"] = {c: bool(self.on_cell(c)) for c in cells}

    def participle_condition(self, entry: Any, cell: str | None) -> bool:
        return bool(cell) and entry.data.get("occupied_then", {}).get(cell, False)


@mutant("participle-despite-block", "classic:538.3.ex1#3")
class ParticipleDespiteBlock(Game):
    """A declared ability with a participle construction that is blocked (cancelled: its target is no longer
    legal) still has its replacement step: effect 2 (the destruction) is applied to an occupied cell (classic
    538.3.ex1: «Если объявленная способность инкарнации не заблокирована, при наложении эффекта заявляется …
    уничтожение»)."""

    def _after_fizzle(self, entry: Any) -> str:
        ab = self.cards[entry.source].definition.ability(entry.ability or "")
        if ab is not None and ab.replacement is not None and ab.replacement.of == "effects":
            self._participle(entry, ab, entry.data.get("target_groups", []))
        return super()._after_fizzle(entry)


@mutant("generating-obliges-attack", "classic:536.5#1")
class GeneratingObligesAttack(Game):
    """An ability that generates an attack counts as one «обязывающая атаковать»: a card protected from those
    cannot be made to perform a generated attack (classic 536.5: «Особенности, порождающие атаки, не относятся к
    особенностям, обязывающим атаковать»)."""

    def obliges_to_attack(self, ab: Any) -> bool:
        return super().obliges_to_attack(ab) or (ab is not None and any(e.do == "generated_attack" for e in ab.effects))


@mutant("conditional-no-parent", "classic:537.1.f#1")
class ConditionalNoParent(Game):
    """A conditionally played ability (declared only when a condition about the past holds, as Вальхалла)
    records no game action that generated it (classic 537.1.f: «игродействии, которое породило это игродействие
    (для срабатывающих и условно играемых особенностей)»)."""

    def condition_parent(self, query: str | None, card_id: str, you: str) -> str | None:
        return None


@mutant("effects-reach-out-of-play", "classic:538.1.b3#1")
class EffectsReachOutOfPlay(Game):
    """The later effects of an ability still apply to a card that its earlier effects (or effect 2 of a
    participle, classic 538.1.b3 «по общим правилам») took out of play."""

    def effect_reaches(self, spec: Any, target_id: str) -> bool:
        return True


@mutant("deck-keeps-identity", "classic:537.4#1", "classic:537.4#3")
class DeckKeepsIdentity(Game):
    """A card that went through the deck is still the same object: the battle history's past actions stay its
    own (classic 537.4: identified in every zone «кроме колоды»)."""

    def to_deck(self, card: Any, hid: str | None) -> None:
        since = card.since
        super().to_deck(card, hid)
        card.since = since


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


@mutant("priority-during-rule-effects", "classic:503.1.p1#3")
class PriorityDuringRuleEffects(EngineModules):
    """The active player gets priority after each batch of rule effects, not only once they are all applied
    (classic 503.1: they are applied «до того, как кто-либо получит приоритет»)."""

    MODULES = {"rule_effects": rule_effects_variant([then_priority(c) for c in rule_effects.CHECKS])}


@mutant("roll-not-clamped-up", "classic:503.1.b13#1")
class RollNotClampedUp(EngineModules):
    """A roll above 6 outside the strike table keeps its value (classic 503.1.b13: «сводится к 6»)."""

    MODULES = {"rule_effects": with_clamp(
        lambda game, raw, parent: raw if raw > 6 else rule_effects.clamp_roll(game, raw, parent))}


@mutant("roll-not-clamped-down", "classic:503.1.b13#1")
class RollNotClampedDown(EngineModules):
    """A roll below 1 outside the strike table keeps its value (classic 503.1.b13: «к 1 (если он меньше
    1)»)."""

    MODULES = {"rule_effects": with_clamp(
        lambda game, raw, parent: raw if raw < 1 else rule_effects.clamp_roll(game, raw, parent))}


@mutant("no-reveal", "classic:503.1.b1#1")
class NoReveal(EngineModules):
    """A face-down card is never revealed by a rule effect (classic 503.1.b1)."""

    MODULES = {"rule_effects": without_check(rule_effects.reveal)}


@mutant("no-battle-start", "classic:503.1.b14#1")
class NoBattleStart(EngineModules):
    """«Начинает бой с …» is never applied when the card is revealed (classic 503.1.b14)."""

    MODULES = {"rule_effects": without_check(rule_effects.battle_start)}


@mutant("no-lives-cancel", "classic:503.1.b6#1")
class NoLivesCancel(EngineModules):
    """Additional and negative lives of a card do not cancel each other (classic 503.1.b6)."""

    MODULES = {"rule_effects": without_check(rule_effects.lives_cancel)}


@mutant("no-excess-lives", "classic:503.1.b16#1")
class NoExcessLives(EngineModules):
    """Additional lives above the card's maximum stay on it (classic 503.1.b16)."""

    MODULES = {"rule_effects": without_check(rule_effects.excess_lives)}


@mutant("no-excess-counters", "classic:503.1.b16#1", "asm:counters-maximum")
class NoExcessCounters(EngineModules):
    """«(фишек)» read as another name of the additional lives: the counters a card carries have no maximum and
    stay on it above the card's maximum of counters (classic 503.1.b16, ASM counters-maximum)."""

    MODULES = {"rule_effects": without_check(rule_effects.excess_counters)}


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


@mutant("maximum-reached-is-excess", "classic:503.1.b16#1")
class MaximumReachedIsExcess(EngineModules):
    """Additional lives and counters go as soon as they reach the card's maximum, not only above it (classic
    503.1.b16 «превышает»): a card never keeps its maximum."""

    MODULES = {"rule_effects": rule_effects_variant([
        {rule_effects.excess_lives: _reaching_maximum("additional", "max_additional_lives", "excess_lives"),
         rule_effects.excess_counters: _reaching_maximum("counters", "max_counters", "excess_counters")}.get(check, check)
        for check in rule_effects.CHECKS])}


@mutant("no-substitution", "classic:503.1.b19#1")
class NoSubstitution(EngineModules):
    """An ability never substitutes another while it is active (classic 503.1.b19)."""

    MODULES = {"rule_effects": without_check(rule_effects.substituted_abilities)}


@mutant("hostless-stays", "classic:503.1.b7#1")
class HostlessStays(EngineModules):
    """Equipment without a host stays in play (classic 503.1.b7)."""

    MODULES = {"rule_effects": without_check(rule_effects.hostless)}


@mutant("host-left-stays", "classic:503.1.b8#1")
class HostLeftStays(EngineModules):
    """Equipment whose host left play stays in play (classic 503.1.b8)."""

    MODULES = {"rule_effects": without_check(rule_effects.host_left)}


@mutant("equipment-stays-behind", "classic:503.1.b9#1")
class EquipmentStaysBehind(EngineModules):
    """Equipment does not move with its host (classic 503.1.b9)."""

    MODULES = {"rule_effects": without_check(rule_effects.with_host)}


@mutant("flying-stays", "classic:503.1.b10#1")
class FlyingStays(EngineModules):
    """A creature that lost or gained flight stays in its zone (classic 503.1.b10)."""

    MODULES = {"rule_effects": without_check(rule_effects.flying_zone)}


@mutant("nobody-loses", "classic:503.1.b18#1")
class NobodyLoses(EngineModules):
    """A player whose last creature died does not lose (classic 503.1.b18)."""

    MODULES = {"rule_effects": without_check(rule_effects.player_loses)}


@mutant("effects-never-end", "classic:503.1.b15#1")
class EffectsNeverEnd(EngineModules):
    """Ended continuous effects are never removed (classic 503.1.b15)."""

    MODULES = {"rule_effects": without_check(rule_effects.ended_effects)}


@mutant("valhalla-always", "classic:537.2#1", "classic:537.2.ex1#1")
class ValhallaAlways(Game):
    """An ability «только если … погиб от атаки карты противника» can be declared whatever the battle history
    says (classic 537.2.ex1)."""

    def history_query(self, query: str, you: str) -> set[str]:
        if query == "died_from_enemy_attack":
            return {c.id for c in self.cards.values()}
        return super().history_query(query, you)


@mutant("modifier-ignores-history", "classic:537.2#1", "classic:537.2.ex2#1")
class ModifierIgnoresHistory(Game):
    """«+N к воздействиям по существам, которые не передвигались в прошлый ход» is added whatever the history
    says (classic 537.2.ex2)."""

    def not_moved_previous_turn(self, card: Any) -> bool:
        return True


def _appeared_at(game: Game, card: Any) -> int | None:
    """The index of the battle-history entry at which the card last came into play (None: it was on the board
    from the start)."""
    for i in range(len(game.history) - 1, -1, -1):
        h = game.history[i]
        if (h["kind"] in ("play", "incarnation") and h["source"] == card.id) or \
                (h["kind"] == "effect" and h["info"].get("effect") == "put_into_play" and card.id in h["targets"]):
            return i
    return None


@mutant("history-from-appearance", "classic:537.2.ex2#3")
class HistoryFromAppearance(Game):
    """The Гном's «не передвигались в прошлый ход» counts only the moves made since it appeared, as if the moves
    before it came were unknown (classic 537.2.ex2: «даже если он появился … после того, как часть существ
    переместилась»)."""

    _since_source: int | None = None

    def _effect_bonus(self, entry: Any, target: Any) -> int:
        self._since_source = _appeared_at(self, self.cards[entry.source])
        try:
            return super()._effect_bonus(entry, target)
        finally:
            self._since_source = None

    def not_moved_previous_turn(self, card: Any) -> bool:
        if self._since_source is None:
            return super().not_moved_previous_turn(card)
        previous, since = self.turn - 1, max(card.since, self._since_source)
        return previous >= 1 and not any(h["kind"] == "move" and h["source"] == card.id and h["turn"] == previous
                                         and i >= since for i, h in enumerate(self.history))


@mutant("bonus-needs-whole-previous-turn", "classic:537.2.ex2#3")
class BonusNeedsWholePreviousTurn(Game):
    """A Гном that appeared during the previous turn has no bonus at all: it did not see that whole turn (classic
    537.2.ex2: the bonus holds «даже если он появился в зоне битвы после того, как часть существ
    переместилась»)."""

    def _effect_bonus(self, entry: Any, target: Any) -> int:
        i = _appeared_at(self, self.cards[entry.source])
        if i is not None and self.history[i]["turn"] >= self.turn - 1:
            return 0
        return super()._effect_bonus(entry, target)


@mutant("attack-trigger-needs-wounds", "classic:113.2.p1#1")
class AttackTriggerNeedsWounds(Game):
    """A trigger «на атаку» fires only when the attack dealt wounds (classic 113.2.p1: «независимо от силы и
    величины этой атаки»)."""

    def fire(self, event: str, hid: str, subject: Any, **ctx: Any) -> None:
        if event == "attack" and ctx.get("phase") is None:
            entry = self.entry_of(hid)
            if entry is not None and not entry["info"].get("wounds"):
                return
        super().fire(event, hid, subject, **ctx)


@mutant("activate-in-opponent-turn", "heroes:114.1.p1#1")
class ActivateInOpponentTurn(Game):
    """A player may declare an activated ability in the opponent's turn (heroes 114.1.p1: only in his own
    turn's Choice phase)."""

    def _check_activation(self, player: str, action: dict) -> Any:
        active = self.active
        self.active = player
        try:
            return super()._check_activation(player, action)
        finally:
            self.active = active


@mutant("activate-with-queue", "heroes:114.1.p1#1")
class ActivateWithQueue(Game):
    """A player may declare an activated ability while the Queue/stack is not empty (heroes 114.1.p1: only in
    the Choice phase)."""

    def _check_activation(self, player: str, action: dict) -> Any:
        stack, self.stack = self.stack, []
        try:
            return super()._check_activation(player, action)
        finally:
            self.stack = stack


@mutant("opens-nothing", "classic:503.1.b2#1")
class OpensNothing(Game):
    """At the start of a turn no card opens (classic 503.1.b2)."""

    def _begin_turn(self) -> None:
        closed = {c.id for c in self.sorted_cards() if c.closed}
        super()._begin_turn()
        for cid in closed:
            self.cards[cid].closed = True


@mutant("executed-fires-in-part", "classic:113.2.p2#1", "classic:113.2.p2#3", "asm:execution-in-full")
class ExecutedFiresInPart(Game):
    """A trigger «на воздействие/заклинание» fires although the text was carried out on only some of its
    declared targets (classic 113.2.p2: «на полное выполнение текста», ASM execution-in-full)."""

    def executed_in_full(self, full: bool) -> bool:
        return True


@mutant("after-without-payment", "classic:113.3#2", "asm:after-needs-payment")
class AfterWithoutPayment(Game):
    """«После [текст]» fires at the payment stage even when nothing was paid (an attacker that died from the
    answer strike; classic 113.3 «после оплаты», ASM after-needs-payment)."""

    def after_payment_made(self, payment: str | None) -> bool:
        return True


@mutant("rule-effect-targets", "classic:503.1#2")
class RuleEffectTargets(Game):
    """A rule effect records the card it applies to as its target (classic 503.1: «не имеют ни источника, ни
    цели»)."""

    def log(self, kind: str, source: str | None = None, targets: list[str] | None = None, **rest: Any) -> str:
        hid = super().log(kind, source=source, targets=targets, **rest)
        if kind == "rule_effect" and targets:
            entry = self.history[-1]
            self.history[-1] = {**entry, "targets": list(targets)}
        return hid


@mutant("valhalla-any-enemy-cause", "classic:537.2.ex1#1")
class ValhallaAnyEnemyCause(Game):
    """«Погибло от атаки карты противника» is read as «погибло из-за карты противника»: a destruction by an
    enemy card's ability counts too (classic 537.2.ex1: «атаки»)."""

    def history_query(self, query: str, you: str) -> set[str]:
        out = super().history_query(query, you)
        if query == "died_from_enemy_attack":
            for h in self.history:
                if h["kind"] == "death" and h["info"].get("effect") == "death" and h["targets"]:
                    cause = self.entry_of(h["parent"])
                    if cause and cause["kind"] == "effect" and cause["controller"] != h["controller"]:
                        out.add(h["targets"][0])
        return out


@mutant("static-sticks-to-target", "heroes:115.1#3")
class StaticSticksToTarget(Game):
    """A static effect once applied stays on its card while the source still applies it, even when the card
    stops meeting the description of the cards it affects (heroes 115.1: «снимается, как только перестаёт
    удовлетворять условию»)."""

    def wanted_static_effects(self) -> dict[tuple, tuple[str, int, tuple]]:
        wanted = super().wanted_static_effects()
        for e in self.effects:
            key = e.static_key
            if key is None or key in wanted:
                continue
            source, target = self.cards[key[0]], self.cards[key[3]]
            ab = self.ability_of(source, key[1])
            if ab is not None and self.in_play(source) and self.in_play(target) and \
                    (not ab.condition_source or (ab.condition_source == "closed") == source.closed):
                wanted[key] = (e.kind, e.amount, e.order)
        return wanted


# ------------------------------------------------------------------------------------------ issue 13: sentences without a mutant
@mutant("no-shuffle-after-return", "classic:503.1.b17#1")
class NoShuffleAfterReturn(Game):
    """A deck that a card was returned to is not shuffled (classic 503.1.b17: «после возвращения карты в
    колоду»; only taking a card or looking at the deck shuffles it)."""

    def to_deck(self, card: Any, hid: str | None) -> None:
        dirty = card.owner in self.deck_dirty
        super().to_deck(card, hid)
        if not dirty and self.deck_dirty.get(card.owner) == "returned":
            del self.deck_dirty[card.owner]


@mutant("no-shuffle-after-take", "classic:503.1.b17#1")
class NoShuffleAfterTake(_NoShuffleAfter):
    """A deck that a card was taken from is not shuffled (classic 503.1.b17: «после извлечения из неё
    карты»; only a card returned to it or a look at it shuffles it)."""

    VERB = "take_from_deck"


@mutant("history-by-name", "classic:537.4#1", "classic:537.4#2")
class HistoryByName(Game):
    """A creature of the battle history is found by its name: every card of that name counts as the one that
    attacked (classic 537.4: «не только по названию, но и по условному игровому идентификатору»)."""

    def history_query(self, query: str, you: str) -> set[str]:
        found = super().history_query(query, you)
        if query != "attacked_your_creature_this_turn":
            return found
        names = {self.cards[c].definition.name for c in found if c in self.cards}
        return found | {c.id for c in self.cards.values() if c.definition.name in names and c.zone != "deck"}


@mutant("generated-attack-by-generator", "classic:536.5#2", "classic:536.4.ex1#2", "classic:536.1#1")
class GeneratedAttackByGenerator(Game):
    """A generated attack is made by the player of the ability that generated it, as if he took the performing
    card under control for the attack (classic 536.5: «атаку выполняет карта-источник атаки (и игрок,
    контролирующий эту карту), то есть взятия под контроль … не происходит»)."""

    def _generate_attack(self, entry: Any, spec: Any, groups: list) -> bool:
        self.controller = lambda card: entry.controller     # type: ignore[method-assign]
        try:
            return super()._generate_attack(entry, spec, groups)
        finally:
            del self.controller


@mutant("generator-unpaid", "classic:536.1#4")
class GeneratorUnpaid(Game):
    """An ability whose effect generates a game action is not paid, like the generated action itself (classic
    536.1: «Порождённые игродействия не требуют оплаты, но породившее их игродействие оплачивается по общим
    правилам»)."""

    def _pay(self, entry: Any) -> None:
        card = self.cards[entry.source]
        ab = self.ability_of(card, entry.ability or "") or card.definition.ability(entry.ability or "")
        if ab is not None and any(e.do == "generated_attack" for e in ab.effects):
            entry.data["paid"] = True
            return
        super()._pay(entry)


@mutant("heroes-mandatory-declinable", "heroes:113.3#1")
class HeroesMandatoryDeclinable(Game):
    """In heroes a triggered ability without «может» may be left undeclared, like a «может» one (heroes 113.3:
    «игрок обязан объявить эту срабатывающую способность при первом же получении приоритета»)."""

    def _declare_next(self) -> bool:
        waiting = super()._declare_next()
        p = self.pending
        if waiting and self.edition.name == "heroes" and p and p["kind"] == "declare_trigger" and p["mandatory"]:
            p["mandatory"] = False
            p["options"].append(None)
        return waiting

    def _on_declare_trigger(self, p: dict, choice: str | None) -> None:
        if choice is None and self.edition.name == "heroes":
            for f in [f for f in self.fired if self.declarer(f) == p["player"]]:
                self.fired.remove(f)
                self.log("trigger_declined", source=f.card, controller=p["player"], parent=f.parent, ability=f.ability)
            return
        super()._on_declare_trigger(p, choice)


@mutant("participle-rule-effects-between", "classic:538.2#1")
class ParticipleRuleEffectsBetween(Game):
    """The rule effects that arose while effect 2 of a participle construction was applied are applied before
    effect 1, as soon as they arise (classic 538.2: «применяются после того, как применятся эффекты, описанные
    в 538.1»)."""

    def _participle(self, entry: Any, ab: Any, groups: list) -> str:
        result = super()._participle(entry, ab, groups)
        if result == "effect1_follows":
            game_module.rule_effects.run(self)
        return result


@mutant("all-targets-unfiltered", "classic:113.2.p2#2")
class AllTargetsUnfiltered(Game):
    """«Все карты с определённым условием» declares every card of the player, the condition unchecked, and the
    text is carried out on all of them (classic 113.2.p2: «выбираются все легальные цели, а нелегальные на
    момент заявки игнорируются»)."""

    def target_options(self, source: Any, f: Any, you: str, chosen: list, ability: Any = None) -> list[str]:
        if f.all and (f.state or f.wounded):
            f = dataclasses.replace(f, state=None, wounded=False)
        return super().target_options(source, f, you, chosen, ability)


@mutant("generated-target-by-performer", "classic:536.3#2", "classic:536.4.ex1#3", "classic:536.3#1")
class GeneratedTargetByPerformer(Game):
    """The target of a generated attack is chosen by the player controlling the card that will make it, not by
    the player of the card whose effect generates it (classic 536.3: «все выборы осуществляет игрок,
    контролирующий карту, которая создаёт эффект, порождающий игродействие»)."""

    def _continue_declaration(self) -> None:
        super()._continue_declaration()
        p, d = self.pending, self.declaring
        if not (p and p["kind"] == "target" and d is not None):
            return
        ab = self.ability_of(self.cards[d["card"]], d["ability"])
        f = ab.targets[len(d["chosen"])] if ab is not None else None
        if f is None or not f.near or not any(e.do == "generated_attack" for e in ab.effects):
            return
        index = int(f.near[6:]) - 1
        performer = d["chosen"][index] if index < len(d["chosen"]) else None
        if isinstance(performer, str) and performer in self.cards:
            p["player"] = self.controller(self.cards[performer])


@mutant("generator-stops-at-generated", "classic:536.2.d#1")
class GeneratorStopsAtGenerated(Game):
    """The ability that generated a game action ends with it: once that action has resolved only its payment
    follows, the rest of its text is not carried out (classic 536.2.d: «продолжается выполнение особенности,
    породившей это игродействие, (в том числе оплата)»)."""

    def _generate_attack(self, entry: Any, spec: Any, groups: list) -> bool:
        put = super()._generate_attack(entry, spec, groups)
        if put:
            source = self.cards[entry.source]
            ab = self.ability_of(source, entry.ability or "") or source.definition.ability(entry.ability or "")
            entry.data["effect_index"] = len(ab.effects) if ab is not None else entry.data["effect_index"]
        return put


@mutant("trigger-declaration-no-parent", "classic:537.1.f#1")
class TriggerDeclarationNoParent(Game):
    """The declaration of a triggered ability records no game action that generated it, as if only generated
    actions (536) had one (classic 537.1.f: «игродействии, которое породило это игродействие (для срабатывающих
    и условно играемых особенностей)»)."""

    def log(self, kind: str, source: str | None = None, targets: list[str] | None = None, **rest: Any) -> str:
        if kind == "declare" and rest.get("action") == "trigger":
            rest["parent"] = None
        return super().log(kind, source=source, targets=targets, **rest)


@mutant("participle-target-ignores-condition", "classic:538.1.b1#1", "classic:538.3.ex1#2")
class ParticipleTargetIgnoresCondition(Game):
    """When choosing the target of [Способность 1] the player is not offered what [Условие] allows: an occupied
    cell with «дрожь» is not a legal target of the incarnation (classic 538.1.b1: «игрок учитывает
    дополнительные возможности, описанные в [Условие]»)."""

    def participle_allows_occupied(self, ability: Any) -> bool:
        return False


@mutant("history-controller-now", "classic:537.1.e#1")
class HistoryControllerNow(Game):
    """The battle history's record of a declaration names the player who controls its source now, not the one
    who controlled it when it was declared (classic 537.1.e: «игроке, который контролировал источник на момент
    заявки»)."""

    def log(self, kind: str, source: str | None = None, targets: list[str] | None = None, **rest: Any) -> str:
        hid = super().log(kind, source=source, targets=targets, **rest)
        for i, h in enumerate(self.history):
            card = self.cards.get(h["source"] or "") if h["kind"] == "declare" else None
            if card is not None and h["controller"] != self.controller(card):
                self.history[i] = {**h, "controller": self.controller(card)}
        return hid


@mutant("generated-attack-no-triggers", "classic:536.4.ex1#5")
class GeneratedAttackNoTriggers(Game):
    """A generated attack, which is not declared (536.5), fires no «при атаке/ударе» abilities (classic 536.4.ex1:
    «Удар будет нанесён как по закрытой карте, все особенности “при ударе” сработают»)."""

    def fire(self, event: str, hid: str, subject: Any, **ctx: Any) -> None:
        if event == "attack" and ctx.get("phase") is None:
            entry = self.entry_of(hid)
            if entry is not None and entry["info"].get("generated"):
                return
        super().fire(event, hid, subject, **ctx)


@mutant("before-as-at", "classic:113.2#1", "heroes:113.2#1", "asm:trigger-word-do")
class BeforeAsAt(Game):
    """«До [действие]» fires when the action is carried out, like «При», not when it is declared: the attack's
    strike, the ability's execution, the move, the card played come first and the «До» ability after them
    (classic 113.2: «До» is a trigger word of its own; ASM trigger-word-do)."""

    def fire(self, event: str, hid: str, subject: Any, **ctx: Any) -> None:
        if ctx.get("phase") == "before":
            return                                  # nothing fires at the declaration...
        super().fire(event, hid, subject, **ctx)
        if ctx.get("phase") is None and event in self.edition.before_events:   # ...the «До» fire with the action
            super().fire(event, hid, subject, **{**ctx, "phase": "before"})

    def before_fires(self, event: str, subject: Any, **ctx: Any) -> bool:
        return False                                # so a move or a card played never waits


@mutant("before-only-attack", "classic:113.2#1", "heroes:113.2#1", "asm:do-any-action")
class BeforeOnlyAttack(Game):
    """«До» is carried out only where the engine first carried it out: before a declared simple attack (classic)
    and before a declared ability (heroes); «До» an ability in classic, a move, a card played or a generated
    action never fires (113.2 does not limit what «До» precedes; ASM do-any-action, do-generated)."""

    OLD = {"classic": ("attack",), "heroes": ("ability_executed",)}

    def fire_before(self, event: str, hid: str, subject: Any, **ctx: Any) -> None:
        entry = self.entry_of(hid)
        if event in self.OLD[self.edition.name] and not (entry and entry["info"].get("generated")):
            super().fire_before(event, hid, subject, **ctx)

    def before_fires(self, event: str, subject: Any, **ctx: Any) -> bool:
        return False


@mutant("before-ignores-yours", "classic:113.2#1", "heroes:113.2#1", "asm:do-any-action")
class BeforeIgnoresYours(Game):
    """«До [действие] вашего существа / вашей карты» is read without «вашего»: the «До» ability fires before the
    opponent's action too, and «… существа противника» before one's own (ASM do-any-action)."""

    def trigger_subject_matches(self, t: Any, subject: Any, card: Any, you: str) -> bool:
        if t.before:
            return self.matches(dataclasses.replace(t.subject, controller="any"), subject, card, you)
        return super().trigger_subject_matches(t, subject, card, you)


@mutant("before-not-held", "classic:113.2#1", "heroes:113.2#1", "asm:do-held-action")
class BeforeNotHeld(Game):
    """«До перемещения / До розыгрыша» fires at the declaration of the move or of the card played, but the action
    does not wait: it is carried out at once, and the «До» ability is executed after it (113.2: «До» is executed
    before its action; ASM do-held-action)."""

    def _hold_action(self, player: str, action: str, card: Any, cell: Any) -> None:
        info = {"frm": card.cell, "to": cell} if action == "move" else {"cell": cell}
        declared = self.log("declare", source=card.id, controller=player, action=action, **info)
        self.fire_before("moved" if action == "move" else "played", declared, card)
        if action == "move":
            self._carry_out_move(player, card, cell, declared)
        else:
            self._carry_out_play(player, card, cell, declared)


@mutant("before-generated-at-once", "classic:536.2.a#2", "asm:do-generated")
class BeforeGeneratedAtOnce(Game):
    """A generated action starts at once (536.2.a «начинает выполняться»), even when «До» abilities fired at its
    placement: they are declared only after it (and the ability that generated it) resolved (113.2; ASM
    do-generated)."""

    def before_waits(self, entry: Any) -> bool:
        return False


@mutant("before-any-kind", "classic:113.2#1", "heroes:113.2#1", "asm:do-any-action")
class BeforeAnyKind(Game):
    """«До [действие]» is read without its action: a «До» ability fires before any action of its card (or of the
    cards its condition names) — «До перемещения» before an attack or an ability too (113.2; ASM do-any-action)."""

    def fire(self, event: str, hid: str, subject: Any, **ctx: Any) -> None:
        if ctx.get("phase") != "before":
            super().fire(event, hid, subject, **ctx)
            return
        for kind in self.edition.before_events:
            super().fire(kind, hid, subject, **ctx)

    def before_fires(self, event: str, subject: Any, **ctx: Any) -> bool:
        return any(super(BeforeAnyKind, self).before_fires(kind, subject, **ctx) for kind in self.edition.before_events)


@mutant("resources-when-paid", "classic:537.1.d#1")
class ResourcesWhenPaid(Game):
    """A classic declaration records no resources, since they are paid only after the execution (503.1.b3): the
    record names what was paid, not what was declared for payment (classic 537.1.d: «заявленных для оплаты
    ресурсах»)."""

    def log(self, kind: str, source: str | None = None, targets: list[str] | None = None,
            resources: list[str] | None = None, **rest: Any) -> str:
        if kind == "declare" and self.edition.payment == "after":
            resources = []
        return super().log(kind, source=source, targets=targets, resources=resources, **rest)


@mutant("history-targets-chosen-only", "classic:537.1.c#1")
class HistoryTargetsChosenOnly(Game):
    """The record of a declaration names as its targets only the cards chosen one by one, not those that «все
    карты …» takes (classic 537.1.c: «цели или целях»; 113.2.p2: all the legal targets are chosen)."""

    def _continue_declaration(self) -> None:
        super()._continue_declaration()
        top = self.stack[-1] if self.declaring is None and self.stack else None
        grouped = {t for g in top.data.get("target_groups", []) if isinstance(g, list) for t in g} if top else set()
        record = self.entry_of(top.declared) if top is not None and grouped else None
        if record is not None and any(t in grouped for t in record["targets"]):
            i = self.history.index(record)
            self.history[i] = {**record, "targets": [t for t in record["targets"] if t not in grouped]}
@mutant("before-ability-as-at", "classic:113.2#1", "heroes:113.2#1")
class BeforeAbilityAsAt(Game):
    """«До выполнения способности / особенности» triggers fire when the ability is executed, like «При», not when
    it is declared, before its execution (heroes and classic 113.2 «До»)."""

    def fire(self, event: str, hid: str, subject: Any, **ctx: Any) -> None:
        if event == "ability_executed" and ctx.get("phase") == "before":
            return                                  # nothing fires at the declaration...
        super().fire(event, hid, subject, **ctx)
        if event == "ability_executed" and ctx.get("phase") is None:   # ...but at the execution
            super().fire(event, hid, subject, **{**ctx, "phase": "before"})


@mutant("static-duration-ignored", "heroes:115.1#1")
class StaticDurationIgnored(Game):
    """A static ability whose effect lasts «до конца (вашего) хода» acts for the whole game, as if no game
    segment were named (heroes 115.1 «в течение указанного игрового отрезка»)."""

    def static_segment_over(self, source: Any, you: str, spec: Any) -> bool:
        return False


@mutant("near-cell-ignored", "asm:near-cell")
class NearCellIgnored(Game):
    """«каждое существо рядом с выбранной клеткой»: `near` a cell target is silently ignored, and the effect hits
    every creature on the battlefield (the old defect of the vocabulary; ASM near-cell)."""

    def next_to_cell(self, card: Any, cell: str) -> bool:
        return card.zone == "battlefield"


@mutant("near-cell-includes-cell", "asm:near-cell")
class NearCellIncludesCell(Game):
    """«рядом с выбранной клеткой» also takes the card standing on the chosen cell itself (ASM near-cell: a cell
    is not next to itself)."""

    def next_to_cell(self, card: Any, cell: str) -> bool:
        return super().next_to_cell(card, cell) or (card.zone == "battlefield" and card.cell == cell)


@mutant("near-cell-orthogonal", "asm:classic-grid")
class NearCellOrthogonal(Game):
    """«рядом с выбранной клеткой» reads only the four cells sharing a side with it, as a move does, not the
    diagonal ones (ASM classic-grid: «рядом» includes the diagonals)."""

    def next_to_cell(self, card: Any, cell: str) -> bool:
        if not super().next_to_cell(card, cell):
            return False
        (ax, ay), (bx, by) = self.edition.coords(card.cell), self.edition.coords(cell)
        return abs(ax - bx) + abs(ay - by) == 1


@mutant("protection-ignored", "asm:protection")
class ProtectionIgnored(Game):
    """«не может быть целью …» is not read: the protected card is offered as a target like any other and taken
    by «все …» targets (ASM protection)."""

    def protected_from(self, card: Any, ability: Any, you: str) -> bool:
        return False


@mutant("protection-blocks-non-targeting", "heroes:115.1.p1#3")
class ProtectionBlocksNonTargeting(Game):
    """«не может быть целью …» is read as «не подвержена»: static abilities of those the card is protected from
    do not affect it either (heroes 115.1.p1: «Постоянные способности влияют на карты, не выбирая их целью»)."""

    def wanted_static_effects(self) -> dict:
        wanted = super().wanted_static_effects()
        return {key: value for key, value in wanted.items()
                if not self.protected_from(self.cards[key[3]], self.ability_of(self.cards[key[0]], key[1]),
                                           self.controller(self.cards[key[0]]))}


@mutant("protection-from-anyone", "asm:protection")
class ProtectionFromAnyone(Game):
    """«не может быть целью … противника» is read without «противника»: the card's own controller cannot choose
    it as a target either (ASM protection)."""

    def protected_from(self, card: Any, ability: Any, you: str) -> bool:
        return super().protected_from(card, ability, "")


@mutant("protection-forms-ignored", "asm:protection")
class ProtectionFormsIgnored(Game):
    """«не может быть целью воздействий» is read as «… любых особенностей»: the form named is not read, and the
    opponent's заклинания cannot choose the card either (ASM protection)."""

    def protected_from(self, card: Any, ability: Any, you: str) -> bool:
        return super().protected_from(card, ability, you) or self.in_play(card) and any(
            a.protection is not None and (a.protection.from_ == "any" or self.controller(card) != you)
            for a in self.abilities_of(card))


# ------------------------------------------------------------------------------------------ issue 26: unit axes
@mutant("all-targets-at-execution", "classic:113.2.p2#2")
class AllTargetsAtExecution(Game):
    """«Все карты с определённым условием» are chosen again when the ability is executed, not at its declaration: a
    card that became a legal target after the declaration is hit too (classic 113.2.p2: «выбираются все легальные
    цели, а нелегальные на момент заявки игнорируются»)."""

    def _targets_legal(self, entry: Entry) -> bool:
        if entry.kind == "ability" and not entry.data.get("all_again"):
            entry.data["all_again"] = True
            card = self.cards[entry.source]
            ab = card.definition.ability(entry.data.get("part_key") or entry.ability or "")
            groups = list(entry.data.get("target_groups", []))
            if ab is not None and len(groups) == len(ab.targets):
                for i, f in enumerate(ab.targets):
                    if f.all:
                        groups[i] = self.target_options(card, f, entry.controller, groups[:i], ab)
                entry.data["target_groups"] = groups
                entry.targets = [t for g in groups for t in (g if isinstance(g, list) else [g])]
        return super()._targets_legal(entry)


@mutant("at-least-as-above", "classic:113.2.ex2#1")
class AtLeastAsAbove(Game):
    """«N или более» is read as «более N»: an amount of exactly N does not meet the condition (classic 113.2.ex2:
    Ореос does not throw when your creature actually healed exactly 2 wounds)."""

    def fire(self, event: str, hid: str, subject: Any, **ctx: Any) -> None:
        if "amount" in ctx:          # an amount equal to the minimum no longer counts: amount − 1 ≥ N ⇔ amount > N
            ctx = {**ctx, "amount": ctx["amount"] - 1}
        super().fire(event, hid, subject, **ctx)


@mutant("if-as-after", "classic:113.3#1")
class IfAsAfter(Game):
    """«Если [текст]» is read as «После [текст]»: it waits for the payment of [текст] (classic 113.3: «При», «Если»,
    «Когда» fire at the execution of [текст], only «После» after its payment)."""

    def abilities_of(self, card: Any) -> tuple:
        return tuple(dataclasses.replace(a, trigger=dataclasses.replace(a.trigger, word="after"))
                     if a.trigger is not None and a.trigger.word == "if" else a for a in super().abilities_of(card))


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


@mutant("hostless-symbiote-stays", "classic:503.1.b7#1")
class HostlessSymbioteStays(EngineModules):
    """A symbiote (parasite) without a host stays in play: only equipment is destroyed (classic 503.1.b7 names
    «симбиотов (паразитов) и экипировок»)."""

    MODULES = {"rule_effects": rule_effects_variant(replace_check(rule_effects.hostless,
                                                                  hostless_of(("equipment",))))}


@mutant("symbiote-outlives-host", "classic:503.1.b8#1")
class SymbioteOutlivesHost(EngineModules):
    """A symbiote (parasite) stays in play when its host leaves the battlefield: only equipment is destroyed
    (classic 503.1.b8)."""

    MODULES = {"rule_effects": rule_effects_variant(replace_check(rule_effects.host_left,
                                                                  host_left_of(("equipment",))))}


@mutant("host-leaves-only-by-death", "classic:503.1.b8#1")
class HostLeavesOnlyByDeath(EngineModules):
    """«Хозяин покидает поле боя» is read as «хозяин погибает»: a host returned to the hand or the deck, or moved to
    the additional zone, leaves its symbiote and equipment in play (classic 503.1.b8)."""

    MODULES = {"rule_effects": rule_effects_variant(replace_check(
        rule_effects.host_left, host_left_of(("equipment", "symbiote"), zones=("graveyard",))))}


@mutant("symbiote-stays-behind", "classic:503.1.b9#1")
class SymbioteStaysBehind(EngineModules):
    """A symbiote (parasite) does not move with its host: only equipment does (classic 503.1.b9)."""

    MODULES = {"rule_effects": rule_effects_variant(replace_check(rule_effects.with_host,
                                                                  with_host_of(("equipment",))))}


# ------------------------------------------------------------------------------------------ serving
# ------------------------------------------------------------------------------------------ issue 26: a mutant per sentence
# Each below is the wrong reading of one sentence that had none, written from the text (rules/*.txt) as an
# outsider reading only it could get it wrong; the sentence is named in its registration.
@mutant("participle-always-replaces", "classic:538.1.b2#1")
class ParticipleAlwaysReplaces(Game):
    """The participle construction always replaces effect 1 by effect 2, whatever its target is when the effect
    is applied: a free cell is «destroyed» too before the incarnation (classic 538.1.b2: «заменяется …, если в
    момент наложения эффекта цель соответствует описанию [Условие]»)."""

    def participle_condition(self, entry: Any, cell: str | None) -> bool:
        return cell is not None


@mutant("participle-effect2-fires-nothing", "classic:538.3#1", "classic:538.3.ex1#5")
class ParticipleEffect2FiresNothing(Game):
    """Only «при [Способность 1]» abilities fire: effect 2 of a participle construction, being a replacement,
    fires no «при гибели / при уничтожении» of the cards it destroys (classic 538.3: «при [Способность 1]» and
    «при [Способность 2]» «срабатывают одновременно»)."""

    in_effect2 = False

    def _participle(self, entry: Any, ab: Any, groups: list) -> str:
        saved, self.in_effect2 = self.in_effect2, True
        try:
            return super()._participle(entry, ab, groups)
        finally:
            self.in_effect2 = saved

    def fire(self, event: str, hid: str, subject: Any, **ctx: Any) -> None:
        if not self.in_effect2:
            super().fire(event, hid, subject, **ctx)


@mutant("action-id-of-card", "classic:537.1.a#1")
class ActionIdOfCard(Game):
    """A game action is identified by the game id of its source card (537.4: «Именно на эти идентификатор
    ссылается игродействие»), so every action of one card has the same id (classic 537.1.a: «уникальном
    идентификаторе игродействия»)."""

    def log(self, kind: str, source: str | None = None, targets: list[str] | None = None,
            controller: str | None = None, parent: str | None = None, resources: list[str] | None = None,
            **info: Any) -> str:
        hid = super().log(kind, source, targets, controller, parent, resources, **info)
        if source is None:
            return hid
        self.history[-1] = {**self.history[-1], "id": source}
        return source


@mutant("history-source-is-cause", "classic:537.1.b#1")
class HistorySourceIsCause(Game):
    """The source recorded for the declaration of a triggered ability is the card of the game action that fired
    it (the dead Невтида for Мститель's «при гибели»), not the card whose ability it is (classic 537.1.b
    «источнике»)."""

    def log(self, kind: str, source: str | None = None, targets: list[str] | None = None,
            controller: str | None = None, parent: str | None = None, resources: list[str] | None = None,
            **info: Any) -> str:
        if kind == "declare" and info.get("action") == "trigger":
            cause = self.entry_of(parent)
            cards = ([cause["source"]] if cause and cause["source"] else []) + \
                (self.affected(cause) if cause else [])
            source = cards[0] if cards else source
        return super().log(kind, source, targets, controller, parent, resources, **info)


@mutant("history-no-other-info", "classic:537.1.g#1")
class HistoryNoOtherInfo(Game):
    """A declaration is recorded with the fields a–f of 537.1 only: which ability was declared, what kind of
    action it was, whether it was generated, are not kept (classic 537.1.g: «прочую дополнительную
    информацию»)."""

    def log(self, kind: str, source: str | None = None, targets: list[str] | None = None,
            controller: str | None = None, parent: str | None = None, resources: list[str] | None = None,
            **info: Any) -> str:
        return super().log(kind, source, targets, controller, parent, resources,
                           **({} if kind == "declare" else info))


@mutant("generated-unchecked", "classic:536.2.a#1")
class GeneratedUnchecked(Game):
    """A generated attack is put on the stack without the legality checks: its target may already have left
    the battlefield, and the attack is cancelled only at its target resolution step (classic 536.2.a:
    «поместить можно только игродействие, удовлетворяющее проверкам легальности»)."""

    def adjacent(self, a: Any, b: Any) -> bool:
        if self.checking_generated:
            return True
        return super().adjacent(a, b)

    checking_generated = False

    def _generate_attack(self, entry: Any, spec: Any, groups: list) -> bool:
        struck_ids = self._effect_targets(entry, spec, groups)
        struck = self.cards.get(struck_ids[0]) if struck_ids else None
        saved_zone = struck.zone if struck is not None else None
        if struck is not None:
            struck.zone = "battlefield"               # the target's zone is not looked at
        self.checking_generated = True
        try:
            legal = super()._generate_attack(entry, spec, groups)
        finally:
            self.checking_generated = False
            if struck is not None:
                struck.zone = saved_zone
        return legal


@mutant("marks-removable", "classic:537.2#2", "classic:537.2.ex1#2")
class MarksRemovable(Game):
    """What the players remember of the past is kept as markers on the cards: an effect that removes a card's
    markers makes it lose them — a creature that died from an attack of an enemy card can no longer use its
    Вальхалла once its markers were removed, a creature that did not move in the previous turn no longer counts
    as one (classic 537.2: «эти маркеры не являются маркерами эффектов …, а
    значит, не могут быть сняты (потеряны)»)."""

    def _apply_effect(self, entry: Any, spec: Any, target_id: str) -> bool | None:
        if spec.do == "remove_markers":
            self.cleansed = {**getattr(self, "cleansed", {}), target_id: len(self.history)}
        return super()._apply_effect(entry, spec, target_id)

    def history_events(self, query: str, you: str) -> list[tuple[str, str]]:
        cleansed = getattr(self, "cleansed", {})
        at = {h["id"]: i for i, h in enumerate(self.history)}
        return [(card, hid) for card, hid in super().history_events(query, you)
                if card not in cleansed or at.get(hid, 0) > cleansed[card]]

    def not_moved_previous_turn(self, card: Any) -> bool:
        # the mark «не передвигался в прошлый ход» was removed with the card's markers
        return card.id not in getattr(self, "cleansed", {}) and super().not_moved_previous_turn(card)


@mutant("rule-effects-after-stack", "classic:503.1.p1#1", "classic:503.1.p1#2")
class RuleEffectsAfterStack(EngineModules):
    """«Вне стека» read as «after the stack»: rule effects wait while the stack holds entries and are carried out
    once it is empty — a creature with lethal wounds stays in play while an ability waits on the stack (classic
    503.1.p1: «Эффекты правил игры выполняются вне стека. Эти эффекты выполняются сразу»)."""

    MODULES = {"rule_effects": types.SimpleNamespace(
        run=lambda game: None if game.stack else rule_effects.run(game), clamp_roll=rule_effects.clamp_roll,
        CHECKS=rule_effects.CHECKS)}


@mutant("trigger-qualifiers-ignored", "heroes:113.1#1", "classic:113.1#1", "heroes:113.2.ex1#1")
class TriggerQualifiersIgnored(Game):
    """A triggered ability fires on the event its condition names, whatever card it happens to: «при гибели
    вашего существа» fires on the death of any creature, the opponent's too (heroes and classic 113.1:
    «срабатывает при выполнении определённых условий, указанных в тексте этой способности»)."""

    def trigger_subject_matches(self, t: Any, subject: Any, card: Any, you: str) -> bool:
        return True


@mutant("activation-cost-unchecked", "heroes:114.1#1")
class ActivationCostUnchecked(Game):
    """An activated ability may be declared whether or not its payment can be made: a closed card declares a
    «закрыть:» ability, a card without counters a «N фишек:» one (heroes 114.1: «для объявления которой обычно
    требуются ресурсы (эти ресурсы называются оплатой способности …)»)."""

    def _check_activation(self, player: str, action: dict) -> tuple:
        card = self.cards.get(action.get("card", ""))
        if card is None:
            return super()._check_activation(player, action)
        saved = card.closed, card.counters
        card.closed, card.counters = False, max(card.counters, 99)
        try:
            return super()._check_activation(player, action)
        finally:
            card.closed, card.counters = saved


@mutant("activation-without-will", "heroes:114.1#2")
class ActivationWithoutWill(Game):
    """An activated ability whose conditions are all met is declared as soon as its player gets priority in the
    Choice phase, as a triggered one is: the player only chooses its targets (heroes 114.1: «Предпосылкой к
    объявлению играемой особенности может быть только воля игрока»)."""

    def _give_priority(self, player: str) -> None:
        super()._give_priority(player)
        if self.edition.name != "heroes" or self.pending is not None or self.declaring is not None:
            return
        for card in self.sorted_cards():
            for ab in self.abilities_of(card):
                if ab.kind != "activated":
                    continue
                try:
                    self._declare_activation(player, {"card": card.id, "ability": ab.key})
                except IllegalAction:
                    self.declaring = None
                    continue
                return


@mutant("static-declared", "heroes:115.1.p1#1")
class StaticDeclared(Game):
    """A static ability is declared when it applies its effect: each application is recorded as a declaration
    of the ability (heroes 115.1.p1: «Постоянная способность не объявляется, не выполняется и не использует
    Очередь»)."""

    def add_static_effect(self, key: tuple, value: tuple) -> None:
        self.log("declare", source=key[0], targets=[key[3]], controller=self.controller(self.cards[key[0]]),
                 action="static", ability=key[1])
        super().add_static_effect(key, value)


@mutant("prevention-always-on", "heroes:115.3#1", "heroes:115.3#2")
class PreventionAlwaysOn(EngineModules):
    """A static that prevents or replaces acts at every moment, like any static: its effect is on its card from
    the moment it appears, not only when wounds are dealt or the replaced event happens (heroes 115.3: «становятся
    актуальными только в определённый промежуток времени. Например, … замещения, … предотвращения»). (The
    rule-effects loop runs every check: the engine skips the static one on a board whose statics have no effects.)"""

    MODULES = {"rule_effects": rule_effects_variant()}

    def wanted_static_effects(self) -> dict:
        wanted = super().wanted_static_effects()
        if self.edition.name != "heroes":
            return wanted
        for source in self.sorted_cards():
            if not self.in_play(source):
                continue
            for ab in self.abilities_of(source):
                r = ab.replacement
                if ab.kind == "static" and r is not None and r.of in ("wounds", "effect", "destruction"):
                    kind = "prevention" if r.of == "wounds" else "replacement"
                    wanted[(source.id, ab.key, len(ab.effects), source.id)] = (kind, r.prevent or 0,
                                                                              (source.appeared, 99))
        return wanted


@mutant("optional-as-mandatory", "heroes:113.4#1")
class OptionalAsMandatory(Game):
    """A «может» triggered ability must be declared like any other once its conditions are met: «может» is read
    as part of its effect, not as a choice to declare it (heroes 113.4: «игрок может не объявлять эту
    способность»)."""

    def _add_fired(self, card: Any, key: str, hid: str, parent: Any, subject: Any, optional: bool) -> None:
        super()._add_fired(card, key, hid, parent, subject, False)


@mutant("static-applied-once", "heroes:115.1#2", "classic:503.1.b4#1")
class StaticAppliedOnce(Game):
    """A static ability applies its effect to the cards that meet its condition when it appears; a card that
    starts meeting the condition later (comes into play, moves next to it) does not get it (heroes 115.1:
    «накладывает эффект на карту, как только эта карта начинает удовлетворять условию»; classic 503.1.b4: the
    application is a rule effect, made whenever it becomes relevant)."""

    def wanted_static_effects(self) -> dict:
        wanted = super().wanted_static_effects()
        first = self.__dict__.setdefault("first_targets", {})
        for key in wanted:
            if key[:3] not in first:            # the ability's first application: the cards that meet it then
                first[key[:3]] = {k[3] for k in wanted if k[:3] == key[:3]}
        return {key: value for key, value in wanted.items() if key[3] in first[key[:3]]}


@mutant("static-outlives-source", "heroes:115.1#4", "classic:503.1.ex1#3")
class StaticOutlivesSource(Game):
    """The effect of a static ability, once applied, stays when its source loses the ability or leaves the zone
    where it acts: only the target's ceasing to meet the condition removes it (heroes 115.1: «перестаёт влиять
    на цели»; classic 503.1.ex1: «эффекты, наложенные ими, снимаются»)."""

    def wanted_static_effects(self) -> dict:
        wanted = super().wanted_static_effects()
        for e in self.effects:
            key = e.static_key
            if key is None or key in wanted:
                continue
            target = self.cards.get(key[3])
            if target is not None and self.in_play(target):
                wanted[key] = (e.kind, e.amount, e.order)
        return wanted


@mutant("static-waits-a-turn", "heroes:115.1.p1#2")
class StaticWaitsATurn(Game):
    """A static ability of a card that comes into play during the game starts to apply its effects at the start
    of the next turn, not as soon as the card appears (heroes 115.1.p1: «Появившись, постоянная способность сразу
    же применяет эффекты»)."""

    def wanted_static_effects(self) -> dict:
        wanted = super().wanted_static_effects()
        initial = self.__dict__.setdefault("initial", {c.id for c in self.cards.values() if self.in_play(c)})
        return {key: value for key, value in wanted.items()
                if key[0] in initial or self.cards[key[0]].appeared_turn < self.turn}


@mutant("generated-ability-paid", "classic:536.1#2", "classic:536.2.c#1")
class GeneratedAbilityPaid(Game):
    """The forced execution of an ability (536.1: «принудительное выполнение особенности») is read as the
    performer using its ability: it goes through the payment stage and the performer closes (classic 536.2.c:
    «Этап оплаты для него не выполняется»)."""

    def _generate_ability(self, entry: Any, spec: Any, groups: list) -> bool:
        placed = super()._generate_ability(entry, spec, groups)
        if placed:
            self.stack[-1].activated = True
        return placed


@mutant("history-forgets-rule-effects", "classic:537.1#1")
class HistoryForgetsRuleEffects(Game):
    """The battle history keeps only the actions of cards and players: a rule effect, which has no source
    (503.1), is carried out but not remembered (classic 537.1: «все игродействия, происходящие в ходе боя,
    запоминаются игрой»)."""

    def log(self, kind: str, source: str | None = None, targets: list[str] | None = None,
            controller: str | None = None, parent: str | None = None, resources: list[str] | None = None,
            **info: Any) -> str:
        if kind != "rule_effect":
            return super().log(kind, source, targets, controller, parent, resources, **info)
        self.changes += 1                   # the change itself still happens (Game.changes: rule effects re-run)
        return self._new_id("h")


def main(argv: list[str]) -> int:
    if argv[:1] == ["--list"]:
        for name in sorted(MUTANTS):
            sys.stdout.write(f"{name}\t{mistake(name)}\n")
        return 0
    if not argv or argv[0] not in MUTANTS:
        sys.stderr.write(f"usage: mutants.py NAME | --list, NAME one of: {', '.join(sorted(MUTANTS))}\n")
        return 2
    server = Server(new_game=MUTANTS[argv[0]])
    server.name = f"mutant {argv[0]}"
    return serve(server)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
