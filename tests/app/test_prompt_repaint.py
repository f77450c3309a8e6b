"""A prompt asked again repaints its new texts in place (no layout unless they need other
room) and looks exactly as a prompt built afresh for the same moment."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.app import App
from textual.content import Content
from textual.screen import ModalScreen
from textual.strip import Strip
from textual.widgets import Input, Label

from omaha_tui.app.app import OmahaApp
from omaha_tui.app.prompts import dimmed_table
from omaha_tui.app.prompts.amount_prompt import AmountPrompt
from omaha_tui.app.prompts.typed_prompt import OverTheTable
from omaha_tui.app.widgets.repaint import needs_layout
from omaha_tui.engine.config import Stakes, TableConfig, parse_game
from omaha_tui.session import Player, TableSetup

from .test_flows import make_app

# Names of very different lengths, so each heading needs more or less room than the last.
NAMES = ("Ann", "Maximilian-Alexander", "Bo", "Christabel", "Cy")


def _table() -> TableSetup:
    config = TableConfig(variant=parse_game("plo"), stakes=Stakes(big_blind=2))
    return TableSetup(config, tuple(Player(i, n, 500) for i, n in enumerate(NAMES)))


Cells = list[list[tuple[str, str]]]


def _cells(app: App[None]) -> Cells:
    """Every cell on the terminal: its character and its style."""
    return [
        [(ch, str(seg.style)) for seg in strip for ch in seg.text]
        for strip in app.screen._compositor.render_strips()
    ]


async def _prompt_after(
    app: OmahaApp, calls: int, *, ask_each: bool, size: tuple[int, int] = (100, 40)
) -> Cells:
    """Open ``b`` after ``calls`` calls, having opened and closed it for each player
    before (``ask_each``) or not; type ``1`` in it; the screen's cells."""
    async with app.run_test(size=size) as pilot:
        await pilot.press("n")
        await pilot.pause()
        for _ in range(calls):
            if ask_each:
                await pilot.press("b")
                await pilot.pause()
                await pilot.press("escape")
                await pilot.pause()
            await pilot.press("c")
            await pilot.pause()
        await pilot.press("b")
        await pilot.pause()
        await pilot.press("1")  # below the minimum: the refusal, in the meaning line
        await pilot.pause()
        assert isinstance(app.screen, AmountPrompt)
        app.screen.query_one(Input).cursor_blink = False  # the same cursor in both
        await pilot.pause()
        return _cells(app)


async def test_a_prompt_asked_again_looks_as_a_new_one(tmp_path: Path) -> None:
    for calls in (1, 2, 3):  # longer, shorter, then longer headings than the last
        again = await _prompt_after(
            make_app(tmp_path / f"again{calls}", _table()), calls, ask_each=True
        )
        fresh = await _prompt_after(
            make_app(tmp_path / f"fresh{calls}", _table()), calls, ask_each=False
        )
        assert again == fresh, f"after {calls} calls"


async def test_a_compact_prompt_asked_again_looks_as_a_new_one(tmp_path: Path) -> None:
    """On a low felt the breakdown's sentence is shown, and changes with each bet."""
    for calls in (1, 2, 3):
        again = await _prompt_after(
            make_app(tmp_path / f"again{calls}", _table()), calls, ask_each=True, size=(80, 24)
        )
        fresh = await _prompt_after(
            make_app(tmp_path / f"fresh{calls}", _table()), calls, ask_each=False, size=(80, 24)
        )
        assert again == fresh, f"after {calls} calls"
        assert any(" = " in "".join(ch for ch, _ in row) for row in fresh)  # the sentence


async def test_a_text_needs_a_layout_only_when_it_needs_other_room(tmp_path: Path) -> None:
    app = make_app(tmp_path, _table())
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("b")
        await pilot.pause()
        title = app.screen.query_one("#amount-title", Label)  # width: auto
        width = title.content_size.width
        assert not needs_layout(title, Content("x" * width))  # as wide: a repaint
        assert not needs_layout(title, Content("x"))  # narrower: blank cells after it
        assert needs_layout(title, Content("x" * (width + 1)))  # wider: more room
        assert needs_layout(title, Content("x" * 200))  # wraps onto more lines
        hidden = app.screen.query_one("#amount-sentence", Label)  # a roomy felt: hidden
        assert not hidden.display
        assert not needs_layout(hidden, Content("pot 7 = 3 + 4"))  # laid out when shown


async def test_the_table_beneath_a_prompt_is_dimmed_as_textual_dims_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The prompt dims the table row by row, most rows from memory by its fourth
    opening: the very cells Textual's own translucent background gives."""
    kept = await _prompt_after(make_app(tmp_path / "kept", _table()), 3, ask_each=True)
    monkeypatch.setattr(OverTheTable, "render", ModalScreen.render)
    textual = await _prompt_after(make_app(tmp_path / "textual", _table()), 3, ask_each=True)
    assert kept == textual


async def test_rows_of_the_table_that_did_not_change_are_not_composed_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After a call, the table beneath the next prompt is composed again only in the
    rows a widget drew anew (the seats that acted, the pot): the others are the rows
    dimmed at the opening before."""
    composed: list[int] = []
    compose = dimmed_table._compose

    def counted(cuts: list[int], parts: list[dimmed_table.Piece]) -> Strip:
        composed.append(1)
        return compose(cuts, parts)

    monkeypatch.setattr(dimmed_table, "_compose", counted)
    app = make_app(tmp_path, _table())
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("b")
        await pilot.pause()
        first = len(composed)  # every row but those the same as one above
        assert first > 20, first
        await pilot.press("escape", "c", "b")
        await pilot.pause()
        again = len(composed) - first
        assert 0 < again < first / 2, again
        await pilot.press("escape", "b")  # nothing changed: nothing composed
        await pilot.pause()
        assert len(composed) == first + again
