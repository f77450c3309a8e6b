"""Transitions of a running hand that concern cards and the end of the hand.

The board (Courchevel's early card, each street, a board entered later), hands shown
or mucked at showdown, the pots awarded and a misdeal. ``reducer`` dispatches these
events here; betting and hand start live in ``handflow``, whose round-closing and
hand-finishing steps this module reuses. Card text is parsed here, at the edge of
the state, and every new card is checked against all cards already known.
"""

from __future__ import annotations

from omaha_tui.engine.errors import RuleError
from omaha_tui.engine.events import (
    Award,
    BoardDealt,
    BoardRecorded,
    EarlyCardDealt,
    HandMucked,
    HoleCardsShown,
    MisdealDeclared,
    PotsAwarded,
    RunBoardDealt,
    RunsAgreed,
)
from omaha_tui.engine.hands.cards import (
    CardError,
    check_distinct,
    format_card,
    format_cards,
    parse_cards,
)
from omaha_tui.engine.labels import name_of, run_times, seat_label
from omaha_tui.engine.reducer.hand import close_round, finish_hand, open_round
from omaha_tui.engine.rules.awards import awards_from_cards, check_awards
from omaha_tui.engine.rules.betting import seat_stacks
from omaha_tui.engine.rules.pots import hand_pots
from omaha_tui.engine.state import (
    BOARD_AFTER,
    NEXT_STREET,
    HandState,
    SeatState,
    Street,
    TableState,
    evolve,
)

# ------------------------------------------------------------------ cards


_CARD_INDEX = {format_card(c): c for c in range(52)}


def _parse(texts: tuple[str, ...], what: str) -> tuple[int, ...]:
    fast = tuple(_CARD_INDEX.get(t, -1) for t in texts)
    if -1 not in fast and len(set(fast)) == len(fast):
        return fast  # the journal's own spelling (``Ah``): no need for the full parser
    try:
        return parse_cards(texts)
    except CardError as exc:
        raise RuleError(f"{what}: {exc}") from None


def _check_new_cards(state: TableState, hand: HandState, cards: dict[str, tuple[int, ...]]) -> None:
    groups: dict[str, tuple[int, ...]] = {"board": hand.board + sum(hand.run_boards, ())}
    if hand.boards > 1:  # R13.2: both boards come from one deck
        groups = {"board 1": hand.board, "board 2": hand.board2}
    for seat, shown in hand.shown:
        groups[state.seats[seat].name if state.seats[seat] else seat_label(seat)] = shown  # type: ignore[union-attr]
    for key, value in cards.items():
        groups[key] = groups.get(key, ()) + value
    try:
        check_distinct(groups)
    except CardError as exc:
        raise RuleError(str(exc)) from None


def apply_early_card(state: TableState, ev: EarlyCardDealt) -> TableState:
    hand = state.hand
    if hand is None or hand.complete:
        raise RuleError("no hand is running: start a hand before dealing cards")
    if not hand.variant.early_flop_card:
        raise RuleError(f"{hand.variant.name} has no early flop card: only Courchevel does (R3.3)")
    if not hand.early_card_pending:
        raise RuleError("the early flop card is already out: deal the other two flop cards")
    board: tuple[int, ...] = ()
    if ev.card is not None:
        board = _parse((ev.card,), "early flop card")
        _check_new_cards(state, hand, {"board": board})
    hand = evolve(hand, board=board, board_count=1, early_card_pending=False)
    return evolve(state, hand=hand)


def apply_board(state: TableState, ev: BoardDealt) -> TableState:
    hand = state.hand
    if hand is None or hand.complete:
        raise RuleError("no hand is running: start a hand before dealing the board")
    if hand.early_card_pending:
        raise RuleError("deal Courchevel's early flop card first (R3.3)")
    if hand.street in (Street.RIVER, Street.SHOWDOWN):
        raise RuleError("the board is complete: show or muck hands and settle the pots")
    if hand.to_act is not None:
        raise RuleError(
            f"the {hand.street.value} betting is not over: {name_of(state, hand.to_act)} to act"
        )
    street = NEXT_STREET[hand.street]
    if hand.boards > 1:
        return _double_board(state, hand, ev, street)
    if ev.board > 1:
        raise RuleError("this hand has one board: there is no board 2 (R13.2)")
    need = BOARD_AFTER[street] - hand.board_count
    count = _count(ev, need, street.value)
    board = hand.board
    if ev.cards:
        if len(board) != hand.board_count:
            raise RuleError(
                "earlier board cards were not entered: enter the board from the flop on, "
                "or deal without cards"
            )
        new = _parse(ev.cards, street.value)
        _check_new_cards(state, hand, {"board": new})
        board = board + new
    return _next_street(state, evolve(hand, board=board, board_count=hand.board_count + count))


def _count(ev: BoardDealt, need: int, what: str) -> int:
    count = len(ev.cards) or ev.count or need
    if ev.cards and ev.count and ev.count != len(ev.cards):
        raise RuleError(f"{len(ev.cards)} cards given but count says {ev.count}")
    if count != need:
        raise RuleError(f"the {what} is {need} card{'s' * (need > 1)}, not {count}")
    return count


def _double_board(state: TableState, hand: HandState, ev: BoardDealt, street: Street) -> TableState:
    """R13.2: each street is dealt to board 1, then to board 2 (one burn a street); the
    street begins, and its betting opens, with board 2's cards."""
    due = 2 if hand.board_count > hand.board2_count else 1
    if ev.board != due:
        other = "board 1's" if due == 1 else "board 2's"
        raise RuleError(
            f"deal {other} {street.value} now: each street goes to board 1, then to board 2 (R13.2)"
        )
    mine, dealt = (hand.board, hand.board_count) if due == 1 else (hand.board2, hand.board2_count)
    need = BOARD_AFTER[street] - dealt
    count = _count(ev, need, f"{street.value} of board {due}")
    if ev.cards:
        if len(mine) != dealt:
            raise RuleError(
                f"earlier cards of board {due} were not entered: enter board {due} from the "
                "flop on, or deal without cards"
            )
        new = _parse(ev.cards, f"{street.value} of board {due}")
        _check_new_cards(state, hand, {f"board {due}": new})
        mine = mine + new
    if due == 1:
        return evolve(state, hand=evolve(hand, board=mine, board_count=dealt + count))
    return _next_street(state, evolve(hand, board2=mine, board2_count=dealt + count))


def _next_street(state: TableState, hand: HandState) -> TableState:
    """The street whose cards are out begins: a new betting round, or none (R10.1)."""
    street = NEXT_STREET[hand.street]
    hand = evolve(
        hand,
        street=street,
        current_bet=0,
        min_raise=hand.stakes.big_blind,
        raises=0,
        uncapped=bool(state.config and state.config.no_cap_heads_up) and len(hand.live) == 2,
        # R8.1: with no betting left, the last round that had betting stays the final one.
        last_aggressor=hand.last_aggressor if hand.betting_over else None,
    )
    if hand.betting_over:
        return close_round(state, hand)
    return open_round(state, hand, hand.button)


def apply_board_recorded(state: TableState, ev: BoardRecorded) -> TableState:
    """Fill in board cards that were dealt as a count only (chips-only tracking); on a
    double board (R13.2) one board at a time."""
    hand = state.hand
    if hand is None or hand.complete:
        raise RuleError("no hand is running: there is no board to enter")
    if ev.board > hand.boards:
        raise RuleError("this hand has one board: there is no board 2 (R13.2)")
    if ev.board == 1:
        board, dealt = hand.board, hand.board_count
    else:
        board, dealt = hand.board2, hand.board2_count
    name = f"board {ev.board}" if hand.boards > 1 else "board"
    if len(board) == dealt:
        raise RuleError(f"every {name} card dealt so far is already entered")
    if len(ev.cards) != dealt:
        raise RuleError(
            f"{dealt} {name} cards have been dealt: enter all {dealt}, not {len(ev.cards)}"
        )
    cards = _parse(ev.cards, name)
    if cards[: len(board)] != board:
        raise RuleError(
            f"the {name} starts {format_cards(board)} as entered: keep those cards first"
        )
    new = cards[len(board) :]
    _check_new_cards(state, hand, {"board" if hand.boards == 1 else name: new})
    if ev.board == 2:
        return evolve(state, hand=evolve(hand, board2=cards))
    return evolve(state, hand=evolve(hand, board=cards))


def apply_runs_agreed(state: TableState, ev: RunsAgreed) -> TableState:
    """R10.2: run the rest of the board ``ev.runs`` times, agreed before the next card.
    Running it twice is a cash-game agreement: a tournament hand is run once."""
    hand = state.hand
    if hand is None or hand.complete:
        raise RuleError("no hand is running: there is no board to run twice")
    if state.tournament is not None:
        raise RuleError("running it twice is for cash games (R10.2): a tournament hand is run once")
    if hand.boards > 1:
        raise RuleError("a double board is not run twice (R13.2b): each board is dealt once")
    if hand.runs > 1:
        raise RuleError(f"the players already agreed to run it {run_times(hand.runs)}")
    if not hand.betting_over or hand.to_act is not None or len(hand.live) < 2:
        raise RuleError(
            "the board is run twice only when no more betting is possible: every player "
            "still in, or all but one, is all in (R10.1, R10.2)"
        )
    if hand.board_count >= 5 or hand.street is Street.SHOWDOWN:
        raise RuleError("the board is complete: agree to run it twice before the next card (R10.2)")
    if len(hand.board) != hand.board_count:
        raise RuleError(
            "enter the board dealt so far first: each run is read by its own cards (R10.2)"
        )
    return evolve(state, hand=evolve(hand, runs=ev.runs, run_from=hand.board_count))


def apply_run_board(state: TableState, ev: RunBoardDealt) -> TableState:
    """R10.2: a later run's cards, from the rest of the same deck, after the first run."""
    hand = state.hand
    if hand is None or hand.complete:
        raise RuleError("no hand is running: there is no board to run again")
    if hand.runs < ev.run:
        agreed = run_times(hand.runs)
        raise RuleError(f"the board is run {agreed}: there is no run {ev.run} (R10.2)")
    if len(hand.run_boards) != ev.run - 2:
        raise RuleError(f"deal run {len(hand.run_boards) + 2} first: runs are dealt in order")
    if hand.street is not Street.SHOWDOWN or len(hand.board) != 5:
        raise RuleError("deal and enter the first run's whole board first (R10.2)")
    need = 5 - hand.run_from
    cards = _parse(ev.cards, f"run {ev.run}")
    if len(cards) != need:
        raise RuleError(
            f"run {ev.run} is {need} card{'s' * (need > 1)} (the board from card "
            f"{hand.run_from + 1} on), not {len(cards)}"
        )
    _check_new_cards(state, hand, {"board": cards})
    return evolve(state, hand=evolve(hand, run_boards=(*hand.run_boards, cards)))


def apply_shown(state: TableState, ev: HoleCardsShown) -> TableState:
    hand = state.hand
    who = name_of(state, ev.seat)
    if hand is None or hand.complete:
        raise RuleError("no hand is running: nothing to show")
    if ev.seat not in hand.live:
        raise RuleError(f"{who} is not in the hand: only players still in may show")
    if hand.street is not Street.SHOWDOWN and not hand.betting_over:
        raise RuleError("hands are shown at showdown, or when everyone is all in")
    if ev.seat in dict(hand.shown):
        raise RuleError(f"{who} has already shown")
    if ev.seat in hand.mucked:
        raise RuleError(f"{who} has mucked: a mucked hand cannot be shown (R8.2)")
    cards = _parse(ev.cards, f"{who}'s hand")
    need = hand.variant.hole_cards
    if len(cards) != need:
        # R3.6: a hand with the wrong number of cards at showdown is dead. The cards
        # are not recorded; the dealer enters the whole hand or mucks it.
        raise RuleError(
            f"{who} shows {len(cards)} cards: {hand.variant.name} deals {need}; a hand "
            f"with the wrong number of cards is dead (R3.6): enter all {need}, or muck it"
        )
    _check_new_cards(state, hand, {f"{who}": cards})
    return evolve(state, hand=evolve(hand, shown=(*hand.shown, (ev.seat, cards))))


def apply_mucked(state: TableState, ev: HandMucked) -> TableState:
    hand = state.hand
    who = name_of(state, ev.seat)
    if hand is None or hand.complete:
        raise RuleError("no hand is running: nothing to muck")
    if hand.street is not Street.SHOWDOWN:
        raise RuleError("a hand is mucked at showdown; before it, the player folds")
    if ev.seat not in hand.live or ev.seat in hand.mucked:
        raise RuleError(f"{who} has no hand to muck")
    mucked = hand.mucked | {ev.seat}
    for pot in hand_pots(hand):
        if pot.eligible and all(s in mucked for s in pot.eligible):
            raise RuleError(f"{who} is the last claimant of a pot: they must show to win it")
    return evolve(state, hand=evolve(hand, mucked=mucked))


def apply_awarded(state: TableState, ev: PotsAwarded) -> TableState:
    hand = state.hand
    if hand is None or hand.complete:
        raise RuleError("no hand is running: there is no pot to award")
    if hand.street is not Street.SHOWDOWN:
        raise RuleError(f"pots are awarded at showdown; the hand is on the {hand.street.value}")
    pots = hand_pots(hand)
    check_awards(state, ev.awards, pots)
    if ev.by_cards:
        expected = awards_from_cards(state, pots)
        if sorted(expected, key=_award_key) != sorted(ev.awards, key=_award_key):
            raise RuleError(
                "these awards do not match the cards shown: settle by cards, or settle by hand"
            )
    return finish_hand(state, hand, ev.awards)


def _award_key(a: Award) -> tuple[int, int, int, str, int]:
    return a.run, a.pot, a.seat, a.half.value, a.amount


def apply_misdeal(state: TableState, ev: MisdealDeclared) -> TableState:
    hand = state.hand
    if hand is None or hand.complete:
        raise RuleError("no hand is running: there is nothing to misdeal")
    if hand.chips_acted or hand.actions >= 2:
        raise RuleError(
            "too late for a misdeal: there has been substantial action (R3.5); "
            "a player with a wrong hand folds it"
        )
    stacks = list(seat_stacks(state))
    for s in hand.seats:
        stacks[s] += hand.committed[s] + hand.dead[s]
    before = hand.start_seats or state.seats  # R3.5: the seats as the deal found them
    out: list[SeatState | None] = []
    for i, seat in enumerate(state.seats):
        prior = before[i] if i < len(before) else None
        if seat is not None and i in hand.seats and prior is not None and prior.name == seat.name:
            seat = prior  # owed blinds and waiting flags as they were before the deal
        out.append(None if seat is None else evolve(seat, stack=stacks[i]))
    seats = tuple(out)
    return evolve(
        state,
        seats=seats,
        hand=None,
        button=hand.button,
        button_moves=hand.prior_button_moves if hand.bomb else False,  # R13.1(d)
        last_blinds=hand.prior_blinds,  # R3.5: the button (and blinds) stay
    )
