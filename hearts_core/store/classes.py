"""Teachers' classes in the progress database (issue 30): a class, its members, the work set, and the
limit on wrong join codes.

Every teacher action names the teacher (their learner key, or their account's) and is checked here, on
the server: a class is changed, listed or read only by its owner (:class:`NotYourClassError` for anyone
else).  A learner joins with the class's code and a display name of their choosing; no e-mail, no real
name.  Classes share :class:`~hearts_core.store.progress.ProgressStore`'s engine and write queue.

>>> import random
>>> from hearts_core.store.progress import ProgressStore
>>> classes = ClassStore(ProgressStore.open("sqlite://"), rng=random.Random(3))
>>> made, recovery = classes.create("teacher", "Year 7 Hearts club", "en", "standard")
>>> joined = classes.join("pupil", made.join_code, "Mia")
>>> [member.display_name for member in classes.members("teacher", made.id)]
['Mia']
>>> classes.members("pupil", made.id)
Traceback (most recent call last):
...
hearts_core.store.classes.NotYourClassError: this class is another teacher's
"""

from __future__ import annotations

import json
import random
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final

from sqlalchemy import Connection, RowMapping, insert, select, update

from ..content.lessons import Lesson
from ..learner.class_report import LearnerRow, WorkDone, deal_work, learner_row, lesson_work, puzzle_work
from ..learner.classes import (
    ClassInputError,
    class_name,
    code_digest,
    display_name,
    is_code_shaped,
    may_try_a_code,
    new_join_code,
    new_recovery_code,
    normalize_code,
)
from ..records.studies import loads_study, study_lesson
from .class_rows import STUDY_KINDS
from .progress import ProgressStore
from .schema import class_assignments, class_deal_results, class_members, classes, join_attempts, studies

#: What a teacher may set: a lesson, a number of puzzles of a theme, positions from the analysis board,
#: a deal for everyone to play, a study.
ASSIGNMENT_KINDS: Final = ("lesson", "puzzles", "positions", "deal", "study")
#: The longest JSON an assignment's target may be.
MAX_TARGET: Final = 20_000


class NotYourClassError(PermissionError):
    """A teacher action on a class the caller does not own (or no such class)."""

    def __init__(self) -> None:
        super().__init__("this class is another teacher's")


class JoinRefusedError(Exception):
    """A join code that opens nothing: ``code`` is ``unknown_code``, ``archived`` or ``too_many_attempts``."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


@dataclass(frozen=True)
class SchoolClass:
    """A class as its teacher sees it."""

    id: str
    owner: str
    name: str
    language: str
    ruleset: str
    join_code: str
    created_at: datetime
    archived: bool


@dataclass(frozen=True)
class Member:
    """A learner in a class: their key, the name they picked, when they joined, whether they are gone."""

    learner: str
    display_name: str
    joined_at: datetime
    left: bool


@dataclass(frozen=True)
class Assignment:
    """Work set for a class: its kind, what it names (``target``), and when it is due."""

    id: int
    class_id: str
    kind: str
    target: dict[str, Any]
    due_at: datetime | None
    created_at: datetime


def _class(row: RowMapping) -> SchoolClass:
    return SchoolClass(
        id=str(row["id"]),
        owner=str(row["owner"]),
        name=str(row["name"]),
        language=str(row["language"]),
        ruleset=str(row["ruleset"]),
        join_code=str(row["join_code"]),
        created_at=row["created_at"],
        archived=row["archived_at"] is not None,
    )


def _member(row: RowMapping) -> Member:
    return Member(str(row["learner"]), str(row["display_name"]), row["joined_at"], row["left_at"] is not None)


def _assignment(row: RowMapping) -> Assignment:
    return Assignment(
        int(row["id"]),
        str(row["class_id"]),
        str(row["kind"]),
        json.loads(row["target"]),
        row["due_at"],
        row["created_at"],
    )


class ClassStore:
    """The classes of every teacher, in the progress store's database."""

    def __init__(self, store: ProgressStore, rng: random.Random | None = None) -> None:
        self.store = store
        self._rng = rng if rng is not None else secrets.SystemRandom()

    # -- the teacher's side --------------------------------------------------------------------

    def create(self, owner: str, name: str, language: str, ruleset: str) -> tuple[SchoolClass, str]:
        """A new class of ``owner``'s, and its recovery code (shown once: only its digest is kept)."""
        recovery = new_recovery_code(self._rng)
        row = {
            "id": "".join(self._rng.choice("abcdefghijkmnpqrstuvwxyz23456789") for _ in range(22)),
            "owner": owner,
            "name": class_name(name),
            "language": language[:8],
            "ruleset": ruleset[:500],
            "recovery_digest": code_digest(recovery),
            "created_at": self.store.now(),
        }
        with self.store.transaction() as connection:
            row["join_code"] = self._unused_code(connection)
            connection.execute(insert(classes).values(**row))
            made = connection.execute(select(classes).where(classes.c.id == row["id"])).mappings().one()
        return _class(made), recovery

    def _unused_code(self, connection: Connection) -> str:
        while True:
            code = new_join_code(self._rng)
            if connection.scalar(select(classes.c.id).where(classes.c.join_code == code)) is None:
                return code

    def teaching(self, owner: str) -> list[SchoolClass]:
        """The owner's classes, the newest first (archived ones too)."""
        with self.store.engine.connect() as connection:
            rows = connection.execute(
                select(classes).where(classes.c.owner == owner).order_by(classes.c.created_at.desc())
            ).mappings()
            return [_class(row) for row in rows]

    def owned(self, owner: str, class_id: str) -> SchoolClass:
        """The class, when ``owner`` owns it (else :class:`NotYourClassError`, also for no such class)."""
        with self.store.engine.connect() as connection:
            return self._owned(connection, owner, class_id)

    def _owned(self, connection: Connection, owner: str, class_id: str) -> SchoolClass:
        row = connection.execute(select(classes).where(classes.c.id == class_id)).mappings().first()
        if row is None or row["owner"] != owner:
            raise NotYourClassError()
        return _class(row)

    def _change(self, owner: str, class_id: str, **values: Any) -> SchoolClass:
        with self.store.transaction() as connection:
            self._owned(connection, owner, class_id)
            connection.execute(update(classes).where(classes.c.id == class_id).values(**values))
            return _class(connection.execute(select(classes).where(classes.c.id == class_id)).mappings().one())

    def rename(self, owner: str, class_id: str, name: str) -> SchoolClass:
        """The class under a new name."""
        return self._change(owner, class_id, name=class_name(name))

    def archive(self, owner: str, class_id: str, archived: bool = True) -> SchoolClass:
        """Archive the class (nobody joins it, its work leaves the learners' home pages) or bring it back."""
        return self._change(owner, class_id, archived_at=self.store.now() if archived else None)

    def new_code(self, owner: str, class_id: str) -> SchoolClass:
        """A new join code for the class (the old one opens nothing any more)."""
        with self.store.transaction() as connection:
            self._owned(connection, owner, class_id)
            code = self._unused_code(connection)
            connection.execute(update(classes).where(classes.c.id == class_id).values(join_code=code))
            return _class(connection.execute(select(classes).where(classes.c.id == class_id)).mappings().one())

    def remove(self, owner: str, class_id: str, learner: str) -> None:
        """Take a learner out of the class (they no longer appear on its dashboard)."""
        with self.store.transaction() as connection:
            self._owned(connection, owner, class_id)
            connection.execute(
                update(class_members)
                .where(class_members.c.class_id == class_id, class_members.c.learner == learner)
                .values(left_at=self.store.now())
            )

    def members(self, owner: str, class_id: str) -> list[Member]:
        """The class's learners in it now, by name (only its owner may ask)."""
        with self.store.engine.connect() as connection:
            self._owned(connection, owner, class_id)
            rows = connection.execute(
                select(class_members)
                .where(class_members.c.class_id == class_id, class_members.c.left_at.is_(None))
                .order_by(class_members.c.display_name, class_members.c.joined_at)
            ).mappings()
            return [_member(row) for row in rows]

    def claim(self, learner: str, recovery_code: str) -> list[SchoolClass]:
        """The classes the recovery code was given for, now ``learner``'s (another browser of the
        teacher's).  A code that claims nothing counts as a wrong attempt, as a join code does."""
        digest = code_digest(recovery_code)
        with self.store.transaction() as connection:
            self._allowed(connection, learner)
            found = connection.execute(select(classes.c.id).where(classes.c.recovery_digest == digest)).scalars().all()
            if found:
                connection.execute(update(classes).where(classes.c.id.in_(found)).values(owner=learner))
                rows = connection.execute(select(classes).where(classes.c.id.in_(found))).mappings()
                return [_class(row) for row in rows]
        self._wrong_code(learner)
        raise JoinRefusedError("unknown_code")

    def _wrong_code(self, learner: str) -> None:
        """Count a wrong code, in a transaction of its own (the refusal must not roll it back)."""
        with self.store.transaction() as connection:
            connection.execute(insert(join_attempts).values(learner=learner, at=self.store.now()))

    def assign(
        self, owner: str, class_id: str, kind: str, target: Mapping[str, Any], due_at: datetime | None = None
    ) -> Assignment:
        """Set the class ``kind`` of work naming ``target`` (a lesson id, a theme and a count, ...)."""
        if kind not in ASSIGNMENT_KINDS:
            raise ValueError(f"an assignment is one of {', '.join(ASSIGNMENT_KINDS)}, not {kind!r}")
        text = json.dumps(dict(target), ensure_ascii=False, sort_keys=True)
        if len(text) > MAX_TARGET:
            raise ValueError(f"an assignment's target has at most {MAX_TARGET} characters of JSON")
        with self.store.transaction() as connection:
            self._owned(connection, owner, class_id)
            if kind in STUDY_KINDS:
                self._own_study(connection, owner, str(target.get("study", "")))
            if kind == "deal" and not isinstance(target.get("seed"), int):
                raise ValueError("a class deal names its seed")
            values = {"class_id": class_id, "kind": kind, "target": text, "due_at": due_at}
            new_id = connection.execute(
                insert(class_assignments).values(**values, created_at=self.store.now())
            ).inserted_primary_key
            assert new_id is not None
            row = connection.execute(select(class_assignments).where(class_assignments.c.id == new_id[0]))
            return _assignment(row.mappings().one())

    @staticmethod
    def _own_study(connection: Connection, owner: str, study_id: str) -> None:
        """Work may set only a study of the teacher's own."""
        author = connection.scalar(select(studies.c.owner).where(studies.c.id == study_id))
        if author != owner:
            raise NotYourClassError

    def assignments(self, owner: str, class_id: str) -> list[Assignment]:
        """The work set for the class, the newest first (only its owner may ask)."""
        with self.store.engine.connect() as connection:
            self._owned(connection, owner, class_id)
            rows = connection.execute(
                select(class_assignments)
                .where(class_assignments.c.class_id == class_id)
                .order_by(class_assignments.c.id.desc())
            ).mappings()
            return [_assignment(row) for row in rows]

    def dashboard(self, owner: str, class_id: str, lessons: Sequence[Lesson]) -> list[LearnerRow]:
        """The teacher's dashboard of the class: a row per learner in it now, by name (only its owner
        may ask; the figures are :func:`~hearts_core.learner.class_report.learner_row`'s)."""
        members = self.members(owner, class_id)
        activities = self.store.activities([member.learner for member in members])
        now = self.store.now()
        return [
            learner_row(member.learner, member.display_name, activities[member.learner], lessons, now)
            for member in members
        ]

    def work_progress(
        self, owner: str, class_id: str, lessons: Sequence[Lesson], puzzle_themes: Mapping[str, Sequence[str]]
    ) -> list[tuple[Assignment, list[tuple[Member, WorkDone]]]]:
        """Who has done what: every piece of work set for the class, newest first, with each learner's
        progress on it (only its owner may ask).  Work naming a lesson or theme that is gone is skipped."""
        members = self.members(owner, class_id)
        work = self.assignments(owner, class_id)
        activities = self.store.activities([member.learner for member in members])
        attempts = {
            member.learner: [
                (str(row["puzzle"]), row["correct"], row["at"])
                for row in self.store.puzzle_attempts(member.learner)
                if row["kind"] == "answer"
            ]
            for member in members
        }
        by_id = {lesson.id: lesson for lesson in lessons}
        result = []
        for item in work:
            lesson = by_id.get(str(item.target.get("lesson", "")))
            if item.kind in STUDY_KINDS:
                lesson = self._study_lesson(str(item.target.get("study", "")))
            if item.kind in ("lesson", *STUDY_KINDS) and lesson is not None:
                done = [(member, lesson_work(lesson, activities[member.learner])) for member in members]
            elif item.kind == "deal":
                points = self.deal_results(owner, item.id)
                done = [(member, deal_work(points.get(member.learner))) for member in members]
            elif item.kind == "puzzles":
                theme, count = str(item.target.get("theme", "")), int(item.target.get("count", 1))
                done = [
                    (member, puzzle_work(theme, count, item.created_at, attempts[member.learner], puzzle_themes))
                    for member in members
                ]
            else:
                continue
            result.append((item, done))
        return result

    def _study_lesson(self, study_id: str) -> Lesson | None:
        """The study set as work, as the lesson its learners take (None when it is gone)."""
        with self.store.engine.connect() as connection:
            row = connection.execute(select(studies.c.title, studies.c.text).where(studies.c.id == study_id)).first()
        if row is None or not row.text.strip():
            return None
        return study_lesson(loads_study(row.text, row.title), study_lesson_id(study_id))

    def deal_results(self, owner: str, assignment_id: int) -> dict[str, int]:
        """Every learner's points on the class deal set by work ``assignment_id`` (only its teacher may ask)."""
        with self.store.engine.connect() as connection:
            class_id = connection.scalar(
                select(class_assignments.c.class_id).where(class_assignments.c.id == assignment_id)
            )
            self._owned(connection, owner, str(class_id))
            rows = connection.execute(
                select(class_deal_results.c.learner, class_deal_results.c.points).where(
                    class_deal_results.c.assignment_id == assignment_id
                )
            )
            return {str(row.learner): int(row.points) for row in rows}

    # -- the learner's side --------------------------------------------------------------------

    def _allowed(self, connection: Connection, learner: str) -> None:
        wrong = connection.execute(select(join_attempts.c.at).where(join_attempts.c.learner == learner)).scalars()
        if not may_try_a_code(list(wrong), self.store.now()):
            raise JoinRefusedError("too_many_attempts")

    def join(self, learner: str, code: str, name: str) -> SchoolClass:
        """Put ``learner`` in the class whose join code is ``code``, as ``name`` (joining again keeps
        them in, under the new name).  A wrong code is counted; too many in a while refuse even a right one."""
        chosen = display_name(name)
        typed = normalize_code(code)
        with self.store.transaction() as connection:
            self._allowed(connection, learner)
            row = None
            if is_code_shaped(typed):
                row = connection.execute(select(classes).where(classes.c.join_code == typed)).mappings().first()
            if row is not None:
                return self._enter(connection, row, learner, chosen)
        self._wrong_code(learner)
        raise JoinRefusedError("unknown_code")

    def _enter(self, connection: Connection, row: RowMapping, learner: str, chosen: str) -> SchoolClass:
        """Put the learner in the class of ``row`` (unless it is archived), as ``chosen``."""
        if row["archived_at"] is not None:
            raise JoinRefusedError("archived")
        found = _class(row)
        key = (class_members.c.class_id == found.id) & (class_members.c.learner == learner)
        if connection.scalar(select(class_members.c.learner).where(key)) is None:
            connection.execute(
                insert(class_members).values(
                    class_id=found.id, learner=learner, display_name=chosen, joined_at=self.store.now()
                )
            )
        else:
            connection.execute(update(class_members).where(key).values(display_name=chosen, left_at=None))
        return found

    def leave(self, learner: str, class_id: str) -> None:
        """The learner leaves the class."""
        with self.store.transaction() as connection:
            connection.execute(
                update(class_members)
                .where(class_members.c.class_id == class_id, class_members.c.learner == learner)
                .values(left_at=self.store.now())
            )

    def memberships(self, learner: str) -> list[tuple[SchoolClass, Member]]:
        """The classes the learner is in now (archived ones left out), with how they are in each."""
        with self.store.engine.connect() as connection:
            rows = connection.execute(
                select(classes, class_members)
                .join(class_members, class_members.c.class_id == classes.c.id)
                .where(
                    class_members.c.learner == learner,
                    class_members.c.left_at.is_(None),
                    classes.c.archived_at.is_(None),
                )
                .order_by(class_members.c.joined_at)
            ).mappings()
            return [(_class(row), _member(row)) for row in rows]

    def _their_work(self, connection: Connection, learner: str, assignment_id: int) -> Assignment | None:
        """Work ``assignment_id`` when it is set in a class the learner is in now (None otherwise)."""
        row = (
            connection.execute(
                select(class_assignments)
                .join(classes, classes.c.id == class_assignments.c.class_id)
                .join(class_members, class_members.c.class_id == classes.c.id)
                .where(
                    class_assignments.c.id == assignment_id,
                    class_members.c.learner == learner,
                    class_members.c.left_at.is_(None),
                    classes.c.archived_at.is_(None),
                )
            )
            .mappings()
            .first()
        )
        return None if row is None else _assignment(row)

    def class_deal(self, learner: str, assignment_id: int) -> tuple[SchoolClass, Assignment] | None:
        """The class deal set by work ``assignment_id`` and its class, when the learner is in that class."""
        with self.store.engine.connect() as connection:
            item = self._their_work(connection, learner, assignment_id)
            if item is None or item.kind != "deal":
                return None
            row = connection.execute(select(classes).where(classes.c.id == item.class_id)).mappings().one()
            return _class(row), item

    def record_deal(self, learner: str, assignment_id: int, points: int, hand: str) -> bool:
        """Keep the learner's first result on a class deal of theirs; False when it is not theirs to
        play or they played it before (the first result counts)."""
        with self.store.transaction() as connection:
            item = self._their_work(connection, learner, assignment_id)
            if item is None or item.kind != "deal":
                return False
            key = (class_deal_results.c.assignment_id == assignment_id) & (class_deal_results.c.learner == learner)
            if connection.scalar(select(class_deal_results.c.points).where(key)) is not None:
                return False
            connection.execute(
                insert(class_deal_results).values(
                    assignment_id=assignment_id, learner=learner, points=points, hand=hand, at=self.store.now()
                )
            )
            return True

    def my_deal(self, learner: str, assignment_id: int) -> tuple[int, tuple[int, ...]] | None:
        """The learner's points on a class deal and everyone's in the class (None before they played):
        the class's field, shown to a learner once they have played it."""
        with self.store.engine.connect() as connection:
            if self._their_work(connection, learner, assignment_id) is None:
                return None
            rows = connection.execute(
                select(class_deal_results.c.learner, class_deal_results.c.points).where(
                    class_deal_results.c.assignment_id == assignment_id
                )
            ).all()
        mine = next((int(row.points) for row in rows if row.learner == learner), None)
        return None if mine is None else (mine, tuple(sorted(int(row.points) for row in rows)))

    def work_for(self, learner: str) -> list[Assignment]:
        """The work set in every class the learner is in now, the soonest due first."""
        ids = [school_class.id for school_class, _ in self.memberships(learner)]
        with self.store.engine.connect() as connection:
            rows = connection.execute(select(class_assignments).where(class_assignments.c.class_id.in_(ids))).mappings()
            work = [_assignment(row) for row in rows]
        return sorted(work, key=lambda item: (item.due_at is None, item.due_at or item.created_at, item.id))


def study_lesson_id(study_id: str) -> str:
    """The lesson id a study is taken under (its lesson events are kept under it)."""
    return f"study-{study_id}"


__all__ = [
    "ASSIGNMENT_KINDS",
    "Assignment",
    "ClassInputError",
    "ClassStore",
    "JoinRefusedError",
    "Member",
    "NotYourClassError",
    "SchoolClass",
    "study_lesson_id",
]
