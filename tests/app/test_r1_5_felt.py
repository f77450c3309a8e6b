"""R1.5(c) on the felt: the button goes round the players, so no seat box is drawn for
a chair nobody sat in; a chair a player left keeps its box while the dead button is on it."""

from __future__ import annotations

from pathlib import Path

from omaha_tui.app.widgets.seat import Seat

from .test_flows import keys, make_app, six_handed_plo


def _boxes(app) -> list[int]:  # type: ignore[no-untyped-def]
    return sorted(w.index for w in app.table.query(Seat) if w.display)


async def test_r1_5_c_six_players_at_ten_chairs_the_sixth_button_is_seat_6_no_phantom_box(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path, six_handed_plo())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        buttons = []
        for _ in range(6):
            await keys(pilot, "n")
            hand = app.session.state.hand
            assert hand is not None
            buttons.append(hand.button + 1)
            assert _boxes(app) == [0, 1, 2, 3, 4, 5]  # never "10 empty"
            await keys(pilot, *["f"] * 5)
        assert buttons == [1, 2, 3, 4, 5, 6]
        await keys(pilot, "n")
        assert app.table.query_one("#seat-5").border_subtitle == ""  # the button moved on
        assert "D" in app.table.query_one("#seat-0").border_subtitle
