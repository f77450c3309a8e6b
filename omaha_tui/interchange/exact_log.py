"""A session's exact event log as it travels in an export, and its checks on the way in.

PHH describes hands; a session is more (rebuys, seat changes, level and game changes,
corrections, undone actions, hands settled by hand). So that every session reads back
to *identical* events, an export carries the whole log beside the hands: in the JSON
export it is the file itself; in a PHH file it rides in three fields of the first hand
(``_omaha_tui_events``, ``_omaha_tui_meta``, ``_omaha_tui_title``; user fields start
with ``_`` in PHH, see ``docs/phh-extensions.md``). Other programs read the standard
fields and ignore these.

On the way in nothing is trusted: every event is validated as data, the whole log is
replayed by the rules, and a PHH log is used only when it still writes exactly the
hands of its file (an edited file falls back to its standard fields).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from pydantic import ValidationError

from omaha_tui.engine.errors import document_problem, validation_message
from omaha_tui.engine.events import EVENT_ADAPTER, ActionUndone, Event, event_to_json
from omaha_tui.engine.reducer.history import History
from omaha_tui.engine.reducer.replay import replay
from omaha_tui.engine.state import TableState
from omaha_tui.store.schema import upgrade_payload
from omaha_tui.store.snapshot import FoldedLog, fold_steps

from .exact_fields import EVENTS_FIELD, META_FIELD, OUR_FIELDS, TIMES_FIELD, TITLE_FIELD
from .export_stream import UndoneTooFar, effective
from .import_meta import trusted_meta
from .names import check_seated_names
from .phh import PhhError, PhhHand
from .phh_export import details_in, export_hands, write_hands
from .phh_write import dumps

TIME_FIELDS = ("time", "time_zone", "day", "month", "year")
"""Standard fields a hand takes from the journal's clock rather than from its events."""
TITLE_LIMIT = 120


@dataclass(frozen=True)
class SessionLog:
    """A whole session as it is imported: its title, its events and its details."""

    title: str
    events: tuple[Event, ...]
    meta: dict[str, Any] = field(default_factory=dict)
    times: tuple[str, ...] | None = None

    @property
    def finished(self) -> bool:
        return any(e.type == "session_ended" for e in self.events)


def decode_events(items: Sequence[Any], where: str) -> tuple[Event, ...]:
    """Events from JSON data (objects, or JSON texts of objects), older versions upgraded.

    Raises:
        PhhError: an item that is not an event; the message names its position.
    """
    out: list[Event] = []
    for i, item in enumerate(items, start=1):
        try:
            data = json.loads(item) if isinstance(item, str) else item
            if not isinstance(data, dict):
                raise ValueError("not an object")
            out.append(EVENT_ADAPTER.validate_python(upgrade_payload(dict(data))))
        except (ValueError, ValidationError, RecursionError) as e:
            if isinstance(e, ValidationError) and e.errors():
                reason = validation_message(e)[:200]  # the field and what it must be
            else:
                reason = str(e).splitlines()[0][:200] if str(e) else type(e).__name__
            raise PhhError(f"{where}: event {i} is not an omaha-tui event ({reason})") from None
    return tuple(out)


def check_log(log: SessionLog, where: str) -> TableState:
    """Replay the log by the rules; the state it leaves.

    Raises:
        PhhError: the rules refuse an event (the file was altered); nothing is recorded.
    """
    try:
        return replay(log.events)
    except (ValueError, AssertionError) as e:
        raise refused_log(where, e) from None


def refused_log(where: str, e: Exception) -> PhhError:
    """The one line for a log whose event ``e`` names is refused by the rules."""
    return PhhError(f"{where}: the rules refuse its event log ({e}); was it edited by hand?")


def fold_refusal(log: SessionLog, applied: int, e: Exception, where: str) -> PhhError | None:
    """What a fold of ``log`` that stopped at event ``applied`` with ``e`` means: the
    rules refuse that event (the line naming it), or ``None`` when it is an undo reaching
    further back than a live table's history holds, which only a replay from the start
    can take."""
    if type(log.events[applied]) is ActionUndone:
        return None
    return refused_log(where, e)


def from_json(text: str, source: str) -> SessionLog:
    """A session from the text of ``omaha-tui export --format json``.

    Raises:
        PhhError: not JSON, too deeply nested, not an export, or a bad event.
    """
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as e:
        reason = document_problem(e)
        raise PhhError(f"{source}: not an omaha-tui JSON export ({reason})") from None
    if not isinstance(data, dict) or not isinstance(data.get("events"), list):
        raise PhhError(
            f'{source}: not an omaha-tui JSON export (it needs an "events" list, as '
            "`omaha-tui export --format json` writes)"
        )
    session: dict[str, Any] = data["session"] if isinstance(data.get("session"), dict) else {}
    title: str = session["title"] if isinstance(session.get("title"), str) else ""
    events = decode_events(data["events"], source)
    if not events:
        raise PhhError(f"{source}: the export holds no event")
    check_seated_names(events, source)
    times = event_times(data.get("times"), len(events))
    return SessionLog(
        title[:TITLE_LIMIT] or source, events, trusted_meta(data.get("meta"), events, source), times
    )


def event_times(raw: Any, count: int) -> tuple[str, ...] | None:
    """The recorded time of each event as an export carries them, when they are valid:
    one ISO 8601 time with its UTC offset per event, never going back. Anything else
    is not used (the import's own time stands instead).

    >>> event_times(["2026-12-01T20:00:00+00:00", "2026-12-01T20:00:05+00:00"], 2)
    ('2026-12-01T20:00:00+00:00', '2026-12-01T20:00:05+00:00')
    >>> event_times(["yesterday"], 1) is None
    True
    """
    if not isinstance(raw, list) or len(raw) != count:
        return None
    last = None
    for item in raw:
        if not isinstance(item, str) or len(item) > 40:
            return None
        try:
            when = datetime.fromisoformat(item)
        except ValueError:
            return None
        if when.tzinfo is None or (last is not None and when < last):
            return None
        last = when
    return tuple(raw)


def attach(hands: list[PhhHand], log: SessionLog) -> list[PhhHand]:
    """``hands`` with the session's exact log in the first hand's user fields."""
    if not hands:
        return hands
    ours: tuple[tuple[str, Any], ...] = (
        (TITLE_FIELD, log.title),
        (META_FIELD, json.dumps(log.meta, sort_keys=True)),
        (EVENTS_FIELD, [event_to_json(e) for e in log.events]),
    )
    if log.times is not None:
        ours += ((TIMES_FIELD, list(log.times)),)
    first = hands[0]
    extra = tuple((k, v) for k, v in first.extra if k not in OUR_FIELDS) + ours
    return [replace(first, extra=extra), *hands[1:]]


@dataclass(frozen=True)
class Carried:
    """What :func:`carried` found: the log to use (``None``: the file carries none, or
    one that no longer writes its hands, ``note`` saying so), and the log folded by
    the rules as it was checked, for the journal to record without applying it again."""

    log: SessionLog | None = None
    note: str | None = None
    folded: FoldedLog | None = None


def carried(hands: Sequence[PhhHand]) -> Carried:
    """The exact log a PHH file carries, checked against its hands.

    The log is folded once (:func:`_fold_writing`): the table after each event both
    writes the hands compared with the file's and is what the journal records. Only a
    log that fold cannot take (the rules refuse an event, or an undo reaches further
    back than a live table's) is checked the slower way, event by event again.

    Raises:
        PhhError: the carried log is not valid events, or the rules refuse it.
    """
    if not hands:
        return Carried()
    fields = dict(hands[0].extra)
    if EVENTS_FIELD not in fields:
        return Carried()
    source = hands[0].source
    raw = fields[EVENTS_FIELD]
    if not isinstance(raw, list):
        raise PhhError(f"{source}: {EVENTS_FIELD} must be a list of JSON events")
    try:
        meta = json.loads(str(fields.get(META_FIELD, "{}")))
    except (ValueError, RecursionError):
        meta = None
    if not isinstance(meta, dict):
        raise PhhError(f"{source}: {META_FIELD} must hold a JSON object")
    title = fields.get(TITLE_FIELD)
    events = decode_events(raw, f"{source}: {EVENTS_FIELD}")
    log = SessionLog(
        (title if isinstance(title, str) else "")[:TITLE_LIMIT] or source,
        events,
        trusted_meta(meta, events, f"{source}: {META_FIELD}"),
    )
    log = replace(log, times=event_times(fields.get(TIMES_FIELD), len(log.events)))
    written, folded = _fold_writing(log, source) or _checked_writing(log, source)
    if written != [_standard(h) for h in hands]:
        why = "its hands were changed after export, so their standard fields are used"
        return Carried(note=why)
    return Carried(log, folded=folded)


class _Refused(Exception):
    """The rules refused one of the log's events during the fold (carries the line)."""

    def __init__(self, error: PhhError) -> None:
        super().__init__(str(error))
        self.error = error


def _fold_writing(log: SessionLog, source: str) -> tuple[list[str], FoldedLog] | None:
    """The log folded once, each event applied by the rules once, and the hands PHH
    writes of it from the same tables (as :func:`_standard` texts). ``None`` when the
    fold cannot take the log: an undo reaching further back than a live table's.

    Raises:
        PhhError: the rules refuse an event, named from this one fold.
    """
    folds: list[FoldedLog] = []

    def steps() -> Iterator[tuple[Event, None, TableState]]:
        fold = fold_steps(log.events)
        applied = 0
        while True:
            try:
                event, history = next(fold)
            except StopIteration as done:
                folds.append(done.value)
                return
            except (ValueError, AssertionError) as e:
                refused = fold_refusal(log, applied, e, source)
                if refused is None:
                    raise UndoneTooFar("an undo beyond the fold") from None  # replayed slowly
                raise _Refused(refused) from None
            applied += 1
            yield event, None, history.state

    problems: list[str] = []
    try:
        # Bounded: an undo the fold takes reaches back no further than the look-behind
        # holds, so only a few hands' tables are held at a time.
        hands = write_hands(effective(steps()), details_in(log.meta), log.title, problems)
        written = [_standard(h) for h in hands]
    except _Refused as refused:
        raise refused.error from None
    except (ValueError, AssertionError, UndoneTooFar):
        return None
    return written, folds[0]


def _checked_writing(log: SessionLog, source: str) -> tuple[list[str], FoldedLog]:
    """The hands PHH writes of a log the fold could not take, and the log's table
    without undo history (or the event the rules refuse, named)."""
    try:  # writing the hands replays the log by the rules
        written = [_standard(h) for h in export_hands(log.events, log.meta, title=log.title)[0]]
    except (ValueError, AssertionError):
        check_log(log, source)  # names the event the rules refuse
        raise
    return written, FoldedLog(History(check_log(log, source)))


def _standard(hand: PhhHand) -> str:
    """A hand's text without our fields and the clock's (what must match for the log
    to be used)."""
    extra = tuple((k, v) for k, v in hand.extra if k not in OUR_FIELDS + TIME_FIELDS)
    return dumps(replace(hand, extra=extra, source=""))


__all__ = [
    "OUR_FIELDS",
    "Carried",
    "SessionLog",
    "attach",
    "carried",
    "check_log",
    "event_times",
    "fold_refusal",
    "from_json",
]
