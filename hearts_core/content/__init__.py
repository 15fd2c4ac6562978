"""The content layer: the rule book, its sources, lessons and puzzles as validated data (imports ``ai`` and below)."""
