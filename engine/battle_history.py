"""Battle history (classic 537): the append-only log of game actions, and the queries on it.

Conditions about the past are queries on the log (537.2); a query about an event that cannot exist is
false (537.3); a card keeps its game id whatever its zone, except the deck (537.4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .model import ATOMS, Card, HistoryEntry, plain

if TYPE_CHECKING:
    from .game import Game

# the conditions about the past that filters and abilities may name (537.2)
# entries that record nothing a rule effect or a card's state depends on (503.1 reads cards, lives, effects,
# decks and players; these record a pass, who holds priority, an entry leaving the stack, an entry put on it,
# an ability's execution ended — each of its effects was an entry of its own —: what a declaration changes
# besides — a payment, a trigger, a card to be revealed — is written or counted of its own): they do not count
# as a change (Game.changes)
UNCHANGING = frozenset({"pass", "priority", "resolved", "declare", "executed"})

QUERIES = ("died_from_enemy_attack", "attacked_your_creature_this_turn")
CONDITIONS = ("not_moved_previous_turn", "moved_previous_turn")


class BattleHistory:
    """537 (a part of Game)."""

    def log(self: Game, kind: str, source: str | None = None, targets: list[str] | None = None,
            controller: str | None = None, parent: str | None = None, resources: list[str] | None = None,
            **info: Any) -> str:
        """Append a game action to the battle history (classic 537.1 a–g: a: id, b: source, c: targets,
        d: resources declared for payment, e: controller at declaration, f: the action that generated it,
        g: other information)."""
        counters = self._counters              # Game._new_id("h"), inline: the hottest call of the engine
        n = counters["h"] = counters.get("h", 0) + 1
        hid = f"h{n}"
        if kind not in UNCHANGING:
            self.changes += 1
            if kind == "rule_effect" and (targets or source):
                # classic 503.1: «Эффекты правил игры … не имеют ни источника, ни цели»: the cards a rule effect
                # applies to are other information (537.1.g), info.cards, never its targets
                info = {"cards": list(targets or []), **info}
                if source:
                    info.setdefault("source_card", source)
                targets, source = [], None
        # An entry is never changed once written (the history only grows): it is stored as plain JSON-able
        # data, so the canonical state and a cloned game share it instead of copying it.
        # `info` is this call's own dict (**info): copied only where a value is not an atom (a list, a dict)
        if info:
            for value in info.values():
                if type(value) not in ATOMS:
                    info = plain(info)
                    break
        # the targets are card ids or cells (str): such a list is copied as it is, anything else made plain
        if targets:
            for target in targets:
                if type(target) is not str:
                    targets = plain(targets)
                    break
            else:
                targets = list(targets)
        self.history.append({
            "id": hid, "turn": self.turn, "kind": kind, "source": source,
            "targets": targets or [], "resources": plain(resources) if resources else [],
            "controller": controller, "parent": parent, "info": info,
        })
        return hid

    def unrecorded_change(self: Game) -> None:
        """A change that a rule effect reads but that no history entry of its own records: the turn reaching
        its end (step end_done, which ends «до конца хода» effects, 503.1.b15) after its «В конце хода»
        abilities resolved; a face-down card due to be revealed (503.1.b1) once it acted or was targeted. It
        counts as a change (Game.changes), so the next rule-effects loop runs."""
        self.changes += 1

    @staticmethod
    def affected(h: HistoryEntry) -> list[str]:
        """The cards an entry is about: its targets, or for a rule effect (503.1: no target) info.cards."""
        return list(h["targets"]) or list(h["info"].get("cards", []))

    def entry_of(self: Game, hid: str | None) -> HistoryEntry | None:
        return next((h for h in self.history if h["id"] == hid), None) if hid else None

    def generating_action(self: Game, hid: str | None) -> str | None:
        """Classic 537.1.f: the game action that generated a triggered or conditionally played ability whose
        condition the entry `hid` met. A rule effect (503.1) met it — a death by lethal wounds — : under the
        reading trigger-parent=rule-effect (the default) the rule effect's entry itself; under game-action the
        game action that led to it (the strike or effect that dealt the wounds: the rule effect's own parent, up
        through rule effects), since a rule effect is not an игродействие (ASM trigger-parent-rule-effect)."""
        if self.readings["trigger-parent"] == "rule-effect":
            return hid
        entry = self.entry_of(hid)
        while entry is not None and entry["kind"] == "rule_effect":
            hid = entry["parent"]
            entry = self.entry_of(hid)
        return hid

    def history_query(self: Game, query: str, you: str) -> set[str]:
        """Cards that a condition about the past holds for (537.2); about an event that cannot exist, none."""
        return {card_id for card_id, _ in self.history_events(query, you)}

    def history_events(self: Game, query: str, you: str) -> list[tuple[str, str]]:
        """The events that make a condition about the past hold (537.2), oldest first: (card, history entry)."""
        if query == "attacked_your_creature_this_turn":
            # ASM answer-strike-not-attack: an answer strike is no attack of its own; ASM attacked-creature-at-attack:
            # «ваше существо» is read on the record, with the target's controller at the attack
            return [(h["source"], h["id"]) for i, h in enumerate(self.history) if h["kind"] == "strike"
                    and h["turn"] == self.turn and h["info"].get("attack") != "answer"
                    and h["info"].get("target_controller") == you and self._same_object(h["source"], i)]
        if query == "died_from_enemy_attack":
            out = []
            for i, h in enumerate(self.history):
                dead = h["targets"] or h["info"].get("cards") or []
                if h["kind"] in ("rule_effect", "death") and h["info"].get("effect") == "death" and dead:
                    cause = self.entry_of(h["parent"])
                    # ASM valhalla-controller-at-death: the enemy of the player who controlled the creature at its death
                    if cause and cause["kind"] == "strike" and cause["controller"] != h["controller"] \
                            and self._same_object(dead[0], i):
                        out.append((dead[0], h["id"]))
            return out
        raise ValueError(query)

    def condition_parent(self: Game, query: str | None, card_id: str, you: str) -> str | None:
        """Classic 537.1.f: a conditionally played ability («условно играемая особенность», declared only when a
        condition about the past holds: `Ability.requires`) records as the game action that generated it the
        event that met its condition for this card — the latest one; an ability with no such condition, none."""
        if not query:
            return None
        events = [hid for card, hid in self.history_events(query, you) if card == card_id]
        return self.generating_action(events[-1]) if events else None

    def _same_object(self: Game, card_id: str | None, index: int) -> bool:
        """537.4: the history entry at `index` names the card as it is now only if the card has not been in the
        deck since («из любой игровой зоны, кроме колоды»): a card that went through the deck is a new object."""
        card = self.cards.get(card_id or "")
        return card is None or index >= card.since

    def history_condition(self: Game, condition: str, card: Card) -> bool:
        """A condition about the past of one card (537.2), by its name in the vocabulary (CONDITIONS)."""
        if condition == "not_moved_previous_turn":
            return self.not_moved_previous_turn(card)
        if condition == "moved_previous_turn":
            return self.moved_previous_turn(card)
        raise ValueError(condition)

    def _moved_in_previous_turn(self: Game, card: Card) -> bool | None:
        """Whether the card (this object, 537.4) moved in the previous turn; None when there was no previous turn:
        537.3 «Все проверки … относительно заведомо несуществующего события … возвращают ложный результат
        независимо от их формулировки», so each check below is false then, whichever way it is worded."""
        previous = self.turn - 1
        if previous < 1:
            return None
        return any(h["kind"] == "move" and h["source"] == card.id and h["turn"] == previous
                   and i >= card.since for i, h in enumerate(self.history))

    def not_moved_previous_turn(self: Game, card: Card) -> bool:
        """«не передвигались в прошлый ход»: false with no previous turn (537.3)."""
        return self._moved_in_previous_turn(card) is False

    def moved_previous_turn(self: Game, card: Card) -> bool:
        """«передвигались в прошлый ход»: false with no previous turn too (537.3 ПРИМЕР: «Он не имел бы бонуса и по
        существам, которые передвигались … поскольку прошлого хода не было»), not the negation of the other."""
        return self._moved_in_previous_turn(card) is True

    def used_this_turn(self: Game, card_id: str, key: str) -> bool:
        """Whether the card's ability was declared this turn (the once-per-turn limits, heroes 113.4.p1): by the
        card's id, which it keeps when it leaves play and comes back (ASM heroes-limit-survives-reentry); a forced
        execution is logged as its performer's declaration, so it counts (ASM heroes-forced-execution-declared)."""
        return any(h["kind"] == "declare" and h["turn"] == self.turn and h["source"] == card_id
                   and h["info"].get("ability") == key for h in self.history)
