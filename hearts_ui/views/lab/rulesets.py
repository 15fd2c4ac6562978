"""The Variant Lab's two rulesets: a preset plus any variant each, restored from and kept in the address."""

from __future__ import annotations

from typing import Final

import streamlit as st

from hearts_core import lab
from hearts_core.engine.rules import Ruleset
from hearts_core.words.catalogue import message
from hearts_core.words.echo import echo, escape_markdown

from ... import page_state
from ...language import in_session_language, session_language
from ...texts import ui
from ...widgets import ruleset_picker
from ...widgets.chips import prose_plain
from ...widgets.ruleset_picker import KEEP
from .common import SIDES, side_name
from .view import LabView

#: The preset selectbox value for a ruleset that came from a shared link.
LINK: Final = "_link"


def preset_key(side: str) -> str:
    """The key of one side's preset picker."""
    return LabView.widget_key(side, "preset")


def variants_key(side: str) -> str:
    """The start of the keys of one side's variant rows (``_<rule id>`` follows)."""
    return LabView.widget_key(side, "var")


def _variant_ids() -> list[str]:
    return ruleset_picker.rows(players=True)


def _preset_label(name: str) -> str:
    return ui("lab.from_link") if name == LINK else message(f"preset.{name}.title")


def _preset_options(side: str) -> list[str]:
    names = list(Ruleset.preset_names())
    return [LINK, *names] if side in page_state.get(LabView).links else names


def _base_rules(side: str) -> Ruleset:
    name = str(page_state.widget_value(preset_key(side)) or "standard")
    link = page_state.get(LabView).links.get(side)
    if name == LINK and link is not None:
        return link
    return Ruleset.preset(name if name in Ruleset.preset_names() else "standard")


def chosen_rules(side: str) -> tuple[Ruleset | None, str | None]:
    """The ruleset of one side, or None with the engine's reason when the choices do not fit together."""
    return ruleset_picker.chosen_rules(_base_rules(side), page_state.widget_value, variants_key(side), _variant_ids())


def _set_side(side: str, rules: Ruleset) -> None:
    """Make one side's widgets show ``rules`` (a preset when it is one, else the link's ruleset)."""
    for rule_id in _variant_ids():
        page_state.set_widget_value(ruleset_picker.variant_key(variants_key(side), rule_id), KEEP)
    links = dict(page_state.get(LabView).links)
    preset = next((name for name in Ruleset.preset_names() if Ruleset.preset(name) == rules), None)
    if preset is None:
        links[side] = rules
    else:
        links.pop(side, None)
    page_state.update(LabView, links=links)
    page_state.set_widget_value(preset_key(side), LINK if preset is None else preset)


def restore_from_url() -> None:
    """Once per session: the rulesets of a shared link, with a message for a code that does not parse."""
    if page_state.get(LabView).restored:
        return
    page_state.update(LabView, restored=True)
    problems: list[str] = []
    for side in SIDES:
        text = st.query_params.get(side)
        if not text:
            continue
        try:
            rules = lab.decode_ruleset(text)
        except ValueError as error:
            problems.append(
                ui("lab.url_problem", side=side_name(side), code=echo(text), problem=escape_markdown(str(error)))
            )
            continue
        _set_side(side, rules)
    page_state.update(LabView, url_problems=tuple(problems))


def sync_url(rules: dict[str, Ruleset | None]) -> None:
    """Keep ``?a=…&b=…`` equal to the rulesets in force (a side that does not hold keeps its old code)."""
    for side in SIDES:
        chosen = rules[side]
        if chosen is None:
            continue
        code = lab.encode_ruleset(chosen)
        if st.query_params.get(side) != code:
            st.query_params[side] = code


def dismiss_url_problems() -> None:
    page_state.update(LabView, url_problems=())


def ruleset_panel(side: str) -> Ruleset | None:
    """One side's picker, its problems, the linter's warnings and the house rules card."""
    options = _preset_options(side)
    key = preset_key(side)
    if page_state.widget_value(key) not in options:
        page_state.set_widget_value(key, "standard" if side == "a" else "omnibus")
    with st.container(border=True):
        st.subheader(side_name(side))
        chosen = str(st.selectbox(ui("lab.preset"), options, key=key, format_func=in_session_language(_preset_label)))
        st.caption(ui("lab.from_link_note") if chosen == LINK else message(f"preset.{chosen}.notes"))
        changed = sum(
            1
            for rule_id in _variant_ids()
            if page_state.widget_value(ruleset_picker.variant_key(variants_key(side), rule_id))
        )
        label = ui("lab.variants_changed", count=changed) if changed else ui("common.variants")
        # A key of its own: the label counts the changes, and a new label would be a new, closed
        # expander after every change (a learner changing three rules reopened it three times).
        with st.expander(label, icon=":material/tune:", key=LabView.widget_key(side, "variants_panel")):
            ruleset_picker.variant_selects(
                [st.container()], variants_key(side), _variant_ids(), ui("common.variant_keep")
            )
        rules, problem = chosen_rules(side)
        if rules is None:
            st.error(ui("common.rules_problem", problem=escape_markdown(problem or "")), icon=":material/gavel:")
            return None
        for warning in lab.lint_ruleset(rules):
            st.warning(prose_plain(warning.text()), icon=":material/rule:")
        _house_rules(side, rules)
    return rules


def _house_rules(side: str, rules: Ruleset) -> None:
    title = side_name(side)
    markdown = lab.house_rules_markdown(rules, title=title)
    st.markdown(f"**{ui('lab.card_heading')}**")
    left, right = st.columns(2)
    left.download_button(
        ui("lab.card_markdown"),
        markdown,
        file_name=f"house-rules-{side}.md",
        mime="text/markdown",
        key=LabView.widget_key(side, "md"),
        icon=":material/download:",
        width="stretch",
    )
    right.download_button(
        ui("lab.card_html"),
        lab.house_rules_html(rules, title=title),
        file_name=f"house-rules-{side}.html",
        mime="text/html",
        key=LabView.widget_key(side, "html"),
        icon=":material/download:",
        width="stretch",
    )
    with st.expander(ui("lab.card_preview"), icon=":material/visibility:"):
        st.markdown(markdown)


def share_link() -> None:
    base = ""
    try:
        base = str(st.context.url or "").split("?")[0]
    except AttributeError:  # pragma: no cover - older Streamlit
        base = ""
    query = "&".join(f"{side}={st.query_params.get(side, '')}" for side in SIDES) + f"&lang={session_language()}"
    with st.expander(ui("lab.share"), icon=":material/share:"):
        st.caption(ui("lab.share_note"))
        st.code(f"{base}?{query}", language=None, wrap_lines=True)
