"""The loop of a bot: answer what the server asks of the account, for as long as it runs.

>>> from deathmatch_client import Client, run_bot
>>> def play(client, turn):  # a turn whose action is "play": send one of the legal moves
...     client.command(turn.match_id, client.legal_moves(turn.match_id).moves[0].command)
>>> run_bot(Client("http://127.0.0.1:8000", token="..."), play)  # doctest: +SKIP
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from deathmatch_client.endpoints import ProblemError
from deathmatch_client.sync_client import Client
from deathmatch_client.types import Turn


def run_bot(client: Client, play: Callable[[Client, Turn], None], *, once: bool = False,
            games: Collection[str] | None = None) -> None:
    """Accept every challenge, do once what each turn waiting on the account asks (``accept`` and
    ``ready``: say ready; ``choose_seat``: keep the seat offered; ``play``: call ``play``), then
    wait for the account stream's next item (it reconnects by itself) and look again; with
    ``games``, only challenges and turns of those games. With ``once``, stop when no unfinished
    match is left. A refusal (the match moved on meanwhile: a timeout, a resignation) is printed
    and the loop goes on."""
    news = client.iter_account_stream()
    next(news)  # the turns waiting now: my_turns() below reads them anyway
    handled: set[tuple[str, int]] = set()  # a sealed submission leaves the seat listed until the reveal: act once
    while True:
        for challenge in client.my_challenges().received:
            if games is not None and challenge.game not in games:
                continue
            _answer(lambda: client.accept(challenge.match_id), challenge.match_id)
        turns = [t for t in client.my_turns() if (t.match_id, t.version) not in handled
                 and (games is None or t.game in games)]
        for turn in turns:
            if turn.action in ("accept", "ready"):  # (ready accepts a challenge too)
                _answer(lambda: client.ready(turn.match_id), turn.match_id)
            elif turn.action == "choose_seat":
                _answer(lambda: client.command(turn.match_id, {"type": "choose_seat", "seat": turn.seat}),
                        turn.match_id)
            else:
                _answer(lambda: play(client, turn), turn.match_id)
            handled.add((turn.match_id, turn.version))
        if not turns:
            if once and not client.my_matches():
                return
            next(news)  # whatever happened since: a challenge, a start, a turn, an end


def _answer(do: Callable[[], object], match_id: str) -> None:
    try:
        do()
    except ProblemError as refused:
        print(f"{match_id}: {refused}")
