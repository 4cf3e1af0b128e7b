"""The sandbox of the site (harness/output/sandbox.py, sandbox_site.py): a position set up and played with the
reference engine, undo and redo, and the line exported as a scenario that passes `lint` and `check`; in a real
headless browser (Pyodide), a scripted line ends in the same canonical state as the engine in this process."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import threading
import urllib.parse
from pathlib import Path

import pytest

import engine
from harness.output.sandbox import Sandbox, canonical_json
from harness.output.sandbox_site import card_data, find_pyodide, install_hint
from harness.quality.browser import chromium
from harness.suite.session import load_scenario_board

REPO = Path(__file__).resolve().parents[1]
CLI = [sys.executable, "-X", "utf8", "-m", "harness.cli"]
BOARD = "classic/113.2.ex1-невтида-мститель.yaml"
ORIGIN = {"id": "classic:113.2.ex1-1", "name": "113.2.ex1-1", "units": ["classic:113.2", "classic:113.2.ex1"],
          "tags": ["asm:stack-lifo", "asm:card-stats-unknown"]}
# Гоблин attacks Невтида (4 wounds of 5): no defender, 6 against 1 — she dies, Мститель returns to А, whose
# «при гибели вашего существа» must be declared; both pass and it resolves
LINE = [{"do": "act", "player": "А", "action": {"type": "attack", "attacker": "goblin", "target": "nevtida"}},
        {"do": "act", "player": "А", "action": {"type": "pass"}},
        {"do": "act", "player": "Б", "action": {"type": "pass"}},
        {"do": "answer", "player": "Б", "choice": None},
        {"do": "answer", "player": "А", "choice": 6},
        {"do": "answer", "player": "Б", "choice": 1}]


@pytest.fixture(scope="module")
def cards():
    return card_data()


def sandbox(cards) -> Sandbox:
    return Sandbox(cards["cards"], cards["pool"], cards["invented"], cards["forms"])


def in_process(board: dict, moves: list[dict]) -> dict:
    """The engine in this process, as the harness sets it up (`harness.suite.board`), after the moves."""
    loaded = load_scenario_board(BOARD)
    assert {k: v for k, v in loaded.data.items() if k not in ("dice", "test_cards")} == board
    game = engine.new_game(loaded.data, loaded.definitions)
    for m in moves:
        (game.act if m["do"] == "act" else game.answer)(m["player"], m["action"] if m["do"] == "act" else m["choice"])
    return engine.state(game)


def play_scenario_line(cards) -> Sandbox:
    sb = sandbox(cards)
    sb.load(load_scenario_board(BOARD).data, ORIGIN)
    sb.play(LINE)
    view = sb.view()
    assert view["pending"]["kind"] == "declare_trigger"     # Мститель's trigger, offered as the engine lists it
    sb.answer(0)
    while sb.view()["actions"] and sb.view()["stack"]:
        sb.act(0)                                           # «пас» is always the first legal action
    return sb


# ------------------------------------------------------------------------------------------ in this process
def test_the_sandbox_plays_what_the_engine_plays_and_undo_redo_restore_each_state(cards) -> None:
    sb = sandbox(cards)
    sb.load(load_scenario_board(BOARD).data, ORIGIN)
    start = sb.view()
    assert [a["text"] for a in start["actions"]] == ["пас", "закончить ход", "Гоблин атакует Мститель",
                                                   "Гоблин атакует Невтида"]
    sb.play(LINE)
    after = sb.view()
    assert json.loads(after["canonical"]) == json.loads(canonical_json(in_process(sb.board, LINE)))
    nevtida = next(c for c in json.loads(after["canonical"])["cards"] if c["id"] == "nevtida")
    assert nevtida["zone"] == "graveyard"
    assert any(e["rule"] and "гибель" in e["text"].lower() for e in after["events"]), after["events"]
    assert "обязан объявить" in after["pending"]["text"]
    for _ in LINE:
        sb.undo()
    assert sb.view()["canonical"] == start["canonical"]
    sb.redo()
    assert json.loads(sb.view()["canonical"]) == json.loads(canonical_json(in_process(sb.board, LINE[:1])))
    assert sb.view()["can_redo"]
    sb.act(0)                                               # a new move after undo drops the moves undone
    assert not sb.view()["can_redo"] and sb.view()["line"] == ["А: Гоблин атакует Невтида", "А: пас"]


def test_edits_the_engine_refuses_are_not_made_and_say_why(cards) -> None:
    sb = sandbox(cards)
    sb.empty("classic")
    assert json.loads(sb.call(json.dumps({"do": "edit", "edit": {"op": "add", "card": "Гоблин", "owner": "А",
                                                                   "cell": "c3"}})))["ok"]
    before = sb.view()["board"]
    reply = json.loads(sb.call(json.dumps({"do": "edit", "edit": {"op": "add", "card": "Тролль", "owner": "Б",
                                                                    "cell": "c3"}})))
    assert not reply["ok"] and "c3" in reply["error"], reply
    assert sb.view()["board"] == before
    reply = json.loads(sb.call(json.dumps({"do": "edit", "edit": {"op": "add", "card": "Гоблинн"}})))
    assert not reply["ok"] and "Гоблин" in reply["error"], reply           # the near name is offered
    reply = json.loads(sb.call(json.dumps({"do": "undo"})))
    assert not reply["ok"] and reply["error"] == "нечего отменять"


def defender_line(cards) -> Sandbox:
    """The scenario's attack on Невтида, a defender assigned instead of none, then played out by first options."""
    sb = sandbox(cards)
    sb.load(load_scenario_board(BOARD).data, ORIGIN)
    sb.play(LINE[:3])
    options = sb.view()["pending"]["options"]
    sb.answer(next(o["index"] for o in options if o["text"] != "без защитника"))
    for _ in range(20):
        v = sb.view()
        if v["pending"]:
            sb.answer(0)
        elif v["actions"] and v["stack"]:
            sb.act(0)                                       # «пас»
        else:
            break
    return sb


def test_a_defender_assigned_is_exported_with_its_step(cards) -> None:
    text = defender_line(cards).export(tag="113.2.ex1-песочница-3")["feature"]
    assert 'игрок Б назначает защитником "' in text, text


def _kit(tmp: Path, exported: list[dict]) -> Path:
    """A throw-away kit root: the real rules and catalog, the suite's boards, and only the exported scenarios."""
    root = tmp / "kit"
    (root / "tests").mkdir(parents=True)
    for name in ("pyproject.toml", "conftest.py"):
        shutil.copy(REPO / name, root / name)
    shutil.copy(REPO / "tests" / "test_scenarios.py", root / "tests" / "test_scenarios.py")
    for name in ("rules", "catalog"):
        (root / name).symlink_to(REPO / name, target_is_directory=True)
    shutil.copytree(REPO / "harness" / "schemas", root / "harness" / "schemas")   # the boards' modeline names it
    for edition in ("classic", "heroes"):
        shutil.copytree(REPO / "scenarios" / edition, root / "scenarios" / edition)
        (root / "features" / edition).mkdir(parents=True)
    for e in exported:
        (root / "features" / e["feature_path"]).write_text(e["feature"], "utf-8")
        (root / "scenarios" / e["board_path"]).write_text(e["board"], "utf-8")
    return root


def _cli(root: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([*CLI, *args], cwd=root, capture_output=True, text=True, encoding="utf-8", timeout=600,
                          env=dict(os.environ, PYTHONUTF8="1", BERSERK_RULES_ROOT=str(root)))


def _heroes_line(cards) -> Sandbox:
    """An empty heroes board set up card by card (the catalog and the pool), then played by the first options."""
    sb = sandbox(cards)
    sb.empty("heroes")
    pool = cards["pool"]["heroes"]
    assert pool, "the heroes pool of test cards is empty"
    creatures = [n for n in pool if cards["cards"]["heroes"][n].get("type") == "creature"][:2]
    for name, owner in zip(creatures, ("А", "Б"), strict=False):
        sb.edit({"op": "add", "card": name, "owner": owner})
    first = sb.view()["board"]["cards"][0]["id"]
    sb.edit({"op": "set", "id": first, "field": "wounds", "value": 1})
    for _ in range(6):
        v = sb.view()
        if v["pending"]:
            sb.answer(0)
        elif len(v["actions"]) > 2:
            sb.act(2)                                       # past «пас» and «закончить ход»: an attack
        elif v["actions"]:
            sb.act(0)
    return sb


def choose(sb: Sandbox, text: str) -> None:
    """Play the option of the pending decision, or else the legal action, the page shows with this text."""
    v = sb.view()
    offered = v["pending"]["options"] if v["pending"] else v["actions"]
    picked = [o for o in offered if o["text"] == text]
    assert picked, (text, [o["text"] for o in offered])
    (sb.answer if v["pending"] else sb.act)(picked[0]["index"])


# lines that change each kind of state the page shows (issue 37), played by the texts the page shows: (board, the
# unit of the export, the moves, and per kind the step the export must hold and a wrong value of it — the same
# scenario with that one thing wrong must fail `check`)
ROUND_TRIP: dict[str, tuple[str, str, list[str], list[tuple[str, str]]]] = {
    "strike-effect-control": (BOARD, "classic:113.2.ex1", [], [   # the Мститель line: played by play_scenario_line
        ('у "Мститель" простой удар 3-4-5', 'у "Мститель" простой удар 1-2-3'),
        ('"Мститель": +2 к удару, до конца этого хода', '"Мститель": +1 к удару, до конца этого хода'),
        ('"Мститель": +2 к удару, до конца этого хода', '"Мститель": +2 к удару, без срока'),
        ('"Мститель" под контролем игрока А', '"Мститель" под контролем игрока Б'),
        ('"Мститель" принадлежит игроку А', '"Мститель" принадлежит игроку Б'),
        ('"Невтида" на кладбище игрока Б', '"Невтида" в колоде игрока Б'),
        ('"Гоблин" закрыт', '"Гоблин" открыт')]),
    "pending-declaration": (BOARD, "classic:113.2.ex1", ["Гоблин атакует Невтида", "пас", "пас", "без защитника",
                                                         "выпало 6", "выпало 1"], [
        ('игрок А обязан объявить', 'игрок Б обязан объявить'),
        ('"Мститель" под контролем игрока А\n      И "Мститель" принадлежит игроку А\n      И на "Мститель" не '
         'действуют эффекты', '"Мститель" под контролем игрока А\n      И "Мститель" принадлежит игроку А\n'
         '      И на "Мститель" действует эффект особенности "Невтида": контроль игрока Б, пока "Невтида" в отряде')]),
    "pending-defender": (BOARD, "classic:113.2.ex1", ["Гоблин атакует Невтида", "пас", "пас"], [
        ('игрок Б может назначить защитником "Мститель"', 'игрок Б может назначить защитником "Тролль"'),
        ('контроль игрока Б, пока "Невтида" в отряде', 'контроль игрока Б, до конца этого хода'),
        ('на стеке сверху вниз:', 'стек пуст\n      И на стеке сверху вниз:')]),
    "pending-roll": (BOARD, "classic:113.2.ex1", ["Гоблин атакует Невтида", "пас", "пас", "без защитника"], [
        ('должен бросить кубик за атакующего', 'должен бросить кубик за защищающегося'),
        ('приоритета нет ни у кого', 'приоритет у игрока А')]),
    "lives": ("classic/503/b6-жизни.yaml", "classic:503.1.b6", [
        "применить Жрица: благословение", "Латник (guard)", "пас", "пас",
        "применить Проклинатель: проклятие", "Латник (troll)", "пас", "пас"], [
        ('у "guard" 7 жизней, максимум 5', 'у "guard" 7 жизней, максимум 7'),
        ('у "guard" 7 жизней, максимум 5', 'у "guard" 5 жизней, максимум 5'),
        ('у "guard" 2 дополнительные жизни', 'у "guard" 3 дополнительные жизни'),
        ('у "troll" 1 отрицательная жизнь', 'у "troll" 2 отрицательные жизни')]),
    "face-down": ("classic/503/b1-вскрытие.yaml", "classic:503.1.b1", [
        "Гоблин атакует Засадник (ambusher)", "пас", "пас", "выпало 6", "выпало 1"], [
        ('"ambusher" вскрыт', '"ambusher" лежит рубашкой вверх'),
        ('у "ambusher" 3 раны', 'у "ambusher" 2 раны')]),
    "card-markers": ("classic/536-538/537.2-злопамятный-омыватель.yaml", "classic:537.2", [
        "применить Омыватель: омовение", "Гоблин-ветеран", "пас", "пас"], [
        ('на "Гоблин-ветеран" нет маркеров', 'на "Гоблин-ветеран" маркеры: «метка»')]),
    "pending-target": ("classic/536-538/537.2-злопамятный-омыватель.yaml", "classic:537.2", [
        "применить Омыватель: омовение"], [
        ('предложены цели: "Гоблин-ветеран", "Злопамятный", "Омыватель"', 'предложены цели: "Злопамятный"'),
        ('на "Гоблин-ветеран" маркеры: «метка»', 'на "Гоблин-ветеран" нет маркеров')]),
    "cell-markers": ("classic/536-538/538-червь-гибель.yaml", "classic:538.1.b2", [
        "Древний тролль (troll) атакует Скелетный червь", "пас", "пас", "выпало 6", "выпало 1",
        "объявить Скелетный червь: дрожь (точка: Скелетный червь)", "клетка d2", "пас", "пас"], [
        ('на клетке d2 лежит маркер «дрожь»', 'на клетке d2 нет маркера «дрожь»')]),
    "counters": ("classic/536-538/536-шаман.yaml", "classic:536.1", [
        "применить Шаман-Душегрыз: гипноз", "Забияка", "Щитоносец", "пас", "пас", "выпало 4"], [
        ('у "Шаман-Душегрыз" 0 фишек', 'у "Шаман-Душегрыз" 1 фишка'),
        ('у "Щитоносец" 2 жизни, максимум 5', 'у "Щитоносец" 5 жизней, максимум 5'),
        ('обязан объявить особенность "Забияка: при атаке"', 'может объявить особенность "Забияка: при атаке"')]),
    "lost": ("classic/503/b18-проигрыш.yaml", "classic:503.1.b18", [
        "Гоблин (goblin) атакует Гоблин (last)", "пас", "пас", "выпало 6", "выпало 1"], [
        ('игрок Б проиграл', 'игрок А проиграл')]),
}


def round_trip_line(cards, kind: str) -> Sandbox:
    board, unit, moves, _ = ROUND_TRIP[kind]
    if kind == "strike-effect-control":
        return play_scenario_line(cards)
    sb = sandbox(cards)
    sb.load(load_scenario_board(board).data, {"units": [unit]})
    for text in moves:
        choose(sb, text)
    return sb


def test_every_kind_of_state_shown_is_exported_and_each_check_can_fail(cards, tmp_path: Path) -> None:
    """Lines that change each kind of state the page shows (issue 37: strike and its modifiers, effects with their
    durations, control and ownership, lives of maximum, additional and negative lives, wounds, face-down, markers on
    cards and on cells, counters, zones, open/closed, the stack, priority, each kind of pending decision, a player
    who lost), exported: the exports pass `lint` and `check`; the same scenario with any one of these things wrong
    (one step's value changed) fails `check` — no exported check is one that cannot fail."""
    exported, wrong = [], []
    for kind, (_board, unit, _moves, mutations) in ROUND_TRIP.items():
        e = round_trip_line(cards, kind).export(unit=unit, tag=f"песочница-{kind}", title=f"песочница: {kind}")
        exported.append(e)
        for i, (right, bad) in enumerate(mutations, 1):
            assert right in e["feature"], (kind, right, e["feature"])
            w = dict(e, feature=e["feature"].replace(right, bad, 1).replace(f"[песочница-{kind}]",
                                                                             f"[песочница-{kind}-не-{i}]"),
                     feature_path=e["feature_path"].replace(".feature", f"-не-{i}.feature"),
                     scenario_id=f"{e['scenario_id']}-не-{i}")
            wrong.append(w)
    text = exported[0]["feature"]                       # the Мститель line: «+2 к удару до конца вашего хода»
    assert '"Невтида" на кладбище игрока Б' in text and '"Мститель" под контролем игрока А' in text
    assert "@classic:113.2.ex1" in text and "@asm:card-stats-unknown" in text
    shown = json.loads(play_scenario_line(cards).view()["canonical"])
    assert sum(c["zone"] == "battlefield" for c in shown["cards"]) == text.count(" ран\n") > 0
    exported.append(defender_line(cards).export(tag="113.2.ex1-песочница-3"))   # the defender step too
    assert "назначает защитником" in exported[-1]["feature"], exported[-1]["feature"]
    heroes = _heroes_line(cards)
    exported.append(heroes.export(unit="heroes:113.2", tag="113.2-песочница-1"))
    assert "Когда" in exported[-1]["feature"] and "особенност" not in exported[-1]["feature"], exported[-1]["feature"]
    root = _kit(tmp_path, exported + wrong)
    files = [str(Path(sub) / e[key]) for e in exported for sub, key in (("features", "feature_path"),
                                                                          ("scenarios", "board_path"))]
    lint = _cli(root, "lint", *files, "--json")
    findings = json.loads(lint.stdout)["findings"]
    assert lint.returncode == 0 and not [f for f in findings if f["severity"] in ("error", "warning")], lint.stdout
    report = tmp_path / "reports"
    check = _cli(root, "check", "--report-dir", str(report))
    results = {r["scenario"]: r for r in json.loads((report / "results.json").read_text("utf-8"))["results"]}
    assert {sid: r["status"] for sid, r in results.items()} == \
        {**{e["scenario_id"]: "PASS" for e in exported}, **{w["scenario_id"]: "FAIL" for w in wrong}}, \
        {sid: (r["status"], r["message"][:200]) for sid, r in results.items()}
    assert check.returncode == 1


def test_a_new_position_starts_a_new_line_and_the_export_follows_it(cards) -> None:
    """After a line, loading another position: nothing of the line is exported (the page clears its export form)."""
    sb = play_scenario_line(cards)
    sb.empty("heroes")
    reply = json.loads(sb.call(json.dumps({"do": "export", "unit": "heroes:113.2", "tag": "п-1"})))
    assert reply["ok"] and "Когда" not in reply["export"]["feature"] and "Невтида" not in reply["export"]["feature"]


# ------------------------------------------------------------------------------------------ in the browser
_no_browser = pytest.mark.skipif(
    chromium() is None or find_pyodide() is None,
    reason="the sandbox's browser test needs headless Chromium (apt-get install chromium) and Pyodide ("
           + install_hint() + "); .ci/run installs both")


def needs_browser(test):
    """A test in a browser: end-to-end (pyproject.toml's `e2e`), skipped without Chromium or Pyodide."""
    return pytest.mark.e2e(_no_browser(test))


@pytest.fixture(scope="module")
def served(rules_site: Path):
    """The rules site (tests/conftest.py `rules_site`, built once per session) served on localhost: the sandbox
    page runs no WebAssembly from file://."""
    from harness.output.sandbox_site import server

    out = rules_site
    httpd = server(out)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/", out, httpd
    httpd.shutdown()
    httpd.server_close()


@needs_browser
def test_a_scripted_line_in_the_browser_ends_in_the_engines_state_and_exports_the_same_scenario(cards, served,
                                                                                                  browser) -> None:
    url, out, httpd = served
    assert (out / "pyodide" / "pyodide.asm.wasm").is_file() and (out / "assets" / "sandbox" / "kit.zip").is_file()
    page_html = (out / "sandbox.html").read_text("utf-8")
    status = re.search(r'<div id="sb-status"[^>]*>(.*?)</div>', page_html, re.S).group(1)
    assert "Загрузка движка" in status and " МБ" in status and "<progress" in status   # on screen before any script
    assert page_html.index('rel="preload" href="pyodide/pyodide.asm.wasm"') < page_html.index("<body")
    assert page_html.index('rel="preload" href="assets/sandbox/kit.zip"') < page_html.index("<body")
    hash_ = urllib.parse.urlencode({"scenario": ORIGIN["id"], "play": json.dumps(LINE, ensure_ascii=False),
                                    "export": "1", "tag": "113.2.ex1-песочница-1"})
    b = browser                          # one Chromium for the session (tests/conftest.py), a tab of its own
    page = b.open(url + "index.html")    # a first visit: nothing this origin's pages kept in Cache Storage before
    try:
        b.wait(page, "location.protocol === 'http:' && document.readyState === 'complete'", timeout=60)
        b.evaluate(page, "caches.keys().then(function (ks) { return Promise.all(ks.map(function (k) { "
                         "return caches.delete(k); })); }).then(function () { document.body.dataset.emptied = '1'; })")
        assert b.wait(page, "document.body.dataset.emptied", timeout=60) == "1"
    finally:
        b.close_page(page)
    page = b.open(url + "sandbox.html#" + hash_)
    try:
        assert b.wait(page, "document.body.dataset.ready", timeout=180) == "1", \
            b.evaluate(page, "document.getElementById('sb-status').textContent")
        browser_state = json.loads(b.evaluate(page, "document.getElementById('sb-canonical').value"))
        feature = b.evaluate(page, "document.getElementById('sb-feature').value")
        board = b.evaluate(page, "document.getElementById('sb-yaml').value")
        error = b.evaluate(page, "document.getElementById('sb-error').textContent")
        buttons = b.evaluate(page, "Array.from(document.querySelectorAll('#sb-pending button')).map(x => x.textContent)")
        svg = b.evaluate(page, "document.querySelectorAll('#sb-board svg').length")
        cold = json.loads(b.evaluate(page, "JSON.stringify(document.getElementById('sb-timing').dataset)"))
        # a new position clears the export form: the previous line's scenario, unit, tag and title are gone
        b.evaluate(page, "document.getElementById('sb-tag').value = 'x'; document.querySelector('[data-empty=heroes]').click()")
        form = b.evaluate(page, "['sb-feature', 'sb-yaml', 'sb-unit', 'sb-tag', 'sb-title'].map(function (i) { "
                                "return document.getElementById(i).value; }).concat([document.getElementById("
                                "'sb-feature-path').textContent])")
        cached = b.wait(page, "document.body.dataset.cached", timeout=120)
        kept = b.wait(page, "document.body.dataset.snapshot", timeout=120)
    finally:
        b.close_page(page)
    assert form == ["", "", "", "", "", ""], form
    assert cached == "1"                 # the service worker keeps the files in Cache Storage for the next visit
    assert (cold["snapshot"], kept) == ("none", "1")    # a first visit starts Python, then keeps its snapshot
    # the next visit starts from that snapshot (Python with the engine set up) and plays the same line to the same
    # state; then a snapshot that cannot be loaded (here: not one) is dropped, and Python starts as usual
    replay = url + "sandbox.html#" + urllib.parse.urlencode({"scenario": ORIGIN["id"],
                                                            "play": json.dumps(LINE, ensure_ascii=False)})
    visits = []
    for spoil in (False, True):
        page = b.open(replay)
        try:
            assert b.wait(page, "document.body.dataset.ready", timeout=180) == "1"
            visits.append((json.loads(b.evaluate(page, "JSON.stringify(document.getElementById('sb-timing').dataset)")),
                           json.loads(b.evaluate(page, "document.getElementById('sb-canonical').value"))))
            if spoil:
                continue
            b.evaluate(page, "caches.open(document.getElementById('sb-status').dataset.cache).then(function (c) { "
                             "return c.put('assets/sandbox/engine.snapshot', new Response(new Uint8Array(64))); })"
                             ".then(function () { document.body.dataset.spoiled = '1'; })")
            assert b.wait(page, "document.body.dataset.spoiled", timeout=60) == "1"
        finally:
            b.close_page(page)
    (warm, warm_state), (spoiled, spoiled_state) = visits
    assert (warm["snapshot"], spoiled["snapshot"]) == ("restored", "none"), (warm, spoiled)
    print(f"sandbox: first legal actions {cold['coldMs']} ms cold, {warm['coldMs']} ms warm")
    missing = [(path, code) for path, code in httpd.answered if code >= 400]
    assert not missing, missing          # no request of the page fails (the favicon is inline)
    page = b.open((out / "sandbox.html").resolve().as_uri())      # from a file: the way to open it, and only that
    try:
        assert b.wait(page, "document.body.dataset.ready", timeout=60) == "error"
        said = b.evaluate(page, "document.getElementById('sb-status').textContent")
    finally:
        b.close_page(page)
    assert "berserk-rules site --serve" in said and "Error" not in said and str(out) not in said, said
    assert error == ""
    assert browser_state == warm_state == spoiled_state == json.loads(canonical_json(in_process(load_board_data(), LINE)))
    assert buttons == ["объявить Мститель: при гибели вашего существа (точка: Невтида)"]
    assert svg == 1
    shipped = (out / "assets" / "sandbox" / "boards.js").read_text("utf-8")
    shipped_data = json.loads(shipped[shipped.index("=") + 1:].strip().rstrip(";"))
    sc = shipped_data["scenarios"][ORIGIN["id"]]
    assert sc["board"] == BOARD and "asm:stack-lifo" in sc["tags"]
    sb = sandbox(cards)
    sb.load(load_scenario_board(BOARD).data, {"id": ORIGIN["id"], "name": sc["name"], "units": sc["units"],
                                              "tags": sc["tags"]})
    sb.play(LINE)
    here = sb.export(tag="113.2.ex1-песочница-1")
    assert (feature, board) == (here["feature"], here["board"])


LAYOUT = """(function () {
  var d = document.documentElement, w = d.clientWidth, out = [];
  document.querySelectorAll("main *").forEach(function (e) {
    var r = e.getBoundingClientRect();
    if (r.width && (r.right > w + 1 || r.left < -1)) out.push(e.tagName + "#" + e.id + " " + Math.round(r.left) + ".." + Math.round(r.right));
  });
  var t = document.getElementById("sb-cards"), row = t.querySelector("tbody tr"), body = getComputedStyle(document.body);
  return JSON.stringify({width: w, scroll: d.scrollWidth, outside: out.slice(0, 8), table: t.scrollWidth,
    box: t.parentElement.clientWidth, rows: t.querySelectorAll("tbody tr").length, row: getComputedStyle(row).display,
    hyphens: body.hyphens, wrap: body.overflowWrap,
    breakAll: Array.prototype.filter.call(document.querySelectorAll("*"), function (e) {
      return getComputedStyle(e).wordBreak === "break-all"; }).length});
})()"""


@needs_browser
def test_the_sandbox_fits_a_desktop_and_a_phone_without_sideways_scrolling(served, browser) -> None:
    """The card table and everything else of the page within the window's width (issue 37: cut off at 1280 px, sideways
    on a phone); on a narrow column the cards are rows of a list; words are never broken inside a syllable. One page
    load (the engine started once), measured at the desktop's width and then at the phone's."""
    url, _out, _httpd = served
    sizes = [(1280, 800), (390, 844)]
    page = browser.open(url + "sandbox.html#" + urllib.parse.urlencode({"scenario": ORIGIN["id"]}), window=sizes[0])
    seen = []
    try:
        assert browser.wait(page, "document.body.dataset.ready", timeout=180) == "1"
        for size in sizes:
            browser.send("Emulation.setDeviceMetricsOverride", {"width": size[0], "height": size[1],
                                                                "deviceScaleFactor": 1, "mobile": False}, page)
            browser.wait(page, f"window.innerWidth === {size[0]}", timeout=30)
            seen.append((size, json.loads(browser.evaluate(page, LAYOUT))))
    finally:
        browser.close_page(page)
    for size, got in seen:
        assert got["width"] == size[0] and got["scroll"] <= got["width"] and not got["outside"], (size, got)
        assert got["rows"] == 4 and got["table"] <= got["box"], (size, got)
        assert got["row"] == "flex", (size, got)         # the sandbox's editing column is narrow at both sizes: a list
        assert (got["hyphens"], got["wrap"], got["breakAll"]) == ("manual", "break-word", 0), (size, got)


def load_board_data() -> dict:
    return {k: v for k, v in load_scenario_board(BOARD).data.items() if k not in ("dice", "test_cards")}


def test_without_pyodide_the_site_is_built_and_the_sandbox_page_says_how_to_get_it(tmp_path: Path,
                                                                                   monkeypatch) -> None:
    from harness.output import sandbox_site
    from harness.output.playout import PlayoutRun
    from harness.output.site import build_site

    monkeypatch.setattr(sandbox_site, "find_pyodide", lambda: None)
    out = tmp_path / "site"
    build_site(out, run=PlayoutRun(results=None, playouts=[]))
    page = (out / "sandbox.html").read_text("utf-8")
    assert "npm install" in page and "pyodide@" in page and 'src="pyodide/pyodide.js"' not in page
    assert not (out / "pyodide").exists() and (out / "index.html").is_file()
