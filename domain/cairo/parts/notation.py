"""Naming pentagons: a group letter ``A``-``X`` and a position, written long (``G left``, ``X up``)
or short (``Gl``, ``Xu``), in any case; ``top``/``bottom`` mean ``up``/``down``. Cells print in the
short canonical form. A name must exist on the board: the partial groups of the top and bottom rows
lack some positions (group ``D`` has only ``Dd``).

>>> [format_cell(parse_cell(text)) for text in ("G left", "gl", "x UP", "Xu", "m bottom", " hR ")]
['Gl', 'Gl', 'Xu', 'Xu', 'Md', 'Hr']
>>> long_name(parse_cell("Xu"))
'X up'
>>> parse_cell("D left")
Traceback (most recent call last):
...
domain.errors.InvalidCommand: There is no pentagon Dl: group D has only Dd.
"""

from __future__ import annotations

import re

from domain.cairo.parts.geometry import INDEX, NAMES
from domain.errors import InvalidCommand

WORDS = {"u": "u", "up": "u", "top": "u", "d": "d", "down": "d", "bottom": "d", "l": "l", "left": "l",
         "r": "r", "right": "r"}
LONG = {"u": "up", "d": "down", "l": "left", "r": "right"}
FORM = "a group letter A-X and a position (u, l, r, d or up, left, right, down), like Gl, G left, Xu or X up"
_CELL = re.compile(r"\s*([A-Xa-x])\s*([A-Za-z]+)\s*")


def parse_cell(text: str) -> int:
    """The cell ``text`` names. Raises ``InvalidCommand`` (``bad_notation``, or ``no_such_cell``
    for a position its group does not have on the board)."""
    found = _CELL.fullmatch(text) if isinstance(text, str) else None
    position = WORDS.get(found.group(2).lower()) if found else None
    if found is None or position is None:
        raise InvalidCommand("bad_notation", f"{text!r} is not a pentagon. Write {FORM}.")
    name = found.group(1).upper() + position
    cell = INDEX.get(name)
    if cell is None:
        group = [other for other in NAMES if other[0] == name[0]]
        raise InvalidCommand("no_such_cell", f"There is no pentagon {name}: group {name[0]} has only "
                                             f"{', '.join(group)}.")
    return cell


def format_cell(cell: int) -> str:
    """The canonical short name, e.g. ``Gl``."""
    return NAMES[cell]


def long_name(cell: int) -> str:
    """The long name, e.g. ``G left``."""
    name = NAMES[cell]
    return f"{name[0]} {LONG[name[1]]}"
