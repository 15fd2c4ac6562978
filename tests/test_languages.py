"""The languages are one registry (``hearts_core.words.languages``), and every check covers each one.

A pretend fourth language, added to a copy of the registry, shows that the checks the suite runs
for every language demand its files and texts (the catalogues, the content translations), that card
input reads its letters, and that the language picker and the unknown-language notice list it.  No
code or test pins the languages as a literal list: a static check looks for one.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from hearts_core.engine.cards import card_spellings
from hearts_core.words.catalogue import ENGINE, alphabetical
from hearts_core.words.languages import LANGUAGES, Language, LanguageError
from hearts_ui import language as picker
from hearts_ui import texts
from hearts_ui.texts import INTERFACE
from tests.language_checks import catalogue_problems, content_problems

ROOT = Path(__file__).resolve().parents[1]
PRETEND = Language("xx", "Pretendish", "fr", "abcdefghijklmnopqrstuvwxyzé", "WDRZ")
WITH_PRETEND = LANGUAGES.adding(PRETEND)


def test_the_registry_has_one_original_and_the_translations() -> None:
    assert LANGUAGES.original.code == "en" and set(LANGUAGES.translated) == set(LANGUAGES) - {"en"}
    with pytest.raises(LanguageError, match="registered twice"):
        LANGUAGES.adding(Language("uk", "Українська", "uk", "абв", "ВДКТ"))
    with pytest.raises(LanguageError, match="four different letters"):
        Language("yy", "Y", "en", "abc", "JJKA")


def test_the_checks_demand_a_new_languages_catalogues_and_content() -> None:
    assert PRETEND.code in WITH_PRETEND.translated
    for catalogue in (ENGINE, INTERFACE):
        problems = catalogue_problems(catalogue, PRETEND.code, WITH_PRETEND)
        assert problems and all(problem.startswith(f"{catalogue.name} xx: no text") for problem in problems)
        assert catalogue_problems(catalogue, "uk") == []
    missing = content_problems(PRETEND.code)
    assert missing and all(problem.startswith("locales/xx/") and problem.endswith("missing") for problem in missing)


def test_card_input_reads_every_languages_letters_and_refuses_a_clash() -> None:
    spellings = card_spellings(WITH_PRETEND)
    assert spellings["WS"] == spellings["JS"] and spellings["z♥"] == spellings["AH"]
    with pytest.raises(ValueError, match="writes Q as 'K'"):
        card_spellings(LANGUAGES.adding(Language("yy", "Y", "en", "abc", "JKQA")))


def test_sorting_follows_the_languages_alphabet() -> None:
    assert sorted(["zed", "éclair", "abc"], key=lambda word: alphabetical(word, "en")) == ["abc", "zed", "éclair"]


def test_the_picker_and_the_unknown_language_notice_list_every_language(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(picker, "LANGUAGES", WITH_PRETEND)
    monkeypatch.setattr(texts, "LANGUAGES", WITH_PRETEND)
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.query_params["lang"] = "zz"
    at.run()
    assert not at.exception
    assert at.segmented_control(key=picker.PICKER_KEY).options[-1] == "Pretendish"
    assert at.warning[0].value.count("zz") == len(WITH_PRETEND)  # said in every language (English for xx)


def _pinned_lists(path: Path) -> list[int]:
    """Lines where a tuple, list or set literal names two or more of the registry's languages."""
    codes = set(LANGUAGES)
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Tuple | ast.List | ast.Set):
            named = [item.value for item in node.elts if isinstance(item, ast.Constant) and item.value in codes]
            if len(named) >= 2:
                found.append(node.lineno)
    return found


def test_no_code_or_test_pins_the_languages_as_a_list() -> None:
    files = [
        *(ROOT / "hearts_core").rglob("*.py"),
        *(ROOT / "hearts_ui").rglob("*.py"),
        *(ROOT / "tests").rglob("*.py"),
    ]
    pinned = {
        str(path.relative_to(ROOT)): lines
        for path in files
        if path.name != "languages.py" and (lines := _pinned_lists(path))
    }
    assert pinned == {}, "read the languages from hearts_core.words.languages.LANGUAGES"
