"""Measure how fast `pnp` is and how much memory it takes: `python benchmarks/run.py`.

Each command runs as a whole process, the way a user runs it, so interpreter start-up and imports
count. Each run goes through `_measure.py`, which reports that run's wall time and peak RSS on its
own. The quick rows run `--runs` times after one warm-up and show the median time (robust to one
slow run) and the largest peak RSS seen (memory is a ceiling, so the worst run counts); the heavy
rows (thousands of cards, the test suite) run once each, and `--quick` leaves them out.

Proofs kept between runs (generator/cache.py) live in a folder of the benchmark's own, filled by
the warm-up as a user's first build fills theirs; `validate --fresh` shows what a cold one costs.

Every row has a goal. The goals are reported, not enforced: the exit status is 0 whatever the
numbers, and 1 only if a command itself fails (its row says so, and the others still run).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
MEASURE = HERE / "_measure.py"
INSTALL_HINT = ".venv/bin/pip install -e '.[bench]'"

SPEED_TARGET = 5.0  # the Diamonds PDF at least this many times faster than the protograf deck
CARDS_PER_DECK = 54


@dataclass
class Benchmark:
    label: str
    args: list[str]  # the command, with "{out}" standing for a fresh output directory
    goal_s: float | None = None
    goal_mib: float | None = None
    heavy: bool = False  # run once, and not with --quick
    ok_codes: tuple[int, ...] = (0,)
    cards: int = 0  # cards built, for the per-card figures
    times_s: list[float] = field(default_factory=list)
    peaks_kib: list[int] = field(default_factory=list)
    failure: str = ""

    def command(self, out_dir: str) -> list[str]:
        return [arg.replace("{out}", out_dir) for arg in self.args]

    @property
    def median_s(self) -> float:
        return statistics.median(self.times_s)

    @property
    def peak_mib(self) -> float:
        return max(self.peaks_kib) / 1024


def measure_once(bench: Benchmark, environment: dict[str, str]) -> tuple[float, int] | None:
    """Run the command once in a fresh output directory: (seconds, KiB), or None if it failed."""
    with tempfile.TemporaryDirectory(prefix="pnp-bench-") as out_dir:
        result = subprocess.run([sys.executable, str(MEASURE), *bench.command(out_dir)], cwd=ROOT,
                                capture_output=True, text=True, env=environment)
    if result.returncode not in bench.ok_codes:
        lines = result.stderr.strip().splitlines() or [f"exit {result.returncode}"]
        bench.failure = f"failed (exit {result.returncode}): {lines[-1]}"
        return None
    # _measure.py's last stdout line is "elapsed_s=... maxrss_kib=...".
    fields = dict(item.split("=") for item in result.stdout.strip().splitlines()[-1].split())
    return float(fields["elapsed_s"]), int(fields["maxrss_kib"])


def run_all(benches: list[Benchmark], runs: int, environment: dict[str, str]) -> None:
    # Round 0 is a warm-up that is not recorded: it fills the OS file cache, writes .pyc files and
    # keeps the proofs, costs a user pays once. The commands take turns within each round, so a
    # slow spell on the machine affects them all alike instead of one of them.
    quick = [bench for bench in benches if not bench.heavy]
    for round_number in range(runs + 1):
        for bench in quick:
            if bench.failure:
                continue
            measured = measure_once(bench, environment)
            if measured and round_number > 0:
                bench.times_s.append(measured[0])
                bench.peaks_kib.append(measured[1])
    for bench in benches:
        if bench.heavy:
            measured = measure_once(bench, environment)
            if measured:
                bench.times_s.append(measured[0])
                bench.peaks_kib.append(measured[1])


def verdict(met: bool) -> str:
    return "met" if met else "NOT met"


def row(bench: Benchmark) -> str:
    if bench.failure:
        return f"{bench.label:<38} {bench.failure}"
    line = f"{bench.label:<38} {bench.median_s:7.2f} s  {bench.peak_mib:6.1f} MiB"
    if bench.cards:
        line += f"  {bench.median_s / bench.cards * 1000:6.2f} ms/card"
    goals = []
    if bench.goal_s is not None:
        goals.append(f"<= {bench.goal_s:g} s {verdict(bench.median_s <= bench.goal_s)}")
    if bench.goal_mib is not None:
        goals.append(f"<= {bench.goal_mib:g} MiB {verdict(bench.peak_mib <= bench.goal_mib)}")
    return line + ("   goal: " + ", ".join(goals) if goals else "")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="timed runs of each quick row (default 3)")
    parser.add_argument("--quick", action="store_true", help="leave out the heavy rows (thousands of cards, tests)")
    args = parser.parse_args()
    if args.runs < 1:
        parser.error("--runs must be at least 1")

    pnp = [sys.executable, "-m", "generator"]  # the pnp of this interpreter's environment
    copies = {540: 10, 2700: 50, 10044: 186}  # cards: --copies of the 54-card deck
    every_format = ["--format", "pdf,svg,png,cut"]
    diamonds = Benchmark("Diamonds PDF", [*pnp, "build", "diamonds", "--out", "{out}"], cards=CARDS_PER_DECK)
    benches = [
        diamonds,
        Benchmark("all five games, PDF", [*pnp, "build", "--out", "{out}"], 1.0, 60),
        Benchmark("pnp list", [*pnp, "list"], 0.3),
        Benchmark("pnp validate (all five)", [*pnp, "validate"], 1.0, ok_codes=(0, 1)),
        Benchmark("pnp validate --fresh (no proofs kept)", [*pnp, "validate", "--fresh"], ok_codes=(0, 1)),
        Benchmark("all five games, every format", [*pnp, "build", "--out", "{out}", *every_format], 5.0, 100),
        Benchmark("2,700 cards, PDF", [*pnp, "build", "diamonds", "--only", "card", "--copies", str(copies[2700]),
                                       "--out", "{out}"], cards=2700),
    ]
    heavy = [
        Benchmark("10,044 cards, PDF", [*pnp, "build", "diamonds", "--only", "card", "--copies", str(copies[10044]),
                                        "--out", "{out}", "-q"], 10.0, 120, heavy=True, cards=10044),
        Benchmark("540 cards, every format", [*pnp, "build", "diamonds", "--only", "card", "--copies",
                                              str(copies[540]), "--out", "{out}", "-q", *every_format],
                  goal_mib=150, heavy=True, cards=540),
        Benchmark("2,700 cards, every format", [*pnp, "build", "diamonds", "--only", "card", "--copies",
                                                str(copies[2700]), "--out", "{out}", "-q", *every_format],
                  goal_mib=150, heavy=True, cards=2700),
        Benchmark("test suite (make test's pytest)", [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"],
                  90.0, heavy=True),
    ]
    if not args.quick:
        benches += heavy

    # find_spec looks protograf up without importing it (an import takes a second or so).
    protograf = None
    if importlib.util.find_spec("protograf") is not None:
        deck_script = str(HERE / "protograf_deck.py")
        protograf = Benchmark("protograf 54-card deck", [sys.executable, deck_script, "--directory", "{out}"])
        benches.insert(1, protograf)

    print(f"{args.runs} runs of each quick row after one warm-up (median time, largest peak RSS); heavy rows once",
          flush=True)
    # Times on a busy machine are slower and noisier; say how busy it was at the start.
    print(f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f} at start", flush=True)
    with tempfile.TemporaryDirectory(prefix="pnp-bench-cache-") as cache:
        # As on a user's machine, Python may cache compiled modules (a shell that forbids it would
        # make the editable install recompile every module on every run, while the yardstick,
        # installed from a wheel, has its cache already); the proofs go to the benchmark's own folder.
        environment = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
        environment["PNP_CACHE_DIR"] = cache
        run_all(benches, args.runs, environment)

    print()
    for bench in benches:
        print(row(bench))
    print()
    if protograf is None:
        print(f"protograf deck skipped: protograf is not installed ({INSTALL_HINT})")
    elif not (protograf.failure or diamonds.failure):
        ratio = protograf.median_s / diamonds.median_s
        print(f"Diamonds PDF vs protograf's deck: {ratio:.1f}x faster   goal: >= {SPEED_TARGET:g}x "
              f"{verdict(ratio >= SPEED_TARGET)}")
    by_label = {bench.label: bench for bench in benches}
    small, large = by_label.get("540 cards, every format"), by_label.get("2,700 cards, every format")
    if small and large and small.times_s and large.times_s:
        per_small, per_large = small.median_s / small.cards, large.median_s / large.cards
        flat = large.peak_mib <= small.peak_mib * 1.25 and small.peak_mib <= large.peak_mib * 1.25
        print(f"every format, 540 vs 2,700 cards: {per_small * 1000:.1f} vs {per_large * 1000:.1f} ms a card "
              f"(time linear in cards: {verdict(per_large <= per_small * 1.25)}); peak {small.peak_mib:.0f} vs "
              f"{large.peak_mib:.0f} MiB (flat within 25 % and under 150 MiB: "
              f"{verdict(flat and max(small.peak_mib, large.peak_mib) < 150)})")
    return 1 if any(bench.failure for bench in benches) else 0


if __name__ == "__main__":
    sys.exit(main())
