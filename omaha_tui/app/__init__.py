"""The Textual app: the dealer's table view on top of the engine and the journal.

Widgets render what they are given and post messages; :mod:`omaha_tui.app.controller`
is the one place that turns those messages into engine events and journal appends.
"""
