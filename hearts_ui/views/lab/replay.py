"""One deal under both rulesets: dealt at random, by seed or pasted, stepped in sync on two tables."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import replace
from typing import Any, Final

import streamlit as st

from hearts_core import lab
from hearts_core.engine.game import game_ends
from hearts_core.engine.history import History
from hearts_core.engine.rules import Ruleset
from hearts_core.engine.state import HandState
from hearts_core.engine.table import seat_name
from hearts_core.words.echo import escape_markdown

from ... import page_state
from ...language import in_session_language, speaking
from ...texts import ui
from ...widgets.card_table import TableScene, card_table
from ...widgets.chips import prose_plain
from ...widgets.stepper import stepper
from ..analysis.links import analyse_button
from .common import side_name
from .view import LabView, ReplayKey

POLICIES: Final = ("heuristic", "random")
DEAL_MODES: Final = ("random", "seed", "paste")
FIND_SECONDS: Final = 5.0
#: The deal controls' widgets.
MODE_KEY: Final = LabView.widget_key("mode")
POLICY_KEY: Final = LabView.widget_key("policy")
SEED_KEY: Final = LabView.widget_key("seed")
PASTE_KEY: Final = LabView.widget_key("paste")
TOTALS_KEY: Final = LabView.widget_key("totals")
SLIDER_KEY: Final = LabView.widget_key("step", "slider")


def _policy_label(policy: str) -> str:
    return ui("common.bot_heuristic") if policy == "heuristic" else ui("common.bot_random")


def _mode_label(mode: str) -> str:
    labels = {"random": ui("lab.mode_random"), "seed": ui("lab.mode_seed"), "paste": ui("lab.mode_paste")}
    return labels[mode]


def _new_deal(deal: int | HandState) -> None:
    page_state.put(page_state.get(LabView).new_deal(deal))


def _deal_random() -> None:
    _new_deal(secrets.randbelow(10**9))


def _deal_seed() -> None:
    _new_deal(int(page_state.widget_value(SEED_KEY) or 0))


@speaking
def _deal_paste(rules: Ruleset) -> None:
    text = str(page_state.widget_value(PASTE_KEY) or "")
    try:
        pasted = lab.parse_deal_text(rules, text)
    except ValueError as error:
        page_state.update(LabView, paste_error=str(error))
        return
    page_state.update(LabView, paste_error="")
    _new_deal(pasted)


def _policy() -> str:
    """The bots' policy chosen for the replay and the simulation."""
    return str(page_state.widget_value(POLICY_KEY) or "heuristic")


def _deal_controls(rules_a: Ruleset, rules_b: Ruleset) -> None:
    mode_col, policy_col = st.columns([3, 2])
    if page_state.widget_value(MODE_KEY) not in DEAL_MODES:
        page_state.set_widget_value(MODE_KEY, "random")
    mode = mode_col.radio(
        ui("lab.mode"), DEAL_MODES, key=MODE_KEY, format_func=in_session_language(_mode_label), horizontal=True
    )
    if page_state.widget_value(POLICY_KEY) not in POLICIES:
        page_state.set_widget_value(POLICY_KEY, "heuristic")
    policy_col.radio(
        ui("lab.policy"),
        POLICIES,
        key=POLICY_KEY,
        format_func=in_session_language(_policy_label),
        horizontal=True,
        help=ui("lab.policy_help"),
    )
    if mode == "seed":
        seed_col, button_col = st.columns([2, 3], vertical_alignment="bottom")
        seed_col.number_input(ui("lab.seed"), min_value=0, max_value=10**9, step=1, key=SEED_KEY)
        button_col.button(
            ui("lab.deal_seed"), key=LabView.widget_key("deal", "seed"), on_click=_deal_seed, icon=":material/tag:"
        )
    elif mode == "paste":
        st.text_area(
            ui("lab.paste"),
            key=PASTE_KEY,
            height=110,
            placeholder=ui("lab.paste_placeholder"),
            max_chars=5_000,
            help=ui("lab.paste_help"),
        )
        st.button(
            ui("lab.deal_paste"),
            key=LabView.widget_key("deal", "paste"),
            on_click=_deal_paste,
            args=(rules_a,),
            icon=":material/content_paste:",
        )
        problem = page_state.get(LabView).paste_error
        if problem:
            st.error(ui("lab.paste_problem", problem=escape_markdown(problem)), icon=":material/error:")
    actions = st.container(horizontal=True, gap="small")
    if mode == "random":
        actions.button(
            ui("lab.deal_random"),
            key=LabView.widget_key("deal", "random"),
            on_click=_deal_random,
            icon=":material/casino:",
        )
    if actions.button(
        ui("lab.find"),
        key=LabView.widget_key("find"),
        icon=":material/search:",
        help=ui("lab.find_help", seconds=int(FIND_SECONDS)),
    ):
        with st.spinner(ui("lab.finding", seconds=int(FIND_SECONDS))):
            found = lab.find_differing_deal(rules_a, rules_b, seed=secrets.randbelow(10**9), time_limit=FIND_SECONDS)
        if found is None:
            page_state.update(LabView, find_note=ui("lab.find_none", seconds=int(FIND_SECONDS)))
        else:
            view = page_state.get(LabView).new_deal(found.start_a)
            step = lab.divergence_step(found.divergence, found.last_step) if found.divergence is not None else 0
            page_state.put(
                replace(
                    view,
                    replay=(_replay_key(rules_a, rules_b, found.start_a, _policy()), found),
                    find_note=ui("lab.find_found"),
                    step=step,
                )
            )
    note = page_state.get(LabView).find_note
    if note:
        st.info(note, icon=":material/search:")


def _replay_key(rules_a: Ruleset, rules_b: Ruleset, deal: object, policy: str) -> ReplayKey:
    shown = deal.to_notation() if isinstance(deal, HandState) else str(deal)
    return (lab.encode_ruleset(rules_a), lab.encode_ruleset(rules_b), shown, policy, str(_totals(rules_a)))


def _totals(rules: Ruleset) -> tuple[int, ...] | None:
    """The game totals before this hand, typed by the learner ("45 30 80 20"), or None."""
    text = str(page_state.widget_value(TOTALS_KEY) or "").replace(",", " ").split()
    if not text:
        return None
    try:
        totals = tuple(int(value) for value in text)
    except ValueError:
        return None
    return totals if len(totals) == rules.players else None


def _replay(rules_a: Ruleset, rules_b: Ruleset) -> lab.PairReplay:
    """The pair replay of the current deal (computed once per deal, rulesets and policy)."""
    view = page_state.get(LabView)
    policy = _policy()
    key = _replay_key(rules_a, rules_b, view.deal, policy)
    if view.replay is not None and view.replay[0] == key:
        return view.replay[1]
    replay = lab.replay_pair(rules_a, rules_b, view.deal, policy=policy, totals=_totals(rules_a))
    page_state.update(LabView, replay=(key, replay))
    return replay


def _set_step(target: int) -> None:
    page_state.update(LabView, step=target)


def _step_slid() -> None:
    _set_step(int(page_state.widget_value(SLIDER_KEY)))


def _stepper(position: int, last: int, parting: int | None) -> None:
    """The slider over the whole hand, then start / back / next / end and the jump to the divergence."""
    page_state.set_widget_value(SLIDER_KEY, position)  # the slider follows the buttons
    st.slider(
        ui("stepper.counter", number=position, count=last),
        0,
        max(last, 1),
        key=SLIDER_KEY,
        on_change=_step_slid,
        disabled=last == 0,
    )
    steps, jump = st.columns([4, 1], vertical_alignment="bottom")
    with steps:
        stepper(LabView.widget_key(), position, last, _set_step)
    if parting is not None:
        jump.button(
            ui("lab.jump"),
            key=LabView.widget_key("jump"),
            on_click=_set_step,
            args=(parting,),
            icon=":material/call_split:",
            width="stretch",
            disabled=position == parting,
        )


#: Each side's colour in the page's words, the colour of its bars in the charts.
SIDE_COLOURS: Final = {"a": "red", "b": "blue"}


def _column_table(history: History, position: int, side: str, marks: tuple[str, ...] = ()) -> None:
    """One rule set's table at ``position``, under its name (on a phone the columns stack, and the
    name is what tells the two tables apart).  The table jumps to each step, so the words beside
    it always describe what it shows; a step whose card ended a trick opens on that trick, so the
    card stays in sight.  ``marks`` are cards to pick out besides the one just played."""
    index = min(position, len(history) - 1)
    shown = history[index]
    move = history.move(index) if index else None
    with st.container(key=LabView.widget_key("label", side)):
        st.subheader(f":{SIDE_COLOURS[side]}[{side_name(side)}]", anchor=False)
    ended_trick = move is not None and not shown.current_trick.cards
    card_table(
        TableScene(
            shown,
            face_up="all",
            highlight=(*marks, str(move.card)) if move else marks,
            title=side_name(side),
            motion="jump",
            open_last=ended_trick,
        ),
        key=LabView.widget_key("table", side),
    )
    if move is not None:
        st.caption(move.explanation.narration(seat_name(move.seat, shown.rules.players)))
    if shown.is_playing:
        analyse_button(shown, LabView.widget_key("analyse", side))
    elif index < position:
        st.caption(ui("lab.hand_over_early"))


def _passed_differently(divergence: lab.Divergence | None) -> tuple[str, ...]:
    """The cards one seat passes under one rule set and not the other (when the pass is where
    the rule sets part), to pick out on both tables."""
    if divergence is None or divergence.reason_code != "pass_choice":
        return ()
    passed_a = set(str(divergence.params.get("pass_a", "")).split())
    passed_b = set(str(divergence.params.get("pass_b", "")).split())
    return tuple(sorted(passed_a ^ passed_b))


def _scores_table(replay: Any) -> None:
    rules_a: Ruleset = replay.rules_a
    rules_b: Ruleset = replay.rules_b
    players = max(rules_a.players, rules_b.players)
    lines = [
        f"| {ui('common.col_player')} | {ui('lab.ruleset_a')} | {ui('lab.ruleset_b')} | {ui('lab.col_diff')} |",
        "|---|---:|---:|---:|",
    ]
    for seat in range(players):
        a = replay.scores_a[seat] if seat < len(replay.scores_a) else None
        b = replay.scores_b[seat] if seat < len(replay.scores_b) else None
        diff = "" if a is None or b is None else f"{b - a:+d}" if b != a else "0"
        lines.append(f"| {seat_name(seat, players)} | {'' if a is None else a} | {'' if b is None else b} | {diff} |")
    st.markdown(f"##### {ui('lab.scores_heading')}")
    st.markdown("\n".join(lines))
    _standings(replay)


def _standings(replay: Any) -> None:
    """The game standings after this hand under each ruleset, from totals the learner types."""
    rules_a: Ruleset = replay.rules_a
    st.text_input(
        ui("lab.totals_label"),
        key=TOTALS_KEY,
        placeholder=ui("lab.totals_placeholder"),
        max_chars=100,
        help=ui("lab.totals_help", players=rules_a.players),
    )
    typed = str(page_state.widget_value(TOTALS_KEY) or "").strip()
    if typed and replay.standings_a is None:
        st.warning(ui("lab.totals_bad", players=rules_a.players), icon=":material/error:")
        return
    if replay.standings_a is None or replay.standings_b is None:
        return
    players = rules_a.players
    lines = [f"| {ui('common.col_player')} | {ui('lab.col_total_a')} | {ui('lab.col_total_b')} |", "|---|---:|---:|"]
    for seat in range(players):
        lines.append(f"| {seat_name(seat, players)} | {replay.standings_a[seat]} | {replay.standings_b[seat]} |")
    st.markdown("\n".join(lines))
    for side, rules, totals in (("a", replay.rules_a, replay.standings_a), ("b", replay.rules_b, replay.standings_b)):
        st.caption(_game_state(side_name(side), rules, totals))


def _game_state(name: str, rules: Ruleset, totals: Sequence[int]) -> str:
    """Whether the game would end after this hand under ``rules``, and who would win or lead."""
    lowest = min(totals)
    leaders = ", ".join(seat_name(seat, len(totals)) for seat, total in enumerate(totals) if total == lowest)
    if game_ends(rules, totals):
        return ui("lab.game_over", side=name, winners=leaders, target=rules.target_score)
    return ui("lab.game_on", side=name, leaders=leaders)


@st.fragment
def _stepped(replay: Any) -> None:
    """Where the two hands part, the stepper and both tables at the step: a fragment, so a step
    forward or back reruns only this, not the rulesets and the simulation above and below."""
    last = replay.last_step
    position = max(0, min(page_state.get(LabView).step, last))
    _set_step(position)
    divergence = replay.divergence
    parting = lab.divergence_step(divergence, last) if divergence is not None else None
    if divergence is None:
        st.success(ui("lab.no_divergence"), icon=":material/check:")
    elif parting is not None and position >= parting:
        heading = ui("lab.diverged", number=parting, kind=divergence.label())
        st.warning(prose_plain(f"**{heading}** {divergence.text()}"), icon=":material/call_split:")
    else:
        st.info(ui("lab.diverges_later", number=parting), icon=":material/call_split:")
    _stepper(position, last, parting)
    marks = _passed_differently(divergence) if position == 0 else ()
    left, right = st.columns(2, gap="medium")
    with left:
        _column_table(replay.history_a, position, "a", marks)
    with right:
        _column_table(replay.history_b, position, "b", marks)


def same_deal(rules_a: Ruleset, rules_b: Ruleset) -> bool:
    """The side-by-side replay; False when the two rulesets cannot play the same deal."""
    st.header(ui("lab.deal_heading"), divider="gray")
    st.markdown(ui("lab.deal_intro"))
    try:
        _deal_controls(rules_a, rules_b)
        replay = _replay(rules_a, rules_b)
    except ValueError as error:
        st.error(ui("lab.replay_problem", problem=escape_markdown(str(error))), icon=":material/error:")
        return False
    _stepped(replay)
    _scores_table(replay)
    with st.expander(ui("lab.deal_text"), icon=":material/content_copy:"):
        st.caption(ui("lab.deal_text_note"))
        st.code(replay.start_a.to_notation(), language=None, wrap_lines=True)
    return True
