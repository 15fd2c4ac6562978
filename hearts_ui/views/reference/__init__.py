"""The reference pages: the sources of the rule book, and the glossary of the game's words."""
