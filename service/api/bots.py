"""The built-in bots: ``GET /bots`` lists every one with its level and the games it plays (see
:mod:`service.bots.accounts`)."""

from __future__ import annotations

from litestar import Controller, get

from service.api.deps import problems
from service.api.schemas import BuiltInBot
from service.bots.accounts import BOT_ACCOUNTS
from service.wiring import Services


class BotController(Controller):
    tags = ["bots"]

    @get("/bots", operation_id="listBots", summary="The built-in bots: sparring partners to seat in a match",
         description='Every built-in bot account: its `id` (seat it in a match: `"seats": {"red": "bot_sane_1"}`), '
                     "`name`, `level` (0 `random`: random legal moves; 1 `sane`: random among the moves that do not "
                     "lose at once, and a win when a solver shows one) and the `games` it plays. A bot accepts "
                     "challenges and plays by itself, on the server's workers. `ready` says whether it plays now "
                     "and `status` why not, in a sentence: while the workers warm up (on a first start they "
                     "may be compiling a game's solvers) or when none runs, a challenge waits.",
         responses=problems())
    async def bots(self, services: Services) -> list[BuiltInBot]:
        now = await services.readiness.bots()
        return [BuiltInBot(id=b.id, name=b.name, level=b.level, level_name=b.level_name, games=b.games,
                           ready=now.ready, status=now.status) for b in BOT_ACCOUNTS.values()]
