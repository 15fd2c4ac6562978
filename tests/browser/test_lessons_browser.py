"""The Lessons page in Debian's chromium: a deep link to a step on a fresh
server, the step buttons and the URL, a walkthrough's frames, questions and a
card judged by the engine, reload, progress in the list, sessions kept apart,
friendly warnings for a bad URL, and the card table as accessible HTML.

(Named ``test_lessons_browser.py``, not ``test_lessons.py``: the test folders
have no ``__init__.py``, so a second ``test_lessons.py`` beside
``tests/content/test_lessons.py`` breaks collection of the whole suite.)

Expected words come from the catalogues (:func:`hearts_ui.texts.ui`) and from
the engine (a lesson's captions, a card's explanation), never typed here.
Screenshots of the table go to ``$HA_ARTIFACTS/lessons`` (default: a pytest
temporary folder).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from hearts_core.content.lessons import (
    LESSONS_DIR,
    ChooseCardStep,
    Lesson,
    QuestionStep,
    Step,
    WalkthroughStep,
    load_curriculum,
)
from hearts_core.engine.cards import Card
from hearts_core.engine.table import seat_name
from hearts_core.learner.lesson_progress import lesson_status
from hearts_ui.texts import ui
from hearts_ui.widgets.chips import symbols
from tests.browser.table import card_button, status, success_verdict, tables
from tests.browser.test_pages import _no_exception, _settled

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Locator, Page

    from tests.browser.conftest import StreamlitServer

pytestmark = pytest.mark.browser
expect = pytest.importorskip("playwright.sync_api").expect

LESSONS_PATH = "/Lessons"
CURRICULUM = load_curriculum(LESSONS_DIR)
TABLE: Lesson = CURRICULUM.lessons["table"]
COUNT = len(TABLE.steps)


def _number(kind: str, title: str = "") -> int:
    """The 1-based number of the lesson's first step of ``kind`` (and ``title``)."""
    for index, step in enumerate(TABLE.steps):
        if step.kind == kind and title in step.title:
            return index + 1
    raise LookupError(f"lesson 'table' has no {kind} step {title!r}")


WALKTHROUGH = _number("walkthrough")
HOW_MANY = _number("question", "How many")  # ask = cards_each, no table
FOLLOW_SUIT = _number("choose_card", "Follow suit")


def _how_many_answer() -> str:
    step = _step(HOW_MANY)
    assert isinstance(step, QuestionStep)
    return step.right_answer(TABLE)


def _step(number: int) -> Step:
    return TABLE.steps[number - 1]


def _plain(markdown: str) -> str:
    """What the browser shows for a catalogue text in Markdown (bold marks and line breaks gone)."""
    return re.sub(r"\s+", " ", markdown.replace("**", "")).strip()


def _heading(number: int) -> str:
    step = _step(number)
    return ui("lessons.step_heading", number=number, count=COUNT, title=step.title or ui(f"lessons.kind_{step.kind}"))


def _key(key: str) -> str:
    """The CSS selector of the element with a widget key (Streamlit writes ``.`` as ``-``)."""
    return ".st-key-" + re.sub(r"[^A-Za-z0-9_-]", "-", key)


def _button(page: Page, key: str) -> Locator:
    """The button with a widget key.  By role, so the hidden copy Streamlit draws
    beside a button with ``help`` (to measure its width) is left out."""
    return page.locator(_key(key)).get_by_role("button")


def _url(server: StreamlitServer, **query: object) -> str:
    params = "&".join(f"{name}={value}" for name, value in query.items())
    return f"{server.url}{LESSONS_PATH}" + (f"?{params}" if params else "")


def _open(page: Page, url: str) -> None:
    page.goto(url)
    _settled(page)


def _on_step(page: Page, number: int) -> None:
    """The page shows step ``number`` of the table lesson, and the URL says so."""
    expect(page).to_have_url(re.compile(r"[?&]lesson=table(&|$)"))
    expect(page).to_have_url(re.compile(rf"[?&]step={number}(&|$)"))
    expect(page.get_by_role("heading", name=_heading(number))).to_be_visible()
    _settled(page)


def _answered(page: Page) -> bool:
    """Whether this step's exercise has a verdict on screen (this learner answered it already)."""
    return bool(page.get_by_test_id("stAlert").count())


def _alert(page: Page, text: str) -> Locator:
    return page.get_by_test_id("stAlert").filter(has_text=text)


def _status(progress: dict[int, str]) -> str:
    """The badge the list shows for the table lesson with this progress (step index -> outcome)."""
    status = lesson_status(TABLE, {TABLE.id: progress})
    return ui(
        f"lessons.status_{status.state}",
        seen=status.seen,
        steps=status.steps,
        solved=status.solved,
        active=status.active,
        first=status.first_try,
    )


def _lesson_card(page: Page) -> Locator:
    """The table lesson's row in the list: its title, goal, badge and button."""
    return page.get_by_test_id("stHorizontalBlock").filter(has=page.locator(_key(f"ha_open_{TABLE.id}")))


def _table_is_html(page: Page) -> Locator:
    """The card table is there: accessible card images, and no ``<svg>`` in it."""
    table = tables(page)
    expect(table.first).to_be_visible()
    expect(table.locator("svg")).to_have_count(0)
    return table.first


def _shoot(page: Page, folder: Path, name: str) -> None:
    tables(page).first.screenshot(path=str(folder / f"{name}.png"))


@pytest.fixture(scope="module")
def shots(artifacts: Path) -> Path:
    folder = artifacts / "lessons"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _context_page(browser: Browser) -> tuple[BrowserContext, Page]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    tab = context.new_page()
    tab.set_default_timeout(30_000)
    return context, tab


def _answer(page: Page, number: int, choice: str) -> None:
    page.get_by_test_id("stRadio").get_by_text(choice, exact=True).click()
    _settled(page)
    _button(page, f"ha_check_{number - 1}").click()


# -- a deep link on a server nobody has asked anything yet --------------------------------


def test_deep_link_to_a_step_first_on_a_fresh_server(fresh_server: StreamlitServer, page: Page, shots: Path) -> None:
    _open(page, _url(fresh_server, lesson="table", step=WALKTHROUGH))
    expect(page.get_by_role("heading", name=TABLE.title, exact=True)).to_be_visible()
    expect(page.get_by_text(f"Step {WALKTHROUGH} of {COUNT}")).to_be_visible()
    expect(page.get_by_role("heading", name=_heading(WALKTHROUGH))).to_be_visible()
    _no_exception(page)
    table = _table_is_html(page)
    expect(table.locator('[role="img"][aria-label="{}"]'.format(Card.parse("2C").name))).to_have_count(1)
    # Every card of the deal is face up in this step: 52 card images, each named.
    expect(table.locator('.hat-rank-chip[role="img"]')).to_have_count(52)
    _shoot(page, shots, f"table_step{WALKTHROUGH}")
    # The page's own buttons work after the deep link too.
    _button(page, "ha_steps_next").click()
    _on_step(page, WALKTHROUGH + 1)
    _no_exception(page)


# -- the rest share one server ------------------------------------------------------------


def test_next_and_back_walk_the_steps_with_one_primary_button(server: StreamlitServer, page: Page, shots: Path) -> None:
    _open(page, _url(server, lesson="table", step=1))
    _on_step(page, 1)
    expect(_button(page, "ha_steps_back")).to_be_disabled()
    primary = page.locator('[data-testid="stMain"] [data-testid="stBaseButton-primary"]:visible')
    for number in range(2, COUNT):
        _button(page, "ha_steps_next").click()
        _on_step(page, number)
        # One way forward: one primary button ("Check" while a question waits for its answer, else
        # "Next"), and none while a card or a pass is asked for: the table is where the learner acts.
        acts_on_the_table = _step(number).kind in ("choose_card", "choose_pass") and not _answered(page)
        expect(primary).to_have_count(0 if acts_on_the_table else 1)
        if _step(number).deal is not None:
            _table_is_html(page)
            _shoot(page, shots, f"table_step{number}")
    _button(page, "ha_steps_next").click()
    _on_step(page, COUNT)  # the last step: the lesson's end, no "Next" any more
    expect(page.locator(".st-key-ha_steps_next")).to_have_count(0)
    page.goto(_url(server, lesson="table", step=3))
    _settled(page)
    _button(page, "ha_steps_back").click()
    _on_step(page, 2)
    _no_exception(page)


def test_walkthrough_frames_step_card_by_card(server: StreamlitServer, page: Page, shots: Path) -> None:
    walkthrough = _step(WALKTHROUGH)
    assert isinstance(walkthrough, WalkthroughStep)
    history = walkthrough.history(TABLE)
    last = len(history) - 1
    _open(page, _url(server, lesson="table", step=WALKTHROUGH))
    words = page.get_by_test_id("stAlert")

    def at_frame(position: int) -> None:
        expect(page.get_by_text(_plain(ui("lessons.card_of", number=position, count=last)))).to_be_visible()
        expect(words.filter(has_text=symbols(walkthrough.caption(TABLE, position)))).to_be_visible()
        # One truth on screen: the table has jumped to this card (no motion left to catch up with).
        expect(tables(page).first).to_have_attribute("data-moving", "0")
        on_table = tables(page).locator(".hat-slot .hat-card").evaluate_all("cs => cs.map(c => c.dataset.card)")
        if position:
            assert str(history.move(position).card) in on_table or not history[position].trick_cards

    at_frame(0)
    expect(_button(page, "ha_frame_back")).to_be_disabled()
    for position in (1, 2, 3):
        _button(page, "ha_frame_next").click()
        at_frame(position)
        _settled(page)
    # The card just played is on the table, marked (in words as well as by colour).
    played = history.move(3).card
    marked = f"{played.name}, {ui('table.marked')}"
    expect(tables(page).locator(f'.marked[aria-label*="{marked}"]')).to_have_count(1)
    _shoot(page, shots, f"table_step{WALKTHROUGH}_card3")
    _button(page, "ha_frame_back").click()
    at_frame(2)
    _settled(page)
    # The arrow keys step the cards as well.
    page.locator("body").press("ArrowRight")
    at_frame(3)
    _settled(page)
    page.locator("body").press("ArrowLeft")
    at_frame(2)
    _settled(page)
    _shoot(page, shots, f"table_step{WALKTHROUGH}_card2")
    _no_exception(page)


def test_question_wrong_then_right(server: StreamlitServer, page: Page) -> None:
    step = _step(HOW_MANY)
    assert isinstance(step, QuestionStep)
    right = step.right_answer(TABLE)
    wrong = next(choice for choice in step.choices if choice != right)
    _open(page, _url(server, lesson="table", step=HOW_MANY))
    _answer(page, HOW_MANY, wrong)
    expect(_alert(page, _plain(ui("common.wrong")))).to_be_visible()
    expect(success_verdict(page)).to_have_count(0)
    _settled(page)
    _answer(page, HOW_MANY, right)
    verdict = success_verdict(page)
    expect(verdict).to_be_visible()
    expect(verdict).to_contain_text(step.explanation)
    expect(_alert(page, _plain(ui("common.wrong")))).to_have_count(0)
    _no_exception(page)


def test_an_illegal_card_gets_the_engine_reason_then_a_right_card(
    server: StreamlitServer, page: Page, shots: Path
) -> None:
    step = _step(FOLLOW_SUIT)
    assert isinstance(step, ChooseCardStep)
    state = TABLE.position(step)
    assert state is not None
    reason = str(state.explain("3C"))
    assert not state.is_legal("3C") and "2D" in step.accept
    index = FOLLOW_SUIT - 1
    _open(page, _url(server, lesson="table", step=FOLLOW_SUIT))
    _table_is_html(page)
    _shoot(page, shots, f"table_step{FOLLOW_SUIT}")

    # The card is clicked in the hand itself; every card stays clickable (legality is the question).
    illegal = card_button(page, "3C")
    expect(illegal).not_to_have_attribute("aria-disabled", "true")
    illegal.click()
    verdict = _alert(page, _plain(ui("lessons.illegal")))
    expect(verdict).to_be_visible()
    expect(verdict).to_contain_text(reason)
    # Beside the hand: the card and the outcome in one sentence; the reason is not said twice.
    expect(status(page)).to_have_text(ui("lessons.status_illegal_card", card=Card.parse("3C").symbol))
    _settled(page)

    card_button(page, "2D").click()
    verdict = success_verdict(page)
    expect(verdict).to_be_visible()
    expect(verdict).to_contain_text(step.success)
    expect(_alert(page, _plain(ui("lessons.illegal")))).to_have_count(0)
    # The right card has gone to the trick, in front of South.
    expect(card_button(page, "2D")).to_have_count(0)
    expect(page.locator(f'.hat-slot[data-slot="0"] [aria-label*="{Card.parse("2D").name}"]')).to_have_count(1)
    _settled(page)
    _no_exception(page)

    # The list counts this step as seen and right.
    _button(page, "ha_back").click()
    expect(page.get_by_role("heading", name=ui("nav.lessons"), exact=True)).to_be_visible()
    expect(page).not_to_have_url(re.compile(r"lesson="))
    card = _lesson_card(page)
    expect(card).to_contain_text(_status({index: "right"}))
    expect(_button(page, f"ha_open_{TABLE.id}")).to_have_text(re.compile(ui("lessons.continue")))
    _settled(page)

    # Continue opens the first step not yet done: step 1.
    _button(page, f"ha_open_{TABLE.id}").click()
    _on_step(page, 1)


def test_reload_keeps_the_step_and_the_answers(server: StreamlitServer, page: Page) -> None:
    _open(page, _url(server, lesson="table", step=HOW_MANY))
    _answer(page, HOW_MANY, _how_many_answer())
    expect(success_verdict(page)).to_be_visible()
    _settled(page)
    _button(page, "ha_steps_next").click()
    _on_step(page, HOW_MANY + 1)
    url = page.url
    page.reload()
    _settled(page)
    assert page.url == url
    _on_step(page, HOW_MANY + 1)
    _no_exception(page)
    # A reload opens a new Streamlit session, but the learner's cookie brings the
    # progress back: the right answer given before the reload still counts.
    _button(page, "ha_back").click()
    expect(_lesson_card(page)).to_contain_text(_status({HOW_MANY - 1: "right", HOW_MANY: "seen"}))
    _no_exception(page)


def test_two_browser_sessions_keep_their_own_progress(server: StreamlitServer, browser: Browser) -> None:
    context_a, page_a = _context_page(browser)
    context_b, page_b = _context_page(browser)
    try:
        # Both sessions are open at once, each on the lesson.
        _open(page_b, _url(server, lesson="table", step=1))
        _on_step(page_b, 1)
        _open(page_a, _url(server, lesson="table", step=HOW_MANY))
        _answer(page_a, HOW_MANY, _how_many_answer())
        expect(success_verdict(page_a)).to_be_visible()
        _settled(page_a)
        _button(page_a, "ha_back").click()
        expect(_lesson_card(page_a)).to_contain_text(_status({HOW_MANY - 1: "right"}))

        # B's list, in B's own session, knows only what B did: step 1 seen, nothing right.
        _button(page_b, "ha_back").click()
        expect(page_b.get_by_role("heading", name=ui("nav.lessons"), exact=True)).to_be_visible()
        expect(_lesson_card(page_b)).to_contain_text(_status({0: "seen"}))
        expect(_lesson_card(page_b)).not_to_contain_text(_status({HOW_MANY - 1: "right"}))
        # And a third, brand-new session sees the lesson as not started.
        context_c, page_c = _context_page(browser)
        try:
            _open(page_c, _url(server))
            expect(_lesson_card(page_c)).to_contain_text(_status({}))
            expect(_button(page_c, f"ha_open_{TABLE.id}")).to_have_text(re.compile(ui("lessons.start")))
        finally:
            context_c.close()
    finally:
        context_a.close()
        context_b.close()


def test_unknown_lesson_shows_a_warning_and_the_list(server: StreamlitServer, page: Page) -> None:
    _open(page, _url(server, lesson="nonsense"))
    expect(_alert(page, ui("lessons.unknown_lesson", name="nonsense"))).to_be_visible()
    expect(page.get_by_role("heading", name=ui("nav.lessons"), exact=True)).to_be_visible()
    for lesson in CURRICULUM.ordered():
        expect(page.get_by_text(lesson.title, exact=False).first).to_be_visible()
    _no_exception(page)


def test_step_out_of_range_shows_a_warning_and_the_last_step(server: StreamlitServer, page: Page) -> None:
    _open(page, _url(server, lesson="table", step=99))
    expect(_alert(page, ui("lessons.bad_step", step="99", count=COUNT, shown=COUNT))).to_be_visible()
    expect(page.get_by_role("heading", name=_heading(COUNT))).to_be_visible()
    _no_exception(page)


def test_a_face_down_hand_is_one_labelled_image(server: StreamlitServer, page: Page, shots: Path) -> None:
    passing = CURRICULUM.lessons["passing"]
    number, step = next((n + 1, s) for n, s in enumerate(passing.steps) if s.show == (0,) and s.kind == "explain")
    state = passing.position(step)
    assert state is not None
    _open(page, f"{server.url}{LESSONS_PATH}?lesson=passing&step={number}")
    table = _table_is_html(page)
    west = seat_name(1, passing.rules.players)
    count = ui("table.count_down", count=len(state.hands[1]))
    expect(table.get_by_role("region", name=f"{west}, {count}, {ui('table.face_down')}", exact=False)).to_have_count(1)
    # South's own cards are face up, every one named.
    for card in state.hands[0].cards():
        expect(table.locator(f'[role="img"][aria-label="{card.name}"]')).to_have_count(1)
    _shoot(page, shots, f"passing_step{number}")
    _no_exception(page)
