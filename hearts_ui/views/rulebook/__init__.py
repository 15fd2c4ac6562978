"""The Rule Book page."""
