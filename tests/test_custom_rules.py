"""Issue 29: the rules a designer writes (generator/games/custom/rules.py): counts per value, ranges,
sums per value, `unique: id`, and every key either honoured or refused at the rule's line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import run_pnp

SUITS = ["heart"] * 6 + ["spade"] * 6 + ["diamond"] * 6 + ["club"] * 7 + ["sun"] * 7
GAME = """game: custom
id: deck
title: Deck
components:
  card:
    piece: poker-card
    rows: cards.csv
    front: front
layouts:
  front:
    name: {text: "{name}", at: [0.5, 0.1], box: [0.8, 0.1]}
rules:
"""
FINDING = re.compile(r"^game\.yaml:(?P<line>\d+):\d+: error: (?P<message>.+) \[(?P<rule>[a-z.-]+)\]$")


@pytest.fixture
def deck(tmp_path) -> Path:
    """32 cards, 6 hearts, 6 spades, 6 diamonds, 7 clubs, 7 suns, two of them written as one row with
    count: 2; costs 1 to 4."""
    rows = [f"c{i},Card {i},{suit},{i % 4 + 1},1" for i, suit in enumerate(SUITS) if i not in (5, 31)]
    rows[4] = rows[4][:-1] + "2"  # c4 counts twice: it stands for c5 too
    rows[-1] = rows[-1][:-1] + "2"
    (tmp_path / "cards.csv").write_text("id,name,suit,cost,count\n" + "\n".join(rows) + "\n")
    return tmp_path


def validate(folder: Path, *rules: str) -> tuple[int, list[re.Match]]:
    (folder / "game.yaml").write_text(GAME + "".join(f"  - {rule}\n" for rule in rules))
    code, stdout, stderr = run_pnp("validate", "game.yaml", cwd=folder)
    assert "Traceback" not in stdout + stderr, stderr
    lines = [FINDING.match(line) for line in stderr.splitlines()]
    assert all(lines), stderr
    return code, lines


def test_counts_per_value_hold_as_written(deck):
    code, lines = validate(deck, "{id: per-suit, of: card, per: suit, count: {heart: 6, spade: 6, diamond: 6, "
                                 "club: 7, sun: 7}}", "{id: deck, of: card, count: 32}", "{id: ids, of: card, unique: id}",
                           "{id: range, of: card, per: suit, at_least: 6, at_most: 7}")
    assert code == 0 and lines == []


@pytest.mark.parametrize("rule, says", [
    ("{id: r, of: card, per: suit, count: {heart: 6, spade: 6, diamond: 6, club: 7, sun: 6}}",
     '7 card pieces have suit "sun"; the rule says 6'),
    ("{id: r, of: card, per: suit, count: {heart: 6, spade: 6, diamond: 6, club: 7}}",
     '7 card pieces have suit "sun", which the rule does not name (it names club, diamond, heart, spade)'),
    ("{id: r, of: card, per: suit, count: {heart: 6, spade: 6, diamond: 6, club: 7, sun: 7, moon: 1}}",
     '0 card pieces have suit "moon"; the rule says 1'),
    ("{id: r, of: card, per: suit, count: 6}", '7 card pieces have suit "club"; the rule says 6 of each'),
    ("{id: r, of: card, per: suit, at_most: 6}", '7 card pieces have suit "club"; the rule says at most 6'),
    ("{id: r, of: card, at_least: 40}", "card has 32 pieces; the rule says at least 40"),
    ("{id: r, of: card, per: suit, at_least: {heart: 7}, at_most: 7}", '6 card pieces have suit "heart"; the rule says '
     "7 to 7"),
])
def test_a_count_that_does_not_hold_is_found_at_the_rule(deck, rule, says):
    code, lines = validate(deck, rule)
    assert code == 1 and lines[0]["rule"] == "custom.count" and lines[0]["line"] == "13", lines
    assert any(line["message"] == f"rule r: {says}" for line in lines), [line["message"] for line in lines]


def test_sums_per_value(deck):
    # costs 1, 2, 3, 4 by row: the hearts (c0-c4, c4 twice) add up to 1 + 2 + 3 + 4 + 1 + 1 = 12
    code, lines = validate(deck, "{id: r, of: card, per: suit, sum: cost, at_most: 12}")
    suits = [line["message"].split('"')[1] for line in lines]
    assert code == 1 and all(line["rule"] == "custom.sum" for line in lines) and "heart" not in suits and suits
    assert lines[0]["message"].startswith('rule r: the cost values of the card pieces with suit "')
    code, lines = validate(deck, "{id: r, of: card, per: suit, sum: cost, equals: {heart: 12, spade: 1}}")
    assert code == 1 and {line["message"].split('"')[1] for line in lines} == {"spade", "diamond", "club", "sun"}


def test_unique_id_sees_every_piece_and_copies_count(deck):
    code, lines = validate(deck, "{id: r, of: card, unique: id}", "{id: n, of: card, count: 32}")
    assert code == 0, lines
    code, lines = validate(deck, "{id: r, of: card, unique: name}")  # a row counted twice puts its name on two pieces
    assert code == 0, lines  # ...a copy is the same row: the rule asks different rows for different values


@pytest.mark.parametrize("rule, key, says", [
    ("{id: r, of: card, per: suit, count: 6, at_most: 7}", "at_most", "count: 6 asks for exactly that many"),
    ("{id: r, of: card, count: 32, at_most: 1}", "at_most", "count: 32 asks for exactly that many"),
    ("{id: r, of: card, count: 32, equals: 32}", "equals", "give count or equals, not both"),
    ("{id: r, of: card, at_most: {heart: 3}}", "at_most", "a number for each value needs per"),
    ("{id: r, of: card, unique: name, per: suit}", "per", "unique takes no per"),
    ("{id: r, of: card, unique: name, at_most: 3}", "at_most", "unique takes no at_most"),
    ("{id: r, of: card, field: suit, allowed: [heart], per: suit}", "per", "allowed takes no per"),
    ("{id: r, of: card, sum: cost}", "sum", "give the sum's equals, at_least or at_most"),
    ("{id: r, of: card, sum: cost, count: 3}", "sum", "gives count and sum"),
    ("{id: r, of: card}", "id", "says what to check"),
    ("{id: r, of: card, field: suit}", "field", "field goes with allowed"),
    ("{id: r, of: card, at_least: 9, at_most: 3}", "at_least", "at_least 9 is more than at_most 3"),
    ("{id: r, of: cards, count: 3}", "of", 'no component "cards"'),
    # An empty mapping named no value, and the rule held whatever the rows held.
    ("{id: r, of: card, per: suit, count: {}}", "count", "count: {} names no value"),
    ("{id: r, of: card, per: suit, sum: cost, at_least: {}}", "at_least", "at_least: {} names no value"),
    # equals with a range told the range's failure as "32; the rule says 32".
    ("{id: r, of: card, equals: 32, at_least: 40}", "at_least", "equals asks for exactly 32"),
    ("{id: r, of: card, per: suit, at_least: {heart: 9}, at_most: {heart: 3}}", "at_least",
     "at_least 9 for heart is more than at_most 3"),
    ("{id: r, of: card, per: suit, at_least: 5, at_most: {heart: 3}}", "at_least", "at_least 5 for heart is more"),
    ("{id: r, of: card, field: suit, allowed: []}", "allowed", "allowed: [] allows nothing"),
    ("{id: r, of: card, at_most: -1}", "at_most", "at_most -1: a count is 0 or more"),
    ('{id: " ", of: card, count: 32}', "id", "the id is empty"),
])
def test_no_rule_key_is_ignored(deck, rule, key, says):
    code, lines = validate(deck, rule)
    assert code == 2 and len(lines) == 1 and lines[0]["rule"] == "custom.rule", lines  # a rule that cannot run
    assert lines[0]["line"] == "13" and says in lines[0]["message"], lines[0]["message"]
    written = f"  - {rule}"
    column = re.search(rf"[{{ ]{key}: ", written).end() + 1  # the value of the key at fault
    assert lines[0].group(0).startswith(f"game.yaml:13:{column}:"), lines[0].group(0)



def test_every_malformed_rule_is_told_at_once_each_at_its_line(deck):
    """Five rules that cannot run as written, one of them naming a field no row has: five lines in
    one run, each at the key at fault, not one a run as each is mended."""
    code, lines = validate(deck, "{id: a, of: card, per: suit, count: 6, at_most: 7}",  # line 13, and on
                           "{id: b, of: card, count: {heart: 6}}",
                           "{id: c, of: card, per: suit, unique: name}",
                           "{id: d, of: crad, count: 3}",
                           "{id: e, of: card, unique: nmae}")
    assert code == 2, lines
    assert [line.group(0) for line in lines] == [
        "game.yaml:13:53: error: rule a: count: 6 asks for exactly that many; for a range, give at_least and "
        "at_most without count [custom.rule]",
        "game.yaml:14:30: error: rule b: a number for each value needs per: the field whose values they are "
        "[custom.rule]",
        "game.yaml:15:28: error: rule c: unique takes no per [custom.rule]",
        'game.yaml:16:17: error: rule d: no component "crad"; did you mean "card"? [custom.rule]',
        'game.yaml:17:31: error: rule e: card rows have no field "nmae"; did you mean "name"? [input.unknown-field]',
    ]


def test_a_rule_on_an_unknown_component_is_told_with_its_other_faults(deck):
    code, lines = validate(deck, "{id: a, of: crad, unique: name, per: suit}")
    assert code == 2 and [(line["line"], line["rule"]) for line in lines] == [("13", "custom.rule")] * 2, lines
    assert ['no component "crad"' in lines[0]["message"], lines[1]["message"]] == [True, "rule a: unique takes no per"]


def test_summing_a_text_field_is_one_error_at_the_rule(deck):
    """`sum: name` adds up a field no row holds a number in: the rule names the wrong field, so it is
    told once, at the rule, and not once a row (30 lines would fill the 20 shown and hide the rest)."""
    code, lines = validate(deck, "{id: t, of: card, per: suit, sum: name, at_most: 3}",
                           "{id: u, of: card, unique: nmae}")
    assert code == 2 and [line.group(0) for line in lines] == [
        'game.yaml:13:39: error: rule t: sum: name is not a number in any card row (cards.csv:2 has "Card 0", and 29 '
        "more rows); sum a field of numbers [input.type]",  # 30 rows written: c4's copy is its row
        'game.yaml:14:31: error: rule u: card rows have no field "nmae"; did you mean "name"? [input.unknown-field]',
    ], lines


def test_a_summed_field_with_some_words_is_one_error_at_the_first(deck):
    """Some rows' costs are not numbers: one line, at the first, saying which others, for every rule
    that adds the field up."""
    csv = deck / "cards.csv"
    rows = csv.read_text().splitlines()
    for line in (4, 9, 12):
        fields = rows[line - 1].split(",")
        rows[line - 1] = ",".join(fields[:3] + ["free"] + fields[4:])
    csv.write_text("\n".join(rows) + "\n")
    (deck / "game.yaml").write_text(GAME + "  - {id: economy, of: card, sum: cost, at_most: 100}\n"
                                    "  - {id: fair, of: card, per: suit, sum: cost, at_most: 30}\n")
    code, _, stderr = run_pnp("validate", "game.yaml", cwd=deck)
    assert code == 2 and stderr.splitlines() == [
        'cards.csv:4: error: cost "free" is not a number, and rules economy and fair add it up; 2 more rows '
        "(lines 9, 12) have no number there either [input.type]"], stderr


def test_one_piece_is_told_in_the_singular(deck):
    csv = deck / "cards.csv"
    csv.write_text(csv.read_text() + "m1,Moon,moon,1,1\n")
    code, lines = validate(deck, "{id: r, of: card, per: suit, at_least: 6}")
    assert code == 1 and [line["message"] for line in lines] == ['rule r: 1 card piece has suit "moon"; the rule says '
                                                                 "at least 6"], lines
    csv.write_text("id,name,suit,cost\nc0,Card 0,heart,1\n")
    code, lines = validate(deck, "{id: r, of: card, count: 2}", "{id: s, of: card, per: suit, count: {heart: 2}}")
    assert code == 1 and [line["message"] for line in lines] == [
        "rule r: card has 1 piece; the rule says 2", 'rule s: 1 card piece has suit "heart"; the rule says 2'], lines


def test_a_large_sum_is_told_in_full(deck):
    code, lines = validate(deck, "{id: r, of: card, sum: cost, equals: 1000000}")
    assert code == 1 and [line["message"] for line in lines] == [
        "rule r: card's cost values add up to 78; the rule says 1000000"], lines  # not 1e+06

GROUPED = """game: custom
id: deck
title: Deck
components:
  card:
    piece: poker-card
    rows: cards.csv
    group: suit
    front: front
    back: back
layouts:
  front:
    name: {text: "{name}", at: [0.5, 0.1], box: [0.8, 0.1]}
    band: {rect: {fill: accent}, at: [0.5, 0.5], box: [0.8, 0.2]}
  back:
    logo: {symbol: sun, size_mm: 30, colour: back_pattern}
style:
  groups:
    heart: {accent: "#c0392b"}
"""


def grouped(folder: Path, text: str = GROUPED) -> Path:
    (folder / "game.yaml").write_text(text)
    return folder / "game.yaml"


def test_a_style_group_restyles_every_piece_of_it_and_no_back(deck):
    from generator.load import load_game
    from generator.model import Area
    from generator.recording import record_face

    loaded = load_game(str(grouped(deck)))
    [card] = loaded.components()
    assert card.groups == ("heart", "spade", "diamond", "club", "sun")
    fills = {}
    for piece in card.pieces:
        paths = record_face(piece.front, Area(piece.width, piece.height, 3.0)).paths
        fills[piece.id] = [path.fill for path in paths if path.fill][-1]  # the band, drawn last
    hearts = {"c0", "c1", "c2", "c3", "c4", "c4-2"}  # c4 counts twice
    assert {fills[name] for name in hearts} == {"#c0392b"}
    assert "#c0392b" not in {fill for name, fill in fills.items() if name not in hearts}
    assert len({id(piece.back) for piece in card.pieces}) == 1  # one back, in the component's style


def test_a_grouped_deck_deals_its_groups_across_the_sheets(deck):
    import json

    grouped(deck)
    assert run_pnp("build", "game.yaml", "--out", "out", cwd=deck)[0] == 0
    manifest = json.loads((deck / "out" / "deck" / "manifest.json").read_text())
    hearts_on = {page["number"] for page in manifest["pages"] if page["side"] == "front"
                 for piece in page["pieces"] if piece["id"] in {"c0", "c1", "c2", "c3", "c4", "c4-2"}}
    assert len(hearts_on) >= 3  # 32 cards on 4 sheets: the six hearts are not on one or two


def test_an_unknown_group_names_the_real_ones_and_a_missing_field_is_found(deck):
    grouped(deck, GROUPED.replace("    heart: {accent", "    hearts: {accent"))
    code, _, stderr = run_pnp("validate", "game.yaml", cwd=deck)
    assert code == 2 and 'this game has no group "hearts"; did you mean "heart"?' in stderr, stderr
    grouped(deck, GROUPED.replace("    group: suit\n", "    group: colour\n"))
    code, _, stderr = run_pnp("validate", "game.yaml", cwd=deck)
    assert code == 2 and stderr.startswith("game.yaml:8:12: error: card.group: its rows have no field \"colour\""), \
        stderr


def test_pnp_list_shows_a_custom_games_groups(deck):
    import json

    grouped(deck)
    code, stdout, _ = run_pnp("list", "--pieces", "game.yaml", cwd=deck)
    assert code == 0 and "(groups: heart, spade, diamond, club, sun)" in stdout
    code, stdout, _ = run_pnp("list", "game.yaml", "--json", cwd=deck)
    [listed] = json.loads(stdout)
    assert code == 0 and listed["file"] == "game.yaml"
    assert listed["components"] == [{"name": "card", "title": "Card", "count": 32,
                                     "groups": ["heart", "spade", "diamond", "club", "sun"]}]


def test_a_print_run_past_the_sheet_limit_is_refused_before_any_face_is_drawn(tmp_path, monkeypatch):
    """3,000 tiles of 190 x 260 mm take 6,000 sheets: refused at once, every face undrawn."""
    from generator.kit.layouts import Face

    drawn = []
    real = Face.__call__
    monkeypatch.setattr(Face, "__call__", lambda face, canvas, area: drawn.append(1) or real(face, canvas, area))
    (tmp_path / "cards.csv").write_text("id,name\n" + "".join(f"t{i},Tile {i}\n" for i in range(3000)))
    (tmp_path / "game.yaml").write_text(GAME.replace("piece: poker-card", "piece: {width_mm: 190, height_mm: 260}")
                                        .replace("rules:\n", ""))
    code, _, stderr = run_pnp("build", "game.yaml", "--out", "out", cwd=tmp_path)
    assert code == 2 and stderr.startswith("game.yaml:5:3: error: the pieces would take more than 2500 sheets of a4;"), stderr
    assert drawn == [] and not (tmp_path / "out").exists()


def test_a_layout_shows_the_id_like_any_field(deck):
    from generator.load import load_game
    from generator.model import Area
    from generator.recording import record_face

    shows_id = GAME.replace("rules:\n", "").replace('box: [0.8, 0.1]}', 'box: [0.8, 0.1]}\n    id: {text: "{id}", '
                                                                      'at: [0.5, 0.9], box: [0.8, 0.1]}')
    (deck / "game.yaml").write_text(shows_id)
    [cards] = load_game(str(deck / "game.yaml")).components()
    shown = {piece.id: [text.text for text in record_face(piece.front, Area(piece.width, piece.height, 0.0)).texts]
             for piece in cards.pieces}
    assert shown["c0"] == ["Card 0", "c0"] and shown["c4-2"] == ["Card 4", "c4-2"]  # a copy shows its own id


def test_the_values_a_rule_names_are_matched_as_written(tmp_path):
    """`allowed: [010, 3/4, 1.50, TRUE]` and `count: {010: 2}`: YAML alone reads 8, 1.5 and true, while
    the rows' cells are the text as typed."""
    (tmp_path / "cards.csv").write_text("id,name,code\na,A,010\nb,B,010\nc,C,3/4\nd,D,1.50\ne,E,TRUE\n")
    code, lines = validate(tmp_path, "{id: a, of: card, field: code, allowed: [010, 3/4, 1.50, TRUE]}",
                           "{id: b, of: card, per: code, count: {010: 2, 3/4: 1, 1.50: 1, TRUE: 1}}")
    assert code == 0 and lines == []
    code, lines = validate(tmp_path, "{id: b, of: card, per: code, count: {010: 2.5, 3/4: 1, 1.50: 1, TRUE: 1}}")
    assert code == 2 and "rules[0].count.010 is the number 2.5; expected a whole number" in lines[0]["message"]
    assert lines[0].group(0).startswith("game.yaml:13:47:")  # at the value, not at the mapping


@pytest.mark.parametrize("rows, says", [
    # Python's float() took 1_000 for 1000 and the Arabic-Indic three for 3; a card printed "1_000".
    ("id,name,cost\na,A,1_000\nb,B,2\n", 'cost "1_000" is not a number'),
    ("id,name,cost\na,A,\u0663\nb,B,2\n", 'cost "\u0663" is not a number'),
])
def test_a_summed_cell_is_a_number_as_typed(tmp_path, rows, says):
    (tmp_path / "cards.csv").write_text(rows, encoding="utf-8")
    (tmp_path / "game.yaml").write_text(GAME + "  - {id: s, of: card, sum: cost, at_most: 100}\n")
    code, _, stderr = run_pnp("validate", "game.yaml", cwd=tmp_path)
    assert code == 2 and stderr.startswith("cards.csv:2: error: ") and says in stderr, stderr


def test_a_row_without_a_field_a_rule_reads_is_told_at_that_row(tmp_path):
    (tmp_path / "cards.csv").write_text("id,name,cost\na,A,1\nb,B,2\n")
    (tmp_path / "game.yaml").write_text(GAME.replace("rows: cards.csv", "rows: [{id: a, name: A, cost: 1}, "
                                                     "{id: b, name: B}]")
                                        + "  - {id: s, of: card, sum: cost, at_most: 100}\n")
    code, _, stderr = run_pnp("validate", "game.yaml", cwd=tmp_path)
    assert code == 2 and stderr.startswith("game.yaml:7:") and 'this card row has no "cost"' in stderr, stderr
    assert 'did you mean "cost"' not in stderr


def test_a_count_and_id_column_spelt_as_a_spreadsheet_heads_them_and_an_empty_count_is_one(tmp_path):
    (tmp_path / "cards.csv").write_text("ID,Name,name,Count\na,A,A,2\nb,B,B,3\nc,C,C,\n")
    code, lines = validate(tmp_path, "{id: n, of: card, count: 6}", "{id: u, of: card, unique: id}")
    assert code == 0 and lines == []


def test_a_style_group_is_named_as_written(tmp_path):
    """`groups: {010: ...}` is the group "010" its rows hold, not the number 8 YAML would read."""
    (tmp_path / "cards.csv").write_text("id,name,code\na,A,010\nb,B,3/4\n")
    (tmp_path / "game.yaml").write_text(GAME.replace("    front: front", "    group: code\n    front: front")
                                        + "  - {id: n, of: card, count: 2}\n"
                                        + 'style:\n  groups:\n    010: {accent: "#c0392b"}\n    3/4: {accent: "#2d6a4f"}\n')
    code, _, stderr = run_pnp("validate", "game.yaml", cwd=tmp_path)
    assert code == 0, stderr


def test_two_rules_of_one_id_are_refused(deck):
    code, lines = validate(deck, "{id: r, of: card, count: 32}", "{id: r, of: card, unique: id}")
    assert code == 2 and [line["line"] for line in lines] == ["14"] and 'two rules have the id "r"' in lines[0]["message"]
