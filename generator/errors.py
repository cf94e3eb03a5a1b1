"""Where a problem is, and the one-line, compiler-style message that tells a user about it."""

from __future__ import annotations

import errno
import re
from contextlib import contextmanager
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)  # one per row of a deck of thousands
class Location:
    """A place in an input: a file (or a command-line option), with a 1-based line and column."""

    file: str
    line: int | None = None
    col: int | None = None

    def format(self, with_col: bool = True) -> str:
        text = self.file
        if self.line is not None:
            text += f":{self.line}"
            if with_col and self.col is not None:
                text += f":{self.col}"
        return text

    def __str__(self) -> str:
        return self.format()


_CONTROL = re.compile(r"[\x00-\x1f\x7f\u2028\u2029\x85]")


def one_line(text: str) -> str:
    """Text as one line: control characters from the input (a newline in a key) shown escaped."""
    return _CONTROL.sub(lambda found: repr(found.group())[1:-1], text)


class InputError(Exception):
    """Input that cannot be used. Raised before anything is drawn; the CLI prints it and exits 2."""

    def __init__(self, location: Location, message: str, rule: str):
        super().__init__(message)
        self.location = location
        self.message = message
        self.rule = rule

    def __str__(self) -> str:
        return one_line(f"{self.location}: error: {self.message} [{self.rule}]")

    @property
    def errors(self) -> list[InputError]:
        """Every error this exception reports: just itself (InputErrors carries several)."""
        return [self]

    def with_message(self, message: str) -> InputError:
        return InputError(self.location, message, self.rule)


#: A file with more mistakes than this gets the first ones and a line that says how many more.
MAX_REPORTED = 20


class InputErrors(InputError):
    """Several input errors found in one pass, as a compiler reports them: one line each.

    It behaves as its first error (location, message, rule), so code that handles one error handles
    it; str() gives one line per error, at most MAX_REPORTED of them, and then how many were left out.
    """

    def __init__(self, errors: list[InputError]):
        flat = [item for error in errors for item in error.errors]
        if not flat:
            raise ValueError("InputErrors needs at least one error")
        first = flat[0]
        super().__init__(first.location, first.message, first.rule)
        self._errors = flat

    @property
    def errors(self) -> list[InputError]:
        return list(self._errors)

    def with_message(self, message: str) -> InputError:
        return InputErrors([self._errors[0].with_message(message)] + self._errors[1:])

    def __str__(self) -> str:
        shown = self._errors[:MAX_REPORTED]
        lines = [str(error) for error in shown]
        left_out = len(self._errors) - len(shown)
        if left_out:
            lines.append(f"{shown[-1].location.file}: error: {left_out} more error{'s' if left_out > 1 else ''} "
                         f"not shown; fix the ones above and run again [input.too-many-errors]")
        return "\n".join(lines)


def combine(errors: list[InputError]) -> InputError:
    """One exception for the errors found: the error itself when there is one, else InputErrors.

    Errors are put in reading order: by file (in the order the files first appear), then line and column.
    """
    flat = [item for error in errors for item in error.errors]
    files: dict[str, int] = {}
    for error in flat:
        files.setdefault(error.location.file, len(files))
    flat.sort(key=lambda e: (files[e.location.file], e.location.line or 0, e.location.col or 0))
    by_line: dict[str, InputError] = {}
    for error in flat:
        by_line.setdefault(str(error), error)
    unique = list(by_line.values())
    return unique[0] if len(unique) == 1 else InputErrors(unique)


class ErrorList:
    """Collects input errors so that one pass over a file can report them all.

    `with errors.guard(): ...` runs a step and keeps its InputError instead of stopping;
    `errors.raise_if_any()` raises them together (see combine).
    """

    def __init__(self) -> None:
        self.items: list[InputError] = []

    def add(self, error: InputError) -> None:
        self.items.extend(error.errors)

    @contextmanager
    def guard(self):
        try:
            yield self
        except InputError as error:
            self.add(error)

    def __bool__(self) -> bool:
        return bool(self.items)

    def raise_if_any(self) -> None:
        if self.items:
            raise combine(self.items)


def closest(word, choices) -> str | None:
    """The known word most like `word`, if one is close enough to be a likely typo."""
    import difflib

    close = difflib.get_close_matches(str(word), sorted(str(c) for c in choices), n=1, cutoff=0.5)
    return close[0] if close else None


def did_you_mean(word: str, choices) -> str:
    """' (did you mean "x"?)' for the closest known word, or a list of the known words."""
    choices = sorted(str(c) for c in choices)
    if not choices:  # no list at all: the caller says why there is nothing to choose
        return ""
    close = closest(word, choices)
    if close:
        return f'; did you mean "{close}"?'
    if len(choices) <= 12:
        return "; expected one of: " + ", ".join(choices)
    return ""


#: pathlib's word for links that lead round in a circle, before Python 3.13 made it an OSError (ELOOP).
SYMLINK_LOOP = "Symlink loop from "


def unusable_name(problem: BaseException) -> InputError | None:
    """A name the file system refuses to look up, too long or through links that lead round in a
    circle, as one input error naming it: only a user gives such a name (an option, a game file's
    path), wherever the program first looks at it."""
    if isinstance(problem, OSError) and problem.errno in (errno.ENAMETOOLONG, errno.ELOOP):
        name, reason = str(problem.filename), (problem.strerror or "").lower()
    elif isinstance(problem, RuntimeError) and str(problem).startswith(SYMLINK_LOOP):
        name, reason = str(problem)[len(SYMLINK_LOOP):].strip("'"), "too many levels of symbolic links"
    else:
        return None
    shown = name if len(name) <= 60 else f"{name[:28]}...{name[-28:]}"
    return InputError(Location(shown), f"cannot be used ({reason}); give another name", "input.unusable-name")
