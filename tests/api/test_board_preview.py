"""``GET /matches/{id}/board.svg?after=<move>``: the board after one of the caller's legal moves,
not played (Trax: with its forced plays); refused for anything else, and for games whose moves
touch hidden information."""

from __future__ import annotations

from tests.api.helpers import Table

TILE_FILL = "#262626"
"""How the drawing fills a tile (domain/trax/svg.py)."""

SEATS = ("white", "red")


def tiles_in(svg: str) -> int:
    return svg.count(f'fill="{TILE_FILL}"')


def test_a_preview_shows_the_forced_plays_and_changes_nothing(http):
    table = Table(http, "trax", SEATS).ready()
    assert table.send("white", {"type": "play", "move": "@0+"}).status_code == 200
    assert table.send("red", {"type": "play", "move": "@1+"}).status_code == 200  # a tile under it: corners to fill
    before = table.view("white")
    on_board = tiles_in(http.get(f"{table.url}/board.svg").text)
    forced = {}
    for move in table.legal_moves("white"):
        r = http.get(f"{table.url}/board.svg", params={"after": move}, headers=table.headers["white"])
        assert r.status_code == 200, r.text
        assert r.headers["content-type"].startswith("image/svg+xml")
        forced[move] = tiles_in(r.text) - on_board - 1  # less the tiles there and the one placed
    assert min(forced.values()) == 0 and max(forced.values()) >= 1, forced  # some tiles force others, some none
    assert table.view("white") == before  # nothing was played


def test_a_preview_is_only_of_the_callers_own_legal_moves(http):
    table = Table(http, "trax", SEATS).ready()
    board = f"{table.url}/board.svg"
    cases = [({"after": "B7/"}, table.headers["white"], "not_a_legal_move"),  # not a listed move
             ({"after": "@0+"}, table.headers["red"], "not_a_legal_move"),  # not red's turn
             ({"after": "@0+"}, {}, "not_a_legal_move")]  # a spectator plays nothing
    for params, headers, code in cases:
        r = http.get(board, params=params, headers=headers)
        assert (r.status_code, r.json()["code"]) == (422, code), r.text
    r = http.get(board, params={"after": "x" * 101}, headers=table.headers["white"])
    assert (r.status_code, r.json()["code"]) == (400, "bad_request")


def test_games_with_hidden_information_show_no_previews(http):
    table = Table(http, "monunrail", ("first", "second")).ready()
    move = table.legal_moves("first")[0]
    r = http.get(f"{table.url}/board.svg", params={"after": move}, headers=table.headers["first"])
    assert (r.status_code, r.json()["code"]) == (422, "no_preview"), r.text
