"""Issue 15, item 9, against the served server: the legal-move listing of an open 18x18 Deep Sea
Voyage board (some 12,000 placements, 446 KB in one answer before) comes a page at a time, small,
and pages through to every placement. (What it costs is measured in ``bench/legal_moves.py``;
anonymous loops are limited per address: ``test_attack_tokens.py``.)"""

from __future__ import annotations

import time

import httpx

from domain.deepsea import new_game

OPEN_18 = "random:19"  # the generator's board 19 is 18 cells a side


def test_an_open_18x18_board_lists_its_placements_a_small_page_at_a_time(served):
    assert new_game({"boards": [OPEN_18] * 3}).board(1).size == 18
    admin = served.headers("admin")
    seats = {"empire": served.tokens["ALICE_ID"], "marauder": served.tokens["BOB_ID"]}
    with httpx.Client(base_url=served.url, timeout=30) as http:
        r = http.post("/matches", json={"game": "deepsea", "seats": seats, "pregame_ms": 1000,
                                        "options": {"boards": [OPEN_18] * 3}}, headers=admin)
        assert r.status_code == 201, r.text
        url = f"/matches/{r.json()['id']}"
        for who in ("alice", "bob"):
            assert http.post(f"{url}/ready", headers=served.headers(who)).status_code == 200
        give_up = time.monotonic() + 60
        while http.get(url).json()["to_move"] == [] and time.monotonic() < give_up:
            time.sleep(0.2)  # the 1 s pregame
        for who, board in (("alice", 1), ("bob", 2)):
            r = http.post(f"{url}/commands", json={"type": "deepsea_move", "move": f"select {board}"},
                          headers=served.headers(who))
            assert r.status_code == 200, r.text

        first = http.get(f"{url}/legal-moves", params={"seat": "empire"})  # anyone may ask, without a token
        assert first.status_code == 200 and len(first.content) <= 25_000, len(first.content)
        listing = first.json()
        assert listing["total"] > 5_000 and len(listing["moves"]) == 200 and listing["offset"] == 0
        everything, offset = [], 0
        while offset < listing["total"]:
            page = http.get(f"{url}/legal-moves", params={"seat": "empire", "offset": offset, "limit": 1000})
            assert page.status_code == 200 and len(page.content) <= 120_000
            everything += [m["move"] for m in page.json()["moves"]]
            offset += 1000
        assert len(everything) == listing["total"] == len(set(everything)) and everything[-1] == "pass"
        too_many = http.get(f"{url}/legal-moves", params={"seat": "empire", "limit": 100_000})
        assert too_many.status_code == 400
        events = http.get(f"{url}/events", params={"legal_moves": "true"}, headers=served.headers("alice")).json()
        assert len(events["legal_moves"]) == 200 and events["legal_moves_total"] == listing["total"]
