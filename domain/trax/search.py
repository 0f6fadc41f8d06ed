"""Alpha-beta over Trax turns (a move with all its forced plays) on one mutable board, for the bots.

Every turn is played for real (:func:`~domain.trax.parts.placements.resolve`, then the loops and lines it
forms), so a win or loss found is exact; positions at the search horizon get the static estimate of
:mod:`~domain.trax.parts.evaluation`. Scores are from the side to move: ``WIN - ply`` for a win found
``ply`` turns ahead, the estimate (within -1..1) otherwise. :class:`Search` deepens one turn at a
time, asks its ``spent`` every few turns played, and stops (:class:`Stop`) once it is true or it has
played ``max_nodes`` turns. ``estimate`` scores a horizon position from the features of its side to
move and of the other side (default :func:`~domain.trax.parts.evaluation.score`).

>>> from domain.trax.parts.board import Board, key_of
>>> from domain.trax.parts.placements import STANDARD
>>> board = Board({key_of(0, 0): 9, key_of(1, 0): 3}, Box(0, 0, 1, 0))   # @0/ B1\\
>>> search = Search(board, STANDARD, spent=lambda: False)
>>> best, value = search.best(colour=0, max_depth=2)                        # red to move
>>> search.name(best), value == WIN                                     # A2\\ closes the red loop
('A2\\\\', True)
"""

from __future__ import annotations

from collections.abc import Callable

from domain.trax.parts.board import Board, Box, frontier
from domain.trax.parts.evaluation import Ends, features_after, path_ends, score
from domain.trax.parts.forced import take_back
from domain.trax.parts.placements import Variant, resolve
from domain.trax.parts.notation import cell_label
from domain.trax.parts.tiles import FITS, SYMBOL
from domain.trax.parts.wins import wins_formed

WIN = 100.0
PROVEN = WIN - 50
"""Scores beyond ``±PROVEN`` are wins or losses the search found."""

CHECK_EVERY = 1
"""Turns played between two questions to ``spent``."""

Turn = tuple[int, int]
"""A move as (cell, tile)."""


class Stop(Exception):
    """The think time is spent, or the search played its most turns."""


class Search:
    """A search from one position (a copy of ``board``; the board is never changed)."""

    def __init__(self, board: Board, variant: Variant, spent: Callable[[], bool], max_nodes: int = 40_000,
                 estimate: Callable[..., float] = score) -> None:
        self.tiles, self.box, self.root_box = dict(board.tiles), board.box, board.box
        self.lines, self.max_side = variant.lines, variant.max_side
        self.spent, self.max_nodes, self.nodes = spent, max_nodes, 0
        self.estimate = estimate
        self.killers: dict[int, Turn] = {}
        self.partial: dict[Turn, float] = {}

    def name(self, turn: Turn) -> str:
        """The move in notation, from the searched position."""
        return cell_label(self.root_box, turn[0]) + SYMBOL[turn[1]]

    def _tick(self) -> None:
        self.nodes += 1
        if self.nodes % CHECK_EVERY == 0 and (self.nodes >= self.max_nodes or self.spent()):
            raise Stop

    def candidates(self, ply: int) -> list[Turn]:
        """Every move fitting its neighbours (not checked for forced plays), the killer first."""
        turns = [(key, tile) for key, pattern in frontier(self.tiles).items() for tile in FITS[pattern]]
        killer = self.killers.get(ply)
        if killer is not None and killer in turns:
            turns.remove(killer)
            turns.insert(0, killer)
        return turns

    def play(self, turn: Turn, colour: int) -> tuple[list[int], Box | None, float | None] | None:
        """Play ``turn`` for ``colour``: its cells, the box before, and its score when it ends the
        game (``WIN``: ``colour`` wins, ``-WIN``: it loses); ``None`` when illegal."""
        self._tick()
        outcome = resolve(self.tiles, self.box, turn[0], turn[1], self.max_side)
        if isinstance(outcome, str):
            return None
        placed, box = outcome
        before, self.box = self.box, box
        wins = wins_formed(self.tiles, box, placed, self.lines)
        over = None if not wins else WIN if any(c == colour for c, _ in wins) else -WIN
        return placed, before, over

    def undo(self, placed: list[int], before: Box | None) -> None:
        take_back(self.tiles, placed)
        self.box = before

    def can_win(self, colour: int) -> bool:
        """Whether ``colour`` to move has a move that wins at once (the last one found is tried first)."""
        for turn in self.candidates(-1):
            played = self.play(turn, colour)
            if played is None:
                continue
            self.undo(played[0], played[1])
            if played[2] is not None and played[2] > 0:
                self.killers[-1] = turn
                return True
        return False

    def _leaf(self, colour: int, placed: list[int], base: tuple[Ends, list[list[float]]]) -> float:
        """The static score, for ``colour``, of the turn ``placed`` just played (from ``base``, the
        path ends and features before it)."""
        after = features_after(self.tiles, placed, base[0], base[1], self.lines)
        return -self.estimate(after[1 - colour], after[colour])

    def _ordered(self, colour: int, ply: int) -> list[Turn] | None:
        """The legal moves, the killer first, then best first by the static score; ``None`` when
        one wins at once."""
        base, killer = path_ends(self.tiles, self.lines), self.killers.get(ply)
        hints: dict[Turn, float] = {}
        for turn in self.candidates(ply):
            played = self.play(turn, colour)
            if played is None:
                continue
            placed, before, over = played
            hints[turn] = (3.0 if turn == killer else 0.0) + (over if over is not None else self._leaf(colour, placed, base))
            self.undo(placed, before)
            if over is not None and over > 0:
                self.killers[ply] = turn
                return None
        return sorted(hints, key=hints.__getitem__, reverse=True)

    def negamax(self, colour: int, depth: int, alpha: float, beta: float, ply: int) -> float:
        """The score of the position for ``colour`` to move, ``depth`` turns deep."""
        best, legal = -2 * WIN, False
        base = path_ends(self.tiles, self.lines) if depth <= 1 else None
        turns = self.candidates(ply) if depth <= 1 else self._ordered(colour, ply)
        if turns is None:
            return WIN - ply
        for turn in turns:
            played = self.play(turn, colour)
            if played is None:
                continue
            placed, before, over = played
            legal = True
            if over is not None:
                value = (over - ply) if over > 0 else (over + ply + 1)
            elif base is not None:
                value = self._leaf(colour, placed, base)
            else:
                value = -self.negamax(1 - colour, depth - 1, -beta, -alpha, ply + 1)
            self.undo(placed, before)
            best = max(best, value)
            alpha = max(alpha, value)
            if alpha >= beta or value > PROVEN:
                self.killers[ply] = turn
                break
        return best if legal else 0.0  # no legal move: a draw

    def scores(self, colour: int, depth: int, order: list[Turn]) -> dict[Turn, float]:
        """Each legal move of ``order`` scored ``depth`` turns deep (alpha-beta: a move that cannot
        beat the best so far gets an upper bound), until one wins; may raise :class:`Stop` partway,
        with the moves scored so far in :attr:`partial`."""
        self.partial = {}
        alpha = -2 * WIN
        base = path_ends(self.tiles, self.lines) if depth <= 1 else None
        for turn in order:
            played = self.play(turn, colour)
            if played is None:
                continue
            placed, before, over = played
            if over is not None:
                value = over if over > 0 else over + 1
            elif base is not None:
                value = self._leaf(colour, placed, base)
            else:
                value = -self.negamax(1 - colour, depth - 1, -2 * WIN, -alpha, 1)
            self.undo(placed, before)
            self.partial[turn] = value
            alpha = max(alpha, value)
            if value > PROVEN:
                break
        return self.partial

    def best(self, colour: int, max_depth: int, first: list[Turn] | None = None) -> tuple[Turn | None, float]:
        """The best move for ``colour`` by iterative deepening, and its score (``None``: no legal
        move). A search stopped partway keeps the deepest move that is known at least as good
        (:meth:`_stopped`)."""
        order = first or self.candidates(0)
        chosen: tuple[Turn | None, float] = (None, 0.0)
        for depth in range(1, max_depth + 1):
            try:
                scored = self.scores(colour, depth, order)
            except Stop:
                return self._stopped(chosen, order)
            if not scored:
                return chosen
            order = sorted(scored, key=scored.__getitem__, reverse=True)
            chosen = (order[0], scored[order[0]])
            if abs(chosen[1]) > PROVEN and (chosen[1] > 0 or all(v < -PROVEN for v in scored.values())):
                break
        return chosen

    def _stopped(self, chosen: tuple[Turn | None, float], order: list[Turn]) -> tuple[Turn | None, float]:
        """The move to play when the deepest search stopped partway, with the moves of ``order``
        (best first by the last search) scored so far in :attr:`partial`: the best of those if it
        beats ``chosen``; if the deeper search found ``chosen`` lost, the next move not yet found lost."""
        done = self.partial
        turn = max(done, key=done.__getitem__) if done else None
        if turn is None or (chosen[0] is not None and chosen[0] not in done):
            return chosen
        if done[turn] > -PROVEN and (chosen[0] is None or done[turn] >= done[chosen[0]]):
            return turn, done[turn]
        unsearched = next((t for t in order if t not in done), None)
        if unsearched is not None:  # not known to lose: better than a move known to
            return unsearched, -1.0
        return turn, -1.0  # some moves were not searched: the loss is not proven
