"""Widgets every page shares: the card table, card chips, the stepper, the ruleset picker."""
