"""The Puzzles page."""
