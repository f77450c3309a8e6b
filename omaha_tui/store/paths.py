"""Where the journal lives by default.

One SQLite file in the user data directory (``platformdirs``), so that every session of
every table on this machine is found again after a restart. ``--db PATH`` on the command
line overrides it; this module only computes the default and does not create the file.
"""

from __future__ import annotations

from pathlib import Path

APP_NAME = "omaha-tui"
DB_FILENAME = "omaha-tui.sqlite3"
DEMO_FILENAME = "omaha-tui-demo.sqlite3"


def default_db_path() -> Path:
    """The journal file used when no ``--db`` is given.

    >>> default_db_path().name
    'omaha-tui.sqlite3'
    """
    import platformdirs  # only here: with ``--db`` nobody asks where the default is

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)) / DB_FILENAME


def demo_db_path() -> Path:
    """The practice journal ``--demo`` writes to when no ``--db`` is given: beside the
    real one, never in it, so the demo's players and hands do not mix with real nights.

    >>> demo_db_path().name
    'omaha-tui-demo.sqlite3'
    """
    return default_db_path().with_name(DEMO_FILENAME)


def resolve_db_path(db: str | Path | None) -> Path:
    """The ``--db`` value when given, else :func:`default_db_path`.

    >>> resolve_db_path("x.sqlite3").name
    'x.sqlite3'
    """
    return Path(db).expanduser() if db else default_db_path()
