"""Blocks (issue 28, item 5): the accounts a player refuses anything from (:mod:`service.accounts.blocks`)."""

from __future__ import annotations

import msgspec
from litestar import Controller, delete, get, put

from domain.errors import DomainError
from service.accounts.accounts import Caller, Kind
from service.api.deps import actor_of, problems, require
from service.api.records import AccountId
from service.http.problems import NotFound
from service.matches.read_models import invited_by_key
from service.wiring import Services


class BlockedAccount(msgspec.Struct):
    """An account the caller blocks: its id, name and kind (``player``, ``organizer`` or ``bot``)."""

    account_id: str
    name: str | None
    kind: Kind | None


class BlockController(Controller):
    path = "/accounts/me/blocks"
    tags = ["accounts"]

    @get("/", operation_id="listMyBlocks", summary="The accounts you block", responses=problems(401, 403))
    async def list_blocks(self, services: Services, caller: Caller | None) -> list[BlockedAccount]:
        blocked = await services.accounts.blocks.blocked_by(require(caller).id)
        found = await services.accounts.get_many(blocked)
        return [BlockedAccount(account_id=b, name=found[b].name if b in found else None,
                               kind=found[b].kind if b in found else None) for b in blocked]

    @put("/{account_id:str}", operation_id="blockAccount", status_code=204,
         summary="Block an account: no challenge, seat or tournament entry from it reaches you",
         responses=problems(400, 401, 403, 404, 409, 422))
    async def block(self, account_id: AccountId, services: Services, caller: Caller | None) -> None:
        """From now on the account can neither challenge you, nor seat you in a match it organizes, nor
        enter you in its tournaments (403 ``blocked``); the challenges it sent you and you have not
        answered are declined. Blocking again changes nothing; at most ``MAX_BLOCKS`` (1000) accounts."""
        account = require(caller, "play")
        if await services.accounts.get(account_id) is None:
            raise NotFound("account_not_found", f"There is no account {account_id!r}.")
        await services.accounts.blocks.block(account.id, account_id)
        pending = await services.redis.hkeys(invited_by_key(account.id, account_id))
        for match_id in sorted(m.decode() for m in pending):
            try:
                await services.matches.execute(match_id, b'{"type":"decline"}', actor_of(account), idempotency="",
                                               expected_version=None)
            except DomainError:
                continue  # (answered, cancelled or expired meanwhile)

    @delete("/{account_id:str}", operation_id="unblockAccount", status_code=204,
            summary="Unblock an account", responses=problems(400, 401, 403))
    async def unblock(self, account_id: AccountId, services: Services, caller: Caller | None) -> None:
        await services.accounts.blocks.unblock(require(caller, "play").id, account_id)
