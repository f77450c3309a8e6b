"""Table options changed between hands: straddle, bomb pots, dealer's choice, the
button rule, the double board.

Each is a journaled event with a small reducer handler here (``reducer`` dispatches
to them). They take effect with the next hand, so they are refused while a hand is
running; a running hand keeps its own game, structure and stakes (``HandState``).
"""

from __future__ import annotations

from omaha_tui.engine.config import (
    STRADDLE_PLAYERS,
    ButtonRule,
    DoubleBoard,
    max_players,
    parse_game,
)
from omaha_tui.engine.errors import RuleError
from omaha_tui.engine.events import (
    BombChanged,
    ButtonRuleChanged,
    DoubleBoardChanged,
    GameChanged,
    StraddleChanged,
)
from omaha_tui.engine.labels import seat_label, seat_range
from omaha_tui.engine.reducer.start import check_double_board
from omaha_tui.engine.rules.bombs import check_bomb_call
from omaha_tui.engine.state import TableState, evolve


def between_hands(state: TableState, what: str) -> None:
    """Refuse ``what`` without a session, after it ended, or while a hand runs."""
    state.open_session()
    if state.in_hand:
        raise RuleError(f"a hand is running: {what} between hands")


def apply_straddle_changed(state: TableState, ev: StraddleChanged) -> TableState:
    """R2.8: a standing straddle of ``amount`` (at least twice the big blind), or off.

    >>> from omaha_tui.engine.reducer.replay import replay
    >>> from omaha_tui.engine.config import TableConfig, Stakes, VARIANTS
    >>> from omaha_tui.engine.events import SessionStarted, PlayerSeated
    >>> s = replay([SessionStarted(config=TableConfig(variant=VARIANTS["omaha"],
    ...     stakes=Stakes(big_blind=2)))] + [PlayerSeated(seat=i, name=n, stack=100)
    ...     for i, n in enumerate("ABCD")] + [StraddleChanged(amount=4)])
    >>> s.straddle
    4
    """
    between_hands(state, "change the straddle")
    stakes = state.stakes
    assert stakes is not None
    if ev.amount:
        if ev.amount % stakes.chip:
            raise RuleError(
                f"a straddle of {ev.amount} is not a multiple of the smallest chip {stakes.chip}"
            )
        if ev.amount < 2 * stakes.big_blind:
            raise RuleError(
                f"a straddle of {ev.amount} is below twice the big blind "
                f"({2 * stakes.big_blind}): straddle at least {2 * stakes.big_blind} (R2.8)"
            )
        players = sum(1 for s in state.seats if s is not None and not s.sitting_out)
        if players < STRADDLE_PLAYERS:
            raise RuleError(
                f"a straddle needs at least {STRADDLE_PLAYERS} players at the table, "
                f"there are {players} (R2.8)"
            )
        if ev.seat is not None:
            size = len(state.seats)
            if ev.seat >= size or state.seats[ev.seat] is None:
                where = "does not exist" if ev.seat >= size else "is empty"
                raise RuleError(
                    f"{seat_label(ev.seat)} {where}: a Mississippi straddle comes from a "
                    f"seated player, {seat_range(size)} (R13.3)"
                )
    return evolve(
        state,
        straddle=ev.amount,
        straddle_button=ev.button and bool(ev.amount),
        straddle_seat=ev.seat if ev.amount else None,
    )


def apply_bomb_changed(state: TableState, ev: BombChanged) -> TableState:
    """R13.1: a bomb pot for the next hand, a standing one, or none.

    A call for the next hand sits beside a standing rule (it comes first, once); a
    standing rule replaces the one before and counts its hands from now; off clears both.

    >>> from tests.tables import quick_table
    >>> from omaha_tui.engine.events import BombCall
    >>> s = apply_bomb_changed(quick_table(), BombChanged(call=BombCall(amount=5, every=4)))
    >>> s.bomb_rule.every, s.bomb_since, s.bomb_call
    (4, 0, None)
    """
    between_hands(state, "call a bomb pot")
    call = ev.call
    if call is None:
        return evolve(state, bomb_call=None, bomb_rule=None)
    check_bomb_call(state, call)
    if call.standing:
        return evolve(state, bomb_rule=call, bomb_since=state.hands_played)
    return evolve(state, bomb_call=call)


def apply_game_changed(state: TableState, ev: GameChanged) -> TableState:
    """Dealer's choice: the next hands' game and structure (R9), within R1.3's seats.

    >>> from omaha_tui.engine.reducer.replay import replay
    >>> from omaha_tui.engine.config import TableConfig, Stakes, VARIANTS
    >>> from omaha_tui.engine.events import SessionStarted
    >>> s = replay([SessionStarted(config=TableConfig(variant=VARIANTS["omaha"],
    ...     stakes=Stakes(big_blind=2))), GameChanged(game="big-o", structure="pl")])
    >>> s.config.title
    'PL Big O 1/2'
    """
    between_hands(state, "change the game")
    config = state.config
    assert config is not None
    try:
        variant = parse_game(ev.game)
    except ValueError as exc:
        raise RuleError(str(exc)) from None
    limit = max_players(variant, config.binglao_seven)
    seated = [i for i, s in enumerate(state.seats) if s is not None]
    if len(seated) > limit:
        raise RuleError(
            f"{variant.name} seats at most {limit} players (R1.3) and {len(seated)} are "
            "seated: someone must leave first"
        )
    if config.double_board is not DoubleBoard.OFF:
        check_double_board(variant, len(seated))  # R13.2(b)
    # The seats keep their numbers; R1.3 limits how many players sit in them.
    new = config.model_copy(update={"variant": variant, "structure": ev.structure})
    return evolve(state, config=new)


TOURNAMENT_BUTTON = "a tournament uses the dead button (R11.6): the moving button is for cash games"


def apply_button_rule_changed(state: TableState, ev: ButtonRuleChanged) -> TableState:
    """R1.5: dead or moving button from the next hand on.

    A moving button starts from where the last button was; a dead button from where
    the last blinds were, so the big blind keeps moving one player at a time.
    """
    between_hands(state, "change the button rule")
    config = state.config
    assert config is not None
    if state.tournament is not None and ev.rule is ButtonRule.MOVING:
        raise RuleError(TOURNAMENT_BUTTON)  # R11.6
    new = config.model_copy(update={"button_rule": ev.rule})
    return evolve(state, config=new)


def apply_double_board_changed(state: TableState, ev: DoubleBoardChanged) -> TableState:
    """R13.2(a): one board, two every hand, or two on bomb pots, from the next hand; two
    boards only with as many players as R13.2(b) allows.

    >>> from tests.tables import quick_table
    >>> s = apply_double_board_changed(quick_table(), DoubleBoardChanged(mode="every"))
    >>> s.config.double_board.value, s.config.boards()
    ('every', 2)
    """
    between_hands(state, "change the number of boards")
    config = state.config
    assert config is not None
    if ev.mode is not DoubleBoard.OFF:
        players = sum(1 for s in state.seats if s is not None and not s.sitting_out)
        check_double_board(config.variant, players)
    new = config.model_copy(update={"double_board": ev.mode})
    return evolve(state, config=new)


__all__ = [
    "TOURNAMENT_BUTTON",
    "apply_bomb_changed",
    "apply_button_rule_changed",
    "apply_double_board_changed",
    "apply_game_changed",
    "apply_straddle_changed",
    "between_hands",
]
