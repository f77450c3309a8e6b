"""The data the setup screen produces, and its translation into opening events.

Pure and Textual-free apart from card markup: the frozen :class:`SetupResult`, the
R1.4 button draw (:class:`ButtonDraw`, :func:`draw_for_button`, :func:`describe_draw`)
and :func:`setup_events`, which turns a result into ``SessionStarted``,
``PlayerSeated`` and ``ButtonDrawn`` / ``ButtonPlaced`` for the session to record.
The form itself lives in :mod:`.setup`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from pydantic import ValidationError

from omaha_tui.app.widgets.cards import cards_markup
from omaha_tui.engine.config import ButtonRule, DoubleBoard, Stakes, Structure, TableConfig
from omaha_tui.engine.events import ChipValueSet, Event
from omaha_tui.engine.hands.cards import DECK, SUIT_SYMBOLS, format_card
from omaha_tui.engine.hands.games import Variant
from omaha_tui.engine.labels import check_name, identity, taken_message
from omaha_tui.engine.opening import opening_events
from omaha_tui.engine.rules.clock.schedule import BlindSchedule
from omaha_tui.engine.rules.money import ChipRate
from omaha_tui.engine.rules.tournament.structure import TournamentConfig
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
    money: ChipRate | None = None


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
    (through the engine's one builder, ``engine.opening.opening_events``)."""
    draw = result.draw
    opening = opening_events(
        result.config,
        [(p.seat, p.name, p.buy_in) for p in result.players],
        button=result.button,
        draw={s: format_card(c) for s, c in draw.cards} if draw is not None else None,
        title=result.title,
        tournament=result.tournament,
    )
    m = result.money
    if m is None:
        return opening
    return (
        *opening,
        ChipValueSet(chips=m.chips, money=m.money, currency=m.currency, unit=m.unit),
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


def table_config(
    fields: Mapping[str, str],
    *,
    variant: Variant,
    structure: Structure,
    seats: int,
    raise_cap: int | None,
    no_cap_heads_up: bool,
    binglao_seven: bool,
    button_rule: ButtonRule,
    double_board: DoubleBoard = DoubleBoard.OFF,
) -> TableConfig:
    """The table config of the setup form's stakes ``fields`` (bb, sb, ante, straddle,
    chip) and choices; raises ValueError naming the field and what is wrong."""
    try:
        stakes = Stakes(
            big_blind=amount_field(fields["bb"], "Big blind", required=True) or 0,
            small_blind=amount_field(fields["sb"], "Small blind"),
            ante=amount_field(fields["ante"], "Ante"),
            straddle=amount_field(fields["straddle"], "Straddle"),
            chip=amount_field(fields["chip"], "Smallest chip", required=True),
        )
        return TableConfig(
            variant=variant,
            structure=structure,
            stakes=stakes,
            seats=seats,
            raise_cap=raise_cap,
            no_cap_heads_up=no_cap_heads_up,
            binglao_seven=binglao_seven,
            button_rule=button_rule,
            double_board=double_board,  # R13.2(a)
        )
    except ValidationError as exc:
        first = exc.errors()[0]
        where = " ".join(str(p).replace("_", " ") for p in first["loc"]).capitalize()
        message = first["msg"].removeprefix("Value error, ")
        text = f"{where}: {message}" if where else message[:1].upper() + message[1:]
        raise ValueError(text) from None


def seated_players(
    rows: Sequence[tuple[str, str]], default_buy_in: Callable[[], int]
) -> tuple[SeatedPlayer, ...]:
    """The seats' (name, buy-in) fields as players, in seat order; raises ValueError
    naming the bad seat. An empty buy-in takes ``default_buy_in()``."""
    out: list[SeatedPlayer] = []
    seen: dict[str, str] = {}
    for i, (typed, buy_in_text) in enumerate(rows):
        name = typed.strip()
        if not name:
            if buy_in_text.strip():
                raise ValueError(f"Seat {i + 1}: a buy-in without a name; add the name")
            continue
        try:
            name = check_name(name)
        except ValueError as exc:
            raise ValueError(f"Seat {i + 1}: {exc}") from None
        if identity(name) in seen:
            raise ValueError(f"Seat {i + 1}: {taken_message(seen[identity(name)], name)}")
        seen[identity(name)] = name
        buy_in = amount_field(buy_in_text, f"Seat {i + 1} buy-in") or default_buy_in()
        if buy_in <= 0:
            raise ValueError(f"Seat {i + 1} buy-in: must be more than 0")
        out.append(SeatedPlayer(i, name, buy_in))
    return tuple(out)


def buy_in_hint(players: Sequence[SeatedPlayer], bb: int) -> str:
    """R4.11: the warning (never a refusal) for buy-ins outside 20-100 big blinds."""
    low, high = 20 * bb, 100 * bb
    return "; ".join(
        f"{shown(p.name)} buys in for {p.buy_in:,}, outside the usual "
        f"{low:,}-{high:,} (20-100 big blinds, R4.11)"
        for p in players
        if not low <= p.buy_in <= high
    )
