"""MonUnrail game records: one line per turn, the seat first, in the commands' own notation.

``first build E3 LR, F3 +``, ``second unrail E3 F3``, ``second impossible``, ``first complete D5
UR, E5 LU`` (a submitted answer to Impossible), ``second swap``, ``first use undo``, ``first go
second``. The solver's judgement and timeouts are comments. The supply is never written: not the
organizer's hidden one, nor the counts published after the game.

>>> from domain.monunrail.state import Built, ImpossibleCalled, ImpossibleJudged, Swapped
>>> from domain.game import Result
>>> called = ImpossibleCalled("first", "impossible:2", "solver", 2)
>>> judged = ImpossibleJudged("impossible:2", "first", False, [], 3, Result("first", "impossible_upheld"))
>>> move_lines([Built("first", ["D3 RD"], 0), Swapped("second", 1), called, judged])
['first build D3 RD', 'second swap', 'first impossible', '; the solver found no way to complete the track']
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from domain.monunrail.state import (
    SEATS,
    Built,
    ImpossibleCalled,
    ImpossibleJudged,
    ItemUsed,
    OrderChosen,
    Swapped,
    MonunrailTimedOut,
    Unrailed,
)


def move_lines(events: Iterable[Any]) -> list[str]:
    lines: list[str] = []
    adjudication: dict[str, str] = {}
    for event in events:
        if isinstance(event, Built):
            lines.append(f"{event.seat} build {', '.join(event.tiles)}" + (" ; the track is complete" if event.completed
                                                                             else ""))
        elif isinstance(event, Unrailed):
            lines.append(f"{event.seat} unrail {' '.join(event.cells)}")
        elif isinstance(event, ImpossibleCalled):
            adjudication[event.key] = event.adjudication
            lines.append(f"{event.seat} impossible")
        elif isinstance(event, ImpossibleJudged):
            lines.append(_judged(event, adjudication.get(event.key, "solver")))
        elif isinstance(event, Swapped):
            lines.append(f"{event.seat} swap")
        elif isinstance(event, ItemUsed):
            lines.append(f"{event.seat} use {event.item}" + (f" ; takes back {', '.join(event.undone)}"
                                                            if event.undone else ""))
        elif isinstance(event, OrderChosen):
            lines.append(f"{event.seat} go {event.go}" + (" ; by default" if event.by_default else ""))
        elif isinstance(event, MonunrailTimedOut):
            lines.append(f"; {event.seat} ran out of time")
    return lines


def _judged(event: ImpossibleJudged, adjudication: str) -> str:
    """A completion the caller's opponent submitted is its turn; the solver's verdict a comment."""
    if adjudication == "submitted" and event.completable:
        opponent = next(seat for seat in SEATS if seat != event.caller)
        return f"{opponent} complete {', '.join(event.witness)}"
    if adjudication == "submitted":
        return "; no completion was shown in time"
    if event.completable:
        return f"; the solver completes the track with {', '.join(event.witness)}"
    return "; the solver found no way to complete the track"
