"""An account's extra tokens, each with restricted scopes, managed with the account's own token."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec
from litestar import Controller, Request, delete, get, post
from litestar.params import Parameter

from domain.errors import NotAllowed
from service.accounts.accounts import Caller
from service.accounts.tokens import TokenInfo
from service.api.deps import problems, require
from service.api.strictness import strict_body
from service.matches.match_service import now_ms
from service.wiring import Services

Scope = Literal["read", "play", "create", "organize"]


class CreateToken(msgspec.Struct, forbid_unknown_fields=True):
    """``read``: GET with the token; ``play``: commands, join, ready, resign for the account's seats;
    ``create``: matches the account plays in; ``organize`` (organizers): bulk creation, abort,
    reschedule, other accounts' matches, organizer views, webhooks."""

    scopes: Annotated[list[Scope], msgspec.Meta(min_length=1, max_length=4)]
    label: Annotated[str, msgspec.Meta(max_length=100)] = ""


class TokenOut(msgspec.Struct):
    id: str
    label: str
    scopes: list[str]
    created_at: int


class NewToken(msgspec.Struct):
    """The new token's details and the token itself — shown only this once."""

    id: str
    label: str
    scopes: list[str]
    created_at: int
    token: str


def _out(info: TokenInfo) -> TokenOut:
    return TokenOut(id=info.id, label=info.label, scopes=info.scopes, created_at=info.created_at)


def own_token(caller: Caller | None) -> Caller:
    """The caller, if it called with the account's own token (a minted token manages no tokens)."""
    account = require(caller)
    if account.token_id is not None:
        raise NotAllowed("own_token_only", "Tokens are managed with the account's own token, not a minted one.")
    return account


class TokenController(Controller):
    path = "/accounts/me/tokens"
    tags = ["accounts"]

    @post("/", operation_id="createToken", status_code=201,
          summary="Mint a token with restricted scopes (the token is shown once)",
          responses=problems(400, 401, 403, 409, 422))
    async def create(self, request: Request, data: CreateToken, services: Services, caller: Caller | None) -> NewToken:
        data = strict_body(await request.body(), CreateToken)
        account = own_token(caller)
        info, token = await services.tokens.mint(account, list(data.scopes), data.label, now_ms())
        return NewToken(id=info.id, label=info.label, scopes=info.scopes, created_at=info.created_at, token=token)

    @get("/", operation_id="listTokens",
         summary="The account's minted tokens (never the tokens themselves)", responses=problems(401, 403))
    async def list_tokens(self, services: Services, caller: Caller | None) -> list[TokenOut]:
        return [_out(info) for info in await services.tokens.list(own_token(caller).id)]

    @delete("/{token_id:str}", operation_id="revokeToken", status_code=204,
            summary="Delete a minted token; it stops working",
            responses=problems(400, 401, 403, 404))
    async def revoke(self, services: Services, caller: Caller | None,
                     token_id: Annotated[str, Parameter(description="The token's id.", max_length=64)]) -> None:
        await services.tokens.revoke(own_token(caller).id, token_id)
