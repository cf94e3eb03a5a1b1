"""The layout rule every game gets: no text on a piece prints smaller than 7 pt, the smallest that
reads at the table (DESIGN.md, print craft). Read from the faces' recordings, like colour.contrast."""

from __future__ import annotations

from generator.canvas import PT
from generator.errors import Location
from generator.model import Area
from generator.recording import record_face
from generator.validate import Finding

FLOOR_PT = 7.0
RULES = {"layout.text-size": f"no text on a piece is smaller than {FLOOR_PT:g} pt"}


def text_size_findings(components, location: Location, bleed: float = 0.0, record=record_face) -> list[Finding]:
    """layout.text-size: one finding per component, naming the smallest text and how many are small."""
    findings = []
    for component in components:
        small = []
        seen: set[tuple[int, float, float]] = set()
        for piece in component.pieces:
            area = Area(piece.width, piece.height, bleed, piece.shape)
            for side, draw in (("front", piece.front), ("back", piece.back)):
                if draw is None or (id(draw), piece.width, piece.height) in seen:
                    continue
                seen.add((id(draw), piece.width, piece.height))
                small += [(text.size / PT, piece.id, side, text.text) for text in record(draw, area).texts
                          if text.text.strip() and text.size < FLOOR_PT * PT - 1e-6]
        if small:
            size, piece_id, side, text = min(small)
            more = f" and {len(small) - 1} more" if len(small) > 1 else ""
            findings.append(Finding("error", location, f'{component.name}: "{text[:30]}" on {piece_id} ({side}) prints '
                                    f"at {size:.1f} pt{more}; text on a piece needs {FLOOR_PT:g} pt at least: give it "
                                    "more room or fewer words", "layout.text-size"))
    return findings
