"""Protocol 1.0: `unsupported` to any request is SKIP, an expected refusal is satisfied only by a code of its
class (never by unknown_action / unsupported), an optional key not sent is SKIP naming it, and SKIPs are never
known failures."""

from __future__ import annotations

import sys

import pytest

from harness.engines.adapters import EngineRefused, EngineUnsupported
from harness.engines.contract import NOT_A_REFUSAL, REFUSALS, MissingKey, refusal_codes, view
from harness.engines.protocol import SubprocessAdapter
from harness.run.results import ScenarioResult
from harness.suite.world import World

# an engine that supports setup and nothing else: every act is `unsupported`, or `unknown_action`
CODE = """import sys, json
for line in sys.stdin:
    r = json.loads(line)
    state = {"turn": 1, "priority": "А", "players": [{"name": "А", "lost": False}, {"name": "Б", "lost": False}],
             "cards": [{"id": "g", "name": "Гоблин", "owner": "А", "controller": "А", "zone": "battlefield",
                        "cell": "c3", "open": True, "wounds": 0}], "stack": [], "pending": None}
    if r["request"] == "hello":
        out = {"protocol": "1.0.0", "engine": {"name": "x", "version": "1"},
               "capabilities": {"editions": ["classic"], "features": []}}
    elif r["request"] == "act":
        code = sys.argv[1]
        print(json.dumps({"id": r["id"], "ok": False, "error": {"code": code, "message": "not yet"}}), flush=True)
        continue
    elif r["request"] == "quit":
        out = {}
    else:
        out = {"state": state}
    print(json.dumps({"id": r["id"], "ok": True, **out}), flush=True)
    if r["request"] == "quit":
        break
"""
BOARD = {"edition": "classic", "cards": []}


@pytest.mark.parametrize("code", ["unsupported", "unknown_action"])
def test_an_unsupported_request_is_skip(code: str) -> None:
    a = SubprocessAdapter([sys.executable, "-c", CODE, code], request_timeout=5)
    try:
        state = a.setup(BOARD, {})
        with pytest.raises(EngineUnsupported, match=code):
            a.act("А", {"type": "activate", "card": "g", "ability": "x"})
        world = World(adapter=a, state=state)
        with pytest.raises(EngineUnsupported):         # an expected refusal is not satisfied by it: SKIP
            world.expect_refusal("А", {"type": "activate", "card": "g", "ability": "x"}, "один раз за ход")
        with pytest.raises(MissingKey, match="card.moves_left"):
            world.card("g")["moves_left"]
    finally:
        a.shutdown()


def test_refusal_classes() -> None:
    assert refusal_codes(None) is None and refusal_codes("один раз за ход") == ("once_per_turn",)
    with pytest.raises(LookupError, match="unknown refusal class"):
        refusal_codes("потому что")


class _Refusing:
    def __init__(self, code: str):
        self.code = code

    def act(self, player, action):
        raise EngineRefused(self.code, "no")

    def state(self):
        return {"turn": 1}


def test_an_expected_refusal_needs_its_class() -> None:
    World(adapter=_Refusing("once_per_turn"), state={"turn": 1}).expect_refusal("А", {}, "один раз за ход")
    with pytest.raises(AssertionError, match="expected «один раз за ход»"):
        World(adapter=_Refusing("no_priority"), state={"turn": 1}).expect_refusal("А", {}, "один раз за ход")
    with pytest.raises(AssertionError, match="not a refusal"):
        World(adapter=_Refusing("unknown_action"), state={"turn": 1}).expect_refusal("А", {})


@pytest.mark.parametrize("code", NOT_A_REFUSAL)
@pytest.mark.parametrize("why", [None, "один раз за ход", "нет цели"])
def test_not_knowing_the_action_is_never_the_expected_refusal(code: str, why: str | None) -> None:
    with pytest.raises(AssertionError, match=f"the engine does not know the action \\({code}\\): not a refusal"):
        World(adapter=_Refusing(code), state={"turn": 1}).expect_refusal("А", {}, why)


def test_no_refusal_class_is_said_by_unknown_action_or_unsupported() -> None:
    assert not {c for _, codes in REFUSALS.values() for c in codes} & set(NOT_A_REFUSAL)
    for code in NOT_A_REFUSAL:
        with pytest.raises(LookupError, match="unknown refusal class"):
            refusal_codes(code)


def test_every_expected_refusal_of_the_suite_names_its_class() -> None:
    """Lint S021 (and the ERROR of `check`) in the kit's own features: every «не может …» step names a class
    of REFUSALS, none of them unknown_action/unsupported."""
    from harness.common import paths
    from harness.suite.suitecheck import REFUSAL_CLASS, REFUSAL_STEP, refusal_problem

    steps = [line.strip().split(" ", 1)[1] for f in sorted(paths.FEATURES.rglob("*.feature"))
             for line in f.read_text("utf-8").splitlines() if REFUSAL_STEP.search(line)]
    assert len(steps) >= 10
    assert [s for s in steps if refusal_problem(s)] == []
    assert {REFUSAL_CLASS.fullmatch(s)["why"] for s in steps} <= set(REFUSALS)
    assert refusal_problem('игрок А не может применить способность "x: y"')
    assert "never an expected refusal" in refusal_problem('игрок А не может применить способность "x: y" (unsupported)')
    assert refusal_problem('игрок А не может применить способность "x: y" (один раз за ход)') is None


def test_views_name_the_missing_key() -> None:
    v = view({"cards": [{"id": "a"}], "pending": None})
    with pytest.raises(MissingKey, match="`card.counters`"):
        v["cards"][0]["counters"]
    with pytest.raises(MissingKey, match="`cells`"):
        v["cells"]
    assert v.get("cells") is None


def test_a_skip_is_never_a_known_failure() -> None:
    r = ScenarioResult(scenario="x", name="x", feature="f", line=1, units=[], assumptions=[], status="SKIP",
                       expected="SKIP", reason="r", message="m")
    assert r.as_expected and not r.known_failure


def test_lint_checks_needs_tags(tmp_path) -> None:
    import shutil
    from pathlib import Path

    from harness.quality.lint import Project, lint_paths

    tree = Path(__file__).parent / "data" / "editors" / "tree"
    shutil.copytree(tree, tmp_path / "tree")
    feature = tmp_path / "tree" / "features" / "classic" / "900-тест.feature"
    text = feature.read_text(encoding="utf-8")
    feature.write_text(text.replace("@asm:no-such-assumption", "@asm:no-such-assumption @needs:bogus @needs:targets"),
                       encoding="utf-8")
    found = [f for f in lint_paths([feature], project=Project(root=tmp_path / "tree")) if f.code == "S014"]
    assert len(found) == 1 and "@needs:bogus" in found[0].message


def test_a_board_with_a_participle_ability_needs_the_participle_replacement() -> None:
    """The capability is derived from the card's `replacement: {of: effects}` (538), the form the vocabulary
    has (not an old `participle` field): an engine that does not declare it SKIPs such a scenario."""
    from harness.suite.capabilities import definition_needs
    from harness.suite.session import catalog

    worm = catalog().get("Скелетный червь", "classic")
    assert worm is not None and "participle_replacement" in definition_needs(worm)
    assert "participle_replacement" not in definition_needs(catalog().get("Мститель", "classic"))
