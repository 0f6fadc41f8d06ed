"""Deep Sea Voyage for a search (:mod:`domain.searcher`): :class:`DeepseaPosition`, the three
boards' pentominoes, banks and losses, the round and the sealed actions.

Moves are ints: ``1``-``3`` select a board, :data:`PASS` passes, and a placement on board ``n`` is
``PLACE + (n - 1) * BOARD_MOVES + p``, the ``p``-th of :func:`~.pentominoes.all_placements` for
the board's size (the order ``legal_moves`` lists them in), written ``T on A11, A12, A13, B12, C12``. In an action window both
seats are in ``to_act``; each seat's action is applied on its own (sealed) and the seat leaves
``to_act``; when both are in, they are revealed and applied together. Play ends as the rules say;
the boards are then scored by their shortest routes (the server's ``computed`` routes: a player
who sends its shortest routes scores the same). A seat does not see the action its opponent
sealed: :func:`determinize` (and the position of :func:`~domain.deepsea.from_view`) leaves it open.

>>> from domain import deepsea
>>> start = position(deepsea.new_game(seed=1))
>>> start.to_act(), start.moves("empire")
(('empire',), [1, 2, 3])
>>> p = start.apply("empire", 2).apply("marauder", 1)
>>> p.to_act(), len(p.moves("empire")), p.name(p.moves("empire")[0])
(('empire', 'marauder'), 4940, 'F on C2, D2, D3, E1, E2')
>>> sealed = p.apply("empire", PASS)
>>> sealed.to_act(), sealed.determinize("marauder", random.Random(1)).to_act()
(('marauder',), ('empire', 'marauder'))
>>> final = start.random_playout(random.Random(1)).final
>>> final.result().reason in ("boards", "dmo_tiebreak"), final.to_act()
(True, ())
"""

from __future__ import annotations

import functools
import hashlib
import random
from typing import Any, ClassVar

import msgspec
import numpy as np

from domain.deepsea.parts import kernels
from domain.deepsea.parts.board import SIDE_SHIPS, Board, cell_index
from domain.deepsea.parts.pentominoes import PIECES, all_placements, format_placement, parse_placement, placement_of
from domain.deepsea.rules import board_score, outcome, priority_side
from domain.deepsea.state import SEATS, BoardScore, DeepseaState
from domain.errors import IllegalMove, InvalidCommand, WrongState
from domain.game import Result
from domain.searcher import Playout

PASS, PLACE = 4, 8
BOARD_MOVES = 1 << 15
"""Placement moves of board ``n`` are ``PLACE + (n - 1) * BOARD_MOVES + p``."""
FULL_BANK = (1 << len(PIECES)) - 1
NO_ACTION = -1


class Layout:
    """What the search needs of one board, computed once per board: flags of the cells ships may
    cross and pentominoes may cover, the ships and dropoffs, the placements' cells and pieces."""

    def __init__(self, board: Board):
        self.board, size = board, board.size
        self.stride, self.cells_n = size + 1, size * (size + 1)
        self.passable = _flags(board.passable, self.cells_n)
        self.placeable = _flags(board.placeable, self.cells_n)
        self.passable_mask, self.placeable_mask = board.passable, board.placeable
        self.ships = np.array([_stride(cell_index(board.ships[s], size), size) for side in SEATS
                               for s in SIDE_SHIPS[side]], np.int64)
        self.dropoffs = np.array([_stride(i, size) for i, k in enumerate(board.terrain) if k == "D"], np.int64)
        found = all_placements(size)
        self.placements = found
        self.cells = np.array([[_stride(i, size) for i in cells] for _, cells in found], np.int64)
        self.pieces = np.array([PIECES.index(piece) for piece, _ in found], np.int64)
        self.shapes = kernels.shape_table(size)
        self.masks = [sum(1 << int(c) for c in row) for row in self.cells]
        self.unplaceable = ((1 << self.cells_n) - 1) & ~board.placeable
        self.queue = np.empty(self.cells_n, np.int64)
        self.seen = np.zeros(self.cells_n, np.uint8)
        self.out = np.empty(len(found), np.int64)
        self.ints: dict[int, np.ndarray] = {}

    def free(self, covered: int) -> np.ndarray:
        return _flags(self.placeable_mask & ~covered, self.cells_n)

    def sea(self, covered: int) -> np.ndarray:
        return _flags(self.passable_mask & ~covered, self.cells_n)

    def fitting(self, covered: int, bank: int, offset: int) -> list[int]:
        """The placement moves (each ``offset`` more than its index) that fit now. (The moves are
        taken from an array of ready ints: writing thousands of new ones was most of the time.)"""
        n = kernels.fitting(self.free(covered), bank, self.shapes, self.board.size, self.out)
        ints = self.ints.get(offset)
        if ints is None:
            ints = self.ints[offset] = np.array(range(offset, offset + len(self.placements)), dtype=object)
        return ints.take(self.out[:n]).tolist()  # type: ignore[no-any-return]

    def fits(self, covered: int, bank: int, p: int) -> bool:
        """Whether placement ``p`` may be made (its piece in ``bank``, its cells free)."""
        return 0 <= p < len(self.masks) and bool(bank >> int(self.pieces[p]) & 1) and not self.masks[p] & (
            covered | self.unplaceable)

    def all_reach(self, covered: int) -> bool:
        return bool(kernels.all_reach(self.sea(covered), self.ships, self.dropoffs, self.stride, self.queue, self.seen))

    def lengths(self, covered: int) -> list[int | None]:
        found = kernels.distance_sum(self.sea(covered), self.ships, self.dropoffs, self.stride, self.queue,
                                     np.empty(self.cells_n, np.int64)).tolist()
        return [None if d < 0 else d for d in found]


def _stride(index: int, size: int) -> int:
    row, col = divmod(index, size)
    return row * (size + 1) + col


_flags = kernels.flags


LAYOUTS: dict[int, tuple[Layout, Layout, Layout]] = {}
"""The boards of the positions of this process, by their layout key (:func:`layout_key`)."""


def layout_key(boards: tuple[Board, ...]) -> int:
    """A 64-bit key of three boards, the same in every process; registers them in :data:`LAYOUTS`."""
    text = "|".join(f"{b.size}:{b.terrain}:{sorted(b.ships.items())}" for b in boards)
    key = int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "little")
    if key not in LAYOUTS:
        LAYOUTS[key] = (Layout(boards[0]), Layout(boards[1]), Layout(boards[2]))
    return key


class DeepseaPosition(msgspec.Struct, frozen=True, dict=True):
    """A Deep Sea Voyage position: ``layout`` the three boards (:data:`LAYOUTS`); per board the
    cells its pentominoes ``covered`` (a mask, :class:`Layout`'s bits), the ``banks`` left (a bit
    per piece of :data:`~.pentominoes.PIECES`; 0 once lost) and who ``lost`` it (-1 nobody, 0
    Empire, 1 Marauder); the ``phase`` (``select``, ``action``, ``single``, ``over``) and
    ``round``; per seat its board this round (``selections``, 0 none) and its ``sealed`` action
    (:data:`NO_ACTION`: none yet); ``turn`` and ``passes`` on the last open board; the ``dmo``;
    ``winner`` / ``reason`` once over."""

    seats: ClassVar[tuple[str, ...]] = SEATS
    layout: int
    covered: tuple[int, int, int] = (0, 0, 0)
    banks: tuple[int, int, int] = (FULL_BANK, FULL_BANK, FULL_BANK)
    lost: tuple[int, int, int] = (-1, -1, -1)
    phase: str = "select"
    round: int = 1
    selections: tuple[int, int] = (0, 0)
    sealed: tuple[int, int] = (NO_ACTION, NO_ACTION)
    turn: int = 0
    passes: int = 0
    dmo: int = 1
    winner: str | None = None
    reason: str | None = None

    # ------------------------------------------------------------ the searcher's API

    def to_act(self) -> tuple[str, ...]:
        if self.phase == "select":
            return (self._selector(),)
        if self.phase == "action":
            return tuple(seat for i, seat in enumerate(SEATS) if self.sealed[i] == NO_ACTION)
        if self.phase == "single":
            return (SEATS[self.turn],)
        return ()

    def moves(self, seat: str) -> list[int]:
        if self.phase == "action":
            side = SEATS.index(seat)
            if self.sealed[side] != NO_ACTION:
                return []
            b = self.selections[side] - 1
            found = LAYOUTS[self.layout][b].fitting(self.covered[b], self.banks[b], _offset(b + 1))
            found.append(PASS)
            return found
        if seat not in self.to_act():
            return []
        if self.phase == "select":
            taken = set(self.selections)
            return [n for n in self._open() if n not in taken]
        number = self._board_of(seat)
        found = self._layouts[number - 1].fitting(self.covered[number - 1], self.banks[number - 1], _offset(number))
        found.append(PASS)
        return found

    def apply(self, seat: str, move: int) -> DeepseaPosition:
        acting = self.to_act()
        if not acting:
            raise WrongState("game_over", "The game is over.")
        if seat not in acting:
            raise WrongState("not_your_turn", f"{seat} may not move now (to act: {', '.join(acting)}).")
        if not isinstance(move, int):
            raise InvalidCommand("bad_move", f"A move is an int, not {move!r}.")
        side = SEATS.index(seat)
        if self.phase == "select":
            if move not in (1, 2, 3) or not self.banks[move - 1] or move in self.selections:  # not in moves()
                raise IllegalMove("board_closed", f"{move!r} is not a board {seat} may select now.")
            return self._selected(side, move)
        number = self._board_of(seat)
        if move != PASS:
            if not self._layouts[number - 1].fits(self.covered[number - 1], self.banks[number - 1],
                                                  move - _offset(number)):
                raise IllegalMove("cell_not_free", f"{move!r} is not a placement {seat} may make now.")
        if self.phase == "single":
            return self._single(side, number, move)
        sealed = list(self.sealed)
        sealed[side] = move
        if NO_ACTION in sealed:
            return msgspec.structs.replace(self, sealed=(sealed[0], sealed[1]))
        return self._revealed(sealed[0], sealed[1])

    def result(self) -> Result | None:
        if self.reason is None:
            return None
        return Result(self.winner, self.reason)

    def key(self) -> int:
        """(BLAKE2b of the fields: a board's 342 cells do not fit the compiled Zobrist words.)"""
        rest = (self.layout, self.banks, self.lost, self.phase, self.round, self.selections, self.sealed, self.turn,
                self.passes, self.dmo, self.winner, self.reason)
        data = b"".join(c.to_bytes(48, "little") for c in self.covered) + repr(rest).encode()
        return int.from_bytes(hashlib.blake2b(data, digest_size=8).digest(), "little")

    def name(self, move: int) -> str:
        if move == PASS:
            return "pass"
        if 1 <= move <= 3:
            return f"select {move}"
        b, p = divmod(move - PLACE, BOARD_MOVES)
        layout = self._layouts[b]
        piece, cells = layout.placements[p]
        return format_placement(placement_of(piece, cells, layout.board.size))

    def parse(self, text: str, seat: str | None = None) -> int:
        """The move ``text`` names; a placement is on ``seat``'s board (default: the first seat's
        to act)."""
        words = text.strip().lower().split()
        if words == ["pass"]:
            return PASS
        if len(words) == 2 and words[0] == "select" and words[1] in ("1", "2", "3"):
            return int(words[1])
        acting = self.to_act()
        number = self._board_of(seat or acting[0]) if self.phase in ("action", "single") and acting else 1
        layout = self._layouts[number - 1]
        return _placement_move(layout, parse_placement(text, layout.board.size), number)

    def random_playout(self, rng: random.Random, max_moves: int = 10_000) -> Playout:
        """Random legal moves to the end, compiled: each seat to act in turn (the Empire first in a
        sealed window), a placement drawn by rejection from every placement and a pass, so each
        legal move is equally likely without listing them."""
        if not self.to_act():
            return Playout(self, 0)
        arrays = _arrays(self.layout)
        covered = np.zeros(arrays[0].shape, np.uint8)
        for b, layout in enumerate(self._layouts):
            covered[b, :layout.cells_n] = _flags(self.covered[b], layout.cells_n)
        sealed = [-1 if m == NO_ACTION else 0 if m == PASS else 1 + m - _offset(self.selections[i])
                  for i, m in enumerate(self.sealed)]
        game = np.array([("select", "action", "single").index(self.phase), self.round, *self.selections, *sealed,
                         self.turn, self.passes], np.int64)
        banks, lost = np.array(self.banks, np.int64), np.array(self.lost, np.int64)
        played = int(kernels.random_playout(game, covered, banks, lost, *arrays, rng.getrandbits(62), max_moves))  # type: ignore[call-arg]
        g = game.tolist()
        masks = [int.from_bytes(np.packbits(covered[b], bitorder="little").tobytes(), "little") for b in range(3)]
        moves = [NO_ACTION if m < 0 else PASS if m == 0 else _offset(g[2 + i]) + m - 1 for i, m in enumerate(g[4:6])]
        final = msgspec.structs.replace(
            self, covered=(masks[0], masks[1], masks[2]), banks=tuple(banks.tolist()), lost=tuple(lost.tolist()),
            phase=("select", "action", "single", "over")[g[0]], round=g[1], selections=(g[2], g[3]),
            sealed=(moves[0], moves[1]), turn=g[6], passes=g[7])
        return Playout(final._over() if final.phase == "over" else final, played)

    def evaluate(self, seat: str) -> float:
        """Exact once over; else the boards ``seat`` would win less those it would lose were play
        to end now (shortest routes), over 3, a little short of the extremes."""
        if self.reason is not None:
            return 0.0 if self.winner is None else 1.0 if self.winner == seat else -1.0
        scores, _ = self._scored()
        margin = sum(1 if s.winner == seat else -1 if s.winner is not None else 0 for s in scores)
        return 0.9 * margin / 3

    def determinize(self, seat: str | None, rng: random.Random | None = None) -> DeepseaPosition:
        """The position ``seat`` knows: the opponent's sealed action, if any, is left open (its
        seat is back in ``to_act``; a spectator, ``None``, knows neither); nothing else is hidden,
        so ``rng`` is not used."""
        if self.phase != "action":
            return self
        sealed = list(self.sealed)
        for side, other in enumerate(SEATS):
            if other != seat:
                sealed[side] = NO_ACTION
        return msgspec.structs.replace(self, sealed=(sealed[0], sealed[1]))

    # ------------------------------------------------------------ rules

    @property
    def _layouts(self) -> tuple[Layout, Layout, Layout]:
        return LAYOUTS[self.layout]

    def _open(self) -> list[int]:
        return [n for n in (1, 2, 3) if self.banks[n - 1]]

    def _selector(self) -> str:
        first = priority_side(self.round)
        return first if not self.selections[SEATS.index(first)] else SEATS[1 - SEATS.index(first)]

    def _board_of(self, seat: str) -> int:
        return self.selections[SEATS.index(seat)] if self.phase == "action" else self._open()[0]

    def _selected(self, side: int, board: int) -> DeepseaPosition:
        selections = [self.selections[0], self.selections[1]]
        selections[side] = board
        if not selections[1 - side]:
            rest = [n for n in self._open() if n != board]
            if len(rest) == 1:
                selections[1 - side] = rest[0]
        phase = "action" if all(selections) else "select"
        return msgspec.structs.replace(self, selections=(selections[0], selections[1]), phase=phase)

    def _placed(self, covered: list[int], banks: list[int], lost: list[int], side: int, number: int,
                move: int) -> None:
        if move == PASS:
            return
        layout, b = self._layouts[number - 1], number - 1
        p = move - _offset(number)
        covered[b] |= layout.masks[p]
        banks[b] &= ~(1 << int(layout.pieces[p]))
        if not layout.all_reach(covered[b]):
            lost[b], banks[b] = side, 0

    def _revealed(self, empire: int, marauder: int) -> DeepseaPosition:
        covered, banks, lost = list(self.covered), list(self.banks), list(self.lost)
        for side, move in enumerate((empire, marauder)):
            self._placed(covered, banks, lost, side, self.selections[side], move)
        after = msgspec.structs.replace(self, covered=tuple(covered), banks=tuple(banks), lost=tuple(lost),
                                        selections=(0, 0), sealed=(NO_ACTION, NO_ACTION), round=self.round + 1,
                                        passes=0)
        if (empire == PASS and marauder == PASS) or not any(banks):
            return msgspec.structs.replace(after, round=self.round)._over()
        if len(after._open()) >= 2:
            return msgspec.structs.replace(after, phase="select")
        return msgspec.structs.replace(after, phase="single", turn=SEATS.index(priority_side(after.round)))

    def _single(self, side: int, number: int, move: int) -> DeepseaPosition:
        covered, banks, lost = list(self.covered), list(self.banks), list(self.lost)
        self._placed(covered, banks, lost, side, number, move)
        after = msgspec.structs.replace(self, covered=tuple(covered), banks=tuple(banks), lost=tuple(lost),
                                        turn=1 - side, passes=self.passes + 1 if move == PASS else 0)
        if (move == PASS and self.passes >= 1) or not any(banks):
            return after._over()
        return after

    def _over(self) -> DeepseaPosition:
        done = msgspec.structs.replace(self, phase="over", selections=(0, 0), sealed=(NO_ACTION, NO_ACTION), turn=0,
                                       passes=0)
        result = done._scored()[1]
        return msgspec.structs.replace(done, winner=result.winner, reason=result.reason)

    def _scored(self) -> tuple[list[BoardScore], Result]:
        return _scores(self.layout, self.covered, self.lost, self.dmo)


@functools.cache
def _arrays(layout: int) -> tuple[np.ndarray, ...]:
    """The three boards' flags, placements, ships and dropoffs padded to one shape, for
    :func:`~.kernels.random_playout`."""
    layouts = LAYOUTS[layout]
    cells_n = max(layout.cells_n for layout in layouts)
    most = max(len(layout.placements) for layout in layouts)
    drops = max(len(layout.dropoffs) for layout in layouts)
    passable, placeable = np.zeros((3, cells_n), np.uint8), np.zeros((3, cells_n), np.uint8)
    cells, pieces = np.zeros((3, most, 5), np.int64), np.zeros((3, most), np.int64)
    ships, dropoffs = np.zeros((3, 4), np.int64), np.full((3, drops), -1, np.int64)
    counts, strides = np.zeros(3, np.int64), np.zeros(3, np.int64)
    for b, one in enumerate(layouts):
        passable[b, :one.cells_n], placeable[b, :one.cells_n] = one.passable, one.placeable
        counts[b], strides[b] = len(one.placements), one.stride
        cells[b, :counts[b]], pieces[b, :counts[b]] = one.cells, one.pieces
        ships[b], dropoffs[b, :len(one.dropoffs)] = one.ships, one.dropoffs
    return passable, placeable, cells, pieces, counts, ships, dropoffs, strides


@functools.lru_cache(maxsize=65_536)
def _scores(layout: int, covered: tuple[int, ...], lost: tuple[int, ...], dmo: int) -> tuple[list[BoardScore], Result]:
    scores = []
    for b, layer in enumerate(LAYOUTS[layout]):
        if lost[b] >= 0:
            scores.append(BoardScore(board=b + 1, winner=SEATS[1 - lost[b]], by="lost"))
            continue
        lengths = dict(zip(("red", "white", "blue", "black"), layer.lengths(covered[b])))
        scores.append(board_score(b + 1, lengths))
    return scores, outcome(scores, SEATS[dmo])


def position(state: DeepseaState | DeepseaPosition, dmo: str | None = None) -> DeepseaPosition:
    """The position of a library state (itself for a position). ``dmo``: the side that wins a tie
    (default: the ``dmo`` option, else the Marauder, as when the match names no priority player).
    Every sealed action of the state is in it (the server's whole state): :func:`determinize`
    gives what one seat knows."""
    if isinstance(state, DeepseaPosition):
        return state
    if not isinstance(state, DeepseaState):
        raise InvalidCommand("not_a_state", f"{type(state).__name__} is not a Deep Sea Voyage state.")
    key = layout_key(state.boards)
    layouts = LAYOUTS[key]
    covered, banks, lost = [], [], []
    for layout, sea in zip(layouts, state.seas):
        mask = 0
        for piece in sea.pieces:
            mask |= sum(1 << _stride(cell_index(c, layout.board.size), layout.board.size) for c in piece.placement.cells)
        covered.append(mask)
        banks.append(sum(1 << PIECES.index(p) for p in sea.bank))
        lost.append(-1 if sea.lost_by is None else SEATS.index(sea.lost_by))
    side_dmo = SEATS.index(dmo or state.options.dmo or "marauder")
    phase = {"pregame": "select", "routes": "over", "scoring": "over"}.get(state.phase, state.phase)
    selections = (state.selections.get("empire", 0), state.selections.get("marauder", 0))
    sealed = [NO_ACTION, NO_ACTION]
    if state.phase == "action" and state.box is not None:
        for side, seat in enumerate(SEATS):
            if seat in state.box.submissions:
                placement = state.box.submissions[seat]
                number = selections[side]
                sealed[side] = PASS if placement is None else _placement_move(layouts[number - 1], placement, number)
    found = DeepseaPosition(key, (covered[0], covered[1], covered[2]), (banks[0], banks[1], banks[2]),
                            (lost[0], lost[1], lost[2]), phase if phase != "over" else "select", state.round,
                            selections, (sealed[0], sealed[1]), 0, state.passes, side_dmo)
    if state.phase == "single":
        first = SEATS.index(priority_side(state.round))
        found = msgspec.structs.replace(found, turn=first if state.single_turns % 2 == 0 else 1 - first)
    if phase == "over":
        found = msgspec.structs.replace(found, round=state.round)._over()
        if state.result is not None:
            found = msgspec.structs.replace(found, winner=state.result.winner, reason=state.result.reason)
    return found


def _offset(number: int) -> int:
    """The first placement move of board ``number``."""
    return PLACE + (number - 1) * BOARD_MOVES


def _placement_move(layout: Layout, placement: Any, number: int) -> int:
    size = layout.board.size
    cells = tuple(sorted(cell_index(c, size) for c in placement.cells))
    for p, (piece, found) in enumerate(layout.placements):
        if piece == placement.piece and tuple(sorted(found)) == cells:
            return _offset(number) + p
    raise InvalidCommand("bad_notation", f"{placement!r} is not a placement on this board.")


def determinize(state: Any, seat: str | None, rng: random.Random | None = None) -> Any:
    """What ``seat`` knows of ``state`` (a library state or a position): the opponent's sealed
    action left open (:meth:`DeepseaPosition.determinize`). A state gives a state without the
    opponent's submission in its sealed box."""
    if isinstance(state, DeepseaPosition):
        return state.determinize(seat, rng)
    if not isinstance(state, DeepseaState):
        raise InvalidCommand("not_a_state", f"{type(state).__name__} is not a Deep Sea Voyage state.")
    if state.phase != "action" or state.box is None:
        return state
    mine = {s: v for s, v in state.box.submissions.items() if s == seat}
    return msgspec.structs.replace(state, box=msgspec.structs.replace(state.box, submissions=mine))


def warm_up() -> None:
    """Compile (or load from numba's cache) the kernels now."""
    from domain import deepsea

    start = position(deepsea.new_game(seed=1))
    start.random_playout(random.Random(0), 20).final.key()
    start.apply("empire", 2).apply("marauder", 1).moves("empire")


__all__ = ["PASS", "PLACE", "DeepseaPosition", "determinize", "position", "warm_up"]
