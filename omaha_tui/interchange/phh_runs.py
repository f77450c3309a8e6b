"""A board run twice (or three times) in PHH: four user fields beside the standard ones.

Neither the PHH standard nor pokerkit's notation has a way to write more than one
run-out, so a hand whose players agreed to run it more than once (R10.2) carries:

- ``_omaha_tui_runs``: how many times the board was run (2 or 3);
- ``_omaha_tui_run_from``: how many board cards were out when the players agreed
  (0 before the flop, 3 on the flop, 4 on the turn);
- ``_omaha_tui_run_boards``: each later run's own cards, in run order (the cards
  shared by every run are the standard actions' ``d db`` lines);
- ``_omaha_tui_run_awards``: only when the dealer settled the pots by hand, each
  award per run (``{run, pot, player, half, amount}``), since finishing stacks alone
  cannot say which run won what.

The actions hold run 1, as a reader that ignores these fields sees the hand;
``finishing_stacks`` are the true result of all runs (docs/phh-extensions.md). On the
way in the agreement is read as made just before the next board card, and the later
runs as dealt once run 1's board is complete (R10.2).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from omaha_tui.engine.events import Award, Half

from .phh import PhhError, PhhHand, field_amount
from .phh_cards import Deck, card_list
from .phh_chips import to_chips

RUNS_FIELD = "_omaha_tui_runs"
RUN_FROM_FIELD = "_omaha_tui_run_from"
RUN_BOARDS_FIELD = "_omaha_tui_run_boards"
RUN_AWARDS_FIELD = "_omaha_tui_run_awards"
RUN_FIELDS = (RUNS_FIELD, RUN_FROM_FIELD, RUN_BOARDS_FIELD, RUN_AWARDS_FIELD)


@dataclass(frozen=True)
class RunOut:
    """R10.2 as a hand history holds it. ``boards``: the later runs' own cards (run 2
    first); ``awards``: the dealer's awards per run (seats = file order), when the pots
    were settled by hand."""

    runs: int
    run_from: int
    boards: tuple[tuple[str, ...], ...] = ()
    awards: tuple[Award, ...] | None = None


def run_fields(
    run: RunOut, label: Callable[[int], str], amount: Callable[[int], Decimal]
) -> tuple[tuple[str, Any], ...]:
    """The user fields of a hand run more than once (``label`` names a seat ``pN``,
    ``amount`` writes chips in the file's units).

    >>> for k, v in run_fields(RunOut(2, 3, (("Kc", "9d"),)), str, Decimal):
    ...     print(k, "=", v)
    _omaha_tui_runs = 2
    _omaha_tui_run_from = 3
    _omaha_tui_run_boards = ['Kc9d']
    """
    fields: list[tuple[str, Any]] = [
        (RUNS_FIELD, run.runs),
        (RUN_FROM_FIELD, run.run_from),
        (RUN_BOARDS_FIELD, ["".join(cards) for cards in run.boards]),
    ]
    if run.awards is not None:
        awards = [
            {
                "run": a.run,
                "pot": a.pot,
                "player": label(a.seat),
                "half": a.half.value,
                "amount": amount(a.amount),
            }
            for a in run.awards
        ]
        fields.append((RUN_AWARDS_FIELD, awards))
    return tuple(fields)


def read_runs(hand: PhhHand, scale: int) -> RunOut | None:
    """The run-outs a hand carries (``None`` for a board run once).

    Raises:
        PhhError: a field that does not describe a board run twice or three times.
    """
    fields = dict(hand.extra)
    if RUNS_FIELD not in fields:
        if any(k in fields for k in RUN_FIELDS):
            raise PhhError(f"{hand.source}: {RUNS_FIELD} is missing beside the other run fields")
        return None
    where = hand.source
    runs, run_from = fields[RUNS_FIELD], fields.get(RUN_FROM_FIELD)
    if not _whole(runs) or runs not in (2, 3):
        raise PhhError(f"{where}: {RUNS_FIELD} must be 2 or 3 (R10.2), not {runs!r}")
    if not _whole(run_from) or run_from not in (0, 3, 4):
        raise PhhError(
            f"{where}: {RUN_FROM_FIELD} must be 0, 3 or 4 (board cards out when the players "
            f"agreed), not {run_from!r}"
        )
    texts = fields.get(RUN_BOARDS_FIELD, [])
    if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
        raise PhhError(f'{where}: {RUN_BOARDS_FIELD} must be a list of cards such as "Kc9d"')
    if len(texts) > runs - 1:
        raise PhhError(f"{where}: {RUN_BOARDS_FIELD} lists {len(texts)} runs after the first")
    boards = []
    for k, text in enumerate(texts, start=2):
        cards = card_list(text, f"{where}: {RUN_BOARDS_FIELD} run {k}")
        if len(cards) != 5 - run_from:
            raise PhhError(
                f"{where}: run {k} is {5 - run_from} cards after {run_from} shared, "
                f"not {len(cards)}"
            )
        boards.append(cards)
    awards = None
    if RUN_AWARDS_FIELD in fields:
        awards = _awards(fields[RUN_AWARDS_FIELD], hand, scale)
    return RunOut(runs, run_from, tuple(boards), awards)


def _whole(value: Any) -> bool:
    """A TOML integer (not ``true``, not ``2.0``)."""
    return isinstance(value, int) and not isinstance(value, bool)


def take_run_cards(run: RunOut, deck: Deck, where: str) -> None:
    """Check the later runs' cards against every card of the hand (one deck, R10.2)."""
    for k, cards in enumerate(run.boards, start=2):
        deck.take(cards, f"{where}: {RUN_BOARDS_FIELD} run {k}", f"on run {k}'s board")


def _awards(raw: Any, hand: PhhHand, scale: int) -> tuple[Award, ...]:
    where = f"{hand.source}: {RUN_AWARDS_FIELD}"
    if not isinstance(raw, list):
        raise PhhError(f"{where} must be a list of {{run, pot, player, half, amount}}")
    out = []
    for i, item in enumerate(raw, start=1):
        if not isinstance(item, Mapping) or set(item) != {"run", "pot", "player", "half", "amount"}:
            raise PhhError(f"{where}: entry {i} needs exactly run, pot, player, half and amount")
        out.append(_award(item, f"{where}: entry {i}", hand.player_count, scale))
    return tuple(out)


def _award(item: Mapping[str, Any], where: str, players: int, scale: int) -> Award:
    run, pot, player, half, amount = (item[k] for k in ("run", "pot", "player", "half", "amount"))
    if not _whole(run) or run not in (1, 2, 3):
        raise PhhError(f"{where}: run must be 1, 2 or 3, not {run!r}")
    if not _whole(pot) or not 0 <= pot < players:
        raise PhhError(f"{where}: pot must be 0 (the main pot) to {players - 1}, not {pot!r}")
    labels = [f"p{k}" for k in range(1, players + 1)]
    if player not in labels:
        raise PhhError(f"{where}: player must be one of p1 to p{players}, not {player!r}")
    if half not in [h.value for h in Half]:
        raise PhhError(f'{where}: half must be "whole", "high" or "low", not {half!r}')
    chips = to_chips(field_amount(amount, "amount", where), scale)
    return Award(pot=pot, seat=labels.index(player), amount=chips, half=Half(half), run=run)


__all__ = ["RUN_FIELDS", "RunOut", "read_runs", "run_fields", "take_run_cards"]
