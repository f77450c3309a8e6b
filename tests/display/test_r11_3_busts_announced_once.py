"""R11.3 with R11.1's re-entries: the room's display announces a player out once, when
they go out. A re-entry (a new entry counted from the bottom) moves the places given so
far down; the standings show the moved places, but nobody is announced out again."""

from __future__ import annotations

import io
from decimal import Decimal
from pathlib import Path

from omaha_tui.console import Console
from omaha_tui.display.feed import RoomFeed
from omaha_tui.display.follower import Follower
from omaha_tui.engine.config import Stakes, TableConfig, parse_game
from omaha_tui.engine.rules.tournament.structure import TournamentConfig
from omaha_tui.session import Player, Session, TableSetup
from omaha_tui.store.journal import Journal


def _tournament(db: Path, **options: object) -> Console:
    """Ann, Bob and Cy, 100 chips each at 1/2 for 20."""
    config = TableConfig(
        variant=parse_game("plo"), stakes=Stakes(small_blind=1, big_blind=2), structure="nl"
    )
    players = tuple(Player(i, n, 100) for i, n in enumerate(("Ann", "Bob", "Cy")))
    tournament = TournamentConfig(buy_in=Decimal(20), stack=100, **options)  # type: ignore[arg-type]
    setup = TableSetup(config, players, tournament=tournament)
    session = Session.create(Journal.open(db), setup.events(), setup.name)
    return Console(session, io.StringIO())


def _say(console: Console, *lines: str) -> None:
    for line in lines:
        assert console.line(line).ok, line


def _places(feed: RoomFeed) -> list[tuple[str, str]]:
    return [(p["place"], p["name"]) for p in feed.view["tournament"]["placed"]]


TIED_OUT = "Bob is out, sharing 2nd to 3rd place so far; Cy is out, sharing 2nd to 3rd place so far"
"""R11.3: out in one hand with the same starting stack, said as the narrator says it."""


ALL_IN = ("next", "allin", "call", "call", "deal", "deal", "deal", "award Ann", "next")
"""Ann wins everyone's chips; with the next hand asked for, the others are out."""


def test_r11_3_a_re_entry_moves_the_places_but_announces_nobody_out_again(
    tmp_path: Path,
) -> None:
    db = tmp_path / "journal.sqlite3"
    console = _tournament(db, rebuys_until=2, re_entry=True)
    feed = RoomFeed(Follower.open(db, console.session.id))
    try:
        _say(console, *ALL_IN)
        assert feed.poll()
        alert = feed.view["alert"]
        assert alert["kind"] == "bust"
        assert alert["text"] == TIED_OUT
        _say(console, "reenter Bob")  # entry 4: those out move down to 3rd
        assert feed.poll()
        assert _places(feed) == [("3rd=", "Bob"), ("3rd=", "Cy")]  # shown, quietly
        assert feed.view["alert"] == alert  # the same alert: no new bust
        _say(console, "next", "allin", "call", "deal", "deal", "deal", "award Ann", "next")
        assert feed.poll()  # Bob's second entry goes out: that is a new bust
        assert feed.view["alert"]["n"] == alert["n"] + 1
        assert feed.view["alert"]["text"] == "Bob is out in 2nd place so far"
        assert _places(feed) == [("2nd", "Bob"), ("3rd=", "Bob"), ("3rd=", "Cy")]
    finally:
        feed.follower.close()
        console.session.journal.close()


def test_r11_3_a_late_entry_moves_the_places_but_announces_nobody_out_again(
    tmp_path: Path,
) -> None:
    """No re-entries, but a new player may enter late until the rebuy period ends
    (R11.1): Dee's late entry moves Bob and Cy down, quietly."""
    db = tmp_path / "journal.sqlite3"
    console = _tournament(db, rebuys_until=2)
    feed = RoomFeed(Follower.open(db, console.session.id))
    try:
        _say(console, *ALL_IN)
        assert feed.poll()
        alert = feed.view["alert"]
        assert alert["text"] == TIED_OUT
        assert feed.view["tournament"]["out_head"] == "out so far:"  # Ann has not won yet
        _say(console, "seat 4 Dee 100")  # no blind is owed (R11.6)
        assert feed.poll()
        assert _places(feed) == [("3rd=", "Bob"), ("3rd=", "Cy")]
        assert feed.view["alert"] == alert
    finally:
        feed.follower.close()
        console.session.journal.close()
