"""R10.2 in hand histories: a board run twice or three times is exported in user fields
(run 1 in the standard fields) and imported back, with or without the event log."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest

from omaha_tui.engine.config import VARIANTS, Stakes, TableConfig
from omaha_tui.engine.events import (
    Award,
    BoardDealt,
    Event,
    HoleCardsShown,
    PotsAwarded,
    RunBoardDealt,
    RunsAgreed,
)
from omaha_tui.engine.reducer.replay import apply, effective_events, initial_state
from omaha_tui.interchange.exact_log import OUR_FIELDS
from omaha_tui.interchange.interop import export_session, import_files
from omaha_tui.interchange.phh import PhhError, PhhHand, load, loads
from omaha_tui.interchange.phh_export import session_hands
from omaha_tui.interchange.phh_replay import replay_hand
from omaha_tui.interchange.phh_standard import NONSTANDARD_FIELD, RUN_TWICE
from omaha_tui.interchange.phh_write import dumps
from omaha_tui.store.journal import Journal
from tests import decided as c

from .recorded import Table, eventful_session

H1, H2 = "Ah 2s Kh Ks", "As 3s Qh Qd"  # the R7 example's hands
RUN_1, RUN_2 = "4h 5c 7h Qs Ad", "Kc 9d Tc Jc 8s"


def _run_twice(*, by_hand: bool = False, game: str = "omaha8", run_2: str = RUN_2) -> Table:
    """Heads-up pot-limit Omaha hi-lo, raised all in before the flop, run twice (R10.2)."""
    config = TableConfig(variant=VARIANTS[game], stakes=Stakes(big_blind=2))
    t = Table(config=config, seats=((0, "Ann", 100), (3, "Bob", 100)))
    t.do(c.start_hand(t.state))
    while t.state.hand is not None and t.state.hand.to_act is not None:
        t.do(c.all_in(t.state) if c.can_all_in(t.state) else c.pot(t.state))
    t.do(RunsAgreed(runs=2))
    cards = RUN_1.split()
    for k in (3, 4, 5):
        t.do(BoardDealt(cards=tuple(cards[: k if k == 3 else 1])))
        cards = cards[k if k == 3 else 1 :]
    t.do(RunBoardDealt(run=2, cards=tuple(run_2.split())))
    if by_hand:  # the dealer gives run 1 to Ann and run 2 to Bob
        t.do(
            PotsAwarded(
                awards=(Award(pot=0, seat=0, amount=100), Award(pot=0, seat=3, amount=100, run=2)),
                by_cards=False,
            )
        )
        return t
    t.do(HoleCardsShown(seat=0, cards=tuple(H1.split())))
    t.do(HoleCardsShown(seat=3, cards=tuple(H2.split())))
    t.do(c.settle_by_cards(t.state))
    return t


def _without_log(hand: PhhHand) -> PhhHand:
    return dataclasses.replace(
        hand, extra=tuple((k, v) for k, v in hand.extra if k not in OUR_FIELDS)
    )


def test_r10_2_run_one_is_in_the_standard_fields_and_the_later_runs_in_user_fields() -> None:
    (hand,) = session_hands(_run_twice().events)
    text = dumps(hand)
    board = [a for a in hand.actions if a.startswith("d db")]
    assert board == ["d db 4h5c7h", "d db Qs", "d db Ad"]  # run 1, as other readers see it
    assert "_omaha_tui_runs = 2\n" in text
    assert "_omaha_tui_run_from = 0\n" in text
    assert '_omaha_tui_run_boards = ["Kc9dTcJc8s"]\n' in text
    assert "_omaha_tui_run_awards" not in text  # settled by the cards: they say who won
    # The true result of both runs: Bob's queens and Ann's low split run 1, Bob's
    # straight takes run 2 whole (no low, R7.3). Ann (the button) is listed last.
    assert hand.players == ("Bob", "Ann")
    assert [int(s) for s in hand.finishing_stacks or ()] == [150, 50]
    assert "_omaha_tui_finishing_stacks" not in text
    # A standard reader replays run 1 alone, a split, so the hand says it differs.
    assert RUN_TWICE in dict(hand.extra)[NONSTANDARD_FIELD]


def test_r10_2_the_standard_fields_and_the_run_fields_alone_replay_both_runs() -> None:
    table = _run_twice()
    (hand,) = session_hands(table.events)
    (again,) = loads(dumps(_without_log(hand)), "h.phh")
    replayed = replay_hand(again)
    runs = [e for e in replayed.events if isinstance(e, RunsAgreed | RunBoardDealt)]
    assert runs == [RunsAgreed(runs=2), RunBoardDealt(run=2, cards=tuple(RUN_2.split()))]
    assert replayed.complete
    assert [s.stack for s in replayed.state.seats[:2]] == [150, 50]  # type: ignore[union-attr]
    (awarded,) = [e for e in replayed.events if isinstance(e, PotsAwarded)]
    assert sorted(a.run for a in awarded.awards) == [1, 1, 2]


def test_r10_2_a_hand_run_twice_and_settled_by_hand_keeps_each_runs_award() -> None:
    (hand,) = session_hands(_run_twice(by_hand=True).events)
    text = dumps(hand)
    assert "_omaha_tui_run_awards = [" in text
    assert '{run = 2, pot = 0, player = "p1", half = "whole", amount = 100}' in text
    (again,) = loads(dumps(_without_log(hand)), "h.phh")
    replayed = replay_hand(again)
    (awarded,) = [e for e in replayed.events if isinstance(e, PotsAwarded)]
    assert awarded == PotsAwarded(
        awards=(Award(pot=0, seat=1, amount=100), Award(pot=0, seat=0, amount=100, run=2)),
        by_cards=False,
    )
    assert [s.stack for s in replayed.state.seats[:2]] == [100, 100]  # type: ignore[union-attr]


def test_r10_2_other_readers_see_run_one_and_are_told_the_result_differs() -> None:
    from pokerkit import HandHistory

    # Pot-limit Omaha (PO, a standard code): Bob's queens win run 1, Ann's kings full
    # win run 2, so each gets half the pot back: the hand's result, in finishing_stacks.
    (hand,) = session_hands(_run_twice(game="omaha", run_2="Kc 9d 2c 2h 8s").events)
    assert [int(s) for s in hand.finishing_stacks or ()] == [100, 100]
    assert RUN_TWICE in dict(hand.extra)[NONSTANDARD_FIELD]
    history = HandHistory.loads(dumps(hand))
    assert history.user_defined_fields["_omaha_tui_run_boards"] == ["Kc9d2c2h8s"]
    *_, state = history
    assert "".join(repr(card[0]) for card in state.board_cards) == RUN_1.replace(" ", "")
    assert state.stacks == [200, 0]  # run 1 alone: what the hand's mark warns of


def test_r10_2_a_run_twice_whose_run_one_ends_the_same_is_standard() -> None:
    """Both runs won by the same hand: run 1 alone reaches the hand's result, so a
    standard reader is right and the hand is not marked."""
    (hand,) = session_hands(_run_twice(game="omaha", run_2="Qc 9d 2c 3h 8s").events)
    from pokerkit import HandHistory

    *_, state = HandHistory.loads(dumps(hand))
    if [int(s) for s in hand.finishing_stacks or ()] == list(state.stacks):
        assert NONSTANDARD_FIELD not in dict(hand.extra)
    else:
        assert RUN_TWICE in dict(hand.extra)[NONSTANDARD_FIELD]


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("_omaha_tui_runs", "4", "must be 2 or 3"),
        ("_omaha_tui_runs", "2.0", "must be 2 or 3"),
        ("_omaha_tui_runs", "true", "must be 2 or 3"),
        ("_omaha_tui_run_from", "2", "must be 0, 3 or 4"),
        ("_omaha_tui_run_boards", '["Kc9d"]', "run 2 is 5 cards after 0 shared, not 2"),
        ("_omaha_tui_run_boards", '["Kc9dTcJcAd"]', "Ad is already on the board"),
        ("_omaha_tui_run_boards", '["Kc9dTcJc8s", "2c3c6d9hTh"]', "lists 2 runs after the first"),
        ("_omaha_tui_run_awards", "[{run = 1}]", "needs exactly run, pot, player, half and amount"),
        (
            "_omaha_tui_run_awards",
            '[{run = 1, pot = 0, player = "p9", half = "whole", amount = 200}]',
            "player must be one of p1 to p2",
        ),
        (
            "_omaha_tui_run_awards",
            '[{run = 1, pot = 0, player = "p1", half = "whole", amount = 20}]',
            "the awards of each run: the main pot holds 200",
        ),
    ],
)
def test_r10_2_a_bad_run_field_is_refused_naming_it(field: str, value: str, message: str) -> None:
    (hand,) = session_hands(_run_twice().events)
    lines = [line for line in dumps(_without_log(hand)).splitlines() if not line.startswith(field)]
    text = "\n".join(lines) + f"\n{field} = {value}\n"
    with pytest.raises(PhhError, match=message):
        replay_hand(loads(text, "h.phh")[0])


def test_r10_2_run_fields_without_the_count_are_refused() -> None:
    (hand,) = session_hands(_run_twice().events)
    text = "\n".join(
        line for line in dumps(_without_log(hand)).splitlines() if "_omaha_tui_runs =" not in line
    )
    with pytest.raises(PhhError, match="_omaha_tui_runs is missing"):
        replay_hand(loads(text, "h.phh")[0])


def _hands(events: list[Event]) -> list[tuple[list[Event], dict[int, str]]]:
    """The effective events of each played hand (misdeals left out), with the names of
    the seats at its start."""
    out: list[tuple[list[Event], dict[int, str]]] = []
    current: list[Event] | None = None
    names: dict[int, str] = {}
    state = initial_state()
    for event in effective_events(events):
        after = apply(state, event)
        if event.type == "hand_started":
            current = []
            names = {i: s.name for i, s in enumerate(state.seats) if s is not None}
        elif event.type == "misdeal":
            current = None
        if current is not None:
            current.append(event)
            if after.hand is not None and after.hand.complete:
                out.append((current, names))
                current = None
        state = after
    if current is not None:
        out.append((current, names))
    return out


def _named(events: list[Event], names: dict[int, str]) -> list[Any]:
    """The R10.2 events and awards of a hand, seats replaced by the players' names."""
    out: list[Any] = []
    for e in events:
        if isinstance(e, RunsAgreed | RunBoardDealt):
            out.append(e)
        elif isinstance(e, PotsAwarded):
            out.append(
                (
                    e.by_cards,
                    sorted((a.run, a.pot, names[a.seat], a.half, a.amount) for a in e.awards),
                )
            )
    return out


# Seeds whose sessions run boards twice and three times, agreed before the flop, on the
# flop and on the turn, settled by the cards and by hand (checked below).
SEEDS = (*range(0, 40, 2), 3)


def test_r10_2_every_run_out_comes_back_with_and_without_the_event_log(tmp_path: Path) -> None:
    seen: set[tuple[int, int, bool]] = set()
    for game in ("omaha", "omaha8"):
        for seed in SEEDS:
            table = eventful_session(game, hands=8, seed=seed)
            with Journal.open(tmp_path / f"{game}{seed}.sqlite3") as journal:
                sid = journal.create_session("Friday")
                journal.append_many(sid, table.events)
                journal.release(sid)
                if not any(e.type == "runs_agreed" for e in table.events):
                    continue
                path = export_session(journal, sid, "phh", tmp_path / f"{game}{seed}").path
                (outcome,) = import_files(journal, [path])
                assert outcome.session_id is not None
                assert journal.events(outcome.session_id) == table.events
            originals = _hands(table.events)
            for hand, (events, by_name) in zip(load(path), originals, strict=True):
                if not any(isinstance(e, RunsAgreed) for e in events):
                    continue
                replayed = replay_hand(_without_log(hand))
                names = dict(enumerate(replayed.imported.hand.players or ()))
                mine, theirs = _named(list(replayed.events), names), _named(events, by_name)
                # The result of every run, in the standard field.
                result = hand.finishing_stacks
                if result is None:  # paused: the import settles shown hands
                    mine = mine[: len(theirs)]
                assert mine == theirs, hand.source
                if result is not None:
                    stacks = [s.stack for s in replayed.state.seats[: len(names)]]  # type: ignore[union-attr]
                    assert [replayed.amount(s) for s in stacks] == list(result)
                agreed = dict(hand.extra)
                seen.add(
                    (
                        agreed["_omaha_tui_runs"],
                        agreed["_omaha_tui_run_from"],
                        "_omaha_tui_run_awards" in agreed,
                    )
                )
    runs_from = {(runs, start) for runs, start, _ in seen}
    assert runs_from == {(r, s) for r in (2, 3) for s in (0, 3, 4)}, seen
    assert {by_hand for *_, by_hand in seen} == {True, False}


def test_r10_2_a_hand_imported_without_the_log_exports_its_runs_once(tmp_path: Path) -> None:
    (hand,) = session_hands(_run_twice(by_hand=True).events)
    path = tmp_path / "h.phh"
    path.write_text(dumps(_without_log(hand)))
    with Journal.open(tmp_path / "j.sqlite3") as journal:
        (outcome,) = import_files(journal, [path])
        assert outcome.session_id is not None and outcome.error is None
        again = export_session(journal, outcome.session_id, "phh", tmp_path / "out").path
    text = again.read_text()
    for field in ("_omaha_tui_runs", "_omaha_tui_run_boards", "_omaha_tui_run_awards"):
        assert text.count(f"\n{field} = ") == 1, field
    (back,) = load(again)
    assert _without_log(back).extra == _without_log(hand).extra
