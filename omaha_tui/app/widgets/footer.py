"""The table's footer: Textual's, updated in place, without keeping the keys it replaced.

The footer shows the keys the rules allow now, the others dimmed; they change as a
street closes, a card is dealt, a hand ends. Textual's footer builds all its keys again
each time (about 40 ms, several times a hand). When the same keys are shown and only
which of them are live changed, this one dims and undims them in place instead.

When it does build again (the shown keys themselves changed), each build binds its new
keys to the footer's ``compact`` setting, and Textual lets go of the bindings of the
keys it removed only when that setting changes, which it never does: every old key
stayed alive, about 140 a hand, and each build looked through all of them. After a
build the bindings of the removed keys are dropped.

Dimming in place touches Textual's key widget (``FooterKey`` and where it keeps its
dimness), which is not public: when a Textual version moves either, the footer is simply
built again each time, as Textual's own is.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer

from omaha_tui.app.widgets.restyle import Restyler

if TYPE_CHECKING:
    from textual.widgets._footer import FooterKey


def _key_class() -> type[FooterKey] | None:
    """The key widget of Textual's footer, not part of its public API: ``None`` in a
    Textual that has none where this one keeps it (its footer is then built each time)."""
    try:
        module = importlib.import_module("textual.widgets._footer")
    except ImportError:
        return None
    found = getattr(module, "FooterKey", None)
    return found if isinstance(found, type) else None


KEY_CLASS = _key_class()


def shown_bindings(screen: Screen[object]) -> list[tuple[Binding, bool]]:
    """The bindings a footer shows, first of each action, with whether each is live:
    the keys Textual's footer builds, in its order."""
    first: dict[str, tuple[Binding, bool]] = {}
    for _, binding, enabled, _tooltip in screen.active_bindings.values():
        if binding.show and binding.action not in first:
            first[binding.action] = (binding, enabled)
    return list(first.values())


class TableFooter(Footer):
    """A :class:`~textual.widgets.Footer` that dims keys in place and forgets the keys
    it replaced."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._restyle = Restyler()

    def bindings_changed(self, screen: Screen[object]) -> None:
        if screen is self.screen and self._pairs(screen) is not None:
            # After the frame that shows the table's change, as Textual builds its keys.
            self.call_after_refresh(self._relight, screen)
            return
        super().bindings_changed(screen)

    def _pairs(self, screen: Screen[object]) -> list[tuple[FooterKey, bool]] | None:
        """Each key shown with whether it is live now, when the keys shown are the keys
        to show; None when the footer must be built again (other keys, groups)."""
        if KEY_CLASS is None:
            return None
        keys = list(self.query(KEY_CLASS))
        if not all(hasattr(k, "_disabled") for k in keys):  # a Textual that keeps it elsewhere
            return None
        shown = shown_bindings(screen)
        if not keys or len(keys) != len(self.children) or len(keys) != len(shown):
            return None
        pairs = list(zip(keys, shown, strict=True))
        if any(k.key != b.key or k.action != b.action for k, (b, _) in pairs):
            return None
        return [(k, enabled) for k, (_, enabled) in pairs]

    def _relight(self, screen: Screen[object]) -> None:
        """Dim or undim the keys in place (or build them again if they changed since)."""
        pairs = self._pairs(screen)
        if pairs is None:
            super().bindings_changed(screen)
            return
        changed = [key for key, enabled in pairs if key._disabled == enabled]
        for key in changed:  # FooterKey keeps it there (a click on a dim key rings)
            key._disabled = not key._disabled
            key.set_class(key._disabled, "-disabled", update=False)
        self._restyle(changed)  # a key's two looks are matched once each, then remembered

    async def recompose(self) -> None:
        await super().recompose()
        # Re-announcing the setting (unchanged) drops the watchers of closed widgets.
        self.mutate_reactive(Footer.compact)
