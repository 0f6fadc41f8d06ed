"""Deep Sea Voyage rounds: board selection, sealed actions, their reveal, the lost-board rule, the
one-board phase and both ends of play."""

from __future__ import annotations

import msgspec
import pytest
from deepsea_helpers import CUT_OFF, HARMLESS, Table

from domain.deepsea import DEEPSEA, ActionSealed, ActionsRevealed, BoardSelected, BoardsScored, DeepseaTurnPlayed
from domain.deepsea.parts.pentominoes import PIECES, Placement
from domain.deepsea.rules import visibility
from domain.deepsea.state import PlacedPiece, Sea
from domain.errors import DomainError

SHIP_SIDE = {"red": "empire", "white": "empire", "blue": "marauder", "black": "marauder"}


def refused(table: Table, seat: str, text: str) -> str:
    with pytest.raises(DomainError) as caught:
        table.move(seat, text)
    return caught.value.code


# ---------------------------------------------------------------- board selection


def test_empire_selects_first_then_the_marauder_one_of_the_others():
    t = Table()
    assert t.state.phase == "select" and DEEPSEA.to_move(t.state) == ("empire",)
    assert refused(t, "marauder", "select 1") == "not_your_turn"
    [picked] = t.move("empire", "select 2")
    assert picked == BoardSelected(seat="empire", board=2, round=1, by="choice", at=t.now)
    assert DEEPSEA.to_move(t.state) == ("marauder",)
    assert refused(t, "marauder", "select 2") == "board_taken"
    assert refused(t, "marauder", "select 4") == "bad_move"
    assert refused(t, "marauder", "T on A2, A3, A4, B3, C3") == "bad_move"
    t.move("marauder", "select 3")
    assert t.state.phase == "action" and t.state.selections == {"empire": 2, "marauder": 3}
    assert refused(t, "empire", "select 1") == "not_selecting"


def test_the_second_selector_gets_its_own_window():
    t = Table(selection_ms=45_000)
    t.move("empire", "select 1")
    due = DEEPSEA.deadline(t.state)
    assert due.key == "select:1:1" and due.seat == "marauder" and due.at == t.now + 45_000


def test_a_selection_that_runs_out_is_a_random_open_board_the_same_on_every_replay():
    first, second = Table(), Table()
    [a] = first.timeout()
    [b] = second.timeout()
    assert a == b and a.by == "timeout" and a.board in (1, 2, 3) and a.seat == "empire"
    [c] = first.timeout()
    assert c.seat == "marauder" and c.board != a.board and first.state.phase == "action"


def test_a_stale_or_early_selection_timeout_changes_nothing():
    t = Table()
    due = DEEPSEA.deadline(t.state)
    assert DEEPSEA.on_timeout(t.state, due, t.ctx(system=True)) == []  # early: now is 0
    t.move("empire", "select 1")
    late = t.ctx(system=True)
    late = msgspec.structs.replace(late, now=due.at + 1)
    assert DEEPSEA.on_timeout(t.state, due, late) == []  # stale: the key moved on


def test_with_two_open_boards_the_other_side_gets_the_last_one():
    t = Table()
    t.round(CUT_OFF["red"], HARMLESS, boards=(1, 2))  # the Empire loses board 1
    assert t.state.phase == "select" and t.state.round == 2 and t.state.open_boards() == [2, 3]
    assert DEEPSEA.to_move(t.state) == ("marauder",)  # even round: the Marauder has priority
    assert refused(t, "marauder", "select 1") == "board_closed"
    picked = t.move("marauder", "select 3")
    assert [(e.seat, e.board, e.by) for e in picked] == [("marauder", 3, "choice"), ("empire", 2, "last_open")]
    assert t.state.phase == "action"


def test_priority_alternates_round_by_round():
    t = Table()
    t.round(HARMLESS, "pass")
    assert t.state.round == 2 and DEEPSEA.to_move(t.state) == ("marauder",)
    t.round("pass", HARMLESS, boards=(1, 2))
    assert t.state.round == 3 and DEEPSEA.to_move(t.state) == ("empire",)


# ---------------------------------------------------------------- sealed actions


def test_an_action_is_sealed_private_and_may_be_replaced_until_both_are_in():
    t = Table()
    t.move("empire", "select 1")
    t.move("marauder", "select 2")
    [sealed] = t.move("empire", HARMLESS)
    assert isinstance(sealed, ActionSealed) and visibility(sealed) == "seat:empire"
    assert DEEPSEA.to_move(t.state) == ("empire", "marauder")  # still both: nobody learns who is in
    [replaced] = t.move("empire", "pass")
    assert replaced.placement is None
    [revealed] = t.move("marauder", "P on A5, B5, A6, B6, A7")
    assert isinstance(revealed, ActionsRevealed) and visibility(revealed) is None
    assert revealed.actions["empire"].placement is None and revealed.by == "submissions"
    assert revealed.actions["marauder"].placement == Placement(piece="P", cells=("A5", "A6", "A7", "B5", "B6"))
    assert not revealed.ends_play
    assert t.state.sea(2).pieces == (PlacedPiece(revealed.actions["marauder"].placement, "marauder", 1),)
    assert t.state.sea(1).pieces == ()


def test_an_action_window_that_runs_out_reveals_what_was_sealed_and_passes_the_rest():
    t = Table()
    t.move("empire", "select 1")
    t.move("marauder", "select 2")
    t.move("marauder", HARMLESS)
    [revealed] = t.timeout()
    assert revealed.by == "timeout" and revealed.actions["empire"].placement is None
    assert revealed.actions["marauder"].placement is not None and not revealed.ends_play
    assert t.state.round == 2 and t.state.phase == "select"


def test_a_late_action_is_refused():
    t = Table(action_ms=5_000)
    t.move("empire", "select 1")
    t.move("marauder", "select 2")
    t.now += 5_000
    assert refused(t, "empire", HARMLESS) == "out_of_time"


@pytest.mark.parametrize("text, code", [
    ("T on A13, A12, A11, B12, C12", "cell_not_free"),  # A13 is the red ship's start
    ("I on G12, G11, G10, G9, G8", "cell_not_free"),    # G12 is a dropoff
    ("I on A12, A11, A10, A9, A8", "cell_not_free"),    # A12 is a wall
    ("T on E5, E6, E7, F7, G7", "wrong_shape"),
    ("Q on E5, E6, E7, F6, G6", "bad_placement"),
    ("T on E5, E6", "bad_placement"),
    ("T on E5, E6, E7, F6, Z6", "bad_cell"),
    ("hello", "bad_placement"),
])
def test_bad_placements_are_refused_with_their_code(text, code):
    t = Table()
    t.move("empire", "select 1")
    t.move("marauder", "select 2")
    assert refused(t, "empire", text) == code
    assert t.state.box.submissions == {}


def test_a_piece_leaves_the_bank_and_cells_once_covered_stay_covered():
    t = Table()
    t.round(HARMLESS, "pass", boards=(1, 2))
    t.move("marauder", "select 2")
    t.move("empire", "select 1")
    assert refused(t, "empire", "X on B3, A4, B4, C4, B5") == "piece_used"
    assert refused(t, "empire", "I on F5, F6, F7, F8, F9") == "cell_not_free"


# ---------------------------------------------------------------- the lost-board rule


@pytest.mark.parametrize("ship", ["red", "white", "blue", "black"])
@pytest.mark.parametrize("placer", ["empire", "marauder"])
def test_cutting_any_ship_off_loses_the_board_for_whoever_placed(ship, placer):
    t = Table()
    actions = {"empire": "pass", "marauder": "pass", placer: CUT_OFF[ship]}
    other = "marauder" if placer == "empire" else "empire"
    actions[other] = HARMLESS  # so the round does not end play
    [revealed] = t.round(actions["empire"], actions["marauder"], boards=(1, 2))
    board = 1 if placer == "empire" else 2
    assert revealed.actions[placer].loses_board and not revealed.actions[other].loses_board
    assert t.state.sea(board).lost_by == placer and t.state.sea(board).bank == ()
    assert board not in t.state.open_boards()


def test_a_lost_board_is_won_by_the_other_side():
    t = Table()
    t.round(CUT_OFF["blue"], "pass", boards=(1, 2))  # the Empire cuts a Marauder ship off: it loses board 1
    t.move("marauder", "select 2")
    events = t.round("pass", "pass")
    scored = events[-1]
    assert isinstance(scored, BoardsScored)
    assert scored.boards[0].winner == "marauder" and scored.boards[0].by == "lost"


# ---------------------------------------------------------------- the one-board phase and the end


def one_board_table(**options) -> Table:
    t = Table(**options)
    t.round(CUT_OFF["red"], CUT_OFF["black"], boards=(1, 2))  # both lose a board: only board 3 is open
    return t


def test_with_one_board_open_the_sides_take_public_turns_starting_with_priority():
    t = one_board_table()
    assert t.state.phase == "single" and t.state.round == 2
    assert DEEPSEA.to_move(t.state) == ("marauder",)
    assert refused(t, "empire", HARMLESS) == "not_your_turn"
    [turn] = t.move("marauder", HARMLESS)
    assert isinstance(turn, DeepseaTurnPlayed) and visibility(turn) is None and not turn.ends_play
    assert t.state.sea(3).pieces[0].seat == "marauder"
    assert DEEPSEA.to_move(t.state) == ("empire",)


def test_the_one_board_phase_ends_after_two_passes_one_after_the_other():
    t = one_board_table()
    t.move("marauder", "pass")
    t.move("empire", HARMLESS)
    [turn] = t.move("marauder", "pass")
    assert not turn.ends_play
    events = t.move("empire", "pass")
    assert events[0].ends_play and isinstance(events[1], BoardsScored) and t.state.phase == "over"


def test_a_turn_that_runs_out_on_the_last_board_is_a_pass():
    t = one_board_table()
    [turn] = t.timeout()
    assert turn.timeout and turn.action.placement is None and turn.seat == "marauder"
    assert DEEPSEA.to_move(t.state) == ("empire",)


def test_losing_the_last_board_ends_play():
    t = one_board_table()
    events = t.move("marauder", CUT_OFF["white"])
    assert events[0].action.loses_board and events[0].ends_play and isinstance(events[1], BoardsScored)
    assert [s.winner for s in t.state.scores] == ["marauder", "empire", "empire"]
    assert t.state.result.winner == "empire"


def test_play_ends_when_every_bank_is_used_up():
    t = Table()
    nearly = Sea(pieces=tuple(PlacedPiece(Placement(piece=p, cells=()), "empire", 1) for p in PIECES if p != "X"))
    t.state = msgspec.structs.replace(t.state, seas=(nearly, nearly, Sea(lost_by="marauder")))
    t.move("empire", "select 1")  # the Marauder gets board 2, the last open one
    t.move("empire", HARMLESS)
    events = t.move("marauder", HARMLESS)
    assert events[0].ends_play and isinstance(events[1], BoardsScored)
    assert t.state.open_boards() == []


def test_both_passing_in_a_round_ends_play():
    t = Table()
    events = t.round("pass", "pass")
    assert events[0].ends_play and isinstance(events[1], BoardsScored)
    assert t.state.result.reason == "dmo_tiebreak"  # nothing placed: three tied boards


@pytest.mark.parametrize("priority, dmo, winner", [
    (None, "marauder", "marauder"), (None, "empire", "empire"),
    ("empire", None, "empire"), ("marauder", None, "marauder"), (None, None, "marauder"),
])
def test_a_tie_goes_to_the_dmo_named_by_the_option_or_the_priority_player(priority, dmo, winner):
    t = Table(priority=priority, dmo=dmo)
    t.round("pass", "pass")
    assert t.state.result.winner == winner

