"""The Practice page: a whole game against bots, the learner sitting South.

Set up a game (a preset, any variant, the bots' level), pass, then play every
trick while the bots move on their own until it is the learner's turn
(:mod:`.play`).  Hints climb a ladder of three rungs (:mod:`.hints`); the end
of a hand shows the scores, the chart and a review of each card (:mod:`.score`).

The game flow is :class:`hearts_core.learner.practice.PracticeSession`, an
immutable value: each callback computes the next one and keeps it
(:mod:`.session`), so a reload or a page switch finds the same game.  How the
page looks at it (the hint rung, the review) is one :class:`.view.PracticeView`.
"""

from __future__ import annotations

import secrets
from typing import Final

import streamlit as st

from hearts_core.ai.ladder import YARDSTICK
from hearts_core.ai.levels import LEVELS
from hearts_core.ai.strength import place_under
from hearts_core.engine.rules import Ruleset
from hearts_core.learner.practice import PracticeSession
from hearts_core.words.catalogue import decimal, message

from ... import page_state
from ...language import in_session_language, session_language
from ...storage import learner
from ...texts import ui
from ...widgets import ruleset_picker
from .game_review import game_review
from .hints import hint_ladder
from .play import actions, analyse_position, board
from .score import game_notes, hand_over_screen, moon_panel, review, scoreboard, totals_chart
from .session import current, keep, start
from .view import PracticeView

# -- setup -----------------------------------------------------------------------------------------

#: The setup form's widgets: the preset, the bots' level, and each variant row (``VARIANTS_KEY`` + ``_<rule id>``).
PRESET_KEY: Final = PracticeView.widget_key("preset")
LEVEL_KEY: Final = PracticeView.widget_key("level")
VARIANTS_KEY: Final = PracticeView.widget_key("var")


def _chosen_rules() -> tuple[Ruleset | None, str | None]:
    """The ruleset of the setup form, or None with the engine's reason when it does not hold."""
    base = Ruleset.preset(str(page_state.widget_value(PRESET_KEY) or "standard"))
    return ruleset_picker.chosen_rules(base, page_state.widget_value, VARIANTS_KEY, ruleset_picker.rows())


def _start() -> None:
    rules, _ = _chosen_rules()
    if rules is None:
        return
    level = str(page_state.widget_value(LEVEL_KEY) or "heuristic")
    start(PracticeSession.start(rules, level=level, seed=secrets.randbelow(10**9)))


def level_name(level: str) -> str:
    """The bots' level in words (the heuristic and random levels share the Lab's names)."""
    names = {"heuristic": ui("common.bot_heuristic"), "random": ui("common.bot_random")}
    return names.get(level) or ui(f"practice.level_{level}")


def level_caption(level: str, preset: str = "standard") -> str:
    """What a level does, and its place on the strength ladder (``hearts_core.ai.strength``) under the
    chosen ``preset``, or under the standard rules when the ladder did not measure that preset."""
    note = ui(f"practice.level_{level}_note")
    if level == YARDSTICK:
        return f"{note}  \n{ui('practice.level_ladder_yardstick')}"
    measured, measured_under = place_under(level, preset)
    if measured is None:  # a level the ladder file does not hold yet
        return note
    language = session_language()
    figures = {
        "edge": decimal(abs(measured.edge), 1, language),
        "margin": decimal(measured.margin, 1, language),
        "points": decimal(measured.points, 1, language),
        "theirs": decimal(measured.reference_points, 1, language),
        "deals": measured.deals,
    }
    words = (
        ui("practice.level_ladder_ahead", **figures)
        if measured.edge >= 0
        else ui("practice.level_ladder_behind", **figures)
    )
    rules = message(f"preset.{measured_under}.title")
    if measured_under == preset:
        under = ui("practice.level_ladder_measured", rules=rules)
    else:
        under = ui("practice.level_ladder_fallback", rules=rules)
    return f"{note}  \n{words} {under}"


def render_setup() -> None:
    st.title(ui("nav.practice"))
    st.markdown(ui("practice.intro"))
    names = Ruleset.preset_names()
    if page_state.widget_value(PRESET_KEY) not in names:
        page_state.set_widget_value(PRESET_KEY, "standard")
    left, right = st.columns([3, 2], gap="medium")
    preset = left.selectbox(
        ui("common.ruleset"),
        names,
        key=PRESET_KEY,
        format_func=in_session_language(lambda name: message(f"preset.{name}.title")),
    )
    left.caption(message(f"preset.{preset}.notes"))
    if page_state.widget_value(LEVEL_KEY) not in LEVELS:
        page_state.set_widget_value(LEVEL_KEY, "heuristic")
    right.radio(
        ui("practice.level"),
        LEVELS,
        key=LEVEL_KEY,
        format_func=in_session_language(level_name),
        captions=[level_caption(level, preset) for level in LEVELS],
    )
    with st.expander(ui("common.variants"), icon=":material/tune:"):
        st.caption(ui("practice.variants_note"))
        ruleset_picker.variant_selects(st.columns(2), VARIANTS_KEY, ruleset_picker.rows(), ui("common.variant_keep"))
    rules, problem = _chosen_rules()
    if problem is not None:
        st.error(ui("common.rules_problem", problem=problem), icon=":material/gavel:")
    st.caption(ui("practice.seat_note"))
    st.button(
        ui("practice.start"),
        key=PracticeView.widget_key("start"),
        type="primary",
        icon=":material/playing_cards:",
        on_click=_start,
        disabled=rules is None,
    )


def render_practice() -> None:
    """The whole page: the setup form, or the game in progress."""
    learner()  # first: who this is (and their progress) before anything is drawn
    session = current()
    if session is None:
        render_setup()
        return
    render_game(session)


def _header(session: PracticeSession) -> None:
    st.title(ui("nav.practice"))
    hand = session.hand
    parts = [
        ui(
            "practice.header",
            preset=_ruleset_words(session.rules),
            level=level_name(session.level),
            number=hand.hand_number + 1,
        )
    ]
    badge = f" :orange-badge[{ui('practice.badge')}]" if session.is_practice else ""
    st.markdown(" · ".join(parts) + badge)


def _ruleset_words(rules: Ruleset) -> str:
    for name in Ruleset.preset_names():
        if Ruleset.preset(name) == rules:
            return message(f"preset.{name}.title")
    return ui("practice.custom_rules")


#: The chart of the game's totals.
CHART_KEY: Final = PracticeView.widget_key("chart")


def render_game(session: PracticeSession) -> None:
    _header(session)
    if page_state.get(PracticeView).moved_on:  # said once
        page_state.update(PracticeView, moved_on=False)
        st.info(ui("practice.moved_on"), icon=":material/sync:")
    stage = session.stage
    if stage in ("hand_over", "game_over"):
        _between_hands(session)
    else:
        table_col, side_col = st.columns([3, 2], gap="medium")
        with table_col:
            board(session)
        with side_col:
            if stage == "moon":
                moon_panel(session)
            else:
                hint_ladder(session)
                if stage == "play":
                    actions(session)
                    analyse_position(session)
            scoreboard(session)
        if session.game.hands:
            st.plotly_chart(totals_chart(session), key=CHART_KEY, config={"displayModeBar": False})
    st.divider()
    st.button(
        ui("practice.quit"),
        key=PracticeView.widget_key("quit"),
        on_click=_quit,
        icon=":material/restart_alt:",
        type="tertiary",
        help=ui("practice.quit_help"),
    )


def _between_hands(session: PracticeSession) -> None:
    """The score screen, then the finished hand (or its review) and the chart of the game."""
    hand_over_screen(session)
    game_review(session)
    if page_state.get(PracticeView).reviewing:
        review(session)
    else:
        board(session)
    game_notes(session)
    st.plotly_chart(totals_chart(session), key=CHART_KEY, config={"displayModeBar": False})


def _quit() -> None:
    keep(None)
