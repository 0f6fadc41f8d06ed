"""The SVG picture: valid, nothing clipped, and every clickable element names its cell or move."""

from __future__ import annotations

from svg_checks import SVG, checked_svg
from test_duorail_support import Table

from domain.duorail import DUORAIL
from domain.duorail.svg import board_svg
from domain.duorail.parts.track import CELLS
from domain.game import Viewer


def test_every_cell_is_clickable_and_says_what_lies_there():
    t = Table().move("C3 UR", "E5 LR common")
    root = checked_svg(DUORAIL.svg(t.state, Viewer()))
    cells = {e.get("data-cell"): e for e in root.iter() if e.get("data-cell")}
    assert sorted(cells) == sorted(CELLS)
    assert (cells["C3"].get("data-colour"), cells["C3"].get("data-shape")) == ("blue", "UR")
    assert (cells["E5"].get("data-colour"), cells["E5"].get("data-shape")) == ("common", "LR")
    assert cells["A1"].get("data-shape") is None and cells["A1"].find(f"{SVG}title").text == "A1: empty"


def test_the_palette_and_buttons_carry_the_moves_legal_moves_lists():
    t = Table().move("C3 UR")
    legal = set(DUORAIL.legal_moves(t.state, "red"))
    moves = [e.get("data-move") for e in checked_svg(DUORAIL.svg(t.state, Viewer(seat="red"))).iter()
             if e.get("data-move")]
    placed = [m.replace("{cell}", "A1") for m in moves if "{cell}" in m]
    assert len(placed) == 8 and set(placed) <= legal  # six shapes and two common straights
    assert {m for m in moves if "{cell}" not in m} == {"challenge blue", "challenge red", "pass"} <= legal


def test_colour_is_never_the_only_clue_and_nothing_is_clipped():
    svg = board_svg({"A1": ("blue", "RD"), "A2": ("red", "DL"), "B1": ("common", "UD")},
                    caption="Blue's track has 16 cells, red's 12: blue wins the game on the endgame tracks, "
                            "scored by submission")
    root = checked_svg(svg)
    letters = {e.text for e in root.iter(f"{SVG}text")}
    assert {"B", "R", "C"} <= letters and {"blue player", "red player", "common piece"} <= letters


def test_a_sealed_track_is_drawn_for_its_seat_only():
    t = Table().move("B2 RD", "E5 RD", "B4 LR", "pass", "pass")
    t.submit("blue", "B2 RRRRRRDDLLLLLLUU")
    spectator, red, blue = (DUORAIL.svg(t.state, v) for v in (Viewer(), Viewer(seat="red"), Viewer(seat="blue")))
    assert spectator == red and "<polygon" not in spectator and "<polygon" in blue
    checked_svg(blue)


def test_the_controls_follow_the_phase():
    t = Table().move("B2 RD", "E5 LR common")
    root = checked_svg(DUORAIL.svg(t.state, Viewer()))
    assert "common piece (1 left)" in {e.text for e in root.iter(f"{SVG}text")}
    framed = [e for e in root.iter(f"{SVG}rect") if e.get("data-last")]
    assert [e.get("data-last") for e in framed] == ["E5"] and framed[0].get("x") == str(28 + 4 * 44 + 2)  # the last piece placed
    t.move("pass", "pass")  # the endgame: a track is due from both seats
    root = checked_svg(DUORAIL.svg(t.state, Viewer(seat="blue")))
    moves = {e.get("data-move") for e in root.iter() if e.get("data-move")}
    assert moves == {"no track"} <= {m.move for m in DUORAIL.legal_commands(t.state, "blue")}
    t.submit("blue", None)
    t.submit("red", None)
    assert DUORAIL.result(t.state) is not None
    assert not [e for e in checked_svg(DUORAIL.svg(t.state, Viewer())).iter() if e.get("data-move")]
