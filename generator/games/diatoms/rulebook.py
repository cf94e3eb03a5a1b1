"""The Diatoms rules, in one book: each module of the game adds the rules about its part."""

from generator.validate import RuleBook

rules = RuleBook()
