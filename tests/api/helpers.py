"""Helpers for API tests: set up a Trax match between two fresh accounts and play moves."""

from __future__ import annotations

import httpx

from tests.conftest import new_account

G3 = "@0+ @1+ C1\\ C2\\ B3\\ D2+ B0/ C4+ C5\\ D4\\ E4\\ D5+".split()  # white wins with a loop


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

    def ready(self) -> "Duel":
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
