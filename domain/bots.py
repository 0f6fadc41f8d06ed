"""Built-in bots: what a seat held by a bot does next, over the whole match. Pure and seeded.

The lifecycle part is the same for every game (say ready, choose a seat when holding priority);
during play the game's bot of the seat's level decides: ``game.bots[level](state, seat, think)``
returns candidate commands, preferred first. Every game has one ``bots`` mapping, level -> bot, and
:data:`LEVELS` names the levels; a level is offered (``GET /bots``) only for the games whose
mapping has it, so adding a level is one entry per game.

>>> from domain import match
>>> from domain.registry import game_named
>>> trax = game_named("trax")
>>> state = None
>>> for e in match.decide_create("m", trax, {}, {"white": "bot_random_1", "red": "ann"}, now=0, seed=1):
...     state = match.evolve(trax, state, e)
>>> next_commands(trax, state, "white", 1, Think(seed=7))
[Ready()]
>>> levels_of(trax)
(0, 1, 2, 3)
"""

from __future__ import annotations

import dataclasses
import random
import zlib
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Literal, TypeVar

from domain.errors import InvalidCommand
from domain.game import AnyGame, Deadline, Seat
from domain.match import Accept, ChooseSeat, MatchState, Ready

LEVELS: Mapping[int, str] = {0: "random", 1: "sane", 2: "greedy", 3: "search"}
"""Every bot level by number, with its name. 0 ``random``: random legal play (where a solver
decides a submission outright it is used: a Duorail track, Deep Sea routes); 1 ``sane``: random
among the moves that neither lose at once nor throw away its own chances, and a win taken when the
game's solver shows one; 2 ``greedy``: one move of look-ahead with the game's solvers and a simple
evaluation; 3 ``search``: a search over the pure rules (MCTS or alpha-beta) with a real evaluation,
within its think time, using the solvers where they decide the game. Each game's ``bot.py`` says
what that means there; a game offers a level when its ``bots`` mapping has it."""


def never() -> bool:
    return False


def after_calls(n: int) -> Callable[[], bool]:
    """A think-time stand-in that is spent once it has been asked ``n`` times: a budget that does
    not depend on the machine's speed, for tests (a search bot then stops as it would on a clock).

    >>> spent = after_calls(2)
    >>> [spent() for _ in range(4)]
    [False, False, True, True]
    """
    asked = 0

    def spent() -> bool:
        nonlocal asked
        asked += 1
        return asked > n

    return spent


@dataclasses.dataclass(frozen=True)
class Think:
    """What a bot may use to choose besides the state it sees: ``seed``, its only chance;
    ``spent``, a callable that turns true once its think time is used up (the worker makes it from
    its clock -- the domain reads none; a bot asks it between solver calls and then plays the best
    it has); ``refused``, the commands of this seat the game refused this turn, with each refusal's
    code (what a player learns from a refusal, say MonUnrail's ``kind_exhausted``).

    >>> Think(seed=1).spent(), Think(seed=1, spent=lambda: True).spent()
    (False, True)
    """

    seed: int
    spent: Callable[[], bool] = never
    refused: tuple[tuple[Any, str], ...] = ()

    def rng(self) -> random.Random:
        return random.Random(self.seed)


MARGIN_MS = 1_500
"""How long before the seat's deadline a bot's think time ends: room to send its move."""


def think_ms(setting_ms: int, now: int, due: Deadline | None, seat: Seat) -> int:
    """How long a bot may think now: its level's setting, but never past the deadline ``due`` of
    ``seat`` (or of both seats) less :data:`MARGIN_MS`; 0 when that has come.

    >>> think_ms(1_000, now=0, due=None, seat="red"), think_ms(1_000, 0, Deadline(at=2_000, key="t", seat="red"), "red")
    (1000, 500)
    >>> think_ms(1_000, 0, Deadline(at=2_000, key="t", seat="white"), "red")  # another seat's deadline
    1000
    """
    if due is None or due.seat not in (None, seat):
        return max(0, setting_ms)
    return max(0, min(setting_ms, due.at - now - MARGIN_MS))


Evaluate = Callable[[Any, Seat, Think], float]
"""A game's evaluation of a position for one seat (each game's ``bot.evaluate``, its
``Game.evaluate``): from -1.0 (lost: a solver proves it, or the game is over and lost) to 1.0 (won,
likewise); strictly between, the game's estimate (0.0: even). It reads only what ``seat`` may see.
The greedy and search bots choose by it; a finished match's analysis finds the loser's turning
point by it (:mod:`domain.turning_points`)."""

Bot = Callable[[Any, Seat, Think], list[Any]]
"""A game's bot of one level: ``(game state, seat, think) -> candidate commands``, preferred
first (``[]``: nothing to do). It reads only what ``seat`` may see (never the hidden supply of
MonUnrail, never the opponent's sealed submission)."""

Action = Literal["accept", "ready", "choose_seat", "play"]
"""What a seat is expected to do now: accept a challenge, say ready, choose its seat (the priority
player in the pregame), or play (move or submit)."""


def bot(game: AnyGame, level: int) -> Bot:
    """The built-in bot of ``level`` for ``game`` (``domain.cairo.GAME``...): ``bot(state, seat,
    think)`` returns its candidate commands for ``seat``, preferred first (:data:`Bot`).

    >>> from domain import cairo
    >>> bot(cairo.GAME, 3)(cairo.new_game(), "first", Think(seed=1, spent=after_calls(20)))[0]
    Place(cell='Gr')
    >>> bot(cairo.GAME, 7)
    Traceback (most recent call last):
    domain.errors.InvalidCommand: cairo has bots of the levels 0, 1, 2, 3, not 7.
    """
    if level not in game.bots:
        raise InvalidCommand("unknown_level", f"{game.name} has bots of the levels "
                                              f"{', '.join(map(str, levels_of(game)))}, not {level}.")
    return game.bots[level]


def levels_of(game: AnyGame) -> tuple[int, ...]:
    """The levels ``game`` has a bot for, lowest first."""
    return tuple(sorted(level for level in game.bots if level in LEVELS))


def action_of(game: AnyGame, state: MatchState, seat: Seat) -> Action | None:
    """What ``seat`` is expected to do now (``None``: nothing). Cheap: no solver is run. The one
    answer to "who must act" for ``/accounts/me/turns``, the account feeds and the built-in bots.

    >>> from domain import match
    >>> from domain.registry import game_named
    >>> trax = game_named("trax")
    >>> state = None
    >>> for e in match.decide_create("m", trax, {}, {"white": "ann", "red": "bob"}, now=0, seed=1, invited=["red"]):
    ...     state = match.evolve(trax, state, e)
    >>> action_of(trax, state, "white"), action_of(trax, state, "red")
    ('ready', 'accept')
    """
    if state.status == "waiting":
        if seat in state.invited:
            return "accept"
        return "ready" if state.opened and seat not in state.ready and state.seats.get(seat) else None
    if state.status == "pregame":
        return "choose_seat" if state.priority == seat else None
    if state.status == "running" and seat in game.to_move(state.game):
        return "play"
    return None


def next_commands(game: AnyGame, state: MatchState, seat: Seat, level: int, think: Think) -> list[Any]:
    """The candidate commands of the level-``level`` bot for ``seat`` now, preferred first (``[]``:
    nothing to do, or no bot of that level for this game)."""
    if action_of(game, state, seat) is None or level not in game.bots:
        return []
    if state.status == "waiting":
        return [Ready()] if state.opened else [Accept()]
    if state.status == "pregame":
        return [ChooseSeat(seat=think.rng().choice(game.seats))]
    return game.bots[level](state.game, seat, think)


def turn_seed(state: MatchState, seat: Seat) -> int:
    """The seed of ``seat``'s bot in this position: from the match's seed and the position, so a
    bot's choices are reproducible (and a turn asked again decides the same).

    >>> from domain import match
    >>> from domain.registry import game_named
    >>> trax = game_named("trax")
    >>> [created] = match.decide_create("m", trax, {}, {"white": "a", "red": "b"}, now=0, seed=1)
    >>> turn_seed(match.evolve(trax, None, created), "white")
    2708154388
    """
    return zlib.crc32(f"{state.seed}:{state.version}.{state.private_events}:{seat}".encode())


ROUNDS = 8
"""How many times a bot is asked again in one turn after the game refused all it offered (each
refusal may teach it something: MonUnrail's exhausted kinds)."""


def untried(commands: list[Any], think: Think) -> list[Any]:
    """``commands`` less those already refused this turn.

    >>> untried([Ready(), Accept()], Think(seed=0, refused=((Ready(), "already_started"),)))
    [Accept()]
    """
    return [c for c in commands if all(c != tried for tried, _ in think.refused)]


T = TypeVar("T")


def first_passing(candidates: Iterable[T], passes: Callable[[T], bool], think: Think) -> T | None:
    """The first candidate that ``passes``, asked while think time is left (``None``: none did, or
    the time ran out first). Shuffled candidates make it a uniform choice among those that pass,
    at the cost of checking only until one does.

    >>> first_passing([1, 2, 3, 4], lambda n: n % 2 == 0, Think(seed=0))
    2
    >>> first_passing([1, 2, 3, 4], lambda n: True, Think(seed=0, spent=lambda: True)) is None
    True
    """
    for candidate in candidates:
        if think.spent():
            return None
        if passes(candidate):
            return candidate
    return None


def shuffled(items: Iterable[T], think: Think) -> list[T]:
    """``items`` in the bot's seeded random order.

    >>> sorted(shuffled(range(5), Think(seed=3)))
    [0, 1, 2, 3, 4]
    """
    listed = list(items)
    think.rng().shuffle(listed)
    return listed
