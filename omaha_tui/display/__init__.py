"""The players' display: a read-only view of a live session for a TV, phones or a
second monitor (``omaha-tui display``).

It follows the journal the dealer's app writes, opening it read-only (no lock, no
write, ever), and shows the blinds and the clock in large digits, the pots, the board,
the stacks and whose turn it is. :mod:`.follower` is the headless part (no Textual);
:mod:`.app` draws it in a terminal, and :mod:`.serve` serves that same app to browsers
with textual-serve.
"""
