"""The page state machines, as frozen values in the core: the Lab's simulation job, the
puzzle line viewer and the moon puzzle's standings."""

from __future__ import annotations

import dataclasses

import pytest

from hearts_core import Ruleset
from hearts_core.content.puzzles import MoonPuzzle, PlayPuzzle
from hearts_core.engine.vocabulary import MOON_CHOICES
from hearts_core.lab import SimulationJob
from hearts_core.lab.jobs import HAND_CHUNK
from hearts_core.learner.line_viewer import LineViewer
from tests.helpers import puzzle_library

LIBRARY = puzzle_library()


def test_a_simulation_job_plays_chunk_by_chunk_and_keeps_pairs_apart() -> None:
    total = HAND_CHUNK + 30
    job = SimulationJob.start(Ruleset(), Ruleset.preset("omnibus"), total=total, seed=7)
    assert (job.done, job.finished, job.rows) == (0, False, ())
    first = job.next_chunk()
    assert first.done == HAND_CHUNK and not first.finished and job.done == 0  # a new value each time
    last = first.next_chunk()
    assert last.done == total and last.finished and last.next_chunk() is last
    deals = {row.deal for row in last.rows}
    assert len(deals) == total and len(last.rows) == 2 * total  # every deal under A and B, numbered apart
    assert last.result().pairs == total and not last.result().cancelled
    again = SimulationJob.start(Ruleset(), Ruleset.preset("omnibus"), total=total, seed=7).next_chunk().next_chunk()
    assert again.rows == last.rows  # seeded: the same rows every time


def test_a_cancelled_job_keeps_what_it_played() -> None:
    job = SimulationJob.start(Ruleset(), Ruleset(moon="off"), total=HAND_CHUNK * 2, seed=1).next_chunk().cancel()
    assert job.finished and job.cancelled and job.done == HAND_CHUNK
    assert job.next_chunk() is job and job.cancel() is job
    assert job.result().cancelled and job.result().pairs == HAND_CHUNK


def test_a_simulation_job_refuses_rulesets_that_cannot_share_a_deal() -> None:
    with pytest.raises(ValueError):
        SimulationJob.start(Ruleset(), Ruleset.preset("three_players"), total=10, seed=1)
    with pytest.raises(ValueError):
        SimulationJob.start(Ruleset(), Ruleset(), total=0, seed=1)


def _play_puzzle() -> PlayPuzzle:
    return next(
        puzzle
        for puzzle in LIBRARY.ordered()
        if isinstance(puzzle, PlayPuzzle) and puzzle.line and puzzle.objective == "min_points"
    )


def test_the_line_viewer_steps_the_solution_within_its_bounds() -> None:
    puzzle = _play_puzzle()
    viewer = LineViewer.solution(puzzle)
    assert viewer.length == len(puzzle.line) + 1
    start = viewer.frame(puzzle)
    assert start.position == 0 and start.move is None and start.state == puzzle.question_state
    end = viewer.go(10_000).frame(puzzle)
    assert end.position == end.last == len(puzzle.line) and end.finished and end.state.is_over
    assert viewer.go(-5).position == 0
    first = viewer.go(1).frame(puzzle)
    assert first.move is not None and (first.move.seat, str(first.move.card)) == puzzle.line[0]
    assert first.move.explanation.legal


def test_the_line_viewer_shows_what_a_wrong_card_costs() -> None:
    puzzle = _play_puzzle()
    wrong = next(card for card in puzzle.values if card not in puzzle.solution)
    viewer = LineViewer.refutation(puzzle, wrong)
    assert viewer.kind == "refutation" and viewer.card == wrong and viewer.moves[0][1] == wrong
    end = viewer.go(viewer.length).frame(puzzle)
    assert end.state.hand_points()[puzzle.seat] == puzzle.values[wrong]


def test_moon_standings_give_each_option_its_totals() -> None:
    puzzle = next(puzzle for puzzle in LIBRARY.ordered() if isinstance(puzzle, MoonPuzzle))
    rows = puzzle.standings()
    assert [row.before for row in rows] == list(puzzle.totals)
    for option in MOON_CHOICES:
        scores = puzzle.state.scores(moon_choice=option)
        assert [row.after[option] for row in rows] == [
            total + score for total, score in zip(puzzle.totals, scores, strict=True)
        ]
    assert dataclasses.is_dataclass(puzzle) and rows[puzzle.shooter].taken == puzzle.state.hand_points()[puzzle.shooter]
