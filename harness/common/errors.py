"""Errors a user can cause, reported as `file:line: field: message` — never a bare traceback."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    """One problem in one input: where it is and what was expected."""

    file: str
    line: int | None
    field: str | None
    message: str

    def __str__(self) -> str:
        where = self.file if self.line is None else f"{self.file}:{self.line}"
        return f"{where}: {self.field}: {self.message}" if self.field else f"{where}: {self.message}"


class InputError(Exception):
    """A user's input (board, catalog, feature, rules file, engine reply) is not valid.

    Carries every problem found, not only the first; `str()` gives one line per problem.
    """

    def __init__(self, problems: list[Problem] | Problem):
        self.problems = [problems] if isinstance(problems, Problem) else list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))
