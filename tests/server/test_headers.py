"""The security headers (cardtable.server.ops.headers) on every kind of answer: pages, API
answers, errors (also the 413 of the body limit, which answers before the app), static
files; HSTS only over TLS or when the operator says the site is HTTPS; and a real server
names no software."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from harness import Server
from starlette.applications import Starlette
from starlette.responses import PlainTextResponse, StreamingResponse
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket

from cardtable.server.app import create_app
from cardtable.server.ops.config import Settings
from cardtable.server.ops.headers import SecurityHeaders

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx` with `starlette.testclient`")

SITE_CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; "
            "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
            "frame-ancestors 'none'")
ALWAYS = {
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",
    "cross-origin-opener-policy": "same-origin",
}
HSTS = "max-age=31536000; includeSubDomains"


def settings(tmp_path: Path, **changes: Any) -> Settings:
    return Settings(db_url=f"sqlite:///{tmp_path / 'headers.db'}", bot_pause=0.0,
                    bot_executor="thread", **changes)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(settings(tmp_path))) as test_client:
        yield test_client


def assert_secured(r: httpx.Response, csp: str = SITE_CSP) -> None:
    for name, value in ALWAYS.items():
        assert r.headers.get(name) == value, (name, r.request.url)
    assert r.headers.get("content-security-policy") == csp, r.request.url
    permissions = r.headers["permissions-policy"]
    for feature in ("camera", "microphone", "geolocation", "payment", "usb"):
        assert f"{feature}=()" in permissions
    assert "clipboard-write" not in permissions  # the table copies links
    for name in ALWAYS | {"content-security-policy": "", "permissions-policy": ""}:
        assert len(r.headers.get_list(name)) == 1, f"{name} twice"


def test_every_kind_of_answer_carries_the_headers(client: TestClient) -> None:
    home = client.get("/")
    assert home.status_code == 200 and home.headers["content-type"].startswith("text/html")
    assert_secured(home)

    created = client.post("/api/tables", json={"game": "duel"})
    assert created.status_code == 201
    assert_secured(created)
    table = client.get(f"/t/{created.json()['table']['id']}")
    assert table.status_code == 200 and "text/html" in table.headers["content-type"]
    assert_secured(table)

    games = client.get("/api/games")
    assert games.status_code == 200 and games.json()
    assert_secured(games)

    for missing in ("/t/nosuchtable", "/no/such/page", "/static/no-such-file.js"):
        r = client.get(missing)
        assert r.status_code == 404, missing
        assert_secured(r)

    invalid = client.post("/api/tables", json={"game": 7})
    assert invalid.status_code == 422
    assert_secured(invalid)

    too_big = client.post("/api/tables", content=b"x" * 20_000,
                          headers={"content-type": "application/json"})
    assert too_big.status_code == 413 and too_big.json()["error"]["code"] == "too-big"
    assert_secured(too_big)

    for path in ("/static/css/site.css", "/static/js/early.js", "/static/img/favicon.svg"):
        r = client.get(path)
        assert r.status_code == 200, path
        assert_secured(r)

    assert_secured(client.head("/"))


def test_no_page_of_the_site_allows_inline_script(client: TestClient) -> None:
    """The policy is strict for scripts and styles; only the API docs get more."""
    assert "unsafe" not in SITE_CSP
    for path in ("/", "/play/duel", "/rules/duel", "/learn/matebeta", "/review", "/replay",
                 "/campaign"):
        r = client.get(path)
        assert r.status_code == 200, path
        assert_secured(r)
        assert "<script>" not in r.text and " style=" not in r.text and "<style" not in r.text
        assert " onclick=" not in r.text and "javascript:" not in r.text


def test_the_api_docs_get_their_own_policy(client: TestClient) -> None:
    """Swagger UI starts with an inline script: /docs and /redoc may run inline script and
    style, and still may not be framed, post elsewhere or load plug-ins."""
    for path in ("/docs", "/redoc"):
        r = client.get(path)
        assert r.status_code == 200, path
        csp = r.headers["content-security-policy"]
        assert_secured(r, csp)
        directives = dict(d.split(" ", 1) for d in csp.split("; "))
        assert directives["script-src"] == "'self' 'unsafe-inline'"
        assert directives["style-src"] == "'self' 'unsafe-inline'"
        assert directives["frame-ancestors"] == "'none'"
        assert directives["object-src"] == "'none'"
        assert directives["form-action"] == "'self'"
    assert_secured(client.get("/docs/assets/swagger-ui.css"))
    assert_secured(client.get("/openapi.json"))


def test_hsts_only_over_tls(tmp_path: Path, client: TestClient) -> None:
    assert "strict-transport-security" not in client.get("/").headers
    assert "strict-transport-security" not in client.get("/api/games").headers
    app = create_app(settings(tmp_path))
    with TestClient(app, base_url="https://testserver") as tls:
        for path in ("/", "/api/games", "/no/such/page"):
            r = tls.get(path)
            assert r.headers.get("strict-transport-security") == HSTS, path
            assert_secured(r)


def test_hsts_always_when_the_site_says_it_is_https(tmp_path: Path) -> None:
    """``--secure-cookies``: the operator serves the site over HTTPS, even if the proxy
    does not tell the server so."""
    with TestClient(create_app(settings(tmp_path, secure_cookies=True))) as client:
        for path in ("/", "/api/games", "/static/css/site.css"):
            r = client.get(path)
            assert r.headers.get("strict-transport-security") == HSTS, path
            assert_secured(r)


def test_streamed_answers_stream_and_websockets_pass() -> None:
    """A plain ASGI middleware: a streamed answer arrives in its parts, with the headers;
    an answer's own header is kept; a WebSocket is untouched."""

    async def parts() -> Any:
        for part in (b"one ", b"two ", b"three"):
            yield part

    async def stream(_request: Any) -> StreamingResponse:
        return StreamingResponse(parts(), media_type="text/plain")

    async def framed(_request: Any) -> PlainTextResponse:
        return PlainTextResponse("ok", headers={"x-frame-options": "SAMEORIGIN"})

    async def echo(websocket: WebSocket) -> None:
        await websocket.accept()
        await websocket.send_text(await websocket.receive_text())
        await websocket.close()

    app = SecurityHeaders(Starlette(routes=[
        Route("/stream", stream), Route("/framed", framed), WebSocketRoute("/ws", echo)]))
    client = TestClient(app)
    with client.stream("GET", "/stream") as r:
        assert list(r.iter_bytes()) == [b"one ", b"two ", b"three"]
        assert_secured(r)
    framed_answer = client.get("/framed")
    assert framed_answer.headers.get_list("x-frame-options") == ["SAMEORIGIN"]
    with client.websocket_connect("/ws") as ws:
        ws.send_text("hello")
        assert ws.receive_text() == "hello"


def test_a_real_server_names_no_software(server: Server, tmp_path: Path) -> None:
    """``cardtable serve`` sends no ``server`` header (uvicorn's ``server: uvicorn``), and
    with ``--secure-cookies`` HSTS on every answer."""
    table_id = server.create()["table"]["id"]
    for path in ("/", f"/t/{table_id}", "/api/games", "/api/health", "/no/such/page"):
        r = server.http.get(path)
        assert "server" not in r.headers, path
        assert r.headers["x-content-type-options"] == "nosniff"
        assert r.headers["content-security-policy"] == SITE_CSP
        assert "strict-transport-security" not in r.headers
    https_site = Server(f"sqlite:///{tmp_path / 'https.db'}", tmp_path / "https.log",
                        "--secure-cookies")
    https_site.start()
    try:
        for path in ("/", "/api/games"):
            r = https_site.http.get(path)
            assert "server" not in r.headers, path
            assert r.headers["strict-transport-security"] == HSTS, path
    finally:
        https_site.stop()


def test_an_answer_to_a_failure_carries_the_headers(tmp_path: Path) -> None:
    """Starlette sends the 500 of an unexpected failure outside every middleware."""
    app = create_app(settings(tmp_path))

    @app.get("/fails")
    async def fails() -> None:
        raise RuntimeError("a bug")

    with TestClient(app, raise_server_exceptions=False) as client:
        answer = client.get("/fails")
    assert answer.status_code == 500 and answer.json()["error"]["code"] == "internal"
    assert_secured(answer)


def test_head_answers_like_get_without_a_body(client: TestClient) -> None:
    for path in ("/", "/api/games", "/rules/duel"):
        got, head = client.get(path), client.head(path)
        assert head.status_code == 200 and head.content == b"", path
        assert head.headers["content-type"] == got.headers["content-type"]
        assert_secured(head)
