"""The pure engine: cards, rules, events, the reducer and everything derived from state.

Import what you use from its modules (``from omaha_tui.engine.reducer.replay import
replay``, ``from omaha_tui.engine.decisions.decide import decide``); this package file
stays empty of imports, so a command that reads hands does not pay for the event schemas
and the reducer at start-up. Its packages say what they hold:

- ``hands``: cards, the games (R9), evaluation, readings (R6), kickers (R8.3), claims,
  the showdown and the words said about it;
- ``rules``: betting (R4), blinds and the button (R1.5, R2), pots (R5), awards (R7),
  blind levels (R2.7);
- ``allin``: the all-in spot, the boards still to come and equity (R10);
- ``reducer``: ``apply`` and ``replay``, one private handler per event; the undo
  ``History`` beside the state (``reducer.history``);
- ``decisions``: requests, what they come back as (``outcomes``), the deciders'
  ``registry``, ``decide`` and ``available``;
- ``narration``: the one narrator, the sentences about events;
- ``config``, ``events``, ``state``, ``errors``, ``labels``: the shared vocabulary (table
  settings, the facts recorded, the state they fold into, the error, the names of seats
  and pots);
- ``opening``: the one builder of a session's opening events (rules, players, button);
- ``testing``: ready-made tables for examples and tests.

Nothing here does I/O or imports the store or the app.
"""
