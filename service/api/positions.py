"""A practice board: ``POST /games/{game}/positions`` plays a list of moves from the start of a
game (no match, nothing stored) and answers the position: the board drawn, who is to move, their
legal moves, the result. The web client's tutorials put a newcomer in a guided position this way
and let them play on the real board; bot authors may try lines the same way.

It plays as the rules pages' worked examples do (``domain.worked_examples``: seed 0, a move a
second from 0 ms), so a practice position never touches a real match's hidden information (its
seed, its secret options). Bounded: at most ``MOST_MOVES`` moves of at most ``MOST_MOVE_CHARS``
characters, and ``MOST_LISTED`` legal moves answered (``total`` says how many there are). Solver
work the position waits on before its result (a MonUnrail Impossible, a Duorail challenge) is done
by the workers, as a match's is (:mod:`service.matches.practice`).
"""

from __future__ import annotations

from typing import Annotated, Any

import msgspec
from litestar import Controller, post

from domain.errors import InvalidCommand
from domain.match import parse_options
from domain.terms import Viewer
from service.api.deps import problems
from service.api.games import GameName, known_game
from service.api.schemas import LegalMove
from service.api.views import listed
from service.matches.practice import deciding_job, replay, settled
from service.wiring import Services

MOST_MOVES = 200
MOST_MOVE_CHARS = 2_000
MOST_LISTED = 1_000


class PracticeMove(msgspec.Struct, forbid_unknown_fields=True):
    """A seat's move, in the game's notation (``@0+``) or as a command body's JSON text."""

    seat: Annotated[str, msgspec.Meta(min_length=1, max_length=40)]
    move: Annotated[str, msgspec.Meta(min_length=1, max_length=MOST_MOVE_CHARS)]


class PracticeRequest(msgspec.Struct, forbid_unknown_fields=True):
    """The game's options (the defaults when left out) and the moves played from the start, in
    order; ``seat``: whose legal moves to list, and whose view the board is drawn from (left out:
    the first seat to move's moves, and everything drawn, hidden state included)."""

    moves: Annotated[list[PracticeMove], msgspec.Meta(max_length=MOST_MOVES)] = []
    options: dict[str, Any] = {}
    seat: str | None = None


class PracticeResult(msgspec.Struct):
    """The winner (``null``: none) and the reason, as a match's result says them."""

    winner: str | None
    reason: str
    detail: str | None


class PracticePosition(msgspec.Struct):
    """The position after the moves: the game's drawing (SVG; as a match draws it for ``seat`` when
    one was asked, so its squares are the ones it plays on), the seats to move, ``seat``'s legal
    moves (at most 1,000; ``total`` in all) and the result once the game is over."""

    game: str
    board: str
    to_move: list[str]
    seat: str | None
    moves: list[LegalMove]
    total: int
    result: PracticeResult | None


EVERYTHING = Viewer(organizer=True)


class PositionController(Controller):
    tags = ["games"]

    @post("/games/{game:str}/positions", operation_id="createPracticePosition", status_code=200,
          summary="A practice position: moves played from the start of a game, nothing stored",
          responses=problems(400, 401, 404, 422, 503))
    async def position(self, game: GameName, data: PracticeRequest, services: Services) -> PracticePosition:
        """The moves are played in order from the start (seed 0, a move a second); the first one
        refused is a 422 with the rules' own code, its detail naming the move. When the position
        then waits on solver work that decides the game (an Impossible, a challenge), a worker
        does it as a match's (503 ``practice_undecided`` when no answer comes within
        ``PRACTICE_SOLVER_WAIT_S``) and the answer is applied. Anyone may ask."""
        rules = known_game(game)
        options = parse_options(rules, data.options)
        for item in data.moves:
            if item.seat not in rules.seats:
                raise InvalidCommand("unknown_seat", f"{rules.name} has the seats {', '.join(rules.seats)}, not {item.seat!r}.")
        moves = [(m.seat, m.move) for m in data.moves]
        state = replay(rules, options, moves)
        if (job := deciding_job(rules, state)) is not None:
            answer = await services.practice.answer(rules, data.options, moves, job)
            state = settled(rules, state, answer, len(moves))
        to_move = list(rules.to_move(state))
        seat = data.seat or (to_move[0] if to_move else None)
        if seat is not None and seat not in rules.seats:
            raise InvalidCommand("unknown_seat", f"{rules.name} has the seats {', '.join(rules.seats)}, not {seat!r}.")
        legal = list(rules.legal_commands(state, seat)) if seat is not None and seat in to_move else []
        result = rules.result(state)
        return PracticePosition(
            game=rules.name, board=rules.svg(state, Viewer(seat=data.seat) if data.seat else EVERYTHING), to_move=to_move, seat=seat,
            moves=listed(legal[:MOST_LISTED]), total=len(legal),
            result=PracticeResult(winner=result.winner, reason=result.reason, detail=result.detail) if result else None)
