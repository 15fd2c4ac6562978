"""The Analysis page: any position on a card table, every card of the seat to move weighed two ways.

A position comes from the address (``?position=<the project's notation>&rules=<share code>``, a
contract: every "Analyse" button elsewhere links here), from a random deal under any preset, or
from a pasted or uploaded record (PHN, or the bare notation).  Cards played on the board grow a
move tree (:class:`hearts_core.learner.move_tree.MoveTree`); a different card from a position
already played on starts a variation.  For the seat to move the page shows
:func:`hearts_core.analyse`: each illegal card with the rule against it, each legal card with its
expected points (a 95% interval, the number of deals) and, near the end, its exact open value,
the best cards starred, and where the two views part, why.
"""

from __future__ import annotations

import html
import random
import secrets

import streamlit as st

from hearts_core import HandState, Ruleset, analyse
from hearts_core.ai.analysis import Analysis, dealt_for_play, open_tricks, passed_by_bots
from hearts_core.engine.cards import ALL_CARDS, Card
from hearts_core.engine.notation import NotationError
from hearts_core.engine.seats import seat_name
from hearts_core.lab.share import decode_ruleset, encode_ruleset
from hearts_core.learner.practice import PracticeSession
from hearts_core.phn import PhnError, dumps_tree, read_hand
from hearts_core.words.catalogue import decimal, message, whole
from hearts_core.words.echo import echo

from ... import page_state
from ...language import link_params, speaking
from ...texts import ui
from ...widgets.card_table import TableAction, TableScene, card_table, play_control
from ...widgets.chips import chip_html
from ...widgets.stepper import back_and_next
from ..practice import session as practice_session
from ..studies import add_to_study
from .links import board_query
from .view import AnalysisView

TABLE_KEY = AnalysisView.widget_key("table")
#: Deals of the hidden cards behind each expected value (the issue's "1,000 worlds").
WORLDS = 1000
#: The most bytes of a record a learner may paste or upload.
MAX_RECORD = 200_000
ALL_OPEN = "all"


# -- where the position comes from ---------------------------------------------------------------


def _random_start(rules: Ruleset) -> HandState:
    """A fresh deal under ``rules``, passed by the bots (the board analyses the play)."""
    seed = secrets.randbelow(10**9)
    return passed_by_bots(HandState.deal(rules, seed=seed, hand_number=0), seed)


def _restore_from_url() -> None:
    """Once per session: the position of the address, with a message for what does not parse."""
    view = page_state.get(AnalysisView)
    if view.restored:
        return
    problems: list[str] = []
    rules = Ruleset()
    code = st.query_params.get("rules")
    if code:
        try:
            rules = decode_ruleset(code)
        except ValueError as error:
            problems.append(ui("analysis.bad_rules", code=echo(code), problem=echo(str(error))))
    start = None
    text = st.query_params.get("position")
    if text:
        try:
            start = passed_by_bots(HandState.from_notation(rules, text[:MAX_RECORD]))
        except NotationError as error:
            problems.append(ui("analysis.bad_position", problem=echo(str(error))))
    start = start or _random_start(rules)
    page_state.put(AnalysisView(restored=True, start=start, problems=tuple(problems)))


def _open_record(text: str) -> None:
    """Put a pasted or uploaded record on the board: PHN (with its ruleset), or the bare notation
    under the standard rules."""
    text = text[:MAX_RECORD]
    try:
        if text.lstrip().startswith(("[", "%")):
            record = read_hand(text)
        else:
            state = HandState.from_notation(Ruleset(), text)
            page_state.put(page_state.get(AnalysisView).with_start(passed_by_bots(state)))
            return
    except (PhnError, NotationError) as error:
        page_state.update(AnalysisView, problems=(ui("analysis.bad_record", problem=echo(str(error))),))
        return
    assert record.start is not None
    if len(record.tree) == 1:  # no card played: the board starts on the hand, passed if it must be
        page_state.put(page_state.get(AnalysisView).with_start(passed_by_bots(record.state)))
        return
    # The record's play with its variations becomes the board's tree, shown at the main line's end.
    end = record.main_line[-1] if record.main_line else 0
    page_state.put(page_state.get(AnalysisView).with_tree(record.start, record.tree, end))


@speaking
def _pasted() -> None:
    _open_record(str(page_state.widget_value(AnalysisView.widget_key("paste")) or ""))


@speaking
def _uploaded() -> None:
    upload = page_state.widget_value(AnalysisView.widget_key("upload"))
    if upload is None:
        return
    data = upload.getvalue()[:MAX_RECORD]
    _open_record(data.decode("utf-8", errors="replace"))


def _new_deal() -> None:
    name = str(page_state.widget_value(AnalysisView.widget_key("preset")) or "standard")
    rules = Ruleset.preset(name if name in Ruleset.preset_names() else "standard")
    page_state.put(page_state.get(AnalysisView).with_start(_random_start(rules)))


def _setup() -> None:
    """The ways to put a position on the board: a random deal, a pasted record, a PHN file."""
    # Keyed, so the panel and the tab chosen stay open while cards are dealt by clicking.
    with st.expander(ui("analysis.setup"), icon=":material/edit_note:", key=AnalysisView.widget_key("setup")):
        deal, by_hand, paste, upload = st.tabs(
            [
                ui("analysis.setup_random"),
                ui("analysis.setup_by_hand"),
                ui("analysis.setup_paste"),
                ui("analysis.setup_upload"),
            ],
            key=AnalysisView.widget_key("setup_tab"),
        )
        with by_hand:
            _editor()
        with deal:
            st.selectbox(
                ui("analysis.preset"),
                Ruleset.preset_names(),
                format_func=lambda name: message(f"preset.{name}.title"),
                key=AnalysisView.widget_key("preset"),
            )
            st.button(
                ui("analysis.deal_new"),
                key=AnalysisView.widget_key("deal"),
                on_click=_new_deal,
                icon=":material/shuffle:",
            )
        with paste:
            st.text_area(
                ui("analysis.paste"), key=AnalysisView.widget_key("paste"), height=140, help=ui("analysis.paste_help")
            )
            st.button(ui("analysis.paste_open"), key=AnalysisView.widget_key("paste_open"), on_click=_pasted)
        with upload:
            st.file_uploader(
                ui("analysis.upload"),
                type=["phn", "txt"],
                key=AnalysisView.widget_key("upload"),
                on_change=_uploaded,
                max_upload_size=1,
            )


def _editor_rules() -> Ruleset:
    name = str(page_state.widget_value(AnalysisView.widget_key("preset")) or "standard")
    return Ruleset.preset(name if name in Ruleset.preset_names() else "standard")


def _give(card: int) -> None:
    """A card clicked in the editor: to the seat picked, or back to the pack if that seat holds it."""
    chosen = page_state.widget_value(AnalysisView.widget_key("edit_seat"))
    seat = chosen if isinstance(chosen, int) else 0
    owners = dict(page_state.get(AnalysisView).owners)
    if owners.get(card) == seat:
        del owners[card]
    else:
        owners[card] = seat
    page_state.update(AnalysisView, owners=owners)


def _fill_the_rest() -> None:
    """Deal the cards not placed yet at random to the seats still short of a hand."""
    rules = _editor_rules()
    owners = dict(page_state.get(AnalysisView).owners)
    left = [card for card in range(52) if rules.tables.deck_mask >> card & 1 and card not in owners]
    rng = random.Random(secrets.randbelow(10**9))
    rng.shuffle(left)
    for seat in range(rules.players):
        short = rules.hand_size - sum(1 for owner in owners.values() if owner == seat)
        for _ in range(max(0, short)):
            if left:
                owners[left.pop()] = seat
    page_state.update(AnalysisView, owners=owners)


def _clear_editor() -> None:
    page_state.update(AnalysisView, owners={})


def _deal_by_hand() -> None:
    """Put the deal set up by hand on the board (the holder of the opening card leads)."""
    rules = _editor_rules()
    owners = page_state.get(AnalysisView).owners
    hands = [
        [str(ALL_CARDS[card]) for card, owner in sorted(owners.items()) if owner == seat]
        for seat in range(rules.players)
    ]
    try:
        start = dealt_for_play(rules, hands)
    except ValueError as error:
        page_state.update(AnalysisView, problems=(ui("analysis.bad_deal", problem=echo(str(error))),))
        return
    page_state.put(page_state.get(AnalysisView).with_start(start))


def _short_names(players: int) -> list[str]:
    """Each seat's name cut to the shortest start no other seat shares ("S", "W"...; "Півд", "Півн")."""
    names = [seat_name(seat, players) for seat in range(players)]
    short = []
    for name in names:
        length = 1
        while length < len(name) and any(other != name and other.startswith(name[:length]) for other in names):
            length += 1
        short.append(name[:length])
    return short


def _editor() -> None:
    """Deal cards to seats by clicking: pick a seat, click its cards; each card shows whose it is."""
    rules = _editor_rules()
    players = rules.players
    owners = page_state.get(AnalysisView).owners
    short = _short_names(players)
    st.caption(ui("analysis.by_hand_help", size=rules.hand_size))
    # The labels never change with the counts: Streamlit keeps a radio's value by its option's label.
    st.radio(
        ui("analysis.edit_seat"),
        list(range(players)),
        format_func=lambda seat: seat_name(seat, players),
        horizontal=True,
        key=AnalysisView.widget_key("edit_seat"),
    )
    held = [sum(1 for owner in owners.values() if owner == seat) for seat in range(players)]
    st.caption(" · ".join(f"{seat_name(seat, players)}: {count}/{rules.hand_size}" for seat, count in enumerate(held)))
    for suit in (3, 2, 1, 0):  # spades, hearts, diamonds, clubs: as a hand is sorted on the table
        row = st.container(horizontal=True, gap="small", key=AnalysisView.widget_key("edit_suit", suit))
        for card in range(suit * 13 + 12, suit * 13 - 1, -1):
            if not rules.tables.deck_mask >> card & 1:
                continue
            owner = owners.get(card)
            mark = "" if owner is None else f" · {short[owner]}"
            row.button(
                f"{ALL_CARDS[card].symbol}{mark}",
                key=AnalysisView.widget_key("edit_card", card),
                type="secondary" if owner is None else "primary",
                on_click=_give,
                args=(card,),
            )
    actions = st.container(horizontal=True, gap="small")
    actions.button(
        ui("analysis.fill_rest"),
        key=AnalysisView.widget_key("fill"),
        on_click=_fill_the_rest,
        icon=":material/shuffle:",
    )
    actions.button(
        ui("analysis.clear_deal"),
        key=AnalysisView.widget_key("clear"),
        on_click=_clear_editor,
        icon=":material/backspace:",
    )
    actions.button(
        ui("analysis.deal_by_hand"),
        key=AnalysisView.widget_key("put"),
        on_click=_deal_by_hand,
        type="primary",
        disabled=len(owners) < rules.hand_size * players,
        icon=":material/play_arrow:",
    )


# -- the board ------------------------------------------------------------------------------------


def _played(action: TableAction) -> None:
    """A card played on the board: follow the tree, or start a variation."""
    if action.kind != "play" or action.card is None:
        return
    view = page_state.get(AnalysisView)
    assert view.start is not None
    state = view.tree.state_at(view.start, view.node)
    if not state.is_playing or not state.is_legal(action.card):
        return
    tree, node = view.tree.play(view.node, str(Card.parse(action.card)))
    page_state.update(AnalysisView, tree=tree, node=node)


def _go(node: int) -> None:
    page_state.update(AnalysisView, node=node)


def _step(target: int) -> None:
    """Back or Next along the line shown: back to the parent, on to the first card tried after."""
    view = page_state.get(AnalysisView)
    if target < len(view.tree.path(view.node)):
        parent = view.tree.parent(view.node)
        _go(parent if parent is not None else 0)
        return
    children = view.tree.children(view.node)
    if children:
        _go(children[0])


def _moves(view: AnalysisView) -> None:
    """Every line tried, as clickable cards: the main line, then each variation from where it parts."""
    tree = view.tree
    if len(tree) == 1:
        st.caption(ui("analysis.no_moves"))
        return
    current = set(tree.path(view.node))
    shown: set[int] = set()
    for number, line in enumerate(tree.lines()):
        row = st.container(horizontal=True, gap="small", key=AnalysisView.widget_key("line", number))
        new = [node for node in line if node not in shown]
        if number:
            row.markdown(ui("analysis.variation", number=number), width="content")
        for node in new:
            row.button(
                Card.parse(tree.card(node)).symbol,
                key=AnalysisView.widget_key("node", node),
                type="primary" if node == view.node else ("secondary" if node in current else "tertiary"),
                on_click=_go,
                args=(node,),
            )
        shown.update(line)


@st.cache_data(max_entries=256, show_spinner=False)
def _analysis(rules_code: str, notation: str, worlds: int) -> Analysis:
    """The analysis of one position (kept: going back and forth along a line costs nothing)."""
    return analyse(HandState.from_notation(decode_ruleset(rules_code), notation), worlds=worlds, seed=0)


def _values(state: HandState) -> None:
    """Every card of the seat to move: its verdict, its expected points and its open value."""
    mover = state.to_play
    assert mover is not None
    players = state.rules.players
    with st.spinner(ui("analysis.working")):
        result = _analysis(encode_ruleset(state.rules), state.to_notation(), WORLDS)
    st.markdown(f"**{ui('analysis.values_for', seat=seat_name(mover, players))}**")
    rows = []
    # On a phone the table's head is hidden and each value is labelled by its column (frame.py's style).
    expected_label = html.escape(ui("analysis.col_expected"), quote=True)
    open_label = html.escape(ui("analysis.col_open"), quote=True)
    for entry in result.cards:
        if not entry.legal:
            continue
        assert entry.expected is not None and entry.interval is not None
        low, high = entry.interval
        expected = ui(
            "analysis.expected",
            points=decimal(entry.expected),
            low=decimal(low),
            high=decimal(high),
        )
        opened = "—" if entry.open_value is None else whole(entry.open_value)
        best = f' <span class="ha-best">★ {html.escape(ui("analysis.best"))}</span>' if entry.best else ""
        card = chip_html(entry.card, marked=entry.best)
        rows.append(
            f'<tr><td>{card}{best}</td><td data-label="{expected_label}">{expected}</td>'
            f'<td data-label="{open_label}">{opened}</td></tr>'
        )
    head = (
        f"<tr><th>{html.escape(ui('analysis.col_card'))}</th><th>{html.escape(ui('analysis.col_expected'))}</th>"
        f"<th>{html.escape(ui('analysis.col_open'))}</th></tr>"
    )
    st.markdown(
        f'<table class="ha-settings ha-values"><thead>{head}</thead><tbody>{"".join(rows)}</tbody></table>',
        unsafe_allow_html=True,
    )
    illegal = [entry for entry in result.cards if not entry.legal]
    if illegal:
        with st.expander(ui("analysis.illegal", count=len(illegal)), icon=":material/block:"):
            for entry in illegal:
                reason = html.escape(str(entry.reason)) if entry.reason is not None else ""
                st.markdown(f"{chip_html(entry.card)} {reason}", unsafe_allow_html=True)
    st.caption(
        ui("analysis.method", worlds=whole(result.worlds))
        + " "
        + (
            ui("analysis.open_method")
            if result.open_solved
            else ui("analysis.open_later", count=open_tricks(state.rules))
        )
    )
    if result.gap is not None:
        st.info(
            ui(
                f"analysis.gap_{result.gap.code}",
                open_card=Card.parse(result.gap.open_card).symbol,
                seat_card=Card.parse(result.gap.seat_card).symbol,
                cost=decimal(result.gap.cost),
            ),
            icon=":material/visibility:",
        )


def _play_it_out(state: HandState) -> None:
    """Start a practice game on this position, the learner in the seat to move, bots elsewhere."""
    if not st.button(
        ui("analysis.play_out"),
        key=AnalysisView.widget_key("play_out"),
        icon=":material/sports_esports:",
        help=ui("analysis.play_out_help"),
    ):
        return
    running = practice_session.current()
    level = running.level if running is not None else "heuristic"
    practice_session.start(PracticeSession.from_position(state, level=level, seed=secrets.randbelow(10**9)))
    st.switch_page("pages/4_Practice.py", query_params=link_params())


def _study_panel(view: AnalysisView, state: HandState) -> None:
    """ "Add to a study": this position as a step of a teacher's study; a line step takes the cards played
    on the board from here along the main line, a card step offers the engine's best cards as the answer."""
    tree, node, line = view.tree, view.node, []
    while children := tree.children(node):
        node = children[0]
        line.append(tree.card(node))
    best: tuple[str, ...] = ()
    if state.is_playing:
        best = _analysis(encode_ruleset(state.rules), state.to_notation(), WORLDS).best
    add_to_study(state, tuple(line), best)


def _view_picker(players: int) -> list[int] | str:
    """Whose view the table takes: every hand face up, or one seat's."""
    options = [ALL_OPEN, *[str(seat) for seat in range(players)]]
    chosen = st.radio(
        ui("analysis.view"),
        options,
        horizontal=True,
        format_func=lambda option: ui("analysis.view_all") if option == ALL_OPEN else seat_name(int(option), players),
        key=AnalysisView.widget_key("view", players),
    )
    return ALL_OPEN if chosen in (None, ALL_OPEN) else [int(str(chosen))]


def _sync_url(state: HandState) -> None:
    """Keep the address on the position shown, so a copied link opens it."""
    for name, value in board_query(state).items():
        if st.query_params.get(name) != value:
            st.query_params[name] = value


def render_analysis() -> None:
    """The whole page."""
    _restore_from_url()
    st.title(ui("nav.analysis"))
    st.caption(ui("analysis.intro"))
    view = page_state.get(AnalysisView)
    for problem in view.problems:
        st.error(problem, icon=":material/link_off:")
    _setup()
    view = page_state.get(AnalysisView)
    assert view.start is not None
    state = view.tree.state_at(view.start, view.node)
    _sync_url(state)
    players = state.rules.players
    table_col, words_col = st.columns([3, 2], gap="medium")
    with words_col:
        face_up = _view_picker(players)
    with table_col:
        mover = state.to_play
        card_table(
            TableScene(
                state,
                face_up=face_up,
                hand=play_control(state, mover) if state.is_playing and mover is not None else None,
                motion="jump",
            ),
            key=TABLE_KEY,
            on_action=_played,
        )
    with words_col:
        path = view.tree.path(view.node)
        back_and_next(
            AnalysisView.widget_key("steps"),
            len(path),
            len(path) + (1 if view.tree.children(view.node) else 0),
            _step,
            primary=False,
            keys=True,
        )
        _moves(view)
        if state.is_playing:
            _values(state)
        elif state.is_over:
            scores = state.scores()
            st.success(
                ui(
                    "analysis.over",
                    scores=", ".join(f"{seat_name(seat, players)} {points}" for seat, points in enumerate(scores)),
                ),
                icon=":material/flag:",
            )
        if state.is_playing:
            _play_it_out(state)
        _study_panel(view, state)
        st.download_button(
            ui("analysis.download"),
            dumps_tree(view.start, view.tree, {"Event": ui("analysis.event")}),
            file_name="hearts-position.phn",
            mime="text/plain",
            key=AnalysisView.widget_key("download"),
            icon=":material/download:",
            help=ui("analysis.download_help"),
        )
