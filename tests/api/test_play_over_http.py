"""A whole Trax game over HTTP: two accounts play, a third cannot, a spectator watches."""

from __future__ import annotations

from tests.api.helpers import G3, Duel
from tests.conftest import new_account


def test_two_accounts_play_a_whole_game_to_a_loop(http):
    duel = Duel(http).ready()
    assert duel.view()["status"] == "running"
    duel.play_all(G3)
    view = duel.view()
    assert view["status"] == "finished"
    assert view["result"]["winner"] == "white" and view["result"]["reason"] == "loop"
    assert http.get("/accounts/me/matches", headers=duel.white).json() == []


def test_a_third_account_cannot_move_for_either_seat(http):
    duel = Duel(http).ready()
    _, outsider = new_account(http, "x")
    for _ in ("white", "red"):
        r = http.post(f"{duel.url}/commands", json={"type": "play", "move": "@0+"}, headers=outsider)
        assert r.status_code == 403
        assert r.headers["content-type"].startswith("application/problem+json")
        assert r.json()["code"] == "not_a_player"
    assert duel.view()["version"] == duel.view()["version"]  # nothing changed
    assert http.get(f"{duel.url}/events").json()["events"][-1]["event"]["type"] == "seats_assigned"


def test_a_spectator_sees_the_board(http):
    duel = Duel(http).ready()
    duel.play_all(G3[:4])
    spectator = duel.view()
    assert spectator["role"] == "spectator" and spectator["you"] is None
    assert spectator["state"] == duel.view(duel.white)["state"]
    assert duel.view(duel.white)["you"] == "white"
    svg = http.get(f"{duel.url}/board.svg")
    assert svg.status_code == 200 and svg.headers["content-type"].startswith("image/svg+xml")
    assert svg.text.lstrip().startswith(("<svg", "<?xml"))


def test_legal_moves_for_the_seat_to_move(http):
    duel = Duel(http).ready()
    listing = http.get(f"{duel.url}/legal-moves", headers=duel.white).json()["moves"]
    assert sorted(m["move"] for m in listing) == ["@0+", "@0/"]
    assert {"move": "@0/", "command": {"type": "play", "move": "@0/"}} in listing
    duel.play("@0/", "white")
    assert len(http.get(f"{duel.url}/legal-moves", params={"seat": "red"}).json()["moves"]) == 12
    assert http.get(f"{duel.url}/legal-moves", params={"seat": "white"}).json()["moves"] == []


def test_errors_are_problem_documents_that_change_nothing(http):
    duel = Duel(http).ready()
    before = duel.view()["version"]
    cases = [
        (duel.play("Z9+", "white"), 422, None),
        (duel.play("@0+", "red"), 409, "not_your_turn"),
        (http.post(f"{duel.url}/commands", json={"type": "castle"}, headers=duel.white), 400, "bad_request"),
        (http.post(f"{duel.url}/commands", json={"type": "play"}, headers=duel.white), 400, "bad_request"),
        (http.post(f"{duel.url}/commands", json={"type": "play", "move": "@0+"}), 401, "unauthenticated"),
        (http.post("/matches/nope/commands", json={"type": "resign"}, headers=duel.white), 404, "match_not_found"),
        (http.get(f"{duel.url}/events", params={"after": "x"}), 400, "bad_request"),
    ]
    for response, status, code in cases:
        assert response.status_code == status, response.text
        problem = response.json()
        assert set(problem) >= {"type", "title", "status", "detail", "code"}
        assert problem["status"] == status and problem["detail"].endswith(".")
        if code:
            assert problem["code"] == code
    assert duel.view()["version"] == before


def test_priority_seat_chooses_who_plays_white(http):
    duel = Duel(http, priority="red").ready()
    view = duel.view()
    assert view["status"] == "pregame" and view["deadline"]["key"] == "pregame"
    r = http.post(f"{duel.url}/commands", json={"type": "choose_seat", "seat": "white"}, headers=duel.white)
    assert r.status_code == 403
    listing = http.get(f"{duel.url}/legal-moves", headers=duel.red).json()["moves"]
    assert listing == [{"move": f"choose {s}", "command": {"type": "choose_seat", "seat": s}} for s in ("white", "red")]
    assert http.get(f"{duel.url}/legal-moves", headers=duel.white).json()["moves"] == []
    r = http.post(f"{duel.url}/commands", json=listing[0]["command"], headers=duel.red)
    assert r.status_code == 200, r.text
    view = duel.view(duel.red)
    assert view["status"] == "running" and view["you"] == "white"
    assert view["seats"]["white"]["account_id"] == duel.red_id


def test_resign_ends_the_match_for_the_opponent(http):
    duel = Duel(http).ready()
    duel.play("@0+", "white")
    r = http.post(f"{duel.url}/resign", headers=duel.red)
    assert r.status_code == 200
    assert duel.view()["result"] == {"winner": "white", "reason": "resign", "detail": "red resigned."}
    assert http.post(f"{duel.url}/resign", headers=duel.white).status_code == 409


def test_read_models_list_matches_and_active_games(http):
    duel = Duel(http).ready()
    listed = http.get("/matches", params={"limit": 200}).json()
    assert duel.id in [m["id"] for m in listed]
    mine = http.get("/accounts/me/matches", headers=duel.red).json()
    assert [m["id"] for m in mine] == [duel.id] and mine[0]["status"] == "running"
