"""The board as a standalone SVG picture, rails drawn through the tiles.

Each tile is a square with its rails: straights as lines from side to side, turns as quarter-circle
arcs about the corner their two sides share, a crossroads as both straights (the vertical bar drawn
over the horizontal one, with a gap). Rails are dark on classic tiles, red or blue in Multicolor;
stations have a gold frame. The tiles of a published witness (the completion that refuted an
Impossible) are drawn faded, with dashed frames. Columns ``A``... and rows ``1``... label the margins;
every empty square says which it is (``data-cell="E3"``: the web client offers the builds that
start there).

>>> from xml.etree import ElementTree
>>> from domain.monunrail.board import grid
>>> from domain.monunrail.tiles import STATION, UD, LU, CROSS
>>> g = grid(4, 3)
>>> board = (0, STATION | UD, 0, 0, 0, LU, CROSS, 0, 0, 0, 0, 0)
>>> svg = board_svg(board, g, multicolor=False, caption="first to move")
>>> ElementTree.fromstring(svg).tag, svg.count("<path"), ">D<" in svg, 'data-cell="A1"' in svg
('{http://www.w3.org/2000/svg}svg', 5, True, True)
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from domain.monunrail.board import Board, Grid
from domain.monunrail.tiles import BLUE, CROSS, LR, SIDES, STATION, UD, D, R, U

CELL = 48
MARGIN = 26
CAPTION = 28
RAIL = {"classic": "#2b2b2b", "red": "#d7263d", "blue": "#1f5fbf"}
TILE_FILL = "#efe6cf"
STATION_FRAME = "#c9a227"


def _mid(x: float, y: float, side: int) -> tuple[float, float]:
    half = CELL / 2
    return {U: (x + half, y), R: (x + CELL, y + half), D: (x + half, y + CELL)}.get(side, (x, y + half))


def _rail(x: float, y: float, mask: int) -> str:
    """Path data of one rail: a straight (``UD``/``LR``) or a turn (two adjacent sides)."""
    a, b = (s for s in SIDES if mask & s)
    (ax, ay), (bx, by) = _mid(x, y, a), _mid(x, y, b)
    if mask in (UD, LR):
        return f"M{ax:g} {ay:g} L{bx:g} {by:g}"
    cx = x + CELL if mask & R else x
    cy = y + CELL if mask & D else y
    sweep = 1 if (ax - cx) * (by - cy) - (ay - cy) * (bx - cx) > 0 else 0
    return f"M{ax:g} {ay:g} A{CELL / 2:g} {CELL / 2:g} 0 0 {sweep} {bx:g} {by:g}"


def _text(x: float, y: float, text: str, size: int, fill: str = "#444") -> str:
    return (f'<text x="{x:g}" y="{y:g}" font-family="sans-serif" font-size="{size}" fill="{fill}" '
            f'text-anchor="middle" dominant-baseline="central">{escape(text)}</text>')


def _tile(x: float, y: float, code: int, multicolor: bool, ghost: bool) -> list[str]:
    colour = RAIL["blue" if code & BLUE else "red"] if multicolor else RAIL["classic"]
    frame = STATION_FRAME if code & STATION else "#8c846f"
    dash = ' stroke-dasharray="4 3"' if ghost else ""
    opacity = ' opacity="0.45"' if ghost else ""
    parts = [f'<g{opacity}><rect x="{x:g}" y="{y:g}" width="{CELL}" height="{CELL}" fill="{TILE_FILL}" '
             f'stroke="{frame}" stroke-width="{3 if code & STATION else 1}"{dash}/>']
    shape = code & 15
    bars = [LR, UD] if shape == CROSS else [shape]
    for n, bar in enumerate(bars):
        if n:  # the upper bar of a crossroads: a gap in the tile's colour, then the rail
            parts.append(f'<path d="{_rail(x, y, bar)}" fill="none" stroke="{TILE_FILL}" stroke-width="12"/>')
        parts.append(f'<path d="{_rail(x, y, bar)}" fill="none" stroke="{colour}" stroke-width="6"/>')
    parts.append("</g>")
    return parts


def board_svg(board: Board, g: Grid, multicolor: bool, caption: str = "",
              witness: list[tuple[int, int]] | None = None) -> str:
    """The picture of ``board`` (with the ``witness`` tiles faded in), ``caption`` under it."""
    width, height = 2 * MARGIN + g.width * CELL, 2 * MARGIN + g.height * CELL + CAPTION
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}">',
             f"<title>{escape(caption or 'MonUnrail')}</title>",
             f'<rect width="{width}" height="{height}" fill="#f7f5ef"/>']
    for c in range(g.width):
        parts.append(_text(MARGIN + (c + 0.5) * CELL, MARGIN / 2, chr(65 + c), 13))
    for r in range(g.height):
        parts.append(_text(MARGIN / 2, MARGIN + (r + 0.5) * CELL, str(r + 1), 13))
    ghosts = dict(witness or [])
    for i in range(g.size):
        r, c = divmod(i, g.width)
        x, y = MARGIN + c * CELL, MARGIN + r * CELL
        if board[i]:
            parts += _tile(x, y, board[i], multicolor, ghost=False)
        elif i in ghosts:
            parts += _tile(x, y, ghosts[i], multicolor, ghost=True)
        else:
            parts.append(f'<rect data-cell="{g.names[i]}" x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="none" '
                         f'stroke="#d6d0c0" stroke-dasharray="4 3"/>')
    if caption:
        parts.append(_text(width / 2, height - CAPTION / 2 - 4, caption, 14, "#222"))
    parts.append("</svg>")
    return "\n".join(parts)
