"""All in (R10): the spot when nobody can bet any more, the boards still to come, and each
tabled hand's equity over them (R10.3).
"""
