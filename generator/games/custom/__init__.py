"""A game written in YAML alone: components, layouts, data rows and rules as data (game.py)."""

from .game import GAME

__all__ = ["GAME"]
