"""A PHH hand as engine events: the table, the seats, the forced bets and every action.

The hand becomes its own small session: ``SessionStarted`` (a :class:`TableConfig` with
the format's short-blind semantics, R2.5 "match what was posted"), one ``PlayerSeated``
per player (seat = the player's 0-based index in the file), ``HandStarted`` with the
button on the last player and explicit posts, then one event per action. PHH player order
starts left of the button, so the last player holds the button; heads-up the button
posts the small blind (R2.2, as pokerkit reads ``blinds_or_straddles`` heads-up).

:func:`translate` needs no reducer: it follows the chips just far enough to tell a check
from a call and a bet from a raise. Settling the pots by the cards (and checking every
event against the rules) is :mod:`.phh_replay`. Amounts are scaled to whole chips with
:func:`~omaha_tui.store.phh.amount_scale`; nothing here uses floats.
"""

from __future__ import annotations

from dataclasses import dataclass

from omaha_tui.engine.cards import CardError, format_card, parse_cards
from omaha_tui.engine.config import (
    AntePots,
    ShortBlindRule,
    Stakes,
    Structure,
    TableConfig,
    max_players,
)
from omaha_tui.engine.events import (
    BetPlaced,
    BoardDealt,
    Called,
    Checked,
    Event,
    Folded,
    HandMucked,
    HandStarted,
    HoleCardsShown,
    PlayerSeated,
    Post,
    PostKind,
    RaisedTo,
    SessionStarted,
    WentAllIn,
)

from .phh import (
    PhhError,
    PhhHand,
    amount_scale,
    from_chips,
    hand_amounts,
    parse_amount,
    to_chips,
    variant_for_code,
)

NAME_LIMIT = 24


@dataclass(frozen=True)
class ImportedHand:
    """A PHH hand translated to events, with what the events do not carry.

    ``lines[i]`` is the 1-based action line behind ``events[i]`` (``None`` for the set-up
    events), so errors can point at the file. ``hole_cards`` are the cards dealt to each
    player (``None`` when the file hides them with ``????``). ``dealing``: the file
    stops while the hole cards are still being dealt (before any action), so nobody is
    to act yet.
    """

    hand: PhhHand
    scale: int
    events: tuple[Event, ...]
    lines: tuple[int | None, ...]
    hole_cards: tuple[tuple[str, ...] | None, ...]
    dealing: bool = False

    @property
    def source(self) -> str:
        return self.hand.source


def player_names(hand: PhhHand) -> tuple[str, ...]:
    """Seat names: the file's ``players`` (shortened and made unique) or ``p1``, ``p2``..."""
    raw = hand.players or tuple(f"p{i + 1}" for i in range(hand.player_count))
    names: list[str] = []
    for i, name in enumerate(raw):
        base = " ".join(name.split())[:NAME_LIMIT] or f"p{i + 1}"
        candidate = base
        k = 2
        while candidate in names:
            suffix = f" ({k})"
            candidate = base[: NAME_LIMIT - len(suffix)] + suffix
            k += 1
        names.append(candidate)
    return tuple(names)


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


def table_config(hand: PhhHand, scale: int) -> TableConfig:
    """The table a PHH hand was played at, in whole chips."""
    variant, structure = variant_for_code(hand.variant)
    n = hand.player_count
    if n > max_players(variant):
        raise PhhError(
            f"{hand.source}: {n} players is too many for {variant.name} "
            f"(at most {max_players(variant)}, R1.3)"
        )
    blinds = sorted({to_chips(b, scale) for b in hand.blinds_or_straddles if b > 0})
    if structure is Structure.FIXED_LIMIT:
        if hand.small_bet is None:
            raise PhhError(f"{hand.source}: a fixed-limit hand needs small_bet and big_bet")
        big_blind = to_chips(hand.small_bet, scale)
        big_bet = to_chips(hand.big_bet, scale) if hand.big_bet is not None else 2 * big_blind
    else:
        if hand.min_bet is not None:
            big_blind = to_chips(hand.min_bet, scale)
        elif blinds:
            big_blind = blinds[min(1, len(blinds) - 1)]
        else:
            raise PhhError(f"{hand.source}: a pot-limit hand needs min_bet or blinds")
        big_bet = 0
    if big_blind <= 0:
        raise PhhError(f"{hand.source}: the minimum bet must be positive")
    small = blinds[0] if len(blinds) > 1 and blinds[0] <= big_blind else 0
    # An entry after the first two that is no more than the big blind is a returning
    # player's blind (R2.6), and its ante-like partner their dead small blind.
    straddles = [to_chips(b, scale) for b in hand.blinds_or_straddles[2:] if b > big_blind]
    returning = _returning(hand, scale, big_blind)
    ante = max(
        (to_chips(a, scale) for j, a in enumerate(hand.antes) if j not in returning), default=0
    )
    try:
        stakes = Stakes(
            big_blind=big_blind,
            small_blind=small,
            ante=ante,
            straddle=max(straddles, default=0),
            big_bet=big_bet,
        )
    except ValueError as e:
        raise PhhError(f"{hand.source}: these stakes are not playable ({e})") from None
    return TableConfig(
        variant=variant,
        structure=structure,
        stakes=stakes,
        seats=max(n, 2),
        short_blind_rule=ShortBlindRule.POSTED,  # R2.5: the format's semantics
        ante_pots=ante_pots(hand),
    )


def _returning(hand: PhhHand, scale: int, big_blind: int) -> set[int]:
    """File positions (past the first two) that post a blind no bigger than the big blind:
    players back from sitting out (R2.6), as omaha-tui writes them."""
    return {
        j
        for j, b in enumerate(hand.blinds_or_straddles)
        if j >= 2 and 0 < to_chips(b, scale) <= big_blind
    }


def _big_blind(hand: PhhHand, scale: int) -> int:
    if hand.small_bet is not None:
        return to_chips(hand.small_bet, scale)
    if hand.min_bet is not None:
        return to_chips(hand.min_bet, scale)
    blinds = sorted({to_chips(b, scale) for b in hand.blinds_or_straddles if b > 0})
    return blinds[min(1, len(blinds) - 1)] if blinds else 0


def ante_pots(hand: PhhHand) -> AntePots:
    """How the file's antes enter the pots, as pokerkit reads ``ante_trimming_status``:
    true, antes layer with the bets by each player's total; false (the default), every
    ante goes to the main pot first. Both agree with R5.2 for uniform antes and for a
    big-blind ante."""
    trimming = dict(hand.extra).get("ante_trimming_status", False)
    return AntePots.TOTAL if trimming is True else AntePots.MAIN


def forced_bets(hand: PhhHand, scale: int) -> tuple[Post, ...]:
    """Antes then blinds and straddles as posted (short stacks post what they have).

    Heads-up the file's first blind belongs to the button (the last player), as in pokerkit.
    A player back from sitting out posts a live big blind after the first two blinds and
    their dead small blind as an ante (R2.6); both are read back as what they are.
    """
    n = hand.player_count
    stacks = [to_chips(s, scale) for s in hand.starting_stacks]
    big = _big_blind(hand, scale)
    returning = _returning(hand, scale, big)

    def source_index(i: int) -> int:
        return (1 - i) if n == 2 else i

    posts: list[Post] = []
    for i in range(n):
        ante = min(to_chips(hand.antes[source_index(i)], scale), stacks[i])
        if ante:
            dead = source_index(i) in returning
            kind = PostKind.DEAD_SMALL_BLIND if dead else PostKind.ANTE
            posts.append(Post(seat=i, kind=kind, amount=ante))
            stacks[i] -= ante
    nonzero = [j for j, b in enumerate(hand.blinds_or_straddles) if b > 0]
    blind_posts: list[tuple[int, Post]] = []
    for i in range(n):
        j = source_index(i)
        amount = min(to_chips(hand.blinds_or_straddles[j], scale), stacks[i])
        if not hand.blinds_or_straddles[j] > 0:
            continue
        dead_sb = j == 0 and n > 2 and to_chips(hand.blinds_or_straddles[0], scale) >= big
        if len(nonzero) == 1 or j in returning or dead_sb:
            kind = PostKind.BIG_BLIND  # alone, returning, or after a dead small blind (R1.5b)
        else:
            kind = (PostKind.SMALL_BLIND, PostKind.BIG_BLIND)[j] if j < 2 else PostKind.STRADDLE
        blind_posts.append((j, Post(seat=i, kind=kind, amount=amount)))
    posts += [p for _, p in sorted(blind_posts, key=lambda jp: jp[0])]
    return tuple(posts)


def _cards(text: str, where: str) -> tuple[str, ...]:
    try:
        return tuple(format_card(c) for c in parse_cards(text))
    except CardError as e:
        raise PhhError(f"{where}: {e}") from None


class _Deck:
    """One deck's worth of checks: no card twice anywhere, hole-card counts per game,
    shown cards equal to the cards dealt (a file that breaks these could not have been
    dealt, and replaying it would settle pots on cards nobody held)."""

    def __init__(self, hole_cards: int, game: str) -> None:
        self.hole_cards = hole_cards
        self.game = game
        self.seen: dict[str, str] = {}

    def take(self, cards: tuple[str, ...], where: str, whose: str) -> None:
        for card in cards:
            if card in self.seen:
                raise PhhError(
                    f"{where}: {card} is already {self.seen[card]}; a deck holds each card once"
                )
            self.seen[card] = whose

    def hole(self, cards: tuple[str, ...], where: str, label: str) -> None:
        if len(cards) != self.hole_cards:
            raise PhhError(
                f"{where}: {label} has {len(cards)} hole cards; {self.game} deals {self.hole_cards}"
            )
        self.take(cards, where, f"{label}'s hole card")

    def shown(
        self, cards: tuple[str, ...], dealt: tuple[str, ...] | None, where: str, label: str
    ) -> None:
        if dealt is None:
            self.hole(cards, where, label)
        elif sorted(cards) != sorted(dealt):
            raise PhhError(
                f"{where}: {label} shows {' '.join(cards)} but was dealt {' '.join(dealt)}"
            )


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
    events.append(HandStarted(button=n - 1, seats=tuple(range(n)), posts=posts))
    lines: list[int | None] = [None] * len(events)
    holes: list[tuple[str, ...] | None] = [None] * n
    chips = _Chips(list(stacks), posts)
    deck = _Deck(config.variant.hole_cards, config.variant.name)
    dealt = 0
    acted = False

    for number, raw in enumerate(hand.actions, start=1):
        where = f'{hand.source}: action {number} "{raw}"'
        words = raw.split("#", 1)[0].split()
        if not words:
            continue
        if words[:2] == ["d", "dh"]:
            dealt += 1
        elif words[:2] != ["d", "db"]:
            acted = True
        event = _action(words, where, n, chips, holes, scale, deck)
        if event is not None:
            events.append(event)
            lines.append(number)
    dealing = dealt < n and not acted and not any(isinstance(e, BoardDealt) for e in events)
    return ImportedHand(hand, scale, tuple(events), tuple(lines), tuple(holes), dealing)


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
    deck: _Deck,
) -> Event | None:
    match words:
        case ["d", "dh", label, cards]:
            seat = _player(label, where, n)
            if holes[seat] is not None:
                raise PhhError(f"{where}: {label} was already dealt hole cards")
            holes[seat] = None if "?" in cards else _cards(cards, where)
            if holes[seat] is not None:
                deck.hole(holes[seat] or (), where, label)
            return None
        case ["d", "db", cards] if cards and set(cards) == {"?"} and len(cards) % 2 == 0:
            chips.new_round()  # dealt, but the cards were not entered (chips only)
            return BoardDealt(count=len(cards) // 2)
        case ["d", "db", cards]:
            chips.new_round()
            board = _cards(cards, where)
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
            shown = _cards(cards, where)
            deck.shown(shown, holes[seat], where, label)
            return HoleCardsShown(seat=seat, cards=shown)
        case [label, ("sd" | "pb"), *_]:
            raise PhhError(f"{where}: draw and stud actions do not occur in Omaha")
    raise PhhError(f"{where}: not a PHH action (use d dh, d db, f, cc, cbr AMOUNT, sm, sm CARDS)")
