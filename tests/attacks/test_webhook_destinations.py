"""Attack: an organizer aims webhook deliveries at the server's own network — its Redis, its API,
a cloud metadata endpoint — spelling loopback every way there is, or with a URL that pointed
elsewhere when it was registered (DNS rebinding). Each is refused, and nothing is posted."""

from __future__ import annotations

import hashlib
import json
import time

import httpx
import redis
from rq.job import Job

from service.webhooks.webhooks import webhooks_key
from tests.attacks.webhook_helpers import Receiver, new_organizer, redis_url_of

LOOPBACK = ["http://127.0.0.1/", "http://127.1/", "http://0x7f000001/", "http://2130706433/", "http://0x7f.1/",
            "http://localhost/", "http://LocalHost:8080/", "http://localhost:6379/",
            "http://[::1]/", "http://[::ffff:127.0.0.1]/", "http://[::ffff:7f00:1]/", "http://[0:0:0:0:0:ffff:7f00:1]/",
            "http://[::127.0.0.1]/", "http://[2002:7f00:1::]/", "http://[64:ff9b::7f00:1]/", "https://127.0.0.1:443/"]
UNSPECIFIED = ["http://0/", "http://0.0.0.0/", "http://[::]/", "http://0.0.0.0:8000/"]
PRIVATE = ["http://10.0.0.1/", "http://172.16.0.1/", "http://192.168.1.1/", "http://100.64.0.1/",
           "http://169.254.169.254/latest/meta-data/", "http://[fd00::1]/", "http://[fe80::1]/",
           "http://[::ffff:169.254.169.254]/", "http://224.0.0.1/", "http://[ff02::1]/", "http://240.0.0.1/",
           "http://255.255.255.255/", "http://192.0.2.1/"]


def test_every_spelling_of_a_non_public_address_is_refused(served):
    own = [f"http://127.0.0.1:{served.port}/accounts", f"http://[::ffff:127.0.0.1]:{served.port}/accounts"]
    with httpx.Client(base_url=served.url, timeout=30) as http:
        _, organizer = new_organizer(http, served)
        for url in LOOPBACK + UNSPECIFIED + PRIVATE + own:
            r = http.post("/webhooks", json={"url": url}, headers=organizer)
            assert r.status_code == 422 and r.json()["code"] == "webhook_destination_refused", (url, r.text)
            assert r.headers["content-type"] == "application/problem+json" and "public" in r.json()["detail"]
        for url in ("http://example.org@127.0.0.1/", "http://127.0.0.1\\@example.org/", "http://[::1%25lo]/",
                    "http://0177.0.0.1/"):  # (httpx, which posts, reads no octal quads)
            r = http.post("/webhooks", json={"url": url}, headers=organizer)
            assert r.status_code == 422 and r.json()["code"] == "bad_webhook_url", (url, r.text)
        r = http.post("/webhooks", json={"url": "http://8.8.8.8:25/"}, headers=organizer)  # SMTP, not HTTP
        assert r.status_code == 422 and r.json()["code"] == "webhook_destination_refused", r.text
        assert http.get("/webhooks", headers=organizer).json() == []  # nothing was registered

        public = http.post("/webhooks", json={"url": "https://93.184.215.14:8443/hook"}, headers=organizer)
        assert public.status_code == 201, public.text
        assert http.delete(f"/webhooks/{public.json()['id']}", headers=organizer).status_code == 204


def delivery_job(connection: redis.Redis, webhook_id: str, match_id: str, event: str) -> Job:
    delivery = hashlib.sha256(f"{webhook_id}:{match_id}:{event}".encode()).hexdigest()[:24]
    return Job.fetch(f"webhook-{delivery}", connection=connection)


def test_a_destination_that_turned_private_after_registration_is_not_called(served):
    """The stored URL now leads to 127.0.0.1 — as a rebound DNS name would, or a URL registered
    before the check existed. The worker checks again, posts nothing, fails the delivery once."""
    receiver = Receiver()
    connection = redis.Redis.from_url(redis_url_of(served))
    with httpx.Client(base_url=served.url, timeout=30) as http:
        organizer_id, organizer = new_organizer(http, served)
        webhook = {"id": "wh_rebound", "url": receiver.url, "events": ["match_started"], "secret": "whsec_x",
                   "created_at": int(time.time() * 1000)}
        connection.hset(webhooks_key(organizer_id), webhook["id"], json.dumps(webhook))
        seats = {"white": served.tokens["ALICE_ID"], "red": served.tokens["BOB_ID"]}
        created = http.post("/matches", json={"game": "trax", "seats": seats, "rated": False},  # (no consent needed)
                            headers=organizer)
        assert created.status_code == 201, created.text
        match_id = created.json()["id"]
        for who in ("alice", "bob"):
            assert http.post(f"/matches/{match_id}/ready", headers=served.headers(who)).status_code == 200

    give_up, job = time.monotonic() + 120, None  # (a busy machine's worker may take a minute)
    while time.monotonic() < give_up:
        try:
            job = delivery_job(connection, webhook["id"], match_id, "match_started")
            if job.get_status() not in ("queued", "started"):
                break
        except Exception:  # not queued yet
            pass
        time.sleep(0.1)
    assert job is not None, "the delivery was never queued"
    assert receiver.requests == [] and receiver.connections == 0
    # failed for good, not rescheduled: with retries left RQ sets "scheduled" or "queued", never
    # "failed" (the worker's ``retries_left = 0`` is in the job RQ holds; RQ 2.12 does not save it)
    assert job.get_status() == "failed" and job.id in job.failed_job_registry
    assert len(job.results()) == 1  # one attempt
    assert "public addresses only" in job.latest_result().exc_string
    connection.delete(webhooks_key(organizer_id))
    receiver.close()

