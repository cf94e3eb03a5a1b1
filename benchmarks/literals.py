"""Numbers in the games' Python that place or size things: what issue 31 moves into layouts.

    python benchmarks/literals.py            one line per game package, then the total

Counted: every int and float literal in generator/games/<game>/*.py but 0, 1, 2, -1 and 0.5 (halves,
ends and counts of two place nothing by themselves), outside the modules
that quote a rulebook (rulebook.py: how many pieces, what scores, which the rules fix). The data-
driven `custom` game is the engine of a designer's own game, not a game, and is left out.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

GAMES = Path(__file__).resolve().parent.parent / "generator" / "games"
NOT_PLACEMENT = {0, 1, 2, -1, 0.5}
LEFT_OUT_MODULES = {"rulebook.py"}
LEFT_OUT_GAMES = {"custom"}


def placement_literals(path: Path) -> int:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    numbers = 0
    for node in ast.walk(tree):
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) and _number(node.operand):
            continue  # counted as its operand below, once
        if _number(node) and node.value not in NOT_PLACEMENT and -node.value not in NOT_PLACEMENT | {0.5}:
            numbers += 1
    return numbers


def _number(node) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) and not isinstance(node.value, bool)


def by_game() -> dict[str, int]:
    counts = {}
    for package in sorted(path for path in GAMES.iterdir() if path.is_dir() and not path.name.startswith("_")):
        if package.name in LEFT_OUT_GAMES:
            continue
        counts[package.name] = sum(placement_literals(path) for path in sorted(package.rglob("*.py"))
                                   if path.name not in LEFT_OUT_MODULES)
    return counts


def main() -> int:
    counts = by_game()
    for game, count in counts.items():
        lines = sum(len(path.read_text(encoding="utf-8").splitlines()) for path in (GAMES / game).rglob("*.py"))
        longest = max((GAMES / game).rglob("*.py"), key=lambda path: len(path.read_text(encoding="utf-8").splitlines()))
        print(f"{game:<16} {count:>5} placement literals  {lines:>6} lines (longest: {longest.name}, "
              f"{len(longest.read_text(encoding='utf-8').splitlines())})")
    print(f"{'all':<16} {sum(counts.values()):>5}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
