"""``GET /accounts/me/turns``: the caller's matches waiting on it, for bots playing many games."""

from __future__ import annotations

from tests.api.helpers import Duel, Table


def test_turns_lists_the_matches_waiting_on_the_caller(http):
    duel = Duel(http).ready()  # white to move
    waiting = Duel(http)  # not ready yet
    turns = http.get("/accounts/me/turns", headers=duel.white).json()
    assert [(t["match_id"], t["seat"], t["action"]) for t in turns] == [(duel.id, "white", "play")]
    assert turns[0]["deadline"]["key"] == "turn:0" and turns[0]["game"] == "trax"
    assert http.get("/accounts/me/turns", headers=duel.red).json() == []
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
