"""Issue 28: a build touches only what it made (generator/output.py).

It writes inside `<out>/<game>/` and there only the files its manifest lists; a rebuild removes its
own stale files (or keeps them when they were made from the same inputs) and leaves everything else,
hidden or not, as it was; it never writes through a symbolic link, and refuses an output folder that
holds the game or the program's source.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import run_pnp
from generator.errors import InputError
from generator.output import write_build

ROOT = Path(__file__).resolve().parent.parent
GAME = """game: custom
id: deck
title: Deck
components:
  card:
    piece: poker-card
    rows: [{id: a, name: Alpha}, {id: b, name: Beta}]
    front: front
layouts:
  front:
    name: {text: "{name}", at: [0.5, 0.5], box: [0.8, 0.1]}
"""


@pytest.fixture
def game(tmp_path) -> Path:
    (tmp_path / "deck.yaml").write_text(GAME)
    return tmp_path / "deck.yaml"


def build(folder: Path, *args: str) -> tuple[int, str, str]:
    return run_pnp("build", "deck.yaml", "--out", "out", *args, cwd=folder)


def tree(folder: Path) -> dict[str, str]:
    """Every entry below `folder`: a file's bytes, a link's target, or "dir"."""
    found = {}
    for root, folders, names in os.walk(folder):
        for name in folders + names:
            path = Path(root) / name
            key = str(path.relative_to(folder))
            found[key] = f"-> {os.readlink(path)}" if path.is_symlink() else "dir" if path.is_dir() else \
                path.read_bytes()
    return found


def test_hidden_entries_and_the_users_files_survive_a_rebuild(game):
    folder = game.parent
    assert build(folder)[0] == 0
    deck = folder / "out" / "deck"
    (deck / ".git").mkdir()
    (deck / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    (deck / ".env").write_text("SECRET=1\n")
    (deck / "notes.txt").write_text("the user's notes")
    (deck / "svg").mkdir()
    (deck / "svg" / "mine.svg").write_text("<svg/>")
    theirs = {key: value for key, value in tree(deck).items() if not key.startswith(("deck.pdf", "manifest"))}
    assert build(folder, "--format", "pdf,svg")[0] == 0
    assert build(folder, "--set", "title=Deck two")[0] == 0
    after = tree(deck)
    assert {key: after[key] for key in theirs} == theirs
    assert sorted(set(after) - set(theirs)) == ["deck.pdf", "manifest.json"]  # the SVG pages of the old deck went


def test_the_manifest_lists_the_files_and_the_inputs(game):
    folder = game.parent
    assert build(folder, "--format", "pdf,svg,cut")[0] == 0
    manifest = json.loads((folder / "out" / "deck" / "manifest.json").read_text())
    assert manifest["files"] == sorted(manifest["files"]) and "deck.pdf" in manifest["files"]
    assert {name.split("/")[0] for name in manifest["files"]} == {"deck.pdf", "svg", "cut"}
    assert all((folder / "out" / "deck" / name).is_file() for name in manifest["files"])
    assert len(manifest["inputs"]) == len(manifest["pages_from"]) == 64


def test_files_of_the_same_inputs_are_kept_and_of_other_inputs_removed(game):
    folder = game.parent
    deck = folder / "out" / "deck"
    assert build(folder, "--format", "pdf,cut")[0] == 0
    pdf = (deck / "deck.pdf").read_bytes()
    assert build(folder, "--format", "svg")[0] == 0  # the same game: its PDF and cut files still match
    assert (deck / "deck.pdf").read_bytes() == pdf and (deck / "cut" / "page-01.svg").is_file()
    game.write_text(GAME.replace("Beta", "Gamma"))
    assert build(folder, "--format", "svg")[0] == 0  # another game: they no longer match
    assert not (deck / "deck.pdf").exists() and not (deck / "cut").exists()
    # page 1's box on plain paper, the two cards on card: two sheets, four pages
    assert sorted(json.loads((deck / "manifest.json").read_text())["files"]) == [f"svg/page-0{n}.svg" for n in range(1, 5)]


def test_another_layout_of_other_inputs_is_named_not_removed(game):
    folder = game.parent
    assert build(folder, "--layout", "pieces", "--format", "png", "--dpi", "30")[0] == 0
    game.write_text(GAME.replace("Beta", "Gamma"))
    code, _, stderr = build(folder)
    assert code == 0 and (folder / "out" / "deck" / "pieces" / "pieces.json").is_file()
    assert stderr.splitlines() == [f"out/deck: kept pieces/ from an earlier build of other inputs; rebuild it "
                                   "(--layout pieces) or delete it"]


def test_a_file_of_the_users_where_the_build_would_write_is_refused(game):
    folder = game.parent
    (folder / "out" / "deck").mkdir(parents=True)
    (folder / "out" / "deck" / "deck.pdf").write_text("the user's own PDF")
    code, _, stderr = build(folder)
    assert code == 2 and stderr.startswith("--out: error: out/deck/deck.pdf was not made by an earlier build")
    assert (folder / "out" / "deck" / "deck.pdf").read_text() == "the user's own PDF"
    assert sorted(p.name for p in (folder / "out" / "deck").iterdir()) == ["deck.pdf"]  # no staging left


@pytest.mark.parametrize("link", ["deck.pdf", "svg", "manifest.json"])
def test_a_link_where_the_build_would_write_is_neither_followed_nor_replaced(game, link):
    folder = game.parent
    (folder / "elsewhere").mkdir()
    (folder / "elsewhere" / "precious.txt").write_text("keep")
    assert build(folder, "--format", "pdf,svg")[0] == 0
    target = folder / "out" / "deck" / link
    shutil.rmtree(target) if target.is_dir() else target.unlink()
    target.symlink_to(folder / "elsewhere" / ("precious.txt" if link != "svg" else ""))
    before = tree(folder / "elsewhere")
    code, _, stderr = build(folder, "--format", "pdf,svg")
    assert code == 2 and "symbolic link" in stderr and "[output.not-ours]" in stderr, stderr
    assert target.is_symlink() and tree(folder / "elsewhere") == before


def test_a_link_the_user_keeps_in_the_folder_is_left_as_a_link(game):
    folder = game.parent
    assert build(folder)[0] == 0
    (folder / "art").mkdir()
    (folder / "art" / "big.png").write_bytes(b"x" * 1000)
    (folder / "out" / "deck" / "art").symlink_to(folder / "art")
    assert build(folder, "--set", "title=Again")[0] == 0
    assert (folder / "out" / "deck" / "art").is_symlink()  # not a copy of what it points at


@pytest.mark.parametrize("out", [".", ".."])
def test_an_output_folder_that_is_or_holds_the_game_is_refused(tmp_path, out):
    folder = tmp_path / "deck"
    folder.mkdir()
    (folder / "deck.yaml").write_text(GAME)
    before = tree(tmp_path)
    target = folder if out == "." else folder / "inner"
    target.mkdir(exist_ok=True)
    code, _, stderr = run_pnp("build", str(folder / "deck.yaml"), "--out", str(folder.parent if out == ".." else
                                                                               tmp_path), cwd=target)
    assert code == 2 and "[output.unsafe]" in stderr, stderr
    assert {key: value for key, value in tree(tmp_path).items() if "inner" not in key} == before


def test_the_programs_source_is_never_an_output_folder(tmp_path):
    code, _, stderr = run_pnp("build", "diamonds", "--set", "id=generator", "--out", str(ROOT), cwd=tmp_path)
    assert code == 2 and "[output.unsafe]" in stderr and "program's own source" in stderr, stderr
    code, _, stderr = run_pnp("build", "diamonds", "--out", str(ROOT / "templates"), cwd=tmp_path)
    assert code == 2 and "[output.unsafe]" in stderr, stderr
    assert not (ROOT / "templates" / "diamonds").exists()


def built_by_an_older_version(game: Path) -> Path:
    """The game's folder of a PDF and SVG build whose manifest lists no files, as an older version's did."""
    assert build(game.parent, "--format", "pdf,svg")[0] == 0
    deck = game.parent / "out" / "deck"
    manifest = json.loads((deck / "manifest.json").read_text())
    for key in ("files", "inputs", "pages_from"):
        del manifest[key]
    (deck / "manifest.json").write_text(json.dumps(manifest))
    return deck


def test_a_folder_an_older_version_wrote_is_taken_over(game):
    """An older build's manifest lists no files: the files of its layout's folders named as a build
    names them were its own."""
    deck = built_by_an_older_version(game)
    (deck / "svg" / "page-07.svg").write_text("a page of a bigger deck")
    assert build(game.parent)[0] == 0
    assert sorted(p.name for p in deck.iterdir()) == ["deck.pdf", "manifest.json"]


def test_an_older_versions_manifest_owns_only_files_named_as_a_build_names_them(game):
    """A manifest with no list of files (an older version's, or any JSON naming a game and pages)
    hands over the files of its layout's folders that a build could have made, never the user's."""
    folder = game.parent
    deck = built_by_an_older_version(game)
    mine = ["svg/mine.svg", "svg/sub/precious.txt", "cut/x.txt", "png/notes.png"]
    for name in mine:
        (deck / name).parent.mkdir(parents=True, exist_ok=True)
        (deck / name).write_text("the user's")
    assert build(folder, "--paper", "letter")[0] == 0
    assert all((deck / name).read_text() == "the user's" for name in mine)
    assert not list(deck.glob("svg/page-*.svg"))  # the older build's own pages, of other inputs, are gone


@pytest.mark.parametrize("stop", [KeyboardInterrupt, PermissionError])
@pytest.mark.parametrize("after", [1, 3, 6, 9])
def test_a_commit_cut_off_midway_puts_the_earlier_build_back(tmp_path, monkeypatch, stop, after):
    """Ctrl-C, or a file that cannot be moved, in the middle of putting a build in place: every file
    of the earlier build is put back, and the new ones go (the README: "a failed or interrupted build
    leaves the earlier one as it was")."""
    record = {"game": "deck", "layout": "sheets", "pages": []}
    earlier = [("deck.pdf", b"%PDF first"), ("svg/page-01.svg", b"<svg>1</svg>"), ("svg/page-02.svg", b"<svg>2</svg>")]
    write_build(tmp_path / "deck", earlier, "sheets", "deck", record, "one")
    (tmp_path / "deck" / "svg" / "mine.txt").write_text("the user's")
    before = tree(tmp_path)
    moves = []

    def replace(source, target, real=os.replace):
        moves.append(target)
        if len(moves) == after:
            raise stop(13, "Permission denied", str(source), None, str(target)) if stop is PermissionError else stop()
        return real(source, target)

    monkeypatch.setattr("generator.output.os.replace", replace)
    later = [("deck.pdf", b"%PDF second"), ("png/page-01.png", b"png"), ("cut/page-01.svg", b"<svg/>")]
    with pytest.raises(KeyboardInterrupt if stop is KeyboardInterrupt else InputError) as raised:
        write_build(tmp_path / "deck", later, "sheets", "deck", record, "two")
    monkeypatch.undo()
    assert tree(tmp_path) == before
    if stop is PermissionError:  # told at the user's folder, never at the hidden staging folder
        assert ".pnp-staging-" not in raised.value.message and str(tmp_path) in raised.value.message


def test_a_failed_build_leaves_the_earlier_one_as_it_was(tmp_path):
    record = {"game": "deck", "layout": "sheets", "pages": []}
    write_build(tmp_path / "deck", [("deck.pdf", b"%PDF first")], "sheets", "deck", record, "one")
    before = tree(tmp_path)

    def files():
        yield "deck.pdf", b"%PDF second"
        yield "svg/page-01.svg", b"<svg/>"
        raise RuntimeError("a stage failed")

    with pytest.raises(RuntimeError):
        write_build(tmp_path / "deck", files(), "sheets", "deck", record, "two")
    assert tree(tmp_path) == before


def test_a_build_killed_midway_leaves_no_staging_folder_behind(game):
    """`kill` (SIGTERM), as a timeout or a closed terminal sends it: the build ends as Ctrl-C ends it,
    with exit 130 and a line saying so, and clears the hidden folder it was writing into, and the
    folders it made for it."""
    folder = game.parent
    build = subprocess.Popen([sys.executable, "-m", "generator", "build", "deck.yaml", "--out", "out", "--layout",
                              "pieces", "--format", "png", "--copies", "1000"], cwd=folder, stderr=subprocess.PIPE)
    deck = folder / "out" / "deck"
    deadline = time.monotonic() + 60
    while not any(deck.glob(".pnp-staging-*/pieces/card/*.png")) and time.monotonic() < deadline:
        time.sleep(0.05)
    build.send_signal(signal.SIGTERM)
    _, stderr = build.communicate(timeout=60)
    assert build.returncode == 130 and [line for line in stderr.decode().splitlines() if line] == [
        "pnp: interrupted; what it was writing is left as it was before"], stderr
    assert not (folder / "out").exists()


def test_a_manifest_cannot_hand_the_build_a_file_outside_its_folders(tmp_path):
    """A planted manifest that lists `../x` or `.git/config` as its own changes nothing there."""
    deck = tmp_path / "deck"
    deck.mkdir()
    (tmp_path / "x").write_text("outside")
    (deck / ".git").mkdir()
    (deck / ".git" / "config").write_text("[core]")
    (deck / "manifest.json").write_text(json.dumps({"game": "deck", "layout": "sheets", "pages": [],
                                                    "files": ["../x", ".git/config", "/etc/hosts"],
                                                    "inputs": "", "pages_from": ""}))
    write_build(deck, [("deck.pdf", b"%PDF")], "sheets", "deck", {"game": "deck", "layout": "sheets", "pages": []},
                "new")
    assert (tmp_path / "x").read_text() == "outside" and (deck / ".git" / "config").read_text() == "[core]"


def test_a_rebuild_removes_nothing_through_a_link_to_a_folder(game):
    """A user who moved png/ elsewhere and left a link: a rebuild of other inputs, which would remove
    the old PNG pages, leaves what the link points at alone."""
    folder = game.parent
    deck = folder / "out" / "deck"
    assert build(folder, "--format", "pdf,png", "--dpi", "30")[0] == 0
    shutil.move(deck / "png", folder / "shared-png")
    (deck / "png").symlink_to(folder / "shared-png")
    before = tree(folder / "shared-png")
    game.write_text(GAME.replace("Beta", "Gamma"))
    assert build(folder)[0] == 0
    assert tree(folder / "shared-png") == before and len(before) == 4 and (deck / "png").is_symlink()


@pytest.mark.parametrize("planted", [["png/thesis.docx", "png/sub/notes.txt", "png/page-01.png"],
                                     ["svg/thesis.docx"], ["svg/mine.svg", "svg/page-01.svg/x.svg", "cut/old.dxf"]])
def test_a_planted_manifest_cannot_have_the_build_remove_what_it_never_makes(tmp_path, planted):
    """A game folder handed over with its output: a manifest listing a linked folder's files, or a
    file of a kind no build writes, and a rebuild from other inputs that would remove its files."""
    victim = tmp_path / "victim"
    (victim / "sub").mkdir(parents=True)
    for name in ("thesis.docx", "sub/notes.txt", "page-01.png"):
        (victim / name).write_text("the user's")
    deck = tmp_path / "out" / "deck"
    deck.mkdir(parents=True)
    if planted[0].startswith("png/"):
        (deck / "png").symlink_to(victim)
    else:  # files of a kind a build writes, under names it never gives (a hand-edited manifest)
        for name in planted:
            (deck / name).parent.mkdir(parents=True, exist_ok=True)
            (deck / name).write_text("the user's")
    (deck / "manifest.json").write_text(json.dumps({"game": "deck", "layout": "sheets", "pages": [], "files": planted,
                                                    "inputs": "old", "pages_from": "old"}))
    before = tree(tmp_path / "victim"), tree(deck / "svg") if (deck / "svg").is_dir() else None
    write_build(deck, [("deck.pdf", b"%PDF")], "sheets", "deck", {"game": "deck", "layout": "sheets", "pages": []},
                "new")
    assert (tree(tmp_path / "victim"), tree(deck / "svg") if (deck / "svg").is_dir() else None) == before
    assert all((deck / name).read_text() == "the user's" for name in planted if not name.startswith("png/"))
    assert json.loads((deck / "manifest.json").read_text())["files"] == ["deck.pdf"]


def test_a_folder_of_the_users_named_like_a_staging_folder_is_left_alone(game):
    """Only a staging folder as the program names one (".pnp-staging-" and eight letters of its own)
    is cleared once it is an hour old, never a user's ".pnp-staging-notes"."""
    folder = game.parent
    notes = folder / "out" / "deck" / ".pnp-staging-notes"
    notes.mkdir(parents=True)
    (notes / "todo.txt").write_text("the user's")
    three_hours_ago = time.time() - 3 * 3600
    os.utime(notes, (three_hours_ago, three_hours_ago))
    assert build(folder)[0] == 0
    assert (notes / "todo.txt").read_text() == "the user's"


@pytest.mark.parametrize("epoch", ["1", "abc"])
def test_source_date_epoch_changes_no_byte_and_breaks_nothing(game, monkeypatch, epoch):
    """reportlab dates a PDF by SOURCE_DATE_EPOCH (and stopped with a traceback on a value that is no
    number): the same input gives the same bytes whatever the environment says."""
    folder = game.parent
    assert build(folder)[0] == 0
    before = (folder / "out" / "deck" / "deck.pdf").read_bytes()
    monkeypatch.setenv("SOURCE_DATE_EPOCH", epoch)
    code, _, stderr = run_pnp("build", "deck.yaml", "--out", "again", cwd=folder)
    assert code == 0, stderr
    assert (folder / "again" / "deck" / "deck.pdf").read_bytes() == before


def test_a_file_name_gives_its_letters_made_plain_as_the_folder_and_one_of_none_asks_for_an_id(tmp_path):
    """Without an id a game's folder is named after its file: "über" was "ber", and "ä" and "日本" both
    "custom", so that two games replaced each other's builds."""
    game = GAME.replace("id: deck\n", "")
    for name in ("über.yaml", "Ünö 2.yaml", "日本.yaml"):
        (tmp_path / name).write_text(game, encoding="utf-8")
    assert run_pnp("build", "über.yaml", "Ünö 2.yaml", "--out", "out", "-q", cwd=tmp_path)[0] == 0
    assert sorted(path.name for path in (tmp_path / "out").iterdir()) == ["Uno-2", "uber"]
    code, _, stderr = run_pnp("build", "日本.yaml", "--out", "out", cwd=tmp_path)
    assert code == 2 and stderr.startswith("日本.yaml:1:1:") and "give the game an id" in stderr, stderr
