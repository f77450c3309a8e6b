"""The table's footer is built again whenever the live keys change; the keys it replaced
are let go (Textual's footer kept every one alive, about 140 a hand, and looked through
them all at each build)."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets._footer import FooterKey

from omaha_tui.app.app import OmahaApp
from omaha_tui.app.widgets import footer
from omaha_tui.app.widgets.footer import TableFooter, shown_bindings
from omaha_tui.engine.config import Stakes, TableConfig, parse_game
from omaha_tui.session import Player, TableSetup

from .test_flows import make_app


def _table() -> TableSetup:
    config = TableConfig(variant=parse_game("plo"), stakes=Stakes(big_blind=2))
    return TableSetup(config, tuple(Player(i, n, 500) for i, n in enumerate(("Ann", "Bob", "Cy"))))


def _keys_alive() -> int:
    gc.collect()
    return sum(1 for o in gc.get_objects() if isinstance(o, FooterKey))


async def _play_hand(app: OmahaApp, pilot: Pilot[None]) -> None:
    press = pilot.press
    await press("n")
    for _street in range(3):  # called round, then checked to the river's end
        while (hand := app.session.state.hand) is not None and hand.to_act is not None:
            await press("c")
        hand = app.session.state.hand
        if hand is None or hand.complete:
            return
        await press("d", "enter")
    while (hand := app.session.state.hand) is not None and hand.to_act is not None:
        await press("f")


async def test_the_footer_lets_go_of_the_keys_it_replaced(tmp_path: Path) -> None:
    app = make_app(tmp_path, _table())
    async with app.run_test(size=(100, 30)) as pilot:
        await _play_hand(app, pilot)
        await pilot.pause()
        after_one = _keys_alive()
        for _ in range(3):
            await _play_hand(app, pilot)
        await pilot.pause()
        assert app.session.state.hand is not None and app.session.state.hand.number == 4
        assert _keys_alive() <= after_one


async def test_the_footer_dims_and_undims_its_keys_in_place(tmp_path: Path) -> None:
    """The pre-flop round closes: Deal goes live and Call goes dim, the same keys shown,
    each dimmed exactly when the rules do not allow it, and no key built again."""
    app = make_app(tmp_path, _table())
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        footer = app.table.query_one(TableFooter)
        before = list(footer.query(FooterKey))
        while (hand := app.session.state.hand) is not None and hand.to_act is not None:
            await pilot.press("c")
        await pilot.pause()
        keys = list(footer.query(FooterKey))
        assert keys == before  # the same widgets: dimmed in place, not built again
        live = {b.key: enabled for b, enabled in shown_bindings(app.table)}
        dim = {k.key: k.has_class("-disabled") for k in keys}
        assert dim == {key: not on for key, on in live.items()}
        assert dim["d"] is False and dim["c"] is True


async def test_a_textual_without_the_private_key_widget_builds_the_footer_each_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where a Textual release keeps no ``FooterKey`` where this one does, the footer is
    built again at each change, as Textual's own is, and a hand plays through."""
    monkeypatch.setattr(footer, "KEY_CLASS", None)
    app = make_app(tmp_path, _table())
    async with app.run_test(size=(100, 30)) as pilot:
        await _play_hand(app, pilot)
        await pilot.pause()
        assert app.session.state.hand is not None and app.session.state.hand.complete
        keys = {k.key: k.has_class("-disabled") for k in app.table.query(FooterKey)}
        live = {b.key: enabled for b, enabled in shown_bindings(app.table)}
        assert keys == {key: not on for key, on in live.items()}
