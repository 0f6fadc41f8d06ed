"""``/schema`` (Swagger UI) under the web client's strict Content-Security-Policy (issue 28, item 6):
it still renders the whole API and tries an operation, its one inline script allowed by its hash;
a script injected into it does not run; no CSP violation reaches the console (``pages`` fails the
test on any console error)."""

from __future__ import annotations


def test_swagger_ui_renders_and_tries_an_operation_under_its_csp(pages):
    page = pages.open("/schema")
    page.wait_for_selector(".swagger-ui .info .title")
    assert "Death-match game server" in page.inner_text(".swagger-ui .info .title")
    assert page.locator(".opblock").count() > 50  # every operation listed
    page.click("#operations-games-listGames .opblock-summary")
    page.click("#operations-games-listGames .try-out__btn")
    page.click("#operations-games-listGames .execute")
    page.wait_for_selector("#operations-games-listGames .live-responses-table tbody .response-col_status")
    assert "200" in page.inner_text("#operations-games-listGames .live-responses-table tbody .response-col_status")
    assert pages.errors == []  # no CSP violation while Swagger UI loads, renders and calls the API
    ran = page.evaluate("""() => { window.ranInjected = false; const s = document.createElement('script');
        s.textContent = 'window.ranInjected = true'; document.body.appendChild(s); return window.ranInjected; }""")
    assert ran is False
    page.wait_for_timeout(200)
    assert len(pages.errors) == 1 and "Content Security Policy" in pages.errors[0], pages.errors  # the refusal
    pages.errors.clear()
