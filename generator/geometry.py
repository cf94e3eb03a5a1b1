"""Affine matrices and vector paths, in millimetres with y pointing down."""

from __future__ import annotations

import math
from dataclasses import dataclass

# Cubic Bezier handle length that best approximates a quarter circle.
KAPPA = 0.5522847498


def number(value: float) -> str:
    """A coordinate as text, to 1/1000 mm: far below print precision, and the same on every run."""
    text = "%.3f" % value
    text = text.rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


@dataclass(frozen=True)
class Matrix:
    """x' = a*x + c*y + e ; y' = b*x + d*y + f (the PDF/SVG convention)."""

    a: float = 1.0
    b: float = 0.0
    c: float = 0.0
    d: float = 1.0
    e: float = 0.0
    f: float = 0.0

    def __matmul__(self, other: "Matrix") -> "Matrix":
        """self @ other: apply `other` first, then `self`."""
        return Matrix(
            self.a * other.a + self.c * other.b,
            self.b * other.a + self.d * other.b,
            self.a * other.c + self.c * other.d,
            self.b * other.c + self.d * other.d,
            self.a * other.e + self.c * other.f + self.e,
            self.b * other.e + self.d * other.f + self.f,
        )

    def apply(self, x: float, y: float) -> tuple[float, float]:
        return self.a * x + self.c * y + self.e, self.b * x + self.d * y + self.f

    @property
    def scale_factor(self) -> float:
        """How much lengths grow (the geometric mean for a non-uniform scale)."""
        return math.sqrt(abs(self.a * self.d - self.b * self.c))

    @property
    def is_axis_aligned(self) -> bool:
        return abs(self.b) < 1e-9 and abs(self.c) < 1e-9 and self.a > 0 and self.d > 0

    @staticmethod
    def translation(dx: float, dy: float) -> "Matrix":
        return Matrix(e=dx, f=dy)

    @staticmethod
    def scaling(sx: float, sy: float | None = None) -> "Matrix":
        return Matrix(a=sx, d=sx if sy is None else sy)

    @staticmethod
    def rotation(degrees: float) -> "Matrix":
        """Clockwise on the page (y points down), exact for multiples of 90 degrees."""
        quarter = {0: (1, 0), 90: (0, 1), 180: (-1, 0), 270: (0, -1)}.get(degrees % 360)
        cos, sin = quarter if quarter else (math.cos(math.radians(degrees)), math.sin(math.radians(degrees)))
        return Matrix(cos, sin, -sin, cos, 0.0, 0.0)


IDENTITY = Matrix()


class Path:
    """A list of subpaths made of moves, lines, cubic curves and closes.

    Commands are tuples: ("M", x, y), ("L", x, y), ("C", x1, y1, x2, y2, x, y), ("Z",).
    Fills use the even-odd rule in every backend, so a subpath inside another makes a hole.
    """

    __slots__ = ("commands",)

    def __init__(self, commands=None):
        self.commands: list[tuple] = list(commands or [])

    # building ---------------------------------------------------------------------------------
    def move_to(self, x, y):
        self.commands.append(("M", x, y))
        return self

    def line_to(self, x, y):
        self.commands.append(("L", x, y))
        return self

    def curve_to(self, x1, y1, x2, y2, x, y):
        self.commands.append(("C", x1, y1, x2, y2, x, y))
        return self

    def arc(self, cx, cy, r, start: float, end: float):
        """Circular arc from angle `start` to `end` (degrees, clockwise on the page), as cubics.

        Continues the current subpath with a line to the arc's start, or starts one.
        """
        sweep = end - start
        steps = max(1, math.ceil(abs(sweep) / 90 - 1e-9))
        delta = math.radians(sweep / steps)
        handle = 4 / 3 * math.tan(delta / 4) * r
        angle = math.radians(start)
        x, y = cx + r * math.cos(angle), cy + r * math.sin(angle)
        self.line_to(x, y) if self.commands and self.commands[-1][0] != "Z" else self.move_to(x, y)
        for _ in range(steps):
            nxt = angle + delta
            x1 = cx + r * math.cos(angle) - handle * math.sin(angle)
            y1 = cy + r * math.sin(angle) + handle * math.cos(angle)
            x3, y3 = cx + r * math.cos(nxt), cy + r * math.sin(nxt)
            x2 = x3 + handle * math.sin(nxt)
            y2 = y3 - handle * math.cos(nxt)
            self.curve_to(x1, y1, x2, y2, x3, y3)
            angle = nxt
        return self

    def close(self):
        self.commands.append(("Z",))
        return self

    def extend(self, other: "Path"):
        self.commands.extend(other.commands)
        return self

    # shapes -----------------------------------------------------------------------------------
    @classmethod
    def rect(cls, x, y, w, h, radius: float = 0.0) -> "Path":
        if radius <= 0:
            return cls().move_to(x, y).line_to(x + w, y).line_to(x + w, y + h).line_to(x, y + h).close()
        r = min(radius, w / 2, h / 2)
        k = r * (1 - KAPPA)
        p = cls().move_to(x + r, y).line_to(x + w - r, y)
        p.curve_to(x + w - k, y, x + w, y + k, x + w, y + r).line_to(x + w, y + h - r)
        p.curve_to(x + w, y + h - k, x + w - k, y + h, x + w - r, y + h).line_to(x + r, y + h)
        p.curve_to(x + k, y + h, x, y + h - k, x, y + h - r).line_to(x, y + r)
        return p.curve_to(x, y + k, x + k, y, x + r, y).close()

    @classmethod
    def ellipse(cls, cx, cy, rx, ry) -> "Path":
        kx, ky = rx * KAPPA, ry * KAPPA
        p = cls().move_to(cx + rx, cy)
        p.curve_to(cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry)
        p.curve_to(cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy)
        p.curve_to(cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry)
        return p.curve_to(cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy).close()

    @classmethod
    def circle(cls, cx, cy, r) -> "Path":
        return cls.ellipse(cx, cy, r, r)

    @classmethod
    def polygon(cls, points, closed: bool = True) -> "Path":
        p = cls()
        for i, (x, y) in enumerate(points):
            p.move_to(x, y) if i == 0 else p.line_to(x, y)
        return p.close() if closed else p

    @classmethod
    def line(cls, x1, y1, x2, y2) -> "Path":
        return cls().move_to(x1, y1).line_to(x2, y2)

    # transforming -----------------------------------------------------------------------------
    def transformed(self, m: Matrix) -> "Path":
        if m == IDENTITY:
            return self
        a, b, c, d, e, f = m.a, m.b, m.c, m.d, m.e, m.f
        out = []
        for cmd in self.commands:  # unrolled by command: this runs for every shape drawn
            op = cmd[0]
            if op == "C":
                _, x1, y1, x2, y2, x, y = cmd
                out.append(("C", a * x1 + c * y1 + e, b * x1 + d * y1 + f, a * x2 + c * y2 + e,
                            b * x2 + d * y2 + f, a * x + c * y + e, b * x + d * y + f))
            elif op == "Z":
                out.append(cmd)
            else:
                _, x, y = cmd
                out.append((op, a * x + c * y + e, b * x + d * y + f))
        return Path(out)

    def bounds(self) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1) of all points, control points included (a safe over-estimate)."""
        xs = [v for cmd in self.commands for v in cmd[1::2]]
        ys = [v for cmd in self.commands for v in cmd[2::2]]
        return min(xs), min(ys), max(xs), max(ys)

    def subpaths(self, tolerance: float = 0.05) -> list[tuple[list[tuple[float, float]], bool]]:
        """Flattened polylines (points, closed) with curves split finely enough for `tolerance`."""
        result, points, closed = [], [], False
        start = (0.0, 0.0)
        for cmd in self.commands:
            op = cmd[0]
            if op == "M":
                if len(points) > 1:
                    result.append((points, closed))
                points, closed = [(cmd[1], cmd[2])], False
                start = points[0]
            elif op == "L":
                points.append((cmd[1], cmd[2]))
            elif op == "C":
                x0, y0 = points[-1]
                x1, y1, x2, y2, x3, y3 = cmd[1:]
                length = math.dist((x0, y0), (x1, y1)) + math.dist((x1, y1), (x2, y2)) + math.dist((x2, y2), (x3, y3))
                steps = max(2, min(64, int(math.sqrt(length / tolerance)) + 1))
                for i in range(1, steps + 1):
                    t = i / steps
                    u = 1 - t
                    points.append((
                        u * u * u * x0 + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t * t * t * x3,
                        u * u * u * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t * t * t * y3,
                    ))
            elif op == "Z":
                closed = True
                if points and points[-1] != start:
                    points.append(start)
                if len(points) > 1:
                    result.append((points, True))
                points, closed = [start], False
        if len(points) > 1:
            result.append((points, closed))
        return result
