"""Hands: cards, the games, evaluation under the 2 + 3 rule, readings, kickers, claims,
the showdown and the words said about it (R1, R6, R8, R9).
"""
