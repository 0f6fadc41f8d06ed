"""Tournaments: organizers create them; anyone reads them, their standings and their export."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from litestar import Controller, Request, Response, get, post
from litestar.openapi.spec import OpenAPIMediaType, OpenAPIType, Operation, Schema
from litestar.params import Parameter

from domain.errors import NotAllowed
from domain.tournaments import Standing, export_csv, export_json, standings
from service.accounts import Caller
from service.api.deps import actor_of, problems, require
from service.api.matches import check_accounts
from service.api.strictness import strict_body
from service.api.tournament_views import (
    CreateTournament, TournamentSummary, TournamentView, tournament_summary, tournament_view,
)
from service.visibility import organizes
from service.wiring import Services

TournamentId = Annotated[str, Parameter(description="The tournament id.", max_length=64)]


@dataclass
class CsvOrJson(Operation):
    """The export answers CSV or JSON (``format=``); Litestar documents one media type per route."""

    def __post_init__(self) -> None:
        if self.responses and "200" in self.responses:
            self.responses["200"].content = {  # type: ignore[union-attr]
                "text/csv": OpenAPIMediaType(schema=Schema(type=OpenAPIType.STRING)),
                "application/json": OpenAPIMediaType(schema=Schema(type=OpenAPIType.OBJECT)),
            }


class TournamentController(Controller):
    path = "/tournaments"
    tags = ["tournaments"]

    @post("/", operation_id="createTournament", status_code=201,
          summary="Create a tournament and its first round (organizers)",
          responses=problems(400, 401, 403, 409, 422))
    async def create(self, request: Request, data: CreateTournament, services: Services,
                     caller: Caller | None) -> TournamentView:
        """Round 1's matches are created at once (all or nothing, as ``POST /matches/bulk``); each
        later round's when the round before is complete. Match ids: ``<id>-r<round>-t<table>``."""
        data = strict_body(await request.body(), CreateTournament)
        account = require(caller, "organize")
        if not account.organizer:
            raise NotAllowed("organizer_only", "Only organizers create tournaments.")
        await check_accounts(services, data.players)
        options = {"double": data.format_options.double}
        if data.format_options.rounds is not None:
            options["rounds"] = data.format_options.rounds
        stored = await services.tournaments.create(
            data.name, account.id, data.format, data.players, data.game, data.game_options, data.seat_rule,
            options, data.schedule)
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
        stored = await services.tournaments.refresh(tournament_id)
        return tournament_view(stored, owner=organizes(stored.organizer, actor_of(caller)))

    @get("/{tournament_id:str}/standings", operation_id="getStandings", summary="The tournament's standings, ranked",
         responses=problems(400, 404, 409))
    async def standings(self, tournament_id: TournamentId, services: Services) -> list[Standing]:
        """Points (win 1, draw 1/2, bye 1) and the format's tie-breaks (see docs/tournaments.md)."""
        return standings((await services.tournaments.refresh(tournament_id)).tournament)

    @get("/{tournament_id:str}/export", operation_id="exportTournament",
         summary="The tournament as JSON or CSV", media_type="text/csv",
         responses=problems(400, 404, 409), operation_class=CsvOrJson)
    async def export(self, tournament_id: TournamentId, services: Services,
                     format: Annotated[Literal["json", "csv"], Parameter(description="json (default) or csv")] = "json",
                     ) -> Response[str]:
        """JSON: the tournament with every round, result and its standings. CSV: the standings
        (the format's columns; see docs/tournaments.md)."""
        t = (await services.tournaments.refresh(tournament_id)).tournament
        if format == "csv":
            return Response(content=export_csv(t), media_type="text/csv")
        return Response(content=export_json(t), media_type="application/json")
