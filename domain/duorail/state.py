"""What a Duorail match is made of: its options, the commands players (and the server) send, the
events recorded, and the state the events build.

Every event carries what :func:`domain.duorail.rules.evolve` needs -- the piece placed, whether a
pass ends play, the outcome of a challenge or an endgame, the solver's tracks -- so replaying the
recorded events rebuilds the same state without any rule or solver. Tracks are carried as their
cells in loop order (``["C3", "C4", "D4", "D3"]``); ``None`` means "no track".

>>> DuorailOptions().time, construction_window(DuorailOptions())
(Bank(per_move_ms=60000, reserve_ms=300000, bank_size_ms=1), 300000)
>>> construction_window(DuorailOptions(time=NoClock())), construction_window(DuorailOptions(NoClock(), 60_000))
(86400000, 60000)
>>> msgspec.json.encode(DuorailMove("c3 ru"))
b'{"type":"duorail_move","move":"c3 ru"}'
"""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.clock import Bank, NoClock, SeatClock
from domain.game import Result
from domain.sealed import SealedBox

SEATS = ("blue", "red")
"""Blue moves first; red is the second player. A seat's colour is its name."""

COMMON_PIECES = 2
"""The shared pool of common straights."""

Track = list[str]
"""A track as its cells in loop order, the start first and not repeated."""


class DuorailOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``time``: the clock of the turns (a :class:`~domain.clock.Bank`: time per move plus a reserve,
    or ``NoClock``); ``construction_ms``: the window of the challenge and endgame phases, which
    always closes (``None``: 5 minutes with a move clock, 24 hours without); ``adjudication``: a
    challenge is decided by the challenged player's ``submitted`` track or by the ``solver``;
    ``scoring``: the endgame compares the ``submitted`` tracks or each colour's ``optimal``
    (longest) track."""

    time: Bank | NoClock = Bank(per_move_ms=60_000, reserve_ms=300_000)
    construction_ms: int | None = None
    adjudication: Literal["submitted", "solver"] = "submitted"
    scoring: Literal["submitted", "optimal"] = "submitted"


CONSTRUCTION_MS = 300_000
"""The challenge and endgame windows under a move clock, unless the options say otherwise."""
NO_CLOCK_CONSTRUCTION_MS = 24 * 3600 * 1000
"""The same windows without a move clock: "no clock" removes move clocks only (the shared rules)."""


def construction_window(options: DuorailOptions) -> int:
    """The length (ms) of a challenge or endgame window: the option, else the default of the clock."""
    if options.construction_ms is not None:
        return options.construction_ms
    return NO_CLOCK_CONSTRUCTION_MS if isinstance(options.time, NoClock) else CONSTRUCTION_MS


# ---------------------------------------------------------------- commands


class DuorailMove(msgspec.Struct, frozen=True, tag="duorail_move", forbid_unknown_fields=True):
    """A turn in move notation: ``C3 UR`` (a piece of your colour), ``C3 LR common`` (a common
    straight), ``challenge red`` or ``pass``; any case."""

    move: str


class SubmitTrack(msgspec.Struct, frozen=True, tag="duorail_submit_track", forbid_unknown_fields=True):
    """A track: the challenged player's answer to a challenge, or a seat's sealed endgame track.
    ``track`` is ``C3 RRDDLLUU`` or a list of cells; ``None`` says "I have no track" (it concedes a
    challenge; in the endgame it is sealed as length 0, but never replaces a sealed track)."""

    track: str | list[str] | None


class DuorailSolverAnswer(msgspec.Struct, frozen=True, tag="duorail_solver_answer", forbid_unknown_fields=True):
    """Server only: the answer to the :class:`~domain.game.Job` named ``key``. ``tracks`` maps each
    colour asked about to a track (``track_exists``: any track; ``longest_tracks``: a longest one),
    or ``None`` when that colour has no track at all."""

    key: str
    kind: Literal["track_exists", "longest_tracks"]
    tracks: dict[str, Track | None]


COMMANDS = (DuorailMove, SubmitTrack, DuorailSolverAnswer)
DuorailCommand = DuorailMove | SubmitTrack | DuorailSolverAnswer
"""Any command of the game (the type :class:`domain.game.Game` is parametrised by)."""

# ---------------------------------------------------------------- events


class DuorailPlaced(msgspec.Struct, frozen=True, tag="duorail_placed"):
    """``seat`` put a piece of ``colour`` (its own, or ``common``) and ``shape`` on ``cell`` at ``at``."""

    seat: str
    cell: str
    colour: str
    shape: str
    at: int


class Challenged(msgspec.Struct, frozen=True, tag="duorail_challenged"):
    """``seat`` challenged ``colour``: ``challenged`` (the opponent) must show a track of it."""

    seat: str
    colour: str
    challenged: str
    at: int


class Passed(msgspec.Struct, frozen=True, tag="duorail_passed"):
    """``seat`` passed -- or let its turn run out (``timeout``: its reserve is gone). ``ends_play``:
    the opponent passed just before, so the endgame starts."""

    seat: str
    at: int
    timeout: bool = False
    ends_play: bool = False


class ChallengeDecided(msgspec.Struct, frozen=True, tag="duorail_challenge_decided"):
    """The challenge is over. ``by``: ``submission`` (the challenged player's valid ``track``),
    ``concession`` (they said they have none), ``timeout`` (none in time) or ``solver`` (``track``
    is the solver's witness, ``None`` when no track exists). ``outcome`` is the result."""

    colour: str
    challenged: str
    by: Literal["submission", "concession", "timeout", "solver"]
    track: Track | None
    outcome: Result
    at: int


class TrackSealed(msgspec.Struct, frozen=True, tag="duorail_track_sealed"):
    """Private to ``seat`` until the reveal: its endgame track (``None``: no track), replacing any
    earlier one."""

    seat: str
    track: Track | None
    at: int


class TracksRevealed(msgspec.Struct, frozen=True, tag="duorail_tracks_revealed"):
    """The endgame is scored. ``by``: ``submissions`` (both seats were in), ``timeout`` (the window
    closed; a missing track counts 0) or ``solver`` (optimal scoring: the longest tracks).
    ``tracks`` and ``lengths`` by seat; ``outcome`` is the result."""

    tracks: dict[str, Track | None]
    lengths: dict[str, int]
    by: Literal["submissions", "timeout", "solver"]
    outcome: Result
    at: int


class RecordPublished(msgspec.Struct, frozen=True, tag="duorail_record"):
    """Published for the record (it never changes the result): for ``track_exists`` whether a track
    of the challenged colour existed, with a witness (``None``: none exists), for ``longest_tracks``
    each colour's longest track. ``key`` names the solver job that answered (``record:...`` after
    the result); a challenge met by a submitted track records that track at once."""

    key: str
    kind: Literal["track_exists", "longest_tracks"]
    tracks: dict[str, Track | None]
    lengths: dict[str, int]
    at: int


EVENTS = (DuorailPlaced, Challenged, Passed, ChallengeDecided, TrackSealed, TracksRevealed, RecordPublished)
DuorailEvent = DuorailPlaced | Challenged | Passed | ChallengeDecided | TrackSealed | TracksRevealed | RecordPublished
"""Any event of the game."""

# ---------------------------------------------------------------- state


class Piece(msgspec.Struct, frozen=True):
    """A piece on the board: its colour (``blue``, ``red``, ``common``), shape and who placed it."""

    colour: str
    shape: str
    placed_by: str


class Turn(msgspec.Struct, frozen=True):
    """One turn of play: who, the move in canonical notation, and whether it was a pass by timeout."""

    seat: str
    move: str
    timeout: bool = False


class Challenge(msgspec.Struct, frozen=True):
    """A challenge under way or decided. ``key`` (``challenge:<n>``) names its window or job."""

    challenger: str
    challenged: str
    colour: str
    key: str
    started_at: int


class Endgame(msgspec.Struct, frozen=True):
    """The endgame under way or scored. ``key`` (``endgame:<n>``) names its window or job; ``box``
    holds the sealed submissions (never shown to another seat)."""

    key: str
    started_at: int
    box: SealedBox


class Revealed(msgspec.Struct, frozen=True):
    """The endgame's tracks and lengths by seat, once revealed, and how (see :class:`TracksRevealed`)."""

    tracks: dict[str, Track | None]
    lengths: dict[str, int]
    by: str


class Record(msgspec.Struct, frozen=True):
    """What was published for the record (see :class:`RecordPublished`)."""

    key: str
    kind: Literal["track_exists", "longest_tracks"]
    tracks: dict[str, Track | None]
    lengths: dict[str, int]


Phase = Literal["play", "challenge", "endgame", "over"]
PHASES_WITH_TRACKS = ("challenge", "endgame")
"""The phases in which a seat may be asked for a track."""


class DuorailState(msgspec.Struct, frozen=True):
    """The whole game. ``board`` maps a cell to its :class:`Piece`; ``turns`` are the turns of play
    (blue made the even ones); ``passed``: the last turn was a pass; ``last_placer``: who put the
    last piece on the board (the tie-break)."""

    options: DuorailOptions
    clocks: dict[str, SeatClock]
    board: dict[str, Piece] = {}
    turns: tuple[Turn, ...] = ()
    turn_started_at: int | None = None
    common_left: int = COMMON_PIECES
    last_placer: str | None = None
    passed: bool = False
    phase: Phase = "play"
    challenge: Challenge | None = None
    endgame: Endgame | None = None
    revealed: Revealed | None = None
    record: Record | None = None
    result: Result | None = None

    @property
    def acting_since(self) -> int | None:
        """When the seats to act began to act: the start of the current turn, challenge or endgame
        window (``None``: not begun). The library's moves are played then unless told otherwise."""
        return None if self.turn_started_at is None else max(
            [self.turn_started_at] + [w.started_at for w in (self.challenge, self.endgame) if w is not None])

    @property
    def ply(self) -> int:
        """The number of turns made; it names the deadlines (``turn:<ply>``)."""
        return len(self.turns)

    def pieces(self) -> dict[str, tuple[str, str]]:
        """The position as :data:`domain.duorail.parts.track.Pieces`: cell -> (colour, shape)."""
        return {cell: (piece.colour, piece.shape) for cell, piece in self.board.items()}
