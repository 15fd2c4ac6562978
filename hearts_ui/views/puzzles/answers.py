"""Answering a puzzle: the form for each shape of answer, the engine's judgement, the verdict."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, Final, cast

import streamlit as st

from hearts_core.content.puzzles import CARD_MARKS, Attempt, PlayPuzzle, Puzzle
from hearts_core.engine.cards import Card
from hearts_core.engine.describe import option_words, points_words, signed
from hearts_core.engine.state import HandState
from hearts_core.engine.vocabulary import MOON_CHOICES
from hearts_core.learner.line_viewer import LineViewer
from hearts_core.learner.puzzle_progress import PuzzleEvent
from hearts_core.words.catalogue import whole

from ... import page_state
from ...language import session_language, speaking
from ...texts import ui
from ...widgets.card_table import HandControl, TableAction, select_control
from ...widgets.card_table.component import Handler
from ...widgets.card_table.payload import CardVerdict
from ...widgets.chips import prose_plain
from .common import (
    cards_words,
    change_work,
    moon_label,
    play_question,
    record_of,
    seat_words,
    settle,
    sorted_cards,
    work,
)
from .line import close_line, open_line
from .view import PuzzlesView


def render_answer(puzzle: Puzzle) -> None:
    """The form for the puzzle's shape of answer."""
    _FORMS[puzzle.answer_shape](puzzle)


def solved_now(puzzle: Puzzle) -> bool:
    """Whether the learner's last attempt on this puzzle was right."""
    attempt = work(puzzle).attempt
    return attempt is not None and attempt.correct


# -- judging ---------------------------------------------------------------------------------------


@speaking
def judge(puzzle: Puzzle, answer: Any) -> None:
    """Judge an answer with the engine, keep the verdict, record the result."""
    attempt = puzzle.check(answer)
    change_work(puzzle, attempt=attempt, note="")
    settle(PuzzleEvent(puzzle.id, "answer", correct=attempt.correct))
    question = play_question(puzzle)
    if attempt.code == "worse" and attempt.value is not None and question is not None and not question.hidden:
        open_line(puzzle, LineViewer("refutation", question.refutation(attempt.cards[0]), attempt.cards[0]))
    else:
        close_line(puzzle)


def _not_judged(puzzle: Puzzle, text: str) -> None:
    """Keep a note that is not a verdict (nothing picked yet, the wrong number of cards)."""
    change_work(puzzle, attempt=None, note=text)


# -- the table: the answers given with the cards --------------------------------------------------


def table_hand(puzzle: Puzzle) -> tuple[HandState, HandControl | None, Handler | None]:
    """The position the table shows, what the learner may do with the cards of the hand
    asked about (click one, or choose several and confirm), and the handler of that action.
    Once an answer is checked, its cards carry their verdicts (:func:`card_verdicts`)."""
    shape = puzzle.answer_shape
    state = puzzle.question_state
    done = work(puzzle)
    attempt = done.attempt
    status = _status(puzzle, attempt, done.note)
    verdicts = card_verdicts(puzzle)
    if shape == "card":
        assert state.to_play is not None
        if attempt is not None and attempt.correct:
            # The right card goes to the trick; the hand stays in view.
            hand = HandControl(state.to_play, "view", status=status, verdicts=verdicts)
            return state.play(attempt.cards[0]), hand, None
        hand = HandControl(state.to_play, "play", status=status or ui("table.click_card"), verdicts=verdicts)
        return state, hand, lambda action: _card_clicked(puzzle, action)
    if shape == "cards":
        assert state.to_play is not None
        hand = select_control(
            state.to_play,
            None,
            ui("common.check"),
            selected=_picked(puzzle),
            status=status or ui("puzzles.pick_cards_short"),
        )
        return state, replace(hand, verdicts=verdicts), lambda action: _cards_chosen(puzzle, action)
    if shape == "pass":
        state = puzzle.state
        direction = option_words("pass_cycle", state.pass_direction)
        count = puzzle.rules.pass_count
        hand = select_control(
            puzzle.seat,
            count,
            ui("common.pass_submit"),
            selected=_picked(puzzle),
            status=status or ui("puzzles.pass_direction", count=count, direction=direction),
        )
        return state, replace(hand, verdicts=verdicts), lambda action: _cards_chosen(puzzle, action)
    return state, None, None


def card_verdicts(puzzle: Puzzle) -> dict[str, CardVerdict]:
    """How the cards of the hand asked about are marked: by the last answer checked (right, wrong,
    missed); once the answer has been shown, the cards of the answer are marked too, as missed
    after an answer, as suggested before any.  A play answered wrong marks only the card played
    until then: the learner may look for the best card again."""
    done = work(puzzle)
    attempt = done.attempt
    verdicts: dict[str, CardVerdict] = dict(attempt.marks) if attempt is not None else {}
    if done.solution_shown or record_of(puzzle).revealed:
        unmarked: CardVerdict = "missed" if attempt is not None else "suggested"
        for card in _answer_cards(puzzle):
            verdicts.setdefault(card, unmarked)
    return verdicts


def _answer_cards(puzzle: Puzzle) -> tuple[str, ...]:
    """The cards a right answer holds: the legal cards, the cards a pass must hold, the best cards."""
    if puzzle.answer_shape == "pass":
        required, _ = cast(tuple[tuple[str, ...], tuple[str, ...]], puzzle.solution)
        return required
    if puzzle.answer_shape in ("cards", "card"):
        return cast(tuple[str, ...], puzzle.solution)
    return ()


def _picked(puzzle: Puzzle) -> tuple[str, ...]:
    return work(puzzle).picked


def _status(puzzle: Puzzle, attempt: Attempt | None, note: str) -> str:
    """The line beside the hand: the note on a form not filled in, or the verdict in short (for an
    answer of several cards, how many of them were right, wrong and missed: the signs on the cards)."""
    if note or attempt is None:
        return note
    if attempt.correct:
        return ui("common.status_right")
    if puzzle.answer_shape in ("cards", "pass") and attempt.marks:
        return marks_summary(attempt)
    return ui("common.status_wrong")


def marks_summary(attempt: Attempt) -> str:
    """How many cards of an answer are marked right, wrong and missed, with the sign of each."""
    counts = {mark: len(attempt.marked(mark)) for mark in CARD_MARKS}
    return " · ".join(ui(f"puzzles.marks_{mark}", count=count) for mark, count in counts.items() if count)


def _card_clicked(puzzle: Puzzle, action: TableAction) -> None:
    if action.kind == "play" and action.card is not None:
        judge(puzzle, action.card)


def _cards_chosen(puzzle: Puzzle, action: TableAction) -> None:
    if action.kind != "cards":
        return
    change_work(puzzle, picked=action.cards)
    count = puzzle.rules.pass_count
    if not action.cards:
        _not_judged(puzzle, ui("puzzles.pick_first"))
    elif puzzle.answer_shape == "pass" and len(action.cards) != count:
        _not_judged(puzzle, ui("puzzles.pass_count", count=count, picked=len(action.cards)))
    else:
        judge(puzzle, list(action.cards))


# -- the forms beside the table ------------------------------------------------------------------


def _on_the_table(puzzle: Puzzle) -> None:
    """Card answers are given on the table itself: nothing to fill in here."""


def _answer_scores(puzzle: Puzzle) -> None:
    columns = st.columns(2)
    for seat in range(puzzle.question_rules.players):
        columns[seat % 2].number_input(seat_words(puzzle, seat), value=0, step=1, key=_score_key(puzzle, seat))
    st.button(
        ui("common.check"),
        key=PuzzlesView.widget_key("check"),
        type="primary",
        on_click=_submit_scores,
        args=(puzzle,),
        icon=":material/check:",
    )


def _score_key(puzzle: Puzzle, seat: int) -> str:
    """The key of a seat's score box: the puzzle's own (a new puzzle starts from empty boxes)."""
    return PuzzlesView.widget_key("score", seat, puzzle.id)


def _given_scores(puzzle: Puzzle) -> list[int]:
    return [
        int(page_state.widget_value(_score_key(puzzle, seat)) or 0) for seat in range(puzzle.question_rules.players)
    ]


@speaking
def _submit_scores(puzzle: Puzzle) -> None:
    judge(puzzle, _given_scores(puzzle))


def _answer_moon(puzzle: Puzzle) -> None:
    for option in MOON_CHOICES:
        st.button(
            moon_label(puzzle, option),
            key=PuzzlesView.widget_key("moon", option),
            on_click=judge,
            args=(puzzle, option),
            width="stretch",
        )


_FORMS: Final[dict[str, Callable[[Puzzle], None]]] = {
    "cards": _on_the_table,
    "scores": _answer_scores,
    "pass": _on_the_table,
    "card": _on_the_table,
    "moon": _answer_moon,
}


# -- verdicts ------------------------------------------------------------------------------------


def show_attempt(puzzle: Puzzle) -> None:
    """The verdict on the learner's last attempt (or the note on a form not filled in)."""
    done = work(puzzle)
    attempt = done.attempt
    if done.note:
        st.warning(done.note, icon=":material/touch_app:")
        return
    if attempt is None:
        return
    if attempt.correct:
        _right(puzzle, attempt)
        return
    shape = puzzle.answer_shape
    state = puzzle.question_state
    if attempt.code == "illegal":
        card = attempt.cards[0]
        st.error(
            prose_plain(ui("puzzles.illegal", card=Card.parse(card).symbol) + "  \n" + str(state.explain(card))),
            icon=":material/block:",
        )
    elif shape == "cards":
        _legality_verdict(state, attempt)
    elif shape == "scores":
        st.error(ui("puzzles.wrong_scores") + "\n" + _score_marks(puzzle, attempt), icon=":material/replay:")
    elif shape == "pass":
        _pass_verdict(attempt)
    elif attempt.code == "worse":
        worse = ui("puzzles.worse", card=Card.parse(attempt.cards[0]).symbol)
        st.warning(prose_plain(worse + "  \n" + _cost(puzzle, attempt)), icon=":material/replay:")
    else:
        st.error(ui("common.wrong"), icon=":material/replay:")


def _legality_verdict(state: HandState, attempt: Attempt) -> None:
    """The cards chosen that may not be played, each with the engine's reason, and the legal cards
    not chosen, named."""
    parts = []
    wrong = attempt.marked("wrong")
    if wrong:
        reasons = "\n".join(f"- **{Card.parse(card).symbol}**: {state.explain(card)}" for card in sorted_cards(wrong))
        parts.append(ui("puzzles.not_legal") + "\n" + reasons)
    missed = attempt.marked("missed")
    if missed:
        parts.append(ui("puzzles.missed_cards", cards=cards_words(missed), count=len(missed)))
    text = prose_plain("\n\n".join(parts))
    if wrong:
        st.error(text, icon=":material/block:")
    else:
        st.warning(text, icon=":material/replay:")


def _right(puzzle: Puzzle, attempt: Attempt) -> None:
    lines = [ui("common.right")]
    if puzzle.answer_shape == "scores":
        lines.append(_score_marks(puzzle, attempt))
    question = play_question(puzzle)
    if question is not None and attempt.value is not None:
        lines.append(_value_words(question, attempt.cards[0], attempt.value))
    if puzzle.explanation:
        lines.append(puzzle.explanation)
    st.success(prose_plain("  \n".join(lines) + _notes(attempt)), icon=":material/check:")


def _notes(attempt: Attempt) -> str:
    """The puzzle's words on the cards of the answer, as a list: each text once, after the cards it is
    about (two cards with the same advice share one line)."""
    return "".join(f"\n- **{cards_words(cards)}**: {words}" for cards, words in attempt.grouped_notes())


def _score_marks(puzzle: Puzzle, attempt: Attempt) -> str:
    """Each seat's number as given, marked right or wrong (never the right number)."""
    wrong = {int(seat) for seat in attempt.cards}
    lines = []
    for seat, score in enumerate(_given_scores(puzzle)):
        words = ui("puzzles.seat_wrong") if seat in wrong else ui("puzzles.seat_right")
        lines.append(f"- {seat_words(puzzle, seat)}: {signed(score)} {words}")
    return "\n".join(lines)


def _pass_verdict(attempt: Attempt) -> None:
    """What is wrong with a pass, naming the cards to keep and the cards to pass, then the puzzle's
    words on the cards."""
    keep, give = attempt.marked("wrong"), attempt.marked("missed")
    if keep and give:
        text = ui("puzzles.pass_both", keep=cards_words(keep), give=cards_words(give))
    elif keep:
        text = ui("puzzles.pass_forbidden", cards=cards_words(keep))
    else:
        text = ui("puzzles.pass_missing", cards=cards_words(give))
    st.error(prose_plain(text + _notes(attempt)), icon=":material/replay:")


def _objective_params(question: PlayPuzzle, card: str) -> dict[str, Any]:
    """What the value words of an objective name: the card played, the card to
    avoid (the queen by default) and the moon's shooter."""
    shooter = question.shooter
    return {
        "card": Card.parse(card).symbol,
        "target": Card.parse(question.card or "QS").symbol,
        "shooter": seat_words(question, shooter) if shooter is not None else "",
    }


def _value_words(question: PlayPuzzle, card: str, value: int) -> str:
    """What the solver's value of the right card means for this puzzle's objective."""
    return ui(f"puzzles.value_{question.objective}", value=points_words(value), **_objective_params(question, card))


def _cost(puzzle: Puzzle, attempt: Attempt) -> str:
    """What a wrong (legal) card costs, from the solver's values (never naming the best card)."""
    question = play_question(puzzle)
    if question is not None and question.proof is not None:  # hidden hands: over the deals the learner may face
        card = attempt.cards[0]
        return ui(
            "puzzles.cost_hidden",
            card=Card.parse(card).symbol,
            worse=question.proof.worse_in.get(card, 0),
            worlds=whole(question.proof.worlds, session_language()),
        )
    if question is None or attempt.value is None or attempt.best_value is None:
        return ui("puzzles.worse_try")
    text = ui(
        f"puzzles.cost_{question.objective}",
        value=points_words(attempt.value),
        best=points_words(attempt.best_value),
        **_objective_params(question, attempt.cards[0]),
    )
    return text + "  \n" + ui("puzzles.cost_line")
