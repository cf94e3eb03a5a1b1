"""`pnp preview` (generator/preview.py): builds into memory, the watch, the server, and the page in
a real browser (Debian's Chromium, driven by playwright; the Makefile's test target installs it)."""

from __future__ import annotations

import http.client
import json
import os
import select
import shutil
import signal
import subprocess
import sys
import threading
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

from conftest import DIAMONDS_YAML, REPO, run_pnp
from generator import preview
from generator.errors import InputError, Location
from generator.preview import Options, Preview, finding_entry
from generator.validate import Finding

CHROMIUM = "/usr/bin/chromium"
#: What the machine's closed network and a root user need (see /usr/bin/chromium's own notes).
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ONE_JOKER = ("  jokers: 2\n", "  jokers: 1\n")


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def listing(folder: Path) -> dict[str, int]:
    return {str(path.relative_to(folder)): path.stat().st_size for path in sorted(folder.rglob("*"))}


# building into memory ----------------------------------------------------------------------------

def test_a_rebuild_shows_the_findings_of_validate_and_a_broken_save_keeps_the_last_good_sheets(diamonds_copy):
    shown = Preview(Options(str(diamonds_copy)))
    shown.rebuild()
    status = shown.status()
    assert status == {"build": 1, "ok": True, "errors": [], "findings": [], "pages": 26}
    first_pages = shown.state()["sheet_pages"]
    assert [page["side"] for page in first_pages[:4]] == ["front", "back", "front", "back"]
    assert all(page["svg"].startswith("/pages/") and shown.svg(page["svg"][7:-4]) for page in first_pages)

    edit(diamonds_copy, *ONE_JOKER)
    shown.rebuild()
    status = shown.status()
    code, _, stderr = run_pnp("validate", diamonds_copy, cwd=os.getcwd())  # paths shown as from here
    assert code == 1 and status["ok"] and status["build"] == 2
    assert status["findings"] == stderr.splitlines()  # the very lines `pnp validate` prints
    assert any("[diamonds.deck]" in line for line in status["findings"])
    # A set that breaks its rules is drawn as its draft would print, and says so on every page.
    page = shown.state()["sheet_pages"][2]
    assert b"DRAFT" in shown.svg(page["svg"][7:-4])

    edit(diamonds_copy, "title: Diamonds\n", 'title: "Diamonds\n')
    shown.rebuild()
    status = shown.status()
    assert status["build"] == 3 and not status["ok"] and status["pages"] == 26
    assert status["errors"] and all(line.startswith(f"{diamonds_copy.name}:") or str(diamonds_copy) in line
                                    for line in status["errors"])
    assert "error:" in status["errors"][0] and "[input.yaml-syntax]" in status["errors"][0]
    assert shown.state()["sheet_pages"][2]["svg"] == page["svg"]  # the last good sheets, still served


def test_a_page_that_did_not_change_keeps_its_name(diamonds_copy):
    shown = Preview(Options(str(diamonds_copy)))
    shown.rebuild()
    before = [page["svg"] for page in shown.state()["sheet_pages"]]
    edit(diamonds_copy, "title: Diamonds at a glance", "title: Diamonds in brief")
    shown.rebuild()
    after = [page["svg"] for page in shown.state()["sheet_pages"]]
    changed = [number for number, (old, new) in enumerate(zip(before, after), start=1) if old != new]
    assert changed and len(changed) < len(before) / 2, changed  # the reference cards' pages, not the deck's


def test_the_page_is_served_with_its_findings_and_errors_written_in_and_escaped(diamonds_copy):
    edit(diamonds_copy, "title: Diamonds\n", 'title: "</script><script>alert(1)</script> & co"\n')
    edit(diamonds_copy, *ONE_JOKER)
    shown = Preview(Options(str(diamonds_copy)))
    shown.rebuild()
    page = preview.page_html(shown.state())
    assert "<script>alert(1)" not in page and "&lt;/script&gt;&lt;script&gt;alert(1)" in page
    assert f"{diamonds_copy}:14:11: error: 1 jokers; the game uses 2 [diamonds.deck]</li>" in page
    assert '<pre id="errors" role="alert" hidden></pre>' in page
    edit(diamonds_copy, "deal:\n", "deal: [\n")
    shown.rebuild()
    page = preview.page_html(shown.state())
    assert '<pre id="errors" role="alert">' + str(diamonds_copy) in page and "[input.yaml-syntax]</pre>" in page


def test_a_job_of_more_pages_than_a_preview_shows_is_an_error_on_the_page(diamonds_copy, monkeypatch):
    monkeypatch.setattr(preview, "MAX_PAGES", 20)
    shown = Preview(Options(str(diamonds_copy)))
    shown.rebuild()
    assert shown.status() == {"build": 1, "ok": False, "pages": 0, "findings": [], "errors": [
        f"{diamonds_copy}: error: this build has 26 pages; a preview shows at most 20: preview part of it with "
        "--only COMPONENT (pnp build prints it whole) [input.too-large]"]}
    shown = Preview(Options(str(diamonds_copy), only=("card",)))
    shown.rebuild()
    assert shown.status()["ok"] and shown.status()["pages"] == 14


def test_the_watch_list_holds_every_file_the_game_read(tmp_path):
    code, _, stderr = run_pnp("new", "deck", tmp_path / "mine", cwd=tmp_path)
    assert code == 0, stderr
    game = tmp_path / "mine" / "mine.yaml"
    words = tmp_path / "words.yaml"
    assert run_pnp("words", game, "--out", words, cwd=tmp_path)[0] == 0
    shown = Preview(Options(str(game), words=str(words)))
    shown.rebuild()
    assert shown.status()["ok"], shown.status()
    assert {game.resolve(), (tmp_path / "mine" / "cards.csv").resolve(), words.resolve()} <= shown.watched


def test_a_finding_links_to_the_pieces_its_message_names():
    pages = [{"number": 3, "pieces": [{"id": "card-2H", "face": "front"}, {"id": "card-2S", "face": "front"}]},
             {"number": 4, "pieces": [{"id": "card-2S", "face": "back"}, {"id": "card-2H", "face": "back"}]}]
    where = Location("game.yaml", 4, 2)
    named = finding_entry(Finding("error", where, 'text on card-2H (front): "2" and 2 more', "colour.contrast"), pages)
    assert named["pieces"] == [[3, 0]]  # the side it names, and "2" is no piece
    assert named["where"] == "game.yaml:4:2" and named["text"].startswith("game.yaml:4:2: error: text on card-2H")
    both = finding_entry(Finding("warning", where, "card-2S is a spade", "x.y"), pages)
    assert both["pieces"] == [[3, 1], [4, 0]]
    assert finding_entry(Finding("error", where, "53 cards, 2 jokers", "x.y"), pages)["pieces"] == []


def test_what_no_save_can_mend_is_refused_before_the_server_starts(tmp_path):
    with pytest.raises(InputError, match="--layout tts"):
        preview.check_options(Options("diamonds", layout="tts"))
    code, stdout, stderr = run_pnp("preview", "no-such-game", "--no-browser", cwd=tmp_path)
    assert code == 2 and not stdout
    assert stderr.count("\n") == 1 and "no bundled game or file" in stderr and "Traceback" not in stderr
    code, _, stderr = run_pnp("preview", "diamonds", "--words", "a.yaml", "--lang", "fr", "--no-browser", cwd=tmp_path)
    assert code == 2 and "--lang" in stderr and stderr.count("\n") == 1
    code, _, stderr = run_pnp("preview", "diamonds", "--palette", "no-such-palette", "--no-browser", cwd=tmp_path)
    assert code == 2 and stderr.startswith("--palette: error: unknown palette") and stderr.count("\n") == 1
    code, _, stderr = run_pnp("preview", "diamonds", "--layout", "tts", "--no-browser", cwd=tmp_path)
    assert code == 2 and stderr.startswith("--layout: error:")
    code, _, stderr = run_pnp("preview", "diamonds", "--port", "70000", cwd=tmp_path)
    assert code == 2 and stderr.startswith("--port: error:")


def test_a_port_in_use_is_one_line_and_exit_2(tmp_path):
    with preview.start_server(Preview(Options("diamonds")), 0) as taken:
        port = taken.server_address[1]
        code, stdout, stderr = run_pnp("preview", "diamonds", "--port", port, "--no-browser", cwd=tmp_path)
    assert code == 2 and not stdout
    assert stderr == f"--port: error: port {port} on 127.0.0.1 is in use; choose another, or leave --port out for a " \
                     "free one [input.usage]\n"


def test_a_connection_that_sends_no_request_is_closed(monkeypatch):
    """A connection held open without a request (a stray client, a flood of them) ends after the
    handler's timeout instead of holding a thread for as long as it likes."""
    import socket

    assert 0 < preview.PreviewHandler.timeout <= 120 and preview.PreviewServer.request_queue_size >= 64
    monkeypatch.setattr(preview.PreviewHandler, "timeout", 0.3)
    with preview.start_server(Preview(Options("diamonds")), 0) as server:
        threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
        try:
            with socket.create_connection(server.server_address, timeout=5) as idle:
                assert idle.recv(1) == b""  # closed by the server, not by this timeout
        finally:
            server.shutdown()


# the watch ---------------------------------------------------------------------------------------

@contextmanager
def watching(shown: Preview):
    stop = threading.Event()
    thread = threading.Thread(target=preview.watch, args=(shown, stop), daemon=True)
    thread.start()
    time.sleep(0.3)  # the watch is set up
    try:
        yield
    finally:
        stop.set()
        thread.join(timeout=10)
        assert not thread.is_alive()


def wait_for(condition, timeout: float = 20.0, what: str = "") -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"gave up waiting for {what}"
        time.sleep(0.05)


def test_saves_in_quick_succession_are_one_rebuild_and_a_rows_file_is_watched(tmp_path):
    run_pnp("new", "deck", tmp_path / "mine", cwd=tmp_path)
    game, rows = tmp_path / "mine" / "mine.yaml", tmp_path / "mine" / "cards.csv"
    shown = Preview(Options(str(game)))
    shown.rebuild()
    with watching(shown):
        for turn in range(5):  # an editor's save, its backup, a formatter: within a few milliseconds
            edit(game, f'title: "Mine{"!" * turn}"', f'title: "Mine{"!" * (turn + 1)}"')
            time.sleep(0.005)
        wait_for(lambda: shown.status()["build"] == 2, what="a rebuild")
        time.sleep(preview.GROUP_MS / 1000 + 0.3)
        assert shown.status()["build"] == 2 and shown.state()["title"] == "Mine!!!!!"
        (tmp_path / "mine" / "notes.txt").write_text("not read by the game")  # no rebuild
        edit(rows, "sun-spark,Spark,", "sun-spark,Sparkle,")
        wait_for(lambda: shown.status()["build"] == 3, what="the rows' rebuild")
        time.sleep(0.3)
        assert shown.status()["build"] == 3


def test_a_file_saved_again_and_again_is_built_once_after_its_last_save(tmp_path):
    """Five saves of one file 40 ms apart (an editor saving as you type): the watcher yields before
    the last of them, and the rebuild waits for the file to stand still."""
    run_pnp("new", "deck", tmp_path / "mine", cwd=tmp_path)
    game = tmp_path / "mine" / "mine.yaml"
    shown = Preview(Options(str(game)))
    shown.rebuild()
    with watching(shown):
        for turn in range(5):
            edit(game, f'title: "Mine{"!" * turn}"', f'title: "Mine{"!" * (turn + 1)}"')
            time.sleep(0.04)
        wait_for(lambda: shown.status()["build"] == 2, what="a rebuild")
        time.sleep(preview.GROUP_MS / 1000 + 0.3)
        assert shown.status()["build"] == 2 and shown.state()["title"] == "Mine!!!!!"


# the server --------------------------------------------------------------------------------------

@contextmanager
def preview_process(*args, cwd: Path):
    """`python -m generator preview ARGS --no-browser` as a user starts it; yields (process, address)
    once it has printed its address, and stops it with Ctrl-C (SIGINT) if the test has not."""
    process = subprocess.Popen([sys.executable, "-m", "generator", "preview", *map(str, args), "--no-browser"],
                               cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        ready, _, _ = select.select([process.stdout], [], [], 60)
        assert ready, "the preview printed no address"
        line = process.stdout.readline()
        assert line.startswith("preview of ") and " at http://127.0.0.1:" in line, (line, process.stderr.read())
        yield process, line.split(" at ")[1].split()[0]
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGINT)
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                raise


def get(address: str, path: str, host: str | None = None) -> tuple[int, dict, bytes]:
    port = int(address.rstrip("/").rsplit(":", 1)[1])
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request("GET", path, headers={"Host": host} if host else {})
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response.status, dict(response.getheaders()), body


def status_of(address: str) -> dict:
    return json.loads(get(address, "/status.json")[2])


def test_the_server_answers_on_loopback_only_and_ctrl_c_stops_it_writing_nothing(diamonds_copy, tmp_path):
    work = tmp_path / "work"
    work.mkdir()
    game_folder = listing(diamonds_copy.parent)
    with preview_process(diamonds_copy, cwd=work) as (process, address):
        assert status_of(address) == {"build": 1, "ok": True, "errors": [], "findings": [], "pages": 26}
        code, headers, page = get(address, "/")
        assert code == 200 and headers["Content-Type"].startswith("text/html")
        assert b"http://" not in page and b"https://" not in page  # nothing from a network
        assert b"<title>Diamonds \xc2\xb7 pnp preview</title>" in page
        state = json.loads(get(address, "/state.json")[2])
        code, headers, svg = get(address, state["sheet_pages"][0]["svg"])
        assert code == 200 and headers["Content-Type"] == "image/svg+xml" and svg.startswith(b"<svg")
        assert get(address, "/pages/0123456789abcdef0123.svg")[0] == 404
        assert get(address, "/../../etc/passwd")[0] == 404
        assert get(address, "/status.json", host="evil.example:80")[0] == 421  # a rebound DNS name
        assert get(address, "/status.json", host=f"localhost:{address.rsplit(':', 1)[1]}")[0] == 200
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=10) == 0
        stderr = process.stderr.read()
    assert "Traceback" not in stderr and stderr.rstrip().endswith("preview stopped")
    assert listing(diamonds_copy.parent) == game_folder and listing(work) == {}


def test_server_sent_events_tell_of_each_build(diamonds_copy, tmp_path):
    with preview_process(diamonds_copy, cwd=tmp_path) as (process, address):
        port = int(address.rstrip("/").rsplit(":", 1)[1])
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
        connection.request("GET", "/events")
        events = connection.getresponse()
        assert events.getheader("Content-Type") == "text/event-stream"

        def next_event() -> dict:
            lines = []
            while not lines or lines[-1] != "":
                lines.append(events.fp.readline().decode().rstrip("\n"))
            assert lines[0] == "event: build", lines
            return json.loads(lines[1].removeprefix("data: "))

        assert next_event()["build"] == 1
        edit(diamonds_copy, *ONE_JOKER)
        event = next_event()
        assert event["build"] == 2 and any("[diamonds.deck]" in line for line in event["findings"])
        connection.close()


# the page, in a browser --------------------------------------------------------------------------

def test_the_page_shows_the_sheets_and_follows_each_save(diamonds_copy, tmp_path):
    assert Path(CHROMIUM).is_file(), "the browser tests need Debian's chromium: apt-get install chromium (make test " \
                                     "installs it when run as root)"
    from playwright.sync_api import sync_playwright

    with preview_process(diamonds_copy, cwd=tmp_path) as (process, address), sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        page = browser.new_page(viewport={"width": 1366, "height": 768})  # a laptop's screen
        page.goto(address)
        page.wait_for_function("document.body.dataset.build === '1'")
        images = page.locator("main img")
        assert images.count() == 26
        page.wait_for_function("[...document.querySelectorAll('main img')].every(i => i.complete && i.naturalWidth)")
        assert page.locator("#findings a").count() == 0
        assert page.locator("main .sheet").count() == 13  # fronts beside their backs
        assert page.locator(".sheet").nth(1).locator("figcaption").all_inner_texts() == ["Page 3 · front",
                                                                                          "Page 4 · back"]
        card = page.locator("button.piece[aria-label^='card-AS,']").first
        card.hover()
        assert "card-AS" in page.inner_text("#piece") and "63.5 × 88.9 mm" in page.inner_text("#piece")

        page.locator("main").evaluate("main => main.scrollTop = 2000")
        sources = images.evaluate_all("images => images.map(i => i.getAttribute('src'))")
        edit(diamonds_copy, "{name: hearts, symbol: heart, colour: red", "{name: hearts, symbol: heart, colour: pale-gold")
        page.wait_for_function("document.body.dataset.build === '2'", timeout=20000)
        finding = page.locator("#findings a.error").first
        assert "[colour.contrast]" in finding.inner_text() and "templates/layouts.yaml:" in finding.inner_text()
        assert page.locator("main").evaluate("main => main.scrollTop") == 2000  # where the designer was
        page.wait_for_function("srcs => [...document.querySelectorAll('main img')].some((i, n) => "
                               "i.getAttribute('src') !== srcs[n])", arg=sources)
        finding.click()  # shows the piece it names
        page.wait_for_function("document.activeElement.classList.contains('piece')")
        assert page.evaluate("document.activeElement.getAttribute('aria-label')").startswith("card-2H, card,")

        edit(diamonds_copy, "title: Diamonds\n", 'title: "Diamonds\n')
        page.wait_for_function("document.body.dataset.build === '3'", timeout=20000)
        errors = page.locator("#errors")
        assert errors.is_visible() and "[input.yaml-syntax]" in errors.inner_text()
        assert f"{diamonds_copy.name}:" in errors.inner_text()
        assert images.count() == 26  # the last good sheets stay
        browser.close()


def test_a_rebuild_draws_again_only_the_faces_whose_inputs_changed(diamonds_copy, monkeypatch):
    from generator import recording

    drawn = []
    real = recording.record_face
    monkeypatch.setattr(recording, "record_face", lambda draw, *rest: drawn.append(draw) or real(draw, *rest))
    shown = Preview(Options(str(diamonds_copy)))
    shown.rebuild()
    first = sum(getattr(draw, "layout", "").startswith("rank-") for draw in drawn)
    drawn.clear()
    edit(diamonds_copy, "{name: clubs, symbol: club, colour: ink,", "{name: clubs, symbol: club, colour: green,")
    shown.rebuild()
    again = [draw for draw in drawn if getattr(draw, "layout", "").startswith("rank-")]
    assert shown.status()["ok"] and first == 52  # every suit card's face the first time
    assert len(again) == 13 and all(dict(draw.row)["symbol"] == "club" for draw in again)  # the clubs alone
