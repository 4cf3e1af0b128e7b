"""Text and JSON from outside the kit (engines, boards, features) made safe to show and to keep.

- `terminal(text)`: control characters (escape sequences, carriage returns, bells…) escaped as `\\x1b`,
  so an engine's message or a card name cannot drive the user's terminal; newlines and tabs stay.
- `stream_safe(text)`: the same characters escaped for a stream that is not a terminal (a pipe, a file: what
  any verb prints there, `harness.common.console.GuardedStream`): C0 as `\\x1b`, DEL, C1 and the bidi controls
  as `\\u0085`, so a JSON document printed there stays valid JSON with the same values.
- `loads_checked(text)`: JSON that the reports can carry again: no NaN/Infinity, no lone surrogates in any
  string or key, at most `MAX_DEPTH` levels of nesting. Raises `ValueError` saying what and where.
"""

from __future__ import annotations

import json
import re
from typing import Any

MAX_DEPTH = 64
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
_SURROGATE = re.compile("[\ud800-\udfff]")


def _escape(m: re.Match[str]) -> str:
    c = ord(m.group())
    return f"\\x{c:02x}" if c < 0x100 else f"\\u{c:04x}"


def terminal(text: Any) -> str:
    """`text` with control characters (but newline and tab) escaped, and lone surrogates replaced."""
    s = str(text)
    s = _CONTROL.sub(_escape, s)
    return _SURROGATE.sub("\ufffd", s)


def _stream_escape(m: re.Match[str]) -> str:
    c = ord(m.group())
    return f"\\x{c:02x}" if c < 0x20 else f"\\u{c:04x}"     # JSON never carries a raw C0 character


def stream_safe(text: str) -> str:
    """`text` for a pipe or a file: control characters (but newline and tab) escaped; see the docstring."""
    return _CONTROL.sub(_stream_escape, text) if _CONTROL.search(text) else text


def clean_text(text: str) -> str:
    """`text` with lone surrogates replaced by U+FFFD (so it can be encoded as UTF-8)."""
    return _SURROGATE.sub("\ufffd", text)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number (JSON has no NaN or Infinity)")


_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_INNERMOST = re.compile(r"\[\]|\{\}")
# a cheap pre-filter (a deep nest of arrays); any deeper nest the C decoder refuses (RecursionError)
_RUN_OF_OPENERS = re.compile(r"[\[{]{16}")
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")
_FIFTEEN_ARRAYS = "[" * 15


def _has_run_of_openers(text: str) -> bool:
    """`_RUN_OF_OPENERS.search(text)`, without a regular expression's scan of every character where the text
    holds no such run (the usual case; the scan costs ~7 ns a character, a reply of the state is kilobytes):
    a run of 16 openers has a «{» followed by an opener, or else its first 15 are «[»."""
    if _FIFTEEN_ARRAYS not in text and "{{" not in text and "{[" not in text:
        return False
    return _RUN_OF_OPENERS.search(text) is not None


def depth_exceeds(text: str, limit: int) -> bool:
    """Whether a JSON text nests brackets more than `limit` levels deep (regular expressions, no recursion:
    each pass removes the innermost pairs)."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    for _ in range(limit):
        if not brackets:
            return False
        brackets = _INNERMOST.sub("", brackets)
    return bool(brackets)


def _finite(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise ValueError(f"the number {text[:40]} is too large for a 64-bit float")
    return value


def _find_surrogate(value: Any, path: str = "") -> str | None:
    stack: list[tuple[Any, str]] = [(value, path)]
    while stack:
        v, where = stack.pop()
        if isinstance(v, str):
            if _SURROGATE.search(v):
                return where or "(the message)"
        elif isinstance(v, dict):
            for k, x in v.items():
                if _SURROGATE.search(k):
                    return f"{where}.{clean_text(k)!r} (a key)".lstrip(".")
                stack.append((x, f"{where}.{k}"))
        elif isinstance(v, list):
            stack.extend((x, f"{where}[{i}]") for i, x in enumerate(v))
    return None


def loads_checked(text: str, max_depth: int = MAX_DEPTH) -> Any:
    """`json.loads` for text from outside: ValueError on NaN/Infinity, lone surrogates, or deep nesting."""
    if _has_run_of_openers(text) and depth_exceeds(text, max_depth):
        raise ValueError(f"nested more than {max_depth} levels deep")
    try:
        value = json.loads(text, parse_constant=_no_constant, parse_float=_finite)
    except RecursionError:
        raise ValueError(f"nested more than {max_depth} levels deep") from None
    if _SURROGATE_ESCAPE.search(text):
        where = _find_surrogate(value)
        if where is not None:
            raise ValueError(f"{where}: a lone surrogate (an escape such as \\ud800 that is not half of a pair) "
                             "is not a character; strings must be valid Unicode")
    return value
