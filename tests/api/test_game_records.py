"""Game records over HTTP: a finished game of each game as text, what each reader may see of it,
and the replay of a Trax record by the Trax notation parser."""

from __future__ import annotations

import random

import httpx
import msgspec

from domain.game import Viewer
from domain.trax import TRAX, new_game, play, to_act
from tests.api.helpers import ADMIN, G3, Duel, Table
from tests.api.test_deepsea_over_http import PRESETS, SHORT_PREGAME, past_the_pregame

def record(http: httpx.Client, url: str, headers: dict | None = None) -> str:
    r = http.get(f"{url}/record", headers=headers or {})
    assert r.status_code == 200, r.text
    assert r.headers["content-type"] == "text/plain; charset=utf-8"
    assert r.headers["content-disposition"].startswith('inline; filename="')
    return r.text


def parts(text: str) -> tuple[dict[str, str], list[str]]:
    """The tags (name to value, as written) and the move lines of a record."""
    head, _, moves = text.partition("\n\n")
    tags = dict(line[1:-1].split(" ", 1) for line in head.splitlines())
    return {name: value[1:-1] for name, value in tags.items()}, moves.splitlines()


def keep(game: str, text: str) -> None:
    """Show the record of a finished game (``pytest -s`` prints it)."""
    print(f"\n----- {game} -----\n{text}")


def test_a_finished_trax_game_in_the_standard_notation_replays_to_the_same_position(http):
    duel = Duel(http).ready()
    duel.play_all(G3)
    text = record(http, duel.url)
    keep("trax", text)
    tags, lines = parts(text)
    names = {seat: duel.view()["seats"][seat]["name"] for seat in ("white", "red")}
    assert tags["Game"] == "trax" and tags["Match"] == duel.id
    assert tags["White"] == names["white"] and tags["Red"] == names["red"]
    assert (tags["Result"], tags["Winner"], tags["Reason"]) == ("1-0", "white", "loop")
    assert lines == [f"{n} {move}" for n, move in enumerate(G3, 1)]
    assert text == record(http, duel.url, duel.red) == record(http, duel.url, ADMIN)  # nothing hidden in Trax

    state = new_game()  # the rules library, as a reader of the record would replay it
    for line in lines:
        number, move = line.split()
        state = play(state, to_act(state)[0], move)
    replayed = msgspec.to_builtins(TRAX.view(state, Viewer()))
    assert replayed["tiles"] == duel.view()["state"]["tiles"] and replayed["result"]["winner"] == "white"


def test_a_running_match_has_the_moves_so_far_and_no_result(http):
    duel = Duel(http).ready()
    duel.play_all(G3[:3])
    tags, lines = parts(record(http, duel.url))
    assert tags["Result"] == "*" and "Reason" not in tags
    assert lines == ["1 @0+", "2 @1+", "3 C1\\"]


def test_unknown_match_is_a_404_problem(http):
    r = http.get("/matches/nosuchmatch/record")
    assert r.status_code == 404 and r.json()["code"] == "match_not_found"


def duorail_move(table: Table, seat: str, text: str) -> None:
    r = table.send(seat, {"type": "duorail_move", "move": text})
    assert r.status_code == 200, r.text


def test_duorail_sealed_tracks_show_to_their_seat_only_until_the_reveal(http):
    table = Table(http, "duorail", ("blue", "red")).ready()
    duorail_move(table, "blue", "A1 RD")
    duorail_move(table, "red", "pass")
    duorail_move(table, "blue", "pass")
    r = table.send("blue", {"type": "duorail_submit_track", "track": "A1 RDLU"})
    assert r.status_code == 200, r.text

    before = ["1 blue A1 RD", "2 red pass", "3 blue pass"]
    assert parts(record(http, table.url, table.headers["blue"]))[1] == [
        *before, "4 blue track A1 RDLU ; sealed, not yet revealed"]
    assert parts(record(http, table.url, table.headers["red"]))[1] == before
    spectator = record(http, table.url)
    assert parts(spectator)[1] == before and "RDLU" not in spectator

    r = table.send("red", {"type": "duorail_submit_track", "track": None})
    assert r.status_code == 200, r.text
    text = record(http, table.url)
    keep("duorail", text)
    tags, lines = parts(text)
    assert lines == [*before, "4 blue track A1 RDLU | red track none"]
    assert (tags["Result"], tags["Winner"], tags["Reason"]) == ("1-0", "blue", "longer_track")
    assert record(http, table.url, table.headers["blue"]) == text == record(http, table.url, table.headers["red"])


def deepsea_move(table: Table, seat: str, text: str) -> None:
    r = table.send(seat, {"type": "deepsea_move", "move": text})
    assert r.status_code == 200, r.text


def test_deep_sea_sealed_actions_and_secret_boards_show_to_whom_they_may(http):
    table = Table(http, "deepsea", ("empire", "marauder"), options=PRESETS, pregame_ms=SHORT_PREGAME).ready()
    past_the_pregame(http, table.url)
    deepsea_move(table, "empire", "select 1")
    deepsea_move(table, "marauder", "select 2")
    placement = table.legal_moves("empire")[0]
    deepsea_move(table, "empire", placement)

    selections = ["; round 1", "1 empire select 1", "2 marauder select 2"]
    assert parts(record(http, table.url, table.headers["empire"]))[1] == [
        *selections, f"3 empire {placement} ; sealed, not yet revealed"]
    for reader in (table.headers["marauder"], {}):
        text = record(http, table.url, reader)
        assert parts(text)[1] == selections and placement not in text

    deepsea_move(table, "marauder", "pass")
    r = table.send("marauder", {"type": "resign"})
    assert r.status_code == 200, r.text
    text = record(http, table.url)
    keep("deepsea", text)
    tags, lines = parts(text)
    [revealed] = [e["event"] for e in table.events() if e["event"]["type"] == "deepsea_actions_revealed"]
    lost = ", loses it" if revealed["actions"]["empire"]["loses_board"] else ""  # the placement may cut a ship off
    assert lines == [*selections, f"3 empire {placement} (board 1{lost}) | marauder pass (board 2)"]
    assert (tags["Result"], tags["Winner"], tags["Reason"]) == ("1-0", "empire", "resign")
    for reader in (table.headers["empire"], table.headers["marauder"], {}):
        assert "boards" not in parts(record(http, table.url, reader))[0]["Options"]  # a secret option
    assert '\\"boards\\":[\\"random:1\\"' in record(http, table.url, ADMIN)  # the organizer's record has it


def test_monunrail_builds_but_never_the_supply(http):
    supply = {"straight": 16, "turn": 5, "crossroads": 3}
    table = Table(http, "monunrail", ("first", "second"), options={"pie": False, "supply": supply}).ready()
    assert table.send("first", {"type": "monunrail_build", "tiles": "D3 UD"}).status_code == 200
    assert table.send("second", {"type": "monunrail_build", "tiles": "E5 UD"}).status_code == 200
    assert table.send("first", {"type": "resign"}).status_code == 200
    text = record(http, table.url)
    keep("monunrail", text)
    tags, lines = parts(text)
    assert lines == ["1 first build D3 UD", "2 second build E5 UD"]
    assert (tags["Result"], tags["Winner"], tags["Reason"]) == ("0-1", "second", "resign")
    for reader in (table.headers["first"], table.headers["second"], {}):
        seen = record(http, table.url, reader)
        assert "supply" not in seen and "16" not in parts(seen)[0]["Options"]
    assert '\\"supply\\":{\\"crossroads\\":3' in record(http, table.url, ADMIN)


def test_cairo_placements(http):
    table = Table(http, "cairo", ("first", "second")).ready()
    played = []
    for seat in ("first", "second", "first"):
        cell = table.legal_moves(seat)[0]
        assert table.send(seat, {"type": "cairo_place", "cell": cell}).status_code == 200
        played.append(f"{seat} {cell}")
    assert table.send("second", {"type": "resign"}).status_code == 200
    text = record(http, table.url)
    keep("cairo", text)
    tags, lines = parts(text)
    assert lines == [f"{n} {line}" for n, line in enumerate(played, 1)]
    assert (tags["Game"], tags["Result"], tags["Reason"]) == ("cairo", "1-0", "resign")


def test_a_cairo_game_played_to_its_end_has_every_placement_and_the_final_corridor(http):
    rng = random.Random(16)
    table = Table(http, "cairo", ("first", "second")).ready()
    played = []
    while (view := table.view())["status"] == "running":
        seat = view["to_move"][0]
        cell = rng.choice(table.legal_moves(seat))
        assert table.send(seat, {"type": "cairo_place", "cell": cell}).status_code == 200
        played.append(f"{seat} {cell}")
    text = record(http, table.url)
    keep("cairo, played to the end", text)
    tags, lines = parts(text)
    assert lines[:-1] == [f"{n} {line}" for n, line in enumerate(played, 1)]
    corridor = [e["event"] for e in table.events()][-1]["outcome"]["corridor"]
    assert lines[-1].startswith(f"; corridor {' '.join(corridor)}; scores first ")
    result = view["result"]
    assert (tags["Winner"], tags["Reason"], tags["Detail"]) == (result["winner"], result["reason"], result["detail"])
    assert tags["Result"] == ("1-0" if result["winner"] == "first" else "0-1")
