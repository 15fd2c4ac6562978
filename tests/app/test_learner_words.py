"""What a learner reads, on every lesson step (every frame of every walkthrough) and every puzzle:
no card in notation outside a card chip ("QS" must show as Q♠), no developer references (the
rule book's file, variant codes, seat numbers, field names, source numbers) and no code words
(:mod:`tests.code_words`: snake_case, None/True/False, catalogue keys; the browser sweep of every
page in every language uses the same check).

Rendered through app.py with AppTest; the card table's words are read from what the page sends it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from hearts_core.content.lessons import LESSONS_DIR, WalkthroughStep, load_curriculum
from hearts_core.engine.rules import field_names
from tests.code_words import code_words
from tests.helpers import puzzle_library

ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "app.py")
TIMEOUT = 60
CURRICULUM = load_curriculum(LESSONS_DIR)
LIBRARY = puzzle_library()

#: A card in notation (2C, QS, TH, 10H): what a learner must never read.
NOTATION = re.compile(r"(?<![\w♣♦♥♠])(?:10|[2-9TJQKA])[CDHS](?![\w])")
#: A card chip (its face is the learner's form already).
CHIP = re.compile(r'<span class="ha-chip[^"]*"[^>]*>.*?</span>')
#: Words that belong to the developers, not to the learners.
DEVELOPER_WORDS = [
    re.compile(r"RULES\.md"),
    re.compile(r"(?<![\w-])V(?:[1-9]|1[0-2])(?![\w])"),  # variant codes
    re.compile(r"\bseat \d", re.IGNORECASE),
    re.compile(r"\bsource 0\d\d\b|\b00[0-4]\b", re.IGNORECASE),
    re.compile(r"\bseeds?\b"),
    re.compile(r"Modelled by", re.IGNORECASE),
    re.compile(r"(?<![\w-])(?:" + "|".join(name for name in field_names() if "_" in name) + r")(?![\w-])"),
]


def _table_words(data: dict[str, object]) -> Iterator[str]:
    """The words a card table shows (not its card codes, which are data)."""
    text = json.dumps(data, ensure_ascii=False)
    for key in (
        "prompt",
        "status",
        "why",
        "label",
        "caption",
        "say",
        "t",
        "title",
        "name",
        "pile",
        "count_text",
        "confirm",
        "chosen",
        "pick",
        "idle",
        "next",
    ):
        for match in re.finditer(rf'"{key}": ("(?:[^"\\]|\\.)*"|\[[^\]]*\])', text):
            yield match.group(1)


def _visible(at: AppTest) -> Iterator[str]:
    for kind in ("markdown", "caption", "info", "success", "warning", "error", "title", "subheader", "header"):
        for element in getattr(at, kind):
            yield CHIP.sub("", str(element.value))
    for radio in at.radio:
        yield str(radio.label)
        yield from (str(option) for option in radio.options)
    yield from (str(button.label) for button in at.button)
    yield from (str(expander.label) for expander in at.expander)
    for element in at.get("bidi_component"):
        yield from _table_words(json.loads(element.proto.json))


def _problems(at: AppTest, where: str) -> list[str]:
    found = []
    for text in _visible(at):
        for match in NOTATION.finditer(text):
            found.append(f"{where}: card in notation {match.group()!r} in {text[:120]!r}")
        for pattern in DEVELOPER_WORDS:
            for match in pattern.finditer(text):
                found.append(f"{where}: developer word {match.group()!r} in {text[:120]!r}")
        found += [f"{where}: code word {word!r} in {text[:120]!r}" for word in code_words(_without_markup(text))]
    return found


def _without_markup(text: str) -> str:
    """A shown text without what is markup, not words: HTML tags and their attributes, Markdown's
    coloured spans and icons (``:red[``, ``:material/check:``)."""
    return re.sub(r"<[^>]*>|:[a-z-]+\[|:material/[a-z_]+:", " ", text)


def _open(page: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    at.run()
    at.switch_page(page)
    return at


@pytest.mark.slow  # a sweep over the whole content: the full run's (the fast slice keeps the pages' own tests)
def test_every_lesson_step_speaks_the_learners_words() -> None:
    at = _open("pages/2_Lessons.py")
    problems: list[str] = []
    for lesson in CURRICULUM.ordered():
        for number, step in enumerate(lesson.steps, start=1):
            at.query_params["lesson"] = lesson.id
            at.query_params["step"] = str(number)
            at.run()
            assert not at.exception, (lesson.id, number, at.exception)
            problems += _problems(at, f"{lesson.id} step {number}")
            if isinstance(step, WalkthroughStep):
                while not at.button(key="ha_frame_next").disabled:
                    at.button(key="ha_frame_next").click().run()
                    problems += _problems(at, f"{lesson.id} step {number} (a frame)")
    assert problems == [], "\n".join(problems[:40])


@pytest.mark.slow  # a sweep over the whole content: the full run's (the fast slice keeps the pages' own tests)
def test_every_puzzle_speaks_the_learners_words() -> None:
    at = _open("pages/3_Puzzles.py")
    problems: list[str] = []
    for puzzle in LIBRARY.ordered():
        at.query_params.clear()
        at.query_params["puzzle"] = puzzle.id
        at.run()
        assert not at.exception, (puzzle.id, at.exception)
        problems += _problems(at, puzzle.id)
        for _ in range(3):  # every rung of the hint ladder, the answer included
            if any(button.key == "ha_pz_hint" for button in at.button):
                at.button(key="ha_pz_hint").click().run()
        if any(button.key == "ha_pz_solution" for button in at.button):
            at.button(key="ha_pz_solution").click().run()
        problems += _problems(at, f"{puzzle.id} (hints and solution)")
    assert problems == [], "\n".join(problems[:40])


@pytest.mark.parametrize(
    "text",
    [
        "Lead the 2C",
        "V8 is on",
        "seat 0 passes",
        "see RULES.md",
        "must_break_hearts is off",
        "source 003 says",
        "Seat 1 chose 2 cards",
        "Місце 2 вибрало",
        "У места 3 нет",
        "removed_cards: 2C",
        "Moon: None",
        "first trick: False",
        "lab.stat.moon_rate",
    ],
)
def test_the_check_finds_what_it_is_for(text: str) -> None:
    """The patterns above do catch each kind of mistake (a check that finds nothing proves nothing)."""
    assert (
        NOTATION.search(text)
        or any(pattern.search(text) for pattern in DEVELOPER_WORDS)
        or code_words(_without_markup(text))
    )


def test_the_check_lets_the_learners_words_through() -> None:
    fine = (
        "Lead the 2♣, then the Q♠: South and West, the queen of spades, 10♥. Hearts, Version 2 of 3. "
        "None of them; cards removed: None: the full deck. See pagat.com, e.g. the CSV variant-lab-hands.csv. "
        ":red-badge[real] :material/check: <span class='ha-chip k-h'>Q♥</span>"
    )
    assert not NOTATION.search(fine) and not any(pattern.search(fine) for pattern in DEVELOPER_WORDS)
    assert code_words(_without_markup(fine)) == []
