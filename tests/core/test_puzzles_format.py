"""The puzzle loader: every broken puzzle is a PuzzleError naming its file, its
puzzle and its field, and the rest of the library still loads; the generator
writes puzzles that load and that the solver proves by their margin."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from hearts_core import CardSet
from hearts_core.content.generator import difficulty_for, generate_play_puzzles, puzzles_to_toml
from hearts_core.content.puzzles import (
    PUZZLES_DIR,
    PlayPuzzle,
    Puzzle,
    PuzzleError,
    check_attempt,
    load_library,
    load_themes,
    main,
    parse_puzzle,
)
from hearts_core.search.solver import solve

THEMES = load_themes(PUZZLES_DIR / "themes.toml")
HOLD = 'rules = { preset = "standard", overrides = { pass_cycle = ["hold"] } }'

#: East led the 2C, South (void in clubs) is to play: legal 3D 8D KD 4S 9S KS.
FIRST_TRICK = (
    'position = """\nhand: 0\ndeal: '
    + " / ".join(
        (
            "3D 8D KD 2H 5H 6H 8H JH AH 4S 9S QS KS",
            "5C 8C TC KC 6D 9D AD 4H 3S 5S 6S 7S JS",
            "4C 6C 7C 9C AC 4D 7D QD 9H KH 2S 8S TS",
            "2C 3C JC QC 2D 5D TD JD 3H 7H TH QH AS",
        )
    )
    + '\nplay: 2C\n"""'
)
#: A deal before passing left; South holds 2C 3C 8C JC 3D 7D 9D 2H 5H 9H 4S KS AS.
PASS_DEAL = (
    'position = """\nhand: 0\ndeal: '
    + " / ".join(
        (
            "2C 3C 8C JC 3D 7D 9D 2H 5H 9H 4S KS AS",
            "4C KC 4D 5D 8D QD AD JH QH 3S 6S 8S JS",
            "5C 6C 9C 2D 3H 7H 8H AH 2S 5S 7S 9S TS",
            "7C TC QC AC 6D TD JD KD 4H 6H TH KH QS",
        )
    )
    + '\n"""'
)


def _ending(hands: str, trick: str, winner: int = 1) -> str:
    """A position in the last tricks: ``hands``, the trick in progress, every other card won by ``winner``."""
    held = [card for card in hands.replace("/", " ").split() if card != "-"]
    rest = CardSet.full_deck() - CardSet.parse(" ".join(held + trick.split()[1:]))
    taken = " / ".join(str(rest) if seat == winner else "-" for seat in range(4))
    won = " ".join(str(len(rest) // 4) if seat == winner else "0" for seat in range(4))
    return f'position = """\nhands: {hands}\ntaken: {taken}\nwon: {won}\ntrick: {trick}\n"""'


def _moon(totals: str) -> str:
    """A finished hand in which South took every card (a moon; the sun is off)."""
    return f"""{_ending("- / - / - / -", "1", winner=0)}
totals = {totals}"""


def _puzzle(body: str, kind: str = "legality", puzzle_id: str = "p1") -> str:
    return f'''[[puzzles]]
id = "{puzzle_id}"
kind = "{kind}"
title = "A title"
prompt = "A prompt."
difficulty = 1
themes = ["first_trick"]
nudge = "A nudge."
idea = "An idea."
explanation = "An explanation."
{body}
'''


def _load(tmp_path: Path, *texts: str, name: str = "mine.toml") -> tuple[dict[str, Puzzle], list[PuzzleError]]:
    (tmp_path / "themes.toml").write_text((PUZZLES_DIR / "themes.toml").read_text(encoding="utf-8"), "utf-8")
    (tmp_path / name).write_text("\n".join(texts), encoding="utf-8")
    library = load_library(tmp_path)
    return dict(library.puzzles), list(library.problems)


def _error(tmp_path: Path, text: str) -> PuzzleError:
    puzzles, problems = _load(tmp_path, text)
    assert not puzzles and len(problems) == 1, problems
    return problems[0]


def _parse(text: str) -> PuzzleError:
    with pytest.raises(PuzzleError) as caught:
        parse_puzzle(tomllib.loads(text)["puzzles"][0], "mine.toml", THEMES)
    return caught.value


def test_a_right_puzzle_loads_and_judges(tmp_path: Path) -> None:
    legal = '["3D", "8D", "KD", "4S", "9S", "KS"]'
    puzzles, problems = _load(tmp_path, _puzzle(f"{HOLD}\n{FIRST_TRICK}\nanswer = {legal}"))
    assert problems == []
    puzzle = puzzles["p1"]
    assert check_attempt(puzzle, ["3D", "8D", "KD", "4S", "9S", "KS"]).correct
    assert check_attempt(puzzle, ["3D", "AH"]).code == "extra"


@pytest.mark.parametrize(
    ("body", "field", "words"),
    [
        (f"{HOLD}\n{FIRST_TRICK}\ncolour = 'red'", "colour", "unknown keys ['colour']"),
        (f"{HOLD}\n{FIRST_TRICK}\nanswer = ['3D']", "answer", "the engine computes"),
        (f"{HOLD}\n{FIRST_TRICK}\nanswer = ['3Q']", "answer", "not an answer"),
        (f"{HOLD}\n{FIRST_TRICK}\nshow = 'everyone'", "show", "list of seats or one of"),
        (f"{HOLD}\n{FIRST_TRICK}\nseat = 7", "seat", "not a seat"),
        ('rules = { preset = "no_such_rules" }\n' + FIRST_TRICK, "rules", "no preset named"),
        (f'{HOLD}\nposition = "deal: 2C 3Q / - / - / -"', "position", "'3Q' is not a card"),
    ],
)
def test_errors_name_the_file_the_puzzle_and_the_field(tmp_path: Path, body: str, field: str, words: str) -> None:
    error = _error(tmp_path, _puzzle(body))
    assert (error.file, error.puzzle, error.field) == ("mine.toml", "p1", field)
    assert str(error).startswith(f"mine.toml, puzzle 'p1', field '{field}': ")
    assert words in str(error)


def test_a_bad_theme_is_named(tmp_path: Path) -> None:
    error = _error(tmp_path, _puzzle(f"{HOLD}\n{FIRST_TRICK}").replace('["first_trick"]', '["first_trick", "luck"]'))
    assert (error.puzzle, error.field) == ("p1", "themes")
    assert "unknown luck" in str(error) and "first_trick" in str(error)


def test_a_play_puzzle_needs_a_unique_best_card() -> None:
    tie = _ending("2C 3C / 4C 5S / 5C QS / 6C 7S", "0")
    error = _parse(_puzzle(f"{tie}\nobjective = 'min_points'", kind="play"))
    assert (error.puzzle, error.field) == ("p1", "answer")
    assert "not unique: 2C 3C" in str(error)


def test_a_play_puzzle_is_proven_by_its_margin_and_its_stated_answer() -> None:
    duck = _ending("2H TH / 3H 4S / 5S QS / 6S", "3 8H")
    puzzle = parse_puzzle(
        tomllib.loads(_puzzle(f"{duck}\nmargin = 17\nanswer = '2H'", kind="play"))["puzzles"][0], "mine.toml", THEMES
    )
    assert isinstance(puzzle, PlayPuzzle)
    assert puzzle.solution == ("2H",) and dict(puzzle.values) == {"2H": 0, "TH": 17}
    assert check_attempt(puzzle, "TH").code == "worse"
    assert check_attempt(puzzle, "QS").code == "illegal"
    assert "less than the margin 18" in str(_parse(_puzzle(f"{duck}\nmargin = 18", kind="play")))
    wrong = _parse(_puzzle(f"{duck}\nanswer = 'TH'", kind="play"))
    assert wrong.field == "answer" and "the engine computes" in str(wrong)
    assert _parse(_puzzle(f"{duck}\nmargin = 0", kind="play")).field == "margin"
    assert _parse(_puzzle(f"{duck}\nobjective = 'win'", kind="play")).field == "objective"
    assert _parse(_puzzle(f"{duck}\nargument = 'luck'", kind="play")).field == "argument"


def test_a_moon_puzzle_needs_options_that_differ() -> None:
    equal = _parse(_puzzle(_moon("[10, 20, 30, 40]"), kind="moon"))
    assert (equal.puzzle, equal.field) == ("p1", "totals")
    assert "equally placed" in str(equal)
    puzzle = parse_puzzle(
        tomllib.loads(_puzzle(_moon("[10, 90, 30, 40]") + "\nanswer = 'add_to_others'", kind="moon"))["puzzles"][0],
        "mine.toml",
        THEMES,
    )
    assert check_attempt(puzzle, "add_to_others").correct
    assert not check_attempt(puzzle, "subtract_from_self").correct
    assert "a whole number per seat" in str(_parse(_puzzle(_moon("[10, 90]"), kind="moon")))


def test_a_scoring_attempt_with_the_wrong_number_of_scores_is_a_count_error() -> None:
    text = _puzzle(
        _moon("[0, 0, 0, 0]").replace("totals = [0, 0, 0, 0]", 'moon_choice = "add_to_others"'), kind="scoring"
    )
    puzzle = parse_puzzle(tomllib.loads(text)["puzzles"][0], "mine.toml", THEMES)
    assert puzzle.solution == (0, 26, 26, 26)
    assert check_attempt(puzzle, [0, 26, 26]).code == "count"
    assert check_attempt(puzzle, [0, 26, 26, 0]).cards == ("3",)


def test_passing_puzzles_need_a_right_pass() -> None:
    deal = PASS_DEAL
    both = _parse(_puzzle(f'{deal}\nrequire = ["AS"]\nforbid = ["AS", "2C"]', kind="passing"))
    assert both.field == "forbid" and "both required and forbidden" in str(both)
    stray = _parse(_puzzle(f'{deal}\nrequire = ["QS"]', kind="passing"))
    assert stray.field == "require" and "QS not in seat 0's hand" in str(stray)
    assert _parse(_puzzle(deal, kind="passing")).field == "require"
    hold = _parse(_puzzle(deal.replace("hand: 0", "hand: 3") + '\nforbid = ["2C"]', kind="passing"))
    assert hold.field == "position" and hold.file == "mine.toml" and hold.puzzle == "p1"


def test_a_variant_must_change_the_answer() -> None:
    same = _parse(
        _puzzle(
            f"{HOLD}\n{FIRST_TRICK}\nask = 'legal_cards'\nrules_b = {{ overrides = {{ sun = true }} }}", kind="variant"
        )
    )
    assert (same.puzzle, same.field) == ("p1", "rules_b") and "the same under both rulesets" in str(same)
    bad = _parse(
        _puzzle(
            f"{HOLD}\n{FIRST_TRICK}\nask = 'legal_cards'\nrules_b = {{ overrides = {{ colour = 1 }} }}", kind="variant"
        )
    )
    assert bad.field == "rules_b" and "no such rule field" in str(bad)
    wrong_a = _parse(
        _puzzle(
            f"{HOLD}\n{FIRST_TRICK}\nask = 'legal_cards'\nanswer_a = ['3D']\n"
            "rules_b = { overrides = { first_trick = 'anything' } }",
            kind="variant",
        )
    )
    assert wrong_a.field == "answer_a"


def test_a_broken_file_or_a_duplicate_id_leaves_the_rest_loaded(tmp_path: Path) -> None:
    good = _puzzle(f"{HOLD}\n{FIRST_TRICK}")
    (tmp_path / "broken.toml").write_text("[[puzzles]\nid = ", encoding="utf-8")
    puzzles, problems = _load(tmp_path, good, good.replace('title = "A title"', 'title = "Again"'))
    assert list(puzzles) == ["p1"]
    assert sorted((problem.file, problem.field) for problem in problems) == [("broken.toml", None), ("mine.toml", "id")]
    assert "used twice" in str(next(problem for problem in problems if problem.field == "id"))


# -- the generator -------------------------------------------------------------------------------------


def test_the_generator_writes_puzzles_that_load_and_are_proven(tmp_path: Path) -> None:
    puzzles = generate_play_puzzles(3, tricks=4, margin=2, seed=3)
    assert [puzzle["id"] for puzzle in puzzles] == ["gen-3-1", "gen-3-2", "gen-3-3"]
    assert generate_play_puzzles(3, tricks=4, margin=2, seed=3) == puzzles
    loaded, problems = _load(tmp_path, puzzles_to_toml(puzzles), name="generated.toml")
    assert problems == []
    for puzzle in loaded.values():
        result = solve(puzzle.state)
        assert len(result.best) == 1 and result.best == puzzle.solution
        others = [value for card, value in result.values.items() if card != result.best[0]]
        assert isinstance(puzzle, PlayPuzzle)
        assert min(others) - result.best_value >= max(2, puzzle.margin)
        assert puzzle.nudge and puzzle.idea and puzzle.explanation
        assert set(puzzle.themes) <= set(THEMES)


def test_the_generator_with_other_objectives(tmp_path: Path) -> None:
    avoid = generate_play_puzzles(2, tricks=3, margin=1, seed=4, objective="avoid_card")
    moon = generate_play_puzzles(1, tricks=4, margin=1, seed=5, objective="stop_moon")
    assert all(puzzle["objective"] == "avoid_card" for puzzle in avoid) and len(avoid) == 2
    assert len(moon) == 1 and moon[0]["themes"][0] == "moon" and isinstance(moon[0]["shooter"], int)
    _, problems = _load(tmp_path, puzzles_to_toml([*avoid, *moon]), name="generated.toml")
    assert problems == []


def test_the_generate_command_writes_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "new.toml"
    assert main(["generate", "--count", "2", "--tricks", "3", "--margin", "1", "--seed", "9", "--out", str(out)]) == 0
    assert "2 of 2 puzzles" in capsys.readouterr().err
    assert [raw["id"] for raw in tomllib.loads(out.read_text(encoding="utf-8"))["puzzles"]] == ["gen-9-1", "gen-9-2"]
    assert main(["generate", "--count", "1", "--tricks", "13", "--max-deals", "3"]) == 1


def test_difficulty_grows_with_tricks_and_shrinks_with_the_margin() -> None:
    assert [difficulty_for(tricks, 13) for tricks in (3, 5, 7)] == [1, 2, 3]
    assert [difficulty_for(4, gap) for gap in (1, 4, 10)] == [2, 2, 1]
