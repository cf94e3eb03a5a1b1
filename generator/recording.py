"""Faces recorded once: replayed onto the backends wherever the piece is placed, and read as boxes
by the checks that need to see a face, not print it."""

from __future__ import annotations

from dataclasses import dataclass

from generator import fonts
from generator.canvas import Canvas, Paint, Surface
from generator.geometry import Matrix, Path

Box = tuple[float, float, float, float]  # left, top, right, bottom, in mm


@dataclass(frozen=True)
class DrawnPath:
    box: Box  # of the path, cut to the clips in force
    fill: str | None
    stroke: str | None
    picture: bool = False  # a placed picture: it hides what is under it, in no one colour


@dataclass(frozen=True)
class DrawnText:
    text: str
    box: Box  # advance width by the glyphs' inked height, cut to the clips in force
    fill: str
    face: str
    size: float
    behind: str | None  # the fill of the last filled path under the text's centre
    source: object = None  # where the text was laid out (a layout element's Location), when known


def text_box(text: str, face: str, size: float, matrix: Matrix) -> Box:
    """The box the text's ink takes on the page: the advance width, and from the lowest glyph's
    bottom to the highest glyph's top (text space is y down, so y goes from -top to -bottom)."""
    low, high = fonts.inked_height(text, face)
    width = fonts.text_width(text, size, face)
    corners = [matrix.apply(x, y) for x in (0.0, width) for y in (-high * size, -low * size)]
    return _bounds(corners)


def _bounds(points) -> Box:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def _intersect(a: Box, b: Box) -> Box:
    return max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3])


def _contains(box: Box, x: float, y: float) -> bool:
    return box[0] <= x <= box[2] and box[1] <= y <= box[3]


class Recording(Surface):
    """One face's drawing calls, kept in the face's own coordinates: recorded once, then replayed onto
    any surface at any place (cairo's recording surface). A deck's shared back is drawn once however
    many cards it is behind, and the checks read the recording instead of drawing the face again.

    `paths` and `texts` are the recording read as boxes (with the clips in force cut into them), for
    the checks: the colour rules find the paper behind each text this way, and the tests check that
    every face stays inside its bleed and its text inside the safe margin.
    """

    def __init__(self) -> None:
        self.calls: list[tuple] = []  # ("path", Path, Paint) | ("text", ...) | ("clip", Path) | ("unclip",)
        self._boxes: tuple[list[DrawnPath], list[DrawnText]] | None = None
        self._source = None
        self.text_sources: dict[int, object] = {}  # index of a text call -> where it was laid out
        self.overflows: list[tuple[object, str]] = []  # (layout element, text) drawn past its box

    def drawing_from(self, source) -> None:
        self._source = source

    def overflowing(self, element, text: str) -> None:
        self.overflows.append((element, text))

    def begin_page(self, number: int, width: float, height: float) -> None:
        pass

    def end_page(self) -> None:
        pass

    def draw_path(self, path: Path, style: Paint) -> None:
        # A copy of the command list: a drawer may go on to extend the path it just drew.
        self.calls.append(("path", Path(path.commands), style))

    def draw_text(self, text: str, face: str, size: float, fill: str, matrix: Matrix) -> None:
        if self._source is not None:
            self.text_sources[len(self.calls)] = self._source
        self.calls.append(("text", text, face, size, fill, matrix))

    def draw_image(self, picture, matrix: Matrix) -> None:
        self.calls.append(("image", picture, matrix))

    def push_clip(self, path: Path) -> None:
        self.calls.append(("clip", Path(path.commands)))

    def pop_clip(self) -> None:
        self.calls.append(("unclip",))

    def close(self) -> None:
        pass

    def add_recorded(self, part: Recording) -> None:
        """Take in what another recording holds, drawn in this one's coordinates (an element drawn alike
        on many faces): its calls (shared, as no call is ever changed), where its texts came from, and
        the texts it drew past their boxes."""
        start = len(self.calls)
        self.calls += part.calls
        for index, source in part.text_sources.items():
            self.text_sources[start + index] = source
        self.overflows += part.overflows

    def replay(self, surface: Surface, matrix: Matrix) -> None:
        """Send every call to `surface`, moved by `matrix` (face to page coordinates)."""
        grow = matrix.scale_factor
        for call in self.calls:
            kind = call[0]
            if kind == "path":
                surface.draw_path_at(call[1], matrix, call[2].scaled(grow))
            elif kind == "text":
                _, text, face, size, fill, at = call
                surface.draw_text(text, face, size, fill, matrix @ at)
            elif kind == "image":
                surface.draw_image(call[1], matrix @ call[2])
            elif kind == "clip":
                surface.push_clip_at(call[1], matrix)
            else:
                surface.pop_clip()

    @property
    def paths(self) -> list[DrawnPath]:
        return self._read()[0]

    def forget_boxes(self) -> None:
        """Let the boxes go once the checks have read them: a recording kept for printing needs only
        its calls (asked for again, the boxes are worked out again)."""
        self._boxes = None

    @property
    def texts(self) -> list[DrawnText]:
        return self._read()[1]

    def _read(self) -> tuple[list[DrawnPath], list[DrawnText]]:
        if self._boxes is None:
            paths: list[DrawnPath] = []
            texts: list[DrawnText] = []
            clips: list[Box] = []

            def clipped(box: Box) -> Box:
                for clip in clips:
                    box = _intersect(box, clip)
                return box

            for index, call in enumerate(self.calls):
                kind = call[0]
                if kind == "path":
                    _, path, style = call
                    box = path.bounds()
                    if style.stroke:
                        grow = style.width / 2
                        box = (box[0] - grow, box[1] - grow, box[2] + grow, box[3] + grow)
                    paths.append(DrawnPath(clipped(box), style.fill, style.stroke))
                elif kind == "text":
                    _, text, face, size, fill, matrix = call
                    box = clipped(text_box(text, face, size, matrix))
                    centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
                    under = next((p for p in reversed(paths) if (p.fill or p.picture) and _contains(p.box, *centre)),
                                 None)
                    behind = under.fill if under else None  # on a picture: no one colour to measure against
                    texts.append(DrawnText(text, box, fill, face, size, behind, self.text_sources.get(index)))
                elif kind == "image":
                    corners = [call[2].apply(u, v) for u in (0.0, 1.0) for v in (0.0, 1.0)]
                    paths.append(DrawnPath(clipped(_bounds(corners)), None, None, picture=True))
                elif kind == "clip":
                    clips.append(call[1].bounds())
                else:
                    clips.pop()
            self._boxes = paths, texts
        return self._boxes


def record_face(draw, area, check_numbers: bool = False) -> Recording:
    """What one side of a piece draws, drawn alone at the origin of its trim box (every coordinate
    checked to be a number, with `check_numbers`: a plug-in's face)."""
    recording = Recording()
    draw(Canvas(recording, check_numbers), area)
    return recording


class RecordingsKept:
    """Recordings by key, each beside what it was drawn for (whose id a key may hold: kept alive, and
    asked for again only by itself), the least recently used going first once `most` of them, or
    `calls` drawing calls in all, are kept (none, with `most` 0)."""

    def __init__(self, most: int, calls: int) -> None:
        self.most, self.calls = most, calls
        self.entries: dict = {}  # key -> (what it was drawn for, its recording), the most recent last
        self._calls = 0  # the drawing calls of the recordings kept

    def take(self, key, owner) -> Recording | None:
        """The recording kept for `key` and `owner`, now the most recently used; None if there is none."""
        kept = self.entries.pop(key, None)
        if kept is None or kept[0] is not owner:  # an id its owner let go of may be another's
            self._calls -= len(kept[1].calls) if kept else 0
            return None
        self.entries[key] = kept
        return kept[1]

    def keep(self, key, owner, recording: Recording) -> None:
        if not self.most:
            return
        self._calls += len(recording.calls)
        while self.entries and (len(self.entries) >= self.most or self._calls > self.calls):
            self._calls -= len(self.entries.pop(next(iter(self.entries)))[1].calls)  # the least recently used
        self.entries[key] = (owner, recording)

    def clear(self) -> None:
        self.entries.clear()
        self._calls = 0


class FaceRecordings:
    """The faces of a build, each recorded once: keyed by its drawer and the area it draws in, so
    the copies of a piece and the cards behind one back share a recording.

    At most `keep` recordings are kept, the least recently used going first (none, with 0: a
    validate prints nothing). Every bundled game has fewer faces, recorded for their check and
    replayed where they print; a deck of hundreds or thousands of different cards is read by its
    checks as it prints instead (recording.FaceReading), and keeps only the faces placed again
    soon: a shared back, a copy. Either way each face is drawn once, and memory stays flat: a
    recording is some 13 KiB, so a thousand kept would be 13 MiB."""

    KEPT = 256  # recordings kept by default: more faces than any bundled game has (Diatoms, 206)
    READ_FIRST = 2000  # kept by a build that must read its faces before it prints them (build.check)
    PRINTING = 256  # what a build reading its faces as they print keeps: a back, the copies of a page
    #: And at most this many drawing calls in all, whatever the count: a face of 660 inline symbols
    #: records 660 paths (some 6 MB), and 256 of them took 1.8 GB. A bundled game keeps some 30,000.
    CALLS_KEPT = 200_000

    def __init__(self, check_numbers: bool = False, keep: int | None = None) -> None:
        # Keyed by the drawer's id, with the drawer kept alive beside its recording so the id stays
        # its own (a drawer need not be hashable).
        self._recorded = RecordingsKept(self.KEPT if keep is None else keep, self.CALLS_KEPT)
        self.check_numbers = check_numbers  # a plug-in's faces: see Canvas
        #: Recordings carried from one build to the next by their faces' content (Face.content_key),
        #: for a preview that rebuilds on save: `carried_from` the last build's, `carried` this one's.
        self.carried: dict | None = None
        self.carried_from: dict = {}

    @property
    def keep(self) -> int:
        return self._recorded.most

    @keep.setter
    def keep(self, most: int) -> None:
        self._recorded.most = most

    def __call__(self, draw, area) -> Recording:
        key = (id(draw), area)
        recording = self._recorded.take(key, draw)
        if recording is None:
            recording = self._carried_or_recorded(draw, area)
            self._recorded.keep(key, draw, recording)
        return recording

    def clear(self) -> None:
        self._recorded.clear()

    def _carried_or_recorded(self, draw, area) -> Recording:
        content = getattr(draw, "content_key", None) if self.carried is not None else None
        content = content() if content else None
        if content is None:
            return record_face(draw, area, self.check_numbers)
        key = (content, area)
        recording = self.carried.get(key) or self.carried_from.get(key)
        if recording is None:
            recording = record_face(draw, area, self.check_numbers)
        self.carried[key] = recording
        return recording


class FaceReading:
    """The checks that read faces (`check.add(component, piece, side, draw, area, recording)`) over
    a set of components, each face its pieces draw differently handed over once: a drawer many
    pieces share (a deck's back) once a component, and a copy's face not again. A check that reads
    a face once a size, whichever components share it (`once_a_size`: the contrast check, which
    counts the faces a colour pair is on), is handed it once a size.

    A validate reads every face at once (`read`). A build of more faces than its recordings keep
    hands each face over where it prints (`feed`, from the render), then reads the faces that did
    not print (`read` again passes over the rest): each face is drawn once, and never held from its
    check to its print."""

    def __init__(self, components, *checks) -> None:
        self.components, self.checks = components, checks
        # The drawer ids still to hand over, by component and size (not the print guide a build
        # adds): one set a group, made anew as it empties, since a set never shrinks its table.
        self._waiting: dict[tuple, set[int]] = {}
        for component in components:
            for piece in component.pieces:
                waiting = self._waiting.setdefault(_group(component, piece), set())
                waiting.add(id(piece.front))
                if piece.back is not None:
                    waiting.add(id(piece.back))
        self._made_with = {group: len(ids) for group, ids in self._waiting.items()}
        self._shared = _shared_at_size(self._waiting)  # size -> the ids several components draw at it
        self._handed_at_size: set[tuple] = set()

    def feed(self, component, piece, side: str, draw, area, recording) -> None:
        """Hand one face to every check, unless this component's face was handed over before."""
        group = _group(component, piece)
        waiting = self._waiting.get(group)
        if not waiting or id(draw) not in waiting:
            return
        waiting.discard(id(draw))
        if len(waiting) <= self._made_with[group] // 2:
            self._waiting[group], self._made_with[group] = set(waiting), len(waiting)
        again = False
        if id(draw) in self._shared.get(group[1:], ()):
            again = (group[1:], id(draw)) in self._handed_at_size
            self._handed_at_size.add((group[1:], id(draw)))
        for check in self.checks:
            if not (again and getattr(check, "once_a_size", False)):
                check.add(component, piece, side, draw, area, recording)
        recording.forget_boxes()

    def read(self, bleed: float, record) -> None:
        """Hand over every face not yet handed over, drawn by `record(draw, area)`."""
        from generator.model import face_area

        for component in self.components:
            for piece in component.pieces:
                for side, draw in (("front", piece.front), ("back", piece.back)):
                    if draw is not None and id(draw) in self._waiting.get(_group(component, piece), ()):
                        area = face_area(piece, side, bleed)
                        self.feed(component, piece, side, draw, area, record(draw, area))

    def findings(self) -> list:
        return [finding for check in self.checks for finding in check.findings()]


def _group(component, piece) -> tuple:
    """Where FaceReading hands a face over once: within its component, at its size."""
    return component.name, piece.width, piece.height


def _shared_at_size(waiting: dict[tuple, set[int]]) -> dict[tuple, set[int]]:
    """For each size that several components' pieces have, the drawer ids more than one of them
    draws (a back two decks share); usually none."""
    by_size: dict[tuple, list[set[int]]] = {}
    for (_, *size), ids in waiting.items():
        by_size.setdefault(tuple(size), []).append(ids)
    shared = {}
    for size, groups in by_size.items():
        if len(groups) < 2:
            continue
        seen: set[int] = set()
        twice: set[int] = set()
        for ids in groups:
            twice |= seen & ids
            seen |= ids
        if twice:
            shared[size] = twice
    return shared


def _face_of(piece, draw) -> tuple[int, float, float]:
    """A face as a build records it: its drawer, at the piece's size (a shared back is one face)."""
    return id(draw), piece.width, piece.height


def distinct_faces(components) -> int:
    """How many faces the components' pieces draw differently: what a build records."""
    return len({_face_of(piece, draw) for component in components for piece in component.pieces
                for draw in (piece.front, piece.back) if draw is not None})


def findings_of(check, components, bleed: float, record) -> list:
    """The findings of one check over every face of the components."""
    reading = FaceReading(components, check)
    reading.read(bleed, record)
    return reading.findings()
