"""Mutants of the kit's declared assumptions (rules/assumptions.yaml), where the text is silent: each misreads a sentence of the text (or an assumption) named at its registration."""

from __future__ import annotations

import types
from typing import Any

from engine import Game, strike
from harness.quality.mutants import EngineModules, closed_target_thirds, mutant, open_target_tie_weak


@mutant("stack-fifo", "asm:stack-lifo")
class StackFifo(Game):
    """The classic стек resolves first-in-first-out: when both players pass, the oldest entry resolves first
    (ASM stack-lifo)."""

    EDITION = "classic"

    def _pass(self, player: str, action: dict) -> None:
        if self.edition.name == self.EDITION and self.passes == 1 and len(self.stack) > 1:
            self.stack.append(self.stack.pop(0))
        super()._pass(player, action)


@mutant("strike-no-answer", "asm:strike-table")
class StrikeNoAnswer(EngineModules):
    """The answer strike of the strike table is never dealt: the defender of a simple strike never hits
    back (ASM strike-table)."""

    MODULES = {"strike_table": types.SimpleNamespace(
        STRIKES=strike.STRIKES, closed_target=strike.closed_target,
        open_target=lambda a, d: (strike.open_target(a, d)[0], None),
        is_exchange=strike.is_exchange, weakened=strike.weakened)}


@mutant("strike-table-off-by-one", "asm:strike-table")
class StrikeTableOffByOne(EngineModules):
    """The open strike table is read one row off: the difference is taken as attacker − defender − 1, so 6
    against 1 is read as 4 (a strong strike and a weak answer) (ASM strike-table)."""

    MODULES = {"strike_table": types.SimpleNamespace(
        STRIKES=strike.STRIKES, closed_target=strike.closed_target,
        open_target=lambda a, d: strike.open_target(a, d + 1),
        is_exchange=strike.is_exchange, weakened=strike.weakened)}


@mutant("strike-weak-strong-swapped", "asm:strike-table")
class StrikeWeakStrongSwapped(EngineModules):
    """The strike values are read from the wrong end: a weak strike deals the strong value and a strong one
    the weak value, for the attacker and the answer, against open and closed cards (ASM strike-table)."""

    MODULES = {"strike_table": types.SimpleNamespace(
        STRIKES=tuple(reversed(strike.STRIKES)), closed_target=strike.closed_target, open_target=strike.open_target,
        is_exchange=strike.is_exchange, weakened=strike.weakened)}


@mutant("closed-target-thirds", "asm:strike-table")
class ClosedTargetThirds(EngineModules):
    """Against a closed card the attacker's roll is read in equal thirds: 1–2 weak, 3–4 medium, 5–6 strong
    (ASM strike-table: 1–3 weak, 4–5 medium, 6 strong)."""

    MODULES = {"strike_table": types.SimpleNamespace(
        STRIKES=strike.STRIKES, closed_target=closed_target_thirds, open_target=strike.open_target,
        is_exchange=strike.is_exchange, weakened=strike.weakened)}


@mutant("strike-tie-always-weak", "asm:strike-table")
class StrikeTieAlwaysWeak(EngineModules):
    """A tie of the dice is always the attacker's weak strike: the exception for a tie of 5 or 6 (no strike,
    a weak answer) is ignored (ASM strike-table)."""

    MODULES = {"strike_table": types.SimpleNamespace(
        STRIKES=strike.STRIKES, closed_target=strike.closed_target, open_target=open_target_tie_weak,
        is_exchange=strike.is_exchange, weakened=strike.weakened)}


@mutant("closed-target-both-roll", "asm:strike-table")
class ClosedTargetBothRoll(Game):
    """A simple strike against a closed card is rolled by both players and read from the open table
    (ASM strike-table: only the attacker rolls)."""

    def _resolve_step(self, entry: Any) -> None:
        target = self.cards[entry.targets[0]] if entry.kind == "attack" and entry.targets else None
        if target is None or not target.closed or entry.data.get("as_closed") or entry.step not in ("rolls", "apply"):
            super()._resolve_step(entry)
            return
        target.closed = False                     # read as an open card for the dice and the table
        try:
            super()._resolve_step(entry)
        finally:
            target.closed = True


@mutant("replacement-also-applies-original", "asm:replacement-general")
class ReplacementAlsoAppliesOriginal(Game):
    """«Вместо того чтобы [действие] — [другое]» adds the other effect to the replaced one: both are applied
    (ASM replacement-general: the replaced effect is not applied)."""

    def effect_replaced(self, entry: Any, spec: Any, card: Any) -> bool:
        super().effect_replaced(entry, spec, card)
        return False


@mutant("replacement-ignores-verb", "asm:replacement-general")
class ReplacementIgnoresVerb(Game):
    """«Вместо того чтобы [действие] — [другое]» replaces every effect on the card, whatever its verb (ASM
    replacement-general: only an effect of that verb)."""

    def replaces_verb(self, replaced: str | None, verb: str) -> bool:
        return True


@mutant("near-cell-ignored", "asm:near-cell")
class NearCellIgnored(Game):
    """«каждое существо рядом с выбранной клеткой»: `near` a cell target is silently ignored, and the effect hits
    every creature on the battlefield (the old defect of the vocabulary; ASM near-cell)."""

    def next_to_cell(self, card: Any, cell: str) -> bool:
        return card.zone == "battlefield"


@mutant("near-cell-includes-cell", "asm:near-cell")
class NearCellIncludesCell(Game):
    """«рядом с выбранной клеткой» also takes the card standing on the chosen cell itself (ASM near-cell: a cell
    is not next to itself)."""

    def next_to_cell(self, card: Any, cell: str) -> bool:
        return super().next_to_cell(card, cell) or (card.zone == "battlefield" and card.cell == cell)


@mutant("near-cell-orthogonal", "asm:classic-grid")
class NearCellOrthogonal(Game):
    """«рядом с выбранной клеткой» reads only the four cells sharing a side with it, as a move does, not the
    diagonal ones (ASM classic-grid: «рядом» includes the diagonals)."""

    def next_to_cell(self, card: Any, cell: str) -> bool:
        if not super().next_to_cell(card, cell):
            return False
        (ax, ay), (bx, by) = self.edition.coords(card.cell), self.edition.coords(cell)
        return abs(ax - bx) + abs(ay - by) == 1


@mutant("protection-ignored", "asm:protection")
class ProtectionIgnored(Game):
    """«не может быть целью …» is not read: the protected card is offered as a target like any other and taken
    by «все …» targets (ASM protection)."""

    def protected_from(self, card: Any, ability: Any, you: str) -> bool:
        return False


@mutant("protection-from-anyone", "asm:protection")
class ProtectionFromAnyone(Game):
    """«не может быть целью … противника» is read without «противника»: the card's own controller cannot choose
    it as a target either (ASM protection)."""

    def protected_from(self, card: Any, ability: Any, you: str) -> bool:
        return super().protected_from(card, ability, "")


@mutant("protection-forms-ignored", "asm:protection")
class ProtectionFormsIgnored(Game):
    """«не может быть целью воздействий» is read as «… любых особенностей»: the form named is not read, and the
    opponent's заклинания cannot choose the card either (ASM protection)."""

    def protected_from(self, card: Any, ability: Any, you: str) -> bool:
        return super().protected_from(card, ability, you) or self.in_play(card) and any(
            a.protection is not None and (a.protection.from_ == "any" or self.controller(card) != you)
            for a in self.abilities_of(card))


@mutant("static-by-time", "asm:static-before-continuous")
class StaticByTime(Game):
    """A card's strike effects are applied in the order they were created, statics among them: a «+1 к удару до
    конца хода» applied before an «удар становится равен 1» static came into play is undone by it (strike 1, not
    2) (ASM static-before-continuous: every static's effect first)."""

    def strike_values(self, card: Any) -> list[int]:
        values = list(card.definition.strike)
        for e in sorted((e for e in self.effects if e.target == card.id), key=lambda e: int(e.id[1:])):
            if e.kind == "strike_bonus":
                values = [v + e.amount for v in values]
            elif e.kind == "strike_set":
                values = [e.amount] * 3
        return [max(0, v) for v in values]
