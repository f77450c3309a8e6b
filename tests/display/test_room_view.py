"""The room view the web page draws: plain text, the last hand's winners until the next
hand, the all-in figures of each pot (R10.3), and the results when the session ends."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

from omaha_tui.console.report import tabled_equity
from omaha_tui.display.follower import Follower
from omaha_tui.display.room import room_view
from omaha_tui.engine.allin.spot import AllInSpot, spot_equity
from omaha_tui.engine.allin.table_spot import all_in_spot
from omaha_tui.engine.clock_events import ClockPaused, ClockStarted, ScheduleSet
from omaha_tui.engine.config import Stakes, Structure, TableConfig, parse_game
from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.decisions.decide import decide
from omaha_tui.engine.reducer.replay import apply, replay
from omaha_tui.engine.state import TableState
from omaha_tui.session import Player, TableSetup
from omaha_tui.session.clock import clock_view
from omaha_tui.session.document_hand import equities
from omaha_tui.session.grammar import parse_levels
from omaha_tui.session.view import TableView, table_view
from tests.display.test_display_runs import record_run_twice

T0 = datetime(2026, 1, 1, 20, tzinfo=UTC)


def table(names: tuple[str, ...], stacks: tuple[int, ...]) -> TableState:
    config = TableConfig(
        variant=parse_game("plo"), stakes=Stakes(big_blind=2), structure=Structure.NO_LIMIT
    )
    players = tuple(Player(i, n, s) for i, (n, s) in enumerate(zip(names, stacks, strict=True)))
    setup = TableSetup(config, players)
    return replay(list(setup.events()))


def play(state: TableState, *requests: rq.Request) -> TableState:
    for request in requests:
        out = decide(state, request)
        assert hasattr(out, "state"), (request, out)
        state = out.state  # type: ignore[union-attr]
    return state


def view(state: TableState, at: datetime | None = None, **kw: object) -> dict[str, object]:
    clock = clock_view(state, at) if at is not None else None
    out = room_view(state, title="Friday", clock=clock, seq=9, **kw)  # type: ignore[arg-type]
    json.dumps(out)  # all of it is JSON
    return out


def pot_equities(spot: AllInSpot, view: TableView) -> list[dict[str, object]]:
    """Each pot's figures as the document has them, worked out now."""
    return equities(spot, spot_equity(spot), view)


def test_names_stay_plain_text() -> None:
    state = play(table(("Ann [b]", "<i>Bob", "Cy\\"), (200, 200, 200)), rq.NextHand())
    v = view(state)
    assert [s["name"] for s in v["seats"]] == ["Ann [b]", "<i>Bob", "Cy\\"]  # type: ignore[index]
    assert v["phase"] == "play" and v["tournament"] is None
    assert v["pot_total"] == 3 and v["board_size"] == 5
    assert v["clock"] is None and v["stakes"]["bb"] == 2  # type: ignore[index]


def test_r2_7_the_clock_names_the_next_level_the_next_break_and_shows_the_break() -> None:
    state = apply(
        table(("Ann", "Bob", "Cy"), (200, 200, 200)),
        ScheduleSet(schedule=parse_levels("1/2:20,break:10,2/5/1:20"), at=T0),
    )
    state = apply(state, ClockStarted(at=T0))
    clock = view(state, T0 + timedelta(minutes=5, seconds=30))["clock"]
    assert clock["level"] == 1 and clock["seconds_left"] == 870.0  # type: ignore[index]
    assert clock["next_level"]["bb"] == 5 and clock["next_level"]["ante"] == 1  # type: ignore[index]
    assert clock["seconds_to_break"] == 870.0 and not clock["paused"]  # type: ignore[index]
    v = view(state, T0 + timedelta(minutes=25))
    assert v["phase"] == "break"  # between hands
    assert v["clock"]["break"] and v["clock"]["seconds_left"] == 300.0  # type: ignore[index]
    assert v["clock"]["level"] == 2 and v["clock"]["bb"] == 5  # type: ignore[index]
    paused = apply(state, ClockPaused(at=T0 + timedelta(minutes=1)))
    assert view(paused, T0 + timedelta(minutes=9))["clock"]["paused"]  # type: ignore[index]


def test_r7_the_last_hand_s_winners_stay_until_the_next_hand_starts() -> None:
    """Cy wins the small blind; his own big blind beyond it comes back uncalled (R4.9)."""
    state = play(table(("Ann", "Bob", "Cy"), (200, 200, 200)), rq.NextHand(), rq.Fold(), rq.Fold())
    v = view(state)
    assert v["last_hand"] == {
        "number": 1,
        "winners": [
            {
                "seat": 3,
                "name": "Cy",
                "amount": 2,
                "said": "wins",
                "for": "main pot",
                "board": 1,
                "hand": "",
                "cards": [],
            }
        ],
    }
    assert v["pots"] == [] and v["street"] == "Between hands"
    assert view(play(state, rq.NextHand()))["last_hand"] is None


def test_r10_3_each_pot_has_its_own_figures_among_the_hands_that_can_win_it() -> None:
    state = play(
        table(("Ann", "Bob", "Cy"), (60, 100, 200)),
        rq.NextHand(),
        rq.AllIn(),
        rq.AllIn(),
        rq.Call(),
        rq.TableHands(((0, "Ah As Kd Qc"), (1, "7h 8h 9c Tc"), (2, "2c 2d 3s 4s"))),
        rq.DealCards("Jh 6h 2h"),
    )
    spot = all_in_spot(state)
    assert spot is not None
    pots = pot_equities(spot, table_view(state))
    assert [(p["pot"], p["amount"]) for p in pots] == [("Main pot", 180), ("Side pot 1", 80)]
    main, side = ({h["name"]: h["equity"] for h in p["hands"]} for p in pots)
    assert set(main) == {"Ann", "Bob", "Cy"} and set(side) == {"Bob", "Cy"}
    assert abs(sum(main.values()) - 1) < 1e-3 and abs(sum(side.values()) - 1) < 1e-3
    # The same figures as the console's JSON state: Ann's tabled aces are out of the
    # deck for the side pot too, though she cannot win it.
    console = tabled_equity(spot)
    for name, seat in (("Ann", 0), ("Bob", 1), ("Cy", 2)):
        figure = console[seat]
        assert figure is not None
        shares = {p["pot"]: p["equity"] for p in figure["pots"]}
        assert shares["main pot"] == main[name] and shares.get("side pot 1") == side.get(name)
    v = view(state, figures=spot_equity(spot))
    assert v["equities"] == pots
    assert {s["name"]: s["cards"] for s in v["seats"]}["Ann"] == ["Ah", "As", "Kd", "Qc"]  # type: ignore[index]


def test_r12_the_end_of_the_session_shows_the_nets_and_who_pays_whom() -> None:
    state = play(
        table(("Ann", "Bob", "Cy"), (200, 200, 200)),
        rq.NextHand(),
        rq.Fold(),
        rq.Fold(),
        rq.EndSession(),
    )
    v = view(state)
    assert v["phase"] == "ended"
    results = v["results"]
    nets = {line["name"]: line["net"] for line in results["lines"]}  # type: ignore[index]
    assert nets == {"Ann": 0, "Bob": -1, "Cy": 1}
    assert results["transfers"] == [{"payer": "Bob", "payee": "Cy", "amount": 1}]  # type: ignore[index]


def test_r10_2_every_run_is_shown_and_the_run_to_come_from_the_shared_cards(
    tmp_path: Path,
) -> None:
    db = tmp_path / "journal.sqlite3"
    record_run_twice(db)  # run twice from the flop 4h 5c 7h; run 1 is out
    follower = Follower.open(db)
    try:
        v = view(follower.state)
    finally:
        follower.close()
    assert v["run_rows"] == [
        {"run": 1, "label": "Run 1", "cards": ["4h", "5c", "7h", "Qs", "Ad"]},
        {"run": 2, "label": "Run 2", "cards": ["4h", "5c", "7h", "", ""]},
    ]


def test_r10_2_r10_3_a_later_runs_figures_are_for_that_runs_part_of_each_pot() -> None:
    """Run twice from the flop, run 1 out: run 2's figures are for run 2's half of each
    pot, with each hand's expected chips, the same figures as the engine's one reckoning
    of the spot (what the dealer's table and the console's JSON state show)."""
    from omaha_tui.engine.allin.spot import spot_equity

    state = play(
        table(("Ann", "Bob", "Cy"), (100, 300, 300)),
        rq.NextHand(),
        rq.AllIn(),
        rq.AllIn(),
        rq.AllIn(),
        rq.TableHands(((0, "Ah Kh Qd Jd"), (1, "As 2s 3c 4c"), (2, "Tc Td 9s 8s"))),
        rq.DealCards("2h 3h 9d"),
        rq.RunItTwice(),
        rq.DealCards("Kc"),
        rq.DealCards("8d"),
    )
    spot = all_in_spot(state)
    assert spot is not None and spot.run == 2
    pots = pot_equities(spot, table_view(state))
    assert [(p["pot"], p["amount"], p["run"]) for p in pots] == [
        ("Main pot", 150, 2),
        ("Side pot 1", 200, 2),
    ]
    figures = spot_equity(spot)
    for pot, engine in zip(pots, figures.pots, strict=True):
        assert [h["equity"] for h in pot["hands"]] == [round(h.equity, 4) for h in engine.hands]
    expected = {h["seat"] - 1: h["expected"] for p in pots for h in p["hands"]}
    seats = [seat for seat, _ in spot.hands]
    assert expected == {s: round(x, 2) for s, x in zip(seats, figures.expected, strict=True)}
    assert abs(sum(expected.values()) - 350) < 0.05  # run 2's part of the 700


def test_r2_7_the_break_is_pushed_when_the_level_s_time_is_up_with_nothing_recorded(
    tmp_path: Path,
) -> None:
    """The page counts the seconds itself; the break screen and the level after it come
    from the server the moment the time is up, not at its next resync 15 s on."""
    from omaha_tui.display.feed import RoomFeed
    from omaha_tui.session import Session
    from omaha_tui.store.journal import Journal

    db = tmp_path / "journal.sqlite3"
    journal = Journal.open(db)
    config = TableConfig(variant=parse_game("plo"), stakes=Stakes(big_blind=2))
    setup = TableSetup(config, tuple(Player(i, n, 200) for i, n in enumerate(("Ann", "Bob"))))
    schedule = parse_levels("1/2:20,break:10,2/5:20")
    session = Session.create(journal, setup.events(), "t", schedule, now=T0)
    assert session.request(rq.StartClock(at=T0)).ok
    clock = [T0 + timedelta(minutes=19, seconds=59)]
    feed = RoomFeed(Follower.open(db, 1), now=lambda: clock[0].timestamp())
    try:
        feed.poll()
        assert feed.view["phase"] == "play" and feed.view["clock"]["level"] == 1
        version = feed.version
        clock[0] += timedelta(seconds=2)
        assert feed.poll() and feed.version == version + 1
        assert feed.view["phase"] == "break" and feed.view["clock"]["bb"] == 5
        assert not feed.poll()  # nothing more until the break ends
    finally:
        feed.follower.close()
        journal.close()


def test_the_room_view_is_the_console_s_document_at_each_moment_of_a_hand_with_side_pots() -> None:
    """One JSON: the page's view is the console's ``--json`` state, key for key, with
    only the page's own keys beside it, at every step of a hand with bets in front,
    three all in for different amounts, and side pots (R5.1)."""
    from omaha_tui.console.report import state_json
    from omaha_tui.display.room import PAGE_KEYS

    state = table(("Ann", "Bob", "Cy", "Dee"), (20, 50, 120, 200))
    steps = (
        rq.NextHand(),
        rq.RaiseTo(6),
        rq.AllIn(),
        rq.AllIn(),
        rq.Call(),
        rq.Call(),
        rq.DealCards("2h 3h 9d"),
        rq.Bet(40),
        rq.Call(),
        rq.DealCards("Kc"),
        rq.AllIn(),
        rq.Call(),
    )
    for step in steps:
        state = play(state, step)
        room = view(state)
        console = state_json(state, table_view(state), title="Friday", seq=9)
        page = {k: v for k, v in room.items() if k not in PAGE_KEYS}
        if console["equities"]:  # the page's figures come from a thread when ready
            spot = all_in_spot(state)
            assert spot is not None
            page = {k: v for k, v in view(state, figures=spot_equity(spot)).items() if k in page}
        assert page == console, step
        assert room["pot_total"] == sum(p["amount"] for p in console["pots"]), step  # type: ignore[union-attr]


def test_r1_5_a_dead_button_on_an_empty_chair_is_said_where_it_is() -> None:
    """Cy had the big blind and leaves: two hands on, the button goes to the chair
    where his small blind was due, now empty (R1.5c). The page draws only the players'
    seats, so the room view says which chair holds it, as the console's JSON does."""
    from omaha_tui.console.report import state_json

    state = play(
        table(("Ann", "Bob", "Cy", "Dee"), (200, 200, 200, 200)),
        rq.NextHand(),  # button Ann, SB Bob, BB Cy
        rq.Fold(),
        rq.Fold(),
        rq.Fold(),
        rq.Leave(2),
        rq.NextHand(),  # BB Dee, no SB, button Bob
        rq.Fold(),
        rq.Fold(),
        rq.NextHand(),  # BB Ann, SB Dee, the button on Cy's empty chair
    )
    v, console = view(state), state_json(state, table_view(state))
    assert console["dead_button"] and v["dead_button"] is True
    assert v["button"] == console["button"] == 3
    assert all("D" not in s["markers"] for s in v["seats"])  # type: ignore[union-attr]


def test_r1_5_c_the_button_is_never_on_a_chair_nobody_sat_in() -> None:
    """Six players in seats 1-6 of a ten-chair table: the sixth hand's button is seat
    6, live, and no seat of the room view is a chair nobody sat in."""
    names = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay")
    state = table(names, (200,) * 6)
    for _ in range(5):
        state = play(state, rq.NextHand(), *(rq.Fold() for _ in range(5)))
    state = play(state, rq.NextHand())
    v = view(state)
    assert (v["button"], v["dead_button"]) == (6, False)
    assert [s["seat"] for s in v["seats"]] == [1, 2, 3, 4, 5, 6]  # type: ignore[index]


def test_r2_7_the_end_screen_stops_the_clock_at_the_level_the_session_ended_on() -> None:
    """Once the host ends the session the blind clock stops: the page gets no seconds
    to count down (it ticks them itself between pushes) and is told the clock ended."""
    base = table(("Ann", "Bob"), (200, 200))
    base = apply(base, ScheduleSet(schedule=parse_levels("1/2:20,2/5:20"), at=T0))
    base = apply(base, ClockStarted(at=T0))
    ended = play(base, rq.NextHand(), rq.Fold(), rq.EndSession())
    clock = view(ended, T0 + timedelta(minutes=5))["clock"]
    assert clock["seconds_left"] is None and clock["seconds_to_break"] is None  # type: ignore[index]
    assert clock["ended"] and clock["level"] == 1  # type: ignore[index]
    live = view(base, T0 + timedelta(minutes=5))["clock"]
    assert live["seconds_left"] == 900.0 and not live["ended"]  # type: ignore[index]
