"""The learner's practice game: kept in the database, so a reload, a restart or another server finds it."""

from __future__ import annotations

from dataclasses import dataclass

from hearts_core.engine.table import seat_name
from hearts_core.learner.practice import PracticeSession
from hearts_core.store import GameChangedError, SavedGame

from ... import page_state
from ...storage import learner, store
from ...texts import ui
from .view import PracticeView


@dataclass(frozen=True)
class StoredGame(page_state.StoredCopy):
    """The learner's game as this session read it from the database and saved it since: the game
    (None: no game in progress) and the database row it was read from or saved as."""

    game: PracticeSession | None = None
    saved: SavedGame | None = None


def current() -> PracticeSession | None:
    """The learner's game: read from the database once per session (a reload, a restart and another
    server find it there), then the session's copy, written back by every :func:`keep`."""
    stored = page_state.peek(StoredGame)
    if stored is None:  # first read, or read again after an import or a deletion: a new view of it
        saved = store().current_game(learner())
        stored = StoredGame(None if saved is None else saved.session, saved)
        page_state.put(stored)
        page_state.put(page_state.get(PracticeView).next_turn())
    return stored.game


def start(session: PracticeSession) -> None:
    """A new game: stored as the learner's game in progress (any other game is left)."""
    saved = store().save_game(learner(), session, None)
    page_state.put(StoredGame(session, saved))
    page_state.put(page_state.get(PracticeView).next_turn())


def keep(session: PracticeSession | None) -> None:
    """Store the game's next state (None: the learner leaves the game).  If another tab of this learner
    moved the game on since this one read it, that tab's game is kept and shown here instead."""
    view = page_state.get(PracticeView)
    if session is None:
        store().leave_game(learner())
        page_state.put(StoredGame())
        page_state.put(view.next_turn())
        return
    try:
        saved = store().save_game(learner(), session, page_state.get(StoredGame).saved)
    except GameChangedError as changed:
        theirs = changed.current
        page_state.put(StoredGame(None if theirs is None else theirs.session, theirs))
        page_state.put(view.next_turn(moved_on=True))
        return
    page_state.put(StoredGame(session, saved))
    page_state.put(view.next_turn())


def seat_words(session: PracticeSession, seat: int) -> str:
    """A seat's name, with "(you)" for the learner's."""
    name = seat_name(seat, session.rules.players)
    return name + (f" ({ui('practice.you')})" if seat == session.seat else "")
