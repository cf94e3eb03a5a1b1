"""Run one command and report its wall time and peak memory: `python _measure.py CMD ...`.

Why a wrapper process: getrusage(RUSAGE_CHILDREN) gives the largest peak RSS among a
process's finished children. Asked in `run.py` itself it would be the maximum over every
command measured so far, so each measured command gets a fresh wrapper whose only child
is that command, and the figure belongs to that one run.

Passes the command's stdout and stderr through, then, once the command has ended, prints
one line of its own as the last line of stdout, `elapsed_s=<float> maxrss_kib=<int>`, and
exits with the command's exit code. The command's stderr stays its own, so its last line
is the command's error message when it fails.

Linux counts the child's memory from the moment it is forked, before it execs the
command, so the figure is never below this wrapper's own RSS (about 12 MiB); any Python
command measured here uses more than that, and the numbers agree with GNU time's %M.
"""

import resource
import subprocess
import sys
import time


def main() -> int:
    command = sys.argv[1:]
    if not command:
        print("usage: python _measure.py CMD [ARG ...]", file=sys.stderr)
        return 2
    # Timed here, around the child alone, so the wrapper's own start-up is not counted.
    start = time.perf_counter()
    returncode = subprocess.run(command).returncode
    elapsed = time.perf_counter() - start
    maxrss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    if sys.platform == "darwin":  # macOS reports bytes; Linux reports KiB
        maxrss //= 1024
    print(f"elapsed_s={elapsed:.6f} maxrss_kib={maxrss}")
    return returncode


if __name__ == "__main__":
    sys.exit(main())
