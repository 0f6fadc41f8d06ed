"""Settings read from the environment, once.

- ``REDIS_URL``: the event store. Unset → the server starts an embedded persistent Redis.
- ``QUEUE_REDIS_URL``: Redis for RQ queues (defaults to ``REDIS_URL``; must not be a cluster).
- ``DATA_DIR``: where the embedded Redis keeps its files (default ``./var``).
- ``ADMIN_TOKEN``: bootstraps the ``admin`` organizer account with this bearer token.
- ``RATE_LIMIT``: requests per window a bearer token may make (default 6000; 0: no limit).
- ``RATE_LIMIT_WINDOW_S``: the window, in seconds (default 60).
- ``RATE_LIMIT_ANONYMOUS``: requests per window without a token, per client address (default 0: no limit).
- ``WEBHOOK_RETRY_BASE_S``: the first webhook retry's delay; each next one waits 4 times longer (default 10).
- ``MAX_HEADER_BYTES``: how many bytes a request's line and header fields may take together (default
  16384); past it the answer is a 431 and the connection is closed (:mod:`service.http_protocol`).
- ``MAX_JSON_DEPTH``: how deep arrays and objects may nest in a request body (default 32; deeper is a 400).
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
    max_header_bytes: int = 16_384
    max_json_depth: int = 32

    @property
    def queue_url(self) -> str | None:
        return self.queue_redis_url or self.redis_url


def _number(name: str, default: int) -> int:
    value = os.environ.get(name)
    return int(value) if value else default


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
        max_header_bytes=_number("MAX_HEADER_BYTES", 16_384),
        max_json_depth=_number("MAX_JSON_DEPTH", 32),
    )
