"""The API docs in a real browser with every request beyond this machine cut off.

/docs (Swagger UI) and /redoc must render our operations from the server's own files
alone, as on a machine without internet access. Screenshots: ``api-docs.png`` and
``api-redoc.png`` in ``artifacts/screenshots``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from harness import Server
from webplay import DESKTOP

REDOC_LOGO = "https://cdn.redoc.ly/redoc/logo-mini.svg"
"""ReDoc's footer tries this image; it removes it when it cannot load, nothing else is lost."""


def offline_page(browser: Any) -> tuple[Any, list[str], list[str]]:
    """A page whose requests to any host but this one are aborted (and listed), with
    the list of its script errors."""
    context = browser.new_context(viewport=DESKTOP, locale="en-GB")
    blocked: list[str] = []
    errors: list[str] = []

    def only_here(route: Any) -> None:
        if urlsplit(route.request.url).hostname in ("127.0.0.1", "localhost"):
            route.continue_()
        else:
            blocked.append(route.request.url)
            route.abort()

    context.route("**/*", only_here)
    page = context.new_page()
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return page, blocked, errors


def operation_ids(server: Server) -> list[str]:
    paths = server.http.get("/openapi.json").json()["paths"]
    return [op["operationId"] for methods in paths.values() for op in methods.values()]


def test_swagger_ui_renders_every_operation_offline(browser: Any, server: Server,
                                                    artifacts: Path) -> None:
    page, blocked, errors = offline_page(browser)
    page.goto(f"{server.url}/docs")
    create = page.locator("#operations-tables-create_table_api_tables_post")
    create.wait_for()
    assert page.title() == "cardtable - Swagger UI"
    assert create.locator(".opblock-summary-path").inner_text() == "/api/tables"
    assert page.locator(".opblock").count() == len(operation_ids(server))
    assert page.locator(".errors-wrapper").count() == 0
    page.screenshot(path=str(artifacts / "api-docs.png"))
    assert blocked == [] and errors == []
    page.context.close()


def test_redoc_renders_every_operation_offline(browser: Any, server: Server,
                                               artifacts: Path) -> None:
    page, blocked, errors = offline_page(browser)
    page.goto(f"{server.url}/redoc")
    page.locator("[data-section-id='operation/create_table_api_tables_post']").wait_for()
    assert page.title() == "cardtable - ReDoc"
    shown = page.locator("[data-section-id^='operation/']").evaluate_all(
        "els => els.map(e => e.dataset.sectionId.slice('operation/'.length))")
    assert sorted(shown) == sorted(operation_ids(server))
    page.screenshot(path=str(artifacts / "api-redoc.png"))
    assert set(blocked) <= {REDOC_LOGO} and errors == []
    page.context.close()
