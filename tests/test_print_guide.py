"""Page 1 of every PDF: a box that says how to print the file and build the game from it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import pdfprobe
from conftest import run_pnp, shared_game
from generator.canvas import PT
from generator.model import Area
from generator.palette import load_palette
from generator.print_guide import guide_component
from generator.recording import record_face
from generator.schema import Context
from generator.settings import print_settings
from generator.templates import Templates

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("diamonds", "blood_diamonds", "diamond_mine", "diaominos", "diatoms")


def first_page_words(folder: Path, game: str) -> str:
    chars, _ = pdfprobe.read(folder / f"{game}.pdf")[0]
    return " ".join("".join(char.char for char in chars).split())


@pytest.mark.parametrize("game", GAMES)
def test_page_one_says_how_to_print_and_build_every_kind_of_piece(bundled_build, game):
    folder = bundled_build(game, "a4")
    manifest = json.loads((folder / "manifest.json").read_text())
    guide = manifest["pages"][0]["pieces"][0]
    assert guide["component"] == "print-guide" and guide["width_mm"] <= 180.0
    words = first_page_words(folder, game)
    assert "Print at 100 % (actual size)" in words and "flipping on the long edge" in words
    loaded = shared_game(game)
    for component in loaded.components():
        assert f"{component.title} ({len(component.pieces)} piece" in words, component.title
    # Every word of the box at 7 pt or more, inside its safe margin.
    settings = print_settings("a4", "long", 3.0, True, Context(load_palette(), Templates()))
    [piece] = guide_component(loaded.spec, loaded.title, loaded.printing, loaded.components(), settings).pieces
    drawn = record_face(piece.front, Area(piece.width, piece.height, 0.0))
    assert drawn.texts and min(text.size for text in drawn.texts) >= 7 * PT - 1e-9


@pytest.mark.parametrize("duplex, said", [("short", "flipping on the short edge"), ("off", "Print one-sided")])
def test_the_box_follows_the_duplex_edge_the_file_was_built_for(tmp_path, duplex, said):
    code, _, stderr = run_pnp("build", "diamonds", "--out", "out", "--duplex", duplex, cwd=tmp_path)
    assert code == 0, stderr
    assert said in first_page_words(tmp_path / "out" / "diamonds", "diamonds")


def test_a_game_file_says_what_to_bring_what_to_print_on_and_in_what_order(tmp_path):
    text = (ROOT / "data" / "diamonds.yaml").read_text()
    (tmp_path / "mine.yaml").write_text(text + "\nprinting:\n  bring: [a pencil, a score pad]\n"
                                               "  stock: {card: linen card (310 gsm)}\n"
                                               "  steps: [Sleeve the cards.]\n")
    code, _, stderr = run_pnp("build", "mine.yaml", "--out", "out", cwd=tmp_path)
    assert code == 0, stderr
    words = first_page_words(tmp_path / "out" / "diamonds", "diamonds")
    assert "A pencil and a score pad." in words and "linen card (310 gsm)" in words and "Sleeve the cards." in words


def test_printing_stock_for_a_component_the_game_lacks_is_an_error_at_its_line(tmp_path):
    text = (ROOT / "data" / "diamonds.yaml").read_text()
    (tmp_path / "mine.yaml").write_text(text + "\nprinting:\n  stock: {cards: linen card}\n")
    code, _, stderr = run_pnp("build", "mine.yaml", "--out", "out", cwd=tmp_path)
    assert code == 1 and "Traceback" not in stderr and 'no component "cards"; did you mean "card"?' in stderr
    assert stderr.startswith("mine.yaml:") and "[print.stock]" in stderr and not (tmp_path / "out").exists()


def test_a_reprint_of_some_pieces_goes_without_the_box(tmp_path):
    code, _, _ = run_pnp("build", "diamonds", "--only", "card", "--out", "out", cwd=tmp_path)
    manifest = json.loads((tmp_path / "out" / "diamonds" / "manifest.json").read_text())
    assert code == 0 and all(p["component"] == "card" for page in manifest["pages"] for p in page["pieces"])


@pytest.mark.parametrize("game", ["diamonds", "diatoms"])
def test_validate_refuses_a_printing_stock_for_a_component_the_game_lacks(tmp_path, game):
    code, _, stderr = run_pnp("validate", game, "--set", "printing.stock={nosuch: paper}", cwd=tmp_path)
    assert code == 1 and '[print.stock]' in stderr and 'names no component "nosuch"' in stderr, stderr


def test_page_one_takes_what_to_bring_from_a_words_copy_and_leaves_out_empty_components(tmp_path):
    code, words, _ = run_pnp("words", "diatoms", cwd=tmp_path)
    assert code == 0
    (tmp_path / "mine.yaml").write_text(words.replace("a pen or pencil for each player", "un crayon par joueur"))
    code, _, stderr = run_pnp("build", "diatoms", "--words", "mine.yaml", "--set", "judges.cards=[]",
                              "--out", "out", cwd=tmp_path)
    assert code == 0, stderr
    page = first_page_words(tmp_path / "out" / "diatoms", "diatoms")
    assert "Un crayon par joueur" in page and "a pen or pencil" not in page
    assert "Guest judges" not in page  # none printed, so nothing to cut


def test_a_size_just_under_the_floor_is_not_reported_as_the_floor():
    from generator.layout_rules import text_size_findings
    from generator.model import Component, Piece
    from generator.shapes import Rect

    def face(canvas, area):
        canvas.text(5, 10, "tiny", 6.97 * PT)

    findings = text_size_findings([Component("tag", "Tags", [Piece("tag-1", Rect(30, 20), face)])], None)
    assert len(findings) == 1 and "at 6.9 pt" in findings[0].message


def test_a_file_with_no_backs_says_so_and_promises_no_backs_behind_fronts(tmp_path):
    """A duplex build keeps its blank back pages, but page 1 no longer tells the user to flip the
    sheets so that each back lands behind its front: nothing has one, so one side (the odd pages)
    or double-sided as it is both do."""
    assert run_pnp("new", "board", "mine", cwd=tmp_path)[0] == 0  # a board and nothing else
    code, _, stderr = run_pnp("build", "mine/mine.yaml", "--out", "out", cwd=tmp_path)
    assert code == 0, stderr
    folder = tmp_path / "out" / "mine"
    manifest = json.loads((folder / "manifest.json").read_text())
    assert [page["side"] for page in manifest["pages"]] == ["front", "back"] * (len(manifest["pages"]) // 2)
    assert not any(page["pieces"] for page in manifest["pages"] if page["side"] == "back")
    words = first_page_words(folder, "mine").replace(" ", "")  # lines run on without a space
    assert "Nothinginthisfilehasaback:printonlyitsoddpages,one-sided,orprintitdouble-sided" in words
    assert "flippingonthe" not in words and "landsbehinditsfront" not in words


def test_every_language_says_nothing_has_a_back_in_its_own_words():
    from generator.model import Component, Piece
    from generator.print_guide import Printing, guide_blocks
    from generator.shapes import Rect
    from generator.words import bundled_languages, load_words

    settings = print_settings("a4", "long", 3.0, True, Context(load_palette(), Templates()))
    board = Component("board", "Board", [Piece("board", Rect(100, 100), lambda canvas, area: None)])
    sheets = {"plain": ([1, 2], False)}
    seen = set()
    for game in GAMES:
        for lang in [None, *bundled_languages(game)]:
            words = load_words(game, lang=lang)
            said = [text for kind, text in guide_blocks("G", Printing(), [board], settings, words, sheets)
                    if kind == "p"]
            assert words("print.no-backs") in said and words("print.duplex.long") not in said, (game, lang)
            assert words("print.no-backs") != words("print.one-sided"), (game, lang)
            seen.add(words.language)
    assert seen == {"en", "de", "fr"}
    # With a back on a sheet, the flip edge matters again.
    backed = Component("card", "Cards", [Piece("c", Rect(63.5, 88.9), *(lambda canvas, area: None,) * 2)])
    said = [text for _, text in guide_blocks("G", Printing(), [backed], settings, load_words("diamonds"),
                                               {"card": ([1, 2], True)})]
    assert load_words("diamonds")("print.duplex.long") in said
