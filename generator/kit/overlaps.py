"""layout.text-overlap: no text a layout places runs into a text another element placed, read from
the faces as drawn (recording.FaceReading), as their ink boxes show.

A text with a box of its own shrinks to fit it or is told by layout.text-fit (kit/layouts.py,
WordsFitCheck); this is for what that cannot see: a text that keeps to its box, or has no box to
keep to (one that wraps on down from its point), and still runs into its neighbour's words, as a
judge's name wrapped up over the heading above it, or a label grown over the one beside it. The
mend is a shorter text, or a layout that gives the text a box clear of its neighbours (a height to
shrink in), which turns the collision into a text that shrinks or does not fit.

Only texts whose source (the layout element that placed them) is known are compared, and never the
runs of one element with each other: a text's own lines, the letters a fallback font gave it, and
the copies one element draws across a table or a board are the layout's own arrangement.
"""

from __future__ import annotations

from generator.errors import Location
from generator.validate import Finding

#: How far two texts' ink boxes must overlap, across and down, before one has run into the other:
#: more than two runs' boxes share where they merely meet (a box is a run's advance width by the
#: inked height of all its letters, so the side bearings of neighbours on one line touch).
RUN_INTO_MM = 0.3
#: The most runs a finding gathers to name the words a run belongs to (a wrapped label's other lines).
MAX_RUNS_NAMED = 60


class TextOverlapCheck:
    """layout.text-overlap, an error, one per pair of elements whose texts meet on a component (at
    the words file's line when a chosen copy or translation gave either text, naming the keys to
    shorten; else at the element's line in the layout, which is then the one to mend)."""

    RULE = "layout.text-overlap"

    def __init__(self, words, level: str = "error"):
        self.words, self.level = words, level  # a game of your own's layouts are told as warnings
        # (component, source, source) -> (piece, side, upper run's words and source, lower's), the first
        # found; the pieces where the same pair meets are counted.
        self.meeting: dict[tuple, tuple] = {}
        self.pieces: dict[tuple, set[str]] = {}

    def add(self, component, piece, side: str, draw, area, recording) -> None:
        texts = recording.texts
        # A text that overflows its box is layout.text-fit's to tell; what it then runs into follows.
        overflowing = {element.where for element, _ in recording.overflows}
        for upper, lower in texts_that_meet(texts):
            if upper.source in overflowing or lower.source in overflowing:
                continue
            key = (component.name, *sorted((str(upper.source), str(lower.source))))
            if key not in self.meeting:
                self.meeting[key] = (piece.id, side, (lines_around(upper, texts), upper.source),
                                     (lines_around(lower, texts), lower.source))
            self.pieces.setdefault(key, set()).add(piece.id)

    def findings(self) -> list[Finding]:
        findings = []
        for key, (piece_id, side, upper, lower) in self.meeting.items():
            (upper_place, upper_shown, upper_key), (lower_place, lower_shown, lower_key) = \
                self._named(*upper), self._named(*lower)
            place = lower_place if upper_key is None and lower_key is not None else upper_place
            keys = [f'"{words_key}"' for words_key in (upper_key, lower_key) if words_key]
            mend = f"shorten {' or '.join(keys)}" if keys else "give them more room or fewer words"
            others = len(self.pieces[key]) - 1
            more = f" and {others} more" if others else ""
            findings.append(Finding(self.level, place, f"{key[0]}: {upper_shown} runs into {lower_shown} on {piece_id} "
                                    f"({side}){more}; {mend}", self.RULE))
        return findings

    def _named(self, lines: list[str], source) -> tuple[Location, str, str | None]:
        """Where a finding about a text goes, how it shows the text and the words key that gave it:
        the whole text as drawn, or the line of it that ran in (a text of several keys, one a line)."""
        shown = " ".join(" ".join(lines).split())[:30]
        given = self.words.keys_of("\n".join(lines)) if self.words is not None else []
        if given:
            (key, place), *_ = given
            return place, f'words "{key}" ("{shown}")', key
        return source, f'"{shown}"', None


def texts_that_meet(texts) -> list[tuple]:
    """Pairs of runs of text that two different layout elements placed whose ink overlaps by more than
    RUN_INTO_MM both ways, the higher first."""
    placed = sorted((text for text in texts if text.source is not None and text.text.strip()),
                    key=lambda text: text.box[1])
    pairs = []
    for index, upper in enumerate(placed):
        for lower in placed[index + 1:]:
            if lower.box[1] > upper.box[3] - RUN_INTO_MM:
                break  # sorted by their tops: none further down reaches up into this one
            across = min(upper.box[2], lower.box[2]) - max(upper.box[0], lower.box[0])
            down = min(upper.box[3], lower.box[3]) - lower.box[1]
            if lower.source != upper.source and across > RUN_INTO_MM and down > RUN_INTO_MM:
                pairs.append((upper, lower))
    return pairs


def lines_around(run, texts) -> list[str]:
    """The lines of the text a run belongs to, as far as the drawing shows them: the runs its element
    drew that touch it, a line's height up or down (its other lines, a fallback font's letters), read
    line by line, so that a finding names the words that printed it rather than one letter."""
    same = [text for text in texts if text.source == run.source]
    block, reached, seen = [run], [run], {id(run)}
    while reached and len(block) < MAX_RUNS_NAMED:
        current = reached.pop()
        for text in same:
            if id(text) not in seen and _touching(text.box, current.box):
                seen.add(id(text))
                block.append(text)
                reached.append(text)
    lines: list[list] = []
    for text in sorted(block, key=lambda text: text.box[1]):
        middle = (text.box[1] + text.box[3]) / 2
        if lines and lines[-1][0].box[1] <= middle <= lines[-1][0].box[3]:
            lines[-1].append(text)
        else:
            lines.append([text])
    return ["".join(text.text for text in sorted(line, key=lambda text: text.box[0])) for line in lines]


def _touching(a, b) -> bool:
    """Whether two runs' boxes meet across and lie within a line's height of each other down."""
    reach = max(a[3] - a[1], b[3] - b[1])
    return a[0] <= b[2] + RUN_INTO_MM and b[0] <= a[2] + RUN_INTO_MM and a[1] <= b[3] + reach and b[1] <= a[3] + reach
