"""The board as a standalone SVG picture, rails drawn through the tiles, readable and clickable.

Each tile is a square with its rails: straights as lines from side to side, turns as quarter-circle
arcs about the corner their two sides share, a crossroads as both straights (the vertical bar drawn
over the horizontal one, with a gap). Rails are dark on classic tiles; in Multicolor vermillion
(red) or blue (Okabe-Ito, safe for colour-blind eyes) with an ``R`` or ``B`` in the corner. A
station has a thick orange frame and an ``S``. Faded tiles with dashed frames are the ones unrailed
since the track was completed (the final track stays in view) or, after an Impossible, the published
witness. Columns ``A``... and rows ``1``... label all four margins; a legend, the palette of tiles
and the buttons go under the board, then the caption. The picture widens to fit its text. The
supply is hidden and never drawn.

Clickable elements name what they stand for (the strings ``legal-moves`` lists as ``move``):

- a cell: ``data-cell="E3"``; with a tile also ``data-tile="E3 LR"`` (``"E3 LR red"`` in
  Multicolor), and ``data-station="true"`` on a station. An unrail is the cells to remove, row by
  row, joined by spaces (``"E3 F3"``); a build the tiles joined by ``", "`` (one tile: its move);
- a tile of the palette: ``data-shape="LR"`` and ``data-tile="{cell} LR"`` (``"{cell} LR red"``):
  put the clicked cell's ``data-cell`` in place of ``{cell}``;
- a button: ``data-move="impossible"``, ``"swap"``, ``"go first"``, ``"go second"``, ``"use undo"``...

>>> from xml.etree import ElementTree
>>> from domain.monunrail.parts.board import grid
>>> from domain.monunrail.parts.tiles import STATION, UD, LU, CROSS
>>> g = grid(4, 3)
>>> board = (0, STATION | UD, 0, 0, 0, LU, CROSS, 0, 0, 0, 0, 0)
>>> root = ElementTree.fromstring(board_svg(board, g, multicolor=False, caption="first to move"))
>>> [e.get("data-tile") for e in root.iter() if e.get("data-tile") and e.get("data-cell")]
['B1 UD', 'B2 LU', 'C2 +']
"""

from __future__ import annotations

from textwrap import wrap
from xml.sax.saxutils import escape, quoteattr

from domain.game import Viewer
from domain.monunrail.parts.board import Board, Grid
from domain.monunrail.parts.items import LABEL, usable_items
from domain.monunrail.parts.notation import format_tile, parse_tiles
from domain.monunrail.rules import grid_of
from domain.monunrail.state import MonunrailState
from domain.monunrail.parts.svg_parts import (
    CELL,
    MARGIN,
    ROW,
    Row,
    buttons_row,
    legend_row,
    palette_rows,
    text,
    text_width,
    tile,
)
from domain.monunrail.parts.tiles import STATION
from domain.monunrail.parts.turns import seat_to_act

__all__ = ["board_svg", "match_svg", "picture"]

BACKGROUND = "#f7f5ef"
_SIDES = {"U": "top", "D": "bottom", "L": "left", "R": "right"}
_SHAPE_WORDS = {"+": "crossroads", **{s: f"{'straight' if s in ('UD', 'LR') else 'turn'}, {_SIDES[s[0]]} to {_SIDES[s[1]]}"
                                      for s in ("UD", "LR", "UR", "RD", "DL", "LU")}}
"""A tile's rail in words, for screen readers: ``UR`` is a turn from the top to the right side."""


def _words(written: str) -> str:
    """A tile as written (``E3 LR``, ``E3 UR red``) with its rail in words: ``E3 LR (straight, left to right)``."""
    shape = written.split()[1]
    return f"{written} ({_SHAPE_WORDS.get(shape, shape)})"


def _cell(g: Grid, i: int, code: int, multicolor: bool, ghost: str | None) -> str:
    r, c = divmod(i, g.width)
    x, y, name = MARGIN + c * CELL, MARGIN + r * CELL, g.name(i)
    if not code:
        return (f'<g data-cell="{name}"><title>{name}: empty</title><rect x="{x}" y="{y}" width="{CELL}" '
                f'height="{CELL}" fill="#fff" stroke="#d6d0c0" stroke-dasharray="4 3"/></g>')
    written = format_tile(g, i, code, multicolor)
    station = ' data-station="true"' if code & STATION else ""
    if ghost:
        what = f"{_words(written)}, {ghost}"
        return (f'<g data-cell="{name}" data-ghost="{ghost}"><title>{name}: {escape(what)}</title>'
                + "".join(tile(x, y, code, multicolor, faded=True)) + "</g>")
    what = _words(written) + (", station" if station else "")
    return (f'<g data-cell="{name}" data-tile="{written}"{station}><title>{name}: {escape(what)}</title>'
            + "".join(tile(x, y, code, multicolor)) + "</g>")


def board_svg(board: Board, g: Grid, multicolor: bool, caption: str = "",
              witness: list[tuple[int, int]] | None = None, removed: Board | None = None,
              palette: bool = True, moves: list[tuple[str, str]] | None = None, last: frozenset[str] = frozenset()) -> str:
    """The picture of ``board`` with faded ghosts -- the ``witness`` tiles, and the tiles of the
    completed track (``removed``) no longer on the board -- the ``palette`` of tiles, the ``moves``
    as buttons ((label, move) pairs; ``None``: Impossible) and ``caption`` under it; the squares the
    ``last`` move built on or cleared framed (``data-last``, dashed blue)."""
    side_x, side_y = 2 * MARGIN + g.width * CELL, 2 * MARGIN + g.height * CELL
    ghosts = {i: (code, "witness") for i, code in witness or []}
    ghosts |= {i: (code, "unrailed") for i, code in enumerate(removed or ()) if code and not board[i]}
    kinds = sorted({kind for _, kind in ghosts.values()})
    rows: list[Row] = [legend_row(multicolor, kinds)]
    if palette:
        rows += palette_rows(multicolor)
    moves = [("Impossible", "impossible")] if moves is None else moves
    if moves:
        rows.append(buttons_row(moves))
    parts, right, y = [], 0.0, side_y
    for draw, width in rows:
        parts += draw(y)
        right, y = max(right, width), y + ROW
    width = max(side_x, right + MARGIN)
    lines = wrap(caption, max(12, int((width - 2 * MARGIN) / text_width("x", 15))))  # a long caption: more lines
    width = max([width] + [text_width(line, 15) + 2 * MARGIN for line in lines])
    height = y + 20 * len(lines) + 10
    label = caption or "MonUnrail"
    head = [(f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
            f'viewBox="0 0 {width:g} {height:g}" role="img" aria-label={quoteattr("MonUnrail board: " + label)}>'),
            f"<title>{escape(label)}</title>", f'<rect width="{width:g}" height="{height:g}" fill="{BACKGROUND}"/>']
    for c in range(g.width):
        x = MARGIN + (c + 0.5) * CELL
        head += [text(x, MARGIN / 2, chr(65 + c), 13), text(x, side_y - MARGIN / 2, chr(65 + c), 13)]
    for r in range(g.height):
        y_ = MARGIN + (r + 0.5) * CELL
        head += [text(MARGIN / 2, y_, str(r + 1), 13), text(side_x - MARGIN / 2, y_, str(r + 1), 13)]
    for i in range(g.size):
        code, ghost = (board[i], None) if board[i] else ghosts.get(i, (0, None))
        head.append(_cell(g, i, code, multicolor, ghost))
    for i in range(g.size):
        if g.name(i) in last:
            r, c = divmod(i, g.width)
            head.append(f'<rect data-last="{g.name(i)}" x="{MARGIN + c * CELL + 2}" y="{MARGIN + r * CELL + 2}" '
                        f'width="{CELL - 4}" height="{CELL - 4}" fill="none" stroke="#0072b2" stroke-width="3.5" '
                        'stroke-dasharray="6 3" pointer-events="none"/>')
    parts += [text(width / 2, y + 13 + 20 * n, line, 15, "#111") for n, line in enumerate(lines)]
    return "\n".join([*head, *parts, "</svg>"])


def match_svg(state: MonunrailState, viewer: Viewer) -> str:
    """The picture of a match, the same for every ``viewer``: nothing drawn is hidden (the supply
    never is); the moves of the seat to act as buttons, the tiles unrailed so far faded."""
    g, position, seat = grid_of(state), state.position, seat_to_act(state)
    playing = state.result is None and state.call is None
    building = playing and state.choosing is None and position.phase == "build"
    moves = [("Impossible", "impossible")] if building else []
    if state.result is not None:
        caption = state.result.detail
    elif state.call is not None:
        caption = f"{state.call.caller.capitalize()} called Impossible."
    elif state.choosing is not None:
        caption = f"{state.choosing.capitalize()} chooses to go first or second"
        moves = [("Go first", "go first"), ("Go second", "go second")]
    else:
        caption = f"Turn {len(state.history) + 1} ({position.phase}): {seat} to move"
    if playing and state.choosing is None:
        moves += [("Swap", "swap")] if position.swap_open else []
        held = state.items.get(seat or "", {})
        usable = usable_items(state, seat) if seat and state.multicolor else []
        moves += [(f"{LABEL[item]} ×{held[item]}", f"use {item}") for item in usable]
    completed = next((p.board for p in (*state.history, position) if p.phase == "unrail"), None)
    witness = parse_tiles(g, state.witness, state.multicolor) if state.witness else None
    names = {g.name(i) for i in range(g.size)}
    last = frozenset(w for w in position.moves[-1].replace(",", " ").replace(":", " ").split() if w in names) \
        if position.moves else frozenset()
    return board_svg(position.board, g, state.multicolor, caption, witness, completed, building, moves, last)


def picture(state: MonunrailState, viewer: Viewer) -> str:
    """The game's one drawing (:class:`domain.game.Drawing`)."""
    return match_svg(state, viewer)
