"""The words round the pieces (DESIGN.md, "Print craft"): every word a person must read prints at 7 pt
or more, the footer's label, the ruler's caption, a tiled part's assembly notes and the glue strips
included, on every page of every bundled game and on every bundled paper. Only the page number may
be smaller, 6 pt at least. However long the label, it never runs into the ruler or off the page: it
is shortened, never shrunk."""

from __future__ import annotations

import ctypes
import dataclasses
import functools
import re

import numpy
import pypdfium2 as pdfium
import pypdfium2.raw as raw
import pytest

from conftest import shared_game
from generator import fonts
from generator.build import Request, impose_job, input_context, settings_for
from generator.canvas import PT, Canvas
from generator.load import load_game
from generator.recording import Recording, text_box
from generator.render import FURNITURE_PT, draw_footer, draw_page, footer_label

GAMES = ["diamonds", "blood_diamonds", "diaominos", "diatoms", "diamond_mine"]
PAPERS = ["a4", "letter", "a3", "a5", "tabloid", "half-letter"]  # every preset of templates/paper.yaml
FLOOR_PT, PAGE_NUMBER_FLOOR_PT = 7.0, 6.0
PDF_PT = 72 / 25.4  # PDF points per mm


def page_number(words, number: int, total: int) -> str:
    return words("footer.page", number=number, total=total)


def pdf_texts(path) -> list[list[tuple[str, float]]]:
    """Each page's texts as the PDF draws them, one per text object: (text, size in pt as it prints,
    the object's matrix included)."""
    document = pdfium.PdfDocument(str(path))
    pages = []
    try:
        for page in document:
            textpage = page.get_textpage()
            found = []
            for obj in page.get_objects(filter=[raw.FPDF_PAGEOBJ_TEXT], max_depth=8):
                size = ctypes.c_float()
                raw.FPDFTextObj_GetFontSize(obj.raw, ctypes.byref(size))
                length = raw.FPDFTextObj_GetText(obj.raw, textpage.raw, None, 0)
                buffer = (ctypes.c_ushort * length)()
                raw.FPDFTextObj_GetText(obj.raw, textpage.raw, buffer, length)
                a, b, c, d, _, _ = obj.get_matrix().get()
                found.append((bytes(buffer).decode("utf-16-le").rstrip("\0"), size.value * abs(a * d - b * c) ** 0.5))
            pages.append(found)
    finally:
        document.close()
    return pages


def too_small(texts, number: str) -> list[str]:
    """Texts under the floor, of (text, size in pt): the page number `number` is allowed down to 6 pt."""
    return [f"{text!r} at {size:.2f} pt" for text, size in texts if text.strip()
            and size < (PAGE_NUMBER_FLOOR_PT if text.strip() == number else FLOOR_PT) - 0.01]  # a PDF's rounding


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", GAMES)
def test_every_word_the_pdf_prints_is_at_least_7_pt(bundled_build, game, paper):
    """Read back from the built PDF: every text object of every page, at the size it prints."""
    pages = pdf_texts(bundled_build(game, paper) / f"{game}.pdf")
    words = shared_game(game).spec.words
    small = {number: too_small(texts, page_number(words, number, len(pages)))
             for number, texts in enumerate(pages, 1)}
    assert not any(small.values()), {number: found for number, found in small.items() if found}


@dataclasses.dataclass
class Imposed:
    loaded: object
    settings: object
    pages: list


@functools.lru_cache(maxsize=None)
def imposed(game: str, paper: str) -> Imposed:
    """The bundled game's pages on the paper, as a build imposes them (imposed once a session)."""
    loaded = shared_game(game)
    settings = settings_for(paper, "long", 3.0, True, input_context(None))
    return Imposed(loaded, settings, impose_job(loaded, settings, Request())[1])


def recorded_texts(recording: Recording) -> list[tuple[str, float]]:
    """(text, size in pt as it prints) of every text a recording draws."""
    return [(call[1], call[3] * call[5].scale_factor / PT) for call in recording.calls if call[0] == "text"]


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", GAMES)
def test_every_word_on_every_paper_is_at_least_7_pt(game, paper):
    """Every page drawn as it prints, pieces, glue strips and footer, on every bundled paper."""
    book = imposed(game, paper)
    words = book.loaded.spec.words
    small = {}
    for page in book.pages:
        recording = Recording()
        draw_page(Canvas(recording), page, book.settings, book.loaded.spec.title, len(book.pages), book.loaded.faces,
                  words)
        found = too_small(recorded_texts(recording), page_number(words, page.number, len(book.pages)))
        if found:
            small[page.number] = found
    assert not small, small


def footer_boxes(page, settings, title: str, total: int, words):
    """The footer drawn alone: its texts as (text, size in pt, inked box) and its ruler's box."""
    recording = Recording()
    draw_footer(Canvas(recording), page, settings, title, total, words)
    texts = [(call[1], call[3] * call[5].scale_factor / PT, text_box(call[1], call[2], call[3], call[5]))
             for call in recording.calls if call[0] == "text"]
    ruler = [path.box for path in recording.paths]
    ruler_box = (min(b[0] for b in ruler), min(b[1] for b in ruler), max(b[2] for b in ruler), max(b[3] for b in ruler))
    return texts, ruler_box


def overlap(a, b, touch: float = 0.01) -> bool:
    """Two boxes share more than a touching edge (the label ends where the page number starts)."""
    return a[0] < b[2] - touch and b[0] < a[2] - touch and a[1] < b[3] - touch and b[1] < a[3] - touch


def check_footer(page, settings, title: str, total: int, words) -> list[str]:
    """What is wrong with a page's footer: a word under its floor, a text off the page's printable
    width or out of the footer band, two of its parts running into each other."""
    texts, ruler = footer_boxes(page, settings, title, total, words)
    margin, band = settings.paper.margin, settings.sheet.footer_height
    top = margin if page.footer_at_top else page.height - margin - band
    number = page_number(words, page.number, total)
    wrong = too_small([(text, size) for text, size, _ in texts], number)
    boxes = [(f"{text!r}", box) for text, _, box in texts] + [("the ruler", ruler)]
    for name, box in boxes:
        if box[0] < margin - 1e-6 or box[2] > page.width - margin + 1e-6:
            wrong.append(f"{name} runs off the page's printable width: x {box[0]:.1f} to {box[2]:.1f}")
        if box[1] < top - 1e-6 or box[3] > top + band + 1e-6:
            wrong.append(f"{name} leaves the footer band: y {box[1]:.1f} to {box[3]:.1f}")
    for (first, a), (second, b) in ((boxes[i], boxes[j]) for i in range(len(boxes)) for j in range(i + 1, len(boxes))):
        if overlap(a, b):
            wrong.append(f"{first} runs into {second}")
    return wrong


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", GAMES)
def test_the_footer_keeps_its_parts_apart_and_on_the_page(game, paper):
    book = imposed(game, paper)
    words, total = book.loaded.spec.words, len(book.pages)
    wrong = {page.number: found for page in book.pages if page.furniture
             for found in [check_footer(page, book.settings, book.loaded.spec.title, total, words)] if found}
    assert not wrong, wrong


@pytest.mark.parametrize("paper", ["a5", "half-letter", "a4"])
def test_a_long_title_and_many_components_are_shortened_never_shrunk(paper):
    """The longest title a game may have (100 characters) and a page naming a dozen components:
    the label gives way, the ruler and the page's edge stay clear, every word stays at 7 pt."""
    book = imposed("diamonds", paper)
    words, total = book.loaded.spec.words, len(book.pages)
    title = "The Very Long and Winding Title of a Game of Diamonds, Rubies, Emeralds, Sapphires and Pearls, II"
    assert len(title) <= 100
    wrong = {}
    for page in book.pages:
        crowded = dataclasses.replace(page, components=page.components * 12)
        found = check_footer(crowded, book.settings, title, total, words)
        if found:
            wrong[page.number] = found
    assert not wrong, wrong


@pytest.mark.parametrize("paper", PAPERS)
def test_a_part_s_footer_still_says_which_part_it_is_and_what_it_lies_over(paper):
    """The assembly note is the last thing the label gives up: on every paper a tiled part's footer
    names the part and each neighbour it is laid over (every game has tiled parts on small paper)."""
    missing, read = {}, 0
    for game in GAMES:
        book = imposed(game, paper)
        words, total = book.loaded.spec.words, len(book.pages)
        for page in book.pages:
            if not page.parts:
                continue
            read += 1
            texts, _ = footer_boxes(page, book.settings, book.loaded.spec.title, total, words)
            said = " ".join(text for text, _, _ in texts)
            wanted = [words("footer.part", label=part.label, rows=part.rows, cols=part.cols) for part in page.parts]
            wanted += [seam.neighbour for seam in page.seams if not seam.under]
            lost = [text for text in wanted if not re.search(rf"(?<!\w){re.escape(text)}(?!\w)", said)]
            if lost:
                missing[game, page.number] = (said, lost)
    assert read, "no tiled part to read"
    assert not missing, missing


def test_a_translated_footer_fits_the_same_way():
    """French words are longer: on the narrowest papers Diamonds' footers still keep 7 pt, their parts
    apart and each part's note."""
    loaded = load_game("diamonds", lang="fr")
    words, wrong = loaded.spec.words, {}
    for paper in ("a5", "half-letter"):
        settings = settings_for(paper, "long", 3.0, True, input_context(None))
        pages = impose_job(loaded, settings, Request())[1]
        for page in pages:
            found = check_footer(page, settings, loaded.spec.title, len(pages), words)
            texts, _ = footer_boxes(page, settings, loaded.spec.title, len(pages), words)
            said = " ".join(text for text, _, _ in texts)
            found += [f"{part.label} not named" for part in page.parts if f" {part.label} " not in said]
            if found:
                wrong[paper, page.number] = found
    assert not wrong, wrong


def test_a_part_s_notes_take_the_room_of_the_title_and_the_side_an_ellipsis_in_their_place():
    """Past every shortening (a part's notes on a narrow sheet, a paper file's wide ruler), the title
    gives way to the notes, cut short to its first letter, then in full, then the side, an ellipsis
    in their place; the notes are cut last. Nothing is shrunk, and nothing goes without a sign."""
    book = imposed("diamonds", "half-letter")
    page = next(page for page in book.pages if sum(not seam.under for seam in page.seams) == 2)  # over two parts
    words, title, size = book.loaded.spec.words, book.loaded.spec.title, FURNITURE_PT * PT
    part, side = page.parts[0], words("footer.front")
    note = (f"{words('footer.part', label=part.label, rows=part.rows, cols=part.cols)}: "
            f"{words('footer.over.short', parts='B1 and A2')} · ")
    whole = f"{title} · {side} · {note}"  # the shortest label with the title whole
    assert footer_label(page, title, words, size, fonts.text_width(whole, size)) == whole
    heads = [f"{title[0]}… · {side} · ", f"… · {side} · ", "… · "]
    seen = []
    for room in numpy.arange(fonts.text_width(whole, size) - 0.5, 10.0, -0.5):
        label = footer_label(page, title, words, size, room)
        assert fonts.text_width(label, size) <= room and label.endswith(" · "), (room, label)
        shortened = label.split("… · ", 1)[0]
        if label.endswith(f" · {side} · {note}") and shortened and title.startswith(shortened):
            seen.append("title cut short")
        elif any(label == head + note for head in heads[1:]):
            seen.append(label[:-len(note)])
        else:  # the note, cut short after an ellipsis that stands for the title and the side
            assert label.startswith("… · ") and label.endswith("… · "), (room, label)
            assert note.startswith(label[len("… · "):-len("… · ")]), (room, label)
            seen.append("note cut short")
    assert list(dict.fromkeys(seen)) == ["title cut short", heads[1], heads[2], "note cut short"], seen


# --- the title and the side are never dropped; words too long for the footer are told at their line ---

def side_word(page, words) -> str:
    return words(f"footer.{page.side}" if page.placements or not page.components else "footer.blank-back")


def label_problems(label: str, title: str, side: str, part: bool = False) -> list[str]:
    """What is wrong with a footer's label: the game's title missing (it may be cut short with an
    ellipsis, but at least begins), the page's side not whole. Only a tiled part's notes may take
    their room, an ellipsis in their place."""
    if part and label.startswith("… · "):
        return []
    wrong = []
    shortened = label.split("…", 1)[0]
    if not (label.startswith(f"{title} · ") or ("…" in label and shortened and title.startswith(shortened))):
        wrong.append(f"no title in {label!r}")
    if side not in label.split(" · "):
        wrong.append(f"the side {side!r} is not whole in {label!r}")
    return wrong


def drawn_label(page, settings, title, total, words) -> str:
    """The footer's label as drawn: its texts are the ruler's caption, the page number and the label."""
    texts, _ = footer_boxes(page, settings, title, total, words)
    return texts[2][0]


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", GAMES)
def test_the_footer_names_the_game_and_the_side_on_every_page(game, paper):
    """The title gives way on a narrow sheet, cut short with an ellipsis, never dropped; the page's
    side prints whole. (Only a tiled part's notes may need the room of both: an ellipsis stands in
    their place.)"""
    book = imposed(game, paper)
    words, total, title = book.loaded.spec.words, len(book.pages), book.loaded.spec.title
    wrong = {page.number: found for page in book.pages if page.furniture
             for found in [label_problems(drawn_label(page, book.settings, title, total, words), title,
                                          side_word(page, words), bool(page.parts))] if found}
    assert not wrong, wrong


def long_side(words, length: int):
    """The words with a translator's `footer.front` of `length` characters."""
    text = ("recto très long " * 10)[:length].rstrip()
    return dataclasses.replace(words, texts={**words.texts, "footer.front": text},
                               chosen=words.chosen | {"footer.front"}), text


def test_a_long_side_word_prints_whole_or_is_an_error_at_its_line():
    """A translator's `footer.front` of up to its 120 characters: the footer keeps it whole, the
    title giving way (cut short, never dropped), or, where it cannot fit beside the page number at
    7 pt, the build stops at the words' line, naming the key. It is never cut short itself."""
    from generator.errors import InputError

    book = imposed("diamonds", "a4")
    title, total = book.loaded.spec.title, len(book.pages)
    page = next(page for page in book.pages if page.furniture and page.side == "front" and not page.parts)
    outcomes = set()
    for length in range(40, 121, 5):
        words, text = long_side(book.loaded.spec.words, length)
        try:
            label = drawn_label(page, book.settings, title, total, words)
        except InputError as problem:
            assert problem.location == words.places["footer.front"], problem
            assert 'words "footer.front"' in problem.message and problem.rule == "layout.text-fit", problem
            assert "\n" not in str(problem)
            outcomes.add("error")
            continue
        assert not check_footer(page, book.settings, title, total, words), length
        assert not label_problems(label, title, text), (length, label)
        outcomes.add("whole title" if label.startswith(f"{title} · ") else "title cut short")
    assert outcomes == {"whole title", "title cut short", "error"}, outcomes


def test_a_translation_whose_footer_word_cannot_fit_is_refused_at_its_line(tmp_path):
    """The audit's case: a French `footer.front` of 115 characters (under its limit of 120) printed
    "recto très long … recto… · page 3 sur 12", its title gone and itself cut. On A4 it cannot fit
    beside the page number at 7 pt: one line, at the words' line, naming the key; nothing written."""
    from conftest import run_pnp

    code, _, stderr = run_pnp("words", "diamonds", "--lang", "fr", "--out", "fr.yaml", cwd=tmp_path)
    assert code == 0, stderr
    lines = (tmp_path / "fr.yaml").read_text(encoding="utf-8").splitlines()
    [number] = [n for n, line in enumerate(lines, 1) if line.startswith("  footer.front:")]
    text = ("recto très long " * 8)[:115]
    lines[number - 1] = f"  footer.front: {text}"
    (tmp_path / "fr.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, stdout, stderr = run_pnp("build", "diamonds", "--words", "fr.yaml", "--out", "out", "-q", cwd=tmp_path)
    assert code == 2, (stdout, stderr)
    [line] = stderr.strip().splitlines()
    assert re.match(rf'fr\.yaml:{number}:\d+: error: words "footer\.front" .*\[layout\.text-fit\]$', line), line
    assert not (tmp_path / "out" / "diamonds" / "diamonds.pdf").exists()
