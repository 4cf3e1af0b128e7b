"""The closed step vocabulary of the scenarios (Russian Gherkin).

Every step a feature may use is defined here, once, with a docstring; `berserk-rules steps` prints this
list and docs/STEPS.md is generated from it. A step turns into calls on the engine adapter («Дано»,
«Когда») or into checks of the canonical state («Тогда»). No rules logic lives here: a step never decides
what the rules say, it only asks the engine and compares what the engine reports with the scenario.

Conventions: a player is named as on the board (А, Б); a card is named in quotes by its name, or by its
board id when two cards share a name; an ability is «карта: ключ» (the key from the catalog).
"""

from __future__ import annotations

import re

from pytest_bdd import given, parsers, then, when

from .vocabulary import RULE_EFFECT_NAMES, ZONE_NAMES, rule_effect_name
from .world import World

P = r"(?P<player>[^\s\"]+)"           # a player name
C = r"\"(?P<card>[^\"]+)\""           # a quoted card reference
ABILITY = r"(?:особенност[ьи]|способност[ьи])"


def _re(pattern: str):
    return parsers.re("^" + pattern + "$")


# ---------------------------------------------------------------------------------------------- Дано
@given(_re(r"расклад \"(?P<path>[^\"]+)\""), target_fixture="world")
def given_board(world: World, path: str) -> World:
    """Дано расклад "classic/113.2-невтида-мститель.yaml" — loads the board from scenarios/, validates it
    and sets the engine up from it."""
    from .session import load_scenario_board

    board = load_scenario_board(path)
    if board.data.get("test_cards"):
        world.require("inline_cards", "the board defines test cards inline")
    world.board = board
    world.dice = {p: list(v) for p, v in board.data.get("dice", {}).items()}
    world.state = world.adapter.setup(board.data, board.definitions)
    world.mark = len(world.state["history"])
    return world


@given(_re(r"существо " + C + r" игрока (?P<owner>\S+) под контролем игрока " + P
           + r" благодаря " + ABILITY + r" \"(?P<source>[^\"]+)\""))
def given_controlled_by(world: World, card: str, owner: str, player: str, source: str) -> None:
    """Дано существо "Мститель" игрока А под контролем игрока Б благодаря особенности "Невтида" — checks
    the set-up control: owner, controller, and a control effect from that source."""
    c = world.card(card)
    src = world.card(source)
    assert c["owner"] == owner, f"«{card}» belongs to {c['owner']}, not {owner}"
    assert c["controller"] == player, f"«{card}» is controlled by {c['controller']}, not {player}"
    assert any(e["kind"] == "control" and e["target"] == c["id"] and e["source"] == src["id"]
               for e in world.state["effects"]), f"no control effect of «{source}» on «{card}»"


# ---------------------------------------------------------------------------------------------- Когда
@when(_re(r"игрок " + P + r" атакует простым ударом существом \"(?P<attacker>[^\"]+)\" существо \"(?P<target>[^\"]+)\""))
def when_attack(world: World, player: str, attacker: str, target: str) -> None:
    """Когда игрок А атакует простым ударом существом "Гоблин" существо "Невтида" — declares a simple strike."""
    world.begin_action()
    world.act(player, {"type": "attack", "attacker": world.card(attacker)["id"], "target": world.card(target)["id"]})


@when(_re(r"игрок " + P + r" пасует"))
def when_pass(world: World, player: str) -> None:
    """Когда игрок Б пасует — the priority holder passes."""
    world.begin_action()
    world.act(player, {"type": "pass"})


@when(_re(r"оба игрока пасуют"))
def when_both_pass(world: World) -> None:
    """Когда оба игрока пасуют — the priority holder passes, then the player who gets priority passes."""
    world.begin_action()
    first = world.state["priority"]
    assert first is not None, "nobody has priority, so nobody can pass"
    world.act(first, {"type": "pass"})
    second = world.state["priority"]
    assert second not in (None, first), f"after {first} passed, priority went to {second!r}, not to the other player"
    world.act(second, {"type": "pass"})


@when(_re(r"игрок " + P + r" не назначает защитника"))
def when_no_defender(world: World, player: str) -> None:
    """Когда игрок Б не назначает защитника — answers the pending defender decision with «none»."""
    world.begin_action()
    world.pending("defender", player)
    world.answer(player, None)


@when(_re(r"игрок " + P + r" назначает защитником " + C))
def when_defender(world: World, player: str, card: str) -> None:
    """Когда игрок Б назначает защитником "Мститель" — answers the pending defender decision."""
    world.begin_action()
    world.pending("defender", player)
    world.answer(player, world.card(card)["id"])


@when(_re(r"на кубиках выпадает: (?P<rolls>.+)"))
def when_dice(world: World, rolls: str) -> None:
    """Когда на кубиках выпадает: у игрока А 6, у игрока Б 1 — answers the pending rolls, in this order."""
    world.begin_action()
    pairs = re.findall(r"у игрока (\S+) (-?\d+)", rolls)
    if not pairs:
        raise LookupError(f"cannot read the rolls «{rolls}»: write «у игрока А 6, у игрока Б 1»")
    for player, value in pairs:
        world.pending("roll", player)
        world.answer(player, int(value))


@when(_re(r"на кубиках выпадает то, что в раскладе"))
def when_board_dice(world: World) -> None:
    """Когда на кубиках выпадает то, что в раскладе — answers pending rolls from the board's `dice`."""
    world.begin_action()
    while (p := world.state.get("pending")) and p["kind"] == "roll":
        queue = world.dice.get(p["player"], [])
        assert queue, f"the engine asks player {p['player']} for a roll, the board's dice for him are used up"
        world.answer(p["player"], queue.pop(0))


@when(_re(r"игрок " + P + r" объявляет " + ABILITY + r" \"(?P<ability>[^\"]+)\""))
def when_declare(world: World, player: str, ability: str) -> None:
    """Когда игрок А объявляет особенность "Мститель: при гибели вашего существа" — answers the pending
    declaration of a triggered ability with that one."""
    world.begin_action()
    card_id, key = world.ability_ref(ability)
    p = world.pending("declare_trigger", player)
    chosen = [o for o in p["options"] if o["card"] == card_id and o["ability"] == key]
    assert chosen, f"«{ability}» is not among the abilities player {player} may declare: {p['options']!r}"
    world.answer(player, chosen[0]["id"])


@when(_re(r"игрок " + P + r" выбирает целью " + C))
def when_target(world: World, player: str, card: str) -> None:
    """Когда игрок Б выбирает целью "Мститель" — answers the pending target choice."""
    world.begin_action()
    world.pending("target", player)
    world.answer(player, world.card(card)["id"])


@when(_re(r"ход игрока " + P + r" заканчивается"))
def when_end_turn(world: World, player: str) -> None:
    """Когда ход игрока А заканчивается — the active player ends the turn."""
    world.begin_action()
    world.act(player, {"type": "end_turn"})


# ---------------------------------------------------------------------------------------------- Тогда
@then(_re(C + r" (?P<where>на поле боя|на кладбище|в колоде|в руке|в дополнительной зоне)(?: игрока " + P + r")?"))
def then_zone(world: World, card: str, where: str, player: str | None) -> None:
    """Тогда "Невтида" на кладбище игрока Б — the card's zone (and its owner, when named)."""
    c = world.card(card)
    zone = next(z for z, words in ZONE_NAMES.items() if words == where)
    assert c["zone"] == zone, f"«{card}» is in zone {c['zone']}, expected {zone}"
    if player:
        assert c["owner"] == player, f"«{card}» belongs to {c['owner']}, not {player}"


@then(_re(C + r" под контролем игрока " + P))
def then_controller(world: World, card: str, player: str) -> None:
    """Тогда "Мститель" под контролем игрока А."""
    c = world.card(card)
    assert c["controller"] == player, f"«{card}» is controlled by {c['controller']}, expected {player}"


@then(_re(r"приоритет у игрока " + P))
def then_priority(world: World, player: str) -> None:
    """Тогда приоритет у игрока А."""
    assert world.state["priority"] == player, f"priority is with {world.state['priority']!r}, expected {player}"


@then(_re(r"приоритета нет ни у кого"))
def then_no_priority(world: World) -> None:
    """Тогда приоритета нет ни у кого — nobody holds priority (a decision or a resolution is under way)."""
    assert world.state["priority"] is None, f"priority is with {world.state['priority']!r}"


@then(_re(r"игрок " + P + r" обязан объявить " + ABILITY + r" \"(?P<ability>[^\"]+)\""))
def then_must_declare(world: World, player: str, ability: str) -> None:
    """Тогда игрок А обязан объявить особенность "Мститель: …" — a mandatory declaration is pending for him
    and offers this ability."""
    card_id, key = world.ability_ref(ability)
    p = world.pending("declare_trigger", player)
    assert p.get("mandatory") is True, "the declaration is offered as optional"
    assert any(o["card"] == card_id and o["ability"] == key for o in p["options"]), \
        f"«{ability}» is not among {p['options']!r}"


@then(_re(ABILITY + r" \"(?P<ability>[^\"]+)\" не сработала"))
def then_not_triggered(world: World, ability: str) -> None:
    """Тогда особенность "Невтида: …" не сработала — no triggering of it since the last «Когда» step."""
    card_id, key = world.ability_ref(ability)
    fired = [h for h in world.history_since_mark() if h["kind"] == "trigger" and h["source"] == card_id
             and h["info"].get("ability") == key]
    assert not fired, f"«{ability}» triggered: {fired!r}"


@then(_re(r"у " + C + r" простой удар (?P<w>\d+)-(?P<m>\d+)-(?P<s>\d+)"))
def then_strike(world: World, card: str, w: str, m: str, s: str) -> None:
    """Тогда у "Мститель" простой удар 3-4-5 — weak-medium-strong with every modifier."""
    value = world.card(card)["strike"]["value"]
    assert value == [int(w), int(m), int(s)], f"«{card}» strikes {'-'.join(map(str, value))}"


@then(_re(r"у " + C + r" (?P<n>\d+) (?:рана|раны|ран)"))
def then_wounds(world: World, card: str, n: str) -> None:
    """Тогда у "Невтида" 3 раны."""
    assert world.card(card)["wounds"] == int(n), f"«{card}» has {world.card(card)['wounds']} wounds"


@then(_re(r"у " + C + r" (?P<n>-?\d+) (?:жизнь|жизни|жизней)"))
def then_lives(world: World, card: str, n: str) -> None:
    """Тогда у "Невтида" 2 жизни — current lives (maximum minus wounds)."""
    assert world.card(card)["current_lives"] == int(n), f"«{card}» has {world.card(card)['current_lives']} lives"


@then(_re(C + r" (?P<state>закрыт|закрыта|открыт|открыта)"))
def then_open(world: World, card: str, state: str) -> None:
    """Тогда "Гоблин" закрыт / открыт."""
    expected = state.startswith("открыт")
    assert world.card(card)["open"] == expected, f"«{card}» is {'open' if world.card(card)['open'] else 'closed'}"


@then(_re(r"сработавшие эффекты правил игры идут в таком порядке:"))
def then_rule_effects(world: World, datatable: list[list[str]]) -> None:
    """Тогда сработавшие эффекты правил игры идут в таком порядке: + a table «эффект | карта» — exactly
    these rule effects, in this order, since the last «Когда» step."""
    expected = [(row[0].strip(), row[1].strip()) for row in datatable[1:]]
    known = set(RULE_EFFECT_NAMES.values())
    for name, _ in expected:
        if name not in known:
            raise LookupError(f"unknown rule effect «{name}»; known: {', '.join(sorted(known))}")
    names = {c["id"]: c["name"] for c in world.state["cards"]}
    actual = [(rule_effect_name(h), names.get(h["targets"][0], h["targets"][0]) if h["targets"] else "")
              for h in world.history_since_mark() if h["kind"] == "rule_effect"]
    assert actual == expected, f"rule effects were {actual}, expected {expected}"


@then(_re(r"до окончания эффектов правил игры приоритета ни у кого не было"))
def then_no_priority_during_rule_effects(world: World) -> None:
    """Тогда до окончания эффектов правил игры приоритета ни у кого не было — in the history since the last
    «Когда» step, no player got priority before the last rule effect."""
    since = world.history_since_mark()
    last_rule = max((i for i, h in enumerate(since) if h["kind"] == "rule_effect"), default=None)
    assert last_rule is not None, "no rule effect happened"
    early = [h for h in since[:last_rule] if h["kind"] == "priority"]
    assert not early, f"player {early[0]['controller']} got priority while rule effects were still being applied"


@then(_re(r"в истории боя срабатывание " + C + r" порождено гибелью \"(?P<dead>[^\"]+)\" от атаки \"(?P<attacker>[^\"]+)\""))
def then_history_trigger_from_death(world: World, card: str, dead: str, attacker: str) -> None:
    """Тогда в истории боя срабатывание "Мститель" порождено гибелью "Невтида" от атаки "Гоблин" — the
    declaration of the card's ability names as its parent (537.1.f) the death of `dead`, whose own parent is
    an attack by `attacker`."""
    hist = {h["id"]: h for h in world.state["history"]}
    c, d, a = world.card(card)["id"], world.card(dead)["id"], world.card(attacker)["id"]
    declared = [h for h in world.state["history"] if h["kind"] == "declare" and h["source"] == c]
    assert declared, f"«{card}» declared nothing"
    parent = hist.get(declared[-1]["parent"] or "")
    assert parent and parent["kind"] == "rule_effect" and parent["info"].get("effect") == "death" \
        and parent["targets"] == [d], f"the declaration's parent is {parent!r}, not the death of «{dead}»"
    cause = hist.get(parent["parent"] or "")
    assert cause and cause["kind"] == "strike" and cause["source"] == a, \
        f"the death's parent is {cause!r}, not an attack by «{attacker}»"


@then(_re(r"(?:стек|Очередь) пуст(?:а)?"))
def then_stack_empty(world: World) -> None:
    """Тогда стек пуст / Очередь пуста."""
    assert world.state["stack"] == [], f"the stack holds {world.state['stack']!r}"


@then(_re(r"на (?:стеке|Очереди) сверху вниз:"))
def then_stack(world: World, datatable: list[list[str]]) -> None:
    """Тогда на стеке сверху вниз: + a table «карта | действие» where действие is «атака» or an ability key."""
    names = {c["id"]: c["name"] for c in world.state["cards"]}
    actual = [(names[s["source"]], "атака" if s["kind"] == "attack" else s["ability"])
              for s in reversed(world.state["stack"])]
    expected = [(row[0].strip(), row[1].strip()) for row in datatable[1:]]
    assert actual == expected, f"the stack (top first) is {actual}, expected {expected}"
