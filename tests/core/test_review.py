"""The game review (issue 25): ``hearts_core.learner.review``.

* a deliberate blunder (winning a trick that collects the queen of spades when a low heart ducks
  it) is classed a blunder, with its cost, and is the hand's first key moment;
* the classes follow their documented limits in points, and the accuracy is the share of best
  and good decisions;
* luck against skill replays the same cards with the engine in the learner's seat;
* a game's review counts every decision of every hand once; each class has its PHN mark.
"""

from __future__ import annotations

import random

import pytest

from hearts_core import CardSet, HandState, Ruleset
from hearts_core.ai.bots import HeuristicBot, play_hand
from hearts_core.ai.view import PlayerView
from hearts_core.learner.practice import PracticeSession
from hearts_core.learner.review import (
    CLASS_LIMITS,
    REVIEW_MARKS,
    GameReview,
    classify,
    luck_and_skill,
    review_hand,
)
from hearts_core.phn import GLYPHS


def _queen_ending() -> HandState:
    """West led the 8H; South holds the 2H and the TH, North has no heart but the QS (the solver's
    example): the TH takes the queen, the 2H ducks it."""
    hands = "2H TH / 3H 4S / 5S QS / 6S"
    rest = CardSet.full_deck() - CardSet.parse(hands.replace("/", " ") + " 8H")
    text = f"hands: {hands}; taken: - / {rest} / - / -; won: 0 11 0 0; trick: 3 8H"
    return HandState.from_position(Ruleset(), text)


def test_a_deliberate_blunder_is_classed_with_its_cost_and_comes_first() -> None:
    start = _queen_ending()
    hand = play_hand(start.play("TH"), [HeuristicBot()] * 4, seed=1)
    assert "QS" in {str(card) for card in hand.taken[0]}, "the TH took the queen"
    review = review_hand(hand, seat=0, worlds=200)
    blunder = review.decisions[0]
    assert (blunder.played, blunder.best, blunder.label) == ("TH", "2H", "blunder")
    assert blunder.loss > 4.0 and blunder.trick == start.trick_number + 1
    assert review.key_moments[0] == blunder
    assert review.accuracy < 1.0


def test_the_best_card_is_classed_best_and_loses_nothing() -> None:
    hand = play_hand(_queen_ending().play("2H"), [HeuristicBot()] * 4, seed=1)
    review = review_hand(hand, seat=0, worlds=200)
    assert review.decisions[0].label == "best" and review.decisions[0].loss == 0.0
    assert review.key_moments == () or review.key_moments[0].index != 0


@pytest.mark.parametrize(
    ("loss", "expected"), [(0.0, "best"), (0.5, "good"), (1.5, "inaccuracy"), (4.0, "mistake"), (4.01, "blunder")]
)
def test_classes_follow_their_limits(loss: float, expected: str) -> None:
    assert classify(loss) == expected
    limits = [limit for _, limit in CLASS_LIMITS]
    assert limits == sorted(limits), "each class allows more loss than the one before"


def test_accuracy_is_the_share_of_best_and_good_decisions() -> None:
    hand = play_hand(HandState.deal(Ruleset(pass_cycle=("hold",)), seed=9), [HeuristicBot()] * 4, seed=9)
    review = review_hand(hand, seat=0, worlds=100)
    counts = review.counts()
    assert sum(counts.values()) == len(review.decisions)
    assert review.accuracy == pytest.approx((counts["best"] + counts["good"]) / len(review.decisions))
    assert [moment.loss for moment in review.key_moments] == sorted(
        (moment.loss for moment in review.key_moments), reverse=True
    )


def test_luck_and_skill_replays_the_same_cards_with_the_engine_in_the_seat() -> None:
    hand = play_hand(HandState.deal(Ruleset(), seed=4), [HeuristicBot()] * 4, seed=4)
    weighed = luck_and_skill(hand, 0, replays=3, worlds=32)
    assert weighed.points == hand.scores()[0] and len(weighed.engine_points) == 3
    assert all(0 <= points <= 26 for points in weighed.engine_points)
    assert weighed.from_decisions == pytest.approx(weighed.points - sum(weighed.engine_points) / 3)
    with pytest.raises(ValueError, match="finished"):
        luck_and_skill(HandState.deal(Ruleset(), seed=4), 0)


def test_a_hand_is_tried_again_from_a_key_moment_of_its_review() -> None:
    session = PracticeSession.start(Ruleset(), seed=3)
    while session.stage in ("pass", "play"):
        if session.stage == "pass":
            session = session.pass_cards(list(session.hand.hands[session.seat])[: session.rules.pass_count])
        else:
            session = session.play(session.hand.legal_moves()[-1])  # the highest card: costly decisions
    if session.stage == "moon":
        session = session.choose_moon("add_to_others")
    assert session.stage == "hand_over"
    finished = session.game.hands[-1].state
    review = review_hand(finished, session.seat, worlds=100)
    moment = next(decision for decision in review.decisions if not decision.is_pass)
    again = session.retry_from(moment.state)
    assert again.stage == "play" and again.hand == moment.state and again.is_practice
    assert len(again.game.hands) == 0, "the hand leaves the record until it is finished again"
    other = session.retry_from(review.decisions[-1].state)
    assert other.hand.plays() == finished.plays()[: review.decisions[-1].index]
    others_turn = finished.record_start()
    for card in finished.plays():
        if others_turn.to_play != session.seat:
            break
        others_turn = others_turn.play(card)
    with pytest.raises(ValueError, match="your turns"):
        session.retry_from(others_turn)


def _passed_and_played(deal: HandState, mine: list[str], seed: int) -> HandState:
    """``deal`` with South passing ``mine`` and the others the heuristic's pass, played out by the bots."""
    bot = HeuristicBot()
    rng = random.Random(seed)
    passes = {seat: bot.choose_pass(PlayerView.from_state(deal, seat), rng) for seat in range(1, 4)}
    state = deal.with_passes({0: mine, **passes})
    return play_hand(state, [HeuristicBot()] * 4, seed=seed)


def test_the_pass_is_weighed_against_the_engines_passes_and_its_best_pass_is_best() -> None:
    deal = HandState.deal(Ruleset(), seed=11)  # hand 0: pass left
    lowest = [str(card) for card in sorted(deal.hands[0].cards(), key=lambda card: card.rank)[:3]]
    review = review_hand(_passed_and_played(deal, lowest, 1), seat=0, worlds=200)
    passed = review.decisions[0]
    assert passed.is_pass and sorted(passed.played.split()) == sorted(lowest) and passed.trick == 0
    assert passed.loss >= 0 and len(passed.best.split()) == 3
    again = review_hand(_passed_and_played(deal, passed.best.split(), 1), seat=0, worlds=200)
    assert again.decisions[0].is_pass and again.decisions[0].label == "best" and again.decisions[0].loss == 0.0
    hold = play_hand(HandState.deal(Ruleset(pass_cycle=("hold",)), seed=11), [HeuristicBot()] * 4, seed=1)
    assert not any(decision.is_pass for decision in review_hand(hold, seat=0, worlds=50).decisions)


def test_the_game_review_weighs_every_decision_of_every_hand_once() -> None:
    blundered = review_hand(play_hand(_queen_ending().play("TH"), [HeuristicBot()] * 4, seed=1), seat=0, worlds=200)
    dealt = play_hand(HandState.deal(Ruleset(pass_cycle=("hold",)), seed=9), [HeuristicBot()] * 4, seed=9)
    whole_hand = review_hand(dealt, seat=0, worlds=100)
    game = GameReview((whole_hand, blundered))
    decisions = whole_hand.decisions + blundered.decisions
    right = sum(decision.label in ("best", "good") for decision in decisions)
    assert game.accuracy == pytest.approx(right / len(decisions))
    assert game.points_lost == pytest.approx(whole_hand.points_lost + blundered.points_lost)
    assert game.key_moments[0].played == "TH", "the queen taken with the ten is the game's costliest decision"
    assert sum(game.counts().values()) == len(decisions)


def test_each_class_has_its_annotation_mark_for_the_record() -> None:
    assert [REVIEW_MARKS[name] for name, _ in CLASS_LIMITS] == ["!", "", "?!", "?", "??"]
    assert all(mark in ("", *GLYPHS) for mark in REVIEW_MARKS.values())
