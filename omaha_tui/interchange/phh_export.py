"""Recorded hands back to PHH: a session's events become one :class:`PhhHand` per hand.

The session is replayed with the engine so that every amount PHH needs is known:
each player's stack when the hand began, what an all-in amounted to, whether it was a
call or a raise. Players are listed from the seat left of the button (the button is
last, as the format expects), and heads-up the button's small blind is written first
(``[SB, BB]``), as pokerkit reads it. Undone events are left out (the effective log).
Hole cards come from the session's import details when it was imported, else from the
cards shown at showdown, else ``??``. A misdealt hand has no history and is skipped.
This module writes no files.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

from omaha_tui.engine.config import Structure
from omaha_tui.engine.events import (
    Event,
    HandStarted,
    MisdealDeclared,
    PostKind,
    PotsAwarded,
    SessionStarted,
    nominal_post,
)
from omaha_tui.engine.reducer.replay import apply, initial_state
from omaha_tui.engine.state import TableState

from .exact_fields import OUR_FIELDS
from .export_stream import effective
from .phh import PhhError, PhhHand, code_for_variant
from .phh_boards import BOARD_FIELDS, DOUBLE_BOARD, board_fields, board_one_result
from .phh_chips import from_chips
from .phh_draft import HandDraft, add_event, scaled, start_draft
from .phh_runs import RUN_FIELDS, run_fields
from .phh_standard import (
    AWARDED_BY_HAND,
    NONSTANDARD_FIELD,
    RESULT_FIELD,
    RUN_BY_HAND,
    RUN_TWICE,
    STANDARD_FIELDS,
    ante_trimming,
    run_one_result,
    start_reasons,
)
from .phh_write import toml_field, toml_text


def session_hands(
    events: Sequence[Event],
    meta: Mapping[str, Any] | None = None,
    times: Sequence[str] | None = None,
) -> list[PhhHand]:
    """Every played hand of a session as PHH (amounts scaled back for imported hands).

    ``meta`` is the session's metadata; an imported session keeps, per hand, the
    amount scale, the dealt hole cards and the file's other fields under ``"phh"``.
    ``times`` (ISO 8601, UTC), one per event, give each hand its ``time`` fields.

    Raises:
        PhhError: a hand PHH cannot hold (:func:`export_hands` writes the others).

    >>> session_hands([])  # a session with no hand played exports nothing
    []
    """
    hands, problems = export_hands(events, meta, times)
    if problems:
        raise PhhError(problems[0])
    return hands


def export_hands(
    events: Sequence[Event],
    meta: Mapping[str, Any] | None = None,
    times: Sequence[str] | None = None,
    title: str | None = None,
) -> tuple[list[PhhHand], list[str]]:
    """Every hand PHH can hold, and one line for each hand it cannot (in hand order).

    ``title`` (the session's, else the one it started with) is each hand's ``event``.
    """
    timed = (
        (e, times[i] if times is not None and i < len(times) else None)
        for i, e in enumerate(events)
    )
    problems: list[str] = []
    details = details_in(meta)
    hands = list(stream_hands(effective(timed, bounded=False), details, title, problems))
    return hands, problems


def details_in(meta: Mapping[str, Any] | None) -> Iterator[Mapping[str, Any]]:
    """The hands' details a ``meta`` lists (an import's, or an export's), in order.

    >>> list(details_in({"phh": {"hands": [{"scale": 100}]}}))
    [{'scale': 100}]
    """
    return iter((meta or {}).get("phh", {}).get("hands", []))


def stream_hands(
    timed: Iterable[tuple[Event, str | None]],
    details: Iterable[Mapping[str, Any]],
    title: str | None,
    problems: list[str],
) -> Iterator[PhhHand]:
    """Each hand PHH can hold as soon as it is over, from the effective log ``timed``
    (each event with its time); a line for each hand it cannot hold is added to
    ``problems``. ``details``: an imported session's details of each hand, in order,
    taken one as each hand is written. Only the hand being written and the table's
    state are kept."""
    return write_hands(applied(timed), details, title, problems)


Step = tuple[Event, str | None, TableState]
"""An effective event, its time, and the table after it."""


def applied(timed: Iterable[tuple[Event, str | None]]) -> Iterator[Step]:
    """Each event of the effective log ``timed`` with the table after it (each applied
    once, here)."""
    state = initial_state()
    for event, time in timed:
        state = apply(state, event)
        yield event, time, state


def write_hands(
    steps: Iterable[Step],
    details: Iterable[Mapping[str, Any]],
    title: str | None,
    problems: list[str],
) -> Iterator[PhhHand]:
    """:func:`stream_hands` of an effective log whose tables the caller already has
    (each event with its time and the table after it): nothing is applied here."""
    state = initial_state()
    current: HandDraft | None = None
    pending = iter(details)

    def written(hand: HandDraft) -> Iterator[PhhHand]:
        detail = next(pending, {})  # a hand played here, or beyond the import's hands
        try:
            yield _to_phh(hand, detail, title or "")
        except PhhError as e:
            problems.append(f"hand {hand.number}: {e}")

    for event, time, after in steps:
        if isinstance(event, SessionStarted) and title is None:
            title = event.title
        if isinstance(event, HandStarted):
            current = start_draft(state, event, after)
            current.time = time
            current.level = state.level
        elif isinstance(event, MisdealDeclared):
            current = None
        elif current is not None:
            add_event(current, state, event)
        if current is not None:
            current.events.append(event)
            if current.by_hand is None and isinstance(event, PotsAwarded) and not event.by_cards:
                # The pots went to a showdown the dealer settled without the cards.
                current.by_hand = state.hand is not None and len(state.hand.live) > 1
        if current is not None and after.hand is not None and after.hand.complete:
            current.finishing = tuple(
                after.seats[s].stack  # type: ignore[union-attr]
                for s in current.order
            )
            yield from written(current)
            current = None
        state = after
    if current is not None:
        yield from written(current)


def _to_phh(hand: HandDraft, detail: Mapping[str, Any], title: str) -> PhhHand:
    config = hand.config
    variant = config.variant
    if variant.binglao:
        from omaha_tui.engine.hands.games import binglao_variant

        variant = binglao_variant(hand.started.die_roll or 1)
    code = code_for_variant(variant, config.structure)
    scale = 10**config.decimals  # the table's unit, never a file's word for it

    def amt(chips: int) -> Decimal:
        return from_chips(chips, scale)

    n = len(hand.order)
    stakes = hand.stakes
    antes = [0] * n
    blinds = [0] * n
    posted = [0] * n
    for post in hand.started.posts:
        i = hand.order.index(post.seat)
        j = (1 - i) if n == 2 else i  # heads-up the file lists the button's blind first
        posted[i] += post.amount
        if post.kind in (PostKind.ANTE, PostKind.DEAD_SMALL_BLIND, PostKind.BOMB):  # R13.1
            antes[j] += post.amount
        else:
            # All in (after an ante too): the file states the table's blind and the
            # reader posts min(blind, what is left of the stack), R2.5/R2.9.
            short = posted[i] == hand.stacks[i]
            blinds[j] += nominal_post(stakes, post.kind) if short else post.amount
    hole: list[Any] = list(detail.get("hole_cards", [None] * n))
    deals = []
    for i, seat in enumerate(hand.order):
        cards = hole[i] if i < len(hole) and hole[i] else hand.shown.get(seat)
        text = "".join(cards) if cards else "??" * variant.hole_cards
        deals.append(f"d dh p{i + 1} {text}")
    actions = tuple(deals) + tuple(scaled(a, scale) for a in hand.actions)
    # Hands the file showed in part (``sm ????AhAd``) come back as they were.
    actions += tuple(f"p{int(i) + 1} sm {text}" for i, text in detail.get("partly_shown", []))
    if "extra_toml" in detail:  # the file's own fields, as the TOML they were, in order
        kept = detail["extra_toml"]
        pairs = kept.items() if isinstance(kept, dict) else kept
        extra = tuple((str(k), toml_field(str(t))) for k, t in pairs)
    else:
        extra = tuple((str(k), v) for k, v in dict(detail.get("extra", {})).items())
    given = {k for k, _ in extra}
    if "ante_trimming_status" not in given:
        trimming = ante_trimming(config, stakes, hand.started.posts)
        if trimming is not None:
            extra = (("ante_trimming_status", trimming), *extra)
    if not detail:  # a hand played here: the optional fields the journal knows
        extra += _known_fields(hand, title)
    finishing = hand.finishing
    reasons = start_reasons(config, stakes, hand.started)
    if hand.by_hand:
        reasons.append(RUN_BY_HAND if hand.run is not None else AWARDED_BY_HAND)
    if hand.double is not None:  # R13.2: board 2 in user fields (docs/phh-extensions.md)
        reasons.append(DOUBLE_BOARD)
        extra += board_fields(hand.double, hand.label, amt)
        if finishing is not None and hand.before is not None:
            extra += ((RESULT_FIELD, [amt(s) for s in finishing]),)
            finishing = board_one_result(hand.events, hand.before, hand.order)
    if hand.run is not None:  # R10.2: the later runs in user fields (docs/phh-extensions.md)
        extra += run_fields(hand.run, hand.label, amt)
        # finishing_stacks keep the standard's meaning, the hand's result (every run);
        # a standard reader sees run 1 alone, so a hand that run 1 ends otherwise says so.
        if finishing is not None and not hand.by_hand:
            one = (
                None
                if hand.before is None
                else run_one_result(hand.events, hand.before, hand.order)
            )
            if one != tuple(finishing):
                reasons.append(RUN_TWICE)
    if reasons:
        extra += ((NONSTANDARD_FIELD, reasons),)
    fixed = config.structure is Structure.FIXED_LIMIT
    # An imported file without names had none: they are not written back invented.
    names = detail.get("players", list(hand.names)) if detail else list(hand.names)
    return PhhHand(
        variant=code,
        starting_stacks=tuple(amt(s) for s in hand.stacks),
        actions=actions,
        antes=tuple(amt(a) for a in antes),
        blinds_or_straddles=tuple(amt(b) for b in blinds),
        min_bet=None if fixed else amt(stakes.big_blind),
        small_bet=amt(stakes.big_blind) if fixed else None,
        big_bet=amt(stakes.big_bet) if fixed else None,
        finishing_stacks=None if finishing is None else tuple(amt(s) for s in finishing),
        players=None if names is None else tuple(str(x) for x in names),
        extra=extra,
        source=f"hand {hand.number}",
    )


def _known_fields(hand: HandDraft, title: str) -> tuple[tuple[str, Any], ...]:
    """The standard's optional fields for a hand played at this table: its number, the
    seats (counted from 1) and the table's size, the level, the session's title and when
    the hand began (UTC, as the journal records it)."""
    fields: list[tuple[str, Any]] = [("event", title)] if title else []
    fields += [
        ("hand", hand.number),
        ("seats", [s + 1 for s in hand.order]),
        ("seat_count", hand.config.seats),
    ]
    if hand.level is not None and hand.level > 1:
        fields.append(("level", hand.level))
    if hand.time:
        try:
            when = datetime.fromisoformat(hand.time).astimezone(UTC)
        except ValueError:
            when = None
        if when is not None:
            fields += [
                ("time", when.time().replace(microsecond=0, tzinfo=None)),
                ("time_zone", "UTC"),
                ("day", when.day),
                ("month", when.month),
                ("year", when.year),
            ]
    return tuple(fields)


def imported_details(
    hole_cards: Sequence[Sequence[str] | None],
    hand: PhhHand,
    scale: int,
    partly_shown: Sequence[tuple[int, str]] = (),
) -> dict[str, Any]:
    """What an imported hand keeps beside its events, JSON-ready (for :func:`session_hands`)."""
    return {
        "partly_shown": [[i, text] for i, text in partly_shown],
        "source": hand.source,
        "scale": scale,
        "hole_cards": [list(c) if c else None for c in hole_cards],
        "players": list(hand.players) if hand.players else None,
        # The file's own fields; an earlier export's event log and run-outs are written
        # again from the new session's events.
        # A list of pairs, not an object: the journal sorts an object's keys.
        "extra_toml": [
            [k, toml_text(v)]
            for k, v in hand.extra
            if k not in OUR_FIELDS + RUN_FIELDS + BOARD_FIELDS + STANDARD_FIELDS
        ],
    }


__all__ = [
    "PhhError",
    "Step",
    "applied",
    "details_in",
    "export_hands",
    "imported_details",
    "session_hands",
    "stream_hands",
    "write_hands",
]
