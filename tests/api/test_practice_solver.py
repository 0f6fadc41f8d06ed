"""A practice position that waits on solver work (a MonUnrail Impossible) has it done by a real
worker, as a match's is, and answers the judged position: a right call wins for the caller, a wrong
one loses with the solver's completion shown. With no worker to answer, the request waits
``PRACTICE_SOLVER_WAIT_S`` and no more: a 503 ``practice_undecided`` (the event loop meanwhile
answers other requests)."""

from __future__ import annotations

import threading

import httpx

from service.settings import Settings
from tests.conftest import EmbeddedRedis, LiveServer

DEAD = [{"seat": "first", "move": "C4 LR"}]  # its rail meets the station's side without rail
OPEN = [{"seat": "first", "move": "D3 RD, E3 DL"}]  # two turns below close it: D5 UR, E5 LU
IMPOSSIBLE = {"seat": "second", "move": "impossible"}


def test_an_impossible_call_is_judged_by_the_workers_solver(http, worker):
    right = http.post("/games/monunrail/positions", json={"moves": [*DEAD, IMPOSSIBLE]}, timeout=120)
    assert right.status_code == 200, right.text
    assert right.json()["result"]["winner"] == "second" and right.json()["result"]["reason"] == "impossible_upheld"
    assert right.json()["moves"] == [] and right.json()["to_move"] == []
    wrong = http.post("/games/monunrail/positions", json={"moves": [*OPEN, IMPOSSIBLE]}, timeout=120)
    assert wrong.status_code == 200, wrong.text
    assert wrong.json()["result"]["winner"] == "first" and wrong.json()["result"]["reason"] == "impossible_refuted"
    again = http.post("/games/monunrail/positions", json={"moves": [*OPEN, IMPOSSIBLE]}, timeout=120)
    assert again.json() == wrong.json()  # (the answer kept: nothing queued twice)


def test_without_an_answer_the_request_waits_its_bound_and_no_more(tmp_path):
    store = EmbeddedRedis(tmp_path)  # a store no worker serves
    server = LiveServer(Settings(redis_url=store.start(), rate_limit_anonymous=0, practice_solver_wait_s=1)).start()
    try:
        with httpx.Client(base_url=server.url, timeout=60) as client:
            answers = {}
            asking = threading.Thread(target=lambda: answers.update(
                waited=client.post("/games/monunrail/positions", json={"moves": [*DEAD, IMPOSSIBLE]})))
            asking.start()
            with httpx.Client(base_url=server.url, timeout=60) as other:
                assert other.post("/games/monunrail/positions", json={"moves": DEAD}).status_code == 200
            asking.join()
        r = answers["waited"]
        assert r.status_code == 503 and r.json()["code"] == "practice_undecided", r.text
        assert "1 s" in r.json()["detail"]
    finally:
        server.stop()
        store.stop()
