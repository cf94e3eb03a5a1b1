"""A build says one line a game, and warnings as a count; --draft prints a set that breaks its rules,
and every page says so."""

from __future__ import annotations

import pdfprobe
from conftest import run_pnp


def test_a_build_counts_its_warnings_in_one_line_and_names_pnp_validate(tmp_path):
    code, stdout, stderr = run_pnp("build", "diamonds", "--only", "reference-card", "--out", "out",
                                   "--set", "reference_card.copies=1", cwd=tmp_path)
    assert code == 0 and len(stdout.splitlines()) == 1
    assert stderr.splitlines() == ["diamonds: 1 warning; pnp validate lists them"]
    code, _, stderr = run_pnp("validate", "diamonds", "--set", "reference_card.copies=1", cwd=tmp_path)
    assert code == 0 and "[diamonds.reference-copies]" in stderr  # the warning itself
    code, stdout, stderr = run_pnp("build", "diamonds", "--only", "reference-card", "--out", "out", "-q",
                                   "--set", "reference_card.copies=1", cwd=tmp_path)
    assert code == 0 and stdout == stderr == ""


def test_a_rule_error_stops_a_build_unless_it_is_a_draft(tmp_path):
    broken = ("--set", "win_targets.2=5")
    code, _, stderr = run_pnp("build", "diamonds", "--out", "out", *broken, cwd=tmp_path)
    assert code == 1 and "[diamonds.win-target]" in stderr and not (tmp_path / "out" / "diamonds").exists()
    code, stdout, stderr = run_pnp("build", "diamonds", "--out", "out", "--draft", *broken, cwd=tmp_path)
    assert code == 0 and stdout.count("\n") == 1
    assert stderr.count("[diamonds.win-target]") == 1  # the findings, listed once
    pages = pdfprobe.read(tmp_path / "out" / "diamonds" / "diamonds.pdf")
    for chars, _ in pages:
        text = "".join(char.char for char in chars)
        assert "DRAFT, 1 rule error" in text


def test_a_draft_of_a_set_that_keeps_its_rules_still_says_draft(tmp_path):
    code, _, stderr = run_pnp("build", "diamonds", "--only", "rules-sheet", "--out", "out", "--draft", cwd=tmp_path)
    assert code == 0 and stderr == ""
    [(chars, _), *_] = pdfprobe.read(tmp_path / "out" / "diamonds" / "diamonds.pdf")
    assert "DRAFT, 0 rule errors" in "".join(char.char for char in chars)
