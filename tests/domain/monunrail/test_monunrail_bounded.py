"""A dense block of tiles in the unrail phase (issue 15: analysing a 6×5 block kept a worker busy for
minutes): the analysis says unknown and the bot still plays a legal move, each within its budget of
work units; and the match itself (decide, evolve, legal moves) never searches."""

from __future__ import annotations

import msgspec
import pytest
from monunrail_table import SQUARE, Table

from domain.bots import Think
from domain.game import Context
from domain.monunrail import MONUNRAIL, Unrail
from domain.monunrail.analysis import ANALYSIS_BUDGET, analyse
from domain.monunrail.parts.simple_bots import BOT_BUDGET, winning_removal
from domain.monunrail.rules import grid_of
from domain.monunrail.parts.tiles import CROSS
from domain.monunrail.parts.unrail import UnrailSolver, solver_for


def block_position(width: int, height: int) -> Table:
    """The smallest track built and the unrail phase begun, then its board replaced by a solid
    ``width`` × ``height`` block of tiles from A1 (as a long build phase could leave it)."""
    t = Table().build(*SQUARE)
    g = grid_of(t.state)
    board = tuple(CROSS if i % g.width < width and i // g.width < height else 0 for i in range(g.size))
    position = msgspec.structs.replace(t.state.position, board=board)
    t.state = msgspec.structs.replace(t.state, position=position)
    return t


def test_the_analysis_of_a_6x5_block_says_unknown_within_its_budget():
    t = block_position(6, 5)
    solver = solver_for(grid_of(t.state))
    before = len(solver.table)
    a = analyse(t.state, budget=5_000)
    assert (a.phase, a.to_move, a.wins, a.winning_move, a.grundy, a.unknown) == ("unrail", "first", None, None,
                                                                                 None, True)
    assert len(a.legal_moves) == 30 + 5 * 5 + 6 * 4 + 4 * 5 + 6 * 3  # single tiles, pairs, threes (rows, columns)
    assert len(solver.table) - before <= 5_000  # what it finished stays memoised, no more
    as_json = msgspec.json.decode(msgspec.json.encode(a))
    assert as_json["wins"] is None and as_json["unknown"] is True
    assert BOT_BUDGET < ANALYSIS_BUDGET


def test_a_small_block_is_analysed_exactly():
    a = analyse(block_position(4, 4).state)
    assert (a.wins, a.winning_move, a.grundy, a.unknown) == (False, None, 0, False)


def test_the_bot_plays_a_legal_move_in_a_6x5_block():
    t = block_position(6, 5)
    assert winning_removal(t.state) is None  # not found within the bot's budget
    commands = MONUNRAIL.bots[0](t.state, "first", Think(seed=3))
    assert len(commands) == 7 and all(isinstance(c, Unrail) for c in commands)
    for command in commands:
        assert MONUNRAIL.decide(t.state, command, Context(now=t.now + 1_000, seat="first"))


def test_the_bot_plays_a_winning_removal_when_it_finds_one():
    t = block_position(5, 4)  # a win (grundy 7) found within about 116,000 work units
    assert winning_removal(t.state) is None and winning_removal(t.state, budget=200_000) == "A2 A3"
    t = block_position(3, 2)
    best = winning_removal(t.state)
    assert best is not None and MONUNRAIL.bots[0](t.state, "first", Think(seed=3))[0] == Unrail(best)


def test_the_match_never_searches(monkeypatch: pytest.MonkeyPatch):
    """Deciding, evolving and listing legal moves through a whole game never asks for a value."""

    def refuse(*args, **kwargs):
        raise AssertionError("the match flow searched for an unrail value")

    monkeypatch.setattr(UnrailSolver, "_sum", refuse)
    t = Table().build(*SQUARE)
    while t.result is None:
        seat = MONUNRAIL.to_move(t.state)[0]
        t.unrail(MONUNRAIL.legal_moves(t.state, seat)[0])
    assert t.result.reason == "last_tile"
