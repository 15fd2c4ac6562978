"""The Variant Lab: two rulesets side by side, on one deal and over thousands.

Ruleset A and B are each a preset plus any variant of the Rule Book (player
counts included); the linter's warnings sit under each, with a downloadable
"house rules card".  Both rulesets live in the page's address (``?a=…&b=…``,
:func:`hearts_core.lab.encode_ruleset`), so a link restores them; a code that
does not parse gets a message and the default takes its place.

*Same deal* replays one deal (random, by seed or pasted in the hand notation)
under both rulesets on two card tables stepped in sync, marks the first
divergence with the engine's words, and shows the final scores.  *Thousands of
deals* plays N paired hands (or whole games) in chunks across reruns, so the
progress bar moves and Cancel keeps what was played; then charts, confidence
intervals and a CSV.

The engine is :mod:`hearts_core.lab`; this module only keeps choices in the
session and draws.
"""

from __future__ import annotations

import dataclasses
import secrets
from collections.abc import Sequence
from typing import Any, Final

import pandas as pd  # type: ignore[import-untyped]
import plotly.graph_objects as go  # type: ignore[import-untyped]
import streamlit as st

from hearts_core import lab
from hearts_core.engine.game import game_ends
from hearts_core.engine.rules import Ruleset
from hearts_core.engine.state import HandState
from hearts_core.engine.table import seat_name, table_snapshot
from hearts_core.words.catalogue import message

from . import ruleset_picker
from .ruleset_picker import KEEP
from .table_view import render_table
from .texts import ui

PAGE: Final = "pages/5_Variant_Lab.py"
SIDES: Final = ("a", "b")
#: The preset selectbox value for a ruleset that came from a shared link.
LINK: Final = "_link"
POLICIES: Final = ("heuristic", "random")
DEAL_MODES: Final = ("random", "seed", "paste")
STEPS: Final = ("first", "back", "next", "last")
FIND_SECONDS: Final = 5.0
#: Hands (or games) played per rerun of a simulation, so the bar moves and Cancel is heard.
HAND_CHUNK: Final = 500
GAME_CHUNK: Final = 20
SIM_MAX: Final = 20_000
COLOURS: Final = {"a": "#b3261e", "b": "#1f5fa8"}

# Session keys (model state; widget keys are ha_lab_<side>_… and ha_lab_…).
RESTORED_KEY: Final = "ha_lab_restored"
URL_PROBLEMS_KEY: Final = "ha_lab_url_problems"
DEAL_KEY: Final = "ha_lab_deal"
REPLAY_KEY: Final = "ha_lab_replay"
TOTALS_KEY: Final = "ha_lab_totals"
STEP_KEY: Final = "ha_lab_step"
PASTE_ERROR_KEY: Final = "ha_lab_paste_error"
FIND_NOTE_KEY: Final = "ha_lab_find_note"
JOB_KEY: Final = "ha_lab_job"


# -- the two rulesets --------------------------------------------------------------------------------


def _side_name(side: str) -> str:
    return ui("lab.ruleset_a") if side == "a" else ui("lab.ruleset_b")


def _variant_ids() -> list[str]:
    return ruleset_picker.rows(players=True)


def _preset_label(name: str) -> str:
    return ui("lab.from_link") if name == LINK else message(f"preset.{name}.title")


def _preset_options(side: str) -> list[str]:
    names = list(Ruleset.preset_names())
    return [LINK, *names] if isinstance(st.session_state.get(f"ha_lab_{side}_link"), Ruleset) else names


def _base_rules(side: str) -> Ruleset:
    name = str(st.session_state.get(f"ha_lab_{side}_preset") or "standard")
    link = st.session_state.get(f"ha_lab_{side}_link")
    if name == LINK and isinstance(link, Ruleset):
        return link
    return Ruleset.preset(name if name in Ruleset.preset_names() else "standard")


def chosen_rules(side: str) -> tuple[Ruleset | None, str | None]:
    """The ruleset of one side, or None with the engine's reason when the choices do not fit together."""
    return ruleset_picker.chosen_rules(_base_rules(side), st.session_state, f"ha_lab_{side}", _variant_ids())


def _set_side(side: str, rules: Ruleset) -> None:
    """Make one side's widgets show ``rules`` (a preset when it is one, else the link's ruleset)."""
    for rule_id in _variant_ids():
        st.session_state[f"ha_lab_{side}_var_{rule_id}"] = KEEP
    for name in Ruleset.preset_names():
        if Ruleset.preset(name) == rules:
            st.session_state[f"ha_lab_{side}_preset"] = name
            st.session_state.pop(f"ha_lab_{side}_link", None)
            return
    st.session_state[f"ha_lab_{side}_link"] = rules
    st.session_state[f"ha_lab_{side}_preset"] = LINK


def _restore_from_url() -> None:
    """Once per session: the rulesets of a shared link, with a message for a code that does not parse."""
    if st.session_state.get(RESTORED_KEY):
        return
    st.session_state[RESTORED_KEY] = True
    problems: list[str] = []
    for side in SIDES:
        text = st.query_params.get(side)
        if not text:
            continue
        try:
            rules = lab.decode_ruleset(text)
        except ValueError as error:
            shown = text if len(text) <= 60 else text[:57] + "…"
            problems.append(ui("lab.url_problem", side=_side_name(side), code=shown, problem=str(error)))
            continue
        _set_side(side, rules)
    st.session_state[URL_PROBLEMS_KEY] = problems


def _sync_url(rules: dict[str, Ruleset | None]) -> None:
    """Keep ``?a=…&b=…`` equal to the rulesets in force (a side that does not hold keeps its old code)."""
    for side in SIDES:
        chosen = rules[side]
        if chosen is None:
            continue
        code = lab.encode_ruleset(chosen)
        if st.query_params.get(side) != code:
            st.query_params[side] = code


def _dismiss_url_problems() -> None:
    st.session_state[URL_PROBLEMS_KEY] = []


def _ruleset_panel(side: str) -> Ruleset | None:
    """One side's picker, its problems, the linter's warnings and the house rules card."""
    options = _preset_options(side)
    key = f"ha_lab_{side}_preset"
    if st.session_state.get(key) not in options:
        st.session_state[key] = "standard" if side == "a" else "omnibus"
    with st.container(border=True):
        st.subheader(_side_name(side))
        st.selectbox(ui("lab.preset"), options, key=key, format_func=_preset_label)
        chosen = str(st.session_state[key])
        st.caption(ui("lab.from_link_note") if chosen == LINK else message(f"preset.{chosen}.notes"))
        changed = sum(1 for rule_id in _variant_ids() if st.session_state.get(f"ha_lab_{side}_var_{rule_id}"))
        label = ui("lab.variants_changed", count=changed) if changed else ui("lab.variants")
        with st.expander(label, icon=":material/tune:"):
            ruleset_picker.variant_selects([st.container()], f"ha_lab_{side}", _variant_ids(), ui("lab.keep"))
        rules, problem = chosen_rules(side)
        if rules is None:
            st.error(ui("lab.rules_problem", problem=problem), icon=":material/gavel:")
            return None
        for warning in lab.lint_ruleset(rules):
            st.warning(warning.text(), icon=":material/rule:")
        _house_rules(side, rules)
    return rules


def _house_rules(side: str, rules: Ruleset) -> None:
    title = _side_name(side)
    markdown = lab.house_rules_markdown(rules, title=title)
    st.markdown(f"**{ui('lab.card_heading')}**")
    left, right = st.columns(2)
    left.download_button(ui("lab.card_markdown"), markdown, file_name=f"house-rules-{side}.md",
                         mime="text/markdown", key=f"ha_lab_{side}_md", icon=":material/download:", width="stretch")
    right.download_button(ui("lab.card_html"), lab.house_rules_html(rules, title=title),
                          file_name=f"house-rules-{side}.html", mime="text/html", key=f"ha_lab_{side}_html",
                          icon=":material/download:", width="stretch")
    with st.expander(ui("lab.card_preview"), icon=":material/visibility:"):
        st.markdown(markdown)


def _share_link() -> None:
    base = ""
    try:
        base = str(st.context.url or "").split("?")[0]
    except AttributeError:  # pragma: no cover - older Streamlit
        base = ""
    query = "&".join(f"{side}={st.query_params.get(side, '')}" for side in SIDES)
    with st.expander(ui("lab.share"), icon=":material/share:"):
        st.caption(ui("lab.share_note"))
        st.code(f"{base}?{query}", language=None, wrap_lines=True)


# -- one deal under both rulesets ----------------------------------------------------------------------


def _policy_label(policy: str) -> str:
    return ui("lab.policy_heuristic") if policy == "heuristic" else ui("lab.policy_random")


def _mode_label(mode: str) -> str:
    labels = {"random": ui("lab.mode_random"), "seed": ui("lab.mode_seed"), "paste": ui("lab.mode_paste")}
    return labels[mode]


def _new_deal(deal: int | HandState) -> None:
    st.session_state[DEAL_KEY] = deal
    st.session_state[STEP_KEY] = 0
    st.session_state.pop(FIND_NOTE_KEY, None)


def _deal_random() -> None:
    _new_deal(secrets.randbelow(10**9))


def _deal_seed() -> None:
    _new_deal(int(st.session_state.get("ha_lab_seed") or 0))


def _deal_paste(rules: Ruleset) -> None:
    text = str(st.session_state.get("ha_lab_paste") or "")
    try:
        state = lab.parse_deal_text(rules, text)
    except ValueError as error:
        st.session_state[PASTE_ERROR_KEY] = str(error)
        return
    st.session_state.pop(PASTE_ERROR_KEY, None)
    _new_deal(state)


def _deal_controls(rules_a: Ruleset, rules_b: Ruleset) -> None:
    mode_col, policy_col = st.columns([3, 2])
    if st.session_state.get("ha_lab_mode") not in DEAL_MODES:
        st.session_state["ha_lab_mode"] = "random"
    mode_col.radio(ui("lab.mode"), DEAL_MODES, key="ha_lab_mode", format_func=_mode_label, horizontal=True)
    if st.session_state.get("ha_lab_policy") not in POLICIES:
        st.session_state["ha_lab_policy"] = "heuristic"
    policy_col.radio(ui("lab.policy"), POLICIES, key="ha_lab_policy", format_func=_policy_label, horizontal=True,
                     help=ui("lab.policy_help"))
    mode = st.session_state["ha_lab_mode"]
    if mode == "seed":
        seed_col, button_col = st.columns([2, 3], vertical_alignment="bottom")
        seed_col.number_input(ui("lab.seed"), min_value=0, max_value=10**9, step=1, key="ha_lab_seed")
        button_col.button(ui("lab.deal_seed"), key="ha_lab_deal_seed", on_click=_deal_seed, icon=":material/tag:")
    elif mode == "paste":
        st.text_area(ui("lab.paste"), key="ha_lab_paste", height=110, placeholder=ui("lab.paste_placeholder"),
                     help=ui("lab.paste_help"))
        st.button(ui("lab.deal_paste"), key="ha_lab_deal_paste", on_click=_deal_paste, args=(rules_a,),
                  icon=":material/content_paste:")
        problem = st.session_state.get(PASTE_ERROR_KEY)
        if problem:
            st.error(ui("lab.paste_problem", problem=problem), icon=":material/error:")
    actions = st.container(horizontal=True, gap="small")
    if mode == "random":
        actions.button(ui("lab.deal_random"), key="ha_lab_deal_random", on_click=_deal_random,
                       icon=":material/casino:")
    if actions.button(ui("lab.find"), key="ha_lab_find", icon=":material/search:",
                      help=ui("lab.find_help", seconds=int(FIND_SECONDS))):
        with st.spinner(ui("lab.finding", seconds=int(FIND_SECONDS))):
            found = lab.find_differing_deal(rules_a, rules_b, seed=secrets.randbelow(10**9),
                                            time_limit=FIND_SECONDS)
        if found is None:
            st.session_state[FIND_NOTE_KEY] = ui("lab.find_none", seconds=int(FIND_SECONDS))
        else:
            _new_deal(found.start_a)
            key = _replay_key(rules_a, rules_b, found.start_a, str(st.session_state["ha_lab_policy"]))
            st.session_state[REPLAY_KEY] = (key, found)
            st.session_state[FIND_NOTE_KEY] = ui("lab.find_found")
            if found.divergence is not None:
                st.session_state[STEP_KEY] = divergence_step(found.divergence, len(found.states_a) - 1)
    note = st.session_state.get(FIND_NOTE_KEY)
    if note:
        st.info(note, icon=":material/search:")


def _replay_key(rules_a: Ruleset, rules_b: Ruleset, deal: object, policy: str
                ) -> tuple[str, str, str, str, str]:
    shown = deal.to_notation() if isinstance(deal, HandState) else str(deal)
    return (lab.encode_ruleset(rules_a), lab.encode_ruleset(rules_b), shown, policy, str(_totals(rules_a)))


def _totals(rules: Ruleset) -> tuple[int, ...] | None:
    """The game totals before this hand, typed by the learner ("45 30 80 20"), or None."""
    text = str(st.session_state.get(TOTALS_KEY) or "").replace(",", " ").split()
    if not text:
        return None
    try:
        totals = tuple(int(value) for value in text)
    except ValueError:
        return None
    return totals if len(totals) == rules.players else None


def _replay(rules_a: Ruleset, rules_b: Ruleset) -> Any:
    """The pair replay of the current deal (computed once per deal, rulesets and policy)."""
    deal = st.session_state.get(DEAL_KEY)
    if not isinstance(deal, (int, HandState)):
        deal = 1
        st.session_state[DEAL_KEY] = deal
    policy = str(st.session_state.get("ha_lab_policy") or "heuristic")
    key = _replay_key(rules_a, rules_b, deal, policy)
    saved = st.session_state.get(REPLAY_KEY)
    if isinstance(saved, tuple) and saved[0] == key:
        return saved[1]
    replay = lab.replay_pair(rules_a, rules_b, deal, policy=policy, totals=_totals(rules_a))
    st.session_state[REPLAY_KEY] = (key, replay)
    return replay


def _set_step(target: int) -> None:
    st.session_state[STEP_KEY] = target


def _step_slid() -> None:
    st.session_state[STEP_KEY] = int(st.session_state["ha_lab_step_slider"])


def _stepper(position: int, last: int, parting: int | None) -> None:
    """The slider over the whole hand, then start / back / next / end and the jump to the divergence."""
    st.session_state["ha_lab_step_slider"] = position
    st.slider(ui("lab.counter", number=position, count=last), 0, max(last, 1), key="ha_lab_step_slider",
              on_change=_step_slid, disabled=last == 0)
    columns = st.columns([1, 1, 1, 1, 2])
    targets = {"first": 0, "back": position - 1, "next": position + 1, "last": last}
    icons = {"first": ":material/first_page:", "back": ":material/chevron_left:",
             "next": ":material/chevron_right:", "last": ":material/last_page:"}
    labels = {"first": (ui("lab.first_short"), ui("lab.first")), "back": (ui("lab.back_short"), ui("lab.back")),
              "next": (ui("lab.next_short"), ui("lab.next")), "last": (ui("lab.last_short"), ui("lab.last"))}
    for column, name in zip(columns, STEPS, strict=False):
        target = targets[name]
        short, long = labels[name]
        column.button(short, key=f"ha_lab_{name}", help=long, icon=icons[name], on_click=_set_step, args=(target,),
                      width="stretch", disabled=not 0 <= target <= last or target == position,
                      type="primary" if name == "next" else "secondary")
    if parting is not None:
        columns[4].button(ui("lab.jump"), key="ha_lab_jump", on_click=_set_step, args=(parting,),
                          icon=":material/call_split:", width="stretch", disabled=position == parting)


def _column_table(states: Sequence[HandState], position: int, title: str) -> None:
    index = min(position, len(states) - 1)
    state = states[index]
    plays = state.plays()
    before = len(states[0].plays())
    played = str(plays[-1]) if index > 0 and len(plays) > before else None
    render_table(table_snapshot(state, face_up="all", highlight=(played,) if played else (), caption=title),
                 heading_level=3)
    if played is not None:
        seat = _seat_of_last(state)
        st.caption(states[index - 1].explain(played).narration(seat_name(seat, state.rules.players)))
    elif index < position:
        st.caption(ui("lab.hand_over_early"))


def _seat_of_last(state: HandState) -> int:
    n = state.rules.players
    current = state.current_trick
    if current.cards:
        return (current.leader + len(current.cards) - 1) % n
    trick = state.tricks[-1]
    return trick.seats(n)[-1]


def _scores_table(replay: Any) -> None:
    rules_a: Ruleset = replay.rules_a
    rules_b: Ruleset = replay.rules_b
    players = max(rules_a.players, rules_b.players)
    lines = [f"| {ui('lab.col_seat')} | {ui('lab.ruleset_a')} | {ui('lab.ruleset_b')} | {ui('lab.col_diff')} |",
             "|---|---:|---:|---:|"]
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
    st.text_input(ui("lab.totals_label"), key=TOTALS_KEY, placeholder=ui("lab.totals_placeholder"),
                  help=ui("lab.totals_help", players=rules_a.players))
    typed = str(st.session_state.get(TOTALS_KEY) or "").strip()
    if typed and replay.standings_a is None:
        st.warning(ui("lab.totals_bad", players=rules_a.players), icon=":material/error:")
        return
    if replay.standings_a is None or replay.standings_b is None:
        return
    players = rules_a.players
    lines = [f"| {ui('lab.col_seat')} | {ui('lab.col_total_a')} | {ui('lab.col_total_b')} |", "|---|---:|---:|"]
    for seat in range(players):
        lines.append(f"| {seat_name(seat, players)} | {replay.standings_a[seat]} | {replay.standings_b[seat]} |")
    st.markdown("\n".join(lines))
    for side, rules, totals in (("a", replay.rules_a, replay.standings_a), ("b", replay.rules_b, replay.standings_b)):
        st.caption(_game_state(_side_name(side), rules, totals))


def _game_state(name: str, rules: Ruleset, totals: Sequence[int]) -> str:
    """Whether the game would end after this hand under ``rules``, and who would win or lead."""
    lowest = min(totals)
    leaders = ", ".join(seat_name(seat, len(totals)) for seat, total in enumerate(totals) if total == lowest)
    if game_ends(rules, totals):
        return ui("lab.game_over", side=name, winners=leaders, target=rules.target_score)
    return ui("lab.game_on", side=name, leaders=leaders)


def divergence_step(divergence: Any, last: int) -> int:
    """The step of the replay that first shows the divergence.

    A different card (or trick winner) shows once that card is on the table,
    one step after the position where it was chosen; a pass, hearts broken or
    a score shows at its own index.
    """
    index = int(divergence.index)
    if divergence.kind in ("legality", "card", "trick_winner"):
        index += 1
    return max(0, min(index, last))


def _same_deal(rules_a: Ruleset, rules_b: Ruleset) -> bool:
    """The side-by-side replay; False when the two rulesets cannot play the same deal."""
    st.header(ui("lab.deal_heading"), divider="gray")
    st.markdown(ui("lab.deal_intro"))
    try:
        _deal_controls(rules_a, rules_b)
        replay = _replay(rules_a, rules_b)
    except ValueError as error:
        st.error(ui("lab.replay_problem", problem=str(error)), icon=":material/error:")
        return False
    last = max(len(replay.states_a), len(replay.states_b)) - 1
    position = max(0, min(int(st.session_state.get(STEP_KEY, 0)), last))
    st.session_state[STEP_KEY] = position
    divergence = replay.divergence
    parting = divergence_step(divergence, last) if divergence is not None else None
    if divergence is None:
        st.success(ui("lab.no_divergence"), icon=":material/check:")
    elif parting is not None and position >= parting:
        st.warning(f"**{ui('lab.diverged', number=parting, kind=divergence.label())}** {divergence.text()}",
                   icon=":material/call_split:")
    else:
        st.info(ui("lab.diverges_later", number=parting), icon=":material/call_split:")
    _stepper(position, last, parting)
    left, right = st.columns(2, gap="medium")
    with left:
        _column_table(replay.states_a, position, _side_name("a"))
    with right:
        _column_table(replay.states_b, position, _side_name("b"))
    _scores_table(replay)
    with st.expander(ui("lab.deal_text"), icon=":material/content_copy:"):
        st.caption(ui("lab.deal_text_note"))
        st.code(replay.start_a.to_notation(), language=None, wrap_lines=True)
    return True


# -- thousands of deals --------------------------------------------------------------------------------


def _start_job(rules_a: Ruleset, rules_b: Ruleset) -> None:
    games = bool(st.session_state.get("ha_lab_sim_games"))
    total = int(st.session_state.get("ha_lab_sim_n") or 0)
    st.session_state[JOB_KEY] = {
        "codes": (lab.encode_ruleset(rules_a), lab.encode_ruleset(rules_b)),
        "rules": (rules_a, rules_b),
        "games_mode": games,
        "policy": str(st.session_state.get("ha_lab_policy") or "heuristic"),
        "total": total,
        "done": 0,
        "rows": [],
        "games": [],
        "seed": secrets.randbelow(1000),
        "cancelled": False,
        "finished": False,
    }


def _cancel_job() -> None:
    job = st.session_state.get(JOB_KEY)
    if isinstance(job, dict) and not job["finished"]:
        job["cancelled"] = True
        job["finished"] = True


def run_chunk(job: dict[str, Any]) -> None:
    """Play the next chunk of a simulation job and keep its rows.

    Each chunk is its own :func:`~hearts_core.lab.simulate_pairs` call with its
    own seed; its deal and game numbers are moved past those of the chunks
    before it, so that the pairs stay apart.
    """
    rules_a, rules_b = job["rules"]
    games = bool(job["games_mode"])
    size = min(GAME_CHUNK if games else HAND_CHUNK, job["total"] - job["done"])
    number = job["done"] // (GAME_CHUNK if games else HAND_CHUNK)
    result = lab.simulate_pairs(rules_a, rules_b, size, seed=job["seed"] * 1000 + number, policy=job["policy"],
                                games=games)
    offset = job["done"]
    deals = offset * lab.MAX_GAME_HANDS if games else offset
    job["rows"].extend(dataclasses.replace(row, deal=row.deal + deals, game=row.game + (offset if games else 0))
                       for row in result.rows)
    job["games"].extend(dataclasses.replace(row, game=row.game + offset) for row in result.games)
    job["done"] += size
    if job["done"] >= job["total"]:
        job["finished"] = True


def job_result(job: dict[str, Any]) -> lab.SimulationResult:
    """The rows of a job (finished or not) as one simulation result."""
    rules_a, _ = job["rules"]
    return lab.SimulationResult(rows=tuple(job["rows"]), cancelled=bool(job["cancelled"]), games=tuple(job["games"]),
                                requested=int(job["total"]), games_mode=bool(job["games_mode"]),
                                players=rules_a.players)


def _simulation(rules_a: Ruleset, rules_b: Ruleset) -> None:
    st.header(ui("lab.sim_heading"), divider="gray")
    st.markdown(ui("lab.sim_intro"))
    job = st.session_state.get(JOB_KEY)
    running = isinstance(job, dict) and not job["finished"]
    n_col, games_col, run_col = st.columns([2, 2, 2], vertical_alignment="bottom")
    if "ha_lab_sim_n" not in st.session_state:
        st.session_state["ha_lab_sim_n"] = 1000
    games = bool(st.session_state.get("ha_lab_sim_games"))
    n_col.number_input(ui("lab.sim_games_n") if games else ui("lab.sim_hands_n"), min_value=10, max_value=SIM_MAX,
                       step=100, key="ha_lab_sim_n", disabled=running)
    games_col.toggle(ui("lab.sim_games"), key="ha_lab_sim_games", disabled=running, help=ui("lab.sim_games_help"))
    if running:
        run_col.button(ui("lab.sim_cancel"), key="ha_lab_sim_cancel", on_click=_cancel_job, icon=":material/stop:",
                       width="stretch")
    else:
        run_col.button(ui("lab.sim_run"), key="ha_lab_sim_run", on_click=_start_job, args=(rules_a, rules_b),
                       type="primary", icon=":material/play_arrow:", width="stretch")
    if not isinstance(job, dict):
        return
    unit = ui("lab.unit_games") if job["games_mode"] else ui("lab.unit_hands")
    if running:
        st.progress(job["done"] / max(job["total"], 1),
                    text=ui("lab.sim_progress", done=job["done"], total=job["total"], unit=unit))
        run_chunk(job)
        st.rerun()
    if job["codes"] != (lab.encode_ruleset(rules_a), lab.encode_ruleset(rules_b)):
        st.info(ui("lab.sim_stale"), icon=":material/history:")
    if job["cancelled"]:
        st.warning(ui("lab.sim_cancelled", done=job["done"], total=job["total"], unit=unit), icon=":material/stop:")
    if job["rows"]:
        _results(job_result(job))


def _results(result: lab.SimulationResult) -> None:
    hands = pd.DataFrame(result.records())
    if "deal_seed" in hands.columns:  # seeds can pass 2**63: text keeps them exact in the table and the CSV
        hands["deal_seed"] = hands["deal_seed"].astype(str)
    st.subheader(ui("lab.sim_results", count=result.pairs))
    diffs = lab.compare_stats(result)
    st.plotly_chart(_diff_chart(diffs), key="ha_lab_chart_diffs", config={"displayModeBar": False})
    for diff in diffs:
        badge = f":red-badge[{ui('lab.verdict_real')}]" if diff.verdict == "real" else (
            f":gray-badge[{ui('lab.verdict_noise')}]")
        st.markdown(f"{badge} {diff.text()}")
    figures = [_scores_chart(hands), _rates_chart(hands), _queen_chart(hands, result.players),
               _trick_chart(hands, "first_trick_points", ui("lab.chart_first_trick"), ui("lab.axis_points")),
               _trick_chart(hands, "hearts_broken_trick", ui("lab.chart_broken"), ui("lab.axis_broken"))]
    if result.games:
        played = pd.DataFrame(result.game_records())
        figures += [_trick_chart(played, "hands", ui("lab.chart_hands_per_game"), ui("lab.axis_hands")),
                    _trick_chart(played, "margin", ui("lab.chart_margin"), ui("lab.axis_points"))]
    left, right = st.columns(2, gap="medium")
    for number, figure in enumerate(figures):
        (left if number % 2 == 0 else right).plotly_chart(figure, key=f"ha_lab_chart_{number}",
                                                          config={"displayModeBar": False})
    st.markdown(f"##### {ui('lab.table_heading')}")
    st.dataframe(hands, key="ha_lab_frame", hide_index=True, height=320)
    buttons = st.container(horizontal=True, gap="small")
    buttons.download_button(ui("lab.csv"), hands.to_csv(index=False), file_name="variant-lab-hands.csv",
                            mime="text/csv", key="ha_lab_csv", icon=":material/download:")
    if result.games:
        buttons.download_button(ui("lab.csv_games"), pd.DataFrame(result.game_records()).to_csv(index=False),
                                file_name="variant-lab-games.csv", mime="text/csv", key="ha_lab_csv_games",
                                icon=":material/download:")


def _layout(figure: go.Figure, title: str, height: int = 340) -> go.Figure:
    figure.update_layout(height=height, margin={"l": 10, "r": 10, "t": 50, "b": 20},
                         title={"text": title, "x": 0, "xanchor": "left"},
                         legend={"orientation": "h", "y": -0.26, "x": 0, "yanchor": "top"})
    return figure


def _side_rows(frame: pd.DataFrame, side: str) -> pd.DataFrame:
    return frame[frame["ruleset"] == side.upper()]


def _diff_chart(diffs: Sequence[Any]) -> go.Figure:
    """Each difference B − A on its own scale, with its 95% interval and the zero line."""
    from plotly.subplots import make_subplots  # type: ignore[import-untyped]

    figure = make_subplots(rows=len(diffs), cols=1, vertical_spacing=0.5 / max(len(diffs), 1))
    for row, diff in enumerate(diffs, start=1):
        real = diff.verdict == "real"
        colour = COLOURS["a"] if real else "#8a8a8a"
        high = diff.high if diff.high != float("inf") else diff.diff
        low = diff.low if diff.low != float("-inf") else diff.diff
        figure.add_trace(go.Scatter(
            x=[diff.diff], y=[diff.label()], mode="markers", marker={"color": colour, "size": 11},
            error_x={"type": "data", "symmetric": False, "array": [high - diff.diff],
                     "arrayminus": [diff.diff - low], "color": colour, "thickness": 2.5},
            hovertemplate=f"{diff.label()}: %{{x:+.3f}}<extra></extra>", showlegend=False), row=row, col=1)
        figure.add_vline(x=0, line_color="rgba(80,80,80,0.7)", line_dash="dot", row=row, col=1)
        reach = max(abs(low), abs(high), abs(diff.diff), 1e-3) * 1.15
        figure.update_xaxes(range=[-reach, reach], row=row, col=1)
    figure.update_yaxes(automargin=True, tickfont={"size": 12})
    figure.update_xaxes(zeroline=False, tickfont={"size": 10})
    return _layout(figure, ui("lab.chart_diffs"), height=70 * len(diffs) + 80)


def _scores_chart(frame: pd.DataFrame) -> go.Figure:
    figure = go.Figure()
    seats = [column for column in frame.columns if column.startswith("score_") and column[6:].isdigit()]
    for side in SIDES:
        rows = _side_rows(frame, side)
        values = pd.concat([rows[column] for column in seats], ignore_index=True)
        figure.add_trace(go.Histogram(x=values, name=_side_name(side), opacity=0.55, marker_color=COLOURS[side]))
    figure.update_layout(barmode="overlay", xaxis={"title": {"text": ui("lab.axis_points")}},
                         yaxis={"title": {"text": ui("lab.axis_count")}})
    return _layout(figure, ui("lab.chart_scores"))


def _rates_chart(frame: pd.DataFrame) -> go.Figure:
    figure = go.Figure()
    names = [ui("lab.rate_moon"), ui("lab.rate_sun")]
    for side in SIDES:
        rows = _side_rows(frame, side)
        count = max(len(rows), 1)
        rates = [float((rows["moon_shooter"] >= 0).sum()) / count, float((rows["sun_shooter"] >= 0).sum()) / count]
        figure.add_trace(go.Bar(x=names, y=rates, name=_side_name(side), marker_color=COLOURS[side],
                                text=[f"{rate:.1%}" for rate in rates], textposition="outside"))
    figure.update_layout(barmode="group", yaxis={"tickformat": ".0%", "rangemode": "tozero"})
    return _layout(figure, ui("lab.chart_rates"))


def _queen_chart(frame: pd.DataFrame, players: int) -> go.Figure:
    figure = go.Figure()
    names = [seat_name(seat, players) for seat in range(players)] + [ui("lab.queen_nobody")]
    for side in SIDES:
        rows = _side_rows(frame, side)
        count = max(len(rows), 1)
        shares = [float((rows["queen_taker"] == seat).sum()) / count for seat in range(players)]
        shares.append(float((rows["queen_taker"] < 0).sum()) / count)
        figure.add_trace(go.Bar(x=names, y=shares, name=_side_name(side), marker_color=COLOURS[side]))
    figure.update_layout(barmode="group", yaxis={"tickformat": ".0%", "rangemode": "tozero"})
    return _layout(figure, ui("lab.chart_queen"))


def _trick_chart(frame: pd.DataFrame, column: str, title: str, axis: str) -> go.Figure:
    """How often each value of ``column`` comes up under A and under B."""
    figure = go.Figure()
    for side in SIDES:
        rows = _side_rows(frame, side)
        counts = rows[column].value_counts(normalize=True).sort_index()
        figure.add_trace(go.Bar(x=[str(value) for value in counts.index], y=list(counts.values),
                                name=_side_name(side), marker_color=COLOURS[side]))
    figure.update_layout(barmode="group", xaxis={"title": {"text": axis}, "type": "category"},
                         yaxis={"tickformat": ".0%", "rangemode": "tozero"})
    return _layout(figure, title)


# -- the page -------------------------------------------------------------------------------------------


def render_lab() -> None:
    """The whole page."""
    _restore_from_url()
    st.title(ui("lab.title"))
    st.markdown(ui("lab.intro"))
    problems = st.session_state.get(URL_PROBLEMS_KEY) or []
    if problems:
        with st.container(border=True):
            for problem in problems:
                st.error(problem, icon=":material/link_off:")
            st.button(ui("lab.url_dismiss"), key="ha_lab_url_dismiss", on_click=_dismiss_url_problems,
                      icon=":material/close:")
    columns = st.columns(2, gap="medium")
    rules: dict[str, Ruleset | None] = {}
    for column, side in zip(columns, SIDES, strict=True):
        with column:
            rules[side] = _ruleset_panel(side)
    _sync_url(rules)
    _share_link()
    rules_a, rules_b = rules["a"], rules["b"]
    if rules_a is None or rules_b is None:
        st.info(ui("lab.fix_rules"), icon=":material/gavel:")
        return
    if _same_deal(rules_a, rules_b):
        _simulation(rules_a, rules_b)
