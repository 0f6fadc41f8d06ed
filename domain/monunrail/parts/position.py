"""MonUnrail for a search (:mod:`domain.searcher`): :class:`MonunrailPosition`, the board, the
supply it holds and the turn in progress.

A build turn is played one tile at a time: a move is one tile (``cell << 5 | code``, written
``D3 RD``), the first next to the track, each next one extending the line (the rules' build of 1-3
tiles in one row or column, at least one touching the track); :data:`END` ends the turn, which
also ends by itself after the third tile or when the track is complete (the unrail phase begins,
the opponent first). :data:`IMPOSSIBLE` (``impossible``) and :data:`SWAP` (``swap``) are moves
too; a removal is one int (``D3 E3``). Every shape is listed on a cell, dead ends included, as
the rules allow, but only of a kind the position's supply holds: a position built from a seat's
knowledge (:func:`~domain.monunrail.from_view`) holds a guess, which :func:`determinize` replaces
by a supply drawn consistently with what the seat saw. Multicolor's items are not searched.

>>> from domain import monunrail
>>> start = position(monunrail.new_game())
>>> moves = start.moves("first")
>>> len(moves), [start.name(m) for m in moves[:2]], start.name(moves[-1])
(43, ['D3 UD', 'D3 LR'], 'impossible')
>>> p = start.apply("first", start.parse("D3 RD")).apply("first", start.parse("E3 DL"))
>>> p.to_act(), start.name(p.moves("first")[-1])
(('first',), 'end')
>>> p = p.apply("first", END).apply("second", p.parse("D5 UR")).apply("second", p.parse("E5 LU"))
>>> p.phase, p.to_act(), [p.name(m) for m in p.moves("first")][:3]
('unrail', ('first',), ['D3', 'D3 E3', 'D3 D4'])
>>> final = start.random_playout(random.Random(1)).final
>>> final.result().winner in ("first", "second"), final.to_act()
(True, ())
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

import msgspec
import numpy as np

from domain.errors import IllegalMove, InvalidCommand, WrongState
from domain.game import Result
from domain.monunrail.parts import kernels
from domain.monunrail.parts.board import Grid, grid
from domain.monunrail.parts.feasible_dp import completable
from domain.monunrail.parts.kernels import END, IMPOSSIBLE, SWAP, UNRAIL
from domain.monunrail.parts.notation import format_tile, parse_cells, parse_tile, parse_tiles
from domain.monunrail.parts.setup import DEFAULT_SUPPLY, MAX_PER_KIND, MAX_SUPPLY, MIN_SUPPLY
from domain.monunrail.parts.tactics import frame_of
from domain.monunrail.parts.tiles import OPPOSITE, SIDES, STATION, supply_kind, supply_kinds
from domain.monunrail.state import SEATS, Build, Impossible, MonunrailState, Swap, Unrail, plays_pie
from domain.searcher import Playout

DETAIL = {"last_tile": "{winner} removed the last tile.",
          "impossible_upheld": "Impossible was called and the track cannot be completed; {winner} wins.",
          "impossible_refuted": "Impossible was called but the track can be completed; {winner} wins."}


class MonunrailPosition(msgspec.Struct, frozen=True, dict=True):
    """A MonUnrail position: ``board`` one tile code a cell (:mod:`~.tiles`, row by row),
    ``supply`` one count per supply kind (:func:`~.tiles.supply_kinds`), ``turn`` the seat to act
    (0 first, 1 second), ``phase``, ``placed`` the cells built this turn (sorted), ``swap_open``
    (the pie swap is offered now), ``pie`` (it will be, after the first turn), and ``winner`` /
    ``reason`` once the game is over."""

    seats: ClassVar[tuple[str, ...]] = SEATS
    board: bytes
    width: int = 8
    height: int = 7
    multicolor: bool = False
    supply: tuple[int, ...] = (6, 9, 9)
    turn: int = 0
    phase: str = "build"
    placed: tuple[int, ...] = ()
    swap_open: bool = False
    pie: bool = True
    winner: str | None = None
    reason: str | None = None

    def to_act(self) -> tuple[str, ...]:
        return () if self.reason is not None else (SEATS[self.turn],)

    def moves(self, seat: str) -> list[int]:
        if self.reason is not None or seat != SEATS[self.turn]:
            return []
        return list(self._moves)

    def apply(self, seat: str, move: int) -> MonunrailPosition:
        if self.reason is not None:
            raise WrongState("game_over", "The game is over.")
        if seat != SEATS[self.turn]:
            raise WrongState("not_your_turn", f"It is {SEATS[self.turn]}'s turn to move, not {seat}'s.")
        if not isinstance(move, int):
            raise InvalidCommand("bad_move", f"A move is an int, not {move!r}.")
        if not (move == END and self.placed and self.phase == "build") and move not in self._legal:  # (END: no listing)
            raise IllegalMove("illegal_move", f"{move!r} is not a legal move here.")
        board, supply, placed, game = self._arrays()
        kernels.apply_move(board, self._grid_arrays[0], self.multicolor, supply, placed, game, move, self._frame)
        return self._from_arrays(board, supply, placed, game)

    def result(self) -> Result | None:
        if self.reason is None:
            return None
        detail = DETAIL.get(self.reason, "").format(winner=(self.winner or "").capitalize())
        return Result(self.winner, self.reason, detail)

    def key(self) -> int:
        return self._key

    @functools.cached_property
    def _key(self) -> int:
        board, supply, placed, game = self._arrays()
        return int(kernels.zobrist(board, supply, placed, game, self.width))

    def name(self, move: int) -> str:
        if move == END:
            return "end"
        if move == IMPOSSIBLE:
            return "impossible"
        if move == SWAP:
            return "swap"
        g = self._grid
        if move >= UNRAIL:
            cell, length, side = (move >> 3) & 0x3FF, ((move >> 1) & 3) + 1, 2 if move & 1 else 1
            cells = [cell]
            for _ in range(length - 1):
                cells.append(int(self._grid_arrays[0][cells[-1], side]))
            return " ".join(g.name(c) for c in cells)
        return format_tile(g, move >> 5, move & 31, self.multicolor)

    def parse(self, text: str) -> int:
        words = text.strip().lower()
        if words in ("end", "impossible", "swap"):
            return {"end": END, "impossible": IMPOSSIBLE, "swap": SWAP}[words]
        g = self._grid
        if self.phase == "unrail":
            cells = sorted(parse_cells(g, text))
            down = len(cells) > 1 and cells[1] - cells[0] != 1
            return UNRAIL | cells[0] << 3 | (len(cells) - 1) << 1 | int(down)
        cell, code = parse_tile(g, text, self.multicolor)
        return cell << 5 | code

    def random_playout(self, rng: random.Random, max_moves: int = 10_000) -> Playout:
        if self.reason is not None:
            return Playout(self, 0)
        board, supply, placed, game = self._arrays()
        played = kernels.random_playout(board, self._grid_arrays[0], self.multicolor, supply, placed, game,
                                        self._frame, rng.getrandbits(62), max_moves)
        return Playout(self._from_arrays(board, supply, placed, game), int(played))

    def evaluate(self, seat: str) -> float:
        """Exact once over; in the unrail phase, exact when the unrail solver decides it within a
        small budget; else even (0.0): the build phase is a race the static look cannot tell."""
        if self.reason is not None:
            return 0.0 if self.winner is None else 1.0 if self.winner == seat else -1.0
        if self.phase == "unrail":
            from domain.monunrail.parts.unrail import position_of, solver_for

            wins = solver_for(self._grid).value(position_of(tuple(self.board), self.multicolor), 2_000).wins
            if wins is not None:
                return 0.95 if wins == (SEATS[self.turn] == seat) else -0.95
        return 0.0

    def best_unrail(self, budget: int = 50_000) -> int | None:
        """In the unrail phase, the unrail solver's best removal found within ``budget`` nodes (a
        move of :meth:`moves`); ``None`` in another phase or when the budget decides nothing."""
        if self.phase != "unrail" or self.reason is not None:
            return None
        from domain.monunrail.parts.unrail import position_of, solver_for

        value = solver_for(self._grid).value(position_of(tuple(self.board), self.multicolor), budget)
        return self.parse(" ".join(value.move)) if value.move else None

    def determinize(self, seat: str, rng: random.Random,
                    refused: Iterable[tuple[Any, str]] = ()) -> MonunrailPosition:
        """This position with a supply drawn consistently with what ``seat`` saw (:func:`determinize`)."""
        return msgspec.structs.replace(self, supply=sample_supply(self, rng, refused))

    def joining(self, moves: Iterable[int]) -> list[int]:
        """The tiles among ``moves`` that leave no dead end (other moves are dropped): each of a
        tile's rails meets a rail or an empty cell (not the edge), and it meets every rail that
        points at its cell -- a quick filter before :meth:`completable`, which such a tile fails.

        >>> start = MonunrailPosition(bytes(27) + bytes([37, 37]) + bytes(27), supply=(6, 9, 9))
        >>> [start.name(m) for m in start.joining(start.parse(t) for t in ("D3 RD", "D3 LR", "A1 LR"))]
        ['D3 RD']
        """
        sides: dict[int, tuple[int, int]] = {}
        found = []
        for move in moves:
            if move >= END:
                continue
            cell = move >> 5
            if cell not in sides:
                sides[cell] = self._sides(cell)
            must, cannot = sides[cell]
            if move & must == must and not move & cannot:
                found.append(move)
        return found

    def _sides(self, cell: int) -> tuple[int, int]:
        """The sides a tile on ``cell`` must have rails on (a rail points at it) and cannot (the edge,
        a side without rail)."""
        must = cannot = 0
        for j, side in zip(self._grid_arrays[0][cell].tolist(), SIDES):
            if j < 0:
                cannot |= side
            elif self.board[j] & OPPOSITE[side]:
                must |= side
            elif self.board[j]:
                cannot |= side
        return must, cannot

    def completable(self) -> bool:
        """Whether tiles of the position's supply can still complete the track (the question an
        Impossible asks; compiled). Once the track is complete: ``True``.

        >>> start = MonunrailPosition(bytes(27) + bytes([37, 37]) + bytes(27), supply=(6, 9, 9))
        >>> start.completable(), start.apply("first", start.parse("D3 LR")).completable()
        (True, False)
        """
        if self.phase == "unrail":
            return True
        counts = np.zeros(3, np.int64)
        for k, n in enumerate(self.supply):
            counts[k % 3] += n
        board = np.frombuffer(self.board, np.uint8).astype(np.int64)
        order, around, free, fixed, trans, start, nc = self._frame
        return bool(counts.sum() > 0 and completable(board, order, around, free, fixed, trans, start, nc, counts))

    # ------------------------------------------------------------ what a turn sends the server

    def command(self, moves: Sequence[int]) -> Any:
        """The command the server takes for a turn's moves (tiles then :data:`END`, or one
        removal, ``impossible``, ``swap``).

        >>> start = MonunrailPosition(bytes(56), supply=(6, 9, 9))
        >>> start.command([start.parse("D3 RD"), start.parse("E3 DL"), END])
        Build(tiles=['D3 RD', 'E3 DL'])
        """
        if not moves:
            raise InvalidCommand("bad_move", "A turn has at least one move.")
        first = moves[0]
        if first == IMPOSSIBLE:
            return Impossible()
        if first == SWAP:
            return Swap()
        if first >= UNRAIL:
            return Unrail(self.name(first))
        return Build([self.name(m) for m in moves if m < END])

    # ------------------------------------------------------------ helpers

    @functools.cached_property
    def _grid(self) -> Grid:
        return grid(self.width, self.height)

    @functools.cached_property
    def _grid_arrays(self) -> tuple[np.ndarray]:
        return (_around(self.width, self.height),)

    @property
    def _frame(self) -> tuple[Any, ...]:
        return _frame(self.width, self.height)

    def _arrays(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        board = np.frombuffer(self.board, np.uint8).copy()
        supply = np.zeros(6, np.int64)
        supply[:len(self.supply)] = self.supply
        placed = np.zeros(3, np.int64)
        placed[:len(self.placed)] = self.placed
        winner = -1 if self.winner is None else SEATS.index(self.winner)
        game = np.array([self.turn, int(self.phase == "unrail"), len(self.placed), self.swap_open, self.pie, winner,
                         kernels.REASONS.index(self.reason or "")], np.int64)
        return board, supply, placed, game

    def _from_arrays(self, board: np.ndarray, supply: np.ndarray, placed: np.ndarray,
                     game: np.ndarray) -> MonunrailPosition:
        g = game.tolist()
        winner = None if g[kernels.WINNER] < 0 else SEATS[g[kernels.WINNER]]
        return MonunrailPosition(board.tobytes(), self.width, self.height, self.multicolor,
                                 tuple(supply[:len(self.supply)].tolist()), g[kernels.TURN],
                                 "unrail" if g[kernels.PHASE] else "build", tuple(placed[:g[kernels.PLACED]].tolist()),
                                 bool(g[kernels.SWAP_OPEN]), bool(g[kernels.PIE]), winner,
                                 kernels.REASONS[g[kernels.REASON]] or None)

    @functools.cached_property
    def _moves(self) -> list[int]:
        board, supply, placed, game = self._arrays()
        out = np.empty(kernels.MAX_MOVES, np.int64)
        n = kernels.list_moves(board, self._grid_arrays[0], self.multicolor, supply, placed, game, out)
        return out[:n].tolist()  # type: ignore[no-any-return]

    @functools.cached_property
    def _legal(self) -> frozenset[int]:
        return frozenset(self._moves)


@functools.cache
def _around(width: int, height: int) -> np.ndarray:
    return frame_of(grid(width, height)).around


@functools.cache
def _frame(width: int, height: int) -> tuple[Any, ...]:
    f = frame_of(grid(width, height))
    return f.order, f.around, f.free, f.fixed, f.trans, f.start, np.int64(f.nc)


def position(state: MonunrailState | MonunrailPosition) -> MonunrailPosition:
    """The position of a library state (itself for a position). A state waiting on an Impossible's
    adjudication gives the position after it (judged from the state's supply); the turn's items
    and clocks are not part of it."""
    if isinstance(state, MonunrailPosition):
        return state
    if not isinstance(state, MonunrailState):
        raise InvalidCommand("not_a_state", f"{type(state).__name__} is not a MonUnrail state.")
    cached = state.__dict__.get("_position") if hasattr(state, "__dict__") else None
    if cached is not None:
        return cached  # type: ignore[no-any-return]
    p = state.position
    kinds = supply_kinds(state.multicolor)
    found = MonunrailPosition(bytes(code & 0xFF for code in p.board), state.options.width, state.options.height,
                              state.multicolor, tuple(p.supply.get(kind, 0) for kind in kinds),
                              SEATS.index(p.to_act), p.phase, (), p.swap_open,
                              plays_pie(state.options) and not p.moves)
    if state.result is not None:
        found = msgspec.structs.replace(found, winner=state.result.winner, reason=state.result.reason)
    elif state.call is not None:
        found = msgspec.structs.replace(found, turn=SEATS.index(state.call.caller)).apply(state.call.caller, IMPOSSIBLE)
    return found


# ---------------------------------------------------------------- the hidden supply


def built_counts(p: MonunrailPosition) -> list[int]:
    """How many tiles of each supply kind lie on the board (stations aside): what the supply gave."""
    kinds = supply_kinds(p.multicolor)
    counts = [0] * len(kinds)
    for code in p.board:
        if code and not code & STATION:
            counts[kinds.index(supply_kind(code, p.multicolor))] += 1
    return counts


def refusal_needs(p: MonunrailPosition, refused: Iterable[tuple[Any, str]]) -> list[list[int]]:
    """Each build refused ``kind_exhausted`` (``(command or tiles, code)`` pairs, as
    :class:`domain.bots.Think` holds them) as the count it asked of each kind: the supply held
    fewer than that of at least one of them."""
    kinds = supply_kinds(p.multicolor)
    found = []
    for command, code in refused:
        if code != "kind_exhausted":
            continue
        tiles = command.tiles if isinstance(command, Build) else command
        asked = [0] * len(kinds)
        for _, tile in parse_tiles(p._grid, tiles, p.multicolor):
            asked[kinds.index(supply_kind(tile, p.multicolor))] += 1
        found.append(asked)
    return found


def consistent(p: MonunrailPosition, supply: Sequence[int], refused: Iterable[tuple[Any, str]] = ()) -> bool:
    """Whether ``supply`` (left now) agrees with what a seat sees: the tiles built (each kind held at
    most :data:`~.setup.MAX_PER_KIND` with them, 16 to 40 in all) and every refusal."""
    built = built_counts(p)
    whole = [left + used for left, used in zip(supply, built)]
    if min(supply) < 0 or max(whole) > MAX_PER_KIND:
        return False
    if not MIN_SUPPLY <= sum(whole) <= min(MAX_SUPPLY, p.board.count(0) + sum(built)):
        return False
    return all(any(left < asked for left, asked in zip(supply, needs) if asked) for needs in refusal_needs(p, refused))


def sample_supply(p: MonunrailPosition, rng: random.Random, refused: Iterable[tuple[Any, str]] = ()) -> tuple[int, ...]:
    """A supply left now, drawn around the rules' default less what was built (a few tiles either
    way a kind), consistent with what the seat saw (:func:`consistent`); a refused kind holds fewer
    than were asked."""
    refused = list(refused)
    built = built_counts(p)
    default = DEFAULT_SUPPLY["multicolor" if p.multicolor else "classic"]
    guess = [max(0, default[kind] - used) for kind, used in zip(supply_kinds(p.multicolor), built)]
    needs = refusal_needs(p, refused)
    for _ in range(200):
        supply = [max(0, n + rng.randint(-2, 2)) for n in guess]
        for asked in needs:  # one kind of each refused build short
            if not any(left < n for left, n in zip(supply, asked) if n):
                short = rng.choice([k for k, n in enumerate(asked) if n])
                supply[short] = rng.randrange(asked[short])
        if consistent(p, supply, refused):
            return tuple(supply)
    supply = list(guess)  # the default less what was built, refused kinds emptied, topped up to 16
    for asked in needs:
        for k, n in enumerate(asked):
            if n:
                supply[k] = 0
    shorts = {k for asked in needs for k, n in enumerate(asked) if n}
    while sum(supply) + sum(built) < MIN_SUPPLY:
        open_kinds = [k for k in range(len(supply)) if k not in shorts and supply[k] + built[k] < MAX_PER_KIND]
        if not open_kinds:
            break
        supply[rng.choice(open_kinds)] += 1
    return tuple(supply)


def determinize(state: Any, seat: str, rng: random.Random, refused: Iterable[tuple[Any, str]] = ()) -> Any:
    """``state`` (a library state or a position) with the hidden supply drawn consistently with
    what ``seat`` saw: the tiles built, the builds refused ``kind_exhausted`` (``refused``: pairs of
    a build -- a command or its tiles -- and the refusal's code, since the supply as it stands),
    and the bounds every supply keeps (0-20 of a kind, 16-40 in all). A state gives a state whose
    ``supply`` and ``initial_supply`` are the draw; once the game is over it is returned as is."""
    if isinstance(state, MonunrailPosition):
        return state.determinize(seat, rng, refused)
    if not isinstance(state, MonunrailState):
        raise InvalidCommand("not_a_state", f"{type(state).__name__} is not a MonUnrail state.")
    if state.result is not None:
        return state
    p = position(msgspec.structs.replace(state, call=None))
    drawn = dict(zip(supply_kinds(state.multicolor), sample_supply(p, rng, refused)))
    used = dict(zip(supply_kinds(state.multicolor), built_counts(p)))
    whole = {kind: n + used[kind] for kind, n in drawn.items()}
    history = tuple(msgspec.structs.replace(
        before, supply={kind: whole[kind] - sum(1 for code in before.board if code and not code & STATION
                                                 and supply_kind(code, state.multicolor) == kind)
                        for kind in whole}) for before in state.history)
    return msgspec.structs.replace(state, initial_supply=whole, history=history,
                                   position=msgspec.structs.replace(state.position, supply=drawn))


def warm_up() -> None:
    """Compile (or load from numba's cache) the kernels now."""
    from domain import monunrail

    start = position(monunrail.new_game())
    start.apply("first", start.moves("first")[0]).random_playout(random.Random(0), 50).final.key()


__all__ = ["END", "IMPOSSIBLE", "SWAP", "MonunrailPosition", "determinize", "position", "sample_supply", "warm_up"]
