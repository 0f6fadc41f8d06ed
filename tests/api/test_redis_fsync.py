"""``REDIS_FSYNC`` reaches the embedded Redis that ``serve`` starts (``appendfsync``)."""

from __future__ import annotations

import pytest
import redis

from tests.conftest import ServedServer


def appendfsync(server: ServedServer) -> str:
    with redis.Redis.from_url(server.redis_url()) as client:
        return client.config_get("appendfsync")["appendfsync"]


def test_the_embedded_redis_syncs_every_second_by_default(served):
    assert appendfsync(served) == "everysec"
    assert "appendfsync everysec" in served.output()


def test_redis_fsync_always_makes_it_sync_before_every_reply(tmp_path):
    server = ServedServer(tmp_path, env={"REDIS_FSYNC": "always"}).start()
    try:
        assert appendfsync(server) == "always"
    finally:
        server.stop()


def test_an_unknown_policy_stops_serve_with_a_clear_message(tmp_path):
    with pytest.raises(RuntimeError, match="REDIS_FSYNC must be one of everysec, always, not 'sometimes'"):
        ServedServer(tmp_path, env={"REDIS_FSYNC": "sometimes"}).start()
