"""The Variant Lab's charts as a statistician would check them, on the plotly figures themselves:
compared rows share one scale, share axes have distinct ticks, and no chart is a lone bar."""

from __future__ import annotations

import math
from typing import Any

import pandas as pd  # type: ignore[import-untyped]
import plotly.graph_objects as go  # type: ignore[import-untyped]
import pytest

from hearts_core import Ruleset, lab
from hearts_core.lab import StatDiff
from hearts_ui.texts import ui
from hearts_ui.views.lab import charts
from hearts_ui.views.lab.simulation import result_charts


def _diff(key: str, diff: float, half: float, verdict: str = "noise") -> StatDiff:
    return StatDiff(key, 1.0, 1.0 + diff, diff, diff - half, diff + half, 400, verdict)


#: Differences of very unequal size, in three units: on separate scales per row, the small
#: ones would look as large as the big ones.
DIFFS = (
    _diff("moon_rate", 0.004, 0.003, "real"),
    _diff("queen_self_rate", -0.03, 0.02, "real"),
    _diff("sun_rate", 0.0, 0.0, "identical"),
    _diff("seat0_points", 0.2, 0.3),
    _diff("hand_points", -1.5, 0.1, "real"),
    _diff("first_trick_points", 0.01, 0.02),
    _diff("hearts_broken_trick", -0.4, 0.1, "real"),
)


def _axis_of(figure: go.Figure, trace: Any) -> str:
    return "xaxis" + str(trace.xaxis).removeprefix("x")


def test_rows_of_one_unit_share_one_scale_and_every_interval_fits_it() -> None:
    figure = charts.diff_chart(DIFFS)
    groups = charts.diff_groups(DIFFS)
    assert [unit for unit, _ in groups] == ["share", "points", "trick"]
    axes: dict[str, list[Any]] = {}
    for trace in figure.data:
        axes.setdefault(_axis_of(figure, trace), []).append(trace)
    # One axis per unit, holding exactly that unit's rows.
    assert [len(traces) for traces in axes.values()] == [len(members) for _, members in groups]
    for name, traces in axes.items():
        low, high = figure.layout[name].range
        assert low == -high  # symmetric about zero: the sign reads at a glance
        for trace in traces:
            middle = trace.x[0]
            assert low <= middle - trace.error_x.arrayminus[0] and middle + trace.error_x.array[0] <= high
    # The shares are drawn in percentage points, and the points' rows are not squeezed by the shares'.
    share_axis, points_axis, _ = (figure.layout[name] for name in axes)
    assert share_axis.range[1] >= 5 and points_axis.range[1] < 3


def test_an_identical_row_is_a_ring_at_zero_without_an_interval() -> None:
    figure = charts.diff_chart(DIFFS)
    ring = next(trace for trace in figure.data if trace.marker.symbol == "circle-open")
    assert ring.x == (0.0,) and ring.error_x.array == (0.0,) and ring.error_x.arrayminus == (0.0,)


@pytest.mark.parametrize("top", [0.0013, 0.004, 0.013, 0.021, 0.09, 0.3, 0.62, 1.0])
def test_a_share_axis_has_distinct_round_ticks(top: float) -> None:
    axis = go.layout.YAxis(charts.share_axis(top))
    labels = _percent_labels(axis)
    assert len(labels) >= 2 and len(set(labels)) == len(labels), labels
    assert axis.range[1] >= top  # the highest bar fits


def _percent_labels(axis: Any) -> list[str]:
    places = int(axis.tickformat.strip(".%"))
    count = math.floor(axis.range[1] / axis.dtick + 1e-9)
    return [f"{number * axis.dtick:.{places}%}" for number in range(count + 1)]


def _hands(**columns: list[int]) -> pd.DataFrame:
    """A results table of ``n`` paired hands (A's rows, then B's) with the given columns."""
    length = len(next(iter(columns.values())))
    frame = pd.DataFrame(columns)
    frame["ruleset"] = ["A"] * (length // 2) + ["B"] * (length - length // 2)
    return frame


def test_a_rare_moon_gets_ticks_finer_than_whole_percents() -> None:
    # 1.3% and 1.7% of hands: the old axis read 0%, 0%, 0%, 1%, 1%, 1%.
    moons = [0] * 3 + [-1] * 222 + [1] * 4 + [-1] * 221
    figure = charts.rates_chart(_hands(moon_shooter=moons, sun_shooter=[-1] * 450))
    assert isinstance(figure, go.Figure)
    labels = _percent_labels(figure.layout.yaxis)
    assert len(set(labels)) == len(labels) and any(label not in ("0%", "1%", "2%") for label in labels)
    assert [bar.x for bar in figure.data] == [(ui("lab.rate_moon"),)] * 2  # no sun: 0% under both, left out


def test_no_shots_and_a_constant_column_are_sentences_not_lone_bars() -> None:
    hands = _hands(
        moon_shooter=[-1] * 20, sun_shooter=[-1] * 20, first_trick_points=[0] * 20, margin=[0] * 10 + [3] * 10
    )
    assert charts.rates_chart(hands) == ui("lab.chart_no_shots")
    title = "Points on the first trick"
    assert charts.distribution_chart(hands, "first_trick_points", title, "points") == ui(
        "lab.chart_one_value", title=title, value="0"
    )
    assert charts.distribution_chart(hands, "margin", title, "points") == ui(
        "lab.chart_two_values", title=title, a="0", b="3"
    )


def test_a_distribution_keeps_its_values_in_order_with_never_last() -> None:
    tricks = [3, 2, 0, 4, 2, 3, 1, 0, 5, 2]
    figure = charts.distribution_chart(
        _hands(hearts_broken_trick=tricks), "hearts_broken_trick", "t", "trick", charts.broken_name, charts.never_last
    )
    assert isinstance(figure, go.Figure)
    assert list(figure.layout.xaxis.categoryarray) == ["1", "2", "3", "4", "5", ui("lab.never")]


def test_the_queen_chart_leaves_out_nobody_when_the_queen_is_always_taken() -> None:
    figure = charts.queen_chart(_hands(queen_taker=[0, 1, 2, 3, 0, 1, 1, 2]), 4)
    assert isinstance(figure, go.Figure)
    assert ui("lab.queen_nobody") not in figure.data[0].x


def test_a_real_simulation_draws_no_single_bar_chart() -> None:
    result = lab.simulate_pairs(Ruleset(), Ruleset.preset("pagat"), 60, seed=4)
    shown = result_charts(result, pd.DataFrame(result.records()))
    for item in shown:
        if isinstance(item, str):
            continue
        bars = [trace for trace in item.data if isinstance(trace, go.Bar)]
        drawn = sum(1 for trace in bars for height in trace.y if height > 0)
        assert not bars or drawn >= 2, item.layout.title.text
