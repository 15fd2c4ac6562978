"""What the parts of the Puzzles page share: the library, the learner's results,
the page's state, routing and the words for puzzles and answers."""

from __future__ import annotations

import datetime as dt
import os
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final, cast

import streamlit as st
from streamlit.logger import get_logger

from hearts_core.content.lessons import Lesson
from hearts_core.content.proofs import book_path, read_book
from hearts_core.content.puzzles import (
    PROVE_COMMAND,
    PUZZLES_DIR,
    Library,
    PlayPuzzle,
    Puzzle,
    VariantPuzzle,
    load_library,
    translate_library,
)
from hearts_core.engine.cards import Card
from hearts_core.engine.describe import signed
from hearts_core.engine.table import seat_name
from hearts_core.learner.lesson_progress import finished_lessons
from hearts_core.learner.puzzle_progress import SOLVED, PuzzleEvent, PuzzleRecord, apply_event
from hearts_core.learner.rating import (
    PuzzleFacts,
    Suggestion,
    puzzle_facts,
    puzzle_for_learner,
    rating_history,
    suggest_puzzle,
)
from hearts_core.store import PuzzleAttempt
from hearts_core.words.languages import DEFAULT_LANGUAGE, LANGUAGES

from ... import page_state
from ...language import clear_query_params, session_language
from ...storage import learner, store
from ...texts import ui
from ..lessons.page import curriculum
from ..review.queue import answered_elsewhere, queue_puzzle_miss
from .view import PuzzlesView, PuzzleWork, Run

PAGE: Final = "pages/3_Puzzles.py"
FOLDER_VARIABLE: Final = "HA_PUZZLES"
#: The catalogue's name for each shape of answer (``puzzles.answer_<name>``, ``puzzles.nudge_<name>``...).
ASKED: Final = {"cards": "legality", "scores": "scoring", "pass": "passing", "card": "play", "moon": "moon"}


#: Puzzle libraries by folder: immutable, loaded once per process (not a Streamlit cache, which any
#: client may clear).
_LIBRARIES: dict[str, Library] = {}
_LIBRARY_LOCK: Final = threading.Lock()
#: Streamlit's own logger set-up, so the line shows in the server's log with the others.
_LOG: Final = get_logger(__name__)


def puzzle_folder() -> str:
    """The puzzle folder: ``$HA_PUZZLES`` (for tests and authors), else the app's own."""
    return os.environ.get(FOLDER_VARIABLE) or str(PUZZLES_DIR)


def load_puzzles(folder: str) -> Library:
    """The library of ``folder``, loaded on first use (one thread loads, others wait).  The searches'
    answers come from the folder's proofs file; when it is stale, what it lacks is proven now, which
    takes seconds, and the log says which command brings the file up to date."""
    with _LIBRARY_LOCK:
        if folder not in _LIBRARIES:
            book = read_book(book_path(Path(folder)))
            started = time.perf_counter()
            _LIBRARIES[folder] = load_library(Path(folder), book)
            if not book.current:
                _LOG.warning(
                    "%s is stale: %d answers proven in %.1f s; run `%s` to keep them",
                    book_path(Path(folder)),
                    book.computed,
                    time.perf_counter() - started,
                    PROVE_COMMAND,
                )
        return _LIBRARIES[folder]


def proofs_from_this_engine(folder: str) -> bool:
    """Whether the proofs file of ``folder`` was written by this engine's code.  Then loading the library
    reads every search's answer from it (a tenth of a second; a changed puzzle costs only its own
    proofs), so the library can wait for the first learner who opens the Puzzles.  Else loading proves
    every puzzle again: work for the background, before anyone asks."""
    return bool(read_book(book_path(Path(folder))).answers)


def warm_libraries() -> None:
    """Load the puzzle library, and word it in every language, before the first learner asks (the
    server's start-up calls this in the background when the proofs file is another engine's)."""
    folder = puzzle_folder()
    english = load_puzzles(folder)
    for language in LANGUAGES:
        if language != DEFAULT_LANGUAGE and (folder, language) not in _TRANSLATED:
            with _LIBRARY_LOCK:
                _TRANSLATED[(folder, language)] = translate_library(english, Path(folder), language)


def _library(folder: str) -> Library:
    if folder in _LIBRARIES:
        return _LIBRARIES[folder]
    with st.spinner(ui("puzzles.loading")):
        return load_puzzles(folder)


#: The libraries in other languages, by folder and language: the proven library with its words replaced.
_TRANSLATED: dict[tuple[str, str], Library] = {}


def library() -> Library:
    """Every puzzle, proven by the engine, in the session's language: immutable, so loaded once and shared
    by every session."""
    folder, language = puzzle_folder(), session_language()
    english = _library(folder)
    if language == DEFAULT_LANGUAGE:
        return english
    if (folder, language) not in _TRANSLATED:
        with _LIBRARY_LOCK:
            _TRANSLATED[(folder, language)] = translate_library(english, Path(folder), language)
    return _TRANSLATED[(folder, language)]


# -- the learner's results -----------------------------------------------------------------


@st.cache_resource(show_spinner=False)
def _facts(folder: str) -> dict[str, PuzzleFacts]:
    return puzzle_facts(_library(folder))


def facts() -> dict[str, PuzzleFacts]:
    """What choosing the next puzzle needs of each puzzle (immutable, shared)."""
    return _facts(puzzle_folder())


def run() -> Run:
    """The streak run of this session (a run not started: an inactive one)."""
    return page_state.get(PuzzlesView).run or Run()


def work(puzzle: Puzzle) -> PuzzleWork:
    """What the learner did with ``puzzle`` this session."""
    return page_state.get(PuzzlesView).puzzle(puzzle.id)


def change_work(puzzle: Puzzle, **changes: object) -> None:
    """Keep ``changes`` to what the learner did with ``puzzle``."""
    page_state.put(page_state.get(PuzzlesView).with_puzzle(puzzle.id, **changes))


@dataclass(frozen=True)
class StoredPuzzles(page_state.StoredCopy):
    """The session's copy of the learner's results as the database holds them (refreshed by every write)."""

    records: Mapping[str, PuzzleRecord] = field(default_factory=dict)


def settle(*events: PuzzleEvent) -> None:
    """Record what the learner did with a puzzle (an answer, a hint, the answer shown) in the database,
    each event with the attempt's facts (first try or not, hints used, the rating before and after);
    when this settled the puzzle (its first try), the streak run counts it."""
    state = progress()
    unsettled = {event.puzzle for event in events if state.get(event.puzzle, PuzzleRecord()).result is None}
    attempts = []
    for event in events:
        record = state.get(event.puzzle, PuzzleRecord())
        after = apply_event(state, event)
        attempts.append(
            PuzzleAttempt(
                event,
                first_try=record.result is None and record.attempts == 0,
                hints_used=record.hints,
                rating_before=rating_history(state, facts())[-1].rating,
                rating_after=rating_history(after, facts())[-1].rating,
            )
        )
        state = after
    stored = store().record_puzzle(learner(), *attempts)
    page_state.put(StoredPuzzles(stored))
    for attempt in attempts:
        event = attempt.event
        if event.kind != "answer" or event.correct is None:
            continue
        if attempt.first_try and not event.correct:
            queue_puzzle_miss(event.puzzle)  # it comes back on the Review page
        answered_elsewhere(f"puzzle:{event.puzzle}", event.correct)
    for puzzle_id in sorted(unsettled):
        settled = stored.get(puzzle_id)
        if settled is not None and settled.result is not None:
            page_state.update(PuzzlesView, run=run().settled(settled.result == SOLVED))


def chosen_next(pool: Sequence[str], current: str | None = None) -> str | None:
    """The next puzzle among ``pool`` for this learner: a review due, else (a newcomer) an easy one on the
    theme of the lesson they finished last, else near their rating."""
    everything = facts()
    suggestion = suggest_puzzle(
        {puzzle_id: everything[puzzle_id] for puzzle_id in pool if puzzle_id in everything},
        progress(),
        current,
        lesson=last_lesson(),
    )
    return suggestion.puzzle if suggestion is not None else None


def for_learner(loaded: Library) -> Suggestion | None:
    """The puzzle to offer this learner first, and why (a newcomer: an easy one on the theme of the lesson
    they finished last)."""
    return puzzle_for_learner(loaded, progress(), lessons(), store().lesson_events(learner()))


def lessons() -> tuple[Lesson, ...]:
    """The lessons in curriculum order, in the session's language (loaded once, shared)."""
    return curriculum().ordered()


def last_lesson() -> Lesson | None:
    """The lesson this learner finished last (None before any), from their answers in the database."""
    events = store().lesson_events(learner())
    finished = finished_lessons(lessons(), events) if events else ()
    return finished[-1] if finished else None


def progress() -> Mapping[str, PuzzleRecord]:
    """This learner's results: read from the database once per session, refreshed by every write."""
    stored = page_state.peek(StoredPuzzles)
    if stored is None:
        stored = StoredPuzzles(store().puzzle_progress(learner()))
        page_state.put(stored)
    return stored.records


def record_of(puzzle: Puzzle) -> PuzzleRecord:
    """The learner's record of one puzzle."""
    return progress().get(puzzle.id, PuzzleRecord())


# -- routing and keys ------------------------------------------------------------------------


def open_puzzle(puzzle_id: str | None) -> None:
    """Callback: open a puzzle, or the list with ``None``."""
    clear_query_params()
    if puzzle_id is not None:
        st.query_params["puzzle"] = puzzle_id


def today() -> dt.date:
    """Today, for the puzzle of the day."""
    return dt.date.today()


def daily(loaded: Library) -> Puzzle | None:
    """The puzzle of the day, if there are puzzles."""
    return loaded.daily(today()) if loaded.puzzles else None


# -- words --------------------------------------------------------------------------------------


def asked(puzzle: Puzzle) -> str:
    """What the learner answers, in the catalogue's words: legality, scoring, passing, play or moon."""
    return ASKED[puzzle.answer_shape]


def full_prompt(puzzle: Puzzle) -> str:
    """The puzzle's question, with how the other players are assumed to play when that decides it."""
    question = play_question(puzzle)
    if question is None or question.hidden or question.argument is not None:
        return puzzle.prompt
    if question.objective == "stop_moon":  # the solver's model: the shooter against everyone else
        return f"{puzzle.prompt} {ui('puzzles.model_stop_moon')}"
    if question.objective != "min_points":  # "makes sure": a claim about the worst case
        return f"{puzzle.prompt} {ui('puzzles.model_worst_case')}"
    if question.model == "paranoid":
        return f"{puzzle.prompt} {ui('puzzles.model_paranoid')}"
    return puzzle.prompt


def play_question(puzzle: Puzzle) -> PlayPuzzle | None:
    """The best-card question a puzzle asks (a play puzzle, or a variant asking for the best card)."""
    question = puzzle.question if isinstance(puzzle, VariantPuzzle) else puzzle
    return question if isinstance(question, PlayPuzzle) else None


def theme_title(loaded: Library, theme: str) -> str:
    """A theme's title (its id when the registry lacks it)."""
    known = loaded.themes.get(theme)
    return known.title if known is not None else theme


def meta(loaded: Library, puzzle: Puzzle) -> str:
    """Kind, difficulty and themes in one line."""
    themes = ", ".join(theme_title(loaded, theme) for theme in puzzle.themes)
    return ui(
        "puzzles.meta",
        kind=ui(f"puzzles.kind_{puzzle.kind}"),
        difficulty=ui(f"puzzles.difficulty_{puzzle.difficulty}"),
        themes=themes,
    )


def status(record: PuzzleRecord | None) -> str:
    """Solved, failed, cleared or new, in words."""
    if record is None or record.result is None:
        return ui("puzzles.status_new")
    if record.result == SOLVED:
        return ui("puzzles.status_solved")
    return ui("puzzles.status_cleared") if record.cleared else ui("puzzles.status_failed")


def badge(record: PuzzleRecord | None) -> str:
    """A coloured badge with the result (nothing for a puzzle not tried yet)."""
    if record is None or record.result is None:
        return ""
    colour = "green" if record.result == SOLVED or record.cleared else "red"
    return f" :{colour}-badge[{status(record)}]"


def sorted_cards(cards: Sequence[str]) -> list[str]:
    """Cards by suit, then rank."""
    return sorted(cards, key=lambda text: (Card.parse(text).suit, Card.parse(text).rank))


def cards_words(cards: Sequence[str]) -> str:
    """Cards with their suit symbols, sorted, as a list in a sentence ("5♣, 6♣, K♣")."""
    return ", ".join(Card.parse(card).symbol for card in sorted_cards(cards))


def seat_words(puzzle: Puzzle, seat: int) -> str:
    """A seat's name at this puzzle's table."""
    return seat_name(seat, puzzle.question_rules.players)


def scores_words(puzzle: Puzzle, scores: Sequence[int]) -> str:
    """A score per seat, named."""
    return " · ".join(f"{seat_words(puzzle, seat)} {signed(score)}" for seat, score in enumerate(scores))


def shooter_of(puzzle: Puzzle) -> int:
    """The seat that shot the moon in the puzzle's hand (0 when nobody did)."""
    shooter = puzzle.question_state.score_report(moon_choice="add_to_others").moon_shooter
    return shooter if shooter is not None else 0


def moon_label(puzzle: Puzzle, option: str) -> str:
    """A moon option as the shooter would choose it."""
    return ui(
        f"puzzles.moon_{option}", value=puzzle.question_rules.moon_value, shooter=seat_words(puzzle, shooter_of(puzzle))
    )


def answer_words(puzzle: Puzzle, solution: object, shape: str | None = None) -> str:
    """The answer in words: the legal cards, the scores, the pass, the card, the moon option."""
    kind = ASKED[shape] if shape is not None else asked(puzzle)
    if kind == "legality":
        return ui("puzzles.answer_legality", cards=cards_words(solution))  # type: ignore[arg-type]
    if kind == "scoring":
        return ui("puzzles.answer_scoring", scores=scores_words(puzzle, solution))  # type: ignore[arg-type]
    if kind == "passing":
        required, forbidden = cast(tuple[tuple[str, ...], tuple[str, ...]], solution)
        if required and forbidden:
            return ui("puzzles.answer_pass_both", require=cards_words(required), forbid=cards_words(forbidden))
        if required:
            return ui("puzzles.answer_pass_require", require=cards_words(required))
        return ui("puzzles.answer_pass_forbid", forbid=cards_words(forbidden))
    if kind == "play":
        cards = [Card.parse(card).symbol for card in sorted_cards(solution)]  # type: ignore[arg-type]
        return ui("puzzles.answer_play", cards=ui("puzzles.or").join(cards))
    return ui("puzzles.answer_moon", option=moon_label(puzzle, str(solution)))
