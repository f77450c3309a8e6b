"""Who gets which chips of each pot: halves, ties, odd chips, quartering, scoops.

:func:`split_pot` divides one pot given each claimant's high value and low value
(R7.3-R7.6); :func:`awards_from_cards` reads the shown hands with the evaluator
(``evaluate.high_value`` / ``low_value``) and splits every pot; :func:`check_awards`
validates awards the dealer made by hand. This module does not read hands itself
and never moves chips (the reducer does).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from omaha_tui.engine.errors import RuleError
from omaha_tui.engine.events import Award, Half
from omaha_tui.engine.hands.evaluate import high_value, low_value
from omaha_tui.engine.labels import name_of, pot_label, run_times
from omaha_tui.engine.rules.pots import clockwise_from, hand_pots, unmatched_ante
from omaha_tui.engine.state import HandState, Pot, TableState


def share(
    amount: int, winners: Sequence[int], button: int, table_size: int, chip: int = 1
) -> dict[int, int]:
    """R7.4: split ``amount`` equally; leftover chips one by one in seat order from
    the first seat left of the button.

    >>> share(11, [4, 1], button=2, table_size=6)
    {4: 6, 1: 5}
    >>> share(25, [0, 1], button=1, table_size=6, chip=5)
    {0: 15, 1: 10}
    """
    order = clockwise_from(tuple(winners), (button + 1) % table_size, table_size)
    units, rest = divmod(amount, chip)
    each, odd = divmod(units, len(order))
    out = {s: each * chip for s in order}
    for s in order[:odd]:
        out[s] += chip
    out[order[0]] += rest  # amounts off the chip grid (never with valid stakes)
    return out


def split_pot(
    pot_index: int,
    amount: int,
    high: Mapping[int, int],
    low: Mapping[int, int | None] | None,
    button: int,
    table_size: int,
    chip: int = 1,
    run: int = 1,
) -> tuple[Award, ...]:
    """Awards of one pot (or of one run's part of it, R10.2) among its claimants (R7.3-R7.6).

    ``high`` maps each claimant seat to its high value (larger wins); ``low`` maps
    it to its low value (larger wins, ``None`` = no qualifying low) in a split game,
    or is ``None`` in a high-only game. The odd chip of an uneven split goes to the
    high half (R7.4).

    >>> [(a.seat, a.amount, a.half.value) for a in split_pot(0, 9, {1: 50, 2: 40},
    ...  {1: None, 2: 7}, button=0, table_size=4)]
    [(1, 5, 'high'), (2, 4, 'low')]
    """
    if not high:
        raise RuleError(f"the {pot_label(pot_index)} has no claimant")
    best_high = max(high.values())
    high_winners = [s for s, v in high.items() if v == best_high]
    lows = {s: v for s, v in (low or {}).items() if v is not None}
    if low is None or not lows:
        # High-only game, or R7.3: no qualifying low -> the high takes the whole pot.
        parts = share(amount, high_winners, button, table_size, chip)
        return tuple(Award(pot=pot_index, seat=s, amount=a, run=run) for s, a in parts.items())
    best_low = max(lows.values())
    low_winners = [s for s, v in lows.items() if v == best_low]
    units = amount // chip
    high_half = (units - units // 2) * chip + amount % chip  # R7.4: odd chip to the high
    low_half = amount - high_half
    awards = [
        Award(pot=pot_index, seat=s, amount=a, half=Half.HIGH, run=run)
        for s, a in share(high_half, high_winners, button, table_size, chip).items()
    ]
    awards += [
        Award(pot=pot_index, seat=s, amount=a, half=Half.LOW, run=run)
        for s, a in share(low_half, low_winners, button, table_size, chip).items()
    ]
    return tuple(awards)


def run_parts(amount: int, runs: int, chip: int = 1) -> tuple[int, ...]:
    """R10.2: a pot split into one part per run, odd chips to the first runs.

    >>> run_parts(11, 2), run_parts(25, 2, chip=5), run_parts(10, 3)
    ((6, 5), (15, 10), (4, 3, 3))
    """
    units, rest = divmod(amount, chip)
    each, odd = divmod(units, runs)
    parts = [(each + (r < odd)) * chip for r in range(runs)]
    parts[0] += rest  # amounts off the chip grid (never with valid stakes)
    return tuple(parts)


def board_parts(hand: HandState) -> int:
    """How many parts each pot is split into: one per board of a double board (R13.2,
    split as runs are), else one per run (R10.2).

    >>> from omaha_tui.engine.rules.pots import _demo_hand
    >>> from omaha_tui.engine.state import evolve
    >>> hand = _demo_hand((5, 5), frozenset())
    >>> board_parts(hand), board_parts(evolve(hand, boards=2))
    (1, 2)
    """
    return hand.boards if hand.boards > 1 else hand.runs


def run_board(hand: HandState, run: int) -> tuple[int, ...]:
    """The whole board of run ``run`` (1 = the board as first dealt, R10.2); a run
    not dealt yet has only the cards the runs share. On a double board (R13.2) run 2
    is board 2."""
    if run == 1:
        return hand.board
    if hand.boards > 1:
        return hand.board2
    dealt = hand.run_boards[run - 2] if run - 2 < len(hand.run_boards) else ()
    return hand.board[: hand.run_from] + dealt


def scoopers(awards: Sequence[Award]) -> tuple[int, ...]:
    """R7.6: seats that won both the high and the low half of some pot alone.

    >>> scoopers([Award(pot=0, seat=3, amount=5, half="high"),
    ...           Award(pot=0, seat=3, amount=4, half="low")])
    (3,)
    """
    out: list[int] = []
    by_pot: dict[int, dict[str, set[int]]] = {}
    for a in awards:
        by_pot.setdefault(a.pot, {}).setdefault(a.half.value, set()).add(a.seat)
    for halves in by_pot.values():
        hi, lo = halves.get("high", set()), halves.get("low", set())
        if len(hi) == 1 and hi == lo:
            out.extend(hi)
    return tuple(sorted(set(out)))


def claimants(state: TableState, pots: Sequence[Pot] | None = None) -> tuple[tuple[int, ...], ...]:
    """Per pot, the seats that may still win it: eligible and not mucked (R8.2)."""
    hand = state.hand
    if hand is None:
        return ()
    if pots is None:
        pots = hand_pots(hand)
    return tuple(tuple(s for s in p.eligible if s not in hand.mucked) for p in pots)


def awards_from_cards(state: TableState, pots: Sequence[Pot] | None = None) -> tuple[Award, ...]:
    """Every pot of a hand at showdown, split by the cards shown (R7, R8.3).

    A pot with one claimant goes to them without cards; otherwise every claimant
    must have shown and the board must be complete.
    """
    hand = state.hand
    if hand is None:
        raise RuleError("no hand to settle")
    shown = dict(hand.shown)
    if pots is None:
        pots = hand_pots(hand)
    size = len(state.seats)
    out: list[Award] = []
    highs: dict[tuple[int, int], int] = {}
    lows: dict[tuple[int, int], int | None] = {}
    for i, (pot, who) in enumerate(zip(pots, claimants(state, pots), strict=True)):
        if len(who) == 1:  # uncontested; run twice, still one part per run (R10.2, R13.2)
            parts = run_parts(pot.amount, board_parts(hand), hand.stakes.chip)
            out += [
                Award(pot=i, seat=who[0], amount=part, run=run)
                for run, part in enumerate(parts, 1)
                if part or run == 1
            ]
            continue
        missing = [s for s in who if s not in shown]
        if missing:
            names = ", ".join(name_of(state, s) for s in missing)
            raise RuleError(
                f"{pot_label(i)}: {names} must show or muck first, or settle the pot by hand"
            )
        if len(hand.board) != 5 or (hand.boards > 1 and len(hand.board2) != 5):
            what = "both boards were" if hand.boards > 1 else "the board was"
            raise RuleError(f"{what} not entered in full: enter them, or settle the pots by hand")
        if hand.run_due:
            raise RuleError(
                f"deal run {hand.run_due} of the board first (R10.2), or settle the pots by hand"
            )
        # R10.2, R13.2: one part per run or per board, odd chips to the first; each
        # part is read on its own board, every hand with its own best 2 + 3 there.
        parts = run_parts(pot.amount, board_parts(hand), hand.stakes.chip)
        for run, part in enumerate(parts, 1):
            board = run_board(hand, run)
            for s in who:
                if (s, run) not in highs:  # each hand is read once per run
                    highs[s, run] = high_value(shown[s], board)
                    if hand.variant.hilo:
                        lows[s, run] = low_value(shown[s], board)
            high = {s: highs[s, run] for s in who}
            low = {s: lows[s, run] for s in who} if hand.variant.hilo else None
            out.extend(split_pot(i, part, high, low, hand.button, size, hand.stakes.chip, run))
    return tuple(out)


def awards_by_hand(
    state: TableState,
    winners: Sequence[Sequence[int]],
    low_winners: Sequence[Sequence[int]] | None = None,
    later: Sequence[tuple[Sequence[Sequence[int]], Sequence[Sequence[int]] | None]] = (),
) -> tuple[Award, ...]:
    """Awards when the dealer names the winners of each pot (cards not entered).

    ``winners[i]`` share pot ``i`` (the high half when ``low_winners[i]`` is non-empty);
    odd chips follow R7.4. A board run more than once (R10.2) needs the winners of
    every run: ``later`` holds ``(winners, low_winners)`` of runs 2 (and 3), and each
    run's part of a pot (:func:`run_parts`) goes to that run's winners.
    """
    hand = state.hand
    if hand is None:
        raise RuleError("no hand to settle")
    parts_n = board_parts(hand)
    if hand.boards > 1 and len(later) != 1:  # R13.2
        raise RuleError(
            "a double board has two boards: name the winners of each pot on board 1 "
            "and on board 2 (R13.2)"
        )
    if len(later) != parts_n - 1:
        if hand.runs == 1:
            raise RuleError("the board was run once: name the winners of one run only")
        raise RuleError(
            f"the board was run {run_times(hand.runs)}: name the winners of each pot "
            f"on each of the {hand.runs} runs (R10.2)"
        )
    pots = hand_pots(hand)
    who = claimants(state, pots)
    contested = sum(1 for c in who if len(c) != 1)
    runs = [
        _uncontested_filled(who, hi, lo) if len(hi) == contested < len(pots) else (hi, lo)
        for hi, lo in [(winners, low_winners), *later]
    ]
    where_word = "board" if hand.boards > 1 else "run"
    for run, (hi_all, _) in enumerate(runs, 1):
        if len(hi_all) != len(pots):
            where = f" of {where_word} {run}" if parts_n > 1 else ""
            also = f" (or of the {contested} more than one player can win)" if contested else ""
            raise RuleError(
                f"name the winners{where} of each of the {len(pots)} pots{also}, not {len(hi_all)}"
            )
    size = len(state.seats)
    chip = hand.stakes.chip
    out: list[Award] = []
    for i, pot in enumerate(pots):
        parts = run_parts(pot.amount, parts_n, chip)
        for run, ((hi_all, lo_all), part) in enumerate(zip(runs, parts, strict=True), 1):
            hi = list(hi_all[i])
            lo = list(lo_all[i]) if lo_all is not None and i < len(lo_all) else []
            if not hi:
                where = f" on {where_word} {run}" if parts_n > 1 else ""
                raise RuleError(f"the {pot_label(i)} needs at least one winner{where}")
            if lo and not hand.variant.hilo:
                raise RuleError(f"{hand.variant.name} has no low half")
            # The named winners tie for their half; split_pot does the R7.4 arithmetic.
            low = dict.fromkeys(lo, 1) if lo else None
            out.extend(split_pot(i, part, dict.fromkeys(hi, 1), low, hand.button, size, chip, run))
    return tuple(out)


def _uncontested_filled(
    who: Sequence[Sequence[int]],
    winners: Sequence[Sequence[int]],
    low_winners: Sequence[Sequence[int]] | None,
) -> tuple[list[Sequence[int]], list[Sequence[int]] | None]:
    """The winners named for the contested pots only, with each pot one player alone can
    win (an ante nobody else matched, R5.2; chips a folded player left above an all-in)
    given to that player: the dealer need not name what nobody disputes."""
    named, lows = iter(winners), iter(low_winners or ())
    hi: list[Sequence[int]] = []
    lo: list[Sequence[int]] = []
    for c in who:
        if len(c) == 1:
            hi.append(tuple(c))
            lo.append(())
        else:
            hi.append(next(named))
            lo.append(next(lows, ()))
    return hi, (lo if low_winners is not None else None)


def check_awards(
    state: TableState, awards: Sequence[Award], pots: Sequence[Pot] | None = None
) -> None:
    """Refuse awards that do not cover each pot exactly or go to a seat with no claim."""
    hand = state.hand
    assert hand is not None
    if pots is None:
        pots = hand_pots(hand)
    who = claimants(state, pots)
    # R2.9, R5.2: a last pot of one player's unmatched ante is named so, not side pot N
    back = len(pots) - 1 if unmatched_ante(hand, tuple(pots)) is not None else None
    paid = [0] * len(pots)
    for a in awards:
        if a.pot >= len(pots):
            last = (
                "the main pot"
                if len(pots) == 1
                else f"the main pot and side pots 1 to {len(pots) - 1}"
            )
            raise RuleError(f"there is no {pot_label(a.pot)}: this hand has {last}")
        if a.seat not in who[a.pot]:
            allowed = ", ".join(name_of(state, s) for s in who[a.pot])
            if a.pot == back:
                raise RuleError(
                    f"{name_of(state, a.seat)} cannot win the {pot_label(a.pot, back)}: "
                    f"it goes back to {allowed} (R5.2)"
                )
            raise RuleError(
                f"{name_of(state, a.seat)} cannot win the {pot_label(a.pot)}: only {allowed} may"
            )
        if a.half is Half.LOW and not hand.variant.hilo:
            raise RuleError(f"{hand.variant.name} has no low half")
        if a.run > board_parts(hand):
            if hand.boards > 1:
                raise RuleError(f"a double board has boards 1 and 2: there is no board {a.run}")
            raise RuleError(f"the board was not run {a.run} times: there is no run {a.run}")
        paid[a.pot] += a.amount
    for i, pot in enumerate(pots):
        if paid[i] != pot.amount:
            raise RuleError(
                f"the {pot_label(i, back)} holds {pot.amount} but the awards give out {paid[i]}: "
                f"award exactly {pot.amount}"
            )
    if board_parts(hand) > 1:  # R10.2, R13.2: each run or board wins its own part
        rule, word = ("R13.2", "board") if hand.boards > 1 else ("R10.2", "run")
        for i, pot in enumerate(pots):
            parts = run_parts(pot.amount, board_parts(hand), hand.stakes.chip)
            for run, part in enumerate(parts, 1):
                got = sum(a.amount for a in awards if a.pot == i and a.run == run)
                if got != part:
                    raise RuleError(
                        f"{word} {run} of the {pot_label(i, back)} is {part} ({rule}), "
                        f"but the awards give out {got} for it"
                    )
