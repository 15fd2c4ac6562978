"""In every translated language of the registry (``?lang=uk``, ``?lang=ru``) nothing a learner reads
is left in English: every page, every lesson step (with its whole hint ladder), every puzzle (with
its solution), a practice hand played to the end with every hint, and the Variant Lab's comparison
and simulation (charts and table included).

Names that stay as they are (Omnibus, Black Maria, pagat.com...), card notation and code are allowed
(``tests/english.py``).  One AppTest session walks many screens, to keep the sweep quick.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from hearts_core.content.lessons import LESSONS_DIR, load_curriculum
from hearts_core.words import languages as registry
from hearts_ui.views.practice.play import TABLE_KEY
from hearts_ui.views.practice.session import StoredGame
from tests.app.page_state import kept
from tests.app.tables import click_table
from tests.app.test_lab_page import finish_simulation
from tests.english import english_left, english_words, shown_texts
from tests.helpers import puzzle_library

ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "app.py")
TIMEOUT = 120
LANGUAGES = registry.LANGUAGES.translated
PAGES = sorted(f"pages/{path.name}" for path in (ROOT / "pages").glob("*.py"))


def _session(language: str, page: str | None = None) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    at.query_params["lang"] = language
    at.run()
    if page is not None:
        at.switch_page(page).run()
    assert not at.exception
    return at


def _english(at: AppTest, where: str) -> list[str]:
    """Each shown text with English left in it, named by where it was seen."""
    texts = dict.fromkeys(shown_texts(at))  # once each, in order
    return [f"{where}: {english_words(text)} in {text[:160]!r}" for text in texts if english_words(text)]


def _chart_words(at: AppTest) -> list[str]:
    """The titles, axis titles and legend names of the page's Plotly charts."""
    words = []
    for chart in at.get("plotly_chart"):
        figure = json.loads(chart.proto.spec)
        layout = figure.get("layout", {})
        for part in [layout, *(layout.get(axis, {}) for axis in layout if axis.startswith(("xaxis", "yaxis")))]:
            title = part.get("title")
            words.append(title.get("text", "") if isinstance(title, dict) else str(title or ""))
        words += [str(trace.get("name", "")) for trace in figure.get("data", [])]
    return words


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_page_as_it_opens(language: str) -> None:
    found = []
    for page in [None, *PAGES]:
        at = _session(language, page)
        found += _english(at, page or "app.py")
    assert not found, "\n".join(found)


@pytest.mark.slow  # a sweep over the whole content: the full run's (the fast slice keeps the pages' own tests)
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_lesson_step_and_its_hint_ladder(language: str) -> None:
    curriculum = load_curriculum(LESSONS_DIR)
    at = _session(language, "pages/2_Lessons.py")
    found = []
    for lesson in curriculum.ordered():
        for number, step in enumerate(lesson.steps, start=1):
            at.query_params.clear()
            at.query_params.update({"lang": language, "lesson": lesson.id, "step": str(number)})
            at.run()
            while step.is_active and [button for button in at.button if button.key == f"ha_hint_{number - 1}"]:
                at.button(key=f"ha_hint_{number - 1}").click().run()
            assert not at.exception, f"{lesson.id} step {number}: {at.exception[0].message}"
            found += _english(at, f"{lesson.id} step {number}")
    assert not found, "\n".join(found[:60])


@pytest.mark.slow  # a sweep over the whole content: the full run's (the fast slice keeps the pages' own tests)
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_puzzle_and_its_solution(language: str) -> None:
    library = puzzle_library()
    at = _session(language, "pages/3_Puzzles.py")
    found = []
    for puzzle in library.ordered():
        at.query_params.clear()
        at.query_params.update({"lang": language, "puzzle": puzzle.id})
        at.run()
        solution = [button for button in at.button if button.key == "ha_pz_solution"]
        if solution:
            solution[0].click().run()
        assert not at.exception, f"{puzzle.id}: {at.exception[0].message}"
        found += _english(at, puzzle.id)
    assert not found, "\n".join(found[:60])


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_practice_hand_with_every_hint(language: str) -> None:
    at = _session(language, "pages/4_Practice.py")
    at.radio(key="ha_pr_level").set_value("random").run()
    at.button(key="ha_pr_start").click().run()
    found = _english(at, "setup")
    for turn in range(60):
        session = kept(at, StoredGame).game
        assert session is not None
        if session.stage not in ("pass", "play"):
            break
        for rung in (1, 2, 3):
            if [button for button in at.button if button.key == f"ha_pr_hint_{rung}"]:
                at.button(key=f"ha_pr_hint_{rung}").click().run()
        found += _english(at, f"{session.stage}, turn {turn}")
        if session.stage == "pass":
            cards = [str(card) for card in session.hand.hands[0].cards()[-session.rules.pass_count :]]
            click_table(at, TABLE_KEY, kind="cards", cards=cards)
        else:
            illegal = [card for card in session.hand.hands[0].cards() if not session.hand.is_legal(card)]
            if illegal:  # the engine's reason why a card may not be played
                click_table(at, TABLE_KEY, kind="play", card=str(illegal[0]))
                found += _english(at, f"illegal {illegal[0]}")
            click_table(at, TABLE_KEY, kind="play", card=str(session.hand.legal_moves()[0]))
        assert not at.exception
    game = kept(at, StoredGame).game
    if game is not None and game.stage == "moon":
        found += _english(at, "moon")
        at.button(key="ha_pr_moon_add_to_others").click().run()
    found += _english(at, "hand over") + [f"chart: {english_words(w)}" for w in _chart_words(at) if english_words(w)]
    at.button(key="ha_pr_review_open").click().run()
    at.button(key="ha_pr_review_mine").click().run()
    found += _english(at, "review")
    assert not found, "\n".join(found[:60])


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_lab_comparison_and_a_simulation(language: str) -> None:
    at = _session(language, "pages/5_Variant_Lab.py")
    at.button(key="ha_lab_find").click().run()
    found = _english(at, "comparison")
    at.number_input(key="ha_lab_sim_n").set_value(40).run()
    at.button(key="ha_lab_sim_run").click().run()
    finish_simulation(at)
    found += _english(at, "simulation")
    found += [f"chart: {english_words(w)}" for w in _chart_words(at) if english_words(w)]
    columns = [str(column) for frame in at.dataframe for column in frame.value.columns]
    found += [f"table column {column!r}" for column in columns if english_words(column)]
    assert not found, "\n".join(found[:60])


def test_the_sweep_finds_english() -> None:
    """The sweep's own check: the same pages in English are full of English words."""
    assert len(english_left(_session("en", "pages/2_Lessons.py"))) > 20
