"""Helpers of the tournament tests: a server with small tournament limits, organizers and players the
test creates, games the test plays to their end (ready, ready, resign), an SSE reader."""

from __future__ import annotations

import secrets
from collections.abc import Iterator

import httpx
import msgspec
import pytest

from tests.conftest import LiveServer

LIMITS = dict(tournament_max_players=6, tournament_max_rounds=5, tournament_max_span_days=1,
              tournament_open_registrations=2, tournament_events_kept=20, sse_keepalive_s=0.2,
              webhook_allow_private=True, max_streams=2)


@pytest.fixture(scope="module")
def api(settings) -> Iterator[httpx.Client]:
    """A server with small tournament limits (:data:`LIMITS`: 20 events kept, 2 streams an account),
    quick keep-alives, and webhooks that may aim at 127.0.0.1 (never delivered: no worker runs in
    these tests)."""
    server = LiveServer(msgspec.structs.replace(settings, **LIMITS)).start()
    with httpx.Client(base_url=server.url, timeout=30) as client:
        yield client
    server.stop()


class Person:
    def __init__(self, api: httpx.Client, admin_headers: dict | None = None, organizer: bool = False):
        body = {"name": f"{'org' if organizer else 'pl'}{secrets.token_hex(4)}", "organizer": organizer}
        r = api.post("/accounts", json=body, headers=admin_headers if organizer else None)
        assert r.status_code == 201, r.text
        self.id, self.name = r.json()["id"], body["name"]
        self.headers = {"Authorization": f"Bearer {r.json()['token']}"}


def game_of(view: dict, round: int, player: str) -> dict:
    return next(g for g in view["rounds"][round - 1]["games"] if player in g["players"])


def play(api: httpx.Client, match_id: str, winner: Person, loser: Person) -> None:
    """Both ready, then the loser resigns."""
    for who in (winner, loser):
        r = api.post(f"/matches/{match_id}/ready", headers=who.headers)
        assert r.status_code == 200, r.text
    r = api.post(f"/matches/{match_id}/resign", headers=loser.headers)
    assert r.status_code == 200, r.text


def messages(response: httpx.Response, until: str = "tournament_ended", most: int = 50,
             silence: int = 50) -> list[dict]:
    """The SSE messages of an open stream, up to the first of type ``until``, the ``most``-th, the
    end of the stream, or ``silence`` keep-alive comments in a row (10 s at the test server's 0.2 s)."""
    found, message, quiet = [], {}, 0
    for line in lines_of(response):
        if line.startswith(":"):
            quiet += 1
            if quiet >= silence:
                return found
            continue
        quiet = 0
        if not line:
            if message:
                found.append(message)
                if message.get("event") == until or len(found) >= most:
                    return found
            message = {}
            continue
        field, _, value = line.partition(": ")
        message[field] = value
    return found


def lines_of(response: httpx.Response):
    """The lines of an open stream, read once however many readers take turns at them."""
    if not hasattr(response, "sse_lines"):
        response.sse_lines = response.iter_lines()  # type: ignore[attr-defined]
    return response.sse_lines  # type: ignore[attr-defined]


def consent(api: httpx.Client, organizer: Person, *players: Person) -> None:
    """Each player lets ``organizer`` seat it in rated matches (its tournaments' player lists)."""
    for player in players:
        r = api.put(f"/accounts/me/consents/{organizer.id}", headers=player.headers)
        assert r.status_code == 200, r.text
