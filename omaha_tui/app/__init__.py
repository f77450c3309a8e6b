"""The Textual app: the dealer's table view on top of the engine and the journal.

Widgets render what they are given and post messages; the app sends what they ask for
to the headless :class:`omaha_tui.session.Session`, the one place that turns requests
into engine events and journal appends.
"""
