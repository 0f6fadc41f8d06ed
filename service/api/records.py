"""Game records and an account's past games: ``GET /matches/{id}/record`` (plain text, like a
PGN file) and ``GET /accounts/{id}/games`` (NDJSON, newest first, a page at a time)."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec
from litestar import Controller, Response, get
from litestar.openapi.datastructures import ResponseSpec
from litestar.params import Parameter

from domain.game import Result
from service.accounts.accounts import Caller, Kind
from service.api.deps import actor_of, problems
from service.api.matches import MatchId
from service.api.text_bodies import NDJSON
from service.http.problems import NotFound
from service.matches.records import record_of
from service.wiring import Services

GAMES_PAGE = 50
"""The games a page lists unless ``limit`` asks for fewer or more (up to :data:`GAMES_PAGE_MAX`)."""
GAMES_PAGE_MAX = 200
CURSOR_FORM = r"^[0-9]{16}:[A-Za-z0-9_.-]{1,64}$"
"""A cursor, as each listed game carries it: its end's time (16 digits) and its match id."""
TEXT = "text/plain"
"""(Litestar adds `; charset=utf-8`.)"""

AccountId = Annotated[str, Parameter(description="The account id.", max_length=64)]


class Player(msgspec.Struct, frozen=True):
    account_id: str
    name: str | None
    kind: Kind | None = None
    """What the account is, shown beside its name: ``player``, ``organizer`` or ``bot``."""


class FinishedGame(msgspec.Struct, frozen=True):
    """One line of ``GET /accounts/{id}/games``: a game that is over (``finished``, or ``aborted``
    after it started), its players by seat, its result, and where to read its record. ``cursor``:
    send it as ``before`` for the games that ended before this one."""

    match_id: str
    game: str
    status: Literal["finished", "aborted"]
    seats: dict[str, Player | None]
    result: Result | None
    started_at: int | None
    finished_at: int | None
    record: str
    cursor: str


class RecordController(Controller):
    path = "/"

    @get("/matches/{match_id:str}/record", operation_id="getMatchRecord", tags=["matches"], media_type=TEXT,
         summary="The match's record as plain text (like a PGN file)",
         responses={200: ResponseSpec(data_container=str, media_type=TEXT, generate_examples=False,
                                      description="The record: tag pairs, a blank line, one numbered line per turn."),
                    **problems(400, 401, 404)})
    async def record(self, match_id: MatchId, services: Services, caller: Caller | None) -> Response[str]:
        """Tag pairs (``[Game "trax"]``, a tag per seat naming its player, ``Date`` and ``Time`` in
        UTC, the ``Options`` the caller may see as JSON, ``Result`` -- ``1-0`` when the first seat
        won, ``0-1``, ``1/2-1/2``, ``*`` while the match is played or when it was aborted --
        ``Winner``, ``Reason``, ``Detail``), a blank line, then one numbered line per turn in the
        game's own notation (Trax: the standard notation, one move a line, as Trax game files have
        it); lines starting with ``;`` are comments. It shows only what the caller may see: its
        own sealed submission until the reveal, nobody else's; secret options only to the
        match's organizer."""
        text, file_name = await record_of(services.matches, services.accounts, match_id, actor_of(caller))
        return Response(content=text, media_type=TEXT,
                        headers={"Content-Disposition": f'inline; filename="{file_name}"'})

    @get("/accounts/{account_id:str}/games", operation_id="listAccountGames", tags=["accounts"], media_type=NDJSON,
         summary="An account's games that are over, newest first (NDJSON, one game a line)",
         responses={200: ResponseSpec(data_container=FinishedGame, media_type=NDJSON, generate_examples=False,
                                      description="One FinishedGame (JSON) per line, newest first."),
                    **problems(400, 401, 404)})
    async def games(self, account_id: AccountId, services: Services, caller: Caller | None,
                    limit: Annotated[int, Parameter(ge=1, le=GAMES_PAGE_MAX, description=(
                        f"How many games (default {GAMES_PAGE}, at most {GAMES_PAGE_MAX})."))] = GAMES_PAGE,
                    before: Annotated[str | None, Parameter(required=False, max_length=81, pattern=CURSOR_FORM,
                                                            description="A listed game's cursor: the games "
                                                                        "that ended before it.")] = None
                    ) -> Response[bytes]:
        """Matches the account played that are over (those that never started -- declined,
        cancelled or expired challenges -- are not games and are not listed), newest first.
        A full page has a ``Link`` header (``rel="next"``) to the next one."""
        if await services.accounts.get(account_id) is None:
            raise NotFound("account_not_found", f"There is no account {account_id!r}.")
        summaries, cursors = await services.read_models.finished_for(account_id, before=before, limit=limit)
        players = await services.accounts.get_many(sorted({a for s in summaries for a in s.seats.values() if a}))
        lines = [msgspec.json.encode(FinishedGame(
            match_id=s.id, game=s.game, status=s.status, result=s.result, started_at=s.started_at,
            finished_at=s.finished_at, record=f"/matches/{s.id}/record", cursor=cursor,
            seats={seat: None if a is None else Player(account_id=a, name=players[a].name if a in players else None,
                                                       kind=players[a].kind if a in players else None)
                   for seat, a in s.seats.items()})) + b"\n" for s, cursor in zip(summaries, cursors)]
        headers = {}
        if len(cursors) == limit:
            headers["Link"] = f'</accounts/{account_id}/games?limit={limit}&before={cursors[-1]}>; rel="next"'
        return Response(content=b"".join(lines), media_type=NDJSON, headers=headers)
