"""Activated abilities (classic 114 «играемые особенности», heroes 114 «активируемые способности»):
declared by their player, paid (heroes before execution, classic after: 503.1.b3, heroes 113.3.dup2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .model import Ability, Card, Entry, IllegalAction

if TYPE_CHECKING:
    from .game import Game


class ActivatedAbilities:
    """114 (a part of Game)."""

    def _check_activation(self: Game, player: str, action: dict) -> tuple[Card, Ability]:
        """The card and ability of a legal activation request; IllegalAction when it is not legal now."""
        card = self.cards.get(action.get("card", ""))
        if card is None:
            raise IllegalAction("unknown_card", f"no card '{action.get('card')}'")
        ab = self.ability_of(card, action.get("ability", ""))
        if ab is None or ab.kind != "activated":
            raise IllegalAction("no_such_ability", f"{card.id} has no activated ability '{action.get('ability')}'")
        self._check_activation_window(player)
        if ab.zone == "graveyard":
            if card.zone != "graveyard" or card.owner != player:
                raise IllegalAction("not_your_card", f"{card.id} is not in player {player}'s graveyard")
        elif not self.in_play(card) or self.controller(card) != player:
            raise IllegalAction("not_your_card", f"{card.id} is not in play under player {player}'s control")
        if ab.requires and card.id not in self.history_query(ab.requires, player):
            raise IllegalAction("condition_not_met", f"«{ab.key}» needs {ab.requires}, and the battle history says no")
        if ab.cost.close and card.closed:
            raise IllegalAction("cannot_pay", f"{card.id} is closed and cannot pay by closing")
        if card.counters < ab.cost.counters:
            raise IllegalAction("cannot_pay", f"{card.id} has {card.counters} counters, «{ab.key}» costs "
                                              f"{ab.cost.counters}")
        if self._once_per_turn(ab) and self.used_this_turn(card.id, ab.key):
            raise IllegalAction("once_per_turn", f"«{ab.key}» was already declared this turn")
        if not self.targets_completable(card, ab, player, []):
            raise IllegalAction("no_target", f"no legal target for «{ab.key}»")
        return card, ab

    def _declare_activation(self: Game, player: str, action: dict) -> None:
        card, ab = self._check_activation(player, action)
        # classic 537.1.f: a conditionally played ability names the event that met its condition as its parent
        self.declaring = {"kind": "activate", "card": card.id, "ability": ab.key, "player": player,
                          "parent": self.condition_parent(ab.requires, card.id, player), "subject": None,
                          "fixed": [], "chosen": []}
        self._continue_declaration()

    def _pay(self: Game, entry: Entry) -> None:
        """The payment stage of an activated ability: close the card, remove its counters."""
        card = self.cards[entry.source]
        ab = self.ability_of(card, entry.ability or "") or card.definition.ability(entry.ability or "")
        if ab is not None and (ab.cost.close and not card.closed or ab.cost.counters):
            if ab.cost.close and self.in_play(card):
                card.closed = True
            card.counters = max(0, card.counters - ab.cost.counters)
            entry.data["payment"] = self.log("payment", source=card.id, controller=entry.controller,
                                             parent=entry.declared, closes=card.id if ab.cost.close else None,
                                             counters=ab.cost.counters)
        entry.data["paid"] = True

    def _check_activation_window(self: Game, player: str) -> None:
        """When an activated ability may be declared. Heroes 114.1.p1: «только в фазу Выбора Основного этапа его
        хода»: the player's own turn, main step, empty Queue, no decision pending (ASM choice-phase). Classic: the
        corpus never says (ASM classic-activation): by default (reading own-turn) the same window as in heroes;
        under the reading priority, whenever the player holds priority — in either player's turn, the stack not
        empty too (an answer to what is on it). Holding priority is checked by `act` itself."""
        group = self.edition.activation_reading
        if group is not None and self.readings[group] == "priority":
            return
        if player != self.active or self.step != "main" or self.stack:
            raise IllegalAction("not_now", "an activated ability is declared only by the active player, in the "
                                           "Choice phase of the Main stage (main step, empty stack/Queue)")
