"""``/schema``: Swagger UI served by the server itself, so it works with no way out to a CDN.

Litestar's render plugins load their scripts and styles from CDNs (jsDelivr, unpkg). Here the one
page, Swagger UI 5 (it renders OpenAPI 3.1), takes them from ``/schema/assets/``, which serves
four files of the ``swagger-ui-py`` package (Apache-2.0; its ``LICENSE`` is served too). The package
is located, not imported (its ``__init__`` pulls in web frameworks). ``/schema/openapi.json`` and
``openapi.yaml`` stay as they were.

>>> sorted(ASSETS)
['LICENSE', 'favicon-32x32.png', 'swagger-ui-bundle.js', 'swagger-ui-standalone-preset.js', 'swagger-ui.css']
>>> SCHEMA_PAGES[0].js_url
'/schema/assets/swagger-ui-bundle.js'
"""

from __future__ import annotations

import functools
import importlib.util
import pathlib
from typing import Annotated

from litestar import Response, get
from litestar.openapi.plugins import JsonRenderPlugin, SwaggerRenderPlugin, YamlRenderPlugin
from litestar.params import Parameter

from service.http.problems import NotFound, problem

ASSETS_PATH = "/schema/assets"
ASSETS = {
    "swagger-ui-bundle.js": "text/javascript",
    "swagger-ui-standalone-preset.js": "text/javascript",
    "swagger-ui.css": "text/css",
    "favicon-32x32.png": "image/png",
    "LICENSE": "text/plain",
}
"""The files served, with their media types (Litestar adds `; charset=utf-8` to text): nothing else
of the package is."""

SCHEMA_PAGES = [
    SwaggerRenderPlugin(path=["/", "/swagger"], js_url=f"{ASSETS_PATH}/swagger-ui-bundle.js",
                        css_url=f"{ASSETS_PATH}/swagger-ui.css",
                        standalone_preset_js_url=f"{ASSETS_PATH}/swagger-ui-standalone-preset.js",
                        favicon=f"<link rel='icon' type='image/png' href='{ASSETS_PATH}/favicon-32x32.png'>"),
    JsonRenderPlugin(),
    YamlRenderPlugin(),
]
"""``OpenAPIConfig.render_plugins``: Swagger UI at ``/schema`` (and ``/schema/swagger``), the document
as JSON and YAML."""


@functools.cache
def assets_folder() -> pathlib.Path:
    """The folder of Swagger UI's files in the installed ``swagger-ui-py`` package."""
    spec = importlib.util.find_spec("swagger_ui")
    assert spec is not None and spec.submodule_search_locations, "swagger-ui-py is not installed"
    return pathlib.Path(next(iter(spec.submodule_search_locations))) / "static"


@functools.cache
def asset(name: str) -> bytes:
    return (assets_folder() / name).read_bytes()


@get(f"{ASSETS_PATH}/{{name:str}}", include_in_schema=False, sync_to_thread=False)
def schema_asset(name: Annotated[str, Parameter(max_length=64)]) -> Response[bytes]:
    """One of :data:`ASSETS`, cached a day by the browser; anything else a 404."""
    if name not in ASSETS:
        raise NotFound("not_found", "There is no such resource.")
    return Response(content=asset(name), media_type=ASSETS[name], headers={"Cache-Control": "public, max-age=86400"})


async def schema_page_not_found(response: Response) -> Response:
    """Litestar's OpenAPI router answers a path under ``/schema`` that no page has with an HTML
    404 of its own; every other answer of this server is JSON: make it a problem document too.
    (The ``after_request`` of that router only: no other request passes here.)"""
    if response.status_code == 404 and (response.media_type or "").startswith("text/html"):
        return problem(404, "not_found", "There is no such page under /schema: the document is /schema/openapi.json "
                                         "(or .yaml), browsable at /schema.")
    return response
