"""Issue 28: a battery of hostile and careless inputs, as an attacker or a new user would give them.

Every case runs `pnp` in a sandbox: `home/game/` holds the game file and what it reads, `home/outside/`
holds files of the user's that no game may touch, and `home/out/` is `--out`. A case ends as the
README promises, and the test checks all of it:

* "ok": exit 0, the build written inside `out/`;
* "finding": exit 1 and a located rule finding;
* "error": exit 2 and exactly one `file:line[:col]: error: ... [rule]` line naming where the cause is.

and, whatever the outcome, no traceback and nothing outside `out/` changed (hidden files, symlinks
and the game's own folder included).
"""

from __future__ import annotations

import io
import os
import re
import struct
import sys
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import pytest

from conftest import run_pnp

DIAGNOSTIC = re.compile(r"^(?P<where>[^\s].*?): (?P<level>error|warning): (?P<message>.+) \[(?P<rule>[a-z0-9_.-]+)\]$")

FRONT = """\
    name: {text: "{name}", at: [0.5, 0.1], box: [0.8, 0.1], role: title}
"""


NEST_POINTS = "[" + ", ".join(f"[{i % 20 / 20}, {i // 20 / 25}]" for i in range(400)) + "]"


def game_text(rows: str = "[{id: a, name: Alpha}, {id: b, name: Beta}]", front: str = FRONT,
              component: str = "", extra: str = "", game_id: str = "deck") -> str:
    """A small custom game: one component of poker cards, rows inline unless `rows` names a file."""
    return (f"game: custom\nid: {game_id}\ntitle: Hostile deck\ncomponents:\n  card:\n    piece: poker-card\n"
            f"    rows: {rows}\n    front: front\n    back: back\n{component}"
            f"layouts:\n  front:\n{front}  back:\n    logo: {{symbol: diamond, size_mm: 30, colour: back_pattern}}\n"
            f"{extra}")


def png_bytes(width: int = 40, height: int = 40, mode: str = "RGB", colour=(200, 40, 40)) -> bytes:
    from PIL import Image

    out = io.BytesIO()
    Image.new(mode, (width, height), colour).save(out, "PNG")
    return out.getvalue()


def png_header_only(width: int, height: int) -> bytes:
    """A PNG that claims to be width x height: its header, and an image too short to hold it."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"\0" * 64)) + \
        chunk(b"IEND", b"")


def picture_game(image: str = "art.png") -> str:
    return game_text(front=FRONT + f'    art: {{image: "{image}", at: [0.5, 0.5], box: [0.8, 0.5]}}\n')


@dataclass
class Case:
    name: str
    files: dict[str, str | bytes | Callable[[Path], None]]  # paths under home/; a callable makes it
    args: tuple[str, ...]  # after the command; "GAME" is game/game.yaml
    outcome: str  # ok | finding | error
    where: str = ""  # a regex the location must match (file:line)
    rule: str = ""  # a regex the rule id must match
    command: str = "build"
    check: Callable[[Path, list[str]], bool] | None = None  # more to check of home/ and the lines afterwards

    def __str__(self) -> str:
        return self.name


def symlink(target: str, name: str) -> Callable[[Path], None]:
    def make(home: Path) -> None:
        (home / name).parent.mkdir(parents=True, exist_ok=True)
        os.symlink(target, home / name)
    return make


def fifo(name: str) -> Callable[[Path], None]:
    def make(home: Path) -> None:
        os.mkfifo(home / name)
    return make


SECRET = {"outside/secret.png": png_bytes(colour=(1, 2, 3)), "outside/secret.csv": "id,name\nx,SECRET-WORD\n",
          "outside/secret.yaml": "words: {title: SECRET-WORD}\n"}


def files(game: str, **more) -> dict:
    return {"game/game.yaml": game, **SECRET, **more}


CASES = [
    # --- the baseline builds ---
    Case("a clean game builds", files(game_text()), ("GAME",), "ok"),
    Case("a picture beside the game builds", files(picture_game(), **{"game/art.png": png_bytes()}), ("GAME",), "ok"),
    Case("a picture in a subfolder builds", files(picture_game("art/a.png"), **{"game/art/a.png": png_bytes()}),
         ("GAME",), "ok"),
    # --- reading stays inside the game's folder ---
    Case("an absolute picture path is refused", files(picture_game("HOME/outside/secret.png")), ("GAME",), "error",
         r"game\.yaml:\d+", r"input\.outside-folder"),
    Case("a picture up and out is refused", files(picture_game("../outside/secret.png")), ("GAME",), "error",
         r"game\.yaml:\d+", r"input\.outside-folder"),
    Case("a symlink out of the folder is refused",
         files(picture_game("link.png"), **{"game/link.png": symlink("../outside/secret.png", "game/link.png")}),
         ("GAME",), "error", r"game\.yaml:\d+", r"input\.outside-folder"),
    Case("--allow-path lets a picture outside be read",
         files(picture_game("../outside/secret.png")), ("GAME", "--allow-path", "outside"), "ok"),
    Case("rows from outside are refused, their content never quoted",
         files(game_text(rows="../outside/secret.csv")), ("GAME",), "error", r"game\.yaml:\d+",
         r"input\.outside-folder"),
    Case("rows from /etc are refused", files(game_text(rows="/etc/passwd")), ("GAME",), "error", r"game\.yaml:\d+",
         r"input\.outside-folder"),
    Case("pnp list refuses rows from outside too", files(game_text(rows="../outside/secret.csv")), ("GAME",),
         "error", r"game\.yaml:\d+", r"input\.outside-folder", command="list"),
    Case("pnp list --allow-path counts rows outside", files(game_text(rows="../outside/secret.csv")),
         ("GAME", "--allow-path", "outside"), "ok", command="list",
         check=lambda home, lines: lines[-1].split()[:2] == ["card", "1"]),
    Case("a font from outside is refused",
         files(game_text(extra="style: {font: ../outside/x.ttf}\n"), **{"outside/x.ttf": b"\0" * 100}),
         ("GAME",), "error", r"game\.yaml:\d+", r"input\.outside-folder"),
    Case("a folder as a picture is refused", files(picture_game("art"), **{"game/art/x.txt": "x"}), ("GAME",),
         "error", r"game\.yaml:\d+", r"input\.not-a-file"),
    Case("a FIFO as a picture is refused, not waited on",
         files(picture_game("pipe.png"), **{"game/pipe.png": fifo("game/pipe.png")}), ("GAME",), "error",
         r"game\.yaml:\d+", r"input\.not-a-file"),
    Case("a device as a picture is refused",
         files(picture_game("zero.png"), **{"game/zero.png": symlink("/dev/zero", "game/zero.png")}),
         ("GAME", "--allow-path", "/dev"), "error", r"game\.yaml:\d+", r"input\.not-a-file"),
    Case("a device as a words file is refused", files(game_text()), ("GAME", "--words", "/dev/zero"), "error",
         r"/dev/zero", r"input\.not-a-file"),
    Case("a device as a paper file is refused, with a paper's hint", files(game_text()),
         ("GAME", "--paper", "/dev/zero"), "error", r"/dev/zero", r"input\.not-a-file",
         check=lambda home, lines: "give a paper name" in lines[0]),
    Case("a FIFO as a CSV is refused", files(game_text(rows="rows.csv"), **{"game/rows.csv": fifo("game/rows.csv")}),
         ("GAME",), "error", r"game\.yaml:\d+", r"input\.not-a-file"),
    # --- names that become paths ---
    Case("a component named to climb out is refused",
         files(game_text().replace("  card:\n", '  "../../x":\n')), ("GAME", "--layout", "pieces"), "error",
         r"game\.yaml:\d+", r"input\.unsafe-name"),
    Case("a row id that climbs out is refused", files(game_text(rows='[{id: "../../x", name: A}]')),
         ("GAME", "--layout", "pieces"), "error", r"game\.yaml:\d+", r"input\.(unsafe-name|bad-id)"),
    Case("a NUL in a component name is refused", files(game_text().replace("  card:\n", '  "ca\\0rd":\n')),
         ("GAME",), "error", r"game\.yaml:\d+", r"input\.unsafe-name"),
    *(Case(f"a component named {name} is refused before --layout {layout} writes a file",
           files(game_text().replace("  card:\n", f"  {name}:\n")),
           ("GAME", "--layout", layout, "--format", "png,pdf" if layout == "pieces" else "png"),
           "error", r"game\.yaml:\d+", r"input\.unsafe-name",
           check=lambda home, lines: [entry.name for entry in (home / "out").iterdir()] == [".keep-me"])
      for name, layout in (("manifest.json", "pieces"), ("manifest.json", "tts"), ("pieces.json", "pieces"),
                           ("deck.pdf", "pieces"), ("decks.JSON", "tts"))),
    Case("an empty title is refused", files(game_text().replace("title: Hostile deck", 'title: "  "')), ("GAME",),
         "error", r"game\.yaml:3", r"input\.type"),
    Case("a title emptied by --set is refused", files(game_text()), ("GAME", "--set", "title="), "error", "",
         r"input\.type"),
    Case("an empty id is refused, not taken for the file's name", files(game_text(game_id='""')), ("GAME",), "error",
         r"game\.yaml:2", r"input\.bad-id"),
    *(Case(f"a polygon piece whose corners {what} is refused", files(game_text().replace(
        "    piece: poker-card\n", f"    shape: polygon\n    points_mm: {points}\n")), ("GAME",), "error",
        r"game\.yaml:\d+", rule)
      for what, points, rule in (("lie in a line", "[[0, 0], [40, 0], [80, 0]]", r"input\.bad-shape"),
                                 ("cross (a bow-tie)", "[[0, 0], [40, 0], [0, 30], [40, 30]]", r"input\.bad-shape"),
                                 ("number 1,001", "[" + ", ".join(f"[{i % 2}, {i}]" for i in range(1001)) + "]",
                                  r"input\.too-large"))),
    Case("a 300-character component name is refused", files(game_text().replace("  card:\n", f"  {'c' * 300}:\n")),
         ("GAME",), "error", r"game\.yaml:\d+", r"input\.unsafe-name"),
    Case("a copy's id that another row gives is refused",
         files(game_text(rows="[{id: a, name: A, count: 2}, {id: a-2, name: B}]")), ("GAME",), "error",
         r"game\.yaml:\d+", r"input\.duplicate-id"),
    Case("--copies naming a piece that exists is refused",
         files(game_text(rows="[{id: a, name: A}, {id: a-copy-2, name: B}]")),
         ("GAME", "--copies", "2", "--layout", "pieces"), "error", r"--copies", r"input\.duplicate-id"),
    Case("--only with an empty id list is refused", files(game_text()), ("GAME", "--only", "card:"), "error",
         r"--only", r"input\.usage"),
    # --- bounds, checked before the work ---
    Case("a lattice step of 1e-9 is refused",
         files(game_text(front=FRONT + "    hatch: {lattice: true, step: 1e-9}\n")), ("GAME",), "error",
         r"game\.yaml:\d+", r"input\.(out-of-range|too-large)"),
    Case("a lattice step_mm of 0.0001 is refused",
         files(game_text(front=FRONT + "    hatch: {lattice: true, step_mm: 0.0001}\n")), ("GAME",), "error",
         r"game\.yaml:\d+", r"input\.(out-of-range|too-large)"),
    Case("20,000 at_each points are refused",
         files(game_text(front=FRONT + "    dots: {circle: {fill: ink}, box_mm: [1, 1], at_each: ["
                         + ", ".join("[0.5, 0.5]" for _ in range(20000)) + "]}\n")),
         ("GAME",), "error", r"game\.yaml:\d+", r"input\.too-large"),
    Case("layouts drawn in layouts at 400 places each, five deep, are refused before any is drawn",
         files(game_text(front=FRONT + "    nest: {layout: l0, at_each: " + NEST_POINTS + ", box: [0.05, 0.04]}\n",
                         extra="".join(f"  l{i}:\n    nest: {{layout: l{i + 1}, at_each: {NEST_POINTS}, box: [0.05, 0.04]}}\n"
                                       for i in range(4)) + "  l4:\n    dot: {circle: {fill: ink}, box: [0.5, 0.5]}\n")),
         ("GAME",), "error", r"game\.yaml:\d+", r"input\.too-large"),
    Case("an extends chain 1,200 deep is refused",
         files(game_text(extra="".join(f"  l{i}: {{extends: l{i + 1}}}\n" for i in range(1200)) + "  l1200: {}\n")),
         ("GAME",), "error", r"game\.yaml:\d+", r"input\.too-deep"),
    Case("a picture of 20000 x 20000 pixels is refused",
         files(picture_game(), **{"game/art.png": png_header_only(20000, 20000)}), ("GAME",), "error",
         r"game\.yaml:\d+", r"input\.(image|too-large)"),
    Case("a 1 MB CSV cell is refused at its line",
         files(game_text(rows="rows.csv"), **{"game/rows.csv": "id,name\na,Alpha\nb," + "x" * 1_000_000 + "\n"}),
         ("GAME",), "error", r"rows\.csv:3", r"input\.(csv|too-large)"),
    Case("a CSV count of ² is refused", files(game_text(rows="rows.csv"), **{"game/rows.csv": "id,name,count\na,A,²\n"}),
         ("GAME",), "error", r"rows\.csv:2", r"input\.type"),
    # --- nothing silently wrong ---
    Case("a game with no components is refused", files(game_text().replace(
        "  card:\n    piece: poker-card\n    rows: [{id: a, name: Alpha}, {id: b, name: Beta}]\n    front: front\n"
        "    back: back\n", "  {}\n").replace("components:\n  {}\n", "components: {}\n")), ("GAME",), "error",
         r"game\.yaml:\d+", r"input\.no-pieces"),
    Case("a CSV with only its header is refused", files(game_text(rows="rows.csv"), **{"game/rows.csv": "id,name\n"}),
         ("GAME",), "error", r"rows\.csv|game\.yaml:\d+", r"input\.no-pieces"),
    Case("every count 0 is refused", files(game_text(rows="[{id: a, name: A, count: 0}]")), ("GAME",), "error",
         r"game\.yaml:\d+", r"input\.no-pieces"),
    Case("an unquoted #colour is refused, not dropped",
         files(game_text(front=FRONT + "    band:\n      rect: true\n      box: [1, 0.1]\n      fill: #ff0000\n")),
         ("GAME",), "error", r"game\.yaml:\d+", r"input\.type"),
    Case("an unquoted #colour in a flow mapping says why it breaks",
         files(game_text(front=FRONT + "    band: {rect: true, box: [1, 0.1], fill: #ff0000}\n")), ("GAME",), "error",
         r"game\.yaml:\d+", r"input\.yaml-syntax", check=lambda home, lines: "comment" in lines[0]),
    Case("a polygon of one point is refused",
         files(game_text(front=FRONT + "    shape: {polygon: [[0.5, 0.5]], fill: ink}\n")), ("GAME",), "error",
         r"game\.yaml:\d+", r"input\.element"),
    Case("a line without an end is refused", files(game_text(front=FRONT + "    rule: {line: true, at: [0.1, 0.5]}\n")),
         ("GAME",), "error", r"game\.yaml:\d+", r"input\.element"),
    Case("a picture placed off the piece is refused",
         files(game_text(front=FRONT + '    art: {image: art.png, at: [1.8, 1.8], box: [0.1, 0.1]}\n'),
               **{"game/art.png": png_bytes()}), ("GAME",), "error", r"game\.yaml:\d+", r"input\.element"),
    Case("an unknown inline symbol is refused at its text",
         files(game_text(front=FRONT + '    note: {text: "Dig :sunn: deep", at: [0.5, 0.5], box: [0.8, 0.1]}\n')),
         ("GAME",), "error", r"game\.yaml:\d+", r"input\.unknown-symbol"),
    Case("an unknown literal symbol is refused at its element",
         files(game_text(front=FRONT + '    pip: {symbol: hearts, at: [0.5, 0.5], size_mm: 10}\n')), ("GAME",), "error",
         r"game\.yaml:\d+", r"input\.unknown-symbol"),
    Case("per: a field no row has is refused",
         files(game_text(extra="rules:\n  - {id: per-suit, of: card, per: suit, count: 1}\n")), ("GAME",), "error",
         r"game\.yaml:\d+", r"input\.(unknown-field|missing-field)", command="validate"),
    Case("--words and --lang together are refused", files(game_text()), ("GAME", "--words", "x.yaml", "--lang", "fr"),
         "error", r"--lang|--words", r"input\.usage"),
    Case("an empty --out is refused", files(game_text()), ("GAME", "--out", ""), "error", r"--out", r"input\.usage"),
    # --- tracebacks no more ---
    Case("background: 5", files(game_text(extra="").replace("  back:\n", "  back:\n    background: 5\n")), ("GAME",),
         "error", r"game\.yaml:\d+", r"input\.type"),
    Case('background: "{colour"', files(game_text().replace("  back:\n", '  back:\n    background: "{colour"\n')),
         ("GAME",), "error", r"game\.yaml:\d+", r"input\.placeholder"),
    Case("a words file to a folder that does not exist", files(game_text()),
         ("diamonds", "--out", "no/such/dir/w.yaml"), "error", r"--out", r"(output|input)\..+", command="words"),
    Case("a words file to a folder", files(game_text()), ("diamonds", "--out", "."), "error", r"--out",
         r"(output|input)\..+", command="words"),
    # --- errors at their cause ---
    Case("a latin-1 CSV is called a CSV", files(game_text(rows="rows.csv"),
                                                **{"game/rows.csv": "id,name\na,Caf\xe9\n".encode("latin-1")}),
         ("GAME",), "error", r"rows\.csv:2", r"input\.encoding"),
    Case("a truncated PNG is blamed on the picture", files(picture_game(), **{"game/art.png": png_bytes(400, 400)[:300]}),
         ("GAME",), "error", r"game\.yaml:\d+", r"input\.image"),
]


PLUGIN = '''from dataclasses import dataclass

from generator.model import Component, Piece, fill_bleed
from generator.plugins import Game, GameSpec
from generator.schema import where
from generator.shapes import Rect
from generator.validate import RuleBook, error

rules = RuleBook()


@dataclass(kw_only=True)
class TinySpec(GameSpec):
    pass


@rules.rule("tiny.rule", "a rule")
def check(spec):
    RULE


def front(canvas, area):
    fill_bleed(canvas, area, "#ffffff")
    DRAW


def components(spec):
    COMPONENTS
    return [Component(COMPONENT, "Cards", [Piece(PIECE, SHAPE, front)])]


GAME = Game(name=NAME, spec=SPEC, components=components, rules=rules)
'''


def plugin(rule="yield from ()", draw="pass", components="pass", component='"card"', piece='"card-1"',
           name='"tiny"', spec="TinySpec", load="", shape="Rect(63.5, 88.9)") -> dict:
    code = (PLUGIN.replace("RULE", rule).replace("DRAW", draw).replace("COMPONENTS", components)
            .replace("COMPONENT", component).replace("PIECE", piece).replace("NAME", name).replace("SPEC", spec)
            .replace("SHAPE", shape))
    return {"game/tiny.py": load + code, "game/game.yaml": "game: tiny\ntitle: Tiny\n", **SECRET}


PLUGIN_CASES = [
    Case("a plug-in game builds", plugin(), ("GAME", "--plugin", "game/tiny.py"), "ok"),
    Case("a plug-in whose components() returns None", plugin(components="return None"),
         ("GAME", "--plugin", "game/tiny.py"), "error", r"tiny\.py:\d+", r"plugin\.error"),
    Case("a plug-in whose components() returns strings", plugin(components='return ["card", "token"]'),
         ("GAME", "--plugin", "game/tiny.py"), "error", r"tiny\.py:\d+", r"plugin\.error"),
    Case("a plug-in rule that yields a string", plugin(rule='yield "wrong"'), ("GAME", "--plugin", "game/tiny.py"),
         "error", r"tiny\.py:\d+", r"plugin\.error", command="validate"),
    Case("a plug-in game whose spec is int", plugin(spec="int"), ("GAME", "--plugin", "game/tiny.py"), "error",
         r"tiny\.py", r"plugin\.error"),
    Case("a plug-in that exits 0 as it loads", plugin(load="import sys\nsys.exit(0)\n"),
         ("GAME", "--plugin", "game/tiny.py"), "error", r"tiny\.py:\d+", r"plugin\.error"),
    Case("a plug-in that exits 0 in components()", plugin(components="import sys; sys.exit(0)"),
         ("GAME", "--plugin", "game/tiny.py"), "error", r"tiny\.py:\d+", r"plugin\.error"),
    Case("a plug-in that draws at NaN", plugin(draw='canvas.text(float("nan"), 10, "x", 3.0)'),
         ("GAME", "--plugin", "game/tiny.py"), "error", r"tiny\.py:\d+", r"plugin\.error"),
    Case("a plug-in that paints in a colour's name", plugin(draw='canvas.rect(0, 0, 5, 5, fill="red")'),
         ("GAME", "--plugin", "game/tiny.py"), "error", r"tiny\.py:\d+", r"plugin\.error"),
    Case("a plug-in that writes in a colour with alpha", plugin(draw='canvas.text(5, 5, "x", 3.0, fill="#ffffff80")'),
         ("GAME", "--plugin", "game/tiny.py"), "error", r"tiny\.py:\d+", r"plugin\.error"),
    Case("a plug-in piece with no shape", plugin(shape="None"),
         ("GAME", "--plugin", "game/tiny.py"), "error", r"tiny\.py:\d+", r"plugin\.error"),
    Case("a plug-in piece of no size", plugin(shape="Rect(0.0, 88.9)"),
         ("GAME", "--plugin", "game/tiny.py"), "error", r"tiny\.py:\d+", r"plugin\.error"),
    Case("a plug-in game named to climb out", plugin(name='"../../x"'), ("GAME", "--plugin", "game/tiny.py"), "error",
         r"tiny\.py", r"input\.unsafe-name"),
    Case("a plug-in piece id that climbs out", plugin(piece='"../../x"'),
         ("GAME", "--plugin", "game/tiny.py", "--layout", "pieces"), "error", r"tiny\.py:\d+", r"input\.unsafe-name"),
    Case("a plug-in component named to climb out", plugin(component='"../x"'),
         ("GAME", "--plugin", "game/tiny.py", "--layout", "tts"), "error", r"tiny\.py:\d+", r"input\.unsafe-name"),
]


def words_case(name: str, old: str, new: str, rule: str, command: str = "build") -> Case:
    """The Diamonds words, one entry changed, given with --words."""
    from generator.words import words_yaml

    text = words_yaml("diamonds")
    assert old in text, old
    return Case(name, files(game_text(), **{"game/words.yaml": text.replace(old, new, 1)}),
                ("diamonds", "--words", "game/words.yaml"), "error", r"words\.yaml:\d+", rule, command=command)


WORDS_CASES = [
    words_case("a misspelt form in a words file", "{count} {count:piece|pieces}", "{count} {count:Capp}",
               r"input\.placeholder"),
    words_case("three plural forms in English", "{cards:card|cards}", "{cards:card|cards|cardses}",
               r"input\.placeholder"),
    words_case("a form of a text's placeholder", "{count} {count:piece|pieces}", "{count} {title:piece|pieces}",
               r"input\.placeholder"),
    words_case("a glyph no font has, in a words file", "reference.title: Diamonds at a glance",
               "reference.title: \"\u6f22 Diamonds at a glance\"", r"input\.missing-glyph"),
    words_case("a words entry of 100 KB", "mat.title: Dig site", "mat.title: " + "x" * 100_000, r"input\.too-large"),
]


OPTION_CASES = [
    Case("--shop with --format", files(game_text()), ("GAME", "--shop", "tgc", "--format", "pdf"), "error",
         r"--format", r"input\.usage"),
    Case("--shop with --layout sheets asked for", files(game_text()), ("GAME", "--shop", "tgc", "--layout", "sheets"),
         "error", r"--shop", r"input\.usage"),
    Case("--dpi with no PNG", files(game_text()), ("GAME", "--dpi", "300"), "error", r"--dpi", r"input\.usage"),
    Case("--svg-text with no SVG", files(game_text()), ("GAME", "--svg-text", "outlines"), "error", r"--svg-text",
         r"input\.usage"),
    Case("--allow-path that is no folder", files(picture_game("../outside/secret.png")),
         ("GAME", "--allow-path", "nowhere"), "error", r"--allow-path", r"input\.usage"),
]


def picture(mode: str, name: str = "art.png", **saved) -> Callable[[Path], None]:
    def make(home: Path) -> None:
        from PIL import Image

        Image.new(mode, (120, 120), 30000 if mode.startswith("I") else 0).save(home / "game" / name, **saved)
    return make


MORE_CASES = [
    Case("a control character in the game file", files(game_text().replace("title: Hostile deck",
                                                                              'title: "Hostile\x07deck"')),
         ("GAME",), "error", r"game\.yaml:3:\d+", r"input\.encoding"),
    Case("a NUL in a command-line argument", files(game_text()), ("GAME", "--set", "title=a\x00b"), "error", r"--set",
         r"input\.usage"),
    Case("a control character in a CSV cell", files(game_text(rows="rows.csv"),
                                                    **{"game/rows.csv": "id,name\na,Al\x07pha\n"}),
         ("GAME",), "error", r"rows\.csv:2", r"input\.encoding"),
    Case("a glyph no font has in a CSV cell", files(game_text(rows="rows.csv"),
                                                    **{"game/rows.csv": "id,name\na,Al\u6f22pha\n"}),
         ("GAME",), "error", r"rows\.csv:2", r"input\.missing-glyph"),
    Case("an empty picture field leaves the picture off",
         files(game_text(rows="[{id: a, name: A, art: ''}]",
                         front=FRONT + '    art: {image: "{art}", at: [0.5, 0.5], box: [0.5, 0.5]}\n')),
         ("GAME",), "ok"),
    Case("an empty picture name in a layout is refused",
         files(game_text(front=FRONT + '    art: {image: "", at: [0.5, 0.5], box: [0.5, 0.5]}\n')), ("GAME",), "error",
         r"game\.yaml:\d+", r"input\.image"),
    Case("an SVG named .png", files(picture_game(), **{"game/art.png": "<svg/>"}), ("GAME",), "error",
         r"game\.yaml:\d+", r"input\.image"),
    Case("a CMYK JPEG builds", files(picture_game("art.jpg"), **{"game/art.jpg": picture("CMYK", "art.jpg")}),
         ("GAME",), "ok"),
    Case("a 16-bit grey PNG builds", files(picture_game(), **{"game/art.png": picture("I;16")}), ("GAME",), "ok"),
    Case("a palette PNG with transparency builds", files(picture_game(), **{"game/art.png": picture("P", transparency=0)}),
         ("GAME",), "ok"),
    Case("an empty id cell is numbered", files(game_text(rows="rows.csv"), **{"game/rows.csv": "id,name\n,A\nb,B\n"}),
         ("GAME",), "ok"),
    Case("a words file's language that is no code", files(game_text(), **{"game/words.yaml": "language: 5\nwords: {}\n"}),
         ("diamonds", "--words", "game/words.yaml"), "error", r"words\.yaml:1:\d+", r"input\.type", command="validate"),
    Case("texts of 3.2 million characters are refused before they are laid out",
         files(game_text(rows="rows.csv", front=FRONT + '    body: {text: "{text}", at: [0.5, 0.5], box: [0.8, 0.6]}\n'),
               **{"game/rows.csv": "id,name,text\n" + "".join(f"c{i},N,{'word ' * 1600}\n" for i in range(400))}),
         ("GAME",), "error", r"game\.yaml:\d+", r"input\.too-large", command="validate"),
    Case("250,000 elements to draw are refused before they are drawn",
         files(game_text(rows="[{id: a, name: A, count: 500}]",
                         front=FRONT + "    dots: {circle: {fill: ink}, box_mm: [1, 1], at_each: ["
                         + ", ".join("[0.5, 0.5]" for _ in range(500)) + "]}\n")),
         ("GAME",), "error", r"game\.yaml:\d+", r"input\.too-large", command="validate"),
    Case("a component with no pieces beside one with some is a warning",
         files(game_text(component="  token:\n    piece: piecepack-coin\n    shape: circle\n    rows: []\n"
                         "    front: front\n")), ("GAME",), "ok"),
]


def game_folder_is_out(home: Path) -> None:
    (home / "games" / "deck").mkdir(parents=True)
    (home / "games" / "deck" / "deck.yaml").write_text(game_text())
    (home / "games" / "deck" / ".git").mkdir()
    (home / "games" / "deck" / ".git" / "HEAD").write_text("ref: refs/heads/main\n")


FOLDER_CASES = [
    Case("an out folder that is the game's own folder is refused", {"games/deck": game_folder_is_out, **SECRET},
         ("games/deck/deck.yaml", "--out", "games"), "error", r"--out", r"output\.unsafe"),
    Case("--out .. from the game's folder is refused", {"games/deck": game_folder_is_out, **SECRET},
         ("games/deck/deck.yaml", "--out", "games/deck/.."), "error", r"--out", r"output\.unsafe"),
    Case("an output folder that is a link is refused",
         files(game_text(), **{"out/deck": symlink("../outside", "out/deck")}), ("GAME",), "error", r"--out",
         r"output\.unsafe"),
]


def snapshot(home: Path) -> dict[str, object]:
    """Every entry under home/ but out/, with what it is: file bytes, a link's target, a folder."""
    seen = {}
    for root, folders, names in os.walk(home, followlinks=False):
        relative_root = Path(root).relative_to(home)
        if relative_root.parts[:1] == ("out",):
            continue
        for name in folders + names:
            path = Path(root) / name
            key = str(relative_root / name)
            if path.is_symlink():
                seen[key] = ("link", os.readlink(path))
            elif path.is_dir():
                seen[key] = ("dir",)
            elif path.is_fifo():
                seen[key] = ("fifo",)
            else:
                seen[key] = ("file", path.read_bytes())
    return seen


def make_home(tmp_path: Path, case: Case) -> Path:
    home = tmp_path / "home"
    for name, content in case.files.items():
        path = home / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if callable(content):
            content(home)
        elif isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content.replace("HOME/", f"{home}/"), encoding="utf-8")
    (home / "out").mkdir(exist_ok=True)
    (home / "out" / ".keep-me").write_text("the user's")
    return home


def run_case(tmp_path: Path, case: Case):
    home = make_home(tmp_path, case)
    before = snapshot(home)
    args = [arg.replace("GAME", "game/game.yaml") for arg in case.args]
    if case.command == "build" and "--out" not in args:
        args += ["--out", "out"]
    code, stdout, stderr = run_pnp(case.command, *args, cwd=home)
    shown = f"exit {code}\n--- stdout ---\n{stdout}\n--- stderr ---\n{stderr}"
    assert "Traceback" not in stdout + stderr, shown
    assert snapshot(home) == before, f"something outside out/ changed\n{shown}"
    assert (home / "out" / ".keep-me").read_text() == "the user's"
    return home, code, stdout, stderr, shown


@pytest.mark.parametrize("case", CASES + MORE_CASES + PLUGIN_CASES + WORDS_CASES + OPTION_CASES + FOLDER_CASES,
                         ids=str)
def test_hostile_input_ends_as_the_readme_promises(tmp_path, monkeypatch, case: Case):
    monkeypatch.setattr(sys, "dont_write_bytecode", False)  # as for a user: a plug-in leaves no __pycache__ behind
    home, code, stdout, stderr, shown = run_case(tmp_path, case)
    if case.outcome == "ok":
        assert code == 0, shown
        if case.command == "build":
            assert len(list((home / "out").glob("*/*.pdf"))) == 1, shown
        if case.check is not None:
            assert case.check(home, stdout.splitlines()), shown
        return
    lines = [line for line in (stdout + stderr).splitlines() if line.strip()]
    assert "SECRET-WORD" not in stdout + stderr, shown
    if case.outcome == "error":
        assert code == 2, shown
        diagnostics = [line for line in stderr.splitlines() if line.strip()]
        assert len(diagnostics) == 1, f"expected one line\n{shown}"
    else:
        assert code == 1, shown
    match = DIAGNOSTIC.match(lines[0])
    assert match, f"not `where: error: message [rule]`\n{shown}"
    assert re.search(case.where, match["where"]), f"located at {match['where']}, expected {case.where}\n{shown}"
    assert re.fullmatch(case.rule, match["rule"]), f"rule {match['rule']}, expected {case.rule}\n{shown}"
    if case.check is not None:
        assert case.check(home, lines), shown
