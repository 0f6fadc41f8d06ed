"""Accounts: anyone may open a player account; only organizers create organizer accounts."""

from __future__ import annotations

from collections.abc import AsyncIterator

import msgspec
from litestar import Controller, Request, get, post
from litestar.response import ServerSentEvent, ServerSentEventMessage

from domain.errors import NotAllowed
from service.accounts import Account, Caller
from service.api.deps import problems, require
from service.api.last_event_id import feed_id
from service.api.strictness import strict_body
from service.api.schemas import AccountOut, CreateAccount, NewAccount, YourTurn
from service.api.views import your_turns
from service.matches import now_ms
from service.read_models import MatchSummary
from service.wiring import Services

KEEPALIVE_MS = 15_000


class AccountController(Controller):
    path = "/accounts"
    tags = ["accounts"]

    @post("/", status_code=201, summary="Open an account (the token is shown once)",
          responses=problems(400, 401, 403, 409, 422))
    async def create(self, request: Request, data: CreateAccount, services: Services,
                     caller: Caller | None) -> NewAccount:
        data = strict_body(await request.body(), CreateAccount)
        if data.organizer and caller is not None:
            require(caller, "organize")
        if data.organizer and not (caller and caller.organizer):
            raise NotAllowed("organizer_only", "Only an organizer can create an organizer account.")
        account, token = await services.accounts.create(data.name, organizer=data.organizer, now=now_ms())
        return NewAccount(id=account.id, name=account.name, organizer=account.organizer, token=token)

    @get("/me", summary="The calling account", responses=problems(401))
    async def me(self, caller: Caller | None) -> AccountOut:
        account = require(caller)
        return AccountOut(id=account.id, name=account.name, organizer=account.organizer_account,
                          scopes=sorted(account.scopes))

    @get("/me/matches", summary="The caller's unfinished matches", responses=problems(401))
    async def my_matches(self, services: Services, caller: Caller | None) -> list[MatchSummary]:
        return await services.read_models.active_for(require(caller).id)

    @get("/me/turns", summary="The caller's matches where it is their move, soonest deadline first",
         responses=problems(401))
    async def my_turns(self, services: Services, caller: Caller | None) -> list[YourTurn]:
        """For a bot playing many games: every unfinished match in which one of the caller's seats is
        expected to act now (ready, choose a seat, move or submit), with its deadline."""
        return await _turns(services, require(caller))

    @get("/me/stream", summary="Server-Sent Events: your turns now, then match starts, turns and ends",
         responses=problems(400, 401), media_type="text/event-stream")
    async def my_stream(self, request: Request, services: Services, caller: Caller | None) -> ServerSentEvent:
        """The first message (``turns``) lists the matches waiting on you, as ``/accounts/me/turns``;
        then one message per ``match_started``, ``your_turn`` and ``match_ended`` in any of your
        matches. Reconnect with ``Last-Event-ID`` to receive what you missed (the last 1,000)."""
        account = require(caller)
        resume = request.headers.get("last-event-id")
        if resume is not None:
            resume = feed_id(resume)
        return ServerSentEvent(_feed(services, account, resume))


async def _turns(services: Services, account: Account) -> list[YourTurn]:
    summaries = await services.read_models.active_for(account.id)
    return your_turns(account.id, [await services.matches.current(summary.id) for summary in summaries])


async def _feed(services: Services, account: Account, resume: str | None) -> AsyncIterator[ServerSentEventMessage]:
    after = resume
    if after is None:
        after = await services.feeds.last_id(account.id)
        turns = await _turns(services, account)
        yield ServerSentEventMessage(event="turns", id=after, data=msgspec.json.encode(turns).decode())
    while True:
        items = await services.feeds.wait(account.id, after, KEEPALIVE_MS)
        for entry_id, item in items:
            after = entry_id
            kind = msgspec.json.decode(item)["type"]
            yield ServerSentEventMessage(event=kind, id=entry_id, data=item.decode())
        if not items:
            yield ServerSentEventMessage(comment="keep-alive")
