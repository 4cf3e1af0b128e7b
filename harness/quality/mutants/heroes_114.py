"""Mutants of heroes 114, activated abilities: each misreads a sentence of the text (or an assumption) named at its registration."""

from __future__ import annotations

from typing import Any

from engine import Game
from engine.model import IllegalAction
from harness.quality.mutants import mutant


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


@mutant("activate-outside-main", "heroes:114.1.p1#1")
class ActivateOutsideMain(Game):
    """A player may declare an activated ability in his own turn whenever he holds priority with an empty Queue,
    in the end step too (heroes 114.1.p1: «только в фазу Выбора Основного этапа его хода»)."""

    def _check_activation(self, player: str, action: dict) -> Any:
        step = self.step
        self.step = "main"
        try:
            return super()._check_activation(player, action)
        finally:
            self.step = step


@mutant("activate-by-owner", "heroes:114.1.p1#1")
class ActivateByOwner(Game):
    """Only the card's owner may declare its activated ability: a player cannot use the ability of an opponent's
    card he controls (heroes 114.1.p1: «может быть объявлена игроком … его хода» — the player who has the card in
    play, its controller)."""

    def _check_activation(self, player: str, action: dict) -> Any:
        card = self.cards.get(action.get("card", ""))
        if card is not None and card.owner != player:
            raise IllegalAction("not_your_card", f"{card.id} is not player {player}'s own card")
        return super()._check_activation(player, action)


@mutant("activated-limit-per-card", "heroes:113.3.dup2.p1#1")
class ActivatedLimitPerCard(Game):
    """The once-per-turn limit of activated abilities is counted per card: a card with two activated abilities
    may declare only one of them a turn (heroes 113.3.dup2.p1: «Каждую активируемую способность можно заявлять не
    более одного раза за ход»)."""

    def used_this_turn(self, card_id: str, key: str) -> bool:
        card = self.cards[card_id]
        ab = card.definition.ability(key)
        if ab is None or ab.kind != "activated" or self.edition.name != "heroes":
            return super().used_this_turn(card_id, key)
        keys = {a.key for a in card.definition.abilities if a.kind == "activated"}
        return any(super(ActivatedLimitPerCard, self).used_this_turn(card_id, k) for k in keys)


@mutant("activated-limit-per-name", "heroes:113.3.dup2.p1#1")
class ActivatedLimitPerName(Game):
    """The once-per-turn limit of activated abilities is counted per card name: two Лучники share one «выстрел» a
    turn (heroes 113.3.dup2.p1: each ability — of each card — at most once a turn)."""

    def used_this_turn(self, card_id: str, key: str) -> bool:
        card = self.cards[card_id]
        ab = card.definition.ability(key)
        if ab is None or ab.kind != "activated" or self.edition.name != "heroes":
            return super().used_this_turn(card_id, key)
        return any(super(ActivatedLimitPerName, self).used_this_turn(c.id, key) for c in self.cards.values()
                   if c.definition.name == card.definition.name)
