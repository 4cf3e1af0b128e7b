"""Editors: every board, catalog and expectations file names its JSON Schema in its first line and is valid
against it; lint reports a missing modeline (S013) at file:1; the kit's writers write it
(harness/suite/editor_schemas.py)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import jsonschema
import pytest
import yaml
from referencing import Registry, Resource

from harness.common import paths
from harness.common.yamldoc import load_yaml, validate_with_schema
from harness.suite import editor_schemas
from harness.suite.catalog import schema_registry

ROOT = paths.ROOT
SHIPPED = editor_schemas.kit_files()


def test_the_kit_ships_every_kind() -> None:
    kinds = [k for _, k in SHIPPED]
    assert kinds.count("board") >= 20 and kinds.count("catalog") == 4 and kinds.count("expectations") >= 1
    for kind in editor_schemas.SCHEMAS:
        jsonschema.Draft202012Validator.check_schema(editor_schemas.load_schema(kind))


@pytest.mark.parametrize(("path", "kind"), SHIPPED, ids=[paths.display(p) for p, _ in SHIPPED])
def test_shipped_file_names_its_schema_and_is_valid(path: Path, kind: str) -> None:
    first = path.read_text(encoding="utf-8").splitlines()[0]
    assert first == editor_schemas.modeline(path, kind)
    # the modeline's path, resolved as an editor does (from the file's folder), is the schema
    target = (path.parent / first[len(editor_schemas.PREFIX):]).resolve()
    assert target == editor_schemas.schema_path(kind)
    registry = schema_registry().with_resource(
        "https://berserk-rules.invalid/schemas/expectations.schema.json",
        Resource.from_contents(editor_schemas.load_schema("expectations")))
    problems = validate_with_schema(load_yaml(path, root=ROOT), editor_schemas.load_schema(kind), registry)
    assert problems == []


def test_board_schema_reference_resolves_next_to_it() -> None:
    """An editor resolves the board schema's `$ref` to the card definition relative to the schema file."""
    board = editor_schemas.load_schema("board")
    refs = {v for v in _walk(board) if isinstance(v, str) and not v.startswith("#")}
    assert refs == {"catalog.schema.json#/$defs/card"}
    assert (editor_schemas.SCHEMA_DIR / "catalog.schema.json").is_file()


def _walk(node: object):
    if isinstance(node, dict):
        for k, v in node.items():
            if k == "$ref":
                yield v
            else:
                yield from _walk(v)
    elif isinstance(node, list):
        for v in node:
            yield from _walk(v)


@pytest.mark.parametrize("name", ["no-reason", "not-a-mapping", "unknown-status"])
def test_expectations_schema_rejects_what_the_loader_rejects(name: str) -> None:
    data = yaml.safe_load((ROOT / "tests" / "bad_inputs" / "expectations" / f"{name}.yaml").read_text("utf-8"))
    validator = jsonschema.Draft202012Validator(editor_schemas.load_schema("expectations"),
                                                registry=Registry())
    assert list(validator.iter_errors(data)), name


def test_with_modeline_replaces_or_prepends() -> None:
    line = "# yaml-language-server: $schema=x.json"
    assert editor_schemas.with_modeline("a: 1\n", line) == f"{line}\na: 1\n"
    assert editor_schemas.with_modeline("# yaml-language-server: $schema=old.json\na: 1\n", line) == f"{line}\na: 1\n"


def test_lint_reports_a_board_without_its_modeline_at_line_1(tmp_path: Path) -> None:
    from harness.quality.lint import lint_paths

    board = ROOT / "scenarios" / "classic" / "113.1-невтида.yaml"
    copy = tmp_path / "board.yaml"
    copy.write_text("\n".join(board.read_text(encoding="utf-8").splitlines()[1:]) + "\n", encoding="utf-8")
    found = [f for f in lint_paths([copy]) if f.code == "S013"]
    assert len(found) == 1 and found[0].line == 1 and found[0].severity == "warning"
    assert "board.schema.json" in found[0].message
    assert not [f for f in lint_paths([board]) if f.code == "S013"]
    editor_schemas.write_modeline(copy, "board")
    assert not [f for f in lint_paths([copy]) if f.code == "S013"]


def test_lint_of_a_project_checks_catalog_and_expectations(tmp_path: Path) -> None:
    from harness.quality.lint import Project, lint_project

    root = tmp_path / "kit"
    for folder in ("rules", "features", "scenarios", "catalog", "expectations", "harness/schemas"):
        shutil.copytree(ROOT / folder, root / folder)
    cat = root / "catalog" / "heroes.yaml"
    cat.write_text(cat.read_text(encoding="utf-8").split("\n", 1)[1], encoding="utf-8")
    exp = root / "expectations" / "reference.yaml"
    exp.write_text("# yaml-language-server: $schema=elsewhere.json\n" + exp.read_text(encoding="utf-8"),
                   encoding="utf-8")
    found = {f.file: f for f in lint_project(Project(root=root)) if f.code == "S013"}
    assert set(found) == {"catalog/heroes.yaml", "expectations/reference.yaml"}
    assert "'elsewhere.json'" in found["expectations/reference.yaml"].message


def test_update_expectations_writes_the_modeline(tmp_path: Path) -> None:
    from harness.cli.expectations import write_expectations
    from harness.suite.session import load_expectations

    out = tmp_path / "ci" / "my-engine.yaml"
    write_expectations(out, {"classic/x::[1] y": {"status": "FAIL", "reason": "not yet"}})
    first = out.read_text(encoding="utf-8").splitlines()[0]
    assert first == editor_schemas.modeline(out, "expectations")
    assert (out.parent / first.split("=", 1)[1]).resolve() == editor_schemas.schema_path("expectations")
    assert load_expectations(out) == {"classic/x::[1] y": {"status": "FAIL", "reason": "not yet"}}
    data = yaml.safe_load(out.read_text(encoding="utf-8"))
    assert not list(jsonschema.Draft202012Validator(editor_schemas.load_schema("expectations")).iter_errors(data))


def test_pre_commit_hook_runs_lint() -> None:
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    lint = next(h for h in hooks if h["id"] == "berserk-rules-lint")
    assert lint["entry"].startswith("berserk-rules") and "lint" in lint["entry"]
    assert lint["language"] == "python" and lint["pass_filenames"] is False
    assert json.dumps(lint)  # plain data


# ------------------------------------------------------------------------------------------ a real editor
def _yaml_language_server() -> str | None:
    return os.environ.get("BERSERK_YAML_LS") or shutil.which("yaml-language-server")


def _completions(server: str, path: Path, line: int, char: int) -> list[str]:
    """What yaml-language-server offers at (line, char) of `path` (a minimal LSP client over stdio)."""
    proc = subprocess.Popen([server, "--stdio"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL)
    assert proc.stdin is not None and proc.stdout is not None

    def send(msg: dict) -> None:
        body = json.dumps(msg).encode("utf-8")
        proc.stdin.write(f"Content-Length: {len(body)}\r\n\r\n".encode() + body)
        proc.stdin.flush()

    def answer(id_: int) -> dict:
        while True:
            headers = {}
            while (line_ := proc.stdout.readline().decode().strip()):
                k, v = line_.split(":", 1)
                headers[k.lower()] = v.strip()
            msg = json.loads(proc.stdout.read(int(headers["content-length"])))
            if msg.get("id") == id_ and "method" not in msg:
                return msg
            if "method" in msg and "id" in msg:  # the server asks: configuration, or anything else
                items = msg.get("params", {}).get("items", [])
                result = [{"validate": True, "completion": True}] * len(items) \
                    if msg["method"] == "workspace/configuration" else None
                send({"jsonrpc": "2.0", "id": msg["id"], "result": result})

    try:
        uri = path.resolve().as_uri()
        send({"jsonrpc": "2.0", "id": 1, "method": "initialize",
              "params": {"processId": None, "rootUri": path.parent.resolve().as_uri(), "capabilities": {}}})
        answer(1)
        send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
        send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": uri, "languageId": "yaml", "version": 1, "text": path.read_text(encoding="utf-8")}}})
        send({"jsonrpc": "2.0", "id": 2, "method": "textDocument/completion",
              "params": {"textDocument": {"uri": uri}, "position": {"line": line, "character": char}}})
        result = answer(2)["result"]
        return sorted(i["label"] for i in (result["items"] if isinstance(result, dict) else result))
    finally:
        proc.kill()


@pytest.mark.skipif(_yaml_language_server() is None,
                    reason="yaml-language-server is not installed (npm i -g yaml-language-server, or set "
                           "BERSERK_YAML_LS to its path)")
def test_an_editor_completes_a_board_from_its_schema(tmp_path: Path) -> None:
    board = tmp_path / "board.yaml"
    board.write_text(editor_schemas.modeline(board, "board")
                     + "\nedition: classic\nactive: А\ncards: []\ntest_cards:\n  - name: X\n    \n", encoding="utf-8")
    server = _yaml_language_server()
    assert server is not None
    top = _completions(server, board, 7, 0)
    assert {"turn", "players", "effects"} <= set(top)             # the board's own fields
    card = _completions(server, board, 6, 4)
    assert {"edition", "abilities", "strike", "lives"} <= set(card)  # a test card: catalog.schema.json's $ref
