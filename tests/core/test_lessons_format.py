"""The lesson loader: what it accepts, and the message it gives for each kind of
broken file (naming the file, the step and the field)."""

from __future__ import annotations

from pathlib import Path

import pytest

from hearts_core.content.lessons import (
    ChooseCardStep,
    ChoosePassStep,
    LessonError,
    QuestionStep,
    WalkthroughStep,
    load_curriculum,
    locate,
    parse_lesson,
)
from hearts_core.learner.lesson_progress import lesson_status, record_progress

DEAL = """
hand: 0
deal: 3C 5C 6C TC QC 2D 5D QD 7H 8H KH AH 5S / 2C 4C 7C 9D TD KD 2H 3H 9H 3S 4S 7S 9S / \
8C 9C JC KC AC 4D JH 2S 6S 8S JS QS AS / 3D 6D 7D 8D JD AD 4H 5H 6H TH QH TS KS
play: 2C AC 8D QC | 2S TS 5S 9S
"""

PASSING = """
hand: 0
deal: 3C 5C 6C TC QC 2D 5D QD 7H 8H KH AH 5S / 2C 4C 7C 9D TD KD 2H 3H 9H 3S 4S 7S 9S / \
8C 9C JC KC AC 4D JH 2S 6S 8S JS QS AS / 3D 6D 7D 8D JD AD 4H 5H 6H TH QH TS KS
"""

HEAD = f'''
id = "sample"
title = "Sample"
goal = "Test the loader."

[rules]
preset = "standard"
overrides = {{ pass_cycle = ["hold"] }}

[deals]
main = """{DEAL}"""
'''


def lesson_text(*steps: str, head: str = HEAD) -> str:
    return head + "\n".join(f"[[steps]]\n{step}" for step in steps)


WALK = 'kind = "walkthrough"\ndeal = "main"'
EXPLAIN = 'kind = "explain"\ntext = "Hello."'


def error_of(text: str) -> LessonError:
    with pytest.raises(LessonError) as caught:
        parse_lesson(text, "sample.toml")
    return caught.value


def test_a_good_lesson_loads_with_its_positions() -> None:
    lesson = parse_lesson(lesson_text(EXPLAIN, WALK), "sample.toml")
    deal = lesson.deals["main"]
    assert deal.plays == 8
    assert [str(card) for card in deal.at(8).tricks[0].cards] == ["2C", "AC", "8D", "QC"]
    walkthrough = lesson.steps[1]
    assert isinstance(walkthrough, WalkthroughStep)
    history = walkthrough.history(lesson)
    assert len(history) == 9 and history[0] == deal.at(0)
    move = history.move(1)
    assert (move.seat, str(move.card)) == (1, "2C")  # West holds the 2C and opens
    assert move.explanation.reason.value == "opening_lead"
    assert history[4].tricks[0].winner == 2  # North's ace wins the first trick


@pytest.mark.parametrize(
    ("step", "number", "field", "words"),
    [
        ('kind = "explain"\ntext = "x"\ncolour = "red"', 1, "colour", "unknown keys"),
        ('kind = "walkthrough"', 1, "deal", "needs 'deal'"),
        ('kind = "dance"', 1, "kind", "must be one of explain"),
        ('kind = "walkthrough"\ndeal = "other"', 1, "deal", "no deal named"),
        ('kind = "walkthrough"\ndeal = "main"\nat = 99', 1, "at", "only 8 plays"),
        ('kind = "choose_card"\ndeal = "main"\nat = 4\nprompt = "?"\naccept = ["KH"]', 1, "accept", "not a legal play"),
        (
            'kind = "choose_card"\ndeal = "main"\nat = 4\nprompt = "?"\naccept = ["2S"]\nfeedback = { AH = "no" }',
            1,
            "feedback",
            "not in the mover's hand",
        ),
        (
            'kind = "question"\ndeal = "main"\nat = 4\nprompt = "?"\nask = "trick_winner"\nchoices = ["West", "East"]',
            1,
            "choices",
            "engine's answer 'North'",
        ),
        (
            'kind = "question"\ndeal = "main"\nat = 4\nprompt = "?"\nask = "trick_winner"\nanswer = "West"\n'
            'choices = ["West", "North"]',
            1,
            "answer",
            "the engine computes 'North'",
        ),
        ('kind = "explain"\ntext = "x"\nrule = ["V99"]', 1, "rule", "no rule 'V99'"),
        ('kind = "explain"\ntext = "x"\ndispute = 7', 1, "dispute", "disputed situations 1 to 4"),
        ('kind = "explain"\ntext = "x"\nhighlight = ["ZZ"]', 1, "highlight", "'ZZ' is not a card"),
        (
            'kind = "compare"\ndeal = "main"\nat = 4\ntext = "x"\nrules_b = { preset = "nope" }',
            1,
            "rules_b",
            "no preset named",
        ),
    ],
)
def test_broken_steps_are_named_by_file_step_and_field(step: str, number: int, field: str, words: str) -> None:
    error = error_of(lesson_text(step))
    assert (error.file, error.step, error.field) == ("sample.toml", number, field), str(error)
    assert words in str(error)
    assert str(error).startswith(f"sample.toml, step {number}, field '{field}'")


def test_an_illegal_play_in_a_deal_is_rejected_with_the_engine_reason() -> None:
    bad = HEAD.replace("play: 2C AC 8D QC", "play: 2C AC 8D KH")
    error = error_of(lesson_text(EXPLAIN, head=bad))
    assert error.field == "deals.main"
    assert "play 4 (KH) is illegal" in str(error) and "must follow suit" in str(error)


def test_a_card_not_in_the_hand_is_rejected() -> None:
    text = lesson_text(
        'kind = "choose_pass"\ndeal = "pass"\nprompt = "?"\nrequire = ["AS"]',
        head=HEAD.replace('pass_cycle = ["hold"]', 'pass_cycle = ["left"]').replace(
            f'main = """{DEAL}"""', f'pass = """{PASSING}"""'
        ),
    )
    error = error_of(text)
    assert (error.step, error.field) == (1, "require") and "AS is not in seat 0's hand" in str(error)


def test_missing_lesson_fields_and_bad_toml() -> None:
    assert error_of('title = "x"\ngoal = "y"\n[[steps]]\nkind = "explain"\ntext = "z"').field == "id"
    assert "not valid TOML" in str(error_of("id = "))
    assert error_of("extra = 1\n" + HEAD + '\n[[steps]]\nkind = "explain"\ntext = "z"').field == "extra"


def test_the_engine_judges_cards_passes_and_answers() -> None:
    lesson = parse_lesson(
        lesson_text(
            'kind = "choose_card"\ndeal = "main"\nat = 7\nprompt = "?"\naccept = ["7S"]\npoor = "Too high."\n'
            'feedback = { "9S" = "That one wins the trick." }',
            'kind = "question"\ndeal = "main"\nat = 8\nprompt = "?"\nask = "trick_winner"\nchoices = ["East", "North"]',
        ),
        "sample.toml",
    )
    choose, question = lesson.steps
    assert isinstance(choose, ChooseCardStep) and isinstance(question, QuestionStep)
    assert choose.judge(lesson, "7S").correct
    poor = choose.judge(lesson, "9S")
    assert poor.outcome == "poor" and poor.text == "That one wins the trick."
    illegal = choose.judge(lesson, "2H")
    assert illegal.outcome == "illegal" and "must follow suit" in illegal.detail
    assert question.judge(lesson, "east").correct and not question.judge(lesson, "North").correct


def test_pass_verdicts() -> None:
    head = HEAD.replace('pass_cycle = ["hold"]', 'pass_cycle = ["left"]').replace(
        f'main = """{DEAL}"""', f'main = """{PASSING}"""'
    )
    lesson = parse_lesson(
        lesson_text(
            'kind = "choose_pass"\ndeal = "main"\nprompt = "?"\nrequire = ["AH"]\nforbid = ["3C"]\n'
            'feedback = { AH = "A lone high heart.", "3C" = "Keep your low clubs.", KH = "Fine too." }',
            head=head,
        ),
        "sample.toml",
    )
    step = lesson.steps[0]
    assert isinstance(step, ChoosePassStep)
    right = step.judge(lesson, ["AH", "KH", "QC"])
    assert right.correct and right.notes == ("A lone high heart.", "Fine too.")
    assert step.judge(lesson, ["AH", "KH"]).detail.startswith("You picked 2 cards")
    forbidden = step.judge(lesson, ["AH", "3C", "QC"])
    assert not forbidden.correct and forbidden.text == "Keep your low clubs."
    assert "should include AH" in step.judge(lesson, ["KH", "QC", "TC"]).detail
    assert "do not hold AS" in step.judge(lesson, ["AH", "AS", "QC"]).detail


def test_locate_and_progress() -> None:
    curriculum = load_curriculum(Path(__file__).resolve().parents[2] / "lessons")
    lesson = curriculum.lessons["table"]
    assert locate(curriculum, None, None).lesson is None
    assert locate(curriculum, "table", "x").problem == "bad_step"
    assert locate(curriculum, "table", "0").problem == "step_out_of_range"
    assert locate(curriculum, "table", "3").step == 2
    progress: dict[str, dict[int, str]] = {}
    for index, step in enumerate(lesson.steps):
        progress = record_progress(progress, "table", index, "right" if step.is_active else "seen")
    status = lesson_status(lesson, progress)
    assert status.state == "completed" and status.solved == status.active
    progress = record_progress(progress, "table", 2, "wrong")
    assert lesson_status(lesson, progress).state == "completed"
    assert lesson_status(lesson, {}).state == "new"


def test_a_bad_card_in_a_step_field_names_the_field() -> None:
    error = error_of(lesson_text('kind = "choose_card"\ndeal = "main"\nat = 7\nprompt = "?"\naccept = ["7X"]'))
    assert (error.step, error.field) == (1, "accept") and "'7X' is not a card" in str(error)
