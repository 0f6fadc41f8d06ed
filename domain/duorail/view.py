"""What a viewer sees. Everything is public except the sealed endgame tracks: a seat sees its own
(``my_submission``), and nobody else learns anything about them -- the view of the opponent and
of a spectator is the same before and after a seat seals a track, byte for byte. Tracks are shown
in track notation (``C3 RRDDLLUU``) with their length.

>>> from domain.game import Viewer
>>> from domain.duorail.rules import begin, initial
>>> v = view(begin(initial(None, 0), at=0), Viewer())
>>> v.phase, v.pieces, v.common_left, v.to_move, v.clocks["blue"].deadline
('play', [], 2, ['blue'], 360000)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

import msgspec

from domain.clock import Bank
from domain.duorail.parts.notation import parse_action
from domain.duorail.rules import RECORD, begin, deadline, evolve, initial, other, seat_to_play, to_move, waits_on_solver
from domain.duorail.state import (
    SEATS,
    Challenged,
    DuorailOptions,
    DuorailPlaced,
    DuorailState,
    Passed,
    Record,
    Revealed,
    Track,
)
from domain.duorail.parts.track import CELLS, COMMON, format_track, parse_track
from domain.errors import InvalidCommand
from domain.game import Result, Viewer
from domain.known import game_view
from domain.sealed import has_submitted, own_submission, seal


class DuorailPieceView(msgspec.Struct, frozen=True):
    """A piece on the board, e.g. ``{"cell": "C3", "colour": "common", "shape": "LR", "placed_by": "red"}``."""

    cell: str
    colour: str
    shape: str
    placed_by: str


class DuorailClockView(msgspec.Struct, frozen=True):
    """A seat's clock: its reserve (``None`` without a clock); while it is to play, when its turn
    started and its deadline."""

    reserve_ms: int | None
    turn_started_at: int | None = None
    deadline: int | None = None


class TurnView(msgspec.Struct, frozen=True):
    """A turn of play: who, the move in notation, and whether it was a pass by timeout."""

    seat: str
    move: str
    timeout: bool = False


class TrackView(msgspec.Struct, frozen=True):
    """A track in notation and its length; ``track`` ``None`` and ``length`` 0 for "no track"."""

    track: str | None
    length: int


class DuorailChallengeView(msgspec.Struct, frozen=True):
    """The challenge: who challenged which colour; the challenged seat must show a track of it by
    ``deadline`` (``None``: the solver decides)."""

    challenger: str
    challenged: str
    colour: str
    started_at: int
    deadline: int | None


class EndgameView(msgspec.Struct, frozen=True):
    """The endgame window: both seats seal a track by ``deadline`` (``None``: the solver scores)."""

    started_at: int
    deadline: int | None


class RevealView(msgspec.Struct, frozen=True):
    """The endgame's tracks by seat once revealed; ``by`` ``submissions``, ``timeout`` or ``solver``."""

    by: str
    tracks: dict[str, TrackView]


class RecordView(msgspec.Struct, frozen=True):
    """The solver's findings published for the record: ``track_exists`` (the challenged colour: a
    witness, or none -- no track existed) or ``longest_tracks`` (each colour's longest track)."""

    kind: Literal["track_exists", "longest_tracks"]
    tracks: dict[str, TrackView]


class DuorailView(msgspec.Struct, frozen=True, tag_field="game", tag="duorail"):
    """``phase``: ``play``, ``challenge``, ``endgame``, ``waiting_for_solver`` or ``over``."""

    options: DuorailOptions
    phase: Literal["play", "challenge", "endgame", "waiting_for_solver", "over"]
    pieces: list[DuorailPieceView]
    common_left: int
    to_move: list[str]
    clocks: dict[str, DuorailClockView]
    last_placer: str | None
    moves: list[TurnView]
    challenge: DuorailChallengeView | None
    endgame: EndgameView | None
    my_submission: TrackView | None
    revealed: RevealView | None
    record: RecordView | None
    result: Result | None


def track_view(cells: Track | None) -> TrackView:
    return TrackView(track=format_track(cells) if cells else None, length=len(cells) if cells else 0)


def phase_of(state: DuorailState) -> Literal["play", "challenge", "endgame", "waiting_for_solver", "over"]:
    return "waiting_for_solver" if waits_on_solver(state) else state.phase


def view(state: DuorailState, viewer: Viewer) -> DuorailView:
    """The view of ``state`` for ``viewer``: the same for everyone but ``my_submission``."""
    due = deadline(state)
    acting = seat_to_play(state) if state.turn_started_at is not None else None
    bank = isinstance(state.options.time, Bank)
    challenge = state.challenge
    endgame = state.endgame
    window = due.at if due is not None and state.phase in ("challenge", "endgame") else None
    return DuorailView(
        options=state.options,
        phase=phase_of(state),
        pieces=[DuorailPieceView(cell, p.colour, p.shape, p.placed_by) for cell in CELLS if (p := state.board.get(cell))],
        common_left=state.common_left,
        to_move=list(to_move(state)),
        clocks={seat: DuorailClockView(reserve_ms=state.clocks[seat].reserve_ms if bank else None,
                                turn_started_at=state.turn_started_at if seat == acting else None,
                                deadline=due.at if due is not None and seat == acting else None)
                for seat in SEATS},
        last_placer=state.last_placer,
        moves=[TurnView(t.seat, t.move, t.timeout) for t in state.turns],
        challenge=None if challenge is None else DuorailChallengeView(
            challenger=challenge.challenger, challenged=challenge.challenged, colour=challenge.colour,
            started_at=challenge.started_at, deadline=window),
        endgame=None if endgame is None else EndgameView(started_at=endgame.started_at, deadline=window),
        my_submission=_my_submission(state, viewer),
        revealed=None if state.revealed is None else RevealView(
            by=state.revealed.by, tracks={seat: track_view(t) for seat, t in state.revealed.tracks.items()}),
        record=None if state.record is None else RecordView(
            kind=state.record.kind, tracks={c: track_view(t) for c, t in state.record.tracks.items()}),
        result=state.result,
    )


def _my_submission(state: DuorailState, viewer: Viewer) -> TrackView | None:
    """The viewer's own sealed track while the endgame is open (``length`` 0: it sealed "no track")."""
    if state.endgame is None or state.revealed is not None or viewer.seat is None:
        return None
    box = state.endgame.box
    if not has_submitted(box, viewer.seat):  # the viewer's own seat only: nothing about the opponent
        return None
    return track_view(own_submission(box, viewer.seat))


# ---------------------------------------------------------------- back: the state a view shows


def from_view(view: Any, seat: str | None = None) -> DuorailState:
    """The state a Duorail match view shows (the API's match JSON, the SDK's ``Match`` or the
    game's ``state``) to ``seat`` (read from the match's ``you`` when not given; ``None``: a
    spectator): its turns replayed, the challenge or the endgame under way, the seat's own sealed
    track (the opponent's, which no view shows, is left out: :func:`domain.duorail.determinize`
    leaves it open), the reveal, the record, the clocks and the result. What no view shows is not
    rebuilt: once the tracks are revealed, which seat had sealed before the other (the box is
    empty), and once a game ended in play (a resignation), when its last turn began (0)."""
    if seat is None:
        seat = getattr(view, "you", None) if hasattr(view, "state") else \
            view.get("you") if isinstance(view, Mapping) and "status" in view else None
    try:
        shown = msgspec.convert(game_view(view), DuorailView)
    except msgspec.ValidationError as e:
        raise InvalidCommand("bad_view", f"This is not a Duorail match view: {e}.") from None
    if shown.my_submission is not None and seat not in SEATS:
        raise InvalidCommand("bad_view", "This view shows a sealed track: say whose (seat=...).")
    state = begin(initial(shown.options, seed=0), at=0)
    for turn in shown.moves:
        state = evolve(state, _turn_event(state, turn, shown))
    challenge = shown.challenge
    if challenge is not None and state.challenge is not None:
        state = msgspec.structs.replace(state, challenge=msgspec.structs.replace(
            state.challenge, started_at=challenge.started_at))
    if shown.endgame is not None and state.endgame is not None:
        box = state.endgame.box
        if shown.my_submission is not None and seat is not None:
            box = seal(box, seat, _cells(shown.my_submission))
        state = msgspec.structs.replace(state, endgame=msgspec.structs.replace(
            state.endgame, started_at=shown.endgame.started_at, box=box))
    acting = [clock.turn_started_at for clock in shown.clocks.values() if clock.turn_started_at is not None]
    windows = [w.started_at for w in (shown.challenge, shown.endgame) if w is not None]
    revealed, record = shown.revealed, shown.record
    return msgspec.structs.replace(
        state,
        clocks={s: msgspec.structs.replace(state.clocks[s], reserve_ms=shown.clocks[s].reserve_ms or 0) for s in SEATS},
        turn_started_at=acting[0] if acting else windows[-1] if windows else 0,
        revealed=None if revealed is None else Revealed(
            tracks={s: _cells(t) for s, t in revealed.tracks.items()},
            lengths={s: t.length for s, t in revealed.tracks.items()}, by=revealed.by),
        record=None if record is None else Record(
            key=_record_key(state, record.kind), kind=record.kind,
            tracks={c: _cells(t) for c, t in record.tracks.items()},
            lengths={c: t.length for c, t in record.tracks.items()}),
        phase="over" if shown.result is not None else state.phase,
        result=shown.result)


def _turn_event(state: DuorailState, turn: TurnView, shown: DuorailView) -> Any:
    """The event of a turn as the view lists it; a challenge and the pass that ends play at the
    moment their window opened."""
    action = parse_action(turn.move)
    if action.kind == "pass":
        at = shown.endgame.started_at if state.passed and shown.endgame is not None else 0
        return Passed(seat=turn.seat, at=at, timeout=turn.timeout, ends_play=state.passed)
    if action.kind == "challenge":
        at = shown.challenge.started_at if shown.challenge is not None else 0
        return Challenged(seat=turn.seat, colour=action.colour or "", challenged=other(turn.seat), at=at)
    colour = COMMON if action.kind == "common" else turn.seat
    return DuorailPlaced(seat=turn.seat, cell=action.cell or "", colour=colour, shape=action.shape or "", at=0)


def _cells(shown: TrackView) -> Track | None:
    return None if shown.track is None else parse_track(shown.track)


def _record_key(state: DuorailState, kind: str) -> str:
    """The key of the job whose answer was published: the solver's own job in its modes, else the
    record job (``record:...``) of the challenge or the endgame."""
    if kind == "track_exists" and state.challenge is not None:
        return ("" if state.options.adjudication == "solver" else RECORD) + state.challenge.key
    if state.endgame is not None:
        return ("" if state.options.scoring == "optimal" else RECORD) + state.endgame.key
    return RECORD
