"""Tournaments: organizers create them; anyone reads them, their standings and their exports.
Sign-up and the organizer's acts are :mod:`service.api.tournament_acts`; the stream
:mod:`service.api.tournament_stream`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from litestar import Controller, Request, Response, get, post
from litestar.openapi.spec import OpenAPIMediaType, OpenAPIType, Operation, Schema
from litestar.params import Parameter
import msgspec

from domain.errors import NotAllowed, WrongState
from domain.tournaments import export_csv, export_json
from service.accounts.accounts import Caller
from service.api.deps import actor_of, problems, require
from service.api.strictness import strict_body
from service.api.tournament_views import (
    CreateTournament, StandingView, TournamentSummary, TournamentView, standing_views, tournament_summary,
    tournament_view,
)
from service.http.problems import NotFound
from service.matches.records import record_of
from service.matches.visibility import organizes
from service.tournaments.acts import TournamentActs
from service.tournaments.events import match_id_for
from service.wiring import Services

TournamentId = Annotated[str, Parameter(description="The tournament id.", max_length=64)]


@dataclass
class CsvOrJson(Operation):
    """The export answers CSV or JSON (``format=``); Litestar documents one media type per route."""

    def __post_init__(self) -> None:
        if self.responses and "200" in self.responses:
            self.responses["200"].content = {  # type: ignore[union-attr]
                "text/csv": OpenAPIMediaType(schema=Schema(type=OpenAPIType.STRING)),
                "application/json": OpenAPIMediaType(schema=Schema(one_of=[  # the tournament, or its records
                    Schema(type=OpenAPIType.OBJECT),
                    Schema(type=OpenAPIType.ARRAY, items=Schema(type=OpenAPIType.OBJECT))])),
            }


class TournamentController(Controller):
    path = "/tournaments"
    tags = ["tournaments"]

    @post("/", operation_id="createTournament", status_code=201,
          summary="Create a tournament and its first round, or open it for sign-up (organizers)",
          responses=problems(400, 401, 403, 409, 422))
    async def create(self, request: Request, data: CreateTournament, services: Services,
                     caller: Caller | None) -> TournamentView:
        """Round 1's matches are created at once (all or nothing, as ``POST /matches/bulk``); each
        later round's when the round before is complete. Match ids: ``<id>-r<round>-t<table>``.
        With ``registration`` the tournament opens for sign-up instead (``POST .../players/me``)
        and starts when its organizer starts it (``POST .../start``). Every player listed in
        ``players`` must have consented to the organizer (``PUT /accounts/me/consents/{organizer}``;
        else 403 ``consent_required``): players who sign up consent by signing up."""
        data = strict_body(await request.body(), CreateTournament)
        account = require(caller, "organize")
        if not account.organizer:
            raise NotAllowed("organizer_only", "Only organizers create tournaments.")
        options: dict = {"double": data.format_options.double}
        if data.format_options.rounds is not None:
            options["rounds"] = data.format_options.rounds
        stored = await TournamentActs(services.tournaments, services.accounts, services.consents).create(
            name=data.name, organizer=account.id, format=data.format, players=data.players, game=data.game,
            game_options=data.game_options, seat_rule=data.seat_rule, format_options=options,
            schedule=data.schedule, registration=data.registration,
            registration_closes_at=data.registration_closes_at, admin=account.admin)
        return tournament_view(stored, owner=True)

    @get("/", operation_id="listTournaments", summary="List tournaments, newest first", responses=problems(400))
    async def list_tournaments(self, services: Services,
                               offset: Annotated[int, Parameter(ge=0, le=1_000_000)] = 0,
                               limit: Annotated[int, Parameter(ge=1, le=200)] = 50) -> list[TournamentSummary]:
        return [tournament_summary(t) for t in await services.tournaments.newest(offset, limit)]

    @get("/{tournament_id:str}", operation_id="getTournament",
         summary="A tournament: rounds, games, match ids, results, standings",
         responses=problems(400, 401, 403, 404, 409))
    async def show(self, tournament_id: TournamentId, services: Services, caller: Caller | None) -> TournamentView:
        """Its organizer (and an admin) also sees the game options kept from the players."""
        stored = await services.tournaments.get(tournament_id)
        return tournament_view(stored, owner=organizes(stored.organizer, actor_of(caller)))

    @get("/{tournament_id:str}/standings", operation_id="getStandings", summary="The tournament's standings, ranked",
         responses=problems(400, 404, 409))
    async def standings(self, tournament_id: TournamentId, services: Services) -> list[StandingView]:
        """Points (win 1, draw 1/2, bye 1) and the format's tie-breaks (see docs/tournaments.md),
        each with the player's name; empty while the tournament is open for sign-up."""
        return standing_views(await services.tournaments.get(tournament_id))

    @get("/{tournament_id:str}/export", operation_id="exportTournament",
         summary="The tournament as JSON, a CSV table, or its games' records", media_type="text/csv",
         responses=problems(400, 401, 404, 409), operation_class=CsvOrJson)
    async def export(self, tournament_id: TournamentId, services: Services, caller: Caller | None,
                     format: Annotated[Literal["json", "csv", "records"], Parameter(
                         description="json (default), csv (one table) or records (the games' records)")] = "json",
                     table: Annotated[Literal["standings", "games"], Parameter(
                         description="csv only: standings (default) or games")] = "standings",
                     offset: Annotated[int, Parameter(ge=0, le=100_000, description="records only")] = 0,
                     limit: Annotated[int, Parameter(ge=1, le=100, description="records only")] = 100,
                     ) -> Response[str]:
        """JSON: the tournament with every round, result, withdrawal, replacement and correction,
        its standings and games as rows, and every player's name. CSV: one table, ``standings``
        (the format's columns) or ``games`` (one row per game and bye, with its correction), players
        as id and name. Records: a JSON array of the games' records (``GameRecord``: the text of
        ``GET /matches/{id}/record`` as the caller may read it), round by round, ``offset`` and
        ``limit`` (at most 100) games at a time; a game without a match (a forfeit) has none."""
        stored = await services.tournaments.get(tournament_id)
        t = stored.tournament
        if t is None:
            raise WrongState("tournament_not_started", "The tournament has not started yet: nothing to export.")
        if format == "csv":
            return Response(content=export_csv(t, table, stored.names), media_type="text/csv")
        if format == "records":
            games = [(r.number, p.table) for r in t.rounds for p in r.pairings][offset:offset + limit]
            records = []
            for number, table_no in games:
                match_id = match_id_for(stored.id, number, table_no)
                try:
                    text, _ = await record_of(services.matches, services.accounts, match_id, actor_of(caller))
                except NotFound:
                    continue
                records.append(GameRecord(round=number, table=table_no, match_id=match_id, record=text))
            return Response(content=msgspec.json.encode(records).decode(), media_type="application/json")
        return Response(content=export_json(t, stored.names), media_type="application/json")


class GameRecord(msgspec.Struct):
    """One game of a tournament and its match's record (as ``GET /matches/{id}/record``)."""

    round: int
    table: int
    match_id: str
    record: str
