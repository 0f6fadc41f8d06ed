"""The pieces of Deep Sea Voyage's picture (:mod:`domain.deepsea.svg`): colours, text, ships,
routes, the legend of sides and ships, buttons, and each board's status line.

Colours are the Okabe-Ito palette where the rules leave a choice (safe for colour-blind eyes); the
ships keep their names' colours but always carry their letter (``R W B K``), and pieces their
pentomino's letter, so colour is never the only clue.

>>> status(None, None, None, None, "open")
'open'
>>> status("marauder", None, None, None, "open"), status(None, None, "empire", "routes", "used_up")
('lost by marauder', 'won by empire (routes)')
"""

from __future__ import annotations

from collections.abc import Sequence
from xml.sax.saxutils import escape, quoteattr

from domain.deepsea.parts.board import CHANNEL, DROPOFF, SIDE_SHIPS, WALL

CELL = 22
MARGIN = 16
TERRAIN: dict[str | None, str] = {WALL: "#3b3b3b", CHANNEL: "#a9dcf2", DROPOFF: "#009e73"}
WATER = "#eaf4fb"
SHIP = {"red": "#d55e00", "white": "#ffffff", "blue": "#0072b2", "black": "#1a1a1a"}
SHIP_INK = {"red": "#fff", "white": "#000", "blue": "#fff", "black": "#fff"}
HALO = {"red": "#fff", "white": "#222", "blue": "#fff", "black": "#fff"}
SIDE_FILL = {"empire": "#e69f00", "marauder": "#cc79a7"}
LETTER = {"red": "R", "white": "W", "blue": "B", "black": "K"}
INK = "#222"


def text_width(words: str, size: float) -> float:
    """A generous estimate of the width of ``words`` in a sans-serif font of ``size``."""
    return 0.62 * size * len(words)


def text(x: float, y: float, words: str, size: int, fill: str = INK, anchor: str = "middle", bold: bool = False) -> str:
    weight = ' font-weight="bold"' if bold else ""
    return (f'<text x="{x:g}" y="{y:g}" font-family="sans-serif" font-size="{size}" fill="{fill}"{weight} '
            f'text-anchor="{anchor}" dominant-baseline="central" pointer-events="none">{escape(words)}</text>')


def status(lost_by: str | None, selected_by: str | None, winner: str | None, by: str | None, state: str) -> str:
    """A board's status in words: lost, won (or tied), open (and whose selection) or used up."""
    if lost_by:
        return f"lost by {lost_by}"
    if by is not None:
        return f"won by {winner} ({by})" if winner else f"tied ({by})"
    words = "open" if state == "open" else "used up"
    return f"{words}, selected by {selected_by}" if selected_by else words


def ship(x: float, y: float, name: str, cell: str | None = None, radius: float = CELL * 0.4) -> str:
    """A ship: a disc in its name's colour with its letter, ringed in its side's colour (the side's
    pieces' and seat's colour), so ship, piece and seat agree."""
    where = f" on {cell}" if cell else ""
    side = next(s for s, ships in SIDE_SHIPS.items() if name in ships)
    return (f'<g data-ship="{name}" pointer-events="none"><title>{name} ship ({side}){where}</title><circle cx="{x:g}" '
            f'cy="{y:g}" r="{radius + 1.5:g}" fill="{SIDE_FILL[side]}" stroke="#000" stroke-width="1"/><circle cx="{x:g}" '
            f'cy="{y:g}" r="{radius - 1:g}" fill="{SHIP[name]}" stroke="#000" stroke-width="1"/>'
            + text(x, y, LETTER[name], int(radius * 1.3), SHIP_INK[name], bold=True) + "</g>")


def route(points: Sequence[tuple[float, float]], name: str, board: int, dashed: bool, cells: Sequence[str]) -> str:
    """A ship's route: a haloed line in the ship's colour through the cells' centres, its end dotted."""
    line = " ".join(f"{x:g},{y:g}" for x, y in points)
    dash = ' stroke-dasharray="6 4"' if dashed else ""
    (ex, ey) = points[-1]
    return (f'<g data-route="{name}" data-board="{board}" pointer-events="none"><title>{name} route: '
            f'{escape(" ".join(cells))} ({len(cells) - 1} steps)</title>'
            f'<polyline points="{line}" fill="none" stroke="{HALO[name]}" stroke-width="7" stroke-linejoin="round" '
            f'stroke-linecap="round" stroke-opacity="0.9"/><polyline points="{line}" fill="none" stroke="{SHIP[name]}" '
            f'stroke-width="3.5" stroke-linejoin="round" stroke-linecap="round"{dash}/>'
            f'<circle cx="{ex:g}" cy="{ey:g}" r="4" fill="{SHIP[name]}" stroke="{HALO[name]}" stroke-width="2"/></g>')


def button(x: float, y: float, label: str, move: str, board: int | None = None) -> tuple[str, float]:
    """A button ``data-move="<move>"`` (and ``data-board``) and its width."""
    width = text_width(label, 12) + 14
    on = f' data-board="{board}"' if board is not None else ""
    return (f'<g data-move={quoteattr(move)}{on}><title>{escape(move)}</title><rect x="{x:g}" y="{y:g}" '
            f'width="{width:g}" height="22" rx="5" fill="#fff" stroke="#666"/>'
            + text(x + width / 2, y + 11, label, 12) + "</g>"), width


ROW = 32
"""From one row of the legend to the next."""


def legend(x: float, y: float) -> tuple[list[str], float]:
    """The sides with their ships and pieces, one side a row (``ROW`` apart, their ships in line);
    the parts and their right end."""
    parts, right = [], x
    label = max(text_width(side, 13) for side in SIDE_SHIPS) + 20
    for side, ships in SIDE_SHIPS.items():
        inner = [text(x, y, f"{side.capitalize()}:", 13, anchor="start", bold=True)]
        at = x + label
        for name in ships:
            inner += [ship(at + 8, y, name, radius=8), text(at + 20, y, f"{name} ship", 12, anchor="start")]
            at += 28 + text_width(f"{name} ship", 12)
        inner.append(f'<rect x="{at:g}" y="{y - 8:g}" width="16" height="16" fill="{SIDE_FILL[side]}" stroke="#333"/>')
        inner.append(text(at + 22, y, f"{side} piece", 12, anchor="start"))
        at += 22 + text_width(f"{side} piece", 12)
        parts.append(f'<g data-side="{side}"><title>{side}: the {" and ".join(ships)} ships, the {side} pieces</title>'
                     f'<rect x="{x - 4:g}" y="{y - 13:g}" width="{at - x + 8:g}" height="26" rx="5" '
                     f'fill="#fff" fill-opacity="0.6" stroke="{SIDE_FILL[side]}"/>' + "".join(inner) + "</g>")
        right, y = max(right, at + 4), y + ROW
    return parts, right


def terrain_legend(x: float, y: float) -> tuple[list[str], float]:
    """Wall, channel, dropoff, water, a lost board's cross."""
    parts = []
    for kind, name in ((WALL, "wall"), (CHANNEL, "channel (C)"), (DROPOFF, "dropoff (D)"), (None, "water")):
        parts.append(f'<rect x="{x:g}" y="{y - 8:g}" width="16" height="16" fill="{TERRAIN.get(kind, WATER)}" '
                     f'stroke="#9bb"/>')
        parts.append(text(x + 22, y, name, 12, anchor="start"))
        x += 36 + text_width(name, 12)
    return parts, x
