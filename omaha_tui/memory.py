"""The garbage collector set for a program that loads once and then answers keys.

Starting a command builds hundreds of thousands of objects (modules, schemas) that
live as long as the program; the collector, run every 700 new objects by default,
walks them again and again while they are built. :func:`start_quietly` makes the
young generation large while a command starts (it still collects, only less often).

Everything alive once a table is open (modules, schemas, the session's states) lives
as long as the program too; left in the collector's sight, each full collection walks
it all again, which at a ten-seat table took hundreds of milliseconds in the middle of
a keypress. :func:`settle_memory` moves it out of sight (``gc.freeze``): later
collections look only at what was made after it. Reference counting still frees
everything as usual; only reference cycles made before the call are never collected.
"""

from __future__ import annotations

import gc

STARTING = (50_000, 10, 10)
"""While a command starts: a collection of the young objects every 50,000 new ones."""
SETTLED = (2_000, 10, 100)
"""Once loaded. After ``gc.freeze`` the collector counts almost nothing as long-lived,
so its rule "a full collection once the new long-lived objects are a quarter of the
old ones" would run one every few hands; a full collection is considered after every
100 middle ones instead of 10."""


def start_quietly() -> None:
    """Collect young objects less often while the program loads (see :data:`STARTING`)."""
    gc.set_threshold(*STARTING)


_frozen = [False]


def settle_memory() -> None:
    """Exempt what is alive now from every later collection, and collect as a loaded
    program should from now on (:data:`SETTLED`).

    Only the first call freezes: a program that opens a second table (or runs many,
    as the tests do) does not keep freezing whatever garbage is waiting then.
    """
    if not _frozen[0]:
        _frozen[0] = True
        gc.freeze()
    gc.set_threshold(*SETTLED)


__all__ = ["SETTLED", "STARTING", "settle_memory", "start_quietly"]
