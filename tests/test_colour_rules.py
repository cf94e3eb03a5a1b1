"""colour.distinct and colour.contrast: meaning colours apart for every eye and in greyscale, text
readable on what it is printed on; and the bundled palettes that keep them."""

from __future__ import annotations

import re

import pytest
from coloraide import Color

from conftest import run_pnp
from generator.colour_rules import MeaningColour, contrast, distances, distinct_findings, is_large
from generator.canvas import PT
from generator.errors import Location
from generator.load import bundled_targets, load_game
from generator.palette import bundled_palette_names, load_palette
from generator.schema import Colour

FINDING = re.compile(r"^(?P<where>.+?): (?P<level>error|warning): (?P<message>.*) \[(?P<rule>[\w.-]+)\]$")


def findings_of(stdout: str) -> list[dict]:
    return [match.groupdict() for match in map(FINDING.match, stdout.splitlines()) if match]


def meaning(label, hex_value, name, symbol):
    return MeaningColour(label, Colour(hex_value, name), symbol, Location("test.yaml", 1))


# ---------------------------------------------------------------------------------------------
# colour.distinct
# ---------------------------------------------------------------------------------------------

def test_a_pair_that_collides_under_deuteranopia_only():
    """Classic red and this olive green are far apart to most eyes, 6.3 apart to a deuteranope."""
    apart = distances("#c41e3a", "#6e8b3d")
    assert apart["normal vision"] > 50 and apart["deuteranopia"] < 10
    found = distinct_findings([meaning("hearts", "#c41e3a", "red", None), meaning("clubs", "#6e8b3d", "green", None)])
    assert [(f.level, f.rule) for f in found] == [("error", "colour.distinct")]
    assert "deuteranopia" in found[0].message and "normal vision" not in found[0].message


def test_distinct_symbols_make_it_a_warning():
    found = distinct_findings([meaning("hearts", "#c41e3a", "red", "heart"),
                               meaning("clubs", "#6e8b3d", "green", "club")])
    assert [(f.level, f.rule) for f in found] == [("warning", "colour.distinct")]
    assert "their symbols still do" in found[0].message


def test_a_shared_symbol_keeps_it_an_error():
    found = distinct_findings([meaning("hearts", "#c41e3a", "red", "heart"),
                               meaning("clubs", "#6e8b3d", "green", "heart")])
    assert [f.level for f in found] == ["error"]


def test_one_palette_colour_on_two_suits_is_one_colour_on_purpose():
    found = distinct_findings([meaning("hearts", "#c41e3a", "red", "heart"),
                               meaning("diamonds", "#c41e3a", "red", "diamond")])
    assert found == []


def test_two_names_for_one_value_are_not_told_apart():
    found = distinct_findings([meaning("hearts", "#c41e3a", "red", None), meaning("clubs", "#c41e3a", "crimson", None)])
    assert [f.level for f in found] == ["error"] and "0.0 in normal vision" in found[0].message


def test_greyscale_counts_too():
    """Pure red and a green of the same lightness: apart in colour, one grey on a mono printer."""
    grey = Color("#ff0000").filter("grayscale").convert("srgb").to_string(hex=True)
    apart = distances("#ff0000", grey)
    assert apart["greyscale"] < 1
    found = distinct_findings([meaning("a", "#ff0000", "red", None), meaning("b", grey, "grey", None)])
    assert "in greyscale" in found[0].message


@pytest.mark.parametrize("game", ["blood_diamonds", "diaominos"])
def test_a_palette_whose_red_and_green_collide_under_deuteranopia(tmp_path, game):
    (tmp_path / "olive.yaml").write_text('green: "#6e8b3d"\n')
    code, _, stderr = run_pnp("validate", game, "--palette", "olive.yaml", cwd=tmp_path)
    found = [f for f in findings_of(stderr) if f["rule"] == "colour.distinct" and "deuteranopia" in f["message"]]
    assert any("red (#c41e3a)" in f["message"] and "green (#6e8b3d)" in f["message"] for f in found), stderr
    assert all(f["level"] == "warning" for f in found)  # every suit and cube colour has its own symbol
    assert code == 0, stderr


# ---------------------------------------------------------------------------------------------
# colour.contrast
# ---------------------------------------------------------------------------------------------

def test_wcag_ratios_and_large_text():
    assert contrast("#000000", "#ffffff") == pytest.approx(21)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)
    assert is_large(18 * PT, "regular") and is_large(14 * PT, "bold")
    assert not is_large(17 * PT, "regular") and not is_large(13.9 * PT, "bold")


def test_pale_ink_is_refused(tmp_path):
    (tmp_path / "pale.yaml").write_text('ink: "#bbbbbb"\n')
    code, _, stderr = run_pnp("validate", "diamonds", "--palette", "pale.yaml", cwd=tmp_path)
    found = [f for f in findings_of(stderr) if f["rule"] == "colour.contrast"]
    assert code == 1 and found and all(f["level"] == "error" for f in found)
    assert any("ink (#bbbbbb) on paper (#ffffff)" in f["message"] for f in found), stderr


def test_contrast_is_measured_on_what_is_behind_the_text(tmp_path):
    """The goal band of the reference card is pale gold: darken it and the words on it fail."""
    code, _, stderr = run_pnp("validate", "diamonds", "--set", "style.components.reference-card.panel=slate",
                              cwd=tmp_path)
    found = [f for f in findings_of(stderr) if f["rule"] == "colour.contrast"]
    assert code == 1 and len(found) == 1 and "on slate (#4a5568)" in found[0]["message"], stderr
    assert "reference-card-1 (front)" in found[0]["message"]


# ---------------------------------------------------------------------------------------------
# The bundled palettes
# ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("game", bundled_targets())
def test_the_colour_blind_palette_is_clean_for_every_game(tmp_path, game):
    code, _, stderr = run_pnp("validate", game, "--palette", "colour-blind", cwd=tmp_path)
    assert code == 0, stderr
    assert not [f for f in findings_of(stderr) if f["level"] == "error"], stderr


@pytest.mark.parametrize("palette", ["classic", "greyscale", "ink-saver"])
@pytest.mark.parametrize("game", bundled_targets())
def test_every_bundled_palette_builds_every_game(tmp_path, game, palette):
    """No colour rule error or warning with any bundled palette: a build is never refused for its
    palette, and prints only its summary line."""
    code, _, stderr = run_pnp("validate", game, "--palette", palette, cwd=tmp_path)
    assert code == 0 and " warning: " not in stderr, stderr


def test_a_light_colour_prints_its_text_in_a_shade_that_reads():
    from generator.colour_rules import contrast, legible

    pale = "#a0a0a0"  # 2.6:1 on white
    small, large = legible(pale, "#ffffff", 3.0, "regular"), legible(pale, "#ffffff", 8.0, "regular")
    assert contrast(small, "#ffffff") >= 4.5 and 3.0 <= contrast(large, "#ffffff") < 4.5
    assert legible("#000000", "#ffffff", 3.0, "regular") == "#000000"  # a dark one keeps its colour
    assert contrast(legible("#505050", "#000000", 3.0, "regular"), "#000000") >= 4.5  # on black, lighter


def test_greyscale_backs_are_not_solid_black():
    back = load_game("diamonds", palette=load_palette("greyscale")).spec.style.resolve("card").back
    assert Color(back).luminance() > 0.12  # a mid grey, L* above 40


def test_pnp_palettes_lists_every_palette_with_its_colours(tmp_path):
    code, stdout, _ = run_pnp("palettes", cwd=tmp_path)
    assert code == 0
    names = [line for line in stdout.splitlines() if line and not line.startswith(" ")]
    assert [name.split()[0] for name in names] == bundled_palette_names()
    assert names[0] == "classic (default)"
    assert "#c41e3a" in stdout and "colour-blind" in stdout


def test_pnp_palettes_check_runs_the_colour_rules(tmp_path):
    code, stdout, stderr = run_pnp("palettes", "--check", "colour-blind", cwd=tmp_path)
    assert code == 0 and stdout.count("ok, the colour rules hold") + len(findings_of(stderr)) >= 3, stdout + stderr
    (tmp_path / "pale.yaml").write_text('ink: "#dddddd"\n')
    code, _, stderr = run_pnp("palettes", "--check", "pale.yaml", cwd=tmp_path)
    assert code == 1 and "[colour.contrast]" in stderr
    code, _, stderr = run_pnp("palettes", "--check", "nope", cwd=tmp_path)
    assert code == 2 and stderr.startswith('--check: error: unknown palette "nope"'), stderr
