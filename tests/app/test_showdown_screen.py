"""Pilot tests of the showdown screen: R7 examples read, highlighted and awarded."""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import Checkbox, Input, SelectionList, Static

from omaha_tui.app.prompts.card_input import CardInput
from omaha_tui.app.screens.showdown import ShowdownScreen, pot_markup
from omaha_tui.app.widgets.cards import card_markup
from omaha_tui.engine.errors import RuleError
from omaha_tui.engine.events import BoardRecorded, Event, PotsAwarded
from omaha_tui.engine.hands.cards import parse_card, parse_cards
from omaha_tui.engine.reducer.replay import apply, replay
from omaha_tui.engine.state import TableState
from omaha_tui.session.showdown import (
    ShowdownResult,
    pot_results,
    pot_speech,
    with_entries,
)
from tests import decided as commands

from .hands import checked_down, seated
from .screen_harness import ScreenHost

R7_SPLIT_BOARD = "4h 5c 7h Qs Ad"
R7_SCOOP_BOARD = "Kh 3d 4d 8s 2d"


def _at_showdown(
    game: str, board: str | None, names: tuple[str, ...] = ("Ann", "Bob", "Cy")
) -> tuple[list[Event], TableState]:
    return checked_down(seated(game, list(names)), board)


def _readout(screen: ShowdownScreen) -> str:
    return str(screen.query_one("#readout", Static).render())


def _cards(text: str) -> tuple[int, ...]:
    return parse_cards(text)


# ---------------------------------------------------------------- pure view


def test_r7_split_example_reading_and_awards() -> None:
    _, state = _at_showdown("omaha8", R7_SPLIT_BOARD)
    sim = with_entries(state, {0: _cards("Ah 2s Kh Ks"), 1: _cards("As 3s Qh Qd")}, [2])
    (pot,) = pot_results(sim)
    assert pot.amount == 6 and pot.claimants == ("Ann", "Bob")
    (high,) = pot.high
    (low,) = pot.low
    assert (high.name, high.won, high.description) == ("Bob", 3, "three queens")
    assert set(high.hole_used) == set(_cards("Qh Qd"))
    assert set(high.board_used) == set(_cards("Qs Ad 7h"))
    # R7.2: 7-5-4-2-A beats Bob's 7-5-4-3-A
    assert (low.name, low.won, low.description) == ("Ann", 3, "7-5-4-2-A low")
    assert set(low.hole_used) == set(_cards("Ah 2s"))
    assert set(low.board_used) == set(_cards("4h 5c 7h"))
    assert pot.losers == (
        "Ann: pair of aces, loses the high to Bob's three queens",
        "Bob: loses the low to Ann's 7-5-4-2-A low (7-5-4-2-A beats 7-5-4-3-A: the two decides)",
        "Cy mucked: no claim on this pot (R8.2)",
    )


def test_r7_scoop_example_reading_and_awards() -> None:
    _, state = _at_showdown("omaha8", R7_SCOOP_BOARD, ("Ann", "Bob"))
    sim = with_entries(state, {0: _cards("Ah 2s Qd Ks"), 1: _cards("6h 7h Td Jd")}, [])
    (pot,) = pot_results(sim)
    assert [(r.name, r.won) for r in pot.high] == [("Bob", 2)]
    assert [(r.name, r.won) for r in pot.low] == [("Bob", 2)]
    assert set(pot.high[0].hole_used) == set(_cards("Td Jd"))
    assert set(pot.low[0].hole_used) == set(_cards("6h 7h"))
    assert "scoop (R7.6)" in pot.notes


def test_r7_3_no_low_the_high_takes_the_whole_pot() -> None:
    _, state = _at_showdown("omaha8", "Kh Qd Js 9c 9d", ("Ann", "Bob"))
    sim = with_entries(state, {0: _cards("Ah 2s 3c 4d"), 1: _cards("Kc Ks 5h 6h")}, [])
    (pot,) = pot_results(sim)
    assert [(r.name, r.won) for r in pot.high] == [("Bob", 4)]
    assert pot.low == ()
    assert "no qualifying low: the high takes the whole pot (R7.3)" in pot.notes


def test_r7_4_odd_chip_goes_to_the_high_half() -> None:
    events = seated("omaha8", ["Ann", "Bob", "Cy"])
    state = replay(events)
    for step in (commands.start_hand, commands.call, commands.fold, commands.check):
        state = apply(state, step(state))  # Cy calls, Ann folds her small blind: pot 5
    for street in ("4h 5c 7h", "Qs", "Ad"):
        state = apply(state, commands.deal_board(state, street))
        while state.hand is not None and state.hand.to_act is not None:
            state = apply(state, commands.check(state))
    sim = with_entries(state, {1: _cards("As 3s Qh Qd"), 2: _cards("Ah 2s Kh Ks")}, [])
    (pot,) = pot_results(sim)
    assert pot.amount == 5
    assert [(r.name, r.won) for r in pot.high] == [("Bob", 3)]
    assert [(r.name, r.won) for r in pot.low] == [("Cy", 2)]
    assert "odd chip to the high half (R7.4)" in pot.notes


def _side_pot_hand() -> tuple[list[Event], TableState]:
    """Cy (6 chips) is all in pre-flop; Ann and Bob bet on: a main pot and a side pot."""
    events = seated("omaha", ["Ann", "Bob", "Cy"], stacks=(200, 200, 6))
    state = replay(events)

    def do(event: Event) -> None:
        nonlocal state
        state = apply(state, event)
        events.append(event)

    do(commands.start_hand(state))
    do(commands.all_in(state))  # Cy, first to act, all in for 6
    do(commands.call(state))  # Ann
    do(commands.call(state))  # Bob
    do(commands.deal_board(state, "Ah Kd 7c"))
    do(commands.bet_or_raise(state, 10))  # Ann
    do(commands.call(state))  # Bob
    for street in ("2s", "3h"):
        do(commands.deal_board(state, street))
        while state.hand is not None and state.hand.to_act is not None:
            do(commands.check(state))
    return events, state


def test_side_pots_are_read_and_spoken_one_by_one() -> None:
    _, state = _side_pot_hand()
    hands = {0: _cards("Qs Qd 9c 8c"), 1: _cards("Kh Ks Td Jd"), 2: _cards("As Ac 6h 6s")}
    (main, side) = pot_results(with_entries(state, hands, []))
    assert (main.label, main.amount, main.claimants) == ("Main pot", 18, ("Ann", "Bob", "Cy"))
    assert [(r.name, r.won, r.description) for r in main.high] == [("Cy", 18, "three aces")]
    assert (side.label, side.amount, side.claimants) == ("Side pot 1", 20, ("Ann", "Bob"))
    assert [(r.name, r.won, r.description) for r in side.high] == [("Bob", 20, "three kings")]
    said = pot_speech([main, side])
    assert said.startswith("Main pot. Cy wins 18 with three aces")
    assert "Cy's aces beat Bob's kings." in said  # R8.3: the deciding cards
    assert "Side pot 1. Bob wins 20 with three kings" in said


async def test_screen_side_pots_by_hand_name_winners_per_pot() -> None:
    events, state = _side_pot_hand()
    screen = ShowdownScreen(state)
    app = ScreenHost(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+b")
        screen.query_one("#win-0", SelectionList).select(2)
        screen.query_one("#win-1", SelectionList).select(0)
        screen.query_one("#win-1", SelectionList).select(1)
        await pilot.press("ctrl+s")
        await pilot.pause()
    (result,) = app.results
    assert result.winners == ((2,), (0, 1))
    assert result.speech == "Cy wins the main pot. Ann and Bob win side pot 1."
    after = replay([*events, *result.events(state)])
    assert [s.stack if s else None for s in after.seats[:3]] == [194, 194, 18]


def test_highlight_marks_the_two_hole_and_three_board_cards() -> None:
    _, state = _at_showdown("omaha8", R7_SPLIT_BOARD)
    sim = with_entries(state, {0: _cards("Ah 2s Kh Ks"), 1: _cards("As 3s Qh Qd")}, [2])
    assert sim.hand is not None
    text = pot_markup(pot_results(sim)[0], sim.hand.board)
    assert card_markup(parse_card("Qh"), highlight=True) in text
    assert card_markup(parse_card("Qd"), highlight=True) in text
    assert card_markup(parse_card("As")) in text  # unused hole card, not highlighted
    assert card_markup(parse_card("Qs"), highlight=True) in text


def test_speech_names_winners_and_hands() -> None:
    _, state = _at_showdown("omaha8", R7_SPLIT_BOARD)
    sim = with_entries(state, {0: _cards("Ah 2s Kh Ks"), 1: _cards("As 3s Qh Qd")}, [2])
    (pot,) = pot_results(sim)
    assert pot_speech([pot]) == (
        "Bob wins 3 with three queens, queen-queen from the hand with the queen of spades, ace "
        "and seven. Ann wins 3 for the low with seven-five-four-two-ace. "
        "Ann's two beats Bob's three for the low."
    )


def test_showdown_events_record_shows_mucks_and_awards() -> None:
    events, state = _at_showdown("omaha8", R7_SPLIT_BOARD)
    result = ShowdownResult(
        shown=((0, _cards("Ah 2s Kh Ks")), (1, _cards("As 3s Qh Qd"))), mucked=(2,)
    )
    after = replay([*events, *result.events(state)])
    assert after.hand is not None and after.hand.complete
    assert [s.stack if s else None for s in after.seats[:3]] == [201, 201, 198]


def test_by_hand_winners_are_settled_by_the_engine() -> None:
    events, state = _at_showdown("omaha", None)
    result = ShowdownResult(winners=((1,),))
    after = replay([*events, *result.events(state)])
    assert [s.stack if s else None for s in after.seats[:3]] == [198, 204, 198]


# ---------------------------------------------------------------- the screen


async def _type(pilot: Any, screen: ShowdownScreen, widget_id: str, text: str) -> None:
    screen.query_one(f"#{widget_id}", Input).focus()
    await pilot.press(*text)
    await pilot.pause()


async def test_screen_r7_split_shows_order_readings_and_awards() -> None:
    events, state = _at_showdown("omaha8", R7_SPLIT_BOARD)
    screen = ShowdownScreen(state)
    app = ScreenHost(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        order = str(screen.query_one("#sd-order", Static).render())
        assert order == "Showing order (R8.1): Ann, Bob, Cy"  # checked through: left of button
        assert "must show or muck first" in _readout(screen)
        await _type(pilot, screen, "hand-0", "Ah2sKhKs")
        await pilot.press("enter")  # on to the next player's field
        assert screen.focused is screen.query_one("#hand-1")
        await pilot.press(*"as 3s qh qd".replace(" ", ""))
        await pilot.click("#muck-2")
        await pilot.pause()
        readout = _readout(screen)
        assert readout.startswith("Main pot 6 · Ann, Bob")
        assert "High: Bob +3" in readout and "Low: Ann +3" in readout
        await pilot.press("ctrl+s")
        await pilot.pause()
    (result,) = app.results
    assert isinstance(result, ShowdownResult)
    assert result.shown == ((0, _cards("Ah 2s Kh Ks")), (1, _cards("As 3s Qh Qd")))
    assert result.mucked == (2,) and result.by_cards
    assert result.speech.startswith("Bob wins 3 with three queens, queen-queen from the hand")
    after = replay([*events, *result.events(state)])
    assert [s.stack if s else None for s in after.seats[:3]] == [201, 201, 198]


async def test_screen_flags_invalid_and_duplicate_cards_as_typed() -> None:
    _, state = _at_showdown("omaha8", R7_SPLIT_BOARD)
    screen = ShowdownScreen(state)
    app = ScreenHost(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        ann = screen.query_one("#hand-0", CardInput)
        await _type(pilot, screen, "hand-0", "Ah2sQs")
        assert ann.has_class("-invalid")
        assert ann.border_subtitle == "Qs appears twice: on the board and in Ann's hand"
        await pilot.press("backspace", "backspace", "K", "h", "K", "s")
        await pilot.pause()
        assert not ann.has_class("-invalid") and ann.has_class("-complete")
        bob = screen.query_one("#hand-1", CardInput)
        await _type(pilot, screen, "hand-1", "Kh")
        assert bob.border_subtitle == "Kh appears twice: in Ann's hand and in Bob's hand"
        await pilot.press("backspace", "backspace", "Z", "z")
        await pilot.pause()
        assert bob.border_subtitle == (
            '"Zz" is not a card: use rank 2-9,T,J,Q,K,A (or 10) and suit c,d,h,s (or ♣♦♥♠)'
        )
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.results == []
        assert str(screen.query_one("#sd-error", Static).render()) == bob.border_subtitle


async def test_screen_awards_by_hand_when_cards_are_not_entered() -> None:
    events, state = _at_showdown("omaha", None)
    screen = ShowdownScreen(state)
    app = ScreenHost(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+b")
        await pilot.pause()
        assert screen.query_one("#by-hand").display
        screen.query_one("#win-0", SelectionList).select(2)
        await pilot.press("ctrl+s")
        await pilot.pause()
    (result,) = app.results
    assert result.winners == ((2,),) and not result.by_cards
    assert result.speech == "Cy wins the main pot."
    after = replay([*events, *result.events(state)])
    assert [s.stack if s else None for s in after.seats[:3]] == [198, 198, 204]


async def test_screen_by_hand_without_a_winner_is_refused_with_the_reason() -> None:
    _, state = _at_showdown("omaha", None)
    screen = ShowdownScreen(state)
    app = ScreenHost(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+b", "ctrl+s")
        await pilot.pause()
        assert str(screen.query_one("#sd-error", Static).render()) == (
            "the main pot needs at least one winner"
        )
    assert app.results == []


def test_board_typed_at_showdown_is_recorded_then_settled_by_cards() -> None:
    events, state = _at_showdown("omaha8", None)
    result = ShowdownResult(
        shown=((0, _cards("Ah 2s Kh Ks")), (1, _cards("As 3s Qh Qd"))),
        mucked=(2,),
        board=_cards(R7_SPLIT_BOARD),
    )
    recorded = result.events(state)
    assert [e.type for e in recorded] == [
        "board_recorded",
        "hole_cards_shown",
        "hole_cards_shown",
        "hand_mucked",
        "pots_awarded",
    ]
    assert isinstance(recorded[0], BoardRecorded)
    assert recorded[0].cards == tuple(R7_SPLIT_BOARD.split())
    assert isinstance(recorded[-1], PotsAwarded) and recorded[-1].by_cards
    after = replay([*events, *recorded])
    assert after.hand is not None and after.hand.board == _cards(R7_SPLIT_BOARD)
    assert [s.stack if s else None for s in after.seats[:3]] == [201, 201, 198]


def test_board_typed_at_showdown_with_winners_by_hand_is_still_recorded() -> None:
    events, state = _at_showdown("omaha", None)
    result = ShowdownResult(board=_cards(R7_SPLIT_BOARD), winners=((1,),))
    recorded = result.events(state)
    assert [e.type for e in recorded] == ["board_recorded", "pots_awarded"]
    assert isinstance(recorded[-1], PotsAwarded) and not recorded[-1].by_cards
    after = replay([*events, *recorded])
    assert [s.stack if s else None for s in after.seats[:3]] == [198, 204, 198]


def test_board_typed_at_showdown_refuses_a_card_already_shown() -> None:
    _, state = _at_showdown("omaha", None)
    state = apply(state, commands.show(state, 0, "Ah 2s Kh Ks"))
    result = ShowdownResult(board=_cards("4h 5c 7h Qs Ah"))
    with pytest.raises(RuleError) as refused:
        result.events(state)
    assert str(refused.value) == "Ah appears twice: on the board and in Ann's hand"


async def test_screen_board_entered_at_showdown_is_recorded_and_read_by_cards() -> None:
    events, state = _at_showdown("omaha8", None)
    screen = ShowdownScreen(state)
    app = ScreenHost(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await _type(pilot, screen, "board", R7_SPLIT_BOARD.replace(" ", ""))
        await _type(pilot, screen, "hand-0", "Ah2sKhKs")
        await _type(pilot, screen, "hand-1", "As3sQhQd")
        await pilot.click("#muck-2")
        await pilot.pause()
        assert "High: Bob +3" in _readout(screen)
        await pilot.press("ctrl+s")
        await pilot.pause()
    (result,) = app.results
    assert result.board == _cards(R7_SPLIT_BOARD)
    assert result.by_cards and result.low_winners is None
    recorded = result.events(state)
    assert isinstance(recorded[0], BoardRecorded)
    assert isinstance(recorded[-1], PotsAwarded) and recorded[-1].by_cards
    after = replay([*events, *recorded])
    assert [s.stack if s else None for s in after.seats[:3]] == [201, 201, 198]


async def test_screen_read_aloud_shows_a_caption_with_the_silent_backend() -> None:
    _, state = _at_showdown("omaha8", R7_SPLIT_BOARD)
    screen = ShowdownScreen(state)
    app = ScreenHost(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await _type(pilot, screen, "hand-0", "Ah2sKhKs")
        await _type(pilot, screen, "hand-1", "As3sQhQd")
        await pilot.click("#muck-2")
        await pilot.press("ctrl+r")
        await app.workers.wait_for_complete()
        await pilot.pause()
        (note,) = app._notifications
        assert note.message.startswith("Bob wins 3 with three queens, queen-queen from the hand")


async def test_r8_2_one_tab_per_hand_and_ctrl_o_mucks_the_hand_in_focus() -> None:
    _, state = _at_showdown("omaha8", R7_SPLIT_BOARD)
    screen = ShowdownScreen(state)
    app = ScreenHost(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen.query_one("#hand-0").focus()
        await pilot.press("tab")
        assert screen.focused is screen.query_one("#hand-1")  # no muck box in between
        await pilot.press("tab", "ctrl+o")
        await pilot.pause()
        assert screen.query_one("#muck-2", Checkbox).value


def test_r5_2_the_showdown_screen_names_an_unmatched_ante_as_the_felt_does() -> None:
    """Antes 100; Ann 500, Bob 90, Cy 85 all in: Ann's last 10 of ante nobody matched is
    no side pot 2 on the showdown screen but her own ante, going back to her."""
    from omaha_tui.engine.config import Stakes, TableConfig, parse_game
    from omaha_tui.engine.decisions import requests as rq
    from omaha_tui.session import Player, TableSetup

    config = TableConfig(
        variant=parse_game("plo"), stakes=Stakes(small_blind=5, big_blind=10, ante=100)
    )
    setup = TableSetup(config, (Player(0, "Ann", 500), Player(1, "Bob", 90), Player(2, "Cy", 85)))
    state = replay(setup.events())
    for request in (rq.NextHand(), rq.Call(), *(rq.DealCards(c) for c in ("AdKdQd", "2h", "3h"))):
        for event in commands.events(state, request):
            state = apply(state, event)
    hands = {0: _cards("AsAhKsKh"), 1: _cards("2c3d4h5s"), 2: _cards("7c8d9hTs")}
    sim = with_entries(state, hands, [])
    *_, back = pot_results(sim)
    markup = pot_markup(back, sim.hand.board if sim.hand is not None else ())
    assert markup == "[b]Unmatched ante 10[/b] · back to Ann"
