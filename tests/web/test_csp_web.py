"""The Content-Security-Policy in a real browser (Debian's chromium): it breaks nothing, and
it is really enforced.

Each page is opened as a player would, with two listeners for violations that the page's
policy cannot switch off: the console (chromium logs every refusal there) and a
``securitypolicyviolation`` listener that Playwright puts in before the page's own scripts
(through the DevTools protocol, which the policy does not govern) and that reports to the
test through a binding. The home page, a table (one move played, the state arriving over
the WebSocket), a rules page, the replay page and the API docs report no violation; an
inline script, an inline event handler, a style attribute and ``eval`` slipped into a page
are refused. Screenshots (``csp-*.png``, phone 360x740 and desktop 1280x800, English and
German) go to ``artifacts/screenshots``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from harness import Server
from webplay import land_on_table, new_page, play_one_move, wait_turn

pytestmark = pytest.mark.filterwarnings(r"ignore:connect\(\) must be used:DeprecationWarning")

GOLDEN = Path(__file__).parents[1] / "golden"
PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 800}
VIEWS = [(PHONE, "en-GB"), (DESKTOP, "en-GB"), (PHONE, "de-DE"), (DESKTOP, "de-DE")]
VIEW_IDS = ["phone-en", "desktop-en", "phone-de", "desktop-de"]
LISTEN = """() => document.addEventListener("securitypolicyviolation", (e) => {
  window.cspViolation(`${e.effectiveDirective} refused ${e.blockedURI || "inline"}`
                      + ` at ${e.documentURI}`);
}, true)"""
"""Put in front of every document of the page (an init script), so before its own scripts."""


def watched_page(browser: Any, viewport: dict[str, int], locale: str) -> Any:
    """A page whose policy violations collect in ``page.violations`` (from the console and
    from the page's ``securitypolicyviolation`` events) and uncaught errors in
    ``page.errors``."""
    page = new_page(browser, viewport, locale)
    violations: list[str] = []

    def report(text: str) -> None:  # (a bound method cannot be a Playwright binding)
        violations.append(text)

    page.expose_function("cspViolation", report)
    page.add_init_script(f"({LISTEN})()")
    page.on("console", lambda m: violations.append(f"console: {m.text}")
            if "Content Security Policy" in m.text or "Permissions-Policy" in m.text else None)
    page.violations = violations
    return page


def open_page(page: Any, url: str) -> None:
    """Go to ``url``; the answer must carry the policy (no test passes without it)."""
    response = page.goto(url)
    assert response.ok, url
    assert "script-src 'self'" in response.headers["content-security-policy"], url


def clean(page: Any) -> None:
    """No violation and no script error so far (a moment for late console lines)."""
    page.wait_for_timeout(300)
    assert page.violations == [], page.violations
    assert page.errors == [], page.errors


@pytest.mark.parametrize(("viewport", "locale"), VIEWS, ids=VIEW_IDS)
def test_home_and_a_table_run_under_the_policy(browser: Any, server: Server, artifacts: Path,
                                                viewport: dict[str, int], locale: str) -> None:
    """The home page, then a game against the computer: its state arrives over the
    WebSocket (``connect-src 'self'`` covers ``ws:`` to this host) and a move is played."""
    size = "phone" if viewport is PHONE else "desktop"
    lang = locale[:2]
    page = watched_page(browser, viewport, locale)
    sockets: list[str] = []
    page.on("websocket", lambda ws: sockets.append(ws.url))
    open_page(page, f"{server.url}/")
    page.locator(".quick-play").first.wait_for()
    page.screenshot(path=str(artifacts / f"csp-home-{lang}-{size}.png"), full_page=True)
    clean(page)

    page.goto(f"{server.url}/play/duel")
    page.click("#quick")
    land_on_table(page)
    assert any(url.startswith(server.ws_url) and url.split("?")[0].endswith("/ws")
               for url in sockets), sockets
    wait_turn(page)
    assert play_one_move(page)
    page.screenshot(path=str(artifacts / f"csp-table-{lang}-{size}.png"), full_page=True)
    clean(page)
    page.context.close()


def test_the_four_colour_choice_still_shows_from_the_first_frame(browser: Any,
                                                                  server: Server) -> None:
    """The head's early script (once inline, now a file) still puts the chosen suits'
    colours on the page before anything else runs."""
    page = watched_page(browser, DESKTOP, "en-GB")
    open_page(page, f"{server.url}/rules/duel")
    page.evaluate("() => localStorage.setItem('ct-four-colour', '1')")
    page.add_init_script("""document.addEventListener("readystatechange", () => {
        if (document.readyState === "interactive") window.fourAtInteractive =
            document.documentElement.classList.contains("four-colour"); });""")
    page.reload()
    assert page.evaluate("() => window.fourAtInteractive") is True
    assert page.locator("#four-colour").is_checked()
    page.evaluate("() => localStorage.removeItem('ct-four-colour')")
    clean(page)
    page.context.close()


def test_rules_replay_and_api_docs_run_under_their_policies(browser: Any,
                                                            server: Server) -> None:
    page = watched_page(browser, DESKTOP, "en-GB")
    open_page(page, f"{server.url}/rules/paternoster")
    page.locator("main h1").first.wait_for()
    clean(page)

    record = json.loads((GOLDEN / "duel" / "standard.json").read_text(encoding="utf-8"))
    open_page(page, f"{server.url}/replay")
    page.wait_for_selector("#rp-form[data-ready]")
    page.fill("#rp-text", json.dumps(record))
    page.click("#rp-go")
    page.wait_for_selector("#rp-main:not([hidden])")
    page.locator("#rp-title").click()
    page.keyboard.press("Home")
    page.keyboard.press("ArrowRight")
    clean(page)

    # Swagger UI and ReDoc: their own, looser policy (inline start-up script and styles)
    response = page.goto(f"{server.url}/docs")
    assert "'unsafe-inline'" in response.headers["content-security-policy"]
    page.locator("#operations-tables-create_table_api_tables_post").wait_for()
    page.locator("#operations-tables-create_table_api_tables_post .opblock-summary").click()
    page.locator("#operations-tables-create_table_api_tables_post .try-out").wait_for()
    clean(page)
    page.goto(f"{server.url}/redoc")
    page.locator("[data-section-id='operation/create_table_api_tables_post']").wait_for()
    page.wait_for_timeout(500)
    # ReDoc's footer asks its maker's site for a logo (img-src refuses it; it is left out)
    page.violations[:] = [v for v in page.violations if "cdn.redoc.ly" not in v]
    clean(page)
    page.context.close()


INJECTED = ('<script>window.injected = "script"</script>'
            '<button id="evil" onclick="window.injected = \'handler\'">x</button>'
            '<p id="styled" style="color: rgb(255, 0, 0)">y</p>')
"""What a page would hold if the site ever failed to escape a text: none of it may act."""


def test_injected_script_handler_style_and_eval_are_refused(browser: Any,
                                                            server: Server) -> None:
    page = watched_page(browser, DESKTOP, "en-GB")

    def inject(route: Any) -> None:
        answer = route.fetch()
        body = answer.text().replace("</main>", INJECTED + "</main>", 1)
        route.fulfill(response=answer, body=body)  # the answer's own headers: its policy

    page.route(f"{server.url}/", inject)
    open_page(page, f"{server.url}/")
    page.locator("#evil").click()
    page.wait_for_timeout(300)
    assert page.evaluate("() => window.injected") is None
    assert page.evaluate(
        "() => getComputedStyle(document.getElementById('styled')).color") != "rgb(255, 0, 0)"
    refused = "\n".join(page.violations)
    assert "script-src-elem refused inline" in refused
    assert "script-src-attr refused inline" in refused
    assert "style-src-attr refused inline" in refused
    assert "console: " in refused  # chromium says so in the console too

    # a script of the site's own that tries to add an inline script, eval and new Function
    page.violations.clear()
    page.route(f"{server.url}/static/js/probe.js", lambda route: route.fulfill(
        body=PROBE, content_type="text/javascript"))
    page.evaluate("""() => { const s = document.createElement("script");
        s.src = "/static/js/probe.js"; document.head.append(s); }""")
    page.wait_for_function("() => window.probe !== undefined")
    assert page.evaluate("() => window.probe") == "EvalError EvalError"
    page.wait_for_timeout(300)
    assert page.evaluate("() => window.injected") is None
    refused = "\n".join(page.violations)
    assert "script-src-elem refused inline" in refused
    assert "script-src refused eval" in refused
    assert page.errors == []
    page.context.close()


PROBE = """
const added = document.createElement("script");
added.textContent = "window.injected = 'added'";
document.body.append(added);
const outcomes = [];
try { eval("window.injected = 'eval'"); outcomes.push("eval ran"); }
catch (e) { outcomes.push(e.name); }
try { new Function("window.injected = 'function'")(); outcomes.push("Function ran"); }
catch (e) { outcomes.push(e.name); }
window.probe = outcomes.join(" ");
"""
"""A script from the site's own address (so the policy lets it run) that tries what the
policy forbids."""
