"""What is said aloud at showdown, built as plain text (R8.3): the dealer's sentence for
a showdown (the winning high hand, the low, the cards that decided), the odd chips
(R7.4), a pot's result, and a pot awarded by hand.

The app's speech backend only voices what these functions return, so everything a
player hears is unit-tested here as text; the words of one hand are :mod:`.spoken`.
This module builds text only: it does not evaluate hands and does not make sound.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from omaha_tui.engine.hands.spoken import join_words

if TYPE_CHECKING:  # types only: reading a showdown aloud loads no event schemas (pydantic)
    from omaha_tui.engine.events import Award
    from omaha_tui.engine.hands.showdown import ShowdownReading


def showdown_speech(
    reading: ShowdownReading,
    won_high: Mapping[int, int] | None = None,
    won_low: Mapping[int, int] | None = None,
) -> str:
    """What the dealer says: the winning high hand, then the low (R7.3, R7.6), then
    the card that decided each loss between hands of one kind (R8.3).

    ``won_high`` / ``won_low`` map a player's index in ``reading.players`` to the chips
    they win in that half (the whole pot in a high-only game); when given, the
    sentence says the amounts.

    >>> from omaha_tui.engine.hands.cards import parse_cards
    >>> from omaha_tui.engine.config import parse_game
    >>> from omaha_tui.engine.hands.showdown import read_showdown
    >>> hands = [("Bob", parse_cards("Ah 2s Kh Ks")), ("Ann", parse_cards("As 3s Qh Qd"))]
    >>> r = read_showdown(parse_game("omaha8"), parse_cards("4h 5c 7h Qs Ad"), hands)
    >>> print(showdown_speech(r))  # doctest: +NORMALIZE_WHITESPACE
    Ann: three queens, queen-queen from the hand with the queen of spades, ace and seven.
    Bob wins the low with seven-five-four-two-ace. Bob's two beats Ann's three for the low.
    >>> print(showdown_speech(r, {1: 20}, {0: 20}))  # doctest: +NORMALIZE_WHITESPACE
    Ann wins 20 with three queens, queen-queen from the hand with the queen of spades, ace
    and seven. Bob wins 20 for the low with seven-five-four-two-ace. Bob's two beats
    Ann's three for the low.
    """
    players = reading.players
    highs = [players[i] for i in reading.high_winners]
    names = join_words([p.name for p in highs])
    sentence = highs[0].high.sentence
    if won_high is None:
        parts = [f"{names}: {sentence}." if len(highs) == 1 else f"{names} tie: {sentence}."]
    elif len(highs) == 1:
        parts = [f"{names} wins {_chips(won_high, reading.high_winners[0])} with {sentence}."]
    else:
        parts = [f"{names} tie: {sentence}. {_amounts(reading, reading.high_winners, won_high)}."]
    parts += _deciders(reading, low=False)
    if reading.hilo:
        lows = [players[i] for i in reading.low_winners]
        if not lows:
            parts.append(
                f"No qualifying low: {names} {'take' if len(highs) > 1 else 'takes'} the whole pot."
            )
        else:
            low = lows[0].low
            assert low is not None
            low_names = join_words([p.name for p in lows])
            if len(lows) > 1:
                parts.append(f"{low_names} split the low with {low.spoken}.")
                if won_low is not None:
                    parts.append(f"{_amounts(reading, reading.low_winners, won_low)}.")
            elif won_low is not None:
                amount = _chips(won_low, reading.low_winners[0])
                parts.append(f"{low_names} wins {amount} for the low with {low.spoken}.")
            else:
                parts.append(f"{low_names} wins the low with {low.spoken}.")
            parts += _deciders(reading, low=True)
            if len(lows) == 1 and len(highs) == 1 and lows[0] is highs[0]:
                parts.append(f"{names} scoops.")
    return " ".join(parts)


def _chips(won: Mapping[int, int], index: int) -> str:
    return f"{won.get(index, 0):,}"


def _amounts(reading: ShowdownReading, winners: Sequence[int], won: Mapping[int, int]) -> str:
    """``Ann wins 21 and Bob wins 20``: each tied winner's share (R7.4 odd chips)."""
    return join_words([f"{reading.players[i].name} wins {_chips(won, i)}" for i in winners])


def _deciders(reading: ShowdownReading, *, low: bool) -> list[str]:
    """``Cy's queen beats Dee's seven.`` for each loss between hands of one kind (R8.3)."""
    out: list[str] = []
    players = reading.players
    winners = reading.low_winners if low else reading.high_winners
    for p in players:
        decider = p.low_decider if low else p.high_decider
        if decider is not None:
            said = decider.spoken(players[winners[0]].name, p.name)
            out.append(f"{said} for the low." if low else f"{said}.")
    return out


def odd_chip_notes(awards: Sequence[Award], *, split: bool) -> list[str]:
    """R7.4 notes on a pot's awards: the odd chip of a split pot, and of a tie in a half.

    >>> from omaha_tui.engine.events import Award
    >>> odd_chip_notes([Award(pot=0, seat=0, amount=3, half="high"),
    ...                 Award(pot=0, seat=1, amount=2, half="low")], split=True)
    ['odd chip to the high half (R7.4)']
    """
    notes: list[str] = []
    halves: dict[str, list[int]] = {}
    for a in awards:
        halves.setdefault(a.half.value, []).append(a.amount)
    if split and sum(halves.get("high", [])) > sum(halves.get("low", [])):
        notes.append("odd chip to the high half (R7.4)")
    for half, amounts in halves.items():
        if len(amounts) > 1 and max(amounts) != min(amounts):
            what = "pot" if half == "whole" else f"{half} half"
            notes.append(f"{what}: odd chip to the first winner left of the button (R7.4)")
    return notes


def spoken_result(pots: Sequence[tuple[str, str, str]]) -> str:
    """A showdown's result to say aloud: per pot ``(label, uncontested winner, speech)``;
    the label is empty when there is one pot.

    >>> spoken_result([("", "Ann", "")])
    'The pot goes to Ann.'
    >>> spoken_result([("Main pot", "", "Bob wins 4 · with a flush."), ("Side pot 1", "Cy", "")])
    'Main pot. Bob wins 4, with a flush. Side pot 1 goes to Cy.'
    """
    out: list[str] = []
    for label, uncontested, speech in pots:
        if uncontested:
            out.append(f"{label or 'The pot'} goes to {uncontested}.")
        else:
            out.append(f"{label}. {speech}" if label else speech)
    return " ".join(out).replace(" · ", ", ")


def awarded_by_hand(
    names: Sequence[str], pot: str, run: int = 1, runs: int = 1, boards: int = 1
) -> str:
    """What is said when the dealer names a pot's winners by hand (``pot``: its label);
    ``run`` is the board of a double board when ``boards`` is 2 (R13.2).

    >>> awarded_by_hand(["Ann", "Bob"], "the main pot", run=2, runs=2)
    'Ann and Bob win run 2 of the main pot.'
    >>> awarded_by_hand(["Cy"], "the main pot", run=2, runs=2, boards=2)
    'Cy wins board 2 of the main pot.'
    """
    what = f"{'board' if boards > 1 else 'run'} {run} of {pot}" if runs > 1 else pot
    return f"{join_words(list(names))} {'win' if len(names) > 1 else 'wins'} {what}."
