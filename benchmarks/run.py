"""Measure how fast `pnp build` is and how much memory it takes: `python benchmarks/run.py`.

Each command runs as a whole process, the way a user runs it, so interpreter start-up
and imports count. Each run goes through `_measure.py`, which reports that run's wall
time and peak RSS on its own. The table shows the median time over the runs (robust to
one slow run) and the largest peak RSS seen (memory is a ceiling, so the worst run counts).

When protograf is installed (the `bench` extra) a plain 54-card protograf deck is timed
too, as the yardstick for the speed target. The targets are reported, not enforced: the
exit status is 0 whatever the numbers, and non-zero only if a command itself fails.
"""

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

SPEED_TARGET = 4.0  # the Diamonds PDF at least this many times faster than the protograf deck
MEMORY_TARGET_MIB = 60.0  # the Diamonds PDF's peak RSS below this

INSTALL_HINT = ".venv/bin/pip install -e '.[bench]'"

# As on a user's machine, Python may cache compiled modules: a shell that forbids it
# (PYTHONDONTWRITEBYTECODE) would make our editable install recompile every module on every run,
# while the yardstick, installed from a wheel, has its cache already.
USER_ENVIRONMENT = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}


@dataclass
class Benchmark:
    label: str
    args: list[str]  # the command, with "{out}" standing for a fresh output directory
    times_s: list[float] = field(default_factory=list)
    peaks_kib: list[int] = field(default_factory=list)

    def command(self, out_dir: str) -> list[str]:
        return [arg.replace("{out}", out_dir) for arg in self.args]

    @property
    def median_s(self) -> float:
        return statistics.median(self.times_s)

    @property
    def peak_mib(self) -> float:
        return max(self.peaks_kib) / 1024


class CommandFailed(Exception):
    pass


def measure_once(bench: Benchmark) -> tuple[float, int]:
    """Run the benchmark's command once, in a fresh output directory; return (seconds, KiB)."""
    # A new directory each time, so no run finds the previous run's files already there.
    with tempfile.TemporaryDirectory(prefix="pnp-bench-") as out_dir:
        result = subprocess.run(
            [sys.executable, str(MEASURE), *bench.command(out_dir)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            env=USER_ENVIRONMENT,
        )
    if result.returncode != 0:
        tail = "\n".join(result.stderr.strip().splitlines()[-15:])
        raise CommandFailed(f"{bench.label} failed (exit {result.returncode}):\n{tail}")
    # _measure.py's last stdout line is "elapsed_s=... maxrss_kib=...".
    fields = dict(item.split("=") for item in result.stdout.strip().splitlines()[-1].split())
    return float(fields["elapsed_s"]), int(fields["maxrss_kib"])


def run_all(benches: list[Benchmark], runs: int) -> None:
    # Round 0 is a warm-up that is not recorded: it fills the OS file cache (and writes
    # .pyc files, where Python may), costs that a user pays once, not on every build.
    # The commands take turns within each round, so a slow spell on the machine
    # affects them all alike instead of one of them.
    for round_number in range(runs + 1):
        for bench in benches:
            seconds, kib = measure_once(bench)
            if round_number > 0:
                bench.times_s.append(seconds)
                bench.peaks_kib.append(kib)


def verdict(met: bool) -> str:
    return "met" if met else "NOT met"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="timed runs per command (default 5)")
    args = parser.parse_args()
    if args.runs < 1:
        parser.error("--runs must be at least 1")

    # The pnp of this interpreter's environment, run as `python -m generator`.
    pnp = [sys.executable, "-m", "generator"]
    diamonds = Benchmark("diamonds PDF", [*pnp, "build", "diamonds", "--out", "{out}"])
    full = Benchmark("all games PDF", [*pnp, "build", "--out", "{out}"])
    formats = Benchmark("all formats", [*pnp, "build", "--out", "{out}", "--format", "pdf,svg,png,cut"])
    benches = [diamonds, full, formats]

    # find_spec looks protograf up without importing it (an import takes a second or so).
    protograf = None
    if importlib.util.find_spec("protograf") is not None:
        deck_script = str(HERE / "protograf_deck.py")
        protograf = Benchmark("protograf deck", [sys.executable, deck_script, "--directory", "{out}"])
        benches.append(protograf)

    print(f"{args.runs} runs each after one warm-up; median wall time, largest peak RSS", flush=True)
    # Times on a busy machine are slower and noisier; say how busy it was at the start.
    print(f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f} at start", flush=True)
    try:
        run_all(benches, args.runs)
    except CommandFailed as error:
        print(f"error: {error}", file=sys.stderr)
        return 1

    for bench in benches:
        print(f"{bench.label:<15} median {bench.median_s:6.2f} s   peak {bench.peak_mib:6.1f} MiB")

    print()
    if protograf is None:
        print(f"protograf deck  skipped: protograf is not installed ({INSTALL_HINT})")
        speed_line = "not checked (needs protograf)"
    else:
        ratio = protograf.median_s / diamonds.median_s
        print(f"ratio protograf/diamonds {ratio:.1f}x")
        speed_line = f"{verdict(ratio >= SPEED_TARGET)} ({ratio:.1f}x)"
    print(f"target: diamonds PDF at least {SPEED_TARGET:g}x faster than protograf deck: {speed_line}")
    print(
        f"target: diamonds PDF peak under {MEMORY_TARGET_MIB:g} MiB: "
        f"{verdict(diamonds.peak_mib < MEMORY_TARGET_MIB)} ({diamonds.peak_mib:.1f} MiB)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
