"""``GET /metrics``: the server's metrics in the Prometheus text format (:mod:`service.observability.metrics`),
for the holder of ``METRICS_TOKEN`` or an admin: they show how busy each game is, which a player
must not learn (a sealed submission's command would show up in them)."""

from __future__ import annotations

import asyncio

from litestar import Controller, Request, Response, get
from litestar.openapi.datastructures import ResponseSpec

from domain.errors import NotAllowed
from service.accounts.authentication import CALLER, Authenticated
from service.api.deps import problems
from service.http.problems import Unauthenticated
from service.observability.metrics import CONTENT_TYPE, bearer_matches, exposition
from service.wiring import Services


def check_may_read_metrics(request: Request, metrics_token: str | None) -> None:
    """Pass ``Authorization: Bearer <METRICS_TOKEN>`` or an admin's token; else a 401 or 403."""
    if metrics_token and bearer_matches(request.headers.get("authorization"), metrics_token):
        return
    authenticated: Authenticated = request.scope.get(CALLER) or Authenticated()  # type: ignore[assignment]
    if authenticated.caller is None:
        raise Unauthenticated("unauthenticated", "Send 'Authorization: Bearer <METRICS_TOKEN>' (or an admin's token).")
    if not authenticated.caller.admin:
        raise NotAllowed("metrics_admin_only", "Only the metrics token or an admin may read the metrics.")


class MetricsController(Controller):
    tags = ["system"]

    @get("/metrics", operation_id="getMetrics", summary="Metrics in the Prometheus text format (METRICS_TOKEN or admin)",
         media_type=CONTENT_TYPE,
         responses={**problems(400, 401, 403),
                    200: ResponseSpec(data_container=str, media_type=CONTENT_TYPE, generate_examples=False,
                                      description="The Prometheus text exposition format, version 0.0.4.")})
    async def metrics(self, request: Request, services: Services) -> Response[bytes]:
        """Requests by route and status with their latency, commands accepted and refused by game and
        code, events appended by game, open streams, RQ queue depths, job durations and timer
        lateness (the workers' too when they share ``PROMETHEUS_MULTIPROC_DIR``, as under ``serve``).
        Labels never carry a match, an account or a token."""
        check_may_read_metrics(request, services.settings.metrics_token)
        body = await asyncio.to_thread(exposition, services.queue_redis)
        return Response(content=body, media_type=CONTENT_TYPE)
