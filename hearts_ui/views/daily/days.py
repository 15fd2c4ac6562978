"""The learner's calendar days: the store's clock in the browser's time zone."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import streamlit as st

from ...storage import store


def learner_zone() -> dt.tzinfo:
    """The browser's time zone (UTC when the browser did not say, or named one Python lacks)."""
    name = st.context.timezone
    try:
        return ZoneInfo(name) if name else dt.UTC
    except (ZoneInfoNotFoundError, ValueError):
        return dt.UTC


def local_day(moment: dt.datetime) -> dt.date:
    """The learner's calendar day of ``moment``."""
    return moment.astimezone(learner_zone()).date()


def today() -> dt.date:
    """The learner's today, by the store's clock."""
    return local_day(store().now())
