"""The words of Diamonds on paper: a two-sided reference card for each player and a rules sheet.

Both are written here, in our own words, from the spec: the rank order, the deal, the jokers and the
win targets are read from the file, so a changed deal or deck prints true. The reference card's
front (the suits' roles and a turn) and its snags are the file's `reference_card:` words.
"""

from __future__ import annotations

from functools import partial

from generator.fonts import wrap
from generator.kit.prose import LEADING, Figure, draw_prose, prose_size, rules_sheet_component, symbol_heading
from generator.kit.symbols import draw_symbol
from generator.kit.text import counted
from generator.model import Area, Component, Piece

ROLES = ("treasure", "shovel", "rock")  # the order the game introduces them
NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                "twelve")


def number_word(n: int) -> str:
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)


def suits_with_role(spec, role: str) -> list:
    return [suit for suit in spec.deck.suits if suit.role == role]


def suit_names(suits) -> str:
    names = [suit.shown for suit in suits]
    return " and ".join(names) if len(names) < 3 else ", ".join(names[:-1]) + " and " + names[-1]


# The facts every sheet prints, worded from the spec ------------------------------------------

def rank_order(spec) -> str:
    ranks = [str(rank).upper() for rank in spec.deck.ranks]
    if not ranks:
        return ""
    high = "Aces are high" if ranks[-1] == "A" else f"{ranks[-1]} is high"
    return f"{high}: {ranks[0]} is the lowest rank, then {' '.join(ranks[1:-1])}, and {ranks[-1]} the highest."


def deal_words(spec) -> str:
    deal = spec.deal
    piles, layers = deal.piles, deal.cards_per_pile
    total = piles * layers
    return (f"Shuffle all {total} cards and deal them face down in layers: one card on each space of a "
            f"{deal.piles_across} x {deal.piles_down} grid, then the next layer on top. {number_word(layers).capitalize()} "
            f"layers of {number_word(piles)} make {number_word(piles)} piles of {number_word(layers)}.")


def goal_words(spec) -> str:
    targets = sorted(spec.win_targets.items())
    if not targets:
        return ""
    said = [f"{counted(target, 'diamond')} with {counted(players, 'player')}" for players, target in targets]
    return "First to hold " + " or ".join(said) + " wins. Ranks don't count."


# The reference card --------------------------------------------------------------------------

def _goal_band(spec) -> Figure:
    """The win targets on a panel, by the treasure suit's symbol: what every glance at the card is for."""
    treasure = (suits_with_role(spec, "treasure") or spec.deck.suits)[0]
    words = goal_words(spec)

    def lines(width, style, body):
        return wrap(words, body, width - body * 3.4, style.body.face)

    def height(width, style, body):
        return len(lines(width, style, body)) * body * LEADING + body * 1.4

    def draw(canvas, x, y, width, style, body):
        tall = height(width, style, body) - body * 0.5
        top = y + body * 0.5
        canvas.rect(x, top, width, tall, radius=1.2, fill=style.panel)
        draw_symbol(canvas, treasure.symbol, x + body * 1.5, top + tall / 2, body * 1.8, treasure.colour)
        canvas.text_block(x + body * 3.0, top + body * 0.45 + body, lines(width, style, body), body, fill=style.ink,
                          face=style.body.face)
        return y + height(width, style, body)

    return Figure(height, draw)


def reference_front(spec) -> list[tuple]:
    ref = spec.reference_card
    blocks: list[tuple] = [("title", ref.title)]
    for role in ROLES:
        suits = suits_with_role(spec, role)
        if suits:
            heading = symbol_heading([(s.symbol, s.colour) for s in suits], " and ".join(s.shown.capitalize() for s in suits))
            blocks += [(heading,),
                       ("p", ref.roles.get(role, ""))]
    blocks += [("p", rank_order(spec)), ("h", "Your turn"), *(("n", step) for step in ref.turn), (_goal_band(spec),)]
    return blocks


def reference_back(spec) -> list[tuple]:
    ref = spec.reference_card
    dealer = "The dealer goes first; then take turns clockwise."
    return [
        ("title", f"{spec.title}: setting up and snags"),
        ("h", "Setting up"),
        ("b", rank_order(spec)),
        ("b", deal_words(spec)),
        ("b", dealer),
        ("h", "Jokers"),
        ("p", ref.joker),
        ("h", "Snags"),
        *(("b", snag) for snag in ref.snags),
    ]


def reference_style(spec, piece_id: str | None = None):
    piece = reference_piece(spec)
    return spec.style.resolve("reference-card", piece=piece_id, safe_mm=piece.safe_mm)


def reference_piece(spec):
    return spec.reference_card.piece or spec.deck.piece


def reference_fits(spec) -> list[tuple[float, float]]:
    """(body size, overflow) of the card's front and back; an overflow above 0 does not fit."""
    piece = reference_piece(spec)
    area = Area(piece.width_mm, piece.height_mm, 0.0)
    style = reference_style(spec)
    return [prose_size(area, blocks, style, 1) for blocks in (reference_front(spec), reference_back(spec))]


def reference_component(spec) -> Component:
    """A card per player, printed both sides: its back is its own second page of words, not the
    deck's back, so it never passes for a card in the deck."""
    shape = reference_piece(spec).rect()
    (front_size, _), (back_size, _) = reference_fits(spec)
    front, back = reference_front(spec), reference_back(spec)
    pieces = []
    for n in range(spec.reference_card.copies):
        piece_id = f"reference-card-{n + 1}"
        style = reference_style(spec, piece_id)
        pieces.append(Piece(piece_id, shape, partial(draw_prose, blocks=front, style=style, count=1, body=front_size),
                            partial(draw_prose, blocks=back, style=style, count=1, body=back_size)))
    return Component("reference-card", "Reference card", pieces)


# The rules sheet -----------------------------------------------------------------------------

def rules_blocks(spec) -> list[tuple]:
    deck, deal = spec.deck, spec.deal
    cards = len(deck.ranks) * len(deck.suits)
    treasure, shovels, rocks = (suits_with_role(spec, role) for role in ROLES)
    players = sorted(spec.players)
    return [
        ("title", f"{spec.title}: the rules"),
        ("p", f"A card game for {' or '.join(str(p) for p in players)} players. You dig through "
              f"{number_word(deal.piles)} piles of cards for {suit_names(treasure)}, breaking rocks with a "
              "shovel on the way. The first to hold enough diamonds wins."),
        ("h", "In the print"),
        ("b", f"{cards + deck.jokers} cards: {cards} in {number_word(len(deck.suits))} suits and "
              f"{number_word(deck.jokers)} jokers, all with the same back."),
        ("b", f"{number_word(spec.reference_card.copies).capitalize()} reference cards, printed on both sides: one "
              "for each player."),
        ("b", "The dig site: a mat with a space for each pile and one for the debris. If it prints in parts, "
              "lay each part over its neighbour's hatched strip, as its footer says, and glue or tape it there."),
        ("h", "You also need"),
        ("b", "Scissors or a craft knife and a ruler. Card stock, or sleeves with an old card behind each, make "
              "the cards opaque and easy to shuffle."),
        ("h", "The cards"),
        ("b", rank_order(spec)),
        *(("b", words) for suits, words in (
            (treasure, f"{suit_names(treasure).capitalize()} are the treasure. Each counts as one diamond, whatever "
                       "its rank."),
            (shovels, f"{suit_names(shovels).capitalize()} are shovels; a rank is a shovel's strength. You may hold "
                      "only one shovel, face up in front of you."),
            (rocks, f"{suit_names(rocks).capitalize()} are rocks; a rank is a rock's hardness. A shovel breaks a rock "
                    "of the same rank or lower.")) if suits),
        ("h", "Setting up"),
        ("n", deal_words(spec)),
        ("n", "Leave room beside the grid for the debris: a face-up pile of broken rocks and spent jokers."),
        ("n", "The dealer takes the first turn; then turns go clockwise."),
        ("h", "Your turn"),
        ("n", "Pick any pile and turn its top card face up. You dig only that pile this turn."),
        ("n", f"A card of {suit_names(treasure)} or a joker: take it, lay it in front of you and turn the pile's "
              "next card."),
        ("n", "A rock: if your shovel is as strong as the rock is hard, put the rock on the debris and turn the "
              "next card. If it is weaker, or you have no shovel, the rock stays on top and your turn ends."),
        ("n", "A shovel: take it if you have none. If you have one, you may swap yours for a stronger one, "
              "leaving yours in its place. Either way your turn ends, and a shovel no one took stays on top."),
        ("n", "When the pile runs out, your turn ends."),
        ("h", "Jokers"),
        ("p", "A joker waits until your next turn at least. Then, once, you may spend it: take a diamond from "
              "another player, unless that diamond would win you the game, or swap shovels with another player, "
              "even if you hold none. The spent joker goes to the debris."),
        ("h", "Snags"),
        ("b", "Unwanted shovels stay on top of their piles. You may not clear one while your shovel can still dig "
              "another pile."),
        ("b", "Stuck: if every top card is a shovel or a rock you cannot break, your shovel may smash a weaker "
              "shovel on top of a pile (it goes to the debris) and you dig on below it. Meeting another shovel there "
              "ends your turn."),
        ("b", f"If all {number_word(deal.piles)} top cards lie face up and no one can break any rock among them, "
              "take away the whole top layer, every pile's top card, onto the debris, and play on."),
        ("h", "Winning"),
        ("p", goal_words(spec)),
    ]


def rules_component(spec) -> Component:
    return rules_sheet_component(spec, rules_blocks(spec))
