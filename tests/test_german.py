"""Every bundled game in German (`--lang de`, data/words/<game>.de.yaml): each builds and validates
clean, its words file gives every English key with the same placeholders, and no English sentence
is left in its PDF."""

from __future__ import annotations

import re

import pytest
import yaml

import pdfprobe
from conftest import REPO, run_pnp
from generator.words import PLACEHOLDER, bundled_words, form_problem, placeholders

GAMES = ["blood_diamonds", "diamonds", "diamond_mine", "diaominos", "diatoms"]
FLOOR_MM = 7 * 25.4 / 72  # the smallest printed text, 7 pt, in the PDF's millimetres


def german(game: str) -> dict:
    path = REPO / "data" / "words" / f"{game}.de.yaml"
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def pdf_text(folder, game: str) -> str:
    """The PDF's words, any run of spaces (a no-break one too) one space, every page in one string."""
    return " ".join(" ".join("".join(c.char for c in chars).split()) for chars, _ in pdfprobe.read(folder / f"{game}.pdf"))


@pytest.mark.parametrize("game", GAMES)
def test_every_english_key_has_german_words_with_its_placeholders(game):
    english, words = bundled_words(game)["words"], german(game)
    assert words["language"] == "de" and len(words["numbers"]) == 13
    assert set(words["words"]) == set(english), set(words["words"]) ^ set(english)
    for key, text in words["words"].items():
        assert placeholders(text) == placeholders(english[key]), (key, text)
        for match in PLACEHOLDER.finditer(text):  # plural forms are German's two, one|other
            assert match.group(1) is None or form_problem(match.group(1), match.group(2), "de") is None, (key, text)


@pytest.mark.parametrize("game", GAMES)
def test_each_game_validates_in_german_without_a_finding(game, tmp_path):
    code, out, err = run_pnp("validate", game, "--lang", "de", cwd=tmp_path)
    assert code == 0 and "warning" not in out + err and "error" not in out + err, out + err


@pytest.mark.parametrize("game", GAMES)
def test_each_german_pdf_is_german_throughout_at_7_pt_or_more(game, german_build):
    folder = german_build(game)
    pages = pdfprobe.read(folder / f"{game}.pdf")
    small = [c for chars, _ in pages for c in chars if not c.char.isspace() and c.size < FLOOR_MM - 1e-3]
    assert not small, small[:5]
    said = pdf_text(folder, game)
    assert "Seite 1 von" in said and "Spielregel" in said
    # An English sentence left untranslated would print one of its stretches between placeholders.
    for key, text in bundled_words(game)["words"].items():
        for stretch in PLACEHOLDER.sub("\n", text).split("\n"):
            stretch = " ".join(stretch.split()).strip(" .,;:()")
            if len(re.findall(r"[A-Za-z]{2,}", stretch)) >= 3:
                assert stretch not in said, (key, stretch)
