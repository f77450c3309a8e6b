"""Pilot tests of the setup, help, showdown, history and ledger screens."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

import pytest
from textual.content import Content
from textual.widgets import Input, OptionList, Select, Static

from omaha_tui.app.prompts.card_input import check_cards
from omaha_tui.app.screens.help import HelpScreen, help_markdown
from omaha_tui.app.screens.history import HistoryScreen, hand_records
from omaha_tui.app.screens.ledger import LedgerScreen, ledger_table
from omaha_tui.app.screens.setup import (
    ButtonDraw,
    SetupResult,
    SetupScreen,
    describe_draw,
    setup_events,
)
from omaha_tui.app.widgets.cards import card_markup
from omaha_tui.engine.config import Structure
from omaha_tui.engine.events import (
    ActionUndone,
    ButtonDrawn,
    ButtonPlaced,
    Event,
    PlayerSeated,
    SessionStarted,
)
from omaha_tui.engine.hands.cards import parse_card, parse_cards
from omaha_tui.engine.reducer.replay import apply, effective_events, replay
from omaha_tui.engine.state import TableState
from tests import decided as commands

from .hands import checked_down, seated
from .screen_harness import ScreenHost


def _fill(screen: SetupScreen, **values: str) -> None:
    for widget_id, value in values.items():
        screen.query_one(f"#{widget_id.replace('_', '-')}", Input).value = value


def _text(screen: SetupScreen, widget_id: str) -> str:
    return str(screen.query_one(f"#{widget_id}", Static).render())


# ---------------------------------------------------------------- setup


async def test_setup_r2_3_default_small_blind_shown_live_and_used() -> None:
    screen = SetupScreen(random.Random(7))
    app = ScreenHost(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        _fill(screen, bb="25", chip="5", name_0="Ann", buyin_0="500", name_2="Cy", buyin_2="400")
        await pilot.pause()
        assert "Small blind default 10" in _text(screen, "sb-hint")
        assert screen.query_one("#sb", Input).placeholder == "10 (default)"
        await pilot.press("ctrl+b", "ctrl+s")
        await pilot.pause()
    (result,) = app.results
    assert isinstance(result, SetupResult)
    assert result.config.stakes.small_blind == 10  # R2.3: BB 25, chip 5 -> SB 10
    assert result.config.stakes.big_blind == 25
    assert [(p.seat, p.name, p.buy_in) for p in result.players] == [(0, "Ann", 500), (2, "Cy", 400)]
    assert result.draw is not None
    assert result.button == result.draw.winner


async def test_setup_typing_keys_into_the_form() -> None:
    screen = SetupScreen(random.Random(1))
    app = ScreenHost(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen.query_one("#bb", Input).focus()
        await pilot.press("end", "backspace", "4")
        await pilot.wait_for_scheduled_animations()  # a focused field is scrolled into view
        await pilot.click("#name-0")
        await pilot.press(*"Ann", "enter")
        assert screen.focused is screen.query_one("#buyin-0"), "enter moves to the next field"
        await pilot.wait_for_scheduled_animations()
        await pilot.click("#name-1")
        await pilot.press(*"Bob")
        await pilot.press("ctrl+b")  # draws even while typing in a field
        await pilot.pause()
        assert _text(screen, "draw-result").startswith("Ann ")
        assert "Blinds 2/4" in _text(screen, "sb-hint")
        screen.query_one("#button-mode", Select).value = "place"
        await pilot.pause()
        screen.query_one("#button-seat", Select).value = 1
        await pilot.press("ctrl+s")
        await pilot.pause()
    (result,) = app.results
    assert result.config.stakes.small_blind == 2
    assert [p.buy_in for p in result.players] == [400, 400]  # 100 big blinds by default
    assert result.button == 1 and result.draw is None


async def test_setup_fixed_limit_options_and_every_r9_game() -> None:
    screen = SetupScreen(random.Random(2))
    app = ScreenHost(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        games = screen.query_one("#game", Select)
        keys = [value for _label, value in games._options if isinstance(value, str)]
        assert keys == [
            "omaha",
            "omaha8",
            "omaha5",
            "big-o",
            "omaha6",
            "omaha6-8",
            "courchevel",
            "courchevel8",
            "binglao",
        ]
        assert not screen.query_one("#fl-options").display
        games.value = "omaha8"
        screen.query_one("#structure", Select).value = "fl"
        await pilot.pause()
        assert screen.query_one("#fl-options").display
        screen.query_one("#raise-cap", Select).value = 5
        screen.query_one("#no-cap-hu").value = True  # type: ignore[attr-defined]
        _fill(screen, bb="4", name_0="Ann", name_1="Bob", name_2="Cy")
        screen.query_one("#button-mode", Select).value = "place"
        await pilot.pause()
        screen.query_one("#button-seat", Select).value = 2
        await pilot.press("ctrl+s")
        await pilot.pause()
    (result,) = app.results
    config = result.config
    assert config.structure is Structure.FIXED_LIMIT
    assert config.variant.key == "omaha8"
    assert config.raise_cap == 5 and config.no_cap_heads_up
    assert config.stakes.big_bet == 8  # R4.7 $4/$8


async def test_setup_r1_3_seat_limit_hides_seats_beyond_it() -> None:
    screen = SetupScreen()
    app = ScreenHost(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen.query_one("#game", Select).value = "omaha6"
        await pilot.pause()
        assert "seats up to 7 (R1.3)" in _text(screen, "seat-limit")
        assert screen.query_one("#name-6").display
        assert not screen.query_one("#name-7").display
        screen.query_one("#game", Select).value = "binglao"
        await pilot.pause()
        assert not screen.query_one("#name-6").display
        screen.query_one("#binglao-seven").value = True  # type: ignore[attr-defined]
        await pilot.pause()
        assert screen.query_one("#name-6").display


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"name_0": "Ann"}, "Seat at least two players (R1.2): type a name and a buy-in"),
        (
            {"name_0": "Ann", "name_1": "ＡＮＮ"},
            'Seat 2: "ＡＮＮ" is Ann, who is already seated: use another name',
        ),
        ({"buyin_3": "50"}, "Seat 4: a buy-in without a name; add the name"),
        (
            {"name_0": "Ann", "name_1": "Bob", "sb": "3"},
            "Small blind 3 is larger than the big blind 2",
        ),
        (
            {"name_0": "Ann", "name_1": "Bob", "bb": "0"},
            "Big blind: Input should be greater than 0",
        ),
        (
            {"name_0": "Ann", "name_1": "Bob", "chip": "5", "bb": "25", "buyin_1": "333"},
            "Seat 2 buy-in 333 is not a multiple of the smallest chip 5",
        ),
        ({"name_0": "Ann", "name_1": "Bob"}, "Button: draw for it first (Draw, or ctrl+b)"),
        (
            {"name_0": "Eve\x1b[2J", "name_1": "Bob"},
            'Seat 1: the name "Eve\\x1b[2J" holds a control character (\\x1b): '
            "use letters, digits, spaces and punctuation",
        ),
    ],
)
async def test_setup_refuses_a_bad_form_saying_what_to_fix(
    values: dict[str, str], message: str
) -> None:
    screen = SetupScreen()
    app = ScreenHost(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        _fill(screen, **values)
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert _text(screen, "error") == message
        assert app.results == []
        error = screen.query_one("#error").region  # in sight at 80x24, above the footer
        assert error.height >= 1 and error.bottom <= 23


def test_r1_4_button_draw_kd_kh_9s_gives_the_kh_player_the_button() -> None:
    draw = ButtonDraw(((0, parse_card("Kd")), (1, parse_card("Kh")), (2, parse_card("9s"))))
    assert draw.winner == 1
    text = describe_draw(draw, {0: "Ann", 1: "Bob", 2: "Cy"})
    kh = card_markup(parse_card("Kh"))
    assert (
        f"Button: Bob with {kh} (equal rank, higher suit; suits rank ♣ < ♦ < ♥ < ♠, R1.4)" in text
    )
    assert "Button: Bob with K♥ (equal rank" in Content.from_markup(text).plain


async def test_setup_draw_shows_the_cards_and_the_suit_order() -> None:
    screen = SetupScreen(random.Random(11))
    app = ScreenHost(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        _fill(screen, name_0="Ann", name_1="Bob", name_4="Di")
        await pilot.pause()
        await pilot.press("ctrl+b")
        await pilot.pause()
        shown = _text(screen, "draw-result")
        assert shown.startswith("Ann ") and "Di " in shown
        assert "suits rank ♣ < ♦ < ♥ < ♠, R1.4" in shown
        _fill(screen, name_5="Ed")
        await pilot.pause()
        assert _text(screen, "draw-result") == "Players changed: draw again."


def test_setup_events_open_the_session_seat_players_and_record_the_draw() -> None:
    from omaha_tui.app.screens.setup import SeatedPlayer
    from omaha_tui.engine.config import Stakes, TableConfig, parse_game

    config = TableConfig(variant=parse_game("plo"), stakes=Stakes(big_blind=2))
    draw = ButtonDraw(((0, parse_card("Kd")), (3, parse_card("Kh"))))
    result = SetupResult(
        config, (SeatedPlayer(0, "Ann", 200), SeatedPlayer(3, "Bob", 150)), 3, draw, "t"
    )
    events = setup_events(result)
    assert events[0] == SessionStarted(config=config, title="t")
    assert events[1:3] == (
        PlayerSeated(seat=0, name="Ann", stack=200),
        PlayerSeated(seat=3, name="Bob", stack=150),
    )
    assert events[3] == ButtonDrawn(cards={0: "Kd", 3: "Kh"})
    placed = SetupResult(config, result.players, 0, None, "t")
    assert setup_events(placed)[-1] == ButtonPlaced(seat=0)


# ---------------------------------------------------------------- help


async def test_help_lists_the_keys_and_closes_with_escape() -> None:
    screen = HelpScreen()
    app = ScreenHost(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is not screen
    assert app.results == [None]
    text = help_markdown()
    assert "| `p` | pot: fill the pot-limit maximum (R4.4) and show the arithmetic |" in text


# ---------------------------------------------------------------- ledger


@dataclass(frozen=True)
class _Line:
    name: str
    buy_in: int
    rebuys: int = 0
    corrections: int = 0
    cashed_out: int = 0
    stack: int = 0

    @property
    def net(self) -> int:
        return self.stack + self.cashed_out - self.buy_in - self.rebuys


@dataclass(frozen=True)
class _Transfer:
    payer: str
    payee: str
    amount: int


LEDGER = (
    _Line("Ann", 200, stack=335),
    _Line("Bob", 200, 100, stack=65),
    _Line("Cy", 150, 0, 0, 250),
)


async def test_ledger_shows_nets_in_words_and_the_settle_up() -> None:
    transfers = (_Transfer("Bob", "Ann", 135), _Transfer("Bob", "Cy", 100))
    screen = LedgerScreen(LEDGER, transfers, "the chips balance: the nets add up to 0")
    app = ScreenHost(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = str(screen.query_one("#ledger-table", Static).render())
        assert "+135 up" in table and "-235 down" in table and "+100 up" in table
        assert str(screen.query_one("#transfers", Static).render()) == (
            "Bob pays Ann 135\nBob pays Cy 100"
        )
        assert screen.query_one("#balance").has_class("ok")
        await pilot.press("escape")
        await pilot.pause()
    assert app.results == [None]


def test_ledger_table_totals_and_even_players() -> None:
    table = ledger_table((_Line("Ann", 100, stack=100), _Line("Bob", 100, stack=100)))
    assert "even" in table
    assert table.splitlines()[-1].startswith("[dim]Total")


async def test_ledger_off_balance_is_flagged() -> None:
    screen = LedgerScreen(
        (_Line("Ann", 100, corrections=5, stack=105),),
        (),
        "the chips do not balance: 5 more chips than were bought (corrections: Ann +5)",
    )
    app = ScreenHost(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert screen.query_one("#balance").has_class("off")
        assert str(screen.query_one("#transfers", Static).render()) == (
            "Nobody owes anybody anything."
        )


# ---------------------------------------------------------------- history


def _r7_hand() -> tuple[list[Event], TableState]:
    events, state = checked_down(seated("omaha8", ["Ann", "Bob", "Cy"]), "4h 5c 7h Qs Ad")
    for event in (commands.show(state, 0, "Ah 2s Kh Ks"), commands.show(state, 1, "As 3s Qh Qd")):
        state = apply(state, event)
        events.append(event)
    return events, state


def test_history_tells_each_hand_without_undone_events() -> None:
    events, state = _r7_hand()
    events += [commands.muck(state, 2), ActionUndone()]  # a muck entered by mistake, undone
    state = replay(events)
    events.append(commands.muck(state, 2))
    state = replay(events)
    events.append(commands.settle_by_cards(state))
    records = hand_records(events)
    assert [r.number for r in records] == [None, 1]
    table, hand = records
    assert table.lines[-1] == "Button placed on Cy"
    assert hand.summary == "Bob +1, Ann +1"  # net: each won 3 of the 6, having put in 2
    assert hand.lines[0] == "Hand #1: button Cy; Ann posts small blind 1; Bob posts big blind 2"
    assert hand.lines[1:3] == ("Cy calls 2", "Ann calls 1")
    assert hand.lines.count("Cy mucks") == 1
    assert hand.lines[-1] == (
        "Bob wins 3 (main pot high) with three queens; Ann wins 3 (main pot low) with 7-5-4-2-A low"
    )


def test_effective_events_drop_the_last_effective_event_per_undo() -> None:
    events = seated("omaha", ["Ann", "Bob"])
    assert effective_events([*events, ActionUndone(), ActionUndone()]) == tuple(events[:-2])


def test_history_untracked_board_is_said_so() -> None:
    events, _ = checked_down(seated("omaha", ["Ann", "Bob"]), None)
    (_, hand) = hand_records(events)
    assert "Flop: 3 cards dealt, not entered" in hand.lines
    assert "River: 1 card dealt, not entered" in hand.lines
    assert hand.summary == "in play"


def test_history_tells_a_board_entered_at_showdown() -> None:
    events, state = checked_down(seated("omaha", ["Ann", "Bob"]), None)
    events.append(commands.record_board(state, "4h 5c 7h Qs Ad"))
    (_, hand) = hand_records(events)
    board = " ".join(card_markup(parse_card(c)) for c in ["4h", "5c", "7h", "Qs", "Ad"])
    assert hand.lines[-1] == f"Board entered: {board}"
    assert Content.from_markup(hand.lines[-1]).plain == "Board entered: 4♥ 5♣ 7♥ Q♠ A♦"


async def test_history_screen_lists_newest_hand_first_and_shows_its_story() -> None:
    events, state = _r7_hand()
    events.append(commands.muck(state, 2))
    events.append(commands.settle_by_cards(replay(events)))
    events, _ = checked_down(events, None)
    screen = HistoryScreen(events)
    app = ScreenHost(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        hands = screen.query_one("#hands", OptionList)
        assert [str(hands.get_option_at_index(i).prompt) for i in range(3)] == [
            "Hand 2  in play",
            "Hand 1  Bob +1, Ann +1",
            "Table",
        ]
        await pilot.press("down")
        await pilot.pause()
        story = str(screen.query_one("#story", Static).render())
        assert story.startswith("Hand 1\n• Hand #1: button Cy;")
        assert "• Ann shows A♥ 2♠ K♥ K♠" in story


async def test_ledger_from_a_table_state_uses_the_engine_ledger() -> None:
    state = replay(seated("omaha", ["Ann", "Bob"]))
    screen = LedgerScreen(state)
    app = ScreenHost(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = str(screen.query_one("#ledger-table", Static).render())
        assert "Ann" in table and "Bob" in table and table.count("even") == 2
        assert str(screen.query_one("#balance", Static).render()) == (
            "The chips balance: the nets add up to 0"
        )
        assert str(screen.query_one("#transfers", Static).render()) == (
            "Settle-up not available here."
        )


async def test_setup_r4_11_warns_about_buy_ins_outside_20_to_100_big_blinds() -> None:
    screen = SetupScreen()
    app = ScreenHost(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        _fill(screen, name_0="Ann", buyin_0="30", name_1="Bob", buyin_1="100")
        await pilot.pause()
        assert _text(screen, "buyin-hint") == (
            "Ann buys in for 30, outside the usual 40-200 (20-100 big blinds, R4.11)"
        )
        _fill(screen, buyin_0="40")
        await pilot.pause()
        assert _text(screen, "buyin-hint") == ""


async def test_ledger_takes_the_store_ledger_and_settle_up_as_they_are() -> None:
    from omaha_tui.store.ledger import ledger, settle_up

    events, state = checked_down(seated("omaha", ["Ann", "Bob"]), None)
    events.append(commands.settle_by_hand(state, [[0]]))
    book = ledger(replay(events))
    screen = LedgerScreen(book.lines, settle_up(book), book.explain())
    app = ScreenHost(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = str(screen.query_one("#ledger-table", Static).render())
        assert "+2 up" in table and "-2 down" in table
        assert str(screen.query_one("#transfers", Static).render()) == "Bob pays Ann 2"
        assert screen.query_one("#balance").has_class("ok")


# ---------------------------------------------------------------- card entry


@pytest.mark.parametrize(
    ("text", "status", "complete"),
    [
        ("", "type 4 cards, e.g. AhKd7c", False),
        ("AhK", "1 of 4: A♥ K…", False),  # a half-typed card is not an error yet
        ("Ah10", "1 of 4: A♥ 10…", False),
        ("ah kd 10c", "3 of 4: A♥ K♦ T♣", False),
        ("A♥K♦T♣2♠", "4 of 4: A♥ K♦ T♣ 2♠", True),
        ("AhKd7c2s3s", "Ann's hand has 5 cards: this game needs 4", False),
        ("AhAh", "Ah appears twice: each card exists once in the deck", False),
        (
            "Ah Zz",
            '"Zz" is not a card: use rank 2-9,T,J,Q,K,A (or 10) and suit c,d,h,s (or ♣♦♥♠)',
            False,
        ),
        ("Ah 9s", "9s appears twice: on the board and in Ann's hand", False),
    ],
)
def test_card_entry_reads_as_you_type(text: str, status: str, complete: bool) -> None:
    check = check_cards(text, (4,), "Ann", {"board": parse_cards("9s 8s 7s")})
    assert check.status == status
    assert check.complete is complete
    progress = re.match(r"\d+ of 4: |type ", status) is not None
    assert (check.error is None) == progress


def test_card_entry_board_allows_three_to_five_cards() -> None:
    assert check_cards("AhKd7c", (3, 4, 5), "board").complete
    assert check_cards("AhKd7c2s3s4s", (3, 4, 5), "board").error == (
        "The board has 6 cards: this game needs 3 or 4 or 5"
    )
