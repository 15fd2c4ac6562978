"""The Practice page: a whole game against bots, the learner sitting South.

Set up a game (a preset, any variant, the bots' level), pass, then play every
trick while the bots move on their own until it is the learner's turn
(:mod:`.play`).  Hints climb a ladder of three rungs (:mod:`.hints`); the end
of a hand shows the scores, the chart and a review of each card (:mod:`.score`).

The game flow is :class:`hearts_core.learner.practice.PracticeSession`, an
immutable value: each callback computes the next one and keeps it
(:mod:`.session`), so a reload or a page switch finds the same game.
"""

from __future__ import annotations

import secrets

import streamlit as st

from hearts_core.ai.bots import LEVELS
from hearts_core.ai.strength import LEVEL_STRENGTH
from hearts_core.engine.rules import Ruleset
from hearts_core.learner.practice import PracticeSession
from hearts_core.words.catalogue import decimal, message

from ...language import in_session_language, session_language
from ...storage import learner
from ...texts import ui
from ...widgets import ruleset_picker
from .hints import hint_ladder
from .play import actions, board
from .score import game_notes, hand_over_screen, moon_panel, review, scoreboard, totals_chart
from .session import MOVED_KEY, current, keep, reset_views, start

# -- setup -----------------------------------------------------------------------------------------


def _chosen_rules() -> tuple[Ruleset | None, str | None]:
    """The ruleset of the setup form, or None with the engine's reason when it does not hold."""
    base = Ruleset.preset(str(st.session_state.get("ha_pr_preset") or "standard"))
    return ruleset_picker.chosen_rules(base, st.session_state, "ha_pr", ruleset_picker.rows())


def _start() -> None:
    rules, _ = _chosen_rules()
    if rules is None:
        return
    level = str(st.session_state.get("ha_pr_level") or "heuristic")
    reset_views()
    start(PracticeSession.start(rules, level=level, seed=secrets.randbelow(10**9)))


def level_name(level: str) -> str:
    """The bots' level in words (the heuristic and random levels share the Lab's names)."""
    names = {"heuristic": ui("common.bot_heuristic"), "random": ui("common.bot_random")}
    return names.get(level) or ui(f"practice.level_{level}")


def level_caption(level: str) -> str:
    """What a level does, and how strong it measured (points a hand against three heuristic bots)."""
    note = ui(f"practice.level_{level}_note")
    measured = LEVEL_STRENGTH.get(level)
    if measured is None:
        return note
    return f"{note}  \n{ui('practice.level_measured', points=decimal(measured.points, 1, session_language()))}"


def render_setup() -> None:
    st.title(ui("nav.practice"))
    st.markdown(ui("practice.intro"))
    names = Ruleset.preset_names()
    if st.session_state.get("ha_pr_preset") not in names:
        st.session_state["ha_pr_preset"] = "standard"
    left, right = st.columns([3, 2], gap="medium")
    left.selectbox(
        ui("common.ruleset"),
        names,
        key="ha_pr_preset",
        format_func=in_session_language(lambda name: message(f"preset.{name}.title")),
    )
    left.caption(message(f"preset.{st.session_state['ha_pr_preset']}.notes"))
    if st.session_state.get("ha_pr_level") not in LEVELS:
        st.session_state["ha_pr_level"] = "heuristic"
    right.radio(
        ui("practice.level"),
        LEVELS,
        key="ha_pr_level",
        format_func=in_session_language(level_name),
        captions=[level_caption(level) for level in LEVELS],
    )
    with st.expander(ui("common.variants"), icon=":material/tune:"):
        st.caption(ui("practice.variants_note"))
        ruleset_picker.variant_selects(st.columns(2), "ha_pr", ruleset_picker.rows(), ui("common.variant_keep"))
    rules, problem = _chosen_rules()
    if problem is not None:
        st.error(ui("common.rules_problem", problem=problem), icon=":material/gavel:")
    st.caption(ui("practice.seat_note"))
    st.button(
        ui("practice.start"),
        key="ha_pr_start",
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


def render_game(session: PracticeSession) -> None:
    _header(session)
    if st.session_state.pop(MOVED_KEY, False):
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
            scoreboard(session)
        if session.game.hands:
            st.plotly_chart(totals_chart(session), key="ha_pr_chart", config={"displayModeBar": False})
    st.divider()
    st.button(
        ui("practice.quit"),
        key="ha_pr_quit",
        on_click=_quit,
        icon=":material/restart_alt:",
        type="tertiary",
        help=ui("practice.quit_help"),
    )


def _between_hands(session: PracticeSession) -> None:
    """The score screen, then the finished hand (or its review) and the chart of the game."""
    hand_over_screen(session)
    if st.session_state.get("ha_pr_review"):
        review(session)
    else:
        board(session)
    game_notes(session)
    st.plotly_chart(totals_chart(session), key="ha_pr_chart", config={"displayModeBar": False})


def _quit() -> None:
    reset_views()
    keep(None)
