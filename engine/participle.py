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
        replaced by effect 2 when the target meets [Условие] «в момент наложения эффекта» (b2: read now, at the
        application, not at the declaration); effect 2 goes by the usual rules and may itself be replaced, and
        then «выполняется новый замещённый эффект», and effect 1 is not applied (b3); if effect 2 succeeded,
        effect 1 is applied at once, without the stack, and cannot be replaced (b4). ASM participle-steps.
        Effect 2 (the destruction of 538.3.ex1) is applied here, not put on the stack as a generated action (the
        default reading replacement-step of ASM participle-destruction-not-stacked); under the reading
        generated-action it is put on the stack as the replacement's generated action (`_generate_effect2`). A replacement of effect 2 is a replacing
        ability (536.1.1): its generated action goes on the stack (536.2.a) and this step waits for it — returns
        "effect2" — and goes on where it stopped once it has resolved (536.2.d). An ability that is blocked
        (538.3.ex1 «не заблокирована»: cancelled at its target resolution step, its target no longer legal) never
        reaches this step: neither effect 2 nor effect 1 is applied (ASM participle-blocked). Returns
        "not_applicable", "effect2", "effect1_cancelled" or "effect1_follows"."""
        r = ab.replacement
        assert r is not None
        if entry.data.get("participle") != "effect2":
            cell = self._effect_targets(entry, ab.effects[0], groups)[0] if ab.effects else None
            if r.when != "cell_occupied" or not self.participle_condition(entry, cell):
                return "not_applicable"
            self.log("replaced", source=entry.source, targets=[cell] if cell else [], parent=entry.declared,
                     effect1=[e.do for e in ab.effects], effect2=[e.do for e in r.instead])
            entry.data["effect2_at"], entry.data["effect2_ok"] = [0, 0], True
            if self.readings["participle-destruction"] == "generated-action":
                self._generate_effect2(entry)
                return "effect2"
        succeeded = self._apply_effect2(entry, r.instead, groups)
        if succeeded is None:
            return "effect2"
        if not self._effect1_follows(succeeded):
            self.log("participle_cancelled", source=entry.source, parent=entry.declared)
            return "effect1_cancelled"
        return "effect1_follows"

    def _apply_effect2(self: Game, entry: Entry, instead: tuple, groups: list) -> bool | None:
        """538.1.b3: effect 2 applied to its targets by the usual rules, from where it stopped (entry.data
        effect2_at). Returns whether it succeeded, or None when a replacing ability's generated action was put on
        the stack meanwhile (536.1.1, 536.2.a): effect 2 goes on where it stopped once that has resolved."""
        (first, resume_at), succeeded = entry.data["effect2_at"], entry.data["effect2_ok"]
        for index in range(first, len(instead)):
            spec = instead[index]
            targets = self._effect_targets(entry, spec, groups)
            for position in range(resume_at if index == first else 0, len(targets)):
                target_id = targets[position]
                # 538.1.b3: effect 2 «накладывается на цель по общим правилам»: a later effect of it does not
                # reach a card that its earlier effects took out of play
                if not self.effect_reaches(spec, target_id):
                    continue
                result, stacked = self.apply_effect_stacking(entry, spec, target_id)
                succeeded = result is not False and succeeded
                if stacked:
                    # 538.1.b3 «выполняется новый замещённый эффект»: the replacing ability's action (536.1.1) is
                    # carried out first (536.2.a); effect 2 goes on after it (536.2.d)
                    entry.data["effect2_at"], entry.data["effect2_ok"] = [index, position + 1], succeeded
                    return None
        for key in ("effect2_at", "effect2_ok"):
            entry.data.pop(key, None)
        return succeeded

    def _generate_effect2(self: Game, entry: Entry) -> None:
        """The reading participle-destruction=generated-action (ASM participle-destruction-not-stacked): effect 2
        «заявляется» (538.3.ex1) as a game action that the replacement generates (536.1.1): at the effect
        application step it goes on top of the stack (536.2.a) — performed by the ability's card, with its targets
        —, starts at once at its target resolution step (536.2.b), is not paid (536.2.c), and once it has resolved
        the ability goes on (536.2.d): effect 1 follows if effect 2 succeeded (538.1.b4). The ability waits with
        its effect 2 marked done; the generated action writes back whether it succeeded."""
        gen = Entry(id=self._new_id("s"), kind="ability", source=entry.source, controller=entry.controller,
                    targets=list(entry.targets), ability=entry.ability, step="target_resolution", generated=True,
                    data={"effect2_of": entry.id, "target_groups": entry.data.get("target_groups", []),
                          "target_zones": dict(entry.data.get("target_zones", {})),
                          "effect2_at": [0, 0], "effect2_ok": True})
        gen.declared = self.log("declare", source=entry.source, targets=list(entry.targets),
                                controller=entry.controller, parent=entry.declared, action="ability",
                                ability=entry.ability, entry=gen.id, generated=True, generated_by=entry.id,
                                participle_effect2=True)
        self.stack.append(gen)

    def _carry_out_effect2(self: Game, gen: Entry, ab: Ability, groups: list) -> bool:
        """The generated action of `_generate_effect2` at its effect application step: effect 2 by the usual
        rules; False while a replacement of it waits on the stack. Its outcome goes back to the ability."""
        assert ab.replacement is not None
        succeeded = self._apply_effect2(gen, ab.replacement.instead, groups)
        if succeeded is None:
            return False
        owner = next((e for e in self.stack if e.id == gen.data["effect2_of"]), None)
        if owner is not None:
            owner.data["effect2_at"], owner.data["effect2_ok"] = [len(ab.replacement.instead), 0], succeeded
        return True

    def participle_condition(self: Game, entry: Entry, cell: str | None) -> bool:
        """538.1.b2: whether the target meets [Условие] «в момент наложения эффекта» — now, at the effect
        application step, whatever it was when the ability was declared: the cell is occupied."""
        return bool(self.on_cell(cell)) if cell else False

    def rule_effects_wait(self: Game) -> bool:
        """538.2: rule effects that arise while the effects of 538.1 are applied «применяются после того, как
        применятся эффекты, описанные в 538.1»: they wait while a participle construction waits on the stack for
        the generated action of a replacement of its effect 2 (536.1.1)."""
        for e in self.stack:            # a loop, not any(generator): a hot path (after every effect, 503.1.p1)
            if e.data.get("participle") == "effect2":
                return True
        return False

    def _effect1_follows(self: Game, effect2_succeeded: bool) -> bool:
        """Classic 538.1.b3/b4: effect 1 follows only if effect 2 was applied, not replaced."""
        return effect2_succeeded

    def participle_allows_occupied(self: Game, ability: Ability | None) -> bool:
        """538.1.b1: a cell target may be an occupied cell only where the ability's participle allows it."""
        r = ability.replacement if ability is not None else None
        return r is not None and r.of == "effects" and r.when == "cell_occupied"
