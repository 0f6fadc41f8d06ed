"""What a bot needs to play fast: a long-poll page that says where the match stands and, asked, the
caller's legal moves; ``POST /turn`` (a move and the wait for what follows, in one request); and
commands that stay right when the API process deciding them saw the match last a move ago."""

from __future__ import annotations

import asyncio
import threading

import msgspec

from service.matches.event_store import summary_key
from service.matches.visibility import Actor
from service.wiring import connect
from tests.api.helpers import G3, Duel


def events_page(duel: Duel, seat: str, **params) -> dict:
    r = duel.http.get(f"{duel.url}/events", params=params, headers=duel.seat_headers(seat))
    assert r.status_code == 200, r.text
    return r.json()


def test_a_page_says_where_the_match_stands_and_lists_the_callers_legal_moves_when_asked(http):
    duel = Duel(http).ready()
    white = events_page(duel, "white", after=0, legal_moves="true")
    assert white["version"] == white["events"][-1]["version"] == len(white["events"])
    assert (white["status"], white["to_move"]) == ("running", ["white"])
    assert white["legal_moves"] == [{"move": m, "command": {"type": "play", "move": m}} for m in ("@0+", "@0/")]
    assert events_page(duel, "red", after=0, legal_moves="true")["legal_moves"] == []  # not red's turn
    assert events_page(duel, "white", after=0)["legal_moves"] is None  # not asked

    duel.play_all(G3)
    over = events_page(duel, "red", after=white["version"], legal_moves="true")
    assert (over["status"], over["to_move"], over["legal_moves"]) == ("finished", [], [])
    assert over["version"] == over["events"][-1]["version"] == white["version"] + len(G3)


def test_a_turn_plays_and_answers_with_the_opponents_reply_and_the_legal_moves_after_it(http):
    duel = Duel(http).ready()
    answers = {}

    def white_turn():
        answers["white"] = http.post(f"{duel.url}/turn", params={"wait": 20}, json={"type": "play", "move": "@0+"},
                                     headers=duel.white)

    waiting = threading.Thread(target=white_turn)
    waiting.start()
    red_turn = events_page(duel, "red", after=5, wait=10, legal_moves="true")  # white's move reaches red
    assert [e["event"]["move"] for e in red_turn["events"]] == ["@0+"] and red_turn["legal_moves"]
    assert waiting.is_alive()  # white still waits for red
    assert duel.play("@1+", "red").status_code == 200
    waiting.join(timeout=20)

    answer = answers["white"]
    assert answer.status_code == 200, answer.text
    accepted, following = answer.json()["accepted"], answer.json()["next"]
    assert [e["event"]["move"] for e in accepted["events"]] == ["@0+"]
    assert [e["event"]["move"] for e in following["events"]] == ["@1+"]
    assert following["version"] == accepted["version"] + 1 and following["to_move"] == ["white"]
    assert following["legal_moves"] == events_page(duel, "white", after=0, legal_moves="true")["legal_moves"]


def test_the_turn_that_ends_the_match_is_answered_at_once_and_so_is_a_long_poll_after_the_end(http):
    """Nothing follows the end of a match, so neither waits for its ``wait``."""
    duel = Duel(http).ready()
    duel.play_all(G3[:-1])
    last = http.post(f"{duel.url}/turn", params={"wait": 60}, json={"type": "play", "move": G3[-1]},
                     headers=duel.red)
    assert last.status_code == 200, last.text
    assert last.elapsed.total_seconds() < 30  # not the 60 s wait (30 s of room for a busy machine)
    following = last.json()["next"]
    assert (following["status"], following["events"], following["legal_moves"]) == ("finished", [], [])
    assert following["version"] == last.json()["accepted"]["version"]

    for seat in ("white", "red"):
        r = http.get(f"{duel.url}/events", params={"after": following["version"], "wait": 60},
                     headers=duel.seat_headers(seat))
        assert r.status_code == 200 and r.elapsed.total_seconds() < 30
        assert (r.json()["status"], r.json()["events"]) == ("finished", [])


def test_a_refused_turn_is_a_problem_at_once_and_a_repeated_one_plays_once(http):
    duel = Duel(http).ready()
    refused = http.post(f"{duel.url}/turn", params={"wait": 60}, json={"type": "play", "move": "@0+"},
                        headers=duel.red)
    assert refused.status_code == 409 and refused.json()["code"] == "not_your_turn"
    assert refused.elapsed.total_seconds() < 30

    key = {"Idempotency-Key": "turn-1", **duel.white}
    first = http.post(f"{duel.url}/turn", params={"wait": 0}, json={"type": "play", "move": "@0+"}, headers=key)
    again = http.post(f"{duel.url}/turn", params={"wait": 0}, json={"type": "play", "move": "@0+"}, headers=key)
    assert first.status_code == again.status_code == 200
    assert first.json()["accepted"] == again.json()["accepted"]
    assert [e["event"]["type"] for e in events_page(duel, "white", after=5)["events"]] == ["played"]


def test_a_process_that_saw_the_match_a_move_ago_decides_on_the_match_as_it_is(http, settings, redis_client):
    """Two API processes share one Redis: each decides on the state it last saw; a decision on a
    stale one is never recorded, and a refusal of a stale one is decided again."""
    duel = Duel(http).ready()
    white, red = duel.white_id, duel.red_id

    def play(move: str) -> bytes:
        return msgspec.json.encode({"type": "play", "move": move})

    async def scenario() -> list[int]:
        first, second = connect(settings), connect(settings)
        try:
            one, two = first.matches, second.matches
            versions = []
            for service, account, move in ((one, white, G3[0]), (two, red, G3[1]),  # one is a move behind
                                           (one, white, G3[2]),                     # ... and decides again
                                           (two, red, G3[3]),                       # two is behind: refused at
                                           ):                                       # first, then decided again
                accepted = msgspec.json.decode(await service.execute(duel.id, play(move), Actor(account=account)))
                versions.append(accepted["version"])
            return versions
        finally:
            await first.close()
            await second.close()

    versions = asyncio.run(scenario())
    assert versions == [6, 7, 8, 9]
    moves = [e["event"]["move"] for e in events_page(duel, "white", after=5)["events"]]
    assert moves == G3[:4]
    summary = msgspec.json.decode(redis_client.get(summary_key(duel.id)))
    assert summary["version"] == 9  # written with the events by the append script
