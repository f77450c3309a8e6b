"""Prompts that take every key typed after the key that opened them, in order.

A dealer who presses ``d`` and types ``6h7h8c`` at once types faster than a screen
opens: Textual delivers keys to the focused field, and until the prompt is mounted
there is none, so keys were lost or fell through to the table (``c`` recorded a
call). The app hands every key to the screen on top as it takes it from the queue
(:meth:`TypeAhead.feed`, synchronously, in arrival order): before the screen is
mounted the key is kept, and replayed into its field once it is.

Every later key is applied at once too, as the app takes it: a one-field prompt
(:class:`TypedPrompt`) types it into its field, and Enter submits and Esc cancels
there and then, so the keys typed after them reach the table and never the closed
prompt. A screen of several fields (the showdown, the tabled hands) types into the
field with the focus, and Tab, shift+Tab and Enter move the focus there and then: a
burst such as ``AsKdQd3c``, Tab, ``9s9d5h4h`` fills two fields, as typed slowly
(Textual's usual path hands a key to the focused field's queue and moves the focus
only when Tab comes round, so every card of the burst went into the first field).
Keys no field edits with (ctrl+...) take Textual's usual path.

A prompt opens over the table it is about (:class:`OverTheTable`): centred over the
felt, the table dimmed beneath it, so the seats' names and stacks stay in sight while
the dealer types a bet, a board or a tabled hand.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar, Protocol, TypeVar, runtime_checkable

from textual import events
from textual.app import RenderResult
from textual.containers import ScrollableContainer
from textual.css.query import NoMatches
from textual.css.scalar import Scalar
from textual.dom import DOMNode
from textual.geometry import Region, Spacing
from textual.renderables.background_screen import BackgroundScreen
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import Input
from textual.widgets.input import Selection

from omaha_tui.app.prompts.dimmed_table import DimmedRows, DimmedTable
from omaha_tui.app.widgets.restyle import Restyler

ResultT = TypeVar("ResultT")

_MOVES = {
    "backspace": "action_delete_left",
    "delete": "action_delete_right",
    "left": "action_cursor_left",
    "right": "action_cursor_right",
    "home": "action_home",
    "end": "action_end",
}


class TypeAhead(Screen[ResultT]):
    """A screen with text fields that takes the keys typed while it opens."""

    ONE_FIELD: ClassVar[bool] = False
    """One field (True), or several that Tab, shift+Tab and Enter move between."""

    def __init__(
        self,
        name: str | None = None,
        id: str | None = None,  # noqa: A002 (Textual's name)
        classes: str | None = None,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._early: list[events.Key] = []
        self._intake: Callable[[events.Key], bool] | None = None
        self._ready = False
        self._reopened = False

    def field(self) -> Input | None:
        """The field keys go into: the focused one, else the first (of one field)."""
        focused = self.focused
        if isinstance(focused, Input):
            return focused
        if not (self.ONE_FIELD or focused is None or isinstance(focused, ScrollableContainer)):
            return None  # a list of winners has the focus: its keys are its own
        return next((f for f in self.query(Input) if not f.disabled), None)

    def feed(self, event: events.Key, intake: Callable[[events.Key], bool] | None = None) -> bool:
        """Take ``event`` now (True), or leave it to Textual's usual path (False).

        ``intake`` takes back, in order, the keys typed before the screen was open that
        are still left once it has closed (the app's key intake that fed them).
        """
        if not self._ready:
            self._early.append(event)
            self._intake = intake or self._intake
            return True
        return self._apply(event)

    def _apply(self, event: events.Key) -> bool:
        field = self.field()
        if field is None:
            return False
        key = event.key
        if key == "enter":
            self.enter(field)
        elif key == "escape":
            self.action_cancel()
        elif key in ("tab", "shift+tab") and not self.ONE_FIELD:
            if key == "tab":
                self.focus_next(Input)
            else:
                self.focus_previous(Input)
        elif key in _MOVES:
            getattr(field, _MOVES[key])()
        elif event.is_printable and event.character:
            selection = field.selection  # typing replaces a selection, as Input does
            if selection.is_empty:
                field.insert_text_at_cursor(event.character)
            else:
                field.replace(event.character, *selection)
        else:
            return False
        return True

    def reopen(self) -> None:
        """Take the keys typed while this (kept) screen is pushed again, as when new."""
        self._ready, self._reopened = False, True

    def on_mount(self) -> None:
        self._open()

    def on_screen_resume(self) -> None:
        if self._reopened:  # pushed again after :meth:`reopen` (a new one opens on mount)
            self._reopened = False
            self._open()

    def _open(self) -> None:
        field = self.field()
        if field is not None:
            self.set_focus(field, scroll_visible=False)
            if field.select_on_focus:  # now, not when the focus event comes round
                field.selection = Selection(0, len(field.value))
                field.select_on_focus = False
        self._ready = True
        # The keys typed while the screen opened, in order and at once (nothing here
        # waits, so no later key can overtake them); once a key has closed the prompt
        # (Enter, Esc), the app takes the rest as it would have.
        while self._early:
            key = self._early.pop(0)
            if self.app.screen is not self:
                take = self._intake
                if take is None or not take(key):
                    self.app.post_message(key)
            elif not self._apply(key):
                target = self.field() or self
                target.post_message(key)  # behind it, every later key: still in order

    def enter(self, field: Input) -> None:
        """Enter in ``field``: submit what it holds (a screen of several fields moves
        on to the next at once, overriding this)."""
        field.post_message(Input.Submitted(field, field.value))

    def action_cancel(self) -> None:
        self.dismiss(None)


@runtime_checkable
class Felt(Protocol):
    """A screen with a felt that a prompt may cover (the table screen)."""

    def felt_region(self) -> Region | None:
        """Where the felt is on screen; ``None`` while there is no table to show."""


COMPACT_ROWS = 16
"""A felt lower than this gets the prompt's compact look (fewer rows, no field border)."""


class OverTheTable(ModalScreen[ResultT]):
    """A modal screen that sits over the table's felt, never over its seats.

    The table stays on screen beneath, dimmed (the stylesheet's ``ModalScreen``); the
    prompt is centred over the felt and no larger than it, so every seat's name and
    stack around the felt stays visible while the dealer types. Over any other screen
    the prompt is centred on the whole screen. ``ModalScreen`` comes first among the
    bases: Textual's stylesheet follows the first base only, and a prompt that lost
    ``ModalScreen`` there hid the table.
    """

    _restyle: Restyler | None = None
    _dimmed: DimmedRows | None = None

    def on_mount(self) -> None:
        self._place()

    def on_screen_resume(self) -> None:
        self._place()

    def render(self) -> RenderResult:  # type: ignore[override]  # a Visual, as a widget may
        """The table beneath, dimmed as Textual dims it, its rows dimmed once each."""
        rendered = super().render()
        if not isinstance(rendered, BackgroundScreen):
            return rendered
        if self._dimmed is None:
            self._dimmed = DimmedRows()
        links = self.link_style if self.auto_links else None
        return DimmedTable(rendered.screen, rendered.color, links, self._dimmed)

    def update_node_styles(self, animate: bool = True) -> None:
        """Restyle the prompt and its widgets, as Textual does each time it opens
        again: each widget's look is matched against the stylesheet once, then
        remembered (the app asks one kept amount prompt again at every ``b``)."""
        if animate or not self.is_attached:
            super().update_node_styles(animate=animate)
            return
        if self._restyle is None:
            self._restyle = Restyler()
        nodes: list[DOMNode] = []
        for node in self.walk_children(with_self=True):
            nodes.append(node)
            if isinstance(node, Widget) and node.is_scrollable:  # as Textual's stylesheet
                vertical = node.show_vertical_scrollbar and node.scrollbar_size_vertical
                horizontal = node.show_horizontal_scrollbar and node.scrollbar_size_horizontal
                if vertical:
                    nodes.append(node.vertical_scrollbar)
                if horizontal:
                    nodes.append(node.horizontal_scrollbar)
                if vertical and horizontal:
                    nodes.append(node.scrollbar_corner)
        self._restyle(nodes)

    def on_resize(self) -> None:
        self.call_after_refresh(self._place)  # once the table beneath has its new layout

    def _place(self) -> None:
        """Keep the prompt (the ``.prompt`` box) within the felt, centred over it.

        Margins around the box, not padding on the screen: a screen's padding is
        painted over the table instead of dimming it.
        """
        try:
            box = self.query_one(".prompt")
        except NoMatches:
            return
        region = self._felt()
        size = self.app.size
        styles = box.styles
        if region is None or region.area == 0:
            margin, width, height = Spacing(0, 0, 0, 0), None, None
        else:
            margin = Spacing(
                region.y,
                max(0, size.width - region.right),
                max(0, size.height - region.bottom),
                region.x,
            )
            width, height = Scalar.from_number(region.width), Scalar.from_number(region.height)
        if styles.margin != margin:
            styles.margin = margin
        if styles.max_width != width:
            styles.max_width = width
        if styles.max_height != height:
            styles.max_height = height
        self.set_class(region is not None and region.height < COMPACT_ROWS, "-compact")

    def _felt(self) -> Region | None:
        stack = self.app.screen_stack
        if self not in stack:
            return None
        at = stack.index(self)
        below = stack[at - 1] if at > 0 else None
        return below.felt_region() if isinstance(below, Felt) else None


class TypedPrompt(OverTheTable[ResultT], TypeAhead[ResultT]):
    """A one-field modal prompt over the table: every key is applied to its field as it
    arrives."""

    ONE_FIELD = True


__all__ = ["COMPACT_ROWS", "Felt", "OverTheTable", "TypeAhead", "TypedPrompt"]
