"""Cairo Corridor game records: one line per placement, the seat first (``first Gl``); the final
corridor and scores, and a timeout, as comments.

>>> from domain.cairo.state import CairoPlaced, CairoTimedOut
>>> move_lines([CairoPlaced("first", "Gl", 0), CairoTimedOut("second", 9)])
['first Gl', '; second ran out of time']
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from domain.cairo.state import CairoPlaced, CairoTimedOut


def move_lines(events: Iterable[Any]) -> list[str]:
    lines: list[str] = []
    for event in events:
        if isinstance(event, CairoPlaced):
            lines.append(f"{event.seat} {event.cell}")
            if event.outcome is not None:
                scores = ", ".join(f"{seat} {score}" for seat, score in event.outcome.scores.items())
                lines.append(f"; corridor {' '.join(event.outcome.corridor)}; scores {scores}")
        elif isinstance(event, CairoTimedOut):
            lines.append(f"; {event.seat} ran out of time")
    return lines
