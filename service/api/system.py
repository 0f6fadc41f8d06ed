"""Health, readiness and the list of games."""

from __future__ import annotations

import asyncio

import msgspec
from litestar import Controller, Response, get
from litestar.openapi.datastructures import ResponseSpec
from redis.exceptions import RedisError

from domain.match import MATCH_COMMANDS
from domain.registry import all_games
from service.api.deps import problems
from service.api.schemas import GameInfo, Health
from service.wiring import Services


class SystemController(Controller):
    tags = ["system"]

    @get("/health", summary="Liveness: the process answers", responses=problems())
    async def health(self) -> Health:
        return Health(status="ok")

    @get("/ready", summary="Readiness: Redis answers", responses={**problems(), 503: ResponseSpec(data_container=Health, description="Redis is not reachable.", generate_examples=False)})
    async def ready(self, services: Services) -> Response[Health]:
        try:
            await asyncio.wait_for(services.redis.ping(), timeout=3)
        except (RedisError, OSError, TimeoutError):
            return Response(Health(status="unavailable"), status_code=503)
        return Response(Health(status="ok"))

    @get("/games", summary="The games this server plays", responses=problems())
    async def games(self) -> list[GameInfo]:
        return [GameInfo(name=g.name, seats=list(g.seats), default_options=msgspec.to_builtins(g.Options()),
                         commands=sorted(c.__struct_config__.tag for c in (*MATCH_COMMANDS, *g.commands)))
                for g in all_games().values()]

