"""The game review under a finished practice hand: accuracy, the key moments, luck against skill,
and the whole game so far.

The engine's part is :mod:`hearts_core.learner.review`; this module asks it once per hand (kept by
Streamlit's cache: the hand does not change) and draws the result, every key moment with a link
that opens its position on the Analysis board, and the hand's review as a PHN record with each
decision's class as an annotation mark.
"""

from __future__ import annotations

import html

import streamlit as st

from hearts_core.engine.state import HandState
from hearts_core.lab.share import decode_ruleset, encode_ruleset
from hearts_core.learner.practice import PracticeSession
from hearts_core.learner.review import (
    CLASS_LIMITS,
    REVIEW_MARKS,
    Decision,
    GameReview,
    HandReview,
    LuckAndSkill,
    luck_and_skill,
    review_hand,
)
from hearts_core.phn import Note, dumps_tree, line_tree
from hearts_core.words.catalogue import decimal, percent, whole

from ... import page_state
from ...language import link_params
from ...texts import ui
from ...widgets.chips import symbols
from ..analysis.links import analyse_button
from ..class_work import record_result
from ..review.queue import queue_review, record_daily_once
from .session import current, keep
from .view import PracticeView

#: Deals of the hidden cards behind each decision's numbers.
REVIEW_WORLDS = 1000
#: Replays of the same cards with the engine in the learner's seat.
REPLAYS = 8


@st.cache_data(max_entries=128, show_spinner=False)
def _hand_review(rules_code: str, notation: str, seat: int) -> HandReview:
    hand = HandState.from_notation(decode_ruleset(rules_code), notation)
    return review_hand(hand, seat, worlds=REVIEW_WORLDS)


@st.cache_data(max_entries=64, show_spinner=False)
def _luck_of(rules_code: str, notation: str, seat: int, level: str) -> LuckAndSkill:
    hand = HandState.from_notation(decode_ruleset(rules_code), notation)
    return luck_and_skill(hand, seat, level, replays=REPLAYS)


def _review_of(hand: HandState, seat: int) -> HandReview:
    return _hand_review(encode_ruleset(hand.rules), hand.to_notation(), seat)


def class_label(name: str) -> str:
    """A review class in words ("blunder")."""
    return ui(f"review.class_{name}")


def game_review(session: PracticeSession) -> None:
    """The review of the learner's decisions in the hand just finished."""
    hand = session.hand
    if not hand.is_over:
        return
    with st.spinner(ui("review.working")):
        review = _review_of(hand, session.seat)
        luck = _luck_of(encode_ruleset(hand.rules), hand.to_notation(), session.seat, session.level)
    # Its mistakes and blunders come back on the Review page; a daily deal's result joins the field.
    queue_review(f"{encode_ruleset(hand.rules)}|{hand.to_notation()}", review)
    if session.daily is not None and hand.hand_number == 0 and session.daily_result is not None:
        record_daily_once(session.daily, session.daily_result, hand.to_notation())
        st.page_link(
            "pages/11_Daily_deal.py",
            label=ui("daily.see_field"),
            icon=":material/leaderboard:",
            query_params=link_params(),
        )
    if session.class_deal is not None and hand.hand_number == 0:
        record_result(session)
        st.page_link(
            "pages/12_Class.py", label=ui("class_deal.see_class"), icon=":material/groups:", query_params=link_params()
        )
    with st.container(border=True, key=PracticeView.widget_key("game_review")):
        st.markdown(f"##### {ui('review.heading')}")
        accuracy, lost = st.columns(2)
        accuracy.metric(ui("review.accuracy"), percent(review.accuracy), help=ui("review.accuracy_help"))
        lost.metric(ui("review.lost"), decimal(review.points_lost), help=ui("review.lost_help"))
        _luck(luck)
        moments = review.key_moments
        if not moments:
            st.success(ui("review.no_moments"), icon=":material/check_circle:")
        for number, moment in enumerate(moments):
            st.markdown(moment_words(moment))
            if moment.is_pass:
                continue  # the board and "try again" start from a card to play
            links = st.container(horizontal=True, gap="small")
            with links:
                analyse_button(moment.state, PracticeView.widget_key("moment", number))
                st.button(
                    ui("review.try_again"),
                    key=PracticeView.widget_key("retry", number),
                    on_click=_try_again,
                    args=(moment.state,),
                    icon=":material/replay:",
                    help=ui("review.try_again_help"),
                )
        with st.expander(ui("review.all", count=len(review.decisions)), icon=":material/list:"):
            _table(review)
        _whole_game(session)
        st.caption(ui("review.method", worlds=whole(REVIEW_WORLDS)))
        st.download_button(
            ui("review.download"),
            reviewed_record(hand, review),
            file_name=f"hearts-review-hand-{hand.hand_number + 1}.phn",
            mime="text/plain",
            key=PracticeView.widget_key("review_phn"),
            icon=":material/download:",
            help=ui("review.download_help"),
        )


def reviewed_record(hand: HandState, review: HandReview) -> str:
    """The hand as PHN with each decision's class as its annotation mark and its cost as a comment."""
    notes: dict[int, Note] = {}
    pass_notes: dict[int, Note] = {}
    for decision in review.decisions:
        comment = "" if decision.label == "best" else _note_words(decision)
        note = Note(REVIEW_MARKS[decision.label], comment)
        if decision.is_pass:
            pass_notes[review.seat] = note
        else:
            notes[decision.index + 1] = note
    start = hand.record_start()
    tree = line_tree([str(card) for card in hand.plays()])
    return dumps_tree(start, tree, {"Event": ui("review.event")}, notes=notes, pass_notes=pass_notes)


def _note_words(decision: Decision) -> str:
    return ui(
        "review.note",
        label=class_label(decision.label),
        loss=decimal(decision.loss),
        best=symbols(decision.best),
    )


def _whole_game(session: PracticeSession) -> None:
    """The game so far, once it has more than one hand: its accuracy, its points given away, each
    hand's line, and its costliest decisions."""
    hands = [result.state for result in session.game.hands]
    if len(hands) < 2:
        return
    reviews = [_review_of(hand, session.seat) for hand in hands]
    game = GameReview(tuple(reviews))
    title = ui("review.game", hands=len(hands), accuracy=percent(game.accuracy), lost=decimal(game.points_lost))
    with st.expander(title, icon=":material/insights:", key=PracticeView.widget_key("whole_game")):
        columns = (ui("lab_column.hand_number"), ui("review.accuracy"), ui("review.lost"), ui("review.col_points"))
        head = "".join(f"<th>{html.escape(name)}</th>" for name in columns)
        rows = "".join(
            f"<tr><td>{hand.hand_number + 1}</td><td>{percent(review.accuracy)}</td>"
            f"<td>{decimal(review.points_lost)}</td><td>{whole(hand.scores()[session.seat])}</td></tr>"
            for hand, review in zip(hands, reviews, strict=True)
        )
        st.markdown(
            f'<table class="ha-settings"><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>',
            unsafe_allow_html=True,
        )
        for moment in game.key_moments:
            st.markdown(moment_words(moment, in_game=True))


def moment_words(moment: Decision, *, in_game: bool = False) -> str:
    """A key moment in one sentence: the card (or pass) played, the best, the cost and the class;
    ``in_game`` names its hand too (the whole game's moments)."""
    words = {
        "played": symbols(moment.played),
        "best": symbols(moment.best),
        "loss": decimal(moment.loss),
        "label": class_label(moment.label),
    }
    if in_game:
        if moment.is_pass:
            return ui("review.game_moment_pass", hand=moment.state.hand_number + 1, **words)
        return ui("review.game_moment", hand=moment.state.hand_number + 1, trick=moment.trick, **words)
    if moment.is_pass:
        return ui("review.moment_pass", **words)
    return ui("review.moment", trick=moment.trick, **words)


def review_summary(hand: HandState, seat: int, key: str) -> None:
    """A finished hand's review in short (another page's: the Daily deal's): the accuracy, the points
    given away, and each key moment with a link that opens it on the board (keys start with ``key``)."""
    with st.spinner(ui("review.working")):
        review = _review_of(hand, seat)
    st.markdown(
        f"**{ui('review.heading')}**: {ui('review.accuracy')} {percent(review.accuracy)} · "
        f"{ui('review.lost')} {decimal(review.points_lost)}"
    )
    if not review.key_moments:
        st.caption(ui("review.no_moments"))
    for number, moment in enumerate(review.key_moments):
        st.markdown(moment_words(moment))
        if not moment.is_pass:
            analyse_button(moment.state, f"{key}_{number}")


def _try_again(position: HandState) -> None:
    """Play the hand again from a key moment: the learner's turn there, the bots as before."""
    session = current()
    if session is None:
        return
    try:
        keep(session.retry_from(position))
    except ValueError:
        return  # a stale button (the game has moved on): nothing changes
    page_state.update(PracticeView, reviewing=False, frame=0)


def _luck(luck: LuckAndSkill) -> None:
    """Luck against skill in one sentence: what the engine took with the same cards."""
    words = {
        "points": luck.points,
        "engine": decimal(luck.engine_mean),
        "replays": len(luck.engine_points),
        "skill": decimal(abs(luck.from_decisions)),
    }
    if luck.from_decisions > 0.5:
        sentence = ui("review.luck_worse", **words)
    elif luck.from_decisions < -0.5:
        sentence = ui("review.luck_better", **words)
    else:
        sentence = ui("review.luck_even", **words)
    st.info(sentence, icon=":material/casino:")


def _when(decision: Decision) -> str:
    """The table's first column: the trick, or "pass"."""
    return ui("review.pass_row") if decision.is_pass else str(decision.trick)


def _table(review: HandReview) -> None:
    columns = (ui("review.col_trick"), ui("review.col_played"), ui("review.col_best"), ui("review.col_loss"))
    head = "".join(f"<th>{html.escape(name)}</th>" for name in (*columns, ui("review.col_class")))
    rows = "".join(
        f"<tr><td>{html.escape(_when(decision))}</td><td>{html.escape(symbols(decision.played))}</td>"
        f"<td>{html.escape(symbols(decision.best))}</td><td>{decimal(decision.loss)}</td>"
        f"<td>{html.escape(class_label(decision.label))}</td></tr>"
        for decision in review.decisions
    )
    st.markdown(
        f'<table class="ha-settings"><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>',
        unsafe_allow_html=True,
    )
    counts = review.counts()
    st.caption(" · ".join(f"{class_label(name)}: {counts[name]}" for name, _ in CLASS_LIMITS))
