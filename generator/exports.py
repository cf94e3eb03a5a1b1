"""Builds other than sheets for a home printer: the pieces to reprint, a piece to a page for print
shops, and deck sheets for Tabletop Simulator.

* `select` keeps the pieces `--only` names, `--copies` times over; they impose as usual.
* `piece_pages` gives every piece face a page of its own, the trim plus the bleed, with no marks:
  what print-on-demand shops ask for. Rendered, each page is a PDF page and an image file named
  after its piece; `pieces.json` says what each file is.
* `tts_decks` lays card faces out in the grids Tabletop Simulator reads (at most 10 x 7 faces,
  4096 px a side), with the deck's back as an image of its own.
"""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path
from typing import Iterator

from generator.backends.png import pixels
from generator.errors import InputError, Location, did_you_mean
from generator.impose import Page, Placement, PrintSettings, backs_of
from generator.model import Component
from generator.render import json_bytes, render
from generator.shapes import Circle, Rect, RegularPolygon

TTS_COLUMNS, TTS_ROWS, TTS_MAX_PX = 10, 7, 4096  # Tabletop Simulator's largest deck sheet, its pixels


# ---------------------------------------------------------------------------------------------
# --only and --copies
# ---------------------------------------------------------------------------------------------

def select(components: list[Component], only: tuple[str, ...], copies: int) -> list[Component]:
    """The components and pieces `only` names (all when it names none), each piece `copies` times.

    `only` entries read `COMPONENT` or `COMPONENT:ID,ID`. A copy after the first gets `-copy-N` on its
    id, so that every placement in the manifest stays one piece.
    """
    chosen: dict[str, set[str] | None] = {}
    by_name = {component.name: component for component in components}
    for entry in only:
        name, colon, ids = entry.partition(":")
        name = name.strip()
        if name not in by_name:
            raise InputError(Location("--only"), f'no component "{name}"{did_you_mean(name, by_name)} '
                             "(`pnp list` shows them)", "input.unknown-component")
        if not colon:
            chosen[name] = None
            continue
        if not any(part.strip() for part in ids.split(",")):
            raise InputError(Location("--only"), f'"{entry}" names no piece after the colon; give ids ({name}:ID,ID), '
                             f"or the component alone ({name})", "input.usage")
        known = {piece.id for piece in by_name[name].pieces}
        for piece_id in (part.strip() for part in ids.split(",") if part.strip()):
            if piece_id not in known:
                raise InputError(Location("--only"), f'{name} has no piece "{piece_id}"'
                                 f"{did_you_mean(piece_id, known)} (`pnp list --pieces GAME` shows them)",
                                 "input.unknown-piece")
            if chosen.get(name, set()) is not None:
                chosen.setdefault(name, set()).add(piece_id)
    selected = []
    for component in components:
        if only and component.name not in chosen:
            continue
        wanted = chosen.get(component.name)
        pieces = [piece for piece in component.pieces if wanted is None or piece.id in wanted]
        repeated = [piece if copy == 1 else replace(piece, id=f"{piece.id}-copy-{copy}")
                    for piece in pieces for copy in range(1, copies + 1)]
        copy_ids = {f"{piece.id}-copy-{copy}" for piece in pieces for copy in range(2, copies + 1)}
        clash = min(copy_ids & {piece.id for piece in component.pieces}, default=None)
        if clash:
            raise InputError(Location("--copies"), f'a copy would be named "{clash}", which is the id of another '
                             f"{component.name} piece; rename that piece, or print without --copies",
                             "input.duplicate-id")
        selected.append(replace(component, pieces=repeated))
    return selected


# ---------------------------------------------------------------------------------------------
# A piece to a page
# ---------------------------------------------------------------------------------------------

def piece_pages(components: list[Component], settings: PrintSettings) -> list[Page]:
    """A page per piece face, the size of the trim plus the bleed all round, the piece in the middle
    and nothing else: its back follows it, seen from behind (a net's outline mirrored)."""
    bleed = settings.bleed
    behind = replace(settings, duplex="long")
    pages = []
    for component in components:
        for piece in component.pieces:
            width, height = piece.width + 2 * bleed, piece.height + 2 * bleed
            front = Page("front", width, height, [component], [
                Placement(piece, component, "front", bleed, bleed, False, (bleed,) * 4, cut_lines=False)],
                furniture=False)
            pages.append(front)
            if piece.back is not None:
                back = backs_of(front, behind)
                back.furniture = False
                pages.append(back)
    for number, page in enumerate(pages, start=1):
        page.number = number
    return pages


def face_name(page: Page) -> str:
    """`card/card-AS-front`: where a piece face's own files go in the build's folder."""
    placement = page.placements[0]
    return f"{placement.component.name}/{placement.piece.id}-{placement.face}"


def piece_files(name: str, pages: list[Page], rendered: Iterator[tuple[str, int, bytes]], settings: PrintSettings,
                dpi: int, formats: tuple[str, ...]) -> Iterator[tuple[str, bytes]]:
    """The rendered pages as files: the PDF, each face's PNG and SVG under its name, and `pieces.json`,
    which tells a print shop (or a script) the file, its size in pixels and the trim and bleed in mm
    of every face. (Cut files are for imposed sheets: a piece alone on its page needs none.)"""
    by_number = {page.number: page for page in pages}
    for fmt, number, data in rendered:
        if fmt == "pdf":
            yield f"{name}.pdf", data
        elif fmt in ("png", "svg"):
            yield f"{face_name(by_number[number])}.{fmt}", data
    listing = []
    for page in pages:
        placement = page.placements[0]
        entry = {"component": placement.component.name, "id": placement.piece.id, "face": placement.face,
                 "pdf_page": page.number, "trim_mm": [round(placement.piece.width, 3), round(placement.piece.height, 3)],
                 "bleed_mm": settings.bleed, "shape": placement.piece.shape.kind}
        if "png" in formats:
            entry.update(png=f"{face_name(page)}.png", width_px=pixels(page.width, dpi),
                         height_px=pixels(page.height, dpi), dpi=dpi)
        if "svg" in formats:
            entry["svg"] = f"{face_name(page)}.svg"
        listing.append(entry)
    yield "pieces.json", json_bytes({"layout": "pieces", "bleed_mm": settings.bleed, "faces": listing})


# ---------------------------------------------------------------------------------------------
# Tabletop Simulator
# ---------------------------------------------------------------------------------------------

def deck_like(component: Component) -> bool:
    """A component TTS can hold as a deck: pieces of one rectangle, all behind one back."""
    pieces = component.pieces
    return (bool(pieces) and all(piece.shape.kind == "rect" for piece in pieces)
            and len({(piece.width, piece.height) for piece in pieces}) == 1
            and len({id(piece.back) for piece in pieces}) == 1 and pieces[0].back is not None)


def tts_grid(count: int) -> tuple[int, int]:
    """Columns and rows of one deck sheet holding `count` faces and, in its last slot, the image TTS
    shows for a hidden card: at most 10 x 7, so at most 69 faces."""
    columns = min(TTS_COLUMNS, count + 1)
    return columns, min(TTS_ROWS, math.ceil((count + 1) / columns))


#: Faces on one deck sheet: TTS keeps the sheet's last slot for the hidden-card image.
TTS_FACES = TTS_COLUMNS * TTS_ROWS - 1


def tts_dpi(width_mm: float, height_mm: float, columns: int, rows: int, dpi: int) -> int:
    """The highest resolution up to `dpi` at which a sheet of columns x rows faces stays within
    4096 px both ways (pixels are rounded per face, so the bound is checked, not divided out)."""
    while dpi > 1 and (columns * pixels(width_mm, dpi) > TTS_MAX_PX or rows * pixels(height_mm, dpi) > TTS_MAX_PX):
        dpi -= 1
    return dpi


def tts_object(shape) -> dict:
    """The custom object TTS makes of a piece: a tile of its shape (box, hex, circle or rounded box,
    TTS's tile types 0 to 3), or a token, which takes any outline from its picture's transparency."""
    if shape.folds:
        return {"object": "Custom_Token"}
    if isinstance(shape, Rect):
        return {"object": "Custom_Tile", "type": 3 if shape.radius else 0}
    if isinstance(shape, Circle):
        return {"object": "Custom_Tile", "type": 2}
    if isinstance(shape, RegularPolygon) and shape.sides == 6:
        return {"object": "Custom_Tile", "type": 1}
    return {"object": "Custom_Token"}


def tts_decks(components: list[Component], settings: PrintSettings, title: str, dpi: int,
              recordings=None, folder: Path | None = None) -> dict[str, bytes]:
    """Tabletop Simulator files, in `tts/`:

    - for each deck-like component, sheets `<component>-NN.png` of up to 69 faces on a grid of at
      most 10 x 7, the last slot holding the back (what TTS shows for a hidden card), and the back
      alone as `<component>-back.png`; faces at `dpi` or less, so a sheet stays within 4096 px;
    - for every other piece (tiles, tokens, boards, coins), an image of each face, `<component>/<id>-
      front.png` (and `-back.png`), transparent outside a shaped outline;
    - `decks.json`, each sheet's image, back, grid, count and ids in reading order, and each other
      piece's shape, size, images and the custom object TTS would make of it (a tile or a token);
    - `saved-object.json`, all of it as one TTS saved object (`saved_object`)."""
    from PIL import Image

    from generator.backends.png import png_bytes, render_images

    trimmed = replace(settings, bleed=0.0)
    files: dict[str, bytes] = {}
    decks, objects = [], []
    for component in components:
        if not deck_like(component):
            objects += _tts_objects(component, trimmed, title, dpi, recordings, files)
            continue
        first = component.pieces[0]
        columns, rows = tts_grid(min(len(component.pieces), TTS_FACES))
        face_dpi = tts_dpi(first.width, first.height, columns, rows, dpi)
        size = (pixels(first.width, face_dpi), pixels(first.height, face_dpi))
        pages = piece_pages([component], trimmed)
        pdf = render(pages, trimmed, title, ("pdf",), face_dpi, faces=recordings)["pdf"]
        images = list(render_images(pdf, [(page.width, page.height) for page in pages], face_dpi))
        faces = [image for page, image in zip(pages, images) if page.side == "front"]
        back = next(image for page, image in zip(pages, images) if page.side == "back")
        back_name = f"tts/{component.name}-back.png"
        files[back_name] = png_bytes(back, face_dpi)
        sheets = []
        for start in range(0, len(faces), TTS_FACES):
            chunk = faces[start:start + TTS_FACES]
            columns, rows = tts_grid(len(chunk))
            sheet = Image.new("RGB", (columns * size[0], rows * size[1]), "white")
            for index, face in enumerate(chunk):
                sheet.paste(face, ((index % columns) * size[0], (index // columns) * size[1]))
            hidden = columns * rows - 1
            sheet.paste(back, ((hidden % columns) * size[0], (hidden // columns) * size[1]))
            name = f"tts/{component.name}-{start // TTS_FACES + 1:02d}.png"
            files[name] = png_bytes(sheet, face_dpi)
            sheets.append({"image": name, "back": back_name, "columns": columns, "rows": rows, "count": len(chunk),
                           "hidden_slot": hidden, "face_px": list(size),
                           "ids": [p.id for p in component.pieces[start:start + TTS_FACES]]})
        decks.append({"component": component.name, "sheets": sheets})
    files["tts/decks.json"] = json_bytes({"layout": "tts", "decks": decks, "objects": objects})
    files["tts/saved-object.json"] = json_bytes(saved_object(title, decks, objects, folder))
    return files


def saved_object(title: str, decks: list[dict], objects: list[dict], folder: Path | None) -> dict:
    """A TTS saved object (a SaveState whose ObjectStates are the game's pieces: a DeckCustom per
    deck, holding its cards, and a Custom_Tile or Custom_Token per other piece), for TTS's `Saves/Saved
    Objects` folder. Images are file URLs into `folder` (the build's game folder), so it loads on the
    machine that built it; upload the images and replace the URLs to share it. Objects come in at
    TTS's own default size, in a row along the table."""
    def url(name: str) -> str:
        return (folder / name).resolve().as_uri() if folder else name

    def transform(index: int) -> dict:
        return {"posX": 3.0 * index, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 0.0,
                "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}

    states = []
    for deck in decks:
        custom, cards = {}, []
        for key, sheet in enumerate(deck["sheets"], start=1):
            custom[str(key)] = {"FaceURL": url(sheet["image"]), "BackURL": url(sheet["back"]),
                                "NumWidth": sheet["columns"], "NumHeight": sheet["rows"], "BackIsHidden": True,
                                "UniqueBack": False, "Type": 0}
            cards += [{"Name": "Card", "Transform": transform(len(states)), "Nickname": piece_id,
                       "CardID": key * 100 + index, "CustomDeck": {str(key): custom[str(key)]}}
                      for index, piece_id in enumerate(sheet["ids"])]
        if len(cards) == 1:
            states.append(cards[0])
        else:
            states.append({"Name": "DeckCustom", "Transform": transform(len(states)), "Nickname": deck["component"],
                           "DeckIDs": [card["CardID"] for card in cards], "CustomDeck": custom,
                           "ContainedObjects": cards})
    for entry in objects:
        image = {"ImageURL": url(entry["front"]), "ImageSecondaryURL": url(entry.get("back", entry["front"])),
                 "ImageScalar": 1.0, "WidthScale": 0.0}
        if entry["tts"]["object"] == "Custom_Tile":
            image["CustomTile"] = {"Type": entry["tts"]["type"], "Thickness": 0.2, "Stackable": False, "Stretch": True}
        else:
            image["CustomToken"] = {"Thickness": 0.2, "MergeDistancePixels": 15.0, "StandUp": False,
                                    "Stackable": False}
        states.append({"Name": entry["tts"]["object"], "Transform": transform(len(states)), "Nickname": entry["id"],
                       "CustomImage": image})
    return {"SaveName": title, "GameMode": "", "Date": "", "Table": "", "Sky": "", "Note": "", "Rules": "",
            "XmlUI": "", "LuaScript": "", "LuaScriptState": "", "ObjectStates": states, "TabStates": {},
            "VersionNumber": ""}


def _tts_objects(component: Component, settings: PrintSettings, title: str, dpi: int, recordings,
                 files: dict[str, bytes]) -> list[dict]:
    """Each piece of a component that is not a deck as images of its faces, and how TTS takes it."""
    from generator.backends.png import png_bytes, render_images

    if not component.pieces:
        return []
    largest = max(max(piece.width, piece.height) for piece in component.pieces)
    face_dpi = max(30, min(dpi, math.floor(TTS_MAX_PX / (largest / 25.4))))  # a board within 4096 px too
    pages = piece_pages([component], settings)
    pdf = render(pages, settings, title, ("pdf",), face_dpi, faces=recordings)["pdf"]
    shaped = frozenset(page.number for page in pages if page.placements[0].piece.shape.kind != "rect")
    listed: dict[str, dict] = {}
    for page, image in zip(pages, render_images(pdf, [(p.width, p.height) for p in pages], face_dpi, shaped)):
        placement = page.placements[0]
        piece = placement.piece
        name = f"tts/{face_name(page)}.png"
        files[name] = png_bytes(image, face_dpi)
        entry = listed.setdefault(piece.id, {
            "component": component.name, "id": piece.id, "shape": piece.shape.kind,
            "width_mm": round(piece.width, 3), "height_mm": round(piece.height, 3),
            "tts": tts_object(piece.shape),
        })
        entry[placement.face] = name
    return list(listed.values())
