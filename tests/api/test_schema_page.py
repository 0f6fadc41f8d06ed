"""``/schema`` works offline: every script, style and icon of the page comes from the server itself."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest

EXPECTED_TYPES = {".js": "text/javascript", ".css": "text/css", ".png": "image/png"}


class _Assets(HTMLParser):
    def __init__(self):
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag, attrs):
        found = dict(attrs)
        if tag == "script" and found.get("src"):
            self.urls.append(found["src"])
        if tag == "link" and found.get("href"):
            self.urls.append(found["href"])


@pytest.mark.parametrize("page", ["/schema", "/schema/swagger"])
def test_every_asset_of_the_schema_page_is_served_locally(http, page):
    r = http.get(page)
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    parser = _Assets()
    parser.feed(r.text)
    assert len(parser.urls) == 4, parser.urls  # the bundle, the preset, the style, the icon
    for url in parser.urls:
        assert url.startswith("/schema/assets/") and "//" not in url, url
        asset = http.get(url)
        assert asset.status_code == 200, url
        expected = next(t for suffix, t in EXPECTED_TYPES.items() if url.endswith(suffix))
        assert asset.headers["content-type"].startswith(expected), (url, asset.headers["content-type"])
        assert asset.headers["content-type"].count("charset") <= 1, asset.headers["content-type"]
        assert len(asset.content) > 500
    assert "SwaggerUIBundle" in http.get("/schema/assets/swagger-ui-bundle.js").text
    assert "Apache License" in http.get("/schema/assets/LICENSE").text


def test_nothing_else_of_the_package_is_served(http):
    for name in ("swagger-editor-bundle.js", "index.html", "..%2F__init__.py", "x" * 65):
        r = http.get(f"/schema/assets/{name}")
        assert r.status_code in (400, 404), (name, r.status_code)
        assert r.headers["content-type"].startswith("application/problem+json")
    assert http.get("/schema/openapi.json").json()["openapi"].startswith("3.1")


@pytest.mark.parametrize("path", ["/schema/nope", "/schema/redoc", "/schema/elements"])
def test_a_page_the_schema_does_not_have_is_a_problem_document(http, path):
    """Litestar's own answer was an HTML 404 page; every error here is problem JSON."""
    r = http.get(path)
    assert r.status_code == 404 and r.headers["content-type"].startswith("application/problem+json"), r.text[:80]
    assert r.json()["code"] == "not_found"
