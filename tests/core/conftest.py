"""Shared fixtures for the hearts_core tests.

Deals in these tests are always written out card by card, so a reader can
follow every trick; the fixtures here only save typing.
"""

from __future__ import annotations

from typing import Protocol

import pytest

from hearts_core import HandState, IllegalPlayError, Reason, Ruleset
from hearts_core.content.rulebook import rule_entry
from hearts_core.engine.cards import Card, CardParseError
from tests.helpers import names


class Play(Protocol):
    """The ``play`` fixture: :func:`play_cards`."""

    def __call__(self, state: HandState, cards: str, /) -> HandState: ...


class Deal(Protocol):
    """The ``deal`` fixture: :func:`deal_hands`."""

    def __call__(self, rules: Ruleset, /, *hands: str, hand_number: int = 0) -> HandState: ...


class Illegal(Protocol):
    """The ``illegal`` fixture: :func:`check_illegal`."""

    def __call__(self, state: HandState, card: str, reason: Reason, rule: str, /, *words: str) -> IllegalPlayError: ...


class Legal(Protocol):
    """The ``legal`` fixture: :func:`check_legal`."""

    def __call__(self, state: HandState, card: str, reason: Reason, rule: str, /, *words: str) -> HandState: ...


def play_cards(state: HandState, cards: str) -> HandState:
    """Play the cards in order (``|`` between tricks is decoration)."""
    for token in cards.replace("|", " ").split():
        state = state.play(token)
    return state


def deal_hands(rules: Ruleset, *hands: str, hand_number: int = 0) -> HandState:
    """A hand from explicit seat hands (seat 0 first)."""
    return HandState.from_hands(rules, list(hands), hand_number)


@pytest.fixture
def play() -> Play:
    """``play(state, "2C 3C 4C 5C | ...")``: play named cards in order."""
    return play_cards


@pytest.fixture
def deal() -> Deal:
    """``deal(rules, seat0, seat1, ..., hand_number=0)``: a hand from named cards."""
    return deal_hands


def as_read(words: str) -> str:
    """``words`` as an explanation shows them: card codes as a learner reads them ("2C 10H" -> "2♣ 10♥")."""
    try:
        return " ".join(Card.parse(token).symbol for token in words.split())
    except CardParseError:
        return words


def check_illegal(state: HandState, card: str, reason: Reason, rule: str, *words: str) -> IllegalPlayError:
    """Assert that ``card`` may not be played: the error's reason and rule id, that the
    rule id is in the rule book, and that the explanation's text says ``words``."""
    with pytest.raises(IllegalPlayError) as info:
        state.play(card)
    error = info.value
    assert error.reason is reason, (card, error.reason)
    assert error.rule == rule
    assert rule_entry(rule).id == rule
    explanation = state.explain(card)
    assert explanation.legal is False
    assert explanation.reason is reason and explanation.rule == rule
    text = str(explanation)
    assert text == str(error)
    for word in words:
        assert as_read(word) in text, (word, text)
    assert card not in names(state.legal_moves())
    return error


def check_legal(state: HandState, card: str, reason: Reason, rule: str, *words: str) -> HandState:
    """Assert that ``card`` may be played for ``reason`` (and rule id); return the state after it."""
    explanation = state.explain(card)
    assert explanation.legal is True, str(explanation)
    assert explanation.reason is reason, (card, explanation.reason)
    assert explanation.rule == rule
    assert rule_entry(rule).id == rule
    text = str(explanation)
    for word in words:
        assert as_read(word) in text, (word, text)
    assert card in names(state.legal_moves())
    return state.play(card)


@pytest.fixture
def illegal() -> Illegal:
    """``illegal(state, card, Reason.X, rule_id, *words)``; see :func:`check_illegal`."""
    return check_illegal


@pytest.fixture
def legal() -> Legal:
    """``legal(state, card, Reason.X, rule_id, *words)``; see :func:`check_legal`."""
    return check_legal
