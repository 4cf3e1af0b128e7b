"""Safe YAML loading with a source-line map, and JSON Schema validation with human messages.

`load_yaml` composes the node tree with `yaml.SafeLoader` (or, for an ordinary text, libyaml's equivalent
`yaml.CSafeLoader`: the same tree, faster; see `_compose_fast`) and builds plain data from it itself, so
that every value keeps its source line and so that unsafe or unknown tags, duplicate mapping keys,
recursive aliases and alias bombs are reported as problems of the user's file, all at once.

`validate_with_schema` runs a Draft 2020-12 JSON Schema over a loaded document and turns every
error into a `Problem` carrying the line of the offending node, its field path (`cards[0].cell`) and
what was expected ("expected an integer ≥ 0, got 'x'").

Two optional keywords are read from schemas to phrase messages (validators ignore them):
`x-expected` (a phrase describing a valid value, used instead of a generated one) and `x-why`
(appended to a "missing required field" message).
"""

from __future__ import annotations

import bisect
import contextlib
import difflib
import gc
import hashlib
import math
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

import yaml
from yaml.constructor import SafeConstructor
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from harness.common.errors import InputError, Problem

__all__ = [
    "YamlDoc",
    "display_path",
    "format_path",
    "load_yaml",
    "parse_yaml",
    "plain_copy",
    "show_value",
    "validate_with_schema",
]

PathElem = str | int
JsonPath = tuple[Any, ...]

_YAML = "tag:yaml.org,2002:"
_NULL, _BOOL, _INT, _FLOAT, _STR, _TIMESTAMP = (
    _YAML + t for t in ("null", "bool", "int", "float", "str", "timestamp")
)
_SEQ, _MAP, _MERGE = _YAML + "seq", _YAML + "map", _YAML + "merge"
_SCALAR_TAGS = {_NULL, _BOOL, _INT, _FLOAT, _STR, _TIMESTAMP}

#: Above this many nodes (counting every alias expansion), a document is rejected as an alias bomb.
MAX_EXPANDED_NODES = 1_000_000
#: Above this size a YAML file is not read at all.
MAX_FILE_BYTES = 64 * 1024 * 1024


# --------------------------------------------------------------------------------------------------
# Paths


def format_path(path: Iterable[Any]) -> str:
    """`('cards', 0, 'cell')` -> `cards[0].cell`; the empty path is `(root)`."""
    out = ""
    for elem in path:
        if isinstance(elem, int) and not isinstance(elem, bool):
            out += f"[{elem}]"
        elif isinstance(elem, str) and elem and re.fullmatch(r"[^.\[\]\s'\"]+", elem):
            out += f".{elem}" if out else elem
        elif isinstance(elem, str):
            out += f"[{elem!r}]"
        else:
            out += f"[{show_value(elem)}]"
    return out or "(root)"


def plain_copy(value: Any) -> Any:
    """A copy of plain data (dicts, lists, scalars) in which no sub-object is shared.

    Unlike `copy.deepcopy`, YAML aliases do not stay shared, so changing one place never changes
    another.
    """
    if isinstance(value, dict):
        return {key: plain_copy(item) for key, item in value.items()}
    if isinstance(value, list):
        return [plain_copy(item) for item in value]
    return value


def display_path(path: Path, root: Path | None = None) -> str:
    """The path as shown to users: relative to `root` when it lies inside it, with forward slashes."""
    if root is not None:
        try:
            return path.resolve().relative_to(Path(root).resolve()).as_posix()
        except (ValueError, OSError):
            pass
    return path.as_posix()


def show_value(value: Any, limit: int = 40) -> str:
    """A short, human rendering of a value for messages ("got 'abc'", "got a list")."""
    if value is None:
        return "null"
    if value is True or value is False:
        return "true" if value else "false"
    if isinstance(value, str):
        text = value if len(value) <= limit else value[: limit - 1] + "…"
        return repr(text)
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10 ** limit:
        return f"an integer of {len(str(abs(value)))} digits"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, list):
        return "a list" if value else "an empty list"
    if isinstance(value, dict):
        return "a mapping" if value else "an empty mapping"
    return type(value).__name__


def _show_tag(tag: str) -> str:
    return "!!" + tag[len(_YAML):] if tag.startswith(_YAML) else tag


# --------------------------------------------------------------------------------------------------
# The document


class YamlDoc:
    """A loaded YAML document: plain `data`, the display name `file`, and `line_of(path)`.

    `data` may share sub-objects where the YAML used aliases: treat it as read-only (copy before
    changing it). A YamlDoc can also wrap data that did not come from a file: pass `line_of`.
    """

    def __init__(
        self,
        data: Any,
        file: str,
        line_of: Callable[[JsonPath], int | None] | None = None,
        *,
        _root: Node | None = None,
        _maps: dict[int, dict[Any, tuple[Node, Node]]] | None = None,
        _line: Callable[[Any], int] | None = None,
    ):
        self.data = data
        self.file = file
        self._line_of = line_of
        self._root = _root
        self._maps = _maps or {}
        self._line = _line or _mark_line

    def __repr__(self) -> str:
        return f"YamlDoc(file={self.file!r})"

    def line_of(self, path: Sequence[Any] | Iterable[Any] = ()) -> int | None:
        """The 1-based source line of the node at `path` (mapping keys and list indexes).

        For a mapping entry it is the line of the key; for a list item, the line where the item
        starts. When the exact node does not exist, the line of its nearest existing ancestor.
        """
        path = tuple(path)
        if self._line_of is not None:
            return self._line_of(path)
        node = self._root
        if node is None:
            return None
        line = self._line(node.start_mark)
        for elem in path:
            if isinstance(node, MappingNode):
                entry = self._maps.get(id(node), {}).get(_hashable(elem))
                if entry is None:
                    break
                key_node, node = entry
                line = self._line(key_node.start_mark)
            elif isinstance(node, SequenceNode):
                if not isinstance(elem, int) or isinstance(elem, bool) or not 0 <= elem < len(node.value):
                    break
                node = node.value[elem]
                line = self._line(node.start_mark)
            else:
                break
        return line


def _mark_line(mark: Any) -> int:
    return int(mark.line) + 1


_OTHER_BREAKS = re.compile("[\x85\u2028\u2029]")
_BREAK_NAMES = {"\x85": "NEL (U+0085)", "\u2028": "LINE SEPARATOR (U+2028)", "\u2029": "PARAGRAPH SEPARATOR (U+2029)"}


def line_counter(text: str) -> Callable[[Any], int]:
    """The 1-based line of a PyYAML mark in `text` as an editor counts lines (at "\\n"). YAML also breaks
    lines at NEL (U+0085), LINE SEPARATOR and PARAGRAPH SEPARATOR, so PyYAML's own count runs ahead after one."""
    if not _OTHER_BREAKS.search(text):
        return _mark_line
    newlines = [m.start() for m in re.finditer("\n", text)]
    return lambda mark: bisect.bisect_left(newlines, mark.index) + 1


def other_breaks_hint(text: str) -> str:
    """A note for a syntax error in a text holding line breaks only YAML sees ("" when there are none)."""
    found = _OTHER_BREAKS.search(text)
    if found is None:
        return ""
    line = text.count("\n", 0, found.start()) + 1
    return (f" (line {line} holds a {_BREAK_NAMES[found.group()]}, which YAML reads as a line break though an "
            "editor shows none: replace it with a space or a real line break)")


def _hashable(value: Any) -> Any:
    try:
        hash(value)
    except TypeError:
        return None
    return value


# --------------------------------------------------------------------------------------------------
# Loading


def load_yaml(path: Path, root: Path | None = None) -> YamlDoc:
    """Load one YAML document safely; raise InputError listing every problem found."""
    path = Path(path)
    file = display_path(path, root)
    try:
        if path.exists() and not path.is_dir() and not path.is_file():     # /dev/zero, a pipe: never read
            raise InputError(Problem(file, None, None, "expected a YAML file, found a device or a pipe"))
        if path.is_file() and path.stat().st_size > MAX_FILE_BYTES:
            raise InputError(Problem(file, None, None, f"the file is larger than {MAX_FILE_BYTES} bytes"))
        raw = path.read_bytes()
    except FileNotFoundError:
        raise InputError(Problem(file, None, None, "file not found")) from None
    except IsADirectoryError:
        raise InputError(Problem(file, None, None, "expected a YAML file, found a directory")) from None
    except OSError as exc:
        raise InputError(Problem(file, None, None, f"cannot read the file: {exc.strerror or exc}")) from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        offset = exc.start + (3 if raw.startswith(b"\xef\xbb\xbf") else 0)
        line = raw[:offset].count(b"\n") + 1
        raise InputError(
            Problem(file, line, None,
                    f"the file is not valid UTF-8 (byte 0x{raw[offset]:02x} at offset {offset}); "
                    "save it as UTF-8")
        ) from None
    key = (file, hashlib.blake2b(raw, digest_size=16).digest())
    kept = _LOADED.get(key)
    if kept is not None:
        return YamlDoc(plain_copy(kept.data), file, _root=kept._root, _maps=kept._maps, _line=kept._line)
    doc = parse_yaml(text, file)
    if len(raw) <= _KEEP_BYTES:
        if len(_LOADED) >= _KEEP_FILES:
            _LOADED.pop(next(iter(_LOADED)))
        _LOADED[key] = doc
        return YamlDoc(plain_copy(doc.data), file, _root=doc._root, _maps=doc._maps, _line=doc._line)
    return doc


# (the file as shown, its bytes' digest) → its YamlDoc: a file read again unchanged is not parsed again (a `check`
# reads the assumptions register and the axes for its reports, lint and the site read them too, and the tests run
# these verbs many times in one process); the pure-Python composer, which the register's text needs, takes a good
# part of a second on it. Keyed by the content, not the modification time. A caller gets its own copy of the
# data (no sub-object shared, none with the cache); the node tree, only read, is shared. Small files only.
_LOADED: dict[tuple[str, bytes], YamlDoc] = {}
_KEEP_BYTES = 1 << 20
# More than the suite's YAML files (335 today): a lint reads each board three times (its findings, the cards it
# invents, the catalog's), and a cache of 64 evicted every board before its next read (1,001 parses for 335 files).
_KEEP_FILES = 4096


@contextlib.contextmanager
def gc_paused() -> Iterator[None]:
    """Python's cyclic garbage collector paused: composing a document makes several objects per node, and the
    collections this sets off grow with the objects already made, so a big file took a time quadratic in its
    size (200,000 expectations: 100 s; paused: a few seconds, linear). Nothing composed here is garbage. A
    reader that turns a big document into its own objects pauses it too (`load_expectations`)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def parse_yaml(text: str, file: str) -> YamlDoc:
    """Parse YAML text (already decoded) as `load_yaml` does; `file` is the name used in problems."""
    with gc_paused():
        return _parse_yaml(text, file)


def _parse_yaml(text: str, file: str) -> YamlDoc:
    if not text.strip():
        raise InputError(Problem(file, None, None, "the file is empty: expected a YAML document"))
    root = _compose_fast(text)
    loader = None
    try:
        if root is None:
            loader = yaml.SafeLoader(text)
            root = loader.get_single_node()
    except yaml.MarkedYAMLError as exc:
        raise InputError(_syntax_problem(file, exc, text)) from None
    except yaml.reader.ReaderError as exc:
        line = text[: exc.position].count("\n") + 1
        char = exc.character if isinstance(exc.character, int) else ord(exc.character)
        raise InputError(
            Problem(file, line, None, f"YAML syntax error: character U+{char:04X} is not allowed in YAML")
        ) from None
    except yaml.YAMLError as exc:
        raise InputError(Problem(file, None, None, f"YAML syntax error: {exc}")) from None
    except RecursionError:
        raise InputError(Problem(file, None, None, "the YAML document is nested too deeply")) from None
    finally:
        if loader is not None:
            loader.dispose()
    if root is None or (isinstance(root, ScalarNode) and root.tag == _NULL and root.value in ("", "~", "null")):
        raise InputError(Problem(file, None, None, "the document is empty (null): expected a YAML document"))
    builder = _Builder(file, line_counter(text))
    try:
        data = builder.build(root, ())
    except RecursionError:
        raise InputError(Problem(file, None, None, "the YAML document is nested too deeply")) from None
    if not builder.problems:
        memo: dict[int, int] = {}
        size = _expanded_size(root, memo)
        # a bomb multiplies its nodes through aliases; a big file without aliases (size == its nodes) is none
        if size > MAX_EXPANDED_NODES and size > 10 * len(memo):
            builder.problems.append(
                Problem(file, builder.line(root.start_mark), None,
                        f"the document expands to {size} values through aliases "
                        f"(limit {MAX_EXPANDED_NODES}); remove the nested aliases")
            )
    if builder.problems:
        raise InputError(sorted(builder.problems, key=lambda p: p.line or 0))
    return YamlDoc(data, file, _root=root, _maps=builder.maps, _line=builder.line)


#: libyaml's composer (yaml.CSafeLoader), when PyYAML was built with it: the same node tree as yaml.SafeLoader's
#: (the same resolver: the same tags) about ten times faster. It is tried only on what it cannot recurse deeply on
#: (its composer is C recursion without a limit), and only an ordinary document is taken from it: a shallow tree
#: without a cycle. Anything else — an error of any kind, a deep or recursive document — is composed again by
#: yaml.SafeLoader, whose messages and limits (RecursionError) are the ones reported.
_CSafeLoader = getattr(yaml, "CSafeLoader", None)
_FAST_INDICATORS = 2000     # a bound on the nesting the C composer may see (`_nesting_bound`)
#: where libyaml accepts what yaml.SafeLoader refuses (a tab, a `?` in a flow collection, a tag, a BOM or a break that is not
#: "\n" inside the text, control characters; tags, anchors, aliases, directives and reserved indicators too): such a
#: text goes the pure-Python way. The characters anywhere; the indicators outside whole-line comments (`# …`).
_FAST_UNSAFE = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\ufeff\ufffe\uffff]|^(?! *#).*[?!&*%@`]", re.M)
#: where libyaml reads a text otherwise (found by tests/test_yaml_fast_path.py): it accepts a block scalar header
#: followed by `#` («|#»), and places an implicit null on another line at a document marker (`---`, `...`) or
#: inside a flow collection spread over lines (a line whose `[`/`{` and `]`/`}` do not match: none of the kit's)
_FAST_UNSAFE_SEQUENCE = re.compile(r"[|>][-+0-9]*#|^(?:---|\.\.\.)", re.M)
_FAST_DEPTH = 40            # deeper trees (none of the kit's files) go the pure-Python way


def _compose_fast(text: str) -> Node | None:
    """The document's node tree composed by libyaml, or None: compose it with yaml.SafeLoader instead."""
    if _CSafeLoader is None or _FAST_UNSAFE.search(text) or _FAST_UNSAFE_SEQUENCE.search(text) \
            or _flow_over_lines(text) or _nesting_bound(text) > _FAST_INDICATORS:
        return None
    loader = None
    try:
        loader = _CSafeLoader(text)
        root = loader.get_single_node()
    except Exception:  # noqa: BLE001 - whatever libyaml says, yaml.SafeLoader gives the reported error
        return None
    finally:
        if loader is not None:
            loader.dispose()
    return root if root is not None and _shallow_acyclic(root) else None


def _nesting_bound(text: str) -> int:
    """An upper bound on the nesting depth of a YAML text whose flow collections each close on their line
    (`_flow_over_lines`): along a path down the tree, a node one level deeper starts either on the same line
    (after one more indicator: `-`, `:`, `[`, `{`) or on a later line indented further (or, once per
    indentation, a sequence at its mapping's indentation). So the depth is at most
    2 × (the deepest indentation + 1) × (the most indicators on a line + 1) — linear to compute, where counting
    every indicator of a big flat file (200,000 expectations) sent it the pure-Python way (100 s, not 10)."""
    lines = text.split("\n")
    deepest = max(len(line) - len(line.lstrip(" ")) for line in lines)
    most = max(line.count("-") + line.count(":") + line.count("[") + line.count("{") for line in lines)
    return 2 * (deepest + 1) * (most + 1)


def _flow_over_lines(text: str) -> bool:
    """Some line opens more flow collections than it closes, or the other way round (a `[`/`{` in a quoted
    string counts too: then the text just goes the pure-Python way)."""
    return any(line.count("[") + line.count("{") != line.count("]") + line.count("}") for line in text.split("\n"))


def _shallow_acyclic(root: Node) -> bool:
    """No path deeper than _FAST_DEPTH and no node inside itself (iterative: the tree may be anything)."""
    stack: list[tuple[Node, int, frozenset[int]]] = [(root, 0, frozenset())]
    done: set[int] = set()
    while stack:
        node, depth, above = stack.pop()
        key = id(node)
        if key in above or depth > _FAST_DEPTH:
            return False
        if isinstance(node, ScalarNode) or key in done:
            continue
        done.add(key)
        inner = above | {key}
        children = node.value if isinstance(node, SequenceNode) else [n for pair in node.value for n in pair]
        stack.extend((child, depth + 1, inner) for child in children)
    return True


def _syntax_problem(file: str, exc: yaml.MarkedYAMLError, text: str = "") -> Problem:
    at = line_counter(text)
    mark = exc.problem_mark or exc.context_mark
    line = at(mark) if mark is not None else None
    message = exc.problem or "invalid YAML"
    if exc.context:
        context = exc.context
        if exc.context_mark is not None and (mark is None or at(exc.context_mark) != line):
            context += f" started at line {at(exc.context_mark)}"
        message += f" ({context})"
    if isinstance(exc, yaml.composer.ComposerError) and "single document" in (exc.context or ""):
        message = "expected a single YAML document, but found another one (remove the '---')"
    return Problem(file, line, None, f"YAML syntax error: {message}{other_breaks_hint(text)}")


def _key_reading(node: ScalarNode) -> str:
    """How YAML read a key that is not text, in words (for a message)."""
    if node.tag == _BOOL:
        return "read as a boolean"
    if node.tag in (_INT, _FLOAT):
        return "read as a number"
    return "text"


class _Builder:
    """Turns a composed node tree into plain Python data, collecting problems."""

    def __init__(self, file: str, line: Callable[[Any], int] = _mark_line):
        self.file = file
        self.line = line
        self.problems: list[Problem] = []
        self.maps: dict[int, dict[Any, tuple[Node, Node]]] = {}
        self._memo: dict[int, Any] = {}
        self._active: set[int] = set()
        self._constructor = SafeConstructor()

    def _problem(self, node: Node, path: JsonPath, message: str) -> None:
        self.problems.append(Problem(self.file, self.line(node.start_mark), format_path(path), message))

    def build(self, node: Node, path: JsonPath) -> Any:
        key = id(node)
        if key in self._active:
            self._problem(node, path, "recursive YAML alias: a node cannot contain itself")
            return None
        if key in self._memo:
            return self._memo[key]
        self._active.add(key)
        try:
            if isinstance(node, ScalarNode):
                value = self._scalar(node, path)
            elif isinstance(node, SequenceNode):
                value = self._sequence(node, path)
            elif isinstance(node, MappingNode):
                value = self._mapping(node, path)
            else:  # pragma: no cover - the composer makes only these three kinds
                self._problem(node, path, f"unexpected YAML node {type(node).__name__}")
                value = None
        finally:
            self._active.discard(key)
        self._memo[key] = value
        return value

    def _bad_tag(self, node: Node, path: JsonPath) -> None:
        self._problem(
            node, path,
            f"YAML tag '{_show_tag(node.tag)}' is not allowed: only plain mappings, lists, strings, "
            "numbers, booleans and null (unsafe tags such as !!python/... are rejected)",
        )

    def _scalar(self, node: ScalarNode, path: JsonPath) -> Any:
        tag = node.tag
        if tag not in _SCALAR_TAGS:
            self._bad_tag(node, path)
            return None
        if tag in (_STR, _TIMESTAMP):  # dates stay text: the data must be plain and JSON-able
            return node.value
        try:
            if tag == _NULL:
                return None
            if tag == _BOOL:
                return self._constructor.construct_yaml_bool(node)
            if tag == _INT:
                return self._constructor.construct_yaml_int(node)
            return self._constructor.construct_yaml_float(node)
        except (ValueError, KeyError, TypeError):
            self._problem(node, path, f"{show_value(node.value)} is not a valid {_show_tag(tag)}"
                          + (f" (a number of {len(node.value)} characters)" if len(node.value) > 40 else ""))
            return None

    def _sequence(self, node: SequenceNode, path: JsonPath) -> list[Any]:
        if node.tag != _SEQ:
            self._bad_tag(node, path)
        result: list[Any] = []
        for index, item in enumerate(node.value):
            result.append(self.build(item, (*path, index)))
        return result

    def _mapping(self, node: MappingNode, path: JsonPath) -> dict[Any, Any]:
        if node.tag != _MAP:
            self._bad_tag(node, path)
        result: dict[Any, Any] = {}
        entries: dict[Any, tuple[Node, Node]] = {}
        merged: list[tuple[Any, Node, Node]] = []
        for key_node, value_node in node.value:
            if key_node.tag == _MERGE:
                merged.extend(self._merge_sources(value_node, path))
                continue
            if not isinstance(key_node, ScalarNode):
                self._problem(key_node, path, "a mapping key must be a plain value, not a list or a mapping")
                continue
            key = self._scalar(key_node, path)
            if key in entries:
                first_node = entries[key][0]
                first = self.line(first_node.start_mark)
                if first_node.value != key_node.value:     # `true` and `1`, `1` and `1.0`: one key to Python
                    self._problem(key_node, (*path, key), f"the key '{key_node.value}' ({_key_reading(key_node)}) and "
                                  f"the key '{first_node.value}' at line {first} ({_key_reading(first_node)}) are "
                                  f"one and the same key once read (YAML 1.1 reads true/false/yes/no/on/off as "
                                  f"booleans, and true equals 1): quote the keys ('{key_node.value}') to keep them "
                                  "text")
                else:
                    self._problem(key_node, (*path, key), f"duplicate key '{key_node.value}' (first given at line "
                                  f"{first})")
                continue
            entries[key] = (key_node, value_node)
            result[key] = self.build(value_node, (*path, key))
        for key, key_node, value_node in merged:  # earlier merge sources win, explicit keys win over all
            if key not in entries:
                entries[key] = (key_node, value_node)
                result[key] = self.build(value_node, (*path, key))
        self.maps[id(node)] = entries
        return result

    def _merge_sources(self, value_node: Node, path: JsonPath) -> list[tuple[Any, Node, Node]]:
        sources = value_node.value if isinstance(value_node, SequenceNode) else [value_node]
        out: list[tuple[Any, Node, Node]] = []
        for source in sources:
            if not isinstance(source, MappingNode):
                self._problem(source, path, "a merge key '<<' expects a mapping or a list of mappings")
                continue
            if id(source) in self._active:
                self._problem(source, path, "recursive YAML alias: a node cannot contain itself")
                continue
            self.build(source, path)  # validates it and fills self.maps for it
            for key, (key_node, val_node) in self.maps.get(id(source), {}).items():
                out.append((key, key_node, val_node))
        return out


def _expanded_size(node: Node, memo: dict[int, int]) -> int:
    """Number of values in the document with every alias expanded (memoised, so linear)."""
    key = id(node)
    if key in memo:
        return memo[key]
    memo[key] = 1  # guards against cycles (already reported by the builder)
    if isinstance(node, SequenceNode):
        size = 1 + sum(_expanded_size(item, memo) for item in node.value)
    elif isinstance(node, MappingNode):
        size = 1 + sum(_expanded_size(k, memo) + _expanded_size(v, memo) for k, v in node.value)
    else:
        size = 1
    memo[key] = size
    return size


# --------------------------------------------------------------------------------------------------
# Schema validation


def _is_int(_checker: Any, instance: Any) -> bool:
    return isinstance(instance, int) and not isinstance(instance, bool)


def _is_number(_checker: Any, instance: Any) -> bool:
    return isinstance(instance, int | float) and not isinstance(instance, bool) and (
        not isinstance(instance, float) or math.isfinite(instance)
    )


def _validator_class() -> Any:
    import jsonschema

    base = jsonschema.Draft202012Validator
    checker = base.TYPE_CHECKER.redefine_many({"integer": _is_int, "number": _is_number})
    from harness.common.jsonschemas import validator_class

    return validator_class(jsonschema.validators.extend(base, type_checker=checker))


_VALIDATOR: Any = None
# (id of the schema, id of the registry) → (the schema, the registry, its validator): a validator made once per
# schema and registry (every board of a run is checked against one), so its resolver's look-ups of `$ref`s are made
# once, not once per document. The schema and registry are kept with it, so their ids are not reused meanwhile.
_VALIDATORS: dict[tuple[int, int], tuple[Any, Any, Any]] = {}


def _validator_for(schema: dict[str, Any], registry: Any) -> Any:
    global _VALIDATOR
    key = (id(schema), id(registry))
    kept = _VALIDATORS.get(key)
    if kept is not None and kept[0] is schema and kept[1] is registry:
        return kept[2]
    if _VALIDATOR is None:
        _VALIDATOR = _validator_class()
    validator = _VALIDATOR(schema, **({"registry": registry} if registry is not None else {}))
    if len(_VALIDATORS) > 64:            # schemas made on the fly (tests) do not pile up
        _VALIDATORS.clear()
    _VALIDATORS[key] = (schema, registry, validator)
    return validator


def validate_with_schema(doc: YamlDoc, schema: dict[str, Any], registry: Any = None) -> list[Problem]:
    """Validate `doc.data` against a Draft 2020-12 schema; one Problem per error, sorted by line.

    `registry` (a `referencing.Registry`) resolves `$ref`s to other schemas. In this validator an
    integer is an int (not 3.0, not true), and a number is finite.
    """
    validator = _validator_for(schema, registry)
    problems: list[Problem] = []
    for error in validator.iter_errors(doc.data):
        problems.extend(_problems_of(doc, error))
    unique = list(dict.fromkeys(problems))
    return sorted(unique, key=lambda p: (p.line or 0))


def _problems_of(doc: YamlDoc, error: Any) -> list[Problem]:
    path = tuple(error.absolute_path)
    kind = error.validator
    schema = error.schema if isinstance(error.schema, dict) else {}
    instance = error.instance

    def at(p: JsonPath, message: str) -> Problem:
        return Problem(doc.file, doc.line_of(p), format_path(p), message)

    if kind == "required" and isinstance(instance, dict):
        why = schema.get("x-why")
        return [
            at((*path, name), f"missing required field '{name}'" + (f" ({why})" if why else ""))
            for name in error.validator_value
            if name not in instance
        ]
    if kind in ("additionalProperties", "unevaluatedProperties") and isinstance(instance, dict):
        allowed = list(schema.get("properties", {}))
        patterns = list(schema.get("patternProperties", {}))
        out = []
        for key in instance:
            if key in allowed or any(re.search(p, str(key)) for p in patterns):
                continue
            message = f"unknown field {show_value(key) if not isinstance(key, str) else repr(key)}"
            near = difflib.get_close_matches(str(key), allowed, n=1, cutoff=0.6)
            if near:
                message += f"; did you mean '{near[0]}'?"
            elif allowed:
                message += f"; expected one of: {', '.join(allowed)}"
            out.append(at((*path, key), message))
        if out:
            return out
    if kind in ("anyOf", "oneOf") and error.context:
        branches: dict[Any, list[Any]] = {}
        for sub in error.context:
            branches.setdefault(sub.schema_path[0] if sub.schema_path else None, []).append(sub)
        matched = [
            errs for errs in branches.values()
            if not all(e.validator == "type" and not e.relative_path for e in errs)
        ]
        if len(matched) == 1:
            return [p for sub in matched[0] for p in _problems_of(doc, sub)]
        alternatives = []
        for index, alt in enumerate(error.validator_value):
            top = [e for e in branches.get(index, []) if not e.relative_path]
            alternatives.append(_describe(top[0].schema if top else alt))  # $ref resolved by the validator
        if kind == "oneOf" and len(branches) < len(error.validator_value):
            return [at(path, f"expected exactly one of: {' or '.join(alternatives)}; the value matches several")]
        return [at(path, f"expected {' or '.join(alternatives)}, got {show_value(instance)}")]
    if kind == "enum":
        options = [str(o) for o in error.validator_value]
        message = f"expected one of: {', '.join(options)}; got {show_value(instance)}"
        near = difflib.get_close_matches(str(instance), options, n=1, cutoff=0.6)
        if near and isinstance(instance, str):
            message += f" (did you mean '{near[0]}'?)"
        return [at(path, message)]
    if kind == "const":
        return [at(path, f"expected {show_value(error.validator_value)}, got {show_value(instance)}")]
    if kind in ("type", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "pattern", "format",
                "multipleOf"):
        return [at(path, f"expected {_describe(schema)}, got {show_value(instance)}")]
    if kind in ("minLength", "maxLength"):
        if "x-expected" in schema:
            return [at(path, f"expected {schema['x-expected']}, got {show_value(instance)}")]
        if kind == "minLength" and error.validator_value == 1:
            return [at(path, "expected a non-empty string")]
        word = "at least" if kind == "minLength" else "at most"
        return [at(path, f"expected {word} {error.validator_value} characters, got {show_value(instance)}")]
    if kind in ("minItems", "maxItems"):
        count = len(instance) if isinstance(instance, list) else 0
        return [at(path, f"expected {_describe(schema)}, got {count} item{'s' if count != 1 else ''}")]
    if kind == "uniqueItems" and isinstance(instance, list):
        seen: list[Any] = []
        repeated = None
        for item in instance:
            if item in seen:
                repeated = item
                break
            seen.append(item)
        what = schema.get("x-expected", "distinct items")
        return [at(path, f"expected {what}; {show_value(repeated)} is repeated")]
    if kind is None and error.schema is False:
        return [at(path, f"field '{path[-1] if path else ''}' is not allowed here")]
    return [at(path, error.message)]


def _describe(schema: Any) -> str:
    """A human phrase for what a (sub)schema accepts."""
    if not isinstance(schema, dict):
        return "a valid value" if schema is not False else "nothing"
    if "x-expected" in schema:
        return str(schema["x-expected"])
    if "enum" in schema:
        return "one of: " + ", ".join(str(o) for o in schema["enum"])
    if "const" in schema:
        return show_value(schema["const"])
    for key in ("anyOf", "oneOf"):
        if key in schema:
            return " or ".join(_describe(s) for s in schema[key])
    types = schema.get("type")
    if isinstance(types, list):
        return " or ".join(_describe({**schema, "type": t}) for t in types)
    if types in ("integer", "number"):
        noun = "an integer" if types == "integer" else "a number"
        low, high = schema.get("minimum"), schema.get("maximum")
        if "exclusiveMinimum" in schema:
            return f"{noun} > {schema['exclusiveMinimum']}"
        if low is not None and high is not None:
            return f"{noun} from {low} to {high}"
        if low is not None:
            return f"{noun} ≥ {low}"
        if high is not None:
            return f"{noun} ≤ {high}"
        return noun
    if types == "string":
        if "pattern" in schema:
            return f"a string matching {schema['pattern']}"
        return "a non-empty string" if schema.get("minLength") == 1 else "a string"
    if types == "boolean":
        return "true or false"
    if types == "null":
        return "null"
    if types == "array":
        low, high = schema.get("minItems"), schema.get("maxItems")
        if low is not None and low == high:
            return f"a list of exactly {low} item{'s' if low != 1 else ''}"
        if low:
            return f"a list of at least {low} item{'s' if low != 1 else ''}"
        if high is not None:
            return f"a list of at most {high} items"
        return "a list"
    if types == "object":
        return "a mapping (field: value)"
    if "$ref" in schema:
        return "a valid " + str(schema["$ref"]).rsplit("/", 1)[-1]
    return "a valid value"
