"""The progress store on a real database (SQLite and PostgreSQL): every kind of progress kept, two
tabs of one learner never losing an update, games guarded by versions, sign-in merges, export and
import, forget me, and the migrations (from empty, and an old database upgraded with its data)."""

from __future__ import annotations

import json
import threading
from datetime import UTC, datetime

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Column, DateTime, MetaData, String, Table, func, insert, select

from hearts_core.engine.rules import Ruleset
from hearts_core.learner.practice import PracticeSession
from hearts_core.learner.puzzle_progress import PuzzleEvent, apply_events
from hearts_core.store import (
    GameChangedError,
    LearnerRevokedError,
    ProgressStore,
    PuzzleAttempt,
    StoredDataError,
    connect,
    learner_key,
    migrate,
    new_token,
)
from hearts_core.store.codec import session_to_dict
from hearts_core.store.database import current_revision, database_url, default_database_path, head_revision
from hearts_core.store.schema import (
    accounts,
    learners,
    lesson_events,
    metadata,
    practice_games,
    puzzle_events,
    settings,
)

#: The learners table as the first migration made it.
FIRST_LEARNERS = Table(
    "learners",
    MetaData(),
    Column("id", String(64), primary_key=True),
    Column("created_at", DateTime(timezone=True)),
    Column("seen_at", DateTime(timezone=True)),
)


def _learner() -> str:
    return learner_key(new_token())


def _answer(puzzle: str, correct: bool) -> PuzzleAttempt:
    return PuzzleAttempt(PuzzleEvent(puzzle, "answer", correct=correct))


def _game(seed: int = 3) -> PracticeSession:
    session = PracticeSession.start(Ruleset(), level="random", seed=seed)
    return session.pass_cards(session.hand.hands[0].cards()[:3])


def test_migrations_make_the_schema_from_empty(database_url: str) -> None:
    engine = connect(database_url)
    assert current_revision(engine) is None
    migrate(engine)
    assert current_revision(engine) == head_revision()
    with engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), metadata)
    assert differences == [], "schema.py and the migrations disagree"
    migrate(engine)  # a second start changes nothing
    assert current_revision(engine) == head_revision()


def test_an_old_database_upgrades_with_its_data(database_url: str) -> None:
    engine = connect(database_url)
    migrate(engine, "0001")
    learner = _learner()
    moment = datetime(2026, 11, 30, 18, 0, tzinfo=UTC)
    game = _game()
    with engine.begin() as connection:  # rows in the first schema's tables (learners had no merged_into then)
        connection.execute(insert(FIRST_LEARNERS).values(id=learner, created_at=moment, seen_at=moment))
        connection.execute(
            insert(lesson_events).values(learner=learner, lesson="table", step=3, outcome="right", at=moment)
        )
        connection.execute(
            insert(puzzle_events).values(
                learner=learner,
                puzzle="p1",
                kind="answer",
                correct=False,
                rung=None,
                first_try=True,
                hints_used=0,
                rating_before=1500.0,
                rating_after=1440.0,
                at=moment,
            )
        )
        connection.execute(
            insert(practice_games).values(
                learner=learner,
                state=json.dumps(session_to_dict(game)),
                closed=False,
                version=4,
                started_at=moment,
                updated_at=moment,
            )
        )
    assert current_revision(engine) == "0001"

    store = ProgressStore.open(database_url)
    assert current_revision(store.engine) == head_revision()
    assert store.lesson_progress(learner) == {"table": {3: "first"}}
    assert store.puzzle_progress(learner)["p1"].result == "failed"
    assert store.puzzle_attempts(learner)[0]["rating_after"] == 1440.0
    saved = store.current_game(learner)
    assert saved is not None and saved.version == 4 and saved.session == game
    store.save_setting(learner, "look", {"speed": "slow"})  # the second migration's table works on old learners
    assert store.settings(learner) == {"look": {"speed": "slow"}}


def test_lessons_puzzles_and_settings_are_kept_per_learner(database_url: str) -> None:
    store = ProgressStore.open(database_url)
    ann, bob = _learner(), _learner()
    store.record_lesson(ann, "table", 0, "seen")
    store.record_lesson(ann, "table", 1, "wrong")
    assert store.record_lesson(ann, "table", 1, "right") == {"table": {0: "seen", 1: "right"}}
    store.record_puzzle(
        ann,
        PuzzleAttempt(PuzzleEvent("p1", "hint", rung=1), first_try=True, hints_used=0),
        PuzzleAttempt(PuzzleEvent("p1", "answer", correct=True), True, 1, 1500.0, 1585.2),
    )
    store.save_setting(ann, "look", {"speed": "fast", "four_colour": True})
    store.save_setting(ann, "look", {"speed": "slow", "four_colour": True})

    reopened = ProgressStore.open(database_url)  # another server process on the same database
    assert reopened.lesson_progress(ann) == {"table": {0: "seen", 1: "right"}}
    # The answers themselves, in order: what tells which lesson was finished last.
    assert reopened.lesson_events(ann) == [("table", 0, "seen"), ("table", 1, "wrong"), ("table", 1, "right")]
    record = reopened.puzzle_progress(ann)["p1"]
    assert (record.result, record.hints) == ("solved", 1)
    attempts = reopened.puzzle_attempts(ann)
    assert [(row["kind"], row["first_try"], row["hints_used"], row["rating_after"]) for row in attempts] == [
        ("hint", True, 0, None),
        ("answer", True, 1, 1585.2),
    ]
    assert isinstance(attempts[0]["at"], datetime)
    assert reopened.settings(ann) == {"look": {"speed": "slow", "four_colour": True}}
    assert reopened.lesson_progress(bob) == {} and reopened.puzzle_progress(bob) == {}
    assert reopened.lesson_events(bob) == []
    assert reopened.settings(bob) == {} and reopened.current_game(bob) is None


def test_two_tabs_of_one_learner_never_lose_an_update(database_url: str) -> None:
    learner = _learner()
    tabs = [ProgressStore.open(database_url) for _ in range(2)]
    # Tab 1 saw five steps, tab 2 two others (each from its own stale copy): all seven are kept.
    for step in range(5):
        tabs[0].record_lesson(learner, "table", step, "seen")
    for step in (5, 6):
        tabs[1].record_lesson(learner, "table", step, "seen")
    assert sorted(tabs[0].lesson_progress(learner)["table"]) == list(range(7))
    # A puzzle solved in tab A survives tab B's miss on another puzzle.
    tabs[0].record_puzzle(learner, _answer("a", True))
    progress = tabs[1].record_puzzle(learner, _answer("b", False))
    assert progress["a"].result == "solved" and progress["b"].result == "failed"

    # Many writers at once: every row arrives.
    def write(tab: ProgressStore, offset: int) -> None:
        for index in range(25):
            tab.record_lesson(learner, "many", offset + index, "right")
            tab.record_puzzle(learner, _answer(f"q{offset + index}", index % 2 == 0))

    threads = [threading.Thread(target=write, args=(tabs[number % 2], number * 100)) for number in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(tabs[1].lesson_progress(learner)["many"]) == 200
    assert tabs[0].counts(learner)["puzzle_events"] == 202


def test_a_practice_game_is_kept_and_a_stale_tab_cannot_overwrite_it(database_url: str) -> None:
    store = ProgressStore.open(database_url)
    learner = _learner()
    game = _game()
    saved = store.save_game(learner, game, None)
    moved = game.play(game.hand.legal_moves()[0])
    tab_a = store.save_game(learner, moved, saved)
    assert store.current_game(learner) == tab_a and tab_a.version == saved.version + 1

    with pytest.raises(GameChangedError) as refused:  # tab B still holds the first copy
        store.save_game(learner, game.play(game.hand.legal_moves()[-1]), saved)
    assert refused.value.current == tab_a

    fresh = store.save_game(learner, _game(seed=9), None)  # a new game leaves the old one
    assert store.current_game(learner) == fresh
    assert [kept.session for kept in store.games(learner)] == [moved, fresh.session]
    store.leave_game(learner)
    assert store.current_game(learner) is None
    with pytest.raises(GameChangedError):
        store.save_game(learner, fresh.session, fresh)


def test_the_signing_key_is_made_once_and_shared(database_url: str) -> None:
    first = ProgressStore.open(database_url).signing_key()
    assert len(first) >= 43 and ProgressStore.open(database_url).signing_key() == first


def test_signing_in_merges_the_browsers_progress_into_the_account(database_url: str) -> None:
    store = ProgressStore.open(database_url)
    laptop, phone = _learner(), _learner()
    store.record_lesson(laptop, "table", 0, "right")
    assert store.sign_in("https://issuer|alice", laptop) == laptop  # first sign-in: this browser's learner
    store.record_lesson(phone, "passing", 2, "right")
    store.record_puzzle(phone, _answer("p1", True))
    store.save_setting(phone, "look", {"speed": "slow"})
    store.save_game(phone, _game(), None)
    assert store.sign_in("https://issuer|alice", phone) == laptop  # the phone's progress joins the account
    assert store.lesson_progress(laptop) == {"table": {0: "first"}, "passing": {2: "first"}}
    assert store.puzzle_progress(laptop)["p1"].result == "solved"
    assert store.settings(laptop) == {"look": {"speed": "slow"}}
    assert store.current_game(laptop) is not None
    assert store.lesson_progress(phone) == {} and store.current_game(phone) is None
    assert store.sign_in("https://issuer|bob", phone) == phone  # another account is its own


def test_export_then_import_on_another_browser(database_url: str) -> None:
    store = ProgressStore.open(database_url)
    home, school = _learner(), _learner()
    store.record_lesson(home, "table", 1, "wrong")
    store.record_lesson(home, "table", 1, "right")
    store.record_puzzle(home, PuzzleAttempt(PuzzleEvent("p1", "reveal"), True, 2, 1500.0, 1440.0))
    store.save_setting(home, "look", {"speed": "fast"})
    game = _game()
    store.save_game(home, game, None)
    exported = json.loads(json.dumps(store.export(home)))  # through a file

    summary = store.import_progress(school, exported)
    assert (summary.lessons, summary.puzzles, summary.games, summary.settings) == (2, 1, 1, 1)
    assert store.lesson_progress(school) == store.lesson_progress(home) == {"table": {1: "right"}}
    assert store.puzzle_progress(school) == store.puzzle_progress(home)
    saved = store.current_game(school)
    assert saved is not None and saved.session == game
    assert store.settings(school) == {"look": {"speed": "fast"}}
    again = store.import_progress(school, exported)  # the same file twice adds no events
    assert (again.lessons, again.puzzles) == (0, 0)
    assert store.counts(school)["lesson_events"] == 2


@pytest.mark.parametrize(
    ("change", "part"),
    [
        (lambda data: "not a file", "file"),
        (lambda data: {**data, "format": "chess"}, "format"),
        (lambda data: {**data, "version": 99}, "version"),
        (
            lambda data: {**data, "lessons": [{"lesson": "table", "step": 1, "outcome": "great", "at": "2026-12-01"}]},
            "lessons[0].outcome",
        ),
        (
            lambda data: {**data, "lessons": [{"lesson": "table", "step": -4, "outcome": "seen", "at": "2026-12-01"}]},
            "lessons[0].step",
        ),
        (lambda data: {**data, "puzzles": [{"puzzle": "p", "kind": "answer", "at": "2026-12-01"}]}, "puzzles[0]"),
        (lambda data: {**data, "puzzles": [{"puzzle": "p", "kind": "reveal", "at": "yesterday"}]}, "puzzles[0].at"),
        (
            lambda data: {
                **data,
                "games": [
                    {"state": {"format": 1, "rules": {}}, "started_at": "2026-12-01", "updated_at": "2026-12-01"}
                ],
            },
            "games[0].state",
        ),
        (lambda data: {**data, "settings": ["look"]}, "settings"),
    ],
)
def test_a_bad_file_is_refused_and_changes_nothing(database_url: str, change, part: str) -> None:  # type: ignore[no-untyped-def]
    store = ProgressStore.open(database_url)
    learner, other = _learner(), _learner()
    store.record_lesson(other, "table", 0, "seen")
    store.record_lesson(learner, "passing", 0, "seen")
    before = store.export(learner)
    with pytest.raises(StoredDataError) as refused:
        store.import_progress(learner, change(store.export(other)))
    assert refused.value.path == part
    after = store.export(learner)
    assert {**after, "exported_at": None} == {**before, "exported_at": None}


def test_forget_me_deletes_everything(database_url: str) -> None:
    store = ProgressStore.open(database_url)
    learner, other = _learner(), _learner()
    for someone in (learner, other):
        store.record_lesson(someone, "table", 0, "right")
        store.record_puzzle(someone, _answer("p", True))
        store.save_game(someone, _game(), None)
        store.save_setting(someone, "look", {})
    store.sign_in("issuer|me", learner)
    store.forget(learner)
    assert set(store.counts(learner).values()) == {0}
    assert not store.known(learner) and store.known(other)
    assert store.lesson_progress(other) == {"table": {0: "first"}}
    assert store.revoked(learner) and not store.revoked(other)
    with pytest.raises(LearnerRevokedError):  # a tab left open writes nothing back
        store.save_setting(learner, "look", {"speed": "fast"})
    fresh = _learner()
    assert store.sign_in("issuer|me", fresh) == fresh  # the account starts again, empty, with the browser's new learner
    assert store.lesson_progress(fresh) == {}


def test_forget_me_deletes_the_browser_learners_merged_into_the_account_and_revokes_them(database_url: str) -> None:
    store = ProgressStore.open(database_url)
    phone, laptop = _learner(), _learner()
    store.record_lesson(phone, "table", 0, "right")
    store.sign_in("issuer|me", phone)
    store.record_lesson(laptop, "passing", 1, "right")
    store.save_setting(laptop, "look", {"speed": "slow"})
    assert store.sign_in("issuer|me", laptop) == phone  # the laptop's progress merged into the account
    store.forget(phone)
    with store.engine.connect() as connection:
        left = {
            table.name: connection.scalar(select(func.count()).select_from(table))
            for table in (learners, lesson_events, settings, accounts)
        }
    assert left == {"learners": 0, "lesson_events": 0, "settings": 0, "accounts": 0}
    assert store.revoked(phone) and store.revoked(laptop)


def test_the_database_url_and_the_default_file() -> None:
    assert database_url({"HEARTS_DB_URL": "postgresql+psycopg://h/db"}, "sqlite:///x") == "postgresql+psycopg://h/db"
    assert database_url({}, "sqlite:////tmp/from-secrets.db") == "sqlite:////tmp/from-secrets.db"
    assert default_database_path({"XDG_DATA_HOME": "/data"}).as_posix() == "/data/hearts-academy/progress.sqlite3"
    assert default_database_path({}).parts[-3:] == ("share", "hearts-academy", "progress.sqlite3")


def test_events_fold_the_same_way_the_pages_do() -> None:
    store = ProgressStore.open("sqlite://")
    learner = _learner()
    events = [
        PuzzleEvent("a", "answer", correct=False),
        PuzzleEvent("a", "answer", correct=True),
        PuzzleEvent("b", "hint", rung=2),
        PuzzleEvent("b", "reveal"),
        PuzzleEvent("c", "answer", correct=True),
    ]
    for event in events:
        store.record_puzzle(learner, PuzzleAttempt(event))
    assert store.puzzle_progress(learner) == apply_events({}, events)
