"""`--paper`: presets in any case, paper YAML files like palette files, and one clean line when wrong."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import run_pnp
from generator.errors import InputError
from generator.palette import load_palette
from generator.schema import Context
from generator.settings import print_settings
from generator.templates import Templates

PRESETS = {
    "a3": (297.0, 420.0),
    "a4": (210.0, 297.0),
    "a5": (148.0, 210.0),
    "letter": (215.9, 279.4),
    "tabloid": (279.4, 431.8),
    "half-letter": (139.7, 215.9),
}
KNOWN = "(a3, a4, a5, letter, tabloid, half-letter, or a YAML file)"


def paper_of(choice: str):
    return print_settings(choice, "long", 3.0, True, Context(load_palette(None), Templates())).paper


@pytest.mark.parametrize("name", PRESETS)
def test_every_preset_has_its_size_and_a_home_printer_margin(name):
    paper = paper_of(name)
    assert (paper.name, paper.width, paper.height, paper.margin) == (name, *PRESETS[name], 6.35)


@pytest.mark.parametrize("choice, name", [("A4", "a4"), ("Letter", "letter"), ("LETTER", "letter"),
                                          ("Half-Letter", "half-letter"), ("A5", "a5")])
def test_a_preset_is_named_in_any_case(choice, name):
    paper = paper_of(choice)
    assert (paper.name, paper.width, paper.height) == (name, *PRESETS[name])


def manifest_of(out: Path) -> dict:
    return json.loads((out / "diamonds" / "manifest.json").read_text())


@pytest.mark.parametrize("choice", ["A5", "a3"])
def test_a_build_has_pages_of_the_paper_size(tmp_path, choice):
    out = tmp_path / "out"
    code, _, stderr = run_pnp("build", "diamonds", "--paper", choice, "--out", out, "-q", cwd=tmp_path)
    assert code == 0, stderr
    assert (out / "diamonds" / "diamonds.pdf").stat().st_size > 0
    data = manifest_of(out)
    size = PRESETS[choice.lower()]
    assert data["paper"] == {"name": choice.lower(), "width_mm": size[0], "height_mm": size[1]}
    assert data["pages"] and all(sorted((p["width_mm"], p["height_mm"])) == sorted(size) for p in data["pages"])
    for page in data["pages"]:  # every piece (or part of the tiled mat) inside the margins
        for piece in page["pieces"]:
            assert piece["x_mm"] >= 6.35 - 1e-6 and piece["y_mm"] >= 6.35 - 1e-6
            assert piece["x_mm"] + piece["width_mm"] <= page["width_mm"] - 6.35 + 1e-6
            assert piece["y_mm"] + piece["height_mm"] <= page["height_mm"] - 6.35 + 1e-6
    cards_per_sheet = max(sum(p["id"].startswith("card-") for p in page["pieces"]) for page in data["pages"])
    assert cards_per_sheet == {"A5": 2, "a3": 18}[choice]


def test_a_paper_file_extends_a_preset(tmp_path):
    (tmp_path / "wide-margins.yaml").write_text("extends: A4\nmargin_mm: 10\n")
    out = tmp_path / "out"
    code, _, stderr = run_pnp("build", "diamonds", "--paper", "wide-margins.yaml", "--out", out, "-q", cwd=tmp_path)
    assert code == 0, stderr
    assert manifest_of(out)["paper"] == {"name": "wide-margins", "width_mm": 210.0, "height_mm": 297.0}


def test_a_paper_file_gives_its_own_size(tmp_path):
    path = tmp_path / "postcard-sheet.yaml"
    path.write_text("width_mm: 150\nheight_mm: 200\n")
    paper = paper_of(str(path))
    assert (paper.name, paper.width, paper.height, paper.margin) == ("postcard-sheet", 150.0, 200.0, 6.35)


def error_line(tmp_path: Path, *paper_args: str) -> str:
    """The one line `pnp build --paper ...` prints; nothing may be written."""
    out = tmp_path / "out"
    code, stdout, stderr = run_pnp("build", "diamonds", *paper_args, "--out", out, cwd=tmp_path)
    assert code == 2 and stdout == "" and not out.exists(), (code, stdout, stderr)
    lines = stderr.splitlines()
    assert len(lines) == 1, stderr
    return lines[0]


@pytest.mark.parametrize("choice, line", [
    ("a7", f'--paper: error: unknown paper "a7"; did you mean "a5"? {KNOWN} [input.unknown-paper]'),
    ("Leter", f'--paper: error: unknown paper "Leter"; did you mean "letter"? {KNOWN} [input.unknown-paper]'),
    ("b5", f'--paper: error: unknown paper "b5"; did you mean "a5"? {KNOWN} [input.unknown-paper]'),
    ("foolscap", f'--paper: error: unknown paper "foolscap" {KNOWN} [input.unknown-paper]'),
])
def test_an_unknown_paper_is_one_clean_line(tmp_path, choice, line):
    assert error_line(tmp_path, "--paper", choice) == line


def test_a_missing_paper_file_says_so(tmp_path):
    line = error_line(tmp_path, "--paper", "my-paper.yaml")
    assert line.startswith("my-paper.yaml: error: no such paper file;") and line.endswith("[input.missing-file]")


@pytest.mark.parametrize("text, line", [
    ("extends: a4\nmargin_mm: 3\n",
     "my-paper.yaml:2:12: error: paper my-paper.margin_mm is 3.0; it must be at least 6.35 [input.out-of-range]"),
    ("extends: a6\n",
     f'my-paper.yaml:1:10: error: unknown paper "a6"; did you mean "a5"? {KNOWN} [input.unknown-paper]'),
    ("width_mm: 210\nhieght_mm: 297\n",
     'my-paper.yaml:2:1: error: unknown key "hieght_mm" in paper my-paper; did you mean "height_mm"? '
     "[input.unknown-key]"),
    ("width_mm: 210\n", 'my-paper.yaml:1:1: error: paper my-paper is missing the key "height_mm" (a number) '
     "[input.missing-key]"),
    ("extends: a4\nwidth_mm: 0\n",
     "my-paper.yaml:2:11: error: paper my-paper.width_mm is 0.0; a size must be greater than 0 [input.not-positive]"),
    ("- a4\n", "my-paper.yaml:1:1: error: a paper file is a mapping: width_mm, height_mm and margin_mm, or "
     "extends: a4 and the ones that differ [input.type]"),
])
def test_a_broken_paper_file_names_the_line(tmp_path, text, line):
    (tmp_path / "my-paper.yaml").write_text(text)
    assert error_line(tmp_path, "--paper", "my-paper.yaml") == line


def test_a_paper_too_narrow_for_the_footer_is_refused(tmp_path):
    (tmp_path / "index-card.yaml").write_text("width_mm: 127\nheight_mm: 76.2\n")
    line = error_line(tmp_path, "--paper", "index-card.yaml")
    assert line.startswith("index-card.yaml:2:12: error: paper index-card is 127 x 76.2 mm; its short side must be "
                           "at least 132.7 mm") and line.endswith("[input.out-of-range]")


def test_print_settings_raises_input_error_for_an_unknown_paper():
    with pytest.raises(InputError) as raised:
        paper_of("a7")
    assert raised.value.rule == "input.unknown-paper" and str(raised.value.location) == "--paper"
