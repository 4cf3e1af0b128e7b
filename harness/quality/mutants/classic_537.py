"""Mutants of classic 537, the battle history: each misreads a sentence of the text (or an assumption) named at its registration."""

from __future__ import annotations

from typing import Any

from engine import Game
from harness.quality.mutants import _appeared_at, mutant


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


@mutant("conditional-no-parent", "classic:537.1.f#1")
class ConditionalNoParent(Game):
    """A conditionally played ability (declared only when a condition about the past holds, as Вальхалла)
    records no game action that generated it (classic 537.1.f: «игродействии, которое породило это игродействие
    (для срабатывающих и условно играемых особенностей)»)."""

    def condition_parent(self, query: str | None, card_id: str, you: str) -> str | None:
        return None


@mutant("deck-keeps-identity", "classic:537.4#1", "classic:537.4#3")
class DeckKeepsIdentity(Game):
    """A card that went through the deck is still the same object: the battle history's past actions stay its
    own (classic 537.4: identified in every zone «кроме колоды»)."""

    def to_deck(self, card: Any, hid: str | None) -> None:
        since = card.since
        super().to_deck(card, hid)
        card.since = since


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


@mutant("trigger-declaration-no-parent", "classic:537.1.f#1")
class TriggerDeclarationNoParent(Game):
    """The declaration of a triggered ability records no game action that generated it, as if only generated
    actions (536) had one (classic 537.1.f: «игродействии, которое породило это игродействие (для срабатывающих
    и условно играемых особенностей)»)."""

    def log(self, kind: str, source: str | None = None, targets: list[str] | None = None, **rest: Any) -> str:
        if kind == "declare" and rest.get("action") == "trigger":
            rest["parent"] = None
        return super().log(kind, source=source, targets=targets, **rest)


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


@mutant("effect-bonus-on-strike", "classic:537.2.ex2#1", "asm:effect-bonus-scope")
class EffectBonusOnStrike(Game):
    """«+1 к воздействиям по существам, которые не передвигались в прошлый ход» is added to the card's simple strike
    too, as if every wound it deals were a воздействие (classic 537.2.ex2 names «воздействия»; ASM
    effect-bonus-scope)."""

    def wound(self, card: Any, amount: int, hid: str) -> int:
        h = self.entry_of(hid)
        if h is not None and h["kind"] == "strike" and h["info"].get("attack") in ("simple", "answer") \
                and h["source"] in self.cards:
            source = self.cards[h["source"]]
            amount += sum(a.modifier.amount for a in self.abilities_of(source)
                          if a.kind == "static" and a.modifier is not None and a.modifier.of == "effect_amount"
                          and self.history_condition(a.modifier.when, card))
        return super().wound(card, amount, hid)


@mutant("moved-in-any-past-turn", "classic:537.2.ex2#1", "classic:537.2#1")
class MovedInAnyPastTurn(Game):
    """«передвигались в прошлый ход» is read as «передвигались раньше»: a move in any earlier turn counts, not only
    in the turn just before this one (classic 537.2.ex2: «не передвигались в прошлый ход»)."""

    def _moved_in_previous_turn(self, card: Any) -> bool | None:
        if self.turn - 1 < 1:
            return None
        return any(h["kind"] == "move" and h["source"] == card.id and h["turn"] < self.turn
                   and i >= card.since for i, h in enumerate(self.history))


@mutant("valhalla-enemy-of-owner", "classic:537.2.ex1#1", "asm:valhalla-controller-at-death")
class ValhallaEnemyOfOwner(Game):
    """«Погибло от атаки карты противника» is read from the creature's owner: an attack of a card of the owner's
    opponent counts, whoever controlled the creature when it died (classic 537.2.ex1; ASM
    valhalla-controller-at-death: the opponent of its controller at the death)."""

    def history_events(self, query: str, you: str) -> list[tuple[str, str]]:
        if query != "died_from_enemy_attack":
            return super().history_events(query, you)
        out = []
        for i, h in enumerate(self.history):
            dead = h["targets"] or h["info"].get("cards") or []
            if h["kind"] in ("rule_effect", "death") and h["info"].get("effect") == "death" and dead:
                cause = self.entry_of(h["parent"])
                card = self.cards.get(dead[0])
                if cause and card is not None and cause["kind"] == "strike" and cause["controller"] != card.owner \
                        and self._same_object(dead[0], i):
                    out.append((dead[0], h["id"]))
        return out


@mutant("identity-lost-leaving-play", "classic:537.4#1", "classic:537.4#2")
class IdentityLostLeavingPlay(Game):
    """A creature that leaves the battlefield becomes a new object in every zone, not only in the deck: the battle
    history's past actions are no longer its own once it is in a graveyard or a hand (classic 537.4: identified «из
    любой игровой зоны, кроме колоды»)."""

    def log(self, kind: str, *args: Any, **kwargs: Any) -> str:
        hid = super().log(kind, *args, **kwargs)
        if kind == "zone" and kwargs.get("zone") in ("graveyard", "hand"):
            for card_id in kwargs.get("targets") or []:
                if card_id in self.cards:
                    self.cards[card_id].since = len(self.history)
        return hid


@mutant("played-as-moved", "classic:537.2.ex2#1")
class PlayedAsMoved(Game):
    """A creature that came into play in the previous turn counts as having moved in it: its coming onto a cell of
    the battlefield is read as a move (classic 537.2.ex2: «существам, которые не передвигались в прошлый ход»)."""

    def _moved_in_previous_turn(self, card: Any) -> bool | None:
        moved = super()._moved_in_previous_turn(card)
        if moved is False and any(h["kind"] == "play" and h["source"] == card.id and h["turn"] == self.turn - 1
                                  for h in self.history):
            return True
        return moved


@mutant("no-past-in-each-first-turn", "classic:537.3#1", "classic:537.3.ex1#1")
class NoPastInEachFirstTurn(Game):
    """«Во время первого хода первого игрока» read as «во время первого хода игрока»: in the second player's first
    turn too there is no previous turn for the checks about the past, which all return false (classic 537.3 and its
    example: only the first turn of the first player has no previous turn)."""

    def _moved_in_previous_turn(self, card: Any) -> bool | None:
        if self.turn <= 2:
            return None
        return super()._moved_in_previous_turn(card)
