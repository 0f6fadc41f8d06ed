"""The small types every game speaks in: seats, who acts and who looks, results, deadlines,
solver jobs and legal moves. :mod:`domain.game` (the template of a game) re-exports them."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Annotated, Any, Literal, overload

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
    "no_first_move": "Aborted: a seat never made its first move before a clock ended the game (no rating changes).",
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

    @overload
    def __getitem__(self, index: int) -> LegalMove: ...
    @overload
    def __getitem__(self, index: slice) -> list[LegalMove]: ...

    def __getitem__(self, index: int | slice) -> LegalMove | list[LegalMove]:
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
