"""Print settings: the paper and sheet templates plus the command-line choices, checked like data."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from generator.errors import InputError, Location, closest
from generator.impose import Paper, PrintSettings, SheetStyle
from generator.paths import display_path
from generator.schema import Context, _kind_of, build, spec_field
from generator.templates import Templates, merge
from generator.yamlio import YamlMap, load_yaml

#: The biggest sheet worth imposing on (A0 is 841 x 1189 mm); a bigger one is a typo.
MAX_PAPER_MM = 1500.0
#: Beside the footer's ruler: its advice to print at actual size (55 mm) and room for the page label.
FOOTER_TEXT_MM = 70.0


@dataclass
class PaperSpec:
    width_mm: float = spec_field(positive=True, maximum=MAX_PAPER_MM)
    height_mm: float = spec_field(positive=True, maximum=MAX_PAPER_MM)
    margin_mm: float = spec_field(6.35, minimum=6.35, maximum=50)


@dataclass
class SheetSpec:
    crop_mark_length_mm: float = spec_field(positive=True, maximum=20)
    crop_mark_offset_mm: float = spec_field(minimum=0, maximum=10)
    footer_height_mm: float = spec_field(positive=True, maximum=30)
    calibration_mm: float = spec_field(positive=True, maximum=150)
    tile_overlap_mm: float = spec_field(positive=True, maximum=50)
    mark_colour: str = "#000000"
    footer_colour: str = "#555555"
    cut_line_colour: str = "#000000"
    cut_line_mm: float = spec_field(0.25, positive=True, maximum=2)
    cut_halo_colour: str = "#ffffff"
    cut_halo_mm: float = spec_field(0.25, minimum=0, maximum=2)
    fold_line_colour: str = "#6b6b6b"
    fold_dash_mm: list[float] = spec_field(default_factory=lambda: [1.2, 1.0], positive=True, maximum=20)


def print_settings(paper: str, duplex: str, bleed: float, crop_marks: bool, context: Context) -> PrintSettings:
    templates = context.templates
    paper_name, paper_raw = paper_choice(paper, templates)
    paper_spec = build(PaperSpec, paper_raw, paper_raw.location, context, f"paper {paper_name}")
    sheet_raw = templates.get("sheet", "standard", Location("templates/sheet.yaml"), "sheet")
    sheet = build(SheetSpec, sheet_raw, sheet_raw.location, context, "sheet standard")
    if not 0 <= bleed <= 10:
        raise InputError(Location("--bleed"), f"bleed {bleed:g} mm is out of range; use 0 to 10 mm", "input.out-of-range")
    check_room(paper_name, paper_spec, sheet, paper_raw)
    return PrintSettings(
        paper=Paper(paper_name, paper_spec.width_mm, paper_spec.height_mm, paper_spec.margin_mm),
        sheet=SheetStyle(
            sheet.crop_mark_length_mm, sheet.crop_mark_offset_mm, sheet.footer_height_mm,
            sheet.calibration_mm, sheet.tile_overlap_mm, sheet.mark_colour, sheet.footer_colour,
            sheet.cut_line_colour, sheet.cut_line_mm, tuple(sheet.fold_dash_mm), sheet.cut_halo_colour,
            sheet.cut_halo_mm, sheet.fold_line_colour,
        ),
        duplex=duplex,
        bleed=bleed,
        crop_marks=crop_marks,
    )


def is_paper_file(choice: str) -> bool:
    """`--paper` names a YAML file (as `--palette` does) rather than a preset."""
    return choice.lower().endswith((".yaml", ".yml")) or "/" in choice or "\\" in choice


def paper_choice(choice: str, templates: Templates) -> tuple[str, YamlMap]:
    """The paper's name and its fields, from a preset (any case) or from a paper YAML file."""
    if not is_paper_file(choice):
        return preset(choice, templates, Location("--paper"))
    path = Path(choice)
    display = display_path(path)
    if not path.exists():
        raise InputError(Location(display), "no such paper file; give a paper name "
                         f"({', '.join(templates.kind('paper'))}) or the path of a paper YAML file", "input.missing-file")
    if path.is_dir():
        raise InputError(Location(display), "is a directory; give a paper YAML file", "input.missing-file")
    raw = load_yaml(path, display, hint="give a paper name or the path of a paper YAML file", kind="paper")
    if not isinstance(raw, YamlMap):
        raise InputError(getattr(raw, "location", Location(display, 1, 1)), "a paper file is a mapping: width_mm, "
                         "height_mm and margin_mm, or extends: a4 and the ones that differ", "input.type")
    if "extends" in raw:
        _, base = preset(raw["extends"], templates, raw.where("extends"))
        raw = merge(base, raw)
    return path.stem, raw


def preset(name, templates: Templates, location: Location) -> tuple[str, YamlMap]:
    """A preset of templates/paper.yaml, named in any case; one clean line when there is none."""
    known = list(templates.kind("paper"))
    if not isinstance(name, str):
        raise InputError(location, f"a paper is named by a word ({', '.join(known)}), not {_kind_of(name)}",
                         "input.type")
    key = name.strip().lower()
    if key not in known:
        close = closest(key, known)
        hint = f'; did you mean "{close}"?' if close else ""
        raise InputError(location, f'unknown paper "{name}"{hint} ({", ".join(known)}, or a YAML file)',
                         "input.unknown-paper")
    return key, templates.get("paper", key, location, "--paper")


def check_room(name: str, paper: PaperSpec, sheet: SheetSpec, raw: YamlMap) -> None:
    """The footer runs across the paper inside its margins, whichever way the paper is turned: the
    ruler, its advice to print at actual size and the page label must fit (render.draw_footer)."""
    short = min(paper.width_mm, paper.height_mm)
    needed = 2 * paper.margin_mm + sheet.calibration_mm + FOOTER_TEXT_MM
    if short < needed:
        field = "width_mm" if paper.width_mm <= paper.height_mm else "height_mm"
        raise InputError(raw.where(field), f"paper {name} is {paper.width_mm:g} x {paper.height_mm:g} mm; its short "
                         f"side must be at least {needed:g} mm, for the margins and the footer (the "
                         f"{sheet.calibration_mm:g} mm ruler and the words beside it)", "input.out-of-range")
