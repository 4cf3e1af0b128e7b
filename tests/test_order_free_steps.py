"""The order-free checks of rule effects (issue 26 part 3): where the text orders only stages (503.1.ex1: the
effects are applied, then removed, then not applied again), the stage table leaves the order and the number of
entries inside a stage open, and still catches an effect of an earlier stage coming back."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from harness.suite import steps

check_stages = steps.then_rule_effects_in_stages.__wrapped__      # the check itself, without the run-check wrapper

APPLY, REMOVE = "наложение эффекта постоянной особенности", "снятие эффекта постоянной особенности"
TABLE = [["эффект", "карты"], [APPLY, "a, b"], [REMOVE, "a, b"]]


def world(*entries: tuple[str, list[str]]) -> SimpleNamespace:
    history = [{"kind": "rule_effect", "source": None, "targets": [], "controller": None, "parent": None,
                "info": {"effect": effect, "cards": cards}} for effect, cards in entries]
    return SimpleNamespace(history_since_mark=lambda: history, card_label=lambda card: card)


@pytest.mark.parametrize("entries", [
    (("static_apply", ["a"]), ("static_apply", ["b"]), ("static_remove", ["b"]), ("static_remove", ["a"])),
    (("static_apply", ["b", "a"]), ("static_remove", ["a"]), ("static_remove", ["b"])),   # one entry for two
    (("static_apply", ["a"]), ("static_apply", ["a"]), ("static_apply", ["b"]), ("static_remove", ["a", "b"])),
])
def test_any_order_and_granularity_inside_a_stage_passes(entries: tuple) -> None:
    check_stages(world(*entries), TABLE)


@pytest.mark.parametrize(("entries", "why"), [
    ((("static_apply", ["a"]), ("static_remove", ["a"]), ("static_apply", ["b"]), ("static_remove", ["b"])),
     "not kept"),                                                  # applied again after a removal
    ((("static_apply", ["a"]), ("static_remove", ["a", "b"])), "expected"),       # b never had it applied
    ((("static_apply", ["a", "b"]), ("static_remove", ["a", "b"]), ("death", ["a"])), "outside the stages"),
    ((("static_apply", ["a", "b"]),), "expected"),                                # no removal at all
])
def test_a_stage_broken_fails(entries: tuple, why: str) -> None:
    with pytest.raises(AssertionError, match=why):
        check_stages(world(*entries), TABLE)


def test_a_table_naming_no_rule_effect_or_one_twice_is_the_author_s_error() -> None:
    with pytest.raises(LookupError, match="unknown rule effect"):
        check_stages(world(), [["эффект", "карты"], ["наложение", "a"]])
    with pytest.raises(LookupError, match="one stage per rule effect"):
        check_stages(world(), [["эффект", "карты"], [APPLY, "a"], [APPLY, "b"]])


check_history = steps.then_history_order_exact.__wrapped__
STRIKES = [["действие", "карта"], ["удар", "a"], ["удар", "b"]]


def history_world(*entries: tuple[str, str]) -> SimpleNamespace:
    history = [{"kind": kind, "source": source, "targets": [], "controller": None, "parent": None, "info": {}}
               for kind, source in entries]
    return SimpleNamespace(history_since_mark=lambda: history, card_label=lambda card: card,
                           state={"cards": [{"id": "a"}, {"id": "b"}, {"id": "c"}]})


def test_history_entries_in_any_order_are_still_a_block_of_exactly_these() -> None:
    """«… идут без других таких записей между ними, порядок не задан:» (a strike and its answer strike, dealt at
    once): either order passes; a missing entry, or another of the listed kinds between them, fails; the
    exact-order form keeps failing the other order."""
    for entries in ((("strike", "b"), ("pass", "a"), ("strike", "a")), (("strike", "a"), ("strike", "b"))):
        check_history(history_world(*entries), STRIKES, free=", порядок не задан")
    with pytest.raises(AssertionError, match="in any order"):
        check_history(history_world(("strike", "a")), STRIKES, free=", порядок не задан")
    with pytest.raises(AssertionError, match="in any order"):
        check_history(history_world(("strike", "a"), ("strike", "c"), ("strike", "b")), STRIKES,
                      free=", порядок не задан")
    with pytest.raises(AssertionError, match="without other entries"):
        check_history(history_world(("strike", "b"), ("strike", "a")), STRIKES, how="в таком порядке")
    with pytest.raises(LookupError, match="порядок не задан"):
        check_history(history_world(("strike", "a")), STRIKES)
