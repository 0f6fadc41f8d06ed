"""Duorail for a search (:mod:`domain.searcher`): :class:`DuorailPosition`, the pieces and the phase.

A move is an int: a placement is ``cell * 8 + shape`` (``cell`` the index in
:data:`~domain.duorail.parts.track.CELLS`, ``shape`` 0-5 a piece of the seat's colour in
:data:`~domain.duorail.parts.track.SHAPES`, 6-7 a common straight ``UD``/``LR``); then
:data:`CHALLENGE_BLUE`, :data:`CHALLENGE_RED` and :data:`PASS` -- the order ``legal_moves`` lists.
A track asked for is one move: :data:`SHOW_TRACK` (the challenged seat shows a track of the
challenged colour; in the endgame a seat seals its longest track: the solver finds it, and
``name`` writes it) or :data:`NO_TRACK`. So a search plays the construction phases as the best
player would, and a position holds no track, only the length a seat sealed.

Hidden information: a seat's view of the endgame does not show whether the opponent sealed a
track (nor which): the position a seat knows (``position(from_view(view))``) leaves that seat to
act, its sealed action open, and :meth:`DuorailPosition.determinize` leaves it so (the search then
plays it as a move: the longest track, or none).

>>> from domain import duorail
>>> start = position(duorail.new_game())
>>> moves = start.moves("blue")
>>> len(moves), [start.name(m) for m in moves[:2] + moves[-3:]], start.parse("c3 ru")
(651, ['A1 UD', 'A1 LR', 'challenge blue', 'challenge red', 'pass'], 162)
>>> after = start.apply("blue", start.parse("A1 UD"))   # a rail off the board: no blue track now
>>> challenged = after.apply("red", CHALLENGE_BLUE)
>>> challenged.to_act(), challenged.moves("blue"), challenged.name(NO_TRACK)
(('blue',), [652], 'no track')
>>> over = challenged.apply("blue", NO_TRACK)
>>> over.result().winner, over.result().reason, over.to_act(), over.evaluate("red")
('red', 'challenge_failed', (), 1.0)
>>> final = after.random_playout(random.Random(1)).final
>>> final.to_act(), final.result() is not None
((), True)
"""

from __future__ import annotations

import functools
import itertools
import math
import random
from typing import ClassVar

import msgspec
import numpy as np

from domain.duorail.parts import kernels
from domain.duorail.parts.notation import parse_action
from domain.duorail.parts.track import CELLS, COMMON, SHAPES, STRAIGHTS, format_track, parse_track, track_problem
from domain.duorail.state import COMMON_PIECES, SEATS, DuorailState
from domain.errors import IllegalMove, InvalidCommand, WrongState
from domain.game import Result
from domain.searcher import Playout

N = len(CELLS)
"""The 81 cells."""
CHALLENGE_BLUE, CHALLENGE_RED, PASS = 8 * N, 8 * N + 1, 8 * N + 2
SHOW_TRACK, NO_TRACK = 8 * N + 3, 8 * N + 4
"""A track asked for: shown (the solver finds it: a track of the challenged colour, the seat's
longest in the endgame), or none (it concedes a challenge; it seals length 0)."""
PLAYOUT_MOVES = 1_000
"""The most moves :meth:`DuorailPosition.random_playout` plays (a game ends in about 90)."""
PHASES = ("play", "challenge", "endgame", "over")
REASONS = ("challenge_met", "challenge_failed", "longer_track", "tiebreak")
"""The reasons a search ends a game for (others come from the server: a resignation, ...)."""
_COMMON_CODE = 13
"""A cell's code in :attr:`DuorailPosition.cells`: 0 empty, 1-6 blue's shapes, 7-12 red's, 13-14
the common straights."""
_OWN = tuple(tuple(range(8 * c, 8 * c + 6)) for c in range(N))
_ALL = tuple(tuple(range(8 * c, 8 * c + 8)) for c in range(N))
_TAIL = (CHALLENGE_BLUE, CHALLENGE_RED, PASS)
_PIECE = tuple((colour, shape) for colour in SEATS for shape in SHAPES) + tuple((COMMON, s) for s in STRAIGHTS)
"""What a cell's code ``k > 0`` holds: ``_PIECE[k - 1]``."""


SCALE = 6.0
"""How many cells of margin make a position clearly better (the score's tanh scale)."""


def margin(mine: int, theirs: int, last_placer: str | None, seat: str) -> float:
    """The endgame margin of ``seat`` if play ended now: cells of track more than the opponent's;
    ``0.5`` / ``-0.5`` for equal tracks that the tie-break gives to ``seat`` / the opponent."""
    if mine != theirs:
        return float(mine - theirs)
    return 0.5 if (last_placer or "red") == seat else -0.5


def value(edge: float) -> float:
    """A margin as a value strictly between -1 and 1 (0.5: about 3 cells ahead)."""
    return 0.98 * math.tanh(edge / SCALE)


class DuorailPosition(msgspec.Struct, frozen=True, dict=True):
    """A Duorail position: ``cells`` one code a cell (0 empty, 1-6 blue's shapes, 7-12 red's, 13-14
    the common ``UD``/``LR``); ``turn`` the turns made mod 2 (the seat to play, in play); ``passed``
    (the last turn was a pass); ``last_placer`` (-1 none, 0 blue, 1 red: the tie-break);
    ``phase`` (``play``, ``challenge``, ``endgame``, ``over``); in a challenge the ``challenger``
    and the challenged ``colour`` (seat indices); in the endgame the length each seat ``sealed``
    (-1: not sealed, or not known to this seat); the options that decide who answers
    (``adjudication``, ``scoring``: the solver's modes end the game at once); ``winner`` and
    ``reason`` once over."""

    seats: ClassVar[tuple[str, ...]] = SEATS
    cells: bytes = bytes(N)
    turn: int = 0
    passed: bool = False
    last_placer: int = -1
    phase: str = "play"
    challenger: int = -1
    colour: int = -1
    sealed: tuple[int, int] = (-1, -1)
    adjudication: str = "submitted"
    scoring: str = "submitted"
    winner: str | None = None
    reason: str | None = None

    # ------------------------------------------------------------ the searcher's API

    def to_act(self) -> tuple[str, ...]:
        if self.phase == "play":
            return (SEATS[self.turn],)
        if self.phase == "challenge":
            return (SEATS[1 - self.challenger],) if self.adjudication == "submitted" else ()
        if self.phase == "endgame" and self.scoring == "submitted":
            return tuple(seat for i, seat in enumerate(SEATS) if self.sealed[i] < 0)
        return ()

    def moves(self, seat: str) -> list[int]:
        if seat not in self.to_act():
            return []
        if self.phase == "play":
            return list(self._placements)  # a copy: the caller may shuffle it
        return [SHOW_TRACK, NO_TRACK] if self._track_for(seat) else [NO_TRACK]

    def apply(self, seat: str, move: int) -> DuorailPosition:
        acting = self.to_act()
        if not acting:
            raise WrongState("game_over", "The game is over.")
        if seat not in acting:
            raise WrongState("not_your_turn", f"It is {' and '.join(acting)}'s turn, not {seat}'s.")
        if not isinstance(move, int) or not 0 <= move <= NO_TRACK:
            raise InvalidCommand("bad_move", f"A Duorail move here is an int from moves() or parse(), not {move!r}.")
        if self.phase == "play":
            return self._played(move)._settled()
        if move not in (SHOW_TRACK, NO_TRACK):
            raise WrongState("play_is_over", "Play is over: a track is asked for (SHOW_TRACK or NO_TRACK).")
        if move == SHOW_TRACK and not self._track_for(seat):
            raise IllegalMove("invalid_track", f"There is no {self._asked_colour(seat)} track to show.")
        if self.phase == "challenge":
            challenged = 1 - self.challenger
            return self._over(SEATS[challenged] if move == SHOW_TRACK else SEATS[self.challenger],
                              "challenge_met" if move == SHOW_TRACK else "challenge_failed")
        side = SEATS.index(seat)
        length = len(self._track_for(seat) or ()) if move == SHOW_TRACK else 0
        sealed = (length, self.sealed[1]) if side == 0 else (self.sealed[0], length)
        if min(sealed) < 0:
            return msgspec.structs.replace(self, sealed=sealed)
        return self._over(*self._endgame_result(sealed))

    def result(self) -> Result | None:
        if self.reason is not None:
            return Result(self.winner, self.reason)
        if self.phase == "challenge" and self.adjudication == "solver":
            met = self._track_of(SEATS[self.colour], longest=False) is not None
            return Result(SEATS[1 - self.challenger if met else self.challenger],
                          "challenge_met" if met else "challenge_failed")
        if self.phase == "endgame" and self.scoring == "optimal":
            return Result(*self._endgame_result(self._longest_lengths()))
        return None

    def key(self) -> int:
        return int(kernels.zobrist(np.frombuffer(self.cells, np.uint8), self._extra()))

    def name(self, move: int) -> str:
        if move < CHALLENGE_BLUE:
            cell, shape = divmod(move, 8)
            return f"{CELLS[cell]} {SHAPES[shape]}" if shape < 6 else f"{CELLS[cell]} {STRAIGHTS[shape - 6]} common"
        if move in (CHALLENGE_BLUE, CHALLENGE_RED):
            return f"challenge {SEATS[move - CHALLENGE_BLUE]}"
        if move == PASS:
            return "pass"
        if move == SHOW_TRACK:
            acting = self.to_act()
            track = self._track_for(acting[0]) if len(acting) == 1 else None
            if track is None:
                raise InvalidCommand("bad_move", "SHOW_TRACK is named where one seat has a track to show.")
            return format_track(track)
        if move == NO_TRACK:
            return "no track"
        raise InvalidCommand("bad_move", f"{move!r} is not a Duorail move.")

    def name_for(self, seat: str, move: int) -> str:
        """``move`` of ``seat`` in notation: in the endgame both seats are to act, and
        :data:`SHOW_TRACK` writes ``seat``'s longest track."""
        if move == SHOW_TRACK and self.phase == "endgame":
            track = self._track_for(seat)
            if track is None:
                raise InvalidCommand("bad_move", f"{seat} has no track to show.")
            return format_track(track)
        return self.name(move)

    def parse(self, text: str) -> int:
        written = " ".join(str(text).split()).lower()
        if written == "no track":
            return NO_TRACK
        if self.phase in ("challenge", "endgame"):
            cells = parse_track(text)
            acting = self.to_act()
            seat = acting[0] if len(acting) == 1 else None
            colour = self._asked_colour(seat) if seat is not None else None
            if colour is None or track_problem(self.pieces(), colour, cells) is not None:
                raise IllegalMove("invalid_track", f"{text.strip()} is not a track asked for here.")
            return SHOW_TRACK
        action = parse_action(text)
        if action.kind == "pass":
            return PASS
        if action.kind == "challenge":
            return CHALLENGE_BLUE + SEATS.index(action.colour or "")
        cell = CELLS.index(action.cell or "")
        if action.kind == "common":
            if action.shape not in STRAIGHTS:
                raise IllegalMove("common_not_straight", "Common pieces are straights only: UD or LR.")
            return 8 * cell + 6 + STRAIGHTS.index(action.shape)
        return 8 * cell + SHAPES.index(action.shape or "")

    def random_playout(self, rng: random.Random, max_moves: int = PLAYOUT_MOVES) -> Playout:
        found, played = self, 0
        if self.phase == "play" and max_moves > 0:
            cells = np.frombuffer(self.cells, np.uint8).copy()
            turn, passed, last, phase, kind, played = kernels.play_randomly(
                cells, self.turn, self.passed, self.last_placer, rng.getrandbits(62), max_moves)
            found = DuorailPosition(cells.tobytes(), turn, bool(passed), last, PHASES[phase],
                                    adjudication=self.adjudication, scoring=self.scoring)
            if phase == 1:
                found = msgspec.structs.replace(found, challenger=1 - turn, colour=kind)
            found = found._settled()
        while played < max_moves and (acting := found.to_act()):
            seat = rng.choice(acting)
            found, played = found.apply(seat, rng.choice(found.moves(seat))), played + 1
        return Playout(found, played)

    def evaluate(self, seat: str) -> float:
        over = self.result()
        if over is not None:
            return 0.0 if over.winner is None else 1.0 if over.winner == seat else -1.0
        if self.phase == "challenge":  # the challenged seat shows a track if there is one
            met = self._track_of(SEATS[self.colour], longest=False) is not None
            return 1.0 if SEATS[1 - self.challenger if met else self.challenger] == seat else -1.0
        lengths = self._longest_lengths()
        if self.phase == "endgame":  # each seat still to act seals its longest track
            sealed = (lengths[0] if self.sealed[0] < 0 else self.sealed[0],
                      lengths[1] if self.sealed[1] < 0 else self.sealed[1])
            return 1.0 if self._endgame_result(sealed)[0] == seat else -1.0
        side, mover = SEATS.index(seat), SEATS[self.turn]
        edge = margin(lengths[side], lengths[1 - side], self._last_placer_seat(), seat)
        if 0 in lengths or (self.passed and (edge > 0) == (mover == seat)):
            return 1.0 if mover == seat else -1.0  # the mover challenges, or passes and wins
        return value(edge)

    def determinize(self, seat: str, rng: random.Random | None = None) -> DuorailPosition:
        """The position with what ``seat`` cannot see filled in: here nothing is drawn -- the one
        hidden thing, whether and what the opponent sealed in the endgame, is left open (the
        opponent stays to act, and a search plays its sealing as a move)."""
        return self

    # ------------------------------------------------------------ helpers

    @property
    def common_left(self) -> int:
        return COMMON_PIECES - sum(1 for code in self.cells if code >= _COMMON_CODE)

    @functools.cached_property
    def _placements(self) -> list[int]:
        table = _ALL if self.common_left else _OWN
        return [*itertools.chain.from_iterable(table[c] for c, code in enumerate(self.cells) if not code), *_TAIL]

    def _played(self, move: int) -> DuorailPosition:
        flip = 1 - self.turn
        if move == PASS:
            if self.passed:
                return msgspec.structs.replace(self, turn=flip, phase="endgame")
            return msgspec.structs.replace(self, turn=flip, passed=True)
        if move >= CHALLENGE_BLUE:
            if move > PASS:
                raise WrongState("no_track_asked", "Tracks are asked for in the challenge and endgame phases.")
            return msgspec.structs.replace(self, turn=flip, passed=False, phase="challenge",
                                           challenger=self.turn, colour=move - CHALLENGE_BLUE)
        cell, shape = divmod(move, 8)
        if self.cells[cell]:
            raise IllegalMove("occupied", f"There is already a piece on {CELLS[cell]}.")
        if shape >= 6 and not self.common_left:
            raise IllegalMove("no_common_left", "Both common pieces are on the board: the pool is empty.")
        code = 1 + 6 * self.turn + shape if shape < 6 else _COMMON_CODE + shape - 6
        cells = bytearray(self.cells)
        cells[cell] = code
        return msgspec.structs.replace(self, cells=bytes(cells), turn=flip, passed=False, last_placer=self.turn)

    def _settled(self) -> DuorailPosition:
        """Itself, or over where the solver decides at once (a challenge, the endgame, in its modes)."""
        decided = self.result() if self.phase in ("challenge", "endgame") else None
        return self if decided is None else self._over(decided.winner or "", decided.reason)

    def _over(self, winner: str, reason: str) -> DuorailPosition:
        return msgspec.structs.replace(self, phase="over", challenger=-1, colour=-1, sealed=(-1, -1),
                                       winner=winner, reason=reason)

    def _last_placer_seat(self) -> str | None:
        return None if self.last_placer < 0 else SEATS[self.last_placer]

    def _endgame_result(self, lengths: tuple[int, int]) -> tuple[str, str]:
        """The winner and reason of an endgame with these track lengths (blue's, red's)."""
        if lengths[0] != lengths[1]:
            return SEATS[0 if lengths[0] > lengths[1] else 1], "longer_track"
        return self._last_placer_seat() or SEATS[1], "tiebreak"

    def _asked_colour(self, seat: str | None) -> str | None:
        if self.phase == "challenge":
            return SEATS[self.colour]
        return seat if self.phase == "endgame" else None

    def _track_for(self, seat: str) -> list[str] | None:
        """The track ``seat`` would show now: a track of the challenged colour, its longest in the endgame."""
        colour = self._asked_colour(seat)
        return None if colour is None else self._track_of(colour, longest=self.phase == "endgame")

    def pieces(self) -> dict[str, tuple[str, str]]:
        """The pieces as :data:`domain.duorail.parts.track.Pieces`: cell -> (colour, shape)."""
        return {CELLS[c]: _PIECE[code - 1] for c, code in enumerate(self.cells) if code}

    def _track_of(self, colour: str, longest: bool) -> list[str] | None:
        tracks = self.__dict__.setdefault("_tracks", {})
        if (colour, longest) not in tracks:
            from domain.duorail.parts.solver import find_track, longest_track  # compiled: loaded on first use

            tracks[colour, longest] = (longest_track if longest else find_track)(self.pieces(), colour)
        found: list[str] | None = tracks[colour, longest]
        return found

    def _longest_lengths(self) -> tuple[int, int]:
        blue, red = (len(self._track_of(seat, longest=True) or ()) for seat in SEATS)
        return blue, red

    def _extra(self) -> int:
        """Everything but the cells, as one int (for the key)."""
        reason = REASONS.index(self.reason) + 1 if self.reason in REASONS else 7 * (self.reason is not None)
        winner = 0 if self.winner is None else 1 + SEATS.index(self.winner)
        fields = (self.turn, 2, int(self.passed), 2, self.last_placer + 1, 3, PHASES.index(self.phase), 4,
                  self.challenger + 1, 3, self.colour + 1, 3, self.sealed[0] + 1, 128, self.sealed[1] + 1, 128,
                  int(self.adjudication == "solver"), 2, int(self.scoring == "optimal"), 2, winner, 3, reason, 8)
        extra = 0
        for field, size in zip(fields[0::2], fields[1::2]):
            extra = extra * size + field
        return extra


def position(state: DuorailState | DuorailPosition) -> DuorailPosition:
    """The position of a library state (itself for a position): its pieces, whose turn it is, the
    challenge or the endgame under way (the lengths sealed, as far as the state holds them) and,
    once over, the result."""
    if isinstance(state, DuorailPosition):
        return state
    if not isinstance(state, DuorailState):
        raise InvalidCommand("not_a_state", f"{type(state).__name__} is not a Duorail state.")
    cells = bytearray(N)
    for cell, piece in state.board.items():
        code = _PIECE.index((piece.colour, piece.shape)) + 1
        cells[CELLS.index(cell)] = code
    options = state.options
    found = DuorailPosition(bytes(cells), state.ply % 2, state.passed,
                            -1 if state.last_placer is None else SEATS.index(state.last_placer),
                            state.phase, adjudication=options.adjudication, scoring=options.scoring)
    if state.result is not None:
        found = msgspec.structs.replace(found, phase="over", winner=state.result.winner, reason=state.result.reason)
    elif state.phase == "challenge" and state.challenge is not None:
        found = msgspec.structs.replace(found, challenger=SEATS.index(state.challenge.challenger),
                                        colour=SEATS.index(state.challenge.colour))
    elif state.phase == "endgame" and state.endgame is not None:
        box = state.endgame.box.submissions
        found = msgspec.structs.replace(found, sealed=tuple(len(box[s] or ()) if s in box else -1 for s in SEATS))
    return found


def warm_up() -> None:
    """Compile (or load from numba's cache) the kernels now."""
    start = DuorailPosition()
    start.apply("blue", 0).random_playout(random.Random(0), 3).final.key()
    start.evaluate("blue")


__all__ = ["DuorailPosition", "position", "warm_up", "margin", "value", "SCALE", "CHALLENGE_BLUE", "CHALLENGE_RED", "PASS", "SHOW_TRACK",
           "NO_TRACK"]
