"""Whole flows through the app with Pilot: keys in, journal and table out.

Each test drives ``OmahaApp`` the way a dealer does (keys, prompts, the showdown
screen) on a journal in a temporary folder, with the clock frozen and speech silent.
"""

from __future__ import annotations

import argparse
from dataclasses import replace
from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Input, Label, Select

from omaha_tui.app.app import OmahaApp, TableStart
from omaha_tui.app.prompts.amount_prompt import AmountPrompt
from omaha_tui.app.prompts.card_input import CardInput
from omaha_tui.app.screens.help import HelpScreen
from omaha_tui.app.screens.history import HistoryScreen
from omaha_tui.app.screens.ledger import LedgerScreen
from omaha_tui.app.screens.resume import ResumeDialog
from omaha_tui.app.screens.setup import SetupScreen
from omaha_tui.app.screens.showdown import ShowdownScreen
from omaha_tui.app.screens.table import TableScreen
from omaha_tui.app.speech import SilentBackend
from omaha_tui.app.widgets.action_bar import ActionBar
from omaha_tui.app.widgets.board import BoardPrompt
from omaha_tui.app.widgets.clock import LevelClock
from omaha_tui.cli import play
from omaha_tui.cli.play import table_start
from omaha_tui.engine.config import Stakes, TableConfig, parse_game
from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.events import PotsAwarded
from omaha_tui.engine.state import Street
from omaha_tui.prefs.settings import load_settings
from omaha_tui.session import Player
from omaha_tui.session.grammar import parse_levels
from omaha_tui.store.journal import Journal

SIX = "Ann:200,Bob:200,Cy:200,Dee:200,Eve:200,Fay:200"


def make_app(tmp_path: Path, start: TableStart | None = None, **kw: object) -> OmahaApp:
    return OmahaApp(
        db=tmp_path / "journal.sqlite3",
        start=start,
        now=lambda: 0.0,
        speech=SilentBackend(),
        settings_path=tmp_path / "settings.json",
        **kw,  # type: ignore[arg-type]
    )


def six_handed_plo() -> TableStart:
    """The table `omaha-tui play --game plo --blinds 1/2 --players ...` opens."""
    parser = argparse.ArgumentParser()
    play.register(parser.add_subparsers())
    args = parser.parse_args(["play", "--game", "plo", "--blinds", "1/2", "--players", SIX])
    start = table_start(args)
    assert start is not None
    return start


def status(app: OmahaApp) -> str:
    return app.table.query_one(ActionBar).status_text


def stacks(app: OmahaApp) -> list[int]:
    return [s.stack if s is not None else 0 for s in app.session.state.seats[:6]]


async def keys(pilot: Pilot[None], *names: str) -> None:
    for name in names:
        await pilot.press(name)
    await pilot.pause()


async def type_text(pilot: Pilot[None], text: str) -> None:
    await keys(pilot, *[("space" if ch == " " else ch) for ch in text])


async def deal(pilot: Pilot[None], cards: str, *, typed: bool = False) -> None:
    """``d``, the cards, Enter. ``typed``: key by key (slow); else pasted into the field."""
    await keys(pilot, "d")
    prompt = pilot.app.screen
    assert isinstance(prompt, BoardPrompt)
    if typed:
        await type_text(pilot, cards)
    else:
        prompt.query_one(CardInput).value = cards
    await keys(pilot, "enter")


async def show_hands(pilot: Pilot[None], hands: dict[int, str], *, typed: bool = False) -> None:
    screen = pilot.app.screen
    assert isinstance(screen, ShowdownScreen)
    for seat, cards in hands.items():
        field = screen.query_one(f"#hand-{seat}", CardInput)
        field.focus()
        if typed:
            await type_text(pilot, cards)
        else:
            field.value = cards
    await keys(pilot, "ctrl+s")


async def test_six_handed_plo_hand_from_blinds_to_next_hand(tmp_path: Path) -> None:
    app = make_app(tmp_path, six_handed_plo())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        await keys(pilot, "n")
        hand = app.session.state.hand
        assert hand is not None
        # R2.1: blinds left of the button; the button was placed on Ann.
        assert (hand.button, hand.sb_seat, hand.bb_seat) == (0, 1, 2)
        assert hand.bets[:3] == (0, 1, 2)
        assert app.table.query_one("#seat-0").border_subtitle == "D"

        # R4.4: the first player pots: call 2, pot 5, raise to 7.
        await keys(pilot, "p")
        assert status(app) == "Dee raises to 7 (R4.4: pot 3 + call 2 = 5; raise to 7)"

        await keys(pilot, "f", "c", "f", "c", "c")  # Eve folds, Fay calls, Ann folds...
        assert status(app) == "Cy calls 5"

        await deal(pilot, "AhKd7c", typed=True)
        assert status(app) == "Flop: Ah Kd 7c"
        await keys(pilot, "c", "c", "b")  # Bob, Cy check; Dee bets: prompt with the pot max
        prompt = app.screen
        assert isinstance(prompt, AmountPrompt)
        assert prompt.amounts.prefill == 28
        await keys(pilot, "enter")
        assert status(app) == "Dee bets 28"
        await keys(pilot, "c", "f", "f")  # Fay calls, Bob and Cy fold

        await deal(pilot, "2s")
        await keys(pilot, "c", "c")
        await deal(pilot, "3h")
        await keys(pilot, "c", "c")
        assert app.session.state.hand is not None
        assert app.session.state.hand.to_act is None

        await keys(pilot, "s")
        await show_hands(pilot, {3: "AsAdQcJc", 5: "Kh Ks 9c 8c"}, typed=True)
        assert isinstance(app.screen, TableScreen)
        # 4 x 7 pre-flop + 2 x 28 on the flop, and the hand that won it (R8.3)
        assert status(app).endswith("; Dee wins 84 with three aces")
        assert stacks(app) == [200, 193, 193, 249, 200, 165]

        await keys(pilot, "n")  # R1.5: the button moves to Bob, blinds follow it
        hand = app.session.state.hand
        assert hand is not None and hand.number == 2
        assert (hand.button, hand.sb_seat, hand.bb_seat) == (1, 2, 3)
        assert hand.bets[2:4] == (1, 2)
        assert status(app) == "Hand #2: button Bob; Cy posts small blind 1; Dee posts big blind 2"


async def test_r7_hi_lo_hand_splits_the_pot(tmp_path: Path) -> None:
    config = TableConfig(variant=parse_game("omaha8"), stakes=Stakes(big_blind=2))
    start = TableStart(config, (Player(0, "Ann", 200), Player(1, "Bob", 200), Player(2, "Cy", 200)))
    app = make_app(tmp_path, start)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.request(rq.NextHand())  # the betting is not under test here
        for board in ("4h 5c 7h", "Qs", "Ad"):
            while app.session.state.hand is not None and app.session.state.hand.to_act is not None:
                app.request(rq.CheckOrCall())
            assert app.request(rq.DealCards(board)).ok
        app.request(rq.CheckOrCall())
        app.request(rq.Fold())  # Cy folds on the river
        app.request(rq.CheckOrCall())
        await keys(pilot, "s")
        # R7 example: Ann's 7-5-4-2-A low, Bob's three queens high.
        await show_hands(pilot, {0: "Ah 2s Kh Ks", 1: "As 3s Qh Qd"})
        assert status(app).endswith(
            "; Bob wins 3 (main pot high) with three queens;"
            " Ann wins 3 (main pot low) with 7-5-4-2-A low"
        )
        assert stacks(app)[:3] == [201, 201, 198]


async def test_chips_only_board_typed_at_showdown_is_journaled_and_read(tmp_path: Path) -> None:
    config = TableConfig(variant=parse_game("omaha8"), stakes=Stakes(big_blind=2))
    start = TableStart(config, (Player(0, "Ann", 200), Player(1, "Bob", 200), Player(2, "Cy", 200)))
    app = make_app(tmp_path, start)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.request(rq.NextHand())  # the betting is not under test here
        for _ in range(3):
            while app.session.state.hand is not None and app.session.state.hand.to_act is not None:
                app.request(rq.CheckOrCall())
            assert app.request(rq.DealCards("")).ok
        app.request(rq.CheckOrCall())
        app.request(rq.Fold())  # Cy folds on the river
        app.request(rq.CheckOrCall())
        await keys(pilot, "s")
        screen = app.screen
        assert isinstance(screen, ShowdownScreen)
        screen.query_one("#board", CardInput).value = "4h 5c 7h Qs Ad"
        # R7 example: Ann's 7-5-4-2-A low, Bob's three queens high, read by the cards.
        await show_hands(pilot, {0: "Ah 2s Kh Ks", 1: "As 3s Qh Qd"})
        assert status(app).startswith("Board entered: 4h 5c 7h Qs Ad; ")
        assert stacks(app)[:3] == [201, 201, 198]
    with Journal.open(tmp_path / "journal.sqlite3", read_only=True) as journal:
        (session,) = journal.sessions()
        logged = journal.events(session.id)
    kinds = [e.type for e in logged]
    assert kinds[-4:] == ["board_recorded", "hole_cards_shown", "hole_cards_shown", "pots_awarded"]
    award = logged[-1]
    assert isinstance(award, PotsAwarded) and award.by_cards


async def test_undo_across_a_street_and_keys_the_rules_forbid_are_disabled(tmp_path: Path) -> None:
    config = TableConfig(variant=parse_game("plo"), stakes=Stakes(big_blind=2))
    start = TableStart(config, (Player(0, "Ann", 200), Player(1, "Bob", 200), Player(2, "Cy", 200)))
    app = make_app(tmp_path, start)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await keys(pilot, "f")  # no hand yet: the key is disabled, and says why
        assert app.table.check_action("act", ("fold",)) is None
        assert status(app) == "fold: no hand is running: start the next hand"
        assert app.session.state.hand is None

        await keys(pilot, "n", "s")  # Ann is to act: no showdown yet
        assert app.table.check_action("act", ("showdown",)) is None
        assert status(app) == "show: hands are shown at showdown, or when everyone is all in"
        await keys(pilot, "escape")

        for _ in range(3):
            app.request(rq.CheckOrCall())
        await deal(pilot, "Ah Kd 7c")
        await keys(pilot, "c")
        assert app.session.state.hand is not None
        assert app.session.state.hand.street is Street.FLOP
        await keys(pilot, "u", "u")  # the check, then the flop itself
        hand = app.session.state.hand
        assert hand is not None
        assert hand.street is Street.PREFLOP and hand.board == ()
        assert status(app) == "Undone: the flop (Ah Kd 7c)"
        await keys(pilot, "u")  # and the big blind's check before it
        assert app.session.state.hand is not None and app.session.state.hand.to_act == 2
        await keys(pilot, "U", "U")  # redo: the check, then the flop again
        assert status(app) == "Redone: Flop: Ah Kd 7c"
        assert app.table.check_action("act", ("redo",)) is True
        await keys(pilot, "c")  # a new action: nothing is left to redo
        assert app.table.check_action("act", ("redo",)) is None


async def test_amount_prompt_shows_excess_returned_above_the_pot(tmp_path: Path) -> None:
    app = make_app(tmp_path, six_handed_plo())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await keys(pilot, "n", "b")
        prompt = app.screen
        assert isinstance(prompt, AmountPrompt)
        await keys(pilot, "backspace", "2", "0")
        meaning = str(prompt.query_one("#amount-meaning", Label).content)
        assert meaning == "Dee raises to 7 (excess returned 13)"
        await keys(pilot, "enter")
        assert status(app) == "Dee raises to 7 (excess returned 13)"


async def test_r4_11_palette_rebuy_above_the_range_is_warned(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path, six_handed_plo())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.action_command_palette()
        await pilot.pause()
        await type_text(pilot, "Rebuy")
        await keys(pilot, "enter")
        await type_text(pilot, "Eve 100")
        await keys(pilot, "enter")
        # R4.11: above the usual buy-in range is a warning, never a refusal.
        assert (
            status(app)
            == "Eve rebuys 100 (300 is 150 big blinds, above this table's usual 20 to 100)"
        )
        assert stacks(app)[4] == 300


async def test_restart_on_the_same_journal_resumes_the_same_table(tmp_path: Path) -> None:
    first = make_app(tmp_path, six_handed_plo())
    async with first.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await keys(pilot, "n", "p", "c")
        expected = first.session.state
        session = first.session.id
    second = make_app(tmp_path, resume="last")
    async with second.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert second.session.id == session
        assert second.session.state == expected
        assert status(second) == "Resumed session 1 during hand #1"
        await keys(pilot, "c")  # play on where it stopped
        assert status(second) == "Ann calls 7" or status(second).endswith("7")
    with Journal.open(tmp_path / "journal.sqlite3") as journal:
        assert journal.load_state(session) == second.session.state


async def test_a_resumed_table_says_damage_behind_it_once_it_is_shown(tmp_path: Path) -> None:
    import sqlite3

    first = make_app(tmp_path, six_handed_plo())
    async with first.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await keys(pilot, "n", "f", "f", "f", "f", "f", "n", "c")
    conn = sqlite3.connect(tmp_path / "journal.sqlite3")
    conn.execute("UPDATE events SET payload = payload || ' ' WHERE seq = 3")  # a seat, early
    conn.commit()
    conn.close()
    second = make_app(tmp_path, resume="last")
    async with second.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await second.workers.wait_for_complete()
        await pilot.pause()
        assert status(second).startswith("Resumed session 1 during hand #2")
        said = [n.message for n in second._notifications]
        assert any("is damaged at event 3" in m and "\n" not in m for m in said), said


async def test_demo_seats_four_players_and_deals(tmp_path: Path) -> None:
    app = make_app(tmp_path, demo=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        names = [s.name for s in app.session.state.seats if s is not None]
        assert names == ["Ann", "Bob", "Cy", "Dee"]
        assert app.session.state.hand is not None and app.session.state.hand.number == 1
        assert status(app) == "Hand #1: button Ann; Bob posts small blind 1; Cy posts big blind 2"


async def test_setup_screen_opens_the_table_when_no_session_is_waiting(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        screen.query_one("#name-0", Input).value = "Ann"
        screen.query_one("#name-1", Input).value = "Bob"
        screen.query_one("#button-mode", Select).value = "place"
        await pilot.pause()
        screen.query_one("#button-seat", Select).value = 1
        await keys(pilot, "ctrl+s")
        assert isinstance(app.screen, TableScreen)
        seats = [s.name for s in app.session.state.seats if s is not None]
        assert seats == ["Ann", "Bob"]
        assert app.session.state.button == 1
        await keys(pilot, "n")
        assert status(app) == "Hand #1: button Bob; Bob posts small blind 1; Ann posts big blind 2"


async def test_an_unfinished_session_is_offered_and_resumed(tmp_path: Path) -> None:
    first = make_app(tmp_path, six_handed_plo())
    async with first.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await keys(pilot, "n", "c")
        expected = first.session.state
    second = make_app(tmp_path)  # no flags: offer the last unfinished session
    async with second.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(second.screen, ResumeDialog)
        await keys(pilot, "y")
        assert isinstance(second.screen, TableScreen)
        assert second.session.state == expected


async def test_r2_7_level_clock_moves_the_blinds_up_with_the_next_hand(tmp_path: Path) -> None:
    now = [0.0]
    start = replace(six_handed_plo(), schedule=parse_levels("1/2:20,2/4:20"))
    app = OmahaApp(
        db=tmp_path / "journal.sqlite3",
        start=start,
        now=lambda: now[0],
        speech=SilentBackend(),
        settings_path=tmp_path / "settings.json",
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        clock = app.table.query_one(LevelClock)
        assert str(clock.content) == (
            "Level 1 · blinds 1/2 · 20:00 left · starts with the first hand"
        )
        await keys(pilot, "n")
        now[0] = 20 * 60.0
        clock.tick()
        await pilot.pause()
        assert status(app) == "Level 2 starts with the next hand: blinds 2 and 4"
        hand = app.session.state.hand
        assert hand is not None and hand.bets[2] == 2  # the running hand keeps its blinds
        while app.session.state.hand is not None and not app.session.state.hand.complete:
            app.request(rq.Fold())
        await keys(pilot, "n")
        assert status(app) == (
            "Level 2: blinds 2/4; Hand #2: button Bob; "
            "Cy posts small blind 2; Dee posts big blind 4"
        )
        assert str(clock.content) == "Level 2 · blinds 2/4 · 20:00 left"


async def test_seat_click_and_help_key(tmp_path: Path) -> None:
    app = make_app(tmp_path, six_handed_plo())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.click("#seat-0")
        await pilot.pause()
        assert status(app) == "1 Ann: stack 200, D"
        await keys(pilot, "question_mark")
        assert isinstance(app.screen, HelpScreen)
        await keys(pilot, "escape")
        assert isinstance(app.screen, TableScreen)


async def test_theme_and_speech_choices_are_remembered(tmp_path: Path) -> None:
    app = make_app(tmp_path, six_handed_plo())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.theme = "omaha-four-colour"
        app.preferences.toggle_speech()
        await pilot.pause()
        assert status(app) == "Speech off (silent), 160 words a minute"
        app.preferences.change_speech_rate(20)
        await pilot.pause()
        assert status(app) == "Speech off (silent), 180 words a minute"
        for _ in range(20):  # never faster than espeak's 450
            app.preferences.change_speech_rate(20)
    saved = load_settings(tmp_path / "settings.json").settings
    assert (saved.theme, saved.speech, saved.rate) == ("omaha-four-colour", False, 450)
    again = make_app(tmp_path, six_handed_plo())
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert again.theme == "omaha-four-colour"


async def test_ledger_history_and_end_session_from_the_palette(tmp_path: Path) -> None:
    app = make_app(tmp_path, six_handed_plo())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await keys(pilot, "n", "f", "f", "f", "f", "f")  # everyone folds to the big blind
        assert status(app) == "Bob folds; 1 returned to Cy, uncalled (R4.9); Cy wins 2 (R4.2)"
        app.show_ledger()
        await pilot.pause()
        assert isinstance(app.screen, LedgerScreen)
        await keys(pilot, "escape")
        app.show_history()
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)
        await keys(pilot, "escape")
        app.action_command_palette()
        await pilot.pause()
        await type_text(pilot, "End session")
        await keys(pilot, "enter")
        await type_text(pilot, "no")
        await keys(pilot, "enter")
        error = app.screen.query_one("#answer-error", Label)
        assert str(error.content) == 'type "yes" to end the session, or press Esc to keep playing'
        await keys(pilot, "backspace", "backspace")
        await type_text(pilot, "yes")
        await keys(pilot, "enter")
        assert status(app) == "Session ended: everyone cashes out; the ledger has the settle-up"
    with Journal.open(tmp_path / "journal.sqlite3") as journal:
        assert journal.last_unfinished() is None  # nothing to offer at the next start


async def test_resuming_a_session_that_does_not_exist_exits_with_the_reason(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path, resume=7)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
    assert app.return_code == 2
    assert app.failure is not None
    assert app.failure.endswith("has no session 7: `omaha-tui sessions` lists them")


async def test_dealers_choice_and_straddle_from_the_palette(tmp_path: Path) -> None:
    app = make_app(tmp_path, six_handed_plo())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for command, answer in (("Game (dealer", "big-o pl"), ("Straddle", "4")):
            app.action_command_palette()
            await pilot.pause()
            await type_text(pilot, command)
            await keys(pilot, "enter")
            await type_text(pilot, answer)
            await keys(pilot, "enter")
        assert status(app) == "Straddle 4 from the next hand, when three or more play (R2.8)"
        state = app.session.state
        assert state.config is not None and state.config.variant.key == "big-o"
        assert state.straddle == 4
