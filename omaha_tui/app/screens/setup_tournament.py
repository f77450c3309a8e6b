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

from omaha_tui.engine.rules.tournament.structure import TournamentConfig
from omaha_tui.session.tournament_setup import tournament_config

FIELDS: tuple[tuple[str, str, str, str], ...] = (
    ("buy_in", "Buy-in", "money, e.g. 20", "20"),
    ("stack", "Starting stack", "chips, e.g. 5000", "5000"),
    ("rebuys_until", "Rebuys until", "no rebuys (or a level)", ""),
    ("rebuy_at", "Rebuy at", "when busted (or chips)", ""),
    ("add_on", "Add-on", "none (or MONEY:CHIPS[@BREAK])", ""),
    ("fee", "Fee", "none (money off the pool)", ""),
    ("payouts", "Payouts", "R11.2's table (or 50/30/20)", ""),
    ("money_unit", "Money unit", "1", ""),
)


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
    for key, *_ in FIELDS:
        text = screen.query_one(f"#t-{key}", Input).value.strip()
        values[key] = text or None
    values["re_entry"] = screen.query_one("#t-re_entry", Checkbox).value
    config = tournament_config(argparse.Namespace(**values))
    assert config is not None
    return config
