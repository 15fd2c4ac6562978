"""The Daily deal page's widget keys.

>>> DailyView.widget_key("play")
'ha_dd_play'
"""

from __future__ import annotations

from dataclasses import dataclass

from ...page_state import PageState


@dataclass(frozen=True)
class DailyView(PageState):
    """The Daily deal page and the home page's days (the goal picker): nothing kept but widget keys."""

    WIDGETS = "dd"
