"""Issue 28, item 7: importing is idempotent, and a time is one UTC instant on SQLite and PostgreSQL.

The same file loaded twice (or twice at once, or in two browsers later merged by a sign-in) stores each
lesson, puzzle and review event, each reviewed hand and each practice game once, so no streak or
rating is fed twice; a re-imported game is the same game even when the learner played on since.  A
time written with an offset (``+05:00``) is stored as its UTC instant on both databases (SQLite kept
the clock time, five hours wrong); rows from before the digests stay readable and are recognised."""

from __future__ import annotations

import json
import threading
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

from sqlalchemy import insert

from hearts_core.engine.rules import Ruleset
from hearts_core.learner.practice import PracticeSession
from hearts_core.store import ProgressStore, connect, learner_key, migrate, new_token
from hearts_core.store.codec import session_to_dict
from hearts_core.store.schema import learners, lesson_events, practice_games

FILE = {"format": "hearts-academy-progress", "version": 1}
EAST = "2026-12-01T10:00:00+05:00"  # 05:00 UTC
WEST = "2026-12-01T08:30:00.250000-03:30"  # 12:00:00.25 UTC


def _learner() -> str:
    return learner_key(new_token())


def _game(seed: int = 3) -> PracticeSession:
    session = PracticeSession.start(Ruleset(), level="random", seed=seed)
    return session.pass_cards(session.hand.hands[0].cards()[:3])


def _file() -> dict[str, Any]:
    """A file written in two time zones, with every kind of event and a game."""
    return {
        **FILE,
        "lessons": [
            {"lesson": "table", "step": 1, "outcome": "wrong", "at": EAST},
            {"lesson": "table", "step": 1, "outcome": "right", "at": WEST},
        ],
        "puzzles": [
            {"puzzle": "p1", "kind": "hint", "rung": 1, "at": EAST, "rating_before": 1500.0},
            {"puzzle": "p1", "kind": "answer", "correct": True, "at": WEST, "rating_after": 1585.2},
        ],
        "review_events": [{"key": "puzzle:p1", "outcome": "right", "at": WEST}],
        "practice_reviews": [{"decisions": 13, "points_lost": 2.5, "at": EAST}],
        "games": [
            {"state": session_to_dict(_game()), "closed": False, "started_at": EAST, "updated_at": WEST},
            {"state": session_to_dict(_game(seed=9)), "closed": True, "started_at": WEST, "updated_at": WEST},
        ],
        "settings": {"look": {"speed": "slow"}},
    }


def _events(store: ProgressStore, learner: str) -> dict[str, int]:
    counts = store.counts(learner)
    return {
        name: counts[name]
        for name in ("lesson_events", "puzzle_events", "review_events", "practice_reviews", "practice_games")
    }


def test_the_same_file_twice_stores_every_event_and_game_once(database_url: str) -> None:
    store = ProgressStore.open(database_url)
    learner = _learner()
    first = store.import_progress(learner, _file())
    assert (first.lessons, first.puzzles, first.games) == (2, 2, 2)
    once = _events(store, learner)
    assert once == {
        "lesson_events": 2,
        "puzzle_events": 2,
        "review_events": 1,
        "practice_reviews": 1,
        "practice_games": 2,
    }
    again = store.import_progress(learner, json.loads(json.dumps(_file())))
    assert (again.lessons, again.puzzles, again.games) == (0, 0, 0)
    assert _events(store, learner) == once
    activity = store.activity(learner)  # what the streak and the rating chart read
    assert len(activity.lessons) == 2 and len(activity.puzzles) == 1 and len(activity.reviews) == 1
    assert store.lesson_progress(learner) == {"table": {1: "right"}}


def test_a_time_with_an_offset_is_the_same_utc_instant_on_both_databases(database_url: str) -> None:
    east = timezone(timedelta(hours=5))
    store = ProgressStore.open(database_url, clock=lambda: datetime(2026, 12, 2, 10, 0, tzinfo=east))
    learner = _learner()
    store.import_progress(learner, _file())
    store.record_lesson(learner, "passing", 0, "seen")  # a clock that is not in UTC
    exported = store.export(learner)
    assert [row["at"] for row in exported["lessons"]] == [
        "2026-12-01T05:00:00+00:00",
        "2026-12-01T12:00:00.250000+00:00",
        "2026-12-02T05:00:00+00:00",
    ]
    assert [row["at"] for row in exported["puzzles"]] == [
        "2026-12-01T05:00:00+00:00",
        "2026-12-01T12:00:00.250000+00:00",
    ]
    assert {(game["started_at"], game["updated_at"]) for game in exported["games"]} == {
        ("2026-12-01T05:00:00+00:00", "2026-12-01T12:00:00.250000+00:00"),
        ("2026-12-01T12:00:00.250000+00:00", "2026-12-01T12:00:00.250000+00:00"),
    }
    assert store.activity(learner).lessons[0][3] == datetime(2026, 12, 1, 5, 0, tzinfo=UTC)
    assert store.activity(learner).hands[0][0] == datetime(2026, 12, 1, 5, 0, tzinfo=UTC)


def test_two_imports_of_one_file_at_once_store_it_once(database_url: str) -> None:
    tabs = [ProgressStore.open(database_url) for _ in range(2)]  # two server processes
    learner = _learner()
    tabs[0].record_lesson(learner, "passing", 0, "seen")
    big = _file()
    big["lessons"] = [
        {
            "lesson": "many",
            "step": step % 500,
            "outcome": "seen",
            "at": f"2026-12-01T10:{step // 600:02d}:{step // 10 % 60:02d}.{step % 10}00000+05:00",
        }
        for step in range(3_000)
    ]
    errors: list[BaseException] = []

    def load(tab: ProgressStore) -> None:
        try:
            tab.import_progress(learner, big)
        except BaseException as error:  # reported below
            errors.append(error)

    threads = [threading.Thread(target=load, args=(tab,)) for tab in tabs]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert _events(tabs[0], learner)["lesson_events"] == 3_001
    assert _events(tabs[0], learner)["practice_games"] == 2


def test_a_re_imported_game_is_the_same_game(database_url: str) -> None:
    store = ProgressStore.open(database_url)
    home, school = _learner(), _learner()
    game = _game()
    saved = store.save_game(home, game, None)
    mid_game = store.export(home)  # exported mid-game
    store.save_game(home, game.play(game.hand.legal_moves()[0]), saved)  # then played on
    assert store.import_progress(home, mid_game).games == 0  # the learner's own game, not a second one
    assert store.counts(home)["practice_games"] == 1
    assert store.import_progress(school, mid_game).games == 1
    assert store.import_progress(school, store.export(home)).games == 0  # the same game, further on
    assert store.counts(school)["practice_games"] == 1


def test_the_learners_own_file_imported_back_adds_nothing(database_url: str) -> None:
    store = ProgressStore.open(database_url)
    learner = _learner()
    store.record_lesson(learner, "table", 0, "seen")
    store.record_lesson(learner, "table", 0, "right")
    store.save_game(learner, _game(), None)
    store.record_practice_review(learner, 12, 3.0)
    before = _events(store, learner)
    summary = store.import_progress(learner, json.loads(json.dumps(store.export(learner))))
    assert (summary.lessons, summary.puzzles, summary.games) == (0, 0, 0)
    assert _events(store, learner) == before


def test_a_file_loaded_in_two_browsers_is_kept_once_after_signing_in(database_url: str) -> None:
    store = ProgressStore.open(database_url)
    laptop, phone = _learner(), _learner()
    store.import_progress(laptop, _file())
    store.import_progress(phone, _file())
    store.record_lesson(phone, "passing", 2, "right")
    assert store.sign_in("issuer|ann", laptop) == laptop
    assert store.sign_in("issuer|ann", phone) == laptop
    assert _events(store, laptop) == {
        "lesson_events": 3,
        "puzzle_events": 2,
        "review_events": 1,
        "practice_reviews": 1,
        "practice_games": 2,
    }
    assert store.lesson_progress(laptop) == {"table": {1: "right"}, "passing": {2: "first"}}


def test_rows_from_before_the_digests_stay_readable_and_are_recognised(database_url: str) -> None:
    engine = connect(database_url)
    migrate(engine, "0003")
    learner = _learner()
    moment = datetime(2026, 11, 30, 18, 0, tzinfo=UTC)
    with engine.begin() as connection:  # rows as the third schema kept them, twice (an old re-import)
        connection.execute(insert(learners).values(id=learner, created_at=moment, seen_at=moment))
        for _ in range(2):
            connection.execute(
                insert(lesson_events).values(learner=learner, lesson="table", step=3, outcome="right", at=moment)
            )
        connection.execute(
            insert(practice_games).values(
                learner=learner,
                state=json.dumps(session_to_dict(_game())),
                closed=True,
                version=2,
                started_at=moment,
                updated_at=moment,
            )
        )
    engine.dispose()

    store = ProgressStore.open(database_url)  # upgrades to the newest revision
    assert store.lesson_events(learner) == [("table", 3, "right"), ("table", 3, "right")]
    assert len(store.games(learner)) == 1
    summary = store.import_progress(learner, store.export(learner))
    assert (summary.lessons, summary.games) == (0, 0)
    assert store.counts(learner)["lesson_events"] == 2
    other = _learner()
    assert store.import_progress(other, store.export(learner)).lessons == 1  # the file's two are one event
