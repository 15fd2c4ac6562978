"""The catalogues in Ukrainian and Russian: every key of the English catalogue, the same
placeholders, plural texts in exactly the CLDR forms of the language, chosen right for every
number; cards named and lettered as players of the language write them."""

from __future__ import annotations

import re

import pytest

from hearts_core.engine.cards import Card
from hearts_core.words.catalogue import ENGINE, Plural, Text, language_scope, message
from hearts_ui.texts import INTERFACE

CATALOGUES = {"engine": ENGINE, "interface": INTERFACE}
FORMS = {"uk": {"one", "few", "many", "other"}, "ru": {"one", "few", "many", "other"}}
NUMBERS = (0, 1, 2, 5, 11, 21, 22, 25, 111)
#: The form CLDR gives each number, the same in Ukrainian and Russian.
EXPECTED = {0: "many", 1: "one", 2: "few", 5: "many", 11: "many", 21: "one", 22: "few", 25: "many", 111: "many"}


def _names(text: Text) -> set[str]:
    texts = text.forms.values() if isinstance(text, Plural) else [text]
    return {
        match.group(1)
        for value in texts
        for match in re.finditer(r"\{([A-Za-z_][A-Za-z_0-9]*)(?:![rs])?(?::[^}]*)?\}", value)
    }


@pytest.mark.parametrize("language", sorted(FORMS))
@pytest.mark.parametrize("name", sorted(CATALOGUES))
def test_every_text_is_translated_with_the_same_placeholders(name: str, language: str) -> None:
    english, translated = CATALOGUES[name].texts("en"), CATALOGUES[name].texts(language)
    assert sorted(set(english) - set(translated)) == [], f"untranslated {name} keys in {language}"
    assert sorted(set(translated) - set(english)) == [], f"{name} keys in {language} that English lacks"
    wrong = {
        key: (sorted(_names(english[key])), sorted(_names(text)))
        for key, text in translated.items()
        if _names(text) != _names(english[key])
    }
    assert wrong == {}, "placeholders differ from the English text"


@pytest.mark.parametrize("language", sorted(FORMS))
@pytest.mark.parametrize("name", sorted(CATALOGUES))
def test_plural_texts_have_the_languages_forms_and_agree_with_every_number(name: str, language: str) -> None:
    plurals = {key: text for key, text in CATALOGUES[name].texts(language).items() if isinstance(text, Plural)}
    assert plurals, "some texts agree with a number"
    for key, plural in plurals.items():
        assert set(plural.forms) == FORMS[language], key
        assert plural.by in _names(CATALOGUES[name].texts("en")[key]), key
        for number in NUMBERS:
            assert plural.choose(language, {plural.by: number}) == plural.forms[EXPECTED[number]], (key, number)


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
