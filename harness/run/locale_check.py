"""A clear error instead of a crash when Python does not run in UTF-8 (a pytest plugin, see conftest.py).

The kit's files, scenario names and test ids are Cyrillic. Under a UTF-8 locale, and under the C/POSIX
locale (``LC_ALL=C``: Python then turns its UTF-8 mode on by itself, PEP 540), nothing is needed. Only
a locale whose encoding cannot hold Cyrillic (``LC_ALL=C`` with ``PYTHONUTF8=0``, ``en_US.ISO-8859-1``…)
breaks things no file can fix: Python decodes file names with that encoding, and pytest puts the test
id into the environment (``PYTEST_CURRENT_TEST``). There the run stops at once with what to do, instead
of an INTERNALERROR in the middle of it. (`berserk-rules` itself re-runs in UTF-8 mode, see cli.py.)
"""

from __future__ import annotations

import codecs
import sys

import pytest


def utf8_ok() -> bool:
    try:
        return codecs.lookup(sys.getfilesystemencoding()).name == "utf-8"
    except LookupError:
        return False


def problem() -> str | None:
    if utf8_ok():
        return None
    return (f"Python runs with the file-system encoding {sys.getfilesystemencoding()!r}, which cannot hold the "
            "kit's Cyrillic file and scenario names: use a UTF-8 locale, or LC_ALL=C without PYTHONUTF8=0 "
            "(Python then runs in UTF-8 mode by itself), or set PYTHONUTF8=1")


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config: pytest.Config) -> None:
    message = problem()
    if message:
        raise pytest.UsageError(message)
