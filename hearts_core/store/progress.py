"""The learner's progress in a database: lessons, puzzles, the practice game, settings, accounts.

Every write is one small transaction that adds the single change (an event row, a setting, a
game's new state), so two tabs of one learner never overwrite each other: lesson and puzzle
progress are the learner's events folded in order by the same pure functions the pages use
(:func:`~hearts_core.learner.lesson_progress.record_progress`,
:func:`~hearts_core.learner.puzzle_progress.apply_events`), and a practice game carries a version
that a save from a stale copy must match.

>>> from hearts_core.store.identity import learner_key, new_token
>>> store = ProgressStore.open("sqlite://")
>>> learner = learner_key(new_token())
>>> store.record_lesson(learner, "table", 2, "right")
{'table': {2: 'first'}}
>>> from hearts_core.learner.puzzle_progress import PuzzleEvent
>>> store.record_puzzle(learner, PuzzleAttempt(PuzzleEvent("p1", "answer", correct=True)))["p1"].result
'solved'
>>> store.lesson_progress(learner), store.lesson_progress(learner_key(new_token()))
({'table': {2: 'first'}}, {})
"""

from __future__ import annotations

import hashlib
import json
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, Final

from sqlalchemy import Connection, Engine, RowMapping, Table, delete, func, insert, select, update
from sqlalchemy.dialects import postgresql, sqlite

from ..learner.lesson_progress import StepOutcome, fold_progress
from ..learner.practice import PracticeSession
from ..learner.puzzle_progress import PuzzleEvent, PuzzleRecord, apply_events
from ..learner.review_queue import OUTCOMES as REVIEW_OUTCOMES
from ..learner.review_queue import Queue, QueueCard, QueueEvent, build_queue
from .class_rows import exported_classes, forget_classes, import_studies, merge_classes
from .codec import StoredDataError, session_from_dict, session_to_dict
from .database import connect, migrate
from .identity import COOKIE_LIFETIME, new_key
from .progress_file import EXPORT_FORMAT, EXPORT_VERSION, MAX_SETTING_NAME, OUTCOMES, parse_export, share_time
from .schema import (
    accounts,
    cookie_keys,
    daily_results,
    learners,
    lesson_events,
    practice_games,
    practice_reviews,
    puzzle_events,
    review_cards,
    review_events,
    revoked_learners,
    server_keys,
    settings,
)

#: The tables of a learner's own progress (forget-me deletes them; the load check counts them).
_PROGRESS_TABLES: Final = (
    lesson_events,
    puzzle_events,
    practice_games,
    review_cards,
    review_events,
    daily_results,
    practice_reviews,
)
#: The tables whose imported rows keep a digest (a row already there is not imported again).
_DIGESTED: Final = (lesson_events, puzzle_events, review_events, practice_reviews, practice_games)
#: An import writes its rows in transactions of about this long (and chunks of this many rows), then
#: pauses, so other learners' saves wait for one transaction at most (``benchmarks/import_lock.py``).
#: On SQLite the pause is longer than the busy handler sleeps between two tries in the first 0.2 s of
#: a wait (up to 50 ms), so a save of another process waiting on the file's lock gets its turn; a
#: PostgreSQL save waiting for the learner's row has it the moment the import commits.
IMPORT_BATCH_SECONDS: Final = 0.05
IMPORT_CHUNK: Final = 200
IMPORT_PAUSE_SECONDS: Final = 0.11
IMPORT_PAUSE_SECONDS_POSTGRES: Final = 0.005
#: The name, in ``server_keys``, of the moment until which cookies of the first format (no expiry,
#: issued before the sixth migration) are accepted.
LEGACY_COOKIES_UNTIL: Final = "legacy_cookies_until"
#: The ``server_keys`` row a server writes before it makes the first signing key (when it last did): the
#: write queues servers that start together, so they make one key between them.
COOKIE_KEY_MAKER: Final = "cookie_key_maker"

Clock = Callable[[], datetime]


def _now() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True)
class PuzzleAttempt:
    """A puzzle event with what the attempts log keeps beside it: whether it was the first try at
    the puzzle, the hint rungs used before it, and the learner's rating before and after."""

    event: PuzzleEvent
    first_try: bool = True
    hints_used: int = 0
    rating_before: float | None = None
    rating_after: float | None = None


@dataclass(frozen=True)
class SavedGame:
    """The learner's practice game as stored: its row, the version a save must match, the game."""

    id: int
    version: int
    session: PracticeSession


@dataclass(frozen=True)
class CookieKeys:
    """The learner cookie's keys now: ``current`` signs, every one of ``accepted`` verifies (the
    current key first), and cookies without an expiry are accepted while ``legacy`` is true."""

    current: str
    accepted: tuple[str, ...]
    legacy: bool


class LearnerRevokedError(Exception):
    """A write for a learner whose progress was deleted (forget-me), from a tab still open."""

    def __init__(self, learner: str) -> None:
        super().__init__("this learner's progress was deleted; their cookie is no longer accepted")
        self.learner = learner


class GameChangedError(Exception):
    """The game was saved from another tab since this copy was loaded; ``current`` is the stored game."""

    def __init__(self, current: SavedGame | None) -> None:
        super().__init__("the practice game moved on in another tab")
        self.current = current


class ProgressStore:
    """Every learner's progress in one database (any SQLAlchemy URL; the schema kept up to date)."""

    def __init__(self, engine: Engine, clock: Clock = _now) -> None:
        self.engine = engine
        self._clock = clock
        # SQLite lets one writer in at a time: the threads of this process queue here, in order,
        # instead of spinning on the file lock (other processes still wait on the busy timeout).
        self._write_lock = threading.Lock() if engine.dialect.name == "sqlite" else None

    @contextmanager
    def _writing(self) -> Iterator[Connection]:
        """One write transaction (committed at the end, rolled back on an error)."""
        if self._write_lock is None:
            with self.engine.begin() as connection:
                yield connection
            return
        with self._write_lock, self.engine.begin() as connection:
            yield connection

    def transaction(self) -> AbstractContextManager[Connection]:
        """One write transaction, queued behind this process's other writes on SQLite: for the store's
        companions (:class:`~hearts_core.store.classes.ClassStore`)."""
        return self._writing()

    @classmethod
    def open(cls, url: str, clock: Clock = _now) -> ProgressStore:
        """Connect to ``url`` and bring the schema up to date (made from empty on first use)."""
        engine = connect(url)
        migrate(engine)
        return cls(engine, clock)

    # -- the learner cookie's keys, and revoked learners ------------------------------------------

    def cookie_keys(self) -> CookieKeys:
        """The learner cookie's keys: the one that signs (made by the first server to ask) and every
        one that verifies."""
        now = self._clock()
        with self.engine.connect() as connection:
            found = _cookie_keys(connection, now)
        if found is not None:
            return found
        with self._writing() as connection:
            # Servers starting together on a new database would each read "no key" and make one, and
            # then refuse each other's cookies until they read the keys again.  A write to one row
            # first queues them (a row lock on PostgreSQL, the one writer on SQLite): the second
            # server's read then sees the key the first one made.
            _insert_ignore(connection, server_keys, {"name": COOKIE_KEY_MAKER, "value": now.isoformat()}, ["name"])
            connection.execute(
                update(server_keys).where(server_keys.c.name == COOKIE_KEY_MAKER).values(value=now.isoformat())
            )
            found = _cookie_keys(connection, now)  # another server may have made it meanwhile
            if found is None:
                connection.execute(insert(cookie_keys).values(value=new_key(), created_at=now))
                found = _cookie_keys(connection, now)
        assert found is not None
        return found

    def signing_key(self) -> str:
        """The key that signs new learner cookies."""
        return self.cookie_keys().current

    def rotate_cookie_key(self, drop_old: bool = False) -> None:
        """A new signing key.  The old keys keep verifying for a cookie's lifetime, so every learner
        keeps their progress (and gets a cookie signed with the new key on their next page); with
        ``drop_old`` (a key was leaked) they stop at once, and with them every cookie issued so far."""
        now = self._clock()
        with self._writing() as connection:
            if drop_old:
                connection.execute(delete(cookie_keys))
                connection.execute(delete(server_keys).where(server_keys.c.name == LEGACY_COOKIES_UNTIL))
            else:
                connection.execute(update(cookie_keys).where(cookie_keys.c.retired_at.is_(None)).values(retired_at=now))
            connection.execute(insert(cookie_keys).values(value=new_key(), created_at=now))

    def revoked(self, learner: str) -> bool:
        """Whether the learner's cookies are refused (forget-me)."""
        with self.engine.connect() as connection:
            return _is_revoked(connection, learner)

    # -- learners --------------------------------------------------------------------------------

    def now(self) -> datetime:
        """The store's clock (a test may move it)."""
        return self._clock()

    def _touch(self, connection: Connection, learner: str) -> None:
        """Mark the learner seen, in the transaction of a write of theirs; a revoked learner's write
        (a tab left open after forget-me) is refused."""
        if _is_revoked(connection, learner):
            raise LearnerRevokedError(learner)
        now = self._clock()
        _upsert(connection, learners, {"id": learner, "created_at": now, "seen_at": now}, ["id"], ["seen_at"])

    def known(self, learner: str) -> bool:
        """Whether the learner has saved anything."""
        with self.engine.connect() as connection:
            return connection.scalar(select(func.count()).where(learners.c.id == learner)) == 1

    # -- lessons ---------------------------------------------------------------------------------

    def lesson_progress(self, learner: str) -> dict[str, dict[int, str]]:
        """Lesson id -> step -> outcome, from the learner's answers in order."""
        with self.engine.connect() as connection:
            return _lesson_progress(connection, learner)

    def lesson_events(self, learner: str) -> list[tuple[str, int, StepOutcome]]:
        """The learner's lesson answers as (lesson, step, outcome), in the order they were given (what
        :func:`~hearts_core.learner.lesson_progress.finished_lessons` reads)."""
        with self.engine.connect() as connection:
            return _lesson_events(connection, learner)

    def record_lesson(self, learner: str, lesson: str, step: int, outcome: StepOutcome) -> dict[str, dict[int, str]]:
        """Add one step's outcome and return the learner's progress (with what other tabs added)."""
        if outcome not in OUTCOMES:
            raise ValueError(f"outcome must be one of {', '.join(OUTCOMES)}")
        with self._writing() as connection:
            self._touch(connection, learner)
            connection.execute(
                insert(lesson_events).values(
                    learner=learner, lesson=lesson, step=step, outcome=outcome, at=self._clock()
                )
            )
            return _lesson_progress(connection, learner)

    # -- puzzles ---------------------------------------------------------------------------------

    def puzzle_progress(self, learner: str) -> dict[str, PuzzleRecord]:
        """Puzzle id -> record, from the learner's events in order."""
        with self.engine.connect() as connection:
            return _puzzle_progress(connection, learner)

    def record_puzzle(self, learner: str, *attempts: PuzzleAttempt) -> dict[str, PuzzleRecord]:
        """Add puzzle events (in one transaction) and return the learner's puzzle progress."""
        with self._writing() as connection:
            self._touch(connection, learner)
            for attempt in attempts:
                connection.execute(
                    insert(puzzle_events).values(learner=learner, at=self._clock(), **_attempt_row(attempt))
                )
            return _puzzle_progress(connection, learner)

    def puzzle_attempts(self, learner: str) -> list[dict[str, Any]]:
        """The learner's puzzle events in order, each with its time, first try, hints and ratings."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(puzzle_events).where(puzzle_events.c.learner == learner).order_by(puzzle_events.c.id)
            ).mappings()
            return [{name: row[name] for name in row if name not in ("id", "learner")} for row in rows]

    # -- the practice game -----------------------------------------------------------------------

    def current_game(self, learner: str) -> SavedGame | None:
        """The game in progress (or just over, until the learner leaves it); None when there is none."""
        with self.engine.connect() as connection:
            return _current_game(connection, learner)

    def save_game(self, learner: str, session: PracticeSession, saved: SavedGame | None) -> SavedGame:
        """Store ``session`` as the learner's game: a new game when ``saved`` is None (any other game is
        left), else the next state of ``saved``, refused with :class:`GameChangedError` if another
        tab saved that game since, or left it."""
        state = json.dumps(session_to_dict(session), separators=(",", ":"))
        now = self._clock()
        with self._writing() as connection:
            self._touch(connection, learner)
            if saved is None:
                _close_games(connection, learner, now)
                key = connection.execute(
                    insert(practice_games).values(
                        learner=learner, state=state, closed=False, version=1, started_at=now, updated_at=now
                    )
                ).inserted_primary_key
                assert key is not None
                return SavedGame(int(key[0]), 1, session)
            changed = connection.execute(
                update(practice_games)
                .where(
                    practice_games.c.id == saved.id,
                    practice_games.c.learner == learner,
                    practice_games.c.version == saved.version,
                    practice_games.c.closed.is_(False),
                )
                .values(state=state, version=saved.version + 1, updated_at=now)
            ).rowcount
            if changed != 1:
                raise GameChangedError(_current_game(connection, learner))
            return SavedGame(saved.id, saved.version + 1, session)

    def leave_game(self, learner: str) -> None:
        """The learner leaves their game (it stays among their games, no longer in progress)."""
        with self._writing() as connection:
            _close_games(connection, learner, self._clock())

    def games(self, learner: str) -> list[SavedGame]:
        """Every game the learner played, oldest first (unreadable ones skipped)."""
        with self.engine.connect() as connection:
            rows = (
                connection.execute(
                    select(practice_games).where(practice_games.c.learner == learner).order_by(practice_games.c.id)
                )
                .mappings()
                .all()
            )
        return [game for game in (_saved_game(row) for row in rows) if game is not None]

    # -- settings --------------------------------------------------------------------------------

    def settings(self, learner: str) -> dict[str, Any]:
        """The learner's settings by name (JSON values)."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(settings.c.name, settings.c.value).where(settings.c.learner == learner)
            ).all()
        return {name: json.loads(value) for name, value in rows}

    def save_setting(self, learner: str, name: str, value: Any) -> None:
        """Keep one setting (a JSON value; its name at most as long as the column allows)."""
        if not 0 < len(name) <= MAX_SETTING_NAME or "\x00" in name:
            raise ValueError(f"a setting's name has 1 to {MAX_SETTING_NAME} characters and no NUL")
        with self._writing() as connection:
            self._touch(connection, learner)
            _upsert(
                connection,
                settings,
                {"learner": learner, "name": name, "value": json.dumps(value)},
                ["learner", "name"],
                ["value"],
            )

    # -- accounts --------------------------------------------------------------------------------

    def sign_in(self, subject: str, browser_learner: str) -> str:
        """The learner of a signed-in account.  The first sign-in makes the browser's learner the
        account's; a later sign-in from another browser merges that browser's progress into it."""
        with self._writing() as connection:
            self._touch(connection, browser_learner)
            owner = connection.scalar(select(accounts.c.learner).where(accounts.c.subject == subject))
            if owner is None:
                _insert_ignore(
                    connection,
                    accounts,
                    {"subject": subject, "learner": browser_learner, "created_at": self._clock()},
                    ["subject"],
                )
                owner = connection.scalar(select(accounts.c.learner).where(accounts.c.subject == subject))
            if owner != browser_learner:
                _merge(connection, browser_learner, str(owner), self._clock())
            return str(owner)

    # -- the review queue ------------------------------------------------------------------------

    def add_review_cards(self, learner: str, cards: Iterable[QueueCard]) -> int:
        """Queue ``cards`` for review (a card already queued, by its key, is kept as it is); how many
        were new."""
        added = 0
        with self._writing() as connection:
            self._touch(connection, learner)
            have = _queued_keys(connection, learner)
            for card in cards:
                if card.key in have:
                    continue
                _insert_ignore(connection, review_cards, {"learner": learner, **_card_row(card)}, ["learner", "key"])
                have.add(card.key)
                added += 1
        return added

    def review_queue(self, learner: str) -> Queue:
        """The learner's review queue now: every card with its schedule, the due ones first."""
        with self.engine.connect() as connection:
            return _review_queue(connection, learner, self._clock())

    def record_review(self, learner: str, key: str, outcome: str) -> Queue:
        """Add an answer (``right``, ``wrong``) or a ``suspend``/``resume`` to a queued card, and
        return the queue with it (and with what other tabs added)."""
        if outcome not in REVIEW_OUTCOMES:
            raise ValueError(f"outcome must be one of {', '.join(REVIEW_OUTCOMES)}")
        with self._writing() as connection:
            self._touch(connection, learner)
            connection.execute(
                insert(review_events).values(learner=learner, key=key, outcome=outcome, at=self._clock())
            )
            return _review_queue(connection, learner, self._clock())

    # -- the daily deal, practice reviews, activity ------------------------------------------------

    def record_daily(self, learner: str, day: str, points: int, hand: str = "") -> bool:
        """Keep the learner's result on ``day``'s deal (only the first counts); whether it was kept."""
        with self._writing() as connection:
            self._touch(connection, learner)
            if connection.scalar(
                select(func.count()).where(daily_results.c.learner == learner, daily_results.c.day == day)
            ):
                return False
            connection.execute(
                insert(daily_results).values(learner=learner, day=day, points=points, hand=hand, at=self._clock())
            )
            return True

    def daily_field(self, day: str) -> tuple[int, ...]:
        """Everyone's points on ``day``'s deal (each learner's first result)."""
        with self.engine.connect() as connection:
            query = select(daily_results.c.points).where(daily_results.c.day == day).order_by(daily_results.c.points)
            return tuple(int(points) for points in connection.execute(query).scalars())

    def daily_result(self, learner: str, day: str) -> int | None:
        """The learner's result on ``day``'s deal, or None before they played it."""
        played = self.daily_hand(learner, day)
        return None if played is None else played[0]

    def daily_hand(self, learner: str, day: str) -> tuple[int, str] | None:
        """The learner's points on ``day``'s deal and the hand as they played it (None before)."""
        with self.engine.connect() as connection:
            row = connection.execute(
                select(daily_results.c.points, daily_results.c.hand).where(
                    daily_results.c.learner == learner, daily_results.c.day == day
                )
            ).first()
            return None if row is None else (int(row[0]), str(row[1]))

    def record_practice_review(self, learner: str, decisions: int, points_lost: float) -> None:
        """Keep a finished practice hand's review in figures (for the chart of points lost over time)."""
        with self._writing() as connection:
            self._touch(connection, learner)
            connection.execute(
                insert(practice_reviews).values(
                    learner=learner, decisions=decisions, points_lost=points_lost, at=self._clock()
                )
            )

    def activity(self, learner: str) -> Activity:
        """When the learner did what: the times of their answers, reviews, daily deals and reviewed
        practice hands, with the figures the dashboard's charts need."""
        return self.activities([learner])[learner]

    def activities(self, learners: Sequence[str]) -> dict[str, Activity]:
        """:meth:`activity` of several learners in one query per table (a class's dashboard)."""
        chosen = sorted(set(learners))
        found: dict[str, dict[str, list[Any]]] = {
            learner: {"lessons": [], "puzzles": [], "reviews": [], "dailies": [], "hands": []} for learner in chosen
        }
        with self.engine.connect() as connection:
            for row in connection.execute(
                select(lesson_events.c.learner, lesson_events.c.lesson, lesson_events.c.step, lesson_events.c.outcome)
                .add_columns(lesson_events.c.at)
                .where(lesson_events.c.learner.in_(chosen))
                .order_by(lesson_events.c.id)
            ):
                found[row[0]]["lessons"].append((str(row[1]), int(row[2]), str(row[3]), _aware(row[4])))
            for row in connection.execute(
                select(puzzle_events.c.learner, puzzle_events.c.at, puzzle_events.c.rating_after)
                .where(puzzle_events.c.learner.in_(chosen), puzzle_events.c.kind == "answer")
                .order_by(puzzle_events.c.id)
            ):
                found[row[0]]["puzzles"].append((_aware(row[1]), None if row[2] is None else float(row[2])))
            for row in connection.execute(
                select(daily_results.c.learner, daily_results.c.at).where(daily_results.c.learner.in_(chosen))
            ):
                found[row[0]]["dailies"].append(_aware(row[1]))
            for row in connection.execute(
                select(
                    practice_reviews.c.learner,
                    practice_reviews.c.at,
                    practice_reviews.c.decisions,
                    practice_reviews.c.points_lost,
                )
                .where(practice_reviews.c.learner.in_(chosen))
                .order_by(practice_reviews.c.id)
            ):
                found[row[0]]["hands"].append((_aware(row[1]), int(row[2]), float(row[3])))
            for learner in chosen:
                found[learner]["reviews"] = [
                    (event.at, event.outcome == "right")
                    for event in _queue_events(connection, learner)
                    if event.outcome in ("right", "wrong")
                ]
        return {
            learner: Activity(**{name: tuple(items) for name, items in parts.items()})
            for learner, parts in found.items()
        }

    # -- export, import, forget --------------------------------------------------------------------

    def export(self, learner: str) -> dict[str, Any]:
        """Everything kept for the learner, as plain JSON values (see :meth:`import_progress`)."""
        with self.engine.connect() as connection:
            lessons = (
                connection.execute(
                    select(lesson_events).where(lesson_events.c.learner == learner).order_by(lesson_events.c.id)
                )
                .mappings()
                .all()
            )
            puzzles = (
                connection.execute(
                    select(puzzle_events).where(puzzle_events.c.learner == learner).order_by(puzzle_events.c.id)
                )
                .mappings()
                .all()
            )
            games = (
                connection.execute(
                    select(practice_games).where(practice_games.c.learner == learner).order_by(practice_games.c.id)
                )
                .mappings()
                .all()
            )
            cards = _queue_cards(connection, learner)
            answers = _queue_events(connection, learner)
            dailies = (
                connection.execute(
                    select(daily_results).where(daily_results.c.learner == learner).order_by(daily_results.c.day)
                )
                .mappings()
                .all()
            )
            taught_and_joined = exported_classes(connection, learner)
            hands = (
                connection.execute(
                    select(practice_reviews)
                    .where(practice_reviews.c.learner == learner)
                    .order_by(practice_reviews.c.id)
                )
                .mappings()
                .all()
            )
        return {
            "format": EXPORT_FORMAT,
            "version": EXPORT_VERSION,
            "exported_at": self._clock().isoformat(),
            "lessons": [
                {"lesson": row["lesson"], "step": row["step"], "outcome": row["outcome"], "at": _iso(row["at"])}
                for row in lessons
            ],
            "puzzles": [{**{name: row[name] for name in _PUZZLE_FIELDS}, "at": _iso(row["at"])} for row in puzzles],
            "games": [
                {
                    "state": json.loads(row["state"]),
                    "closed": bool(row["closed"]),
                    "started_at": _iso(row["started_at"]),
                    "updated_at": _iso(row["updated_at"]),
                }
                for row in games
            ],
            "settings": self.settings(learner),
            "review_cards": [{**_card_row(card), "created_at": _iso(card.created_at)} for card in cards],
            "review_events": [{"key": event.key, "outcome": event.outcome, "at": _iso(event.at)} for event in answers],
            "daily_results": [
                {"day": row["day"], "points": row["points"], "hand": row["hand"], "at": _iso(row["at"])}
                for row in dailies
            ],
            "practice_reviews": [
                {"decisions": row["decisions"], "points_lost": row["points_lost"], "at": _iso(row["at"])}
                for row in hands
            ],
            # What the learner's classes know of them (an import leaves these out: joining takes the code).
            "classes": taught_and_joined,
        }

    def import_progress(self, learner: str, data: Any) -> ImportSummary:
        """Add an exported file's progress to the learner's (what they already have is kept).  The whole
        file is checked first (:func:`~hearts_core.store.progress_file.parse_export`): a problem raises
        :class:`~hearts_core.store.codec.StoredDataError` naming the part, and nothing is changed.

        Importing is idempotent: an event or a game already kept (imported before, or the learner's own,
        recognised by its content and its time in UTC) is not added again, so the same file loaded twice,
        or twice at once, feeds no streak or rating twice.  An imported row keeps its content's digest,
        unique per learner (``digest``).

        The rows are written in short transactions (:data:`IMPORT_BATCH_SECONDS` each, then a pause of
        :data:`IMPORT_PAUSE_SECONDS`), so a large file never keeps other learners' saves waiting on the
        write lock for longer than one of them.  Should the database fail part-way, what was written
        stays and loading the file again adds the rest, nothing twice."""
        parsed = parse_export(data)
        with self.engine.connect() as connection:  # what is there already: read without the write lock
            known = {table.name: _known_digests(connection, table, learner) for table in _DIGESTED}
            has_open = _current_game(connection, learner) is not None
            have_cards = _queued_keys(connection, learner)
        added = {}
        writes: list[tuple[Table, list[dict[str, Any]], list[str]]] = []
        for table, rows in (
            (lesson_events, parsed.lessons),
            (puzzle_events, parsed.puzzles),
            (review_events, parsed.review_events),
            (practice_reviews, parsed.practice_reviews),
            (practice_games, parsed.games),
        ):
            fresh = _new_rows(table, rows, known[table.name])
            added[table.name] = len(fresh)
            writes.append((table, fresh, ["learner", "digest"]))
        for game in writes[-1][1]:  # at most one open game: the learner's own, else the file's first
            closed = game["closed"] or has_open
            has_open = has_open or not closed
            game.update(closed=closed, version=1)
        cards = [card for card in parsed.review_cards if card["key"] not in have_cards]
        writes.append((review_cards, cards, ["learner", "key"]))
        writes.append((daily_results, parsed.daily_results, ["learner", "day"]))
        self._write_batches(learner, writes)
        with self._writing() as connection:
            self._touch(connection, learner)
            import_studies(connection, learner, parsed.studies, self._clock())
            for name, value in parsed.settings.items():
                _upsert(
                    connection,
                    settings,
                    {"learner": learner, "name": name, "value": json.dumps(value)},
                    ["learner", "name"],
                    ["value"],
                )
        return ImportSummary(
            added["lesson_events"], added["puzzle_events"], added["practice_games"], len(parsed.settings)
        )

    def _write_batches(self, learner: str, writes: list[tuple[Table, list[dict[str, Any]], list[str]]]) -> None:
        """Insert the rows (each table's, with the key a row already there is known by) in transactions
        of about :data:`IMPORT_BATCH_SECONDS`, pausing :data:`IMPORT_PAUSE_SECONDS` between two."""
        pending = deque(
            (table, rows[start : start + IMPORT_CHUNK], keys)
            for table, rows, keys in writes
            for start in range(0, len(rows), IMPORT_CHUNK)
        )
        while pending:
            with self._writing() as connection:
                began = time.monotonic()
                self._touch(connection, learner)
                while pending and time.monotonic() - began < IMPORT_BATCH_SECONDS:
                    table, rows, keys = pending.popleft()
                    statement = _dialect_insert(connection, table).on_conflict_do_nothing(index_elements=keys)
                    connection.execute(statement, [{"learner": learner, **row} for row in rows])
            if pending:
                self._pause_after_batch()

    def _pause_after_batch(self) -> None:
        """Let the others' saves go.  On SQLite the import also copies its log into the database file
        meanwhile (a checkpoint, which takes no write lock), so the log never grows long enough for
        another learner's save to be the one that has to copy it."""
        if self._write_lock is None:
            time.sleep(IMPORT_PAUSE_SECONDS_POSTGRES)
            return
        began = time.monotonic()
        with self.engine.connect() as connection:
            connection.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")
        time.sleep(max(0.0, IMPORT_PAUSE_SECONDS - (time.monotonic() - began)))

    def forget(self, learner: str) -> None:
        """Delete everything kept for the learner: their progress, settings and account link, their
        classes (those they are in, and those they teach with everything in them), and the browser
        learners merged into them; and revoke them all, so no cookie of theirs is accepted
        again and no tab still open writes anything back."""
        now = self._clock()
        with self._writing() as connection:
            merged = connection.execute(select(learners.c.id).where(learners.c.merged_into == learner)).scalars()
            everyone = {learner, *merged}
            for table in (*_PROGRESS_TABLES, settings, accounts):
                connection.execute(delete(table).where(table.c.learner.in_(everyone)))
            forget_classes(connection, everyone)
            connection.execute(delete(learners).where(learners.c.id.in_(everyone)))
            for key in sorted(everyone):
                _upsert(connection, revoked_learners, {"learner": key, "revoked_at": now}, ["learner"], ["revoked_at"])
            # A revocation older than a cookie's lifetime stops nothing any more: no cookie of then is valid.
            outlived = now - timedelta(seconds=COOKIE_LIFETIME)
            connection.execute(delete(revoked_learners).where(revoked_learners.c.revoked_at < outlived))

    def counts(self, learner: str | None = None) -> dict[str, int]:
        """Rows per table (for one learner, or all): what a load check compares."""
        result = {}
        with self.engine.connect() as connection:
            for table in (*_PROGRESS_TABLES, settings):
                query = select(func.count()).select_from(table)
                if learner is not None:
                    query = query.where(table.c.learner == learner)
                result[table.name] = int(connection.scalar(query) or 0)
        return result


@dataclass(frozen=True)
class Activity:
    """A learner's activity over time (see :meth:`ProgressStore.activity`): lesson answers as
    (lesson, step, outcome, time), puzzle answers as (time, rating after), review answers as (time,
    right), daily deals as times, and reviewed practice hands as (time, decisions, points lost)."""

    lessons: tuple[tuple[str, int, str, datetime], ...] = ()
    puzzles: tuple[tuple[datetime, float | None], ...] = ()
    reviews: tuple[tuple[datetime, bool], ...] = ()
    dailies: tuple[datetime, ...] = ()
    hands: tuple[tuple[datetime, int, float], ...] = ()


@dataclass(frozen=True)
class ImportSummary:
    """What an import added."""

    lessons: int
    puzzles: int
    games: int
    settings: int


# -- reading --------------------------------------------------------------------------------------

_PUZZLE_FIELDS: Final = (
    "puzzle",
    "kind",
    "correct",
    "rung",
    "first_try",
    "hints_used",
    "rating_before",
    "rating_after",
)


def _lesson_events(connection: Connection, learner: str) -> list[tuple[str, int, StepOutcome]]:
    rows = connection.execute(
        select(lesson_events.c.lesson, lesson_events.c.step, lesson_events.c.outcome)
        .where(lesson_events.c.learner == learner)
        .order_by(lesson_events.c.id)
    )
    return [(lesson, step, outcome) for lesson, step, outcome in rows if outcome in OUTCOMES]


def _lesson_progress(connection: Connection, learner: str) -> dict[str, dict[int, str]]:
    return fold_progress(_lesson_events(connection, learner))


def _puzzle_progress(connection: Connection, learner: str) -> dict[str, PuzzleRecord]:
    rows = connection.execute(
        select(puzzle_events.c.puzzle, puzzle_events.c.kind, puzzle_events.c.correct, puzzle_events.c.rung)
        .where(puzzle_events.c.learner == learner)
        .order_by(puzzle_events.c.id)
    )
    return apply_events({}, (PuzzleEvent(puzzle, kind, correct, rung) for puzzle, kind, correct, rung in rows))


def _attempt_row(attempt: PuzzleAttempt) -> dict[str, Any]:
    event = attempt.event
    return {
        "puzzle": event.puzzle,
        "kind": event.kind,
        "correct": event.correct,
        "rung": event.rung,
        "first_try": attempt.first_try,
        "hints_used": attempt.hints_used,
        "rating_before": attempt.rating_before,
        "rating_after": attempt.rating_after,
    }


def _saved_game(row: RowMapping) -> SavedGame | None:
    try:
        return SavedGame(int(row["id"]), int(row["version"]), session_from_dict(json.loads(row["state"])))
    except (StoredDataError, json.JSONDecodeError):
        return None


def _current_game(connection: Connection, learner: str) -> SavedGame | None:
    row = (
        connection.execute(
            select(practice_games)
            .where(practice_games.c.learner == learner, practice_games.c.closed.is_(False))
            .order_by(practice_games.c.id.desc())
            .limit(1)
        )
        .mappings()
        .first()
    )
    return None if row is None else _saved_game(row)


def _close_games(connection: Connection, learner: str, now: datetime) -> None:
    connection.execute(
        update(practice_games)
        .where(practice_games.c.learner == learner, practice_games.c.closed.is_(False))
        .values(closed=True, updated_at=now)
    )


def _merge(connection: Connection, source: str, target: str, now: datetime) -> None:
    """Move the source learner's progress to the target's (an open game of the source is left when
    the target has one); the source remembers where it went."""
    if _current_game(connection, target) is not None:
        _close_games(connection, source, now)
    for table in (lesson_events, puzzle_events, practice_games, review_events, practice_reviews):
        # A row both imported (the same file loaded in both browsers) is kept once: the target's.
        both = select(table.c.digest).where(table.c.learner == target, table.c.digest.is_not(None))
        connection.execute(delete(table).where(table.c.learner == source, table.c.digest.in_(both)))
        connection.execute(update(table).where(table.c.learner == source).values(learner=target))
    their_days = {
        str(day)
        for day in connection.execute(select(daily_results.c.day).where(daily_results.c.learner == target)).scalars()
    }
    connection.execute(
        delete(daily_results).where(daily_results.c.learner == source, daily_results.c.day.in_(their_days))
    )
    connection.execute(update(daily_results).where(daily_results.c.learner == source).values(learner=target))
    theirs_cards = _queued_keys(connection, target)
    for card in _queue_cards(connection, source):
        if card.key not in theirs_cards:
            connection.execute(insert(review_cards).values(learner=target, **_card_row(card)))
    connection.execute(delete(review_cards).where(review_cards.c.learner == source))
    theirs = {row.name for row in connection.execute(select(settings.c.name).where(settings.c.learner == target))}
    for name, value in connection.execute(
        select(settings.c.name, settings.c.value).where(settings.c.learner == source)
    ).all():
        if name not in theirs:
            connection.execute(insert(settings).values(learner=target, name=name, value=value))
    connection.execute(delete(settings).where(settings.c.learner == source))
    merge_classes(connection, source, target)
    connection.execute(update(learners).where(learners.c.id == source).values(merged_into=target))


def _card_row(card: QueueCard) -> dict[str, Any]:
    return {name: getattr(card, name) for name in _CARD_FIELDS} | {"created_at": card.created_at}


_CARD_FIELDS: Final = ("key", "kind", "rules", "position", "seat", "answer", "best", "loss", "source")


def _queued_keys(connection: Connection, learner: str) -> set[str]:
    query = select(review_cards.c.key).where(review_cards.c.learner == learner)
    return {str(key) for key in connection.execute(query).scalars()}


def _queue_cards(connection: Connection, learner: str) -> list[QueueCard]:
    rows = connection.execute(
        select(review_cards).where(review_cards.c.learner == learner).order_by(review_cards.c.created_at)
    ).mappings()
    return [
        QueueCard(
            row["key"],
            row["kind"],
            _aware(row["created_at"]),
            row["rules"],
            row["position"],
            int(row["seat"]),
            row["answer"],
            row["best"],
            float(row["loss"]),
            row["source"],
        )
        for row in rows
    ]


def _queue_events(connection: Connection, learner: str) -> list[QueueEvent]:
    rows = connection.execute(
        select(review_events).where(review_events.c.learner == learner).order_by(review_events.c.id)
    ).mappings()
    return [QueueEvent(row["key"], row["outcome"], _aware(row["at"])) for row in rows]


def _review_queue(connection: Connection, learner: str, now: datetime) -> Queue:
    return build_queue(_queue_cards(connection, learner), _queue_events(connection, learner), now)


def _aware(moment: datetime) -> datetime:
    """A time read back from the database, in UTC (SQLite gives it back without its zone, PostgreSQL
    in the session's zone)."""
    return moment.astimezone(UTC) if moment.tzinfo else moment.replace(tzinfo=UTC)


# -- writing, the same on SQLite and PostgreSQL ----------------------------------------------------


def _dialect_insert(connection: Connection, table: Table) -> Any:
    return (postgresql.insert if connection.dialect.name == "postgresql" else sqlite.insert)(table)


def _cookie_keys(connection: Connection, now: datetime) -> CookieKeys | None:
    """The keys that sign and verify at ``now``, or None when there are none yet."""
    oldest_valid = now - timedelta(seconds=COOKIE_LIFETIME)
    rows = connection.execute(
        select(cookie_keys.c.value, cookie_keys.c.retired_at).order_by(cookie_keys.c.id.desc())
    ).all()
    signing = [row.value for row in rows if row.retired_at is None]
    if not signing:
        return None
    retired = [row.value for row in rows if row.retired_at is not None and row.retired_at > oldest_valid]
    until = connection.scalar(select(server_keys.c.value).where(server_keys.c.name == LEGACY_COOKIES_UNTIL))
    legacy = until is not None and datetime.fromisoformat(str(until)) > now
    return CookieKeys(current=str(signing[0]), accepted=tuple(map(str, [*signing, *retired])), legacy=legacy)


def _is_revoked(connection: Connection, learner: str) -> bool:
    return connection.scalar(select(func.count()).where(revoked_learners.c.learner == learner)) == 1


def _insert_ignore(connection: Connection, table: Table, values: Mapping[str, Any], keys: list[str]) -> None:
    connection.execute(_dialect_insert(connection, table).values(**values).on_conflict_do_nothing(index_elements=keys))


def _upsert(
    connection: Connection, table: Table, values: Mapping[str, Any], keys: list[str], changed: list[str]
) -> None:
    statement = _dialect_insert(connection, table).values(**values)
    connection.execute(
        statement.on_conflict_do_update(index_elements=keys, set_={name: values[name] for name in changed})
    )


# -- an exported file, and imported rows known by their content --------------------------------------


def _iso(moment: datetime) -> str:
    """A time in UTC as ISO 8601 (the same instant always gives the same text)."""
    return _aware(moment).isoformat()


#: What makes an imported row the same event as another, beside the learner: these fields (times in
#: UTC).  A practice game is the same game when its rules, bots, seat, seed, daily deal and start are.
_SAME_EVENT: Final = {
    "lesson_events": ("lesson", "step", "outcome", "at"),
    "puzzle_events": ("puzzle", "kind", "correct", "rung", "at"),
    "review_events": ("key", "outcome", "at"),
    "practice_reviews": ("decisions", "points_lost", "at"),
}
_SAME_GAME: Final = ("rules", "level", "seat", "seed", "daily")


def _digest(table: Table, row: Mapping[str, Any] | RowMapping) -> str:
    """The SHA-256 of what makes ``row`` the event (or game) it is, as 64 hex digits."""
    if table is practice_games:
        try:
            state = json.loads(row["state"])
            parts: list[Any] = [state.get(name) for name in _SAME_GAME] if isinstance(state, dict) else [state]
        except ValueError:  # an unreadable game: only the same text is the same game
            parts = [row["state"]]
        parts.append(_iso(row["started_at"]))
    else:
        parts = [_iso(row[name]) if isinstance(row[name], datetime) else row[name] for name in _SAME_EVENT[table.name]]
    text = json.dumps([table.name, *parts], sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _known_digests(connection: Connection, table: Table, learner: str) -> set[str]:
    """The digests of the learner's rows in ``table``: stored on imported rows, computed for the others."""
    rows = connection.execute(select(table).where(table.c.learner == learner)).mappings()
    known = set()
    for count, row in enumerate(rows):
        share_time(count)
        known.add(row["digest"] or _digest(table, row))
    return known


def _new_rows(table: Table, rows: Iterable[Mapping[str, Any]], known: set[str]) -> list[dict[str, Any]]:
    """The rows whose digest is not ``known`` (nor that of an earlier row of the file), with it."""
    fresh = []
    for count, row in enumerate(rows):
        share_time(count)
        digest = _digest(table, row)
        if digest not in known:
            known.add(digest)
            fresh.append({**row, "digest": digest})
    return fresh


__all__ = [
    "EXPORT_FORMAT",
    "EXPORT_VERSION",
    "LEGACY_COOKIES_UNTIL",
    "Activity",
    "CookieKeys",
    "GameChangedError",
    "ImportSummary",
    "LearnerRevokedError",
    "ProgressStore",
    "PuzzleAttempt",
    "SavedGame",
]
