"""The pieces of MonUnrail's picture (:mod:`domain.monunrail.svg`): a tile, text, and the rows under
the board -- the legend, the palette of tiles, the buttons. A row is drawn by a function of its top
``y`` and knows its right end, so the picture can be made wide enough for it.

>>> draw, right = buttons_row([("Impossible", "impossible")])
>>> 'data-move="impossible"' in draw(0)[0], right > MARGIN
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable
from xml.sax.saxutils import escape, quoteattr

from domain.monunrail.parts.tiles import (
    BLUE,
    CROSS,
    LR,
    SHAPES,
    SIDES,
    STATION,
    UD,
    D,
    R,
    U,
    shape_name,
)

CELL = 48
MARGIN = 28
ROW = 40
RAIL = {"classic": "#2b2b2b", "red": "#d55e00", "blue": "#0072b2"}
"""Okabe-Ito vermillion and blue: told apart by colour-blind eyes too (and lettered ``R``, ``B``)."""
TILE_FILL = "#efe6cf"
FRAME = "#8c846f"
STATION_FRAME = "#e69f00"
LABEL = "#333"

Row = tuple[Callable[[float], list[str]], float]
"""A row under the board: what it draws from a top ``y``, and its right end."""


def text_width(words: str, size: float) -> float:
    """A generous estimate of the width of ``words`` in a sans-serif font of ``size``."""
    return 0.62 * size * len(words)


def text(x: float, y: float, words: str, size: int, fill: str = LABEL, anchor: str = "middle") -> str:
    return (f'<text x="{x:g}" y="{y:g}" font-family="sans-serif" font-size="{size}" fill="{fill}" '
            f'text-anchor="{anchor}" dominant-baseline="central" pointer-events="none">{escape(words)}</text>')


def _mid(x: float, y: float, side: int, size: float) -> tuple[float, float]:
    half = size / 2
    return {U: (x + half, y), R: (x + size, y + half), D: (x + half, y + size)}.get(side, (x, y + half))


def _rail(x: float, y: float, mask: int, size: float) -> str:
    """Path data of one rail: a straight (``UD``/``LR``) or a turn (two adjacent sides)."""
    a, b = (s for s in SIDES if mask & s)
    (ax, ay), (bx, by) = _mid(x, y, a, size), _mid(x, y, b, size)
    if mask in (UD, LR):
        return f"M{ax:g} {ay:g} L{bx:g} {by:g}"
    cx = x + size if mask & R else x
    cy = y + size if mask & D else y
    sweep = 1 if (ax - cx) * (by - cy) - (ay - cy) * (bx - cx) > 0 else 0
    return f"M{ax:g} {ay:g} A{size / 2:g} {size / 2:g} 0 0 {sweep} {bx:g} {by:g}"


def tile(x: float, y: float, code: int, multicolor: bool, faded: bool = False, size: float = CELL) -> list[str]:
    """A tile: its square (a station's framed thick, in orange), its rails, its letters."""
    colour = ("blue" if code & BLUE else "red") if multicolor else "classic"
    station = bool(code & STATION)
    dash = ' stroke-dasharray="4 3"' if faded else ""
    parts = [(f'<g{" opacity=" + quoteattr("0.4") if faded else ""}><rect x="{x:g}" y="{y:g}" width="{size:g}" '
             f'height="{size:g}" fill="{TILE_FILL}" stroke="{STATION_FRAME if station else FRAME}" '
             f'stroke-width="{4 if station else 1}"{dash}/>')]
    shape = code & 15
    for n, bar in enumerate([LR, UD] if shape == CROSS else [shape]):
        if n:  # the upper bar of a crossroads: a gap in the tile's colour, then the rail
            parts.append(f'<path d="{_rail(x, y, bar, size)}" fill="none" stroke="{TILE_FILL}" '
                         f'stroke-width="{size / 4:g}"/>')
        parts.append(f'<path d="{_rail(x, y, bar, size)}" fill="none" stroke="{RAIL[colour]}" '
                     f'stroke-width="{size / 8:g}"/>')
    small = max(8, int(size / 4.8))
    if multicolor:  # bottom left: no rail reaches a corner
        parts.append(text(x + size * 0.17, y + size * 0.83, "B" if code & BLUE else "R", small, RAIL[colour]))
    if station:
        parts.append(text(x + size * 0.17, y + size * 0.17, "S", small, "#8a5a00"))
    return [*parts, "</g>"]


def legend_row(multicolor: bool, ghosts: list[str]) -> Row:
    """Station, the rail colours (Multicolor) and the faded tiles shown, each with a sample."""
    from domain.monunrail.parts.tiles import LR as SAMPLE

    entries = [(SAMPLE | STATION, "station", False)]
    if multicolor:
        entries += [(SAMPLE, "red tile", False), (SAMPLE | BLUE, "blue tile", False)]
    names = {"unrailed": "unrailed (the completed track)", "witness": "witness (a completion)"}
    entries += [(SAMPLE, names[kind], True) for kind in ghosts]
    x, placed = float(MARGIN), []
    for code, name, faded in entries:
        placed.append((x, code, name, faded))
        x += 38 + text_width(name, 13)

    def draw(y: float) -> list[str]:
        parts = []
        for left, code, name, faded in placed:
            parts += tile(left, y + 4, code, multicolor, faded, 28)
            parts.append(text(left + 34, y + 18, name, 13, anchor="start"))
        return parts
    return draw, x


def palette_rows(multicolor: bool) -> list[Row]:
    """A row of the seven shapes (Multicolor: one red, one blue), each ``data-tile="{cell} UD"``."""
    rows: list[Row] = []
    for colour in ("red", "blue") if multicolor else ("",):
        label = f"{colour or 'place'}:"
        start = MARGIN + text_width("place:", 13) + 8
        suffix = f" {colour}" if colour else ""
        code_colour = BLUE if colour == "blue" else 0

        def draw(y: float, label: str = label, start: float = start, suffix: str = suffix,
                 code_colour: int = code_colour) -> list[str]:
            parts = [text(MARGIN, y + 18, label, 13, anchor="start")]
            for n, shape in enumerate(SHAPES):
                written = f"{{cell}} {shape_name(shape)}{suffix}"
                parts.append(f'<g data-shape="{shape_name(shape)}" data-tile="{written}"><title>{written}</title>'
                             + "".join(tile(start + 34 * n, y + 4, shape | code_colour, multicolor, size=28)) + "</g>")
            return parts
        rows.append((draw, start + 34 * len(SHAPES)))
    return rows


def buttons_row(moves: list[tuple[str, str]]) -> Row:
    """A button per ``(label, move)``, each ``data-move="<move>"``."""
    x, placed = float(MARGIN), []
    for label, move in moves:
        width = text_width(label, 13) + 16
        placed.append((x, width, label, move))
        x += width + 10

    def draw(y: float) -> list[str]:
        return [f'<g data-move={quoteattr(move)}><title>{escape(move)}</title><rect x="{left:g}" y="{y + 6:g}" '
                f'width="{width:g}" height="26" rx="5" fill="#fff" stroke="#666"/>'
                + text(left + width / 2, y + 19, label, 13) + "</g>" for left, width, label, move in placed]
    return draw, x
