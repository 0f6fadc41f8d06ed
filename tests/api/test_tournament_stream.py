"""A tournament's stream over HTTP: the state, then each event once, resumed by Last-Event-ID, woken
live; each event appended once however many processes drive the tournament; and the organizer's
webhooks queued for round starts, pairings, results and the end."""

from __future__ import annotations

import asyncio
import json
import threading

import msgspec
from rq import Queue

from service.jobs.queues import WEBHOOKS
from service.matches.visibility import Actor
from service.tournaments.event_stream import events_key
from service.tournaments.events import TournamentEvent
from service.tournaments.tournaments import Tournaments
from service.webhooks.delivery import deliver
from service.webhooks.targets import Destinations
from service.webhooks.webhooks import TournamentNotification, Webhook
from service.wiring import connect
from tests.api.test_webhooks import Receiver, verified
from tests.api.tournament_driving import Person, consent, api, lines_of, messages, play  # noqa: F401 (api: a fixture)

ADMIN = Actor(account="a_admin", organizer=True, admin=True)
TOURNAMENT_HOOKS = ["tournament_round_started", "tournament_pairings", "tournament_result", "tournament_ended"]


def two_player_cup(api, org: Person, a: Person, b: Person) -> dict:  # noqa: F811
    consent(api, org, a, b)
    body = {"name": "duel", "format": "round_robin", "game": "trax", "players": [a.id, b.id]}
    r = api.post("/tournaments", json=body, headers=org.headers)
    assert r.status_code == 201, r.text
    return r.json()


def test_the_stream_sends_the_state_then_each_event_once_and_resumes_after_last_event_id(api, admin_headers):  # noqa: F811
    org, a, b = Person(api, admin_headers, organizer=True), Person(api), Person(api)
    view = two_player_cup(api, org, a, b)
    url = f"/tournaments/{view['id']}/stream"
    with api.stream("GET", url) as opened:
        assert opened.headers["content-type"].startswith("text/event-stream")
        state = messages(opened, until="state")[0]
    assert state["event"] == "state" and state["id"] == "2"  # created (1), round 1's matches created (2)
    assert json.loads(state["data"])["rounds"][0]["games"][0]["match_id"] == view["rounds"][0]["games"][0]["match_id"]

    live: list[dict] = []

    def listen() -> None:
        with api.stream("GET", url, headers={"Last-Event-ID": state["id"]}) as resumed:
            live.extend(messages(resumed))

    listener = threading.Thread(target=listen)
    listener.start()
    game = view["rounds"][0]["games"][0]
    winner, loser = (a, b) if game["players"][0] == a.id else (b, a)
    play(api, game["match_id"], winner, loser)
    listener.join(timeout=20)
    assert [(m["event"], m["id"]) for m in live] == [("result", "3-0"), ("tournament_ended", "3-1")]
    assert json.loads(live[0]["data"])["winner"] == winner.id and json.loads(live[1]["data"])["winner"] == winner.id

    with api.stream("GET", url, headers={"Last-Event-ID": "0"}) as everything:
        assert [(m["event"], m["id"]) for m in messages(everything)] == [
            ("tournament_started", "1-0"), ("pairings", "1-1"), ("round_started", "2-0"), ("result", "3-0"),
            ("tournament_ended", "3-1")]
    with api.stream("GET", url, headers={"Last-Event-ID": "3-0"}) as rest:
        assert [m["event"] for m in messages(rest)] == ["tournament_ended"]
    with api.stream("GET", url) as finished:  # a finished tournament: its state, and the stream ends
        assert [m["event"] for m in messages(finished)] == ["state"]
    for bad in ("x", "1-2-3", str(2**60)):
        r = api.get(url, headers={"Last-Event-ID": bad})
        assert r.status_code == 400 and r.json()["code"] == "bad_last_event_id", bad
    missing = api.get("/tournaments/t000000000000/stream")
    assert missing.status_code == 404 and missing.json()["code"] == "tournament_not_found"


def test_sign_up_pause_and_organizer_acts_are_streamed_and_keep_alives_fill_the_silence(api, admin_headers):  # noqa: F811
    org, a, b = Person(api, admin_headers, organizer=True), Person(api), Person(api)
    body = {"name": "open", "format": "round_robin", "game": "trax", "registration": True}
    tid = api.post("/tournaments", json=body, headers=org.headers).json()["id"]
    for who in (a, b):
        api.post(f"/tournaments/{tid}/players/me", headers=who.headers)
    api.post(f"/tournaments/{tid}/start", headers=org.headers)
    api.post(f"/tournaments/{tid}/pause", headers=org.headers)
    with api.stream("GET", f"/tournaments/{tid}/stream", headers={"Last-Event-ID": "0"}) as opened:
        got = messages(opened, until="paused")
        assert [m["event"] for m in got] == ["player_joined", "player_joined", "tournament_started", "pairings",
                                             "round_started", "paused"]
        assert [json.loads(m["data"])["player"] for m in got[:2]] == [a.id, b.id]
        comment = next(line for line in lines_of(opened) if line)  # nothing more happens: a keep-alive
        assert comment == ": keep-alive"


def test_many_drivers_at_once_append_each_event_once(api, admin_headers, settings, redis_client):  # noqa: F811
    org, a, b = Person(api, admin_headers, organizer=True), Person(api), Person(api)
    view = two_player_cup(api, org, a, b)
    match_id = view["rounds"][0]["games"][0]["match_id"]

    async def end_unnoticed_then_drive_at_once():
        services = connect(settings)
        services.matches.listeners.remove(services.tournaments)  # the match ends unnoticed...
        try:
            await services.matches.execute(match_id, b'{"type": "abort"}', ADMIN)
            drivers = [Tournaments(services.redis, services.matches, settings) for _ in range(6)]
            await asyncio.gather(*(d.refresh(view["id"]) for d in drivers))  # ...then six drivers at once
            await asyncio.gather(*(d.close() for d in drivers))
        finally:
            await services.close()

    asyncio.run(end_unnoticed_then_drive_at_once())
    kinds = [json.loads(fields[b"e"])["type"] for _, fields in redis_client.xrange(events_key(view["id"]))]
    assert kinds == ["tournament_started", "pairings", "round_started", "result", "tournament_ended"]


def test_the_organizers_webhooks_are_queued_for_each_tournament_event(api, admin_headers, redis_client):  # noqa: F811
    org, a, b = Person(api, admin_headers, organizer=True), Person(api), Person(api)
    hook = api.post("/webhooks", json={"url": "http://127.0.0.1:9999/hook", "events": TOURNAMENT_HOOKS},
                    headers=org.headers)
    assert hook.status_code == 201, hook.text
    view = two_player_cup(api, org, a, b)
    game = view["rounds"][0]["games"][0]
    winner, loser = (a, b) if game["players"][0] == a.id else (b, a)
    play(api, game["match_id"], winner, loser)
    queue = Queue(WEBHOOKS, connection=redis_client)
    bodies = []
    for job in queue.get_jobs():
        body = msgspec.json.decode(job.args[2])
        if body.get("tournament_id") == view["id"]:
            assert job.args[:2] == (org.id, hook.json()["id"])
            bodies.append(body)
    assert sorted(b["event"] for b in bodies) == sorted(TOURNAMENT_HOOKS)
    by_event = {b["event"]: b for b in bodies}
    assert by_event["tournament_pairings"]["data"]["games"][0]["match_id"] == game["match_id"]
    assert by_event["tournament_result"]["data"]["winner"] == winner.id
    assert by_event["tournament_ended"]["data"]["winner"] == winner.id and by_event["tournament_ended"]["event_id"] == "3-1"
    assert len({b["delivery_id"] for b in bodies}) == 4


def test_a_resume_point_older_than_the_events_kept_starts_with_the_state(api, admin_headers):  # noqa: F811
    org, a = Person(api, admin_headers, organizer=True), Person(api)
    body = {"name": "churn", "format": "round_robin", "game": "trax", "registration": True}
    tid = api.post("/tournaments", json=body, headers=org.headers).json()["id"]
    for _ in range(12):  # 24 events, 2-0 (joined) to 25-0 (left); the last 20 are kept, from 6-0 on
        api.post(f"/tournaments/{tid}/players/me", headers=a.headers)
        api.delete(f"/tournaments/{tid}/players/me", headers=a.headers)
    with api.stream("GET", f"/tournaments/{tid}/stream", headers={"Last-Event-ID": "6-0"}) as kept:
        first = messages(kept, most=1)[0]
        assert (first["event"], first["id"]) == ("player_left", "7-0")
    with api.stream("GET", f"/tournaments/{tid}/stream", headers={"Last-Event-ID": "4-0"}) as lost:
        first = messages(lost, most=1)[0]  # 5-0 is gone
        assert (first["event"], first["id"]) == ("state", "25")


def test_an_account_holds_at_most_max_streams_open(api, admin_headers):  # noqa: F811
    org, a, b, viewer = Person(api, admin_headers, organizer=True), Person(api), Person(api), Person(api)
    url = f"/tournaments/{two_player_cup(api, org, a, b)['id']}/stream"
    with api.stream("GET", url, headers=viewer.headers) as first, api.stream("GET", url, headers=viewer.headers) as second:
        assert first.status_code == second.status_code == 200
        third = api.get(url, headers=viewer.headers)
        assert third.status_code == 429 and third.json()["code"] == "too_many_streams"


def test_a_tournament_delivery_is_posted_signed_like_a_match_one():
    receiver = Receiver()
    webhook = Webhook(id="wh_t", url=receiver.url, events=["tournament_result"], secret="whsec_t", created_at=1)
    event = TournamentEvent(type="result", at=5, round=1, table=1, match_id="t1-r1-t1", winner="a_1")
    body = msgspec.json.encode(TournamentNotification(delivery_id="d1", event="tournament_result", tournament_id="t1",
                                                      event_id="3-0", at=5, data=event))
    assert asyncio.run(deliver(webhook, body, Destinations(True, 3), timeout_s=5, now=7)) == 204
    headers, received = receiver.received[0]
    assert received == body and verified("whsec_t", headers, received)["data"]["winner"] == "a_1"
    assert (headers["X-Webhook-Event"], headers["X-Webhook-Delivery"]) == ("tournament_result", "d1")
