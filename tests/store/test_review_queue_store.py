"""The review queue in the database (issue 26), on SQLite and PostgreSQL: cards queued once, answers
folded through FSRS (right: later; wrong: soon; suspended: never due), two tabs keeping both,
export and import, forget me and sign-in merges covering the new tables."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest

from hearts_core import CardSet, HandState
from hearts_core.engine.rules import Ruleset
from hearts_core.learner.review_queue import QueueCard, lesson_card, puzzle_card, rules_text
from hearts_core.store import ProgressStore, StoredDataError, learner_key, new_token

START = datetime(2026, 12, 5, 9, 0, tzinfo=UTC)


class Clock:
    """A clock the test moves (instead of waiting)."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now


def _queen_ending() -> HandState:
    hands = "2H TH / 3H 4S / 5S QS / 6S"
    rest = CardSet.full_deck() - CardSet.parse(hands.replace("/", " ") + " 8H")
    return HandState.from_position(Ruleset(), f"hands: {hands}; taken: - / {rest} / - / -; won: 0 11 0 0; trick: 3 8H")


_QUEEN_ENDING = _queen_ending()


def _position_card() -> QueueCard:
    return QueueCard(
        "play:abc",
        "play",
        START,
        rules=rules_text(Ruleset()),
        position=_QUEEN_ENDING.to_notation(),
        seat=0,
        answer="TH",
        best="2H",
        loss=15.9,
    )


def test_a_card_is_queued_once_and_its_answers_move_its_due_time(database_url: str) -> None:
    clock = Clock()
    store = ProgressStore.open(database_url, clock=clock)
    learner = learner_key(new_token())
    assert store.add_review_cards(learner, [_position_card(), puzzle_card("lead-low", START)]) == 2
    assert store.add_review_cards(learner, [_position_card()]) == 0, "the same mistake is one card"
    queue = store.review_queue(learner)
    assert [card.card.key for card in queue.due] == ["play:abc", "puzzle:lead-low"]
    assert queue.card("play:abc") is not None and queue.card("play:abc").card == _position_card()  # type: ignore[union-attr]

    right = store.record_review(learner, "play:abc", "right").card("play:abc")
    assert right is not None and right.due == START + timedelta(days=1)
    clock.now = START + timedelta(days=1, hours=1)
    wrong = store.record_review(learner, "puzzle:lead-low", "wrong").card("puzzle:lead-low")
    assert wrong is not None and wrong.due == clock.now + timedelta(minutes=10), "a miss comes back soon"
    again = store.record_review(learner, "play:abc", "right").card("play:abc")
    assert again is not None and again.learned and again.due - clock.now >= timedelta(days=2)
    suspended = store.record_review(learner, "puzzle:lead-low", "suspend")
    clock.now += timedelta(days=30)
    assert "puzzle:lead-low" not in [card.card.key for card in store.review_queue(learner).due]
    assert len(suspended.suspended) == 1
    with pytest.raises(ValueError, match="outcome"):
        store.record_review(learner, "play:abc", "great")


def test_two_tabs_answering_keep_both_answers(database_url: str) -> None:
    clock = Clock()
    tabs = [ProgressStore.open(database_url, clock=clock) for _ in range(2)]
    learner = learner_key(new_token())
    tabs[0].add_review_cards(learner, [lesson_card("table", 3, START)])
    tabs[1].add_review_cards(learner, [puzzle_card("p", START)])
    tabs[0].record_review(learner, "lesson:table:3", "right")
    queue = tabs[1].record_review(learner, "puzzle:p", "wrong")
    assert {card.card.key: card.reviews for card in queue.cards} == {"lesson:table:3": 1, "puzzle:p": 1}


def test_export_import_forget_and_sign_in_cover_the_queue(database_url: str) -> None:
    clock = Clock()
    store = ProgressStore.open(database_url, clock=clock)
    home, school = learner_key(new_token()), learner_key(new_token())
    store.add_review_cards(home, [_position_card(), lesson_card("table", 3, START)])
    store.record_review(home, "play:abc", "right")
    exported = json.loads(json.dumps(store.export(home)))
    assert len(exported["review_cards"]) == 2 and len(exported["review_events"]) == 1
    store.import_progress(school, exported)
    store.import_progress(school, exported)  # twice: nothing doubled
    assert store.counts(school)["review_cards"] == 2 and store.counts(school)["review_events"] == 1
    assert store.review_queue(school).cards == store.review_queue(home).cards

    broken = {**exported, "review_cards": [{**exported["review_cards"][0], "kind": "chess"}]}
    with pytest.raises(StoredDataError) as refused:
        store.import_progress(school, broken)
    assert refused.value.path == "review_cards[0].kind"
    by_kind = {card["kind"]: card for card in exported["review_cards"]}
    for broken_card in (
        {**by_kind["play"], "position": "hand: 0; deal: 9X"},
        {**by_kind["play"], "rules": "{not json"},
        {**by_kind["play"], "seat": 2},
        {**by_kind["lesson"], "source": "table:three"},
    ):
        with pytest.raises(StoredDataError) as refused:
            store.import_progress(school, {**exported, "review_cards": [broken_card]})
        assert refused.value.path == "review_cards[0]" and refused.value.code == "cannot_rebuild"

    # Signing in on a browser with its own queue moves it to the account's learner.
    store.sign_in("issuer|me", home)
    phone = learner_key(new_token())
    store.add_review_cards(phone, [puzzle_card("p", START)])
    assert store.sign_in("issuer|me", phone) == home
    assert {card.card.key for card in store.review_queue(home).cards} == {"play:abc", "lesson:table:3", "puzzle:p"}

    store.forget(home)
    assert store.counts(home)["review_cards"] == store.counts(home)["review_events"] == 0
    assert store.counts(school)["review_cards"] == 2


def test_the_daily_deal_keeps_each_learners_first_result_and_the_field_holds_everyone(database_url: str) -> None:
    clock = Clock()
    store = ProgressStore.open(database_url, clock=clock)
    anna, boris = learner_key(new_token()), learner_key(new_token())
    assert store.record_daily(anna, "2026-12-05", 3)
    assert not store.record_daily(anna, "2026-12-05", 0), "only the first result counts"
    assert store.record_daily(boris, "2026-12-05", 13)
    store.record_daily(boris, "2026-12-04", 26)
    assert store.daily_field("2026-12-05") == (3, 13)
    assert store.daily_result(anna, "2026-12-05") == 3 and store.daily_result(anna, "2026-12-04") is None
    store.record_practice_review(anna, 12, 3.5)
    activity = store.activity(anna)
    assert activity.dailies == (START,) and activity.hands == ((START, 12, 3.5),)

    exported = json.loads(json.dumps(store.export(anna)))
    copy = learner_key(new_token())
    store.import_progress(copy, exported)
    store.import_progress(copy, exported)
    assert store.daily_result(copy, "2026-12-05") == 3 and store.activity(copy).hands == activity.hands
    store.forget(anna)
    assert store.daily_result(anna, "2026-12-05") is None and store.counts(anna)["practice_reviews"] == 0
