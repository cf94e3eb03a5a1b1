"""Diatoms self-play: 1,000 seeded games for each player count and each scripted player (greedy,
seeker) with the bundled tile set and diatom counts, and what they show: how often a player holds no
tile that fits, the group sizes 1-6, how often a wanted shape had run out, and the diatoms each
player collects.

    .venv/bin/python benchmarks/diatoms_selfplay.py [--games N] [--seed S] [--strategy greedy|seeker] [FILE]

The players and the rules they follow are described in generator/games/diatoms/selfplay.py.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from generator.games.diatoms.selfplay import STRATEGIES, reports  # noqa: E402
from generator.load import load_game  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", default="diatoms", help="a Diatoms game file (default: the bundled one)")
    parser.add_argument("--games", type=int, default=1000, help="games per player count (default 1000)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--strategy", choices=sorted(STRATEGIES) + ["both"], default="both",
                        help="the scripted players (default: both)")
    args = parser.parse_args(argv)
    spec = load_game(args.file).spec
    began = time.perf_counter()
    for strategy in sorted(STRATEGIES) if args.strategy == "both" else [args.strategy]:
        for players, report in reports(spec, args.games, args.seed, strategy).items():
            print("\n".join(report.lines(f"{players} players, {strategy}")))
    print(f"({time.perf_counter() - began:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
