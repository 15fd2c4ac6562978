"""A malformed lesson, catalogue, theme or puzzle file never crashes a page: every loader turns it
into a problem that names the file (and the field), and the other lessons and puzzles still load.

The malformed files are made from the real ones: a field of a lesson, of one of its steps, of a
puzzle, or of the catalogue is given a value of the wrong shape (a number, a text, a list, a table,
a boolean), as hypothesis picks."""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hearts_core.content.lessons import LESSONS_DIR, LessonError, lesson_files, load_curriculum, parse_lesson
from hearts_core.content.proofs import book_path, read_book, using
from hearts_core.content.puzzles import PUZZLES_DIR, load_library, load_themes, parse_puzzle

LESSON_FILES = lesson_files(LESSONS_DIR)
PUZZLE_FILES = sorted(path for path in PUZZLES_DIR.glob("*.toml") if path.name != "themes.toml")
THEMES = load_themes(PUZZLES_DIR / "themes.toml")
#: The library's proofs: a puzzle whose changed field still parses is proven from them, not searched again.
BOOK = read_book(book_path(PUZZLES_DIR))
WRONG_SHAPES = st.sampled_from([5, -1, 2.5, True, "x", "000", "", [], ["a"], [1, 2], {"k": 1}, {}])


def _data(path: Path) -> dict[str, Any]:
    return tomllib.loads(path.read_text(encoding="utf-8"))


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), WRONG_SHAPES)
def test_a_lesson_field_of_the_wrong_shape_is_a_problem_naming_the_file(data: st.DataObject, wrong: Any) -> None:
    path = data.draw(st.sampled_from(LESSON_FILES))
    lesson = _data(path)
    steps = lesson.get("steps", [])
    if steps and data.draw(st.booleans()):
        step = steps[data.draw(st.integers(0, len(steps) - 1))]
        step[data.draw(st.sampled_from(sorted(step)))] = wrong
    else:
        lesson[data.draw(st.sampled_from(sorted(lesson)))] = wrong
    try:
        parse_lesson(tomli_w.dumps(lesson), path.name)
    except LessonError as error:
        assert error.file == path.name and str(error)
    # Some wrong shapes are still valid (a step title "x"): loading them is fine too.


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), WRONG_SHAPES)
def test_a_puzzle_field_of_the_wrong_shape_is_a_problem_naming_the_file(data: st.DataObject, wrong: Any) -> None:
    path = data.draw(st.sampled_from(PUZZLE_FILES))
    puzzles = _data(path)["puzzles"]
    puzzle = puzzles[data.draw(st.integers(0, len(puzzles) - 1))]
    puzzle[data.draw(st.sampled_from(sorted(puzzle)))] = wrong
    try:
        with using(BOOK):
            parse_puzzle(puzzle, path.name, THEMES)
    except ValueError as error:
        assert type(error).__name__ == "PuzzleError" and path.name in str(error), repr(error)


def _copy(source: Path, folder: Path) -> Path:
    target = folder / source.name
    shutil.copytree(source, target, ignore=shutil.ignore_patterns("puzzles"))
    return target


@pytest.mark.parametrize(
    "change",
    [
        {"sections": "x"},
        {"sections": 5},
        {"sections": [5]},
        {"sections": [{"id": "a", "title": "A", "lessons": 5}]},
        {"sections": [{"id": 5, "title": ["A"], "lessons": ["table"]}]},
    ],
)
def test_a_broken_catalogue_is_one_problem_not_a_crash(tmp_path: Path, change: dict[str, Any]) -> None:
    folder = _copy(LESSONS_DIR, tmp_path)
    (folder / "catalogue.toml").write_text(tomli_w.dumps({**_data(LESSONS_DIR / "catalogue.toml"), **change}))
    curriculum = load_curriculum(folder)
    assert curriculum.problems and all(problem.file == "catalogue.toml" for problem in curriculum.problems)


def test_a_broken_lesson_leaves_the_others_loaded(tmp_path: Path) -> None:
    folder = _copy(LESSONS_DIR, tmp_path)
    broken = LESSON_FILES[1]
    lesson = _data(broken)
    lesson["steps"][0]["rule"] = 5
    (folder / broken.name).write_text(tomli_w.dumps(lesson))
    curriculum = load_curriculum(folder)
    assert [problem.file for problem in curriculum.problems] == [broken.name]
    assert "rule" in str(curriculum.problems[0])
    assert len(curriculum.lessons) == len(LESSON_FILES) - 1


@pytest.mark.parametrize(
    ("themes", "puzzles"),
    [
        ({"themes": "x"}, None),
        ({"themes": {"a": 5}}, None),
        ({"themes": {"a": {"title": ["x"]}}}, None),
        (None, {"puzzles": {"id": "a"}}),
        (None, {"puzzles": ["a"]}),
        (None, {"puzzles": 5}),
    ],
)
def test_broken_theme_and_puzzle_files_are_problems_naming_them(
    tmp_path: Path, themes: dict[str, Any] | None, puzzles: dict[str, Any] | None
) -> None:
    folder = tmp_path / "puzzles"
    shutil.copytree(PUZZLES_DIR, folder)
    if themes is not None:
        (folder / "themes.toml").write_text(tomli_w.dumps(themes))
    if puzzles is not None:
        (folder / "zz_broken.toml").write_text(tomli_w.dumps(puzzles))
    library = load_library(folder)
    named = "themes.toml" if themes is not None else "zz_broken.toml"
    assert any(problem.file == named for problem in library.problems), library.problems
    if puzzles is not None:
        assert len(library.puzzles) >= 200  # the other files still load
