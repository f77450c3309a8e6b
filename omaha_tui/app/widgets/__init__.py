"""Widgets of the table screen. They draw what they are given (the frozen view of
:mod:`omaha_tui.session.view`, as types only) and never import the session, the store
or interchange at run time (an import-linter contract in pyproject.toml)."""
