"""Teachers' studies in the progress database (issue 30, item 4): each a short lesson of the teacher's
own, kept as PHN text (:mod:`hearts_core.records.studies`).

Only its author changes, lists, exports or deletes a study (:class:`NotYourStudyError` for anyone
else, or for a study that is not there).  A learner opens one when it is theirs or set as work in a
class they are in (:meth:`StudyStore.readable`); a study is never found by guessing, since ids are
random.

>>> from hearts_core import HandState, Ruleset
>>> from hearts_core.records.studies import StudyStep
>>> from hearts_core.store.progress import ProgressStore
>>> shelf = StudyStore(ProgressStore.open("sqlite://"))
>>> made = shelf.create("teacher", "Opening leads")
>>> state = HandState.deal(Ruleset(), seed=4, hand_number=3)
>>> shelf.add_step("teacher", made, StudyStep.from_board(state, "card", answers=("2C",))).steps[0].answers
('2C',)
>>> shelf.study("pupil", made)
Traceback (most recent call last):
...
hearts_core.store.studies.NotYourStudyError: this study is another teacher's
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Connection, RowMapping, select, update

from ..records.studies import Study, StudyStep, check_study, dumps_study, loads_study
from .class_rows import STUDY_KINDS, delete_studies, import_study, insert_study, names_study, study_digest
from .progress import ProgressStore
from .schema import class_assignments, class_members, classes, studies


class NotYourStudyError(PermissionError):
    """An action on a study the caller did not write (or no such study)."""

    def __init__(self) -> None:
        super().__init__("this study is another teacher's")


@dataclass(frozen=True)
class StudyEntry:
    """A study in a teacher's list: its id, title, how many steps, when last changed."""

    id: str
    title: str
    steps: int
    updated_at: datetime


def _study(row: RowMapping) -> Study:
    text = str(row["text"])
    return loads_study(text, str(row["title"])) if text.strip() else Study(str(row["title"]))


class StudyStore:
    """Every teacher's studies, in the progress store's database."""

    def __init__(self, store: ProgressStore) -> None:
        self.store = store

    # -- the author's side --------------------------------------------------------------------

    def create(self, owner: str, title: str) -> str:
        """A new study of no steps yet; its id."""
        study = Study(title.strip())
        check_study(study)
        return self._insert(owner, study)

    def _insert(self, owner: str, study: Study) -> str:
        with self.store.transaction() as connection:
            return insert_study(connection, owner, study, self.store.now())

    def _row(self, connection: Connection, owner: str, study_id: str) -> RowMapping:
        row = connection.execute(select(studies).where(studies.c.id == study_id)).mappings().first()
        if row is None or row["owner"] != owner:
            raise NotYourStudyError
        return row

    def mine(self, owner: str) -> list[StudyEntry]:
        """The teacher's studies, the latest changed first."""
        with self.store.engine.connect() as connection:
            rows = connection.execute(
                select(studies).where(studies.c.owner == owner).order_by(studies.c.updated_at.desc())
            ).mappings()
            return [
                StudyEntry(str(row["id"]), str(row["title"]), len(_study(row).steps), row["updated_at"]) for row in rows
            ]

    def study(self, owner: str, study_id: str) -> Study:
        """The author's study."""
        with self.store.engine.connect() as connection:
            return _study(self._row(connection, owner, study_id))

    def save(self, owner: str, study_id: str, study: Study) -> Study:
        """Replace the author's study with ``study`` (checked first)."""
        check_study(study)
        text = dumps_study(study) if study.steps else ""
        with self.store.transaction() as connection:
            self._row(connection, owner, study_id)
            connection.execute(
                update(studies)
                .where(studies.c.id == study_id)
                .values(
                    title=study.title,
                    text=text,
                    digest=study_digest(study.title, text),
                    updated_at=self.store.now(),
                )
            )
        return study

    def add_step(self, owner: str, study_id: str, step: StudyStep) -> Study:
        """The study with ``step`` added at its end (a position from the analysis board)."""
        return self.save(owner, study_id, self.study(owner, study_id).with_step(step))

    def delete(self, owner: str, study_id: str) -> None:
        """Delete the author's study, and the work that set it."""
        with self.store.transaction() as connection:
            self._row(connection, owner, study_id)
            delete_studies(connection, [study_id])

    def export(self, owner: str, study_id: str) -> str:
        """The study's PHN text, for another teacher to import."""
        with self.store.engine.connect() as connection:
            row = self._row(connection, owner, study_id)
        return str(row["text"])

    def import_text(self, owner: str, text: str, title: str = "") -> tuple[str, bool]:
        """A study from another teacher's PHN text: its id, and whether it is new (the same study
        imported again is the one already there).  Raises ``StudyError`` for text that is no study."""
        study = loads_study(text, title)
        with self.store.transaction() as connection:
            return import_study(connection, owner, study, self.store.now())

    # -- the learner's side -------------------------------------------------------------------

    def readable(self, learner: str, study_id: str) -> Study | None:
        """The study when ``learner`` may open it (its author, or in a class that has it as work);
        None otherwise, as for a study that is not there."""
        with self.store.engine.connect() as connection:
            row = connection.execute(select(studies).where(studies.c.id == study_id)).mappings().first()
            if row is None:
                return None
            if row["owner"] != learner and not _set_for(connection, learner, study_id):
                return None
        return _study(row)


def _set_for(connection: Connection, learner: str, study_id: str) -> bool:
    """Whether a class the learner is in now (not archived) has the study as work."""
    found = connection.execute(
        select(class_assignments.c.target)
        .join(classes, classes.c.id == class_assignments.c.class_id)
        .join(class_members, class_members.c.class_id == classes.c.id)
        .where(
            class_members.c.learner == learner,
            class_members.c.left_at.is_(None),
            classes.c.archived_at.is_(None),
            class_assignments.c.kind.in_(STUDY_KINDS),
        )
    ).scalars()
    return any(names_study(target) == study_id for target in found)


__all__ = ["NotYourStudyError", "StudyEntry", "StudyStore", "study_digest"]
