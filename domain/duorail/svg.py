"""The board as a standalone SVG picture.

A 9×9 grid with the rows ``A``–``I`` down the left and the columns ``1``–``9`` along the top. A
piece is a tinted square with its rail -- a line for a straight, a quarter-circle arc for a bend --
in blue, red or purple (common). Tracks (revealed endgame tracks, the track that met a challenge,
the solver's witnesses once published, and a seat's own sealed track for that seat only) are drawn
as closed lines through the centres of their cells. A caption goes under the board. Every square
says which it is (``data-cell="C3"``: the web client offers the moves on the square clicked).

>>> from xml.etree import ElementTree
>>> svg = board_svg({"C3": ("common", "LR"), "D4": ("red", "UR")}, [("blue", ["A1", "A2", "B2", "B1"], False)],
...                 caption="Blue to move")
>>> ElementTree.fromstring(svg).tag, ">I<" in svg, ">9<" in svg, svg.count("<polygon"), svg.count("data-cell=")
('{http://www.w3.org/2000/svg}svg', True, True, 1, 81)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from xml.sax.saxutils import escape

from domain.duorail.track import COLUMNS, INDEX, ROWS, SIZE

CELL = 44
MARGIN = 26
CAPTION = 30
INK = {"blue": "#2b6cd4", "red": "#d7263d", "common": "#8e44ad"}
TINT = {"blue": "#dbe6f8", "red": "#f8dcdf", "common": "#eadcf2"}
BOARD = "#f5f2ea"
GRID = "#c8c3b6"
LABEL = "#444"
OFFSET = {"blue": -4, "red": 4}
"""Two tracks through the same cells are drawn a little apart."""

DrawnTrack = tuple[str, Sequence[str], bool]
"""A track to draw: its colour, its cells in loop order, and whether it is dashed (a draft)."""


def _origin(cell: str) -> tuple[float, float]:
    row, column = divmod(INDEX[cell], SIZE)
    return MARGIN + column * CELL, MARGIN + row * CELL


def _side(x: float, y: float, exit_: str) -> tuple[float, float]:
    half = CELL / 2
    return {"U": (x + half, y), "D": (x + half, y + CELL), "L": (x, y + half), "R": (x + CELL, y + half)}[exit_]


def _rail(x: float, y: float, shape: str) -> str:
    """SVG path data for a piece's rail: a line, or an arc about the corner its two exits share."""
    (ax, ay), (bx, by) = _side(x, y, shape[0]), _side(x, y, shape[1])
    if shape in ("UD", "LR"):
        return f"M{ax:g} {ay:g} L{bx:g} {by:g}"
    cx = x + CELL if "R" in shape else x
    cy = y + CELL if "D" in shape else y
    sweep = 1 if (ax - cx) * (by - cy) - (ay - cy) * (bx - cx) > 0 else 0
    return f"M{ax:g} {ay:g} A{CELL / 2:g} {CELL / 2:g} 0 0 {sweep} {bx:g} {by:g}"


def _text(x: float, y: float, text: str, size: int, fill: str = LABEL) -> str:
    return (f'<text x="{x:g}" y="{y:g}" font-family="sans-serif" font-size="{size}" fill="{fill}" '
            f'text-anchor="middle" dominant-baseline="central">{escape(text)}</text>')


def _track(colour: str, cells: Sequence[str], dashed: bool) -> str:
    shift = OFFSET.get(colour, 0)
    points = " ".join(f"{x + CELL / 2 + shift:g},{y + CELL / 2 + shift:g}" for x, y in map(_origin, cells))
    dash = ' stroke-dasharray="6 4"' if dashed else ""
    return (f'<polygon points="{points}" fill="none" stroke="{INK.get(colour, "#222")}" stroke-width="3" '
            f'stroke-opacity="0.75" stroke-linejoin="round"{dash}/>')


def board_svg(pieces: Mapping[str, tuple[str, str]], tracks: Sequence[DrawnTrack] = (), caption: str = "") -> str:
    """The picture of ``pieces`` (cell -> (colour, shape)) with ``tracks`` drawn over it and ``caption`` under it."""
    side = 2 * MARGIN + SIZE * CELL
    width, height = side, side + CAPTION
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}">',
             f"<title>{escape(caption or 'Duorail')}</title>",
             f'<rect width="{width}" height="{height}" fill="{BOARD}"/>']
    for i in range(SIZE):
        parts.append(_text(MARGIN + (i + 0.5) * CELL, MARGIN / 2, COLUMNS[i], 13))
        parts.append(_text(MARGIN / 2, MARGIN + (i + 0.5) * CELL, ROWS[i], 13))
    for row in ROWS:
        for column in COLUMNS:
            cell = row + column
            x, y = _origin(cell)
            piece = pieces.get(cell)
            fill = TINT.get(piece[0], "#fff") if piece else "none"
            parts.append(f'<rect data-cell="{cell}" x="{x:g}" y="{y:g}" width="{CELL}" height="{CELL}" fill="{fill}" '
                         f'stroke="{GRID}"/>')
            if piece:
                colour, shape = piece
                parts.append(f'<path d="{_rail(x, y, shape)}" fill="none" stroke="{INK.get(colour, "#222")}" '
                             f'stroke-width="8" stroke-linecap="butt"/>')
    parts += [_track(colour, cells, dashed) for colour, cells, dashed in tracks if cells]
    if caption:
        size = min(14, int(1.9 * width / max(1, len(caption))))  # a long caption still fits the width
        parts.append(_text(width / 2, height - CAPTION / 2 - 2, caption, size, "#222"))
    parts.append("</svg>")
    return "\n".join(parts)
