"""Drawing a box's rows from the rows it drew before.

Textual draws every row of a widget (its border, padding and content) again whenever
the widget changes look, and each seat changes look at every hand's end (out of the
hand, to act, folded, back to none of these): ten boxes drawn row by row, most of
the key that ends a hand. Yet most of those rows are rows the seat drew before: its
top border with the same name in that same look, the blank rows under the stack.

A :class:`KeptRows` remembers each row a widget drew by everything that drawing
reads: the widget's resolved style rules, the backgrounds and text style it sits on,
its size, the row and what the row shows (the widget says: its title on the top
border, the markers on the bottom one, the line of text on a content row). A row
drawn before is handed to Textual's own cache of the widget's rows, which then draws
only the others. A text selection in the widget, or a Textual that keeps its rows
elsewhere, draws every row as usual. The pot's digits and the lines that say the same
at every hand's end (``no pot yet``, the dealer's next step) keep their rows the same
way (:class:`KeptStatic`).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any

from textual.widgets import Static

if TYPE_CHECKING:
    from textual.geometry import Region
    from textual.strip import Strip
    from textual.visual import VisualType
    from textual.widget import Widget

LIMIT = 512
"""Rows kept per widget; past that they are forgotten and kept anew."""


class KeptRows:
    """The rows one widget drew, each by what it depended on."""

    def __init__(self) -> None:
        self._rows: dict[tuple[int, int, Hashable], Strip] = {}
        self._looks: dict[Hashable, int] = {}  # each look by a number: keys hash fast
        self._rules_key: int | None = None
        self._at: tuple[object, ...] | None = None  # where the last look was read
        self._number: int | None = None
        self._rules: frozenset[tuple[str, object]] | None = None
        # Each look by the widget's own rules and its ancestors' rule counts: a seat back
        # in a class it had (every hand's end) reads no colours again.
        self._known: dict[Hashable, int] = {}

    def render_lines(
        self,
        widget: Widget,
        crop: Region,
        shows: Callable[[int], Hashable],
        draw: Callable[[Region], list[Strip]],
    ) -> list[Strip]:
        """``widget``'s rows in ``crop``, as ``draw`` (Textual's ``render_lines``)
        gives them, the rows drawn before taken from memory. ``shows(y)``: what row
        ``y`` of the box shows, all a row depends on beyond the widget's look."""
        cache = getattr(widget, "_styles_cache", None)
        drawn = getattr(cache, "_cache", None)
        dirty = getattr(cache, "_dirty_lines", None)
        if not isinstance(drawn, dict) or not isinstance(dirty, set):
            return draw(crop)
        wanted = [y for y in crop.line_range if y in dirty or y not in drawn]
        if not wanted or widget.text_selection is not None:  # nothing to draw, or drawn as usual
            return draw(crop)
        look = self._look(widget)
        if look is None:
            return draw(crop)
        rows = self._rows
        asked: list[tuple[int, tuple[int, int, Hashable]]] = []
        for y in wanted:
            key = (look, y, shows(y))
            strip = rows.get(key)
            if strip is None:
                asked.append((y, key))
            else:
                drawn[y] = strip
                dirty.discard(y)
        strips = draw(crop)
        if asked:
            if len(rows) + len(asked) > LIMIT:
                rows.clear()
            for y, key in asked:
                strip = drawn.get(y)
                if strip is not None:
                    rows[key] = strip
        return strips

    def _look(self, widget: Widget) -> int | None:
        """Everything a row's drawing reads of the widget and what it sits on, as a
        number, or None when a rule's value cannot be a key (nothing is then kept)."""
        styles = widget.styles
        app = widget.app
        # Textual's own count of each node's rule changes: while no rule of the widget
        # or of what it sits on changed, nor its size, the look is the one before.
        at = (
            tuple((node, node.styles._cache_key) for node in widget.ancestors_with_self),
            widget.size,
            widget.content_size,
            id(app.ansi_theme),
            _ansi_colour(app),
        )
        if at == self._at and self._number is not None:
            return self._number
        cache_key = styles._cache_key
        if cache_key != self._rules_key or self._rules is None:
            try:
                rules = frozenset(styles.get_rules().items())
                hash(rules)
            except TypeError:
                return None
            self._rules_key, self._rules = cache_key, rules
        # The colours and text style below are read from the rules of the widget and of
        # each node it sits on alone: with the same own rules, on the same nodes at the
        # same rule counts, they are the ones read before.
        known = (self._rules, at[0][1:], *at[1:])
        number = self._known.get(known)
        if number is None:
            look = (
                self._rules,
                *at[1:],
                widget.background_colors,
                widget.visual_style,
                widget.opacity,
            )
            looks = self._looks
            try:
                number = looks.get(look)
            except TypeError:
                return None
            if number is None:
                if len(looks) >= LIMIT:  # a look gone is forgotten with its rows
                    self._forget()
                number = looks[look] = len(looks)
            if len(self._known) >= LIMIT:
                self._known.clear()
            self._known[known] = number
        self._at, self._number = at, number
        return number

    def _forget(self) -> None:
        """Forget every look and the rows drawn in it."""
        self._looks.clear()
        self._known.clear()
        self._rows.clear()
        self._at = self._number = None


def _ansi_colour(app: Any) -> object:
    """Whether the terminal's own ANSI colours are used (Textual 8 names it
    ``native_ansi_color``, Textual 7 ``ansi_color``): rows drawn either way differ."""
    return getattr(app, "native_ansi_color", None) or getattr(app, "ansi_color", None)


class KeptStatic(Static):
    """A :class:`~textual.widgets.Static` whose rows, drawn for a text in a look, are
    drawn from memory when that text comes back in that look (``no pot yet`` and the
    dealer's next step at every hand's end). A text that is not a string (Rich or
    Textual content) is drawn as usual."""

    def __init__(self, content: VisualType = "", **kwargs: Any) -> None:
        super().__init__(content, **kwargs)
        self._kept = KeptRows()

    def render_lines(self, crop: Region) -> list[Strip]:
        text = self.content
        if not isinstance(text, str):
            return super().render_lines(crop)
        shown = (text, self._render_markup)
        return self._kept.render_lines(self, crop, lambda _y: shown, super().render_lines)
