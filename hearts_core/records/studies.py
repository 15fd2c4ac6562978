"""A teacher's study: a short lesson of their own, made of positions from the analysis board.

A study has a title and a few steps.  Each step is a position with the teacher's words and one task:

- ``card``: the learner finds the card to play (the teacher's ``answers`` are the right ones; the
  engine checks they are legal);
- ``line``: the learner steps through a line of cards from the position, a caption under each card
  where the teacher wrote one (the engine explains the others);
- ``explain``: the position and the words alone.

A study is saved as PHN (:mod:`hearts_core.phn`), one record per step, so another teacher can read it,
import it, and open each step on the analysis board::

    [Study "Keep the queen safe"]
    [Step "Who holds the queen?"]
    [Task "card"]
    [Question "Which card do you play?"]
    [Answer "KS"]
    [Rules "standard"]
    ...
    % The teacher's words, a line each ("%" alone starts a new paragraph).
    hands: ...
    play: KS {the king draws the queen out} QS

and :func:`study_lesson` turns it into a :class:`~hearts_core.content.lessons.Lesson`, so the class
meets it on the same lesson screen as the course.

>>> from hearts_core import HandState, Ruleset
>>> state = HandState.deal(Ruleset(), seed=4, hand_number=3)  # a hold hand: play starts at once
>>> step = StudyStep.from_board(state, "card", words="Lead low.", answers=("2C",), question="Lead?")
>>> study = Study("Opening leads", (step,))
>>> loads_study(dumps_study(study)) == study
True
>>> study_lesson(study, "study-x").steps[0].accept
('2C',)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final, Literal, get_args

from ..content.lesson_steps import ChooseCardStep, ExplainStep, Step, WalkthroughStep
from ..content.lessons import Lesson
from ..content.schema import Deal
from ..engine.cards import Card, CardParseError
from ..engine.notation import NotationError
from ..engine.reasons import IllegalPlayError
from ..engine.state import HandState
from ..words.catalogue import message
from .phn import Note, PhnError, dumps_tree, line_tree, read_hand, split_records

#: What a step asks of the learner.
Task = Literal["card", "line", "explain"]
TASKS: Final = get_args(Task)
#: The most steps a study may have (a study is short: a club evening's worth).
MAX_STEPS: Final = 30
#: The longest study title, step title and question.
MAX_TITLE: Final = 120
#: The most characters of a teacher's words on one step, and of one caption.
MAX_WORDS: Final = 2_000
#: The most characters of a study's PHN text.
MAX_TEXT: Final = 200_000


class StudyError(ValueError):
    """A study that cannot be read or built: ``step`` (1-based, 0 for the whole study) and ``code`` say
    what; ``detail`` is for the log and for a teacher who reads PHN."""

    def __init__(self, step: int, code: str, detail: str = "") -> None:
        self.step = step
        self.code = code
        self.detail = detail
        where = f"step {step}: " if step else ""
        super().__init__(f"{where}{code}{': ' + detail if detail else ''}")


@dataclass(frozen=True)
class StudyStep:
    """One step: the position (``start``, without its history), the teacher's words and the task."""

    start: HandState
    task: Task = "explain"
    title: str = ""
    words: str = ""
    #: A card task: the question asked and the right cards.
    question: str = ""
    answers: tuple[str, ...] = ()
    #: A line task: the cards played from ``start``, and captions by card (1 is the line's first card).
    line: tuple[str, ...] = ()
    captions: Mapping[int, str] = field(default_factory=dict)

    @classmethod
    def from_board(
        cls,
        state: HandState,
        task: Task,
        *,
        title: str = "",
        words: str = "",
        question: str = "",
        answers: tuple[str, ...] = (),
        line: tuple[str, ...] = (),
    ) -> StudyStep:
        """A step from a position on the analysis board (its history is dropped: the step shows the
        cards held, taken and on the table).  Checked as :func:`check_step` checks a step read from PHN."""
        start = HandState.from_position_masks(state.rules, state.position(), state.hand_number)
        step = cls(start, task, one_line(title), clean_words(words), one_line(question), answers, line)
        check_step(step, 1)
        return step

    @property
    def end(self) -> HandState:
        """The position after the line (the start for a step without one)."""
        state = self.start
        for card in self.line:
            state = state.play(card)
        return state


@dataclass(frozen=True)
class Study:
    """A teacher's study: a title and its steps."""

    title: str
    steps: tuple[StudyStep, ...] = ()

    def with_step(self, step: StudyStep) -> Study:
        """The study with ``step`` added at the end."""
        if len(self.steps) >= MAX_STEPS:
            raise StudyError(len(self.steps) + 1, "too_many_steps", f"a study has at most {MAX_STEPS} steps")
        return Study(self.title, self.steps + (step,))

    def without_step(self, index: int) -> Study:
        """The study with step ``index`` (0-based) taken out."""
        return Study(self.title, self.steps[:index] + self.steps[index + 1 :])

    def moved(self, index: int, offset: int) -> Study:
        """The study with step ``index`` moved ``offset`` places (kept within the study)."""
        target = min(max(index + offset, 0), len(self.steps) - 1)
        steps = list(self.steps)
        steps.insert(target, steps.pop(index))
        return Study(self.title, tuple(steps))


def one_line(text: str) -> str:
    """A title or question as a PHN tag keeps it: one line, single spaces."""
    return " ".join(text.split())


def clean_words(text: str) -> str:
    """A teacher's words as PHN comment lines keep them: each line trimmed, paragraphs kept."""
    return "\n".join(line.strip() for line in text.strip().splitlines()).strip()


def _text(value: str, limit: int, step: int, code: str) -> str:
    text = value.strip()
    if len(text) > limit:
        raise StudyError(step, code, f"at most {limit} characters")
    return text


def check_step(step: StudyStep, number: int) -> None:
    """Raise :class:`StudyError` when ``step`` (the ``number``-th) cannot be shown as a lesson step."""
    if step.task not in TASKS:
        raise StudyError(number, "unknown_task", f"{step.task!r}; a step's task is one of {', '.join(TASKS)}")
    _text(step.title, MAX_TITLE, number, "title_too_long")
    _text(step.question, MAX_TITLE, number, "question_too_long")
    _text(step.words, MAX_WORDS, number, "words_too_long")
    for caption in step.captions.values():
        _text(caption, MAX_WORDS, number, "words_too_long")
    if step.task == "card":
        if not step.start.is_playing:
            raise StudyError(number, "not_in_play", "a card task needs a position with a card to play")
        legal = {str(card) for card in step.start.legal_moves()}
        if not step.answers:
            raise StudyError(number, "no_answer", "a card task needs at least one right card")
        wrong = [card for card in step.answers if card not in legal]
        if wrong:
            raise StudyError(number, "answer_not_legal", " ".join(wrong))
    if step.task == "line":
        if not step.line:
            raise StudyError(number, "no_line", "a line task needs at least one card played")
        try:
            step.end  # noqa: B018 - replaying the line checks every card is legal
        except (IllegalPlayError, CardParseError, ValueError) as error:
            raise StudyError(number, "line_not_legal", str(error)) from None


def check_study(study: Study) -> None:
    """Raise :class:`StudyError` when ``study`` cannot be saved or shown."""
    if not study.title.strip():
        raise StudyError(0, "no_title")
    _text(study.title, MAX_TITLE, 0, "title_too_long")
    if len(study.steps) > MAX_STEPS:
        raise StudyError(0, "too_many_steps", f"a study has at most {MAX_STEPS} steps")
    for number, step in enumerate(study.steps, start=1):
        check_step(step, number)


# -- PHN --------------------------------------------------------------------------------------


def _words_lines(words: str) -> list[str]:
    """The teacher's words as PHN comment lines (an empty line becomes "%", a paragraph break)."""
    return [f"% {line}".rstrip() for line in words.strip().splitlines()]


def dumps_step(step: StudyStep, study_title: str) -> str:
    """One step as a PHN record: the study's tags, the teacher's words as comment lines, the position
    and, for a line, the play line with the captions in braces."""
    tags = {"Study": study_title, "Task": step.task}
    if step.title:
        tags["Step"] = step.title
    if step.question:
        tags["Question"] = step.question
    if step.answers:
        tags["Answer"] = " ".join(step.answers)
    notes = {number: Note(comment=text) for number, text in step.captions.items() if text.strip()}
    record = dumps_tree(step.start, line_tree(step.line), tags, notes=notes)
    lines = record.splitlines()
    body = next(index for index, line in enumerate(lines) if not line.startswith("["))
    return "\n".join(lines[:body] + _words_lines(step.words) + lines[body:]) + "\n"


def dumps_study(study: Study) -> str:
    """The whole study as PHN: its steps' records, one after another."""
    check_study(study)
    return "\n".join(dumps_step(step, study.title) for step in study.steps)


def _step_from_record(number: int, record: str, first_line: int) -> tuple[str, StudyStep]:
    hand = read_hand(record, first_line=first_line)
    start = hand.start
    assert start is not None
    if start.plays():
        start = HandState.from_position_masks(start.rules, start.position(), start.hand_number)
    main = hand.main_line
    line = tuple(hand.tree.card(node) for node in main)
    captions = {index: hand.notes[node].comment for index, node in enumerate(main, start=1) if node in hand.notes}
    task = hand.tags.get("Task", "line" if line else "explain")
    answers = tuple(hand.tags.get("Answer", "").split())
    step = StudyStep(
        start=start,
        task=task,  # type: ignore[arg-type]  # checked by check_step
        title=hand.tags.get("Step", "").strip(),
        words="\n".join(hand.comments).strip(),
        question=hand.tags.get("Question", "").strip(),
        answers=tuple(_card_name(number, card) for card in answers),
        line=line if task == "line" else (),
        captions={key: text for key, text in captions.items() if text} if task == "line" else {},
    )
    check_step(step, number)
    return hand.tags.get("Study", "").strip(), step


def _card_name(number: int, text: str) -> str:
    try:
        return str(Card.parse(text))
    except CardParseError as error:
        raise StudyError(number, "answer_not_a_card", str(error)) from None


def loads_study(text: str, title: str = "") -> Study:
    """A study from its PHN text (:func:`dumps_study`'s or a teacher's own): the title is the first
    record's ``Study`` tag, or ``title`` when the records have none.  Raises :class:`StudyError`
    (a step that cannot be a lesson step, or PHN that does not read, with its line in ``detail``)."""
    if len(text) > MAX_TEXT:
        raise StudyError(0, "too_long", f"at most {MAX_TEXT} characters")
    steps: list[StudyStep] = []
    for number, (first_line, record) in enumerate(split_records(text), start=1):
        if number > MAX_STEPS:
            raise StudyError(0, "too_many_steps", f"a study has at most {MAX_STEPS} steps")
        try:
            named, step = _step_from_record(number, record, first_line)
        except (PhnError, NotationError) as error:
            raise StudyError(number, "not_phn", str(error)) from None
        except (IllegalPlayError, ValueError) as error:
            if isinstance(error, StudyError):
                raise
            raise StudyError(number, "not_phn", str(error)) from None
        title = title or named
        steps.append(step)
    if not steps:
        raise StudyError(0, "no_steps", "the text holds no record")
    study = Study(title.strip(), tuple(steps))
    check_study(study)
    return study


# -- the lesson screen ------------------------------------------------------------------------


def _deal(name: str, step: StudyStep) -> Deal:
    states = [step.start]
    for card in step.line:
        states.append(states[-1].play(card))
    return Deal(name, states[-1].to_notation(), None, tuple(states))


def _lesson_step(name: str, step: StudyStep) -> Step:
    if step.task == "card":
        prompt = step.question or message("lesson.study_question")
        return ChooseCardStep(
            text=step.words, title=step.title, deal=name, show="to_play", prompt=prompt, accept=step.answers
        )
    if step.task == "line":
        return WalkthroughStep(
            text=step.words, title=step.title, deal=name, start=0, end=len(step.line), captions=dict(step.captions)
        )
    return ExplainStep(text=step.words, title=step.title, deal=name)


def study_lesson(study: Study, lesson_id: str, goal: str = "") -> Lesson:
    """The study as a lesson, for the lesson screen: one step per study step, each on its own deal."""
    check_study(study)
    if not study.steps:
        raise StudyError(0, "no_steps", "a study needs a step before it can be shown")
    deals = {f"step{number}": _deal(f"step{number}", step) for number, step in enumerate(study.steps, start=1)}
    steps = tuple(_lesson_step(f"step{number}", step) for number, step in enumerate(study.steps, start=1))
    return Lesson(
        id=lesson_id,
        title=study.title,
        goal=goal,
        file=f"<study {lesson_id}>",
        rules=study.steps[0].start.rules,
        preset="custom",
        overrides={},
        deals=deals,
        steps=steps,
    )


__all__ = [
    "MAX_STEPS",
    "MAX_TEXT",
    "MAX_TITLE",
    "MAX_WORDS",
    "TASKS",
    "Study",
    "StudyError",
    "StudyStep",
    "Task",
    "check_step",
    "check_study",
    "clean_words",
    "dumps_step",
    "dumps_study",
    "loads_study",
    "one_line",
    "study_lesson",
]
