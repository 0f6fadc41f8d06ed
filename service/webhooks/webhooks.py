"""Webhooks: URLs an organizer registers to be told when a match it created starts or ends, and
how a tournament it organizes goes (a round started, its pairings, each result, the end).

Key ``webhooks:<account>``: a hash of the account's webhooks by id (:class:`Webhook`, JSON). Unlike
a token, a webhook's secret is kept as it is: the server needs it to sign. A URL must point at a
public address (:mod:`service.webhooks.targets`), checked at registration and at every delivery.

:class:`WebhookNotifier` is a match listener. It never calls a URL itself: for each webhook that
wants the event it queues ``workers.jobs.deliver_webhook`` on the ``webhooks`` queue (for a worker
of its own, ``python -m workers webhooks``, so a slow receiver delays no timer and no bot) with the
body already encoded, so every attempt sends the same bytes and the same ``delivery_id``. A worker posts it
(:func:`signed_headers`); any answer but a 2xx, or none within ``WEBHOOK_TIMEOUT_S``, fails the
attempt, and RQ retries it :data:`RETRIES` times, each wait 4 times the one before.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import Any, Literal

import msgspec
import redis.asyncio as aioredis
from rq import Queue, Retry

from domain.errors import WrongState
from domain.game import Game, Result
from domain.match import MatchState
from service.http.problems import NotFound
from service.live.feeds import milestones
from service.redis import Pipe
from service.tournaments.events import TournamentEvent
from service.webhooks.targets import Destinations, parse

EventName = Literal["match_started", "match_ended", "tournament_round_started", "tournament_pairings",
                    "tournament_result", "tournament_ended"]
TOURNAMENT_WEBHOOK_EVENTS: dict[str, EventName] = {
    "round_started": "tournament_round_started", "pairings": "tournament_pairings", "result": "tournament_result",
    "result_corrected": "tournament_result", "tournament_ended": "tournament_ended"}
"""The tournament stream's events a webhook may ask for, by the webhook event they are delivered as
(a corrected result is a ``tournament_result`` too: its ``data.type`` says ``result_corrected``)."""
MAX_WEBHOOKS = 20
RETRIES = 5


class Webhook(msgspec.Struct, frozen=True):
    id: str
    url: str
    events: list[EventName]
    secret: str
    created_at: int


class Notification(msgspec.Struct, frozen=True):
    """The JSON body of a delivery. ``delivery_id`` is the same on every retry; ``at`` is when the
    match started or ended (server ms); ``result`` comes with ``match_ended``."""

    delivery_id: str
    event: EventName
    match_id: str
    game: str
    at: int
    seats: dict[str, str | None]
    result: Result | None = None


class TournamentNotification(msgspec.Struct, frozen=True):
    """The JSON body of a tournament delivery: ``data`` is the tournament stream's event (see
    ``GET /tournaments/{id}/stream``), ``event_id`` its id on that stream."""

    delivery_id: str
    event: EventName
    tournament_id: str
    event_id: str
    at: int
    data: TournamentEvent


class Delivered(msgspec.Struct, frozen=True):
    """What every delivery's body has, whatever its kind: what the headers repeat."""

    delivery_id: str
    event: EventName


def signature(secret: str, body: bytes) -> str:
    """``sha256=`` and the hex HMAC-SHA256 of the raw body, keyed with the webhook's secret."""
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


def signed_headers(webhook: Webhook, notification: Notification | Delivered, body: bytes, now: int) -> dict[str, str]:
    return {"Content-Type": "application/json", "User-Agent": "deathmatch-webhooks/1",
            "X-Signature": signature(webhook.secret, body), "X-Webhook-Timestamp": str(now),
            "X-Webhook-Event": notification.event, "X-Webhook-Delivery": notification.delivery_id}


def retry_policy(base_s: int) -> Retry:
    """Retries after ``base_s``, 4 ``base_s``, 16 ``base_s``... (10 s → the last after ~57 min)."""
    return Retry(max=RETRIES, interval=[base_s * 4 ** n for n in range(RETRIES)])


def webhooks_key(account_id: str) -> str:
    return f"webhooks:{account_id}"


class Webhooks:
    """An account's webhooks; read through ``pipe`` (the process's pipelined connection) at every
    start and end of a match. A new one's URL must pass ``destinations``."""

    def __init__(self, redis: aioredis.Redis, pipe: Pipe, destinations: Destinations):
        self.redis, self.pipe, self.destinations = redis, pipe, destinations

    async def create(self, account_id: str, url: str, events: list[EventName], now: int) -> Webhook:
        parse(url)
        if await self.redis.hlen(webhooks_key(account_id)) >= MAX_WEBHOOKS:
            raise WrongState("too_many_webhooks", f"An account has at most {MAX_WEBHOOKS} webhooks; delete one first.")
        await self.destinations.check(url)
        webhook = Webhook(id="wh_" + secrets.token_hex(6), url=url, events=list(dict.fromkeys(events)),
                          secret="whsec_" + secrets.token_urlsafe(32), created_at=now)
        await self.redis.hset(webhooks_key(account_id), webhook.id, msgspec.json.encode(webhook))
        return webhook

    async def list(self, account_id: str) -> list[Webhook]:
        raw = await self.pipe.execute("HVALS", webhooks_key(account_id))
        return sorted((msgspec.json.decode(r, type=Webhook) for r in raw), key=lambda w: (w.created_at, w.id))

    async def get(self, account_id: str, webhook_id: str) -> Webhook | None:
        raw = await self.redis.hget(webhooks_key(account_id), webhook_id)
        return None if raw is None else msgspec.json.decode(raw, type=Webhook)

    async def delete(self, account_id: str, webhook_id: str) -> None:
        if not await self.redis.hdel(webhooks_key(account_id), webhook_id):
            raise NotFound("webhook_not_found", f"You have no webhook {webhook_id!r}.")


class WebhookNotifier:
    """The match listener that queues a delivery per webhook of the match's creator that wants
    what just happened (see the module's docstring)."""

    def __init__(self, webhooks: Webhooks, queue: Queue, retry_base_s: int, job_timeout_s: int):
        self.webhooks = webhooks
        self.queue = queue
        self.retry_base_s = retry_base_s
        self.job_timeout_s = job_timeout_s

    async def changed(self, game: Game, previous: MatchState | None, state: MatchState) -> None:
        happened = milestones(previous, state)
        if not happened or state.created_by is None:
            return
        for webhook in await self.webhooks.list(state.created_by):
            for event in happened:
                if event in webhook.events:
                    self._queue(state.created_by, webhook, _notification(webhook, event, state))

    async def tournament_changed(self, stored: Any, numbered: list[tuple[str, TournamentEvent]]) -> None:
        """A tournament listener (:class:`service.tournaments.tournaments.Tournaments`): the organizer's webhooks
        that want them are told the change's round starts, pairings, results and end. Called only by
        the process whose change was stored, once per change; the delivery id is fixed by the
        webhook, the tournament and the event's id, so a repeated call queues nothing new."""
        wanted = [(event_id, e, TOURNAMENT_WEBHOOK_EVENTS[e.type]) for event_id, e in numbered
                  if e.type in TOURNAMENT_WEBHOOK_EVENTS]
        if not wanted:
            return
        for webhook in await self.webhooks.list(stored.organizer):
            for event_id, event, name in wanted:
                if name in webhook.events:
                    delivery = hashlib.sha256(f"{webhook.id}:{stored.id}:{event_id}".encode()).hexdigest()[:24]
                    body = TournamentNotification(delivery_id=delivery, event=name, tournament_id=stored.id,
                                                  event_id=event_id, at=event.at, data=event)
                    self._queue(stored.organizer, webhook, body, f"tournament {stored.id}")

    def _queue(self, account_id: str, webhook: Webhook, notification: Notification | TournamentNotification,
               about: str = "") -> None:
        about = about or f"match {getattr(notification, 'match_id', '')}"
        self.queue.enqueue("workers.jobs.deliver_webhook", account_id, webhook.id, msgspec.json.encode(notification),
                           job_id=f"webhook-{notification.delivery_id}", retry=retry_policy(self.retry_base_s),
                           job_timeout=self.job_timeout_s, result_ttl=600, failure_ttl=7 * 24 * 3600,
                           description=f"{notification.event} of {about} to {webhook.url}")


def _notification(webhook: Webhook, event: EventName, state: MatchState) -> Notification:
    delivery = hashlib.sha256(f"{webhook.id}:{state.match_id}:{event}".encode()).hexdigest()[:24]
    at = (state.finished_at if event == "match_ended" else state.started_at) or state.created_at
    return Notification(delivery_id=delivery, event=event, match_id=state.match_id, game=state.game_name, at=at,
                        seats=dict(state.seats), result=state.result if event == "match_ended" else None)
