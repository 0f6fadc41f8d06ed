"""Webhooks: an organizer's URLs, told (signed, by the workers) when a match it created starts or ends."""

from __future__ import annotations

from typing import Annotated

import msgspec
from litestar import Controller, Request, delete, get, post
from litestar.params import Parameter

from domain.errors import NotAllowed
from service.accounts.accounts import Caller
from service.api.deps import problems, require
from service.api.strictness import strict_body
from service.matches.match_service import now_ms
from service.webhooks.webhooks import EventName, Webhook
from service.wiring import Services


class CreateWebhook(msgspec.Struct, forbid_unknown_fields=True):
    """``url``: an absolute http(s) URL without user info (anything else is a 422 ``bad_webhook_url``)
    whose host resolves to public addresses only (else a 422 ``webhook_destination_refused``, or
    ``webhook_host_not_found``); port 80, 443 or 1024-65535."""

    url: Annotated[str, msgspec.Meta(min_length=1, max_length=2000)]
    events: Annotated[list[EventName], msgspec.Meta(min_length=1, max_length=6)] = msgspec.field(
        default_factory=lambda: ["match_started", "match_ended"])


class WebhookOut(msgspec.Struct):
    id: str
    url: str
    events: list[EventName]
    created_at: int


class NewWebhook(msgspec.Struct):
    """The new webhook and its signing secret — shown only this once."""

    id: str
    url: str
    events: list[EventName]
    created_at: int
    secret: str


def _out(webhook: Webhook) -> WebhookOut:
    return WebhookOut(id=webhook.id, url=webhook.url, events=webhook.events, created_at=webhook.created_at)


def organizer(caller: Caller | None) -> Caller:
    account = require(caller, "organize")
    if not account.organizer:
        raise NotAllowed("organizer_only", "Only organizers have webhooks.")
    return account


class WebhookController(Controller):
    path = "/webhooks"
    tags = ["webhooks"]

    @post("/", operation_id="createWebhook", status_code=201,
          summary="Register a webhook for the matches you create (the secret is shown once)",
          responses=problems(400, 401, 403, 409, 422))
    async def create(self, request: Request, data: CreateWebhook, services: Services,
                     caller: Caller | None) -> NewWebhook:
        """Each ``match_started`` / ``match_ended`` of a match you created (and the ``tournament_*``
        events of the tournaments you organize, if asked for) is posted to ``url`` as JSON,
        signed: ``X-Signature: sha256=<hex HMAC-SHA256 of the raw body, keyed with the secret>``
        (see ``docs/webhooks.md``). Failed deliveries are retried with exponential backoff. A URL whose
        host is or resolves to a loopback, private, link-local or other non-public address is refused,
        in any spelling, here and again at each delivery."""
        data = strict_body(await request.body(), CreateWebhook)
        account = organizer(caller)
        webhook = await services.webhooks.create(account.id, data.url, list(data.events), now_ms())
        return NewWebhook(id=webhook.id, url=webhook.url, events=webhook.events, created_at=webhook.created_at,
                          secret=webhook.secret)

    @get("/", operation_id="listWebhooks", summary="Your webhooks (never their secrets)", responses=problems(401, 403))
    async def list_webhooks(self, services: Services, caller: Caller | None) -> list[WebhookOut]:
        return [_out(w) for w in await services.webhooks.list(organizer(caller).id)]

    @delete("/{webhook_id:str}", operation_id="deleteWebhook", status_code=204,
            summary="Delete a webhook", responses=problems(400, 401, 403, 404))
    async def remove(self, services: Services, caller: Caller | None,
                     webhook_id: Annotated[str, Parameter(description="The webhook's id.", max_length=64)]) -> None:
        await services.webhooks.delete(organizer(caller).id, webhook_id)
