"""Attacks: the simple strike (простой удар) — declaring it, the redirection and the defender, and dealing it
from the strike table (strike.py), with the answer strike.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import strike as strike_table
from .model import Card, Entry, IllegalAction

if TYPE_CHECKING:
    from .game import Game


class Attacks:
    """The simple strike (a part of Game)."""

    def _check_attack(self: Game, player: str, action: dict) -> tuple[Card, Card]:
        """The attacker and target of a legal attack request (ASM classic-attack); IllegalAction when not legal now."""
        attacker = self.cards.get(action.get("attacker", ""))
        target = self.cards.get(action.get("target", ""))
        if attacker is None or target is None:
            raise IllegalAction("unknown_card", "attack needs an existing 'attacker' and 'target'")
        if not self.edition.has_grid:
            raise IllegalAction("no_grid", "simple strikes are modelled for the classic battlefield only")
        if player != self.active or self.stack or self.step != "main":
            raise IllegalAction("not_now", "only the active player attacks, in the main step, with an empty stack")
        # an attack is a creature's (536.1: «атака другого существа»): an equipment or any other card that is
        # no creature, and a card attached to a host, cannot attack
        if self.controller(attacker) != player or attacker.zone != "battlefield" \
                or attacker.definition.type != "creature" or attacker.host is not None:
            raise IllegalAction("not_your_card", f"{attacker.id} is not a creature of player {player} on the battlefield")
        if attacker.closed:
            raise IllegalAction("closed", f"{attacker.id} is closed and cannot act")
        if target.zone != "battlefield" or not self.adjacent(attacker, target):
            raise IllegalAction("not_adjacent", f"{target.id} does not stand next to {attacker.id}")
        return attacker, target

    def _declare_attack(self: Game, player: str, action: dict) -> None:
        attacker, target = self._check_attack(player, action)
        # a simple strike goes on the stack and resolves step by step (ASM attack-on-stack); the attacker's
        # player keeps priority (ASM priority-after-declaration)
        entry = Entry(id=self._new_id("s"), kind="attack", source=attacker.id, controller=player, targets=[target.id])
        entry.declared = self.log("declare", source=attacker.id, targets=[target.id], controller=player,
                                  action="attack", strike="simple", entry=entry.id)
        self.stack.append(entry)
        self.passes = 0
        self._mark_reveal([attacker.id, target.id])
        # classic 113.2 «До атаки»: fires at the declaration, before the attack is executed (ASM trigger-word-do)
        self.fire_before("attack", entry.declared, attacker, attack="simple", cause=entry.declared)

    def _redirect_options(self: Game, entry: Entry) -> list[str]:
        """The cards that may take the attack onto themselves by a redirection (перенаправление) at its target
        resolution step (536.2.b names it beside the defender): a creature of the attacked card's controller,
        standing next to it, with an active redirecting ability (ASM redirect)."""
        attacker, target = self.cards[entry.source], self.cards[entry.targets[0]]
        owner = self.controller(target)
        return [c.id for c in self.sorted_cards()
                if c.zone == "battlefield" and c.id not in (target.id, attacker.id)
                and c.definition.type == "creature" and self.controller(c) == owner and self.adjacent(c, target)
                and any(a.redirect for a in self.abilities_of(c))]

    def _on_redirect(self: Game, p: dict, choice: str | None) -> None:
        entry = self.next_entry()
        assert entry is not None
        entry.data["redirect_asked"] = True
        if choice is not None:
            self.log("redirect", source=choice, targets=[entry.targets[0]], controller=p["player"],
                     parent=entry.declared)
            entry.targets = [choice]

    def _defender_options(self: Game, entry: Entry) -> list[str]:
        attacker, target = self.cards[entry.source], self.cards[entry.targets[0]]
        owner = self.controller(target)
        return [c.id for c in self.sorted_cards()
                if c.zone == "battlefield" and c.id not in (target.id, attacker.id) and not c.closed
                and c.definition.type == "creature" and self.controller(c) == owner
                and self.adjacent(c, attacker) and self.adjacent(c, target)]

    def _on_defender(self: Game, p: dict, choice: str | None) -> None:
        entry = self.next_entry()
        assert entry is not None
        if choice is not None:
            entry.data["defender"] = choice
            self.log("defender", source=choice, targets=[entry.targets[0]], controller=p["player"],
                     parent=entry.declared)
            entry.targets = [choice]
        entry.step = "rolls"

    def _table_rolls(self: Game, entry: Entry) -> tuple[int, int | None]:
        """The rolls the strike table reads: the attacker's and, against an open card, the defender's (None
        against a closed card, or as against one, classic 536.4), each with its bonus; 503.1.b13: modified rolls
        are not clamped when the simple strike is read from the table."""
        attacker, target = self.cards[entry.source], self.cards[entry.targets[0]]
        rolls = entry.data["rolls"]
        a_roll = rolls["attacker"] + self.roll_bonus(attacker)
        if target.closed or entry.data.get("as_closed"):
            return a_roll, None
        return a_roll, rolls["defender"] + self.roll_bonus(target)

    def _ask_exchange(self: Game, entry: Entry) -> bool:
        """Under the reading weaker-allowed of ASM exchange-choice: when the table gives an exchange of strikes (both sides
        strike), the player with the better roll chooses between the exchange and his own strike one step
        weaker with no strike from the other side (strike.weakened); a pending `exchange` decision, asked once.
        Under the default reading none there is no choice: False, and the row is dealt as it stands."""
        if self.readings.get("exchange-choice") != "weaker-allowed" or "exchange" in entry.data:
            return False
        a_roll, d_roll = self._table_rolls(entry)
        if d_roll is None:
            return False
        dealt, answer = strike_table.open_target(a_roll, d_roll)
        if not strike_table.is_exchange(dealt, answer):
            return False
        assert dealt is not None and answer is not None
        better = a_roll > d_roll                     # the rows of an exchange are 4, 2 and −4: never a tie
        player = entry.controller if better else self.controller(self.cards[entry.targets[0]])
        w_dealt, w_answer = strike_table.weakened(dealt, answer, better)
        self.pending = {"kind": "exchange", "player": player, "role": "attacker" if better else "defender",
                        "for": entry.id,
                        "options": [{"id": "exchange", "strike": dealt, "answer": answer},
                                    {"id": "weaker", "strike": w_dealt, "answer": w_answer}]}
        return True

    def _on_exchange(self: Game, p: dict, choice: str) -> None:
        entry = self.next_entry()
        assert entry is not None
        entry.data["exchange"] = choice

    def _apply_simple_strike(self: Game, entry: Entry) -> None:
        attacker, target = self.cards[entry.source], self.cards[entry.targets[0]]
        a_roll, d_roll = self._table_rolls(entry)
        if d_roll is None:                                  # classic 536.4: as against a closed card
            dealt, answer = strike_table.closed_target(a_roll), None
        else:
            dealt, answer = strike_table.open_target(a_roll, d_roll)
            # ASM exchange-choice (reading weaker-allowed): the better roll's player took the weaker option
            if entry.data.get("exchange") == "weaker" and dealt is not None and answer is not None:
                dealt, answer = strike_table.weakened(dealt, answer, a_roll > d_roll)
        choice = {"exchange": entry.data["exchange"]} if "exchange" in entry.data else {}
        a_value = self.strike_values(attacker)[strike_table.STRIKES.index(dealt)] if dealt else 0
        d_value = self.strike_values(target)[strike_table.STRIKES.index(answer)] if answer else 0
        hid = self.log("strike", source=attacker.id, targets=[target.id], controller=entry.controller,
                       parent=entry.declared, attack="simple", strike=dealt, wounds=a_value,
                       answer=answer, answer_wounds=d_value, target_controller=self.controller(target),
                       generated=entry.generated, **choice)
        entry.data["strike"] = hid
        # classic 113.2.p1: a trigger on an attack fires whenever the attack was made, whatever its strength
        # «если не указано обратного»: a text that names the attack's size (Trigger.min_amount) reads its wounds
        self.fire("attack", hid, attacker, attack="simple", cause=hid, amount=a_value)
        self.wound(target, a_value, hid)
        if answer:
            ahid = self.log("strike", source=target.id, targets=[attacker.id], controller=self.controller(target),
                            parent=hid, attack="answer", strike=answer, wounds=d_value)
            self.wound(attacker, d_value, ahid)
