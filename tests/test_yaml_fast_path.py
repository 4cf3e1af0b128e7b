"""The libyaml fast path of harness.common.yamldoc (`_compose_fast`) is exact: on every text it takes, it gives
the node tree yaml.SafeLoader gives (kinds, tags, start lines, scalar values: all that the builder and the
line map read), and it never takes a text that yaml.SafeLoader refuses. Differences libyaml has (found by
this fuzzing): it accepts a block scalar header followed by `#` («|#»), tabs, `?` in flow collections; it
places an implicit null at the end of input or inside a flow collection spread over lines on another line."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from yaml.nodes import Node, ScalarNode

from harness.common import paths, yamldoc

pytestmark = pytest.mark.skipif(getattr(yaml, "CSafeLoader", None) is None, reason="PyYAML without libyaml")

KIT_FILES = sorted(p for folder in ("scenarios", "catalog", "expectations", "rules")
                   for p in (paths.ROOT / folder).rglob("*.yaml"))
BOARDS = [p.read_text("utf-8") for p in sorted((paths.ROOT / "scenarios").rglob("*.yaml"))][:40]
ATOMS = ["a", "b: ", "- ", ":", " ", "  ", "\n", "'", '"', "[", "]", "{", "}", ",", "#", "&x ", "*x", "!!str ",
         "? ", "|", ">", "ж", "1", "-", "%", "@", "`", "\\", ".", "~", "null", "---", "...", "\u00a0", "!t ",
         "<<: ", "|-\n", ">+\n", "\n  ", "'\n'", '"\\\n"', "0x1", "1e3", ":x", "- -", "|#", ">2", "|1-", " #c\n",
         "- >\n  x\n", "'a''b'", '"\\u0416"', "\r\n", "\t", "\ufeff", "\x85"]


def _pure(text: str) -> Node | None:
    loader = yaml.SafeLoader(text)
    try:
        return loader.get_single_node()
    finally:
        loader.dispose()


def _shape(node: Node | None) -> list:
    out: list = []
    seen: dict[int, int] = {}

    def walk(n: Node | None) -> None:
        if n is None:
            out.append(None)
            return
        if id(n) in seen:
            out.append(("alias", seen[id(n)]))
            return
        seen[id(n)] = len(seen)
        out.append((type(n).__name__, n.tag, n.start_mark.line))
        if isinstance(n, ScalarNode):
            out.append(n.value)
            return
        for item in n.value:
            for child in item if isinstance(item, tuple) else (item,):
                walk(child)

    walk(node)
    return out


def _agrees(text: str) -> None:
    fast = yamldoc._compose_fast(text)
    if fast is None:
        return                                   # declined: the pure-Python way composes it
    try:
        pure = _pure(text)
    except (yaml.YAMLError, RecursionError) as exc:
        raise AssertionError(f"libyaml took a text yaml.SafeLoader refuses ({type(exc).__name__}): {text!r}") from None
    assert _shape(fast) == _shape(pure), f"another tree for {text!r}"


@pytest.mark.parametrize("path", KIT_FILES, ids=lambda p: paths.display(p))
def test_every_yaml_file_of_the_kit_gives_the_same_tree_and_every_board_goes_the_fast_way(path: Path) -> None:
    """The boards are the bulk of a run's YAML: each goes the fast way (the catalog and the register, read once,
    may go either way)."""
    text = path.read_bytes().decode("utf-8-sig")
    if path.is_relative_to(paths.ROOT / "scenarios"):
        assert yamldoc._compose_fast(text) is not None, "a board of the kit should not need the slow way"
    _agrees(text)


@pytest.mark.parametrize("text", ["|#", ">#x", "- |#{a: 1}\n", "a: |1#\n  x\n", "---", "--- \n", "? ",
                                  "a: [1, b:\n ]\n", "x: {a:\n }\n", "a:\tb\n", "[a\t]", "!t a", "a: b\x85c"])
def test_what_libyaml_reads_otherwise_goes_the_pure_python_way(text: str) -> None:
    assert yamldoc._compose_fast(text) is None


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(st.lists(st.sampled_from(ATOMS), min_size=1, max_size=30))
def test_texts_of_yaml_pieces_compose_alike_or_go_the_pure_python_way(pieces: list[str]) -> None:
    _agrees("".join(pieces))


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(st.sampled_from(BOARDS), st.lists(st.tuples(st.floats(0, 1), st.sampled_from(ATOMS + ["", "", ""]),
                                                    st.integers(0, 6)), min_size=1, max_size=4))
def test_damaged_boards_compose_alike_or_go_the_pure_python_way(board: str, edits: list) -> None:
    text = board
    for where, insert, cut in edits:
        at = int(where * len(text))
        text = text[:at] + insert + text[at + cut:]
    _agrees(text)
