"""Replacement effects and prevention (534; heroes 115.3; classic 536.1.1, 538.1.b3).

A replacement effect of a card's static ability (`Ability.replacement`, model.py) acts when the event it
replaces happens, not before: wounds dealt to the card are prevented, a destruction of the card by an
effect is not applied («вместо этого ничего не происходит»: nothing is generated), and «вместо того чтобы
[verb] — [instead]» (`of: effect`) puts its effects in place of an effect of that verb on the card.
What happens to the instead effects is the edition's (`Edition.replacement_generates`):
- classic 536.1.1: «к эффектам, порождающим игродействия, относятся замещающие особенности» — the instead
  effects are a generated game action (generated.py), put on top of the stack at the effect application step
  (536.2.a), carried out from its target resolution step with no payment (536.2.b, c), by the replacing card
  and its controller, who makes every choice (536.3, 536.5); then the replaced ability goes on (536.2.d);
- heroes 115.1.p1: a static «не объявляется, не выполняется и не использует Очередь» — the instead effects are
  applied at once, with no declaration, Queue entry or priority (115.3; corpus cards.md: «вместо»
  replacements do not use the Queue).
What 534 would say beyond this (which verbs, which side, «столько же») is ASM replacement-general. The
participle replacement of an ability's own effects (538) lives in participle.py; the substitution of one
ability by another (503.1.b19) is a rule effect (rule_effects.py).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from .model import Ability, Card, EffectSpec, Entry, Filter

if TYPE_CHECKING:
    from .game import Game


class Replacements:
    """Replacement effects of statics (a part of Game)."""

    no_replacement: bool = False      # classic 538.1.b4: set while an effect that cannot be replaced is applied
    replacing: frozenset = frozenset()  # (card, ability) of the replacements whose instead effects are being applied

    def prevent_wounds(self: Game, card: Card, amount: int, hid: str) -> int:
        """Heroes 115.3: a static prevention on the card is relevant only when wounds are dealt to it: it
        prevents up to its amount of the wounds of each strike. Returns the wounds left to deal."""
        if self.no_replacement:
            return amount                     # classic 538.1.b4: «он не может быть замещён»
        for ab in self.abilities_of(card):
            r = ab.replacement
            if ab.kind == "static" and r is not None and r.of == "wounds" and amount > 0 and \
                    self.matches(ab.affects or Filter(who="self"), card, card, self.controller(card)):
                prevented = min(r.prevent, amount)
                amount -= prevented
                self.log("prevented", source=card.id, targets=[card.id], parent=hid, ability=ab.key, amount=prevented)
        return amount

    def destruction_replaced(self: Game, card: Card, hid: str) -> bool:
        """Classic 538.1.b3: «вместо уничтожения …» — a static of the card replaces its destruction by an
        effect: the destruction is not applied (and whatever it replaced does not follow)."""
        if self.no_replacement:
            return False                      # classic 538.1.b4: «он не может быть замещён»
        for ab in self.abilities_of(card):
            r = ab.replacement
            if ab.kind == "static" and r is not None and r.of == "destruction":
                self.log("prevented", source=card.id, targets=[card.id], parent=hid, ability=ab.key,
                         effect="destroy")
                return True
        return False

    def effect_replaced(self: Game, entry: Entry, spec: EffectSpec, card: Card) -> bool:
        """«Вместо того чтобы [verb] — [instead]»: at the moment an effect of `entry` would apply to `card`, a
        static of the card that replaces this verb (from this side: ASM replacement-general) acts: the effect is
        not applied and a «замещение» is recorded. Classic 536.1.1, 536.2.a: the instead effects are a generated
        action put on top of the stack (generated.py), which the replaced ability waits for (536.2.d); heroes
        115.1.p1: they are applied at once, with no declaration, Queue entry or priority. Returns True when the
        effect was replaced."""
        if self.no_replacement:
            return False                      # classic 538.1.b4: «он не может быть замещён»
        if not card.definition.has_effect_replacement:
            return False                      # it prints no «вместо того чтобы …», so it has none
        for ab in self.abilities_of(card):
            r = ab.replacement
            if ab.kind == "static" and r is not None and r.of == "effect" and self.replaces_verb(r.verb, spec.do) \
                    and (r.from_ == "any" or entry.controller != self.controller(card)) \
                    and not self.replacing_now(card, ab.key, entry):
                hid = self.log("replaced", source=card.id, targets=[card.id], parent=entry.declared, ability=ab.key,
                               effect1=[spec.do], effect2=[e.do for e in r.instead], by=entry.source)
                # «столько же»: the instead effects take the amount the replaced effect would have had
                amount = self.effect_amount(entry, spec, card) if r.same_amount else None
                if self.edition.replacement_generates:
                    self._generate_replacement(card, ab, amount, hid, entry)      # classic 536.1.1, 536.2.a
                else:
                    self.apply_instead(card, ab.key, self.instead_effects(ab, amount), hid)   # heroes 115.1.p1
                return True
        return False

    def replacing_now(self: Game, card: Card, key: str, entry: Entry) -> bool:
        """A replacement does not act again on its own instead effects (ASM replacement-general): neither while
        they are applied at once (heroes) nor on the generated action that carries them (classic 536.1.1)."""
        return (card.id, key) in self.replacing or \
            (entry.data.get("replacement") is not None and entry.source == card.id and entry.ability == key)

    def instead_effects(self: Game, ab: Ability, amount: int | None) -> tuple[EffectSpec, ...]:
        """The effects a «вместо того чтобы …» puts instead, with the replaced effect's amount when it says
        «столько же» (`amount` not None)."""
        r = ab.replacement
        assert r is not None
        if amount is None:
            return r.instead
        return tuple(dataclasses.replace(e, amount=amount) for e in r.instead)

    def replaces_verb(self: Game, replaced: str | None, verb: str) -> bool:
        """Whether a replacement of `replaced` acts on an effect of `verb`: only that verb."""
        return replaced == verb

    def apply_instead(self: Game, card: Card, key: str, instead: tuple[EffectSpec, ...], hid: str) -> None:
        """Heroes 115.1.p1: the effects put instead, applied now to the replacement's card on behalf of its
        controller, with no declaration and no Queue entry; their history entries name the replacement
        («замещение») as their parent."""
        stand_in = Entry(id=hid, kind="ability", source=card.id, controller=self.controller(card), targets=[card.id],
                         ability=key, declared=hid)
        saved, self.replacing = self.replacing, self.replacing | {(card.id, key)}
        try:                              # a replacement does not act again on its own instead effects
            for spec in instead:
                if self.effect_reaches(spec, card.id):
                    self._apply_effect(stand_in, spec, card.id)
        finally:
            self.replacing = saved
