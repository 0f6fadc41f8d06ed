"""The built-in bots' accounts: eight per level (:data:`domain.bots.LEVELS`), so that bots can play
each other and fill a tournament. Ids are ``bot_<level name>_<n>`` (ordinary accounts' start with
``a_``), names ``<level name>-bot-<n>``; a match seats one by its id. They have no token: the server
plays for them on its workers (:func:`workers.jobs.bot_turn`), each at its level, in the games that
have a bot of that level.

>>> BOT_ACCOUNTS["bot_sane_3"]
BotAccount(id='bot_sane_3', name='sane-bot-3', level=1, level_name='sane', games=['trax', 'duorail', 'monunrail', 'cairo', 'deepsea'])
>>> is_bot("bot_random_8"), is_bot("a_1234"), is_bot(None)
(True, False, False)
"""

from __future__ import annotations

import msgspec

from domain.bots import LEVELS, levels_of
from domain.registry import all_games

PER_LEVEL = 8


class BotAccount(msgspec.Struct, frozen=True):
    """A built-in bot: its account ``id`` and ``name``, its ``level`` (``level_name``) and the
    ``games`` it plays."""

    id: str
    name: str
    level: int
    level_name: str
    games: list[str]


def _accounts() -> dict[str, BotAccount]:
    games = all_games().values()
    bots = {}
    for level, label in LEVELS.items():
        plays = [g.name for g in games if level in levels_of(g)]
        if plays:  # a level no game has yet is not offered
            for n in range(1, PER_LEVEL + 1):
                bot = BotAccount(id=f"bot_{label}_{n}", name=f"{label}-bot-{n}", level=level, level_name=label,
                                 games=plays)
                bots[bot.id] = bot
    return bots


BOT_ACCOUNTS: dict[str, BotAccount] = _accounts()
"""Every built-in bot by account id, lowest level first."""


def is_bot(account_id: str | None) -> bool:
    return account_id in BOT_ACCOUNTS
