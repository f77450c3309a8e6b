"""R11.1 and R11.3: while entries are open (re-entries, or a new player's late entry)
nobody has won yet and the places of those out are not final, since a new entry is
counted from the bottom. The standings say so, and why: the one player left is still
playing, not 1st, with no prize, and the places given are "so far" until entries close."""

from __future__ import annotations

from decimal import Decimal

from omaha_tui.display.app import standings_text
from omaha_tui.engine import events as ev
from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.reducer.replay import apply
from omaha_tui.engine.state import TableState
from omaha_tui.engine.tournament_standings import standings
from omaha_tui.session.document_tournament import tournament_document
from omaha_tui.session.tournament import places_words, tournament_json
from tests.engine.tournament_helpers import do, play_out
from tests.tables import tournament_table

D = Decimal


def _one_left(last_next: bool = True, **options: object) -> TableState:
    """Heads-up, 100 chips each at 10: P0 goes all in, P1 calls and wins; the next
    hand is asked for (unless not ``last_next``), so P0 is out and P1 is the only
    player left."""
    s = tournament_table(2, stack=100, buy_in=D(10), **options)
    s = do(s, rq.NextHand()).state
    s = do(s, rq.AllIn()).state
    s = do(s, rq.Call()).state
    s = play_out(s, 1).state
    return do(s, rq.NextHand()).state if last_next else s


def test_r11_1_one_player_left_while_re_entries_are_open_is_not_yet_1st() -> None:
    s = _one_left(rebuys_until=2, re_entry=True)
    st = standings(s)
    assert st is not None and st.players_left == 1 and not st.finished
    assert not st.places_final
    line = {x.name: x for x in st.lines}
    assert line["P1"].place is None and line["P1"].prize == 0  # still playing
    assert line["P1"].chips == 200
    assert (line["P0"].place, line["P0"].prize) == (2, D(0))  # 2 entries pay 100 to 1st
    assert places_words(st) == "2nd P0, so far (re-entries are open, R11.1)"
    data = tournament_json(st)
    assert data["places_final"] is False
    assert [p["name"] for p in data["places"]] == ["P0"]
    room = tournament_document(s, None)  # the room's display says it too
    assert room is not None and room["out_head"] == "out so far:"
    assert "out so far: 2nd P0" in standings_text(room)


def test_r11_3_a_re_entry_moves_the_places_so_far_down() -> None:
    s = _one_left(rebuys_until=2, re_entry=True, payouts=(D(70), D(30)))
    s = do(s, rq.Reenter("P0")).state  # entry 3: the first P0 is now 3rd of 3
    st = standings(s)
    assert st is not None and st.entries == 3 and st.players_left == 2
    assert [(x.name, x.place) for x in st.lines if x.place is not None] == [("P0", 3)]
    assert places_words(st) == "3rd P0, so far (re-entries are open, R11.1)"


def test_r11_1_when_re_entries_close_the_player_left_is_the_winner() -> None:
    s = _one_left(rebuys_until=2, re_entry=True)
    s = do(s, rq.NextHand()).state  # nobody re-entered: `next` again ends it (R11.1)
    st = standings(s)
    assert st is not None and st.finished and st.places_final
    assert [(x.name, x.place, x.prize) for x in st.lines] == [("P1", 1, D(20)), ("P0", 2, D(0))]
    assert places_words(st) == "1st P1 20, 2nd P0"
    room = tournament_document(s, None)
    assert room is not None and room["out_head"] == "out:"


def test_r11_1_after_the_rebuy_period_the_places_are_final() -> None:
    s = tournament_table(3, stack=100, buy_in=D(10), rebuys_until=1, re_entry=True)
    open_ = standings(s)
    assert open_ is not None and not open_.places_final
    s = apply(s, ev.LevelChanged(level=2, stakes=s.stakes))  # type: ignore[arg-type]
    closed = standings(s)
    assert closed is not None and closed.places_final


def test_r11_1_one_player_left_while_late_entry_is_open_is_not_yet_1st() -> None:
    """Rebuys until level 2, no re-entries: P0 declined to rebuy, but a new player may
    still enter late until the rebuy period ends, counted from the bottom (R11.3)."""
    s = _one_left(rebuys_until=2)
    asked = do(_one_left(rebuys_until=2, last_next=False), rq.NextHand())
    assert asked.note == (
        "P1 is the only player left, and late entry is open: seat a new player, "
        "or `next` again ends the tournament (R11.1)"
    )
    st = standings(s)
    assert st is not None and not st.finished and st.places_open == "late entry is open"
    assert [(x.name, x.place, x.prize) for x in st.lines] == [("P1", None, 0), ("P0", 2, 0)]
    assert places_words(st) == "2nd P0, so far (late entry is open, R11.1)"
    late = do(s, rq.SeatPlayer(2, "P2", 100, True)).state  # a late entry: P0 is 3rd of 3
    moved = standings(late)
    assert moved is not None and [(x.name, x.place) for x in moved.lines if x.place] == [("P0", 3)]
    s = do(s, rq.NextHand()).state  # nobody entered: `next` again ends it (R11.1)
    st = standings(s)
    assert st is not None and st.finished and st.places_final
    assert [(x.name, x.place) for x in st.lines] == [("P1", 1), ("P0", 2)]


def test_r11_1_with_no_rebuy_period_the_places_are_so_far_while_late_entry_is_open() -> None:
    """No rebuy period: late entries are taken while two or more are left (R11.1), so
    the places given move down with each and are "so far"; one player left is then
    the winner at once, and the places are final."""
    s = tournament_table(3, stack=100, buy_in=D(10))
    s = do(s, rq.NextHand()).state
    s = do(s, rq.Fold()).state
    s = do(s, rq.AllIn()).state
    s = do(s, rq.Call()).state
    s = play_out(s, 1).state  # P1 wins: one of them is out in 3rd
    st = standings(s)
    assert st is not None and st.players_left == 2 and not st.finished
    assert st.places_open == "late entry is open"
    (out,) = [x for x in st.lines if x.place is not None]
    assert places_words(st) == f"3rd {out.name}, so far (late entry is open, R11.1)"
    s = do(s, rq.NextHand()).state
    while s.hand is not None and not s.hand.betting_over:
        s = do(s, rq.AllIn() if s.hand.to_act is not None else rq.DealCards()).state
    s = play_out(s, 1).state  # P1 wins again: one player left is the winner at once
    st = standings(s)
    assert st is not None and st.finished and st.places_final and st.places_open == ""
    assert [x.place for x in st.lines] == [1, 2, 3]
    assert "so far" not in (places_words(st) or "")
