"""The decider: the pregame, rounds of public board selection and sealed actions, the one-board
phase, routes and scoring.

Every match starts with its pregame (the match's ``pregame_ms``, 90 s): the boards are shown, a
priority player chooses its side (the match lifecycle), and round 1 starts when the time is up --
not earlier, whenever the side is chosen. A round: the side with priority (Empire in odd rounds,
Marauder in even ones) selects an open board, then the other side selects one of the rest (with
two open boards it gets the other one).
Both then seal an action -- a placement on their board or a pass -- revealed together. When one
board is left open, the sides take public turns on it, the priority side first. Play ends when no
board is open or both pass (one after the other on the last board); then each undecided board is
scored by its routes: measured by the server (``routes="computed"``) or sent sealed by the players.
:func:`decide` works every outcome out and writes it into the events; :func:`evolve` applies them.

>>> from domain.game import Context
>>> from domain.deepsea.parts.presets import PRESETS
>>> s = begin(initial(DeepseaOptions(boards=[*PRESETS][:3], routes="computed"), seed=1), at=0)
>>> to_move(s), deadline(s)
(('empire',), Deadline(at=45000, key='select:1:0', seat='empire'))
>>> for seat, move in [("empire", "select 2"), ("marauder", "select 3"), ("empire", "pass"), ("marauder", "pass")]:
...     for e in decide(s, DeepseaMove(move), Context(now=1_000, seat=seat)):
...         s = evolve(s, e)
>>> s.phase, s.result.reason
('over', 'dmo_tiebreak')
"""

from __future__ import annotations

import random
from typing import Any, Literal

import msgspec

from domain.clock import check_window
from domain.deepsea.parts.board import SIDE_SHIPS, Board
from domain.deepsea.parts.pentominoes import Placement, format_placement, parse_placement
from domain.deepsea.parts.presets import board_from_spec
from domain.deepsea.parts.routes import all_reach, distances, route_length
from domain.deepsea.state import (
    BOARDS,
    SEATS,
    Action,
    ActionSealed,
    ActionsRevealed,
    BoardSelected,
    BoardScore,
    BoardsScored,
    DeepseaOptions,
    DeepseaState,
    DeepseaMove,
    PlacedPiece,
    PregameEnded,
    RoutesAnswer,
    RoutesSealed,
    Sea,
    ShortestRoutesPublished,
    ShipRoutes,
    SubmitRoutes,
    DeepseaTurnPlayed,
)
from domain.errors import IllegalMove, InvalidCommand, NotAllowed, WrongState
from domain.game import Context, Deadline, Job, Result, is_due
from domain.game import private_to
from domain.sealed import SealedBox, everyone_in, seal

replace = msgspec.structs.replace
RECORD_KEY = "record:routes"


def initial(options: DeepseaOptions | None, seed: int) -> DeepseaState:
    """The three boards with full banks, round 1 not begun. Raises ``InvalidCommand`` for bad options."""
    options = options or DeepseaOptions()
    for name in ("selection_ms", "action_ms", "routes_ms"):
        check_window(name, getattr(options, name), 1_000, "1 second")
    specs = options.boards or ["random"] * 3
    if len(specs) != 3:
        raise InvalidCommand("bad_options", f"Deep Sea Voyage is played on three boards; {len(specs)} given.")
    boards = []
    for number, spec in zip(BOARDS, specs):
        try:
            boards.append(board_from_spec(spec, seed=(seed * 3 + number) % 2**63))
        except InvalidCommand as bad:
            raise InvalidCommand(bad.code, f"Board {number}: {bad.detail}") from None
    return DeepseaState(options=options, boards=tuple(boards), seed=seed)


def match_started(state: DeepseaState, at: int, pregame_ms: int) -> DeepseaState:
    """The match started at ``at``: its pregame, with the boards shown, lasts until ``at + pregame_ms``."""
    return replace(state, pregame_until=at + pregame_ms)


def begin(state: DeepseaState, at: int) -> DeepseaState:
    """Play begins at ``at`` (the seats are settled): the rest of the pregame, if any, then round 1,
    in which the Empire selects first."""
    pregame = state.pregame_until is not None and at < state.pregame_until
    return replace(state, begun=True, phase="pregame" if pregame else "select", phase_started_at=at)


def check_priority(options: DeepseaOptions, priority: str | None) -> None:
    """Refuse a match that names its DMO twice: by the ``dmo`` option and by a priority player.

    >>> check_priority(DeepseaOptions(dmo="empire"), priority="marauder")
    Traceback (most recent call last):
    domain.errors.InvalidCommand: Name the DMO once: the dmo option or a priority player, not both.
    """
    if options.dmo is not None and priority is not None:
        raise InvalidCommand("dmo_named_twice", "Name the DMO once: the dmo option or a priority player, not both.")


def dmo(state: DeepseaState, priority: str | None) -> str:
    """The DMO: the side the ``dmo`` option names, else the seat the priority player holds, else
    the Marauder."""
    return state.options.dmo or priority or "marauder"


def other(seat: str) -> str:
    return SEATS[1 - SEATS.index(seat)]


def priority_side(round_number: int) -> str:
    """The Empire holds priority in odd rounds, the Marauder in even ones."""
    return "empire" if round_number % 2 else "marauder"


def selector(state: DeepseaState) -> str | None:
    """Who selects a board now (``None`` outside board selection)."""
    if state.phase != "select":
        return None
    first = priority_side(state.round)
    return first if first not in state.selections else other(first)


def single_player(state: DeepseaState) -> str | None:
    """Whose turn it is on the last open board (``None`` outside that phase)."""
    if state.phase != "single":
        return None
    first = priority_side(state.round)
    return first if state.single_turns % 2 == 0 else other(first)


def seats_moved(state: DeepseaState) -> frozenset[str]:
    """The seats that acted themselves (``state.moved``): chose a board, sealed an action or
    routes, or played a turn; a window that closes chooses, passes and scores for nobody."""
    return frozenset(state.moved)


def to_move(state: DeepseaState) -> tuple[str, ...]:
    """Who is expected to act. Both sides stay listed for a whole sealed window, so that nobody
    learns that the other has sent its action or routes."""
    if not state.begun or state.phase in ("scoring", "over"):
        return ()
    if state.phase in ("action", "routes"):
        return SEATS
    acting = selector(state) or single_player(state)
    return (acting,) if acting else ()


def undecided(state: DeepseaState) -> list[int]:
    """The boards no placement has lost: scored by their routes."""
    return [number for number, sea in zip(BOARDS, state.seas) if sea.lost_by is None]


def blocked_mask(board: Board, sea: Sea) -> int:
    """The cells the pentominoes on ``sea`` cover."""
    mask = 0
    for piece in sea.pieces:
        mask |= board.mask_of(piece.placement.cells)
    return mask


def water(state: DeepseaState, number: int) -> int:
    """The cells ships may cross on board ``number`` now."""
    board = state.board(number)
    return board.passable & ~blocked_mask(board, state.sea(number))


# ---------------------------------------------------------------- time


def deadline(state: DeepseaState) -> Deadline | None:
    """The end of the current window: ``pregame``, ``select:<round>:<n>``, ``action:<round>``,
    ``single:<n>`` or ``routes``."""
    if not state.begun or state.phase_started_at is None or state.phase in ("scoring", "over"):
        return None
    if state.phase == "pregame":
        return None if state.pregame_until is None else Deadline(at=state.pregame_until, key="pregame:boards")
    start, options = state.phase_started_at, state.options
    if state.phase == "select":
        return Deadline(at=start + options.selection_ms, key=f"select:{state.round}:{len(state.selections)}",
                        seat=selector(state))
    if state.phase == "action":
        return Deadline(at=start + options.action_ms, key=f"action:{state.round}")
    if state.phase == "single":
        return Deadline(at=start + options.action_ms, key=f"single:{state.single_turns}", seat=single_player(state))
    return Deadline(at=start + options.routes_ms, key="routes")


def on_timeout(state: DeepseaState, due: Deadline, ctx: Context) -> list[Any]:
    """The pregame ends: round 1; a selection runs out: a random open board; an action window: the
    reveal (missing = pass); a turn on the last board: a pass; the routes window: scoring (missing =
    unreachable)."""
    current = deadline(state)
    if current is None or not is_due(current, due.key, ctx.now):
        return []
    if state.phase == "pregame":
        return [PregameEnded(at=ctx.now)]
    if state.phase == "select":
        choosable = [n for n in state.open_boards() if n not in state.selections.values()]
        board = random.Random(f"{state.seed}:{current.key}").choice(choosable)
        return _select(state, _seat(current), board, "timeout", ctx.now)
    if state.phase == "action":
        return _reveal(state, box_of(state).submissions, "timeout", ctx)
    if state.phase == "single":
        return _turn(state, _seat(current), None, ctx, timeout=True)
    return [_score_submitted(state, box_of(state).submissions, "timeout", ctx)]


def _seat(due: Deadline) -> str:
    """The seat a selection's or a single turn's deadline is for (those always name one)."""
    if due.seat is None:
        raise WrongState("wrong_phase", f"The deadline {due.key} is nobody's.")
    return due.seat


def box_of(state: DeepseaState) -> SealedBox:
    """The sealed window under way (the action and routes phases always have one)."""
    if state.box is None:
        raise WrongState("wrong_phase", "No sealed window is open.")
    return state.box


# ---------------------------------------------------------------- decide


def decide(state: DeepseaState, command: Any, ctx: Context) -> list[Any]:
    """The events ``command`` by ``ctx.seat`` (or the server) causes, or a :class:`~domain.errors.DomainError`."""
    if isinstance(command, RoutesAnswer):
        return _decide_answer(state, command, ctx)
    if state.result is not None:
        raise WrongState("game_over", f"The game is over. {state.result.detail}")
    if not state.begun:
        raise WrongState("not_started", "Play has not begun yet.")
    if ctx.seat not in SEATS:
        raise NotAllowed("not_a_player", "Only the Empire and the Marauder play Deep Sea Voyage.")
    if state.phase == "pregame":
        raise WrongState("pregame", f"The boards are being shown before round 1, whose selection starts at "
                                    f"{state.pregame_until} (server ms).")
    if isinstance(command, DeepseaMove):
        return _decide_move(state, command.move, ctx.seat, ctx)
    if isinstance(command, SubmitRoutes):
        return _decide_routes(state, command, ctx.seat, ctx)
    raise InvalidCommand("unknown_command", "Deep Sea Voyage knows deepsea_move and deepsea_submit_routes.")


def _decide_move(state: DeepseaState, text: str, seat: str, ctx: Context) -> list[Any]:
    words = text.strip().lower().split()
    if state.phase == "routes":
        raise WrongState("play_is_over", "Play is over: send your routes with deepsea_submit_routes.")
    _check_window(state, ctx.now)
    if state.phase == "select":
        if seat != selector(state):
            raise WrongState("not_your_turn", f"{selector(state)} selects a board now, not you.")
        if len(words) != 2 or words[0] != "select" or words[1] not in ("1", "2", "3"):
            raise InvalidCommand("bad_move", "Select a board first, e.g. 'select 2'.")
        board = int(words[1])
        if board not in state.open_boards():
            raise IllegalMove("board_closed", f"Board {board} is closed: its bank is used up or it was lost.")
        if board in state.selections.values():
            raise IllegalMove("board_taken", f"Board {board} was selected by {other(seat)} this round.")
        return _select(state, seat, board, "choice", ctx.now)
    if words and words[0] == "select":
        raise WrongState("not_selecting", "The boards of this round are already selected.")
    if state.phase == "single" and seat != single_player(state):
        raise WrongState("not_your_turn", f"It is {single_player(state)}'s turn on the last board.")
    number = state.selections[seat] if state.phase == "action" else state.open_boards()[0]
    placement = None if words == ["pass"] else valid_placement(state, number, text)
    if state.phase == "single":
        return _turn(state, seat, placement, ctx, timeout=False)
    box = seal(box_of(state), seat, placement)
    if everyone_in(box, SEATS):
        return _reveal(state, box.submissions, "submissions", ctx)
    return [ActionSealed(seat=seat, round=state.round, placement=placement, at=ctx.now)]


def _check_window(state: DeepseaState, now: int) -> None:
    due = deadline(state)
    if due is not None and now >= due.at:
        raise WrongState("out_of_time", "The time for this has run out.")


def valid_placement(state: DeepseaState, number: int, text: str) -> Placement:
    """The placement ``text`` names if it may go on board ``number`` now: a piece still in that
    board's bank, on empty cells (no wall, channel, dropoff, ship start or pentomino)."""
    board, sea = state.board(number), state.sea(number)
    placement = parse_placement(text, board.size)
    if placement.piece not in sea.bank:
        raise IllegalMove("piece_used", f"{placement.piece} is no longer in board {number}'s bank "
                                        f"(left: {' '.join(sea.bank) or 'none'}).")
    free = board.placeable & ~blocked_mask(board, sea)
    for cell in placement.cells:
        if not free & board.mask_of([cell]):
            raise IllegalMove("cell_not_free", f"{cell} on board {number} is not an empty cell: pentominoes go "
                                               "only on empty water, not on walls, channels, dropoffs, ship "
                                               "starts or other pentominoes.")
    return placement


def _select(state: DeepseaState, seat: str, board: int, by: Literal["choice", "timeout", "last_open"],
            now: int) -> list[Any]:
    events: list[Any] = [BoardSelected(seat=seat, board=board, round=state.round, by=by, at=now)]
    rest = [n for n in state.open_boards() if n != board and n not in state.selections.values()]
    if not state.selections and len(rest) == 1:
        events.append(BoardSelected(seat=other(seat), board=rest[0], round=state.round, by="last_open", at=now))
    return events


def _action(state: DeepseaState, number: int, placement: Placement | None) -> Action:
    if placement is None:
        return Action(board=number, placement=None)
    board = state.board(number)
    sea = water(state, number) & ~board.mask_of(placement.cells)
    return Action(board=number, placement=placement, loses_board=not all_reach(board, sea))


def _reveal(state: DeepseaState, sealed: dict[str, Any], by: Literal["submissions", "timeout"], ctx: Context) -> list[Any]:
    actions = {seat: _action(state, state.selections[seat], sealed.get(seat)) for seat in SEATS}
    after = apply_actions(state, actions)
    ends = all(a.placement is None for a in actions.values()) or not after.open_boards()
    revealed = ActionsRevealed(round=state.round, actions=actions, by=by, ends_play=ends, at=ctx.now)
    return [revealed, *_end_of_play(after, ctx)] if ends else [revealed]


def _turn(state: DeepseaState, seat: str, placement: Placement | None, ctx: Context, timeout: bool) -> list[Any]:
    action = _action(state, state.open_boards()[0], placement)
    after = apply_actions(state, {seat: action})
    ends = (placement is None and state.passes >= 1) or not after.open_boards()
    played = DeepseaTurnPlayed(seat=seat, action=action, timeout=timeout, ends_play=ends, at=ctx.now)
    return [played, *_end_of_play(after, ctx)] if ends else [played]


def _end_of_play(after: DeepseaState, ctx: Context) -> list[Any]:
    """Scoring at once when the server measures the routes (or no board is left to measure)."""
    if after.options.routes == "computed" or not undecided(after):
        return [_score(after, {}, "computed", ctx)]
    return []


def apply_actions(state: DeepseaState, actions: dict[str, Action]) -> DeepseaState:
    """The boards with ``actions`` applied: pieces placed, boards lost by who cut a ship off."""
    seas = list(state.seas)
    for seat, action in actions.items():
        if action.placement is None:
            continue
        sea = seas[action.board - 1]
        seas[action.board - 1] = replace(sea, pieces=(*sea.pieces, PlacedPiece(action.placement, seat, state.round)),
                                         lost_by=seat if action.loses_board else sea.lost_by)
    return replace(state, seas=tuple(seas))


# ---------------------------------------------------------------- routes and scoring


def _decide_routes(state: DeepseaState, command: SubmitRoutes, seat: str, ctx: Context) -> list[Any]:
    if state.phase != "routes":
        raise WrongState("not_routes_phase", "Routes are sent after play ends, in the routes phase.")
    _check_window(state, ctx.now)
    mine: dict[str, ShipRoutes] = {k: dict(v) for k, v in (box_of(state).submissions.get(seat) or {}).items()}
    for key, ships in command.routes.items():
        if key not in ("1", "2", "3"):
            raise InvalidCommand("unknown_board", f"Boards are numbered 1 to 3, not {key!r}.")
        if int(key) not in undecided(state):
            raise IllegalMove("board_decided", f"Board {key} was lost by {state.sea(int(key)).lost_by}; it needs no routes.")
        for ship, written in ships.items():
            if ship not in SIDE_SHIPS[seat]:
                raise IllegalMove("not_your_ship", f"The {seat} sails {' and '.join(SIDE_SHIPS[seat])}, not {ship!r}.")
            route_length(state.board(int(key)), water(state, int(key)), ship, written)
            cells = written.replace(",", " ").split() if isinstance(written, str) else list(written)
            mine.setdefault(key, {})[ship] = [c.upper() for c in cells]
    box = seal(box_of(state), seat, mine)
    if all(_routes_complete(state, s, box.submissions.get(s)) for s in SEATS):
        return [_score_submitted(state, box.submissions, "submissions", ctx)]
    return [RoutesSealed(seat=seat, routes=mine, at=ctx.now)]


def _routes_complete(state: DeepseaState, seat: str, routes: dict[str, ShipRoutes] | None) -> bool:
    """True when ``seat`` has sent a route for each of its ships on every undecided board."""
    return routes is not None and all(ship in routes.get(str(n), {})
                                      for n in undecided(state) for ship in SIDE_SHIPS[seat])


def _score_submitted(state: DeepseaState, sealed: dict[str, Any], by: Literal["submissions", "timeout"],
                     ctx: Context) -> BoardsScored:
    routes = {seat: dict(sealed.get(seat) or {}) for seat in SEATS}
    return _score(state, routes, by, ctx)


def _score(state: DeepseaState, routes: dict[str, dict[str, ShipRoutes]], by: Literal["computed", "submissions", "timeout"],
           ctx: Context) -> BoardsScored:
    """Every board's score and the result. Without ``routes`` the server measures them."""
    scores = []
    for number, sea in zip(BOARDS, state.seas):
        if sea.lost_by is not None:
            scores.append(BoardScore(board=number, winner=other(sea.lost_by), by="lost"))
            continue
        lengths: dict[str, int | None]
        if by == "computed":
            lengths = distances(state.board(number), water(state, number))
        else:
            lengths = {}
            for seat in SEATS:
                sent = routes.get(seat, {}).get(str(number), {})
                for ship in SIDE_SHIPS[seat]:
                    route = sent.get(ship)
                    lengths[ship] = None if route is None else len(route) - 1
        scores.append(board_score(number, lengths))
    return BoardsScored(boards=scores, routes=routes if by != "computed" else {}, by=by,
                        outcome=outcome(scores, dmo(state, ctx.priority)), at=ctx.now)


def board_score(number: int, lengths: dict[str, int | None]) -> BoardScore:
    totals: dict[str, int | None] = {}
    for seat in SEATS:
        ships = [lengths[ship] for ship in SIDE_SHIPS[seat]]
        known = [length for length in ships if length is not None]
        totals[seat] = None if len(known) < len(ships) else sum(known)
    empire, marauder = totals["empire"], totals["marauder"]
    if empire is None or marauder is None:
        winner = None if empire is None and marauder is None else ("marauder" if empire is None else "empire")
    else:
        winner = None if empire == marauder else ("empire" if empire < marauder else "marauder")
    return BoardScore(board=number, winner=winner, by="routes", lengths=lengths, totals=totals)


def outcome(scores: list[BoardScore], dmo: str) -> Result:
    """More boards won wins; equal: the DMO wins.

    >>> outcome([BoardScore(board=1, winner="empire", by="lost"), BoardScore(board=2, winner=None, by="routes"),
    ...          BoardScore(board=3, winner="marauder", by="routes")], dmo="marauder").detail
    'Empire won 1 board, the Marauder 1: a tie, so the DMO, marauder, wins.'
    """
    won = {seat: sum(s.winner == seat for s in scores) for seat in SEATS}
    said = f"Empire won {won['empire']} board{'s' * (won['empire'] != 1)}, the Marauder {won['marauder']}"
    if won["empire"] == won["marauder"]:
        return Result(winner=dmo, reason="dmo_tiebreak", detail=f"{said}: a tie, so the DMO, {dmo}, wins.")
    winner = max(SEATS, key=won.__getitem__)
    return Result(winner=winner, reason="boards", detail=f"{said}: {winner} wins.")


def jobs(state: DeepseaState) -> list[Job]:
    """After the result, one job finds the true shortest routes for the record."""
    if state.phase == "over" and state.shortest_routes is None:
        return [Job(key=RECORD_KEY, kind="shortest_routes")]
    return []


def _decide_answer(state: DeepseaState, answer: RoutesAnswer, ctx: Context) -> list[Any]:
    if not ctx.system:
        raise NotAllowed("system_only", "Only the server sends the shortest routes.")
    if answer.key not in [job.key for job in jobs(state)]:
        raise WrongState("stale_answer", f"The game is not waiting on the job {answer.key!r}.")
    if set(answer.routes) != {str(n) for n in BOARDS}:
        raise InvalidCommand("bad_answer", "The shortest routes name every board.")
    for number in BOARDS:
        board, sea = state.board(number), water(state, number)
        shortest = distances(board, sea)
        for ship, route in answer.routes[str(number)].items():
            length = None if route is None else route_length(board, sea, ship, route)
            if length != shortest.get(ship, -1):
                raise InvalidCommand("bad_answer", f"The {ship} route on board {number} is not a shortest one.")
    return [ShortestRoutesPublished(key=answer.key, routes=answer.routes, at=ctx.now)]


# ---------------------------------------------------------------- evolve


def evolve(state: DeepseaState, event: Any) -> DeepseaState:
    """The state after ``event``; total and deterministic (events carry their outcomes)."""
    state = _mark_moved(state, event)
    if isinstance(event, PregameEnded):
        return replace(state, phase="select", phase_started_at=event.at)
    if isinstance(event, BoardSelected):
        selections = {**state.selections, event.seat: event.board}
        if len(selections) < 2:  # (phase: a match recorded before the pregame selected during it)
            return replace(state, selections=selections, phase="select", phase_started_at=event.at)
        return replace(state, selections=selections, phase="action", phase_started_at=event.at,
                       box=SealedBox(window=f"action:{state.round}"))
    if isinstance(event, ActionSealed):
        return replace(state, box=seal(state.box or SealedBox(window=""), event.seat, event.placement))
    if isinstance(event, ActionsRevealed):
        after = apply_actions(state, event.actions)
        after = replace(after, last_actions=dict(event.actions), box=None, selections={})
        return _next(after, event.ends_play, event.at)
    if isinstance(event, DeepseaTurnPlayed):
        after = apply_actions(state, {event.seat: event.action})
        passes = state.passes + 1 if event.action.placement is None else 0
        after = replace(after, last_actions={event.seat: event.action}, single_turns=state.single_turns + 1,
                        passes=passes, phase_started_at=event.at)
        return _to_routes(after, event.at) if event.ends_play else after
    if isinstance(event, RoutesSealed):
        return replace(state, box=seal(state.box or SealedBox(window="routes"), event.seat, event.routes))
    if isinstance(event, BoardsScored):
        return replace(state, phase="over", box=None, scores=list(event.boards),
                       submitted_routes=dict(event.routes) or None, result=event.outcome)
    if isinstance(event, ShortestRoutesPublished):
        return replace(state, shortest_routes=dict(event.routes))
    return state


def _mark_moved(state: DeepseaState, event: Any) -> DeepseaState:
    """``state`` with the seat that acted itself in ``event`` (if any) among ``moved``."""
    acted = (isinstance(event, BoardSelected) and event.by == "choice") or isinstance(event, (ActionSealed, RoutesSealed)) \
        or (isinstance(event, DeepseaTurnPlayed) and not event.timeout)
    seat = getattr(event, "seat", None)
    if not acted or seat is None or seat in state.moved:
        return state
    return replace(state, moved=(*state.moved, seat))


def _next(state: DeepseaState, ends_play: bool, at: int) -> DeepseaState:
    """After a round: the routes phase, or the next round (one open board: its public turns)."""
    if ends_play:
        return _to_routes(state, at)
    phase = "select" if len(state.open_boards()) >= 2 else "single"
    return replace(state, round=state.round + 1, phase=phase, phase_started_at=at, single_turns=0, passes=0)


def _to_routes(state: DeepseaState, at: int) -> DeepseaState:
    """Play is over: routes are sent in a sealed window (a ``BoardsScored`` in the same append
    ends the game at once when the server measures them)."""
    if state.options.routes == "computed" or not undecided(state):
        return replace(state, phase="scoring", box=None)
    return replace(state, phase="routes", phase_started_at=at, box=SealedBox(window="routes"))


def visibility(event: Any) -> str | None:
    """Sealed actions and routes are private to their seat until the reveal; the rest is public."""
    if isinstance(event, (ActionSealed, RoutesSealed)):
        return private_to(event.seat)
    return None


def describe(action: Action) -> str:
    """``board 2: T on A11, A12, A13, B12, C12`` (``, losing the board``) or ``board 2: pass``."""
    what = "pass" if action.placement is None else format_placement(action.placement)
    return f"board {action.board}: {what}{', losing the board' if action.loses_board else ''}"
