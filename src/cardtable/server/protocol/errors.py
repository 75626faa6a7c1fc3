"""Every refusal of the server in its one documented shape (PROTOCOL.md).

HTTP: ``{"error": {"code", "message"[, "rule"]}}`` with a fitting status; the
WebSocket: ``{"type": "error", "code", "message"[, "rule"][, "version"]}``. The
handlers here give FastAPI's and Starlette's own refusals that shape too: invalid
fields, a body that is no JSON (a 5000-digit number, nesting too deep), 405 with its
``Allow`` header, a WebSocket handshake with a bad query (``?seen=abc``), and the
unexpected (500), so no client ever sees a bare status or a plain-text page.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError, WebSocketRequestValidationError
from fastapi.responses import JSONResponse
from sqlalchemy.exc import InterfaceError, OperationalError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Mount, Route, WebSocketRoute

from cardtable.server.ops.headers import SITE_HEADERS

STATUS = {
    "unknown-table": 404, "unknown-game": 422, "bad-options": 422, "bad-seats": 422,
    "bad-start": 422, "bad-clock": 422,
    "no-such-seat": 404, "not-open": 409, "taken": 409, "bad-invite": 403, "not-over": 409,
    "no-seat": 401, "bad-token": 401, "not-finished": 409, "unknown-game-no": 404,
    "elsewhere": 503, "relay-down": 503, "storage": 503,
}
"""The HTTP status of each refusal code of the tables (409 for the others)."""

HTTP_CODES = {400: "bad-json", 404: "not-found", 405: "method-not-allowed"}
"""Codes of Starlette's and FastAPI's own refusals: FastAPI answers 400 only for a body
it could not read as JSON (too deep, a number too long, not UTF-8)."""

DATABASE_AWAY = (OperationalError, InterfaceError)
"""What the database raises while it cannot be reached (it is down, restarting, or the
network to it is cut): a passing condition, answered with ``storage`` and 503, not as a
failure of the server."""
DATABASE_AWAY_MESSAGE = "the database does not answer right now: try again in a moment"

WS_INVALID = 4400
"""The close code of a WebSocket handshake refused for its query (``?seen=abc``)."""


class ApiError(Exception):
    """A refusal raised by a route: its status, code and message reach the client, with
    ``headers`` (a 429's ``Retry-After``)."""

    def __init__(self, status: int, code: str, message: str,
                 headers: Mapping[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.headers = dict(headers) if headers else None

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled whole: a refusal raised in a worker process reaches the client too."""
        return (ApiError, (self.status, self.code, self.message, self.headers))


class Refusal(Exception):
    """A request the table refuses; nothing changed. ``code`` is for programs; ``rule``
    names the rule that refused it (a move's, or a refused combination of options),
    ``values`` the numbers a refused combination names, and ``parts`` what a refused
    move's reason names (its card, pile, lane, seat: ``IllegalMove.parts``)."""

    def __init__(self, code: str, message: str, rule: str | None = None,
                 values: Mapping[str, int | str] | None = None,
                 parts: Mapping[str, int | str | list[str]] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.rule = rule
        self.values = dict(values) if values else None
        self.parts = dict(parts) if parts else None

    def to_json(self) -> dict[str, Any]:
        return _body(self.code, self.message, self.rule, self.values)


def _body(code: str, message: str, rule: str | None,
          values: Mapping[str, int | str] | None) -> dict[str, Any]:
    body: dict[str, Any] = {"code": code, "message": message}
    if rule is not None:
        body["rule"] = rule
    if values:
        body["values"] = dict(values)
    return body


def http_error(status: int, code: str, message: str, rule: str | None = None,
               headers: Mapping[str, str] | None = None,
               values: Mapping[str, int | str] | None = None) -> JSONResponse:
    return JSONResponse({"error": _body(code, message, rule, values)}, status_code=status,
                        headers=headers)


def ws_error(code: str, message: str, rule: str | None = None,
             version: int | None = None,
             parts: Mapping[str, int | str | list[str]] | None = None) -> dict[str, Any]:
    body: dict[str, Any] = {"type": "error", "code": code, "message": message}
    if rule is not None:
        body["rule"] = rule
    if parts:
        body["parts"] = dict(parts)
    if version is not None:
        body["version"] = version
    return body


def describe(errors: Sequence[Any], skip: tuple[str, ...] = ("body",)) -> str:
    """Pydantic's errors as one line: where, then what (the first five)."""
    parts = []
    for e in errors[:5]:
        where = ".".join(str(p) for p in e.get("loc", ()) if p not in skip)
        parts.append(f"{where}: {e.get('msg')}" if where else str(e.get("msg")))
    return "; ".join(parts)


def add_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(ApiError)
    async def _api_error(_request: Request, exc: ApiError) -> JSONResponse:
        return http_error(exc.status, exc.code, exc.message, headers=exc.headers)

    @app.exception_handler(Refusal)
    async def _refusal(_request: Request, exc: Refusal) -> JSONResponse:
        return http_error(STATUS.get(exc.code, 409), exc.code, exc.message, exc.rule,
                          values=exc.values)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = exc.errors()
        if any(e.get("type") == "json_invalid" for e in errors):
            return http_error(400, "bad-json", "the body is not valid JSON")
        return http_error(422, "invalid", describe(errors))

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = HTTP_CODES.get(exc.status_code, "http")
        message = ("the body could not be read as JSON (not UTF-8, nested too deep, or a "
                   "number too long)" if code == "bad-json" else str(exc.detail))
        headers = exc.headers
        if exc.status_code == 405:
            headers = {**(headers or {}), "Allow": _allowed(request)}
        return http_error(exc.status_code, code, message, headers=headers)

    @app.exception_handler(WebSocketRequestValidationError)
    async def _ws_invalid(websocket: WebSocket, exc: WebSocketRequestValidationError) -> None:
        await websocket.accept()
        message = describe(exc.errors(), skip=("query",))
        await websocket.send_text(json.dumps(ws_error("invalid", message)))
        await websocket.close(WS_INVALID, reason="invalid")

    async def _database_away(_request: Request, _exc: Exception) -> JSONResponse:
        return http_error(503, "storage", DATABASE_AWAY_MESSAGE)

    for away in DATABASE_AWAY:  # (the database thread has logged it already)
        app.add_exception_handler(away, _database_away)

    @app.exception_handler(Exception)
    async def _unexpected(_request: Request, _exc: Exception) -> JSONResponse:
        # Starlette answers this one outside every middleware: the headers come with it
        return http_error(500, "internal", "the server failed on this request; it is logged",
                          headers={name.decode(): value.decode()
                                   for name, value in SITE_HEADERS})


def _allowed(request: Request) -> str:
    """Every method of every route at the request's path (Starlette names only the first
    route's, and a path such as ``/api/session`` has one route per method)."""
    path = request.url.path
    methods = {method for route in _flat(request.app.router.routes)
               if route.methods and route.path_regex.match(path) for method in route.methods}
    return ", ".join(sorted(methods))


def _flat(routes: Sequence[Any]) -> Iterator[Route]:
    """The routes, those of included routers (kept whole by FastAPI, no prefix) too."""
    for route in routes:
        if isinstance(route, Route):
            yield route
        else:
            yield from _flat(getattr(getattr(route, "original_router", None), "routes", ()))


def add_websocket_fallback(app: FastAPI) -> None:
    """A WebSocket to no route is refused as documented (``not-found``, close 4404), not
    with Starlette's bare 403: a route after every other, and one in front of each mount
    (static files answer HTTP only)."""

    async def no_such_socket(websocket: WebSocket) -> None:
        await websocket.accept()
        message = (f"there is no WebSocket at {websocket.url.path[:60]} (tables: "
                   "/api/tables/<id>/ws)")
        await websocket.send_text(json.dumps(ws_error("not-found", message)))
        await websocket.close(4404, reason="not-found")

    routes = app.router.routes
    for mount in [r for r in routes if isinstance(r, Mount)]:
        routes.insert(routes.index(mount), WebSocketRoute(f"{mount.path}/{{path:path}}",
                                                          no_such_socket))
    routes.append(WebSocketRoute("/{path:path}", no_such_socket))
