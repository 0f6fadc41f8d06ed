"""The loop of a bot: answer what the server asks of the account, for as long as it runs.

>>> from deathmatch_client import Client, run_bot
>>> def play(client, turn):  # a turn whose action is "play": send one of the legal moves
...     client.command(turn.match_id, client.legal_moves(turn.match_id).moves[0].command)
>>> run_bot(Client("http://127.0.0.1:8000", token="..."), play)  # doctest: +SKIP

A ``play`` that takes a ``state`` parameter is handed the rules library's state of the match as its
seat knows it (``domain.<game>.from_view``, docs/library.md), where the library is installed and
the game has it (else ``None``):

>>> def play(client, turn, state):  # state: e.g. a domain.cairo state, ready for a search
...     ...
"""

from __future__ import annotations

import importlib
import inspect
import logging
import time
from collections.abc import Callable, Collection
from typing import Any

from deathmatch_client.endpoints import ProblemError
from deathmatch_client.sync_client import Client
from deathmatch_client.types import Turn

log = logging.getLogger("deathmatch_client.bot")
TRIES = 3
"""How many times a turn whose ``play`` raised is tried (:data:`RETRY_S` apart) before the bot
leaves that turn alone until the match moves on."""
RETRY_S = 0.5


def run_bot(client: Client, play: Callable[..., None], *, once: bool = False,
            games: Collection[str] | None = None) -> None:
    """Accept every challenge, do once what each turn waiting on the account asks (``accept`` and
    ``ready``: say ready; ``choose_seat``: keep the seat offered; ``play``: call ``play(client,
    turn)``, or ``play(client, turn, state=...)`` when it takes a ``state``), then wait for the
    account stream's next item (it reconnects by itself) and look again; with ``games``, only
    challenges and turns of those games. With ``once``, stop when no unfinished match is left. A
    refusal (the match moved on meanwhile: a timeout, a resignation) is logged and the loop goes
    on; so is any exception ``play`` raises (with its traceback, on the logger
    ``deathmatch_client.bot``): the turn is tried again, up to :data:`TRIES` times, and one bad
    turn never stops the bot."""
    wants_state = "state" in inspect.signature(play).parameters
    news = client.iter_account_stream()
    next(news)  # the turns waiting now: my_turns() below reads them anyway
    handled: set[tuple[str, int]] = set()  # a sealed submission leaves the seat listed until the reveal: act once
    failed: dict[tuple[str, int], int] = {}
    while True:
        for challenge in client.my_challenges().received:
            if games is not None and challenge.game not in games:
                continue
            _answer(lambda: client.accept(challenge.match_id), challenge.match_id)
        turns = [t for t in client.my_turns() if (t.match_id, t.version) not in handled
                 and (games is None or t.game in games)]
        for turn in turns:
            done = True
            if turn.action in ("accept", "ready"):  # (ready accepts a challenge too)
                _answer(lambda: client.ready(turn.match_id), turn.match_id)
            elif turn.action == "choose_seat":
                _answer(lambda: client.command(turn.match_id, {"type": "choose_seat", "seat": turn.seat}),
                        turn.match_id)
            elif wants_state:
                done = _answer(lambda: play(client, turn, state=library_state(client, turn)), turn.match_id)
            else:
                done = _answer(lambda: play(client, turn), turn.match_id)
            key = (turn.match_id, turn.version)
            if not done:
                failed[key] = failed.get(key, 0) + 1
                if failed[key] < TRIES:
                    continue
                log.error("%s: the bot's turn failed %d times: left until the match moves on", turn.match_id, TRIES)
            handled.add(key)
        if turns and not all((t.match_id, t.version) in handled for t in turns):
            time.sleep(RETRY_S)  # a turn to try again
        elif not turns:
            if once and not client.my_matches():
                return
            next(news)  # whatever happened since: a challenge, a start, a turn, an end


def library_state(client: Client, turn: Turn) -> Any:
    """The rules library's state of ``turn``'s match as its seat knows it (``from_view`` of the
    match), or ``None`` where the library is not installed or its game has no ``from_view`` yet."""
    try:
        rules = importlib.import_module(f"domain.{turn.game}")
    except ImportError:
        return None
    from_view = getattr(rules, "from_view", None)
    return None if from_view is None else from_view(client.match(turn.match_id))


def _answer(do: Callable[[], object], match_id: str) -> bool:
    """Do it; ``False`` when it raised anything but a refusal (logged: the author's code failed)."""
    try:
        do()
    except ProblemError as refused:
        log.warning("%s: %s", match_id, refused)
    except Exception:  # the author's code: log it and go on with the other matches and turns
        log.exception("%s: the bot's turn failed", match_id)
        return False
    return True
