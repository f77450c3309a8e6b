"""R13.2 in hand histories: a double board is exported with board 1 in the standard fields
and board 2 in user fields, marked non-standard, and reads back event for event, with or
without the event log."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from omaha_tui.engine.config import VARIANTS, Stakes, Structure, TableConfig
from omaha_tui.engine.events import Award, BoardDealt, HoleCardsShown, PotsAwarded
from omaha_tui.interchange.exact_log import OUR_FIELDS
from omaha_tui.interchange.interop import export_session, import_files
from omaha_tui.interchange.phh import PhhError, PhhHand, loads
from omaha_tui.interchange.phh_export import session_hands
from omaha_tui.interchange.phh_replay import replay_hand
from omaha_tui.interchange.phh_write import dumps
from omaha_tui.store.journal import Journal
from tests import decided as c

from .recorded import Table

BOARD_1, BOARD_2 = "Kc 7d 2h 9s 4c", "Th Jh Qd 3s 5d"
HANDS = {0: "Ks Kd 6c 6h", 2: "9c 8c 3c 3d", 4: "9d 8d 2c 2d"}


def _double(*, by_hand: bool = False, cards: bool = True) -> Table:
    """Ann, Bob and Cy all in for 40 on a double board: the R13.2 example's hands."""
    config = TableConfig(
        variant=VARIANTS["omaha"],
        structure=Structure.NO_LIMIT,
        stakes=Stakes(big_blind=2),
        double_board="every",
    )
    t = Table(config=config, seats=((0, "Ann", 40), (2, "Bob", 40), (4, "Cy", 40)))
    t.do(c.start_hand(t.state))
    while t.state.hand is not None and t.state.hand.to_act is not None:
        t.do(c.all_in(t.state) if c.can_all_in(t.state) else c.call(t.state))
    one, two = BOARD_1.split(), BOARD_2.split()
    for lo, hi in ((0, 3), (3, 4), (4, 5)):
        if cards:
            t.do(BoardDealt(cards=tuple(one[lo:hi])))
            t.do(BoardDealt(cards=tuple(two[lo:hi]), board=2))
        else:
            t.do(BoardDealt(count=hi - lo))
            t.do(BoardDealt(count=hi - lo, board=2))
    if by_hand:  # the dealer gives board 1 to Ann, board 2 to Cy
        t.do(
            PotsAwarded(
                awards=(Award(pot=0, seat=0, amount=60), Award(pot=0, seat=4, amount=60, run=2)),
                by_cards=False,
            )
        )
        return t
    for seat, held in HANDS.items():
        t.do(HoleCardsShown(seat=seat, cards=tuple(held.split())))
    t.do(c.settle_by_cards(t.state))
    return t


def _without_log(hand: PhhHand) -> PhhHand:
    return dataclasses.replace(
        hand, extra=tuple((k, v) for k, v in hand.extra if k not in OUR_FIELDS)
    )


def test_r13_2_board_1_is_in_the_standard_fields_and_board_2_in_user_fields() -> None:
    (hand,) = session_hands(_double().events)
    text = dumps(hand)
    board = [a for a in hand.actions if a.startswith("d db")]
    assert board == ["d db Kc7d2h", "d db 9s", "d db 4c"]  # board 1, as other readers see it
    assert "_omaha_tui_boards = 2\n" in text
    assert '_omaha_tui_board_2 = ["ThJhQd", "3s", "5d"]\n' in text
    assert "two boards (R13.2)" in str(dict(hand.extra)["_omaha_tui_nonstandard"])
    # The true result (R13.2's example: A 60, B 30, C 30) in a user field; board 1 alone
    # (Ann's three kings take it all) in the standard one. The button (Ann) is last.
    assert hand.players == ("Bob", "Cy", "Ann")
    assert "_omaha_tui_finishing_stacks = [30, 30, 60]\n" in text
    assert [int(s) for s in hand.finishing_stacks or ()] == [0, 0, 120]


def test_r13_2_the_standard_fields_and_the_board_fields_alone_replay_both_boards() -> None:
    table = _double()
    (hand,) = session_hands(table.events)
    (again,) = loads(dumps(_without_log(hand)), "h.phh")
    replayed = replay_hand(again)
    boards = [(e.board, e.cards) for e in replayed.events if isinstance(e, BoardDealt)]
    assert boards == [
        (1, ("Kc", "7d", "2h")),
        (2, ("Th", "Jh", "Qd")),
        (1, ("9s",)),
        (2, ("3s",)),
        (1, ("4c",)),
        (2, ("5d",)),
    ]
    assert replayed.complete
    assert [s.stack for s in replayed.state.seats[:3]] == [30, 30, 60]  # type: ignore[union-attr]


def test_r13_2_a_double_board_settled_by_hand_keeps_each_boards_award() -> None:
    (hand,) = session_hands(_double(by_hand=True, cards=False).events)
    text = dumps(hand)
    assert '_omaha_tui_board_2 = ["??????", "??", "??"]\n' in text
    assert '{board = 2, pot = 0, player = "p2", half = "whole", amount = 60}' in text
    (again,) = loads(dumps(_without_log(hand)), "h.phh")
    replayed = replay_hand(again)
    (awarded,) = [e for e in replayed.events if isinstance(e, PotsAwarded)]
    assert sorted((a.run, a.seat, a.amount) for a in awarded.awards) == [(1, 2, 60), (2, 1, 60)]


def test_r13_2_an_exported_session_imports_back_event_for_event(tmp_path: Path) -> None:
    table = _double()
    with Journal.open(tmp_path / "j.sqlite3") as journal:
        sid = journal.create_session("Friday")
        journal.append_many(sid, table.events)
        journal.release(sid)
        for fmt in ("phh", "json"):
            path = export_session(journal, sid, fmt, tmp_path / f"out-{fmt}").path
            (outcome,) = import_files(journal, [path])
            assert outcome.session_id is not None, outcome.error
            assert journal.events(outcome.session_id) == table.events


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("_omaha_tui_boards", "3", "must be 2"),
        ("_omaha_tui_board_2", '["ThJh"]', "street 1 is 3 card"),
        ("_omaha_tui_board_2", '["KcJhQd", "3s", "5d"]', "Kc"),
        ("_omaha_tui_board_awards", "[{board = 1}]", "needs exactly board, pot, player"),
    ],
)
def test_r13_2_a_bad_board_field_is_refused_naming_it(field: str, value: str, message: str) -> None:
    (hand,) = session_hands(_double().events)
    lines = [line for line in dumps(_without_log(hand)).splitlines() if not line.startswith(field)]
    text = "\n".join(lines) + f"\n{field} = {value}\n"
    with pytest.raises(PhhError, match=message):
        replay_hand(loads(text, "h.phh")[0])
