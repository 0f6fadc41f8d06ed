"""Random games: replaying the recorded events rebuilds the same state, every listed legal move is
accepted, and every other move on the board's edge ring is refused."""

from __future__ import annotations

import contextlib
from typing import Union
from xml.etree import ElementTree

import msgspec
import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from domain.clock import NoClock, OneGrace
from domain.errors import DomainError, IllegalMove
from domain.game import Context, Viewer
from domain.trax import TRAX, DeclineMulligan, Mulligan, Play, Played, TraxOptions, TraxState
from domain.trax.parts.board import Board, Box
from domain.trax.parts.placements import VARIANTS, play_move
from domain.trax.parts.notation import column_index, column_label, last_labels, parse_move
from domain.trax.state import Turn, Turns

EVENT = Union[TRAX.events]  # type: ignore[valid-type]  # noqa: UP007 (a tuple of types)

options = st.builds(TraxOptions, variant=st.sampled_from(["standard", "8x8", "loop"]), mulligan=st.booleans(),
                    time=st.sampled_from([OneGrace(), NoClock()]))
actions = st.sampled_from(["play"] * 8 + ["slow play", "mulligan", "decline", "timeout"])


def board_by_the_rules(state) -> Board:
    """The board after the state's moves, played one by one by the rules."""
    board = Board()
    for move in state.moves:
        board, _ = play_move(board, parse_move(move), VARIANTS[state.options.variant])
    return board


def legacy_replay(opts: TraxOptions, start: int, events: list) -> TraxState:
    """Replay events as recorded before ``played`` carried ``tiles`` and ``outcome``."""
    state = TRAX.begin(TRAX.initial(opts, seed=0), at=start)
    for recorded in events:
        data = msgspec.to_builtins(recorded)
        if isinstance(recorded, Played):
            del data["tiles"], data["outcome"]
        state = TRAX.evolve(state, msgspec.convert(data, type=EVENT))
    return state


def every_written_move(state) -> list[str]:
    """Every cell of the box and its ring with every symbol."""
    last_column, last_row = last_labels(state.board.box)
    return [f"{column_label(c)}{r}{s}" for c in range(column_index(last_column) + 1) for r in range(last_row + 1)
            for s in "+/\\"]


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=st.data(), opts=options, start=st.integers(0, 10**12))
def test_random_games_replay(table, data, opts, start):
    t = table(options=opts, start=start)
    for _ in range(data.draw(st.integers(0, 40), label="turns")):
        if t.result is not None:
            break
        seat = TRAX.to_move(t.state)[0]
        action = data.draw(actions, label="action")
        if action == "timeout":
            due = TRAX.deadline(t.state)
            if due is not None:
                t.now = due.at
                t.apply(TRAX.on_timeout(t.state, due, Context(now=due.at, system=True)))
                assert t.result is not None
            continue
        now = t.now + data.draw(st.integers(0, 120_000 if action == "slow play" else 59_000), label="think")
        if action in ("mulligan", "decline"):
            with contextlib.suppress(DomainError):  # refusals are fine: nothing happens
                t.send(Mulligan() if action == "mulligan" else DeclineMulligan(), seat, now=now)
            continue
        legal = TRAX.legal_moves(t.state, seat)
        if not legal:  # a pending win: the loser must decide first
            assert t.state.pending is not None
            continue
        for move in legal:
            [played] = TRAX.decide(t.state, Play(move), Context(now=t.now, seat=seat))
            assert played.move == move and played.placed[0] == move
        move = data.draw(st.sampled_from(legal), label="move")
        try:
            t.send(Play(move), seat, now=now)
        except DomainError as e:  # only a move too late may fail
            assert e.code == "out_of_time"
            t.apply(TRAX.on_timeout(t.state, TRAX.deadline(t.state), Context(now=now, system=True)))

    replayed = TRAX.begin(TRAX.initial(opts, seed=0), at=start)
    for recorded in t.events:
        replayed = TRAX.evolve(replayed, msgspec.json.decode(msgspec.json.encode(recorded), type=EVENT))
    assert replayed == t.state
    # the board derived from the replayed turns, the one grown turn by turn in play, and the one the
    # rules build from the moves are the same
    assert "board" not in replayed.__dict__ and replayed.board == t.state.board == board_by_the_rules(t.state)
    assert legacy_replay(opts, start, t.events) == t.state
    event(f"result: {t.result and t.result.reason}")
    event(f"mulligans used: {sum(type(e).__name__ == 'MulliganUsed' for e in t.events)}")
    msgspec.json.encode(TRAX.view(t.state, Viewer()))
    ElementTree.fromstring(TRAX.svg(t.state, Viewer()))

    if t.result is None and t.state.pending is None:
        seat = TRAX.to_move(t.state)[0]
        legal = set(TRAX.legal_moves(t.state, seat))
        for move in every_written_move(t.state):
            if move in legal:
                TRAX.decide(t.state, Play(move), Context(now=t.now, seat=seat))
            else:
                with pytest.raises(IllegalMove):
                    TRAX.decide(t.state, Play(move), Context(now=t.now, seat=seat))


def test_turns_grow_and_rewind_like_a_tuple():
    made = [Turn(seat="white", move=f"{i}", tiles=((i, 0, 5),), box=Box(0, 0, i, 0)) for i in range(100)]
    built = [Turns()]
    for turn in made:
        built.append(built[-1].append(turn))
    for n, turns in enumerate(built):
        assert len(turns) == n and list(turns) == made[:n] and turns.since(n // 2) == made[n // 2:n]
        assert turns.last == (made[n - 1] if n else None) and (not n or turns[-1] == turns[n - 1] == made[n - 1])
        for k in (0, 1, 31, 32, 33, 64, n - 1, n):
            assert turns.first(k) == built[max(0, min(k, n))]
    with pytest.raises(IndexError):
        built[3][3]


def test_the_board_is_derived_once_and_grown_in_live_play(table):
    t = table("@0+ B1+ C1+")
    fresh = msgspec.structs.replace(t.state)  # the same fields, nothing derived yet
    assert "board" not in fresh.__dict__ and fresh.board == t.state.board and fresh.board is fresh.board
    [played] = TRAX.decide(fresh, Play("D1+"), Context(now=t.now, seat="red"))
    after = TRAX.evolve(fresh, played)
    assert "board" in after.__dict__  # grown from the board already built
    assert after.board == msgspec.structs.replace(after).board == board_by_the_rules(after)
    assert after.board_at(3) == fresh.board and after.board_at(0) == Board()
