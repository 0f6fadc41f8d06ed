"""What the Duorail bots of levels 2 and 3 think with: every placement scored at once, a static
score, and an alpha-beta search -- over the searcher's positions (:mod:`domain.duorail.parts.position`:
moves as ints, children by ``apply``), so the search grows with that API's speed.

A position's *score* for a seat is the endgame margin if play ended now: its longest track less
the opponent's, the tie going to the last placer (:func:`margin`). :func:`placements` scores every
placement of the seat to play at once from :func:`domain.duorail.parts.lengths.lengths_with`: a piece of
the seat's colour on cell ``k`` with mask ``m`` leaves its own longest track ``mine[k][m]`` and the
opponent's ``theirs[k][0]`` (the cell is off its tracks); a common straight leaves
``mine[k][m]`` and ``theirs[k][m]``. A placement after which a colour has no track loses (the
opponent challenges that colour), so it is never offered.

:func:`best_move` is an iterative-deepening negamax with alpha-beta over the pure rules (children
by :meth:`~domain.duorail.parts.position.DuorailPosition.apply`), over the best placements by margin (contested cells
first) and the pass. At the last ply the side to move takes its best placement's margin from the
tables or stands on its pass (exact when it ends play), plus a little for each spare cell it has
more than the opponent (:data:`TEMPO`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import NamedTuple

import numpy as np

from domain.bots import Think, never
from domain.duorail.parts.lengths import lengths_with
from domain.duorail.parts.position import CHALLENGE_BLUE, PASS, DuorailPosition, margin, position, value
from domain.duorail.parts.solver import shape_mask
from domain.duorail.state import SEATS, DuorailState
from domain.duorail.parts.track import SHAPES, STRAIGHTS

WIN = 1.0
SHAPE_MASKS = np.array([shape_mask(s) for s in SHAPES])
TEMPO, TEMPO_CAP = 0.04, 10
"""The worth of a spare cell more than the opponent's, in cells of margin, and the most counted:
at most 0.4, so it never outweighs a track's length (margins differ by whole cells, ties by 1)."""
STRAIGHT_MASKS = np.array([shape_mask(s) for s in STRAIGHTS])


class Stopped(Exception):
    """The think time ran out, or the search's own cap on positions was reached."""


MOVE_SHAPES = (*SHAPES, *(f"{shape} common" for shape in STRAIGHTS))
"""How a placement's shape is written: a piece of the seat's colour, then a common straight."""


class Placements(NamedTuple):
    """Every placement that keeps both tracks, for the seat to play: its ``cells`` (index) and
    ``shapes`` (in :data:`MOVE_SHAPES`), the seat's and the opponent's longest tracks after it,
    and whether its cell is ``contested`` (a spare cell of the opponent's); ``mine`` and
    ``theirs``: the lengths now; ``spare``: how many spare cells the seat has less the opponent's
    (a *spare* cell takes a piece of its owner without a loss of margin: the tempo moves of a
    position whose tracks no longer change)."""

    cells: np.ndarray
    shapes: np.ndarray
    after_mine: np.ndarray
    after_theirs: np.ndarray
    contested: np.ndarray
    mine: int
    theirs: int
    spare: int

    def move(self, i: int) -> int:
        """Placement ``i`` as the position's move (``cell * 8 + shape``)."""
        return int(self.cells[i]) * 8 + int(self.shapes[i])


def placements(state: DuorailState | DuorailPosition, seat: str, spent: Callable[[], bool] = never) -> Placements:
    """Every placement of ``seat`` (the seat to play) that keeps a track of both colours, scored.
    Raises :class:`Stopped` if ``spent`` before either colour's DP."""
    found = position(state)
    pieces = found.pieces()
    own, opp = (_tables(pieces, colour, spent) for colour in (seat, _other(seat)))
    empty = np.array([k for k, code in enumerate(found.cells) if not code], np.int64)
    n = len(empty)
    common_left = found.common_left
    cells, shapes = [np.repeat(empty, len(SHAPES))], [np.tile(np.arange(len(SHAPES)), n)]
    after_mine, after_theirs = [own[empty][:, SHAPE_MASKS].ravel()], [np.repeat(opp[empty, 0], len(SHAPES))]
    if common_left:
        cells.append(np.repeat(empty, len(STRAIGHTS)))
        shapes.append(np.tile(np.arange(len(SHAPES), len(MOVE_SHAPES)), n))
        after_mine.append(own[empty][:, STRAIGHT_MASKS].ravel())
        after_theirs.append(opp[empty][:, STRAIGHT_MASKS].ravel())
    mine_after, theirs_after = np.concatenate(after_mine), np.concatenate(after_theirs)
    keeps = (mine_after > 0) & (theirs_after > 0)
    mine, theirs = int(own[0].max()), int(opp[0].max())
    my_spare, their_spare = _spare(own, opp, mine - theirs, empty), _spare(opp, own, theirs - mine, empty)
    contested = np.concatenate([np.repeat(their_spare, len(SHAPES))]
                               + [np.repeat(their_spare, len(STRAIGHTS))] * bool(common_left))
    return Placements(np.concatenate(cells)[keeps], np.concatenate(shapes)[keeps], mine_after[keeps],
                      theirs_after[keeps], contested[keeps], mine, theirs, int(my_spare.sum() - their_spare.sum()))


def _spare(own: np.ndarray, opp: np.ndarray, edge: int, empty: np.ndarray) -> np.ndarray:
    """Which ``empty`` cells take a piece of ``own``'s colour keeping its ``edge`` (and both tracks)."""
    mine, theirs = own[empty][:, SHAPE_MASKS], opp[empty, 0][:, None]
    spare: np.ndarray = ((mine > 0) & (theirs > 0) & (mine - theirs >= edge)).any(axis=1)
    return spare


def _tables(pieces: dict[str, tuple[str, str]], colour: str, spent: Callable[[], bool]) -> np.ndarray:
    if spent():
        raise Stopped
    return lengths_with(pieces, colour)


def edges(found: Placements) -> np.ndarray:
    """The margin after each placement for its placer (the last placer then: a tie is its)."""
    return np.where(found.after_mine == found.after_theirs, 0.5, found.after_mine - found.after_theirs)


def ranked(found: Placements, keys: np.ndarray) -> np.ndarray:
    """The placements' indices, best margin first (then contested cells, the longer own track, and
    the order of ``keys``)."""
    return np.lexsort((keys[:len(found.cells)], -found.after_mine, ~found.contested, -edges(found)))


Lengths = tuple[int, int]
"""The longest tracks of the seat to play and of its opponent."""


class Searcher:
    """A negamax with alpha-beta, from the view of the seat to play: the ``widths[0]`` best
    placements by their margin at the root, ``widths[1]`` below; it raises :class:`Stopped` once
    ``spent`` or after ``cap`` positions scored (each is scored once: a deeper search reads the
    scores of the shallower one)."""

    def __init__(self, spent: Callable[[], bool], widths: tuple[int, ...], keys: np.ndarray, cap: int):
        self.spent, self.widths, self.keys, self.cap = spent, widths, keys, cap
        self.scores: dict[tuple[bytes, int], Placements] = {}

    def scored(self, state: DuorailPosition) -> Placements:
        seat = _to_play(state)
        key = (state.cells, state.turn)  # the scores read the pieces and the seat only
        if key not in self.scores:
            if len(self.scores) >= self.cap or self.spent():
                raise Stopped
            self.scores[key] = placements(state, seat, self.spent)
        return self.scores[key]

    def moves(self, found: Placements, width: int) -> list[tuple[int, Lengths]]:
        """Pass, then the ``width`` best placements by their margin, each with the lengths it leaves
        (for the opponent, then on move)."""
        return [(PASS, (found.theirs, found.mine)),
                *((found.move(i), (int(found.after_theirs[i]), int(found.after_mine[i])))
                  for i in ranked(found, self.keys)[:width])]

    def negamax(self, state: DuorailPosition, lengths: Lengths, depth: int, alpha: float, beta: float) -> float:
        """The value (from -1 to 1) of ``state`` for the seat to play, whose tracks are ``lengths``,
        ``depth`` plies ahead. At the last ply the seat may stand on its pass (exact when it ends
        play) or take its best placement's margin; the pass alone may already reach ``beta``."""
        seat = _to_play(state)
        stand = value_of(stand_edge(state, seat, lengths))
        if depth == 1 and stand >= beta:
            return stand
        found = self.scored(state)
        if depth == 1:
            edge = max(stand_edge(state, seat, lengths), float(edges(found).max()) if len(found.cells) else -math.inf)
            return value_of(edge + TEMPO * np.clip(found.spare, -TEMPO_CAP, TEMPO_CAP))
        best = -WIN
        for move, after in self.moves(found, self.widths[1]):
            if move == PASS and state.passed:
                score = stand
            else:
                score = -self.negamax(state.apply(seat, move), after, depth - 1, -beta, -max(alpha, best))
            best = max(best, score)
            if best >= beta:
                break
        return best


def stand_edge(state: DuorailPosition, seat: str, lengths: Lengths) -> float:
    """The margin of ``seat``, to play, if it passes and play went no further; after the
    opponent's pass, the game's end: an infinite margin, won or lost."""
    edge = margin(*lengths, None if state.last_placer < 0 else SEATS[state.last_placer], seat)
    return math.copysign(math.inf, edge) if state.passed else edge


def value_of(edge: float) -> float:
    """:func:`value`, and the game's end (an infinite margin) as a win or a loss."""
    return math.copysign(WIN, edge) if math.isinf(edge) else value(edge)


def best_move(state: DuorailState | DuorailPosition, found: Placements, spent: Callable[[], bool], keys: np.ndarray,
              widths: tuple[int, ...], max_depth: int, cap: int) -> int | None:
    """The best move of the seat to play by an iterative-deepening negamax (depth 1 is the greedy
    choice), from the placements ``found``. The deepest search finished decides, or the part of an
    unfinished one in which a move beat the previous best (searched first)."""
    searcher = Searcher(spent, widths, keys, cap)
    state = position(state)
    seat, chosen = _to_play(state), None
    try:
        moves = searcher.moves(found, widths[0])
        moves = [*moves[1:], moves[0]]  # a placement rather than the pass, on equal values
        scores = edges(found)
        greedy = {found.move(i): value(float(scores[i])) for i in ranked(found, keys)[:widths[0]]}
        greedy[PASS] = value_of(stand_edge(state, seat, (found.mine, found.theirs)))
        for depth in range(1, max_depth + 1):
            if chosen is not None:
                moves = sorted(moves, key=lambda m: m[0] != chosen)
            best, best_value = None, -math.inf
            for move, after in moves:
                if depth == 1 or (move == PASS and state.passed):
                    score = greedy[move]
                else:
                    score = -searcher.negamax(state.apply(seat, move), after, depth - 1, -WIN, -max(best_value, -WIN))
                if score > best_value:
                    best, best_value = move, score
                    if best != moves[0][0] and depth > 1:
                        chosen = best  # it beat the previous best outright
            chosen = best
            if best_value == WIN:
                break
    except Stopped:
        pass
    return chosen


def _to_play(state: DuorailPosition) -> str:
    """The seat to play: the search reads play-phase positions only."""
    return SEATS[state.turn]


def _other(seat: str) -> str:
    return SEATS[1 - SEATS.index(seat)]


def searched_move(state: DuorailState | DuorailPosition, seat: str, think: Think, widths: tuple[int, ...],
                  max_depth: int, cap: int) -> int:
    """The move (the position's int) of ``seat``, to play, by the search of levels 2 and 3: the
    challenge of a colour left with no track, else :func:`best_move` over the placements ``found``
    by :func:`placements`, in a random order of equal ones drawn from ``think.seed``; the pass when
    ``think`` is spent before the first scores."""
    found_position = position(state)
    try:
        found = placements(found_position, seat, think.spent)
    except Stopped:
        return PASS
    for colour, length in ((_other(seat), found.theirs), (seat, found.mine)):
        if length == 0:
            return CHALLENGE_BLUE + SEATS.index(colour)
    keys = np.random.default_rng(think.seed).random(len(found_position.cells) * 8)
    move = best_move(found_position, found, think.spent, keys, widths, max_depth, cap)
    return PASS if move is None else move  # (None: out of time before the first ply)
