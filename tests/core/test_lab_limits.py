"""One learner's request cannot take the machine: a simulation's size is bounded, its play stops at a
time budget keeping what it played, and a shared link cannot ask for absurd games."""

from __future__ import annotations

import dataclasses

import pytest

from hearts_core import Ruleset, lab
from hearts_core.words.echo import ECHO_LIMIT


def test_a_simulation_asks_for_at_most_the_limits() -> None:
    rules = Ruleset()
    with pytest.raises(ValueError, match="at most 20000 deals"):
        lab.SimulationJob.start(rules, rules, total=lab.MAX_DEALS + 1, seed=1)
    with pytest.raises(ValueError, match="at most 1000 games"):
        lab.SimulationJob.start(rules, rules, total=lab.MAX_GAMES + 1, seed=1, games_mode=True)
    assert lab.SimulationJob.start(rules, rules, total=lab.MAX_DEALS, seed=1).total == lab.MAX_DEALS


def test_a_simulation_stops_at_its_time_budget_with_what_it_played() -> None:
    job = lab.SimulationJob.start(Ruleset(), Ruleset(first_trick="anything"), total=5_000, seed=3, policy="random")
    job = dataclasses.replace(job, budget=0.0).next_chunk()
    assert job.finished and job.cancelled and job.stopped == "time"
    assert job.done == lab.HAND_CHUNK and job.result().pairs == lab.HAND_CHUNK
    assert job.next_chunk() is job


def test_cancelling_says_why_it_stopped() -> None:
    job = lab.SimulationJob.start(Ruleset(), Ruleset(), total=100, seed=3).cancel()
    assert job.stopped == "cancelled" and job.finished


@pytest.mark.parametrize(
    ("code", "field"),
    [
        ("standard~target_score=999999999", "target_score"),
        ("standard~max_hands=5000", "max_hands"),
        ("omnibus~penalties=QS99999", "penalties"),
    ],
)
def test_a_shared_link_cannot_ask_for_absurd_games(code: str, field: str) -> None:
    with pytest.raises(ValueError) as refused:
        lab.decode_ruleset(code)
    assert str(refused.value).startswith(field)


def test_what_a_link_said_is_echoed_short() -> None:
    with pytest.raises(ValueError) as refused:
        lab.decode_ruleset("nonsense" * 1_000)
    assert "…" in str(refused.value) and "nonsense" * 11 not in str(refused.value)
    with pytest.raises(ValueError) as bad_deal:
        lab.parse_deal_text(Ruleset(), "deal: " + " / ".join(["Z" * 5_000] * 4))
    assert len(str(bad_deal.value)) < ECHO_LIMIT + 300
