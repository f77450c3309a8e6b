"""The flags that make ``play`` and ``console`` open a tournament table (R11.1).

``--tournament --buy-in 20 --stack 5000 --rebuys-until 4 --rebuy-at 0 --add-on 10:5000
--re-entry --fee 5 --payouts 50/30/20 --money-unit 1 --chip 25``; the blind schedule comes from
``--levels``. They are read by :mod:`omaha_tui.session.tournament_setup`, as the setup
screen's fields are.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from omaha_tui.engine.rules.tournament.structure import TournamentConfig

__all__ = ["add_tournament_options", "tournament_config"]


def tournament_config(args: argparse.Namespace) -> TournamentConfig | None:
    """The tournament the flags describe; imported on use so ``--help`` and ``--version``
    do not load the session and its schemas (about 350 ms)."""
    from omaha_tui.session.tournament_setup import tournament_config as read

    return read(args)


def add_tournament_options(p: argparse.ArgumentParser) -> None:
    """``--tournament`` and the structure's flags (R11.1, R11.2)."""
    g = p.add_argument_group("tournament (R11)")
    g.add_argument("--tournament", action="store_true", help="a home tournament (R11)")
    g.add_argument("--buy-in", help="money for an entry's starting stack, e.g. 20")
    g.add_argument("--stack", help="chips an entry starts with, e.g. 5000")
    g.add_argument("--rebuys-until", help="rebuys (and re-entries) until this level, e.g. 4")
    g.add_argument("--rebuy-at", help="a rebuy is allowed at this stack or less (default: busted)")
    g.add_argument("--add-on", help="one add-on MONEY:CHIPS[@BREAK], e.g. 10:5000 (first break)")
    g.add_argument("--re-entry", action="store_true", help="a player who is out may enter again")
    g.add_argument("--fee", help="money taken off the prize pool, e.g. 10 (default none)")
    g.add_argument("--payouts", help="percentages by place adding up to 100, e.g. 50/30/20")
    g.add_argument("--money-unit", help="prizes are rounded down to this, e.g. 1 or 0.01")
    g.add_argument(
        "--chip",
        help="R11.7: the smallest chip in play, e.g. 25 (default: 25 when the blinds allow it)",
    )
