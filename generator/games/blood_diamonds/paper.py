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
from generator.kit.text import counted, fit_line
from generator.model import Area, Component, Piece


# What each suit's tile, coins and power do, by the suit's symbol (Table 1), a line or two each.
# "must" marks the compulsory ones: they happen to whoever lands on or passes through the tile. Names
# in braces are the labels the file gives those roles (`role_labels`), so a translated label prints
# the same in the effects as in the left column.
SUIT_EFFECTS = {
    "sun": ("swap non-diamond coins, up to its value, via the bag.",
            "move up to their total; no loops, no doubling back.",
            "each move may hop one tile touching the tiles both sides; ignore it."),
    "moon": ("if the bag has a heart: draw until you get it; return the rest.",
             "draw their total from the bag, or as many as it has left.",
             "draw one coin more whenever you draw, the first hand too."),
    "club": ("must: a beating of its value, cut by your hearts.",
             "beat a rival on your tile: take that many coins unseen.",
             "+1 to the attack for each club coin you play."),
    "diamond": ("spend spades: mine up to their total and its value.",
                "must: sell them all at a null tile for their product.",
                "your best diamond counts 2 more in a sale."),
    "heart": ("must: no beatings here; your club coins go to the bag.",
              "cut an attack on you by their total.",
              "each heart you defend with cuts 1 more."),
    "spade": ("land or pass: peek at up to its value in rivals' coins.",
              "on a {mine} tile, mine up to their total (a {digger}'s ace adds 0).",
              "a spade ace no one can take: mine 1 diamond on a {mine} tile."),
}
KINDS = ("Tile", "Coins", "Power")

# The English names of the roles that other sentences mention, standing in when no suit has them.
NAMED_ROLES = {"mine": ("diamond", "tile", "Diamond Mine"), "lair": ("spade", "tile", "Evil Spy's Lair"),
               "oasis": ("moon", "tile", "Oasis"), "rest": ("moon", "coin", "Rest & Recover"),
               "jumpy": ("sun", "power", "Jumpy"), "digger": ("spade", "power", "Digger"),
               "swindler": ("diamond", "power", "Swindler")}


def role_labels(spec) -> dict[str, str]:
    """The printed labels of the roles the sentences mention: {"mine": "Diamond Mine", ...}."""
    by_symbol = {suit.symbol: suit for suit in spec.suits}
    labels = {}
    for key, (symbol, kind, english) in NAMED_ROLES.items():
        suit = by_symbol.get(symbol)
        label = getattr(suit, kind).label.strip() if suit else ""
        labels[key] = label or english
    return labels


def names(words: list[str]) -> str:
    return " and ".join(words) if len(words) < 3 else ", ".join(words[:-1]) + " and " + words[-1]


def player_counts(players: list[int]) -> str:
    """"3 to 6 players", "3 players", "3, 4 or 6 players": the counts a file allows, as a sentence says them."""
    counts = sorted(set(players))
    if not counts:
        return "players"
    if len(counts) == 1:
        return counted(counts[0], "player")
    if counts == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]} to {counts[-1]} players"
    return f"{', '.join(map(str, counts[:-1]))} or {counts[-1]} players"


# The reference card --------------------------------------------------------------------------

def suit_rows(suit, labels: dict[str, str]) -> list[tuple[str, str]]:
    """(label, effect) for the suit's tile, coins and power."""
    effects = [effect.format(**labels) for effect in SUIT_EFFECTS.get(suit.symbol, ("", "", ""))]
    roles = (suit.tile.label, suit.coin.label, suit.power.label)
    return [(f"{kind}: {name}", effect) for kind, name, effect in zip(KINDS, roles, effects)]


def suit_table(suit, labels: list[str], roles: dict[str, str]) -> Figure:
    """The suit's symbol and name, then a row for its tile, its coins and its power: the name in
    bold down the left, what it does beside it. The left column is as wide as the widest of
    `labels`, so every suit's effects line up."""
    rows = suit_rows(suit, roles)
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
    roles = role_labels(spec)
    labels = [label for suit in spec.suits for label, _ in suit_rows(suit, roles)]
    return [("title", f"{spec.reference_card.title}: the suits"),
            *((suit_table(suit, labels, roles),) for suit in spec.suits)]


def reference_back(spec) -> list[tuple]:
    ref, roles = spec.reference_card, role_labels(spec)
    return [
        ("title", f"{ref.title}: your turn"),
        *(("n", step) for step in ref.turn),
        ("h", "Every turn"),
        ("b", "Step: move to a tile sharing at least half an edge with yours. If you can do nothing else, you "
              "must. Exploring alone is not an action, and no one passes."),
        ("b", f"A \"must\" tile acts on whoever lands on or passes through it, and the {roles['lair']} lets "
              "them peek in passing; the other tiles work while you stand on them."),
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
    win = spec.score_track.win
    diamond = next((s for s in spec.suits if s.symbol == "diamond"), None)
    diamond_name = diamond.name if diamond else "diamond"
    roles = role_labels(spec)
    cards, charts = spec.reference_card.copies, spec.payoff_chart.copies
    aids = [f"{counted(cards, 'reference card')}, printed on both sides"]
    aids += [counted(charts, "payoff chart")] if charts else []
    return [
        ("title", f"{spec.title}: the rules"),
        ("p", f"For {player_counts(spec.players)}. Warlords explore a diamond field that grows tile by "
              "tile, mine diamonds, beat each other up for coins, and sell their stones on the black market. "
              f"Sales score the product of the diamonds' values; the first to {counted(win, 'point')} wins."),
        ("h", "In the print"),
        ("b", f"A {suits}-suit piecepack: {counted(tiles, 'tile')} and {counted(coins, 'coin')} (a null, an ace "
              f"and 2 to 5 in each of {names([s.name for s in spec.suits])}), a die and a pawn for every suit."),
        ("b", f"{names(aids + ['a score track'])}."),
        ("h", "You also need"),
        ("b", "An opaque bag (a cloth bag or a sock): players draw coins from it unseen."),
        ("b", "Card for the tiles and coins, which are handled all game and printed on both sides: card stock your "
              "printer takes double-sided (200-250 gsm), or paper with each sheet's front and back glued either "
              "side of thin card before you cut. Thin card that folds for the dice and pawns."),
        ("b", "Scissors (or a craft knife with a ruler) and glue: fold each die round its tabs. Fold each pawn in "
              "half with its bases out and glue them to a scrap of spare card so it stands; never to a coin, as "
              "the game needs every one."),
        ("h", "Setting up"),
        ("n", "Give everyone a reference card and put the score track within reach."),
        ("n", "Put all the dice in the bag. Each player draws one: its suit is theirs, and so is its power. Take "
              "your suit's pawn and null tile, and stand your die on the score track's start, null face up. "
              "Dice and pawns no one drew go back in the box."),
        ("n", "Shuffle all the other tiles, unused null tiles too, into face-down draw stacks to one side."),
        ("n", "Lay the players' null tiles face up together in the middle, each touching another along at "
              "least half an edge; which way they face does not matter. Each pawn starts on its own null tile."),
        ("n", f"Shuffle the {counted(len(spec.coins.ranks), 'coin')} of {diamond_name} face down in a pile of their "
              "own: the diamonds. Put every other coin in the bag and shake it."),
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
        ("b", "The tiles marked \"must\" on the card happen to whoever lands on or passes through them. At an "
              f"{roles['lair']} you may peek the same way, in passing too. The other tiles you may use while "
              "your pawn rests there."),
        ("b", "Moving along several tiles (sun coins) may not loop or double back, and each step must cross at "
              "least half an edge."),
        ("b", "Beatings: you may attack a player whose pawn shares your tile. The attack is the clubs' total; "
              "the defender's hearts cut it; the attacker takes that many coins from the defender's hand "
              "without looking."),
        ("b", f"When the bag runs short: the {roles['oasis']} gives nothing unless a heart coin is still in the "
              f"bag, and {roles['rest']} draws only the coins left."),
        ("b", f"{roles['jumpy']}: each move, a step or a sun-coin move, may hop one extra tile on the way. That "
              "tile must share at least half an edge with the tile before it and the tile after it, and nothing "
              "on it happens to you."),
        ("b", f"{roles['digger']}: you hold a spade ace no one can take from you, in a beating or otherwise. "
              f"With it you may mine one diamond on a {roles['mine']} tile; a null tile is a black market, never "
              "a mine. The ace adds nothing when you mine with spade coins."),
        ("h", "Selling diamonds"),
        ("p", "The moment you land on or pass through a null tile, you must sell every diamond you hold. Turn "
              "them face up and score the product of their values (see the payoff chart); move your die that "
              "many squares. Sold diamonds go back to the diamond pile, which is shuffled. Past 99, turn your "
              "die to its next face for each hundred. Never stack dice on a square another die holds, as that "
              "would hide its hundreds: stand yours across the edge toward the next number, still on that "
              "square's score."),
        ("h", "The end"),
        ("p", f"Reaching {counted(win, 'point')} wins at once. Otherwise, when the last tile is drawn, the most points "
              "wins. Leaders who tie settle it the warlords' way: a pistol duel between them."),
        ("h", "Fine points"),
        ("b", f"A null diamond sold on its own scores 0, or 2 for the {roles['swindler']}. Sold with other "
              f"diamonds it makes the whole sale 0, for the {roles['swindler']} too. An ace sold with other "
              "diamonds is ignored."),
        ("b", "A null club adds nothing to an attack, and a null heart nothing to a defence, but the thug's and "
              "the tough guy's bonuses still count for them."),
        ("b", "A club coin stolen in a beating can be spent on another beating in the same turn."),
        ("b", "A forced step can land you on a rival's tile, where a beating may follow on their turn."),
    ]


def rules_component(spec) -> Component:
    return rules_sheet_component(spec, rules_blocks(spec))
