"""The catalogues in every translated language of the registry: every key of the English catalogue,
the same placeholders, plural texts in exactly the CLDR forms of the language, chosen right for
every number; cards named and lettered as players of the language write them."""

from __future__ import annotations

import pytest

from hearts_core.engine.cards import Card
from hearts_core.words.catalogue import ENGINE, Plural, language_scope, message
from hearts_core.words.languages import LANGUAGES
from hearts_ui.texts import INTERFACE
from tests.language_checks import catalogue_problems, placeholders, plural_forms

CATALOGUES = {"engine": ENGINE, "interface": INTERFACE}
NUMBERS = (0, 1, 2, 5, 11, 21, 22, 25, 111)
#: The form each number takes in each translated language, from CLDR's tables (written out here, so
#: the test does not check Babel against itself).  A new language must add its line.
EXPECTED = {
    "uk": {0: "many", 1: "one", 2: "few", 5: "many", 11: "many", 21: "one", 22: "few", 25: "many", 111: "many"},
    "ru": {0: "many", 1: "one", 2: "few", 5: "many", 11: "many", 21: "one", 22: "few", 25: "many", 111: "many"},
}


@pytest.mark.parametrize("language", LANGUAGES.translated)
@pytest.mark.parametrize("name", sorted(CATALOGUES))
def test_every_text_is_translated_with_the_same_placeholders_and_plural_forms(name: str, language: str) -> None:
    assert catalogue_problems(CATALOGUES[name], language) == []


@pytest.mark.parametrize("language", LANGUAGES.translated)
@pytest.mark.parametrize("name", sorted(CATALOGUES))
def test_plural_texts_agree_with_every_number(name: str, language: str) -> None:
    plurals = {key: text for key, text in CATALOGUES[name].texts(language).items() if isinstance(text, Plural)}
    assert plurals, "some texts agree with a number"
    for key, plural in plurals.items():
        assert set(plural.forms) == plural_forms(language), key
        assert plural.by in placeholders(CATALOGUES[name].texts("en")[key]), key
        for number in NUMBERS:
            assert plural.choose(language, {plural.by: number}) == plural.forms[EXPECTED[language][number]], (
                key,
                number,
            )


def test_every_translated_language_has_its_plural_forms_written_out() -> None:
    assert sorted(EXPECTED) == sorted(LANGUAGES.translated)


@pytest.mark.parametrize(
    ("language", "points"),
    [
        ("uk", ["0 очок", "1 очко", "2 очки", "5 очок", "11 очок", "21 очко", "22 очки", "25 очок", "111 очок"]),
        ("ru", ["0 очков", "1 очко", "2 очка", "5 очков", "11 очков", "21 очко", "22 очка", "25 очков", "111 очков"]),
    ],
)
def test_points_in_words(language: str, points: list[str]) -> None:
    assert [message("count.points", language, count=str(number)) for number in NUMBERS] == points


@pytest.mark.parametrize(
    ("language", "symbol", "name"),
    [("en", "Q♠", "queen of spades"), ("uk", "Д♠", "дама пік"), ("ru", "Д♠", "дама пик")],
)
def test_cards_in_the_language(language: str, symbol: str, name: str) -> None:
    with language_scope(language):
        queen = Card.parse("QS")
        assert (queen.symbol, queen.name) == (symbol, name)
        assert Card.parse("ТH").symbol[0] == ("A" if language == "en" else "Т")
    assert Card.parse("Д♠") == Card.parse("дs") == queen  # card input takes В, Д, К, Т in any language


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_every_language_writes_and_reads_its_own_card_letters(language: str) -> None:
    letters = LANGUAGES[language].card_letters
    with language_scope(language):
        assert [Card.parse(f"{rank}S").symbol[0] for rank in "JQKA"] == list(letters)
    assert [Card.parse(f"{letter}♠") for letter in letters] == [Card.parse(f"{rank}S") for rank in "JQKA"]
