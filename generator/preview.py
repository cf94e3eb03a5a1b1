"""`pnp preview`: a local page of a game's sheets and findings, rebuilt whenever a file it read is saved.

The designer's loop is edit, save, look. The preview keeps one process warm (imports, fonts, symbol
paths, proofs), runs the same pipeline as `pnp build` (generator/build.py) into memory, and serves:

    /              the page (generator/preview.html): sheets, fronts beside their backs, and findings
    /state.json    what the page draws: the last good pages with their pieces, the findings, the errors
    /status.json   {"build", "ok", "errors", "findings", "pages"}, for scripts and tests
    /events        server-sent events: one `build` event after each build
    /pages/H.svg   a page's SVG, named by the digest of its bytes: a page that did not change keeps
                   its name, so the browser fetches again only the pages a save changed

It listens on 127.0.0.1 only and answers only requests addressed to that host (a web page elsewhere
cannot read it through a rebound DNS name). Every user of the machine can reach 127.0.0.1, so, as
Jupyter does, it answers only requests that carry its token: a random one made at start and printed
in its address (`/?token=...`; a script adds it to any path, `/status.json?token=...`). A request
with the token sets a cookie holding it (HttpOnly, SameSite=Strict), which the page's own requests
(its state, sheets and events) then carry.

It writes no file of the build: the sheets live in memory, so the game's folder and the output
folder are left as they are (the proofs and font subsets any build keeps go to the cache folder,
generator/cache.py).

Files are watched with watchfiles rather than watchdog: its Rust notifier batches a burst of events
itself (`step`: quiet time before it yields, `debounce`: the longest it groups), and a `stop_event`
ends the watch cleanly. It yields a burst of saves to one file before the last of them, though (a
file saved again is no new change to its batch), so a rebuild waits until the files have stood still
for QUIET_MS (`settled`), and is skipped when they are as the last build read them.
Each watched file's folder is watched (not the file), since editors save by writing a new file and
renaming it over the old one, which a watch on the old file would lose.
"""

from __future__ import annotations

import hashlib
import hmac
import html
import json
import os
import re
import secrets
import sys
import threading
import time
import traceback
import webbrowser
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs

from generator import build, plugins, reading
from generator.build import Request
from generator.errors import InputError, Location, unusable_name
from generator.impose import DEFAULT_BLEED
from generator.load import resolve_target
from generator.palette import is_palette_file
from generator.paths import PALETTES_FILE, TEMPLATES_DIR
from generator.render import manifest, render_pages
from generator.settings import is_paper_file
from generator.validate import Finding, in_file_order
from generator.words import COMMON, words_file

HOST = "127.0.0.1"
PAGE = Path(__file__).with_name("preview.html")
#: Quiet time after the last change before a rebuild starts (ms), and the longest a burst of saves
#: is grouped (ms): an editor's save and its backup file, or a script writing a CSV and its pictures.
QUIET_MS, GROUP_MS = 80, 400
#: How often the watch looks up from waiting: to start over on a new list of files, and to compare
#: the files' stamps with the last build's (a save it could not have seen).
CHECK_MS = 500
#: The most pages a preview draws, all of them again on every save and all in the browser: 100
#: sheets (a deck of 800 poker cards), some 2 s a rebuild here; a larger job is previewed in parts.
MAX_PAGES = 200
#: The most bytes of SVG a build's pages may take in memory (the build before is kept beside it, for
#: a browser still fetching it): a picture is written into every page that shows it, so a 5 MB
#: picture on 122 pages took 850 MB here, twice over.
MAX_SVG_BYTES = 256 * 1024 * 1024
#: A server-sent comment this often keeps an idle connection open through proxies and lets a
#: handler notice that its browser has gone.
KEEP_ALIVE_S = 15.0
#: The most event streams served at once: each holds a thread for as long as its page stays open
#: (and up to two KEEP_ALIVE_S after it closes). Past it /events answers 503, and the page tries
#: again later, waiting longer each time.
MAX_EVENT_STREAMS = 32
#: The most connections held at once, streams included: each holds a thread, and one that sends its
#: request a line at a time (before any token is read) would hold it for as long as it keeps sending.
#: Past it a new connection is closed at once.
MAX_CONNECTIONS = 96
#: What a browser that goes away mid-answer makes the writing of it raise: nothing to report.
GONE = (BrokenPipeError, ConnectionResetError, ConnectionAbortedError, TimeoutError)


@dataclass(frozen=True)
class Options:
    """What `pnp preview` was asked to show: the target and the build options that shape its sheets."""

    target: str
    paper: str = "a4"
    palette: str | None = None
    words: str | None = None
    lang: str | None = None
    layout: str = "sheets"
    only: tuple[str, ...] = ()
    overrides: tuple[str, ...] = ()
    allowed: tuple[str, ...] = ()


@dataclass(frozen=True)
class Sheets:
    """One good build, as the page shows it: its pages (manifest entries plus the SVG's name) and
    the SVG of each, by name."""

    title: str
    pages: list[dict]
    svgs: dict[str, bytes]


def check_options(options: Options) -> None:
    """The command line is checked before the server starts, as `pnp build` checks it: a layout
    without pages, a target that is neither a bundled game nor a file, an unknown palette or paper.
    The game's own files may break and mend while the preview runs; its page shows their errors."""
    if options.layout == "tts":
        raise InputError(Location("--layout"), "--layout tts makes Tabletop Simulator deck images, not pages to "
                         "preview: preview --layout sheets or pieces, and build tts with pnp build", "input.usage")
    context = build.input_context(options.palette, options.words, options.lang, options.allowed)
    build.settings_for(options.paper, "long", DEFAULT_BLEED, True, context)
    resolve_target(options.target)


class Preview:
    """The builds of one game, one at a time: the last good sheets, the last outcome and the files to watch."""

    def __init__(self, options: Options):
        self.options = options
        named = resolve_target(options.target)
        self.game_file = named.resolve()
        self.game_files = frozenset({self.game_file, named.absolute()})  # and a link to it, when one is named
        self.build = 0  # builds since start
        self.ok = False
        self.errors: list[str] = []
        self.findings: list[Finding] = []
        self.sheets: Sheets | None = None
        self.earlier_svgs: dict[str, bytes] = {}  # the build before's pages, for a browser still fetching them
        self.seconds = 0.0  # how long the last build took
        self.faces_drawn: dict = {}  # the last good build's face recordings, by their faces' content
        self.watched: frozenset[Path] = frozenset({*self.game_files, *self.named_files()})
        self.problem: InputError | None = None  # the last build's input error
        self.stamps: dict[Path, tuple | None] = {}  # each watched file as the last build found it
        self.changed = threading.Condition()  # notified after each build, and when the server stops
        self.stopping = False

    # building ----------------------------------------------------------------------------------

    def rebuild(self) -> None:
        """Build the game into memory. A file that does not load keeps the last good sheets; its
        error lines become the outcome."""
        started = time.perf_counter()
        with self.changed:
            before = stamps(self.watched)  # a file saved while it builds is newer than this: built again
        sheets, findings, read, drawn = None, [], set(), {}
        asked: set[Path] = set()  # every file the game named, read or not (one it names before it exists)
        collecting = reading.asked_paths.set(asked)
        self.problem = None
        try:
            sheets, findings, read, drawn = self._build()
            errors = []
        except InputError as problem:
            self.problem, errors = problem, str(problem).splitlines()
        except Exception as problem:  # a plug-in's bug is the plug-in's to fix; the preview stays up
            unusable = unusable_name(problem)  # a link that leads round in a circle: as pnp build says it
            if unusable is not None:
                self.problem, errors = unusable, [str(unusable)]
            else:
                errors = self._failure(problem)
        finally:
            reading.asked_paths.reset(collecting)
        with self.changed:
            self.build += 1
            self.ok = not errors
            self.errors = errors
            self.seconds = time.perf_counter() - started
            if sheets is not None:
                self.faces_drawn = drawn
                self.earlier_svgs = self.sheets.svgs if self.sheets else {}
                self.sheets, self.findings = sheets, findings
                self.watched = frozenset({*self.game_files, *self.named_files(), *read, *asked})
            else:  # still watch what the last good build read, and what this one looked for
                self.watched = self.watched | {*self.game_files, *self.named_files(), *asked}
            fresh = stamps(self.watched - before.keys())  # as the build found them: no file it stopped reading
            self.stamps = {path: before[path] if path in before else fresh[path] for path in self.watched}
            self.changed.notify_all()

    def _failure(self, problem: Exception) -> list[str]:
        """A build that raised what is no input error: a plug-in's bug (its one line), or ours."""
        failure = plugins.plugin_failure(problem)
        if failure is None or plugins.show_tracebacks:
            traceback.print_exc()
        return [str(failure)] if failure else [f"{self.options.target}: error: the preview's build failed: "
                                               f"{type(problem).__name__}: {problem} [preview.internal]"]

    def refuse_command_line_mistakes(self) -> None:
        """The first build's errors, when each is told at an option (`--lang zz`, `--only nosuch`,
        `--set nosuch=1`): no save can mend them, so the preview stops there, as `pnp build` would."""
        if self.problem is not None and self.errors and all(line.startswith("--") for line in self.errors):
            raise self.problem

    def _build(self) -> tuple[Sheets, list[Finding], set[Path], dict]:
        """load -> check -> impose -> render, as `pnp build --draft --format svg` would, into memory."""
        options = self.options
        context = build.input_context(options.palette, options.words, options.lang, options.allowed)
        settings = build.settings_for(options.paper, "long", DEFAULT_BLEED, True, context)
        (loaded,) = build.load((options.target,), options.overrides, context)
        # Only the faces whose inputs changed are drawn again: the others' recordings carry over.
        loaded.faces.carried, loaded.faces.carried_from = {}, self.faces_drawn
        request = Request(("svg",), options.layout, None, options.only)
        build.impose_early(loaded, settings, request)
        findings = in_file_order(build.check(loaded, settings))  # what `pnp validate` finds
        errors = sum(finding.level == "error" for finding in findings)
        loaded.draft_errors = errors or None  # a set that breaks its rules shows as its draft would print
        _, pages = build.imposed_job(loaded, settings, request)
        part = ("preview part of it with --only COMPONENT, or --only COMPONENT:ID,ID for some pieces (pnp build "
                "prints it whole, and pnp validate lists its findings)")
        if len(pages) > MAX_PAGES:
            raise InputError(Location(loaded.source), f"this build has {len(pages)} pages; a preview shows at most "
                             f"{MAX_PAGES}: {part}", "input.too-large")
        svgs: dict[str, bytes] = {}
        names: dict[int, str] = {}
        held = 0
        for _, number, data in render_pages(pages, settings, build.page_title(loaded), ("svg",), 96,
                                            faces=loaded.faces, words=loaded.spec.words):
            name = hashlib.sha256(data).hexdigest()[:20]
            held += len(data) if name not in svgs else 0
            if held > MAX_SVG_BYTES:
                raise InputError(Location(loaded.source), f"this build's pages take more than {MAX_SVG_BYTES >> 20} MB "
                                 f"as SVG by page {number} (each page holds its own copy of the pictures it shows): "
                                 f"{part}", "input.too-large")
            svgs[name], names[number] = data, name
        entries = list(manifest(loaded.game.name, pages, settings, options.layout)["pages"])  # made as read: kept
        for entry in entries:
            entry["svg"] = f"/pages/{names[entry['number']]}.svg"
        read = set(loaded.reader.files) if loaded.reader else set()
        return (Sheets(loaded.title, entries, svgs), findings, read | self.bundled_files(loaded.game.name),
                loaded.faces.carried)

    def named_files(self) -> set[Path]:
        """The files the command line names besides the game file: a words, palette or paper file."""
        options, named = self.options, set()
        if options.words:
            named.add(Path(options.words))
        if options.palette and is_palette_file(options.palette):
            named.add(Path(options.palette))
        if is_paper_file(options.paper):
            named.add(Path(options.paper))
        return {path.expanduser().resolve() for path in named}

    def bundled_files(self, game: str) -> set[Path]:
        """The program's own files a game reads: its words (and the chosen translation), the palettes
        and the templates; edited in a source checkout, they too rebuild the preview."""
        files = {words_file(COMMON), words_file(game), PALETTES_FILE, *TEMPLATES_DIR.glob("*.yaml")}
        if self.options.lang:
            files.add(words_file(game, self.options.lang))
        return {path.resolve() for path in files if path.is_file()}

    # what the server tells ---------------------------------------------------------------------

    def status(self) -> dict:
        with self.changed:
            return {"build": self.build, "ok": self.ok, "errors": list(self.errors),
                    "findings": [str(finding) for finding in self.findings],
                    "pages": len(self.sheets.pages) if self.sheets else 0}

    def state(self) -> dict:
        """Everything the page draws: the status, the sheets and each finding with the pieces it names."""
        with self.changed:
            sheets, findings = self.sheets, self.findings
            state = self.status() | {"seconds": round(self.seconds, 3), "target": self.options.target}
        pages = sheets.pages if sheets else []
        state["title"] = sheets.title if sheets else self.options.target
        state["sheet_pages"] = pages
        state["finding_list"] = [finding_entry(finding, pages) for finding in findings]
        return state

    def svg(self, name: str) -> bytes | None:
        with self.changed:
            svgs = self.sheets.svgs if self.sheets else {}
            return svgs.get(name) or self.earlier_svgs.get(name)

    def wait_for_build(self, seen: int, timeout: float) -> int | None:
        """The build number once a build after `seen` is done (`seen` itself on a time-out); None
        once the preview stops."""
        with self.changed:
            self.changed.wait_for(lambda: self.build > seen or self.stopping, timeout)
            return None if self.stopping else self.build

    def stale(self) -> bool:
        """A watched file differs from what the last build found (saved when no watch was set up)."""
        with self.changed:
            watched, seen = self.watched, self.stamps
        return stamps(watched) != seen

    def stop(self) -> None:
        with self.changed:
            self.stopping = True
            self.changed.notify_all()


#: A piece id as a message writes it: letters, digits, "-" and "_".
_TOKEN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*")


def finding_entry(finding: Finding, pages: list[dict]) -> dict:
    """A finding for the page: its line as `pnp validate` prints it, its parts, and where the pieces
    its message names are placed ([page number, index of the piece on the page]); of a piece named
    with its side, "card-2H (front)", that side alone. Ids of one or two characters and plain
    numbers are not taken for pieces: a message's "2" is a count."""
    location = finding.location
    sides: dict[str, str | None] = {}
    for match in _TOKEN.finditer(finding.message):
        side = re.match(r"\s*\((front|back)\)", finding.message[match.end():])
        if len(match[0]) > 2 and not match[0].isdigit():
            sides[match[0]] = side[1] if side else sides.get(match[0])
    places = [[page["number"], index] for page in pages for index, piece in enumerate(page["pieces"])
              if piece["id"] in sides and sides[piece["id"]] in (None, piece["face"])]
    return {"text": str(finding), "level": finding.level, "message": finding.message, "rule": finding.rule,
            "where": location.format(), "file": location.file, "line": location.line, "col": location.col,
            "pieces": places}


def page_html(state: dict) -> str:
    """The page with the state it was served at: the title, the error lines and the findings written
    in (readable before its script runs, and by a program that runs none), and the state whole, as
    JSON, for the script's first drawing."""
    findings = "".join(f'<li class="{finding["level"]}">{html.escape(finding["text"])}</li>'
                       for finding in state["finding_list"])
    errors = "" if state["ok"] else ">" + html.escape("\n".join(state["errors"]))
    as_json = json.dumps(state).replace("<", "\\u003c")  # no "</script>" can end the block early
    return (PAGE.read_text(encoding="utf-8").replace("<!--title-->", html.escape(state["title"]))
            .replace("<!--errors-->", errors or " hidden>").replace("<!--findings-->", findings)
            .replace("<!--state-->", as_json))


# the server ------------------------------------------------------------------------------------

class PreviewServer(ThreadingHTTPServer):
    daemon_threads = True  # a browser's open event stream never keeps the process from ending
    request_queue_size = 64  # a page fetching its sheets at once is not made to wait a second for a retry

    def __init__(self, preview: Preview, port: int):
        self.preview = preview
        self.token = secrets.token_urlsafe(32)
        self.event_streams = threading.BoundedSemaphore(MAX_EVENT_STREAMS)
        self.connections = threading.BoundedSemaphore(MAX_CONNECTIONS)
        super().__init__((HOST, port), PreviewHandler)

    def process_request(self, request, client_address) -> None:
        if not self.connections.acquire(blocking=False):
            self.shutdown_request(request)  # too many held already: this one is closed, unread
            return
        try:
            super().process_request(request, client_address)
        except BaseException:
            self.connections.release()
            raise

    def process_request_thread(self, request, client_address) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self.connections.release()

    def handle_error(self, request, client_address) -> None:
        if isinstance(sys.exc_info()[1], GONE):
            return  # a browser closed its tab mid-answer, or a client dropped its connection
        super().handle_error(request, client_address)

    @property
    def address(self) -> str:
        """The address to open: the first visit sets the cookie that lets the page's own requests in."""
        return f"http://{HOST}:{self.server_address[1]}/?token={self.token}"

    @property
    def cookie_name(self) -> str:
        # A browser sends a host's cookies to all its ports: the port in the name keeps two previews'
        # tokens apart.
        return f"pnp-preview-{self.server_address[1]}"


class PreviewHandler(BaseHTTPRequestHandler):
    server: PreviewServer
    protocol_version = "HTTP/1.1"
    timeout = 4 * KEEP_ALIVE_S  # a connection that sends no request, or takes no event, is closed

    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        path, _, query = self.path.partition("?")
        self.token_in_query = self._is_token(parse_qs(query).get("token", [""])[0])
        if not self._addressed_to_us():
            self._send(421, b"this preview answers requests to 127.0.0.1 or localhost only\n", "text/plain")
            return
        if not (self.token_in_query or self._is_token(self._cookie())):
            self._send(403, f"this preview needs its token: open the address `pnp preview` printed, "
                            f"http://{HOST}:{self.server.server_address[1]}/?token=...\n".encode(), "text/plain")
            return
        preview = self.server.preview
        if path == "/":
            self._send(200, page_html(preview.state()).encode(), "text/html; charset=utf-8")
        elif path == "/status.json":
            self._send(200, json.dumps(preview.status()).encode(), "application/json")
        elif path == "/state.json":
            self._send(200, json.dumps(preview.state()).encode(), "application/json")
        elif path == "/events":
            self._events()
        elif (found := re.fullmatch(r"/pages/([0-9a-f]{20})\.svg", path)) and (data := preview.svg(found[1])):
            self._send(200, data, "image/svg+xml", cache="private, max-age=31536000, immutable")
        else:
            self._send(404, b"not found\n", "text/plain")

    def _addressed_to_us(self) -> bool:
        host = (self.headers.get("Host") or "").rsplit(":", 1)[0].strip("[]").lower()
        return host in (HOST, "localhost")

    def _is_token(self, given: str) -> bool:
        # In constant time, so that timing the answers cannot find the token a character at a time;
        # as bytes, since a str must be ASCII and a request may send anything.
        return hmac.compare_digest(given.encode(), self.server.token.encode())

    def _cookie(self) -> str:
        """This preview's cookie among those the browser sends for 127.0.0.1 ("" if none). Read by
        hand: http.cookies gives up on a whole header when one cookie in it (another local server's,
        say) is not to its taste."""
        for pair in "; ".join(self.headers.get_all("Cookie", [])).split(";"):
            name, _, value = pair.strip().partition("=")
            if name == self.server.cookie_name:
                return value
        return ""

    def _send(self, status: int, body: bytes, kind: str, cache: str = "no-store") -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", cache)
        self.send_header("X-Content-Type-Options", "nosniff")
        if status == 200 and self.token_in_query:
            self.send_header("Set-Cookie", f"{self.server.cookie_name}={self.server.token}; Path=/; HttpOnly; "
                                           "SameSite=Strict")
        if self.close_connection:
            self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.write(body)

    def _events(self) -> None:
        if not self.server.event_streams.acquire(blocking=False):
            self.close_connection = True  # or the refused page's connection would hold a thread, idle
            self._send(503, f"this preview already sends its builds to {MAX_EVENT_STREAMS} pages: close some "
                            "of them\n".encode(), "text/plain")
            return
        try:
            self._stream_builds()
        finally:
            self.server.event_streams.release()

    def _stream_builds(self) -> None:
        """A `build` event (the status) now and after every build, until the browser or the server goes."""
        preview = self.server.preview
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.close_connection = True
        seen = -1
        try:
            while True:
                current = preview.wait_for_build(seen, 0 if seen < 0 else KEEP_ALIVE_S)
                if current is None:
                    return
                if current == seen:
                    self.wfile.write(b": still here\n\n")
                else:
                    self.wfile.write(f"event: build\ndata: {json.dumps(preview.status())}\n\n".encode())
                    seen = current
                self.wfile.flush()
        except GONE:
            return

    def log_message(self, format: str, *args) -> None:  # noqa: A002: requests are not news
        pass


def start_server(preview: Preview, port: int) -> PreviewServer:
    try:
        return PreviewServer(preview, port)
    except OSError as problem:
        reason = "is in use" if problem.errno in (98, 48, 10048) else f"cannot be used ({problem.strerror})"
        raise InputError(Location("--port"), f"port {port} on {HOST} {reason}; choose another, or leave --port out "
                         "for a free one", "input.usage") from None


# watching --------------------------------------------------------------------------------------

def stamps(paths) -> dict[Path, tuple | None]:
    """Each file's modification time and size (None: not there), to tell a file changed without reading it."""
    found: dict[Path, tuple | None] = {}
    for path in paths:
        try:
            status = path.stat()
            found[path] = (status.st_mtime_ns, status.st_size)
        except OSError:
            found[path] = None
    return found


def watch(preview: Preview, stop: threading.Event, built=lambda: None) -> None:
    """Rebuild after each burst of changes to the files the last build read (`built()` after each),
    until `stop` is set. When a build reads other files (a new picture), the watch starts over on
    them; a file saved while no watch was set up (before the first, between two) is found by its
    stamp when the watch next looks up, at most CHECK_MS later."""
    import watchfiles

    while not stop.is_set():
        watched = preview.watched
        folders = sorted({str(path.parent) for path in watched if path.parent.is_dir()})
        if not folders:  # every folder gone: look again in a moment
            stop.wait(CHECK_MS / 1000)
            continue
        for changes in watchfiles.watch(*folders, watch_filter=lambda change, path: Path(path) in watched,
                                        debounce=GROUP_MS, step=QUIET_MS, stop_event=stop, recursive=False,
                                        rust_timeout=CHECK_MS, yield_on_timeout=True, raise_interrupt=False):
            if (changes or preview.stale()) and settled(watched, stop) and preview.stale():
                preview.rebuild()
                built()
            if preview.watched != watched:
                break


#: The most looks `settled` takes for the files to stand still: a file written for seconds on end is
#: built as it is then.
SETTLE_LOOKS = 25


def settled(paths, stop: threading.Event) -> bool:
    """Whether the files stood still for QUIET_MS (or SETTLE_LOOKS looks went by) before `stop` was set."""
    last = stamps(paths)
    for _ in range(SETTLE_LOOKS):
        if stop.wait(QUIET_MS / 1000):
            return False
        now = stamps(paths)
        if now == last:
            return True
        last = now
    return True


def describe(preview: Preview) -> str:
    """One line for the terminal after each build."""
    status = preview.status()
    if not status["ok"]:
        shows = "the last good sheets" if status["pages"] else "the errors"
        return f"build {status['build']}: {len(status['errors'])} error line(s); the page shows {shows}"
    counts = {level: sum(finding.level == level for finding in preview.findings) for level in ("error", "warning")}
    return (f"build {status['build']}: {status['pages']} pages, {counts['error']} rule error(s), "
            f"{counts['warning']} warning(s) in {preview.seconds:.2f} s")


def serve(options: Options, port: int = 0, open_browser: bool = True) -> None:
    """Build once, serve the page on 127.0.0.1 and rebuild on every save, until Ctrl-C (or SIGTERM)."""
    import signal

    check_options(options)
    preview = Preview(options)
    server = start_server(preview, port)
    stop = threading.Event()
    watcher = threading.Thread(target=watch, args=(preview, stop, lambda: report(preview)), name="pnp-preview-watch",
                               daemon=True)
    # Ctrl-C and a kill stop it alike, even when a script started it in the background (where a
    # shell starts it with SIGINT ignored).
    previous = {number: signal.signal(number, signal.default_int_handler) for number in (signal.SIGINT, signal.SIGTERM)}
    refused = False
    try:
        preview.rebuild()
        refused = True
        preview.refuse_command_line_mistakes()
        refused = False
        watcher.start()
        print(f"preview of {options.target} at {server.address} (Ctrl-C stops it)", flush=True)
        report(preview)
        if open_browser and _can_open_a_browser():
            threading.Thread(target=webbrowser.open, args=(server.address,), daemon=True).start()
        server.serve_forever(poll_interval=0.2)
    except KeyboardInterrupt:
        pass
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
        stop.set()
        preview.stop()
        server.server_close()
        if watcher.is_alive():
            watcher.join(timeout=2)
    if not refused:
        print("preview stopped", file=sys.stderr, flush=True)


def report(preview: Preview) -> None:
    """The terminal's line for a build, and its error lines when it failed."""
    print(describe(preview), file=sys.stderr, flush=True)
    for line in preview.status()["errors"]:
        print(line, file=sys.stderr, flush=True)


def _can_open_a_browser() -> bool:
    """A graphical browser can be opened: on a terminal with a display. Elsewhere (a pipe, CI, an SSH
    session) webbrowser would try a text browser, which would take over the terminal."""
    if not sys.stdout.isatty():
        return False
    return sys.platform in ("darwin", "win32") or bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
