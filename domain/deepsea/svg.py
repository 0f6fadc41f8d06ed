"""The three boards side by side as one SVG: terrain, ship starts, dropoffs, pentominoes (lettered,
by who placed them), a lost board crossed out, and once the game is over each ship's route.

Routes drawn are the true shortest ones the server published (solid), else the ones a player sent
(dashed). A viewer's own sealed placement is drawn dashed for that viewer only. What a click can
play is named (the web client makes it a button when it is legal): the squares of the board the
viewer places on carry their names (``data-cell="C4"``), and while a board is being selected each
board is covered by a transparent square carrying its move (``data-move="select 2"``).

>>> from xml.etree import ElementTree
>>> from domain.game import Viewer
>>> from domain.deepsea.presets import PRESETS
>>> from domain.deepsea.state import DeepseaOptions
>>> from domain.deepsea.rules import begin, initial
>>> s = begin(initial(DeepseaOptions(boards=[*PRESETS][:3]), seed=1), at=0)
>>> ElementTree.fromstring(board_svg(s, Viewer())).tag
'{http://www.w3.org/2000/svg}svg'
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from domain.deepsea.board import CHANNEL, DROPOFF, WALL, Board, cell_index, cell_name
from domain.deepsea.moves import board_in_play
from domain.deepsea.state import BOARDS, DeepseaState
from domain.game import Viewer
from domain.sealed import own_submission

CELL = 22
GAP = 36
MARGIN = 24
CAPTION = 40
FILL = {WALL: "#2b2b2b", CHANNEL: "#7fd6e8", DROPOFF: "#5ad15a"}
WATER = "#dcecf7"
SHIP_COLOUR = {"red": "#d7263d", "white": "#fafafa", "blue": "#1b4fd1", "black": "#111111"}
PIECE_FILL = {"empire": "#b5655a", "marauder": "#5a6fb5"}


def _centre(board: Board, cell: str, left: int) -> tuple[float, float]:
    index = cell_index(cell, board.size)
    row, col = divmod(index, board.size)
    return left + (col + 0.5) * CELL, MARGIN + (board.size - 1 - row + 0.5) * CELL


def _board(state: DeepseaState, number: int, left: int, viewer: Viewer) -> list[str]:
    board, sea = state.board(number), state.sea(number)
    n, parts = board.size, []
    playing = viewer.seat is not None and board_in_play(state, viewer.seat) == number
    parts.append(f'<text x="{left}" y="{MARGIN - 8}" font-size="13" font-family="sans-serif">Board {number} '
                 f'({n}x{n}) bank: {escape(" ".join(sea.bank) or "used up")}</text>')
    for index, kind in enumerate(board.terrain):
        row, col = divmod(index, n)
        x, y = left + col * CELL, MARGIN + (n - 1 - row) * CELL
        named = f'data-cell="{cell_name(index, n)}" ' if playing else ""
        parts.append(f'<rect {named}x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{FILL.get(kind, WATER)}" '
                     'stroke="#9bb" stroke-width="0.5"/>')
        if kind in (CHANNEL, DROPOFF):
            parts.append(f'<text x="{x + CELL / 2}" y="{y + CELL * 0.7}" font-size="11" text-anchor="middle" '
                         f'font-family="sans-serif">{kind}</text>')
    pieces = [(p.placement, PIECE_FILL[p.seat], "") for p in sea.pieces]
    mine = own_submission(state.box, viewer.seat) if state.phase == "action" else None
    if mine is not None and state.selections.get(viewer.seat or "") == number:
        pieces.append((mine, "none", ' stroke-dasharray="4 3" stroke="#333" stroke-width="2"'))
    for placement, fill, extra in pieces:
        for cell in placement.cells:
            x, y = _centre(board, cell, left)
            parts.append(f'<rect x="{x - CELL / 2 + 1}" y="{y - CELL / 2 + 1}" width="{CELL - 2}" height="{CELL - 2}" '
                         f'fill="{fill}"{extra}/>')
            parts.append(f'<text x="{x}" y="{y + 4}" font-size="11" text-anchor="middle" fill="#fff" '
                         f'font-family="sans-serif">{placement.piece}</text>')
    parts += _routes(state, number, board, left)
    for ship, cell in board.ships.items():
        x, y = _centre(board, cell, left)
        parts.append(f'<circle cx="{x}" cy="{y}" r="{CELL * 0.36}" fill="{SHIP_COLOUR[ship]}" stroke="#000"/>')
    if state.phase == "select" and number in state.open_boards():
        parts.append(f'<rect data-move="select {number}" x="{left}" y="{MARGIN}" width="{n * CELL}" '
                     f'height="{n * CELL}" fill="none"/>')
    if sea.lost_by is not None:
        size = n * CELL
        parts.append(f'<line x1="{left}" y1="{MARGIN}" x2="{left + size}" y2="{MARGIN + size}" stroke="#c00" '
                     f'stroke-width="4"/><text x="{left + 4}" y="{MARGIN + size + 16}" font-size="12" fill="#c00" '
                     f'font-family="sans-serif">lost by {sea.lost_by}</text>')
    return parts


def _routes(state: DeepseaState, number: int, board: Board, left: int) -> list[str]:
    drawn, dashed = (state.shortest_routes or {}).get(str(number)), ""
    if drawn is None and state.submitted_routes:
        drawn = {s: r for side in state.submitted_routes.values() for s, r in side.get(str(number), {}).items()}
        dashed = ' stroke-dasharray="5 3"'
    parts = []
    for ship, cells in (drawn or {}).items():
        if cells:
            points = " ".join(f"{x:.1f},{y:.1f}" for x, y in (_centre(board, c, left) for c in cells))
            parts.append(f'<polyline points="{points}" fill="none" stroke="{SHIP_COLOUR[ship]}" stroke-width="3" '
                         f'stroke-opacity="0.8"{dashed}/>')
    return parts


def board_svg(state: DeepseaState, viewer: Viewer) -> str:
    """All three boards, left to right, with a caption (the result, or the phase)."""
    parts, left = [], MARGIN
    for number in BOARDS:
        parts += _board(state, number, left, viewer)
        left += state.board(number).size * CELL + GAP
    height = MARGIN + max(b.size for b in state.boards) * CELL + CAPTION
    caption = state.result.detail if state.result else f"Round {state.round}: {state.phase}"
    parts.append(f'<text x="{MARGIN}" y="{height - 10}" font-size="14" font-family="sans-serif">{escape(caption)}</text>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{left - GAP + MARGIN}" height="{height}" '
            f'viewBox="0 0 {left - GAP + MARGIN} {height}">' + "".join(parts) + "</svg>")
