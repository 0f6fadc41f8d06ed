"""Every listed legal move carries a command the game accepts, in every game and phase.

Random games of each game (with the options that open its special phases: Trax's Mulligan,
Multicolor's items, Duorail's submitted challenges and endgame) list each seat's legal moves at
every step; the test sends a sample of them (every extra move, a few dozen of the rest) and
checks that ``decide`` accepts each, then plays one at random (extras often, so that the rarer
phases come up). Solver work is done as the worker would.
"""

from __future__ import annotations

import random

import pytest

from domain.errors import DomainError
from domain.game import Context
from domain.registry import game_named

MAY_REFUSE = {
    "kind_exhausted",  # MonUnrail lists builds without looking at the hidden supply
    "track_sealed",  # Duorail lists "no track" in the whole endgame window, sealed track or not
}
SAMPLE = 40
STEPS = 400

CASES = {
    "trax": {"mulligan": True, "variant": "8x8"},
    "duorail": {"adjudication": "submitted", "scoring": "submitted"},
    "monunrail": {"variant": "multicolor"},
    "cairo": {},
    "deepsea": {},
}


def sample(listing, rng: random.Random) -> list:
    """Every move of a short listing; else the last three (where games put their special moves)
    and a random handful of the rest."""
    if len(listing) <= SAMPLE + 3:
        return list(listing)
    picked = rng.sample(range(len(listing) - 3), min(SAMPLE, len(listing) - 3))
    return [listing[i] for i in picked] + list(listing[-3:])


def tag(move) -> str:
    return move.command.__struct_config__.tag


def accepted(game, state, seat, move, now):
    try:
        return game.decide(state, move.command, Context(now=now, seat=seat))
    except DomainError as refusal:
        assert refusal.code in MAY_REFUSE, f"{game.name}: listed {move.move!r} is refused: {refusal}"
        return None


def run_solver_jobs(game, state, now):
    for job in game.jobs(state):
        for event in game.decide(state, game.work(state, job), Context(now=now, system=True)):
            state = game.evolve(state, event)
    return state


@pytest.mark.parametrize("name", sorted(CASES))
@pytest.mark.parametrize("seed", range(3))
def test_every_listed_move_carries_a_command_the_game_accepts(name, seed):
    game, rng = game_named(name), random.Random(seed)
    state = game.begin(game.initial(game.Options(**CASES[name]), seed=seed), at=0)
    now, kinds = 0, set()
    for _ in range(STEPS):
        now += 1
        if hasattr(state, "pregame_until") and getattr(state, "phase", "") == "pregame":
            now = max(now, state.pregame_until)
            state = game.begin(state, at=now)
        state = run_solver_jobs(game, state, now)
        if game.result(state) is not None:
            break
        choices = []
        for seat in game.to_move(state):
            listing = game.legal_commands(state, seat)
            for move in sample(listing, rng):
                events = accepted(game, state, seat, move, now)
                if events is not None:
                    choices.append((move, events))
        if not choices:
            break
        special = [c for c in choices if tag(c[0]) not in ("play", "cairo_place", "monunrail_build", "duorail_move",
                                                            "deepsea_move")]
        move, events = rng.choice(special if special and rng.random() < 0.3 else choices)
        kinds.add(tag(move))
        for event in events:
            state = game.evolve(state, event)
    assert kinds, f"{name}: nothing was played"
