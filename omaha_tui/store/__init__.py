"""Persistence: the SQLite journal, the roster of regulars, the ledger.

The store imports the engine and never the UI (no Textual, no Rich); hand histories in
and out (PHH, the JSON event log) are ``omaha_tui.interchange``. Import the parts from
their modules (``omaha_tui.store.journal``, ``.ledger`` ...); this package file stays
empty of imports so that ``--help`` does not load SQLite or pydantic.
"""
