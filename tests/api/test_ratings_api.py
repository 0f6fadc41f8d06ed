"""Ratings over HTTP: a rated game updates both players (profile, history, leaderboard); casual,
aborted and unstarted matches do not count; bots are rated; bad input is a problem; the result of
a game whose process died before the ratings listener is recorded from the append's outbox entry;
a rebuild from the streams gives the same ratings."""

from __future__ import annotations

import asyncio

from service.__main__ import rebuild_read_models
from service.matches.outbox import Outbox
from service.matches.visibility import Actor
from service.ratings.model import Standing, rated
from service.wiring import connect
from tests.conftest import new_account


def a_game(http, white, red, *, loser=None, rated_match: bool | None = None, start: bool = True) -> str:
    """A Trax match between two accounts (``(id, headers)``); ``loser`` resigns once it started."""
    body = {"game": "trax", "seats": {"white": white[0], "red": red[0]}}
    if rated_match is not None:
        body["rated"] = rated_match
    r = http.post("/matches", json=body, headers=white[1])
    assert r.status_code == 201, r.text
    match_id = r.json()["id"]
    if start:
        for who in (white, red):
            assert http.post(f"/matches/{match_id}/ready", headers=who[1]).status_code == 200
    if loser is not None:
        assert http.post(f"/matches/{match_id}/resign", headers=loser[1]).status_code == 200
    return match_id


def profile(http, account: str) -> dict:
    r = http.get(f"/accounts/{account}")
    assert r.status_code == 200, r.text
    return r.json()


def test_a_rated_game_moves_both_ratings_as_the_model_says(http):
    alice, bob = new_account(http, "ra"), new_account(http, "rb")
    match_id = a_game(http, alice, bob, loser=bob)
    assert http.get(f"/matches/{match_id}").json()["rated"] is True
    winner, loser = rated(Standing(), Standing(), 1.0)

    mine = profile(http, alice[0])
    assert mine["id"] == alice[0] and mine["name"].startswith("ra") and mine["is_bot"] is False
    assert mine["level"] is None and mine["current_matches"] == []
    assert mine["ratings"] == {"trax": {"rating": winner.rating, "deviation": winner.deviation, "games": 1,
                                        "wins": 1, "losses": 0, "draws": 0, "provisional": True}}
    theirs = profile(http, bob[0])["ratings"]["trax"]
    assert (theirs["rating"], theirs["losses"], theirs["wins"]) == (loser.rating, 1, 0)

    history = http.get(f"/accounts/{alice[0]}/ratings/trax").json()
    finished_at = http.get(f"/matches/{match_id}").json()["finished_at"]
    assert history == {"account_id": alice[0], "game": "trax", "offset": 0, "entries": [
        {"match_id": match_id, "finished_at": finished_at, "outcome": "win", "rating": winner.rating,
         "deviation": winner.deviation, "games": 1}]}

    board = http.get("/games/trax/leaderboard", params={"provisional": "true", "limit": 200}).json()
    rows = {row["account_id"]: row for row in board["rows"]}
    assert rows[alice[0]]["rank"] < rows[bob[0]]["rank"] and rows[alice[0]]["name"] == mine["name"]
    assert [row["rank"] for row in board["rows"]] == list(range(1, len(board["rows"]) + 1))
    ratings = [row["rating"] for row in board["rows"]]
    assert ratings == sorted(ratings, reverse=True)
    established = http.get("/games/trax/leaderboard", params={"limit": 200}).json()
    assert alice[0] not in str(established) and established["provisional"] is False  # one game: provisional


def test_the_history_is_newest_first_and_paged(http):
    alice, bob = new_account(http, "hi"), new_account(http, "hi")
    played = [a_game(http, alice, bob, loser=loser) for loser in (alice, bob, bob)]
    entries = http.get(f"/accounts/{alice[0]}/ratings/trax").json()["entries"]
    assert [e["match_id"] for e in entries] == played[::-1]
    assert [e["outcome"] for e in entries] == ["win", "win", "loss"] and [e["games"] for e in entries] == [3, 2, 1]
    page = http.get(f"/accounts/{alice[0]}/ratings/trax", params={"offset": 1, "limit": 1}).json()
    assert page["offset"] == 1 and page["entries"] == entries[1:2]
    assert http.get(f"/accounts/{alice[0]}/ratings/cairo").json()["entries"] == []


def test_casual_aborted_and_unstarted_matches_do_not_count(http, admin_headers):
    alice, bob = new_account(http, "ca"), new_account(http, "cb")
    casual = a_game(http, alice, bob, loser=bob, rated_match=False)
    assert http.get(f"/matches/{casual}").json()["rated"] is False
    declined = a_game(http, alice, bob, start=False)
    assert http.post(f"/matches/{declined}/decline", headers=bob[1]).status_code == 200
    r = http.post("/matches", headers=admin_headers, json={"game": "trax", "seats": {"white": alice[0], "red": bob[0]}})
    aborted = r.json()["id"]
    for who in (alice, bob):
        assert http.post(f"/matches/{aborted}/ready", headers=who[1]).status_code == 200
    assert http.post(f"/matches/{aborted}/commands", headers=admin_headers, json={"type": "abort"}).status_code == 200
    running = a_game(http, alice, bob)

    mine = profile(http, alice[0])
    assert mine["ratings"] == {} and mine["current_matches"] == [running]
    assert http.get(f"/accounts/{alice[0]}/ratings/trax").json()["entries"] == []


def test_bulk_created_matches_carry_rated(http, admin_headers):
    alice, bob = new_account(http, "bu"), new_account(http, "bu")
    seats = {"white": alice[0], "red": bob[0]}
    r = http.post("/matches/bulk", headers=admin_headers,
                  json={"matches": [{"game": "trax", "seats": seats, "rated": False}, {"game": "trax", "seats": seats}]})
    assert r.status_code == 201, r.text
    assert [m["rated"] for m in r.json()] == [False, True]
    r = http.post("/matches", headers=alice[1], json={"game": "trax", "seats": seats, "rated": "yes"})
    assert r.status_code == 400 and r.json()["code"] == "bad_request"


def test_bots_are_rated_and_have_a_profile(http, settings):
    alice = new_account(http, "bo")
    r = http.post("/matches", headers=alice[1], json={"game": "trax", "seats": {"white": alice[0], "red": "bot_random_7"}})
    match_id = r.json()["id"]
    assert http.post(f"/matches/{match_id}/ready", headers=alice[1]).status_code == 200

    async def bot_accepts():  # what the workers do for it (none runs here)
        services = connect(settings)
        try:
            await services.matches.execute(match_id, b'{"type":"ready"}', Actor(account="bot_random_7"))
        finally:
            await services.close()

    asyncio.run(bot_accepts())
    assert http.post(f"/matches/{match_id}/resign", headers=alice[1]).status_code == 200
    bot = profile(http, "bot_random_7")
    assert bot["is_bot"] is True and bot["level"] == 0 and bot["level_name"] == "random"
    assert bot["name"] == "random-bot-7" and bot["ratings"]["trax"]["wins"] >= 1


def test_unknown_accounts_games_and_bad_pages_are_problems(http):
    account, _ = new_account(http, "un")
    for path in ("/accounts/nobody", "/accounts/nobody/ratings/trax"):
        r = http.get(path)
        assert r.status_code == 404 and r.json()["code"] == "account_not_found", path
    for path in (f"/accounts/{account}/ratings/chess", "/games/chess/leaderboard"):
        r = http.get(path)
        assert r.status_code == 404 and r.json()["code"] == "game_not_found", path
    for params in ({"limit": 201}, {"limit": 0}, {"offset": -1}, {"offset": 1_000_001}, {"provisional": "maybe"}):
        r = http.get("/games/trax/leaderboard", params=params)
        assert r.status_code == 400 and r.json()["code"] == "bad_request", params
    r = http.get(f"/accounts/{account}/ratings/trax", params={"limit": 201})
    assert r.status_code == 400 and r.json()["code"] == "bad_request"
    r = http.get("/accounts/" + "x" * 65)
    assert r.status_code == 400
    assert http.get("/games/trax/leaderboard", params={"offset": 1_000_000}).json()["rows"] == []


class Killed(BaseException):
    """The process dies."""


def test_a_result_whose_process_died_before_the_ratings_listener_is_recorded_from_the_outbox(http, settings):
    alice, bob = new_account(http, "lo"), new_account(http, "lo")

    class DiesBeforeRating:
        async def changed(self, game, previous, state) -> None:
            if state.status == "finished":
                raise Killed

    async def play_and_die_at_the_end() -> str:
        services = connect(settings)
        listeners = services.matches.listeners
        listeners.insert(listeners.index(services.ratings), DiesBeforeRating())  # the process dies here
        try:
            from service.matches.match_service import NewMatch

            state = await services.matches.create(NewMatch(game="trax", seats={"white": alice[0], "red": bob[0]}))
            for who, command in ((alice[0], b'{"type":"ready"}'), (bob[0], b'{"type":"ready"}'),
                                 (bob[0], b'{"type":"resign"}')):
                try:
                    await services.matches.execute(state.match_id, command, Actor(account=who))
                except Killed:
                    pass
            return state.match_id
        finally:
            await services.close()

    async def a_workers_follower() -> None:
        services = connect(settings)
        try:
            await Outbox(services.store.pipe, services.matches, grace_ms=0).once()  # (the grace over)
        finally:
            await services.close()

    match_id = asyncio.run(play_and_die_at_the_end())
    assert "trax" not in profile(http, bob[0])["ratings"]  # (reads only read)
    asyncio.run(a_workers_follower())
    assert profile(http, bob[0])["ratings"]["trax"]["losses"] == 1
    assert [e["match_id"] for e in http.get(f"/accounts/{alice[0]}/ratings/trax").json()["entries"]] == [match_id]


def test_ratings_rebuilt_from_the_streams_equal_the_live_ones(http, settings):
    players = [new_account(http, "rr") for _ in range(3)]
    a, b, c = players
    for white, red, loser in ((a, b, b), (b, c, c), (c, a, c), (a, b, a), (b, c, b), (a, c, c)):
        a_game(http, white, red, loser=loser)
    a_game(http, a, b, loser=a, rated_match=False)
    ids = {p[0] for p in players}

    async def snapshot_rebuild_snapshot():
        services = connect(settings)
        try:
            live = await services.ratings.snapshot()
            await rebuild_read_models(services)
            return live, await services.ratings.snapshot()
        finally:
            await services.close()

    live, rebuilt = asyncio.run(snapshot_rebuild_snapshot())
    mine = {account: value for account, value in live["trax"].items() if account in ids}
    assert len(mine) == 3 and sum(s.games for s, _ in mine.values()) == 12
    assert {account: value for account, value in rebuilt["trax"].items() if account in ids} == mine
    # (only these players: other tests' matches played without the ratings listener are rated by the rebuild)


def test_games_ending_at_once_give_the_ratings_of_their_end_order(http):
    """Six games among four players resigned at the same time: the ratings are those of applying
    the results in the order the games ended (end time, then match id), history included."""
    from concurrent.futures import ThreadPoolExecutor

    from service.ratings.model import RatedResult, replay

    players = [new_account(http, "co") for _ in range(4)]
    pairs = [(0, 1), (2, 3), (0, 2), (1, 3), (0, 3), (1, 2)]
    games = [(a_game(http, players[w], players[r]), players[w], players[r]) for w, r in pairs]
    with ThreadPoolExecutor(6) as pool:
        list(pool.map(lambda g: http.post(f"/matches/{g[0]}/resign", headers=g[2][1]), games))
    results = []
    for match_id, white, red in games:
        view = http.get(f"/matches/{match_id}").json()
        assert view["result"]["winner"] == "white"
        results.append(RatedResult(match_id, "trax", (white[0], red[0]), 1.0, view["finished_at"]))
    standings, history = replay(results, {})
    for account, _ in players:
        assert profile(http, account)["ratings"]["trax"]["rating"] == standings[account].rating
        entries = http.get(f"/accounts/{account}/ratings/trax").json()["entries"]
        assert [(e["match_id"], e["rating"]) for e in entries] == [
            (h.split(" ")[0].partition(":")[2], float(h.split(" ")[2])) for h in history[account][::-1]]
