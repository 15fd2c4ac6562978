"""Nothing given away (issue 27): a title names the situation, never the card; the first hint rung
(the nudge) names an idea, never the card.

For every play puzzle and every lesson step that asks for a card, in English, Ukrainian and
Russian: the title and the nudge do not name the rank of an answer card (its rank word in any
grammatical form), and an English title does not call the queen of spades "she" or "her" when she is
the answer.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from hearts_core.content.lesson_steps import ChooseCardStep
from hearts_core.content.lessons import LESSONS_DIR, load_curriculum
from hearts_core.content.puzzle_kinds import PlayPuzzle
from hearts_core.content.puzzles import PUZZLES_DIR, translate_library
from hearts_core.engine.cards import Card
from tests.helpers import puzzle_library

#: Each rank's word, as the start of a word in each language (every case and number).
RANK_WORDS: dict[str, dict[int, str]] = {
    "en": {
        2: r"twos?\b",
        3: r"threes?\b",
        4: r"fours?\b",
        5: r"fives?\b",
        6: r"sixe?s?\b",
        7: r"sevens?\b",
        8: r"eights?\b",
        9: r"nines?\b",
        10: r"tens?\b",
        11: r"jacks?\b",
        12: r"queens?\b",
        13: r"kings?\b",
        14: r"aces?\b",
    },
    "uk": {
        2: "двійк|двійок",
        3: "трійк|трійок",
        4: "четвірк|четвірок",
        5: "п[’']ятірк|п[’']ятірок",
        6: "шістк|шісток",
        7: "сімк|сімок",
        8: "вісімк|вісімок",
        9: "дев[’']ятк|дев[’']яток",
        10: "десятк|десяток",
        11: "валет",
        12: "дам[аиуоіею]",
        13: "корол",
        14: "туз",
    },
    "ru": {
        2: "двойк|двоек",
        3: "тройк|троек",
        4: "четв[её]рк|четв[её]рок",
        5: "пят[её]рк|пят[её]рок",
        6: "шест[её]рк|шест[её]рок",
        7: "сем[её]рк|сем[её]рок",
        8: "восьм[её]рк|восьм[её]рок",
        9: "девятк|девяток",
        10: "десятк|десяток",
        11: "валет",
        12: "дам[аыуеой]",
        13: "корол",
        14: "туз",
    },
}
LANGUAGES = tuple(RANK_WORDS)


def _naming(text: str, answers: tuple[str, ...], language: str) -> list[str]:
    """The words of ``text`` that name an answer card's rank (or the queen of spades as "she")."""
    cards = [Card.parse(answer) for answer in answers]
    patterns = [RANK_WORDS[language][card.rank] for card in cards]
    if language == "en" and "QS" in answers:
        patterns.append(r"(?:she|her)\b")
    found = []
    for pattern in patterns:
        found += re.findall(rf"(?i)\b(?:{pattern})\w*", text)
    return found


def _questions(language: str) -> Iterator[tuple[str, str, str, tuple[str, ...]]]:
    """(where, title, nudge, answer cards) for every play puzzle and card-choosing lesson step."""
    library = puzzle_library()
    if language != "en":
        library = translate_library(library, PUZZLES_DIR, language)
    for puzzle in library.ordered():
        if isinstance(puzzle, PlayPuzzle) and puzzle.solution:
            yield f"puzzle {puzzle.id}", puzzle.title, puzzle.nudge, tuple(puzzle.solution)
    for lesson in load_curriculum(LESSONS_DIR, language).ordered():
        for number, step in enumerate(lesson.steps, start=1):
            if isinstance(step, ChooseCardStep) and step.accept:
                yield f"lesson {lesson.id} step {number}", step.title, step.nudge, tuple(step.accept)


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_title_names_its_answer(language: str) -> None:
    found = {
        where: (title, words)
        for where, title, _, answers in _questions(language)
        if (words := _naming(title, answers, language))
    }
    assert found == {}, "a title names the situation, never the card"


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_first_hint_names_its_answer(language: str) -> None:
    found = {
        where: (nudge, words)
        for where, _, nudge, answers in _questions(language)
        if (words := _naming(nudge, answers, language))
    }
    assert found == {}, "the first hint names an idea, never the card"


def test_the_check_sees_a_title_that_names_its_card() -> None:
    assert _naming("Lead the king of hearts", ("KH",), "en") == ["king"]
    assert _naming("There she goes", ("QS",), "en") == ["she"]
    assert _naming("Геть короля", ("KS",), "uk") == ["короля"]
    assert _naming("И туза тоже", ("AS",), "ru") == ["туза"]
    assert _naming("Which card to throw?", ("QC",), "en") == []
