"""Tournaments run the way organizers run them, over HTTP against the real Redis: sign-up, leaving
and withdrawing, starting, pausing and resuming, replacing a player, correcting a result, names in
the standings and exports, and every limit tried past its bound."""

from __future__ import annotations

import csv
import io
import time

from tests.api.tournament_driving import Person, api, consent, game_of, play  # noqa: F401 (api: a fixture)

SIGN_UP = {"name": "open cup", "format": "round_robin", "game": "trax", "registration": True}


def test_players_sign_up_and_leave_until_the_organizer_starts_the_tournament(api, admin_headers):  # noqa: F811
    org = Person(api, admin_headers, organizer=True)
    a, b, c = Person(api), Person(api), Person(api)
    created = api.post("/tournaments", json=SIGN_UP, headers=org.headers)
    assert created.status_code == 201, created.text
    tid = created.json()["id"]
    assert created.json()["status"] == "registering" and created.json()["players"] == []
    for who in (b, a, c):
        assert api.post(f"/tournaments/{tid}/players/me", headers=who.headers).status_code == 200
    again = api.post(f"/tournaments/{tid}/players/me", headers=a.headers)
    assert again.status_code == 409 and again.json()["code"] == "already_registered"
    left = api.delete(f"/tournaments/{tid}/players/me", headers=c.headers)
    assert left.status_code == 200 and left.json()["players"] == [b.id, a.id]
    assert api.delete(f"/tournaments/{tid}/players/me", headers=c.headers).json()["code"] == "not_registered"
    assert api.post(f"/tournaments/{tid}/start", headers=a.headers).json()["code"] == "organizer_only"
    assert api.post(f"/tournaments/{tid}/pause", headers=org.headers).json()["code"] == "tournament_not_started"
    assert api.get(f"/tournaments/{tid}/export").json()["code"] == "tournament_not_started"

    started = api.post(f"/tournaments/{tid}/start", headers=org.headers)
    assert started.status_code == 200, started.text
    view = started.json()
    assert view["status"] == "running" and view["players"] == [b.id, a.id]  # seeded in the order of sign-up
    assert view["names"] == {a.id: a.name, b.id: b.name}
    match = api.get(f"/matches/{view['rounds'][0]['games'][0]['match_id']}").json()
    assert sorted(s["account_id"] for s in match["seats"].values()) == sorted([a.id, b.id])
    late = api.post(f"/tournaments/{tid}/players/me", headers=c.headers)
    assert late.status_code == 409 and late.json()["code"] == "registration_closed"
    assert api.post(f"/tournaments/{tid}/start", headers=org.headers).json()["code"] == "tournament_started"

    consent(api, org, a)  # named by the organizer: only with its consent
    lonely = api.post("/tournaments", json={**SIGN_UP, "players": [a.id]}, headers=org.headers).json()
    refused = api.post(f"/tournaments/{lonely['id']}/start", headers=org.headers)
    assert refused.status_code == 422 and refused.json()["code"] == "too_few_players"
    assert api.get(f"/tournaments/{lonely['id']}").json()["status"] == "registering"  # nothing changed


def test_the_registration_closes_at_its_time(api, admin_headers):  # noqa: F811
    org, a = Person(api, admin_headers, organizer=True), Person(api)
    past = api.post("/tournaments", json={**SIGN_UP, "registration_closes_at": 5}, headers=org.headers)
    assert past.status_code == 422 and past.json()["code"] == "start_in_past"
    closes_at = int(time.time() * 1000) + 1_000
    tid = api.post("/tournaments", json={**SIGN_UP, "registration_closes_at": closes_at}, headers=org.headers).json()["id"]
    while int(time.time() * 1000) < closes_at + 50:
        time.sleep(0.1)
    closed = api.post(f"/tournaments/{tid}/players/me", headers=a.headers)
    assert closed.status_code == 409 and closed.json()["code"] == "registration_closed"


def test_a_player_who_withdraws_after_the_start_forfeits_the_rest(api, admin_headers):  # noqa: F811
    org = Person(api, admin_headers, organizer=True)
    a, b, c = Person(api), Person(api), Person(api)
    consent(api, org, a, b, c)
    body = {"name": "rr", "format": "round_robin", "game": "trax", "players": [a.id, b.id, c.id]}
    view = api.post("/tournaments", json=body, headers=org.headers).json()
    game = view["rounds"][0]["games"][0]
    quitter_id = game["players"][1]
    quitter = next(p for p in (a, b, c) if p.id == quitter_id)
    opponent = game["players"][0]
    withdrawn = api.delete(f"/tournaments/{view['id']}/players/me", headers=quitter.headers)
    assert withdrawn.status_code == 200, withdrawn.text
    view = withdrawn.json()
    assert view["withdrawals"] == [{"round": 1, "player": quitter_id, "replaced_by": None}]
    forfeited = view["rounds"][0]["games"][0]
    assert forfeited["finished"] and forfeited["winner"] == opponent and forfeited["forfeit"]
    assert api.get(f"/matches/{game['match_id']}").json()["status"] in ("finished", "aborted")  # its match ended
    assert next(s for s in view["standings"] if s["player"] == quitter_id)["withdrawn"]
    again = api.delete(f"/tournaments/{view['id']}/players/me", headers=quitter.headers)
    assert again.status_code == 409 and again.json()["code"] == "already_withdrawn"
    # round 2: the quitter's game is a forfeit recorded with the round, and has no match
    later = [g for r in view["rounds"][1:] for g in r["games"] if quitter_id in g["players"]]
    for g in later:
        assert g["finished"] and g["forfeit"]
        assert api.get(f"/matches/{g['match_id']}").status_code == 404
    stranger = Person(api)
    refused = api.delete(f"/tournaments/{view['id']}/players/{a.id}", headers=stranger.headers)
    assert refused.status_code == 403 and refused.json()["code"] == "organizer_only"


def test_pause_replace_resume_and_correct(api, admin_headers):  # noqa: F811
    org = Person(api, admin_headers, organizer=True)
    a, b, c, d, e = (Person(api) for _ in range(5))
    people = {p.id: p for p in (a, b, c, d, e)}
    consent(api, org, a, b, c, d, e)
    body = {"name": "league", "format": "round_robin", "game": "trax", "players": [a.id, b.id, c.id, d.id]}
    view = api.post("/tournaments", json=body, headers=org.headers).json()
    tid = view["id"]
    assert api.post(f"/tournaments/{tid}/pause", headers=org.headers).json()["status"] == "paused"
    assert api.post(f"/tournaments/{tid}/pause", headers=org.headers).json()["code"] == "tournament_paused"
    busy = api.post(f"/tournaments/{tid}/replacements", json={"player": d.id, "replaced_by": e.id}, headers=org.headers)
    assert busy.status_code == 409 and busy.json()["code"] == "player_is_playing"
    for g in view["rounds"][0]["games"]:  # the round being played goes on while paused
        play(api, g["match_id"], people[g["players"][0]], people[g["players"][1]])
    view = api.get(f"/tournaments/{tid}").json()
    assert view["status"] == "paused" and len(view["rounds"]) == 2  # round 2 is paired...
    assert all(api.get(f"/matches/{g['match_id']}").status_code == 404 for g in view["rounds"][1]["games"])  # ...not started

    for change, status, code in [({"player": d.id, "replaced_by": a.id}, 422, "already_entered"),
                                 ({"player": d.id, "replaced_by": "a_nobody"}, 422, "unknown_account"),
                                 ({"player": e.id, "replaced_by": d.id}, 422, "unknown_player")]:
        r = api.post(f"/tournaments/{tid}/replacements", json=change, headers=org.headers)
        assert (r.status_code, r.json()["code"]) == (status, code), r.text
    replaced = api.post(f"/tournaments/{tid}/replacements", json={"player": d.id, "replaced_by": e.id},
                        headers=org.headers)
    assert replaced.status_code == 200, replaced.text
    assert replaced.json()["replacements"] == [{"round": 2, "player": d.id, "replaced_by": e.id}]
    assert replaced.json()["names"][e.id] == e.name
    resumed = api.post(f"/tournaments/{tid}/resume", headers=org.headers).json()
    assert resumed["status"] == "running"
    match = api.get(f"/matches/{game_of(resumed, 2, e.id)['match_id']}").json()  # e plays d's game
    assert e.id in [s["account_id"] for s in match["seats"].values()]
    assert api.post(f"/tournaments/{tid}/resume", headers=org.headers).json()["code"] == "not_paused"

    first = resumed["rounds"][0]["games"][0]
    by_player = api.post(f"/tournaments/{tid}/corrections", json={"round": 1, "table": 1, "winner": None},
                         headers=a.headers)
    assert by_player.status_code == 403
    for change, status, code in [({"round": 9, "table": 1, "winner": None}, 422, "unknown_round"),
                                 ({"round": 1, "table": 1, "winner": first["players"][0]}, 422, "result_unchanged"),
                                 ({"round": 2, "table": 1, "winner": None}, 409, "result_not_recorded")]:
        r = api.post(f"/tournaments/{tid}/corrections", json=change, headers=org.headers)
        assert (r.status_code, r.json()["code"]) == (status, code), r.text
    corrected = api.post(f"/tournaments/{tid}/corrections", json={"round": 1, "table": 1, "winner": None},
                         headers=org.headers)
    assert corrected.status_code == 200, corrected.text
    fix = corrected.json()["corrections"][0]
    assert (fix["round"], fix["table"], fix["previous"], fix["winner"], fix["by"]) == (1, 1, first["players"][0], None, org.id)
    points = {s["player"]: s["points"] for s in corrected.json()["standings"]}
    now_in = {d.id: e.id}  # e carries d's points
    assert points[now_in.get(first["players"][0], first["players"][0])] == 0.5
    assert points[now_in.get(first["players"][1], first["players"][1])] == 0.5

    names = {p.id: p.name for p in (a, b, c, d, e)}
    standings = api.get(f"/tournaments/{tid}/standings").json()
    assert all(s["name"] == names[s["player"]] for s in standings)
    rows = list(csv.DictReader(io.StringIO(api.get(f"/tournaments/{tid}/export",
                                                   params={"format": "csv", "table": "games"}).text)))
    fixed = next(r for r in rows if (r["round"], r["table"]) == ("1", "1"))
    assert fixed["result"] == "draw" and fixed["corrected_by"] == org.id and fixed["first_name"] == names[first["players"][0]]
    table = list(csv.DictReader(io.StringIO(api.get(f"/tournaments/{tid}/export", params={"format": "csv"}).text)))
    assert {r["player_id"]: r["player_name"] for r in table} == {p: names[p] for p in resumed["players"]}
    exported = api.get(f"/tournaments/{tid}/export").json()
    assert exported["corrections"][0]["by"] == org.id and exported["names"][e.id] == e.name
    records = api.get(f"/tournaments/{tid}/export", params={"format": "records", "limit": 2}).json()
    assert [(r["round"], r["table"]) for r in records] == [(1, 1), (1, 2)]
    assert all(names[p] in records[0]["record"] for p in first["players"])
    assert api.get(f"/tournaments/{tid}/export", params={"format": "records", "limit": 101}).status_code == 400


def test_limits_are_refused_with_their_codes(api, admin_headers):  # noqa: F811
    org = Person(api, admin_headers, organizer=True)
    people = [Person(api) for _ in range(7)]
    consent(api, org, *people)
    players = [p.id for p in people]
    body = {"name": "big", "format": "round_robin", "game": "trax"}
    day = 86_400_000
    soon = int(time.time() * 1000) + 60_000
    for change, status, code in [
        ({"players": players}, 422, "too_many_players"),                                     # 7 > 6
        ({"players": players[:4], "format_options": {"double": True}}, 422, "too_many_rounds"),  # 6 > 5
        ({"players": players[:4], "schedule": {"first_round_at": soon, "round_spacing_ms": day}}, 422,
         "schedule_too_long"),                                                                # 3 days > 1
        ({"players": players, "registration": True}, 422, "too_many_players"),
    ]:
        r = api.post("/tournaments", json={**body, **change}, headers=org.headers)
        assert (r.status_code, r.json()["code"]) == (status, code), (change, r.text)
    opened = [api.post("/tournaments", json={**SIGN_UP, "players": players[:1]}, headers=org.headers) for _ in range(2)]
    assert all(r.status_code == 201 for r in opened)
    third = api.post("/tournaments", json=SIGN_UP, headers=org.headers)
    assert third.status_code == 409 and third.json()["code"] == "too_many_open_registrations"
    tid = opened[0].json()["id"]
    joiners = [Person(api) for _ in range(6)]
    for who in joiners[:5]:
        assert api.post(f"/tournaments/{tid}/players/me", headers=who.headers).status_code == 200
    full = api.post(f"/tournaments/{tid}/players/me", headers=joiners[5].headers)
    assert full.status_code == 409 and full.json()["code"] == "tournament_full"
    assert api.post(f"/tournaments/{tid}/start", headers=org.headers).status_code == 200
    assert api.post("/tournaments", json=SIGN_UP, headers=org.headers).status_code == 201  # one slot freed


def test_the_organizer_signs_up_and_removes_other_accounts_a_player_only_itself(api, admin_headers):  # noqa: F811
    org, a, b = Person(api, admin_headers, organizer=True), Person(api), Person(api)
    tid = api.post("/tournaments", json=SIGN_UP, headers=org.headers).json()["id"]
    refused = api.post(f"/tournaments/{tid}/players/{b.id}", headers=a.headers)
    assert refused.status_code == 403 and refused.json()["code"] == "organizer_only"
    added = api.post(f"/tournaments/{tid}/players/bot_random_3", headers=org.headers)
    assert added.status_code == 200 and added.json()["names"] == {"bot_random_3": "random-bot-3"}
    assert api.post(f"/tournaments/{tid}/players/a_nobody", headers=org.headers).json()["code"] == "unknown_account"
    assert api.post(f"/tournaments/{tid}/players/{a.id}", headers=a.headers).status_code == 200  # its own id
    removed = api.delete(f"/tournaments/{tid}/players/bot_random_3", headers=org.headers)
    assert removed.status_code == 200 and removed.json()["players"] == [a.id]
    assert api.post("/tournaments/t000000000000/players/me", headers=a.headers).json()["code"] == "tournament_not_found"
    assert api.post(f"/tournaments/{tid}/players/me").status_code == 401
