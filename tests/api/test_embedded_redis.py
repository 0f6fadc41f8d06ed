"""The embedded Redis: reached through a Unix socket in its data folder, or over loopback TCP when
the socket's path would be too long."""

from __future__ import annotations

import stat

import redis

from service.embedded_redis import SOCKET_PATH_MAX, EmbeddedRedis


def test_it_listens_on_a_socket_only_its_owner_may_use_and_on_a_loopback_port(tmp_path):
    server = EmbeddedRedis(tmp_path)
    try:
        url = server.start()
        assert url == f"unix://{tmp_path.resolve() / 'redis' / 'redis.sock'}?db=0"
        mode = (tmp_path / "redis" / "redis.sock").stat().st_mode
        assert stat.S_ISSOCK(mode) and stat.S_IMODE(mode) == 0o700
        with redis.Redis.from_url(url) as by_socket, redis.Redis(port=server.port) as by_port:
            by_socket.set("embedded:probe", "socket")
            assert by_port.get("embedded:probe") == b"socket"
    finally:
        server.stop()


def test_a_data_folder_too_deep_for_a_socket_falls_back_to_the_port(tmp_path):
    deep = tmp_path / ("d" * max(1, SOCKET_PATH_MAX - len(str(tmp_path.resolve()))))
    server = EmbeddedRedis(deep)
    try:
        url = server.start()
        assert url == f"redis://127.0.0.1:{server.port}/0" and server.socket_path is None
        with redis.Redis.from_url(url) as client:
            assert client.ping()
    finally:
        server.stop()
