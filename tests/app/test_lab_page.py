"""AppTest of the Variant Lab through app.py: compare two presets on one deal (the
divergence and the scores), step the replay, a bad pasted deal, a small paired
simulation (charts, DataFrame, CSV), and rulesets restored from a shared link,
good or bad.  Expected words come from the catalogue and the engine."""

from __future__ import annotations

import time
from pathlib import Path

from streamlit.testing.v1 import AppTest

from hearts_core import Ruleset, lab
from hearts_core.content.rulebook import apply_variant
from hearts_core.words.catalogue import language_scope
from hearts_ui.texts import ui
from hearts_ui.views.lab.rulesets import LINK
from hearts_ui.views.lab.view import LabView
from hearts_ui.widgets.chips import prose_plain
from tests.app.page_state import kept
from tests.app.tables import table_data
from tests.helpers import rendered

ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "app.py")
PAGE = "pages/5_Variant_Lab.py"
TIMEOUT = 120


def _open(**params: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    at.run()
    for name, value in params.items():
        at.query_params[name] = value
    at.switch_page(PAGE).run()
    assert not at.exception
    return at


def finish_simulation(at: AppTest, seconds: float = 90) -> None:
    """Rerun the page, as its progress fragment does, until the simulation (played by a worker
    process) is finished."""
    deadline = time.monotonic() + seconds
    while not _job(at).finished:
        assert time.monotonic() < deadline, "the simulation did not finish"
        assert not at.exception
        at.run()
    at.run()  # the page with the results
    assert not at.exception


def _job(at: AppTest) -> lab.SimulationJob:
    job = kept(at, LabView).job
    assert job is not None, "no simulation was started"
    return job


def _replay(at: AppTest) -> lab.PairReplay:
    replay = kept(at, LabView).replay
    assert replay is not None, "no replay was computed"
    return replay[1]


def _deal_notation(at: AppTest) -> str:
    deal = kept(at, LabView).deal
    assert not isinstance(deal, int), "the deal is a seed, not a position"
    return deal.to_notation()


def _texts(at: AppTest, kind: str) -> list[str]:
    """The texts of one kind of element, as the browser shows them (escapes removed)."""
    return [rendered(str(element.value)) for element in getattr(at, kind)]


def test_standard_against_omnibus_shows_the_divergence_and_the_scores() -> None:
    at = _open()
    assert at.selectbox(key="ha_lab_a_preset").value == "standard"
    assert at.selectbox(key="ha_lab_b_preset").value == "omnibus"
    replay = _replay(at)
    assert replay.rules_a == Ruleset.preset("standard") and replay.rules_b == Ruleset.preset("omnibus")
    # Find a deal where they differ: the page jumps to where they part and says why.
    at.button(key="ha_lab_find").click().run()
    assert not at.exception
    replay = _replay(at)
    assert replay.divergence is not None
    last = len(replay.states_a) - 1
    assert kept(at, LabView).step == lab.divergence_step(replay.divergence, last)
    assert any(prose_plain(replay.divergence.text()) in text for text in _texts(at, "warning"))
    assert ui("lab.find_found") in _texts(at, "info")
    scores = "\n".join(_texts(at, "markdown"))
    assert ui("lab.scores_heading") in scores
    for score in (*replay.scores_a, *replay.scores_b):
        assert str(score) in scores
    # The house rules cards and the share link.
    assert {button.key for button in at.get("download_button")} >= {
        "ha_lab_a_md",
        "ha_lab_a_html",
        "ha_lab_b_md",
        "ha_lab_b_html",
    }
    assert at.query_params["a"] == lab.encode_ruleset(Ruleset.preset("standard"))
    assert at.query_params["b"] == lab.encode_ruleset(Ruleset.preset("omnibus"))


def test_step_the_replay_in_sync() -> None:
    at = _open()
    assert kept(at, LabView).step == 0
    at.button(key="ha_lab_next").click().run()
    at.button(key="ha_lab_next").click().run()
    assert kept(at, LabView).step == 2
    assert at.slider(key="ha_lab_step_slider").label == ui(
        "stepper.counter", number=2, count=len(_replay(at).states_a) - 1
    )
    at.button(key="ha_lab_back").click().run()
    assert kept(at, LabView).step == 1
    at.button(key="ha_lab_last").click().run()
    replay = _replay(at)
    assert kept(at, LabView).step == len(replay.states_a) - 1
    at.slider(key="ha_lab_step_slider").set_value(5).run()
    assert kept(at, LabView).step == 5
    # Both tables are drawn at the same step (the card just played is marked on each).
    a, b = table_data(at, "ha_lab_table_a"), table_data(at, "ha_lab_table_b")
    assert a["marks"] == [str(replay.history_a.move(5).card)] and b["marks"] == [str(replay.history_b.move(5).card)]
    assert not at.exception


def _deal_by_number(at: AppTest, seed: int) -> None:
    at.radio(key="ha_lab_mode").set_value("seed").run()
    at.number_input(key="ha_lab_seed").set_value(seed).run()
    at.button(key="ha_lab_deal_seed").click().run()
    assert not at.exception


def test_where_the_rule_sets_part_both_tables_show_their_card_under_their_name() -> None:
    # Standard against pagat.com's rules, deal 10: West discards a heart on the first trick under B
    # only, and that card ends the trick.
    at = _open(a=lab.encode_ruleset(Ruleset.preset("standard")), b=lab.encode_ruleset(Ruleset.preset("pagat")))
    _deal_by_number(at, 10)
    replay = _replay(at)
    divergence = replay.divergence
    assert divergence is not None and divergence.kind == "legality"
    at.button(key="ha_lab_jump").click().run()
    step = lab.divergence_step(divergence, replay.last_step)
    assert kept(at, LabView).step == step
    for side, history in (("a", replay.history_a), ("b", replay.history_b)):
        data = table_data(at, f"ha_lab_table_{side}")
        card = str(history.move(step).card)
        assert card == divergence.params[f"card_{side}"]  # each table shows its own rule set's card
        assert card in data["marks"]
        assert data["open_last"] and card in [play["card"] for play in data["last"]["plays"]]  # it ended the trick
        assert data["from"] is None and data["events"] == []  # the table jumps: no replay of older cards
        assert data["speeds"] is None
    names = [str(element.value) for element in at.subheader]
    assert any(ui("lab.ruleset_a") in name for name in names) and any(ui("lab.ruleset_b") in name for name in names)
    # One step on, the next trick has begun: the tables show it, not the last trick.
    at.button(key="ha_lab_next").click().run()
    assert not table_data(at, "ha_lab_table_a")["open_last"]


def test_a_different_pass_is_picked_out_on_both_tables() -> None:
    at = _open()  # standard against omnibus: on deal 0 one seat passes other cards
    _deal_by_number(at, 0)
    divergence = _replay(at).divergence
    assert divergence is not None and divergence.reason_code == "pass_choice"
    differ = set(divergence.params["pass_a"].split()) ^ set(divergence.params["pass_b"].split())
    assert kept(at, LabView).step == 0 and differ
    for side in ("a", "b"):
        assert set(table_data(at, f"ha_lab_table_{side}")["marks"]) == differ


def test_a_bad_pasted_deal_keeps_the_previous_deal() -> None:
    at = _open()
    at.radio(key="ha_lab_mode").set_value("seed").run()
    at.number_input(key="ha_lab_seed").set_value(7).run()
    at.button(key="ha_lab_deal_seed").click().run()
    assert kept(at, LabView).deal == 7
    at.radio(key="ha_lab_mode").set_value("paste").run()
    at.text_area(key="ha_lab_paste").input("deal: 2C 3Q / - / - / -").run()
    at.button(key="ha_lab_deal_paste").click().run()
    assert not at.exception
    try:
        lab.parse_deal_text(Ruleset(), "deal: 2C 3Q / - / - / -")
    except ValueError as error:
        expected = ui("lab.paste_problem", problem=str(error))
    assert expected in _texts(at, "error")
    assert kept(at, LabView).deal == 7
    # A good deal replaces it.
    text = lab.replay_pair(Ruleset(), Ruleset(), 3).start_a.to_notation()
    at.text_area(key="ha_lab_paste").input(text).run()
    at.button(key="ha_lab_deal_paste").click().run()
    assert not at.exception and not _texts(at, "error")
    assert _deal_notation(at) == text


def test_a_bad_pasted_deal_is_told_in_the_learner_s_language() -> None:
    # The paste's callback runs before the page sets the language: its reason once came out in English.
    at = _open(lang="uk")
    at.radio(key="ha_lab_mode").set_value("paste").run()
    at.text_area(key="ha_lab_paste").input(" ").run()
    at.button(key="ha_lab_deal_paste").click().run()
    try:
        with language_scope("uk"):
            lab.parse_deal_text(Ruleset(), " ")
    except ValueError as error:
        ukrainian, english = str(error), None
    try:
        lab.parse_deal_text(Ruleset(), " ")
    except ValueError as error:
        english = str(error)
    assert ukrainian != english
    shown = " ".join(_texts(at, "error"))
    assert ukrainian in shown and (english or "") not in shown


def test_a_small_simulation_gives_charts_a_table_and_a_csv() -> None:
    at = _open()
    at.number_input(key="ha_lab_sim_n").set_value(40).run()
    at.button(key="ha_lab_sim_run").click().run()
    finish_simulation(at)
    job = _job(at)
    assert job.finished and job.done == 40 and not job.cancelled
    assert len(at.get("plotly_chart")) >= 2
    assert len(at.dataframe) == 1
    assert "ha_lab_csv" in {button.key for button in at.get("download_button")}
    diffs = lab.compare_stats(job.result())
    markdown = "\n".join(_texts(at, "markdown"))
    assert diffs and all(diff.text() in markdown for diff in diffs)
    # Standard against omnibus: nobody shoots the sun under either, so that row is "identical".
    identical = [diff for diff in diffs if diff.verdict == "identical"]
    assert "sun_rate" in {diff.key for diff in identical}
    lines = [str(element.value) for element in at.markdown]
    badge = f":gray-badge[{ui('lab.verdict_identical')}]"
    assert all(any(line.startswith(badge) and diff.label() in line for line in lines) for diff in identical)
    assert not any(ui("lab.verdict_noise") in line and diff.label() in line for line in lines for diff in identical)


def test_a_shared_link_restores_both_rulesets() -> None:
    rules_a = Ruleset.preset("black_maria")
    rules_b = apply_variant(apply_variant(Ruleset.preset("standard"), "V2", "pass_1"), "V9", "on")
    at = _open(a=lab.encode_ruleset(rules_a), b=lab.encode_ruleset(rules_b))
    assert at.selectbox(key="ha_lab_a_preset").value == "black_maria"
    assert at.selectbox(key="ha_lab_b_preset").value == LINK
    assert _replay(at).rules_b == rules_b
    assert not _texts(at, "error")


def test_a_bad_link_says_what_is_wrong_and_keeps_the_default() -> None:
    good = lab.encode_ruleset(Ruleset.preset("pagat"))
    at = _open(a="not-a-ruleset", b=good)
    assert not at.exception
    try:
        lab.decode_ruleset("not-a-ruleset")
    except ValueError as error:
        problem = str(error)
    errors = _texts(at, "error")
    assert any(problem in text and ui("lab.ruleset_a") in text for text in errors)
    assert at.selectbox(key="ha_lab_a_preset").value == "standard"
    assert at.selectbox(key="ha_lab_b_preset").value == "pagat"
    at.button(key="ha_lab_url_dismiss").click().run()
    assert not _texts(at, "error")


def test_typed_totals_give_each_rulesets_standings_after_the_hand() -> None:
    at = _open()
    at.text_input(key="ha_lab_totals").set_value("90 10 20 30").run()
    assert not at.exception
    replay = _replay(at)
    assert replay.standings_a == tuple(t + s for t, s in zip((90, 10, 20, 30), replay.scores_a, strict=True))
    tables = "\n".join(_texts(at, "markdown"))
    assert replay.standings_b is not None
    assert ui("lab.col_total_a") in tables and str(replay.standings_b[0]) in tables
    assert len(at.caption) >= 2
    at.text_input(key="ha_lab_totals").set_value("90 ten").run()
    assert any(ui("lab.totals_bad", players=4) in text for text in _texts(at, "warning"))
