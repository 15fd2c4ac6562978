"""The daily deal (issue 26): ``hearts_core.learner.daily``.

* one deal a day: the same cards and the same bot cards for everyone on a date, another deal the
  next day; the weekday picks the rules (a regional variant on Wednesdays and Saturdays);
* the learner's points are the first hand's, kept through storage;
* the field: the median and a place (ties share it).
"""

from __future__ import annotations

import datetime as dt

from hearts_core.learner.daily import WEEK, Field, daily_preset, daily_session
from hearts_core.store.codec import session_from_dict, session_to_dict

WEDNESDAY = dt.date(2026, 12, 9)


def _play_out(day: dt.date) -> tuple[str, ...]:
    """Play the day's deal with the same learner choices (the lowest cards): the hand as played."""
    session = daily_session(day, level="heuristic")
    if session.stage == "pass":
        session = session.pass_cards(session.hand.hands[session.seat].cards()[: session.rules.pass_count])
    while session.stage == "play":
        session = session.play(session.hand.legal_moves()[0])
    assert session.daily == day.isoformat()
    assert session.daily_result == session.game.hands[0].report.scores[session.seat]
    return tuple(str(card) for card in session.game.hands[0].state.plays())


def test_one_deal_a_day_the_same_for_everyone() -> None:
    assert daily_session(WEDNESDAY).hand == daily_session(WEDNESDAY).hand
    assert daily_session(WEDNESDAY).hand != daily_session(WEDNESDAY + dt.timedelta(days=7)).hand
    assert _play_out(WEDNESDAY) == _play_out(WEDNESDAY), "the same choices meet the same bot cards"


def test_the_weekday_picks_the_rules() -> None:
    names = [daily_preset(WEDNESDAY + dt.timedelta(days=offset)) for offset in range(-2, 5)]
    assert names == list(WEEK)
    assert names.count("standard") == 5
    assert daily_session(WEDNESDAY).rules.to_dict() != daily_session(WEDNESDAY + dt.timedelta(days=1)).rules.to_dict()


def test_a_daily_game_is_stored_and_read_back_as_daily() -> None:
    session = daily_session(WEDNESDAY, level="heuristic")
    assert session_from_dict(session_to_dict(session)) == session


def test_the_field_places_a_result_with_ties_sharing_a_place() -> None:
    field = Field((0, 3, 3, 13, 26))
    assert field.median == 3 and field.place(3) == 2 and field.place(26) == 5 and field.place(1) == 2
    assert field.histogram() == {0: 1, 3: 2, 13: 1, 26: 1}
