"""``python -m hearts_core prepare``: the install's last step, so the first learner waits for nothing.

The README's run command calls it after ``pip install`` and before ``streamlit run app.py``, and its
test command before ``pytest``.  It does the slow things that otherwise fall on the first server
start (and on every test worker):

1. warms the compiled kernel (:func:`hearts_core.search.fast.warm`): numba compiles it into its cache
   on disk (about 25 s once per version of the kernel's source); every later process loads it in
   about half a second;
2. byte-compiles the project's packages (``hearts_core`` and ``hearts_ui``), as pip does for an
   install that is not editable: otherwise, where ``PYTHONDONTWRITEBYTECODE`` is set (as in many
   containers and CI machines), every server start and every test worker compiles them again (about
   0.3 s each on the 2-core machine);
3. checks the puzzle library's proofs file (``lessons/puzzles/proofs.json``, see
   :mod:`hearts_core.content.proofs`): when it is current the app loads the library without running
   a search; when it is stale the app still answers at once and proves what the file lacks when the
   library loads, and this command says to run ``python -m hearts_core.puzzles prove``.

It exits 0 when all is done (a stale proofs file is reported, not an error: the app works, only
slower to open its Puzzles page), 1 when the puzzle library has problems.
"""

from __future__ import annotations

import argparse
import compileall
import time
from pathlib import Path
from typing import Final

from .content.proofs import book_path, read_book
from .content.puzzles import PROVE_COMMAND, PUZZLES_DIR, load_library
from .search import fast

#: The project's packages, beside this one, that ``prepare`` byte-compiles.
PACKAGES: Final = ("hearts_core", "hearts_ui")
_ROOT: Final = Path(__file__).resolve().parents[1]


def prepare() -> int:
    """Warm the kernel into numba's cache, byte-compile the project's packages and check the proofs
    file; 1 if the puzzle library has problems."""
    seconds = fast.warm()
    print(f"engine: the {fast.state()} (warmed in {seconds:.1f} s)")
    folders = [_ROOT / package for package in PACKAGES if (_ROOT / package).is_dir()]
    compiled = [bool(compileall.compile_dir(folder, quiet=1)) for folder in folders]  # each, even after a failure
    names = ", ".join(folder.name for folder in folders)
    print(f"python: {names} byte-compiled" + ("" if all(compiled) else " (with errors: is the folder writable?)"))
    path = book_path(PUZZLES_DIR)
    book = read_book(path)
    started = time.perf_counter()
    library = load_library(PUZZLES_DIR, book)
    seconds = time.perf_counter() - started
    if book.current:
        print(f"puzzles: {len(library.puzzles)} loaded in {seconds:.1f} s, every proof read from {path}")
    else:
        print(
            f"puzzles: {path} is stale ({book.computed} answers proven in {seconds:.1f} s): the app proves "
            f"them again at every start until `{PROVE_COMMAND}` writes them"
        )
    for problem in library.problems:
        print(f"puzzles: FAIL {problem}")
    return 1 if library.problems else 0


def main(argv: list[str] | None = None) -> int:
    """The command line: ``prepare``."""
    parser = argparse.ArgumentParser(prog="python -m hearts_core", description=__doc__.split("\n", 1)[0])
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("prepare", help="warm the compiled kernel into numba's cache and check the puzzles' proofs")
    parser.parse_args(argv)
    return prepare()


if __name__ == "__main__":
    raise SystemExit(main())
