"""R11.2: payout tables: descending custom tables, places beyond the entries, the money
unit's places."""

from __future__ import annotations

import argparse
from decimal import Decimal as D

import pytest

from omaha_tui.cli.tournament_flags import add_tournament_options
from omaha_tui.engine.narration.tournament import money
from omaha_tui.engine.rules.tournament.payouts import (
    PayoutError,
    parse_payouts,
    payout_percents,
    prizes,
)
from omaha_tui.engine.rules.tournament.structure import TournamentConfig
from omaha_tui.engine.tournament_standings import standings
from omaha_tui.session.tournament_setup import TournamentFlagError, tournament_config
from tests.tables import tournament_table


def _flags(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    add_tournament_options(parser)
    return parser.parse_args(["--tournament", "--buy-in", "20", "--stack", "1000", *argv])


def test_r11_2_a_payout_table_that_is_not_descending_is_refused_in_one_line() -> None:
    with pytest.raises(PayoutError) as caught:
        parse_payouts("33.3/33.3/33.4")
    said = str(caught.value)
    assert "\n" not in said
    assert said == (
        "payouts 33.3/33.3/33.4: 3rd pays more than 2nd; no place may pay more than a "
        "better one, e.g. 50/30/20 (R11.2)"
    )
    with pytest.raises(TournamentFlagError, match="3rd pays more than 2nd"):
        tournament_config(_flags("--payouts", "33.3/33.3/33.4"))
    with pytest.raises(ValueError, match="2nd pays more than 1st"):
        TournamentConfig(buy_in=D(20), stack=1000, payouts=(D(40), D(60)))
    assert parse_payouts("40/30/30") == (D(40), D(30), D(30))  # equal places are allowed


def test_r11_2_a_custom_table_with_more_places_than_entries_waits_for_them() -> None:
    table = (D(50), D(30), D(20))
    assert payout_percents(2, table) == (D(100),)  # R11.2's table for 2 entries
    assert payout_percents(3, table) == table
    state = tournament_table(2, payouts=table)
    st = standings(state)
    assert st is not None and st.payouts == (D(20),)
    assert st.payout_note == (
        "custom payouts 50/30/20 need 3 entries: R11.2's table for 2 entries until then"
    )


def test_r11_2_prizes_round_down_to_the_unit_and_the_rest_goes_to_first() -> None:
    assert prizes(D(100), (D(50), D(30), D(20)), D("0.5")) == (D(50), D(30), D(20))
    assert prizes(D(61), (D(50), D(30), D(20)), D("0.5")) == (
        D(31),
        D(18),
        D(12),
    )  # 30.5 + the 0.5 left
    assert prizes(D(61), (D(65), D(35)), D(5)) == (D(41), D(20))


def test_r11_2_money_in_a_half_unit_is_said_in_one_form() -> None:
    unit = D("0.5")
    said = [money(a, unit) for a in (D("30.00"), D("20.0"), D("12.5"), D(1250))]
    assert said == ["30.00", "20.00", "12.50", "1,250.00"]
    state = tournament_table(3, buy_in=D(20), money_unit=unit, payouts=(D(50), D(30), D(20)))
    st = standings(state)
    assert st is not None
    assert [money(p, st.unit) for p in st.payouts] == ["30.00", "18.00", "12.00"]
