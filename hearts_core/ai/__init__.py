"""The players' layer: what a seat knows, the bots and the hint engine (imports ``search`` and below)."""
