"""The one reducer: ``apply(state, event)``, ``replay`` and ``undo``.

The modules beside :mod:`.replay` hold one private handler per event; nothing outside
this package calls them.
"""
