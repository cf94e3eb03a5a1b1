"""Blood Diamonds: warlords race for diamonds on a piecepack field, for 3-6 players (rules/blood_diamonds.md).

The game needs a "six pack": a piecepack in six suits (sun, moon, clubs, diamonds, hearts, spades),
each suit with six tiles and six coins ranked null, ace, 2-5, one die and one pawn. Each player gets a
reference card; a 0-99 score track (laps counted on the die, so 600 can be reached) and a diamond
sale payoff chart complete the set. The chart is computed: a sale scores the product of the coins'
values, a null coin makes it 0, and the swindler's highest coin counts 2 more.
"""

from __future__ import annotations

from functools import partial

from generator.colour_rules import MeaningColour
from generator.model import Component, Piece, spread
from generator.plugins import Game
from generator.schema import where
from generator.shapes import Circle, Outline, Rect

from . import checks  # noqa: F401  (registers the rules on the rulebook)
from .labels import words_of
from .paper import reference_component, rules_component
from .rulebook import rules
from .specs import BloodDiamondsSpec, rank_name
from . import faces  # noqa: F401  (registers the drawers the layouts place)
from .pieces import (coin_sides, coin_styles, die_net, die_style, drawn_pawns, face, pawn_face, pawn_shape,
                     pawn_styles, suit_row, tile_back, tile_front, tile_styles)
from .payoff import payoff_fields, payoff_size, payoff_style
from .track import draw_score_track, track_size, track_style


GAME_NAME = "blood_diamonds"

def components(spec: BloodDiamondsSpec) -> list[Component]:
    """Every piece, each drawn in the style resolved for it: component, suit (group), rank, piece id."""
    tile_piece, coin_piece = spec.tiles.piece, spec.coins.piece
    tile, coin = tile_piece.rect(), Circle(coin_piece.width_mm)
    drawn = drawn_pawns(spec)
    net, pawn = die_net(spec.dice), pawn_shape(drawn)
    corners = tuple((min(x for x, _ in net.faces[name]), min(y for _, y in net.faces[name])) for name in sorted(net.faces))
    tiles, coins, dice, pawns = [], [], [], []
    back = tile_back(spec)
    for component in ("coin", "die", "pawn"):
        # Each component's style is read even when it has no pieces (a --draft of a set with no suits),
        # so a style block for it is not taken for a typo.
        spec.style.resolve(component)
    for suit in spec.suits:
        own = suit_row(spec, suit)
        for piece_id, rank, style in tile_styles(spec, suit):
            tiles.append(Piece(piece_id, tile, tile_front(spec, suit, rank, style), back))
        for piece_id, rank, style in coin_styles(spec, suit):
            coins.append(Piece(piece_id, coin, *coin_sides(spec, suit, rank, style)))
        piece_id, style = die_style(spec, suit)
        dice.append(Piece(piece_id, Outline(net.outline, net.folds),
                          face(spec, "die", style, net=corners, face_mm=spec.dice.face_mm,
                               ranks=tuple(map(rank_name, spec.dice.faces)), **own)))
        for piece_id, style in pawn_styles(spec, suit):
            pawns.append(Piece(piece_id, pawn, pawn_face(spec, suit, style, drawn)))
    words = words_of(spec)
    chart, chart_fields = spec.payoff_chart, payoff_fields(spec)
    chart_size = payoff_size(spec, face(spec, "payoff-chart", payoff_style(spec), **chart_fields))
    chart_shape = chart.piece.rect() if chart_size == (chart.piece.width_mm, chart.piece.height_mm) else \
        Rect(*chart_size, chart.piece.corner_radius_mm)
    charts = [Piece(f"payoff-chart-{n}", chart_shape,
                    face(spec, "payoff-chart", payoff_style(spec, f"payoff-chart-{n}"), **chart_fields))
              for n in range(1, chart.copies + 1)]
    dice_count = len(spec.suits)  # a die per suit
    track = [Piece("score-track", Rect(*track_size(spec.score_track, spec.dice, dice_count, track_style(spec))),
                   face(spec, "score-track", track_style(spec), title=words("track.title"),
                        sheet=partial(draw_score_track, track=spec.score_track, dice=spec.dice, dice_count=dice_count,
                                      words=words)))]
    return [
        # Dealt round the suits, so each sheet holds a few of every suit: a sheet's duplex shift marks
        # its backs alike, and a suit gathered on one sheet would tell which tile is coming.
        Component("tile", words("component.tile"), spread(tiles, group=lambda piece: piece.id.split("-")[1])),
        Component("coin", words("component.coin"), coins, gutter=spec.coins.gutter_mm),
        Component("die", words("component.die"), dice, gutter=4.0),
        Component("pawn", words("component.pawn"), pawns, gutter=4.0),
        reference_component(spec, partial(face, spec)),
        Component("score-track", words("component.score-track"), track),
        Component("payoff-chart", words("component.payoff-chart"), charts),
        rules_component(spec),
    ]


def meaning_colours(spec: BloodDiamondsSpec) -> list[MeaningColour]:
    """The suit colours, which tell a suit's tiles, coins, die and pawn apart; every suit has its own symbol too."""
    return [MeaningColour(suit.name, suit.colour, suit.symbol, where(suit, "colour")) for suit in spec.suits]


GAME = Game(name=GAME_NAME, spec=BloodDiamondsSpec, components=components, rules=rules,
            meaning_colours=meaning_colours, printing=checks.printing)
