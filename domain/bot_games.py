"""Whole matches between built-in bots, played through the domain with simulated time: for tests
and ``bench/bots.py``. No service, no clock: each action takes ``step_ms`` of match time, a seat
with nothing to do lets time run to the next deadline, and solver work is done at once.

A bot's turn goes as on a worker (:mod:`workers.jobs`): its candidates are tried in order; when
the game refuses them all, the bot is asked again, told what was refused (:attr:`Think.refused`),
until it offers nothing new.

>>> from domain.registry import game_named
>>> played = play_match(game_named("cairo"), {"first": 1, "second": 0}, seed=3)
>>> played.state.status, played.state.result.winner in ("first", "second"), played.refused
('finished', True, [])
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

from domain.bots import ROUNDS, Think, action_of, next_commands, turn_seed, untried
from domain.errors import DomainError
from domain.game import Context, AnyGame, Seat
from domain.match import OVER, MatchState, decide, decide_create, deadline, evolve, overdue_timeout

Ask = Callable[[AnyGame, MatchState, Seat, int, Think], list[Any]]
"""How a seat's bot is asked (default :func:`domain.bots.next_commands`; the bench times it)."""

Budget = Callable[[], Callable[[], bool]]
"""Makes the think-time callable (:attr:`Think.spent`) of one decision."""

class Played(msgspec.Struct):
    """A match played out: its final ``state`` and every command the game ``refused``, as
    ``(seat, command, code)`` (only hidden information should refuse one: MonUnrail's supply)."""

    state: MatchState
    refused: list[tuple[Seat, Any, str]]


class Stuck(Exception):
    """No seat acts, no solver works and no deadline is due: the match cannot go on."""


def play_match(game: AnyGame, levels: dict[Seat, int], seed: int, options: dict[str, Any] | None = None, *,
               ask: Ask = next_commands, budget: Budget | None = None, step_ms: int = 1_000,
               max_steps: int = 10_000) -> Played:
    """Play a match of ``game`` whose seats are held by bots of ``levels`` to its end (or
    ``max_steps`` actions); the match's seed and each position give the bots' seeds. ``budget``
    makes each decision's think-time callable (default: time never runs out, and a search bot
    stops at its own cap; :func:`domain.bots.after_calls` gives a budget that does not depend on the
    machine). Raises :class:`Stuck`."""
    accounts = {seat: f"bot_{seat}" for seat in game.seats}
    state: Any = None
    for event in decide_create("bench", game, options or {}, {**accounts}, now=0, seed=seed):
        state = evolve(game, state, event)
    now, refusals = 0, list[tuple[Seat, Any, str]]()

    def apply(events: list[Any]) -> None:
        nonlocal state
        for event in events:
            state = evolve(game, state, event)

    for _ in range(max_steps):
        if state.status in OVER:
            break
        now += step_ms
        jobs = game.jobs(state.game) if state.status == "running" else []
        if jobs:
            apply(decide(game, state, game.work(state.game, jobs[0]), Context(now=now, system=True)))
            continue
        if not any(_turn(game, state, seat, levels[seat], accounts[seat], now, ask, budget, apply, refusals)
                   for seat in game.seats if action_of(game, state, seat) is not None):
            due = deadline(game, state)
            if due is None:
                raise Stuck(f"{game.name} seed {seed}: nobody acts at version {state.version}")
            now = max(now, due.at)
            timeout = overdue_timeout(game, state, now)
            assert timeout is not None
            apply(decide(game, state, timeout, Context(now=now, system=True)))
    return Played(state=state, refused=refusals)


def _turn(game: AnyGame, state: MatchState, seat: Seat, level: int, account: str, now: int, ask: Ask,
          budget: Budget | None, apply: Callable[[list[Any]], None],
          refusals: list[tuple[Seat, Any, str]]) -> bool:
    """One bot's turn: True once the game accepted one of its commands."""
    refused: tuple[tuple[Any, str], ...] = ()
    seed = turn_seed(state, seat)
    for _ in range(ROUNDS):
        think = Think(seed=seed, refused=refused) if budget is None else Think(seed=seed, spent=budget(), refused=refused)
        fresh = untried(ask(game, state, seat, level, think), think)
        if not fresh:
            return False
        for command in fresh:
            try:
                events = decide(game, state, command, Context(now=now, account=account))
            except DomainError as refusal:
                refused += ((command, refusal.code),)
                refusals.append((seat, command, refusal.code))
                continue
            apply(events)
            return True
    return False


