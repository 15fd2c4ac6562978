"""Studies and class deals in the database (issue 30, items 3 and 4), on SQLite and PostgreSQL: a study
written, changed and read only by its author, opened by the learners of a class that has it as work
and by nobody else, exported and imported once; a class deal's first result kept for a learner of the
class only, its results for the teacher only; forget-me, the progress file and a sign-in's merge
covering the new tables."""

from __future__ import annotations

import random

import pytest
from sqlalchemy import func, select

from hearts_core import HandState, Ruleset
from hearts_core.content.lessons import load_curriculum
from hearts_core.content.schema import LESSONS_DIR
from hearts_core.records.studies import StudyError, StudyStep, dumps_study
from hearts_core.store import ProgressStore, learner_key, new_token
from hearts_core.store.classes import ClassStore, NotYourClassError, study_lesson_id
from hearts_core.store.schema import class_deal_results, studies
from hearts_core.store.studies import NotYourStudyError, StudyStore

HOLD = HandState.deal(Ruleset(), seed=4, hand_number=3)
LESSONS = load_curriculum(LESSONS_DIR).ordered()


def _learner() -> str:
    return learner_key(new_token())


@pytest.fixture()
def school(database_url: str) -> tuple[ClassStore, StudyStore, str, str, str]:
    """The stores, a teacher, their class and a pupil in it."""
    store = ProgressStore.open(database_url)
    classes, shelf = ClassStore(store, rng=random.Random(5)), StudyStore(store)
    teacher, pupil = _learner(), _learner()
    made, _ = classes.create(teacher, "Hearts club", "en", "standard")
    classes.join(pupil, made.join_code, "Ann")
    return classes, shelf, teacher, made.id, pupil


def _two_step_study(shelf: StudyStore, owner: str) -> str:
    made = shelf.create(owner, "Opening leads")
    shelf.add_step(owner, made, StudyStep.from_board(HOLD, "explain", words="The deal."))
    shelf.add_step(owner, made, StudyStep.from_board(HOLD, "card", answers=("2C",), question="Lead?"))
    return made


def test_only_the_author_changes_lists_exports_or_deletes_a_study(
    school: tuple[ClassStore, StudyStore, str, str, str],
) -> None:
    _, shelf, teacher, _, pupil = school
    made = _two_step_study(shelf, teacher)
    assert [(entry.title, entry.steps) for entry in shelf.mine(teacher)] == [("Opening leads", 2)]
    assert shelf.mine(pupil) == []
    for action in (
        lambda: shelf.study(pupil, made),
        lambda: shelf.add_step(pupil, made, StudyStep.from_board(HOLD, "explain")),
        lambda: shelf.export(pupil, made),
        lambda: shelf.delete(pupil, made),
    ):
        with pytest.raises(NotYourStudyError):
            action()
    moved = shelf.save(teacher, made, shelf.study(teacher, made).moved(1, -1))
    assert [step.task for step in moved.steps] == ["card", "explain"]
    assert shelf.study(teacher, made) == moved


def test_a_class_opens_a_study_set_as_work_and_nobody_else_does(
    school: tuple[ClassStore, StudyStore, str, str, str],
) -> None:
    classes, shelf, teacher, class_id, pupil = school
    made = _two_step_study(shelf, teacher)
    stranger = _learner()
    assert shelf.readable(pupil, made) is None  # not set yet
    with pytest.raises(NotYourClassError):  # another teacher's study cannot be set
        classes.assign(stranger, class_id, "study", {"study": made})
    other_teacher = _learner()
    theirs, _ = classes.create(other_teacher, "Other club", "en", "standard")
    with pytest.raises(NotYourClassError):
        classes.assign(other_teacher, theirs.id, "study", {"study": made})
    classes.assign(teacher, class_id, "study", {"study": made})
    opened = shelf.readable(pupil, made)
    assert opened is not None and opened.title == "Opening leads"
    assert shelf.readable(stranger, made) is None
    assert shelf.readable(pupil, "no-such-study") is None
    classes.leave(pupil, class_id)
    assert shelf.readable(pupil, made) is None


def test_who_has_done_a_study_counts_its_steps_taken_on_the_lesson_screen(
    school: tuple[ClassStore, StudyStore, str, str, str],
) -> None:
    classes, shelf, teacher, class_id, pupil = school
    made = _two_step_study(shelf, teacher)
    classes.assign(teacher, class_id, "study", {"study": made})
    before = classes.work_progress(teacher, class_id, LESSONS, {})
    [(item, [(member, work)])] = before
    assert (item.kind, member.learner, work.finished) == ("study", pupil, False)
    lesson_id = study_lesson_id(made)
    classes.store.record_lesson(pupil, lesson_id, 0, "seen")
    classes.store.record_lesson(pupil, lesson_id, 1, "seen")
    classes.store.record_lesson(pupil, lesson_id, 1, "right")
    [(_, [(_, work)])] = classes.work_progress(teacher, class_id, LESSONS, {})
    assert work.finished


def test_a_study_is_exported_as_phn_and_imported_once(school: tuple[ClassStore, StudyStore, str, str, str]) -> None:
    _, shelf, teacher, _, _ = school
    made = _two_step_study(shelf, teacher)
    text = shelf.export(teacher, made)
    assert text == dumps_study(shelf.study(teacher, made))
    colleague = _learner()
    copied, new = shelf.import_text(colleague, text)
    again, new_again = shelf.import_text(colleague, text)
    assert new and not new_again and again == copied
    assert shelf.study(colleague, copied) == shelf.study(teacher, made)
    with pytest.raises(StudyError):
        shelf.import_text(colleague, text.replace('[Answer "2C"]', '[Answer "AS"]'))


def test_a_class_deal_keeps_each_learner_s_first_result_for_the_teacher_only(
    school: tuple[ClassStore, StudyStore, str, str, str],
) -> None:
    classes, _, teacher, class_id, pupil = school
    work = classes.assign(teacher, class_id, "deal", {"seed": 1234})
    with pytest.raises(ValueError):
        classes.assign(teacher, class_id, "deal", {})
    outsider = _learner()
    assert not classes.record_deal(outsider, work.id, 3, "hand: 0")  # not in the class
    assert classes.record_deal(pupil, work.id, 13, "hand: 0")
    assert not classes.record_deal(pupil, work.id, 0, "hand: 0")  # the first result counts
    assert classes.deal_results(teacher, work.id) == {pupil: 13}
    with pytest.raises(NotYourClassError):
        classes.deal_results(pupil, work.id)
    assert classes.my_deal(pupil, work.id) == (13, (13,))
    assert classes.my_deal(outsider, work.id) is None
    found = classes.class_deal(pupil, work.id)
    assert found is not None and found[1].target == {"seed": 1234}
    [(_, [(_, done)])] = classes.work_progress(teacher, class_id, LESSONS, {})
    assert (done.finished, done.points) == (True, 13)


def test_forget_me_export_import_and_merge_cover_studies_and_class_deals(
    school: tuple[ClassStore, StudyStore, str, str, str],
) -> None:
    classes, shelf, teacher, class_id, pupil = school
    store = classes.store
    made = _two_step_study(shelf, teacher)
    classes.assign(teacher, class_id, "study", {"study": made})
    work = classes.assign(teacher, class_id, "deal", {"seed": 99})
    classes.record_deal(pupil, work.id, 5, "hand: 0")

    exported = store.export(teacher)
    assert [entry["title"] for entry in exported["classes"]["studies"]] == ["Opening leads"]
    assert store.export(pupil)["classes"]["deals"][0]["points"] == 5

    # The teacher's file on another browser brings the study back, once however often it is loaded.
    elsewhere = _learner()
    store.import_progress(elsewhere, exported)
    store.import_progress(elsewhere, exported)
    assert [entry.title for entry in shelf.mine(elsewhere)] == ["Opening leads"]

    # A sign-in takes the browser's results and studies to the account.
    account = _learner()
    with store.engine.begin() as connection:
        from hearts_core.store.class_rows import merge_classes

        merge_classes(connection, pupil, account)
    assert classes.deal_results(teacher, work.id) == {account: 5}

    store.forget(teacher)
    with store.engine.connect() as connection:
        assert connection.scalar(select(func.count()).select_from(studies).where(studies.c.owner == teacher)) == 0
        assert connection.scalar(select(func.count()).select_from(class_deal_results)) == 0
    assert shelf.readable(account, made) is None

    store.forget(elsewhere)
    assert shelf.mine(elsewhere) == []


def test_a_file_with_a_broken_study_is_refused_before_anything_is_written(
    school: tuple[ClassStore, StudyStore, str, str, str],
) -> None:
    _, shelf, teacher, _, _ = school
    _two_step_study(shelf, teacher)
    exported = shelf.store.export(teacher)
    exported["classes"]["studies"][0]["phn"][1] = exported["classes"]["studies"][0]["phn"][1].replace(
        '[Answer "2C"]', '[Answer "KS"]'
    )
    from hearts_core.store.codec import StoredDataError

    newcomer = _learner()
    with pytest.raises(StoredDataError) as caught:
        shelf.store.import_progress(newcomer, exported)
    assert caught.value.path == "classes.studies[0].phn" and caught.value.code == "bad_study"
    assert shelf.mine(newcomer) == []
