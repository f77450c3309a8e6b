"""The fields a PHH file of ours carries the exact event log in (docs/phh-extensions.md).

Other readers pass over them (the PHH standard keeps unknown fields); an import reads the
session back from them event for event.
"""

from __future__ import annotations

EVENTS_FIELD = "_omaha_tui_events"
META_FIELD = "_omaha_tui_meta"
TITLE_FIELD = "_omaha_tui_title"
TIMES_FIELD = "_omaha_tui_times"
OUR_FIELDS = (EVENTS_FIELD, META_FIELD, TITLE_FIELD, TIMES_FIELD)

__all__ = ["EVENTS_FIELD", "META_FIELD", "OUR_FIELDS", "TIMES_FIELD", "TITLE_FIELD"]
