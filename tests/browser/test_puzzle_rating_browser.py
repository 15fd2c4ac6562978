"""A new learner's puzzles in Debian's chromium: "Next puzzle" offers easy puzzles in the standard game
first; a miss lowers the rating shown on the dashboard; the missed puzzle comes back later.  After a
lesson, the page's main button offers an easy puzzle on that lesson's theme.

Every answer is the engine's (the puzzle's own solution), given on the page as a learner would.
"""

from __future__ import annotations

import os
import re
import time
from typing import TYPE_CHECKING

import pytest

from hearts_core.content.lessons import LESSONS_DIR, Lesson, load_curriculum
from hearts_core.content.puzzle_kinds import PassingPuzzle, ScoringPuzzle
from hearts_core.content.puzzles import Puzzle
from hearts_core.engine.table import seat_name
from hearts_core.learner.rating import REVIEW_AFTER, puzzle_facts
from hearts_core.store import URL_VARIABLE, ProgressStore, learner_key, verified
from hearts_ui.storage import COOKIE
from hearts_ui.texts import ui
from tests.browser.table import card_button, hand_codes, success_verdict
from tests.browser.test_pages import _no_exception, _settled
from tests.helpers import puzzle_library

if TYPE_CHECKING:
    from playwright.sync_api import Page

    from tests.browser.conftest import StreamlitServer

pytestmark = pytest.mark.browser
expect = pytest.importorskip("playwright.sync_api").expect

LIBRARY = puzzle_library()
FACTS = puzzle_facts(LIBRARY)


def _current(page: Page) -> Puzzle:
    expect(page).to_have_url(re.compile(r"puzzle="))
    match = re.search(r"puzzle=([\w-]+)", page.url)
    assert match is not None
    return LIBRARY.puzzles[match.group(1)]


def _next(page: Page) -> Puzzle:
    before = page.url
    page.locator(".st-key-ha_pz_next").get_by_role("button").click()
    expect(page).not_to_have_url(before)
    _settled(page)
    return _current(page)


def _hand_label(puzzle: Puzzle, seat: int) -> str:
    players = puzzle.question_rules.players
    return ui("table.your_hand") if seat == 0 else ui("table.seat_hand", seat=seat_name(seat, players))


def _solve(page: Page, puzzle: Puzzle) -> None:
    """Answer with the engine's own solution, on the page."""
    shape = puzzle.answer_shape
    if shape == "moon":
        page.locator(f".st-key-ha_pz_moon_{puzzle.solution}").get_by_role("button").click()
    elif shape == "scores":
        assert isinstance(puzzle, ScoringPuzzle)
        for seat, score in enumerate(puzzle.solution):
            box = page.locator(f".st-key-ha_pz_score_{seat}_{puzzle.id} input")
            box.fill(str(score))
            box.press("Tab")
            _settled(page)
        page.locator(".st-key-ha_pz_check").get_by_role("button").click()
    else:
        mover = puzzle.question_state.to_play
        seat = puzzle.seat if shape == "pass" or mover is None else mover
        label = _hand_label(puzzle, seat)
        solution = [str(card) for card in puzzle.solution] if shape in ("card", "cards") else []
        if shape == "card":
            card_button(page, solution[0], label).click()
        else:
            if isinstance(puzzle, PassingPuzzle):
                require, forbid = puzzle.solution
                cards = list(require) + [
                    code for code in hand_codes(page, label) if code not in require and code not in forbid
                ]
                cards = cards[: puzzle.rules.pass_count]
                confirm = ui("common.pass_submit")
            else:
                cards, confirm = solution, ui("common.check")
            for code in cards:
                card_button(page, code, label).click()
            page.get_by_role("button", name=confirm, exact=True).click()
    expect(success_verdict(page)).to_be_visible()
    _settled(page)


def _rating(page: Page) -> int:
    page.locator(".st-key-ha_pz_back").get_by_role("button").click()
    _settled(page)
    page.get_by_role("tab", name=ui("puzzles.tab_progress")).click()
    metric = page.get_by_test_id("stMetric").filter(has_text=ui("puzzles.metric_rating"))
    expect(metric).to_be_visible()
    value = metric.get_by_test_id("stMetricValue").inner_text()
    return int(value.replace(",", ""))


def test_a_new_learner_starts_easy_a_miss_lowers_the_rating_and_comes_back(server: StreamlitServer, page: Page) -> None:
    page.set_viewport_size({"width": 1366, "height": 1200})
    page.goto(f"{server.url}/Puzzles")
    _settled(page)
    first = _next(page)
    missed = first.id
    page.locator(".st-key-ha_pz_solution").get_by_role("button").click()  # looked at the answer: a miss
    _settled(page)
    assert _rating(page) < 1500
    page.get_by_role("tab", name=ui("puzzles.tab_choose")).click()
    offered = [first]
    page.locator(".st-key-ha_pz_next").get_by_role("button").click()
    _settled(page)
    offered.append(_current(page))
    _solve(page, offered[-1])
    for _ in range(REVIEW_AFTER + 1):
        puzzle = _next(page)
        offered.append(puzzle)
        if puzzle.id == missed:
            break
        _solve(page, puzzle)
    assert all(FACTS[puzzle.id].difficulty == 1 and FACTS[puzzle.id].standard for puzzle in offered[:3]), [
        puzzle.id for puzzle in offered[:3]
    ]
    assert offered[-1].id == missed and len(offered) >= REVIEW_AFTER + 1, [puzzle.id for puzzle in offered]
    _no_exception(page)


LESSONS = load_curriculum(LESSONS_DIR).ordered()


def _finish_lessons(page: Page, *lessons: Lesson) -> None:
    """What finishing ``lessons`` (in this order) leaves in the database for this browser's learner: every
    step seen, every exercise right.  The learner is the one the server's signed cookie names."""
    store = ProgressStore.open(os.environ[URL_VARIABLE])  # the test servers' own database
    cookie = next(item for item in page.context.cookies() if item["name"] == COOKIE)
    keys = store.cookie_keys()
    token = verified(cookie["value"], keys.accepted, now=time.time())
    assert token is not None
    for lesson in lessons:
        for index, step in enumerate(lesson.steps):
            store.record_lesson(learner_key(token), lesson.id, index, "right" if step.is_active else "seen")


@pytest.mark.parametrize("width", [1366, 390], ids=["desktop", "phone"])
def test_after_finishing_a_lesson_the_main_button_offers_an_easy_puzzle_on_its_theme(
    server: StreamlitServer, page: Page, width: int
) -> None:
    page.set_viewport_size({"width": width, "height": 844 if width < 500 else 768})
    page.goto(f"{server.url}/Puzzles")
    _settled(page)
    main = page.locator(".st-key-ha_pz_for_you").get_by_role("button")
    expect(main).to_be_visible()
    expect(page.locator(".st-key-ha_pz_for_you_card")).to_contain_text(ui("puzzles.for_you_start"))
    # The passing lesson finished, then the first one: the first one is the last finished.
    passing = next(lesson for lesson in LESSONS if lesson.id == "passing")
    last = LESSONS[0]
    _finish_lessons(page, passing, last)
    page.reload()
    _settled(page)
    card = page.locator(".st-key-ha_pz_for_you_card")
    theme = LIBRARY.themes[last.themes[0]].title
    expect(card).to_contain_text(ui("puzzles.for_you_lesson", theme=theme, lesson=last.title))
    expect(main).to_be_in_viewport()  # the way in, without scrolling
    main.click()
    offered = _current(page)
    assert last.themes[0] in offered.themes
    assert FACTS[offered.id].difficulty == 1 and FACTS[offered.id].standard
    expect(page.get_by_role("heading", name=offered.title, exact=True)).to_be_visible()
    _no_exception(page)
