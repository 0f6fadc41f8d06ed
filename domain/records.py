"""Game records: a match as plain text, like a PGN file.

A record is tag pairs (``[Game "trax"]``, one per seat with its player's name, the date, the
options its reader may see, the result), a blank line, then the moves in the game's own notation,
one turn per numbered line. Lines starting with ``;`` are comments: what the referee decided (a
timeout, a solver's finding), never a player's turn, and take no number. Each game writes its
own lines (``domain/<game>/record.py``, one shape: :data:`MoveLines`) from the events its reader
may see, in the order they were recorded; this module writes the rest.

>>> from domain.registry import game_named
>>> from domain.match import decide_create, evolve
>>> from domain.trax.state import Played
>>> trax = game_named("trax")
>>> events = decide_create("m1", trax, {}, {"white": "a1", "red": "a2"}, now=0, seed=7)
>>> events.append(Played(seat="white", move="@0+", placed=["@0+"], at=86_400_000))
>>> state = None
>>> for event in events:
...     state = evolve(trax, state, event)
>>> print(record_text(trax, state, events, {"a1": "alice", "a2": "bob"}))  # doctest: +ELLIPSIS
[Game "trax"]
[Match "m1"]
[Date "1970.01.01"]
[Time "00:00:00"]
[White "alice"]
[Red "bob"]
[Options "{\\"mulligan\\":false,...}"]
[Result "*"]
<BLANKLINE>
1 @0+
<BLANKLINE>
"""

from __future__ import annotations

import calendar
import importlib
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import msgspec

from domain.game import AnyGame
from domain.match import MatchCreated, MatchState, SecretOptions, parse_options

MoveLines = Callable[[Iterable[Any]], list[str]]
"""A game's record writer: the events a reader may see, in recorded order (the match's own among
them), to its turns in the game's notation, one line each (``;`` lines are comments)."""


def move_lines(game: AnyGame, events: Iterable[Any]) -> list[str]:
    """The move lines of ``game`` (its module ``domain.<game>.record``), numbered, comments as they are.

    >>> from domain.registry import game_named
    >>> from domain.trax.state import Played, TraxTimedOut
    >>> move_lines(game_named("trax"), [Played("white", "@0+", ["@0+"], 0), TraxTimedOut("red", 9)])
    ['1 @0+', '; red ran out of time']
    """
    writer: MoveLines = importlib.import_module(f"domain.{game.name}.record").move_lines
    numbered, turn = [], 0
    for line in writer(events):
        if not line.startswith(";"):
            turn += 1
            line = f"{turn} {line}"
        numbered.append(line)
    return numbered


def result_tag(game: AnyGame, state: MatchState) -> str:
    """PGN's result: ``1-0`` (the first seat won), ``0-1``, ``1/2-1/2`` (a draw) or ``*`` (still
    played, or aborted without a result).

    >>> from domain.game import Result
    >>> from domain.registry import game_named
    >>> trax = game_named("trax")
    >>> state = MatchState("m", "trax", None, {}, None, None, 0, 0, 0, None, status="finished",
    ...                    result=Result(winner="red", reason="loop"))
    >>> result_tag(trax, state)
    '0-1'
    """
    result = state.result
    if result is None or state.status != "finished":
        return "*"
    if result.winner is None:
        return "1/2-1/2"
    return "1-0" if result.winner == game.seats[0] else "0-1"


def tag(name: str, value: str) -> str:
    """One tag pair, its value escaped as PGN does (``\\`` and ``"``) and kept on one line.

    >>> print(tag("Detail", 'White\\'s move A2\\\\ formed a "loop"'))
    [Detail "White's move A2\\\\ formed a \\"loop\\""]
    """
    text = " ".join(value.replace("\\", "\\\\").replace('"', '\\"').split())
    return f'[{name} "{text}"]'


def shown_options(game: AnyGame, events: Iterable[Any]) -> dict[str, Any]:
    """The options as the events show them: every public option (defaults included), and the
    secret ones only when a ``secret_options`` event is among them (its reader organizes the match)."""
    public: dict[str, Any] = {}
    secret: dict[str, Any] = {}
    for event in events:
        if isinstance(event, MatchCreated):
            public = msgspec.to_builtins(parse_options(game, event.options))
        elif isinstance(event, SecretOptions):
            secret = dict(event.options)
    options = {name: value for name, value in public.items() if name not in game.secret_options}
    return {**options, **secret}


def utc_date_and_time(ms: int) -> tuple[str, str]:
    """PGN's ``Date`` and a ``Time`` of a server time (ms since the epoch), in UTC. (The domain reads
    no clock: no ``datetime`` here.)

    >>> utc_date_and_time(0), utc_date_and_time(1_709_210_096_000)
    (('1970.01.01', '00:00:00'), ('2024.02.29', '12:34:56'))
    """
    days, seconds = divmod(max(ms, 0) // 1000, 86_400)
    year = 1970
    while days >= (length := 366 if calendar.isleap(year) else 365):
        days, year = days - length, year + 1
    month = 1
    while days >= (length := calendar.monthrange(year, month)[1]):
        days, month = days - length, month + 1
    hours, rest = divmod(seconds, 3600)
    return f"{year:04d}.{month:02d}.{days + 1:02d}", f"{hours:02d}:{rest // 60:02d}:{rest % 60:02d}"


def header(game: AnyGame, state: MatchState, events: Sequence[Any], names: Mapping[str, str]) -> list[str]:
    """The tag pairs: game, match, date and time (UTC, of the start, else of the creation), a tag
    per seat naming its player (``?``: nobody), the options shown, the result and why."""
    date, time = utc_date_and_time(state.started_at or state.created_at)
    tags = [tag("Game", game.name), tag("Match", state.match_id), tag("Date", date), tag("Time", time)]
    for seat in game.seats:
        account = state.seats.get(seat)
        tags.append(tag(seat.capitalize(), names.get(account, account) if account else "?"))
    tags.append(tag("Options", json.dumps(shown_options(game, events), separators=(",", ":"), sort_keys=True)))
    tags.append(tag("Result", result_tag(game, state)))
    if state.result is not None:
        if state.result.winner is not None:
            tags.append(tag("Winner", state.result.winner))
        tags.append(tag("Reason", state.result.reason))
        if state.result.detail:
            tags.append(tag("Detail", state.result.detail))
    return tags


def record_text(game: AnyGame, state: MatchState, events: Sequence[Any], names: Mapping[str, str]) -> str:
    """The whole record of a match: ``events`` are those its reader may see, as shown to it, in
    recorded order; ``state`` the match after them; ``names`` account id to name."""
    return "\n".join([*header(game, state, events, names), "", *move_lines(game, events), ""])
