"""Solver work, run on a worker and never in a request: the answers to the jobs the state waits on
(:func:`work`), the analysis of a position (:func:`analyse`), and the track solver with a state in
and a track out (:func:`find_track`, :func:`longest_track`); the built-in bots are :mod:`domain.duorail.bot`.

A track is, everywhere in the library, its cells in loop order as a tuple (its length is the
number of cells); ``None`` is the one answer for "no track".

The solver (:mod:`domain.duorail.parts.solver`, compiled with numba) is imported on first use, so that
importing the game does not load it.

>>> from domain.duorail.rules import begin, initial, evolve
>>> from domain.duorail.state import DuorailPlaced
>>> s = begin(initial(None, seed=0), at=0)
>>> s = evolve(s, DuorailPlaced(seat="blue", cell="A1", colour="blue", shape="RD", at=0))
>>> s = evolve(s, DuorailPlaced(seat="red", cell="A2", colour="red", shape="LR", at=0))
>>> a = analyse(s)
>>> a.tracks
{'blue': None, 'red': None}
>>> state = begin(initial(None, seed=0), at=0)
>>> track = find_track(state, "blue")
>>> track[:4], len(longest_track(state, "red"))
(('A1', 'A2', 'B2', 'B1'), 80)
"""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.duorail.rules import asked_colours
from domain.duorail.state import SEATS, DuorailSolverAnswer, DuorailState, Track
from domain.errors import InvalidCommand
from domain.game import Job


def _solve(pieces: dict[str, tuple[str, str]], colour: str, longest: bool) -> Track | None:
    from domain.duorail.parts.solver import find_track, longest_track

    return (longest_track if longest else find_track)(pieces, colour)


def work(state: DuorailState, job: Job) -> DuorailSolverAnswer:
    """The answer to ``job``: for ``track_exists`` a track of the challenged colour (or ``None``),
    for ``longest_tracks`` a longest track of each colour (or ``None``). Pure; takes milliseconds."""
    if job.kind not in ("track_exists", "longest_tracks"):
        raise ValueError(f"Duorail has no job kind {job.kind!r}.")
    pieces = state.pieces()
    kind: Literal["track_exists", "longest_tracks"] = "longest_tracks" if job.kind == "longest_tracks" else "track_exists"
    tracks = {colour: _solve(pieces, colour, kind == "longest_tracks") for colour in asked_colours(state, job)}
    return DuorailSolverAnswer(key=job.key, kind=kind, tracks=tracks)


class DuorailAnalysis(msgspec.Struct, frozen=True):
    """A longest possible track of each colour on the board as it stands: its cells in loop order
    (the solver's witness, the shape of every track of the library), or ``None`` when the colour has
    no track at all. Its length is the number of cells."""

    tracks: dict[str, Track | None]


def analyse(state: DuorailState) -> DuorailAnalysis:
    """The longest track of each colour in the current position (it reads only the pieces)."""
    pieces = state.pieces()
    return DuorailAnalysis(tracks={colour: _solve(pieces, colour, longest=True) for colour in SEATS})


def find_track(state: DuorailState, colour: str) -> tuple[str, ...] | None:
    """A track of ``colour`` (``blue`` or ``red``) on the board of ``state``, or ``None``: exact,
    ``None`` means none exists."""
    return _as_tuple(_solve(state.pieces(), _checked(colour), longest=False))


def longest_track(state: DuorailState, colour: str) -> tuple[str, ...] | None:
    """A longest track of ``colour`` on the board of ``state``, or ``None`` when there is none."""
    return _as_tuple(_solve(state.pieces(), _checked(colour), longest=True))


def _as_tuple(track: Track | None) -> tuple[str, ...] | None:
    return None if track is None else tuple(track)


def _checked(colour: str) -> str:
    if colour not in SEATS:
        raise InvalidCommand("unknown_colour", f"A Duorail track is {' or '.join(SEATS)}, not {colour!r}.")
    return colour


def warm_up() -> None:
    """Load the compiled track solver (and the bots' DP of every placement) now rather than at
    their first question."""
    from domain.duorail.parts import lengths, solver

    solver.warm_up()
    lengths.lengths_with({}, "blue")
