"""`pnp preview` (generator/preview.py): builds into memory, the watch, the server, and the page in
a real browser (Debian's Chromium, driven by playwright; the Makefile's test target installs it)."""

from __future__ import annotations

import _thread
import http.client
import json
import os
import re
import select
import shutil
import signal
import subprocess
import sys
import threading
import time
import webbrowser
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from conftest import DIAMONDS_YAML, run_pnp
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
        "--only COMPONENT, or --only COMPONENT:ID,ID for some pieces (pnp build prints it whole, and pnp validate "
        "lists its findings) [input.too-large]"]}
    assert preview.describe(shown).endswith("the page shows the errors")  # there are no good sheets yet
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


def test_pages_past_the_bytes_a_preview_holds_are_an_error_on_the_page(diamonds_copy, monkeypatch):
    """A picture is written into every SVG page that shows it: a 5 MB one on 122 pages took 850 MB,
    kept twice. Past MAX_SVG_BYTES the build is an error, told before the rest is drawn."""
    monkeypatch.setattr(preview, "MAX_SVG_BYTES", 400_000)
    shown = Preview(Options(str(diamonds_copy)))
    shown.rebuild()
    (error,) = shown.status()["errors"]
    assert not shown.status()["ok"] and "pages take more than 0 MB as SVG by page" in error, error
    assert "--only COMPONENT" in error and error.endswith("[input.too-large]")


def test_a_file_the_game_names_before_it_exists_and_a_link_it_reads_through_are_watched(tmp_path):
    """A save that names rows.csv before the file is written: the preview watches it, and builds once
    it is there; a link re-pointed (`ln -sf`) is a change too, though the build reads what it leads to."""
    code, _, stderr = run_pnp("new", "deck", tmp_path / "mine", cwd=tmp_path)
    assert code == 0, stderr
    game, rows = tmp_path / "mine" / "mine.yaml", tmp_path / "mine" / "cards.csv"
    (tmp_path / "mine" / "real.csv").write_bytes(rows.read_bytes())
    rows.unlink()
    shown = Preview(Options(str(game)))
    shown.rebuild()
    assert not shown.status()["ok"] and rows in shown.watched  # told it is missing, and watched for
    rows.symlink_to("real.csv")
    assert shown.stale()
    shown.rebuild()
    assert shown.status()["ok"] and {rows, rows.resolve()} <= shown.watched
    assert not shown.stale()  # as the build found them: no rebuild again for nothing


def test_a_link_that_leads_round_in_a_circle_is_one_line_on_the_page(tmp_path):
    code, _, stderr = run_pnp("new", "deck", tmp_path / "mine", cwd=tmp_path)
    assert code == 0, stderr
    rows = tmp_path / "mine" / "cards.csv"
    rows.unlink()
    rows.symlink_to("cards.csv")
    shown = Preview(Options(str(tmp_path / "mine" / "mine.yaml")))
    shown.rebuild()
    (error,) = shown.status()["errors"]
    assert "[input.unusable-name]" in error and "too many levels of symbolic links" in error, error


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


def test_what_no_save_can_mend_is_refused_before_the_server_starts(tmp_path, monkeypatch):
    def served(*args, **kwargs):
        raise AssertionError("the preview served a page no save could mend")

    monkeypatch.setattr(preview.PreviewServer, "serve_forever", served)
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
    # Told at an option after the first build: no save of the game's files can mend them either.
    for options, told in ((("--lang", "zz"), "--lang: error:"), (("--only", "nosuch"), "--only: error:"),
                          (("--set", "nosuch=1"), "--set nosuch=1: error:")):
        code, stdout, stderr = run_pnp("preview", "diamonds", *options, "--no-browser", cwd=tmp_path)
        assert code == 2 and not stdout and stderr.startswith(told) and stderr.count("\n") == 1, stderr
    code, _, stderr = run_pnp("preview", "diamonds", "--port", "70000", cwd=tmp_path)
    assert code == 2 and stderr.startswith("--port: error:")


def test_a_port_in_use_is_one_line_and_exit_2(tmp_path):
    with preview.start_server(Preview(Options("diamonds")), 0) as taken:
        port = taken.server_address[1]
        code, stdout, stderr = run_pnp("preview", "diamonds", "--port", port, "--no-browser", cwd=tmp_path)
    assert code == 2 and not stdout
    assert stderr == f"--port: error: port {port} on 127.0.0.1 is in use; choose another, or leave --port out for a " \
                     "free one [input.usage]\n"


@contextmanager
def serving(shown: Preview):
    """The preview's server in this process, on a free port, until the block ends (its event
    streams end with it)."""
    server = preview.start_server(shown, 0)
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
    try:
        yield server
    finally:
        shown.stop()
        server.shutdown()
        server.server_close()


def test_a_connection_that_sends_no_request_is_closed(monkeypatch):
    """A connection held open without a request (a stray client, a flood of them) ends after the
    handler's timeout instead of holding a thread for as long as it likes."""
    import socket

    assert 0 < preview.PreviewHandler.timeout <= 120 and preview.PreviewServer.request_queue_size >= 64
    monkeypatch.setattr(preview.PreviewHandler, "timeout", 0.1)
    with serving(Preview(Options("diamonds"))) as server:
        with socket.create_connection(server.server_address, timeout=5) as idle:
            assert idle.recv(1) == b""  # closed by the server, not by this timeout


def test_connections_are_capped_and_one_dropped_midway_is_not_reported(monkeypatch, capsys):
    """A connection that sends its request a line at a time holds a thread before any token is read:
    past MAX_CONNECTIONS a new one is closed unread, and the preview answers again once they go. A
    client that drops its connection before the answer is written (a closed tab) is nobody's mistake:
    nothing reaches the terminal."""
    import socket
    import struct

    assert 32 <= preview.MAX_CONNECTIONS <= 256
    monkeypatch.setattr(preview, "MAX_CONNECTIONS", 3)
    with serving(Preview(Options("diamonds"))) as server:
        slow = [socket.create_connection(server.server_address, timeout=5) for _ in range(3)]
        for connection in slow:
            connection.sendall(b"GET / HTTP/1.1\r\n")  # and never the rest
        wait_for(lambda: server.connections._value == 0, timeout=10, what="three connections held")
        with socket.create_connection(server.server_address, timeout=5) as refused:
            assert refused.recv(1) == b""  # closed at once
        for connection in slow:
            connection.close()
        wait_for(lambda: server.connections._value == 3, timeout=10, what="the three let go")
        assert get(server.address, "/status.json")[0] == 200  # answered again
        for path in (f"/?token={server.token}", "/nope"):  # an answer, and a refusal, each to nobody
            dropped = socket.create_connection(server.server_address, timeout=5)
            dropped.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))  # reset, not closed
            dropped.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
            dropped.close()
        wait_for(lambda: server.connections._value == 3, timeout=10, what="every connection let go")
    assert "Traceback" not in capsys.readouterr().err


# the watch ---------------------------------------------------------------------------------------

@contextmanager
def watching(shown: Preview, monkeypatch):
    """The watch in a thread, from the moment its notifier watches the files. Yields `idle()`, which
    returns once the watch has dealt with every change made before the call: a look begun after the
    call found nothing new for a whole CHECK_MS (no change was left to report), and the watch has
    made whatever rebuild that look called for (its check of the files' stamps)."""
    import watchfiles.main

    # The watch looks up every 20 ms (watchfiles makes it 80, its step) rather than 500: idle() waits
    # for such a look. How saves are grouped (QUIET_MS, GROUP_MS) is unchanged.
    monkeypatch.setattr(preview, "CHECK_MS", 20)
    real_notifier, watching_files, quiet_looks = watchfiles.main.RustNotify, threading.Event(), []

    class Notifier:  # watchfiles' RustNotify, which Python cannot subclass, telling the test what it did
        def __init__(self, *args):
            self.notifier, self.outcome, self.began = real_notifier(*args), None, 0.0
            watching_files.set()

        def __enter__(self):
            self.notifier.__enter__()
            return self

        def __exit__(self, *problem):
            return self.notifier.__exit__(*problem)

        def watch(self, *args):
            if self.outcome == "timeout":  # the watch is back from a quiet look: all it called for is done
                quiet_looks.append(self.began)
            self.began = time.monotonic()
            self.outcome = self.notifier.watch(*args)
            return self.outcome

    monkeypatch.setattr(watchfiles.main, "RustNotify", Notifier)
    stop = threading.Event()
    thread = threading.Thread(target=preview.watch, args=(shown, stop), daemon=True)
    thread.start()
    assert watching_files.wait(10), "the watch never set up its notifier"

    def idle() -> None:
        called = time.monotonic()
        wait_for(lambda: any(began > called for began in quiet_looks), what="a quiet look of the watch")

    try:
        yield idle
    finally:
        stop.set()
        thread.join(timeout=10)
        assert not thread.is_alive()


def wait_for(condition, timeout: float = 20.0, what: str = "") -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"gave up waiting for {what}"
        time.sleep(0.01)


def test_saves_in_quick_succession_are_one_rebuild_and_a_rows_file_is_watched(tmp_path, monkeypatch):
    run_pnp("new", "deck", tmp_path / "mine", cwd=tmp_path)
    game, rows = tmp_path / "mine" / "mine.yaml", tmp_path / "mine" / "cards.csv"
    shown = Preview(Options(str(game)))
    shown.rebuild()
    with watching(shown, monkeypatch) as idle:
        for turn in range(5):  # an editor's save, its backup, a formatter: within a few milliseconds
            edit(game, f'title: "Mine{"!" * turn}"', f'title: "Mine{"!" * (turn + 1)}"')
            time.sleep(0.005)
        wait_for(lambda: shown.status()["build"] == 2, what="a rebuild")
        idle()
        assert shown.status()["build"] == 2 and shown.state()["title"] == "Mine!!!!!"
        (tmp_path / "mine" / "notes.txt").write_text("not read by the game")  # no rebuild
        edit(rows, "sun-spark,Spark,", "sun-spark,Sparkle,")
        wait_for(lambda: shown.status()["build"] == 3, what="the rows' rebuild")
        idle()
        assert shown.status()["build"] == 3


def test_a_file_saved_again_and_again_is_built_once_after_its_last_save(tmp_path, monkeypatch):
    """Five saves of one file 40 ms apart (an editor saving as you type): the watcher yields before
    the last of them, and the rebuild waits for the file to stand still."""
    run_pnp("new", "deck", tmp_path / "mine", cwd=tmp_path)
    game = tmp_path / "mine" / "mine.yaml"
    shown = Preview(Options(str(game)))
    shown.rebuild()
    with watching(shown, monkeypatch) as idle:
        for turn in range(5):
            edit(game, f'title: "Mine{"!" * turn}"', f'title: "Mine{"!" * (turn + 1)}"')
            time.sleep(0.04)
        wait_for(lambda: shown.status()["build"] == 2, what="a rebuild")
        idle()
        assert shown.status()["build"] == 2 and shown.state()["title"] == "Mine!!!!!"


# the server --------------------------------------------------------------------------------------

@contextmanager
def preview_process(*args, cwd: Path):
    """`python -m generator preview ARGS --no-browser` as a user starts it; yields (process, address)
    once it has printed its address (with its token), and stops it with Ctrl-C (SIGINT) if the test
    has not."""
    with subprocess.Popen([sys.executable, "-m", "generator", "preview", *map(str, args), "--no-browser"],
                          cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as process:
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


@pytest.fixture(scope="module")
def served(tmp_path_factory) -> Iterator[tuple[str, Path]]:
    """One preview of a copy of the Diamonds file, served in this process and shared by the tests that
    only read from it: (its address, with its token; the game's folder)."""
    folder = tmp_path_factory.mktemp("served")
    shutil.copyfile(DIAMONDS_YAML, folder / "diamonds.yaml")
    shown = Preview(Options(str(folder / "diamonds.yaml")))
    shown.rebuild()
    with serving(shown) as server:
        yield server.address, folder


def get(address: str, path: str, host: str | None = None, token: bool = True,
        cookie: str | None = None) -> tuple[int, dict, bytes]:
    """GET `path` from the preview at `address` (as it printed it), with its token unless told not to."""
    url = urlsplit(address)
    if token:
        path += ("&" if "?" in path else "?") + url.query
    headers = {"Host": host} if host else {}
    if cookie is not None:
        headers["Cookie"] = cookie
    connection = http.client.HTTPConnection("127.0.0.1", url.port, timeout=10)
    connection.request("GET", path, headers=headers)
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response.status, dict(response.getheaders()), body


def status_of(address: str) -> dict:
    return json.loads(get(address, "/status.json")[2])


def token_of(address: str) -> str:
    return parse_qs(urlsplit(address).query)["token"][0]


def cookie_of(address: str) -> str:
    """The cookie a visit to the preview's address sets, as a browser sends it back."""
    return f"pnp-preview-{urlsplit(address).port}={token_of(address)}"


def test_the_server_answers_on_loopback_only_and_writes_nothing(served):
    address, game_folder = served
    before = listing(game_folder)
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
    assert get(address, "/status.json", host=f"localhost:{urlsplit(address).port}")[0] == 200
    assert listing(game_folder) == before


def test_only_a_request_with_the_token_or_its_cookie_is_answered(served):
    """Any user of the machine can reach 127.0.0.1: the preview answers only whoever has the address
    it printed (the token), or the cookie the first visit with it sets, and refuses the rest."""
    address, _ = served
    port, token = urlsplit(address).port, token_of(address)
    svg = json.loads(get(address, "/state.json")[2])["sheet_pages"][0]["svg"]
    refusal = f"this preview needs its token: open the address `pnp preview` printed, http://127.0.0.1:{port}/" \
              "?token=...\n".encode()
    for path in ("/", "/status.json", "/state.json", "/events", svg, "/no-such-page"):
        assert get(address, path, token=False)[::2] == (403, refusal), path
    name = f"pnp-preview-{port}"
    for wrong in (f"?token={token[:-1]}", f"?token={token}x", "?token=", "?token=%C3%A9%00", f"?Token={token}"):
        assert get(address, "/status.json" + wrong, token=False)[0] == 403, wrong
    for wrong in (f"{name}={token[:-1]}", f"pnp-preview-{port + 1}={token}", f'{name}="{token}"', "=;;\x7f"):
        assert get(address, "/status.json", token=False, cookie=wrong)[0] == 403, wrong

    code, headers, _ = get(address, "/")
    assert code == 200 and headers["Set-Cookie"] == f"{name}={token}; Path=/; HttpOnly; SameSite=Strict"
    # Beside other cookies of 127.0.0.1 (another local server's, even one http.cookies cannot read):
    for path in ("/", "/status.json", "/state.json", svg):
        code, headers, _ = get(address, path, token=False, cookie=f'other="a|b; bare; {cookie_of(address)}')
        assert code == 200 and "Set-Cookie" not in headers, path
    with preview.start_server(Preview(Options("diamonds")), 0) as another:
        assert token_of(another.address) != token  # made at each start


def test_the_browser_opens_the_address_with_its_token(monkeypatch, capsys):
    opened = []

    def open_then_stop(address):
        opened.append(address)
        _thread.interrupt_main()  # Ctrl-C

    monkeypatch.setattr(preview, "_can_open_a_browser", lambda: True)
    monkeypatch.setattr(webbrowser, "open", open_then_stop)
    monkeypatch.setattr(Preview, "rebuild", lambda self: None)  # the sheets are not what this test is about
    preview.serve(Options("diamonds"))
    printed = capsys.readouterr().out.splitlines()[0]
    assert opened == [printed.split(" at ")[1].split()[0]] and "/?token=" in opened[0]


def event_stream(address: str, cookie: str | None = None) -> http.client.HTTPResponse:
    """/events of the preview at `address`, by its token (or the cookie alone), as a browser asks."""
    url = urlsplit(address)
    connection = http.client.HTTPConnection("127.0.0.1", url.port, timeout=20)
    if cookie is None:
        connection.request("GET", f"/events?{url.query}")
    else:
        connection.request("GET", "/events", headers={"Cookie": cookie})
    return connection.getresponse()


def next_event(stream: http.client.HTTPResponse) -> dict:
    lines = []
    while not lines or lines[-1] != "":
        lines.append(stream.fp.readline().decode().rstrip("\n"))
    assert lines[0] == "event: build", lines
    return json.loads(lines[1].removeprefix("data: "))


def test_server_sent_events_tell_of_each_build(diamonds_copy):
    shown = Preview(Options(str(diamonds_copy)))
    with serving(shown) as server:
        events = event_stream(server.address, cookie=cookie_of(server.address))  # as the page asks, by the cookie
        assert events.getheader("Content-Type") == "text/event-stream"
        assert next_event(events)["build"] == 0
        edit(diamonds_copy, *ONE_JOKER)
        shown.rebuild()
        event = next_event(events)
        assert event["build"] == 1 and any("[diamonds.deck]" in line for line in event["findings"])
        events.close()


def test_event_streams_are_capped_and_a_closed_one_gives_its_place_back(monkeypatch):
    """Each open event stream holds a thread: past MAX_EVENT_STREAMS the preview answers 503 rather
    than start another, and a stream whose browser has gone is noticed at its next keep-alive."""
    assert 8 <= preview.MAX_EVENT_STREAMS <= 64
    monkeypatch.setattr(preview, "MAX_EVENT_STREAMS", 2)
    monkeypatch.setattr(preview, "KEEP_ALIVE_S", 0.05)
    with serving(Preview(Options("diamonds"))) as server:
        streams = [event_stream(server.address) for _ in range(2)]
        assert [next_event(stream)["build"] for stream in streams] == [0, 0]
        refused = event_stream(server.address)
        assert refused.status == 503 and refused.getheader("Connection") == "close"  # holding no thread
        assert refused.read() == b"this preview already sends its builds to 2 pages: close some of them\n"
        assert get(server.address, "/status.json")[0] == 200  # the rest of the preview answers on
        streams.pop().close()

        def a_stream_is_served() -> bool:
            stream = event_stream(server.address)
            if stream.status != 200:
                stream.close()
                return False
            streams.append(stream)
            return True

        wait_for(a_stream_is_served, timeout=10, what="the closed stream's place")
        for stream in streams:
            stream.close()


# the page, in a browser --------------------------------------------------------------------------

@pytest.fixture(scope="module")
def browser():
    """One headless Chromium for the module's page tests; each test opens its own context (its own
    cookies)."""
    assert Path(CHROMIUM).is_file(), "the browser tests need Debian's chromium: apt-get install chromium (make test " \
                                     "installs it when run as root)"
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        yield launched
        launched.close()


def test_the_page_shows_the_sheets_and_follows_each_save_until_ctrl_c(browser, diamonds_copy, tmp_path):
    """A designer's session: `pnp preview` started, its address opened, two saves (the second does not
    load), Ctrl-C. The preview wrote nothing, to the game's folder or the folder it ran in."""
    work = tmp_path / "work"
    work.mkdir()
    game_folder = listing(diamonds_copy.parent)
    with preview_process(diamonds_copy, cwd=work) as (process, address):
        port = urlsplit(address).port
        assert re.fullmatch(rf"http://127\.0\.0\.1:{port}/\?token=[A-Za-z0-9_-]{{43}}", address)  # 32 random bytes
        context = browser.new_context(viewport={"width": 1366, "height": 768})  # a laptop's screen
        page = context.new_page()
        page.goto(address)
        # The page's own requests (its state, sheets, events) carry no token: the cookie lets them in.
        assert [(cookie["name"], cookie["value"], cookie["httpOnly"], cookie["sameSite"])
                for cookie in context.cookies()] == [(f"pnp-preview-{port}", token_of(address), True, "Strict")]
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
        context.close()
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=10) == 0
        stderr = process.stderr.read()
    assert "Traceback" not in stderr and stderr.rstrip().endswith("preview stopped")
    game_folder["diamonds.yaml"] = diamonds_copy.stat().st_size  # the saves above
    assert listing(diamonds_copy.parent) == game_folder and listing(work) == {}


def test_a_page_refused_its_event_stream_asks_again_later_and_less_often(browser, monkeypatch):
    """A refused event stream (503: too many pages follow the preview) is closed for good by the
    browser; the page asks again after 2 s, then 4 s, and so on, not at once, and follows the builds
    once it is let in. The page's clock is a fake one, moved on by the test."""
    monkeypatch.setattr(preview, "MAX_EVENT_STREAMS", 0)
    with serving(Preview(Options("diamonds"))) as server:
        context = browser.new_context()
        context.clock.install(time=0)
        context.clock.pause_at(1000)
        # Each stream the page asks for, counted as it asks: the count is right the moment a timer has run.
        context.add_init_script("window.asked = 0; window.EventSource = class extends EventSource { "
                                "constructor(...given) { super(...given); window.asked += 1; } };")
        page = context.new_page()

        def asked() -> int:
            return page.evaluate("window.asked")

        status = "document.getElementById('status')"
        page.goto(server.address)
        page.wait_for_function(f"{status}.textContent.endsWith('asking again in 2 s')")
        assert "too many pages open" in page.inner_text("#status") and asked() == 1
        page.clock.run_for(1900)
        assert asked() == 1
        page.clock.run_for(100)
        page.wait_for_function(f"{status}.textContent.endsWith('asking again in 4 s')")
        assert asked() == 2
        server.event_streams = threading.BoundedSemaphore(1)  # a place comes free
        page.clock.run_for(3900)
        assert asked() == 2
        page.clock.run_for(100)
        page.wait_for_function(f"{status}.className === 'live'")
        assert asked() == 3 and page.inner_text("#status").startswith("build 0 ·")
        context.close()


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
