"""The Diatoms rules, in one book: each module of the game adds the rules about its part."""

from generator.validate import RuleBook

rules = RuleBook()

SIDES = 6  # a hex tile's triangles, edges and corners, counted clockwise; a sample point's ring of six
