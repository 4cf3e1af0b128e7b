"""The participle replacement (classic 538): «[Способность 1] …, совершая [Способность 2]».

An ability whose `replacement` is of its own "effects" (model.Replacement) carries the construction: at
the replacement step effect 1 (the ability's effects) is replaced by effect 2 (`instead`) when the
condition (`when`) holds now.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .model import Ability, Entry

if TYPE_CHECKING:
    from .game import Game

CONDITIONS = ("cell_occupied",)       # the [Условие] a participle replacement may test


class ParticipleReplacement:
    """538.1 (a part of Game)."""

    def _participle(self: Game, entry: Entry, ab: Ability, groups: list) -> str:
        """Classic 538.1: «[Способность 1] …, совершая [Способность 2]» — at the replacement step effect 1 is
        replaced by effect 2 when the target meets [Условие] now (b2); effect 2 goes by the usual rules and
        may itself be replaced, and then effect 1 is not applied (b3); if effect 2 succeeded, effect 1 is
        applied at once, without the stack, and cannot be replaced (b4). ASM participle-steps. Effect 2 (the
        destruction of 538.3.ex1) is applied here, not put on the stack as a generated action (ASM
        participle-destruction-not-stacked); [Условие] is read now, at the application (ASM
        participle-condition-moment)."""
        # effect 2 (the destruction of 538.3.ex1) is applied here, at the replacement step, not put on the stack
        # as a generated action (ASM participle-destruction-not-stacked); [Условие] is read now, at the
        # application (538.1.b2, ASM participle-condition-moment)
        r = ab.replacement
        assert r is not None
        cell = self._effect_targets(entry, ab.effects[0], groups)[0] if ab.effects else None
        occupied = self.on_cell(cell)
        if r.when != "cell_occupied" or not occupied:
            return "not_applicable"
        self.log("replaced", source=entry.source, targets=[cell] if cell else [], parent=entry.declared,
                 effect1=[e.do for e in ab.effects], effect2=[e.do for e in r.instead])
        succeeded = True
        for spec in r.instead:
            for target_id in self._effect_targets(entry, spec, groups):
                # 538.1.b3: effect 2 «накладывается на цель по общим правилам»: a later effect of it does not
                # reach a card that its earlier effects took out of play
                if self.effect_reaches(spec, target_id):
                    succeeded = self._apply_effect(entry, spec, target_id) is not False and succeeded
        if not self._effect1_follows(succeeded):
            self.log("participle_cancelled", source=entry.source, parent=entry.declared)
            return "effect1_cancelled"
        return "effect1_follows"

    def _effect1_follows(self: Game, effect2_succeeded: bool) -> bool:
        """Classic 538.1.b3/b4: effect 1 follows only if effect 2 was applied, not replaced."""
        return effect2_succeeded

    def participle_allows_occupied(self: Game, ability: Ability | None) -> bool:
        """538.1.b1: a cell target may be an occupied cell only where the ability's participle allows it."""
        r = ability.replacement if ability is not None else None
        return r is not None and r.of == "effects" and r.when == "cell_occupied"
