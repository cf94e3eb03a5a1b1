"""How long `pnp preview` takes from saving an edit of the Diamonds game file to the updated page.

Starts `python -m generator preview COPY --no-browser` on a copy of data/diamonds.yaml in a
temporary folder, opens its page in headless Chromium (Debian's, driven by playwright), then saves
EDITS edits one after another, each the reference card's title changed (a few pages change, the
rest keep their SVG), a second apart so that no two are grouped into one rebuild. Each edit is
timed from the moment the file is written and closed to the moment the page's body says
`data-drawn` = that build: the server saw the save, rebuilt, told the page, and the page fetched,
decoded and swapped in every changed page. Prints one line, `edit_to_update_s=MEDIAN worst=MAX`.

Without Chromium (or playwright) it times the same edits up to the moment /state.json and every
changed page's SVG have been fetched over HTTP, as the page would, and says so (`browser=none`).
"""

from __future__ import annotations

import json
import select
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
EDITS = 8
TITLES = ("title: Diamonds at a glance", "title: Diamonds in brief")


def start(game: Path) -> tuple[subprocess.Popen, str]:
    process = subprocess.Popen([sys.executable, "-m", "generator", "preview", str(game), "--no-browser"],
                               cwd=game.parent, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    ready, _, _ = select.select([process.stdout], [], [], 60)
    line = process.stdout.readline() if ready else ""
    if " at http://" not in line:
        process.kill()
        raise SystemExit(f"pnp preview printed no address: {line!r}")
    return process, line.split(" at ")[1].split()[0]


def fetch(address: str, path: str) -> bytes:
    """`path` of the preview at `address` (as it printed it, with the token every request needs)."""
    root, _, token = address.partition("?")
    with urllib.request.urlopen(f"{root}{path}?{token}", timeout=10) as response:
        return response.read()


def save(game: Path, turn: int) -> float:
    """Write the turn's edit; the time it was written."""
    old, new = TITLES if turn % 2 == 0 else TITLES[::-1]
    text = game.read_text(encoding="utf-8").replace(old, new, 1)
    game.write_text(text, encoding="utf-8")
    return time.perf_counter()


def in_browser(game: Path, address: str) -> list[float]:
    from playwright.sync_api import sync_playwright

    times = []
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        page = browser.new_page(viewport={"width": 1366, "height": 768})
        page.goto(address)
        page.wait_for_function("document.body.dataset.drawn === '1'", timeout=30000)
        for turn in range(EDITS):
            saved = save(game, turn)
            page.wait_for_function(f"document.body.dataset.drawn === '{turn + 2}'", polling=5, timeout=30000)
            times.append(time.perf_counter() - saved)
            time.sleep(1.0)
        browser.close()
    return times


def over_http(game: Path, address: str) -> list[float]:
    times, shown = [], {page["svg"] for page in json.loads(fetch(address, "state.json"))["sheet_pages"]}
    for turn in range(EDITS):
        saved = save(game, turn)
        while json.loads(fetch(address, "status.json"))["build"] < turn + 2:
            time.sleep(0.005)
        state = json.loads(fetch(address, "state.json"))
        for svg in {page["svg"] for page in state["sheet_pages"]} - shown:
            fetch(address, svg.lstrip("/"))
        shown = {page["svg"] for page in state["sheet_pages"]}
        times.append(time.perf_counter() - saved)
        time.sleep(1.0)
    return times


def main() -> None:
    folder = Path(tempfile.mkdtemp(prefix="pnp-bench-preview-"))
    game = folder / "diamonds.yaml"
    shutil.copyfile(ROOT / "data" / "diamonds.yaml", game)
    process, address = start(game)
    try:
        try:
            import playwright  # noqa: F401

            browser = Path(CHROMIUM).is_file()
        except ImportError:
            browser = False
        times = in_browser(game, address) if browser else over_http(game, address)
    finally:
        process.send_signal(signal.SIGINT)
        process.wait(timeout=10)
        shutil.rmtree(folder, ignore_errors=True)
    print(f"edit_to_update_s={statistics.median(times):.3f} worst={max(times):.3f} "
          f"browser={'chromium' if browser else 'none'} edits={len(times)}")


if __name__ == "__main__":
    main()
