"""The solver-job path: the API queues an analysis, a real RQ worker computes it, the API serves it."""

from __future__ import annotations

import time

from tests.api.helpers import Duel


def test_an_analysis_is_queued_computed_by_a_worker_and_read_back(http, worker, admin_headers):
    duel = Duel(http).ready()
    duel.play_all(["@0/", "B1\\"])
    refused = http.post(f"{duel.url}/analysis", headers=duel.white)
    assert refused.status_code == 403 and refused.json()["code"] == "analysis_during_play"
    queued = http.post(f"{duel.url}/analysis", headers=admin_headers)
    assert queued.status_code == 202 and queued.json()["status"] == "queued"
    location = queued.headers["location"]
    for _ in range(200):
        body = http.get(location, headers=admin_headers).json()
        if body["status"] != "queued":
            break
        time.sleep(0.05)
    assert body["status"] == "done", body
    result = body["result"]
    assert result["to_move"] == "white"
    assert "A2\\" in result["losing_moves"]  # it would close red's loop
    assert sorted(result["legal_moves"]) == sorted(m["move"] for m in http.get(f"{duel.url}/legal-moves", headers=duel.white).json()["moves"])
    again = http.post(f"{duel.url}/analysis", headers=admin_headers)
    assert again.json()["status"] == "done"  # the same position is not analysed twice
    assert http.get(location, headers=duel.white).status_code == 403  # not for a player while in play
    assert duel.http.post(f"{duel.url}/resign", headers=duel.red).status_code == 200
    assert http.get(location, headers=duel.white).json()["status"] == "done"  # open to all once it is over


def test_an_analysis_never_queued_is_a_404(http, admin_headers):
    duel = Duel(http).ready()
    r = http.get(f"{duel.url}/analysis", headers=admin_headers)
    assert r.status_code == 404 and r.json()["code"] == "analysis_not_found"


def test_the_analysis_of_a_finished_match_tells_the_loser_s_turning_point(http, worker):
    """Issue 17's post-game help: white's second move closes red's loop; the analysis of the last
    version says it was white's first losing move, open to the players once the match is over."""
    duel = Duel(http).ready()
    duel.play_all(["@0/", "B1\\", "A2\\"])
    assert duel.view()["result"]["winner"] == "red"
    queued = http.post(f"{duel.url}/analysis", headers=duel.white)
    assert queued.status_code == 202, queued.text
    for _ in range(400):
        body = http.get(queued.headers["location"], headers=duel.white).json()
        if body["status"] != "queued":
            break
        time.sleep(0.05)
    assert body["status"] == "done", body
    point = body["turning_point"]
    assert (point["seat"], point["move"], point["kind"], point["after"]) == ("white", 2, "first_losing_move", -1.0)
    assert point["version"] == duel.view()["version"] and point["before"] > -1.0


def test_an_earlier_position_of_a_finished_match_is_analysed_on_request(http, worker):
    """The replay's "best move there": the position before the loser's turning point, asked by
    ``version`` once the match is over (in play only the organizer may, as for any analysis)."""
    duel = Duel(http).ready()
    duel.play_all(["@0/", "B1\\"])
    before = duel.view()["version"]
    refused = http.post(f"{duel.url}/analysis", params={"version": before}, headers=duel.white)
    assert refused.status_code == 403 and refused.json()["code"] == "analysis_during_play"
    duel.play_all(["A2\\"])
    final = duel.view()["version"]
    beyond = http.post(f"{duel.url}/analysis", params={"version": final + 1}, headers=duel.white)
    assert beyond.status_code == 404 and beyond.json()["code"] == "analysis_not_found"
    queued = http.post(f"{duel.url}/analysis", params={"version": before}, headers=duel.white)
    assert queued.status_code == 202 and queued.json()["version"] == before
    assert queued.headers["location"].endswith(f"?version={before}")
    deadline = time.monotonic() + 60
    while (body := http.get(queued.headers["location"], headers=duel.white).json())["status"] == "queued":
        assert time.monotonic() < deadline, "the analysis was not done within a minute"
        time.sleep(0.1)
    assert body["status"] == "done" and body["result"]["to_move"] == "white"
    assert "A2\\" in body["result"]["losing_moves"] and body["turning_point"] is None
