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

LIMIT_S = 20.0
"""The longest a reply or a timer may be late. A bot replies, and a timer lands, in well under a
second on a quiet machine, yet several seconds late on a busy one (load 20 on 2 cores); work that
waited behind the stuck work would wait for as long as it is stuck: ``HANG_S`` for a hanging
webhook delivery, for ever for a frozen worker. 20 s tells the two apart on any machine."""
HANG_S = 120
"""How long a hanging webhook delivery lasts (``WEBHOOK_TIMEOUT_S``): far past ``LIMIT_S`` and the
whole of a storm's measure."""
PACE_S = 0.2  # alice thinks this long before each move
STORM_S = 12  # measured while deliveries hang
AT_LEAST = 5  # bot replies measured, however long the machine takes to give them
WATCH_S = 180  # how long a TimerWatch waits for its timeouts


class Player:
    def __init__(self, http: httpx.Client, server: ServedServer, name: str):
        self.http, self.id, self.headers = http, server.tokens[f"{name.upper()}_ID"], server.headers(name)

    def new_match(self, seats: dict, options: dict | None = None, headers: dict | None = None) -> str:
        r = self.http.post("/matches", json={"game": "trax", "seats": seats, "options": options or {}},
                           headers=headers or self.headers)
        assert r.status_code == 201, r.text
        return r.json()["id"]


def bot_replies(alice: Player, duration_s: float) -> list[float]:
    """Seconds from alice's move to the bot's reply, for each reply in ``duration_s`` counted from
    the bot's first readiness, and at least :data:`AT_LEAST` of them however slow the machine (the
    first one over :data:`LIMIT_S` ends the measure; a reply that never came counts as the wait)."""
    seconds: list[float] = []
    end = None
    while end is None or time.monotonic() < end or len(seconds) < AT_LEAST:
        match = alice.new_match({"white": alice.id, "red": "bot_random_1"})
        assert alice.http.post(f"/matches/{match}/ready", headers=alice.headers).status_code == 200
        page = {"version": 0, "legal_moves": [], "status": "waiting"}
        give_up = time.monotonic() + 120
        while not page["legal_moves"] and page["status"] not in ("finished", "aborted"):  # the bot is ready too
            assert time.monotonic() < give_up, f"bot_random_1 not ready in 120 s: {page}"
            page = alice.http.get(f"/matches/{match}/events", headers=alice.headers,
                                  params={"after": page["version"], "wait": 20, "legal_moves": "true"}).json()
        end = end or time.monotonic() + duration_s
        while page["status"] == "running" and (time.monotonic() < end or len(seconds) < AT_LEAST):
            time.sleep(PACE_S)
            started = time.monotonic()
            r = alice.http.post(f"/matches/{match}/turn", params={"wait": 2 * LIMIT_S}, headers=alice.headers,
                                json=page["legal_moves"][0]["command"])
            assert r.status_code == 200, r.text
            page = r.json()["next"]
            if page["events"] or page["status"] == "running":  # (none when alice's own move ended the match)
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
        give_up = time.monotonic() + WATCH_S
        while len(self.late) < len(self.deadlines) and time.monotonic() < give_up:
            for match, at in self.deadlines.items():
                if match not in self.late and any(msgspec.json.decode(f[b"e"])["event"]["type"]
                                                  in ("timed_out", "match_aborted")  # (nobody moved: aborted)
                                                  for _, f in self.connection.xrange(stream_key(match))):
                    self.late[match] = time.time() - at / 1000
            time.sleep(0.05)

    def seconds_late(self) -> list[float]:
        self.thread.join()
        return [self.late.get(match, float(WATCH_S)) for match in self.deadlines]


def figures(name: str, seconds: list[float]) -> str:
    ordered = sorted(seconds)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return f"{name}: n={len(seconds)} p50={statistics.median(seconds):.3f}s p99={p99:.3f}s max={ordered[-1]:.3f}s"
