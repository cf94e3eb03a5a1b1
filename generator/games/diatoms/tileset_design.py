"""Proposes the Diatoms tile set (data/diatoms.yaml holds the one we ship); run it to see the set,
its colour shares and a self-play of it:

    .venv/bin/python -m generator.games.diatoms.tileset_design

The 33 tiles beside the starting tile come in five families, each one built over all five colours
alike, so every colour ends on the same number of triangles (38 of 204; 14 are white):

- halves, AAABBB: one for each of the 10 pairs of colours. Runs of 3 on a tile, so a sample point
  often joins them with a neighbour's pair into groups of 4 and 5.
- thirds, AABBCC: one for each of the 10 triples of colours. Pairs everywhere: ovals, and with two
  more pairs round a corner a whole ring of 6.
- bloom, AAAAAB: one per colour (B the next colour). Long runs, for squares and stars.
- wild, AAWBBW: one per colour (B two colours on). Whites make a hard spot easy to fill.
- mixed, five colours once and a white, like the starting tile but in another order: 3 tiles.
  Singles: circles.
"""

from __future__ import annotations

from itertools import combinations

from .tiles import WHITE, canonical

LETTERS = "GBRYP"  # green, blue, red, yellow, purple: the order of the colours in the file
START = "GBRYPW"
MIXED_ORDERS = ((0, 2, 4, 1, 3), (0, 3, 1, 4, 2), (0, 1, 3, 2, 4))  # not the starting tile's order


def propose(letters: str = LETTERS) -> list[str]:
    n = len(letters)
    halves = [a * 3 + b * 3 for a, b in combinations(letters, 2)]
    thirds = [a * 2 + b * 2 + c * 2 for a, b, c in combinations(letters, 3)]
    bloom = [letters[i] * 5 + letters[(i + 1) % n] for i in range(n)]
    wild = [letters[i] * 2 + WHITE + letters[(i + 2) % n] * 2 + WHITE for i in range(n)]
    mixed = ["".join(letters[i] for i in order) + WHITE for order in MIXED_ORDERS]
    tiles = halves + thirds + bloom + wild + mixed
    assert len({canonical(tile) for tile in tiles + [START]}) == len(tiles) + 1, "two tiles are the same turned"
    return tiles


def main() -> None:
    from collections import Counter

    tiles = propose()
    shares = Counter(letter for tile in [START, *tiles] for letter in tile)
    print(f"{len(tiles)} tiles + the starting tile; triangles: "
          + ", ".join(f"{letter} {shares[letter]}" for letter in LETTERS + WHITE))
    print("  set:")
    for tile in tiles:
        print(f"    - {tile}")


if __name__ == "__main__":
    main()
