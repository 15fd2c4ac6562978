"""The committed proofs file is what proving the library from scratch writes, and it changes nothing.

``lessons/puzzles/proofs.json`` keeps the searches' answers so that loading the library runs no search
(:mod:`hearts_core.content.proofs`).  Here the library is proven afresh, as
``python -m hearts_core.puzzles prove`` does: a committed file that differs in any answer, or that was
written by other engine code, fails with the command to run.  And a library loaded with the file is
the very library proving gives, puzzle by puzzle, so no page or test can tell where it came from.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hearts_core.content.proofs import (
    PROOFS_FILE,
    ProofBook,
    book_text,
    engine_version,
    read_book,
    selfish_values,
    using,
)
from hearts_core.content.puzzles import PROVE_COMMAND, PUZZLES_DIR, Library, load_library, prove_library
from hearts_core.engine.cards import CardSet
from hearts_core.engine.rules import Ruleset
from hearts_core.engine.state import HandState
from hearts_core.search import selfish

COMMITTED = PUZZLES_DIR / PROOFS_FILE


@pytest.fixture(scope="module")
def proven() -> tuple[Library, ProofBook]:
    """The library proven from scratch, and the book ``prove`` would write."""
    return prove_library(PUZZLES_DIR)


def _puzzles_of(text: str) -> dict[str, set[str]]:
    """Each puzzle's entries in a proofs file's text, as JSON lines (empty for a file that is not one)."""
    try:
        questions = json.loads(text)["questions"]
    except (ValueError, KeyError, TypeError):
        return {}
    found: dict[str, set[str]] = {}
    for key, entry in questions.items():
        found.setdefault(entry["puzzle"], set()).add(json.dumps([key, entry["answer"]], sort_keys=True))
    return found


def test_the_committed_proofs_are_what_proving_writes(proven: tuple[Library, ProofBook]) -> None:
    _, book = proven
    written = book_text(book)
    committed = COMMITTED.read_text(encoding="utf-8") if COMMITTED.exists() else ""
    if written == committed:
        return
    old, new = _puzzles_of(committed), _puzzles_of(written)
    changed = sorted(puzzle for puzzle in old.keys() | new.keys() if old.get(puzzle) != new.get(puzzle))
    engine = "" if f'"engine": "{engine_version()}"' in committed else "the engine's code changed; "
    pytest.fail(
        f"lessons/puzzles/{PROOFS_FILE} is stale ({engine}puzzles whose answers differ: "
        f"{', '.join(changed) or 'none'}): run `{PROVE_COMMAND}` and commit the file"
    )


def test_a_library_loaded_with_the_proofs_is_the_library_proven(proven: tuple[Library, ProofBook]) -> None:
    library, _ = proven
    book = read_book(COMMITTED)
    loaded = load_library(PUZZLES_DIR, book)
    assert book.current, f"{book.computed} answers were computed: run `{PROVE_COMMAND}`"
    assert loaded.problems == library.problems
    assert list(loaded.puzzles) == list(library.puzzles)
    for puzzle_id, puzzle in library.puzzles.items():
        assert loaded.puzzles[puzzle_id] == puzzle, puzzle_id
        assert repr(loaded.puzzles[puzzle_id]) == repr(puzzle), puzzle_id  # the same order in every mapping too


def test_a_book_from_other_engine_code_is_not_read(tmp_path: Path) -> None:
    path = tmp_path / PROOFS_FILE
    path.write_text(COMMITTED.read_text(encoding="utf-8").replace(engine_version(), "0" * 16), encoding="utf-8")
    assert read_book(path).answers == {}
    assert read_book(tmp_path / "missing.json").answers == {}
    path.write_text("not json", encoding="utf-8")
    assert read_book(path).answers == {}


def test_a_question_is_answered_from_the_book_and_the_engine_fills_the_gaps() -> None:
    hands = "2H TH / 3H 4S / 5S QS / 6S"
    rest = CardSet.full_deck() - CardSet.parse(hands.replace("/", " ") + " 8H")
    state = HandState.from_position(Ruleset(), f"hands: {hands}; taken: - / {rest} / - / -; won: 0 11 0 0; trick: 3 8H")
    book = ProofBook(engine_version())
    with using(book):
        first = selfish_values(state, 0, "against")
    assert first == selfish.selfish_values(state, 0, "against")
    assert book.computed == 1 and not book.current
    (key,) = book.answers
    book.answers[key] = {"2H": 5, "TH": 6}  # a book's answer is taken as it is: the checks judge it
    with using(book):
        assert selfish_values(state, 0, "against") == {"2H": 5, "TH": 6}
    assert book.computed == 1
