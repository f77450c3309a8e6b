"""The setup screen's Tournament mode (R11): its own fields, read as the flags are.

:func:`tournament_fields` composes the fields (hidden in a cash game);
:func:`read_tournament` reads them into a :class:`TournamentConfig` with the same
values and refusals as ``--tournament --buy-in ...`` (``session.tournament_setup``).
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from typing import Any

from textual.containers import Grid
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Checkbox, Input, Label

from omaha_tui.engine.config import Stakes
from omaha_tui.engine.rules.clock.schedule import BlindSchedule
from omaha_tui.engine.rules.tournament.structure import TournamentConfig
from omaha_tui.session.tournament_setup import tournament_chip, tournament_config

FIELDS: tuple[tuple[str, str, str, str], ...] = (
    ("buy_in", "Buy-in", "money, e.g. 20", "20"),
    ("stack", "Starting stack", "chips, e.g. 5000", "5000"),
    ("rebuys_until", "Rebuys until", "no rebuys (or a level)", ""),
    ("rebuy_at", "Rebuy at", "when busted (or chips)", ""),
    ("add_on", "Add-on", "none (or MONEY:CHIPS[@BREAK])", ""),
    ("fee", "Fee", "none (money off the pool)", ""),
    ("payouts", "Payouts", "R11.2's table (or 50/30/20)", ""),
    ("money_unit", "Money unit", "1", ""),
    ("chip", "Chip (R11.7)", "25 when the blinds allow it (else the largest that fits)", ""),
)
"""The Tournament mode's fields: (key, label, placeholder, value). ``chip`` is the
tournament's smallest chip (R11.7), read with the blinds by :func:`read_chip`."""

CASH_ONLY = ("chip", "straddle", "default-buyin", "chip-value", "currency")
"""The game fields a tournament has no use for (its chip is its own field, R11.7; every
entry buys the same stack, R11.1; chips have no money value, R12.1): hidden in its mode."""


def tournament_fields() -> Iterator[Widget]:
    """The Tournament mode's fields, in a form grid."""
    with Grid(id="tournament-grid", classes="form"):
        for key, label, placeholder, value in FIELDS:
            yield Label(label)
            yield Input(value, placeholder=placeholder, compact=True, id=f"t-{key}")
        yield Label("Re-entry")
        yield Checkbox("a player who is out may enter again", id="t-re_entry")


def read_tournament(screen: Screen[Any]) -> TournamentConfig:
    """The tournament the fields describe; raises ValueError naming what to fix."""
    values: dict[str, object] = {"tournament": True}
    for key, *_ in FIELDS[:-1]:
        text = screen.query_one(f"#t-{key}", Input).value.strip()
        values[key] = text or None
    values["re_entry"] = screen.query_one("#t-re_entry", Checkbox).value
    config = tournament_config(argparse.Namespace(**values))
    assert config is not None
    return config


def read_chip(
    screen: Screen[Any], config: TournamentConfig, schedule: BlindSchedule | None, stakes: Stakes
) -> int:
    """R11.7: the tournament's chip from its field, or by default from the blinds (the
    same values and refusals as ``--chip``)."""
    text = screen.query_one("#t-chip", Input).value
    return tournament_chip(text, config, schedule, stakes, what="Chip")
