"""The Variant Lab: two rulesets side by side, on one deal and over thousands.

Ruleset A and B are each a preset plus any variant of the Rule Book (player
counts included); the linter's warnings sit under each, with a downloadable
"house rules card".  Both rulesets live in the page's address (``?a=…&b=…``,
:func:`hearts_core.lab.encode_ruleset`), so a link restores them; a code that
does not parse gets a message and the default takes its place.

*Same deal* (:mod:`.replay`) replays one deal under both rulesets on two card
tables stepped in sync and marks the first divergence with the engine's words.
*Thousands of deals* (:mod:`.simulation`) plays N paired hands (or whole games)
in chunks across reruns, then charts, confidence intervals and a CSV.  The
engine is :mod:`hearts_core.lab`; these modules keep choices in the session (one
:class:`.view.LabView`, and the pickers' widgets) and draw.
"""

from __future__ import annotations

import streamlit as st

from hearts_core.engine.rules import Ruleset

from ... import page_state
from ...texts import ui
from .common import SIDES
from .replay import same_deal
from .rulesets import dismiss_url_problems, restore_from_url, ruleset_panel, share_link, sync_url
from .simulation import simulation
from .view import LabView


def render_lab() -> None:
    """The whole page."""
    restore_from_url()
    st.title(ui("nav.lab"))
    st.markdown(ui("lab.intro"))
    problems = page_state.get(LabView).url_problems
    if problems:
        with st.container(border=True):
            for problem in problems:
                st.error(problem, icon=":material/link_off:")
            st.button(
                ui("lab.url_dismiss"),
                key=LabView.widget_key("url", "dismiss"),
                on_click=dismiss_url_problems,
                icon=":material/close:",
            )
    columns = st.columns(2, gap="medium")
    rules: dict[str, Ruleset | None] = {}
    for column, side in zip(columns, SIDES, strict=True):
        with column:
            rules[side] = ruleset_panel(side)
    sync_url(rules)
    share_link()
    rules_a, rules_b = rules["a"], rules["b"]
    if rules_a is None or rules_b is None:
        st.info(ui("lab.fix_rules"), icon=":material/gavel:")
        return
    if same_deal(rules_a, rules_b):
        simulation(rules_a, rules_b)
