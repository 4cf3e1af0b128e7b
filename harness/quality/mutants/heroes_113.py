"""Mutants of heroes 113, triggered abilities: each misreads a sentence of the text (or an assumption) named at its registration."""

from __future__ import annotations

import dataclasses
from typing import Any

from engine import Game
from harness.quality.mutants import mutant


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


@mutant("trigger-qualifiers-ignored", "heroes:113.1#1", "classic:113.1#1", "heroes:113.2.ex1#1")
class TriggerQualifiersIgnored(Game):
    """A triggered ability fires on the event its condition names, whatever card it happens to: «при гибели
    вашего существа» fires on the death of any creature, the opponent's too (heroes and classic 113.1:
    «срабатывает при выполнении определённых условий, указанных в тексте этой способности»)."""

    def trigger_subject_matches(self, t: Any, subject: Any, card: Any, you: str) -> bool:
        return True


@mutant("optional-as-mandatory", "heroes:113.4#1")
class OptionalAsMandatory(Game):
    """A «может» triggered ability must be declared like any other once its conditions are met: «может» is read
    as part of its effect, not as a choice to declare it (heroes 113.4: «игрок может не объявлять эту
    способность»)."""

    def _add_fired(self, card: Any, key: str, hid: str, parent: Any, subject: Any, optional: bool) -> None:
        super()._add_fired(card, key, hid, parent, subject, False)


@mutant("declined-spends-limit", "heroes:113.4.p1#1", "heroes:113.4#2")
class DeclinedSpendsLimit(Game):
    """A «может» trigger left undeclared spends the once-per-turn limit: a later triggering in the same turn is not
    offered (heroes 113.4.p1: «можно заявить не более одного раза за ход» — counted by declarations; 113.4: what is
    lost by not declaring is «это срабатывание» only)."""

    def used_this_turn(self, card_id: str, key: str) -> bool:
        return super().used_this_turn(card_id, key) or any(
            h["kind"] == "trigger_declined" and h["turn"] == self.turn and h["source"] == card_id
            and h["info"].get("ability") == key for h in self.history)


@mutant("trigger-limit-per-round", "heroes:113.4.p1#1")
class TriggerLimitPerRound(Game):
    """The once-per-turn limit of triggered abilities lasts a round (the turn and the next one): an ability declared
    in the end step of one turn cannot be declared in the next turn (heroes 113.4.p1: «не более одного раза за
    ход»; a turn is one player's)."""

    def used_this_turn(self, card_id: str, key: str) -> bool:
        ab = self.cards[card_id].definition.ability(key)
        if ab is None or ab.kind != "triggered" or self.edition.name != "heroes":
            return super().used_this_turn(card_id, key)
        return any(h["kind"] == "declare" and h["turn"] in (self.turn, self.turn - 1) and h["source"] == card_id
                   and h["info"].get("ability") == key for h in self.history)


@mutant("mandatory-declinable-beside-optional", "heroes:113.3#1")
class MandatoryDeclinableBesideOptional(Game):
    """When a player's waiting triggers include a «может» one, the whole offer is read as optional: declining it
    drops the mandatory ones too (heroes 113.3: «игрок обязан объявить эту срабатывающую способность при первом же
    получении приоритета»)."""

    def _declare_next(self) -> bool:
        waiting = super()._declare_next()
        p = self.pending
        if waiting and self.edition.name == "heroes" and p and p["kind"] == "declare_trigger" and p["mandatory"] \
                and any(o and o["optional"] for o in p["options"]):
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


@mutant("your-turn-by-owner", "heroes:113.2.ex1#1")
class YourTurnByOwner(Game):
    """«В ваш ход» is the turn of the card's owner, not of its controller: a card that changed hands fires in its
    owner's turn (heroes 113.2.ex1 «При гибели вашего существа в ваш ход»: «ваш» is the controller of the card)."""

    def triggered_by(self, event: str, subject: Any, ctx: dict) -> Any:
        def changed(card: Any) -> bool:
            return self.in_play(card) and card.owner != self.controller(card)

        kept = [(c, a) for c, a in super().triggered_by(event, subject, ctx)
                if not (a.trigger and a.trigger.in_your_turn and changed(c))]
        active = self.active
        try:
            for card in [c for c in self.sorted_cards() if changed(c)]:
                # the turn check passes exactly when the owner is the active player
                self.active = self.controller(card) if active == card.owner else card.owner
                kept += [(c, a) for c, a in super().triggered_by(event, subject, ctx)
                         if c is card and a.trigger and a.trigger.in_your_turn]
        finally:
            self.active = active
        return iter(kept)
