"""`pnp new KIND DIR`: every starter validates and builds as written, from inside its folder and
from outside it, and the command writes a new (or empty) folder whole or not at all, over nothing."""

from __future__ import annotations

import os
import re

import pytest

from conftest import run_pnp
from generator import starters
from generator.errors import InputError

KINDS = list(starters.KINDS)
CSV_OF = {"deck": ["cards.csv"], "tiles": ["tiles.csv"], "board": [], "tokens": []}


def listing(folder) -> set[str]:
    """Every entry below `folder`, hidden ones too, as relative paths."""
    return {str(path.relative_to(folder)) for path in folder.rglob("*")}


@pytest.mark.parametrize("kind", KINDS)
def test_a_starter_validates_and_builds_from_inside_its_folder_and_from_outside(kind, tmp_path):
    code, stdout, stderr = run_pnp("new", kind, "my-game", cwd=tmp_path)
    assert (code, stderr) == (0, ""), stderr
    assert "pnp validate my-game/my-game.yaml" in stdout and "pnp build my-game/my-game.yaml" in stdout
    assert "(its files go to output/my-game/)" in stdout  # from here; from its folder, output/ there
    folder = tmp_path / "my-game"
    assert sorted(os.listdir(folder)) == sorted(["my-game.yaml", *CSV_OF[kind]])
    assert listing(tmp_path) == {"my-game", "my-game/my-game.yaml", *(f"my-game/{name}" for name in CSV_OF[kind])}

    game = (folder / "my-game.yaml").read_text(encoding="utf-8")
    assert game.startswith("# My Game: ")  # the comment that says what to change comes first
    assert re.search(r'^id: "my-game"', game, re.M) and re.search(r'^title: "My Game"$', game, re.M)
    assert "pnp validate my-game.yaml" in game and "pnp build my-game.yaml --format pdf,png" in game
    assert "`at`" in game and "`box`" in game and "rules" in game
    assert "__" not in game  # every marker filled in
    assert re.search(r"^rules:\n  - \{id: ", game, re.M)

    inside = run_pnp("validate", "my-game.yaml", cwd=folder)
    rules = len(re.findall(r"^  - \{id: ", game, re.M))  # each rule it writes, and the ten checks of ours
    assert inside == (0, f"my-game.yaml: ok, {10 + rules} rules hold\n", ""), inside  # no warning either
    outside = run_pnp("validate", "my-game/my-game.yaml", cwd=tmp_path)
    assert outside[0] == 0 and outside[2] == "", outside

    # From outside, into an --out folder; from inside, as the file's comment says, into output/.
    code, stdout, stderr = run_pnp("build", "my-game/my-game.yaml", "--format", "pdf,png", "--dpi", "40",
                                   "--out", "out", cwd=tmp_path)
    assert (code, stderr) == (0, ""), stderr
    code, _, stderr = run_pnp("build", "my-game.yaml", "--format", "pdf,png", "--dpi", "40", cwd=folder)
    assert (code, stderr) == (0, ""), stderr
    built_outside, built_inside = tmp_path / "out" / "my-game", folder / "output" / "my-game"
    for built in (built_outside, built_inside):
        assert (built / "my-game.pdf").stat().st_size > 0
        assert sorted(path.name for path in (built / "png").iterdir())[:2] == ["page-01.png", "page-02.png"]
    assert (built_outside / "my-game.pdf").read_bytes() == (built_inside / "my-game.pdf").read_bytes()


def test_the_starters_print_what_they_say():
    """The counts the kinds' help promises are what the rules of their files say."""
    for kind, count in (("deck", 16), ("tiles", 24), ("board", 1), ("tokens", 32)):
        text = starter_text(kind)
        assert re.search(rf"^  - \{{id: [a-z-]+, of: [a-z]+, count: {count}\}}", text, re.M), kind
        if count > 1:
            assert str(count) in starters.KINDS[kind].gives


def starter_text(kind: str) -> str:
    return starters.starter_files(kind, "my-game")["my-game.yaml"].decode("utf-8")


def test_every_starter_file_belongs_to_a_kind_and_every_kind_has_its_files():
    names = {path.name for path in starters.STARTERS_DIR.iterdir() if path.is_file()}
    used = set()
    for kind in KINDS:
        files = starters.starter_files(kind, "g")
        assert list(files)[-1] == "g.yaml"  # the game file lands last
        assert sorted(files) == sorted(["g.yaml", *CSV_OF[kind]])
        used |= {f"{kind}.yaml", *(f"{kind}-{name}" for name in CSV_OF[kind])}
    assert names == used


@pytest.mark.parametrize("name, game_id, title", [
    ("my-game", "my-game", "My Game"),
    ("Space Race!", "Space-Race", "Space Race"),
    ("Café Royal", "Cafe-Royal", "Cafe Royal"),
    ("__draft__", "draft", "Draft"),
    (".hidden", "hidden", "Hidden"),
    ("2048", "2048", "2048"),
    ("日本", "my-game", "My Game"),
    ("x" * 80, "x" * 64, "X" + "x" * 63),
])
def test_the_game_id_is_the_folder_name_made_safe(name, game_id, title):
    assert starters.game_id(name) == game_id
    assert starters.title_of(game_id) == title


def test_a_folder_name_that_is_not_an_id_names_the_file_and_the_id_after_it(tmp_path):
    code, stdout, stderr = run_pnp("new", "tokens", "Space Race!", cwd=tmp_path)
    assert code == 0, stderr
    assert "pnp validate 'Space Race!/Space-Race.yaml'" in stdout  # quoted for a shell
    assert os.listdir(tmp_path / "Space Race!") == ["Space-Race.yaml"]
    assert run_pnp("validate", "Space Race!/Space-Race.yaml", cwd=tmp_path)[0] == 0


@pytest.mark.parametrize("name", ["123", "1e3", "true", "-dash"])
def test_a_folder_named_like_a_number_or_an_option_gives_a_starter_that_validates(tmp_path, name):
    # YAML would read `id: 123` as a number and `id: true` as yes; a shell would read "-dash/..." as an option.
    code, stdout, stderr = run_pnp("new", "deck", "--", name, cwd=tmp_path)
    assert code == 0, stderr
    game = f"{name}/{name.strip('-')}.yaml"
    shown = f"./{game}" if name.startswith("-") else game
    assert f"pnp validate {shown}," in stdout, stdout
    code, stdout, stderr = run_pnp("validate", shown, cwd=tmp_path)
    assert code == 0 and stdout == f"{game}: ok, 13 rules hold\n", stderr


def test_an_empty_folder_is_filled_and_kept(tmp_path):
    """An empty folder (the working directory, say) gets the files; the folder itself stays the same."""
    folder = tmp_path / "blank"
    folder.mkdir()
    before = os.stat(folder)
    code, _, stderr = run_pnp("new", "deck", ".", cwd=folder)
    assert code == 0, stderr
    assert sorted(os.listdir(folder)) == ["blank.yaml", "cards.csv"]  # no staging folder left
    assert os.stat(folder).st_ino == before.st_ino
    assert run_pnp("validate", "blank.yaml", cwd=folder)[0] == 0


def refused(tmp_path, *args, rule: str) -> str:
    before = listing(tmp_path)
    code, stdout, stderr = run_pnp("new", *args, cwd=tmp_path)
    assert code == 2 and stdout == "", (code, stdout, stderr)
    assert stderr.count("\n") == 1 and stderr.endswith(f" [{rule}]\n"), stderr
    assert listing(tmp_path) == before  # nothing written, nothing left behind
    return stderr


def test_a_folder_that_holds_anything_is_refused_and_left_as_it_is(tmp_path):
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "mine.yaml").write_text("my own work\n")
    line = refused(tmp_path, "deck", "mine", rule="output.not-ours")
    assert line.startswith("pnp new: error: mine is not empty")
    assert (tmp_path / "mine" / "mine.yaml").read_text() == "my own work\n"
    (tmp_path / "hidden").mkdir()
    (tmp_path / "hidden" / ".git").mkdir()  # a hidden entry counts too
    refused(tmp_path, "tiles", "hidden", rule="output.not-ours")


def test_a_file_a_link_and_a_missing_parent_are_refused(tmp_path):
    (tmp_path / "notes.txt").write_text("keep\n")
    assert "notes.txt is a file" in refused(tmp_path, "board", "notes.txt", rule="output.not-ours")
    (tmp_path / "empty").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "empty")
    assert "symbolic link" in refused(tmp_path, "board", "link", rule="output.not-ours")
    (tmp_path / "dangling").symlink_to(tmp_path / "nowhere")
    refused(tmp_path, "board", "dangling", rule="output.not-ours")
    line = refused(tmp_path, "board", "games/my-game", rule="output.unwritable")
    assert "games does not exist; make it first" in line  # no folders made on a typo's say-so
    assert (tmp_path / "notes.txt").read_text() == "keep\n" and os.listdir(tmp_path / "empty") == []


def test_an_unknown_kind_and_a_missing_dir_are_usage_errors_that_list_the_kinds(tmp_path):
    line = refused(tmp_path, "cards", "my-game", rule="input.usage")
    assert line.startswith("kind: error: ") and all(f"'{kind}'" in line for kind in KINDS), line
    line = refused(tmp_path, rule="input.usage")
    assert all(kind in line for kind in KINDS), line
    assert refused(tmp_path, "deck", rule="input.usage").startswith("dir: error: Missing argument 'DIR'")
    assert refused(tmp_path, "deck", "", rule="input.usage").startswith("pnp new: error: the folder's name is empty")


def test_the_help_says_what_each_kind_gives(tmp_path):
    code, stdout, _ = run_pnp("new", "--help", cwd=tmp_path)
    assert code == 0
    flat = " ".join(stdout.split())
    for kind in starters.KINDS.values():
        assert f"{kind.name} {kind.gives}" in flat
    assert "new" in run_pnp("--help", cwd=tmp_path)[1]


def test_an_interrupted_command_leaves_nothing_half_written(tmp_path, monkeypatch):
    """Interrupted while writing the files: no folder, and no staging folder, is left behind."""
    real = starters._write_files

    def interrupted(staging, files):
        real(staging, dict(list(files.items())[:1]))
        raise KeyboardInterrupt

    monkeypatch.setattr(starters, "_write_files", interrupted)
    with pytest.raises(KeyboardInterrupt):
        starters.write_starter("deck", str(tmp_path / "my-game"))
    assert listing(tmp_path) == set()

    (tmp_path / "empty").mkdir()  # an empty folder: what was moved in is taken out again
    monkeypatch.setattr(starters, "_write_files", real)
    real_move = starters._move_new
    moves = []

    def move_once(source, target):
        if moves:
            raise KeyboardInterrupt
        moves.append(target)
        real_move(source, target)

    monkeypatch.setattr(starters, "_move_new", move_once)
    with pytest.raises(KeyboardInterrupt):
        starters.write_starter("deck", str(tmp_path / "empty"))
    assert moves and listing(tmp_path) == {"empty"}


def test_a_folder_that_appears_meanwhile_is_left_to_its_owner(tmp_path, monkeypatch):
    real = starters._write_files
    target = tmp_path / "my-game"

    def someone_else_too(staging, files):
        real(staging, files)
        target.mkdir()
        (target / "theirs.txt").write_text("theirs\n")

    monkeypatch.setattr(starters, "_write_files", someone_else_too)
    with pytest.raises(InputError) as refusal:
        starters.write_starter("tokens", str(target))
    assert refusal.value.rule == "output.not-ours"
    assert listing(tmp_path) == {"my-game", "my-game/theirs.txt"}


def test_a_file_that_appears_in_an_empty_folder_meanwhile_is_not_replaced(tmp_path, monkeypatch):
    folder = tmp_path / "shared"
    folder.mkdir()
    real = starters._write_files

    def someone_else_too(staging, files):
        real(staging, files)
        (folder / "cards.csv").write_text("theirs\n")

    monkeypatch.setattr(starters, "_write_files", someone_else_too)
    with pytest.raises(InputError) as refusal:
        starters.write_starter("deck", str(folder))
    assert refusal.value.rule == "output.not-ours"
    assert listing(tmp_path) == {"shared", "shared/cards.csv"}
    assert (folder / "cards.csv").read_text() == "theirs\n"
