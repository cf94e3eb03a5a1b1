"""Any script: a character the chosen face lacks comes from DejaVu Sans, then DejaVu Serif, then the
user's `style.fallback` faces; only a character no face has is an error, at the text's line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import run_pnp
from generator import fonts

ROOT = Path(__file__).resolve().parent.parent
DIAMONDS = (ROOT / "data" / "diamonds.yaml").read_text()


def with_title(tmp_path, title: str, extra: str = "") -> Path:
    path = tmp_path / "mine.yaml"
    path.write_text(DIAMONDS.replace("title: Dig site", f"title: {title}") + extra)
    return path


def test_suits_weather_greek_and_cyrillic_print_from_dejavu(tmp_path):
    with_title(tmp_path, "Dig \u2666 site \u2600 \u03a9\u03bc\u03ad\u03b3\u03b1 \u0429\u0443\u043a\u0430")
    code, _, stderr = run_pnp("build", "mine.yaml", "--only", "dig-site-mat", "--format", "pdf,svg", "--out", "out",
                              cwd=tmp_path)
    assert code == 0 and stderr == "", stderr
    pdf = (tmp_path / "out" / "diamonds" / "diamonds.pdf").read_bytes()
    assert b"DejaVuSans-Bold" in pdf  # the title's face is Vera Bold; its fallback is DejaVu Sans Bold
    svg = (tmp_path / "out" / "diamonds" / "svg" / "page-01.svg").read_text()
    assert re.search(r"@font-face\{font-family:DejaVu", svg)  # the subset carries the fallback's glyphs


def test_a_fallback_character_is_measured_with_the_face_that_draws_it():
    assert fonts.runs("A\u2666B", "bold") == (("A", "bold"), ("\u2666", "dejavu-sans-bold"), ("B", "bold"))
    width = fonts.text_width("A\u2666B", 10, "bold")
    assert width == pytest.approx(fonts.text_width("AB", 10, "bold") + fonts.text_width("\u2666", 10, "dejavu-sans-bold"))
    assert fonts.runs("\u0429", "italic") == (("\u0429", "dejavu-sans-italic"),)


def test_a_character_no_face_has_is_one_error_at_the_line_of_its_text(tmp_path):
    with_title(tmp_path, "Dig \U0001d11e site")
    line = next(number for number, text in enumerate(DIAMONDS.splitlines(), 1) if "title: Dig site" in text)
    code, _, stderr = run_pnp("build", "mine.yaml", "--out", "out", cwd=tmp_path)
    assert code == 2 and len(stderr.splitlines()) == 1 and stderr.startswith(f"mine.yaml:{line}:")
    assert "U+1D11E" in stderr and "DejaVu Sans, DejaVu Serif" in stderr and "[input.missing-glyph]" in stderr


def test_the_users_fallback_faces_join_the_chain(tmp_path):
    from test_styles import renamed_vera

    renamed_vera(tmp_path / "Extra.ttf", "Extra Sans")
    path = with_title(tmp_path, "Dig \U0001d11e site")
    path.write_text(path.read_text().replace("\nstyle:\n", "\nstyle:\n  fallback: [Extra.ttf]\n", 1))
    code, _, stderr = run_pnp("validate", "mine.yaml", cwd=tmp_path)
    assert code == 2 and "tried Vera Bold, DejaVu Sans, DejaVu Serif, Extra.ttf" in stderr
