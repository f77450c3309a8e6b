"""A seat or a footer key that returns to a look it had before takes the rules that
look had, without the stylesheet matching it again; the rules are exactly those the
stylesheet gives it afresh."""

from __future__ import annotations

from pathlib import Path

from textual.dom import DOMNode
from textual.widgets._footer import FooterKey

from omaha_tui.app.app import OmahaApp
from omaha_tui.app.prompts.amount_prompt import AmountPrompt
from omaha_tui.app.widgets.seat import Seat

from .test_flows import make_app
from .test_hand_end import _ended, _fold_round, _table


def _rules(nodes: list[DOMNode]) -> list[dict[str, object]]:
    return [dict(n.styles.base._rules) for n in nodes]


def _styled(app: OmahaApp) -> list[DOMNode]:
    seats: list[DOMNode] = [s for s in app.table.query(Seat) if s.display]
    return [*seats, *app.table.query(FooterKey)]


def _afresh(app: OmahaApp, nodes: list[DOMNode]) -> list[dict[str, object]]:
    """The rules the stylesheet matches for ``nodes`` now, from nothing."""
    app.stylesheet.update_nodes(nodes, animate=False)
    return _rules(nodes)


async def test_r4_2_seats_and_keys_back_in_a_look_they_had_are_styled_as_afresh(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path, _table(6))
    async with app.run_test(size=(160, 50)) as pilot:
        for _ in range(3):  # the second and third hands' looks are all remembered
            await pilot.press("n")
            await pilot.pause()
            nodes = _styled(app)
            assert _rules(nodes) == _afresh(app, nodes)
            await _fold_round(app, pilot, 6)
            assert _ended(app)
            nodes = _styled(app)
            assert _rules(nodes) == _afresh(app, nodes)


async def test_r4_4_the_amount_prompt_asked_again_is_styled_as_afresh(tmp_path: Path) -> None:
    """Each ``b`` opens the one kept amount prompt again, and Textual restyles it as it
    reopens: from the looks it remembers, exactly as the stylesheet matches it."""
    app = make_app(tmp_path, _table(6))
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        for _ in range(3):
            await pilot.press("b")
            await pilot.pause()
            prompt = app.screen
            assert isinstance(prompt, AmountPrompt)
            assert prompt._restyle is not None, "the prompt was restyled as it reopened"
            nodes = list(prompt.walk_children(with_self=True))
            assert _rules(nodes) == _afresh(app, nodes)
            await pilot.press("escape")
            await pilot.pause()
            await pilot.press("c")
            await pilot.pause()
