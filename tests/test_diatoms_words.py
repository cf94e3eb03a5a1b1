"""Every word Diatoms prints comes from data/words/diatoms.yaml (issue 24): `pnp words diatoms`
writes them all, an edited sentence prints, labels change while the names the rules check stay, and
a pseudo-translation of every word validates and builds."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from conftest import run_pnp
from generator.words import load_words
from test_words import edited, pdf_words, pseudo, words_file


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
    data = yaml.safe_load(words_copy.read_text())
    data["words"] = {key: pseudo(value) for key, value in data["words"].items()}
    words_copy.write_text(yaml.safe_dump(data, allow_unicode=True))
    for paper in ("a4", "letter"):  # a build validates first, and says nothing unless something is wrong
        code, _, stderr = run_pnp("build", "diatoms", "--words", "mine.yaml", "--paper", paper, "--out", paper,
                                  cwd=tmp_path)
        assert code == 0 and stderr == "", stderr
        words = pdf_words(tmp_path / paper / "diatoms", "diatoms")
        assert "ДЖ♦☀" in words and "STÀRT" in words and "Prõféssõr Pénnàté" in words
