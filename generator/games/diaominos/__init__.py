"""Diaominos: the game module (game.py), its 2x2 cube model (cube.py), the board (board.py) and the
round cards, sticker guide and rules sheet (paper.py)."""

from .game import GAME

__all__ = ["GAME"]
