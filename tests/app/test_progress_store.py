"""The server-side progress store behind the learner cookie."""

from __future__ import annotations

from hearts_ui.progress_store import ProgressStore


def test_each_learner_gets_their_own_copy_back() -> None:
    store = ProgressStore()
    store.save("learner-a-0123456789", {"table": {0: "seen", 2: "right"}})
    loaded = store.load("learner-a-0123456789")
    assert loaded == {"table": {0: "seen", 2: "right"}}
    loaded["table"][5] = "wrong"  # a copy: changing it changes nothing stored
    assert store.load("learner-a-0123456789") == {"table": {0: "seen", 2: "right"}}
    assert store.load("learner-b-0123456789") == {}


def test_the_least_recently_used_learner_is_dropped_beyond_capacity() -> None:
    store = ProgressStore(capacity=2)
    for name in ("first-0123456789ab", "second-0123456789a", "third-0123456789ab"):
        store.save(name, {"table": {0: "seen"}})
    assert store.load("first-0123456789ab") == {}
    assert store.load("third-0123456789ab") == {"table": {0: "seen"}}


def test_the_puzzle_store_keeps_frozen_records_per_learner() -> None:
    from hearts_core.learner.puzzle_progress import PuzzleRecord, record_attempt
    from hearts_ui.progress_store import RecordStore

    store: RecordStore[PuzzleRecord] = RecordStore(capacity=2)
    store.save("learner-a-0123456789", record_attempt({}, "p", correct=True))
    loaded = store.load("learner-a-0123456789")
    assert loaded["p"].result == "solved"
    loaded.clear()  # a copy of the map: clearing it changes nothing stored
    assert "p" in store.load("learner-a-0123456789")
    assert store.load("learner-b-0123456789") == {}
    for name in ("second-0123456789a", "third-0123456789ab"):
        store.save(name, {})
    assert store.load("learner-a-0123456789") == {}  # the least recently used learner is dropped
