"""Print shops that take a file per card face (`pnp build --shop NAME`), from templates/shops.yaml:
each shop's bleed, safe zone, resolution, file types and the pieces it has templates for."""

from __future__ import annotations

from dataclasses import dataclass

from generator.errors import InputError, Location
from generator.model import Component
from generator.templates import Templates

#: How near a piece's trim must come to a template's to fit it (the project's size tolerance).
FIT_MM = 0.05


@dataclass(frozen=True)
class Shop:
    name: str  # its key in templates/shops.yaml: tgc
    title: str  # The Game Crafter
    bleed_mm: float
    safe_mm: float  # how far inside the trim the shop's safe zone starts
    dpi: int
    formats: tuple[str, ...]
    pieces: tuple[tuple[str, tuple[float, float]], ...]  # (template name, trim (width, height) in mm)

    def template_for(self, width: float, height: float) -> str | None:
        """The name of the template a piece of this trim fits (either way up), or None."""
        for name, (w, h) in self.pieces:
            if any(abs(width - a) <= FIT_MM and abs(height - b) <= FIT_MM for a, b in ((w, h), (h, w))):
                return name
        return None

    def fitting(self, components: list[Component]) -> tuple[list[Component], list[Component]]:
        """The components whose pieces all fit one of the shop's templates, and the others."""
        fit = [c for c in components if c.pieces and all(self.template_for(p.width, p.height) for p in c.pieces)]
        return fit, [c for c in components if c not in fit]

    def left_out_note(self, game: str, left: list[Component]) -> str | None:
        """One line naming what the shop has no template for, or None when everything fits."""
        if not left:
            return None
        sizes = ", ".join(f"{c.name} ({c.pieces[0].width:g} x {c.pieces[0].height:g} mm)" if c.pieces else c.name
                          for c in left)
        return (f"{game}: left out {sizes}: {self.title} has no template for "
                f"{'it' if len(left) == 1 else 'them'} (templates/shops.yaml lists its pieces: "
                f"{', '.join(name for name, _ in self.pieces)})")


def shop_named(name: str, templates: Templates | None = None) -> Shop:
    """The shop `name` of templates/shops.yaml (an unknown name is an input error naming the known ones)."""
    entry = (templates or Templates()).get("shops", name, Location("--shop"), "--shop")
    pieces = tuple((key, (float(size[0]), float(size[1]))) for key, size in entry.get("pieces", {}).items())
    if not pieces:
        raise InputError(entry.where("name"), f"shop {name} lists no pieces it has templates for", "input.type")
    return Shop(name, str(entry["name"]), float(entry["bleed_mm"]), float(entry["safe_mm"]), int(entry["dpi"]),
                tuple(entry["formats"]), pieces)
