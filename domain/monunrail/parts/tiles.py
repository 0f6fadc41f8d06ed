"""MonUnrail tiles: sides, shapes, kinds and colours, packed in one small int per cell.

A tile's rails are the mask of the sides they reach, ``U R D L`` = bits ``1 2 4 8``: a straight is
``UD`` (5) or ``LR`` (10), a turn ``UR`` (3), ``RD`` (6), ``DL`` (12) or ``LU`` (9), a crossroads
``+`` (15: both straights at once, two separate bars). Bit 16 marks a blue tile (Multicolor; red
otherwise, and every classic tile counts as red), bit 32 a station. ``0`` is an empty cell.

>>> code = parse_tile_shape("ru") | BLUE
>>> shape_name(code), kind_of(code), colour_of(code, multicolor=True), removable(code, multicolor=True)
('UR', 'turn', 'blue', False)
>>> [shape_name(m) for m in SHAPES]
['UD', 'LR', 'UR', 'RD', 'DL', 'LU', '+']
"""

from __future__ import annotations

from typing import Literal

U, R, D, L = 1, 2, 4, 8
SIDES = (U, R, D, L)
OPPOSITE = {U: D, R: L, D: U, L: R}
STEP = {U: (-1, 0), R: (0, 1), D: (1, 0), L: (0, -1)}
"""``(row, column)`` step to the neighbour across each side; row 1 is the top row."""

UD, LR, UR, RD, DL, LU, CROSS = 5, 10, 3, 6, 12, 9, 15
SHAPES = (UD, LR, UR, RD, DL, LU, CROSS)
SHAPE_BITS = 15
BLUE = 16
STATION = 32

_NAMES = {UD: "UD", LR: "LR", UR: "UR", RD: "RD", DL: "DL", LU: "LU", CROSS: "+"}
_BY_LETTERS = {frozenset(name): mask for mask, name in _NAMES.items() if mask != CROSS}

KINDS = ("straight", "turn", "crossroads")
"""The three shapes of tile the supply holds (Multicolor: each in red and blue)."""

COLOURS = ("red", "blue")


def shape_of(code: int) -> int:
    """The rail mask of a cell's code (0 for an empty cell)."""
    return code & SHAPE_BITS


def shape_name(code: int) -> str:
    """``UD``, ``LR``, ``UR``, ``RD``, ``DL``, ``LU`` or ``+``."""
    return _NAMES[code & SHAPE_BITS]


def parse_tile_shape(text: str) -> int:
    """The mask of a shape written as its sides in any order and case, or ``+`` / ``X`` / ``UDLR``
    for a crossroads; ``ValueError`` for anything else.

    >>> parse_tile_shape("du") == UD, parse_tile_shape("x") == CROSS, parse_tile_shape("RLDU") == CROSS
    (True, True, True)
    """
    letters = text.strip().upper()
    if letters in ("+", "X") or (len(letters) == 4 and set(letters) == set("UDLR")):
        return CROSS
    mask = _BY_LETTERS.get(frozenset(letters)) if len(letters) == 2 and len(set(letters)) == 2 else None
    if mask is None:
        raise ValueError(f"{text!r} is not a tile shape: write UD, LR, UR, RD, DL, LU or + (crossroads).")
    return mask


def kind_of(code: int) -> Literal["straight", "turn", "crossroads"]:
    """``straight``, ``turn`` or ``crossroads``."""
    shape = code & SHAPE_BITS
    return "crossroads" if shape == CROSS else "straight" if shape in (UD, LR) else "turn"


def colour_of(code: int, multicolor: bool) -> str | None:
    """``red`` or ``blue`` in Multicolor, ``None`` in the classic game."""
    if not multicolor:
        return None
    return "blue" if code & BLUE else "red"


def supply_kind(code: int, multicolor: bool) -> str:
    """The supply entry a tile comes from: ``turn`` (classic) or ``red_turn`` (Multicolor)."""
    kind = kind_of(code)
    return f"{colour_of(code, True)}_{kind}" if multicolor else kind


def supply_kinds(multicolor: bool) -> tuple[str, ...]:
    """Every supply entry of a variant, in a fixed order.

    >>> supply_kinds(False), supply_kinds(True)[:2]
    (('straight', 'turn', 'crossroads'), ('red_straight', 'red_turn'))
    """
    return tuple(f"{c}_{k}" for c in COLOURS for k in KINDS) if multicolor else KINDS


def removable(code: int, multicolor: bool) -> bool:
    """Whether the unrail phase may remove this tile: any tile, but only red ones in Multicolor."""
    return code != 0 and not (multicolor and code & BLUE)


def plural(kind: str) -> str:
    """``turns``, ``red crossroads`` -- a supply entry in words."""
    words = kind.replace("_", " ")
    return words if words.endswith("crossroads") else words + "s"
