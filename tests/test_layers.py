"""The harness is grouped the way data flows (DESIGN.md): common < rules < engines < suite < run < output <
quality < cli. A module imports only from its own layer or a lower one — at the top of the module and
inside functions alike — no two modules import each other (directly or round a loop), and the engine
never imports the harness."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HARNESS = ROOT / "harness"
LAYERS = ["common", "rules", "engines", "suite", "run", "output", "quality", "cli"]


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(HARNESS.rglob("*.py"))}


def imports_of(path: Path, name: str) -> list[tuple[str, int]]:
    """Every module this one imports (absolute names), with the line, wherever the import statement is."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            out += [(a.name, node.lineno) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[:len(anchor) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            out.append((base, node.lineno))
            out += [(f"{base}.{a.name}", node.lineno) for a in node.names]  # `from pkg import module`
    return out


def harness_graph() -> dict[str, set[str]]:
    mods = modules()
    graph: dict[str, set[str]] = {m: set() for m in mods}
    for m, path in mods.items():
        for target, _ in imports_of(path, m):
            if target in mods and target != m:
                graph[m].add(target)
    return graph


def layer(module: str) -> int | None:
    parts = module.split(".")
    return LAYERS.index(parts[1]) if len(parts) > 1 and parts[1] in LAYERS else None


def test_every_module_is_in_a_layer():
    loose = [m for m in modules() if m != "harness" and layer(m) is None]
    assert not loose, f"modules outside the layers {LAYERS}: {loose}"


def test_no_upward_import():
    mods = modules()
    upward = []
    for m, path in mods.items():
        own = layer(m)
        for target, line in imports_of(path, m):
            there = layer(target)
            if target in mods and own is not None and there is not None and there > own:
                upward.append(f"{path.relative_to(ROOT)}:{line}: {m} ({LAYERS[own]}) imports {target} ({LAYERS[there]})")
    assert not upward, "imports against the flow of data:\n" + "\n".join(sorted(set(upward)))


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle of the graph (a list of modules, the first repeated at the end), or None."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(m: str) -> list[str] | None:
        state[m] = 1
        stack.append(m)
        for n in sorted(graph[m]):
            if state.get(n) == 1:
                return stack[stack.index(n):] + [n]
            if n not in state and (found := visit(n)):
                return found
        stack.pop()
        state[m] = 2
        return None

    for m in sorted(graph):
        if m not in state and (found := visit(m)):
            return found
    return None


def test_no_import_cycle():
    graph = harness_graph()
    # a package's __init__ re-exporting its modules is not a cycle of the code itself
    for m in graph:
        graph[m] = {n for n in graph[m] if not (m.startswith(n + ".") and (HARNESS.parent / (n.replace(".", "/"))).is_dir())}
    cycle = find_cycle(graph)
    assert cycle is None, "import cycle: " + " → ".join(cycle)


def test_find_cycle_finds_one():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_engine_never_imports_the_harness():
    bad = [f"{p.relative_to(ROOT)}:{line}: {t}" for p in sorted((ROOT / "engine").rglob("*.py"))
           for t, line in imports_of(p, module_name(p)) if t == "harness" or t.startswith("harness.")]
    assert not bad, "the engine imports the harness:\n" + "\n".join(bad)
