"""The Variant Lab page."""
