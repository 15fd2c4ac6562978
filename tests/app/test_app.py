"""The app through Streamlit's AppTest: every page runs, the Rule Book shows the
whole catalogue, every preset renders, and the ``?preset=`` URL works.

Tests start at ``app.py`` and switch pages as a learner would, so page links
resolve against the entry point.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from hearts_core import Ruleset
from hearts_core.content.lessons import LESSONS_DIR, load_curriculum
from hearts_core.content.rulebook import RULES
from hearts_core.engine.describe import field_label
from hearts_core.words.catalogue import message
from hearts_core.words.languages import LANGUAGES
from hearts_ui.frame import COMING_SOON, PAGES
from hearts_ui.texts import ui
from hearts_ui.views.rulebook.data import option_keys, option_text, preset_title, settings_rows
from hearts_ui.views.rulebook.page import PICKER_KEY, SEARCH_KEY, TAB_KEY
from tests.helpers import rendered

ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "app.py")
RULE_BOOK = "pages/1_Rule_Book.py"
TIMEOUT = 30


def _home() -> AppTest:
    at = AppTest.from_file(APP, default_timeout=TIMEOUT).run()
    assert not at.exception, at.exception
    return at


def _rule_book(query: dict[str, str] | None = None) -> AppTest:
    at = _home()
    if query:
        at.query_params.update(query)
    at.switch_page(RULE_BOOK).run()
    assert not at.exception, at.exception
    return at


def _texts(at: AppTest) -> str:
    """Every markdown, caption, heading and HTML body of the page, as one string."""
    parts = [element.value for element in at.markdown]
    parts += [element.value for element in at.caption]
    parts += [element.value for element in at.html]
    parts += [element.value for element in at.title]
    parts += [element.value for element in at.subheader]
    return "\n".join(str(part) for part in parts)


def _settings_html(at: AppTest) -> str:
    tables = [element.value for element in at.html if "ha-settings" in element.value and "<table" in element.value]
    assert len(tables) == 1
    return tables[0]


def test_home_page_runs_and_welcomes() -> None:
    at = _home()
    text = _texts(at)
    assert ui("home.title") in text
    # The "coming soon" section is there only while something is coming.
    assert (ui("home.soon") in text) == bool(COMING_SOON)
    assert (ui("nav.coming_heading") in text) == bool(COMING_SOON)
    # The only links on the home page go to pages that exist.
    labels = [link.value for link in at.page_link]
    assert ui("home.rulebook_link") in labels
    assert ui("home.lab_link") in labels


def test_home_page_counts_the_lessons_the_lessons_page_lists() -> None:
    # It once said "Thirteen lessons" beside a Lessons page of fifteen.
    lessons = len(load_curriculum(LESSONS_DIR).lessons)
    assert f"{lessons} lessons" in _texts(_home())


def test_sidebar_shows_labelled_navigation() -> None:
    at = _home()
    labels = [link.value for link in at.sidebar.page_link]
    assert labels == [ui(label_key) for _, label_key, _ in PAGES]


def test_rule_book_shows_every_rule_title_and_text() -> None:
    at = _rule_book()
    text = _texts(at)
    missing = [entry.id for entry in RULES if message(f"rule.{entry.id}.title") not in text]
    assert missing == []
    missing_text = [entry.id for entry in RULES if message(f"rule.{entry.id}.text") not in text]
    assert missing_text == []


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_rule_book_names_every_setting_by_its_learner_name_only(language: str) -> None:
    """Each setting appears under its catalogue label; its code name (``removed_cards``) never does."""
    at = _rule_book({"lang": language})
    text = _texts(at)
    unlabelled = [item.name for item in dataclasses.fields(Ruleset) if field_label(item.name, language) not in text]
    assert unlabelled == []
    code_names = [item.name for item in dataclasses.fields(Ruleset) if f"`{item.name}`" in text]
    assert code_names == []
    # Links, anchors and HTML attributes are addresses and data, not words a learner reads.
    words = re.sub(r"\(/[^)]*\)|#[\w-]+|<[^>]*>", "", text)
    snake_names = "|".join(item.name for item in dataclasses.fields(Ruleset) if "_" in item.name)
    assert re.findall(rf"(?<![\w/-])(?:{snake_names})(?![\w-])", words) == []


def test_rule_book_names_every_field_and_option() -> None:
    at = _rule_book()
    text = _texts(at)
    # Every option of every variant row, by its catalogue name.
    missing = [
        (entry.id, key) for entry in RULES for key in option_keys(entry.id) if option_text(entry.id, key) not in text
    ]
    assert missing == []
    # Each of the four documents is cited by its short title, linking to its entry on the Sources page.
    assert (
        f"{ui('rulebook.sources_label')}: [The Ukrainian rules site](/Sources#uk_rules_site) · "
        "[The Russian online Hearts site](/Sources#ru_online_site) · "
        "[The Russian encyclopedia article](/Sources#ru_encyclopedia) · "
        "[The Russian wiki article](/Sources#ru_wiki)"
    ) in text


def test_every_preset_can_be_picked_and_shows_all_its_settings() -> None:
    at = _rule_book()
    for name in Ruleset.preset_names():
        at.selectbox(key=PICKER_KEY).set_value(name).run()
        assert not at.exception, (name, at.exception)
        if name != "standard":  # picking the preset already shown changes nothing
            assert at.query_params.get("preset") == name
        assert preset_title(name) in [element.value for element in at.subheader]
        table = _settings_html(at)
        rows = settings_rows(Ruleset.preset(name))
        for row in rows:
            assert f'data-field="{row.field}"' in table
        changed = table.count('class="ha-changed"')
        assert changed == sum(row.changed for row in rows), name


def test_black_maria_from_the_url() -> None:
    at = _rule_book({"preset": "black_maria"})
    assert at.selectbox(key=PICKER_KEY).value == "black_maria"
    assert at.session_state[TAB_KEY] == ui("rulebook.tab.presets")  # opens on the rule set
    assert "★ " + ui("rulebook.chosen_marker", preset=preset_title("black_maria")) in _texts(at)
    assert not at.warning
    assert preset_title("black_maria") in [element.value for element in at.subheader]
    table = _settings_html(at)
    assert "K♠ 10" in table and "A♠ 7" in table
    assert 'data-field="opening_lead"' in table
    # The URL keeps naming the preset, so the page can be shared.
    assert at.query_params.get("preset") == "black_maria"


def test_unknown_preset_in_the_url_warns_and_falls_back() -> None:
    at = _rule_book({"preset": "nonsense"})
    assert not at.exception
    assert len(at.warning) == 1
    warning = at.warning[0].value
    assert "nonsense" in warning
    assert "black_maria" in warning and "standard" in warning
    assert at.selectbox(key=PICKER_KEY).value == "standard"
    # Picking a preset replaces the bad name in the URL and the warning goes.
    at.selectbox(key=PICKER_KEY).set_value("omnibus").run()
    assert not at.warning
    assert at.query_params.get("preset") == "omnibus"


def test_search_filters_the_rules() -> None:
    at = _rule_book()
    at.text_input(key=SEARCH_KEY).input("moon").run()
    assert not at.exception
    titles = [element.value for element in at.markdown if element.value.startswith("##### ")]
    assert "##### " + message("rule.V8.title") in titles
    assert "##### " + message("rule.ranks.title") not in titles
    at.text_input(key=SEARCH_KEY).input("zzzz-nothing").run()
    assert not at.exception
    assert at.info and "zzzz-nothing" in rendered(at.info[0].value)


def test_chosen_preset_survives_a_visit_home() -> None:
    at = _rule_book()
    at.selectbox(key=PICKER_KEY).set_value("pink_lady").run()
    at.switch_page("app.py").run()
    assert not at.exception
    at.query_params.clear()
    at.switch_page(RULE_BOOK).run()
    assert not at.exception
    assert at.selectbox(key=PICKER_KEY).value == "pink_lady"


@pytest.mark.parametrize("page", [path for path, _, _ in PAGES])
def test_every_page_runs_on_its_own(page: str) -> None:
    """Each page builds its own frame (session, sidebar) even when it is the first one run."""
    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    if page != "app.py":
        at.switch_page(page)
    at.run()
    assert not at.exception, at.exception
    assert [link.value for link in at.sidebar.page_link] == [ui(label_key) for _, label_key, _ in PAGES]
