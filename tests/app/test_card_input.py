"""The card field's status line shows what was typed as text, never as markup."""

from __future__ import annotations

import pytest
from textual.app import ComposeResult
from textual.screen import Screen

from omaha_tui.app.prompts.card_input import CardInput

from .screen_harness import ScreenHost


class _OneField(Screen[None]):
    def __init__(self, place: str) -> None:
        super().__init__()
        self.place = place

    def compose(self) -> ComposeResult:
        yield CardInput(counts=(4,), place=self.place, id="cards")


@pytest.mark.parametrize(
    ("place", "typed", "status"),
    [
        (  # the player's name in a count error
            "Ann [/x]",
            "AhKdQcJsTs",
            "Ann [/x]'s hand has 5 cards: this game needs 4",
        ),
        (  # a terminal escape typed into the field
            "Bob",
            "\x1b[31m",
            '"\\x1b[" is not a card: use rank 2-9,T,J,Q,K,A (or 10) and suit c,d,h,s (or ♣♦♥♠)',
        ),
        (  # brackets typed into the field
            "Bob",
            "[/x]",
            '"[/" is not a card: use rank 2-9,T,J,Q,K,A (or 10) and suit c,d,h,s (or ♣♦♥♠)',
        ),
    ],
)
async def test_the_card_field_status_shows_names_and_typed_text_as_text(
    place: str, typed: str, status: str
) -> None:
    screen = _OneField(place)
    async with ScreenHost(screen).run_test(size=(100, 12)) as pilot:
        await pilot.pause()
        field = screen.query_one("#cards", CardInput)
        field.value = typed
        await pilot.pause()
        # What the border shows (the public getter gives it back as markup).
        assert field._border_subtitle is not None
        assert field._border_subtitle.plain == status
        assert field.has_class("-invalid")
