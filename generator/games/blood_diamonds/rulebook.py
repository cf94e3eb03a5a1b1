"""The Blood Diamonds rules' numbers, in one book (rules/blood_diamonds.md): the ranks and what they
are worth, the suits' roles in Table 1, the winning score. The validator holds a game file to them.
"""

from __future__ import annotations

from generator.validate import RuleBook


rules = RuleBook()

RANKS = ("null", "ace", "2", "3", "4", "5")
RANK_VALUES = {"null": 0, "ace": 1, "2": 2, "3": 3, "4": 4, "5": 5}
SUIT_SYMBOLS = {"sun", "moon", "club", "diamond", "heart", "spade"}
MORE = "more"  # a payoff chart row "X with other coins"
WIN = 600  # "The moment any player's score reaches or exceeds 600 points, that player wins."
PLAYERS = (3, 6)  # "for 3-6 players", never more than the suits
SUITS = 6  # a "six pack"
TRACK_SQUARES = 100  # the score track runs 0-99; a die's face counts the hundreds

# What a printed set must hold to, beside the rules: a die face large enough to read its rank, and
# (issue 22) nothing but background within this much of a two-sided piece's cut, as a duplex printer
# lays a back 1-2 mm off its front; parts of a face closer than CLEARANCE only touch, and do not clash.
MIN_DIE_FACE_MM = 12.0
SHIFT_CLEAR_MM = 2.5
CLEARANCE_MM = 0.05

# Table 1 and the reference card: each suit's tile, coin action and special bonus power, by its symbol.
SUIT_ROLES = {
    "sun": {"tile": "Market", "coin": "Movement", "power": "Jumpy"},
    "moon": {"tile": "Oasis", "coin": "Rest & Recover", "power": "Scrounger"},
    "club": {"tile": "War Zone", "coin": "Beatings", "power": "Thug"},
    "diamond": {"tile": "Diamond Mine", "coin": "Raw Diamonds", "power": "Swindler"},
    "heart": {"tile": "Holy Site", "coin": "Health", "power": "Tough Guy"},
    "spade": {"tile": "Evil Spy's Lair", "coin": "Spades", "power": "Digger"},
}
