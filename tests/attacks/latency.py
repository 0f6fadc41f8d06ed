"""What other users feel during an attack: a built-in bot's reply to a player's move, and how late
deadline timers land (watched in Redis: reading a match through the API applies its timeout itself)."""

from __future__ import annotations

import statistics
import threading
import time

import httpx
import msgspec
import redis

from service.matches.event_store import stream_key
from tests.conftest import ServedServer

LIMIT_S = 3.0  # generous: a bot replies in well under a second; one delivery may hang for 5 s
PACE_S = 0.2  # alice thinks this long before each move
STORM_S = 12  # measured while deliveries hang: more than two delivery timeouts (5 s)


class Player:
    def __init__(self, http: httpx.Client, server: ServedServer, name: str):
        self.http, self.id, self.headers = http, server.tokens[f"{name.upper()}_ID"], server.headers(name)

    def new_match(self, seats: dict, options: dict | None = None, headers: dict | None = None) -> str:
        r = self.http.post("/matches", json={"game": "trax", "seats": seats, "options": options or {}},
                           headers=headers or self.headers)
        assert r.status_code == 201, r.text
        return r.json()["id"]


def bot_replies(alice: Player, duration_s: float) -> list[float]:
    """Seconds from alice's move to the bot's reply, for each reply in ``duration_s`` (the first
    one over :data:`LIMIT_S` ends the measure)."""
    seconds: list[float] = []
    end = time.monotonic() + duration_s
    while time.monotonic() < end:
        match = alice.new_match({"white": alice.id, "red": "bot_random_1"})
        assert alice.http.post(f"/matches/{match}/ready", headers=alice.headers).status_code == 200
        page = {"version": 0, "legal_moves": []}
        while not page["legal_moves"]:  # the bot says it is ready too
            page = alice.http.get(f"/matches/{match}/events", headers=alice.headers,
                                  params={"after": page["version"], "wait": 20, "legal_moves": "true"}).json()
        while page["status"] == "running" and time.monotonic() < end:
            time.sleep(PACE_S)
            started = time.monotonic()
            r = alice.http.post(f"/matches/{match}/turn", params={"wait": 20}, headers=alice.headers,
                                json=page["legal_moves"][0]["command"])
            assert r.status_code == 200, r.text
            page = r.json()["next"]
            if page["events"]:  # (none when alice's own move ended the match)
                seconds.append(time.monotonic() - started)
            if seconds and seconds[-1] > LIMIT_S:
                return seconds
    return seconds


class TimerWatch:
    """Matches nobody plays, with deadlines ``after_s`` after their start; how late after its
    deadline each one's timeout lands (watched in Redis: reading a match through the API would
    apply the timeout itself)."""

    def __init__(self, alice: Player, bob: Player, connection: redis.Redis, after_s: list[float]):
        self.deadlines = {}
        for seconds in after_s:
            clock = {"time": {"type": "one_grace", "per_move_ms": 400, "grace_ms": int(seconds * 1000)}}
            match = alice.new_match({"white": alice.id, "red": bob.id}, clock)
            for who in (alice, bob):
                assert who.http.post(f"/matches/{match}/ready", headers=who.headers).status_code == 200
            self.deadlines[match] = alice.http.get(f"/matches/{match}").json()["deadline"]["at"]
        self.late: dict[str, float] = {}
        self.connection = connection
        self.thread = threading.Thread(target=self._watch, daemon=True)
        self.thread.start()

    def _watch(self) -> None:
        give_up = time.monotonic() + 60
        while len(self.late) < len(self.deadlines) and time.monotonic() < give_up:
            for match, at in self.deadlines.items():
                if match not in self.late and any(msgspec.json.decode(f[b"e"])["event"]["type"]
                                                  in ("timed_out", "match_aborted")  # (nobody moved: aborted)
                                                  for _, f in self.connection.xrange(stream_key(match))):
                    self.late[match] = time.time() - at / 1000
            time.sleep(0.05)

    def seconds_late(self) -> list[float]:
        self.thread.join()
        return [self.late.get(match, 60.0) for match in self.deadlines]


def figures(name: str, seconds: list[float]) -> str:
    ordered = sorted(seconds)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return f"{name}: n={len(seconds)} p50={statistics.median(seconds):.3f}s p99={p99:.3f}s max={ordered[-1]:.3f}s"
