"""A progress file (the "Saved progress" page's download), read back and checked whole before anything
is written.

Nothing in an uploaded file is trusted.  :func:`read_progress_file` reads its bytes (UTF-8 JSON nested
at most :data:`MAX_DEPTH` levels: a deeper file is refused before the JSON parser could fail on it; an
integer longer than :data:`MAX_INT_DIGITS` digits is never converted, and is refused with its path),
and :func:`parse_export` checks every value before the store writes any:

- every number an integer within ``±(2**63 - 1)`` or a finite float (no ``1e999``, no ``NaN``), every
  text free of NUL characters and at most :data:`MAX_TEXT` characters long;
- every time ISO 8601, read as UTC when it names no zone, converted to UTC, and within the years
  :data:`FIRST_YEAR` to :data:`LAST_YEAR`: the app was first written in 2026, so an earlier or later
  time is a broken clock or a forged file, and a time far outside them is one a database cannot keep
  (PostgreSQL turns year 1 at +14:00 into a date BC that cannot be read back);
- every field within the engine's ranges (a lesson step, a hint rung, a seat, a day's points, a
  rating), and every text within its column (names of lessons and puzzles, settings, review cards).

A problem raises :class:`~hearts_core.store.codec.StoredDataError` whose ``path`` names the bad value
in the file (``lessons[3].at``, ``games[0].state.seat``), never a traceback; nothing is written.

>>> data = read_progress_file(b'{"format": "hearts-academy-progress", "version": 1,'
...                           b' "lessons": [{"lesson": "table", "step": 2, "outcome": "right",'
...                           b' "at": "2026-12-01T10:00:00+05:00"}]}')
>>> parse_export(data).lessons[0]["at"].isoformat()
'2026-12-01T05:00:00+00:00'
>>> try:
...     parse_export({**data, "lessons": [{**data["lessons"][0], "at": "0001-01-01T00:00:00+14:00"}]})
... except StoredDataError as error:
...     print(error)
lessons[0].at: a time outside the years 2000 to 2099 (UTC)
>>> try:
...     read_progress_file(b"[" * 100_000)
... except StoredDataError as error:
...     print(error)
file: the file is nested more than 32 levels deep
"""

from __future__ import annotations

import json
import math
import re
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from itertools import accumulate
from typing import Any, Final

from sqlalchemy import Column

from ..learner.puzzle_progress import EVENT_KINDS, PuzzleEvent
from ..learner.review_queue import CARD_KINDS, QueueCard, can_be_asked
from ..learner.review_queue import OUTCOMES as REVIEW_OUTCOMES
from ..records.studies import MAX_STEPS, StudyError, loads_study
from ..records.studies import MAX_TITLE as MAX_STUDY_TITLE
from .codec import StoredDataError, session_from_dict
from .schema import lesson_events, puzzle_events, review_cards, review_events, settings

EXPORT_FORMAT: Final = "hearts-academy-progress"
EXPORT_VERSION: Final = 1
OUTCOMES: Final = ("seen", "wrong", "right")
#: Sizes an imported file may not exceed (a year of daily study is far below them).
MAX_IMPORTED_EVENTS: Final = 100_000
MAX_IMPORTED_GAMES: Final = 1_000
MAX_SETTINGS: Final = 50
#: The most studies a file may hold (a teacher's shelf).
MAX_STUDIES: Final = 200
#: The deepest nesting of a file (an exported file's deepest is 8: a game's hand's position's hands).
MAX_DEPTH: Final = 32
#: The longest integer in a file, in digits (``2**63`` has 19).
MAX_INT_DIGITS: Final = 19
MAX_INT: Final = 2**63 - 1
#: The longest text anywhere in a file (the longest exported one is a review card's rules).
MAX_TEXT: Final = 10_000
#: The years a time in a file may fall in (UTC); see the module's text.
FIRST_YEAR: Final = 2000
LAST_YEAR: Final = 2099
_EARLIEST: Final = datetime(FIRST_YEAR, 1, 1, tzinfo=UTC)
_LATEST: Final = datetime(LAST_YEAR + 1, 1, 1, tzinfo=UTC)
#: The engine's ranges for the numbers of a file.
MAX_STEP: Final = 1_000
MAX_RUNG: Final = 100
MAX_HINTS: Final = 100
MAX_SEAT: Final = 5
MAX_POINTS: Final = 1_000
MAX_DECISIONS: Final = 1_000
MAX_RATING: Final = 10_000
#: How many values a check looks at between two moments it lets the server's other threads run.
SHARE_EVERY: Final = 100


def _length(column: Column[Any]) -> int:
    """A text column's length: a value must fit it on PostgreSQL too (SQLite would keep anything)."""
    length = getattr(column.type, "length", None)
    assert isinstance(length, int)
    return length


#: Text limits taken from the columns, so the check and the database agree.
MAX_NAME: Final = _length(lesson_events.c.lesson)
MAX_PUZZLE_NAME: Final = _length(puzzle_events.c.puzzle)
MAX_SETTING_NAME: Final = _length(settings.c.name)
MAX_CARD_KEY: Final = _length(review_cards.c.key)
MAX_CARD_MOVE: Final = _length(review_cards.c.answer)
MAX_CARD_SOURCE: Final = _length(review_cards.c.source)
MAX_ANSWER_KEY: Final = _length(review_events.c.key)


# -- the file's bytes --------------------------------------------------------------------------------

#: A JSON string (skipped when counting brackets), and everything that is not a bracket.
_STRING: Final = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKET: Final = re.compile(r"[^\[\]{}]+")


class _LongInteger:
    """An integer the file spells with more than :data:`MAX_INT_DIGITS` digits (refused where it stands)."""

    __slots__ = ("digits",)

    def __init__(self, digits: int) -> None:
        self.digits = digits


class _Parsing:
    """The JSON parser's hooks: integers of at most :data:`MAX_INT_DIGITS` digits, and the interpreter
    shared with the process's other threads as objects and numbers go by (:func:`share_time`)."""

    def __init__(self) -> None:
        self.count = 0

    def integer(self, text: str) -> int | _LongInteger:
        self.count += 1
        share_time(self.count)
        digits = len(text.lstrip("-"))
        return _LongInteger(digits) if digits > MAX_INT_DIGITS else int(text)

    def mapping(self, value: dict[str, Any]) -> dict[str, Any]:
        self.count += 1
        share_time(self.count)
        return value


#: How each bracket changes the depth.
_STEP: Final = {"[": 1, "{": 1, "]": -1, "}": -1}


def read_progress_file(content: bytes) -> Any:
    """The JSON value of a file's bytes, refused (``path`` ``file``) when they are not UTF-8 JSON
    (``not_json``) or are nested deeper than :data:`MAX_DEPTH` (``too_deep``); an integer too long to
    be one stays in the value as a marker :func:`check_values` refuses, naming its path."""
    try:
        text = content.decode("utf-8")
    except UnicodeDecodeError as error:
        raise StoredDataError("file", "not_json") from error
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    if max(accumulate(map(_STEP.__getitem__, brackets)), default=0) > MAX_DEPTH:
        raise StoredDataError("file", "too_deep", limit=MAX_DEPTH)
    hooks = _Parsing()
    try:
        return json.loads(text, parse_int=hooks.integer, object_hook=hooks.mapping)
    except (ValueError, RecursionError) as error:  # JSONDecodeError is a ValueError
        raise StoredDataError("file", "not_json") from error


# -- every value, whatever its place -------------------------------------------------------------------


def _key_path(path: str, key: str) -> str:
    shown = key if len(key) <= 40 else key[:40] + "…"
    return f"{path}.{shown}" if path else shown


def _check_text(value: str, path: str) -> None:
    if "\x00" in value:
        raise StoredDataError(path, "nul_character")
    if len(value) > MAX_TEXT:
        raise StoredDataError(path, "too_long", limit=MAX_TEXT)


def check_values(data: Any) -> None:
    """Refuse the first value of ``data`` (in the file's order) that no field may hold: an integer
    beyond ``±(2**63 - 1)``, a number that is not finite, a text with a NUL or longer than
    :data:`MAX_TEXT`, nesting deeper than :data:`MAX_DEPTH`, or anything that is not JSON.

    >>> check_values({"lessons": [{"step": 1}, {"step": float("inf")}]})
    Traceback (most recent call last):
    ...
    hearts_core.store.codec.StoredDataError: lessons[1].step: not a finite number
    """
    pending: list[tuple[Any, str, int]] = [(data, "", 0)]
    count = 0
    while pending:
        value, path, depth = pending.pop()
        count += 1
        share_time(count)
        where = path or "file"
        if isinstance(value, dict | list) and depth >= MAX_DEPTH:
            raise StoredDataError(where, "too_deep", limit=MAX_DEPTH)
        if isinstance(value, dict):
            children = []
            for key, item in value.items():
                if not isinstance(key, str):
                    raise StoredDataError(where, "not_json")
                _check_text(key, _key_path(path, key))
                children.append((item, _key_path(path, key), depth + 1))
            pending.extend(reversed(children))
        elif isinstance(value, list):
            pending.extend(reversed([(item, f"{path}[{index}]", depth + 1) for index, item in enumerate(value)]))
        elif value is None or isinstance(value, bool):
            continue
        elif isinstance(value, int):
            if abs(value) > MAX_INT:
                raise StoredDataError(where, "number_too_large", high=MAX_INT)
        elif isinstance(value, float):
            if not math.isfinite(value):
                raise StoredDataError(where, "not_finite")
        elif isinstance(value, str):
            _check_text(value, where)
        elif isinstance(value, _LongInteger):
            raise StoredDataError(where, "number_too_large", high=MAX_INT)
        else:
            raise StoredDataError(where, "not_json")


# -- the fields ----------------------------------------------------------------------------------------


def utc_moment(value: Any, path: str) -> datetime:
    """A time of the file in UTC (a time naming no zone is UTC), within the years allowed.

    >>> utc_moment("2026-12-01T10:00:00-05:00", "at").isoformat()
    '2026-12-01T15:00:00+00:00'
    """
    if not isinstance(value, str):
        raise StoredDataError(path, "time_not_text")
    try:
        moment = datetime.fromisoformat(value)
    except ValueError as error:
        raise StoredDataError(path, "not_a_time", value=repr(value[:40])) from error
    try:
        moment = moment.astimezone(UTC) if moment.tzinfo else moment.replace(tzinfo=UTC)
    except OverflowError as error:  # year 1 east of Greenwich, year 9999 west of it
        raise StoredDataError(path, "time_out_of_range", low=FIRST_YEAR, high=LAST_YEAR) from error
    if not _EARLIEST <= moment < _LATEST:
        raise StoredDataError(path, "time_out_of_range", low=FIRST_YEAR, high=LAST_YEAR)
    return moment


def _name(value: Any, path: str, limit: int = MAX_NAME) -> str:
    if not isinstance(value, str) or not value or len(value) > limit:
        raise StoredDataError(path, "bad_name", limit=limit)
    return value


def _count(value: Any, path: str, low: int = 0, high: int = 10_000) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise StoredDataError(path, "bad_count", low=low, high=high)
    return value


def _optional_number(value: Any, path: str, high: int = MAX_RATING) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= high:
        raise StoredDataError(path, "bad_rating", high=high)
    return float(value)


def _text(value: Any, path: str, limit: int) -> str:
    if not isinstance(value, str) or len(value) > limit or "\x00" in value:
        raise StoredDataError(path, "too_long", limit=limit)
    return value


def share_time(count: int) -> None:
    """Let the server process's other threads run, once every :data:`SHARE_EVERY` counts.

    Checking a large file is pure Python for a second or more.  Meanwhile another learner's save in the
    same process, which may hold the database's write lock, needs the interpreter back after each call
    into the database, and would wait the interpreter's switch interval (5 ms) every time: its
    transaction, and everyone waiting for the lock, would last hundreds of times longer."""
    if count % SHARE_EVERY == 0:
        time.sleep(0)


def _entries(data: Mapping[str, Any], name: str, limit: int) -> Iterator[tuple[int, Any]]:
    """The entries of a part of the file, numbered (sharing the interpreter as they go)."""
    for index, item in enumerate(_list(data, name, limit)):
        share_time(index)
        yield index, item


def _list(data: Mapping[str, Any], name: str, limit: int) -> list[Any]:
    value = data.get(name, [])
    if not isinstance(value, list):
        raise StoredDataError(name, "not_a_list")
    if len(value) > limit:
        raise StoredDataError(name, "too_many", limit=limit)
    return value


def _entry(value: Any, path: str) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise StoredDataError(path, "not_an_object")
    return value


# -- the file's parts ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class ParsedExport:
    """A checked file: each part as the rows the store adds (times in UTC), settings by name."""

    lessons: list[dict[str, Any]]
    puzzles: list[dict[str, Any]]
    games: list[dict[str, Any]]
    settings: dict[str, Any]
    review_cards: list[dict[str, Any]]
    review_events: list[dict[str, Any]]
    daily_results: list[dict[str, Any]]
    practice_reviews: list[dict[str, Any]]
    #: The studies the learner wrote, as (title, PHN text): an import adds back those not there yet.
    studies: list[tuple[str, str]] = field(default_factory=list)


def parse_export(data: Any) -> ParsedExport:
    """Check a whole exported file (a JSON value, from :func:`read_progress_file` or a caller's own):
    its rows, or :class:`StoredDataError` naming the first bad value."""
    check_values(data)
    if not isinstance(data, dict):
        raise StoredDataError("file", "not_progress_file")
    if data.get("format") != EXPORT_FORMAT:
        raise StoredDataError("format", "not_progress_file")
    if data.get("version") != EXPORT_VERSION:
        raise StoredDataError("version", "wrong_version", expected=EXPORT_VERSION, found=repr(data.get("version"))[:40])
    return ParsedExport(
        _parse_lessons(data),
        _parse_puzzles(data),
        _parse_games(data),
        _parse_settings(data),
        *_parse_queue(data),
        *_parse_daily(data),
        _parse_studies(data),
    )


def _parse_studies(data: Mapping[str, Any]) -> list[tuple[str, str]]:
    """``classes.studies``: each study's title and PHN text, read as a study (so a broken one is named
    before anything is written)."""
    part = data.get("classes", {})
    if not isinstance(part, dict):
        raise StoredDataError("classes", "not_an_object")
    found = []
    for index, item in _entries(part, "studies", MAX_STUDIES):
        path = f"classes.studies[{index}]"
        entry = _entry(item, path)
        title = _name(entry.get("title"), f"{path}.title", MAX_STUDY_TITLE)
        records = _list(entry, "phn", MAX_STEPS)
        text = "\n".join(_text(record, f"{path}.phn[{number}]", MAX_TEXT) for number, record in enumerate(records))
        try:
            loads_study(text, title)
        except StudyError as error:
            raise StoredDataError(f"{path}.phn", "bad_study", problem=str(error)[:200]) from None
        found.append((title, text))
    return found


def _parse_lessons(data: Mapping[str, Any]) -> list[dict[str, Any]]:
    lessons = []
    for index, item in _entries(data, "lessons", MAX_IMPORTED_EVENTS):
        path = f"lessons[{index}]"
        entry = _entry(item, path)
        if entry.get("outcome") not in OUTCOMES:
            raise StoredDataError(f"{path}.outcome", "one_of", choices=", ".join(OUTCOMES))
        lessons.append(
            {
                "lesson": _name(entry.get("lesson"), f"{path}.lesson"),
                "step": _count(entry.get("step"), f"{path}.step", high=MAX_STEP),
                "outcome": entry["outcome"],
                "at": utc_moment(entry.get("at"), f"{path}.at"),
            }
        )
    return lessons


def _parse_puzzles(data: Mapping[str, Any]) -> list[dict[str, Any]]:
    puzzles = []
    for index, item in _entries(data, "puzzles", MAX_IMPORTED_EVENTS):
        path = f"puzzles[{index}]"
        entry = _entry(item, path)
        if entry.get("kind") not in EVENT_KINDS:
            raise StoredDataError(f"{path}.kind", "one_of", choices=", ".join(EVENT_KINDS))
        correct, rung = entry.get("correct"), entry.get("rung")
        if correct is not None and not isinstance(correct, bool):
            raise StoredDataError(f"{path}.correct", "bool_or_nothing")
        name = _name(entry.get("puzzle"), f"{path}.puzzle", MAX_PUZZLE_NAME)
        rung = None if rung is None else _count(rung, f"{path}.rung", 1, MAX_RUNG)
        try:
            PuzzleEvent(name, entry["kind"], correct, rung)
        except ValueError as error:
            raise StoredDataError(path, "bad_event") from error
        first_try = entry.get("first_try", True)
        if not isinstance(first_try, bool):
            raise StoredDataError(f"{path}.first_try", "not_bool")
        puzzles.append(
            {
                "puzzle": name,
                "kind": entry["kind"],
                "correct": correct,
                "rung": rung,
                "first_try": first_try,
                "hints_used": _count(entry.get("hints_used", 0), f"{path}.hints_used", high=MAX_HINTS),
                "rating_before": _optional_number(entry.get("rating_before"), f"{path}.rating_before"),
                "rating_after": _optional_number(entry.get("rating_after"), f"{path}.rating_after"),
                "at": utc_moment(entry.get("at"), f"{path}.at"),
            }
        )
    return puzzles


def _parse_games(data: Mapping[str, Any]) -> list[dict[str, Any]]:
    games = []
    for index, item in _entries(data, "games", MAX_IMPORTED_GAMES):
        path = f"games[{index}]"
        entry = _entry(item, path)
        state = _entry(entry.get("state"), f"{path}.state")
        try:
            session_from_dict(state)
        except StoredDataError as error:
            raise StoredDataError(f"{path}.state", error.code, **error.params) from error
        closed = entry.get("closed", True)
        if not isinstance(closed, bool):
            raise StoredDataError(f"{path}.closed", "not_bool")
        games.append(
            {
                "state": json.dumps(state, separators=(",", ":")),
                "closed": closed,
                "started_at": utc_moment(entry.get("started_at"), f"{path}.started_at"),
                "updated_at": utc_moment(entry.get("updated_at"), f"{path}.updated_at"),
            }
        )
    return games


def _parse_settings(data: Mapping[str, Any]) -> dict[str, Any]:
    chosen = data.get("settings", {})
    if not isinstance(chosen, dict) or len(chosen) > MAX_SETTINGS:
        raise StoredDataError("settings", "too_many_settings", limit=MAX_SETTINGS)
    for name, value in chosen.items():
        _name(name, _key_path("settings", str(name)), MAX_SETTING_NAME)
        if len(json.dumps(value)) > 1_000:
            raise StoredDataError(_key_path("settings", name), "too_long", limit=1000)
    return dict(chosen)


def _parse_daily(data: Mapping[str, Any]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The daily deals' results and the practice reviews of an exported file (absent in older files)."""
    dailies = []
    for index, item in _entries(data, "daily_results", MAX_IMPORTED_GAMES * 10):
        path = f"daily_results[{index}]"
        entry = _entry(item, path)
        day = _text(entry.get("day"), f"{path}.day", 10)
        try:
            parsed_day = date.fromisoformat(day)
        except ValueError as error:
            raise StoredDataError(f"{path}.day", "not_a_time", value=repr(day)) from error
        if not FIRST_YEAR <= parsed_day.year <= LAST_YEAR:
            raise StoredDataError(f"{path}.day", "time_out_of_range", low=FIRST_YEAR, high=LAST_YEAR)
        dailies.append(
            {
                "day": day,
                "points": _count(entry.get("points"), f"{path}.points", high=MAX_POINTS),
                "hand": _text(entry.get("hand", ""), f"{path}.hand", 4_000),
                "at": utc_moment(entry.get("at"), f"{path}.at"),
            }
        )
    hands = []
    for index, item in _entries(data, "practice_reviews", MAX_IMPORTED_EVENTS):
        path = f"practice_reviews[{index}]"
        entry = _entry(item, path)
        hands.append(
            {
                "decisions": _count(entry.get("decisions"), f"{path}.decisions", high=MAX_DECISIONS),
                "points_lost": _optional_number(entry.get("points_lost"), f"{path}.points_lost") or 0.0,
                "at": utc_moment(entry.get("at"), f"{path}.at"),
            }
        )
    return dailies, hands


def _parse_queue(data: Mapping[str, Any]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The review queue's cards and answers of an exported file (absent in files from before it)."""
    cards = []
    for index, item in _entries(data, "review_cards", MAX_IMPORTED_GAMES * 10):
        path = f"review_cards[{index}]"
        entry = _entry(item, path)
        if entry.get("kind") not in CARD_KINDS:
            raise StoredDataError(f"{path}.kind", "one_of", choices=", ".join(CARD_KINDS))
        loss = _optional_number(entry.get("loss", 0.0), f"{path}.loss")
        cards.append(
            {
                "key": _text(entry.get("key"), f"{path}.key", MAX_CARD_KEY),
                "kind": entry["kind"],
                "rules": _text(entry.get("rules", ""), f"{path}.rules", 8_000),
                "position": _text(entry.get("position", ""), f"{path}.position", 4_000),
                "seat": _count(entry.get("seat", 0), f"{path}.seat", high=MAX_SEAT),
                "answer": _text(entry.get("answer", ""), f"{path}.answer", MAX_CARD_MOVE),
                "best": _text(entry.get("best", ""), f"{path}.best", MAX_CARD_MOVE),
                "loss": loss or 0.0,
                "source": _text(entry.get("source", ""), f"{path}.source", MAX_CARD_SOURCE),
                "created_at": utc_moment(entry.get("created_at"), f"{path}.created_at"),
            }
        )
        if not can_be_asked(QueueCard(**cards[-1])):
            raise StoredDataError(path, "cannot_rebuild")
    answers = []
    for index, item in _entries(data, "review_events", MAX_IMPORTED_EVENTS):
        path = f"review_events[{index}]"
        entry = _entry(item, path)
        if entry.get("outcome") not in REVIEW_OUTCOMES:
            raise StoredDataError(f"{path}.outcome", "one_of", choices=", ".join(REVIEW_OUTCOMES))
        answers.append(
            {
                "key": _text(entry.get("key"), f"{path}.key", MAX_ANSWER_KEY),
                "outcome": entry["outcome"],
                "at": utc_moment(entry.get("at"), f"{path}.at"),
            }
        )
    return cards, answers


__all__ = [
    "EXPORT_FORMAT",
    "EXPORT_VERSION",
    "FIRST_YEAR",
    "LAST_YEAR",
    "MAX_DEPTH",
    "OUTCOMES",
    "ParsedExport",
    "check_values",
    "parse_export",
    "read_progress_file",
    "share_time",
    "utc_moment",
]
