"""Editor support for the kit's YAML files: each kind has a JSON Schema, named in the file's first line.

=============  ==========================================  ===========================================
kind           files                                       schema (shipped in ``harness/schemas/``)
=============  ==========================================  ===========================================
board          ``scenarios/**/*.yaml`` (and a board given   ``board.schema.json`` (inline test cards:
               to ``lint``)                                 ``catalog.schema.json#/$defs/card``)
catalog        ``catalog/*.yaml``                           ``catalog.schema.json``
expectations   ``expectations/*.yaml``, and every file      ``expectations.schema.json``
               ``check --update-expectations`` writes
=============  ==========================================  ===========================================

The association is the yaml-language-server modeline (VS Code's YAML extension, Neovim/Helix/Zed with
yaml-language-server, JetBrains IDEs read it too), as the file's first line::

    # yaml-language-server: $schema=../../harness/schemas/board.schema.json

with the schema's path relative to the file, so a checkout works offline. The kit's tools that write
such files write the line (`with_modeline`); ``berserk-rules lint`` reports a missing or wrong one as
S013 (``file:1``); ``python -m harness.suite.editor_schemas [--write] [FILE…]`` lists (or fixes) the files of the
kit without it.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

from harness.common import paths

SCHEMA_DIR = Path(__file__).resolve().parents[1] / "schemas"
SCHEMAS = {"board": "board.schema.json", "catalog": "catalog.schema.json",
           "expectations": "expectations.schema.json"}
FOLDERS = {"scenarios": "board", "catalog": "catalog", "expectations": "expectations"}
PREFIX = "# yaml-language-server: $schema="


def schema_path(kind: str, root: Path | None = None) -> Path:
    """The schema of `kind`: in the project at `root` when it has its own ``harness/schemas`` (a checkout
    of the kit, or a copy of it), else the one installed with the kit."""
    if root is not None and (Path(root) / "harness" / "schemas" / SCHEMAS[kind]).is_file():
        return (Path(root) / "harness" / "schemas" / SCHEMAS[kind]).resolve()
    return SCHEMA_DIR / SCHEMAS[kind]


def load_schema(kind: str) -> dict[str, Any]:
    return json.loads(schema_path(kind).read_text(encoding="utf-8"))


def modeline(file: Path, kind: str, root: Path | None = None) -> str:
    """The first line that associates `file` with its schema (path relative to the file's folder)."""
    rel = os.path.relpath(schema_path(kind, root), Path(file).resolve().parent)
    return PREFIX + Path(rel).as_posix()


def kind_of(file: Path, root: Path | None = None) -> str | None:
    """`board`, `catalog` or `expectations` by the folder of the kit the file is in; None elsewhere."""
    root = (root or paths.ROOT).resolve()
    try:
        parts = Path(file).resolve().relative_to(root).parts
    except ValueError:
        return None
    if len(parts) < 2 or Path(parts[-1]).suffix not in (".yaml", ".yml"):
        return None
    return FOLDERS.get(parts[0])


def with_modeline(text: str, line: str) -> str:
    """`text` with `line` as its first line: replaces a modeline already there, else prepends it."""
    first, sep, rest = text.partition("\n")
    if first.startswith(PREFIX):
        return line + "\n" + rest
    return line + "\n" + text


def modeline_problem(file: Path, kind: str, root: Path | None = None) -> str | None:
    """Why the first line of `file` is not its modeline, or None when it is."""
    want = modeline(file, kind, root)
    # an installed kit: the wheel carries the suite as the package `berserk_rules_suite` and the schemas in
    # `harness/schemas` beside it, one level up from where a checkout has them, so the files' modelines —
    # written in the checkout, relative to its `harness/schemas` — point into the suite's own (absent)
    # `harness/schemas`. They are right for the layout they were written in: accepted as they are.
    in_layout = None
    if root is not None and not (Path(root) / "harness" / "schemas" / SCHEMAS[kind]).is_file():
        rel = os.path.relpath(Path(root).resolve() / "harness" / "schemas" / SCHEMAS[kind], Path(file).resolve().parent)
        in_layout = PREFIX + Path(rel).as_posix()
    try:
        with open(file, encoding="utf-8") as f:
            first = f.readline().rstrip("\r\n")
    except (OSError, UnicodeDecodeError) as exc:
        return f"cannot read the file: {exc}"
    if first in (want, in_layout):
        return None
    if first.startswith(PREFIX):
        return (f"the schema modeline names {first[len(PREFIX):]!r}; expected {want[len(PREFIX):]!r} "
                f"(the {kind} schema, relative to this file)")
    return (f"expected the first line «{want}»: it gives editors with YAML support completion and checks "
            f"from the {kind} schema (`python -m harness.suite.editor_schemas --write` adds it)")


def kit_files(root: Path | None = None) -> list[tuple[Path, str]]:
    """Every board, catalog and expectations file of the kit, with its kind."""
    root = root or paths.ROOT
    out: list[tuple[Path, str]] = []
    for folder, kind in FOLDERS.items():
        base = root / folder
        if base.is_dir():
            out += [(p, kind) for p in sorted(base.rglob("*")) if p.suffix in (".yaml", ".yml") and p.is_file()]
    return out


def write_modeline(file: Path, kind: str) -> bool:
    """Give `file` its modeline; True when the file changed."""
    text = file.read_text(encoding="utf-8")
    new = with_modeline(text, modeline(file, kind))
    if new == text:
        return False
    with open(file, "w", encoding="utf-8", newline="\n") as f:
        f.write(new)
    return True


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    write = "--write" in args
    named = [Path(a) for a in args if a != "--write"]
    files = [(p, kind_of(p) or "board") for p in named] if named else kit_files()
    missing = 0
    for f, kind in files:
        problem = modeline_problem(f, kind)
        if problem is None:
            continue
        if write:
            write_modeline(f, kind)
            print(f"{paths.display(f)}:1: wrote the {kind} schema modeline")
        else:
            missing += 1
            print(f"{paths.display(f)}:1: {problem}")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
