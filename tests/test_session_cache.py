"""The kit's caches of its inputs (harness/suite/session.py) serve a file again only while it is the same: a verb
run in-process on another root (`--root DIR`) gets that root's catalog and boards, and a card or a board edited
between two runs is read again, even when the edit keeps the file's size and lands within one tick of the
clock (a «racily clean» file, compared by its content)."""

from __future__ import annotations

from pathlib import Path

import pytest
from verbs import copy_suite

from harness.common import paths
from harness.common.errors import InputError
from harness.suite import features, session


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


# ---------------------------------------------------------------- kept across processes (harness/common/kept.py)
BOARD = "classic/113.1-невтида-по-одной.yaml"


def _new_process() -> None:
    """What a new process starts with: none of this one's in-memory caches."""
    session._checked_board.cache_clear()
    features._PARSED.clear()


def test_a_checked_board_is_read_from_the_cache_by_the_next_process(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("BERSERK_RULES_CACHE", str(tmp_path / "cache"))
    _new_process()
    first = session.load_scenario_board(BOARD)
    entries = list((tmp_path / "cache" / "boards").rglob("*.json"))
    assert len(entries) == 1
    _new_process()
    real = session.load_board

    def refuse(*args, **kwargs):
        raise AssertionError("the board was read and checked again")
    monkeypatch.setattr(session, "load_board", refuse)
    again = session.load_scenario_board(BOARD)
    assert (again.file, again.data, again.definitions) == (first.file, first.data, first.definitions)
    # an entry that cannot be read is no entry: the board is checked again and the entry written anew
    entries[0].write_text("{not json", encoding="utf-8")
    _new_process()
    monkeypatch.setattr(session, "load_board", real)
    assert session.load_scenario_board(BOARD).data == first.data
    assert entries[0].read_text(encoding="utf-8").startswith("[")
    _new_process()


def test_an_edited_board_is_checked_again_and_a_bad_one_is_never_kept(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("BERSERK_RULES_CACHE", str(tmp_path / "cache"))
    kit = copy_suite(paths.ROOT, tmp_path / "kit")
    board = kit / "scenarios" / BOARD
    text = board.read_text(encoding="utf-8")
    with paths.kept_layout():
        paths.use_root(str(kit))
        _new_process()
        session.load_scenario_board(BOARD)
        board.write_text(text + "bogus_field: 1\n", encoding="utf-8")
        _new_process()
        with pytest.raises(InputError, match="bogus_field"):
            session.load_scenario_board(BOARD)
        _new_process()
        with pytest.raises(InputError, match="bogus_field"):          # reported again, from the file
            session.load_scenario_board(BOARD)
    assert len(list((tmp_path / "cache" / "boards").rglob("*.json"))) == 1     # the good version only
    _new_process()


def test_no_cache_when_it_is_off_or_cannot_be_written(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("BERSERK_RULES_CACHE", "off")
    _new_process()
    assert session.load_scenario_board(BOARD).data["edition"] == "classic"
    blocker = tmp_path / "a-file"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv("BERSERK_RULES_CACHE", str(blocker / "cache"))       # under a file: never a folder
    _new_process()
    assert session.load_scenario_board(BOARD).data["edition"] == "classic"
    assert blocker.read_text(encoding="utf-8") == ""
    _new_process()


def test_a_feature_document_is_kept_and_a_refused_feature_is_reported_each_time(tmp_path: Path,
                                                                                monkeypatch) -> None:
    monkeypatch.setenv("BERSERK_RULES_CACHE", str(tmp_path / "cache"))
    feature = next(paths.FEATURES.rglob("*.feature"))
    _new_process()
    first = features.gherkin_data(feature)
    assert first is not None and len(list((tmp_path / "cache" / "gherkin").rglob("*.json"))) == 1
    _new_process()
    monkeypatch.setattr(features, "_parse_uncached", lambda text, shown: pytest.fail("parsed again"))
    assert features.gherkin_data(feature) == first
    monkeypatch.undo()
    monkeypatch.setenv("BERSERK_RULES_CACHE", str(tmp_path / "cache"))
    bad = "# language: ru\nФункция: x\n  Сценарий: y\n    Дано a\n  Тогда\n"
    for _ in range(2):
        _new_process()
        with pytest.raises(InputError):
            features._parse_text(bad + "   |\n", "bad.feature")
    assert len(list((tmp_path / "cache" / "gherkin").rglob("*.json"))) == 1
    _new_process()
