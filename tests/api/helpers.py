"""Helpers for API tests: set up a Trax match between two fresh accounts and play moves."""

from __future__ import annotations

from collections.abc import Callable

import httpx

from domain.registry import game_named
from tests.conftest import new_account

G3 = "@0+ @1+ C1\\ C2\\ B3\\ D2+ B0/ C4+ C5\\ D4\\ E4\\ D5+".split()  # white wins with a loop


def read_sse(url: str, headers: dict | None = None, limit_s: float = 20,
             stop: Callable[[list[dict]], bool] | None = None) -> list[dict]:
    """The messages of an SSE stream (``{"event": ..., "id": ..., "data": ...}``) until the server
    closes it, or until ``stop(messages)`` is true."""
    messages, current = [], {}
    with httpx.Client(timeout=limit_s) as client, client.stream("GET", url, headers=headers or {}) as response:
        assert response.status_code == 200, response.read()
        assert response.headers["content-type"].startswith("text/event-stream")
        for line in response.iter_lines():
            if line == "":
                if current:
                    messages.append(current)
                    if stop is not None and stop(messages):
                        return messages
                current = {}
            elif not line.startswith(":"):
                field, _, value = line.partition(":")
                current[field] = value.lstrip(" ")
    return messages


def first_sse_message(url: str, headers: dict) -> bytes:
    """The raw first message of an SSE stream (the whole match as the caller sees it), for
    byte-for-byte comparisons."""
    lines = []
    with httpx.Client(timeout=10) as client, client.stream("GET", url, headers=headers) as response:
        assert response.status_code == 200
        for line in response.iter_lines():
            if line == "" and lines:
                return "\n".join(lines).encode()
            if line:
                lines.append(line)
    raise AssertionError("the stream closed before its first message")


def what_others_see(table: Table, live_url: str, seat: str, other: str) -> dict[str, bytes]:
    """Every door through which ``other`` or a spectator could learn of ``seat``'s sealed
    submission: the match view, the events, ``seat``'s legal moves, the first SSE message, the SVG."""
    seen = {}
    for who, headers in ((other, table.headers[other]), ("spectator", {})):
        seen[f"{who} view"] = table.http.get(table.url, headers=headers).content
        seen[f"{who} events"] = table.http.get(f"{table.url}/events", headers=headers).content
        seen[f"{who} legal moves"] = table.http.get(f"{table.url}/legal-moves", params={"seat": seat},
                                                    headers=headers).content
        seen[f"{who} sse"] = first_sse_message(live_url + table.url + "/stream", headers)
        seen[f"{who} svg"] = table.http.get(f"{table.url}/board.svg", headers=headers).content
    return seen


class Duel:
    """A running Trax match: ``white`` and ``red`` are auth headers of two fresh accounts."""

    def __init__(self, http: httpx.Client, options: dict | None = None, priority: str | None = None):
        self.http = http
        self.white_id, self.white = new_account(http, "w")
        self.red_id, self.red = new_account(http, "r")
        body = {"game": "trax", "seats": {"white": self.white_id, "red": self.red_id}, "options": options or {}}
        if priority:
            body["priority"] = priority
        r = http.post("/matches", json=body, headers=self.white)
        assert r.status_code == 201, r.text
        self.id = r.json()["id"]
        self.url = f"/matches/{self.id}"

    def ready(self) -> Duel:
        for who in (self.white, self.red):
            r = self.http.post(f"{self.url}/ready", headers=who)
            assert r.status_code == 200, r.text
        return self

    def seat_headers(self, seat: str) -> dict[str, str]:
        return self.white if seat == "white" else self.red

    def play(self, move: str, seat: str, **kwargs) -> httpx.Response:
        return self.http.post(f"{self.url}/commands", json={"type": "play", "move": move},
                              headers={**self.seat_headers(seat), **kwargs.pop("headers", {})}, **kwargs)

    def play_all(self, moves: list[str], first: str = "white") -> None:
        seat = first
        for move in moves:
            r = self.play(move, seat)
            assert r.status_code == 200, (move, r.text)
            seat = "red" if seat == "white" else "white"

    def view(self, headers: dict | None = None) -> dict:
        r = self.http.get(self.url, headers=headers or {})
        assert r.status_code == 200, r.text
        return r.json()


ADMIN = {"Authorization": "Bearer test-admin-token"}
"""The in-process test server's admin (``tests/conftest.py``'s settings)."""


class Table:
    """A match of any game between fresh accounts, one per seat: ``headers[seat]`` authenticates
    the seat's holder (seats as the match was created; a priority choice may swap them). The first
    seat's holder creates it (a challenge its opponent accepts by saying ready), or the admin when
    ``options`` hold a secret option (only organizers may set those)."""

    def __init__(self, http: httpx.Client, game: str, seats: tuple[str, ...], options: dict | None = None,
                 **match: object):
        """``match``: more fields of the match's creation (``pregame_ms``...)."""
        self.http = http
        self.accounts = {seat: new_account(http, seat[:2]) for seat in seats}
        self.headers = {seat: headers for seat, (_, headers) in self.accounts.items()}
        body = {"game": game, "seats": {seat: account for seat, (account, _) in self.accounts.items()},
                "options": options or {}, **match}
        secret = set(options or {}) & set(game_named(game).secret_options)
        r = http.post("/matches", json=body, headers=ADMIN if secret else self.headers[seats[0]])
        assert r.status_code == 201, r.text
        self.id = r.json()["id"]
        self.url = f"/matches/{self.id}"

    def ready(self) -> Table:
        for headers in self.headers.values():
            r = self.http.post(f"{self.url}/ready", headers=headers)
            assert r.status_code == 200, r.text
        return self

    def send(self, seat: str, body: dict, **kwargs) -> httpx.Response:
        return self.http.post(f"{self.url}/commands", json=body,
                              headers={**self.headers[seat], **kwargs.pop("headers", {})}, **kwargs)

    def view(self, seat: str | None = None) -> dict:
        r = self.http.get(self.url, headers=self.headers[seat] if seat else {})
        assert r.status_code == 200, r.text
        return r.json()

    def legal_moves(self, seat: str) -> list[str]:
        """The moves ``seat`` may make now, in notation."""
        return [m["move"] for m in self.legal_commands(seat)]

    def legal_commands(self, seat: str) -> list[dict]:
        """The moves ``seat`` may make now, each ``{"move": ..., "command": ...}``."""
        r = self.http.get(f"{self.url}/legal-moves", headers=self.headers[seat])
        assert r.status_code == 200, r.text
        return r.json()["moves"]

    def events(self, seat: str | None = None, after: int = 0) -> list[dict]:
        r = self.http.get(f"{self.url}/events", params={"after": after}, headers=self.headers[seat] if seat else {})
        assert r.status_code == 200, r.text
        return r.json()["events"]
