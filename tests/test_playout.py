"""Tests of the play-outs (harness/output/playout.py) and of the judges' ruling view (`berserk-rules lookup`)."""

from __future__ import annotations

import json
import subprocess

import pytest

from harness.common import paths
from harness.output.playout import playout_view, run_playouts
from harness.suite.features import ScenarioInfo, scan_features, scenarios_by_unit

EXAMPLE = "classic:113.2.ex1"


@pytest.fixture(scope="module")
def example_run():
    return run_playouts([EXAMPLE])


def _named(unit: str) -> set[str]:
    by_unit = scenarios_by_unit(scan_features(paths.FEATURES, root=paths.ROOT))
    return {s.id for uid, scs in by_unit.items() if uid == unit or uid.startswith(unit + ".") for s in scs}


def test_runs_only_the_scenarios_of_the_unit(example_run) -> None:
    named = _named(EXAMPLE)
    assert named, "the kit's first example has scenarios"
    assert {p["scenario"] for p in example_run.playouts} == named
    assert {r.scenario for r in example_run.results.results} == named
    assert example_run.results.run.unit_filter == [EXAMPLE]


def test_a_playout_has_every_step_with_its_state(example_run) -> None:
    view = next(p for p in example_run.playouts if "Невтид" in p["name"] and p["status"] == "PASS")
    assert view["edition"] == "classic" and view["stack_name"] == "стек" and view["players"] == ["А", "Б"]
    info = next(s for s in scan_features(paths.FEATURES, root=paths.ROOT) if s.id == view["scenario"])
    assert [s["line"] for s in view["steps"]] == [line for _, _, line in info.steps]
    first = view["steps"][0]
    assert first["keyword"] == "Дано" and first["board_changed"] and first["changed"]
    assert "history" not in first["state"]
    names = {c["name"] for c in first["state"]["cards"]}
    assert {"Невтида", "Мститель", "Гоблин"} <= names
    # «Тогда» steps only check: nothing changes
    assert all(not s["changed"] for s in view["steps"] if s["keyword"] == "Тогда")
    # the defender decision is answered by a step, and the rule effects of the fight are listed
    answered = [s for s in view["steps"] if s["answer"]]
    assert any(s["answer"]["decision"]["kind"] == "defender" for s in answered)
    effects = [e["info"].get("effect") for s in view["steps"] for e in s["rule_effects"]]
    assert "death" in effects
    assert view["outcome"]["status"] == "PASS" and view["outcome"]["history"]
    # events are exactly the history, step by step
    assert [e for s in view["steps"] for e in s["events"]] == view["outcome"]["history"]


def test_playout_view_of_a_failed_scenario_lists_the_steps_not_reached() -> None:
    state = {"edition": "heroes", "stack_name": "Очередь", "players": [{"name": "А"}, {"name": "Б"}],
             "cards": [], "stack": [], "pending": None, "priority": "А",
             "history": [{"id": "h1", "kind": "setup", "info": {}}]}
    trace = {"scenario": "heroes/x::[1] y", "name": "[1] y", "feature": "features/heroes/x.feature", "line": 3,
             "units": ["heroes:113.7"], "status": "FAIL", "message": "step «Тогда z» (line 6): no",
             "steps": [{"keyword": "Дано", "text": "расклад", "line": 4, "status": "passed", "state": state},
                       {"keyword": "Тогда", "text": "z", "line": 6, "status": "failed", "state": state}]}
    info = ScenarioInfo(id="heroes/x::[1] y", name="[1] y", feature="features/heroes/x.feature", line=3, tags=(),
                        units=("heroes:113.7",), assumptions=(), rule=None,
                        steps=(("Дано", "расклад", 4), ("Когда", "w", 5), ("Тогда", "z", 6), ("И", "q", 7)))
    view = playout_view(trace, info)
    assert [(s["line"], s["status"]) for s in view["steps"]] == [(4, "passed"), (6, "failed"), (7, "skipped")]
    assert view["steps"][-1]["state"] is None
    assert view["stack_name"] == "Очередь" and view["status"] == "FAIL"
    assert view["outcome"]["message"].endswith("no")


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch):
    """`berserk-rules ARGS` in this process (the command's own code, its output captured): what the command
    prints and its exit code, without a Python start-up and a fresh search index per call."""
    from harness.cli import main

    monkeypatch.setenv("COLUMNS", "120")

    def run(*args: str) -> subprocess.CompletedProcess:
        capsys.readouterr()
        code = main(list(args))
        out, err = capsys.readouterr()
        return subprocess.CompletedProcess(["berserk-rules", *args], code, out, err)

    return run


def test_lookup_json_gives_the_playouts(cli) -> None:
    proc = cli("lookup", "classic:113.2", "--json", "--play")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert [u["id"] for u in data] == ["classic:113.2"]
    unit = data[0]
    assert EXAMPLE in unit["examples"]
    assert set(unit["all_scenarios"]) == _named("classic:113.2")
    assert {p["scenario"] for p in unit["playouts"]} == set(unit["all_scenarios"])
    step = unit["playouts"][0]["steps"][0]
    assert {"keyword", "text", "state", "events", "rule_effects", "stack", "priority", "pending", "answer"} <= set(step)


def test_lookup_terminal_shows_the_board_and_the_history(cli) -> None:
    proc = cli("lookup", "Невтида", "Мститель", "--play")
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "classic:113.2.ex1" in out
    assert "│ a" in out and "│ 6 │" in out  # the 5×6 grid
    assert "Эффект правил игры: гибель Невтиды" in out
    assert "Ждёт решения: Игрок Б решает, назначить ли защитника" in out
    assert "Итог: пройден" in out


@pytest.mark.parametrize("query", ["Талитха", "контроль", "срабатывающие"])
def test_lookup_by_words_finds_units(cli, query: str) -> None:
    proc = cli("lookup", query, "--json", "--no-play")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data and all("playouts" not in u for u in data)


def test_lookup_answers_first_in_one_screen(cli) -> None:
    """By default: the text, the examples and one line per scenario (title, verdict, file:line), no play-out."""
    proc = cli("lookup", "classic:113.2")
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert out.index("113.2. ") < out.index(f"[{EXAMPLE}] ПРИМЕР") < out.index("сценарии (")
    data = json.loads(cli("lookup", "classic:113.2", "--json").stdout)[0]
    assert "playouts" not in data and all(x["status"] == "PASS" for x in data["scenario_lines"])
    assert any(x.get("reading") for x in data["scenario_lines"])  # N/A by default: its verdict under its reading
    own = [x for x in data["scenario_lines"] if set(x["units"]) & {"classic:113.2", *data["examples"]}]
    assert len(own) >= 3
    from harness.cli.lookup import SCENARIO_LINES

    for x in own[:SCENARIO_LINES]:
        reading = f" при прочтении {x['reading']}" if x.get("reading") else ""
        assert f"• {x['name']} — пройден{reading} — {x['file']}:{x['line']}" in out, x["name"]
    if len(own) > SCENARIO_LINES:
        assert f"… и ещё {len(own) - SCENARIO_LINES} (все перечислит berserk-rules lookup classic:113.2 --json" in out
    assert "Итог:" not in out and "│ 6 │" not in out  # no play-out
    assert len(out.splitlines()) <= 80
    # words: the best unit whole, the others as their matched sentence
    out = cli("lookup", "можно", "ли", "назначить", "защитника", "от", "порождённого", "удара").stdout
    assert len(out.splitlines()) <= 60 and "Итог:" not in out
    assert "нельзя *назначить* *защитника*" in out  # the matched words marked (plain output: between stars)


def test_lookup_of_a_scenario_id_plays_that_scenario(cli) -> None:
    sid = sorted(_named(EXAMPLE))[0]
    proc = cli("lookup", sid)
    assert proc.returncode == 0, proc.stderr
    assert "Итог: пройден" in proc.stdout and proc.stdout.count("Итог:") == 1
    data = json.loads(cli("lookup", sid, "--json").stdout)
    assert [p["scenario"] for p in data[0]["playouts"]] == [sid] and data[0]["id"] == EXAMPLE


def test_lookup_heroes_playout_has_no_grid(cli) -> None:
    if not _named("heroes:113.7"):
        pytest.skip("heroes:113.7 has no scenario yet")
    proc = cli("lookup", "heroes:113.7", "--play")
    assert proc.returncode == 0, proc.stderr
    assert "Игрок А" in proc.stdout and "Талитха" in proc.stdout
    assert "│ 6 │" not in proc.stdout
    assert "Очередь (сверху вниз)" in proc.stdout


def test_lookup_nothing_found(cli) -> None:
    proc = cli("lookup", "зззнетслова")
    assert proc.returncode == 1 and "ничего не найдено" in proc.stdout
