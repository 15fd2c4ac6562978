"""The strength ladder (hearts_core.ai.ladder): duplicate rotations, the scale's arithmetic, the data
file's round trip, and small real runs whose tables are well formed."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from hearts_core import Ruleset
from hearts_core.ai.ladder import (
    ISMCTS_SIMULATIONS,
    Chunk,
    DealResult,
    Ladder,
    Match,
    Result,
    Rotation,
    chunks_of,
    duplicate_tables,
    markdown,
    matches,
    openspiel_missing,
    play_chunk,
    references_for,
    run,
    scale,
    summarize,
)


@pytest.mark.parametrize("preset", ["standard", "three_players", "six_players"])
def test_a_duplicate_deal_gives_the_candidate_every_seat_with_the_same_cards(preset: str) -> None:
    players = Ruleset.preset(preset).players
    tables = duplicate_tables(Match("monte_carlo", "heuristic", preset), deal=5, seed=11)
    assert [table.seat for table in tables] == list(range(players))
    for table in tables:
        assert table.lineup.count("monte_carlo") == 1 and table.lineup[table.seat] == "monte_carlo"
        assert table.lineup.count("heuristic") == players - 1
    assert len({table.state for table in tables}) == 1  # the same cards, the same hand number
    other_deal = duplicate_tables(Match("monte_carlo", "heuristic", preset), deal=6, seed=11)[0].state
    assert other_deal.hands != tables[0].state.hands


def test_the_edge_is_the_others_mean_minus_the_candidates_points() -> None:
    rotation = Rotation(seat=1, scores=(10.0, 2.0, 8.0, 6.0), moon_shooter=None, card_seconds=())
    assert rotation.edge == pytest.approx(8.0 - 2.0)
    moon = Rotation(seat=0, scores=(26.0, 0.0, 26.0, 26.0), moon_shooter=1, card_seconds=())
    assert moon.edge == pytest.approx(52 / 3 - 26)


def test_the_interval_is_1_96_standard_errors_over_deals() -> None:
    figures = scale([1.0, 3.0])
    assert figures.edge == 2.0
    assert figures.margin == pytest.approx(1.96 * math.sqrt(2) / math.sqrt(2))
    assert math.isnan(scale([4.0]).margin)


def test_a_match_summary_counts_deals_hands_moons_and_time() -> None:
    match = Match("heuristic", "random")
    deals = [
        DealResult(0, (Rotation(0, (0.0, 26.0, 26.0, 26.0), 0, (0.001, 0.003)), Rotation(1, (5, 5, 8, 8), None, ()))),
        DealResult(1, (Rotation(0, (13.0, 13.0, 0.0, 0.0), None, (0.002,)), Rotation(1, (0, 26, 0, 0), None, ()))),
    ]
    result = summarize(match, deals)
    assert (result.deals, result.hands, result.moons_for, result.moons_against) == (2, 4, 1, 0)
    per_deal = [(26 + (21 / 3 - 5)) / 2, (13 / 3 - 13 + (0 - 26)) / 2]
    assert result.edge == pytest.approx(sum(per_deal) / 2)
    assert result.margin == pytest.approx(scale(per_deal).margin)
    assert result.points == pytest.approx((0 + 5 + 13 + 26) / 4)
    assert result.ms_per_card == pytest.approx(2.0)


def test_the_ladder_file_round_trips_with_unknown_figures_as_null() -> None:
    result = Result("random", "heuristic", "standard", 3, 12, 13.0, 4.3, -8.7, 0.6, 0, 2, 0.02)
    one_deal = Result("heuristic", "random", "omnibus", 1, 4, 4.0, 8.0, 4.0, math.nan, 1, 0, math.nan)
    ladder = Ladder(
        "2026-12-05", "python -m hearts_core.ai.ladder run --deals 3", 7, 3, 1, 2, ("random", "heuristic"),
        ("random", "heuristic"), ("omnibus",), (result, one_deal), ("ISMCTS skipped",), 1.5, 1,
    )  # fmt: skip
    text = ladder.to_json()
    assert "NaN" not in text and '"margin": null' in text
    back = Ladder.from_json(text)
    assert back.results[0] == result and back.result("random") == result
    assert math.isnan(back.results[1].margin) and math.isnan(back.results[1].ms_per_card)
    assert back.to_json() == text
    assert back.result("heuristic", "random", "omnibus") is not None and back.result("heuristic") is None


def test_the_plan_takes_every_level_against_every_other_reference() -> None:
    levels = ("random", "heuristic", "monte_carlo")
    references = references_for(levels)
    assert references == ("random", "heuristic", *ISMCTS_SIMULATIONS, "monte_carlo")
    plan = matches(levels, references, ("black_maria",))
    standard = [match for match in plan if match.preset == "standard"]
    assert len(standard) == 3 * 5 - 3  # no level against itself
    assert [match for match in plan if match.preset == "black_maria"] == [
        Match("random", "heuristic", "black_maria"),
        Match("heuristic", "random", "black_maria"),  # the yardstick against the random bot
        Match("monte_carlo", "heuristic", "black_maria"),
    ]
    chunks = chunks_of(plan, deals=12, slow_deals=3, seed=5, preset_deals=4)
    assert sum(chunk.deals for chunk in chunks if chunk.match.preset == "black_maria") == 3 * 4
    ismcts = [chunk for chunk in chunks if chunk.match.is_ismcts]
    assert sum(chunk.deals for chunk in ismcts) == 3 * 2 * 3
    first = [chunk for chunk in chunks if chunk.match == Match("random", "heuristic")]
    assert [(chunk.first_deal, chunk.deals, chunk.seed) for chunk in first] == [(0, 5, 5), (5, 5, 5), (10, 2, 5)]


def test_a_tiny_run_gives_a_well_formed_table_and_the_same_figures_whatever_the_chunks() -> None:
    ladder = run(
        deals=2, presets=("three_players",), levels=("random", "heuristic"), seed=3, references=("random", "heuristic")
    )
    assert ladder.levels == ("random", "heuristic") and ladder.deals == 2
    assert {(result.candidate, result.reference, result.preset) for result in ladder.results} == {
        ("random", "heuristic", "standard"),
        ("heuristic", "random", "standard"),
        ("random", "heuristic", "three_players"),
        ("heuristic", "random", "three_players"),
    }
    for result in ladder.results:
        assert result.deals == 2 and result.hands == 2 * Ruleset.preset(result.preset).players
    assert ladder.result("random").edge < 0 < ladder.result("heuristic", "random").edge  # type: ignore[union-attr]
    text = markdown(ladder)
    tables = [line for line in text.splitlines() if line.startswith("|")]
    header_cells = {line.count("|") for line in tables if line.startswith("| level")}
    assert len(tables) > 6 and all(line.endswith("|") for line in tables)
    for block in text.split("\n\n"):
        rows = [line for line in block.splitlines() if line.startswith("|")]
        assert len({row.count("|") for row in rows}) <= 1, block  # every row as wide as its header
    assert header_cells and "(itself)" in text
    one_by_one = [play_chunk(Chunk(Match("random", "heuristic"), deal, 1, 3)) for deal in range(2)]
    again = summarize(Match("random", "heuristic"), [deal for chunk in one_by_one for deal in chunk])
    measured = ladder.result("random")
    assert measured is not None and again == replace(measured, ms_per_card=again.ms_per_card)  # all but the clock


@pytest.mark.skipif(openspiel_missing() is not None, reason="pyspiel is not installed")
def test_an_ismcts_match_plays_inside_openspiel_with_every_seat_rotated() -> None:
    (deal,) = play_chunk(Chunk(Match("heuristic", "ismcts_500"), 0, 1, 2024))
    assert [rotation.seat for rotation in deal.rotations] == [0, 1, 2, 3]
    for rotation in deal.rotations:
        assert sum(rotation.scores) in (26, 78) and len(rotation.card_seconds) == 13
