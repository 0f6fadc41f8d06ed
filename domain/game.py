"""The decider protocol every game implements, and the small types it speaks in.

A game is a pure value-level machine::

    state  = game.initial(options, seed)
    state  = game.begin(state, at)                 # play starts (clocks start) at ``at``
    events = game.decide(state, command, ctx)      # or raises a DomainError
    state  = game.evolve(state, event)             # total and deterministic
    view   = game.view(state, viewer)              # what this viewer may see

plus ``legal_moves`` (``legal_commands``: each with the command that plays it), ``deadline`` /
``on_timeout`` for its clock, ``jobs`` / ``work`` for solver work the state waits on, ``result`` and ``svg``. Two hooks are optional (:mod:`domain.match` calls them
when a game has them; only Deep Sea Voyage does):

- ``check_priority(options, priority)`` refuses, when the match is created, options that clash with
  its priority seat (Deep Sea Voyage: the ``dmo`` option and a priority player both naming the DMO);
- ``match_started(state, at, pregame_ms) -> state`` tells the game that the match started at ``at``
  with a pregame of ``pregame_ms`` -- for a game whose pregame every match has, with or without a
  priority seat (Deep Sea Voyage shows its boards for 90 s; ``begin`` then waits for the rest).
Commands, events and views are ``msgspec.Struct`` tagged unions (tag field ``type``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Annotated, Any, ClassVar, Literal, Protocol

import msgspec

Seat = str
"""A seat is named by the game: ``white``/``red`` in Trax, ``blue``/``red`` in Duorail, ..."""


PUBLIC = "public"
ORGANIZER = "organizer"


def private_to(seat: str) -> str:
    """The visibility of an event only ``seat`` may see until it is revealed (see ``visibility``)."""
    return f"seat:{seat}"


class Context(msgspec.Struct, frozen=True):
    """Everything a decision may read from outside: the server time and who is acting.

    ``seat`` is the seat the acting account holds in this match (``None`` for the system, the
    organizer or an outsider); ``system`` marks commands the server itself issues (timers).
    """

    now: int
    seat: Seat | None = None
    account: str | None = None
    system: bool = False
    organizer: bool = False
    priority: Seat | None = None
    """The seat now held by the match's priority player (Deep Sea Voyage's DMO), if it names one."""


class Viewer(msgspec.Struct, frozen=True):
    """Who is looking: a seat holder, a spectator, or the organizer (who may see hidden state)."""

    seat: Seat | None = None
    organizer: bool = False

    @property
    def role(self) -> Literal["player", "organizer", "spectator"]:
        if self.seat is not None:
            return "player"
        return "organizer" if self.organizer else "spectator"


RESULT_REASONS: dict[str, str] = {
    "loop": "Trax: a loop of the winner's colour was formed.",
    "line": "Trax: a line of the winner's colour joins opposite edges.",
    "draw": "Trax: the player to move had no legal move.",
    "timeout": "The loser ran out of time.",
    "resign": "The loser resigned.",
    "aborted": "Aborted: by the organizer, or a seat was still open at the scheduled start.",
    "declined": "The challenged player declined the challenge.",
    "cancelled": "Its creator withdrew the match before it started.",
    "expired": "The match did not start before it expired.",
    "last_tile": "MonUnrail: the winner completed the track, or removed the last tile.",
    "impossible_upheld": "MonUnrail: Impossible was called and the track could not be completed.",
    "impossible_refuted": "MonUnrail: Impossible was called but the track could be completed.",
    "challenge_met": "Duorail: the challenged player showed a track of the challenged colour.",
    "challenge_failed": "Duorail: no track of the challenged colour was shown.",
    "longer_track": "Duorail: the winner's track is longer at the end.",
    "tiebreak": "Duorail or Cairo Corridor: a tie, broken by the game's tiebreak rule.",
    "score": "Cairo Corridor: the winner scored more.",
    "boards": "Deep Sea Voyage: the winner won more boards.",
    "dmo_tiebreak": "Deep Sea Voyage: a tie, so the DMO (the priority player) wins.",
}
"""Every ``Result.reason`` and what it means: the ``enum`` of the API document (the stored field
stays a plain string, so that a match is always readable; ``tests/domain/test_result_reasons.py``
checks that the rules give no other reason)."""


class Result(msgspec.Struct, frozen=True):
    """How a game ended. ``winner`` is a seat, or ``None`` for a draw or an aborted match.

    ``reason`` is a stable code, one of :data:`RESULT_REASONS`: ``loop``, ``resign``, ``timeout``...
    """

    winner: Seat | None
    reason: Annotated[str, msgspec.Meta(extra_json_schema={"extra": {"enum": list(RESULT_REASONS)}})]
    detail: str = ""


class Deadline(msgspec.Struct, frozen=True):
    """A moment the state is waiting on. ``key`` names the turn it is for, so a stale timer that
    fires after the turn has moved on finds a different key (or a later time) and does nothing."""

    at: int
    key: str
    seat: Seat | None = None


def is_due(current: Deadline | None, key: str, now: int) -> bool:
    """True when the state still waits on the deadline named ``key`` and ``now`` has reached it.
    A stale, repeated or early timer finds ``False`` and changes nothing.

    >>> turn = Deadline(at=1_000, key="turn:3", seat="red")
    >>> is_due(turn, "turn:3", now=1_000), is_due(turn, "turn:2", now=5_000), is_due(turn, "turn:3", now=999)
    (True, False, False)
    """
    return current is not None and current.key == key and now >= current.at


class Job(msgspec.Struct, frozen=True):
    """Expensive work the state is waiting on (a solver), run on a worker, never in a request.

    ``key`` names the request (e.g. ``challenge:12``): the worker runs :meth:`Game.work` on the
    state and sends the command it returns as a system command with ``key`` as its idempotency
    key, so a repeated job appends once and an answer the game has moved past is refused.
    ``kind`` says what is asked, for logs and queues (``track_exists``, ``longest_tracks``...).
    """

    key: str
    kind: str


class LegalMove(msgspec.Struct, frozen=True):
    """A move ``seat`` may make now: its notation and the command that makes it.

    >>> from domain.trax.state import Play
    >>> LegalMove("B1+", Play("B1+")).command
    Play(move='B1+')
    """

    move: str
    command: Any


class LegalMoves(Sequence[LegalMove]):
    """Moves written in notation, each paired with its command only when it is read (a page of
    Deep Sea Voyage's thousands of placements costs that page), then a few ``extra`` moves that
    are not in the game's notation list (a Mulligan, an item, a sealed submission with no content).

    >>> from domain.cairo.state import Place
    >>> moves = LegalMoves(["Gl", "Hl"], Place, [LegalMove("extra", None)])
    >>> len(moves), moves[1], moves[-1].move, [m.move for m in moves[1:]]
    (3, LegalMove(move='Hl', command=Place(cell='Hl')), 'extra', ['Hl', 'extra'])
    """

    def __init__(self, moves: Sequence[str], command_for: Callable[[str], Any], extra: Sequence[LegalMove] = ()):
        self._moves, self._command_for, self._extra = moves, command_for, tuple(extra)

    def __len__(self) -> int:
        return len(self._moves) + len(self._extra)

    def __getitem__(self, index):  # type: ignore[override]
        if isinstance(index, slice):
            if index.step not in (None, 1):
                return [self[i] for i in range(*index.indices(len(self)))]
            start, stop, _ = index.indices(len(self))
            listed, command_for = self._moves[start:stop], self._command_for  # (a page: one slice, one loop)
            return [LegalMove(move, command_for(move)) for move in listed] + list(
                self._extra[max(0, start - len(self._moves)):max(0, stop - len(self._moves))])
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        if index >= len(self._moves):
            return self._extra[index - len(self._moves)]
        move = self._moves[index]
        return LegalMove(move, self._command_for(move))


class Game(Protocol):
    """What :mod:`domain.match` and the service need from a game."""

    name: ClassVar[str]
    seats: ClassVar[tuple[Seat, ...]]
    Options: ClassVar[type[msgspec.Struct]]
    View: ClassVar[type[msgspec.Struct]]
    commands: ClassVar[tuple[type[msgspec.Struct], ...]]
    events: ClassVar[tuple[type[msgspec.Struct], ...]]
    has_private_events: ClassVar[bool]
    """True when ``visibility`` may mark an event private (sealed submissions, hidden supply)."""
    secret_options: ClassVar[tuple[str, ...]]
    """Options only the organizer may see (recorded privately; the match shows the others)."""
    pregame_ms: ClassVar[int]
    """How long the priority player has to choose a seat, unless the match says otherwise."""
    setup_hidden_until_start: ClassVar[bool]
    """True when players and spectators see nothing of the game until the match starts (Deep Sea
    Voyage reveals its boards at the pregame); organizers always see it."""
    summary: ClassVar[str]
    """What the game is, in a sentence or two (``GET /games/{game}``; the rules page has the rest)."""
    time_control: ClassVar[str]
    """How the clock works in this game, in a sentence or two."""
    time_options: ClassVar[tuple[str, ...]]
    """The options that set the clock and the game's windows."""
    bots: ClassVar[Mapping[int, Callable[..., list[Any]]]]
    """The built-in bot of each level (:data:`domain.bots.LEVELS`): ``bot(state, seat, think)``
    returns candidate commands for ``seat``, preferred first (:data:`domain.bots.Bot`); the worker
    plays the first one the game accepts, since hidden information (MonUnrail's supply) may refuse
    some. Pure: ``think.seed`` is the only chance."""
    evaluate: ClassVar[Callable[..., float]]
    """``evaluate(state, seat, think)``: ``seat``'s prospects from -1.0 (proven lost) to 1.0 (proven
    won), the game's estimate in between (:data:`domain.bots.Evaluate`)."""

    def initial(self, options: Any, seed: int) -> Any: ...
    def begin(self, state: Any, at: int) -> Any: ...
    def decide(self, state: Any, command: Any, ctx: Context) -> list[Any]: ...
    def evolve(self, state: Any, event: Any) -> Any: ...
    def view(self, state: Any, viewer: Viewer) -> msgspec.Struct: ...
    def to_move(self, state: Any) -> tuple[Seat, ...]: ...
    def legal_moves(self, state: Any, seat: Seat) -> Sequence[str]:
        """What ``seat`` may send now, in notation (a list, or a sequence that writes each move
        only when it is read, where there are many: Deep Sea Voyage's placements)."""
    def legal_commands(self, state: Any, seat: Seat) -> Sequence[LegalMove]:
        """Everything ``seat`` may send now, each with the exact command that sends it: the
        ``legal_moves`` and the game's other commands (a Mulligan, an item, a sealed submission
        that needs no content). What it lists never depends on hidden information."""
    def deadline(self, state: Any) -> Deadline | None: ...
    def on_timeout(self, state: Any, deadline: Deadline, ctx: Context) -> list[Any]: ...
    def jobs(self, state: Any) -> list[Job]:
        """Solver work the state waits on; ``[]`` for most states (and always in Trax)."""
    def work(self, state: Any, job: Job) -> Any:
        """Run ``job`` (pure, possibly slow) and return the system command that answers it."""
    def result(self, state: Any) -> Result | None: ...
    def svg(self, state: Any, viewer: Viewer) -> str: ...
    def analyse(self, state: Any) -> msgspec.Struct: ...
    def visibility(self, event: Any) -> str | None:
        """``None`` for a public event, else :func:`domain.codec.private_to` a seat or ``organizer``."""
