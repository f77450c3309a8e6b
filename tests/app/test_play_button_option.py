"""``play --button dead|moving``: the R1.5 button rule from the command line."""

from __future__ import annotations

import argparse

import pytest

from omaha_tui.cli import play
from omaha_tui.cli.play import table_start
from omaha_tui.engine.config import ButtonRule


def _args(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    play.register(parser.add_subparsers())
    return parser.parse_args(["play", *argv])


def test_r1_5_play_button_moving_sets_the_table_option():
    start = table_start(_args("--button", "moving", "--players", "A:50,B:60"))
    assert start is not None and start.config.button_rule is ButtonRule.MOVING


def test_r1_5_play_defaults_to_the_dead_button():
    start = table_start(_args("--players", "A:50,B:60"))
    assert start is not None and start.config.button_rule is ButtonRule.DEAD


def test_r1_5_play_button_refuses_other_rules(capsys):
    with pytest.raises(SystemExit):
        _args("--button", "floating")
    assert "invalid choice: 'floating' (choose from 'dead', 'moving')" in capsys.readouterr().err


def test_r11_6_play_refuses_the_moving_button_at_a_tournament():
    tournament = ("--tournament", "--buy-in", "10", "--stack", "100", "--players", "A,B")
    with pytest.raises(play.FlagError, match=r"a tournament uses the dead button \(R11.6\)"):
        table_start(_args(*tournament, "--button", "moving"))
    start = table_start(_args(*tournament))
    assert start is not None and start.config.button_rule is ButtonRule.DEAD


def test_r12_1_play_refuses_a_chip_value_at_a_tournament():
    tournament = ("--tournament", "--buy-in", "10", "--stack", "100", "--players", "A,B")
    with pytest.raises(play.FlagError, match=r"a tournament's chips have no money value"):
        table_start(_args(*tournament, "--chip-value", "0.10"))
