"""Pictures on faces (generator/images.py, Canvas.image): PNG and JPEG placed to fit, fill or stretch a
box, the right way up in every backend, stored once in a PDF and once per SVG page."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from PIL import Image

from generator.backends.pdf import PdfSurface
from generator.backends.png import render_png_pages
from generator.backends.svg import SvgSurface
from generator.canvas import Canvas
from generator.errors import InputError, Location
from generator.geometry import Matrix
from generator.images import load_picture, placed_dpi
from generator.impose import Paper, PrintSettings, impose
from generator.model import Area, Component, Piece, fill_bleed
from generator.reading import Reader
from generator.recording import record_face
from generator.render import render
from generator.shapes import Rect

A4 = PrintSettings(Paper("a4", 210.0, 297.0, 6.35))
QUADRANTS = {(0, 0): (220, 30, 30), (1, 0): (30, 170, 60), (0, 1): (40, 60, 210), (1, 1): (240, 200, 30)}


@pytest.fixture
def quadrants(tmp_path) -> Path:
    """A 2 x 2 picture, a colour to each corner: it shows which way up and which way round it lands."""
    image = Image.new("RGB", (2, 2))
    for place, colour in QUADRANTS.items():
        image.putpixel(place, colour)
    path = tmp_path / "quadrants.png"
    image.resize((40, 40), Image.NEAREST).save(path)
    return path


def picture_in(path: Path):
    """The picture at `path`, read as a game in its folder reads it."""
    return load_picture(Reader(path.parent), path.name, Location("test"))


def page_with(draw, width=100.0, height=100.0) -> Image.Image:
    surface = PdfSurface("t")
    surface.begin_page(1, width, height)
    draw(Canvas(surface))
    surface.end_page()
    surface.close()
    return Image.open(io.BytesIO(render_png_pages(surface.getvalue(), [(width, height)], 254)[1])).convert("RGB")


def colour_at(image, x_mm, y_mm):
    return image.getpixel((int(x_mm * 10), int(y_mm * 10)))  # 254 dpi: 10 px a mm


def near(a, b, tolerance=12):
    return all(abs(p - q) <= tolerance for p, q in zip(a, b))


@pytest.mark.parametrize("turn", [0, 90])
def test_a_picture_lands_the_right_way_up_and_round(quadrants, turn):
    picture = picture_in(quadrants)

    def draw(canvas):
        canvas.translate(50, 50)
        canvas.rotate(turn)
        canvas.image(picture, -30, -30, 60, 60, "stretch")

    page = page_with(draw)
    corners = {(0, 0): (-15, -15), (1, 0): (15, -15), (0, 1): (-15, 15), (1, 1): (15, 15)}
    for place, (u, v) in corners.items():
        x, y = Matrix.rotation(turn).apply(u, v)
        assert near(colour_at(page, 50 + x, 50 + y), QUADRANTS[place]), (turn, place)


def test_fit_fill_and_stretch_place_the_picture_as_named(quadrants, tmp_path):
    wide = tmp_path / "wide.png"
    Image.new("RGB", (200, 100), (10, 10, 10)).save(wide)
    picture = picture_in(wide)

    def placed(fit):
        recording = record_face(lambda canvas, area: canvas.image(picture, 10, 20, 40, 40, fit), Area(60, 60, 0))
        [image_call] = [call for call in recording.calls if call[0] == "image"]
        clips = [call[1].bounds() for call in recording.calls if call[0] == "clip"]
        matrix = image_call[2]
        return (matrix.e, matrix.f, matrix.a, matrix.d), clips

    assert placed("fit") == ((10, 30, 40, 20), [])  # whole, centred: 40 x 20 in the middle of the box
    box, clips = placed("fill")
    assert box == (-10, 20, 80, 40) and clips == [(10, 20, 50, 60)]  # covers the box, cut to it
    assert placed("stretch") == ((10, 20, 40, 40), [])


def test_one_picture_on_many_pieces_is_stored_once(quadrants):
    picture = picture_in(quadrants)

    def front(canvas, area):
        fill_bleed(canvas, area, "#ffffff")
        canvas.image(picture, 5, 5, 50, 50)

    pieces = [Piece(f"card-{n}", Rect(63.5, 88.9), front) for n in range(12)]
    outputs = render(impose([Component("card", "Cards", pieces)], A4), A4, "Test", ("pdf", "svg"), 72)
    assert len(re.findall(rb"/Subtype /Image", outputs["pdf"])) == 1
    for svg in outputs["svg"].values():
        text = svg.decode()
        uses = text.count("<use")
        assert text.count("data:image/png;base64,") == (1 if uses else 0)
    assert sum(svg.decode().count("<use") for svg in outputs["svg"].values()) == 12


@pytest.mark.parametrize("surface_kind", ["pdf", "svg"])
def test_a_replayed_picture_writes_what_drawing_it_writes(quadrants, surface_kind):
    picture = picture_in(quadrants)

    def face(canvas, area):
        canvas.image(picture, 5, 5, 30, 20, "fill")

    def page(draw_it) -> bytes:
        surface = PdfSurface("t") if surface_kind == "pdf" else SvgSurface()
        surface.begin_page(1, 100, 100)
        canvas = Canvas(surface)
        canvas.transform(Matrix.translation(40, 10) @ Matrix.rotation(90))
        draw_it(canvas)
        surface.end_page()
        surface.close()
        return surface.getvalue() if surface_kind == "pdf" else surface.pages[1]

    area = Area(40, 30, 0)
    assert page(lambda canvas: canvas.replay(record_face(face, area))) == page(lambda canvas: face(canvas, area))


def test_a_transparent_png_keeps_what_is_under_it(tmp_path):
    path = tmp_path / "dot.png"
    image = Image.new("RGBA", (20, 20), (0, 0, 0, 0))
    image.putpixel((10, 10), (200, 0, 0, 255))
    image.resize((40, 40), Image.NEAREST).save(path)
    picture = picture_in(path)

    def draw(canvas):
        canvas.rect(0, 0, 100, 100, fill="#3050c0")
        canvas.image(picture, 10, 10, 80, 80, "stretch")

    page = page_with(draw)
    assert near(colour_at(page, 20, 20), (48, 80, 192))  # the blue under the transparent part
    assert near(colour_at(page, 51, 51), (200, 0, 0))


def test_text_on_a_picture_is_not_measured_against_the_paper_under_it(quadrants):
    picture = picture_in(quadrants)

    def face(canvas, area):
        fill_bleed(canvas, area, "#ffffff")
        canvas.image(picture, 0, 0, 60, 60)
        canvas.text(10, 30, "on the picture", 4.0, fill="#ffffff")
        canvas.text(10, 75, "on the paper", 4.0, fill="#ffffff")

    texts = record_face(face, Area(60, 90, 0)).texts
    assert [(t.text, t.behind) for t in texts] == [("on the picture", None), ("on the paper", "#ffffff")]


def test_a_missing_or_unreadable_picture_is_one_input_error_where_it_is_named(tmp_path):
    where = Location("game.yaml", 12, 5)
    (tmp_path / "notes.png").write_text("not a picture")
    Image.new("RGB", (4, 4)).save(tmp_path / "anim.gif")
    for name, words in (("nowhere.png", "no such file"), ("notes.png", "not a picture"), ("anim.gif", "GIF")):
        with pytest.raises(InputError) as raised:
            load_picture(Reader(tmp_path), name, where)
        message = str(raised.value)
        assert message.startswith("game.yaml:12:5: error: ") and words in message and "[input.image]" in message


def test_placed_dpi_is_the_pixels_an_inch_gets(quadrants):
    picture = picture_in(quadrants)  # 40 x 40 px
    assert placed_dpi(picture, 25.4, 25.4) == pytest.approx(40)
    assert placed_dpi(picture, 25.4, 12.7) == pytest.approx(40)  # the lower of the two directions
    assert placed_dpi(picture, 2.54, 2.54) == pytest.approx(400)


def test_a_phone_photo_is_turned_upright_by_its_exif_orientation(tmp_path):
    """A photo stored 40 x 20 px with orientation 6 ("turn a quarter clockwise to show") is 20 x 40 upright."""
    stored = Image.new("RGB", (40, 20), (200, 30, 30))
    stored.paste((30, 30, 200), (0, 0, 20, 20))  # the stored left half blue: upright, the top half
    exif = Image.Exif()
    exif[0x0112] = 6
    stored.save(tmp_path / "photo.jpg", exif=exif.tobytes(), quality=95)
    picture = picture_in(tmp_path / "photo.jpg")
    assert (picture.width_px, picture.height_px) == (20, 40) and picture.mime == "image/jpeg"
    with Image.open(io.BytesIO(picture.data)) as upright:
        assert near(upright.convert("RGB").getpixel((10, 5)), (30, 30, 200), 30)
        assert near(upright.convert("RGB").getpixel((10, 35)), (200, 30, 30), 30)


def test_a_sixteen_bit_grey_picture_keeps_its_greys(tmp_path):
    """reportlab would clip 16-bit grey to white: it is scaled to 8 bits first (30000 of 65535 is 117 of 255)."""
    Image.new("I;16", (8, 8), 30000).save(tmp_path / "grey.png")
    picture = picture_in(tmp_path / "grey.png")
    with Image.open(io.BytesIO(picture.data)) as stored:
        assert stored.mode == "L" and abs(stored.getpixel((4, 4)) - 117) <= 1


def test_a_picture_is_decoded_once_whatever_names_links_and_rows_lead_to_it(tmp_path, monkeypatch):
    """300 hard links to one picture, cycled through by 3,000 rows, decoded it again and again (the
    pictures kept were keyed by name, and a picture used again was not kept the longer): about an hour."""
    from generator import images

    Image.new("RGB", (40, 30), "#336699").save(tmp_path / "art.png")
    for number in range(300):
        (tmp_path / f"link{number}.png").hardlink_to(tmp_path / "art.png")
    (tmp_path / "copy.png").write_bytes((tmp_path / "art.png").read_bytes())  # the same bytes, another file
    decoded = []
    real = images._decoded
    monkeypatch.setattr(images, "_decoded", lambda data, name: decoded.append(name) or real(data, name))
    reader, here = Reader(tmp_path), Location("game.yaml", 1, 1)
    for row in range(3000):
        picture = load_picture(reader, f"link{row % 300}.png", here)
        assert picture.name == f"link{row % 300}.png"  # messages name the picture as each row gives it
    assert load_picture(reader, "copy.png", here).width_px == 40
    assert len(decoded) <= 1 and reader.picture_pixels == {next(iter(reader.picture_pixels)): 1200}


def test_a_games_different_pictures_have_a_bound_on_their_pixels(tmp_path, monkeypatch):
    from generator import images

    monkeypatch.setattr(images, "MAX_GAME_PIXELS", 5000)
    for number, colour in enumerate(("red", "green", "blue")):
        Image.new("RGB", (50, 40), colour).save(tmp_path / f"art{number}.png")
    reader, here = Reader(tmp_path), Location("game.yaml", 7, 3)
    load_picture(reader, "art0.png", here), load_picture(reader, "art1.png", here)
    load_picture(reader, "art0.png", here)  # the same one again: counted once
    with pytest.raises(InputError, match="the game's 3 different pictures come to 0 million pixels; a game may have"):
        load_picture(reader, "art2.png", here)


def test_an_svg_page_holds_its_pictures_up_to_a_bound(tmp_path, monkeypatch):
    """Nine photos of 26 MB on one SVG page made a page of 284 MB (1.4 GB to make): past the bound, one
    error that says to build the PDF, which holds each picture once."""
    from generator.backends import svg

    reader, here = Reader(tmp_path), Location("game.yaml", 1, 1)
    for number, colour in enumerate(("red", "green")):
        Image.new("RGB", (20, 20), colour).save(tmp_path / f"art{number}.png")
    first, second = (load_picture(reader, f"art{number}.png", here) for number in range(2))
    monkeypatch.setattr(svg, "MAX_PAGE_PICTURE_BYTES", len(first.data) + len(second.data) - 1)
    surface = SvgSurface()
    surface.begin_page(1, 100.0, 100.0)
    surface.draw_image(first, Matrix(a=10, d=10))
    surface.draw_image(first, Matrix(a=10, d=10, e=20))  # the same picture again: held once
    with pytest.raises(InputError, match="the SVG of page 1 would hold 0 MB of pictures"):
        surface.draw_image(second, Matrix(a=10, d=10, e=40))


def test_large_png_pages_are_made_one_at_a_time_and_in_bands_that_match_one_render(monkeypatch, quadrants):
    """A4 at 1,200 dpi took 1.6 GB: two page images held at once (enumerate kept the last it gave), and
    PDFium's bitmap of the whole page beside each. A large page is now rendered in bands, and made
    only once the page before it has gone."""
    import weakref

    from generator.backends import png

    made, alive_when_made = [], []

    def images(pdf, sizes_mm, dpi, transparent=frozenset()):
        for _ in sizes_mm:
            alive_when_made.append(sum(ref() is not None for ref in made))
            image = Image.new("RGB", (8, 8), "white")
            made.append(weakref.ref(image))
            yield image
            del image  # as render_images lets go of each

    monkeypatch.setattr(png, "render_images", images)
    monkeypatch.setattr(png, "LARGE_PAGE_PIXELS", 0)
    assert len(list(png.png_pages(b"", [(10.0, 10.0)] * 4, 72))) == 4 and alive_when_made == [0, 0, 0, 0]
    monkeypatch.undo()

    picture = picture_in(quadrants)

    def front(canvas, area):
        fill_bleed(canvas, area, "#ffffff")
        canvas.image(picture, 5, 5, 50, 50)
        canvas.text(10, 80, "Bands", 12.0)

    pdf = render(impose([Component("card", "Cards", [Piece("card", Rect(63.5, 88.9), front)])], A4), A4, "Test",
                 ("pdf",), 72)["pdf"]
    whole = next(png.render_images(pdf, [(210.0, 297.0)], 150))
    monkeypatch.setattr(png, "LARGE_PAGE_PIXELS", 0)
    monkeypatch.setattr(png, "BAND_PIXELS", 77_777)  # bands of 62 rows, not a divisor of the page's 1,754
    banded = next(png.render_images(pdf, [(210.0, 297.0)], 150))
    from PIL import ImageChops

    assert banded.size == whole.size == (1240, 1754) and banded.mode == whole.mode
    assert max(high for _, high in ImageChops.difference(whole, banded).getextrema()) <= 2  # antialiasing's last bit
