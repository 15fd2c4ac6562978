"""The daily deal and the learner's days (issue 26)."""
