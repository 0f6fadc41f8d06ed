"""Duorail game records: one line per turn in move notation, the seat first.

Placements, common straights, challenges and passes as :mod:`domain.duorail.parts.notation` writes
them; a track shown to meet a challenge as ``<seat> track C3 RRDDLLUU``; the endgame's sealed
tracks on one line once revealed (``blue track ... | red track ...``). A sealed track its reader
may see (its own) and not yet revealed ends the record, marked as sealed. The solver's findings
are comments.

>>> from domain.duorail.state import DuorailPlaced, Passed, TrackSealed
>>> move_lines([DuorailPlaced("blue", "C3", "blue", "UR", 0), Passed("red", 1, timeout=True),
...             TrackSealed("blue", ["A1", "A2", "B2", "B1"], 2)])
['blue C3 UR', 'red pass ; out of time', 'blue track A1 RDLU ; sealed, not yet revealed']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from domain.duorail.state import (
    SEATS,
    ChallengeDecided,
    Challenged,
    Passed,
    DuorailPlaced,
    RecordPublished,
    TrackSealed,
    TracksRevealed,
)
from domain.duorail.parts.track import format_track


def track_text(track: Sequence[str] | None) -> str:
    """A track as a start cell and moves (``A1 RDLU``), or ``none``."""
    return format_track(track) if track else "none"


def move_lines(events: Iterable[Any]) -> list[str]:
    lines: list[str] = []
    sealed: dict[str, TrackSealed] = {}
    for event in events:
        if isinstance(event, DuorailPlaced):
            lines.append(f"{event.seat} {event.cell} {event.shape}" + (" common" if event.colour == "common" else ""))
        elif isinstance(event, Challenged):
            lines.append(f"{event.seat} challenge {event.colour}")
        elif isinstance(event, Passed):
            lines.append(f"{event.seat} pass" + (" ; out of time" if event.timeout else ""))
        elif isinstance(event, ChallengeDecided):
            lines.append(_decided(event))
        elif isinstance(event, TrackSealed):
            sealed[event.seat] = event
        elif isinstance(event, TracksRevealed):
            sealed.clear()
            if event.by == "solver":
                lines.append("; the longest tracks: " + ", ".join(
                    f"{seat} {track_text(event.tracks.get(seat))}" for seat in SEATS))
            else:
                lines.append(" | ".join(f"{seat} track {track_text(event.tracks.get(seat))}" for seat in SEATS))
        elif isinstance(event, RecordPublished):
            lines.append("; for the record: " + ", ".join(
                f"{colour} {track_text(track)}" for colour, track in sorted(event.tracks.items())))
    lines += [f"{seat} track {track_text(sealed[seat].track)} ; sealed, not yet revealed" for seat in SEATS
              if seat in sealed]
    return lines


def _decided(event: ChallengeDecided) -> str:
    """The challenged seat's answer (a track, or none), or the referee's finding as a comment."""
    if event.by == "submission":
        return f"{event.challenged} track {track_text(event.track)}"
    if event.by == "concession":
        return f"{event.challenged} track none"
    if event.by == "timeout":
        return f"; {event.challenged} showed no {event.colour} track in time"
    if event.track is None:
        return f"; the solver found no {event.colour} track"
    return f"; the solver found a {event.colour} track: {track_text(event.track)}"
