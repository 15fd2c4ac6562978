"""Cards and sets of cards.

A card is an ``int`` from 0 to 51: ``suit * 13 + (rank - 2)``, with suits in
the order clubs, diamonds, hearts, spades and ranks 2..14 (ace high).  A set of
cards is a 52-bit integer mask where bit ``card`` is set when the card is in the
set; :class:`CardSet` wraps such a mask with set operations and a text form.

>>> Card.parse("QS")
Card.parse('QS')
>>> str(Card.parse("10h")), str(Card.parse("Q♠"))
('TH', 'QS')
>>> CardSet.parse("AS KS 2C") | CardSet.parse("3C")
CardSet.parse('2C 3C KS AS')
>>> len(CardSet.parse("AS KS 2C"))
3
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any, Final

from ..words.catalogue import current_language, message
from ..words.echo import shorten
from ..words.languages import LANGUAGES, Languages

SUIT_LETTERS: Final = "CDHS"
RANK_LETTERS: Final = "23456789TJQKA"
_SUIT_SYMBOLS: Final = {"♣": "C", "♦": "D", "♥": "H", "♠": "S", "♧": "C", "♢": "D", "♡": "H", "♤": "S"}

CLUBS: Final = 0
DIAMONDS: Final = 1
HEARTS: Final = 2
SPADES: Final = 3

SUIT_NAMES: Final = ("clubs", "diamonds", "hearts", "spades")
RANK_NAMES: Final = (
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "jack",
    "queen",
    "king",
    "ace",
)

FULL_DECK_MASK: Final = (1 << 52) - 1
SUIT_MASKS: Final = tuple(0x1FFF << (13 * suit) for suit in range(4))


class CardParseError(ValueError):
    """Text that does not name a card (or a set of cards).

    ``token`` is the offending piece of text and ``position`` its index among
    the tokens of the input (0 for a single card); ``detail`` what is wrong with it, a code of the
    catalogue's ``card_error.detail`` (``expected_text``, ``empty``, ``unknown_suit`` with ``suit``,
    ``unknown_rank`` with ``rank``, ``no_rank``, ``listed_twice``) or "".  The text is the
    catalogue's, in the language current when it is read:

    >>> str(CardParseError("3Q", 1, "unknown_suit", suit="Q")).split(";")[0]
    "'3Q' is not a card: unknown suit 'Q' (token 2)"
    """

    def __init__(self, token: str, position: int = 0, detail: str = "", **params: str) -> None:
        self.token = token
        self.position = position
        self.detail = detail
        self.params = params
        super().__init__(token, position, detail)

    def __str__(self) -> str:
        text = message("card_error.not_a_card", token=repr(shorten(self.token)))
        if self.detail:
            quoted = {name: repr(value) for name, value in self.params.items()}
            text += ": " + message(f"card_error.detail.{self.detail}", **quoted)
        if self.position:
            text += " " + message("card_error.position", number=self.position + 1)
        return text + "; " + message("card_error.help")

    def __reduce__(self) -> tuple[Any, ...]:
        # Rebuilt with its parameters when it crosses a process (the Lab's workers).
        return (_card_parse_error, (self.token, self.position, self.detail, self.params))


def _card_parse_error(token: str, position: int, detail: str, params: dict[str, str]) -> CardParseError:
    return CardParseError(token, position, detail, **params)


class Card(int):
    """One playing card; an ``int`` in 0..51 so that sets of cards are bit masks.

    >>> queen = Card.parse("q♠")
    >>> queen.suit == SPADES, queen.rank, str(queen), queen.bit == 1 << 49
    (True, 12, 'QS', True)
    """

    __slots__ = ()

    @classmethod
    def of(cls, rank: int, suit: int) -> Card:
        """The card of ``rank`` (2..14) and ``suit`` (0..3)."""
        if not (2 <= rank <= 14 and 0 <= suit <= 3):
            raise ValueError(f"no card with rank {rank} and suit {suit}")
        return ALL_CARDS[suit * 13 + rank - 2]

    @classmethod
    def parse(cls, text: str | Card) -> Card:
        """Read a card such as ``QS``, ``10h``, ``T♥`` or ``q♠``."""
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise CardParseError(repr(text), 0, "expected_text")
        cached = _PARSE_CACHE.get(text)
        if cached is not None:
            return cached
        return _parse_slow(text.strip(), 0)

    @property
    def suit(self) -> int:
        """0 clubs, 1 diamonds, 2 hearts, 3 spades."""
        return int(self) // 13

    @property
    def rank(self) -> int:
        """2..14, where 11 is the jack and 14 the ace."""
        return int(self) % 13 + 2

    @property
    def bit(self) -> int:
        """This card's bit in a card mask."""
        return 1 << int(self)

    @property
    def suit_letter(self) -> str:
        return SUIT_LETTERS[self.suit]

    @property
    def rank_letter(self) -> str:
        return RANK_LETTERS[self.rank - 2]

    @property
    def symbol(self) -> str:
        """The card with its suit symbol in the current language, e.g. ``Q♠`` (``10`` for the ten; ``Д♠``
        in Ukrainian and Russian, whose players write В, Д, К, Т for jack, queen, king, ace: the
        language registry's ``card_letters``)."""
        if self.rank == 10:
            rank = "10"
        elif self.rank > 10:
            rank = LANGUAGES[current_language()].card_letters[self.rank - 11]
        else:
            rank = self.rank_letter
        return rank + "♣♦♥♠"[self.suit]

    @property
    def name(self) -> str:
        """Words for screen readers, in the current language: ``queen of spades``, ``дама пік``."""
        return message(f"card.named.{self.suit_letter}", rank=message(f"card.rank.{self.rank_letter}"))

    # Equality and hashing are those of the int: a card equals its index, never its text
    # (``Card.parse("QS") != "QS"``), so ``==``, ``in`` and sets all agree.  Parse text first.
    __eq__ = int.__eq__
    __ne__ = int.__ne__
    __hash__ = int.__hash__

    def __bool__(self) -> bool:
        """Every card is a card: the 2C is index 0, but ``if card:`` must not call it nothing.

        >>> bool(Card.parse("2C"))
        True
        """
        return True

    def __str__(self) -> str:
        return _CARD_TEXT[self]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


ALL_CARDS: Final[tuple[Card, ...]] = tuple(int.__new__(Card, i) for i in range(52))
_CARD_TEXT: Final = tuple(RANK_LETTERS[i % 13] + SUIT_LETTERS[i // 13] for i in range(52))


def card_spellings(languages: Languages = LANGUAGES) -> dict[str, Card]:
    """Every way to write each card: the notation, ``10`` for the ten, the suit symbols, any case, and
    the rank letters of every language in the registry (``Д♠`` is the queen of spades).  A letter
    that two languages give to different ranks would make input ambiguous: a :class:`ValueError`.

    >>> spellings = card_spellings()
    >>> spellings["дs"], spellings["10♥"]
    (Card.parse('QS'), Card.parse('TH'))
    """
    rank_of = {letter: letter for letter in RANK_LETTERS}
    for language in languages.values():
        for rank, letter in zip("JQKA", language.card_letters, strict=True):
            if rank_of.setdefault(letter, rank) != rank:
                raise ValueError(f"{language.code} writes {rank} as {letter!r}, which is {rank_of[letter]}")
    spellings: dict[str, Card] = {}
    for card in ALL_CARDS:
        ranks = [letter for letter, rank in rank_of.items() if rank == card.rank_letter] + ["10"] * (card.rank == 10)
        suits = [card.suit_letter] + [sym for sym, letter in _SUIT_SYMBOLS.items() if letter == card.suit_letter]
        for rank in ranks:
            for suit in suits:
                for text in {rank + suit, (rank + suit).lower(), rank.lower() + suit, rank + suit.lower()}:
                    spellings[text] = card
    return spellings


_PARSE_CACHE: Final = card_spellings()


def _parse_slow(token: str, position: int) -> Card:
    """Parse one token with a message that says what is wrong with it."""
    cached = _PARSE_CACHE.get(token) or _PARSE_CACHE.get(token.upper())
    if cached is not None:
        return cached
    if not token:
        raise CardParseError(token, position, "empty")
    suit_text = token[-1]
    suit = _SUIT_SYMBOLS.get(suit_text, suit_text.upper())
    rank = token[:-1].upper()
    if suit not in SUIT_LETTERS:
        raise CardParseError(token, position, "unknown_suit", suit=suit_text)
    if rank not in RANK_LETTERS and rank != "10":
        if not rank:
            raise CardParseError(token, position, "no_rank")
        raise CardParseError(token, position, "unknown_rank", rank=token[:-1])
    raise CardParseError(token, position)  # pragma: no cover - every valid spelling is cached


CardLike = Card | str


def _mask_of(cards: CardSet | Iterable[CardLike] | str | int) -> int:
    if isinstance(cards, CardSet):
        return cards.mask
    if isinstance(cards, str):
        return CardSet.parse(cards).mask
    if isinstance(cards, int):
        if not 0 <= cards <= FULL_DECK_MASK:
            raise ValueError(f"{cards} is not a 52-bit card mask")
        return cards
    mask = 0
    for position, item in enumerate(cards):
        card = item if isinstance(item, Card) else _parse_token(item, position)
        mask |= 1 << card
    return mask


def _parse_token(item: object, position: int) -> Card:
    if isinstance(item, Card):
        return item
    if not isinstance(item, str):
        raise CardParseError(repr(item), position, "expected_text")
    cached = _PARSE_CACHE.get(item)
    return cached if cached is not None else _parse_slow(item.strip(), position)


def _build_suit_tables() -> tuple[tuple[tuple[Card, ...], ...], ...]:
    """For each suit, the cards (ascending) of every 13-bit pattern."""
    tables = []
    for suit in range(4):
        base = suit * 13
        table = []
        for pattern in range(1 << 13):
            table.append(tuple(ALL_CARDS[base + r] for r in range(13) if pattern >> r & 1))
        tables.append(tuple(table))
    return tuple(tables)


_CLUBS_TABLE, _DIAMONDS_TABLE, _HEARTS_TABLE, _SPADES_TABLE = _build_suit_tables()


def cards_of_mask(mask: int) -> tuple[Card, ...]:
    """The cards of a mask in ascending order (clubs, diamonds, hearts, spades)."""
    return (
        *_CLUBS_TABLE[mask & 0x1FFF],
        *_DIAMONDS_TABLE[mask >> 13 & 0x1FFF],
        *_HEARTS_TABLE[mask >> 26 & 0x1FFF],
        *_SPADES_TABLE[mask >> 39 & 0x1FFF],
    )


def card_list(mask: int) -> list[Card]:
    """:func:`cards_of_mask` as a new list."""
    return [
        *_CLUBS_TABLE[mask & 0x1FFF],
        *_DIAMONDS_TABLE[mask >> 13 & 0x1FFF],
        *_HEARTS_TABLE[mask >> 26 & 0x1FFF],
        *_SPADES_TABLE[mask >> 39 & 0x1FFF],
    ]


class CardSet:
    """An immutable set of cards backed by a 52-bit mask.

    Iteration is in ascending order: clubs, diamonds, hearts, spades, and
    low to high within a suit.

    >>> hand = CardSet.parse("AS KS 2C 5h")
    >>> str(hand), Card.parse("KS") in hand, "QS" in hand
    ('2C 5H KS AS', True, False)
    >>> str(hand - CardSet.parse("KS")), str(hand.of_suit(SPADES))
    ('2C 5H AS', 'KS AS')
    >>> str(CardSet())
    '-'
    """

    __slots__ = ("mask",)
    mask: int

    def __init__(self, cards: CardSet | Iterable[CardLike] | str | int = 0) -> None:
        object.__setattr__(self, "mask", _mask_of(cards))

    @classmethod
    def from_mask(cls, mask: int) -> CardSet:
        """Wrap a mask without checks (fast path for the engine)."""
        result = object.__new__(cls)
        object.__setattr__(result, "mask", mask)
        return result

    @classmethod
    def parse(cls, text: str) -> CardSet:
        """Read cards separated by spaces or commas; ``-`` or empty text is no cards."""
        mask = 0
        tokens = text.replace(",", " ").split()
        if tokens == ["-"]:
            return cls.from_mask(0)
        for position, token in enumerate(tokens):
            card = _parse_token(token, position)
            if mask >> card & 1:
                raise CardParseError(token, position, "listed_twice")
            mask |= 1 << card
        return cls.from_mask(mask)

    @classmethod
    def full_deck(cls) -> CardSet:
        return cls.from_mask(FULL_DECK_MASK)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("CardSet is immutable")

    def __reduce__(self) -> tuple[Any, tuple[int]]:
        """Pickled as its mask (a ruleset sent to a worker process carries card sets)."""
        return CardSet.from_mask, (self.mask,)

    def __iter__(self) -> Iterator[Card]:
        return iter(cards_of_mask(self.mask))

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return self.mask != 0

    def __contains__(self, item: object) -> bool:
        if isinstance(item, int):
            return 0 <= item < 52 and bool(self.mask >> item & 1)
        if isinstance(item, str):
            try:
                return bool(self.mask >> Card.parse(item) & 1)
            except CardParseError:
                return False
        return False

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardSet) and other.mask == self.mask

    def __hash__(self) -> int:
        return hash(("CardSet", self.mask))

    def __or__(self, other: CardSet) -> CardSet:
        return CardSet.from_mask(self.mask | other.mask)

    def __and__(self, other: CardSet) -> CardSet:
        return CardSet.from_mask(self.mask & other.mask)

    def __sub__(self, other: CardSet) -> CardSet:
        return CardSet.from_mask(self.mask & ~other.mask)

    def __xor__(self, other: CardSet) -> CardSet:
        return CardSet.from_mask(self.mask ^ other.mask)

    def __le__(self, other: CardSet) -> bool:
        return self.mask & ~other.mask == 0

    def __lt__(self, other: CardSet) -> bool:
        return self <= other and self.mask != other.mask

    def of_suit(self, suit: int) -> CardSet:
        """The cards of one suit (0 clubs .. 3 spades)."""
        return CardSet.from_mask(self.mask & SUIT_MASKS[suit])

    def cards(self) -> tuple[Card, ...]:
        """The cards in ascending order."""
        return cards_of_mask(self.mask)

    def lowest(self) -> Card | None:
        """The card with the smallest index (lowest club first), or None."""
        if not self.mask:
            return None
        return ALL_CARDS[(self.mask & -self.mask).bit_length() - 1]

    def __str__(self) -> str:
        if not self.mask:
            return "-"
        return " ".join(_CARD_TEXT[card] for card in cards_of_mask(self.mask))

    def __repr__(self) -> str:
        return f"CardSet.parse({str(self)!r})"


def parse_cards(cards: CardSet | Iterable[CardLike] | str) -> tuple[Card, ...]:
    """Cards from text, a CardSet or an iterable of cards/strings, in the given order.

    Unlike :class:`CardSet`, this keeps the order and rejects duplicates.

    >>> parse_cards("QS 2C")
    (Card.parse('QS'), Card.parse('2C'))
    """
    if isinstance(cards, CardSet):
        return cards.cards()
    items: Iterable[CardLike] = cards.replace(",", " ").split() if isinstance(cards, str) else cards
    result: list[Card] = []
    seen = 0
    for position, item in enumerate(items):
        card = _parse_token(item, position)
        if seen >> card & 1:
            raise CardParseError(str(card), position, "listed_twice")
        seen |= 1 << card
        result.append(card)
    return tuple(result)


#: A card named in running text: in notation (QS, 10H, TH) or as a learner reads it (Q♠, 10♥).
CARD_IN_TEXT: Final = re.compile(r"(?<![\w♣♦♥♠])(?:10|[2-9TJQKA])[CDHS♣♦♥♠](?![\w♣♦♥♠])")


def split_cards(text: str) -> list[str | Card]:
    """``text`` cut into its words and the cards it names, in order, so an interface can show
    each card as a card.

    >>> split_cards("Lead the 2C, not the Q♠.")
    ['Lead the ', Card.parse('2C'), ', not the ', Card.parse('QS'), '.']
    >>> split_cards("AS, KS and 10H") == [Card.parse("AS"), ", ", Card.parse("KS"), " and ", Card.parse("TH")]
    True
    """
    parts: list[str | Card] = []
    position = 0
    for match in CARD_IN_TEXT.finditer(text):
        if match.start() > position:
            parts.append(text[position : match.start()])
        parts.append(Card.parse(match.group()))
        position = match.end()
    if position < len(text):
        parts.append(text[position:])
    return parts
