"""The table's keys, in one table: key, request, label and help line (``KEYS``).

Everything about a table key is read from here: the table screen's bindings, the
footer's labels, the help screen's list and the palette's entries, so they cannot
drift apart. A key is live when the engine's ``available()`` (cached by the session)
allows one of its requests, never from fields of the hand; undo and redo are live
when the session's log can go back or forward. A key pressed while it is not live does
nothing at the table and says why on the status line, in the engine's words.

This module holds data and pure functions only: what a key does is
:class:`~omaha_tui.app.table_keys.TableControl`'s.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from textual.binding import Binding

from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.decisions.available import Available


@dataclass(frozen=True, slots=True)
class TableKey:
    """One key of the table screen.

    Attributes:
        name: the action's name (``act('fold')``), unique.
        key: the Textual key (``f``, ``question_mark``).
        label: the footer's word, and the palette entry's name.
        help: the help screen's line (and the palette entry's help).
        requests: live when ``available()`` allows one of these request types.
        live_when: an extra condition on ``available()`` (``None``: none).
        probe: the request asked of ``decide`` (a dry run) to say why the key is not live.
        footer: shown in the footer (dimmed when not live).
        moment: a key of one moment (all in): hidden, not dimmed, the rest of the time.
        shown: the key as the help and the footer write it (default: ``key``).
        session: live by the session's log (``undo`` / ``redo``), not by ``available()``.
        prompt: the key opens a prompt that the dealer types into straight after it.
        brief: the footer's word when ``label`` is too long for 80 columns.
    """

    name: str
    key: str
    label: str
    help: str
    requests: tuple[type, ...] = ()
    live_when: Callable[[Available], bool] | None = None
    probe: rq.Request | None = None
    footer: bool = True
    moment: bool = False
    shown: str = ""
    session: str = ""
    prompt: bool = False
    brief: str = ""

    @property
    def display(self) -> str:
        return self.shown or self.key

    def live(self, avail: Available) -> bool:
        """Whether ``available()`` allows this key now (not for undo and redo)."""
        if self.requests and not any(avail.allows(k) for k in self.requests):
            return False
        return self.live_when is None or self.live_when(avail)


KEYS: tuple[TableKey, ...] = (
    TableKey("fold", "f", "Fold", "fold", (rq.Fold,), probe=rq.Fold()),
    TableKey("check_call", "c", "Call", "check or call", (rq.CheckOrCall,), probe=rq.CheckOrCall()),
    TableKey(
        "bet",
        "b",
        "Bet",
        "bet or raise: type the amount (legal range shown, pot-limit max pre-filled)",
        (rq.Bet, rq.RaiseTo),
        probe=rq.RaiseTo(0),
        prompt=True,
    ),
    TableKey(
        "pot",
        "p",
        "Pot",
        "pot: fill the pot-limit maximum (R4.4) and show the arithmetic",
        (rq.RaisePot,),
        probe=rq.RaisePot(),
    ),
    TableKey(
        "read",
        "r",
        "Read aloud",
        "read the pot-limit arithmetic aloud",
        live_when=lambda a: a.breakdown is not None,
        footer=False,
    ),
    TableKey(
        "all_in",
        "a",
        "All in",
        "all in (in pot limit only while the stack is within the pot-limit maximum, R4.4)",
        (rq.AllIn,),
        probe=rq.AllIn(),
    ),
    TableKey(
        "undo",
        "u",
        "Undo",
        "undo the last action (press again to go further back)",
        session="undo",
    ),
    TableKey(
        "redo",
        "U",
        "Redo",
        "redo what undo took back, until something new is recorded",
        footer=False,
        session="redo",
    ),
    TableKey(
        "deal",
        "d",
        "Deal",
        "deal: enter the next board cards (or leave empty to track chips only)",
        (rq.DealCards, rq.EarlyCard),
        probe=rq.DealCards(),
        prompt=True,
    ),
    TableKey(
        "showdown",
        "s",
        "Show",
        "showdown: enter the tabled hands, read them, award the pots",
        (rq.Show, rq.Showdown),
        probe=rq.Show(0, ""),
        prompt=True,
    ),
    TableKey(
        "table_hands",
        "t",
        "Table hands",
        "all in: table the hands still in; each seat then shows its equity (R10.1, R10.3)",
        (rq.TableHands,),
        live_when=lambda a: a.cards_due is not None,
        probe=rq.Show(0, ""),
        moment=True,
        prompt=True,
    ),
    TableKey(
        "run_twice",
        "2",
        "Run twice",
        "run it twice, when everyone still in agrees before the next card (R10.2)",
        (rq.RunItTwice,),
        probe=rq.RunItTwice(2),
        moment=True,
    ),
    TableKey(
        "next_hand",
        "n",
        "Next",
        "next hand: the button moves and the blinds are posted",
        (rq.NextHand,),
        probe=rq.NextHand(),
    ),
    # The host's blind clock (R2.7b, c): live with a schedule, at any moment of a hand.
    TableKey(
        "clock_pause",
        "P",
        "Pause clock",
        "pause the blind clock, or resume it when paused (R2.7b)",
        (rq.PauseClock, rq.ResumeClock),
        probe=rq.PauseClock(),
        moment=True,
        brief="Clock",
    ),
    TableKey(
        "clock_start",
        "S",
        "Start clock",
        "start the blind clock before the first hand (the first hand starts it, R2.7a)",
        (rq.StartClock,),
        probe=rq.StartClock(),
        footer=False,
    ),
    TableKey(
        "clock_more",
        "plus",
        "Clock +1 min",
        "one more minute in this level or break (R2.7b)",
        (rq.AdjustClock,),
        probe=rq.AdjustClock(60),
        footer=False,
        shown="+",
    ),
    TableKey(
        "clock_less",
        "minus",
        "Clock -1 min",
        "one minute less in this level or break (R2.7b)",
        (rq.AdjustClock,),
        probe=rq.AdjustClock(-60),
        footer=False,
        shown="-",
    ),
    TableKey(
        "clock_next",
        "right_square_bracket",
        "Clock: next level",
        "move the blind clock to the next level now (R2.7b)",
        (rq.NextLevel,),
        probe=rq.NextLevel(),
        footer=False,
        shown="]",
    ),
    TableKey(
        "clock_back",
        "left_square_bracket",
        "Clock: previous level",
        "move the blind clock back to the previous level (R2.7b)",
        (rq.PreviousLevel,),
        probe=rq.PreviousLevel(),
        footer=False,
        shown="[",
    ),
    TableKey(
        "break_end",
        "B",
        "End break",
        "end the break early: the next level starts now (R2.7c)",
        (rq.EndBreak,),
        probe=rq.EndBreak(),
        footer=False,
    ),
    TableKey(
        "colour_up",
        "o",
        "Colour-up",
        "colour-up at a break: retire the smallest chip by a chip race (R11.4)",
        (rq.ColourUp,),
        probe=rq.ColourUp(0, winners=()),
        footer=False,
    ),
    TableKey(
        "deal_split",
        "k",
        "Deal",
        "deal: the players left share the prizes left (chip chop or ICM), when all agree (R11.5)",
        (rq.AgreeDeal,),
        probe=rq.AgreeDeal(()),
        footer=False,
    ),
    TableKey("help", "question_mark", "Help", "this help", shown="?"),
)
CLOCK_KEYS: dict[str, rq.Request] = {
    "clock_start": rq.StartClock(),
    "clock_more": rq.AdjustClock(60),
    "clock_less": rq.AdjustClock(-60),
    "clock_next": rq.NextLevel(),
    "clock_back": rq.PreviousLevel(),
    "break_end": rq.EndBreak(),
}
"""The clock keys that stand for one request each (the session stamps its time)."""
BY_NAME: dict[str, TableKey] = {k.name: k for k in KEYS}
BY_KEY: dict[str, str] = {k.key: k.name for k in KEYS}
"""The action's name by the Textual key that stands for it."""
FOOTER: frozenset[str] = frozenset(k.name for k in KEYS if k.footer)
MOMENT: frozenset[str] = frozenset(k.name for k in KEYS if k.moment)
ALWAYS: frozenset[str] = frozenset(
    k.name for k in KEYS if not (k.requests or k.session or k.live_when)
)
"""Keys live whatever the table's state (help)."""

PALETTE_LINE = (
    "ctrl+p",
    "command palette: rebuy, sit out, chip correction, history, ledger, theme, speech…",
)
"""The help screen's line for the palette, after the table keys."""


def live_keys(avail: Available, *, can_undo: bool, can_redo: bool) -> frozenset[str]:
    """The names of the keys live now: from ``available()``, and the session's log.

    >>> from tests.tables import quick_table
    >>> from omaha_tui.engine.decisions.available import available
    >>> sorted(live_keys(available(quick_table()), can_undo=False, can_redo=False))
    ['help', 'next_hand']
    """
    log = {"undo": can_undo, "redo": can_redo}
    return frozenset(k.name for k in KEYS if (log[k.session] if k.session else k.live(avail)))


def bindings() -> list[Binding]:
    """The table screen's bindings, one per key: the footer shows them, and a click
    on one acts like its key (the app takes typed keys itself, in order)."""
    return [
        Binding(
            k.key,
            f"act('{k.name}')",
            k.brief or k.label,
            show=k.footer,
            key_display=k.shown or None,
        )
        for k in KEYS
    ]


def help_lines() -> tuple[tuple[str, str], ...]:
    """The help screen's keys: every table key, then the palette."""
    return (*((k.display, k.help) for k in KEYS), PALETTE_LINE)


__all__ = [
    "ALWAYS",
    "BY_KEY",
    "BY_NAME",
    "CLOCK_KEYS",
    "FOOTER",
    "KEYS",
    "MOMENT",
    "TableKey",
    "bindings",
    "help_lines",
    "live_keys",
]
