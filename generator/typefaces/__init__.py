"""The DejaVu Sans and Serif faces (2.37, unmodified, with their LICENSE): the fallback for characters
the chosen font lacks (generator/fonts.py). DejaVu grew out of Bitstream Vera, the default face."""
