"""The built-in bots: ``GET /bots`` lists every one with its level and the games it plays (see
:mod:`service.bots.accounts`)."""

from __future__ import annotations

from litestar import Controller, get

from service.api.deps import problems
from service.bots.accounts import BOT_ACCOUNTS, BotAccount


class BotController(Controller):
    tags = ["bots"]

    @get("/bots", operation_id="listBots", summary="The built-in bots: sparring partners to seat in a match",
         description='Every built-in bot account: its `id` (seat it in a match: `"seats": {"red": "bot_sane_1"}`), '
                     "`name`, `level` (0 `random`: random legal moves; 1 `sane`: random among the moves that do not "
                     "lose at once, and a win when a solver shows one) and the `games` it plays. A bot accepts "
                     "challenges and plays by itself, on the server's workers.",
         responses=problems())
    async def bots(self) -> list[BotAccount]:
        return list(BOT_ACCOUNTS.values())
