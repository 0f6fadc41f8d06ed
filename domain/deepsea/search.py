"""Level 3 of Deep Sea Voyage: a search over the board selection and the placements.

Every open board is scanned first (:mod:`domain.deepsea.parts.outlook`: every safe placement with its
value, both sides' threats, setups); a placement's quick estimate is its value and the threats it
leaves (the best placements that neither overlap it nor use its piece). Then, while think time is
left, the most promising placements of the boards the bot may play on (the best by quick estimate,
a few that spend a piece the opponent's best placement needs, setups) are tried one by one: each
is scanned again after it, so its estimate counts the opponent's best reply there. The side that
plays first next counts more of its threat. The board is chosen by the chance of winning the game
once both sides have played, the opponent's board being the worst for the bot among those left to
it; the placement by its estimate, against a pass (never one that would end play lost)."""

from __future__ import annotations

from domain.bots import Think, shuffled
from domain.deepsea.moves import legal_moves
from domain.deepsea.parts.outlook import (
    BoardOutlook,
    Move,
    Scan,
    dmo_of,
    outlook,
    proven,
    scan_board,
    scan_of,
    seat_chance,
)
from domain.deepsea.parts.pentominoes import format_placement, placement_of
from domain.deepsea.rules import blocked_mask, other, priority_side
from domain.deepsea.state import DeepseaMove, DeepseaState

MAX_SCANS = 32
"""The search's own cap: how many positions after a placement it scans in one decision."""
CANDIDATES = 8
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
    boards = {n: ("won" if e > 0 else "lost" if e < 0 else "even", 0.0, 0) if kind == "open" else (kind, e, p)
              for n, (kind, e, p) in outlook(state).items()}
    return proven(boards, dmo_of(state))


class Planner:
    """The search of one decision: the boards' scans, and each board's placements tried so far."""

    def __init__(self, state: DeepseaState, seat: str, think: Think):
        self.state, self.seat, self.think = state, seat, think
        self.sign = 1 if seat == "empire" else -1
        self.boards: dict[int, BoardOutlook] = outlook(state)
        first = other(seat) if state.phase == "single" else priority_side(state.round + 1)
        self.shares = tuple(NEXT_SHARE if side == first else LATER_SHARE for side in ("empire", "marauder"))
        self.scans: dict[int, Scan] = {n: scan_of(state, n) for n in state.open_boards()}
        for n, scan in self.scans.items():
            self.boards[n] = ("open", scan.estimate(*self.shares), len(state.sea(n).bank))
        self.tried: dict[int, list[tuple[float, Move]]] = {n: [] for n in self.scans}
        self.scanned = 0
        self._gaining: dict[tuple[int, str], list[Move]] = {}

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
        board, sea = self.state.board(number), self.state.sea(number)
        covered = 0
        for cell in move[2]:
            covered |= board.bit(cell)
        self.scanned += 1
        scan = scan_board(board, blocked_mask(board, sea) | covered, set(sea.bank) - {move[1]}, self.think.spent)
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
        return seat_chance(boards, self.seat, dmo_of(self.state))

    def board(self) -> int:
        """The board to select."""
        choosable = [int(move.split()[1]) for move in legal_moves(self.state, self.seat)]
        self.refine(choosable)
        taken = self.state.selections.get(other(self.seat))
        opened = self.state.open_boards()

        def worth(number: int) -> tuple[float, float]:
            replies: list[int | None] = [taken] if taken else [n for n in opened if n != number] or [None]
            return min(self.chance(number, reply) for reply in replies), self.plan(number)[0]

        return max(shuffled(choosable, self.think), key=worth)

    def placement(self, number: int) -> Move | None:
        """The placement to make on board ``number`` (``None``: pass). A pass may end play (both
        sides passing): never one while that would lose, when a placement keeps play going."""
        self.refine([number])
        ending = winner_if_ended(self.state)
        if ending == self.seat and self.state.phase == "single" and self.state.passes >= 1:
            return None  # the opponent passed: a pass ends play, won
        return self.plan(number, may_pass=ending == self.seat)[1]
