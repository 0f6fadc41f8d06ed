"""The board as a standalone SVG picture, readable and clickable.

A 9×9 grid, rows ``A``–``I`` down both sides and columns ``1``–``9`` along top and bottom. A piece is
a tinted square with its rail (a line for a straight, a quarter-circle arc for a bend) in the
colour-blind-safe Okabe-Ito colours -- blue, vermillion for red, reddish purple for common -- and a
letter (``B``, ``R``, ``C``) in its corner, so colour is never the only clue. Tracks (revealed
endgame tracks, the track that met a challenge, the solver's witnesses once published, a seat's own
sealed track for that seat only) are closed lines through the cells' centres. Under the board: a
legend, a palette of pieces and the buttons; then a caption. The picture widens to fit its text.

Every clickable element says what it stands for, so a page needs no rules to turn a click into a
move (the exact ``move`` strings that ``legal-moves`` lists):

- a cell: ``data-cell="C3"`` (with ``data-colour`` and ``data-shape`` when a piece lies there);
- a piece of the palette: ``data-shape="UR"`` and ``data-move="{cell} UR"`` (``{cell} LR common``
  for a common straight) -- put the clicked cell's ``data-cell`` in place of ``{cell}``;
- a button: ``data-move="challenge blue"``, ``"challenge red"``, ``"pass"``.

>>> from xml.etree import ElementTree
>>> svg = board_svg({"C3": ("common", "LR"), "D4": ("red", "UR")}, [("blue", ["A1", "A2", "B2", "B1"], False)],
...                 caption="Blue to move")
>>> root = ElementTree.fromstring(svg)
>>> len(root.findall(".//*[@data-cell]")), 'data-move="{cell} UR"' in svg, svg.count("<polygon")
(81, True, 1)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from textwrap import wrap
from xml.sax.saxutils import escape, quoteattr

from domain.duorail.rules import seat_to_play, waits_on_solver
from domain.duorail.state import DuorailState
from domain.game import Viewer
from domain.sealed import has_submitted, own_submission
from domain.duorail.parts.track import COLUMNS, INDEX, ROWS, SHAPES, SIZE, STRAIGHTS

CELL = 44
MARGIN = 28
ROW = 40
"""The height of a row of legend, palette or buttons under the board."""
INK = {"blue": "#0072b2", "red": "#d55e00", "common": "#cc79a7"}
TINT = {"blue": "#d4e8f5", "red": "#f9e0cc", "common": "#f5e4ee"}
LETTER = {"blue": "B", "red": "R", "common": "C"}
BOARD = "#faf8f2"
GRID = "#b9b3a4"
LABEL = "#333"
OFFSET = {"blue": -4, "red": 4}
"""Two tracks through the same cells are drawn a little apart."""

DrawnTrack = tuple[str, Sequence[str], bool]
"""A track to draw: its colour, its cells in loop order, and whether it is dashed (a draft)."""


def text_width(text: str, size: float) -> float:
    """A generous estimate of the width of ``text`` in a sans-serif font of ``size``."""
    return 0.62 * size * len(text)


def _text(x: float, y: float, text: str, size: int, fill: str = LABEL, anchor: str = "middle") -> str:
    return (f'<text x="{x:g}" y="{y:g}" font-family="sans-serif" font-size="{size}" fill="{fill}" '
            f'text-anchor="{anchor}" dominant-baseline="central" pointer-events="none">{escape(text)}</text>')


def _origin(cell: str) -> tuple[float, float]:
    row, column = divmod(INDEX[cell], SIZE)
    return MARGIN + column * CELL, MARGIN + row * CELL


def _side(x: float, y: float, exit_: str, size: float) -> tuple[float, float]:
    half = size / 2
    return {"U": (x + half, y), "D": (x + half, y + size), "L": (x, y + half), "R": (x + size, y + half)}[exit_]


def _rail(x: float, y: float, shape: str, size: float = CELL) -> str:
    """SVG path data for a piece's rail: a line, or an arc about the corner its two exits share."""
    (ax, ay), (bx, by) = _side(x, y, shape[0], size), _side(x, y, shape[1], size)
    if shape in ("UD", "LR"):
        return f"M{ax:g} {ay:g} L{bx:g} {by:g}"
    cx = x + size if "R" in shape else x
    cy = y + size if "D" in shape else y
    sweep = 1 if (ax - cx) * (by - cy) - (ay - cy) * (bx - cx) > 0 else 0
    return f"M{ax:g} {ay:g} A{size / 2:g} {size / 2:g} 0 0 {sweep} {bx:g} {by:g}"


def _piece(x: float, y: float, colour: str | None, shape: str, size: float = CELL) -> list[str]:
    """A tinted square with its rail and, for a coloured piece, its letter in the corner."""
    ink = INK.get(colour or "", "#555")
    parts = [(f'<rect x="{x:g}" y="{y:g}" width="{size:g}" height="{size:g}" fill="{TINT.get(colour or "", "#fff")}" '
             f'stroke="{GRID}"/>'),
             f'<path d="{_rail(x, y, shape, size)}" fill="none" stroke="{ink}" stroke-width="{size / 5.5:g}"/>']
    if colour:  # in a corner the rail leaves free: the one facing a bend's arc, else the top right
        fx, fy = (0.2 if "R" in shape else 0.8, 0.8 if "U" in shape else 0.2) if shape not in STRAIGHTS else (0.8, 0.2)
        parts.append(_text(x + size * fx, y + size * fy, LETTER[colour], max(8, int(size / 4.4)), ink))
    return parts


_SIDES = {"U": "top", "D": "bottom", "L": "left", "R": "right"}
_SHAPE_WORDS = {s: f"{'straight' if s in STRAIGHTS else 'bend'}, {_SIDES[s[0]]} to {_SIDES[s[1]]}" for s in SHAPES}
"""A piece's rail in words, for screen readers: ``UR`` is a bend from the top to the right side."""


def _cell(cell: str, piece: tuple[str, str] | None) -> str:
    x, y = _origin(cell)
    if piece is None:
        return (f'<g data-cell="{cell}"><title>{cell}: empty</title><rect x="{x:g}" y="{y:g}" width="{CELL}" '
                f'height="{CELL}" fill="#fff" stroke="{GRID}"/></g>')
    colour, shape = piece
    return (f'<g data-cell="{cell}" data-colour="{colour}" data-shape="{shape}"><title>{cell}: {colour} piece {shape} '
            f'({_SHAPE_WORDS.get(shape, shape)})</title>'
            + "".join(_piece(x, y, colour, shape)) + "</g>")


def _track(colour: str, cells: Sequence[str], dashed: bool) -> str:
    shift = OFFSET.get(colour, 0)
    points = " ".join(f"{x + CELL / 2 + shift:g},{y + CELL / 2 + shift:g}" for x, y in map(_origin, cells))
    dash = ' stroke-dasharray="7 4"' if dashed else ""
    return (f'<polygon points="{points}" fill="none" stroke="{INK.get(colour, "#222")}" stroke-width="4" '
            f'stroke-opacity="0.85" stroke-linejoin="round" pointer-events="none"{dash}/>')


def _button(x: float, y: float, label: str, move: str) -> tuple[str, float]:
    width = text_width(label, 13) + 16
    return (f'<g data-move={quoteattr(move)}><title>{escape(move)}</title><rect x="{x:g}" y="{y:g}" '
            f'width="{width:g}" height="26" rx="5" fill="#fff" stroke="#666"/>'
            + _text(x + width / 2, y + 13, label, 13) + "</g>"), width


def _rows(top: float, buttons: Sequence[tuple[str, str]], palette: bool, common_left: int | None
          ) -> tuple[list[str], float]:
    """The legend, the palette and the buttons, from ``top`` down; and the widest row's right end."""
    parts: list[str] = []
    right, x = 0.0, float(MARGIN)
    common = "common piece" if common_left is None else f"common piece ({common_left} left)"
    for colour, name in (("blue", "blue player"), ("red", "red player"), ("common", common)):
        parts += _piece(x, top + 4, colour, "LR", 26)
        parts.append(_text(x + 32, top + 17, name, 13, anchor="start"))
        x += 40 + text_width(name, 13)
    right = max(right, x)
    if palette:
        parts += _palette(top + ROW, common_left != 0)
        right = max(right, MARGIN + text_width("place:", 13) + 8 + 32 * 8)
    x, y = float(MARGIN), top + (2 if palette else 1) * ROW + 4
    for label, move in buttons:
        button, width = _button(x, y, label, move)
        parts.append(button)
        x += width + 10
    return parts, max(right, x)


def _palette(top: float, common: bool) -> list[str]:
    """The six shapes of one's own colour and (while any is left) the two common straights, each a
    move for ``{cell}``."""
    parts = [_text(MARGIN, top + 17, "place:", 13, anchor="start")]
    x = MARGIN + text_width("place:", 13) + 8
    for shape, colour in [*((s, None) for s in SHAPES), *((s, "common") for s in STRAIGHTS if common)]:
        move = f"{{cell}} {shape}" + (" common" if colour else "")
        tinted = f' data-colour="{colour}"' if colour else ""
        parts.append(f'<g data-shape="{shape}"{tinted} data-move="{move}"><title>{escape(move)}</title>'
                     + "".join(_piece(x, top + 4, colour, shape, 26)) + "</g>")
        x += 32
    return parts


PLAY = (("Challenge blue", "challenge blue"), ("Challenge red", "challenge red"), ("Pass", "pass"))


def board_svg(pieces: Mapping[str, tuple[str, str]], tracks: Sequence[DrawnTrack] = (), caption: str = "",
              buttons: Sequence[tuple[str, str]] = PLAY, palette: bool = True, common_left: int | None = None,
              last: str | None = None) -> str:
    """The picture of ``pieces`` (cell -> (colour, shape)) with ``tracks`` drawn over it, the
    ``last`` cell placed on framed; under it the legend (with the ``common_left``), the
    ``palette``, the ``buttons`` ((label, move) pairs) and ``caption``."""
    side = 2 * MARGIN + SIZE * CELL
    rows, right = _rows(side, buttons, palette, common_left)
    caption_y = side + (1 + palette + bool(buttons)) * ROW + 14
    width = max(side, right + MARGIN)
    lines = wrap(caption, max(12, int((width - 2 * MARGIN) / text_width("x", 15))))  # a long caption: more lines
    width = max([width] + [text_width(line, 15) + 2 * MARGIN for line in lines])
    height = caption_y + 20 * max(0, len(lines) - 1) + 24
    label = caption or "Duorail"
    parts = [(f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
             f'viewBox="0 0 {width:g} {height:g}" role="img" aria-label={quoteattr("Duorail board: " + label)}>'),
             f"<title>{escape(label)}</title>",
             f'<rect width="{width:g}" height="{height:g}" fill="{BOARD}"/>']
    for i in range(SIZE):
        x, y = MARGIN + (i + 0.5) * CELL, MARGIN + (i + 0.5) * CELL
        parts += [_text(x, MARGIN / 2, COLUMNS[i], 13), _text(x, side - MARGIN / 2, COLUMNS[i], 13),
                  _text(MARGIN / 2, y, ROWS[i], 13), _text(side - MARGIN / 2, y, ROWS[i], 13)]
    parts += [_cell(row + column, pieces.get(row + column)) for row in ROWS for column in COLUMNS]
    if last in INDEX:
        x, y = _origin(last)
        parts.append(f'<rect data-last="{last}" x="{x + 2:g}" y="{y + 2:g}" width="{CELL - 4}" height="{CELL - 4}" '
                     f'fill="none" stroke="#000" stroke-width="3.5" stroke-dasharray="6 3" pointer-events="none"/>')
    parts += [_track(colour, cells, dashed) for colour, cells, dashed in tracks if cells]
    parts += rows
    parts += [_text(width / 2, caption_y + 20 * n, line, 15, "#111") for n, line in enumerate(lines)]
    parts.append("</svg>")
    return "\n".join(parts)


def match_svg(state: DuorailState, tracks: Sequence[DrawnTrack], caption: str) -> str:
    """The picture of a match: the palette and play's buttons in play, ``No track`` while a track
    is due (a challenge, the endgame), nothing once over; the last piece placed framed."""
    playing = state.result is None and state.turn_started_at is not None
    due = playing and state.phase in ("challenge", "endgame")
    buttons = PLAY if playing and state.phase == "play" else (("No track", "no track"),) if due else ()
    last = next((t.move.split()[0] for t in reversed(state.turns) if t.move[:1].isupper()), None)
    return board_svg(state.pieces(), tracks, caption, buttons, playing and state.phase == "play",
                     state.common_left, last)


def picture(state: DuorailState, viewer: Viewer) -> str:
    """The match as ``viewer`` may see it (:func:`tracks_to_draw`), captioned (:func:`caption`)."""
    return match_svg(state, tracks_to_draw(state, viewer), caption(state))


def tracks_to_draw(state: DuorailState, viewer: Viewer) -> list[DrawnTrack]:
    """The revealed endgame tracks; else the tracks published for the record (dashed); and the
    viewer's own sealed track (dashed), for that seat only."""
    if state.revealed is not None:
        return [(seat, cells, False) for seat, cells in state.revealed.tracks.items() if cells]
    drawn: list[DrawnTrack] = []
    if state.record is not None:
        drawn += [(colour, cells, True) for colour, cells in state.record.tracks.items() if cells]
    box = state.endgame.box if state.endgame is not None else None
    if viewer.seat is not None and has_submitted(box, viewer.seat) and (mine := own_submission(box, viewer.seat)):
        drawn.append((viewer.seat, mine, True))
    return drawn


def caption(state: DuorailState) -> str:
    """One line: the result, or who is to act."""
    if state.result is not None:
        return state.result.detail
    if state.phase == "play":
        return f"Turn {state.ply + 1}: {seat_to_play(state)} to move"
    if state.phase == "challenge" and (c := state.challenge) is not None:
        doing = "the solver decides" if waits_on_solver(state) else f"{c.challenged} must show a {c.colour} track"
        return f"{c.challenger.capitalize()} challenged {c.colour}: {doing}"
    if waits_on_solver(state):
        return "Endgame: the solver finds the longest tracks"
    return "Endgame: both players build their tracks"
