"""Settings read from the environment, once.

- ``REDIS_URL``: the event store. Unset → the server starts an embedded persistent Redis.
- ``QUEUE_REDIS_URL``: Redis for RQ queues (defaults to ``REDIS_URL``; must not be a cluster).
- ``DATA_DIR``: where the embedded Redis keeps its files (default ``./var``).
- ``ADMIN_TOKEN``: bootstraps the ``admin`` organizer account with this bearer token.
- ``RATE_LIMIT``: requests per window a bearer token may make (default 6000; 0: no limit).
- ``RATE_LIMIT_WINDOW_S``: the window, in seconds (default 60).
- ``RATE_LIMIT_ANONYMOUS``: requests per window without a token, per client address (default 0: no limit).
- ``WEBHOOK_RETRY_BASE_S``: the first webhook retry's delay; each next one waits 4 times longer (default 10).
- ``WEBHOOK_TIMEOUT_S``: how long one delivery attempt may take, connect to answer (default 5).
- ``WEBHOOK_RESOLVE_TIMEOUT_S``: how long resolving a webhook's host may take (default 3).
- ``WEBHOOK_ALLOW_PRIVATE``: ``1`` lets webhooks aim at loopback, private, link-local and other
  non-public addresses (default 0: refused; tests and a receiver on the server's own network set it).
"""

from __future__ import annotations

import os

import msgspec


class Settings(msgspec.Struct, frozen=True):
    redis_url: str | None = None
    queue_redis_url: str | None = None
    data_dir: str = "var"
    admin_token: str | None = None
    rate_limit: int = 6000
    rate_limit_window_s: int = 60
    rate_limit_anonymous: int = 0
    webhook_retry_base_s: int = 10
    webhook_timeout_s: int = 5
    webhook_resolve_timeout_s: int = 3
    webhook_allow_private: bool = False

    @property
    def queue_url(self) -> str | None:
        return self.queue_redis_url or self.redis_url


def _number(name: str, default: int) -> int:
    value = os.environ.get(name)
    return int(value) if value else default


def _flag(name: str) -> bool:
    return os.environ.get(name, "").strip().lower() in ("1", "true", "yes", "on")


def from_environment() -> Settings:
    return Settings(
        redis_url=os.environ.get("REDIS_URL") or None,
        queue_redis_url=os.environ.get("QUEUE_REDIS_URL") or None,
        data_dir=os.environ.get("DATA_DIR") or "var",
        admin_token=os.environ.get("ADMIN_TOKEN") or None,
        rate_limit=_number("RATE_LIMIT", 6000),
        rate_limit_window_s=_number("RATE_LIMIT_WINDOW_S", 60),
        rate_limit_anonymous=_number("RATE_LIMIT_ANONYMOUS", 0),
        webhook_retry_base_s=_number("WEBHOOK_RETRY_BASE_S", 10),
        webhook_timeout_s=_number("WEBHOOK_TIMEOUT_S", 5),
        webhook_resolve_timeout_s=_number("WEBHOOK_RESOLVE_TIMEOUT_S", 3),
        webhook_allow_private=_flag("WEBHOOK_ALLOW_PRIVATE"),
    )
