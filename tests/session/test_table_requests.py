"""Table requests through the session, as the app sends them: outcome, journal, state.

Every refusal asserts the rule's message; the ordering test proves the journal is
written before the new state is adopted. (These were the controller's tests.)
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from omaha_tui.engine.config import Stakes, TableConfig, parse_game
from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.events import BoardRecorded, PotsAwarded, RaisedTo
from omaha_tui.engine.hands.cards import parse_cards
from omaha_tui.engine.state import Street
from omaha_tui.session import Outcome, Player, Session, TableSetup
from omaha_tui.session.grammar import parse_levels
from omaha_tui.session.showdown import ShowdownResult, showdown_request
from omaha_tui.store.journal import Journal

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay")


@pytest.fixture
def journal() -> Iterator[Journal]:
    with Journal.in_memory() as j:  # the requests are tested here, not the disk
        yield j


def table(
    journal: Journal, players: int = 6, game: str = "plo", stacks: int = 200, levels: str = ""
) -> Session:
    config = TableConfig(variant=parse_game(game), stakes=Stakes(big_blind=2))
    seated = tuple(Player(i, NAMES[i], stacks) for i in range(players))
    schedule = parse_levels(levels) if levels else None
    start = TableSetup(config, seated, button=0, schedule=schedule)
    return Session.create(journal, start.events(), start.name, start.schedule)


def log(journal: Journal, s: Session) -> list:
    return journal.events(s.id)


def test_r2_1_next_hand_posts_blinds_left_of_the_button(journal: Journal) -> None:
    s = table(journal)
    outcome = s.request(rq.NextHand())
    assert outcome.ok, outcome.message
    hand = s.state.hand
    assert hand is not None
    assert (hand.button, hand.sb_seat, hand.bb_seat) == (0, 1, 2)  # placed: it stays (R1.5)
    assert hand.bets[1:3] == (1, 2)
    assert outcome.message == "Hand #1: button Ann; Bob posts small blind 1; Cy posts big blind 2"


def test_events_reach_the_journal_before_the_state_changes(
    journal: Journal, monkeypatch: pytest.MonkeyPatch
) -> None:
    s = table(journal)
    before = s.state
    seen = []
    append = journal.append_many

    def spy(*args: object, **kw: object) -> int:
        seen.append(s.state)
        return append(*args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(journal, "append_many", spy)
    s.request(rq.NextHand())
    assert seen == [before] and seen[0] is before  # appended while the old state stood
    assert s.state is not before


def test_refused_action_records_nothing_and_gives_the_engine_reason(journal: Journal) -> None:
    s = table(journal)
    count = len(log(journal, s))
    outcome = s.request(rq.Fold())
    assert outcome == Outcome(False, "no hand is running: start the next hand", refused=True)
    assert len(log(journal, s)) == count


def test_r4_10_a_raise_below_the_minimum_names_the_range(journal: Journal) -> None:
    s = table(journal)
    s.request(rq.NextHand())
    outcome = s.request(rq.RaiseTo(1))
    assert outcome.refused
    assert outcome.message.startswith("Dee ")
    assert outcome.message.endswith("raise to 1 is below the minimum: raise to 4 to 7")


def test_r4_4_pot_raise_blinds_1_2_first_to_act_raises_to_7(journal: Journal) -> None:
    s = table(journal)
    s.request(rq.NextHand())
    breakdown = s.available().breakdown
    outcome = s.request(rq.RaisePot())
    assert outcome.ok
    assert breakdown is not None
    assert breakdown.sentence == "pot 3 + call 2 = 5; raise to 7"
    assert outcome.events == (RaisedTo(seat=3, to=7),)
    assert outcome.message == "Dee raises to 7 (R4.4: pot 3 + call 2 = 5; raise to 7)"


def test_r4_4_pot_15_bet_10_raise_to_45(journal: Journal) -> None:
    s = table(journal, players=3)
    s.request(rq.NextHand())  # button Ann, SB Bob, BB Cy; Ann acts first
    assert s.request(rq.RaiseTo(5)).ok
    s.request(rq.CheckOrCall())
    s.request(rq.CheckOrCall())
    assert s.request(rq.DealCards("Ah Kd 7c")).ok
    assert s.request(rq.Bet(10)).message == "Bob bets 10"
    breakdown = s.available().breakdown
    outcome = s.request(rq.RaisePot())
    assert breakdown is not None
    assert breakdown.sentence == "pot 25 + call 10 = 35; raise to 45"
    assert (breakdown.pot, breakdown.bets_this_round, breakdown.to_call) == (15, 10, 10)
    assert outcome.message == "Cy raises to 45 (R4.4: pot 25 + call 10 = 35; raise to 45)"


def test_r4_6_over_pot_wager_is_cut_and_the_excess_returned(journal: Journal) -> None:
    s = table(journal)
    s.request(rq.NextHand())
    outcome = s.request(rq.RaiseTo(20))
    assert outcome.events == (RaisedTo(seat=3, to=7, excess_returned=13),)
    assert outcome.message == "Dee raises to 7 (excess returned 13)"


def test_r4_10_more_than_the_stack_is_asked_before_it_is_all_in(journal: Journal) -> None:
    s = table(journal, players=2, stacks=5)
    s.request(rq.NextHand())  # heads-up: Ann on the button posts 1 and acts first (R2.2)
    asked = s.request(rq.RaiseTo(50))
    assert not asked.ok and not asked.refused and asked.ask is not None
    assert asked.message == "Ann has 5: all in for 5?"
    assert s.request(asked.ask.choices[0].request).message == "Ann is all in for 5 (4 more)"


def test_undo_is_repeatable_across_a_street(journal: Journal) -> None:
    s = table(journal, players=3)
    s.request(rq.NextHand())
    for _ in range(3):
        s.request(rq.CheckOrCall())
    s.request(rq.DealCards("Ah Kd 7c"))
    s.request(rq.CheckOrCall())
    assert s.state.hand is not None and s.state.hand.street is Street.FLOP
    assert s.undo().message == "Undone: Bob's check"
    assert s.undo().message == "Undone: the flop (Ah Kd 7c)"
    hand = s.state.hand
    assert hand is not None
    assert hand.street is Street.PREFLOP and hand.board == ()
    assert s.undo().message == "Undone: Cy's check"


def test_deal_board_accepts_cards_typed_together(journal: Journal) -> None:
    s = table(journal, players=2)
    s.request(rq.NextHand())
    s.request(rq.CheckOrCall())
    s.request(rq.CheckOrCall())
    assert s.request(rq.DealCards("AhKd7c")).message == "Flop: Ah Kd 7c"


def test_a_board_dealt_without_cards_is_counted(journal: Journal) -> None:
    s = table(journal, players=2)
    s.request(rq.NextHand())
    s.request(rq.CheckOrCall())
    s.request(rq.CheckOrCall())
    assert s.request(rq.DealCards("")).message == "Flop: 3 cards dealt, not entered"
    hand = s.state.hand
    assert hand is not None and (hand.board, hand.board_count) == ((), 3)


def test_board_typed_at_showdown_is_journaled_and_the_pot_read_by_cards(journal: Journal) -> None:
    s = table(journal, players=2)
    s.request(rq.NextHand())
    while s.state.hand is not None and s.state.hand.board_count < 5:
        while s.state.hand.to_act is not None:
            s.request(rq.CheckOrCall())
        assert s.request(rq.DealCards()).ok  # chips only: the board is a count
    while s.state.hand is not None and s.state.hand.to_act is not None:
        s.request(rq.CheckOrCall())
    result = ShowdownResult(
        shown=((0, parse_cards("Ah 2s Kh Ks")), (1, parse_cards("As 3s Qh Qd"))),
        board=parse_cards("4h 5c 7h Qs Ad"),
    )
    outcome = s.request(showdown_request(result))
    # R6: Bob's three queens beat Ann's pair of kings, read from the board typed now.
    assert outcome.message == (
        "Board entered: 4h 5c 7h Qs Ad; Ann shows Ah 2s Kh Ks; Bob shows As 3s Qh Qd;"
        " Bob wins 4 with three queens"
    )
    recorded = [e for e in log(journal, s) if isinstance(e, BoardRecorded | PotsAwarded)]
    assert [e.type for e in recorded] == ["board_recorded", "pots_awarded"]
    assert isinstance(recorded[-1], PotsAwarded) and recorded[-1].by_cards
    assert [p.stack for p in s.state.seats if p is not None] == [198, 202]


def test_r3_3_courchevel_early_card_before_the_preflop_betting(journal: Journal) -> None:
    s = table(journal, players=3, game="courchevel")
    s.request(rq.NextHand())
    assert s.request(rq.Fold()).message == (
        "deal Courchevel's early flop card before the pre-flop betting (R3.3)"
    )
    assert s.request(rq.DealCards("Ah")).message == "Early flop card: Ah"
    assert s.request(rq.Fold()).ok


def test_deal_board_refuses_a_bad_card_with_the_parser_message(journal: Journal) -> None:
    s = table(journal, players=2)
    s.request(rq.NextHand())
    s.request(rq.CheckOrCall())
    s.request(rq.CheckOrCall())
    outcome = s.request(rq.DealCards("Ah Zz 7c"))
    assert outcome.refused
    assert outcome.message.startswith('"Zz" is not a card')


def test_a_field_out_of_range_is_refused_with_its_reason(journal: Journal) -> None:
    s = table(journal, players=3)
    outcome = s.request(rq.SeatPlayer(5, "A" * 30, 100))
    assert outcome.refused
    assert "24" in outcome.message  # names are at most 24 characters


def test_r4_11_a_rebuy_above_the_range_is_recorded_with_a_warning(journal: Journal) -> None:
    s = table(journal)
    outcome = s.request(rq.Rebuy(0, 500))
    assert outcome.ok
    assert (
        outcome.message
        == "Ann rebuys 500 (700 is 350 big blinds, above this table's usual 20 to 100)"
    )


def test_heads_up_the_button_acts_first_and_is_named_when_folding(journal: Journal) -> None:
    s = table(journal, players=2)
    s.request(rq.NextHand())
    assert s.request(rq.Fold()).message == (
        "Ann folds; 1 returned to Bob, uncalled (R4.9); Bob wins 2 (R4.2)"
    )
