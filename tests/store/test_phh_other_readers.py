"""Hand histories other programs read: every exported PO or FO/8 hand either replays in
stock pokerkit to the ``finishing_stacks`` it states, or says why a standard reader cannot
follow it (``_omaha_tui_nonstandard``, docs/phh-extensions.md); every game has a code;
Courchevel, no limit and the optional fields travel both ways."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from omaha_tui.engine.config import VARIANTS, Stakes, Structure, TableConfig
from omaha_tui.engine.events import EarlyCardDealt, HandStarted
from omaha_tui.interchange.exact_log import TIMES_FIELD
from omaha_tui.interchange.interop import export_session, import_files
from omaha_tui.interchange.phh import loads
from omaha_tui.interchange.phh_export import export_hands, session_hands
from omaha_tui.interchange.phh_replay import replay_hand, summary
from omaha_tui.interchange.phh_standard import (
    NONSTANDARD_FIELD,
    OUT_OF_TURN_BB,
    RESULT_FIELD,
    RUN_BY_HAND,
    RUN_TWICE,
)
from omaha_tui.interchange.phh_write import dumps, dumps_all
from omaha_tui.store.journal import Journal
from tests import decided as c

from .recorded import Table, eventful_session, meta_with_details

pokerkit = pytest.importorskip("pokerkit")


def _pokerkit_stacks(text: str) -> list[Decimal]:
    history = pokerkit.HandHistory.loads(text, parse_value=Decimal)
    *_, state = iter(history)
    return [Decimal(s) for s in state.stacks]


SESSIONS = [("omaha", Structure.POT_LIMIT, seed) for seed in range(6)] + [
    ("omaha8", Structure.FIXED_LIMIT, seed) for seed in range(6)
]


@pytest.mark.parametrize(("game", "structure", "seed"), SESSIONS)
def test_every_standard_hand_reads_in_pokerkit_or_says_why_not(
    game: str, structure: Structure, seed: int
) -> None:
    table = eventful_session(game, 25, seed, structure)
    hands, skipped = export_hands(table.events)
    assert skipped == []
    checked = runs = 0
    for hand in hands:
        assert hand.variant in ("PO", "FO/8")
        fields = dict(hand.extra)
        text = dumps(hand)
        try:
            reached = _pokerkit_stacks(text)
        except ValueError:
            reached = None
        if reached is not None and reached == list(hand.finishing_stacks or reached):
            checked += 1
            continue
        assert NONSTANDARD_FIELD in fields, text  # a difference nobody was told of
        assert all(isinstance(r, str) and r for r in fields[NONSTANDARD_FIELD])
        runs += RUN_TWICE in fields[NONSTANDARD_FIELD]
    # A board run twice is read by a standard reader as run 1 alone (R10.2).
    assert checked >= (len(hands) - runs) // 2


def test_r2_6_a_returning_player_s_out_of_turn_big_blind_is_marked() -> None:
    found = 0
    for seed in range(12):
        table = eventful_session("omaha", 25, seed)
        started = [
            e
            for e in table.events
            if isinstance(e, HandStarted) and sum(p.kind.value == "bb" for p in e.posts) > 1
        ]
        if not started:
            continue
        for hand in session_hands(table.events):
            blinds = [b for b in hand.blinds_or_straddles if b]
            if len(blinds) > 2 and max(blinds) == blinds[1]:  # a second big blind, not a straddle
                found += 1
                assert OUT_OF_TURN_BB in dict(hand.extra)[NONSTANDARD_FIELD]
    assert found


def test_r10_2_a_hand_run_twice_states_its_result_and_is_marked_when_run_one_differs() -> None:
    """finishing_stacks are the result of every run (the standard's meaning); a hand
    whose run 1 alone ends otherwise is marked, else a standard reader reaches them."""
    found = marked = 0
    for seed in range(12):
        table = eventful_session("omaha", 25, seed)
        for hand in session_hands(table.events):
            fields = dict(hand.extra)
            if "_omaha_tui_runs" not in fields or hand.finishing_stacks is None:
                continue  # not run twice, or the session stopped mid-hand
            found += 1
            assert RESULT_FIELD not in fields
            assert sum(hand.finishing_stacks) == sum(hand.starting_stacks)
            (again,) = loads(dumps(hand))
            result = summary(replay_hand(again))["finishing_stacks"]
            assert [Decimal(s) for s in result] == list(hand.finishing_stacks)
            try:
                reached: list[Decimal] | None = _pokerkit_stacks(dumps(hand))
            except ValueError:  # pokerkit cannot read it at all
                reached = None
            if reached != list(hand.finishing_stacks):
                marked += 1
                assert RUN_TWICE in fields[NONSTANDARD_FIELD] or RUN_BY_HAND in fields.get(
                    NONSTANDARD_FIELD, []
                )
    assert found and marked


def _courchevel_table() -> Table:
    config = TableConfig(variant=VARIANTS["courchevel"], stakes=Stakes(big_blind=2))
    t = Table(config=config, seats=((0, "Ann", 100), (1, "Bob", 100), (2, "Cy", 100)))
    t.do(c.start_hand(t.state))
    t.do(c.deal_early_card(t.state, "Ah"))
    t.do(c.call(t.state))
    t.do(c.call(t.state))
    t.do(c.check(t.state))
    t.do(c.deal_board(t.state, ["Kd", "7c"]))
    return t


def test_r3_3_courchevel_exports_its_early_card_and_reads_back() -> None:
    t = _courchevel_table()
    (hand,) = session_hands(t.events)
    assert hand.variant == "PC"
    deals = [a for a in hand.actions if a.startswith("d db")]
    assert deals == ["d db Ah", "d db Kd7c"]
    (again,) = loads(dumps(hand))
    replayed = replay_hand(again)
    assert any(isinstance(e, EarlyCardDealt) and e.card == "Ah" for e in replayed.events)
    assert summary(replayed)["board"] == ["Ah", "Kd", "7c"]


def test_an_evening_with_a_courchevel_hand_exports_every_hand(tmp_path: Path) -> None:
    journal = Journal.open(tmp_path / "j.sqlite3")
    t = _courchevel_table()
    sid = journal.record_session("evening", t.events)
    written = export_session(journal, sid, "phh", tmp_path / "out")
    assert written.skipped == ()
    (outcome,) = import_files(journal, [written.path])
    assert journal.events(outcome.session_id or 0) == journal.events(sid)


def test_a_played_hand_carries_the_optional_fields_the_journal_knows(tmp_path: Path) -> None:
    journal = Journal.open(tmp_path / "j.sqlite3")
    t = Table(seats=((0, "Ann", 100), (1, "Bob", 100), (2, "Cy", 100)))
    t.do(c.start_hand(t.state))
    t.do(c.fold(t.state))
    t.do(c.fold(t.state))
    sid = journal.record_session("Friday", t.events)
    written = export_session(journal, sid, "phh", tmp_path / "out")
    (hand,) = loads(written.path.read_text())
    fields = dict(hand.extra)
    assert fields["hand"] == 1
    assert fields["event"] == "Friday"
    assert fields["seat_count"] == 10
    assert sorted(fields["seats"]) == [1, 2, 3]
    assert fields["time_zone"] == "UTC"
    assert {"time", "day", "month", "year"} <= set(fields)
    assert TIMES_FIELD in fields
    assert "ante_trimming_status" not in fields  # no antes: the field would say nothing
    text = written.path.read_text()
    history = pokerkit.HandHistory.loads(text, parse_value=Decimal)
    assert history.hand == 1 and history.seat_count == 10


def test_import_keeps_the_recorded_times(tmp_path: Path) -> None:
    journal = Journal.open(tmp_path / "j.sqlite3")
    t = Table(seats=((0, "Ann", 100), (1, "Bob", 100)))
    t.do(c.start_hand(t.state))
    t.do(c.fold(t.state))
    sid = journal.record_session(
        "Friday", t.events, times=[f"2026-11-27T20:00:0{i}+00:00" for i in range(len(t.events))]
    )
    for fmt in ("phh", "json"):
        written = export_session(journal, sid, fmt, tmp_path / fmt)  # type: ignore[arg-type]
        (outcome,) = import_files(journal, [written.path])
        assert outcome.session_id is not None
        times = [r.created for r in journal.records(outcome.session_id)]
        assert times == [r.created for r in journal.records(sid)]
        assert journal.session(outcome.session_id).created.startswith("2026-11-27T20:00:00")


def test_a_file_without_names_is_not_written_back_with_invented_ones(tmp_path: Path) -> None:
    text = """variant = "PO"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ["d dh p1 ????????", "d dh p2 ????????", "p2 f"]
"""
    path = tmp_path / "anon.phh"
    path.write_text(text)
    journal = Journal.open(tmp_path / "j.sqlite3")
    (outcome,) = import_files(journal, [path])
    assert outcome.session_id is not None
    meta = meta_with_details(journal, outcome.session_id)
    (hand,) = session_hands(journal.events(outcome.session_id), meta)
    assert hand.players is None
    assert "players" not in dumps_all([hand])


def _standard_only(text: str) -> str:
    """A file as another program would write it: no omaha-tui user fields at all."""
    return "\n".join(line for line in text.splitlines() if not line.startswith("_omaha_tui"))


def test_consecutive_hands_with_a_rebuy_and_a_straddle_import_as_one_session(
    tmp_path: Path,
) -> None:
    from omaha_tui.engine.decisions import requests as rq
    from omaha_tui.engine.events import PlayerRebought, StraddleChanged

    t = Table(seats=((0, "Ann", 100), (1, "Bob", 100), (2, "Cy", 100), (3, "Dee", 100)))
    for hand in range(3):
        if hand == 1:
            t.do(c.rebuy(t.state, 1, 50))
        if hand == 2:
            t.do(c.one(t.state, rq.SetStraddle(4)))
        t.do(c.start_hand(t.state))
        t.do(c.bet_or_raise(t.state, 10))
        while not t.state.hand.complete:  # type: ignore[union-attr]
            t.do(c.fold(t.state))
    journal = Journal.open(tmp_path / "j.sqlite3")
    sid = journal.record_session("Friday", t.events)
    written = export_session(journal, sid, "phh", tmp_path / "out")
    plain = tmp_path / "plain.phhs"
    plain.write_text(_standard_only(written.path.read_text()))
    (outcome,) = import_files(journal, [plain])
    assert outcome.hands == 3 and outcome.session_id is not None
    events = journal.events(outcome.session_id)
    assert any(isinstance(e, PlayerRebought) and e.amount == 50 for e in events)
    assert any(isinstance(e, StraddleChanged) and e.amount == 4 for e in events)
    stacks = {s.name: s.stack for s in t.state.seats if s is not None}
    from omaha_tui.engine.reducer.replay import replay

    again = replay(events[:-1])  # before the import's end of session (everyone cashes out)
    assert {s.name: s.stack for s in again.seats if s is not None} == stacks


BUST_AND_REBUY = """[1]
variant = "PO"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 50]
players = ["Ann", "Bob", "Cy"]
actions = ["d dh p1 AhAdKhKd", "d dh p2 2c3c4d5d", "d dh p3 QsJsTs9s", "p3 cbr 7", "p1 cc",
  "p2 f", "d db 2h7c8d", "p1 cbr 14", "p3 cbr 43", "p1 cc", "d db 3d", "d db 4c",
  "p1 sm AhAdKhKd", "p3 sm QsJsTs9s"]

[2]
variant = "PO"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [98, 50, 152]
players = ["Bob", "Cy", "Ann"]
actions = ["d dh p1 2c3c4d5d", "d dh p2 QsJsTs9s", "d dh p3 AhAdKhKd", "p3 f", "p1 f"]
"""


def test_r4_11_a_player_who_went_broke_and_bought_in_again_plays_on_at_the_table(
    tmp_path: Path,
) -> None:
    """Cy loses every chip in hand 1 and is dealt in with 50 in hand 2: a rebuy between
    the hands, and Cy is back at the same table (one session), not a new one."""
    from omaha_tui.engine.events import CameBack, PlayerRebought

    f = tmp_path / "evening.phhs"
    f.write_text(BUST_AND_REBUY)
    with Journal.open(tmp_path / "j.sqlite3") as journal:
        (outcome,) = import_files(journal, [f])
        assert outcome.hands == 2 and outcome.session_id is not None, outcome.error
        events = journal.events(outcome.session_id)
        assert PlayerRebought(seat=2, amount=50) in events and CameBack(seat=2) in events
        from omaha_tui.engine.reducer.replay import replay
        from omaha_tui.store.ledger import ledger

        nets = {line.name: line.net for line in ledger(replay(events)).lines}
        assert nets == {"Ann": 52, "Bob": -3, "Cy": -49}


def test_an_infinite_starting_stack_is_refused_with_the_reason(tmp_path: Path) -> None:
    text = """variant = "PO"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [inf, inf]
actions = []
"""
    with pytest.raises(Exception, match=r"infinite.*counts its chips") as e:
        loads(text)
    assert "Traceback" not in str(e.value)


def test_a_hand_shown_in_part_is_accepted_settled_by_its_stacks_and_written_back(
    tmp_path: Path,
) -> None:
    text = """variant = "PO"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ["d dh p1 ????????", "d dh p2 ????????", "p2 cc", "p1 cc", "d db 2c7d9h", "p1 cc",
  "p2 cc", "d db Js", "p1 cc", "p2 cc", "d db Qd", "p1 cc", "p2 cc", "p1 sm ????AhAd",
  "p2 sm"]
players = ["Ann", "Bob"]
finishing_stacks = [102, 98]
"""
    path = tmp_path / "partly.phh"
    path.write_text(text)
    journal = Journal.open(tmp_path / "j.sqlite3")
    (outcome,) = import_files(journal, [path])
    assert outcome.error is None and outcome.session_id is not None
    again = export_session(journal, outcome.session_id, "phh", tmp_path / "out")
    assert "p1 sm ????AhAd" in again.path.read_text()
    bad = tmp_path / "bad.phh"
    bad.write_text(text.replace("????AhAd", "????AhAh"))
    (refused,) = import_files(journal, [bad])
    assert refused.error is not None and "Ah appears twice" in refused.error


def _pokerkit_hand(code: str, seed: int) -> tuple[str, list[int]]:
    """A hand played in pokerkit with random legal actions, written by pokerkit's own
    ``HandHistory``: its text and the stacks pokerkit ends with."""
    import random

    from pokerkit import (
        Automation,
        FixedLimitOmahaHoldemHighLowSplitEightOrBetter,
        HandHistory,
        PotLimitOmahaHoldem,
    )

    rng = random.Random(seed)
    random.seed(seed)  # pokerkit shuffles with the module's generator: the same deal each run
    automations = (
        Automation.ANTE_POSTING,
        Automation.BET_COLLECTION,
        Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.CARD_BURNING,
        Automation.HOLE_DEALING,
        Automation.BOARD_DEALING,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        Automation.HAND_KILLING,
        Automation.RUNOUT_COUNT_SELECTION,
        Automation.CHIPS_PUSHING,
        Automation.CHIPS_PULLING,
    )
    n = rng.randint(2, 6)
    stacks = tuple(rng.choice((40, 100, 250)) for _ in range(n))
    if code == "PO":
        game = PotLimitOmahaHoldem(automations, True, 0, (1, 2), 2)
    else:
        game = FixedLimitOmahaHoldemHighLowSplitEightOrBetter(automations, True, 0, (1, 2), 2, 4)
    state = game(stacks, n)

    def capped(state: Any) -> bool:
        """R4.7's cap (a bet and three raises, the blind counting as the bet pre-flop),
        which pokerkit 0.7.7's stock FO/8 does not apply."""
        if code != "FO/8":
            return False
        limit = 3 if state.street_index == 0 else 4
        return bool(state.completion_betting_or_raising_count >= limit)

    while state.status:
        roll = rng.random()
        if state.can_fold() and roll < 0.2:
            state.fold()
        elif state.can_complete_bet_or_raise_to() and roll < 0.45 and not capped(state):
            low = state.min_completion_betting_or_raising_to_amount
            high = state.max_completion_betting_or_raising_to_amount
            assert low is not None and high is not None
            # pokerkit 0.7.7's stock FO/8 allows pot-limit raises; a fixed-limit raise
            # is its minimum.
            state.complete_bet_or_raise_to(low if code == "FO/8" else rng.choice((low, high)))
        elif state.can_check_or_call():
            state.check_or_call()
        else:
            break
    text = HandHistory.from_game_state(game, state).dumps()
    return text, [int(s) for s in state.stacks]


# Pokerkit's FO/8 hand whose high pot splits three ways with two odd chips: pokerkit
# gives both to the first winner left of the button; R7.4 gives them one by one.
THREE_WAY_ODD_CHIPS = """variant = 'FO/8'
antes = [0, 0, 0, 0, 0]
blinds_or_straddles = [1, 2, 0, 0, 0]
small_bet = 2
big_bet = 4
starting_stacks = [100, 40, 100, 250, 100]
actions = ['d dh p1 9h5s9d3c', 'd dh p2 5cAd4dJd', 'd dh p3 3h6s2d7h', 'd dh p4 2cTc8sQd',
  'd dh p5 KhAsKc7c', 'p3 cbr 4', 'p4 cc', 'p5 cbr 6', 'p1 cc', 'p2 cc', 'p3 cc', 'p4 cc',
  'd db KsAcQh', 'p1 cbr 2', 'p2 cc', 'p3 cc', 'p4 cbr 4', 'p5 cc', 'p1 cc', 'p2 cc', 'p3 cc',
  'd db Js', 'p1 cbr 4', 'p2 cc', 'p3 cc', 'p4 cc', 'p5 cc', 'd db Th', 'p1 cbr 4',
  'p2 cbr 8', 'p3 cc', 'p4 cc', 'p5 cc', 'p1 cc', 'p2 sm 5cAd4dJd', 'p3 sm',
  'p4 sm 2cTc8sQd', 'p5 sm KhAsKc7c', 'p1 sm']
"""


def test_r7_4_two_odd_chips_of_a_three_way_split_go_one_each_from_the_button_s_left() -> None:
    """A pot of 110 split three ways (three broadways, no low: the board has one low
    card) is 36 each and two odd chips; the button is p5, so p2 and p4 take one each."""
    (hand,) = loads(THREE_WAY_ODD_CHIPS, "three-way.phh")
    result = summary(replay_hand(hand))
    assert result["finishing_stacks"] == [78, 55, 78, 265, 114]  # pokerkit: 56 and 264


@pytest.mark.parametrize("code", ["PO", "FO/8"])
def test_hands_pokerkit_writes_import_to_pokerkit_s_stacks(code: str) -> None:
    for seed in range(25):
        text, stacks = _pokerkit_hand(code, seed)
        (hand,) = loads(text, f"pokerkit-{code}-{seed}.phh")
        assert hand.variant == code
        result = summary(replay_hand(hand))
        assert result["complete"], text
        assert result["finishing_stacks"] == stacks, text


@pytest.mark.parametrize("chair", [1, 3])
def test_consecutive_hands_with_a_newcomer_import_as_one_session(
    tmp_path: Path, chair: int
) -> None:
    from omaha_tui.engine.reducer.replay import replay

    t = Table(seats=((0, "Ann", 100), (2, "Bob", 100), (4, "Cy", 100)))
    for hand in range(3):
        if hand == 1:
            t.do(c.seat_player(t.state, chair, "Dee", 80))
        t.do(c.start_hand(t.state))
        t.do(c.bet_or_raise(t.state, 10))
        while not t.state.hand.complete:  # type: ignore[union-attr]
            t.do(c.fold(t.state))
    journal = Journal.open(tmp_path / "j.sqlite3")
    sid = journal.record_session("Friday", t.events)
    written = export_session(journal, sid, "phh", tmp_path / "out")
    plain = tmp_path / "plain.phhs"
    plain.write_text(_standard_only(written.path.read_text()))
    (outcome,) = import_files(journal, [plain])
    assert outcome.hands == 3 and outcome.session_id is not None
    again = replay(journal.events(outcome.session_id)[:-1])
    stacks = {s.name: s.stack for s in t.state.seats if s is not None}
    assert {s.name: s.stack for s in again.seats if s is not None} == stacks
