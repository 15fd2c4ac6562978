"""Lessons as data: the TOML lesson format, its loader and validator, and the
engine's judgement of every answer.

A lesson file (``lessons/NN_<id>.toml``) holds no code.  Its deals are hand
records in :mod:`hearts_core.engine.notation`; its steps name positions in them as
``deal`` + ``at`` (the number of plays made).  Loading replays every deal,
checks every step against the engine and rejects unknown keys, so a broken
lesson fails in CI with a message naming the file, the step and the field.

The format (see ``lessons/README.md`` for a worked example)::

    id = "table"                       # unique, matches the catalogue
    title = "The table"
    goal = "One line: what the learner can do afterwards."
    sources = ["uk_rules_site"]        # the sources it draws on (optional)

    [rules]                            # the ruleset the lesson runs under
    preset = "standard"
    overrides = { pass_cycle = ["hold"] }

    [deals]
    main = '''
    deal: ... / ... / ... / ...
    play: 2C 9C AC 3C | ...
    '''

    [[steps]]
    kind = "explain"                   # explain | walkthrough | choose_card |
    text = "Markdown prose."           # choose_pass | question | compare

The kinds of step and their fields are the classes of :mod:`hearts_core.content.lesson_steps`; the
fields of the lesson's top level and of the catalogue's sections are declared in
:mod:`hearts_core.content.shapes`.

>>> from pathlib import Path
>>> curriculum = load_curriculum(Path(__file__).resolve().parents[2] / "lessons")
>>> lesson = curriculum.lessons["table"]
>>> lesson.title, lesson.steps[0].kind
('The table', 'explain')
"""

from __future__ import annotations

import argparse
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from ..engine.rules import Ruleset
from ..engine.state import HandState
from ..words.catalogue import DEFAULT_LANGUAGE, language_scope
from .lesson_steps import (
    ACTIVE_KINDS,
    QUESTION_KINDS,
    STEP_CLASSES,
    STEP_KINDS,
    ChooseCardStep,
    ChoosePassStep,
    CompareStep,
    Comparison,
    ExplainStep,
    QuestionStep,
    Step,
    StepBase,
    Verdict,
    WalkthroughStep,
    parse_step,
)
from .rulebook import RULES as RULE_ENTRIES
from .schema import LESSONS_DIR, ContentError, Deal, FieldError, load_deal, rules_from_spec, unknown_keys
from .shapes import LESSON_FIELDS, SECTION_FIELDS
from .sources import SOURCES, is_citation
from .translations import TranslationError, read_localized

_DEAL_KEYS: Final = {"rules", "record"}


class LessonError(ContentError):
    """A lesson file that does not load: names the file, the step (1-based) and the field."""

    def __init__(self, file: str, message: str, step: int | None = None, field_name: str | None = None) -> None:
        self.step = step
        super().__init__(file, message, () if step is None else (f"step {step}",), field_name)


@dataclass(frozen=True)
class Lesson:
    """A loaded, validated lesson."""

    id: str
    title: str
    goal: str
    file: str
    rules: Ruleset
    preset: str
    overrides: Mapping[str, Any]
    deals: Mapping[str, Deal]
    steps: tuple[Step, ...]
    sources: tuple[str, ...] = ()
    #: The ideas the lesson teaches, in order: id -> what the learner can now do, in one line.
    ideas: Mapping[str, str] = field(default_factory=dict)
    #: Puzzle themes that practise this lesson ("Practise this" opens them).
    themes: tuple[str, ...] = ()

    def deal_of(self, step: StepBase) -> Deal | None:
        """The deal a step shows, if any."""
        return self.deals[step.deal] if step.deal else None

    def rules_for(self, step: StepBase) -> Ruleset:
        """The rules a step runs under: its own, its deal's, or the lesson's."""
        if step.step_rules is not None:
            return step.step_rules
        deal = self.deal_of(step)
        return deal.at(0).rules if deal is not None else self.rules

    def exercises(self, idea: str) -> tuple[int, ...]:
        """The indices of the steps where the learner acts on ``idea``."""
        return tuple(index for index, step in enumerate(self.steps) if step.is_active and step.idea == idea)

    def position(self, step: StepBase) -> HandState | None:
        """The position a step shows (for a pass, before the pass)."""
        return step.position(self)


@dataclass(frozen=True)
class Section:
    """A group of lessons in the catalogue."""

    id: str
    title: str
    lesson_ids: tuple[str, ...]


@dataclass(frozen=True)
class Curriculum:
    """Every lesson by section, plus the files that failed to load (shown, not hidden)."""

    sections: tuple[Section, ...]
    lessons: Mapping[str, Lesson]
    problems: tuple[LessonError, ...] = ()

    def ordered(self) -> tuple[Lesson, ...]:
        """The lessons in curriculum order (broken ones left out)."""
        return tuple(self.lessons[i] for s in self.sections for i in s.lesson_ids if i in self.lessons)


# -- loading ------------------------------------------------------------------------


def parse_lesson(text: str, file: str = "<lesson>") -> Lesson:
    """Parse and validate one lesson's TOML text."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise LessonError(file, f"not valid TOML: {error}") from None
    return lesson_from_data(data, file)


def lesson_from_data(data: Mapping[str, Any], file: str = "<lesson>") -> Lesson:
    """Validate one lesson's data (its TOML, read; in another language, with the translation laid over)."""
    try:
        lesson = _lesson_from(data, file)
    except FieldError as error:
        raise LessonError(file, error.detail, None, error.field) from None
    except ContentError:
        raise
    except (TypeError, AttributeError, KeyError, IndexError, ValueError) as error:  # a shape no check foresaw
        raise LessonError(file, f"cannot be read ({type(error).__name__}: {error})") from None
    for number, step in enumerate(lesson.steps, start=1):
        try:
            step.check(lesson)
        except FieldError as error:
            raise LessonError(file, error.detail, number, error.field) from None
    return lesson


def _lesson_from(data: Mapping[str, Any], file: str) -> Lesson:
    unknown = set(data) - set(LESSON_FIELDS)
    if unknown:
        raise FieldError(sorted(unknown)[0], f"unknown keys {sorted(unknown)}")
    LESSON_FIELDS.check(data)
    for name in LESSON_FIELDS.required:
        if not isinstance(data.get(name), str) or not data[name].strip():
            raise FieldError(name, "missing or empty")
    rules_spec = data.get("rules", {"preset": "standard"})
    rules = rules_from_spec(rules_spec, "rules")
    raw_deals = data.get("deals", {})
    if not isinstance(raw_deals, Mapping):
        raise FieldError("deals", "must be a table of named hand records")
    deals = {name: _deal(rules, name, record) for name, record in raw_deals.items()}
    raw_steps = data.get("steps")
    if not isinstance(raw_steps, list) or not raw_steps:
        raise FieldError("steps", "a lesson needs steps")
    known_rules = {entry.id for entry in RULE_ENTRIES}
    steps = []
    for number, raw in enumerate(raw_steps, start=1):
        try:
            steps.append(parse_step(raw, deals, rules, known_rules))
        except FieldError as error:
            raise LessonError(file, error.detail, number, error.field) from None
    sources = data.get("sources", [])
    if not isinstance(sources, list) or not all(isinstance(source, str) for source in sources):
        raise FieldError("sources", "must be a list of source ids")
    stray = [source for source in sources if not is_citation(source)]
    if stray:
        raise FieldError("sources", f"unknown sources {stray}; known: {', '.join(SOURCES)}")
    ideas = _ideas(data.get("ideas", {}))
    for number, step in enumerate(steps, start=1):
        if step.idea and step.idea not in ideas:
            raise LessonError(
                file, f"no idea {step.idea!r} in [ideas]; ideas: {', '.join(ideas) or 'none'}", number, "idea"
            )
    themes = data.get("themes", [])
    if not isinstance(themes, list) or not all(isinstance(theme, str) for theme in themes):
        raise FieldError("themes", "must be a list of puzzle theme ids")
    return Lesson(
        id=data["id"],
        title=data["title"],
        goal=data["goal"],
        file=file,
        rules=rules,
        preset=str(rules_spec.get("preset", "standard")),
        overrides=dict(rules_spec.get("overrides", {})),
        deals=deals,
        steps=tuple(steps),
        sources=tuple(sources),
        ideas=ideas,
        themes=tuple(themes),
    )


def _deal(rules: Ruleset, name: str, record: Any) -> Deal:
    """A deal: a hand record under the lesson's rules, or a table with its own ``rules`` and ``record``."""
    field_name = f"deals.{name}"
    if isinstance(record, Mapping):
        unknown_keys(record, _DEAL_KEYS, f"deal {name!r}")
        if "record" not in record:
            raise FieldError(field_name, "a deal table needs its 'record' (the hand record)")
        own = rules_from_spec(record.get("rules", {}), f"{field_name}.rules", rules)
        return load_deal(own, name, record["record"], field_name)
    return load_deal(rules, name, record, field_name)


def _ideas(raw: Any) -> dict[str, str]:
    """``[ideas]``: idea id -> the line the completion screen shows for it."""
    if not isinstance(raw, Mapping) or not all(isinstance(text, str) and text.strip() for text in raw.values()):
        raise FieldError("ideas", "must be a table from idea ids to one line each")
    return {str(key): str(text).strip() for key, text in raw.items()}


def load_lesson(path: Path, language: str = DEFAULT_LANGUAGE, root: Path | None = None) -> Lesson:
    """Load and validate one lesson file, with its texts in ``language`` (from the parallel file under
    ``<root>/locales/<language>/``; ``root`` is the lesson's folder by default)."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise LessonError(path.name, f"cannot be read: {error}") from None
    if language == DEFAULT_LANGUAGE:
        return parse_lesson(text, path.name)
    try:
        data = read_localized(path, language, root or path.parent)
    except tomllib.TOMLDecodeError as error:
        raise LessonError(path.name, f"not valid TOML: {error}") from None
    except TranslationError as error:
        raise LessonError(error.file, error.detail) from None
    return lesson_from_data(data, path.name)


def _sections(catalogue: Mapping[str, Any]) -> tuple[Section, ...]:
    raw_sections = catalogue.get("sections", [])
    if not isinstance(raw_sections, list):
        raise FieldError("sections", "must be a list of [[sections]] tables")
    sections = []
    for raw in raw_sections:
        if not isinstance(raw, Mapping):
            raise FieldError("sections", "each section is a table with id, title and lessons")
        SECTION_FIELDS.check(raw)
        lesson_ids = raw.get("lessons", [])
        if not isinstance(lesson_ids, list) or not all(isinstance(item, str) for item in lesson_ids):
            raise FieldError("lessons", "must be a list of lesson ids")
        sections.append(Section(str(raw.get("id", "")), str(raw.get("title", "")), tuple(lesson_ids)))
    return tuple(sections)


def _localized_or_english(path: Path, language: str, folder: Path, problems: list[LessonError]) -> dict[str, Any]:
    """A content file's data in ``language``; in English, with the problem noted, when its translation
    does not load."""
    try:
        return read_localized(path, language, folder)
    except TranslationError as error:
        problems.append(LessonError(error.file, error.detail))
        return tomllib.loads(path.read_text(encoding="utf-8"))


def lesson_files(folder: Path) -> list[Path]:
    """The lesson files of a folder: ``NN_<id>.toml`` (not the catalogue, the glossary or the sources)."""
    return sorted(path for path in folder.glob("*.toml") if path.name[:2].isdigit() and path.name[2] == "_")


def load_curriculum(folder: Path, language: str = DEFAULT_LANGUAGE) -> Curriculum:
    """Load ``catalogue.toml`` and every lesson it names, with their texts in ``language``; broken files
    become problems.  A lesson whose translation is missing or broken is a problem too, and is shown in
    English rather than not at all.  The engine checks the files in English, the language they are
    written in, whatever language the caller's texts are in."""
    with language_scope(DEFAULT_LANGUAGE):
        return _load_curriculum(folder, language)


def _load_curriculum(folder: Path, language: str) -> Curriculum:
    problems: list[LessonError] = []
    try:
        sections = _sections(_localized_or_english(folder / "catalogue.toml", language, folder, problems))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        return Curriculum((), {}, (LessonError("catalogue.toml", str(error)),))
    except FieldError as error:
        return Curriculum((), {}, (LessonError("catalogue.toml", error.detail, None, error.field),))
    lessons: dict[str, Lesson] = {}
    for path in lesson_files(folder):
        try:
            lesson = load_lesson(path, language, folder)
        except LessonError as error:
            problems.append(error)
            if language == DEFAULT_LANGUAGE or not error.file.startswith("locales/"):
                continue
            try:
                lesson = load_lesson(path)
            except LessonError:
                continue
        if lesson.id in lessons:
            problems.append(LessonError(path.name, f"lesson id {lesson.id!r} is used twice", None, "id"))
            continue
        lessons[lesson.id] = lesson
    listed = {lesson_id for section in sections for lesson_id in section.lesson_ids}
    for lesson_id in sorted(set(lessons) - listed):
        problems.append(LessonError("catalogue.toml", f"lesson {lesson_id!r} is in no section"))
    broken = {error.file for error in problems}
    for lesson_id in sorted(listed - set(lessons)):
        if not any(lesson_id in name for name in broken):
            problems.append(LessonError("catalogue.toml", f"no lesson file with id {lesson_id!r}"))
    return Curriculum(sections, lessons, tuple(problems))


# -- where the learner is ------------------------------------------------------------


@dataclass(frozen=True)
class Location:
    """A lesson and step (0-based) read from a URL, or the problem with the URL.

    ``problem`` is None, ``"unknown_lesson"``, ``"bad_step"`` (not a number) or
    ``"step_out_of_range"``; on a step problem ``step`` is the nearest real step.
    """

    lesson: Lesson | None
    step: int = 0
    problem: str | None = None


def locate(curriculum: Curriculum, lesson_id: str | None, step_text: str | None) -> Location:
    """Resolve ``?lesson=...&step=...`` (steps counted from 1 in URLs).

    >>> curriculum = load_curriculum(LESSONS_DIR)
    >>> locate(curriculum, "table", "2").step, locate(curriculum, "nope", "1").problem
    (1, 'unknown_lesson')
    >>> where = locate(curriculum, "table", "999")
    >>> where.problem, where.step == len(where.lesson.steps) - 1
    ('step_out_of_range', True)
    """
    if not lesson_id:
        return Location(None)
    lesson = curriculum.lessons.get(lesson_id)
    if lesson is None:
        return Location(None, 0, "unknown_lesson")
    if step_text is None or step_text == "":
        return Location(lesson, 0)
    try:
        number = int(step_text)
    except ValueError:
        return Location(lesson, 0, "bad_step")
    if not 1 <= number <= len(lesson.steps):
        return Location(lesson, min(max(number, 1), len(lesson.steps)) - 1, "step_out_of_range")
    return Location(lesson, number - 1)


def on_the_table(step: Step) -> bool:
    """Whether the learner answers the step by acting on the cards: a card played, a pass chosen,
    or a seat clicked (who wins, who leads, who receives, who shot the moon)."""
    return isinstance(step, ChooseCardStep | ChoosePassStep) or (
        isinstance(step, QuestionStep) and step.asks_a_seat and step.deal is not None
    )


@dataclass(frozen=True)
class CurriculumCounts:
    """How much the lessons make the learner act: steps, exercises, actions on the table (of them,
    the cards played and passes chosen), and the exercises of each idea (``lesson id/idea id`` ->
    count)."""

    steps: int
    exercises: int
    on_table: int
    per_idea: Mapping[str, int]
    cards_or_passes: int = 0

    @property
    def share_on_table(self) -> float:
        """The share of all steps that are actions on the table."""
        return self.on_table / self.steps if self.steps else 0.0

    @property
    def share_cards_or_passes(self) -> float:
        """The share of all steps where the learner plays a card or chooses a pass."""
        return self.cards_or_passes / self.steps if self.steps else 0.0


def count_curriculum(curriculum: Curriculum) -> CurriculumCounts:
    """The counts of the whole curriculum (every idea a lesson declares, even with no exercise)."""
    lessons = curriculum.ordered()
    steps = [step for lesson in lessons for step in lesson.steps]
    per_idea = {f"{lesson.id}/{idea}": len(lesson.exercises(idea)) for lesson in lessons for idea in lesson.ideas}
    plays = sum(isinstance(step, ChooseCardStep | ChoosePassStep) for step in steps)
    return CurriculumCounts(
        len(steps), sum(step.is_active for step in steps), sum(map(on_the_table, steps)), per_idea, plays
    )


def _stats(curriculum: Curriculum) -> None:
    counts = count_curriculum(curriculum)
    print(
        f"{len(curriculum.ordered())} lessons, {counts.steps} steps; {counts.exercises} exercises; "
        f"{counts.on_table} on the table ({counts.share_on_table:.0%} of all steps), of them "
        f"{counts.cards_or_passes} cards played or passes chosen ({counts.share_cards_or_passes:.0%})"
    )
    for lesson in curriculum.ordered():
        on_table = sum(map(on_the_table, lesson.steps))
        print(f"  {lesson.id}: {len(lesson.steps)} steps, {on_table} on the table")
        for idea in lesson.ideas:
            print(f"    {idea}: {len(lesson.exercises(idea))} exercises")
    short = sorted(name for name, count in counts.per_idea.items() if count < 3)
    print(f"ideas with fewer than 3 exercises: {', '.join(short) or 'none'}")
    untagged = [
        f"{lesson.id} step {number}"
        for lesson in curriculum.ordered()
        for number, step in enumerate(lesson.steps, start=1)
        if step.is_active and not step.idea
    ]
    print(f"exercises with no idea: {', '.join(untagged) or 'none'}")


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m hearts_core.lessons check|stats [FOLDER]``: validate every lesson and list problems,
    or count what the learner does (steps, exercises, actions on the table, exercises per idea)."""
    parser = argparse.ArgumentParser(prog="python -m hearts_core.lessons")
    parser.add_argument("command", choices=["check", "stats"])
    parser.add_argument("folder", nargs="?", default=LESSONS_DIR, type=Path)
    args = parser.parse_args(argv)
    curriculum = load_curriculum(args.folder)
    if args.command == "stats":
        _stats(curriculum)
        return 1 if curriculum.problems else 0
    for lesson in curriculum.ordered():
        active = sum(step.is_active for step in lesson.steps)
        print(f"ok   {lesson.file}: {lesson.title} ({len(lesson.steps)} steps, {active} for the learner)")
    for problem in curriculum.problems:
        print(f"FAIL {problem}")
    return 1 if curriculum.problems else 0


__all__ = [
    "ACTIVE_KINDS",
    "LESSONS_DIR",
    "QUESTION_KINDS",
    "STEP_CLASSES",
    "STEP_KINDS",
    "ChooseCardStep",
    "ChoosePassStep",
    "CompareStep",
    "Comparison",
    "Curriculum",
    "CurriculumCounts",
    "Deal",
    "ExplainStep",
    "Lesson",
    "LessonError",
    "Location",
    "QuestionStep",
    "Section",
    "Step",
    "Verdict",
    "WalkthroughStep",
    "count_curriculum",
    "lesson_files",
    "load_curriculum",
    "load_lesson",
    "locate",
    "on_the_table",
    "parse_lesson",
]
