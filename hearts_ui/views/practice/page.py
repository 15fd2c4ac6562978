"""The Practice page: a whole game against bots, the learner sitting South.

Set up a game (a preset, any variant, the bots' level), pass, then play every
trick while the bots move on their own until it is the learner's turn.  Illegal
cards are disabled and the engine says why; hints climb a ladder of three
rungs (:mod:`hearts_core.ai.hints`); undo takes a card back (the hand is then
flagged as practice); the last trick, the running score and a chart of the
totals are on the page; a finished hand can be reviewed card by card with the
hint engine's verdict on each of the learner's cards.

The game flow is :class:`hearts_core.learner.practice.PracticeSession`, an immutable
value: each callback computes the next one and keeps it in the session and in
the server-side store of :mod:`.progress_store` (keyed by the learner cookie),
so a reload or a page switch finds the same game.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any, Final

import plotly.graph_objects as go  # type: ignore[import-untyped]
import streamlit as st

from hearts_core.ai import hints
from hearts_core.ai.bots import LEVELS
from hearts_core.engine.cards import Card
from hearts_core.engine.reasons import IllegalPlayError
from hearts_core.engine.rules import Ruleset
from hearts_core.engine.state import HandState
from hearts_core.engine.table import seat_name, table_snapshot
from hearts_core.engine.vocabulary import MOON_CHOICES
from hearts_core.learner.practice import PracticeSession, replay_frames
from hearts_core.words.catalogue import message

from . import ruleset_picker
from .progress_store import learner_id, practice_store
from .rulebook_data import signed
from .table_view import render_table
from .texts import ui

PAGE: Final = "pages/4_Practice.py"
SESSION_KEY: Final = "ha_practice"
LOADED_KEY: Final = "ha_practice_loaded"
STORE_KEY: Final = "game"
#: The rungs of the hint ladder.
RUNGS: Final = (1, 2, 3)
#: The buttons that step through a finished hand.
REVIEW_STEPS: Final = ("first", "back", "next", "last")
PLAY_WORLDS: Final = 128
PASS_WORLDS: Final = 32
VERDICT_WORLDS: Final = 64
SEAT_COLOURS: Final = ("#b3261e", "#1f5fa8", "#2e7352", "#8a5a00", "#6b3fa0", "#444444")


# -- the game in progress, kept in the session and the store ---------------------------------------


def current() -> PracticeSession | None:
    """The learner's game: in the session, restored from the store after a reload."""
    session = st.session_state.get(SESSION_KEY)
    if session is None and LOADED_KEY not in st.session_state:
        session = practice_store().load(learner_id()).get(STORE_KEY)
        st.session_state[SESSION_KEY] = session
        st.session_state[LOADED_KEY] = True
    return session if isinstance(session, PracticeSession) else None


def _keep(session: PracticeSession | None) -> None:
    st.session_state[SESSION_KEY] = session
    st.session_state[LOADED_KEY] = True
    store = practice_store()
    store.save(learner_id(), {} if session is None else {STORE_KEY: session})


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
    _reset_views()
    _keep(PracticeSession.start(rules, level=level, seed=secrets.randbelow(10**9)))


def render_setup() -> None:
    st.title(ui("practice.title"))
    st.markdown(ui("practice.intro"))
    names = Ruleset.preset_names()
    if st.session_state.get("ha_pr_preset") not in names:
        st.session_state["ha_pr_preset"] = "standard"
    left, right = st.columns([3, 2], gap="medium")
    left.selectbox(ui("practice.preset"), names, key="ha_pr_preset",
                   format_func=lambda name: message(f"preset.{name}.title"))
    left.caption(message(f"preset.{st.session_state['ha_pr_preset']}.notes"))
    if st.session_state.get("ha_pr_level") not in LEVELS:
        st.session_state["ha_pr_level"] = "heuristic"
    right.radio(ui("practice.level"), LEVELS, key="ha_pr_level",
                format_func=lambda level: ui(f"practice.level_{level}"),
                captions=[ui(f"practice.level_{level}_note") for level in LEVELS])
    with st.expander(ui("practice.variants"), icon=":material/tune:"):
        st.caption(ui("practice.variants_note"))
        ruleset_picker.variant_selects(st.columns(2), "ha_pr", ruleset_picker.rows(), ui("practice.variant_keep"))
    rules, problem = _chosen_rules()
    if problem is not None:
        st.error(ui("practice.rules_problem", problem=problem), icon=":material/gavel:")
    st.caption(ui("practice.seat_note"))
    st.button(ui("practice.start"), key="ha_pr_start", type="primary", icon=":material/playing_cards:",
              on_click=_start, disabled=rules is None)


# -- words ---------------------------------------------------------------------------------------


def _seat(session: PracticeSession, seat: int) -> str:
    return seat_name(seat, session.rules.players)


def _symbol(card: Any) -> str:
    return Card.parse(str(card)).symbol


def _seat_plays(state: HandState) -> list[tuple[int, str]]:
    """Every card of the hand so far as (seat, card), in order."""
    n = state.rules.players
    plays = [(seat, str(card)) for trick in state.tricks for seat, card in zip(trick.seats(n), trick.cards,
                                                                               strict=True)]
    current = state.current_trick
    plays += [((current.leader + index) % n, str(card)) for index, card in enumerate(current.cards)]
    return plays


def _since_your_card(session: PracticeSession) -> str | None:
    """What the bots did since the learner's last card (or since the pass): cards and tricks won."""
    state = session.hand
    plays = _seat_plays(state)
    start = len(_seat_plays(session.undo_stack[-1])) + 1 if session.undo_stack else 0
    n = state.rules.players
    parts: list[str] = []
    for index in range(start, len(plays)):
        seat, card = plays[index]
        if seat != session.seat:
            parts.append(ui("practice.played", seat=_seat(session, seat), card=_symbol(card)))
        if (index + 1) % n == 0 and (index + 1) // n <= len(state.tricks):
            trick = state.tricks[(index + 1) // n - 1]
            winner = _seat(session, trick.winner)
            parts.append(ui("practice.trick_won_one", seat=winner) if trick.points == 1 else ui(
                "practice.trick_won", seat=winner, points=trick.points))
    return " · ".join(parts) if parts else None


# -- the game ------------------------------------------------------------------------------------


def render_practice() -> None:
    """The whole page: the setup form, or the game in progress."""
    learner_id()  # first, so a new learner's cookie is set before anything else is drawn
    session = current()
    if session is None:
        render_setup()
        return
    render_game(session)


def _header(session: PracticeSession) -> None:
    st.title(ui("practice.title"))
    hand = session.hand
    parts = [ui("practice.header", preset=_ruleset_words(session.rules), level=ui(f"practice.level_{session.level}"),
                number=hand.hand_number + 1)]
    badge = f" :orange-badge[{ui('practice.badge')}]" if session.is_practice else ""
    st.markdown(" · ".join(parts) + badge)


def _ruleset_words(rules: Ruleset) -> str:
    for name in Ruleset.preset_names():
        if Ruleset.preset(name) == rules:
            return message(f"preset.{name}.title")
    return ui("practice.custom_rules")


def render_game(session: PracticeSession) -> None:
    _header(session)
    table_col, side_col = st.columns([3, 2], gap="medium")
    stage = session.stage
    reviewing = stage in ("hand_over", "game_over") and bool(st.session_state.get("ha_pr_review"))
    with table_col:
        if reviewing:
            _review(session)
        else:
            _board(session)
            if stage in ("pass", "play"):
                _hint_ladder(session)
    with side_col:
        if stage == "pass":
            _pass_panel(session)
        elif stage == "play":
            _play_panel(session)
        elif stage == "moon":
            _moon_panel(session)
        else:
            _hand_over_panel(session)
        if stage in ("pass", "play", "moon"):
            _scoreboard(session)
        else:
            _game_notes(session)
    if session.game.hands:
        st.plotly_chart(_totals_chart(session), key="ha_pr_chart", config={"displayModeBar": False})
    st.divider()
    st.button(ui("practice.quit"), key="ha_pr_quit", on_click=_quit, icon=":material/restart_alt:", type="tertiary",
              help=ui("practice.quit_help"))


def _quit() -> None:
    _reset_views()
    _keep(None)


def _reset_views() -> None:
    for key in ("ha_pr_review", "ha_pr_frame", "ha_pr_rung", "ha_pr_hint", "ha_pr_verdicts", "ha_pr_frames",
                "ha_pr_pick", "ha_pr_why"):
        st.session_state.pop(key, None)


def _board(session: PracticeSession) -> None:
    state = session.hand
    stage = session.stage
    highlight: Sequence[str] = ()
    if stage == "pass":
        highlight = tuple(st.session_state.get("ha_pr_pick") or ())
    last_trick = stage not in ("pass", "play") or bool(st.session_state.get("ha_pr_show_last"))
    render_table(table_snapshot(state, face_up=[session.seat], highlight=highlight, last_trick=last_trick))


def _hand_buttons(session: PracticeSession) -> None:
    """The learner's cards as buttons, one row per suit; illegal ones disabled (their help says why)."""
    state = session.hand
    hand = state.hands[session.seat].cards()
    st.markdown(f"**{ui('practice.your_turn')}**")
    for suit in sorted({card.suit for card in hand}):
        with st.container(horizontal=True, gap="small", key=f"ha_pr_suit_{suit}"):
            for card in (card for card in hand if card.suit == suit):
                legal = state.is_legal(card)
                st.button(card.symbol, key=f"ha_pr_card_{card}", on_click=_play, args=(str(card),),
                          disabled=not legal, type="primary" if legal else "secondary",
                          help=card.name if legal else str(state.explain(card)))


def _play(card: str) -> None:
    session = current()
    if session is None or session.stage != "play":
        return
    try:
        _keep(session.play(card))
    except IllegalPlayError:
        return
    _forget_hint()


def _forget_hint() -> None:
    for key in ("ha_pr_rung", "ha_pr_hint", "ha_pr_compare", "ha_pr_why"):
        st.session_state.pop(key, None)


# -- the pass ------------------------------------------------------------------------------------


def _pass_panel(session: PracticeSession) -> None:
    state = session.hand
    count = session.rules.pass_count
    target = _seat(session, state.pass_target(session.seat))
    st.markdown(f"#### {ui('practice.pass_heading', count=count, seat=target)}")
    st.caption(message(f"option.pass_cycle.{state.pass_direction}"))
    options = [str(card) for card in state.hands[session.seat].cards()]
    st.pills(ui("practice.pass_pick", count=count), options, selection_mode="multi", key="ha_pr_pick",
             format_func=_symbol, wrap=True)
    picked = list(st.session_state.get("ha_pr_pick") or [])
    if len(picked) != count:
        st.caption(ui("practice.pass_picked", picked=len(picked), count=count))
    st.button(ui("practice.pass_submit", seat=target), key="ha_pr_pass", type="primary", icon=":material/send:",
              on_click=_pass, disabled=len(picked) != count)


def _pass() -> None:
    session = current()
    picked = list(st.session_state.get("ha_pr_pick") or [])
    if session is None or session.stage != "pass" or len(picked) != session.rules.pass_count:
        return
    _keep(session.pass_cards(picked))
    st.session_state.pop("ha_pr_pick", None)
    _forget_hint()


# -- playing -----------------------------------------------------------------------------------


def _play_panel(session: PracticeSession) -> None:
    state = session.hand
    since = _since_your_card(session)
    if since:
        st.caption(f"**{ui('practice.since')}** {since}")
    _hand_buttons(session)
    _why_not(session)
    undo, claim = st.columns(2)
    undo.button(ui("practice.undo"), key="ha_pr_undo", on_click=_undo, icon=":material/undo:",
                disabled=not session.can_undo, help=ui("practice.undo_help"), width="stretch")
    claim.button(ui("practice.claim"), key="ha_pr_claim", on_click=_claim, icon=":material/done_all:",
                 disabled=not session.can_claim, help=ui("practice.claim_help"), width="stretch")
    st.toggle(ui("practice.show_last"), key="ha_pr_show_last", disabled=not state.tricks)


def _why_not(session: PracticeSession) -> None:
    state = session.hand
    illegal = [str(card) for card in state.hands[session.seat].cards() if not state.is_legal(card)]
    if not illegal:
        return
    with st.popover(ui("practice.why"), icon=":material/help:"):
        choice = st.selectbox(ui("practice.why_pick"), illegal, key="ha_pr_why", format_func=_symbol)
        if choice in illegal:
            st.markdown(str(state.explain(choice)))


def _undo() -> None:
    session = current()
    if session is not None and session.can_undo:
        _keep(session.undo())
        _forget_hint()


def _claim() -> None:
    session = current()
    if session is not None and session.can_claim:
        _keep(session.claim())
        _forget_hint()


# -- hints ---------------------------------------------------------------------------------------


def _hint_key(session: PracticeSession) -> tuple[int, int, str]:
    state = session.hand
    return (state.hand_number, len(state.plays()), state.phase)


def _revealed(session: PracticeSession) -> int:
    saved = st.session_state.get("ha_pr_rung")
    if isinstance(saved, tuple) and saved[0] == _hint_key(session):
        return int(saved[1])
    return 0


def _hint(session: PracticeSession) -> hints.PassHint | hints.PlayHint:
    """The hint for the position (computed once, kept while the position stands)."""
    saved = st.session_state.get("ha_pr_hint")
    key = _hint_key(session)
    if isinstance(saved, tuple) and saved[0] == key:
        return saved[1]  # type: ignore[no-any-return]
    hint: hints.PassHint | hints.PlayHint
    if session.stage == "pass":
        hint = hints.pass_hint(session.hand, session.seat, totals=session.totals_before, worlds=PASS_WORLDS)
    else:
        hint = hints.play_hint(session.hand, session.seat, totals=session.totals_before, worlds=PLAY_WORLDS)
    st.session_state["ha_pr_hint"] = (key, hint)
    return hint


def _compare_with(session: PracticeSession, hint: Any) -> str | None:
    """In play, the card the learner has in mind, for rung 2 to contrast with the recommendation."""
    if session.stage != "play":
        return None
    others = [str(card) for card in session.hand.legal_moves() if str(card) != hint.recommended]
    if not others:
        return None
    choice = st.selectbox(ui("practice.compare"), ["", *others], key="ha_pr_compare",
                          format_func=lambda card: _symbol(card) if card else ui("practice.compare_none"))
    return str(choice) if choice in others else None


def _climb(rung: int) -> None:
    session = current()
    if session is not None:
        st.session_state["ha_pr_rung"] = (_hint_key(session), rung)


def _hint_ladder(session: PracticeSession) -> None:
    shown = _revealed(session)
    if shown:
        with st.spinner(ui("practice.hint_thinking")):
            hint = _hint(session)
        rungs = st.container()  # drawn above the card picker that rung 2 reads
        compare = _compare_with(session, hint) if shown >= 2 else None
        for rung in RUNGS[:shown]:
            text = hint.rung(rung, compare) if rung == 2 and compare else hint.rung(rung)
            rungs.info(f"**{ui('practice.rung', number=rung)}** {text}", icon=":material/lightbulb:")
    if shown < len(RUNGS):
        rung = shown + 1
        st.button(ui("practice.hint", number=rung, count=len(RUNGS)), key=f"ha_pr_hint_{rung}", on_click=_climb,
                  args=(rung,), icon=":material/lightbulb:", help=ui("practice.hint_help"))


# -- the end of a hand -----------------------------------------------------------------------------


def _moon_panel(session: PracticeSession) -> None:
    st.success(ui("practice.moon_heading", value=session.rules.moon_value), icon=":material/dark_mode:")
    for option in MOON_CHOICES:
        st.button(ui(f"practice.moon_{option}", value=session.rules.moon_value), key=f"ha_pr_moon_{option}",
                  on_click=_moon, args=(option,), width="stretch", type="primary")


def _moon(option: str) -> None:
    session = current()
    if session is not None and session.stage == "moon":
        _keep(session.choose_moon(option))


def _hand_over_panel(session: PracticeSession) -> None:
    result = session.game.hands[-1]
    st.markdown(f"#### {ui('practice.hand_over', number=result.state.hand_number + 1)}")
    lines = [f"| {ui('practice.col_seat')} | {ui('practice.col_taken')} | {ui('practice.col_score')} "
             f"| {ui('practice.col_total')} |", "|---|---:|---:|---:|"]
    totals = session.game.totals
    for seat, (taken, score) in enumerate(zip(result.report.raw, result.report.scores, strict=True)):
        name = _seat(session, seat) + (f" ({ui('practice.you')})" if seat == session.seat else "")
        lines.append(f"| {name} | {taken} | {signed(score)} | {totals[seat]} |")
    st.markdown("\n".join(lines))
    if result.report.moon_shooter is not None:
        st.info(ui("practice.moon_shot", seat=_seat(session, result.report.moon_shooter)),
                icon=":material/dark_mode:")
    if session.stage == "game_over":
        winners = ", ".join(_seat(session, seat) for seat in session.game.winners)
        won = session.seat in session.game.winners
        (st.success if won else st.warning)(ui("practice.game_over", winners=winners), icon=":material/emoji_events:")
        st.button(ui("practice.new_game"), key="ha_pr_new", on_click=_quit, type="primary",
                  icon=":material/playing_cards:", width="stretch")
    else:
        st.button(ui("practice.next_hand"), key="ha_pr_next", on_click=_next_hand, type="primary",
                  icon=":material/skip_next:", width="stretch")
    if st.session_state.get("ha_pr_review"):
        st.button(ui("practice.review_close"), key="ha_pr_review_close", on_click=_close_review,
                  icon=":material/close:", width="stretch")
    else:
        st.button(ui("practice.review"), key="ha_pr_review_open", on_click=_open_review,
                  icon=":material/play_arrow:", width="stretch", help=ui("practice.review_help"))


def _next_hand() -> None:
    session = current()
    if session is not None and session.stage == "hand_over":
        _reset_views()
        _keep(session.next_hand())


def _open_review() -> None:
    st.session_state["ha_pr_review"] = True
    st.session_state["ha_pr_frame"] = 0


def _close_review() -> None:
    st.session_state.pop("ha_pr_review", None)


# -- the review ------------------------------------------------------------------------------------


def _frames(session: PracticeSession) -> tuple[HandState, ...]:
    saved = st.session_state.get("ha_pr_frames")
    number = session.hand.hand_number
    if isinstance(saved, tuple) and saved[0] == number:
        return tuple(saved[1])
    frames = replay_frames(session.hand)
    st.session_state["ha_pr_frames"] = (number, frames)
    return frames


def _verdict(session: PracticeSession, frames: Sequence[HandState], index: int, card: str) -> Any:
    """The engine's verdict on the learner's card at frame ``index`` (computed once)."""
    cache = st.session_state.setdefault("ha_pr_verdicts", {})
    key = (session.hand.hand_number, index)
    if key not in cache:
        cache[key] = hints.decision_verdict(frames[index], session.seat, card, totals=session.totals_before,
                                            worlds=VERDICT_WORLDS)
    return cache[key]


def _set_frame(target: int) -> None:
    st.session_state["ha_pr_frame"] = target


def _review(session: PracticeSession) -> None:
    frames = _frames(session)
    plays = _seat_plays(session.hand)
    last = len(frames) - 1
    position = max(0, min(int(st.session_state.get("ha_pr_frame", 0)), last))
    state = frames[position]
    played = plays[position - 1] if position else None
    render_table(table_snapshot(state, face_up="all", highlight=(played[1],) if played else (),
                                caption=ui("practice.review_heading", number=session.hand.hand_number + 1)))
    mine = [index for index, (seat, _) in enumerate(plays) if seat == session.seat]
    following = next((index + 1 for index in mine if index + 1 > position), None)
    targets = (0, position - 1, position + 1, last)
    icons = (":material/first_page:", ":material/chevron_left:", ":material/chevron_right:", ":material/last_page:")
    columns = st.columns(5)
    for column, name, target, icon in zip(columns, REVIEW_STEPS, targets, icons, strict=False):
        column.button(ui(f"practice.review_{name}_short"), key=f"ha_pr_review_{name}",
                      help=ui(f"practice.review_{name}"), icon=icon, on_click=_set_frame, args=(target,),
                      width="stretch",
                      disabled=not 0 <= target <= last or target == position,
                      type="primary" if name == "next" else "secondary")
    columns[4].button(ui("practice.review_mine_short"), key="ha_pr_review_mine", help=ui("practice.review_mine"),
                      icon=":material/person:", on_click=_set_frame, args=(following or last,), width="stretch",
                      disabled=following is None)
    st.markdown(f"**{ui('practice.review_counter', number=position, count=last)}**")
    if played is None:
        st.info(ui("practice.review_start"), icon=":material/chat:")
        return
    seat, card = played
    text = frames[position - 1].explain(card).narration(_seat(session, seat))
    st.info(text, icon=":material/chat:")
    if seat == session.seat:
        with st.spinner(ui("practice.hint_thinking")):
            verdict = _verdict(session, frames, position - 1, card)
        if verdict.good:
            st.success(verdict.text, icon=":material/check:")
        else:
            st.warning(verdict.text, icon=":material/lightbulb:")


# -- the score -------------------------------------------------------------------------------------


def _scoreboard(session: PracticeSession) -> None:
    totals = session.game.totals
    hand = session.hand
    live = session.stage in ("pass", "play", "moon")
    points = hand.hand_points()
    header = f"| {ui('practice.col_seat')} | {ui('practice.col_total')} |"
    rule = "|---|---:|"
    if live:
        header += f" {ui('practice.col_hand')} |"
        rule += "---:|"
    lines = [header, rule]
    for seat in range(session.rules.players):
        name = _seat(session, seat) + (f" ({ui('practice.you')})" if seat == session.seat else "")
        row = f"| {name} | {totals[seat]} |"
        if live:
            row += f" {points[seat]} |"
        lines.append(row)
    st.markdown(f"##### {ui('practice.score_heading')}")
    st.markdown("\n".join(lines))
    _game_notes(session)


def _game_notes(session: PracticeSession) -> None:
    """How the game ends, and the hands flagged as practice."""
    target = session.rules.target_score
    if target:
        st.caption(ui("practice.target", target=target))
    elif session.rules.max_hands:
        st.caption(ui("practice.hands_limit", count=session.rules.max_hands))
    flagged = sorted(number + 1 for number in session.practice_hands)
    if flagged:
        st.caption(ui("practice.flagged", hands=", ".join(str(number) for number in flagged)))


def _totals_chart(session: PracticeSession) -> go.Figure:
    game = session.game
    hands = list(range(len(game.hands) + 1))
    figure = go.Figure()
    for seat in range(game.rules.players):
        name = _seat(session, seat) + (f" ({ui('practice.you')})" if seat == session.seat else "")
        figure.add_trace(go.Scatter(
            x=hands, y=[game.totals_after(count)[seat] for count in hands], mode="lines+markers", name=name,
            line={"color": SEAT_COLOURS[seat % len(SEAT_COLOURS)], "width": 4 if seat == session.seat else 2}))
    target = game.rules.target_score
    if target:
        figure.add_hline(y=target, line_dash="dot", line_color="rgba(128,128,128,0.7)",
                         annotation_text=ui("practice.chart_target", target=target))
    figure.update_layout(
        height=320, margin={"l": 10, "r": 10, "t": 50, "b": 40},
        title={"text": ui("practice.chart_title"), "x": 0, "xanchor": "left"},
        xaxis={"title": {"text": ui("practice.chart_axis")}, "dtick": 1},
        yaxis={"title": {"text": ui("practice.chart_points")}},
        legend={"orientation": "h", "y": -0.25},
    )
    return figure
