"""A double board in PHH: user fields beside the standard ones (R13.2).

Neither the PHH standard nor pokerkit's notation can write a second board (pokerkit
deals several, but its files cannot say so), so a hand dealt on two boards carries:

- ``_omaha_tui_boards``: 2;
- ``_omaha_tui_board_2``: board 2's cards street by street (``["ThJhQd", "3s", "5d"]``;
  ``??`` for a card dealt but not entered), each street dealt right after board 1's
  ``d db`` line of that street;
- ``_omaha_tui_board_awards``: only when the dealer settled the pots by hand, each award
  per board (``{board, pot, player, half, amount}``), since finishing stacks alone cannot
  say which board won what.

The standard fields hold board 1, as a reader that ignores these fields sees the hand:
``finishing_stacks`` are what board 1 alone would give, and
``_omaha_tui_finishing_stacks`` the true result of both boards; the hand is marked in
``_omaha_tui_nonstandard`` (docs/phh-extensions.md).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from omaha_tui.engine.events import (
    Award,
    BoardDealt,
    BoardRecorded,
    Event,
    Half,
    HandStarted,
)
from omaha_tui.engine.state import TableState

from .phh import PhhError, PhhHand, field_amount
from .phh_cards import Deck, card_list
from .phh_chips import to_chips
from .phh_standard import settled_by_cards

BOARDS_FIELD = "_omaha_tui_boards"
BOARD_2_FIELD = "_omaha_tui_board_2"
BOARD_AWARDS_FIELD = "_omaha_tui_board_awards"
BOARD_FIELDS = (BOARDS_FIELD, BOARD_2_FIELD, BOARD_AWARDS_FIELD)
DOUBLE_BOARD = (
    "the hand was dealt on two boards (R13.2); the standard actions hold board 1 and "
    "finishing_stacks what board 1 alone gives"
)
_STREETS = (3, 1, 1)


@dataclass(frozen=True)
class DoubleBoardOut:
    """R13.2 as a hand history holds it: board 2 street by street (``"??"`` for a card
    not entered) and, when settled by hand, the dealer's awards (``run`` = the board;
    seats = file order)."""

    streets: tuple[tuple[str, ...], ...] = ()
    awards: tuple[Award, ...] | None = None


def board_fields(
    out: DoubleBoardOut, label: Callable[[int], str], amount: Callable[[int], Decimal]
) -> tuple[tuple[str, Any], ...]:
    """The user fields of a double-board hand.

    >>> for k, v in board_fields(DoubleBoardOut((("Th", "Jh", "Qd"), ("3s",))), str, Decimal):
    ...     print(k, "=", v)
    _omaha_tui_boards = 2
    _omaha_tui_board_2 = ['ThJhQd', '3s']
    """
    fields: list[tuple[str, Any]] = [
        (BOARDS_FIELD, 2),
        (BOARD_2_FIELD, ["".join(street) for street in out.streets]),
    ]
    if out.awards is not None:
        fields.append(
            (
                BOARD_AWARDS_FIELD,
                [
                    {
                        "board": a.run,
                        "pot": a.pot,
                        "player": label(a.seat),
                        "half": a.half.value,
                        "amount": amount(a.amount),
                    }
                    for a in out.awards
                ],
            )
        )
    return tuple(fields)


def recorded(out: DoubleBoardOut, cards: Sequence[str]) -> DoubleBoardOut:
    """Board 2 entered later (``BoardRecorded``: its whole board so far) in place of
    its ``??``, street by street.

    >>> recorded(DoubleBoardOut((("??",) * 3, ("??",))), ("Th", "Jh", "Qd", "3s")).streets
    (('Th', 'Jh', 'Qd'), ('3s',))
    """
    streets, k = [], 0
    for street in out.streets:
        streets.append(tuple(cards[k : k + len(street)]))
        k += len(street)
    return DoubleBoardOut(tuple(streets), out.awards)


def board_one_result(
    events: Sequence[Event], before: TableState, order: Sequence[int]
) -> tuple[int, ...] | None:
    """The stacks (in ``order``) the hand would end with on board 1 alone: what a
    standard reader reaches from the standard actions. ``None`` when board 1 cannot
    settle the pots by the cards."""

    def board_one(event: Event) -> Event | None:
        if isinstance(event, HandStarted):
            return event.model_copy(update={"boards": 1})
        if isinstance(event, BoardDealt | BoardRecorded) and event.board == 2:
            return None
        return event

    return settled_by_cards(events, before, order, board_one)


def read_boards(hand: PhhHand, scale: int, deck: Deck) -> DoubleBoardOut | None:
    """The double board a hand carries (``None`` for one board); board 2's cards are
    taken from the hand's one deck.

    Raises:
        PhhError: a field that does not describe a second board.
    """
    fields = dict(hand.extra)
    where = hand.source
    if BOARDS_FIELD not in fields:
        if any(k in fields for k in BOARD_FIELDS):
            raise PhhError(f"{where}: {BOARDS_FIELD} is missing beside the other board fields")
        return None
    boards = fields[BOARDS_FIELD]
    if not isinstance(boards, int) or isinstance(boards, bool) or boards != 2:
        raise PhhError(f"{where}: {BOARDS_FIELD} must be 2 (a double board, R13.2), not {boards!r}")
    texts = fields.get(BOARD_2_FIELD, [])
    if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
        raise PhhError(f'{where}: {BOARD_2_FIELD} must be a list of streets such as "ThJhQd"')
    if len(texts) > len(_STREETS):
        raise PhhError(f"{where}: {BOARD_2_FIELD} lists {len(texts)} streets, not at most 3")
    streets = []
    for k, text in enumerate(texts):
        if len(text) != 2 * _STREETS[k]:
            raise PhhError(
                f"{where}: {BOARD_2_FIELD} street {k + 1} is {_STREETS[k]} card(s), not {text!r}"
            )
        if set(text) == {"?"}:
            streets.append(("??",) * _STREETS[k])
            continue
        cards = card_list(text, f"{where}: {BOARD_2_FIELD} street {k + 1}")
        deck.take(cards, f"{where}: {BOARD_2_FIELD}", "on board 2")
        streets.append(tuple(cards))
    awards = None
    if BOARD_AWARDS_FIELD in fields:
        awards = _awards(fields[BOARD_AWARDS_FIELD], hand, scale)
    return DoubleBoardOut(tuple(streets), awards)


def board_2_street(out: DoubleBoardOut, street: int, where: str) -> BoardDealt:
    """Board 2's cards of the ``street``-th street (0 = the flop), dealt after board 1's."""
    if street >= len(out.streets):
        raise PhhError(f"{where}: {BOARD_2_FIELD} has no street {street + 1} for board 2")
    cards = out.streets[street]
    if "??" in cards:
        return BoardDealt(count=len(cards), board=2)
    return BoardDealt(cards=cards, board=2)


def _awards(raw: Any, hand: PhhHand, scale: int) -> tuple[Award, ...]:
    where = f"{hand.source}: {BOARD_AWARDS_FIELD}"
    if not isinstance(raw, list):
        raise PhhError(f"{where} must be a list of {{board, pot, player, half, amount}}")
    out = []
    labels = [f"p{k}" for k in range(1, hand.player_count + 1)]
    for i, item in enumerate(raw, start=1):
        keys = ("board", "pot", "player", "half", "amount")
        if not isinstance(item, Mapping) or set(item) != set(keys):
            raise PhhError(f"{where}: entry {i} needs exactly board, pot, player, half and amount")
        board, pot, player, half, amount = (item[k] for k in keys)
        at = f"{where}: entry {i}"
        if board not in (1, 2) or isinstance(board, bool):
            raise PhhError(f"{at}: board must be 1 or 2, not {board!r}")
        if not isinstance(pot, int) or isinstance(pot, bool) or not 0 <= pot < len(labels):
            raise PhhError(f"{at}: pot must be 0 (the main pot) to {len(labels) - 1}, not {pot!r}")
        if player not in labels:
            raise PhhError(f"{at}: player must be one of p1 to p{len(labels)}, not {player!r}")
        if half not in [h.value for h in Half]:
            raise PhhError(f'{at}: half must be "whole", "high" or "low", not {half!r}')
        chips = to_chips(field_amount(amount, "amount", at), scale)
        out.append(
            Award(pot=pot, seat=labels.index(player), amount=chips, half=Half(half), run=board)
        )
    return tuple(out)


__all__ = [
    "BOARD_FIELDS",
    "DOUBLE_BOARD",
    "DoubleBoardOut",
    "board_2_street",
    "board_fields",
    "board_one_result",
    "read_boards",
    "recorded",
]
