"""The words of Blood Diamonds on paper: a two-sided reference card for each player and a rules sheet.

The rules' Table 1 gives each suit a tile location, a coin action and a warlord's power; the card's
front says what each one does in a line, and its back walks through a turn. Everything is written
here in our own words; names, counts and the winning score are read from the spec, so a renamed
suit or another target prints true.
"""

from __future__ import annotations

from functools import partial

from generator.fonts import text_width, wrap
from generator.kit.prose import LEADING, Figure, draw_prose, prose_size, rules_sheet_component, symbol_heading
from generator.kit.text import fit_line
from generator.model import Area, Component, Piece
from generator.shapes import Rect


# What each suit's tile, coins and power do, by the suit's symbol (Table 1), a line each. "must"
# marks the compulsory ones: they happen to whoever lands on or passes through the tile.
SUIT_EFFECTS = {
    "sun": ("swap non-diamond coins, up to its value, via the bag.",
            "move up to their total; no loops, no doubling back.",
            "every move may hop one extra tile, ignoring it."),
    "moon": ("draw from the bag until a heart; the rest go back.",
             "draw as many coins from the bag as their total.",
             "draw one coin more whenever you draw."),
    "club": ("must: a beating of its value, cut by your hearts.",
             "beat a rival on your tile: take that many coins unseen.",
             "+1 to the attack for each club coin you play."),
    "diamond": ("spend spades: mine up to their total and its value.",
                "must: sell them all at a null tile for their product.",
                "your best diamond counts 2 more in a sale."),
    "heart": ("must: no beatings here; your club coins go to the bag.",
              "cut an attack on you by their total.",
              "each heart you defend with cuts 1 more."),
    "spade": ("peek at up to its value in rivals' coins.",
              "on a diamond mine tile, mine up to their total.",
              "a free spade ace: mine 1 diamond on any diamond tile."),
}
KINDS = ("Tile", "Coins", "Power")


def names(words: list[str]) -> str:
    return " and ".join(words) if len(words) < 3 else ", ".join(words[:-1]) + " and " + words[-1]


# The reference card --------------------------------------------------------------------------

def suit_rows(suit) -> list[tuple[str, str]]:
    """(label, effect) for the suit's tile, coins and power."""
    effects = SUIT_EFFECTS.get(suit.symbol, ("", "", ""))
    return [(f"{kind}: {name}", effect) for kind, name, effect in zip(KINDS, (suit.tile, suit.coin, suit.power),
                                                                       effects)]


def suit_table(suit, labels: list[str]) -> Figure:
    """The suit's symbol and name, then a row for its tile, its coins and its power: the name in
    bold down the left, what it does beside it. The left column is as wide as the widest of
    `labels`, so every suit's effects line up."""
    rows = suit_rows(suit)
    heading = symbol_heading([(suit.symbol, suit.colour)], suit.name.capitalize())

    def label_width(width, style, body):
        widest = max(text_width(label, body, style.title.face) for label in labels)
        return min(widest + body * 0.8, width * 0.45)

    def row_lines(width, style, body):
        room = width - label_width(width, style, body)
        return [wrap(effect, body, room, style.body.face) for _, effect in rows]

    def height(width, style, body):
        lines = sum(len(wrapped) for wrapped in row_lines(width, style, body))
        return heading.height(width, style, body) + lines * body * LEADING + body * 0.35

    def draw(canvas, x, y, width, style, body):
        y = heading.draw(canvas, x, y, width, style, body)
        indent = label_width(width, style, body)
        for (label, _), lines in zip(rows, row_lines(width, style, body)):
            base = y + body
            canvas.text(x, base, label, fit_line(label, body, indent - body * 0.5, style.title.face), fill=style.ink,
                        face=style.title.face)
            canvas.text_block(x + indent, base, lines, body, fill=style.ink, face=style.body.face)
            y += len(lines) * body * LEADING
        return y + body * 0.35

    return Figure(height, draw)


def reference_front(spec) -> list[tuple]:
    """Each suit: what its tile, its coins and its warlord's power do."""
    labels = [label for suit in spec.suits for label, _ in suit_rows(suit)]
    return [("title", f"{spec.reference_card.title}: the suits"),
            *((suit_table(suit, labels),) for suit in spec.suits)]


def reference_back(spec) -> list[tuple]:
    ref = spec.reference_card
    return [
        ("title", f"{ref.title}: your turn"),
        *(("n", step) for step in ref.turn),
        ("h", "Every turn"),
        ("b", "Step: move to a tile sharing at least half an edge with yours. If you can do nothing else, you "
              "must. Exploring alone is not an action, and no one passes."),
        ("b", "A \"must\" tile acts on whoever lands on or passes through it; use the others while you stand "
              "on them."),
        ("b", "Spent and lost coins go back to the bag; sold and lost diamonds go back to the diamond pile, "
              "which is shuffled face down."),
        ("h", "Remember"),
        *(("b", note) for note in ref.notes),
    ]


def reference_style(spec, piece_id: str | None = None):
    return spec.style.resolve("reference-card", piece=piece_id, safe_mm=spec.reference_card.piece.safe_mm)


def reference_fits(spec) -> list[tuple[float, float]]:
    """(body size, overflow) of the card's front and back; an overflow above 0 does not fit."""
    piece = spec.reference_card.piece
    area = Area(piece.width_mm, piece.height_mm, 0.0)
    return [prose_size(area, blocks, reference_style(spec), 1)
            for blocks in (reference_front(spec), reference_back(spec))]


def reference_component(spec) -> Component:
    """A card per player, printed on both sides."""
    shape = spec.reference_card.piece.rect()
    (front_size, _), (back_size, _) = reference_fits(spec)
    front, back = reference_front(spec), reference_back(spec)
    pieces = []
    for n in range(1, spec.reference_card.copies + 1):
        style = reference_style(spec, f"reference-card-{n}")
        pieces.append(Piece(f"reference-card-{n}", shape,
                            partial(draw_prose, blocks=front, style=style, count=1, body=front_size),
                            partial(draw_prose, blocks=back, style=style, count=1, body=back_size)))
    return Component("reference-card", "Reference cards", pieces)


# The rules sheet -----------------------------------------------------------------------------

def rules_blocks(spec) -> list[tuple]:
    suits = len(spec.suits)
    tiles, coins = suits * len(spec.tiles.ranks), suits * len(spec.coins.ranks)
    players = sorted(spec.players)
    win = spec.score_track.win
    diamond = next((s for s in spec.suits if s.symbol == "diamond"), None)
    diamond_name = diamond.name if diamond else "diamond"
    return [
        ("title", f"{spec.title}: the rules"),
        ("p", f"For {players[0]} to {players[-1]} players. Warlords explore a diamond field that grows tile by "
              "tile, mine diamonds, beat each other up for coins, and sell their stones on the black market. "
              f"Sales score the product of the diamonds' values; the first to {win} points wins."),
        ("h", "In the print"),
        ("b", f"A six-suit piecepack: {tiles} tiles and {coins} coins (a null, an ace and 2 to 5 in each of "
              f"{names([s.name for s in spec.suits])}), a die and a pawn for every suit."),
        ("b", f"{spec.reference_card.copies} reference cards, printed on both sides, {spec.payoff_chart.copies} "
              "payoff charts and a score track."),
        ("h", "You also need"),
        ("b", "An opaque bag (a cloth bag or a sock): players draw coins from it unseen."),
        ("b", "Scissors or a craft knife, and glue: fold each die round its tabs, and fold each pawn in half "
              "with its bases out, glued to a coin or card so it stands."),
        ("h", "Setting up"),
        ("n", "Give everyone a reference card and put the score track within reach."),
        ("n", "Put all the dice in the bag. Each player draws one: its suit is theirs, and so is its power. Take "
              "your suit's pawn and null tile, and stand your die on the score track's start, null face up. "
              "Dice and pawns no one drew go back in the box."),
        ("n", "Shuffle all the other tiles, unused null tiles too, into face-down draw stacks to one side."),
        ("n", "Lay the players' null tiles face up together in the middle, each touching another along at "
              "least half an edge; which way they face does not matter. Each pawn starts on its own null tile."),
        ("n", f"Shuffle the {suits} {diamond_name} coins face down in a pile of their own: the diamonds. Put "
              "every other coin in the bag and shake it."),
        ("n", "Everyone draws two coins from the bag. Keep your coins face down; look at your own whenever you "
              "like. How many coins you hold and their suits are public, their values are not."),
        ("h", "A turn"),
        ("p", "The biggest bully goes first, then play runs clockwise. On your turn do both, in order:"),
        ("n", "Explore: draw a tile from a stack and lay it face up against the tile your pawn is on, sharing "
              "exactly half an edge or a whole edge. If there is no room, you do not explore."),
        ("n", "Act: take as many actions as you can pay for, and at least one. Your actions come from the tile "
              "under your pawn, the coins in your hand and your power: the reference card's front lists them. "
              "A step to a tile sharing at least half an edge is always an action; if you can take no other, you "
              "must step. Passing is not allowed, and exploring alone does not count."),
        ("h", "Coins, tiles and powers"),
        ("b", "Coins you spend go back to the bag after their action. A coin's value is its rank: null 0, ace 1."),
        ("b", "The tiles marked \"must\" on the card happen to whoever lands on or passes through them. The "
              "others you may use while your pawn rests there."),
        ("b", "Moving along several tiles (sun coins) may not loop or double back, and each step must cross at "
              "least half an edge."),
        ("b", "Beatings: you may attack a player whose pawn shares your tile. The attack is the clubs' total; "
              "the defender's hearts cut it; the attacker takes that many coins from the defender's hand "
              "without looking."),
        ("h", "Selling diamonds"),
        ("p", "The moment you land on or pass through a null tile, you must sell every diamond you hold. Turn "
              "them face up and score the product of their values (see the payoff chart); move your die that "
              "many squares. Sold diamonds go back to the diamond pile, which is shuffled. Past 99, turn your "
              "die to its next face for each hundred."),
        ("h", "The end"),
        ("p", f"Reaching {win} points wins at once. Otherwise, when the last tile is drawn, the most points "
              "wins; a tie is shared."),
        ("h", "Fine points"),
        ("b", "A null diamond scores 0 alone and turns any sale it is part of into 0 (the swindler's bonus "
              "still counts). An ace diamond sold with others is ignored."),
        ("b", "A null club adds nothing to an attack, and a null heart nothing to a defence, but the thug's and "
              "the tough guy's bonuses still count for them."),
        ("b", "A club coin stolen in a beating can be spent on another beating in the same turn."),
        ("b", "A forced step can land you on a rival's tile, where a beating may follow on their turn."),
    ]


def rules_component(spec) -> Component:
    return rules_sheet_component(spec, rules_blocks(spec))
