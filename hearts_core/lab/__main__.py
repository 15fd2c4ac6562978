"""``python -m hearts_core.lab run``: a Variant Lab comparison of any size, from the command line.

::

    python -m hearts_core.lab run --a standard --b omnibus --pairs 1000000 [--seed 0] [--chunk 5000]
        [--workers N] [--backend local|dask] [--policy heuristic|random] [--games] [--out lab-run.json]

``--a`` and ``--b`` take a preset's name (``standard``, ``omnibus``, ``black_maria`` ...) or a share code
as the Lab page makes it (``standard~moon=off``).  The deals are those of the Lab page's simulation
with the same seed (:mod:`hearts_core.lab.bulk`); chunks are played on
:func:`hearts_core.chunks.run_chunks` (a Dask cluster with the ``cluster`` extra, or
``HEARTS_DASK_SCHEDULER``'s; else a local worker pool).  Progress goes to stderr (deals done, the
rate, the time left).  Each finished chunk is kept in ``<out>.chunks/``: stopped (Ctrl-C, a lost
connection, a reboot), the same command goes on from there.  The report (the Lab's statistics, with
95% intervals, and each seat's points) is printed and written to ``--out`` as JSON, the same to the last
digit for the same run wherever it was played.

Exit status: 0 done, 1 when the output folder holds another run, 2 for bad arguments, 130 when stopped.
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from types import FrameType
from typing import Final, TextIO

from ..chunks import BACKENDS, describe_backend
from ..engine.rules import RulesetError
from .bulk import DEFAULT_CHUNK, DEFAULT_GAME_CHUNK, LabRun, RunFolderError, folder_for, run_lab, write_atomically
from .compare import POLICIES
from .share import decode_ruleset

#: Seconds between two progress lines (the last one is always written).
PROGRESS_EVERY: Final = 2.0
STOPPED: Final = 130


class ProgressLine:
    """Progress on a stream: deals done of the total, the rate, and the time left at that rate.  The
    rate counts from the first chunk this command finished (so neither the workers' start nor chunks
    kept from an earlier start skew it); before that, from the start."""

    def __init__(self, unit: str, stream: TextIO = sys.stderr, every: float = PROGRESS_EVERY) -> None:
        self.unit = unit
        self.stream = stream
        self.every = every
        self.started = 0.0
        self.shown = 0.0
        #: (time, deals done) where the rate is counted from: the start, then the first finished chunk.
        self.base: tuple[float, int] | None = None
        self.moved = False

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if self.base is None:
            self.started, self.shown, self.base = now, now, (now, done)
            if done:
                self._write(f"{done:,} of {total:,} {self.unit} already played (kept from an earlier start)")
            return
        if not self.moved:  # the first chunk: the workers have started, count the rate from here on
            self.moved, self.base, self.shown = True, (now, done), now
            self._write(f"{done:,}/{total:,} {self.unit}: the first chunk after {_duration(now - self.started)}")
            return
        if now - self.shown < self.every and done < total:
            return
        self.shown = now
        since, counted = self.base
        rate = (done - counted) / max(now - since, 1e-9)
        left = (total - done) / rate if rate else 0.0
        self._write(
            f"{done:,}/{total:,} {self.unit} ({done / total:.0%}), {rate:,.0f} {self.unit}/s, "
            f"{_duration(now - self.started)} so far, about {_duration(left)} left"
        )

    def _write(self, line: str) -> None:
        print(line, file=self.stream, flush=True)


def _duration(seconds: float) -> str:
    """``3h05m``, ``4m07s`` or ``12s``."""
    whole = round(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours}h{minutes:02d}m"
    return f"{minutes}m{secs:02d}s" if minutes else f"{secs}s"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m hearts_core.lab", description=__doc__.split("\n", 1)[0])
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("run", help="compare two rulesets over many paired deals (resumable)")
    run.add_argument("--a", required=True, help="ruleset A: a preset's name or a share code")
    run.add_argument("--b", required=True, help="ruleset B: a preset's name or a share code")
    run.add_argument("--pairs", type=int, required=True, help="deals (with --games: whole games) to play")
    run.add_argument("--seed", type=int, default=0, help="the run's seed (default 0)")
    run.add_argument(
        "--chunk", type=int, help=f"deals per chunk (default {DEFAULT_CHUNK}; games: {DEFAULT_GAME_CHUNK})"
    )
    run.add_argument("--workers", type=int, help="worker processes on this machine (default: the cores less one)")
    run.add_argument("--backend", choices=BACKENDS, help="force the local pool or Dask (default: Dask if installed)")
    run.add_argument("--policy", choices=POLICIES, default="heuristic", help="the players (default heuristic)")
    run.add_argument("--games", action="store_true", help="play whole games, not single deals")
    run.add_argument("--out", type=Path, default=Path("lab-run.json"), help="the report (default lab-run.json)")
    return parser


def _stop(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt  # SIGTERM stops as Ctrl-C does: the finished chunks stay kept


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; its exit status."""
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        run = LabRun(
            decode_ruleset(args.a),
            decode_ruleset(args.b),
            args.pairs,
            args.seed,
            args.chunk or (DEFAULT_GAME_CHUNK if args.games else DEFAULT_CHUNK),
            args.policy,
            args.games,
        )
    except (RulesetError, ValueError) as error:
        parser.error(str(error))
    folder = folder_for(args.out)
    unit = "games" if args.games else "deals"
    print(
        f"{run.pairs:,} {unit} in {len(run.chunks())} chunks on {describe_backend(args.backend, args.workers)}; "
        f"finished chunks kept in {folder}",
        file=sys.stderr,
    )
    signal.signal(signal.SIGTERM, _stop)
    started = time.monotonic()
    try:
        report = run_lab(run, folder, workers=args.workers, backend=args.backend, progress=ProgressLine(unit))
    except RunFolderError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(f"stopped: the finished chunks are kept in {folder}; the same command goes on", file=sys.stderr)
        return STOPPED
    print(f"played in {_duration(time.monotonic() - started)}", file=sys.stderr)
    write_atomically(args.out, json.dumps(report.to_dict(), indent=2) + "\n")
    print(report.text())
    print(f"\nreport written to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
