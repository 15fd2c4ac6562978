"""AppTest of the Daily deal page and the home page's dashboard (issue 26).

* a newcomer sees today's deal with its rules and a button that starts it as a practice game;
* once the learner's result is kept, the page puts it in the field (place, median, the chart) and
  the home page shows the day counted: a streak of one, today's goal met.
"""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

from hearts_core.learner.daily import daily_preset, daily_session
from hearts_core.words.catalogue import message
from hearts_ui.page_state import session_key
from hearts_ui.storage import Identity, store
from hearts_ui.texts import ui
from hearts_ui.views.daily.days import today

ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "app.py")


def _text(at: AppTest) -> str:
    return " ".join(str(element.value) for element in (*at.markdown, *at.caption))


def test_today_s_deal_starts_as_a_practice_game_and_its_result_joins_the_field() -> None:
    at = AppTest.from_file(APP, default_timeout=90)
    at.switch_page("pages/11_Daily_deal.py").run()
    assert not at.exception, at.exception
    iso = today().isoformat()
    assert ui("daily.rules", rules=message(f"preset.{daily_preset(today())}.title")) in _text(at)
    at.button(key="ha_dd_play").click().run()
    assert not at.exception, at.exception
    identity = at.session_state[session_key(Identity)]
    learner = str(identity.learner)
    saved = store().current_game(learner)
    assert saved is not None and saved.session.daily == iso, "the practice game is today's deal"

    played = daily_session(today(), level="heuristic")  # the deal played out (any cards will do)
    if played.stage == "pass":
        played = played.pass_cards(played.hand.hands[0].cards()[:3])
    while played.stage == "play":
        played = played.play(played.hand.legal_moves()[0])
    store().record_daily(learner, iso, 7, played.game.hands[0].state.to_notation())
    at.switch_page("pages/11_Daily_deal.py").run()
    assert not at.exception, at.exception
    field = store().daily_field(iso)
    assert f"place **{1 + sum(points < 7 for points in field)}** of {len(field)}" in _text(at)
    assert at.get("plotly_chart"), "the field's histogram"
    assert [str(expander.label) for expander in at.expander] == [ui("daily.your_review")]
    assert f"**{ui('review.heading')}**" in _text(at), "the hand's review under the result"

    at.switch_page("app.py").run()
    assert not at.exception, at.exception
    assert "Streak: **1** day" in _text(at) and ui("dashboard.today_met") in _text(at)
