"""What each sheet is printed on. A component names its stock (`Component.stock`), or takes the one
its pieces call for; the imposer never puts two stocks on one sheet, page 1 says which pages go on
which stock, and `pnp build --stock NAME` prints one stock's sheets as a job of their own.

The four stocks a home printer takes are built in, their names in the words files (`stock.<id>`);
any other name is a stock of the game's own, printed as written ("kraft card, 350 gsm").
"""

from __future__ import annotations

from generator.model import Component

STOCKS = ("plain", "light-card", "card", "sticker")
#: Pieces this long or longer are sheets or boards: printed on paper. Smaller ones are handled.
SHEET_MM = 130.0
#: A stock's name, when it is the game's own: one line of page 1.
MAX_STOCK_NAME = 60


def stock_of(component: Component) -> str:
    """The component's stock: its own, or the one its pieces call for (nets that fold on light
    card, sheets and boards on paper, pieces a player handles on card)."""
    if component.stock:
        return component.stock
    pieces = component.pieces
    if any(piece.shape.folds for piece in pieces):
        return "light-card"
    longest = max((max(piece.width, piece.height) for piece in pieces), default=0.0)
    if not component.cut_guides or longest >= SHEET_MM:
        return "plain"
    return "card"


def stock_name(stock: str, words) -> str:
    """What page 1 and the footer call the stock."""
    return words(f"stock.{stock}") if stock in STOCKS else stock
