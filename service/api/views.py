"""Turning a match state into what one caller may see (the game's own ``view`` decides its part)."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from domain import match as lifecycle
from domain.bots import action_of
from domain.game import Deadline, Game, Viewer
from domain.game import LegalMove as DomainLegalMove
from domain.match import MatchState
from service.accounts.accounts import Account
from service.api.schemas import DeadlineView, LegalMove, MatchView, SeatView, YourTurn
from service.matches.match_service import Page
from service.matches.visibility import may_see_setup


def public_options(game: Game, options: dict) -> dict:
    """``options`` without those the game keeps from its players (``Game.secret_options``: MonUnrail's
    ``supply``, Deep Sea Voyage's ``boards``), which only their organizer may see."""
    return {name: value for name, value in options.items() if name not in game.secret_options}


def deadline_view(due: Deadline | None) -> DeadlineView | None:
    return None if due is None else DeadlineView(at=due.at, key=due.key, seat=due.seat)


def to_move(game: Game, state: MatchState) -> list[str]:
    """The seats the match waits on to play (none unless it is running)."""
    return list(game.to_move(state.game)) if state.status == "running" else []


LEGAL_MOVES_PAGE = 200
"""How many legal moves a listing shows unless asked for more (``limit``, up to 1,000): the
longest listing (an open 18x18 Deep Sea Voyage board: some 12,000 placements, 446 KB) is paged."""


def listed(moves: Sequence[DomainLegalMove]) -> list[LegalMove]:
    """``moves`` as the API lists them."""
    return [LegalMove(move=m.move, command=m.command) for m in moves]


class _PageHead(msgspec.Struct):
    """An :class:`~service.api.schemas.EventsPage` but its events (encoded as they are)."""

    match_id: str
    version: int
    status: str
    to_move: list[str]
    legal_moves: list[DomainLegalMove] | None
    """(The game's own :class:`~domain.game.LegalMove`: the same JSON as the API's, with no copy.)"""
    legal_moves_total: int | None


def page_body(match_id: str, page: Page, with_legal_moves: bool) -> bytes:
    """The JSON of an :class:`~service.api.schemas.EventsPage` for ``page`` (with the first
    :data:`LEGAL_MOVES_PAGE` legal moves, if asked)."""
    state = page.state
    moves = lifecycle.legal_commands(page.game, state, page.viewer.seat) if with_legal_moves else None
    head = _PageHead(match_id=match_id, version=state.version, status=state.status, to_move=to_move(page.game, state),
                     legal_moves=None if moves is None else list(moves[:LEGAL_MOVES_PAGE]),
                     legal_moves_total=None if moves is None else len(moves))
    return msgspec.json.encode(head)[:-1] + b',"events":' + msgspec.json.encode(page.events) + b"}"


def match_view(game: Game, state: MatchState, viewer: Viewer, names: dict[str, Account]) -> MatchView:
    due = lifecycle.deadline(game, state)
    return MatchView(
        id=state.match_id, game=state.game_name, status=state.status, version=state.version, role=viewer.role,
        you=viewer.seat,
        seats={seat: SeatView(account_id=a, name=names[a].name if a in names else None, ready=seat in state.ready,
                              kind=names[a].kind if a in names else None)
               for seat, a in state.seats.items()},
        priority=state.priority, created_by=state.created_by, invited=list(state.invited),
        created_at=state.created_at, expires_at=state.expires_at, opens_at=state.opens_at,
        starts_at=state.starts_at,
        started_at=state.started_at, finished_at=state.finished_at, result=state.result,
        deadline=deadline_view(due),
        to_move=to_move(game, state),
        options=public_options(game, msgspec.to_builtins(state.options)),
        state=game.view(state.game, viewer) if may_see_setup(game, state, viewer) else None,
        rated=state.rated,
    )


def your_turns(account_id: str, matches: list[tuple[Game, MatchState]]) -> list[YourTurn]:
    """The matches in which ``account_id`` is expected to act now, soonest deadline first."""
    turns = []
    for game, state in matches:
        for seat, holder in state.seats.items():
            if holder == account_id and (action := action_of(game, state, seat)) is not None:
                turns.append(YourTurn(match_id=state.match_id, game=state.game_name, seat=seat, action=action,
                                      version=state.version, deadline=deadline_view(lifecycle.deadline(game, state))))
    return sorted(turns, key=lambda t: (t.deadline is None, t.deadline.at if t.deadline else 0, t.match_id))
