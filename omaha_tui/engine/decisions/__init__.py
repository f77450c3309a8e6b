"""What the dealer may ask (requests), the one decider that turns a request into events
(``decide``), and which requests are live now (``available``).
"""
