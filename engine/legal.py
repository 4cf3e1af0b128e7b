"""The legal actions of a player: every request `act` accepts from him now, with its parameters.

Each action type has one check (the same method `act` runs before it changes anything), so the list and
`act` cannot disagree: a candidate is listed when its check passes. Candidates are every combination
the parameters can take on this board (cards, cells, abilities), so nothing legal is left out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .model import IllegalAction

if TYPE_CHECKING:
    from .game import Game

# the check `act` runs for each action type before carrying it out ("pass" needs only priority)
CHECKS = {"end_turn": "_check_end_turn", "attack": "_check_attack", "move": "_check_move", "play": "_check_play",
          "activate": "_check_activation"}


class LegalActions:
    """The legal-action generator (a part of Game)."""

    def legal_actions(self: Game, player: str) -> list[dict[str, Any]]:
        """Every action `player` may request now (the requests `act` accepts), in a stable order: pass,
        end_turn, attacks, moves, plays, activations. Empty while the game is over, a decision is pending
        (it is answered with `answer`), or another player has priority."""
        if self.lost or player not in self.players or self.pending is not None or self.priority != player:
            return []
        legal: list[dict[str, Any]] = [{"type": "pass"}]
        for action in self._candidate_actions(player):
            try:
                getattr(self, CHECKS[action["type"]])(player, action)
            except IllegalAction:
                continue
            legal.append(action)
        return legal

    def _candidate_actions(self: Game, player: str) -> list[dict[str, Any]]:
        """Every action of `player` whose parameters name things of this board (most are illegal)."""
        cards = self.sorted_cards()
        on_field = [c for c in cards if c.zone == "battlefield"]
        candidates: list[dict[str, Any]] = [{"type": "end_turn"}]
        if self.edition.has_grid:
            candidates += [{"type": "attack", "attacker": a.id, "target": t.id}
                           for a in on_field if self.controller(a) == player for t in on_field if t is not a]
            candidates += [{"type": "move", "card": c.id, "cell": cell}
                           for c in on_field if self.controller(c) == player and c.cell
                           for cell in self.edition.cells() if self.edition.orthogonal(c.cell, cell)]
        for c in cards:
            if c.zone == "hand" and c.owner == player:
                if self.edition.has_grid:
                    candidates += [{"type": "play", "card": c.id, "cell": cell} for cell in self.edition.cells()]
                else:
                    candidates.append({"type": "play", "card": c.id})
        candidates += [{"type": "activate", "card": c.id, "ability": a.key}
                       for c in cards for a in self.abilities_of(c) if a.kind == "activated"]
        return candidates
