"""Diaominos: a roll-and-write for 1-4 players around a 2x2 puzzle cube (rules/diaominos.md).

A scrambled cube rolls along the board from space A to F, one L-shaped move a round (two squares,
then one to the side). Each round the four colours on top tell players which polyominoes to mark,
and the four facelets facing each player are the polyominoes that player loads into the big grid.
The rules promise that every surface comes up once and faces every player once; the board's layout
alone decides whether it does, and the validator rolls the cube to check it.

The package, by job: spec.py (what a file says), cube.py (the cube and its rolls), polyominoes.py,
rules.py (the validator's rules), board.py (routes, the roll key and the board's drawers), sheet.py
(the player sheet's parts), paper.py (round cards, sticker guide, rules sheet). Every face is drawn
from a layout of templates/layouts.yaml, diaominos-faces, which a game file's `layouts:` changes.
"""

from __future__ import annotations

from generator.colour_rules import MeaningColour
from generator.model import Component, Piece
from generator.plugins import Game
from generator.print_guide import Printing
from generator.schema import where
from generator.shapes import Rect

from .board import LETTERS, board_path, board_row, board_size  # noqa: F401  (the game's facts, for plug-in readers)
from .paper import round_card_component, rules_component, sticker_guide_component
from .polyominoes import marking_order  # noqa: F401
from .rules import rules
from .sheet import grid_cell, part_on_sheet, player_sheet_row, polyomino_cube  # noqa: F401
from .spec import DiaominosSpec, colour_label, face_of  # noqa: F401


def components(spec: DiaominosSpec) -> list[Component]:
    """Every piece, each a face of diaominos-faces with the style resolved for it: stickers by their
    cube colour's name as the group, so `groups: {white: ...}` restyles the white ones."""
    sheet, cube, words = spec.player_sheet, spec.cube, spec.words
    board_style = spec.style.resolve("board", piece="board")
    board = [Piece("board", Rect(*board_size(spec.board)), face_of(spec, "board", board_style, **board_row(spec)))]
    sheets = []
    for n in range(sheet.copies):
        piece_id = f"player-sheet-{n + 1}"
        style = spec.style.resolve("player-sheet", piece=piece_id)
        sheets.append(Piece(piece_id, Rect(sheet.width_mm, sheet.height_mm),
                            face_of(spec, "player-sheet", style, **player_sheet_row(spec, style))))
    stickers = []
    for colour in cube.colours:
        for n in range(cube.facelets_per_colour):
            piece_id = f"cube-sticker-{colour.name}-{n + 1}"
            style = spec.style.resolve("cube-sticker", colour.name, piece=piece_id)
            stickers.append(Piece(piece_id, Rect(cube.sticker_mm, cube.sticker_mm),
                                  face_of(spec, "cube-sticker", style, colour=colour.colour, symbol=colour.symbol,
                                          mark=style.ink_on(colour.colour))))
    return [
        Component("board", words("component.board"), board),
        Component("player-sheet", words("component.player-sheet"), sheets, cut_guides=False),
        Component("cube-sticker", words("component.cube-sticker"), stickers, stock="sticker"),  # edge to edge: one cut
        sticker_guide_component(spec),
        round_card_component(spec),
        rules_component(spec),
    ]


PRINTING_KEYS = ("printing.bring.pens", "printing.bring.cube", "printing.bring.cube-or-cards",
                 "printing.stock.cube-sticker", "printing.step.stickers")


def printing(spec: DiaominosSpec) -> Printing:
    """Page 1's printing box: the game file's `printing:` block where it gives one and no chosen words
    do; else the words'."""
    given, words = spec.printing, spec.words
    if (given.bring or given.stock or given.steps) and not words.chosen & set(PRINTING_KEYS):
        return given
    cube = "printing.bring.cube-or-cards" if spec.round_cards.games else "printing.bring.cube"
    return given.with_lines([words("printing.bring.pens"), words(cube)],
                            {"cube-sticker": words("printing.stock.cube-sticker")},
                            [words("printing.step.stickers", facelets=spec.cube.facelets_per_colour)])


def meaning_colours(spec: DiaominosSpec) -> list[MeaningColour]:
    """The cube's colours: each tells its facelets apart, with its symbol as a second cue."""
    return [MeaningColour(colour.name, colour.colour, colour.symbol, where(colour, "colour"))
            for colour in spec.cube.colours]


GAME = Game(name="diaominos", spec=DiaominosSpec, components=components, rules=rules, meaning_colours=meaning_colours,
            printing=printing)
