"""Exports (domain/tournaments/export.py): one clean CSV per table, ids and names, the format's columns,
byes, forfeits and corrections visible; JSON likewise."""

import csv
import io
import json

import pytest

from domain.errors import InvalidCommand
from domain.tournaments import (
    GAME_COLUMNS, advance, columns, correct, create, export_csv, export_json, pairings, record, standings, withdraw,
)

NAMES = {"a": "Ann", "b": "Bob, Jr.", "c": "Cid"}


def table(text):
    rows = list(csv.reader(io.StringIO(text)))
    assert all(len(r) == len(rows[0]) for r in rows)  # no overloaded or ragged rows
    return [dict(zip(rows[0], r)) for r in rows[1:]]


@pytest.mark.parametrize("fmt, extra, absent", [
    ("swiss", ["buchholz", "sonneborn_berger"], ["round_reached"]),
    ("round_robin", [], ["buchholz", "sonneborn_berger", "round_reached"]),
    ("single_elimination", ["round_reached"], ["buchholz", "sonneborn_berger"]),
])
def test_standings_carry_only_the_columns_of_the_format(fmt, extra, absent):
    assert columns(fmt) == ("rank", "player", "points", *extra, "withdrawn")
    t = create(fmt, ["a", "b", "c"], seed=0)
    header = export_csv(t, "standings", NAMES).splitlines()[0].split(",")
    assert header == ["rank", "player_id", "player_name", "points", *extra, "withdrawn"]
    assert not set(absent) & set(header)
    doc = json.loads(export_json(t, NAMES))
    assert all(set(row) == set(header) for row in doc["standings"])


def test_the_games_table_shows_names_byes_forfeits_and_corrections():
    t = create("round_robin", ["a", "b", "c"], seed=0)  # three players: one bye a round
    (game,) = pairings(t)
    t = correct(record(t, 1, game.table, game.seats[0]), 1, game.table, None, by="referee", at=42)
    t = withdraw(advance(t), "c")
    rows = table(export_csv(t, "games", NAMES))
    assert list(rows[0]) == list(GAME_COLUMNS)
    first = rows[0]
    assert (first["first_id"], first["first_name"]) == (game.seats[0], NAMES[game.seats[0]])
    assert (first["result"], first["corrected_from"], first["corrected_by"], first["corrected_at"]) == (
        "draw", game.seats[0], "referee", "42")
    byes = [r for r in rows if r["result"] == "bye"]
    assert len(byes) == 2 and all(r["table"] == r["second_id"] == "" and r["winner_id"] == r["first_id"] for r in byes)
    forfeits = [r for r in rows if r["forfeit"] == "true"]
    assert len(forfeits) == 1 and forfeits[0]["winner_id"] != "c" and forfeits[0]["winner_name"] in NAMES.values()
    named = {(r["first_id"], r["first_name"]) for r in rows} | {(r["second_id"], r["second_name"]) for r in rows}
    assert ("b", "Bob, Jr.") in named  # a comma in a name stays inside its cell


def test_pending_games_and_unnamed_players():
    t = create("single_elimination", ["a", "b", "c", "d"], seed=0)
    rows = table(export_csv(t, "games"))
    assert {r["result"] for r in rows} == {"pending"} and all(r["first_name"] == r["first_id"] for r in rows)


def test_json_has_the_value_names_corrections_and_marks_withdrawn_players():
    t = create("swiss", ["a", "b", "c", "d"], seed=0, options={"rounds": 2})
    t = record(t, 1, 1, "a")
    t = correct(t, 1, 1, "b", by="td", at=7)
    t = withdraw(t, "d")
    doc = json.loads(export_json(t, NAMES))
    assert doc["names"] == {"a": "Ann", "b": "Bob, Jr.", "c": "Cid", "d": "d"}
    assert doc["corrections"] == [{"round": 1, "table": 1, "previous": "a", "winner": "b", "by": "td", "at": 7}]
    assert [w["player"] for w in doc["withdrawals"]] == ["d"]
    marked = {row["player_id"]: row["withdrawn"] for row in doc["standings"]}
    assert marked == {s.player: s.player == "d" for s in standings(t)}
    assert doc["columns"]["games"] == list(GAME_COLUMNS)


def test_an_unknown_table_is_refused():
    with pytest.raises(InvalidCommand) as e:
        export_csv(create("swiss", ["a", "b"]), "players")
    assert e.value.code == "unknown_export_table"
