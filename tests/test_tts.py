"""The Tabletop Simulator save, read against its format: CustomDeck keys unique across the save (a
card's id is key x 100 + its slot), each deck's card shape and sideways flag, objects scaled to their
millimetres, and a tidy table: decks face down, tokens in bags, the rest in grids near the middle."""

from __future__ import annotations

import itertools
import json
import shutil

import pytest
import yaml

from conftest import run_pnp
from generator.exports import CARD_AT_SCALE_1_MM, TILE_AT_SCALE_1_MM, TOKEN_MAX_MM, TTS_UNIT_MM

#: How far from the table's middle any object may lie, in TTS units (the default tables are about
#: 60 x 40 units).
TABLE_REACH = 30.0


def footprint(state: dict, sizes: dict) -> tuple[float, float]:
    """An object's width and depth on the table, in TTS units, from the sizes the export gave."""
    if state["Name"] == "Bag":
        return 3.0, 3.0
    return tuple(v / TTS_UNIT_MM for v in sizes[state["Nickname"]])


def check_table(saved: dict, listing: dict) -> None:
    """What every TTS save must hold, for any game: every piece once, each at its size in mm, decks
    face down, tokens in bags, nothing overlapping, all of it near the table's middle."""
    sizes = {entry["id"]: (entry["width_mm"], entry["height_mm"]) for entry in listing["objects"]}
    sizes |= {deck["title"]: (deck["width_mm"], deck["height_mm"]) for deck in listing["decks"]}
    states = saved["ObjectStates"]
    pieces = [state for state in states if state["Name"] not in ("Bag", "DeckCustom", "Card")]
    bagged = [inner for state in states if state["Name"] == "Bag" for inner in state["ContainedObjects"]]
    assert sorted(state["Nickname"] for state in pieces + bagged) == sorted(sizes_of_objects(listing))
    for state in pieces + bagged:
        width, height = sizes[state["Nickname"]]
        scale = state["Transform"]["scaleX"], state["Transform"]["scaleZ"]
        tile = state["Name"] == "Custom_Tile" and state["CustomImage"]["CustomTile"]["Type"] in (0, 3)
        expected = (width / TILE_AT_SCALE_1_MM, height / TILE_AT_SCALE_1_MM) if tile else \
            (max(width, height) / TILE_AT_SCALE_1_MM,) * 2
        assert scale == pytest.approx(expected, abs=1e-3), state["Nickname"]
    for state in bagged:
        assert max(sizes[state["Nickname"]]) <= TOKEN_MAX_MM
    for state in states:
        transform = state["Transform"]
        assert abs(transform["posX"]) <= TABLE_REACH and abs(transform["posZ"]) <= TABLE_REACH, state["Nickname"]
        assert transform["rotZ"] == (180.0 if state["Name"] in ("DeckCustom", "Card") else 0.0)
    boxes = []
    for state in states:
        width, depth = footprint(state, sizes)
        x, z = state["Transform"]["posX"], state["Transform"]["posZ"]
        boxes.append((x - width / 2, z - depth / 2, x + width / 2, z + depth / 2))
    for a, b in itertools.combinations(boxes, 2):
        assert a[2] <= b[0] + 1e-3 or b[2] <= a[0] + 1e-3 or a[3] <= b[1] + 1e-3 or b[3] <= a[1] + 1e-3, (a, b)


def sizes_of_objects(listing: dict) -> list[str]:
    """The nickname of every object a save should hold outside its decks: each other piece."""
    return [entry["id"] for entry in listing["objects"]]


@pytest.fixture(scope="module")
def two_decks(tmp_path_factory):
    """A game of one's own with two decks: poker cards with round corners, and landscape cards with
    square ones."""
    where = tmp_path_factory.mktemp("two-decks")
    assert run_pnp("new", "deck", "duo", cwd=where)[0] == 0
    game = where / "duo" / "duo.yaml"
    text = game.read_text()
    game.write_text(text.replace("layouts:\n", "  event:\n    title: Events\n    piece: {width_mm: 100, height_mm: 70, "
                                 "corner_radius_mm: 0}\n    rows: cards.csv\n    front: card-front\n"
                                 "    back: card-back\nlayouts:\n", 1))
    code, _, stderr = run_pnp("build", game, "--layout", "tts", "--dpi", "30", "--out", where / "out", cwd=where)
    assert code == 0, stderr
    folder = where / "out" / "duo" / "tts"
    return folder, json.loads((folder / "duo.json").read_text()), json.loads((folder / "decks.json").read_text())


def test_two_decks_have_keys_and_card_ids_of_their_own(two_decks):
    _, saved, _ = two_decks
    decks = [state for state in saved["ObjectStates"] if state["Name"] == "DeckCustom"]
    assert [deck["Nickname"] for deck in decks] == ["Cards", "Events"]
    keys = [key for deck in decks for key in deck["CustomDeck"]]
    assert len(keys) == len(set(keys)) == 2
    ids = [card["CardID"] for deck in decks for card in deck["ContainedObjects"]]
    assert len(ids) == len(set(ids)) == 32
    for deck in decks:
        assert deck["DeckIDs"] == [card["CardID"] for card in deck["ContainedObjects"]]
        for slot, card in enumerate(deck["ContainedObjects"]):
            (key,) = card["CustomDeck"]
            assert key in deck["CustomDeck"] and card["CardID"] == int(key) * 100 + slot
            assert card["CustomDeck"][key] == deck["CustomDeck"][key]


def test_a_deck_has_its_cards_shape_and_orientation(two_decks):
    _, saved, _ = two_decks
    cards, events = [state for state in saved["ObjectStates"] if state["Name"] == "DeckCustom"]
    # TTS's card shapes: 0 a rectangle with round corners, 1 with square ones.
    assert [sheet["Type"] for sheet in cards["CustomDeck"].values()] == [0]
    assert [sheet["Type"] for sheet in events["CustomDeck"].values()] == [1]
    assert not cards["SidewaysCard"] and events["SidewaysCard"]
    assert all(card["SidewaysCard"] for card in events["ContainedObjects"])
    for sheet in (*cards["CustomDeck"].values(), *events["CustomDeck"].values()):
        assert sheet["BackIsHidden"] is True and sheet["UniqueBack"] is False


def test_decks_lie_face_down_at_their_size(two_decks):
    _, saved, listing = two_decks
    for deck, listed in zip([s for s in saved["ObjectStates"] if s["Name"] == "DeckCustom"], listing["decks"]):
        transform = deck["Transform"]
        assert transform["rotZ"] == 180.0  # face down
        longer = max(listed["width_mm"], listed["height_mm"])
        assert transform["scaleX"] == transform["scaleZ"] == pytest.approx(longer / CARD_AT_SCALE_1_MM, abs=1e-3)
        assert all(card["Transform"]["scaleX"] == transform["scaleX"] for card in deck["ContainedObjects"])


def test_the_save_is_named_after_the_game_and_points_at_its_images(two_decks):
    folder, saved, _ = two_decks
    game = yaml.safe_load((folder.parent.parent.parent / "duo" / "duo.yaml").read_text())
    assert saved["SaveName"] == game["title"] and saved["SaveName"]
    assert sorted(p.name for p in folder.glob("*.json")) == ["decks.json", "duo.json", "manifest.json"]
    for deck in saved["ObjectStates"]:
        for sheet in deck["CustomDeck"].values():
            assert sheet["FaceURL"].startswith("file:///") and sheet["FaceURL"].endswith(".png")


def test_a_rebuild_gives_the_same_save(two_decks, tmp_path):
    folder, saved, _ = two_decks
    game = folder.parent.parent.parent / "duo"
    copy = tmp_path / "duo"
    shutil.copytree(game, copy)
    code, _, stderr = run_pnp("build", copy / "duo.yaml", "--layout", "tts", "--dpi", "30", "--out", tmp_path / "out",
                              cwd=tmp_path)
    assert code == 0, stderr
    again = json.loads((tmp_path / "out" / "duo" / "tts" / "duo.json").read_text())
    assert json.dumps(again).replace(str(tmp_path / "out"), "") == json.dumps(saved).replace(
        str(folder.parent.parent), "")


def test_the_diamonds_table_scales_the_mat_and_the_cards(bundled_build):
    folder = bundled_build("diamonds", "a4", "png", "--layout", "tts")
    saved = json.loads((folder / "tts" / "diamonds.json").read_text())
    listing = json.loads((folder / "tts" / "decks.json").read_text())
    check_table(saved, listing)
    by_name = {state["Nickname"]: state for state in saved["ObjectStates"]}
    mat = by_name["dig-site-mat"]["Transform"]
    assert (mat["scaleX"], mat["scaleZ"]) == pytest.approx((306.0 / 50.8, 315.4 / 50.8), abs=1e-3)
    deck = next(state for state in saved["ObjectStates"] if state["Name"] == "DeckCustom")
    assert deck["Transform"]["scaleX"] == pytest.approx(1.0)  # a poker card is TTS's own card
    assert mat["scaleX"] / deck["Transform"]["scaleX"] > 5  # the mat six times a card's scale, not the same
