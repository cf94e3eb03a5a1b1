"""A deck of your own for `make bench`: N cards from a CSV file, laid out as the README's Star Traders
(a title, a suit symbol, a panel of rules text, a cost in a disc; one back), every card different.

    python benchmarks/custom_deck.py FOLDER N      writes FOLDER/deck-N.yaml and FOLDER/cards-N.csv
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

SUITS = ("sun", "moon", "heart")
WORDS = "gain draw swap look trade each player card left right top bottom one two three".split()


def write_deck(folder: Path, cards: int) -> Path:
    """The deck's game file (its CSV beside it), the same for the same number of cards."""
    shuffle = random.Random(cards)
    rows = [f"c{i},Card {i},{SUITS[i % 3]},{i % 5},{' '.join(shuffle.choice(WORDS) for _ in range(6))}"
            for i in range(cards)]
    (folder / f"cards-{cards}.csv").write_text("id,name,suit,cost,text\n" + "\n".join(rows) + "\n")
    game = folder / f"deck-{cards}.yaml"
    game.write_text(f"""game: custom
id: deck-{cards}
title: A deck of {cards}
components:
  card:
    piece: poker-card
    rows: cards-{cards}.csv
    group: suit
    front: card-front
    back: card-back
layouts:
  card-front:
    title: {{text: "{{name}}", at: [0.5, 0.1], box: [0.7, 0.1], role: title}}
    suit: {{symbol: "{{suit}}", at: [0.14, 0.1], size_mm: 7, colour: accent}}
    band: {{rect: {{fill: panel, radius_mm: 2}}, at: [0.5, 0.75], box: [0.9, 0.3]}}
    text: {{text: "{{text}}", at: [0.5, 0.75], box: [0.84, 0.26]}}
    cost: {{circle: {{fill: ink}}, at: [0.86, 0.1], box_mm: [10, 10]}}
    cost-value: {{text: "{{cost}}", at: [0.86, 0.1], role: title, colour: background}}
  card-back:
    background: back
    logo: {{symbol: sun, size_mm: 30, colour: back_pattern}}
rules:
  - {{id: deck, of: card, count: {cards}}}
  - {{id: ids, of: card, unique: id}}
""")
    return game


if __name__ == "__main__":
    print(write_deck(Path(sys.argv[1]), int(sys.argv[2])))
