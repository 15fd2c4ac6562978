"""Hostile input in Debian's chromium: nobody erases, overwrites, fakes or freezes another learner's
work.  A client that tells the server to clear every cache takes nobody's progress; two tabs of one
learner keep what both did; the injection links of the report render no link and make the browser
ask no other host for anything; a 30 kB link settles fast with a short message; a made-up learner
cookie is replaced by a signed one; Cancel stops a simulation at the first click."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING
from urllib.parse import quote, urlparse

import pytest
from streamlit.proto.BackMsg_pb2 import BackMsg
from websockets.sync.client import connect
from websockets.typing import Subprotocol

from hearts_ui.frame import MAX_QUERY_PARAM
from hearts_ui.storage import COOKIE
from hearts_ui.texts import ui, ui_catalogue
from tests.browser.table import success_verdict
from tests.browser.test_lessons_browser import (
    HOW_MANY,
    TABLE,
    _answer,
    _how_many_answer,
    _lesson_card,
    _open,
    _status,
    _url,
)
from tests.browser.test_pages import _no_exception, _settled

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

    from tests.browser.conftest import StreamlitServer

pytestmark = pytest.mark.browser
expect = pytest.importorskip("playwright.sync_api").expect

INJECTION = "[Claim your prize](//evil.example/phish) ![px](//evil.example/pixel.png)"


def _clear_every_cache(server: StreamlitServer) -> None:
    """What the report's attacker did: open a websocket of one's own, ask for a run, then clear_cache."""
    address = server.url.replace("http://", "ws://") + "/_stcore/stream"
    with connect(address, subprotocols=[Subprotocol("streamlit")], max_size=None) as socket:
        rerun = BackMsg()
        rerun.rerun_script.query_string = ""
        socket.send(rerun.SerializeToString())
        time.sleep(1.0)
        clear = BackMsg()
        clear.clear_cache = True
        socket.send(clear.SerializeToString())
        time.sleep(1.0)


def test_clearing_every_cache_takes_no_learners_progress(server: StreamlitServer, page: Page) -> None:
    _open(page, _url(server, lesson=TABLE.id, step=HOW_MANY))
    _answer(page, HOW_MANY, _how_many_answer())
    expect(success_verdict(page)).to_be_visible()
    _settled(page)
    _clear_every_cache(server)
    page.reload()
    _open(page, f"{server.url}/Lessons")
    expect(_lesson_card(page)).to_contain_text(_status({HOW_MANY - 1: "first"}))
    _no_exception(page)


def test_two_tabs_of_one_learner_keep_what_both_did(server: StreamlitServer, browser: Browser) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        first, second = context.new_page(), context.new_page()
        for tab in (first, second):
            tab.set_default_timeout(30_000)
            _open(tab, f"{server.url}/Lessons")  # both tabs read the (empty) progress now
        for number in range(1, 6):  # tab 1 walks five steps
            _open(first, _url(server, lesson=TABLE.id, step=number))
        for number in (6, 7):  # tab 2, still holding its old copy, walks two others
            _open(second, _url(server, lesson=TABLE.id, step=number))
        third = context.new_page()
        _open(third, f"{server.url}/Lessons")
        expect(_lesson_card(third)).to_contain_text(_status(dict.fromkeys(range(7), "seen")))
    finally:
        context.close()


def test_the_injection_links_render_no_link_and_fetch_nothing_elsewhere(server: StreamlitServer, page: Page) -> None:
    hosts: set[str] = set()
    # A blob: URL (a components v2 module, such as the Lab's card table) names the origin that made it.
    page.on("request", lambda request: hosts.add(urlparse(request.url.removeprefix("blob:")).hostname or ""))
    for path in (
        f"/Variant_Lab?a={quote(INJECTION)}",
        f"/Lessons?lesson={quote(INJECTION)}",
        f"/Puzzles?puzzle={quote(INJECTION)}",
        f"/Rule_Book?preset={quote(INJECTION)}",
    ):
        page.goto(server.url + path)
        _settled(page)
        expect(page.get_by_test_id("stAlert").first).to_be_visible()
        expect(page.locator('a[href*="evil"]')).to_have_count(0)
        expect(page.locator('img[src*="evil"]')).to_have_count(0)
        _no_exception(page)
    assert hosts <= {"127.0.0.1"}, hosts


def test_a_30_kb_link_settles_fast_with_a_short_message(server: StreamlitServer, page: Page) -> None:
    page.goto(f"{server.url}/Variant_Lab")
    _settled(page)  # the page's first load is not what is measured
    started = time.perf_counter()
    page.goto(f"{server.url}/Variant_Lab?a={'x' * 30_000}")
    warning = page.get_by_test_id("stAlert").filter(has_text=ui("common.link_too_long", limit=MAX_QUERY_PARAM))
    expect(warning).to_be_visible()
    _settled(page)
    assert time.perf_counter() - started < 3.0
    assert len(page.locator("body").inner_text()) < 20_000  # nothing of the 30 kB is shown
    _no_exception(page)


def test_a_made_up_learner_cookie_is_replaced_by_a_signed_one(server: StreamlitServer, browser: Browser) -> None:
    context = browser.new_context()
    try:
        made_up = "A" * 32 + "." + "B" * 43
        context.add_cookies([{"name": COOKIE, "value": made_up, "url": server.url}])
        page = context.new_page()
        page.goto(server.url)
        _settled(page)
        cookie = next(item for item in context.cookies() if item["name"] == COOKIE)
        assert cookie["value"] != made_up and cookie["httpOnly"]
    finally:
        context.close()


def test_cancel_stops_a_simulation_at_the_first_click(server: StreamlitServer, page: Page) -> None:
    page.set_viewport_size({"width": 1280, "height": 1400})
    page.goto(f"{server.url}/Variant_Lab")
    _settled(page)
    number = page.locator(".st-key-ha_lab_sim_n input")
    number.fill("20000")
    number.press("Enter")
    _settled(page)
    page.locator(".st-key-ha_lab_sim_run").get_by_role("button").click()
    expect(page.get_by_test_id("stProgress")).to_be_visible()
    page.wait_for_timeout(1500)
    page.locator(".st-key-ha_lab_sim_cancel").get_by_role("button").click()  # one mouse click, no retry
    cancelled = str(ui_catalogue()["lab.sim_cancelled"]).split("{done}")[0]  # "Cancelled after "
    expect(page.get_by_test_id("stAlert").filter(has_text=cancelled)).to_be_visible(timeout=10_000)
    expect(page.get_by_test_id("stProgress")).to_have_count(0)
    _no_exception(page)
