"""Mutants of classic 536, generated game actions: each misreads a sentence of the text (or an assumption) named at its registration."""

from __future__ import annotations

from typing import Any

from engine import Game
from engine.model import Entry
from harness.quality.mutants import mutant


@mutant("generated-attack-redirect", "classic:536.2.b#2")
class GeneratedAttackRedirect(Game):
    """536.2.b read as forbidding the defender only: a redirection may still be declared against a generated
    attack at its target resolution step (the text: «не могут объявлять перенаправления (в том числе
    назначение защитника)»)."""

    def _resolve_step(self, entry: Any) -> None:
        if entry.step == "target_resolution" and entry.generated and entry.kind == "attack" \
                and not entry.data.get("redirect_asked") and self._targets_legal(entry):
            entry.data["redirect_asked"] = True
            options = self._redirect_options(entry)
            if options:
                self.pending = {"kind": "redirect", "player": self.controller(self.cards[entry.targets[0]]),
                                "for": entry.id, "options": [None] + options}
                return
        super()._resolve_step(entry)


@mutant("generated-compound-first-part-only", "classic:536.2.b#1")
class GeneratedCompoundFirstPartOnly(Game):
    """A generated compound ability executes only its first part: «с Шага разрешения целей первой заявляемой
    способности в составе этой особенности» read as that part being the whole generated action (classic
    536.2.b)."""

    def _generate_ability(self, entry: Any, spec: Any, groups: list) -> bool:
        put = super()._generate_ability(entry, spec, groups)
        if put and self.stack[-1].data.get("parts"):
            self.stack[-1].data["parts"] = self.stack[-1].data["parts"][:1]
        return put


@mutant("generated-attack-defender", "classic:536.2.b#2", "classic:536.4.ex1#4")
class GeneratedAttackDefender(Game):
    """A defender may be assigned against a generated attack (classic 536.2.b)."""

    def _resolve_step(self, entry: Any) -> None:
        if entry.step == "target_resolution" and entry.generated:
            entry.generated = False
            try:
                super()._resolve_step(entry)
            finally:
                entry.generated = True
            return
        super()._resolve_step(entry)


@mutant("generated-attack-paid", "classic:536.2.c#1")
class GeneratedAttackPaid(Game):
    """A generated attack goes through the payment stage: its attacker closes (classic 536.2.c)."""

    def _payment(self, entry: Any) -> None:
        if entry.kind == "attack" and entry.generated:
            entry.generated = False
            try:
                super()._payment(entry)
            finally:
                entry.generated = True
            return
        super()._payment(entry)


@mutant("generated-attack-as-open", "classic:536.4#1", "classic:536.4.ex1#5")
class GeneratedAttackAsOpen(Game):
    """A generated attack is dealt as against an open card: the target's player rolls too (classic 536.4)."""

    def _generate_attack(self, entry: Any, spec: Any, groups: list) -> bool:
        put = super()._generate_attack(entry, spec, groups)
        if put:
            self.stack[-1].data["as_closed"] = False
        return put


@mutant("replacement-on-stack", "classic:536.2.a#2", "heroes:115.1.p1#1")
class ReplacementOnStack(Game):
    """A replacement «вместо …» is declared and put on the stack/Queue like a triggered ability, waiting for
    priority: its effects are applied when it resolves, after the replaced ability has finished (classic
    536.2.a, d: the generated action is carried out at once and the replaced ability goes on after it; heroes
    115.1.p1: a static does not use the Queue)."""

    def _generate_replacement(self, card: Any, ab: Any, amount: Any, hid: str, by: Any) -> None:
        self.apply_instead(card, ab.key, self.instead_effects(ab, amount), hid)

    def apply_instead(self, card: Any, key: str, instead: tuple, hid: str) -> None:
        entry = Entry(id=self._new_id("s"), kind="ability", source=card.id, controller=self.controller(card),
                      targets=[card.id], ability=key)
        entry.declared = self.log("declare", source=card.id, targets=[card.id], controller=entry.controller,
                                  parent=hid, resources=[], action="trigger", ability=key, entry=entry.id)
        entry.data["instead"] = instead
        self.stack.append(entry)

    def _apply_ability(self, entry: Any) -> bool:
        if "instead" not in entry.data:
            return super()._apply_ability(entry)
        self._apply_effects(entry, list(entry.data["instead"]), 0, [])
        return True


@mutant("replacement-without-stack", "classic:536.1.1#1", "classic:536.2.a#1")
class ReplacementWithoutStack(Game):
    """Classic: a replacing ability's «вместо» effects are applied at once, with no declaration and no generated
    action on the stack, as in heroes (classic 536.1.1: «к эффектам, порождающим игродействия, относятся
    замещающие особенности»; 536.2.a: «в стек верхним игродействием помещается порождаемое игродействие»)."""

    def _generate_replacement(self, card: Any, ab: Any, amount: Any, hid: str, by: Any) -> None:
        self.apply_instead(card, ab.key, self.instead_effects(ab, amount), hid)


@mutant("replacement-action-by-replaced-player", "classic:536.3#2")
class ReplacementActionByReplacedPlayer(Game):
    """The generated action of a replacing ability is controlled by the player of the ability whose effect was
    replaced, not by the player controlling the replacing card (classic 536.3: «все выборы осуществляет игрок,
    контролирующий карту, которая создаёт эффект, порождающий игродействие»; 536.5)."""

    def _generate_replacement(self, card: Any, ab: Any, amount: Any, hid: str, by: Any) -> None:
        size = len(self.stack)
        super()._generate_replacement(card, ab, amount, hid, by)
        if len(self.stack) > size:
            gen = self.stack[-1]
            gen.controller = by.controller
            declared = next(i for i in range(len(self.history) - 1, -1, -1) if self.history[i]["id"] == gen.declared)
            self.history[declared] = {**self.history[declared], "controller": by.controller}


@mutant("replaced-ability-stops", "classic:536.2.d#1")
class ReplacedAbilityStops(Game):
    """Once the generated action of a replacing ability has resolved, the ability whose effect it replaced does not
    go on: its other targets and effects are dropped (classic 536.2.a, d: the action is put on the stack at that
    ability's effect application step, and its execution goes on after it)."""

    def _apply_effects(self, entry: Any, effects: list, start: int, groups: list) -> bool:
        if entry.data.pop("target_index", None) is not None:
            return True
        return super()._apply_effects(entry, effects, start, groups)

    def _participle(self, entry: Any, ab: Any, groups: list) -> str:
        if entry.data.get("participle") == "effect2":
            entry.data["effect2_at"] = [len(ab.replacement.instead), 0]
        return super()._participle(entry, ab, groups)


@mutant("generating-obliges-attack", "classic:536.5#1")
class GeneratingObligesAttack(Game):
    """An ability that generates an attack counts as one «обязывающая атаковать»: a card protected from those
    cannot be made to perform a generated attack (classic 536.5: «Особенности, порождающие атаки, не относятся к
    особенностям, обязывающим атаковать»)."""

    def obliges_to_attack(self, ab: Any) -> bool:
        return super().obliges_to_attack(ab) or (ab is not None and any(e.do == "generated_attack" for e in ab.effects))


@mutant("generated-attack-by-generator", "classic:536.5#2", "classic:536.4.ex1#2", "classic:536.1#1")
class GeneratedAttackByGenerator(Game):
    """A generated attack is made by the player of the ability that generated it, as if he took the performing
    card under control for the attack (classic 536.5: «атаку выполняет карта-источник атаки (и игрок,
    контролирующий эту карту), то есть взятия под контроль … не происходит»)."""

    def _generate_attack(self, entry: Any, spec: Any, groups: list) -> bool:
        self.controller = lambda card: entry.controller     # type: ignore[method-assign]
        try:
            return super()._generate_attack(entry, spec, groups)
        finally:
            del self.controller


@mutant("generator-unpaid", "classic:536.1#4")
class GeneratorUnpaid(Game):
    """An ability whose effect generates a game action is not paid, like the generated action itself (classic
    536.1: «Порождённые игродействия не требуют оплаты, но породившее их игродействие оплачивается по общим
    правилам»)."""

    def _pay(self, entry: Any) -> None:
        card = self.cards[entry.source]
        ab = self.ability_of(card, entry.ability or "") or card.definition.ability(entry.ability or "")
        if ab is not None and any(e.do == "generated_attack" for e in ab.effects):
            entry.data["paid"] = True
            return
        super()._pay(entry)


@mutant("generated-target-by-performer", "classic:536.3#2", "classic:536.4.ex1#3", "classic:536.3#1")
class GeneratedTargetByPerformer(Game):
    """The target of a generated attack is chosen by the player controlling the card that will make it, not by
    the player of the card whose effect generates it (classic 536.3: «все выборы осуществляет игрок,
    контролирующий карту, которая создаёт эффект, порождающий игродействие»)."""

    def _continue_declaration(self) -> None:
        super()._continue_declaration()
        p, d = self.pending, self.declaring
        if not (p and p["kind"] == "target" and d is not None):
            return
        ab = self.ability_of(self.cards[d["card"]], d["ability"])
        f = ab.targets[len(d["chosen"])] if ab is not None else None
        if f is None or not f.near or not any(e.do == "generated_attack" for e in ab.effects):
            return
        index = int(f.near[6:]) - 1
        performer = d["chosen"][index] if index < len(d["chosen"]) else None
        if isinstance(performer, str) and performer in self.cards:
            p["player"] = self.controller(self.cards[performer])


@mutant("generator-stops-at-generated", "classic:536.2.d#1")
class GeneratorStopsAtGenerated(Game):
    """The ability that generated a game action ends with it: once that action has resolved only its payment
    follows, the rest of its text is not carried out (classic 536.2.d: «продолжается выполнение особенности,
    породившей это игродействие, (в том числе оплата)»)."""

    def _generate_attack(self, entry: Any, spec: Any, groups: list) -> bool:
        put = super()._generate_attack(entry, spec, groups)
        if put:
            source = self.cards[entry.source]
            ab = self.ability_of(source, entry.ability or "") or source.definition.ability(entry.ability or "")
            entry.data["effect_index"] = len(ab.effects) if ab is not None else entry.data["effect_index"]
        return put


@mutant("generated-attack-no-triggers", "classic:536.4.ex1#5")
class GeneratedAttackNoTriggers(Game):
    """A generated attack, which is not declared (536.5), fires no «при атаке/ударе» abilities (classic 536.4.ex1:
    «Удар будет нанесён как по закрытой карте, все особенности “при ударе” сработают»)."""

    def fire(self, event: str, hid: str, subject: Any, **ctx: Any) -> None:
        if event == "attack" and ctx.get("phase") is None:
            entry = self.entry_of(hid)
            if entry is not None and entry["info"].get("generated"):
                return
        super().fire(event, hid, subject, **ctx)


@mutant("before-generated-at-once", "classic:536.2.a#2", "asm:do-generated")
class BeforeGeneratedAtOnce(Game):
    """A generated action starts at once (536.2.a «начинает выполняться»), even when «До» abilities fired at its
    placement: they are declared only after it (and the ability that generated it) resolved (113.2; ASM
    do-generated)."""

    def before_waits(self, entry: Any) -> bool:
        return False


@mutant("generated-unchecked", "classic:536.2.a#1")
class GeneratedUnchecked(Game):
    """A generated attack is put on the stack without the legality checks: its target may already have left
    the battlefield, and the attack is cancelled only at its target resolution step (classic 536.2.a:
    «поместить можно только игродействие, удовлетворяющее проверкам легальности»)."""

    def adjacent(self, a: Any, b: Any) -> bool:
        if self.checking_generated:
            return True
        return super().adjacent(a, b)

    checking_generated = False

    def _generate_attack(self, entry: Any, spec: Any, groups: list) -> bool:
        struck_ids = self._effect_targets(entry, spec, groups)
        struck = self.cards.get(struck_ids[0]) if struck_ids else None
        saved_zone = struck.zone if struck is not None else None
        if struck is not None:
            struck.zone = "battlefield"               # the target's zone is not looked at
        self.checking_generated = True
        try:
            legal = super()._generate_attack(entry, spec, groups)
        finally:
            self.checking_generated = False
            if struck is not None:
                struck.zone = saved_zone
        return legal


@mutant("generated-ability-paid", "classic:536.1#2", "classic:536.2.c#1")
class GeneratedAbilityPaid(Game):
    """The forced execution of an ability (536.1: «принудительное выполнение особенности») is read as the
    performer using its ability: it goes through the payment stage and the performer closes (classic 536.2.c:
    «Этап оплаты для него не выполняется»)."""

    def _generate_ability(self, entry: Any, spec: Any, groups: list) -> bool:
        placed = super()._generate_ability(entry, spec, groups)
        if placed:
            self.stack[-1].activated = True
        return placed


@mutant("generated-attack-closes-target", "classic:536.4#1", "classic:536.4.ex1#5")
class GeneratedAttackClosesTarget(Game):
    """«Атака наносится как по закрытой карте» is read as closing the struck card: after a generated attack its
    target is closed (classic 536.4: the attack is dealt «как по» a closed card — the card itself is not closed)."""

    def _apply_simple_strike(self, entry: Any) -> None:
        super()._apply_simple_strike(entry)
        if entry.generated and entry.data.get("as_closed"):
            target = self.cards.get(entry.targets[0])
            if target is not None and self.in_play(target):
                target.closed = True


@mutant("generated-as-closed-always", "classic:536.4#1")
class GeneratedAsClosedAlways(Game):
    """Every generated attack is dealt as against a closed card, even when the generating text says otherwise («как
    по открытой»): «если в тексте … не указано иного» is dropped (classic 536.4)."""

    def _generate_attack(self, entry: Any, spec: Any, groups: list) -> bool:
        put = super()._generate_attack(entry, spec, groups)
        if put:
            self.stack[-1].data["as_closed"] = True
        return put
