"""The field notebook makes room for a wider face as it does for longer words: its words are measured
in the faces they print in (every notebook in its own style), and a notebook that does not hold them
at 7 pt grows, by whole millimetres and half again at most, before the validator refuses it. Every
bundled face and a wide DejaVu face print inside the sheet on A4 and Letter."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from conftest import run_pnp, shared_game, words_below
from generator.games.diatoms.paper import notebook_size
from test_piece_presets import problems_of

ROOT = Path(__file__).resolve().parent.parent
MM = 72 / 25.4
MARGIN, FOOTER = 6.35, 5.0  # a home printer's margin, the footer band above it (templates/sheet.yaml)
SAFE = 6.0  # the notebook's words keep this far inside its trim
LEAN = 0.5  # a slanted glyph's ink leans this far past its advance, left or right: still the safe margin's
ROUNDING = 0.05  # above and below, glyph boxes keep to the lines: a bold-italic notebook not grown reached 0.18 mm
# into its safe margin at the bottom

FACES = ["regular", "bold", "italic", "bold-italic"]
SETTINGS = [f"style.font={face}" for face in FACES] + [
    "style.components.field-notebook.font=bold-italic",  # the notebook's own face
    "style.pieces.field-notebook-3.font=bold-italic",  # one notebook's face: all four grow alike
]


def notebooks(loaded):
    return next(component for component in loaded.components() if component.name == "field-notebook").pieces


@pytest.mark.parametrize("setting", SETTINGS)
def test_every_face_validates_and_keeps_the_notebook_words_in_the_safe_margin(setting):
    loaded = shared_game("diatoms", (setting,))
    errors = [f for f in loaded.findings() if f.level == "error"]
    assert not errors, [f.message for f in errors]
    pieces = notebooks(loaded)
    assert len(pieces) == 4 and len({(piece.width, piece.height) for piece in pieces}) == 1
    problems = [problem for piece in pieces for problem in problems_of(piece, loaded.faces)]
    assert not problems, "\n".join(problems[:10])
    assert not words_below(pieces, 7.0, record=loaded.faces)


SHORT = "field_notebook.height_mm=110"  # as short as the bundled face allows: its words just fit


def test_a_bold_face_grows_the_notebook_no_more_than_it_must():
    assert notebook_size(shared_game("diatoms").spec).height_mm == 122.0  # the file's size, kept
    assert notebook_size(shared_game("diatoms", (SHORT,)).spec).height_mm == 110.0
    for setting in ("style.font=bold", "style.font=bold-italic", "style.components.field-notebook.font=bold-italic"):
        assert notebook_size(shared_game("diatoms", (SHORT, setting)).spec).height_mm == 120.0, setting


def notebook_pages(folder: Path) -> list[tuple[dict, list[dict]]]:
    """(page, its field notebooks) for each page of the build that holds notebooks."""
    manifest = json.loads((folder / "manifest.json").read_text())
    found = []
    for page in manifest["pages"]:
        pieces = [piece for piece in page["pieces"] if piece["component"] == "field-notebook"]
        if pieces:
            found.append((page, pieces))
    return found


def stray_words(folder: Path, game: str = "diatoms") -> list[str]:
    """Each character on a notebook page outside every notebook's safe box and outside the footer
    band, with where it is; pdfium's box of each glyph as printed, in mm from the page's top-left. For
    a build of the notebooks alone (`--only field-notebook`): other pieces' words would be stray."""
    document = pdfium.PdfDocument(str(folder / f"{game}.pdf"))
    stray = []
    try:
        for page, pieces in notebook_pages(folder):
            height = page["height_mm"]
            text = document[page["number"] - 1].get_textpage()
            for index in range(text.count_chars()):
                char = text.get_text_range(index, 1)
                if not char.strip():
                    continue
                left, bottom, right, top = (value / MM for value in text.get_charbox(index))
                top, bottom = height - top, height - bottom  # from the page's top
                if top >= height - MARGIN - FOOTER - ROUNDING:
                    continue  # the footer: ruler and page label
                inside = any(piece["x_mm"] + SAFE - LEAN <= left
                             and right <= piece["x_mm"] + piece["width_mm"] - SAFE + LEAN
                             and piece["y_mm"] + SAFE - ROUNDING <= top
                             and bottom <= piece["y_mm"] + piece["height_mm"] - SAFE + ROUNDING for piece in pieces)
                if not inside:
                    stray.append(f"page {page['number']}: {char!r} at ({left:.1f}, {top:.1f})-"
                                 f"({right:.1f}, {bottom:.1f})")
    finally:
        document.close()
    return stray


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("face", FACES)
def test_the_printed_notebook_stays_inside_its_sheet_in_every_face(bundled_build, paper, face):
    folder = bundled_build("diatoms", paper, "pdf", "--set", f"style.font={face}", "--only", "field-notebook")
    pages = notebook_pages(folder)
    assert sum(len(pieces) for _, pieces in pages) == 4
    assert all(page["width_mm"] < page["height_mm"] for page, _ in pages)  # portrait, two a sheet as bundled
    assert len(pages) == 2
    stray = stray_words(folder)
    assert not stray, "\n".join(stray[:10])


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_wide_dejavu_face_prints_inside_the_sheet(tmp_path, paper):
    shutil.copyfile(ROOT / "generator" / "typefaces" / "DejaVuSerif-BoldItalic.ttf", tmp_path / "wide.ttf")
    code, stdout, stderr = run_pnp("build", "diatoms", "--set", "style.font=wide.ttf", "--set", SHORT, "--paper", paper,
                                   "--only", "field-notebook", "--out", "out", "-q", cwd=tmp_path)
    assert code == 0, stdout + stderr
    folder = tmp_path / "out" / "diatoms"
    assert {piece["height_mm"] for _, pieces in notebook_pages(folder) for piece in pieces} == {120.0}
    stray = stray_words(folder)
    assert not stray, "\n".join(stray[:10])


def test_a_notebook_too_narrow_even_grown_is_refused_at_its_line(tmp_path):
    code, stdout, stderr = run_pnp("validate", "diatoms", "--set", "field_notebook.width_mm=100",
                                   "--set", "style.font=bold-italic", cwd=tmp_path)
    out = stdout + stderr
    assert code == 1 and "Traceback" not in out, out
    lines = [line for line in out.splitlines() if "[diatoms.sheets]" in line]
    assert len(lines) == 1, out  # one finding for the four notebooks, not one each
    assert re.match(r"\S*data/diatoms\.yaml:\d+:\d+: error: the words of field-notebook do not fit its 100 x 122 mm "
                    r"sheet at 7 pt, even grown to 183 mm", lines[0]), lines[0]
