"""Diamonds: a 2-3 player card game of digging for diamonds (rules/diamonds.md)."""

from .game import GAME

__all__ = ["GAME"]
