"""The one grammar of typed text: the same text means the same in the console, the
palette, every prompt and the command-line flags, and bad text is one clear line (R4.10)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from omaha_tui.console import Console
from omaha_tui.session import Session, demo_setup
from omaha_tui.session import grammar as g
from omaha_tui.store.journal import Journal
from tests.tables import quick_table

ODD_DIGITS = ["٣٠", "²", "３０", "߃", "৩", "Ⅻ", "½", "1٠"]


def _console() -> tuple[Console, io.StringIO]:
    journal = Journal.in_memory()
    setup = demo_setup()
    session = Session.create(journal, setup.events(), setup.name)
    out = io.StringIO()
    return Console(session, out), out


@pytest.mark.parametrize("text", ODD_DIGITS)
def test_r4_10_digits_other_than_0_to_9_are_refused_everywhere(text: str) -> None:
    with pytest.raises(g.AmountError) as info:
        g.parse_chips(text)
    message = str(info.value)
    assert "\n" not in message and ("digits" in message or "whole number" in message)
    with pytest.raises(g.GrammarError):
        g.parse_whole(text, "count")
    with pytest.raises(g.GrammarError):
        g.parse_stakes(f"1/{text}")
    with pytest.raises(g.GrammarError):
        g.parse_levels(f"1/2:{text}")
    with pytest.raises(g.GrammarError):
        g.parse_duration(text)


def test_r4_10_the_console_refuses_arabic_indic_bets_and_superscript_rebuys() -> None:
    console, _ = _console()
    console.execute("next")
    before = console.session.state
    outcome = console.execute("bet ٣٠")
    assert not outcome.ok and outcome.refused
    assert outcome.message == (
        'amount "٣٠" uses characters other than the digits 0 to 9: type digits only, e.g. 20'
    )
    outcome = console.execute("raise ٣٠")
    assert not outcome.ok and "digits 0 to 9" in outcome.message
    assert console.session.state is before  # nothing recorded
    console.execute("fold")
    console.execute("fold")
    console.execute("fold")
    outcome = console.execute(f"rebuy {before.seats[0].name} ²")  # type: ignore[union-attr]
    assert outcome.refused and outcome.message == (
        'rebuy "²" uses characters other than the digits 0 to 9: type digits only, e.g. 20'
    )


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("next ٣", '"٣" is not a die roll: type 1 to 6'),
        ("button ٢", '"٢" is not a seat: this table has seats 1 to'),
        ("level ١/٢", '"١/٢" is not SB/BB or SB/BB/ante'),
        ("runtwice ٢", '"٢" is not a number of runs: type 2 or 3'),
        ("straddle ٤", 'straddle "٤" uses characters other than the digits 0 to 9'),
        ("seat ٥ Eve 100", '"٥" is not a seat'),
        ("correct Ann -٥ miscount", 'correction "-٥" uses characters other than the digits'),
    ],
)
def test_every_console_word_reads_numbers_by_the_one_grammar(line: str, reason: str) -> None:
    console, _ = _console()
    outcome = console.execute(line)
    assert outcome.refused and outcome.message.startswith(reason)


def test_a_player_is_named_by_any_case_or_a_seat_number() -> None:
    state = quick_table(stacks=(100, 100, 100))
    assert g.parse_player(state, "P1") == g.parse_player(state, "p1") == 1
    assert g.parse_player(state, "3") == 2
    assert g.parse_player(state, "Ｐ1") == 1  # full-width letters are the same name
    with pytest.raises(g.GrammarError, match='"40" is not a seat: this table has seats 1 to 10'):
        g.parse_player(state, "40")


def test_a_new_name_already_seated_is_refused_by_its_identity() -> None:
    state = quick_table(stacks=(100, 100))
    with pytest.raises(g.GrammarError, match='"p0" is P0, who is already seated'):
        g.parse_new_name(state, "p0")
    assert g.parse_new_name(state, " Eve ") == "Eve"


@pytest.mark.parametrize(
    ("text", "seconds"),
    [("30s", 30), ("10", 600), ("10m", 600), ("1h", 3600), ("1h30m", 5400), ("2:30", 150)],
)
def test_durations_are_read_in_seconds(text: str, seconds: int) -> None:
    assert g.parse_duration(text) == seconds


def test_a_bare_duration_can_count_seconds() -> None:
    assert g.parse_duration("45", unit="s") == 45


@pytest.mark.parametrize("text", ["", "ten", "1:75", "-5", "5x", "9" * 40, "1h-3m"])
def test_a_duration_that_is_not_a_time_is_one_line(text: str) -> None:
    with pytest.raises(g.GrammarError) as info:
        g.parse_duration(text)
    assert "\n" not in str(info.value)


@given(st.text(max_size=30))
def test_r4_10_any_text_is_an_exact_amount_or_one_line(text: str) -> None:
    try:
        amount = g.parse_chips(text)
    except g.AmountError as e:
        assert "\n" not in str(e)
        return
    assert str(amount) == text.strip().replace(",", "")


@given(st.text(max_size=30))
def test_any_text_is_a_reading_or_one_grammar_line(text: str) -> None:
    state = quick_table(stacks=(100, 100, 100))
    readers = (
        lambda: g.parse_chips(text, signed=True, chip=5),
        lambda: g.parse_whole(text, "count"),
        lambda: g.parse_duration(text),
        lambda: g.parse_stakes(text),
        lambda: g.parse_blinds(text),
        lambda: g.parse_levels(text),
        lambda: g.parse_player(state, text),
        lambda: g.parse_players(text),
        lambda: g.parse_game_choice(text),
        lambda: g.parse_straddle(text),
        lambda: g.read_cards(text),
    )
    for read in readers:
        try:
            read()
        except g.GrammarError as e:
            assert "\n" not in str(e)


def test_r4_6_a_preview_is_the_engine_s_decision_in_the_narrator_s_words(
    tmp_path: Path,
) -> None:
    from omaha_tui.engine.decisions import requests as rq

    console, _ = _console()
    session = console.session
    session.request(rq.NextHand())
    before, recorded = session.state, len(session.events())
    out = session.preview(rq.RaiseTo(20, confirm_all_in=True))
    assert out.ok and out.message == "Dee raises to 7 (excess returned 13)"
    out = session.preview(rq.RaiseTo(3, confirm_all_in=True))
    assert out.refused and out.message.endswith("raise to 3 is below the minimum: raise to 4 to 7")
    assert session.state is before and len(session.events()) == recorded  # nothing recorded


def test_r4_10_at_a_table_of_cents_amounts_are_typed_as_the_table_counts_them() -> None:
    from omaha_tui.engine.config import VARIANTS, Stakes, TableConfig
    from omaha_tui.engine.decisions import requests as rq
    from omaha_tui.engine.events import ButtonPlaced, PlayerSeated, SessionStarted
    from omaha_tui.engine.reducer.replay import replay
    from omaha_tui.session.commands import parse_line
    from omaha_tui.session.grammar import AmountError
    from tests import decided as c

    config = TableConfig(
        variant=VARIANTS["omaha"], stakes=Stakes(small_blind=25, big_blind=50), decimals=2
    )
    state = replay(
        [
            SessionStarted(config=config),
            PlayerSeated(seat=0, name="Ann", stack=5075),
            PlayerSeated(seat=1, name="Bob", stack=5000),
            PlayerSeated(seat=2, name="Cy", stack=5000),
            ButtonPlaced(seat=0),
        ]
    )
    from omaha_tui.engine.reducer.replay import apply

    state = apply(state, c.start_hand(state))
    assert parse_line(state, "raise 1.50") == rq.RaiseTo(150)
    assert parse_line(state, "raise 2") == rq.RaiseTo(200)
    with pytest.raises(AmountError, match=r"at most 2 decimal places, e.g. 1.50"):
        parse_line(state, "raise 1.505")
