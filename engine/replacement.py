"""Replacement effects and prevention (534; heroes 115.3; classic 538.1.b3).

A replacement effect of a card's static ability (`Ability.replacement`, model.py) acts when the event it
replaces happens, not before: wounds dealt to the card are prevented, a destruction of the card by an
effect is not applied. The participle replacement of an ability's own effects (538) lives in
participle.py; the substitution of one ability by another (503.1.b19) is a rule effect (rule_effects.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .model import Card, Filter

if TYPE_CHECKING:
    from .game import Game


class Replacements:
    """Replacement effects of statics (a part of Game)."""

    no_replacement: bool = False      # classic 538.1.b4: set while an effect that cannot be replaced is applied

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
