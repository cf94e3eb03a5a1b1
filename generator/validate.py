"""The validator framework: games contribute rules with stable ids, the core runs and reports them."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable

from generator.errors import InputError, Location, one_line
from generator.paths import display_path


@dataclass(frozen=True)
class Finding:
    level: str  # error | warning
    location: Location
    message: str
    rule: str

    def __str__(self) -> str:
        return one_line(f"{self.location}: {self.level}: {self.message} [{self.rule}]")


@dataclass(frozen=True)
class Problem:
    """What a rule reports; the framework adds the rule's id."""

    level: str
    location: Location
    message: str


def error(location: Location, message: str) -> Problem:
    return Problem("error", location, message)


def warning(location: Location, message: str) -> Problem:
    return Problem("warning", location, message)


@dataclass(frozen=True)
class Rule:
    id: str
    summary: str
    check: Callable[[Any], Iterable[Problem]]


class RuleBook:
    """A game's rules, in the order they were declared."""

    def __init__(self) -> None:
        self.rules: list[Rule] = []

    def rule(self, rule_id: str, summary: str):
        """Decorator: `@rules.rule("diamonds.deck", "52 cards and 2 jokers")` over a generator of Problems."""

        def register(check):
            if any(existing.id == rule_id for existing in self.rules):
                raise ValueError(f"rule id {rule_id} declared twice")
            self.rules.append(Rule(rule_id, summary, check))
            return check

        return register

    def count(self, spec) -> int:
        """How many rules the game's `pnp validate` says hold: one a declared rule."""
        return len(self.rules)

    def run(self, spec) -> list[Finding]:
        findings = []
        for rule in self.rules:
            try:
                for problem in rule.check(spec) or ():
                    if not (isinstance(problem, Problem) and isinstance(problem.location, Location)
                            and isinstance(problem.message, str) and problem.level in ("error", "warning")):
                        code = rule.check.__code__
                        raise InputError(Location(display_path(Path(code.co_filename)), code.co_firstlineno),
                                         f"rule {rule.id} gave {str(problem)[:60]!r}; a rule yields error(location, "
                                         "message) or warning(location, message), a location being where(spec, key)",
                                         "plugin.error")
                    findings.append(Finding(problem.level, problem.location, problem.message, rule.id))
            except InputError:
                raise
            except Exception:
                # A later rule may count on what an earlier one checks (a deck with no suits has no
                # treasure to draw); once the set has failed, a check that cannot run adds nothing.
                # On a set that has not failed, it is a bug, and it shows as one.
                if not has_errors(findings):
                    raise
        return findings


def has_errors(findings: list[Finding]) -> bool:
    return any(finding.level == "error" for finding in findings)


def in_file_order(findings: list[Finding]) -> list[Finding]:
    """The findings as a user reads them: the files in the order they come up, then line by line,
    each finding once (two rules may say the same thing at the same place)."""
    files: dict[str, int] = {}
    for finding in findings:
        files.setdefault(finding.location.file, len(files))
    ordered = sorted(findings, key=lambda f: (files[f.location.file], f.location.line or 0, f.location.col or 0))
    once: dict[str, Finding] = {}
    for finding in ordered:
        once.setdefault(str(finding), finding)
    return list(once.values())
