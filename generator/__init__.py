"""Print-and-play component generator: YAML game descriptions in, print-ready PDF/SVG/PNG out."""

__version__ = "0.1.0"
