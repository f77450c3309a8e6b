"""The data the setup screen produces, and its translation into opening events.

Pure and Textual-free apart from card markup: the frozen :class:`SetupResult`, the
R1.4 button draw (:class:`ButtonDraw`, :func:`draw_for_button`, :func:`describe_draw`)
and :func:`setup_events`, which turns a result into ``SessionStarted``,
``PlayerSeated`` and ``ButtonDrawn`` / ``ButtonPlaced`` for the session to record.
The form itself lives in :mod:`.setup`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from omaha_tui.app.widgets.cards import cards_markup
from omaha_tui.engine.config import TableConfig
from omaha_tui.engine.events import Event
from omaha_tui.engine.hands.cards import DECK, SUIT_SYMBOLS, format_card
from omaha_tui.engine.rules.clock.schedule import BlindSchedule
from omaha_tui.engine.rules.tournament.structure import TournamentConfig
from omaha_tui.engine.testing import opening_events
from omaha_tui.session.view import shown


@dataclass(frozen=True)
class SeatedPlayer:
    """A player at a seat (0-based) with their buy-in in chip units."""

    seat: int
    name: str
    buy_in: int


@dataclass(frozen=True)
class ButtonDraw:
    """R1.4: one face-up card per seat, as ``(seat, card)`` pairs."""

    cards: tuple[tuple[int, int], ...]

    @property
    def winner(self) -> int:
        """Seat of the highest card: rank first, then suit c < d < h < s (R1.4).

        Card ints are ``rank * 4 + suit``, so the largest int is the highest card.
        """
        return max(self.cards, key=lambda sc: sc[1])[0]


@dataclass(frozen=True)
class SetupResult:
    """Everything the setup screen decided, for the session to record."""

    config: TableConfig
    players: tuple[SeatedPlayer, ...]
    button: int
    draw: ButtonDraw | None = None
    title: str = ""
    schedule: BlindSchedule | None = None
    tournament: TournamentConfig | None = None


def draw_for_button(seats: tuple[int, ...], rng: random.Random) -> ButtonDraw:
    """Deal one distinct random card to each seat (R1.4)."""
    return ButtonDraw(tuple(zip(seats, rng.sample(DECK, len(seats)), strict=True)))


def describe_draw(draw: ButtonDraw, names: dict[int, str]) -> str:
    """Markup naming each card and why the winner won (rank, then suit order)."""
    parts = [f"{shown(names[seat])} {cards_markup([card])}" for seat, card in draw.cards]
    win_card = dict(draw.cards)[draw.winner]
    same_rank = [c for _, c in draw.cards if c >> 2 == win_card >> 2]
    why = "highest rank" if len(same_rank) == 1 else "equal rank, higher suit"
    order = " < ".join(SUIT_SYMBOLS)
    return (
        "  ".join(parts)
        + f"\nButton: {shown(names[draw.winner])} with {cards_markup([win_card])} ({why}; "
        + f"suits rank {order}, R1.4)"
    )


def setup_events(result: SetupResult) -> tuple[Event, ...]:
    """The opening events of a session set up by ``result``: table, seats, button
    (through the engine's one builder, ``engine.tables.opening_events``)."""
    draw = result.draw
    return opening_events(
        result.config,
        [(p.seat, p.name, p.buy_in) for p in result.players],
        button=result.button,
        draw={s: format_card(c) for s, c in draw.cards} if draw is not None else None,
        title=result.title,
        tournament=result.tournament,
    )


def amount_field(text: str, label: str, *, required: bool = False) -> int:
    """A whole number of chips from a field (the one grammar, R4.10), or 0 when empty
    and optional."""
    from omaha_tui.session.grammar import parse_chips

    text = text.strip()
    if not text:
        if required:
            raise ValueError(f"{label}: enter a whole number of chips")
        return 0
    return parse_chips(text, label)
