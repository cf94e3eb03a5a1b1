"""A plain 54-card poker deck in protograf: the yardstick for `benchmarks/run.py`.

It is written the way protograf's own examples write a deck (Create, Data from a
Matrix, Deck, Card, Save) and kept deliberately simple, so the comparison measures
the tool rather than an elaborate design: each card has its rank and suit as text,
a suit-coloured circle and an inner frame.

Run: python benchmarks/protograf_deck.py --directory DIR
(`--directory` is protograf's own command-line option: Create() parses sys.argv,
so this script takes no arguments of its own.) The PDF is DIR/protograf_deck.pdf.
"""

from protograf import Create, Card, Data, Deck, Matrix, Save, T, circle, rectangle, text

# Millimetres, like the generator, so the sizes read the same in both.
Create(filename="protograf_deck.pdf", units="mm", paper="A4", margin=6.35)

# 4 suits x 13 ranks = 52 cards; `extra=2` adds the two jokers (54 in all).
# Suit names rather than suit glyphs: the base-14 PDF fonts have no suit glyphs.
suits = Matrix(
    labels=["SUIT", "RANK"],
    data=[
        ["Spades", "Hearts", "Diamonds", "Clubs"],
        ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"],
    ],
)
Data(matrix=suits, extra=2)

# Poker size, 63.5 x 88.9 mm, with crop-style grid marks as a print-and-play sheet needs.
Deck(cards=54, width=63.5, height=88.9, rounding=3, grid_marks=True)

frame = rectangle(x=4, y=4, width=55.5, height=80.9, rounding=2, fill=None, stroke="grey")
rank = text(x=31.75, y=20, font_size=28, text=T("{{RANK}}"), stroke="black")
suit = text(x=31.75, y=72, font_size=14, text=T("{{SUIT}}"), stroke="black")
black_pip = circle(cx=31.75, cy=46, radius=10, fill="black", stroke="black")
red_pip = circle(cx=31.75, cy=46, radius=10, fill="red", stroke="red")

# Matrix order is suit-major: cards 1-13 spades, 14-26 hearts, 27-39 diamonds, 40-52 clubs.
Card("1-13,40-52", frame, rank, suit, black_pip)
Card("14-39", frame, rank, suit, red_pip)
Card("53-54", frame, text(x=31.75, y=46, font_size=20, text="Joker", stroke="black"))

Save()
