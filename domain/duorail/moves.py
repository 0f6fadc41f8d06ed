"""Legal moves: what a seat may send now, each with its command, and where perft is defined.

>>> from domain.duorail.rules import begin, initial
>>> state = begin(initial(None, seed=0), at=0)
>>> moves = legal_moves(state, "blue")
>>> len(moves), moves[:2], moves[-3:], perft_refusal(state)
(651, ['A1 UD', 'A1 LR'], ['challenge blue', 'challenge red', 'pass'], None)
"""

from __future__ import annotations

from domain.duorail.parts.track import CELLS, SHAPES, STRAIGHTS
from domain.duorail.rules import seat_to_play, to_move
from domain.duorail.state import PHASES_WITH_TRACKS, DuorailMove, DuorailState, SubmitTrack
from domain.game import LegalMove, LegalMoves


def legal_moves(state: DuorailState, seat: str) -> list[str]:
    """Every move ``seat`` may send now in canonical notation (empty unless it is ``seat``'s turn
    of play): per empty cell the six shapes, then the common straights while the pool lasts, then
    ``challenge blue``, ``challenge red`` and ``pass``."""
    if state.turn_started_at is None or seat_to_play(state) != seat:
        return []
    moves = []
    for cell in CELLS:
        if cell not in state.board:
            moves += [f"{cell} {shape}" for shape in SHAPES]
            if state.common_left:
                moves += [f"{cell} {shape} common" for shape in STRAIGHTS]
    return [*moves, "challenge blue", "challenge red", "pass"]


def legal_commands(state: DuorailState, seat: str) -> LegalMoves:
    """The legal moves as ``duorail_move`` commands; while ``seat`` must show a track (a challenge
    it must meet, the endgame window) also ``no track``, the one submission that needs no search
    (it concedes a challenge; in the endgame it seals length 0). Both seats are offered it for the
    whole endgame window, since listing what a seat sealed would tell it to the opponent; after a
    sealed track it is refused as ``track_sealed``."""
    extra = []
    if state.phase in ("challenge", "endgame") and state.turn_started_at is not None and seat in to_move(state):
        extra.append(LegalMove("no track", SubmitTrack(None)))
    return LegalMoves(legal_moves(state, seat), DuorailMove, extra)


def perft_refusal(state: DuorailState) -> str | None:
    """Perft counts the play phase, where one seat moves at a time and every move is listed."""
    if state.phase in PHASES_WITH_TRACKS:
        return "a track shown for a challenge or sealed for the endgame is not listed move by move."
    return None
