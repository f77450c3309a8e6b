"""The table beneath a prompt, dimmed, each row dimmed once and remembered.

A prompt is a translucent modal screen: Textual draws the screen beneath it, then
blends the prompt's background colour into every piece of every row, through Rich's
console, each time the prompt opens (at every ``b``). Between two prompts most rows of
the table have not changed (a seat or two, the pot), so a :class:`DimmedRows` keeps
each row as it dimmed it, by what the table drew there, and dims only the rows that
are new. What it draws is what Textual's ``BackgroundScreen`` draws, piece for piece:
the same blend (Textual's own), with the prompt's text style added beneath each piece.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from rich.segment import Segment
from textual.renderables.background_screen import BackgroundScreen
from textual.strip import Strip
from textual.visual import Visual

if TYPE_CHECKING:
    from rich.style import Style as RichStyle
    from textual.color import Color
    from textual.css.styles import RulesMap
    from textual.screen import Screen
    from textual.style import Style
    from textual.visual import RenderOptions

LIMIT = 400
"""Dimmed rows kept; past that they are forgotten and kept anew (a few screens' worth)."""


class DimmedRows:
    """The rows one prompt dimmed, each by the table's row and the blend."""

    def __init__(self) -> None:
        self._rows: dict[tuple[object, ...], Strip] = {}

    def dim(self, row: Strip, color: Color, base: RichStyle, links: RichStyle | None) -> Strip:
        """``row`` of the table as the prompt shows it: ``color`` blended in, the
        prompt's ``base`` style beneath each piece and its ``links`` style on links,
        as Textual's background does."""
        segments = list(row)
        key = (color, base, links, *segments)
        try:
            kept = self._rows.get(key)
        except TypeError:  # a piece that cannot be a key: dimmed, not kept
            return _dim(segments, color, base, links)
        if kept is None:
            if len(self._rows) >= LIMIT:
                self._rows.clear()
            kept = self._rows[key] = _dim(segments, color, base, links)
        return kept


def _dim(segments: list[Segment], color: Color, base: RichStyle, links: RichStyle | None) -> Strip:
    """Textual's blend, then its widgets' styling of what they render (``_Styled``)."""
    dimmed: Iterable[Segment] = BackgroundScreen.process_segments(segments, color)
    if base:
        dimmed = (Segment(text, base + style, None) for text, style, _ in dimmed)
    if links:
        dimmed = (
            Segment(
                text,
                style
                if style._meta is None
                else (style + links if "@click" in style.meta else style),
                control,
            )
            for text, style, control in dimmed
            if style is not None
        )
    return Strip(list(dimmed))


class DimmedTable(Visual):
    """The screen beneath a prompt, dimmed by ``color``: a Textual visual, rows ready."""

    def __init__(
        self,
        screen: Screen[object],
        color: Color,
        links: RichStyle | None,
        rows: DimmedRows,
    ) -> None:
        self._screen = screen
        self._color = color
        self._links = links
        self._rows = rows

    def render_strips(
        self, width: int, height: int | None, style: Style, options: RenderOptions
    ) -> list[Strip]:
        lines = self._screen._compositor.render_strips()
        base, color, links, dim = style.rich_style, self._color, self._links, self._rows.dim
        dimmed = [dim(line.crop(0, width), color, base, links) for line in lines]
        return dimmed if height is None else dimmed[:height]

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return container_width

    def get_height(self, rules: RulesMap, width: int) -> int:
        return self._screen._compositor.size.height
