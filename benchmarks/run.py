"""Measure how fast `pnp` is and how much memory it takes: `python benchmarks/run.py`.

Each command runs as a whole process, the way a user runs it, so interpreter start-up and imports
count. Each run goes through `_measure.py`, which reports that run's wall time and peak RSS on its
own, and writes into a fresh temporary output directory. The quick commands run `--runs` times
after one warm-up and count with the median time (robust to one slow run) and the largest peak RSS
seen (memory is a ceiling, so the worst run counts); the heavy ones (thousands of cards, every
format at two sizes, the test suite) run once each with no warm-up, and `--quick` leaves them out.

Proofs kept between runs (generator/cache.py) live in a folder of the benchmark's own, filled by
the warm-up as a user's first build fills theirs; `validate --fresh` shows what a cold one costs.

The report is one line a row: what was measured, the goal and its verdict (met / NOT met). The
goals are reported, not enforced: the exit status is 0 whatever the numbers, and 1 only if a
command itself fails (its row says "failed: <last line of stderr>", and the other rows still run).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from custom_deck import write_deck

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
MEASURE = HERE / "_measure.py"
INSTALL_HINT = ".venv/bin/pip install -e '.[bench]'"

CARDS_PER_DECK = 54  # a Diamonds deck; `--only card --copies N` builds 54 x N cards
SPEED_TARGET = 5.0  # protograf's deck takes at least this many times as long as the Diamonds PDF
LINEAR_SLACK = 1.25  # the 2,700-card run's time per card at most this times the 540-card run's
FLAT_SLACK = 1.25  # the larger of the two every-format peaks at most this times the smaller
FLAT_CEILING_MIB = 150.0  # and both below this
SAME_COST_SLACK = 1.02  # "no dearer per card": within the 1-2 % two medians of the same work differ by
#: A deck of your own read from 1,000 or 10,000 rows (the most a component may have): flat as above,
#: and memory beyond the smaller run grows by at most this much for each further card. Not strictly
#: flat: every row is held (the rules count and compare them, the manifest places each piece), some
#: 0.65 KiB a card in a validate and 1.0 in a build (a card's cells, its piece, face and front
#: placement, its share of a page, and text measures up to their caches' bounds); no face's drawing
#: and no back placement is kept, and the PDF goes to disk a page at a time.
PER_CARD_KIB = 1.5


@dataclass
class Command:
    """One command and what its recorded runs measured."""

    args: list[str]  # "{out}" stands for the run's fresh output directory
    heavy: bool = False  # run once, no warm-up; left out by --quick
    ok_codes: tuple[int, ...] = (0,)
    times_s: list[float] = field(default_factory=list)
    peaks_kib: list[int] = field(default_factory=list)
    pdf_bytes: int = 0  # size of the PDFs the last run wrote
    exit_codes: set[int] = field(default_factory=set)
    failure: str = ""  # the last line of stderr of a run that failed; it is not run again
    output: list[str] = field(default_factory=list)  # what the last recorded run printed

    @property
    def median_s(self) -> float:
        return statistics.median(self.times_s)

    @property
    def peak_mib(self) -> float:
        return max(self.peaks_kib) / 1024

    def run(self, environment: dict[str, str], record: bool = True) -> None:
        """Run once, in a fresh output directory, and record the run (unless it is a warm-up)."""
        with tempfile.TemporaryDirectory(prefix="pnp-bench-") as out_dir:
            command = [arg.replace("{out}", out_dir) for arg in self.args]
            result = subprocess.run([sys.executable, str(MEASURE), *command], cwd=ROOT,
                                    capture_output=True, text=True, env=environment)
            pdf_bytes = sum(path.stat().st_size for path in Path(out_dir).rglob("*.pdf"))
        # _measure.py passes the command's stdout through and then adds its own last line,
        # "elapsed_s=... maxrss_kib=...", once the command has ended.
        *output, last = result.stdout.splitlines() or [""]
        if result.returncode not in self.ok_codes:
            # The last line of stderr; pytest leaves it empty and reports failures on stdout.
            stderr, stdout = ([line.strip() for line in lines if line.strip()]
                              for lines in (result.stderr.splitlines(), output))
            self.failure = (stderr or stdout or [f"exit {result.returncode}, no output"])[-1]
            return
        try:  # (a command's last line without a newline would run into _measure.py's)
            fields = dict(item.split("=") for item in "".join(last.rpartition("elapsed_s=")[1:]).split())
            elapsed_s, maxrss_kib = float(fields["elapsed_s"]), int(fields["maxrss_kib"])
        except (KeyError, ValueError):
            self.failure = f"no figures from _measure.py (its last line: {last!r})"
            return
        if record:
            self.times_s.append(elapsed_s)
            self.peaks_kib.append(maxrss_kib)
            self.pdf_bytes = pdf_bytes
            self.exit_codes.add(result.returncode)
            self.output = output


# A row's judge turns its commands' figures into (what was measured, the goals it misses); the
# misses are None when the row has no goal and is only reported.
Judge = Callable[[list[Command]], tuple[str, "list[str] | None"]]


@dataclass
class Row:
    label: str
    commands: list[Command]
    goal: str
    judge: Judge
    skipped: str = ""  # why the row was not run

    def line(self, widths: tuple[int, int, int]) -> str:
        label = f"{self.label:<{widths[0]}}"
        if self.skipped:
            return f"{label}  skipped: {self.skipped}"
        failure = next((command.failure for command in self.commands if command.failure), "")
        if failure:
            return f"{label}  failed: {failure}"
        figures, misses = self.judge(self.commands)
        if misses is None:
            verdict = ""
        else:
            verdict = "met" if not misses else f"NOT met ({', '.join(misses)})"
        return f"{label}  {figures:<{widths[1]}}  {self.goal:<{widths[2]}}  {verdict}".rstrip()


def limits(goal_s: float | None = None, goal_mib: float | None = None, cards: int = 0) -> tuple[str, Judge]:
    """A row of one command: time and peak, at most goal_s seconds and goal_mib MiB if given."""
    goals = ([f"<= {goal_s:g} s"] if goal_s is not None else []) + \
            ([f"<= {goal_mib:g} MiB"] if goal_mib is not None else [])

    def judge(commands: list[Command]) -> tuple[str, list[str] | None]:
        (command,) = commands
        figures = f"{command.median_s:.2f} s, {command.peak_mib:.1f} MiB"
        if cards:
            figures += f", {command.pdf_bytes / 1000 / cards:.1f} KB of PDF per card"
        if 1 in command.exit_codes and 1 in command.ok_codes:
            figures += " (exit 1: a rule fails)"
        if not goals:
            return figures, None
        misses = []
        if goal_s is not None and command.median_s > goal_s:
            misses.append("time")
        if goal_mib is not None and command.peak_mib > goal_mib:
            misses.append("memory")
        return figures, misses

    return ", ".join(goals) or "(reported, no goal)", judge


def speed_ratio(commands: list[Command]) -> tuple[str, list[str]]:
    diamonds, protograf = commands
    ratio = protograf.median_s / diamonds.median_s
    figures = f"diamonds {diamonds.median_s:.2f} s, protograf {protograf.median_s:.2f} s: {ratio:.1f}x"
    return figures, [] if ratio >= SPEED_TARGET else ["ratio"]


def scaling(small_cards: int, large_cards: int, per_card_kib: float | None = None) -> Judge:
    """Two sizes of a job: time linear in cards, peak memory under a ceiling and flat (within
    FLAT_SLACK), and given `per_card_kib`, growing by at most that much per card."""

    def judge(commands: list[Command]) -> tuple[str, list[str]]:
        small, large = commands
        per_small, per_large = small.median_s / small_cards * 1000, large.median_s / large_cards * 1000
        low, high = sorted((small.peak_mib, large.peak_mib))
        figures = (f"{per_small:.2f} vs {per_large:.2f} s per 1,000 cards, "
                   f"peaks {small.peak_mib:.1f} vs {large.peak_mib:.1f} MiB")
        misses = []
        if per_large > per_small * LINEAR_SLACK:
            misses.append("time not linear")
        growth_kib = (large.peak_mib - small.peak_mib) * 1024 / (large_cards - small_cards)
        if per_card_kib is not None:
            figures += f", {growth_kib:.1f} KiB more per card"
            if growth_kib > per_card_kib:
                misses.append(f"memory grows more than {per_card_kib:g} KiB per card")
        if high > low * FLAT_SLACK:
            misses.append("memory not flat")
        if high >= FLAT_CEILING_MIB:
            misses.append(f"peak >= {FLAT_CEILING_MIB:g} MiB")
        return figures, misses

    return judge


def per_card(custom_cards: int, diamonds_cards: int) -> Judge:
    """A deck of your own costs no more per card than the Diamonds deck does: at most SAME_COST_SLACK
    times as much, since the two draw their faces with the same code and a median of three runs of
    either moves by about 1 % from one `make bench` to the next."""

    def judge(commands: list[Command]) -> tuple[str, list[str]]:
        custom, diamonds = commands
        mine, theirs = custom.median_s / custom_cards * 1000, diamonds.median_s / diamonds_cards * 1000
        figures = (f"{mine:.3f} vs {theirs:.3f} s per 1,000 cards ({mine / theirs - 1:+.1%}), peaks "
                   f"{custom.peak_mib:.1f} vs {diamonds.peak_mib:.1f} MiB")
        return figures, [] if mine <= theirs * SAME_COST_SLACK else ["dearer per card"]

    return judge


def edit_to_update(goal_s: float) -> Judge:
    """benchmarks/preview_update.py's figures: the median and worst time from a save to the updated page."""

    def judge(commands: list[Command]) -> tuple[str, list[str]]:
        (command,) = commands
        fields = dict(item.split("=") for item in command.output[-1].split())
        median_s, worst_s = float(fields["edit_to_update_s"]), float(fields["worst"])
        figures = f"median {median_s:.2f} s, worst {worst_s:.2f} s of {fields['edits']} saves ({fields['browser']})"
        return figures, [] if median_s <= goal_s else ["time"]

    return judge


def make_rows(quick: bool, decks: Path) -> list[Row]:
    pnp = [sys.executable, "-m", "generator"]  # the pnp of this interpreter's environment
    every_format = ["--format", "pdf,svg,png,cut"]

    def cards(copies: int, *extra: str, heavy: bool = False) -> Command:
        return Command([*pnp, "build", "diamonds", "--only", "card", "--copies", str(copies), "--out", "{out}",
                        *extra], heavy=heavy)

    rows = []
    # find_spec looks protograf up without importing it (an import takes a second or so).
    deck = [sys.executable, str(HERE / "protograf_deck.py"), "--directory", "{out}"]
    rows.append(Row("Diamonds PDF vs protograf's 54-card deck",
                    [Command([*pnp, "build", "diamonds", "--out", "{out}"]), Command(deck)],
                    f"protograf/diamonds >= {SPEED_TARGET:g}x", speed_ratio,
                    "" if importlib.util.find_spec("protograf") else f"protograf is not installed ({INSTALL_HINT})"))
    rows += [
        Row("all five games, PDF", [Command([*pnp, "build", "--out", "{out}"])], *limits(1.0, 60)),
        Row("pnp list", [Command([*pnp, "list"])], *limits(0.3)),
        Row("pnp validate (all five)", [Command([*pnp, "validate"], ok_codes=(0, 1))], *limits(1.0)),
        Row("pnp validate --fresh (no proofs kept)", [Command([*pnp, "validate", "--fresh"], ok_codes=(0, 1))],
            *limits()),
        Row("all five games, every format", [Command([*pnp, "build", "--out", "{out}", *every_format])],
            *limits(5.0, 100)),
        Row("2,700 cards, PDF", [cards(50)], *limits(cards=50 * CARDS_PER_DECK)),
        Row("10,044 cards, PDF", [cards(186, "-q", heavy=True)], *limits(10.0, 120)),
        Row("540 and 2,700 cards, every format",
            [cards(10, "-q", *every_format, heavy=True), cards(50, "-q", *every_format, heavy=True)],
            f"time linear, peaks within {FLAT_SLACK - 1:.0%} and < {FLAT_CEILING_MIB:g} MiB",
            scaling(10 * CARDS_PER_DECK, 50 * CARDS_PER_DECK)),
        Row("3,000 CSV cards vs 2,970 Diamonds cards, PDF",
            [Command([*pnp, "build", str(write_deck(decks, 3000)), "--out", "{out}", "-q"]), cards(55, "-q")],
            f"no dearer per card (within {SAME_COST_SLACK - 1:.0%})", per_card(3000, 55 * CARDS_PER_DECK)),
        Row("1,000 and 10,000 CSV cards, validate",
            [Command([*pnp, "validate", str(write_deck(decks, 1000))], heavy=True),
             Command([*pnp, "validate", str(write_deck(decks, 10000))], heavy=True)],
            f"time linear, peaks within {FLAT_SLACK - 1:.0%}, < {PER_CARD_KIB:g} KiB per card and < {FLAT_CEILING_MIB:g} MiB",
            scaling(1000, 10000, PER_CARD_KIB)),
        Row("1,000 and 10,000 CSV cards, PDF",
            [Command([*pnp, "build", str(write_deck(decks, 1000)), "--out", "{out}", "-q"], heavy=True),
             Command([*pnp, "build", str(write_deck(decks, 10000)), "--out", "{out}", "-q"], heavy=True)],
            f"time linear, peaks within {FLAT_SLACK - 1:.0%}, < {PER_CARD_KIB:g} KiB per card and < {FLAT_CEILING_MIB:g} MiB",
            scaling(1000, 10000, PER_CARD_KIB)),
        Row("pnp preview: Diamonds save to updated page",
            [Command([sys.executable, str(HERE / "preview_update.py")])], "median <= 1 s", edit_to_update(1.0)),
        Row("make test (pytest, once)",
            [Command([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "auto", "--maxprocesses", "4"],
                     heavy=True)], *limits(90.0)),
    ]
    for row in rows:
        if quick and not row.skipped and any(command.heavy for command in row.commands):
            row.skipped = "heavy row, left out by --quick"
    return rows


def run_all(commands: list[Command], runs: int, environment: dict[str, str]) -> None:
    # Round 0 is a warm-up that is not recorded: it fills the OS file cache, writes .pyc files and
    # keeps the proofs, costs a user pays once. The commands take turns within each round, so a
    # slow spell on the machine affects them all alike instead of one of them.
    quick = [command for command in commands if not command.heavy]
    for round_number in range(runs + 1):
        for command in quick:
            if not command.failure:
                command.run(environment, record=round_number > 0)
    for command in commands:
        if command.heavy:
            command.run(environment)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="timed runs of each quick row after a warm-up (default 3)")
    parser.add_argument("--quick", action="store_true",
                        help="leave out the heavy rows (10,044 cards, every format at 540 and 2,700 cards, the tests)")
    args = parser.parse_args()
    if args.runs < 1:
        parser.error("--runs must be at least 1")

    decks = Path(tempfile.mkdtemp(prefix="pnp-bench-decks-"))  # the decks of your own the rows build
    rows = make_rows(args.quick, decks)
    print(f"quick rows: median time of {args.runs} run(s) after one warm-up, largest peak RSS; heavy rows: "
          + ("left out (--quick)" if args.quick else "one run each, no warm-up"), flush=True)
    # Times on a busy machine are slower and noisier; say how busy it was at the start.
    print(f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f} at start", flush=True)
    with tempfile.TemporaryDirectory(prefix="pnp-bench-cache-") as cache:
        # As on a user's machine, Python may cache compiled modules (a shell that forbids it would
        # make the editable install recompile every module on every run, while the yardstick,
        # installed from a wheel, has its cache already); the proofs go to the benchmark's own folder.
        environment = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
        environment["PNP_CACHE_DIR"] = cache
        run_all([command for row in rows if not row.skipped for command in row.commands], args.runs, environment)

    shutil.rmtree(decks, ignore_errors=True)
    measured = [row for row in rows if not row.skipped and not any(command.failure for command in row.commands)]
    widths = (max(len(row.label) for row in rows), max((len(row.judge(row.commands)[0]) for row in measured), default=0),
              max((len(row.goal) for row in measured), default=0))
    print()
    print(f"{'row':<{widths[0]}}  {'measured':<{widths[1]}}  {'goal':<{widths[2]}}  verdict")
    for row in rows:
        print(row.line(widths))
    return 1 if any(command.failure for row in rows for command in row.commands) else 0


if __name__ == "__main__":
    sys.exit(main())
