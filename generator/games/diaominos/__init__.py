"""Diaominos: the game module (game.py) and its 2x2 cube model (cube.py)."""

from .game import GAME

__all__ = ["GAME"]
