"""Pure pieces of the app: the table view, the turn line, amount and palette answers, flags.

None of these records anything; they read a state and words typed by the dealer.
"""

from __future__ import annotations

import argparse

import pytest

from omaha_tui.app.prompts.amount_prompt import AmountRange, describe_amount
from omaha_tui.cli import play
from omaha_tui.cli.play import FlagError, parse_blinds, parse_players, table_start
from omaha_tui.engine.config import Stakes, TableConfig, parse_game
from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.decisions.decide import decide
from omaha_tui.engine.decisions.outcomes import Decided
from omaha_tui.engine.opening import opening_events
from omaha_tui.engine.reducer.replay import replay
from omaha_tui.engine.rules.betting import legal_actions
from omaha_tui.engine.state import TableState
from omaha_tui.session.grammar import (
    GrammarError,
    parse_chips,
    parse_levels,
    parse_player,
    parse_stakes,
)
from omaha_tui.session.view import format_clock, options, oval_order, table_view

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay")


def table(players: int = 6, stacks: int = 200) -> TableState:
    config = TableConfig(variant=parse_game("plo"), stakes=Stakes(big_blind=2))
    seated = [(i, NAMES[i], stacks) for i in range(players)]
    return replay(opening_events(config, seated, button=0))


def started(players: int = 6, stacks: int = 200) -> TableState:
    out = decide(table(players, stacks), rq.NextHand())
    assert isinstance(out, Decided)
    return out.state


def test_options_list_what_the_player_may_do() -> None:
    state = started()
    la = legal_actions(state)
    assert la is not None
    assert options(la) == ("fold", "call 2", "raise to 4–7", "all in 200")


def test_r4_4_the_turn_line_offers_all_in_only_when_the_pot_allows_it() -> None:
    turn = table_view(started()).turn
    assert turn is not None
    assert turn.options == ("fold", "call 2", "raise to 4–7")  # 200 is above the pot
    turn = table_view(started(stacks=6)).turn
    assert turn is not None and turn.options[-1] == "all in 6"


def test_view_marks_button_blinds_and_the_player_to_act() -> None:
    view = table_view(started())
    assert [s.markers for s in view.seats[:3]] == [("D",), ("SB",), ("BB",)]
    assert view.seats[3].status == "to act"
    assert view.turn is not None and view.turn.name == "Dee"
    assert view.pots == ()
    assert view.in_front == 3


def test_view_between_hands_says_what_to_press() -> None:
    assert table_view(table()).prompt == "Press n to deal hand #1."


def test_amount_prompt_reads_the_text_by_the_grammar_and_asks_the_engine_the_rest() -> None:
    r = AmountRange("Eve raises", "raise to", 4, 7, 200, 7)
    asked: list[int] = []

    def preview(amount: int) -> tuple[str, bool]:
        asked.append(amount)
        return (f"preview {amount}", True)

    assert describe_amount("x", r, preview) == (
        'raise "x" is not a whole number of chips: type digits only, e.g. 20 · raise to 4 to 7',
        False,
    )
    assert describe_amount("٩", r, preview)[1] is False
    assert asked == []  # text that is not an amount never reaches the engine
    assert describe_amount("1,200", r, preview) == ("preview 1200", True)


def test_clock_text_and_schedule_errors() -> None:
    assert format_clock(65) == "01:05"
    assert format_clock(3725) == "1:02:05"
    with pytest.raises(ValueError, match=r'level "1-2:20" is not SB/BB\[/ANTE\]:TIME'):
        parse_levels("1-2:20")


def test_oval_order_runs_clockwise() -> None:
    assert oval_order(6) == ([0, 1, 2], [5, 4, 3])
    assert oval_order(5) == ([0, 1, 2], [4, 3])


# ---------------------------------------------------------------- palette answers and play flags


def test_palette_seat_answer_by_name_or_number_and_its_error() -> None:
    state = table(players=3)
    assert parse_player(state, "bob") == 1
    assert parse_player(state, "3") == 2
    with pytest.raises(GrammarError, match='"Zed" is not at the table: seated are Ann'):
        parse_player(state, "Zed")


def test_palette_amount_and_stakes_answers_say_what_is_expected() -> None:
    assert parse_chips("+20", signed=True) == 20
    assert parse_chips("-20", signed=True) == -20
    with pytest.raises(GrammarError, match='amount "lots" is not a whole number of chips'):
        parse_chips("lots")
    assert parse_stakes("2/4/1", chip=1).ante == 1
    with pytest.raises(GrammarError, match='"2-4" is not SB/BB or SB/BB/ante'):
        parse_stakes("2-4", chip=1)
    with pytest.raises(GrammarError, match="small blind 5 is larger than the big blind 4"):
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
    with pytest.raises(FlagError, match='"ann" is Ann, who is already seated'):
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
