"""The words of Diamonds on paper: a two-sided reference card for each player and a rules sheet.

Both are written here, in our own words, from the spec: the rank order, the deal, the jokers and the
win targets are read from the file, so a changed deal or deck prints true. The reference card's
front (the suits' roles and a turn) and its snags are the file's `reference_card:` words.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial

from generator.kit.layouts import draw_cells, stacked
from generator.kit.prose import LEADING, Figure, draw_prose, prose_size, rules_sheet_component, symbol_heading
from generator.model import Area, Component, Piece
from generator.kit.text import listed

ROLES = ("treasure", "shovel", "rock")  # the order the game introduces them


def suits_with_role(spec, role: str) -> list:
    return [suit for suit in spec.deck.suits if suit.role == role]


def suit_label(spec, suit) -> str:
    """A suit's printed name: its own label, else the words' name for it, else its name."""
    key = f"suit.{suit.name.lower()}"
    return suit.label or (spec.words(key) if spec.words.has(key) else suit.name)


def suit_names(spec, suits) -> str:
    return listed(spec.words, [suit_label(spec, suit) for suit in suits])


def capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


# The facts every sheet prints, worded from the spec ------------------------------------------

def rank_order(spec) -> str:
    ranks = [str(rank).upper() for rank in spec.deck.ranks]
    if not ranks:
        return ""
    key = "ranks.aces-high" if ranks[-1] == "A" else "ranks.high"
    return spec.words(key, lowest=ranks[0], middle=" ".join(ranks[1:-1]), highest=ranks[-1])


def deal_words(spec) -> str:
    deal = spec.deal
    return spec.words("deal", cards=deal.piles * deal.cards_per_pile, across=deal.piles_across, down=deal.piles_down,
                      layers=deal.cards_per_pile, piles=deal.piles)


def goal_words(spec) -> str:
    targets = sorted(spec.win_targets.items())
    if not targets:
        return ""
    said = [spec.words("goal.target", target=target, players=players) for players, target in targets]
    return spec.words("goal", targets=listed(spec.words, said, "or"))


# The reference card --------------------------------------------------------------------------

def _goal_band(spec) -> Figure:
    """The win targets on a panel, by the treasure suit's symbol: what every glance at the card is for.
    Layout goal-band, in a cell across the column as deep as its words and a line more."""
    treasure = (suits_with_role(spec, "treasure") or spec.deck.suits)[0]
    row = {"goal": goal_words(spec), "symbol": treasure.symbol, "colour": treasure.colour}

    def cell(x, y, width, style, body):
        in_body = replace(style, body=replace(style.body, size=body))
        [cell] = stacked(spec.layouts, "goal-band", [row], (x, y, width, 0.0), in_body, body * LEADING)
        return cell, in_body

    def height(width, style, body):
        ((_, _, _, depth), _), _ = cell(0.0, 0.0, width, style, body)
        return depth

    def draw(canvas, x, y, width, style, body):
        placed, in_body = cell(x, y, width, style, body)
        draw_cells(canvas, spec.layouts, "goal-band", [placed], in_body)
        (_, bottom, _, depth), _ = placed
        return bottom + depth

    return Figure(height, draw)


def reference_words(spec) -> dict:
    """The card's words: the game file's `reference_card:` where it gives them, else the words file's;
    a chosen translation's beat both."""
    ref, words = spec.reference_card, spec.words
    return {
        "title": words.prefer("reference.title", ref.title),
        "roles": {role: words.prefer(f"reference.{role}", (ref.roles or {}).get(role)) for role in ROLES},
        "turn": words.prefer_list("reference.turn.", ref.turn),
        "joker": words.prefer("reference.joker", ref.joker),
        "snags": words.prefer_list("reference.snag.", ref.snags),
    }


def reference_front(spec) -> list[tuple]:
    ref = reference_words(spec)
    blocks: list[tuple] = [("title", ref["title"])]
    for role in ROLES:
        suits = suits_with_role(spec, role)
        if suits:
            heading = symbol_heading([(s.symbol, s.colour) for s in suits],
                                     listed(spec.words, [capitalised(suit_label(spec, s)) for s in suits]))
            blocks += [(heading,),
                       ("p", ref["roles"][role])]
    blocks += [("p", rank_order(spec)), ("h", spec.words("reference.turn.heading")),
               *(("n", step) for step in ref["turn"]), (_goal_band(spec),)]
    return blocks


def reference_back(spec) -> list[tuple]:
    ref, words = reference_words(spec), spec.words
    return [
        ("title", words("reference.back.title", title=spec.title)),
        ("h", words("reference.back.setup")),
        ("b", rank_order(spec)),
        ("b", deal_words(spec)),
        ("b", words("reference.back.dealer")),
        ("h", words("reference.back.jokers")),
        ("p", ref["joker"]),
        ("h", words("reference.back.snags")),
        *(("b", snag) for snag in ref["snags"]),
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
    return Component("reference-card", spec.words("component.reference-card"), pieces)


# The rules sheet -----------------------------------------------------------------------------

def rules_blocks(spec) -> list[tuple]:
    deck, deal, words = spec.deck, spec.deal, spec.words
    cards = len(deck.ranks) * len(deck.suits)
    treasure, shovels, rocks = (suits_with_role(spec, role) for role in ROLES)
    players = listed(spec.words, sorted(spec.players), "or")
    return [
        ("title", words("rules.title", title=spec.title)),
        ("p", words("rules.intro", players=players, piles=deal.piles, treasure=suit_names(spec, treasure))),
        ("h", words("rules.print")),
        ("b", words("rules.print.cards", all=cards + deck.jokers, suited=cards, suits=len(deck.suits),
                    jokers=deck.jokers)),
        ("b", words("rules.print.reference", copies=spec.reference_card.copies)),
        ("b", words("rules.print.mat")),
        ("h", words("rules.need")),
        ("b", words("rules.need.tools")),
        ("h", words("rules.cards")),
        ("b", rank_order(spec)),
        *(("b", words(f"rules.{role}", suits=suit_names(spec, suits)))
          for role, suits in (("treasure", treasure), ("shovel", shovels), ("rock", rocks)) if suits),
        ("h", words("rules.setup")),
        ("n", deal_words(spec)),
        ("n", words("rules.setup.debris")),
        ("n", words("rules.setup.first")),
        ("h", words("rules.turn")),
        ("n", words("rules.turn.pick")),
        ("n", words("rules.turn.treasure", treasure=suit_names(spec, treasure))),
        ("n", words("rules.turn.rock")),
        ("n", words("rules.turn.shovel")),
        ("n", words("rules.turn.end")),
        ("h", words("rules.jokers")),
        ("p", words("rules.jokers.text")),
        ("h", words("rules.snags")),
        ("b", words("rules.snag.unwanted")),
        ("b", words("rules.snag.stuck")),
        ("b", words("rules.snag.layer", piles=deal.piles)),
        ("h", words("rules.winning")),
        ("p", goal_words(spec)),
    ]


def rules_component(spec) -> Component:
    return rules_sheet_component(spec, rules_blocks(spec))
