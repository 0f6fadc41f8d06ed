"""The Litestar application.

>>> from service.settings import Settings
>>> app = create_app(Settings(redis_url="redis://127.0.0.1:6379/0"))
>>> paths = {r.path for r in app.routes}
>>> "/" in paths, "/matches/{match_id:str}/commands" in paths
(True, True)
"""

from __future__ import annotations

import contextlib
import gc
import json
import os
from collections.abc import AsyncIterator

import msgspec
from litestar import Litestar, Router
from litestar.di import Provide
from litestar.openapi import OpenAPIConfig
from litestar.openapi.spec import Components, SecurityScheme, Server

from service.accounts.rate_limits import RATE_LIMIT_HEADERS, RateLimitMiddleware
from service.api.accounts import AccountController
from service.api.analysis import AnalysisController
from service.api.bots import BotController
from service.api.deps import provide_caller
from service.api.games import GameController
from service.api.positions import PositionController
from service.api.json_body import request_class
from service.api.live import LiveController
from service.api.matches import MatchController
from service.api.metrics import MetricsController
from service.api.ratings import RatingController
from service.api.records import RecordController
from service.api.schema_pages import SCHEMA_PAGES, schema_asset, schema_page_not_found
from service.api.strictness import StrictStructSchemaPlugin, before_request
from service.api.system import SystemController
from service.api.tagged_unions import TaggedUnionSchemaPlugin
from service.api.text_bodies import as_text
from service.api.tokens import TokenController
from service.api.consents import ConsentController
from service.api.tournament_acts import TournamentActController
from service.api.tournament_stream import TournamentStreamController
from service.api.tournaments import TournamentController
from service.api.web import web_file, web_page
from service.api.webhooks import WebhookController
from service.bots.accounts import BOT_ACCOUNTS
from service.http.observed_requests import ObservedRequests
from service.http.problems import EXCEPTION_HANDLERS
from service.observability.metrics import forget_process
from service.settings import Settings
from service.wiring import Services, connect

DESCRIPTION = """Two-player death-match board games (Trax, Duorail, MonUnrail, Cairo Corridor, Deep Sea Voyage) as an
event-sourced REST API.

Authenticate with `Authorization: Bearer <token>` (open an account with `POST /accounts`; mint
tokens with fewer scopes with `POST /accounts/me/tokens`). Each token may make `RATE_LIMIT` requests
per window (by default 6000 a minute): its responses carry `RateLimit-Limit`, `RateLimit-Remaining`
and `RateLimit-Reset` (seconds), and past the limit a 429 `rate_limited` comes with `Retry-After`.
Every error is an RFC 9457 problem document with a stable `code`. A request whose line and header
fields take more than `MAX_HEADER_BYTES` (by default 16 KiB) is answered 431 `headers_too_large`
and its connection closed, whatever the operation. Times are milliseconds since the Unix epoch on
the server clock. Every response carries `X-Request-ID`: the request's own if it sent one of 1 to
128 of `A-Z a-z 0-9 . _ : + / = -`, else one the server made; the server's log lines about the
request carry it too."""


def openapi_document(app: Litestar) -> dict:
    """The app's OpenAPI document as plain JSON data (struct defaults encoded by msgspec)."""
    return json.loads(msgspec.json.encode(app.openapi_schema.to_schema()))


GC_THRESHOLDS = (10_000, 10, 100)
"""The cyclic garbage collector's thresholds in an API process (Python's are 700, 10, 10)."""


def quiet_garbage_collector() -> None:
    """Keep the cyclic garbage collector out of the way of requests: everything built at start-up
    (the app, its routes, the OpenAPI schema) is frozen out of its scans, it runs after 10,000 new
    objects instead of 700 and looks at the oldest ones ten times more rarely. Under load it took 17 %
    of an API process's CPU, in pauses up to 97 ms, scanning the same long-lived objects again and
    again; now under 1 %, in pauses under 20 ms (``bench/README.md``). What it is for, freeing
    reference cycles, still happens: such garbage waits a little longer."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def create_app(settings: Settings) -> Litestar:
    @contextlib.asynccontextmanager
    async def lifespan(app: Litestar) -> AsyncIterator[None]:
        services = connect(settings)
        app.state.services = services
        if settings.admin_token:
            await services.accounts.ensure_admin(settings.admin_token)
        for bot in BOT_ACCOUNTS.values():
            await services.accounts.ensure_bot(bot.id, bot.name)
        quiet_garbage_collector()
        try:
            yield
        finally:
            await services.close()
            forget_process(os.getpid())  # its open streams are closed

    def provide_services() -> Services:
        return app.state.services

    app = Litestar(
        route_handlers=[SystemController, GameController, PositionController, BotController, AccountController, MatchController, LiveController,
                        AnalysisController, TournamentController, TournamentActController, TournamentStreamController,
                        TokenController, ConsentController, WebhookController, RecordController,
                        MetricsController, schema_asset, web_page, web_file, RatingController],
        dependencies={"services": Provide(provide_services, sync_to_thread=False),
                      "caller": Provide(provide_caller)},
        request_class=request_class(settings.max_json_depth),
        exception_handlers=EXCEPTION_HANDLERS,  # type: ignore[arg-type]
        plugins=[StrictStructSchemaPlugin(), TaggedUnionSchemaPlugin()],
        before_request=before_request,
        middleware=[RateLimitMiddleware(settings)],
        response_headers=RATE_LIMIT_HEADERS,
        lifespan=[lifespan],
        openapi_config=OpenAPIConfig(
            title="Death-match game server", version="0.1.0", description=DESCRIPTION,
            openapi_router=Router(path="/schema", route_handlers=[], after_request=schema_page_not_found,
                                  include_in_schema=False),
            servers=[Server(url="/")],
            components=Components(security_schemes={"bearer": SecurityScheme(type="http", scheme="bearer")}),
            security=[{}, {"bearer": []}], render_plugins=SCHEMA_PAGES,
        ),
        debug=False,
        logging_config=None,  # logging is service.observability.logs' (JSON lines): Litestar would set up its own root handler
    )
    as_text(app.openapi_schema)  # NDJSON and SSE bodies: strings (service.api.text_bodies)
    app.asgi_handler = ObservedRequests(app.asgi_handler)  # outside the router: 404s and 405s are seen too
    return app
