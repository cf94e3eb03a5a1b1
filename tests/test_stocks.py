"""What each sheet is printed on (generator/stocks.py): one stock to a sheet, page 1 naming each
stock's pages and how to print them, `pnp build --stock NAME` printing one stock as a job of its own,
and a game of your own naming a stock of its own."""

from __future__ import annotations

import json

import pytest

from conftest import run_pnp, shared_game
from generator.build import Request, impose_job, input_context, settings_for
from generator.model import Area
from generator.print_guide import page_ranges, stock_sheets
from generator.recording import record_face
from generator.stocks import stock_of

GAMES = ["diamonds", "blood_diamonds", "diamond_mine", "diaominos", "diatoms"]


def page_one_words(chosen) -> str:
    guide = chosen[0].pieces[0]
    return " ".join(text.text for text in record_face(guide.front, Area(guide.width, guide.height, 0.0)).texts)


@pytest.mark.parametrize("game", GAMES)
def test_no_sheet_holds_two_stocks_and_page_one_names_each_stocks_pages(bundled_build, game):
    manifest = json.loads((bundled_build(game, "a4") / "manifest.json").read_text())
    stocks = {component.name: stock_of(component) for component in shared_game(game).components()}
    stocks["print-guide"] = "plain"
    for page in manifest["pages"]:
        assert {stocks[name] for name in page["components"]} == {page["stock"]}, page["number"]
        # each piece names its stock too, as DESIGN.md's manifest has it
        assert all(piece["stock"] == stocks[piece["component"]] for piece in page["pieces"]), page["number"]
    assert manifest["pages"][0]["stock"] == "plain"  # the printing box, never beside stickers
    loaded = shared_game(game)
    chosen, pages = impose_job(loaded, settings_for("a4", "long", 3.0, True, input_context(None)), Request())
    assert [page.stock for page in pages] == [page["stock"] for page in manifest["pages"]]
    said = " ".join(page_one_words(chosen).split())
    for stock, (numbers, _) in stock_sheets(pages).items():
        pages = "page" if len(numbers) == 1 else "pages"
        assert f"{pages} {page_ranges(numbers)}" in said and f"--stock {stock}" in said, (stock, said)


def test_stickers_print_on_their_own_sheets_one_sided(bundled_build):
    manifest = json.loads((bundled_build("diaominos", "a4") / "manifest.json").read_text())
    sticker = [page for page in manifest["pages"] if page["stock"] == "sticker"]
    assert sticker and {name for page in sticker for name in page["components"]} == {"cube-sticker"}
    assert all(not page["pieces"] for page in sticker if page["side"] == "back")  # nothing to print behind


def test_page_ranges_join_runs_of_pages():
    assert page_ranges([1, 2, 3, 4, 23, 24, 9]) == "1-4, 9, 23-24"


def test_a_stock_builds_as_a_job_of_its_own(tmp_path):
    code, _, err = run_pnp("build", "diaominos", "--out", tmp_path / "all", "-q", cwd=tmp_path)
    assert code == 0, err
    whole = json.loads((tmp_path / "all/diaominos/manifest.json").read_text())["pages"]
    for stock, both in (("card", True), ("sticker", False)):
        code, _, err = run_pnp("build", "diaominos", "--stock", stock, "--out", tmp_path / stock, "-q",
                               "--format", "pdf,svg,png", "--dpi", "30", cwd=tmp_path)
        assert code == 0, err
        pages = json.loads((tmp_path / stock / "diaominos/manifest.json").read_text())["pages"]
        expected = [page for page in whole if page["stock"] == stock and (both or page["side"] == "front")]
        # numbered as in the whole job, as page 1 lists them; a one-sided stock without its blank backs
        assert [(page["number"], page["side"]) for page in pages] == [(page["number"], page["side"]) for page in expected]
        for kind in ("svg", "png"):  # each page's file named by its number in the whole job
            files = sorted(path.name for path in (tmp_path / stock / "diaominos" / kind).iterdir())
            assert files == [f"page-{page['number']:02d}.{kind}" for page in expected]


@pytest.mark.parametrize("args, message", [
    (["--stock", "vellum"], 'this build prints nothing on "vellum"; its stocks are "plain", "sticker", "card"'),
    (["--stock", "card", "--layout", "pieces"], "--stock chooses printed sheets; --layout pieces prints none"),
])
def test_a_stock_the_build_cannot_print_is_one_line_and_exit_2(tmp_path, args, message):
    code, _, err = run_pnp("build", "diaominos", "--out", tmp_path, *args, cwd=tmp_path)
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1, err
    assert not list(tmp_path.rglob("*.pdf"))


GAME = """game: custom
id: deck
title: Deck
components:
  card:
    piece: poker-card
    rows: [{id: a, name: Alpha}, {id: b, name: Beta}]
    front: front
  token:
    piece: {width_mm: 25}
    shape: circle
    rows: [{id: t, name: T}]
    stock: kraft card, 350 gsm
    front: front
layouts:
  front:
    name: {text: "{name}", at: [0.5, 0.5], box: [0.8, 0.2]}
"""


def test_a_game_of_your_own_names_a_stock_of_its_own(tmp_path):
    (tmp_path / "deck.yaml").write_text(GAME)
    code, _, err = run_pnp("build", "deck.yaml", "--out", "out", "-q", cwd=tmp_path)
    assert code == 0, err
    pages = json.loads((tmp_path / "out/deck/manifest.json").read_text())["pages"]
    by_stock = {page["stock"]: page["components"] for page in pages if page["side"] == "front"}
    assert by_stock == {"plain": ["print-guide"], "card": ["card"], "kraft card, 350 gsm": ["token"]}
    code, _, err = run_pnp("build", "deck.yaml", "--out", "kraft", "--stock", "kraft card, 350 gsm", "-q", cwd=tmp_path)
    assert code == 0, err
    assert [page["components"] for page in json.loads((tmp_path / "kraft/deck/manifest.json").read_text())["pages"]
            ] == [["token"]]


def test_a_stock_of_your_own_is_one_line_of_page_one(tmp_path):
    (tmp_path / "deck.yaml").write_text(GAME.replace("kraft card, 350 gsm", "k" * 61))
    code, _, err = run_pnp("validate", "deck.yaml", cwd=tmp_path)
    assert code == 2 and "deck.yaml:13:" in err and "60" in err, err


def test_the_printing_block_puts_a_component_on_a_stock(tmp_path):
    code, _, err = run_pnp("build", "diamonds", "--set", "printing.stock.reference-card=plain", "--out", tmp_path,
                           "-q", cwd=tmp_path)
    assert code == 0, err
    pages = json.loads((tmp_path / "diamonds/manifest.json").read_text())["pages"]
    assert {page["stock"] for page in pages if "reference-card" in page["components"]} == {"plain"}


def test_page_one_says_how_each_stock_prints_one_sided(tmp_path):
    loaded = shared_game("blood_diamonds")
    chosen, pages = impose_job(loaded, settings_for("a4", "off", 3.0, True, input_context(None)), Request())
    said = " ".join(page_one_words(chosen).split())
    sheets = stock_sheets(pages)
    assert sheets["card"][1] and not sheets["light-card"][1]  # coins' values to glue; dice with nothing behind
    card, light = (page_ranges(sheets[stock][0]) for stock in ("card", "light-card"))
    assert f"pages {card}, one-sided; glue each page of backs behind the page before it" in said
    assert f"page {light}, one-sided (build again with --stock light-card added" in said  # the dice and pawns: one sheet
    assert "blank" not in said and "double-sided (pnp" not in said
