"""The three boards side by side as one SVG, readable and clickable.

Each board has a header (its number, size and status: open and whose selection, used up, lost by a
side, won by a side), its bank of pentominoes, coordinates on all four sides (columns ``A``... from
the left, rows ``1``... from the bottom), the terrain, the ships (lettered ``R W B K``), the pieces
(lettered, filled by the side that placed them, the latest round's outlined) and, once known, each
ship's route: the true shortest ones the server published (solid), else the ones the players sent
(dashed). A lost board is crossed out. A viewer's own sealed placement or routes are drawn dashed for that viewer only. Under
the boards: a legend of the sides, ships and terrain, the buttons, the caption (the result, or what
happens now). The picture widens to fit its text.

Clickable elements name what they stand for (the ``move`` strings ``legal-moves`` lists):

- a board's header: ``data-board="2"`` and, while it is open, ``data-move="select 2"``;
- a cell of the board the viewer places on: ``data-board="2" data-cell="C7"`` (the board's own
  notation) -- for a placement (``T on A11, A12, A13, B12, C12``: legal-moves lists the cells by
  column, then row); the squares of the other boards say where they are, ``data-square="C7"``
  (every board has a ``C7``: only one board's squares are cells);
- a piece of a bank: ``data-board="2" data-piece="T"``; a side in the legend: ``data-side="empire"``;
- a button: ``data-move="pass"``, ``data-move="no routes"``.

Pieces, ships and routes let clicks through to the cells under them.

>>> from xml.etree import ElementTree
>>> from domain.game import Viewer
>>> from domain.deepsea.parts.presets import PRESETS
>>> from domain.deepsea.state import DeepseaOptions
>>> from domain.deepsea.rules import begin, initial
>>> s = begin(initial(DeepseaOptions(boards=[*PRESETS][:3]), seed=1), at=0)
>>> root = ElementTree.fromstring(board_svg(s, Viewer()))
>>> sorted({e.get("data-move") for e in root.iter() if e.get("data-move")})
['select 1', 'select 2', 'select 3']
"""

from __future__ import annotations

from typing import Any

from xml.sax.saxutils import escape, quoteattr

from domain.deepsea.parts.board import CHANNEL, DROPOFF, SIDE_SHIPS, WALL, Board, cell_index
from domain.deepsea.moves import board_in_play
from domain.deepsea.rules import priority_side, selector, single_player
from domain.deepsea.state import BOARDS, DeepseaState, ShipRoutes
from domain.deepsea.parts.svg_parts import (
    CELL,
    MARGIN,
    ROW,
    SIDE_FILL,
    TERRAIN,
    WATER,
    button,
    legend,
    route,
    ship,
    status,
    terrain_legend,
    text,
    text_width,
)
from domain.game import Viewer
from domain.sealed import has_submitted, own_submission

HEAD = 92
"""From the top of a board's column to its grid: the header, the bank, the column letters."""
LABELS = 20
GAP = 28
INK_STATUS = "#333"


def _centre(board: Board, cell: str, gx: float, gy: float) -> tuple[float, float]:
    row, col = divmod(cell_index(cell, board.size), board.size)
    return gx + (col + 0.5) * CELL, gy + (board.size - 1 - row + 0.5) * CELL


def _status(state: DeepseaState, number: int) -> str:
    sea = state.sea(number)
    score = next((s for s in state.scores or [] if s.board == number), None)
    chosen = next((s for s, n in state.selections.items() if n == number), None)
    words = status(sea.lost_by, chosen, score.winner if score else None, score.by if score else None,
                   "open" if sea.is_open else "used_up")
    if score is not None and score.by == "routes" and score.totals:  # the route lengths that decided it
        words += ": " + ", ".join(f"{seat} {'—' if total is None else total}" for seat, total in score.totals.items())
    return words


def _width(state: DeepseaState, number: int) -> float:
    n, bank = state.board(number).size, state.sea(number).bank
    return max(2 * LABELS + n * CELL, text_width(f"Board {number} ({n}×{n})", 14) + 16,
               text_width(_status(state, number), 12) + 16, text_width("bank:", 12) + 10 + 20 * len(bank))


def _header(state: DeepseaState, number: int, left: float, width: float) -> list[str]:
    board, sea = state.board(number), state.sea(number)
    n, words = board.size, _status(state, number)
    move = f' data-move="select {number}"' if sea.is_open else ""
    colour = "#d55e00" if sea.lost_by else INK_STATUS
    parts = [(f'<g data-board="{number}"{move}><title>Board {number}: {escape(words)}</title><rect x="{left:g}" '
             f'y="{MARGIN:g}" width="{width:g}" height="44" rx="6" fill="#fff" stroke="#8aa"/>'),
             text(left + width / 2, MARGIN + 13, f"Board {number} ({n}×{n})", 14, bold=True),
             text(left + width / 2, MARGIN + 32, words, 12, colour), "</g>",
             text(left, MARGIN + 60, "bank:", 12, anchor="start")]
    x = left + text_width("bank:", 12) + 6
    for piece in sea.bank or ():
        parts.append(f'<g data-board="{number}" data-piece="{piece}"><title>{piece} pentomino</title><rect '
                     f'x="{x:g}" y="{MARGIN + 51:g}" width="18" height="18" rx="3" fill="#fff" stroke="#888"/>'
                     + text(x + 9, MARGIN + 60, piece, 12) + "</g>")
        x += 20
    if not sea.bank:
        parts.append(text(x, MARGIN + 60, "used up", 12, anchor="start"))
    return parts



def _board(state: DeepseaState, number: int, left: float, width: float, viewer: Viewer) -> list[str]:
    board, sea = state.board(number), state.sea(number)
    n = board.size
    gx, gy = left + (width - n * CELL) / 2, MARGIN + HEAD
    parts = _header(state, number, left, width)
    for i in range(n):
        x, y, letter, row = gx + (i + 0.5) * CELL, gy + (n - 1 - i + 0.5) * CELL, chr(65 + i), str(i + 1)
        parts += [text(x, gy - 9, letter, 11, "#555"), text(x, gy + n * CELL + 9, letter, 11, "#555"),
                  text(gx - 10, y, row, 11, "#555"), text(gx + n * CELL + 10, y, row, 11, "#555")]
    # the squares of the board the viewer places on are its cells (a click names one); the others' just say where
    named = "data-cell" if viewer.seat is not None and board_in_play(state, viewer.seat) == number else "data-square"
    height = HEAD + n * CELL + LABELS + 4
    parts.append(f'<rect data-area="board-{number}" x="{left - 4:g}" y="{MARGIN - 4:g}" width="{width + 8:g}" '
                 f'height="{height:g}" fill="none" pointer-events="none"/>')
    covered = {cell: (p.placement.piece, p.seat) for p in sea.pieces for cell in p.placement.cells}
    ships_at = {cell: name for name, cell in board.ships.items()}
    for index, kind in enumerate(board.terrain):
        line, col = divmod(index, n)
        x, y = gx + col * CELL, gy + (n - 1 - line) * CELL
        name = f"{chr(65 + col)}{line + 1}"
        words, blocked = _square_words(name, kind, covered.get(name), ships_at.get(name))
        parts.append(f'<rect data-board="{number}" {named}="{name}"{blocked} role="img" aria-label={quoteattr(words)} '
                     f'x="{x:g}" y="{y:g}" width="{CELL}" height="{CELL}" fill="{TERRAIN.get(kind, WATER)}" '
                     f'stroke="#a8c4cc" stroke-width="0.5"/>')
        if kind in (CHANNEL, DROPOFF):
            parts.append(text(x + CELL / 2, y + CELL / 2, kind, 11, "#fff" if kind == DROPOFF else "#234"))
    latest = max((p.round for other in state.seas for p in other.pieces), default=None)
    newest = ' stroke="#000" stroke-width="2"'  # the pieces of the latest round placed are outlined
    pieces: list[tuple[Any, str, str, str, str | None]] = [
        (p.placement, SIDE_FILL[p.seat], newest if p.round == latest else "", f"{p.seat}, round {p.round}", p.seat)
        for p in sea.pieces]
    mine = own_submission(state.box, viewer.seat) if state.phase == "action" and viewer.seat else None
    if mine is not None and state.selections.get(viewer.seat or "") == number:
        pieces.append((mine, "#fff", ' stroke-dasharray="4 3" stroke="#000" stroke-width="2"', "yours, sealed",
                       viewer.seat))
    for placement, fill, extra, whose, seat in pieces:
        parts.append(f'<g data-piece="{placement.piece}" data-side="{seat}" pointer-events="none"><title>'
                     f'{escape(placement.piece)} on {", ".join(placement.cells)} ({whose})</title>')
        for cell in placement.cells:
            x, y = _centre(board, cell, gx, gy)
            parts.append(f'<rect x="{x - CELL / 2 + 1:g}" y="{y - CELL / 2 + 1:g}" width="{CELL - 2}" '
                         f'height="{CELL - 2}" fill="{fill}"{extra}/>' + text(x, y, placement.piece, 12))
        parts.append("</g>")
    for ship_name, cells, dashed in _routes(state, number, viewer):
        points = [_centre(board, c, gx, gy) for c in cells]
        parts.append(route(points, ship_name, number, dashed, cells))
    if sea.lost_by is not None:
        parts.append(f'<path d="M{gx:g} {gy:g} L{gx + n * CELL:g} {gy + n * CELL:g} M{gx + n * CELL:g} {gy:g} '
                     f'L{gx:g} {gy + n * CELL:g}" stroke="#d55e00" stroke-width="4" stroke-opacity="0.6" '
                     f'pointer-events="none"/>')
    parts += [ship(*_centre(board, cell, gx, gy), name, cell) for name, cell in board.ships.items()]
    return parts


_KINDS = {WALL: "wall", CHANNEL: "channel", DROPOFF: "dropoff"}


def _square_words(name: str, kind: str, piece: tuple[str, str] | None, ship_name: str | None) -> tuple[str, str]:
    """What a square holds, in words (its label), and ``data-blocked`` when no route may cross it."""
    words = f"{name}: {_KINDS.get(kind, 'water')}"
    if piece is not None:
        words += f", {piece[1]} piece {piece[0]}"
    if ship_name is not None:
        words += f", {ship_name} ship ({next(side for side, ships in SIDE_SHIPS.items() if ship_name in ships)}) starts here"
    return words, ' data-blocked=""' if kind == WALL or piece is not None else ""


def _routes(state: DeepseaState, number: int, viewer: Viewer) -> list[tuple[str, list[str], bool]]:
    """(ship, cells, dashed): the published shortest routes, else the sent ones, and the viewer's sealed ones."""
    key = str(number)
    drawn: ShipRoutes | None = (state.shortest_routes or {}).get(key)
    dashed = drawn is None
    if drawn is None and state.submitted_routes:
        drawn = {s: r for side in state.submitted_routes.values() for s, r in side.get(key, {}).items()}
    found = [(s, list(r), dashed) for s, r in (drawn or {}).items() if r]
    seat = viewer.seat
    if state.phase == "routes" and seat and has_submitted(state.box, seat):
        found += [(s, list(r), True) for s, r in (own_submission(state.box, seat) or {}).get(key, {}).items() if r]
    return found


def _caption(state: DeepseaState) -> tuple[str, list[tuple[str, str]]]:
    """What happens now, and the buttons for it."""
    if state.result is not None:
        return state.result.detail, []
    r, phase = state.round, state.phase
    if phase == "pregame":
        return f"The boards are shown; round 1 starts soon ({priority_side(1)} has priority)", []
    if phase == "select":
        return f"Round {r}: {selector(state)} selects a board", []
    if phase == "action":
        return f"Round {r}: both sides place a piece on their board (sealed) or pass", [("Pass", "pass")]
    if phase == "single":
        return f"Round {r}: {single_player(state)} places on board {state.open_boards()[0]} or passes", [("Pass", "pass")]
    if phase == "routes":
        return "Both sides send their ships' routes (sealed): click cells from each ship to a dropoff", [
            ("No routes", "no routes")]
    return f"Round {r}: {phase}", []


def board_svg(state: DeepseaState, viewer: Viewer) -> str:
    """All three boards, left to right, the legend, the buttons and a caption."""
    parts, left = [], float(MARGIN)
    tallest = max(b.size for b in state.boards) * CELL
    for number in BOARDS:
        width = _width(state, number)
        parts += _board(state, number, left, width, viewer)
        left += width + GAP
    y = MARGIN + HEAD + tallest + 40
    sides, right = legend(MARGIN + 4, y)  # a side a row, then the terrain: narrow enough to read on a phone
    terrain, right_2 = terrain_legend(MARGIN + 4, y + 2 * ROW)
    parts.append(f'<rect data-area="legend" x="{MARGIN - 4:g}" y="{y - 18:g}" width="{max(right, right_2) - MARGIN + 12:g}" '
                 f'height="{2 * ROW + 32:g}" fill="none" pointer-events="none"/>')
    caption, moves = _caption(state)
    x = float(MARGIN)
    for label, move in moves:
        drawn, w = button(x, y + 2 * ROW + 24, label, move)
        parts.append(drawn)
        x += w + 10
    caption_y = y + 2 * ROW + (60 if moves else 34)
    width = max(left - GAP + MARGIN, right + MARGIN, right_2 + MARGIN, x + MARGIN, text_width(caption, 14) + 2 * MARGIN)
    height = caption_y + 24
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
            f'viewBox="0 0 {width:g} {height:g}" role="img" aria-label={quoteattr("Deep Sea Voyage: " + caption)}>'
            f"<title>{escape(caption)}</title><rect width=\"{width:g}\" height=\"{height:g}\" fill=\"#f6f8f9\"/>")
    return "\n".join([head, *parts, *sides, *terrain, text(MARGIN, caption_y, caption, 14, anchor="start"), "</svg>"])


def picture(state: DeepseaState, viewer: Viewer) -> str:
    """The game's one drawing (:class:`domain.game.Drawing`)."""
    return board_svg(state, viewer)
