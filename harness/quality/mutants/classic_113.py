"""Mutants of classic 113, triggered abilities: each misreads a sentence of the text (or an assumption) named at its registration."""

from __future__ import annotations

import dataclasses
from typing import Any

from engine import Game, rule_effects
from engine.model import Entry
from harness.quality.mutants import EngineModules, mutant, rule_effects_variant


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


@mutant("all-targets-unfiltered", "classic:113.2.p2#2")
class AllTargetsUnfiltered(Game):
    """«Все карты с определённым условием» declares every card of the player, the condition unchecked, and the
    text is carried out on all of them (classic 113.2.p2: «выбираются все легальные цели, а нелегальные на
    момент заявки игнорируются»)."""

    def target_options(self, source: Any, f: Any, you: str, chosen: list, ability: Any = None) -> list[str]:
        if f.all and (f.state or f.wounded):
            f = dataclasses.replace(f, state=None, wounded=False)
        return super().target_options(source, f, you, chosen, ability)


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


@mutant("before-not-shot", "classic:113.2#1", "classic:113.2.p1#1", "asm:do-any-action")
class BeforeNotShot(Game):
    """«До атаки» precedes a simple strike only: a shot, made by an ability, is read as that ability and not as an
    attack, so its «До атаки» never fires (classic 113.2 «До»; 113.2.p1: a trigger on an attack fires «когда была
    произведена атака нужного типа»)."""

    def fire_before(self, event: str, hid: str, subject: Any, **ctx: Any) -> None:
        if event == "attack" and ctx.get("attack") in ("shot", "throw"):
            return
        super().fire_before(event, hid, subject, **ctx)


@mutant("classic-triggers-once-per-turn", "classic:113.2#2", "classic:113.1#1")
class ClassicTriggersOncePerTurn(Game):
    """Every classic triggered ability is limited to once per turn, as in heroes (113.4.p1): a condition met a second
    time in the same turn is not declared (classic 113.2: «Если наступает условие …, то она объявляется» — each
    time; only a text that says «(один раз за ход)», as Невтида's, limits it)."""

    def _once_per_turn(self, ab: Any) -> bool:
        return super()._once_per_turn(ab) or ab.kind == "triggered"


@mutant("once-per-turn-ignored", "classic:113.1#1", "classic:113.2#2")
class OncePerTurnIgnored(Game):
    """«(один раз за ход)» in the text of a classic triggered ability is dropped: it is declared every time its
    condition is met (classic 113.1: declared «при выполнении определённых условий, указанных в тексте этой
    особенности»; the limit is part of that text, 113.2.ex1: Невтида «(один раз за ход)»)."""

    def _once_per_turn(self, ab: Any) -> bool:
        if self.edition.name == "classic" and ab.kind == "triggered":
            return False
        return super()._once_per_turn(ab)


@mutant("once-per-turn-never-resets", "classic:113.1#1")
class OncePerTurnNeverResets(Game):
    """A classic «(один раз за ход)» is spent for the rest of the game once declared: the limit never comes back in
    a later turn, the opponent's or one's own (classic 113.1, 113.2.ex1: «один раз за ход» — per turn)."""

    def used_this_turn(self, card_id: str, key: str) -> bool:
        if self.edition.name != "classic":
            return super().used_this_turn(card_id, key)
        return any(h["kind"] == "declare" and h["source"] == card_id and h["info"].get("ability") == key
                   for h in self.history)


@mutant("declined-lost-for-turn", "classic:113.2#2", "asm:classic-trigger-mandatory")
class DeclinedLostForTurn(Game):
    """A «может» triggered ability left undeclared is lost for the rest of the turn, not only for this triggering:
    it does not fire again on the same condition met later in that turn (classic 113.2: «Если наступает условие …,
    то она объявляется» — every time the condition comes; ASM classic-trigger-mandatory)."""

    def _add_fired(self, card: Any, key: str, hid: str, parent: Any, subject: Any, optional: bool) -> None:
        if optional and any(h["kind"] == "trigger_declined" and h["turn"] == self.turn and h["source"] == card.id
                            and h["info"].get("ability") == key for h in self.history):
            return
        super()._add_fired(card, key, hid, parent, subject, optional)


class _LivesThresholdShifted(Game):
    """The base of the mutants that misread «становится N или менее» by one: SHIFT is added to N."""

    SHIFT = 0

    def abilities_of(self, card: Any) -> tuple:
        return tuple(dataclasses.replace(a, trigger=dataclasses.replace(a.trigger, value=(a.trigger.value or 0) + self.SHIFT))
                     if a.trigger is not None and a.trigger.event == "lives_at_most" else a
                     for a in super().abilities_of(card))


@mutant("at-most-as-below", "classic:113.1#1")
class AtMostAsBelow(_LivesThresholdShifted):
    """«4 или менее» read as «менее 4»: Невтида's ability fires only when her lives come to 3 or fewer, not at
    exactly 4 (classic 113.1, 113.2.ex1: «Когда у Невтиды становится 4 или менее текущих жизней»)."""

    SHIFT = -1


@mutant("at-most-off-by-one-up", "classic:113.1#1")
class AtMostOffByOneUp(_LivesThresholdShifted):
    """«4 или менее» read as «не более 5» (the threshold counted from the first life lost past it): Невтида's
    ability fires already when her lives come to 5 (classic 113.1, 113.2.ex1: «становится 4 или менее»)."""

    SHIFT = 1


@mutant("before-removed-target-still-hit", "classic:113.2#1", "asm:trigger-word-do")
class BeforeRemovedTargetStillHit(Game):
    """The simple attack a «До» ability preceded is carried out on the target declared with it even when the «До»
    ability took that target away: its legality is checked at the declaration only (classic 113.2 «До»: it is
    executed before the action, so the action meets the board the «До» ability left)."""

    def _targets_legal(self, entry: Entry) -> bool:
        if entry.kind == "attack" and any(h["kind"] == "trigger" and h["parent"] == entry.declared
                                          for h in self.history):
            return self.cards[entry.source].zone == "battlefield"
        return super()._targets_legal(entry)


@mutant("start-step-in-previous-turn", "classic:113.1#1", "classic:113.2#1")
class StartStepInPreviousTurn(Game):
    """What is declared at the start of a turn («В начале хода» and what it sets off, until the first action of the
    main step) is counted with the turn before it for the «(один раз за ход)» limits, as if the new turn began with
    its main step: an ability spent in the opponent's turn cannot fire again on a spell cast «В начале вашего хода»,
    and one spent then fires again in the main step (classic 113.2: «В начале хода» is a condition of the turn that
    starts; 113.2.ex1 «(один раз за ход)»)."""

    def log(self, kind: str, *args: Any, **kwargs: Any) -> str:
        hid = super().log(kind, *args, **kwargs)
        if kind == "turn_start":
            self.__dict__["_start_window"] = True
        elif kind == "declare" and self.__dict__.get("_start_window"):
            self.__dict__["_start_declarations"] = self.__dict__.get("_start_declarations", frozenset()) | {hid}
        return hid

    def act(self, player: str, action: dict) -> None:
        if action.get("type") != "pass":
            self.__dict__["_start_window"] = False
        super().act(player, action)

    def used_this_turn(self, card_id: str, key: str) -> bool:
        start = self.__dict__.get("_start_declarations", frozenset())
        now = self.turn - 1 if self.__dict__.get("_start_window") else self.turn
        return any(h["kind"] == "declare" and h["source"] == card_id and h["info"].get("ability") == key
                   and h["turn"] - (1 if h["id"] in start else 0) == now for h in self.history)


@mutant("trigger-declared-by-active", "classic:113.2#2", "asm:trigger-declarer")
class TriggerDeclaredByActive(Game):
    """«Она объявляется, как только игрок получает приоритет» read as «the player who gets priority first»: every
    waiting triggered ability is declared by the active player, whoever controls its card (classic 113.2; the
    113.2.ex1 example: «приоритет получает владелец Мстителя и объявляет его особенность»)."""

    def declarer(self, fired: Any) -> str:
        return self.active


@mutant("trigger-declarer-at-firing", "classic:113.2.ex1#6", "asm:trigger-declarer")
class TriggerDeclarerAtFiring(Game):
    """A triggered ability is declared by the player who controlled its card when the condition came, even if the
    card has changed hands since (classic 113.2.ex1: «объявляет его особенность (несмотря на то, что Мститель уже
    ушёл из-под контроля Невтиды)» — by its controller when priority comes)."""

    def _add_fired(self, card: Any, key: str, hid: str, parent: Any, subject: Any, optional: bool) -> None:
        super()._add_fired(card, key, hid, parent, subject, optional)
        self.__dict__.setdefault("_controller_at_firing", {})[self.fired[-1].id] = self.controller(card)

    def declarer(self, fired: Any) -> str:
        return self.__dict__.get("_controller_at_firing", {}).get(fired.id) or super().declarer(fired)


@mutant("trigger-declarer-owner", "classic:113.2.ex1#6", "asm:trigger-declarer")
class TriggerDeclarerOwner(Game):
    """A triggered ability is declared by its card's owner: in 113.2.ex1 «приоритет получает владелец Мстителя и
    объявляет его особенность» is read as a rule about owners, so a card under the opponent's control has its
    abilities declared by its owner (ASM trigger-declarer: by the controller when priority comes)."""

    def declarer(self, fired: Any) -> str:
        return self.cards[fired.card].owner


@mutant("when-as-after", "classic:113.3#1")
class WhenAsAfter(Game):
    """«Когда [текст]» is read as «После [текст]»: it waits for the payment of [текст] (classic 113.3: «При», «Если»,
    «Когда» fire at the execution of [текст], only «После» after its payment)."""

    def abilities_of(self, card: Any) -> tuple:
        return tuple(dataclasses.replace(a, trigger=dataclasses.replace(a.trigger, word="after"))
                     if a.trigger is not None and a.trigger.word == "when" else a for a in super().abilities_of(card))


@mutant("triggers-wait-for-empty-stack", "classic:113.2#2")
class TriggersWaitForEmptyStack(Game):
    """Fired triggered abilities are declared only once the stack is empty, not as soon as their player gets
    priority (classic 113.2: «объявляется, как только игрок получает приоритет»): a «До» ability waits under the
    action it precedes, and an ability fired while something else waits is declared after it resolves."""

    def _declare_next(self) -> bool:
        if self.stack:
            return False
        return super()._declare_next()


@mutant("end-of-turn-after-turn-passes", "classic:113.2#1", "asm:turn-end-triggers")
class EndOfTurnAfterTurnPasses(Game):
    """«В конце хода» abilities fire once the turn is over: the next turn has begun (its player is active, his cards
    open) before they are declared (classic 113.2: «В конце хода» is a condition of the turn ending; ASM
    turn-end-triggers: declared and resolved before the turn passes)."""

    def _end_turn(self, player: str, action: dict) -> None:
        self._check_end_turn(player, action)
        self.step = "end_done"
        self.unrecorded_change()
        self.priority = None
        rule_effects.run(self)
        self.turn += 1
        self.active = self.opponent(player)
        self._begin_turn()
        hid = self.log("turn_end", controller=player)
        self.fire("turn_end", hid, None)


@mutant("your-turn-start-any-turn", "classic:113.2#1", "classic:113.1#1")
class YourTurnStartAnyTurn(Game):
    """«В начале вашего хода» is read as «В начале хода»: the ability fires at the start of the opponent's turn too
    (classic 113.2 «В начале хода»; 113.1: the conditions «указанных в тексте» — «вашего» among them)."""

    def abilities_of(self, card: Any) -> tuple:
        return tuple(dataclasses.replace(a, trigger=dataclasses.replace(a.trigger, in_your_turn=False))
                     if a.trigger is not None and a.trigger.event == "turn_start" else a
                     for a in super().abilities_of(card))


@mutant("death-trigger-needs-wounds", "classic:113.1#1", "classic:113.3#1")
class DeathTriggerNeedsWounds(Game):
    """«При гибели» fires only on a death from wounds: a creature destroyed by an effect (no wound dealt, as the
    destruction of 538.3.ex1) dies without setting it off (classic 113.1, 113.3: «При [текст]» fires «при выполнении
    [текст]» — the death, whatever caused it)."""

    def fire(self, event: str, hid: str, subject: Any, **ctx: Any) -> None:
        if event == "death" and subject is not None and subject.wounds == 0:
            return
        super().fire(event, hid, subject, **ctx)
