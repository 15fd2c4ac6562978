"""Issue 29: inference from the play, exact endings, and the expert level.

The worlds of the hint and of the expert are weighted by what the others' plays revealed
(``hearts_core.ai.worlds.weighted_worlds``, counted by the kernel's ``play_mismatches``), and
short endings with the hand's history are judged by the exact solver in those worlds
(``hearts_core.ai.exact``)."""

from __future__ import annotations

import os
import random
import subprocess
import sys

import numpy as np
import pytest

from hearts_core import HandState, Ruleset
from hearts_core.ai.bots import HeuristicBot, MonteCarloBot, heuristic_pass, play_hand
from hearts_core.ai.exact import exact_applies
from hearts_core.ai.expert import ExpertBot
from hearts_core.ai.hints import play_hint
from hearts_core.ai.levels import LEVELS, make_bot
from hearts_core.ai.view import PlayerView, sample_worlds
from hearts_core.ai.worlds import MIN_EFFECTIVE_SHARE, play_mismatches, tempered_weights, weighted_worlds
from hearts_core.search.solver import solve

from .test_bots import _shuffled_others
from .test_properties import BASES, Players, base_rules


def self_play_ending(seed: int, tricks_left: int) -> HandState:
    """benchmarks/hint_quality.py's endings: heuristic self-play (heuristic passes) down to
    ``tricks_left`` tricks and 0-3 cards more."""
    rules = Ruleset()
    rng = random.Random(seed)
    state = HandState.deal(rules, rng.getrandbits(64), hand_number=seed % 4)
    if state.phase == "pass":
        state = state.with_passes(
            {seat: heuristic_pass(PlayerView.from_state(state, seat)) for seat in range(rules.players)}
        )
    bot = HeuristicBot()
    extra = rng.randrange(rules.players)
    for _ in range((rules.hand_size - tricks_left) * rules.players + extra):
        seat = state.to_play
        assert seat is not None
        state = state.play(bot.choose_card(PlayerView.from_state(state, seat), rng).card)
    return state


def _view(state: HandState) -> PlayerView:
    seat = state.to_play
    assert seat is not None
    return PlayerView.from_state(state, seat)


def test_the_true_deal_of_heuristic_self_play_has_no_mismatch_and_others_do() -> None:
    state = self_play_ending(202600007, 6)
    view = _view(state)
    truth = np.array([[hand.mask for hand in state.hands]], dtype=np.int64)
    assert play_mismatches(view, truth) is not None
    assert play_mismatches(view, truth).tolist() == [0]  # type: ignore[union-attr]
    sampled = sample_worlds(view, 200, random.Random(3))
    misses = play_mismatches(view, sampled)
    assert misses is not None and misses.max() >= 2 and (misses == 0).sum() < 200


def test_a_position_without_history_is_not_inferred_from() -> None:
    state = self_play_ending(202600007, 6)
    bare = HandState.from_position(state.rules, state.to_position())
    view = _view(bare)
    assert play_mismatches(view, sample_worlds(view, 4, random.Random(1))) is None
    assert not exact_applies(view) and exact_applies(_view(state))


def _heuristic_hand_to(rules: Ruleset, tricks_left: int) -> PlayerView:
    """The view of the seat to lead with ``tricks_left`` tricks left, after heuristic self-play."""
    state = HandState.deal(rules, 7, hand_number=0)
    if state.phase == "pass":
        state = state.with_passes(
            {seat: heuristic_pass(PlayerView.from_state(state, seat)) for seat in range(rules.players)}
        )
    bot, rng = HeuristicBot(), random.Random(7)
    while state.to_play is not None and PlayerView.from_state(state, state.to_play).hand.bit_count() > tricks_left:
        state = state.play(bot.choose_card(_view(state), rng).card)
    return _view(state)


@pytest.mark.parametrize(
    ("preset", "solved", "not_solved"),
    [("standard", 6, 7), ("three_players", 6, 7), ("five_players", 4, 5), ("six_players", 4, 5)],
)
def test_endings_are_solved_up_to_a_four_player_six_trick_ending_in_cards(
    preset: str, solved: int, not_solved: int
) -> None:
    # Six tricks of six players took the solver up to 27 s a hint (32 deals of 36 cards): an ending is
    # judged exactly only when it holds at most as many cards as six tricks of four players.
    rules = Ruleset.preset(preset)
    assert exact_applies(_heuristic_hand_to(rules, solved))
    assert not exact_applies(_heuristic_hand_to(rules, not_solved))


def test_weighted_worlds_look_like_the_play() -> None:
    view = _view(self_play_ending(202600011, 6))
    uniform = play_mismatches(view, sample_worlds(view, 256, random.Random(5)))
    distinct, times = weighted_worlds(view, 256, random.Random(5))
    weighted = play_mismatches(view, np.repeat(distinct, times, axis=0))
    assert uniform is not None and weighted is not None
    assert int(times.sum()) == 256
    assert weighted.mean() < 0.5 * uniform.mean()


def test_mismatches_are_the_same_when_the_kernel_runs_as_plain_python() -> None:
    view = _view(self_play_ending(202600011, 6))
    sampled = sample_worlds(view, 12, random.Random(9))
    compiled = play_mismatches(view, sampled)
    assert compiled is not None
    script = (
        "import numpy as np, random\n"
        "from tests.core.test_expert import self_play_ending, _view\n"
        "from hearts_core.ai.view import sample_worlds\n"
        "from hearts_core.ai.worlds import play_mismatches\n"
        "view = _view(self_play_ending(202600011, 6))\n"
        "print(play_mismatches(view, sample_worlds(view, 12, random.Random(9))).tolist())\n"
    )
    environment = {**os.environ, "HEARTS_COMPILED": "0"}
    output = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=environment, check=True
    ).stdout
    assert output.strip() == str(compiled.tolist())


def test_the_hint_solves_a_self_play_ending_in_inferred_deals() -> None:
    # Seat to play holds TC 4H TH 9S QS with five tricks left: the queen must go now (6 points
    # on the true deal against 19 for the TC that heuristic playouts preferred).
    state = self_play_ending(202600007, 5)
    seat = state.to_play
    hint = play_hint(state, worlds=128, seed=202600007)
    result = solve(state, "min_points", seat)
    assert result.best == ("QS",)
    assert hint.recommended == "QS" and hint.option("QS").worlds > 0
    # The deals differ on the other cards: a judgement over deals, never "certain".
    assert hint.costs["TC"] > 0.5 and hint.certainty != "certain"


def test_expert_level_is_offered_and_built() -> None:
    assert LEVELS[:3] == ("random", "heuristic", "monte_carlo") and "expert" in LEVELS
    bot = make_bot("expert", worlds=32)
    assert isinstance(bot, ExpertBot) and isinstance(bot, MonteCarloBot) and bot.worlds == 32


@pytest.mark.parametrize("seed", [202600007, 202600014])
def test_the_expert_solves_an_ending_the_monte_carlo_bot_misses(seed: int) -> None:
    state = self_play_ending(seed, 5)
    view = _view(state)
    result = solve(state, "min_points", view.seat)
    for draw in range(3):
        expert = ExpertBot().choose_card(view, random.Random(draw)).card
        monte_carlo = MonteCarloBot().choose_card(view, random.Random(draw)).card
        assert str(expert) in result.best and str(monte_carlo) not in result.best


def test_the_expert_does_not_see_hidden_cards() -> None:
    rng = random.Random(11)
    bot = make_bot("expert", worlds=16)
    rules = Ruleset(pass_cycle=("hold",))
    for deal in range(4):
        state = HandState.deal(rules, deal, 3)
        for _ in range(rng.randrange(20, 40)):
            state = state.play(rng.choice(state.legal_moves()))
        state = HandState.from_position(rules, state.to_position())
        seat = state.to_play
        assert seat is not None
        other = _shuffled_others(state, seat, rng)
        view, other_view = PlayerView.from_state(state, seat), PlayerView.from_state(other, seat)
        assert bot.choose_card(view, random.Random(deal)) == bot.choose_card(other_view, random.Random(deal))


@pytest.mark.parametrize(("name", "players"), BASES, ids=lambda value: str(value))
def test_the_expert_plays_whole_hands_under_every_ruleset(name: str, players: Players) -> None:
    rules = base_rules(name, players)
    bots = [make_bot("expert" if seat % 2 == 0 else "heuristic", worlds=4) for seat in range(rules.players)]
    final = play_hand(HandState.deal(rules, f"{name}-expert", 1), bots, seed=1)
    assert final.phase == "over"


def test_tempered_weights_keep_enough_deals() -> None:
    misses = np.arange(64, dtype=np.int64)  # every deal differs: untempered, one deal would carry it all
    weights = tempered_weights(misses, 64)
    assert weights.sum() ** 2 / (weights**2).sum() >= MIN_EFFECTIVE_SHARE * 64 - 1e-6
    assert (np.diff(weights) <= 0).all() and weights[-1] < weights[0]
    alike = np.zeros(64, dtype=np.int64)
    assert (tempered_weights(alike, 64) == 1.0).all()


def test_threat_playouts_price_a_moon_and_match_plain_python() -> None:
    # Seat 0 has taken every penalty card so far; seat 1 plays out with seat 0 going for the moon.
    script = "import random\nfrom tests.core.test_expert import threat_outcome\nprint(threat_outcome())\n"
    compiled = threat_outcome()
    assert compiled[1] > 0  # the moon is made in some worlds once seat 0 goes for it
    environment = {**os.environ, "HEARTS_COMPILED": "0"}
    output = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=environment, check=True
    ).stdout
    assert output.strip() == str(compiled)


def threat_outcome() -> tuple[int, int]:
    """Seat 1's total score and the moons made by seat 0 over 16 worlds of a seeded self-play
    position in which seat 0 alone has taken penalty cards, seat 0 shooting in the playouts."""
    from hearts_core.ai.worlds import Worlds

    for seed in range(200):
        state = self_play_ending(seed, 8)
        view = _view(state)
        penalty = state.rules.tables.penalty_mask
        holders = [seat for seat, mask in enumerate(state.taken_masks) if mask & penalty]
        if holders == [0] and view.seat != 0:
            worlds = Worlds(view, 16, random.Random(seed))
            card = int(view.legal_cards()[0])
            outcome = worlds.play_out(card, shoot=False, epsilon=0.05, shooter=0)
            plain = worlds.play_out(card, shoot=False, epsilon=0.05)
            moons = int((outcome.shooter == 0).sum())
            if moons > int((plain.shooter == 0).sum()):  # a position where the shooting seat matters
                return int(outcome.scores[:, view.seat].sum()), moons
    raise AssertionError("no seeded position with a lone collector")
