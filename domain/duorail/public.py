"""Duorail's part of the rules library (:mod:`domain.library`): its moves read and written, where
perft is defined, and the track solver with states in and tracks out.

A track is, everywhere in the library, its cells in loop order as a tuple (its length is the
number of cells); ``None`` is the one answer for "no track".

>>> from domain.duorail.rules import begin, initial
>>> state = begin(initial(None, seed=0), at=0)
>>> parse_move(state, "c3 ru"), format_move(SubmitTrack("a1 rdlu")), format_move(SubmitTrack(None))
(DuorailMove(move='C3 UR'), 'A1 RDLU', 'no track')
>>> track = find_track(state, "blue")
>>> track[:4], len(longest_track(state, "red"))
(('A1', 'A2', 'B2', 'B1'), 80)
"""

from __future__ import annotations

from typing import Any

from domain.duorail.notation import format_action, parse_action
from domain.duorail.state import PHASES_WITH_TRACKS, SEATS, DuorailMove, DuorailState, SubmitTrack
from domain.duorail.track import format_track, parse_track
from domain.errors import InvalidCommand

NO_TRACK = "no track"
"""The submission that shows no track (it concedes a challenge; in the endgame it seals none)."""


def parse_move(state: DuorailState, text: str) -> Any:
    """In play a move (``C3 UR``, ``C3 LR common``, ``challenge red``, ``pass``); while a track is
    asked for (a challenge, the endgame) a track (``C3 RRDDLLUU``) or ``no track``."""
    if " ".join(text.split()).lower() == NO_TRACK:
        return SubmitTrack(None)
    if state.phase in PHASES_WITH_TRACKS:
        return SubmitTrack(format_track(parse_track(text)))
    return DuorailMove(format_action(parse_action(text)))


def format_move(command: Any) -> str:
    """A move in its canonical notation; a track as its start cell and moves; ``no track``."""
    if isinstance(command, DuorailMove):
        return format_action(parse_action(command.move))
    return NO_TRACK if command.track is None else format_track(parse_track(command.track))


def perft_refusal(state: DuorailState) -> str | None:
    """Perft counts the play phase, where one seat moves at a time and every move is listed."""
    if state.phase in PHASES_WITH_TRACKS:
        return "a track shown for a challenge or sealed for the endgame is not listed move by move."
    return None


def find_track(state: DuorailState, colour: str) -> tuple[str, ...] | None:
    """A track of ``colour`` (``blue`` or ``red``) on the board of ``state``, or ``None``: exact,
    ``None`` means none exists."""
    return _solve(state, colour, longest=False)


def longest_track(state: DuorailState, colour: str) -> tuple[str, ...] | None:
    """A longest track of ``colour`` on the board of ``state``, or ``None`` when there is none."""
    return _solve(state, colour, longest=True)


def _solve(state: DuorailState, colour: str, longest: bool) -> tuple[str, ...] | None:
    if colour not in SEATS:
        raise InvalidCommand("unknown_colour", f"A Duorail track is {' or '.join(SEATS)}, not {colour!r}.")
    from domain.duorail import solver  # compiled: loaded on first use

    track = (solver.longest_track if longest else solver.find_track)(state.pieces(), colour)
    return None if track is None else tuple(track)


def warm_up() -> None:
    """Load the compiled track solver (and the bots' DP of every placement) now rather than at
    their first question."""
    from domain.duorail import lengths, solver

    solver.warm_up()
    lengths.lengths_with({}, "blue")
