"""The embedded Redis: reached through a Unix socket in its data folder (no TCP port), or over
loopback TCP when the socket's path would be too long; a password either way, kept across restarts."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest
import redis

from service.redis.embedded import SOCKET_PATH_MAX, EmbeddedRedis, redacted, unredacted


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_it_listens_on_a_socket_only_its_owner_may_use_and_asks_for_a_password(tmp_path):
    server = EmbeddedRedis(tmp_path)
    try:
        url = server.start()
        socket_path = tmp_path.resolve() / "redis" / "redis.sock"
        password = (tmp_path / "redis-password").read_text().strip()
        assert url == f"unix://:{password}@{socket_path}?db=0" and len(password) == 64
        assert stat.S_ISSOCK(socket_path.stat().st_mode) and mode(socket_path) == 0o700
        assert mode(tmp_path / "redis") == 0o700 and mode(tmp_path / "redis-password") == 0o600
        with redis.Redis.from_url(url) as client:
            client.set("embedded:probe", "socket")
            assert client.config_get("port") == {"port": "0"}  # no TCP
            assert client.config_get("appendfsync") == {"appendfsync": "everysec"}
        with redis.Redis(unix_socket_path=str(socket_path)) as without_password:
            with pytest.raises(redis.AuthenticationError):
                without_password.get("embedded:probe")
    finally:
        server.stop()


def test_the_password_is_made_once_and_kept_across_restarts(tmp_path):
    first = EmbeddedRedis(tmp_path, fsync="always")
    url = first.start()
    try:
        redis.Redis.from_url(url).set("embedded:kept", "yes")
    finally:
        first.stop()
    second = EmbeddedRedis(tmp_path)
    try:
        assert second.start() == url
        with redis.Redis.from_url(url) as client:
            assert client.get("embedded:kept") == b"yes"
    finally:
        second.stop()


def test_a_data_folder_too_deep_for_a_socket_falls_back_to_the_port_with_the_password(tmp_path):
    deep = tmp_path / ("d" * max(1, SOCKET_PATH_MAX - len(str(tmp_path.resolve()))))
    server = EmbeddedRedis(deep, fsync="always")
    try:
        url = server.start()
        password = (deep / "redis-password").read_text().strip()
        assert url == f"redis://:{password}@127.0.0.1:{server.port}/0" and server.socket_path is None
        with redis.Redis.from_url(url) as client:
            assert client.config_get("appendfsync") == {"appendfsync": "always"}
        with redis.Redis(port=server.port) as without_password:
            with pytest.raises(redis.AuthenticationError):
                without_password.set("embedded:intruder", "yes")
        assert unredacted(redacted(url), deep) == url and password not in redacted(url)
    finally:
        server.stop()


def test_an_unknown_fsync_policy_is_refused(tmp_path):
    with pytest.raises(ValueError, match="fsync"):
        EmbeddedRedis(tmp_path, fsync="no")
