"""AppTest of the Practice page through app.py: set up a game with heuristic (or
random) bots, pass, play a trick, climb each hint rung, read why a card is
illegal, undo, play a hand to the end, review it, switch pages and come back.
Clicks on the card table are sent as the browser sends them (``tests.app.tables``); the game and
the page's view are read as the page keeps them (``tests.app.page_state``); expected words come
from the catalogue and the engine, never typed here."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

from hearts_core import CardSet, HandState, Ruleset
from hearts_core.engine.game import Game
from hearts_core.learner.practice import PracticeSession
from hearts_ui.texts import ui
from hearts_ui.views.practice.play import TABLE_KEY
from hearts_ui.views.practice.session import StoredGame, seat_words
from hearts_ui.views.practice.view import PracticeView
from hearts_ui.widgets.chips import prose_plain
from tests.app.page_state import keep, kept
from tests.app.tables import click_table, hand_cards, has_table, table_data

ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "app.py")
PAGE = "pages/4_Practice.py"
TIMEOUT = 120


def _open(level: str = "heuristic") -> AppTest:
    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    at.run()
    at.switch_page(PAGE).run()
    assert not at.exception
    at.radio(key="ha_pr_level").set_value(level).run()
    at.button(key="ha_pr_start").click().run()
    assert not at.exception
    return at


def _session(at: AppTest) -> PracticeSession:
    session = kept(at, StoredGame).game
    assert isinstance(session, PracticeSession)
    return session


def _pass(at: AppTest) -> None:
    session = _session(at)
    if session.stage != "pass":
        return
    cards = [str(card) for card in session.hand.hands[0].cards()[-session.rules.pass_count :]]
    click_table(at, TABLE_KEY, kind="cards", cards=cards)
    assert not at.exception
    after = _session(at)
    assert after.stage == "play"
    assert after.hand.passes is not None and sorted(str(c) for c in after.hand.passes[0]) == sorted(cards)


def _play_first_legal(at: AppTest) -> str:
    state = _session(at).hand
    card = str(state.legal_moves()[0])
    click_table(at, TABLE_KEY, kind="play", card=card)
    assert not at.exception
    return card


def _texts(at: AppTest) -> str:
    kinds = (at.markdown, at.caption, at.info, at.success, at.warning, at.error)
    parts = [element.value for elements in kinds for element in elements]
    return "\n".join(str(part) for part in parts)


def test_setup_lists_every_level_and_starts_a_game_waiting_for_the_pass() -> None:
    at = _open()
    session = _session(at)
    assert session.level == "heuristic" and session.stage == "pass"
    hand = table_data(at, TABLE_KEY)["hand"]
    assert hand["mode"] == "select" and hand["need"] == 3 and len(hand["cards"]) == 13
    assert hand["status"] == ui("practice.pass_heading", count=3, seat="West")
    # Two cards are not a pass: nothing happens.
    click_table(at, TABLE_KEY, kind="cards", cards=[str(card) for card in session.hand.hands[0].cards()[:2]])
    assert _session(at).stage == "pass"


def test_pass_play_a_trick_illegal_cards_disabled_and_explained_undo() -> None:
    at = _open()
    _pass(at)
    session = _session(at)
    state = session.hand
    cards = hand_cards(at, TABLE_KEY)
    assert sorted(cards) == sorted(str(card) for card in state.hands[0])
    for card, shown in cards.items():
        assert shown["ok"] == state.is_legal(card)
        assert shown["why"] == ("" if shown["ok"] else str(state.explain(card)))  # the reason, in place
    illegal = [card for card, shown in cards.items() if not shown["ok"]]
    if illegal:  # a stale click on an illegal card plays nothing
        click_table(at, TABLE_KEY, kind="play", card=illegal[0])
        assert _session(at).hand == state
    played = _play_first_legal(at)
    after = _session(at)
    assert played not in [str(c) for c in after.hand.hands[0].cards()]
    assert after.hand.to_play == 0 and after.can_undo
    assert len(after.hand.tricks) >= 1  # the first trick is complete: the bots played on
    data = table_data(at, TABLE_KEY)
    assert data["last"] is not None and len(data["last"]["plays"]) == 4  # the last trick can be reopened
    assert [event["t"] for event in data["events"]].count("gather") >= 1  # and the bots' cards are shown arriving
    at.button(key="ha_pr_undo").click().run()
    back = _session(at)
    assert back.hand == state and back.is_practice
    assert ui("practice.badge") in _texts(at)


def test_each_hint_rung_in_turn_for_the_pass_and_for_a_card() -> None:
    at = _open()
    for stage in ("pass", "play"):
        if stage == "play":
            _pass(at)
        for rung in (1, 2, 3):
            at.button(key=f"ha_pr_hint_{rung}").click().run()
            assert not at.exception
            shown = [str(element.value) for element in at.info]
            assert any(ui("common.rung", number=rung) in text for text in shown)
            # From rung 2, the card (or the pass) the hint names is marked on the table, and only it.
            hint = kept(at, PracticeView).hint
            assert hint is not None
            suggested = {card["c"] for card in table_data(at, TABLE_KEY)["hand"]["cards"] if card["v"] == "suggested"}
            named = {hint.recommended} if isinstance(hint.recommended, str) else set(hint.recommended)
            assert suggested == (named if rung >= 2 else set())
        assert not [button for button in at.button if button.key == "ha_pr_hint_1"]
    # Rung 2 contrasts the recommendation with the card the learner has in mind (the picker is
    # there only when the learner has another legal card: leading the 2C, there is none).
    view = kept(at, PracticeView)
    pickers = [box for box in at.selectbox if box.key == view.compare_key]
    if len(_session(at).hand.legal_moves()) > 1:
        assert pickers
    if pickers and len(pickers[0].options) > 1:
        hint = view.hint
        assert hint is not None
        other = next(str(card) for card in _session(at).hand.legal_moves() if str(card) != hint.recommended)
        at.selectbox(key=view.compare_key).set_value(other).run()
        assert not at.exception
        assert any(prose_plain(hint.rung(2, other)) in str(element.value) for element in at.info)


def test_a_variant_changes_the_rules_and_rules_that_clash_are_refused() -> None:
    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    at.run()
    at.switch_page(PAGE).run()
    at.selectbox(key="ha_pr_var_V6").set_value("minus_10").run()
    at.button(key="ha_pr_start").click().run()
    assert _session(at).rules.penalties["JD"] == -10
    assert ui("practice.custom_rules") in _texts(at) or "Omnibus" in _texts(at)
    at.button(key="ha_pr_quit").click().run()
    at.selectbox(key="ha_pr_preset").set_value("chips_1887").run()
    at.selectbox(key="ha_pr_var_V9").set_value("on").run()
    assert at.error and at.button(key="ha_pr_start").disabled


def test_the_moon_choice_when_the_learner_shot_it() -> None:
    rules = Ruleset(pass_cycle=("hold",))
    penalties = "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH QS 2S 3S"
    rest = CardSet.full_deck() - CardSet.parse(penalties + " 4C 5C 6C 7C")
    state = HandState.from_position(
        rules,
        f"""
hand: 0
hands: 7C / 4C / 5C / 6C
taken: {penalties} / {rest} / - / -
won: 4 8 0 0
trick: 0
""",
    )
    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    at.run()
    at.switch_page(PAGE)
    keep(at, StoredGame(PracticeSession(Game(rules), state, "random").play("7C")))
    at.run()
    assert _session(at).stage == "moon"
    assert ui("practice.moon_heading", value=26) in _texts(at)
    at.button(key="ha_pr_moon_subtract_from_self").click().run()
    assert _session(at).game.totals == [-26, 0, 0, 0]
    assert ui("practice.moon_shot", seat=seat_words(_session(at), 0)) in _texts(at)


def test_a_hand_to_the_end_the_score_the_chart_the_review_and_the_next_hand() -> None:
    at = _open("random")
    _pass(at)
    for _ in range(14):
        if _session(at).stage != "play":
            break
        _play_first_legal(at)
    session = _session(at)
    if session.stage == "moon":
        at.button(key="ha_pr_moon_add_to_others").click().run()
        session = _session(at)
    assert session.stage in ("hand_over", "game_over") and len(session.game.hands) == 1
    assert ui("practice.hand_over", number=1) in _texts(at) or ui("practice.game_lost") in _texts(at)
    # Each player's total and this hand, then the game review's accuracy and points given away.
    assert len(at.get("plotly_chart")) == 1 and len(at.metric) == 6
    assert at.metric[0].label.startswith(ui("practice.you")) or "South" in at.metric[0].label
    assert [metric.label for metric in at.metric[4:]] == [ui("review.accuracy"), ui("review.lost")]
    assert ui("review.heading") in " ".join(str(element.value) for element in at.markdown)
    at.button(key="ha_pr_review_open").click().run()
    assert ui("stepper.counter", number=0, count=52) in _texts(at)
    at.button(key="ha_pr_review_mine").click().run()
    assert not at.exception
    assert at.success or at.warning  # the engine's verdict on the learner's card
    at.button(key="ha_pr_review_last").click().run()
    assert ui("stepper.counter", number=52, count=52) in _texts(at)
    at.button(key="ha_pr_next").click().run()
    assert _session(at).hand.hand_number == 1 and _session(at).stage == "pass"


def test_claim_plays_out_the_rest_when_no_points_are_left() -> None:
    at = _open("random")
    _pass(at)
    for _ in range(14):
        session = _session(at)
        if session.stage != "play":
            break
        if session.can_claim:
            at.button(key="ha_pr_claim").click().run()
            assert _session(at).hand.phase == "over"
            break
        assert at.button(key="ha_pr_claim").disabled
        _play_first_legal(at)


def test_the_game_survives_a_page_switch() -> None:
    at = _open()
    _pass(at)
    _play_first_legal(at)
    before = _session(at)
    at.switch_page("pages/3_Puzzles.py").run()
    at.switch_page(PAGE).run()
    assert not at.exception
    assert _session(at) == before
    assert has_table(at, TABLE_KEY) and hand_cards(at, TABLE_KEY)


def test_leaving_the_game_returns_to_the_setup() -> None:
    at = _open("random")
    at.button(key="ha_pr_quit").click().run()
    assert kept(at, StoredGame).game is None
    assert at.button(key="ha_pr_start")
