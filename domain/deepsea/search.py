"""Level 3 of Deep Sea Voyage: a search over the searcher's positions
(:class:`~domain.deepsea.parts.position.DeepseaPosition`), the board selection and the placements.

The search reads a position as its seat knows it (the opponent's sealed action left open:
``determinize``), its moves are the position's ints (``moves``: the boards to select; a placement
``PLACE + (n - 1) * BOARD_MOVES + p``; :data:`PASS`), and each placement it tries is scanned on the
child position (:meth:`Planner.child`, by ``apply``). Every open board is scanned first
(:mod:`domain.deepsea.parts.outlook`: every safe placement with its value, both sides' threats,
setups); a placement's quick estimate is its value and the threats it leaves (the best placements
that neither overlap it nor use its piece). Then, while think time is left, the most promising
placements of the boards the bot may play on (the best by quick estimate, a few that spend a piece
the opponent's best placement needs, setups) are tried one by one: each is scanned again after it,
so its estimate counts the opponent's best reply there. The side that plays first next counts more
of its threat. The board is chosen by the chance of winning the game once both sides have played,
the opponent's board being the worst for the bot among those left to it; the placement by its
estimate, against a pass (never one that would end play lost). The scans are cached by board and
position, so a faster scan is more candidates tried in the same think time.

>>> from domain import deepsea
>>> from domain.bots import Think, after_calls
>>> start = deepsea.position(deepsea.new_game(seed=1))
>>> search_move(start, "empire", Think(seed=1, spent=after_calls(20))) in start.moves("empire")
True
"""

from __future__ import annotations

from functools import cache

from domain.bots import Think, shuffled
from domain.deepsea.parts.outlook import (
    BoardOutlook,
    Move,
    Scan,
    dmo_of,
    outlook,
    proven,
    scan_board,
    seat_chance,
)
from domain.deepsea.parts.pentominoes import PIECES, all_placements, format_placement, placement_of
from domain.deepsea.parts.position import BOARD_MOVES, LAYOUTS, PASS, PLACE, DeepseaPosition, position
from domain.deepsea.rules import other, priority_side
from domain.deepsea.state import SEATS, DeepseaMove, DeepseaState

MAX_SCANS = 96
"""The search's own cap: how many positions after a placement it scans in one decision."""
CANDIDATES = 16
"""How many of its most gaining placements per board the search tries."""
NEXT_SHARE, LATER_SHARE = 0.8, 0.4
"""How much of a side's threat (its best placement) a board's estimate counts: the side that plays
first next (next round's priority, or the opponent on the last board) takes its best board; the
other side gets what is left to it."""
QUICK = 24
"""How many of a side's most gaining placements per board are ranked by :meth:`Planner.quick`."""
DENIALS = 2
"""How many of the opponent's best pieces the search tries to spend first (placed where they change
nothing)."""


def placement_move(state: DeepseaState, number: int, move: Move) -> DeepseaMove:
    _, piece, cells = move
    return DeepseaMove(format_placement(placement_of(piece, cells, state.board(number).size)))


def winner_if_ended(state: DeepseaState) -> str | None:
    """Who would win if play ended now (every open board scored by its routes as they are)."""
    return _winner_now(outlook(state), dmo_of(state))


def _winner_now(boards: dict[int, BoardOutlook], dmo: str) -> str | None:
    return proven({n: ("won" if e > 0 else "lost" if e < 0 else "even", 0.0, 0) if kind == "open" else (kind, e, p)
                   for n, (kind, e, p) in boards.items()}, dmo)


def position_outlook(known: DeepseaPosition) -> dict[int, BoardOutlook]:
    """Every board's outlook in a position (:func:`~.outlook.outlook` of a state, without the
    threats): an open board's estimate is its value, the Marauder's route total less the Empire's."""
    found: dict[int, BoardOutlook] = {}
    for b, layout in enumerate(LAYOUTS[known.layout]):
        if known.lost[b] >= 0:
            found[b + 1] = ("won" if known.lost[b] == 1 else "lost", 0.0, 0)
            continue
        red, white, blue, black = (d or 0 for d in layout.lengths(known.covered[b]))
        value = blue + black - red - white
        if known.phase == "over" or not known.banks[b]:
            found[b + 1] = ("won" if value > 0 else "lost" if value < 0 else "even", 0.0, 0)
        else:
            found[b + 1] = ("open", float(value), known.banks[b].bit_count())
    return found


@cache
def _indices(size: int) -> dict[tuple[str, tuple[int, ...]], int]:
    """Each placement's index in :func:`~.pentominoes.all_placements` (a position's move less its
    board's offset)."""
    return {(piece, tuple(cells)): p for p, (piece, cells) in enumerate(all_placements(size))}


def _pieces(bank: int) -> set[str]:
    return {piece for i, piece in enumerate(PIECES) if bank >> i & 1}


class Planner:
    """The search of one decision on the position ``known`` (as ``seat`` knows it): the boards'
    scans, and each board's placements tried so far."""

    def __init__(self, known: DeepseaPosition, seat: str, think: Think):
        self.known, self.seat, self.think = known, seat, think
        self.sign = 1 if seat == "empire" else -1
        self.dmo = SEATS[known.dmo]
        self.boards = position_outlook(known)
        first = other(seat) if known.phase == "single" else priority_side(known.round + 1)
        self.shares = tuple(NEXT_SHARE if side == first else LATER_SHARE for side in SEATS)
        self.opened = [n for n in (1, 2, 3) if known.banks[n - 1]]
        self.scans: dict[int, Scan] = {n: self.scan(known, n) for n in self.opened}
        for n, scan in self.scans.items():
            self.boards[n] = ("open", scan.estimate(*self.shares), known.banks[n - 1].bit_count())
        self.tried: dict[int, list[tuple[float, Move]]] = {n: [] for n in self.scans}
        self.scanned = 0
        self._gaining: dict[tuple[int, str], list[Move]] = {}

    @staticmethod
    def scan(found: DeepseaPosition, number: int, think: Think | None = None) -> Scan:
        """The scan of board ``number`` in position ``found`` (within ``think``'s time, if given)."""
        b = number - 1
        return scan_board(LAYOUTS[found.layout][b].board, found.covered[b], _pieces(found.banks[b]),
                          think.spent if think else None)

    def move_of(self, number: int, move: Move) -> int:
        """The position's int of placement ``move`` on board ``number``."""
        size = LAYOUTS[self.known.layout][number - 1].board.size
        return PLACE + (number - 1) * BOARD_MOVES + _indices(size)[move[1], tuple(move[2])]

    def child(self, number: int, move: Move) -> DeepseaPosition:
        """The position once the bot has placed ``move`` on board ``number`` (selecting it first,
        if it is still to), the opponent passing or selecting another board."""
        found, me, them = self.known, self.seat, other(self.seat)
        while found.phase == "select":
            acting = found.to_act()[0]
            found = found.apply(acting, number if acting == me else next(n for n in found.moves(acting) if n != number))
        found = found.apply(me, self.move_of(number, move))
        return found.apply(them, PASS) if found.phase == "action" and them in found.to_act() else found

    def gaining(self, number: int, side: str) -> list[Move]:
        """``side``'s placements on board ``number`` that raise its value, most first."""
        if (number, side) not in self._gaining:
            scan, sign = self.scans[number], 1 if side == "empire" else -1
            self._gaining[number, side] = [m for m in scan.ranked(side) if sign * (m[0] - scan.value) > 0]
        return self._gaining[number, side]

    def quick(self, number: int, move: Move, side: str) -> float:
        """The Empire's estimate of board ``number`` after ``side`` plays ``move``, from the scan
        alone: the threats left are the best placements that neither overlap it nor use its piece."""
        covered = set(move[2])

        def left(who: str) -> int:
            for m in self.gaining(number, who):
                if m[1] != move[1] and not covered.intersection(m[2]):
                    return abs(m[0] - self.scans[number].value)
            return 0

        return move[0] + self.shares[0] * left("empire") - self.shares[1] * left("marauder")

    def best_quick(self, number: int, side: str) -> tuple[float, Move | None]:
        """``side``'s best placement on board ``number`` by :meth:`quick` among its :data:`QUICK`
        most gaining, and the Empire's estimate after it (no placement: a pass)."""
        sign = 1 if side == "empire" else -1
        options = [(self.quick(number, m, side), m) for m in self.gaining(number, side)[:QUICK]]
        return max(options, key=lambda o: sign * o[0]) if options else (self.scans[number].estimate(*self.shares), None)

    def guess(self, number: int, side: str) -> float:
        """The Empire's estimate of board ``number`` once ``side`` has played there, unscanned."""
        return self.best_quick(number, side)[0]

    def after(self, number: int, move: Move) -> float | None:
        """The Empire's estimate of board ``number`` after ``move`` (``None``: out of time)."""
        self.scanned += 1
        scan = self.scan(self.child(number, move), number, self.think)
        return scan.estimate(*self.shares) if scan.complete else None

    def candidates(self, number: int) -> list[Move]:
        """The placements worth a scan on board ``number``: the most gaining ones, and a few that
        spend the pieces of the opponent's best placements."""
        scan = self.scans[number]
        gaining = sorted(self.gaining(number, self.seat)[:QUICK],
                         key=lambda m: -self.sign * self.quick(number, m, self.seat))[:CANDIDATES]
        threats = [m[1] for m in scan.ranked(other(self.seat)) if self.sign * (m[0] - scan.value) < 0]
        pieces = list(dict.fromkeys(threats))[:DENIALS]
        denials = [next(m for m in scan.quiet if m[1] == piece) for piece in pieces
                   if any(m[1] == piece for m in scan.quiet)]
        setups = list(scan.setups[self.seat])
        return gaining[:2] + denials + setups[:2] + gaining[2:] + setups[2:]

    def refine(self, numbers: list[int]) -> None:
        """Try the candidates of ``numbers`` in turn, while think time and the cap allow."""
        queues = {n: self.candidates(n) for n in numbers}
        while any(queues.values()):
            for n in numbers:
                if not queues[n]:
                    continue
                if self.think.spent() or self.scanned >= MAX_SCANS:
                    return
                move = queues[n].pop(0)
                estimate = self.after(n, move)
                if estimate is None:
                    return
                self.tried[n].append((self.sign * estimate, move))

    def plan(self, number: int, may_pass: bool = True) -> tuple[float, Move | None]:
        """The best placement on board ``number`` found so far (``None``: a pass) and the bot's
        estimate after it. An untried best placement counts by its :meth:`guess`."""
        options: list[tuple[float, Move | None]] = list(self.tried[number])
        estimate, best = self.best_quick(number, self.seat)
        if best is not None and all(move != best for _, move in options):
            options.append((self.sign * estimate, best))
        if not options and not may_pass and self.scans[number].quiet:  # keep play going
            options.append((self.sign * self.scans[number].estimate(*self.shares), self.scans[number].quiet[0]))
        if may_pass or not options:
            options.append((self.sign * self.scans[number].estimate(*self.shares), None))
        return max(options, key=lambda option: option[0])

    def chance(self, mine: int, theirs: int | None) -> float:
        """The bot's prospects once it has played its plan on ``mine`` and the opponent its best
        placement on ``theirs``."""
        boards = dict(self.boards)
        estimate, move = self.plan(mine)
        pieces = boards[mine][2] - (move is not None)
        boards[mine] = ("open", self.sign * estimate, pieces)
        if theirs is not None:
            boards[theirs] = ("open", self.guess(theirs, other(self.seat)), boards[theirs][2] - 1)
        return seat_chance(boards, self.seat, self.dmo)

    def board(self) -> int:
        """The board to select."""
        choosable = self.known.moves(self.seat)
        self.refine(choosable)
        taken = self.known.selections[SEATS.index(other(self.seat))]

        def worth(number: int) -> tuple[float, float]:
            replies: list[int | None] = [taken] if taken else [n for n in self.opened if n != number] or [None]
            return min(self.chance(number, reply) for reply in replies), self.plan(number)[0]

        return max(shuffled(choosable, self.think), key=worth)

    def placement(self, number: int) -> int:
        """The placement to make on board ``number`` (:data:`PASS`: a pass). A pass may end play
        (both sides passing): never one while that would lose, when a placement keeps play going."""
        self.refine([number])
        ending = _winner_now(position_outlook(self.known), self.dmo)
        if ending == self.seat and self.known.phase == "single" and self.known.passes >= 1:
            return PASS  # the opponent passed: a pass ends play, won
        move = self.plan(number, may_pass=ending == self.seat)[1]
        return PASS if move is None else self.move_of(number, move)


def search_move(state: DeepseaState | DeepseaPosition, seat: str, think: Think) -> int:
    """Level 3's move for ``seat`` (the position's int: ``name`` writes it), within ``think``: a
    board to select, else a placement on its board or :data:`PASS`. It searches the position
    ``seat`` knows (``determinize``: the opponent's sealed action open); asked again once its own
    action is sealed, it decides that action afresh."""
    known = position(state).determinize(seat)
    if seat not in known.to_act():
        known = known.determinize(None)
    planner = Planner(known, seat, think)
    if known.phase == "select":
        return planner.board()
    number = known.selections[SEATS.index(seat)] if known.phase == "action" else planner.opened[0]
    return planner.placement(number)
