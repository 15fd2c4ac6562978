"""Thousands of deals under both rulesets: a simulation run in chunks, then charts, intervals and a CSV."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from concurrent.futures.process import BrokenProcessPool
from typing import Final

import pandas as pd  # type: ignore[import-untyped]
import streamlit as st

from hearts_core import lab
from hearts_core.engine.rules import Ruleset
from hearts_core.engine.table import seat_name
from hearts_core.words.catalogue import message

from ... import page_state
from ...texts import ui
from . import charts, worker
from .replay import POLICY_KEY
from .view import LabView

#: The simulation's widgets: how many hands (or games), and whether whole games are played.
COUNT_KEY: Final = LabView.widget_key("sim", "n")
GAMES_KEY: Final = LabView.widget_key("sim", "games")
#: How often the progress fragment looks at the running simulation.
TICK: Final = 0.1
#: How long one run of the fragment waits for the chunk in play (waiting leaves the CPU to others;
#: short, so that a click on Cancel is answered at once).
WAIT: Final = 0.5


def _job() -> lab.SimulationJob | None:
    return page_state.get(LabView).job


def _start_job(rules_a: Ruleset, rules_b: Ruleset) -> None:
    job = lab.SimulationJob.start(
        rules_a,
        rules_b,
        total=int(page_state.widget_value(COUNT_KEY) or 0),
        seed=secrets.randbelow(1000),
        games_mode=bool(page_state.widget_value(GAMES_KEY)),
        policy=str(page_state.widget_value(POLICY_KEY) or "heuristic"),
    )
    page_state.update(LabView, job=job, chunk=None)


def _cancel_job() -> None:
    view = page_state.get(LabView)
    if view.chunk is not None:
        view.chunk.cancel()  # a chunk already in play runs out in its worker, and is dropped
    page_state.update(LabView, job=None if view.job is None else view.job.cancel(), chunk=None)


def simulation(rules_a: Ruleset, rules_b: Ruleset) -> None:
    """The simulation's controls, its progress, and its results.  While it runs, only a fragment
    reruns (one chunk each time), so the Cancel button stays put and answers the first click."""
    st.header(ui("lab.sim_heading"), divider="gray")
    st.markdown(ui("lab.sim_intro"))
    job = _job()
    running = job is not None and not job.finished
    n_col, games_col, run_col = st.columns([2, 2, 2], vertical_alignment="bottom")
    games = bool(page_state.widget_value(GAMES_KEY))
    most = lab.MAX_GAMES if games else lab.MAX_DEALS
    count = page_state.widget_value(COUNT_KEY, 1000)
    page_state.set_widget_value(COUNT_KEY, max(10, min(int(count or 10), most)))  # within the mode's limits
    n_col.number_input(
        ui("lab.sim_games_n") if games else ui("lab.sim_hands_n"),
        min_value=10,
        max_value=most,
        step=100,
        key=COUNT_KEY,
        disabled=running,
        help=ui("lab.sim_limits", most=most, minutes=int(lab.TIME_BUDGET // 60)),
    )
    games_col.toggle(ui("lab.sim_games"), key=GAMES_KEY, disabled=running, help=ui("lab.sim_games_help"))
    if running:
        run_col.button(
            ui("lab.sim_cancel"),
            key=LabView.widget_key("sim", "cancel"),
            on_click=_cancel_job,
            icon=":material/stop:",
            width="stretch",
        )
    else:
        run_col.button(
            ui("lab.sim_run"),
            key=LabView.widget_key("sim", "run"),
            on_click=_start_job,
            args=(rules_a, rules_b),
            type="primary",
            icon=":material/play_arrow:",
            width="stretch",
        )
    if job is None:
        return
    unit = ui("lab.unit_games") if job.games_mode else ui("lab.unit_hands")
    if running:
        _progress(unit)
        return
    if job.codes != (lab.encode_ruleset(rules_a), lab.encode_ruleset(rules_b)):
        st.info(ui("lab.sim_stale"), icon=":material/history:")
    if job.stopped == "time":
        st.warning(
            ui("lab.sim_out_of_time", done=job.done, total=job.total, unit=unit, minutes=int(lab.TIME_BUDGET // 60)),
            icon=":material/timer:",
        )
    elif job.cancelled:
        st.warning(ui("lab.sim_cancelled", done=job.done, total=job.total, unit=unit), icon=":material/stop:")
    if job.rows:
        _results(job.result())


@st.fragment(run_every=TICK)
def _progress(unit: str) -> None:
    """The running simulation: its progress bar; each run takes in the chunk a worker has played and
    sends the next; the page when it is done."""
    job = _job()
    if job is None or job.finished:
        st.rerun(scope="app")
        return
    st.progress(job.done / max(job.total, 1), text=ui("lab.sim_progress", done=job.done, total=job.total, unit=unit))
    job = _advance(job)
    page_state.update(LabView, job=job)
    if job.finished:
        st.rerun(scope="app")


def _advance(job: lab.SimulationJob) -> lab.SimulationJob:
    """The job with its chunk in play added, if the worker has finished it within :data:`WAIT`."""
    pending = page_state.get(LabView).chunk
    if pending is None or pending.cancelled():
        call = job.next_call()
        if call is None:
            return job
        pending = worker.submit(call)
        page_state.update(LabView, chunk=pending)
    try:
        played = pending.result(timeout=WAIT)
    except TimeoutError:
        return job
    except BrokenProcessPool:  # the worker died: send the chunk again on the next run
        page_state.update(LabView, chunk=None)
        return job
    page_state.update(LabView, chunk=None)
    return job.with_chunk(played)


#: The table's columns that hold a seat (-1: nobody).
SEAT_COLUMNS: Final = ("moon_shooter", "sun_shooter", "queen_taker")


def shown_table(hands: pd.DataFrame, players: int) -> pd.DataFrame:
    """The hands as the page shows them: seats by name and headings in the learner's language (the CSV
    keeps the numbers and the field names, for analysis)."""
    shown = hands.copy()
    for column in SEAT_COLUMNS:
        if column in shown.columns:
            shown[column] = [
                ui("lab_column.nobody") if seat < 0 else seat_name(int(seat), players) for seat in shown[column]
            ]
    headings = {
        column: ui("lab_column.score", seat=seat_name(int(column.removeprefix("score_")), players))
        if column.startswith("score_") and column != "score_spread"
        else ui(f"lab_column.{column}")
        for column in shown.columns
    }
    return shown.rename(columns=headings)


#: Each verdict's badge: its colour and its catalogue key.
VERDICT_BADGES: Final = {
    "real": ("red", "lab.verdict_real"),
    "noise": ("gray", "lab.verdict_noise"),
    "identical": ("gray", "lab.verdict_identical"),
}


def _results(result: lab.SimulationResult) -> None:
    hands = pd.DataFrame(result.records())
    if "deal_seed" in hands.columns:  # seeds can pass 2**63: text keeps them exact in the table and the CSV
        hands["deal_seed"] = hands["deal_seed"].astype(str)
    st.subheader(ui("lab.sim_results", count=result.pairs))
    diffs = lab.compare_stats(result)
    st.plotly_chart(
        charts.diff_chart(diffs), key=LabView.widget_key("chart", "diffs"), config={"displayModeBar": False}
    )
    for diff in diffs:
        colour, words = VERDICT_BADGES.get(diff.verdict, ("gray", "lab.verdict_noise"))
        badge = f":{colour}-badge[{ui(words)}]"
        st.markdown(f"{badge} {diff.text()}")
    _charts(result_charts(result, hands))
    _table_and_downloads(result, hands)


def result_charts(result: lab.SimulationResult, hands: pd.DataFrame) -> list[charts.Shown]:
    """The charts of how the hands (and games) went under A and under B, or the sentences that
    stand for those that would say nothing."""
    shown = [
        charts.scores_chart(hands),
        charts.rates_chart(hands),
        charts.queen_chart(hands, result.players),
        charts.distribution_chart(
            hands, "first_trick_points", message("lab.stat.first_trick_points"), ui("common.axis_points")
        ),
        charts.distribution_chart(
            hands,
            "hearts_broken_trick",
            ui("lab.chart_broken"),
            ui("lab.axis_broken"),
            name=charts.broken_name,
            order=charts.never_last,
        ),
    ]
    if result.games:
        played = pd.DataFrame(result.game_records())
        shown += [
            charts.distribution_chart(played, "hands", message("lab.stat.hands_per_game"), ui("lab.unit_hands")),
            charts.distribution_chart(played, "margin", ui("lab.chart_margin"), ui("common.axis_points")),
        ]
    return shown


def _charts(shown: Sequence[charts.Shown]) -> None:
    """The figures two by two, then the sentences that stand for charts which would say nothing."""
    figures = [item for item in shown if not isinstance(item, str)]
    left, right = st.columns(2, gap="medium")
    for number, figure in enumerate(figures):
        (left if number % 2 == 0 else right).plotly_chart(
            figure, key=LabView.widget_key("chart", number), config={"displayModeBar": False}
        )
    for sentence in (item for item in shown if isinstance(item, str)):
        st.markdown(f"- {sentence}")


def _table_and_downloads(result: lab.SimulationResult, hands: pd.DataFrame) -> None:
    st.markdown(f"##### {ui('lab.table_heading')}")
    st.dataframe(shown_table(hands, result.players), key=LabView.widget_key("frame"), hide_index=True, height=320)
    buttons = st.container(horizontal=True, gap="small")
    buttons.download_button(
        ui("lab.csv"),
        hands.to_csv(index=False),
        file_name="variant-lab-hands.csv",
        mime="text/csv",
        key=LabView.widget_key("csv"),
        icon=":material/download:",
    )
    if result.games:
        buttons.download_button(
            ui("lab.csv_games"),
            pd.DataFrame(result.game_records()).to_csv(index=False),
            file_name="variant-lab-games.csv",
            mime="text/csv",
            key=LabView.widget_key("csv", "games"),
            icon=":material/download:",
        )
