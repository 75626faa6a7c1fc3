"""The site installs on a phone: every page links the web app manifest, which is served as
``application/manifest+json`` and names the site, its colours and its icons (an SVG, and
PNGs of 192 and 512 pixels drawn from it, one for masks); chromium reads it without a
complaint."""

from __future__ import annotations

import re
import struct
from typing import Any

import pytest
from harness import Server
from webplay import PHONE, new_page

PAGES = ["/", "/play/duel", "/rules/matebeta", "/review", "/replay", "/campaign",
         "/learn/duel"]


def manifest_link(html: str) -> str:
    found = re.search(r'<link rel="manifest" href="([^"]+)">', html)
    assert found, "no manifest link"
    return found.group(1)


def png_size(data: bytes) -> tuple[int, int]:
    """A PNG's width and height, read from its header."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


@pytest.mark.parametrize("path", PAGES)
def test_every_page_links_the_manifest(server: Server, path: str) -> None:
    html = server.http.get(path).text
    assert manifest_link(html) == "/static/app/manifest.webmanifest"
    assert '<link rel="apple-touch-icon" href="/static/app/icon-192.png">' in html
    assert '<meta name="theme-color"' in html


def test_the_manifest_and_its_icons(server: Server) -> None:
    r = server.http.get("/static/app/manifest.webmanifest")
    assert r.status_code == 200
    assert r.headers["content-type"].split(";")[0] == "application/manifest+json"
    manifest = r.json()
    assert manifest["name"] == manifest["short_name"] == "cardtable"
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    for colour in ("theme_color", "background_color"):
        assert re.fullmatch(r"#[0-9a-f]{6}", manifest[colour]), colour
    sizes = set()
    for icon in manifest["icons"]:
        got = server.http.get(icon["src"])
        assert got.status_code == 200, icon
        assert got.headers["content-type"].split(";")[0] == icon["type"], icon
        if icon["type"] == "image/png":
            w, h = png_size(got.content)
            assert f"{w}x{h}" == icon["sizes"], icon
            sizes.add((w, icon["purpose"]))
        else:
            assert icon["sizes"] == "any" and got.text.lstrip().startswith("<svg")
    assert {(192, "any"), (512, "any"), (512, "maskable")} <= sizes


def test_chromium_reads_the_manifest_without_errors(browser: Any, server: Server) -> None:
    page = new_page(browser, PHONE)
    page.goto(server.url)
    cdp = page.context.new_cdp_session(page)
    answer = cdp.send("Page.getAppManifest")
    assert answer["url"].endswith("/static/app/manifest.webmanifest")
    assert answer["errors"] == [], answer["errors"]
    assert '"name": "cardtable"' in answer["data"]
    page.context.close()
