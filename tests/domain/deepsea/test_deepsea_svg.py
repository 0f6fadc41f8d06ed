"""The SVG picture: valid, nothing clipped, coordinates, a legend of sides and ships, each board's
status, routes drawn, every clickable element naming its board, cell, piece or move; what a viewer
may not see is not drawn."""

from __future__ import annotations

from deepsea_helpers import CUT_OFF, HARMLESS, Table
from svg_checks import SVG, checked_svg

from domain.deepsea import DEEPSEA
from domain.game import Viewer

RED = "A13 B13 C13 D13 E13 F13 G13 G12"
WHITE = "M13 L13 K13 J13 I13 H13 G13 G12"


def as_seen_by_others(svg: str) -> str:
    """A seat's drawing with its own board's cells written as the others see them: a seat's
    drawing differs from a spectator's only there (the squares it may click are cells)."""
    return svg.replace("data-cell=", "data-square=")


def _texts(root) -> set[str]:
    return {"".join(e.itertext()) for e in root.iter(f"{SVG}text")}


def _moves(root) -> set[str]:
    return {e.get("data-move") for e in root.iter() if e.get("data-move")}


def test_every_square_of_every_board_is_labelled():
    t = Table()
    root = checked_svg(DEEPSEA.svg(t.state, Viewer()))
    squares = {(e.get("data-board"), e.get("data-square")) for e in root.iter() if e.get("data-square")}
    assert len(squares) == 3 * 13 * 13 and ("2", "M13") in squares and ("3", "A1") in squares
    assert not any(e.get("data-cell") for e in root.iter())  # a spectator places nothing
    texts = _texts(root)
    assert {"A", "M", "1", "13", "Board 1 (13×13)", "open"} <= texts
    assert {"Empire:", "Marauder:", "red ship", "white ship", "blue ship", "black ship", "empire piece",
            "marauder piece", "wall", "channel (C)", "dropoff (D)"} <= texts
    assert {e.get("data-side") for e in root.iter() if e.get("data-side")} == {"empire", "marauder"}
    assert {"R", "W", "B", "K"} <= texts  # the ships carry their letters
    assert _moves(root) == {"select 1", "select 2", "select 3"} == set(DEEPSEA.legal_moves(t.state, "empire"))
    bank = [e.get("data-piece") for e in root.iter() if e.get("data-piece") and e.get("data-board") == "1"]
    assert bank == list(t.state.sea(1).bank) and len(bank) == 12


def test_the_status_of_each_board_and_its_selection():
    t = Table()
    t.move("empire", "select 1")
    root = checked_svg(DEEPSEA.svg(t.state, Viewer()))
    assert "open, selected by empire" in _texts(root) and "Round 1: marauder selects a board" in _texts(root)
    t.move("marauder", "select 2")
    t.move("empire", CUT_OFF["white"])
    t.move("marauder", HARMLESS)
    root = checked_svg(DEEPSEA.svg(t.state, Viewer()))
    assert "lost by empire" in _texts(root)
    placed = [e for e in root.iter() if e.get("data-piece") == "X" and e.get("data-side") == "marauder"]
    assert placed and "X on" in placed[0].find(f"{SVG}title").text


def test_a_placement_can_be_clicked_into_a_legal_move_and_pass_is_a_button():
    t = Table()
    t.move("empire", "select 1")
    t.move("marauder", "select 2")
    root = checked_svg(DEEPSEA.svg(t.state, Viewer(seat="empire")))
    assert "pass" in _moves(root) and "pass" in DEEPSEA.legal_moves(t.state, "empire")
    clickable = {(e.get("data-board"), e.get("data-cell")) for e in root.iter() if e.get("data-cell")}
    board_1 = {cell for board, cell in clickable if board == "1"}
    assert {board for board, _ in clickable} == {"1"} and len(board_1) == 13 * 13  # only the board it places on
    cells = HARMLESS.split(" on ")[1].split(", ")
    written = "X on " + ", ".join(sorted(cells, key=lambda c: (c[0], int(c[1:]))))  # by column, then row
    assert set(cells) <= board_1 and written in list(DEEPSEA.legal_moves(t.state, "empire"))


def test_won_boards_and_routes_are_drawn_and_nothing_is_clipped():
    t = Table(routes="submitted")
    t.round("pass", "pass")
    t.routes("empire", {"1": {"red": RED, "white": WHITE}, "2": {"red": RED}})
    t.routes("marauder", {"1": {"blue": "A1 B1 C1 D1 E1 F1 G1 G2", "black": "M1 L1 K1 J1 I1 H1 G1 G2"},
                          "2": {"blue": "A1 B1 C1 D1 E1 F1 G1 G2", "black": "M1 L1 K1 J1 I1 H1 G1 G2"}})
    t.timeout()
    root = checked_svg(DEEPSEA.svg(t.state, Viewer()))
    routes = {(e.get("data-board"), e.get("data-route")) for e in root.iter() if e.get("data-route")}
    assert {("1", "red"), ("1", "white"), ("1", "blue"), ("1", "black"), ("2", "red")} <= routes
    statuses = {w for w in _texts(root) if "(routes)" in w}
    assert {"tied (routes)", "won by marauder (routes)"} <= {w.split(":")[0] for w in statuses}  # board 2: white sent no route
    assert all(": empire " in w and ", marauder " in w for w in statuses)  # with the route lengths that decided it
    assert t.state.result.detail in _texts(root) and not _moves(root) - {"select 1", "select 2", "select 3"}


def test_a_spectator_sees_no_sealed_placement_or_route():
    t = Table(routes="submitted")
    t.move("empire", "select 1")
    t.move("marauder", "select 2")
    spectator = DEEPSEA.svg(t.state, Viewer())
    t.move("empire", HARMLESS)
    mine = checked_svg(DEEPSEA.svg(t.state, Viewer(seat="empire")))
    assert [e for e in mine.iter() if e.get("data-piece") == "X" and e.get("data-side") == "empire"]
    assert DEEPSEA.svg(t.state, Viewer()) == as_seen_by_others(DEEPSEA.svg(t.state, Viewer(seat="marauder"))) == spectator
    t = Table(routes="submitted")
    t.round("pass", "pass")
    assert t.state.phase == "routes"
    spectator = DEEPSEA.svg(t.state, Viewer())
    assert "no routes" in _moves(checked_svg(spectator))
    t.routes("empire", {"3": {"red": RED}})
    assert 'data-route="red"' in DEEPSEA.svg(t.state, Viewer(seat="empire"))
    assert DEEPSEA.svg(t.state, Viewer()) == as_seen_by_others(DEEPSEA.svg(t.state, Viewer(seat="marauder"))) == spectator
    assert "data-route" not in spectator


def test_random_games_on_every_preset_stay_unclipped_and_hide_what_is_sealed():
    import random

    from domain.bots import Think
    from domain.deepsea import DeepseaOptions
    from domain.deepsea.rules import begin, initial
    from domain.errors import DomainError
    from domain.game import Context
    from domain.sealed import has_submitted

    for seed, boards in enumerate((["archipelago", "maelstrom", "straits"], ["lagoon", "random:4", "maelstrom"])):
        routes = "submitted" if seed % 2 else "computed"
        state = begin(initial(DeepseaOptions(boards=boards, routes=routes), seed=seed), at=0)
        rng, now = random.Random(seed), 0
        while state.result is None:
            seat = rng.choice(DEEPSEA.to_move(state))
            spectator = DEEPSEA.svg(state, Viewer())
            checked_svg(spectator)
            for command in DEEPSEA.bots[0](state, seat, Think(seed=rng.randrange(2**32))):
                now += 1_000
                try:
                    events = DEEPSEA.decide(state, command, Context(now=now, seat=seat))
                except DomainError:
                    continue
                for e in events:
                    state = DEEPSEA.evolve(state, e)
                break
            other = "marauder" if seat == "empire" else "empire"
            if state.phase in ("action", "routes") and not has_submitted(state.box, other):
                assert as_seen_by_others(DEEPSEA.svg(state, Viewer(seat=other))) == DEEPSEA.svg(state, Viewer())
        root = checked_svg(DEEPSEA.svg(state, Viewer()))
        assert state.result.detail in _texts(root)
