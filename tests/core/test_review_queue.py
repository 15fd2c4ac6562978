"""The review queue (issue 26): ``hearts_core.learner.review_queue``.

* a practice decision classed a mistake or a blunder becomes a card; a good one does not;
* a card's answer is judged as the game review weighs a decision: the blunder again is wrong, the
  best card right; a pass the same way;
* FSRS: a right answer never brings a card back sooner than a wrong one would, a suspended card is
  never due, and the schedule is the same whatever order the events were stored in.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from hearts_core import CardSet, HandState, Ruleset
from hearts_core.ai.bots import HeuristicBot, play_hand
from hearts_core.learner.review import review_hand
from hearts_core.learner.review_queue import (
    Outcome,
    QueueCard,
    QueueEvent,
    build_queue,
    card_from_decision,
    card_position,
    is_right,
    judge_pass,
    judge_play,
    puzzle_card,
    schedule,
)

START = datetime(2026, 12, 5, 9, tzinfo=UTC)


def _queen_ending() -> HandState:
    hands = "2H TH / 3H 4S / 5S QS / 6S"
    rest = CardSet.full_deck() - CardSet.parse(hands.replace("/", " ") + " 8H")
    text = f"hands: {hands}; taken: - / {rest} / - / -; won: 0 11 0 0; trick: 3 8H"
    return HandState.from_position(Ruleset(), text)


def test_a_blunder_becomes_a_card_that_is_judged_again_by_the_engine() -> None:
    hand = play_hand(_queen_ending().play("TH"), [HeuristicBot()] * 4, seed=1)
    blunder = review_hand(hand, seat=0, worlds=200).decisions[0]
    card = card_from_decision(blunder, 0, START)
    assert card is not None and (card.kind, card.answer, card.best) == ("play", "TH", "2H")
    position = card_position(card)
    assert position == _queen_ending()
    assert not is_right(judge_play(position, "TH", worlds=200))
    assert is_right(judge_play(position, "2H", worlds=200))
    best = play_hand(_queen_ending().play("2H"), [HeuristicBot()] * 4, seed=1)
    assert card_from_decision(review_hand(best, seat=0, worlds=200).decisions[0], 0, START) is None


def test_a_pass_is_judged_against_the_engines_passes() -> None:
    dealt = HandState.deal(Ruleset(), seed=11)
    lowest = [str(card) for card in sorted(dealt.hands[0], key=lambda card: card.rank)[:3]]
    judged = judge_pass(dealt, 0, lowest, worlds=200)
    assert judged.is_pass and judged.loss >= 0 and judged.played == str(CardSet.parse(" ".join(lowest)))
    best = judge_pass(dealt, 0, judged.best.split(), worlds=200)
    assert is_right(best), "the engine's own best pass is right"


@settings(max_examples=60, deadline=None)
@given(outcomes=st.lists(st.sampled_from(["right", "wrong"]), max_size=8), gaps=st.integers(1, 10_000))
def test_right_never_brings_a_card_back_sooner_than_wrong(outcomes: list[Outcome], gaps: int) -> None:
    card = puzzle_card("p", START)
    events = [
        QueueEvent(card.key, outcome, START + timedelta(minutes=gaps * index)) for index, outcome in enumerate(outcomes)
    ]
    now = START + timedelta(minutes=gaps * len(outcomes))
    right = schedule(card, [*events, QueueEvent(card.key, "right", now)])
    wrong = schedule(card, [*events, QueueEvent(card.key, "wrong", now)])
    assert right.due >= wrong.due > now
    shuffled = events[:]
    random.Random(gaps).shuffle(shuffled)
    assert schedule(card, shuffled) == schedule(card, events), "stored in any order, folded by time"


def test_the_queue_puts_due_cards_first_and_a_suspended_card_is_never_due() -> None:
    cards = [
        puzzle_card("a", START),
        puzzle_card("b", START + timedelta(hours=1)),
        QueueCard("lesson:t:1", "lesson", START),
    ]
    events = [
        QueueEvent("puzzle:a", "right", START + timedelta(hours=2)),
        QueueEvent("lesson:t:1", "suspend", START + timedelta(hours=2)),
    ]
    queue = build_queue(cards, events, START + timedelta(hours=3))
    assert [card.card.key for card in queue.due] == ["puzzle:b"]
    assert queue.next_due == START + timedelta(days=1, hours=2)
    assert [card.card.key for card in queue.suspended] == ["lesson:t:1"]
    resumed = build_queue(
        cards, [*events, QueueEvent("lesson:t:1", "resume", START + timedelta(hours=3))], START + timedelta(hours=3)
    )
    assert {card.card.key for card in resumed.due} == {"puzzle:b", "lesson:t:1"}
