"""What a standard PHH reader sees of a hand, and where it cannot follow the table.

A reader that knows only the standard fields (pokerkit, for one) replays a hand from its
forced bets and actions. Most hands read exactly; a few things a home table does have no
standard spelling, and a reader that ignores user fields would reach a different result
without knowing it. For those the hand says so, in ``_omaha_tui_nonstandard``, one short
reason per difference (docs/phh-extensions.md). ``finishing_stacks`` always keep the
standard's meaning, the result of the whole hand: a hand run more than once whose run 1
alone ends otherwise (what a standard reader replays) says so (:data:`RUN_TWICE`).
Files written before kept that result in ``_omaha_tui_finishing_stacks`` and run 1's in
``finishing_stacks``; a run-out no longer writes it (a hand on two boards still does,
marked, :mod:`.phh_boards`).

The reasons are worked out from the hand's events, never from another program.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from omaha_tui.engine.config import AntePots, ShortBlindRule, Stakes, TableConfig
from omaha_tui.engine.errors import RuleError
from omaha_tui.engine.events import (
    Event,
    HandStarted,
    Post,
    PostKind,
    PotsAwarded,
    RunBoardDealt,
    RunsAgreed,
)
from omaha_tui.engine.reducer.replay import apply
from omaha_tui.engine.rules.awards import awards_from_cards
from omaha_tui.engine.state import TableState

NONSTANDARD_FIELD = "_omaha_tui_nonstandard"
RESULT_FIELD = "_omaha_tui_finishing_stacks"
STANDARD_FIELDS = (NONSTANDARD_FIELD, RESULT_FIELD)

OUT_OF_TURN_BB = (
    "a player back from sitting out posts a live big blind out of turn (R2.6); "
    "a standard reader takes a third blind for a straddle"
)
FULL_BLIND = (
    "the big blind was posted short and this table's call is the full blind (R2.5); "
    "a standard reader calls what was posted"
)
DEAD_BLIND_AND_ANTES = (
    "a dead small blind is posted beside antes (R2.6, R5.2); the standard's one ante "
    "list cannot tell dead money from antes"
)
AWARDED_BY_HAND = (
    "the dealer awarded the pots without reading the cards; the standard fields cannot say who won"
)
RUN_BY_HAND = (
    "the board was run more than once and the dealer awarded the runs by hand; "
    "finishing_stacks are the true result"
)
RUN_TWICE = (
    "the board was run more than once (R10.2); the standard actions hold run 1 alone, "
    "finishing_stacks are the result of every run"
)


def ante_trimming(config: TableConfig, stakes: Stakes, posts: Sequence[Post]) -> bool | None:
    """The ``ante_trimming_status`` that makes a standard reader pot the antes as R5.2 does.

    ``None`` when there are no antes at all (the field then says nothing). Uniform antes
    are trimmed (layered into side pots with each player's bets), a big-blind ante or
    dead money (a dead small blind) goes to the main pot untrimmed.

    >>> from omaha_tui.engine.config import VARIANTS
    >>> c = TableConfig(variant=VARIANTS["omaha"], stakes=Stakes(big_blind=2))
    >>> ante_trimming(c, c.stakes, ()) is None
    True
    >>> ante_trimming(c, c.stakes, (Post(seat=3, kind=PostKind.DEAD_SMALL_BLIND, amount=1),))
    False
    """
    kinds = {p.kind for p in posts}
    antes = PostKind.ANTE in kinds or PostKind.BOMB in kinds  # R13.1b: bombs layer as antes
    if not antes and PostKind.DEAD_SMALL_BLIND not in kinds:
        return None
    if not antes:
        return False
    return not (stakes.big_blind_ante or config.ante_pots is AntePots.MAIN)


def start_reasons(config: TableConfig, stakes: Stakes, started: HandStarted) -> list[str]:
    """What in a hand's forced bets a standard reader cannot follow."""
    reasons = []
    posts = started.posts
    if sum(1 for p in posts if p.kind is PostKind.BIG_BLIND) > 1:
        reasons.append(OUT_OF_TURN_BB)
    short_bb = any(p.kind is PostKind.BIG_BLIND and p.amount < stakes.big_blind for p in posts)
    if short_bb and config.short_blind_rule is ShortBlindRule.FULL:
        reasons.append(FULL_BLIND)
    kinds = {p.kind for p in posts}
    if PostKind.DEAD_SMALL_BLIND in kinds and PostKind.ANTE in kinds:
        reasons.append(DEAD_BLIND_AND_ANTES)
    return reasons


def run_one_result(
    events: Sequence[Event], before: TableState, order: Sequence[int]
) -> tuple[int, ...] | None:
    """The stacks (in ``order``) a hand run more than once would end with on run 1 alone.

    That is what a standard reader reaches from the standard actions. ``None`` when run
    1 cannot settle the pots by the cards (they were not all entered).
    """

    def one_run(event: Event) -> Event | None:
        return None if isinstance(event, RunsAgreed | RunBoardDealt) else event

    return settled_by_cards(events, before, order, one_run)


def settled_by_cards(
    events: Sequence[Event],
    before: TableState,
    order: Sequence[int],
    keep: Callable[[Event], Event | None],
) -> tuple[int, ...] | None:
    """The stacks (in ``order``) the hand's events end with when each is first passed
    through ``keep`` (``None`` drops it) and the pots are awarded by the cards: what a
    standard reader reaches from the standard fields of a hand run twice or dealt on two
    boards. ``None`` when the cards cannot settle them (not all entered)."""
    state = before
    try:
        for event in events:
            kept = keep(event)
            if kept is None:
                continue
            if isinstance(kept, PotsAwarded):
                kept = PotsAwarded(awards=awards_from_cards(state), by_cards=True)
            state = apply(state, kept)
    except (RuleError, ValueError):
        return None
    hand = state.hand
    if hand is None or not hand.complete:
        return None
    return tuple(state.seats[s].stack for s in order)  # type: ignore[union-attr]


__all__ = [
    "NONSTANDARD_FIELD",
    "RESULT_FIELD",
    "RUN_TWICE",
    "STANDARD_FIELDS",
    "ante_trimming",
    "run_one_result",
    "start_reasons",
]
