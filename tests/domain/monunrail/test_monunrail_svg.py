"""The SVG picture: valid, nothing clipped, stations in a legend, the completed track still shown
(faded) after unrailing, every clickable element naming its cell, tile or move, no hidden supply."""

from __future__ import annotations

from monunrail_table import SQUARE, Table
from svg_checks import SVG, checked_svg

from domain.game import Context, Viewer
from domain.monunrail import MONUNRAIL, MonunrailOptions
from domain.monunrail.state import SetSupply

VIEWERS = (Viewer(), Viewer(seat="first"), Viewer(seat="second"), Viewer(organizer=True))


def _marked(root, attribute: str) -> dict[str, object]:
    return {e.get(attribute): e for e in root.iter() if e.get(attribute) and e.get("data-cell")}


def test_every_cell_is_clickable_and_stations_are_marked_and_explained():
    t = Table().build("D3 RD, E3 +")
    root = checked_svg(MONUNRAIL.svg(t.state, Viewer()))
    cells = {e.get("data-cell"): e for e in root.iter() if e.get("data-cell")}
    assert len(cells) == 8 * 7 and {"A1", "H7", "D3"} <= set(cells)
    assert cells["D3"].get("data-tile") == "D3 RD" and cells["E3"].get("data-tile") == "E3 +"
    assert {c for c, e in cells.items() if e.get("data-station")} == {"D4", "E4"}
    assert "D4: D4 UD (straight, top to bottom), station" in {e.text for e in root.iter(f"{SVG}title")}
    texts = {e.text for e in root.iter(f"{SVG}text")}
    assert {"station", "S", "A", "H", "1", "7"} <= texts


def test_the_palette_and_buttons_carry_what_legal_moves_lists():
    t = Table().build("D3 RD")
    legal = set(MONUNRAIL.legal_moves(t.state, "second"))
    root = checked_svg(MONUNRAIL.svg(t.state, Viewer(seat="second")))
    tiles = [e.get("data-tile") for e in root.iter() if e.get("data-tile") and not e.get("data-cell")]
    assert len(tiles) == 7 and {tile.replace("{cell}", "C3") for tile in tiles} <= legal
    assert {e.get("data-move") for e in root.iter() if e.get("data-move")} == {"impossible", "swap"} <= legal


def test_multicolor_tiles_are_lettered_and_items_are_buttons():
    t = Table(MonunrailOptions(variant="multicolor")).build("D3 RD red, E3 DL blue")
    root = checked_svg(MONUNRAIL.svg(t.state, Viewer()))
    assert _marked(root, "data-tile").keys() >= {"D3 RD red", "E3 DL blue"}
    assert {"R", "B", "red tile", "blue tile"} <= {e.text for e in root.iter(f"{SVG}text")}
    palette = {e.get("data-tile") for e in root.iter() if e.get("data-tile") and not e.get("data-cell")}
    assert len(palette) == 14 and "{cell} + blue" in palette
    usable = {m.move for m in MONUNRAIL.legal_commands(t.state, "second")}
    moves = {e.get("data-move") for e in root.iter() if e.get("data-move")}
    assert moves == {"impossible", "use time_rush", "use plus_time"} <= usable  # no Undo before one's own move
    assert "Time Rush ×1" in {e.text for e in root.iter(f"{SVG}text")}


def test_after_unrailing_the_completed_track_stays_in_view_faded():
    t = Table().build(*SQUARE)
    completed = set(_marked(checked_svg(MONUNRAIL.svg(t.state, Viewer())), "data-tile"))
    assert len(completed) == 6
    t.unrail("D3 D4 D5")
    root = checked_svg(MONUNRAIL.svg(t.state, Viewer()))
    ghosts = {e.get("data-cell") for e in root.iter() if e.get("data-ghost") == "unrailed"}
    assert ghosts == {"D3", "D4", "D5"} and len(_marked(root, "data-tile")) == 3
    assert "unrailed (the completed track)" in {e.text for e in root.iter(f"{SVG}text")}
    assert not [e for e in root.iter() if e.get("data-ghost") and e.get("data-tile")]  # ghosts are not tiles
    t.unrail("E3 E4 E5")
    assert t.result is not None
    root = checked_svg(MONUNRAIL.svg(t.state, Viewer()))
    assert len({e.get("data-cell") for e in root.iter() if e.get("data-ghost") == "unrailed"}) == 6
    assert not [e for e in root.iter() if e.get("data-move")]  # the game is over: no buttons


def test_the_supply_is_never_drawn():
    secret = Table()
    secret.apply(MONUNRAIL.decide(secret.state, SetSupply({"turn": 10, "straight": 10}),
                                  Context(now=1, organizer=True)))
    for t in (secret, Table()):
        t.build("D3 RD, E3 DL")
    for viewer in VIEWERS:
        svg = MONUNRAIL.svg(secret.state, viewer)
        assert svg == MONUNRAIL.svg(Table().build("D3 RD, E3 DL").state, viewer)
        assert "supply" not in svg.lower() and ">10<" not in svg


def test_a_long_caption_wraps_on_a_small_board_and_nothing_is_clipped():
    from domain.monunrail.parts.board import grid
    from domain.monunrail.svg import board_svg
    from domain.monunrail.parts.tiles import STATION, UD

    g = grid(3, 3)
    caption = "Second called Impossible, but the track could still be completed: first wins the game by refutation."
    root = checked_svg(board_svg((0, STATION | UD, 0) + (0,) * 6, g, True, caption, palette=True,
                                 moves=[("Impossible", "impossible"), ("Time Rush ×1", "use time_rush")]))
    lines = [e.text for e in root.iter(f"{SVG}text") if e.get("font-size") == "15"]
    assert len(lines) > 1 and " ".join(lines) == caption


def test_random_games_stay_unclipped_at_every_step():
    from test_monunrail_replay import OPTIONS, play_random_game

    for seed in range(4):
        options = OPTIONS[seed % len(OPTIONS)]
        final, events = play_random_game(seed, options)
        state = MONUNRAIL.begin(MONUNRAIL.initial(options, seed=seed), at=0)
        for event in events:
            state = MONUNRAIL.evolve(state, event)
            checked_svg(MONUNRAIL.svg(state, Viewer()))
        assert state == final and final.result.detail in " ".join(
            e.text for e in checked_svg(MONUNRAIL.svg(final, Viewer())).iter(f"{SVG}text"))
