"""Duorail move notation, as sent in a ``duorail_move`` command and listed by ``legal_moves``:

- ``C3 UR`` -- a piece of your own colour: a cell and a shape (its two exits, in either order);
- ``C3 LR common`` -- a common straight (``UD`` or ``LR``);
- ``challenge red`` -- challenge a colour (``blue`` or ``red``);
- ``pass``.

Any case and spacing is read; :func:`format_action` writes the canonical form (cell and shape in
upper case, the words in lower case) that events and move lists hold.

>>> parse_action("c3 ru")
Action(kind='place', cell='C3', shape='UR', colour=None)
>>> [format_action(parse_action(m)) for m in ("e5du COMMON", " Challenge  Blue ", "PASS")]
['E5 UD common', 'challenge blue', 'pass']
"""

from __future__ import annotations

import re
from typing import Literal

import msgspec

from domain.duorail.parts.track import parse_cell, parse_shape
from domain.errors import InvalidCommand

MOVE_FORM = "a cell and a shape like C3 UR, a common straight like C3 LR common, challenge blue, challenge red or pass"
_PLACE = re.compile(r"([a-z]\d+)\s*([a-z]{2})(?:\s+(common))?", re.IGNORECASE)
_CHALLENGE = re.compile(r"challenge\s+(\w+)", re.IGNORECASE)


class Action(msgspec.Struct, frozen=True):
    """A move as read: ``kind`` is ``place`` (own colour), ``common``, ``challenge`` or ``pass``;
    ``cell`` and ``shape`` for the placements, ``colour`` for a challenge."""

    kind: Literal["place", "common", "challenge", "pass"]
    cell: str | None = None
    shape: str | None = None
    colour: str | None = None


def _bad(text: object, why: str = "") -> InvalidCommand:
    return InvalidCommand("bad_notation", f"{text!r} is not a Duorail move{why}. Write {MOVE_FORM}.")


def parse_action(text: str) -> Action:
    """Read a move. Raises ``InvalidCommand`` (``bad_notation``, or ``bad_cell`` / ``bad_shape``
    for a cell off the board or a shape that is not one).

    >>> try:
    ...     parse_action("challenge both")
    ... except InvalidCommand as refused:
    ...     print(refused.code, refused.detail[:39])
    bad_notation 'challenge both' is not a Duorail move:
    """
    if not isinstance(text, str):
        raise _bad(text)
    written = " ".join(text.split())
    if written.lower() == "pass":
        return Action(kind="pass")
    if found := _CHALLENGE.fullmatch(written):
        colour = found.group(1).lower()
        if colour not in ("blue", "red"):
            raise _bad(text, ": challenge one colour, blue or red")
        return Action(kind="challenge", colour=colour)
    if found := _PLACE.fullmatch(written):
        cell, shape, common = found.groups()
        return Action(kind="common" if common else "place", cell=parse_cell(cell), shape=parse_shape(shape))
    raise _bad(text)


def format_action(action: Action) -> str:
    """The canonical notation of ``action``."""
    if action.kind == "pass":
        return "pass"
    if action.kind == "challenge":
        return f"challenge {action.colour}"
    suffix = " common" if action.kind == "common" else ""
    return f"{action.cell} {action.shape}{suffix}"
