"""The pot-limit breakdown: the R4.4 maximum in words and figures.

Shown inside the amount prompt, so the table can hear and check "pot 25 + call 10 =
35; raise to 45". It renders the engine's ``PotBreakdown``; it computes nothing itself.
"""

from __future__ import annotations

from typing import Protocol

from omaha_tui.engine.units import amount_text as chips


class BreakdownLike(Protocol):
    """The fields of the engine's ``PotBreakdown`` the breakdown shows."""

    @property
    def pot(self) -> int: ...
    @property
    def bets_this_round(self) -> int: ...
    @property
    def to_call(self) -> int: ...
    @property
    def max_raise_to(self) -> int: ...
    @property
    def sentence(self) -> str: ...


def breakdown_lines(b: BreakdownLike, heading: str = "") -> str:
    """Markup of the breakdown: a heading, the figures, then the sentence to read aloud."""
    rows = [
        f"pot (earlier rounds)  {chips(b.pot):>8}",
        f"bets this round       {chips(b.bets_this_round):>8}",
        f"to call               {chips(b.to_call):>8}",
        f"[b]maximum               {chips(b.max_raise_to):>8}[/b]",
    ]
    head = f"[b]{heading}[/b]\n" if heading else ""
    return head + "\n".join(rows) + f"\n\n[i]{b.sentence}[/i]"
