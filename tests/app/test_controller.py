"""The controller without a terminal: requests become journal appends, then state.

Every refusal asserts the engine's message; the ordering test proves the journal is
written before the new state is adopted.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

import pytest

from omaha_tui.app.controller import Controller, Outcome, Player, describe, opening_events
from omaha_tui.app.palette import AnswerError, parse_amount, parse_seat, parse_stakes
from omaha_tui.app.screens.showdown_view import ShowdownResult
from omaha_tui.app.view import options, oval_order, table_view
from omaha_tui.app.widgets.amount_prompt import AmountRange, describe_amount
from omaha_tui.app.widgets.clock import format_clock, parse_schedule
from omaha_tui.cli import play
from omaha_tui.cli.play import FlagError, parse_blinds, parse_players, table_start
from omaha_tui.engine.betting import legal_actions
from omaha_tui.engine.cards import parse_cards
from omaha_tui.engine.config import Stakes, TableConfig, parse_game
from omaha_tui.engine.events import BoardRecorded, Event, PotsAwarded, RaisedTo
from omaha_tui.engine.reducer import replay
from omaha_tui.engine.state import Street, TableState
from omaha_tui.store.journal import Journal

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay")


class MemorySink:
    """A journal stand-in that also notes which state the controller held at each append."""

    def __init__(self) -> None:
        self.log: list[Event] = []
        self.controller: Controller | None = None
        self.state_at_append: list[TableState | None] = []
        self.fail = False

    def append_many(self, session_id: int, events: Iterable[Event]) -> int:
        if self.fail:
            raise OSError("disk full")
        self.state_at_append.append(self.controller.state if self.controller else None)
        self.log.extend(events)
        return len(self.log)

    def events(self, session_id: int) -> list[Event]:
        return list(self.log)


def table(
    players: int = 6, game: str = "plo", stacks: int = 200, **stakes: int
) -> tuple[Controller, MemorySink]:
    config = TableConfig(variant=parse_game(game), stakes=Stakes(big_blind=2, **stakes))
    seated = [Player(i, NAMES[i], stacks) for i in range(players)]
    sink = MemorySink()
    c = Controller(sink, 1, replay(()))
    sink.controller = c
    c.record(*opening_events(config, seated, button=0))
    return c, sink


def test_r2_1_next_hand_posts_blinds_left_of_the_button() -> None:
    c, _ = table()
    outcome = c.next_hand()
    assert outcome.ok, outcome.message
    hand = c.state.hand
    assert hand is not None
    assert (hand.button, hand.sb_seat, hand.bb_seat) == (0, 1, 2)  # placed: it stays (R1.5)
    assert hand.bets[1:3] == (1, 2)
    assert outcome.message == "Hand #1: button Ann, blinds posted"


def test_events_reach_the_journal_before_the_state_changes() -> None:
    c, sink = table()
    before = c.state
    c.next_hand()
    assert sink.state_at_append[-1] is before  # appended while the old state stood
    assert c.state is not before


def test_a_failing_journal_leaves_the_state_unchanged() -> None:
    c, sink = table()
    before = c.state
    sink.fail = True
    outcome = c.next_hand()
    assert outcome.message == "not recorded, the journal could not be written: disk full"
    assert c.state is before


def test_refused_action_records_nothing_and_gives_the_engine_reason() -> None:
    c, sink = table()
    count = len(sink.log)
    outcome = c.fold()
    assert outcome == Outcome(False, "no hand is running: start the next hand")
    assert len(sink.log) == count


def test_r4_10_a_raise_below_the_minimum_names_the_range() -> None:
    c, _ = table()
    c.next_hand()
    outcome = c.bet_or_raise(1)
    assert outcome.refused
    assert outcome.message.startswith("Dee ")
    assert outcome.message.endswith("raise to 1 is below the minimum: raise to 4 to 7")


def test_r4_4_pot_raise_blinds_1_2_first_to_act_raises_to_7() -> None:
    c, _ = table()
    c.next_hand()
    outcome, breakdown = c.pot()
    assert outcome.ok
    assert breakdown is not None
    assert breakdown.sentence == "pot 3 + call 2 = 5; raise to 7"
    assert outcome.events == (RaisedTo(seat=3, to=7),)
    assert outcome.message == "Dee raises to 7"


def test_r4_4_pot_15_bet_10_raise_to_45() -> None:
    c, _ = table(players=3)
    c.next_hand()  # button Ann, SB Bob, BB Cy; Ann acts first
    assert c.bet_or_raise(5).ok
    c.check_or_call()
    c.check_or_call()
    assert c.deal_board("Ah Kd 7c").ok
    assert c.bet_or_raise(10).message == "Bob bets 10"
    outcome, breakdown = c.pot()
    assert breakdown is not None
    assert breakdown.sentence == "pot 25 + call 10 = 35; raise to 45"
    assert (breakdown.pot, breakdown.bets_this_round, breakdown.to_call) == (15, 10, 10)
    assert outcome.message == "Cy raises to 45"


def test_r4_6_over_pot_wager_is_cut_and_the_excess_returned() -> None:
    c, _ = table()
    c.next_hand()
    outcome = c.bet_or_raise(20)
    assert outcome.events == (RaisedTo(seat=3, to=7, excess_returned=13),)
    assert outcome.message == "Dee raises to 7 (excess returned 13)"


def test_r4_10_more_than_the_stack_needs_the_all_in_confirmation() -> None:
    c, _ = table(players=2, stacks=10)
    c.next_hand()
    refused = c.bet_or_raise(50)
    assert refused.message == (
        "50 is more than the 10 this player has: confirm all in for 10, or raise to 4 to 6"
    )
    assert c.bet_or_raise(50, confirm_all_in=True).ok


def test_undo_is_repeatable_across_a_street() -> None:
    c, _ = table(players=3)
    c.next_hand()
    for _ in range(3):
        c.check_or_call()
    c.deal_board("Ah Kd 7c")
    c.check_or_call()
    assert c.state.hand is not None and c.state.hand.street is Street.FLOP
    for _ in range(2):
        assert c.undo().ok  # the check, then the flop
    hand = c.state.hand
    assert hand is not None
    assert hand.street is Street.PREFLOP and hand.board == ()
    assert c.undo().message == "Undone"


def test_deal_board_accepts_cards_typed_together() -> None:
    c, _ = table(players=2)
    c.next_hand()
    c.check_or_call()
    c.check_or_call()
    outcome = c.deal_board("AhKd7c")
    assert outcome.message == "Board: Ah Kd 7c"


def test_a_board_dealt_without_cards_is_counted() -> None:
    c, _ = table(players=2)
    c.next_hand()
    c.check_or_call()
    c.check_or_call()
    assert c.deal_board("").message == "Board: 3 cards dealt (not tracked)"
    hand = c.state.hand
    assert hand is not None and (hand.board, hand.board_count) == ((), 3)


def test_board_typed_at_showdown_is_journaled_and_the_pot_read_by_cards() -> None:
    c, sink = table(players=2)
    c.next_hand()
    while c.state.hand is not None and c.state.hand.board_count < 5:
        while c.state.hand.to_act is not None:
            c.check_or_call()
        assert c.deal_board("").ok  # chips only: the board is a count
    while c.state.hand is not None and c.state.hand.to_act is not None:
        c.check_or_call()
    result = ShowdownResult(
        shown=((0, parse_cards("Ah 2s Kh Ks")), (1, parse_cards("As 3s Qh Qd"))),
        board=parse_cards("4h 5c 7h Qs Ad"),
    )
    outcome = c.showdown(result)
    # R6: Bob's three queens beat Ann's pair of kings, read from the board typed now.
    assert outcome.message == "Board entered: 4h 5c 7h Qs Ad; Bob wins 4"
    recorded = [e for e in sink.log if isinstance(e, BoardRecorded | PotsAwarded)]
    assert [e.type for e in recorded] == ["board_recorded", "pots_awarded"]
    assert isinstance(recorded[-1], PotsAwarded) and recorded[-1].by_cards
    assert [s.stack for s in c.state.seats if s is not None] == [198, 202]


def test_r3_3_courchevel_early_card_before_the_preflop_betting() -> None:
    c, _ = table(players=3, game="courchevel")
    c.next_hand()
    assert c.fold().message == (
        "deal Courchevel's early flop card before the pre-flop betting (R3.3)"
    )
    assert c.deal_early_card("Ah").message == "Early flop card: Ah"
    assert c.fold().ok


def test_deal_board_refuses_a_bad_card_with_the_parser_message() -> None:
    c, _ = table(players=2)
    c.next_hand()
    c.check_or_call()
    c.check_or_call()
    outcome = c.deal_board("Ah Zz 7c")
    assert outcome.refused
    assert outcome.message.startswith('"Zz" is not a card')


def test_r2_7_a_due_level_changes_the_blinds_with_the_next_hand() -> None:
    c, _ = table()
    c.schedule = parse_schedule("1/2:20,2/4:20")
    c.level_due = True
    outcome = c.next_hand()
    assert outcome.message == "Level 2: blinds 2/4; Hand #1: button Ann, blinds posted"
    hand = c.state.hand
    assert hand is not None and hand.bets[2] == 4
    assert c.level_due is False


def test_a_field_out_of_range_is_refused_with_its_reason() -> None:
    c, _ = table(players=3)
    outcome = c.seat_player(5, "A" * 30, 100)
    assert outcome.refused
    assert "24" in outcome.message  # names are at most 24 characters


def test_r4_11_a_rebuy_above_the_range_is_recorded_with_a_warning() -> None:
    c, _ = table()
    outcome = c.rebuy(0, 500)
    assert outcome.ok
    assert outcome.message.startswith("Ann rebuys 500 (")


def test_every_event_of_a_session_is_described_without_a_type_name() -> None:
    c, sink = table(players=2)
    c.next_hand()
    c.fold()
    before = replay(sink.log[:-1])
    assert describe(before, sink.log[-1]) == "Ann folds"  # heads-up: button acts first


def test_options_list_what_the_player_may_do() -> None:
    c, _ = table()
    c.next_hand()
    la = legal_actions(c.state)
    assert la is not None
    assert options(la) == ("fold", "call 2", "raise to 4–7", "all in 200")


def test_r4_4_the_turn_line_offers_all_in_only_when_the_pot_allows_it() -> None:
    c, _ = table()
    c.next_hand()
    turn = table_view(c.state).turn
    assert turn is not None
    assert turn.options == ("fold", "call 2", "raise to 4–7")  # 200 is above the pot
    short, _ = table(stacks=6)
    short.next_hand()
    turn = table_view(short.state).turn
    assert turn is not None and turn.options[-1] == "all in 6"


def test_view_marks_button_blinds_and_the_player_to_act() -> None:
    c, _ = table()
    c.next_hand()
    view = table_view(c.state)
    assert [s.markers for s in view.seats[:3]] == [("D",), ("SB",), ("BB",)]
    assert view.seats[3].status == "to act"
    assert view.turn is not None and view.turn.name == "Dee"
    assert view.pots == ()
    assert view.in_front == 3


def test_view_between_hands_says_what_to_press() -> None:
    c, _ = table()
    assert table_view(c.state).prompt == "Press n to deal hand #1."


def test_amount_prompt_explains_excess_and_minimum() -> None:
    r = AmountRange("Eve raises", "raise to", 4, 7, 200, 7)
    assert describe_amount("9", r) == ("raise to 7 · excess returned 2", True)
    assert describe_amount("3", r) == ("3 is below the minimum raise to 4 (all in is 200)", False)
    assert describe_amount("x", r) == (
        'raise "x" is not a whole number of chips: type digits only, e.g. 20 · raise to 4 to 7',
        False,
    )
    short = AmountRange("Eve raises", "raise to", 4, 7, 6, 6)
    assert describe_amount("50", short) == ("all in for 6: 50 is more than the stack", True)
    assert describe_amount("6", short) == ("all in for 6", True)


def test_clock_text_and_schedule_errors() -> None:
    assert format_clock(65) == "01:05"
    assert format_clock(3725) == "1:02:05"
    with pytest.raises(ValueError, match=r'level "1-2:20" is not SB/BB\[/ante\]:minutes'):
        parse_schedule("1-2:20")


def test_oval_order_runs_clockwise() -> None:
    assert oval_order(6) == ([0, 1, 2], [5, 4, 3])
    assert oval_order(5) == ([0, 1, 2], [4, 3])


def test_resume_from_the_real_journal_gives_the_same_table(tmp_path: Path) -> None:
    db = tmp_path / "j.sqlite3"
    config = TableConfig(variant=parse_game("plo"), stakes=Stakes(big_blind=2))
    with Journal.open(db) as journal:
        sid = journal.create_session("test")
        c = Controller(journal, sid, replay(()))
        c.record(*opening_events(config, [Player(i, NAMES[i], 200) for i in range(3)]))
        c.next_hand()
        c.pot()
        expected = c.state
    with Journal.open(db) as journal:
        assert journal.load_state(sid) == expected


def test_the_controller_does_not_import_textual() -> None:
    code = (
        "import sys, omaha_tui.app.controller; "
        "print('textual' in sys.modules or 'rich' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


# ---------------------------------------------------------------- palette answers and play flags


def test_palette_seat_answer_by_name_or_number_and_its_error() -> None:
    c, _ = table(players=3)
    assert parse_seat(c.state, "bob") == 1
    assert parse_seat(c.state, "3") == 2
    with pytest.raises(AnswerError, match='no player "Zed" at the table: seated are Ann'):
        parse_seat(c.state, "Zed")


def test_palette_amount_and_stakes_answers_say_what_is_expected() -> None:
    assert parse_amount("+20", signed=True) == 20
    assert parse_amount("-20", signed=True) == -20
    with pytest.raises(AnswerError, match='amount "lots" is not a whole number of chips'):
        parse_amount("lots")
    assert parse_stakes("2/4/1", chip=1).ante == 1
    with pytest.raises(AnswerError, match='"2-4" is not SB/BB or SB/BB/ante'):
        parse_stakes("2-4", chip=1)
    with pytest.raises(AnswerError, match="small blind 5 is larger than the big blind 4"):
        parse_stakes("5/4", chip=1)


def _play_args(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    play.register(parser.add_subparsers())
    return parser.parse_args(["play", *argv])


def test_play_flags_build_the_table() -> None:
    start = table_start(
        _play_args("--game", "plo8", "--blinds", "2", "--structure", "fl", "--players", "A:50,B:60")
    )
    assert start is not None
    assert start.config.variant.name == "Omaha hi-lo"
    assert start.config.stakes.small_blind == 1  # R2.3: half the big blind
    assert [(p.seat, p.name, p.stack) for p in start.players] == [(0, "A", 50), (1, "B", 60)]
    assert table_start(_play_args()) is None  # no quick-start flag: the setup screen


def test_play_flags_refuse_bad_input_naming_what_is_allowed() -> None:
    with pytest.raises(FlagError, match=r'player "Ann" is not NAME:BUYIN, e\.g\. Ann:200'):
        parse_players("Ann,Bob:200")
    with pytest.raises(FlagError, match="at least two players"):
        parse_players("Ann:200")
    with pytest.raises(FlagError, match="two players share a name"):
        parse_players("Ann:200,ann:100")
    with pytest.raises(FlagError, match='blinds "1-2" are not SB/BB or BB'):
        parse_blinds("1-2")
    with pytest.raises(FlagError, match="--players is needed"):
        table_start(_play_args("--game", "plo"))
    with pytest.raises(FlagError, match='unknown game "razz"'):
        table_start(_play_args("--game", "razz", "--players", "A:1,B:1"))
    seven = ",".join(f"P{i}:100" for i in range(8))
    with pytest.raises(FlagError, match=r"Six-card Omaha seats at most 7 players \(R1.3\), not 8"):
        table_start(_play_args("--game", "omaha6", "--players", seven))
