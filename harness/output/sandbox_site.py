"""The sandbox page of the site (`berserk-rules site`): what the build writes for ``sandbox.html``.

The page (``templates/site/sandbox.html.j2`` and ``sandbox.js``) runs the reference engine in the browser through
Pyodide (CPython compiled to WebAssembly, from the npm registry: ``npm install pyodide``). The build writes:

    sandbox.html                    the page
    assets/sandbox/kit.zip          the engine package, unchanged, and the few standard-library-only modules of the
                                    harness it needs (`harness.output.sandbox.PYODIDE_FILES`), unpacked into
                                    Pyodide's file system by the page
    assets/sandbox/cards.js         the card definitions of both editions (the catalog and the pool of test cards),
                                    as `session.catalog()` gives them to boards (`harness.suite.definitions`)
    assets/sandbox/boards.js        every scenario's board (checked, defaults filled in) by scenario id, with the
                                    scenario's units and tags: ``sandbox.html#scenario=<id>`` starts from it
    assets/sandbox/sandbox.js       the page's script
    sandbox-sw.js                   the page's service worker: the files above and Pyodide's kept in the browser's
                                    Cache Storage (one cache per build, named by a hash of what it ships), so the
                                    next visit starts without fetching them again
    pyodide/                        the files of Pyodide the page loads (nothing is fetched from the network)

Pyodide is looked for in ``$BERSERK_RULES_PYODIDE`` (a folder holding ``pyodide.js``), ``node_modules/pyodide``
of the checkout, and ``~/.cache/berserk-rules/node_modules/pyodide`` (where `.ci/run` installs it). Without it
the site is built all the same, and the sandbox page says how to get it.

A browser refuses WebAssembly and ``fetch`` from ``file://``: the sandbox page needs ``berserk-rules site
--serve`` (the folder on localhost); every other page of the site keeps working from ``file://``.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import zipfile
from pathlib import Path
from typing import Any

from harness.common import paths
from harness.common.errors import InputError
from harness.output.sandbox import PYODIDE_FILES

__all__ = ["PYODIDE_NEEDED", "PYODIDE_VERSION", "find_pyodide", "install_hint", "write_sandbox"]

PYODIDE_VERSION = "314.0.8"          # the version .ci/run installs; the page works with the one it finds
#: the files of the npm package the page loads (the Python standard library, the runtime, its lock file)
PYODIDE_NEEDED = ("pyodide.js", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
CACHE = Path.home() / ".cache" / "berserk-rules"
_REPO = Path(__file__).resolve().parents[2]


def install_hint() -> str:
    return (f"npm install --prefix {CACHE} pyodide@{PYODIDE_VERSION}   (or set $BERSERK_RULES_PYODIDE to a folder "
            "holding pyodide.js), then build the site again")


def find_pyodide() -> Path | None:
    """The folder of the npm package pyodide, or None (see the module docstring)."""
    candidates = []
    if os.environ.get("BERSERK_RULES_PYODIDE"):
        candidates.append(Path(os.environ["BERSERK_RULES_PYODIDE"]))
    candidates += [paths.ROOT / "node_modules" / "pyodide", _REPO / "node_modules" / "pyodide",
                   CACHE / "node_modules" / "pyodide"]
    for folder in candidates:
        if all((folder / name).is_file() for name in PYODIDE_NEEDED):
            return folder
    return None


def kit_zip(target: Path) -> None:
    """The engine package (every .py file, unchanged) and `PYODIDE_FILES`, as a zip for Pyodide's file system."""
    import engine

    engine_dir = Path(engine.__file__).resolve().parent
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as z:
        for f in sorted(engine_dir.glob("*.py")):
            z.write(f, f"engine/{f.name}")
        for rel in PYODIDE_FILES:
            z.write(_REPO / rel, rel)


def card_data() -> dict[str, Any]:
    """The cards of both editions for the page: ``{cards: {edition: {name: definition}}, pool: {edition:
    [names]}, invented: {edition: [names]}, forms: {name: {gent, datv, accs}}}`` (`forms`: each name declined,
    `harness.common.declension`) (`invented`: catalog cards, not the pool's, whose stats or text
    the catalog invents — an exported scenario using one carries ``@asm:card-stats-unknown``, lint S030)."""
    from harness.common.facts import EDITIONS
    from harness.suite.session import catalog

    cat = catalog()
    cards: dict[str, dict[str, Any]] = {}
    pool: dict[str, list[str]] = {}
    invented: dict[str, list[str]] = {}
    for ed in EDITIONS:
        cards[ed], pool[ed], invented[ed] = {}, [], []
        for name in cat.names(ed):
            definition = cat.get(name, ed)
            assert definition is not None
            cards[ed][name] = definition
            origin = (cat.origin(name, ed) or ("",))[0]
            if "test-cards/" in origin:
                pool[ed].append(name)
            elif {"stats", "text"} & set(definition.get("invented") or []):
                invented[ed].append(name)
    from harness.common.declension import name_forms

    # the names declined for the log (pymorphy3 is not loaded into Pyodide: its forms are precomputed here)
    forms = {name: name_forms(name) for ed in EDITIONS for name in cards[ed]}
    return {"cards": cards, "pool": pool, "invented": invented, "forms": forms}


def board_data(scenarios: list[Any]) -> dict[str, Any]:
    """Every scenario's board: ``{boards: {file: data}, scenarios: {id: {board, name, units, tags}}}``; a board
    that does not load is left out (lint and check report it)."""
    import re

    from harness.suite.session import load_scenario_board

    board_re = re.compile(r'^расклад "(?P<path>[^"]+)"$')
    boards: dict[str, Any] = {}
    by_id: dict[str, Any] = {}
    for sc in scenarios:
        path = next((m.group("path") for _k, text, _l in sc.steps if (m := board_re.match(text))), None)
        if path is None:
            continue
        if path not in boards:
            try:
                boards[path] = load_scenario_board(path).data
            except InputError:
                boards[path] = None
        if boards[path] is None:
            continue
        for sid, name in zip(sc.ids, sc.examples or (sc.name,), strict=True):
            by_id[sid] = {"board": path, "name": name, "units": list(sc.units), "tags": [f"asm:{a}" for a in sc.assumptions]}
    return {"boards": {k: v for k, v in boards.items() if v is not None}, "scenarios": by_id}


def _js(name: str, data: Any) -> str:
    return f"window.{name} = " + json.dumps(data, ensure_ascii=False, separators=(",", ":")) + ";\n"


def write_sandbox(out: Path, scenarios: list[Any], templates: Path) -> dict[str, Any]:
    """Write the sandbox's files into the site folder `out` (see the module docstring); returns what the page's
    template needs: ``{"pyodide": bool, "hint": str}``."""
    folder = out / "assets" / "sandbox"
    folder.mkdir(parents=True, exist_ok=True)
    kit_zip(folder / "kit.zip")
    (folder / "cards.js").write_text(_js("BERSERK_SANDBOX_CARDS", card_data()), encoding="utf-8")
    (folder / "boards.js").write_text(_js("BERSERK_SANDBOX_BOARDS", board_data(scenarios)), encoding="utf-8")
    shutil.copyfile(templates / "sandbox.js", folder / "sandbox.js")
    found = find_pyodide()
    shipped = [folder / "kit.zip", folder / "cards.js", folder / "boards.js", folder / "sandbox.js"]
    if found is not None:
        (out / "pyodide").mkdir(exist_ok=True)
        for name in PYODIDE_NEEDED:
            shutil.copyfile(found / name, out / "pyodide" / name)
            shipped.append(out / "pyodide" / name)
    version = hashlib.sha256(b"".join(hashlib.sha256(f.read_bytes()).digest() for f in shipped)).hexdigest()[:12]
    files = json.dumps([f.relative_to(out).as_posix() for f in shipped])
    cache = f"berserk-sandbox-{version}"    # the service worker's cache; the page keeps its snapshot there too
    worker = (templates / "sandbox-sw.js").read_text(encoding="utf-8").replace("__CACHE__", cache) \
        .replace("__FILES__", files)
    (out / "sandbox-sw.js").write_text(worker, encoding="utf-8")
    return {"pyodide": found is not None, "hint": install_hint(), "bytes": sum(f.stat().st_size for f in shipped),
            "cache": cache}


def server(folder: Path, port: int = 0) -> Any:
    """An HTTP server of `folder` on localhost (the standard library's; `port` 0: any free one), not yet
    serving: call its ``serve_forever`` (in a thread, or until Ctrl-C), then ``shutdown`` and ``server_close``.

    It serves regular files inside `folder` only: a path whose real location (symbolic links resolved) is outside
    it, a device, a folder without index.html (no listings) is 404; a path with a NUL byte is 400. Its
    ``answered`` lists ``(path, status)`` of every request it answered (the browser tests assert no 404)."""
    import functools
    from http import HTTPStatus
    from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

    base = Path(folder).resolve()
    answered: list[tuple[str, int]] = []     # (path, status) of every request answered: the tests read it

    class Quiet(SimpleHTTPRequestHandler):
        extensions_map = {**SimpleHTTPRequestHandler.extensions_map, ".wasm": "application/wasm",
                          ".mjs": "text/javascript", ".js": "text/javascript"}

        def log_message(self, format: str, *args: Any) -> None:   # noqa: A002 - the base class's name
            pass

        def log_request(self, code: Any = "-", size: Any = "-") -> None:
            answered.append((self.path, int(code) if str(code).isdigit() else 0))

        def send_head(self) -> Any:
            path = self.translate_path(self.path)
            if "\x00" in path:
                self.send_error(HTTPStatus.BAD_REQUEST, "a NUL byte in the path")
                return None
            real = Path(os.path.realpath(path))
            if real.is_dir():
                real = real / "index.html"
            if not (real == base or base in real.parents) or not real.is_file():
                self.send_error(HTTPStatus.NOT_FOUND, "not a file of the site")
                return None
            return super().send_head()

        def list_directory(self, path: Any) -> Any:      # never a listing (send_head has checked for index.html)
            self.send_error(HTTPStatus.NOT_FOUND, "not a file of the site")
            return None

    handler = functools.partial(Quiet, directory=str(folder))
    httpd = ThreadingHTTPServer(("127.0.0.1", port), handler)
    httpd.answered = answered            # type: ignore[attr-defined]
    return httpd
