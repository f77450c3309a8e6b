"""Widgets of the table screen. They render the frozen view they are given
(:mod:`omaha_tui.session.view`) and never import the store or the engine reducer."""
