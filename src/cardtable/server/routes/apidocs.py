"""The API's documents: the browsable docs, ``/docs`` (Swagger UI) and ``/redoc``, served by
this server alone, and the WebSocket's messages, ``/api/protocol``.

FastAPI's own docs pages load Swagger UI and ReDoc from a CDN, so they stay blank on a
machine without internet access. These pages are FastAPI's (same title, same OpenAPI
document), but their script and stylesheet come from the ``fastapi-offline`` package, which
ships the Swagger UI and ReDoc distribution files: no other project's code is in this
repository, and a missing package fails at start-up, not in a reader's browser. (ReDoc's
footer still asks its maker's CDN for a logo and leaves it out when that fails.)
"""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, FastAPI
from fastapi.openapi.docs import get_redoc_html, get_swagger_ui_html
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import TypeAdapter

from cardtable.server.protocol.models import ProtocolAnswer, ProtocolDoc

ASSETS = "/docs/assets"
"""Where the Swagger UI and ReDoc files are served (a mount of the package's ``static``)."""
FAVICON = "/static/img/favicon.svg"
PROTOCOL_MD = Path(__file__).resolve().parent.parent / "PROTOCOL.md"
"""The protocol's prose, at the top of the server's package."""

router = APIRouter()


@router.get("/api/protocol", tags=["server"], responses={200: {"model": ProtocolAnswer}})
async def protocol() -> Response:
    """The WebSocket message schema (as JSON Schema); prose in PROTOCOL.md."""
    schema = TypeAdapter(ProtocolDoc).json_schema()
    doc = PROTOCOL_MD.read_text(encoding="utf-8")
    return JSONResponse({"schema": schema, "doc": doc})


def add_docs(app: FastAPI) -> None:
    """Serve ``/docs`` and ``/redoc`` for an app created with ``docs_url=None, redoc_url=None``.

    The API has no OAuth2 flow, so Swagger UI gets no OAuth2 redirect page.
    """
    openapi_url = app.openapi_url
    assert openapi_url is not None, "the docs pages need the app's OpenAPI document"
    app.mount(ASSETS, StaticFiles(packages=[("fastapi_offline", "static")]), name="apidocs")

    @app.get("/docs", include_in_schema=False)
    async def swagger_ui() -> HTMLResponse:
        return get_swagger_ui_html(
            openapi_url=openapi_url, title=f"{app.title} - Swagger UI",
            swagger_js_url=f"{ASSETS}/swagger-ui-bundle.js",
            swagger_css_url=f"{ASSETS}/swagger-ui.css",
            swagger_favicon_url=FAVICON, oauth2_redirect_url=None,
        )

    @app.get("/redoc", include_in_schema=False)
    async def redoc() -> HTMLResponse:
        return get_redoc_html(
            openapi_url=openapi_url, title=f"{app.title} - ReDoc",
            redoc_js_url=f"{ASSETS}/redoc.standalone.js",
            redoc_favicon_url=FAVICON, with_google_fonts=False,
        )
