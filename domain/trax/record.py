"""Trax game records: the turns in the standard Trax notation, and reading them back.

A record's moves are the ones traxgame.com's game files list: one numbered line per turn, only
the tile the player chose (forced tiles follow from it), ``;`` starting a comment. White moves
first, so the seat of each line follows from its number. A Mulligan takes back turns: their lines
go, and a comment says what was taken back, so the numbered lines replay to the final position.

>>> from domain.trax.state import MulliganUsed, Played
>>> events = [Played("white", m, [m], 0) for m in ("@0+", "B1+", "A0\\\\")]
>>> move_lines([*events, MulliganUsed("white", ["B1+", "A0\\\\"], 5)])
['@0+', '; white used its Mulligan, taking back B1+ A0\\\\']
>>> moves_in("[Game \\"trax\\"]\\n\\n1 @0+ ; a comment\\n2. b1+\\n")
['@0+', 'B1+']
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from domain.trax.parts.notation import format_move, parse_move
from domain.trax.state import MulliganDeclined, MulliganUsed, Played, TraxTimedOut


def move_lines(events: Iterable[Any]) -> list[str]:
    """Each turn that stands as its move (``@0+``); Mulligans, declined Mulligans and timeouts as comments."""
    lines: list[str] = []
    for event in events:
        if isinstance(event, Played):
            lines.append(event.move)
        elif isinstance(event, MulliganUsed):
            _take_back(lines, len(event.undone))
            lines.append(f"; {event.seat} used its Mulligan, taking back {' '.join(event.undone)}")
        elif isinstance(event, MulliganDeclined):
            lines.append(f"; {event.seat} let the win stand (declined its Mulligan)")
        elif isinstance(event, TraxTimedOut):
            lines.append(f"; {event.seat} ran out of time")
    return lines


def _take_back(lines: list[str], count: int) -> None:
    """Drop the last ``count`` move lines (comments stay)."""
    for index in range(len(lines) - 1, -1, -1):
        if count == 0:
            return
        if not lines[index].startswith(";"):
            del lines[index]
            count -= 1


def moves_in(text: str) -> list[str]:
    """The moves of a Trax record or game file, in canonical form: tag pairs, blank lines, ``;``
    comments and move numbers (``12`` or ``12.``) are passed over. Raises ``InvalidCommand``
    (``bad_notation``) for anything else."""
    moves = []
    for line in text.splitlines():
        line = line.split(";", 1)[0].strip()
        if not line or line.startswith("["):
            continue
        for word in line.split():
            if not word.rstrip(".").isdigit():
                moves.append(format_move(parse_move(word)))
    return moves
