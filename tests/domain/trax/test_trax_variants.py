"""The 8x8 and loop variants, and the options."""

from __future__ import annotations

import msgspec
import pytest

from domain.clock import NoClock, OneGrace
from domain.errors import IllegalMove, InvalidCommand
from domain.game import Context
from domain.match import parse_options
from domain.trax import TRAX, Play, TraxOptions
from domain.trax.parts.placements import STANDARD, VARIANTS, play_move
from domain.trax.parts.notation import parse_move

EIGHT = TraxOptions(variant="8x8")
EIGHT_WIDE = "@0+ B1+ C1+ D1+ E1+ F1+ G1+ H1\\"

# A full 8 x 8 board without a loop or line: white, to move, has no legal move left.
DRAWN = ("@0/ B1\\ C1/ A0\\ C3/ B4/ A4+ D2\\ @1\\ A2+ @2+ B4+ @1+ F4+ H2/ E1+ A0/ F6/ G6/ B1/ C0/ B6+ E1\\ D0+ "
         "E1+ A5/ F1+ G2\\ D8+ B8+ B2\\ G1/ H8+ A8/ A2\\ H1/ G4+ A1/ H3+ B1+")


@pytest.mark.parametrize("move", ["I1+", "I1/", "@1+", "@1/"])
def test_8x8_refuses_a_ninth_column(table, move):
    standard = table(EIGHT_WIDE)
    assert move in TRAX.legal_moves(standard.state, "white")
    t = table(EIGHT_WIDE, EIGHT)
    with pytest.raises(IllegalMove) as refused:
        TRAX.decide(t.state, Play(move), Context(now=t.now, seat="white"))
    assert refused.value.code == "exceeds_8x8"
    assert move not in TRAX.legal_moves(t.state, "white")


def test_8x8_legal_moves_are_the_standard_ones_that_stay_within_8x8(table, archive):
    """Checked on every position of the first archive games while their box is within 8 x 8."""
    checked = 0
    for game in archive[:40]:
        t = table(options=EIGHT)
        for move in game["moves"].split():
            seat = TRAX.to_move(t.state)[0]
            standard = TRAX.legal_moves(msgspec.structs.replace(t.state, options=TraxOptions()), seat)
            within = [m for m in standard if play_move(t.state.board, parse_move(m), STANDARD)[0].box.fits(8)]
            assert TRAX.legal_moves(t.state, seat) == within
            checked += 1
            if move not in within or t.result is not None:
                break
            t.play(move)
    assert checked > 300


def test_8x8_blocked_board_is_a_draw(table):
    t = table(DRAWN, EIGHT)
    assert len(t.state.board.tiles) == 64
    assert (t.result.winner, t.result.reason) == (None, "draw")
    assert t.result.detail == "White has no legal move and nobody has won: the game is a draw."
    assert TRAX.to_move(t.state) == () and TRAX.deadline(t.state) is None


def test_8x8_lines_still_win(table):
    t = table("@0+ B1+ C1+ D1+ E1+ F1+ G1+ H1+", EIGHT)
    assert (t.result.winner, t.result.reason) == ("red", "line")


def test_loop_variant_ignores_lines_but_not_loops(table):
    loop_only = TraxOptions(variant="loop")
    assert table("@0+ B1+ C1+ D1+ E1+ F1+ G1+ H1+", loop_only).result is None
    assert table("@0/ B1\\ A2\\", loop_only).result.reason == "loop"
    assert VARIANTS["loop"].lines is False


def test_options_defaults_and_parsing():
    assert TraxOptions() == TraxOptions(variant="standard", mulligan=False, time=OneGrace(60_000, 600_000))
    options = parse_options(TRAX, {"variant": "8x8", "mulligan": True, "time": {"type": "none"}})
    assert options == TraxOptions(variant="8x8", mulligan=True, time=NoClock())
    for bad in ({"variant": "9x9"}, {"colour": "blue"}, {"time": {"type": "bank"}}):
        with pytest.raises(InvalidCommand):
            parse_options(TRAX, bad)


@pytest.mark.parametrize("time", [OneGrace(per_move_ms=0), OneGrace(per_move_ms=60_000, grace_ms=1_000),
                                  OneGrace(per_move_ms=-5)])
def test_nonsensical_time_controls_are_refused(time):
    with pytest.raises(InvalidCommand) as refused:
        TRAX.initial(TraxOptions(time=time), seed=0)
    assert refused.value.code == "bad_options"
