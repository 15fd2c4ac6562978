"""The search layer: the fast playout path, card equivalence and the exact solver (imports ``engine`` and ``words``)."""
