"""The rows of teachers' classes that belong to a learner, for forget-me and the progress file (kept
apart from :mod:`.classes`, which builds on :class:`~hearts_core.store.progress.ProgressStore`)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Connection, delete, select, update

from .schema import class_assignments, class_members, classes, join_attempts


def forget_classes(connection: Connection, learners: set[str]) -> None:
    """Forget-me's share: the learners' memberships and wrong codes, and the classes they teach with
    everything in them (called inside :meth:`ProgressStore.forget`'s transaction)."""
    taught = connection.execute(select(classes.c.id).where(classes.c.owner.in_(learners))).scalars().all()
    connection.execute(delete(class_assignments).where(class_assignments.c.class_id.in_(taught)))
    connection.execute(
        delete(class_members).where(class_members.c.class_id.in_(taught) | class_members.c.learner.in_(learners))
    )
    connection.execute(delete(classes).where(classes.c.id.in_(taught)))
    connection.execute(delete(join_attempts).where(join_attempts.c.learner.in_(learners)))


def exported_classes(connection: Connection, learner: str) -> dict[str, list[dict[str, Any]]]:
    """What the learner's progress file says of classes: those they are in (with the name they use)
    and those they teach (never the codes, never the other learners)."""
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
    return {
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


__all__ = ["exported_classes", "forget_classes", "merge_classes"]
