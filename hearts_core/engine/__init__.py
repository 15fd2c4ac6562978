"""The engine layer: cards, rulesets, the legality kernel, one hand, scoring, a game, notation.

It imports only ``words``."""
