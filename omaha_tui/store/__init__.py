"""Persistence and interchange: the SQLite journal, PHH hand histories, the ledger.

The store imports the engine and never the UI (no Textual, no Rich). Import the parts
from their modules (``omaha_tui.store.journal``, ``.phh``, ``.ledger`` ...); this package
file stays empty of imports so that ``--help`` does not load SQLite or pydantic.
"""
