"""Blood Diamonds: the game module (game.py) and its reference cards and rules sheet (paper.py)."""

from .game import GAME

__all__ = ["GAME"]
