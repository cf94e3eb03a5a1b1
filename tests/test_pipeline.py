"""The build pipeline: its stages are plain functions, each face is drawn once, a recorded face
replays to the same output as drawing it, files are written as they are rendered, and large jobs
are allowed while runaway ones are refused."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from battery import GAMES
from conftest import run_pnp
from generator import build, fonts
from generator.backends.pdf import PdfSurface
from generator.backends.svg import SvgSurface
from generator.build import Request
from generator.errors import InputError, Location
from generator.load import load_game
from generator.canvas import Canvas
from generator.geometry import Matrix
from generator.impose import MAX_SHEETS, Paper, PrintSettings
from generator.model import Area, Component, Piece, fill_bleed
from generator.output import write_build
from generator.recording import FaceRecordings, record_face
from generator.render import json_bytes, render
from generator.shapes import Rect

ROOT = Path(__file__).resolve().parent.parent
A4 = PrintSettings(Paper("a4", 210.0, 297.0, 6.35))


def counting_face(calls: list):
    def face(canvas, area):
        calls.append(area)
        fill_bleed(canvas, area, "#224466")
        canvas.circle(area.width / 2, area.height / 2, 10, fill="#ffffff", stroke="#000000", width=0.4)
        with canvas.saved():
            canvas.clip_rect(2, 2, area.width - 4, 20)
            canvas.text(area.width / 2, 12, "Ace «É»", 4.0, fill="#ffffff", align="centre")
    return face


def test_a_shared_back_is_drawn_once_however_many_pieces_it_is_behind():
    fronts, backs = [], []
    back = counting_face(backs)
    pieces = [Piece(f"card-{n}", Rect(63.5, 88.9), counting_face(fronts), back) for n in range(20)]
    render(build_pages(pieces), A4, "Test", ("pdf", "svg"), 72)
    assert len(backs) == 1
    assert len(fronts) == 20


def test_the_contrast_check_and_the_print_share_one_recording_of_each_face(tmp_path):
    [loaded] = build.load(["diamonds"])
    settings = build.settings_for("a4", "long", 3.0, True, build.input_context(None))
    drawn = []
    for component in loaded.components():
        for piece in component.pieces:
            for side in ("front", "back"):
                draw = getattr(piece, side)
                if draw is not None:
                    object.__setattr__(piece, side, _spy(draw, drawn))
    assert not [f for f in build.check(loaded, settings) if f.level == "error"]
    checked = len(drawn)
    chosen = build.components(loaded)
    pages = build.impose_pages(loaded, chosen, settings)
    files = dict(build.render_files(loaded, chosen, pages, settings, Request(("pdf", "svg"))))
    assert checked > 0 and len(drawn) == checked  # the build drew nothing the check had not drawn
    assert files["diamonds.pdf"].startswith(b"%PDF") and "svg/page-01.svg" in files


def _spy(draw, drawn):
    def spied(canvas, area):
        drawn.append(area)
        draw(canvas, area)
    return spied


@pytest.mark.parametrize("matrix", [Matrix.translation(12.5, 40.25),
                                    Matrix.translation(150.0, 20.0) @ Matrix.rotation(90),
                                    Matrix(a=-1.0, e=210.0) @ Matrix.translation(10, 10)])
@pytest.mark.parametrize("surface_kind", ["pdf", "svg"])
def test_a_replayed_recording_writes_what_drawing_the_face_writes(matrix, surface_kind):
    face = counting_face([])
    area = Area(63.5, 88.9, 3.0)

    def page(draw_it) -> bytes:
        surface = PdfSurface("t") if surface_kind == "pdf" else SvgSurface()
        surface.begin_page(1, 210, 297)
        canvas = Canvas(surface)
        canvas.transform(matrix)
        draw_it(canvas)
        surface.end_page()
        surface.close()
        return surface.getvalue() if surface_kind == "pdf" else surface.pages[1]

    direct = page(lambda canvas: face(canvas, area))
    replayed = page(lambda canvas: canvas.replay(record_face(face, area)))
    assert replayed == direct


def test_face_recordings_are_shared_by_drawer_and_area():
    calls = []
    face = counting_face(calls)
    faces = FaceRecordings()
    first = faces(face, Area(63.5, 88.9, 3.0))
    assert faces(face, Area(63.5, 88.9, 3.0)) is first
    assert faces(face, Area(63.5, 88.9, 0.0)) is not first  # a different bleed draws more
    assert len(calls) == 2
    texts = first.texts
    assert [t.text for t in texts] == ["Ace «É»"] and texts[0].behind == "#224466"


def build_pages(pieces):
    from generator.impose import impose

    return impose([Component("card", "Cards", pieces)], A4)


def test_the_stages_run_one_after_another_as_plain_functions(tmp_path):
    context = build.input_context(None)
    settings = build.settings_for("letter", "short", 2.0, False, context)
    [loaded] = build.load(["diamonds"], ["deck.jokers=2"], context)
    findings = build.check(loaded, settings)
    assert not [f for f in findings if f.level == "error"]
    request = Request(("pdf", "cut"), only=("card:card-AS,card-KD",), copies=2)
    chosen = build.components(loaded, request)
    assert [p.id for c in chosen for p in c.pieces] == ["card-KD", "card-KD-copy-2", "card-AS", "card-AS-copy-2"]
    pages = build.impose_pages(loaded, chosen, settings)
    written, notes = build.write(loaded, tmp_path / "out", build.render_files(loaded, chosen, pages, settings, request),
                                 pages, settings, request)
    assert sorted(written) == ["cut/merged/page-01.dxf", "cut/merged/page-01.svg", "cut/page-01.dxf", "cut/page-01.svg",
                              "diamonds.pdf", "manifest.json"]
    assert notes == []
    manifest = json.loads((tmp_path / "out" / "manifest.json").read_text())
    assert manifest["paper"]["name"] == "letter" and manifest["duplex"] == "short" and manifest["bleed_mm"] == 2.0
    assert manifest["files"] == [name for name in sorted(written) if name != "manifest.json"]  # what the build owns


RECORD = {"game": "game", "layout": "sheets", "pages": []}


def test_a_failing_stage_leaves_no_folder_and_no_half_written_file(tmp_path):
    def files():
        yield "game.pdf", b"%PDF-1.4 first"
        raise OSError(28, "No space left on device")

    (tmp_path / "game").mkdir()
    (tmp_path / "game" / "old.pdf").write_bytes(b"old")
    with pytest.raises(OSError):
        write_build(tmp_path / "game", files(), "sheets", "game", RECORD, "inputs")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game"]
    assert [p.name for p in (tmp_path / "game").iterdir()] == ["old.pdf"]


def test_files_are_written_as_they_are_rendered(tmp_path):
    seen_on_disk = []

    def files():
        yield "svg/page-01.svg", b"<svg/>"
        staging = [p for p in (tmp_path / "game").iterdir() if p.name.startswith(".pnp-staging-")]
        seen_on_disk.append(sorted(str(p.relative_to(staging[0])) for p in staging[0].rglob("*.svg")))
        yield "game.pdf", b"%PDF"

    write_build(tmp_path / "game", files(), "sheets", "game", RECORD, "inputs")
    assert seen_on_disk == [["svg/page-01.svg"]]
    assert sorted(p.name for p in (tmp_path / "game").iterdir()) == ["game.pdf", "manifest.json", "svg"]


def pdf_index_problems(data: bytes) -> list[str]:
    """What is wrong with a PDF's index of objects (its xref table): an entry that does not point at
    its object's start, or a startxref that does not point at the table. A viewer repairs such a file
    silently, so reading it back would not tell."""
    start = int(data[data.rindex(b"startxref") + 9:].split()[0])
    if not data.startswith(b"xref", start):
        return [f"startxref {start} is not the index"]
    lines = data[start:].split(b"\n")
    first, count = map(int, lines[1].split())
    return [f"object {number} is not at {offset}" for number, offset in
            ((first + i, int(lines[2 + i][:10])) for i in range(1, count))
            if not data.startswith(b"%d 0 obj" % number, offset)]


def test_the_pdf_is_written_a_page_at_a_time_and_indexed_truly(tmp_path):
    """Each page leaves the surface, drawing and all, when it is finished: a long job holds one page."""
    sink = io.BytesIO()
    surface = PdfSurface("Pages", sink)
    canvas, sizes = Canvas(surface), []
    for number in (1, 2, 3):
        surface.begin_page(number, 100.0, 80.0)
        canvas.text(10, 20, f"Page {number} «É»", 5.0, fill="#000000")
        surface.end_page()
        sizes.append(len(sink.getvalue()))
        assert f"Page {number}".encode() not in sink.getvalue()  # compressed, as reportlab would
    surface.close()
    data = sink.getvalue()
    assert sizes[0] < sizes[1] < sizes[2] < len(data)  # every page written when it ended, the fonts at close
    assert pdf_index_problems(data) == []
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(data)
    assert [document[i].get_textpage().get_text_range() for i in range(len(document))] == [
        f"Page {n} «É»" for n in (1, 2, 3)]
    assert [round(v, 2) for v in document[2].get_size()] == [round(100 / 25.4 * 72, 2), round(80 / 25.4 * 72, 2)]


@pytest.mark.parametrize("game", GAMES)
def test_every_bundled_pdf_has_a_true_index(bundled_build, game):
    assert pdf_index_problems((bundled_build(game) / f"{game}.pdf").read_bytes()) == []


@pytest.mark.parametrize("layout, pdf", [("sheets", "diamonds.pdf"), ("pieces", "pieces/diamonds.pdf")])
def test_a_build_writes_its_pdf_into_the_stage_as_it_draws(tmp_path, monkeypatch, layout, pdf):
    """No build holds its PDF whole: the pages are in the staged file before the document is done
    (ten thousand cards a page each were 36 MB of PDF, and 149 MiB at the peak, now 113)."""
    from generator import render

    staged_sizes = []
    real = render.draw_page

    def watching(canvas, page, *args):
        staged = list((tmp_path / "out" / "diamonds").glob(f".pnp-staging-*/{pdf}"))
        staged_sizes.append(staged[0].stat().st_size)
        real(canvas, page, *args)

    monkeypatch.setattr(render, "draw_page", watching)
    code, _, stderr = run_pnp("build", "diamonds", "--out", tmp_path / "out", "-q", "--only", "card", "--layout", layout,
                              cwd=ROOT)
    assert code == 0, stderr
    # A small page may wait in the file's buffer for the next: the middle of the job is compared.
    assert staged_sizes[0] < staged_sizes[len(staged_sizes) // 2] < staged_sizes[-1]
    data = (tmp_path / "out" / "diamonds" / pdf).read_bytes()
    assert pdf_index_problems(data) == [] and len(data) > staged_sizes[-1]


def test_a_build_that_fails_mid_document_leaves_no_file_open_and_nothing_staged(tmp_path, monkeypatch):
    import os

    from generator import render

    real, drawn = render.draw_page, []

    def failing(canvas, page, *args):
        if drawn:
            raise InputError(Location("deck.yaml", 3), "a face refused as it printed", "input.test")
        drawn.append(page)
        real(canvas, page, *args)

    def open_files() -> list[str]:
        return [os.readlink(f"/proc/self/fd/{fd}") for fd in os.listdir("/proc/self/fd")
                if os.path.exists(f"/proc/self/fd/{fd}")]

    monkeypatch.setattr(render, "draw_page", failing)
    code, _, stderr = run_pnp("build", "diamonds", "--out", tmp_path / "out", "-q", "--only", "card", cwd=ROOT)
    assert code == 2 and "a face refused as it printed" in stderr and "Traceback" not in stderr
    assert not [name for name in open_files() if str(tmp_path) in name]
    assert not (tmp_path / "out").exists()  # the folders it made for itself are taken away again


def test_a_file_written_into_the_stage_is_checked_and_a_full_disk_is_one_error(tmp_path):
    from generator.output import Stage

    def escaping(stage: Stage):
        stage.open("../elsewhere.pdf")
        yield "../elsewhere.pdf", None

    def unwritten(stage: Stage):
        yield "game.pdf", None  # named as written through the stage, but never opened there

    class FullDisk:
        def write(self, data):
            raise OSError(28, "No space left on device")

        def close(self):
            pass

    def filling(stage: Stage):
        file = stage.open("game.pdf")
        file.file = FullDisk()
        file.write(b"%PDF-1.4")
        yield "game.pdf", None

    (tmp_path / "game").mkdir()
    (tmp_path / "game" / "old.pdf").write_bytes(b"old")
    for files, error in ((escaping, ValueError), (unwritten, ValueError), (filling, InputError)):
        with pytest.raises(error) as raised:
            write_build(tmp_path / "game", files, "sheets", "game", RECORD, "inputs")
        assert [p.name for p in (tmp_path / "game").iterdir()] == ["old.pdf"]
    assert "no space left on device; choose another --out [output.unwritable]" in str(raised.value)
    assert not (tmp_path / "elsewhere.pdf").exists()


def test_an_earlier_manifest_is_read_a_line_at_a_time_or_whole(tmp_path, bundled_build):
    """A rebuild reads its old manifest's own keys without holding the pages; a manifest laid out
    otherwise (by hand, or by another program) is read whole, to the same record."""
    from generator.output import Earlier, _outer_keys, _outermost

    manifest = bundled_build("diamonds") / "manifest.json"
    whole = json.loads(manifest.read_text(encoding="utf-8"))
    assert _outer_keys(manifest) == {**whole, "pages": None}
    folder = tmp_path / "diamonds"
    folder.mkdir()
    for text in (json.dumps(whole), json.dumps(whole, indent=1)):  # one line; the files over many
        (folder / "manifest.json").write_text(text)
        assert _outer_keys(folder / "manifest.json") is None
        earlier = Earlier(folder, "diamonds")
        assert earlier.files["sheets"] == {*whole["files"], "manifest.json"}
        assert earlier.inputs["sheets"] == whole["inputs"] and earlier.pages_from["sheets"] == whole["pages_from"]
    assert json.loads(manifest.read_text(encoding="utf-8"), object_pairs_hook=_outermost)["files"] == whole["files"]


def test_the_manifest_is_json_with_one_piece_to_a_line():
    data = {"game": "g", "pages": [{"number": 1, "pieces": [{"id": "a", "outline": [[0, 1], [2, 3]]},
                                                            {"id": "b", "x_mm": 1.5}]}], "name": "Épée ♦"}
    text = json_bytes(data).decode("utf-8")
    assert json.loads(text) == data
    assert '    {"id": "a", "outline": [[0, 1], [2, 3]]},' in text.splitlines()
    assert '"Épée ♦"' in text  # UTF-8, not escaped


def test_text_widths_match_reportlabs_and_wrapping_measures_each_word(monkeypatch):
    from reportlab.pdfbase.pdfmetrics import stringWidth

    text = "Six layers of nine make nine piles of six — Épée « 10 »"
    for face in ("regular", "bold"):
        assert fonts.text_width(text, 3.5, face) == stringWidth(text, fonts.register(face), 3.5)
    lines = fonts.wrap("alpha beta gamma delta epsilon zeta eta theta", 3.0, 30.0)
    assert all(fonts.text_width(line, 3.0) <= 30.0 for line in lines) and len(lines) > 1
    assert " ".join(lines) == "alpha beta gamma delta epsilon zeta eta theta"
    for first, following in zip(lines, lines[1:]):  # greedy: the next word would not have fitted
        assert fonts.text_width(f"{first} {following.split()[0]}", 3.0) > 30.0


def test_ten_thousand_cards_are_allowed_but_a_runaway_count_is_refused(tmp_path, monkeypatch):
    assert MAX_SHEETS >= 1200  # 10,000 poker cards take 1,116 sheets of A4
    code, _, stderr = run_pnp("build", "diamonds", "--only", "card", "--copies", "1001", "--out", tmp_path, cwd=ROOT)
    assert code == 2 and "--copies" in stderr and "Traceback" not in stderr
    monkeypatch.setattr("generator.impose.MAX_SHEETS", 20)
    code, _, stderr = run_pnp("build", "diamonds", "--only", "card", "--copies", "4", "--out", tmp_path, cwd=ROOT)
    lines = stderr.strip().splitlines()
    assert code == 2 and len(lines) == 1 and "[input.too-large]" in lines[0] and "at most 20" in lines[0]
    assert not (tmp_path / "diamonds").exists()


def test_a_short_build_shows_no_progress_bar(tmp_path):
    code, stdout, stderr = run_pnp("build", "diamonds", "--out", tmp_path, cwd=ROOT)
    assert code == 0 and stderr == "" and len(stdout.splitlines()) == 1


class Terminal(io.StringIO):
    def isatty(self):
        return True


def test_the_progress_bar_shows_only_once_a_build_has_run_a_while(monkeypatch):
    from generator.cli import LateProgressBar

    for delay, shown in ((0.0, True), (60.0, False)):
        terminal = Terminal()
        monkeypatch.setattr("sys.stderr", terminal)
        progress = LateProgressBar(enabled=True, delay=delay)
        step = progress.start(10)
        for _ in range(10):
            step()
        progress.finish()
        assert ("Rendering" in terminal.getvalue()) is shown
    terminal = Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    quiet = LateProgressBar(enabled=False, delay=0.0)  # -q, or stderr not a terminal
    step = quiet.start(3)
    for _ in range(3):
        step()
    quiet.finish()
    assert terminal.getvalue() == ""


def test_a_recording_keeps_a_path_as_it_was_drawn():
    from generator.geometry import Path as Outline

    def face(canvas, area):
        path = Outline().move_to(0, 0).line_to(10, 0)
        canvas.draw(path, stroke="#000000")
        path.line_to(10, 10)  # the drawer goes on with the same path after drawing it
        canvas.draw(path, stroke="#ff0000")

    recording = record_face(face, Area(20, 20, 0.0))
    assert [len(call[1].commands) for call in recording.calls] == [2, 3]


def test_tts_makes_a_deck_of_each_deck_like_component_from_the_builds_recordings():
    from generator.exports import tts_decks

    calls = []
    back = counting_face(calls)
    decks = [Component(name, name.title(), [Piece(f"{name}-{n}", Rect(63.5, 88.9), counting_face(calls), back)
                                            for n in range(3)]) for name in ("red", "blue")]
    files = dict(tts_decks(decks, A4, "Test", 40, FaceRecordings()))
    listing = json.loads(files["tts/decks.json"])
    assert [deck["component"] for deck in listing["decks"]] == ["red", "blue"]
    assert {"tts/red-01.png", "tts/blue-01.png", "tts/red-back.png", "tts/blue-back.png"} <= set(files)
    assert len(calls) == 7  # six fronts and the one back they share


def test_tts_renders_a_decks_back_once_and_yields_each_sheet_as_it_is_made(monkeypatch):
    """A deck's faces are rendered once each, and its back once, not once behind every card (a
    thousand cards were 2,000 images, some 2 GB, held all at once); each sheet is handed on before
    the next is made, so a deck of thousands holds one sheet at a time."""
    from generator.backends import png
    from generator.exports import TTS_FACES, tts_decks

    rendered, made = [], []
    real = png.render_images

    def counted(pdf, sizes, dpi, transparent=frozenset()):
        rendered.append(len(sizes))
        for image in real(pdf, sizes, dpi, transparent):
            made.append(image.size)
            yield image

    monkeypatch.setattr(png, "render_images", counted)
    cards = TTS_FACES + 2
    back = counting_face([])
    deck = Component("deck", "Deck", [Piece(f"c{n}", Rect(63.5, 88.9), counting_face([]), back) for n in range(cards)])
    files = tts_decks([deck], A4, "Test", 20, FaceRecordings())
    name, _ = next(files)
    assert name == "tts/deck-back.png" and rendered == [cards + 1] and len(made) == 1
    assert next(files)[0] == "tts/deck-01.png" and len(made) == 1 + TTS_FACES  # the first sheet, not the rest
    assert [name for name, _ in files] == ["tts/deck-02.png", "tts/decks.json", "tts/game.json"]
    assert len(made) == cards + 1


def test_a_build_is_quiet_about_warnings_which_validate_shows(tmp_path):
    """Every bundled palette keeps every game's colours apart the way it is meant to print: a default
    build of every bundled game says one line a game. A build with a warning (a words file that leaves
    a key out) counts it in one line, and validate lists it."""
    code, stdout, stderr = run_pnp("build", "--out", tmp_path / "all", cwd=ROOT)
    assert code == 0 and stderr == "" and len(stdout.splitlines()) == 5
    code, words, _ = run_pnp("words", "blood_diamonds", cwd=tmp_path)
    (tmp_path / "mine.yaml").write_text("\n".join(line for line in words.splitlines()
                                                  if not line.lstrip().startswith("rules.title:")))
    code, stdout, stderr = run_pnp("build", "blood_diamonds", "--words", "mine.yaml", "--out", "out", cwd=tmp_path)
    assert code == 0 and len(stdout.splitlines()) == 1
    assert stderr.splitlines() == ["blood_diamonds: 1 warning; pnp validate lists them"]
    code, _, stderr = run_pnp("validate", "blood_diamonds", "--words", "mine.yaml", cwd=tmp_path)
    assert code == 0 and stderr.count("warning:") == 1 and "[words.missing]" in stderr


@pytest.mark.parametrize("game, lang", [(game, lang) for game in GAMES for lang in (None, "de")])
def test_making_the_pieces_and_checking_them_leaves_the_spec_as_read(game, lang):
    """A game makes its pieces, title and page 1's box from its spec and words without writing them back
    (a title or a printing block filled in by components() would differ by whether they ran first)."""
    loaded = load_game(game, lang=lang)
    read = repr(loaded.spec)
    loaded.components()
    loaded.findings()
    assert repr(loaded.spec) == read
