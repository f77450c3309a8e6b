"""What the dealer may ask (requests), what a request comes back as (``outcomes``), the
one decider that turns a request into events (``decide``, over the deciders' ``registry``
and the deciders by subject), and which requests are live now (``available``).
"""
