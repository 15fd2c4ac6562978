"""The Variant Lab's charts, as plotly figures a statistician would sign (no Streamlit here).

- The differences B − A: one panel per unit (shares of hands in percentage points, points, a
  trick's number, hands), and within a panel ONE scale for every row, so rows are compared by eye.
- Shares on axes whose ticks are distinct: the step is chosen from the range (1, 2 or 5 times a
  power of ten) and the labels carry as many decimals as the step needs, never "0%, 0%, 1%, 1%".
- No chart that says nothing: categories empty under both rule sets are left out, and a
  distribution with one value on each side is a sentence, not a lone 100% bar.

Each builder returns a :data:`Shown`: a figure, or the sentence that takes its place.

>>> tick_step(0.021), tick_step(26), tick_step(0.9)
(0.005, 10, 0.2)
>>> percent_format(0.005), percent_format(0.05), percent_format(0.0025)
('.1%', '.0%', '.2%')
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, TypeAlias

import pandas as pd  # type: ignore[import-untyped]
import plotly.graph_objects as go  # type: ignore[import-untyped]
from babel.numbers import get_decimal_symbol, get_group_symbol
from plotly.subplots import make_subplots  # type: ignore[import-untyped]

from hearts_core import lab
from hearts_core.engine.table import seat_name
from hearts_core.words.catalogue import current_language
from hearts_core.words.languages import locale_of

from ...texts import ui
from .common import COLOURS, SIDES, side_name

#: A chart, or the sentence shown instead of a chart that would say nothing.
Shown: TypeAlias = go.Figure | str

#: The grey of a difference that may be noise (or is none at all).
GREY: Final = "#8a8a8a"
#: About how many ticks an axis gets (a differences panel, symmetric about zero, a few more).
TICKS: Final = 5
DIFF_TICKS: Final = 8
#: Pixels per row of the differences, and per panel for its axis and title.
ROW_HEIGHT: Final = 44
PANEL_HEIGHT: Final = 78
#: Characters per line of a row's name beside the differences, and of a chart's title (long ones wrap).
LABEL_WIDTH: Final = 26
TITLE_WIDTH: Final = 44


def tick_step(span: float, ticks: int = TICKS) -> float:
    """A round step (1, 2 or 5 times a power of ten) that cuts ``span`` into at most about ``ticks``."""
    if not span > 0 or not math.isfinite(span):
        return 1
    raw = span / ticks
    power = 10.0 ** math.floor(math.log10(raw))
    factor = next(factor for factor in (1, 2, 5, 10) if factor * power >= raw)
    step = factor * power
    return round(step, 12) if step < 1 else int(step)


def decimals(step: float) -> int:
    """How many decimals show every multiple of ``step`` apart from its neighbours.

    >>> decimals(5), decimals(0.5), decimals(0.25), decimals(0.001)
    (0, 1, 2, 3)
    """
    places = 0
    while abs(step * 10**places - round(step * 10**places)) > 1e-9 and places < 6:
        places += 1
    return places


def percent_format(step: float) -> str:
    """The d3 format of a share axis whose ticks are ``step`` apart: enough decimals to tell them apart."""
    return f".{decimals(step * 100)}%"


def share_axis(top: float) -> dict[str, Any]:
    """A share axis from 0 to a little above ``top``, ticks distinct and round."""
    top = max(top, 0.001)
    step = tick_step(top)
    return {"range": [0, top * 1.15], "dtick": step, "tickformat": percent_format(step), "rangemode": "tozero"}


def separators(language: str | None = None) -> str:
    """Plotly's decimal and thousands separators for ``language`` ("1,5" in Ukrainian and Russian)."""
    locale = locale_of(language or current_language())
    return get_decimal_symbol(locale) + get_group_symbol(locale)


def _layout(figure: go.Figure, title: str, height: int = 340) -> go.Figure:
    # A plotly title does not wrap: a long one is cut on a phone, so it is broken into lines here.
    lines = textwrap.wrap(title, TITLE_WIDTH) or [""]
    figure.update_layout(
        height=height + 20 * (len(lines) - 1),
        margin={"l": 10, "r": 10, "t": 34 + 22 * len(lines), "b": 20},
        title={"text": "<br>".join(lines), "x": 0, "xanchor": "left"},
        legend={"orientation": "h", "y": -0.26, "x": 0, "yanchor": "top"},
        separators=separators(),
    )
    return figure


# -- the differences B − A ----------------------------------------------------------------------


def _unit_axis(unit: str) -> str:
    """The title of a differences panel's axis: what one step on it means."""
    titles = {
        "share": ui("lab.diff_axis_share"),
        "points": ui("lab.diff_axis_points"),
        "trick": ui("lab.diff_axis_trick"),
        "hands": ui("lab.diff_axis_hands"),
    }
    return titles.get(unit, titles["points"])


def _row_name(diff: Any) -> str:
    return "<br>".join(textwrap.wrap(diff.label(), LABEL_WIDTH)) or diff.key


def _ends(diff: Any, scale: float) -> tuple[float, float, float]:
    """The difference and its interval, scaled (an interval of one pair is the point itself)."""
    low = diff.low if math.isfinite(diff.low) else diff.diff
    high = diff.high if math.isfinite(diff.high) else diff.diff
    return diff.diff * scale, low * scale, high * scale


def diff_groups(diffs: Sequence[Any]) -> list[tuple[str, list[Any]]]:
    """The differences by unit, units in :data:`hearts_core.lab.UNITS` order, empty ones left out."""
    groups = [(unit, [diff for diff in diffs if diff.unit == unit]) for unit in lab.UNITS]
    return [(unit, members) for unit, members in groups if members]


def diff_chart(diffs: Sequence[Any]) -> go.Figure:
    """Each difference B − A with its 95% interval and the zero line: one panel per unit, and
    in each panel one scale for all its rows (symmetric about zero, so the sign reads at a glance)."""
    groups = diff_groups(diffs)
    rows = sum(len(members) for _, members in groups)
    height = ROW_HEIGHT * rows + PANEL_HEIGHT * len(groups) + 60
    figure = make_subplots(
        rows=max(len(groups), 1),
        cols=1,
        row_heights=[len(members) for _, members in groups] or None,
        vertical_spacing=min(PANEL_HEIGHT / height, 0.3),
    )
    for row, (unit, members) in enumerate(groups, start=1):
        scale = 100.0 if unit == "share" else 1.0  # shares in percentage points
        reach = 0.0
        for diff in members:
            middle, low, high = _ends(diff, scale)
            reach = max(reach, abs(low), abs(high), abs(middle))
            colour = COLOURS["a"] if diff.verdict == "real" else GREY
            figure.add_trace(
                go.Scatter(
                    x=[middle],
                    y=[_row_name(diff)],
                    mode="markers",
                    marker={
                        "color": colour,
                        "size": 11,
                        "symbol": "circle-open" if diff.verdict == "identical" else "circle",
                    },
                    error_x={
                        "type": "data",
                        "symmetric": False,
                        "array": [high - middle],
                        "arrayminus": [middle - low],
                        "color": colour,
                        "thickness": 2.5,
                    },
                    hovertemplate=f"{diff.label()}: %{{x:+}}<extra></extra>",
                    showlegend=False,
                ),
                row=row,
                col=1,
            )
        reach = (reach or 1.0) * 1.12
        step = tick_step(2 * reach, DIFF_TICKS)
        figure.add_vline(x=0, line_color="rgba(80,80,80,0.7)", line_dash="dot", row=row, col=1)
        figure.update_xaxes(
            range=[-reach, reach],
            dtick=step,
            tickformat=f".{decimals(step)}f",
            title={"text": _unit_axis(unit), "font": {"size": 11}, "standoff": 4},
            row=row,
            col=1,
        )
        figure.update_yaxes(autorange="reversed", row=row, col=1)  # the first statistic on top
    figure.update_yaxes(automargin=True, tickfont={"size": 12})
    figure.update_xaxes(zeroline=False, tickfont={"size": 10})
    return _layout(figure, ui("lab.chart_diffs"), height=height)


# -- how the hands went under A and under B -----------------------------------------------------


def _side_rows(frame: pd.DataFrame, side: str) -> pd.DataFrame:
    return frame[frame["ruleset"] == side.upper()]


def scores_chart(frame: pd.DataFrame) -> go.Figure:
    """Every player's hand score under A and under B, overlaid."""
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


def _share_bars(
    shares: Mapping[str, Sequence[float]], names: Sequence[str], title: str, *, labels: bool = False
) -> Shown | None:
    """Grouped bars of shares (by side, one per name), each with its figure when ``labels``,
    leaving out names at 0% under both rule sets; None when nothing is left."""
    kept = [index for index, _ in enumerate(names) if any(shares[side][index] > 0 for side in SIDES)]
    if not kept:
        return None
    figure = go.Figure()
    for side in SIDES:
        figure.add_trace(
            go.Bar(
                x=[names[index] for index in kept],
                y=[shares[side][index] for index in kept],
                name=side_name(side),
                marker_color=COLOURS[side],
            )
        )
    top = max(shares[side][index] for side in SIDES for index in kept)
    axis = share_axis(top)
    if labels:  # a share's figure, with at least one decimal: close bars still read apart
        places = max(1, decimals(axis["dtick"] * 100))
        figure.update_traces(texttemplate=f"%{{y:.{places}%}}", textposition="outside", cliponaxis=False)
    figure.update_layout(barmode="group", yaxis=axis)
    return _layout(figure, title)


def rates_chart(frame: pd.DataFrame) -> Shown:
    """How often someone shoots the moon and the sun, under A and under B (a sentence when nobody did)."""
    names = [ui("lab.rate_moon"), ui("lab.rate_sun")]
    shares = {}
    for side in SIDES:
        rows = _side_rows(frame, side)
        count = max(len(rows), 1)
        shares[side] = [
            float((rows["moon_shooter"] >= 0).sum()) / count,
            float((rows["sun_shooter"] >= 0).sum()) / count,
        ]
    return _share_bars(shares, names, ui("lab.chart_rates"), labels=True) or ui("lab.chart_no_shots")


def queen_chart(frame: pd.DataFrame, players: int) -> Shown:
    """Who takes the queen of spades, under A and under B."""
    names = [seat_name(seat, players) for seat in range(players)] + [ui("lab.queen_nobody")]
    shares = {}
    for side in SIDES:
        rows = _side_rows(frame, side)
        count = max(len(rows), 1)
        shares[side] = [float((rows["queen_taker"] == seat).sum()) / count for seat in range(players)]
        shares[side].append(float((rows["queen_taker"] < 0).sum()) / count)
    return _share_bars(shares, names, ui("lab.chart_queen")) or ui("lab.chart_no_queen")


def distribution_chart(
    frame: pd.DataFrame,
    column: str,
    title: str,
    axis: str,
    name: Callable[[int], str] = str,
    order: Callable[[int], Any] = int,
) -> Shown:
    """How often each value of ``column`` comes up under A and under B, values sorted by ``order``
    (``name`` writes a value).  One value on each side is a sentence: a lone 100% bar says nothing."""
    counts = {side: _side_rows(frame, side)[column].value_counts(normalize=True) for side in SIDES}
    values = sorted({int(value) for side in SIDES for value in counts[side].index}, key=order)
    alone = {side: [int(value) for value in counts[side].index] for side in SIDES}
    if all(len(alone[side]) == 1 for side in SIDES):
        only_a, only_b = name(alone["a"][0]), name(alone["b"][0])
        if only_a == only_b:
            return ui("lab.chart_one_value", title=title, value=only_a)
        return ui("lab.chart_two_values", title=title, a=only_a, b=only_b)
    if not values:
        return ui("lab.chart_one_value", title=title, value="—")
    labels = [name(value) for value in values]
    figure = go.Figure()
    for side in SIDES:
        figure.add_trace(
            go.Bar(
                x=labels,
                y=[float(counts[side].get(value, 0.0)) for value in values],
                name=side_name(side),
                marker_color=COLOURS[side],
            )
        )
    top = max(float(counts[side].max()) for side in SIDES if len(counts[side]))
    figure.update_layout(
        barmode="group",
        xaxis={"title": {"text": axis}, "type": "category", "categoryorder": "array", "categoryarray": labels},
        yaxis=share_axis(top),
    )
    return _layout(figure, title)


def broken_name(trick: int) -> str:
    """A trick's number, or "never" for hands in which hearts were never broken (0)."""
    return ui("lab.never") if trick == 0 else str(trick)


def never_last(trick: int) -> tuple[bool, int]:
    """The order of the tricks in which hearts break: by number, "never" (0) after them all."""
    return (trick == 0, trick)


__all__ = [
    "Shown",
    "broken_name",
    "decimals",
    "diff_chart",
    "diff_groups",
    "distribution_chart",
    "never_last",
    "percent_format",
    "queen_chart",
    "rates_chart",
    "scores_chart",
    "separators",
    "share_axis",
    "tick_step",
]
