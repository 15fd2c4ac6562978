"""AppTest of the Puzzles page, run through app.py like a learner would.

Most tests use the real library in ``lessons/puzzles``; the play puzzle (which
needs the exact solver), the broken file and the line viewer use a small
library written to a temporary folder and named by ``$HA_PUZZLES``.  Expected
words come from the catalogue and the engine, never typed here.
"""

from __future__ import annotations

import datetime as dt
import shutil
from collections.abc import Iterator
from html import escape
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from hearts_core.content.lessons import LESSONS_DIR, load_curriculum
from hearts_core.content.puzzles import (
    PUZZLES_DIR,
    Library,
    PassingPuzzle,
    PlayPuzzle,
    Puzzle,
    ScoringPuzzle,
    VariantPuzzle,
    check_attempt,
    load_library,
)
from hearts_core.engine.cards import Card, CardSet
from hearts_core.engine.describe import points_words
from hearts_core.learner.rating import next_puzzle, puzzle_facts, puzzle_for_learner
from hearts_ui.page_state import session_key
from hearts_ui.storage import Identity, store
from hearts_ui.texts import ui
from hearts_ui.views.puzzles.common import FOLDER_VARIABLE, StoredPuzzles, cards_words, full_prompt
from hearts_ui.views.puzzles.line import LINE_TABLE_KEY
from hearts_ui.views.puzzles.page import PAGE as LIST_PAGE
from hearts_ui.views.puzzles.page import TAB_KEY
from hearts_ui.views.puzzles.puzzle import TABLE_KEY
from hearts_ui.views.puzzles.view import PuzzlesView, Run
from hearts_ui.widgets.chips import prose, prose_plain
from tests.app.page_state import kept
from tests.app.tables import click_table, hand_cards, has_table, table_data
from tests.helpers import puzzle_library, rendered

ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "app.py")
PAGE = "pages/3_Puzzles.py"
TIMEOUT = 60
LIBRARY = puzzle_library()
RIGHT = ui("common.right").strip("*")


def _first(library: Library, kind: str, ask: str | None = None) -> Puzzle:
    for puzzle in library.ordered():
        if puzzle.kind == kind and (ask is None or (isinstance(puzzle, VariantPuzzle) and puzzle.ask == ask)):
            return puzzle
    raise LookupError(f"no {kind} puzzle in the library")


LEGALITY = _first(LIBRARY, "legality")

#: A small library for what the real one may not have yet: a play puzzle the
#: solver proves, and a file with a broken puzzle beside a good one.
PLAY_ID = "fixture-duck"
HANDS = "2H TH / 3H 4S / 5S QS / 6S"
REST = CardSet.full_deck() - CardSet.parse(HANDS.replace("/", " ") + " 8H")
FIXTURE = '''
[[puzzles]]
id = "fixture-duck"
kind = "play"
title = "Duck the heart"
prompt = "East led the eight of hearts. Which card should South play?"
difficulty = 2
themes = ["duck"]
position = """
hands: {hands}
taken: - / {rest} / - / -
won: 0 11 0 0
trick: 3 8H
"""
nudge = "Who wins the trick if you play low?"
idea = "Duck under the eight and keep the ten for a trick you cannot win."
explanation = "Ducking gives East the trick; the ten later goes on a spade lead."
objective = "min_points"

[[puzzles]]
id = "fixture-broken"
kind = "no-such-kind"
title = "Broken"
'''.replace("{hands}", HANDS).replace("{rest}", str(REST))


def _text(at: AppTest) -> str:
    kinds = (at.markdown, at.caption, at.subheader, at.title, at.info, at.success, at.error, at.warning)
    parts = [element.value for elements in kinds for element in elements]
    return "\n".join(str(part) for part in parts)


def _open(puzzle: str | None = None) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    at.switch_page(PAGE)
    if puzzle is not None:
        at.query_params["puzzle"] = puzzle
    at.run()
    assert not at.exception, at.exception
    return at


@pytest.fixture()
def fixture_library(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    shutil.copy(PUZZLES_DIR / "themes.toml", tmp_path / "themes.toml")
    (tmp_path / "fixture.toml").write_text(FIXTURE, encoding="utf-8")
    monkeypatch.setenv(FOLDER_VARIABLE, str(tmp_path))
    yield tmp_path


# -- the picker --------------------------------------------------------------------------------


def _show_all(at: AppTest) -> None:
    """Click "show more" until the whole list is there."""
    while [button for button in at.button if button.key == "ha_pz_more"]:
        at.button(key="ha_pz_more").click().run()


def test_the_page_runs_and_lists_every_puzzle_a_page_at_a_time() -> None:
    at = _open()
    first = [button.key for button in at.button if button.key and button.key.startswith("ha_pz_open_")]
    assert len(first) == LIST_PAGE < len(LIBRARY.puzzles)  # the first page only, then "show more"
    _show_all(at)
    text = _text(at)
    assert ui("nav.puzzles") in [element.value for element in at.title]
    missing = [puzzle.id for puzzle in LIBRARY.ordered() if puzzle.title not in text]
    assert missing == []
    assert not at.warning
    # The puzzle of the day is offered, and opens.
    at.button(key="ha_pz_daily").click().run()
    assert at.query_params["puzzle"] == LIBRARY.daily(dt.date.today()).id
    assert not at.exception


def test_filters_narrow_the_list_and_next_opens_a_match_chosen_for_the_learner() -> None:
    at = _open()
    at.selectbox(key="ha_pz_filter_kind").set_value("scoring").run()
    scoring = [puzzle.id for puzzle in LIBRARY.select(kind="scoring")]
    _show_all(at)
    open_buttons = [button.key for button in at.button if button.key and button.key.startswith("ha_pz_open_")]
    assert open_buttons == [f"ha_pz_open_{puzzle_id}" for puzzle_id in scoring]
    facts = puzzle_facts(LIBRARY)
    pool = {puzzle_id: facts[puzzle_id] for puzzle_id in scoring}
    at.button(key="ha_pz_next").click().run()
    assert not at.exception
    first = at.query_params["puzzle"]
    assert first == next_puzzle(pool, {})  # a new learner: an easy standard puzzle of the filter
    assert facts[first].difficulty == 1 and facts[first].standard
    # On the puzzle, "Next puzzle" keeps to the filter and offers another one.
    at.button(key="ha_pz_next").click().run()
    assert at.query_params["puzzle"] in scoring and at.query_params["puzzle"] != first


def test_an_unknown_puzzle_gets_a_friendly_warning_and_the_picker() -> None:
    at = _open("no-such-puzzle")
    assert any(ui("puzzles.unknown_puzzle", name="no-such-puzzle") == rendered(element.value) for element in at.warning)
    assert at.selectbox(key="ha_pz_filter_kind") is not None
    assert LEGALITY.title in _text(at)


def test_a_strange_id_is_echoed_escaped() -> None:
    at = _open("<script>x</script>")
    assert len(at.warning) == 1 and "<script>" not in at.warning[0].value
    assert "<script>x</script>" in rendered(at.warning[0].value)  # shown as typed, as text


# -- answering -----------------------------------------------------------------------------------


def test_puzzle_url_opens_it() -> None:
    at = _open(LEGALITY.id)
    assert f"<h1>{escape(LEGALITY.title)}</h1>" in _text(at)  # the puzzle's heading, set small
    assert any(prose(LEGALITY.prompt) in element.value for element in at.markdown)  # its cards as chips


def _verdicts(at: AppTest) -> dict[str, str]:
    """The cards of the puzzle's hand that carry a verdict on the table: card -> right, wrong, missed..."""
    return {card: data["v"] for card, data in hand_cards(at, TABLE_KEY).items() if data["v"]}


def test_a_legality_puzzle_marks_right_wrong_and_missed_cards_and_names_them() -> None:
    state = LEGALITY.state
    assert state.to_play is not None
    hand = [str(card) for card in state.hands[state.to_play].cards()]
    illegal = [card for card in hand if card not in LEGALITY.solution]
    assert illegal and len(LEGALITY.solution) > 1, "the puzzle needs an illegal card and two legal ones"
    at = _open(LEGALITY.id)
    hand_data = table_data(at, TABLE_KEY)["hand"]
    assert hand_data["mode"] == "select" and hand_data["need"] is None  # any number of cards, then check
    assert _verdicts(at) == {}  # nothing judged before a check
    # One legal card, one that is not, the other legal cards left out: each marked, and named in words.
    chosen, *missed = (str(card) for card in LEGALITY.solution)
    click_table(at, TABLE_KEY, kind="cards", cards=[chosen, illegal[0]])
    assert _verdicts(at) == {chosen: "right", illegal[0]: "wrong", **dict.fromkeys(missed, "missed")}
    error = " ".join(element.value for element in at.error)
    assert ui("puzzles.not_legal").strip("*:") in error
    assert prose_plain(str(state.explain(illegal[0]))) in error
    named = ui("puzzles.missed_cards", cards=cards_words(missed), count=len(missed))
    assert prose_plain(named) in error
    # The line beside the hand counts the signs; no "Right!" or "chosen" run into it.
    assert table_data(at, TABLE_KEY)["hand"]["status"] == " · ".join(
        ui(f"puzzles.marks_{mark}", count=count)
        for mark, count in (("right", 1), ("wrong", 1), ("missed", len(missed)))
    )
    # Some legal cards only: the others named in a warning.
    click_table(at, TABLE_KEY, kind="cards", cards=[chosen])
    assert [element.value for element in at.warning] == [prose_plain(named)]
    assert not at.error
    # A retry with exactly the legal cards is right, every card marked so, but the puzzle stays missed.
    click_table(at, TABLE_KEY, kind="cards", cards=list(LEGALITY.solution))
    assert any(RIGHT in element.value for element in at.success)
    assert _verdicts(at) == dict.fromkeys(LEGALITY.solution, "right")
    assert table_data(at, TABLE_KEY)["hand"]["status"] == ui("common.status_right")
    record = kept(at, StoredPuzzles).records[LEGALITY.id]
    assert (record.result, record.cleared, record.attempts) == ("failed", True, 3)
    assert ui("puzzles.status_cleared") in _text(at)


def test_a_wrong_pass_marks_the_cards_and_says_each_note_once_naming_its_cards() -> None:
    """A pass with two forbidden cards the puzzle says the same words about: one line for both, naming both."""
    puzzle = next(
        puzzle
        for puzzle in LIBRARY.ordered()
        if isinstance(puzzle, PassingPuzzle)
        and puzzle.rules.pass_count == 3
        and len([card for card in puzzle.forbid if card in puzzle.feedback]) >= 2
        and len({puzzle.feedback[card] for card in puzzle.forbid if card in puzzle.feedback})
        < len([card for card in puzzle.forbid if card in puzzle.feedback])
    )
    texts: dict[str, list[str]] = {}
    for card in puzzle.forbid:
        if card in puzzle.feedback:
            texts.setdefault(puzzle.feedback[card], []).append(card)
    same = next(cards for cards in texts.values() if len(cards) > 1)[:2]
    hand = [str(card) for card in puzzle.state.hands[puzzle.seat].cards()]
    third = next(card for card in hand if card not in puzzle.forbid and card not in same)
    at = _open(puzzle.id)
    click_table(at, TABLE_KEY, kind="cards", cards=[*same, third])
    verdicts = _verdicts(at)
    assert all(verdicts[card] == "wrong" for card in same)
    assert all(verdicts[card] == "missed" for card in puzzle.require)
    error = " ".join(element.value for element in at.error)
    assert error.count(prose_plain(puzzle.feedback[same[0]])) == 1
    assert prose_plain(f"- **{cards_words(same)}**: {puzzle.feedback[same[0]]}") in error


def test_a_right_first_answer_solves_and_counts_in_the_progress() -> None:
    at = _open(LEGALITY.id)
    click_table(at, TABLE_KEY, kind="cards", cards=list(LEGALITY.solution))
    assert any(RIGHT in element.value for element in at.success)
    assert kept(at, StoredPuzzles).records[LEGALITY.id].result == "solved"
    at.button(key="ha_pz_back").click().run()
    assert not at.exception
    assert ui("puzzles.summary", solved=1, failed=0, streak=1, rate=100) in _text(at)
    assert not at.get("plotly_chart")  # the progress tab is drawn only when it is opened
    at.session_state[TAB_KEY] = ui("puzzles.tab_progress")
    at.run()
    assert [metric.value for metric in at.metric][:3] == ["1", "0", "1"]
    assert [chart.key for chart in at.get("plotly_chart")] == ["ha_pz_rating_chart", "ha_pz_chart"]
    assert at.metric[-1].label == ui("puzzles.metric_rating") and int(at.metric[-1].value) > 1500


def test_a_scoring_puzzle_marks_each_seat() -> None:
    puzzle = _first(LIBRARY, "scoring")
    assert isinstance(puzzle, ScoringPuzzle)
    at = _open(puzzle.id)
    wrong = [value + 1 for value in puzzle.solution]
    for seat, value in enumerate(wrong):
        at.number_input(key=PuzzlesView.widget_key("score", seat, puzzle.id)).set_value(value)
    at.button(key="ha_pz_check").click().run()
    assert check_attempt(puzzle, wrong).code == "wrong"
    assert ui("puzzles.seat_wrong") in " ".join(element.value for element in at.error)
    for seat, value in enumerate(puzzle.solution):
        at.number_input(key=PuzzlesView.widget_key("score", seat, puzzle.id)).set_value(value)
    at.button(key="ha_pz_check").click().run()
    assert any(RIGHT in element.value for element in at.success)


def test_a_pass_with_the_wrong_count_is_not_judged() -> None:
    puzzle = _first(LIBRARY, "passing")
    at = _open(puzzle.id)
    one = str(puzzle.state.hands[puzzle.seat].cards()[0])
    click_table(at, TABLE_KEY, kind="cards", cards=[one])
    count = puzzle.rules.pass_count
    assert [element.value for element in at.warning] == [ui("puzzles.pass_count", count=count, picked=1)]
    assert table_data(at, TABLE_KEY)["hand"]["status"] == ui("puzzles.pass_count", count=count, picked=1)
    assert puzzle.id not in kept(at, StoredPuzzles).records


def test_a_moon_puzzle_shows_the_outcomes_once_answered() -> None:
    puzzle = _first(LIBRARY, "moon")
    at = _open(puzzle.id)
    wrong = next(option for option in ("add_to_others", "subtract_from_self") if option != puzzle.solution)
    at.button(key=f"ha_pz_moon_{wrong}").click().run()
    assert at.error and not at.success
    at.button(key=f"ha_pz_moon_{puzzle.solution}").click().run()
    assert any(RIGHT in element.value for element in at.success)
    assert any(
        ui("puzzles.col_add_to_others", value=puzzle.rules.moon_value) in element.value for element in at.markdown
    )


# -- hints and the solution ------------------------------------------------------------------------


def test_the_hint_ladder_records_each_rung_and_the_answer_fails_the_puzzle() -> None:
    at = _open(LEGALITY.id)
    rungs = 2 + bool(LEGALITY.idea)
    for rung in range(1, rungs + 1):
        at.button(key="ha_pz_hint").click().run()
        assert not at.exception
        record = kept(at, StoredPuzzles).records[LEGALITY.id]
        assert record.hints == rung
        assert ui("puzzles.hints_used", used=rung, count=rungs) in _text(at)
    assert prose_plain(LEGALITY.nudge) in _text(at)
    assert record.result == "failed" and record.revealed
    assert "ha_pz_hint" not in [button.key for button in at.button]  # no rung left
    assert ui("puzzles.answer_legality", cards="").strip(" .").capitalize() in _text(at)
    # A right answer now clears it, but it stays missed.
    click_table(at, TABLE_KEY, kind="cards", cards=list(LEGALITY.solution))
    record = kept(at, StoredPuzzles).records[LEGALITY.id]
    assert (record.result, record.cleared) == ("failed", True)


def test_show_the_solution_of_a_question_gives_the_answer_and_its_explanation() -> None:
    puzzle = _first(LIBRARY, "scoring")
    at = _open(puzzle.id)
    at.button(key="ha_pz_solution").click().run()
    success = " ".join(element.value for element in at.success)
    assert ui("puzzles.solution_heading") in success
    if puzzle.explanation:
        assert puzzle.explanation in success
    assert kept(at, StoredPuzzles).records[puzzle.id].result == "failed"


# -- a play puzzle, and a broken file, from the fixture library --------------------------------------


def test_a_play_puzzle_shows_what_a_wrong_card_costs_and_the_line_on_the_table(fixture_library: Path) -> None:
    library = load_library(fixture_library)
    puzzle = library.puzzles[PLAY_ID]
    assert isinstance(puzzle, PlayPuzzle)
    best = puzzle.solution[0]
    wrong = next(card for card in puzzle.values if card != best)
    at = _open(PLAY_ID)
    assert len(library.problems) == 1
    assert any(ui("puzzles.problems_heading", count=1) == expander.label for expander in at.expander)
    click_table(at, TABLE_KEY, kind="play", card=wrong)
    assert not at.exception
    warning = " ".join(element.value for element in at.warning)
    cost = ui(
        "puzzles.cost_min_points",
        card=Card.parse(wrong).symbol,
        value=points_words(puzzle.values[wrong]),
        best=points_words(puzzle.values[best]),
    )
    assert prose_plain(cost) in warning
    # The refutation is on the table, stepped card by card to the end.
    assert table_data(at, LINE_TABLE_KEY)["title"] == ui("puzzles.line_refutation", card=Card.parse(wrong).symbol)
    assert table_data(at, LINE_TABLE_KEY)["speeds"] is None  # stepped frame by frame: the table jumps, no motion
    at.button(key="ha_pz_line_next").click().run()
    assert ui("stepper.counter", number=1, count=len(puzzle.refutation(wrong))) in _text(at)
    # The caption describes the card just played: the table shows it at once, nothing left to replay.
    assert table_data(at, LINE_TABLE_KEY)["events"] == []
    at.button(key="ha_pz_line_last").click().run()
    assert not at.exception
    # Back to the puzzle (its table is not drawn while a line is), the right card; then the solver's line.
    assert not has_table(at, TABLE_KEY)
    at.button(key="ha_pz_line_close").click().run()
    # The card played is marked wrong; the best one is not given away while the learner may look for it.
    assert _verdicts(at) == {wrong: "wrong"}
    assert table_data(at, TABLE_KEY)["hand"]["mode"] == "play"
    click_table(at, TABLE_KEY, kind="play", card=best)
    assert any(RIGHT in element.value for element in at.success)
    played = table_data(at, TABLE_KEY)  # the right card has gone to the trick
    assert best in [play["card"] for play in played["trick"]["plays"]] and played["hand"]["mode"] == "view"
    at.button(key="ha_pz_solution_line").click().run()
    assert table_data(at, LINE_TABLE_KEY)["title"] == ui("puzzles.line_solution")
    at.button(key="ha_pz_line_last").click().run()
    assert not at.exception
    assert kept(at, StoredPuzzles).records[PLAY_ID].result == "failed"


@pytest.mark.slow  # a sweep over the whole content: the full run's (the fast slice keeps the pages' own tests)
def test_every_puzzle_renders_answers_and_shows_its_solution() -> None:
    """One session visits every puzzle of the library: the page, a hint, the solution."""
    at = _open()
    for puzzle in LIBRARY.ordered():
        at.query_params.clear()
        at.query_params["puzzle"] = puzzle.id
        at.run()
        assert not at.exception, (puzzle.id, at.exception)
        assert f"<h1>{escape(puzzle.title)}</h1>" in _text(at), puzzle.id
        question = puzzle.question if isinstance(puzzle, VariantPuzzle) else puzzle
        values = question.values if isinstance(question, PlayPuzzle) else {}
        wrong = [card for card in values if card not in puzzle.solution]
        proof = question.proof if isinstance(question, PlayPuzzle) else None
        if wrong and proof is not None:  # the learner sees one hand: the cost over every deal they could face
            click_table(at, TABLE_KEY, kind="play", card=wrong[0])
            assert not at.exception, (puzzle.id, at.exception)
            assert str(proof.worlds) in " ".join(element.value for element in at.warning), puzzle.id
        elif wrong:  # a play puzzle the solver proved: a wrong card, its cost, the reply stepped to the end
            click_table(at, TABLE_KEY, kind="play", card=wrong[0])
            assert not at.exception, (puzzle.id, at.exception)
            assert ui("puzzles.cost_line") in " ".join(element.value for element in at.warning), puzzle.id
            at.button(key="ha_pz_line_last").click().run()
            assert not at.exception, (puzzle.id, at.exception)
        at.button(key="ha_pz_hint").click().run()
        assert not at.exception, (puzzle.id, at.exception)
        at.button(key="ha_pz_solution").click().run()
        assert not at.exception, (puzzle.id, at.exception)
        assert ui("puzzles.solution_heading") in " ".join(element.value for element in at.success), puzzle.id
        if puzzle.line:
            at.button(key="ha_pz_line_last").click().run()
            assert not at.exception, (puzzle.id, at.exception)


def test_a_library_that_does_not_load_lists_its_problem_and_no_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(FOLDER_VARIABLE, str(tmp_path))  # no themes.toml: nothing loads
    at = _open("anything")
    assert any(ui("puzzles.problems_heading", count=1) == expander.label for expander in at.expander)
    assert ui("puzzles.empty") in [element.value for element in at.info]


def test_a_streak_run_counts_first_tries_and_ends_at_the_first_miss() -> None:
    at = _open()
    at.button(key="ha_pz_run_start").click().run()
    first = LIBRARY.puzzles[at.query_params["puzzle"]]
    assert any(ui("puzzles.run_on", count=0) in str(element.value) for element in at.info)
    at.button(key="ha_pz_solution").click().run()  # the answer shown: a miss, the run is over
    assert kept(at, StoredPuzzles).records[first.id].result == "failed"
    assert any(ui("puzzles.run_over", count=0, best=0) in str(element.value) for element in at.warning) or (
        not (kept(at, PuzzlesView).run or Run()).active
    )
    assert not (kept(at, PuzzlesView).run or Run()).active


# -- the puzzle offered first ------------------------------------------------------------------------


def test_a_newcomer_is_offered_an_easy_puzzle_on_the_theme_of_the_lesson_finished_last() -> None:
    at = _open()
    learner = kept(at, Identity).learner
    assert learner is not None
    # No lesson yet: an easy puzzle of the standard game, and the page's one main button opens it.
    assert ui("puzzles.for_you_start") in _text(at)
    primary = [button.key for button in at.button if button.proto.type == "primary"]
    assert primary == ["ha_pz_for_you"]
    # The passing lesson finished, then the first one: the first one's theme.
    lessons = load_curriculum(LESSONS_DIR).ordered()
    for lesson in (next(lesson for lesson in lessons if lesson.id == "passing"), lessons[0]):
        for index, step in enumerate(lesson.steps):
            store().record_lesson(learner, lesson.id, index, "right" if step.is_active else "seen")
    at.run()
    last = lessons[0]
    suggestion = puzzle_for_learner(LIBRARY, {}, lessons, store().lesson_events(learner))
    assert suggestion is not None and suggestion.reason == "lesson" and suggestion.theme is not None
    theme = LIBRARY.themes[suggestion.theme].title
    assert suggestion.theme == last.themes[0]
    assert prose_plain(ui("puzzles.for_you_lesson", theme=theme, lesson=last.title)) in _text(at)
    at.button(key="ha_pz_for_you").click().run()
    offered = LIBRARY.puzzles[at.query_params["puzzle"]]
    facts = puzzle_facts(LIBRARY)[offered.id]
    assert last.themes[0] in offered.themes and facts.difficulty == 1 and facts.standard


def test_a_puzzle_missed_on_the_first_try_comes_back_and_its_answer_from_the_queue_counts() -> None:
    at = _open(LEGALITY.id)
    state = LEGALITY.state
    assert state.to_play is not None
    illegal = next(str(card) for card in state.hands[state.to_play].cards() if card not in LEGALITY.solution)
    click_table(at, TABLE_KEY, kind="cards", cards=[illegal])  # missed on the first try
    learner = str(at.session_state[session_key(Identity)].learner)
    queued = store().review_queue(learner).card(f"puzzle:{LEGALITY.id}")
    assert queued is not None and queued.reviews == 0, "the miss is queued for review"
    # From the Review page the puzzle opens on its own page; its next answer there is the review's.
    at.switch_page("pages/10_Review.py").run()
    at.button(key="ha_rv_open").click().run()
    at.switch_page(PAGE)
    at.query_params["puzzle"] = LEGALITY.id
    at.run()
    click_table(at, TABLE_KEY, kind="cards", cards=list(LEGALITY.solution))
    assert not at.exception, at.exception
    answered = store().review_queue(learner).card(f"puzzle:{LEGALITY.id}")
    assert answered is not None and answered.reviews == 1 and answered.due > queued.due


def test_a_prompt_says_how_the_others_are_assumed_to_play_when_that_decides_it() -> None:
    """A worst-case question ("makes sure") says the answer holds whatever the others play, a moon-stopping
    one whatever the shooter plays (the others helping to stop it); a
    points question proven only against a table that gangs up says so; one that holds under every
    model adds nothing."""
    library = load_library(PUZZLES_DIR)
    seen = set()
    for puzzle in library.ordered():
        question = puzzle.question if isinstance(puzzle, VariantPuzzle) else puzzle
        if not isinstance(question, PlayPuzzle) or question.hidden or question.argument is not None:
            continue
        if question.objective == "stop_moon":
            expected, kind = ui("puzzles.model_stop_moon"), "stop moon"
        elif question.objective != "min_points":
            expected, kind = ui("puzzles.model_worst_case"), "worst case"
        elif question.model == "paranoid":
            expected, kind = ui("puzzles.model_paranoid"), "paranoid"
        else:
            expected, kind = "", "any"
        assert full_prompt(puzzle) == " ".join(part for part in (puzzle.prompt, expected) if part), puzzle.id
        seen.add(kind)
    assert seen == {"stop moon", "worst case", "paranoid", "any"}


def test_a_problem_quoting_a_file_s_text_shows_it_as_typed_and_links_nowhere(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "`[Claim your prize](evil.example)`"  # a problem names the folder it could not read
    folder.mkdir()
    monkeypatch.setenv(FOLDER_VARIABLE, str(folder))
    at = _open("anything")
    listed = [element.value for element in at.markdown if "Claim your prize" in element.value]
    assert listed and all("](evil" not in text and "\\[Claim your prize\\]" in text for text in listed)
