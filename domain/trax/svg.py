"""The board as a standalone SVG picture.

Tiles are dark squares with their two paths: red in red (or drawn black or purple, the match's
``second_colour``), white in a light colour with a dark outline. Straights are drawn as lines,
curves as quarter-circle arcs. The empty cells of the box and of the ring around it (column ``@``,
row ``0`` and one past the far edges) are outlined and labelled with the names the next move would
use, and say so (``data-cell="B1"``: the web client offers the legal tiles of the cell clicked);
column and row labels run along the margins. The tiles of a winning loop or line are framed in
yellow (``data-win="B1"``).

>>> from xml.etree import ElementTree
>>> from domain.trax.parts.board import Board
>>> svg = board_svg(Board(), caption="White to move")
>>> ElementTree.fromstring(svg).tag, ">@0<" in svg, 'data-cell="@0"' in svg
('{http://www.w3.org/2000/svg}svg', True, True)
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from domain.game import Viewer
from domain.trax.parts.board import Board, key_of, xy_of
from domain.trax.parts.notation import column_label
from domain.trax.parts.tiles import COLOUR_NAMES, RED, SYMBOL, WHITE, side_colour, sides_name
from domain.trax.parts.wins import winning_cells
from domain.trax.rules import seat_to_act, variant_of
from domain.trax.state import TraxState, display_colours

CELL = 48
MARGIN = 26
CAPTION = 28
TILE_FILL = "#262626"
RED_PATH = "#d7263d"
SECOND_PATHS = {"red": (RED_PATH, None), "black": ("#0a0a0a", "#9a9a9a"), "purple": ("#8e44ad", None)}
"""The second player's path by display colour, with an outline where the tile would hide it."""
WHITE_PATH = "#f7f3e8"
WHITE_OUTLINE = "#111111"
LABEL = "#8a8a8a"
LAST = "#56b4e9"  # Okabe-Ito sky blue: the last turn's tiles
WON = "#f0e442"  # Okabe-Ito yellow: the winning loop or line's frame, apart from both paths' colours


def _side_point(x: float, y: float, side: int) -> tuple[float, float]:
    """The middle of a cell's side; the cell's top-left corner is ``(x, y)``."""
    half = CELL / 2
    return ((x + half, y), (x + CELL, y + half), (x + half, y + CELL), (x, y + half))[side]


def _path(x: float, y: float, a: int, b: int) -> str:
    """SVG path data joining the middles of sides ``a`` and ``b``: a line, or an arc about the
    corner the two sides share."""
    (ax, ay), (bx, by) = _side_point(x, y, a), _side_point(x, y, b)
    if a ^ b == 2:
        return f"M{ax:g} {ay:g} L{bx:g} {by:g}"
    cx = x + CELL if 1 in (a, b) else x  # the corner: right side if E is one of them
    cy = y + CELL if 2 in (a, b) else y  # bottom if S is one of them
    sweep = 1 if (ax - cx) * (by - cy) - (ay - cy) * (bx - cx) > 0 else 0
    return f"M{ax:g} {ay:g} A{CELL / 2:g} {CELL / 2:g} 0 0 {sweep} {bx:g} {by:g}"


def _tile(x: float, y: float, tile: int, second: str) -> list[str]:
    red, white = ([s for s in range(4) if side_colour(tile, s) == colour] for colour in (RED, WHITE))
    red_d, white_d = _path(x, y, *red), _path(x, y, *white)
    stroke, outline = SECOND_PATHS[second]
    return [
        f'<rect x="{x:g}" y="{y:g}" width="{CELL}" height="{CELL}" fill="{TILE_FILL}" stroke="#000" stroke-width="1"/>',
        *([f'<path d="{red_d}" fill="none" stroke="{outline}" stroke-width="11"/>'] if outline else []),
        f'<path d="{red_d}" fill="none" stroke="{stroke}" stroke-width="{7 if outline else 9}"/>',
        f'<path d="{white_d}" fill="none" stroke="{WHITE_OUTLINE}" stroke-width="11"/>',
        f'<path d="{white_d}" fill="none" stroke="{WHITE_PATH}" stroke-width="7"/>',
    ]


def _text(x: float, y: float, text: str, size: int, fill: str = LABEL) -> str:
    return (f'<text x="{x:g}" y="{y:g}" font-family="sans-serif" font-size="{size}" fill="{fill}" '
            f'text-anchor="middle" dominant-baseline="central">{escape(text)}</text>')


_SIDE_WORDS = {"n": "top", "e": "right", "s": "bottom", "w": "left"}


def _tile_words(name: str, tile: int, second: str) -> str:
    """A tile in words, for screen readers: ``B1: tile +, white joins top and bottom, red joins left and right``."""
    def joins(mask: int) -> str:
        return " and ".join(_SIDE_WORDS[s] for s in sides_name(mask))
    return f"{name}: tile {SYMBOL[tile]}, white joins {joins(tile)}, {second} joins {joins(tile ^ 15)}"


def board_svg(board: Board, caption: str = "", second: str = "red", won: frozenset[int] = frozenset(),
              last: frozenset[int] = frozenset()) -> str:
    """The picture of ``board``, with ``caption`` (e.g. whose turn it is) under it; ``second``: the
    colour the second player's path is drawn in (``red``, ``black`` or ``purple``); ``won``: the
    cells of the winning loop or line, framed in yellow (``data-win``); ``last``: the tiles the last
    turn put down (its tile and the forced plays), framed dashed in blue (``data-last``)."""
    box = board.box
    columns = box.width + 2 if box else 1
    rows = box.height + 2 if box else 1
    left, top = (box.left - 1, box.top - 1) if box else (0, 0)
    width, height = 2 * MARGIN + columns * CELL, 2 * MARGIN + rows * CELL + CAPTION
    wider = max(0, round(len(caption) * 7.6) + MARGIN - width)  # a caption wider than the board: widen both sides
    left_edge, full = -(wider // 2), width + wider - wider % 2
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{full}" height="{height}" '
             f'viewBox="{left_edge} 0 {full} {height}">',
             f"<title>{escape(caption or 'Trax')}</title>",
             f'<rect x="{left_edge}" width="{full}" height="{height}" fill="#f2efe6"/>']
    for c in range(columns):
        parts.append(_text(MARGIN + (c + 0.5) * CELL, MARGIN / 2, column_label(c), 13, "#444"))
    for r in range(rows):
        parts.append(_text(MARGIN / 2, MARGIN + (r + 0.5) * CELL, str(r), 13, "#444"))
    for r in range(rows):
        for c in range(columns):
            x, y = MARGIN + c * CELL, MARGIN + r * CELL
            tile = board.tiles.get(key_of(left + c, top + r))
            if tile is None:
                parts.append(f'<rect data-cell="{column_label(c)}{r}" x="{x}" y="{y}" width="{CELL}" height="{CELL}" '
                             f'fill="none" stroke="#c8c3b6" stroke-dasharray="4 3"/>')
                parts.append(_text(x + CELL / 2, y + CELL / 2, f"{column_label(c)}{r}", 11))
            else:
                name = f"{column_label(c)}{r}"
                parts.append(f'<g data-place="{name}" aria-label="{_tile_words(name, tile, second)}">')
                parts += [*_tile(x, y, tile, second), "</g>"]
    for key in sorted(last):
        c, r = xy_of(key)[0] - left, xy_of(key)[1] - top
        parts.append(f'<rect data-last="{column_label(c)}{r}" x="{MARGIN + c * CELL + 1}" y="{MARGIN + r * CELL + 1}" '
                     f'width="{CELL - 2}" height="{CELL - 2}" fill="none" stroke="{LAST}" stroke-width="2" '
                     'stroke-dasharray="5 3" pointer-events="none"/>')
    for key in sorted(won):
        c, r = xy_of(key)[0] - left, xy_of(key)[1] - top
        parts.append(f'<rect data-win="{column_label(c)}{r}" x="{MARGIN + c * CELL + 2}" y="{MARGIN + r * CELL + 2}" '
                     f'width="{CELL - 4}" height="{CELL - 4}" fill="none" stroke="{WON}" stroke-width="4"/>')
    if caption:
        parts.append(_text(width / 2, height - CAPTION / 2 - 4, caption, 14, "#222"))
    parts.append("</svg>")
    return "\n".join(parts)


def picture(state: TraxState, viewer: Viewer) -> str:
    """The match's board; the caption names the seat to act by its displayed colour (recorded
    sentences, such as a result's, keep the seats' names)."""
    acting = seat_to_act(state)
    shown = display_colours(state.options).get(acting or "", acting)
    caption = state.result.detail if state.result else f"Turn {len(state.turns) + 1}: {shown} to move"
    if state.pending is not None:
        caption = f"{state.pending.win.detail} {shown} may use the Mulligan."
    turn = state.turns.last
    last = frozenset(key_of(x, y) for x, y, _ in turn.tiles) if turn is not None else frozenset()
    return board_svg(state.board, caption, state.options.second_colour, won=_won(state), last=last)


def _won(state: TraxState) -> frozenset[int]:
    """The cells of the loop or line that won (or may win, a Mulligan pending), to highlight."""
    win = state.pending.win if state.pending is not None else state.result
    board, last = state.board, state.turns.last
    if win is None or win.reason not in ("loop", "line") or win.winner is None or last is None or board.box is None:
        return frozenset()
    placed = [key_of(x, y) for x, y, _ in last.tiles]
    colour = COLOUR_NAMES.index(win.winner)
    return frozenset(winning_cells(board.tiles, board.box, placed, colour, variant_of(state).lines))
