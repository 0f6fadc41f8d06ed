"""Options checked and turned into the starting state: the board with its stations, the supply,
the items and the clocks.

>>> s, g = initial(MonunrailOptions(), seed=0), grid(8, 7)
>>> [g.name(i) for i, code in enumerate(s.position.board) if code], s.position.to_act
(['D4', 'E4'], 'first')
>>> s.supply == DEFAULT_SUPPLY["classic"], s.items["first"]
(True, {'first_turn': 0, 'undo': 0, 'time_rush': 0, 'plus_time': 0})
>>> initial(MonunrailOptions(supply={"turn": 3}), seed=0)
Traceback (most recent call last):
...
domain.errors.InvalidCommand: The supply must hold at least 16 tiles; it holds 3.
"""

from __future__ import annotations

from collections.abc import Mapping

from domain.clock import Bank, check_time_control, initial_clock
from domain.errors import InvalidCommand
from domain.monunrail.parts.board import MAX_SHORT_SIDE, MAX_SIDE, Grid, grid
from domain.monunrail.parts.notation import parse_tile
from domain.monunrail.state import (
    DEFAULT_SUPPLY,
    ITEMS,
    SEATS,
    Items,
    MonunrailOptions,
    MonunrailState,
    Position,
)
from domain.monunrail.parts.tiles import STATION, UD, supply_kinds
from domain.monunrail.parts.track import closed_circuit, dead_end

MIN_SUPPLY = 16
__all__ = ["DEFAULT_SUPPLY", "MAX_PER_KIND", "check_options", "check_stations", "check_supply", "default_stations",
           "initial"]

MAX_PER_KIND = 20
MAX_SUPPLY = 40


def _bad(detail: str) -> InvalidCommand:
    return InvalidCommand("bad_options", detail)


def check_supply(supply: Mapping[str, int], multicolor: bool, free_cells: int) -> dict[str, int]:
    """The full supply (every kind of the variant, missing ones 0), or ``bad_options``."""
    kinds = supply_kinds(multicolor)
    unknown = sorted(set(supply) - set(kinds))
    if unknown:
        raise _bad(f"The supply has no kind {unknown[0]!r}; the kinds are {', '.join(kinds)}.")
    full = {kind: int(supply.get(kind, 0)) for kind in kinds}
    if any(not 0 <= n <= MAX_PER_KIND for n in full.values()):
        raise _bad(f"Each kind in the supply holds 0 to {MAX_PER_KIND} tiles.")
    total = sum(full.values())
    if total < MIN_SUPPLY:
        raise _bad(f"The supply must hold at least {MIN_SUPPLY} tiles; it holds {total}.")
    if total > min(MAX_SUPPLY, free_cells):
        raise _bad(f"The supply may hold at most {min(MAX_SUPPLY, free_cells)} tiles here; it holds {total}.")
    return full


def default_stations(width: int, height: int, multicolor: bool) -> list[str]:
    """Two vertical straights side by side in the middle: ``D4 UD``, ``E4 UD`` on the 8×7 board."""
    row = (height + 1) // 2
    colour = " red" if multicolor else ""
    return [f"{chr(64 + width // 2 + dc)}{row} UD{colour}" for dc in (0, 1)]


def check_stations(board: tuple[int, ...], g: Grid) -> None:
    """Refuse stations the rules cannot start from (``bad_options``): a rail end that no tile can
    ever meet (it faces the board's edge or a station's side without rail), or stations that
    already form a closed circuit (a complete track, or a loop no tile could join).

    >>> initial(MonunrailOptions(stations=["A4 LR", "B4 LR"]), seed=0)
    Traceback (most recent call last):
    ...
    domain.errors.InvalidCommand: The station on A4 has a rail facing the edge of the board: no tile can ever meet it, so the track could never be completed.
    """
    end = dead_end(board, g)
    if end is not None:
        cell, side = end
        j = g.neighbours[cell][side]
        where = "the edge of the board" if j is None else f"a side of the station on {g.name(j)} without rail"
        raise _bad(f"The station on {g.name(cell)} has a rail facing {where}: no tile can ever meet it, so the "
                   "track could never be completed.")
    loop = closed_circuit(board, g)
    if loop is not None:
        raise _bad(f"The stations already form a closed loop (through {g.name(loop)}); a game needs a track "
                   "still to build.")


def check_options(options: MonunrailOptions) -> tuple[tuple[int, ...], dict[str, int]]:
    """The starting board and supply, or ``bad_options`` saying what is wrong."""
    w, h = options.width, options.height
    if not (3 <= w <= MAX_SIDE and 3 <= h <= MAX_SIDE and min(w, h) <= MAX_SHORT_SIDE):
        raise _bad(f"The board is 3 to {MAX_SIDE} cells a side, and at most {MAX_SHORT_SIDE} on its shorter side.")
    check_time_control(options.time)
    if isinstance(options.time, Bank) and options.time.bank_size_ms != 1:
        raise _bad("MonUnrail's overflow is spent to the millisecond: its clock takes no bank_size_ms.")
    multicolor = options.variant == "multicolor"
    g = grid(w, h)
    board = [0] * g.size
    written = options.stations or default_stations(w, h, multicolor)
    try:
        for text in written:
            cell, code = parse_tile(g, text, multicolor)
            if board[cell]:
                raise _bad(f"Two stations are on {g.name(cell)}.")
            board[cell] = code | STATION
    except InvalidCommand as e:
        raise _bad(f"A station is not valid: {e.detail}") from None
    check_stations(tuple(board), g)
    if board.count(0) < MIN_SUPPLY:
        raise _bad(f"A {w}×{h} board with {len(written)} stations leaves {board.count(0)} empty cells; the supply "
                   f"holds at least {MIN_SUPPLY} tiles, so the board needs at least {MIN_SUPPLY + len(written)} cells.")
    supply = options.supply if options.supply is not None else DEFAULT_SUPPLY[options.variant]
    full = check_supply(supply, multicolor, board.count(0))
    items = options.items
    if items is not None and any(not 0 <= getattr(items, name) <= 9 for name in ITEMS):
        raise _bad("A player holds 0 to 9 of each item.")
    return tuple(board), full


def initial(options: MonunrailOptions | None, seed: int) -> MonunrailState:
    """The board with its stations, the first seat to move, play not begun. ``seed`` is unused:
    MonUnrail has no chance (the supply comes from the options or the organizer)."""
    options = options or MonunrailOptions()
    board, supply = check_options(options)
    items = options.items or (Items() if options.variant == "multicolor" else Items(0, 0, 0, 0))
    held: dict[str, int] = {name: getattr(items, name) for name in ITEMS}
    return MonunrailState(options=options, position=Position(board=board, supply=supply, to_act=SEATS[0]),
                          initial_supply=supply, clocks={seat: initial_clock(options.time) for seat in SEATS},
                          items={seat: dict(held) for seat in SEATS})


__all__ = ["UD", "check_options", "check_supply", "default_stations", "grid", "initial"]
