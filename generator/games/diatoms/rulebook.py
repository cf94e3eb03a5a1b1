"""The Diatoms rules, in one book: each module of the game adds the rules about its part.

The facts below are the rules' numbers (rules/diatoms.md) and the design's (the rules give no tile
list, tokens, board or judges); the validator holds the game file to them."""

from generator.validate import RuleBook

rules = RuleBook()

SIDES = 6  # a hex tile's triangles, edges and corners, counted clockwise; a sample point's ring of six
OPPOSITE = SIDES // 2  # the edge across: edge e of a tile meets edge e + 3 of its neighbour
COLOURS = 5  # "green, blue, red, yellow, purple", and white, which is wild
LARGEST_GROUP = SIDES  # a whole sample point of one colour: "a group of 6 gives two diatoms"
PLAYER_COUNTS = (2, 3, 4)  # "for 2-4 players"
ROUNDS = {2: 10, 3: 8, 4: 8}  # "the game lasts 8 rounds", "10 rounds with 2 players"
USUAL_ROUNDS = 8  # "the game lasts 8 rounds": a player count the setup does not name
COLOUR_BONUS = 8  # "8 or more diatoms of one colour: 40 points", which a board must be able to hold
REMOVED = {2: 12, 3: 8, 4: 0}  # tiles set aside at setup: "remove 12 tiles with 2 players, 8 with 3"
MOST_ROUNDS, MOST_REMOVED, MOST_HAND = 30, 60, 10  # what a file's own setup may ask for
MOST_TOKENS = 50  # diatoms of one shape and colour a file may ask for
GUEST_JUDGES = 6  # the design's: "at least 6 guest judges", so a game rarely meets one twice
MOST_JUDGE_POINTS = 50  # a judge's term awards or takes off at most this
SINGLE_GAMES = 50  # per player count: the validator's short self-play (150 games, about half a second)
