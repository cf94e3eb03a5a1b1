"""The checks a designer writes as data, over one component's rows:

    rules:
      - {id: deck-size, of: card, count: 30}
      - {id: per-suit, of: card, per: suit, count: {heart: 6, spade: 6, diamond: 6, club: 7, sun: 7}}
      - {id: some-moons, of: card, per: suit, at_least: 2, at_most: 8}
      - {id: names, of: card, unique: name}
      - {id: suits, of: card, field: suit, allowed: [sun, moon, star]}
      - {id: economy, of: card, sum: cost, equals: 60}
      - {id: fair-suits, of: card, per: suit, sum: cost, at_most: 20}

A rule measures one thing: how many pieces there are (`count`, or only `at_least`/`at_most`), that a
field's values are `unique`, that they are `allowed`, or what a field's values add up to (`sum`).
`count: N` is exactly N; `equals`, `at_least` and `at_most` compare counts and sums. With `per:
field`, the rule applies to each value of that field, and a number is each value's; a mapping (`{heart:
6, club: 7}`) gives each value its own, and a value no mapping names must not appear. Copies count:
a row with `count: 3` is three pieces. Every key a rule gives is honoured, or the rule is refused at
its line (custom.rule): no key is ever ignored.

Rules report at their own line in the game file, naming the rule's id and, where one row is at
fault, that row's file and line; their ids in brackets are custom.count, custom.unique,
custom.allowed and custom.sum. A rule that cannot be run as written (custom.rule), a field a rule
names that is not in every row (`id` is one too), and a summed field that is not a number in every
row are input errors, found together with the rows' own mistakes before any rule runs
(`field_errors`): every rule's mistakes at once, each at its own line. Also here: the warnings
custom.picture-dpi and custom.empty, and custom.layout (a text that cannot fit its box), which reads
the faces as they are drawn (TextFitCheck).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from generator.canvas import FLOOR_PT
from generator.errors import InputError, closest, did_you_mean
from generator.kit.layouts import box_of, picture_file, placeholders
from generator.model import Area
from generator.schema import RowText, spec_field, where
from generator.validate import Finding, RuleBook, error, warning

from .rows import BadRows, Row, first_sheet_note, lacking_field

MEASURES = ("count", "unique", "allowed", "sum")
COMPARISONS = ("equals", "at_least", "at_most")
#: A number, or a number for each value of the rule's `per` field (each value as written: 010 is "010").
Amount = float | dict[RowText, float]


@dataclass(kw_only=True)
class DataRule:
    """A check a designer writes: one of count, unique, allowed or sum, over one component's rows."""

    id: str
    of: str
    count: int | dict[RowText, int] | None = spec_field(None, minimum=0, maximum=100_000)
    per: str | None = None  # the field whose every value the rule applies to
    unique: str | None = None
    allowed: list[RowText] | None = None
    field: str | None = None  # with allowed: the field whose values are checked
    sum: str | None = None
    equals: Amount | None = None
    at_least: Amount | None = None
    at_most: Amount | None = None

    @property
    def kind(self) -> str | None:
        """What the rule measures; None when it does not say (or says two things)."""
        kinds = [kind for kind in MEASURES if getattr(self, kind) is not None]
        if not kinds and (self.at_least is not None or self.at_most is not None or self.equals is not None):
            return "count"  # a range with nothing to add up counts pieces
        return kinds[0] if len(kinds) == 1 else None

    def fields(self) -> list[str]:
        """The row fields this rule reads, by the key that names each."""
        return [key for key in ("per", "unique", "field", "sum") if getattr(self, key) is not None]

    def bounds(self) -> dict[str, float | dict]:
        """The rule's comparisons: `count: N` is `equals: N`."""
        found = {key: getattr(self, key) for key in COMPARISONS if getattr(self, key) is not None}
        if self.kind == "count" and self.count is not None:
            found["equals"] = self.count
        return found


def shape_problems(rule: DataRule, components) -> list[tuple[str, str]]:
    """(key, what is wrong) for each key of `rule` that cannot be honoured as written: an unknown
    component and every other key at fault, so that one run tells them all."""
    problems = []
    if not rule.id.strip():
        problems.append(("id", "the id is empty; give the rule a name, which its findings show"))
    if rule.of not in components:
        problems.append(("of", f'no component "{rule.of}"{did_you_mean(rule.of, components)}'))
    given = [kind for kind in MEASURES if getattr(rule, kind) is not None]
    if len(given) > 1:
        return problems + [(given[1], f"gives {' and '.join(given)}; a rule checks one of count, unique, allowed or "
                                      "sum (write two rules)")]
    kind = rule.kind
    if kind is None and rule.field is not None:
        return problems + [("field", "field goes with allowed: [the values it may hold]")]
    if kind is None:
        return problems + [("id", "says what to check with one of count, unique, allowed or sum")]
    comparisons = [key for key in COMPARISONS if getattr(rule, key) is not None]
    if kind in ("unique", "allowed"):
        problems += [(key, f"{kind} takes no {key}") for key in (*comparisons, "per") if getattr(rule, key) is not None]
    if kind == "allowed" and not rule.field:
        problems.append(("allowed", "say which field's values are allowed (field: ...)"))
    if rule.field is not None and kind != "allowed":
        problems.append(("field", "field goes with allowed (sum and unique name their field themselves)"))
    if kind == "sum" and not comparisons:
        problems.append(("sum", "give the sum's equals, at_least or at_most"))
    if kind == "count" and rule.count is not None and "equals" in comparisons:
        problems.append(("equals", "count is the number wanted already; give count or equals, not both"))
    if kind == "count" and rule.count is not None and comparisons:
        problems += [(key, f"count: {_shown(rule.count)} asks for exactly that many; for a range, give at_least "
                           "and at_most without count") for key in comparisons if key != "equals"]
    if kind == "allowed" and rule.allowed == []:
        problems.append(("allowed", "allowed: [] allows nothing; give the values the field may hold"))
    if "equals" in comparisons and len(comparisons) > 1:
        problems += [(key, f"equals asks for exactly {_shown(rule.equals)}; for a range, give at_least and at_most "
                           "without equals") for key in comparisons if key != "equals"]
    for key, amount in rule.bounds().items():
        if isinstance(amount, dict) and rule.per is None:
            problems.append((_key_of(rule, key), "a number for each value needs per: the field whose values they are"))
        elif isinstance(amount, dict) and not amount:
            problems.append((_key_of(rule, key), f"{_key_of(rule, key)}: {{}} names no value; give the number for "
                                                 "each value of the field (a value it leaves out must not appear)"))
    if kind == "count":
        problems += [(key, f"{key} {_number_text(amount)}: a count is 0 or more") for key in comparisons
                     for amount in _numbers_of(getattr(rule, key)) if amount < 0][:1]
    low, high = rule.at_least, rule.at_most
    if low is not None and high is not None:
        for value in _values_named(low, high):
            least, most = _amount(low, value), _amount(high, value)
            if least is not None and most is not None and least > most:
                of = f" for {value}" if value is not None else ""
                problems.append(("at_least", f"at_least {_number_text(least)}{of} is more than at_most "
                                             f"{_number_text(most)}"))
                break
    return problems


def _numbers_of(amount) -> list[float]:
    return list(amount.values()) if isinstance(amount, dict) else [amount]


def _values_named(*amounts) -> list[str | None]:
    """The values that mappings among `amounts` name, in order (None alone when they are all numbers)."""
    named = [str(value) for amount in amounts if isinstance(amount, dict) for value in amount]
    return list(dict.fromkeys(named)) or [None]


def _key_of(rule: DataRule, comparison: str) -> str:
    return "count" if comparison == "equals" and rule.count is not None else comparison


def _shown(amount) -> str:
    return _number_text(amount) if isinstance(amount, (int, float)) else "{...}"


def _number_text(number: float) -> str:
    """A count or a sum as a designer writes it: 1234567, not 1.23457e+06; 2.5; 0.3, not 0.30000000000000004."""
    if float(number).is_integer() and abs(number) < 1e15:
        return str(int(number))
    return f"{number:.10g}"


def _plural(count: float, one: str, many: str) -> str:
    return one if count == 1 else many


def field_errors(spec) -> list[InputError]:
    """Input errors of the rules, every one at once: a rule that cannot be run as written
    (custom.rule, at the key at fault), a field no row has (a typo, or a column left out) and a
    summed field that is not a number. A rule on such rows could only report nonsense. (Rows that
    cannot be read have their own error, from reading them.)"""
    problems = []
    sums: dict[tuple[str, str], list[DataRule]] = {}  # (component, field) -> the rules that add it up
    read: dict[str, list[Row]] = {}  # each component's rows, those that could be read
    ids: set[str] = set()
    for rule in spec.rules:
        for key, problem in shape_problems(rule, spec.components):
            problems.append(InputError(where(rule, key), f"rule {rule.id}: {problem}", "custom.rule"))
        if rule.id in ids:
            problems.append(InputError(where(rule, "id"), f'two rules have the id "{rule.id}"; give each its own, so '
                                       "that a finding names one", "input.duplicate-id"))
        ids.add(rule.id)
        if rule.of not in spec.components:
            continue
        try:
            rows = spec.rows(rule.of)
        except BadRows as problem:  # told by the rows; what could be read is checked with them
            rows = problem.rows
        except InputError:
            continue
        read[rule.of] = rows
        for key in rule.fields():
            name = getattr(rule, key)
            lacking = [row for row in rows if not row.has(name)]
            if lacking and len(lacking) < len(rows):  # some rows have it: those that do not are at fault
                problems.append(lacking_field(lacking, rule.of, name, f"rule {rule.id}"))
            elif lacking:
                known = sorted({field for row in rows for field in row.fields} | {"id"})
                problems.append(InputError(where(rule, key), f'rule {rule.id}: {rule.of} rows have no field "{name}"'
                                           f"{did_you_mean(name, known)}", "input.unknown-field"))
        if rule.sum is not None and all(row.has(rule.sum) for row in rows):
            sums.setdefault((rule.of, rule.sum), []).append(rule)
    for (component, name), summing in sums.items():
        problems += _not_numbers(component, name, summing, read[component])
    return problems


def _not_numbers(component: str, name: str, summing: list[DataRule], rows: list[Row]) -> list[InputError]:
    """The errors of a summed field whose values are not all numbers: one at each rule that adds it
    up when no row holds a number there (the rule names the wrong field), else one at the first row
    that holds no number, saying which others do not either. A row's copies are the one row."""
    written = list({row.location: row for row in rows}.values())
    bad = [row for row in written if _number(row.value(name)) is None]
    if not bad:
        return []
    first, more = bad[0], bad[1:]
    value = str(first.value(name))[:20]
    if len(bad) == len(written) > 1:
        others = f", and {len(more)} more {_plural(len(more), 'row', 'rows')}"
        return [InputError(where(rule, "sum"), f'rule {rule.id}: sum: {name} is not a number in any {component} row '
                           f'({first.location.format(with_col=False)} has "{value}"{others}); sum a field of numbers',
                           "input.type") for rule in summing]
    ids = [rule.id for rule in summing]
    adders = f"rule {ids[0]} adds it up" if len(ids) == 1 else f"rules {', '.join(ids[:-1])} and {ids[-1]} add it up"
    message = f'{name} "{value}" is not a number, and {adders}'
    if more:
        lines = ", ".join(str(row.location.line) for row in more[:5]) + (", ..." if len(more) > 5 else "")
        message += (f"; {len(more)} more {_plural(len(more), 'row', 'rows')} ({_plural(len(more), 'line', 'lines')} "
                    f"{lines}) {_plural(len(more), 'has', 'have')} no number there either")
    return [InputError(first.location, message, "input.type")]


#: A number as a designer types one in a cell: digits, a point, an exponent (not Python's 1_000, ٣ or "inf").
NUMBER = re.compile(r"[-+]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?")


def _number(value) -> float | None:
    """A cell's number; an empty cell adds nothing (0), and what is no number is None."""
    text = str(value).strip() or "0"
    if not NUMBER.fullmatch(text):
        return None
    number = float(text)
    return number if math.isfinite(number) else None


class DataRules(RuleBook):
    """The rules, run over the rows, which the game then lets go (CustomSpec.let_rows_go)."""

    def count(self, spec) -> int:
        """Each rule the designer wrote, and each check of ours beside them (a rule's shape, empty
        components, pictures' dpi): a rule added to the file adds one to what validate says holds."""
        kinds = sum(1 for rule in self.rules if rule.id in KINDS_OF_RULES)
        return len(self.rules) - kinds + len(getattr(spec, "rules", None) or ())

    def run(self, spec) -> list[Finding]:
        try:
            return super().run(spec)
        finally:
            spec.let_rows_go()


rules = DataRules()
#: The rules that run the designer's rules of each kind: counted as the rules they run (DataRules.count).
KINDS_OF_RULES = ("custom.count", "custom.unique", "custom.allowed", "custom.sum")


def _rules_of(spec, kind: str):
    return [rule for rule in spec.rules if rule.kind == kind and not shape_problems(rule, spec.components)]


@rules.rule("custom.rule", "each rule names a component of the game and one check, and every key it gives is honoured")
def check_rule_shapes(spec):
    # An input error as the game loads (field_errors), with the rows' and the other rules' mistakes;
    # here for a spec whose inputs were not checked.
    for rule in spec.rules:
        for key, problem in shape_problems(rule, spec.components):
            yield error(where(rule, key), f"rule {rule.id}: {problem}")


@rules.rule("custom.empty", "every component has pieces (an empty one prints nothing)")
def check_empty(spec):
    for name, component in spec.components.items():
        if not spec.rows(name):
            yield warning(where(component, "rows"), f"{name} has no pieces: its rows are empty, or every count is 0, "
                          f"so it prints nothing{first_sheet_note(component.rows)}")


def _per_value(rule: DataRule, rows: list[Row], measure) -> dict[str, float]:
    """The measure (a count or a sum) of each value of the rule's `per` field, or of all the rows
    (under the key None) when it has none."""
    if rule.per is None:
        return {None: measure(rows)}
    groups: dict[str, list[Row]] = {}
    for row in rows:
        groups.setdefault(str(row.value(rule.per)), []).append(row)
    return {value: measure(group) for value, group in groups.items()}


def _breaches(rule: DataRule, measured: dict) -> list[tuple[str | None, float, str]]:
    """(value, what was measured, what the rule says) for each value the rule's bounds refuse, in
    the order of the values; a value no mapping names, or one a mapping names that no row has."""
    bounds = rule.bounds()
    named = {str(value) for amount in bounds.values() if isinstance(amount, dict) for value in amount}
    values = list(measured) + sorted(named - set(measured))
    found = []
    for value in values:
        if named and value not in named:
            found.append((value, measured[value], f"which the rule does not name (it names {', '.join(sorted(named))})"))
            continue
        have = measured.get(value, 0.0)
        wanted = {key: _amount(amount, value) for key, amount in bounds.items()}
        wanted = {key: amount for key, amount in wanted.items() if amount is not None}
        if not _within(have, wanted):
            found.append((value, have, _said(wanted)))
    return found


def _amount(amount, value):
    """The number `amount` gives `value`: itself, or the mapping's number for it (None: it names none)."""
    if isinstance(amount, dict):
        for key, number in amount.items():
            if str(key) == value:
                return number
        return None
    return amount


def _within(have: float, wanted: dict) -> bool:
    if "equals" in wanted and not math.isclose(have, wanted["equals"], abs_tol=1e-9):
        return False
    if "at_least" in wanted and have < wanted["at_least"] - 1e-9:
        return False
    return not ("at_most" in wanted and have > wanted["at_most"] + 1e-9)


def _said(wanted: dict) -> str:
    shown = {key: _number_text(amount) for key, amount in wanted.items()}
    if "equals" in shown:
        return f"the rule says {shown['equals']}"
    if "at_least" in shown and "at_most" in shown:
        return f"the rule says {shown['at_least']} to {shown['at_most']}"
    if "at_least" in shown:
        return f"the rule says at least {shown['at_least']}"
    return f"the rule says at most {shown['at_most']}"


@rules.rule("custom.count", "a component has as many pieces as its count rules say, in all or per value")
def check_counts(spec):
    for rule in _rules_of(spec, "count"):
        rows = spec.rows(rule.of)
        each = " of each" if isinstance(rule.bounds().get("equals"), (int, float)) and rule.per else ""
        for value, have, said in _breaches(rule, _per_value(rule, rows, len)):
            pieces = f"{_number_text(have)} {_plural(have, 'piece', 'pieces')}"
            if value is None:
                yield error(where(rule), f"rule {rule.id}: {rule.of} has {pieces}; {said}")
                continue
            holding = f'{_number_text(have)} {rule.of} {_plural(have, "piece has", "pieces have")} {rule.per} "{value}"'
            if said.startswith("which"):
                yield error(where(rule), f"rule {rule.id}: {holding}, {said}")
            else:
                yield error(where(rule), f"rule {rule.id}: {holding}; {said}{each}")


@rules.rule("custom.unique", "no two pieces share a value of a unique field")
def check_unique(spec):
    for rule in _rules_of(spec, "unique"):
        first: dict[str, Row] = {}
        for row in spec.rows(rule.of):
            value = str(row.value(rule.unique))
            if value in first and first[value].location != row.location:
                yield error(row.location, f'rule {rule.id}: {rule.unique} "{value}" is also on the piece at line '
                            f"{first[value].location.line}; each {rule.of} needs its own")
            first.setdefault(value, row)


@rules.rule("custom.allowed", "a field holds only the values its rule allows")
def check_allowed(spec):
    for rule in _rules_of(spec, "allowed"):
        allowed = {str(value) for value in rule.allowed}
        for row in spec.rows(rule.of):
            value = str(row.value(rule.field))
            if value not in allowed:
                close = closest(value, allowed)
                yield error(row.location, f'rule {rule.id}: {rule.field} "{value}" is not one of '
                            f"{', '.join(map(str, rule.allowed))}" + (f' (did you mean "{close}"?)' if close else ""))


@rules.rule("custom.sum", "a numeric field adds up to what its rule says, in all or per value")
def check_sums(spec):
    for rule in _rules_of(spec, "sum"):
        def total(rows: list[Row]) -> float:
            return sum(_number(row.value(rule.sum)) or 0.0 for row in rows)

        for value, have, said in _breaches(rule, _per_value(rule, spec.rows(rule.of), total)):
            whose = f"{rule.of}'s {rule.sum} values" if value is None else \
                f'the {rule.sum} values of the {rule.of} pieces with {rule.per} "{value}"'
            joined = ", " if said.startswith("which") else "; "
            yield error(where(rule), f"rule {rule.id}: {whose} add up to {_number_text(have)}{joined}{said}")


@dataclass(frozen=True)
class Placed:
    """An element of a face's layout, with the component it is on and that piece's size."""

    component: str
    area: Area
    safe_mm: float
    layout: str
    name: str
    element: object


def placed_elements(spec, *kinds: str):
    """Every element of the given kinds on a face of every component."""
    for name, component in spec.components.items():
        size = component.size()
        area = Area(size.width_mm, size.height_mm, 0.0)
        for layout in filter(None, (component.front, component.back)):
            for element_name, element in spec.layouts.layouts.get(layout, ()):
                if element.kind in kinds:
                    yield Placed(name, area, size.safe_mm, layout, element_name, element)


#: How many of the other rows whose text does not fit a text-fit finding names by their lines.
LINES_NAMED = 5


class TextFitCheck:
    """custom.layout: every text fits its box at its floor size (7 pt unless it says less). Read from
    the faces as they are drawn (recording.FaceReading): the drawing that lays out a text tells
    whether it overflows (Recording.overflows), so a deck of ten thousand different texts has each
    measured once, by the drawing, in the piece's own style. One error for each element of a
    component, at the first row whose text overflows (the element's line when no row fills it in),
    naming the lines of the other rows where it does not fit either, so that one run tells every row
    to mend; a row's copies are the one row."""

    RULE = "custom.layout"

    def __init__(self, spec):
        self.spec = spec
        self.overflowing: dict[tuple[str, int], list[tuple[str, str]]] = {}  # (component, element) -> (piece, text)s

    def add(self, component, piece, side: str, draw, area, recording) -> None:
        for element, text in recording.overflows:
            self.overflowing.setdefault((component.name, id(element)), []).append((piece.id, text))

    def findings(self) -> list[Finding]:
        findings, rows = [], {}  # component -> where each piece's row is, asked for once a text overflows
        for placed in placed_elements(self.spec, "text", "track", "table"):
            element = placed.element
            found = self.overflowing.get((placed.component, id(element)))
            if not found:
                continue
            if placed.component not in rows:
                rows[placed.component] = {row.id: (index, row.location)
                                          for index, row in enumerate(self.spec.rows(placed.component))}
            at = rows[placed.component]
            if element.kind == "track":  # its start label, wider than the track even at 7 pt
                words, told = element.start, (f"is wider than its track on {placed.component} at {FLOOR_PT:g} pt; "
                                              "give a shorter start label, or a wider box")
            elif element.kind == "table":  # rows that would print over each other, or cells into the next
                words, told = element.table, (f"(a table) does not fit its box on {placed.component} at "
                                              f"{element.min_pt:g} pt; give it a larger box or fewer rows")
            else:
                words, told = element.text, (f"does not fit its box on {placed.component} at {element.min_pt:g} pt; "
                                             "give it a larger box or fewer words")
            if not placeholders(words) or not any(piece in at for piece, _ in found):
                findings.append(Finding("error", element.where, f'{placed.layout}.{placed.name}: "{found[0][1][:40]}" '
                                        f"{told}", self.RULE))
                continue
            first: dict = {}  # each row's place (its copies' too) -> its first text that overflows
            for piece, text in sorted((pair for pair in found if pair[0] in at), key=lambda pair: at[pair[0]][0]):
                first.setdefault(at[piece][1], text)
            (place, text), *more = first.items()
            findings.append(Finding("error", place, f'{placed.layout}.{placed.name}: "{text[:40]}" {told}'
                                    f"{_more_rows([other for other, _ in more])}", self.RULE))
        return findings


def _more_rows(places: list) -> str:
    """What a text-fit finding says of the other rows: `; 2 more rows (lines 10, 31) do not fit either`."""
    if not places:
        return ""
    lines = ", ".join(str(place.line) for place in places[:LINES_NAMED])
    lines += ", ..." if len(places) > LINES_NAMED else ""
    if len(places) == 1:
        return f"; 1 more row (line {lines}) does not fit either"
    return f"; {len(places)} more rows (lines {lines}) do not fit either"


@rules.rule("custom.picture-dpi", "pictures have the pixels to print sharp (300 dpi at their placed size)")
def check_picture_dpi(spec):
    from generator.images import PRINT_DPI, load_picture, placed_dpi

    for placed in placed_elements(spec, "image"):
        element = placed.element
        _, _, w, h = box_of(element, placed.area)
        seen = set()
        for row in spec.rows(placed.component):
            file = picture_file(element, row.shown)
            if file is None or file in seen:  # an empty cell: no picture on that piece
                continue
            seen.add(file)
            place = row.location if "{" in element.image else element.where
            picture = load_picture(spec.reader, file, place)
            dpi = placed_dpi(picture, w or placed.area.width, h or placed.area.height)
            if dpi < PRINT_DPI:
                yield warning(place, f'picture "{file}" prints at {dpi:.0f} dpi in {placed.layout}.{placed.name}; '
                              f"give it {PRINT_DPI} dpi ({picture.width_px} x {picture.height_px} px now) to print "
                              "sharp")
