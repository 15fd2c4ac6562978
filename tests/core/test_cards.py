"""Cards and card sets: the project's card notation (QS, TH, 2C; 10 and suit symbols accepted).

Rank 2 3 4 5 6 7 8 9 T J Q K A (``10`` accepted on input) + suit C D H S
(``♣ ♦ ♥ ♠`` accepted on input).
"""

from __future__ import annotations

import pickle

import pytest

from hearts_core import Card, CardParseError, CardSet
from hearts_core.engine.cards import CLUBS, DIAMONDS, HEARTS, SPADES, parse_cards
from hearts_core.words.catalogue import language_scope

# -- single cards ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "rank", "suit", "canonical"),
    [
        ("QS", 12, SPADES, "QS"),
        ("2C", 2, CLUBS, "2C"),
        ("AH", 14, HEARTS, "AH"),
        ("TD", 10, DIAMONDS, "TD"),
        ("10H", 10, HEARTS, "TH"),
        ("10h", 10, HEARTS, "TH"),
        ("qs", 12, SPADES, "QS"),
        ("Qs", 12, SPADES, "QS"),
        ("jd", 11, DIAMONDS, "JD"),
        ("Q♠", 12, SPADES, "QS"),
        ("q♠", 12, SPADES, "QS"),
        ("10♥", 10, HEARTS, "TH"),
        ("T♥", 10, HEARTS, "TH"),
        ("A♣", 14, CLUBS, "AC"),
        ("K♦", 13, DIAMONDS, "KD"),
        (" KS ", 13, SPADES, "KS"),
    ],
)
def test_parse_accepts_every_spelling_of_the_notation(text: str, rank: int, suit: int, canonical: str) -> None:
    card = Card.parse(text)
    assert (card.rank, card.suit) == (rank, suit)
    assert str(card) == canonical
    assert Card.parse(str(card)) == card


def test_every_card_round_trips_through_its_text_and_symbol() -> None:
    seen = set()
    for suit in range(4):
        for rank in range(2, 15):
            card = Card.of(rank, suit)
            assert Card.parse(str(card)) is card
            assert Card.parse(card.symbol) is card
            assert Card.parse(str(card).lower()) is card
            seen.add(str(card))
    assert len(seen) == 52


def test_ranks_run_from_two_low_to_ace_high() -> None:
    order = [Card.parse(f"{rank}S") for rank in "23456789TJQKA"]
    assert [card.rank for card in order] == list(range(2, 15))
    assert sorted(order) == order  # the int order follows the rank within a suit


def test_card_names_and_symbols() -> None:
    assert Card.parse("QS").name == "queen of spades"
    assert Card.parse("TH").symbol == "10♥"
    assert Card.parse("2C").symbol == "2♣"


def test_card_equality_and_hashing_agree() -> None:
    """A card equals its index and its parsed self, never its text: == and hashing agree,
    so a card behaves the same in a list, a set and a dict (parse text first)."""
    queen = Card.parse("QS")
    assert queen == Card.parse("q♠") == 49 and hash(queen) == hash(49)
    assert queen != "QS" and "QS" not in [queen] and "QS" not in {queen}
    assert queen in {49} and {queen: 1}[Card.parse("QS")] == 1
    assert "QS" in CardSet.parse("QS KS")  # a card set parses text itself


@pytest.mark.parametrize(
    ("token", "detail"),
    [
        ("1H", "unknown rank"),
        ("11H", "unknown rank"),
        ("QX", "unknown suit"),
        ("ZZ", "unknown suit"),
        ("Q", "unknown suit"),
        ("", "empty"),
        ("QSS", "unknown rank"),
        ("♠Q", "unknown suit"),
    ],
)
def test_bad_card_raises_with_the_bad_token_in_the_message(token: str, detail: str) -> None:
    with pytest.raises(CardParseError) as info:
        Card.parse(token)
    assert info.value.token == token
    assert repr(token) in str(info.value)
    assert detail in str(info.value)
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("uk", ["'XX' — не карта", "невідома масть 'X'", "(елемент 3)", "напишіть номінал"]),
        ("ru", ["'XX' — не карта", "неизвестная масть 'X'", "(элемент 3)", "напишите достоинство"]),
    ],
)
def test_a_bad_card_is_told_in_the_language_current_when_it_is_read(language: str, words: list[str]) -> None:
    # The message was English inline text; it is the catalogue's now, read when shown.
    with pytest.raises(CardParseError) as info:
        CardSet.parse("QS 2C XX 3C")
    with language_scope(language):
        shown = str(info.value)
    assert all(word in shown for word in words), shown
    assert "is not a card" not in shown
    # Across a process (the Lab's workers) it keeps its parameters.
    assert str(pickle.loads(pickle.dumps(info.value))) == str(info.value)


def test_card_parse_rejects_non_text() -> None:
    with pytest.raises(CardParseError):
        Card.parse(12)  # type: ignore[arg-type]


def test_card_of_rejects_impossible_ranks() -> None:
    with pytest.raises(ValueError):
        Card.of(15, SPADES)
    with pytest.raises(ValueError):
        Card.of(2, 4)


# -- card sets -------------------------------------------------------------------------------------


def test_cardset_parse_accepts_spaces_commas_and_mixed_spellings() -> None:
    cards = CardSet.parse("10h, q♠ 2c,AS")
    assert str(cards) == "2C TH QS AS"
    assert len(cards) == 4
    assert "QS" in cards and Card.parse("2C") in cards
    assert "KS" not in cards
    assert "garbage" not in cards


def test_cardset_bad_token_names_token_and_position() -> None:
    with pytest.raises(CardParseError) as info:
        CardSet.parse("QS 2C XX 3C")
    assert info.value.token == "XX"
    assert info.value.position == 2
    assert "'XX'" in str(info.value) and "token 3" in str(info.value)


def test_cardset_rejects_a_card_listed_twice() -> None:
    with pytest.raises(CardParseError) as info:
        CardSet.parse("QS 2C qs")
    assert "listed twice" in str(info.value)
    assert "qs" in str(info.value)


def test_cardset_empty_text_forms() -> None:
    assert CardSet.parse("-") == CardSet() == CardSet.parse("")
    assert str(CardSet()) == "-"
    assert not CardSet()
    assert len(CardSet()) == 0


def test_cardset_set_operations() -> None:
    spades = CardSet.parse("AS KS QS")
    mixed = CardSet.parse("QS 2C 5H")
    assert str(spades | mixed) == "2C 5H QS KS AS"
    assert str(spades & mixed) == "QS"
    assert str(spades - mixed) == "KS AS"
    assert str(spades ^ mixed) == "2C 5H KS AS"
    assert CardSet.parse("QS") <= spades
    assert CardSet.parse("QS") < spades
    assert not spades < spades
    assert not mixed <= spades
    assert str(mixed.of_suit(HEARTS)) == "5H"
    assert str(mixed.of_suit(DIAMONDS)) == "-"
    assert str(mixed.lowest()) == "2C"
    assert CardSet().lowest() is None


def test_cardset_iterates_in_suit_then_rank_order() -> None:
    cards = CardSet.parse("AS 2H KC 3C TD")
    assert [str(card) for card in cards] == ["3C", "KC", "TD", "2H", "AS"]
    assert cards.cards() == tuple(cards)


def test_cardset_is_immutable_and_hashable() -> None:
    cards = CardSet.parse("QS")
    with pytest.raises(AttributeError):
        cards.mask = 0
    assert {cards: 1}[CardSet.parse("q♠")] == 1


def test_cardset_text_round_trip_for_the_full_deck_and_subsets() -> None:
    deck = CardSet.full_deck()
    assert len(deck) == 52
    assert CardSet.parse(str(deck)) == deck
    hearts = deck.of_suit(HEARTS)
    assert str(hearts) == "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"
    assert CardSet.parse(str(hearts)) == hearts
    assert eval(repr(hearts), {"CardSet": CardSet}) == hearts


def test_cardset_from_cards_and_masks() -> None:
    assert CardSet(["QS", Card.parse("2C")]) == CardSet.parse("2C QS")
    assert CardSet(CardSet.parse("QS").mask) == CardSet.parse("QS")
    with pytest.raises(ValueError):
        CardSet(1 << 60)


def test_parse_cards_keeps_order_and_rejects_duplicates() -> None:
    assert [str(card) for card in parse_cards("QS 2C 10h")] == ["QS", "2C", "TH"]
    with pytest.raises(CardParseError) as info:
        parse_cards("QS 2C QS")
    assert info.value.position == 2
