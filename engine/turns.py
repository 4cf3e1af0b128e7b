"""The turn: its start (503.1.b2 opening, 503.1.b12 movement, start-of-turn triggers), the main step's
own actions (playing a card, moving a creature) — held on the stack/Queue when a «До» ability precedes them
(113.2; ASM do-held-action) —, and its end. Who may move, play a card or end the turn, when, and where to:
the active player alone, in his main step with an empty stack; a creature he controls to a free cell orthogonally
next to it; a card from his own hand to a free cell (ASM classic-main-step).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import rule_effects
from .model import Card, Entry, IllegalAction
from .triggered import POISON

if TYPE_CHECKING:
    from .game import Game


class Turns:
    """The turn (a part of Game)."""

    def _end_turn(self: Game, player: str, action: dict) -> None:
        self._check_end_turn(player, action)
        if self.step != "end":
            self.step = "end"
            hid = self.log("turn_end", controller=player)
            self.fire("turn_end", hid, None)
            if self.fired:
                self.priority = None
                return                    # «В конце хода» abilities are declared and resolved first (ASM turn-end-triggers)
        self.step = "end_done"
        self.unrecorded_change()          # after «В конце хода» abilities no entry records it (turn_end came before)
        self.priority = None
        rule_effects.run(self)            # «до конца хода» effects end here (503.1.b15)
        self.turn += 1
        self.active = self.opponent(player)
        self._begin_turn()

    def _check_end_turn(self: Game, player: str, action: dict) -> None:
        if player != self.active or self.stack:
            raise IllegalAction("not_now", "only the active player ends the turn, with an empty stack")

    def _begin_turn(self: Game) -> None:
        self.step = "start"
        hid = self.log("turn_start", controller=self.active)
        for c in self.sorted_cards():
            # classic 503.1.b2: the active player's cards open at the start of the turn, the others' stay closed (a rule
            # effect; ASM turn-start-open: the bullet says neither whose cards open nor that the others do not)
            if c.closed and self.in_play(c) and self.controller(c) == self.active:
                c.closed = False
                self.log("rule_effect", targets=[c.id], effect="open")
        for c in self.sorted_cards():
            # classic 503.1.b12: the active player's creatures get their movement allowance back
            if self.in_play(c) and self.controller(c) == self.active and c.moves_left != c.definition.move:
                c.moves_left = c.definition.move
                self.log("rule_effect", targets=[c.id], effect="restore_movement", moves=c.moves_left)
        self.fire("turn_start", hid, None)
        for c in self.sorted_cards():         # ASM poison-trigger
            if c.poison and self.in_play(c) and self.controller(c) == self.active:
                self._add_fired(c, POISON.key, hid, hid, c, optional=False)
        self.step = "main"

    # -------------------------------------------------------------- playing a card
    def _check_play(self: Game, player: str, action: dict) -> Card:
        card = self.cards.get(action.get("card", ""))
        if card is None or card.zone != "hand" or card.owner != player:
            raise IllegalAction("not_in_hand", f"{action.get('card')} is not in player {player}'s hand")
        if player != self.active or self.step != "main" or self.stack:
            raise IllegalAction("not_now", "cards are played by the active player, main step, empty stack/Queue")
        cell = action.get("cell")
        if self.edition.has_grid:
            if not cell or not self.edition.is_cell(cell) or any(c.cell == cell for c in self.cards.values()):
                raise IllegalAction("bad_cell", f"a free cell of the battlefield is needed, got {cell!r}")
        return card

    def _play(self: Game, player: str, action: dict) -> None:
        card = self._check_play(player, action)
        cell = action.get("cell") if self.edition.has_grid else None
        if self.before_fires("played", card):
            self._hold_action(player, "play", card, cell)     # 113.2 «До розыгрыша …» (ASM do-held-action)
            return
        self._carry_out_play(player, card, cell, None)

    def _carry_out_play(self: Game, player: str, card: Card, cell: str | None, parent: str | None) -> None:
        self.enter_battlefield(card, cell)
        hid = self.log("play", source=card.id, controller=player, parent=parent, cell=card.cell)
        self.fire("played", hid, card)

    def _play_still_legal(self: Game, entry: Entry) -> bool:
        """A card played that waited for the «До» abilities its declaration fired: still in its player's hand,
        and in classic its cell still free (ASM do-held-action)."""
        card, cell = self.cards[entry.source], entry.data.get("cell")
        return card.zone == "hand" and card.owner == entry.controller and \
            (not self.edition.has_grid or not any(c.cell == cell for c in self.cards.values()))

    # -------------------------------------------------------------- movement
    def _check_move(self: Game, player: str, action: dict) -> Card:
        card = self.cards.get(action.get("card", ""))
        if card is None:
            raise IllegalAction("unknown_card", f"no card '{action.get('card')}'")
        if not self.edition.has_grid:
            raise IllegalAction("no_grid", "heroes has no battlefield grid to move on")
        if player != self.active or self.stack or self.step != "main":
            raise IllegalAction("not_now", "only the active player moves, in the main step, with an empty stack")
        refusal = self._move_refusal(player, card, action.get("cell", ""))
        if refusal is not None:
            raise refusal
        return card

    def _move_refusal(self: Game, player: str, card: Card, cell: str) -> IllegalAction | None:
        """Why this card cannot move to this cell now (whatever the stack holds), or None."""
        if self.controller(card) != player or card.zone != "battlefield" or card.host is not None:
            return IllegalAction("not_your_card", f"{card.id} is not a creature of player {player} on the battlefield")
        if card.closed:
            return IllegalAction("closed", f"{card.id} is closed and cannot move")
        if card.moves_left < 1:
            return IllegalAction("no_movement", f"{card.id} has no movement left this turn")
        if not self.edition.is_cell(cell) or not self.edition.orthogonal(card.cell or "", cell) or \
                any(c.cell == cell and c.zone == "battlefield" for c in self.cards.values()):
            return IllegalAction("bad_cell", f"{cell!r} is not a free cell orthogonally next to {card.cell}")
        return None

    def _move(self: Game, player: str, action: dict) -> None:
        card = self._check_move(player, action)
        cell = action.get("cell", "")
        if self.before_fires("moved", card):
            self._hold_action(player, "move", card, cell)     # 113.2 «До перемещения …» (ASM do-held-action)
            return
        self._carry_out_move(player, card, cell, None)

    def _carry_out_move(self: Game, player: str, card: Card, cell: str, parent: str | None) -> None:
        card.moves_left -= 1
        hid = self.log("move", source=card.id, controller=player, parent=parent, frm=card.cell, to=cell)
        card.cell = cell
        self.fire("moved", hid, card)                 # «При перемещении …» (113.3: at its execution)

    # -------------------------------------------------------------- an action «До» precedes
    def _hold_action(self: Game, player: str, action: str, card: Card, cell: str | None) -> None:
        """113.2 «До [действие]» before a move or a card played (ASM do-held-action): these actions do not use the
        stack, but one whose declaration fires a «До» ability waits: its declaration is recorded (the triggers'
        parent, 537.1.f), it goes onto the stack/Queue as an entry of its kind, the «До» abilities are declared at
        the next priority above it and executed first, and it is carried out when it resolves (both players
        pass, ASM stack-lifo / heroes-queue-lifo), if it is still legal then."""
        entry = Entry(id=self._new_id("s"), kind=action, source=card.id, controller=player, targets=[],
                      data={"cell": cell})
        info = {"frm": card.cell, "to": cell} if action == "move" else {"cell": cell}
        entry.declared = self.log("declare", source=card.id, controller=player, action=action, entry=entry.id, **info)
        self.stack.append(entry)
        self.passes = 0                           # the declaring player keeps priority (ASM priority-after-declaration)
        self.fire_before("moved" if action == "move" else "played", entry.declared, card)

    def _carry_out_held(self: Game, entry: Entry) -> None:
        """A held move or card played resolves: carried out as declared, or — no longer legal, e.g. its creature
        closed or gone, its cell taken — not at all (a fizzle; the movement allowance is not spent)."""
        card, cell = self.cards[entry.source], entry.data.get("cell")
        if entry.kind == "move":
            legal = self._move_refusal(entry.controller, card, cell or "") is None
        else:
            legal = self._play_still_legal(entry)
        if not legal:
            self.log("fizzle", source=card.id, parent=entry.declared)
        elif entry.kind == "move":
            self._carry_out_move(entry.controller, card, cell or "", entry.declared)
        else:
            self._carry_out_play(entry.controller, card, cell, entry.declared)
