"""A PHH hand as engine events: the table, the seats, the forced bets and every action.

The hand becomes its own small session: ``SessionStarted`` (a :class:`TableConfig` with
the format's short-blind semantics, R2.5 "match what was posted"), one ``PlayerSeated``
per player (seat = the player's 0-based index in the file), ``HandStarted`` with the
button on the last player and explicit posts, then one event per action. PHH player order
starts left of the button, so the last player holds the button; heads-up the button
posts the small blind (R2.2, as pokerkit reads ``blinds_or_straddles`` heads-up).

:func:`translate` needs no reducer: it follows the chips just far enough to tell a check
from a call and a bet from a raise. Settling the pots by the cards (and checking every
event against the rules) is :mod:`.phh_replay`; the table and its forced bets are
:mod:`.phh_stakes`. Amounts are scaled to whole chips with
:func:`~omaha_tui.interchange.phh_chips.amount_scale`; nothing here uses floats.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from pydantic import ValidationError

from omaha_tui.engine.errors import validation_message
from omaha_tui.engine.events import (
    Award,
    BetPlaced,
    BoardDealt,
    Called,
    Checked,
    EarlyCardDealt,
    Event,
    Folded,
    HandMucked,
    HandStarted,
    HoleCardsShown,
    PlayerSeated,
    Post,
    PostKind,
    RaisedTo,
    RunBoardDealt,
    RunsAgreed,
    SessionStarted,
    WentAllIn,
)
from omaha_tui.engine.graphemes import cluster_width, clusters
from omaha_tui.engine.labels import NAME_LIMIT, check_visible, identity, name_taken, printable

from .phh import PhhError, PhhHand, parse_amount
from .phh_boards import board_2_street, read_boards
from .phh_cards import Deck, card_list
from .phh_chips import amount_scale, from_chips, hand_amounts, to_chips
from .phh_runs import read_runs, take_run_cards
from .phh_stakes import bomb_of, forced_bets, table_config


@dataclass(frozen=True)
class ImportedHand:
    """A PHH hand translated to events, with what the events do not carry.

    ``lines[i]`` is the 1-based action line behind ``events[i]`` (``None`` for the set-up
    events), so errors can point at the file. ``hole_cards`` are the cards dealt to each
    player (``None`` when the file hides them with ``????``). ``dealing``: the file
    stops while the hole cards are still being dealt (before any action), so nobody is
    to act yet. ``run_awards``: the dealer's awards of a board run more than once and
    settled by hand (R10.2, :mod:`.phh_runs`).
    """

    hand: PhhHand
    scale: int
    events: tuple[Event, ...]
    lines: tuple[int | None, ...]
    hole_cards: tuple[tuple[str, ...] | None, ...]
    dealing: bool = False
    run_awards: tuple[Award, ...] | None = None
    partly_shown: tuple[tuple[int, str], ...] = ()

    @property
    def source(self) -> str:
        return self.hand.source


def player_names(hand: PhhHand) -> tuple[str, ...]:
    """Seat names: the file's ``players`` (shortened and made unique) or ``p1``, ``p2``...

    Names follow the table's rule (:func:`~omaha_tui.engine.labels.check_name`): a name
    longer than :data:`NAME_LIMIT` columns is cut between characters, and two names cut
    to the same text are told apart by ``(2)``. Two players who are one person by the
    table's identity (``Ann`` and ``ANN``) or a name that shows nothing make the file
    unreadable, with one line naming them.
    """
    raw = hand.players or tuple(f"p{i + 1}" for i in range(hand.player_count))
    names = _seat_names(tuple(raw))
    if isinstance(names, str):
        raise PhhError(f"{hand.source}: {names}")
    return names


@lru_cache(maxsize=64)
def _seat_names(raw: tuple[str, ...]) -> tuple[str, ...] | str:
    """:func:`player_names` of a hand's ``players``, or what is wrong with them (one
    line, without the file's name). Kept for the next hands: an evening's file lists
    the same players hand after hand, and reading names by the table's rules is a
    good part of reading a hand."""
    names: list[str] = []
    first: dict[str, str] = {}
    for i, name in enumerate(raw):
        whole = " ".join(name.split())
        if whole:
            seated = first.get(identity(whole))
            if seated is not None:
                return (
                    f'players: "{printable(whole)}" and "{printable(seated)}" are one '
                    "person at the table (names are compared without case): give each "
                    "player a different name"
                )
            first[identity(whole)] = whole
        base = _cut(whole) or f"p{i + 1}"
        try:
            check_visible(base)
        except ValueError as e:
            return f"players: player {i + 1}: {e}"
        candidate = base
        k = 2
        while name_taken(names, candidate) is not None:
            suffix = f" ({k})"
            candidate = _cut(base, NAME_LIMIT - len(suffix)) + suffix
            k += 1
        names.append(candidate)
    return tuple(names)


def _cut(name: str, columns: int = NAME_LIMIT) -> str:
    """``name`` cut to ``columns`` on screen between characters, without a mark."""
    out, used = [], 0
    for part in clusters(name):
        used += cluster_width(part)
        if used > columns:
            break
        out.append(part)
    return "".join(out).rstrip()


def hand_title(hand: PhhHand) -> str:
    """A session title from the file's own fields (the same after an export round trip).

    >>> from decimal import Decimal
    >>> hand_title(PhhHand("PO", (Decimal(5), Decimal(5)), (), extra=(("hand", 13),)))
    'PO hand 13'
    """
    fields = dict(hand.extra)
    parts = [hand.variant]
    if isinstance(fields.get("event"), str):
        parts.append(fields["event"])
    if "hand" in fields:
        parts.append(f"hand {fields['hand']}")
    return " ".join(parts)[:120]


class _Chips:
    """Just enough chip tracking to name each action (check or call, bet or raise)."""

    def __init__(self, stacks: list[int], posts: tuple[Post, ...]) -> None:
        self.stacks = stacks
        self.bets = [0] * len(stacks)
        for p in posts:
            self.stacks[p.seat] -= p.amount
            if p.kind in (PostKind.SMALL_BLIND, PostKind.BIG_BLIND, PostKind.STRADDLE):
                self.bets[p.seat] += p.amount

    def new_round(self) -> None:
        self.bets = [0] * len(self.bets)

    def put(self, seat: int, to: int) -> None:
        self.stacks[seat] -= to - self.bets[seat]
        self.bets[seat] = to


def translate(hand: PhhHand) -> ImportedHand:
    """Turn one PHH hand into events (no settlement; see :mod:`.phh_replay`).

    Raises:
        PhhError: a line that is not a PHH action, a bad card or amount; the message
            names the file, the line number and the line.
    """
    scale = amount_scale(hand_amounts(hand))
    n = hand.player_count
    config = table_config(hand, scale)
    names = player_names(hand)
    stacks = [to_chips(s, scale) for s in hand.starting_stacks]
    for i, s in enumerate(stacks):
        if s <= 0:
            raise PhhError(f"{hand.source}: player {i + 1} starts with no chips")
    title = hand_title(hand)
    events: list[Event] = [SessionStarted(config=config, title=title)]
    events += [PlayerSeated(seat=i, name=names[i], stack=stacks[i]) for i in range(n)]
    posts = forced_bets(hand, scale)
    bomb = bomb_of(hand, scale)  # R13.1: its pre-flop checks are the standard's, not ours
    deck = Deck(config.variant.hole_cards, config.variant.name)
    double = read_boards(hand, scale, deck)  # R13.2: board 2 in user fields
    boards = 1 if double is None else 2
    events.append(
        HandStarted(button=n - 1, seats=tuple(range(n)), posts=posts, boards=boards, bomb=bomb)
    )
    lines: list[int | None] = [None] * len(events)
    holes: list[tuple[str, ...] | None] = [None] * n
    chips = _Chips(list(stacks), posts)
    streets = 0
    dealt = board = 0
    acted = False
    run = read_runs(hand, scale)
    agreed = run is None
    early = config.variant.early_flop_card
    partly: list[tuple[int, str]] = []

    for number, raw in enumerate(hand.actions, start=1):
        where = f'{hand.source}: action {number} "{raw}"'
        words = raw.split("#", 1)[0].split()
        if not words:
            continue
        if words[:2] == ["d", "dh"]:
            dealt += 1
        elif words[:2] != ["d", "db"]:
            acted = True
        elif run is not None and not agreed and board == run.run_from:
            events.append(RunsAgreed(runs=run.runs))  # R10.2: before the next card
            lines.append(number)
            agreed = True
        if bomb and not board and words[1:] == ["cc"]:
            continue  # R13.1: nobody bets before a bomb pot's flop
        if len(words) == 3 and words[1] == "sm" and "?" in words[2]:
            seat = _player(words[0], where, n)
            partly.append((seat, _partly_shown(words[2], where, deck, holes[seat])))
            continue
        if early and words[:2] == ["d", "db"]:  # R3.3 Courchevel: before any betting
            event: Event | None = _early_card(words, where, deck)
            early = False
        else:
            try:
                event = _action(words, where, n, chips, holes, scale, deck)
            except ValidationError as e:  # a value no event can hold, e.g. a negative bet
                raise PhhError(f"{where}: {validation_message(e)}") from None
        if event is None:
            continue
        events.append(event)
        lines.append(number)
        if isinstance(event, EarlyCardDealt):
            board += 1
        elif isinstance(event, BoardDealt):
            board += len(event.cards) or event.count or 0
            if double is not None:  # R13.2: board 2's street follows board 1's
                events.append(board_2_street(double, streets, where))
                lines.append(number)
                streets += 1
            if board == 5 and run is not None and agreed:  # run 1 complete: the others
                events += [RunBoardDealt(run=k, cards=c) for k, c in enumerate(run.boards, 2)]
                lines += [number] * len(run.boards)
    if run is not None:
        if not agreed and board == run.run_from:  # agreed, next card not dealt yet
            events.append(RunsAgreed(runs=run.runs))
            lines.append(len(hand.actions))
        elif not agreed:
            raise PhhError(
                f"{hand.source}: the board never had {run.run_from} cards out, "
                "where the hand says the players agreed to run it again"
            )
        take_run_cards(run, deck, hand.source)
    dealing = dealt < n and not acted and not any(isinstance(e, BoardDealt) for e in events)
    awards = run.awards if run is not None else None
    if double is not None:
        awards = double.awards
    return ImportedHand(
        hand, scale, tuple(events), tuple(lines), tuple(holes), dealing, awards, tuple(partly)
    )


def _partly_shown(cards: str, where: str, deck: Deck, dealt: tuple[str, ...] | None) -> str:
    """A hand shown in part (``????AhAd``, as the standard allows): the known cards are
    checked like any other; the hand cannot be read, so its pot is settled by the
    finishing stacks. The text is kept to be written back as it was."""
    if len(cards) % 2 or len(cards) > 2 * deck.hole_cards:
        raise PhhError(
            f"{where}: a hand shown in part is {deck.hole_cards} cards, each a card or ??"
        )
    known = [cards[i : i + 2] for i in range(0, len(cards), 2) if cards[i : i + 2] != "??"]
    shown = card_list("".join(known), where) if known else ()
    if dealt is None:
        deck.take(shown, where, "in a shown hand")
    elif not set(shown) <= set(dealt):
        raise PhhError(f"{where}: the cards shown are not the cards dealt ({''.join(dealt)})")
    return cards


def _early_card(words: list[str], where: str, deck: Deck) -> EarlyCardDealt:
    """Courchevel's first flop card, dealt face up before the pre-flop betting (R3.3)."""
    cards = words[2] if len(words) == 3 else ""
    if cards == "??":
        return EarlyCardDealt()
    card = card_list(cards, where)
    if len(card) != 1:
        raise PhhError(
            f"{where}: Courchevel deals one flop card before the betting (R3.3), "
            f"not {len(card)}: write d db with one card, then the other two"
        )
    deck.take(card, where, "on the board")
    return EarlyCardDealt(card=card[0])


def _player(label: str, where: str, n: int) -> int:
    digits = label[1:]
    if label[:1] != "p" or not (digits.isascii() and digits.isdigit()) or len(digits) > 2:
        raise PhhError(f"{where}: {label!r} is not a player (use p1 to p{n})")
    index = int(label[1:]) - 1
    if not 0 <= index < n:
        raise PhhError(f"{where}: there is no player {label} (use p1 to p{n})")
    return index


def _action(
    words: list[str],
    where: str,
    n: int,
    chips: _Chips,
    holes: list[tuple[str, ...] | None],
    scale: int,
    deck: Deck,
) -> Event | None:
    match words:
        case ["d", "dh", label, cards]:
            seat = _player(label, where, n)
            if holes[seat] is not None:
                raise PhhError(f"{where}: {label} was already dealt hole cards")
            holes[seat] = None if "?" in cards else card_list(cards, where)
            if holes[seat] is not None:
                deck.hole(holes[seat] or (), where, label)
            return None
        case ["d", "db", cards] if cards and set(cards) == {"?"} and len(cards) % 2 == 0:
            chips.new_round()  # dealt, but the cards were not entered (chips only)
            return BoardDealt(count=len(cards) // 2)
        case ["d", "db", cards]:
            chips.new_round()
            board = card_list(cards, where)
            deck.take(board, where, "on the board")
            return BoardDealt(cards=board)
        case [label, "f"]:
            return Folded(seat=_player(label, where, n))
        case [label, "cc"]:
            seat = _player(label, where, n)
            current = max(chips.bets)
            if chips.bets[seat] >= current:
                return Checked(seat=seat)
            chips.put(seat, min(current, chips.bets[seat] + chips.stacks[seat]))
            return Called(seat=seat)
        case [label, "cbr", amount]:
            seat = _player(label, where, n)
            try:
                to = to_chips(parse_amount(amount, where), scale)
            except PhhError as e:
                raise PhhError(str(e) if str(e).startswith(where) else f"{where}: {e}") from None
            available = chips.bets[seat] + chips.stacks[seat]
            if to <= chips.bets[seat]:
                already = chips.bets[seat]
                raise PhhError(
                    f"{where}: a bet or raise to {amount} is not above "
                    + (f"the {from_chips(already, scale)} already in front" if already else "0")
                )
            if to > available:
                raise PhhError(
                    f"{where}: a bet to {amount} is more than the player has "
                    f"({from_chips(available, scale)} including chips already in front)"
                )
            current = max(chips.bets)
            chips.put(seat, to)
            if to == available:
                return WentAllIn(seat=seat)
            if current == 0:
                return BetPlaced(seat=seat, amount=to)
            return RaisedTo(seat=seat, to=to)
        case [label, "sm"]:
            return HandMucked(seat=_player(label, where, n))
        case [label, "sm", "-"]:
            seat = _player(label, where, n)
            dealt = holes[seat]
            if dealt is None:
                raise PhhError(f"{where}: the player's hole cards were never dealt face up")
            return HoleCardsShown(seat=seat, cards=dealt)
        case [label, "sm", cards]:
            seat = _player(label, where, n)
            shown = card_list(cards, where)
            deck.shown(shown, holes[seat], where, label)
            return HoleCardsShown(seat=seat, cards=shown)
        case [label, ("sd" | "pb"), *_]:
            raise PhhError(f"{where}: draw and stud actions do not occur in Omaha")
    raise PhhError(f"{where}: not a PHH action (use d dh, d db, f, cc, cbr AMOUNT, sm, sm CARDS)")
