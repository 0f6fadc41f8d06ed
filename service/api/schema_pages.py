"""``/schema``: Swagger UI served by the server itself, so it works with no way out to a CDN.

Litestar's render plugins load their scripts and styles from CDNs (jsDelivr, unpkg). Here the one
page, Swagger UI 5 (it renders OpenAPI 3.1), takes them from ``/schema/assets/``, which serves
four files of the ``swagger-ui-py`` package (Apache-2.0; its ``LICENSE`` is served too). The package
is located, not imported (its ``__init__`` pulls in web frameworks). ``/schema/openapi.json`` and
``openapi.yaml`` stay as they were.

The page is on the web client's origin, whose token is in ``localStorage``: it gets the client's
strict headers (:func:`service.api.web.strict_headers`), its one inline script (Swagger UI's set-up,
with the document in it) and its one inline style allowed by their SHA-256 and nothing else inline
(issue 28, item 6): a script injected into it would not run, and no other site may frame it.

>>> sorted(ASSETS)
['LICENSE', 'favicon-32x32.png', 'swagger-ui-bundle.js', 'swagger-ui-standalone-preset.js', 'swagger-ui.css']
>>> SCHEMA_PAGES[0].js_url
'/schema/assets/swagger-ui-bundle.js'
"""

from __future__ import annotations

import base64
import functools
import hashlib
import importlib.util
import pathlib
import re
from typing import Annotated

from litestar import Response, get
from litestar.openapi.plugins import JsonRenderPlugin, SwaggerRenderPlugin, YamlRenderPlugin
from litestar.params import Parameter

from service.api.web import strict_headers
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


INLINE = re.compile(rb"<(script|style)\b[^>]*>(.*?)</\1\s*>", re.DOTALL | re.IGNORECASE)


@functools.lru_cache(maxsize=4)
def page_headers(page: bytes) -> dict[str, str]:
    """The strict headers for ``page``, its inline scripts and styles allowed by their hashes.

    >>> page_headers(b"<script src='/a.js'></script><script>go()</script>")["Content-Security-Policy"].split("; ")[1]
    "script-src 'self' 'sha256-5KYv+PUboo5h+0+YAtGRPbwv5d/QxzHslP4YGnUaxRw='"
    """
    sources: dict[bytes, list[str]] = {b"script": [], b"style": []}
    for kind, content in INLINE.findall(page):
        if content.strip():
            digest = base64.b64encode(hashlib.sha256(content).digest()).decode()
            sources[kind.lower()].append(f"'sha256-{digest}'")
    return strict_headers(tuple(sources[b"script"]), tuple(sources[b"style"]))


async def schema_page_not_found(response: Response) -> Response:
    """Litestar's OpenAPI router answers a path under ``/schema`` that no page has with an HTML
    404 of its own; every other answer of this server is JSON: make it a problem document too.
    A page it serves (Swagger UI) gets :func:`page_headers`. (The ``after_request`` of that router
    only: no other request passes here.)"""
    if (response.media_type or "").startswith("text/html"):
        if response.status_code == 404:
            return problem(404, "not_found", "There is no such page under /schema: the document is "
                                             "/schema/openapi.json (or .yaml), browsable at /schema.")
        if isinstance(response.content, bytes):
            response.headers.update(page_headers(response.content))
    return response
