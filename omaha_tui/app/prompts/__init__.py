"""What the dealer types into on a screen: amounts, cards, blind levels, names.

A prompt reads its text with the one grammar (:mod:`omaha_tui.session.grammar`) and
hands the answer on; the widgets beside it (:mod:`omaha_tui.app.widgets`) only draw.
"""
