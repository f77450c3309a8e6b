"""The dealer's preferences as data: the colour themes and the remembered settings.

Headless (no Textual, no Rich): the app turns a theme into Textual's
(``omaha_tui.app.textual_themes``) and the players' web page into CSS colours
(``omaha_tui.display.page``).
"""
