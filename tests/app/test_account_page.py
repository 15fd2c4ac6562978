"""AppTest of the "Saved progress" page: what is saved, a file loaded (a bad one changes nothing),
everything deleted, and no sign-in when no ``[auth]`` is configured.  The page works on the real
progress database of the test run (``tests/conftest.py``)."""

from __future__ import annotations

import json
from pathlib import Path

from streamlit.testing.v1 import AppTest

from hearts_core.learner.puzzle_progress import PuzzleEvent
from hearts_core.store import PuzzleAttempt, learner_key, new_token
from hearts_ui.server import RENEW_PATH, _claimed
from hearts_ui.storage import Identity, store
from hearts_ui.texts import ui
from hearts_ui.widgets.card_table.payload import TableLook
from tests.app.page_state import kept
from tests.helpers import rendered

ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "app.py")
PAGE = "pages/8_Saved_progress.py"
TIMEOUT = 60


def _open() -> tuple[AppTest, str]:
    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    at.run()
    at.switch_page(PAGE).run()
    assert not at.exception
    learner = kept(at, Identity).learner
    assert learner is not None
    return at, learner


def _metrics(at: AppTest) -> dict[str, str]:
    return {metric.label: metric.value for metric in at.metric}


def _another_learners_file() -> bytes:
    other = learner_key(new_token())
    store().record_lesson(other, "table", 0, "seen")
    store().record_lesson(other, "table", 1, "right")
    store().record_puzzle(other, PuzzleAttempt(PuzzleEvent("p1", "answer", correct=True)))
    return json.dumps(store().export(other)).encode()


def test_what_is_saved_is_shown_and_there_is_no_sign_in_without_auth() -> None:
    at, learner = _open()
    assert _metrics(at)[ui("account.lessons")] == "0"
    store().record_lesson(learner, "table", 0, "right")
    store().record_puzzle(learner, PuzzleAttempt(PuzzleEvent("p1", "answer", correct=True)))
    at.run()
    metrics = _metrics(at)
    assert (metrics[ui("account.lessons")], metrics[ui("account.solved")]) == ("1", "1")
    assert ui("account.kept_browser") in [caption.value for caption in at.caption]
    assert ui("account.sign_in") not in [button.label for button in at.button]
    assert len(at.get("download_button")) == 1


def test_a_file_is_loaded_and_a_bad_one_changes_nothing() -> None:
    at, learner = _open()
    store().record_lesson(learner, "passing", 3, "seen")
    before = store().export(learner)

    at.file_uploader(key="ha_upload").upload("notes.json", b"{ not json", "application/json").run()
    at.button(key="ha_load").click().run()
    assert [error.value for error in at.error] == [ui("account.bad_json")]
    broken = json.dumps({"format": "hearts-academy-progress", "version": 1, "lessons": [{"lesson": "table"}]})
    at.file_uploader(key="ha_upload").upload("bad.json", broken.encode(), "application/json").run()
    at.button(key="ha_load").click().run()
    assert len(at.error) == 1 and "lessons[0].outcome" in rendered(at.error[0].value)
    quoting = json.dumps(
        {
            "format": "hearts-academy-progress",
            "version": 1,
            "lessons": [{"lesson": "t", "step": 1, "outcome": "seen", "at": "[x](//evil.example)"}],
        }
    )
    at.file_uploader(key="ha_upload").upload("quoting.json", quoting.encode(), "application/json").run()
    at.button(key="ha_load").click().run()
    assert "](//evil" not in at.error[0].value and "[x](//evil.example)" in rendered(at.error[0].value)
    assert {**store().export(learner), "exported_at": ""} == {**before, "exported_at": ""}
    assert not at.exception

    at.file_uploader(key="ha_upload").upload("good.json", _another_learners_file(), "application/json").run()
    at.button(key="ha_load").click().run()
    assert [success.value for success in at.success] == [
        ui("account.loaded", lessons=2, puzzles=1, games=0, settings=0)
    ]
    assert store().lesson_progress(learner) == {"passing": {3: "seen"}, "table": {0: "seen", 1: "first"}}
    assert _metrics(at)[ui("account.lessons")] == "3"


def test_forget_me_deletes_everything_after_a_confirmation() -> None:
    at, learner = _open()
    store().record_lesson(learner, "table", 0, "right")
    at.run()
    assert at.button(key="ha_forget").disabled
    at.checkbox(key="ha_forget_sure").check().run()
    at.button(key="ha_forget").click().run()
    assert [success.value for success in at.success] == [ui("account.forgotten")]
    assert store().lesson_progress(learner) == {} and not store().known(learner)
    assert _metrics(at)[ui("account.lessons")] == "0"
    assert at.button(key="ha_forget").disabled


def test_signing_in_takes_the_browsers_progress_to_the_account() -> None:
    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    at.secrets["auth"] = {
        "redirect_uri": "http://localhost:8501/oauth2callback",
        "cookie_secret": "x" * 32,
        "client_id": "id",
        "client_secret": "secret",
        "server_metadata_url": "https://issuer.example/.well-known/openid-configuration",
    }
    at.user = {"is_logged_in": False}
    at.run()
    at.switch_page(PAGE).run()
    assert ui("account.sign_in") in [button.label for button in at.button]
    browser = kept(at, Identity).learner
    assert browser is not None and kept(at, Identity).subject is None
    store().record_lesson(browser, "table", 0, "right")

    account = learner_key(new_token())  # the account already has progress from another device
    store().sign_in("https://issuer.example|alice", account)
    store().record_lesson(account, "passing", 1, "seen")
    at.user = {"is_logged_in": True, "iss": "https://issuer.example", "sub": "alice", "name": "Alice"}
    at.run()
    assert not at.exception
    who = kept(at, Identity)
    assert (who.subject, who.learner) == ("https://issuer.example|alice", account)
    assert store().lesson_progress(account) == {"passing": {1: "seen"}, "table": {0: "first"}}
    assert ui("account.kept_account", name="Alice") in [caption.value for caption in at.caption]
    assert ui("account.sign_out") in [button.label for button in at.button]
    assert _metrics(at)[ui("account.lessons")] == "2"


def _new_cookie_url(at: AppTest) -> str | None:
    """The URL the page's new-cookie part posts to in this run, or None when it is not drawn."""
    for element in at.get("bidi_component"):
        if str(element.proto.id).endswith("-ha_new_cookie"):
            url: str = json.loads(element.proto.json)["url"]
            return url
    return None


def test_forget_me_is_not_undone_by_the_next_runs_and_hands_the_browser_a_new_learner() -> None:
    at, learner = _open()
    default = TableLook()
    changed = "low_first" if default.rank_order == "high_first" else "high_first"
    at.toggle(key="ha_look_order").set_value(changed == "high_first").run()  # kept for this learner
    store().record_lesson(learner, "table", 0, "right")
    assert store().settings(learner)["table_look"]["rank_order"] == changed
    at.checkbox(key="ha_forget_sure").check().run()
    at.button(key="ha_forget").click().run()
    assert not at.exception
    url = _new_cookie_url(at)
    assert url is not None and url.startswith(f"{RENEW_PATH}?code=")
    for _ in range(3):  # the next runs, and a table setting changed, write nothing back for the old learner
        at.run()
    at.toggle(key="ha_look_four").set_value(not default.four_colour).run()
    assert not at.exception
    assert set(store().counts(learner).values()) == {0} and not store().known(learner)
    assert store().revoked(learner)
    new = kept(at, Identity).learner
    assert new is not None and new != learner
    # The new learner starts from the default look: the old learner's choice is not carried over.
    assert store().settings(new)["table_look"] == {**default.as_setting(), "four_colour": not default.four_colour}
    assert _new_cookie_url(at) == url  # drawn until the browser says it has its cookie
    # The code hands over exactly the token of the session's new learner, once.
    code = url.split("code=")[1]
    token = _claimed(code)
    assert token is not None and learner_key(token) == new
    assert _claimed(code) is None
