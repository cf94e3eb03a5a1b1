"""Every printed word is data, so any label may grow in a translation: a label a layout places (a pile's
name on the Diamonds mat, a heading, a board's label) either prints inside its room at 7 pt or more,
shrunk or wrapped, or is an error at the words' line naming the key to shorten [layout.text-fit],
never a word running silently past its outline."""

from __future__ import annotations

import pytest

from conftest import face_drawn, run_pnp
from generator.canvas import FLOOR_PT, PT
from generator.load import load_game
from test_words import edited, sixty_percent_longer, words_file


def dig_site_of(loaded):
    from generator.games.diamonds.mat import dig_site

    mat = next(piece for component in loaded.components() for piece in component.pieces
               if piece.id == "dig-site-mat")
    return mat, dig_site(loaded.spec, loaded.spec.style.resolve("dig-site-mat", piece="dig-site-mat"))


def inside(box, space, margin: float = 0.0) -> bool:
    left, top, right, bottom = box
    x, y, width, height = space
    return x + margin <= left + 1e-6 and right <= x + width - margin + 1e-6 and \
        y + margin <= top + 1e-6 and bottom <= y + height - margin + 1e-6


def test_a_long_pile_label_prints_inside_its_pile_at_7_pt_or_more(tmp_path):
    words = edited(words_file(tmp_path, "diamonds"), 'mat.pile: "pile {number}"',
                   'mat.pile: "Ausgrabungsstapelnummer {number}"')
    code, _, stderr = run_pnp("validate", "diamonds", "--words", words.name, cwd=tmp_path)
    assert code == 0, stderr  # at 14 pt it is 72 mm long; shrunk to fit the 63.5 mm pile it is still 12 pt
    loaded = load_game("diamonds", words=str(words))
    mat, site = dig_site_of(loaded)
    drawn = face_drawn(mat)
    labels = [text for text in drawn.texts if text.text.startswith("Ausgrabungsstapelnummer")]
    assert len(labels) == len(site.piles())
    for label, space in zip(sorted(labels, key=lambda text: (text.box[1], text.box[0])), site.piles()):
        assert inside(label.box, space), (label.text, label.box, space)
        assert label.size >= FLOOR_PT * PT - 1e-9


def test_a_pile_label_that_cannot_fit_even_at_7_pt_is_an_error_naming_its_key(tmp_path):
    words = edited(words_file(tmp_path, "diamonds"), 'mat.pile: "pile {number}"',
                   'mat.pile: "Ausgrabungsstapelnummernverzeichnisfeldbeschriftung {number}"')
    code, _, stderr = run_pnp("validate", "diamonds", "--words", words.name, cwd=tmp_path)
    assert code == 1
    told = [line for line in stderr.splitlines() if "[layout.text-fit]" in line]
    assert len(told) == 1, stderr
    line = (words.read_text().splitlines().index(
        next(line for line in words.read_text().splitlines() if line.strip().startswith("mat.pile:"))) + 1)
    assert told[0].startswith(f"{words.name}:{line}:") and ' error: ' in told[0], told[0]
    assert 'words "mat.pile"' in told[0] and "dig-site-mat" in told[0] and "shorten" in told[0], told[0]
    code, _, stderr = run_pnp("build", "diamonds", "--words", words.name, "--out", "out", cwd=tmp_path)
    assert code == 1 and "[layout.text-fit]" in stderr, stderr


@pytest.mark.parametrize("anchor, align, room", [("left", None, (150.0, 50.0)), ("right", None, (0.0, 150.0)),
                                                   ("centre", None, (100.0, 100.0)), ("top", "left", (150.0, 50.0))])
def test_a_label_placed_at_a_point_has_the_room_its_frame_leaves_it(anchor, align, room):
    from generator.kit.layouts import Element, Frame, fitting_box

    frame = Frame(0.0, 0.0, 200.0, 100.0)
    x, _, width, _ = fitting_box(Element(text="x", anchor=anchor, align=align), (150.0, 10.0, 0.0, 0.0), frame)
    assert (x, width) == room
    boxed = (10.0, 10.0, 30.0, 0.0)
    assert fitting_box(Element(text="x", anchor=anchor), boxed, frame) == boxed  # a box of its own it keeps
    assert fitting_box(Element(text="x", rotate=90), (150.0, 10.0, 0.0, 0.0), frame)[2] == 0.0  # turned: none


def told_about(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if line.endswith("[layout.text-fit]")]


def test_a_heading_too_long_for_its_place_is_an_error_naming_its_key(tmp_path):
    """The debris's name, placed at a point on the mat: one word wider than its space even at 7 pt."""
    words = edited(words_file(tmp_path, "diamonds"), "mat.debris: Debris",
                   "mat.debris: Gesteinsschuttablageplatzverzeichnisnummer")
    code, _, stderr = run_pnp("validate", "diamonds", "--words", words.name, cwd=tmp_path)
    told = told_about(stderr)
    assert code == 1 and len(told) == 1, stderr
    assert told[0].startswith(f"{words.name}:") and 'words "mat.debris"' in told[0], told
    assert told[0].endswith('; shorten "mat.debris" [layout.text-fit]'), told


def test_a_movement_cards_words_too_long_for_the_card_name_their_key(tmp_path):
    """Diamond Mine's movement card grows no further on its own: the error says to take a larger
    card or to shorten the words, by their key."""
    words = edited(words_file(tmp_path, "diamond_mine"), "movement.line: any straight line",
                   "movement.line: along any one of the straight lines through your square")
    code, _, stderr = run_pnp("validate", "diamond_mine", "--words", words.name, cwd=tmp_path)
    told = [line for line in stderr.splitlines() if line.endswith("[diamond_mine.cards]")]
    assert code == 1 and len(told) == 1, stderr
    assert 'words "movement.line"' in told[0] and told[0].endswith('or shorten "movement.line" [diamond_mine.cards]')


#: What a game says when words do not fit: a layout finding; the contrast of a label wrapped over a
#: dark symbol (a Diatoms board spot's); or the game's own rule for pieces that grow to hold words.
FIT_RULES = ("[layout.text-fit]", "[layout.text-size]", "[layout.safe-area]",
             "[colour.contrast]", "[diamond_mine.cards]", "[blood_diamonds.text-fits]")


@pytest.mark.parametrize("game", ["diamonds", "diaominos", "diamond_mine", "blood_diamonds", "diatoms"])
def test_every_word_sixty_percent_longer_fits_or_is_told(tmp_path, game):
    """Each game's words 60 % longer: every error says what does not fit, and a face on which a text
    runs past its box or its room never validates."""
    import yaml

    words = words_file(tmp_path, game)
    data = yaml.safe_load(words.read_text())
    data["words"] = {key: sixty_percent_longer(value) for key, value in data["words"].items()}
    words.write_text(yaml.safe_dump(data, allow_unicode=True, width=1000))
    code, _, stderr = run_pnp("validate", game, "--words", words.name, cwd=tmp_path)
    assert "Traceback" not in stderr and code in (0, 1), stderr
    errors = [line for line in stderr.splitlines() if " error: " in line]
    assert all(line.endswith(FIT_RULES) for line in errors), errors
    loaded = load_game(game, words=str(words))
    for component in loaded.components():
        for piece in component.pieces:
            for side in ("front", "back"):
                if getattr(piece, side) is None:
                    continue
                drawn = face_drawn(piece, side)
                if drawn.overflows:
                    assert code == 1, f"{piece.id} ({side}) overflows, yet {game} validates"
