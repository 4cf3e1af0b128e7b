"""Mutants of classic 538, the participle replacement: each misreads a sentence of the text (or an assumption) named at its registration."""

from __future__ import annotations

from typing import Any

from engine import Game
from engine import game as game_module
from harness.quality.mutants import mutant


@mutant("participle-effect1-anyway", "classic:538.1.b3#2", "classic:538.3.ex1#4", "classic:538.1#3")
class ParticipleEffect1Anyway(Game):
    """Effect 1 of a participle construction is applied although effect 2 was replaced (classic 538.1.b3):
    the replacement step applies effect 2 and goes on to effect 1 without asking whether it succeeded."""

    def _effect1_follows(self, effect2_succeeded: bool) -> bool:
        return True


@mutant("participle-priority-between", "classic:538.1.b4#1")
class ParticiplePriorityBetween(Game):
    """Between effect 2 and effect 1 of a participle construction the active player gets priority (classic
    538.1.b4: effect 1 applies «сразу же (без активации стека)»)."""

    def _participle(self, entry: Any, ab: Any, groups: list) -> str:
        result = super()._participle(entry, ab, groups)
        if result == "effect1_follows":
            self._give_priority(self.active)
        return result


@mutant("participle-effect1-replaceable", "classic:538.1.b4#2")
class ParticipleEffect1Replaceable(Game):
    """Effect 1 that follows a successful effect 2 may itself be replaced, like any effect (classic 538.1.b4:
    «он не может быть замещён»)."""

    def destruction_replaced(self, card: Any, hid: str) -> bool:
        saved, self.no_replacement = self.no_replacement, False
        try:
            return super().destruction_replaced(card, hid)
        finally:
            self.no_replacement = saved


@mutant("participle-replaced-effect2-void", "classic:538.1.b3#2")
class ParticipleReplacedEffect2Void(Game):
    """When effect 2 of a participle construction is replaced, the replacement only cancels it: the new replaced
    effect is not carried out (classic 538.1.b3: «Если это происходит, то выполняется новый замещённый эффект»)."""

    def _generate_replacement(self, card: Any, ab: Any, amount: Any, hid: str, by: Any) -> None:
        if by.data.get("effect2_at") is None:
            super()._generate_replacement(card, ab, amount, hid, by)


@mutant("participle-condition-at-declaration", "classic:538.1.b2#1")
class ParticipleConditionAtDeclaration(Game):
    """The [Условие] of a participle construction is read when the ability is declared, not «в момент наложения
    эффекта» (classic 538.1.b2)."""

    def _continue_declaration(self) -> None:
        super()._continue_declaration()
        top = self.stack[-1] if self.stack else None
        if self.declaring is None and top is not None and "occupied_then" not in top.data:
            cells = [t for t in top.targets if self.edition.is_cell(t)]
            top.data["occupied_then"] = {c: bool(self.on_cell(c)) for c in cells}

    def participle_condition(self, entry: Any, cell: str | None) -> bool:
        return bool(cell) and entry.data.get("occupied_then", {}).get(cell, False)


@mutant("participle-despite-block", "classic:538.3.ex1#3")
class ParticipleDespiteBlock(Game):
    """A declared ability with a participle construction that is blocked (cancelled: its target is no longer
    legal) still has its replacement step: effect 2 (the destruction) is applied to an occupied cell (classic
    538.3.ex1: «Если объявленная способность инкарнации не заблокирована, при наложении эффекта заявляется …
    уничтожение»)."""

    def _after_fizzle(self, entry: Any) -> str:
        ab = self.cards[entry.source].definition.ability(entry.ability or "")
        if ab is not None and ab.replacement is not None and ab.replacement.of == "effects":
            self._participle(entry, ab, entry.data.get("target_groups", []))
        return super()._after_fizzle(entry)


@mutant("effects-reach-out-of-play", "classic:538.1.b3#1")
class EffectsReachOutOfPlay(Game):
    """The later effects of an ability still apply to a card that its earlier effects (or effect 2 of a
    participle, classic 538.1.b3 «по общим правилам») took out of play."""

    def effect_reaches(self, spec: Any, target_id: str) -> bool:
        return True


@mutant("participle-rule-effects-between", "classic:538.2#1")
class ParticipleRuleEffectsBetween(Game):
    """The rule effects that arose while effect 2 of a participle construction was applied are applied before
    effect 1, as soon as they arise (classic 538.2: «применяются после того, как применятся эффекты, описанные
    в 538.1»)."""

    def _participle(self, entry: Any, ab: Any, groups: list) -> str:
        result = super()._participle(entry, ab, groups)
        if result == "effect1_follows":
            game_module.rule_effects.run(self)
        return result


@mutant("participle-target-ignores-condition", "classic:538.1.b1#1", "classic:538.3.ex1#2")
class ParticipleTargetIgnoresCondition(Game):
    """When choosing the target of [Способность 1] the player is not offered what [Условие] allows: an occupied
    cell with «дрожь» is not a legal target of the incarnation (classic 538.1.b1: «игрок учитывает
    дополнительные возможности, описанные в [Условие]»)."""

    def participle_allows_occupied(self, ability: Any) -> bool:
        return False


# Each below is the wrong reading of one sentence that had none, written from the text (rules/*.txt) as an
# outsider reading only it could get it wrong; the sentence is named in its registration.
@mutant("participle-always-replaces", "classic:538.1.b2#1")
class ParticipleAlwaysReplaces(Game):
    """The participle construction always replaces effect 1 by effect 2, whatever its target is when the effect
    is applied: a free cell is «destroyed» too before the incarnation (classic 538.1.b2: «заменяется …, если в
    момент наложения эффекта цель соответствует описанию [Условие]»)."""

    def participle_condition(self, entry: Any, cell: str | None) -> bool:
        return cell is not None


@mutant("participle-effect2-fires-nothing", "classic:538.3#1", "classic:538.3.ex1#5")
class ParticipleEffect2FiresNothing(Game):
    """Only «при [Способность 1]» abilities fire: effect 2 of a participle construction, being a replacement,
    fires no «при гибели / при уничтожении» of the cards it destroys (classic 538.3: «при [Способность 1]» and
    «при [Способность 2]» «срабатывают одновременно»)."""

    in_effect2 = False

    def _participle(self, entry: Any, ab: Any, groups: list) -> str:
        saved, self.in_effect2 = self.in_effect2, True
        try:
            return super()._participle(entry, ab, groups)
        finally:
            self.in_effect2 = saved

    def fire(self, event: str, hid: str, subject: Any, **ctx: Any) -> None:
        if not self.in_effect2:
            super().fire(event, hid, subject, **ctx)


@mutant("participle-effect1-fires-nothing", "classic:538.3#1", "classic:538.3.ex1#5")
class ParticipleEffect1FiresNothing(Game):
    """Once effect 2 of a participle construction has replaced effect 1, only «при [Способность 2]» abilities fire:
    effect 1 applied after it (the incarnation of 538.3.ex1) fires no «при инкарнации», as if it had been replaced
    for good (classic 538.3: «при [Способность 1]» and «при [Способность 2]» fire together)."""

    def fire(self, event: str, hid: str, subject: Any, **ctx: Any) -> None:
        if event == "incarnated":
            h = self.entry_of(hid)
            if h is not None and any(x["kind"] in ("effect", "death") and x["info"].get("effect") in ("destroy", "death")
                                     and x["parent"] == h["parent"] and x["parent"] is not None
                                     for x in self.history):
                return
        super().fire(event, hid, subject, **ctx)
