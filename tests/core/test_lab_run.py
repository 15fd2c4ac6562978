"""The Variant Lab on hearts_core.chunks: a chunk's rows are the same whichever backend plays it, a run by
command reports what the Lab page reports for the same deals, and a run stopped midway and started again
ends with the report of a run never stopped."""

from __future__ import annotations

import dataclasses
import io
import json
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Final

import psutil  # type: ignore[import-untyped]  # installed with distributed, without stubs
import pytest

from hearts_core import Ruleset
from hearts_core.chunks import BACKEND_VARIABLE, run_chunks
from hearts_core.lab import ChunkCall, SimulationJob, compare_stats, simulate_pairs
from hearts_core.lab.__main__ import ProgressLine, main
from hearts_core.lab.bulk import LabRun, RunFolderError, folder_for, run_lab

ROOT: Final = Path(__file__).resolve().parents[2]
A: Final = Ruleset()
B: Final = Ruleset.preset("omnibus")


def _without_timing(job: SimulationJob) -> SimulationJob:
    return dataclasses.replace(job, elapsed=0.0)


@pytest.mark.parametrize(("backend", "workers"), [("local", 2), ("dask", 1), ("dask", 2)])
def test_the_pages_chunks_give_the_same_job_on_every_backend(backend: str, workers: int) -> None:
    job = SimulationJob.start(A, B, total=1_300, seed=11)
    here = job
    while not here.finished:
        here = here.next_chunk()
    calls = job.calls()
    assert [call.offset for call in calls] == [0, 500, 1_000] and calls[-1].size == 300
    there = job
    for played in run_chunks(ChunkCall.play, calls, workers=workers, backend=backend):
        there = there.with_chunk(played)
    assert there.finished and there.rows == here.rows
    assert _without_timing(there) == _without_timing(here)


@pytest.mark.parametrize("backend", ["local", "dask"])
def test_simulate_pairs_gives_the_same_rows_on_every_backend(backend: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(BACKEND_VARIABLE, backend)
    spread = simulate_pairs(A, B, 300, seed=6, workers=2, chunk=70)
    assert spread.rows == simulate_pairs(A, B, 300, seed=6).rows and spread.pairs == 300


def test_the_report_is_the_labs_statistics_for_the_same_deals(tmp_path: Path) -> None:
    run = LabRun(A, B, pairs=400, seed=3, chunk=90)
    report = run_lab(run, tmp_path / "chunks", backend="local", workers=2)
    assert report.stats == compare_stats(simulate_pairs(A, B, 400, seed=3))
    assert report.pairs == 400 and [stat.n for stat in report.seats] == [400] * 4
    seats = {stat.key: stat for stat in report.seats}
    assert seats["seat0_points"] == next(stat for stat in report.stats if stat.key == "seat0_points")
    assert report.to_dict()["seats"][1]["name"] == "West"
    text = report.text()
    assert "Hands with a moon" in text and "- East:" in text and "400 deals" in text


def test_games_mode_reports_the_games_statistics(tmp_path: Path) -> None:
    a, b = Ruleset(target_score=50), Ruleset(target_score=50, moon="off")
    report = run_lab(LabRun(a, b, pairs=6, seed=1, chunk=4, games=True), tmp_path / "games", backend="local")
    assert report.stats == compare_stats(simulate_pairs(a, b, 6, seed=1, games=True))
    assert [stat.key for stat in report.stats][-2:] == ["hands_per_game", "winner_margin"]


def test_the_report_is_the_same_however_the_deals_are_chunked(tmp_path: Path) -> None:
    small = run_lab(LabRun(A, B, pairs=300, seed=2, chunk=40), tmp_path / "small", backend="local")
    large = run_lab(LabRun(A, B, pairs=300, seed=2, chunk=300), tmp_path / "large", backend="local")
    assert (small.stats, small.seats) == (large.stats, large.seats)


def test_a_stopped_run_goes_on_where_it_stopped(tmp_path: Path) -> None:
    run = LabRun(A, B, pairs=500, seed=4, chunk=50)
    whole = run_lab(run, tmp_path / "whole", backend="local", workers=1)
    folder = tmp_path / "stopped"
    calls = 0

    def stop_after_three(done: int, total: int) -> None:
        nonlocal calls
        calls += 1
        if calls > 3:  # the call before play, then three chunks
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_lab(run, folder, backend="local", workers=1, progress=stop_after_three)
    kept = sorted(path.name for path in folder.glob("chunk-*.json"))
    assert len(kept) == 3
    seen: list[int] = []
    again = run_lab(run, folder, backend="local", workers=1, progress=lambda done, total: seen.append(done))
    assert seen[0] == 150 and seen[-1] == 500 and len(seen) == 1 + 7  # only the seven chunks it lacked
    assert again.to_dict() == whole.to_dict()
    assert run_lab(run, folder, backend="local").to_dict() == whole.to_dict()  # all kept: nothing to play


def test_a_folder_of_another_run_is_refused(tmp_path: Path) -> None:
    run_lab(LabRun(A, B, pairs=20, seed=1, chunk=10), tmp_path, backend="local", workers=1)
    with pytest.raises(RunFolderError, match="another run"):
        run_lab(LabRun(A, B, pairs=20, seed=2, chunk=10), tmp_path, backend="local", workers=1)


def test_the_command_checks_its_arguments(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    with pytest.raises(SystemExit) as error:
        main(["run", "--a", "standard", "--b", "three_players", "--pairs", "10", "--out", str(tmp_path / "x.json")])
    assert error.value.code == 2 and "players" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["run", "--a", "standard", "--b", "no_such_preset", "--pairs", "10"])
    assert "no_such_preset" in capsys.readouterr().err


def _command(out: Path, pairs: int, chunk: int, backend: str) -> list[str]:
    return [
        sys.executable,
        "-m",
        "hearts_core.lab",
        "run",
        "--a",
        "standard",
        "--b",
        "omnibus~moon=off",
        "--pairs",
        str(pairs),
        "--seed",
        "9",
        "--chunk",
        str(chunk),
        "--workers",
        "2",
        "--backend",
        backend,
        "--out",
        str(out),
    ]


@pytest.mark.slow
def test_the_command_stopped_by_a_signal_and_run_again_reports_as_a_run_never_stopped(tmp_path: Path) -> None:
    pairs, chunk = 40_000, 500  # 80 chunks: several seconds of play, so the signal comes midway
    out = tmp_path / "stopped.json"
    folder = folder_for(out)
    first = subprocess.Popen(_command(out, pairs, chunk, "dask"), cwd=ROOT, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 120
        while len(list(folder.glob("chunk-*.json"))) < 3 and time.monotonic() < deadline and first.poll() is None:
            time.sleep(0.02)
        workers = psutil.Process(first.pid).children(recursive=True)
        first.send_signal(signal.SIGINT)
        _, errors = first.communicate(timeout=60)
    finally:
        first.kill()
    assert first.returncode == 130, errors
    assert "the same command goes on" in errors and not out.exists()
    kept = len(list(folder.glob("chunk-*.json")))
    assert 3 <= kept < pairs // chunk
    _, alive = psutil.wait_procs(workers, timeout=15)
    assert alive == [], f"processes of the stopped run still running: {alive}"
    again = subprocess.run(_command(out, pairs, chunk, "dask"), cwd=ROOT, capture_output=True, text=True, check=True)
    assert f"{kept * chunk:,} of {pairs:,} deals already played" in again.stderr
    assert "Hands with a moon" in again.stdout
    # The same run never stopped, on the other backend: the same report, byte for byte.
    whole = tmp_path / "whole.json"
    subprocess.run(_command(whole, pairs, chunk, "local"), cwd=ROOT, capture_output=True, check=True)
    assert out.read_bytes() == whole.read_bytes()
    report = json.loads(out.read_text())
    assert report["pairs"] == pairs and report["run"]["b"] == "omnibus~moon=off"


def test_a_spread_simulation_cancelled_keeps_whole_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(BACKEND_VARIABLE, "local")
    result = simulate_pairs(A, B, 400, seed=6, workers=2, chunk=50, progress=lambda done, total: done < 100)
    everything = {(row.deal, row.ruleset): row for row in simulate_pairs(A, B, 400, seed=6).rows}
    assert result.cancelled and 100 <= result.pairs < 400 and result.pairs % 50 == 0
    assert all(everything[row.deal, row.ruleset] == row for row in result.rows)


def test_the_progress_line_says_the_rate_and_the_time_left() -> None:
    stream = io.StringIO()
    line = ProgressLine("deals", stream, every=0.0)
    line(1_000, 10_000)  # before play: what an earlier start kept
    line(2_000, 10_000)  # the first chunk: the workers' start is not counted in the rate
    time.sleep(0.2)
    line(4_000, 10_000)
    first, second, third = stream.getvalue().splitlines()
    assert first == "1,000 of 10,000 deals already played (kept from an earlier start)"
    assert second.startswith("2,000/10,000 deals: the first chunk after ")
    rate = int(third.split(", ")[1].removesuffix(" deals/s").replace(",", ""))
    assert third.startswith("4,000/10,000 deals (40%), ") and 2_000 <= rate <= 10_000, third
    assert third.endswith(" left")
