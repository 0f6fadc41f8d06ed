"""Accounts: anyone may open a player account; only organizers create organizer accounts."""

from __future__ import annotations

from litestar import Controller, Request, get, post

from domain.errors import NotAllowed
from service.accounts import Account
from service.api.deps import problems, require
from service.api.strictness import strict_body
from service.api.schemas import AccountOut, CreateAccount, NewAccount, YourTurn
from service.api.views import your_turns
from service.matches import now_ms
from service.read_models import MatchSummary
from service.wiring import Services


class AccountController(Controller):
    path = "/accounts"
    tags = ["accounts"]

    @post("/", status_code=201, summary="Open an account (the token is shown once)",
          responses=problems(400, 401, 403, 409, 422))
    async def create(self, request: Request, data: CreateAccount, services: Services,
                     caller: Account | None) -> NewAccount:
        data = strict_body(await request.body(), CreateAccount)
        if data.organizer and not (caller and caller.organizer):
            raise NotAllowed("organizer_only", "Only an organizer can create an organizer account.")
        account, token = await services.accounts.create(data.name, organizer=data.organizer, now=now_ms())
        return NewAccount(id=account.id, name=account.name, organizer=account.organizer, token=token)

    @get("/me", summary="The calling account", responses=problems(401))
    async def me(self, caller: Account | None) -> AccountOut:
        account = require(caller)
        return AccountOut(id=account.id, name=account.name, organizer=account.organizer)

    @get("/me/matches", summary="The caller's unfinished matches", responses=problems(401))
    async def my_matches(self, services: Services, caller: Account | None) -> list[MatchSummary]:
        return await services.read_models.active_for(require(caller).id)

    @get("/me/turns", summary="The caller's matches where it is their move, soonest deadline first",
         responses=problems(401))
    async def my_turns(self, services: Services, caller: Account | None) -> list[YourTurn]:
        """For a bot playing many games: every unfinished match in which one of the caller's seats is
        expected to act now (ready, choose a seat, move or submit), with its deadline."""
        account = require(caller)
        summaries = await services.read_models.active_for(account.id)
        loaded = [await services.matches.current(summary.id) for summary in summaries]
        return your_turns(account.id, loaded)
