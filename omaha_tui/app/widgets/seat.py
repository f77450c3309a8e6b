"""One seat at the table: name, stack, bet in front, status and the button/blind markers.

The seat renders a :class:`~omaha_tui.session.view.SeatView` and nothing else, in two lines
(three on a big screen) inside a box titled with the seat number and name. Its look (to
act, folded, all in, away, empty) is carried by CSS classes so themes decide colours;
the player to act is also marked by shape and words (a heavy frame, ``▶`` in the title
and a reversed ``TO ACT``), so it reads in every theme and without colour.
Names come markup-safe from the view (:func:`~omaha_tui.session.view.shown`).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING

from rich.cells import cell_len
from textual.content import Content
from textual.geometry import Region
from textual.message import Message
from textual.strip import Strip
from textual.visual import Visual
from textual.widget import Widget

from omaha_tui.app.widgets.kept_rows import KeptRows
from omaha_tui.engine.labels import clip_name
from omaha_tui.engine.markup_safe import shown, unshown
from omaha_tui.engine.units import amount_text as chips

if TYPE_CHECKING:
    from omaha_tui.session.view import SeatView

_STATE_CLASSES = ("-empty", "-to-act", "-folded", "-all-in", "-away", "-in-hand")


def seat_lines(view: SeatView, *, tall: bool = False, tabled: str = "") -> list[str]:
    """The seat's markup lines: the stack, the bet in front, the status.

    On a small screen the bet and the status share the second line. ``tabled`` (the
    hand and its equity when everyone is all in, R10.3) takes the status's place.
    """
    dec = view.decimals
    bet = f"[b $accent]● {chips(view.bet, dec)}[/]" if view.bet else ""
    status = "[b reverse] TO ACT [/]" if view.to_act else view.status
    if tabled:
        status, bet = tabled, ("" if not tall else bet)
    stack = f"[b]{chips(view.stack, dec)}[/b]"
    if not tall:
        return [stack, "  ".join(part for part in (bet, status) if part)]
    in_pot = f"[dim]in the pot {chips(view.committed, dec)}[/]" if view.committed else ""
    return [f"{stack}  {in_pot}" if in_pot else stack, bet, status]


class Seat(Widget):
    """A seat box; clicking it posts :class:`Seat.Selected` (used to target palette commands).

    It draws its markup lines (:func:`seat_lines`) itself so that a line that changes
    alone (the bet swept into the pot, a new stack) is the only row drawn again; a new
    look (its classes), title or markers redraw the box, from the rows it drew before
    where it can (:class:`~omaha_tui.app.widgets.kept_rows.KeptRows`): at a hand's end
    ten seats change look, most rows to one they had at the hand's end before.
    """

    class Selected(Message):
        """The dealer clicked a seat."""

        def __init__(self, seat: int) -> None:
            super().__init__()
            self.seat = seat

    def __init__(self, slot: int) -> None:
        super().__init__(id=f"seat-{slot}", classes="seat -empty")
        self.index = slot
        self._view: SeatView | None = None
        self._tall = False
        self._tabled = ""
        self._title_text: str | None = None
        self._titled: tuple[str, int] | None = None
        self._lines: tuple[str, ...] = ()
        self._rows: list[Content] = [Content("")]  # the text's rows, blank ones too
        self._shown: Content | None = Content("")  # the whole text, read when drawn whole
        self._read: dict[str, Content] = {}  # each line's markup read once
        self._markers: str | None = None
        self._kept = KeptRows()

    def render(self) -> Content:
        """The seat's lines (empty for an empty chair)."""
        if self._shown is None:
            self._shown = Content.from_markup("\n".join(self._lines))
        return self._shown

    def render_lines(self, crop: Region) -> list[Strip]:
        """The box's rows, those drawn before in this look taken from memory."""
        box: list[tuple[int, int, bool, int]] = []  # read once, when a row is to draw

        def shows(y: int) -> Hashable:
            """What row ``y`` shows besides the look: its line of text, the title on
            the top border, the markers on the bottom one."""
            if not box:
                width, height = self.content_size
                last = self.region.height - 1  # the box's last row: its bottom border
                box.append((self.styles.gutter.top, height, self._rows_fit(width, height), last))
            top, height, fits, last = box[0]
            row = y - top
            lines = self._lines
            if 0 <= row < height:
                if not fits:  # a line wraps: each row depends on every line
                    return lines
                # A blank line of text is not a row below the text.
                return (len(self._rows), lines[row] if row < len(lines) else "")
            if y == 0:
                return ("title", self._title_text)
            if y == last:
                return ("markers", self._markers)
            return None

        return self._kept.render_lines(self, crop, shows, super().render_lines)

    def render_line(self, y: int) -> Strip:
        """Row ``y`` of the text. When every line has a row of its own, that row alone
        is drawn, as Textual would draw it among the others (a new stack does not
        draw the lines under it again)."""
        width, height = self.size
        style = self.visual_style
        if (
            not width
            or self.text_selection is not None
            or self.styles.content_align != ("left", "top")
            or not self._rows_fit(width, height)
        ):
            return super().render_line(y)
        rows = self._rows
        if y >= len(rows):  # below the text, as Textual leaves it
            return Strip.blank(width, style.rich_style)
        # Drawn alone, the row is the text's first: its cells are told their row (the
        # offsets a mouse selection reads), as they are drawn among the others.
        return Visual.to_strips(self, rows[y], width, 1, style)[0].apply_offsets(0, y)

    def _rows_fit(self, width: int, height: int) -> bool:
        """Whether each line of text sits on a row of its own (none wraps)."""
        rows = self._rows
        return len(rows) <= height and all(row.cell_length <= width for row in rows)

    def show(
        self,
        view: SeatView,
        *,
        tall: bool = False,
        tabled: str = "",
        restyle: Callable[[Seat], None] | None = None,
    ) -> None:
        """Render ``view`` (skipped when nothing changed, to keep keypresses cheap).

        ``tall``: the roomier box of a big terminal, with the bet and the status on
        lines of their own and the chips this player has put in the hand so far.
        ``tabled``: the hand and its equity when everyone is all in (R10.3).
        ``restyle``: given, a new look is handed to it rather than applied here, so
        that the seats whose look changed are restyled together (see
        :class:`~omaha_tui.app.widgets.restyle.Restyler`).
        """
        if view == self._view and tall == self._tall and tabled == self._tabled:
            return
        self._view, self._tall, self._tabled = view, tall, tabled
        flags = (
            view.name is None,
            view.to_act,
            view.folded,
            view.all_in,
            view.away,
            view.in_hand,
        )
        wanted = {"seat", *(cls for cls, on in zip(_STATE_CLASSES, flags, strict=True) if on)}
        classes = self.classes
        if wanted != classes:
            # One style update for all the classes, without the animation pass (seats
            # have no transitions): restyling a seat is most of a keypress's own work.
            self.remove_class(*(classes - wanted), update=False)
            self.add_class(*(wanted - classes), update=False)
            if restyle is None:
                self.update_node_styles(animate=False)
            else:
                restyle(self)
        self._title()
        markers = " ".join(view.markers)
        if markers != self._markers:
            self._markers = markers
            self.border_subtitle = markers
        lines = () if view.name is None else tuple(seat_lines(view, tall=tall, tabled=tabled))
        if lines != self._lines:
            self._paint(lines)

    def _paint(self, lines: tuple[str, ...]) -> None:
        """Show ``lines``; the box has a fixed size, so never a new layout. When every
        line, old and new, sits on a row of its own (none wraps), the rows that did not
        change stay where they are and only the changed ones are drawn again."""
        old, old_rows = self._lines, self._rows
        self._lines = lines
        # Each line's markup is closed on its line, so the text read whole (when Textual
        # draws it whole) splits into the lines read one by one, and lines come back.
        self._shown = None
        self._rows = [self._line(line) for line in lines] if lines else [Content("")]
        width = self.content_size.width
        rows_kept = (
            width > 0
            and len(lines) == len(old)
            and all(row.cell_length <= width for row in (*old_rows, *self._rows))
        )
        if not rows_kept:
            self.refresh()
            return
        changed = [y for y, (was, now) in enumerate(zip(old, lines, strict=True)) if was != now]
        self.refresh(*(Region(0, y, width, 1) for y in changed))

    def _line(self, markup: str) -> Content:
        """One line of text read from its markup, or as read before."""
        read = self._read.get(markup)
        if read is None:
            if len(self._read) >= 64:  # stacks and bets come and go: keep a few
                self._read.clear()
            read = self._read[markup] = Content.from_markup(markup)
        return read

    def _title(self) -> None:
        """The seat number and name, cut to the box between characters (never inside a
        joined emoji or an accented letter), as the renderer would otherwise cut it."""
        if self._view is None:
            return
        label = f"▶ {self._view.label}" if self._view.to_act else self._view.label
        room = self.size.width - 4  # the corners and a blank on each side
        if (label, room) == self._titled:
            return  # cutting a name walks its graphemes: not again for the same box
        self._titled = (label, room)
        title = shown(clip_name(unshown(label), room, cell_len)) if room > 0 else label
        if title != self._title_text:  # a new title is parsed as markup and repainted
            self._title_text = title
            self.border_title = title

    def on_resize(self) -> None:
        self._title()

    def on_click(self) -> None:
        self.post_message(self.Selected(self.index))
