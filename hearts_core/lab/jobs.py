"""A Variant Lab simulation run in chunks, as one frozen value: start, next chunk, cancel.

The page keeps a :class:`SimulationJob` and asks it for the next chunk on each
rerun, so a long simulation shows its progress and can be cancelled between
chunks.  Each chunk is its own :func:`~hearts_core.lab.simulation.simulate_pairs`
call with its own seed; its deal and game numbers are moved past those of the
chunks before it, so the pairs stay apart and the rows are the same however
the work is split.

>>> from hearts_core import Ruleset
>>> job = SimulationJob.start(Ruleset(), Ruleset(first_trick="anything"), total=30, seed=1)
>>> job = job.next_chunk().next_chunk()
>>> job.done, job.finished, job.result().pairs
(30, True, 30)
"""

from __future__ import annotations

import dataclasses
import time
from dataclasses import dataclass
from typing import Final, Literal

from ..engine.rules import Ruleset
from .compare import check_same_deck
from .share import encode_ruleset
from .simulation import MAX_GAME_HANDS, GameRow, HandRow, SimulationResult, simulate_pairs

#: Deals (or whole games) per chunk: small enough to answer Cancel within a second.
HAND_CHUNK: Final = 500
GAME_CHUNK: Final = 20
#: The most one simulation may ask for: deals (hands mode) and whole games (games mode, up to
#: 100 hands each), so one learner's request cannot take the machine.
MAX_DEALS: Final = 20_000
MAX_GAMES: Final = 1_000
#: Wall-clock seconds of play after which a job stops, keeping what it played.
TIME_BUDGET: Final = 180.0

StopReason = Literal["cancelled", "time"]


@dataclass(frozen=True)
class PlayedChunk:
    """A chunk's deals as played, where they go in the job (``offset``), and the seconds they took."""

    result: SimulationResult
    offset: int
    seconds: float


@dataclass(frozen=True)
class ChunkCall:
    """One chunk of a job, as a value a worker process can be sent: ``size`` deals (or games) from
    ``seed``, to go at ``offset`` in the job."""

    rules_a: Ruleset
    rules_b: Ruleset
    size: int
    seed: int
    policy: str
    games_mode: bool
    offset: int

    def play(self) -> PlayedChunk:
        """Play the chunk (in whatever process calls this)."""
        started = time.perf_counter()
        result = simulate_pairs(
            self.rules_a, self.rules_b, self.size, seed=self.seed, policy=self.policy, games=self.games_mode
        )
        return PlayedChunk(result, self.offset, time.perf_counter() - started)


@dataclass(frozen=True)
class SimulationJob:
    """A paired simulation of ``total`` deals (or games) under ``rules_a`` and ``rules_b``,
    ``done`` of them played so far."""

    rules_a: Ruleset
    rules_b: Ruleset
    total: int
    seed: int
    games_mode: bool = False
    policy: str = "heuristic"
    done: int = 0
    rows: tuple[HandRow, ...] = ()
    games: tuple[GameRow, ...] = ()
    cancelled: bool = False
    #: Why the job stopped before its total (``cancelled`` is then True), None otherwise.
    stopped: StopReason | None = None
    #: Seconds spent playing so far, against :data:`TIME_BUDGET`.
    elapsed: float = 0.0
    budget: float = TIME_BUDGET

    @classmethod
    def start(
        cls,
        rules_a: Ruleset,
        rules_b: Ruleset,
        total: int,
        seed: int,
        *,
        games_mode: bool = False,
        policy: str = "heuristic",
    ) -> SimulationJob:
        """A job with nothing played yet (``ValueError`` when the rulesets cannot be compared)."""
        check_same_deck(rules_a, rules_b)
        if total < 1:
            raise ValueError("a simulation needs at least one deal")
        limit = MAX_GAMES if games_mode else MAX_DEALS
        if total > limit:
            raise ValueError(f"a simulation plays at most {limit} {'games' if games_mode else 'deals'}")
        return cls(rules_a, rules_b, total, seed, games_mode, policy)

    @property
    def finished(self) -> bool:
        """Whether every chunk is played, or the job was cancelled."""
        return self.cancelled or self.done >= self.total

    @property
    def chunk_size(self) -> int:
        """Deals (or games) per chunk."""
        return GAME_CHUNK if self.games_mode else HAND_CHUNK

    @property
    def codes(self) -> tuple[str, str]:
        """The share codes of the two rulesets (to tell whether the page's rules changed since)."""
        return encode_ruleset(self.rules_a), encode_ruleset(self.rules_b)

    def next_call(self) -> ChunkCall | None:
        """What playing the next chunk takes (None when finished): a picklable value, so a worker
        process can play it (:meth:`ChunkCall.play`) while the page stays free."""
        calls = self.calls()
        return calls[0] if calls else None

    def calls(self) -> tuple[ChunkCall, ...]:
        """Every chunk still to play, in order (none when finished).  Each carries its own seed, so
        :func:`hearts_core.chunks.run_chunks` can play them all on any backend, and the job that takes
        them in (:meth:`with_chunk`, in order) is the one :meth:`next_chunk` makes."""
        if self.finished:
            return ()
        return tuple(
            ChunkCall(
                self.rules_a,
                self.rules_b,
                min(self.chunk_size, self.total - offset),
                self.seed * 1000 + offset // self.chunk_size,
                self.policy,
                self.games_mode,
                offset,
            )
            for offset in range(self.done, self.total, self.chunk_size)
        )

    def with_chunk(self, played: PlayedChunk) -> SimulationJob:
        """The job with a played chunk added (itself when the chunk is not the one it waits for, say after
        a cancel)."""
        if self.finished or played.offset != self.done:
            return self
        result = played.result
        elapsed = self.elapsed + played.seconds
        deals = self.done * MAX_GAME_HANDS if self.games_mode else self.done
        game_offset = self.done if self.games_mode else 0
        rows = tuple(
            dataclasses.replace(row, deal=row.deal + deals, game=row.game + game_offset) for row in result.rows
        )
        games = tuple(dataclasses.replace(row, game=row.game + self.done) for row in result.games)
        size = result.requested
        done = dataclasses.replace(
            self, done=self.done + size, rows=self.rows + rows, games=self.games + games, elapsed=elapsed
        )
        if elapsed >= self.budget and not done.finished:
            return dataclasses.replace(done, cancelled=True, stopped="time")
        return done

    def next_chunk(self) -> SimulationJob:
        """The job with one more chunk played here, in this thread (itself when finished)."""
        call = self.next_call()
        return self if call is None else self.with_chunk(call.play())

    def cancel(self) -> SimulationJob:
        """The job stopped where it is (itself when already finished)."""
        return self if self.finished else dataclasses.replace(self, cancelled=True, stopped="cancelled")

    def result(self) -> SimulationResult:
        """The rows played so far as one simulation result."""
        return SimulationResult(
            rows=self.rows,
            cancelled=self.cancelled,
            games=self.games,
            requested=self.total,
            games_mode=self.games_mode,
            players=self.rules_a.players,
        )


__all__ = [
    "GAME_CHUNK",
    "HAND_CHUNK",
    "MAX_DEALS",
    "MAX_GAMES",
    "TIME_BUDGET",
    "ChunkCall",
    "PlayedChunk",
    "SimulationJob",
    "StopReason",
]
