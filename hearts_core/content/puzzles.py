"""Rule puzzles as data, each answer proven by the engine or the exact solver.

Puzzles live in ``lessons/puzzles/*.toml`` (any number per file, as
``[[puzzles]]`` tables) beside ``themes.toml``, the registry of theme tags.
Loading checks every puzzle: its position replays legally, its stated answer
is what the engine (or :mod:`hearts_core.search.solver`) computes, and a play
puzzle's best card is unique by its stated margin.  The searches' answers are
read from ``proofs.json`` beside the puzzles when it has them (written by
``python -m hearts_core.puzzles prove``; see :mod:`hearts_core.content.proofs`),
so a load with a current file runs no search, only the checks.  See
``lessons/puzzles/README.md``; the kinds are the classes of
:mod:`hearts_core.content.puzzle_kinds`.

>>> library = load_library(PUZZLES_DIR)
>>> puzzle = library.puzzles["play-duck-the-eight"]
>>> puzzle.kind, puzzle.solution, puzzle.check("JH").code
('play', ('3H',), 'worse')
"""

from __future__ import annotations

import argparse
import datetime as dt
import sys
import time
import tomllib
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Final

from ..engine.rules import Ruleset
from ..search.solver import OBJECTIVES
from ..words.catalogue import DEFAULT_LANGUAGE, language_scope
from .difficulty import found_by_difficulty
from .generator import generate_play_puzzles, puzzles_to_toml
from .proofs import PROOFS_FILE, ProofBook, asking_for, book_path, engine_version, read_book, using, write_book
from .puzzle_kinds import (
    ARGUMENTS,
    CARD_MARKS,
    DIFFICULTIES,
    KINDS,
    VARIANT_ASKS,
    Attempt,
    CardMark,
    LegalityPuzzle,
    MoonPuzzle,
    PassingPuzzle,
    PlayPuzzle,
    Puzzle,
    ScoringPuzzle,
    StandingRow,
    VariantPuzzle,
    argument_cards,
    build_puzzle,
)
from .schema import ContentError, FieldError, card_texts
from .shapes import PUZZLE_SHAPES, THEME_SHAPES, check_shapes
from .translations import TranslationError, read_localized

PUZZLES_DIR: Final = Path(__file__).resolve().parents[2] / "lessons" / "puzzles"
#: What (re)writes the proofs file after a puzzle or the engine changed.
PROVE_COMMAND: Final = "python -m hearts_core.puzzles prove"


class PuzzleError(ContentError):
    """A puzzle that does not load: names the file, the puzzle id and the field."""

    def __init__(self, file: str, puzzle: str | None, message: str, field_name: str | None = None) -> None:
        self.puzzle = puzzle
        super().__init__(file, message, (f"puzzle '{puzzle}'",) if puzzle else (), field_name)


@dataclass(frozen=True)
class Theme:
    """A theme tag from ``themes.toml``."""

    id: str
    title: str
    description: str


@dataclass(frozen=True)
class Library:
    """Every puzzle by id, the theme registry, and files that failed to load."""

    puzzles: Mapping[str, Puzzle]
    themes: Mapping[str, Theme]
    problems: tuple[PuzzleError, ...] = ()

    def ordered(self) -> tuple[Puzzle, ...]:
        """By difficulty, then id."""
        return tuple(sorted(self.puzzles.values(), key=lambda p: (p.difficulty, p.id)))

    def select(
        self, kind: str | None = None, theme: str | None = None, difficulty: int | None = None
    ) -> tuple[Puzzle, ...]:
        """The puzzles matching every given filter."""
        return tuple(
            p
            for p in self.ordered()
            if (kind is None or p.kind == kind)
            and (theme is None or theme in p.themes)
            and (difficulty is None or p.difficulty == difficulty)
        )

    def daily(self, day: dt.date) -> Puzzle:
        """The puzzle of the day: the same for everyone on a date, cycling through the library."""
        ordered = sorted(self.puzzles)
        return self.puzzles[ordered[day.toordinal() % len(ordered)]]


def check_attempt(puzzle: Puzzle, answer: Any) -> Attempt:
    """Judge an answer: a card set (legality), a score list (scoring), a pass
    (passing), a card (play) or a moon option (moon); a variant puzzle's answer
    is that of the question it asks."""
    return puzzle.check(answer)


# -- loading --------------------------------------------------------------------------------


def load_themes(path: Path) -> dict[str, Theme]:
    """The theme registry: ``[themes.<id>]`` tables with ``title`` and ``description``
    (:class:`PuzzleError` naming the field when the file is malformed)."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    raw_themes = data.get("themes", {})
    if not isinstance(raw_themes, Mapping):
        raise PuzzleError(path.name, None, "must be [themes.<id>] tables", "themes")
    themes = {}
    for key, value in raw_themes.items():
        if not isinstance(value, Mapping):
            raise PuzzleError(path.name, None, "must be a table with title and description", f"themes.{key}")
        try:
            check_shapes(value, THEME_SHAPES)
        except FieldError as error:
            raise PuzzleError(path.name, None, error.detail, f"themes.{key}.{error.field}") from None
        themes[key] = Theme(key, str(value.get("title", key)), str(value.get("description", "")))
    return themes


def parse_puzzle(raw: Mapping[str, Any], file: str, themes: Mapping[str, Theme]) -> Puzzle:
    """Validate one ``[[puzzles]]`` table and prove its answer (``PuzzleError`` naming the field)."""
    if not isinstance(raw, Mapping):
        raise PuzzleError(file, None, "each puzzle is a [[puzzles]] table")
    puzzle_id = raw.get("id")
    if not isinstance(puzzle_id, str) or not puzzle_id:
        raise PuzzleError(file, None, "every puzzle needs an 'id' (text)", "id")
    try:
        check_shapes(raw, PUZZLE_SHAPES)
        with asking_for(puzzle_id):
            return build_puzzle(raw, file, themes)
    except FieldError as error:
        raise PuzzleError(file, puzzle_id, error.detail, error.field) from None
    except ContentError:
        raise
    except (TypeError, AttributeError, KeyError, IndexError, ValueError) as error:  # a shape no check foresaw
        raise PuzzleError(file, puzzle_id, f"cannot be read ({type(error).__name__}: {error})") from None


def load_library(folder: Path, book: ProofBook | None = None) -> Library:
    """Load ``themes.toml`` and every puzzle file in ``folder``; broken puzzles become problems.  The
    engine proves them in English, the language they are written in, whatever the caller's language.

    The searches' answers are looked up in ``book`` (by default the folder's ``proofs.json``, see
    :func:`~hearts_core.content.proofs.book_path`); what it lacks is computed and added to it."""
    if book is None:
        book = read_book(book_path(folder))
    with language_scope(DEFAULT_LANGUAGE), using(book):
        return _load_library(folder)


def prove_library(folder: Path) -> tuple[Library, ProofBook]:
    """Load the library in ``folder`` proving every answer afresh (no book read): the library, and the
    book of every question it asked with the engine's answers (what ``prove`` writes)."""
    book = ProofBook(engine_version())
    return load_library(folder, book), book.answered()


def _load_library(folder: Path) -> Library:
    problems: list[PuzzleError] = []
    try:
        themes = load_themes(folder / "themes.toml")
    except PuzzleError as error:
        return Library({}, {}, (error,))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        return Library({}, {}, (PuzzleError("themes.toml", None, str(error)),))
    puzzles: dict[str, Puzzle] = {}
    for path in sorted(folder.glob("*.toml")):
        if path.name == "themes.toml":
            continue
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
            problems.append(PuzzleError(path.name, None, f"not valid TOML: {error}"))
            continue
        unknown = set(data) - {"puzzles"}
        if unknown:
            problems.append(PuzzleError(path.name, None, f"unknown keys {sorted(unknown)}; use [[puzzles]] tables"))
        raw_puzzles = data.get("puzzles", [])
        if not isinstance(raw_puzzles, list):
            problems.append(PuzzleError(path.name, None, "'puzzles' must be a list of [[puzzles]] tables", "puzzles"))
            continue
        for raw in raw_puzzles:
            try:
                puzzle = parse_puzzle(raw, path.name, themes)
            except PuzzleError as error:
                problems.append(error)
                continue
            if puzzle.id in puzzles:
                problems.append(PuzzleError(path.name, puzzle.id, "this id is used twice", "id"))
                continue
            puzzles[puzzle.id] = puzzle
    return Library(puzzles, themes, tuple(problems))


def translate_library(library: Library, folder: Path, language: str) -> Library:
    """The proven ``library`` of ``folder`` with its words in ``language``, from the parallel files
    under ``<folder>/../locales/<language>/puzzles/`` (nothing is proven again: only words change).
    A file whose translation is missing or does not match stays in English, and is a problem."""
    if language == DEFAULT_LANGUAGE:
        return library
    problems = list(library.problems)
    themes = dict(library.themes)
    puzzles = dict(library.puzzles)
    for path in sorted(folder.glob("*.toml")):
        try:
            data = read_localized(path, language, folder.parent)
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
            continue  # the English file itself is broken: already a problem of the library
        except TranslationError as error:
            problems.append(PuzzleError(error.file, None, error.detail))
            continue
        if path.name == "themes.toml":
            for key, raw in (data.get("themes") or {}).items():
                if key in themes:
                    themes[key] = replace(themes[key], title=str(raw["title"]), description=str(raw["description"]))
            continue
        for raw in data.get("puzzles") or []:
            puzzle = puzzles.get(str(raw.get("id"))) if isinstance(raw, Mapping) else None
            if puzzle is not None:
                puzzles[puzzle.id] = _translated(puzzle, raw)
    return Library(puzzles, themes, tuple(problems))


def _translated(puzzle: Puzzle, raw: Mapping[str, Any]) -> Puzzle:
    def words(name: str) -> str:
        return str(raw.get(name, ""))

    translated = replace(
        puzzle,
        title=words("title"),
        prompt=words("prompt"),
        nudge=words("nudge"),
        idea=words("idea"),
        explanation=words("explanation"),
    )
    if isinstance(translated, PassingPuzzle):
        return replace(translated, feedback=card_texts(raw, "feedback"))
    return translated


def main(argv: list[str] | None = None) -> int:
    """``python -m hearts_core.puzzles check [FOLDER]``: load every puzzle (the searches' answers from
    ``proofs.json``, the rest computed), list problems, and say whether ``proofs.json`` is current.

    ``python -m hearts_core.puzzles prove [FOLDER]``: prove every puzzle afresh and (re)write
    ``FOLDER/proofs.json`` with the answers (run it after changing a puzzle or the engine).

    ``python -m hearts_core.content.puzzles generate --count N --tricks T --margin M --seed S
    [--objective min_points] [--preset standard] [--out FILE]``: search seeded
    self-play for new play puzzles (:mod:`hearts_core.content.generator`) and write
    them as TOML to FILE (or print them).
    """
    parser = argparse.ArgumentParser(prog="python -m hearts_core.puzzles")
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser("check", help="load and check every puzzle, and whether proofs.json is current")
    check.add_argument("folder", nargs="?", default=PUZZLES_DIR, type=Path)
    prove = commands.add_parser("prove", help=f"prove every puzzle afresh and write FOLDER/{PROOFS_FILE}")
    prove.add_argument("folder", nargs="?", default=PUZZLES_DIR, type=Path)
    generate = commands.add_parser("generate", help="search random deals for new play puzzles")
    generate.add_argument("--count", type=int, default=5, help="how many puzzles (default 5)")
    generate.add_argument("--tricks", type=int, default=4, help="tricks left in the position (default 4)")
    generate.add_argument(
        "--margin", type=int, default=1, help="how much better the best card must be than every other (default 1)"
    )
    generate.add_argument("--seed", type=int, default=0, help="the random seed (default 0)")
    generate.add_argument("--objective", default="min_points", choices=OBJECTIVES)
    generate.add_argument("--preset", default="standard", help="the ruleset (default standard)")
    generate.add_argument("--max-deals", type=int, default=None, help="give up after this many deals")
    generate.add_argument("--out", type=Path, default=None, help="write the TOML here instead of printing it")
    args = parser.parse_args(argv)
    if args.command == "generate":
        return _generate(
            args.count, args.tricks, args.margin, args.seed, args.objective, args.preset, args.max_deals, args.out
        )
    if args.command == "prove":
        return _prove(args.folder)
    book = read_book(book_path(args.folder))
    library = load_library(args.folder, book)
    _report(library)
    if book.current:
        print(f"{book_path(args.folder)}: current (every search's answer was read from it)")
    else:
        print(f"{book_path(args.folder)}: stale ({book.computed} answers computed): run `{PROVE_COMMAND}`")
    return 1 if library.problems else 0


def _report(library: Library) -> None:
    for puzzle in library.ordered():
        print(f"ok   {puzzle.file}: {puzzle.id} ({puzzle.kind}, difficulty {puzzle.difficulty})")
    for problem in library.problems:
        print(f"FAIL {problem}")
    print(f"{len(library.puzzles)} puzzles, {len(library.problems)} problems")
    _counts(library)


def _prove(folder: Path) -> int:
    started = time.perf_counter()
    library, book = prove_library(folder)
    _report(library)
    path = folder / PROOFS_FILE
    write_book(path, book)
    print(f"{len(book.answers)} answers proven in {time.perf_counter() - started:.1f} s, written to {path}")
    return 1 if library.problems else 0


def _counts(library: Library) -> None:
    """The library by kind, theme and difficulty, and how often simple players find the play answers."""
    puzzles = library.ordered()
    print("by kind:", ", ".join(f"{kind} {count}" for kind, count in sorted(Counter(p.kind for p in puzzles).items())))
    print(
        "by difficulty:",
        ", ".join(f"{level} {count}" for level, count in sorted(Counter(p.difficulty for p in puzzles).items())),
    )
    themes = Counter((theme, puzzle.difficulty) for puzzle in puzzles for theme in puzzle.themes)
    print(
        "by theme (easy/medium/hard):",
        "; ".join(
            f"{theme} {themes[(theme, 1)]}/{themes[(theme, 2)]}/{themes[(theme, 3)]}" for theme in library.themes
        ),
    )
    for level, (found, chances) in found_by_difficulty(puzzles).items():
        print(
            f"play puzzles of difficulty {level}: the rule-based bot and the greedy player find "
            f"{found} of {chances} answers ({found / chances:.0%})"
        )


def _generate(
    count: int,
    tricks: int,
    margin: int,
    seed: int,
    objective: str,
    preset: str,
    max_deals: int | None,
    out: Path | None,
) -> int:
    try:
        rules = Ruleset.preset(preset)
        started = time.perf_counter()
        puzzles = generate_play_puzzles(count, tricks, margin, seed, rules, objective, max_deals=max_deals)
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    text = puzzles_to_toml(puzzles)
    if out is None:
        sys.stdout.write(text)
    else:
        out.write_text(text, encoding="utf-8")
    print(f"{len(puzzles)} of {count} puzzles in {time.perf_counter() - started:.1f} s", file=sys.stderr)
    return 0 if len(puzzles) == count else 1


__all__ = [
    "ARGUMENTS",
    "CARD_MARKS",
    "DIFFICULTIES",
    "KINDS",
    "OBJECTIVES",
    "PROVE_COMMAND",
    "PUZZLES_DIR",
    "VARIANT_ASKS",
    "Attempt",
    "CardMark",
    "LegalityPuzzle",
    "Library",
    "MoonPuzzle",
    "PassingPuzzle",
    "PlayPuzzle",
    "Puzzle",
    "PuzzleError",
    "ScoringPuzzle",
    "StandingRow",
    "Theme",
    "VariantPuzzle",
    "argument_cards",
    "check_attempt",
    "load_library",
    "load_themes",
    "parse_puzzle",
    "prove_library",
    "translate_library",
]


if __name__ == "__main__":
    raise SystemExit(main())
