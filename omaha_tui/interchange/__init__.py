"""Hand histories in and out: PHH files and the JSON event log, over the store's journal.

Interchange imports the engine and the store, never a front end. Import the parts from
their modules (``omaha_tui.interchange.interop`` to import and export a session,
``.phh`` for the file format ...); this package file stays empty of imports so that
``--help`` does not load SQLite or pydantic.
"""
