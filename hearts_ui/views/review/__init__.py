"""The Review page: the learner's own mistakes coming back (issue 26)."""
