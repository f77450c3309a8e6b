"""The players' display as a web page: one server process, pushing the room view.

Built on aiohttp (aio-libs): one well-kept library that is at once the HTTP server, the
server-sent-events stream and, in the tests, the client that drives Chromium's
DevTools, so the display adds no other dependency. Its ``run_app`` ends cleanly on
SIGINT and SIGTERM, and its response writer waits for the socket to drain past a
small buffer, which is what keeps a slow viewer's memory bounded.

How it works:

* :class:`~.feed.RoomFeed` holds the latest room view of the journal, encoded once for
  every viewer (:mod:`.feed`).
* Each viewer (``GET /events``) waits for the next version and is sent the *latest*
  view, never a queue of them: a viewer too slow to read skips to the newest state,
  and one that stops reading for :data:`WRITE_TIMEOUT` seconds is dropped.
* Read-only by construction: the only routes are ``GET`` of the page, its local
  assets, the QR code, the event stream and ``/room.json``; request bodies are refused.
  The ``Host`` must be the printed address or localhost, and a page from any other
  origin is refused; at most :data:`MAX_VIEWERS` streams are open at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections.abc import AsyncIterator, Awaitable, Callable

from aiohttp import web

from .feed import POLL_SECONDS, RESYNC_SECONDS, RoomFeed
from .gate import Gate
from .page import asset, qr_svg

MAX_VIEWERS = 64
"""Event streams open at once; more are refused with 503 and a reason."""

WRITE_TIMEOUT = 30.0
"""A viewer that takes longer than this to accept one update is dropped."""

SEND_BUFFER = 64 * 1024
"""Bytes the kernel may hold for one viewer that does not read (plus aiohttp's 64 KiB)."""

ASSETS = {
    "room.css": "text/css",
    "room.js": "text/javascript",
}

SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
        "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}

LOCAL_NAMES = ("localhost", "127.0.0.1", "[::1]", "::1")


FEED = web.AppKey("feed", RoomFeed)
ALLOWED = web.AppKey("allowed", frozenset)
LIMIT = web.AppKey("limit", int)
GATE = web.AppKey("gate", Gate)


def allowed_hosts(public_url: str, port: int) -> frozenset[str]:
    """``Host`` values the server answers: the printed address and localhost, with port.

    >>> sorted(allowed_hosts("http://192.168.1.5:8000", 8000))[:2]
    ['127.0.0.1:8000', '192.168.1.5:8000']
    """
    shown = public_url.split("//", 1)[-1].rstrip("/")
    names = {shown.rsplit(":", 1)[0] if shown.count(":") == 1 or "]" in shown else shown}
    names.update(LOCAL_NAMES)
    return frozenset(f"{n}:{port}".lower() for n in names if n != "::1")


def refusal(status: int, reason: str) -> web.Response:
    return web.Response(status=status, text=reason + "\n", headers=SECURITY_HEADERS)


Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


@web.middleware
async def guard(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Refuse what a read-only page never sends: other hosts, other origins, bodies.

    The ``Host`` check defeats DNS rebinding (a foreign page resolving its own name to
    this address); the ``Origin`` and ``Sec-Fetch-Site`` checks refuse another site's
    page loading the stream or the snapshot.
    """
    gate = request.app.get(GATE)
    if gate is not None:  # a whole request came: a viewer, not a waiting socket
        gate.asked(request.transport)
    allowed = request.app[ALLOWED]
    host = request.headers.get("Host", "").lower()
    if host not in allowed:
        return refusal(421, f"this display answers only at {', '.join(sorted(allowed))}")
    origin = request.headers.get("Origin")
    if origin is not None and origin.lower().split("//", 1)[-1] not in allowed:
        return refusal(403, "pages from other sites may not read the display")
    if request.headers.get("Sec-Fetch-Site", "same-origin") not in ("same-origin", "none"):
        return refusal(403, "pages from other sites may not read the display")
    if request.method not in ("GET", "HEAD"):
        return refusal(405, "the display is read-only: only GET")
    if request.content_length or request.can_read_body:
        return refusal(413, "the display is read-only: requests carry no body")
    return await handler(request)


async def page(request: web.Request) -> web.Response:
    return web.Response(
        body=asset("index.html"),
        content_type="text/html",
        charset="utf-8",
        headers=SECURITY_HEADERS,
    )


async def static(request: web.Request) -> web.Response:
    name = request.match_info["name"]
    if name not in ASSETS:
        raise web.HTTPNotFound(text="no such file\n")
    return web.Response(body=asset(name), content_type=ASSETS[name], headers=SECURITY_HEADERS)


async def qr_code(request: web.Request) -> web.Response:
    return web.Response(
        body=qr_svg(request.app[FEED].url),
        content_type="image/svg+xml",
        headers=SECURITY_HEADERS,
    )


async def snapshot(request: web.Request) -> web.Response:
    return web.json_response(request.app[FEED].snapshot(), headers=SECURITY_HEADERS)


async def events(request: web.Request) -> web.StreamResponse:
    """The room view as server-sent events: the latest on connect, then each change.

    Written here rather than with aiohttp-sse's ``EventSourceResponse``: the stream is
    one frame (``id`` and one ``data`` line of compact JSON, :meth:`~.feed.RoomFeed.publish`)
    encoded once per change and shared by every viewer, where ``send`` encodes it again
    for each; a viewer waiting for the next change is kept alive by the same wait
    (``: still here``), where aiohttp-sse runs a ping task per viewer beside it; and the
    parts that protect the room (the viewer cap, a slow viewer skipped to the latest
    state, a bounded write, a small send buffer) are this function's either way.
    """
    feed = request.app[FEED]
    if feed.viewers >= request.app[LIMIT]:
        return refusal(503, f"the display has {feed.viewers} viewers, its limit: try later")
    response = web.StreamResponse(
        headers={
            **SECURITY_HEADERS,
            "Content-Type": "text/event-stream",
            "X-Accel-Buffering": "no",
        }
    )
    feed.viewers += 1
    try:
        sock = request.transport.get_extra_info("socket") if request.transport else None
        if sock is not None:  # the kernel's share of a slow viewer stays small too
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)
        await response.prepare(request)
        await response.write(b"retry: 1000\n\n")
        sent = 0
        while not feed.stopping:
            if sent == feed.version:
                await feed.changed(sent, RESYNC_SECONDS)
                if feed.stopping:
                    break
                if sent == feed.version:
                    async with asyncio.timeout(WRITE_TIMEOUT):
                        await response.write(b": still here\n\n")
                    continue
            sent = feed.version
            async with asyncio.timeout(WRITE_TIMEOUT):
                await response.write(feed.message)  # the latest, whatever was skipped
    except (ConnectionError, TimeoutError):
        pass  # the viewer went, or stopped reading: its stream ends here
    finally:
        feed.viewers -= 1
        with contextlib.suppress(Exception):
            if request.transport is not None:
                request.transport.close()
    return response


def make_app(
    feed: RoomFeed,
    allowed: frozenset[str],
    *,
    max_viewers: int = MAX_VIEWERS,
    poll_seconds: float = POLL_SECONDS,
    gate: Gate | None = None,
) -> web.Application:
    """The server's application: the routes, the guard, and the feed's life (``gate``:
    the connections' door, :mod:`.gate`, told of each request that arrives)."""
    app = web.Application(middlewares=[guard], client_max_size=1024)
    if gate is not None:
        app[GATE] = gate
    app[FEED] = feed
    app[ALLOWED] = allowed
    app[LIMIT] = max_viewers
    app.router.add_get("/", page)
    app.router.add_get("/static/{name}", static)
    app.router.add_get("/qr.svg", qr_code)
    app.router.add_get("/room.json", snapshot)
    app.router.add_get("/events", events)

    async def follow(app: web.Application) -> AsyncIterator[None]:
        task = asyncio.create_task(feed.run(poll_seconds))
        yield
        feed.waker.close()
        feed.stop()
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task

    async def on_shutdown(app: web.Application) -> None:
        feed.stop()  # every stream ends now, not at the shutdown timeout

    app.cleanup_ctx.append(follow)
    app.on_shutdown.append(on_shutdown)
    return app
