"""Health and readiness (the games are in :mod:`service.api.games`)."""

from __future__ import annotations

import asyncio

from litestar import Controller, Response, get
from litestar.openapi.datastructures import ResponseSpec
from redis.exceptions import RedisError

from service.api.deps import problems
from service.api.schemas import Health
from service.wiring import Services


class SystemController(Controller):
    tags = ["system"]

    @get("/health", operation_id="getHealth", summary="Liveness: the process answers", responses=problems())
    async def health(self) -> Health:
        return Health(status="ok")

    @get("/ready", operation_id="getReady",
         summary="Readiness: every Redis connection a request uses answers",
         responses={**problems(), 503: ResponseSpec(data_container=Health, description="Redis is not reachable.",
                                                    generate_examples=False)})
    async def ready(self, services: Services) -> Response[Health]:
        """200 once the pooled connections, the pipelined one (most commands go through it) and the
        queues' connection all answer a PING within 3 s; else 503."""
        try:
            await asyncio.wait_for(asyncio.gather(services.redis.ping(), services.store.pipe.execute("PING"),
                                                  asyncio.to_thread(services.queue_redis.ping)), timeout=3)
        except (RedisError, OSError, TimeoutError, ConnectionError):
            return Response(Health(status="unavailable"), status_code=503)
        return Response(Health(status="ok"))

