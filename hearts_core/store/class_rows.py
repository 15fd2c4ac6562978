"""The rows of teachers' classes that belong to a learner, for forget-me and the progress file (kept
apart from :mod:`.classes`, which builds on :class:`~hearts_core.store.progress.ProgressStore`)."""

from __future__ import annotations

import hashlib
import json
import secrets
from datetime import datetime
from typing import Any, Final

from sqlalchemy import Connection, delete, insert, select, update

from ..records.phn import split_records
from ..records.studies import Study, dumps_study, loads_study
from .schema import class_assignments, class_deal_results, class_members, classes, join_attempts, studies

#: The kinds of work that name a study (a study, or positions from the analysis board gathered in one).
STUDY_KINDS: Final = ("study", "positions")


def forget_classes(connection: Connection, learners: set[str]) -> None:
    """Forget-me's share: the learners' memberships and wrong codes, and the classes they teach with
    everything in them (called inside :meth:`ProgressStore.forget`'s transaction)."""
    taught = connection.execute(select(classes.c.id).where(classes.c.owner.in_(learners))).scalars().all()
    work = select(class_assignments.c.id).where(class_assignments.c.class_id.in_(taught))
    connection.execute(
        delete(class_deal_results).where(
            class_deal_results.c.assignment_id.in_(work) | class_deal_results.c.learner.in_(learners)
        )
    )
    connection.execute(delete(class_assignments).where(class_assignments.c.class_id.in_(taught)))
    connection.execute(
        delete(class_members).where(class_members.c.class_id.in_(taught) | class_members.c.learner.in_(learners))
    )
    connection.execute(delete(classes).where(classes.c.id.in_(taught)))
    connection.execute(delete(join_attempts).where(join_attempts.c.learner.in_(learners)))
    written = connection.execute(select(studies.c.id).where(studies.c.owner.in_(learners))).scalars().all()
    delete_studies(connection, list(written))


def exported_classes(connection: Connection, learner: str) -> dict[str, list[dict[str, Any]]]:
    """What the learner's progress file says of classes: those they are in (with the name they use),
    their results on class deals, those they teach (never the codes, never the other learners), and
    the studies they wrote (as PHN, which an import adds back)."""
    member_rows = connection.execute(
        select(classes.c.name, class_members.c.display_name, class_members.c.joined_at, class_members.c.left_at)
        .join(class_members, class_members.c.class_id == classes.c.id)
        .where(class_members.c.learner == learner)
    ).mappings()
    taught_rows = connection.execute(
        select(classes.c.name, classes.c.language, classes.c.ruleset, classes.c.created_at).where(
            classes.c.owner == learner
        )
    ).mappings()
    deals = connection.execute(
        select(classes.c.name, class_deal_results.c.points, class_deal_results.c.at)
        .join(class_assignments, class_assignments.c.class_id == classes.c.id)
        .join(class_deal_results, class_deal_results.c.assignment_id == class_assignments.c.id)
        .where(class_deal_results.c.learner == learner)
    ).mappings()
    written = connection.execute(select(studies).where(studies.c.owner == learner).order_by(studies.c.created_at))
    return {
        "deals": [{"class": row["name"], "points": row["points"], "at": row["at"].isoformat()} for row in deals],
        # Each study's PHN a record at a time (each within the longest text a file may hold).
        "studies": [{"title": row.title, "phn": [record for _, record in split_records(row.text)]} for row in written],
        "member_of": [
            {
                "class": row["name"],
                "display_name": row["display_name"],
                "joined_at": row["joined_at"].isoformat(),
                "left": row["left_at"] is not None,
            }
            for row in member_rows
        ],
        "teaching": [
            {
                "class": row["name"],
                "language": row["language"],
                "ruleset": row["ruleset"],
                "created_at": row["created_at"].isoformat(),
            }
            for row in taught_rows
        ],
    }


def merge_classes(connection: Connection, source: str, target: str) -> None:
    """A sign-in's share (inside :func:`~hearts_core.store.progress._merge`): the classes the browser's
    learner teaches become the account's, and its memberships too (a class both are in keeps the
    account's)."""
    connection.execute(update(classes).where(classes.c.owner == source).values(owner=target))
    theirs = select(class_members.c.class_id).where(class_members.c.learner == target)
    connection.execute(
        delete(class_members).where(class_members.c.learner == source, class_members.c.class_id.in_(theirs))
    )
    connection.execute(update(class_members).where(class_members.c.learner == source).values(learner=target))
    played = select(class_deal_results.c.assignment_id).where(class_deal_results.c.learner == target)
    connection.execute(
        delete(class_deal_results).where(
            class_deal_results.c.learner == source, class_deal_results.c.assignment_id.in_(played)
        )
    )
    connection.execute(update(class_deal_results).where(class_deal_results.c.learner == source).values(learner=target))
    connection.execute(update(studies).where(studies.c.owner == source).values(owner=target))


def study_digest(title: str, text: str) -> str:
    """What recognises the same study imported twice: its title and PHN text."""
    return hashlib.sha256(f"{title}\n{text}".encode()).hexdigest()


def insert_study(connection: Connection, owner: str, study: Study, now: datetime) -> str:
    """Keep ``study`` as a new study of ``owner``'s (its PHN, or no text while it has no step); its id."""
    text = dumps_study(study) if study.steps else ""
    study_id = secrets.token_urlsafe(12)
    connection.execute(
        insert(studies).values(
            id=study_id,
            owner=owner,
            title=study.title,
            text=text,
            digest=study_digest(study.title, text),
            created_at=now,
            updated_at=now,
        )
    )
    return study_id


def import_study(connection: Connection, owner: str, study: Study, now: datetime) -> tuple[str, bool]:
    """An imported study kept for ``owner``, unless the same one is there already: its id, and whether
    it is new (so a file loaded twice adds it once)."""
    digest = study_digest(study.title, dumps_study(study))
    known = connection.scalar(select(studies.c.id).where(studies.c.owner == owner, studies.c.digest == digest))
    if known is not None:
        return str(known), False
    return insert_study(connection, owner, study, now), True


def import_studies(connection: Connection, owner: str, found: list[tuple[str, str]], now: datetime) -> int:
    """A progress file's share: the studies it holds (title, PHN) become ``owner``'s, each unless the
    same study is there already.  How many were added."""
    return sum(import_study(connection, owner, loads_study(text, title), now)[1] for title, text in found)


def delete_studies(connection: Connection, ids: list[str]) -> None:
    """Delete the studies and the work that set them (and nothing else)."""
    work = connection.execute(
        select(class_assignments.c.id, class_assignments.c.target).where(class_assignments.c.kind.in_(STUDY_KINDS))
    ).all()
    naming = [row.id for row in work if names_study(row.target) in ids]
    connection.execute(delete(class_assignments).where(class_assignments.c.id.in_(naming)))
    connection.execute(delete(studies).where(studies.c.id.in_(ids)))


def names_study(target: str) -> str:
    """The study a piece of work's target (its JSON) names ("" for none)."""
    named = json.loads(target)
    return str(named.get("study", "")) if isinstance(named, dict) else ""


__all__ = [
    "STUDY_KINDS",
    "delete_studies",
    "exported_classes",
    "forget_classes",
    "import_studies",
    "import_study",
    "insert_study",
    "merge_classes",
    "names_study",
    "study_digest",
]
