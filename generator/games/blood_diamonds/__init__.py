from .game import GAME  # noqa: F401
