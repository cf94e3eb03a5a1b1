"""Print settings: the paper and sheet templates plus the command-line choices, checked like data."""

from __future__ import annotations

from dataclasses import dataclass

from generator.errors import InputError, Location
from generator.impose import Paper, PrintSettings, SheetStyle
from generator.schema import Context, build, spec_field


@dataclass
class PaperSpec:
    width_mm: float = spec_field(positive=True)
    height_mm: float = spec_field(positive=True)
    margin_mm: float = spec_field(minimum=6.35, maximum=50)


@dataclass
class SheetSpec:
    crop_mark_length_mm: float = spec_field(positive=True, maximum=20)
    crop_mark_offset_mm: float = spec_field(minimum=0, maximum=10)
    footer_height_mm: float = spec_field(positive=True, maximum=30)
    calibration_mm: float = spec_field(positive=True, maximum=150)
    tile_overlap_mm: float = spec_field(positive=True, maximum=50)
    mark_colour: str = "#000000"
    footer_colour: str = "#555555"
    cut_line_colour: str = "#333333"
    cut_line_mm: float = spec_field(0.25, positive=True, maximum=2)
    fold_dash_mm: list[float] = spec_field(default_factory=lambda: [1.2, 1.0], positive=True, maximum=20)


def print_settings(paper: str, duplex: str, bleed: float, crop_marks: bool, context: Context) -> PrintSettings:
    templates = context.templates
    paper_raw = templates.get("paper", paper, Location("--paper"), "--paper")
    paper_spec = build(PaperSpec, paper_raw, paper_raw.location, context, f"paper {paper}")
    sheet_raw = templates.get("sheet", "standard", Location("templates/sheet.yaml"), "sheet")
    sheet = build(SheetSpec, sheet_raw, sheet_raw.location, context, "sheet standard")
    if not 0 <= bleed <= 10:
        raise InputError(Location("--bleed"), f"bleed {bleed:g} mm is out of range; use 0 to 10 mm", "input.out-of-range")
    return PrintSettings(
        paper=Paper(paper, paper_spec.width_mm, paper_spec.height_mm, paper_spec.margin_mm),
        sheet=SheetStyle(
            sheet.crop_mark_length_mm, sheet.crop_mark_offset_mm, sheet.footer_height_mm,
            sheet.calibration_mm, sheet.tile_overlap_mm, sheet.mark_colour, sheet.footer_colour,
            sheet.cut_line_colour, sheet.cut_line_mm, tuple(sheet.fold_dash_mm),
        ),
        duplex=duplex,
        bleed=bleed,
        crop_marks=crop_marks,
    )
