"""Read models are projections: dropping them and rebuilding from the streams gives them back."""

from __future__ import annotations

import asyncio

from service.__main__ import rebuild_read_models
from service.matches.read_models import LAYOUT
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


def test_serve_rebuilds_read_models_kept_in_an_older_layout(http, settings, redis_client, tmp_path):
    """A summary is written by the append with its events; read models of the layout before that
    (summaries under ``rm:match:<id>``) are rebuilt once when the server starts."""
    import json

    from service.__main__ import _bootstrap
    from service.matches.event_store import summary_key

    duel = Duel(http).ready()
    duel.play_all(G3[:2])
    assert json.loads(redis_client.get(summary_key(duel.id)))["version"] == 7
    redis_client.delete(summary_key(duel.id))
    redis_client.set("rm:layout", "1")

    asyncio.run(_bootstrap(settings, "test-admin-token", tmp_path, demo_accounts=False))
    assert redis_client.get("rm:layout") == LAYOUT.encode()
    assert json.loads(redis_client.get(summary_key(duel.id)))["version"] == 7
    assert duel.id in [m["id"] for m in http.get("/accounts/me/matches", headers=duel.white).json()]
