"""The one exception the scoring engine raises for bad input."""


class ScoringError(ValueError):
    """An impossible or unreadable result; the message names what is wrong."""
