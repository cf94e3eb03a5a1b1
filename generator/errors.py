"""Where a problem is, and the one-line, compiler-style message that tells a user about it."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
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


class InputError(Exception):
    """Input that cannot be used. Raised before anything is drawn; the CLI prints it and exits 2."""

    def __init__(self, location: Location, message: str, rule: str):
        super().__init__(message)
        self.location = location
        self.message = message
        self.rule = rule

    def __str__(self) -> str:
        return f"{self.location}: error: {self.message} [{self.rule}]"


def did_you_mean(word: str, choices) -> str:
    """' (did you mean "x"?)' for the closest known word, or a list of the known words."""
    import difflib

    choices = sorted(str(c) for c in choices)
    close = difflib.get_close_matches(str(word), choices, n=1, cutoff=0.5)
    if close:
        return f'; did you mean "{close[0]}"?'
    if len(choices) <= 12:
        return "; expected one of: " + ", ".join(choices)
    return ""
