"""A damaged font that a game names is one input error at its `font:` line, found as the font is read.

reportlab and fontTools each trip over a damaged table in their own way, and some only late: the
PDF embeds a font whose OS/2 table fontTools cannot read, while the SVG subsetter stops there. So a
user's font is tried as it is read, the way every backend will use it; what neither library can read
is exit code 2 and one line naming the game file and the line of its `font:` key, with no traceback
and no output. What fontTools merely logs about a font (a name record it skips) never reaches the
terminal as bare lines.

Each damaged font is the shipped DejaVu Sans with a few bytes of one table changed, made at test time.
"""

from __future__ import annotations

import re
import struct
from pathlib import Path

import pytest

from conftest import REPO, run_pnp, run_pnp_process

DEJAVU = REPO / "generator" / "typefaces" / "DejaVuSans.ttf"


def table_place(data: bytes, tag: str) -> tuple[int, int]:
    """(offset, length) of a table, read from the font's table directory."""
    (count,) = struct.unpack(">H", data[4:6])
    for entry in range(count):
        name, _, offset, length = struct.unpack(">4sLLL", data[12 + 16 * entry:28 + 16 * entry])
        if name.decode("latin-1") == tag:
            return offset, length
    raise AssertionError(f"test setup: DejaVu Sans has no {tag!r} table")


def damaged(tag: str, at: int, new: bytes) -> bytes:
    """DejaVu Sans with the bytes at `at` in table `tag` replaced by `new`."""
    data = bytearray(DEJAVU.read_bytes())
    offset, length = table_place(bytes(data), tag)
    assert at + len(new) <= length
    data[offset + at:offset + at + len(new)] = new
    return bytes(data)


#: Damage reportlab or fontTools cannot read past: each crashed `pnp` with a traceback, or built the
#: PDF and then crashed in the SVG, before fonts were tried as they are read.
DAMAGE = {
    "head-version": ("head", 0, b"\x00\x02\x00\x00"),  # reportlab: "Unknown head table version 2.0000"
    "os2-version": ("OS/2", 0, b"\x66\x01"),  # the PDF builds; fontTools: "unknown format for OS/2 table"
    "maxp-version": ("maxp", 0, b"\x00\xf9"),  # reportlab: "Unknown maxp table version"
    "hhea-metrics": ("hhea", 34, b"\x7f\xff"),  # more horizontal metrics than the hmtx table holds
    "gpos-lookups": ("GPOS", 8, b"\xff\xf0"),  # the lookup list's offset past the table's end
    "gsub-lookups": ("GSUB", 8, b"\xff\xf0"),
}

COMMANDS = {
    "validate": ("validate", "g.yaml"),
    "list": ("list", "g.yaml"),
    "build-pdf": ("build", "g.yaml", "--out", "out", "--format", "pdf"),
    "build-svg": ("build", "g.yaml", "--out", "out", "--format", "svg"),
    "build-all": ("build", "g.yaml", "--out", "out", "--format", "pdf,svg,png,cut,dxf"),
}


def game_with_font(tmp_path: Path, font: bytes) -> tuple[Path, int]:
    """The deck starter with `style: font: f.ttf`, and the line of that `font:` key."""
    code, _, stderr = run_pnp("new", "deck", "g", cwd=tmp_path)
    assert code == 0, stderr
    folder = tmp_path / "g"
    (folder / "f.ttf").write_bytes(font)
    text = (folder / "g.yaml").read_text()
    assert text.count("\nstyle:\n") == 1, "test setup: the starter has one style block"
    text = text.replace("\nstyle:\n", "\nstyle:\n  font: f.ttf\n")
    (folder / "g.yaml").write_text(text)
    line = next(number for number, row in enumerate(text.splitlines(), 1) if row == "  font: f.ttf")
    return folder, line


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("damage", DAMAGE)
def test_a_damaged_font_is_one_error_at_its_font_line(tmp_path, damage, command):
    folder, line = game_with_font(tmp_path, damaged(*DAMAGE[damage]))
    code, stdout, stderr = run_pnp(*COMMANDS[command], cwd=folder)
    shown = f"exit code {code}\n--- stdout ---\n{stdout}\n--- stderr ---\n{stderr}"
    assert "Traceback" not in stdout + stderr, shown
    assert code == 2, shown
    assert len(stderr.splitlines()) == 1, shown
    assert re.fullmatch(rf'g\.yaml:{line}:9: error: font "f\.ttf" is damaged or unreadable \(.+\); give another '
                        r"TTF or OTF file \[input\.font\]\n", stderr), shown
    assert not (folder / "out").exists(), "nothing is written for a game whose font cannot be read"


def test_a_damaged_fallback_font_is_one_error_at_its_line(tmp_path):
    folder, _ = game_with_font(tmp_path, damaged(*DAMAGE["os2-version"]))
    path = folder / "g.yaml"
    text = path.read_text().replace("  font: f.ttf\n", "  fallback: [f.ttf]\n")
    path.write_text(text)
    line = next(number for number, row in enumerate(text.splitlines(), 1) if "fallback:" in row)
    code, _, stderr = run_pnp("build", "g.yaml", "--out", "out", "--format", "svg", cwd=folder)
    assert code == 2 and len(stderr.splitlines()) == 1 and "Traceback" not in stderr, stderr
    assert stderr.startswith(f"g.yaml:{line}:") and "is damaged or unreadable" in stderr, stderr
    assert not (folder / "out").exists()


def name_record_past_its_strings(record: int) -> bytes:
    """DejaVu Sans with name record `record` pointing past the end of the name table's strings
    (fontTools: "skipping malformed name record #4")."""
    at = 6 + 12 * record + 10  # the record's string offset, after platform, encoding, language, name id, length
    return damaged("name", at, b"\xff\xf0")


def post_names_cut_short() -> bytes:
    """DejaVu Sans whose first glyph name in the post table claims 255 characters, so that the names
    run out before the glyphs do (fontTools: "not enough data in post.stringData array")."""
    data = DEJAVU.read_bytes()
    offset, _ = table_place(data, "post")
    assert data[offset:offset + 4] == b"\x00\x02\x00\x00", "test setup: DejaVu's post table is format 2"
    (glyphs,) = struct.unpack(">H", data[offset + 32:offset + 34])
    return damaged("post", 34 + 2 * glyphs, b"\xff")  # the first name's length byte, after the name indices


@pytest.mark.parametrize("make", [lambda: name_record_past_its_strings(4), post_names_cut_short],
                         ids=["name", "post"])
def test_what_fonttools_only_logs_about_a_font_stays_off_the_terminal(tmp_path, make):
    # A separate process: in this one pytest's own log capture would hide the lines a user sees.
    folder, _ = game_with_font(tmp_path, make())
    code, stdout, stderr = run_pnp_process("build", "g.yaml", "--out", "out", "--format", "pdf,svg", cwd=folder)
    assert code == 0 and stderr == "", f"exit code {code}\n--- stderr ---\n{stderr}"
    assert (folder / "out" / "g" / "g.pdf").exists() and (folder / "out" / "g" / "svg").is_dir()
