"""AppTest of the Practice page's setup through app.py: next to each level, its place on the strength
ladder as the ladder's data file holds it (hearts_core/ai/ladder.json), in every language, under the
preset chosen when the ladder measured it and under the standard rules (said so) when it did not.
The expected figures are read from the file here and put in the catalogue's sentences."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from hearts_core.ai.ladder import YARDSTICK, Ladder
from hearts_core.words.catalogue import decimal, message
from hearts_core.words.languages import LANGUAGES
from hearts_ui.texts import ui

ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "app.py")
PAGE = "pages/4_Practice.py"
TIMEOUT = 120
LEVEL_KEY = "ha_pr_level"
PRESET_KEY = "ha_pr_preset"


def _setup(language: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    at.query_params["lang"] = language
    at.run()
    at.switch_page(PAGE).run()
    assert not at.exception
    return at


def _expected(level: str, language: str, preset: str = "standard") -> str:
    """The ladder's sentences for ``level`` measured under ``preset``, with the figures of the file as
    the language writes them (the sentence saying under which rules included)."""
    if level == YARDSTICK:
        return ui("practice.level_ladder_yardstick", language)
    measured = Ladder.load().result(level, YARDSTICK, preset)
    assert measured is not None, f"{level} is not on the ladder: rerun python -m hearts_core.ai.ladder run"
    figures = {
        "edge": decimal(abs(measured.edge), 1, language),
        "margin": decimal(measured.margin, 1, language),
        "points": decimal(measured.points, 1, language),
        "theirs": decimal(measured.reference_points, 1, language),
        "deals": measured.deals,
    }
    key = "practice.level_ladder_ahead" if measured.edge >= 0 else "practice.level_ladder_behind"
    return ui(key, language, **figures)


def _captions(at: AppTest) -> list[str]:
    return list(at.radio(key=LEVEL_KEY).proto.captions)


@pytest.mark.parametrize("language", [language.code for language in LANGUAGES.languages])
def test_each_level_shows_its_place_on_the_ladder_from_the_file(language: str) -> None:
    at = _setup(language)
    radio = at.radio(key=LEVEL_KEY)
    levels = Ladder.load().levels
    assert len(radio.options) == len(levels)
    captions = list(radio.proto.captions)
    for level, caption in zip(levels, captions, strict=True):
        assert _expected(level, language) in caption, (level, caption)
    stronger = Ladder.load().result("monte_carlo")
    assert stronger is not None and decimal(stronger.edge, 1, language) in captions[levels.index("monte_carlo")]


@pytest.mark.parametrize("language", [language.code for language in LANGUAGES.languages])
def test_a_preset_on_the_ladder_shows_its_own_figures_and_says_so(language: str) -> None:
    at = _setup(language)
    at.selectbox(key=PRESET_KEY).set_value("six_players").run()
    assert not at.exception
    ladder = Ladder.load()
    assert "six_players" in ladder.presets
    rules = message("preset.six_players.title", language)
    for level, caption in zip(ladder.levels, _captions(at), strict=True):
        assert _expected(level, language, "six_players") in caption, (level, caption)
        if level != YARDSTICK:
            assert ui("practice.level_ladder_measured", language, rules=rules) in caption
    expert = ladder.result("expert", YARDSTICK, "six_players")
    standard = ladder.result("expert", YARDSTICK)
    assert expert is not None and standard is not None and expert.edge != standard.edge, "the figures differ"


@pytest.mark.parametrize("language", [language.code for language in LANGUAGES.languages])
def test_a_preset_not_on_the_ladder_shows_the_standard_figures_and_says_so(language: str) -> None:
    at = _setup(language)
    ladder = Ladder.load()
    assert "microsoft" not in ladder.presets
    at.selectbox(key=PRESET_KEY).set_value("microsoft").run()
    assert not at.exception
    rules = message("preset.standard.title", language)
    for level, caption in zip(ladder.levels, _captions(at), strict=True):
        assert _expected(level, language) in caption, (level, caption)
        if level != YARDSTICK:
            assert ui("practice.level_ladder_fallback", language, rules=rules) in caption
