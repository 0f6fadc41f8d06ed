"""Moves as written: in play a move (``C3 UR``, ``C3 LR common``, ``challenge red``, ``pass``: see
:mod:`domain.duorail.parts.notation`); while a track is asked for a track (``C3 RRDDLLUU``) or
``no track``.

>>> from domain.duorail.rules import begin, initial
>>> state = begin(initial(None, seed=0), at=0)
>>> parse_move(state, "c3 ru"), format_move(SubmitTrack("a1 rdlu")), format_move(SubmitTrack(None))
(DuorailMove(move='C3 UR'), 'A1 RDLU', 'no track')
"""

from __future__ import annotations

from typing import Any

from domain.duorail.parts.notation import format_action, parse_action
from domain.duorail.parts.track import format_track, parse_track
from domain.duorail.state import PHASES_WITH_TRACKS, DuorailMove, DuorailState, SubmitTrack


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
