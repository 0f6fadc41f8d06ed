"""The board as a standalone SVG picture, drawn from the geometry the rules use.

Every pentagon is outlined thinly and every group of four thickly; empty pentagons carry their
short name (``Gl``), and every pentagon says which it is (``data-cell="Gl"``: the web client
turns a click on it into the move of that name); pieces are dark discs (first) and light discs (second), the last one ringed;
once the game is over the final corridor is shaded green. A caption runs under the board.

>>> from xml.etree import ElementTree
>>> svg = board_svg(owners=(-1,) * 72, caption="First (dark) to move")
>>> ElementTree.fromstring(svg).tag, ">Gl<" in svg, svg.count("<polygon"), svg.count('data-cell="Gl"')
('{http://www.w3.org/2000/svg}svg', True, 72, 1)
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from domain.cairo.parts.geometry import CORNERS, GROUPS, HEIGHT, INDEX, NAMES, NEIGHBOURS, POLYGONS, WIDTH, centroid
from domain.cairo.rules import seat_to_act
from domain.cairo.state import COLOURS, CairoState
from domain.game import Viewer

UNIT = 25
MARGIN = 16
CAPTION = 34
CELL_FILL = "#efe6d2"
CORRIDOR_FILL = "#9fd39a"
THIN = "#a79d86"
THICK = "#3b3428"
PIECE = {0: ("#2b2d42", "#2b2d42", "#f2f2f2"), 1: ("#fbf8f0", "#2b2d42", "#2b2d42")}  # fill, outline, label
LABEL = "#5a5242"


def _xy(x: float, y: float) -> str:
    return f"{MARGIN + x * UNIT:.1f},{MARGIN + y * UNIT:.1f}"


def _group_edges() -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """The edges between pentagons of different groups and along the border, as float segments."""
    segments = []
    for cell, corners in enumerate(CORNERS):
        for k in range(5):
            a, b = corners[k], corners[(k + 1) % 5]
            across = [n for n in NEIGHBOURS[cell] if a in CORNERS[n] and b in CORNERS[n]]
            if across and (GROUPS[across[0]] == GROUPS[cell] or across[0] < cell):
                continue  # inside a group, or drawn from the other side
            segments.append((POLYGONS[cell][k], POLYGONS[cell][(k + 1) % 5]))
    return segments


GROUP_EDGES = _group_edges()


def _text(x: float, y: float, text: str, size: int, fill: str, weight: str = "normal") -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-family="sans-serif" font-size="{size}" font-weight="{weight}" '
            f'fill="{fill}" text-anchor="middle" dominant-baseline="central">{escape(text)}</text>')


def _words(cell: int, owner: int, corridor: bool, last: bool) -> str:
    """What a pentagon holds, in words (its label for screen readers): ``Gl: second's piece, the last move``."""
    words = f"{NAMES[cell]}: " + ("empty" if owner < 0 else f"{('first', 'second')[owner]}'s piece")
    return words + (", in the corridor" if corridor else "") + (", the last move" if last else "")


def board_svg(owners: tuple[int, ...], caption: str = "", corridor: frozenset[int] = frozenset(),
              last: int | None = None) -> str:
    """The picture: ``owners[cell]`` is 0 (first), 1 (second) or -1 (empty); ``corridor`` the cells to
    shade; ``last`` the cell of the last move."""
    width, height = 2 * MARGIN + WIDTH * UNIT, 2 * MARGIN + HEIGHT * UNIT + CAPTION
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
             f'viewBox="0 0 {width:.0f} {height:.0f}">',
             f"<title>{escape(caption or 'Cairo Corridor')}</title>",
             f'<rect width="{width:.0f}" height="{height:.0f}" fill="#f7f3ea"/>']
    for cell, polygon in enumerate(POLYGONS):
        fill = CORRIDOR_FILL if cell in corridor else CELL_FILL
        points = " ".join(_xy(x, y) for x, y in polygon)
        parts.append(f'<polygon data-cell="{NAMES[cell]}" aria-label="{_words(cell, owners[cell], cell in corridor, cell == last)}" '
                     f'points="{points}" fill="{fill}" stroke="{THIN}" stroke-width="1"/>')
    for (x0, y0), (x1, y1) in GROUP_EDGES:
        (ax, ay), (bx, by) = (MARGIN + x0 * UNIT, MARGIN + y0 * UNIT), (MARGIN + x1 * UNIT, MARGIN + y1 * UNIT)
        parts.append(f'<line x1="{ax:.1f}" y1="{ay:.1f}" x2="{bx:.1f}" y2="{by:.1f}" stroke="{THICK}" '
                     f'stroke-width="3.5" stroke-linecap="round"/>')
    for cell, owner in enumerate(owners):
        cx, cy = centroid(cell)
        x, y = MARGIN + cx * UNIT, MARGIN + cy * UNIT
        if owner < 0:
            parts.append(_text(x, y, NAMES[cell], 14, LABEL, "bold"))
            continue
        fill, outline, label = PIECE[owner]
        if cell == last:
            parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="19" fill="none" stroke="#d7263d" stroke-width="2.5"/>')
        parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="15" fill="{fill}" stroke="{outline}" stroke-width="2"/>')
        parts.append(_text(x, y, NAMES[cell], 10, label))
    if caption:
        parts.append(_text(width / 2, height - CAPTION / 2 - 4, caption, 15, "#222"))
    parts.append("</svg>")
    return "\n".join(parts)


def picture(state: CairoState, viewer: Viewer) -> str:
    """The match's board, captioned with the result or the seat to move."""
    seat = seat_to_act(state)
    if state.result is not None:
        caption = state.result.detail
    elif state.turn_started_at is None or seat is None:
        caption = "Waiting for play to begin: first (dark) moves first."
    else:
        caption = f"Turn {len(state.moves) + 1}: {seat} ({COLOURS[seat]}) to move."
    last = INDEX[state.moves[-1]] if state.moves else None
    return board_svg(state.owners, caption, frozenset(INDEX[c] for c in state.corridor), last)
