"""Card definitions and the ability vocabulary.

Cards are data: a definition (from the catalog or a board's inline test card) names the card's stats
and its abilities, each composed from a small vocabulary of specs (model.py): a trigger condition, a cost,
target filters, effects (verbs of the effects table, effects.py), a replacement effect, a modifier.
No card name appears in engine code. `check_card_definition` reports every problem of a definition as
(path inside the definition, message), so the harness can point at the file and line.

The vocabulary is documented for rules editors in docs/VOCABULARY.md (generated from VOCABULARY below).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from . import battle_history, participle
from .editions import CLASSIC, EDITIONS
from .effects import VERBS
from .model import (
    Ability,
    CardDef,
    Cost,
    DefinitionError,
    EffectSpec,
    Filter,
    Modifier,
    Path,
    Protection,
    Replacement,
    Trigger,
)

CARD_TYPES = ("creature", "artifact", "terrain", "equipment", "symbiote", "spell")
RANKS = ("common", "elite")
ABILITY_KINDS = ("triggered", "activated", "static", "battle_start")
FORMS = ("spell", "effect")                     # заклинание / воздействие (card-text kinds)
# classic 113.2 / heroes 113.2: the words a trigger condition begins with, as the card text says them
# (the catalog's `word`), and the value the engine reads (Trigger.word).
TRIGGER_WORDS: dict[str, str] = {
    "До": "before", "При": "on", "После": "after", "Если": "if", "Когда": "when",
    "В начале хода": "start_of_turn", "В конце хода": "end_of_turn",
}
TRIGGER_EVENTS = ("death", "lives_at_most", "attack", "wounded", "healed", "played", "ability_executed",
                  "turn_start", "turn_end", "incarnated", "destroyed", "moved")
ATTACK_KINDS = ("simple", "shot", "throw", "answer")
WHO = ("self", "other", "any", "adjacent", "self_or_adjacent")
RELATIVE = ("you", "opponent", "any")
CARD_STATES = ("open", "closed")
EFFECTS = tuple(VERBS)                           # the verbs of the effects table (effects.py)
STATIC_EFFECTS = tuple(name for name, verb in VERBS.items() if verb.static)
HISTORY_QUERIES = battle_history.QUERIES
HISTORY_CONDITIONS = battle_history.CONDITIONS
PARTICIPLE_CONDITIONS = participle.CONDITIONS
REPLACED = ("wounds", "destruction", "effects", "effect")   # what a replacement effect replaces (Replacement.of)
# «вместо того чтобы [verb]»: the verbs whose effect on a card a static may replace, and what it puts instead
REPLACEABLE = tuple(name for name, verb in VERBS.items() if verb.target in ("card", "card_any_zone"))
REPLACED_FROM = ("opponent", "any")
MODIFIED = ("effect_amount",)                     # what a static modifier changes (Modifier.of)
ABILITY_ZONES = ("battlefield", "graveyard")
TARGET_ZONES = ("battlefield", "graveyard", "hand", "any")    # any: every zone but the deck (537.4)
BATTLE_START_EFFECTS = tuple(name for name, verb in VERBS.items() if verb.battle_start)
EFFECT_TARGETS_FIXED = ("self", "trigger_subject", "all_targets")
UNTIL = ("end_of_turn", "end_of_controller_turn")
WHILE = ("source_in_squad",)
PROTECTED_FROM = ("opponent", "any")               # whose abilities cannot target the card (Protection.from_)
# the kinds of ability a protection may name: its forms, and «особенности, обязывающие атаковать» (classic 536.5)
PROTECTED_KINDS = FORMS + ("obliges_attack",)

VOCABULARY: dict[str, str] = {
    "ability.key": "the name used to declare it in scenarios («Мститель: при гибели вашего существа»)",
    "ability.kind": "triggered | activated | static | battle_start («начинает бой с …», applied when revealed)",
    "ability.substitutes": "the key of another ability of the card that this one substitutes while it is active "
                           "(503.1.b19 «замещение особенности другой особенностью»)",
    "ability.condition": "static, or any ability with substitutes: {source: open|closed} — «пока …»",
    "ability.text": "the printed or rules-quoted wording",
    "ability.form": "spell (заклинание) | effect (воздействие): triggers «на воздействие/заклинание» read it",
    "ability.optional": "true for «может… / вы можете…» (heroes 113.4): the player may decline it",
    "ability.once_per_turn": "true for «(один раз за ход)»; heroes limits every ability so (113.4.p1, 113.3.dup2.p1)",
    "ability.cost": "activated: {close: true, counters: N} — what is paid (heroes before execution, classic after)",
    "ability.trigger": "triggered: {word, event, subject, cause, value, min_amount, attack, in_your_turn}",
    "trigger.word": "the word the condition begins with, as printed: "
                    + ", ".join(f"{word} ({value})" for word, value in TRIGGER_WORDS.items())
                    + " — in parentheses the value the engine reads. «До» fires at the declaration of what it "
                    + "precedes (its targets chosen; heroes: its payment made), is executed before it, and precedes "
                    + "(by edition) "
                    + "; ".join(f"{e.name}: event {', '.join(e.before_events)}" for e in EDITIONS.values())
                    + " (an attack: a simple one, declared or generated, or a shot or a throw, declared with its ability; an ability: activated, triggered or "
                    + "generated; a move or a card played waits on the stack/Queue under it, ASM do-held-action)",
    "ability.targets": "[filter…] chosen at declaration, referred to as target1, target2…; "
                       "a filter may say all: true (every legal card at declaration) and distinct: true",
    "ability.effects": "[effect…] applied in order at the effect application step",
    "ability.affects": "static: which cards the static effects apply to (a filter; who: self, adjacent, …)",
    "trigger.event": ", ".join(TRIGGER_EVENTS),
    "trigger.subject": "filter of the card the event happens to (the dying, wounded, healed, attacking, moving, played "
                       "card; the card whose ability it is)",
    "trigger.cause": "{kind: attack, controller} — what the event came from",
    "filter": "{who: self|other|any|adjacent|self_or_adjacent, controller: you|opponent|any, type, rank, "
              "state: open|closed, wounded: true, near: targetN (next to an earlier target; "
              "a cell target: the cards on the cells touching it, not the one on it, ASM near-cell), opposite: true "
              "(the enemy creature opposite), history: " + "|".join(HISTORY_QUERIES) + ", cell: true (a cell, "
              "with marker: …), zone: battlefield (default)|graveyard|hand|any (every zone but the deck, 537.4)}",
    "ability.zone": "battlefield (default) | graveyard: where an activated ability can be declared from",
    "ability.redirect": "static: true for «может перенаправить на себя атаку, направленную на стоящее рядом ваше "
                        "существо»: at the target resolution step of an attack (never of a generated one, 536.2.b) "
                        "the attacked card's controller may redirect it onto this card (ASM redirect)",
    "ability.requires": "a history query that must hold for the card to declare it (537.2), e.g. died_from_enemy_attack",
    "ability.replacement": "a replacement effect (534), {of: " + "|".join(REPLACED) + ", …}: "
                           "static {of: wounds, prevent: N}: relevant only when wounds are dealt to the card, prevents "
                           "N wounds of each strike (heroes 115.3); static {of: destruction}: «вместо уничтожения …», "
                           "a destruction of the card by an effect is not applied (538.1.b3); {of: effects, when: "
                           + "|".join(PARTICIPLE_CONDITIONS) + ", instead: [effect…]}: the participle replacement "
                           "«…, совершая [Способность 2]» (538.1); static {of: effect, verb: "
                           + "|".join(REPLACEABLE) + ", instead: [effect… on self], from: "
                           + "|".join(REPLACED_FROM) + " (default any), same_amount: true («столько же»: the "
                           "instead effects take the replaced effect's amount)}: «вместо того чтобы [verb] — [instead]»: "
                           "when an effect of that verb (of a card of that side) would apply to the card, it is not "
                           "applied and the instead effects are: classic, a generated action of the card and its "
                           "controller, put on top of the stack and carried out at once, unpaid, before the replaced "
                           "ability goes on (536.1.1, 536.2); heroes, applied at once with no declaration, Queue or "
                           "priority (115.1.p1) (ASM replacement-general)",
    "ability.modifier": "static: {of: effect_amount, amount: N, when: " + "|".join(HISTORY_CONDITIONS) + "}: "
                        "+N to the card's воздействия on a card for which that battle-history condition holds (537.2.ex2)",
    "ability.protection": "static: {from: opponent|any, forms: [spell|effect|obliges_attack…]} — «не может быть "
                          "целью [заклинаний/воздействий/особенностей] [противника]», «на него не действуют "
                          "особенности, обязывающие атаковать» (obliges_attack: an ability with an oblige_attack "
                          "effect; one that generates an attack is not one, classic 536.5): while the card has it, "
                          "an ability of that form (no forms: any ability) controlled by the opponent (from: opponent) or by anyone "
                          "(from: any) cannot choose the card as a target: it is not offered, and a «все …» target "
                          "(113.2.p2) skips it; effects that do not choose it as a target — static abilities "
                          "(heroes 115.1.p1), self, trigger_subject — still reach it; attacks are not abilities "
                          "(ASM protection)",
    "effect.performer": "generated_attack: the target (targetN) that strikes (536.3)",
    "effect.card": "put_into_play: the target (targetN, a creature in your hand) that comes into play on the "
                   "effect's target cell",
    "effect.ability": "generated_ability: the key of the performer's ability it executes, at the generating "
                      "ability's targets after the performer, in order (536.1, 536.3)",
    "ability.parts": "activated: [key, key…] — a compound ability (составная способность) made of these abilities of the "
                     "card, declared with their targets and executed part after part, each from its own target "
                     "resolution step (536.2.b)",
    "effect.as_closed": "generated_attack: computed as against a closed card (536.4, the default)",
    "effect": "{do: " + "|".join(EFFECTS) + ", target: self|targetN|trigger_subject|all_targets, amount, until, "
              "while, attack: shot|throw}",
    "card.flying": "true for a flying creature: it lives in the additional zone (503.1.b10)",
    "card.unique": "true for a unique card: one per squad (503.1.b11)",
    "card.max_additional_lives": "the most additional lives the card may carry: its «максимум жизней» of 503.1.b16 "
                                 "(ASM max-lives-is-additional)",
    "card.max_counters": "the most counters (фишки) the card may carry: its «максимум фишек» of 503.1.b16 "
                         "(ASM counters-maximum)",
}

class _Checker:
    def __init__(self) -> None:
        self.problems: list[tuple[Path, str]] = []

    def need(self, cond: bool, path: Path, msg: str) -> bool:
        if not cond:
            self.problems.append((path, msg))
        return cond

    def keys(self, obj: Any, path: Path, allowed: set[str], required: frozenset[str] = frozenset()) -> bool:
        if not self.need(isinstance(obj, dict), path, "expected a mapping"):
            return False
        for k in sorted(set(obj) - allowed):
            self.problems.append((path + (k,), f"unknown field '{k}'; expected one of: {', '.join(sorted(allowed))}"))
        for k in sorted(required - set(obj)):
            self.problems.append((path + (k,), f"missing required field '{k}'"))
        return True

    def choice(self, obj: dict, key: str, path: Path, options: tuple[str, ...]) -> None:
        if key in obj:
            self.need(obj[key] in options, path + (key,), f"expected one of: {', '.join(options)}")

    def integer(self, obj: dict, key: str, path: Path, minimum: int = 0) -> None:
        if key in obj:
            v = obj[key]
            self.need(isinstance(v, int) and not isinstance(v, bool) and v >= minimum, path + (key,),
                      f"expected an integer ≥ {minimum}")

    def flag(self, obj: dict, key: str, path: Path) -> None:
        if key in obj:
            self.need(isinstance(obj[key], bool), path + (key,), "expected true or false")


def _filter(c: _Checker, obj: Any, path: Path, extra: set[str] = frozenset()) -> Filter:
    allowed = {"who", "controller", "type", "rank", "state", "wounded", "all", "distinct", "near", "opposite",
               "history", "cell", "marker", "zone"} | set(extra)
    if not c.keys(obj, path, allowed):
        return Filter()
    c.choice(obj, "history", path, HISTORY_QUERIES)
    c.choice(obj, "zone", path, TARGET_ZONES)
    for f in ("opposite", "cell"):
        c.flag(obj, f, path)
    if "near" in obj:
        c.need(isinstance(obj["near"], str) and obj["near"].startswith("target"), path + ("near",),
               "expected an earlier target: target1, target2…")
    c.choice(obj, "who", path, WHO)
    c.choice(obj, "controller", path, RELATIVE)
    c.choice(obj, "type", path, CARD_TYPES)
    c.choice(obj, "rank", path, RANKS)
    c.choice(obj, "state", path, CARD_STATES)
    for f in ("wounded", "all", "distinct"):
        c.flag(obj, f, path)
    return Filter(who=obj.get("who", "any"), controller=obj.get("controller", "any"), type=obj.get("type"),
                  rank=obj.get("rank"), state=obj.get("state"), wounded=bool(obj.get("wounded", False)),
                  all=bool(obj.get("all", False)), distinct=bool(obj.get("distinct", False)), near=obj.get("near"),
                  opposite=bool(obj.get("opposite", False)), history=obj.get("history"),
                  cell=bool(obj.get("cell", False)), marker=obj.get("marker"), zone=obj.get("zone", "battlefield"))


def _trigger(c: _Checker, obj: Any, path: Path, edition: str) -> Trigger | None:
    allowed = {"word", "event", "subject", "cause", "value", "min_amount", "attack", "in_your_turn", "form"}
    if not c.keys(obj, path, allowed, frozenset({"word", "event"})):
        return None
    c.choice(obj, "word", path, tuple(TRIGGER_WORDS))
    c.choice(obj, "event", path, TRIGGER_EVENTS)
    c.choice(obj, "attack", path, ATTACK_KINDS)
    c.choice(obj, "form", path, FORMS)
    c.flag(obj, "in_your_turn", path)
    subject = _filter(c, obj["subject"], path + ("subject",)) if "subject" in obj else Filter()
    cause = None
    cause_kind = None
    if "cause" in obj:
        cause = _filter(c, obj["cause"], path + ("cause",), extra={"kind"})
        cause_kind = obj["cause"].get("kind") if isinstance(obj["cause"], dict) else None
        c.need(cause_kind in (None, "attack"), path + ("cause", "kind"), "expected: attack")
    if obj.get("event") == "lives_at_most":
        c.need("value" in obj, path + ("value",), "lives_at_most needs 'value'")
    c.integer(obj, "value", path)
    c.integer(obj, "min_amount", path, minimum=1)
    # «нанёсшей N или более ран», «на N или более»: only the actions that have an amount carry one (an attack's
    # strike, a wounding, a healing); before an attack there is none yet, so such a condition would never hold
    c.need("min_amount" not in obj or (obj.get("event") in ("attack", "wounded", "healed") and obj.get("word") != "До"),
           path + ("min_amount",), "min_amount is read from an attack (not «До» it), a wounding or a healing: "
           "with another event or with «До» it would never hold in this engine")
    if obj.get("word") == "До":
        # 113.2 «До [действие]»: fires at the declaration of what it precedes, before its execution. The edition
        # says what that can be (Edition.before_events; ASM trigger-word-do, heroes-before-ability, do-any-action):
        # classic an attack (simple, or generated: 536.4.ex1), an ability, a move, a card played; heroes, which has
        # neither simple strikes nor a grid, an ability and a card played. Anything else («До выстрела», «До
        # лечения», «До гибели» …) would be accepted and never fire, so it is refused here
        profile = EDITIONS.get(edition, CLASSIC)
        c.need(obj.get("event") in profile.before_events, path + ("event",),
               f"«До» is carried out only before an action declared in {profile.name}: event "
               f"{', '.join(profile.before_events)}; «До» {obj.get('event')!r} would never fire in this engine")
        # classic 113.2.p1 «атака нужного типа»: a shot and a throw are attacks too, declared with the ability that
        # makes them (engine/stack.py), so «До атаки» / «До выстрела» precede them; only an answer strike is never
        # declared
        c.need(obj.get("attack", "simple") in ("simple", "shot", "throw"), path + ("attack",),
               "«До атаки» precedes a declared attack: simple (declared or generated), a shot or a throw; an answer "
               "strike is not declared, so «До» it would never fire in this engine")
    return Trigger(word=TRIGGER_WORDS.get(obj.get("word", ""), ""), event=obj.get("event", ""), subject=subject, cause=cause,
                   cause_kind=cause_kind, value=obj.get("value"), min_amount=obj.get("min_amount"),
                   attack=obj.get("attack"), in_your_turn=bool(obj.get("in_your_turn", False)),
                   form=obj.get("form"))


def _effect(c: _Checker, obj: Any, path: Path, n_targets: int, kind: str) -> EffectSpec | None:
    if not c.keys(obj, path, {"do", "target", "amount", "until", "while", "attack", "performer", "as_closed",
                              "marker", "card", "ability"}, frozenset({"do"})):
        return None
    if obj.get("do") == "put_into_play" or "card" in obj:
        cards_ = {f"target{i}" for i in range(1, n_targets + 1)}
        c.need(obj.get("do") == "put_into_play" and obj.get("card") in cards_, path + ("card",),
               f"put_into_play (and only it) names the card that comes into play: one of "
               f"{', '.join(sorted(cards_)) or 'no targets'}")
    if obj.get("do") == "generated_ability" or "ability" in obj:
        c.need(obj.get("do") == "generated_ability" and isinstance(obj.get("ability"), str) and obj.get("ability"),
               path + ("ability",), "generated_ability (and only it) names the performer's ability to execute")
    if obj.get("do") in ("generated_attack", "generated_ability"):
        performers = {f"target{i}" for i in range(1, n_targets + 1)}
        c.need(obj.get("performer") in performers, path + ("performer",),
               f"a generated action needs its performer: one of {', '.join(sorted(performers)) or 'no targets'}")
    c.flag(obj, "as_closed", path)
    allowed_do = {"static": STATIC_EFFECTS, "battle_start": BATTLE_START_EFFECTS}.get(kind, EFFECTS)
    c.choice(obj, "do", path, allowed_do)
    target = obj.get("target", "self")
    if kind != "static":
        valid = set(EFFECT_TARGETS_FIXED) | {f"target{i}" for i in range(1, n_targets + 1)}
        c.need(target in valid, path + ("target",), f"expected one of: {', '.join(sorted(valid))}")
    c.integer(obj, "amount", path, minimum=-99)
    c.choice(obj, "until", path, UNTIL)
    c.choice(obj, "while", path, WHILE)
    c.choice(obj, "attack", path, ("shot", "throw"))
    if obj.get("do") == "gain_control":
        c.need("while" in obj or "until" in obj, path, "gain_control needs a duration ('while' or 'until')")
    return EffectSpec(do=obj.get("do", ""), target=target, amount=obj.get("amount", 0),
                      until=obj.get("until"), while_=obj.get("while"), attack=obj.get("attack"),
                      performer=obj.get("performer"), as_closed=bool(obj.get("as_closed", True)),
                      marker=obj.get("marker"), card=obj.get("card"), ability=obj.get("ability"))


def _replacement(c: _Checker, obj: Any, path: Path, kind: str, n_targets: int) -> Replacement | None:
    """A replacement effect (534): of wounds (prevention, heroes 115.3) or destruction (538.1.b3), carried
    by a static; of the ability's own effects (the participle replacement, 538.1), by any other kind."""
    if not c.keys(obj, path, {"of", "prevent", "when", "instead", "verb", "from", "same_amount"}, frozenset({"of"})):
        return None
    of = obj.get("of")
    c.choice(obj, "of", path, REPLACED)
    if of == "effect":
        return _general_replacement(c, obj, path, kind)
    for k in ("verb", "from", "same_amount"):
        c.need(k not in obj, path + (k,), "only a replacement of an effect ('of: effect') has a verb, a side and "
                                          "'same_amount'")
    if of in ("wounds", "destruction"):
        c.need(kind == "static", path + ("of",), f"a replacement of {of} is carried by a static ability")
        for k in ("when", "instead"):
            c.need(k not in obj, path + (k,), "only a replacement of effects (538.1) has 'when' and 'instead'")
    if of == "wounds":
        c.need("prevent" in obj, path + ("prevent",), "a replacement of wounds says how many it prevents")
        c.integer(obj, "prevent", path, minimum=1)
    elif "prevent" in obj:
        c.need(False, path + ("prevent",), "only a replacement of wounds prevents a number of them")
    instead: list[EffectSpec] = []
    if of == "effects":
        c.need(kind != "static", path + ("of",), "115.1.p1: a static ability has no effects of its own to replace")
        c.need("when" in obj, path + ("when",), "the participle replacement needs its condition 'when'")
        c.choice(obj, "when", path, PARTICIPLE_CONDITIONS)
        raw_instead = obj.get("instead", [])
        if c.need(isinstance(raw_instead, list) and raw_instead, path + ("instead",),
                  "expected a non-empty list of effects"):
            for i, e in enumerate(raw_instead):
                spec = _effect(c, e, path + ("instead", i), n_targets, kind)
                if spec:
                    instead.append(spec)
    return Replacement(of=str(of), prevent=int(obj.get("prevent", 0) or 0), when=obj.get("when"),
                       instead=tuple(instead))


def _general_replacement(c: _Checker, obj: dict, path: Path, kind: str) -> Replacement:
    """«Вместо того чтобы [verb] — [instead]» (ASM replacement-general): a static replaces an effect of a verb
    on its card by effects on the card itself."""
    c.need(kind == "static", path + ("of",), "a replacement of an effect is carried by a static ability")
    for k in ("when", "prevent"):
        c.need(k not in obj, path + (k,), f"a replacement of an effect has no '{k}'")
    c.need("verb" in obj, path + ("verb",), "a replacement of an effect names the verb it replaces")
    c.choice(obj, "verb", path, REPLACEABLE)
    c.choice(obj, "from", path, REPLACED_FROM)
    c.flag(obj, "same_amount", path)
    c.need(not (obj.get("same_amount") and obj.get("verb") == "wound_roll"), path + ("same_amount",),
           "«столько же» takes a stated amount: not that of a roll (wound_roll)")
    instead: list[EffectSpec] = []
    raw_instead = obj.get("instead", [])
    if c.need(isinstance(raw_instead, list), path + ("instead",), "expected a list of effects (empty: nothing happens)"):
        for i, e in enumerate(raw_instead):
            spec = _effect(c, e, path + ("instead", i), 0, "replacement")
            if spec:
                c.need(spec.target == "self", path + ("instead", i, "target"),
                       "the effects put instead apply to the replacement's card: target self")
                c.need(spec.do in REPLACEABLE and spec.do != "wound_roll", path + ("instead", i, "do"),
                       "an effect put instead acts on the card without a roll: one of "
                       + ", ".join(v for v in REPLACEABLE if v != "wound_roll"))
                instead.append(spec)
    if obj.get("same_amount"):
        c.need(all("amount" not in e for e in raw_instead if isinstance(e, dict)) if isinstance(raw_instead, list)
               else True, path + ("same_amount",), "«столько же»: the effects put instead take the replaced "
               "effect's amount, they state none of their own")
    return Replacement(of="effect", verb=obj.get("verb"), from_=str(obj.get("from", "any")), instead=tuple(instead),
                       same_amount=bool(obj.get("same_amount", False)))


def _modifier(c: _Checker, obj: Any, path: Path, kind: str) -> Modifier | None:
    """A static's change to the amounts of its card's effects (537.2.ex2)."""
    c.need(kind == "static", path, "only static abilities have a modifier")
    if not c.keys(obj, path, {"of", "amount", "when"}, frozenset({"of", "amount", "when"})):
        return None
    c.choice(obj, "of", path, MODIFIED)
    c.integer(obj, "amount", path, minimum=1)
    c.choice(obj, "when", path, HISTORY_CONDITIONS)
    return Modifier(of=str(obj.get("of", "")), amount=int(obj.get("amount", 0) or 0), when=str(obj.get("when", "")))


def _protection(c: _Checker, obj: Any, path: Path, kind: str) -> Protection | None:
    """«не может быть целью …» (ASM protection): a static ability's."""
    c.need(kind == "static", path, "only a static ability gives protection («не может быть целью …»)")
    if not c.keys(obj, path, {"from", "forms"}, frozenset({"from"})):
        return None
    c.choice(obj, "from", path, PROTECTED_FROM)
    forms = obj.get("forms", [])
    if not c.need(isinstance(forms, list) and all(f in PROTECTED_KINDS for f in forms), path + ("forms",),
                  f"expected a list of: {', '.join(PROTECTED_KINDS)}"):
        forms = []
    return Protection(from_=str(obj.get("from", "any")), forms=tuple(forms))


def _ability(c: _Checker, obj: Any, path: Path, edition: str = "") -> Ability | None:
    allowed = {"key", "kind", "text", "form", "trigger", "targets", "effects", "optional", "once_per_turn",
               "source", "cost", "affects", "condition", "substitutes", "zone", "requires", "replacement", "modifier",
               "redirect", "parts", "protection"}
    if not c.keys(obj, path, allowed, frozenset({"key", "kind"})):
        return None
    c.need(isinstance(obj.get("key", ""), str) and obj.get("key", "x") != "", path + ("key",),
           "expected a non-empty string")
    kind = obj.get("kind", "")
    c.choice(obj, "kind", path, ABILITY_KINDS)
    c.choice(obj, "form", path, FORMS)
    trigger = None
    if kind == "triggered":
        if c.need("trigger" in obj, path + ("trigger",), "a triggered ability needs 'trigger'"):
            trigger = _trigger(c, obj["trigger"], path + ("trigger",), edition)
    else:
        c.need("trigger" not in obj, path + ("trigger",), f"only triggered abilities have a trigger, not {kind}")
    cost = Cost()
    if "cost" in obj:
        c.need(kind == "activated", path + ("cost",), "only activated abilities have a cost")
        if c.keys(obj["cost"], path + ("cost",), {"close", "counters"}):
            c.flag(obj["cost"], "close", path + ("cost",))
            c.integer(obj["cost"], "counters", path + ("cost",), minimum=1)
            cost = Cost(close=bool(obj["cost"].get("close", False)), counters=int(obj["cost"].get("counters", 0) or 0))
    c.choice(obj, "zone", path, ABILITY_ZONES)
    c.choice(obj, "requires", path, HISTORY_QUERIES)
    modifier = _modifier(c, obj["modifier"], path + ("modifier",), kind) if "modifier" in obj else None
    affects = None
    condition = None
    if "condition" in obj and c.keys(obj["condition"], path + ("condition",), {"source"}):
        c.need(kind == "static" or "substitutes" in obj, path + ("condition",),
               "only static abilities and substituting abilities have a condition")
        c.choice(obj["condition"], "source", path + ("condition",), CARD_STATES)
        condition = obj["condition"].get("source")
    if "substitutes" in obj:
        c.need(isinstance(obj["substitutes"], str) and obj["substitutes"] != obj.get("key"), path + ("substitutes",),
               "expected the key of another ability of this card")
    if kind == "static":
        affects = _filter(c, obj.get("affects", {"who": "self"}), path + ("affects",))
    else:
        c.need("affects" not in obj, path + ("affects",), "only static abilities have 'affects'")
    targets_raw = obj.get("targets", [])
    targets: list[Filter] = []
    if c.need(isinstance(targets_raw, list), path + ("targets",), "expected a list"):
        targets = [_filter(c, t, path + ("targets", i)) for i, t in enumerate(targets_raw)]
        if kind == "static":
            c.need(not targets, path + ("targets",), "115.1.p1: a static ability never targets")
        for i, t in enumerate(targets):
            if t.near and t.near[6:].isdigit():
                k = int(t.near[6:])
                # `near` picks cards next to an earlier target: a card, or a cell («рядом с выбранной клеткой»,
                # ASM near-cell); a later one is not chosen yet when this one's options are offered
                if c.need(1 <= k <= i, path + ("targets", i, "near"),
                          f"near: {t.near}: expected an earlier target: "
                          + (", ".join(f"target{j}" for j in range(1, i + 1)) or "none comes before this one")):
                    # «рядом с выбранным …» refers to one chosen card or cell, never to a «все …» group
                    c.need(not targets[k - 1].all, path + ("targets", i, "near"),
                           f"near: {t.near}: expected an earlier target that is one card or cell, not «все …» (all: true)")
            elif t.near:
                c.need(False, path + ("targets", i, "near"), f"near: {t.near}: expected an earlier target: target1, target2…")
    effects_raw = obj.get("effects", [])
    effects: list[EffectSpec] = []
    if c.need(isinstance(effects_raw, list), path + ("effects",), "expected a list"):
        for i, e in enumerate(effects_raw):
            spec = _effect(c, e, path + ("effects", i), len(targets), kind)
            if spec:
                effects.append(spec)
                if spec.card and spec.card[6:].isdigit() and 1 <= int(spec.card[6:]) <= len(targets):
                    # «выбранное существо … выходит на поле боя»: one chosen card, never a «все …» group
                    c.need(not targets[int(spec.card[6:]) - 1].all, path + ("effects", i, "card"),
                           f"card: {spec.card}: expected a target that is one card, not «все …» (all: true)")
    replacement = _replacement(c, obj["replacement"], path + ("replacement",), kind, len(targets)) \
        if "replacement" in obj else None
    protection = _protection(c, obj["protection"], path + ("protection",), kind) if "protection" in obj else None
    for flag in ("optional", "once_per_turn", "redirect"):
        c.flag(obj, flag, path)
    if obj.get("redirect"):
        c.need(kind == "static" and not obj.get("effects"), path + ("redirect",),
               "only a static ability without effects is a redirection")
    parts = obj.get("parts", [])
    if "parts" in obj and c.need(isinstance(parts, list) and len(parts) >= 2 and all(
            isinstance(k, str) and k for k in parts), path + ("parts",), "expected a list of two or more ability keys"):
        c.need(kind == "activated" and not obj.get("targets") and not obj.get("effects"), path + ("parts",),
               "a compound ability is an activated one made of its parts, with no targets or effects of its own")
    else:
        parts = []
    return Ability(key=str(obj.get("key", "")), kind=kind, text=str(obj.get("text", "")), form=obj.get("form"),
                   trigger=trigger, targets=tuple(targets), effects=tuple(effects),
                   optional=bool(obj.get("optional", False)), once_per_turn=bool(obj.get("once_per_turn", False)),
                   cost=cost, affects=affects, condition_source=condition, substitutes=obj.get("substitutes"),
                   zone=obj.get("zone", "battlefield"), requires=obj.get("requires"), replacement=replacement,
                   modifier=modifier, redirect=bool(obj.get("redirect", False)), parts=tuple(parts),
                   protection=protection)


def _compound(c: _Checker, ab: Ability, abilities: list[Ability], path: Path) -> Ability:
    """A compound ability (составная способность, classic 536.2.b): its parts are other abilities of the card
    without parts of their own; it is declared with their targets, part after part (a part's «near: targetN»
    renumbered), and executed part after part, each from its own target resolution step (ASM compound-ability)."""
    by_key = {a.key: a for a in abilities}
    targets: list[Filter] = []
    for key in ab.parts:
        part = by_key.get(key)
        if not c.need(part is not None and key != ab.key and not part.parts and part.kind == "activated", path,
                      f"'{key}' is not another activated ability of this card without parts"):
            continue
        assert part is not None
        offset = len(targets)
        targets += [dataclasses.replace(f, near=f"target{int(f.near[6:]) + offset}") if f.near else f
                    for f in part.targets]
    return dataclasses.replace(ab, targets=tuple(targets))


def _parse(defn: Any) -> tuple[CardDef | None, list[tuple[Path, str]]]:
    c = _Checker()
    if not isinstance(defn, dict):
        return None, [((), "expected a mapping")]
    abilities: list[Ability] = []
    raw = defn.get("abilities", [])
    if c.need(isinstance(raw, list), ("abilities",), "expected a list"):
        seen: set[str] = set()
        for i, a in enumerate(raw):
            ab = _ability(c, a, ("abilities", i), str(defn.get("edition", "")))
            if ab:
                c.need(ab.key not in seen, ("abilities", i, "key"), f"duplicate ability key '{ab.key}'")
                seen.add(ab.key)
                abilities.append(ab)
        for i, ab in enumerate(abilities):
            if ab.substitutes is not None:
                c.need(ab.substitutes in seen, ("abilities", i, "substitutes"),
                       f"no ability '{ab.substitutes}' on this card")
            if ab.parts:
                abilities[i] = _compound(c, ab, abilities, ("abilities", i, "parts"))
    strike = defn.get("strike", [0, 0, 0])
    if isinstance(strike, int) and not isinstance(strike, bool):
        strike = [strike] * 3
    if not c.need(isinstance(strike, list) and len(strike) == 3 and all(isinstance(s, int) for s in strike),
                  ("strike",), "expected [weak, medium, strong] or one integer"):
        strike = [0, 0, 0]
    card = CardDef(name=str(defn.get("name", "")), edition=str(defn.get("edition", "")),
                   type=str(defn.get("type", "creature")), rank=str(defn.get("rank", "common")),
                   lives=int(defn.get("lives", 0) or 0), move=int(defn.get("move", 0) or 0),
                   strike=(strike[0], strike[1], strike[2]), abilities=tuple(abilities),
                   flying=bool(defn.get("flying", False)), unique=bool(defn.get("unique", False)),
                   max_additional_lives=defn.get("max_additional_lives"), max_counters=defn.get("max_counters"))
    return card, c.problems


def check_card_definition(defn: Any) -> list[tuple[Path, str]]:
    """Every problem of a card definition's ability vocabulary, as (path, message); [] when valid."""
    return _parse(defn)[1]


def parse_card(defn: Any) -> CardDef:
    card, problems = _parse(defn)
    if problems or card is None:
        raise DefinitionError(problems)
    return card
