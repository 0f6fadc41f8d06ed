"""Read models are projections: dropping them and rebuilding from the streams gives them back."""

from __future__ import annotations

import asyncio

from service.__main__ import rebuild_read_models
from service.wiring import connect
from tests.api.helpers import G3, Duel


def test_rebuilding_the_read_models_from_the_streams_gives_the_same_answers(http, settings):
    finished = Duel(http).ready()
    finished.play_all(G3)
    running = Duel(http).ready()
    running.play_all(G3[:3])

    def snapshot():
        listed = http.get("/matches", params={"limit": 200}).json()
        mine = {d.id: http.get("/accounts/me/matches", headers=d.white).json() for d in (finished, running)}
        return listed, mine

    before = snapshot()

    async def rebuild():
        services = connect(settings)
        try:
            await services.read_models.clear()
            assert await services.read_models.matches() == []
            return await rebuild_read_models(services)
        finally:
            await services.close()

    count = asyncio.run(rebuild())
    assert count >= 2
    after = snapshot()
    assert after == before
    assert after[1][finished.id] == [] and [m["id"] for m in after[1][running.id]] == [running.id]
