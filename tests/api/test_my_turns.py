"""``GET /accounts/me/turns``: the caller's matches waiting on it, for bots playing many games."""

from __future__ import annotations

import json
import threading

from tests.api.helpers import Duel, Table, read_sse


def test_turns_lists_the_matches_waiting_on_the_caller(http):
    duel = Duel(http).ready()  # white to move
    waiting = Duel(http)  # not ready yet
    turns = http.get("/accounts/me/turns", headers=duel.white).json()
    assert [(t["match_id"], t["seat"], t["action"]) for t in turns] == [(duel.id, "white", "play")]
    assert turns[0]["deadline"]["key"] == "turn:0" and turns[0]["game"] == "trax"
    assert http.get("/accounts/me/turns", headers=duel.red).json() == []
    challenged = http.get("/accounts/me/turns", headers=waiting.red).json()  # a challenge it has not accepted
    assert [(t["match_id"], t["action"], t["deadline"]["key"]) for t in challenged] == [(waiting.id, "accept", "expire")]
    assert [t["action"] for t in http.get("/accounts/me/turns", headers=waiting.white).json()] == ["ready"]
    assert http.post(f"{waiting.url}/accept", headers=waiting.red).status_code == 200
    assert [t["action"] for t in http.get("/accounts/me/turns", headers=waiting.red).json()] == ["ready"]
    duel.play("@0+", "white")
    assert http.get("/accounts/me/turns", headers=duel.white).json() == []
    assert [t["match_id"] for t in http.get("/accounts/me/turns", headers=duel.red).json()] == [duel.id]
    assert http.get("/accounts/me/turns").status_code == 401


def test_both_seats_are_waited_on_during_a_sealed_window(http):
    table = Table(http, "duorail", ("blue", "red")).ready()
    for seat in ("blue", "red"):
        table.send(seat, {"type": "duorail_move", "move": "pass"})
    table.send("blue", {"type": "duorail_submit_track", "track": None})
    for seat in ("blue", "red"):  # blue has sealed its track, but nobody may learn that from here
        assert [t["action"] for t in http.get("/accounts/me/turns", headers=table.headers[seat]).json()] == ["play"]


def test_the_account_stream_tells_a_bot_of_starts_turns_and_ends(http, live_server):
    duel = Duel(http)
    url = live_server.url + "/accounts/me/stream"
    got, listening = {}, threading.Event()

    def until_ended(ms: list[dict]) -> bool:
        listening.set()  # (the first message: the stream is open)
        return any(m.get("event") == "match_ended" for m in ms)

    reader = threading.Thread(target=lambda: got.setdefault("m", read_sse(url, duel.red, limit_s=60, stop=until_ended)))
    reader.start()
    assert listening.wait(60)  # what follows happens with red listening, however slow the machine
    duel.ready()
    duel.play_all(["@0+", "B1+"])
    assert http.post(f"{duel.url}/resign", headers=duel.white).status_code == 200
    reader.join(timeout=90)
    messages = got["m"]
    assert messages[0]["event"] == "turns"  # red was only challenged: it must accept
    assert [t["action"] for t in json.loads(messages[0]["data"])] == ["accept"]
    kinds = [(m["event"], json.loads(m["data"]).get("action")) for m in messages[1:]]
    assert kinds == [("your_turn", "accept"),  # white's ready changed the match: still red's to accept
                     ("match_started", None), ("your_turn", "play"), ("match_ended", None)]
    assert json.loads(messages[-1]["data"])["result"]["winner"] == "red"
    resumed = read_sse(url, {**duel.red, "Last-Event-ID": messages[2]["id"]}, stop=lambda ms: len(ms) == 2)
    assert [m["event"] for m in resumed] == ["your_turn", "match_ended"]  # what came after, nothing twice
    bad = http.get("/accounts/me/stream", headers={**duel.red, "Last-Event-ID": "yesterday"})
    assert bad.status_code == 400 and bad.json()["code"] == "bad_last_event_id"
