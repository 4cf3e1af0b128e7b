"""JSON Schema validation as the schemas mean it: a `pattern` is an ECMA-262 regular expression, where `$` ends the
string. Python's `$` also matches before a final newline, so `"1.0.0\n"` would pass `^\\d+\\.\\d+\\.\\d+$`; every
validator of the kit comes from `validator_class`, whose `pattern` anchors `$` at the very end (`\\Z`)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from typing import Any

_DOLLAR = re.compile(r"(?<!\\)\$")


@cache
def ecma_pattern(pattern: str) -> re.Pattern[str]:
    """`pattern` compiled so that `$` matches at the end of the string only (as in ECMA-262)."""
    return re.compile(_DOLLAR.sub(r"\\Z", pattern))


def _pattern(validator: Any, pattern: str, instance: Any, schema: Any) -> Iterator[Any]:
    from jsonschema.exceptions import ValidationError

    if validator.is_type(instance, "string") and not ecma_pattern(pattern).search(instance):
        yield ValidationError(f"{instance!r} does not match {pattern!r}")


def validator_class(base: Any) -> Any:
    """`base` (a jsonschema validator class) with an ECMA-262 `pattern`."""
    import jsonschema

    return jsonschema.validators.extend(base, {"pattern": _pattern})
