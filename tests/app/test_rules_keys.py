"""The table keys say what the rules allow: fixed-limit `p` and `b` (R4.4, R4.7)."""

from __future__ import annotations

import argparse
from pathlib import Path

from omaha_tui.app.prompts.amount_prompt import AmountPrompt
from omaha_tui.cli import play
from omaha_tui.cli.play import table_start

from .test_flows import keys, make_app, status


def _fixed_limit_table():
    parser = argparse.ArgumentParser()
    play.register(parser.add_subparsers())
    args = parser.parse_args(
        ["play", "--game", "omaha8", "--structure", "fl", "--blinds", "2/4", "--players",
         "Ann:200,Bob:200,Cy:200"]
    )  # fmt: skip
    start = table_start(args)
    assert start is not None
    return start


async def test_r4_7_fixed_limit_p_says_why_and_b_offers_the_one_amount(tmp_path: Path) -> None:
    app = make_app(tmp_path, _fixed_limit_table())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await keys(pilot, "n", "p")
        assert status(app) == (
            "pot: 'pot' is the pot-limit maximum, and this table is fixed limit: raise to exactly 8"
        )
        await keys(pilot, "b")
        prompt = app.screen
        assert isinstance(prompt, AmountPrompt)
        assert prompt.amounts.range == "raise to 8"


async def test_r2_9_a_long_hand_start_wraps_on_the_status_line(tmp_path: Path) -> None:
    parser = argparse.ArgumentParser()
    play.register(parser.add_subparsers())
    names = "Ann:200,Bob:200,Cy:200,Dee:200,Eve:200,Fay:200"
    args = parser.parse_args(["play", "--blinds", "1/2", "--ante", "1", "--players", names])
    app = make_app(tmp_path, table_start(args))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await keys(pilot, "n")
        assert status(app).endswith("Bob posts small blind 1; Cy posts big blind 2")
        line = app.table.query_one("#status")
        assert line.size.height >= 2  # wrapped, not cut at 80 columns
        await keys(pilot, "c")  # a short line: the status shrinks back to one line
        assert len(status(app)) < 70 and line.size.height == 1
        app.table.say("x " * 70)  # and grows again for a long one, without a new state
        await pilot.pause()
        assert line.size.height == 2
