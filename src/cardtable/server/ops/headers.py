"""The security headers of every HTTP answer, set in this one place.

Every answer of the site, pages, API answers, errors, static files, gets the same set
(the values are built once, with the ``secure`` library's builders):

- ``Content-Security-Policy``: a page runs only scripts and styles from this server's
  own files; no inline script, no ``eval``, no plug-ins, no ``<base>``, and no other
  site may frame it. So text that slipped into a page (a player's name, say) could not
  run as script even if escaping ever failed. ``connect-src 'self'`` also covers the
  table's WebSocket on the same host (``ws:``/``wss:``).
- ``X-Frame-Options: DENY``: ``frame-ancestors 'none'`` for older browsers (no
  click-jacking of a seat's buttons).
- ``X-Content-Type-Options: nosniff``: a file is only ever what its type says.
- ``Referrer-Policy: same-origin``: a table page's address may carry an invite
  (``?seat=&invite=``) and a private link a seat key (``?key=``); no part of it, not
  even the site's name, goes to another site. Same-origin requests keep their
  ``Referer`` and, unlike with ``no-referrer``, their ``Origin``.
- ``Permissions-Policy``: the site uses no camera, microphone, location, payment or
  device; no page (nor anything it might embed) may ask for them. (It does copy links
  to the clipboard, which stays allowed.)
- ``Cross-Origin-Opener-Policy: same-origin``: a page of another site that opened one
  of ours gets no handle on its window.
- ``Strict-Transport-Security`` (a year, with subdomains), only when the request came
  over TLS (the scheme uvicorn took from a trusted proxy's ``X-Forwarded-Proto``) or the
  operator says the site is served over HTTPS (``--secure-cookies``): over plain HTTP
  browsers ignore it, and a site reached only over HTTP must not promise HTTPS.

The API docs, ``/docs`` (Swagger UI) and ``/redoc``, are other people's pages that start
with an inline script and style themselves inline: they get a policy of their own that
also allows inline script and style, ``data:`` images and ``blob:`` workers, nothing
more. They show only the server's own OpenAPI document.

This is a plain ASGI middleware, not Starlette's ``BaseHTTPMiddleware``: it rewrites the
first message of each answer and passes everything else through untouched, so streamed
answers stream, and WebSockets (which have no response headers to add) pass by.
It must be the outermost middleware added, so that the answers of the others (the 413
of :class:`cardtable.server.app.BodyLimit`) get the headers too. Starlette's own 500
answer to an unhandled exception is sent by its ``ServerErrorMiddleware``, outside every
added middleware: its handler (:mod:`.errors`) sets :data:`SITE_HEADERS` itself.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from secure import (
    ContentSecurityPolicy,
    CrossOriginOpenerPolicy,
    PermissionsPolicy,
    ReferrerPolicy,
    Secure,
    StrictTransportSecurity,
    XContentTypeOptions,
    XFrameOptions,
)

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]
Header = tuple[bytes, bytes]

SELF, NONE = "'self'", "'none'"
UNSAFE_INLINE = "'unsafe-inline'"
HSTS_SECONDS = 365 * 86400
DOCS_PATHS = frozenset({"/docs", "/redoc"})
"""The pages of other people's code (Swagger UI, ReDoc) that need inline script and style."""


def site_policy() -> ContentSecurityPolicy:
    """The site's own pages: scripts and styles from its files only."""
    return (ContentSecurityPolicy()
            .default_src(SELF).script_src(SELF).style_src(SELF).img_src(SELF)
            .connect_src(SELF).object_src(NONE).base_uri(NONE).form_action(SELF)
            .frame_ancestors(NONE))


def docs_policy() -> ContentSecurityPolicy:
    """``/docs`` and ``/redoc``: the site's policy, plus inline script and style (Swagger UI
    is started by an inline script; both set style attributes), ``data:`` images (their
    icons) and ``blob:`` workers (ReDoc's search)."""
    return (site_policy().script_src(UNSAFE_INLINE).style_src(UNSAFE_INLINE)
            .img_src("data:").worker_src(SELF, "blob:"))


def _permissions() -> PermissionsPolicy:
    """Every powerful feature off but the clipboard (the table's "copy link")."""
    policy = PermissionsPolicy()
    for feature in (policy.accelerometer, policy.autoplay, policy.browsing_topics,
                    policy.camera, policy.display_capture, policy.encrypted_media,
                    policy.geolocation, policy.gyroscope, policy.hid, policy.idle_detection,
                    policy.magnetometer, policy.microphone, policy.midi, policy.payment,
                    policy.publickey_credentials_get, policy.screen_wake_lock, policy.serial,
                    policy.usb, policy.xr_spatial_tracking):
        feature()  # no allowlist: "()", nobody
    return policy


def _encoded(csp: ContentSecurityPolicy) -> list[Header]:
    """The headers of an answer under the policy ``csp`` (all but HSTS), as ASGI wants them."""
    headers = Secure(
        csp=csp, xfo=XFrameOptions().deny(), xcto=XContentTypeOptions().nosniff(),
        referrer=ReferrerPolicy().same_origin(), permissions=_permissions(),
        coop=CrossOriginOpenerPolicy().same_origin(),
    ).validate_and_normalize_headers(on_invalid="raise", strict=True).headers
    return [(name.lower().encode("latin-1"), value.encode("latin-1"))
            for name, value in headers.items()]


def _hsts() -> Header:
    value = StrictTransportSecurity().max_age(HSTS_SECONDS).include_subdomains().header_value
    return (b"strict-transport-security", value.encode("latin-1"))


SITE_HEADERS = _encoded(site_policy())
DOCS_HEADERS = _encoded(docs_policy())
HSTS = _hsts()


class SecurityHeaders:
    """Add the security headers to every HTTP answer of ``app``.

    ``https_site``: the operator serves the site over HTTPS only (``--secure-cookies``),
    so every answer carries HSTS, even when the proxy does not say it spoke TLS. A header
    the answer sets itself is left as it is (the answer knows better).
    """

    def __init__(self, app: App, *, https_site: bool = False) -> None:
        self.app = app
        self.https_site = https_site

    def headers_for(self, scope: Scope) -> list[Header]:
        """The headers an answer to the request ``scope`` gets."""
        headers = DOCS_HEADERS if scope.get("path") in DOCS_PATHS else SITE_HEADERS
        if self.https_site or scope.get("scheme") == "https":
            return [*headers, HSTS]
        return headers

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        extra = self.headers_for(scope)

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                own = list(message.get("headers", ()))
                present = {name.lower() for name, _ in own}
                own.extend(h for h in extra if h[0] not in present)
                message = {**message, "headers": own}
            await send(message)

        await self.app(scope, receive, send_with_headers)
