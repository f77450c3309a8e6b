"""The one narrator: events -> sentences, for the status line, History, speech and the
console (``narrate``), with its voice (``teller``: names, amounts, cards), the words of a
hand's events (``hand``), of the table around the hands (``table``), of the end of a hand
(``awards``) and of a tournament (``tournament``).
"""
