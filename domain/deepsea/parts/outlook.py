"""What the boards are worth: scans of every safe placement, and the evaluation of a position.

A :class:`Scan` of a board lists every placement that keeps all ships afloat with the Empire's
*value* after it (the Marauder's route total minus the Empire's; the Marauder's value is its
negative), so one scan gives both sides' best placement, their *threats*. Scans are kept by
position (the same board, covered cells and bank give the same scan); a scan that runs out of think
time is returned unfinished and not kept.

A board's *estimate* is its value plus a share (:data:`THREAT_SHARE`) of the difference of the
threats. :func:`game_chance` turns each open board's estimate into chances of winning it (the more
pieces left in its bank, the less sure) and adds the boards up into the chance of winning the game
(an equal count of boards: the DMO's).

>>> from domain.bots import Think
>>> from domain.deepsea.parts.presets import PRESETS
>>> from domain.deepsea.state import DeepseaOptions
>>> from domain.deepsea.rules import begin, initial
>>> s = begin(initial(DeepseaOptions(boards=[*PRESETS][:3]), seed=1), at=0)
>>> round(evaluate(s, "marauder", Think(seed=0)), 2) > 0    # all even: the DMO, the Marauder, is ahead
True
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from domain.bots import Think
from domain.deepsea.parts.best import Bank, Search, fitting
from domain.deepsea.parts.board import SIDE_SHIPS, Board
from domain.deepsea.parts.routes import distances
from domain.deepsea.rules import blocked_mask, water
from domain.deepsea.state import BOARDS, DeepseaState

Move = tuple[int, str, tuple[int, ...]]
"""A placement: the Empire's value after it, the piece and its cell indices."""

THREAT_SHARE = 0.5
"""How much of the threats' difference a board's estimate counts."""
CHECK_EVERY = 64
"""How many placements a scan examines between two looks at the think time."""
KEPT_SCANS = 64
"""How many finished scans are kept (the latest used), by position."""
QUIET_PER_PIECE = 3
"""How many placements that change no distance and touch no shortest route a scan keeps of each
piece (to spend a piece)."""
SETUPS = 4
"""How many setups a scan keeps for each side."""


@dataclass(frozen=True)
class Scan:
    """A board's value now (the Empire's), its safe placements that change a distance (best for the
    Empire first), a few that change none, each side's *setups* (placements that change no distance
    but narrow the opponent's ways, most first: the next placement there may then lengthen them)
    and whether every placement was examined."""

    value: int
    moves: tuple[Move, ...]
    quiet: tuple[Move, ...]
    setups: dict[str, tuple[Move, ...]]
    complete: bool = True

    def threat(self, side: str) -> int:
        """How much ``side``'s best placement raises its value (0: none does)."""
        if not self.moves:
            return 0
        return max(0, self.moves[0][0] - self.value) if side == "empire" else max(0, self.value - self.moves[-1][0])

    def ranked(self, side: str) -> list[Move]:
        """The placements that change a distance, best for ``side`` first."""
        return list(self.moves) if side == "empire" else list(reversed(self.moves))

    def estimate(self, empire: float = THREAT_SHARE, marauder: float = THREAT_SHARE) -> float:
        """The Empire's estimate: value and the given shares of each side's threat."""
        return self.value + empire * self.threat("empire") - marauder * self.threat("marauder")


_scans: OrderedDict[tuple[object, ...], Scan] = OrderedDict()


def scan_board(board: Board, blocked: int, bank: Bank, spent: Callable[[], bool] | None = None) -> Scan:
    """The :class:`Scan` of ``board`` with ``blocked`` covered and ``bank`` left, looking at
    ``spent`` every :data:`CHECK_EVERY` placements (once it is true: what was found so far)."""
    key = (board.size, board.terrain, tuple(sorted(board.ships.items())), blocked, tuple(sorted(bank)))
    if key in _scans:
        _scans.move_to_end(key)
        return _scans[key]
    search = Search(board, blocked)
    current = search.value("empire", search.distances)
    moves: list[Move] = []
    quiet: dict[str, list[Move]] = {}
    setups: list[tuple[float, Move]] = []  # (narrowing of the Marauder's ways less the Empire's, move)
    complete = None not in search.distances.values()
    # A ship's corridor, and how much covering one of its cells narrows it (one over its mean width),
    # counted for the Empire (Marauder ships) or against it (its own).
    ships = [(ship, c, (1 if ship in SIDE_SHIPS["marauder"] else -1) * len(c.rings) / max(1, c.cells.bit_count()))
             for ship, c in search.corridors.items()]
    touched = search.touched
    for n, (piece, cells, mask, positions) in enumerate(fitting(board, blocked, bank) if complete else ()):
        if spent is not None and n % CHECK_EVERY == CHECK_EVERY - 1 and spent():
            complete = False
            break
        if not mask & touched:
            if len(kept := quiet.setdefault(piece, [])) < QUIET_PER_PIECE:
                kept.append((current, piece, cells))
            continue
        slowed = [ship for ship, c, _ in ships if mask & c.cells and c.lengthened_by(mask, positions)]
        if slowed:
            after = search.new_distances(mask, positions, slowed)
            if after is not None:
                moves.append((search.value("empire", search.distances | after), piece, cells))
            continue
        score = sum(weight * (mask & c.cells).bit_count() for _, c, weight in ships)
        if score:
            setups.append((score, (current, piece, cells)))
    moves.sort(key=lambda move: -move[0])
    setups.sort(key=lambda found: -found[0])
    best_setups = {"empire": tuple(m for score, m in setups[:SETUPS] if score > 0),
                   "marauder": tuple(m for score, m in setups[::-1][:SETUPS] if score < 0)}
    found = Scan(current, tuple(moves), tuple(m for kept in quiet.values() for m in kept), best_setups, complete)
    if complete:
        _scans[key] = found
        if len(_scans) > KEPT_SCANS:
            _scans.popitem(last=False)
    return found


def scan_of(state: DeepseaState, number: int, spent: Callable[[], bool] | None = None) -> Scan:
    """The scan of board ``number`` as it stands."""
    board, sea = state.board(number), state.sea(number)
    return scan_board(board, blocked_mask(board, sea), sea.bank, spent)


def dmo_of(state: DeepseaState) -> str:
    """The DMO as the game state knows it: the ``dmo`` option, else the Marauder (a priority
    player's side is the match's, not the game's)."""
    return state.options.dmo or "marauder"


BoardOutlook = tuple[str, float, int]
"""One board's outlook: ``("won", 0, 0)`` by the Empire / ``("lost", ...)`` / ``("even", ...)``
when decided, else ``("open", the Empire's estimate, pieces left)``."""


def outlook(state: DeepseaState, think: Think | None = None) -> dict[int, BoardOutlook]:
    """Every board's outlook now; an open board's estimate counts the threats when its scan is
    done within ``think``'s time (not asked: values only)."""
    found: dict[int, BoardOutlook] = {}
    over = state.phase in ("routes", "scoring", "over")
    for n in BOARDS:
        sea = state.sea(n)
        if sea.lost_by is not None:
            found[n] = ("won" if sea.lost_by == "marauder" else "lost", 0.0, 0)
            continue
        lengths = distances(state.board(n), water(state, n))
        value = sum(lengths[s] or 0 for s in ("blue", "black")) - sum(lengths[s] or 0 for s in ("red", "white"))
        if over or not sea.is_open:
            found[n] = ("won" if value > 0 else "lost" if value < 0 else "even", 0.0, 0)
            continue
        estimate = float(value)
        if think is not None and not think.spent():
            scan = scan_of(state, n, think.spent)
            estimate = scan.estimate() if scan.complete else estimate
        found[n] = ("open", estimate, len(sea.bank))
    return found


def board_chances(estimate: float, pieces: int) -> tuple[float, float]:
    """The chances that the Empire, and the Marauder, win an open board of this estimate."""
    spread = 1.5 + 2.0 * math.sqrt(max(pieces, 0))
    return _normal((estimate - 0.5) / spread), _normal((-estimate - 0.5) / spread)


def _normal(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def game_chance(boards: dict[int, BoardOutlook], dmo: str) -> float:
    """The Empire's chance of winning the game: boards won, less the Marauder's, above zero (or
    zero with the Empire the DMO)."""
    spread = {0: 1.0}  # boards won by the Empire less the Marauder's -> chance
    for kind, estimate, pieces in boards.values():
        if kind == "open":
            empire, marauder = board_chances(estimate, pieces)
        else:
            empire, marauder = float(kind == "won"), float(kind == "lost")
        step: dict[int, float] = {}
        for lead, chance in spread.items():
            for change, p in ((1, empire), (-1, marauder), (0, 1.0 - empire - marauder)):
                if p > 0:
                    step[lead + change] = step.get(lead + change, 0.0) + chance * p
        spread = step
    return sum(p for lead, p in spread.items() if lead > 0 or (lead == 0 and dmo == "empire"))


def proven(boards: dict[int, BoardOutlook], dmo: str) -> str | None:
    """The side that wins whatever happens on the open boards (``None``: not decided yet)."""
    lead = sum((kind == "won") - (kind == "lost") for kind, _, _ in boards.values())
    undecided = sum(kind == "open" for kind, _, _ in boards.values())
    if lead - undecided > 0 or (lead - undecided == 0 and dmo == "empire"):
        return "empire"
    if lead + undecided < 0 or (lead + undecided == 0 and dmo == "marauder"):
        return "marauder"
    return None


def seat_chance(boards: dict[int, BoardOutlook], seat: str, dmo: str) -> float:
    """``seat``'s chance of winning the game from these outlooks (0.0 or 1.0 when proven)."""
    sure = proven(boards, dmo)
    if sure is not None:
        return float(sure == seat)
    chance = game_chance(boards, dmo)
    return chance if seat == "empire" else 1.0 - chance


def seat_value(boards: dict[int, BoardOutlook], seat: str, dmo: str) -> float:
    """``seat``'s prospects from these outlooks: -1.0 or 1.0 when proven, else strictly between."""
    if proven(boards, dmo) is not None:
        return 2.0 * seat_chance(boards, seat, dmo) - 1.0
    return min(0.999, max(-0.999, 2.0 * seat_chance(boards, seat, dmo) - 1.0))


def evaluate(state: DeepseaState, seat: str, think: Think) -> float:
    """``seat``'s prospects (:data:`domain.bots.Evaluate`): 1.0 won, -1.0 lost (the result, or
    boards lost and closed that no open board can make up for), else the chance of winning the
    game from the boards' estimates, as 2p - 1."""
    if state.result is not None:
        return 1.0 if state.result.winner == seat else -1.0
    return seat_value(outlook(state, think), seat, dmo_of(state))
