"""What `build` writes and refuses to write: the folder per game, file-system problems, paper limits."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from conftest import DIAMONDS_YAML, run_pnp, run_pnp_process
from generator.impose import MAX_SHEETS_PER_PIECE, Paper, PrintSettings, impose
from generator.model import Component, Piece, fill_bleed
from generator.render import manifest
from generator.shapes import Rect

ROOT = Path(__file__).resolve().parent.parent
ONE_LINE = re.compile(r"^--out: error: .+ \[output\.unwritable\]$")


def one_error(result, pattern=ONE_LINE) -> str:
    code, _, stderr = result
    assert code == 2 and "Traceback" not in stderr, stderr
    lines = stderr.splitlines()
    assert len(lines) == 1 and pattern.match(lines[0]), stderr
    return lines[0]


def test_build_says_what_it_wrote_on_stdout_and_q_silences_it(tmp_path):
    code, stdout, _ = run_pnp("build", "diamonds", "--out", tmp_path, "--format", "pdf,cut", cwd=ROOT)
    assert code == 0
    assert stdout.splitlines() == [f"{tmp_path / 'diamonds'}: diamonds.pdf, 13 SVG and 13 DXF cut files in cut/ (and merged, in cut/merged/), "
                                   "manifest.json; "
                                   "26 pages, 13 sheets"]
    code, stdout, _ = run_pnp("build", "diamonds", "--out", tmp_path, "-q", cwd=ROOT)
    assert code == 0 and stdout == ""


def test_a_rebuild_removes_its_own_stale_files_and_keeps_the_users(tmp_path):
    assert run_pnp("build", "diamonds", "--out", tmp_path, "--format", "pdf,svg", cwd=ROOT)[0] == 0
    svg = tmp_path / "diamonds" / "svg"
    assert len(list(svg.glob("page-*.svg"))) == 26
    (svg / "page-99.svg").write_text("the user's own page")
    (tmp_path / "diamonds" / ".git").mkdir()
    assert run_pnp("build", "diamonds", "--out", tmp_path, "--format", "pdf,svg", "--only", "card", cwd=ROOT)[0] == 0
    assert sorted(p.name for p in svg.iterdir()) == [f"page-{n:02d}.svg" for n in range(1, 15)] + ["page-99.svg"]
    # A PDF of other inputs (the whole game) removes the SVG pages it no longer matches, and only those.
    assert run_pnp("build", "diamonds", "--out", tmp_path, cwd=ROOT)[0] == 0
    assert sorted(p.name for p in (tmp_path / "diamonds").iterdir()) == [".git", "diamonds.pdf", "manifest.json", "svg"]
    assert [p.name for p in svg.iterdir()] == ["page-99.svg"] and (svg / "page-99.svg").read_text() == "the user's own page"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["diamonds"]  # no staging folder left behind


def test_two_targets_with_one_output_folder_are_refused(tmp_path):
    copy = tmp_path / "copy.yaml"
    shutil.copyfile(DIAMONDS_YAML, copy)  # no id: its folder is named after the game, like the bundled one
    line = one_error(run_pnp("build", "diamonds", "copy.yaml", "--out", tmp_path / "out", cwd=tmp_path),
                     re.compile(r"^copy\.yaml: error: .+ \[input\.duplicate-id\]$"))
    assert '"diamonds"' in line and not (tmp_path / "out").exists()


def test_an_output_folder_in_a_file_is_refused(tmp_path):
    (tmp_path / "afile").write_text("not a folder")
    for out in ("afile", "afile/sub"):
        line = one_error(run_pnp("build", "diamonds", "--out", out, cwd=tmp_path))
        assert "a file stands where a folder must go" in line
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "diamonds").write_text("in the way")
    line = one_error(run_pnp("build", "diamonds", "--out", "out", cwd=tmp_path))
    assert "out/diamonds is a file" in line


def test_an_output_folder_that_cannot_be_written_is_refused(tmp_path):
    # Even root may not make folders in sysfs: the same refusal a read-only folder gives a user.
    line = one_error(run_pnp("build", "diamonds", "--out", "/sys/pnp-test", cwd=tmp_path))
    assert "cannot write to /sys/pnp-test" in line


def test_file_system_errors_end_to_end(tmp_path):
    (tmp_path / "afile").write_text("")
    one_error(run_pnp_process("build", "diamonds", "--out", "afile/sub", cwd=tmp_path))


# --- pieces too big for the paper -------------------------------------------------------------

def paint(colour):
    return lambda canvas, area: fill_bleed(canvas, area, colour)


A4 = Paper("a4", 210.0, 297.0, 6.35)


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_a_tiled_piece_gets_its_back_tiled_and_mirrored(duplex):
    card = Piece("big-card", Rect(200.0, 280.0), paint("#ff0000"), paint("#0000ff"))
    settings = PrintSettings(paper=A4, duplex=duplex)
    pages = impose([Component("card", "Big cards", [card])], settings)
    data = manifest("test", pages, settings)
    fronts, backs = data["pages"][0::2], data["pages"][1::2]
    assert len(fronts) > 1 and all(len(page["pieces"]) == 1 for page in data["pages"])
    for front_page, back_page in zip(fronts, backs):
        front, back = front_page["pieces"][0], back_page["pieces"][0]
        assert back["face"] == "back" and back["part"]["label"] == front["part"]["label"]
        width, height = front_page["width_mm"], front_page["height_mm"]
        left_right = (duplex == "long") == (width <= height)
        # The visible share of the back sits exactly behind the visible share of the front ...
        if left_right:
            assert back["x_mm"] == pytest.approx(width - front["x_mm"] - front["width_mm"], abs=0.05)
            assert back["y_mm"] == pytest.approx(front["y_mm"], abs=0.05)
            # ... and is the mirror-image share of the back: the front's left part backs onto its right.
            assert back["part"]["x_mm"] == pytest.approx(200.0 - front["part"]["x_mm"] - front["width_mm"], abs=0.05)
        else:
            assert back["y_mm"] == pytest.approx(height - front["y_mm"] - front["height_mm"], abs=0.05)
            assert back["part"]["y_mm"] == pytest.approx(280.0 - front["part"]["y_mm"] - front["height_mm"], abs=0.05)
        assert (back["width_mm"], back["height_mm"]) == (front["width_mm"], front["height_mm"])


def test_a_piece_needing_too_many_sheets_is_refused_quickly(tmp_path):
    copy = tmp_path / "huge.yaml"
    copy.write_text(DIAMONDS_YAML.read_text().replace("piece: poker-card", "piece: {extends: poker-card, width_mm: 900, "
                                                      "height_mm: 900}", 1))
    assert "width_mm: 900" in copy.read_text()
    code, stdout, stderr = run_pnp("build", "huge.yaml", "--out", tmp_path / "out", cwd=tmp_path)
    assert code == 2 and "Traceback" not in stderr, stderr
    assert re.match(rf"^huge\.yaml: error: .+ at most {MAX_SHEETS_PER_PIECE} .+ \[input\.too-large\]$", stderr.strip())
    assert not (tmp_path / "out").exists()

