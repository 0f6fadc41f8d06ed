"""The match seed drives every chance in a match: only organizers may read it."""

from __future__ import annotations

from tests.api.helpers import Duel

ORGANIZER = {"Authorization": "Bearer test-admin-token"}


def test_players_and_spectators_read_seed_zero_organizers_the_real_one(http):
    duel = Duel(http)
    for headers in (duel.white, duel.red, {}):
        [created, *_] = http.get(f"{duel.url}/events", headers=headers).json()["events"]
        assert created["event"]["type"] == "match_created" and created["event"]["seed"] == 0
    [created, *_] = http.get(f"{duel.url}/events", headers=ORGANIZER).json()["events"]
    assert created["event"]["seed"] != 0
