"""A Trax record's move list is read back by the Trax notation parser to the same position."""

from __future__ import annotations

from domain.game import Context
from domain.match import Ready, decide, decide_create, evolve
from domain.records import record_text
from domain.registry import game_named
from domain.trax import Mulligan, Play, TraxOptions
from domain.trax.record import moves_in

TRAX = game_named("trax")


def _match(moves: list[str], options: dict | None = None, commands: list | None = None):
    """A match between ``a1`` (white) and ``a2`` (red) after ``moves`` (then ``commands``), and its events."""
    events = decide_create("m1", TRAX, options or {}, {"white": "a1", "red": "a2"}, now=0, seed=1)
    state = None
    for event in events:
        state = evolve(TRAX, state, event)

    def send(command, account):
        nonlocal state
        for event in decide(TRAX, state, command, Context(now=1_000 + len(events), account=account)):
            state = evolve(TRAX, state, event)
            events.append(event)

    send(Ready(), "a1")
    send(Ready(), "a2")
    for command in [Play(m) for m in moves] + (commands or []):
        send(command, state.seats[TRAX.to_move(state.game)[0]])
    return state, events


def _replayed(moves: list[str]):
    state = TRAX.begin(TRAX.initial(TraxOptions(), seed=0), at=0)
    for number, move in enumerate(moves):
        seat = ("white", "red")[number % 2]
        for event in TRAX.decide(state, Play(move), Context(now=1, seat=seat)):
            state = TRAX.evolve(state, event)
    return state


def test_every_archived_game_reads_back_to_the_same_position(archived_game):
    moves = archived_game["moves"].split()
    state, events = _match(moves)
    text = record_text(TRAX, state, events, {"a1": "alice", "a2": "bob"})
    assert text.splitlines()[-len(moves):] == [f"{n} {m}" for n, m in enumerate(moves, 1)]
    assert moves_in(text) == moves
    assert _replayed(moves_in(text)).board.tiles == state.game.board.tiles


def test_the_headers_name_the_players_the_result_and_why():
    state, events = _match("@0/ B1\\ A2\\".split())
    head = record_text(TRAX, state, events, {"a1": "alice", "a2": "bob"}).split("\n\n")[0].splitlines()
    assert head[0] == '[Game "trax"]' and head[1] == '[Match "m1"]'
    assert '[White "alice"]' in head and '[Red "bob"]' in head
    assert head[-4:] == ['[Result "0-1"]', '[Winner "red"]', '[Reason "loop"]',
                         '[Detail "White\'s move A2\\\\ formed a red loop only, so red wins."]']


def test_a_mulligan_takes_its_turns_out_of_the_move_list():
    state, events = _match("@0+ B1+ A0\\ @1/".split(), {"mulligan": True}, [Mulligan(), Play("A2\\")])
    text = record_text(TRAX, state, events, {})
    assert text.split("\n\n")[1].splitlines() == ["1 @0+", "2 B1+", "; white used its Mulligan, taking back A0\\ @1/",
                                                  "3 A2\\"]
    assert _replayed(moves_in(text)).board.tiles == state.game.board.tiles
