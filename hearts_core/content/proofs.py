"""The puzzle library's proofs, computed once and kept in ``lessons/puzzles/proofs.json``.

Proving a puzzle means asking the engine a question: the exact solver's values
of the legal cards (:func:`~hearts_core.search.solver.solve`), the values when
each player plays for itself (:func:`~hearts_core.search.selfish.selfish_values`),
or the best card over every deal a learner could be facing
(:func:`~hearts_core.ai.hidden.prove_hidden`).  The answers take seconds to
compute and never change while the puzzles and the engine stay the same, so
they are computed once, by ``python -m hearts_core.puzzles prove``, and kept
in a :class:`ProofBook`, the file ``proofs.json`` beside the puzzles.  Loading
the library (:func:`hearts_core.content.puzzles.load_library`) reads the book
and looks every question up instead of asking the engine again; everything
else a load checks (the position replays legally, the stated answer is the
engine's, the best card is unique by its margin, the models agree) still runs,
on the answers read.  The book is trusted as the engine's word: CI proves the
library afresh and compares (see below), so a wrong book never gets past it.

How an answer is keyed, and why:

* by its **question**: a digest of what the engine is asked (which search, the
  ruleset, the position and its history in the hand notation, the seat, the
  objective...).  A reworded puzzle asks the same questions, so it needs no new
  proof; a changed puzzle needs only its own; a question nobody asks any more is
  dropped when the book is written again.
* by the **engine**: :func:`engine_version`, a digest of the code of the layers
  that compute the answers (``hearts_core/engine``, ``search`` and ``ai``).  A
  book written by other code is not read at all, since any change there may
  change an answer.

A question the book lacks (a new or changed puzzle, an engine changed since
the book was written) is asked of the engine then and there, and the answer is
added to the book in memory: the load is as correct as ever, only slower.  The
app does that when the Puzzles are first opened, or in the background after
its first page when the book is another engine's (``hearts_ui.server``), and
says in its log that the book is stale; ``python -m hearts_core prepare``
reports it;
and ``tests/content/test_puzzle_proofs.py`` proves the library from scratch in
CI and fails, naming the command to run, when the committed book is not what
proving writes.  ``$HEARTS_PUZZLE_PROOFS`` names another book to read instead
(the test run's own, when the committed one is stale; see ``tests/conftest.py``).
"""

from __future__ import annotations

import contextvars
import hashlib
import json
import os
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, NamedTuple

from ..ai import hidden
from ..ai.hidden import HiddenProof
from ..engine.state import HandState
from ..search import selfish, solver
from ..search.selfish import Ties

#: The book's file name, beside the puzzle files.
PROOFS_FILE: Final = "proofs.json"
#: Names another book to read instead of ``<folder>/proofs.json``.
PROOFS_VARIABLE: Final = "HEARTS_PUZZLE_PROOFS"
#: The layers whose code computes the answers: a change in any of them makes a new engine version.
ENGINE_LAYERS: Final = ("engine", "search", "ai")
#: The book's own format: part of the engine version, so a book in an older format is not read.
FORMAT: Final = 1
_CORE: Final = Path(__file__).resolve().parents[1]


class Solved(NamedTuple):
    """What the puzzles use of the exact solver's result: the best cards, every legal card's value,
    the best value, and the principal line from the best card."""

    best: tuple[str, ...]
    values: dict[str, int]
    best_value: int
    line: tuple[tuple[int, str], ...]


@dataclass
class ProofBook:
    """Answers by question, computed by the engine version ``engine``.

    ``asked`` records, while a library loads with this book, the puzzle that asked each question and
    the search it asked, and ``computed`` how many answers the engine had to compute because the book
    lacked them.
    """

    engine: str
    answers: dict[str, Any] = field(default_factory=dict)
    asked: dict[str, tuple[str, str]] = field(default_factory=dict)
    computed: int = 0

    @property
    def current(self) -> bool:
        """Whether the book is what ``prove`` would write for the questions asked so far: every answer
        was found in it (nothing computed) and it holds no answer nobody asked for."""
        return self.computed == 0 and self.answers.keys() <= self.asked.keys()

    def answered(self) -> ProofBook:
        """A book of exactly the questions asked so far and their answers (the book to write)."""
        kept = [key for key in self.asked if key in self.answers]
        return ProofBook(self.engine, {key: self.answers[key] for key in kept}, {key: self.asked[key] for key in kept})


def engine_version() -> str:
    """A digest of the code that computes the answers (and of the book's format); line endings do not
    count, so a checkout with Windows line endings reads the same book."""
    digest = hashlib.sha256(f"format {FORMAT}".encode())
    for layer in ENGINE_LAYERS:
        for path in sorted((_CORE / layer).rglob("*.py")):
            digest.update(path.relative_to(_CORE).as_posix().encode())
            digest.update(path.read_bytes().replace(b"\r\n", b"\n"))
    return digest.hexdigest()[:16]


def book_path(folder: Path) -> Path:
    """Where the book of the puzzle library in ``folder`` is read from: ``$HEARTS_PUZZLE_PROOFS``,
    else ``proofs.json`` in the folder."""
    override = os.environ.get(PROOFS_VARIABLE)
    return Path(override) if override else folder / PROOFS_FILE


def read_book(path: Path) -> ProofBook:
    """The book at ``path``; an empty one for this engine when the file is missing, unreadable, or
    was written by another engine version (its answers may be wrong for this code)."""
    engine = engine_version()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return ProofBook(engine)
    if not isinstance(data, dict) or data.get("engine") != engine or not isinstance(data.get("questions"), dict):
        return ProofBook(engine)
    return ProofBook(engine, {key: entry["answer"] for key, entry in data["questions"].items()})


def book_text(book: ProofBook) -> str:
    """The book as ``proofs.json`` holds it: one line per question, by puzzle, so a diff shows
    which puzzles' answers changed."""
    order = sorted(book.answers, key=lambda key: (book.asked.get(key, ("", "")), key))
    lines = []
    for key in order:
        puzzle, search = book.asked.get(key, ("", ""))
        entry = {"puzzle": puzzle, "search": search, "answer": book.answers[key]}
        lines.append(f"    {json.dumps(key)}: {json.dumps(entry, ensure_ascii=False)}")
    header = {
        "about": "The puzzles' proofs: written by `python -m hearts_core.puzzles prove`, do not edit "
        "(see hearts_core/content/proofs.py)",
        "engine": book.engine,
    }
    opening = json.dumps(header, indent=2, ensure_ascii=False)[:-2]
    return opening + ',\n  "questions": {\n' + ",\n".join(lines) + "\n  }\n}\n"


def write_book(path: Path, book: ProofBook) -> None:
    """Write the questions asked while loading with ``book``, and their answers, to ``path``."""
    path.write_text(book_text(book.answered()), encoding="utf-8")


# -- looking answers up while a library loads -----------------------------------------------

_BOOK: Final[contextvars.ContextVar[ProofBook | None]] = contextvars.ContextVar("hearts_proof_book", default=None)
_PUZZLE: Final[contextvars.ContextVar[str]] = contextvars.ContextVar("hearts_proof_puzzle", default="")


@contextmanager
def using(book: ProofBook) -> Iterator[ProofBook]:
    """Look questions up in ``book`` (and add the answers computed) inside the block."""
    token = _BOOK.set(book)
    try:
        yield book
    finally:
        _BOOK.reset(token)


@contextmanager
def asking_for(puzzle_id: str) -> Iterator[None]:
    """Record the questions asked inside the block as ``puzzle_id``'s (the book's file names them)."""
    token = _PUZZLE.set(puzzle_id)
    try:
        yield
    finally:
        _PUZZLE.reset(token)


def question_key(search: str, state: HandState, **arguments: Any) -> str:
    """A digest of one question: the search asked, its arguments, the ruleset, and the position with
    the hand's history (the hand notation), which is all any of the searches reads."""
    question = {
        "search": search,
        "arguments": arguments,
        "rules": state.rules.to_dict(),
        "hand": state.to_notation(),
    }
    return hashlib.sha256(json.dumps(question, sort_keys=True).encode()).hexdigest()[:24]


def _answer(search: str, key: str, compute: Callable[[], Any]) -> Any:
    """The book's answer to ``key`` (a question to ``search``), or ``compute()``'s, added to the book
    (with no book in use: just computed)."""
    book = _BOOK.get()
    if book is None:
        return compute()
    book.asked.setdefault(key, (_PUZZLE.get(), search))
    if key not in book.answers:
        book.answers[key] = compute()
        book.computed += 1
    return book.answers[key]


def solve(state: HandState, objective: str, seat: int, *, card: str | None, shooter: int | None) -> Solved:
    """:func:`~hearts_core.search.solver.solve`'s best cards, values and line, from the book if it has them."""

    def compute() -> dict[str, Any]:
        result = solver.solve(state, objective, seat, card=card, shooter=shooter)
        return {
            "best": list(result.best),
            "values": dict(result.values),
            "best_value": result.best_value,
            "line": [list(step) for step in result.line],
        }

    key = question_key("solve", state, objective=objective, seat=seat, card=card, shooter=shooter)
    answer = _answer(f"solve {objective}", key, compute)
    return Solved(
        tuple(answer["best"]),
        dict(answer["values"]),
        answer["best_value"],
        tuple((seat_, card_) for seat_, card_ in answer["line"]),
    )


def selfish_values(state: HandState, seat: int, ties: Ties) -> dict[str, int]:
    """:func:`~hearts_core.search.selfish.selfish_values`, from the book if it has them."""
    key = question_key("selfish", state, seat=seat, ties=ties)
    return dict(_answer(f"selfish, ties {ties}", key, lambda: selfish.selfish_values(state, seat, ties)))


def prove_hidden(state: HandState, seat: int) -> HiddenProof:
    """:func:`~hearts_core.ai.hidden.prove_hidden`, from the book if it has it."""

    def compute() -> dict[str, Any]:
        proof = hidden.prove_hidden(state, seat)
        return {
            "worlds": proof.worlds,
            "exhaustive": proof.exhaustive,
            "best_everywhere": list(proof.best_everywhere),
            "worse_in": dict(proof.worse_in),
            "mean": dict(proof.mean),
            "lead_over": dict(proof.lead_over),
        }

    answer: Mapping[str, Any] = _answer("hidden", question_key("hidden", state, seat=seat), compute)
    return HiddenProof(
        answer["worlds"],
        answer["exhaustive"],
        tuple(answer["best_everywhere"]),
        dict(answer["worse_in"]),
        dict(answer["mean"]),
        dict(answer["lead_over"]),
    )


__all__ = [
    "ENGINE_LAYERS",
    "FORMAT",
    "PROOFS_FILE",
    "PROOFS_VARIABLE",
    "ProofBook",
    "Solved",
    "asking_for",
    "book_path",
    "book_text",
    "engine_version",
    "prove_hidden",
    "question_key",
    "read_book",
    "selfish_values",
    "solve",
    "using",
]
