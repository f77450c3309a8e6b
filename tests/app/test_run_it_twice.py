"""R10 at the table, key by key: an all-in Omaha hi-lo hand tabled, its equities shown
high and low apart, run twice, each run's board dealt, both runs read at the showdown,
said aloud and kept in History."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from omaha_tui.app.app import OmahaApp, TableStart
from omaha_tui.app.prompts.card_input import CardInput
from omaha_tui.app.screens.history import HistoryScreen
from omaha_tui.app.screens.showdown import ShowdownScreen
from omaha_tui.app.screens.table import TableScreen
from omaha_tui.app.screens.tabling import TablingScreen
from omaha_tui.app.widgets.action_bar import ActionBar
from omaha_tui.app.widgets.board import BoardPrompt
from omaha_tui.app.widgets.seat import Seat
from omaha_tui.engine.config import Stakes, TableConfig, parse_game
from omaha_tui.engine.events import PotsAwarded, RunBoardDealt, RunsAgreed
from omaha_tui.session import Player
from omaha_tui.store.journal import Journal

from .test_flows import deal, keys, make_app, stacks, status

HANDS = {0: "Ah 2s Kh Ks", 1: "As 3s Qh Qd", 2: "9c 9s 8c 8d"}


def plo8_short_stacks(tmp_path: Path) -> OmahaApp:
    """Three players with 6 chips each at 1/2 pot-limit Omaha hi-lo: one bet is all in."""
    config = TableConfig(variant=parse_game("omaha8"), stakes=Stakes(big_blind=2))
    players = tuple(Player(i, name, 6) for i, name in enumerate(("Ann", "Bob", "Cy")))
    return make_app(tmp_path, TableStart(config, players))


def live_key(app: OmahaApp, action: str) -> bool:
    return app.table.check_action("act", (action,)) is True


def turn_line(app: OmahaApp) -> str:
    return str(app.table.query_one(ActionBar).query_one("#turn", Static).render())


def seat_texts(app: OmahaApp) -> dict[str, str]:
    return {str(s.border_title): str(s.render()) for s in app.table.query(Seat) if s.display}


async def test_r10_an_all_in_hi_lo_hand_is_tabled_and_run_twice(tmp_path: Path) -> None:
    app = plo8_short_stacks(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await keys(pilot, "n")
        assert not live_key(app, "table_hands") and not live_key(app, "run_twice")
        await keys(pilot, "a", "c", "c")  # Ann moves in for 6; Bob and Cy call all in
        assert app.session.state.hand is not None and app.session.state.hand.betting_over
        # R10.1: the app asks for the tabled hands at once; Esc leaves it for later.
        assert isinstance(app.screen, TablingScreen)
        await keys(pilot, "escape")
        assert isinstance(app.screen, TableScreen)
        # R10.2: run it twice is offered; t brings the hands back.
        assert live_key(app, "table_hands") and live_key(app, "run_twice")
        assert "t to table the hands" in turn_line(app)

        await keys(pilot, "t")
        screen = app.screen
        assert isinstance(screen, TablingScreen)
        for seat, cards in HANDS.items():
            screen.query_one(f"#hand-{seat}", CardInput).value = cards
        screen.query_one("#hand-2", CardInput).value = "9c 9s 8c Ah"  # Ann holds the Ah
        await keys(pilot, "ctrl+s")
        assert app.screen is screen  # refused: nothing recorded, the reason shown
        assert "Ah" in str(screen.query_one("#tb-error", Static).render())
        assert app.session.state.hand is not None and app.session.state.hand.shown == ()
        screen.query_one("#hand-2", CardInput).value = HANDS[2]
        await keys(pilot, "ctrl+s")
        assert isinstance(app.screen, TableScreen)
        assert len(app.session.state.hand.shown) == 3
        assert not live_key(app, "table_hands")

        await app.workers.wait_for_complete()
        await pilot.pause()
        texts = seat_texts(app)
        # R10.3: each hand's equity beside its seat, high and low apart in hi-lo.
        assert any("A♥2♠K♥K♠" in t and "H" in t and "/L" in t for t in texts.values()), texts

        await keys(pilot, "2")
        assert status(app) == "Bob, Cy and Ann agree to run it twice (R10.2)"
        assert not live_key(app, "run_twice")
        await deal(pilot, "4h 5c 7h")
        assert status(app) == "Run 1 flop: 4h 5c 7h"
        await deal(pilot, "Qs")
        await deal(pilot, "Ad")
        assert "Press d to deal run 2 (5 cards)" in turn_line(app)

        await keys(pilot, "d")
        prompt = app.screen
        assert isinstance(prompt, BoardPrompt) and prompt.required and prompt.count == 5
        await keys(pilot, "escape")
        await deal(pilot, "Kc 9d Tc Jc 8s")
        assert status(app) == "Run 2: Kc 9d Tc Jc 8s"
        runs = str(app.table.query_one("#runs", Static).render())
        assert "Run 1" in runs and "Run 2" in runs

        await keys(pilot, "s")
        showdown = app.screen
        assert isinstance(showdown, ShowdownScreen)
        assert showdown.query_one("#run-2-cards", Static).display
        readout = str(showdown.query_one("#readout", Static).render())
        assert "Run 1 · main pot" in readout and "Run 2 · main pot" in readout
        await keys(pilot, "ctrl+s")
        assert isinstance(app.screen, TableScreen)
        # Run 1 (4h 5c 7h Qs Ad), 9 chips: Bob's three queens high 5 (odd chip, R7.4),
        # Ann's 7-5-4-2-A low 4. Run 2 (Kc 9d Tc Jc 8s), 9 chips: no low (R7.3); Cy's
        # king-high flush takes it all.
        assert stacks(app)[:3] == [4, 5, 9]
        said = app.table.query_one(ActionBar).caption_text
        assert "Run 1" in said and "Run 2" in said

        assert "Cy wins 9 (run 2)" in status(app)
        app.show_history()
        await pilot.pause()
        history = app.screen
        assert isinstance(history, HistoryScreen)
        text = " ".join(str(w.render()) for w in history.query(Static))
        assert "agree to run it twice" in text and "Run 2: K" in text

    with Journal.open(tmp_path / "journal.sqlite3", read_only=True) as journal:
        (session,) = journal.sessions()
        logged = journal.events(session.id)
    kinds = [type(e) for e in logged]
    assert RunsAgreed in kinds and RunBoardDealt in kinds
    award = logged[-1]
    assert isinstance(award, PotsAwarded) and award.by_cards
    assert {a.run for a in award.awards} == {1, 2}


async def test_r10_2_run_it_twice_by_hand_names_each_runs_winners(tmp_path: Path) -> None:
    app = plo8_short_stacks(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await keys(pilot, "n", "a", "c", "c", "escape", "2")  # the hands stay untabled
        for cards in ("4h 5c 7h", "Qs", "Ad", "Kc 9d Tc Jc 8s"):
            await deal(pilot, cards)
        await keys(pilot, "s", "ctrl+b")
        showdown = app.screen
        assert isinstance(showdown, ShowdownScreen)
        showdown.query_one("#win-0").select(1)  # type: ignore[attr-defined]
        showdown.query_one("#low-0").select(0)  # type: ignore[attr-defined]
        showdown.query_one("#win-0-r2").select(2)  # type: ignore[attr-defined]
        await keys(pilot, "ctrl+s")
        assert isinstance(app.screen, TableScreen)
        assert stacks(app)[:3] == [4, 5, 9]


async def test_r10_1_tabling_twice_says_the_hands_are_tabled_already(tmp_path: Path) -> None:
    app = plo8_short_stacks(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await keys(pilot, "n", "a", "c", "c")
        screen = app.screen
        assert isinstance(screen, TablingScreen)
        for seat, cards in HANDS.items():
            screen.query_one(f"#hand-{seat}", CardInput).value = cards
        await keys(pilot, "ctrl+s")
        app.controls.table_hands()  # the palette's "Table the hands", once more
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert status(app) == "table hands: every hand still in is tabled already"
