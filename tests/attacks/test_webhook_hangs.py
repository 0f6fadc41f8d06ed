"""Attack: an organizer registers three receivers that accept the connection and never answer, and
creates matches so that deliveries pile up, each hanging ``HANG_S`` (two minutes). Meanwhile an unrelated player plays a built-in bot and
waits on a deadline timer: neither may wait behind the deliveries.

Worker layout: ``serve``'s own, one worker process per pool (:data:`service.jobs.queues.POOLS`), so
the webhooks' worker is not the timers' or the bots'.

Run with ``-s`` to see the figures (bot reply and timer lateness, without and with the receivers).
"""

from __future__ import annotations

import time

import httpx
import redis

from tests.attacks.latency import HANG_S, LIMIT_S, STORM_S, Player, TimerWatch, bot_replies, figures
from tests.attacks.webhook_helpers import Receiver, redis_url_of
from tests.conftest import ServedServer

def test_receivers_that_never_answer_delay_no_bot_and_no_timer(tmp_path):
    server = ServedServer(tmp_path, env={"WEBHOOK_ALLOW_PRIVATE": "1", "WEBHOOK_RETRY_BASE_S": "1",
                                                   "WEBHOOK_TIMEOUT_S": str(HANG_S)}).start()
    receivers = [Receiver(hang=True) for _ in range(3)]
    connection = redis.Redis.from_url(redis_url_of(server))
    try:
        with httpx.Client(base_url=server.url, timeout=60) as http:
            alice, bob = Player(http, server, "alice"), Player(http, server, "bob")
            calm_timers = TimerWatch(alice, bob, connection, [1.5, 3])
            calm = bot_replies(alice, 5)
            calm_late = calm_timers.seconds_late()

            admin = server.headers("admin")
            registered = time.monotonic()  # each delivery hangs HANG_S from after this
            for receiver in receivers:
                r = http.post("/webhooks", json={"url": receiver.url}, headers=admin)
                assert r.status_code == 201, r.text
            for _ in range(4):  # 4 matches: 12 deliveries of match_started, 12 of match_ended, retries
                match = alice.new_match({"white": alice.id, "red": bob.id}, headers=admin)
                for who in (alice, bob):
                    assert http.post(f"/matches/{match}/ready", headers=who.headers).status_code == 200
                assert http.post(f"/matches/{match}/resign", headers=bob.headers).status_code == 200
            give_up = time.monotonic() + 30
            while not any(r.connections for r in receivers) and time.monotonic() < give_up:
                time.sleep(0.05)
            assert any(r.connections for r in receivers), "no delivery reached a receiver"

            stormy_timers = TimerWatch(alice, bob, connection, [1.5, 4.5, 7.5, 10.5])
            stormy = bot_replies(alice, STORM_S)
            stormy_late = stormy_timers.seconds_late()
            hung = sum(r.connections for r in receivers)
            storm_over = time.monotonic()
        print(f"\n{figures('bot reply, no webhooks', calm)}\n{figures('bot reply, 3 hanging receivers', stormy)}"
              f"\ntimer late, no webhooks: {[round(s, 3) for s in calm_late]}"
              f"\ntimer late, hanging receivers: {[round(s, 3) for s in stormy_late]}; deliveries hung: {hung}")
        # the receivers were hanging deliveries all along: the first began before the storm, and
        # none can have given up before HANG_S
        assert hung >= 1 and storm_over < registered + HANG_S, (hung, storm_over - registered)
        assert max(stormy) < LIMIT_S, figures("bot reply, hanging receivers", stormy)
        assert max(stormy_late) < LIMIT_S, stormy_late
    finally:
        for receiver in receivers:
            receiver.close()
        server.stop()
