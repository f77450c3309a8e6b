"""A session's export written as it is read: the log a page at a time, never whole.

The peak memory of an export does not grow with the session. The log is read once, in
pages of :data:`PAGE` events; an imported session's hands' details are read a page at a
time too (:meth:`omaha_tui.store.journal_details.JournalDetails.hand_details`). The JSON
export writes each detail, each event and each time as it comes. The PHH export keeps
only the hand being written and the table's state, with a short look-behind
(:func:`effective`) for what an undo may still take back. Its first hand carries the
whole exact event log (:mod:`.exact_log`) and comes before the others, so while that log
is written from the one pass, the hands after the first wait in a temporary file, as the
times do; what waits in memory is only what the look-behind already holds. The details
are read twice (a second query, not a second pass over the log): the first hand's
``meta`` field lists them all, ahead of the hands that use them one by one.
The PHH text is the one the whole-log writers gave (:func:`~.phh_write.dumps_all` and
:func:`~.exact_log.attach`), byte for byte; the JSON export writes each event on a line
of its own, as the journal stores it, and the details in ``meta.phh.hands``, where a
journal kept them before they had rows of their own.
This module writes no file; :func:`~.files.write_chunks_safely` does.
"""

from __future__ import annotations

import json
import secrets
import tempfile
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from typing import Any, TypeVar

from omaha_tui.engine.events import ActionUndone, Event, HandStarted, event_to_json
from omaha_tui.engine.reducer.history import UNDO_HANDS
from omaha_tui.store.records import EventRecord, SessionInfo

from .exact_fields import EVENTS_FIELD, META_FIELD, OUR_FIELDS, TIMES_FIELD, TITLE_FIELD
from .journal_port import JournalPort
from .phh import PhhError, PhhHand
from .phh_write import dumps, toml_string, toml_text

PAGE = 2000
"""Events read from the journal at a time."""
HELD_HANDS = UNDO_HANDS + 2
"""Hands the look-behind holds, the one in play counted: undo reaches back
:data:`UNDO_HANDS` hands at most."""
HELD_EVENTS = 1000
"""Events the look-behind holds at least, however few hands they make."""

Timed = tuple[Event, str | None]
Item = TypeVar("Item", bound=tuple[Any, ...])
"""An event first (``item[0]``), then what travels with it (its time, the table after it)."""


class UndoneTooFar(PhhError):
    """The log undoes further back than the look-behind holds (nothing is written)."""


def log_pages(
    journal: JournalPort, session_id: int, upto: int, page: int | None = None
) -> Iterator[EventRecord]:
    """The session's events up to ``upto``, read ``page`` (:data:`PAGE`) at a time."""
    page = page or PAGE
    after = 0
    while after < upto:
        last = min(after + page, upto)
        yield from journal.records(session_id, after, last)
        after = last


def effective(
    timed: Iterable[Item],
    *,
    hands: int | None = None,
    least: int | None = None,
    bounded: bool = True,
    where: str = "the session",
) -> Iterator[Item]:
    """The effective log (each ``ActionUndone`` takes back the last effective event, as
    :func:`~omaha_tui.engine.reducer.replay.effective_events` does), with what travels
    with each event (its time, or the table after it), given out as soon as no undo can
    reach it: once at least ``least`` events and ``hands`` hand starts follow it (by
    default :data:`HELD_EVENTS` and :data:`HELD_HANDS`). Not ``bounded``, it holds
    everything to the end.

    Raises:
        UndoneTooFar: an undo reaches an event already given out (the log undoes more
            than ``hands`` hands back), so the export would be wrong.

    >>> from omaha_tui.engine.events import CameBack, SatOut
    >>> log = [(SatOut(seat=1), "t1"), (CameBack(seat=1), "t2"), (ActionUndone(), "t3")]
    >>> [(e.type, t) for e, t in effective(log)]
    [('sat_out', 't1')]
    """
    least = HELD_EVENTS if least is None else least
    hands = HELD_HANDS if hands is None else hands
    held: deque[Item] = deque()
    starts = 0
    gone = False
    for item in timed:
        event = item[0]
        if isinstance(event, ActionUndone):
            if held:
                starts -= _start(held.pop())
            elif gone:
                raise UndoneTooFar(
                    f"{where}: its log undoes more than {hands} hands back, further than "
                    "a PHH export follows; export it as JSON instead (--format json)"
                )
            continue
        held.append(item)
        starts += _start(item)
        # The oldest goes out once ``hands`` hand starts follow it (and ``least`` events).
        while bounded and len(held) > least and starts - _start(held[0]) >= hands:
            out = held.popleft()
            starts -= _start(out)
            gone = True
            yield out
    yield from held


def _start(item: tuple[Any, ...]) -> int:
    return 1 if isinstance(item[0], HandStarted) else 0


def _json_list(items: Iterable[str]) -> Iterator[str]:
    """A list of JSON texts, one a line, indented as :func:`json.dumps` indents the
    file's other fields (``indent=1``)."""
    first = True
    for item in items:
        yield ("[\n  " if first else ",\n  ") + item
        first = False
    yield "[]" if first else "\n ]"


def _toml_list(items: Iterable[str]) -> Iterator[str]:
    """A list of strings as :func:`~.phh_write.toml_text` writes it."""
    yield "["
    first = True
    for item in items:
        yield toml_text(item) if first else ", " + toml_text(item)
        first = False
    yield "]"


def _two_lists(
    records: Iterable[EventRecord],
    event_text: Callable[[Event], str],
    time_text: Callable[[str], str],
    between: str,
    lister: Callable[[Iterable[str]], Iterator[str]],
) -> Iterator[str]:
    """One pass over the log: the events' list, ``between``, then the times' list (the
    times wait in a temporary file meanwhile, one JSON string a line)."""
    with tempfile.TemporaryFile("w+", encoding="utf-8") as times:

        def events() -> Iterator[str]:
            for record in records:
                times.write(json.dumps(record.created) + "\n")
                yield event_text(record.event)

        yield from lister(events())
        yield between
        times.seek(0)
        yield from lister(time_text(json.loads(line)) for line in times)


def with_details(
    around: Callable[[dict[str, Any]], Any],
    meta: dict[str, Any],
    details: Iterable[Any] | None,
    *,
    indent: int | None = None,
    sort_keys: bool = False,
) -> Iterator[str]:
    """:func:`json.dumps` of ``around(meta)`` with ``details`` listed in
    ``meta["phh"]["hands"]``, written one by one as they come, byte for byte as
    ``json.dumps`` writes the whole (``details`` ``None``: ``meta`` as it is).

    ``meta``'s keys are in the journal's order (sorted, as it stores them); the
    details' key goes where sorting puts it.

    >>> "".join(with_details(lambda m: {"meta": m}, {"phh": {}}, iter([{"scale": 1}])))
    '{"meta": {"phh": {"hands": [{"scale": 1}]}}}'
    """
    if details is None:
        yield json.dumps(around(meta), indent=indent, sort_keys=sort_keys)
        return
    slot = f"\x00{secrets.token_hex(16)}\x00"  # no text of a session can be this one
    phh = meta.get("phh")
    held = {**(phh if isinstance(phh, dict) else {}), "hands": slot}
    slotted = dict(sorted({**meta, "phh": dict(sorted(held.items()))}.items()))
    text = json.dumps(around(slotted), indent=indent, sort_keys=sort_keys)
    before, after = text.split(json.dumps(slot))
    if indent is None:
        inner = outer = ""
        opening, between, closing = "[", ", ", "]"
    else:  # each detail a level deeper than the line that names them
        line = before[before.rindex("\n") + 1 :]
        outer = line[: len(line) - len(line.lstrip(" "))]
        inner = outer + " " * indent
        opening, between, closing = "[\n" + inner, ",\n" + inner, "\n" + outer + "]"
    yield before
    first = True
    for detail in details:
        item = json.dumps(detail, indent=indent, sort_keys=sort_keys)
        yield (opening if first else between) + item.replace("\n", "\n" + inner)
        first = False
    yield "[]" if first else closing
    yield after


def json_chunks(
    records: Iterable[EventRecord],
    info: SessionInfo,
    meta: dict[str, Any],
    details: Iterable[Any] | None = None,
) -> Iterator[str]:
    """The JSON export's text: the session and its details (``details``: the hands'
    details kept in rows, written into ``meta``), then every event (compact JSON, one
    a line) and every event's time."""
    head = {
        "session": {
            "id": info.id,
            "title": info.title,
            "created": info.created,
            "updated": info.updated,
            "finished": info.finished,
        },
        "meta": meta,
    }
    chunks = with_details(lambda m: {**head, "meta": m}, meta, details, indent=1)
    yield from _all_but(chunks, len("\n}"))
    yield ',\n "events": '
    yield from _two_lists(
        records,
        event_to_json,
        json.dumps,
        ',\n "times": ',
        _json_list,
    )
    yield "\n}\n"


def _all_but(chunks: Iterable[str], cut: int) -> Iterator[str]:
    """``chunks`` without the last ``cut`` characters of their text (each chunk given out
    once the ones after it hold ``cut`` characters)."""
    held = ""
    for chunk in chunks:
        held += chunk
        if len(held) > cut:
            yield held[:-cut]
            held = held[-cut:]


def phh_chunks(
    records: Iterable[EventRecord],
    hands: Callable[[Iterable[Timed]], Iterator[PhhHand]],
    title: str,
    meta_text: Iterable[str],
) -> tuple[PhhHand | None, bool, Iterator[str]]:
    """The PHH export from one pass over the log: its first hand, whether another
    follows (a ``.phhs`` file), and the file's text (when there is a first hand).

    ``hands`` turns the log's events with their times into the hands PHH can hold, as
    they end. The text is the first hand with the exact log in its user fields (the
    title, ``meta_text`` as the meta field's JSON, every event and every time), then the
    later hands. The events the hands are made from wait in ``read`` until the log's
    list has them (no longer than the look-behind holds them); the later hands made
    meanwhile wait in a temporary file.
    """
    read: deque[EventRecord] = deque()

    def tee() -> Iterator[Timed]:
        for record in records:
            read.append(record)
            yield record.event, record.created

    made = hands(tee())
    first = next(made, None)
    later = next(made, None)
    if first is None:
        return None, False, iter(())
    return first, later is not None, _phh_text(first, later, made, read, title, meta_text)


def _phh_text(
    first: PhhHand,
    later: PhhHand | None,
    made: Iterator[PhhHand],
    read: deque[EventRecord],
    title: str,
    meta_text: Iterable[str],
) -> Iterator[str]:
    kept = tuple((k, v) for k, v in first.extra if k not in OUR_FIELDS)
    head = dumps(replace(first, extra=kept))
    yield head if later is None else "[1]\n" + head
    yield f"{TITLE_FIELD} = {toml_text(title)}\n"
    yield f"{META_FIELD} = "
    yield from toml_string(meta_text)
    yield f"\n{EVENTS_FIELD} = "
    with (
        tempfile.TemporaryFile("w+", encoding="utf-8") as times,
        tempfile.TemporaryFile("w+", encoding="utf-8", newline="") as waiting,
    ):

        def events() -> Iterator[str]:
            number = 3
            more = True
            while True:
                while read:
                    record = read.popleft()
                    times.write(json.dumps(record.created) + "\n")
                    yield event_to_json(record.event)
                if not more:
                    return
                hand = next(made, None)  # reads on: the events it took are in `read`
                if hand is None:
                    more = False
                else:
                    waiting.write(f"\n[{number}]\n" + dumps(hand))
                    number += 1

        yield from _toml_list(events())
        yield f"\n{TIMES_FIELD} = "
        times.seek(0)
        yield from _toml_list(str(json.loads(line)) for line in times)
        yield "\n"
        if later is None:
            return
        yield "\n[2]\n" + dumps(later)
        waiting.seek(0)
        while chunk := waiting.read(1 << 13):  # small: the chunks of a hand or two
            yield chunk


__all__ = [
    "PAGE",
    "UndoneTooFar",
    "effective",
    "json_chunks",
    "log_pages",
    "phh_chunks",
    "with_details",
]
