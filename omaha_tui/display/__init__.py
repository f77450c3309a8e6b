"""The players' display: a read-only view of a live session for a TV, phones or a
second monitor (``omaha-tui display``).

It follows the journal the dealer's app writes, opening it read-only (no lock, no
write, ever). :mod:`.follower` is the headless part; :mod:`.room` maps the session's
view model to the JSON the web page draws; :mod:`.feed` keeps the latest of it for
every viewer, :mod:`.web` is the one server process that pushes it to every browser
and :mod:`.serve` starts it; :mod:`.app` draws the same view model in a terminal
(``--terminal``). The page itself (HTML, CSS, JavaScript) is in ``static/``, shipped
in the wheel: nothing is loaded from outside.
"""
