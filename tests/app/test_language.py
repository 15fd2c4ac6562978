"""The language of a session: ``?lang=`` (a contract), the browser's language for a new visitor,
the learner's stored choice, the selector; an unknown ``lang`` falls back to English with a notice
in every language of the registry; every page link keeps the language."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from hearts_core.words.languages import DEFAULT_LANGUAGE, LANGUAGES
from hearts_ui.language import PICKER_KEY
from hearts_ui.storage import Identity, store
from hearts_ui.texts import ui, unknown_language
from tests.app.page_state import kept

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 60


def _home(query: dict[str, str] | None = None, locale: str | None = None) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=TIMEOUT)
    for name, value in (query or {}).items():
        at.query_params[name] = value
    if locale:
        at.context["locale"] = locale
    at.run()
    assert not at.exception
    return at


def _shown(at: AppTest) -> str:
    return " ".join(str(element.value) for element in [*at.markdown, *at.title, *at.warning, *at.caption])


@pytest.mark.parametrize("language", LANGUAGES.translated)
def test_lang_in_the_url_speaks_that_language(language: str) -> None:
    at = _home({"lang": language})
    assert ui("home.title", language) in _shown(at)
    assert ui("home.title", "en") not in _shown(at)
    assert at.query_params["lang"] == language


def test_the_browsers_language_is_the_default_for_a_new_visitor() -> None:
    at = _home(locale="ru-RU")
    assert ui("home.title", "ru") in _shown(at) and at.query_params["lang"] == "ru"
    assert ui("home.title", "en") in _shown(_home(locale="de-DE"))


def test_an_unknown_lang_falls_back_to_english_with_a_notice_in_every_language() -> None:
    at = _home({"lang": "xx"})
    assert [warning.value for warning in at.warning] == [unknown_language("xx")]
    for code in LANGUAGES:
        assert ui("language.unknown", code, name="xx") in at.warning[0].value
    assert ui("home.title", DEFAULT_LANGUAGE) in _shown(at) and at.query_params["lang"] == DEFAULT_LANGUAGE


def test_the_choice_is_kept_with_the_learners_settings_and_in_links() -> None:
    at = _home()
    at.segmented_control(key=PICKER_KEY).set_value("uk").run()
    assert ui("home.title", "uk") in _shown(at)
    learner = kept(at, Identity).learner
    assert learner is not None and store().settings(learner)["language"] == "uk"
    assert at.segmented_control(key=PICKER_KEY).options == [LANGUAGES[code].name for code in LANGUAGES]
    links = [link for link in at.get("page_link")]
    assert links and all("lang=uk" in str(link.proto) for link in links)


@pytest.mark.parametrize("language", LANGUAGES.translated)
def test_the_file_uploaders_words_are_in_the_pages_language(language: str) -> None:
    # Streamlit writes its uploader's button and limit line in English only; the frame's style writes
    # ours over them, for each kind of file the app takes.
    at = _home({"lang": language})
    style = " ".join(str(element.value) for element in at.html if "stFileUploaderDropzone" in str(element.value))
    assert f'"{ui("common.upload_button", language)}"' in style
    for extension, types in (("json", "JSON"), ("phn", "PHN, TXT")):
        limit = ui("common.upload_limit", language, size=5, types=types)
        assert f'input[accept*=".{extension}"]' in style and f'"{limit}"' in style


def test_the_file_uploader_keeps_streamlits_own_english() -> None:
    at = _home({"lang": "en"})
    assert not any("stFileUploaderDropzone" in str(element.value) for element in at.html)
