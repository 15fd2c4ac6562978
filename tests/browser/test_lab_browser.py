"""The Variant Lab in Debian's chromium: open a shared ruleset link first on a
fresh server, find the rulesets restored, step the replay, run a small paired
simulation and download its CSV; no exception box anywhere.  Screenshots go to
``$HA_ARTIFACTS/lab`` (default: a pytest temporary folder).

Expected words come from the catalogue and the engine, never typed here.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import parse_qs, urlparse

import pytest

from hearts_core import Card, Ruleset, lab
from hearts_core.content.rulebook import apply_variant
from hearts_core.words.catalogue import message
from hearts_ui.texts import ui
from tests.browser.table import tables
from tests.browser.test_pages import _no_exception, _settled

if TYPE_CHECKING:
    from playwright.sync_api import FloatRect, Locator, Page

    from tests.browser.conftest import StreamlitServer

pytestmark = pytest.mark.browser
expect = pytest.importorskip("playwright.sync_api").expect

LAB_PATH = "/Variant_Lab"


def _button(page: Page, key: str) -> Locator:
    return page.locator(f".st-key-{key}").get_by_role("button").first


def _preset(page: Page, side: str) -> Locator:
    return page.locator(f".st-key-ha_lab_{side}_preset").get_by_role("combobox")


@pytest.fixture(scope="module")
def shots(artifacts: Path) -> Path:
    folder = artifacts / "lab"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def test_a_shared_link_compare_simulate_and_download(
    fresh_server: StreamlitServer, page: Page, shots: Path, tmp_path: Path
) -> None:
    rules_a = Ruleset.preset("black_maria")
    rules_b = apply_variant(rules_a, "V9", "on")
    code_a, code_b = lab.encode_ruleset(rules_a), lab.encode_ruleset(rules_b)
    page.set_viewport_size({"width": 1280, "height": 1400})
    page.goto(f"{fresh_server.url}{LAB_PATH}?a={code_a}&b={code_b}")
    _settled(page)
    expect(page.get_by_role("heading", name=ui("nav.lab"), exact=True)).to_be_visible()
    _no_exception(page)
    # Both rulesets restored: A is a preset, B came from the link; the address keeps both.
    expect(_preset(page, "a")).to_have_value(message("preset.black_maria.title"))
    expect(_preset(page, "b")).to_have_value(ui("lab.from_link"))
    query = parse_qs(urlparse(page.url).query)
    assert query["a"] == [code_a] and query["b"] == [code_b]

    # One deal under both: two tables, stepped together.
    expect(tables(page)).to_have_count(2)
    _button(page, "ha_lab_next").click()
    _settled(page)
    _button(page, "ha_lab_next").click()
    _settled(page)
    expect(tables(page).locator(".marked")).to_have_count(2)  # the card just played, on each table
    _button(page, "ha_lab_find").click()
    _settled(page)
    _no_exception(page)
    page.screenshot(path=str(shots / "same_deal.png"), full_page=True)

    # A small simulation: charts, the table and the CSV.
    number = page.locator(".st-key-ha_lab_sim_n input")
    number.fill("60")
    number.press("Enter")
    _settled(page)
    _button(page, "ha_lab_sim_run").click()
    _settled(page)
    expect(page.locator(".st-key-ha_lab_csv")).to_be_visible(timeout=60_000)
    _no_exception(page)
    expect(page.locator(".st-key-ha_lab_chart_diffs .js-plotly-plot")).to_be_visible()
    expect(page.locator(".st-key-ha_lab_chart_0 .js-plotly-plot")).to_be_visible()
    expect(page.get_by_test_id("stDataFrame")).to_have_count(1)
    with page.expect_download() as info:
        _button(page, "ha_lab_csv").click()
    target = tmp_path / "lab.csv"
    info.value.save_as(str(target))
    lines = target.read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("deal,ruleset,") and len(lines) == 1 + 2 * 60
    page.screenshot(path=str(shots / "simulation.png"), full_page=True)
    _no_exception(page)


def test_a_bad_link_gets_a_message(server: StreamlitServer, page: Page) -> None:
    page.goto(f"{server.url}{LAB_PATH}?a=%25%25nonsense&b=standard")
    _settled(page)
    _no_exception(page)
    expect(page.get_by_text(ui("lab.url_dismiss"), exact=True)).to_be_visible()
    expect(_preset(page, "a")).to_have_value(message("preset.standard.title"))


def test_the_change_a_rule_panel_stays_open_while_rules_are_changed(server: StreamlitServer, page: Page) -> None:
    # Its label counts the changes; without a key of its own each change made a new, closed panel.
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{server.url}{LAB_PATH}")
    _settled(page)
    panel = page.locator(".st-key-ha_lab_a_variants_panel")
    panel.locator("summary").click()
    _settled(page)
    panel.get_by_role("combobox").first.click()
    page.get_by_role("option").nth(1).click()
    _settled(page)
    expect(panel.locator("summary")).to_contain_text(ui("lab.variants_changed", count=1))
    expect(panel.locator("details")).to_have_attribute("open", "")
    _no_exception(page)


def _boxes_meet(one: FloatRect, other: FloatRect) -> bool:
    return (
        one["x"] < other["x"] + other["width"]
        and other["x"] < one["x"] + one["width"]
        and one["y"] < other["y"] + other["height"]
        and other["y"] < one["y"] + one["height"]
    )


@pytest.mark.parametrize("width", [1366, 390], ids=["desktop", "phone"])
def test_where_the_rule_sets_part_each_table_is_named_and_shows_its_card(
    server: StreamlitServer, page: Page, shots: Path, width: int
) -> None:
    # Standard against pagat.com's rules, deal 10: West may discard the J♥ on the first trick under B
    # only (the J♦ under A), and that card ends the trick.
    rules_a, rules_b = Ruleset.preset("standard"), Ruleset.preset("pagat")
    replay = lab.replay_pair(rules_a, rules_b, 10)
    assert replay.divergence is not None
    step = lab.divergence_step(replay.divergence, replay.last_step)
    page.set_viewport_size({"width": width, "height": 768 if width > 500 else 844})
    page.goto(f"{server.url}{LAB_PATH}?a={lab.encode_ruleset(rules_a)}&b={lab.encode_ruleset(rules_b)}")
    _settled(page)
    page.locator(".st-key-ha_lab_mode").get_by_text(ui("lab.mode_seed"), exact=True).click()
    _settled(page)
    seed = page.locator(".st-key-ha_lab_seed input")
    seed.fill("10")
    seed.press("Enter")
    _settled(page)
    _button(page, "ha_lab_deal_seed").click()
    _settled(page)
    _button(page, "ha_lab_jump").click()
    _settled(page)
    _no_exception(page)
    for side, history in (("a", replay.history_a), ("b", replay.history_b)):
        card = Card.parse(str(history.move(step).card))
        label = page.locator(f".st-key-ha_lab_label_{side}")
        table = page.locator(f".st-key-ha_lab_table_{side} .hat")
        label.scroll_into_view_if_needed()
        expect(label).to_have_text(ui(f"lab.ruleset_{side}"))
        expect(label).to_be_in_viewport()
        expect(table).to_have_attribute("data-moving", "0")  # the table jumped: nothing still to come
        label_box, table_box = label.bounding_box(), table.bounding_box()
        assert label_box is not None and table_box is not None
        assert label_box["y"] + label_box["height"] <= table_box["y"] + 1  # the name is above its own table
        assert table_box["x"] <= label_box["x"] + 1 and label_box["x"] < table_box["x"] + table_box["width"]
        # The card where the rule sets part lies on the table, picked out, with nothing over it.
        shown = table.locator(".hat-slot .hat-card.marked")
        expect(shown).to_have_count(1)
        expect(shown).to_have_attribute("aria-label", re.compile(re.escape(card.name)))
        shown.scroll_into_view_if_needed()
        expect(shown).to_be_in_viewport()
        card_box = shown.bounding_box()
        assert card_box is not None
        for other in table.locator(".hat-center button, .hat-trick-caption").all():
            box = other.bounding_box()
            assert box is None or not _boxes_meet(card_box, box), f"{other.inner_text()!r} covers {card.name}"
        page.screenshot(path=str(shots / f"parting_{width}_{side}.png"))
    _no_exception(page)
