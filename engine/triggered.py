"""Triggered abilities (classic 113, heroes 113): conditions met by game actions, waiting triggers, and
their declaration.

A game action fires every triggered ability whose condition it meets (113.2/113.3); the fired abilities
wait (`game.fired`) and are declared as soon as their player gets priority, after all rule effects
(113.2), players in the edition's order; a declaration that became illegal is dropped (heroes 113.7).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from .effects import POISON_KEY
from .model import Ability, Card, EffectSpec, Fired, Trigger, remove_object

if TYPE_CHECKING:
    from .game import Game

# poison X: a triggered ability of the game itself, declared by the poisoned creature's controller (ASM poison-trigger)
POISON = Ability(key=POISON_KEY, kind="triggered", text="Отравление X: в начале хода — X ран",
                 effects=(EffectSpec(do="wound", target="self"),))


class TriggeredAbilities:
    """113 (a part of Game)."""

    def fire(self: Game, event: str, hid: str, subject: Card | None, **ctx: Any) -> None:
        """Collect every triggered ability whose condition this game action meets (classic 113.2/113.3).

        Conditions are read at the moment of the action: «вашего» means the ability card's controller then
        (ASM trigger-declarer). `hid` becomes the trigger's parent (537.1.f), a rule effect's entry when a rule
        effect met the condition (ASM trigger-parent-rule-effect).
        ctx: phase ("after_payment" for «После», "before" for «До»), amount, attack, cause, crossing, form.
        """
        fired = list(self.triggered_by(event, subject, ctx))
        parent = self.generating_action(hid)
        for card, ab in fired:
            self._add_fired(card, ab.key, hid, parent, subject, ab.optional)

    def fire_before(self: Game, event: str, hid: str, subject: Card | None, **ctx: Any) -> None:
        """113.2 «До [действие]»: the declaration of an action fires the «До» abilities that precede actions of
        this kind — those the edition's «До» can precede (Edition.before_events; ASM trigger-word-do, do-any-action)."""
        if event in self.edition.before_events:
            self.fire(event, hid, subject, phase="before", **ctx)

    def before_fires(self: Game, event: str, subject: Card | None, **ctx: Any) -> bool:
        """Would the declaration of this action fire a «До» ability? A move or a card played, which do not use the
        stack, waits on it only then (ASM do-held-action)."""
        return event in self.edition.before_events and \
            next(iter(self.triggered_by(event, subject, {**ctx, "phase": "before"})), None) is not None

    def triggered_by(self: Game, event: str, subject: Card | None, ctx: dict) -> Iterator[tuple[Card, Ability]]:
        """The triggered abilities (card, ability) whose condition this game action meets, in card order."""
        for card in self.sorted_cards():
            if event not in card.definition.trigger_events or not (self.in_play(card) or card is subject):
                continue            # ASM trigger-in-play: cards in play, and the card the action happens to
            you = self.controller(card)
            for ab in self.abilities_of(card):
                t = ab.trigger
                if t is None or t.event != event:        # only a triggered ability has a trigger (cards.py)
                    continue
                if t.after_payment != (ctx.get("phase") == "after_payment") or \
                        t.before != (ctx.get("phase") == "before"):
                    continue
                if subject is not None and not self.trigger_subject_matches(t, subject, card, you):
                    continue
                if t.attack and ctx.get("attack") != t.attack:
                    continue
                if t.form and ctx.get("form") != t.form:
                    continue
                if t.in_your_turn and self.active != you:
                    continue
                if t.min_amount is not None and ctx.get("amount", 0) < t.min_amount:
                    continue
                if event == "lives_at_most":
                    before, after = ctx.get("crossing", (0, 0))
                    if self.readings["becomes-at-most"] == "state":
                        before = float("inf")       # reading «state»: every change that leaves N or fewer lives
                    # «становится N или менее» (113.1; ASM becomes-crossing): the lives go from above N to N or below
                    if not (before > t.value >= after):          # the card loader requires the N (cards.py)
                        continue
                if t.cause is not None:                  # «от атаки …» comes with its cause filter (cards.py)
                    cause = self.entry_of(ctx.get("cause"))
                    if cause is None or (t.cause_kind == "attack" and cause["kind"] != "strike"):
                        continue
                    if t.cause and not self.relative(t.cause.controller, cause["controller"], you):
                        continue
                yield card, ab

    def trigger_subject_matches(self: Game, t: Trigger, subject: Card, card: Card, you: str) -> bool:
        """Does the card the action happens to (the attacker, the ability's card, the mover, the card played…) meet
        the condition's filter, «вашего» read from the ability card's controller `you`?"""
        return self.matches(t.subject, subject, card, you)

    def _add_fired(self: Game, card: Card, key: str, hid: str, parent: str | None, subject: Card | None,
                   optional: bool) -> None:
        fid = self._new_id("t")
        self.fired.append(Fired(id=fid, card=card.id, ability=key, event=hid,
                                subject=subject.id if subject else None, optional=optional, parent=parent))
        self.log("trigger", source=card.id, targets=[subject.id] if subject else [], controller=self.controller(card),
                 parent=parent, ability=key, fired=fid)

    def declarer(self: Game, fired: Fired) -> str:
        # classic 113.2.ex1: declared by whoever controls the card when priority comes (ASM trigger-declarer)
        return self.controller(self.cards[fired.card])

    def _once_per_turn(self: Game, ab: Ability) -> bool:
        if ab is POISON:
            return False
        limited = self.edition.once_per_turn_triggers if ab.kind == "triggered" else self.edition.payment == "before"
        # heroes 113.4.p1 (triggered), 113.3.dup2.p1 (activated); a classic activated ability is limited only by a
        # printed «(один раз за ход)» (ASM classic-activated-repeat: no classic sentence limits it)
        return ab.once_per_turn or limited

    def _why_not_declarable(self: Game, fired: Fired) -> str | None:
        card = self.cards[fired.card]
        ab = self.ability_of(card, fired.ability)
        if ab is None:
            return "ability_lost"
        if self._once_per_turn(ab) and self.used_this_turn(card.id, ab.key):
            return "once_per_turn"
        if any(e.target == "trigger_subject" for e in ab.effects):
            subject = self.cards.get(fired.subject or "")
            if subject is None or not self.in_play(subject):
                # heroes 113.7: the declaration became illegal; the once-per-turn limit is not spent
                return "trigger_subject_left_play"
        if not self.targets_completable(card, ab, self.declarer(fired), []):
            return "no_target"
        return None

    def _declare_next(self: Game) -> bool:
        """113.2: triggered abilities are declared as soon as their player gets priority, after all rule
        effects; players declare in the edition's order (ASM classic-trigger-order / heroes-trigger-order)."""
        if not self.fired:
            return False
        # the reading of the edition's group (engine/readings.py): "active-first" or "inactive-first"
        order = self.readings[self.edition.trigger_order_reading]
        first = self.active if order == "active-first" else self.opponent(self.active)
        for player in (first, self.opponent(first)):
            mine = []
            for f in [f for f in self.fired if self.declarer(f) == player]:
                why = self._why_not_declarable(f)
                if why:
                    remove_object(self.fired, f)
                    self.log("trigger_dropped", source=f.card, controller=player, parent=f.parent,
                             ability=f.ability, reason=why)
                else:
                    mine.append(f)
            if not mine:
                continue
            if self.priority != player:
                self._give_priority(player)
            # classic 113.2 «она объявляется»: mandatory unless the text says «может» (ASM classic-trigger-mandatory;
            # heroes 113.4)
            mandatory = any(not f.optional for f in mine)
            options: list[Any] = [{"id": f.id, "card": f.card, "ability": f.ability, "subject": f.subject,
                                   "optional": f.optional} for f in mine]
            if not mandatory:
                options.append(None)          # heroes 113.4: a «может» trigger may be left undeclared
            self.pending = {"kind": "declare_trigger", "player": player, "mandatory": mandatory, "options": options}
            return True
        return False

    def _on_declare_trigger(self: Game, p: dict, choice: str | None) -> None:
        if choice is None:
            for f in [f for f in self.fired if self.declarer(f) == p["player"] and f.optional]:
                # heroes 113.4: not declared at the first priority: lost for this triggering
                remove_object(self.fired, f)
                self.log("trigger_declined", source=f.card, controller=p["player"], parent=f.parent, ability=f.ability)
            return
        fired = next(f for f in self.fired if f.id == choice)
        remove_object(self.fired, fired)
        card = self.cards[fired.card]
        ab = self.ability_of(card, fired.ability)
        assert ab is not None
        fixed = [fired.subject] if any(e.target == "trigger_subject" for e in ab.effects) and fired.subject else []
        self.declaring = {"kind": "trigger", "card": card.id, "ability": ab.key, "player": p["player"],
                          "parent": fired.parent, "subject": fired.subject, "fixed": fixed, "chosen": []}
        self._continue_declaration()
