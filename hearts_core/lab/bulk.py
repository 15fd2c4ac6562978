"""A Variant Lab run of any size (a million paired deals), in seeded chunks, resumable from a folder.

A :class:`LabRun` plays ``pairs`` deals (or whole games) under rulesets A and B, as
:func:`~hearts_core.lab.simulation.simulate_pairs` does with the same seed: deal ``i`` is shuffled from
its own seed, so the deals are the same however they are cut into chunks and whoever plays them.  Each
chunk (:class:`~hearts_core.lab.simulation.PairChunk`) is played on
:func:`hearts_core.chunks.run_chunks` (a Dask cluster, or a local worker pool) and comes back as the
sums of the Lab's statistics (:class:`~hearts_core.lab.simulation.StatSums`), not its rows: a million
deals' rows would not fit in memory, their sums are a few numbers.  Each finished chunk is written
to the run's folder at once (one small JSON file per chunk); a run started again on the same folder
plays only the chunks it lacks.  The chunks' sums are added in the chunks' order, so the report is
the same to the last digit whatever the backend, the number of workers, or how often the run was
stopped and started again.

>>> import tempfile
>>> from pathlib import Path
>>> from hearts_core import Ruleset
>>> run = LabRun(Ruleset(), Ruleset.preset("omnibus"), pairs=40, seed=1, chunk=20)
>>> folder = Path(tempfile.mkdtemp()) / "run.json.chunks"
>>> report = run_lab(run, folder, backend="local", workers=1)
>>> report.pairs, sorted(path.name for path in folder.iterdir())
(40, ['chunk-000000.json', 'chunk-000001.json', 'run.json'])
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from ..chunks import run_chunks
from ..engine.rules import Ruleset
from ..engine.table import seat_name
from .compare import POLICIES, check_same_deck
from .share import decode_ruleset, encode_ruleset
from .simulation import (
    PairChunk,
    SimulationResult,
    StatDiff,
    StatSums,
    pair_chunks,
    paired_hands,
    paired_values,
    play_chunk,
)

if TYPE_CHECKING:
    from distributed import Client

#: The version of the folder's files: a folder of another version is not mixed in.
FORMAT: Final = 1
#: Deals (or whole games) per chunk by default: a few seconds of play each.
DEFAULT_CHUNK: Final = 5_000
DEFAULT_GAME_CHUNK: Final = 50
#: The file in a run's folder that says which run it holds.
MANIFEST: Final = "run.json"


class RunFolderError(ValueError):
    """A run's folder holds another run's chunks (other rulesets, seed, size or chunks)."""


@dataclass(frozen=True)
class LabRun:
    """``pairs`` deals (or, with ``games``, whole games) under ``rules_a`` and ``rules_b`` from ``seed``,
    played in chunks of ``chunk`` by ``policy``'s players."""

    rules_a: Ruleset
    rules_b: Ruleset
    pairs: int
    seed: int = 0
    chunk: int = DEFAULT_CHUNK
    policy: str = "heuristic"
    games: bool = False

    def __post_init__(self) -> None:
        check_same_deck(self.rules_a, self.rules_b)
        if self.policy not in POLICIES:
            raise ValueError(f"no policy {self.policy!r}; choose one of {', '.join(POLICIES)}")
        if self.pairs < 1 or self.chunk < 1:
            raise ValueError("a run needs at least one deal, and chunks of at least one")

    def chunks(self) -> list[PairChunk]:
        """The run's chunks, in order."""
        return pair_chunks(
            self.rules_a, self.rules_b, self.pairs, self.chunk, seed=self.seed, policy=self.policy, games=self.games
        )

    def to_dict(self) -> dict[str, Any]:
        """The run's parameters (the rulesets as share codes), as its folder and its report keep them."""
        return {
            "format": FORMAT,
            "a": encode_ruleset(self.rules_a),
            "b": encode_ruleset(self.rules_b),
            "pairs": self.pairs,
            "seed": self.seed,
            "chunk": self.chunk,
            "policy": self.policy,
            "games": self.games,
        }

    @classmethod
    def from_dict(cls, values: dict[str, Any]) -> LabRun:
        """The run :meth:`to_dict` describes."""
        return cls(
            decode_ruleset(values["a"]),
            decode_ruleset(values["b"]),
            int(values["pairs"]),
            int(values["seed"]),
            int(values["chunk"]),
            str(values["policy"]),
            bool(values["games"]),
        )


@dataclass(frozen=True)
class ChunkSums:
    """One chunk's statistics as sums: the Lab's (``stats``: key, "hand" or "game", sums) and each
    seat's points (``seats``)."""

    stats: tuple[tuple[str, str, StatSums], ...]
    seats: tuple[StatSums, ...]

    def __add__(self, other: ChunkSums) -> ChunkSums:
        stats = tuple(
            (key, per, sums + theirs) for (key, per, sums), (_, _, theirs) in zip(self.stats, other.stats, strict=True)
        )
        return ChunkSums(stats, tuple(mine + theirs for mine, theirs in zip(self.seats, other.seats, strict=True)))

    def to_dict(self) -> dict[str, Any]:
        return {
            "stats": [[key, per, _sums_list(sums)] for key, per, sums in self.stats],
            "seats": [_sums_list(sums) for sums in self.seats],
        }

    @classmethod
    def from_dict(cls, values: dict[str, Any]) -> ChunkSums:
        stats = tuple(
            (str(key), str(per), StatSums(int(n), *map(float, rest))) for key, per, (n, *rest) in values["stats"]
        )
        seats = tuple(StatSums(int(n), *map(float, rest)) for n, *rest in values["seats"])
        return cls(stats, seats)


def _sums_list(sums: StatSums) -> list[float]:
    return [sums.n, sums.sum_a, sums.sum_b, sums.sum_diff, sums.sum_squares]


def summarise_chunk(chunk: PairChunk) -> ChunkSums:
    """Play ``chunk`` (in whatever process or machine calls this) and sum its statistics."""
    rows, games = play_chunk(chunk)
    players = chunk.rules_a.players
    result = SimulationResult(rows, games=games, requested=chunk.size, games_mode=chunk.games, players=players)
    stats = tuple((key, per, StatSums.of(values)) for key, per, values in paired_values(result))
    paired = paired_hands(result)
    seats = tuple(StatSums.of((a.scores[seat], b.scores[seat]) for a, b in paired) for seat in range(players))
    return ChunkSums(stats, seats)


@dataclass(frozen=True)
class LabReport:
    """A finished run's statistics: the Lab's paired differences B - A (``stats``, as the Lab page
    shows them) and each seat's points (``seats``), with 95% intervals."""

    run: LabRun
    stats: tuple[StatDiff, ...]
    seats: tuple[StatDiff, ...]

    @property
    def pairs(self) -> int:
        """How many deals were played under both rulesets."""
        return self.seats[0].n if self.seats else 0

    def to_dict(self) -> dict[str, Any]:
        """The report as JSON values (the same, to the last digit, for the same run)."""
        players = self.run.rules_a.players
        return {
            "run": self.run.to_dict(),
            "pairs": self.pairs,
            "stats": [_stat_dict(stat) for stat in self.stats],
            "seats": [
                {"seat": seat, "name": seat_name(seat, players, "en"), **_stat_dict(stat)}
                for seat, stat in enumerate(self.seats)
            ],
        }

    def text(self, language: str | None = None) -> str:
        """The report in sentences: the Lab's, then a line for each seat."""
        run = self.run
        unit = "games" if run.games else "deals"
        lines = [
            f"Variant Lab: A = {encode_ruleset(run.rules_a)}, B = {encode_ruleset(run.rules_b)}; "
            f"{run.pairs:,} {unit} (seed {run.seed}, {run.policy} players), {self.pairs:,} hands under both",
            "",
            *(f"- {stat.text(language)}" for stat in self.stats),
            "",
            "Points by seat, B - A (95% interval):",
        ]
        for seat, stat in enumerate(self.seats):
            name = seat_name(seat, run.rules_a.players, language)
            lines.append(
                f"- {name}: {stat.mean_a:.3f} under A, {stat.mean_b:.3f} under B, "
                f"{stat.diff:+.3f} ({stat.low:+.3f} to {stat.high:+.3f}), {stat.verdict}"
            )
        return "\n".join(lines)


def _stat_dict(stat: StatDiff) -> dict[str, Any]:
    def number(value: float) -> float | None:
        return value if math.isfinite(value) else None  # one deal has no interval: JSON has no infinity

    return {
        "key": stat.key,
        "per": stat.per,
        "n": stat.n,
        "mean_a": stat.mean_a,
        "mean_b": stat.mean_b,
        "diff": stat.diff,
        "low": number(stat.low),
        "high": number(stat.high),
        "verdict": stat.verdict,
    }


def report_of(run: LabRun, sums: list[ChunkSums]) -> LabReport:
    """The report of a run whose chunks' sums are ``sums`` (added in this order)."""
    total = sums[0]
    for more in sums[1:]:
        total = total + more
    return LabReport(
        run,
        tuple(stat.difference(key, per) for key, per, stat in total.stats),
        tuple(stat.difference(f"seat{seat}_points") for seat, stat in enumerate(total.seats)),
    )


# -- the folder ----------------------------------------------------------------------------------


def folder_for(out: Path) -> Path:
    """The folder that keeps the finished chunks of the run whose report goes to ``out``."""
    return out.with_name(out.name + ".chunks")


def _chunk_path(folder: Path, number: int) -> Path:
    return folder / f"chunk-{number:06d}.json"


def write_atomically(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` whole or not at all (a run stopped while writing leaves no half file)."""
    temporary = path.with_name(path.name + ".part")
    temporary.write_text(text, encoding="utf-8")
    os.replace(temporary, path)


def open_folder(run: LabRun, folder: Path) -> dict[int, ChunkSums]:
    """Make ``folder`` the run's (or check it is): the chunks it already holds, by number.
    :class:`RunFolderError` when it holds another run's."""
    folder.mkdir(parents=True, exist_ok=True)
    manifest = folder / MANIFEST
    wanted = run.to_dict()
    if manifest.exists():
        held = json.loads(manifest.read_text(encoding="utf-8"))
        if held != wanted:
            raise RunFolderError(
                f"{folder} holds the chunks of another run ({_json(held)}, not {_json(wanted)}): "
                "delete the folder, or write this run elsewhere (--out)"
            )
    else:
        write_atomically(manifest, _json(wanted) + "\n")
    held_chunks: dict[int, ChunkSums] = {}
    for number in range(len(run.chunks())):
        path = _chunk_path(folder, number)
        if path.exists():
            held_chunks[number] = ChunkSums.from_dict(json.loads(path.read_text(encoding="utf-8")))
    return held_chunks


def _json(values: Any) -> str:
    return json.dumps(values, sort_keys=True)


def run_lab(
    run: LabRun,
    folder: Path,
    *,
    workers: int | None = None,
    backend: str | Client | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> LabReport:
    """Play the chunks of ``run`` that ``folder`` lacks on :func:`~hearts_core.chunks.run_chunks`, each
    written to the folder as it finishes, and report on them all.  ``progress(done, total)`` counts
    deals (or games): called once before play with what the folder already held, then as each chunk
    finishes.  Stopped midway (Ctrl-C), the finished chunks stay in the folder for the next call."""
    chunks = run.chunks()
    held = open_folder(run, folder)
    missing = [number for number in range(len(chunks)) if number not in held]
    done = sum(chunks[number].size for number in held)
    if progress is not None:
        progress(done, run.pairs)

    def keep(index: int, sums: ChunkSums) -> None:
        nonlocal done
        number = missing[index]
        write_atomically(_chunk_path(folder, number), _json({"chunk": number, **sums.to_dict()}) + "\n")
        held[number] = sums
        done += chunks[number].size
        if progress is not None:
            progress(done, run.pairs)

    run_chunks(
        summarise_chunk, [chunks[number] for number in missing], workers=workers, on_result=keep, backend=backend
    )
    return report_of(run, [held[number] for number in range(len(chunks))])


__all__ = [
    "DEFAULT_CHUNK",
    "DEFAULT_GAME_CHUNK",
    "FORMAT",
    "ChunkSums",
    "LabReport",
    "LabRun",
    "RunFolderError",
    "folder_for",
    "open_folder",
    "report_of",
    "run_lab",
    "summarise_chunk",
]
