"""Every word Diatoms prints comes from data/words/diatoms.yaml (issue 24): `pnp words diatoms`
writes them all, an edited sentence prints, labels change while the names the rules check stay, and
a pseudo-translation of every word validates and builds."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from conftest import run_pnp
from generator.words import load_words
from test_words import (builds_or_names_what_does_not_fit, edited, overlaps, pdf_words, pseudo, sixty_percent_longer,
                        translated, words_file)


@pytest.fixture
def words_copy(tmp_path) -> Path:
    return words_file(tmp_path, "diatoms")


def test_pnp_words_writes_every_word_diatoms_prints(words_copy):
    data = yaml.safe_load(words_copy.read_text())
    keys = set(data["words"])
    assert {"rules.title", "run-out", "run-out.variant", "board.key", "tile.start", "lens.window", "pad.total",
            "judge.1.name", "colour.green", "shape.oval", "print.scale", "footer.page"} <= keys
    assert keys == set(load_words("diatoms").texts)


def test_an_edited_sentence_prints_and_the_rest_stays(words_copy, tmp_path):
    edited(words_copy, "rules.end: The end", "rules.end: How the game ends")
    edited(words_copy, "tile.start: START", "tile.start: GO")
    code, _, stderr = run_pnp("build", "diatoms", "--words", "mine.yaml", "--out", "out", cwd=tmp_path)
    assert code == 0 and stderr == "", stderr
    words = pdf_words(tmp_path / "out" / "diatoms", "diatoms")
    assert "How the game ends" in words and "Diatoms: the rules" in words and "GO" in words
    assert "START" not in words


def test_a_colour_and_a_shape_print_their_labels_while_the_rules_check_their_names(words_copy, tmp_path):
    edited(words_copy, "colour.green: green", "colour.green: vert")
    edited(words_copy, "shape.oval: oval", "shape.oval: navicule")
    code, stdout, stderr = run_pnp("build", "diatoms", "--words", "mine.yaml", "--out", "out", cwd=tmp_path)
    assert code == 0, stdout + stderr
    words = pdf_words(tmp_path / "out" / "diatoms", "diatoms")
    assert "Vert" in words and "navicule" in words  # the pad's row, a spot's label
    code, stdout, stderr = run_pnp("validate", "diatoms", "--set", "colours.0.label=Grün", cwd=tmp_path)
    assert code == 0, stdout + stderr


def test_a_translated_judge_prints_and_the_game_file_judge_prints_without_one(words_copy, tmp_path):
    edited(words_copy, "judge.1.name: Professor Pennate", "judge.1.name: Professeur Pennée")
    code, _, stderr = run_pnp("build", "diatoms", "--words", "mine.yaml", "--out", "out", cwd=tmp_path)
    assert code == 0, stderr
    assert "Professeur Pennée" in pdf_words(tmp_path / "out" / "diatoms", "diatoms")


def test_a_pseudo_translation_of_every_word_validates_and_builds(words_copy, tmp_path):
    """...with nothing run into anything: a judge's longer name shrinks on its line under the side's
    heading instead of wrapping up over it."""
    translated(words_copy, pseudo)
    assert builds_or_names_what_does_not_fit("diatoms", words_copy, tmp_path) == []
    for paper in ("a4", "letter"):
        words = pdf_words(tmp_path / paper / "diatoms", "diatoms")
        assert "ДЖ♦☀" in words and "STÀRT" in words and "Prõféssõr Pénnàté" in words


def test_a_translation_sixty_percent_longer_is_refused_at_the_words_that_do_not_fit(words_copy, tmp_path):
    """Each text has a box clear of its neighbours, so words too long for it are an error naming
    their key (a side's heading over the judge's name, a score pad guide under its label, a board
    spot's name under its shape), never one text run into another or over a shape."""
    translated(words_copy, sixty_percent_longer)
    named = builds_or_names_what_does_not_fit("diatoms", words_copy, tmp_path)
    assert {"judge.side.green", "pad.pairs.guide"} <= set(named), named
    assert overlaps("diatoms", words_copy) == []


def test_a_longer_judge_name_shrinks_on_its_line_between_the_heading_and_the_rule(words_copy, tmp_path):
    from conftest import face_drawn
    from generator.canvas import PT
    from generator.load import load_game

    edited(words_copy, "judge.1.name: Professor Pennate", "judge.1.name: Professor Pennate the Elder")
    assert builds_or_names_what_does_not_fit("diatoms", words_copy, tmp_path) == []
    judge = next(piece for component in load_game("diatoms", words=str(words_copy)).components()
                 for piece in component.pieces if piece.id == "guest-judge-1")
    texts = face_drawn(judge).texts
    name = [text for text in texts if "Pennate" in text.text]
    heading = next(text for text in texts if text.text.startswith("Green side"))
    assert len(name) == 1 and 7 * PT - 1e-9 <= name[0].size < 11 * PT, name  # one line, shrunk from 11 pt
    rule_y = 15.1731 - 0.35  # the rule under the name: its top edge, on a 88.9 mm card
    assert heading.box[3] < name[0].box[1] and name[0].box[3] < rule_y, (heading.box, name[0].box)


def test_a_judge_name_too_long_for_its_line_even_at_7_pt_is_an_error_naming_its_key(words_copy, tmp_path):
    edited(words_copy, "judge.1.name: Professor Pennate",
           "judge.1.name: Professor Pennate of the Royal Diatomaceous Society")
    line = next(n for n, text in enumerate(words_copy.read_text().splitlines(), 1) if "Royal Diatomaceous" in text)
    assert builds_or_names_what_does_not_fit("diatoms", words_copy, tmp_path) == ["judge.1.name"]
    _, _, stderr = run_pnp("validate", "diatoms", "--words", "mine.yaml", cwd=tmp_path)
    assert stderr.startswith(f"mine.yaml:{line}:") and stderr.rstrip().endswith("[layout.text-fit]"), stderr
