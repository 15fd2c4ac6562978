"""The Practice page."""
