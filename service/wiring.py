"""Builds the parts of the service from settings: Redis clients, the event store, accounts, read
models, the match service and the queues. Used by the API, the workers and the CLI alike."""

from __future__ import annotations

import msgspec
import redis
import redis.asyncio as aioredis
from redis.asyncio.cluster import RedisCluster
from rq import Queue

from service.accounts.accounts import Accounts
from service.accounts.consents import Consents
from service.accounts.rate_limits import RateLimiter
from service.accounts.tokens import Tokens
from service.bots.accounts import BOT_ACCOUNTS
from service.jobs.background import RQBackground
from service.jobs.queues import ANALYSIS, PRIORITY, TIMERS, WEBHOOKS
from service.jobs.readiness import WorkerReadiness
from service.jobs.timers import RQScheduler
from service.live.feeds import Feeds
from service.live.streams import Streams
from service.matches.analyses import Analyses
from service.matches.practice import PracticeSolvers
from service.matches.event_store import EventStore
from service.matches.match_service import MatchService
from service.matches.read_models import ReadModels
from service.ratings.ratings import Ratings
from service.settings import Settings
from service.tournaments.tournaments import Tournaments
from service.webhooks.targets import Destinations
from service.webhooks.webhooks import WebhookNotifier, Webhooks


class Services(msgspec.Struct):
    settings: Settings
    redis: aioredis.Redis
    queue_redis: redis.Redis
    store: EventStore
    accounts: Accounts
    read_models: ReadModels
    feeds: Feeds
    matches: MatchService
    tournaments: Tournaments
    queues: dict[str, Queue]
    """Every RQ queue by name (:mod:`service.jobs.queues`)."""
    tokens: Tokens
    webhooks: Webhooks
    rate_limiter: RateLimiter
    analyses: Analyses
    streams: Streams
    ratings: Ratings
    readiness: WorkerReadiness
    """What the workers say of the built-in bots (warming up, ready: :mod:`service.jobs.readiness`)."""
    consents: Consents
    practice: PracticeSolvers
    """A practice position's solver work, done by the workers (:mod:`service.matches.practice`)."""

    async def close(self) -> None:
        await self.accounts.close()
        await self.feeds.close()
        await self.tournaments.close()
        await self.store.close()
        await self.redis.aclose()
        if isinstance(self.matches.background, RQBackground):
            await self.matches.background.redis.aclose()
        self.queue_redis.close()


def delivery_job_timeout_s(settings: Settings) -> int:
    """RQ's backstop for one delivery attempt: resolving, posting and a margin."""
    return settings.webhook_resolve_timeout_s + settings.webhook_timeout_s + 5


QUEUES_NOT_ON_A_CLUSTER = ("REDIS_CLUSTER=1 needs QUEUE_REDIS_URL: a plain (non-cluster) Redis for the job queues, "
                           "since RQ does not support Redis Cluster")


def connect(settings: Settings) -> Services:
    """Everything wired to ``settings.redis_url`` (which must be set by now)."""
    assert settings.redis_url, "REDIS_URL must be resolved (embedded Redis started) before connecting"
    # No socket timeout: redis-py wraps every send in asyncio.wait_for then (a task per command);
    # TCP keepalive finds dead connections. The pool is bounded and blocking: a burst of requests
    # waits its turn for a connection (at most 5 s, then 503) instead of opening one each; nothing
    # holds a connection while it waits for news (long-polls, streams: pub/sub, service.live.appends).
    keepalive = {} if settings.redis_url.startswith("unix:") else {"socket_keepalive": True}  # TCP only
    client: aioredis.Redis | RedisCluster
    if settings.redis_cluster:  # a pool per master, of this size; the pipes do the moves' commands
        if not settings.queue_redis_url:
            raise ValueError(QUEUES_NOT_ON_A_CLUSTER)
        client = RedisCluster.from_url(settings.redis_url, max_connections=settings.redis_pool_size,
                                       socket_timeout=None, socket_connect_timeout=5, **keepalive)
    else:
        pool = aioredis.BlockingConnectionPool.from_url(settings.redis_url, max_connections=settings.redis_pool_size,
                                                        timeout=5, socket_timeout=None, socket_connect_timeout=5,
                                                        **keepalive)
        client = aioredis.Redis.from_pool(pool)
    queue_redis = redis.Redis.from_url(settings.queue_url or settings.redis_url)
    queue_client = aioredis.Redis.from_url(settings.queue_url or settings.redis_url)  # the same, for the event loop
    store = EventStore(client)
    read_models = ReadModels(client, store.pipe)
    queues = {name: Queue(name, connection=queue_redis) for name in PRIORITY}
    feeds = Feeds(client, store.pipe)
    webhooks = Webhooks(client, store.pipe,
                        Destinations(settings.webhook_allow_private, settings.webhook_resolve_timeout_s))
    notifier = WebhookNotifier(webhooks, queues[WEBHOOKS], settings.webhook_retry_base_s,
                               job_timeout_s=delivery_job_timeout_s(settings))
    matches = MatchService(store, read_models, RQScheduler(queues[TIMERS]), background=RQBackground(queues, settings, queue_client),
                           listeners=[feeds, notifier], expiry_ms=settings.match_expiry_s * 1000)
    tournaments = Tournaments(client, matches, settings, listeners=[notifier.tournament_changed])
    matches.listeners.append(tournaments)  # a tournament advances when its matches end
    ratings = Ratings(client)
    matches.listeners.append(ratings)  # a rated game's result updates its players' ratings
    accounts = Accounts(client, max_blocks=settings.max_blocks)
    limiter = RateLimiter(store.pipe)
    return Services(settings=settings, redis=client, queue_redis=queue_redis, store=store, accounts=accounts,
                    readiness=WorkerReadiness(queue_redis),
                    read_models=read_models, feeds=feeds, matches=matches, tournaments=tournaments,
                    queues=queues, tokens=Tokens(client, accounts),
                    webhooks=webhooks, rate_limiter=limiter,
                    analyses=Analyses(client, queues[ANALYSIS], limiter, settings),
                    streams=Streams(store.pipe, settings.max_streams, settings.max_streams_anonymous,
                                    settings.max_open_streams, settings.max_open_streams_anonymous),
                    ratings=ratings,
                    consents=Consents(client, settings.max_consents, always=BOT_ACCOUNTS),
                    practice=PracticeSolvers(client, queues[ANALYSIS], settings))
