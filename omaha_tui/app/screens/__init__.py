"""Screens of the app: the table (the main view) and the screens that collect input."""
