"""The table's footer: Textual's, without keeping the keys it has replaced.

The footer is built again whenever the keys the rules allow change (a street closes,
a hand ends). Each build binds its new keys to the footer's ``compact`` setting, and
Textual lets go of the bindings of the keys it removed only when that setting changes,
which it never does: every old key stayed alive, about 140 a hand, and each build
looked through all of them. After a build the bindings of the removed keys are
dropped.
"""

from __future__ import annotations

from textual.widgets import Footer


class TableFooter(Footer):
    """A :class:`~textual.widgets.Footer` that forgets the keys it replaced."""

    async def recompose(self) -> None:
        await super().recompose()
        # Re-announcing the setting (unchanged) drops the watchers of closed widgets.
        self.mutate_reactive(Footer.compact)
