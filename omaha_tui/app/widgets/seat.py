"""One seat at the table: name, stack, bet in front, status and the button/blind markers.

The seat renders a :class:`~omaha_tui.app.view.SeatView` and nothing else; its look
(to act, folded, all in, away, empty) is carried by CSS classes so themes decide colours.
"""

from __future__ import annotations

from textual.message import Message
from textual.widgets import Static

from omaha_tui.app.view import SeatView, chips

_STATE_CLASSES = ("-empty", "-to-act", "-folded", "-all-in", "-away", "-in-hand")


class Seat(Static):
    """A seat box; clicking it posts :class:`Seat.Selected` (used to target palette commands)."""

    class Selected(Message):
        """The dealer clicked a seat."""

        def __init__(self, seat: int) -> None:
            super().__init__()
            self.seat = seat

    def __init__(self, index: int) -> None:
        super().__init__("", id=f"seat-{index}", classes="seat -empty")
        self.index = index
        self._view: SeatView | None = None
        self._tall = False

    def show(self, view: SeatView, *, tall: bool = False) -> None:
        """Render ``view`` (skipped when nothing changed, to keep keypresses cheap).

        ``tall``: the roomier box of a big terminal, which also shows the chips this
        player has put in the hand so far.
        """
        if view == self._view and tall == self._tall:
            return
        self._view, self._tall = view, tall
        flags = (
            view.name is None,
            view.to_act,
            view.folded,
            view.all_in,
            view.away,
            view.in_hand,
        )
        wanted = {"seat", *(cls for cls, on in zip(_STATE_CLASSES, flags, strict=True) if on)}
        if wanted != set(self.classes):
            self.set_classes(wanted)  # one style update, not one per class
        self.border_title = view.label
        self.border_subtitle = " ".join(view.markers)
        if view.name is None:
            self.update("", layout=False)
            return
        bet = f"bet {chips(view.bet)}" if view.bet else ""
        lines = [f"[b]{chips(view.stack)}[/b]", bet]
        if tall:
            lines.append(f"[dim]in the pot {chips(view.committed)}[/]" if view.committed else "")
        lines.append(view.status)
        # The box has a fixed size, so a new text needs a repaint, not a new layout.
        self.update("\n".join(lines), layout=False)

    def on_click(self) -> None:
        self.post_message(self.Selected(self.index))
