"""The API docs pages over HTTP: /docs and /redoc use only this server's own files.

FastAPI's default pages load Swagger UI and ReDoc from a CDN and stay blank offline; ours
must reference nothing but same-origin paths, and each of those must be served with the
right content type. (tests/web/test_apidocs_web.py renders them with the network cut.)
"""

from __future__ import annotations

import re

import pytest
from harness import Server

REFERENCE = re.compile(r"""(?:\b(?:src|href|spec-url)="([^"]*)")|(?:\burl: '([^']*)')""")
TYPES = {".js": ("text/javascript", "application/javascript"), ".css": ("text/css",),
         ".svg": ("image/svg+xml",), ".json": ("application/json",)}


def references(html: str) -> list[str]:
    return [a or b for a, b in REFERENCE.findall(html)]


@pytest.mark.parametrize(("path", "title", "kinds"), [
    ("/docs", "cardtable - Swagger UI", {".js", ".css", ".svg", ".json"}),
    ("/redoc", "cardtable - ReDoc", {".js", ".svg", ".json"}),
])
def test_docs_pages_reference_only_their_own_server(server: Server, path: str, title: str,
                                                     kinds: set[str]) -> None:
    page = server.http.get(path)
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert f"<title>{title}</title>" in page.text
    assert "http://" not in page.text and "https://" not in page.text
    urls = references(page.text)
    assert "/openapi.json" in urls
    assert {u[u.rfind("."):] for u in urls} == kinds
    for url in urls:
        assert url.startswith("/") and not url.startswith("//"), url
        got = server.http.get(url)
        assert got.status_code == 200, url
        kind = got.headers["content-type"].split(";")[0].strip()
        assert kind in TYPES[url[url.rfind("."):]], (url, kind)
        assert len(got.content) > (100_000 if url.endswith((".js", ".css")) else 100), url


def test_the_docs_pages_are_not_part_of_the_api(server: Server) -> None:
    """The pages and their files stay out of the OpenAPI document; an unknown file is a 404
    in the API's error shape."""
    paths = server.http.get("/openapi.json").json()["paths"]
    assert not [p for p in paths if p.startswith(("/docs", "/redoc"))]
    missing = server.http.get("/docs/assets/nothing.js")
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "not-found"
