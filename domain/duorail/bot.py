"""The built-in bots of Duorail, by level (:data:`BOTS`; see :mod:`domain.bots`). Every level shows a
track when challenged (``submitted`` adjudication) and seals its longest track in the endgame.

- 0 ``random``: in play a random placement, now and then a pass; it never challenges.
- 1 ``sane``: it challenges a colour the solver shows has no track (the challenged player cannot
  show one, so the challenge wins); else it places, at random, a piece after which both colours
  still have a track (a piece that leaves either colour none loses to the opponent's challenge);
  now and then it passes -- but never a pass that ends play (after the opponent's) with a shorter
  longest track than the opponent's. Out of think time it passes, the move that breaks no track.
- 2 ``greedy``: it scores every placement at once (:mod:`~domain.duorail.parts.lengths`: both colours'
  longest tracks after it) and plays the one that leaves it the best *margin* -- its longest track
  less the opponent's, a tie counting for the last placer (:mod:`~domain.duorail.search`) -- never
  one that leaves a colour without a track; among equals, a cell the opponent could also have used
  without loss. It passes when no placement beats passing, and ends play by a pass when that wins.
  Like every level above 0 it challenges a colour with no track.
- 3 ``search``: the same scores inside an iterative-deepening alpha-beta search over the rules,
  up to four moves deep, among its 24 best placements (8 below the root) and the pass: it sees the
  opponent's best answer to each move, its own answer to that, and so on. At the last move it also counts
  each side's *spare* cells (a piece there costs its owner nothing): once the tracks are fixed,
  who runs out of them first must weaken its track or pass. It stops when its think time is spent
  (playing the best move of the deepest search it finished) or after 1,200 positions (about 2 s).

:func:`evaluate` judges a position for a seat (exact where the solver decides the game). A bot
reads the pieces on the board and nothing else: never a sealed endgame track.

>>> from domain.bots import Think
>>> from domain.duorail.rules import begin, initial, evolve
>>> from domain.duorail.state import DuorailPlaced
>>> s = begin(initial(None, seed=0), at=0)
>>> round(evaluate(s, "red", Think(seed=0)), 3)  # equal tracks: the tie-break is red's while nobody placed
0.081
>>> greedy_bot(s, "blue", Think(seed=1))  # a piece on red's 80-cell tracks, on one of blue's
[DuorailMove(move='H3 RD')]
>>> s = evolve(s, DuorailPlaced(seat="blue", cell="A1", colour="blue", shape="UD", at=0))  # a rail into the edge
>>> sane_bot(s, "red", Think(seed=1)), search_bot(s, "red", Think(seed=1)), evaluate(s, "blue", Think(seed=0))
([DuorailMove(move='challenge blue')], [DuorailMove(move='challenge blue')], -1.0)
"""

from __future__ import annotations

from typing import Any

from domain.bots import Think, first_passing, shuffled
from domain.duorail.moves import legal_moves
from domain.duorail.rules import endgame_outcome, other, seat_to_play
from domain.duorail.state import SEATS, DuorailMove, DuorailState, SubmitTrack
from domain.duorail.parts.track import COMMON, format_track
from domain.sealed import has_submitted

PASS_RATE = 0.1
"""How often a bot passes when it may."""

Pieces = dict[str, tuple[str, str]]


def _find(pieces: Pieces, colour: str) -> list[str] | None:
    from domain.duorail.parts.solver import find_track  # compiled: loaded on first use

    return find_track(pieces, colour)


def _longest(pieces: Pieces, colour: str) -> list[str] | None:
    from domain.duorail.parts.solver import longest_track

    return longest_track(pieces, colour)


def submission(state: DuorailState, seat: str) -> list[Any]:
    """While ``seat`` must show a track: when challenged (``submitted`` adjudication), a track of the
    challenged colour if one exists; in the endgame (``submitted`` scoring, nothing sealed yet), its
    longest track. ``[]`` otherwise."""
    challenge = state.challenge
    if (state.phase == "challenge" and challenge is not None and challenge.challenged == seat
            and state.options.adjudication == "submitted"):
        track = _find(state.pieces(), challenge.colour)
        return [SubmitTrack(track=format_track(track) if track else None)]
    endgame = state.endgame
    if (state.phase == "endgame" and endgame is not None and state.options.scoring == "submitted"
            and not has_submitted(endgame.box, seat)):
        track = _longest(state.pieces(), seat)
        return [SubmitTrack(track=format_track(track) if track else None)]
    return []


def _placements(state: DuorailState, seat: str) -> list[str]:
    return [m for m in legal_moves(state, seat) if m[0].isalpha() and m[1].isdigit()]


def random_bot(state: DuorailState, seat: str, think: Think) -> list[Any]:
    """Level 0: a random placement (now and then a pass; it never challenges)."""
    if state.phase == "play" and seat_to_play(state) == seat:
        rng = think.rng()
        placements = _placements(state, seat)
        return [DuorailMove(rng.choice(placements) if placements and rng.random() > PASS_RATE else "pass")]
    return submission(state, seat)


def placed(pieces: Pieces, move: str, seat: str) -> Pieces:
    """The pieces after ``seat`` plays the placement ``move`` (``E5 UD`` or ``C3 LR common``).

    >>> placed({}, "E5 ud", "blue"), placed({}, "C3 LR common", "red")
    ({'E5': ('blue', 'UD')}, {'C3': ('common', 'LR')})
    """
    cell, shape, *common = move.upper().split()
    return {**pieces, cell: (COMMON if common else seat, shape)}


def sane_bot(state: DuorailState, seat: str, think: Think) -> list[Any]:
    """Level 1 (see the module's docstring)."""
    if not (state.phase == "play" and seat_to_play(state) == seat):
        return submission(state, seat)
    pieces, rng = state.pieces(), think.rng()
    for colour in (other(seat), seat):
        if think.spent():
            return [DuorailMove("pass")]
        if _find(pieces, colour) is None:
            return [DuorailMove(f"challenge {colour}")]
    passing = [DuorailMove("pass")] if _pass_is_safe(state, seat, think) else []
    if passing and rng.random() < PASS_RATE:
        return passing
    keeps_both = first_passing(shuffled(_placements(state, seat), think),
                               lambda move: all(_find(placed(pieces, move, seat), c) is not None for c in SEATS),
                               think)
    return ([DuorailMove(keeps_both)] if keeps_both else []) + (passing or [DuorailMove("pass")])


def _pass_is_safe(state: DuorailState, seat: str, think: Think) -> bool:
    """Whether passing now does not lose at once: it does when it ends play (the opponent passed
    last) and the endgame's longest tracks then make the opponent the winner."""
    if not state.passed:
        return True
    if think.spent():
        return False
    pieces = state.pieces()
    lengths = {colour: len(track or ()) for colour in SEATS for track in [_longest(pieces, colour)]}
    return endgame_outcome(state, lengths).winner == seat


def _searched(state: DuorailState, seat: str, think: Think, widths: tuple[int, int], depth: int, cap: int) -> list[Any]:
    """A turn of level 2 or 3: a track when one is asked; in play a winning challenge, else the move
    of :func:`~domain.duorail.search.searched_move` (a pass if the think time is spent before any score)."""
    if not (state.phase == "play" and seat_to_play(state) == seat):
        return submission(state, seat)
    from domain.duorail.parts.position import position
    from domain.duorail.search import searched_move  # the search and its DP are compiled: loaded on first use

    return [DuorailMove(position(state).name(searched_move(state, seat, think, widths, depth, cap)))]


def greedy_bot(state: DuorailState, seat: str, think: Think) -> list[Any]:
    """Level 2 (see the module's docstring)."""
    return _searched(state, seat, think, (1, 1), depth=1, cap=0)


SEARCH_WIDTHS = (24, 8)
"""The placements the search looks at: at its root, and below."""
SEARCH_DEPTH = 4
"""The most moves the search looks ahead (its first iteration, one move, is the greedy choice)."""
SEARCH_CAP = 1200
"""The most positions one search scores (each costs about two solver runs): its own time limit."""


def search_bot(state: DuorailState, seat: str, think: Think) -> list[Any]:
    """Level 3 (see the module's docstring)."""
    return _searched(state, seat, think, SEARCH_WIDTHS, SEARCH_DEPTH, SEARCH_CAP)


def evaluate(state: DuorailState, seat: str, think: Think) -> float:
    """The prospects of ``seat`` from -1 (lost) to 1 (won). Exact where the solver decides: the
    result; a challenge (won by the challenged seat if a track of the colour exists); the endgame
    (the longest tracks); in play, a colour with no track (the seat to play challenges it) and a
    pass that would end play in the seat to play's favour. Otherwise the margin of the longest
    tracks (:func:`domain.duorail.search.margin`) as a value strictly between -1 and 1; ``0.0``
    when the think time is spent before the solver runs."""
    from domain.duorail.parts.position import margin, value

    if state.result is not None:
        return 0.0 if state.result.winner is None else 1.0 if state.result.winner == seat else -1.0
    if think.spent():
        return 0.0
    pieces, challenge = state.pieces(), state.challenge
    if state.phase == "challenge" and challenge is not None:
        met = _find(pieces, challenge.colour) is not None
        return 1.0 if (challenge.challenged if met else challenge.challenger) == seat else -1.0
    lengths = {colour: len(_longest(pieces, colour) or ()) for colour in SEATS}
    if state.phase != "play":
        return 1.0 if endgame_outcome(state, lengths).winner == seat else -1.0
    mover, edge = seat_to_play(state), margin(lengths[seat], lengths[other(seat)], state.last_placer, seat)
    if 0 in lengths.values() or (state.passed and (edge > 0) == (mover == seat)):
        return 1.0 if mover == seat else -1.0  # the mover challenges, or passes and wins
    return value(edge)


BOTS = {0: random_bot, 1: sane_bot, 2: greedy_bot, 3: search_bot}
"""The bot of each level (:data:`domain.bots.LEVELS`)."""
