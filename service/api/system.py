"""Health and readiness (the games are in :mod:`service.api.games`)."""

from __future__ import annotations

import asyncio

from litestar import Controller, Response, get
from litestar.openapi.datastructures import ResponseSpec
from redis.exceptions import RedisError

from service.api.deps import problems
from service.api.schemas import Health, Readiness
from service.wiring import Services


class SystemController(Controller):
    tags = ["system"]

    @get("/health", operation_id="getHealth", summary="Liveness: the process answers", responses=problems())
    async def health(self) -> Health:
        return Health(status="ok")

    @get("/ready", operation_id="getReady",
         summary="Readiness: every Redis connection a request uses answers; what still warms up",
         responses={**problems(), 503: ResponseSpec(data_container=Readiness, description="Redis is not reachable.",
                                                    generate_examples=False)})
    async def ready(self, services: Services) -> Response[Readiness]:
        """200 once the pooled connections, the pipelined one (most commands go through it) and the
        queues' connection all answer a PING within 3 s; else 503. It also says whether the built-in
        bots play now (``bots_ready``) and, in ``warming``, what is still warming up, a sentence each:
        on a first start the workers may still be compiling a game's solvers, and a challenge to a
        bot waits until they are done (``GET /bots`` says it of each bot)."""
        try:
            await asyncio.wait_for(asyncio.gather(services.redis.ping(), services.store.pipe.execute("PING"),
                                                  asyncio.to_thread(services.queue_redis.ping)), timeout=3)
        except (RedisError, OSError, TimeoutError, ConnectionError):
            return Response(Readiness(status="unavailable"), status_code=503)
        bots = await services.readiness.bots()
        return Response(Readiness(status="ok", bots_ready=bots.ready,
                                  warming=[] if bots.ready else [f"the built-in bots: {bots.status}"]))
