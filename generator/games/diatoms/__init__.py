"""Diatoms: hex water tiles, sample points and diatom collecting, for 2-4 players (rules/diatoms.md)."""

from .game import GAME  # noqa: F401
