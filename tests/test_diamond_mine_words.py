"""Diamond Mine's words as data (issue 24) and the checks that came with them: `pnp words` round-trips,
an edited sentence prints, a pseudo-translation of every word builds (the rules sheet flows onto a
second sheet and the reference card onto its back rather than shrinking under 7 pt), colour labels
and letters print apart from the names the rules check, and no English is left in the code."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from conftest import run_pnp
from test_words import edited, longer, pdf_words, pseudo, words_file
from generator.games.diamond_mine.paper import reference_sides, rules_pages
from generator.load import load_game
from generator.words import load_words

GAME = "diamond_mine"


@pytest.fixture
def words_copy(tmp_path) -> Path:
    return words_file(tmp_path, GAME)


@pytest.fixture
def pseudo_copy(words_copy) -> Path:
    data = yaml.safe_load(words_copy.read_text())
    data["words"] = {key: pseudo(value) for key, value in data["words"].items()}
    words_copy.write_text(yaml.safe_dump(data, allow_unicode=True))
    return words_copy


def test_pnp_words_writes_every_word_the_game_prints(words_copy):
    data = yaml.safe_load(words_copy.read_text())
    keys = set(data["words"])
    assert keys == set(load_words(GAME).texts)
    assert {"rules.title", "reference.title", "movement.squares", "board.home", "colour.red", "colour.red.mark",
            "component.pyramid", "printing.bring.bag", "print.scale", "footer.page"} <= keys


def test_the_words_copy_validates_unchanged_and_an_edited_sentence_prints(words_copy, tmp_path):
    code, _, stderr = run_pnp("validate", GAME, "--words", "mine.yaml", cwd=tmp_path)
    assert code == 0 and "warning" not in stderr, stderr
    edited(words_copy, "  rules.fine: Fine points", "  rules.fine: Finer points")
    edited(words_copy, "  board.home: HOME", "  board.home: BASE CAMP")
    code, _, stderr = run_pnp("build", GAME, "--words", "mine.yaml", "--out", "out", cwd=tmp_path)
    assert code == 0 and stderr == "", stderr
    words = pdf_words(tmp_path / "out" / GAME, GAME)
    assert "Finer points" in words and "BASE CAMP" in words and "Diamond Mine: the rules" in words
    assert "HOME" not in words


def test_a_pseudo_translation_of_every_word_validates_and_builds(pseudo_copy, tmp_path):
    for paper in ("a4", "letter"):  # a build validates first, and says nothing unless something is wrong
        code, _, stderr = run_pnp("build", GAME, "--words", "mine.yaml", "--paper", paper, "--out", paper,
                                  cwd=tmp_path)
        assert code == 0 and stderr == "", stderr
        words = pdf_words(tmp_path / paper / GAME, GAME)
        assert "ДЖ♦☀" in words
        # Nothing printed in English from the code: these would be left if a sentence were in Python.
        for english in ("HOME", "Move 1 square", "at a glance", "the rules", "Board 1 of 4", "any straight line",
                        "Reference cards", "Movement cards", "Pyramids", "territory", "printing and building"):
            assert english not in words, english


def test_longer_words_flow_onto_a_second_sheet_and_the_cards_back_instead_of_shrinking(words_copy, tmp_path):
    data = yaml.safe_load(words_copy.read_text())
    data["words"] = {key: longer(value) for key, value in data["words"].items()}  # every sentence a third longer
    words_copy.write_text(yaml.safe_dump(data, allow_unicode=True))
    english = load_game(GAME).spec
    assert len(rules_pages(english)) == 1
    translated = load_game(GAME, words=str(words_copy)).spec
    assert len(rules_pages(translated)) == 2 and len(reference_sides(translated)) == 2
    pieces = {piece.id: piece for component in load_game(GAME, words=str(words_copy)).components()
              for piece in component.pieces}
    assert "rules-sheet-2" in pieces and pieces["reference-card-red"].back is not None


def test_words_that_cannot_fit_even_flowing_on_are_an_error_naming_the_piece(words_copy, tmp_path):
    data = yaml.safe_load(words_copy.read_text())
    data["words"]["rules.fine.seen"] = " ".join(["Everything you leave in a vein is seen by all."] * 300)
    data["words"]["reference.exhausted.tip"] = " ".join(["Tip an empty vein over."] * 200)
    words_copy.write_text(yaml.safe_dump(data, allow_unicode=True))
    code, _, stderr = run_pnp("validate", GAME, "--words", "mine.yaml", cwd=tmp_path)
    assert code == 1 and "Traceback" not in stderr
    assert "the rules do not fit a 180 x 250 mm sheet at 7 pt, even flowing onto a second" in stderr
    assert "the reference card's words do not fit a 92 x 124 mm card at 7 pt, even on both sides" in stderr


def test_a_colours_label_prints_while_the_rules_check_its_name(tmp_path):
    """Issue 24: `label:` (or the words' colour.<name>) is what prints; player_colours, homes and the
    flawless colour still name the identity the rules check."""
    code, _, stderr = run_pnp("validate", GAME, "--set", "colours.0.label=scarlet", "--set", "flawless.label=diamond",
                              cwd=tmp_path)
    assert code == 0, stderr
    code, _, stderr = run_pnp("build", GAME, "--set", "colours.0.label=scarlet", "--set", "flawless.label=diamond",
                              "--out", "out", cwd=tmp_path)
    assert code == 0, stderr
    words = pdf_words(tmp_path / "out" / GAME, GAME)
    assert "Scarlet (R)" in words and "at a glance: Scarlet" in words and "Scarlet's territory" in words
    assert "add the diamond ones to the bag" in words and " red" not in words.replace("Red", "")


def test_a_translated_colour_name_validates(words_copy, tmp_path):
    edited(words_copy, "  colour.red: red", "  colour.red: rouge")
    edited(words_copy, "  colour.red.mark: R", "  colour.red.mark: Ro")
    code, _, stderr = run_pnp("validate", GAME, "--words", "mine.yaml", cwd=tmp_path)
    assert code == 0, stderr
    spec = load_game(GAME, words=str(words_copy)).spec
    pyramid = next(c for c in load_game(GAME, words=str(words_copy)).components() if c.name == "pyramid")
    red = next(p for p in pyramid.pieces if p.id == "pyramid-small-red-1")
    assert dict(red.front.row)["letter"] == "Ro" and spec.player_colours[0] == "red"


LABELS_BROKEN = [
    ("two colours with one letter", ("colours.1.mark=R",), "green and red both carry the letter 'R'"),
    ("a letter too long for a small face", ("colours.1.mark=GRN",), "at most 2 stand on a small pyramid's face"),
    ("an empty letter", ("colours.1.mark=' '",), "green has an empty letter"),
    ("a flawless letter a bag colour has", ("flawless.mark=Y",), "both carry the letter 'Y'"),
]


@pytest.mark.parametrize("broken, change, says", LABELS_BROKEN, ids=[b for b, _, _ in LABELS_BROKEN])
def test_the_labels_rule_fires(tmp_path, broken, change, says):
    code, _, stderr = run_pnp("validate", GAME, *[arg for c in change for arg in ("--set", c)], cwd=tmp_path)
    assert code == 1 and "Traceback" not in stderr
    assert any(says in line and "[diamond_mine.labels]" in line for line in stderr.splitlines()), stderr


def test_an_empty_colour_name_in_the_words_is_an_error_at_its_line(words_copy, tmp_path):
    edited(words_copy, "  colour.green: green", '  colour.green: ""')
    line = next(number for number, text in enumerate(words_copy.read_text().splitlines(), 1)
                if text.startswith("  colour.green:"))
    code, _, stderr = run_pnp("validate", GAME, "--words", "mine.yaml", cwd=tmp_path)
    assert code == 2 and stderr.startswith(f'mine.yaml:{line}:') and 'words "colour.green" are empty' in stderr, stderr


OTHER_BROKEN = [
    ("a player count twice", ("players=[2, 2]",), "diamond_mine.players", "2 named twice in players"),
    ("a movement card on many sheets", ("movement_cards.piece={width_mm: 1000, height_mm: 1000}",), "diamond_mine.cards",
     "would print in parts"),
    ("movement card corners into its words", ("movement_cards.piece.corner_radius_mm=40",), "diamond_mine.cards",
     "more than a quarter"),
    ("reference card corners into its words", ("reference_card.piece.corner_radius_mm=40",),
     "diamond_mine.reference", "more than a quarter"),
    ("a reference card too big for a sheet", ("reference_card.piece={width_mm: 200, height_mm: 300}",),
     "diamond_mine.reference", "would print in parts"),
]


@pytest.mark.parametrize("broken, change, rule, says", OTHER_BROKEN, ids=[b for b, _, _, _ in OTHER_BROKEN])
def test_the_rules_added_with_the_words_fire(tmp_path, broken, change, rule, says):
    code, _, stderr = run_pnp("validate", GAME, *[arg for c in change for arg in ("--set", c)], cwd=tmp_path)
    assert code == 1 and "Traceback" not in stderr
    assert any(says in line and f"[{rule}]" in line for line in stderr.splitlines()), stderr


def test_an_empty_title_prints_the_words_title_never_an_empty_one(tmp_path):
    code, _, stderr = run_pnp("build", GAME, "--set", "title=''", "--out", "out", cwd=tmp_path)
    assert code == 0, stderr
    words = pdf_words(tmp_path / "out" / GAME, GAME)
    assert "Diamond Mine: the rules" in words and "Diamond Mine: printing and building" in words
    assert " : the rules" not in words and "None" not in words


def test_close_colours_whose_pyramids_carry_distinct_letters_are_a_warning_not_an_error(tmp_path):
    """A coloured pyramid's letter tells it apart: a gold flawless stash close to yellow for a
    deuteranope validates (warning), while the opaque nests, which carry no letter, stay an error."""
    code, _, stderr = run_pnp("validate", GAME, "--set", "flawless={name: gold, colour: gold, mark: Au}", cwd=tmp_path)
    assert code == 0 and "their symbols still do" in stderr and "[colour.distinct]" in stderr, stderr
    code, _, stderr = run_pnp("validate", GAME, "--set", "colours.5.colour=ink", cwd=tmp_path)
    assert code == 1 and "are too close" in stderr and "[colour.distinct]" in stderr, stderr
