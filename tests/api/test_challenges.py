"""Challenges over HTTP: naming another player invites it; it accepts or declines; nothing else of
the match reaches it before it accepts (but the turn to accept); the creator cancels; organizers seat players directly."""

from __future__ import annotations

import json
import time

from tests.api.helpers import ADMIN, read_sse
from tests.conftest import new_account


def challenge(http, by, to, **extra):
    (by_id, by_h), (to_id, _) = by, to
    r = http.post("/matches", json={"game": "trax", "seats": {"white": by_id, "red": to_id}, **extra}, headers=by_h)
    assert r.status_code == 201, r.text
    return r.json()


def test_a_challenge_reaches_the_invited_player_as_an_invitation_only(http, live_server):
    alice, bob = new_account(http, "ch"), new_account(http, "ch")
    match = challenge(http, alice, bob)
    assert match["invited"] == ["red"] and match["created_by"] == alice[0] and match["expires_at"]
    bob_h = bob[1]
    assert [t["action"] for t in http.get("/accounts/me/turns", headers=bob_h).json()] == ["accept"]
    assert http.get("/accounts/me/matches", headers=bob_h).json() == []
    received = http.get("/accounts/me/challenges", headers=bob_h).json()["received"]
    assert [(c["match_id"], c["seat"], c["challenger"], c["invited"]) for c in received] == [
        (match["id"], "red", alice[0], bob[0])]
    sent = http.get("/accounts/me/challenges", headers=alice[1]).json()["sent"]
    assert [c["match_id"] for c in sent] == [match["id"]]
    feed = read_sse(live_server.url + "/accounts/me/stream", {**bob_h, "Last-Event-ID": "0-0"},
                    stop=lambda ms: len(ms) >= 2)
    assert [m["event"] for m in feed] == ["challenge", "your_turn"]
    assert json.loads(feed[1]["data"])["action"] == "accept"

    assert http.post(f"/matches/{match['id']}/accept", headers=bob_h).status_code == 200
    assert http.get("/accounts/me/challenges", headers=bob_h).json() == {"received": [], "sent": []}
    assert [t["action"] for t in http.get("/accounts/me/turns", headers=bob_h).json()] == ["ready"]
    assert [m["id"] for m in http.get("/accounts/me/matches", headers=bob_h).json()] == [match["id"]]


def test_declining_ends_the_match_and_cancelling_is_for_the_creator(http):
    alice, bob = new_account(http, "ch"), new_account(http, "ch")
    declined = challenge(http, alice, bob)
    r = http.post(f"/matches/{declined['id']}/decline", headers=bob[1])
    assert r.status_code == 200
    assert http.get(f"/matches/{declined['id']}").json()["result"]["reason"] == "declined"

    cancelled = challenge(http, alice, bob)
    r = http.post(f"/matches/{cancelled['id']}/cancel", headers=bob[1])
    assert r.status_code == 403 and r.json()["code"] == "creator_only"
    assert http.post(f"/matches/{cancelled['id']}/cancel", headers=alice[1]).status_code == 200
    view = http.get(f"/matches/{cancelled['id']}").json()
    assert view["status"] == "aborted" and view["result"]["reason"] == "cancelled"
    assert http.get("/accounts/me/challenges", headers=alice[1]).json()["sent"] == []


def test_organizers_seat_players_without_a_challenge(http):
    (a, _), (b, b_h) = new_account(http, "ch"), new_account(http, "ch")
    r = http.post("/matches", json={"game": "trax", "seats": {"white": a, "red": b}}, headers=ADMIN)
    assert r.status_code == 201 and r.json()["invited"] == []
    assert [t["action"] for t in http.get("/accounts/me/turns", headers=b_h).json()] == ["ready"]


def test_a_player_has_a_bounded_number_of_unstarted_matches_and_invitations(http, settings):
    creator = new_account(http, "ch")
    created = [challenge(http, creator, new_account(http, "ch")) for _ in range(settings.max_unstarted_matches)]
    r = http.post("/matches", json={"game": "trax", "seats": {"white": creator[0], "red": new_account(http, "ch")[0]}},
                  headers=creator[1])
    assert r.status_code == 409 and r.json()["code"] == "too_many_unstarted_matches"
    assert http.post(f"/matches/{created[0]['id']}/cancel", headers=creator[1]).status_code == 200
    challenge(http, creator, new_account(http, "ch"))  # a place came free

    victim = new_account(http, "ch")
    per_sender = settings.max_invitations_per_sender
    senders = [new_account(http, "ch") for _ in range(-(-settings.max_invitations // per_sender))]
    for n in range(settings.max_invitations):  # (one sender holds at most MAX_INVITATIONS_PER_SENDER of them)
        challenge(http, senders[n // per_sender], victim)
    other = new_account(http, "ch")
    r = http.post("/matches", json={"game": "trax", "seats": {"white": other[0], "red": victim[0]}},
                  headers=other[1])
    assert r.status_code == 409 and r.json()["code"] == "too_many_invitations"
    assert len(http.get("/accounts/me/challenges", headers=victim[1]).json()["received"]) == settings.max_invitations


def test_one_sender_holds_at_most_its_share_of_an_accounts_invitations(http, settings):
    sender, victim = new_account(http, "ch"), new_account(http, "ch")
    for _ in range(settings.max_invitations_per_sender):
        challenge(http, sender, victim)
    r = http.post("/matches", json={"game": "trax", "seats": {"white": sender[0], "red": victim[0]}},
                  headers=sender[1])
    assert r.status_code == 409 and r.json()["code"] == "too_many_invitations_from_you"
    challenge(http, new_account(http, "ch"), victim)  # another sender still reaches it


def test_a_player_may_not_set_an_option_kept_secret_from_players(http):
    (a, a_h), (b, _) = new_account(http, "ch"), new_account(http, "ch")
    body = {"game": "monunrail", "seats": {"first": a, "second": b}, "options": {"supply": {"straight": 1}}}
    r = http.post("/matches", json=body, headers=a_h)
    assert r.status_code == 403 and r.json()["code"] == "secret_option_organizer_only"


def test_a_builtin_bot_accepts_a_challenge_by_itself(http, worker):
    alice = new_account(http, "ch")
    r = http.post("/matches", json={"game": "trax", "seats": {"white": alice[0], "red": "bot_random_3"}},
                  headers=alice[1])
    assert r.status_code == 201 and r.json()["invited"] == ["red"]
    url = f"/matches/{r.json()['id']}"
    give_up = time.monotonic() + 90  # (a busy machine's bot worker)
    while http.get(url).json()["seats"]["red"]["ready"] is False and time.monotonic() < give_up:
        time.sleep(0.1)
    assert http.get(url).json()["invited"] == []
    assert http.post(f"{url}/ready", headers=alice[1]).status_code == 200
    assert http.get(url).json()["status"] == "running"


def test_the_expiry_timer_of_a_match_goes_when_the_match_starts(http, redis_client):
    from rq import Queue

    from service.jobs.queues import TIMERS

    alice, bob = new_account(http, "ch"), new_account(http, "ch")
    match = challenge(http, alice, bob)
    registry = Queue(TIMERS, connection=redis_client).scheduled_job_registry
    armed = [j for j in registry.get_job_ids() if match["id"] in j and "expire" in j]
    assert len(armed) == 1  # a day ahead
    for headers in (alice[1], bob[1]):
        assert http.post(f"/matches/{match['id']}/ready", headers=headers).status_code == 200
    assert [j for j in registry.get_job_ids() if match["id"] in j and "expire" in j] == []
