"""The room's feed: the latest room view of the journal, shared by every viewer.

:class:`RoomFeed` follows the journal read-only (:class:`~.follower.Follower`: no lock,
no write) ten times a second, and at once when the journal's folder changes
(:class:`~.wake.Waker`); when the journal moved it maps the state to the room view
(:mod:`.room`) once, encoded once, for every viewer. All-in figures are worked out on a
thread and pushed when ready. Besides the table it says what the page should know: the
clock's alerts (R2.7c), players out (R11.3), and a notice when the journal is gone or
nobody records the session any more (:mod:`.notice`). The server that streams it is
:mod:`.web`.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from omaha_tui.engine.allin.spot import AllInSpot, spot_equity
from omaha_tui.engine.labels import printable
from omaha_tui.session.clock import WARNING_SECONDS, Announcement, Announcer, ClockView
from omaha_tui.session.document import level_json
from omaha_tui.session.view import TableView, table_view
from omaha_tui.store.records import JournalError

from .follower import Follower
from .notice import Abandonment
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
        self._placed: set[int] = set()  # the entries out so far (R11.3)
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
        """R11.3: players out, told once, as it happens (not the places a page finds
        already given when the display starts, nor the winner's at the end). A bust is
        an entry newly out: a place moved down by a later entry or re-entry (R11.1) is
        no new bust, and the standings show it without an alert."""
        t = view.get("tournament")
        placed = {p["entry"]: p for p in (t["placed"] if t else [])}
        new = [p for e, p in placed.items() if e not in self._placed] if self._placed_seen else []
        if new and t is not None and not t["finished"]:
            far = " so far" if t.get("places_open") else ""  # R11.1: places may still move
            words = [
                f"{p['name']} is {p['out']}{far}" + (f" ({p['prize']})" if p["prize"] else "")
                for p in new
            ]
            self._raise("bust", "; ".join(words))
        self._placed, self._placed_seen = set(placed), True

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
