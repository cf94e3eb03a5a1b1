"""The Diamond Mine rules, in one book: each module of the game adds the rules about its part.

The facts below are the rules' numbers (rules/diamond_mine.md); the validator holds the game file to
them, and the printed words are written from them.
"""

from generator.validate import RuleBook

rules = RuleBook()

PLAYER_COUNTS = (2, 4)  # "a game of diamond hunting for 2 or 4 players" (the header's 2-4 notwithstanding)
STASH = 5  # "Trios per color: 5": an Icehouse stash is 5 pyramids of each size
NESTS = {2: 10, 4: 8}  # "Once all 10 nests are filled..."; "A 4 player game will only have 8 nests"
NEST_PYRAMIDS = 10  # "The 10 opaque large pyramids should be filled": both opaque stashes' larges, no more
END_EXHAUSTED = {2: 6, 4: 8}  # "ends when 6 veins are exhausted"; "when all 8 are exhausted"
NEST_HOLDS = ("small", "medium")  # "filled with one small and one medium colored piece"
STASH_COLOURS, OPAQUE_COLOURS = 6, 2  # "6 or 7 Icehouse Stashes (2 of which must be Opaque)"
BOARD_SQUARES, QUADRANT_SQUARES = 8, 4  # a chessboard, in the four quadrants of 4 player Martian Chess
MOVES = {"A": 1, "2": 2, "3": 3}  # "an Ace, 2 and 3": the squares a card moves
CARRY_PIPS = 3  # "up to 3 pips of pieces at one time"
POINTS = {"small": 1, "medium": 2}  # "Small pieces are worth 1 point, mediums are worth 2"; larges never score
OWN_COLOUR_TIMES = 2  # "Any pieces that are of a player's color are worth DOUBLE"
FLAWLESS_TIMES = 3  # "Pieces of this color are worth TRIPLE"
#: Who is flawless: with 2 players a colour drawn at random among those no player has; with 4 an
#: optional fifth non-opaque colour ("the players may elect to add in a 5th non opaque color").
FLAWLESS_ADDED_FOR = 4
#: Looney Pyramids' sizes, (base edge, height) in mm: small 9/16 x 1 in, medium 25/32 x 1 3/8 in,
#: large 1 x 1 3/4 in; what the rules' "small", "medium" and "large" pieces are.
PYRAMID_MM = {"small": (14.3, 25.4), "medium": (19.8, 34.9), "large": (25.4, 44.5)}
LEAST_SQUARE_MM = 32.0  # "squares hold a large pyramid with room to spare": a large's 25.4 mm base and...
ROOM_MM = 3.0  # ...at least this much space round it
PIPS = {"small": 1, "medium": 2, "large": 3}  # "pips of pieces": a small is 1, a medium 2, a large 3

# What the print holds a card to, beside the rules: a card is one piece of one sheet of A4 or Letter
# (one cut out of a part glued to others is no card), its corners rounded at most a quarter of its width.
CARD_MOST_MM = (190.0, 250.0)
CORNER_MOST = 0.25
