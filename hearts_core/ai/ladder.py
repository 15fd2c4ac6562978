"""The strength ladder: every practice level placed on one scale by duplicate matches.

    python -m hearts_core.ai.ladder run [--deals 200] [--slow-deals 40] [--presets ...] [--workers 1]
    python -m hearts_core.ai.ladder show

**The scale** is the *edge*: in a match of one level (the candidate) against three
copies of a reference player, the points a hand the reference players take on
average minus the points the candidate takes, on the same deals.  Zero means "as
strong as the reference"; +2.0 means the candidate takes two points a hand fewer
than the reference players at the same table; a negative edge means it takes more.
The ladder's yardstick is the rule-based (heuristic) bot: a level's place on the
ladder is its edge against three heuristic bots under the standard rules.  The
edge is used rather than the raw points a hand because it means the same with 3,
5 or 6 players and under every scoring (an even share of the points differs).

**Duplicate matches**: each deal (seeded by the run's seed and the deal number;
the hand number is the deal number, so the pass direction cycles) is played once
with the candidate in every seat and the same cards (:func:`duplicate_tables`).
A deal's edge is the mean over those rotations; the interval is 95% over deals
(1.96 standard errors, the deals being the independent units).  Also kept: the
candidate's and the references' points a hand, the moons shot by the candidate
(for) and by a reference seat (against), and the candidate's time per card.

**The references** are the random and heuristic bots, OpenSpiel's ISMCTS at 500
and 2,000 simulations, and each level of :data:`hearts_core.ai.levels.LEVELS` (read
when the run starts: a new level joins the ladder on the next run).  ISMCTS plays
inside OpenSpiel's own ``hearts`` game (our ``openspiel`` preset) through the
checked bridge of ``benchmarks/openspiel_strength.py``; without ``pyspiel`` (or
that file) those matches are skipped with a message.  A level is not matched
against itself (its edge there is zero by symmetry).

**Presets**: each level against three heuristic bots under each named preset of
:data:`PRESETS`, and the heuristic level itself against three random bots (ISMCTS
only knows the standard game).

The matches are cut into seeded chunks of a few deals run by
:func:`hearts_core.chunks.run_chunks`; the results are written to
:data:`LADDER_FILE`, which the Practice page reads (:mod:`hearts_core.ai.strength`),
and ``--markdown`` prints the tables of ``docs/performance.md``.

>>> tables = duplicate_tables(Match("monte_carlo", "heuristic"), deal=3, seed=7)
>>> [table.lineup.index("monte_carlo") for table in tables]
[0, 1, 2, 3]
>>> len({table.state for table in tables})
1
>>> scale([2.0, 4.0, 3.0, 3.0]).edge
3.0
"""

from __future__ import annotations

import argparse
import datetime
import importlib.util
import json
import math
import random
import shlex
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any, Final

from ..chunks import run_chunks
from ..engine.rules import Ruleset
from ..engine.state import HandState
from ..search import fast
from .bots import Bot, Decision, play_hand
from .levels import LEVELS, make_bot
from .view import PlayerView

#: The data file the app reads (written by ``run``).
LADDER_FILE: Final = Path(__file__).with_name("ladder.json")
#: The ladder's yardstick: a level's place is its edge against three of these.
YARDSTICK: Final = "heuristic"
#: OpenSpiel's ISMCTS references and their simulations per card.
ISMCTS_SIMULATIONS: Final = {"ismcts_500": 500, "ismcts_2000": 2000}
#: The named presets each level is also measured under (the standard game is the main table).
PRESETS: Final = ("black_maria", "omnibus", "jack_eleven", "three_players", "five_players", "six_players")
#: Under a preset the yardstick itself is measured against this reference (ISMCTS only knows the
#: standard game).
YARDSTICK_REFERENCE: Final = "random"
#: Matches with one of these in them get ``--slow-deals`` deals rather than ``--deals`` (a card of
#: ISMCTS-2000 takes tens of milliseconds, ours one or two).
SLOW_PLAYERS: Final = tuple(ISMCTS_SIMULATIONS)
#: The bridge to OpenSpiel (a benchmark script, loaded by path when an ISMCTS match runs).
OPENSPIEL_BRIDGE: Final = Path(__file__).resolve().parents[2] / "benchmarks" / "openspiel_strength.py"
DEFAULT_SEED: Final = 2024
DEALS_PER_CHUNK: Final = 5

# -- the matches ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Match:
    """One level (``candidate``) in one seat against three (or more) copies of ``reference``."""

    candidate: str
    reference: str
    preset: str = "standard"

    @property
    def is_ismcts(self) -> bool:
        return self.reference in ISMCTS_SIMULATIONS

    def label(self) -> str:
        return f"{self.candidate} vs {self.reference} ({self.preset})"


@dataclass(frozen=True)
class Chunk:
    """A few consecutive deals of one match; ``seed`` (the run's) fixes the cards of every deal."""

    match: Match
    first_deal: int
    deals: int
    seed: int


@dataclass(frozen=True)
class Table:
    """One rotation of a duplicate deal: the dealt hand and the player of every seat."""

    state: HandState
    lineup: tuple[str, ...]
    seat: int  # the candidate's


@dataclass(frozen=True)
class Rotation:
    """The end of one rotation: every seat's score, the moon's shooter, the candidate's card times."""

    seat: int
    scores: tuple[float, ...]
    moon_shooter: int | None
    card_seconds: tuple[float, ...]

    @property
    def edge(self) -> float:
        others = [score for seat, score in enumerate(self.scores) if seat != self.seat]
        return statistics.fmean(others) - self.scores[self.seat]


@dataclass(frozen=True)
class DealResult:
    """A duplicate deal: its rotations, one per seat."""

    deal: int
    rotations: tuple[Rotation, ...]


def duplicate_tables(match: Match, deal: int, seed: int) -> list[Table]:
    """The rotations of a duplicate deal: the same cards, the candidate in each seat in turn."""
    rules = Ruleset.preset(match.preset)
    state = HandState.deal(rules, f"{seed}-{deal}", deal)
    players = rules.players
    return [
        Table(state, tuple(match.candidate if s == seat else match.reference for s in range(players)), seat)
        for seat in range(players)
    ]


class _Timed:
    """A bot that records the seconds of each card decision."""

    def __init__(self, bot: Bot, times: list[float]) -> None:
        self.bot = bot
        self.name = bot.name
        self.times = times

    def choose_pass(self, view: PlayerView, rng: random.Random) -> Any:
        return self.bot.choose_pass(view, rng)

    def choose_card(self, view: PlayerView, rng: random.Random) -> Decision:
        start = time.perf_counter()
        decision = self.bot.choose_card(view, rng)
        self.times.append(time.perf_counter() - start)
        return decision


def play_table(table: Table, deal: int, seed: int) -> Rotation:
    """Play one rotation with our bots (each a fresh ``make_bot`` of its level)."""
    times: list[float] = []
    bots: list[Bot] = [
        _Timed(make_bot(level), times) if seat == table.seat else make_bot(level)
        for seat, level in enumerate(table.lineup)
    ]
    final = play_hand(table.state, bots, seed=f"{seed}-{deal}-{table.seat}")
    report = final.score_report()
    return Rotation(table.seat, tuple(float(score) for score in report.scores), report.moon_shooter, tuple(times))


_BRIDGE: ModuleType | None = None


def openspiel_bridge() -> ModuleType:
    """``benchmarks/openspiel_strength.py`` as a module; ImportError without it or without pyspiel."""
    global _BRIDGE
    if _BRIDGE is None:
        spec = importlib.util.spec_from_file_location("openspiel_strength", OPENSPIEL_BRIDGE)
        if spec is None or spec.loader is None or not OPENSPIEL_BRIDGE.exists():
            raise ImportError(f"no OpenSpiel bridge at {OPENSPIEL_BRIDGE}")
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module
        try:
            spec.loader.exec_module(module)  # imports pyspiel
        except BaseException:
            del sys.modules[spec.name]
            raise
        _BRIDGE = module
    return _BRIDGE


def openspiel_missing() -> str | None:
    """Why the ISMCTS matches cannot run here, or None when they can."""
    try:
        openspiel_bridge()
    except ImportError as error:
        return f"OpenSpiel's ISMCTS matches skipped: {error}"
    return None


def play_ismcts_deal(match: Match, deal: int, seed: int) -> DealResult:
    """A duplicate deal inside OpenSpiel: the candidate in each seat, ISMCTS in the other three."""
    bridge = openspiel_bridge()
    config = bridge.Config(bot=match.candidate, sims=ISMCTS_SIMULATIONS[match.reference], seed=seed)
    dealt = bridge.make_deal(seed, deal)
    rotations = []
    for seat in range(bridge.SEATS):
        played = bridge.play_rotation(config, dealt, seat)
        scores = tuple(float(score) for score in played.scores)
        rotations.append(Rotation(seat, scores, played.moon_shooter, tuple(played.our_card_times)))
    return DealResult(deal, tuple(rotations))


def play_deal(match: Match, deal: int, seed: int) -> DealResult:
    """One duplicate deal of ``match``."""
    if match.is_ismcts:
        return play_ismcts_deal(match, deal, seed)
    return DealResult(deal, tuple(play_table(table, deal, seed) for table in duplicate_tables(match, deal, seed)))


def play_chunk(chunk: Chunk) -> tuple[DealResult, ...]:
    """The chunk's deals, in order (module-level and picklable, for :func:`run_chunks`)."""
    fast.warm()  # a new worker process compiles (or loads) the kernel on its first chunk
    return tuple(
        play_deal(chunk.match, deal, chunk.seed) for deal in range(chunk.first_deal, chunk.first_deal + chunk.deals)
    )


# -- the scale -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Scale:
    """A mean and its 95% margin over deals."""

    edge: float
    margin: float


def scale(per_deal: Sequence[float]) -> Scale:
    """The mean of the per-deal figures and 1.96 standard errors (NaN margin for one deal)."""
    mean = statistics.fmean(per_deal)
    margin = 1.96 * statistics.stdev(per_deal) / math.sqrt(len(per_deal)) if len(per_deal) > 1 else math.nan
    return Scale(mean, margin)


@dataclass(frozen=True)
class Result:
    """One match's figures.  ``edge`` ± ``margin``: the references' points a hand minus the
    candidate's (per deal, the mean of its rotations), positive when the candidate is stronger."""

    candidate: str
    reference: str
    preset: str
    deals: int
    hands: int
    points: float  # the candidate's mean points a hand
    reference_points: float  # the reference seats' mean points a hand
    edge: float
    margin: float
    moons_for: int
    moons_against: int
    ms_per_card: float


def summarize(match: Match, deals: Sequence[DealResult]) -> Result:
    """The figures of ``match`` from its deals."""
    rotations = [rotation for deal in deals for rotation in deal.rotations]
    edges = scale([statistics.fmean(rotation.edge for rotation in deal.rotations) for deal in deals])
    times = [seconds for rotation in rotations for seconds in rotation.card_seconds]
    return Result(
        candidate=match.candidate,
        reference=match.reference,
        preset=match.preset,
        deals=len(deals),
        hands=len(rotations),
        points=statistics.fmean(rotation.scores[rotation.seat] for rotation in rotations),
        reference_points=statistics.fmean(
            score for rotation in rotations for seat, score in enumerate(rotation.scores) if seat != rotation.seat
        ),
        edge=edges.edge,
        margin=edges.margin,
        moons_for=sum(rotation.moon_shooter == rotation.seat for rotation in rotations),
        moons_against=sum(rotation.moon_shooter not in (None, rotation.seat) for rotation in rotations),
        ms_per_card=1000 * statistics.fmean(times) if times else math.nan,
    )


# -- the ladder as data ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Ladder:
    """A run's results, as written to (and read from) :data:`LADDER_FILE`."""

    measured: str  # the date, ISO
    command: str
    seed: int
    deals: int
    slow_deals: int
    preset_deals: int
    levels: tuple[str, ...]
    references: tuple[str, ...]
    presets: tuple[str, ...]
    results: tuple[Result, ...]
    skipped: tuple[str, ...] = ()
    seconds: float = 0.0
    workers: int = 1
    scale: str = field(
        default="edge: the reference players' points a hand minus the level's, on the same duplicate deals "
        "(positive: the level takes fewer points, i.e. is stronger); margins are 95% over deals"
    )

    def result(self, candidate: str, reference: str = YARDSTICK, preset: str = "standard") -> Result | None:
        """The match of ``candidate`` against ``reference`` under ``preset``, if it was played."""
        for result in self.results:
            if (result.candidate, result.reference, result.preset) == (candidate, reference, preset):
                return result
        return None

    def to_json(self) -> str:
        return json.dumps(_without_nan(asdict(self)), indent=1, ensure_ascii=False) + "\n"

    @classmethod
    def from_json(cls, text: str) -> Ladder:
        raw = json.loads(text)
        results = tuple(Result(**{key: _nan_if_none(value) for key, value in row.items()}) for row in raw["results"])
        tuples = {name: tuple(raw[name]) for name in ("levels", "references", "presets", "skipped")}
        return cls(**{**raw, **tuples, "results": results})

    @classmethod
    def load(cls, path: Path = LADDER_FILE) -> Ladder:
        return cls.from_json(path.read_text(encoding="utf-8"))

    def save(self, path: Path = LADDER_FILE) -> None:
        path.write_text(self.to_json(), encoding="utf-8")


def _without_nan(value: Any) -> Any:
    """NaN (the margin of one deal, the time of no card) as null: standard JSON."""
    if isinstance(value, float) and math.isnan(value):
        return None
    if isinstance(value, dict):
        return {key: _without_nan(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_without_nan(item) for item in value]
    return value


def _nan_if_none(value: Any) -> Any:
    return math.nan if value is None else value


# -- planning and running --------------------------------------------------------------------------


def references_for(levels: Sequence[str]) -> tuple[str, ...]:
    """The fixed references, then each level not already among them."""
    fixed = ("random", "heuristic", *ISMCTS_SIMULATIONS)
    return (*fixed, *(level for level in levels if level not in fixed))


def preset_reference(level: str) -> str:
    """Whom a level plays under the presets: the yardstick, or for the yardstick itself the random bot."""
    return YARDSTICK_REFERENCE if level == YARDSTICK else YARDSTICK


def matches(levels: Sequence[str], references: Sequence[str], presets: Sequence[str]) -> list[Match]:
    """Every level against every other reference (standard rules), then against the yardstick under
    every preset (the yardstick against the random bot)."""
    standard = [Match(level, reference) for level in levels for reference in references if reference != level]
    by_preset = [Match(level, preset_reference(level), preset) for preset in presets for level in levels]
    return standard + by_preset


def chunks_of(
    plan: Iterable[Match],
    deals: int,
    slow_deals: int,
    seed: int,
    per_chunk: int = DEALS_PER_CHUNK,
    preset_deals: int | None = None,
) -> list[Chunk]:
    """Each match's deals cut into chunks of ``per_chunk``: ``deals`` deals, ``slow_deals`` for the
    matches against ISMCTS, ``preset_deals`` (default ``deals``) for those under another preset."""
    chunks = []
    for match in plan:
        count = deals if match.preset == "standard" or preset_deals is None else preset_deals
        if {match.candidate, match.reference} & set(SLOW_PLAYERS):
            count = slow_deals
        chunks += [Chunk(match, first, min(per_chunk, count - first), seed) for first in range(0, count, per_chunk)]
    return chunks


def run(
    *,
    deals: int,
    slow_deals: int | None = None,
    preset_deals: int | None = None,
    presets: Sequence[str] = PRESETS,
    levels: Sequence[str] | None = None,
    references: Sequence[str] | None = None,
    seed: int = DEFAULT_SEED,
    workers: int | None = 1,
    command: str = "",
    progress: Callable[[int, int], None] | None = None,
    say: Callable[[str], object] = print,
) -> Ladder:
    """Play the ladder's matches and return the :class:`Ladder` (not saved).  By default every level of
    :data:`LEVELS` against :func:`references_for` them, under the standard rules and under ``presets``."""
    levels = tuple(LEVELS if levels is None else levels)
    slow_deals = deals if slow_deals is None else slow_deals
    preset_deals = deals if preset_deals is None else preset_deals
    references = references_for(levels) if references is None else tuple(references)
    skipped = []
    missing = openspiel_missing() if set(references) & set(ISMCTS_SIMULATIONS) else None
    if missing is not None:
        say(missing)
        skipped.append(missing)
        references = tuple(reference for reference in references if reference not in ISMCTS_SIMULATIONS)
    plan = matches(levels, references, presets)
    chunks = chunks_of(plan, deals, slow_deals, seed, preset_deals=preset_deals)
    say(f"{len(plan)} matches in {len(chunks)} chunks, {workers or 'default'} worker(s)")
    start = time.perf_counter()
    outcomes = run_chunks(play_chunk, chunks, workers=workers, progress=progress)
    seconds = time.perf_counter() - start
    by_match: dict[Match, list[DealResult]] = {match: [] for match in plan}
    for chunk, outcome in zip(chunks, outcomes, strict=True):
        by_match[chunk.match] += outcome
    return Ladder(
        measured=datetime.date.today().isoformat(),
        command=command,
        seed=seed,
        deals=deals,
        slow_deals=slow_deals,
        preset_deals=preset_deals,
        levels=levels,
        references=references,
        presets=tuple(presets),
        results=tuple(summarize(match, played) for match, played in by_match.items()),
        skipped=tuple(skipped),
        seconds=round(seconds, 1),
        workers=workers or 0,
    )


# -- the tables ------------------------------------------------------------------------------------


def signed(value: float, margin: float) -> str:
    """``+3.12 ± 0.40`` (no margin when it is unknown)."""
    text = f"{value:+.2f}".replace("-", "−")
    return text if math.isnan(margin) else f"{text} ± {margin:.2f}"


def reference_title(reference: str) -> str:
    if reference in ISMCTS_SIMULATIONS:
        return f"ISMCTS-{ISMCTS_SIMULATIONS[reference]:,}"
    return reference


def markdown(ladder: Ladder) -> str:
    """The ladder's tables in Markdown: the places, every match in detail, the presets."""
    lines = [
        f"Measured {ladder.measured}: `{ladder.command}` (seed {ladder.seed}; {ladder.deals} duplicate deals a "
        f"match, {ladder.slow_deals} against ISMCTS, {ladder.preset_deals} under the other presets; "
        f"{ladder.seconds / 60:.0f} min on "
        f"{ladder.workers} worker(s)).",
        "",
        "Edge (points a hand fewer than the three reference players, 95% interval over deals; "
        "positive: the level is stronger than the reference):",
        "",
        "| level | " + " | ".join(reference_title(reference) for reference in ladder.references) + " |",
        "|---|" + "---|" * len(ladder.references),
    ]
    for level in ladder.levels:
        cells = []
        for reference in ladder.references:
            result = ladder.result(level, reference)
            cells.append("(itself)" if reference == level else signed(result.edge, result.margin) if result else "—")
        lines.append(f"| {level} | " + " | ".join(cells) + " |")
    lines += [
        "",
        "Every match (the ISMCTS ones in OpenSpiel's game, our `openspiel` preset; the others standard):",
        "",
        "| level | against three | deals | its points a hand | theirs | edge | moons for / against | ms a card |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for result in ladder.results:
        if result.preset == "standard":
            lines.append(_detail_row(result))
    if ladder.presets:
        lines += _preset_table(ladder)
    lines += ["", *ladder.skipped] if ladder.skipped else []
    return "\n".join(lines) + "\n"


def _detail_row(result: Result) -> str:
    return (
        f"| {result.candidate} | {reference_title(result.reference)} | {result.deals} | {result.points:.2f} | "
        f"{result.reference_points:.2f} | {signed(result.edge, result.margin)} | "
        f"{result.moons_for} / {result.moons_against} of {result.hands} | {result.ms_per_card:.2f} |"
    )


def _preset_table(ladder: Ladder) -> list[str]:
    lines = [
        "",
        "Under the named presets: the edge against three heuristic bots (the heuristic level: against three "
        "random ones), and the moons for / against:",
        "",
        "| level | against | " + " | ".join(ladder.presets) + " |",
        "|---|---|" + "---|" * len(ladder.presets),
    ]
    for level in ladder.levels:
        reference = preset_reference(level)
        cells = []
        for preset in ladder.presets:
            result = ladder.result(level, reference, preset)
            if result is None:
                cells.append("—")
                continue
            cells.append(f"{signed(result.edge, result.margin)} ({result.moons_for}/{result.moons_against})")
        lines.append(f"| {level} | {reference} | " + " | ".join(cells) + " |")
    return lines


# -- the command -----------------------------------------------------------------------------------


def _print_progress(done: int, total: int) -> None:
    print(f"  {done}/{total} chunks", flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m hearts_core.ai.ladder", description=__doc__.split("\n\n")[1])
    commands = parser.add_subparsers(dest="command", required=True)
    play = commands.add_parser("run", help="play the matches and write the ladder file")
    play.add_argument("--deals", type=int, default=200, help="duplicate deals a match")
    play.add_argument("--slow-deals", type=int, help="deals of a match against ISMCTS (default --deals)")
    play.add_argument("--preset-deals", type=int, help="deals of a match under another preset (default --deals)")
    play.add_argument("--presets", nargs="*", default=list(PRESETS), help="named presets (none: skip)")
    play.add_argument("--levels", nargs="*", help="only these levels (default: every level of LEVELS)")
    play.add_argument("--seed", type=int, default=DEFAULT_SEED)
    play.add_argument("--workers", "--jobs", type=int, default=1, help="worker processes")
    play.add_argument("--output", type=Path, default=LADDER_FILE)
    show = commands.add_parser("show", help="print the ladder file's tables")
    show.add_argument("--input", type=Path, default=LADDER_FILE)
    args = parser.parse_args(argv)
    if args.command == "show":
        print(markdown(Ladder.load(args.input)), end="")
        return 0
    command = "python -m hearts_core.ai.ladder " + shlex.join(list(sys.argv[1:] if argv is None else argv))
    ladder = run(
        deals=args.deals,
        slow_deals=args.slow_deals,
        preset_deals=args.preset_deals,
        presets=args.presets,
        levels=args.levels,
        seed=args.seed,
        workers=args.workers,
        command=command,
        progress=_print_progress,
    )
    ladder.save(args.output)
    print(f"written {args.output}")
    print(markdown(ladder), end="")
    return 0


__all__ = [
    "LADDER_FILE",
    "PRESETS",
    "YARDSTICK",
    "Chunk",
    "DealResult",
    "Ladder",
    "Match",
    "Result",
    "Rotation",
    "Table",
    "chunks_of",
    "duplicate_tables",
    "markdown",
    "matches",
    "play_chunk",
    "run",
    "scale",
    "summarize",
]


if __name__ == "__main__":
    # Run as the imported module, not as ``__main__``: the chunks' function and classes must pickle by
    # reference to hearts_core.ai.ladder for the worker processes.
    from hearts_core.ai import ladder

    sys.exit(ladder.main())
