"""The table beneath a prompt, dimmed, each row dimmed once and remembered.

A prompt is a translucent modal screen: Textual draws the screen beneath it, then
blends the prompt's background colour into every piece of every row, through Rich's
console, each time the prompt opens (at every ``b``). Between two prompts most rows of
the table have not changed (a seat or two, the pot), so a :class:`DimmedRows` keeps
each row as it dimmed it, by what the table drew there, and dims only the rows that
are new. What it draws is what Textual's ``BackgroundScreen`` draws, piece for piece:
the same blend (Textual's own), with the prompt's text style added beneath each piece.

Nor is the table composed again row by row: each row of the screen is made of the
rows its widgets drew, and a widget that did not change hands Textual the very rows
it drew before. A row made of the same widgets' rows, at the same places, is the row
dimmed before, taken as it is; only a row with a new piece is cut from its widgets'
rows and joined, as Textual's compositor does, and dimmed. A Textual whose compositor
keeps its pieces otherwise composes the whole table as usual.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

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

PIECES = 4000
"""Widgets' rows numbered by what they show; past that they are numbered anew."""


class DimmedRows:
    """The rows one prompt dimmed, each by the table's row and the blend."""

    def __init__(self) -> None:
        self._rows: dict[tuple[object, ...], Strip] = {}
        # Each dimmed row of the screen by the widgets' rows that make it, each of those
        # by a number for what it shows: read once per row object (the row is kept with
        # its number, so no other object can take its identity), by its pieces the first
        # time (the table's own background is drawn anew each time the table comes back).
        self._lines: dict[tuple[object, ...], Strip] = {}
        self._strips: dict[int, tuple[Strip, int]] = {}
        self._contents: dict[tuple[int | Segment, ...], int] = {}
        self._numbers = 0

    def _number(self, strip: Strip) -> int:
        """A number for what ``strip`` shows: two rows showing the same share it."""
        known = self._strips.get(id(strip))
        if known is not None and known[0] is strip:
            return known[1]
        contents = self._contents
        content = (strip.cell_length, *strip)  # its pieces and the cells it covers
        try:
            number = contents.get(content)
        except TypeError:  # a piece that cannot be a key: a number of its own
            number = None
            content = ()
        if number is None:
            self._numbers += 1
            number = self._numbers
            if content:
                if len(contents) >= PIECES:
                    contents.clear()
                contents[content] = number
        if len(self._strips) >= PIECES:
            self._strips.clear()
        self._strips[id(strip)] = (strip, number)
        return number

    def table(
        self, compositor: Any, width: int, color: Color, base: RichStyle, links: RichStyle | None
    ) -> list[Strip]:
        """Every row of the screen ``compositor`` composes, cut to ``width`` and dimmed,
        the rows made of the same widgets' rows as before taken from memory."""
        pieces = _pieces(compositor)
        cuts = getattr(compositor, "cuts", None)
        if pieces is None or not isinstance(cuts, list) or len(cuts) < len(pieces):
            lines = compositor.render_strips()
            return [self.dim(line.crop(0, width), color, base, links) for line in lines]
        kept, number = self._lines, self._number
        dimmed: list[Strip] = []
        for y, parts in enumerate(pieces):
            cut = cuts[y]
            key = (width, color, base, links, *cut, *((x, a, b, number(s)) for x, a, b, s in parts))
            line = kept.get(key)
            if line is None:
                line = self.dim(_compose(cut, parts).crop(0, width), color, base, links)
                if len(kept) >= LIMIT:
                    kept.clear()
                kept[key] = line
            dimmed.append(line)
        return dimmed

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


Piece = tuple[int, int, int, Strip]
"""A widget's row on a row of the screen: where the widget's row starts, the first and
last cells it may cover, and the row it drew."""


def _pieces(compositor: Any) -> list[list[Piece]] | None:
    """Each row of the screen as the widgets' rows on it, front first (the order in
    which Textual's compositor lays them), or None from a compositor that does not
    give its widgets' rows so."""
    renders = getattr(compositor, "_get_renders", None)
    size = getattr(compositor, "size", None)
    if renders is None or size is None:
        return None
    height = size.height
    rows: list[list[Piece]] = [[] for _ in range(height)]
    for region, clip, strips in renders(size.region):
        drawn = region.intersection(clip)
        x = drawn.x
        first, last = drawn.column_span
        for y, strip in zip(drawn.line_range, strips, strict=False):
            if 0 <= y < height:
                rows[y].append((x, first, last, strip))
    return rows


def _compose(cuts: list[int], parts: list[Piece]) -> Strip:
    """One row of the screen from its widgets' rows, as Textual's compositor joins it:
    the row cut where widgets start and end, the front widget's piece winning each cut."""
    chops: dict[int, Strip | None] = dict.fromkeys(cuts[:-1])
    for x, first, last, strip in parts:
        ends = [cut for cut in cuts if last >= cut >= first]
        for cut, piece in zip(ends, strip.divide([cut - x for cut in ends[1:]]), strict=False):
            if chops.get(cut) is None:
                chops[cut] = piece
    return Strip.join(chops.values())


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
        compositor = self._screen._compositor
        dimmed = self._rows.table(compositor, width, self._color, style.rich_style, self._links)
        return dimmed if height is None else dimmed[:height]

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return container_width

    def get_height(self, rules: RulesMap, width: int) -> int:
        return self._screen._compositor.size.height
