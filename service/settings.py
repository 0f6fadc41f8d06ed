"""Settings read from the environment, once.

- ``REDIS_URL``: the event store. Unset → the server starts an embedded persistent Redis.
- ``QUEUE_REDIS_URL``: Redis for RQ queues (defaults to ``REDIS_URL``; must not be a cluster).
- ``DATA_DIR``: where the embedded Redis keeps its files (default ``./var``).
- ``ADMIN_TOKEN``: bootstraps the ``admin`` organizer account with this bearer token.
"""

from __future__ import annotations

import os

import msgspec


class Settings(msgspec.Struct, frozen=True):
    redis_url: str | None = None
    queue_redis_url: str | None = None
    data_dir: str = "var"
    admin_token: str | None = None

    @property
    def queue_url(self) -> str | None:
        return self.queue_redis_url or self.redis_url


def from_environment() -> Settings:
    return Settings(
        redis_url=os.environ.get("REDIS_URL") or None,
        queue_redis_url=os.environ.get("QUEUE_REDIS_URL") or None,
        data_dir=os.environ.get("DATA_DIR") or "var",
        admin_token=os.environ.get("ADMIN_TOKEN") or None,
    )
