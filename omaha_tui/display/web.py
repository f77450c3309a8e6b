"""The players' display as a web page: one server process, pushing the room view.

Built on aiohttp (aio-libs): one well-kept library that is at once the HTTP server, the
server-sent-events stream and, in the tests, the client that drives Chromium's
DevTools, so the display adds no other dependency. Its ``run_app`` ends cleanly on
SIGINT and SIGTERM, and its response writer waits for the socket to drain past a
small buffer, which is what keeps a slow viewer's memory bounded.

How it works:

* :class:`RoomFeed` follows the journal read-only (:class:`~.follower.Follower`: no
  lock, no write) ten times a second and, when the journal moved, maps the state to the
  room view (:mod:`.room`) once, encoded once, for every viewer. All-in figures are
  worked out on a thread and pushed when ready.
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
import json
import socket
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from typing import TYPE_CHECKING

from aiohttp import web

from omaha_tui.engine.allin.spot import AllInSpot, spot_equity
from omaha_tui.engine.labels import printable
from omaha_tui.session.clock import WARNING_SECONDS, Announcement, Announcer, ClockView
from omaha_tui.session.document import level_json
from omaha_tui.session.view import TableView, table_view
from omaha_tui.store.records import JournalError

from .follower import Follower
from .gate import Gate
from .notice import Abandonment
from .page import asset, qr_svg
from .room import Json, race_cards, room_view
from .wake import Waker

if TYPE_CHECKING:  # the calculator itself loads when an all-in spot comes
    from omaha_tui.engine.allin.equity import Equity

POLL_SECONDS = 0.1
"""How often the journal is looked at (a few small reads when nothing happened)."""

SETTLE_SECONDS = (0.001, 0.002, 0.004, 0.008, 0.016)
"""The looks after a file-change notification that found nothing new yet."""

RESYNC_SECONDS = 15.0
"""A fresh view at least this often: it re-syncs the page's clock and shows the
server that a viewer which stopped reading has gone."""

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


class RoomFeed:
    """The latest room view, and a wake-up for every viewer when it changes."""

    def __init__(
        self,
        follower: Follower,
        *,
        url: str = "",
        theme: Mapping[str, str] | None = None,
        now: Callable[[], float] = time.time,
        notify: bool = True,
    ) -> None:
        self.follower = follower
        self.url = url
        self.theme = dict(theme or {})
        self._now = now
        self.version = 0
        self.view: Json = {}
        self.message = b""
        self._changed = asyncio.Event()
        self._spot: AllInSpot | None = None
        self._figures: Equity | None = None
        self._equity_task: asyncio.Future[Equity] | None = None
        self._notice = ""
        self._abandonment = Abandonment()
        self._clock_key: tuple[object, ...] | None = None
        self._ear = Announcer()  # R2.7c: the level, break and last-minute alerts
        self._ear.hear(follower.view(now()))
        self._alert: Json | None = None
        self._placed: set[tuple[str, str, str]] = set()  # places given so far (R11.3)
        self._placed_seen = False
        self.waker = Waker(follower.path, notify=notify)
        self.stopping = False
        self.viewers = 0
        self._table = self._table_view()
        self.publish()

    def _build(self) -> Json:
        """The room view of the follower's state now (the session's document with the
        page's own keys), without the push counter."""
        f = self.follower
        view = room_view(
            f.state,
            title=f.title,
            clock=f.reading(self._now()),
            seq=f.seq,
            figures=self._figures,
            url=self.url,
            theme=self.theme,
            table=self._table,
            said=f.said,
        )
        view["race"] = race_cards(f.state, f.race)
        view["alert"] = self._alert
        if self._notice:
            view["notice"] = self._notice
        return view

    def publish(self) -> None:
        """Map the follower's state to the room view and wake every viewer."""
        view = self._build()
        self._bust_alert(view)
        view["alert"] = self._alert
        self.version += 1
        view["push"] = self.version
        self.view = view
        data = json.dumps(view, separators=(",", ":"))
        self.message = f"id: {self.version}\ndata: {data}\n\n".encode()
        old, self._changed = self._changed, asyncio.Event()
        old.set()

    def _raise(self, kind: str, text: str) -> None:
        """A new alert for the page: a banner (and a sound where the page may play
        one); ``n`` counts them, so a page shows each once."""
        n = self._alert["n"] + 1 if self._alert is not None else 1
        self._alert = {"n": n, "kind": kind, "text": text}

    def _bust_alert(self, view: Json) -> None:
        """R11.3: players out, told as it happens (not the places a page finds already
        given when the display starts, nor the winner's at the end)."""
        t = view.get("tournament")
        placed = {(p["place"], p["name"], p["prize"]) for p in (t["placed"] if t else [])}
        new = sorted(placed - self._placed, key=lambda p: p[0]) if self._placed_seen else []
        if new and t is not None and not t["finished"]:
            words = [
                f"{name} is out in {place.rstrip('=')} place" + (f" ({prize})" if prize else "")
                for place, name, prize in new
            ]
            self._raise("bust", "; ".join(words))
        self._placed, self._placed_seen = placed, True

    def snapshot(self) -> Json:
        """The room view read now (``/room.json``): the pushed view's clock is that of
        the moment it was pushed, which a page counts down itself; a snapshot's is the
        session's at the moment it is asked for."""
        if not self.view:
            return self.view
        return {**self._build(), "push": self.version}

    async def changed(self, version: int, timeout: float) -> bool:
        """Wait until there is a version newer than ``version`` (True) or ``timeout``."""
        if self.version != version or self.stopping:
            return True
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(timeout):
                await self._changed.wait()
        return self.version != version

    def stop(self) -> None:
        """Wake every viewer so that its stream ends (the server is going)."""
        self.stopping = True
        self._changed.set()

    def poll(self) -> bool:
        """Read what the journal recorded since the last poll; publish when it moved.

        What the page should know besides the table is its ``notice``: the journal file
        gone or replaced, or nobody recording the session any more (the dealer's app
        closed or killed, for :data:`~.notice.ABANDONED_SECONDS` on end); it goes when the
        journal is back, or the dealer resumes the session or starts the next one.
        """
        try:
            moved = self.follower.poll()
        except JournalError as e:  # the file went away or changed: say so, keep the view
            self._say(printable(str(e)))
            return False
        if moved:
            self._table = self._table_view()
            self._follow_spot()
        self._say(self._abandonment.notice(self.follower, self._notice), publish=not moved)
        turned = self._clock_turned()
        if moved or turned:
            self.publish()
        return moved or turned

    def _clock_turned(self) -> bool:
        """Whether the clock reached a new level or a break, or the end of one, since the
        last look (R2.7): the page counts the seconds down itself, but a level's new
        blinds, the break screen and the level after it are the server's to say, the
        moment the time is up rather than at the next resync."""
        view = self.follower.view(self._now())
        key = None
        if view is not None:
            left = view.seconds_left
            up = left is not None and left <= 0  # the last level's
            warned = left is not None and left <= WARNING_SECONDS  # R2.7c: the last minute
            key = (view.item, view.level.number, view.due, view.paused, up, warned)
        for said in self._ear.hear(view):
            self._raise(*alert_words(said, view))
        turned, self._clock_key = key != self._clock_key, key
        return turned

    def _say(self, notice: str, *, publish: bool = True) -> None:
        """Show ``notice`` (``""``: none) from now on; publish when it changed."""
        if notice != self._notice:
            self._notice = notice
            if publish:
                self.publish()

    def _table_view(self) -> TableView | None:
        """The view model of the table the journal is at (None before it is set up)."""
        state = self.follower.state
        return table_view(state) if state.config is not None else None

    def _follow_spot(self) -> None:
        """Start the all-in figures on a thread when the table reached a new spot."""
        table = self._table
        spot = table.spot if table is not None else None
        if spot == self._spot:
            return
        self._spot, self._figures = spot, None
        if self._equity_task is not None:
            self._equity_task.cancel()
            self._equity_task = None
        if spot is None:
            return
        loop = asyncio.get_running_loop()
        assert table is not None
        task = loop.run_in_executor(None, spot_equity, spot)
        self._equity_task = task

        def done(fut: asyncio.Future[Equity]) -> None:
            if fut.cancelled() or fut.exception() is not None or spot != self._spot:
                return
            self._figures = fut.result()
            self.publish()

        task.add_done_callback(done)

    async def run(self, poll_seconds: float = POLL_SECONDS) -> None:
        """Follow the journal until cancelled: at once when the journal's folder changes
        (:class:`~.wake.Waker`), and every ``poll_seconds`` besides; a fresh view every
        :data:`RESYNC_SECONDS`."""
        self._follow_spot()  # the table may already be all in when the server starts
        if self._equity_task is None:
            self.publish()
        self.waker.start()
        last = time.monotonic()
        while not self.stopping:
            woke = await self.waker.wait(poll_seconds)
            moved = self.poll()
            # The notification comes with the dealer's write, a moment before the commit
            # is visible to a reader (SQLite marks it in shared memory, which no
            # notification reports): look again a few times, soon, before the next poll.
            for pause in SETTLE_SECONDS if woke and not moved else ():
                await asyncio.sleep(pause)
                if moved := self.poll():
                    break
            if moved:
                last = time.monotonic()
            elif time.monotonic() - last >= RESYNC_SECONDS:
                self.publish()
                last = time.monotonic()


def alert_words(said: Announcement, clock: ClockView | None) -> tuple[str, str]:
    """The page's alert for what the clock announced (R2.7c): its kind (``level``,
    ``break``, ``minute``) and the banner's words, ``Blinds up: 50/100 · BB ante 100``."""
    if clock is not None and said.level is not None:
        lv = level_json(clock.level, clock.level.decimals)
        ante = f" · {lv['ante_text']}" if lv["ante_text"] else ""
        return "level", f"Blinds up: {lv['text']}{ante}"
    if said.text.startswith("One minute"):
        return "minute", said.text
    if clock is not None and clock.on_break:
        return "break", said.text
    if clock is not None and clock.due:  # R2.7: it starts with the next hand
        lv = level_json(clock.level, clock.level.decimals)
        ante = f" · {lv['ante_text']}" if lv["ante_text"] else ""
        return "level", f"Next hand: blinds up to {lv['text']}{ante}"
    return "level", said.text


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
    one frame (``id`` and one ``data`` line of compact JSON, :meth:`Feed.publish`)
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
