"""The table a PHH hand was played at: stakes, ante pots and every forced bet.

PHH writes forced bets as two lists in file order (``antes``, ``blinds_or_straddles``);
the engine wants a :class:`TableConfig` and explicit posts. Heads-up the file's first
blind belongs to the button (the last player), as pokerkit reads it. An entry after the
first two that is no bigger than the big blind is a player back from sitting out (R2.6),
and their ante-like partner their dead small blind, as omaha-tui writes them.

A big blind posted short is called at what was posted, as the format reads it (R2.5
"posted"), unless the hand says its table called the full blind (the reason
:data:`~.phh_standard.FULL_BLIND` in ``_omaha_tui_nonstandard``, as omaha-tui writes it):
``replay`` and ``import`` both read the hand through :func:`table_config`, so both
replay it with the table's own call.
"""

from __future__ import annotations

from omaha_tui.engine.config import (
    AntePots,
    ShortBlindRule,
    Stakes,
    Structure,
    TableConfig,
    max_players,
)
from omaha_tui.engine.events import Post, PostKind

from .phh import PhhError, PhhHand, variant_for_code
from .phh_chips import to_chips
from .phh_standard import FULL_BLIND, NONSTANDARD_FIELD


def table_config(hand: PhhHand, scale: int) -> TableConfig:
    """The table a PHH hand was played at, in whole chips of ``1/scale`` of the file's
    unit; the table counts amounts as the file does (``decimals``)."""
    decimals = len(str(scale)) - 1
    if decimals > 64:
        raise PhhError(f"{hand.source}: amounts with more than 64 decimals are not playable")
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
    if bomb_of(hand, scale):
        ante = 0  # R13.1: the bomb is the hand's, not an ante of the table
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
        short_blind_rule=short_blind_rule(hand),  # R2.5
        ante_pots=ante_pots(hand),
        decimals=decimals,
    )


def short_blind_rule(hand: PhhHand) -> ShortBlindRule:
    """R2.5: the call after a big blind posted short: what was posted (the format's
    semantics), or the full blind when the hand says its table played so."""
    reasons = dict(hand.extra).get(NONSTANDARD_FIELD)
    if isinstance(reasons, list) and FULL_BLIND in reasons:
        return ShortBlindRule.FULL
    return ShortBlindRule.POSTED


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


def bomb_of(hand: PhhHand, scale: int) -> int:
    """R13.1: the bomb when the file's hand is a bomb pot, else 0: no blind or straddle,
    every player an ante, the same one for all but players all in for less (R13.1b), and
    no pre-flop action but checks (a standard reader has its pre-flop round, which
    every player checks; the bomb pot has none).

    >>> from decimal import Decimal as D
    >>> h = PhhHand(variant="PO", starting_stacks=(D(100), D(3), D(100)),
    ...             antes=(D(5), D(5), D(5)), blinds_or_straddles=(D(0),) * 3,
    ...             actions=("p1 cc", "p3 cc", "d db AhKd7c"), min_bet=D(2))
    >>> bomb_of(h, 1)
    5
    """
    n = hand.player_count
    if any(b > 0 for b in hand.blinds_or_straddles) or len(hand.antes) != n or n < 2:
        return 0
    antes = [to_chips(a, scale) for a in hand.antes]
    stacks = [to_chips(s, scale) for s in hand.starting_stacks]
    if n == 2:
        stacks.reverse()  # heads-up the file lists the button's forced bets first
    bomb = max(antes)
    if bomb <= 0 or any(a != bomb and not 0 < stacks[i] == a for i, a in enumerate(antes)):
        return 0
    for raw in hand.actions:
        words = raw.split("#", 1)[0].split()
        if words[:2] == ["d", "db"]:
            return bomb
        if words and words[0] != "d" and words[1:] != ["cc"]:
            return 0
    return bomb


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
    bomb = bomb_of(hand, scale)
    for i in range(n):
        ante = min(to_chips(hand.antes[source_index(i)], scale), stacks[i])
        if ante:
            dead = source_index(i) in returning
            kind = PostKind.DEAD_SMALL_BLIND if dead else PostKind.ANTE
            kind = PostKind.BOMB if bomb else kind  # R13.1
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
