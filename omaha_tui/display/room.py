"""The room view: the session's one JSON of the table, with what only the page needs.

The document itself is :func:`omaha_tui.session.document.table_document`, the very
object ``omaha-tui console --json`` prints as its ``state``: the page lays it out and
derives nothing. Around it the display adds its own keys, :data:`PAGE_KEYS`: the
dealer's last line (``said``), the page's address (``url``) and colours (``theme``),
and, set by :class:`~.feed.RoomFeed`, the notice over the table, the push counter, the
alert of the moment and a colour-up's race cards. Text is plain (the page sets it as
text, never as HTML), so a name such as ``<b>Ann`` stays a name.

Nothing here imports Textual; :mod:`.web` serves it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from omaha_tui.engine.labels import printable
from omaha_tui.engine.state import TableState
from omaha_tui.engine.tournament_events import ColouredUp
from omaha_tui.session.clock import ClockView
from omaha_tui.session.document import table_document
from omaha_tui.session.view import TableView

if TYPE_CHECKING:
    from omaha_tui.engine.allin.equity import Equity

Json = dict[str, Any]

PAGE_KEYS = frozenset({"said", "url", "theme", "notice", "push", "alert", "race"})
"""The keys the page's view has beside the session's document."""


def race_cards(state: TableState, race: tuple[ColouredUp, int, int] | None) -> list[Json] | None:
    """The last colour-up's race (R11.4) as the room sees it, each racing player's cards
    and whether they won a new chip, until the next hand starts (``None`` then, or when
    the colour-up was taken back or the dealer entered the winners without cards)."""
    t = state.tournament
    if race is None or t is None or not race[0].cards:
        return None
    event, count, hand = race
    number = state.hand.number if state.hand is not None else 0
    if len(t.colour_ups) != count or number != hand:
        return None
    won = set(t.colour_ups[-1].won)
    out = []
    for seat, held in sorted(event.cards.items()):
        player = state.seats[seat] if seat < len(state.seats) else None
        name = player.name if player is not None else f"seat {seat + 1}"
        out.append(
            {
                "name": printable(name),
                "cards": " ".join(held).split(),
                "won": name in won,
            }
        )
    return out


def room_view(
    state: TableState,
    *,
    title: str,
    clock: ClockView | None,
    seq: int,
    figures: Equity | None = None,
    url: str = "",
    theme: Mapping[str, str] | None = None,
    table: TableView | None = None,
    said: str = "",
) -> Json:
    """Everything the page shows at one moment (the JSON the server pushes): the
    session's document of the table, with the page's own ``said``, ``url`` and
    ``theme``. ``figures`` are the all-in spot's (worked out on a thread by :mod:`.web`),
    ``table`` is ``table_view(state)`` when the caller has it already, ``said`` the
    dealer's last line, the narrator's words the app speaks and prints."""
    doc = table_document(state, clock=clock, figures=figures, view=table, title=title, seq=seq)
    doc.update({"said": printable(said), "url": url, "theme": dict(theme or {})})
    return doc
