"""``POST /games/{game}/positions``: a practice position, moves played from the start of a game
with nothing stored (the tutorials' board): the board drawn, who moves, their legal moves, the
result; a refused move is a 422 naming it; bounded in moves, their length and the moves listed."""

from __future__ import annotations

import pytest

from service.api.positions import MOST_LISTED, MOST_MOVES


def test_a_trax_position_with_its_forced_play_and_its_result(http):
    moves = [{"seat": s, "move": m} for s, m in (("white", "@0+"), ("red", "@1+"), ("white", "B0/"), ("red", "@2/"),
                                                 ("white", "C0\\"), ("red", "A2\\"), ("white", "@3\\"))]
    r = http.post("/games/trax/positions", json={"moves": moves[:-1]})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["to_move"] == ["white"] and body["seat"] == "white" and body["result"] is None
    assert "@3\\" in [m["move"] for m in body["moves"]] and body["total"] == len(body["moves"])
    assert body["board"].startswith("<svg")
    over = http.post("/games/trax/positions", json={"moves": moves}).json()
    assert over["result"]["winner"] == "white" and over["result"]["reason"] == "loop" and over["moves"] == []


def test_the_start_of_every_game_lists_its_first_moves(http):
    for game in ("trax", "cairo", "duorail", "monunrail", "deepsea"):
        body = http.post(f"/games/{game}/positions", json={}).json()
        assert body["board"].startswith("<svg") and body["total"] >= len(body["moves"]) > 0 or body["to_move"] == [], game
        assert len(body["moves"]) <= MOST_LISTED


def test_a_refused_move_names_itself_and_changes_nothing(http):
    r = http.post("/games/trax/positions", json={"moves": [{"seat": "white", "move": "@0\\"}]})
    assert r.status_code == 422 and r.json()["code"] == "bad_first_move"
    assert r.json()["detail"].startswith("Move 1 (white: @0\\)")


@pytest.mark.parametrize("body", [
    {"moves": [{"seat": "white", "move": "@0+"}] * (MOST_MOVES + 1)},
    {"moves": [{"seat": "white", "move": "x" * 2_001}]},
    {"moves": [{"seat": "blue", "move": "@0+"}]},
    {"options": {"variant": "huge"}},
    {"seat": "nobody"},
    {"moves": "@0+"},
    {"surprise": 1},
])
def test_what_is_out_of_bounds_is_a_problem(http, body):
    r = http.post("/games/trax/positions", json=body)
    assert r.status_code in (400, 422), r.text
    assert r.headers["content-type"].startswith("application/problem+json")
