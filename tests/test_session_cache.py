"""The kit's caches of its inputs (harness/suite/session.py) serve a file again only while it is the same: a verb
run in-process on another root (`--root DIR`) gets that root's catalog and boards, and a card or a board edited
between two runs is read again, even when the edit keeps the file's size and lands within one tick of the
clock (a «racily clean» file, compared by its content)."""

from __future__ import annotations

from pathlib import Path

from verbs import copy_suite

from harness.common import paths
from harness.suite import session


def test_another_root_and_an_edit_of_the_same_size_are_read_again(tmp_path: Path) -> None:
    board = "classic/113.1-невтида-по-одной.yaml"
    ours = session.load_scenario_board(board)
    defined = ours.definitions["Невтида"]
    kit = copy_suite(paths.ROOT, tmp_path / "kit")
    catalog = kit / "catalog" / "classic.yaml"
    text = catalog.read_text(encoding="utf-8")
    assert text.count("          value: 4\n") >= 1
    with paths.kept_layout():
        paths.use_root(str(kit))
        before = session.load_scenario_board(board).definitions["Невтида"]
        assert before == defined                                   # the copy: the same card
        catalog.write_text(text.replace("          value: 4\n", "          value: 3\n", 1), encoding="utf-8")
        after = session.load_scenario_board(board).definitions["Невтида"]   # the same size, at once
        assert "'value': 4" in str(before) and "'value': 3" in str(after)
    assert session.load_scenario_board(board).definitions["Невтида"] == defined   # the kit's own again
