"""What the dealer asks of the table itself rather than of a betting round: seats,
stacks, the button, the game and its stakes, a misdeal, money (R12) and the end of the
session. Re-exported by :mod:`.requests`, which holds the one ``Request`` union; like
every request, nothing here validates (that is :mod:`.decide`'s job).
"""

from __future__ import annotations

from decimal import Decimal

from omaha_tui.engine.config import ButtonRule, DoubleBoard, Stakes, Structure
from omaha_tui.engine.records import frozen


@frozen
class SeatPlayer:
    """A player sits down. ``post_now``: post a big blind now or wait for it (R2.6);
    ``None`` lets the rules ask when it matters."""

    seat: int
    name: str
    stack: int
    post_now: bool | None = None


@frozen
class Leave:
    """A player leaves and cashes out (between hands)."""

    seat: int


@frozen
class SitOut:
    """A player steps away; their blinds are missed (R2.6)."""

    seat: int


@frozen
class Back:
    """A player returns: post what is owed now, or wait for the big blind (R2.6)."""

    seat: int
    post_now: bool | None = None


@frozen
class Rebuy:
    """More chips between hands (R4.11: warned outside the range, never refused).

    A busted player who rebuys comes back (R2.6): ``post_now`` answers, for one who
    owes blinds, whether they post now or wait for the big blind."""

    seat: int
    amount: int
    post_now: bool | None = None


@frozen
class Correct:
    """The dealer fixes a stack by ``delta`` chips; the reason goes in the log."""

    seat: int
    delta: int
    reason: str


@frozen
class PlaceButton:
    """Put the button on a seat by hand (also corrects a misplaced button)."""

    seat: int


@frozen
class DrawButton:
    """R1.4: one face-up card per seat, ``((seat, card), ...)``; the highest takes it."""

    cards: tuple[tuple[int, str], ...]


@frozen
class ChangeLevel:
    """R2.7: new blinds from the next hand."""

    level: int
    stakes: Stakes


@frozen
class SetStraddle:
    """R2.8: a standing straddle of ``amount`` from the next hand; 0 switches it off.
    R13.3: ``button`` for a button straddle, ``seat`` for a Mississippi straddle."""

    amount: int
    button: bool = False
    seat: int | None = None


@frozen
class SetBomb:
    """R13.1: a bomb pot of ``amount`` each (0: bomb pots off) for the next hand, or
    standing: every ``every`` hands, or each time the button reaches seat ``at``;
    ``double`` on two boards."""

    amount: int
    double: bool = False
    every: int | None = None
    at: int | None = None


@frozen
class ChangeGame:
    """Dealer's choice: the game (a name or alias, R9) and structure of the next hands."""

    game: str
    structure: Structure | None = None


@frozen
class SetButtonRule:
    """R1.5: dead button (the default) or moving button, from the next hand."""

    rule: ButtonRule


@frozen
class SetDoubleBoard:
    """R13.2(a): one board, two on every hand, or two on bomb pots only, from the next hand."""

    mode: DoubleBoard


@frozen
class DeclareMisdeal:
    """R3.5: the hand restarts, no chips move, the button stays."""

    reason: str = ""


@frozen
class SetChipValue:
    """R12.1: ``chips`` chips are worth ``money`` (exact decimal text or Decimal) of
    ``currency``, smallest unit ``unit``; ``chips`` 0 takes the value away."""

    chips: int
    money: Decimal
    currency: str = ""
    unit: Decimal = Decimal("0.01")


@frozen
class ShareExpense:
    """R12.3: ``amount`` spent on ``what``, paid by ``paid_by`` (a name; empty: the host),
    shared by the players ``among`` (names; empty: everyone at the table)."""

    amount: Decimal
    what: str
    among: tuple[str, ...] = ()
    paid_by: str = ""


@frozen
class EndSession:
    """The game is over: everyone cashes out."""
