"""The closed step vocabulary of the scenarios (Russian Gherkin).

Every step a feature may use is defined here, once, with a docstring; `berserk-rules steps` prints this
list and docs/STEPS.md is generated from it. A step turns into calls on the engine adapter («Дано»,
«Когда») or into checks of the canonical state («Тогда»). No rules logic lives here: a step never decides
what the rules say, it only asks the engine and compares what the engine reports with the scenario.

Conventions: a player is named as on the board (А, Б); a card is named in quotes by its name, or by its
board id when two cards share a name; an ability is «карта: ключ» (the key from the catalog).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import Any

from pytest_bdd import given, parsers, when
from pytest_bdd import then as bdd_then

from harness.common.vocabulary import (
    EFFECT_NAMES,
    HISTORY_NAMES,
    RULE_EFFECT_NAMES,
    STACK_ACTIONS,
    ZONE_NAMES,
    affected_cards,
    as_one_word,
    counted,
    duration_words,
    effect_words,
    history_name,
    rule_effect_name,
)
from harness.suite.orderings import apply_alternative, resumable
from harness.suite.session import load_scenario_board
from harness.suite.world import Fork, World

P = r"(?P<player>[^\s\"]+)"           # a player name
C = r"\"(?P<card>[^\"]+)\""           # a quoted card reference
ABILITY = r"(?:особенност[ьи]|способност[ьи])"


def _re(pattern: str):
    return parsers.re("^" + pattern + "$")


def then(parser: Any) -> Callable[[Callable[..., None]], Any]:
    """A «Тогда» step is a check with a verdict of its own (as a subtest of web-platform-tests): it runs only
    when the engine declares what it reads (`harness.suite.capabilities.STEP_NEEDS`, and the optional keys of
    the contract), otherwise it is NOT RUN with the reason and the scenario's other steps go on
    (`World.run_check`)."""

    def decorate(fn: Callable[..., None]) -> Any:
        @functools.wraps(fn)
        def check(*args: Any, **kwargs: Any) -> None:
            kwargs["world"].run_check(fn.__name__, lambda: fn(*args, **kwargs), kwargs)

        return bdd_then(parser, stacklevel=2)(check)      # the step is registered in this module

    return decorate


# ---------------------------------------------------------------------------------------------- Дано
# the world fixture is set up in place, not returned as a `target_fixture`: pytest-bdd registers a target fixture
# for the item's node for good, so a scenario played again in the same session (`harness.run.replay`: many
# engines on one collection) would get the first play's world
@given(_re(r"расклад \"(?P<path>[^\"]+)\""))
def given_board(world: World, path: str) -> None:
    """Дано расклад "classic/113.2-невтида-мститель.yaml" — loads the board from scenarios/, validates it
    and sets the engine up from it."""
    board = load_scenario_board(path)
    if world.board_transform is not None:              # a metamorphic run (harness.suite.metamorphic)
        board.data = world.board_transform(board.data)
    if board.data.get("test_cards"):
        world.require("inline_cards", "the board defines test cards inline")
    world.board = board
    world.dice = {p: list(v) for p, v in board.data.get("dice", {}).items()}
    world.setup(board.data, board.definitions)
    world.mark = 0          # the first «Тогда» checks look back to the setup (rule effects applied at once)


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
    """Когда игрок А назначает защитником "Щитоносец" — answers the pending defender decision with that card."""
    world.begin_action()
    world.pending("defender", player)
    world.answer(player, world.card(card)["id"])


@when(_re(r"игрок " + P + r" (?P<no>не )?перенаправляет атаку(?: на " + C + r")?"))
def when_redirect(world: World, player: str, no: str | None, card: str | None) -> None:
    """Когда игрок Б перенаправляет атаку на "Телохранитель" — answers the pending redirection decision with that
    card; Когда игрок Б не перенаправляет атаку — with «none»."""
    if (no is None) == (card is None):
        raise LookupError("write «перенаправляет атаку на \"X\"» or «не перенаправляет атаку»")
    world.begin_action()
    world.pending("redirect", player)
    world.answer(player, None if card is None else world.card(card)["id"])


@when(_re(r"на кубиках выпадает: (?P<rolls>.+)"))
def when_dice(world: World, rolls: str) -> None:
    """Когда на кубиках выпадает: у игрока А 6, у игрока Б 1 — answers the pending rolls, in this order; the
    step fails when the engine then asks for another roll the step did not name. Where the engine then offers
    the choice at an exchange of strikes (an `exchange` decision: ASM exchange-choice, reading weaker-allowed),
    the step takes the exchange, as the table's row stands — what happens under the default reading none, where
    there is no choice; a scenario that plays the choice answers the rolls one by one («на кубике игрока А
    выпадает 5») and then «игрок А выбирает …»."""
    world.begin_action()
    pairs = re.findall(r"у игрока (\S+) (-?\d+)", rolls)
    if not pairs:
        raise LookupError(f"cannot read the rolls «{rolls}»: write «у игрока А 6, у игрока Б 1»")
    for player, value in pairs:
        world.pending("roll", player)
        world.answer(player, int(value))
    left = world.state.get("pending")
    if left and left.get("kind") == "roll":
        raise AssertionError(f"the engine asks for a roll the step did not name: {left!r}")
    if left and left.get("kind") == "exchange":
        world.answer(left["player"], "exchange")


EXCHANGE_CHOICES = {"обмен ударами": "exchange", "удар на ступень слабее": "weaker"}


@when(_re(r"игрок " + P + r" выбирает (?P<what>обмен ударами|удар на ступень слабее)"))
def when_exchange(world: World, player: str, what: str) -> None:
    """Когда игрок А выбирает удар на ступень слабее — answers the pending choice at an exchange of strikes (an
    `exchange` decision, ASM exchange-choice, reading weaker-allowed): «обмен ударами», both sides strike as the
    table's row stands; «удар на ступень слабее», the player with the better roll strikes one step weaker and the
    other side does not strike."""
    world.begin_action()
    world.pending("exchange", player)
    world.answer(player, EXCHANGE_CHOICES[what])


@when(_re(r"на кубике игрока " + P + r" выпадает (?P<value>-?\d+)"))
def when_one_roll(world: World, player: str, value: str) -> None:
    """Когда на кубике игрока А выпадает 4 — answers this player's pending roll, and only it: unlike «на
    кубиках выпадает: …» it leaves whatever the engine asks next to the «Тогда» steps that follow (e.g. «Тогда
    игрок Б не бросает кубик», or the choice at an exchange of strikes: «Тогда игрок А выбирает между обменом
    ударами и ударом на ступень слабее»)."""
    world.begin_action()
    world.pending("roll", player)
    world.answer(player, int(value))


@when(_re(r"игрок " + P + r" (?P<neg>не )?объявляет " + ABILITY + r" \"(?P<ability>[^\"]+)\""
           + r"(?: с точкой срабатывания " + C + r")?"))
def when_declare(world: World, player: str, ability: str, neg: str | None, card: str | None) -> None:
    """Когда игрок А объявляет особенность "Мститель: при гибели вашего существа" — answers the pending
    declaration of a triggered ability with that one; … с точкой срабатывания "Гном" — takes the trigger
    point of that card (heroes 113.6); Когда игрок А не объявляет способность "X: ключ" — declines an
    optional («может») trigger."""
    world.begin_action()
    card_id, key = world.ability_ref(ability)
    p = world.pending("declare_trigger", player)
    if neg:
        if card is not None:
            raise LookupError("a declined ability has no trigger point: remove «с точкой срабатывания»")
        assert any(o and o["card"] == card_id and o["ability"] == key for o in p["options"]), \
            f"«{ability}» is not waiting to be declared: {p['options']!r}"
        assert None in p["options"], "the engine does not let the player decline (the declaration is mandatory)"
        world.answer(player, None)
        return
    if card is not None:
        subject = world.card(card)["id"]
        options = [o for o in p["options"] if o and o["card"] == card_id and o["ability"] == key
                   and o.get("subject") == subject]
        assert options, f"no trigger point «{card}» for «{ability}» among {p['options']!r}"
        world.answer(player, options[0]["id"])
        return
    chosen = [o for o in p["options"] if o and o["card"] == card_id and o["ability"] == key]
    assert chosen, f"«{ability}» is not among the abilities player {player} may declare: {p['options']!r}"
    world.answer(player, chosen[0]["id"])


def choice_step(player: str, label: str) -> str:
    """This step taking one option: how a failing choice of a fork is reported (harness.suite.orderings)."""
    return f'Когда игрок {player} объявляет способность "{label}"'


@when(_re(r"игрок " + P + r" объявляет (?:срабатывающие )?(?:способности|особенности) в любом порядке"))
def when_declare_any_order(world: World, player: str) -> None:
    """Когда игрок Б объявляет срабатывающие способности в любом порядке — a fork: the player declares all
    his waiting triggered abilities, and every following step must hold for EVERY order (all orders up to
    8 abilities with the in-process engine, 6 over the protocol, hypothesis samples beyond; a failure names
    the smallest failing order as a step)."""
    world.begin_action()
    p = world.pending("declare_trigger", player)
    options = [o for o in p["options"] if o]
    labels = {o["id"]: world.option_label(o) for o in options}
    fork = Fork(kind="order", player=player, items=[o["id"] for o in options], labels=labels,
                calls_before=list(world.calls), current=[o["id"] for o in options],
                replay_step=lambda names: order_step(player, names),
                dice={p: list(v) for p, v in world.dice.items()}, memory=dict(world.memory))
    apply_alternative(world, fork, fork.current)
    world.fork = fork


@when(_re(r"игрок " + P + r" объявляет (?:срабатывающие )?(?:способности|особенности) в порядке: (?P<order>.+)"))
def when_declare_in_order(world: World, player: str, order: str) -> None:
    """Когда игрок Б объявляет срабатывающие способности в порядке: "Гном: отравление", "Проглот: отравление"
    — declares his waiting triggered abilities in this order (the first declared ends at the bottom)."""
    world.begin_action()
    for label in re.findall(r"\"([^\"]+)\"", order):
        p = world.pending("declare_trigger", player)
        chosen = [o for o in p["options"] if o and world.option_label(o) == label]
        assert chosen, f"«{label}» is not among {[world.option_label(o) for o in p['options'] if o]}"
        world.answer(player, chosen[0]["id"])


def order_step(player: str, labels: list[str]) -> str:
    """This step with one order: how a failing order of a fork is reported (harness.suite.orderings)."""
    return f'Когда игрок {player} объявляет срабатывающие способности в порядке: ' + \
        ", ".join(f'"{label}"' for label in labels)


@when(_re(r"игрок " + P + r" объявляет " + ABILITY + r" \"(?P<ability>[^\"]+)\" с любой точкой срабатывания"))
def when_declare_any_point(world: World, player: str, ability: str) -> None:
    """Когда игрок А объявляет способность "Талитха: …" с любой точкой срабатывания — a fork over the
    trigger points the engine offers for this ability (heroes 113.6): every following step must hold for
    each of them. «выбранная точка срабатывания» in later steps names the card of the point taken."""
    world.begin_action()
    card_id, key = world.ability_ref(ability)
    p = world.pending("declare_trigger", player)
    options = [o for o in p["options"] if o and o["card"] == card_id and o["ability"] == key]
    assert options, f"«{ability}» is not among {p['options']!r}"
    labels = {o["id"]: world.option_label(o) for o in options}
    fork = Fork(kind="choice", player=player, items=[o["id"] for o in options], labels=labels,
                calls_before=list(world.calls), current=[options[0]["id"]],
                replay_step=lambda names: choice_step(player, names[0]),
                dice={p: list(v) for p, v in world.dice.items()}, memory=dict(world.memory))
    world.answer(player, options[0]["id"])
    world.fork = fork


@when(_re(r"игрок " + P + r" применяет " + ABILITY + r" \"(?P<ability>[^\"]+)\""))
def when_activate(world: World, player: str, ability: str) -> None:
    """Когда игрок А применяет способность "Целитель: лечение" — declares an activated ability (targets
    follow with «выбирает целью»)."""
    world.begin_action()
    card_id, key = world.ability_ref(ability)
    world.act(player, {"type": "activate", "card": card_id, "ability": key})


@when(_re(r"игрок " + P + r" разыгрывает " + C + r"(?: в клетку (?P<cell>[a-z]\d))?"))
def when_play(world: World, player: str, card: str, cell: str | None) -> None:
    """Когда игрок А разыгрывает "Орк-арбалетчик" (в клетку c2) — plays a card from his hand."""
    world.begin_action()
    action = {"type": "play", "card": world.card(card)["id"]}
    if cell:
        action["cell"] = cell
    world.act(player, action)


@when(_re(r"игроки пасуют, пока (?:стек|Очередь) не опустеет"))
@resumable
def when_pass_until_empty(world: World) -> None:
    """Когда игроки пасуют, пока Очередь не опустеет — whoever has priority passes, again and again; a
    mandatory declaration with a single option on offer is made (there is nothing to choose); any other
    decision stops the step with a failure, since the scenario must answer it explicitly."""
    world.begin_action()
    for _ in range(200):
        now = world.peek("players", "pending", "stack", "priority")        # what the loop reads, nothing more
        if any(p["lost"] for p in now["players"]):       # the game is over (503.1.b18)
            return
        p = now.get("pending")
        if p:
            options = [o for o in p["options"] if o]
            if p["kind"] == "declare_trigger" and p.get("mandatory") and len(options) == 1:
                world.answer(p["player"], options[0]["id"])
                continue
            raise AssertionError(f"a decision needs an explicit answer: {p!r}")
        if not now["stack"]:
            return
        world.act(now["priority"], {"type": "pass"})
    raise AssertionError("the stack did not empty after 200 passes")


@when(_re(r"игрок " + P + r" выбирает целью клетку (?P<cell>[a-z]\d)"))
def when_target_cell(world: World, player: str, cell: str) -> None:
    """Когда игрок А выбирает целью клетку c4 — answers the pending target choice with a cell."""
    world.begin_action()
    world.pending("target", player)
    world.answer(player, cell)


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


@then(_re(r"(?:приоритет у игрока " + P + r"|приоритета нет ни у кого)"))
def then_priority(world: World, player: str | None) -> None:
    """Тогда приоритет у игрока А / Тогда приоритета нет ни у кого — who holds priority (nobody: a decision
    or a resolution is under way)."""
    if player is None:
        assert world.state["priority"] is None, f"priority is with {world.state['priority']!r}"
    else:
        assert world.state["priority"] == player, f"priority is with {world.state['priority']!r}, expected {player}"


@then(_re(r"игрок " + P + r" обязан объявить " + ABILITY + r" \"(?P<ability>[^\"]+)\""))
def then_must_declare(world: World, player: str, ability: str) -> None:
    """Тогда игрок А обязан объявить особенность "Мститель: …" — a mandatory declaration is pending for him
    and offers this ability."""
    card_id, key = world.ability_ref(ability)
    p = world.pending("declare_trigger", player)
    assert p.get("mandatory") is True, "the declaration is offered as optional"
    assert any(o and o["card"] == card_id and o["ability"] == key for o in p["options"]), \
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


# what «у "X" N …» counts: the word's stem → (field of the canonical card, its name in messages)
COUNTED = {"ран": ("wounds", "wounds"), "жизн": ("current_lives", "lives"), "фиш": ("counters", "counters")}


@then(_re(r"у " + C + r" (?P<n>-?\d+) (?P<what>рана|раны|ран|жизнь|жизни|жизней|фиш\w*)"))
def then_count(world: World, card: str, n: str, what: str) -> None:
    """Тогда у "Невтида" 3 раны / 2 жизни (current lives: maximum minus wounds) / 0 фишек."""
    field, name = next(v for stem, v in COUNTED.items() if what.startswith(stem))
    assert world.card(card)[field] == int(n), f"«{card}» has {world.card(card)[field]} {name}"


@then(_re(C + r" (?P<state>закрыт|закрыта|открыт|открыта)"))
def then_open(world: World, card: str, state: str) -> None:
    """Тогда "Гоблин" закрыт / открыт."""
    expected = state.startswith("открыт")
    assert world.card(card)["open"] == expected, f"«{card}» is {'open' if world.card(card)['open'] else 'closed'}"


@then(_re(r"сработавшие эффекты правил игры идут в таком порядке:"))
def then_rule_effects(world: World, datatable: list[list[str]]) -> None:
    """Тогда сработавшие эффекты правил игры идут в таком порядке: + a table «эффект | карта» — exactly
    these rule effects, in this order, since the last «Когда» step (where the text orders them)."""
    actual, expected = _rule_effects(world, datatable)
    assert actual == expected, f"rule effects were {actual}, expected {expected}"


@then(_re(r"сработали эффекты правил игры, порядок не задан:"))
def then_rule_effects_any_order(world: World, datatable: list[list[str]]) -> None:
    """Тогда сработали эффекты правил игры, порядок не задан: + a table «эффект | карта» — exactly these rule
    effects since the last «Когда» step, each as many times as listed, in an order the text leaves open
    (simultaneous effects: the start of a turn, one check of maximums)."""
    actual, expected = _rule_effects(world, datatable)
    assert sorted(actual) == sorted(expected), f"rule effects were {actual}, expected {expected} in any order"


@then(_re(r"сработавшие эффекты правил игры идут этапами, порядок и дробление внутри этапа не заданы:"))
def then_rule_effects_in_stages(world: World, datatable: list[list[str]]) -> None:
    """Тогда сработавшие эффекты правил игры идут этапами, порядок и дробление внутри этапа не заданы: + a table
    «эффект | карты» (one row per stage, each with its own effect; карты: a list) — since the last «Когда» step
    the rule effects are exactly these kinds, in stages: every effect of a row comes after every effect of the
    rows above it (none of an earlier row returns later), and together the effects of a row apply to exactly the
    cards listed, in whatever order and however many entries (one per card, or one for several: the text orders
    the stages only — 503.1.ex1: the effects are applied, then removed, then not applied again)."""
    known = set(RULE_EFFECT_NAMES.values())
    stages = [(row[0].strip(), {c.strip() for c in row[1].split(",") if c.strip()}) for row in datatable[1:]]
    names = [name for name, _ in stages]
    for name in names:
        if name not in known:
            raise LookupError(f"unknown rule effect «{name}»; known: {', '.join(sorted(known))}")
    if len(set(names)) != len(names):
        raise LookupError(f"one stage per rule effect: {names}")
    effects = [h for h in world.history_since_mark() if h["kind"] == "rule_effect"]
    actual = [(rule_effect_name(h), {world.card_label(c) for c in affected_cards(h)}) for h in effects]
    stray = [name for name, _ in actual if name not in names]
    assert not stray, f"rule effects outside the stages: {stray}; the rule effects were {actual}"
    order = [names.index(name) for name, _ in actual]
    assert order == sorted(order), f"the stages {names} are not kept: the rule effects were {actual}"
    for name, cards in stages:
        got = set().union(*[c for n, c in actual if n == name])
        assert got == cards and any(n == name for n, _ in actual), \
            f"«{name}» applied to {sorted(got)}, expected {sorted(cards)}; the rule effects were {actual}"


def _rule_effects(world: World, datatable: list[list[str]]) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """(the rule effects since the last «Когда» step, those of the table), each as (its name, what it applied to)."""
    expected = [(row[0].strip(), row[1].strip()) for row in datatable[1:]]
    known = set(RULE_EFFECT_NAMES.values())
    for name, _ in expected:
        if name not in known:
            raise LookupError(f"unknown rule effect «{name}»; known: {', '.join(sorted(known))}")

    def who(h: dict) -> str:
        if h["info"].get("effect") == "shuffle" or not affected_cards(h):
            return f"игрок {h['controller']}" if h["controller"] else ""
        return world.card_label(affected_cards(h)[0])

    return [(rule_effect_name(h), who(h)) for h in world.history_since_mark() if h["kind"] == "rule_effect"], expected


@then(_re(r"до окончания эффектов правил игры приоритета ни у кого не было"))
def then_no_priority_during_rule_effects(world: World) -> None:
    """Тогда до окончания эффектов правил игры приоритета ни у кого не было — in the history since the last
    «Когда» step, no player got priority before the last rule effect. A grant of priority inside one request
    shows in no reply (a reply is the state after the whole request), so this check needs the log
    (battle_history, rule_effects); what the replies do show — that the reply to the request already holds
    every rule effect's outcome and who has priority after them — is what the scenario's other checks read."""
    since = world.history_since_mark()
    rules = [i for i, h in enumerate(since) if h["kind"] == "rule_effect"]
    assert rules, "no rule effect happened"
    # from the game action that made them relevant to the last rule effect
    cause = max((i for i in range(rules[0]) if since[i]["kind"] not in ("trigger", "zone")), default=0)
    early = [h for h in since[cause:rules[-1]] if h["kind"] == "priority"]
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
        and affected_cards(parent) == [d], f"the declaration's parent is {parent!r}, not the death of «{dead}»"
    cause = hist.get(parent["parent"] or "")
    assert cause and cause["kind"] == "strike" and cause["source"] == a, \
        f"the death's parent is {cause!r}, not an attack by «{attacker}»"


@then(_re(r"(?:стек|Очередь) пуст(?:а)?"))
def then_stack_empty(world: World) -> None:
    """Тогда стек пуст / Очередь пуста."""
    assert world.state["stack"] == [], f"the stack holds {world.state['stack']!r}"


@then(_re(r"на (?:стеке|Очереди) сверху вниз:"))
def then_stack(world: World, datatable: list[list[str]]) -> None:
    """Тогда на стеке сверху вниз: + a table «карта | действие» where действие is «атака», an ability key, or
    «перемещение» / «розыгрыш» (a move or a card played waiting under the «До» abilities it fired, 113.2)."""
    names = {c["id"]: c["name"] for c in world.state["cards"]}
    actual = [(names[s["source"]], STACK_ACTIONS.get(s["kind"]) or s["ability"]) for s in reversed(world.state["stack"])]
    expected = [(row[0].strip(), row[1].strip()) for row in datatable[1:]]
    assert actual == expected, f"the stack (top first) is {actual}, expected {expected}"


@then(_re(r"игрок " + P + r" не может (?P<what>применить|атаковать|переместить) (?P<rest>.+)"))
def then_cannot(world: World, player: str, what: str, rest: str) -> None:
    """Тогда игрок А не может применить способность "X: ключ" / не может атаковать простым ударом существом
    "X" существо "Y" / не может переместить "X" в клетку c3 (+ « (один раз за ход)», the class of refusal,
    required — lint S021, ERROR in `check` without it: нет приоритета, не сейчас, один раз за ход, нет цели,
    чужая карта, карта закрыта, нечем платить, условие не выполнено, …; «по правилам» where the text forbids the
    action but names no reason: any refusal will do) — the engine refuses the action for that reason
    (unknown_action and unsupported are never one), and nothing changes."""
    why = None
    m = re.fullmatch(r"(?P<rest>.+) \((?P<why>[^()]+)\)", rest)
    if m:
        rest, why = m["rest"], m["why"]
    if what == "применить":
        m = re.fullmatch(ABILITY + r" \"(?P<ability>[^\"]+)\"", rest)
        if not m:
            raise LookupError(f"write «не может применить способность \"карта: ключ\"», got «{rest}»")
        card_id, key = world.ability_ref(m["ability"])
        action = {"type": "activate", "card": card_id, "ability": key}
    elif what == "переместить":
        m = re.fullmatch(C + r" в клетку (?P<cell>[a-z]\d)", rest)
        if not m:
            raise LookupError(f"write «не может переместить \"X\" в клетку c3», got «{rest}»")
        action = {"type": "move", "card": world.card(m["card"])["id"], "cell": m["cell"]}
    else:
        m = re.fullmatch(r"простым ударом существом \"(?P<a>[^\"]+)\" существо \"(?P<t>[^\"]+)\"", rest)
        if not m:
            raise LookupError(f"write «не может атаковать простым ударом существом \"X\" существо \"Y\"», got «{rest}»")
        action = {"type": "attack", "attacker": world.card(m["a"])["id"], "target": world.card(m["t"])["id"]}
    world.expect_refusal(player, action, why)


@then(_re(r"игрок " + P + r" не может (?:разыграть " + C + r"(?: в клетку (?P<cell>[a-z]\d))?|(?P<end>закончить ход))"
          r"(?: \((?P<why>[^()]+)\))?"))
def then_cannot_play_or_end(world: World, player: str, card: str | None = None, cell: str | None = None,
                            end: str | None = None, why: str | None = None) -> None:
    """Тогда игрок А не может разыграть "Гоблин" (в клетку c2) / не может закончить ход (+ the class of refusal,
    required — lint S021: не сейчас, нет приоритета, …, «по правилам»: any refusal will do) — the engine refuses
    to play that card (there) or to end the turn, for that reason, and nothing changes."""
    if end:
        action: dict = {"type": "end_turn"}
    else:
        action = {"type": "play", "card": world.card(card or "")["id"]}
        if cell:
            action["cell"] = cell
    world.expect_refusal(player, action, why)


@then(_re(r"игрок " + P + r" может (?P<what>объявить|назначить защитником|перенаправить атаку на) (?P<rest>.+)"))
def then_may(world: World, player: str, what: str, rest: str) -> None:
    """Тогда игрок А может объявить способность "X: ключ" (it is offered, and the player may decline) /
    может назначить защитником "Y" (the pending defender decision offers it) / может перенаправить атаку на "Y"
    (the pending redirection decision offers it)."""
    if what != "объявить":
        m = re.fullmatch(C, rest)
        if not m:
            raise LookupError(f"write «может {what} \"X\"», got «{rest}»")
        kind = "defender" if what == "назначить защитником" else "redirect"
        p = world.pending(kind, player)
        assert world.card(m["card"])["id"] in p["options"], f"the cards offered ({kind}) are {p['options']}"
        return
    m = re.fullmatch(ABILITY + r" \"(?P<ability>[^\"]+)\"", rest)
    if not m:
        raise LookupError(f"write «может объявить способность \"карта: ключ\"», got «{rest}»")
    ability = m["ability"]
    card_id, key = world.ability_ref(ability)
    p = world.pending("declare_trigger", player)
    assert any(o and o["card"] == card_id and o["ability"] == key for o in p["options"]), \
        f"«{ability}» is not among {p['options']!r}"
    assert None in p["options"] and p.get("mandatory") is False, "the declaration is offered as mandatory"


@then(_re(ABILITY + r" \"(?P<ability>[^\"]+)\" сработала (?P<n>\d+) раз(?:а)?(?P<turn> в этот ход)?"))
def then_triggered_times(world: World, ability: str, n: str, turn: str | None) -> None:
    """Тогда способность "Талитха: …" сработала 3 раза (в этот ход) — trigger points since the last
    «Когда» step (or during this turn)."""
    card_id, key = world.ability_ref(ability)
    entries = [h for h in world.state["history"] if h["turn"] == world.state["turn"]] if turn \
        else world.history_since_mark()
    fired = [h for h in entries if h["kind"] == "trigger" and h["source"] == card_id and h["info"].get("ability") == key]
    assert len(fired) == int(n), f"«{ability}» triggered {len(fired)} times"


@then(_re(ABILITY + r" \"(?P<ability>[^\"]+)\" (?P<neg>не )?объявлялась в этот ход(?: (?P<n>\d+) раз(?:а)?)?"))
def then_declared_this_turn(world: World, ability: str, neg: str | None, n: str | None) -> None:
    """Тогда способность "X: ключ" не объявлялась в этот ход / объявлялась в этот ход 1 раз — declarations
    this turn (the once-per-turn limit is spent only by them)."""
    card_id, key = world.ability_ref(ability)
    declared = [h for h in world.state["history"] if h["kind"] == "declare" and h["source"] == card_id
                and h["turn"] == world.state["turn"] and h["info"].get("ability") == key]
    if neg:
        assert not declared, f"«{ability}» was declared this turn"
    else:
        assert declared and (n is None or len(declared) == int(n)), \
            f"«{ability}» was declared {len(declared)} times this turn"


@then(_re(r"у " + C + r" нет (?:особенностей|способностей)"))
def then_no_abilities(world: World, card: str) -> None:
    """Тогда у "Грибыныч" нет особенностей — the card has lost all its abilities."""
    assert world.card(card)["abilities"] == [], f"«{card}» has {world.card(card)['abilities']}"


@then(_re(r"у " + C + r" есть " + ABILITY + r" \"(?P<key>[^\"]+)\""))
def then_has_ability(world: World, card: str, key: str) -> None:
    """Тогда у "Грибыныч" есть особенность "ключ"."""
    assert key in world.card(card)["abilities"], f"«{card}» has {world.card(card)['abilities']}"


@then(_re(r"уничтожено существо выбранной точки срабатывания, остальные живы"))
def then_point_destroyed(world: World) -> None:
    """Тогда уничтожено существо выбранной точки срабатывания, остальные живы — with a trigger-point fork:
    the card of the point taken is in the graveyard, the cards of the other points are not."""
    fork = world.fork
    assert fork is not None and fork.kind == "choice", "this step follows «… с любой точкой срабатывания»"
    declared = [h for h in world.state["history"] if h["kind"] == "declare" and h["info"].get("subject")]
    chosen = declared[-1]["info"]["subject"] if declared else None
    points = {h["targets"][0] for h in world.state["history"] if h["kind"] == "trigger" and h["targets"]
              and h["info"].get("fired") in fork.items}
    zones = {c["id"]: c["zone"] for c in world.state["cards"]}
    assert chosen and zones[chosen] == "graveyard", f"the chosen point's card {chosen} is in {zones.get(chosen)}"
    alive = [p for p in points if p != chosen and zones[p] != "battlefield"]
    assert not alive, f"cards of other trigger points left the battlefield: {alive}"


@then(_re(r"у " + C + r" удар (?P<n>\d+)"))
def then_heroes_strike(world: World, card: str, n: str) -> None:
    """Тогда у "Гном" удар 3 — a heroes strike (one number) with every modifier."""
    value = world.card(card)["strike"]["value"]
    assert value == [int(n)] * 3, f"«{card}» strikes {value[0] if len(set(value)) == 1 else value}"


@then(_re(r"срабатывание " + ABILITY + r" \"(?P<ability>[^\"]+)\" порождено (?P<what>атакой|оплатой|гибелью|ранением|лечением|выполнением способности|началом хода|концом хода|объявлением)"))
def then_trigger_parent(world: World, ability: str, what: str) -> None:
    """Тогда срабатывание особенности "X: ключ" порождено оплатой — the game action its last triggering
    names as its parent (537.1.f): атакой, оплатой, гибелью, ранением, лечением, выполнением способности,
    началом хода, концом хода, объявлением (of an attack, an ability, a move, a card played: «До», 113.2)."""
    kinds = {"атакой": {"strike"}, "оплатой": {"payment"}, "гибелью": {"rule_effect", "death"},
             "ранением": {"strike", "effect"}, "лечением": {"effect"}, "выполнением способности": {"executed"},
             "началом хода": {"turn_start"}, "концом хода": {"turn_end"}, "объявлением": {"declare"}}[what]
    card_id, key = world.ability_ref(ability)
    hist = {h["id"]: h for h in world.state["history"]}
    fired = [h for h in world.state["history"] if h["kind"] == "trigger" and h["source"] == card_id
             and h["info"].get("ability") == key]
    assert fired, f"«{ability}» never triggered"
    parent = hist.get(fired[-1]["parent"] or "")
    assert parent and parent["kind"] in kinds, f"the triggering action is {parent!r}"


@then(_re(r"(?:стек|Очередь) не использовал(?:ся|ась), (?:особенности|способности) не объявлялись и цели не выбирались"))
def then_nothing_declared(world: World) -> None:
    """Тогда Очередь не использовалась, способности не объявлялись и цели не выбирались — since the last
    «Когда» step (or the setup): no declaration, no stack entry, no target decision."""
    since = world.history_since_mark() if world.mark else world.state["history"]
    assert not [h for h in since if h["kind"] in ("declare", "trigger")], "something was declared or triggered"
    assert world.state["stack"] == [] and world.state["pending"] is None


@then(_re(r"на " + C + r" не действуют эффекты"))
def then_no_effects(world: World, card: str) -> None:
    """Тогда на "Щитоносец" не действуют эффекты — no continuous effect targets the card."""
    assert world.card(card)["effects"] == [], f"effects on «{card}»: {world.card(card)['effects']}"


@then(_re(r"на " + C + r" действует эффект " + ABILITY + r" \"(?P<source>[^\"]+)\""))
def then_effect_of(world: World, card: str, source: str) -> None:
    """Тогда на "Буян" действует эффект особенности "Провокатор" — a continuous effect whose source is that card
    targets the card now (the positive of «не действуют эффекты»: an effect of a static or of an ability, its
    duration not yet over)."""
    c, src = world.card(card), world.card(source)
    assert any(e["target"] == c["id"] and e["source"] == src["id"] for e in world.state["effects"]), \
        f"no effect of «{source}» on «{card}»; effects: {[e for e in world.state['effects'] if e['target'] == c['id']]}"


@then(_re(r"на " + C + r" действует эффект (?P<word>особенност[ьи]|способност[ьи]) \"(?P<source>[^\"]+)\": "
          r"(?P<what>.+?), (?P<duration>до конца .+|пока .+|без срока)"))
def then_effect_lasting(world: World, card: str, word: str, source: str, what: str, duration: str) -> None:
    """Тогда на "Мститель" действует эффект особенности "Мститель": +2 к удару, до конца этого хода — a continuous
    effect of that source on the card now, what it does (+N к удару, +N к броску кубика, удар N, контроль игрока А,
    потеря особенностей, обязан атаковать) and how long it lasts (до конца этого хода, до конца хода N, пока "Y" в
    отряде, пока действует особенность, без срока): classic 113.2.ex1, «получает +2 к удару до конца вашего хода»,
    «переходит под ваш контроль, пока Невтида в отряде»."""
    c, src = world.card(card), world.card(source)
    ability = "способность" if word.startswith("способност") else "особенность"
    turn = world.peek("turn")["turn"]
    mine = [e for e in world.peek("effects")["effects"] if e["target"] == c["id"] and e["source"] == src["id"]]
    seen = [(effect_words(e, ability), duration_words(e, turn, source, ability)) for e in mine]
    assert (what, duration) in seen, f"the effects of «{source}» on «{card}»: {seen or 'none'}"


@then(_re(r"на " + C + r" (?:маркеры: (?P<markers>«[^»]+»(?:, «[^»]+»)*)|(?P<none>нет маркеров))"))
def then_card_markers(world: World, card: str, markers: str | None, none: str | None) -> None:
    """Тогда на "Гоблин-ветеран" маркеры: «метка» / на "Гоблин-ветеран" нет маркеров — exactly these markers lie on
    the card, each as many times as named (classic 537.2: markers of effects can be removed by abilities, a player's
    reminder of the past is no marker)."""
    expected = sorted(re.findall(r"«([^»]+)»", markers or ""))
    actual = sorted(world.card(card)["markers"])
    assert actual == expected, f"the markers on «{card}»: {actual or 'none'}"


@then(_re(C + r" принадлежит игроку " + P))
def then_owner(world: World, card: str, player: str) -> None:
    """Тогда "Мститель" принадлежит игроку А — the card's owner, whoever controls it (classic 113.2.ex1: «Владелец
    Мстителя наносит по Невтиде атаку», «Мститель возвращается в первоначальный отряд»)."""
    owner = world.card(card)["owner"]
    assert owner == player, f"«{card}» belongs to {owner}, expected {player}"


@then(_re(r"у " + C + r" (?P<n>-?\d+) (?:жизнь|жизни|жизней), максимум (?P<m>\d+)"))
def then_lives_of_max(world: World, card: str, n: str, m: str) -> None:
    """Тогда у "Невтида" 2 жизни, максимум 6 — its current lives (maximum + additional − negative − wounds) and its
    maximum of lives (classic 503.1: «как только количество жизней карты превышает её максимум жизней»)."""
    c = world.card(card)
    shown = (c["current_lives"], c["lives"])
    assert shown == (int(n), int(m)), f"«{card}» has {counted(shown[0], 'жизнь')} of {shown[1]}"


@then(_re(r"в истории боя оплата " + ABILITY + r" \"(?P<ability>[^\"]+)\" (?P<when>раньше|позже) её выполнения"))
def then_payment_order(world: World, ability: str, when: str) -> None:
    """Тогда в истории боя оплата способности "X: ключ" раньше (позже) её выполнения — for its last
    declaration: the payment entry comes before (after) the execution entry; «раньше» also holds while
    the ability still waits on the stack/Queue, unexecuted."""
    card_id, key = world.ability_ref(ability)
    history = world.state["history"]
    declared = [h for h in history if h["kind"] == "declare" and h["source"] == card_id and h["info"].get("ability") == key]
    assert declared, f"«{ability}» was never declared"
    did = declared[-1]["id"]
    index = {h["id"]: i for i, h in enumerate(history)}
    paid = [index[h["id"]] for h in history if h["kind"] == "payment" and h["parent"] == did]
    done = [index[h["id"]] for h in history if h["kind"] == "executed" and h["parent"] == did]
    assert paid, f"«{ability}» has not been paid"
    if when == "раньше":
        assert not done or paid[0] < done[0], "it was paid after its execution"
    else:
        assert done and paid[0] > done[0], "it was paid before its execution (or not executed yet)"


@then(_re(r"игроку " + P + r" предложены цели: (?P<cards>.+)"))
def then_target_options(world: World, player: str, cards: str) -> None:
    """Тогда игроку Б предложены цели: "Гоблин", "Мститель" — exactly these cards are legal targets of the
    pending target choice (named as on the board)."""
    p = world.pending("target", player)
    expected = sorted(world.card(name)["id"] for name in re.findall(r"\"([^\"]+)\"", cards))
    assert sorted(p["options"]) == expected, f"the targets offered are {p['options']}, expected {expected}"


@when(_re(r"игрок " + P + r" перемещает " + C + r" в клетку (?P<cell>[a-z]\d)"))
def when_move(world: World, player: str, card: str, cell: str) -> None:
    """Когда игрок А перемещает "Гоблин" в клетку c3 — a move to an orthogonally neighbouring free cell."""
    world.begin_action()
    world.act(player, {"type": "move", "card": world.card(card)["id"], "cell": cell})


@then(_re(C + r" в клетке (?P<cell>[a-z]\d)"))
def then_cell(world: World, card: str, cell: str) -> None:
    """Тогда "Щит" в клетке c3."""
    c = world.card(card)
    assert c["zone"] == "battlefield" and c["cell"] == cell, f"«{card}» is in {c['zone']} {c['cell']}"


@then(_re(C + r" (?P<how>лежит рубашкой вверх|вскрыт|вскрыта)"))
def then_face(world: World, card: str, how: str) -> None:
    """Тогда "Засадник" лежит рубашкой вверх / вскрыт."""
    face_up = world.card(card)["face_up"]
    assert face_up == (how != "лежит рубашкой вверх"), f"«{card}» is {'face up' if face_up else 'face down'}"


@then(_re(r"у " + C + r" (?P<n>\d+) (?P<kind>дополнительн|отрицательн)\w* жизн\w*"))
def then_extra_lives(world: World, card: str, n: str, kind: str) -> None:
    """Тогда у "Засадник" 2 дополнительные жизни / 0 отрицательных жизней."""
    key = "additional_lives" if kind == "дополнительн" else "negative_lives"
    assert world.card(card)[key] == int(n), f"«{card}» has {world.card(card)[key]} ({key})"


@then(_re(r"у " + C + r" запас движения (?P<n>\d+)"))
def then_moves(world: World, card: str, n: str) -> None:
    """Тогда у "Гоблин" запас движения 1."""
    assert world.card(card)["moves_left"] == int(n), f"«{card}» has {world.card(card)['moves_left']} moves left"


@then(_re(C + r" прикрепл[её]на? к " + r"\"(?P<host>[^\"]+)\""))
def then_host(world: World, card: str, host: str) -> None:
    """Тогда "Щит" прикреплён к "Тролль" — the equipment/symbiote's host."""
    assert world.card(card)["host"] == world.card(host)["id"], f"«{card}» is attached to {world.card(card)['host']}"


@then(_re(r"колода игрока " + P + r" перемешана(?: (?P<times>\d+) раз(?:а)?)?"))
def then_shuffled(world: World, player: str, times: str | None) -> None:
    """Тогда колода игрока А перемешана (1 раз) — shuffles of his deck since the last «Когда» step, each
    a rule effect with the board's seed, listing every card of the deck."""
    shuffles = [h for h in world.history_since_mark() if h["kind"] == "rule_effect"
                and h["info"].get("effect") == "shuffle" and h["controller"] == player]
    assert shuffles if times is None else len(shuffles) == int(times), f"{len(shuffles)} shuffles of {player}'s deck"
    deck = sorted(c["id"] for c in world.state["cards"] if c["zone"] == "deck" and c["owner"] == player)
    assert sorted(shuffles[-1]["info"]["order"]) == deck, "the shuffle did not cover the whole deck"
    assert shuffles[-1]["info"]["seed"] == world.state["seed"]


@then(_re(r"колода игрока " + P + r" не перемешивалась"))
def then_not_shuffled(world: World, player: str) -> None:
    """Тогда колода игрока А не перемешивалась (since the last «Когда» step)."""
    assert not [h for h in world.history_since_mark() if h["info"].get("effect") == "shuffle"
                and h["controller"] == player], f"{player}'s deck was shuffled"


@then(_re(r"в колоде игрока " + P + r" (?P<n>\d+) карт\w*"))
def then_deck_size(world: World, player: str, n: str) -> None:
    """Тогда в колоде игрока А 3 карты."""
    deck = [c for c in world.state["cards"] if c["zone"] == "deck" and c["owner"] == player]
    assert len(deck) == int(n), f"{player}'s deck holds {len(deck)} cards"


@then(_re(r"игрок " + P + r" проиграл"))
def then_lost(world: World, player: str) -> None:
    """Тогда игрок Б проиграл — and the game is over: nobody has priority."""
    lost = [p["name"] for p in world.state["players"] if p["lost"]]
    assert player in lost, f"players lost: {lost}"
    assert world.state["priority"] is None, f"the game goes on: priority is with {world.state['priority']!r}"


@then(_re(r"цикл эффектов правил игры прерван перед повторением"))
def then_loop_cut(world: World) -> None:
    """Тогда цикл эффектов правил игры прерван перед повторением — the history shows the cut (503.1.p2)."""
    assert [h for h in world.history_since_mark() if h["kind"] == "loop_cut"], "no loop was cut"


@then(_re(r"игроку " + P + r" предложены клетки: (?P<cells>.+)"))
def then_cell_options(world: World, player: str, cells: str) -> None:
    """Тогда игроку А предложены клетки: c4 — exactly these cells are legal targets of the pending choice."""
    p = world.pending("target", player)
    expected = sorted(re.findall(r"[a-z]\d", cells))
    assert sorted(p["options"]) == expected, f"the cells offered are {p['options']}, expected {expected}"


@then(_re(r"на клетке (?P<cell>[a-z]\d) (?P<neg>нет маркера|лежит маркер) «(?P<marker>[^»]+)»"))
def then_cell_marker(world: World, cell: str, neg: str, marker: str) -> None:
    """Тогда на клетке c4 лежит маркер «дрожь» / на клетке c4 нет маркера «дрожь»."""
    markers = world.state["cells"].get(cell, [])            # an engine without `cells`: SKIP, never vacuous
    assert (marker in markers) == (neg == "лежит маркер"), f"cell {cell} has markers {markers}"


@then(_re(r"игродействия в истории боя идут в таком порядке:"))
def then_history_order(world: World, datatable: list[list[str]]) -> None:
    """Тогда игродействия в истории боя идут в таком порядке: + a table «действие | карта» — these entries
    appear since the last «Когда» step in this order (others may stand between them). действие: объявление,
    объявление порождённой атаки, объявление порождённой особенности, удар, оплата, выполнено, выполнение особенности, эффект, гибель,
    срабатывание, приоритет, инкарнация, замещение, предотвращение, отмена замещённого эффекта,
    нелегальное порождённое игродействие, перемещение, розыгрыш, объявление перемещения, объявление розыгрыша,
    отмена, or a rule effect's name; карта: its source or, for a rule effect, its card. A heroes scenario says
    «способности» where these names say «особенности» (выполнение способности, объявление порождённой способности)."""
    def label(h: dict) -> str:
        ref = h["source"] if h["kind"] != "rule_effect" and h["source"] else (affected_cards(h) or [None])[0]
        return world.card_label(ref) if ref in {c["id"] for c in world.state["cards"]} else (ref or "")

    expected = [(as_one_word(row[0].strip()), row[1].strip()) for row in datatable[1:]]
    actual = [(history_name(h), label(h)) for h in world.history_since_mark()]
    position = 0
    for item in expected:
        while position < len(actual) and actual[position] != item:
            position += 1
        assert position < len(actual), f"{item} not found in this order; the history since the last action: {actual}"
        position += 1


@then(_re(r"запись в истории боя об (?P<what>объявлении (?:особенности|способности)|объявлении порождённой атаки) "
          r"\"(?P<ref>[^\"]+)\" содержит:"))
def then_history_record(world: World, what: str, ref: str, datatable: list[list[str]]) -> None:
    """Тогда запись в истории боя об объявлении особенности "X: ключ" (об объявлении порождённой атаки "X")
    содержит: + a table «поле | значение» — the fields of 537.1: идентификатор (уникальный), источник, цели (a
    list, in any order), ресурсы (закрытие, фишки: N, or нет), контролирующий игрок, породившее игродействие (нет, or «объявление
    особенности X: ключ», «гибель X», «удар X»), дополнительно (a key of the entry's other information)."""
    history = world.state["history"]
    if as_one_word(what) == "объявлении особенности":
        card_id, key = world.ability_ref(ref)
        found = [h for h in history if h["kind"] == "declare" and h["source"] == card_id and h["info"].get("ability") == key]
    else:
        card_id = world.card(ref)["id"]
        found = [h for h in history if h["kind"] == "declare" and h["source"] == card_id and h["info"].get("generated")]
    assert found, f"no such declaration in the history: {what} «{ref}»"
    entry = found[-1]
    by_id = {h["id"]: h for h in history}

    def describe(h: dict | None) -> str:
        if h is None:
            return "нет"
        if h["kind"] == "declare" and h["info"].get("ability"):
            return f"объявление особенности {world.card_label(h['source'])}: {h['info']['ability']}"
        card = h["source"] or next(iter(affected_cards(h)), None)      # the start of a turn names no card
        return f"{history_name(h)} {world.card_label(card)}" if card else history_name(h)

    def resources(items: list[str]) -> str:
        words = ["закрытие" if r.startswith("close:") else f"фишки: {r.split(':')[2]}" for r in items]
        return ", ".join(words) or "нет"

    actual = {
        "идентификатор": "уникальный" if [h["id"] for h in history].count(entry["id"]) == 1 else "повторяется",
        "источник": world.card_label(entry["source"]),
        "цели": ", ".join(world.card_label(t) if t in {c["id"] for c in world.state["cards"]} else t
                          for t in entry["targets"]),
        "ресурсы": resources(entry["resources"]),
        "контролирующий игрок": entry["controller"],
        "породившее игродействие": describe(by_id.get(entry["parent"] or "")),
    }
    for row in datatable[1:]:
        field, value = row[0].strip(), row[1].strip()
        if field == "дополнительно":
            assert entry["info"].get(value), f"the entry's other information has no «{value}»: {entry['info']}"
            continue
        if field not in actual:
            raise LookupError(f"unknown field «{field}»; known: {', '.join(actual)}, дополнительно")
        if field == "цели":          # 537.1.c «цели или целях»: a set, in any order
            assert sorted(actual[field].split(", ")) == sorted(value.split(", ")), \
                f"{field}: {actual[field]!r}, expected {value!r} (in any order)"
            continue
        assert as_one_word(actual[field]) == as_one_word(value), f"{field}: {actual[field]!r}, expected {value!r}"


@then(_re(r"игрок " + P + r" выбирает между обменом ударами и ударом на ступень слабее"))
def then_exchange_choice(world: World, player: str) -> None:
    """Тогда игрок А выбирает между обменом ударами и ударом на ступень слабее — the pending decision is this
    player's choice at an exchange of strikes (`exchange`, ASM exchange-choice), with exactly these two options
    (`exchange` and `weaker`)."""
    p = world.pending("exchange", player)
    ids = sorted(o["id"] if isinstance(o, dict) else o for o in p["options"])
    assert ids == ["exchange", "weaker"], f"the options of the exchange choice are {ids}, not exchange and weaker"


@then(_re(r"игрок " + P + r" должен бросить кубик за (?P<role>атакующего|защищающегося)"))
def then_must_roll(world: World, player: str, role: str) -> None:
    """Тогда игрок Б должен бросить кубик за атакующего — the pending decision is his roll (no defender
    decision, no other roll came first)."""
    p = world.pending("roll", player)
    expected = "attacker" if role == "атакующего" else "defender"
    assert p["role"] == expected, f"the roll is for the {p['role']}"


def _history_label(world: World, h: dict) -> str:
    ref = h["source"] if h["kind"] != "rule_effect" and h["source"] else (affected_cards(h) or [None])[0]
    return world.card_label(ref) if ref in {c["id"] for c in world.state["cards"]} else (ref or "")


@then(_re(r"игродействия в истории боя идут (?:(?P<how>в таком порядке), )?без других таких записей между ними"
          r"(?P<free>, порядок не задан)?:|игродействия в истории боя идут (?P<plain>подряд):"))
def then_history_order_exact(world: World, datatable: list[list[str]], how: str | None = None,
                             free: str | None = None, plain: str | None = None) -> None:
    """Тогда игродействия в истории боя идут в таком порядке, без других таких записей между ними: + a table
    «действие | карта» — since the last «Когда» step these entries appear in this order and no other entry of
    the listed kinds (действие) stands between the first and the last of them («без активации стека», «до того
    как кто-либо получит приоритет»); «… идут без других таких записей между ними, порядок не задан:» — the same,
    but in whatever order among themselves (where the text does not order them, e.g. a strike and its answer
    strike, whose wounds are dealt at once); «… идут подряд:» — in this order with no other entry at all between
    them. The names are those of «идут в таком порядке»."""
    if (how is None) == (free is None) and plain is None:
        raise LookupError("write «… идут в таком порядке, без других таких записей между ними:» or «… идут без "
                          "других таких записей между ними, порядок не задан:»")
    how = plain or how or "free"
    expected = [(as_one_word(row[0].strip()), row[1].strip()) for row in datatable[1:]]
    kinds = {name for name, _ in expected}
    actual = [(history_name(h), _history_label(world, h)) for h in world.history_since_mark()]
    seen = actual if how == "подряд" else [item for item in actual if item[0] in kinds]
    n = len(expected)
    if how == "free":
        found = any(sorted(seen[i:i + n]) == sorted(expected) for i in range(len(seen) - n + 1))
    else:
        found = any(seen[i:i + n] == expected for i in range(len(seen) - n + 1))
    assert found, (
        f"{expected} do not follow each other {'directly' if how == 'подряд' else 'without other entries of these kinds'}"
        f"{' (in any order)' if how == 'free' else ''}; the history since the last action: {actual}")


@then(_re(r"в истории боя нет записей «(?P<name>[^»]+)»(?: о " + C + r")?"))
def then_history_none(world: World, name: str, card: str | None) -> None:
    """Тогда в истории боя нет записей «нанесение ран» о "troll" — since the last «Когда» step no entry of that
    kind (a name of «идут в таком порядке», or an effect: нанесение ран, уничтожение, лечение, возвращение в
    руку, возвращение в колоду, взятие под контроль, получение фишек) names the card (as its target, or as its source when it has no target)."""
    known = set(HISTORY_NAMES.values()) | set(RULE_EFFECT_NAMES.values()) | set(EFFECT_NAMES.values()) | \
        {"объявление порождённой атаки", "объявление порождённой особенности"}
    name = as_one_word(name)             # the heroes word for an ability, as the vocabulary names the kind
    if name not in known:      # an unknown name would make the check pass vacuously
        raise LookupError(f"«{name}» names no kind of history entry; known: {', '.join(sorted(known))}")
    card_id = world.card(card)["id"] if card else None
    found = [h for h in world.history_since_mark()
             if name in (history_name(h), EFFECT_NAMES.get(h["info"].get("effect", "")) if h["kind"] == "effect" else None)
             and (card_id is None or card_id in affected_cards(h) or (not affected_cards(h) and h["source"] == card_id))]
    assert not found, f"the history has {len(found)} entries «{name}»: {found}"


@then(_re(r"у игрока " + P + r" нет ожидающих решений"))
def then_nothing_pending(world: World, player: str) -> None:
    """Тогда у игрока А нет ожидающих решений — the engine waits for no decision of this player (no trigger to
    declare, no target, no defender, no roll)."""
    p = world.state.get("pending")
    assert not p or p.get("player") != player, f"a decision of player {player} is pending: {p!r}"


@then(_re(r"игрок " + P + r" не бросает кубик"))
def then_no_roll(world: World, player: str) -> None:
    """Тогда игрок А не бросает кубик — no roll of this player is pending now, and none was asked of him since
    the last «Когда» step (as the replies show it; and, where the engine keeps the log, no roll of his in the
    history since then)."""
    p = world.state.get("pending")
    assert not (p and p.get("kind") == "roll" and p.get("player") == player), f"player {player} is asked to roll: {p!r}"
    asked = [r for r in world.replies() if r[1] == "roll" and r[2] == player]
    assert not asked, f"player {player} was asked to roll since the last action"
    if world.declares("battle_history"):
        rolled = [h for h in world.history_since_mark() if h["kind"] == "roll" and h["controller"] == player]
        assert not rolled, f"player {player} rolled since the last action: {rolled}"


@then(_re(r"эффекты правил игры не имеют ни источника, ни цели"))
def then_rule_effects_sourceless(world: World) -> None:
    """Тогда эффекты правил игры не имеют ни источника, ни цели — every rule effect in the history since the last
    «Когда» step has no source and no target (classic 503.1); the cards it applied to are other information."""
    rules = [h for h in world.history_since_mark() if h["kind"] == "rule_effect"]
    assert rules, "no rule effect since the last action"
    bad = [h for h in rules if h["source"] or h["targets"]]
    assert not bad, f"rule effects with a source or a target: {bad}"


@then(_re(r"игроку " + P + r" предложены точки срабатывания " + ABILITY + r" \"(?P<ability>[^\"]+)\": (?P<cards>.+)"))
def then_trigger_points(world: World, player: str, ability: str, cards: str) -> None:
    """Тогда игроку А предложены точки срабатывания способности "Талитха: …": "Гном", "Проглот" — the pending
    declaration offers this ability with exactly these trigger points (heroes 113.6: the player chooses)."""
    card_id, key = world.ability_ref(ability)
    p = world.pending("declare_trigger", player)
    offered = sorted(o["subject"] for o in p["options"] if o and o["card"] == card_id and o["ability"] == key)
    expected = sorted(world.card(name)["id"] for name in re.findall(r"\"([^\"]+)\"", cards))
    assert offered == expected, f"trigger points offered: {offered}, expected {expected}"

