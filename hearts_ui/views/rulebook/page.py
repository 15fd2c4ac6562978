"""The Rule Book page: every rule and variant, and every setting of a named rule set.

All the words come from the engine's catalogue via :mod:`hearts_ui.rulebook_data`;
this module only lays them out.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Final

import streamlit as st

from hearts_core import Ruleset
from hearts_core.content.rulebook import rules_in
from hearts_core.content.sources import PRIMARY_SOURCES, SOURCES
from hearts_core.engine.describe import capitalised
from hearts_core.words.catalogue import message
from hearts_core.words.echo import echo

from ... import page_state
from ...language import in_session_language, link_params
from ...texts import ui
from .data import (
    DEFAULT_PRESET,
    RuleView,
    all_sections,
    matching_rules,
    penalty_chips,
    preset_facts,
    preset_names,
    preset_notes,
    preset_source,
    preset_title,
    resolve_preset,
    rule_view,
    section_title,
    settings_rows,
)

QUERY_PARAM: Final = "preset"
#: Tabs named by their section's own title (the others have a shorter tab label).
SECTION_TITLE_TABS: Final = ("standard", "variants", "history")
PRESETS_TAB: Final = "presets"


@dataclass(frozen=True)
class RulebookView(page_state.PageState):
    """The Rule Book's state, kept while the learner is on other pages (its widgets are not): the
    ``preset`` chosen, and the label of the ``tab`` the learner opened last (None: none yet)."""

    WIDGETS = "rulebook"

    preset: str = DEFAULT_PRESET
    tab: str | None = None


PICKER_KEY: Final = RulebookView.widget_key("preset")
SEARCH_KEY: Final = RulebookView.widget_key("search")
TAB_KEY: Final = RulebookView.widget_key("tab")


# -- the chosen preset: URL <-> widget <-> session ------------------------------------


def _requested_preset() -> str | None:
    value = st.query_params.get(QUERY_PARAM)
    return value if value else None


def _on_pick() -> None:
    name = str(page_state.widget_value(PICKER_KEY))
    st.query_params[QUERY_PARAM] = name
    # Show what was picked: switch to the rule-set tab.
    label = tab_labels()[PRESETS_TAB]
    page_state.set_widget_value(TAB_KEY, label)
    page_state.update(RulebookView, preset=name, tab=label)


def _init_picker() -> None:
    """On the first run of a visit, take the preset from the URL, else from the session."""
    if page_state.has_widget_value(PICKER_KEY):
        return
    requested = _requested_preset()
    if requested is not None:
        name = resolve_preset(requested).name
    else:
        name = page_state.get(RulebookView).preset
        if name not in preset_names():
            name = DEFAULT_PRESET
        if name != DEFAULT_PRESET:
            st.query_params[QUERY_PARAM] = name
    page_state.set_widget_value(PICKER_KEY, name)
    page_state.update(RulebookView, preset=name)


def url_warning() -> None:
    """A friendly warning while the URL names a preset that does not exist."""
    requested = _requested_preset()
    problem = resolve_preset(requested).problem if requested is not None else None
    if problem:
        st.warning(problem, icon=":material/help:")


def preset_picker() -> str:
    """The rule-set picker; returns the chosen preset's name."""
    _init_picker()
    return str(
        st.selectbox(
            ui("common.ruleset"),
            preset_names(),
            format_func=in_session_language(preset_title),
            key=PICKER_KEY,
            help=ui("rulebook.pick_help"),
            on_change=_on_pick,
        )
    )


# -- drawing a rule -------------------------------------------------------------------


def _safe(text: str) -> str:
    """Text that can sit inside a Markdown directive's brackets."""
    return text.replace("[", "(").replace("]", ")")


def _badge(text: str, colour: str) -> str:
    return f":{colour}-badge[{_safe(text)}]"


def _markers(standard: bool, chosen: bool, preset: str) -> str:
    marks = []
    if standard:
        marks.append(_badge(ui("rulebook.standard_marker"), "gray"))
    if chosen and preset != DEFAULT_PRESET:
        marks.append(_badge("★ " + ui("rulebook.chosen_marker", preset=preset_title(preset)), "red"))
    return " ".join(marks)


def _choices_block(view: RuleView, preset: str) -> None:
    """A variant's options: name, markers, what it changes from the standard game, who plays it."""
    items = []
    for choice in view.choices:
        name = f"**{choice.text}**" if choice.chosen and preset != DEFAULT_PRESET else choice.text
        item = [f"- {name} {_markers(choice.standard, choice.chosen, preset)}".rstrip()]
        if choice.changes:
            changes = "; ".join(f"{change.label}: {change.value}" for change in choice.changes)
            item.append(ui("rulebook.option_changes", changes=changes))
        if choice.presets:
            item.append(ui("rulebook.option_presets", presets=", ".join(preset_title(p) for p in choice.presets)))
        # Continuation lines of the list item, after hard breaks, in small type.
        items.append("  \n  ".join([item[0]] + [f":small[{_safe(text)}]" for text in item[1:]]))
    st.markdown(f"**{ui('rulebook.options_label')}**\n\n" + "\n".join(items))


def _fields_line(view: RuleView, preset: str) -> None:
    """The settings that model a rule, by their learner names, with their help and the chosen preset's value.

    The fields' code names (``removed_cards``) stay out of sight: a learner meets the
    same names here as in the Variant Lab's switches.
    """
    parts = []
    for field in view.fields:
        part = f"**{_safe(field.label)}**"
        if preset != DEFAULT_PRESET and field.changed:
            part += " " + _badge("★ " + ui("rulebook.chosen_changed", preset=preset_title(preset)), "red")
        parts.append(part)
    helps = " ".join(field.help for field in view.fields) if view.choices else ""
    line = f"{ui('rulebook.fields_label')}: " + " · ".join(parts)
    st.markdown(f"{line}  \n:small[{_safe(helps)}]" if helps else line)


def _source_link(source: str, title: str) -> str:
    """A source's title, linking to its entry on the Sources page (the four documents have one)."""
    return f"[{title}](/Sources#{source})" if source in PRIMARY_IDS else title


def _sources_caption(view: RuleView) -> None:
    names = " · ".join(_source_link(source, title) for source, title in view.sources)
    notes = "\n\n".join(f"{title}: {message(f'source.{source}.kind')}" for source, title in view.sources)
    st.caption(f"{ui('rulebook.sources_label')}: {names}", help=notes)


#: The four documents: their titles link to the Sources page.
PRIMARY_IDS: Final = frozenset(item.id for item in PRIMARY_SOURCES)

#: Sections whose cards list every option; the others name their fields only.
DETAILED_SECTIONS: Final = ("variants", "beyond", "players")


def rule_card(view: RuleView, preset: str, detailed: bool | None = None) -> None:
    """One rule in a bordered card: title, text, its options, the fields that model it, sources.

    The standard game's rules name their fields only: their options are listed
    once, on the matching variant card (``detailed`` forces either form).
    """
    full = view.section in DETAILED_SECTIONS if detailed is None else detailed
    with st.container(border=True):
        st.markdown(f"##### {view.title}")
        st.markdown(view.text)
        if full and view.choices:
            _choices_block(view, preset)
        if view.fields:
            _fields_line(view, preset)
        _sources_caption(view)


def rules_section(section: str, rules: Ruleset, preset: str) -> None:
    for entry in rules_in(section):
        rule_card(rule_view(entry, rules), preset)


def sources_legend() -> None:
    with st.expander(ui("rulebook.sources_heading"), icon=":material/library_books:"):
        st.markdown(ui("rulebook.sources_intro"))
        lines = [
            f"- **{capitalised(message(f'source.{source}.title'))}**: {message(f'source.{source}.kind')}"
            for source in SOURCES
        ]
        st.markdown("\n".join(lines))
        st.page_link(
            "pages/6_Sources.py",
            label=ui("rulebook.sources_page"),
            icon=":material/library_books:",
            query_params=link_params(),
        )


# -- a preset's settings --------------------------------------------------------------


def _settings_table(rules: Ruleset) -> str:
    rows = settings_rows(rules)
    head = (
        f"<tr><th>{escape(ui('rulebook.col_setting'))}</th><th>{escape(ui('rulebook.col_value'))}</th>"
        f"<th>{escape(ui('rulebook.col_standard'))}</th></tr>"
    )
    value_label, standard_label = escape(ui("rulebook.col_value")), escape(ui("rulebook.col_standard"))
    body = []
    for row in rows:
        flag = f'<span class="ha-flag">✎ {escape(ui("rulebook.changed"))}</span>' if row.changed else ""
        body.append(
            f'<tr class="{"ha-changed" if row.changed else "ha-same"}" data-field="{row.field}">'
            f'<td class="ha-label" title="{escape(row.help)}">{escape(row.label)}{flag}'
            f'<span class="ha-rule">{escape(row.rule_title)}</span></td>'
            f'<td class="ha-value" data-label="{value_label}">{escape(row.value)}</td>'
            f'<td class="ha-standard" data-label="{standard_label}">{escape(row.standard)}</td></tr>'
        )
    return f'<table class="ha-settings"><thead>{head}</thead><tbody>{"".join(body)}</tbody></table>'


def _penalty_chips(rules: Ruleset) -> str:
    chips = []
    for chip in penalty_chips(rules):
        classes = ["ha-card"] + (["ha-red"] if chip.red else []) + (["ha-bonus"] if chip.bonus else [])
        label = chip.label + (f" ({ui('rulebook.penalty_bonus')})" if chip.bonus else "")
        chips.append(
            f'<span class="{" ".join(classes)}" title="{escape(label)}" role="img" aria-label="{escape(label)}">'
            f'<span class="ha-face">{escape(chip.face)}</span>'
            f'<span class="ha-pts">{escape(chip.points)}</span></span>'
        )
    return f'<div class="ha-cards">{"".join(chips)}</div>'


def preset_panel(name: str) -> None:
    rules = Ruleset.preset(name)
    st.subheader(preset_title(name))
    st.markdown(preset_notes(name))
    st.caption(f"{ui('rulebook.source_label')}: {preset_source(name)}")

    facts = preset_facts(rules)
    columns = st.columns(4)
    columns[0].metric(ui("rulebook.facts_cards_each"), facts.hand_size, border=True)
    columns[1].metric(ui("rulebook.facts_opening"), facts.opening, help=ui("rulebook.facts_opening_help"), border=True)
    columns[2].metric(
        ui("rulebook.facts_points"), facts.points_per_hand, help=ui("rulebook.facts_points_help"), border=True
    )
    columns[3].metric(ui("rulebook.facts_moon"), facts.moon, help=ui("rulebook.facts_moon_help"), border=True)

    st.markdown(f"**{ui('rulebook.penalties_heading')}**")
    st.html(_penalty_chips(rules))

    st.markdown(f"**{ui('rulebook.settings_heading')}**")
    rows = settings_rows(rules)
    changed = sum(row.changed for row in rows)
    if changed:
        st.caption(ui("rulebook.settings_changed_count", count=changed, total=len(rows)))
    else:
        st.caption(ui("rulebook.settings_none_changed"))
    st.html(_settings_table(rules))


# -- the page -------------------------------------------------------------------------


def tab_labels() -> dict[str, str]:
    """Tab id -> short label: the rule set first, then the sections of the rule book."""
    return {PRESETS_TAB: ui("rulebook.tab.presets")} | {
        section: message(f"section.{section}") if section in SECTION_TITLE_TABS else ui(f"rulebook.tab.{section}")
        for section in all_sections()
    }


def _on_tab() -> None:
    page_state.update(RulebookView, tab=str(page_state.widget_value(TAB_KEY)))


def _init_tab() -> None:
    """Tabs track their state; the last one a learner opened survives a search."""
    if page_state.has_widget_value(TAB_KEY):
        return
    labels = tab_labels()
    remembered = page_state.get(RulebookView).tab
    if remembered in labels.values():
        page_state.set_widget_value(TAB_KEY, remembered)
    elif _requested_preset() is not None:
        page_state.set_widget_value(TAB_KEY, labels[PRESETS_TAB])
    else:
        page_state.set_widget_value(TAB_KEY, labels[all_sections()[0]])


def render_rulebook() -> None:
    st.title(f":material/menu_book: {ui('rulebook.title')}")
    st.markdown(ui("rulebook.intro"))

    url_warning()
    left, right = st.columns([3, 2], vertical_alignment="bottom")
    with left:
        preset = preset_picker()
    with right:
        query = (
            st.text_input(
                ui("rulebook.search_label"),
                key=SEARCH_KEY,
                max_chars=100,
                placeholder=ui("rulebook.search_placeholder"),
                icon=":material/search:",
            )
            or ""
        )
    rules = Ruleset.preset(preset)
    sources_legend()

    if query.strip():
        found = matching_rules(query)
        if found:
            st.caption(ui("rulebook.search_results", count=len(found), query=echo(query)))
        else:
            st.info(ui("rulebook.search_none", query=echo(query)))
        for entry in found:
            rule_card(rule_view(entry, rules), preset)
        return

    labels = tab_labels()
    _init_tab()
    tabs = dict(zip(labels, st.tabs(list(labels.values()), key=TAB_KEY, on_change=_on_tab), strict=True))
    with tabs[PRESETS_TAB]:
        preset_panel(preset)
    for section in all_sections():
        with tabs[section]:
            st.subheader(section_title(section))
            rules_section(section, rules, preset)
