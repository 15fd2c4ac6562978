"""Issue 28, items 3 and 5: an imported file's every value is checked before anything is written, on
SQLite and PostgreSQL.  A time far outside the app's years (``0001-01-01T00:00:00+14:00`` was stored on
PostgreSQL as a date BC that broke the learner's "Saved progress" page for good), a number that is not
finite or too long, a text with a NUL or longer than its column, JSON nested 100,000 deep: each is
refused with the path of the bad value in the file, never a traceback, and what was stored stays."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import pytest
from sqlalchemy import insert, text

from hearts_core.engine.rules import Ruleset
from hearts_core.learner.practice import PracticeSession
from hearts_core.store import ProgressStore, StoredDataError, connect, learner_key, migrate, new_token
from hearts_core.store.codec import session_to_dict
from hearts_core.store.progress_file import MAX_DEPTH, parse_export, read_progress_file
from hearts_core.store.schema import learners, lesson_events, settings

FILE = {"format": "hearts-academy-progress", "version": 1}
AT = "2026-12-01T10:00:00+00:00"


def _lesson(**changes: Any) -> dict[str, Any]:
    return {"lesson": "table", "step": 1, "outcome": "seen", "at": AT, **changes}


def _puzzle(**changes: Any) -> dict[str, Any]:
    return {"puzzle": "p1", "kind": "answer", "correct": True, "at": AT, **changes}


def _game_state(**changes: Any) -> dict[str, Any]:
    session = PracticeSession.start(Ruleset(), level="random", seed=3)
    return {**session_to_dict(session), **changes}


def _game(**changes: Any) -> dict[str, Any]:
    return {"state": _game_state(**changes), "closed": True, "started_at": AT, "updated_at": AT}


#: (a part of a file, the path the refusal names, the reason's code)
REFUSED: list[tuple[dict[str, Any], str, str]] = [
    ({"lessons": [_lesson(at="0001-01-01T00:00:00+14:00")]}, "lessons[0].at", "time_out_of_range"),
    ({"lessons": [_lesson(), _lesson(at="9999-12-31T23:59:59-10:00")]}, "lessons[1].at", "time_out_of_range"),
    ({"lessons": [_lesson(at="1999-12-31T23:59:59+00:00")]}, "lessons[0].at", "time_out_of_range"),
    ({"lessons": [_lesson(at="2100-01-01T00:00:00")]}, "lessons[0].at", "time_out_of_range"),
    ({"puzzles": [_puzzle(at="0001-01-01T09:00:00+10:00")]}, "puzzles[0].at", "time_out_of_range"),
    ({"games": [{**_game(), "started_at": "0001-01-01T00:00:00+14:00"}]}, "games[0].started_at", "time_out_of_range"),
    (
        {"review_events": [{"key": "k", "outcome": "right", "at": "9999-12-31T20:00:00-05:00"}]},
        "review_events[0].at",
        "time_out_of_range",
    ),
    ({"daily_results": [{"day": "0001-01-01", "points": 3, "at": AT}]}, "daily_results[0].day", "time_out_of_range"),
    ({"lessons": [_lesson(step=10**4300)]}, "lessons[0].step", "number_too_large"),
    ({"lessons": [_lesson(step=5_000)]}, "lessons[0].step", "bad_count"),
    ({"puzzles": [_puzzle(rating_after=float("nan"))]}, "puzzles[0].rating_after", "not_finite"),
    ({"puzzles": [_puzzle(kind="hint", correct=None, rung=10**6)]}, "puzzles[0].rung", "bad_count"),
    ({"games": [_game(seat=float("inf"))]}, "games[0].state.seat", "not_finite"),
    ({"games": [_game(seed=-(2**70))]}, "games[0].state.seed", "number_too_large"),
    ({"settings": {"s" * 65: 1}}, "settings." + "s" * 40 + "…", "bad_name"),
    ({"settings": {"look\x00": 1}}, "settings.look\x00", "nul_character"),
    ({"settings": {"look": {"speed": "fast\x00"}}}, "settings.look.speed", "nul_character"),
    ({"lessons": [_lesson(lesson="table\x00")]}, "lessons[0].lesson", "nul_character"),
    ({"lessons": [_lesson(lesson="t" * 101)]}, "lessons[0].lesson", "bad_name"),
    (
        {"settings": {"look": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[0]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}},
        "settings.look" + "[0]" * 30,
        "too_deep",
    ),
]


def _store_with_progress(url: str) -> tuple[ProgressStore, str, dict[str, Any]]:
    store = ProgressStore.open(url)
    learner = learner_key(new_token())
    store.record_lesson(learner, "passing", 0, "seen")
    store.save_setting(learner, "look", {"speed": "slow"})
    return store, learner, store.export(learner)


def _unchanged(store: ProgressStore, learner: str, before: dict[str, Any]) -> None:
    """The learner's progress is as it was, and can still be read (their page still works)."""
    assert {**store.export(learner), "exported_at": None} == {**before, "exported_at": None}
    assert store.lesson_progress(learner) == {"passing": {0: "seen"}}


@pytest.mark.parametrize(("part", "path", "code"), REFUSED, ids=[f"{path}-{code}" for _, path, code in REFUSED])
def test_a_value_out_of_range_is_refused_with_its_path(
    database_url: str, part: dict[str, Any], path: str, code: str
) -> None:
    store, learner, before = _store_with_progress(database_url)
    with pytest.raises(StoredDataError) as refused:
        store.import_progress(learner, {**FILE, **part})
    assert (refused.value.path, refused.value.code) == (path, code)
    _unchanged(store, learner, before)


def test_the_years_allowed_end_where_the_message_says(database_url: str) -> None:
    store = ProgressStore.open(database_url)
    learner = learner_key(new_token())
    edges = ["2000-01-01T00:00:00+00:00", "2100-01-01T04:00:00+05:00", "2000-01-01T00:00:00"]
    added = store.import_progress(
        learner, {**FILE, "lessons": [_lesson(step=step, at=at) for step, at in enumerate(edges)]}
    )
    assert added.lessons == 3
    assert [row["at"] for row in store.export(learner)["lessons"]] == [
        "2000-01-01T00:00:00+00:00",
        "2099-12-31T23:00:00+00:00",
        "2000-01-01T00:00:00+00:00",
    ]


def _file(part: dict[str, Any]) -> str:
    return json.dumps({**FILE, **part})


#: Hostile bytes of a file: (the bytes, the path named, the code)
HOSTILE_BYTES: list[tuple[bytes, str, str]] = [
    (b"[" * 100_000 + b"]" * 100_000, "file", "too_deep"),
    (b'{"format": "hearts-academy-progress", "a": ' + b"{" * 100_000, "file", "too_deep"),
    (
        _file({"lessons": [_lesson(step=0)]}).replace('"step": 0', '"step": ' + "9" * 4_400).encode(),
        "lessons[0].step",
        "number_too_large",
    ),
    (
        _file({"games": [_game(seat=0)]})
        .replace('"seat":0', '"seat":1e999')
        .replace('"seat": 0', '"seat": 1e999')
        .encode(),
        "games[0].state.seat",
        "not_finite",
    ),
    (
        _file({"puzzles": [_puzzle(rating_before=1.0)]}).replace("1.0", "NaN").encode(),
        "puzzles[0].rating_before",
        "not_finite",
    ),
    (_file({"settings": {"x" * 80: True}}).encode(), "settings." + "x" * 40 + "…", "bad_name"),
    (_file({"lessons": [_lesson(lesson="a\x00b")]}).encode(), "lessons[0].lesson", "nul_character"),
    (b"\xff\xfe{}", "file", "not_json"),
    (b'{"format": ', "file", "not_json"),
]


@pytest.mark.parametrize(("content", "path", "code"), HOSTILE_BYTES, ids=[f"{p}-{c}" for _, p, c in HOSTILE_BYTES])
def test_hostile_bytes_are_refused_with_a_path_not_a_traceback(
    database_url: str, content: bytes, path: str, code: str
) -> None:
    store, learner, before = _store_with_progress(database_url)
    with pytest.raises(StoredDataError) as refused:
        store.import_progress(learner, read_progress_file(content))
    assert (refused.value.path, refused.value.code) == (path, code)
    assert refused.value.problem  # a sentence from the catalogue
    _unchanged(store, learner, before)


def test_the_depth_limit_leaves_room_for_every_exported_file() -> None:
    session = PracticeSession.start(Ruleset(), level="random", seed=3)
    exported = json.dumps(
        {
            **FILE,
            "games": [{"state": session_to_dict(session), "started_at": AT, "updated_at": AT}],
            "settings": {"look": {"a": [1]}},
        }
    )
    assert len(parse_export(read_progress_file(exported.encode())).games) == 1
    assert MAX_DEPTH >= 16


def test_a_setting_name_longer_than_its_column_is_refused_when_saved(database_url: str) -> None:
    store = ProgressStore.open(database_url)
    learner = learner_key(new_token())
    assert settings.c.name.type.length == 64  # type: ignore[attr-defined]
    store.save_setting(learner, "n" * 64, 1)
    with pytest.raises(ValueError, match="64"):
        store.save_setting(learner, "n" * 65, 1)
    assert store.settings(learner) == {"n" * 64: 1}


def _insert_out_of_range_lesson(url: str, learner: str) -> None:
    """What an import stored before its times were checked: a date BC (PostgreSQL) or year 1 (SQLite)."""
    engine = connect(url)
    moment = datetime(2026, 11, 30, 18, 0, tzinfo=UTC)
    with engine.begin() as connection:
        connection.execute(insert(learners).values(id=learner, created_at=moment, seen_at=moment))
        connection.execute(
            insert(lesson_events).values(learner=learner, lesson="table", step=2, outcome="right", at=moment)
        )
        early = "0001-12-31 10:00:00+00 BC" if engine.dialect.name == "postgresql" else "0001-01-01 00:00:00.000000"
        connection.execute(
            text("INSERT INTO lesson_events (learner, lesson, step, outcome, at) VALUES (:l, 'table', 3, 'seen', :at)"),
            {"l": learner, "at": early},
        )
        if engine.dialect.name == "postgresql":  # year 9999 at -10:00: year 10000, past what Python reads
            connection.execute(
                text(
                    "INSERT INTO lesson_events (learner, lesson, step, outcome, at) VALUES (:l, 'table', 4, 'seen',"
                    " '10000-01-01 09:59:59+00')"
                ),
                {"l": learner},
            )
    engine.dispose()


def test_a_database_with_a_time_out_of_range_is_repaired_by_the_migration(database_url: str) -> None:
    engine = connect(database_url)
    migrate(engine, "0003")
    engine.dispose()
    learner = learner_key(new_token())
    _insert_out_of_range_lesson(database_url, learner)

    store = ProgressStore.open(database_url)  # upgrades: the learner's page can be read again
    times = [row["at"] for row in store.export(learner)["lessons"]]
    assert times[:2] == ["2026-11-30T18:00:00+00:00", "2000-01-01T00:00:00+00:00"]
    assert times[2:] in ([], ["2099-12-31T23:59:59.999999+00:00"])
    assert store.lesson_progress(learner)["table"][2] == "first"
    assert len(store.activity(learner).lessons) == len(times)


def test_a_refusal_changes_nothing_even_after_a_good_part(database_url: str) -> None:
    store, learner, before = _store_with_progress(database_url)
    with pytest.raises(StoredDataError):
        store.import_progress(
            learner, {**FILE, "lessons": [_lesson(step=step) for step in range(500)], "settings": {"look\x00": 1}}
        )
    _unchanged(store, learner, before)
