"""The web client (``service/web/``): its page at ``/``, its files at ``/web/<name>``.

Plain files, no build step: ES modules, one style sheet, the page. Only what is in the folder when
the process starts is served (no path is ever joined from a request), each with strict security
headers: a Content-Security-Policy that lets the page load nothing but its own files and talk to
nothing but this server, and no inline script or style anywhere.

>>> "index.html" in FILES and "app.js" in FILES
True
>>> HEADERS["Content-Security-Policy"].split("; ")[0]
"default-src 'self'"
"""

from __future__ import annotations

import pathlib
from typing import Annotated

from litestar import Response, get
from litestar.params import Parameter

from service.http.problems import NotFound

FOLDER = pathlib.Path(__file__).resolve().parent.parent / "web"
TYPES = {".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml",
         ".md": "text/markdown"}
FILES = {str(p.relative_to(FOLDER)): p for p in sorted(FOLDER.rglob("*")) if p.suffix in TYPES and p.is_file()}
"""Every file of the client by its name under ``/web/`` (``app.js``, ``pages/game.js``...)."""

def strict_headers(scripts: tuple[str, ...] = (), styles: tuple[str, ...] = ()) -> dict[str, str]:
    """The headers of every HTML page and file this origin serves (the web client's token is in its
    ``localStorage``): ``scripts`` and ``styles`` are the ``'sha256-...'`` sources of the inline
    scripts and styles a page may run (the web client has none; Swagger UI at ``/schema`` has one of
    each, :mod:`service.api.schema_pages`)."""
    script_src, style_src = " ".join(("'self'", *scripts)), " ".join(("'self'", *styles))
    return {
        "Content-Security-Policy": f"default-src 'self'; script-src {script_src}; "
                                   f"style-src {style_src}; img-src 'self' data:; "
                                   "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
                                   "frame-ancestors 'none'",
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "no-referrer",
        "Cross-Origin-Opener-Policy": "same-origin",
        "Cache-Control": "no-cache",  # the browser asks again (a 200 each time: the files are small)
    }


HEADERS = strict_headers()


def _serve(path: pathlib.Path) -> Response[bytes]:
    return Response(content=path.read_bytes(), media_type=TYPES[path.suffix], headers=HEADERS)


@get("/", include_in_schema=False, sync_to_thread=False)
def web_page() -> Response[bytes]:
    """The web client's one page (its routes are in the URL's fragment: ``/#/matches/<id>``)."""
    return _serve(FILES["index.html"])


@get("/web/{name:path}", include_in_schema=False, sync_to_thread=False)
def web_file(name: Annotated[str, Parameter(max_length=200)]) -> Response[bytes]:
    """One file of the client; anything else a 404."""
    path = FILES.get(name.lstrip("/"))
    if path is None:
        raise NotFound("not_found", "There is no such resource.")
    return _serve(path)
