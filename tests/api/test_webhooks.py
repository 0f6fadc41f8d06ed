"""Webhooks: an organizer's receiver (a real HTTP server on 127.0.0.1, so with
``WEBHOOK_ALLOW_PRIVATE`` on) gets signed notifications of the start and end of a match it
created, delivered by a real RQ worker, retried after a failure."""

from __future__ import annotations

import hashlib
import hmac
import http.server
import json
import secrets
import threading
import subprocess
import time
from collections.abc import Iterator

import httpx
import msgspec
import pytest

from service.webhooks.webhooks import retry_policy
from tests.conftest import LiveServer, new_account, start_worker


class Receiver:
    """An HTTP server that records each POST and answers 500 to the first ``failures`` of them."""

    def __init__(self, failures: int = 0):
        self.received: list[tuple[dict[str, str], bytes]] = []
        receiver = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 (the http.server name)
                body = self.rfile.read(int(self.headers["Content-Length"]))
                receiver.received.append((dict(self.headers), body))
                self.send_response(500 if len(receiver.received) <= failures else 204)
                self.end_headers()

            def log_message(self, *args) -> None:
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def wait_for(self, count: int, seconds: float = 30) -> list[tuple[dict[str, str], bytes]]:
        give_up = time.monotonic() + seconds
        while len(self.received) < count and time.monotonic() < give_up:
            time.sleep(0.05)
        return self.received


@pytest.fixture(scope="module")
def api(settings) -> Iterator[httpx.Client]:
    """A server that retries deliveries at once (the default waits 10 s, 40 s, ...) and lets
    webhooks aim at 127.0.0.1."""
    server = LiveServer(msgspec.structs.replace(settings, webhook_retry_base_s=0, webhook_allow_private=True)).start()
    with httpx.Client(base_url=server.url, timeout=30) as client:
        yield client
    server.stop()


@pytest.fixture()
def worker(redis_url, monkeypatch) -> Iterator[subprocess.Popen]:
    """A real RQ worker that may deliver to 127.0.0.1."""
    monkeypatch.setenv("WEBHOOK_ALLOW_PRIVATE", "1")
    process = start_worker(redis_url)
    yield process
    process.terminate()
    process.wait(timeout=20)


def new_organizer(api: httpx.Client, admin_headers: dict) -> dict[str, str]:
    r = api.post("/accounts", json={"name": f"org{secrets.token_hex(4)}", "organizer": True}, headers=admin_headers)
    assert r.status_code == 201, r.text
    return {"Authorization": f"Bearer {r.json()['token']}"}


def verified(secret: str, headers: dict[str, str], body: bytes) -> dict:
    expected = "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()
    assert hmac.compare_digest(headers["X-Signature"], expected)
    assert int(headers["X-Webhook-Timestamp"]) > 0
    return json.loads(body)


def test_a_match_the_organizer_created_is_notified_signed_and_retried(api, admin_headers, worker):
    organizer = new_organizer(api, admin_headers)
    receiver = Receiver(failures=1)
    r = api.post("/webhooks", json={"url": receiver.url, "events": ["match_started", "match_ended"]}, headers=organizer)
    assert r.status_code == 201, r.text
    hook = r.json()
    assert hook["secret"] and api.get("/webhooks", headers=organizer).json() == [
        {k: hook[k] for k in ("id", "url", "events", "created_at")}]

    (white_id, white), (red_id, red) = new_account(api, "wh"), new_account(api, "wh")
    seats = {"white": white_id, "red": red_id}
    match_id = api.post("/matches", json={"game": "trax", "seats": seats, "rated": False},  # (no consent needed)
                        headers=organizer).json()["id"]
    for who in (white, red):
        assert api.post(f"/matches/{match_id}/ready", headers=who).status_code == 200
    started = receiver.wait_for(2)  # the first attempt got a 500; the retry, the same body, a 204
    assert len(started) == 2 and started[0][1] == started[1][1]
    assert api.post(f"/matches/{match_id}/resign", headers=red).status_code == 200

    (h1, b1), _, (h3, b3) = receiver.wait_for(3)
    first, ended = verified(hook["secret"], h1, b1), verified(hook["secret"], h3, b3)
    assert first["event"] == h1["X-Webhook-Event"] == "match_started" and first["match_id"] == match_id
    assert first["game"] == "trax" and first["seats"] == seats
    assert first["result"] is None and first["delivery_id"] == h1["X-Webhook-Delivery"]
    assert ended["event"] == "match_ended" and ended["result"]["winner"] == "white"
    assert ended["result"]["reason"] == "resign" and ended["at"] >= first["at"]
    assert ended["delivery_id"] != first["delivery_id"]

    assert api.delete(f"/webhooks/{hook['id']}", headers=organizer).status_code == 204
    assert api.get("/webhooks", headers=organizer).json() == []


def test_only_organizers_register_http_urls(api, admin_headers):
    _, player = new_account(api, "wh")
    r = api.post("/webhooks", json={"url": "https://example.com/hook"}, headers=player)
    assert r.status_code == 403 and r.json()["code"] == "organizer_only"
    organizer = new_organizer(api, admin_headers)
    for url in ("ftp://example.com/x", "javascript:alert(1)", "http://", "example.com/x", "https://exa mple.com/"):
        r = api.post("/webhooks", json={"url": url}, headers=organizer)
        assert r.status_code == 422 and r.json()["code"] == "bad_webhook_url", url
        assert r.headers["content-type"] == "application/problem+json"
    r = api.post("/webhooks", json={"url": "https://example.com/hook", "events": ["match_paused"]}, headers=organizer)
    assert r.status_code == 400
    missing = api.delete("/webhooks/wh_nothing", headers=organizer)
    assert missing.status_code == 404 and missing.json()["code"] == "webhook_not_found"


def test_retries_back_off_exponentially_by_default():
    policy = retry_policy(10)
    assert policy.max == 5 and policy.intervals == [10, 40, 160, 640, 2560]
