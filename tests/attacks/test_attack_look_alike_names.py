"""Issue 28, item 4, against the served server: names that read as another account's (case,
I/l/1, O/0, runs of punctuation, a trailing dot), as a built-in bot's name or id, as the admin's or
as an account id are refused; bots and organizers are marked as such wherever names are shown. On
the main of that day every name below was accepted, and the person trying the site made both
``rival`` and ``Rival``."""

from __future__ import annotations

import json
import secrets
import time

import httpx
import pytest

from tests.attacks.shared_fixtures import client, ids  # noqa: F401  (fixtures)
from tests.attacks.targets import is_problem


def _open(client: httpx.Client, name: str) -> httpx.Response:  # noqa: F811
    return client.post("/accounts", json={"name": name})


@pytest.mark.parametrize("name", ["ALICE", "aIice", "a1ice", "Alice.", "alice_", "b0b", "B0B", "BoB--"])
def test_a_name_that_reads_as_an_existing_one_is_taken(client, name):  # noqa: F811
    assert is_problem(_open(client, name), 409, "name_taken")


def test_rival_then_Rival_is_refused(client):  # noqa: F811
    rival = f"rival{secrets.token_hex(3)}"
    assert _open(client, rival).status_code == 201
    for look_alike in (rival.capitalize(), rival.upper(), rival.replace("i", "I"), rival + ".", "_" + rival):
        assert is_problem(_open(client, look_alike), 409, "name_taken"), look_alike


def test_runs_of_punctuation_inside_a_name_read_as_one(client):  # noqa: F811
    tag = secrets.token_hex(3)
    assert _open(client, f"dot.{tag}.o").status_code == 201
    for look_alike in (f"dot_{tag}_o", f"dot--{tag}-0", f"DOT._-{tag}__.O", f"d0t-{tag}.0."):
        assert is_problem(_open(client, look_alike), 409, "name_taken"), look_alike
    assert _open(client, f"dot{tag}o").status_code == 201  # no separator at all is another name


@pytest.mark.parametrize("name", ["Admin", "admin.", "ADM1N", "a_admin", "sane_bot_1", "SANE-BOT-3", "bot_random_1",
                                  "random-bot-9", "bot_sane_99", "root", "System"])
def test_reserved_names_are_refused(client, name):  # noqa: F811
    assert is_problem(_open(client, name), 422, "name_reserved")


def test_an_account_id_is_not_a_name(client, ids):  # noqa: F811
    assert is_problem(_open(client, ids["alice"]), 422, "name_reserved")  # a_611a48397b38 in the issue
    assert is_problem(_open(client, ids["alice"].upper()), 422, "name_reserved")
    assert is_problem(_open(client, "a_" + secrets.token_hex(6)), 422, "name_reserved")


def test_ordinary_names_still_open_accounts(client):  # noqa: F811
    for name in (f"robot{secrets.token_hex(2)}", f"a-team-{secrets.token_hex(2)}", f"Élise{secrets.token_hex(2)}"):
        answer = _open(client, name)
        assert answer.status_code == (400 if name.startswith("É") else 201), (name, answer.text)  # ASCII only


def test_bots_and_organizers_are_marked_where_names_are_shown(served, client, ids):  # noqa: F811
    admin, alice = served.headers("admin"), served.headers("alice")
    assert client.get("/accounts/me", headers=alice).json()["kind"] == "player"
    assert client.get("/accounts/me", headers=admin).json()["kind"] == "organizer"
    assert client.get(f"/accounts/{ids['alice']}").json()["kind"] == "player"
    assert client.get("/accounts/bot_sane_1").json()["kind"] == "bot"
    match = client.post("/matches", headers=alice, json={"game": "trax", "seats": {"white": ids["alice"],
                                                                                   "red": "bot_sane_1"}})
    assert match.status_code == 201, match.text
    seats = match.json()["seats"]
    assert (seats["white"]["kind"], seats["red"]["kind"]) == ("player", "bot")
    challenges = client.get("/accounts/me/challenges", headers=served.headers("bob")).json()["received"]
    assert {(c["challenger_kind"], c["invited_kind"]) for c in challenges} == {("player", "player")}
    admin_id = served.tokens["ADMIN_ID"]
    organized = client.post("/matches", headers=admin, json={"game": "trax", "rated": False,
                                                             "seats": {"white": admin_id, "red": "bot_sane_2"}})
    assert organized.status_code == 201, organized.text
    assert organized.json()["seats"]["white"]["kind"] == "organizer"
    cup = client.post("/tournaments", headers=admin, json={
        "name": "marks", "format": "round_robin", "game": "trax", "players": ["bot_random_1", admin_id]})
    assert cup.status_code == 201, cup.text
    assert cup.json()["kinds"] == {"bot_random_1": "bot", admin_id: "organizer"}
    standings = client.get(f"/tournaments/{cup.json()['id']}/standings").json()
    assert {s["player"]: s["kind"] for s in standings} == cup.json()["kinds"]
    url, give_up = f"/matches/{organized.json()['id']}", time.monotonic() + 120
    while (status := client.get(url).json()["status"]) != "running":  # (the bot says it is ready)
        assert time.monotonic() < give_up, status
        if status == "waiting":
            client.post(f"{url}/ready", headers=admin)
        time.sleep(0.3)
    assert client.post(f"{url}/resign", headers=admin).status_code == 200
    games = [json.loads(line) for line in client.get(f"/accounts/{admin_id}/games").text.splitlines()]
    [played] = [g for g in games if g["match_id"] == organized.json()["id"]]
    assert {p["account_id"]: p["kind"] for p in played["seats"].values()} == {admin_id: "organizer",
                                                                              "bot_sane_2": "bot"}
