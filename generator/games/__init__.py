"""One module per game; each defines GAME = Game(...). See generator/plugins.py."""
