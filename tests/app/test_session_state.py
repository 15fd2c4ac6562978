"""What the session holds after a learner has used each page: the app's own values are each one
frozen page state under its class's key, the rest are plain widget values under keys the page
states made, and nothing anywhere in it is callable (a handler kept in the session would outlive
the run that made it, and cannot be copied or inspected)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from hearts_ui.frame import PAGES
from hearts_ui.page_state import PREFIX, PageState, session_key
from hearts_ui.views.lab.view import LabView
from hearts_ui.views.lessons.steps import TABLE_KEY as LESSON_TABLE
from hearts_ui.views.lessons.view import LessonsView
from hearts_ui.views.practice.play import TABLE_KEY as PRACTICE_TABLE
from hearts_ui.views.practice.session import StoredGame
from hearts_ui.views.practice.view import PracticeView
from hearts_ui.views.puzzles.puzzle import TABLE_KEY as PUZZLE_TABLE
from hearts_ui.views.puzzles.view import PuzzlesView
from hearts_ui.views.rulebook.page import PICKER_KEY
from tests.app.page_state import kept
from tests.app.tables import click_table
from tests.helpers import puzzle_library

ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "app.py")
TIMEOUT = 120
LEGALITY = next(puzzle for puzzle in puzzle_library().ordered() if puzzle.kind == "legality")
#: What a widget's value may be (the component's value is a mapping of these).
PLAIN = (str, int, float, bool, type(None))


def _lessons(at: AppTest) -> None:
    at.query_params["lesson"], at.query_params["step"] = "table", "5"  # who won the first trick?
    at.run()
    at.button(key=LessonsView.widget_key("hint", 4)).click().run()
    click_table(at, LESSON_TABLE, kind="seat", seat=2)


def _puzzles(at: AppTest) -> None:
    at.query_params["puzzle"] = LEGALITY.id
    at.run()
    at.button(key=PuzzlesView.widget_key("hint")).click().run()
    click_table(at, PUZZLE_TABLE, kind="cards", cards=list(LEGALITY.solution))


def _practice(at: AppTest) -> None:
    at.radio(key=PracticeView.widget_key("level")).set_value("random").run()
    at.button(key=PracticeView.widget_key("start")).click().run()
    game = kept(at, StoredGame).game
    assert game is not None
    if game.stage == "pass":
        cards = [str(card) for card in game.hand.hands[0].cards()[: game.rules.pass_count]]
        click_table(at, PRACTICE_TABLE, kind="cards", cards=cards)
    at.button(key=PracticeView.widget_key("hint", 1)).click().run()
    game = kept(at, StoredGame).game
    assert game is not None and game.stage == "play"
    click_table(at, PRACTICE_TABLE, kind="play", card=str(game.hand.legal_moves()[0]))


def _lab(at: AppTest) -> None:
    at.button(key=LabView.widget_key("next")).click().run()


def _rule_book(at: AppTest) -> None:
    at.selectbox(key=PICKER_KEY).set_value("omnibus").run()


#: What the learner does on a page after opening it (the other pages are only looked at).
VISITS: dict[str, Callable[[AppTest], None]] = {
    "pages/2_Lessons.py": _lessons,
    "pages/3_Puzzles.py": _puzzles,
    "pages/4_Practice.py": _practice,
    "pages/5_Variant_Lab.py": _lab,
    "pages/1_Rule_Book.py": _rule_book,
}


def _callables(value: object, where: str, seen: set[int]) -> Iterator[str]:
    """Where in ``value`` something callable is kept (its fields, items and elements, all the way down)."""
    if id(value) in seen or isinstance(value, PLAIN):
        return
    seen.add(id(value))
    if callable(value):
        yield where
    elif dataclasses.is_dataclass(value):
        for field in dataclasses.fields(value):
            yield from _callables(getattr(value, field.name), f"{where}.{field.name}", seen)
    elif isinstance(value, Mapping):
        for key, item in value.items():
            yield from _callables(key, f"{where} key {key!r}", seen)
            yield from _callables(item, f"{where}[{key!r}]", seen)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for number, item in enumerate(value):
            yield from _callables(item, f"{where}[{number}]", seen)


def _plain(value: object) -> bool:
    """Whether ``value`` is what a widget holds: a plain value, or a list or mapping of them."""
    if isinstance(value, PLAIN):
        return True
    if isinstance(value, (list, tuple)):
        return all(_plain(item) for item in value)
    if isinstance(value, Mapping):
        return all(isinstance(key, str) and _plain(item) for key, item in value.items())
    return False


@pytest.mark.parametrize("page", [path for path, _, _ in PAGES])
def test_after_a_visit_the_session_holds_page_states_and_widget_values_and_nothing_callable(page: str) -> None:
    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    at.run()
    at.switch_page(page).run()
    visit = VISITS.get(page)
    if visit is not None:
        visit(at)
    assert not at.exception, at.exception
    kept_states = []
    for key, value in at.session_state.items():
        assert key.startswith(PREFIX), f"{key!r}: a key the page states did not make"
        if isinstance(value, PageState):
            assert key == session_key(type(value)), f"{key!r} holds a {type(value).__name__}"
            kept_states.append(type(value).__name__)
        else:
            assert _plain(value), (
                f"{key!r} holds a {type(value).__name__}, not a widget's value: keep it in a page state"
            )
        assert list(_callables(value, key, set())) == []
    assert {"Identity", "LanguageChoice"} <= set(kept_states)
