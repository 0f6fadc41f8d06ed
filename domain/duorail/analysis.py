"""Solver work, run on a worker and never in a request: the answers to the jobs the state waits on
(:func:`work`), the analysis of a position (:func:`analyse`) and the built-in bot (:func:`bot_command`).

The solver (:mod:`domain.duorail.solver`, compiled with numba) is imported on first use, so that
importing the game does not load it.

>>> from domain.duorail.rules import begin, initial, evolve
>>> from domain.duorail.state import Placed
>>> s = begin(initial(None, seed=0), at=0)
>>> s = evolve(s, Placed(seat="blue", cell="A1", colour="blue", shape="RD", at=0))
>>> s = evolve(s, Placed(seat="red", cell="A2", colour="red", shape="LR", at=0))
>>> a = analyse(s)
>>> a.lengths, a.tracks["red"]
({'blue': 0, 'red': 0}, None)
"""

from __future__ import annotations

import random
from typing import Any

import msgspec

from domain.duorail.rules import asked_colours, legal_moves, seat_to_play
from domain.duorail.state import SEATS, DuorailState, Move, SolverAnswer, SubmitTrack, Track
from domain.duorail.track import format_track
from domain.game import Job
from domain.sealed import has_submitted


def _solve(pieces: dict[str, tuple[str, str]], colour: str, longest: bool) -> Track | None:
    from domain.duorail.solver import find_track, longest_track

    return (longest_track if longest else find_track)(pieces, colour)


def work(state: DuorailState, job: Job) -> SolverAnswer:
    """The answer to ``job``: for ``track_exists`` a track of the challenged colour (or ``None``),
    for ``longest_tracks`` a longest track of each colour (or ``None``). Pure; takes milliseconds."""
    if job.kind not in ("track_exists", "longest_tracks"):
        raise ValueError(f"Duorail has no job kind {job.kind!r}.")
    pieces = state.pieces()
    longest = job.kind == "longest_tracks"
    tracks = {colour: _solve(pieces, colour, longest) for colour in asked_colours(state, job)}
    return SolverAnswer(key=job.key, kind=job.kind, tracks=tracks)  # type: ignore[arg-type]


class DuorailAnalysis(msgspec.Struct, frozen=True):
    """Each colour's longest possible track on the board as it stands: its length (0: no track at
    all) and one such track in notation (``None``: none)."""

    lengths: dict[str, int]
    tracks: dict[str, str | None]


def analyse(state: DuorailState) -> DuorailAnalysis:
    """The longest track of each colour in the current position (it reads only the pieces)."""
    pieces = state.pieces()
    found = {colour: _solve(pieces, colour, longest=True) for colour in SEATS}
    return DuorailAnalysis(lengths={c: len(t) if t else 0 for c, t in found.items()},
                           tracks={c: format_track(t) if t else None for c, t in found.items()})


def bot_command(state: DuorailState, seat: str, seed: int) -> Any:
    """The built-in bot: in play a random placement (now and then a pass; it never challenges);
    challenged, it shows a track if one exists; in the endgame it seals its longest track."""
    if state.phase == "play" and seat_to_play(state) == seat:
        rng = random.Random(seed)
        placements = [m for m in legal_moves(state, seat) if m[0].isalpha() and m[1].isdigit()]
        return Move(rng.choice(placements) if placements and rng.random() > 0.1 else "pass")
    challenge = state.challenge
    if (state.phase == "challenge" and challenge is not None and challenge.challenged == seat
            and state.options.adjudication == "submitted"):
        track = _solve(state.pieces(), challenge.colour, longest=False)
        return SubmitTrack(track=format_track(track) if track else None)
    endgame = state.endgame
    if (state.phase == "endgame" and endgame is not None and state.options.scoring == "submitted"
            and not has_submitted(endgame.box, seat)):
        track = _solve(state.pieces(), seat, longest=True)
        return SubmitTrack(track=format_track(track) if track else None)
    return None
