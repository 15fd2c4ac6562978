"""AppTest of the Practice page's setup through app.py: next to each level, its place on the strength
ladder as the ladder's data file holds it (hearts_core/ai/ladder.json), in English and in Ukrainian.
The expected figures are read from the file here and put in the catalogue's sentences."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from hearts_core.ai.ladder import YARDSTICK, Ladder
from hearts_core.words.catalogue import decimal
from hearts_core.words.languages import LANGUAGES
from hearts_ui.texts import ui

ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "app.py")
PAGE = "pages/4_Practice.py"
TIMEOUT = 120
LEVEL_KEY = "ha_pr_level"


def _setup(language: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    at.query_params["lang"] = language
    at.run()
    at.switch_page(PAGE).run()
    assert not at.exception
    return at


def _expected(level: str, language: str) -> str:
    """The ladder's sentence for ``level``, with the figures of the file as the language writes them."""
    if level == YARDSTICK:
        return ui("practice.level_ladder_yardstick", language)
    measured = Ladder.load().result(level, YARDSTICK)
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
