"""Random games to the end, played from ``legal_moves`` (and the solver, to close tracks), replay
from their JSON events to the same state; and the seat/spectator views never reveal the supply."""

from __future__ import annotations

import random
from typing import Any, Union

import msgspec
import pytest

from domain.codec import codec_for
from domain.errors import DomainError
from domain.game import Context, Viewer
from domain.monunrail import MONUNRAIL, Build, Complete, MonunrailOptions, UseItem
from domain.monunrail.parts.completion import complete
from domain.monunrail.moves import command_for
from domain.monunrail.parts.notation import format_tiles
from domain.monunrail.rules import grid_of


def _completion(state) -> list[str] | None:
    """A completion found by the solver, in notation (Multicolor: red while there is red)."""
    g = grid_of(state)
    tiles = complete(state.position.board, g, state.supply)
    if tiles is None:
        return None
    if state.multicolor:
        tiles = [(cell, code | (16 if state.supply.get(f"red_{_kind(code)}", 0) < 1 else 0)) for cell, code in tiles]
    return format_tiles(g, tiles, state.multicolor) if g.line([cell for cell, _ in tiles]) or state.call else None


def _helpful_build(state) -> Build | None:
    """The solver's completion if it is 1-3 tiles in a line, else one of its tiles next to the track."""
    g = grid_of(state)
    tiles = complete(state.position.board, g, state.supply)
    if not tiles:
        return None
    if state.multicolor:
        tiles = [(cell, code | (16 if state.supply.get(f"red_{_kind(code)}", 0) < 1 else 0)) for cell, code in tiles]
    if len(tiles) > 3 or not g.line([cell for cell, _ in tiles]):
        board = state.position.board
        tiles = [next((cell, code) for cell, code in tiles
                      if any(j is not None and board[j] for j in g.neighbours[cell].values()))]
    return Build(format_tiles(g, tiles, state.multicolor))


def _kind(code: int) -> str:
    from domain.monunrail.parts.tiles import kind_of

    return kind_of(code)


def play_random_game(seed: int, options: MonunrailOptions) -> tuple[Any, list[Any]]:
    rng = random.Random(seed)
    state = MONUNRAIL.begin(MONUNRAIL.initial(options, seed=seed), at=0)
    events: list[Any] = []
    now = 0

    def apply(new: list[Any]) -> None:
        nonlocal state
        for event in new:
            state = MONUNRAIL.evolve(state, event)
        events.extend(new)

    for _ in range(400):
        if MONUNRAIL.result(state) is not None:
            break
        now += rng.randint(500, 30_000)
        jobs = MONUNRAIL.jobs(state)
        if jobs:
            apply(MONUNRAIL.decide(state, MONUNRAIL.work(state, jobs[0]), Context(now=now, system=True)))
            continue
        [seat] = MONUNRAIL.to_move(state)
        ctx = Context(now=now, seat=seat)
        if state.call is not None:  # submitted: complete if the solver can, else let time run out
            tiles = _completion(state)
            if tiles:
                apply(MONUNRAIL.decide(state, Complete(tiles), ctx))
            else:
                due = MONUNRAIL.deadline(state)
                apply(MONUNRAIL.on_timeout(state, due, Context(now=due.at, system=True)))
            continue
        if rng.random() < 0.08:
            item = rng.choice(("undo", "time_rush", "plus_time", "first_turn"))
            try:
                apply(MONUNRAIL.decide(state, UseItem(item), ctx))  # type: ignore[arg-type]
                continue
            except DomainError:
                pass
        candidates = [command_for(state, move) for move in MONUNRAIL.legal_moves(state, seat)]
        rng.shuffle(candidates)
        if state.position.phase == "build" and not state.choosing and rng.random() < 0.85:
            helpful = _helpful_build(state)
            if helpful is not None:
                candidates.insert(0, helpful)
        for command in candidates:
            try:
                apply(MONUNRAIL.decide(state, command, ctx))
                break
            except DomainError as e:
                assert e.code == "kind_exhausted", e
    return state, events


OPTIONS = [MonunrailOptions(), MonunrailOptions(variant="multicolor"),
           MonunrailOptions(adjudication="submitted", width=6, height=5),
           MonunrailOptions(variant="multicolor", supply={"red_turn": 8, "blue_turn": 8, "red_crossroads": 4})]


@pytest.mark.parametrize("seed", range(12))
def test_random_games_end_and_replay_from_json(seed):
    options = OPTIONS[seed % len(OPTIONS)]
    state, events = play_random_game(seed, options)
    assert MONUNRAIL.result(state) is not None
    codec = codec_for(MONUNRAIL)
    decoded = msgspec.json.decode(codec.encode(events), type=list[Union[MONUNRAIL.events]])  # noqa: UP007
    replayed = MONUNRAIL.begin(MONUNRAIL.initial(options, seed=seed), at=0)
    for event in decoded:
        replayed = MONUNRAIL.evolve(replayed, event)
    assert replayed == state


def test_random_games_reach_every_ending():
    reasons = {MONUNRAIL.result(play_random_game(seed, OPTIONS[seed % 4])[0]).reason for seed in range(12)}
    assert {"last_tile", "impossible_upheld"} <= reasons


@pytest.mark.parametrize("seed", range(4))
def test_no_public_trace_of_the_supply_while_playing(seed):
    options = OPTIONS[seed % len(OPTIONS)]
    state, events = play_random_game(seed, options)
    replayed = MONUNRAIL.begin(MONUNRAIL.initial(options, seed=seed), at=0)
    for event in events:
        if MONUNRAIL.result(replayed) is None:
            for viewer in (Viewer(seat="first"), Viewer(seat="second"), Viewer()):
                view = msgspec.to_builtins(MONUNRAIL.view(replayed, viewer))
                assert view["supply"] is None and view["initial_supply"] is None
            assert b'"supply"' not in msgspec.json.encode(event) and b'"left"' not in msgspec.json.encode(event)
        replayed = MONUNRAIL.evolve(replayed, event)
