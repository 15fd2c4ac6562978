"""Teachers' classes in the database (issue 30), on SQLite and PostgreSQL: a class made, joined by its
code and a display name, renamed, archived, given a new code, a learner removed or leaving; every teacher
action refused to anyone but the owner; wrong codes limited; the recovery code claiming the classes from
another browser; work set and seen by the class; forget-me, export, sign-in merge and the migration."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import func, select

from hearts_core.content.lessons import load_curriculum
from hearts_core.content.schema import LESSONS_DIR
from hearts_core.learner.class_report import rows_csv
from hearts_core.learner.classes import JOIN_ATTEMPTS, ClassInputError
from hearts_core.learner.puzzle_progress import PuzzleEvent
from hearts_core.store import ProgressStore, PuzzleAttempt, learner_key, new_token
from hearts_core.store.classes import ClassStore, JoinRefusedError, NotYourClassError
from hearts_core.store.schema import class_assignments, class_members, classes, join_attempts


def _learner() -> str:
    return learner_key(new_token())


@pytest.fixture()
def made(database_url: str) -> tuple[ClassStore, str, str, str]:
    """A class store, a teacher, and the teacher's class's id and join code."""
    store = ClassStore(ProgressStore.open(database_url), rng=random.Random(11))
    teacher = _learner()
    school_class, _ = store.create(teacher, "Year 7 Hearts club", "uk", "standard")
    return store, teacher, school_class.id, school_class.join_code


def test_a_learner_joins_with_the_code_and_a_name_of_their_own(made: tuple[ClassStore, str, str, str]) -> None:
    store, teacher, class_id, code = made
    pupil = _learner()
    joined = store.join(pupil, f" {code[:4].lower()}-{code[4:]} ", "  Mia  ")  # as typed in a classroom
    assert joined.id == class_id
    assert [(member.learner, member.display_name) for member in store.members(teacher, class_id)] == [(pupil, "Mia")]
    assert [school_class.name for school_class, _ in store.memberships(pupil)] == ["Year 7 Hearts club"]
    with pytest.raises(ClassInputError):
        store.join(_learner(), code, "<script>")


def test_only_the_owner_may_change_list_or_read_a_class(made: tuple[ClassStore, str, str, str]) -> None:
    store, teacher, class_id, code = made
    pupil = _learner()
    store.join(pupil, code, "Mia")
    for action in (
        lambda who: store.members(who, class_id),
        lambda who: store.rename(who, class_id, "Mine now"),
        lambda who: store.archive(who, class_id),
        lambda who: store.new_code(who, class_id),
        lambda who: store.remove(who, class_id, pupil),
        lambda who: store.assign(who, class_id, "lesson", {"lesson": "table"}),
        lambda who: store.assignments(who, class_id),
    ):
        with pytest.raises(NotYourClassError):
            action(pupil)
    with pytest.raises(NotYourClassError):
        store.members(teacher, "no-such-class")
    assert store.owned(teacher, class_id).name == "Year 7 Hearts club"


def test_rename_new_code_archive_remove_and_leave(made: tuple[ClassStore, str, str, str]) -> None:
    store, teacher, class_id, code = made
    first, second = _learner(), _learner()
    store.join(first, code, "Ann")
    store.join(second, code, "Bo")
    assert store.rename(teacher, class_id, "  Hearts   club ").name == "Hearts club"
    fresh = store.new_code(teacher, class_id).join_code
    assert fresh != code
    with pytest.raises(JoinRefusedError) as refused:
        store.join(_learner(), code, "Late")
    assert refused.value.code == "unknown_code"
    store.remove(teacher, class_id, first)
    store.leave(second, class_id)
    assert store.members(teacher, class_id) == []
    assert store.memberships(first) == []
    store.join(first, fresh, "Ann again")  # a removed learner may come back with the code
    assert [member.display_name for member in store.members(teacher, class_id)] == ["Ann again"]
    store.archive(teacher, class_id)
    with pytest.raises(JoinRefusedError) as archived:
        store.join(_learner(), fresh, "Cy")
    assert archived.value.code == "archived"
    assert store.memberships(first) == []  # an archived class leaves the learner's home page


def test_wrong_codes_are_limited_even_before_a_right_one(made: tuple[ClassStore, str, str, str]) -> None:
    store, _, _, code = made
    guesser = _learner()
    for attempt in range(JOIN_ATTEMPTS):
        with pytest.raises(JoinRefusedError):
            store.join(guesser, f"{attempt:08d}", "Guess")
    with pytest.raises(JoinRefusedError) as stopped:
        store.join(guesser, code, "Guess")
    assert stopped.value.code == "too_many_attempts"
    later = ClassStore(ProgressStore(store.store.engine, clock=lambda: datetime.now(UTC) + timedelta(minutes=11)))
    assert later.join(guesser, code, "Guess").join_code == code


def test_the_recovery_code_claims_the_classes_in_another_browser(database_url: str) -> None:
    store = ClassStore(ProgressStore.open(database_url), rng=random.Random(5))
    teacher, other_browser = _learner(), _learner()
    school_class, recovery = store.create(teacher, "Club", "en", "standard")
    with pytest.raises(JoinRefusedError):
        store.claim(other_browser, "AAAA-BBBB-CCCC-DDDD")
    claimed = store.claim(other_browser, recovery.lower())
    assert [item.id for item in claimed] == [school_class.id]
    assert store.owned(other_browser, school_class.id).owner == other_browser
    with pytest.raises(NotYourClassError):
        store.owned(teacher, school_class.id)


def test_work_set_for_the_class_reaches_its_learners_soonest_first(made: tuple[ClassStore, str, str, str]) -> None:
    store, teacher, class_id, code = made
    pupil, outsider = _learner(), _learner()
    store.join(pupil, code, "Mia")
    soon = datetime(2027, 1, 10, tzinfo=UTC)
    later = store.assign(teacher, class_id, "puzzles", {"theme": "moon", "count": 5}, soon + timedelta(days=7))
    first = store.assign(teacher, class_id, "lesson", {"lesson": "table"}, soon)
    assert [item.id for item in store.work_for(pupil)] == [first.id, later.id]
    assert store.work_for(pupil)[1].target == {"theme": "moon", "count": 5}
    assert store.work_for(outsider) == []
    with pytest.raises(ValueError):
        store.assign(teacher, class_id, "homework", {})


def test_forget_me_takes_the_classes_taught_and_the_memberships(made: tuple[ClassStore, str, str, str]) -> None:
    store, teacher, class_id, code = made
    pupil = _learner()
    store.join(pupil, code, "Mia")
    store.assign(teacher, class_id, "lesson", {"lesson": "table"})
    other, _ = store.create(pupil, "Pupil's own club", "en", "standard")  # a learner may teach too
    store.store.forget(pupil)
    assert store.members(teacher, class_id) == []
    with pytest.raises(NotYourClassError):
        store.owned(pupil, other.id)
    store.store.forget(teacher)
    with store.store.engine.connect() as connection:
        left = {
            table.name: connection.scalar(select(func.count()).select_from(table))
            for table in (classes, class_members, class_assignments, join_attempts)
        }
    assert left == {"classes": 0, "class_members": 0, "class_assignments": 0, "join_attempts": 0}


def test_the_export_says_which_classes_and_names_never_codes(made: tuple[ClassStore, str, str, str]) -> None:
    store, teacher, _, code = made
    pupil = _learner()
    store.join(pupil, code, "Mia")
    exported = store.store.export(pupil)["classes"]
    assert [(item["class"], item["display_name"], item["left"]) for item in exported["member_of"]] == [
        ("Year 7 Hearts club", "Mia", False)
    ]
    taught = store.store.export(teacher)["classes"]["teaching"]
    assert [item["class"] for item in taught] == ["Year 7 Hearts club"]
    assert code not in str(store.store.export(teacher)) and code not in str(store.store.export(pupil))
    # A file with classes in it still imports (joining a class takes its code, not a file).
    store.store.import_progress(_learner(), store.store.export(pupil))


def test_signing_in_takes_the_browser_s_classes_to_the_account(made: tuple[ClassStore, str, str, str]) -> None:
    store, teacher, class_id, code = made
    laptop, phone = _learner(), _learner()
    store.store.sign_in("issuer|teacher", teacher)
    store.join(phone, code, "Mia")
    assert store.store.sign_in("issuer|mia", laptop) == laptop
    assert store.store.sign_in("issuer|mia", phone) == laptop  # the phone's membership joins the account
    assert [member.learner for member in store.members(teacher, class_id)] == [laptop]
    school_class, _ = store.create(phone, "Phone's club", "en", "standard")
    store.store.sign_in("issuer|mia", phone)
    assert store.owned(laptop, school_class.id).owner == laptop


def test_the_dashboard_shows_each_learner_s_figures_and_only_the_class_s_learners(database_url: str) -> None:
    now = datetime(2027, 1, 20, 18, tzinfo=UTC)
    clock = [now - timedelta(days=10)]
    progress = ProgressStore.open(database_url, clock=lambda: clock[0])
    store = ClassStore(progress, rng=random.Random(2))
    teacher, mia, outsider = _learner(), _learner(), _learner()
    school_class, _ = store.create(teacher, "Club", "en", "standard")
    store.join(mia, school_class.join_code, "Mia")
    lessons = load_curriculum(LESSONS_DIR).ordered()
    progress.record_puzzle(mia, PuzzleAttempt(PuzzleEvent("p1", "answer", correct=True), rating_after=1500.0))
    clock[0] = now - timedelta(hours=1)
    progress.record_puzzle(mia, PuzzleAttempt(PuzzleEvent("p2", "answer", correct=True), rating_after=1530.0))
    first = lessons[0]
    for index, step in enumerate(first.steps):  # the first lesson, every exercise right at the first try
        progress.record_lesson(mia, first.id, index, "right" if step.is_active else "seen")
    clock[0] = now
    progress.record_practice_review(mia, 20, 5.0)
    progress.record_practice_review(outsider, 20, 20.0)
    rows = store.dashboard(teacher, school_class.id, lessons)
    assert [row.name for row in rows] == ["Mia"]
    row = rows[0]
    assert (row.lessons_finished, row.stars) == (1, 3)
    assert (row.rating, row.rating_trend) == (1530.0, 30.0)
    assert row.points_lost_per_decision == 0.25 and row.review_accuracy is None
    assert row.last_active == now
    with pytest.raises(NotYourClassError):
        store.dashboard(mia, school_class.id, lessons)
    assert "Mia,1,3,1530,30,,0.25," in rows_csv(rows)
