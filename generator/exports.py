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

import hashlib
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

def piece_pages(components: list[Component], settings: PrintSettings, backs: bool = True) -> list[Page]:
    """A page per piece face, the size of the trim plus the bleed all round, the piece in the middle
    and nothing else: its back follows it (unless not `backs`), seen from behind (a net's outline
    mirrored)."""
    bleed = settings.bleed
    # Turned over side to side, as a book's page: the flip of a sheet of the page's shape that swaps
    # left and right, so that a back is upright on its page, a landscape one too.
    side_to_side = {False: replace(settings, duplex="long"), True: replace(settings, duplex="short")}
    pages = []
    for component in components:
        for piece in component.pieces:
            width, height = piece.width + 2 * bleed, piece.height + 2 * bleed
            front = Page("front", width, height, [component], [
                Placement(piece, component, "front", bleed, bleed, False, (bleed,) * 4, cut_lines=False)],
                furniture=False)
            pages.append(front)
            if backs and piece.back is not None:
                back = backs_of(front, side_to_side[width > height])
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
                 "trim_mm": [round(placement.piece.width, 3), round(placement.piece.height, 3)],
                 "bleed_mm": settings.bleed, "shape": placement.piece.shape.kind}
        if "pdf" in formats:  # the listing names only files the build writes
            entry.update(pdf=f"{name}.pdf", pdf_page=page.number)
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
    """A component TTS can hold as a deck: pieces of one rectangle, all behind one back.

    Backs are one when they are equal, not only when they are the same object: a layout's Face is
    made per piece and equal Faces draw the same. A drawer that defines no equality (a function, a
    functools.partial) is equal to itself alone."""
    pieces = component.pieces
    return (bool(pieces) and all(piece.shape.kind == "rect" for piece in pieces)
            and len({(piece.width, piece.height) for piece in pieces}) == 1
            and pieces[0].back is not None and all(piece.back == pieces[0].back for piece in pieces))


def tts_grid(count: int, width_mm: float, height_mm: float, dpi: int) -> tuple[int, int]:
    """Columns and rows of one deck sheet holding `count` faces of width x height mm and, in its last
    slot, the image TTS shows for a hidden card: at most 10 x 7, so at most 69 faces. Of the shapes
    that hold them, the one that lets the faces be drawn largest within 4096 px (up to `dpi`: six
    large cards on 3 x 3 at 234 dpi, not 7 x 1 at 100), then the one with the fewest empty slots,
    then the widest."""
    slots = count + 1
    grids = [(columns, math.ceil(slots / columns)) for columns in range(1, TTS_COLUMNS + 1)
             if math.ceil(slots / columns) <= TTS_ROWS]
    return max(grids, key=lambda grid: (tts_dpi(width_mm, height_mm, *grid, dpi), -grid[0] * grid[1], grid[0]))


#: Faces on one deck sheet: TTS keeps the sheet's last slot for the hidden-card image.
TTS_FACES = TTS_COLUMNS * TTS_ROWS - 1


def tts_dpi(width_mm: float, height_mm: float, columns: int, rows: int, dpi: int) -> int:
    """The highest resolution up to `dpi` at which a sheet of columns x rows faces stays within
    4096 px both ways (pixels are rounded per face, so the bound is checked, not divided out)."""
    while dpi > 1 and (columns * pixels(width_mm, dpi) > TTS_MAX_PX or rows * pixels(height_mm, dpi) > TTS_MAX_PX):
        dpi -= 1
    return dpi


def tts_image_dpi(component: Component, dpi: int, deck: bool | None = None) -> int:
    """The resolution of a component's TTS images: `dpi`, or less where a deck's sheet, or one piece's
    image (a board), would pass the 4096 px TTS loads. `deck`: whether it is deck_like, if known."""
    if deck_like(component) if deck is None else deck:
        first = component.pieces[0]
        grid = tts_grid(min(len(component.pieces), TTS_FACES), first.width, first.height, dpi)
        return tts_dpi(first.width, first.height, *grid, dpi)
    largest = max(max(piece.width, piece.height) for piece in component.pieces)
    return max(30, min(dpi, math.floor(TTS_MAX_PX / (largest / 25.4))))


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


def card_type(shape: Rect) -> int:
    """A deck's `Type`, TTS's card shape: 0 a rectangle with round corners, 1 one with square corners
    (Berserk-Games/Tabletop-Simulator-API docs/custom-game-objects.md, Custom Card)."""
    return 0 if shape.radius > 0 else 1


def tts_decks(components: list[Component], settings: PrintSettings, title: str, dpi: int,
              recordings=None, folder: Path | None = None, name: str = "game") -> Iterator[tuple[str, bytes]]:
    """Tabletop Simulator files, in `tts/`, each (path, bytes) yielded as soon as it is made, so that
    a deck of thousands of cards holds one sheet and one face in memory at a time:

    - for each deck-like component, sheets `<component>-NN.png` of up to 69 faces on a grid of at
      most 10 x 7, the last slot holding the back (what TTS shows for a hidden card), and the back
      alone as `<component>-back.png`; faces at `dpi` or less, so a sheet stays within 4096 px;
    - for every other piece (tiles, tokens, boards, coins), an image of each face, `<component>/<id>-
      front.png` (and `-back.png`), transparent outside a shaped outline;
    - `decks.json`, each sheet's image, back, grid, count, ids in reading order and CustomDeck key,
      and each other piece's shape, size, images and the custom object TTS would make of it;
    - `<name>.json`, all of it as one TTS saved object laid out as a table (`saved_object`)."""
    from PIL import Image

    from generator.backends.png import png_bytes, render_images

    trimmed = replace(settings, bleed=0.0)
    decks: list[dict] = []
    objects: list[dict] = []
    key = 0  # CustomDeck keys run on across the decks: a card's id, key x 100 + slot, is the save's own
    for component in components:
        if not deck_like(component):
            yield from _tts_objects(component, trimmed, title, dpi, recordings, objects)
            continue
        pieces = component.pieces
        first = pieces[0]
        face_dpi = tts_image_dpi(component, dpi, deck=True)
        size = (pixels(first.width, face_dpi), pixels(first.height, face_dpi))
        pages = _deck_pages(component, trimmed)
        pdf = render(pages, trimmed, title, ("pdf",), face_dpi, faces=recordings)["pdf"]
        images = render_images(pdf, [(page.width, page.height) for page in pages], face_dpi)
        back = next(images)
        back_name = f"tts/{component.name}-back.png"
        yield back_name, png_bytes(back, face_dpi)
        sheets = []
        for start in range(0, len(pieces), TTS_FACES):
            count = min(TTS_FACES, len(pieces) - start)
            columns, rows = tts_grid(count, first.width, first.height, dpi)
            sheet = Image.new("RGB", (columns * size[0], rows * size[1]), "white")
            for index in range(count):
                sheet.paste(next(images), ((index % columns) * size[0], (index // columns) * size[1]))
            hidden = columns * rows - 1
            sheet.paste(back, ((hidden % columns) * size[0], (hidden // columns) * size[1]))
            sheet_name = f"tts/{component.name}-{start // TTS_FACES + 1:02d}.png"
            yield sheet_name, png_bytes(sheet, face_dpi)
            key += 1
            sheets.append({"image": sheet_name, "back": back_name, "columns": columns, "rows": rows,
                           "count": count, "hidden_slot": hidden, "face_px": list(size), "key": key,
                           "ids": [p.id for p in pieces[start:start + TTS_FACES]]})
        images.close()  # every face taken: the PDF's document goes now
        decks.append({"component": component.name, "title": component.title, "sheets": sheets,
                      "width_mm": round(first.width, 3), "height_mm": round(first.height, 3),
                      "type": card_type(first.shape), "sideways": first.width > first.height})
    yield "tts/decks.json", json_bytes({"layout": "tts", "decks": decks, "objects": objects})
    yield f"tts/{name}.json", json_bytes(saved_object(title, decks, objects, folder))


def _deck_pages(component: Component, settings: PrintSettings) -> list[Page]:
    """A deck's pages for its sheets: the back its cards share, as piece_pages makes it behind the
    first card, then every card's front (not the same back again behind each)."""
    _, back = piece_pages([replace(component, pieces=component.pieces[:1])], settings)
    pages = [back, *piece_pages([component], settings, backs=False)]
    for number, page in enumerate(pages, start=1):
        page.number = number
    return pages


# How big TTS makes each object at scale 1, so that a piece's Transform scale brings it to its size in
# millimetres. TTS's unit is "about an inch" (Tabletop Simulator Knowledge Base, custom-tile.md and
# custom-token.md: thickness "in in-game units (about an inch)"), 25.4 mm:
#
# - a card at scale 1 is a poker card: its longer side 3.5 in = 88.9 mm (TTS's own decks are poker
#   cards, and deck exporters put 63 x 88 mm cards at scale 1: 1j01/systemocracy's export,
#   ToyDragon/frogtownstatic's tts_deck.js); a card's shorter side follows its sheet's grid;
# - a Custom_Tile at scale 1 is 2 units (50.8 mm) a side: TTS stretches its image to a square tile
#   ("Stretch" on), and the scale's x and z give it the piece's width and height; a hex or a circle
#   is that square's width across (Lixquid's Hey, That's My Fish script lays scale-1 hex tiles 1.91
#   units apart, a gap of a hair between them);
# - a Custom_Token at scale 1 is 2 units across its picture's longer side, like the tile it derives from.
#
# scale = size in mm / size at scale 1 in mm; y (the thickness) stays 1.
CARD_AT_SCALE_1_MM = 88.9
TILE_AT_SCALE_1_MM = 50.8
TTS_UNIT_MM = 25.4
#: A component whose pieces are all this small or smaller comes in a bag (coins, tokens, stickers).
TOKEN_MAX_MM = 40.0
#: Room between objects on the table, in TTS units, and the width a row of them keeps to.
TABLE_GAP, TABLE_ROW = 1.0, 56.0


def tts_scale(entry: dict) -> tuple[float, float]:
    """The Transform's (scaleX, scaleZ) that give an object its size in mm (see the sizes above)."""
    width, height = entry["width_mm"], entry["height_mm"]
    if entry.get("deck"):
        return (max(width, height) / CARD_AT_SCALE_1_MM,) * 2
    tts = entry["tts"]
    if tts["object"] == "Custom_Tile" and tts["type"] in (0, 3):  # a box stretched to the piece's sides
        return width / TILE_AT_SCALE_1_MM, height / TILE_AT_SCALE_1_MM
    return (max(width, height) / TILE_AT_SCALE_1_MM,) * 2


def saved_object(title: str, decks: list[dict], objects: list[dict], folder: Path | None) -> dict:
    """A TTS saved object (a SaveState whose ObjectStates are the game's pieces), for TTS's `Saves/Saved
    Objects` folder, laid out as a table: each deck a DeckCustom stacked face down; the tokens of each
    kind (pieces of TOKEN_MAX_MM or less) in a Bag; every other piece (tiles, boards, sheets) a
    Custom_Tile or Custom_Token, each component's laid out in a grid; the decks and bags in a row at the
    far side, the grids below, the whole centred on the table. Every object is its size in mm
    (tts_scale). Images are file URLs into `folder` (the build's game folder), so it loads on the
    machine that built it; upload the images and replace the URLs to share it."""
    def url(name: str) -> str:
        return (folder / name).resolve().as_uri() if folder else name

    blocks = []  # (width, depth in TTS units, the objects laid at the block's top-left corner)
    for deck in decks:
        blocks.append(_deck_block(deck, url))
    by_component: dict[str, list[dict]] = {}
    for entry in objects:
        by_component.setdefault(entry["component"], []).append(entry)
    grids = []
    for name, entries in by_component.items():
        if len(entries) > 1 and all(max(e["width_mm"], e["height_mm"]) <= TOKEN_MAX_MM for e in entries):
            blocks.append(_bag_block(name, entries, url))
        else:
            grids.append(_grid_block(entries, url))
    states = _laid_out([blocks, grids])
    return {"SaveName": title, "GameMode": "", "Date": "", "Table": "", "Sky": "", "Note": "", "Rules": "",
            "XmlUI": "", "LuaScript": "", "LuaScriptState": "", "ObjectStates": states, "TabStates": {},
            "VersionNumber": ""}


def _transform(x: float = 0.0, z: float = 0.0, scale: tuple[float, float] = (1.0, 1.0), face_down: bool = False,
               y: float = 1.0) -> dict:
    # rotY 180 turns an object's top edge away from the player, as TTS spawns it; rotZ 180 turns it over.
    return {"posX": round(x, 4), "posY": y, "posZ": round(z, 4), "rotX": 0.0, "rotY": 180.0,
            "rotZ": 180.0 if face_down else 0.0, "scaleX": round(scale[0], 4), "scaleY": 1.0,
            "scaleZ": round(scale[1], 4)}


def _guid(*parts: str) -> str:
    """A GUID of TTS's form (six hex digits), the same for the same piece in every build."""
    return hashlib.sha1("/".join(parts).encode()).hexdigest()[:6]


def _footprint(entry: dict) -> tuple[float, float]:
    """An object's width and depth on the table, in TTS units."""
    return entry["width_mm"] / TTS_UNIT_MM, entry["height_mm"] / TTS_UNIT_MM


def _deck_block(deck: dict, url) -> tuple[float, float, list]:
    """A deck as one DeckCustom, face down, holding its cards (a deck of one card: the card)."""
    scale = tts_scale({**deck, "deck": True})
    custom, cards = {}, []
    for sheet in deck["sheets"]:
        key = str(sheet["key"])
        custom[key] = {"FaceURL": url(sheet["image"]), "BackURL": url(sheet["back"]), "NumWidth": sheet["columns"],
                       "NumHeight": sheet["rows"], "BackIsHidden": True, "UniqueBack": False,
                       "Type": deck["type"]}
        cards += [{"Name": "Card", "GUID": _guid(deck["component"], piece_id), "Transform": _transform(scale=scale),
                   "Nickname": piece_id, "CardID": sheet["key"] * 100 + slot, "SidewaysCard": deck["sideways"],
                   "CustomDeck": {key: custom[key]}}
                  for slot, piece_id in enumerate(sheet["ids"])]
    if len(cards) == 1:
        state = cards[0]
    else:
        state = {"Name": "DeckCustom", "GUID": _guid(deck["component"]), "Transform": _transform(scale=scale),
                 "Nickname": deck["title"], "SidewaysCard": deck["sideways"],
                 "DeckIDs": [card["CardID"] for card in cards], "CustomDeck": custom, "ContainedObjects": cards}
    width, depth = _footprint(deck)
    return width, depth, [(width / 2, depth / 2, state, True)]


def _piece_state(entry: dict, url) -> dict:
    image = {"ImageURL": url(entry["front"]), "ImageSecondaryURL": url(entry.get("back", entry["front"])),
             "ImageScalar": 1.0, "WidthScale": 0.0}
    if entry["tts"]["object"] == "Custom_Tile":
        image["CustomTile"] = {"Type": entry["tts"]["type"], "Thickness": 0.1, "Stackable": False, "Stretch": True}
    else:
        image["CustomToken"] = {"Thickness": 0.1, "MergeDistancePixels": 15.0, "StandUp": False, "Stackable": False}
    return {"Name": entry["tts"]["object"], "GUID": _guid(entry["component"], entry["id"]),
            "Transform": _transform(scale=tts_scale(entry)), "Nickname": entry["id"], "CustomImage": image}


def _bag_block(name: str, entries: list[dict], url) -> tuple[float, float, list]:
    """The tokens of one kind in a TTS bag, which a player draws from or tips out."""
    bag = {"Name": "Bag", "GUID": _guid(name, "bag"), "Transform": _transform(), "Nickname": name,
           "ColorDiffuse": {"r": 0.7, "g": 0.35, "b": 0.0}, "Bag": {"Order": 0},
           "ContainedObjects": [_piece_state(entry, url) for entry in entries]}
    return 3.0, 3.0, [(1.5, 1.5, bag, False)]  # a bag stands about 3 units across


def _grid_block(entries: list[dict], url) -> tuple[float, float, list]:
    """A component's pieces laid out in a grid of equal cells, as near square as they come."""
    cell_w = max(_footprint(entry)[0] for entry in entries) + TABLE_GAP / 2
    cell_d = max(_footprint(entry)[1] for entry in entries) + TABLE_GAP / 2
    columns = max(1, min(len(entries), math.ceil(math.sqrt(len(entries) * cell_d / cell_w))))
    placed = [((index % columns + 0.5) * cell_w, (index // columns + 0.5) * cell_d, _piece_state(entry, url), False)
              for index, entry in enumerate(entries)]
    return columns * cell_w, math.ceil(len(entries) / columns) * cell_d, placed


def _laid_out(groups: list[list[tuple[float, float, list]]]) -> list[dict]:
    """The blocks of each group in rows (a new row when one is TABLE_ROW units wide, and for each
    group), from the far side of the table towards the player, the whole centred on the table's
    middle; each block's objects placed at their offsets from its top-left corner."""
    rows: list[list] = []
    for group in groups:
        row_width = TABLE_ROW
        for block in group:
            if row_width + block[0] > TABLE_ROW:
                rows.append([])
                row_width = 0.0
            rows[-1].append(block)
            row_width += block[0] + TABLE_GAP
    placed, z = [], 0.0
    for row in rows:
        x = 0.0
        for width, depth, objects in row:
            placed += [(x + dx, z + dz, state, face_down) for dx, dz, state, face_down in objects]
            x += width + TABLE_GAP
        z += max(depth for _, depth, _ in row) + TABLE_GAP
    if not placed:
        return []
    middle_x = (min(x for x, *_ in placed) + max(x for x, *_ in placed)) / 2
    middle_z = (min(z for _, z, *_ in placed) + max(z for _, z, *_ in placed)) / 2
    states = []
    for x, z, state, face_down in placed:
        # The page's down is the table's near side: -z.
        state["Transform"] = {**state["Transform"], **_transform(x - middle_x, middle_z - z,
                                                                 (state["Transform"]["scaleX"],
                                                                  state["Transform"]["scaleZ"]), face_down)}
        states.append(state)
    return states


def _tts_objects(component: Component, settings: PrintSettings, title: str, dpi: int, recordings,
                 objects: list[dict]) -> Iterator[tuple[str, bytes]]:
    """Each piece of a component that is not a deck as images of its faces, each yielded as it is
    made; how TTS takes each piece is added to `objects` once they all are."""
    from generator.backends.png import png_bytes, render_images

    if not component.pieces:
        return
    face_dpi = tts_image_dpi(component, dpi, deck=False)  # a board within 4096 px too
    pages = piece_pages([component], settings)
    pdf = render(pages, settings, title, ("pdf",), face_dpi, faces=recordings)["pdf"]
    shaped = frozenset(page.number for page in pages if page.placements[0].piece.shape.kind != "rect")
    listed: dict[str, dict] = {}
    for page, image in zip(pages, render_images(pdf, [(p.width, p.height) for p in pages], face_dpi, shaped)):
        placement = page.placements[0]
        piece = placement.piece
        name = f"tts/{face_name(page)}.png"
        yield name, png_bytes(image, face_dpi)
        entry = listed.setdefault(piece.id, {
            "component": component.name, "id": piece.id, "shape": piece.shape.kind,
            "width_mm": round(piece.width, 3), "height_mm": round(piece.height, 3),
            "tts": tts_object(piece.shape),
        })
        entry[placement.face] = name
    objects += listed.values()
