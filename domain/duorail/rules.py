"""The decider: whose turn it is, which commands are accepted, and what each event changes.

Play alternates, blue first: place a piece, place a common straight, challenge a colour, or pass
(two passes in succession start the endgame). A challenge is decided by the challenged player's
track (or their concession, or the window running out) -- or, with ``adjudication="solver"``, by
the solver's answer to a ``track_exists`` job. The endgame collects sealed tracks (see
:mod:`domain.sealed`) and reveals them when both are in or the window closes -- or, with
``scoring="optimal"``, waits on a ``longest_tracks`` job. After the result the solver's findings
are published for the record (``record:...`` jobs). :func:`decide` works every outcome out and
writes it into the event; :func:`evolve` only applies events. No solver runs here: solver work is
:func:`jobs` for a worker (see :mod:`domain.duorail.analysis`).

>>> from domain.game import Context
>>> s = begin(initial(None, seed=0), at=0)
>>> for seat, move in zip(SEATS * 2, ["E5 UD", "c3 lr COMMON", "pass", "pass"]):
...     [e] = decide(s, DuorailMove(move), Context(now=1_000, seat=seat))
...     s = evolve(s, e)
>>> s.phase, s.common_left, s.last_placer, to_move(s), deadline(s)
('endgame', 1, 'red', ('blue', 'red'), Deadline(at=301000, key='endgame:4', seat=None))
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec

from domain.clock import (
    SeatClock,
    check_time_control,
    check_window,
    initial_clock,
    is_out_of_time,
    seat_deadline,
    spend_turn,
)
from domain.duorail.parts.notation import Action, format_action, parse_action
from domain.duorail.state import (
    SEATS,
    Challenge,
    ChallengeDecided,
    Challenged,
    DuorailOptions,
    DuorailState,
    Endgame,
    DuorailMove,
    Passed,
    Piece,
    DuorailPlaced,
    Record,
    RecordPublished,
    Revealed,
    DuorailSolverAnswer,
    SubmitTrack,
    Track,
    TrackSealed,
    TracksRevealed,
    Turn,
    construction_window,
)
from domain.duorail.parts.track import COMMON, STRAIGHTS, parse_track, track_problem
from domain.errors import IllegalMove, InvalidCommand, NotAllowed, WrongState
from domain.game import Context, Deadline, Job, private_to, Result, is_due
from domain.sealed import SealedBox, everyone_in, own_submission, seal

replace = msgspec.structs.replace

RECORD = "record:"
"""The prefix of the keys of the jobs that publish the solver's findings after the result."""


def initial(options: DuorailOptions | None, seed: int) -> DuorailState:
    """The empty board, blue to move, play not begun. ``seed`` is unused: Duorail has no chance.

    Raises ``InvalidCommand("bad_options")`` for options that make no sense."""
    options = options or DuorailOptions()
    check_time_control(options.time)
    check_window("construction_ms", construction_window(options), 1, "1 ms")
    return DuorailState(options=options, clocks={seat: initial_clock(options.time) for seat in SEATS})


def begin(state: DuorailState, at: int) -> DuorailState:
    """Play starts: blue's first turn starts at ``at``."""
    return replace(state, turn_started_at=at)


def other(seat: str) -> str:
    return SEATS[1 - SEATS.index(seat)]


def seat_to_play(state: DuorailState) -> str | None:
    """The seat whose turn of play it is (``None`` once play is over)."""
    return SEATS[state.ply % 2] if state.phase == "play" else None


def challenge_of(state: DuorailState) -> Challenge:
    """The challenge under way (the challenge phase always has one)."""
    if state.challenge is None:
        raise WrongState("wrong_phase", "No challenge is under way.")
    return state.challenge


def endgame_of(state: DuorailState) -> Endgame:
    """The endgame under way (the endgame phase always has one)."""
    if state.endgame is None:
        raise WrongState("wrong_phase", "The endgame has not begun.")
    return state.endgame


def waits_on_solver(state: DuorailState) -> bool:
    """True while the result waits on a solver job (a ``solver`` challenge, ``optimal`` scoring)."""
    return (state.phase == "challenge" and state.options.adjudication == "solver") or (
        state.phase == "endgame" and state.options.scoring == "optimal")


def seats_moved(state: DuorailState) -> frozenset[str]:
    """The seats with a turn of their own: a pass the clock made (``timeout``) is not one."""
    return frozenset(turn.seat for turn in state.turns if not turn.timeout)


def to_move(state: DuorailState) -> tuple[str, ...]:
    """Who is expected to act: the seat to play, the challenged seat, or both seats for the whole
    endgame window (a seat stays listed after sealing its track, so that nobody learns it did)."""
    if state.phase == "play":
        return (SEATS[state.ply % 2],)
    if state.phase == "over" or waits_on_solver(state):
        return ()
    if state.phase == "challenge":
        return (challenge_of(state).challenged,)
    return SEATS


# ---------------------------------------------------------------- time


def deadline(state: DuorailState) -> Deadline | None:
    """The moment the state waits on: the end of a turn (``turn:<ply>``, a Bank), of the challenge
    window (``challenge:<n>``, the challenged seat) or of the endgame window (``endgame:<n>``, no
    seat). None for a turn without a clock (construction windows always close), while waiting on
    the solver, and once the game is over."""
    if state.turn_started_at is None or state.phase == "over" or waits_on_solver(state):
        return None
    if state.phase == "play" and (seat := seat_to_play(state)) is not None:
        return seat_deadline(state.options.time, state.clocks[seat], state.turn_started_at, seat, f"turn:{state.ply}")
    window = construction_window(state.options)
    if state.phase == "challenge":
        challenge = challenge_of(state)
        return Deadline(at=challenge.started_at + window, key=challenge.key, seat=challenge.challenged)
    endgame = endgame_of(state)
    return Deadline(at=endgame.started_at + window, key=endgame.key)


def on_timeout(state: DuorailState, due: Deadline, ctx: Context) -> list[Any]:
    """A turn that runs out is a pass (and the reserve is gone); a challenge window that closes
    fails the challenge; an endgame window that closes reveals what was sealed (missing: length 0).
    A stale or early deadline changes nothing."""
    current = deadline(state)
    if current is None or not is_due(current, due.key, ctx.now):
        return []
    if state.phase == "play":
        return [Passed(seat=current.seat or SEATS[state.ply % 2], at=ctx.now, timeout=True, ends_play=state.passed)]
    if state.phase == "challenge":
        return [_challenge_decided(state, "timeout", None, ctx.now)]
    return [_reveal(state, endgame_of(state).box.submissions, "timeout", ctx.now)]


# ---------------------------------------------------------------- decide


def decide(state: DuorailState, command: Any, ctx: Context) -> list[Any]:
    """The events ``command`` by ``ctx.seat`` (or the server) causes, or a :class:`~domain.errors.DomainError`."""
    if isinstance(command, DuorailSolverAnswer):
        return _decide_answer(state, command, ctx)
    if state.result is not None:
        raise WrongState("game_over", f"The game is over. {state.result.detail}")
    if state.turn_started_at is None:
        raise WrongState("not_started", "Play has not begun yet.")
    if ctx.seat not in SEATS:
        raise NotAllowed("not_a_player", "Only the blue and red players play Duorail moves.")
    if isinstance(command, DuorailMove):
        return _decide_move(state, command, ctx.seat, ctx.now)
    if isinstance(command, SubmitTrack):
        return _decide_track(state, command, ctx.seat, ctx.now)
    raise InvalidCommand("unknown_command", "Duorail knows the commands duorail_move and duorail_submit_track.")


def _decide_move(state: DuorailState, command: DuorailMove, seat: str, now: int) -> list[Any]:
    if state.phase != "play":
        raise WrongState("play_is_over", f"Play is over ({_phase_sentence(state)}); no more moves are made.")
    acting = seat_to_play(state)
    if seat != acting:
        raise WrongState("not_your_turn", f"It is {acting}'s turn, not yours.")
    started = state.turn_started_at
    if started is not None and is_out_of_time(state.options.time, state.clocks[seat], started, now):
        raise WrongState("out_of_time", "Your time for this turn has run out.")
    action = parse_action(command.move)
    if action.kind == "pass":
        return [Passed(seat=seat, at=now, ends_play=state.passed)]
    if action.kind == "challenge":
        return [Challenged(seat=seat, colour=action.colour or "", challenged=other(seat), at=now)]
    cell, shape = action.cell or "", action.shape or ""  # (a placement names both)
    if cell in state.board:
        piece = state.board[cell]
        raise IllegalMove("occupied", f"There is already a piece on {cell} ({piece.colour} {piece.shape}).")
    colour = seat
    if action.kind == "common":
        if shape not in STRAIGHTS:
            raise IllegalMove("common_not_straight", "Common pieces are straights only: UD or LR.")
        if not state.common_left:
            raise IllegalMove("no_common_left", "Both common pieces are on the board: the pool is empty.")
        colour = COMMON
    return [DuorailPlaced(seat=seat, cell=cell, colour=colour, shape=shape, at=now)]


def _phase_sentence(state: DuorailState) -> str:
    if state.phase == "challenge":
        c = challenge_of(state)
        return f"{c.challenger} challenged {c.colour}; {c.challenged} must show a {c.colour} track"
    return "the endgame is on: both players build their tracks"


def _decide_track(state: DuorailState, command: SubmitTrack, seat: str, now: int) -> list[Any]:
    if state.phase == "challenge":
        return _challenge_track(state, command, seat, now)
    if state.phase == "endgame":
        return _endgame_track(state, command, seat, now)
    raise WrongState("no_track_asked", "Tracks are submitted in the challenge and endgame phases; play is still on.")


def _check_window(state: DuorailState, now: int) -> None:
    due = deadline(state)
    if due is not None and now >= due.at:
        raise WrongState("out_of_time", "The time to submit a track has run out.")


def valid_track(state: DuorailState, colour: str, written: str | list[str]) -> Track:
    """The cells of ``written`` if it is a valid track of ``colour`` on this board; else raises
    ``InvalidCommand("bad_track")`` (not a loop) or ``IllegalMove("invalid_track")`` (the rules)."""
    cells = parse_track(written)
    problem = track_problem(state.pieces(), colour, cells)
    if problem is not None:
        raise IllegalMove("invalid_track", f"That is not a valid {colour} track: {problem}")
    return cells


def _challenge_track(state: DuorailState, command: SubmitTrack, seat: str, now: int) -> list[Any]:
    challenge = challenge_of(state)
    if state.options.adjudication == "solver":
        raise WrongState("solver_decides", "The solver decides this challenge; no track is submitted.")
    if seat != challenge.challenged:
        raise WrongState("not_your_turn", f"{challenge.challenged} must show a {challenge.colour} track; "
                                          "the challenger waits.")
    _check_window(state, now)
    if command.track is None:
        return [_challenge_decided(state, "concession", None, now)]
    cells = valid_track(state, challenge.colour, command.track)
    return [_challenge_decided(state, "submission", cells, now),
            RecordPublished(key=RECORD + challenge.key, kind="track_exists", tracks={challenge.colour: cells},
                            lengths={challenge.colour: len(cells)}, at=now)]


def _endgame_track(state: DuorailState, command: SubmitTrack, seat: str, now: int) -> list[Any]:
    if state.options.scoring == "optimal":
        raise WrongState("solver_decides", "The solver scores this endgame; no track is submitted.")
    _check_window(state, now)
    if command.track is None and own_submission(endgame_of(state).box, seat) is not None:
        raise IllegalMove("track_sealed", "Your sealed track stands: only another valid track replaces it.")
    cells = None if command.track is None else valid_track(state, seat, command.track)
    box = seal(endgame_of(state).box, seat, cells)
    if everyone_in(box, SEATS):
        return [_reveal(state, box.submissions, "submissions", now)]
    return [TrackSealed(seat=seat, track=cells, at=now)]


def _challenge_decided(state: DuorailState, by: Literal["submission", "concession", "timeout", "solver"],
                       track: Track | None, at: int) -> ChallengeDecided:
    c = challenge_of(state)
    exists = track is not None
    shown = {
        "submission": f"{c.challenged.capitalize()} showed a {c.colour} track",
        "solver": f"A {c.colour} track exists",
        "concession": f"{c.challenged.capitalize()} conceded that there is no {c.colour} track",
        "timeout": f"{c.challenged.capitalize()} showed no {c.colour} track in time",
    }[by]
    if not exists and by == "solver":
        shown = f"No {c.colour} track exists"
    if exists:
        outcome = Result(winner=c.challenged, reason="challenge_met",
                         detail=f"{shown}, so {c.challenger}'s challenge fails: {c.challenged} wins.")
    else:
        outcome = Result(winner=c.challenger, reason="challenge_failed",
                         detail=f"{shown}, so {c.challenger}'s challenge stands: {c.challenger} wins.")
    return ChallengeDecided(colour=c.colour, challenged=c.challenged, by=by,
                            track=track, outcome=outcome, at=at)


def _reveal(state: DuorailState, tracks: dict[str, Track | None], by: Literal["submissions", "timeout", "solver"],
            at: int) -> TracksRevealed:
    tracks = {seat: tracks.get(seat) for seat in SEATS}
    lengths = {seat: len(track) if track else 0 for seat, track in tracks.items()}
    return TracksRevealed(tracks=tracks, lengths=lengths, by=by,
                          outcome=endgame_outcome(state, lengths), at=at)


def _track_of(seat: str, length: int) -> str:
    return f"{seat}'s track has {length} cells" if length else f"{seat} has no track"


def endgame_outcome(state: DuorailState, lengths: dict[str, int]) -> Result:
    """The longer track wins; equal lengths: the last placer wins (nobody placed: red, the second player).

    >>> s = initial(None, seed=0)
    >>> endgame_outcome(s, {"blue": 12, "red": 0}).detail
    "Blue's track has 12 cells, red has no track: blue wins."
    >>> endgame_outcome(s, {"blue": 0, "red": 0}).detail
    'Both have no track and no piece was ever placed: the second player, red, wins.'
    """
    blue, red = lengths["blue"], lengths["red"]
    if blue != red:
        winner = "blue" if blue > red else "red"
        said = f"{_track_of('blue', blue)}, {_track_of('red', red)}"
        return Result(winner=winner, reason="longer_track", detail=f"{said[0].upper()}{said[1:]}: {winner} wins.")
    both = f"Both tracks have {blue} cells" if blue else "Both have no track"
    if state.last_placer is not None:
        return Result(winner=state.last_placer, reason="tiebreak",
                      detail=f"{both}; {state.last_placer} placed the last piece, so {state.last_placer} wins.")
    return Result(winner="red", reason="tiebreak",
                  detail=f"{both} and no piece was ever placed: the second player, red, wins.")


# ---------------------------------------------------------------- solver answers


def jobs(state: DuorailState) -> list[Job]:
    """The solver work the state waits on: the challenge (``track_exists``) or the endgame
    (``longest_tracks``) when the solver decides it, and after the result the record job of the
    submitted modes (``record:challenge:<n>`` / ``record:endgame:<n>``) until it is answered."""
    if waits_on_solver(state):
        if state.phase == "challenge":
            return [Job(key=challenge_of(state).key, kind="track_exists")]
        return [Job(key=endgame_of(state).key, kind="longest_tracks")]
    if state.phase != "over" or state.record is not None:
        return []
    if state.challenge is not None:
        return [Job(key=RECORD + state.challenge.key, kind="track_exists")]
    if state.endgame is not None:
        return [Job(key=RECORD + state.endgame.key, kind="longest_tracks")]
    return []


def asked_colours(state: DuorailState, job: Job) -> tuple[str, ...]:
    """The colours a job asks about: the challenged colour, or both."""
    if job.kind == "track_exists":
        return (challenge_of(state).colour,)
    return SEATS


def _decide_answer(state: DuorailState, answer: DuorailSolverAnswer, ctx: Context) -> list[Any]:
    if not ctx.system:
        raise NotAllowed("system_only", "Only the server sends solver answers.")
    job = next((j for j in jobs(state) if j.key == answer.key), None)
    if job is None:
        raise WrongState("stale_answer", f"The game is not waiting on the job {answer.key!r}.")
    colours = asked_colours(state, job)
    if answer.kind != job.kind or set(answer.tracks) != set(colours):
        raise InvalidCommand("bad_answer", f"The job {job.key} asks {job.kind} for {', '.join(colours)}.")
    pieces = state.pieces()
    for colour, track in answer.tracks.items():
        if track is not None and (problem := track_problem(pieces, colour, track)) is not None:
            raise InvalidCommand("bad_answer", f"The {colour} witness is not a track: {problem}")
    tracks = {colour: answer.tracks[colour] for colour in colours}
    record = RecordPublished(key=job.key, kind=job.kind, tracks=tracks,
                             lengths={c: len(t) if t else 0 for c, t in tracks.items()}, at=ctx.now)
    if job.key.startswith(RECORD):
        return [record]
    if job.kind == "track_exists":
        return [_challenge_decided(state, "solver", tracks[colours[0]], ctx.now), record]
    return [_reveal(state, tracks, "solver", ctx.now), record]


# ---------------------------------------------------------------- evolve


def evolve(state: DuorailState, event: Any) -> DuorailState:
    """The state after ``event``; total and deterministic, no rule applied: events carry their outcome."""
    if isinstance(event, DuorailPlaced):
        action = Action(kind="common" if event.colour == COMMON else "place", cell=event.cell, shape=event.shape)
        return replace(_turn_made(state, event.seat, format_action(action), event.at),
                       board={**state.board, event.cell: Piece(event.colour, event.shape, event.seat)},
                       common_left=max(0, state.common_left - (event.colour == COMMON)), last_placer=event.seat)
    if isinstance(event, Challenged):
        made = _turn_made(state, event.seat, f"challenge {event.colour}", event.at)
        challenge = Challenge(challenger=event.seat, challenged=event.challenged, colour=event.colour,
                              key=f"challenge:{made.ply}", started_at=event.at)
        return replace(made, phase="challenge", challenge=challenge)
    if isinstance(event, Passed):
        made = _turn_made(state, event.seat, "pass", event.at, timeout=event.timeout)
        made = replace(made, passed=True)
        if not event.ends_play:
            return made
        key = f"endgame:{made.ply}"
        return replace(made, phase="endgame", endgame=Endgame(key=key, started_at=event.at, box=SealedBox(window=key)))
    if isinstance(event, TrackSealed):
        if state.endgame is None:
            return state
        return replace(state, endgame=replace(state.endgame, box=seal(state.endgame.box, event.seat, event.track)))
    if isinstance(event, ChallengeDecided):
        return replace(state, phase="over", result=event.outcome)
    if isinstance(event, TracksRevealed):
        revealed = Revealed(tracks=dict(event.tracks), lengths=dict(event.lengths), by=event.by)
        return replace(state, phase="over", revealed=revealed, result=event.outcome)
    if isinstance(event, RecordPublished):
        return replace(state, record=Record(key=event.key, kind=event.kind, tracks=dict(event.tracks),
                                            lengths=dict(event.lengths)))
    return state


def _turn_made(state: DuorailState, seat: str, move: str, at: int, timeout: bool = False) -> DuorailState:
    """The turn appended, the mover's clock charged (a timeout empties its reserve), the next turn begun."""
    if timeout:
        clocks = {**state.clocks, seat: SeatClock(reserve_ms=0, grace_used=state.clocks[seat].grace_used)}
    else:
        clocks = spend_turn(state.options.time, state.clocks, seat, state.turn_started_at, at)
    return replace(state, turns=(*state.turns, Turn(seat=seat, move=move, timeout=timeout)),
                   clocks=clocks, turn_started_at=at, passed=False)


def visibility(event: Any) -> str | None:
    """A sealed endgame track is private to its seat until the reveal; everything else is public."""
    return private_to(event.seat) if isinstance(event, TrackSealed) else None
