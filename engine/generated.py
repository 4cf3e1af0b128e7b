"""Generated actions (classic 536): a game action an effect makes a card perform.

Classic 536.1: an effect that makes a card perform a game action generates it: the generated attack
(`generated_attack`) and the forced execution of an ability (`generated_ability`); 536.1.1: replacing
abilities count too (534): the effects a «вместо того чтобы …» puts instead are a generated action
(`_generate_replacement`). 536.5: an ability that generates an attack is not one «обязывающая атаковать»
(`obliges_to_attack`).
113.2 «До [действие]» precedes a generated action too: it waits for the «До» abilities its placement fired
(ASM do-generated).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .model import Ability, Card, EffectSpec, Entry

if TYPE_CHECKING:
    from .game import Game


class GeneratedActions:
    """536 (a part of Game)."""

    def _generate_attack(self: Game, entry: Entry, spec: EffectSpec, groups: list) -> bool:
        """Classic 536.2.a: the generated action goes on top of the stack if it passes the legality checks;
        536.2.b: it starts at its target resolution step, with no redirection and no defender (the stack's
        target resolution step offers neither for a generated entry); 536.2.c: no payment stage; 536.3/536.5:
        the performing card (and its controller) makes the attack."""
        performer = self._performer(spec, groups)
        struck_ids = self._effect_targets(entry, spec, groups)
        struck = self.cards.get(struck_ids[0]) if struck_ids else None
        legal = performer is not None and struck is not None and performer.zone == "battlefield" \
            and struck.zone == "battlefield" and performer.definition.type == "creature" \
            and self.adjacent(performer, struck)
        if not legal:
            self.log("generated_illegal", source=performer.id if performer else None,
                     targets=[struck.id] if struck else [], parent=entry.declared)
            return False
        assert performer is not None and struck is not None
        # performed by the performing card's controller, who alone rolls when as_closed (ASM generated-attack-roller)
        gen = Entry(id=self._new_id("s"), kind="attack", source=performer.id, controller=self.controller(performer),
                    targets=[struck.id], step="target_resolution", generated=True,
                    data={"as_closed": spec.as_closed})
        gen.declared = self.log("declare", source=performer.id, targets=[struck.id], controller=gen.controller,
                                parent=entry.declared, action="attack", strike="simple", entry=gen.id,
                                generated=True, generated_by=entry.id)
        self.stack.append(gen)
        # 113.2 «До атаки»: a generated attack is an attack too (536.4.ex1: «все особенности "при ударе" сработают»);
        # its «До» abilities are declared before it starts (ASM do-generated)
        self.fire_before("attack", gen.declared, performer, attack="simple", cause=gen.declared)
        return True

    def _performer(self: Game, spec: EffectSpec, groups: list) -> Card | None:
        """Classic 536.3: the card the generating ability chose to perform the action, its target `spec.performer`
        (one of target1…targetN: the card loader checks it, engine/cards.py); None when that choice is not one card."""
        group = groups[int(str(spec.performer)[6:]) - 1]
        return self.cards.get(group) if isinstance(group, str) else None

    def _generate_ability(self: Game, entry: Entry, spec: EffectSpec, groups: list) -> bool:
        """Classic 536.1 «принудительное выполнение особенности»: the performer (spec.performer) executes its
        ability spec.ability at the targets the generating ability chose after the performer (536.3). 536.2.a:
        on top of the stack if it is legal (the performer in play with that ability active, its targets where
        they were chosen); 536.2.b: from its target resolution step — of its first part, when it is a compound
        ability; 536.2.c: no payment stage (the entry is not an activation)."""
        performer = self._performer(spec, groups)
        chosen = list(groups[int(str(spec.performer)[6:]):])
        ab = self.ability_of(performer, spec.ability or "") if performer is not None else None
        targets = [t for g in chosen for t in (g if isinstance(g, list) else [g])]
        zones = entry.data.get("target_zones", {})
        legal = performer is not None and self.in_play(performer) and ab is not None and ab.kind == "activated" \
            and len(chosen) == len(ab.targets) \
            and all(t in self.cards and self.cards[t].zone == zones.get(t, self.cards[t].zone) for t in targets)
        if not legal:
            self.log("generated_illegal", source=performer.id if performer else None, targets=targets,
                     parent=entry.declared)
            return False
        assert performer is not None and ab is not None
        gen = Entry(id=self._new_id("s"), kind="ability", source=performer.id, controller=self.controller(performer),
                    targets=targets, ability=ab.key, step="target_resolution", generated=True,
                    data={"target_groups": chosen, "target_zones": {t: self.cards[t].zone for t in targets}})
        gen.declared = self.log("declare", source=performer.id, targets=targets, controller=gen.controller,
                                parent=entry.declared, action="ability", ability=ab.key, entry=gen.id,
                                generated=True, generated_by=entry.id)
        self._start_parts(gen, ab)
        self.stack.append(gen)
        # 113.2 «До применения/выполнения особенности»: before the generated ability too (ASM do-generated)
        self.fire_before("ability_executed", gen.declared, performer, form=ab.form)
        return True

    def _generate_replacement(self: Game, card: Card, ab: Ability, amount: int | None, hid: str, by: Entry) -> None:
        """Classic 536.1.1: a replacing ability generates a game action — the effects its «вместо того чтобы …»
        puts instead of the replaced effect (`hid` is the «замещение»). 536.2.a: at the effect application step of
        the replaced ability (`by`) the action goes on top of the stack, if it is legal (the instead effects reach
        the card), and starts at once: nobody gets priority before it is carried out; 536.2.b: from its target
        resolution step; 536.2.c: no payment stage; 536.2.d: once it has resolved and left the stack, the replaced
        ability goes on (effects.py). 536.3, 536.5: the card that creates the replacement effect performs the
        action, and its controller makes every choice."""
        instead = self.instead_effects(ab, amount)
        if not all(self.effect_reaches(spec, card.id) for spec in instead):
            self.log("generated_illegal", source=card.id, targets=[card.id], parent=hid)
            return
        gen = Entry(id=self._new_id("s"), kind="ability", source=card.id, controller=self.controller(card),
                    targets=[card.id], ability=ab.key, step="target_resolution", generated=True,
                    data={"replacement": hid, "amount": amount, "target_groups": [],
                          "target_zones": {card.id: card.zone}})
        gen.declared = self.log("declare", source=card.id, targets=[card.id], controller=gen.controller,
                                parent=hid, action="ability", ability=ab.key, entry=gen.id, generated=True,
                                generated_by=by.id)
        self.stack.append(gen)

    def obliges_to_attack(self: Game, ab: Ability | None) -> bool:
        """Classic 536.5: «Особенности, порождающие атаки, не относятся к особенностям, обязывающим атаковать,
        так как порождённая атака не объявляется»: an ability obliges to attack when one of its effects is an
        obligation to attack (`oblige_attack`); a `generated_attack` is not one (ASM no-obligation-to-attack)."""
        return ab is not None and any(e.do == "oblige_attack" for e in ab.effects)

    def before_waits(self: Game, entry: Entry) -> bool:
        """ASM do-generated: a generated action put on the stack starts at once (536.2.a), unless «До» abilities
        its placement fired wait to be declared: then the players get priority first (113.2: a triggered ability
        is declared as soon as a player gets priority, and every waiting one is), the «До» abilities go onto the
        stack above it and are executed first, and it starts when it is the top entry again."""
        return entry.generated and entry.step == "target_resolution" \
            and any(f.event == entry.declared for f in self.fired)
