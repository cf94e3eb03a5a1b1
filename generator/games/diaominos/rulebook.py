"""The Diaominos rules' numbers, in one place (rules/diaominos.md): what the validator holds a game
file to, what a file may ask for, and the least sizes a print stays playable at.

How things are placed on a face is not here: that is the layouts' (templates/layouts.yaml,
diaominos-faces).
"""

from generator.canvas import FLOOR_PT

# The rules' facts -------------------------------------------------------------------------------

PLAYERS = (1, 4)  # "for 1 to 4 players", one at each side of the board
SEATS = 4  # the board's four sides, a seat at each
CUBE_COLOURS = 6  # a cube's six surfaces: five polyomino colours and the wild
FACELETS_PER_COLOUR = 4  # a 2x2 cube: four facelets a surface
POLYOMINOES = 5  # the five free tetrominoes, each marked 4 times a game
POLYOMINO_CUBES = 4  # a tetromino's cubes
POLYOMINO_BOX = 4  # a polyomino's cells are drawn in a 4 x 4 box
ROUNDS = 6  # the cube visits A to F: six rounds
SLOTS_PER_ROUND = 4  # the four facelets facing a player each round
COLOUR_COUNT_A_GAME = 4  # over a game each colour is on top 4 times and before each seat 4 times
GRID_CUBES = (60, 96)  # the loading grid's cubes, fewest and most
SCRAMBLE_TURNS = 30  # layer turns that scramble a round card's cube
SCRAMBLE_ROLLS = 6  # ...and at most this many whole-cube turns after them

# What a game file may ask for: the bundled game's sizes, and bounds checked before any work ------

FACELETS_MOST = 24
CUBE_MM, CUBE_MM_RANGE = 50.0, (10, 200)
STICKER_MM, STICKER_MM_RANGE = 22.0, (5, 100)
SEED, SEED_MOST = 7, 999_999_999  # round cards' first scramble
BOARD_SQUARES, BOARD_SQUARES_MOST = 4, 20  # columns and rows
SQUARE_MM, SQUARE_MM_RANGE = 56.0, (5, 200)
BORDER_MM, BORDER_MM_MOST = 14.0, 60
SPACE_INDEX_MOST = BOARD_SQUARES_MOST - 1
GRID_CELL_MM, GRID_CELL_MM_MOST = 8.0, 30
DASH_MOST = 20  # a route's dash or gap, in widths of its line
POLYOMINO_CELL_MOST = POLYOMINO_BOX - 1
SHEET_COPIES, SHEET_COPIES_MOST = 4, 20
SHEET_MM = (250.0, 178.0)
SHEET_MM_RANGE = (100, 1000)
ROUNDS_MOST = SLOTS_MOST = 20
ROUND_CARD_GAMES, ROUND_CARD_GAMES_MOST = 4, 50

# Sizes a print stays playable at --------------------------------------------------------------

SAME_INK_DELTA_E = 3.0  # two inks nearer than this (CIEDE2000, normal vision) look the same on the cube
MIN_STICKER_SHARE = 0.7  # a sticker covers most of its facelet: 22 mm on a 50 mm cube is 88 %
#: The smallest player sheet whose grid, cards and rounds can still be written in: five polyomino
#: cards side by side with cubes of MIN_CELL_MM want 250 mm across.
MIN_PLAYER_SHEET_MM = (250.0, 140.0)
MAX_ROUND_CARD_MM = (130.0, 180.0)  # a card for the hand, whole on a sheet of A4 or Letter
MIN_ROUND_CARD_MM = (55.0, 80.0)  # twenty facelets, each large enough to tell at arm's length
MIN_FACELET_MM = 6.0  # a seat's facelet on a round card: its colour and symbol read across the table
MIN_CELL_MM = 6.0  # a grid or polyomino cube a pencil mark fits in
MIN_SEAT_LABEL_PT = 8.0
KEY_FLOOR_PT = FLOOR_PT  # the roll key shrinks to fit the border, but not below the one floor
MAX_CORNER_SHARE = 0.12  # a round card's corner radius, of its shorter side (a poker card's 3 mm is 5 %)
SEAT_LABEL_SHARE = 0.3  # a seat label takes at most this share of the board's shorter side
