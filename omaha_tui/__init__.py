"""omaha-tui: a terminal dealer's assistant for home Omaha games."""

__version__ = "0.2.0"
