"""The Analysis page (:mod:`.page`) and what it keeps in the session (:mod:`.view`)."""
