"""Thousands of deals under both rulesets: a simulation run in chunks, then charts, intervals and a CSV."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Final

import pandas as pd  # type: ignore[import-untyped]
import plotly.graph_objects as go  # type: ignore[import-untyped]
import streamlit as st
from plotly.subplots import make_subplots  # type: ignore[import-untyped]

from hearts_core import lab
from hearts_core.engine.rules import Ruleset
from hearts_core.engine.table import seat_name
from hearts_core.words.catalogue import message

from ... import page_state
from ...texts import ui
from . import worker
from .common import COLOURS, SIDES, side_name
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
    st.plotly_chart(_diff_chart(diffs), key=LabView.widget_key("chart", "diffs"), config={"displayModeBar": False})
    for diff in diffs:
        colour, words = VERDICT_BADGES.get(diff.verdict, ("gray", "lab.verdict_noise"))
        badge = f":{colour}-badge[{ui(words)}]"
        st.markdown(f"{badge} {diff.text()}")
    figures = [
        _scores_chart(hands),
        _rates_chart(hands),
        _queen_chart(hands, result.players),
        _trick_chart(hands, "first_trick_points", message("lab.stat.first_trick_points"), ui("common.axis_points")),
        _trick_chart(hands, "hearts_broken_trick", ui("lab.chart_broken"), ui("lab.axis_broken")),
    ]
    if result.games:
        played = pd.DataFrame(result.game_records())
        figures += [
            _trick_chart(played, "hands", message("lab.stat.hands_per_game"), ui("lab.unit_hands")),
            _trick_chart(played, "margin", ui("lab.chart_margin"), ui("common.axis_points")),
        ]
    left, right = st.columns(2, gap="medium")
    for number, figure in enumerate(figures):
        (left if number % 2 == 0 else right).plotly_chart(
            figure, key=LabView.widget_key("chart", number), config={"displayModeBar": False}
        )
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


def _layout(figure: go.Figure, title: str, height: int = 340) -> go.Figure:
    figure.update_layout(
        height=height,
        margin={"l": 10, "r": 10, "t": 50, "b": 20},
        title={"text": title, "x": 0, "xanchor": "left"},
        legend={"orientation": "h", "y": -0.26, "x": 0, "yanchor": "top"},
    )
    return figure


def _side_rows(frame: pd.DataFrame, side: str) -> pd.DataFrame:
    return frame[frame["ruleset"] == side.upper()]


def _diff_chart(diffs: Sequence[Any]) -> go.Figure:
    """Each difference B − A on its own scale, with its 95% interval and the zero line."""
    figure = make_subplots(rows=len(diffs), cols=1, vertical_spacing=0.5 / max(len(diffs), 1))
    for row, diff in enumerate(diffs, start=1):
        real = diff.verdict == "real"
        colour = COLOURS["a"] if real else "#8a8a8a"
        high = diff.high if diff.high != float("inf") else diff.diff
        low = diff.low if diff.low != float("-inf") else diff.diff
        figure.add_trace(
            go.Scatter(
                x=[diff.diff],
                y=[diff.label()],
                mode="markers",
                marker={"color": colour, "size": 11},
                error_x={
                    "type": "data",
                    "symmetric": False,
                    "array": [high - diff.diff],
                    "arrayminus": [diff.diff - low],
                    "color": colour,
                    "thickness": 2.5,
                },
                hovertemplate=f"{diff.label()}: %{{x:+.3f}}<extra></extra>",
                showlegend=False,
            ),
            row=row,
            col=1,
        )
        figure.add_vline(x=0, line_color="rgba(80,80,80,0.7)", line_dash="dot", row=row, col=1)
        reach = max(abs(low), abs(high), abs(diff.diff), 1e-3) * 1.15
        figure.update_xaxes(range=[-reach, reach], row=row, col=1)
    figure.update_yaxes(automargin=True, tickfont={"size": 12})
    figure.update_xaxes(zeroline=False, tickfont={"size": 10})
    return _layout(figure, ui("lab.chart_diffs"), height=70 * len(diffs) + 80)


def _scores_chart(frame: pd.DataFrame) -> go.Figure:
    figure = go.Figure()
    seats = [column for column in frame.columns if column.startswith("score_") and column[6:].isdigit()]
    for side in SIDES:
        rows = _side_rows(frame, side)
        values = pd.concat([rows[column] for column in seats], ignore_index=True)
        figure.add_trace(go.Histogram(x=values, name=side_name(side), opacity=0.55, marker_color=COLOURS[side]))
    figure.update_layout(
        barmode="overlay",
        xaxis={"title": {"text": ui("common.axis_points")}},
        yaxis={"title": {"text": ui("lab.axis_count")}},
    )
    return _layout(figure, ui("lab.chart_scores"))


def _rates_chart(frame: pd.DataFrame) -> go.Figure:
    figure = go.Figure()
    names = [ui("lab.rate_moon"), ui("lab.rate_sun")]
    for side in SIDES:
        rows = _side_rows(frame, side)
        count = max(len(rows), 1)
        rates = [float((rows["moon_shooter"] >= 0).sum()) / count, float((rows["sun_shooter"] >= 0).sum()) / count]
        figure.add_trace(
            go.Bar(
                x=names,
                y=rates,
                name=side_name(side),
                marker_color=COLOURS[side],
                text=[f"{rate:.1%}" for rate in rates],
                textposition="outside",
            )
        )
    figure.update_layout(barmode="group", yaxis={"tickformat": ".0%", "rangemode": "tozero"})
    return _layout(figure, ui("lab.chart_rates"))


def _queen_chart(frame: pd.DataFrame, players: int) -> go.Figure:
    figure = go.Figure()
    names = [seat_name(seat, players) for seat in range(players)] + [ui("lab.queen_nobody")]
    for side in SIDES:
        rows = _side_rows(frame, side)
        count = max(len(rows), 1)
        shares = [float((rows["queen_taker"] == seat).sum()) / count for seat in range(players)]
        shares.append(float((rows["queen_taker"] < 0).sum()) / count)
        figure.add_trace(go.Bar(x=names, y=shares, name=side_name(side), marker_color=COLOURS[side]))
    figure.update_layout(barmode="group", yaxis={"tickformat": ".0%", "rangemode": "tozero"})
    return _layout(figure, ui("lab.chart_queen"))


def _trick_chart(frame: pd.DataFrame, column: str, title: str, axis: str) -> go.Figure:
    """How often each value of ``column`` comes up under A and under B."""
    figure = go.Figure()
    for side in SIDES:
        rows = _side_rows(frame, side)
        counts = rows[column].value_counts(normalize=True).sort_index()
        figure.add_trace(
            go.Bar(
                x=[str(value) for value in counts.index],
                y=list(counts.values),
                name=side_name(side),
                marker_color=COLOURS[side],
            )
        )
    figure.update_layout(
        barmode="group",
        xaxis={"title": {"text": axis}, "type": "category"},
        yaxis={"tickformat": ".0%", "rangemode": "tozero"},
    )
    return _layout(figure, title)
