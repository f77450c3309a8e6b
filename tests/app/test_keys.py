"""Keys land on the table: one key table, liveness from ``available()``, keys typed at
once go where they were meant, in order, and a key that is not live says why."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual import events
from textual.widgets import Input

from omaha_tui.app.app import OmahaApp, TableStart
from omaha_tui.app.keys import BY_NAME, KEYS, bindings, help_lines, live_keys
from omaha_tui.app.prompts.amount_prompt import AmountPrompt
from omaha_tui.app.screens.help import HelpScreen
from omaha_tui.app.screens.table import TableScreen
from omaha_tui.engine.config import Stakes, Structure, TableConfig, parse_game
from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.decisions.available import available
from omaha_tui.engine.events import BoardDealt, RaisedTo, RunsAgreed
from omaha_tui.session import Player
from tests.tables import quick_table

from .test_flows import make_app, six_handed_plo, status

CHARACTERS = {"enter": "\r", "space": " ", "question_mark": "?", "escape": "\x1b"}


def burst(app: OmahaApp, text: str) -> None:
    """Post every key of ``text`` at once, as a fast typist's terminal would: no pause
    between them (``pilot.press`` waits for the app to be idle after each key).
    ``⏎`` is Enter."""
    for ch in text:
        key = {"⏎": "enter", " ": "space"}.get(ch, ch)
        event = events.Key(key, CHARACTERS.get(key, key))
        app.post_message(event)


def _events(app: OmahaApp) -> list[str]:
    return [type(e).__name__ for e in app.session.events()]


# ---------------------------------------------------------------- the one key table


def test_the_key_table_generates_the_bindings_the_footer_and_the_help() -> None:
    keys = [b.key for b in bindings()]
    assert keys == [k.key for k in KEYS]
    assert len(set(keys)) == len(keys)
    shown = {b.key for b in bindings() if b.show}
    assert "U" not in shown and "r" not in shown  # in the help, not the footer
    helped = dict(help_lines())
    assert helped["U"].startswith("redo") and helped["r"].startswith("read")
    assert helped["?"] == "this help"
    assert {b.key for b in TableScreen.BINDINGS if not isinstance(b, tuple)} >= set(keys)


def test_liveness_comes_from_available_only() -> None:
    state = quick_table(stacks=(100, 100, 100))
    assert live_keys(available(state), can_undo=False, can_redo=False) == {"next_hand", "help"}
    from omaha_tui.engine.decisions.decide import decide

    for r in (rq.NextHand(), rq.Call(), rq.Call(), rq.Check()):
        state = decide(state, r).state
    live = live_keys(available(state), can_undo=True, can_redo=False)
    # R8: the pre-flop betting is closed and the flop is due: deal, never the showdown
    assert "deal" in live and "showdown" not in live and "fold" not in live
    assert "read" not in live  # nobody is to act: no pot-limit sentence


async def test_help_lists_every_key_of_the_table_redo_too(tmp_path: Path) -> None:
    app = make_app(tmp_path, six_handed_plo())
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = app.screen.query_one("Markdown").source  # type: ignore[attr-defined]
        for key in KEYS:
            assert f"| `{key.display}` | {key.help} |" in text


# ---------------------------------------------------------------- keys typed at once


async def test_d_then_the_flop_typed_at_once_while_a_player_is_to_act_never_calls(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path, six_handed_plo())
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        before = app.session.state
        burst(app, "d6h7h8c⏎")
        await pilot.pause()
        await pilot.pause()
        assert app.session.state is before  # nothing recorded: no call, no fold
        assert isinstance(app.screen, TableScreen)
        assert status(app).startswith("deal: the preflop betting is not over: Dee (seat 4)")
        burst(app, "c")  # the next key after the ignored text is the table's again
        await pilot.pause()
        assert status(app).startswith("Dee calls")


async def test_b_then_an_amount_and_enter_typed_at_once_lands_that_amount(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path, six_handed_plo())
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        burst(app, "b12⏎fc")
        await pilot.pause()
        await pilot.pause()
        hand = app.session.state.hand
        assert hand is not None
        raised = [e for e in app.session.events() if isinstance(e, RaisedTo)]
        assert [(e.seat, e.to, e.excess_returned) for e in raised] == [(3, 7, 5)]
        assert isinstance(app.screen, TableScreen)
        # Dee raised to 12 (above the pot-limit maximum 7 the excess goes back, R4.6),
        # then Eve folded and Fay called: the keys after Enter reached the table.
        assert status(app).startswith("Fay calls")
        assert _events(app).count("Folded") == 1


async def test_b_opens_the_prompt_before_the_next_key(tmp_path: Path) -> None:
    app = make_app(tmp_path, six_handed_plo())
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        burst(app, "b5")
        await pilot.pause()
        prompt = app.screen
        assert isinstance(prompt, AmountPrompt)
        assert prompt.query_one(Input).value == "5"  # typed over the pre-filled 7


async def test_b_again_asks_the_same_prompt_for_the_new_player_and_range(
    tmp_path: Path,
) -> None:
    """The prompt is built once and asked again: each time it holds the new player's
    range and pre-filled maximum, the old typing is gone, and keys typed at once
    still land in its field."""
    app = make_app(tmp_path, six_handed_plo())
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        burst(app, "b5")
        await pilot.pause()
        first = app.screen
        assert isinstance(first, AmountPrompt)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is app.table
        await pilot.press("c")  # Dee calls; Eve is to act, facing the same bet
        await pilot.pause()
        await pilot.press("b")
        await pilot.pause()
        again = app.screen
        assert again is first and again.amounts.title == "Eve raises"
        field = again.query_one(Input)
        assert field.value == str(again.amounts.prefill) and app.focused is field
        assert field.selection.start == 0 and field.selection.end == len(field.value)
        heading = str(again.query_one("#amount-title").render())
        assert "Eve raises" in heading and "Dee" not in heading
        assert "raises to" in str(again.query_one("#amount-meaning").render())
        await pilot.press("escape")
        await pilot.pause()
        burst(app, "b9")  # typed before the prompt is back: into its field, in order
        await pilot.pause()
        assert app.screen is first and field.value == "9"
        burst(app, "⏎")
        await pilot.pause()
        assert app.screen is app.table and _events(app)[-1] == "RaisedTo"


def _all_in_flop(tmp_path: Path) -> OmahaApp:
    config = TableConfig(
        variant=parse_game("plo"), structure=Structure.NO_LIMIT, stakes=Stakes(big_blind=2)
    )
    start = TableStart(config, (Player(0, "Ann", 100), Player(1, "Bob", 100)))
    return make_app(tmp_path, start)


async def test_d_then_2h_at_an_all_in_deals_and_never_agrees_to_run_twice(
    tmp_path: Path,
) -> None:
    app = _all_in_flop(tmp_path)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        app.request(rq.AllIn())
        app.request(rq.CheckOrCall())
        await pilot.pause()
        while not isinstance(app.screen, TableScreen):  # the offer to table the hands
            await pilot.press("escape")
            await pilot.pause()
        assert "run_twice" in app.controls.live()
        burst(app, "d2h3h4h⏎")
        await pilot.pause()
        await pilot.pause()
        assert not any(isinstance(e, RunsAgreed) for e in app.session.events())
        dealt = [e for e in app.session.events() if isinstance(e, BoardDealt)]
        assert dealt and dealt[-1].cards == ("2h", "3h", "4h")


async def test_a_key_that_is_not_live_records_nothing_and_says_why(tmp_path: Path) -> None:
    app = make_app(tmp_path, six_handed_plo())
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        before = app.session.state
        await pilot.press("f")
        await pilot.pause()
        assert app.session.state is before
        assert status(app) == "fold: no hand is running: start the next hand"
        await pilot.press("n")
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert status(app) == "show: hands are shown at showdown, or when everyone is all in"
        await pilot.press("escape")  # the text typed for the showdown ends here
        await pilot.press("2")
        await pilot.pause()
        assert status(app).startswith("run twice: the board is run twice only when")


async def test_r4_4_all_in_above_the_pot_limit_says_what_p_does(tmp_path: Path) -> None:
    app = make_app(tmp_path, six_handed_plo())
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("n")
        await pilot.press("a")
        await pilot.pause()
        assert status(app) == (
            "all in: Dee (seat 4) cannot go all in for 200: raise to 200 is above the "
            "maximum: raise to 4 to 7; pot raises to the pot-limit maximum, 7"
        )


async def test_r_reads_the_pot_limit_breakdown_aloud(tmp_path: Path) -> None:
    app = make_app(tmp_path, six_handed_plo())
    said: list[str] = []
    app.say_aloud = said.append  # type: ignore[method-assign]
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("n")
        await pilot.press("r")
        await pilot.pause()
        assert said == ["pot 3 + call 2 = 5; raise to 7"]
        assert BY_NAME["read"].footer is False


async def test_a_keypress_reckons_available_once_and_the_legal_range_at_most_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sys

    from omaha_tui.engine.decisions import available as available_module
    from omaha_tui.engine.rules import betting

    counts = {"available": 0, "legal": 0}
    real_available, real_legal = available_module.available, betting._legal_actions

    def counted_available(state: object) -> object:
        counts["available"] += 1
        return real_available(state)  # type: ignore[arg-type]

    def counted_legal(state: object) -> object:
        counts["legal"] += 1
        return real_legal(state)  # type: ignore[arg-type]

    for module in list(sys.modules.values()):
        if getattr(module, "available", None) is real_available:
            monkeypatch.setattr(module, "available", counted_available)
    monkeypatch.setattr(betting, "_legal_actions", counted_legal)
    app = make_app(tmp_path, six_handed_plo())
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        for key in ("c", "c", "p", "f", "c", "c"):
            counts.update(available=0, legal=0)
            await pilot.press(key)
            await pilot.pause()
            assert counts == {"available": 1, "legal": 1}, key


async def test_s_then_a_hand_typed_at_once_goes_into_the_showdown_s_first_field(
    tmp_path: Path,
) -> None:
    from omaha_tui.app.prompts.card_input import CardInput
    from omaha_tui.app.screens.showdown import ShowdownScreen

    config = TableConfig(variant=parse_game("plo"), stakes=Stakes(big_blind=2))
    app = make_app(tmp_path, TableStart(config, (Player(0, "Ann", 100), Player(1, "Bob", 100))))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        for request in (rq.CheckOrCall(), rq.CheckOrCall()):
            app.request(request)
        for board in ("2c 7d 9h", "Js", "3c"):
            app.request(rq.DealCards(board))
            app.request(rq.CheckOrCall())
            app.request(rq.CheckOrCall())
        await pilot.pause()
        assert "showdown" in app.controls.live()
        burst(app, "sAhKhQhTh")
        await pilot.pause()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ShowdownScreen)
        first = next(f for f in screen.query(CardInput) if not f.disabled)
        assert first.value == "AhKhQhTh"


async def test_a_palette_answer_typed_at_once_after_choosing_the_command_lands_in_it(
    tmp_path: Path,
) -> None:
    from omaha_tui.engine.events import PlayerRebought

    app = make_app(tmp_path, six_handed_plo())
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        app.action_command_palette()
        await pilot.pause()
        for ch in "Rebuy":
            await pilot.press(ch)
        await pilot.pause()
        burst(app, "⏎Ann 50⏎n")
        for _ in range(4):
            await pilot.pause()
        rebought = [e for e in app.session.events() if isinstance(e, PlayerRebought)]
        assert [(e.seat, e.amount) for e in rebought] == [(0, 50)]
        assert isinstance(app.screen, TableScreen)
        assert app.session.state.hand is not None  # the n after Enter dealt the next hand


async def test_table_keys_typed_at_once_are_each_recorded_in_order(tmp_path: Path) -> None:
    from omaha_tui.engine.events import Called, Folded

    app = make_app(tmp_path, six_handed_plo())
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        burst(app, "cfcfc")  # Dee, Eve, Fay, Ann, Bob: none of the five keys is dropped
        await pilot.pause()
        await pilot.pause()
        acted = [
            (type(e).__name__, e.seat)
            for e in app.session.events()
            if isinstance(e, Called | Folded)
        ]
        assert acted == [("Called", 3), ("Folded", 4), ("Called", 5), ("Folded", 0), ("Called", 1)]


async def test_opening_a_table_settles_memory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Once the session is open, what is loaded leaves the collector's sight (gc.freeze),
    so no full collection walks it in the middle of a keypress."""
    calls: list[int] = []
    monkeypatch.setattr("omaha_tui.app.app.settle_memory", lambda: calls.append(1))
    app = make_app(tmp_path, six_handed_plo())
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert calls == [1] and app.session is not None
