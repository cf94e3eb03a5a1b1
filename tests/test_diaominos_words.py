"""Diaominos' printed words as data (issue 24): `pnp words diaominos` writes every key, an edited
or translated copy prints, a pseudo-translation of every word builds, and a cube colour's printed
label changes while the name the rules check stays."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from conftest import error_messages, run_pnp
from generator.games.diaominos import game as dm
from generator.load import load_game
from generator.words import load_words
from test_words import (builds_or_names_what_does_not_fit, longer, overlaps, pdf_words, pseudo, sixty_percent_longer,
                        translated, words_file)

ROOT = Path(__file__).resolve().parent.parent
BUNDLED = (ROOT / "data" / "diaominos.yaml").read_text()


@pytest.fixture
def words_copy(tmp_path) -> Path:
    return words_file(tmp_path, "diaominos")


def test_pnp_words_writes_every_word_the_game_prints(words_copy):
    keys = set(yaml.safe_load(words_copy.read_text())["words"])
    assert keys == set(load_words("diaominos").texts)
    assert {"rules.title", "sheet.total", "card.heading", "card.back", "board.seat", "colour.white",
            "printing.step.stickers", "component.cube-sticker", "print.scale"} <= keys


def test_an_edited_sentence_prints_and_the_rest_stays(words_copy, tmp_path):
    text = words_copy.read_text()
    for old, new in (("  sheet.total: Total", "  sheet.total: Grand total"),
                     ('card.heading: "Game {game} · Round {round}"', 'card.heading: "Round {round} of game {game}"'),
                     ('card.back: "Game {game} · Round {round}"', 'card.back: "G{game} R{round}"'),
                     ("  colour.white: White", "  colour.white: Snow")):
        assert old in text, old
        text = text.replace(old, new, 1)
    words_copy.write_text(text)
    code, _, stderr = run_pnp("build", "diaominos", "--words", "mine.yaml", "--out", "out", cwd=tmp_path)
    assert code == 0 and stderr == "", stderr
    words = pdf_words(tmp_path / "out" / "diaominos", "diaominos")
    for printed in ("Grand total", "Round 3 of game 2", "G2 R3", "Snow", "Diaominos: the rules", "Cube stickers"):
        assert printed in words, printed
    assert "Game 1 · Round 1" not in words


@pytest.mark.parametrize("how", [pseudo, longer], ids=["pseudo", "longer"])
def test_a_pseudo_translation_of_every_word_builds(words_copy, tmp_path, how):
    translated(words_copy, how)
    if how is longer:
        # The player sheet's scoring strip holds two lines: a third longer, the scoring sentence needs
        # three even at 7 pt, and is refused by its key (it ran out of the strip, onto the total's band).
        assert builds_or_names_what_does_not_fit("diaominos", words_copy, tmp_path) == ["sheet.scoring"]
        data = yaml.safe_load(words_copy.read_text())
        data["words"]["sheet.scoring"] = pseudo(load_words("diaominos").texts["sheet.scoring"])
        words_copy.write_text(yaml.safe_dump(data, allow_unicode=True, width=1000))
    assert builds_or_names_what_does_not_fit("diaominos", words_copy, tmp_path) == []
    for paper in ("a4", "letter"):
        words = pdf_words(tmp_path / paper / "diaominos", "diaominos")
        for key in ("sheet.total", "rules.loading", "card.top", "board.path", "stickers.title",
                    "printing.bring.pens", "component.round-card"):
            sample = how(load_words("diaominos").texts[key]).split("{")[0].split()[0]
            assert sample in words, (key, sample)
        # No English sentence left in Python: the words a translation changes are all gone.
        for english in ("Total", "Seat 1", "Round 1", "Cube on", "Roll the cube", "In the print", "sticker paper",
                        "Without a cube", "Wild colour"):
            assert english not in words, english


def test_a_translation_sixty_percent_longer_is_refused_at_the_words_that_do_not_fit(words_copy, tmp_path):
    """The player sheet's texts each have a box clear of their neighbours (a label ends before its
    blank, a note keeps between the grid and the final score, in its strip, above the slots), so words
    too long for one are an error naming their key, never a text run into another text or a box."""
    translated(words_copy, sixty_percent_longer)
    named = builds_or_names_what_does_not_fit("diaominos", words_copy, tmp_path)
    assert {"sheet.first", "sheet.scoring", "sheet.wild"} <= set(named), named
    # The grid's note is three keys' sentences, a line each: its error names them.
    assert {key for key in named if key.startswith("sheet.grid")}, named
    assert overlaps("diaominos", words_copy) == []


def test_the_pseudo_translation_keeps_every_word_at_7_pt(words_copy, tmp_path):
    from conftest import words_below

    translated(words_copy, longer)
    spec = load_game("diaominos", (), words=str(words_copy)).spec
    for component in dm.components(spec):
        assert words_below(component.pieces[:2], 7.0) == [], component.name


def test_a_seat_label_too_long_for_the_border_is_an_error_naming_it(words_copy, tmp_path):
    text = words_copy.read_text().replace('board.seat: "Seat {seat}"',
                                          'board.seat: "The player sitting at seat number {seat} of the board, '
                                          'who rolls the cube"')
    words_copy.write_text(text)
    code, _, stderr = run_pnp("validate", "diaominos", "--words", "mine.yaml", cwd=tmp_path)
    assert code == 1 and "[diaominos.sizes]" in stderr and "The player sitting at seat number 1" in stderr, stderr


def test_a_roll_key_too_long_for_the_border_is_an_error_naming_it(words_copy, tmp_path):
    text = words_copy.read_text().replace('board.move: "{start}-{end}"',
                                          'board.move: "from space {start} to space {end}"')
    words_copy.write_text(text)
    code, _, stderr = run_pnp("validate", "diaominos", "--words", "mine.yaml", cwd=tmp_path)
    assert code == 1 and "the roll key" in stderr and "from space A to space B" in stderr, stderr


# Labels apart from identities --------------------------------------------------------------------

def test_a_colour_label_prints_while_the_rules_check_its_name(tmp_path):
    overrides = ("cube.colours.0.label=Blanc", "cube.colours.1.label=Jaune")
    assert not error_messages(tmp_path, BUNDLED, overrides)
    spec = load_game("diaominos", overrides).spec
    row = dm.player_sheet_row(spec, spec.style.resolve("player-sheet", piece="player-sheet-1"))
    assert [dict(colour)["name"] for colour in row["colours"]][:3] == ["Blanc", "Jaune", "Red"]
    stickers = {c.name: c for c in dm.components(spec)}["cube-sticker"]
    assert stickers.pieces[0].id == "cube-sticker-white-1"  # the identity, and the style group, stay
    # Two colours that print alike, or a label that prints nothing, are errors.
    said = error_messages(tmp_path, BUNDLED, ("cube.colours.0.label=Red",))["diaominos.cube"]
    assert said == ['red prints as "Red", as white does: players could not tell them apart on the player '
                    "sheet's key"]
    said = error_messages(tmp_path, BUNDLED, ("cube.colours.0.label=' '",))["diaominos.cube"]
    assert said == ["white has an empty label; the player sheet's key prints it"]


def test_a_translation_beats_a_label_in_the_game_file(words_copy, tmp_path):
    words_copy.write_text(words_copy.read_text().replace("  colour.white: White", "  colour.white: Weiß"))
    spec = load_game("diaominos", ("cube.colours.0.label=Blanc",), words=str(words_copy)).spec
    assert dm.colour_label(spec, spec.cube.colours[0]) == "Weiß"
    spec = load_game("diaominos", ("cube.colours.0.label=Blanc",)).spec
    assert dm.colour_label(spec, spec.cube.colours[0]) == "Blanc"


# Page 1's printing box ---------------------------------------------------------------------------

def test_the_printing_box_comes_from_the_words_unless_the_game_file_gives_one(tmp_path, words_copy):
    spec = load_game("diaominos").spec
    made = dm.printing(spec)
    assert made.bring == ["a pen or pencil for each player", "a 2 x 2 puzzle cube (or play with the round cards)"]
    assert made.stock == {"cube-sticker": "sticker paper (or paper and a glue stick)"}
    assert made.steps[0].startswith("Stick four squares of one colour")
    spec = load_game("diaominos", ("round_cards.games=0",)).spec
    assert dm.printing(spec).bring[1] == "a 2 x 2 puzzle cube"
    own = ("printing={bring: [dice], stock: {}, steps: []}",)
    assert dm.printing(load_game("diaominos", own).spec).bring == ["dice"]
    translated(words_copy, pseudo)
    assert dm.printing(load_game("diaominos", own, words=str(words_copy)).spec).bring[0].startswith("à pén")
